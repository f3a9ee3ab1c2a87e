"""Issue 11: a Voila page shows the app and nothing else: no printed Python, no engine
walkthrough (that is notebooks/walkthroughs/, for JupyterLab), in either language."""

from __future__ import annotations

from typing import Any

import pytest

import treasurekit as tk

from . import harness
from .harness import new_tab

pytestmark = pytest.mark.browser

RAW = ("ScoreLine", "all checks passed", "{'", "pile A:", "Under the hood")


PAGES = ["index", *sorted(tk.GAMES)]


@pytest.mark.parametrize(("name", "lang"), [(n, "en") for n in PAGES] + [(PAGES[-1], "nl")])
def test_the_page_is_the_app_and_nothing_else(browser: Any, voila_url: str, name: str,
                                              lang: str) -> None:
    context, t = new_tab(browser)
    try:
        t.open(harness.app_url(voila_url, f"{name}.ipynb", lang=lang))
        outputs = t.page.locator(".jp-OutputArea-output")
        apps = t.page.locator(".jp-OutputArea-output:has(.tk-app)")
        assert outputs.count() == apps.count() == 1, \
            [o[:80] for o in outputs.all_inner_texts()]
        text = t.page.locator("body").inner_text()
        assert not [raw for raw in RAW if raw in text]
        t.assert_ok()
    finally:
        context.close()
