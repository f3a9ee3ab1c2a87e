"""Diving Bell scoring ("Treasure Scoring" and "Final Scoring").

>>> from .cards import card_by_code
>>> rubies = [card_by_code("ruby3/1")] * 3
>>> score(rubies)
12
>>> [(line.kind, line.base, line.bonus) for line in breakdown(rubies)]
[('gem', 9, 3)]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from .cards import Card

GEM_SET_SIZE, GEM_SET_BONUS = 3, 3
MAPS_FOR_BONUS, MAPS_BONUS_TOTAL = 4, 10
ARTIFACT_PAIR_BONUS = 5
CURSED_VALUE, CURSED_MAGIC_COUNT, CURSED_MAGIC_TOTAL = -2, 3, 15


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """Points of one treasure type: face ``base`` plus ``bonus`` (which may replace it)."""

    kind: str
    count: int
    base: int
    bonus: int

    @property
    def total(self) -> int:
        return self.base + self.bonus


def breakdown(cards: Iterable[Card]) -> list[ScoreLine]:
    """Score lines per treasure type present, in rulebook order."""
    by_kind: dict[str, list[Card]] = {}
    for c in cards:
        if c.is_treasure:
            by_kind.setdefault(c.kind, []).append(c)
    lines = []
    for kind in ("gold", "gem", "map", "artifact", "cursed"):
        group = by_kind.get(kind, [])
        if not group:
            continue
        base = sum(c.value for c in group)
        n = len(group)
        if kind == "gem":
            sets = sum(k // GEM_SET_SIZE for k in Counter(c.name for c in group).values())
            bonus = sets * GEM_SET_BONUS
        elif kind == "map":
            bonus = MAPS_BONUS_TOTAL - base if n >= MAPS_FOR_BONUS else 0
        elif kind == "artifact":
            pairs = sum(k // 2 for k in Counter(c.name for c in group).values())
            bonus = pairs * ARTIFACT_PAIR_BONUS
        elif kind == "cursed":
            bonus = CURSED_MAGIC_TOTAL - base if n == CURSED_MAGIC_COUNT else 0
        else:
            bonus = 0
        lines.append(ScoreLine(kind, n, base, bonus))
    return lines


def score(cards: Iterable[Card]) -> int:
    """Total points of a treasure pile."""
    return sum(line.total for line in breakdown(cards))
