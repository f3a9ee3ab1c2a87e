"""Coralia components: dice, reefs and spaces, the cards, the turtle and chest tiles.

Every count and every reading of what the rulebook leaves open lives here once (see
the Coralia part of ``docs/rules-notes.md`` for the reasons).

>>> len(COLOURS) * DICE_PER_COLOUR, sum(PILE_COUNTS[PEARL]), sum(PILE_COUNTS[FISH])
(36, 18, 15)
>>> sum(PILE_COUNTS[STARFISH]), STINGRAYS, len(TURTLES), len(CHESTS)
(18, 2, 8, 8)
>>> sum(DIVER_VALUE), fish_sets(["fire", "blow", "angel", "angel", "stingray"])
(15, [4, 1])
>>> jellyfish_gain(10), jellyfish_gain(12), jellyfish_gain(0)
(5, 3, 5)
>>> Die(1, 4).label("en"), Die(1, 4).label("nl")
('blue diver', 'blauwe duiker')
"""

from __future__ import annotations

from typing import NamedTuple

from ...core.errors import IllegalMove
from ...core.i18n import tr
from ...core.moves import Move
from ...core.sections import RuleSection

GAME = "coralia"


class Section(RuleSection):
    """The rulebook's headings (value: as printed; name: the catalog key)."""

    CONTENTS = "CONTENTS"
    SET_UP = "SET-UP"
    FEWER_PLAYERS = "If you play with fewer than 4 players"
    COURSE_OF_THE_GAME = "COURSE OF THE GAME"
    PEARL = "Pearl"
    FISH = "Fish"
    STARFISH = "Starfish"
    OCTOPUS = "Octopus"
    DIVER = "Diver"
    TREASURE_CHESTS = "The functions of the different treasure chests"
    TURTLE = "Turtle"
    TURTLE_BONUSES = "The bonuses of the various turtles"
    LOCK_IN = "Lock in die-rolling results by means of turtles"
    BLOCKED_SPACES = "Blocked spaces"
    OCTOPUS_ISLAND = "Receive 2 victory points for an octopus and 1 card from the island pile"
    ENDING = "ENDING THE GAME AND SCORING"
    STARFISH_SCORING = "Starfish card scoring"
    DIVER_SCORING = "Diver scoring"
    FISH_SCORING = "Fish scoring"
    PEARL_SCORING = "Pearl scoring"


# ---- dice and the board --------------------------------------------------------------
COLOURS: tuple[str, ...] = ("yellow", "blue", "red", "orange", "green", "violet")
COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
DICE_PER_COLOUR = 6
WHITE_DICE = 2
WHITE = 6                          # the "colour" of a white special die on a space
#: A die's six faces, which are also a reef's six symbol spaces, in this order.
SYMBOLS: tuple[str, ...] = ("pearl", "fish", "starfish", "octopus", "diver", "turtle")
SYMBOL_INDEX = {s: i for i, s in enumerate(SYMBOLS)}
PEARL_S, FISH_S, STARFISH_S, OCTOPUS_S, DIVER_S, TURTLE_S = range(6)
TREASURE = 6                       # the seventh space of a reef: the treasure space
SPACES = 7
SPACE_NAMES: tuple[str, ...] = SYMBOLS + ("treasure",)
#: The white special dice show the same six symbols, one face each (our reading).
WHITE_FACES: tuple[int, ...] = tuple(range(6))
#: Diver scoring per occupied symbol space (diver and treasure spaces score nothing):
#: turtle 1, starfish 2, octopus 3, fish 4, pearl 5 -- at most 15 per reef.
DIVER_VALUE: tuple[int, ...] = (5, 4, 2, 3, 0, 1)
ROUNDS = {2: 10, 3: 9, 4: 8}
MIN_PLAYERS, MAX_PLAYERS = min(ROUNDS), max(ROUNDS)
#: The game ends when this many coloured dice are left (research station + supply).
DICE_LEFT_AT_END = {2: 4, 3: 3, 4: 4}
OCTOPUSES_EACH = 2
MAX_LOCKS = 3

