"""The odds lab: exact burst chances and curves, and the exhaustive best division.

Checked against brute force: every unseen card (chance), every order of a small deck
(curve), every split with an independent scorer (division), and the engine itself
(``chance_outcomes``, positions).
"""

from __future__ import annotations

import itertools
import os
import random
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

import treasurekit as tk
from treasurekit.games.diving_bell import odds
from treasurekit.games.diving_bell.cards import ALL_CARDS, STANDARD_DECK, card_by_code

from ...checks import bounded_work
from .helpers import VARIANTS, book_score, deck_codes, position

TREASURES = sorted({c.code for c in STANDARD_DECK})
ALL_CODES = sorted({c.code for c in ALL_CARDS})


def _after(pressure: int, krakens: int, code: str) -> tuple[int, int]:
    card = card_by_code(code)
    if card.kind == "airpocket":
        return max(0, pressure - 2), krakens
    return pressure + card.pressure, krakens + (card.kind == "kraken")


def _burst(pressure: int, krakens: int, limit: int) -> bool:
    return pressure >= limit or krakens >= 2


def _random_composition(rng: random.Random, size: int) -> Counter[str]:
    pool = list(deck_codes("advanced").elements())
    return Counter(rng.sample(pool, size))


# ---- burst chance -------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(40))
def test_burst_chance_is_exact_by_enumeration(seed: int) -> None:
    rng = random.Random(seed)
    unseen = _random_composition(rng, rng.randint(1, 60))
    limit = rng.choice([10, 12])
    pressure, krakens = rng.randint(0, limit - 1), rng.randint(0, 1)   # a dive still going
    cards = list(unseen.elements())
    hits = sum(_burst(*_after(pressure, krakens, c), limit) for c in cards)
    assert odds.burst_chance(unseen, pressure, krakens, limit) == pytest.approx(
        float(Fraction(hits, len(cards))), abs=1e-12)


def test_burst_chance_of_an_empty_deck_is_zero() -> None:
    assert odds.burst_chance({}, 9, 1, 10) == 0.0
    assert odds.burst_chance({"gold5/3": 0}, 9, 1, 10) == 0.0


@pytest.mark.parametrize("variant", VARIANTS)
def test_burst_chance_matches_the_engines_chance_outcomes(variant: str) -> None:
    """Draw, then play every possible card (and undo): the chance of a burst event."""
    rng = random.Random(variant)
    checked = 0
    for seed in range(30):
        g = tk.new_game("diving_bell", seed=seed, variant=variant)
        while not g.is_over and checked < 150:
            if g.is_chance:
                g.deal()
            elif g.state.phase == "dive" and tk.Move("draw") in g.legal_moves():
                v = g.view(g.current_player or 0)
                g.play("draw")
                engine = 0.0
                for move, p in g.chance_outcomes():
                    events = g.play(move)
                    if any(e.kind in ("burst", "kraken_burst") for e in events):
                        engine += p
                    g.undo()
                ours = odds.burst_chance(v["unseen"], v["pressure"], v["krakens"], v["limit"])
                assert ours == pytest.approx(engine, abs=1e-12)
                checked += 1
                g.deal()
            else:
                moves = g.legal_moves()
                g.play(moves[0] if moves[0] == tk.Move("draw") and rng.random() < 0.7
                       else rng.choice(moves))
    assert checked >= 100


# ---- burst curve ----------------------------------------------------------------------
def _curve_by_orders(unseen: Counter[str], pressure: int, krakens: int, limit: int,
                     draws: int) -> list[Fraction]:
    """Every order of the (small) deck is equally likely: when does each one burst?"""
    cards = list(unseen.elements())
    first: Counter[int] = Counter()
    orders = 0
    for order in itertools.permutations(range(len(cards))):
        orders += 1
        p, k = pressure, krakens
        for step, i in enumerate(order[:draws], 1):
            p, k = _after(p, k, cards[i])
            if _burst(p, k, limit):
                first[step] += 1
                break
    return [Fraction(sum(first[s] for s in range(1, j + 1)), orders)
            for j in range(1, draws + 1)]


