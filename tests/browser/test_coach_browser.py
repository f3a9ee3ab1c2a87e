"""The coach in a real browser (one page visit): in Diving Bell's "Play the computer" tab
the learner chooses the expert, asks for a hint and sees the coach's progress, then its top
moves with their chances and why; after the learner's move the expert thinks with its
progress shown and plays. The progress bar moving while the search runs shows that the
kernel hands the page its messages between two slices of the search."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from . import harness
from .harness import new_tab

pytestmark = pytest.mark.browser


def test_expert_hint_and_progress_in_the_page(browser: Any, voila_url: str) -> None:
    context, app = new_tab(browser)
    try:
        app.open_at(harness.app_url(voila_url, "diving_bell.ipynb", "en"), "Play the computer")
        page = app.page
        play = page.locator(".tk-play")
        opponent = play.locator(".widget-dropdown select").nth(1)
        labels = opponent.evaluate("s => Array.from(s.options).map(o => o.text)")
        assert any(label.startswith("Expert") for label in labels), labels
        opponent.select_option(label=next(x for x in labels if x.startswith("Expert")))
        app.click(play.locator(".tk-new-game"))
        expect(play.locator(".tk-status")).to_contain_text("Your turn")
        # a hint: the progress shows and moves while the coach thinks, then its moves
        hint = play.locator(".tk-hint")
        expect(hint).to_have_text("Hint")
        hint.click()
        thinking = play.locator(".tk-thinking")
        expect(thinking).to_contain_text("The coach is thinking")
        first = thinking.inner_text()
        expect(thinking).not_to_have_text(first, timeout=5_000)   # progress arrives
        box = play.locator(".tk-hint-box")
        expect(box).to_contain_text("chance to win", timeout=15_000)
        expect(box).to_contain_text("Best move:")
        assert 1 <= box.locator(".tk-hint-move").count() <= 3
        expect(thinking).to_be_hidden()
        # the learner moves; the computer (the expert) thinks with its progress shown
        app.click(play.locator(".tk-move-draw"))
        expect(box).to_be_empty()
        saw_thinking = False
        for _ in range(30):        # dive, stop, "Next": until the expert has thought
            if thinking.is_visible():
                saw_thinking = True
                expect(thinking).to_contain_text("Computer is thinking")
                expect(thinking).to_be_hidden(timeout=15_000)
                break
            go_on, stop = play.locator(".tk-continue"), play.locator(".tk-move-stop")
            if go_on.is_visible():
                go_on.click()
            elif stop.count():
                stop.click()
            elif play.locator(".tk-move-draw").count():
                play.locator(".tk-move-draw").click()
            else:
                play.locator(".tk-move").first.click()
            page.wait_for_timeout(400)
        assert saw_thinking
        app.assert_ok()
    finally:
        context.close()
