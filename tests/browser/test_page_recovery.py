"""A page whose kernel or server dies, in headless Chromium.

Once the app works, a killed kernel or a restarted server is announced within seconds,
in the viewer's language, with a "Continue" that reloads; the new page carries on with
the same game at the same position, the same lesson step and the same tab (kept in the
browser, widgets/keep.py). A kernel that dies while the app starts is recovered without
the learner doing anything; a cell error is a short message with no Voila hint, never
retried by itself nor taken for a busy server; a hostile ``?lang=`` breaks nothing.
"""

from __future__ import annotations

import contextlib
import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psutil
import pytest
from playwright.sync_api import expect

from treasurekit.core.i18n import tr

from . import harness
from .serving import KERNEL_FILE, kernel_processes

APP = "diving_bell"
STORE_KEY = f"treasurekit.{APP}"
#: the watchdog's limits, shortened (the template reads them before its scripts run):
#: a page without its kernel after 20 s (a loaded test machine may need 10 s to start a
#: kernel), and 1 s before its first reload
SHORT_LIMITS = "window.tkWatchdogLimits = {kernel: 20, retry: 1};"


def say(key: str, lang: str) -> str:
    """A message of the page's catalog (treasurekit/locales/<lang>/serving.json), up to
    its first placeholder."""
    return tr(f"serving.{key}", lang).split("{")[0].strip()


def kernel_id(page: Any) -> str:
    return str(page.evaluate(
        "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"))


def kernels(server: harness.Server) -> dict[str, Any]:
    """The server's kernel processes by kernel id (a restarted kernel keeps its id)."""
    found = {}
    for proc in kernel_processes(server.proc.pid):
        ids = KERNEL_FILE.findall(" ".join(proc.cmdline()))
        if ids:
            found[ids[0]] = proc
    return found


def kill_kernel(server: harness.Server, kernel: str) -> None:
    """Kill the kernel's process, as a crash or an out-of-memory killer would."""
    proc = kernels(server).get(kernel)
    assert proc is not None, f"no process for kernel {kernel}"
    proc.kill()


def kept_moves(page: Any) -> list[str]:
    """The moves of the game the browser keeps (its save, as "Download" offers it)."""
    kept = json.loads(page.evaluate(f"localStorage.getItem({json.dumps(STORE_KEY)})"))
    return list(json.loads(kept["game"]["save"])["moves"])


def last_line(play: Any) -> str:
    """The last line of the game's log."""
    return str(play.locator(".tk-narrator").inner_text()).strip().splitlines()[-1]


def current_tab(page: Any) -> str:
    return str(page.locator(".tk-tabs .lm-TabBar-tab.lm-mod-current").inner_text()).strip()


def expect_notice(page: Any, key: str | re.Pattern[str], lang: str) -> float:
    """Wait for the watchdog's notice; the seconds it took."""
    start = time.monotonic()
    status = page.locator("#tk-serving-status")
    text = say(key, lang) if isinstance(key, str) else key
    expect(status).to_contain_text(text, timeout=15_000)
    return time.monotonic() - start


@pytest.fixture(scope="module")
def servers(playwright_api: Any) -> Iterator[list[harness.Server]]:
    """A Voila of this module's own: its kernels get killed, and a test stops it and
    starts another on the same port (the last of the list is the one running)."""
    running = [harness.start_voila()]
    yield running
    for s in running:
        s.stop()


