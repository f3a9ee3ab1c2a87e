"""Sea or Shore: illegal moves are refused with a helpful reason and change nothing (state,
history, log, save and every player's view); corrupt positions and saves raise InvalidSave."""

from __future__ import annotations

import json
import random

import pytest

import treasurekit as tk

from ...checks import assert_refused, play
from .helpers import GAME, NAMES, position, step

HANDS = {"Eric": ["r7", "r11", "b2"], "Stephanie": ["r1", "b1", "g4"],
         "Niels": ["g1", "g2", "p9"], "Marlou": ["p1", "p5", "r12"]}


def table(**desc) -> tk.Game:
    desc.setdefault("hands", HANDS)
    return position(4, **desc)


# ---- playing a card ---------------------------------------------------------------------
@pytest.mark.parametrize("card", ["r1", "p9", "g12"])
def test_playing_a_card_not_in_hand(card):
    # r1 is Stephanie's, p9 Niels', g12 nobody's: Eric is to play
    assert_refused(table(), f"play:{card}/sea", f"{card} is not in the hand of Eric")


def test_wrong_player_cannot_play_out_of_turn():
    g = table()
    g.play("play:r7/sea")
    assert g.current_player == 1
    assert_refused(g, "play:p5/shore", "p5 is not in the hand of Stephanie")   # Marlou's card
    assert_refused(g, "play:r11/sea", "r11 is not in the hand of Stephanie")   # Eric's card


def test_more_additions_than_owned():
    g = table(additions={"Eric": 2})
    assert_refused(g, "play:b2/sea+3", "Eric has 2 addition cards, not 3")
    assert_refused(table(), "play:b2/shore+1", "has 0 addition cards")


@pytest.mark.parametrize("move,most", [("play:r11/sea+2", 1), ("play:r7/shore+6", 5)])
def test_additions_above_12(move, most):
    g = table(additions={"Eric": 8})
    assert_refused(g, move, f"cannot raise a card above 12: {move[5:8].strip('/')} takes "
                            f"at most {most}")
    hands = {**HANDS, "Eric": ["r12", "r8", "b2"], "Marlou": ["p1", "p5", "p6"]}
    assert_refused(table(hands=hands, additions={"Eric": 1}), "play:r12/sea+1", "above 12")


@pytest.mark.parametrize("move", ["play:r7", "play:r7/", "play:r7/land", "play:r7/SEA",
                                  "play:r7/sea+0", "play:r7/sea+01", "play:r7/sea+-1",
                                  "play:r7/sea+x", "play:r7/sea+1+1", "play:r13/sea",
                                  "play:R7/sea", "play:7r/sea", "play:/sea", "play:",
                                  "play:r7/sea/shore", "play:r7/ sea"])
def test_malformed_play_notation(move):
    err = assert_refused(table(additions={"Eric": 2}), move)
    assert "is not a play" in err.reason or "must play" in err.reason


@pytest.mark.parametrize("move", ["play:r7/sea+", "play:r7/shore+\u0663"])
def test_malformed_play_notation_not_in_legal_moves_is_refused(move):
    """Found by this suite: an empty addition count and non-ASCII digits were accepted."""
    g = table(additions={"Eric": 3})
    assert move not in [str(m) for m in g.legal_moves()]
    assert_refused(g, move, "is not a play")


@pytest.mark.parametrize("text", ["", "   ", ":", ":r7", "pl ay:r7/sea", "play!:r7/sea", "\n",
                                  "play;r7/sea", "$(rm -rf)", "play\x00:r7/sea"])
def test_garbage_strings(text):
    err = assert_refused(table(), text)
    assert err.move == text


@pytest.mark.parametrize("obj", [None, 3, b"play:r7/sea", ["play:r7/sea"], object(),
                                 tk.Move("play", ["r7/sea"]), tk.Move(None), tk.Move("play", 7)])
def test_non_move_objects(obj):
    assert_refused(table(), obj)


