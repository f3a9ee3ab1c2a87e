"""Illegal moves are refused with IllegalMove and a reason; nothing changes. Hostile
positions and saves raise InvalidSave, fast, and nothing else."""

from __future__ import annotations

import json

import pytest

import treasurekit as tk

from ...checks import assert_refused, bounded_work, engine_loaded
from .helpers import play, position, through_setup

STATION = ["blue-pearl", "red-fish", "green-turtle", "yellow-octopus"]


def test_no_free_space_for_a_normal_action():
    g = position(2, phase="place", board={"blue": ["pearl"]}, station=STATION)
    assert_refused(g, "place:blue-pearl", "taken")


def test_island_only_for_a_die_whose_space_is_taken():
    g = position(2, phase="place", station=STATION)
    assert_refused(g, "island:red-fish", "free")


def test_third_octopus():
    g = position(2, phase="place", board={"red": ["octopus"], "green": ["octopus"]},
                 octopuses={"red": "Ann", "green": "Ann"}, station=STATION)
    assert_refused(g, "place:yellow-octopus", "both octopuses")


def test_too_many_turtle_locks():
    g = position(2, turtles={"Ann": ["fish"]}, board={"red": ["turtle"]},
                 station=["blue-diver", "green-starfish", "yellow-pearl"])
    play(g, "lock:blue-diver")
    assert_refused(g, "lock:green-starfish", "1 turtle")
    g = position(2, turtles={"Ann": ["fish", "island", "copy", "chest"]},
                 board={"red": ["turtle"], "orange": ["turtle"], "violet": ["turtle"],
                        "green": ["turtle"]},
                 station=["blue-diver", "green-starfish", "yellow-pearl"])
    play(g, "lock:blue-diver lock:green-starfish lock:yellow-pearl")
    assert_refused(g, "lock:yellow-pearl", "at most 3")        # the fourth lock


def test_out_of_turn_and_wrong_step():
    g = position(2, phase="place", station=STATION)
    assert_refused(g, "pick:red")
    assert_refused(g, "roll:blue-pearl")
    assert_refused(g, "keep:pearl-2")
    g = through_setup(2)
    assert_refused(g, "place:blue-pearl")                      # the first pick comes first
    play(g, "pick:blue")
    assert_refused(g, "pick:blue", "4 different colours")


def test_chance_outcomes_that_cannot_happen():
    g = position(2, phase="place", station=STATION)
    play(g, "place:blue-pearl")
    assert_refused(g, "draw:fish-fire")                        # not a pearl card
    g = position(2, phase="turn", station=["blue-pearl", "red-fish", "green-turtle"])
    play(g, "pick:red")
    assert_refused(g, "roll:blue-pearl,red-fish,green-turtle")  # four dice roll
    assert_refused(g, "roll:blue-pearl,red-fish,green-turtle,yellow-fish")
    assert_refused(g, "roll:blue-pearl,red-fish,green-turtle,red-elephant")


@pytest.mark.parametrize("bad", ["", "   ", "place", "place:", "place:blue", "place:blue-",
                                 "place:pink-pearl", "pl@ce:blue-pearl", "place:blue-pearl:x",
                                 "roll:" + "x" * 500, ":::", "island:blue-pearl,red-fish"])
def test_bad_notation(bad):
    g = position(2, phase="place", station=STATION)
    if not bad.strip() or not bad.split(":")[0].replace("-", "").isalnum():
        with pytest.raises(tk.IllegalMove):
            g.play(bad)
    else:
        assert_refused(g, bad)


HOSTILE = [
    {"players": ["A", "B"], "nonsense": 1},
    {"players": ["A", "B"], "board": {"pink": ["pearl"]}},
    {"players": ["A", "B"], "board": {"blue": ["pearl", "pearl"]}},
    {"players": ["A", "B"], "board": {"blue": "pearl"}},
    {"players": ["A", "B"], "board": {"blue": [1]}},
    {"players": ["A", "B"], "board": {c: ["white-pearl"] for c in ("blue", "red", "green")}},
    {"players": ["A", "B"], "island": {"blue": 7}},
    {"players": ["A", "B"], "island": {"blue": -1}},
    {"players": ["A", "B"], "island": {"blue": True}},
    {"players": ["A", "B"], "station": ["blue-pearl"]},
    {"players": ["A", "B"], "phase": "place", "station": ["blue-pearl"]},
    {"players": ["A", "B"], "phase": "dance"},
    {"players": ["A", "B"], "octopuses": {"blue": "A"}},
    {"players": ["A", "B"], "octopuses": {"blue": "Z"}, "board": {"blue": ["octopus"]}},
    {"players": ["A", "B"], "board": {"blue": ["octopus"]}},
    {"players": ["A", "B"], "octopuses": {c: "A" for c in ("blue", "red", "green")},
     "board": {c: ["octopus"] for c in ("blue", "red", "green")}},
    {"players": ["A", "B"], "divers": {"A": "blue"}},
    {"players": ["A", "B"], "divers": {"A": ["blue"]}},
    {"players": ["A", "B"], "turtles": {"A": ["fish", "fish"]}},
    {"players": ["A", "B"], "turtles": {"A": ["dragon"]}},
    {"players": ["A", "B"], "turtles_beside": ["fish", "island", "copy"]},
    {"players": ["A", "B"], "chests": {"A": ["fish", "fish"]}},
    {"players": ["A", "B"], "chests_on_reefs": ["blue"]},
    {"players": ["A", "B"], "cards": {"A": ["pearl-9"]}},
    {"players": ["A", "B"], "cards": {"A": ["stingray"] * 3}},
    {"players": ["A", "B"], "cards": {"A": ["pearl-2"] * 5}},
    {"players": ["A", "B"], "cards": {"A": "pearl-2"}},
    {"players": ["A", "B"], "cards": {"Z": ["pearl-2"]}},
    {"players": ["A", "B"], "island_pile": ["stingray"]},
    {"players": ["A", "B"], "island_pile": [None]},
    {"players": ["A", "B"], "points": {"A": -3}},
    {"players": ["A", "B"], "points": {"A": "7"}},
    {"players": ["A", "B"], "starter": "Z"},
    {"players": ["A", "B"], "station": ["blue-pearl"] * 2000},
    {"players": ["A", "B", "C", "D", "E"]},
    {"players": "AB"},
    {"players": ["A", "B"], "phase": "place",
     "station": ["blue-octopus", "red-octopus", "green-octopus", "yellow-octopus"],
     "board": {"orange": ["octopus"], "violet": ["octopus"]},
     "octopuses": {"orange": "A", "violet": "A"}},
]