# ---- cards ---------------------------------------------------------------------------
PEARL, FISH, STARFISH, ISLAND = range(4)
PILES: tuple[str, ...] = ("pearl", "fish", "starfish", "island")
PILE_INDEX = {p: i for i, p in enumerate(PILES)}
ISLAND_FROM_EACH = 3               # the island pile: 3 cards from each of the three piles


class CardKind(NamedTuple):
    """One kind of card: ``pile`` it is shuffled into (-1: the stingrays beside the board),
    its pearl value, its fish kind, and for starfish cards the effect and colours."""

    code: str
    pile: int
    copies: int
    pearl: int = 0
    fish: str = ""
    effect: str = ""
    colours: tuple[int, ...] = ()


def _pair(a: str, b: str) -> tuple[int, ...]:
    return (COLOUR_INDEX[a], COLOUR_INDEX[b])


#: Every card of the game, ONE definition (our reading of the counts: rules-notes.md).
CARD_KINDS: tuple[CardKind, ...] = (
    CardKind("pearl-2", PEARL, 4, pearl=2),
    CardKind("pearl-3", PEARL, 5, pearl=3),
    CardKind("pearl-4", PEARL, 5, pearl=4),
    CardKind("pearl-5", PEARL, 4, pearl=5),
    CardKind("fish-fire", FISH, 5, fish="fire"),
    CardKind("fish-blow", FISH, 5, fish="blow"),
    CardKind("fish-angel", FISH, 5, fish="angel"),
    CardKind("stingray", -1, 2, fish="stingray"),
    CardKind("star-pearl6", STARFISH, 2, pearl=6, effect="pearl6"),
    CardKind("star-anemone", STARFISH, 2, fish="anemone", effect="anemone"),
    CardKind("star-perfish", STARFISH, 1, effect="perfish"),
    CardKind("star-perpearl", STARFISH, 1, effect="perpearl"),
    CardKind("star-island", STARFISH, 1, effect="island"),
    CardKind("star-chests", STARFISH, 1, effect="chests"),
    CardKind("star-turtles", STARFISH, 2, effect="turtles"),
    CardKind("star-recover", STARFISH, 1, effect="recover"),
    CardKind("star-jellyfish", STARFISH, 1, effect="jellyfish"),
    CardKind("star-treasure-yellow-blue", STARFISH, 1, effect="treasure",
             colours=_pair("yellow", "blue")),
    CardKind("star-treasure-red-orange", STARFISH, 1, effect="treasure",
             colours=_pair("red", "orange")),
    CardKind("star-treasure-green-violet", STARFISH, 1, effect="treasure",
             colours=_pair("green", "violet")),
    CardKind("star-draw-yellow-green", STARFISH, 1, effect="draw",
             colours=_pair("yellow", "green")),
    CardKind("star-draw-blue-orange", STARFISH, 1, effect="draw",
             colours=_pair("blue", "orange")),
    CardKind("star-draw-red-violet", STARFISH, 1, effect="draw",
             colours=_pair("red", "violet")),
)
NCARDS = len(CARD_KINDS)
CARD_INDEX = {k.code: i for i, k in enumerate(CARD_KINDS)}
STINGRAY = CARD_INDEX["stingray"]
STINGRAYS = CARD_KINDS[STINGRAY].copies
#: Counts per card kind of each of the three piles at set-up (index: card kind).
PILE_COUNTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(k.copies if k.pile == p else 0 for k in CARD_KINDS) for p in (PEARL, FISH, STARFISH))
#: The cards of each of the three piles at set-up, as card kinds in kind order.
PILE_CARDS: tuple[tuple[int, ...], ...] = tuple(
    tuple(k for k, c in enumerate(counts) for _ in range(c)) for counts in PILE_COUNTS)
