"""treasurekit benchmarks: ``python benchmarks/run.py [--no-dashboard] [--output FILE]``.

Everything is measured as a ratio within the same run, so the numbers compare across
machines. Playout rates count CPU time of this process (``time.process_time``), so other
work on the machine does not distort them:

* playout -- random playouts through the public API (``legal_moves``, ``play``,
  ``deal``) in actions per second, each engine (Diving Bell; Sea or Shore with 3, 4
  and 5 players in turn; Captain Lucky with 2; Coralia with 2, 3 and 4) against OpenSpiel's
  ``python_liars_poker`` run the same way in the same process (goal: >= 1.5x). The
  peer's chance nodes are sampled as cheaply as the engine's dealer samples (the
  ratio that counts); the ratio against OpenSpiel's usual ``np.random.choice``
  sampling is reported too. Without open_spiel the peer is a trivial random walk.
* best_division -- the exhaustive best split of 16 revealed cards (goal: < 0.2 s).
* captain_lucky_odds -- the exact Captain Lucky odds table, sets of 1-5 cards with 0-5
  matching hand cards, captain bonus used and unused (goal: < 50 ms).
* import -- ``import treasurekit`` in a fresh interpreter, median of several runs
  (goal: <= 100 ms).
* games_10k -- 10,000 seeded random games of each game in one call, as a notebook cell
  plays them: ``tk.simulate(game, games=10_000)`` (a random legal move or the dealer
  until the game is over, the games shared among this machine's cores), wall time (goal:
  < 10 s each). For reference, the same games one at a time through the public API in
  one process: ``--games`` of them timed (CPU) and projected to 10,000.

Prints a table and writes ``benchmarks/results.json``. If ``benchmarks/dashboard.py``
exists, its ``main()`` runs last (Voila latency) unless ``--no-dashboard`` is given;
a dict it returns is stored under ``"dashboard"``.
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

GOAL_PLAYOUT_RATIO = 1.5
GOAL_DIVISION_SECONDS = 0.2
GOAL_IMPORT_SECONDS = 0.100
GOAL_ODDS_SECONDS = 0.050
GOAL_10K_SECONDS = 10.0
ROUNDS = 15                 # alternating measurement rounds per engine
ROUND_SECONDS = 0.4         # playout time per engine per round


# ---- (a) random playouts -------------------------------------------------------
def play_out(g: Any, rng: random.Random) -> int:
    """Play ``g`` to its end through the public API (dealer for chance, a random legal
    move otherwise); the number of actions."""
    actions = 0
    while not g.is_over:
        if g.is_chance:
            g.deal()
        else:
            g.play(rng.choice(g.legal_moves()))
        actions += 1
    return actions


def engine_playouts(seconds: float, first_seed: int, game: str = "diving_bell",
                    counts: tuple[int, ...] = (2,)) -> tuple[int, float, int]:
    """Random games of one engine for about ``seconds``: (actions, elapsed, games).

    The player count cycles through ``counts`` from one game to the next.
    """
    import treasurekit as tk

    rng = random.Random(first_seed)
    actions = games = 0
    start = time.process_time()
    seed = first_seed
    while True:
        actions += play_out(tk.new_game(game, players=counts[games % len(counts)], seed=seed),
                            rng)
        games += 1
        seed += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return actions, elapsed, games


diving_bell_playouts = engine_playouts
def _playout_games() -> dict[str, tuple[int, ...]]:
    import treasurekit as tk

    return {name: tk.GAMES[name].playout_players for name in tk.GAMES}


#: The engines measured against the peer: name -> player counts cycled through (every
#: registered game, the counts its spec declares: ``GameSpec.playout_players``).
PLAYOUT_GAMES: dict[str, tuple[int, ...]] = _playout_games()


def liars_poker_playouts(seconds: float, first_seed: int,
                         numpy_sampling: bool = False) -> tuple[int, float, int]:
    """Random games of OpenSpiel's python_liars_poker through its public API.

    Chance nodes are sampled like the engine's ``deal()`` does (one uniform number, a
    cumulative pick), or with ``numpy_sampling`` the way OpenSpiel's examples do it
    (``np.random.choice(actions, p=probs)``), which is several times slower.
    """
    import pyspiel
    from open_spiel.python.games import liars_poker  # noqa: F401  (registers the game)

    from treasurekit.core.chance import pick

    game = pyspiel.load_game("python_liars_poker")
    rng = random.Random(first_seed)
    choice: Any = None
    if numpy_sampling:
        import numpy as np

        choice = np.random.default_rng(first_seed).choice
    actions = games = 0
    start = time.process_time()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                if choice is None:
                    action = pick(outcomes, rng.random())  # the engine dealer's own sampler
                else:
                    acts, probs = zip(*outcomes, strict=True)
                    action = int(choice(acts, p=probs))
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
            actions += 1
        games += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return actions, elapsed, games


class _Walk:
    """A trivial pure-Python game: a random walk from 0 that ends at +-10."""

    def __init__(self) -> None:
        self.pos = 0

    def is_over(self) -> bool:
        return abs(self.pos) >= 10

    def legal_moves(self) -> list[int]:
        return [-1, 1]

    def play(self, step: int) -> None:
        self.pos += step


def walk_playouts(seconds: float, first_seed: int) -> tuple[int, float, int]:
    """The fallback peer when open_spiel is missing."""
    rng = random.Random(first_seed)
    actions = games = 0
    start = time.process_time()
    while True:
        w = _Walk()
        while not w.is_over():
            w.play(rng.choice(w.legal_moves()))
            actions += 1
        games += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return actions, elapsed, games


def bench_playout(rounds: int = ROUNDS, seconds: float = ROUND_SECONDS,
                  game: str = "diving_bell") -> dict[str, Any]:
    """One engine vs the peer in alternating rounds (each going first in turn); the ratio is
    the median of the rounds'."""
    Playouts = Callable[[float, int], tuple[int, float, int]]
    try:
        import pyspiel  # noqa: F401
        from open_spiel.python.games import liars_poker  # noqa: F401

        peer: tuple[str, Playouts] = ("open_spiel python_liars_poker", liars_poker_playouts)
        idiom: Playouts | None = functools.partial(liars_poker_playouts, numpy_sampling=True)
        missing = None
    except ImportError as err:
        peer, idiom = ("pure-Python random walk (fallback)", walk_playouts), None
        missing = f"open_spiel is not installed ({err}); the peer is a trivial random walk"
        print(f"NOTE: {missing}")
    engine = functools.partial(engine_playouts, game=game, counts=PLAYOUT_GAMES[game])
    ours: list[float] = []
    theirs: list[float] = []
    theirs_np: list[float] = []
    engine(0.1, 10_000)                          # warm up imports and caches
    peer[1](0.1, 10_000)
    # Alternate, so that load changes hit both sides, and take turns at going first: this
    # machine's speed drifts within seconds (single rounds range 1.35-2.31x for the same
    # code), and whoever always ran second would meet the drift alone.
    for r in range(rounds):
        turns: list[tuple[Playouts, list[float]]] = [(engine, ours), (peer[1], theirs)]
        if r % 2:
            turns.reverse()
        for playouts, rates in turns:
            a, t, _ = playouts(seconds, 1000 * r)
            rates.append(a / t)
        if idiom is not None:
            a, t, _ = idiom(seconds / 2, 1000 * r)
            theirs_np.append(a / t)
    ratio = statistics.median(x / y for x, y in zip(ours, theirs, strict=True))
    out = {
        "game": game, "peer": peer[0], "peer_missing": missing,
        "actions_per_s": round(statistics.median(ours)),
        "peer_actions_per_s": round(statistics.median(theirs)),
        "ratio": round(ratio, 3), "goal_ratio": GOAL_PLAYOUT_RATIO,
        "ok": ratio >= GOAL_PLAYOUT_RATIO and missing is None,
        "rounds": rounds, "seconds_per_round": seconds,
    }
    if theirs_np:
        out["peer_numpy_sampling_actions_per_s"] = round(statistics.median(theirs_np))
        out["ratio_vs_numpy_sampling"] = round(statistics.median(
            x / y for x, y in zip(ours, theirs_np, strict=True)), 3)
    return out


