"""The generic checks catch what they are there for: a view that shows hidden state,
components that appear or vanish (run on every registered game), and work beyond a bound."""

from __future__ import annotations

import doctest
import random
import sys
import tracemalloc
from collections import Counter
from typing import Any

import pytest

import treasurekit as tk
from treasurekit.core.registry import game_class

from .. import checks
from ..checks import bounded_work
from .registry import NAMES, Setup, setups
from .simulate import Report, check_hidden, run_game


def _first(name: str) -> Setup:
    return next(s for s in setups() if s.game == name)


@pytest.mark.parametrize("name", NAMES)
def test_a_view_showing_hidden_state_is_caught(name: str, monkeypatch: Any) -> None:
    cls = game_class(name)
    g = _first(name).new(seed=3)
    rng = random.Random(3)
    while g.is_chance:
        g.deal()
    if tk.GAMES[name].perfect_information:
        pytest.skip("a game of perfect information (Pig) has nothing hidden to leak")
    real = cls._view
    monkeypatch.setattr(cls, "_view", lambda self, s, p: {**real(self, s, p), "all": repr(s)})
    with pytest.raises(AssertionError, match="leaks"):
        for _ in range(50):          # until something hidden is redrawn
            check_hidden(g, rng, Report())


@pytest.mark.parametrize("name", NAMES)
def test_a_component_that_vanishes_is_caught(name: str, monkeypatch: Any) -> None:
    cls = game_class(name)
    real = cls.inventory
    monkeypatch.setattr(cls, "inventory", lambda self: real(self) - Counter(
        dict.fromkeys(list(real(self))[:1], len(self.history) % 2)))
    with pytest.raises(AssertionError, match="components changed"):
        run_game(_first(name), seed=1)


# ---- bounded_work: the bound on the work a hostile input may cost -------------------------

def test_bounded_work_passes_little_work_and_says_how_much_it_was() -> None:
    assert doctest.testmod(checks, raise_on_error=True).attempted == 3    # its docstring
    with bounded_work(calls=100, memory_mb=1) as work:
        sorted(str(n) for n in range(10))
    assert 10 < work.calls <= 100 and 0 < work.peak_mb < 1


def test_bounded_work_stops_an_endless_loop_at_its_bound() -> None:
    def forever() -> None:
        while True:
            abs(1)

    with pytest.raises(AssertionError, match="more than 1,000,000 calls"), \
            bounded_work(calls=10**6, memory_mb=1) as work:
        forever()
    assert work.calls == 10**6 + 1


def test_bounded_work_fails_even_when_the_code_catches_its_error() -> None:
    def swallowing() -> None:
        try:
            for _ in range(10**4):
                abs(1)
        except Exception:  # noqa: BLE001 - what a careless decoder might do
            raise ValueError("damaged") from None

    with pytest.raises(AssertionError, match="more than 100 calls"), \
            bounded_work(calls=100, memory_mb=1), pytest.raises(ValueError):
        swallowing()


def test_bounded_work_fails_on_a_large_allocation_in_one_call() -> None:
    with pytest.raises(AssertionError, match=r"5\d\.\d MB allocated, more than 10 MB"), \
            bounded_work(calls=100, memory_mb=10):
        big = bytes(50_000_000)
        del big


def test_bounded_work_restores_the_profiler_and_tracemalloc() -> None:
    def other(frame: Any, event: str, arg: Any) -> None:
        pass

    was_tracing = tracemalloc.is_tracing()
    sys.setprofile(other)
    try:
        with bounded_work(calls=10, memory_mb=1):
            pass
        assert sys.getprofile() is other
        with pytest.raises(AssertionError), bounded_work(calls=10, memory_mb=1):
            [abs(n) for n in range(100)]
        assert sys.getprofile() is other
    finally:
        sys.setprofile(None)
    assert tracemalloc.is_tracing() == was_tracing
