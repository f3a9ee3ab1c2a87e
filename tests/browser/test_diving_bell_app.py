"""The Diving Bell Voila app in a real browser: landing page, lesson, rulebook replay,
a turn against the computer (its first card drawn by touching the deck), the odds lab,
and both languages.

The English tests share one page (one kernel): the first render runs the whole
notebook, which is by far the slowest step. Each test opens its own tab of the app
and leaves the language on English, so they also pass one by one (``-k``).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from . import harness
from .harness import Tab, new_tab
from .test_learner_practice import practise

pytestmark = pytest.mark.browser

TABS_EN = ["Lesson", "Rulebook example", "Play the computer", "Odds lab", "The cards",
           "Practice", "Rules", "Build & share"]
TABS_NL = ["Les", "Voorbeeld uit de regels", "Speel tegen de computer", "Kansenlab",
           "De kaarten", "Oefenen", "Regels", "Bouwen & delen"]
SCREENSHOT = harness.ROOT / "docs" / "screenshot.png"


@pytest.fixture(scope="module")
def app(browser: Any, voila_url: str) -> Iterator[Tab]:
    """The landing page, then the app reached through its link (English)."""
    context, t = new_tab(browser)
    t.open(harness.app_url(voila_url, "index.ipynb"))
    t.assert_ok()
    assert harness.only_the_app(t.page, t.watch) == []      # the landing page, nothing else
    t.notes["landing_title"] = t.text(".tk-title")
    link = t.page.locator("a.tk-game-link").first
    expect(link).to_be_visible()
    t.notes["landing_link"] = (link.inner_text(), link.get_attribute("href"))
    link.click()
    t.page.wait_for_url(re.compile(r"/voila/render/diving_bell\.ipynb\?lang=en$"))
    harness.wait_for_app(t.page, t.watch)
    t.notes["only_the_app"] = harness.only_the_app(t.page, t.watch)
    yield t
    context.close()


def test_landing_page_links_to_app(app: Tab) -> None:
    assert app.notes["landing_title"] == "treasurekit: learn treasure games by playing them"
    text, href = app.notes["landing_link"]
    assert text == "Open Diving Bell"
    assert href == "diving_bell.ipynb?lang=en"
    assert app.notes["only_the_app"] == []       # the app and nothing else, no other host
    expect(app.page.locator(".tk-app .tk-title").first).to_have_text("Diving Bell")
    assert app.tab_titles() == TABS_EN
    expect(app.page.locator(".tk-language button.mod-active")).to_have_text("English")
    # The lesson opens on the card anatomy, drawn as inline SVG cards.
    assert app.page.locator(".tk-lesson svg.tk-card").count() >= 1
    app.assert_ok()


def test_lesson_checks_answers(app: Tab) -> None:
    page = app.page
    app.tab("Lesson")
    lesson = page.locator(".tk-lesson")
    prev = lesson.locator(".tk-prev")
    while prev.is_enabled():  # back to the first step, whatever ran before
        app.click(prev)
    head = lesson.locator(".tk-panel h3").first
    expect(head).to_contain_text("Lesson 1 of")
    expect(lesson).to_contain_text("Pick an answer")
    # Step 1: how many pressure dots does the Gold 5 carry? Three.
    app.click(lesson.get_by_role("button", name="3", exact=True))
    feedback = lesson.locator(".tk-feedback")
    expect(feedback).to_contain_text("Right!")
    expect(lesson.get_by_role("button", name="3", exact=True)).to_be_disabled()
    # Step 2, answered wrong on purpose.
    app.click(lesson.locator(".tk-next"))
    expect(head).to_contain_text("Lesson 2 of")
    expect(lesson).to_contain_text("Pick an answer")
    choices = lesson.locator(".tk-choice")
    assert choices.count() >= 2
    app.click(lesson.get_by_role("button", name="4", exact=True))
    expect(feedback).to_contain_text("Not quite.")
    # Every step names the rulebook section it teaches, as a badge.
    expect(lesson.locator(".tk-rule").first).to_contain_text("§")
    # Try again clears the answer; Previous goes back to step 1.
    app.click(lesson.locator(".tk-retry"))
    expect(lesson).to_contain_text("Pick an answer")
    expect(lesson.locator(".tk-choice").first).to_be_enabled()
    app.click(prev)
    expect(head).to_contain_text("Lesson 1 of")
    app.assert_ok()


def test_rulebook_example_replays_to_12_points(app: Tab) -> None:
    app.tab("Rulebook example")
    ex = app.page.locator(".tk-example")
    app.click(ex.locator(".tk-restart"))
    caption = ex.locator(".tk-step-caption")
    expect(caption).to_contain_text("Press Forward")
    forward = ex.locator(".tk-forward")
    steps = 0
    while forward.is_enabled() and steps < 20:
        app.click(forward)
        steps += 1
    assert steps == 8
    expect(ex).to_contain_text("Step 8 of 8")
    expect(caption).to_contain_text("12 points in all")
    expect(ex.locator(".tk-narrator .tk-rule").first).to_be_visible()
    assert ex.locator("svg.tk-card").count() >= 3
    app.click(ex.locator(".tk-back"))
    expect(ex).to_contain_text("Step 7 of 8")
    expect(caption).not_to_contain_text("12 points in all")
    expect(forward).to_be_enabled()
    app.assert_ok()


def test_play_a_turn_against_the_computer(app: Tab) -> None:
    page = app.page
    app.tab("Play the computer")
    play = page.locator(".tk-play")
    opponent = play.locator(".widget-dropdown select").nth(1)

    def chosen_opponent() -> str:
        return str(opponent.evaluate("s => s.options[s.selectedIndex].text"))

    assert chosen_opponent().startswith("Sensible")  # the default opponent
    app.click(play.locator(".tk-new-game"))
    expect(play.locator(".tk-status")).to_contain_text("Your turn")
    table = play.locator(".tk-table")
    start_table = table.inner_html()
    narrator_lines = play.locator(".tk-narrator li")

    moves = play.locator(".tk-moves")

    def act(button: Any) -> None:
        app.click(button)
        harness.wait_stable(moves)  # the move buttons are rebuilt after each move
        # the computer's moves come one at a time: "play on" to our next decision
        skip = play.locator(".tk-skip")
        if skip.is_visible():
            app.click(skip)
            harness.wait_stable(moves)

    # The first card is drawn by touching the deck on the drawn table: the touchable
    # parts are outlined, and the buttons stay for the keyboard.
    harness.wait_stable(moves)
    deck = play.locator(".tk-clickable-table .tk-deck.tk-pickable")
    expect(deck).to_have_count(1)
    act(deck)
    expect(play.locator(".tk-narrator")).to_contain_text("Ann (you) dives deeper")
    expect(play.locator(".tk-move-draw")).to_be_visible()
    # Dive: draw until stopping is allowed (at least two cards), then stop; or burst.
    draws = 1
    while draws < 15:
        if play.locator(".tk-move-stop").count() and draws >= 2:
            act(play.locator(".tk-move-stop"))
            break
        draw = play.locator(".tk-move-draw")
        if not draw.count():
            break  # burst, or the dive ended otherwise
        act(draw)
        draws += 1
    assert draws >= 1
    assert table.inner_html() != start_table
    # The computer divided the row; we choose a pile.
    take = play.locator(".tk-move-take-A")
    if take.count():
        act(take)
    assert table.inner_html() != start_table
    assert narrator_lines.count() >= 3
    badges = play.locator(".tk-narrator li .tk-rule")
    assert badges.count() == narrator_lines.count()
    assert "§" in badges.first.inner_text()
    expect(play.locator(".tk-narrator")).to_contain_text("Ann (you) dives deeper and draws a card")
    # the computer has drawn cards since our last move: no take-back past them
    expect(play.locator(".tk-takeback")).to_be_disabled()
    expect(play.locator(".tk-takeback-why")).to_contain_text("No take-back past chance")
    assert chosen_opponent().startswith("Sensible")  # moves keep the chosen opponent
    assert play.locator(".tk-move").count() >= 1 or "tk-over" in play.inner_html()
    app.assert_ok()
    if os.environ.get("TK_SCREENSHOT") == "1" or not SCREENSHOT.exists():
        SCREENSHOT.parent.mkdir(exist_ok=True)
        # Voila scrolls an inner element, not the window: scroll everything to the top.
        page.evaluate("""() => { window.scrollTo(0, 0);
            for (const el of document.querySelectorAll('*')) {
                if (el.scrollTop > 0) { el.scrollTop = 0; } } }""")
        page.screenshot(path=str(SCREENSHOT))

    # Take back my move: a card put into a pile (nothing drawn since) can be taken back,
    # and the same decision is offered again.
    divide = play.locator(".tk-move-to-A")
    if divide.count():
        act(divide)
        expect(play.locator(".tk-takeback")).to_be_enabled()
        act(play.locator(".tk-takeback"))
        expect(play.locator(".tk-move-to-A")).to_have_count(1)
    app.assert_ok()


def test_odds_lab_shows_a_percentage(app: Tab) -> None:
    app.tab("Odds lab")
    odds = app.page.locator(".tk-odds")
    nxt = odds.locator(".tk-odds-next")
    expect(nxt).to_contain_text("Chance that the next card bursts")
    expect(nxt).to_have_text(re.compile(r"\d+(\.\d+)?%"))
    app.click(odds.locator(".tk-odds-go"))
    expect(nxt).to_have_text(re.compile(r"\d+(\.\d+)?%"))
    expect(odds.locator("svg.tk-chart")).to_be_visible()
    app.assert_ok()


def test_practise_four_questions(app: Tab) -> None:
    practise(app)


def test_switch_to_dutch_and_back(app: Tab) -> None:
    page = app.page
    app.tab("Play the computer")
    play = page.locator(".tk-play")
    app.click(play.locator(".tk-new-game"))  # the game of seed 1: we dive first
    harness.wait_stable(play.locator(".tk-moves"))
    app.click(play.locator(".tk-move-draw"))
    expect(play.locator(".tk-narrator")).to_contain_text("deeper and draws a card")
    switch = page.locator(".tk-language")
    try:
        app.click(switch.get_by_role("button", name="Nederlands"))
        expect(page.locator(".tk-tabs .lm-TabBar-tabLabel").first).to_have_text("Les")
        assert app.tab_titles() == TABS_NL
        expect(page.locator(".tk-app .tk-title").first).to_have_text("Duikklok")
        narrator = play.locator(".tk-narrator")
        expect(narrator).to_contain_text("Wat er gebeurde, en waarom")
        expect(narrator).to_contain_text("Ann (jij) duikt dieper en trekt een kaart")
        expect(narrator.locator(".tk-rule").first).to_contain_text("Duikfase")
        expect(play.locator(".tk-table")).to_contain_text("Ann (jij)")
        expect(play.locator(".tk-new-game")).to_have_text("Nieuw spel")
        app.tab("Les")
        lesson = page.locator(".tk-lesson")
        expect(lesson.locator(".tk-panel h3").first).to_contain_text("Les ")
        app.assert_ok()
    finally:
        app.click(switch.get_by_role("button", name="English"))
    expect(page.locator(".tk-tabs .lm-TabBar-tabLabel").first).to_have_text("Lesson")
    app.assert_ok()
