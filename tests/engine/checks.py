"""Game-agnostic checks shared by every game's engine tests."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

import treasurekit as tk
from treasurekit.core.bots import RandomBot, bot_move


def all_views(game: tk.Game) -> list[dict[str, Any]]:
    """What every seat sees."""
    return [game.view(p) for p in range(len(game.players))]


def assert_refused(g: tk.Game, move: Any, reason: str | None = None) -> tk.IllegalMove:
    """``move`` raises IllegalMove with a readable reason, and nothing at all changes:
    state, history, log, save, every seat's view and the legal moves."""
    state, history, log = copy.deepcopy(g.state), list(g.history), copy.deepcopy(g.log)
    saved, views, legal = g.to_json(), all_views(g), g.legal_moves()
    with pytest.raises(tk.IllegalMove) as info:
        g.play(move)
    err = info.value
    assert isinstance(err.reason, str) and len(err.reason) > 8
    assert err.reason in str(err) and "Traceback" not in err.reason
    if reason is not None:
        assert reason in err.reason, err.reason
    assert g.state == state and g.history == history and g.log == log
    assert g.to_json() == saved and all_views(g) == views and g.legal_moves() == legal
    return err


def check_undo_path(new: Callable[[], tk.Game], choices: Sequence[int],
                    undos: Sequence[bool]) -> None:
    """Along any legal path (``choices`` pick the moves, ``undos`` take some back), undo
    restores every earlier state exactly, all the way back to a new game's."""
    g = new()
    states = [copy.deepcopy(g.state)]
    for i, c in enumerate(choices):
        if g.is_over:
            break
        moves = g.legal_moves()
        g.play(moves[c % len(moves)])
        states.append(copy.deepcopy(g.state))
        if i < len(undos) and undos[i]:
            g.undo()
            states.pop()
            assert g.state == states[-1]
    while g.history:
        g.undo()
        states.pop()
        assert g.state == states[-1]
    assert g.state == states[0] == new().state


def step_randomly(game: tk.Game, rng: random.Random) -> None:
    """One step of a seeded random game: the dealer deals, or a random bot moves."""
    if game.is_chance:
        game.deal()
    else:
        game.play(bot_move(game, RandomBot(), rng))
