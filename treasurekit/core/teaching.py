"""Teaching material as data: rulebook examples to replay and lesson steps to try.

Both live beside each game's rules (``games/<g>/examples.py``, ``lessons.py``);
the widgets only display them, and the tests replay them with the book's numbers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .events import Event
from .game import Game
from .i18n import readable, tr
from .registry import game_spec, setup_position
from .sections import RuleSection
from .spec import load


class Msg(NamedTuple):
    """A catalog message with its parameters, translated when shown."""

    key: str
    params: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, key: str, **params: Any) -> Msg:
        return cls(key, tuple(params.items()))

    def text(self, lang: str) -> str:
        values = {k: v.text(lang) if isinstance(v, Msg) else readable(v, lang)
                  for k, v in self.params}
        return tr(self.key, lang, **values)


# ---- rulebook examples ---------------------------------------------------------

@dataclass(frozen=True)
class ExampleStep:
    """Moves played in one step of a replay (chance outcomes forced), and its caption."""

    moves: tuple[str, ...]
    caption: Msg


@dataclass(frozen=True)
class Example:
    """A worked example of the rulebook, replayed step by step from a position."""

    game: str
    key: str                      # catalog prefix: {game}.example.{key}.title / .intro
    section: RuleSection          # the rulebook section it illustrates
    position: dict[str, Any]
    steps: tuple[ExampleStep, ...]
    outcome: Callable[[Game[Any]], Msg]   # the book's result, read off the engine

    def title(self, lang: str) -> str:
        return tr(f"{self.game}.example.{self.key}.title", lang)

    def intro(self, lang: str) -> str:
        return tr(f"{self.game}.example.{self.key}.intro", lang)

    def rule(self, lang: str) -> str:
        """The title of the rulebook section the example illustrates."""
        return tr(f"{self.game}.section.{self.section.key}", lang)

    def start(self) -> Game[Any]:
        return setup_position(self.game, self.position)

    def play_step(self, game: Game[Any], index: int) -> list[Event]:
        events: list[Event] = []
        for move in self.steps[index].moves:
            events += game.play(move)
        return events

    def run(self) -> Game[Any]:
        """The game after every step (for tests and printed summaries)."""
        game = self.start()
        for i in range(len(self.steps)):
            self.play_step(game, i)
        return game


# ---- lessons --------------------------------------------------------------------

@dataclass(frozen=True)
class Choice:
    """One answer the learner may pick; ``move`` is played when it is a move."""

    value: str
    label: Msg
    correct: bool
    move: str | None = None


@dataclass(frozen=True)
class LessonStep:
    """A table situation, a question about it, and the engine's explanation.

    The table is ``position`` with the ``lead_in`` moves played on it (e.g. a steal and the
    dice it rolled), set up by :meth:`start` alone: ``choices(game)`` only reads the table it
    is given (anything it tries, it takes back), so the same step started again, e.g. in
    another language, shows the same table and accepts the same answers.
    """

    game: str
    key: str                                   # {game}.lesson.{key}.title / .text
    section: RuleSection
    position: dict[str, Any]
    choices: Callable[[Game[Any]], list[Choice]]
    explain: Callable[[Game[Any]], Msg]       # given a fresh start() of the step
    then: tuple[str, ...] = field(default=())  # forced chance outcomes after a move
    seen_by_after: int | None = None   # after the answer, draw the table as this seat sees it
    lead_in: tuple[str, ...] = ()      # moves played on the position before the question
    # figures of the table the question asks for ("scores", "pressure"): the table leaves
    # them out until the learner has answered
    hides: tuple[str, ...] = ()
    # the parts of the table the question is about ("station", "players"; each game's
    # drawing marks its parts with data-tk-part): a phone scrolls them into view, above
    # the answers (screen.py); none: the table from its top
    about: tuple[str, ...] = ()

    def title(self, lang: str) -> str:
        return tr(f"{self.game}.lesson.{self.key}.title", lang)

    def text(self, lang: str) -> str:
        return tr(f"{self.game}.lesson.{self.key}.text", lang)

    def rule(self, lang: str) -> str:
        """The title of the rulebook section the step teaches."""
        return tr(f"{self.game}.section.{self.section.key}", lang)

    def start(self, lang: str = "en") -> Game[Any]:
        """The step's table (the position, then the lead-in moves); the learner's seat "You"
        is named in ``lang``."""
        game = setup_position(self.game, _localise_you(self.position, tr("core.seat.you", lang)))
        for move in self.lead_in:
            game.play(move)
        return game

    def explanation(self, lang: str = "en") -> Msg:
        """Why the right answer is right, worked out on a fresh copy of the situation."""
        return self.explain(self.start(lang))

    def answer(self, game: Game[Any], choice: Choice) -> list[Event]:
        """Play the learner's move (if it is one) and the scripted outcomes after it."""
        events: list[Event] = []
        if choice.move is not None:
            events += game.play(choice.move)
            for outcome in self.then:
                if game.is_chance:
                    events += game.play(outcome)
        return events


def lesson_steps(game: str, table: dict[str, Any]) -> Callable[..., LessonStep]:
    """The maker of one game's lesson steps: ``step(key, section, position, choices,
    explain, then=(), **more)``, where each step's ``position`` starts from ``table``
    (the seats every step of the lesson shares) and ``more`` sets the other fields."""
    def step(key: str, section: RuleSection, position: dict[str, Any],
             choices: Callable[[Game[Any]], list[Choice]],
             explain: Callable[[Game[Any]], Msg], then: tuple[str, ...] = (),
             **more: Any) -> LessonStep:
        return LessonStep(game, key, section, {**table, **position}, choices, explain, then,
                          **more)
    return step


def lesson_of(game: str) -> tuple[LessonStep, ...]:
    """The lesson ``game`` declares (its spec's ``lesson``), in order; () for none."""
    lesson = game_spec(game).lesson
    return tuple(load(lesson)) if lesson else ()


def examples_of(game: str) -> tuple[Example, ...]:
    """The rulebook's worked examples ``game`` declares (its spec's ``examples``)."""
    examples = game_spec(game).examples
    return tuple(load(examples)) if examples else ()


def _localise_you(position: dict[str, Any], you: str) -> dict[str, Any]:
    """Rename the player "You" everywhere in a position description: in the player list,
    in fields naming a player, and as a key of fields given per player."""
    def rename(value: Any) -> Any:
        if value == "You":
            return you
        if isinstance(value, dict):
            return {rename(k): v for k, v in value.items()}
        return value

    out = {key: rename(value) for key, value in position.items()}
    out["players"] = [rename(p) for p in position.get("players", [])]
    return out
