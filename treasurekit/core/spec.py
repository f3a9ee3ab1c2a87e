"""One declaration per game: :class:`GameSpec`, everything the kit reads about a game.

A game declares its spec once, beside its rules (``games/<game>/spec.py`` for the games of
the package, anywhere for a game registered from outside with ``tk.register_game``):

>>> import treasurekit as tk
>>> spec = tk.GAMES["diving_bell"]
>>> spec.players, spec.variants[:2], spec.bots
((2,), ('standard', 'beginner'), 'treasurekit.games.diving_bell.bots:BOTS')

The registry, the apps (``widgets/apps.py``), the notebooks (``tools/notebooks.py``), the
position editor, the benchmarks and the generic tests read it; nothing else names a
game's player counts, variants or modules. The parts that cost an import (the rules, the
bots, the lesson ...) are given as ``"module:attribute"`` references (or as the objects
themselves) and imported when first asked for, so that ``import treasurekit`` stays light.
The drawing is always a module name: the engine imports no widgets.

This module is a plain declaration: it imports none of the parts it names. Each part is
read, typed, by the module that owns its kind: ``core.bots.bot_levels(name)``,
``core.teaching.lesson_of(name)`` and ``examples_of(name)``, ``core.practice.practice_of(name)``,
``core.search.settings_for(name)``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from .events import Labelled
from .i18n import Message

if TYPE_CHECKING:
    from .game import Game
    from .sections import RuleSection

#: A part of a spec: ``"package.module:attribute"``, or the object itself.
Ref = str | object


def load(ref: Ref) -> Any:
    """The object a :data:`Ref` names (imported now if it is a ``"module:attr"`` text)."""
    if not isinstance(ref, str):
        return ref
    module, _, attribute = ref.partition(":")
    found = import_module(module)
    return getattr(found, attribute) if attribute else found


# ---- the position schema: what a table description holds, for the editor -----------------

#: Where a value lives in a position description: ("hands", "Ann"), ("phase",).
FieldPath = tuple[str | int, ...]


@dataclass(frozen=True)
class PositionField:
    """One editable part of a position description (``games/<game>/position.py``).

    ``kind`` is ``"cards"`` (a list of codes, or ``{code: count}`` when ``counted``),
    ``"choice"`` (one of ``choices``) or ``"count"`` (a whole number, ``choices`` the
    bounds ``(lo, hi)``). ``label`` words a value (a card, a phase, a seat): anything
    with ``label(lang)`` (a catalog ``Message``, a card) or a plain text; the engine
    checks every table built from them."""

    path: FieldPath
    kind: Literal["cards", "choice", "count"]
    title: Message
    choices: Sequence[Any] = ()
    label: Callable[[Any], Labelled | str] | None = None
    counted: bool = False


@dataclass(frozen=True)
class PositionSchema:
    """The editable fields of a game's position description, and an accepted table."""

    #: an accepted starting table for these player names
    start: Callable[[list[str]], dict[str, Any]]
    #: the fields of a description (they may depend on its players)
    fields: Callable[[dict[str, Any]], list[PositionField]]


def phase_label(game: str) -> Callable[[Any], Message]:
    """Label of a ``phase`` value: ``teacher.phase.<game>.<value>``."""
    return lambda value: Message.of(f"teacher.phase.{game}.{value}")


# ---- the spec ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class GameSpec:
    """Everything the kit needs to know of one game, declared once."""

    #: the registry's key, the catalog namespace (``<name>.title``) and the save's ``game``
    name: str
    #: the Game subclass (``"module:Class"``)
    rules: Ref
    #: the player counts offered, the one a new table starts with first (``(4, 3, 5)``)
    players: tuple[int, ...]
    #: the variants, the standard one first
    variants: tuple[str, ...] = ("standard",)
    #: the rule sections, in the book's order (a ``core.sections.RuleSection`` enum)
    sections: Ref = ""
    #: bot levels: level -> a factory of ``core.bots.Bot`` (``"module:BOTS"``)
    bots: Ref = ""
    #: the coach's search settings, a ``core.search.SearchSettings`` (``"module:COACH"``;
    #: none: the search's defaults, which cannot draw the tables a view allows)
    coach: Ref = ""
    #: the lesson, a sequence of ``core.teaching.LessonStep`` (``"module:LESSON"``)
    lesson: Ref = ""
    #: the rulebook's worked examples, ``core.teaching.Example`` (``"module:EXAMPLES"``)
    examples: Ref = ""
    #: the practice kinds, a ``core.practice.Practice`` (``"module:PRACTICE"``)
    practice: Ref = ""
    #: the rules reference: a module with ``RULES`` and ``PLAYING_TIME`` (core/reference.py)
    reference: Ref = ""
    #: the position editor's fields, a :class:`PositionSchema` (None: no editor)
    position_schema: Ref = ""
    #: the drawing: the name of a widget module with ``render_table(game, lang, seat, /,
    #: hide=())`` and, optionally, ``picker``, ``recap``, ``extra_tabs(lang)``,
    #: ``customize(app)`` (see ``widgets/apps.py``); a module name, so that the engine
    #: imports no widgets
    drawing: str = ""
    #: the app's intro text (catalog key; default ``<name>.ui.intro``)
    intro: str = ""
    #: True for a game with nothing hidden from any seat (no hand, no face-down card):
    #: the generic suite then expects ``scramble_hidden`` to change nothing
    perfect_information: bool = False
    #: whether two players can end on the same top score (then the rulebook's tie-break
    #: or a shared win decides); Pig ends as soon as one player reaches the target
    ties: bool = True
    #: whether the app offers pass-and-play (several people at one device)
    hot_seat: bool = True
    #: the seat a lesson is told to (None: the whole table, every hand open)
    lesson_seat: int | None = None
    #: the player counts ``make bench`` cycles through against the OpenSpiel peer
    #: (default: every count of ``players``)
    bench_players: tuple[int, ...] = ()
    #: a directory with ``<lang>/<namespace>.json`` catalogs of the game's own texts
    #: (a game registered from outside; the package's games use ``treasurekit/locales``)
    locales: Path | None = None
    #: anything else a game wants to keep with its declaration
    extra: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.name.isidentifier() or self.name != self.name.lower():
            raise ValueError(f"a game's name is a lower-case identifier, not {self.name!r}")
        if not self.players or sorted(set(self.players)) != sorted(self.players):
            raise ValueError("players: the player counts offered, each once")
        if not self.variants:
            raise ValueError("variants: at least the standard variant")

    # -- what the spec declares, loaded on first use ------------------------------------------
    @property
    def min_players(self) -> int:
        return min(self.players)

    @property
    def max_players(self) -> int:
        return max(self.players)

    @property
    def intro_key(self) -> str:
        return self.intro or f"{self.name}.ui.intro"

    @property
    def title_key(self) -> str:
        return f"{self.name}.title"

    @property
    def playout_players(self) -> tuple[int, ...]:
        return self.bench_players or tuple(sorted(self.players))

    def game_class(self) -> type[Game[Any]]:
        found: type[Game[Any]] = load(self.rules)
        return found

    def section_enum(self) -> type[RuleSection]:
        found: type[RuleSection] = load(self.sections)
        return found

    def reference_module(self) -> Any:
        return load(self.reference) if self.reference else None

    def schema(self) -> PositionSchema | None:
        found: PositionSchema | None = (load(self.position_schema) if self.position_schema
                                        else None)
        return found
