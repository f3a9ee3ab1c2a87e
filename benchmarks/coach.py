"""The coach's strength and speed: ``python benchmarks/coach.py [--part ...] [options]``.

* ``speed`` -- for every game, at 8 decisions of seeded random games: playouts in one
  second of search (goal: at least 1,000), counted on the wall clock and on this process's
  CPU time (the machine is shared: the CPU figure is what the search itself does in a
  second); the wall time of each of those expert moves at its default budget of one
  second (goal: never more than 10 % over); and the advice of two runs with the same
  seed and playout count (goal: identical, text included).
* ``strength`` -- games of the expert at its default budget against the best existing
  level, seats rotated (game ``i`` has seed ``i`` and the expert in seat ``i % players``):
  Diving Bell, Captain Lucky and Coralia with two players (goal: at least 60 % wins),
  Sea or Shore with three, the expert against two of the best level (goal: at least
  50 %; the fair share is 33 %). A shared win counts ``1/k`` for each of ``k`` winners.
  The games are shared among the machine's cores; each finished game is appended to
  ``benchmarks/coach_games.jsonl`` at once, and a new run plays only the games not
  there yet (so the run, hours long at a second a move, can stop and go on). The
  expert's second is counted on its process's CPU time unless ``--clock wall`` (on a
  busy machine a wall-clock second is a fraction of a second of work). The table also
  plays each recorded deal again with the best level itself in the expert's seat: its
  share there (``level_in_seat``) is the luck of those deals, and the expert's ``gain``
  is its share less that one; a prior of :data:`PRIORS` is played there too
  (``prior_in_seat``: what the search adds to it, deal by deal).

* ``trial`` -- the same games at a small budget (``--seconds``, e.g. 0.1; seeds from
  100,000 on) for each variant of a game's settings in :data:`TRIALS` (its declared
  settings among them), appended to ``benchmarks/coach_trials.jsonl``: a quick way to
  tell a better setting from a worse one before the hours of ``strength`` at 1 s. Each
  variant plays the same seeds, so their games are paired.
* ``prior`` -- a prior that is a policy of its own (:data:`PRIORS`: Captain Lucky's
  planner) against the best level, ``5 * --games`` deals each played with the seats
  swapped (a few seconds a thousand games: the tuning of such a prior is measured here).
* ``departures`` -- for a game whose expert leans on a prior, ``--games`` games (seeds
  from 200,000 on) at ``--seconds`` a move: how often, and how near the end of the game,
  the expert plays other than its prior.
* ``endgame`` -- for such a game whose view shows a draw pile, ``--games`` deals (seeds
  from 1,000 on) played by the prior alone, and by the prior with the expert taking over
  near the end (the declared settings, and each ``--variant`` of TRIALS), at
  ``--seconds`` a move: what the search adds, deal by deal.

Prints a table (wins with a 95 % Wilson interval) and writes ``benchmarks/coach.json``.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Iterator
from importlib import import_module
from multiprocessing import Pool
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import treasurekit as tk  # noqa: E402
from treasurekit.core.bots import Bot, play_out  # noqa: E402
from treasurekit.core.search import ExpertBot, Search, SearchSettings, settings_for  # noqa: E402
from treasurekit.core.simulate import random_decisions  # noqa: E402
from treasurekit.games.captain_lucky.bots import LookoutBot, PlannerBot, SensibleBot  # noqa: E402
from treasurekit.games.sea_or_shore.bots import Tactician  # noqa: E402

#: (game, players, goal: the expert's share of the wins)
MATCHES = (("diving_bell", 2, 0.60), ("captain_lucky", 2, 0.60), ("coralia", 2, 0.60),
           ("sea_or_shore", 3, 0.50))
GOAL_PLAYOUTS = 1000
GOAL_OVERRUN = 0.10
GAMES_FILE = HERE / "coach_games.jsonl"
TRIALS_FILE = HERE / "coach_trials.jsonl"
TRIAL_SEEDS = 100_000


def sensible_playout(g: tk.Game, legal: list[Any], rng: random.Random) -> Any:
    """A trial rollout for Captain Lucky: the sensible level's steal and its choice after
    a failed roll; a placement at random."""
    if len(legal) == 1 or legal[0].kind == "place":
        return legal[rng.randrange(len(legal))]
    return SensibleBot().choose(g.view(g.current_player), rng)


#: Variants of a game's declared settings (``dataclasses.replace`` of its ``COACH``) that
#: ``--part trial`` plays; "declared" is the game's own.
TRIALS: dict[str, dict[str, dict[str, Any]]] = {
    "captain_lucky": {
        "declared": {},
        # declared until 27 Nov, the second time (200 games at 1 s: README, "The coach")
        "lean on the lookout": {"prior": LookoutBot},
        "random playouts": {"rollout": None},
        # declared until 27 Nov, the first time (200 games at 1 s: README, "The coach")
        "random playouts, lean on the sensible level": {"rollout": None, "prior": SensibleBot},
        "no lean, open loop": {"prior": None, "chance_key": None},
        "no lean": {"prior": None},
        "open loop": {"chance_key": None},
        "lean 2": {"prior_weight": 2.0},
        "lean 8": {"prior_weight": 8.0},
        "sensible playouts": {"rollout": sensible_playout},
        "depth 4": {"depth": 4},
        "depth 30": {"depth": 30},
        "scale 5": {"scale": 5.0},
    },
    "sea_or_shore": {
        "declared": {},
        "depth 8": {"depth": 8},
        "depth 20": {"depth": 20},
        "scale 3": {"scale": 3.0},
        # the settings declared until 27 Nov: every playout move at random
        "random playouts": {"rollout": None},
        "random playouts, lean on the tactician": {"rollout": None, "prior": Tactician},
        "random playouts, depth 6": {"rollout": None, "depth": 6},
        "random playouts, depth 20": {"rollout": None, "depth": 20},
        "random playouts, scale 3": {"rollout": None, "scale": 3.0},
    },
}

SUMMARY_FILE = HERE / "coach.json"


def fingerprint(game: str, settings: SearchSettings | None = None) -> str:
    """The game's search settings, as a game played with them records them (a change
    of the settings starts that game's series afresh)."""
    settings = settings or settings_for(game)
    return (f"depth={settings.depth} scale={settings.scale} c={settings.exploration} "
            f"outlook={getattr(settings.outlook, '__name__', None)} "
            f"rollout={getattr(settings.rollout, '__name__', None)} "
            f"prior={getattr(settings.prior, '__name__', None)}/{settings.prior_weight}"
            + (f" chance={settings.chance_key.__name__}" if settings.chance_key else ""))


