"""The generic checks catch what they are there for: a view that shows hidden state, and
components that appear or vanish (run on every registered game)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import treasurekit as tk
from treasurekit.core.registry import game_class

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
