"""Captain Lucky components: treasure types, the two card packs, captains and dice.

Cards of one treasure type are identical, so the engine keeps *counts* per type
everywhere (draw pile, hands, middle, collections, discard pile), listed in the
order of :data:`TYPES`.

>>> sum(MAIN_PACK), sum(EXTRA_PACK), MAIN_CAPTAINS + EXTRA_CAPTAINS
(77, 20, 6)
>>> pack_for(3) == MAIN_PACK, sum(pack_for(5))
(True, 97)
>>> Treasure("jade").label("nl")
'Jadevis'
>>> set_sizes(12)
[5, 5, 2]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ...core.i18n import join, tr
from ...core.sections import RuleSection

GAME = "captain_lucky"

#: The five treasure types ("Contents"), in the book's order.
TYPES: tuple[str, ...] = ("silver", "gold", "pearl", "ruby", "jade")
INDEX: dict[str, int] = {t: i for i, t in enumerate(TYPES)}

#: The larger pack (81 cards: 77 treasures + 4 captains) for 2 to 4 players.
MAIN_PACK: tuple[int, ...] = (18, 17, 16, 14, 12)
MAIN_CAPTAINS = 4
#: The smaller pack (22 cards: 20 treasures + 2 captains) added for 5 or 6 players.
EXTRA_PACK: tuple[int, ...] = (5, 4, 4, 4, 3)
EXTRA_CAPTAINS = 2
#: From this many players on, both packs are used.
EXTRA_FROM = 5

HAND_SIZE = 5          # "Each player takes 5 treasure cards" / "until you have 5 cards"
FACE_UP_AT_START = 3   # "Draw 3 further treasure cards and lay them face up"
SET_SIZE = 5           # "Up to 5 of the same treasure cards are always placed together"
DICE = 5               # "5 dice"; a set has 1 to 5 cards, one die per card

#: Our reading of the dice (the book never lists the faces): each die has six faces,
#: three of them show the pirate head and three are blank. See docs/rules-notes.md.
DIE_FACES = 6
PIRATE_FACES = 3

PIRATE, BLANK = "P", "B"
#: the owner code of the sets in the middle of the table (players are 0, 1, ...)
MIDDLE = -1


def pack_for(players: int) -> tuple[int, ...]:
    """Treasure counts per type in play for this many players (one or both packs)."""
    if players >= EXTRA_FROM:
        return tuple(a + b for a, b in zip(MAIN_PACK, EXTRA_PACK, strict=True))
    return MAIN_PACK


def captains_for(players: int) -> int:
    """Captain cards in the packs in use (one is taken per player, the rest set aside)."""
    return MAIN_CAPTAINS + (EXTRA_CAPTAINS if players >= EXTRA_FROM else 0)


def set_sizes(count: int) -> list[int]:
    """How ``count`` cards of one type lie as sets: full sets of 5, then the rest.

    Cards of a type always join the unfinished set first ("add them ... until you have a
    set of 5"), so a holding of one type is fully described by its count.
    """
    return [SET_SIZE] * (count // SET_SIZE) + ([count % SET_SIZE] if count % SET_SIZE else [])


def all_set_sizes(counts: list[int] | tuple[int, ...]) -> list[int]:
    """Every set of a holding (counts per type), largest first."""
    return sorted((s for c in counts for s in set_sizes(c)), reverse=True)


@dataclass(frozen=True, slots=True)
class Treasure:
    """A treasure type, shown by name in events and widgets."""

    name: str

    def label(self, lang: str = "en") -> str:
        return tr(f"{GAME}.type.{self.name}", lang)

    def __str__(self) -> str:
        return self.name


TREASURES: tuple[Treasure, ...] = tuple(Treasure(t) for t in TYPES)


class Faces(NamedTuple):
    """A roll's result die by die, e.g. ``Faces("PBB")`` -> "pirate, blank, blank"."""

    faces: str

    def label(self, lang: str = "en") -> str:
        words = {PIRATE: tr(f"{GAME}.die.pirate", lang), BLANK: tr(f"{GAME}.die.blank", lang)}
        return join([words[f] for f in self.faces], lang)


class Sets(NamedTuple):
    """Set sizes, e.g. ``Sets((5, 2))`` -> "5 + 2"."""

    sizes: tuple[int, ...]

    def label(self, lang: str = "en") -> str:
        return " + ".join(str(s) for s in self.sizes) if self.sizes else tr("core.nothing", lang)


class Holding(NamedTuple):
    """Cards by type, e.g. "2 × Ruby, 1 × Pearl" (used for face-up cards, never hands)."""

    counts: tuple[int, ...]

    def label(self, lang: str = "en") -> str:
        parts = [f"{n} × {TREASURES[i].label(lang)}" for i, n in enumerate(self.counts) if n]
        return join(parts, lang) if parts else tr("core.nothing", lang)


class Section(RuleSection):
    """The sections of the Captain Lucky rulebook (see core/sections.py)."""

    CONTENTS = "Contents"
    PREPARATION = "Game preparation"
    PLAY = "Game play"
    PLACE = "1. Place card(s)"
    STEAL = "2. Steal treasure"
    CAPTAIN_BONUS = "The Captain Bonus"
    END = "End of the game"
