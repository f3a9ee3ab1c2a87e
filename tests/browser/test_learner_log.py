"""The log in a real browser: oldest line first, the newest at the bottom and in sight,
every line whole (wrapped, never cut off)."""

from __future__ import annotations

import pytest

from . import harness
from .harness import Tab

pytestmark = pytest.mark.browser

LOG_STATE = """() => {
  const box = document.querySelector('.tk-play .tk-narrator .tk-log-box');
  const items = box.querySelectorAll('li');
  const last = items[items.length - 1].getBoundingClientRect();
  const frame = box.getBoundingClientRect();
  const cut = Array.from(items).filter(li => li.scrollWidth > li.clientWidth + 1).length;
  return {lines: items.length, scrollable: box.scrollHeight > box.clientHeight + 1,
          lastInSight: last.bottom <= frame.bottom + 1 && last.top >= frame.top - 1,
          firstText: items[0].innerText, cut: cut};
}"""


def test_the_log_opens_at_its_newest_line(small_tab: Tab, voila_url: str) -> None:
    t = small_tab
    page = t.page
    t.open_at(harness.app_url(voila_url, "sea_or_shore.ipynb", lang="en"), "Play the computer")
    play = page.locator(".tk-play")
    play.wait_for()
    for _ in range(3):                   # a few moves: more lines than the box holds
        if play.locator(".tk-skip").is_visible():
            t.click(play.locator(".tk-skip"))
        elif play.locator(".tk-play-form").is_visible():
            t.click(play.locator(".tk-play-card"))
        else:
            t.click(play.locator(".tk-moves .tk-move").first)
    state = page.evaluate(LOG_STATE)
    assert state["scrollable"] and state["lines"] > 8, state
    assert state["lastInSight"], state
    assert "dealt" in state["firstText"] or "Round 1" in state["firstText"], state
    assert state["cut"] == 0, state
    t.assert_ok()