@pytest.mark.parametrize("seed", range(25))
def test_burst_curve_matches_every_order_of_a_small_deck(seed: int) -> None:
    rng = random.Random(seed)
    unseen = _random_composition(rng, rng.randint(1, 7))
    pressure, krakens, limit = rng.randint(0, 9), rng.randint(0, 1), 10
    draws = rng.randint(1, 9)           # may ask for more draws than cards left
    curve = odds.burst_curve(unseen, pressure, krakens, limit, draws)
    exact = _curve_by_orders(unseen, pressure, krakens, limit, draws)
    assert curve == pytest.approx([float(x) for x in exact], abs=1e-12)
    assert curve[0] == pytest.approx(odds.burst_chance(unseen, pressure, krakens, limit))


def test_burst_curve_matches_the_engine_by_enumerating_deals() -> None:
    """Three draws from a 6-card endgame deck, walked through the engine's chance outcomes."""
    unseen = ["gold5/3", "ruby3/2", "kraken", "airpocket", "map1/0", "gold4/3"]
    discards = ["kraken"] * 3 + ["airpocket"] * 3
    row = ["gold5/2", "gold4/2", "gold3/2", "map1/1"]           # pressure 7 of 10
    rest = deck_codes("advanced") - Counter(unseen) - Counter(discards) - Counter(row)
    piles = sorted(rest.elements())
    g = position(variant="advanced", row=row, discards=discards,
                 piles={"Ann": piles[0::2], "Bob": piles[1::2]})
    v = g.view(0)

    def walk(depth: int) -> list[float]:
        """P(burst within 1..depth more draws) by exhausting the chance outcomes."""
        if depth == 0:
            return []
        g.play("draw")
        out = [0.0] * depth
        for move, p in g.chance_outcomes():
            events = g.play(move)
            if any(e.kind in ("burst", "kraken_burst") for e in events):
                out = [x + p for x in out]
            elif g.state.phase == "dive":
                rest = walk(depth - 1)
                out = [out[0]] + [x + p * y for x, y in zip(out[1:], rest, strict=True)]
            g.undo()
        g.undo()
        return out

    engine = walk(3)
    curve = odds.burst_curve(v["unseen"], v["pressure"], v["krakens"], v["limit"], 3)
    assert curve == pytest.approx(engine, abs=1e-12)
    assert 0 < curve[0] < curve[1] < curve[2] < 1


def test_burst_curve_is_monotone_and_small_work_on_a_full_deck() -> None:
    # the programme's states stay few; measured: 1,789 calls and 0.01 MB on the standard
    # deck, 81,024 calls and 0.71 MB on the advanced one (its air pockets and krakens)
    bounds = {"standard": (20_000, 0.2), "advanced": (500_000, 5)}
    for variant, (calls, memory_mb) in bounds.items():
        unseen = deck_codes(variant)
        with bounded_work(calls=calls, memory_mb=memory_mb):
            curve = odds.burst_curve(unseen, 0, 0, 10, 12)
        assert all(a <= b for a, b in itertools.pairwise(curve))
        assert 0.9 < curve[-1] <= 1.0
    assert odds.burst_curve({"map1/0": 2}, 3, 0, 10, 3) == [0.0, 0.0, 0.0]
    assert odds.burst_curve({"map1/0": 2}, 10, 0, 10, 2) == [1.0, 1.0]


# ---- scoring and division ------------------------------------------------------------
def test_pile_gain_matches_the_independent_scorer() -> None:
    rng = random.Random(5)
    pool = list(deck_codes("standard").elements())
    for _ in range(2000):
        rng.shuffle(pool)
        pile, added = pool[:rng.randint(0, 40)], pool[40:40 + rng.randint(0, 16)]
        assert odds.pile_gain(pile, added) == book_score(pile + added) - book_score(pile)


def test_vectorised_scorer_matches_on_large_and_small_batches() -> None:
    """Both code paths of the numpy scorer (table look-up and formula) agree with the book."""
    import numpy as np

    rng = random.Random(6)
    pool = list(deck_codes("standard").elements())
    piles = [rng.sample(pool, rng.randint(0, 50)) for _ in range(1500)]
    counts = np.stack([odds._counts(p) for p in piles], 1)
    expected = [book_score(p) for p in piles]
    assert odds._score_formula(counts).tolist() == expected
    assert odds._score(counts).tolist() == expected
    assert [int(odds._score(counts[:, i:i + 1])[0]) for i in range(50)] == expected[:50]


