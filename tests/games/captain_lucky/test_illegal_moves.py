"""Captain Lucky: illegal moves are refused with a readable reason and change nothing."""

from __future__ import annotations

import pytest

import treasurekit as tk

from ...checks import assert_refused

GAME = "captain_lucky"
HAND = ["ruby", "ruby", "gold", "pearl", "pearl"]


def pos(**desc) -> tk.Game:
    desc.setdefault("players", ["Ann", "Bob"])
    return tk.setup_position(GAME, desc)


# ---- the four the issue names ----------------------------------------------------------
@pytest.mark.parametrize("move, reason", [
    ("place:jade-1", "has no jade card in hand"),
    ("place:gold-2", "holds only 1 gold card, not 2"),
    ("place:ruby-1+gold-1", "only one type at a time"),
    ("place:ruby-0", "at least one card"),
    ("place:ruby-6", "at most 5"),
    ("place:diamond-1", "only one type at a time"),
])
def test_wrong_type_or_number_placed(move, reason):
    assert_refused(pos(hands=[HAND, None]), move, reason)


def test_non_matching_discard_for_a_reroll():
    g = pos(phase="target", hands=[HAND, None], middle={"ruby": 3})
    for m in ("steal:middle-ruby-3", "roll:PBB"):
        g.play(m)
    err = assert_refused(g, "reroll:pearl", "only hand cards of the type being stolen")
    assert "ruby" in err.reason
    assert_refused(g, "reroll:gold", "cannot pay for a re-roll")


def test_second_captain_bonus():
    g = pos(phase="target", hands=[HAND, None], middle={"ruby": 3})
    for m in ("steal:middle-ruby-3", "roll:PBB", "bonus", "roll:BP"):
        g.play(m)
    assert g.state.phase == "decide"           # one blank left, two rubies in hand
    assert [str(m) for m in g.legal_moves()] == ["reroll:ruby", "stop"]
    assert_refused(g, "bonus", "already used the captain bonus (once per game)")


def test_captain_bonus_already_used_in_a_position():
    g = pos(phase="target", hands=[HAND, None], middle={"ruby": 3}, bonus_used=[True, False])
    for m in ("steal:middle-ruby-3", "roll:PBB"):
        g.play(m)
    assert_refused(g, "bonus", "already used")


def test_targeting_your_own_set():
    g = pos(phase="target", hands=[HAND, None], middle={"ruby": 1},
            collections=[{"pearl": 3}, {"gold": 2}])
    assert_refused(g, "steal:p0-pearl-3", "cannot steal their own set")
    g2 = pos(turn=1, phase="target", hands=[HAND, None], middle={"ruby": 1},
             collections=[{"pearl": 3}, {"gold": 2}])
    assert_refused(g2, "steal:p1-gold-2", "cannot steal their own set")
    g2.play("steal:p0-pearl-3")


# ---- other refusals ---------------------------------------------------------------------
@pytest.mark.parametrize("move, reason", [
    ("steal:middle-ruby-2", "no ruby set of 2 cards"),
    ("steal:middle-jade-1", "has no jade set"),
    ("steal:p7-ruby-1", "no player p7"),
    ("steal:ruby", "write steal:<owner>-<type>-<size>"),
    ("place:ruby-1", "names a face-up set"),
    ("roll:P", "names a face-up set"),
])
def test_bad_targets(move, reason):
    g = pos(phase="target", hands=[HAND, None], middle={"ruby": 1})
    assert_refused(g, move, reason)


def test_decisions_refused_while_dice_roll_or_cards_are_drawn():
    g = pos(phase="target", hands=[HAND, None], middle={"ruby": 3})
    g.play("steal:middle-ruby-3")
    assert_refused(g, "bonus", "the dice are rolling")
    assert_refused(g, "roll:PP", "3 dice are rolled now")
    assert_refused(g, "roll:PPX", "3 dice are rolled now")
    g.play("roll:PPP")
    assert g.current_player == 1
    g2 = pos(hands=[HAND, None])
    g2.play("place:ruby-1")
    assert_refused(g2, "place:ruby-1", "dealer")
    assert_refused(g2, "draw:diamond", "left in the draw pile")


def test_refused_after_the_game_is_over():
    from treasurekit.games.captain_lucky.examples import BECKY
    g = BECKY.run()
    assert_refused(g, "stop", "the game is over")


def test_loading_a_tampered_save_raises_invalid_save():
    g = pos(phase="target", hands=[HAND, None], middle={"ruby": 3})
    g.play("steal:middle-ruby-3")
    text = g.to_json().replace("steal:middle-ruby-3", "steal:p0-ruby-3")
    with pytest.raises(tk.InvalidSave, match="cannot be played"):
        tk.load_game(text)
