"""Computer players: the Bot protocol, every move of 120 games legal, and playing strength."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

import treasurekit as tk
from treasurekit.core.bots import Bot, RandomBot, bot_move, play_out
from treasurekit.games.diving_bell import odds
from treasurekit.games.diving_bell.bots import (
    BOTS,
    PressureBot,
    SensibleBot,
    division_prefix,
    make_bot,
)

from .helpers import VARIANTS, position

LEGAL_GAMES = 120            # games checked move by move, spread over variants and pairings
CHUNKS = 1                   # test items per variant (for pytest-xdist)
PAIRINGS: list[tuple[Callable[[], Bot], Callable[[], Bot]]] = [
    (SensibleBot, RandomBot), (RandomBot, SensibleBot), (SensibleBot, SensibleBot),
    (RandomBot, RandomBot),
]
STRENGTH_SEEDS = range(30)   # each seed is played with the sensible bot in both seats


def checked_game(variant: str, seed: int, bots: list[Bot]) -> tk.Game:
    """Play a game to the end, asserting that every bot move is in the view's legal list."""
    g = tk.new_game("diving_bell", seed=seed, variant=variant)
    rng = random.Random(seed)
    while not g.is_over:
        if g.is_chance:
            g.deal()
            continue
        player = g.current_player
        assert player is not None
        view = g.view(player)
        before = json.dumps(view, sort_keys=True)
        move = bots[player].choose(view, rng)
        assert json.dumps(view, sort_keys=True) == before, "a bot must not change its view"
        assert isinstance(move, tk.Move)
        assert str(move) in view["legal"], (variant, seed, bots[player].name, view, move)
        g.play(move)
        assert len(g.history) < 3000
    return g


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("variant", VARIANTS)
def test_bots_only_make_legal_moves(variant: str, chunk: int) -> None:
    per_item = LEGAL_GAMES // (len(VARIANTS) * CHUNKS)
    for k in range(per_item):
        seed = chunk * per_item + k
        first, second = PAIRINGS[seed % len(PAIRINGS)]
        g = checked_game(variant, 10_000 + seed, [first(), second()])
        assert g.is_over and g.winners()


def _win_rate(variant: str, strong: Callable[[], Bot], weak: Callable[[], Bot]) -> float:
    """Share of games the strong bot wins outright, playing each seed from both seats."""
    wins = games = 0
    for seed in STRENGTH_SEEDS:
        for seat in (0, 1):
            bots = [strong(), weak()] if seat == 0 else [weak(), strong()]
            g = play_out(tk.new_game("diving_bell", seed=seed, variant=variant), bots,
                         random.Random(seed))
            wins += g.winners() == [seat]
            games += 1
    return wins / games


@pytest.mark.parametrize("variant", ["standard", "advanced"])
def test_sensible_beats_random_clearly(variant: str) -> None:
    assert _win_rate(variant, SensibleBot, RandomBot) >= 0.9


def test_sensible_beats_a_stop_at_pressure_6_diver() -> None:
    assert _win_rate("standard", SensibleBot, PressureBot) >= 0.65


# ---- protocol and registry --------------------------------------------------------
def test_registry_and_protocol() -> None:
    assert list(BOTS) == ["random", "sensible", "expert"]
    for level in BOTS:
        bot = make_bot(level)
        assert isinstance(bot, Bot)
        assert bot.name == level
    assert isinstance(PressureBot(), Bot)
    with pytest.raises(ValueError, match="sensible"):
        make_bot("grandmaster")


def test_bot_move_asks_the_bot_with_the_movers_view() -> None:
    g = tk.new_game("diving_bell", seed=3)
    seen: list[dict[str, Any]] = []

    class Spy:
        name = "spy"

        def choose(self, view: dict[str, Any], rng: random.Random) -> tk.Move:
            seen.append(view)
            return tk.Move("draw")

    assert bot_move(g, Spy(), random.Random(0)) == tk.Move("draw")
    assert seen == [g.view(0)]
    g.play("draw")
    with pytest.raises(ValueError):
        bot_move(g, Spy(), random.Random(0))       # a chance step: nobody is to move
    with pytest.raises(ValueError):
        RandomBot().choose(g.view(0), random.Random(0))


def test_bots_are_reproducible() -> None:
    a = play_out(tk.new_game("diving_bell", seed=5), [SensibleBot(), RandomBot()],
                 random.Random(1))
    b = play_out(tk.new_game("diving_bell", seed=5), [SensibleBot(), RandomBot()],
                 random.Random(1))
    assert a.history == b.history


# ---- sensible decisions ---------------------------------------------------------------
def test_diver_keeps_a_lone_big_card_and_draws_on_an_empty_row() -> None:
    bot, rng = SensibleBot(), random.Random(0)
    g = position(row=["gold5/3"])
    assert bot.choose(g.view(0), rng) == tk.Move("stop")
    g = position(row=[])
    assert bot.choose(g.view(0), rng) == tk.Move("draw")


