"""Helpers for the Coralia rule tests: positions, forced moves, event kinds."""

from __future__ import annotations

from typing import Any

import treasurekit as tk

from ...checks import assert_refused
from ...checks import play as play_moves

__all__ = ["assert_refused", "first", "kinds", "play", "position", "through_setup", "top"]

GAME = "coralia"
NAMES = ["Ann", "Bob", "Cat", "Dan"]


def position(players: int = 2, **desc: Any) -> tk.Game[Any]:
    """A Coralia table for the first ``players`` of Ann, Bob, Cat and Dan."""
    desc.setdefault("players", NAMES[:players])
    return tk.setup_position(GAME, desc)


def play(game: tk.Game[Any], *moves: str) -> list[tk.Event]:
    """Play several moves, each argument one move or several separated by spaces."""
    return play_moves(game, *(part for m in moves for part in m.split()))


def kinds(events: list[tk.Event]) -> list[str]:
    return [e.kind for e in events]


def first(events: list[tk.Event], kind: str) -> tk.Event:
    return next(e for e in events if e.kind == kind)


def top(game: tk.Game[Any]) -> str:
    """The step the table waits for (a decision or a chance step), as the view names it."""
    return str(game.view(None)["waiting"]["step"])


def through_setup(players: int, seed: int = 0, prerolls: tuple[str, ...] = ()) -> tk.Game[Any]:
    """A new game with the turtles and the island pile dealt; ``prerolls`` forces the
    set-up rolls of fewer than 4 players, colour by colour (the rest dealt)."""
    g = tk.new_game(GAME, players=players, seed=seed)
    while top(g) in ("setup_turtle", "setup_island_pile"):
        g.deal()
    for outcome in prerolls:
        g.play(f"preroll:{outcome}")
    while g.is_chance:
        g.deal()
    return g
