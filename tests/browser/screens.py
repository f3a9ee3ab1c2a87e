"""What a screen shows, measured in the browser in one call: used by the presenter-mode
and phone tests (test_presenter_screens.py, test_phone.py).

Sizes are what lands on the screen: a text's computed size times the zoom it is drawn at
(CSS ``zoom`` of presenter mode's fit, or the scale of the drawing an SVG label is in); a
drawing without words that reads as a label (``data-tk-label``: a die) counts as one.
"""

from __future__ import annotations

from typing import Any

#: One evaluate: how far the page scrolls, what is off screen, the smallest visible texts.
#: ``parts`` are selectors that must be wholly on screen (each visible match).
MEASURE = """async ([parts, minText]) => {
  // the fit (treasurekit/widgets/screen.py) runs in the next frame after a change
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const W = innerWidth, H = innerHeight;
  const de = document.scrollingElement;
  const app = document.querySelector('.tk-app');
  const visible = (el) => el.checkVisibility({opacityProperty: true, visibilityProperty: true});
  const ownText = (el) => [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
  const small = [];
  let smallest = Infinity;
  for (const el of app.querySelectorAll('*')) {
    if (!ownText(el) || !visible(el)) continue;
    if (el.closest('style, script, title')) continue;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || r.bottom <= 0 || r.top >= H || r.right <= 0 || r.left >= W) {
      continue;
    }
    // a label clipped away by a scroll box (the log's older lines) is not on screen
    const size = parseFloat(getComputedStyle(el).fontSize);
    let shown;
    if (el instanceof SVGElement) {
      const m = el.getScreenCTM();
      shown = size * (m ? Math.sqrt(Math.abs(m.a * m.d - m.b * m.c)) : 1);
    } else {
      shown = size * (el.currentCSSZoom || 1);
    }
    smallest = Math.min(smallest, shown);
    if (shown < minText - 0.5) {
      small.push(`${el.tagName.toLowerCase()}.${el.getAttribute('class') || ''}: `
                 + `${shown.toFixed(1)}px "${el.textContent.trim().slice(0, 30)}"`);
    }
  }
  // a drawing without words that must read as a label does (a die: data-tk-label, svg.py)
  // is measured as a label of that many units
  for (const el of app.querySelectorAll('svg[data-tk-label]')) {
    const r = el.getBoundingClientRect();
    if (!visible(el) || !r.width || r.bottom <= 0 || r.top >= H || r.right <= 0 || r.left >= W) {
      continue;
    }
    const m = el.getScreenCTM();
    const scale = m ? Math.sqrt(Math.abs(m.a * m.d - m.b * m.c)) : 1;
    const shown = parseFloat(el.dataset.tkLabel) * scale;
    smallest = Math.min(smallest, shown);
    if (shown < minText - 0.5) {
      small.push(`svg.${el.getAttribute('class')}: ${shown.toFixed(1)}px `
                 + `"${el.getAttribute('aria-label').slice(0, 30)}" (read as a label)`);
    }
  }
  // a word cut off ("…") is not read either: a button or tab whose text overflows it
  for (const el of app.querySelectorAll('button, .lm-TabBar-tabLabel')) {
    if (!visible(el) || getComputedStyle(el).textOverflow !== 'ellipsis') continue;
    const r = el.getBoundingClientRect();
    if (r.bottom <= 0 || r.top >= H || el.scrollWidth <= el.clientWidth + 1) continue;
    small.push(`${el.tagName.toLowerCase()}.${el.getAttribute('class') || ''}: `
               + `cut "${el.textContent.trim().slice(0, 30)}"`);
  }
  const off = [];
  for (const sel of parts) {
    const found = [...app.querySelectorAll(sel)].filter(visible);
    if (!found.length) off.push(`${sel}: none shown`);
    for (const el of found) {
      const r = el.getBoundingClientRect();
      if (r.top < -1 || r.bottom > H + 1 || r.left < -1 || r.right > W + 1) {
        off.push(`${sel}: ${Math.round(r.left)},${Math.round(r.top)}-`
                 + `${Math.round(r.right)},${Math.round(r.bottom)}`);
      }
    }
  }
  // the page scrolls where the app or a box it sits in does (Voila scrolls a box)
  let scroll = de.scrollHeight - de.clientHeight, wide = de.scrollWidth - de.clientWidth;
  for (let e = app; e && e !== de; e = e.parentElement) {
    const s = getComputedStyle(e);
    if (/auto|scroll/.test(s.overflowY)) scroll = Math.max(scroll, e.scrollHeight - e.clientHeight);
    if (/auto|scroll/.test(s.overflowX)) wide = Math.max(wide, e.scrollWidth - e.clientWidth);
  }
  return {scroll, wide, zoom: app.currentCSSZoom,
          smallest: Math.round(smallest * 10) / 10, small: small.slice(0, 8), off};
}"""


def measure(page: Any, parts: list[str], min_text: float = 0) -> dict[str, Any]:
    """What the page shows now (see MEASURE): ``small`` lists the texts under ``min_text``
    px, the words of the page and the labels inside its drawings alike."""
    result: dict[str, Any] = page.evaluate(MEASURE, [parts, min_text])
    return result


# ---- presenter mode ---------------------------------------------------------------------
#: the projector's sizes; at the larger one no text on screen may be under MIN_TEXT px,
#: the words of the slide and the labels inside its drawings alike, in every game
SMALL, LARGE = (1280, 720), (1920, 1080)
MIN_TEXT = 24
#: the floor at SMALL: the same slide zoomed to 2/3 (the fit follows the window), so
#: MIN_TEXT at that zoom (16 px)
SMALL_MIN_TEXT = MIN_TEXT * SMALL[1] / LARGE[1]
LESSON = [".tk-lesson-question", ".tk-lesson-choices", ".tk-lesson-table", ".tk-lesson-nav"]
EXAMPLE = [".tk-ex-head", ".tk-ex-nav", ".tk-ex-caption", ".tk-ex-table"]


def press(page: Any, watch: Any, key: str) -> None:
    """A key press with nothing clicked or hovered, handled by the kernel."""
    from . import harness

    seen = watch.kernel_messages
    page.keyboard.press(key)
    page.wait_for_timeout(30)
    while watch.kernel_messages == seen:
        page.wait_for_timeout(20)
    harness.wait_kernel_idle(page, watch, settle_s=0.05)


def slide_problems(page: Any, parts: list[str], where: str) -> list[str]:
    """What is wrong with the slide shown at the window's size: the page scrolls, one of
    ``parts`` is not wholly on screen, or a text is under the floor, a word of the slide
    or a label inside a drawing: MIN_TEXT px at LARGE, SMALL_MIN_TEXT px (the same slide
    at 2/3) at SMALL, none at another size."""
    size = page.viewport_size
    floor = {LARGE: MIN_TEXT, SMALL: SMALL_MIN_TEXT}.get((size["width"], size["height"]), 0)
    m = measure(page, parts, floor)
    found = []
    if m["scroll"] > 0 or m["wide"] > 0:
        found.append(f"{where}: scrolls {m['scroll']} px down, {m['wide']} px across")
    if m["off"]:
        found.append(f"{where}: off screen {m['off']}")
    if floor and m["small"]:
        found.append(f"{where}: small text {m['small'][:3]}")
    return found


def focus_in_app(page: Any) -> bool:
    return bool(page.evaluate(
        "() => document.activeElement && document.activeElement.classList.contains('tk-app')"))