# ---- (a2) 10,000 seeded random games ------------------------------------------------
def bench_games(game: str, games: int) -> dict[str, Any]:
    """10,000 seeded random games of ``game`` (seat counts as in the playout bench) as one
    notebook cell plays them: ``tk.simulate(game, games=10_000, players=counts)``, wall
    time on this machine's cores (the goal). For reference, the same games through the
    public API in one process (``play_out``): CPU time for ``games`` of them, projected to
    10,000."""
    import treasurekit as tk

    counts = PLAYOUT_GAMES[game]
    sim = tk.simulate(game, games=10_000, players=counts)
    actions = 0
    start = time.process_time()
    for seed in range(games):
        actions += play_out(tk.new_game(game, players=counts[seed % len(counts)], seed=seed),
                            random.Random(seed))
    took = time.process_time() - start
    return {
        "game": game, "simulate_s": round(sim.seconds, 2), "simulate_jobs": sim.jobs,
        "cores": os.cpu_count(), "mean_actions": round(sim.mean_actions(), 1),
        "goal_s": GOAL_10K_SECONDS, "ok": sim.seconds < GOAL_10K_SECONDS,
        "api_games": games, "api_cpu_s": round(took, 3),
        "api_projected_s_for_10000": round(took * 10_000 / games, 2),
    }


