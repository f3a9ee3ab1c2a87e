"""Serving a class, in headless Chromium: closed tabs free their kernels, and a page
whose app did not start says so (in the page's language) and recovers by itself."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from . import harness
from .serving import kernel_processes, wait_kernel_count

VIEWERS = 5


@pytest.fixture(scope="module")
def server(playwright_api: Any) -> Iterator[harness.Server]:
    s = harness.start_voila()
    yield s
    s.stop()


def test_closed_tabs_free_their_kernels(browser: Any, server: harness.Server) -> None:
    assert wait_kernel_count(server.proc.pid, 0) == 0
    contexts, pages = [], []
    for i in range(VIEWERS):
        context, page, watch = harness.new_page(browser)
        notebook = "diving_bell.ipynb" if i == 0 else "index.ipynb"
        harness.open_app(page, watch, harness.app_url(server.base_url, notebook, "nl"))
        harness.assert_page_ok(page, watch)
        contexts.append(context)
        pages.append(page)
    assert len(kernel_processes(server.proc.pid)) == VIEWERS
    start = time.monotonic()
    for page in pages:
        page.close(run_before_unload=True)  # the tab closes as a learner closes it
    left = wait_kernel_count(server.proc.pid, 0, timeout=10)
    assert left == 0, f"{left} of {VIEWERS} kernels still alive 10 s after their tabs closed"
    print(f"kernels of {VIEWERS} closed tabs gone after {time.monotonic() - start:.1f} s")
    for context in contexts:
        context.close()


@pytest.fixture
def flaky_server(playwright_api: Any, tmp_path: Path,
                 monkeypatch: pytest.MonkeyPatch) -> Iterator[harness.Server]:
    """Voila on tests/browser/notebooks, whose flaky.ipynb fails its first run."""
    monkeypatch.setenv("TK_FLAKY_MARKER", str(tmp_path / "failed-once"))
    s = harness.start_voila("tests/browser/notebooks")
    yield s
    s.stop()


def test_a_failed_start_is_announced_and_retried(browser: Any,
                                                 flaky_server: harness.Server) -> None:
    assert os.environ["TK_FLAKY_MARKER"]
    context, page, _watch = harness.new_page(browser)
    try:
        page.goto(harness.app_url(flaky_server.base_url, "flaky.ipynb", "nl"),
                  wait_until="commit")
        status = page.locator("#tk-serving-status")
        expect(status).to_contain_text("De server had het te druk", timeout=60_000)
        # The page reloads by itself; the second run works and the notice goes.
        expect(page.locator(".tk-flaky-ready")).to_be_visible(timeout=90_000)
        expect(status).to_have_count(0, timeout=10_000)
    finally:
        context.close()
