"""The Diving Bell notebook in JupyterLab: Run All Cells, then the live widgets work.
(The engine walkthroughs, notebooks/walkthroughs/, are run and compared by nbval.)"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from . import harness

pytestmark = pytest.mark.browser


def test_notebook_runs_in_jupyterlab(browser: Any, lab_url: str) -> None:
    context, page, watch = harness.new_page(browser)
    try:
        panel, app = harness.run_in_lab(page, watch, lab_url, "diving_bell.ipynb")
        expect(app).to_be_visible()
        expect(app.locator(".tk-title").first).to_have_text("Diving Bell")
        expect(app.locator(".tk-tabs .lm-TabBar-tabLabel").first).to_have_text("Lesson")

        # Live widgets, not a static snapshot: an answer goes to the kernel and back.
        lesson = app.locator(".tk-lesson")
        harness.click(page, watch, lesson.get_by_role("button", name="3", exact=True))
        expect(lesson.locator(".tk-feedback")).to_contain_text("Right!")

        harness.assert_lab_ok(panel, watch)
    finally:
        context.close()
