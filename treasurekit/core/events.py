"""Events: what happened, under which rule, and why, in plain language."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, NamedTuple, Protocol, TypeAlias, overload

from .i18n import DEFAULT_LANGUAGE, readable, tr
from .sections import RuleSection


class Labelled(Protocol):
    def label(self, lang: str) -> str: ...


class Event(NamedTuple):
    """One thing that happened. ``section`` names the rulebook section applied.

    ``seen_by`` lists the seats that may know every detail (empty: everyone). Other seats
    read the ``.public`` wording of the event, which leaves the secret out.
    """

    game: str
    kind: str
    section: RuleSection  # the game's ``Section`` member: see core/sections.py
    params: tuple[tuple[str, Any], ...] = ()
    seen_by: tuple[int, ...] = ()

    @classmethod
    def of(cls, game: str, kind: str, section: RuleSection, **params: Any) -> Event:
        return cls(game, kind, section, tuple(params.items()))

    def sees_all(self, viewer: int | None) -> bool:
        """Whether ``viewer`` (None: an onlooker who sees everything) may read the details."""
        return viewer is None or not self.seen_by or viewer in self.seen_by

    def param(self, name: str) -> Any:
        return dict(self.params)[name]

    def _formatted(self, lang: str) -> dict[str, Any]:
        return {name: readable(value, lang) for name, value in self.params}

    def text(self, lang: str = DEFAULT_LANGUAGE, viewer: int | None = None) -> str:
        """The plain-language reason for this event, as ``viewer`` may read it."""
        key = f"{self.game}.event.{self.kind}"
        if not self.sees_all(viewer):
            key += ".public"
        return tr(key, lang, **self._formatted(lang))

    def rule(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The title of the rulebook section this event applies."""
        return tr(f"{self.game}.section.{self.section.key}", lang)

    def __str__(self) -> str:
        return f"[{self.rule()}] {self.text()}"


#: Where the rules put a step's events: a list to tell them into, or None when nobody
#: reads them now (see ``StepEvents``): a handler builds an event only for a list.
Narration: TypeAlias = "list[Event] | None"


class Teller(Protocol):
    """What a :class:`StepEvents` asks for its events (the game's narrator)."""

    def tell(self, step: int) -> list[Event]: ...


class StepEvents(Sequence[Event]):
    """The events of one step of a game, worked out the first time someone reads them.

    A game whose rules can change the table without narrating (``Game._apply_quiet``)
    hands these out from ``play()`` and ``deal()`` and keeps them in its ``log``: a random
    playout that never reads what happened never builds a single event. Reading one (its
    length, an item, a loop over it, a comparison) asks the game's narrator to play the
    step again, this time telling it; the events are then kept. A step taken back is told
    before it goes, so what was handed out stays readable.

    >>> import treasurekit as tk
    >>> g = tk.new_game("sea_or_shore", players=3, seed=4)
    >>> events = g.deal()          # a card of the deal: nothing to tell
    >>> len(events), events == []
    (0, True)
    """

    # ``_teller`` is None once the events are told (they are then in ``_told``, which is
    # not set before: a game makes one of these at nearly every step, and sets two slots)
    __slots__ = ("_teller", "_step", "_told")
    _teller: Teller | None
    _step: int
    _told: list[Event]

    def __init__(self, teller: Teller | None, step: int,
                 told: list[Event] | None = None) -> None:
        self._step = step
        if told is None:
            assert teller is not None, "a step's events need a teller or the events told"
            self._teller = teller
        else:
            self._teller, self._told = None, told

    def _events(self) -> list[Event]:
        teller = self._teller
        if teller is not None:
            self._told = teller.tell(self._step)
            self._teller = None                  # told once: the narrator is no longer needed
        return self._told

    def tell_now(self, told: list[Event]) -> None:
        """Keep ``told`` as the events, worked out by the game itself (``Game.undo``)."""
        self._told, self._teller = told, None

    @property
    def is_told(self) -> bool:
        """Whether the events have been worked out already."""
        return self._teller is None

    def __len__(self) -> int:
        return len(self._events())

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> list[Event]: ...

    def __getitem__(self, index: int | slice) -> Event | list[Event]:
        return self._events()[index]

    def __iter__(self) -> Iterator[Event]:
        return iter(self._events())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, StepEvents):
            other = other._events()
        if isinstance(other, (list, tuple)):
            return self._events() == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(self._events())


#: The events of a step known to tell nothing (a card of the deal): one shared, empty
#: ``StepEvents`` that a game's ``_apply_quiet`` may hand back instead of a new one.
NO_EVENTS = StepEvents(None, 0, [])
