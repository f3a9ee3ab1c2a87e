"""Invariant checks for seeded random play (used by test_random_play.py).

Kept out of the test module on purpose: pytest's assertion rewriting would slow these hot
loops by about a third. Each assert carries its own message instead.
"""

from __future__ import annotations

import random
from typing import Any

import treasurekit as tk
from treasurekit.games.diving_bell.cards import ALL_CARDS, CODES, deck_for
from treasurekit.games.diving_bell.rules import REVEAL

from .helpers import GAME, NAMES, VARIANTS, book_score, step

SAMPLE_EVERY = 10            # one game in SAMPLE_EVERY gets the card checks after every step
MAX_STEPS = 2000             # a game that is still running after this many steps is a bug

DECKS = {v: sorted(deck_for(v)) for v in VARIANTS}
ENDS = ("dive", "vote", "over")          # phases after a step that ended a turn or a vote
SPECIAL = {c.id for c in ALL_CARDS if not c.is_treasure}


class Scorer:
    """Compares the game's scores with independent ones whenever a pile has changed
    (scores are a function of the piles alone, so that is every time they can change)."""

    def __init__(self) -> None:
        self.piles: list[list[int]] = [[], []]
        self.scores = [0, 0]

    def check(self, g: tk.Game[Any]) -> None:
        piles = g.state.piles
        if piles != self.piles:
            for p, pile in enumerate(piles):
                if pile != self.piles[p]:
                    assert SPECIAL.isdisjoint(pile), f"special card in pile {p}: {pile}"
                    self.piles[p] = pile[:]
                    self.scores[p] = book_score(map(CODES.__getitem__, pile))
            assert g.scores() == self.scores, f"scores {g.scores()} != book {self.scores}"


def _at(g: tk.Game[Any]) -> str:
    """Where a check failed (built only when it fails: assert messages are lazy)."""
    last = g.history[-1] if g.history else "start"
    return f"after step {len(g.history)} ({last}), state {g.state}"


def check_step(g: tk.Game[Any], scorer: Scorer, cards_moved: bool = True) -> None:
    """The invariants that must hold after every step.

    ``cards_moved``: the step may have moved cards or changed the running totals (a reveal,
    the end of a turn, a vote); the card checks are skipped after other steps to save time.
    """
    s = g.state
    assert len(unseen := s.unseen) == s.draws_left + s.set_aside, f"deck sizes, {_at(g)}"
    assert s.draws_left >= 0 and s.set_aside >= 0, f"negative deck, {_at(g)}"
    assert len(s.division) <= len(s.treasures()), f"division too long, {_at(g)}"
    if cards_moved:
        # every card exactly once: unseen (deck + set aside) + row + piles + discards == deck
        every = sorted(unseen + s.row + s.piles[0] + s.piles[1] + s.discards)
        assert every == DECKS[g.variant], f"cards lost or doubled, {_at(g)}"
        assert SPECIAL.issuperset(s.discards), f"treasure in the discard pile, {_at(g)}"
        # the running totals are what a fresh recount gives
        fresh = s.clone()
        fresh.recount()
        assert fresh == s, f"running totals differ from recount() {fresh}, {_at(g)}"
    scorer.check(g)
    phase, player = s.phase, g.current_player
    if phase == "dive":
        assert s.draws_left > 0 and not s.burst and player == s.diver, f"dive: {_at(g)}"
    elif phase == "draw":
        assert g.is_chance and player is None and s.draws_left > 0, f"draw: {_at(g)}"
        outcomes = g.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9, f"sum of {outcomes}, {_at(g)}"
        # s.counts is the unseen composition (compared with a fresh recount by the card checks)
        n = len(unseen)
        expected = {REVEAL[c]: k / n for c, k in s.counts.items()}
        assert dict(outcomes) == expected, f"chance outcomes {outcomes}, {_at(g)}"
    elif phase == "divide":
        assert player == 1 - s.diver and s.row, f"divide: {_at(g)}"
    elif phase == "choose":
        assert player == (1 - s.diver if s.burst else s.diver), f"chooser: {_at(g)}"
        assert len(s.division) == len(s.treasures()), f"choose too early: {_at(g)}"
    elif phase == "vote":
        assert s.draws_left == 0 and not s.reshuffled and (s.discards or s.set_aside), _at(g)
        assert player == (1 - s.diver + len(s.votes)) % 2, f"voter: {_at(g)}"
    else:
        assert phase == "over" and g.is_over and g.legal_moves() == [], f"over: {_at(g)}"


def check_end(g: tk.Game[Any]) -> None:
    s = g.state
    scores = [book_score(CODES[i] for i in pile) for pile in s.piles]
    ranking = [(sc, len(p)) for sc, p in zip(scores, s.piles, strict=True)]
    assert g.winners() == [i for i, r in enumerate(ranking) if r == max(ranking)], ranking
    if g.variant == "quick" and s.ended_by == "fifty":
        assert max(scores) >= 50, f"quick game ended at {scores}"
    else:
        assert s.draws_left == 0 and s.ended_by in ("deck", "declined"), f"ended: {s}"
        assert g.variant != "quick" or max(scores) < 50, f"quick game went on at {scores}"
    assert s.row == [] and s.division == [], f"cards left on the table: {s}"


def run_game(variant: str, seed: int) -> tk.Game[Any]:
    """Play one seeded random game, checking Diving Bell's own invariants on the way (undo,
    same seed and saves are checked for every game by tests/generic)."""
    sampled = seed % SAMPLE_EVERY == 0
    g = tk.new_game(GAME, players=NAMES, seed=seed, variant=variant)
    policy = random.Random(seed)
    scorer = Scorer()
    check_step(g, scorer)
    while not g.is_over:
        assert len(g.history) < MAX_STEPS, "the game does not end"
        chance = g.is_chance
        step(g, policy)
        # card checks after every step of a sampled game; in the others after the steps
        # that end a dive, a turn or a vote (mid-dive reveals are covered by the next one)
        phase = g.state.phase
        check_step(g, scorer, sampled or (phase != "dive" if chance else phase in ENDS))
    check_end(g)
    return g
