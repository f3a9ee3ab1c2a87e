"""Seeded random play of Sea or Shore: 600 games over 3, 4 and 5 players and all four variants.

Chance is resolved by the seeded dealer. In every game, after every step that reveals a
trick or ends the pass: every island card accounted for exactly once (hands + played +
discards + box = the 48), every treasure exactly once (decks + face up + personal piles = the
book's 20 or 32), addition cards conserved (pile + held + on the played cards = 22), piles,
addition cards and round scores equal to an independent bookkeeper that reads only the
events, scores recomputed from the book's formula, whose turn it is, chance probabilities
summing to 1, no forced decision left to a player. After every step: no public event names
a hidden card. At the end: two rounds scored, totals and the winner.

In one game in SAMPLE_EVERY, the same checks after every step, plus: equal hands at the start
of every trick, the views of all players (nothing hidden leaks: no other hand, no covered
half, no face-down treasure beyond the player's own ``deck_known``, no other player's legal
moves), RandomBot choosing from ``view(player)["legal"]`` only, undo of a random step restores
state and views exactly and replays identically, a mid-game and a final JSON save load to an
identical state and views, and the same seed with the same decisions gives the same game.

Decisions in the unsampled games come from ``rng.choice(legal_moves())``, the same list as
``view["legal"]`` (checked in the sampled games, which use RandomBot), to save the views.

Runtime budget: about 45-60 s of CPU for this file (measured 60 s on one core of a loaded
2-core machine); spread with ``-n 2``.
"""

from __future__ import annotations

import copy
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import treasurekit as tk

from ...checks import check_undo_path
from .helpers import (
    GAME,
    NAMES,
    SIDES,
    VARIANTS,
    all_views,
    check_all_views,
    check_view,
    fast_step,
    run_game,
    step,
)

CHUNK = 50                   # games per test item, so that xdist can spread the work
CHUNKS = 1                   # per (players, variant): 3 * 4 * 1 * 50 = 600 games
SAMPLE_EVERY = 50            # one game in SAMPLE_EVERY gets every check after every step


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games_keep_every_invariant(players, variant, chunk):
    seen: Counter[str] = Counter()
    base = 10_000 * players + 1_000 * VARIANTS.index(variant) + chunk * CHUNK
    for seed in range(base, base + CHUNK):
        try:
            _, kinds = run_game(players, variant, seed, sampled=seed % SAMPLE_EVERY == 0)
        except AssertionError as err:
            raise AssertionError(f"{players} players, {variant}, seed {seed}: {err}") from err
        seen.update(kinds)
    # the games are not trivial: every rule of the variant comes up
    assert seen["winner"] == CHUNK
    assert seen["second_round"] == CHUNK and seen["take"] and seen["earn"] and seen["under"]
    events = {"additions": "rob", "swap": "grab", "peek": "order", "salvage": "salvage"}
    for side in SIDES[variant]:
        assert seen[events[side]], f"no {side} action in {CHUNK} games"
    if players == 3:
        assert seen["merged"], "the three-player exception never came up"
    else:
        assert not seen["merged"], "colours merged with more than three players"


def test_random_play_reaches_steals_ties_and_a_short_addition_pile():
    """The rarer situations come up in random play (the games above check them)."""
    seen: Counter[str] = Counter()
    for seed in range(100):
        g = tk.new_game(GAME, players=3 + seed % 3, seed=seed, variant=VARIANTS[seed % 4])
        rng = random.Random(seed)
        while not g.is_over:
            seen.update(e.kind for e in fast_step(g, rng))
    assert seen["steal"] and seen["tie_win"] and seen["tie_low"] and seen["tie_break"]
    assert seen["rob_pile"] and seen["no_effect"] and seen["merged"]


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games_from_a_set_up_position(players, variant):
    """A position before the pass (hands dealt from a seeded shuffle) played to the end with
    every check: positions save, load and replay like new games."""
    seed = 10 * players + VARIANTS.index(variant)
    rng = random.Random(seed)
    cards = [f"{c}{v}" for c in "rbgp" for v in range(1, 13)]
    rng.shuffle(cards)
    size = 9 if players == 5 else 12
    names = NAMES[players]
    hands = {n: cards[i * size:(i + 1) * size] for i, n in enumerate(names)}
    face_up = ["g4"] if players == 3 else ["b4", "p1"]
    g = tk.setup_position(GAME, {"players": names, "variant": variant, "phase": "pass",
                                 "starter": names[seed % players], "hands": hands,
                                 "face_up": face_up}, seed=seed)
    run_game(players, variant, seed, sampled=True, game=g)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_same_seed_same_game_different_seed_other_deal(players):
    def hands(seed):
        g = tk.new_game(GAME, players=players, seed=seed)
        while g.is_chance:
            g.deal()
        return [g.view(p)["hand"] for p in range(players)], g.state.face_up

    assert hands(7) == hands(7)
    assert len({str(hands(s)) for s in range(8)}) == 8


