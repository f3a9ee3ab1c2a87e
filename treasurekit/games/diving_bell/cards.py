"""The Diving Bell deck: one data definition of all 80 treasure cards (+ variant cards).

The rulebook ("Card Distribution") gives only counts and ranges; the exact
list below is our reading, explained in docs/rules-notes.md.

>>> len(STANDARD_DECK), sum(c.pressure for c in STANDARD_DECK)
(80, 108)
>>> card_by_code("ruby3/2").label("nl")
'Robijn 3'
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache

from ...core.i18n import tr
from ...core.sections import RuleSection

TREASURE_KINDS = ("gold", "gem", "map", "artifact", "cursed")
GEM_TYPES = ("ruby", "emerald", "sapphire", "diamond", "pearl")
ARTIFACT_TYPES = ("compass", "sextant", "spyglass", "anchor", "bell")
SPECIAL_KINDS = ("kraken", "airpocket")


@dataclass(frozen=True, slots=True)
class Card:
    """One printed card. ``name`` is the gem or artifact type, else the kind."""

    id: int
    kind: str
    name: str
    value: int
    pressure: int

    @property
    def code(self) -> str:
        """Notation shared by identical cards, e.g. ``gold5/3`` or ``kraken``."""
        if self.kind in SPECIAL_KINDS:
            return self.kind
        return f"{self.name}{self.value}/{self.pressure}"

    @property
    def is_treasure(self) -> bool:
        return self.kind in TREASURE_KINDS

    def label(self, lang: str = "en") -> str:
        """Short readable name, e.g. 'Gold 5', 'Ruby 3', 'Map'."""
        name = tr(f"diving_bell.card.{self.name}", lang)
        return f"{name} {self.value}" if self.kind in ("gold", "gem") else name

    def __str__(self) -> str:
        return self.code


# (kind, name, value, pressure, copies)
_GOLD = [(v, p) for v, ps in {1: (0, 0, 0, 1), 2: (0, 1, 1, 1), 3: (1, 1, 2, 2),
                              4: (2, 2, 2, 3), 5: (2, 3, 3, 3)}.items() for p in ps]
_GEM_VALUE = {"pearl": 2, "sapphire": 2, "ruby": 3, "emerald": 3, "diamond": 4}
_GEM_PRESSURE = {2: (1, 1, 1, 1), 3: (1, 1, 2, 2), 4: (2, 2, 2, 2)}


def _spec() -> list[tuple[str, str, int, int]]:
    spec = [("gold", "gold", v, p) for v, p in _GOLD]
    for gem in GEM_TYPES:
        value = _GEM_VALUE[gem]
        spec += [("gem", gem, value, p) for p in _GEM_PRESSURE[value]]
    spec += [("map", "map", 1, p) for p in (0, 1, 2) for _ in range(5)]
    spec += [("artifact", a, 2, p) for a in ARTIFACT_TYPES for p in (1, 2, 3)]
    spec += [("cursed", "cursed", -2, p) for p in (0, 1) for _ in range(5)]
    spec += [("kraken", "kraken", 0, 0)] * KRAKENS
    spec += [("airpocket", "airpocket", 0, 0)] * AIR_POCKETS
    return spec


KRAKENS = 4
AIR_POCKETS = 4
AIR_POCKET_RELIEF = 2

ALL_CARDS: tuple[Card, ...] = tuple(Card(i, *row) for i, row in enumerate(_spec()))
STANDARD_DECK: tuple[Card, ...] = tuple(c for c in ALL_CARDS if c.is_treasure)
CODES: tuple[str, ...] = tuple(c.code for c in ALL_CARDS)
_BY_CODE: dict[str, list[int]] = {}
for _c in ALL_CARDS:
    _BY_CODE.setdefault(_c.code, []).append(_c.id)
#: code -> the lowest id with it. The copies of a card have consecutive ids, so in the
#: sorted list of unseen ids the first copy still unseen is found by bisection.
FIRST_ID: dict[str, int] = {code: ids[0] for code, ids in _BY_CODE.items()}


def card_by_code(code: str) -> Card:
    """The first card with this notation; raises KeyError for an unknown code."""
    return ALL_CARDS[_BY_CODE[code][0]]


def ids_of(code: str) -> list[int]:
    """Ids of every copy of the card with this notation."""
    return list(_BY_CODE.get(code, []))


@cache
def deck_for(variant: str) -> tuple[int, ...]:
    """Ids of the cards in play for a variant (before any are set aside)."""
    if variant == "beginner":
        return tuple(c.id for c in STANDARD_DECK if c.kind != "cursed")
    if variant == "advanced":
        return tuple(c.id for c in ALL_CARDS)
    return tuple(c.id for c in STANDARD_DECK)


def composition(ids: list[int] | tuple[int, ...]) -> Counter[str]:
    """How many cards of each notation are among ``ids``."""
    return Counter(ALL_CARDS[i].code for i in ids)


GAME = "diving_bell"
BURST_AT = {"standard": 10, "beginner": 12, "advanced": 10, "quick": 10}
KRAKENS_TO_BURST = 2
QUICK_DECK, QUICK_TARGET = 60, 50
PILES = ("A", "B")
IS_TREASURE: tuple[bool, ...] = tuple(c.is_treasure for c in ALL_CARDS)   # by card id


class Section(RuleSection):
    """The sections of the Diving Bell rulebook (see core/sections.py)."""

    CARDS = "Card Anatomy"
    SETUP = "Setup"
    DIVE = "1. Dive Phase"
    DIVIDE = "2. Division Phase"
    CHOOSE = "3. Choice Phase"
    END_TURN = "End Turn"
    BURST = "Pressure Burst"
    GAME_END = "Game End"
    SCORING = "Treasure Scoring"
    FINAL_SCORING = "Final Scoring"
    BEGINNER = "Beginner Mode"
    ADVANCED = "Advanced Mode"
    QUICK = "Quick Game"
