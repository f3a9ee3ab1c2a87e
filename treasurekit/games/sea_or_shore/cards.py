"""Sea or Shore components: island cards, treasure cards, action cards, addition cards.

Every count lives here once. Island cards are written ``r7`` (colour letter + value);
treasure cards use the same notation (``r4`` is a red treasure worth 4 points) and are
told apart by where they appear.

>>> island("b7").label("en"), island("b7").label("nl")
('blue 7', 'blauwe 7')
>>> len(treasure_deck(3)), [len(d) for d in treasure_decks(4)]
(20, [16, 16])
>>> TREASURE_VALUES, sum(TREASURE_VALUES)
((1, 2, 2, 3, 3, 4, 4, 5), 24)
"""

from __future__ import annotations

from typing import NamedTuple

from ...core.i18n import tr
from ...core.sections import RuleSection

GAME = "sea_or_shore"
COLOURS = ("r", "b", "g", "p")          # red, blue, green, purple
ISLAND_VALUES = range(1, 13)            # 12 island cards per colour: 48 in all
MAX_VALUE = 12                          # addition cards never raise a card above 12
#: Points on the eight treasure cards of each colour (a reading: see docs/rules-notes.md).
TREASURE_VALUES = (1, 2, 2, 3, 3, 4, 4, 5)
#: Removed from each colour for three players: one 2, one 3 and one 4.
REMOVED_FOR_THREE = (2, 3, 4)
ADDITION_CARDS = 22
HAND_SIZE = {3: 12, 4: 12, 5: 9}
#: The two double-sided action cards: the colours each belongs to, and its two sides.
ACTION_CARDS = (("r", "b"), ("g", "p"))
ACTION_SIDES = (("additions", "swap"), ("peek", "salvage"))
#: Variant name -> the side shown by each action card (red/blue card, green/purple card).
VARIANTS: dict[str, tuple[str, str]] = {
    "standard": ("additions", "peek"),
    "additions-salvage": ("additions", "salvage"),
    "swap-peek": ("swap", "peek"),
    "swap-salvage": ("swap", "salvage"),
}
SHOWS = ("sea", "shore")               # sea: the colour shows; shore: the number shows


class Colour(str):
    """A colour letter that can name itself in a language."""

    def label(self, lang: str) -> str:
        return tr(f"{GAME}.colour.{self}", lang)


class _ColouredCard(NamedTuple):
    """A card with a colour and a number, written ``r7``."""

    colour: str
    value: int

    @property
    def kind(self) -> str:
        """The catalog key of the card's name: ``{GAME}.card.<kind>``."""
        return "card"

    @property
    def code(self) -> str:
        return f"{self.colour}{self.value}"

    def label(self, lang: str) -> str:
        return tr(f"{GAME}.card.{self.kind}", lang,
                  colour=tr(f"{GAME}.adj.{self.colour}", lang), value=self.value)


class Island(_ColouredCard):
    """An island card: its sea (colour) and its shore (number)."""

    __slots__ = ()

    @property
    def kind(self) -> str:
        return "island"


class Treasure(_ColouredCard):
    """A treasure card worth ``value`` points."""

    __slots__ = ()

    @property
    def kind(self) -> str:
        return "treasure"


ISLAND_CODES = tuple(f"{c}{v}" for c in COLOURS for v in ISLAND_VALUES)
_ISLANDS = {code: Island(code[0], int(code[1:])) for code in ISLAND_CODES}
#: Every treasure card by its code (``treasure()`` reads it; the rules read it directly).
TREASURES = {f"{c}{v}": Treasure(c, v) for c in COLOURS for v in sorted(set(TREASURE_VALUES))}
TREASURE_CODES = tuple(TREASURES)


#: The face value of every island card, and its place in a sorted hand (colour, then
#: value: the order of ``card_order``), looked up once here instead of parsed per use.
FACE_VALUE = {code: card.value for code, card in _ISLANDS.items()}
HAND_ORDER = {code: place for place, code in enumerate(ISLAND_CODES)}


def island(code: str) -> Island:
    """The island card with this code; KeyError if there is none."""
    return _ISLANDS[code]


def treasure(code: str) -> Treasure:
    """The treasure card with this code; KeyError if there is none."""
    return TREASURES[code]


def treasure_deck(players: int) -> list[str]:
    """Every treasure card in play for this many players (20 for three, else 32)."""
    cards = []
    for c in COLOURS:
        values = list(TREASURE_VALUES)
        if players == 3:
            for v in REMOVED_FOR_THREE:
                values.remove(v)
        cards += [f"{c}{v}" for v in values]
    return cards


def treasure_decks(players: int) -> list[list[str]]:
    """The draw decks at set-up: one for three players, else red+blue and green+purple."""
    cards = treasure_deck(players)
    if players == 3:
        return [cards]
    return [[t for t in cards if t[0] in pair] for pair in ACTION_CARDS]


def deck_colours(players: int) -> list[tuple[str, ...]]:
    """The colours each draw deck holds."""
    return [COLOURS] if players == 3 else [pair for pair in ACTION_CARDS]


#: The action card each colour belongs to (an index into ACTION_CARDS).
ACTION_CARD_OF = {c: card for card, pair in enumerate(ACTION_CARDS) for c in pair}


def action_card_of(colour: str) -> int:
    """Index of the action card a colour belongs to (0: red/blue, 1: green/purple)."""
    return ACTION_CARD_OF[colour]


def card_order(code: str) -> tuple[int, int]:
    """Hands are sorted by colour, then value."""
    return COLOURS.index(code[0]), int(code[1:])


class Section(RuleSection):
    """The sections of the Sea or Shore rulebook (see core/sections.py)."""

    SETUP = "SET UP"
    PLAY = "GAME PLAY"
    WIN = "1) YOU WIN THE COLOR"
    TREASURE = "Earning or stealing a treasure"
    STEAL = "Earning or stealing a treasure / steal the top treasure"
    END_TRICK = "Earning or stealing a treasure / At the end of the trick"
    ADDITIONS = "ADDITION CARDS"
    TIE = "ADDITION CARDS / In case of a tie"
    ACTIVATE = "Activating the action card"
    LOSE = "2) YOU LOSE THE COLOR"
    ACTION_ADDITIONS = "ACTION CARDS / 1. Steal two addition cards"
    ACTION_SWAP = "ACTION CARDS / 2. Steal two random island cards"
    ACTION_PEEK = "ACTION CARDS / 3. Look at the top three"
    ACTION_SALVAGE = "ACTION CARDS / 4. Take an island card"
    EXCEPTION = "ACTION CARDS / Exception: In a three player game"
    GAME_END = "GAME END"
