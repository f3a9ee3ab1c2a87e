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


class RuleSection(StrEnum):
    """Base of every game's ``Section`` enum (value: the book's heading)."""

    @property
    def key(self) -> str:
        """The catalog key: ``<game>.section.<key>``."""
        return self.name.lower()


def section_key(section: str) -> str:
    """The catalog key of a section given as a ``RuleSection`` member or a plain key."""
    return section.key if isinstance(section, RuleSection) else section
