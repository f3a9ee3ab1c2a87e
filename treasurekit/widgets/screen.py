"""The screen an app is shown on: presenter mode's fit to the projector, and its keys.

A small anywidget (served locally, like the clickable table) placed inside the app. In
presenter mode it

- scales the app to the window (CSS ``zoom``; the slide is designed for 1920x1080) so
  that the page does not scroll, neither down nor sideways, and no button's words are
  cut ("…", which scrolls nothing): each drawing is drawn large enough that its
  smallest label shows at :data:`LABEL` px on the design slide (the drawings are
  scaled, their words are not shrunk); the drawings of a step that would
  not fit shrink first (in the order :data:`LABEL` tells), its words only when that is
  not enough; a short step gets larger drawings, then larger everything (at most
  :data:`MOST` times). A step whose labels cannot reach :data:`LABEL` tries the column of
  its words (beside the table, presenter.py) narrower and wider, and keeps the best; still
  short, it shows the table as drawn for the slide, where a game has such a drawing (the
  ``tk-compact`` class on the app shows its ``tk-compact-only`` parts, hides its
  ``tk-compact-hide`` ones: a pile of many cards as chips of words). It fits again
  whenever the app's content or the window changes. Build & share (``tk-teacher``) is
  the teacher's workbench, not a slide: there the fit keeps the page from scrolling
  sideways only, with the slide's words at their size at most, and the page scrolls
  down (fitted as one screen its palette and share panel were a third of that size);
- gives the app the keyboard focus when the page opens and again after a click outside
  the app, and sends the presenter's keys (``watched_keys``) to Python from anywhere on the page
  (outside text fields), so the teacher never has to click into the app first. In
  JupyterLab the page's keys are JupyterLab's: there the keys reach the app while the
  pointer is over it (ipyevents, presenter.py), and the app, one output of a notebook
  that scrolls, is not fitted.

Out of presenter mode it does nothing. The widget holds no rules: Python decides what a
key does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

#: The zoom of the whole slide, from its design size (1920x1080): at most MOST for a short
#: step, at least LEAST for a long one; drawings are scaled between DRAWINGS first.
MOST, LEAST, DRAWINGS = 1.3, 0.3, (0.4, 2.0)
#: The size (px on the 1920x1080 design slide) every label inside a drawing is drawn at,
#: at least: a drawing whose smallest label is smaller is drawn larger (its words keep
#: their size in the drawing). When the slide cannot hold the drawings that large, the
#: slide's words give way down to WORDS times their size (24 of 26 px), then the labels
#: down to KEEP px, then down to the drawings' own size, then everything: every text at
#: 24 px comes before words larger than that.
LABEL, KEEP, WORDS = 24.0, 12.0, 24 / 26

_ESM = """
const STEP = 0.01;   // the fit's precision along its path (see fit)
const SPLITS = [1, 0.65, 1.4];   // the words' column's share, as tried (see fit)

