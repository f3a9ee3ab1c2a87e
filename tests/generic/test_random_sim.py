"""Every game in ``tk.GAMES``, every player count and variant its Game class declares:
seeded random games with the invariants of simulate.py (components conserved, one decider
or a chance step, exact undo, illegal moves refused with nothing changed, no view leaking,
same seed -> same game, saves that load and go on identically, every event readable for
every seat and a spectator in every language).

A game registered in ``tk.GAMES`` is covered without writing a line: its setups come from
``min_players``, ``max_players`` and ``variants``, its hooks are ``inventory()`` and
``scramble_hidden()`` (docs/conventions.md).

Budget: STEPS_PER_GAME random steps per game, shared by its setups (about 4-25 s of CPU
per game on one idle core).
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import treasurekit as tk
from treasurekit.core.registry import game_class

from ..checks import check_undo_path
from .registry import NAMES, Setup, setups
from .simulate import run_game

STEPS_PER_GAME = 2_000
MIN_GAMES = 2


def _count(name: str) -> int:
    return sum(1 for s in setups() if s.game == name)


@pytest.mark.parametrize("setup", setups(), ids=str)
def test_random_games_keep_every_invariant(setup: Setup) -> None:
    budget = STEPS_PER_GAME // _count(setup.game)
    seen: Counter[str] = Counter()
    seed = 0
    while seen["steps"] < budget or seen["games"] < MIN_GAMES:
        seen.update(run_game(setup, seed))
        seed += 1
    # the checks ran, and could have failed
    for check in ("refused", "scrambles", "undone", "events read"):
        assert seen[check] >= seen["games"], f"{check}: {seen}"
    if tk.GAMES[setup.game].perfect_information:     # nothing hidden: nothing to redraw
        assert not seen["scrambles that changed the table"], seen
    else:
        assert seen["scrambles that changed the table"], \
            "scramble_hidden() never changed anything: the no-leak check cannot fail"


def test_every_registered_game_has_setups() -> None:
    assert {s.game for s in setups()} == set(NAMES)
    for name in NAMES:
        cls = game_class(name)
        assert 1 <= cls.min_players <= cls.max_players and cls.variants
        assert cls.variants[0] == "standard", "the first variant is the default one"


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 2**32),
       choices=st.lists(st.integers(0, 10**6), max_size=300),
       undos=st.lists(st.booleans(), max_size=300))
def test_undo_restores_every_earlier_state_along_any_path(name: str, data: st.DataObject,
                                                         seed: int, choices: list[int],
                                                         undos: list[bool]) -> None:
    setup = data.draw(st.sampled_from([s for s in setups() if s.game == name]), label="setup")
    check_undo_path(lambda: setup.new(seed), choices, undos)
