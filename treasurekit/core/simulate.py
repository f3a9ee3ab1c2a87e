"""Many seeded random games at once: how often does each seat win, how long is a game?

>>> import treasurekit as tk
>>> sim = tk.simulate("diving_bell", games=40, seed=1, jobs=1)
>>> len(sim.games), sum(sim.wins) >= 40
(40, True)
>>> sim.games[3] == tk.simulate("diving_bell", games=1, seed=4, jobs=1).games[0]
True

Game ``i`` is ``new_game(name, players, seed=seed + i, variant)`` played to its end with
moves picked by ``random.Random(seed + i).choice(legal_moves())`` and every chance step
left to the game's own dealer (``deal()``): exactly what that loop through the public
API gives (``tests/generic/test_simulate.py`` checks it), only faster, because the moves come
from the rules themselves and need no checking, and no undo history or event log is kept
for a game nobody will replay. With ``jobs`` above 1 the games are shared among worker
processes; the results do not depend on how they are shared.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Iterator, Sequence
from typing import Any, NamedTuple

from .game import Game
from .registry import GAMES, game_class, game_spec, register_game
from .spec import GameSpec

#: below this many games the workers would cost more to start than they save
PARALLEL_FROM = 400
MAX_GAMES = 10_000_000


def random_decisions(game: Game[Any], rng: random.Random, every: int = 1,
                     forced: bool = False) -> Iterator[Game[Any]]:
    """Play ``game`` to its end through the public API (``rng.choice`` of the legal
    moves, the dealer at chance steps), yielding it at every ``every``-th decision that
    offers a choice (with ``forced``, at every ``every``-th decision, a single legal move
    too), left at that step (use it, or a copy, before asking for the next).

    >>> import treasurekit as tk
    >>> g = tk.new_game("diving_bell", seed=2)
    >>> all(len(x.legal_moves()) > 1 for x in random_decisions(g, random.Random(2), 5))
    True
    >>> every = [len(x.legal_moves()) for x in random_decisions(
    ...     tk.new_game("diving_bell", seed=2), random.Random(2), forced=True)]
    >>> len(every) > sum(n > 1 for n in every) == len(list(random_decisions(
    ...     tk.new_game("diving_bell", seed=2), random.Random(2))))     # the same game
    True
    """
    k = 0
    while not game.is_over:
        if game.is_chance:
            game.deal()
            continue
        legal = game.legal_moves()
        if forced or len(legal) > 1:
            k += 1
            if k % every == 0:
                yield game
        game.play(rng.choice(legal))


class GameResult(NamedTuple):
    """One simulated game: its seed, seat count, final scores, winners, steps played."""

    seed: int
    players: int
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    actions: int


def play_randomly(game: Game[Any], rng: random.Random) -> int:
    """Play ``game`` from its start to the end with random legal moves and the dealer;
    the number of steps. The game's history and log are left empty: use it for its
    final state only (``scores()``, ``winners()``, ``view()``), not for undo or saving."""
    s = game._state
    is_over, is_chance, legal = game._is_over, game._is_chance, game._legal
    sample, apply, choice = game._sample_chance, game._apply_quiet, rng.choice
    step = len(game.history)
    number = game._dealer.number                            # the game's own dealer
    while not is_over(s):
        if is_chance(s):
            apply(s, sample(s, number(step)))
        else:
            apply(s, choice(legal(s)))
        step += 1
    return step - len(game.history)


def _play_seeds(name: str | GameSpec, variant: str, seeds: Sequence[int],
                counts: Sequence[int]) -> list[GameResult]:
    """The games of ``seeds`` (``counts[i]`` seats for ``seeds[i]``), in order. A worker
    process is handed the game's spec, and registers a game registered from outside the
    package (``tk.register_game``) as its parent did."""
    if isinstance(name, GameSpec):
        if name.name not in GAMES:
            register_game(name)
        name = name.name
    cls = game_class(name)
    out = []
    for seed, count in zip(seeds, counts, strict=True):
        game = cls(players=count, seed=seed, variant=variant)
        actions = play_randomly(game, random.Random(seed))
        s = game._state
        out.append(GameResult(seed, count, tuple(game._scores(s)), tuple(game._winners(s)),
                              actions))
    return out


class Simulation:
    """The games of one :func:`simulate` call, in seed order, and what they add up to.

    ``wins[seat]`` counts the games that seat won or shared (a shared win counts for each
    winner); ``seconds`` is the wall time and ``jobs`` the processes that played them."""

    def __init__(self, game: str, variant: str, games: list[GameResult], seconds: float,
                 jobs: int) -> None:
        self.game, self.variant, self.games = game, variant, games
        self.seconds, self.jobs = seconds, jobs
        self.wins = [0] * max((r.players for r in games), default=0)
        for r in games:
            for w in r.winners:
                self.wins[w] += 1

    def _with(self, players: int | None) -> list[GameResult]:
        return [r for r in self.games if players in (None, r.players)]

    def win_rate(self, seat: int, players: int | None = None) -> float:
        """The share of games (with ``players`` seats, or all) that ``seat`` won or shared."""
        pool = [r for r in self._with(players) if seat < r.players]
        return sum(seat in r.winners for r in pool) / len(pool) if pool else 0.0

    def mean_actions(self, players: int | None = None) -> float:
        """Steps (decisions and chance outcomes) in an average game (with ``players`` seats,
        or of all)."""
        pool = self._with(players)
        return sum(r.actions for r in pool) / len(pool) if pool else 0.0

    def __repr__(self) -> str:
        return (f"<Simulation {self.game} ({self.variant}): {len(self.games)} games, "
                f"{self.mean_actions():.1f} steps on average, "
                f"{self.seconds:.2f} s on {self.jobs} process{'es' if self.jobs > 1 else ''}>")


def _context() -> Any:
    """Workers started by a fork server where there is one (no copy of a Jupyter kernel's
    threads), else the platform's default."""
    import multiprocessing  # here, not at import: ``import treasurekit`` stays quick

    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else None)


