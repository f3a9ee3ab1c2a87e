"""Shared helpers for the engine tests: positions, move sequences, an independent scorer."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

import treasurekit as tk
from treasurekit.games.diving_bell.cards import ALL_CARDS, CODES, deck_for

from ...checks import play

GAME = "diving_bell"
VARIANTS = ("standard", "beginner", "advanced", "quick")
NAMES = ["Ann", "Bob"]


def position(**desc: Any) -> tk.Game[Any]:
    """A Diving Bell table for Ann and Bob (Ann dives unless told otherwise)."""
    desc.setdefault("players", NAMES)
    return tk.setup_position(GAME, desc)



def dive(game: tk.Game[Any], *codes: str) -> list[tk.Event]:
    """The diver draws the given cards, in order (each a draw and a forced reveal)."""
    events: list[tk.Event] = []
    for code in codes:
        events += play(game, "draw", f"reveal:{code}")
    return events


def kinds(events: Iterable[tk.Event]) -> list[str]:
    return [e.kind for e in events]


def deck_codes(variant: str) -> Counter[str]:
    """The notation of every card in play for a variant."""
    return Counter(CODES[i] for i in deck_for(variant))


def endgame(variant: str, unseen: list[str], discards: Sequence[str] = (),
            **desc: Any) -> tk.Game[Any]:
    """A position near the end: only ``unseen`` cards are left in the deck, every other
    treasure card of the variant is already in the piles (dealt alternately)."""
    rest = deck_codes(variant) - Counter(unseen) - Counter(discards)
    treasures = [c for c in sorted(rest.elements()) if c not in ("kraken", "airpocket")]
    specials = [c for c in rest.elements() if c in ("kraken", "airpocket")]
    assert not specials, f"put every special card in unseen or discards, not {specials}"
    desc.setdefault("piles", {"Ann": treasures[0::2], "Bob": treasures[1::2]})
    return position(variant=variant, discards=list(discards), **desc)


# ---- an independent scorer, written from the rulebook's "Treasure Scoring" table ----
_CODE = re.compile(r"^([a-z]+)(-?\d+)/(\d)$")
_GEMS = {"ruby", "emerald", "sapphire", "diamond", "pearl"}
_ARTIFACTS = {"compass", "sextant", "spyglass", "anchor", "bell"}


@cache
def _parse(code: str) -> tuple[str, int]:
    match = _CODE.match(code)
    assert match, f"not a treasure card code: {code}"
    return match.group(1), int(match.group(2))


def book_score(codes: Iterable[str]) -> int:
    """Points of a treasure pile, computed from card codes without treasurekit's scorer."""
    return book_score_of_counts(Counter(codes))


def book_score_of_counts(pile: Counter[str]) -> int:
    """Points of a treasure pile given as {card code: copies}."""
    gold = gems = maps = artifacts = cursed = 0
    gem_types: Counter[str] = Counter()
    artifact_types: Counter[str] = Counter()
    for code, k in pile.items():
        name, value = _parse(code)
        if name == "gold":
            gold += k * value                   # face value
        elif name in _GEMS:
            gems += k * value                   # face value ...
            gem_types[name] += k
        elif name == "map":
            maps += k
        elif name in _ARTIFACTS:
            artifacts += k
            artifact_types[name] += k
        elif name == "cursed":
            cursed += k
        else:
            raise AssertionError(f"unknown treasure {name}")
    total = gold + gems + 3 * sum(k // 3 for k in gem_types.values())   # +3 per set of 3
    total += 10 if maps >= 4 else maps                                  # 1 each, 10 for 4+
    total += 2 * artifacts + 5 * sum(k // 2 for k in artifact_types.values())
    total += 15 if cursed == 3 else -2 * cursed
    return total


# ---- random play -------------------------------------------------------------------
def random_move(game: tk.Game[Any], rng: random.Random) -> tk.Move:
    """A random legal decision; dives lean towards drawing so that bursts happen."""
    moves = game.legal_moves()
    if moves[0] == tk.Move("draw") and len(moves) == 2:
        return moves[0] if rng.random() < 0.72 else moves[1]
    return rng.choice(moves)


def step(game: tk.Game[Any], rng: random.Random) -> Sequence[tk.Event]:
    """One step: the dealer at a chance node, else a random legal decision."""
    return game.deal() if game.is_chance else game.play(random_move(game, rng))


def random_game(variant: str, seed: int) -> tk.Game[Any]:
    game = tk.new_game(GAME, players=NAMES, seed=seed, variant=variant)
    rng = random.Random(seed)
    while not game.is_over:
        step(game, rng)
    return game


def card_code(card_id: int) -> str:
    return ALL_CARDS[card_id].code