@pytest.mark.parametrize("move", ["take", "steal:1", "rob:1", "swap:1", "give:r7", "peek:0",
                                  "order:r2,r4,b1", "salvage:1", "discard:r7", "pass:r11",
                                  "deal:g12", "turn:r2", "see:r2", "grab:r1,b1", "undo", "draw"])
def test_wrong_phase_during_play(move):
    err = assert_refused(table(), move)
    assert "Eric must play an island card" in err.reason
    assert "legal moves: play:r7/sea" in err.reason


# ---- the pass -------------------------------------------------------------------------
PASS_HANDS = {
    "Eric": ["r1", "r2", "r3", "r4", "r9", "b1", "b2", "g1", "g2", "p1", "p2", "p3"],
    "Stephanie": ["r5", "r6", "b3", "b4", "b5", "b12", "g3", "g4", "g5", "g11", "p4", "p5"],
    "Niels": ["r7", "r8", "b6", "b7", "g6", "g7", "p6", "p7", "p8", "p9", "p10", "r10"],
    "Marlou": ["r11", "r12", "b8", "b9", "b10", "b11", "g8", "g9", "g10", "g12", "p11", "p12"],
}


@pytest.mark.parametrize("move", ["pass:g5", "pass:r6", "pass:p5", "pass:b11", "pass:r9",
                                  "pass:", "pass:b12,g11"])
def test_pass_of_a_non_allowed_card(move):
    g = position(4, phase="pass", hands=PASS_HANDS)
    assert g.current_player == 1
    err = assert_refused(g, move)
    assert "pass the highest card of a colour they hold most of: b12 or g11" in err.reason


def test_play_before_the_pass():
    g = position(4, phase="pass", hands=PASS_HANDS)
    assert_refused(g, "play:b12/sea", "Stephanie must pass a card")


# ---- stealing --------------------------------------------------------------------------
def steal_table(**desc) -> tk.Game:
    g = table(hands={"Eric": ["r8", "b9"], "Stephanie": ["r4", "b1"], "Niels": ["r2", "g1"],
                     "Marlou": ["p5", "p1"]}, **desc)
    play(g, "play:r8/sea", "play:r4/shore", "play:r2/sea", "play:p5/shore")
    return g


def test_steal_when_conditions_fail():
    g = steal_table(piles={"Stephanie": ["r4"], "Niels": ["b2"], "Marlou": ["r1"]})
    assert [str(m) for m in g.legal_moves()] == ["take", "steal:1"]
    # Niels played red lower but his top treasure is blue; Marlou's top is red but she
    # played purple; Eric cannot rob himself; nobody is seat 4
    for victim in ("2", "3", "0", "4", "-1", "x", ""):
        err = assert_refused(g, f"steal:{victim}")
    assert "lost the same colour" in err.reason
    assert_refused(g, "take:1")
    assert_refused(g, "play:b9/sea", "take the face-up treasure or steal one")


# ---- actions ------------------------------------------------------------------------------
def action_table(variant: str, **desc) -> tk.Game:
    """Eric wins blue (no blue treasure: the red/blue action), Niels green (green/purple)."""
    desc.setdefault("hands", {"Eric": ["b9", "r1", "r2"], "Stephanie": ["r4", "g7", "p8"],
                              "Niels": ["g5", "g1", "g2"], "Marlou": ["r6", "p1", "p2"]})
    g = table(variant=variant, **desc)
    play(g, "play:b9/sea", "play:r4/shore", "play:g5/sea", "play:r6/sea")
    return g


def test_rob_a_player_with_fewer_than_two_addition_cards():
    g = action_table("standard", additions={"Stephanie": 3, "Niels": 1, "Marlou": 2})
    # Stephanie, lowest in red, earns 2 more (5); Marlou holds 2, Niels only 1
    assert g.phase == "rob" and [str(m) for m in g.legal_moves()] == ["rob:1", "rob:3"]
    assert_refused(g, "rob:2", "at least two addition cards")
    assert_refused(g, "rob:0", "at least two addition cards")