def best_level(game: str) -> str:
    """The strongest existing level: the last before the expert (levels weakest first)."""
    bots = import_module(f"treasurekit.games.{game}.bots").BOTS
    return [level for level in bots if level != "expert"][-1]


def decisions(game: str, players: int, count: int, seed: int = 0) -> Iterator[tk.Game]:
    """``count`` decisions with a choice, spread over seeded random games."""
    found = 0
    while found < count:
        for g in random_decisions(tk.new_game(game, players, seed=seed), random.Random(seed), 9):
            found += 1
            yield g
            if found == count:
                return
        seed += 1


# ---- speed ---------------------------------------------------------------------------
def speed(game: str, players: int, positions: int = 8) -> dict[str, Any]:
    rates_wall, rates_cpu, overruns = [], [], []
    for g in decisions(game, players, positions):
        seat = g.current_player
        assert seat is not None
        view = g.view(seat)
        search = Search(view, seed=1)
        wall, cpu = time.perf_counter(), time.process_time()
        search.run(seconds=1.0)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        rates_wall.append(search.playouts / wall)
        rates_cpu.append(search.playouts / cpu)
        bot = ExpertBot()
        start = time.perf_counter()
        bot.choose(view, random.Random(2))
        overruns.append(time.perf_counter() - start - 1.0)
    g = next(decisions(game, players, 1, seed=7))
    one, two = tk.advise(g, playouts=300, seed=5), tk.advise(g, playouts=300, seed=5)
    same = one == two and one.text("en") == two.text("en") and one.text("nl") == two.text("nl")
    return {"playouts_per_second_wall": round(statistics.median(rates_wall)),
            "playouts_per_second_cpu": round(statistics.median(rates_cpu)),
            "min_playouts_per_second_cpu": round(min(rates_cpu)),
            "max_overrun": round(max(overruns), 3), "same_advice": same}


