"""The tables a seat's view allows, for the coach (its ``sampler``: core/search.py).

Diving Bell hides no hand: a view shows the whole table but the order of the unseen
cards, which nobody knows (each draw is a chance step over them). So the table is
rebuilt from the view once, and every sample is a copy of it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from ...core.game import Game
from .cards import BURST_AT, CODES, IS_TREASURE, PILES, deck_for, ids_of
from .state import DivingBellState


def sampler(game: Game[DivingBellState],
            view: dict[str, Any]) -> Callable[[random.Random], DivingBellState]:
    """Copies of the table ``view`` shows (its seat to move)."""
    free = {code: ids_of(code) for code in {CODES[i] for i in deck_for(game.variant)}}
    taken: Counter[str] = Counter()

    def ids(codes: list[str]) -> list[int]:
        out = []
        for code in codes:
            out.append(free[code][taken[code]])
            taken[code] += 1
        return out

    row = ids(view["row"])
    piles = [ids(pile) for pile in view["piles"]]
    discards = ids(view["discards"])
    unseen = sorted(i for code, k in view["unseen"].items()
                    for i in free[code][taken[code]:taken[code] + k])
    division = _division(view["division"], row)
    diver, phase = view["diver"], view["phase"]
    votes = [True] * ((view["to_move"] - (1 - diver)) % 2) if phase == "vote" else []
    deck = view["deck"]
    s = DivingBellState(diver, unseen, deck, view["set_aside"], row, division, piles,
                        discards, view["reshuffled"], votes, "", BURST_AT[game.variant])
    s.recount()
    s.steps.append(s.step(phase))

    def draw(rng: random.Random) -> DivingBellState:
        return s.clone()

    return draw


def _division(division: dict[str, list[str]], row: list[int]) -> list[int]:
    """The pile (0: A, 1: B) of each treasure of the row divided so far, in row order:
    copies of a card are interchangeable, so the first copies of a code go on A."""
    on_a = Counter(division.get(PILES[0], []))
    done = sum(len(division.get(p, [])) for p in PILES)
    out = []
    for i in [i for i in row if IS_TREASURE[i]][:done]:
        out.append(0 if on_a[CODES[i]] > 0 else 1)
        on_a[CODES[i]] -= 1
    return out
