"""Captain Lucky practice kinds on tables checked by hand against the rulebook (named
after its sections): the engine's answers are the book's."""

from __future__ import annotations

from typing import Any

import treasurekit as tk
from treasurekit.core.practice import Question, practice_on

PLAYERS = ["Nick", "Shelley"]


def questions(position: dict[str, Any], kind: str, moves: tuple[str, ...] = (),
              seeds: int = 12) -> list[Question]:
    table = tk.setup_position("captain_lucky", {"players": PLAYERS, **position})
    for move in moves:
        table.play(move)
    asked = [q for q in (practice_on(table, kind, seed) for seed in range(seeds)) if q]
    assert asked, f"{kind} asks nothing here"
    return asked


def test_steal_four_rubies_and_three_more_lie_as_five_and_two() -> None:
    """2. Steal treasure, the book's example: a set of 4 rubies and a won set of 3 make
    a set of 5 and a set of 2."""
    position = {"phase": "target", "hands": [["gold"] * 5, ["pearl"] * 5],
                "middle": {"ruby": 3}, "collections": [{"ruby": 4}, {}]}
    for q in questions(position, "collection_sets", ("steal:middle-ruby-3",)):
        assert q.answer == "5+2" and q.label("5+2", "en") == "5 + 2"


def test_place_sets_of_five_then_a_new_set() -> None:
    """1. Place card(s): up to 5 cards of a type lie together as a set, further cards
    start a new set."""
    position = {"hands": [["ruby"] * 3 + ["gold"] * 2, ["pearl"] * 5], "middle": {"ruby": 4}}
    for q in questions(position, "place_sets", seeds=40):
        placed = int(q.prompt("en").split(" × ")[0].split()[-1])
        if "Ruby" in q.prompt("en"):
            assert q.answer == "+".join(map(str, [5, placed - 1] if placed > 1 else [5]))
        else:
            assert q.answer == str(placed)


def test_captain_bonus_when_no_matching_cards_are_left() -> None:
    """The Captain Bonus, the book's example: Nick rolls three dice for Shelley's 3 rubies,
    one pirate head and two blanks; without rubies in hand only the bonus re-rolls."""
    position = {"phase": "target", "hands": [["gold"] * 5, ["pearl"] * 5],
                "collections": [{}, {"ruby": 3}]}
    for q in questions(position, "reroll", ("steal:p1-ruby-3", "roll:PBB")):
        assert q.answer == "bonus" and q.section.key == "captain_bonus"


def test_end_the_round_continues_until_captain_heart() -> None:
    """End of the game: after the last card the round goes on until Captain Heart would
    play again: with four players and the turn at seat 2, one more turn (seat 3)."""
    position = {"players": ["Nick", "Shelley", "Becky", "Craig"], "heart": "Nick",
                "turn": "Becky", "end_announced": True, "draw_pile": {},
                "hands": [{"gold": 2}, {"pearl": 2}, {"ruby": 2}, {"jade": 2}],
                "middle": {"silver": 2}}
    for q in questions(position, "turns_left"):
        assert q.answer == "1"
