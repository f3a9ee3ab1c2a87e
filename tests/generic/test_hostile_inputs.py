"""Hostile saves, positions and seats: every game in ``tk.GAMES`` refuses them cleanly.

Every bad input must raise a documented treasurekit error (``InvalidSave`` for saves and
positions, ``UnknownPlayer`` for a seat), fast, with a short message that never echoes the
hostile value in full, and leave any existing game unchanged. The inputs listed in issue 9
are checked one by one for every game; then a seeded fuzz mutates real saves and positions
(the rulebook examples', the lessons' and random games') at least 2,000 times per game and
per entry point.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import treasurekit as tk
from treasurekit.core.teaching import examples_of, lesson_of

from ..checks import bounded_work, engine_loaded, step_randomly

GAMES = sorted(tk.GAMES)
FUZZ = 2000
MESSAGE = tk.InvalidSave.MAX_MESSAGE
#: the work a refused input may cost (a guard against hangs and memory blow-ups): the most
#: measured is 1,151 calls (a save of Captain Lucky with 1,000 players "Ann") and 1.01 MB (a
#: save of 1 MB, read; one of 10 MB is refused unread), under 0.1 MB for any other
REFUSED_CALLS, REFUSED_MB = 10_000, 10
#: the work an input that may load may cost, replaying its moves: the most measured is 5,497
#: calls and 0.33 MB (a fuzzed save of Coralia); under 1,000 calls for positions
ANSWERED_CALLS, ANSWERED_MB = 50_000, 3


@pytest.fixture(autouse=True)
def _engine_loaded() -> None:
    engine_loaded()              # (a first import is no work of the input that meets it)


def positions(name: str) -> list[dict[str, Any]]:
    """The positions the game's own examples and lessons set up (all valid)."""
    found = [dict(e.position) for e in examples_of(name)]
    found += [dict(s.position) for s in lesson_of(name)]
    assert found, name
    return found


def saves(name: str, count: int = 4) -> list[str]:
    """Saves of seeded random games stopped part-way, and of games from the positions."""
    rng = random.Random(name)
    out = []
    starts: list[Callable[[], tk.Game]] = [
        (lambda s=s: tk.new_game(name, tk.core.game_class(name).min_players, seed=s))
        for s in range(count)]
    starts += [(lambda p=p: tk.setup_position(name, p, seed=3)) for p in positions(name)[:3]]
    for start in starts:
        g = start()
        for _ in range(rng.randrange(1, 40)):
            if g.is_over:
                break
            step_randomly(g, rng)
        out.append(g.to_json())
    return out


def refused(call: Callable[[], Any], error: type[Exception] = tk.InvalidSave) -> Exception:
    """``call()`` raises ``error`` (nothing else), with little work, with a short message."""
    with bounded_work(calls=REFUSED_CALLS, memory_mb=REFUSED_MB), \
            pytest.raises(error) as info:
        call()
    text = str(info.value)
    assert 0 < len(text) <= MESSAGE, text[:400]
    return info.value


def accepted_or_refused(call: Callable[[], Any], shown: str) -> None:
    """``call()`` either works or raises InvalidSave with a short message; never more."""
    with bounded_work(calls=ANSWERED_CALLS, memory_mb=ANSWERED_MB):
        try:
            call()
        except tk.InvalidSave as err:
            assert 0 < len(str(err)) <= MESSAGE, str(err)[:400]
        except Exception as err:  # noqa: BLE001 - any other type is the failure reported
            pytest.fail(f"{type(err).__name__}: {str(err)[:200]} for {shown[:300]}")


# ---- the inputs listed in the issue, for every game ---------------------------------------

@pytest.mark.parametrize("name", GAMES)
def test_listed_hostile_saves_are_refused(name: str) -> None:
    save = json.loads(saves(name, 1)[0])
    bad_texts: list[Any] = [
        "[" * 1000 + "]" * 1000, "{" * 100_000, '{"seed": ' + "9" * 5000 + "}",
        b"\xff", b"\xc3\x28", "", "null", "[]", "7", '"save"', None, 12, ["a"],
        '{"a": NaN}', '{"a": Infinity}', '{"a": 1e999}', '"\\ud800"',
        json.dumps(save)[:-1],
    ]
    for text in bad_texts:
        refused(lambda text=text: tk.load_game(text))
    changes: list[tuple[str, Any]] = [
        ("version", True), ("version", 1.0), ("version", 2), ("version", "1"),
        ("seed", int("9" * 30)), ("seed", True), ("seed", 1.5), ("seed", -(10**25)),
        ("players", 1_000_000_000), ("players", ["x" * 10_000_000, "Bob"]),
        ("players", [["Ann"], "Bob"]), ("players", ["Ann", "Ann"]), ("players", []),
        ("players", ["Ann"] * 1000), ("game", "chess"), ("game", "x" * 1_000_000),
        ("variant", "x" * 10_000), ("variant", ["standard"]), ("position", []),
        ("position", {"unknown_key": 1}), ("position", {"title": [["x"]]}),
        ("moves", ["x" * 1_000_000]), ("moves", [["draw"]]), ("moves", [None]),
        ("moves", ["nonsense"] * 10), ("moves", "draw"), ("format", "other"),
        ("unknown_key", 1),
    ]
    for key, value in changes:      # (each text is written before refused() counts the work)
        text = json.dumps(dict(save, **{key: value}))
        err = refused(lambda text=text: tk.load_game(text))
        assert "x" * 100 not in str(err)
    for key in save:
        text = json.dumps({k: v for k, v in save.items() if k != key})
        refused(lambda text=text: tk.load_game(text))