# ---- (b) best division ---------------------------------------------------------
def bench_division(cards: int = 16, runs: int = 7) -> dict[str, Any]:
    from treasurekit.games.diving_bell.cards import STANDARD_DECK
    from treasurekit.games.diving_bell.odds import best_division

    rng = random.Random(16)
    deck = [c.code for c in STANDARD_DECK]
    best_division(rng.sample(deck, cards), [], [], False)     # warm up numpy and caches
    times: dict[str, list[float]] = {"normal": [], "burst": []}
    examined: dict[str, int] = {}
    for _ in range(runs):
        codes = rng.sample(deck, cards + 20)
        row, chooser, divider = codes[:cards], codes[cards:cards + 10], codes[cards + 10:]
        for kind, burst in (("normal", False), ("burst", True)):
            t = time.perf_counter()
            d = best_division(row, chooser, divider, burst)
            times[kind].append(time.perf_counter() - t)
            examined[kind] = d.examined
    worst = max(statistics.median(v) for v in times.values())
    return {
        "cards": cards, "runs": runs,
        "normal_s": round(statistics.median(times["normal"]), 5),
        "burst_s": round(statistics.median(times["burst"]), 5),
        "splits_examined": examined, "goal_s": GOAL_DIVISION_SECONDS,
        "ratio_to_goal": round(worst / GOAL_DIVISION_SECONDS, 3),
        "ok": worst < GOAL_DIVISION_SECONDS,
    }


def bench_captain_lucky_odds(runs: int = 15) -> dict[str, Any]:
    from treasurekit.games.captain_lucky import odds

    odds.win_table()                              # warm up numpy
    times = []
    for _ in range(runs):
        odds.solve.cache_clear()                  # the table is worked out from scratch
        t = time.perf_counter()
        table = odds.win_table()
        times.append(time.perf_counter() - t)
    median = statistics.median(times)
    return {
        "shape": list(table.shape), "runs": runs, "median_s": round(median, 5),
        "goal_s": GOAL_ODDS_SECONDS, "ratio_to_goal": round(median / GOAL_ODDS_SECONDS, 3),
        "ok": median < GOAL_ODDS_SECONDS,
    }


# ---- (c) import time -----------------------------------------------------------
_IMPORT_PROBE = (
    "import sys, time; t, c = time.perf_counter(), time.process_time(); import treasurekit; "
    "print(time.perf_counter() - t, time.process_time() - c, int('numpy' in sys.modules))"
)


def bench_import(runs: int = 7) -> dict[str, Any]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    times, cpu, numpy_loaded = [], [], False
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", _IMPORT_PROBE],
                             env=env, capture_output=True, text=True, check=True).stdout
        seconds, cpu_seconds, numpy_flag = out.split()
        times.append(float(seconds))
        cpu.append(float(cpu_seconds))
        numpy_loaded = numpy_loaded or numpy_flag == "1"
    median = statistics.median(times)
    return {
        "runs": runs, "median_s": round(median, 4), "min_s": round(min(times), 4),
        "cpu_median_s": round(statistics.median(cpu), 4),
        "goal_s": GOAL_IMPORT_SECONDS, "ratio_to_goal": round(median / GOAL_IMPORT_SECONDS, 3),
        "imports_numpy": numpy_loaded, "ok": median <= GOAL_IMPORT_SECONDS,
    }


# ---- dashboard hook ------------------------------------------------------------
def run_dashboard() -> Any:
    """Run ``benchmarks/dashboard.py``'s ``main()`` if that module exists."""
    path = HERE / "dashboard.py"
    if not path.exists():
        return None
    name = "treasurekit_bench_dashboard"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module          # dataclasses look their module up while defined
    try:
        spec.loader.exec_module(module)
        return module.main()
    except Exception as err:  # the engine numbers are still worth writing down
        print(f"dashboard failed: {type(err).__name__}: {err}")
        return {"error": f"{type(err).__name__}: {err}"}


def run_classroom(argv: list[str]) -> dict[str, Any]:
    """``benchmarks/classroom.py`` (it writes its own ``classroom.json`` too)."""
    from benchmarks import classroom

    return classroom.main(argv)