def test_swap_give_and_grab_refusals():
    g = action_table("swap-salvage", hands={
        "Eric": ["b9", "r1", "r2", "r3"], "Stephanie": ["r4", "g7", "p8", "p9"],
        "Niels": ["g5", "g1", "g2", "g3"], "Marlou": ["r6", "p1", "p2", "p3"]})
    assert_refused(g, "swap:0")                                # not yourself
    assert_refused(g, "swap:9")
    g.play("swap:1")
    assert g.is_chance
    assert_refused(g, "grab:r1,r2", "not a possible outcome")   # Eric's own cards
    assert_refused(g, "grab:p8,g7", "not a possible outcome")   # notation is hand order
    assert_refused(g, "grab:g7", "not a possible outcome")      # she holds three
    assert_refused(g, "give:r1", "dealer")                      # a decision at a chance node
    g.play("grab:g7,p8")
    assert_refused(g, "give:g1", "g1 is not in the hand of Eric")
    assert_refused(g, "give:r4", "r4 is not in the hand of Eric")    # played, not in hand
    assert_refused(g, "discard:r1", "Eric must give a card back")
    g.play("give:g7")
    assert_refused(g, "give:g7", "g7 is not in the hand of Eric")    # already given back


def test_peek_order_refusals():
    hands = {"Eric": ["b9", "b1"], "Stephanie": ["r4", "b2"], "Niels": ["g5", "b3"],
             "Marlou": ["r6", "b4"]}
    g = action_table("swap-peek", face_up=["r3", "p5"], hands=hands)
    g.play("swap:1")                                            # Eric's action first
    g.play("give:b1")
    assert g.phase == "peek" and g.current_player == 2
    assert_refused(g, "peek:2")
    assert_refused(g, "peek:-1")
    g.play("peek:1")
    assert_refused(g, "see:p5", "not a possible outcome")      # face up, not in the deck
    assert_refused(g, "see:r1", "not a possible outcome")      # the other deck
    play(g, "see:g2", "see:g2", "see:p4")
    for move in ("order:g2,p4", "order:g2,g2,p4,p4", "order:g2,g3,p4", "order:p4,p4,g2",
                 "order:", "order:g2;g2;p4"):
        assert_refused(g, move, "put the looked-at treasures back")
    g.play("order:p4,g2,g2")


def test_salvage_and_discard_refusals():
    g = action_table("additions-salvage")
    assert g.phase == "salvage" and g.current_player == 2
    assert_refused(g, "salvage:4")
    assert_refused(g, "salvage:Eric")
    g.play("salvage:1")
    assert_refused(g, "discard:r6", "r6 is not in the hand of Niels")
    assert_refused(g, "salvage:1", "Niels must discard")


# ---- chance --------------------------------------------------------------------------------
def test_chance_outcome_not_possible():
    g = tk.new_game(GAME, players=4, seed=5)
    g.deal()
    dealt = g.history[-1].arg
    assert_refused(g, f"deal:{dealt}", "not a possible outcome")   # already dealt
    assert_refused(g, "deal:r13", "not a possible outcome")
    assert_refused(g, "deal", "not a possible outcome")
    assert_refused(g, "play:r1/sea", "dealer")
    while g.phase == "deal":
        g.deal()
    assert g.phase == "turn"
    assert_refused(g, "turn:g1", "not a possible outcome")         # deck 1 is red/blue
    assert_refused(g, "deal:r1", "dealer")


def test_undo_and_deal_with_nothing_to_do():
    g = table()
    with pytest.raises(tk.IllegalMove, match="nothing to undo"):
        g.undo()
    with pytest.raises(tk.IllegalMove, match="no chance step"):
        g.deal()


def test_moves_after_the_game_is_over():
    g = tk.new_game(GAME, players=3, seed=2)
    rng = random.Random(2)
    while not g.is_over:
        step(g, rng)
    assert_refused(g, "play:r1/sea", "the game is over")
    assert_refused(g, "take", "the game is over")
    with pytest.raises(tk.IllegalMove):
        g.deal()


# ---- corrupt positions ------------------------------------------------------------------------
def desc(**changes):
    d = {"players": NAMES[4], "face_up": ["r3", "p2"], "hands": HANDS}
    d.update(changes)
    return d


