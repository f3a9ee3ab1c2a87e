"""Coralia practice kinds on the rulebook's examples (named after the sections): the
engine's answers are the book's numbers."""

from __future__ import annotations

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


def test_scoring_example_diver_fish_and_pearls() -> None:
    """Diver, fish and pearl scoring, the book's two-player example: divers 11 and 15;
    fish 7 and 18 + 3 = 21 (the 10 of Jenny's starfish card are scored apart); pearls
    22 and 7."""
    game = SCORING.run()
    assert by_player(game, "diver_score") == {"Jacques": "11", "Jenny": "15"}
    assert by_player(game, "fish_score") == {"Jacques": "7", "Jenny": "21"}
    assert by_player(game, "pearl_score") == {"Jacques": "22", "Jenny": "7"}
