"""Captain Lucky's moves in parts (``rules.describe_move``): what the drawing reads
instead of the notation. Every decision of seeded games is described, and its parts
write the same move again; a move no Captain Lucky move is refused with IllegalMove."""

from __future__ import annotations

import random

import pytest

import treasurekit as tk
from treasurekit.core.moves import Move
from treasurekit.core.simulate import random_decisions
from treasurekit.games.captain_lucky.rules import CaptainLuckyMove, describe_move


def written(d: CaptainLuckyMove) -> str:
    """The move the parts name, written again from the parts alone."""
    if d.kind == "place":
        return f"place:{d.type}-{d.size}"
    if d.kind == "steal":
        owner = "middle" if d.owner is None else f"p{d.owner}"
        return f"steal:{owner}-{d.type}-{d.size}"
    return f"{d.kind}:{d.type}" if d.type else d.kind


def test_steal_treasure_every_decision_is_described_by_its_parts() -> None:
    kinds: set[str] = set()
    for players in (2, 4, 6):
        for seed in range(4):
            g = tk.new_game("captain_lucky", players=players, seed=seed)
            for at in random_decisions(g, random.Random(seed), forced=True):
                for m in at.legal_moves():
                    assert written(describe_move(m)) == str(m)
                    kinds.add(m.kind)
    assert {"place", "steal", "stop"} <= kinds


@pytest.mark.parametrize("text", ["place:gold", "place:gold-9", "steal:p1-gold", "steal:q1-gold-2",
                                  "reroll:tin", "fly"])
def test_steal_treasure_an_argument_no_move_has_is_refused(text: str) -> None:
    with pytest.raises(tk.IllegalMove):
        describe_move(Move.parse(text))
