"""Every app on a phone (390x844, touch): every tab in sight and opened by a tap, no
button or tab smaller than a fingertip (44 px), nothing wider than the screen on any tab,
the drawn table in the first screen of a game (its set-up folded away), Coralia's board
readable (one reef at a time, a tap on a switch for another, labels of 18 px and more),
every lesson step opened with the part of the table it is about in sight above its
answers, and a whole game of Diving Bell played by taps with the piles a choice is about
on screen with that choice. Every game's tabs are swept, Diving Bell's on the page its
whole game is played on (before the game: one page load fewer).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

import treasurekit as tk
from treasurekit.core.i18n import tr
from treasurekit.core.teaching import lesson_of

from . import harness
from .harness import PHONE, phone_page, tap
from .screens import measure

pytestmark = pytest.mark.browser

#: the README's picture of a phone: a choice of piles in Diving Bell
SCREENSHOT = harness.ROOT / "docs" / "phone.png"
#: one evaluate: what sticks out of the screen (outside a box that pans), and every
#: visible button, tab, field and drop-down smaller than 44x44 CSS px
CHECK = r"""() => {
  const W = innerWidth, out = {wide: [], small: []};
  const name = (el) => `${el.tagName.toLowerCase()}.${(el.getAttribute('class') || '')
      .split(' ').filter(c => c.startsWith('tk-') || c.startsWith('lm-TabBar')).join('.')}`
      + ` "${(el.innerText || el.value || '').trim().slice(0, 24).replace(/\s+/g, ' ')}"`;
  for (const el of document.querySelectorAll('.tk-app *')) {
    if (!el.checkVisibility({visibilityProperty: true})) continue;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    // (a box of the app that pans sideways with a finger may hold more than the screen)
    let pans = false;
    for (let up = el.parentElement; up && up.closest('.tk-app'); up = up.parentElement) {
      if (/auto|scroll/.test(getComputedStyle(up).overflowX)) { pans = true; break; }
    }
    if ((r.right > W + 1 || r.left < -1) && !pans) {
      out.wide.push(`${name(el)} ${Math.round(r.left)}..${Math.round(r.right)}`);
    }
    if (el.matches('button, select, input, textarea, .lm-TabBar-tab')
        && (r.height < 44 || r.width < 44)) {
      // a check box or radio button counts with its label, which a tap also toggles
      const box = /checkbox|radio/.test(el.type) ? el.closest('label') || el : el;
      const b = box.getBoundingClientRect();
      if (b.height < 44 || b.width < 44) {
        out.small.push(`${name(el)} ${Math.round(b.width)}x${Math.round(b.height)}`);
      }
    }
  }
  out.wide = out.wide.slice(0, 6);
  out.small = out.small.slice(0, 8);
  return out;
}"""

#: the smallest label on Coralia's board (the lesson's), as drawn on the screen (px), and
#: which of its reefs are shown
BOARD = """() => {
  const board = document.querySelector('.tk-lesson .tk-co');
  const labels = [...board.querySelectorAll('.tk-co-board text, .tk-co-focus text')]
    .filter((t) => t.textContent.trim() && t.checkVisibility())
    .map((t) => {
      const m = t.getScreenCTM();
      return parseFloat(getComputedStyle(t).fontSize) * Math.sqrt(m.a * m.d - m.b * m.c);
    });
  const reefs = [...board.querySelectorAll('svg.tk-co-reef')].filter((r) => r.checkVisibility());
  return {least: Math.min(...labels), reefs: reefs.map((r) => r.getAttribute('aria-label'))};
}"""
#: Coralia's board on a phone: one reef at a time, its labels at least this large (px)
BOARD_LABELS = 18


#: A lesson step as it opens on a phone, measured: the part of the table it is about (the
#: union of the drawing's visible parts that ``names`` names), how much of it is in sight
#: between the top of the screen and the answers kept at the bottom, and the answers not
#: wholly on the screen (and the slide's chips of words shown, which must not be).
STEP = """(names) => {
  const lesson = document.querySelector('.tk-lesson');
  const parts = [...lesson.querySelectorAll('.tk-lesson-table [data-tk-part]')].filter((p) =>
    p.dataset.tkPart.split(' ').some((n) => names.includes(n)) && p.checkVisibility());
  const bar = lesson.querySelector('.tk-lesson-choices').getBoundingClientRect();
  const boxes = parts.map((p) => p.getBoundingClientRect());
  const top = Math.min(...boxes.map((r) => r.top));
  const bottom = Math.max(...boxes.map((r) => r.bottom));
  const answers = [...lesson.querySelectorAll('.tk-lesson-choices button')]
    .map((b) => b.getBoundingClientRect())
    .filter((r) => r.top < -1 || r.bottom > innerHeight + 1).length;
  // (the chips that stand in for a crowded slide's drawings are not on a phone)
  const chips = [...lesson.querySelectorAll('.tk-compact-only')]
    .filter((c) => c.checkVisibility()).length;
  return {parts: parts.length, height: Math.round(bottom - top), space: Math.round(bar.top),
          seen: Math.round(Math.max(0, Math.min(bottom, bar.top) - Math.max(top, 0))), answers,
          chips};
}"""
#: the part a step is about is wholly in sight above the answers, or (taller than that
#: space) fills at least this share of it
FILLS = 0.8


def lesson_steps_in_sight(page: Any, watch: Any, game: str) -> None:
    """Every lesson step of ``game``, from the first, opened on the phone (Next tapped):
    the part of its table it is about (LessonStep.about) is in sight with its answers."""
    lesson = page.locator(".tk-lesson")
    found = []
    for index, step in enumerate(lesson_of(game)):
        if index:
            tap(page, watch, page.locator(".tk-lesson .tk-next"))
        # (the step is placed once its answers are drawn: screen.py's data-tk-shown)
        expect(lesson).to_have_attribute("data-tk-shown", f"{index} {' '.join(step.about)}")
        m = page.evaluate(STEP, list(step.about))
        whole = m["height"] <= m["space"]
        if not m["parts"] or m["answers"] or m["chips"] or (
                m["seen"] < m["height"] - 1 if whole else m["seen"] < FILLS * m["space"]):
            found.append(f"step {index + 1} ({step.key}, {'/'.join(step.about)}): {m}")
    assert not found, found


#: the game played to its end by taps (its tabs are swept on that page, before the game)
WHOLE_GAME = "diving_bell"


def every_tab_fits(page: Any, watch: Any) -> dict[str, Any]:
    """Every tab of the app, from the first, opened by a tap: its tab in sight (no hidden
    swipe), nothing on it wider than the screen or smaller than a fingertip, and a game's
    table in the first screen, its set-up folded away (unfolded and folded by taps). What
    is wrong, by tab; the page ends on its last tab."""
    tabs = page.locator(".tk-tabs .lm-TabBar-tab")
    found: dict[str, Any] = {}
    for i in range(tabs.count()):
        tab = tabs.nth(i)
        box = tab.bounding_box()             # in sight: no hidden swipe
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
        if i:
            tap(page, watch, tab)
        expect(tab).to_have_class(re.compile("lm-mod-current"))
        check = page.evaluate(CHECK)
        m = measure(page, [])
        if check["wide"] or check["small"] or m["wide"] > 0:
            found[tab.inner_text().strip()] = (check, m["wide"])
        if "lm-mod-current" in (tab.get_attribute("class") or "") and \
                page.locator(".tk-play-area:visible").count():
            table = page.locator(".tk-play-area .tk-table").first.bounding_box()
            assert table and table["y"] < PHONE["height"] - 100, table  # the first screen
            expect(page.locator(".tk-setup")).to_be_hidden()
            tap(page, watch, page.locator(".tk-setup-open"))
            expect(page.locator(".tk-setup .tk-new-game")).to_be_visible()
            tap(page, watch, page.locator(".tk-setup-open"))
    return found


@pytest.mark.parametrize("game", [g for g in sorted(tk.GAMES) if g != WHOLE_GAME])
def test_every_tab_fits_a_phone(browser: Any, voila_url: str, game: str) -> None:
    context, page, watch = phone_page(browser)
    try:
        harness.open_app(page, watch, harness.app_url(voila_url, f"{game}.ipynb", "en"))
        lesson_steps_in_sight(page, watch, game)
        tabs = page.locator(".tk-tabs .lm-TabBar-tab")
        found = every_tab_fits(page, watch)
        assert not found, found
        assert harness.only_the_app(page, watch) == []     # every tab built: nothing else
        if game == "coralia":         # the board, readable: one reef at a time, large
            tap(page, watch, tabs.first)
            board = page.evaluate(BOARD)
            assert board["least"] >= BOARD_LABELS - 0.5 and len(board["reefs"]) == 1, board
            # another reef, by a tap on its switch (no kernel: the page alone)
            switch = page.locator(".tk-lesson .tk-co-tab:not(:has(input:checked))").last
            title = switch.get_attribute("title")
            switch.tap()
            shown = page.evaluate(BOARD)["reefs"]
            assert shown == [title] != board["reefs"], shown
        harness.assert_page_ok(page, watch)
    finally:
        context.close()


def test_a_whole_game_by_taps(browser: Any, voila_url: str) -> None:
    context, page, watch = phone_page(browser)
    try:
        harness.open_app(page, watch, harness.app_url(voila_url, f"{WHOLE_GAME}.ipynb", "en"))
        lesson_steps_in_sight(page, watch, WHOLE_GAME)
        # every tab, as test_every_tab_fits_a_phone sweeps the other games' (on this page)
        found = every_tab_fits(page, watch)
        assert not found, found
        assert harness.only_the_app(page, watch) == []     # every tab built: nothing else
        tap(page, watch, page.locator(".tk-tabs .lm-TabBar-tab").nth(2))
        # the computer plays on by itself (the set-up's switch, unfolded and folded again)
        tap(page, watch, page.locator(".tk-setup-open"))
        page.locator(".tk-setup .tk-pace input").tap()
        harness.wait_kernel_idle(page, watch)
        # the quick game (about half the moves of the standard one), started anew
        page.locator(".tk-setup select").first.select_option(
            label=tr(f"{WHOLE_GAME}.variant.quick", "en"))
        harness.wait_kernel_idle(page, watch)
        tap(page, watch, page.locator(".tk-setup .tk-new-game"))
        tap(page, watch, page.locator(".tk-setup-open"))
        moves = page.locator(".tk-moves-row button:visible:enabled")
        over = page.locator(".tk-review-open")
        piles_seen = 0
        for _ in range(300):
            if over.is_visible():
                break
            choice = [b for b in moves.all()
                      if "tk-takeback" not in (b.get_attribute("class") or "")]
            assert choice, "no move to tap"
            piles = page.locator(".tk-play-area .tk-pile:visible")
            if piles.count() and any("pile" in b.inner_text().lower() for b in choice):
                piles_seen += 1          # the piles are on screen, above the moves
                bar = page.locator(".tk-moves-row").bounding_box()
                for pile in piles.all():
                    r = pile.bounding_box()
                    assert r and r["y"] >= 0 and r["y"] + r["height"] <= bar["y"] + 1, (r, bar)
                assert bar["y"] + bar["height"] <= PHONE["height"] + 1, bar
                if piles_seen == 1:
                    page.screenshot(path=str(SCREENSHOT))
            tap(page, watch, choice[-1] if piles.count() else choice[0])
        expect(over).to_be_visible()
        assert piles_seen, "no choice of piles came up"
        assert measure(page, [])["wide"] <= 0
        harness.assert_page_ok(page, watch)
    finally:
        context.close()
