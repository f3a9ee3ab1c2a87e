"""Invariant checks for seeded random Coralia games (used by test_random_play.py).

Kept out of the test modules on purpose: pytest's assertion rewriting would slow these
hot loops. Each assert carries its own message. The scorer here is written from the
rulebook again, without the engine's helpers, so it is an independent check.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import combinations
from typing import Any

import treasurekit as tk
from treasurekit.games.coralia.cards import CARD_KINDS

CARD_CODE = [k.code for k in CARD_KINDS]

GAME = "coralia"
UNDO_EVERY = 40              # on average one step in UNDO_EVERY is played, undone, replayed
LEAK_EVERY = 25              # on sampled games, views are checked against scrambles this often
MAX_STEPS = 3000
ROUNDS = {2: 10, 3: 9, 4: 8}
LEFT = {2: 4, 3: 3, 4: 4}

# ---- the book's scoring, written again ---------------------------------------------------
PEARL_OF = {"pearl-2": 2, "pearl-3": 3, "pearl-4": 4, "pearl-5": 5, "star-pearl6": 6}
FISH_OF = {"fish-fire": "fire", "fish-blow": "blow", "fish-angel": "angel",
           "stingray": "ray", "star-anemone": "anemone"}
SET_POINTS = {0: 0, 1: 3, 2: 7, 3: 12, 4: 18, 5: 25}
REEF_POINTS = {"turtle": 1, "starfish": 2, "octopus": 3, "fish": 4, "pearl": 5}


def best_fish(kinds: list[str]) -> int:
    """The best split of fish into sets of different kinds, by trying every split."""
    return _best(tuple(sorted(Counter(kinds).values())))


@cache
def _best(counts: tuple[int, ...]) -> int:
    """Best points for fish kinds held ``counts`` times each (only the counts matter)."""
    best = 0
    for size in range(1, len(counts) + 1):
        for chosen in combinations(range(len(counts)), size):
            rest = [c - (i in chosen) for i, c in enumerate(counts)]
            best = max(best, SET_POINTS[size] + _best(tuple(sorted(c for c in rest if c))))
    return best


def final_points(view: dict[str, Any]) -> list[int]:
    """Diver, fish and pearl scoring (with their starfish cards) from a finished table."""
    players = len(view["players"])
    cards = view["open_cards"]
    out = [0] * players
    for reef in view["reefs"]:
        if reef["diver"] is not None:
            out[reef["diver"]] += sum(v for sp, v in REEF_POINTS.items() if reef["spaces"][sp])
    totals = []
    for p in range(players):
        fish = [FISH_OF[c] for c in cards[p] if c in FISH_OF]
        out[p] += best_fish(fish) + 2 * len(fish) * cards[p].count("star-perfish")
        pearls = sorted((PEARL_OF[c] for c in cards[p] if c in PEARL_OF), reverse=True)
        totals.append((sum(pearls), len(pearls), pearls))
        out[p] += len(pearls) * cards[p].count("star-perpearl")
    for p, (total, n, pearls) in enumerate(totals):
        if not n:
            continue
        ahead = sum(1 for q in totals if (q[0], q[1]) > (total, n))
        out[p] += sum(pearls[:4 if ahead == 0 else 2 if ahead == 1 else 1])
    return out


def winners(view: dict[str, Any]) -> list[int]:
    key = [(view["points"][p], len(view["open_cards"][p]), len(view["turtles"][p]))
           for p in range(len(view["players"]))]
    return [p for p, k in enumerate(key) if k == max(key)]


# ---- stepping -------------------------------------------------------------------------------
def step(g: tk.Game[Any], rng: random.Random) -> Sequence[tk.Event]:
    if g.is_chance:
        return g.deal()
    moves = g.legal_moves()
    return g.play(moves[int(rng.random() * len(moves))])


def check_undo(g: tk.Game[Any], rng: random.Random) -> None:
    before = g.state.clone()
    history = list(g.history)
    events = step(g, rng)
    move = g.history[-1]
    g.undo()
    assert g.state == before and g.history == history, f"undo differs after {move}"
    again = g.play(move)
    assert again == events, f"replaying {move} gave other events"


def check_views(g: tk.Game[Any], rng: random.Random, stats: Counter[str]) -> None:
    """No view leaks: a scramble of everything hidden from a seat leaves its view alone."""
    s = g.state
    for p in range(len(g.players)):
        v = g.view(p)
        twin = g.scramble_hidden(p, rng)
        assert twin.view(p) == v, f"view of seat {p} leaks hidden cards at step {len(g.history)}"
        assert twin.inventory() == g.inventory(), "a scramble changed the components"
        if twin.state.hands != s.hands or twin.state.piles != s.piles:
            stats["scrambled"] += 1
        for q in range(len(g.players)):
            assert v["card_counts"][q] == len(s.hands[q]), "card count"
            face_up = sorted(CARD_CODE[k] for k in s.hands[q] if s.face_up(q, k))
            assert v["open_cards"][q] == (v["cards"] if q == p else face_up), \
                f"seat {p} sees the cards of seat {q} face down at step {len(g.history)}"
        assert v["cards"] == sorted(twin.view(p)["cards"]), "own cards"
    json.dumps(g.view(None))


def run_game(players: int, seed: int, sample: bool, stats: Counter[str]) -> tk.Game[Any]:
    g = tk.new_game(GAME, players=players, seed=seed)
    rng = random.Random(seed * 7919 + players)
    side = random.Random(seed)           # for the checks, so ``rng`` alone picks the moves
    inventory = g.inventory()
    assert sum(v for k, v in inventory.items() if k.startswith("die:")) == 38, "36 + 2 dice"
    assert sum(v for k, v in inventory.items() if k.startswith("card:")) == 53, "53 cards"
    steps = 0
    while not g.is_over:
        if rng.random() * UNDO_EVERY < 1:
            check_undo(g, rng)
        else:
            step(g, rng)
        steps += 1
        assert steps < MAX_STEPS, f"seed {seed}: the game does not end"
        assert dict.__eq__(g.inventory(), inventory), f"components changed at step {steps}"
        if sample and side.random() * LEAK_EVERY < 1:
            check_views(g, side, stats)
            if g.is_chance:
                total = sum(p for _, p in g.chance_outcomes())
                assert abs(total - 1) < 1e-9, f"chance sums to {total}"
    s = g.state
    assert s.dice_left() == LEFT[players], f"{s.dice_left()} dice left at the end"
    turns = sum(1 for m in g.history if m.kind in ("place", "island"))
    assert turns == ROUNDS[players] * players, f"{turns} turns"
    spectator = g.view(None)
    extra = final_points(spectator)
    assert [b + e for b, e in zip(s.before_final, extra, strict=True)] == g.scores(), \
        f"scores {g.scores()} != {s.before_final} + {extra}"
    assert g.winners() == winners(spectator), f"winners {g.winners()}"
    stats["games"] += 1
    stats[f"shared{len(g.winners()) > 1}"] += 1
    if sample:
        again = tk.new_game(GAME, players=players, seed=seed)
        for m in g.history:
            again.play(m)
        assert again.state == s, "replaying the moves gives another game"
        twin = tk.new_game(GAME, players=players, seed=seed)
        rng2 = random.Random(seed * 7919 + players)
        while not twin.is_over:
            if rng2.random() * UNDO_EVERY < 1:
                check_undo(twin, rng2)
            else:
                step(twin, rng2)
        assert twin.history == g.history and twin.state == s, "same seed, other game"
        loaded = tk.load_game(g.to_json())
        assert loaded.state == s and loaded.scores() == g.scores(), "JSON round trip"
        check_views(g, side, stats)
    return g
