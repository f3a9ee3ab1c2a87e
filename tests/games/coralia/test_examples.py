"""The rulebook's five worked examples, replayed with the book's numbers, forward and back."""

from __future__ import annotations

import pytest

import treasurekit as tk
from treasurekit.games.coralia.cards import CHESTS, COLOURS, SPACES, Section
from treasurekit.games.coralia.examples import (
    DIVER,
    EXAMPLES,
    ISLAND,
    LOCK_IN,
    OCTOPUS,
    SCORING,
)

from .helpers import kinds


def test_octopus_example_jenny_scores_four():
    g = OCTOPUS.run()
    assert g.scores() == [4, 0, 0, 0]
    assert g.state.octopus[COLOURS.index("blue")] == 0


def test_diver_example_michael_recovers_the_green_chest():
    g = DIVER.start()
    events = DIVER.play_step(g, 0)
    assert kinds(events) == ["place", "diver_move"] and g.is_chance
    green = COLOURS.index("green")
    assert g.state.board[green * SPACES + 6] == green          # down on the treasure space
    assert g.state.board[green * SPACES + 4] == -1
    events = DIVER.play_step(g, 1)
    assert kinds(events)[:2] == ["chest", "stingray"]
    assert events[0].section == Section.DIVER and events[1].section == Section.TREASURE_CHESTS
    assert g.state.chests[0] == [CHESTS.index("stingray")]
    assert g.view(0)["cards"] == ["stingray"]


def test_lock_in_example_jenny_keeps_the_blue_diver():
    g = LOCK_IN.start()
    LOCK_IN.play_step(g, 0)
    LOCK_IN.play_step(g, 1)
    rolling = g.chance_outcomes()[0][0].arg
    assert "blue" not in rolling and rolling.count(",") == 2   # green, yellow, red roll
    LOCK_IN.play_step(g, 2)
    assert g.view(0)["station"][0] == {"colour": "blue", "symbol": "diver", "locked": True}
    LOCK_IN.play_step(g, 3)
    assert g.state.diver[0] == COLOURS.index("blue")


def test_island_example_jenny_two_points_anita_keeps_one_of_two():
    g = ISLAND.run()
    assert g.scores() == [0, 2, 0, 0]
    assert g.view(0)["cards"] == ["pearl-4"] and g.view(1)["card_counts"][0] == 1
    assert g.state.island[COLOURS.index("green")] == 1
    assert g.state.pile_size(3) == 2                           # the other card went under


def test_scoring_example_jacques_44_jenny_59():
    g = SCORING.start()
    assert kinds(g.opening) == ["reveal", "sf_treasure"]
    SCORING.play_step(g, 0)
    assert g.scores() == [4, 0]                                # 4 dice on the island
    SCORING.play_step(g, 1)
    SCORING.play_step(g, 2)
    assert g.view(0)["open_cards"][0].count("star-pearl6") == 2
    SCORING.play_step(g, 3)
    assert g.scores() == [4, 6]                                # 3 per turtle, 2 turtles
    SCORING.play_step(g, 4)
    events = SCORING.play_step(g, 5)
    points = {(e.kind, e.param("player")): e.param("count") for e in events
              if e.kind in ("diver_score", "fish_score", "per_fish", "pearl_score")}
    assert points == {("diver_score", "Jacques"): 11, ("diver_score", "Jenny"): 15,
                      ("fish_score", "Jacques"): 7, ("fish_score", "Jenny"): 21,
                      ("per_fish", "Jenny"): 10, ("pearl_score", "Jacques"): 22,
                      ("pearl_score", "Jenny"): 7}
    assert g.scores() == [44, 59] and g.winners() == [1]


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.key)
def test_examples_replay_forward_and_back_in_both_languages(example):
    g = example.start()
    states = [g.state.clone()]
    for i, step in enumerate(example.steps):
        for lang in ("en", "nl"):
            assert step.caption.text(lang)
        for e in example.play_step(g, i):
            for lang in ("en", "nl"):
                assert e.text(lang) and e.rule(lang)
        states.append(g.state.clone())
    for lang in ("en", "nl"):
        assert example.title(lang) and example.intro(lang)
        assert example.outcome(g).text(lang)
    loaded = tk.load_game(g.to_json())
    assert loaded.state == g.state
    for i in reversed(range(len(example.steps))):
        for _ in example.steps[i].moves:
            g.undo()
        assert g.state == states[i]


def test_examples_are_the_books_five():
    assert [e.key for e in EXAMPLES] == ["octopus", "diver", "lock_in", "island", "scoring"]
