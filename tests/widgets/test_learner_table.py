"""Play by touching the drawn table: a card, pile or set means the legal move it stands
for; the buttons stay. No browser: a touch is the message the front-end would send."""

from __future__ import annotations

import re

import pytest

import treasurekit as tk
from treasurekit.core.moves import Move
from treasurekit.widgets.table import ClickableTable, moves_for, tokens

from .test_learner_review import play_tab

GAMES = sorted(tk.GAMES)


def test_tokens_and_moves_for() -> None:
    moves = [Move("take", "A"), Move("take", "B"), Move("play", "r4/sea/0"),
             Move("play", "r4/shore/0"), Move("draw", "")]
    assert {"A", "B", "r4", "draw"} <= set(tokens(moves))
    assert moves_for("A", moves) == [Move("take", "A")]
    assert moves_for("draw", moves) == [Move("draw", "")]
    assert len(moves_for("r4", moves)) == 2
    assert moves_for("g9", moves) == []


def test_a_token_not_offered_does_nothing() -> None:
    touched: list[str] = []
    table = ClickableTable(on_pick=touched.append, picks=["A"])
    table.touch("B")
    table.touch("<script>")
    table.touch("A")
    assert touched == ["A"]


@pytest.mark.parametrize("game", GAMES)
def test_touching_the_table_plays_the_move(game: str) -> None:
    """Somewhere in the game the drawing offers a touchable part that plays a move."""
    player = play_tab(game)
    player.pace.value = False
    for _ in range(400):
        g = player.game
        if g.is_over:
            break
        if player.waiting:
            player.continue_all()
            continue
        drawn = set(re.findall(r'data-tk-pick="([^"]+)"', player.table.value))
        offered = [tk_ for tk_ in player.table.picks if tk_ in drawn]
        single = [t for t in offered if len(moves_for(t, player.table_moves)) == 1]
        if single:
            before = len(g.history)
            move = moves_for(single[0], player.table_moves)[0]
            player.table.touch(single[0])
            assert len(player.game.history) > before
            assert str(player.game.history[before]) == str(move)
            return
        if offered and hasattr(player.picker, "select"):
            # a card with a side still to choose: touching it chooses it in the form
            token = next(t for t in offered if len(moves_for(t, player.table_moves)) > 1)
            before = len(g.history)
            player.table.touch(token)
            assert len(player.game.history) == before          # nothing played yet
            assert player.picker.cards.value == token
            return
        player.human_move(g.legal_moves()[0])
    raise AssertionError("no move was ever offered on the drawn table")
