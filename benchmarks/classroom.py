"""A class arriving at once: time-to-interactive, failures and memory of the Voila server.

``python benchmarks/classroom.py [--viewers 30] [--normal-viewers 60] [--browsers 3]
[--spread 4] [--reloads 5] [--reload-every 30] [--only-reloads] [--json]``, or
``python benchmarks/run.py --classroom``.

Students' browsers run on their own devices, so most viewers are simulated at the
protocol level, as the page's script talks to the server: fetch the rendered page,
open the kernel's websocket, ask for every widget's state over the
``jupyter.widget.control`` comm (what the widget manager does on load) and count the
viewer interactive when the states of all the widgets in the page have arrived; a few
real Chromium pages (Debian's, headless) go with them and count interactive when the
app's first button is usable. Leaving sends ``POST /voila/api/shutdown/<kernel>`` with
the ``_xsrf`` token, as the page does when its tab closes.

One run measures, each time for the Diving Bell app and a bare one-button notebook
(``benchmarks/bare_button.ipynb``) in turn:

* classroom mode (``make serve-class``: a preheated pool of ``--viewers`` kernels):
  ``--viewers`` arriving within ``--spread`` seconds (goal: all interactive, median
  <= 2 s, max <= 5 s);
* without the pool: ``--normal-viewers`` arriving within ``--spread`` seconds (goal: all
  interactive, and none left silently blank);
* a lesson (classroom mode): the class has the app open, and every ``--reload-every``
  seconds all of them reload it at once (within ``--reload-spread`` seconds), ``--reloads``
  rounds: each closes its page (its kernel is shut down) and opens it again, so the pool
  must refill as fast as a class reloads (goal: every reload interactive, median <= 2 s,
  max <= 5 s); the server's and kernels' peak memory must stay flat (<= 1.15x round 1);
* a kernel's memory (RSS) against a bare ipykernel that imported ipywidgets
  (goal <= 1.3x).

The client runs on the same machine as the server and takes CPU from it: on a shared
or small machine the times are pessimistic. Writes ``benchmarks/classroom.json``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import re
import statistics
import sys
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psutil

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.dashboard import TARGETS, TTI_SCRIPT, h  # noqa: E402 (one harness)
from tests.browser.serving import (  # noqa: E402
    channels_url,
    decode,
    kernel_processes,
    message,
    server_memory_mb,
)
from treasurekit.serving import classroom_options  # noqa: E402

NOTEBOOKS = {"app": TARGETS["app"]["notebook"], "bare": TARGETS["bare"]["notebook"]}
#: The server runs on the repository's root, to show the bare notebook beside the apps.
PAGES = [r"--TreasurekitVoila.pages=notebooks/[A-Za-z0-9_]+\.ipynb",
         r"--TreasurekitVoila.pages=benchmarks/bare_button\.ipynb"]
GOAL_MEDIAN_S, GOAL_MAX_S, GOAL_RSS_RATIO, GOAL_FLAT = 2.0, 5.0, 1.3, 1.15
VIEWER_TIMEOUT_S = 180.0
MODEL_ID = re.compile(r'"model_id":\s*"([0-9a-f]{32})"')


@dataclass
class Visit:
    kind: str                 # "protocol" or "chromium"
    ok: bool = False
    tti_s: float = 0.0        # arrival -> interactive
    served_s: float = 0.0     # arrival -> whole page received (protocol viewers)
    announced: bool = False   # the page said the server was busy (Chromium)
    error: str = ""
    kernel_id: str = ""
    xsrf: str = ""


# ---- a viewer at the protocol level ---------------------------------------------------
async def protocol_viewer(base: str, notebook: str, lang: str = "en") -> Visit:
    from tornado.httpclient import AsyncHTTPClient, HTTPRequest
    from tornado.websocket import websocket_connect

    visit = Visit("protocol")
    start = time.monotonic()
    try:
        resp = await AsyncHTTPClient().fetch(HTTPRequest(
            f"{base}/voila/render/{notebook}?lang={lang}", request_timeout=VIEWER_TIMEOUT_S,
            connect_timeout=30), raise_error=False)
        visit.served_s = time.monotonic() - start
        page = resp.body.decode("utf-8", errors="replace") if resp.body else ""
        if resp.code != 200:
            visit.error = f"HTTP {resp.code}"
            return visit
        cookies = {}
        for header in resp.headers.get_list("Set-Cookie"):
            name, _, rest = header.partition("=")
            cookies[name.strip()] = rest.split(";", 1)[0].strip('"')
        visit.xsrf = cookies.get("_xsrf", "")
        match = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', page)
        if not match:
            visit.error = "no kernel id in the page"
            return visit
        visit.kernel_id = match.group(1)
        cells = page[page.find('id="rendered_cells"'):]     # not the template's own script
        if '"output_type": "error"' in cells or "application/vnd.jupyter.stderr" in cells:
            text = re.search(r'(There was an error[^<"]{0,80}|"evalue": "[^"]{0,80})', cells)
            visit.error = ("error output in the page (the watchdog announces and retries): "
                           + (text.group(1) if text else "?"))
            return visit
        wanted = set(MODEL_ID.findall(cells))
        if not wanted:
            visit.error = "no widget in the page (the watchdog announces and retries)"
            return visit
        ws_url = channels_url(base, visit.kernel_id)
        cookie = "; ".join(f"{k}={v}" for k, v in cookies.items())
        ws = await websocket_connect(HTTPRequest(ws_url, headers={"Cookie": cookie},
                                                 connect_timeout=30),
                                     max_message_size=64 * 2**20)
        try:
            comm_id = uuid.uuid4().hex
            await ws.write_message(message("kernel_info_request", {}))
            await ws.write_message(message(
                "comm_open", {"comm_id": comm_id, "target_name": "jupyter.widget.control",
                              "data": {}}, metadata={"version": "1.0.0"}))
            await ws.write_message(message(
                "comm_msg", {"comm_id": comm_id, "data": {"method": "request_states"}}))
            deadline = start + VIEWER_TIMEOUT_S
            while True:
                frame = await asyncio.wait_for(ws.read_message(),
                                               max(0.1, deadline - time.monotonic()))
                if frame is None:
                    visit.error = "websocket closed"
                    return visit
                msg = decode(frame)
                content = msg.get("content", {})
                if (msg.get("header", {}).get("msg_type") == "comm_msg"
                        and content.get("comm_id") == comm_id
                        and content.get("data", {}).get("method") == "update_states"):
                    missing = wanted - set(content["data"].get("states", {}))
                    if missing:
                        visit.error = f"{len(missing)} widget states missing"
                        return visit
                    visit.ok = True
                    visit.tti_s = time.monotonic() - start
                    return visit
        finally:
            ws.close()
    except Exception as err:  # a failed viewer is a result, not a crash
        visit.error = f"{type(err).__name__}: {err}"[:200]
        return visit


async def leave(base: str, visit: Visit) -> None:
    """What the page sends when its tab closes."""
    from tornado.httpclient import AsyncHTTPClient, HTTPRequest

    if not visit.kernel_id:
        return
    await AsyncHTTPClient().fetch(HTTPRequest(
        f"{base}/voila/api/shutdown/{visit.kernel_id}", method="POST",
        headers={"Cookie": f"_xsrf={visit.xsrf}",
                 "Content-Type": "application/x-www-form-urlencoded"},
        body=f"_xsrf={visit.xsrf}", request_timeout=60), raise_error=False)


# ---- a viewer in Chromium -------------------------------------------------------------
async def chromium_viewer(browser: Any, base: str, target: dict[str, str]) -> Visit:
    visit = Visit("chromium")
    context = await browser.new_context(viewport=h.VIEWPORT)
    try:
        page = await context.new_page()
        await page.route(re.compile(r"^(?!https?://(127\.0\.0\.1|localhost)[:/])"),
                         lambda route: route.abort())
        await page.add_init_script(TTI_SCRIPT % {"button": json.dumps(target["button"]),
                                                 "label": json.dumps(target["label"])})
        await page.goto(f"{base}/voila/render/{target['notebook']}", wait_until="commit",
                        timeout=VIEWER_TIMEOUT_S * 1000)
        try:
            await page.wait_for_function("window.__tkTTI !== undefined",
                                         timeout=VIEWER_TIMEOUT_S * 1000)
            visit.tti_s = float(await page.evaluate("window.__tkTTI")) / 1000
            visit.ok = True
        except Exception as err:
            visit.error = f"{type(err).__name__}"
        visit.announced = bool(await page.locator("#tk-serving-status").count())
        with contextlib.suppress(Exception):
            visit.kernel_id = str(await page.evaluate(
                "JSON.parse(document.getElementById('jupyter-config-data').textContent)"
                ".kernelId"))
        await page.close(run_before_unload=True)
    except Exception as err:
        visit.error = f"{type(err).__name__}: {err}"[:200]
    finally:
        await asyncio.sleep(0.5)            # let the shutdown beacon go out
        await context.close()
    return visit


# ---- a burst ----------------------------------------------------------------------------
async def watch_peak(server_pid: int, peak: dict[str, float]) -> None:
    """Keep the most memory (server and kernels) and kernels seen in ``peak`` until cancelled."""
    while True:
        peak["rss_mb"] = max(peak["rss_mb"], server_memory_mb(server_pid))
        peak["kernels"] = max(peak["kernels"], len(kernel_processes(server_pid)))
        await asyncio.sleep(0.5)


async def burst(base: str, name: str, viewers: int, browsers: int, spread: float,
                browser: Any, server_pid: int) -> dict[str, Any]:
    """``viewers`` arrive at random moments within ``spread`` seconds; ``browsers`` of
    them are Chromium pages. Everyone leaves once all have arrived."""
    rng = random.Random(viewers * 7919 + len(name))
    kinds = ["chromium"] * min(browsers, viewers) + ["protocol"] * (viewers - browsers)
    rng.shuffle(kinds)
    peak = {"rss_mb": 0.0, "kernels": 0}

    async def one(kind: str) -> Visit:
        await asyncio.sleep(rng.uniform(0, spread))
        if kind == "chromium" and browser is not None:
            return await chromium_viewer(browser, base, TARGETS[name])
        return await protocol_viewer(base, NOTEBOOKS[name])

    watcher = asyncio.ensure_future(watch_peak(server_pid, peak))
    started = time.monotonic()
    visits = await asyncio.gather(*(one(k) for k in kinds))
    elapsed = time.monotonic() - started
    kernel_rss = [p.memory_info().rss / 2**20 for p in kernel_processes(server_pid)]
    watcher.cancel()
    await asyncio.gather(*(leave(base, v) for v in visits if v.kind == "protocol"))
    return summarize(name, visits, elapsed, peak, kernel_rss)


def summarize(name: str, visits: list[Visit], elapsed: float, peak: dict[str, float],
              kernel_rss: list[float]) -> dict[str, Any]:
    ok = [v for v in visits if v.ok]
    tti = sorted(v.tti_s for v in ok)
    failed = [v for v in visits if not v.ok]
    return {
        "notebook": NOTEBOOKS[name], "viewers": len(visits),
        "chromium": sum(v.kind == "chromium" for v in visits),
        "interactive": len(ok),
        "median_tti_s": round(statistics.median(tti), 2) if tti else None,
        "max_tti_s": round(max(tti), 2) if tti else None,
        # Without the Chromium pages, whose own rendering shares the server's CPU here.
        "max_tti_protocol_s": round(max(v.tti_s for v in ok if v.kind == "protocol"), 2)
        if any(v.kind == "protocol" for v in ok) else None,
        "median_served_s": round(statistics.median(
            v.served_s for v in visits if v.kind == "protocol" and v.served_s), 2)
        if any(v.kind == "protocol" and v.served_s for v in visits) else None,
        "chromium_tti_s": [round(v.tti_s, 2) for v in visits if v.kind == "chromium" and v.ok],
        "announced": sum(v.announced for v in visits),
        # A failure nobody was told about: a Chromium page without the busy notice.
        "silent_blank": sum(1 for v in failed if v.kind == "chromium" and not v.announced),
        "errors": sorted({v.error for v in failed})[:5],
        "seconds": round(elapsed, 1),
        "peak_rss_mb": round(peak["rss_mb"]), "peak_kernels": int(peak["kernels"]),
        "kernel_rss_median_mb": round(statistics.median(kernel_rss), 1) if kernel_rss else None,
    }


# ---- server helpers ---------------------------------------------------------------------
async def settle(server_pid: int, kernels: int, timeout: float = 300.0) -> float:
    """Wait until the server runs ``kernels`` kernels and is quiet (pool filled)."""
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        procs = kernel_processes(server_pid)
        if len(procs) >= kernels:
            busy = 0.0
            for p in [psutil.Process(server_pid), *procs]:
                with contextlib.suppress(psutil.Error):
                    busy += p.cpu_percent(interval=None)
            await asyncio.sleep(1.0)
            busy = 0.0
            for p in [psutil.Process(server_pid), *procs]:
                with contextlib.suppress(psutil.Error):
                    busy += p.cpu_percent(interval=None)
            if busy < 15.0:
                return time.monotonic() - start
        else:
            await asyncio.sleep(0.5)
    return time.monotonic() - start


def server_memory(server_pid: int) -> float:
    return server_memory_mb(server_pid)


def bare_kernel_rss() -> float:
    """RSS of a bare ipykernel that imported ipywidgets (median of 3)."""
    from jupyter_client.manager import start_new_kernel

    values = []
    for _ in range(3):
        km, kc = start_new_kernel(kernel_name="python3")
        try:
            kc.execute_interactive("import ipywidgets", timeout=60)
            time.sleep(0.5)
            pid = km.provisioner.pid if km.provisioner else None  # type: ignore[union-attr]
            values.append(psutil.Process(pid).memory_info().rss / 2**20)
        finally:
            kc.stop_channels()
            km.shutdown_kernel(now=True)
    return statistics.median(values)


async def lesson(base: str, server_pid: int, args: argparse.Namespace) -> list[dict[str, Any]]:
    """The class opens the app and keeps it open; every ``--reload-every`` seconds all of
    them reload it (close the page, open it again) within ``--reload-spread`` seconds."""
    notebook, rng = NOTEBOOKS["app"], random.Random(args.viewers)
    learners = list(await asyncio.gather(*(protocol_viewer(base, notebook)
                                           for _ in range(args.viewers))))
    await settle(server_pid, 2 * args.viewers)     # the pool refilled behind them
    rounds = []
    for _ in range(args.reloads):
        started = time.monotonic()
        peak = {"rss_mb": 0.0, "kernels": 0}

        async def reload(i: int) -> None:
            await asyncio.sleep(rng.uniform(0, args.reload_spread))
            await leave(base, learners[i])
            learners[i] = await protocol_viewer(base, notebook)

        watcher = asyncio.ensure_future(watch_peak(server_pid, peak))
        await asyncio.gather(*(reload(i) for i in range(args.viewers)))
        watcher.cancel()
        tti = sorted(v.tti_s for v in learners if v.ok)
        rounds.append({"interactive": len(tti),
                       "median_tti_s": round(statistics.median(tti), 2) if tti else None,
                       "max_tti_s": round(max(tti), 2) if tti else None,
                       "peak_rss_mb": round(peak["rss_mb"]),
                       "peak_kernels": int(peak["kernels"]),
                       "errors": sorted({v.error for v in learners if not v.ok})[:3]})
        await asyncio.sleep(max(0.0, started + args.reload_every - time.monotonic()))
    await asyncio.gather(*(leave(base, v) for v in learners))
    return rounds


def reload_goals(rounds: list[dict[str, Any]], viewers: int) -> bool:
    return all(r["interactive"] == viewers and (r["median_tti_s"] or 99) <= GOAL_MEDIAN_S
               and (r["max_tti_s"] or 99) <= GOAL_MAX_S for r in rounds)


# ---- the run ----------------------------------------------------------------------------
async def run_reloads(args: argparse.Namespace) -> dict[str, Any]:
    """Only the lesson: classroom mode for the app, the class reloading at once."""
    from tornado.httpclient import AsyncHTTPClient

    AsyncHTTPClient.configure(None, max_clients=args.viewers + 10)
    results: dict[str, Any] = {"viewers": args.viewers, "reload_every_s": args.reload_every,
                               "reload_spread_s": args.reload_spread,
                               "cpus": psutil.cpu_count(),
                               "load_before": [round(x, 2) for x in psutil.getloadavg()]}
    server = h.start_voila(".", extra=[
        *PAGES, *classroom_options({NOTEBOOKS["app"]: args.viewers}, default_pool=0)])
    try:
        results["pool_ready_s"] = round(await settle(server.proc.pid, args.viewers), 1)
        results["reloads"] = await lesson(server.base_url, server.proc.pid, args)
    finally:
        server.stop()
    results["goals"] = {"reloads": reload_goals(results["reloads"], args.viewers)}
    results["ok"] = all(results["goals"].values())
    results["load_after"] = [round(x, 2) for x in psutil.getloadavg()]
    return results


async def run(args: argparse.Namespace) -> dict[str, Any]:
    from tornado.httpclient import AsyncHTTPClient

    AsyncHTTPClient.configure(None, max_clients=max(args.viewers, args.normal_viewers) + 10)
    results: dict[str, Any] = {"viewers": args.viewers, "normal_viewers": args.normal_viewers,
                               "browsers": args.browsers, "spread_s": args.spread,
                               "cpus": psutil.cpu_count(),
                               "load_before": [round(x, 2) for x in psutil.getloadavg()]}
    playwright = browser = None
    if args.browsers and h.chromium_available():
        from playwright.async_api import async_playwright

        playwright = await async_playwright().start()
        browser = await playwright.chromium.launch(executable_path=h.CHROMIUM,
                                                   args=h.CHROMIUM_ARGS, headless=True)
    try:
        results["bare_kernel_rss_mb"] = round(bare_kernel_rss(), 1)
        # -- classroom mode, as `make serve-class`: a pool of a class's size --------------
        classroom: dict[str, Any] = {}
        for name in NOTEBOOKS:
            server = h.start_voila(".", extra=[
                *PAGES, *classroom_options({NOTEBOOKS[name]: args.viewers}, default_pool=0)])
            try:
                pid = server.proc.pid
                classroom[f"{name}_pool_ready_s"] = round(await settle(pid, args.viewers), 1)
                classroom[f"{name}_idle_pool_rss_mb"] = round(server_memory(pid))
                classroom[name] = await burst(server.base_url, name, args.viewers,
                                              args.browsers, args.spread, browser, pid)
                print(line(f"classroom {name}", classroom[name]), flush=True)
                if name != "app":
                    continue
                # -- a lesson: everyone reloads at once, again and again ----------------
                rounds = await lesson(server.base_url, pid, args)
                classroom["reloads"] = rounds
                peaks = [r["peak_rss_mb"] for r in rounds]
                classroom["memory_flat"] = bool(peaks) and max(peaks) <= GOAL_FLAT * peaks[0]
                print(f"lesson of {args.reloads} reloads every {args.reload_every} s: median "
                      f"{[r['median_tti_s'] for r in rounds]} s, max "
                      f"{[r['max_tti_s'] for r in rounds]} s, interactive "
                      f"{[r['interactive'] for r in rounds]}, peak MB {peaks}", flush=True)
            finally:
                server.stop()
        results["classroom"] = classroom
        # -- without the pool ----------------------------------------------------------------
        server = h.start_voila(".", extra=PAGES)
        try:
            pid = server.proc.pid
            normal: dict[str, Any] = {}
            for name in NOTEBOOKS:
                await settle(pid, 0, timeout=120)
                normal[name] = await burst(server.base_url, name, args.normal_viewers,
                                           args.browsers, args.spread, browser, pid)
                print(line(f"no pool {name}", normal[name]), flush=True)
                await asyncio.sleep(3)
            normal["kernels_left"] = len(kernel_processes(pid))
        finally:
            server.stop()
        results["normal"] = normal
    finally:
        if browser is not None:
            await browser.close()
        if playwright is not None:
            await playwright.stop()
    app = results["classroom"]["app"]
    # Kernel RSS from the burst without the pool: there every kernel is an app's.
    results["kernel_rss_mb"] = results["normal"]["app"]["kernel_rss_median_mb"]
    rss_ratio = (results["kernel_rss_mb"] or 0) / results["bare_kernel_rss_mb"]
    results["kernel_rss_ratio"] = round(rss_ratio, 2)
    results["goals"] = {
        "classroom_all_interactive": app["interactive"] == app["viewers"],
        "classroom_median": (app["median_tti_s"] or 99) <= GOAL_MEDIAN_S,
        "classroom_max": (app["max_tti_s"] or 99) <= GOAL_MAX_S,
        "normal_all_interactive": results["normal"]["app"]["interactive"]
        == results["normal"]["app"]["viewers"],
        "never_silent_blank": all(results[m][n]["silent_blank"] == 0
                                  for m in ("classroom", "normal") for n in NOTEBOOKS),
        "reloads": reload_goals(results["classroom"]["reloads"], args.viewers),
        "memory_flat": results["classroom"]["memory_flat"],
        "kernel_rss": rss_ratio <= GOAL_RSS_RATIO,
    }
    results["ok"] = all(results["goals"].values())
    results["load_after"] = [round(x, 2) for x in psutil.getloadavg()]
    return results


def line(label: str, r: dict[str, Any]) -> str:
    return (f"{label:>20}: {r['interactive']}/{r['viewers']} interactive "
            f"({r['chromium']} in Chromium {r['chromium_tti_s']}), median {r['median_tti_s']} s, "
            f"max {r['max_tti_s']} s (protocol {r['max_tti_protocol_s']} s), "
            f"peak {r['peak_rss_mb']} MB / {r['peak_kernels']} kernels, "
            f"kernel {r['kernel_rss_median_mb']} MB, silent blank {r['silent_blank']}"
            + (f", errors {r['errors']}" if r["errors"] else ""))


def report(r: dict[str, Any]) -> str:
    mark = {True: "ok", False: "MISSED"}
    lines = [f"classroom benchmark ({r['cpus']} CPUs, load before {r['load_before']}, "
             f"after {r['load_after']})"]
    lines += [f"  {goal}: {mark[ok]}" for goal, ok in r["goals"].items()]
    lines.append(f"  kernel RSS {r['kernel_rss_mb']} MB vs bare "
                 f"{r['bare_kernel_rss_mb']} MB = {r['kernel_rss_ratio']}x")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--viewers", type=int, default=30, help="a class (classroom mode)")
    parser.add_argument("--normal-viewers", type=int, default=60, help="without the pool")
    parser.add_argument("--browsers", type=int, default=3, help="of them in Chromium")
    parser.add_argument("--spread", type=float, default=4.0, help="arrivals within (s)")
    parser.add_argument("--reloads", type=int, default=5, help="reload rounds of a lesson")
    parser.add_argument("--reload-every", type=float, default=30.0,
                        help="seconds from one reload round to the next")
    parser.add_argument("--reload-spread", type=float, default=2.0,
                        help="a round's reloads within (s)")
    parser.add_argument("--only-reloads", action="store_true",
                        help="only the lesson (classroom mode, the app)")
    parser.add_argument("--output", type=Path, default=HERE / "classroom.json")
    parser.add_argument("--json", action="store_true", help="also print the result as JSON")
    args = parser.parse_args([] if argv is None else argv)
    start = time.monotonic()
    if args.only_reloads:
        result = asyncio.run(run_reloads(args))
        result["seconds"] = round(time.monotonic() - start, 1)
        print(json.dumps(result, indent=2))
        output = args.output.with_name("classroom-reloads.json")
        output.write_text(json.dumps(result, indent=2) + "\n")
        print(f"wrote {output} ({result['seconds']} s)")
        return result
    result = asyncio.run(run(args))
    result["seconds"] = round(time.monotonic() - start, 1)
    print(report(result))
    if args.json:
        print(json.dumps(result, indent=2))
    args.output.write_text(json.dumps(result, indent=2) + "\n")
    print(f"wrote {args.output} ({result['seconds']} s)")
    return result


if __name__ == "__main__":
    main(sys.argv[1:])
