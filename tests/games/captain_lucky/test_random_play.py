"""Captain Lucky, seeded random play: 1,000 games across 2 to 6 players.

After every step: every card accounted for exactly once (draw pile + hands + middle +
collections + discard pile == the packs in use), hands never above 5 and full while the
draw pile has cards, the dice match the named set, chance probabilities sum to 1, scores
equal an independent scorer. At the end: the draw pile is empty, everyone has had as many
turns as Captain Heart's player, winners equal an independent tie-break. The checks live
in invariants.py; undo, same seed, saves and hidden hands are checked for every game by
tests/generic.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import treasurekit as tk

from .invariants import GAME, run_game, step

GAMES_PER_COUNT = 200
CHUNK = 200
PLAYER_COUNTS = (2, 3, 4, 5, 6)


@pytest.mark.parametrize("chunk", range(GAMES_PER_COUNT // CHUNK))
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_random_games_keep_every_invariant(players, chunk):
    shared = 0
    for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        try:
            g = run_game(players, seed)
        except AssertionError as err:
            raise AssertionError(f"{players} players, seed {seed}: {err}") from err
        shared += len(g.winners()) > 1
    assert shared < CHUNK


def test_random_play_reaches_every_kind_of_situation():
    seen: Counter[str] = Counter()
    for seed in range(150):
        g = tk.new_game(GAME, players=2 + seed % 5, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            seen.update(e.kind for e in step(g, rng))
    for kind in ("setup", "place", "target_middle", "target_player", "roll", "reroll",
                 "discard", "bonus", "stop", "fail", "win_middle", "win_player",
                 "last_card", "round_over", "winner", "tie_break", "no_reroll"):
        assert seen[kind], kind
