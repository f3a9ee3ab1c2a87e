"""The coach's worlds (core/search.py, ``Game._sampler``), for every game in ``tk.GAMES``:
a table drawn from a seat's view shows that seat exactly that view, holds every
component of the game, and plays on to the end under the rules; the hidden parts are
really drawn at random; and nothing but the view goes in."""

from __future__ import annotations

import random

import pytest

import treasurekit as tk
from treasurekit.core.search import Worlds

from .registry import Setup, decisions, setups

SETUPS = setups()


@pytest.mark.parametrize("setup", SETUPS, ids=str)
def test_a_world_shows_the_view_holds_every_component_and_plays_on(setup: Setup) -> None:
    rng = random.Random(str(setup))
    for seed in range(2):
        for g in decisions(setup, seed):
            seat = g.current_player
            assert seat is not None
            view = g.view(seat)
            worlds = Worlds(view)
            for _ in range(2):
                w = worlds.sample(rng)
                assert w.view(seat) == view
                assert w.inventory() == g.inventory()
                assert w.legal_moves() == g.legal_moves()
            while not w.is_over:                       # the rules take the drawn table
                if w.is_chance:
                    w.deal(rng)
                else:
                    w.play(rng.choice(w.legal_moves()))
            assert w.inventory() == g.inventory()


@pytest.mark.parametrize("setup", SETUPS, ids=str)
def test_a_world_depends_on_the_view_alone(setup: Setup) -> None:
    """The same view and the same generator give the same table, whatever the hidden
    parts of the real table (scrambled here), and the spectator's view of it."""
    rng = random.Random(str(setup))
    for g in decisions(setup, 3, every=5):
        seat = g.current_player
        assert seat is not None
        other = g.scramble_hidden(seat, rng)
        a = Worlds(g.view(seat)).sample(random.Random(9))
        b = Worlds(other.view(seat)).sample(random.Random(9))
        assert a.view(None) == b.view(None)
        assert a.state == b.state


def test_hidden_parts_are_drawn_at_random() -> None:
    """Where a seat cannot see everything, two draws differ somewhere (a game with no
    hidden hand, such as Diving Bell, draws the same table: only chance is unknown)."""
    differ = set()
    for name in sorted(tk.GAMES):
        cls = tk.core.game_class(name)
        setup = Setup(name, cls.min_players + 1 if cls.max_players > 2 else 2, "standard")
        for g in decisions(setup, 1, every=11):
            seat = g.current_player
            assert seat is not None
            worlds = Worlds(g.view(seat))
            tables = {repr(worlds.sample(random.Random(k)).view(None)) for k in range(6)}
            if len(tables) > 1:
                differ.add(name)
                break
    assert differ >= {"captain_lucky", "coralia", "sea_or_shore"}


def test_a_view_that_is_not_the_movers_is_refused() -> None:
    g = tk.new_game("captain_lucky", 2, seed=1)
    while g.is_chance:
        g.deal()
    with pytest.raises(tk.CannotAdvise):
        Worlds(g.view(1 - (g.current_player or 0)))
