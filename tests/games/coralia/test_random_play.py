"""Coralia, seeded random play: 600 games over 2, 3 and 4 players (the generic suite plays
every set-up too).

After every step: every die, card and tile accounted for (the inventory never changes).
On random steps: play + undo restores the state exactly and the replay gives the same
events. At the end: the dice left and the number of turns are the book's (4/3/4 dice,
10/9/8 rounds), the final scoring equals an independent scorer working from the spectator's
view of the finished table, and the winners its tie-break. In one game in ten: the same
seed gives the same game, the JSON save round-trips, chance probabilities sum to 1, and
no seat's view changes when everything hidden from that seat is scrambled.
The checks live in invariants.py (no assertion rewriting there: it is the hot loop).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import fields

import pytest

import treasurekit as tk
from treasurekit.core.moves import Move
from treasurekit.games.coralia import rules
from treasurekit.games.coralia.cards import SYMBOLS

from .invariants import run_game

GAMES_PER_COUNT = 200
CHUNK = 100
SAMPLE_EVERY = 10


@pytest.mark.parametrize("chunk", range(GAMES_PER_COUNT // CHUNK))
@pytest.mark.parametrize("players", (2, 3, 4))
def test_random_games_keep_every_invariant(players, chunk):
    stats: Counter[str] = Counter()
    for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        try:
            run_game(players, seed, seed % SAMPLE_EVERY == 0, stats)
        except AssertionError as err:
            raise AssertionError(f"{players} players, seed {seed}: {err}") from err
    assert stats["games"] == CHUNK
    assert stats["scrambled"] > 0      # the scramble really moved hidden cards


def test_clone_copies_every_field_and_shares_no_list():
    """``CoraliaState.clone`` is written field by field (for speed): it must not forget
    a field added later, nor share a list the rules change in place."""
    g = tk.new_game("coralia", players=3, seed=5)
    rng = random.Random(5)
    for _ in range(60):
        if g.is_chance:
            g.deal()
        else:
            g.play(rng.choice(g.legal_moves()))
    s = g.state
    c = s.clone()
    assert c == s
    for f in fields(s):
        mine, copied = getattr(s, f.name), getattr(c, f.name)
        assert copied == mine, f.name
        if isinstance(mine, list):
            assert copied is not mine, f.name
            assert all(a is not b for a, b in zip(mine, copied, strict=True)
                       if isinstance(a, list)), f.name


def test_a_roll_shows_the_symbols_of_its_text_whoever_dealt_it():
    """A roll is read from its text alone: the roll the dealer would deal, another one
    forced instead and the dealt one typed again all show the symbols their text names."""
    g = tk.new_game("coralia", players=2, seed=3)
    while not (g.is_chance and g.state.steps[0].kind == "roll"):
        if g.is_chance:
            g.deal()
        else:
            g.play(g.legal_moves()[0])
    dealt = g._sample_chance(g.state, 0.5)                  # not played
    other = next(m for m, _ in g.chance_outcomes() if m != dealt)
    for roll in (other, Move.parse(str(dealt)), dealt):
        symbols = [SYMBOLS.index(d.split("-")[1]) for d in roll.arg.split(",")]
        g.play(roll)
        assert g.state.station_symbols[-len(symbols):] == symbols
        assert rules.roll_symbols(roll.arg) == symbols
        g.undo()
