"""Diving Bell practice kinds on tables checked by hand against the rulebook (named after
its sections): the engine's answers are the book's numbers."""

from __future__ import annotations

from typing import Any

import treasurekit as tk
from treasurekit.core.practice import Question, practice_on
from treasurekit.games.diving_bell.cards import STANDARD_DECK, card_by_code

PLAYERS = ["Ann", "Bob"]
#: 3 + 3 + 2 = 8 of 10 pressure dots
EIGHT = ["gold5/3", "gold4/3", "ruby3/2"]


def questions(position: dict[str, Any], kind: str, seeds: int = 12) -> list[Question]:
    table = tk.setup_position("diving_bell", {"players": PLAYERS, **position})
    found = [practice_on(table, kind, seed) for seed in range(seeds)]
    asked = [q for q in found if q is not None]
    assert asked, f"{kind} asks nothing here"
    return asked


def test_burst_card_is_the_one_that_reaches_ten_dots() -> None:
    """Pressure Burst: 10 dots or more end the dive; from 8, every card of 2 or 3 dots
    bursts it and no card of 0 or 1 does."""
    for q in questions({"row": EIGHT}, "burst_card"):
        for choice in q.choices:
            assert q.check(choice).right == (card_by_code(choice).pressure >= 2)
        assert q.section.key == "burst"


def test_burst_risk_counts_the_unseen_cards_of_two_dots_or_more() -> None:
    """Pressure Burst: 33 of the 80 cards carry 2 or 3 dots (rules-notes, "Card
    Distribution"); three of them lie in the row, so 30 of the 77 unseen burst it."""
    assert sum(c.pressure >= 2 for c in STANDARD_DECK) == 33
    for q in questions({"row": EIGHT}, "burst_risk"):
        assert q.answer == "30"
        assert q.label("30", "en") == "39%" and q.label("30", "nl") == "39%"


def test_burst_split_a_full_pile_takes_no_more_cards() -> None:
    """Pressure Burst: four treasures after a burst split 2 and 2, so with two on pile A
    the next card must go on pile B."""
    burst = ["gold5/3", "gold4/3", "ruby3/2", "gold4/2"]
    for q in questions({"row": burst, "phase": "divide", "division": ["A", "A"]},
                       "burst_split"):
        assert q.answer == "B"


def test_choose_after_a_burst_the_divider_chooses_first() -> None:
    """3. Choice Phase / Pressure Burst: the diver chooses unless the dive burst."""
    burst = ["gold5/3", "gold4/3", "ruby3/2", "gold4/2"]
    for q in questions({"row": burst, "phase": "choose", "division": ["A", "B", "A", "B"]},
                       "chooser"):
        assert q.answer == "1" and q.section.key == "burst"
    for q in questions({"row": EIGHT, "phase": "choose", "division": ["A", "B", "A"]},
                       "chooser"):
        assert q.answer == "0" and q.section.key == "choose"


def test_scoring_three_rubies_score_twelve() -> None:
    """Treasure Scoring, the book's example: three Ruby gems score 9 and a bonus of 3."""
    row = ["ruby3/1", "ruby3/1", "ruby3/2", "map1/0"]
    for q in questions({"row": row, "phase": "choose", "division": ["A", "A", "A", "B"]},
                       "pile_gain"):
        assert q.answer == ("12" if "pile A" in q.prompt("en") else "1")
        assert "9" in q.choices or q.answer == "1"     # the face value offered as a slip
