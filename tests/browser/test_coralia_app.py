"""The Coralia app in a real browser (Voila): a lesson step answered, the scoring example
stepped to Jacques 44 and Jenny 59, a turn played by clicking a die and then its space, the
odds helper, Dutch by the switch, and no Python error or cut-off label on the page. (Dutch
by ``?lang=nl`` on first render: the presenter sweeps; a notebook
in JupyterLab: test_teacher.py.)
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from . import harness
from .harness import Tab, new_tab
from .test_learner_layout import CUT_OFF
from .test_learner_practice import practise

pytestmark = pytest.mark.browser

TABS_EN = ["Lesson", "Rulebook examples", "Play the computer", "The pieces", "Practice", "Rules",
           "Build & share"]
TABS_NL = ["Les", "Voorbeelden uit de regels", "Speel tegen de computer", "Het materiaal",
           "Oefenen", "Regels", "Bouwen & delen"]


@pytest.fixture(scope="module")
def app(browser: Any, voila_url: str) -> Iterator[Tab]:
    context, t = new_tab(browser)
    t.open(harness.app_url(voila_url, "coralia.ipynb", lang="en"))
    yield t
    context.close()



def no_cut_off(t: Tab) -> None:
    assert t.page.evaluate(CUT_OFF) == []


def test_the_board_is_drawn_and_a_lesson_step_is_answered(app: Tab) -> None:
    expect(app.page.locator(".tk-app .tk-title").first).to_have_text("Coralia")
    assert app.tab_titles() == TABS_EN
    lesson = app.page.locator(".tk-lesson")
    board = lesson.locator("svg.tk-co-board")
    expect(board).to_have_count(1)
    expect(board).to_contain_text("Yellow reef")
    expect(board).to_contain_text("Research station")
    expect(lesson.locator(".tk-choice")).to_have_count(3)
    app.click(lesson.locator(".tk-choice", has_text="You roll 4 dice"))
    expect(lesson.locator(".tk-feedback")).to_contain_text("Right!")
    app.click(lesson.locator(".tk-next"))
    app.click(lesson.locator(".tk-choice", has_text="3 new cards"))
    expect(lesson.locator(".tk-feedback")).to_contain_text("Not quite.")
    no_cut_off(app)
    app.assert_ok()


def test_the_scoring_example_ends_on_44_and_59(app: Tab) -> None:
    app.tab("Rulebook examples")
    page = app.page
    app.click(page.locator(".tk-example-pick button", has_text="The scoring example"))
    ex = page.locator(".tk-example-scoring")
    expect(ex.locator(".tk-step-caption")).to_contain_text("before the example starts")
    forward = ex.locator(".tk-forward")
    table = ex.locator("table.tk-co-scoring")
    for _ in range(6):
        app.click(forward)
    expect(forward).to_be_disabled()
    expect(ex.locator(".tk-step-caption")).to_contain_text("Jacques 44, Jenny 59: Jenny wins.")
    rows = [r.strip() for r in table.locator("tr").all_inner_texts()]
    assert re.sub(r"\s+", " ", rows[1]) == "Jacques 0 4 11 7 22 44"
    assert re.sub(r"\s+", " ", rows[2]) == "Jenny 0 6 15 31 7 59"
    app.click(ex.locator(".tk-back"))
    expect(table.locator("tr").nth(1)).to_contain_text("…")
    app.click(forward)
    no_cut_off(app)
    app.assert_ok()


def test_a_turn_by_clicking_a_die_and_then_its_space(app: Tab) -> None:
    app.tab("Play the computer")
    page = app.page
    picker = page.locator(".tk-co-picker")
    expect(picker).to_contain_text("Your first turn")
    for _ in range(4):                                  # four dice of four colours
        app.click(picker.locator(".tk-move").first)
    dice = picker.locator(".tk-co-die")
    expect(dice.first).to_be_visible()
    app.click(dice.last)
    chosen = dice.last.inner_text().strip()
    target = picker.locator(".tk-moves .tk-move").first
    expect(target).to_be_visible()
    app.click(target)
    log = page.locator(".tk-play .tk-narrator").last     # (the first is the review's)
    colour = chosen.split()[0]
    expect(log).to_contain_text(re.compile(f"places the {colour}|puts it on the island|"
                                           f"space for the {colour}"))
    # the computer's moves come one at a time, each on "next"; "play on" to our turn
    app.click(page.locator(".tk-play .tk-skip"))
    # after the computer's turn the research station comes back: the odds helper
    expect(picker.locator(".tk-co-odds-out")).to_contain_text("Odds helper")
    no_cut_off(app)
    app.assert_ok()


def test_practise_four_questions(app: Tab) -> None:
    practise(app)


def test_dutch_by_the_switch(app: Tab) -> None:
    app.click(app.page.locator(".tk-language button", has_text="Nederlands"))
    assert app.tab_titles() == TABS_NL
    expect(app.page.locator(".tk-play svg.tk-co-board")).to_contain_text("Het gele rif")
    app.tab("Voorbeelden uit de regels")
    expect(app.page.locator(".tk-example-scoring .tk-step-caption")).to_contain_text(
        "Jacques 44, Jenny 59")
    app.tab("Het materiaal")
    expect(app.page.locator(".tk-co-pieces")).to_contain_text("De acht schildpadden")
    no_cut_off(app)
    app.tab("Les")
    expect(app.page.locator(".tk-lesson")).to_contain_text("Onderzoeksstation")
    no_cut_off(app)
    app.assert_ok()
