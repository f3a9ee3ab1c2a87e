"""Sea or Shore practice kinds on the rulebook's worked examples (named after the
sections): the engine's answers are the book's."""

from __future__ import annotations

from typing import Any

import treasurekit as tk
from treasurekit.core.practice import Question, practice_on

#: "2) You lose the color": Eric red 8, Stephanie red 6, Niels red 2 played; Marlou's
#: green 5 is the last card of the trick (either side up: the outcome is the same)
LOSE = {"players": ["Eric", "Stephanie", "Niels", "Marlou"], "variant": "additions-salvage",
        "starter": "Eric", "face_up": ["r3", "p2"], "hands": {"Marlou": ["g5"]},
        "played": {"Eric": "r8/sea", "Stephanie": "r6/shore", "Niels": "r2/sea"},
        "piles": {"Stephanie": ["b1", "r4"]}}
#: "Action cards", the exception: a red treasure face up; Eric red 4, Marlou purple 7,
#: Niels green 9 last
EXCEPTION = {"players": ["Eric", "Marlou", "Niels"], "starter": "Eric", "face_up": ["r2"],
             "hands": {"Niels": ["g9"]}, "played": {"Eric": "r4/sea", "Marlou": "p7/shore"}}


def questions(position: dict[str, Any], kind: str, seeds: int = 16) -> list[Question]:
    table = tk.setup_position("sea_or_shore", position)
    asked = [q for q in (practice_on(table, kind, seed) for seed in range(seeds)) if q]
    assert asked, f"{kind} asks nothing here"
    return asked


def test_win_eric_wins_red() -> None:
    for q in questions(LOSE, "colour_winner"):
        assert "red" in q.prompt("en") and q.answer == "0"
        assert q.choices == ("0", "1", "2")


def test_steal_eric_may_steal_from_stephanie() -> None:
    for q in questions(LOSE, "steal_from"):
        assert q.answer == "1" and q.section.key == "steal"
        assert any(e.kind == "steal" for e in q.events)


def test_lose_niels_earns_three_addition_cards() -> None:
    for q in questions(LOSE, "additions_earned"):
        assert q.answer == "2:3"


def test_activate_marlou_wins_green_and_its_action() -> None:
    answers = {q.prompt("en").split("colour ")[1].split(",")[0]: q.answer
               for q in questions(LOSE, "colour_prize")}
    assert answers == {"red": "0:treasure", "green": "3:action"}


def test_exception_two_colours_count_as_one_for_three_players() -> None:
    for q in questions(EXCEPTION, "colour_winner"):
        assert q.answer == "2" and q.section.key == "exception"
        assert q.choices == ("1", "2")
