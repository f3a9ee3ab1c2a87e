"""Sea or Shore's moves in parts (``state.describe_move``): what the drawing reads instead
of the notation. Every decision of seeded games is described, and its parts write the
same move again; an argument no move has is refused with IllegalMove."""

from __future__ import annotations

import random

import pytest

import treasurekit as tk
from treasurekit.core.moves import Move
from treasurekit.core.simulate import random_decisions
from treasurekit.games.sea_or_shore.state import Played, SeaOrShoreMove, describe_move


def written(d: SeaOrShoreMove) -> str:
    """The move the parts name, written again from the parts alone."""
    if d.kind == "play":
        assert d.card is not None and d.shows is not None
        arg = Played(d.card, d.shows, d.adds).notation()
    else:
        number = d.seat if d.seat is not None else d.deck
        arg = d.card or ",".join(d.order) or ("" if number is None else str(number))
    return f"{d.kind}:{arg}" if arg else d.kind


def test_play_a_card_every_decision_is_described_by_its_parts() -> None:
    kinds: set[str] = set()
    for players in (3, 4, 5):
        for seed in range(4):
            g = tk.new_game("sea_or_shore", players=players, seed=seed)
            for at in random_decisions(g, random.Random(seed), forced=True):
                for m in at.legal_moves():
                    assert written(describe_move(m)) == str(m)
                    kinds.add(m.kind)
    assert {"pass", "play", "steal"} <= kinds


@pytest.mark.parametrize("text", ["play:r7", "play:r7/sky", "play:x9/sea", "pass:r13",
                                  "steal:x", "steal:999", "peek:-1", "order:r1,zz",
                                  "order:"])
def test_play_a_card_an_argument_no_move_has_is_refused(text: str) -> None:
    with pytest.raises(tk.IllegalMove):
        describe_move(Move.parse(text))
