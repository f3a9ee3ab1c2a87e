"""Each Voila page as a visitor gets it: the app and nothing else (no printed Python, no
engine walkthrough: that is notebooks/walkthroughs/, for JupyterLab), every part of it
built, and nothing asked of any host but the Voila server (no fonts or icons from a CDN;
the icons come from the local bundle). Issue 11 and issue 8."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlparse

import pytest

import treasurekit as tk

from . import harness
from .harness import Tab

pytestmark = pytest.mark.browser

RAW = ("ScoreLine", "all checks passed", "{'", "pile A:", "Under the hood")
LOOPBACK = {"127.0.0.1", "localhost", "::1", "[::1]"}
PAGES = ["index", *sorted(tk.GAMES)]
#: every page once, the languages taking turns (every app's Dutch and English pages are
#: also opened by the presenter and phone tests)
CASES = [(name, ("en", "nl")[i % 2]) for i, name in enumerate(PAGES)]


@pytest.mark.parametrize(("name", "lang"), CASES)
def test_the_page_is_the_app_and_asks_no_other_host(browser: Any, voila_url: str, name: str,
                                                    lang: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    t = Tab(page, harness.watch_page(page))        # (also blocks any outside request)
    try:
        t.open(harness.app_url(voila_url, f"{name}.ipynb", lang=lang))
        harness.wait_for_app(page, t.watch)
        outputs = page.locator(".jp-OutputArea-output")
        apps = page.locator(".jp-OutputArea-output:has(.tk-app)")
        assert outputs.count() == apps.count() == 1, \
            [o[:80] for o in outputs.all_inner_texts()]
        tabs = page.locator(".tk-tabs .lm-TabBar-tab")
        for i in range(tabs.count()):              # every part of the app, built
            tabs.nth(i).click()
            t.wait_idle()
        text = page.locator("body").inner_text()
        assert not [raw for raw in RAW if raw in text]
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
