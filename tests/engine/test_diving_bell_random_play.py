"""Seeded random play: 2,000 games per variant with invariants checked at every step.

Every step of every game: every card accounted for exactly once, scores equal an
independent scorer (checked whenever a pile changes, the only time they can change), chance
probabilities match the unseen cards, whose turn it is matches the phase. The running totals
(pressure, krakens, burst, counts) equal a fresh ``recount()`` after every step that can
change them (a reveal, the end of a turn, a vote) in every game, and after every single step
in the sampled games. On a sample of steps: play + undo restores the state exactly and the
step replays identically. In the sampled games (one in SAMPLE_EVERY): same seed -> same game,
and a mid-game JSON save loads to an equal state and continues identically.

Runtime budget: about 60 s for this file with ``-n 2`` (2 cores).
"""

from __future__ import annotations

import copy
import pickle
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import treasurekit as tk
from treasurekit.games.diving_bell.cards import ALL_CARDS, CODES, deck_for
from treasurekit.games.diving_bell.rules import REVEAL

from .helpers import GAME, NAMES, VARIANTS, book_score, random_move, step

GAMES_PER_VARIANT = 2000
CHUNK = 250                  # games per test item, so that xdist can spread the work
UNDO_EVERY = 40              # on average, one step in UNDO_EVERY is played, undone and replayed
SAMPLE_EVERY = 8             # one game in SAMPLE_EVERY gets the seed and JSON round-trip checks
MAX_STEPS = 2000             # a game that is still running after this many steps is a bug

DECKS = {v: sorted(deck_for(v)) for v in VARIANTS}
SPECIAL = {c.id for c in ALL_CARDS if not c.is_treasure}


class Scorer:
    """Compares the game's scores with independent ones whenever a pile has changed
    (scores are a function of the piles alone, so that is every time they can change)."""

    def __init__(self) -> None:
        self.piles: list[list[int]] = [[], []]
        self.scores = [0, 0]

    def check(self, g: tk.Game) -> None:
        piles = g.state.piles
        if piles != self.piles:
            for p, pile in enumerate(piles):
                if pile != self.piles[p]:
                    assert SPECIAL.isdisjoint(pile)                    # treasure only
                    self.piles[p] = pile[:]
                    self.scores[p] = book_score(map(CODES.__getitem__, pile))
            assert g.scores() == self.scores


def check_step(g: tk.Game, scorer: Scorer, cards_moved: bool = True) -> None:
    """The invariants that must hold after every step.

    ``cards_moved``: the step may have moved cards or changed the running totals (a reveal,
    the end of a turn, a vote); the card checks are skipped after other steps to save time.
    """
    s = g.state
    assert len(unseen := s.unseen) == s.draws_left + s.set_aside
    assert s.draws_left >= 0 and s.set_aside >= 0
    assert len(s.division) <= len(s.treasures())
    if cards_moved:
        # every card exactly once: unseen (deck + set aside) + row + piles + discards == deck
        assert sorted(unseen + s.row + s.piles[0] + s.piles[1] + s.discards) == DECKS[g.variant]
        assert SPECIAL.issuperset(s.discards)
        # the running totals are what a fresh recount gives
        fresh = s.clone()
        fresh.recount()
        assert fresh == s
    scorer.check(g)
    phase = s.phase
    if phase == "dive":
        assert s.draws_left > 0 and not s.burst and g.current_player == s.diver
    elif phase == "draw":
        assert g.is_chance and g.current_player is None and s.draws_left > 0
        outcomes = g.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
        # s.counts is the unseen composition: checked against a fresh recount after the
        # step before this one (a reveal or the end of a turn), and a draw moves no card
        n = len(unseen)
        assert {m: p for m, p in outcomes} == {REVEAL[c]: k / n for c, k in s.counts.items()}
    elif phase == "divide":
        assert g.current_player == 1 - s.diver and s.row
    elif phase == "choose":
        assert g.current_player == (1 - s.diver if s.burst else s.diver)
        assert len(s.division) == len(s.treasures())
    elif phase == "vote":
        assert s.draws_left == 0 and not s.reshuffled and (s.discards or s.set_aside)
        assert g.current_player == (1 - s.diver + len(s.votes)) % 2
    else:
        assert phase == "over" and g.is_over and g.legal_moves() == []


