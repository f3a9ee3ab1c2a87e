"""Captain Lucky odds lab: exact chances against hand-worked cases, the engine's own dice,
and 100,000 simulated attempts (numpy, vectorised); the bots decide from views only."""

from __future__ import annotations

import itertools
import math
import random

import numpy as np
import pytest

import treasurekit as tk
from treasurekit.core.bots import RandomBot, play_out
from treasurekit.games.captain_lucky import odds
from treasurekit.games.captain_lucky.bots import (
    BOTS,
    QUICK_RANDOM,
    LookoutBot,
    PlannerBot,
    SensibleBot,
    make_bot,
    quick_playout,
)
from treasurekit.games.captain_lucky.cards import TYPES
from treasurekit.games.captain_lucky.infoset import unseen

from ...checks import bounded_work

GAME = "captain_lucky"


def test_hand_worked_cases():
    p = 0.5
    assert odds.win_chance(1, 0, False) == pytest.approx(p)
    assert odds.win_chance(1, 1, False) == pytest.approx(p + (1 - p) * p)
    assert odds.win_chance(2, 0, False) == pytest.approx(p * p)
    # three dice, then the bonus on whatever failed: every die gets two chances
    assert odds.win_chance(3, 0, True) == pytest.approx((1 - (1 - p) ** 2) ** 3)
    # no cards, no bonus: one roll
    for k in range(1, 6):
        assert odds.win_chance(k, 0, False) == pytest.approx(p ** k)


def test_more_cards_and_the_bonus_never_hurt():
    t = odds.win_table()
    assert np.all(np.diff(t[1:], axis=1) >= -1e-12)        # more matching cards
    assert np.all(t[1:, :, 1] >= t[1:, :, 0] - 1e-12)      # bonus unused
    assert np.all(np.diff(t[1:, 0, 0]) < 0)                  # larger sets are harder


@pytest.mark.parametrize("faces", [1, 2, 3, 4, 5])
def test_table_agrees_with_the_engines_chance_outcomes(faces):
    """Enumerate the engine's own roll outcomes with a faces-parameterised game class."""
    from treasurekit.games.captain_lucky.rules import CaptainLucky

    class Variant(CaptainLucky):
        pirate_faces = faces

    def exact(g) -> float:   # best winning chance from here, by exhaustive search
        if g.state.phase in ("place", "refill") or g.is_over:
            return 1.0 if g.state.result == "won" else 0.0
        if g.is_chance:
            total = 0.0
            for move, prob in g.chance_outcomes():
                g.play(move)
                total += prob * exact(g)
                g.undo()
            return total
        best = 0.0
        for move in g.legal_moves():
            g.play(move)
            best = max(best, exact(g))
            g.undo()
        return best

    table = odds.win_table(faces)
    for size, matching, bonus in [(1, 0, False), (2, 1, True), (3, 2, False), (3, 3, True)]:
        g = Variant(["Ann", "Bob"], position={
            "players": ["Ann", "Bob"], "phase": "target", "bonus_used": [not bonus, False],
            "hands": [["ruby"] * matching + ["gold"] * (5 - matching), None],
            "middle": {"ruby": size}})
        g.play(f"steal:middle-ruby-{size}")
        assert exact(g) == pytest.approx(float(table[size, matching, int(bonus)]))


def _sigma(p: float, n: int) -> float:
    return math.sqrt(p * (1 - p) / n)


@pytest.mark.parametrize("size, matching, bonus", [
    (1, 0, False), (2, 1, True), (3, 0, True), (3, 2, False), (4, 4, True), (5, 5, True),
    (5, 2, False)])
def test_exact_odds_agree_with_100000_simulated_attempts(size, matching, bonus):
    exact = odds.win_chance(size, matching, bonus)
    simulated = odds.simulate(size, matching, bonus, attempts=100_000, seed=size * 31 + matching)
    assert abs(simulated - exact) < 4 * _sigma(exact, 100_000) + 1e-9


@pytest.mark.parametrize("faces", [2, 4])
def test_other_die_faces_agree_with_simulation(faces):
    exact = odds.win_chance(4, 3, True, pirate_faces=faces)
    simulated = odds.simulate(4, 3, True, 100_000, seed=faces, pirate_faces=faces)
    assert abs(simulated - exact) < 4 * _sigma(exact, 100_000)


def test_exact_table_k5_m5_is_small_work():
    """Solved by numpy over all states at once: measured, 223 calls and 0.01 MB. Its speed
    (goal: under 50 ms) is benchmarks/run.py's."""
    odds.solve.cache_clear()
    with bounded_work(calls=2_000, memory_mb=0.1):
        table = odds.win_table()
    assert table.shape == (6, 6, 2)


