"""Every lesson step of every game in ``tk.GAMES``: its table is data (position + lead-in),
``choices()`` changes nothing, and a language switch after any answer gives the same table.

The widget restarts a step with ``start(lang)`` when the language changes and replays the
answer given; so for every step and every answer, the table started in Dutch and answered
the same way must equal the English one, seat names aside.
"""

from __future__ import annotations

from typing import Any

import pytest

import treasurekit as tk
from treasurekit.core.teaching import LessonStep, lesson_of

GAMES = sorted(tk.GAMES)


def lesson(name: str) -> list[LessonStep]:
    return list(lesson_of(name))


def cases() -> list[Any]:
    return [pytest.param(name, i, id=f"{name}-{step.key}")
            for name in GAMES for i, step in enumerate(lesson(name))]


def answers(options: list[Any]) -> list[tuple[str, bool, str | None]]:
    """The answers of a step, labels left out (they name the learner's seat)."""
    return [(c.value, c.correct, c.move) for c in options]


def table(game: tk.Game) -> dict[str, Any]:
    """The whole table, seat names left out (the learner's seat is named per language)."""
    v = game.view(None)
    v.pop("players")
    return {"view": v, "moves": [str(m) for m in game.history]}


@pytest.mark.parametrize("name, index", cases())
def test_lesson_step_survives_a_language_switch_after_every_answer(name: str,
                                                                   index: int) -> None:
    step = lesson(name)[index]
    assert all(isinstance(m, str) for m in step.lead_in)
    first = step.start("en")
    assert [str(m) for m in first.history] == list(step.lead_in)
    saved = first.to_json()
    options = step.choices(first)
    assert options, "a step asks a question"
    assert first.to_json() == saved, "choices() must not change the table"
    for lang in tk.LANGUAGES:
        other = step.start(lang)
        assert table(other) == table(first)
        assert answers(step.choices(other)) == answers(options)
        assert step.explanation(lang).text(lang)
    for choice in options:
        games = {lang: step.start(lang) for lang in tk.LANGUAGES}
        for lang, game in games.items():
            events = step.answer(game, choice)
            for e in events:
                assert e.text(lang, viewer=None)
        tables = [table(g) for g in games.values()]
        assert all(t == tables[0] for t in tables), choice.value
