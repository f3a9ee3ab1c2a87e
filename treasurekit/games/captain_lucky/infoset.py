"""The tables a seat's view allows, for the coach (its ``sampler``: core/search.py).

A seat sees every face-up card, its own hand and how many cards the others hold; the
others' hands and the draw pile are dealt at random, sizes kept, from the cards it
cannot see.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ...core.game import Game
from .cards import INDEX, TYPES, pack_for
from .state import CaptainLuckyState


def unseen(view: dict[str, Any]) -> list[int]:
    """Cards of each treasure type (in the order of ``TYPES``) that ``view``'s seat cannot
    see: in the others' hands and the draw pile, every card of them equally likely to be
    the next one drawn."""
    seen = [view["hand"], view["middle"], view["discards"], *view["collections"]]
    return [k - sum(held.get(name, 0) for held in seen)
            for name, k in zip(TYPES, pack_for(len(view["players"])), strict=True)]


def sampler(game: Game[CaptainLuckyState],
            view: dict[str, Any]) -> Callable[[random.Random], CaptainLuckyState]:
    """Tables consistent with ``view`` (its seat to move), hands and pile drawn by ``rng``."""
    n = len(game.players)
    me = view["you"]

    def counts(named: dict[str, int]) -> list[int]:
        out = [0] * len(TYPES)
        for t, k in named.items():
            out[INDEX[t]] = k
        return out

    hand = counts(view["hand"])
    middle = counts(view["middle"])
    collections = [counts(c) for c in view["collections"]]
    discards = counts(view["discards"])
    pool = [t for t, k in enumerate(unseen(view)) for _ in range(k)]
    sizes = view["hand_sizes"]
    target = view["target"]
    s = CaptainLuckyState(
        [0] * len(TYPES), [hand if p == me else [0] * len(TYPES) for p in range(n)], middle,
        collections, discards, list(view["bonus_used"]), view["heart"], view["turn"],
        end_announced=view["end_announced"],
        target=None if target is None else (
            target["owner"], INDEX[target["type"]],
            target["size"]),
        dice=list(view["dice"]), rolls=[(cause, faces) for cause, faces in view["rolls"]],
        rolling="roll" if view["rolls"] else "", result=view["result"], turns=[0] * n)
    s.steps.append(s.step(view["phase"]))

    def draw(rng: random.Random) -> CaptainLuckyState:
        table = s.clone()
        cards = pool[:]
        rng.shuffle(cards)
        for p in range(n):
            if p != me:
                held = table.hands[p]
                for t in cards[:sizes[p]]:
                    held[t] += 1
                del cards[:sizes[p]]
        for t in cards:
            table.pile[t] += 1
        return table

    return draw