def _brute_division(row: list[str], chooser: list[str], divider: list[str], burst: bool,
                    prefix: tuple[str, ...] = ()) -> int:
    """The divider's best result for the diver, trying every split with the book scorer."""
    cards = [c for c in row if c in TREASURES]
    n = len(cards)
    if not n:
        return 0

    def gain(pile: list[str], added: list[str]) -> int:
        return book_score(pile + added) - book_score(pile)

    best = None
    for split in itertools.product("AB", repeat=n):
        if split[:len(prefix)] != prefix:
            continue
        a = [c for c, p in zip(cards, split, strict=True) if p == "A"]
        b = [c for c, p in zip(cards, split, strict=True) if p == "B"]
        if burst and abs(len(a) - len(b)) > 1:
            continue
        take_a = gain(chooser, a) - gain(divider, b)
        take_b = gain(chooser, b) - gain(divider, a)
        value = min(take_a, take_b) if burst else max(take_a, take_b)
        best = value if best is None else min(best, value)
    assert best is not None
    return best


@pytest.mark.parametrize("seed", range(120))
def test_best_division_equals_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    pool = list(deck_codes("advanced").elements())
    rng.shuffle(pool)
    row = pool[:rng.randint(0, 9)]
    chooser = [c for c in pool[20:20 + rng.randint(0, 25)] if c in TREASURES]
    divider = [c for c in pool[50:50 + rng.randint(0, 25)] if c in TREASURES]
    burst = rng.random() < 0.5
    d = odds.best_division(row, chooser, divider, burst)
    assert d.chooser_value == _brute_division(row, chooser, divider, burst)
    cards = [c for c in row if c in TREASURES]
    assert sorted(d.a + d.b) == sorted(cards)
    assert len(d.assignment) == len(cards)
    if cards:
        assert d.a == [c for c, p in zip(cards, d.assignment, strict=True) if p == "A"]
    if burst:
        assert abs(len(d.a) - len(d.b)) <= 1
    # the split found is worth what it says
    gain = lambda pile, added: book_score(pile + added) - book_score(pile)  # noqa: E731
    take_a = gain(chooser, d.a) - gain(divider, d.b)
    take_b = gain(chooser, d.b) - gain(divider, d.a)
    assert (min if burst else max)(take_a, take_b) == d.chooser_value


@pytest.mark.parametrize("seed", range(40))
def test_best_division_respects_a_prefix(seed: int) -> None:
    rng = random.Random(1000 + seed)
    cards = rng.sample(TREASURES, rng.randint(1, 8))
    burst = rng.random() < 0.5
    n = len(cards)
    cap = (n + 1) // 2
    prefix: list[str] = []
    for _ in range(rng.randint(0, n)):
        options = [p for p in "AB" if not burst or prefix.count(p) < cap]
        prefix.append(rng.choice(options))
    d = odds.best_division(cards, [], [], burst, prefix)
    assert d.assignment[:len(prefix)] == prefix
    assert d.chooser_value == _brute_division(cards, [], [], burst, tuple(prefix))
    assert d.examined >= 1


def test_best_division_is_deterministic_along_its_own_prefixes() -> None:
    """Replaying the split card by card (recomputing each time) keeps to the first answer."""
    rng = random.Random(9)
    for _ in range(30):
        cards = rng.sample(TREASURES, 9)
        chooser, divider = rng.sample(TREASURES, 6), rng.sample(TREASURES, 6)
        for burst in (False, True):
            first = odds.best_division(cards, chooser, divider, burst)
            for k in range(len(cards)):
                again = odds.best_division(cards, chooser, divider, burst, first.assignment[:k])
                assert again.assignment == first.assignment


def test_best_division_rejects_a_bad_prefix() -> None:
    with pytest.raises(ValueError):
        odds.best_division(["gold5/3"], [], [], False, ["A", "B"])
    with pytest.raises(ValueError):
        odds.best_division(["gold5/3", "gold1/0"], [], [], False, ["C"])
    with pytest.raises(ValueError):
        odds.best_division(["gold5/3", "gold1/0"], [], [], True, ["A", "A"])


