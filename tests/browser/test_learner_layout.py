"""What a learner sees at 1280x720, in English and Dutch: no label cut off, in any app.

Every button, tab title, description, slider and dropdown of every tab is measured in
the browser: text wider than its box (``scrollWidth > clientWidth``), a control pushed
out of the app's frame, a slider too narrow to use, or a dropdown whose chosen option
does not fit.
"""

from __future__ import annotations

from typing import Any

import pytest

import treasurekit as tk

from . import harness
from .harness import Tab

pytestmark = pytest.mark.browser

PLAY_NL = "Speel tegen de computer"      # the tab of a game against the computer, in Dutch
APPS = ["index.ipynb", "diving_bell.ipynb", "captain_lucky.ipynb", "sea_or_shore.ipynb",
        "coralia.ipynb"]

CUT_OFF = """() => {
  const out = [];
  const app = document.querySelector('.tk-app');
  const right = app.getBoundingClientRect().right;
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const name = (el) => (el.innerText || el.value || el.textContent || '').trim().slice(0, 60);
  const what = (el) => el.className || el.tagName;
  const sel = ['button', '.lm-TabBar-tabLabel', '.widget-label', 'label', '.widget-readout',
               '.widget-html-content > *:not(div.tk-table):not(style)'];
  for (const el of app.querySelectorAll(sel.join(', '))) {
    if (!visible(el)) continue;
    if (el.scrollWidth > el.clientWidth + 1) {
      out.push(['cut', what(el), name(el), el.scrollWidth, el.clientWidth]);
    } else if (el.getBoundingClientRect().right > right + 1) {
      out.push(['outside', what(el), name(el)]);
    }
  }
  for (const el of app.querySelectorAll('.widget-hslider .slider-container')) {
    if (visible(el) && el.clientWidth < 120) {
      out.push(['narrow slider', name(el.closest('.widget-hslider')), el.clientWidth]);
    }
  }
  const span = document.createElement('span');
  span.style.cssText = 'visibility:hidden;position:absolute;white-space:pre';
  document.body.appendChild(span);
  for (const el of app.querySelectorAll('select')) {
    if (!visible(el) || el.multiple) continue;
    const cs = getComputedStyle(el);
    span.style.font = cs.font;
    span.textContent = el.selectedIndex >= 0 ? el.options[el.selectedIndex].text : '';
    const room = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    if (span.offsetWidth > room + 1) {
      out.push(['cut select', span.textContent, span.offsetWidth, room]);
    }
  }
  span.remove();
  return out;
}"""




def cut_off(t: Tab) -> list[Any]:
    """What is cut off on every tab of the app, tab by tab."""
    tabs = t.page.locator(".tk-tabs .lm-TabBar-tab")
    found: list[Any] = []
    for i in range(max(1, tabs.count())):
        if tabs.count():
            tabs.nth(i).click()                # (the open tab sends the kernel nothing)
            t.page.wait_for_timeout(300)
            t.wait_idle()                      # a tab's part is built when first opened
        found += [(i, *problem) for problem in t.page.evaluate(CUT_OFF)]
    return found


# One app, every tab, in both languages. The other sweeps cover every game in part: the
# presenter sweeps (test_presenter_*.py) show every lesson and example step, the game and
# its review in Dutch and in English; the phone sweep (test_phone.py) opens every tab of
# every game but Diving Bell (played whole by taps) in English only.
@pytest.mark.parametrize("notebook", APPS[:1])
def test_no_label_is_cut_off_in_either_language(small_tab: Tab, voila_url: str,
                                                notebook: str) -> None:
    t = small_tab
    t.open(harness.app_url(voila_url, notebook, lang="en"))
    problems = {"en": cut_off(t)}
    t.click(t.page.locator(".tk-language button", has_text="Nederlands"))
    problems["nl"] = cut_off(t)
    assert problems == {"en": [], "nl": []}
    t.assert_ok()


@pytest.mark.parametrize("game", sorted(tk.GAMES)[::2])   # (the phone and presenter
# sweeps open every game)
def test_the_table_and_the_moves_share_the_first_screen(small_tab: Tab, voila_url: str,
                                                        game: str) -> None:
    """At 1280x720 the game in play stands beside what the learner reads and clicks: the
    top of the table and the first button of the moves are on the first screen."""
    t = small_tab
    t.open_at(harness.app_url(voila_url, f"{game}.ipynb", lang="nl"), PLAY_NL)
    side = t.page.locator(".tk-play-side")
    side.wait_for()
    table = t.page.locator(".tk-play-area .tk-table").first
    table.wait_for()
    move = side.locator("button:visible").first
    move.wait_for()
    box, side_box, move_box = (x.bounding_box() for x in (table, side, move))
    assert box and side_box and move_box
    assert box["x"] + box["width"] <= side_box["x"], (box, side_box)    # side by side
    assert box["y"] < 400, box
    assert move_box["y"] + move_box["height"] <= 720, move_box
    if game == "coralia":           # the longest move labels: a rolled die to the island
        for _ in range(4):
            t.click(side.locator("button", has_text="Neem een").first)
        t.click(side.locator(".tk-co-picker button:visible").nth(1))
        assert t.page.evaluate(CUT_OFF) == []
    t.assert_ok()
