"""The Captain Lucky table: every card pile as counts per treasure type, the attempt in play."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypedDict

from ...core.game import BaseView
from .cards import BLANK, MIDDLE, all_set_sizes


class TargetView(TypedDict):
    """The set an attempt tries to steal: its owner (a seat, or -1: the middle), its
    treasure type and its size."""

    owner: int
    type: str
    size: int


class SpectatorHands(TypedDict, total=False):
    """Every seat's hand: in the spectator's view only."""

    hands: list[dict[str, int]]


class CaptainLuckyTable(SpectatorHands):
    """The table in a Captain Lucky view. Card holdings are ``{type: count}`` (types with
    no card left out); a seat sees its own ``hand`` (None for the spectator), and the
    spectator every seat's ``hands``."""

    turn: int
    heart: int                          # the seat of Captain Heart
    pirate_faces: int
    hand: dict[str, int] | None
    hand_sizes: list[int]
    middle: dict[str, int]
    collections: list[dict[str, int]]
    bonus_used: list[bool]
    pile: int                           # cards in the face-down draw pile
    discards: dict[str, int]
    end_announced: bool
    target: TargetView | None
    dice: str                           # the faces of the attempt's dice
    rolls: list[list[str]]              # [cause, faces] of each roll of the attempt
    result: str                         # the last attempt: won | failed | ""


class CaptainLuckyView(BaseView, CaptainLuckyTable):
    """What ``CaptainLucky.view(seat)`` returns (``rules.view_of`` types it)."""


@dataclass(slots=True)
class CaptainLuckyState:
    """Everything on the table; every card pile is a list of counts per treasure type."""

    pile: list[int]                          # the face-down draw pile
    hands: list[list[int]]
    middle: list[int]
    collections: list[list[int]]             # the treasure in front of each player
    discards: list[int]
    bonus_used: list[bool]
    heart: int = 0                           # seat of Captain Heart (starts; ends the round)
    turn: int = 0
    phase: str = "deal"     # deal | place | refill | target | roll | decide | over
    deal_left: int = 0                       # set-up cards still to deal
    to_draw: int = 0                         # cards still to draw in this refill
    after_refill: str = ""                   # "target" or "next"
    end_announced: bool = False
    target: tuple[int, int, int] | None = None   # (owner, type, size) being stolen
    dice: list[str] = field(default_factory=list)  # faces of the dice of this attempt
    rolls: list[tuple[str, str]] = field(default_factory=list)   # (cause, faces) so far
    rolling: str = ""                        # cause of the pending roll: roll|cards|bonus
    result: str = ""                         # last attempt: won | failed | ""
    turns: list[int] = field(default_factory=list)

    def clone(self) -> CaptainLuckyState:
        return CaptainLuckyState(
            self.pile[:], [h[:] for h in self.hands], self.middle[:],
            [c[:] for c in self.collections], self.discards[:], self.bonus_used[:],
            self.heart, self.turn, self.phase, self.deal_left, self.to_draw,
            self.after_refill, self.end_announced, self.target, self.dice[:], self.rolls[:],
            self.rolling, self.result, self.turns[:])

    def holding(self, owner: int) -> list[int]:
        return self.middle if owner == MIDDLE else self.collections[owner]

    def failed(self) -> int:
        return self.dice.count(BLANK)


def score_of(collection: list[int] | tuple[int, ...], bonus_used: bool) -> int:
    """One point per treasure card, plus one for a captain bonus not used ("End of the game")."""
    return sum(collection) + (0 if bonus_used else 1)


def tie_key(collection: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    """The tie-break: more large sets. Set sizes largest first, compared in turn (the same
    as comparing the number of sets of 5, then of 4, and so on)."""
    return tuple(all_set_sizes(collection))
