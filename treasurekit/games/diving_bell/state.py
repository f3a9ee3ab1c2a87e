"""The Diving Bell table: the unseen cards, the row of the dive, the division and the piles."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TypedDict

from ...core.game import BaseView
from ...core.turns import PlainStep, TurnTable
from .cards import AIR_POCKET_RELIEF, ALL_CARDS, CODES, IS_TREASURE, KRAKENS_TO_BURST
from .scoring import score


class DivingBellTable(TypedDict):
    """The table in a Diving Bell view: the same for every seat and the spectator."""

    diver: int
    row: list[str]
    pressure: int
    limit: int
    krakens: int
    burst: bool
    deck: int                          # cards in the face-down deck
    set_aside: int                     # unseen cards out of play (quick game)
    unseen: dict[str, int]             # card notation -> how many are unseen
    division: dict[str, list[str]]     # "A", "B" -> the cards divided onto each pile
    next_to_divide: str | None
    piles: list[list[str]]
    discards: list[str]
    reshuffled: bool


class DivingBellView(BaseView, DivingBellTable):
    """What ``DivingBell.view(seat)`` returns (``rules.view_of`` types it)."""


#: The steps of Diving Bell (the rules' ``DivingBell.turns``), made once: the dealer's
#: ``draw``, and each seat's ``dive``, ``divide``, ``choose`` and ``vote``.
DRAW_CARD = PlainStep("draw")
SEAT_STEPS = {kind: (PlainStep(kind, 0), PlainStep(kind, 1))
              for kind in ("dive", "divide", "choose", "vote")}


@dataclass(slots=True)
class DivingBellState(TurnTable[PlainStep]):
    """Everything on the table and the steps to come, the next first. Card lists hold ids
    into ``ALL_CARDS``."""

    diver: int
    unseen: list[int]                      # not yet revealed (sorted ids): deck + set aside
    draws_left: int                        # cards in the face-down deck
    set_aside: int = 0                     # unseen cards out of play (quick game)
    row: list[int] = field(default_factory=list)
    division: list[int] = field(default_factory=list)   # pile index per treasure of the row
    piles: list[list[int]] = field(default_factory=lambda: [[], []])
    discards: list[int] = field(default_factory=list)
    reshuffled: bool = False
    votes: list[bool] = field(default_factory=list)
    ended_by: str = ""
    limit: int = 10
    # kept up to date by the rules, recomputable with ``recount()``:
    pressure: int = 0
    krakens: int = 0
    burst: bool = False
    counts: dict[str, int] = field(default_factory=dict)   # unseen cards per notation

    def clone(self) -> DivingBellState:
        return DivingBellState(
            self.diver, self.unseen[:], self.draws_left, self.set_aside, self.row[:],
            self.division[:], [p[:] for p in self.piles], self.discards[:],
            self.reshuffled, self.votes[:], self.ended_by, self.limit,
            self.pressure, self.krakens, self.burst, self.counts.copy(),
            steps=self.steps[:], over=self.over, chance=self.chance, legal=self.legal,
        )

    def step(self, kind: str) -> PlainStep:
        """The step ``kind`` with the seat that takes it: the diver, or the other player who
        divides, chooses after a burst and votes first; the dealer draws."""
        if kind == "draw":
            return DRAW_CARD
        other = (kind == "divide" or kind == "choose" and self.burst
                 or kind == "vote" and not self.votes)
        return SEAT_STEPS[kind][1 - self.diver if other else self.diver]

    def recount(self) -> None:
        """Recompute the running totals from the cards themselves."""
        self.pressure = pressure_of(self.row)
        self.krakens = krakens_in(self.row)
        self.burst = bursts(self.row, self.limit)
        self.counts = dict(sorted(Counter(map(CODES.__getitem__, self.unseen)).items()))

    def treasures(self) -> list[int]:
        """The row's treasure cards, in the order drawn (what gets divided)."""
        return [i for i in self.row if IS_TREASURE[i]]

    def on_pile(self, pile: int) -> list[int]:
        """The treasures the divider has put on pile A (0) or B (1) so far, in row order."""
        return [i for i, p in zip(self.treasures(), self.division, strict=False) if p == pile]


def pressure_of(row: list[int]) -> int:
    """Pressure dots of a dive so far; an Air Pocket lowers it by 2 (never below 0)."""
    total = 0
    for i in row:
        card = ALL_CARDS[i]
        if card.kind == "airpocket":
            total = max(0, total - AIR_POCKET_RELIEF)
        else:
            total += card.pressure
    return total


@lru_cache(maxsize=4096)
def pile_score(pile: tuple[int, ...]) -> int:
    """Points of a treasure pile given as card ids (cached: views ask for it at every step)."""
    return score(ALL_CARDS[i] for i in pile)


def krakens_in(row: list[int]) -> int:
    return sum(1 for i in row if ALL_CARDS[i].kind == "kraken")


def bursts(row: list[int], limit: int) -> bool:
    return pressure_of(row) >= limit or krakens_in(row) >= KRAKENS_TO_BURST