def test_savings_tip_policy_stops_when_cards_are_worth_more():
    # one blank die on a single card: always worth a card that is worth little
    assert odds.best_action(1, 1, False, size=1, card_value=0.1) == "reroll"
    # four blanks on a 4-card set: 1/16 to win 4 points is not worth 4 cards at 0.5
    assert odds.best_action(4, 4, False, size=4, card_value=0.5) == "stop"
    # with the bonus unused and worth its end point, spend cards first on one blank
    assert odds.best_action(1, 3, True, size=3, card_value=0.2) == "reroll"
    # a cost-free policy plays to win and equals the win table
    p = odds.solve()
    assert p.start(3, 2, True) == pytest.approx(odds.win_chance(3, 2, True))
    costly = odds.solve(3.0, 0.5, 1.0)
    sim = odds.simulate(3, 2, True, 100_000, seed=5, policy=costly)
    assert sim <= odds.win_chance(3, 2, True) + 4 * _sigma(0.5, 100_000)


# ---- bots ------------------------------------------------------------------------------
def test_bot_levels():
    assert list(BOTS) == ["random", "sensible", "expert"]
    assert isinstance(make_bot("sensible"), SensibleBot)
    with pytest.raises(ValueError):
        make_bot("genius")


class ViewOnly:
    """Fails if its bot were ever given anything but a view (e.g. another player's hand)."""

    def __init__(self, bot):
        self.bot = bot

    def choose(self, view, rng):
        assert set(view) >= {"hand", "hand_sizes", "legal"} and "hands" not in view
        move = self.bot.choose(view, rng)
        assert str(move) in view["legal"]
        return move


@pytest.mark.parametrize("level", [SensibleBot, LookoutBot, PlannerBot])
@pytest.mark.parametrize("players", [2, 4, 6])
def test_bots_play_legal_moves_from_views_only(players, level):
    for seed in range(3):
        g = tk.new_game(GAME, players=players, seed=seed)
        bots = [ViewOnly(level()) if i % 2 == 0 else RandomBot() for i in range(players)]
        play_out(g, bots, random.Random(seed))
        assert g.is_over


def test_lookout_weighs_what_a_steal_leaves_behind():
    # The middle shows 3 gold, 1 pearl and 1 jade; Bot holds 1 gold and 2 pearls. The 3 gold
    # are worth most this turn (1.22 points expected against the pearl's 0.88, re-rolls
    # free), and the sensible level takes them. Won, they would lie on Bot's side as a set
    # of 3: the other player's best try is then worth 3.8 points (their 3, Bot's loss of
    # 3) instead of 1.9 with the gold still in the middle, so the lookout takes the pearl.
    g = tk.setup_position(GAME, {"players": ["Ann", "Bot"], "turn": 1, "phase": "target",
                                 "hands": [None, ["gold", "pearl", "pearl", "ruby", "jade"]],
                                 "middle": {"gold": 3, "pearl": 1, "jade": 1}})
    view = g.view(1)
    bot = LookoutBot()
    gold, pearl = tk.Move("steal", "middle-gold-3"), tk.Move("steal", "middle-pearl-1")
    assert bot.steal_value(view, gold, view["hand"]) == pytest.approx(1.219, abs=1e-3)
    assert bot.steal_value(view, pearl, view["hand"]) == pytest.approx(0.875, abs=1e-3)
    assert bot.threat(view, {"pearl": 1, "jade": 1}, {"gold": 3}) == pytest.approx(3.797, abs=1e-3)
    assert bot.threat(view, view["middle"], {}) == pytest.approx(1.898, abs=1e-3)
    assert SensibleBot().choose(view, random.Random(0)) == gold
    assert bot.choose(view, random.Random(0)) == pearl


#: Bot to place, holding 1 pearl, 2 rubies and 2 jade (the planner's tests).
JADE_TABLE = {"players": ["Ann", "Bot"], "turn": 1, "phase": "place",
              "hands": [None, ["pearl", "ruby", "ruby", "jade", "jade"]],
              "middle": {"pearl": 2, "ruby": 2, "jade": 1}, "collections": [{"gold": 1}, {}]}


def test_planner_places_with_the_refill_in_mind():
    # Bot holds 1 pearl, 2 rubies, 2 jade; the middle shows 2 pearls, 2 rubies, 1 jade and
    # Ann has 1 gold. Placing both jade leaves no jade in hand as the lookout counts it, so
    # the set of 3 jade it makes looks hopeless (the best steal then is worth 0.05, against
    # 0.16 after placing one jade). But 2 cards are drawn before the steal (section "Place
    # card(s)"), from 66 unseen cards, 9 of them jade: counted over every way they fall,
    # placing both is worth 0.31 and one 0.28, and the planner places both.
    g = tk.setup_position(GAME, JADE_TABLE)
    view = g.view(1)
    hidden = tuple(unseen(view))
    assert hidden == (18, 16, 13, 10, 9)
    one, two = tk.Move("place", "jade-1"), tk.Move("place", "jade-2")
    lookout, planner = LookoutBot(), PlannerBot()
    after = {"pearl": 2, "ruby": 2, "jade": 3}
    assert max(lookout._targets_value(view, after, {"pearl": 1, "ruby": 2, "jade": 0})) \
        == pytest.approx(0.051, abs=1e-3)
    assert planner.placement_value(view, one) == pytest.approx(0.278, abs=1e-3)
    assert planner.placement_value(view, two) == pytest.approx(0.311, abs=1e-3)
    assert lookout.choose(view, random.Random(0)) == one
    assert planner.choose(view, random.Random(0)) == two


