"""Voila latency of an app (Diving Bell by default) against a bare one-button Voila notebook.

``python benchmarks/dashboard.py [--app NAME] [--loads N] [--clicks N] [--check]``, or ``main()``
from ``benchmarks/run.py``. Both notebooks are served by one Voila server (the repo's
``voila.json``) and opened in the same headless Chromium, in alternation, so the
ratios compare like with like on any machine:

* time to interactive -- from the start of navigation until the first widget button
  (the lesson's first answer; the bare notebook's button) is visible and enabled,
  measured inside the page (``performance.now()`` is relative to navigation start);
  every load uses a fresh browser context and a fresh kernel.
* click -> update -- from a button's click until the kernel's answer is on screen
  (the lesson's feedback "Right!"; the bare label's new text), measured inside the
  page with a MutationObserver, with the kernel idle before each click.

Medians over the repetitions (5 loads and 15 clicks of each: single clicks range from 5
to 16 ms and loads by 15%, so fewer made the medians jump from run to run); goals:
app / bare <= 1.25 for both.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
GOAL_RATIO = 1.25


def _harness() -> ModuleType:
    """The browser tests' harness (one copy of the Voila/Chromium launch code)."""
    name = "treasurekit_browser_harness"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "tests" / "browser" / "harness.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up while being defined
    spec.loader.exec_module(module)
    return module


h = _harness()

# Where to look in each notebook: the button to wait for and click, and what the
# kernel's reply puts on screen. ``text`` may use {n}, the click's number (from 1).
#: The apps that can be measured (``--app``): each answers its lesson's first question.
APPS: dict[str, dict[str, str]] = {
    "diving_bell": {
        "title": "Diving Bell",
        "notebook": "notebooks/diving_bell.ipynb",
        "button": ".tk-lesson .tk-choice",
        "label": "3",
        "result": ".tk-lesson .tk-feedback",
        "text": "Right!",
        "reset": ".tk-lesson .tk-retry",
    },
    "coralia": {
        "title": "Coralia",
        "notebook": "notebooks/coralia.ipynb",
        "button": ".tk-lesson .tk-choice",
        "label": "You roll 4 dice",
        "result": ".tk-lesson .tk-feedback",
        "text": "Right!",
        "reset": ".tk-lesson .tk-retry",
    },
}
TARGETS: dict[str, dict[str, str]] = {
    "app": APPS["diving_bell"],
    "bare": {
        "notebook": "benchmarks/bare_button.ipynb",
        "button": ".tk-bare-button",
        "label": "Click me",
        "result": ".tk-bare-label",
        "text": "Clicked {n} times",
        "reset": "",
    },
}

# Runs in the page before any of its scripts: note when the button is first usable.
TTI_SCRIPT = """
(() => {
  const selector = %(button)s, label = %(label)s;
  const usable = () => {
    for (const b of document.querySelectorAll(selector)) {
      if (b.textContent.trim() !== label || b.disabled) continue;
      const r = b.getBoundingClientRect();
      if (r.width > 0 && r.height > 0 && getComputedStyle(b).visibility !== 'hidden') {
        return true;
      }
    }
    return false;
  };
  const check = () => {
    // Voila removes its spinner once the kernel has run every cell and the page is sent.
    if (window.__tkServed === undefined && document.body
        && document.getElementById('rendered_cells') && !document.getElementById('loading')) {
      window.__tkServed = performance.now();
    }
    if (window.__tkTTI === undefined && usable()) {
      window.__tkTTI = performance.now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, {subtree: true, childList: true, attributes: true,
                              characterData: true});
})();
"""

# Click the button from inside the page and resolve when the result text shows.
CLICK_SCRIPT = """
([selector, label, result, text, timeout]) => new Promise((resolve, reject) => {
  const button = [...document.querySelectorAll(selector)]
      .find(b => b.textContent.trim() === label && !b.disabled);
  if (!button) { reject(new Error('no enabled button ' + selector + ' ' + label)); return; }
  const shown = () => [...document.querySelectorAll(result)]
      .some(el => el.textContent.includes(text));
  let t0 = 0;
  const observer = new MutationObserver(() => {
    if (shown()) { observer.disconnect(); resolve(performance.now() - t0); }
  });
  observer.observe(document.body, {subtree: true, childList: true, characterData: true,
                                   attributes: true});
  setTimeout(() => { observer.disconnect(); reject(new Error('no update: ' + text)); },
             timeout);
  t0 = performance.now();
  button.click();
})
"""


def _load(browser: Any, base: str,
          target: dict[str, str]) -> tuple[float, float, Any, Any, Any]:
    """Open a notebook in a fresh context: seconds until the notebook has run and been
    sent (Voila's spinner goes), and until the button is usable (time to interactive)."""
    context, page, watch = h.new_page(browser)
    page.add_init_script(TTI_SCRIPT % {"button": json.dumps(target["button"]),
                                       "label": json.dumps(target["label"])})
    url = f"{base}/voila/render/{target['notebook']}"
    page.goto(url, wait_until="commit", timeout=h.FIRST_LOAD_MS)
    page.wait_for_function("() => window.__tkTTI !== undefined", timeout=h.FIRST_LOAD_MS)
    tti = float(page.evaluate("window.__tkTTI")) / 1000
    served = float(page.evaluate("window.__tkServed ?? window.__tkTTI")) / 1000
    h.wait_kernel_idle(page, watch, h.FIRST_LOAD_MS)
    problems = h.page_problems(page, watch)
    if problems:
        raise RuntimeError(f"{target['notebook']} is broken:\n" + "\n".join(problems))
    return served, tti, context, page, watch


