"""Every lesson question of every game, as the learner meets it in the app."""

from __future__ import annotations

import re

import pytest

import treasurekit as tk
from treasurekit.widgets.lesson_player import LessonPlayer

from .learner_helpers import build_app, find, text_nodes, visible_text

GAMES = sorted(tk.GAMES)


def _mentions(text: str, label: str) -> bool:
    """Whether ``label`` stands in ``text`` as a whole word or number."""
    return re.search(rf"(?<![\w.,]){re.escape(label)}(?![\w%]|[.,]\d)", text) is not None


def _shown(lesson: LessonPlayer) -> list[str]:
    """What the learner reads below the question: the table, the feedback and the log."""
    return text_nodes(lesson.table.value + lesson.feedback.value + lesson.narrator.value)


@pytest.mark.parametrize("code", ["en", "nl"])
@pytest.mark.parametrize("game", GAMES)
def test_no_question_shows_its_answer(game: str, code: str) -> None:
    """Before an answer is picked, no line of the table states the right answer.

    A line that also stands on another step's table (the pressure limit, an empty
    pile, a card's name) is scenery, not the answer to this step's question.
    """
    app, _ = build_app(game, code)
    lesson = find(app, LessonPlayer)
    shown = []
    for index in range(len(lesson.steps)):
        lesson.go(index)
        shown.append(_shown(lesson))
    leaks = []
    for index, step in enumerate(lesson.steps):
        lesson.go(index)
        right = [c for c in lesson.options if c.correct]
        if len(lesson.options) < 2 or len(right) != 1:
            continue            # nothing is asked (a move to watch) or several answers count
        labels = [c.label.text(code) for c in lesson.options]
        scenery = {line for i, lines in enumerate(shown) if i != index for line in lines}
        for line in shown[index]:
            if line in scenery or not _mentions(line, right[0].label.text(code)):
                continue
            if all(_mentions(line, label) for label in labels):
                continue        # every answer stands in this line: it tells nothing
            leaks.append(f"step {index + 1} ({step.key}): {line!r}")
    assert not leaks, leaks


@pytest.mark.parametrize("game", GAMES)
def test_hidden_figures_come_back_after_the_answer(game: str) -> None:
    """What a question hid is on the table as soon as the learner has answered."""
    app, _ = build_app(game)
    lesson = find(app, LessonPlayer)
    hiding = [i for i, step in enumerate(lesson.steps) if step.hides]
    for index in hiding:
        lesson.go(index)
        before = visible_text(lesson.table.value)
        wrong = next(c for c in lesson.options if not c.correct)
        lesson.pick(wrong)
        after = visible_text(lesson.table.value)
        assert before != after and "?" not in after.split(), lesson.steps[index].key


@pytest.mark.parametrize("game", GAMES)
def test_no_verdict_after_a_step_that_asked_nothing(game: str) -> None:
    """A step with one button shows a move; clicking it earns an explanation, no "Right!"."""
    app, lang = build_app(game)
    lesson = find(app, LessonPlayer)
    for index in range(len(lesson.steps)):
        lesson.go(index)
        lesson.pick(next(c for c in lesson.options if c.correct))
        verdict = lang.t("widgets.correct")
        if len(lesson.options) == 1:
            assert verdict not in lesson.feedback.value, lesson.step.key
            assert lesson.choices.children[0].button_style == ""
        else:
            assert verdict in lesson.feedback.value, lesson.step.key


@pytest.mark.parametrize("game", GAMES)
def test_every_step_names_the_parts_of_its_table_it_is_about(game: str) -> None:
    """Each step names (``about``) the parts of its table its question is about, and the
    table marks each of them (``data-tk-part``): a phone shows them with the answers. (A
    game whose drawing marks no parts, such as a new one, shows the table from its top.)"""
    app, _ = build_app(game, "en")
    lesson = find(app, LessonPlayer)
    missing = []
    for index, step in enumerate(lesson.steps):
        lesson.go(index)
        marked = {name for names in re.findall(r'data-tk-part="([^"]*)"', lesson.table.value)
                  for name in names.split()}
        if (marked and not step.about) or not set(step.about) <= marked:
            missing.append(f"step {index + 1} ({step.key}): {step.about} of {sorted(marked)}")
        assert f'data-tk-step="{index}" data-tk-about="{" ".join(step.about)}"' \
            in lesson.table.value
    assert not missing, missing