def test_planner_counts_every_refill_once():
    # The value of a placement is the mean, over every pair of unseen cards drawn (all
    # 2,145 equally likely), of the best steal with that hand.
    g = tk.setup_position(GAME, JADE_TABLE)
    view = g.view(1)
    planner = PlannerBot()
    hidden = tuple(unseen(view))
    pool = [TYPES[t] for t, k in enumerate(hidden) for _ in range(k)]
    middle = {"pearl": 2, "ruby": 2, "jade": 3}
    steals = planner._steals(view, middle)
    values = []
    for pair in itertools.combinations(range(len(pool)), 2):
        hand = {"pearl": 1, "ruby": 2, "jade": 0}
        for i in pair:
            hand[pool[i]] = hand.get(pool[i], 0) + 1
        values.append(max(planner.target_value(view, m, hand, middle) for m in steals))
    assert len(values) == 2145
    assert planner.placement_value(view, tk.Move("place", "jade-2")) \
        == pytest.approx(sum(values) / len(values), abs=1e-12)


def test_planner_draws_nothing_from_an_empty_pile():
    # With the draw pile empty no card comes back: the planner values a placement as
    # the lookout does.
    g = tk.setup_position(GAME, {**JADE_TABLE, "draw_pile": []})
    view = g.view(1)
    assert view["pile"] == 0
    planner = PlannerBot()
    for move in g.legal_moves():
        t, n = move.arg.split("-")
        hand = dict(view["hand"], **{t: view["hand"][t] - int(n)})
        middle = dict(view["middle"], **{t: view["middle"].get(t, 0) + int(n)})
        assert planner.placement_value(view, move) == pytest.approx(
            max(planner._targets_value(view, middle, hand)))


def test_sensible_beats_random():
    wins = 0
    for seed in range(20):
        g = tk.new_game(GAME, players=2, seed=seed)
        me = seed % 2
        bots = [SensibleBot(), RandomBot()][::1 if me == 0 else -1]
        play_out(g, bots, random.Random(seed))
        wins += g.winners() == [me]
    assert wins >= 16


def test_quick_playout_sketches_the_sensible_level():
    # The coach's playouts (COACH.rollout). Bot holds 1 gold, 2 pearls, 1 ruby and 1 jade.
    # Expected points with the bonus unused: the middle's 3 gold 3 x 0.633 = 1.90, its
    # pearl 0.94, its jade 0.88; Ann's 2 rubies count twice (her loss too), 4 x 0.75 = 3.0.
    table = {"players": ["Ann", "Bot"], "turn": 1,
             "hands": [None, ["gold", "pearl", "pearl", "ruby", "jade"]],
             "middle": {"gold": 3, "pearl": 1, "jade": 1}, "collections": [{"ruby": 2}, {}]}
    steady = random.Random(0)                     # its first draw, 0.84, is no random move
    assert random.Random(0).random() > QUICK_RANDOM
    g = tk.setup_position(GAME, {**table, "phase": "place"})
    assert quick_playout(g, g.legal_moves(), steady) == tk.Move("place", "pearl-1")  # most held
    g = tk.setup_position(GAME, {**table, "phase": "target"})
    assert 4 * odds.win_chance(2, 1, True) == pytest.approx(3.0)
    assert quick_playout(g, g.legal_moves(), random.Random(0)) == tk.Move("steal", "p0-ruby-2")
    g.play("steal:p0-ruby-2")
    g.play("roll:PB")                             # one die failed, one ruby in hand: free
    assert quick_playout(g, g.legal_moves(), random.Random(0)) == tk.Move("reroll", "ruby")
    g.play("reroll:ruby")
    g.play("roll:B")                              # no ruby left: the bonus (worth 1) for 4
    assert quick_playout(g, g.legal_moves(), random.Random(0)) == tk.Move("bonus")
    # one draw in ten plays any legal move (here the bonus or stop), at random
    moves = g.legal_moves()
    odd = [seed for seed in range(200)
           if quick_playout(g, moves, random.Random(seed)) != tk.Move("bonus")]
    assert odd and all(random.Random(seed).random() < QUICK_RANDOM for seed in odd)