def _click(page: Any, watch: Any, target: dict[str, str], i: int) -> float:
    """The ``i``-th (from 1) click -> update latency in milliseconds."""
    if target["reset"] and i > 1:
        h.click(page, watch, page.locator(target["reset"]).first)
        page.locator(target["button"], has_text=target["label"]).first.wait_for()
    h.wait_kernel_idle(page, watch)
    ms = page.evaluate(CLICK_SCRIPT, [target["button"], target["label"], target["result"],
                                      target["text"].format(n=i), h.ACTION_MS])
    h.wait_kernel_idle(page, watch)
    return float(ms)


def measure(loads: int = 5, clicks: int = 15, app: str = "diving_bell") -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    TARGETS["app"] = APPS[app]

    samples: dict[str, dict[str, list[float]]] = {
        k: {"tti_s": [], "served_s": [], "click_ms": []} for k in TARGETS}
    # both notebooks' folders, one server, same config (the server renders only the
    # notebooks at the top of its folder unless told: these two are one folder down)
    server = h.start_voila(".", extra=[f"--TreasurekitVoila.pages={t['notebook']}"
                                       for t in TARGETS.values()])
    try:
        with sync_playwright() as p:
            browser = h.launch_chromium(p)
            try:
                # One unmeasured load each: Python, Voila and Chromium caches warm up.
                for target in TARGETS.values():
                    context = _load(browser, server.base_url, target)[2]
                    context.close()
                kept: dict[str, tuple[Any, Any, Any]] = {}
                for _ in range(loads):
                    for name, target in TARGETS.items():  # alternate: drift hits both
                        served, tti, context, page, watch = _load(browser, server.base_url,
                                                                  target)
                        samples[name]["tti_s"].append(tti)
                        samples[name]["served_s"].append(served)
                        if name in kept:
                            context.close()
                        else:  # the first page of each stays open for the clicks
                            kept[name] = (context, page, watch)
                # Clicks alternate between the two open pages, again so that drift in the
                # machine's load hits both alike.
                for i in range(1, clicks + 1):
                    for name, target in TARGETS.items():
                        _, page, watch = kept[name]
                        samples[name]["click_ms"].append(_click(page, watch, target, i))
                for context, _, _ in kept.values():
                    context.close()
            finally:
                browser.close()
    finally:
        server.stop()

    def med(name: str, key: str) -> float:
        return statistics.median(samples[name][key])

    tti_ratio = med("app", "tti_s") / med("bare", "tti_s")
    click_ratio = med("app", "click_ms") / med("bare", "click_ms")
    return {
        "tti_app_s": round(med("app", "tti_s"), 3),
        "tti_bare_s": round(med("bare", "tti_s"), 3),
        "tti_ratio": round(tti_ratio, 2),
        # of which: until Voila had run the notebook and sent the page
        "served_app_s": round(med("app", "served_s"), 3),
        "served_bare_s": round(med("bare", "served_s"), 3),
        "click_app_ms": round(med("app", "click_ms"), 1),
        "click_bare_ms": round(med("bare", "click_ms"), 1),
        "click_ratio": round(click_ratio, 2),
        "goal_ratio": GOAL_RATIO,
        "ok": tti_ratio <= GOAL_RATIO and click_ratio <= GOAL_RATIO,
        "loads": loads, "clicks": clicks, "app": app,
        "samples": {name: {k: [round(v, 4) for v in vs] for k, vs in d.items()}
                    for name, d in samples.items()},
    }


def report(r: dict[str, Any]) -> str:
    mark = {True: "ok", False: "MISSED"}
    rows = [
        ("time to interactive", f"app {r['tti_app_s']:.2f} s", f"bare {r['tti_bare_s']:.2f} s",
         f"{r['tti_ratio']:.2f}x", mark[r["tti_ratio"] <= r["goal_ratio"]]),
        ("click -> update", f"app {r['click_app_ms']:.0f} ms", f"bare {r['click_bare_ms']:.0f} ms",
         f"{r['click_ratio']:.2f}x", mark[r["click_ratio"] <= r["goal_ratio"]]),
    ]
    widths = [max(len(row[k]) for row in rows) for k in range(5)]
    lines = ["  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) for row in rows]
    lines.append(f"  (notebook run and page sent after app {r['served_app_s']:.2f} s, "
                 f"bare {r['served_bare_s']:.2f} s; the rest is widget rendering)")
    title = APPS[r.get("app", "diving_bell")]["title"]
    head = (f"Voila dashboard: {title} app vs bare button (goal <= {r['goal_ratio']}x, "
            f"medians of {r['loads']} loads / {r['clicks']} clicks)")
    return "\n".join([head, *lines])


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Measure and print; ``argv=None`` (as ``benchmarks/run.py`` calls it) = defaults."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--app", choices=sorted(APPS), default="diving_bell",
                        help="the app measured against the bare notebook")
    parser.add_argument("--loads", type=int, default=5, help="page loads per notebook")
    parser.add_argument("--clicks", type=int, default=15, help="clicks per notebook")
    parser.add_argument("--json", action="store_true", help="also print the result as JSON")
    parser.add_argument("--check", action="store_true", help="exit 1 if a goal is missed")
    args = parser.parse_args([] if argv is None else argv)
    if not h.chromium_available():
        print(f"dashboard: skipped, no Chromium at {h.CHROMIUM}")
        return {"skipped": f"no Chromium at {h.CHROMIUM}"}
    start = time.perf_counter()
    result = measure(args.loads, args.clicks, args.app)
    result["seconds"] = round(time.perf_counter() - start, 1)
    print(report(result))
    if args.json:
        print(json.dumps(result, indent=2))
    if args.check and not result["ok"]:
        raise SystemExit(1)
    return result


if __name__ == "__main__":
    main(sys.argv[1:])
