"""Serving a class, in headless Chromium: culling spares the pool and open pages, and the
pool holds kernels of the pages the server shows only (no walkthrough). (A page whose
app did not start, or whose kernel died: test_page_recovery.py. A closed page's kernel
is shut down by Voila's own unload request, not tested here.)"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from . import harness
from .serving import kernel_processes, request, wait_kernel_count

VIEWERS = 3


@pytest.fixture(scope="module")
def server(playwright_api: Any) -> Iterator[harness.Server]:
    s = harness.start_voila()
    yield s
    s.stop()


#: a notebook the server does not show (walkthroughs are for JupyterLab): the pool is
#: asked for a kernel of it, and must not start one
WALKTHROUGH = sorted(p.relative_to(harness.NOTEBOOKS).as_posix()
                     for p in (harness.NOTEBOOKS / "walkthroughs").glob("*.ipynb"))[0]


@pytest.fixture
def culling_pool_server(playwright_api: Any) -> Iterator[harness.Server]:
    """Classroom mode with a pool of 2 landing pages (and one walkthrough, which the
    server leaves out), culling idle kernels after 6 s."""
    from treasurekit.serving import classroom_options

    s = harness.start_voila(extra=[
        *classroom_options({"index.ipynb": 2, WALKTHROUGH: 1}, default_pool=0, fill_delay=1),
        "--MappingKernelManager.cull_idle_timeout=6", "--MappingKernelManager.cull_interval=1"])
    yield s
    s.stop()


def test_culling_spares_the_pool_and_open_pages(browser: Any,
                                                culling_pool_server: harness.Server) -> None:
    pid = culling_pool_server.proc.pid
    assert wait_kernel_count(pid, 2, timeout=60) == 2
    time.sleep(8)                      # pooled kernels idle for longer than the cull timeout
    assert len(kernel_processes(pid)) == 2, "a kernel of the pool was culled, or one started " \
        f"for {WALKTHROUGH}"
    context, page, watch = harness.new_page(browser)
    try:
        harness.open_app(page, watch, harness.app_url(culling_pool_server.base_url,
                                                      "index.ipynb", "nl"))
        harness.assert_page_ok(page, watch)
        # The pool ran the notebook in English; the kernel took the viewer's ?lang=nl.
        expect(page.locator(".tk-language button.mod-active")).to_have_text("Nederlands")
        kernel_id = page.evaluate(
            "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
        time.sleep(8)                  # a learner reading: connected, idle, never culled
        assert culling_pool_server.log(200_000).count(f"Culling 'idle' kernel 'python3' "
                                                      f"({kernel_id})") == 0
        harness.click(page, watch, page.locator(".tk-language button").first)
        expect(page.locator(".tk-language button.mod-active")).to_have_text("English")
        harness.assert_page_ok(page, watch)
    finally:
        context.close()                 # no beforeunload: the kernel is left orphaned...
    deadline = time.monotonic() + 30    # ...and culled once idle for the timeout
    while request(culling_pool_server.base_url, f"/api/kernels/{kernel_id}").status != 404:
        assert time.monotonic() < deadline, "an orphaned kernel was never culled"
        time.sleep(0.5)
