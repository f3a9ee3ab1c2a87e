"""Every game's teaching material, run the way the apps run it.

Rulebook examples (``examples.EXAMPLES``): every step plays, its caption and events read
in every language for every seat and a spectator, stepping back undoes it exactly, and
the finished replay saves and loads.

Lessons (``lessons.LESSON``): every step starts in every language, offers answers with
at least one right one, the same in every language; asking for the answers changes
nothing; every answer plays and reads, and after a language switch (the step set up
again in the other language with the answer replayed, as the app does) the table is the
same.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import treasurekit as tk
from treasurekit.core.i18n import LANGUAGES
from treasurekit.core.teaching import LessonStep

from .registry import example_cases, examples, lesson, lesson_cases

#: Lesson steps that break the rules above today, with the issue that fixes them. The
#: marks are strict: when the fix lands, the step passes and its entry must go.
KNOWN_BROKEN: dict[tuple[str, str], str] = {}   # (game, step key) -> why, while a fix is due


def _read_events(game: tk.Game, events: list[tk.Event]) -> None:
    for event in events:
        for lang in LANGUAGES:
            assert event.rule(lang)
            for viewer in (None, *range(len(game.players))):
                assert event.text(lang, viewer)


def _table(game: tk.Game) -> Any:
    """The table without the players' names (the learner is "You" or "Jij")."""
    return ([game.view(p) | {"players": None} for p in range(len(game.players))],
            [str(m) for m in game.history], [e.kind for e in game.events])


@pytest.mark.parametrize(("name", "index"), example_cases(),
                         ids=[f"{n}-{i}" for n, i in example_cases()])
def test_rulebook_example_replays_forward_and_back_in_every_language(name: str,
                                                                    index: int) -> None:
    example = examples(name)[index]
    assert example.game == name and example.steps
    game = example.start()
    states = [json.loads(game.to_json())]
    for lang in LANGUAGES:
        assert example.title(lang) and example.intro(lang)
    for i, step in enumerate(example.steps):
        events = example.play_step(game, i)
        _read_events(game, events)
        for lang in LANGUAGES:
            assert step.caption.text(lang), f"step {i + 1} caption in {lang}"
        states.append(json.loads(game.to_json()))
    for lang in LANGUAGES:
        assert example.outcome(game).text(lang)
    finished = game.state
    loaded = tk.load_game(game.to_json())
    assert loaded.state == finished and loaded.events == game.events
    for i in reversed(range(len(example.steps))):        # step back, as the app does
        for _ in example.steps[i].moves:
            game.undo()
        assert json.loads(game.to_json()) == states[i]
    assert game.state == example.start().state
    assert example.run().state == finished


def _step_case(name: str, index: int) -> Any:
    step = lesson(name)[index]
    reason = KNOWN_BROKEN.get((name, step.key))
    marks = [pytest.mark.xfail(reason=reason, strict=True)] if reason else []
    return pytest.param(name, index, marks=marks, id=f"{name}-{index + 1}-{step.key}")


@pytest.mark.parametrize(("name", "index"), [_step_case(n, i) for n, i in lesson_cases()])
def test_lesson_step_runs_and_survives_a_language_switch(name: str, index: int) -> None:
    step: LessonStep = lesson(name)[index]
    assert step.game == name
    answers: dict[str, list[tuple[str, bool]]] = {}
    for lang in LANGUAGES:
        assert step.title(lang) and step.text(lang)
        assert step.explanation(lang).text(lang)
        game = step.start(lang)
        before = game.to_json()
        choices = step.choices(game)
        assert game.to_json() == before, "choices() changed the table (a lead-in move?)"
        answers[lang] = [(c.value, c.correct) for c in choices]
        assert any(c.correct for c in choices), "no right answer"
        assert len({c.value for c in choices}) == len(choices), "two answers alike"
        for c in choices:
            assert c.label.text(lang)
    assert len({json.dumps(a) for a in answers.values()}) == 1, "answers differ by language"
    for first in LANGUAGES:
        for choice in step.choices(step.start(first)):
            game = step.start(first)
            step.choices(game)                          # as the app: choices, then answer
            _read_events(game, step.answer(game, choice))
            for other in LANGUAGES:                     # the switch: set up again, replay
                again = step.start(other)
                step.answer(again, choice)
                assert _table(again) == _table(game), \
                    f"answer {choice.value!r}: switching {first}->{other} changed the table"