#: The card kinds each pile may hold, in kind order: the pearl, fish and starfish piles
#: their own, the island pile any of the three.
PILE_KINDS: tuple[tuple[int, ...], ...] = tuple(
    tuple(k for k, kind in enumerate(CARD_KINDS) if kind.pile == p)
    for p in (PEARL, FISH, STARFISH)) + (
    tuple(k for k, kind in enumerate(CARD_KINDS) if kind.pile in (PEARL, FISH, STARFISH)),)
PEARL_VALUE: tuple[int, ...] = tuple(k.pearl for k in CARD_KINDS)
FISH_KIND: tuple[str, ...] = tuple(k.fish for k in CARD_KINDS)
EFFECT: tuple[str, ...] = tuple(k.effect for k in CARD_KINDS)
#: Starfish cards that join the fish or pearl cards; the others are scored one by one.
PASSIVE_EFFECTS = frozenset({"pearl6", "anemone", "perfish", "perpearl"})
ACTIVE = tuple(bool(k.effect) and k.effect not in PASSIVE_EFFECTS for k in CARD_KINDS)
FISH_KINDS: tuple[str, ...] = ("stingray", "anemone", "fire", "blow", "angel")
#: Fish scoring: points for a set of 1..5 different kinds of fish.
FISH_SET_POINTS: tuple[int, ...] = (0, 3, 7, 12, 18, 25)
PER_FISH, PER_PEARL, PER_TURTLE, PER_CHEST, PER_ISLAND_DIE = 2, 1, 3, 2, 1
#: Pearl scoring: how many cards count for the first, the second and every later place.
PEARL_CARDS_BY_PLACE: tuple[int, ...] = (4, 2)
PEARL_CARDS_LATER = 1
#: Big jellyfish lie on every fifth space of the scoring track ("x5" and "x0").
JELLYFISH_EVERY = 5

# ---- tiles ---------------------------------------------------------------------------
#: The eight sea turtles, one bonus each (the book's list, in its order).
TURTLES: tuple[str, ...] = ("white", "jellyfish", "stingray", "starfish", "island", "fish",
                            "copy", "chest")
TURTLE_INDEX = {t: i for i, t in enumerate(TURTLES)}
TURTLES_ON_BOARD = 6
#: The eight treasure chests, one action each (the book's list, in its order).
CHESTS: tuple[str, ...] = ("fish", "pearl", "starfish", "island", "island_dice", "stingray",
                           "white", "jellyfish")
CHEST_INDEX = {c: i for i, c in enumerate(CHESTS)}
CHESTS_BESIDE = 2


def jellyfish_gain(points: int) -> int:
    """Points to the next big jellyfish of the scoring track (1 to 5)."""
    return JELLYFISH_EVERY - points % JELLYFISH_EVERY


def fish_sets(kinds: list[str]) -> list[int]:
    """Sizes of the sets of different fish, largest first (greedy is best: each next
    fish in a set is worth more than the one before, 3 4 5 6 7). Greedy set ``j``
    (0, 1, ...) takes one fish of every kind held more than ``j`` times."""
    counts = [kinds.count(k) for k in FISH_KINDS]
    return [len([c for c in counts if c > j]) for j in range(max(counts))]


def fish_points(kinds: list[str]) -> int:
    return sum(FISH_SET_POINTS[n] for n in fish_sets(kinds))


# ---- names in events -------------------------------------------------------------------
class Named(NamedTuple):
    """A component named in the catalog, e.g. ``Named("card", "pearl-3")`` -> "pearl worth 3"."""

    kind: str        # catalog group: colour, space, card, pile, turtle, chest
    name: str

    def label(self, lang: str) -> str:
        return tr(f"{GAME}.{self.kind}.{self.name}", lang)


class Reef(NamedTuple):
    colour: int

    def label(self, lang: str) -> str:
        return tr(f"{GAME}.reef", lang, colour=tr(f"{GAME}.adj.{COLOURS[self.colour]}", lang))


