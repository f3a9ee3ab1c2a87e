"""Diving Bell's rules reference: for every rulebook section, the related sections and the
tables that show it (core/reference.py; the texts are the ``rules_diving_bell`` catalog)."""

from __future__ import annotations

from ...core.reference import Minutes, Rule, example, lesson, position, see, start
from .cards import Section as S

TWO = {"players": ["Ann", "Bob"]}
#: Ann has to choose between the piles Bob made of her dive
CHOICE = {**TWO, "phase": "choose", "row": ["ruby3/1", "gold2/1", "map1/0"],
          "division": ["A", "B", "B"]}

RULES: dict[S, Rule] = {
    S.CARDS: see(S.SCORING, S.DIVE, show=[lesson("anatomy")]),
    S.SETUP: see(S.CARDS, S.DIVE, show=[start(2)]),
    S.DIVE: see(S.BURST, S.DIVIDE, show=[lesson("pressure"), example("rubies", 3)]),
    S.DIVIDE: see(S.CHOOSE, S.BURST, show=[lesson("divide_free"), example("rubies", 6)]),
    S.CHOOSE: see(S.END_TURN, S.BURST, show=[lesson("choose"), example("rubies", 7)]),
    S.END_TURN: see(S.DIVE, S.GAME_END, show=[position(CHOICE, "take:A")]),
    S.BURST: see(S.BEGINNER, S.ADVANCED,
                 show=[lesson("burst"), lesson("divide_burst"), lesson("who")]),
    S.GAME_END: see(S.FINAL_SCORING, S.QUICK,
                    show=[position({**TWO, "deck": 1, "piles": {
                        "Ann": ["gold4/2", "ruby3/1", "map1/0"],
                        "Bob": ["compass2/1", "compass2/2", "cursed-2/0"]}}, "draw")]),
    S.SCORING: see(S.FINAL_SCORING, S.CARDS,
                   show=[lesson("score_gems"), lesson("score_maps"), lesson("score_artifacts"),
                         lesson("score_cursed"), example("rubies", 8)]),
    S.FINAL_SCORING: see(show=[position({**CHOICE, "deck": 0, "piles": {
        "Ann": ["gold5/2", "ruby3/1", "ruby3/2", "map1/1"],
        "Bob": ["bell2/1", "bell2/2", "gold3/1", "cursed-2/1"]}}, "take:A")]),
    S.BEGINNER: see(S.CARDS, show=[position(
        {**TWO, "variant": "beginner", "row": ["gold5/3", "gold4/3", "gold5/3", "gold3/2"]})]),
    S.ADVANCED: see(S.GAME_END, show=[position(
        {**TWO, "variant": "advanced", "row": ["kraken", "gold5/3", "airpocket", "ruby3/2"]})]),
    S.QUICK: see(show=[position({**TWO, "variant": "quick", "piles": {
        "Ann": ["gold5/2", "gold5/3", "gold5/3", "gold5/3", "gold4/2", "gold4/2", "gold4/2",
                "gold4/3", "ruby3/1", "ruby3/1", "ruby3/2"],
        "Bob": ["emerald3/1", "emerald3/2", "map1/0", "map1/1", "anchor2/1"]}})]),
}

#: no playing time in the rulebook: measured (docs/rules-notes.md, "Playing time")
PLAYING_TIME = Minutes(20, 20)
