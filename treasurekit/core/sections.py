"""Rulebook sections as names: one ``Section`` enum per game.

A member's *value* is the rulebook heading as printed (so a reader can grep it from the
book to the code and the tests); a rule inside a section is written as the heading, `` / ``
and the words that open the rule in the book. Its *name*, lower-cased, is the catalog key
of the section's translated title (``<game>.section.<key>``) and names the tests
(``test_<key>_...``).

>>> class Section(RuleSection):
...     SET_UP = "SET UP"
...     GAME_PLAY = "GAME PLAY"
>>> Section.SET_UP.key, str(Section.GAME_PLAY)
('set_up', 'GAME PLAY')
>>> section_key(Section.SET_UP), section_key("set_up")
('set_up', 'set_up')
"""

from __future__ import annotations

from enum import StrEnum
from typing import TypeVar, cast

E = TypeVar("E", bound="RuleSection")


class RuleSection(StrEnum):
    """Base of every game's ``Section`` enum (value: the book's heading)."""

    @property
    def key(self) -> str:
        """The catalog key: ``<game>.section.<key>``."""
        return self.name.lower()


def section_key(section: str) -> str:
    """The catalog key of a section given as a ``RuleSection`` member or a plain key."""
    return section.key if isinstance(section, RuleSection) else section


def fast_members(section: type[E]) -> type[E]:
    """The members of ``section`` as attributes of a plain class, for hot paths.

    In Python 3.11 every ``Section.X`` read goes through ``EnumType.__getattr__``'s slow
    attribute hook (about 0.2 microseconds, more than building the event that cites it);
    ``SECTION = fast_members(Section)`` then ``SECTION.X`` is the same member, read at the
    speed of a plain class attribute, and type-checks as the enum.

    >>> class Section(RuleSection):
    ...     SET_UP = "SET UP"
    >>> fast_members(Section).SET_UP is Section.SET_UP
    True
    """
    return cast("type[E]", type(section.__name__, (), dict(section.__members__)))