def check_end(g: tk.Game) -> None:
    s = g.state
    scores = [book_score(CODES[i] for i in pile) for pile in s.piles]
    ranking = [(sc, len(p)) for sc, p in zip(scores, s.piles)]
    assert g.winners() == [i for i, r in enumerate(ranking) if r == max(ranking)]
    if g.variant == "quick" and s.ended_by == "fifty":
        assert max(scores) >= 50
    else:
        assert s.draws_left == 0 and s.ended_by in ("deck", "declined")
        assert g.variant != "quick" or max(scores) < 50
    assert s.row == [] and s.division == []


def undo_check(g: tk.Game, rng: random.Random) -> None:
    """Play one step, undo it (state exactly as before), then play it again identically."""
    before = pickle.loads(pickle.dumps(g.state))      # a deep copy independent of clone()
    history, log = list(g.history), list(g.log)
    move = None if g.is_chance else random_move(g, rng)
    events = g.deal() if move is None else g.play(move)
    undone = g.undo()
    assert g.state == before and g.history == history and g.log == log
    again = g.deal() if move is None else g.play(move)
    assert again == events and g.history[-1] == undone


def replay_decisions(g: tk.Game, moves: list[tk.Move]) -> None:
    """Continue ``g`` with the recorded decisions, letting its own dealer resolve chance."""
    while len(g.history) < len(moves):
        if g.is_chance:
            g.deal()
            assert g.history[-1] == moves[len(g.history) - 1], "the dealer dealt differently"
        else:
            g.play(moves[len(g.history)])


def run_game(variant: str, seed: int) -> tk.Game:
    sampled = seed % SAMPLE_EVERY == 0
    g = tk.new_game(GAME, players=NAMES, seed=seed, variant=variant)
    policy, checks = random.Random(seed), random.Random(~seed)
    scorer = Scorer()
    save_at = checks.randrange(1, 150) if sampled else -1
    save = None
    check_step(g, scorer)
    undo_rate = 1 / UNDO_EVERY
    while not g.is_over:
        assert len(g.history) < MAX_STEPS
        chance = g.is_chance
        if checks.random() < undo_rate:
            undo_check(g, policy)
        else:
            step(g, policy)
        check_step(g, scorer, sampled or chance or g.state.phase in ("dive", "vote", "over"))
        if len(g.history) == save_at:
            save = (g.to_json(), copy.deepcopy(g.state))
    check_end(g)
    if sampled:
        # same seed, same random decisions -> the very same game
        again = tk.new_game(GAME, players=NAMES, seed=seed, variant=variant)
        replay_decisions(again, g.history)
        assert again.history == g.history and again.state == g.state and again.log == g.log
        # a mid-game save loads to an equal state and continues identically
        if save is not None:
            text, state = save
            loaded = tk.load_game(text)
            assert loaded.state == state and loaded.history == g.history[:save_at]
            assert loaded.to_json() == text
            replay_decisions(loaded, g.history)
            assert loaded.state == g.state and loaded.scores() == g.scores()
            assert loaded.winners() == g.winners() and loaded.events == g.events
    return g


@pytest.mark.parametrize("chunk", range(GAMES_PER_VARIANT // CHUNK))
@pytest.mark.parametrize("variant", VARIANTS)
def test_random_games_keep_every_invariant(variant, chunk):
    ends: Counter[str] = Counter()
    for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        ends[run_game(variant, seed).state.ended_by] += 1
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
    g = tk.new_game(GAME, seed=seed, variant=variant)
    states = [copy.deepcopy(g.state)]
    for i, c in enumerate(choices):
        if g.is_over:
            break
        moves = g.legal_moves()
        g.play(moves[c % len(moves)])
        states.append(copy.deepcopy(g.state))
        if i < len(undos) and undos[i]:
            g.undo()
            states.pop()
            assert g.state == states[-1]
    while g.history:
        g.undo()
        states.pop()
        assert g.state == states[-1]
    assert g.state == states[0] == tk.new_game(GAME, seed=seed, variant=variant).state


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([c.code for c in ALL_CARDS if c.is_treasure]), max_size=40))
def test_engine_scorer_equals_the_book_scorer(codes):
    from treasurekit.games.diving_bell import card_by_code, score
    assert score(card_by_code(c) for c in codes) == book_score(codes)