@pytest.mark.parametrize("changes,message", [
    ({"foo": 1}, "unknown key in the position: foo"),
    ({"starter": "Bob"}, "starter 'Bob' is not one of the players"),
    ({"round": 3}, "round must be 1 or 2"),
    ({"round": 2, "round_scores": [[1, 2, 3]]}, "round_scores must hold 1 list of 4"),
    ({"round_scores": [[1, 2, 3, 4]]}, "round_scores must hold 0 lists"),
    ({"phase": "treasure"}, "phase must be 'play', 'pass' or 'reveal'"),
    ({"phase": "pass"}, "before the pass every hand holds 12 cards"),
    ({"hands": {**HANDS, "Eric": ["r7", "r11"]}}, "the same number of cards"),
    ({"hands": {**HANDS, "Bob": ["r2"]}}, "hands must map player names"),
    ({"hands": "r1"}, "hands must map player names"),
    ({"hands": {**HANDS, "Eric": ["r7", "r11", "x2"]}}, "'x2' is not an island card"),
    ({"hands": {**HANDS, "Eric": ["r7", "r11", 5]}}, "5 is not an island card"),
    ({"hands": {**HANDS, "Eric": ["r7", "r11", "p1"]}}, "named twice: p1"),
    ({"hands": {n: [] for n in NAMES[4]}}, "the same number of cards"),
    ({"hands": {n: [f"{c}{v}" for v in range(1, 14)] for n, c in zip(NAMES[4], "rbgp",
                                                                      strict=True)}},
     "is not an island card"),
    ({"played": {"Niels": "g12/sea"}, "hands": {**HANDS, "Niels": ["g1", "g2"]}},
     "the first players clockwise from the starter"),
    ({"played": {"Eric": "r7/sea"}}, "named twice: r7"),
    ({"played": {"Eric": "r5/sky"}}, "is not like 'r7/sea+1'"),
    ({"played": {"Eric": 7}}, "is not like 'r7/sea+1'"),
    ({"discards": ["r1"]}, "named twice: r1"),
    ({"discards": "r1"}, "discards must be a list"),
    ({"additions": {"Eric": 23}}, "only 22 addition cards"),
    ({"additions": {"Eric": 12, "Niels": 11}}, "only 22 addition cards"),
    ({"additions": {"Eric": -1}}, "whole numbers"),
    ({"additions": {"Eric": 1.5}}, "whole numbers"),
    ({"face_up": ["r3"]}, "face_up must list the top treasure of each of the 2 decks"),
    ({"face_up": "r3"}, "face_up must list"),
    ({"face_up": ["g3", "p2"]}, "g3 does not belong on deck 1"),
    ({"face_up": [None, "p2"]}, "deck 1 is not empty"),
    ({"face_up": ["r13", "p2"]}, "'r13' is not a treasure card"),
    ({"face_up": ["r3", "p2"], "piles": {"Eric": ["r5", "r5"]}}, "too many r5 treasures"),
    ({"face_up": ["r5", "p2"], "piles": {"Eric": ["r5"]}}, "too many r5 treasures"),
    ({"piles": {"Eric": "r5"}}, "pile of Eric must be a list"),
    ({"piles": {"Eric": ["r6"]}}, "'r6' is not a treasure card"),
    ({"players": ["A", "B"]}, "for 3 to 5 players, not 2"),
    ({"players": NAMES[5] + ["Zoe"]}, "for 3 to 5 players, not 6"),
    ({"players": ["Eric", "Eric", "Niels", "Marlou"]}, "must be different"),
    ({"variant": "salvage-swap"}, "unknown variant 'salvage-swap'"),
])
def test_corrupt_positions_raise_invalid_save(changes, message):
    with pytest.raises(tk.InvalidSave) as info:
        tk.setup_position(GAME, desc(**changes))
    assert message in str(info.value), str(info.value)


