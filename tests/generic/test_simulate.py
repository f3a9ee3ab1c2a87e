"""``tk.simulate`` plays, for every game, exactly the games that the public API loop
plays (``random.Random(seed).choice(legal_moves())`` and ``deal()``), in one process or
shared among several."""

from __future__ import annotations

import pytest

import treasurekit as tk
from treasurekit.core.simulate import GameResult

from .registry import NAMES, Setup, setups

SEEDS = range(40, 46)


def through_the_api(setup: Setup, seed: int) -> GameResult:
    g = setup.played_out(seed)
    return GameResult(seed, setup.players, tuple(g.scores()), tuple(g.winners()),
                      len(g.history))


@pytest.mark.parametrize("setup", setups(), ids=str)
def test_simulate_plays_the_games_of_the_public_api(setup: Setup) -> None:
    sim = tk.simulate(setup.game, games=len(SEEDS), players=setup.players,
                      seed=SEEDS[0], variant=setup.variant, jobs=1)
    assert sim.games == [through_the_api(setup, s) for s in SEEDS]
    assert sim.jobs == 1 and sim.mean_actions() > 1


@pytest.mark.parametrize("name", NAMES)
def test_worker_processes_give_the_same_results(name: str) -> None:
    cls = tk.core.game_class(name)
    counts = list(range(cls.min_players, cls.max_players + 1))
    alone = tk.simulate(name, games=9, players=counts, seed=3, jobs=1)
    shared = tk.simulate(name, games=9, players=counts, seed=3, jobs=2)
    assert shared.jobs == 2 and shared.games == alone.games
    assert [r.players for r in alone.games] == [counts[i % len(counts)] for i in range(9)]
    assert [r.seed for r in alone.games] == list(range(3, 12))


def test_summary_counts_every_win() -> None:
    sim = tk.simulate("diving_bell", games=30, seed=5, jobs=1)
    assert sum(sim.wins) == sum(len(r.winners) for r in sim.games) >= 30
    assert sim.win_rate(0) == sum(0 in r.winners for r in sim.games) / 30
    assert "30 games" in repr(sim)


@pytest.mark.parametrize("kwargs, error", [
    ({"games": -1}, ValueError), ({"games": 2.5}, ValueError), ({"games": True}, ValueError),
    ({"players": []}, ValueError), ({"players": ["Ann", "Bob"]}, ValueError),
    ({"jobs": 0}, ValueError), ({"players": 9}, tk.InvalidSave),
    ({"variant": "nope"}, tk.InvalidSave),
])
def test_bad_arguments_are_refused_before_any_game(kwargs, error) -> None:
    with pytest.raises(error):
        tk.simulate("diving_bell", **{"games": 3, **kwargs})


def test_unknown_game() -> None:
    with pytest.raises(tk.UnknownGame):
        tk.simulate("chess", games=1)