@pytest.mark.parametrize("desc", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_positions_raise_invalid_save(desc):
    engine_loaded()              # (a first import is no work of the input that meets it)
    # measured: at most 6,175 calls and 0.06 MB (a station of 2,000 dice), 6,954 and 0.14 MB
    # the first time in a process; under 400 calls for any other
    with bounded_work(calls=50_000, memory_mb=1), pytest.raises(tk.InvalidSave) as info:
        tk.setup_position("coralia", desc)
    assert len(str(info.value)) < 200


def test_a_place_step_whose_dice_cannot_go_anywhere_is_refused():
    """Four octopus dice for a player whose two octopuses are on the board: no die may go
    to its octopus space, and none to the island while those spaces are free."""
    with pytest.raises(tk.InvalidSave, match="none of these dice can be placed"):
        tk.setup_position("coralia", {
            "players": ["Ann", "Bot"], "turn": "Bot", "phase": "place",
            "board": {c: ["octopus"] for c in ("red", "green")},
            "octopuses": {c: "Bot" for c in ("red", "green")},
            "station": [f"{c}-octopus" for c in ("blue", "yellow", "orange", "violet")]})


def test_hostile_saves_raise_invalid_save():
    g = position(2, phase="place", station=STATION)
    play(g, "place:blue-pearl draw:pearl-2 draw:pearl-3")
    save = json.loads(g.to_json())
    for moves in (["place:red-pearl"], ["draw:pearl-9"], [None], ["x" * 10_000],
                  save["moves"] + ["keep:fish-fire"]):
        bad = dict(save, moves=moves)
        with pytest.raises(tk.InvalidSave):
            tk.load_game(json.dumps(bad))
    with pytest.raises(tk.InvalidSave):
        tk.load_game(json.dumps(dict(save, position={"board": 5})))
    assert tk.load_game(g.to_json()).state == g.state


JUNK = [None, -1, 0, 7, 10**12, True, 2.5, "", "x" * 300, "pearl-2", "blue", "Jenny",
        "white-pearl", [], ["pearl"], {}, {"blue": 1}, {"Jenny": ["blue"]}, [[["deep"]]]]


def _mutate(value, rng):
    """The description with one value somewhere replaced by junk (not the player list:
    the core checks that for every game)."""
    if isinstance(value, dict) and value and rng.random() < 0.8:
        key = rng.choice(sorted((k for k in value if k != "players"), key=str))
        return {**value, key: _mutate(value[key], rng)}
    if isinstance(value, list) and value and rng.random() < 0.8:
        i = rng.randrange(len(value))
        return value[:i] + [_mutate(value[i], rng)] + value[i + 1:]
    return rng.choice(JUNK)


def test_mangled_positions_load_or_raise_invalid_save_only():
    import random

    from treasurekit.games.coralia.examples import EXAMPLES

    rng = random.Random(5)
    loaded = refused = 0
    engine_loaded()
    # measured: at most 1,631 calls and 0.04 MB for loading and 40 moves (0.09 MB the first
    # time in a process)
    for i in range(600):
        desc = _mutate(EXAMPLES[i % len(EXAMPLES)].position, rng)
        with bounded_work(calls=15_000, memory_mb=0.5):
            try:
                g = tk.setup_position("coralia", desc)
                loaded += 1
                for _ in range(40):               # a table that loads also plays on
                    if g.is_over:
                        break
                    g.deal() if g.is_chance else g.play(rng.choice(g.legal_moves()))
            except tk.InvalidSave as err:
                refused += 1
                assert len(str(err)) < 200
    assert loaded and refused
