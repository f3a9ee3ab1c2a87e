"""Coralia, seeded random play: 2,100 games over 2, 3 and 4 players.

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

from collections import Counter

import pytest

from .invariants import run_game

GAMES_PER_COUNT = 700
CHUNK = 350
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
