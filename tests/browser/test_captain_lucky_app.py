"""The Captain Lucky Voila app in a real browser: reached from the landing page, Nick's
roll replayed step by step, a turn played by clicking and the odds lab (Dutch on first
render: the presenter sweeps and the phone visits).

The English tests share one page (one kernel); each test opens its own tab of the app.
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

TABS_EN = ["Lesson", "Rulebook examples", "Play the computer", "Odds lab", "Cards and dice",
           "Practice", "Rules", "Build & share"]


@pytest.fixture(scope="module")
def app(browser: Any, voila_url: str) -> Iterator[Tab]:
    """The landing page, then Captain Lucky reached through its link (English)."""
    context, t = new_tab(browser)
    t.open(harness.app_url(voila_url, "index.ipynb"))
    t.assert_ok()
    link = t.page.locator("a.tk-game-link", has_text="Captain Lucky")
    expect(link).to_be_visible()
    t.notes["link"] = (link.inner_text(), link.get_attribute("href"))
    link.click()
    t.page.wait_for_url(re.compile(r"/voila/render/captain_lucky\.ipynb\?lang=en$"))
    harness.wait_for_app(t.page, t.watch)
    yield t
    context.close()



def test_landing_page_links_to_the_app(app: Tab) -> None:
    assert app.notes["link"] == ("Open Captain Lucky", "captain_lucky.ipynb?lang=en")
    expect(app.page.locator(".tk-app .tk-title").first).to_have_text("Captain Lucky")
    assert app.tab_titles() == TABS_EN
    # the lesson opens on a real table drawn as SVG sets
    assert app.page.locator(".tk-lesson svg.tk-cl-set").count() >= 2
    app.assert_ok()


def test_lesson_first_step_is_checked_by_the_engine(app: Tab) -> None:
    app.tab("Lesson")
    lesson = app.page.locator(".tk-lesson")
    expect(lesson.locator(".tk-panel h3").first).to_contain_text("Lesson 1 of 12")
    app.click(lesson.get_by_role("button", name="Place a ruby and a gold bar"))
    expect(lesson.locator(".tk-feedback")).to_contain_text("Not quite.")
    app.click(lesson.locator(".tk-retry"))
    app.click(lesson.get_by_role("button", name="Place both rubies"))
    expect(lesson.locator(".tk-feedback")).to_contain_text("Right!")
    expect(lesson.locator(".tk-narrator")).to_contain_text("puts 2 × Ruby face up")
    app.assert_ok()


def test_replay_nicks_roll(app: Tab) -> None:
    app.tab("Rulebook examples")
    # one example at a time: Nick's is the third of the chooser
    app.click(app.page.locator(".tk-example-pick button").nth(2))
    ex = app.page.locator(".tk-example-nick")
    expect(ex).to_contain_text("Nick's captain bonus")
    app.click(ex.locator(".tk-restart"))
    forward = ex.locator(".tk-forward")
    app.click(forward)                                  # Nick names Shelley's 3 rubies
    expect(ex.locator(".tk-narrator")).to_contain_text("names the set of 3 × Ruby in front "
                                                       "of Shelley")
    app.click(forward)                                  # one pirate, two blanks
    expect(ex).to_contain_text("Step 2 of 4")
    dice = ex.locator(".tk-cl-table svg.tk-cl-die")
    expect(dice).to_have_count(3)
    expect(ex.locator(".tk-cl-table svg.tk-cl-die-blank")).to_have_count(2)
    expect(ex.locator(".tk-narrator")).to_contain_text("pirate head, blank, and blank")
    app.click(forward)                                  # the captain bonus
    expect(ex.locator(".tk-narrator .tk-rule").first).to_contain_text("The Captain Bonus")
    app.click(forward)                                  # both re-rolled dice: pirate heads
    expect(ex).to_contain_text("Step 4 of 4")
    expect(ex.locator(".tk-step-caption")).to_contain_text("takes the rubies of Shelley")
    # both rolls shown die by die: 3 dice, then the same 3 dice after the re-roll
    expect(dice).to_have_count(6)
    expect(ex.locator(".tk-cl-table svg.tk-cl-die-pirate")).to_have_count(4)
    expect(ex.locator(".tk-cl-result")).to_have_text("Stolen!")
    app.click(ex.locator(".tk-back"))
    expect(ex).to_contain_text("Step 3 of 4")
    app.assert_ok()


def test_play_a_turn_by_clicking(app: Tab) -> None:
    page = app.page
    app.tab("Play the computer")
    play = page.locator(".tk-play")
    app.click(play.locator(".tk-new-game"))
    expect(play.locator(".tk-status")).to_contain_text("Your turn")
    moves = play.locator(".tk-moves")
    harness.wait_stable(moves)
    table = play.locator(".tk-table")
    start = table.inner_html()
    place = play.locator(".tk-move[class*='tk-move-place-']").first
    expect(place).to_contain_text("Place")
    app.click(place)
    harness.wait_stable(moves)
    steal = play.locator(".tk-move[class*='tk-move-steal-']").first
    expect(steal).to_contain_text("Steal")
    app.click(steal)
    harness.wait_stable(moves)
    assert play.locator(".tk-cl-table svg.tk-cl-die").count() >= 1   # the roll, die by die
    stop = play.locator(".tk-move-stop")
    if stop.count():                                   # a failed roll: keep the cards
        app.click(stop)
        harness.wait_stable(moves)
    # the computer's moves come one at a time, each on "next"; "play on" to our turn
    expect(play.locator(".tk-continue")).to_be_visible()
    app.click(play.locator(".tk-skip"))
    harness.wait_stable(moves)
    assert table.inner_html() != start
    narrator = play.locator(".tk-narrator")
    expect(narrator).to_contain_text("Ann (you) names")
    badges = play.locator(".tk-narrator li .tk-rule")
    assert badges.count() == play.locator(".tk-narrator li").count() >= 3
    # the computer has played its turn: it is ours again (or the game is over)
    expect(play.locator(".tk-status")).to_contain_text(re.compile("Your turn|wins|shared"))
    # other hands stay hidden: the computer's hand is drawn as card backs
    assert play.locator(".tk-cl-table svg.tk-cl-back").count() == 1
    # the dice rolled and cards were drawn since: no take-back past chance, and it says why
    expect(play.locator(".tk-takeback")).to_be_disabled()
    expect(play.locator(".tk-takeback-why")).to_contain_text("No take-back past chance")
    app.assert_ok()


def test_odds_lab(app: Tab) -> None:
    app.tab("Odds lab")
    odds = app.page.locator(".tk-cl-odds")
    expect(odds.locator(".tk-cl-odds-b1")).to_contain_text("42.2%")   # 3 cards, no help
    expect(odds.locator("svg.tk-chart")).to_be_visible()
    app.click(odds.locator(".tk-odds-go"))
    expect(odds.locator(".tk-cl-sim")).to_contain_text("simulated")
    app.assert_ok()


def test_practise_four_questions(app: Tab) -> None:
    practise(app)
