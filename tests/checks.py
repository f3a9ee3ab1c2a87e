"""Game-agnostic checks shared by the generic suite and every game's tests."""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

import treasurekit as tk
from treasurekit.core.bots import RandomBot, bot_move


def all_views(game: tk.Game[Any]) -> list[dict[str, Any]]:
    """What every seat sees."""
    return [game.view(p) for p in range(len(game.players))]


def play(game: tk.Game[Any], *moves: str) -> list[tk.Event]:
    """Play several moves in turn; all their events."""
    events: list[tk.Event] = []
    for m in moves:
        events += game.play(m)
    return events


def snapshot(g: tk.Game[Any]) -> tuple[Any, ...]:
    """Everything a refused move must leave as it was: state, history, log, save, every
    seat's view and the legal moves (events are immutable: the log is copied by batch)."""
    return (copy.deepcopy(g.state), list(g.history), [list(batch) for batch in g.log],
            g.to_json(), all_views(g), g.legal_moves())


def assert_refused(g: tk.Game[Any], move: Any, reason: str | None = None,
                   before: tuple[Any, ...] | None = None) -> tk.IllegalMove:
    """``move`` raises IllegalMove with a readable reason, and nothing at all changes:
    state, history, log, save, every seat's view and the legal moves. ``before``: a
    ``snapshot(g)`` already taken (to check several moves against one snapshot)."""
    before = before or snapshot(g)
    with pytest.raises(tk.IllegalMove) as info:
        g.play(move)
    err = info.value
    assert isinstance(err.reason, str) and len(err.reason) > 8
    assert err.reason in str(err) and "Traceback" not in err.reason
    if reason is not None:
        assert reason in err.reason, err.reason
    assert snapshot(g) == before, f"refusing {move!r} changed the game"
    return err


def check_undo_path(new: Callable[[], tk.Game[Any]], choices: Sequence[int],
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


def assert_notes_agree(g: tk.Game[Any]) -> None:
    """What the base noted after the last change of the table (over? chance? the legal
    moves) is what the rules hooks say now: the notes cannot go stale."""
    s = g.state
    over = g._is_over(s)
    chance = not over and g._is_chance(s)
    assert (g.is_over, g.is_chance) == (over, chance), f"stale notes on {g!r}"
    fresh = [] if over else ([m for m, _ in g._chance_outcomes(s)] if chance
                             else list(g._legal(s)))
    assert g.legal_moves() == fresh, f"stale legal moves on {g!r}"


def undo_check(g: tk.Game[Any], rng: random.Random,
               choose: Callable[[tk.Game[Any], random.Random], tk.Move]) -> None:
    """Play one step, undo it (state exactly as before), then play it again identically."""
    before = pickle.loads(pickle.dumps(g.state))      # a deep copy independent of clone()
    history, log = list(g.history), list(g.log)
    move = None if g.is_chance else choose(g, rng)
    events = g.deal() if move is None else g.play(move)
    undone = g.undo()
    assert g.state == before, f"undo of {undone} gave {g.state}, not {before}"
    assert_notes_agree(g)
    assert g.history == history and g.log == log, f"undo of {undone}: history or log differ"
    again = g.deal() if move is None else g.play(move)
    assert again == events and g.history[-1] == undone, f"replaying {undone} differed"


def replay_decisions(g: tk.Game[Any], moves: list[tk.Move]) -> None:
    """Continue ``g`` with the recorded decisions, letting its own dealer resolve chance."""
    while len(g.history) < len(moves):
        if g.is_chance:
            g.deal()
            assert g.history[-1] == moves[len(g.history) - 1], "the dealer dealt differently"
        else:
            g.play(moves[len(g.history)])


def step_randomly(game: tk.Game[Any], rng: random.Random) -> None:
    """One step of a seeded random game: the dealer deals, or a random bot moves."""
    if game.is_chance:
        game.deal()
    else:
        game.play(bot_move(game, RandomBot(), rng))
