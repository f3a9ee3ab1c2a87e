"""Seeded random play: 1,000 games per variant with invariants checked at every step.

Every step of every game: whose turn it is matches the phase, deck sizes add up
(``len(unseen) == draws_left + set_aside``), scores equal an independent scorer (compared
whenever a pile changes, the only time they can change), chance probabilities sum to 1 and
equal the unseen counts.

Card checks -- every card accounted for exactly once (unseen + row + piles + discards == the
variant's deck) and the running totals (pressure, krakens, burst, counts) equal a fresh
``recount()`` -- after every step in the sampled games (one in SAMPLE_EVERY), and in the
other games after every step that ends a dive, a turn or a vote (to stay in the time budget).
The checks live in invariants.py.

Exact undo, same seed -> same game, mid-game saves and views are checked for every game by
tests/generic; the hypothesis test below undoes along any path, however far back.

Runtime budget: about 20 s for this file with ``-n 2`` on 2 idle cores (300 games a variant;
1,000, then 500, until 26 Nov: trimmed to keep `make test` within its 15 minutes).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import treasurekit as tk
from treasurekit.games.diving_bell.cards import ALL_CARDS

from ...checks import check_undo_path
from .helpers import GAME, VARIANTS, book_score, step
from .invariants import run_game

GAMES_PER_VARIANT = 300
CHUNK = 150                  # games per test item, so that xdist can spread the work
@pytest.mark.parametrize("chunk", range(GAMES_PER_VARIANT // CHUNK))
@pytest.mark.parametrize("variant", VARIANTS)
def test_random_games_keep_every_invariant(variant, chunk):
    ends: Counter[str] = Counter()
    for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        try:
            g = run_game(variant, seed)
        except AssertionError as err:
            raise AssertionError(f"{variant} game with seed {seed}: {err}") from err
        ends[g.state.ended_by] += 1
    assert sum(ends.values()) == CHUNK
    if variant == "quick":
        assert ends["fifty"] > 0
    if variant == "advanced":
        assert ends["declined"] > 0


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_play_reaches_every_kind_of_situation(variant):
    """The random games above are not trivial: bursts, both choosers, votes and reshuffles."""
    seen: Counter[str] = Counter()
    for seed in range(200):
        g = tk.new_game(GAME, seed=seed, variant=variant)
        rng = random.Random(seed)
        while not g.is_over:
            seen.update(e.kind for e in step(g, rng))
    assert seen["burst"] and seen["choose_burst"] and seen["choose_normal"] and seen["stop"]
    if variant == "advanced":
        assert seen["kraken_burst"] and seen["airpocket"] and seen["reshuffle"]
        assert seen["vote_no"] and seen["nothing"]
    if variant == "quick":
        assert seen["target"]


# ---- hypothesis: any legal sequence, with any undo pattern -----------------------------
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 2**63),
       choices=st.lists(st.integers(0, 10**6), min_size=1, max_size=400),
       undos=st.lists(st.booleans(), max_size=400))
def test_undo_then_replay_is_exact_for_any_sequence(variant, seed, choices, undos):
    """States along any legal path are restored exactly by undo, however far back."""
    check_undo_path(lambda: tk.new_game(GAME, seed=seed, variant=variant), choices, undos)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([c.code for c in ALL_CARDS if c.is_treasure]), max_size=40))
def test_engine_scorer_equals_the_book_scorer(codes):
    from treasurekit.games.diving_bell import card_by_code, score
    assert score(card_by_code(c) for c in codes) == book_score(codes)
