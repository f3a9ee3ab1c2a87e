"""Coralia bots: legal moves from the view alone; the sensible bot beats the random one."""

from __future__ import annotations

import random

import pytest

import treasurekit as tk
from treasurekit.core.bots import play_out
from treasurekit.games.coralia.bots import BOTS, SensibleBot, make_bot


@pytest.mark.parametrize("players", (2, 3, 4))
def test_bots_play_whole_games_from_their_views(players):
    for seed in range(10):
        bots = [make_bot(level) for level in ("sensible", "random", "sensible", "random")]
        g = play_out(tk.new_game("coralia", players=players, seed=seed), bots[:players],
                     random.Random(seed))
        assert g.is_over and g.winners()


def test_sensible_beats_random():
    wins = 0
    for seed in range(60):
        bots = [SensibleBot(), BOTS["random"]()]
        g = play_out(tk.new_game("coralia", players=2, seed=seed), bots, random.Random(seed))
        wins += 0 in g.winners()
    assert wins >= 40


def test_sensible_takes_points_now_and_spares_octopus_owners():
    g = tk.setup_position("coralia", {
        "players": ["Ann", "Bot"], "turn": "Bot", "phase": "place",
        "board": {"blue": ["pearl", "fish", "turtle", "starfish"], "red": ["fish"],
                  "green": ["fish", "octopus"]},
        "octopuses": {"green": "Ann"},
        "station": ["blue-octopus", "red-fish", "green-fish", "yellow-starfish"]})
    assert str(SensibleBot().choose(g.view(1), random.Random(0))) == "place:blue-octopus"
    g = tk.setup_position("coralia", {
        "players": ["Ann", "Bot"], "turn": "Bot", "phase": "place",
        "board": {"red": ["fish"], "green": ["fish", "octopus"]},
        "octopuses": {"green": "Ann"},
        "station": ["red-fish", "green-fish", "green-fish", "red-fish"]})
    assert str(SensibleBot().choose(g.view(1), random.Random(0))) == "island:red-fish"
