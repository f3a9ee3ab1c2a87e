"""Practice questions: how many different questions the seeds give, and how fast.

``python benchmarks/practice.py [--seeds 10000] [--game NAME] [--workers N]`` asks
``tk.practice(game, seed=s)`` for every seed of every game (``make bench-practice``)
and reports, per game and per kind:

* distinct questions -- different (position, kind, choices): the position is the share
  code, which also holds the game's seed;
* distinct tables -- different (table, seat, kind, choices), the table being what a
  spectator sees of it (``view(None)`` of the share code's game): a stricter count that
  no seed or move order can inflate;
* generation time -- CPU time of one ``tk.practice`` call (``time.process_time``, so
  other work on the machine does not count): median, 90th percentile and maximum; and,
  for reference, the wall-clock median (which a busy machine inflates).

Goals (issue 24): 10,000 seeds give at least 5,000 distinct questions per game, and the
median generation takes under 50 ms. The seeds are shared among worker processes; each
measures its own CPU time. Writes ``benchmarks/practice.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

GOAL_DISTINCT = 5_000
GOAL_MEDIAN_MS = 50.0
CHUNK = 250


def ask(game: str, seeds: range) -> list[tuple[str, str, str, str, float, float]]:
    """(kind, question key, table key, section, CPU ms, wall ms) of every seed (in a
    worker)."""
    import treasurekit as tk

    out = []
    for seed in seeds:
        start, wall = time.process_time(), time.perf_counter()
        q = tk.practice(game, seed=seed)
        ms = (time.process_time() - start) * 1000
        wall_ms = (time.perf_counter() - wall) * 1000
        choices = ",".join(q.choices)
        view = json.dumps(q.table().view(None), sort_keys=True, default=str)
        out.append((q.kind, f"{q.position}|{q.kind}|{choices}",
                    f"{view}|{q.seat}|{q.kind}|{choices}", q.section.key, ms, wall_ms))
    return out


def figures(rows: list[tuple[str, str, str, str, float, float]]) -> dict[str, Any]:
    times = sorted(r[4] for r in rows)
    return {
        "questions": len(rows),
        "distinct": len({r[1] for r in rows}),
        "distinct_tables": len({r[2] for r in rows}),
        "sections": sorted({r[3] for r in rows}),
        "median_ms": round(statistics.median(times), 2),
        "p90_ms": round(times[int(0.9 * (len(times) - 1))], 2),
        "max_ms": round(times[-1], 2),
        "wall_median_ms": round(statistics.median(r[5] for r in rows), 2),
    }


def main(argv: list[str] | None = None) -> dict[str, Any]:
    import treasurekit as tk

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10_000)
    parser.add_argument("--game", choices=sorted(tk.GAMES), action="append")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--output", type=Path, default=HERE / "practice.json")
    args = parser.parse_args(argv)
    games = args.game or sorted(tk.GAMES)
    results: dict[str, Any] = {"seeds": args.seeds, "workers": args.workers,
                               "load_average": list(os.getloadavg()), "games": {}}
    started = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        jobs = {game: [pool.submit(ask, game, range(a, min(a + CHUNK, args.seeds)))
                       for a in range(0, args.seeds, CHUNK)] for game in games}
        for game, futures in jobs.items():
            rows = [row for f in futures for row in f.result()]
            by_kind: dict[str, list[Any]] = defaultdict(list)
            for row in rows:
                by_kind[row[0]].append(row)
            result = figures(rows)
            result["kinds"] = {kind: figures(by_kind[kind]) for kind in sorted(by_kind)}
            result["goals_met"] = (result["distinct"] >= GOAL_DISTINCT * args.seeds / 10_000
                                   and result["median_ms"] < GOAL_MEDIAN_MS)
            results["games"][game] = result
            report(game, result)
    results["wall_seconds"] = round(time.perf_counter() - started, 1)
    args.output.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    print(f"\n{args.seeds:,} seeds per game in {results['wall_seconds']} s on "
          f"{args.workers} worker(s); written to {args.output}")
    return results


def report(game: str, r: dict[str, Any]) -> None:
    print(f"\n{game}: {r['questions']:,} questions, {r['distinct']:,} distinct "
          f"(goal >= {GOAL_DISTINCT:,}), {r['distinct_tables']:,} distinct tables; "
          f"generation median {r['median_ms']} ms (goal < {GOAL_MEDIAN_MS:g}), "
          f"p90 {r['p90_ms']} ms, max {r['max_ms']} ms (wall-clock median "
          f"{r['wall_median_ms']} ms); "
          f"{'goals met' if r['goals_met'] else 'GOALS MISSED'}")
    print(f"  {'kind':18s} {'asked':>6s} {'distinct':>9s} {'tables':>7s} {'median':>8s} "
          f"{'p90':>8s}  sections")
    for kind, k in r["kinds"].items():
        print(f"  {kind:18s} {k['questions']:6d} {k['distinct']:9d} {k['distinct_tables']:7d}"
              f" {k['median_ms']:8.2f} {k['p90_ms']:8.2f}  {', '.join(k['sections'])}")


if __name__ == "__main__":
    main()
