"""Presenter mode, every lesson step of every game on the projector, at both sizes and in
both languages: forward through every step in Dutch (the longer words; with → and space),
then ``l`` for English and back through every step to the first (with ←), each Dutch step
measured at 1920x1080 and at 1280x720, each English one at 1280x720 (the slide is designed
for 1920x1080 and zoomed to the window: 1280x720 is the same slide at 2/3, with the smallest
text; the English words are the shorter). The page never
scrolls, the question, its answers, the table and Previous/Next are on screen at once,
and no text is under 24 px at 1920x1080 nor under 16 px at 1280x720, the labels inside
the drawings included, in every game (screens.MIN_TEXT, screens.SMALL_MIN_TEXT). The keys
work from the moment the page is open (nothing clicked, no pointer over the app), ← goes
back, and the keys work again after a click outside the app.

One page per game, one evaluate per step and size (screens.py): the fit follows a
window's size in the page itself, so the sizes are measured without a second pass.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

import treasurekit as tk

from . import harness
from .screens import (
    LARGE,
    LESSON,
    SMALL,
    focus_in_app,
    press,
    slide_problems,
)

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("game", sorted(tk.GAMES))
def test_every_lesson_step_fits_the_projector(browser: Any, voila_url: str, game: str) -> None:
    # (opened at LARGE and its first step measured before anything else: the fit of a
    # page just opened, the page's fonts arriving after it)
    context = browser.new_context(viewport={"width": LARGE[0], "height": LARGE[1]})
    try:
        page = context.new_page()
        watch = harness.watch_page(page)
        harness.open_app(page, watch,
                         harness.app_url(voila_url, f"{game}.ipynb") + "?present=1&lang=nl")
        expect(page.locator(".tk-app")).to_have_class(re.compile(r"\btk-present\b"))
        assert focus_in_app(page)              # the keys work at once
        lesson = page.locator(".tk-lesson")
        heading = lesson.locator(".tk-panel h3").first
        found: list[str] = []

        def both_sizes(where: str, sizes: tuple[tuple[int, int], ...] = (LARGE, SMALL)) -> None:
            for size in sizes:                  # (LARGE first: see above)
                page.set_viewport_size({"width": size[0], "height": size[1]})
                found.extend(slide_problems(page, LESSON, f"{where} {size}"))

        steps = 0                               # forward, in Dutch
        while True:
            both_sizes(f"lesson {steps + 1} nl")
            if lesson.locator(".tk-next").is_disabled():
                break
            before = heading.inner_text()
            press(page, watch, " " if steps % 2 else "ArrowRight")
            assert heading.inner_text() != before, f"no key moved on from step {steps + 1}"
            steps += 1
        press(page, watch, "l")
        expect(page.locator(".tk-tabs .lm-TabBar-tabLabel").first).to_have_text("Lesson")
        english: dict[int, str] = {}            # back, in English
        while True:
            both_sizes(f"lesson {steps + 1} en", (SMALL,))
            english[steps] = heading.inner_text()
            if not steps:
                break
            press(page, watch, "ArrowLeft")
            assert heading.inner_text() != english[steps], f"← did not go back from {steps + 1}"
            steps -= 1
        # a click outside the app gives the keys back to it
        page.set_viewport_size({"width": LARGE[0], "height": LARGE[1]})
        page.mouse.click(LARGE[0] - 2, LARGE[1] - 2)
        page.wait_for_timeout(100)
        assert focus_in_app(page)
        press(page, watch, "ArrowRight")
        expect(heading).to_have_text(english[1])
        assert not found, "\n".join(found)
        harness.assert_page_ok(page, watch)
    finally:
        context.close()
