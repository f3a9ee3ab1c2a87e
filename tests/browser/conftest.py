"""Fixtures for the real-browser tests: a Voila server, headless Chromium, watched pages.

Skipped when Chromium (or Playwright) is missing on a developer machine; in CI
(``CI`` set) a missing browser is an error, so the suite can never pass silently.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NoReturn

import pytest

from . import harness
from .harness import Tab, new_tab

HERE = Path(__file__).resolve().parent


#: Seconds each module takes (its tests, fixtures included; measured on 26 Nov, two
#: workers on a loaded 2-core machine; the presenter sweeps from 27 Nov's runs).
#: ``make test-browser`` hands the modules to its two workers longest first
#: (``--no-loadscope-reorder`` keeps this order), so that they finish together; a module
#: not listed counts as short and comes last.
MODULE_SECONDS = {
    "test_page_recovery": 213, "test_phone": 162, "test_presenter_examples": 260,
    "test_teacher": 144, "test_serving_flood": 127, "test_presenter_lessons": 115,
    "test_serving_security": 91, "test_diving_bell_app": 84,
    "test_live_class": 75, "test_serving_limits": 56, "test_captain_lucky_app": 56,
    "test_serving_browser": 53,
    "test_learner_practice": 50, "test_sea_or_shore_app": 48, "test_classroom_link": 120,
    "test_coralia_app": 42, "test_learner_layout": 41,
}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test under tests/browser is a browser test (``-m "not browser"`` skips them);
    the longest modules first (see ``MODULE_SECONDS``; the order within a module kept)."""
    for item in items:
        if HERE in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.browser)
    items.sort(key=lambda item: -MODULE_SECONDS.get(Path(str(item.path)).stem, 0))


def _unavailable(reason: str) -> NoReturn:
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (CI is set, so this is an error, not a skip)", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def playwright_api() -> Iterator[Any]:
    if not harness.chromium_available():
        _unavailable(f"Chromium not found at {harness.CHROMIUM}")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("Playwright (python) is not installed")
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright_api: Any) -> Iterator[Any]:
    b = harness.launch_chromium(playwright_api)
    yield b
    b.close()


@pytest.fixture(scope="session")
def voila_url(playwright_api: Any) -> Iterator[str]:
    """Base URL of a Voila server (directory mode on notebooks/, repo's voila.json)."""
    server = harness.start_voila()
    yield server.base_url
    server.stop()


@pytest.fixture(scope="module")
def lab_url(playwright_api: Any) -> Iterator[str]:
    """A JupyterLab of the test module's own (a fresh workspace: only the notebooks that
    module opens)."""
    server = harness.start_jupyterlab()
    yield server.base_url
    server.stop()


@pytest.fixture
def tab(browser: Any) -> Iterator[Tab]:
    """A fresh page (1280x900) in its own browser context."""
    context, t = new_tab(browser)
    yield t
    context.close()


@pytest.fixture
def small_tab(browser: Any) -> Iterator[Tab]:
    """A fresh page at 1280x720, a small laptop or a projector, in its own context."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    yield Tab(page, harness.watch_page(page))
    context.close()