def simulate(name: str, games: int = 10_000, players: int | Sequence[int] = 2,
             seed: int = 0, variant: str = "standard",
             jobs: int | None = None) -> Simulation:
    """Play ``games`` seeded random games of ``name``: seeds ``seed`` ... ``seed + games - 1``,
    ``players`` seats (or, for a list of seat counts, game ``i`` with ``players[i % len]``).

    ``jobs``: worker processes (default: one per core when there are at least
    ``PARALLEL_FROM`` games; 1 plays them all here). Where processes cannot be started,
    the games are played here."""
    if type(games) is not int or not 0 <= games <= MAX_GAMES:
        raise ValueError(f"games must be a whole number from 0 to {MAX_GAMES:,}")
    counts = [players] if isinstance(players, int) else list(players)
    if not counts or any(type(c) is not int for c in counts):
        raise ValueError("players must be a seat count or a list of seat counts")
    cls = game_class(name)
    for c in set(counts):
        cls(players=c, seed=seed, variant=variant)       # refuses a bad set-up here, early
    seeds = list(range(seed, seed + games))
    per_game = [counts[i % len(counts)] for i in range(games)]
    if jobs is None:
        jobs = (os.cpu_count() or 1) if games >= PARALLEL_FROM else 1
    if type(jobs) is not int or jobs < 1:
        raise ValueError("jobs must be a whole number of processes, at least 1")
    jobs = min(jobs, max(1, games))
    start = time.perf_counter()
    results: list[GameResult] | None = None
    if jobs > 1:
        results = _in_workers(name, variant, seeds, per_game, jobs)
        if results is None:
            jobs = 1
    if results is None:
        results = _play_seeds(name, variant, seeds, per_game)
    return Simulation(name, variant, results, time.perf_counter() - start, jobs)


def _in_workers(name: str, variant: str, seeds: list[int], counts: list[int],
                jobs: int) -> list[GameResult] | None:
    """The games shared among ``jobs`` processes in interleaved slices (long and short
    games spread evenly); None if processes cannot be started here."""
    from concurrent.futures import ProcessPoolExecutor

    slices = [(seeds[k::jobs], counts[k::jobs]) for k in range(jobs)]
    try:
        with ProcessPoolExecutor(max_workers=jobs, mp_context=_context()) as pool:
            parts = list(pool.map(_play_seeds, [game_spec(name)] * jobs, [variant] * jobs,
                                  *zip(*slices, strict=True)))
    except (OSError, NotImplementedError, ImportError, RuntimeError):
        return None
    return [parts[i % jobs][i // jobs] for i in range(len(seeds))]
