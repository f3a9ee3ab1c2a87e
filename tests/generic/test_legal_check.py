"""``play()`` checks a move against the moves ``legal_moves()`` listed for this very step;
with no list at hand (the first move after a load, a move given as text before any
listing) it asks the rules (``Game._is_legal``). For every game in ``tk.GAMES`` the two
ways must agree: every listed move is legal, and no move that is not listed is.
"""

from __future__ import annotations

import random

import pytest

import treasurekit as tk

from .registry import NAMES, setups

SETUPS = {name: [s for s in setups() if s.game == name] for name in NAMES}


def _candidates(g: tk.Game, seen: list[tk.Move], rng: random.Random) -> list[tk.Move]:
    """Moves to ask about: the listed ones, moves listed earlier in this game (of every
    kind, most of them illegal now), and near misses of the listed ones."""
    listed = g.legal_moves()
    near = [tk.Move(m.kind, m.arg + suffix) for m in listed[:5] for suffix in ("+1", "0", "x")]
    near += [tk.Move(m.kind + "s", m.arg) for m in listed[:3]]
    return listed + rng.sample(seen, min(40, len(seen))) + near


@pytest.mark.parametrize("name", NAMES)
def test_is_legal_agrees_with_the_listed_moves(name: str) -> None:
    for seed in range(6):
        setup = SETUPS[name][seed % len(SETUPS[name])]
        g = setup.new(seed)
        rng = random.Random(seed)
        seen: list[tk.Move] = []
        checked = 0
        while not g.is_over:
            listed = set(g.legal_moves())
            for move in _candidates(g, seen, rng):
                assert g._is_legal(g.state, move) == (move in listed), (
                    f"{name} seed {seed} step {len(g.history)}: {move}")
                checked += 1
            seen += listed
            if g.is_chance:
                g.deal()
            else:
                g.play(rng.choice(sorted(listed)))
        assert checked > 100