# ---- strength --------------------------------------------------------------------------
def variant(game: str, name: str) -> SearchSettings:
    return dataclasses.replace(settings_for(game), **TRIALS[game][name])


def play_one(task: tuple[str, int, int, float, str] | tuple[str, int, int, float, str, str]
             ) -> dict[str, Any]:
    """Game ``index`` of the expert against the best level (expert in seat index % n);
    with a sixth item, a trial: that variant of the settings, on seed TRIAL_SEEDS + index."""
    game, players, index, seconds, clock_name = task[:5]
    trial = task[5] if len(task) > 5 else None
    settings = variant(game, trial) if trial is not None else None
    clock = time.process_time if clock_name == "cpu" else time.perf_counter
    bots_module = import_module(f"treasurekit.games.{game}.bots")
    level = best_level(game)
    seat = index % players
    bots = [bots_module.BOTS[level]() for _ in range(players)]
    bots[seat] = ExpertBot(seconds=seconds, clock=clock, settings=settings)
    g = tk.new_game(game, players, seed=index + (TRIAL_SEEDS if trial is not None else 0))
    rng = random.Random(index)
    moves, longest, cpu = 0, 0.0, 0.0
    while not g.is_over:
        if g.is_chance:
            g.deal()
            continue
        p = g.current_player
        assert p is not None
        view = g.view(p)
        start, work = time.perf_counter(), time.process_time()
        move = bots[p].choose(view, rng)
        if p == seat and len(view["legal"]) > 1:
            moves += 1
            longest = max(longest, time.perf_counter() - start)
            cpu += time.process_time() - work
        g.play(move)
    return {"game": game, "players": players, "index": index, "seconds": seconds,
            "clock": clock_name, "settings": fingerprint(game, settings), "opponent": level,
            **({"variant": trial} if trial is not None else {}),
            "seat": seat,
            "win": win_share(g, seat), "scores": g.scores(),
            "expert_moves": moves, "expert_cpu": round(cpu, 2),
            "longest_move": round(longest, 3)}


def in_seat(task: tuple[str, int, int, str | None]) -> float:
    """Game ``index`` of the strength series (its deal, its seat ``index % players``, its
    generator) with no expert: the best level (or a prior of :data:`PRIORS`) plays that
    seat. Its share of the win there is the luck of the deal the expert was dealt."""
    game, players, index, prior = task
    level = import_module(f"treasurekit.games.{game}.bots").BOTS[best_level(game)]
    seat = index % players
    bots = [level() for _ in range(players)]
    if prior is not None:
        bots[seat] = PRIORS[game]()
    return win_share(play_out(tk.new_game(game, players, seed=index), bots,
                              random.Random(index)), seat)


def win_share(g: tk.Game, seat: int) -> float:
    """Seat's share of the win in a finished game (a shared win counts 1/k)."""
    winners = g.winners()
    return 1 / len(winners) if seat in winners else 0.0


