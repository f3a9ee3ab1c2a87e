"""The address follows the language switch, so a shared link keeps the language."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from . import harness
from .harness import Tab

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("notebook", ["sea_or_shore.ipynb"])
def test_switching_language_writes_it_into_the_address(small_tab: Tab, voila_url: str,
                                                       notebook: str) -> None:
    t = small_tab
    page = t.page
    context = page.context
    t.open(harness.app_url(voila_url, notebook))          # no ?lang= at all
    t.click(page.locator(".tk-language button", has_text="Nederlands"))
    page.wait_for_function("() => location.search.includes('lang=nl')")
    shared = page.url
    t.click(page.locator(".tk-language button", has_text="English"))
    page.wait_for_function("() => location.search.includes('lang=en')")
    # the link copied while the app was in Dutch opens in Dutch
    other = context.new_page()
    o = Tab(other, harness.watch_page(other))
    o.open(shared)
    harness.wait_for_app(other, o.watch)
    expect(other.locator(".tk-language button.mod-active")).to_have_text("Nederlands")
    t.assert_ok()
    o.assert_ok()
