"""The rulebook's three worked examples, replayed step by step with the book's outcomes.

* "2) You lose the color", the four-player trick: Eric (red 8) wins red and steals
  Stephanie's red 4 instead of taking the red treasure; Niels, lowest in red, earns
  three addition cards; Marlou wins green with no green treasure face up and activates
  the green action; both deck treasures go under their decks.
* "Action cards", the three-player exception: with a red treasure up, Eric red 4,
  Marlou purple 7 and Niels green 9: Eric the treasure, Niels the action, Marlou two
  addition cards.
* "Addition cards": a blue 7 with three addition cards counts as blue 10, and no
  card goes above 12.

>>> g = STEAL.run()
>>> g.state.piles[0], g.state.piles[1], g.state.additions[2], g.state.decks[0].bottom
(['r4'], ['b1'], 3, ['r3'])
>>> g = EXCEPTION.run()
>>> g.state.piles[0], g.state.additions, g.state.face_up
(['r2'], [0, 2, 0], ['p5'])
>>> [e.param("value") for e in BLUE_TEN.run().events if e.kind == "reveal"]
[10, 9, 12]
"""

from __future__ import annotations

from typing import Any

from ...core.game import Game
from ...core.teaching import Example, ExampleStep, Msg
from .cards import Section, treasure

__all__ = ["BLUE_TEN", "EXAMPLES", "EXCEPTION", "STEAL"]


def _step(key: str, moves: str, caption: str, **params: Any) -> ExampleStep:
    return ExampleStep(tuple(moves.split()),
                       Msg.of(f"sea_or_shore.example.{key}.{caption}", **params))


def _steal_outcome(game: Game[Any]) -> Msg:
    s = game.state
    return Msg.of("sea_or_shore.example.steal.outcome", eric=len(s.piles[0]),
                  stephanie=len(s.piles[1]), niels=s.additions[2],
                  under=len(s.decks[0].bottom) + len(s.decks[1].bottom))


STEAL = Example(
    game="sea_or_shore", key="steal", section=Section.LOSE,
    position={
        "players": ["Eric", "Stephanie", "Niels", "Marlou"], "variant": "additions-salvage",
        "starter": "Eric", "face_up": ["r3", "p2"],
        "hands": {"Eric": ["r8", "b5", "p11"], "Stephanie": ["r6", "b9", "g3"],
                  "Niels": ["r2", "p6", "b1"], "Marlou": ["g5", "g1", "r10"]},
        "piles": {"Stephanie": ["b1", "r4"]},
    },
    steps=(
        _step("steal", "play:r8/sea", "s1"),
        _step("steal", "play:r6/shore", "s2"),
        _step("steal", "play:r2/sea", "s3"),
        _step("steal", "play:g5/shore", "s4"),
        _step("steal", "steal:1", "s5"),
        _step("steal", "salvage:0 discard:g1", "s6"),
        _step("steal", "turn:b2 turn:g4", "s7"),
    ),
    outcome=_steal_outcome,
)


def _exception_outcome(game: Game[Any]) -> Msg:
    s = game.state
    return Msg.of("sea_or_shore.example.exception.outcome", eric=len(s.piles[0]),
                  marlou=s.additions[1], card=treasure(s.face_up[0] or ""))


EXCEPTION = Example(
    game="sea_or_shore", key="exception", section=Section.EXCEPTION,
    position={
        "players": ["Eric", "Marlou", "Niels"], "variant": "standard",
        "starter": "Eric", "face_up": ["r2"],
        "hands": {"Eric": ["r4", "b10"], "Marlou": ["p7", "r1"], "Niels": ["g9", "b3"]},
    },
    steps=(
        _step("exception", "play:r4/sea", "s1"),
        _step("exception", "play:p7/shore", "s2"),
        _step("exception", "play:g9/sea", "s3"),
        _step("exception", "see:b1 see:g3 see:p5", "s4"),
        _step("exception", "order:p5,g3,b1", "s5"),
    ),
    outcome=_exception_outcome,
)


def _blue_outcome(game: Game[Any]) -> Msg:
    s = game.state
    return Msg.of("sea_or_shore.example.blue_ten.outcome", cas=len(s.piles[2]),
                  bob=s.additions[1])


BLUE_TEN = Example(
    game="sea_or_shore", key="blue_ten", section=Section.ADDITIONS,
    position={
        "players": ["Ann", "Bob", "Cas"], "starter": "Ann", "face_up": ["b4"],
        "hands": {"Ann": ["b7", "g2"], "Bob": ["b9", "r5"], "Cas": ["b11", "p3"]},
        "additions": {"Ann": 3, "Cas": 2},
    },
    steps=(
        _step("blue_ten", "play:b7/sea+3", "s1"),
        _step("blue_ten", "play:b9/shore", "s2"),
        _step("blue_ten", "play:b11/sea+1", "s3"),
    ),
    outcome=_blue_outcome,
)

EXAMPLES = (STEAL, EXCEPTION, BLUE_TEN)