def _table(results: dict[str, Any]) -> str:
    d, i, o = results["best_division"], results["import"], results["captain_lucky_odds"]
    mark = {True: "ok", False: "MISSED"}
    rows = []
    for p in results["playout"].values():
        rows.append((f"playout {p['game']}",
                     f"{p['actions_per_s']:,} vs {p['peer_actions_per_s']:,} act/s",
                     f"{p['ratio']:.2f}x", f">= {p['goal_ratio']}x", mark[p["ok"]]))
        if "ratio_vs_numpy_sampling" in p:
            rows.append(("  (peer np.random)",
                         f"{p['peer_numpy_sampling_actions_per_s']:,} act/s",
                         f"{p['ratio_vs_numpy_sampling']:.2f}x", "", "info"))
    for b in results.get("games_10k", {}).values():
        rows.append((f"10,000 games {b['game']}",
                     f"tk.simulate on {b['simulate_jobs']} of {b['cores']} cores",
                     f"{b['simulate_s']:.1f} s", f"< {b['goal_s']:.0f} s", mark[b["ok"]]))
        rows.append(("  (public API, 1 process)",
                     f"{b['api_games']:,} games in {b['api_cpu_s']:.2f} s CPU",
                     f"{b['api_projected_s_for_10000']:.1f} s", "", "info"))
    rows += [
        ("best_division", f"{d['cards']} cards: {d['normal_s'] * 1e3:.1f} ms, "
         f"burst {d['burst_s'] * 1e3:.1f} ms", f"{d['ratio_to_goal']:.2f} of goal",
         f"< {d['goal_s']} s", mark[d["ok"]]),
        ("captain_lucky_odds", f"k<=5, m<=5: {o['median_s'] * 1e3:.2f} ms",
         f"{o['ratio_to_goal']:.2f} of goal", f"< {o['goal_s'] * 1e3:.0f} ms", mark[o["ok"]]),
        ("import", f"{i['median_s'] * 1e3:.1f} ms (median of {i['runs']})",
         f"{i['ratio_to_goal']:.2f} of goal", f"<= {i['goal_s'] * 1e3:.0f} ms", mark[i["ok"]]),
    ]
    widths = [max(len(r[k]) for r in rows) for k in range(5)]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) for r in rows]
    peer = next(iter(results["playout"].values()))["peer"]
    return "\n".join([f"peer: {peer}", *lines])


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description="treasurekit benchmarks")
    parser.add_argument("--no-dashboard", action="store_true", help="skip benchmarks/dashboard.py")
    parser.add_argument("--output", type=Path, default=None,
                        help="where to write the results (default: benchmarks/results.json; "
                             "with --only, nowhere unless given)")
    parser.add_argument("--games", type=int, default=1000,
                        help="random games timed per game for the 10,000-games figure")
    parser.add_argument("--only", choices=["playout", "games"], default=None,
                        help="run only the playout ratios or only the 10,000-games figure")
    parser.add_argument("--game", action="append", choices=sorted(PLAYOUT_GAMES),
                        help="measure only this game (repeatable; default: every game)")
    parser.add_argument("--classroom", action="store_true",
                        help="also run benchmarks/classroom.py (a class arriving at once; "
                             "minutes); unknown options go to it")
    parser.add_argument("--classroom-only", action="store_true",
                        help="run only benchmarks/classroom.py")
    args, rest = parser.parse_known_args(argv)
    if rest and not (args.classroom or args.classroom_only):
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    if args.classroom_only:
        return run_classroom(rest)
    start = time.perf_counter()
    results: dict[str, Any] = {
        "python": platform.python_version(), "machine": platform.machine(),
        "platform": platform.platform(),
    }
    games = args.game or list(PLAYOUT_GAMES)
    if args.only != "games":
        results["playout"] = {game: bench_playout(game=game) for game in games}
    if args.only != "playout":
        results["games_10k"] = {game: bench_games(game, args.games) for game in games}
    if args.only is not None:
        print(json.dumps(results, indent=2))
        if args.output is not None:
            args.output.write_text(json.dumps(results, indent=2) + "\n")
        return results
    results["best_division"] = bench_division()
    results["captain_lucky_odds"] = bench_captain_lucky_odds()
    results["import"] = bench_import()
    print(_table(results))
    if not args.no_dashboard:
        dashboard = run_dashboard()
        if dashboard is not None:
            results["dashboard"] = dashboard
    if args.classroom:
        results["classroom"] = run_classroom(rest)
    results["seconds"] = round(time.perf_counter() - start, 1)
    output = args.output or HERE / "results.json"
    output.write_text(json.dumps(results, indent=2) + "\n")
    print(f"wrote {output} ({results['seconds']} s)")
    return results


if __name__ == "__main__":
    main()