def test_a_killed_kernel_or_a_restarted_server_is_announced_and_the_game_carries_on(
        browser: Any, servers: list[harness.Server]) -> None:
    server = servers[-1]
    context, t = harness.new_tab(browser)
    page = t.page
    try:
        t.open(harness.app_url(server.base_url, f"{APP}.ipynb", "nl"))
        lesson = page.locator(".tk-lesson")
        for _ in range(2):
            t.click(lesson.locator(".tk-next"))
        step = lesson.locator(".tk-lesson-question").inner_text().splitlines()[0]  # its title
        t.tab(tr("widgets.tab.play", "nl"))
        t.wait_idle()
        play = page.locator(".tk-play")
        for _ in range(3):
            t.click(play.locator(".tk-move").first)
        moves, last = kept_moves(page), last_line(play)
        assert len(moves) > 3

        kill_kernel(server, kernel_id(page))
        seconds = expect_notice(page, "stopped", "nl")
        print(f"a killed kernel announced after {seconds:.1f} s")
        expect(page.locator("body.tk-stopped")).to_have_count(1)     # the dead app dimmed
        with page.expect_navigation(wait_until="commit"):
            page.locator("#tk-serving-status button",
                         has_text=tr("serving.continue", "nl")).click()
        harness.wait_for_app(page, t.watch)
        t.wait_idle()                                               # the game comes back
        assert current_tab(page) == tr("widgets.tab.play", "nl")
        expect(play.locator(".tk-narrator")).to_contain_text(last)
        assert kept_moves(page) == moves
        t.tab(tr("widgets.tab.lesson", "nl"))
        expect(lesson.locator(".tk-lesson-question")).to_contain_text(step)
        t.assert_ok()

        # The server restarts, after the learner switched the app's language to English:
        # the page says so and, once "Continue" is clicked, waits for the server to come
        # back and reloads by itself; the game goes on.
        t.click(page.locator(".tk-language button", has_text="English"))
        t.tab(tr("widgets.tab.play", "en"))
        t.wait_idle()
        t.click(play.locator(".tk-move").first)
        moves, last = kept_moves(page), last_line(play)
        port = int(server.base_url.rsplit(":", 1)[1])
        server.stop()
        expect_notice(page, re.compile(f"{re.escape(say('stopped', 'en'))}|"
                                       f"{re.escape(say('lost', 'en'))}"), "en")
        page.locator("#tk-serving-status button",
                     has_text=tr("serving.continue", "en")).click()
        expect(page.locator("#tk-serving-status")).to_contain_text(say("waiting", "en"))
        with page.expect_navigation(wait_until="commit", timeout=60_000):
            servers.append(harness.start_voila(port=port))
            t.watch.console.clear()       # the old page's attempts to reconnect, refused
        harness.wait_for_app(page, t.watch)
        t.wait_idle()
        assert current_tab(page) == tr("widgets.tab.play", "en")
        expect(play.locator(".tk-narrator")).to_contain_text(last)
        assert kept_moves(page) == moves
        t.click(play.locator(".tk-move").first)             # and the game goes on
        assert len(kept_moves(page)) > len(moves)
        t.assert_ok()
    finally:
        context.close()


def test_a_kernel_dying_while_the_app_starts_is_recovered(
        browser: Any, servers: list[harness.Server]) -> None:
    server = servers[-1]
    context, t = harness.new_tab(browser)
    page = t.page
    page.add_init_script(SHORT_LIMITS)
    status = page.locator("#tk-serving-status")
    # 1. The kernel dies within its first half second, and again each time the server
    #    restarts it (a server that restarts it with the same ports sometimes saves the
    #    page; one with new ports never does): Voila never sends the page its kernel, and
    #    the page would say "Running..." for ever.
    before = set(kernels(server))
    page.goto(harness.app_url(server.base_url, f"{APP}.ipynb", "en"), wait_until="commit")
    deadline = time.monotonic() + 30
    while not (new := [k for k in kernels(server) if k not in before]):
        assert time.monotonic() < deadline, "no kernel started"
        time.sleep(0.02)
    retrying = status.filter(has_text=say("stopped_retry", "en"))
    deadline = time.monotonic() + 60
    while not retrying.count():
        assert time.monotonic() < deadline, f"the page says {status.all_inner_texts()}"
        proc = kernels(server).get(new[0])
        if proc is not None:
            with contextlib.suppress(psutil.NoSuchProcess):
                proc.kill()
        page.wait_for_timeout(50)

    # 2. On the reloaded page the kernel runs the notebook, then dies before the page
    #    connects: the widgets' models are gone ("Error displaying widget: model not
    #    found"), which is not a working app.
    def die_first(ws: Any) -> None:
        if not killed:
            killed.append(ws.url)
            kill_kernel(server, re.findall(r"kernels/([0-9a-f-]{36})/", ws.url)[0])
            time.sleep(4)                      # the server restarts it, empty
        ws.connect_to_server()

    killed: list[str] = []
    page.route_web_socket(re.compile(r"/api/kernels/.*/channels"), die_first)
    with page.expect_navigation(wait_until="commit", timeout=30_000):
        pass                                    # the page reloads by itself
    expect(status).to_contain_text(say("stopped_retry", "en"), timeout=60_000)
    assert killed, "the second page never connected to its kernel"
    expect(page.locator("#rendered_cells")).to_be_hidden()          # no widget error shown
    # 3. The third page works (what the second one logged is forgotten).
    with page.expect_navigation(wait_until="commit", timeout=30_000):
        t.watch.console.clear()
    expect(page.locator(".tk-app .tk-lesson .tk-choice").first).to_be_visible(timeout=60_000)
    expect(status).to_have_count(0)
    t.wait_idle()
    t.assert_ok()
    context.close()