def done_games(path: Path = GAMES_FILE) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a share ``wins / n``."""
    if not n:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def strength(games: int, seconds: float, clock: str, only: set[str],
             workers: int) -> None:
    have = {(r["game"], r["index"], r["seconds"], r["clock"], r["settings"])
            for r in done_games()}
    # game by game, round-robin, so that partial results cover every game
    tasks = [(game, players, i, seconds, clock) for i in range(games)
             for game, players, _ in MATCHES
             if game in only and (game, i, seconds, clock, fingerprint(game)) not in have]
    print(f"{len(tasks)} games to play ({len(have)} already in {GAMES_FILE.name})",
          flush=True)
    with Pool(workers) as pool, GAMES_FILE.open("a") as out:
        for record in pool.imap_unordered(play_one, tasks, chunksize=1):
            out.write(json.dumps(record) + "\n")
            out.flush()
            print(f"  {record['game']} #{record['index']}: win {record['win']:g}, "
                  f"{record['expert_moves']} moves, longest {record['longest_move']} s",
                  flush=True)


def trials(games: int, seconds: float, clock: str, only: set[str], workers: int,
           variants: set[str] | None = None) -> None:
    have = {(r["game"], r["variant"], r["index"], r["seconds"], r["settings"])
            for r in done_games(TRIALS_FILE)}
    prints = {(game, name): fingerprint(game, variant(game, name))
              for game in TRIALS for name in TRIALS[game]}
    tasks = [(game, players, i, seconds, clock, name) for i in range(games)
             for game, players, _ in MATCHES if game in only and game in TRIALS
             for name in TRIALS[game] if variants is None or name in variants
             if (game, name, i, seconds, prints[game, name]) not in have]
    print(f"{len(tasks)} trial games to play", flush=True)
    with Pool(workers) as pool, TRIALS_FILE.open("a") as out:
        for record in pool.imap_unordered(play_one, tasks, chunksize=1):
            out.write(json.dumps(record) + "\n")
            out.flush()


def trials_table(seconds: float) -> dict[str, Any]:
    """Per game and variant (at its current settings): games, wins, share, interval."""
    records = done_games(TRIALS_FILE)
    out: dict[str, Any] = {}
    for game, names in TRIALS.items():
        for name in names:
            settings = fingerprint(game, variant(game, name))
            mine = [r for r in records if r["game"] == game and r["variant"] == name
                    and r["seconds"] == seconds and r["settings"] == settings]
            if not mine:
                continue
            wins = sum(r["win"] for r in mine)
            lo, hi = wilson(wins, len(mine))
            out.setdefault(game, {})[name] = {
                "settings": mine[0]["settings"], "games": len(mine), "wins": wins,
                "share": round(wins / len(mine), 3), "ci95": [round(lo, 3), round(hi, 3)]}
    return out


# ---- the expert's prior ---------------------------------------------------------------
#: Priors that are policies of their own, not bot levels; each is measured against the
#: best level, as the expert is.
PRIORS: dict[str, type[Bot]] = {"captain_lucky": PlannerBot}


def prior_pair(task: tuple[str, int]) -> float:
    """Seed ``seed`` played twice, the prior in either seat: its wins (0 to 2)."""
    game, seed = task
    prior = PRIORS[game]
    level = import_module(f"treasurekit.games.{game}.bots").BOTS[best_level(game)]
    won = 0.0
    for seat in (0, 1):
        bots = [level(), level()]
        bots[seat] = prior()
        won += win_share(play_out(tk.new_game(game, 2, seed=seed), bots,
                                  random.Random(seed)), seat)
    return won


def priors(seeds: int, workers: int, only: set[str]) -> dict[str, Any]:
    """Each prior against the best level, ``seeds`` deals each played with seats swapped
    (seeds 0 on; the settings were tuned on seeds 1,000 to 2,999)."""
    out = {}
    for game in PRIORS:
        if game not in only:
            continue
        start = time.perf_counter()
        with Pool(workers) as pool:
            wins = sum(pool.map(prior_pair, [(game, s) for s in range(seeds)], chunksize=20))
        lo, hi = wilson(wins, 2 * seeds)
        out[game] = {"prior": PRIORS[game].__name__, "opponent": best_level(game),
                     "games": 2 * seeds, "wins": wins, "share": round(wins / (2 * seeds), 3),
                     "ci95": [round(lo, 3), round(hi, 3)],
                     "seconds": round(time.perf_counter() - start, 1)}
        print(game, out[game], flush=True)
    return out


DEPARTURE_SEEDS = 200_000


class _Departures:
    """The expert's search for one seat, noting each decision with a choice: the cards or
    steps left (``pile``, else counted back at the end) and whether its move differs
    from its prior's."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.made: list[tuple[int | None, bool]] = []

    def choose(self, view: dict[str, Any], rng: random.Random) -> Any:
        legal = view["legal"]
        if len(legal) == 1:
            return tk.Move.parse(legal[0])
        search = Search(view, seed=rng.getrandbits(64))
        search.run(seconds=self.seconds, clock=time.process_time)
        move = search.best()
        self.made.append((view.get("pile"), move != search.hint))
        return move