function render({ model, el }) {
  el.classList.add("tk-screen");
  let app = null, queued = false, watching = null;
  const present = () => model.get("present") && app && app.isConnected;
  // Voila draws the notebook into #rendered_cells; JupyterLab has no such box
  const inLab = () => document.getElementById("rendered_cells") === null;

  // Build & share is the teacher's workbench, not a slide: the palette, the table and
  // the share panel keep the slide's words (the page scrolls down, never sideways)
  const workbench = () => [...app.querySelectorAll(".tk-teacher")]
    .some((t) => t.checkVisibility());
  let down = true;        // (whether scrolling down counts: not on the workbench)
  // how far the page (or any box the app sits in, or the app itself) would scroll; a
  // button or tab whose words are cut ("…") does not fit either, though nothing scrolls
  const overflow = () => {
    let worst = 0;
    for (const b of app.querySelectorAll("button, .lm-TabBar-tabLabel")) {
      if (b.clientWidth > 0 && b.scrollWidth > b.clientWidth + 1
          && getComputedStyle(b).textOverflow === "ellipsis") {
        worst = Math.max(worst, b.scrollWidth - b.clientWidth);
      }
    }
    for (let e = app; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      const scrolls = e === document.documentElement || e === document.body
        || /auto|scroll/.test(s.overflowX + s.overflowY);
      if (scrolls) {
        worst = Math.max(worst, down ? e.scrollHeight - e.clientHeight : 0,
                         e.scrollWidth - e.clientWidth);
      }
    }
    return worst;
  };
  // The drawings that hold labels, each with the size its smallest shown label has on
  // the design slide when the drawing is drawn at zoom 1 (measured as laid out: a
  // drawing may be drawn narrower than its width, in a row that shrinks it)
  let labelled = [];
  const DRAWN = ".tk-table svg, .tk-review-table svg, .tk-editor-table svg";
  const measureLabels = (design) => {
    for (const svg of app.querySelectorAll("svg")) svg.style.zoom = "";
    app.style.zoom = String(design);
    app.style.setProperty("--tk-draw", "1");
    labelled = [];
    for (const svg of app.querySelectorAll("svg")) {
      let least = Infinity;
      for (const t of svg.querySelectorAll("text")) {
        if (!t.textContent.trim() || !t.checkVisibility({ visibilityProperty: true })) continue;
        const m = t.getScreenCTM();
        if (!m) continue;
        const scale = Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
        least = Math.min(least, parseFloat(getComputedStyle(t).fontSize) * scale / design);
      }
      // a drawing without words that must read as well as words do (a die) counts as a
      // label of its data-tk-label units (svg.py's `reads_as`)
      const own = parseFloat(svg.dataset.tkLabel);
      if (own > 0 && svg.checkVisibility({ visibilityProperty: true })) {
        const m = svg.getScreenCTM();
        if (m) least = Math.min(least, own * Math.sqrt(Math.abs(m.a * m.d - m.b * m.c)) / design);
      }
      if (least < Infinity && least > 0) labelled.push([svg, least, svg.matches(DRAWN)]);
    }
  };
  // each labelled drawing at least large enough that its smallest label shows at `label`
  // design px (the words of the slide are 26 there), whatever the slide's zoom
  let slide = 1;
  const fits = (zoom, draw, label = 0) => {
    app.style.zoom = String(zoom);
    app.style.setProperty("--tk-draw", String(draw));
    for (const [svg, least, drawn] of labelled) {
      const need = label / least * (slide / zoom), own = drawn ? draw : 1;
      svg.style.zoom = need > own ? String(Math.ceil(need * 1000) / 1000) : "";
    }
    return overflow() <= 0;
  };

  // The slide is designed for 1920x1080 (text 26 px there). What the fit may give up
  // lies on one path, from "everything as small as allowed" (t = 0) to "everything as
  // large as allowed" (t = 6), each piece larger than the one before: the whole slide
  // (words down to `least`), the labels (0 to `keep`, then to `label`), the words (to
  // their design size, from `words` of it), the drawings (`drawings`), the whole slide
  // again (up to `most`). The fit takes the largest t whose slide fits the window.
  // the last fit at each window size (a few: a window dragged wider passes many), so that
  // a window that goes back to a size, such as a projector switched in and out of full
  // screen, starts its search where it was there
  const lastAt = new Map();
  const remember = (fitted) => {
    lastAt.delete(fitted.design);
    lastAt.set(fitted.design, fitted);
    if (lastAt.size > 4) lastAt.delete(lastAt.keys().next().value);
  };
  const fit = () => {
    queued = false;
    if (!app || !app.isConnected) return;
    // (in JupyterLab the app is one output of a long notebook: no fit there)
    if (!present() || inLab()) {
      app.style.zoom = "";
      app.style.removeProperty("--tk-draw");
      app.style.removeProperty("--tk-k");
      app.classList.remove("tk-compact");
      for (const svg of app.querySelectorAll("svg")) svg.style.zoom = "";
      if (watching) watching.takeRecords();
      lastAt.clear();
      return;
    }
    const [small, large] = model.get("drawings");
    const target = model.get("label"), keep = Math.min(model.get("keep"), target);
    const design = Math.min(innerWidth / 1920, innerHeight / 1080);
    slide = design;
    const words = design * model.get("words");
    const point = (t) => {
      const piece = Math.min(5, Math.floor(t)), f = t - piece;
      const between = (a, b) => a + (b - a) * f;
      return [[between(design * model.get("least"), words), small, 0],
              [words, small, between(0, keep)],
              [words, small, between(keep, target)],
              [between(words, design), small, target],
              [design, between(small, large), target],
              [between(design, design * model.get("most")), large, target]][piece];
    };
    const ok = (t) => fits(...point(t));
    // the workbench: its words at their design size at most (t = 5), scrolling down
    down = !workbench();
    const top = down ? 6 : 5;
    // the largest t that fits with the words' column at `k` times its share
    const search = (k, from) => {
      app.style.setProperty("--tk-k", String(k));
      let lo = 0, hi = top;
      if (from !== null) from = Math.min(from, top);
      // (the last fit's t first: a step much like the one before fits in two tries)
      if (from !== null) {
        if (ok(from)) {
          lo = from;
          if (lo + STEP < hi && !ok(lo + STEP)) hi = lo + STEP;
        } else {
          hi = from;
        }
      }
      if (hi - lo > STEP && ok(hi)) lo = hi;
      while (hi - lo > STEP) {
        const mid = (lo + hi) / 2;
        if (ok(mid)) lo = mid; else hi = mid;
      }
      return lo;
    };
    // the best t and words' column for the drawings as they are shown now
    const solve = (from) => {
      measureLabels(design);
      let k = 1, t = search(1, from);
      // a slide whose labels stay short of `label` tries its words' column narrower (a
      // crowded table) and wider (long words beside a short table): the best one stays
      if (t < 3) {
        for (const other of SPLITS) {
          if (other === 1) continue;
          const found = search(other, null);
          if (found > t + STEP) { k = other; t = found; }
        }
      }
      return [k, t];
    };
    const last = lastAt.get(design) ?? null;
    const again = last !== null;
    let k = 1, t = -1, compact = false;
    // the step before needed another column or the slide's drawing: a step much like it
    // (the next step of the same example) is tried that way first, and keeps it when its
    // labels reach their size there (a handful of layouts instead of a whole search)
    if (again && (last.k !== 1 || last.compact)) {
      app.classList.toggle("tk-compact", last.compact);
      measureLabels(design);
      const found = search(last.k, last.t);
      if (found >= 3) [k, t, compact] = [last.k, found, last.compact];
    }
    if (t < 0) {
      app.classList.remove("tk-compact");
      [k, t] = solve(again && last.k === 1 && !last.compact ? last.t : null);
    }
    // still short: the table drawn for the slide, where it has such a drawing (a pile of
    // many cards as one line of words each: the games' tk-compact-only parts)
    if (t < 3 && !compact && app.querySelector(".tk-compact-only")) {
      app.classList.add("tk-compact");
      const [k2, t2] = solve(null);
      if (t2 > t + STEP) {
        [k, t, compact] = [k2, t2, true];
      } else {
        app.classList.remove("tk-compact");
        measureLabels(design);
      }
    }
    app.style.setProperty("--tk-k", String(k));
    remember({ t, design, k, compact });
    const [zoom, draw, label] = point(t);
    fits(zoom, draw, label);
    app.dataset.tkZoom = app.style.zoom;
    app.dataset.tkLabel = String(Math.floor(label * 100) / 100);
    if (watching) watching.takeRecords();     // (the fit's own changes call for no fit)
  };
  // On a phone (not in presenter mode) a lesson step, when it opens, shows the parts of
  // the table it is about (its marker's data-tk-about names the table's data-tk-part
  // elements; none: the table from its top) above its answers, which stay at the bottom
  // of the screen (style.py), the question above them where the screen has room. Done
  // once per step (its marker's data-tk-step), and again once the answers have been
  // drawn; the lesson's data-tk-shown then says which step was placed.
  const GAP = 8;
  const placed = new WeakMap();
  const scroller = (el) => {
    for (let e = el.parentElement; e; e = e.parentElement) {
      if (/auto|scroll/.test(getComputedStyle(e).overflowY) && e.scrollHeight > e.clientHeight) {
        return e;
      }
    }
    return document.scrollingElement;
  };
  const place = (lesson, marker) => {
    if (!marker.isConnected || !lesson.checkVisibility()) return;
    const names = (marker.dataset.tkAbout || "").split(" ").filter(Boolean);
    const table = lesson.querySelector(".tk-lesson-table");
    const parts = [...table.querySelectorAll("[data-tk-part]")].filter((p) =>
      p.dataset.tkPart.split(" ").some((n) => names.includes(n)) && p.checkVisibility());
    const boxes = (parts.length ? parts : [table]).map((p) => p.getBoundingClientRect());
    const top = Math.min(...boxes.map((r) => r.top));
    const bottom = Math.max(...boxes.map((r) => r.bottom));
    const bar = lesson.querySelector(".tk-lesson-choices");
    const limit = innerHeight - (bar ? bar.getBoundingClientRect().height : 0) - GAP;
    const question = lesson.querySelector(".tk-lesson-question").getBoundingClientRect().top;
    if (question >= 0 && top >= 0 && bottom <= limit) return;     // all in sight already
    // the question at the top of the screen, or further down as far as the parts need
    // to come out from under the answers (their top kept on the screen, GAP under its
    // edge where the parts leave that much room above the answers, less where they don't)
    const gap = Math.max(0, Math.min(GAP, limit + GAP - (bottom - top)));
    const by = Math.max(question - GAP, Math.min(bottom - limit, top - gap));
    scroller(lesson).scrollBy(0, by);
  };
  const showStep = () => {
    if (!app || model.get("present") || inLab() || !matchMedia("(max-width: 600px)").matches) {
      return;
    }
    for (const marker of app.querySelectorAll(".tk-lesson .tk-about")) {
      const lesson = marker.closest(".tk-lesson");
      const key = `${marker.dataset.tkStep} ${marker.dataset.tkAbout}`;
      if (placed.get(lesson) === key || !lesson.checkVisibility()) continue;
      placed.set(lesson, key);
      place(lesson, marker);
      setTimeout(() => {
        place(lesson, marker);
        lesson.dataset.tkShown = key;
      }, 250);
    }
  };
  // A live class's student on a phone: at the reveal, the why (under the step's table,
  // above the answers) is brought into sight, once per verdict.
  const told = new WeakMap();
  const showVerdict = () => {
    if (!app || !app.classList.contains("tk-live-student")
        || !matchMedia("(max-width: 600px)").matches) return;
    for (const why of app.querySelectorAll(".tk-lesson-feedback, .tk-practice-feedback")) {
      const text = why.textContent.trim();
      if (!text || told.get(why) === text || !why.checkVisibility()) continue;
      told.set(why, text);
      why.scrollIntoView({ block: "nearest" });
    }
  };
  const later = () => {
    if (!queued) {
      queued = true;
      requestAnimationFrame(() => { fit(); showStep(); showVerdict(); });
    }
  };

  const focusApp = () => {
    if (!present() || inLab()) return;
    const active = document.activeElement;
    if (active && active !== document.body && app.contains(active)) return;
    if (!app.hasAttribute("tabindex")) app.setAttribute("tabindex", "-1");
    app.focus({ preventScroll: true });
  };

  // (a radio button, such as a drawing's switches, leaves the keys to the presenter)
  const typing = (target) => target instanceof Element
    && target.closest("input:not([type=radio]), textarea, select, [contenteditable=true]")
       !== null;
  const onKey = (event) => {
    if (!present() || inLab() || typing(event.target)) return;
    if (event.ctrlKey || event.altKey || event.metaKey) return;
    if (!model.get("watched_keys").includes(event.key)) return;
    event.preventDefault();
    model.send({ type: "keydown", key: event.key, timeStamp: event.timeStamp });
  };
  const onPointer = (event) => {
    if (present() && !(event.target instanceof Node && app.contains(event.target))) {
      setTimeout(focusApp, 0);
    }
  };

  const start = () => {
    app = el.closest(".tk-app");
    if (!app) { requestAnimationFrame(start); return; }
    watching = new MutationObserver(later);
    // (a part shown or hidden changes its style: ipywidgets' layout.display)
    watching.observe(app, { childList: true, subtree: true, characterData: true,
                            attributes: true, attributeFilter: ["class", "style"] });
    window.addEventListener("resize", later);
    // (a web font that arrives after the first fit changes every text's width)
    document.fonts.addEventListener("loadingdone", later);
    document.fonts.ready.then(later);
    // (a switch that shows another part of a drawing: Coralia's reefs, coralia.py)
    app.addEventListener("change", later);
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    later();
    focusApp();
  };
  model.on("change:present", () => { later(); focusApp(); });
  requestAnimationFrame(start);
  return () => {
    if (watching) watching.disconnect();
    if (app) app.removeEventListener("change", later);
    window.removeEventListener("resize", later);
    document.fonts.removeEventListener("loadingdone", later);
    document.removeEventListener("keydown", onKey);
    document.removeEventListener("pointerdown", onPointer);
    if (app) app.style.zoom = "";
  };
}
export default { render };
"""

_CSS = ".tk-screen { display: none; }"


class Screen(anywidget.AnyWidget):  # type: ignore[misc, unused-ignore]
    """Fits the app to the screen in presenter mode (``present``) and sends ``watched_keys``
    pressed anywhere on the page to ``on_key`` (the keydown's ``key`` and ``timeStamp``)."""

    _esm = _ESM
    _css = _CSS
    present = traitlets.Bool(False).tag(sync=True)
    watched_keys = traitlets.List(traitlets.Unicode(), default_value=[]).tag(sync=True)
    most = traitlets.Float(MOST).tag(sync=True)
    label = traitlets.Float(LABEL).tag(sync=True)
    keep = traitlets.Float(KEEP).tag(sync=True)
    words = traitlets.Float(WORDS).tag(sync=True)
    least = traitlets.Float(LEAST).tag(sync=True)
    drawings = traitlets.Tuple(traitlets.Float(), traitlets.Float(),
                               default_value=DRAWINGS).tag(sync=True)

    def __init__(self, on_key: Callable[[dict[str, Any]], None], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_key = on_key
        self.on_msg(self._message)

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict) or not isinstance(content.get("key"), str):
            return
        stamp = content.get("timeStamp")
        self.on_key({"type": "keydown", "key": content["key"][:20],
                     "timeStamp": stamp if isinstance(stamp, (int, float)) else None})
