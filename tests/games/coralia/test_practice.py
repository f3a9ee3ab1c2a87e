"""Coralia practice kinds on the rulebook's examples (named after the sections): the
engine's answers are the book's numbers."""

from __future__ import annotations

from functools import cache

import treasurekit as tk
from treasurekit.core.game import Game
from treasurekit.core.practice import Question, practice_on
from treasurekit.games.coralia.examples import DIVER, ISLAND, OCTOPUS, SCORING


def questions(table: Game, kind: str, seeds: int = 16) -> list[Question]:
    asked = [q for q in (practice_on(table, kind, seed) for seed in range(seeds)) if q]
    assert asked, f"{kind} asks nothing here"
    return asked


def by_player(table: Game, kind: str) -> dict[str, str]:
    """The answer of each player a kind asks about (the name opens the prompt's clue)."""
    out = {}
    for q in questions(table, kind):
        name = next(p for p in table.players if f" {p} " in f" {q.prompt('en')} ")
        assert out.setdefault(name, q.answer) == q.answer
    return out


def test_octopus_jenny_scores_four() -> None:
    """Octopus, the book's example: three blue dice already lie there, so 4 points."""
    for q in questions(tk.setup_position("coralia", OCTOPUS.position), "octopus_points"):
        assert q.answer == "4"


def test_octopus_island_jenny_scores_two_for_anitas_green_die() -> None:
    """Receive 2 victory points for an octopus, the book's example."""
    table = tk.setup_position("coralia", ISLAND.position)
    for q in questions(table, "island_octopus"):
        if "green" in q.prompt("en"):
            assert q.answer == f"{table.players.index('Jenny')}:2"


def test_diver_michael_recovers_the_green_chest() -> None:
    """Diver, the book's example: the diver swims from green to blue and recovers the
    treasure of the green reef."""
    for q in questions(tk.setup_position("coralia", DIVER.position), "diver_move"):
        assert q.answer == "treasure"


@cache
def scored() -> Game:
    """The book's two-player scoring example, played to its end."""
    return SCORING.run()


def test_diver_scoring_the_book_example() -> None:
    """Diver scoring, the book's example: Jacques at green (turtle, starfish, octopus,
    pearl: 1 + 2 + 3 + 5 = 11), Jenny at the full red reef (15)."""
    assert by_player(scored(), "diver_score") == {"Jacques": "11", "Jenny": "15"}


def test_fish_scoring_the_book_example() -> None:
    """Fish scoring, the book's example: Jacques two different fish, 7; Jenny four
    different and a single one, 18 + 3 (the 10 of her starfish card are scored apart)."""
    assert by_player(scored(), "fish_score") == {"Jacques": "7", "Jenny": "21"}


def test_pearl_scoring_the_book_example() -> None:
    """Pearl scoring, the book's example: Jacques first with 25 scores his best four
    pearls, 22; Jenny second scores her two, 7."""
    assert by_player(scored(), "pearl_score") == {"Jacques": "22", "Jenny": "7"}
