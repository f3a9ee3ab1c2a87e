"""Captain Lucky's coach settings (``bots.COACH``): after a roll the search's tree keeps a
decision of its own for each roll, told apart by its faces in any order (closed loop),
where an open-loop tree would count "re-roll" and "stop" over every roll at once."""

from __future__ import annotations

import dataclasses
from typing import Any

import treasurekit as tk
from treasurekit.core.moves import Move
from treasurekit.core.search import CHANCE, Search
from treasurekit.games.captain_lucky.bots import COACH, dice_rolled

TARGET = {"players": ["Ann", "Bot"], "turn": 1, "phase": "target",
          "hands": [None, ["ruby", "ruby", "gold", "gold", "pearl"]],
          "middle": {"ruby": 3, "jade": 4}}


def test_a_roll_is_told_apart_by_its_faces_in_any_order_a_draw_not_at_all() -> None:
    assert dice_rolled(Move("roll", "PBP")) == dice_rolled(Move("roll", "BPP")) \
        == Move("roll", "BPP")
    assert dice_rolled(Move("roll", "PPP")) != dice_rolled(Move("roll", "BPP"))
    assert dice_rolled(Move("draw", "ruby")) is None


def chance_keys(node: dict[tuple[int, Move], Any]) -> set[Move]:
    return {m for (p, m) in node if p == CHANCE}


def test_after_a_steal_the_tree_decides_for_each_roll_on_its_own() -> None:
    g = tk.setup_position("captain_lucky", TARGET)
    search = Search(g.view(1), seed=3)
    search.run(playouts=400)
    steal = Move("steal", "middle-ruby-3")
    below = search.root[1, steal].child
    assert below is not None
    rolls = chance_keys(below)
    # three dice: no blank, one, two or three (each with its own decisions below)
    assert rolls <= {Move("roll", f) for f in ("PPP", "BPP", "BBP", "BBB")}, rolls
    assert len(rolls) >= 3, rolls
    failed = below[CHANCE, Move("roll", "BPP")].child
    assert failed is not None
    assert {m.kind for (p, m) in failed if p == 1} <= {"reroll", "bonus", "stop"}
    assert sum(e.visits for (p, _), e in failed.items() if p == 1) > 0


def test_without_a_chance_key_the_tree_passes_through_the_roll() -> None:
    g = tk.setup_position("captain_lucky", TARGET)
    search = Search(g.view(1), dataclasses.replace(COACH, chance_key=None), seed=3)
    search.run(playouts=400)
    below = search.root[1, Move("steal", "middle-ruby-3")].child
    assert below is not None and not chance_keys(below)
    assert {m.kind for (p, m) in below if p == 1} <= {"reroll", "bonus", "stop"}


def test_the_advice_with_the_split_tree_is_reproducible_and_told() -> None:
    g = tk.setup_position("captain_lucky", TARGET)
    one, two = tk.advise(g, playouts=300, seed=5), tk.advise(g, playouts=300, seed=5)
    assert one == two and one.text("nl") == two.text("nl")
    assert one.best.kind == "steal"
    assert "%" in one.text("en")
