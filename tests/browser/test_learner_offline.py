"""Every app works offline: the page asks no host but the Voila server for anything
(no fonts or icons from a CDN), and its icons are drawn from the local bundle."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlparse

import pytest

from . import harness
from .harness import Tab

pytestmark = pytest.mark.browser

APPS = ["index.ipynb", "diving_bell.ipynb", "captain_lucky.ipynb", "sea_or_shore.ipynb",
        "coralia.ipynb"]
LOOPBACK = {"127.0.0.1", "localhost", "::1", "[::1]"}


@pytest.mark.parametrize("notebook", APPS)
def test_the_page_asks_no_other_host(browser: Any, voila_url: str, notebook: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    t = Tab(page, harness.watch_page(page))        # (also blocks any outside request)
    try:
        t.open(harness.app_url(voila_url, notebook, lang="nl"))
        harness.wait_for_app(page, t.watch)
        tabs = page.locator(".tk-tabs .lm-TabBar-tab")
        for i in range(tabs.count()):              # every part of the app, built
            tabs.nth(i).click()
            t.wait_idle()
        outside = sorted({u for u in asked if urlparse(u).scheme in ("http", "https", "ws", "wss")
                          and urlparse(u).hostname not in LOOPBACK})
        assert outside == []
        icons = page.locator(".tk-app button i.fa")
        if icons.count():                          # Font Awesome is there, from the bundle
            family = icons.first.evaluate("el => getComputedStyle(el, '::before').fontFamily")
            assert "Font Awesome" in family, family
        t.assert_ok()
    finally:
        context.close()
