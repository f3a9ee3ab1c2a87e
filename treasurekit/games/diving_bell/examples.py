"""The rulebook's worked example, replayed step by step.

"Treasure Scoring", scoring example: three Ruby gems of value 3 score 9 for
their face value plus 3 for the complete set, 12 in all.

>>> game = RUBIES.run()
>>> game.scores()[0], [(l.base, l.bonus) for l in breakdown(game.state_cards(0))]
(12, [(9, 3)])
"""

from __future__ import annotations

from typing import Any

from ...core.game import Game
from ...core.teaching import Example, ExampleStep, Msg
from .cards import Section
from .scoring import breakdown

__all__ = ["EXAMPLES", "RUBIES", "breakdown"]


def _step(moves: str, caption: str, **params: Any) -> ExampleStep:
    return ExampleStep(tuple(moves.split()), Msg.of(f"diving_bell.example.rubies.{caption}",
                                                    **params))


def _rubies_outcome(game: Game[Any]) -> Msg:
    (line,) = breakdown(game.state_cards(0))  # type: ignore[attr-defined]
    return Msg.of("diving_bell.example.rubies.outcome", player=game.players[0],
                  count=line.count, base=line.base, bonus=line.bonus, total=line.total)


RUBIES = Example(
    game="diving_bell", key="rubies", section=Section.SCORING,
    position={"players": ["Ann", "Bob"], "diver": "Ann"},
    steps=(
        _step("draw reveal:ruby3/1", "s1"),
        _step("draw reveal:gold2/1", "s2"),
        _step("draw reveal:ruby3/1", "s3"),
        _step("draw reveal:map1/0", "s4"),
        _step("draw reveal:ruby3/2", "s5"),
        _step("stop", "s6"),
        _step("to:A to:B to:A to:B to:A", "s7"),
        _step("take:A", "s8"),
    ),
    outcome=_rubies_outcome,
)

EXAMPLES = (RUBIES,)
