"""Play by touching the drawn table, in a real browser: the touchable parts are outlined,
a click on one plays its move (the buttons stay for the keyboard)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from . import harness
from .harness import Tab

pytestmark = pytest.mark.browser


def test_click_the_deck_and_the_pile(small_tab: Tab, voila_url: str) -> None:
    t = small_tab
    page = t.page
    t.open_at(harness.app_url(voila_url, "diving_bell.ipynb", lang="en"), "Play the computer")
    play = page.locator(".tk-play")
    t.click(play.locator(".tk-new-game"))
    deck = play.locator(".tk-clickable-table .tk-deck.tk-pickable")
    expect(deck).to_have_count(1)                   # outlined: it may be touched
    t.click(deck)
    expect(play.locator(".tk-narrator")).to_contain_text("Ann (you) dives deeper")
    expect(play.locator(".tk-move-draw")).to_be_visible()      # the buttons stay
    t.assert_ok()