def departures_game(task: tuple[str, int, int, float]) -> list[tuple[int, bool]]:
    """Game ``index`` (seed DEPARTURE_SEEDS + index) of the expert against the best level,
    as ``play_one`` plays it at ``seconds`` of CPU a move: for each expert decision with a
    choice, the cards or steps left (``pile``, else the decisions it has left) and whether
    its move differs from its prior's."""
    game, players, index, seconds = task
    level = import_module(f"treasurekit.games.{game}.bots").BOTS[best_level(game)]
    seat = index % players
    bots: list[Any] = [level() for _ in range(players)]
    expert = bots[seat] = _Departures(seconds)
    play_out(tk.new_game(game, players, seed=DEPARTURE_SEEDS + index), bots,
             random.Random(index))
    made = expert.made
    return [(pile if pile is not None else len(made) - i, departed)
            for i, (pile, departed) in enumerate(made)]


def departures(games: int, seconds: float, workers: int, only: set[str]) -> dict[str, Any]:
    """Where an expert that leans on a prior plays other than its prior: for each such
    game, ``games`` games at ``seconds`` a move, its decisions by what is left of the game
    (the draw pile's cards where the view shows one) and how many departed."""
    out = {}
    for game, players, _ in MATCHES:
        if game not in only or settings_for(game).prior is None:
            continue
        with Pool(workers) as pool:
            rows = [r for game_rows in pool.map(
                departures_game, [(game, players, i, seconds) for i in range(games)],
                chunksize=1) for r in game_rows]
        near = [d for left, d in rows if left <= DEPARTURES_NEAR]
        far = [d for left, d in rows if left > DEPARTURES_NEAR]
        out[game] = {"games": games, "seconds": seconds, "decisions": len(rows),
                     "departures": sum(d for _, d in rows),
                     f"decisions_left_{DEPARTURES_NEAR}_or_fewer": len(near),
                     f"departures_left_{DEPARTURES_NEAR}_or_fewer": sum(near),
                     "decisions_earlier": len(far), "departures_earlier": sum(far),
                     "departed_at": sorted(left for left, d in rows if d)}
        print(game, out[game], flush=True)
    return out


#: "Near the end": this many cards left in the draw pile (or decisions left) at most.
DEPARTURES_NEAR = 12


#: The endgame comparison's deals (seeds from here on) and where the search takes over:
#: this many cards left in the draw pile, or fewer.
ENDGAME_SEEDS = 1_000
ENDGAME_LEFT = 16


class _Endgame:
    """The prior for one seat until ``ENDGAME_LEFT`` cards are left in the draw pile, then
    (where there is a choice) the expert with ``settings`` (None: the prior to the end)."""

    def __init__(self, prior: Bot, settings: SearchSettings | None, seconds: float) -> None:
        self.prior, self.settings, self.seconds = prior, settings, seconds

    def choose(self, view: dict[str, Any], rng: random.Random) -> Any:
        if (self.settings is not None and view["pile"] <= ENDGAME_LEFT
                and len(view["legal"]) > 1):
            expert = ExpertBot(seconds=self.seconds, clock=time.process_time,
                               settings=self.settings)
            return expert.choose(view, rng)
        return self.prior.choose(view, rng)


