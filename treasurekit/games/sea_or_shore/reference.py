"""Sea or Shore's rules reference: for every rulebook section, the related sections and the
tables that show it (core/reference.py; the texts are the ``rules_sea_or_shore`` catalog)."""

from __future__ import annotations

from ...core.reference import Minutes, Rule, example, lesson, see, start
from .cards import Section as S

RULES: dict[S, Rule] = {
    S.SETUP: see(S.PLAY, S.GAME_END, show=[lesson("pass"), start(4)]),
    S.PLAY: see(S.WIN, S.LOSE, S.ADDITIONS, show=[lesson("cover"), example("steal", 3)]),
    S.WIN: see(S.TREASURE, S.ACTIVATE, S.TIE, show=[lesson("win"), example("steal", 4)]),
    S.TREASURE: see(S.STEAL, S.END_TRICK, show=[example("blue_ten", 3)]),
    S.STEAL: see(S.LOSE, show=[lesson("steal"), example("steal", 4)]),
    S.END_TRICK: see(S.ACTIVATE, S.GAME_END, show=[example("steal", 6)]),
    S.ADDITIONS: see(S.LOSE, S.TIE, S.GAME_END, show=[lesson("additions"), example("blue_ten")]),
    S.TIE: see(S.LOSE, show=[lesson("tie")]),
    S.ACTIVATE: see(S.ACTION_ADDITIONS, S.ACTION_SWAP, S.ACTION_PEEK, S.ACTION_SALVAGE,
                    S.EXCEPTION, show=[example("steal", 5)]),
    S.LOSE: see(show=[lesson("lose"), example("steal", 4)]),
    S.ACTION_ADDITIONS: see(S.ADDITIONS, show=[lesson("action_additions")]),
    S.ACTION_SWAP: see(show=[lesson("action_swap")]),
    S.ACTION_PEEK: see(S.TREASURE, show=[lesson("action_peek"), example("exception", 4)]),
    S.ACTION_SALVAGE: see(S.PLAY, show=[lesson("action_salvage"), example("steal", 5)]),
    S.EXCEPTION: see(S.WIN, S.LOSE, show=[lesson("exception"), example("exception", 3)]),
    S.GAME_END: see(show=[lesson("score")]),
}

#: no playing time in the rulebook: measured (docs/rules-notes.md, "Playing time")
PLAYING_TIME = Minutes(20, 25)