def test_diver_follows_the_outlook() -> None:
    bot, rng = SensibleBot(), random.Random(0)
    for row in (["map1/0"], ["cursed-2/0"], ["gold1/0", "map1/0"], ["gold5/3", "gold4/3"]):
        v = position(row=row).view(0)
        out = odds.dive_outlook(v["row"], v["unseen"], v["pressure"], v["krakens"], v["limit"],
                                v["piles"][0], v["piles"][1])
        expected = "draw" if out.draw > out.stop else "stop"
        assert str(bot.choose(v, rng)) == expected


@pytest.mark.parametrize("burst", [False, True])
def test_divider_plays_the_best_division_card_by_card(burst: bool) -> None:
    row = (["ruby3/1", "gold5/3", "ruby3/2", "map1/2", "gold4/3"] if burst
           else ["ruby3/1", "gold5/3", "ruby3/2", "map1/0", "compass2/1"])
    piles = {"Ann": ["ruby3/1"], "Bob": ["compass2/2", "map1/1"]}
    g = position(row=row, phase="divide", piles=piles)
    assert g.state.burst == burst
    v = g.view(1)
    best = odds.best_division(v["row"], v["piles"][0], v["piles"][1], burst)
    bot, rng = SensibleBot(), random.Random(0)
    while g.state.phase == "divide":
        g.play(bot_move(g, bot, rng))
    v = g.view(1)
    assert sorted(v["division"]["A"]) == sorted(best.a)
    assert sorted(v["division"]["B"]) == sorted(best.b)


@pytest.mark.parametrize("seed", range(20))
def test_divider_completes_a_division_someone_else_started(seed: int) -> None:
    rng = random.Random(seed)
    pool = ["ruby3/1", "ruby3/1", "ruby3/2", "map1/0", "map1/0", "map1/1", "gold2/1",
            "gold1/0", "cursed-2/0", "cursed-2/0", "compass2/1", "compass2/2"]
    row = rng.sample(pool, rng.randint(2, 7))
    g = position(row=row, phase="divide")
    burst = g.state.burst
    started = rng.randint(0, len(row) - 1)
    for _ in range(started):
        g.play(rng.choice(g.legal_moves()))
    prefix = division_prefix(row, g.view(1)["division"])
    expected = odds.best_division(row, [], [], burst, prefix).chooser_value
    bot = SensibleBot()
    while g.state.phase == "divide":
        g.play(bot_move(g, bot, rng))
    v = g.view(0)
    a, b = v["division"]["A"], v["division"]["B"]
    got = max(odds.pile_gain([], a) - odds.pile_gain([], b),
              odds.pile_gain([], b) - odds.pile_gain([], a))
    if not burst:
        assert got == expected


def test_division_prefix_handles_copies_on_both_piles() -> None:
    row = ["ruby3/1", "map1/0", "gold2/1", "kraken", "map1/1", "map1/0", "emerald3/2"]
    division = {"A": ["ruby3/1", "map1/0"], "B": ["map1/0", "gold2/1", "map1/1"]}
    prefix = division_prefix(row, division)
    assert len(prefix) == 5
    cards = odds.treasure_codes(row)[:5]
    assert sorted(c for c, p in zip(cards, prefix, strict=True) if p == "A") == sorted(
        division["A"])
    with pytest.raises(ValueError):
        division_prefix(row, {"A": ["gold5/3"], "B": []})


def test_chooser_takes_the_better_net_pile() -> None:
    # with two emeralds at home, a third one (3 + 3 bonus) beats a gold 4
    g = position(row=["emerald3/2", "gold4/2"], phase="choose", division=["A", "B"],
                 piles={"Ann": ["emerald3/1", "emerald3/1"], "Bob": []})
    assert SensibleBot().choose(g.view(0), random.Random(0)) == tk.Move("take", "A")
    g = position(row=["emerald3/2", "gold4/2"], phase="choose", division=["A", "B"])
    assert SensibleBot().choose(g.view(0), random.Random(0)) == tk.Move("take", "B")
    # after a burst the divider (Bob) chooses first
    g = position(row=["gold5/3", "gold4/3", "gold3/2", "gold5/3"], phase="choose",
                 division=["A", "B", "A", "B"])
    assert g.current_player == 1
    assert SensibleBot().choose(g.view(1), random.Random(0)) == tk.Move("take", "B")


def test_reshuffle_vote_agrees_only_when_behind() -> None:
    bot, rng = SensibleBot(), random.Random(0)
    view: dict[str, Any] = {"phase": "vote", "you": 0, "legal": ["reshuffle:yes", "reshuffle:no"],
                            "scores": [10, 20], "piles": [["gold5/3"], ["gold5/3"]]}
    assert bot.choose(view, rng) == tk.Move("reshuffle", "yes")
    view["scores"] = [20, 10]
    assert bot.choose(view, rng) == tk.Move("reshuffle", "no")
    view["scores"], view["piles"] = [10, 10], [["gold5/3"], ["gold4/2", "gold1/0"]]
    assert bot.choose(view, rng) == tk.Move("reshuffle", "yes")    # behind on the tie-break