@pytest.fixture
def flaky_server(playwright_api: Any, tmp_path: Path,
                 monkeypatch: pytest.MonkeyPatch) -> Iterator[harness.Server]:
    """Voila on tests/browser/notebooks, whose flaky.ipynb fails its first run and
    whenever its URL says ?fail=1, and runs too long with ?slow=1 (a cell may run for
    10 s here)."""
    monkeypatch.setenv("TK_FLAKY_MARKER", str(tmp_path / "failed-once"))
    s = harness.start_voila("tests/browser/notebooks", extra=["--VoilaExecutor.timeout=10"])
    yield s
    s.stop()


def test_a_cell_error_is_a_short_message_never_retried_by_itself(
        browser: Any, flaky_server: harness.Server) -> None:
    context, t = harness.new_tab(browser)
    page = t.page
    page.add_init_script(SHORT_LIMITS)           # a retry, if any, would come within 2 s
    loads: list[str] = []
    page.on("load", lambda p: loads.append(p.url))
    status = page.locator("#tk-serving-status")
    try:
        # A cell that runs out of time is a busy server: said so, and retried.
        page.goto(f"{flaky_server.base_url}/voila/render/flaky.ipynb?slow=1",
                  wait_until="commit")
        expect(status).to_contain_text(say("retry", "en"), timeout=60_000)
        with page.expect_navigation(wait_until="commit", timeout=30_000):
            pass                                  # it reloads by itself
        loads.clear()
        # A hostile ?lang= reads as English; the watchdog does not break on it.
        for lang in ("__proto__", "constructor"):
            url = f"{flaky_server.base_url}/voila/render/flaky.ipynb?lang={lang}&fail=1"
            page.goto(url, wait_until="commit")
            expect(status).to_contain_text(say("cell_error", "en"), timeout=60_000)
            expect(status.locator("button")).to_have_text(tr("serving.try_again", "en"))
            page.wait_for_timeout(3000)
            assert len(loads) == 1, f"reloaded by itself: {loads}"
            loads.clear()
            body = page.locator("body").inner_text()
            for hint in ("show_tracebacks", "Voil", "Error", say("retry", "en")):
                assert hint not in body, f"{hint!r} on the page: {body!r}"
            assert not t.watch.errors, t.watch.errors
        # In Dutch, and "Try again" runs the notebook again (it works the second time).
        page.goto(harness.app_url(flaky_server.base_url, "flaky.ipynb", "nl"),
                  wait_until="commit")
        expect(status).to_contain_text(say("cell_error", "nl"), timeout=60_000)
        status.locator("button", has_text=tr("serving.try_again", "nl")).click()
        expect(page.locator(".tk-flaky-ready")).to_be_visible(timeout=60_000)
        expect(status).to_have_count(0)
        assert not t.watch.errors, t.watch.errors
    finally:
        context.close()
