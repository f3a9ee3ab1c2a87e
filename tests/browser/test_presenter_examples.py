"""Presenter mode, every step of every rulebook example of every game, the game in
play and the review of a finished game (its first, third and last position), at both
sizes and in both languages: each example forward through every step in Dutch (the
longer words; with →), then ``l`` for English and back through every step to its first
(with ←), each Dutch step measured at 1920x1080 and at 1280x720 (the same slide zoomed to
2/3), each English one at 1280x720 (the smallest text; the English words are the shorter);
the game and the review in English at both sizes. The page never
scrolls, the example's title, buttons, caption and table are on screen at once, and no
text is under 24 px at 1920x1080 nor under 16 px at 1280x720, the labels inside the
drawings included, in every game, the final count of Coralia's scoring table too
(screens.MIN_TEXT, screens.SMALL_MIN_TEXT).

One page per game, one evaluate per step and size (screens.py).
"""

from __future__ import annotations

from typing import Any

import pytest

import treasurekit as tk

from ..generic.registry import setups
from . import harness
from .screens import EXAMPLE, LARGE, SMALL, press, slide_problems

pytestmark = pytest.mark.browser

PLAY = [".tk-play-area .tk-table", ".tk-moves-row", ".tk-play-side .tk-panel"]
REVIEW = [".tk-review-nav", ".tk-review-table"]


def finished(game: str) -> tk.Game[Any]:
    """A game of ``game`` played to its end (its first set-up, random moves)."""
    return next(s for s in setups() if s.game == game).played_out(seed=1)


@pytest.mark.parametrize("game", sorted(tk.GAMES))
def test_every_example_step_fits_the_projector(browser: Any, voila_url: str,
                                               game: str) -> None:
    context = browser.new_context(viewport={"width": LARGE[0], "height": LARGE[1]})
    try:
        page = context.new_page()
        watch = harness.watch_page(page)
        harness.open_app(page, watch,
                         harness.app_url(voila_url, f"{game}.ipynb") + "?present=1&lang=nl")
        tabs = page.locator(".tk-tabs .lm-TabBar-tab")
        harness.click(page, watch, tabs.nth(1))
        found: list[str] = []

        def both_sizes(parts: list[str], where: str,
                       sizes: tuple[tuple[int, int], ...] = (LARGE, SMALL)) -> None:
            for size in sizes:
                page.set_viewport_size({"width": size[0], "height": size[1]})
                found.extend(slide_problems(page, parts, f"{where} {size}"))

        chooser = page.locator(".tk-example-pick button:visible")
        # the examples' chooser on one row (each title wraps inside its button)
        tops = {round(b["y"]) for b in
                (chooser.nth(i).bounding_box() for i in range(chooser.count())) if b}
        assert len(tops) <= 1, f"the examples' chooser wraps onto {len(tops)} rows"
        count = max(1, chooser.count())
        for n in range(count):
            if chooser.count():
                harness.click(page, watch, chooser.nth(n))
            forward = page.locator(".tk-example:visible .tk-forward")
            shown = 0                           # forward, in Dutch
            while True:
                both_sizes(EXAMPLE, f"example {n + 1} step {shown} nl")
                if forward.is_disabled():
                    break
                press(page, watch, "ArrowRight")
                shown += 1
            last = shown
            press(page, watch, "l")             # back, in English
            while True:
                both_sizes(EXAMPLE, f"example {n + 1} step {shown} en", (SMALL,))
                if not shown:
                    break
                press(page, watch, "ArrowLeft")
                shown -= 1
            if last:
                assert not forward.is_disabled(), f"← did not go back in example {n + 1}"
            if n + 1 < count:
                press(page, watch, "l")         # the next example in Dutch again
        # the game in play, at both sizes
        harness.click(page, watch, tabs.filter(has_text="Play").first)
        page.locator(".tk-play-area .tk-table").first.wait_for()
        both_sizes(PLAY, "play en")
        # the review of a finished game (loaded from its save, out of presenter mode, where
        # the files are): Home opens it; its first steps, one further on and its last
        switch = page.locator(".tk-present-switch")
        harness.click(page, watch, switch)
        page.locator(".tk-save-text textarea").fill(finished(game).to_json())
        harness.wait_kernel_idle(page, watch)
        harness.click(page, watch, page.locator(".tk-load-text"))
        harness.click(page, watch, switch)
        press(page, watch, "Home")
        page.locator(".tk-review-table svg:visible").first.wait_for()
        both_sizes(REVIEW, "review first")
        press(page, watch, "ArrowRight")
        press(page, watch, "ArrowRight")
        both_sizes(REVIEW, "review step 3")
        harness.click(page, watch, page.locator(".tk-review-last"))
        both_sizes(REVIEW, "review last")
        assert not found, "\n".join(found)
        harness.assert_page_ok(page, watch)
    finally:
        context.close()
