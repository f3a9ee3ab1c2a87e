"""The Diving Bell notebook in JupyterLab: Run All Cells, then the live widgets work.
(The engine walkthroughs, notebooks/walkthroughs/, are run and compared by nbval.)"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from . import harness

pytestmark = pytest.mark.browser

LOAD_MS = 90_000  # JupyterLab's own bundle, then a kernel, on a small CI machine


def accept_dialogs(page: Any) -> None:
    """JupyterLab may ask for a kernel (or similar): take its default answer."""
    dialog = page.locator(".jp-Dialog")
    while dialog.count():
        dialog.locator(".jp-Dialog-button.jp-mod-accept").first.click()
        page.wait_for_timeout(200)


def test_notebook_runs_in_jupyterlab(browser: Any, lab_url: str) -> None:
    context, page, watch = harness.new_page(browser)
    try:
        page.goto(f"{lab_url}/lab/tree/notebooks/diving_bell.ipynb",
                  wait_until="domcontentloaded", timeout=LOAD_MS)
        notebook = page.locator(".jp-NotebookPanel").first
        notebook.wait_for(state="visible", timeout=LOAD_MS)
        # The kernel is started for the notebook (or a dialog asks which one).
        status = page.locator(".jp-Notebook-ExecutionIndicator, .jp-KernelStatus")
        deadline_ms = LOAD_MS
        while watch.kernel_state != "idle" and deadline_ms > 0:
            accept_dialogs(page)
            page.wait_for_timeout(250)
            deadline_ms -= 250
        assert watch.kernel_state == "idle", f"no idle kernel: {status.all_inner_texts()}"

        page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
        page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
        accept_dialogs(page)

        app = notebook.locator(".jp-OutputArea .tk-app").first
        app.wait_for(state="attached", timeout=LOAD_MS)
        app.scroll_into_view_if_needed()
        expect(app).to_be_visible()
        expect(app.locator(".tk-title").first).to_have_text("Diving Bell")
        expect(app.locator(".tk-tabs .lm-TabBar-tabLabel").first).to_have_text("Lesson")
        harness.wait_kernel_idle(page, watch, LOAD_MS)

        # Live widgets, not a static snapshot: an answer goes to the kernel and back.
        lesson = app.locator(".tk-lesson")
        harness.click(page, watch, lesson.get_by_role("button", name="3", exact=True))
        expect(lesson.locator(".tk-feedback")).to_contain_text("Right!")

        errors = notebook.locator('.jp-OutputArea-output[data-mime-type='
                                  '"application/vnd.jupyter.stderr"], .jp-OutputArea-output'
                                  '[data-mime-type="application/vnd.jupyter.error"]')
        assert errors.count() == 0, errors.first.inner_text()
        assert not watch.errors, watch.errors
    finally:
        context.close()
