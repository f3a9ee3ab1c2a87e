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
    about = tk.new_game("diving_bell", seed=1).move_subject
    assert {"A", "B", "r4", "draw"} <= set(tokens(moves, about))
    assert moves_for("A", moves, about) == [Move("take", "A")]
    assert moves_for("draw", moves, about) == [Move("draw", "")]
    assert len(moves_for("r4", moves, about)) == 2
    assert moves_for("g9", moves, about) == []


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
        single = [t for t in offered if len(moves_for(t, player.table_moves, g.move_subject)) == 1]
        if single:
            before = len(g.history)
            move = moves_for(single[0], player.table_moves, g.move_subject)[0]
            player.table.touch(single[0])
            assert len(player.game.history) > before
            assert str(player.game.history[before]) == str(move)
            return
        if offered and hasattr(player.picker, "select"):
            # a card with a side still to choose: touching it chooses it in the form
            token = next(t for t in offered
                         if len(moves_for(t, player.table_moves, g.move_subject)) > 1)
            before = len(g.history)
            player.table.touch(token)
            assert len(player.game.history) == before          # nothing played yet
            assert player.picker.cards.value == token
            return
        player.human_move(g.legal_moves()[0])
    raise AssertionError("no move was ever offered on the drawn table")


def test_a_treasure_type_in_the_hand_is_touched_to_place_it() -> None:
    """Captain Lucky: the learner's hand cards are on the table to touch. A type held once
    places that card; a type held more often picks out the buttons for 1, 2 ... cards."""
    player = play_tab("captain_lucky")
    player.pace.value = False
    seen = set()
    for _ in range(300):
        g = player.game
        if g.is_over or seen == {"one", "several"}:
            break
        if player.waiting:
            player.continue_all()
            continue
        hand = set(re.findall(r'data-tk-pick="([a-z]+)"', player.table.value))
        places = [m for m in player.table_moves if m.kind == "place"]
        if not places:
            player.human_move(player.table_moves[0])
            continue
        assert hand and hand <= set(player.table.picks), (hand, player.table.picks)
        for name in sorted(hand):
            meant = moves_for(name, player.table_moves, g.move_subject)
            assert meant and all(m.kind == "place" and m.arg.startswith(name) for m in meant)
            if len(meant) > 1 and "several" not in seen:
                before = len(g.history)
                player.table.touch(name)
                assert len(player.game.history) == before          # nothing played yet
                picked = [b.tooltip for b in player.picker.buttons if b.button_style == "primary"]
                assert picked == [str(m) for m in meant]
                seen.add("several")
        single = [n for n in sorted(hand)
                  if len(moves_for(n, player.table_moves, g.move_subject)) == 1]
        if single and "one" not in seen:
            move = moves_for(single[0], player.table_moves, g.move_subject)[0]
            before = len(g.history)
            player.table.touch(single[0])
            assert str(player.game.history[before]) == str(move)
            seen.add("one")
        else:
            player.human_move(places[-1])
    assert seen == {"one", "several"}, seen