def test_corrupt_position_three_players_removed_treasures():
    d = {"players": NAMES[3], "face_up": ["r2"],
         "hands": {"Eric": ["r1"], "Marlou": ["r2"], "Niels": ["r3"]}}
    tk.setup_position(GAME, d)
    with pytest.raises(tk.InvalidSave, match="too many r2"):
        tk.setup_position(GAME, {**d, "piles": {"Eric": ["r2"]}})   # only one red 2 left
    with pytest.raises(tk.InvalidSave, match="face_up must list"):
        tk.setup_position(GAME, {**d, "face_up": ["r2", "p1"]})


def test_corrupt_position_additions_on_a_played_card_above_12():
    d = desc(hands={**HANDS, "Eric": ["r7", "b2"]}, played={"Eric": "r11/sea+2"},
             additions={})
    with pytest.raises(tk.InvalidSave, match="cannot raise a card above 12"):
        tk.setup_position(GAME, d)


@pytest.mark.parametrize("changes", [{"additions": {"Eric": True}},
                                     {"round": 2, "round_scores": [[True, 0, 0, 0]]}])
def test_corrupt_position_booleans_are_not_numbers(changes):
    """Found by this suite: true was accepted as one addition card or one point."""
    with pytest.raises(tk.InvalidSave):
        tk.setup_position(GAME, desc(**changes))


@pytest.mark.parametrize("text", ["{", "[]", "null", '"x"', "3"])
def test_position_text_not_an_object(text):
    with pytest.raises(tk.InvalidSave):
        tk.setup_position(GAME, text)


# ---- corrupt saves -------------------------------------------------------------------------------
def a_save(moves: int = 120) -> dict:
    g = tk.new_game(GAME, players=4, seed=8, variant="swap-peek")
    rng = random.Random(8)
    while len(g.history) < moves:
        step(g, rng)
    return json.loads(g.to_json())


def test_a_good_save_loads():
    data = a_save()
    g = tk.load_game(json.dumps(data))
    assert [str(m) for m in g.history] == data["moves"]


@pytest.mark.parametrize("corrupt,message", [
    (lambda d: d["moves"].__setitem__(60, "play:r13/sea"), "step 61"),
    (lambda d: d["moves"].__setitem__(3, d["moves"][2]), "step 4"),
    (lambda d: d["moves"].insert(48, "take"), "step 49"),
    (lambda d: d["moves"].append("deal:r1"), "step 121"),
    (lambda d: d["moves"].__setitem__(0, 7), "step 1 is not a move text"),
    (lambda d: d.__setitem__("players", 6), "'players'"),
    (lambda d: d.__setitem__("players", ["A", "B"]), "for 3 to 5 players"),
    (lambda d: d.__setitem__("variant", "swap-swap"), "unknown variant"),
    (lambda d: d.__setitem__("game", "sea_and_shore"), "no game 'sea_and_shore'"),
    (lambda d: d.__setitem__("version", 99), "save version 99"),
    (lambda d: d.__setitem__("seed", "8"), "'seed' is missing or has the wrong type"),
    (lambda d: d.__setitem__("position", {
        "players": d["players"], "face_up": ["r3"],
        "hands": dict(zip(d["players"], HANDS.values(), strict=True))}), "face_up must list"),
])
def test_corrupt_saves_raise_invalid_save(corrupt, message):
    data = a_save()
    corrupt(data)
    with pytest.raises(tk.InvalidSave) as info:
        tk.load_game(json.dumps(data))
    assert message in str(info.value), str(info.value)


def test_a_changed_seed_is_a_different_deal():
    data = a_save()
    data["seed"] = 9                     # the moves record every dealt card: they still load
    g = tk.load_game(json.dumps(data))
    assert [str(m) for m in g.history] == data["moves"]


def test_truncated_save():
    text = json.dumps(a_save())
    with pytest.raises(tk.InvalidSave, match="not valid JSON"):
        tk.load_game(text[:-10])


@pytest.mark.parametrize("players", [2, 6, ["Eric", "Eric", "Niels"], "Eric"])
def test_new_game_for_three_to_five_different_players(players):
    with pytest.raises(ValueError):
        tk.new_game(GAME, players=players)