class Die(NamedTuple):
    """A die by colour (``WHITE`` for a special die) and symbol."""

    colour: int
    symbol: int

    def label(self, lang: str) -> str:
        colour = "white" if self.colour == WHITE else COLOURS[self.colour]
        return tr(f"{GAME}.die", lang, colour=tr(f"{GAME}.adj.{colour}", lang),
                  symbol=tr(f"{GAME}.symbol.{SYMBOLS[self.symbol]}", lang))

    @property
    def code(self) -> str:
        return f"{COLOURS[self.colour]}-{SYMBOLS[self.symbol]}"


class Dice(NamedTuple):
    """Several dice, e.g. "blue diver, green starfish"."""

    dice: tuple[Die, ...]

    def label(self, lang: str) -> str:
        return ", ".join(d.label(lang) for d in self.dice)


DIE = tuple(tuple(Die(c, s) for s in range(6)) for c in range(7))
REEF = tuple(Reef(c) for c in range(6))
COLOUR = tuple(Named("colour", c) for c in COLOURS)
CARD = tuple(Named("card", k.code) for k in CARD_KINDS)
PILE = tuple(Named("pile", p) for p in PILES)
TURTLE = tuple(Named("turtle", t) for t in TURTLES)
CHEST = tuple(Named("chest", c) for c in CHESTS)
SPACE = tuple(Named("space", sp) for sp in SPACE_NAMES)
#: "blue-diver" -> (colour, symbol): the dice notation.
DIE_CODES: dict[str, tuple[int, int]] = {
    f"{c}-{s}": (ci, si) for ci, c in enumerate(COLOURS) for si, s in enumerate(SYMBOLS)}


# ---- moves in parts ----------------------------------------------------------------------
class CoraliaMove(NamedTuple):
    """What a Coralia move says, read from its notation once (:func:`describe_move`), so
    that a drawing or a move picker reads fields and never the notation. A field a kind
    does not use is None (``island``: False)."""

    kind: str                   # the move's kind: pick, lock, place, island, keep, ...
    colour: str | None = None   # the die's colour (lock, place, island), the colour taken
                                # (pick), the reef (reef, open)
    symbol: str | None = None   # the die's symbol (lock, place, island)
    card: str | None = None     # the card kept (keep) or scored (score)
    turtle: str | None = None   # the turtle whose bonus is copied (copy)
    pile: str | None = None     # the pile a starfish card draws from (pile)
    island: bool = False        # reef:island: the white die goes to the island

    @property
    def die(self) -> str | None:
        """The die a lock, place or island move names ("blue-diver"), else None."""
        return f"{self.colour}-{self.symbol}" if self.symbol is not None else None


def describe_move(move: Move) -> CoraliaMove:
    """The parts of a decision (``place:blue-diver`` -> kind place, colour blue, symbol
    diver); a chance outcome keeps only its kind. An argument no Coralia move has raises
    :class:`IllegalMove`.

    >>> describe_move(Move("place", "blue-diver"))[:3]
    ('place', 'blue', 'diver')
    >>> describe_move(Move("reef", "island")).island, describe_move(Move("keep", "fish-fire")).card
    (True, 'fish-fire')
    """
    kind, arg = move.kind, move.arg
    if kind in ("lock", "place", "island"):
        die = DIE_CODES.get(arg)
        if die is not None:
            return CoraliaMove(kind, colour=COLOURS[die[0]], symbol=SYMBOLS[die[1]])
    elif kind == "reef":
        if arg == "island":
            return CoraliaMove(kind, island=True)
        if arg in COLOUR_INDEX:
            return CoraliaMove(kind, colour=arg)
    elif kind in ("pick", "open"):
        if arg in COLOUR_INDEX:
            return CoraliaMove(kind, colour=arg)
    elif kind in ("keep", "score"):
        if arg in CARD_INDEX:
            return CoraliaMove(kind, card=arg)
    elif kind == "copy":
        if arg in TURTLE_INDEX:
            return CoraliaMove(kind, turtle=arg)
    elif kind == "pile":
        if arg in PILE_INDEX:
            return CoraliaMove(kind, pile=arg)
    else:
        return CoraliaMove(kind)
    raise IllegalMove(move, "core.error.not_a_move")
