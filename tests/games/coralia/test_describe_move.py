"""Coralia's moves in parts (``cards.describe_move``): what the drawing reads instead of
the notation. Every decision of seeded games is described, and its parts write the same
move again; an argument no move has is refused with IllegalMove."""

from __future__ import annotations

import random

import pytest

import treasurekit as tk
from treasurekit.core.moves import Move
from treasurekit.core.simulate import random_decisions
from treasurekit.games.coralia.cards import CoraliaMove, describe_move


def written(d: CoraliaMove) -> str:
    """The move the parts name, written again from the parts alone."""
    arg = d.die or ("island" if d.island else None) or d.colour or d.card or d.turtle or d.pile
    return f"{d.kind}:{arg}"


def test_course_of_the_game_every_decision_is_described_by_its_parts() -> None:
    kinds: set[str] = set()
    for players in (2, 3, 4):
        for seed in range(8):
            g = tk.new_game("coralia", players=players, seed=seed)
            for at in random_decisions(g, random.Random(seed), forced=True):
                for m in at.legal_moves():
                    assert written(describe_move(m)) == str(m)
                    kinds.add(m.kind)
    assert {"pick", "lock", "place", "island", "keep"} <= kinds


def test_course_of_the_game_a_chance_outcome_keeps_its_kind_only() -> None:
    assert describe_move(Move("roll", "blue-pearl,red-fish")) == CoraliaMove("roll")


@pytest.mark.parametrize("text", ["place:blue", "place:blue-dragon", "pick:white", "keep:x",
                                  "reef:sky", "copy:shark", "pile:sand", "lock:"])
def test_course_of_the_game_an_argument_no_move_has_is_refused(text: str) -> None:
    with pytest.raises(tk.IllegalMove):
        describe_move(Move.parse(text))