@pytest.mark.parametrize("name", GAMES)
def test_listed_hostile_positions_are_refused(name: str) -> None:
    refused(lambda: tk.setup_position(name, '{"players": 1000000000}'))
    refused(lambda: tk.setup_position(name, {"players": 10**40}))
    refused(lambda: tk.setup_position(name, b"\xff"))
    refused(lambda: tk.setup_position(name, "[" * 1000 + "]" * 1000))
    refused(lambda: tk.setup_position(name, '{"players": ' + "9" * 5000 + "}"))
    refused(lambda: tk.setup_position(name, {"players": True}))
    refused(lambda: tk.setup_position(name, {"no_such_key": 1}))
    refused(lambda: tk.setup_position(name, [1, 2]))          # type: ignore[arg-type]
    refused(lambda: tk.setup_position(name, {"players": [object(), "Bob"]}))
    refused(lambda: tk.setup_position(name, {1: "a"}))       # type: ignore[dict-item]
    nested: list[Any] = []
    for _ in range(5000):
        nested = [nested]
    refused(lambda: tk.setup_position(name, {"title": nested}))
    values = [None, True, 1.5, -1, 10**20, "x" * 10_000_000, [["ruby"]], [[["r8/sea"]]],
              {"Ann": [["r8/sea"]]}, {"x": {}}, [None], [True]]
    shown = [f"{value!r:.60}" for value in values]      # (a 10 MB repr once, not per key)
    for pos in positions(name):
        for key in pos:
            for value, text in zip(values, shown, strict=True):
                bad = dict(pos, **{key: value})
                accepted_or_refused(lambda bad=bad: tk.setup_position(name, bad),
                                    f"{key}={text}")


def test_listed_positions_of_the_issue() -> None:
    refused(lambda: tk.setup_position("captain_lucky", {"middle": [["ruby"]]}))
    refused(lambda: tk.setup_position("sea_or_shore", {
        "players": ["Ann", "Bob", "Cas"], "face_up": ["b4"], "played": {"Ann": ["r8/sea"]}}))
    refused(lambda: tk.setup_position("diving_bell", '{"players": 1000000000}'))


@pytest.mark.parametrize("name", GAMES)
def test_bad_seats_are_refused_and_change_nothing(name: str) -> None:
    g = tk.new_game(name, tk.core.game_class(name).min_players, seed=1)
    saved, views = g.to_json(), [g.view(p) for p in range(len(g.players))]
    for seat in (True, False, 1.5, -1, len(g.players), 10**30, "0", [0], object()):
        refused(lambda seat=seat: g.view(seat), tk.UnknownPlayer)
    assert isinstance(tk.UnknownPlayer("x"), ValueError)
    assert g.to_json() == saved and [g.view(p) for p in range(len(g.players))] == views


@pytest.mark.parametrize("name", GAMES)
def test_a_refused_load_leaves_a_game_alone(name: str) -> None:
    g = tk.new_game(name, tk.core.game_class(name).min_players, seed=2)
    g.deal() if g.is_chance else g.play(g.legal_moves()[0])
    saved, history = g.to_json(), list(g.history)
    refused(lambda: tk.load_game(saved.replace('"version": 1', '"version": true')))
    assert g.to_json() == saved and g.history == history
    assert tk.load_game(saved).to_json() == saved


# ---- fuzz: mutated real saves and positions ---------------------------------------------

HOSTILE: tuple[Any, ...] = (
    None, True, False, 0, 1, -1, 2, 7, 1.5, -0.0, 10**23, -(10**23), "", " ", "x" * 5000,
    "\u0000", "é", "Ann", "You", "r8/sea", "ruby", "gold5/3", "A", [], [[]], [["ruby"]],
    [None], [True], [1.5], ["Ann", "Ann"], {}, {"a": 1}, {"Ann": ["r8/sea"]},
    {"ruby": -1}, {"ruby": 10**9}, {"ruby": True}, [[[[[[[[[[[]]]]]]]]]]],
)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*path, i))


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