def test_views_do_not_depend_on_hidden_cards():
    """Two tables that differ only in what Eric cannot see look exactly the same to Eric."""
    base = {"players": NAMES[4], "face_up": ["r3", "p2"], "starter": "Stephanie",
            "hands": {"Eric": ["r1", "b5"], "Stephanie": ["g7"], "Niels": ["p3"],
                      "Marlou": ["b9", "g1"]},
            "played": {"Stephanie": "r12/sea", "Niels": "g4/shore+1"},
            "piles": {"Niels": ["g2", "b4"]}, "additions": {"Marlou": 3}}
    other = copy.deepcopy(base)
    other["hands"].update({"Stephanie": ["p11"], "Niels": ["r2"], "Marlou": ["g10", "b2"]})
    other["played"] = {"Stephanie": "r5/sea", "Niels": "p4/shore+1"}
    other["piles"] = {"Niels": ["p1", "b4"]}
    a, b = tk.setup_position(GAME, base), tk.setup_position(GAME, other)
    assert a.state != b.state
    assert a.view(0) == b.view(0)
    for p in (1, 2, 3):
        assert a.view(p) != b.view(p)


def test_the_leak_check_catches_leaks():
    """The view check used above fails when a hidden card shows up in a view."""
    g = tk.setup_position(GAME, {
        "players": NAMES[3], "face_up": ["r3"], "starter": "Marlou",
        "hands": {"Eric": ["r1", "b5"], "Marlou": ["g7"], "Niels": ["p3", "b1"]},
        "played": {"Marlou": "g12/shore"}})
    check_all_views(g)
    leaks = [("discards", ["p3"]), ("hand", ["r1", "b5", "g7"]),
             ("played", [None, {"shows": "shore", "adds": 0, "number": 12, "card": "g12"}, None]),
             ("deck_known", [["r1"]]), ("legal", ["play:r1/sea"]), ("pending", {"grabbed": []}),
             ("hands", [])]
    for key, value in leaks:
        view = {**g.view(0), key: value}
        with pytest.raises(AssertionError):
            check_view(g, 0, view)


# ---- hypothesis: any legal sequence, with any undo pattern --------------------------------
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([3, 4, 5]), variant=st.sampled_from(VARIANTS),
       seed=st.integers(0, 2**63), choices=st.lists(st.integers(0, 10**6), max_size=300),
       undos=st.lists(st.booleans(), max_size=300))
def test_undo_then_replay_is_exact_for_any_sequence(players, variant, seed, choices, undos):
    check_undo_path(lambda: tk.new_game(GAME, players=players, seed=seed, variant=variant),
                    choices, undos)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([3, 4, 5]), variant=st.sampled_from(VARIANTS),
       seed=st.integers(0, 2**32), stop=st.integers(0, 700))
def test_save_anywhere_loads_identically(players, variant, seed, stop):
    g = tk.new_game(GAME, players=players, seed=seed, variant=variant)
    rng = random.Random(seed)
    while not g.is_over and len(g.history) < stop:
        step(g, rng)
    check_all_views(g)
    loaded = tk.load_game(g.to_json())
    assert loaded.state == g.state and all_views(loaded) == all_views(g)
    assert loaded.to_json() == g.to_json()
