"""A link the class can open, against the real classroom server (``make serve-class``:
``python -m treasurekit.serving`` with a preheated pool, here of 2 kernels, told its public
address as ``PUBLIC_URL`` is): both pages are served by pool kernels that ran the app
before the viewer's query arrived, and do what the query asks; every link and QR code
uses the public address. Nothing is sent anywhere but loopback (192.0.2.10 is a
documentation address, written into links, never opened).

Without PUBLIC_URL the address is worked out from the one the server listens on: bound to
loopback alone (the session's server, as ``make serve`` starts it), the share panel and
the full-screen QR code say that only this computer opens the link, beside the QR code;
bound to every interface (``0.0.0.0``), the link has the machine's LAN address as
``treasurekit.addresses.lan_address`` finds it (never 0.0.0.0, never loopback) and no
warning. The browser opens those pages at 127.0.0.1 all the same: only the link's text
is read."""

from __future__ import annotations

import os
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

import treasurekit as tk
from treasurekit.addresses import is_loopback, lan_address
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


def _shared_code() -> str:
    """The share code of a Diving Bell table a few moves in."""
    g = tk.new_game("diving_bell", players=["Ann", "Computer"], seed=5)
    while len(g.history) < 9:
        g.deal() if g.is_chance else g.play(g.legal_moves()[0])
    return tk.share_code(g)


def _share_panel(page: Any, watch: harness.Watch, base: str, code: str) -> Any:
    """Open the shared table at ``base`` (a 127.0.0.1 address), in English: its share
    panel (the app's last tab)."""
    harness.open_app(page, watch, f"{base}/voila/render/{APP}?position={code}&lang=en")
    harness.click(page, watch, page.locator(".tk-tabs .lm-TabBar-tab").last)
    share = page.locator(".tk-share")
    expect(share.locator(".tk-share-qr svg")).to_be_visible()
    return share


def _open_qr_screen(page: Any, watch: harness.Watch) -> Any:
    """Presenter mode on, its "Show QR full screen": the screen (Escape closes it)."""
    harness.click(page, watch, page.locator(".tk-present-switch"))
    harness.click(page, watch, page.locator(".tk-present-qr"))
    screen = page.locator(".tk-qr-screen")
    expect(screen).to_be_visible()
    return screen


def test_a_loopback_server_says_only_this_computer_opens_the_link(
        browser: Any, voila_url: str) -> None:
    """The session's server: ``--Voila.ip=127.0.0.1``, no PUBLIC_URL."""
    if os.environ.get("PUBLIC_URL", "").strip():
        pytest.skip("PUBLIC_URL is set here: the session's server links that address")
    code = _shared_code()
    warning_text = tk.core.tr("teacher.share.loopback", "en")
    context, page, watch = harness.new_page(browser)
    try:
        share = _share_panel(page, watch, voila_url, code)
        link = share.locator(".tk-share-address code")
        expect(link).to_contain_text(f"{voila_url}/voila/render/{APP}?position={code}&lang=en")
        warning = share.locator(".tk-share-loopback")
        expect(warning).to_be_visible()
        expect(warning).to_have_text(warning_text)
        # beside the QR code: in the column on its left, both on screen at once
        qr = share.locator(".tk-share-qr svg")
        warning.scroll_into_view_if_needed()
        said, drawn = warning.bounding_box(), qr.bounding_box()
        assert said and drawn, (said, drawn)
        assert said["x"] + said["width"] <= drawn["x"] + 1, (said, drawn)
        height = page.viewport_size["height"]
        for box in (said, drawn):
            assert box["y"] >= 0 and box["y"] + box["height"] <= height, (said, drawn)
        # the full-screen QR code says so too, under its link
        screen = _open_qr_screen(page, watch)
        expect(screen.locator(".tk-qr-link")).to_contain_text(f"{voila_url}/voila/render/{APP}")
        expect(screen.locator(".tk-share-loopback")).to_have_text(warning_text)
        page.keyboard.press("Escape")
        expect(screen).to_be_hidden()
        harness.assert_page_ok(page, watch)
    finally:
        context.close()


def test_a_server_on_every_interface_links_its_lan_address(browser: Any) -> None:
    """``--Voila.ip=0.0.0.0``, no PUBLIC_URL: the link has the LAN address."""
    lan = lan_address()
    if lan is None or is_loopback(lan):
        pytest.skip(f"this machine has no LAN address (lan_address() gave {lan!r}): "
                    "a server on every interface links 127.0.0.1 here")
    if os.environ.get("PUBLIC_URL", "").strip():
        pytest.skip("PUBLIC_URL is set here: the server would link that address")
    code = _shared_code()
    server = harness.start_voila(ip="0.0.0.0")
    context, page, watch = harness.new_page(browser)
    try:
        port = server.base_url.rsplit(":", 1)[1]
        expected = f"http://{lan}:{port}/voila/render/{APP}"
        share = _share_panel(page, watch, server.base_url, code)  # opened at 127.0.0.1
        link = share.locator(".tk-share-address code")
        expect(link).to_contain_text(f"{expected}?position={code}&lang=en")
        shown = link.inner_text()
        assert "0.0.0.0" not in shown and "127.0.0.1" not in shown, shown
        assert page.locator(".tk-share-loopback").count() == 0
        screen = _open_qr_screen(page, watch)
        expect(screen.locator(".tk-qr-link")).to_contain_text(expected)
        assert page.locator(".tk-share-loopback").count() == 0
        assert "0.0.0.0" not in screen.inner_text()
        page.keyboard.press("Escape")
        expect(screen).to_be_hidden()
        harness.assert_page_ok(page, watch)
    finally:
        context.close()
        server.stop()


def _walk(x: Any) -> Iterator[Any]:
    yield x
    for c in getattr(x, "children", ()):
        yield from _walk(c)
