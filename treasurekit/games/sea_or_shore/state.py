"""The Sea or Shore table: hands, decks, piles, the trick in progress and the steps to come."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import NamedTuple

from ...core.errors import IllegalMove
from ...core.moves import Move
from .cards import FACE_VALUE, MAX_VALUE, SHOWS, TREASURES, island


@dataclass(slots=True)
class Deck:
    """A face-down treasure deck, from top to bottom: ``top`` (order known to whoever looked,
    see ``SeaOrShoreState.known``), ``middle`` (shuffled, order still unknown, kept sorted)
    and ``bottom`` (cards put under the deck, in the order they went there). Its fields are
    slots (read fast, as a step's), never replaced: the rules change the three lists."""

    top: list[str]
    middle: list[str]
    bottom: list[str]

    def size(self) -> int:
        return len(self.top) + len(self.middle) + len(self.bottom)

    def cards(self) -> list[str]:
        return self.top + self.middle + self.bottom

    def clone(self) -> Deck:
        return Deck(self.top[:], self.middle[:], self.bottom[:])


class Played(NamedTuple):
    """An island card on the table: which half shows, and the addition cards beside it."""

    card: str
    shows: str          # "sea" (the colour shows) or "shore" (the number shows)
    adds: int = 0

    @property
    def value(self) -> int:
        """The card's value with its addition cards (never above 12)."""
        return min(MAX_VALUE, FACE_VALUE[self.card] + self.adds)

    @property
    def colour(self) -> str:
        return self.card[0]

    def notation(self) -> str:
        return f"{self.card}/{self.shows}" + (f"+{self.adds}" if self.adds else "")

    @classmethod
    def parse(cls, text: str) -> Played:
        """``r7/sea+2`` -> Played("r7", "sea", 2); ValueError if malformed."""
        return _parse_played(text)


@lru_cache(maxsize=4096)
def _parse_played(text: str) -> Played:
    card, _, rest = text.partition("/")
    shows, plus, adds = rest.partition("+")
    island(card)                                       # KeyError for an unknown card
    if shows not in SHOWS or (plus and not (adds.isascii() and adds.isdigit())) \
            or adds.startswith("0"):
        raise ValueError(text)
    return Played(card, shows, int(adds or 0))


class SeaOrShoreMove(NamedTuple):
    """What a Sea or Shore move says, read from its notation once (:func:`describe_move`),
    so that a drawing or a move picker reads fields and never the notation. A field a kind
    does not use is None (``order``: empty, ``adds``: 0)."""

    kind: str                       # the move's kind: play, pass, steal, peek, order, ...
    card: str | None = None         # pass, give, discard, play: the island card
    seat: int | None = None         # steal, rob, swap, salvage: the player it names
    deck: int | None = None         # peek: the treasure deck (0: the first)
    order: tuple[str, ...] = ()     # order: the treasure cards, top first
    shows: str | None = None        # play: the half that shows, "sea" or "shore"
    adds: int = 0                   # play: the addition cards beside it


def _small_number(move: Move) -> int:
    if not (move.arg.isascii() and move.arg.isdigit() and len(move.arg) <= 2):
        raise IllegalMove(move, "core.error.not_a_move")
    return int(move.arg)


def describe_move(move: Move) -> SeaOrShoreMove:
    """The parts of a decision (``play:r7/sea+2`` -> kind play, card r7, shows sea, adds
    2); a chance outcome and a move without argument keep only their kind. An argument no
    Sea or Shore move has raises :class:`IllegalMove`.

    >>> describe_move(Move("play", "r7/sea+2"))
    SeaOrShoreMove(kind='play', card='r7', seat=None, deck=None, order=(), shows='sea', adds=2)
    >>> describe_move(Move("steal", "2")).seat, describe_move(Move("order", "b3,r1")).order
    (2, ('b3', 'r1'))
    """
    kind = move.kind
    try:
        if kind == "play":
            played = Played.parse(move.arg)
            return SeaOrShoreMove(kind, card=played.card, shows=played.shows, adds=played.adds)
        if kind in ("pass", "give", "discard"):
            island(move.arg)                        # KeyError for an unknown card
            return SeaOrShoreMove(kind, card=move.arg)
    except (KeyError, ValueError):
        raise IllegalMove(move, "core.error.not_a_move") from None
    if kind in ("steal", "rob", "swap", "salvage"):
        return SeaOrShoreMove(kind, seat=_small_number(move))
    if kind == "peek":
        return SeaOrShoreMove(kind, deck=_small_number(move))
    if kind == "order":
        cards = tuple(move.arg.split(",")) if move.arg else ()
        if not cards or len(cards) > 3 or any(c not in TREASURES for c in cards):
            raise IllegalMove(move, "core.error.not_a_move")
        return SeaOrShoreMove(kind, order=cards)
    return SeaOrShoreMove(kind)


@dataclass(frozen=True, slots=True)
class Step:
    """A step the rules still have to take: its kind, and whom or what it concerns (-1: not
    used by this kind). Kinds: deal, turn, pass, passes_done, play, uncover, reveal,
    treasure, action, rob, swap, grab, give, peek, see, order, salvage, discard, end_trick,
    end_round (and ``over`` in a view of a finished game), each declared, with who
    decides it and its effect, in the rules' ``TURNS`` (the turn machine, core/turns.py).

    A class with slots rather than a NamedTuple, as the rules read a step's fields at
    every step; frozen, as states share their steps."""

    kind: str
    player: int = -1    # the seat that decides or acts
    deck: int = -1      # turn, see, order, treasure: the treasure deck
    victim: int = -1    # grab, give: the seat whose hand cards are taken
    colour: int = -1    # treasure: the colour won (an index into COLOURS)
    card: int = -1      # action: the action card activated (an index into ACTION_CARDS)


@dataclass(slots=True)
class SeaOrShoreState:
    """Everything on the table, plus the queue of steps the rules still have to take."""

    players: int
    round: int = 0                                  # 0: first round, 1: second
    starter: int = 0                                # holds the starting card this trick
    first_starter: int = 0                          # started the first trick of this round
    box: list[str] = field(default_factory=list)    # island cards not dealt (unseen)
    to_deal: int = 0                                # island cards still to deal this round
    dealt: int = 0
    hands: list[list[str]] = field(default_factory=list)
    passing: list[str | None] = field(default_factory=list)
    played: list[Played | None] = field(default_factory=list)
    revealed: bool = False
    salvaged: list[int] = field(default_factory=list)   # seats whose played card was taken
    discards: list[str] = field(default_factory=list)   # island cards discarded this round
    decks: list[Deck] = field(default_factory=list)
    face_up: list[str | None] = field(default_factory=list)
    known: list[list[int]] = field(default_factory=list)  # [deck][player]: top cards seen
    piles: list[list[str]] = field(default_factory=list)  # personal treasure piles, top last
    additions: list[int] = field(default_factory=list)
    addition_pile: int = 0
    grabbed: list[str] = field(default_factory=list)    # cards taken by the swap action
    round_scores: list[list[int]] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    over: bool = False
    #: Whether ``steps[0]`` is the dealer's (a chance step with more than one outcome):
    #: noted by the turn machine whenever it stops at a step (``Turns.advance``), as the base asks
    #: after every step.
    chance: bool = False
    #: The legal moves of the decision at ``steps[0]``, built the first time they are asked
    #: for (None until then). The rules clear it whenever they change the table (every
    #: ``_apply``), so it always belongs to this very state; ``clone()`` shares it (a list
    #: or tuple nobody changes: the base hands callers a copy).
    legal: Sequence[Move] | None = field(default=None, compare=False, repr=False)

    def clone(self) -> SeaOrShoreState:
        """A copy that shares no list with this state (the base keeps one as an undo
        checkpoint every few steps: the lists of lists are copied with ``map``, which
        skips a comprehension's Python frame)."""
        return SeaOrShoreState(
            self.players, self.round, self.starter, self.first_starter, self.box[:],
            self.to_deal, self.dealt, list(map(list.copy, self.hands)), self.passing[:],
            self.played[:], self.revealed, self.salvaged[:], self.discards[:],
            list(map(Deck.clone, self.decks)), self.face_up[:],
            list(map(list.copy, self.known)), list(map(list.copy, self.piles)),
            self.additions[:], self.addition_pile, self.grabbed[:],
            list(map(list.copy, self.round_scores)), self.steps[:], self.over,
            self.chance, self.legal,
        )

    def order_from(self, seat: int) -> list[int]:
        """All seats clockwise, starting with ``seat``."""
        return list(clockwise(self.players, seat))

    def distance(self, seat: int) -> int:
        """Clockwise distance from the starting player (0 for the starting player)."""
        return (seat - self.starter) % self.players


@cache
def clockwise(players: int, seat: int) -> tuple[int, ...]:
    """All seats of a table of ``players`` clockwise, starting with ``seat`` (worked out
    once per table size and seat: every trick walks round the table several times)."""
    return tuple((seat + i) % players for i in range(players))
