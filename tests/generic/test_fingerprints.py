"""Seeded games stay identical: a fingerprint of every game in ``tk.GAMES``.

For a few seeds and seat counts of every game, a seeded game is played to its end (seat 0
by the game's second bot level, the weakest that is not random, the others by
``random.Random(seed)``; chance by the seeded dealer), and one SHA-256 hash covers:

- every move, in order;
- every event of every step, its text for every seat and for the onlooker in English and
  Dutch, and its rule section;
- every seat's view (and the onlooker's) after every step;
- the save (``to_json()``) at the end.

The expected hashes (``fingerprints.json`` beside this module) were recorded on the main
branch before the turn machine (``core/turns.py``) replaced the games' own step queues,
so a refactor of the rules must keep every seeded game the same, to the byte. They are
written by a command, never by hand; run it only when a change of the games' behaviour
is meant (a rule fixed, a text reworded), and say so in the commit::

    .venv/bin/python -m tests.generic.test_fingerprints

A game registered later (tests/fifth_game) has no recorded hash and is skipped here.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

import treasurekit as tk
from treasurekit.core.bots import bot_levels, bot_move

from .registry import NAMES, Setup, setups

RECORDED = Path(__file__).with_name("fingerprints.json")
SEEDS = (1, 2)
LANGUAGES = ("en", "nl")


def cases() -> list[tuple[Setup, int]]:
    """The smallest and the largest table of every game (standard variant), two seeds."""
    out = []
    for name in NAMES:
        mine = [s for s in setups() if s.game == name and s.variant == tk.GAMES[name].variants[0]]
        for setup in {mine[0], mine[-1]}:
            out += [(setup, seed) for seed in SEEDS]
    return sorted(out, key=lambda case: (str(case[0]), case[1]))


def _key(setup: Setup, seed: int) -> str:
    return f"{setup}-seed{seed}"


def fingerprint(setup: Setup, seed: int) -> str:
    """The hash of one seeded game: moves, events for every reader, views, save."""
    g = setup.new(seed)
    rng = random.Random(seed)
    levels = list(bot_levels(setup.game))
    bot = tk.make_bot(setup.game, levels[1 if len(levels) > 1 else 0])
    readers: list[int | None] = [None, *range(setup.players)]
    h = hashlib.sha256()

    def add(thing: Any) -> None:
        h.update(json.dumps(thing, sort_keys=True, default=str).encode())
        h.update(b"\n")

    def views() -> None:
        for seat in readers:
            add(g.view(seat))

    views()
    while not g.is_over:
        if g.is_chance:
            events = g.deal()
        else:
            seat = g.current_player
            move = bot_move(g, bot, rng) if seat == 0 else rng.choice(g.legal_moves())
            events = g.play(move)
        add(str(g.history[-1]))
        for e in events:
            add([e.kind, e.section.key, [e.rule(lang) for lang in LANGUAGES],
                 [e.text(lang, seat) for lang in LANGUAGES for seat in readers]])
        views()
    add(json.loads(g.to_json()))
    return h.hexdigest()


def _recorded() -> dict[str, str]:
    found: dict[str, str] = json.loads(RECORDED.read_text(encoding="utf-8"))
    return found


@pytest.mark.parametrize("setup, seed", cases(), ids=lambda x: str(x))
def test_a_seeded_game_is_the_recorded_one(setup: Setup, seed: int) -> None:
    recorded = _recorded()
    key = _key(setup, seed)
    if key not in recorded:
        pytest.skip(f"no recorded fingerprint for {key} (a game registered later)")
    assert fingerprint(setup, seed) == recorded[key], (
        f"{key}: the seeded game changed (moves, events, views or save)")


def record() -> None:
    """Write ``fingerprints.json`` from the games as they play now."""
    found = {_key(setup, seed): fingerprint(setup, seed) for setup, seed in cases()}
    RECORDED.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{len(found)} fingerprints written to {RECORDED}")


if __name__ == "__main__":
    record()
