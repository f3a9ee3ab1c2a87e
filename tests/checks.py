"""Game-agnostic checks shared by the generic suite and every game's tests."""

from __future__ import annotations

import copy
import itertools
import operator
import pickle
import random
import sys
import tracemalloc
from collections.abc import Callable, Sequence
from types import FrameType, TracebackType
from typing import Any

import pytest

import treasurekit as tk
from treasurekit.core import i18n
from treasurekit.core.bots import RandomBot, bot_move
from treasurekit.core.registry import game_class


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


def engine_loaded() -> None:
    """Load now what the engine loads on first use: every game's modules and messages, and
    Babel's numbers, plurals and lists (a refusal's message may hold any of them). Work
    counted afterwards by :class:`bounded_work` is then the input's own, whichever tests
    ran first (a first import costs up to 30,000 calls and 5 MB)."""
    lang = i18n.DEFAULT_LANGUAGE
    for name in tk.GAMES:
        game_class(name)
        i18n.catalog(lang, name)
    i18n.catalog(lang, "core")
    i18n.number(1234.5, lang)
    i18n.plural_form(2, lang)
    for style in ("standard", "or"):
        i18n.join(("a", "b"), lang, style)


class bounded_work:              # a context manager: named as it reads in a ``with``
    """A ``with`` block may make at most ``calls`` function calls and allocate at most
    ``memory_mb`` megabytes beyond what it started with; AssertionError if it does more.

    The unit tests bound the work a hostile input costs in this way rather than by
    the clock: the count is the same on a fast machine and on a busy one, so the
    bound is never flaky, and it still fails when the code does too much. Every
    Python function call and every call of a C function from Python counts (the
    ``call`` and ``c_call`` events of ``sys.setprofile``), so an endless loop that
    calls anything fails as soon as it passes the bound instead of hanging. The peak of
    the memory ``tracemalloc`` sees catches what a count cannot: a compression bomb
    unpacked by one C call, a huge list built by one multiplication. A loop that calls
    nothing at all, and work inside one C call (a regular expression that backtracks
    forever, say), are not counted.

    The AssertionError is raised inside the code that went too far, and again when
    the block ends, in case that code caught it. Only the current thread is counted.
    The profiler in place before is restored; tracemalloc is stopped again if it was
    not running (if it was, its peak is reset at the start of the block). ``calls``
    and ``peak_mb`` say afterwards how much the block did, to choose a bound from.

    >>> with bounded_work(calls=1_000, memory_mb=1) as work:
    ...     total = sum(abs(n) for n in range(100))
    >>> 100 < work.calls < 1_000 and work.peak_mb < 1
    True
    >>> with bounded_work(calls=1_000, memory_mb=1):
    ...     total = sum(abs(n) for n in range(10**6))
    Traceback (most recent call last):
    AssertionError: more than 1,000 calls
    """

    def __init__(self, *, calls: int, memory_mb: float) -> None:
        self.limit = calls
        self.memory_mb = memory_mb
        self.calls = 0
        self.peak_mb = 0.0
        self._overrun = False
        self._budget = itertools.repeat(None, 0)
        self._profiler: Callable[..., object] | None = None
        self._was_tracing = False
        self._base = 0

    def _count(self, frame: FrameType, event: str, arg: object) -> None:
        if (event == "call" or event == "c_call") and next(self._budget, True):
            self._overrun = True
            raise AssertionError(self._too_many())           # (this unsets the profiler)

    def _too_many(self) -> str:
        return f"more than {self.limit:,} calls"

    def __enter__(self) -> bounded_work:
        self._was_tracing = tracemalloc.is_tracing()
        if not self._was_tracing:
            tracemalloc.start()
        tracemalloc.reset_peak()
        self._base = tracemalloc.get_traced_memory()[0]
        # one item per call allowed: taking one allocates nothing, unlike adding 1 to a
        # count (an allocation tracemalloc would trace, on every call)
        self._budget = itertools.repeat(None, self.limit)
        self._overrun = False
        self._profiler = sys.getprofile()
        sys.setprofile(self._count)
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        sys.setprofile(self._profiler)
        self.calls = self.limit - operator.length_hint(self._budget) + self._overrun
        self.peak_mb = (tracemalloc.get_traced_memory()[1] - self._base) / 1e6
        if not self._was_tracing:
            tracemalloc.stop()
        if self._overrun:
            raise AssertionError(self._too_many()) from error
        assert self.peak_mb <= self.memory_mb, (
            f"{self.peak_mb:.1f} MB allocated, more than {self.memory_mb:g} MB")
