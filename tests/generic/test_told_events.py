"""Events told when read (core/events.py ``StepEvents``), for every game in ``tk.GAMES``.

A game whose rules can change the table without narrating hands out events that are
worked out only when someone reads them. Whatever the order they are read in, and after
steps are taken back, they must be exactly the events the rules tell when they narrate
every step as it is played; a random game that reads nothing builds none; and the events
handed out never keep a finished game alive.
"""

from __future__ import annotations

import copy
import gc
import random
import weakref

import pytest

import treasurekit as tk
from treasurekit.core.events import NO_EVENTS, StepEvents

from .registry import NAMES, example_cases, examples, setups

SETUPS = {name: [s for s in setups() if s.game == name] for name in NAMES}


def _random_game(name: str, seed: int) -> tk.Game:
    return SETUPS[name][seed % len(SETUPS[name])].played_out(seed)


def _narrated(g: tk.Game) -> list[list[tk.Event]]:
    """Every step's events as the rules tell them while playing: the same set-up replayed
    step by step through the narrating hook."""
    ref = type(g)(g.players, g.seed, g.variant, g.position)
    s = ref.state.clone()
    return [ref._apply(s, move) for move in g.history]


@pytest.mark.parametrize("name", NAMES)
def test_a_random_game_that_reads_nothing_tells_nothing(name: str) -> None:
    for seed in range(3):
        g = _random_game(name, seed)
        assert all(isinstance(b, StepEvents) for b in g.log), f"{name} tells at once"
        told = [b for b in g.log if b.is_told and b is not NO_EVENTS]
        assert not told, f"{name}: {len(told)} steps built their events unread"


@pytest.mark.parametrize("name", NAMES)
def test_events_read_in_any_order_are_the_narrated_ones(name: str) -> None:
    for seed in range(4):
        g = _random_game(name, seed)
        expected = _narrated(g)
        order = list(range(len(g.log)))
        random.Random(seed).shuffle(order)                 # not the order they were played
        for k in order:
            assert list(g.log[k]) == expected[k], f"{name} seed {seed}, step {k}"
        assert g.events == [e for batch in expected for e in batch]


@pytest.mark.parametrize("name", NAMES)
def test_events_handed_out_stay_right_after_undo(name: str) -> None:
    for seed in range(3):
        g = _random_game(name, seed)
        rng = random.Random(seed)
        expected = _narrated(g)
        held = list(g.log)                                  # what a widget keeps, unread
        back = rng.randrange(1, min(40, len(g.history)) + 1)
        for _ in range(back):
            g.undo()
        while not g.is_over:                                # another way from there on
            if g.is_chance:
                g.deal()
            else:
                g.play(rng.choice(g.legal_moves()))
        for k, batch in enumerate(held):
            assert list(batch) == expected[k], f"{name} seed {seed}: step {k} after undo"
        assert g.events == [e for batch in _narrated(g) for e in batch]


@pytest.mark.parametrize("name", NAMES)
def test_a_dropped_game_is_freed_at_once(name: str) -> None:
    """The events a game hands out hold no reference back to it: a finished game goes as
    soon as nobody holds it, without waiting for the cycle collector."""
    gc.disable()
    try:
        g = _random_game(name, 1)
        kept = g.log[len(g.log) // 2]                       # held events outlive the game
        gone = weakref.ref(g)
        del g
        assert gone() is None, f"{name}: the game is kept alive by a reference cycle"
        list(kept)                                          # and can still be read
    finally:
        gc.enable()


@pytest.mark.parametrize(("name", "index"), example_cases())
def test_a_position_undoes_to_its_start_and_tells_its_steps(name: str, index: int) -> None:
    """The start of a game is not copied for undo: it is built again from the set-up. From
    a rulebook example's position, random steps taken back one by one come back to the
    very table the position gave, and every step tells what the rules narrate."""
    g = examples(name)[index].start()
    start = copy.deepcopy(g.state)
    rng = random.Random(index)
    while not g.is_over and len(g.history) < 80:
        g.deal() if g.is_chance else g.play(rng.choice(g.legal_moves()))
    assert g.events == [e for batch in _narrated(g) for e in batch]
    while g.history:
        g.undo()
    assert g.state == start, f"{name} example {index}: undo does not reach the position"
