"""The engine's odds helper (``coralia.odds``) against the roll outcomes themselves, and the
final scoring table (``coralia.scoring``) against the points every event gives."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

import treasurekit as tk
from treasurekit.games.coralia.bots import SensibleBot
from treasurekit.games.coralia.cards import COLOURS, SYMBOLS
from treasurekit.games.coralia.examples import SCORING
from treasurekit.games.coralia.odds import pick_table, wanted_chance
from treasurekit.games.coralia.scoring import STEPS, points_of, scoring_table

STATION = ["blue-diver", "green-starfish", "blue-pearl"]


def _enumerated(game: tk.Game, reef: str, symbol: str) -> Fraction:
    """Chance of the wanted die, summed over the engine's own roll outcomes."""
    assert game.is_chance
    total = Fraction(0)
    for move, p in game.chance_outcomes():
        game.play(move)
        hit = any(d["colour"] == reef and d["symbol"] == symbol
                  for d in game.view(None)["station"])
        game.undo()
        total += Fraction(p).limit_denominator(10**6) if hit else 0
    return total


@pytest.mark.parametrize("lock", [None, "blue-diver", "blue-pearl"])
@pytest.mark.parametrize("pick", ["blue", "red"])
def test_lock_in_odds_are_exactly_the_roll_outcomes(lock: str | None, pick: str) -> None:
    g = tk.setup_position("coralia", {"players": ["Ann", "Bob"], "station": STATION,
                                      "turtles": {"Ann": ["fish"]}})
    if lock:
        g.play(f"lock:{lock}")
    view = g.view(0)
    odds = {(r, s): wanted_chance(view["station"], pick, r, s)
            for r in ("blue", "red", "green") for s in SYMBOLS}
    assert pick_table(view, "blue", "diver")[pick] == odds["blue", "diver"]
    g.play(f"pick:{pick}")
    for (reef, symbol), p in odds.items():
        assert _enumerated(g, reef, symbol) == p, (reef, symbol)


def test_odds_refuse_a_die_that_does_not_exist() -> None:
    with pytest.raises(ValueError):
        wanted_chance([], "blue", "pink", "pearl")


def test_pick_table_offers_only_colours_the_supply_still_has() -> None:
    g = tk.setup_position("coralia", {"players": ["Ann", "Bob"], "station": STATION})
    view = g.view(0)
    assert set(pick_table(view, "red", "fish")) == {c for c in COLOURS if view["supply"][c]}


def test_scoring_table_of_the_book_example_builds_up_step_by_step() -> None:
    g = SCORING.start()
    seen = []
    for i in range(len(SCORING.steps)):
        table = scoring_table(g)
        assert table is not None
        seen.append(table.reached)
        SCORING.play_step(g, i)
    table = scoring_table(g)
    assert table is not None and table.reached == len(STEPS)
    assert [(r.player, r.total) for r in table.rows] == [("Jacques", 44), ("Jenny", 59)]
    assert [r.before + sum(x or 0 for x in r.steps) for r in table.rows] == [44, 59]
    assert seen == sorted(seen) and seen[0] == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_point_of_a_whole_game_is_told_by_an_event(players: int) -> None:
    g = tk.new_game("coralia", players, seed=players)
    rng = random.Random(players)
    bot = SensibleBot()
    assert scoring_table(g) is None
    while not g.is_over:
        if g.is_chance:
            g.deal()
        else:
            g.play(bot.choose(g.view(g.current_player), rng))
    got = [0] * players
    for e in g.events:
        found = points_of(e)
        if found:
            got[g.players.index(found[0])] += found[1]
    assert got == g.scores()
    table = scoring_table(g)
    assert table is not None
    assert [r.before + sum(x or 0 for x in r.steps) for r in table.rows] == g.scores()
