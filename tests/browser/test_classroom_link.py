"""A link the class can open, against the real classroom server (``make serve-class``:
``python -m treasurekit.serving`` with a preheated pool, here of 2 kernels, told its public
address as ``PUBLIC_URL`` is): both pages are served by pool kernels that ran the app
before the viewer's query arrived, and do what the query asks; every link and QR code
uses the public address. Nothing is sent anywhere but loopback (192.0.2.10 is a
documentation address, written into links, never opened)."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

import treasurekit as tk
from treasurekit.serving import pool_size
from treasurekit.widgets.diving_bell import diving_bell_app
from treasurekit.widgets.game_player import GamePlayer
from treasurekit.widgets.lang import Language

from . import harness
from .serving import kernel_processes

PUBLIC = "http://192.0.2.10:8866"
APP = "diving_bell.ipynb"
#: the class the pool is kept for (the pool keeps pool_size(CLASS) kernels ready)
CLASS = 2


@pytest.fixture(scope="module")
def classroom(playwright_api: Any) -> Iterator[harness.Server]:
    s = harness.start_voila(serving=["--class-size", str(CLASS), "--app", APP,
                                     "--default-pool", "0", "--public-url", PUBLIC])
    deadline = time.monotonic() + 90
    while True:                     # both pool kernels started and ran the app, now idle
        kernels = kernel_processes(s.proc.pid)
        if ("Kernel pool of" in s.log(200_000) and len(kernels) == pool_size(CLASS)
                and _idle(kernels)):
            break
        assert time.monotonic() < deadline, s.log()
    yield s
    s.stop()


def _idle(kernels: list[Any]) -> bool:
    """Whether the kernels used (almost) no CPU for a second."""
    def used() -> float:
        return sum(sum(k.cpu_times()[:2]) for k in kernels)
    before = used()
    time.sleep(1)
    return used() - before < 0.05


def _kernel_id(page: Any) -> str:
    return str(page.evaluate(
        "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"))


def _table_labels(html: str) -> list[str]:
    return re.findall(r'aria-label="([^"]*)"', html)


def test_shared_links_work_from_the_pool(browser: Any, classroom: harness.Server,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    g = tk.new_game("diving_bell", players=["Ann (jij)", "Computer"], seed=5)
    while len(g.history) < 9:
        g.deal() if g.is_chance else g.play(g.legal_moves()[0])
    code = tk.share_code(g)
    # the table as the app draws it from that link (built here, in the test's process)
    monkeypatch.setenv("QUERY_STRING", f"position={code}&lang=nl")
    here = diving_bell_app(Language(code="nl"))
    expected = next(x for x in _walk(here) if isinstance(x, GamePlayer)).table.value
    assert _table_labels(expected)
    context, page, watch = harness.new_page(browser)
    try:
        # a student opens a shared table, in Dutch
        harness.open_app(page, watch, f"{classroom.base_url}/voila/render/{APP}"
                                      f"?position={code}&lang=nl")
        assert f"Using pre-heated kernel: {_kernel_id(page)}" in classroom.log(200_000)
        expect(page.locator(".tk-language button.mod-active")).to_have_text("Nederlands")
        expect(page.locator(".tk-tabs .lm-TabBar-tab.lm-mod-current")).to_have_text(
            tk.core.tr("widgets.tab.play", "nl"))                  # the table in play
        table = page.locator(".tk-play .tk-table").first
        harness.wait_stable(table)
        assert _table_labels(table.inner_html()) == _table_labels(expected)
        assert not page.locator(".tk-editor").first.is_visible()  # not the builder...
        harness.click(page, watch, page.locator(".tk-tabs .lm-TabBar-tab").last)
        link = page.locator(".tk-share-address code")             # ...a tab away
        expect(link).to_contain_text(f"{PUBLIC}/voila/render/{APP}?position={code}&lang=nl")
        assert page.locator(".tk-share-loopback").count() == 0
        assert "0.0.0.0" not in page.content() and "127.0.0.1:" not in link.inner_text()
        harness.assert_page_ok(page, watch)

        # the teacher, on another device, opens presenter mode from the other pool
        # kernel, before building anything: the QR full screen is the page's link
        context.close()
        context, page, watch = harness.new_page(browser)
        harness.open_app(page, watch, f"{classroom.base_url}/voila/render/{APP}?present=1")
        assert f"Using pre-heated kernel: {_kernel_id(page)}" in classroom.log(200_000)
        expect(page.locator(".tk-app.tk-present")).to_have_count(1)
        harness.click(page, watch, page.locator(".tk-present-qr"))
        screen = page.locator(".tk-qr-screen")
        expect(screen).to_be_visible()
        expect(screen.locator(".tk-qr-link")).to_have_text(
            f"{PUBLIC}/voila/render/{APP}?lang=en")
        qr = screen.locator("svg.tk-qr-big").bounding_box()
        size = page.viewport_size
        assert qr and qr["height"] > 0.6 * size["height"], qr     # fills the screen
        assert qr["y"] >= 0 and qr["y"] + qr["height"] <= size["height"]
        font = screen.locator(".tk-qr-link").evaluate(
            "e => parseFloat(getComputedStyle(e).fontSize)")
        assert font >= 32
        page.locator(".tk-app").first.hover(position={"x": 20, "y": 20})
        page.keyboard.press("Escape")
        expect(screen).to_be_hidden()
        harness.assert_page_ok(page, watch)
    finally:
        context.close()


def _walk(x: Any) -> Iterator[Any]:
    yield x
    for c in getattr(x, "children", ()):
        yield from _walk(c)
