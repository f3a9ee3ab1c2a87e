"""The Sea or Shore Voila app in a real browser: a rulebook example stepped through, a
trick played by clicking (with the bots' covered cards staying covered), pass-and-play
with its cover screen, the lesson, and the Dutch text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from . import harness
from .harness import Tab, new_tab
from .test_learner_practice import practise

pytestmark = pytest.mark.browser

#: The seats of a four-player game in the app (``widgets.game_player.SEAT_NAMES``).
SEATS = ("Ann", "Eric", "Marlou", "Niels")
TABS_EN = ["Lesson", "Rulebook examples", "Play the computer", "The cards",
           "Practice", "Rules", "Build & share"]
TABS_NL = ["Les", "Voorbeelden uit de regels", "Speel tegen de computer", "De kaarten",
           "Oefenen", "Regels", "Bouwen & delen"]


@pytest.fixture(scope="module")
def app(browser: Any, voila_url: str) -> Iterator[Tab]:
    context, t = new_tab(browser)
    t.open(harness.app_url(voila_url, "sea_or_shore.ipynb", lang="en"))
    yield t
    context.close()



def test_app_opens_on_the_lesson(app: Tab) -> None:
    expect(app.page.locator(".tk-app .tk-title").first).to_have_text("Sea or Shore")
    assert app.tab_titles() == TABS_EN
    lesson = app.page.locator(".tk-lesson")
    expect(lesson).to_contain_text("Pick an answer")
    assert lesson.locator("svg.tk-card").count() >= 1
    app.click(lesson.locator(".tk-choice").first)
    expect(lesson.locator(".tk-feedback")).to_contain_text(re.compile("Right!|Not quite."))
    app.assert_ok()


def test_step_through_eric_stealing_the_red_four(app: Tab) -> None:
    app.tab("Rulebook examples")
    ex = app.page.locator(".tk-example")
    expect(ex.locator(".tk-step-caption")).to_contain_text("before the example starts")
    forward = ex.locator(".tk-forward")
    for _ in range(5):
        app.click(forward)
    narrator = ex.locator(".tk-narrator")
    expect(narrator).to_contain_text("Eric steals the red treasure worth 4 from the top of "
                                     "the pile of Stephanie")
    expect(ex).to_contain_text("Step 5 of 7")
    # the spectator's table: every card, the covers drawn see-through until the reveal
    assert ex.locator("svg.tk-island").count() >= 4
    app.click(ex.locator(".tk-back"))
    expect(narrator).to_contain_text("Niels lost red with the lowest value and earns 3")
    for _ in range(3):
        app.click(forward)
    expect(ex.locator(".tk-step-caption")).to_contain_text("Niels owns 3 addition cards")
    expect(forward).to_be_disabled()
    # the three-player exception is the second example
    app.click(ex.page.locator(".tk-example-pick button").nth(1))
    ex2 = app.page.locator(".tk-example")
    for _ in range(3):
        app.click(ex2.locator(".tk-forward"))
    expect(ex2.locator(".tk-narrator")).to_contain_text("these two colours count as one")
    # the third: a blue 7 played with three addition cards, its number (seen through the
    # cover) clear of the badge "+3", as drawn
    app.click(ex.page.locator(".tk-example-pick button").nth(2))
    app.click(app.page.locator(".tk-example .tk-forward"))
    overlaps = app.page.evaluate("""() => [...document.querySelectorAll(
        '.tk-example svg.tk-island:has(.tk-sos-adds)')].map((card) => {
      const n = card.querySelector('.tk-sos-number').getBoundingClientRect();
      const c = card.querySelector('.tk-sos-adds').previousElementSibling
        .getBoundingClientRect();
      return [card.getAttribute('aria-label'), n.right - c.left];
    })""")
    assert overlaps and all(over <= 0 for _, over in overlaps), overlaps
    app.assert_ok()


def test_play_a_trick_by_clicking(app: Tab) -> None:
    page = app.page
    app.tab("Play the computer")
    play = page.locator(".tk-play")
    app.click(play.locator(".tk-new-game"))
    expect(play.locator(".tk-status")).to_contain_text("Your turn")
    # the pass before play, when Ann has a choice between colours
    passes = play.locator(".tk-moves .tk-move")
    if passes.count():
        app.click(passes.first)
    form = play.locator(".tk-play-form")
    expect(form).to_be_visible()
    hand = play.locator(".tk-seat-0 .tk-hand svg.tk-island")
    before = hand.count()
    assert before >= 9
    # the bots' hands are face down; nobody else's island card is drawn face up in a hand
    for seat in (1, 2, 3):
        assert play.locator(f".tk-seat-{seat} .tk-hand svg.tk-back").count() >= 9
        assert play.locator(f".tk-seat-{seat} .tk-hand svg.tk-island").count() == 0
    app.click(form.locator(".tk-hand-pick button").first)
    app.click(form.locator(".tk-side button").nth(1))          # show the shore
    app.click(form.locator(".tk-play-card"))
    skip = play.locator(".tk-skip")
    if skip.is_visible():     # the computer's moves wait for "next", or "play on"
        app.click(skip)
    narrator = play.locator(".tk-narrator")
    expect(narrator).to_contain_text("Ann (you) plays")
    expect(narrator).to_contain_text("with the sea covered")
    expect(narrator).to_contain_text("Cover off")
    harness.wait_stable(play.locator(".tk-table"))
    assert hand.count() < before
    # a bot's covered card before the reveal shows one half only
    covered = play.locator(".tk-seat-1 svg.tk-covered, .tk-seat-2 svg.tk-covered, "
                           ".tk-seat-3 svg.tk-covered")
    if play.locator(".tk-play-form").is_visible():   # Eric, Marlou and Niels played first
        assert covered.count() == 3
    # the others' cards have shown since (or a treasure was turned): no take-back, and
    # the button says why
    expect(play.locator(".tk-takeback")).to_be_disabled()
    expect(play.locator(".tk-takeback-why")).to_contain_text("No take-back past")
    app.assert_ok()


def test_pass_and_play_hides_the_hand_until_ready(app: Tab) -> None:
    page = app.page
    app.tab("Play the computer")
    play = page.locator(".tk-play")
    app.click(play.locator(".tk-mode button").nth(1))
    try:
        app.click(play.locator(".tk-new-game"))
        cover = play.locator(".tk-cover")
        # the first player with a decision (a pass between two colours, or a card)
        expect(cover).to_contain_text(re.compile(r"Pass the device to (Ann|Eric|Marlou|Niels)"))
        first = re.search(r"Pass the device to (\w+)", cover.inner_text())
        assert first is not None
        name = first.group(1)
        seat = SEATS.index(name)
        assert play.locator(".tk-table svg").count() == 0
        app.click(cover.locator(".tk-ready"))
        expect(cover).to_be_hidden()
        expect(play.locator(".tk-status")).to_contain_text(f"{name}'s turn")
        # that player's hand face up, nobody else's
        assert play.locator(f".tk-seat-{seat} .tk-hand svg.tk-island").count() >= 9
        for other in set(range(len(SEATS))) - {seat}:
            assert play.locator(f".tk-seat-{other} .tk-hand svg.tk-island").count() == 0
        # they decide; then the device moves on
        buttons = play.locator(".tk-moves .tk-move")
        if buttons.count():
            app.click(buttons.first)
        else:
            app.click(play.locator(".tk-play-form .tk-play-card"))
        expect(cover).to_be_visible()
        expect(cover).not_to_contain_text(f"Pass the device to {name}")
        narrator = play.locator(".tk-narrator")
        expect(narrator).to_contain_text(name)
        # while the device changes hands, their card is not named in the log
        assert "the others see only" not in narrator.inner_text()
        assert "the highest card of the colour" not in narrator.inner_text()
        assert play.locator(".tk-table svg").count() == 0
    finally:
        app.click(play.locator(".tk-mode button").nth(0))
        app.click(play.locator(".tk-new-game"))
    app.assert_ok()


def test_practise_four_questions(app: Tab) -> None:
    practise(app)


def test_dutch(app: Tab) -> None:
    page = app.page
    switch = page.locator(".tk-language")
    try:
        app.click(switch.get_by_role("button", name="Nederlands"))
        # the address follows the language (a link copied now opens in Dutch)
        page.wait_for_function("() => location.search.includes('lang=nl')")
        expect(page.locator(".tk-app .tk-title").first).to_have_text("Zee of Kust")
        assert app.tab_titles() == TABS_NL
        app.tab("Voorbeelden uit de regels")
        app.click(page.locator(".tk-example-pick button").first)   # Eric steals the red 4
        ex = page.locator(".tk-example")
        app.click(ex.locator(".tk-restart"))
        app.click(ex.locator(".tk-forward"))
        expect(ex.locator(".tk-narrator")).to_contain_text(
            "Eric speelt de rode 8 met de kust afgedekt")
        expect(ex.locator(".tk-narrator .tk-rule").first).to_contain_text("Spelverloop")
        app.tab("Speel tegen de computer")
        expect(page.locator(".tk-play .tk-status")).to_contain_text("Jouw beurt")
        app.assert_ok()
    finally:
        app.click(switch.get_by_role("button", name="English"))
    page.wait_for_function("() => location.search.includes('lang=en')")
    expect(page.locator(".tk-tabs .lm-TabBar-tabLabel").first).to_have_text("Lesson")
    app.assert_ok()