def endgame_game(task: tuple[str, int, int, float, str | None]) -> float:
    """Deal ``ENDGAME_SEEDS + index`` against the best level, the seat ``index % players``
    played by the game's prior until ``ENDGAME_LEFT`` cards are left in the draw pile and
    from then on by the expert (``variant`` of TRIALS, or the declared settings) at
    ``seconds`` of CPU a move; variant "prior": by the prior to the end. The seat's share
    of the win."""
    game, players, index, seconds, name = task
    settings = (None if name == "prior" else variant(game, name) if name is not None
                else settings_for(game))
    level = import_module(f"treasurekit.games.{game}.bots").BOTS[best_level(game)]
    prior = settings_for(game).prior
    assert prior is not None
    seat = index % players
    bots: list[Any] = [level() for _ in range(players)]
    bots[seat] = _Endgame(prior(), settings, seconds)
    g = play_out(tk.new_game(game, players, seed=ENDGAME_SEEDS + index), bots,
                 random.Random(ENDGAME_SEEDS + index))
    return win_share(g, seat)


def endgame(games: int, seconds: float, workers: int, only: set[str],
            variants: list[str]) -> dict[str, Any]:
    """The search near the end of the game, on the same deals: for each game whose expert
    leans on a prior and whose view shows a draw pile, ``games`` deals played by the prior
    alone and by the prior with the expert taking over near the end (the declared
    settings and each of ``variants``): their shares and each one's gain over the prior
    alone, deal by deal (mean and 95 % half-width)."""
    out: dict[str, Any] = {}
    for game, players, _ in MATCHES:
        if game not in only or settings_for(game).prior is None:
            continue
        names: list[str | None] = ["prior", None, *variants]
        with Pool(workers) as pool:
            shares = {name: pool.map(endgame_game, [(game, players, i, seconds, name)
                                                    for i in range(games)], chunksize=1)
                      for name in names}
        alone = shares["prior"]
        rows: dict[str, Any] = {"games": games, "seconds": seconds,
                                "left": ENDGAME_LEFT, "prior": round(statistics.mean(alone), 4)}
        for name in names[1:]:
            gains = [a - b for a, b in zip(shares[name], alone, strict=True)]
            half = 1.96 * statistics.stdev(gains) / math.sqrt(games) if games > 1 else 0.0
            rows[name or "declared"] = {"share": round(statistics.mean(shares[name]), 4),
                                        "gain": round(statistics.mean(gains), 4),
                                        "ci95_half": round(half, 4),
                                        "deals_changed": sum(1 for x in gains if x)}
        out[game] = rows
        print(game, rows, flush=True)
    return out


