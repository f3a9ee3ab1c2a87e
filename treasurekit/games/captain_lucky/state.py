"""The Captain Lucky table: every card pile as counts per treasure type, the attempt in play."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypedDict

from ...core.game import BaseView
from ...core.turns import PlainStep, TurnTable
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


#: The steps of Captain Lucky (the rules' ``CaptainLucky.turns``), made once: the dealer's
#: ``deal``, ``refill`` and ``roll``, the rules' ``seek_target`` and ``end_turn``, and each
#: seat's ``place``, ``target`` and ``decide``.
DEALER_STEPS = {kind: PlainStep(kind)
                for kind in ("deal", "refill", "roll", "seek_target", "end_turn")}
SEAT_STEPS = {kind: tuple(PlainStep(kind, seat) for seat in range(6))
              for kind in ("place", "target", "decide")}


@dataclass(slots=True)
class CaptainLuckyState(TurnTable[PlainStep]):
    """Everything on the table and the steps to come, the next first; every card pile is a
    list of counts per treasure type."""

    pile: list[int]                          # the face-down draw pile
    hands: list[list[int]]
    middle: list[int]
    collections: list[list[int]]             # the treasure in front of each player
    discards: list[int]
    bonus_used: list[bool]
    heart: int = 0                           # seat of Captain Heart (starts; ends the round)
    turn: int = 0
    deal_left: int = 0                       # set-up cards still to deal
    to_draw: int = 0                         # cards still to draw in this refill
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
            self.heart, self.turn, self.deal_left, self.to_draw, self.end_announced,
            self.target, self.dice[:], self.rolls[:], self.rolling, self.result, self.turns[:],
            steps=self.steps[:], over=self.over, chance=self.chance, legal=self.legal)

    def step(self, kind: str) -> PlainStep:
        """The step ``kind``: the dealer's or the rules', or that of the seat to play."""
        return DEALER_STEPS[kind] if kind in DEALER_STEPS else SEAT_STEPS[kind][self.turn]

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