def test_best_division_examples() -> None:
    assert odds.best_division([], [], [], False).chooser_value == 0
    lone = odds.best_division(["gold5/3"], [], [], False)
    assert (lone.a, lone.b, lone.chooser_value) == (["gold5/3"], [], 5)
    # three rubies: the divider must not hand the diver the set bonus
    d = odds.best_division(["ruby3/1", "ruby3/2", "ruby3/1"], [], [], False)
    assert d.chooser_value == 3
    # the diver already holds two emeralds: the third is worth 6 to them
    d = odds.best_division(["emerald3/1", "gold5/3"], ["emerald3/1", "emerald3/2"], [], False)
    assert (d.a, d.b, d.chooser_value) == (["emerald3/1"], ["gold5/3"], 2)
    # specials in the row are ignored
    assert odds.best_division(["kraken", "gold5/3"], [], [], True).a == ["gold5/3"]


def test_best_division_of_16_cards_is_vectorised() -> None:
    """The 2**15 splits are compared by numpy, not one by one in Python: measured, 304 to
    339 calls and 16.5 MB (the arrays of all splits). Its speed is benchmarks/run.py's."""
    rng = random.Random(16)
    pool = list(deck_codes("standard").elements())
    odds.best_division(rng.sample(pool, 16), [], [], False)       # the cached masks made
    for burst in (False, True):
        for _ in range(3):
            codes = rng.sample(pool, 36)
            with bounded_work(calls=3_000, memory_mb=100):
                d = odds.best_division(codes[:16], codes[16:26], codes[26:], burst)
        assert d.examined == (2 ** 15 if not burst else 6435)


# ---- the diver's outlook -------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(40))
def test_dive_outlook_equals_one_division_per_next_card(seed: int) -> None:
    rng = random.Random(2000 + seed)
    pool = list(deck_codes("advanced").elements())
    rng.shuffle(pool)
    row = pool[:rng.randint(0, 5)]
    pressure = rng.randint(0, 9)
    krakens = rng.randint(0, 1)
    mine = [c for c in pool[10:10 + rng.randint(0, 20)] if c in TREASURES]
    theirs = [c for c in pool[35:35 + rng.randint(0, 20)] if c in TREASURES]
    unseen = Counter(pool[60:])
    out = odds.dive_outlook(row, unseen, pressure, krakens, 10, mine, theirs)
    total = sum(unseen.values())
    expected = 0.0
    for code, k in unseen.items():
        p2, k2 = _after(pressure, krakens, code)
        new_row = row + [code] if code in TREASURES else row
        expected += k * _brute_division(new_row, mine, theirs, _burst(p2, k2, 10))
    assert out.draw == pytest.approx(expected / total, abs=1e-9)
    assert out.stop == _brute_division(row, mine, theirs, False)
    assert out.burst == pytest.approx(odds.burst_chance(unseen, pressure, krakens, 10))
    assert out.gain == pytest.approx(out.draw - out.stop)
    assert odds.expected_gain(row, unseen, pressure, krakens, 10, mine, theirs) == \
        pytest.approx(out.gain)
    assert odds.draw_value(row, unseen, pressure, krakens, 10, mine, theirs) == \
        pytest.approx(out.draw)


def test_dive_outlook_with_nothing_left_to_draw() -> None:
    out = odds.dive_outlook(["gold5/3"], {}, 3, 0, 10, [], [])
    assert (out.stop, out.draw, out.burst) == (5, 5, 0.0)


def test_dive_outlook_on_an_engine_position() -> None:
    g = position(row=["gold5/3", "gold4/3", "gold3/2"])
    v = g.view(0)
    out = odds.dive_outlook(v["row"], v["unseen"], v["pressure"], v["krakens"], v["limit"],
                            [], [])
    assert v["pressure"] == 8
    assert out.burst == pytest.approx(odds.burst_chance(v["unseen"], 8, 0, 10))
    assert out.draw < out.stop           # at 8 of 10 one more card is a bad bet here


# ---- light imports -------------------------------------------------------------------
def test_importing_treasurekit_and_the_odds_module_does_not_import_numpy() -> None:
    code = ("import sys, treasurekit, treasurekit.games.diving_bell.odds, "
            "treasurekit.games.diving_bell.bots; print('numpy' in sys.modules)")
    root = str(Path(tk.__file__).resolve().parent.parent)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([root, os.environ.get("PYTHONPATH", "")])}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env=env).stdout.strip()
    assert out == "False"
