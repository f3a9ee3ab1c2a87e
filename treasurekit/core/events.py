"""Events: what happened, under which rule, and why, in plain language."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, NamedTuple, Protocol

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


#: ``event_of((game, kind, section, params, seen_by))``: an Event built straight from all
#: five fields, skipping the NamedTuple keyword handling (the engines' hot path).
event_of: Callable[[tuple[Any, ...]], Event] = partial(tuple.__new__, Event)
