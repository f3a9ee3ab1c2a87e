"""Anonymous page loads that never connect, and a real viewer among them.

``python benchmarks/flood.py [--loads 100] [--rate 3] [--classroom] [--viewer-at 10]
[--wait 240]``, or ``python benchmarks/run.py --flood-only``.

A link preview, a crawler or a loop of plain ``GET /voila/render/<app>.ipynb`` fetches
the page and never opens its kernel's websocket. This sends ``--loads`` such requests to
the Diving Bell app at ``--rate`` a second (each reads the whole answer, as ``curl``
does), while one real viewer in headless Chromium opens the same app ``--viewer-at``
seconds into the flood; then it waits (at most ``--wait`` seconds) until the server is
back to the kernels it had before. It reports the answers (200 or 503), the most kernels
and memory (server and kernels, RSS) at once, how long after the last load the kernels
were freed, the memory at the end against the start, and the viewer's time to a usable
app. ``--classroom`` runs the server in classroom mode (``make serve-class``: a pool of
30 for the app), ``--plain-voila`` runs Voila itself with the repository's ``voila.json``
(as ``make serve`` did before ``treasurekit.serving``), to measure the old behaviour.

Loopback only, bounded in count and time. Writes ``benchmarks/flood.json``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import sys
import time
from pathlib import Path
from typing import Any

import psutil

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.classroom import chromium_viewer, server_memory, settle  # noqa: E402
from benchmarks.dashboard import TARGETS, h  # noqa: E402
from tests.browser.serving import kernel_processes  # noqa: E402
from treasurekit.serving import classroom_options  # noqa: E402

APP = "diving_bell.ipynb"
CLASS = 30


def start_server(classroom: bool, plain_voila: bool) -> Any:
    extra = classroom_options({APP: CLASS}) if classroom else []
    if not plain_voila:
        return h.start_voila("notebooks", extra=extra)
    port = h.free_port()
    argv = [sys.executable, "-m", "voila", "--no-browser", f"--port={port}",
            "--Voila.ip=127.0.0.1", *extra, "notebooks"]
    return h._start("voila", argv, port, "/voila/static/voila.js")


async def flood(base: str, loads: int, rate: float) -> list[dict[str, Any]]:
    """``loads`` GETs of the app, one every 1/``rate`` s, each read whole, never connected."""
    from tornado.httpclient import AsyncHTTPClient, HTTPRequest

    client = AsyncHTTPClient()
    start = time.monotonic()

    async def one(i: int) -> dict[str, Any]:
        await asyncio.sleep(max(0.0, start + i / rate - time.monotonic()))
        sent = time.monotonic()
        try:
            resp = await client.fetch(HTTPRequest(f"{base}/voila/render/{APP}",
                                                  request_timeout=600, connect_timeout=60),
                                      raise_error=False)
            code = resp.code
        except Exception:  # a timeout or a closed connection is an answer too
            code = 599
        return {"status": code, "s": round(time.monotonic() - sent, 2),
                "done": time.monotonic()}

    return list(await asyncio.gather(*(one(i) for i in range(loads))))


async def run(args: argparse.Namespace) -> dict[str, Any]:
    from playwright.async_api import async_playwright
    from tornado.httpclient import AsyncHTTPClient

    AsyncHTTPClient.configure(None, max_clients=args.loads + 10)
    server = start_server(args.classroom, args.plain_voila)
    pid = server.proc.pid
    playwright = await async_playwright().start()
    browser = await playwright.chromium.launch(executable_path=h.CHROMIUM, args=h.CHROMIUM_ARGS,
                                               headless=True)
    result: dict[str, Any] = {
        "server": "voila (before)" if args.plain_voila else "treasurekit.serving",
        "mode": "classroom" if args.classroom else "normal", "loads": args.loads,
        "rate": args.rate, "cpus": psutil.cpu_count(),
        "load_before": [round(x, 2) for x in psutil.getloadavg()]}
    try:
        await settle(pid, CLASS if args.classroom else 0, timeout=600)
        await asyncio.sleep(2)
        baseline = len(kernel_processes(pid))
        result["kernels_before"] = baseline
        result["memory_before_mb"] = round(server_memory(pid))
        peak = {"kernels": 0, "mb": 0.0}
        watching = True

        async def watch() -> None:
            while watching:
                peak["kernels"] = max(peak["kernels"], len(kernel_processes(pid)))
                with contextlib.suppress(psutil.Error):
                    peak["mb"] = max(peak["mb"], server_memory(pid))
                await asyncio.sleep(0.5)

        async def viewer() -> Any:
            await asyncio.sleep(args.viewer_at)
            return await chromium_viewer(browser, server.base_url, TARGETS["app"])

        watcher = asyncio.ensure_future(watch())
        started = time.monotonic()
        answers, visit = await asyncio.gather(flood(server.base_url, args.loads, args.rate),
                                              viewer())
        last = max(a["done"] for a in answers)
        result["flood_s"] = round(last - started, 1)
        result["answers"] = {str(code): sum(a["status"] == code for a in answers)
                             for code in sorted({a["status"] for a in answers})}
        result["slowest_answer_s"] = max(a["s"] for a in answers)
        result["viewer"] = {"ok": visit.ok, "tti_s": round(visit.tti_s, 2),
                            "error": visit.error}
        # Back to the kernels of before (the pool refilled, in classroom mode)?
        freed = None
        while time.monotonic() - last < args.wait:
            if len(kernel_processes(pid)) <= baseline:
                freed = round(time.monotonic() - last, 1)
                break
            await asyncio.sleep(1)
        watching = False
        await watcher
        result["peak_kernels"] = peak["kernels"]
        result["peak_memory_mb"] = round(peak["mb"])
        result["freed_after_s"] = freed
        result["kernels_left"] = len(kernel_processes(pid))
        if args.classroom:
            await settle(pid, baseline, timeout=300)
        result["memory_after_mb"] = round(server_memory(pid))
    finally:
        await browser.close()
        await playwright.stop()
        server.stop()
    result["load_after"] = [round(x, 2) for x in psutil.getloadavg()]
    return result


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=100)
    parser.add_argument("--rate", type=float, default=3.0, help="loads a second")
    parser.add_argument("--classroom", action="store_true", help="a pool of 30 for the app")
    parser.add_argument("--plain-voila", action="store_true",
                        help="Voila itself (the behaviour before treasurekit.serving)")
    parser.add_argument("--viewer-at", type=float, default=10.0,
                        help="seconds into the flood when the real viewer arrives")
    parser.add_argument("--wait", type=float, default=240.0,
                        help="seconds to wait for the kernels to be freed")
    parser.add_argument("--output", type=Path, default=HERE / "flood.json")
    args = parser.parse_args([] if argv is None else argv)
    if args.loads > 400 or args.rate > 20:
        parser.error("bounded: at most 400 loads at 20 a second")
    result = asyncio.run(run(args))
    print(json.dumps(result, indent=2))
    runs = json.loads(args.output.read_text()) if args.output.exists() else {}
    runs[f"{result['server']}, {result['mode']}, {args.loads} loads"] = result
    args.output.write_text(json.dumps(runs, indent=2) + "\n")
    return result


if __name__ == "__main__":
    main(sys.argv[1:])
