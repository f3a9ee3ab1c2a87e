"""Presenter mode: the switch, ?present=1, the keys (as ipyevents reports them), answers
held until the teacher reveals them."""

from __future__ import annotations

from html import escape

import pytest

from treasurekit.core.i18n import tr

from .teacher_helpers import APPS, key
from .ui import App, click, find, has_class, one, texts


def test_the_switch_turns_the_app_into_the_projector_layout() -> None:
    app = App("diving_bell")
    switch = one(app.root, "tk-present-switch")
    assert not has_class(app.root, "tk-present")
    switch.value = True
    assert has_class(app.root, "tk-present")
    assert app.root.presenter.keys.prevent_default_action      # space does not scroll
    assert tr("teacher.present.keys", "en") in texts(app.root)
    switch.value = False
    assert not has_class(app.root, "tk-present")


@pytest.mark.parametrize("name", APPS)
def test_present_in_the_url_starts_presenter_mode(name: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "lang=nl&present=1")
    app = App(name, "nl")
    assert has_class(app.root, "tk-present")
    assert one(app.root, "tk-present-switch").description == tr("teacher.present.switch", "nl")
    monkeypatch.setenv("QUERY_STRING", "present=0")
    assert not has_class(App(name).root, "tk-present")


@pytest.mark.parametrize("name", APPS)
def test_keys_step_through_the_lesson(name: str) -> None:
    app = App(name)
    lesson = one(app.open_tab("tk-lesson"), "tk-lesson")
    key(app, "ArrowRight")
    assert lesson.index == 0, "keys act only in presenter mode"
    app.root.presenter.set(True)
    key(app, "ArrowRight")
    assert lesson.index == 1
    key(app, " ")
    assert lesson.index == 2
    key(app, "ArrowLeft")
    assert lesson.index == 1
    key(app, "Home")
    assert lesson.index == 0
    key(app, "l")
    assert app.lang.code == "nl"
    assert one(lesson, "tk-next").description == tr("widgets.next", "nl")
    key(app, "L")
    assert app.lang.code == "en"
    key(app, "x")                                   # other keys do nothing
    assert lesson.index == 0 and app.lang.code == "en"


@pytest.mark.parametrize("name", APPS)
def test_the_answer_waits_for_the_vote_then_r_reveals_it(name: str) -> None:
    app = App(name)
    app.root.presenter.set(True)
    lesson = one(app.open_tab("tk-lesson"), "tk-lesson")
    while not lesson.asks:
        key(app, "ArrowRight")
    choices = find(lesson, "tk-choice")
    wrong = next(i for i, c in enumerate(lesson.options) if not c.correct)
    click(choices[wrong])
    # the vote is marked, nothing is judged and no reason is given yet
    assert has_class(find(lesson, "tk-choice")[wrong], "tk-vote")
    assert not any(b.button_style for b in find(lesson, "tk-choice"))
    assert escape(lesson._why("en")) not in lesson.feedback.value
    assert "tk-voted" in lesson.feedback.value
    key(app, "r")
    right = [i for i, b in enumerate(find(lesson, "tk-choice")) if b.button_style == "success"]
    assert right and right[0] != wrong
    assert find(lesson, "tk-choice")[wrong].button_style == "danger"
    assert escape(lesson._why("en")) in lesson.feedback.value       # the reason
    assert "§" in lesson.head.value                         # and its rule
    assert tr("widgets.not_quite", "en") in lesson.feedback.value


def test_r_without_a_vote_shows_the_right_answer_unjudged() -> None:
    app = App("diving_bell")
    app.root.presenter.set(True)
    lesson = one(app.open_tab("tk-lesson"), "tk-lesson")
    while not lesson.asks:
        key(app, "ArrowRight")
    key(app, "R")
    assert lesson.picked is not None and lesson.picked.correct
    assert tr("widgets.correct", "en") not in lesson.feedback.value
    assert escape(lesson._why("en")) in lesson.feedback.value


def test_without_holding_a_click_answers_at_once() -> None:
    app = App("diving_bell")
    app.root.presenter.set(True)
    one(app.root, "tk-present-hold").value = False
    lesson = one(app.open_tab("tk-lesson"), "tk-lesson")
    while not lesson.asks:
        key(app, "ArrowRight")
    click(find(lesson, "tk-choice")[0])
    assert lesson.picked is not None


@pytest.mark.parametrize("name", APPS)
def test_keys_step_through_the_example(name: str) -> None:
    app = App(name)
    app.root.presenter.set(True)
    tab = app.open_tab("tk-example")
    example = find(tab, "tk-example")[0]      # the first shown
    two = min(2, len(example.example.steps))  # (Coralia's first example has one step)
    key(app, "ArrowRight")
    key(app, "ArrowRight")
    assert example.index == two
    key(app, "ArrowLeft")
    assert example.index == two - 1
    key(app, "Home")
    assert example.index == 0


def test_keys_in_the_game_and_its_review() -> None:
    app = App("captain_lucky")
    app.root.presenter.set(True)
    play = one(app.open_tab("tk-play"), "tk-play")
    play.pace.value = True
    play.new()
    guard = 0
    while not play.game.is_over and guard < 500:
        guard += 1
        if play.waiting:
            key(app, "ArrowRight")                 # the computer's next move
        else:
            play.human_move(play.game.legal_moves()[0])
    assert play.game.is_over
    key(app, "Home")                               # the review, from the start
    assert play.reviewing and play.review.index == 0
    key(app, "ArrowRight")
    key(app, " ")
    assert play.review.index == 2
    key(app, "ArrowLeft")
    assert play.review.index == 1


def test_keys_from_anywhere_on_the_page_reach_the_presenter() -> None:
    """The Screen widget sends the keys pressed anywhere on the page (nothing clicked,
    no pointer over the app): they act like ipyevents' keys, junk is ignored."""
    app = App("diving_bell")
    screen = app.root.presenter.screen
    assert not screen.present
    lesson = one(app.open_tab("tk-lesson"), "tk-lesson")
    app.root.presenter.set(True)
    assert screen.present                      # the fit to the window is on
    assert "ArrowRight" in screen.watched_keys and "r" in screen.watched_keys
    screen._message(screen, {"key": "ArrowRight", "timeStamp": 10.0}, [])
    assert lesson.index == 1
    screen._message(screen, {"key": "ArrowRight", "timeStamp": 10.0}, [])
    assert lesson.index == 1, "one key press reported twice acts once"
    for junk in (None, [], {"key": 5}, {"key": "x" * 10_000}, {"key": "ArrowRight",
                                                               "timeStamp": [1]}):
        screen._message(screen, junk, [])
    assert lesson.index == 2                   # (the last one is a real key press)
    app.root.presenter.set(False)
    assert not screen.present


def test_the_game_set_up_folds_away() -> None:
    """On a phone the set-up row hides behind a switch (style.CSS): the switch toggles
    the row's ``tk-folded`` class, in both languages."""
    app = App("diving_bell", "nl")
    play = one(app.open_tab("tk-play"), "tk-play")
    setup = one(play, "tk-setup")
    switch = one(play, "tk-setup-open")
    assert switch.description == tr("widgets.setup", "nl")
    assert has_class(setup, "tk-folded")
    switch.value = True
    assert not has_class(setup, "tk-folded")
    switch.value = False
    assert has_class(setup, "tk-folded")