def strength_table(seconds: float, clock: str, workers: int) -> dict[str, Any]:
    """Per game, the expert's games at the current settings: wins, share, interval; and
    the share the best level itself wins in the expert's seat of the same deals
    (``level_in_seat``: how lucky those deals were for that seat; the expert's ``gain``
    is its share less that one); for a game with a prior of its own (:data:`PRIORS`),
    the share that prior wins there alone (``prior_in_seat``: the expert less it is
    what the search adds on those deals)."""
    out = {}
    records = done_games()
    for game, players, goal in MATCHES:
        mine = [r for r in records if r["game"] == game and r["seconds"] == seconds
                and r["clock"] == clock and r["settings"] == fingerprint(game)]
        n = len(mine)
        wins = sum(r["win"] for r in mine)
        lo, hi = wilson(wins, n)
        with Pool(workers) as pool:
            level = sum(pool.map(in_seat, [(game, players, r["index"], None) for r in mine],
                                 chunksize=10))
            prior = (sum(pool.map(in_seat, [(game, players, r["index"], "prior")
                                            for r in mine], chunksize=10))
                     if game in PRIORS and n else None)
        out[game] = {"players": players, "opponent": best_level(game),
                     "settings": fingerprint(game), "games": n,
                     "wins": wins, "share": round(wins / n, 3) if n else None,
                     "ci95": [round(lo, 3), round(hi, 3)], "goal": goal,
                     "level_in_seat": round(level / n, 4) if n else None,
                     "gain": round((wins - level) / n, 4) if n else None,
                     **({"prior": PRIORS[game].__name__,
                         "prior_in_seat": round(prior / n, 4)} if prior is not None else {}),
                     "expert_moves_per_game": round(statistics.mean(
                         r["expert_moves"] for r in mine), 1) if mine else None}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=("speed", "strength", "trial", "prior", "departures",
                                           "endgame", "table", "all"),
                        default="all")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--variant", action="append",
                        help="trial, endgame: this variant of TRIALS (repeatable)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    only = set(args.game or [game for game, _, _ in MATCHES])
    summary: dict[str, Any] = (json.loads(SUMMARY_FILE.read_text())
                               if SUMMARY_FILE.exists() else {})
    if args.part in ("speed", "all"):
        summary["speed"] = summary.get("speed", {})
        for game, players, _ in MATCHES:
            if game in only:
                summary["speed"][game] = speed(game, players)
                print(game, summary["speed"][game], flush=True)
        summary["speed_load"] = os.getloadavg()
    if args.part == "prior":
        summary["prior"] = priors(args.games * 5, args.workers, only)
        SUMMARY_FILE.write_text(json.dumps(summary, indent=1) + "\n")
        return
    if args.part == "endgame":
        summary["endgame"] = endgame(args.games, args.seconds, args.workers, only,
                                     args.variant or [])
        SUMMARY_FILE.write_text(json.dumps(summary, indent=1) + "\n")
        return
    if args.part == "departures":
        summary["departures"] = departures(args.games, args.seconds, args.workers, only)
        SUMMARY_FILE.write_text(json.dumps(summary, indent=1) + "\n")
        return
    if args.part == "trial":
        trials(args.games, args.seconds, args.clock, only, args.workers,
               set(args.variant) if args.variant else None)
        summary["trials"] = {"seconds": args.seconds, "clock": args.clock,
                             "games": trials_table(args.seconds)}
        SUMMARY_FILE.write_text(json.dumps(summary, indent=1) + "\n")
        for game, rows in summary["trials"]["games"].items():
            for name, row in rows.items():
                lo, hi = row["ci95"]
                print(f"{game:15} {name:24} {row['games']:4} {100 * row['share']:5.1f}% "
                      f"{100 * lo:5.1f}-{100 * hi:4.1f}%")
        return
    if args.part in ("strength", "all"):
        strength(args.games, args.seconds, args.clock, only, args.workers)
    summary["strength"] = strength_table(args.seconds, args.clock, args.workers)
    summary["strength_budget"] = {"seconds": args.seconds, "clock": args.clock}
    SUMMARY_FILE.write_text(json.dumps(summary, indent=1) + "\n")
    print(f"\n{'game':15} {'games':>5} {'expert wins':>12} {'95% interval':>14} {'goal':>5}"
          f" {'level in seat':>14} {'prior in seat':>14}")
    for game, row in summary["strength"].items():
        share = "-" if row["share"] is None else f"{100 * row['share']:.1f}%"
        level = "-" if row["level_in_seat"] is None else f"{100 * row['level_in_seat']:.1f}%"
        prior = (f"{100 * row['prior_in_seat']:.1f}%" if row.get("prior_in_seat") is not None
                 else "-")
        lo, hi = row["ci95"]
        print(f"{game:15} {row['games']:5} {share:>12} {100 * lo:5.1f}-{100 * hi:4.1f}% "
              f"{100 * row['goal']:4.0f}% {level:>14} {prior:>14}")


if __name__ == "__main__":
    main()
