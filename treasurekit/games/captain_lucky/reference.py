"""Captain Lucky's rules reference: for every rulebook section, the related sections and the
tables that show it (core/reference.py; the texts are the ``rules_captain_lucky`` catalog)."""

from __future__ import annotations

from ...core.reference import Minutes, Rule, example, lesson, see, start
from .cards import Section as S

RULES: dict[S, Rule] = {
    S.CONTENTS: see(S.PREPARATION, S.STEAL, show=[start(2), start(5)]),
    S.PREPARATION: see(S.PLAY, show=[start(3)]),
    S.PLAY: see(S.PLACE, S.STEAL, S.END, show=[lesson("place"), start(4, 1)]),
    S.PLACE: see(S.STEAL, show=[lesson("place"), lesson("middle_sets"), lesson("refill")]),
    S.STEAL: see(S.CAPTAIN_BONUS, S.END,
                 show=[lesson("target"), lesson("dice"), lesson("reroll"), lesson("savings"),
                       lesson("build"), example("rubies"), example("gold_bar")]),
    S.CAPTAIN_BONUS: see(S.END, show=[lesson("bonus"), example("nick")]),
    S.END: see(show=[lesson("end"), lesson("score"), lesson("tie"), example("becky")]),
}

#: no playing time in the rulebook: measured (docs/rules-notes.md, "Playing time")
PLAYING_TIME = Minutes(15, 20)