def mutate(doc: Any, rng: random.Random) -> Any:
    """``doc`` with one to three structural changes: a value replaced (by a hostile value or
    by another value of the document), removed, duplicated, or a key added."""
    doc = copy.deepcopy(doc)
    for _ in range(rng.randrange(1, 4)):
        paths = [p for p in _paths(doc) if p]
        if not paths:
            return rng.choice(HOSTILE)
        path = rng.choice(paths)
        parent, key = _get(doc, path[:-1]), path[-1]
        op = rng.random()
        if op < 0.5:
            parent[key] = copy.deepcopy(rng.choice(HOSTILE))
        elif op < 0.7:
            parent[key] = copy.deepcopy(_get(doc, rng.choice(paths)))
        elif op < 0.8:
            del parent[key]
        elif op < 0.9 and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(parent[key]))
        elif isinstance(parent, dict):
            parent[rng.choice(("extra", "x" * 300, "players", "title"))] = rng.choice(HOSTILE)
    return doc


def mutate_text(text: str, rng: random.Random) -> str | bytes:
    """``text`` with characters cut, inserted or flipped (sometimes as raw bytes)."""
    data = bytearray(text.encode())
    for _ in range(rng.randrange(1, 4)):
        i = rng.randrange(len(data) + 1)
        op = rng.random()
        if op < 0.3:
            del data[i:i + rng.randrange(1, 20)]
        elif op < 0.6:
            data[i:i] = rng.choice((b"[", b"{", b"]", b'"', b"9" * 40, b"\xff", b",", b"-"))
        elif data:
            data[min(i, len(data) - 1)] = rng.randrange(256)
    return bytes(data) if rng.random() < 0.2 else data.decode("utf-8", "replace")


@pytest.mark.parametrize("name", GAMES)
def test_fuzzed_saves(name: str) -> None:
    rng = random.Random(f"saves {name}")
    docs = [json.loads(s) for s in saves(name)]
    moves = sorted({m for d in docs for m in d["moves"]})
    for i in range(FUZZ):
        doc = rng.choice(docs)
        if i % 4 == 0:
            text: str | bytes = mutate_text(json.dumps(doc), rng)
        elif i % 4 == 1:
            text = json.dumps(mutate(doc, rng))
        elif i % 4 == 2 and doc["position"]:        # a fault deep inside the position
            text = json.dumps(dict(doc, position=mutate(doc["position"], rng)))
        else:                                     # a step that does not fit the game
            steps = list(doc["moves"])
            steps.insert(rng.randrange(len(steps) + 1), rng.choice(moves))
            text = json.dumps(dict(doc, moves=steps[:rng.randrange(len(steps) + 1)]))
        accepted_or_refused(lambda text=text: tk.load_game(text), repr(text))


@pytest.mark.parametrize("name", GAMES)
def test_fuzzed_positions(name: str) -> None:
    rng = random.Random(f"positions {name}")
    docs = positions(name)
    for _ in range(FUZZ):
        doc = mutate(rng.choice(docs), rng)
        accepted_or_refused(lambda doc=doc: tk.setup_position(name, doc), repr(doc))


@pytest.mark.parametrize("name", GAMES)
def test_fuzzed_position_texts(name: str) -> None:
    rng = random.Random(f"position texts {name}")
    docs = positions(name)
    for _ in range(FUZZ):
        text = mutate_text(json.dumps(rng.choice(docs)), rng)
        accepted_or_refused(lambda text=text: tk.setup_position(name, text), repr(text))


@pytest.mark.parametrize("name", GAMES)
def test_a_save_whose_position_contradicts_its_setup_is_refused(name: str) -> None:
    """A save of a set-up position names its players and variant twice (in the save and
    in the position): halves that disagree are refused instead of one silently winning."""
    example = examples_of(name)[0]
    desc = {"players": 2, "variant": "standard", **example.position}   # both named
    game = tk.setup_position(name, desc)
    save = json.loads(game.to_json())
    assert tk.load_game(json.dumps(save)).to_json() == game.to_json()
    players = list(save["players"])
    others = [players[::-1], [f"{p}x" for p in players]]
    cls = tk.core.game_class(name)
    if len(players) < cls.max_players:
        others.append(players + ["Zed"])
    for other in others:
        refused(lambda other=other: tk.load_game(json.dumps(dict(save, players=other))))
    for variant in cls.variants:
        if variant != save["variant"]:
            refused(lambda v=variant: tk.load_game(json.dumps(dict(save, variant=v))))
