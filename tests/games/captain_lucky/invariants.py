"""Invariant checks for seeded random Captain Lucky games (test_random_play.py).

Kept out of the test module so that pytest's assertion rewriting does not slow the hot
loops; every assert carries its own message.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import treasurekit as tk
from treasurekit.games.captain_lucky.cards import pack_for

GAME = "captain_lucky"
MAX_STEPS = 5000
PACKS = {n: pack_for(n) for n in range(2, 7)}


def book_sets(count: int) -> list[int]:
    """Sets of one type, written from "2. Steal treasure": fill to 5, the rest alongside."""
    sets = []
    while count > 0:
        sets.append(min(5, count))
        count -= 5
    return sets


def book_score(collection: list[int], bonus_used: bool) -> int:
    return sum(collection) + (not bonus_used)


def book_winners(collections: list[list[int]], bonus_used: list[bool]) -> list[int]:
    """Most points; then the number of sets of 5, of 4, ... ; then a shared victory."""
    def key(i: int) -> tuple[int, ...]:
        sizes = [s for c in collections[i] for s in book_sets(c)]
        return (book_score(collections[i], bonus_used[i]),
                *(sizes.count(k) for k in (5, 4, 3, 2, 1)))
    best = max(key(i) for i in range(len(collections)))
    return [i for i in range(len(collections)) if key(i) == best]


def _at(g: tk.Game[Any]) -> str:
    last = g.history[-1] if g.history else "start"
    return f"after step {len(g.history)} ({last}), state {g.state}"


def check_step(g: tk.Game[Any]) -> None:
    s = g.state
    # every card exactly once: pile + middle + discards + hands + collections == packs
    places = (s.pile, s.middle, s.discards, *s.hands, *s.collections)
    totals = tuple(map(sum, zip(*places, strict=False)))
    assert totals == PACKS[len(g.players)], f"cards per type {totals}, {_at(g)}"
    assert min(map(min, places)) >= 0, f"negative count {_at(g)}"
    sizes = list(map(sum, s.hands))
    assert max(sizes) <= 5, f"a hand over 5, {_at(g)}"
    assert s.end_announced == (sum(s.pile) == 0) or s.phase == "deal", f"end flag {_at(g)}"
    book = [book_score(c, b) for c, b in zip(s.collections, s.bonus_used, strict=True)]
    assert g.scores() == book, f"scores {g.scores()}, {_at(g)}"
    phase = s.phase
    if phase == "place":
        assert sum(s.hands[s.turn]) > 0, f"placing with no cards, {_at(g)}"
        if sum(s.pile):
            assert min(sizes) == 5, f"hands not full, {_at(g)}"
    if phase in ("roll", "decide"):   # the dice: one per card of the named set, at most 5
        owner, t, size = s.target
        assert 1 <= size <= 5, _at(g)
        assert len(s.dice) == (size if s.rolls else 0), f"dice {s.dice}, {_at(g)}"
        assert set(s.dice) <= {"P", "B"}, _at(g)
    if phase == "decide":
        assert "B" in s.dice and len(g.legal_moves()) >= 2, f"decide: {_at(g)}"
    if g.is_chance:
        outcomes = g.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-9, f"chance sum, {_at(g)}"
        assert g.current_player is None, _at(g)
    if phase == "over":
        assert g.is_over and g.legal_moves() == [], _at(g)


def check_end(g: tk.Game[Any], fresh: bool) -> None:
    s = g.state
    assert sum(s.pile) == 0 and s.end_announced, f"ended with cards to draw: {s}"
    assert g.winners() == book_winners(s.collections, s.bonus_used), f"winners {s}"
    if fresh:   # everyone has had as many turns as Captain Heart's player
        assert len(set(s.turns)) == 1, f"unequal turns {s.turns}"


def random_move(g: tk.Game[Any], rng: random.Random) -> tk.Move:
    moves = g.legal_moves()
    if g.state.phase == "place" and rng.random() < 0.7:   # mostly small placements
        ones = [m for m in moves if m.arg.endswith("-1")]
        return rng.choice(ones)
    if g.state.phase == "decide" and rng.random() < 0.5:
        return moves[0]                                     # re-roll with cards if possible
    return rng.choice(moves)


def step(g: tk.Game[Any], rng: random.Random) -> Sequence[tk.Event]:
    return g.deal() if g.is_chance else g.play(random_move(g, rng))


def run_game(players: int, seed: int) -> tk.Game[Any]:
    """One seeded random game with Captain Lucky's own invariants (undo, same seed, saves
    and hidden hands are checked for every game by tests/generic)."""
    g = tk.new_game(GAME, players=players, seed=seed)
    policy = random.Random(seed)
    check_step(g)
    while not g.is_over:
        assert len(g.history) < MAX_STEPS, "the game does not end"
        step(g, policy)
        check_step(g)
    check_end(g, fresh=True)
    return g
