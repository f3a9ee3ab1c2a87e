"""Illegal moves are refused with a readable reason and change nothing; bad saves and
positions raise InvalidSave with a clear message."""

from __future__ import annotations

import copy
import json

import pytest

import treasurekit as tk

from ...checks import assert_refused, play
from .helpers import GAME, NAMES, dive, endgame, position, random_game


# ---- wrong phase ------------------------------------------------------------------------
@pytest.mark.parametrize("move", ["to:A", "to:B", "take:A", "take:B", "reshuffle:yes",
                                  "reshuffle:no", "reveal:gold1/0"])
def test_wrong_phase_during_the_dive(move):
    g = position()
    dive(g, "gold1/0")
    err = assert_refused(g, move, "the diver draws or stops")
    assert "legal moves: draw, stop" in err.reason


@pytest.mark.parametrize("move", ["draw", "stop", "take:A", "reshuffle:yes"])
def test_wrong_phase_during_the_division(move):
    g = position()
    dive(g, "gold1/0", "map1/0")
    g.play("stop")
    assert_refused(g, move, "the divider puts the next card on A or B")


@pytest.mark.parametrize("move", ["draw", "stop", "to:A", "reshuffle:no"])
def test_wrong_phase_during_the_choice(move):
    g = position(row=["gold1/0"], phase="choose", division=["A"])
    assert_refused(g, move, "a pile is chosen")


@pytest.mark.parametrize("move", ["draw", "stop", "to:A", "take:A", "reveal:kraken"])
def test_wrong_phase_during_the_vote(move):
    g = endgame("advanced", unseen=["gold1/0"], discards=["kraken"] * 4 + ["airpocket"] * 4)
    dive(g, "gold1/0")
    play(g, "to:A", "take:A")
    assert g.state.phase == "vote"
    assert_refused(g, move, "both players vote")


@pytest.mark.parametrize("move", ["draw", "stop", "to:A", "take:A", "reshuffle:yes"])
def test_decisions_refused_at_a_chance_node(move):
    g = position()
    g.play("draw")
    assert_refused(g, move, "dealer")


def test_stop_before_any_draw():
    assert_refused(position(), "stop", "draw at least one card before you stop")
    g = position(diver="Bob")
    dive(g, "gold1/0")
    play(g, "stop", "to:A", "take:A")        # Ann's new dive
    assert_refused(g, "stop", "draw at least one card")


def test_draw_on_empty_deck():
    g = endgame("standard", unseen=["gold1/0"])
    ev = dive(g, "gold1/0")                  # the last card: the dive is stopped for you
    assert ev[-2].kind == "deck_out" and g.state.draws_left == 0
    assert_refused(g, "draw")
    play(g, "to:A", "take:A")
    assert g.is_over
    assert_refused(g, "draw", "the game is over")
    with pytest.raises(tk.InvalidSave, match="empty deck"):
        position(deck=0)                     # a dive that could not draw cannot be set up


def test_uneven_pile_after_a_burst():
    g = position(row=["gold5/3", "gold5/3", "gold4/3"])
    dive(g, "map1/1")                        # burst with 4 cards: 2 and 2
    play(g, "to:A", "to:A")
    assert_refused(g, "to:A", "as even as possible; pile A is already full")
    play(g, "to:B")
    assert_refused(g, "to:A", "pile A is already full")


def test_forcing_a_card_not_in_the_deck():
    g = position(row=["ruby3/1", "ruby3/1"], piles={"Bob": ["ruby3/2"]})
    g.play("draw")
    assert_refused(g, "reveal:ruby3/1", "no 'ruby3/1' card is left")  # both copies are out
    assert_refused(g, "reveal:kraken")                            # not in the standard deck
    assert_refused(g, "reveal:ruby9/9")                           # no such card
    assert_refused(g, "reveal")
    assert_refused(g, "reveal:")
    g.play("reveal:ruby3/2")                                      # the last copy is fine


def test_forcing_a_card_in_the_beginner_game():
    g = tk.new_game(GAME, variant="beginner")
    g.play("draw")
    assert_refused(g, "reveal:cursed-2/0")


@pytest.mark.parametrize("move", ["jump", "draw:now", "stop:A", "to:C", "to:", "take:C",
                                  "take:a", "reshuffle:maybe", "reshuffle", "undo", "deal"])
def test_unknown_move_names_and_arguments(move):
    g = position()
    if move.startswith(("to", "take")):
        dive(g, "gold1/0")
        g.play("stop")
        if move.startswith("take"):
            g.play("to:A")
    assert_refused(g, move)


@pytest.mark.parametrize("text", ["", "   ", ":", ":A", "dr aw", "draw!", "to A", "1/0:x",
                                  "\n", "take;A", "$(rm -rf)", "draw\x00"])
def test_garbage_strings(text):
    err = assert_refused(position(), text)
    assert err.move == text


@pytest.mark.parametrize("obj", [None, 3, 2.5, b"draw", ["draw"], ("draw", ""), {"kind": "draw"},
                                 object(), tk.Move("reveal", ["gold1/0"]), tk.Move(None),
                                 tk.Move("draw", 1)])
def test_non_move_objects(obj):
    g = position()
    assert_refused(g, obj, "not a move")
    g.play("draw")
    assert_refused(g, obj, "not a move")      # also at a chance node


def test_moves_after_game_over():
    g = random_game("standard", 3)
    assert g.is_over
    for move in ["draw", "stop", "to:A", "take:A", "reshuffle:yes", "reveal:gold1/0", "jump"]:
        assert_refused(g, move, None if move == "jump" else "the game is over")
    state = copy.deepcopy(g.state)
    with pytest.raises(tk.IllegalMove, match="no chance step"):
        g.deal()
    assert g.state == state


def test_deal_when_no_chance_step():
    g = position()
    with pytest.raises(tk.IllegalMove) as info:
        g.deal()
    assert "no chance step" in info.value.reason and g.history == []


def test_undo_at_start():
    for g in (tk.new_game(GAME), position(row=["gold1/0"], phase="choose", division=["A"])):
        state = copy.deepcopy(g.state)
        with pytest.raises(tk.IllegalMove) as info:
            g.undo()
        assert info.value.reason == "nothing to undo" and g.state == state
    g = tk.new_game(GAME)
    g.play("draw")
    g.undo()
    with pytest.raises(tk.IllegalMove, match="nothing to undo"):
        g.undo()


def test_illegal_move_is_a_value_error_and_a_treasurekit_error():
    with pytest.raises(ValueError):
        position().play("stop")
    with pytest.raises(tk.TreasureKitError):
        position().play("stop")


# =====================================================================================
# Corrupt saves
# =====================================================================================
def _save(**changes) -> str:
    g = tk.new_game(GAME, players=NAMES, seed=4)
    dive(g, "gold1/0")
    data = json.loads(g.to_json())
    data.update(changes)
    return json.dumps(data)


def assert_bad_save(text, *fragments: str) -> None:
    with pytest.raises(tk.InvalidSave) as info:
        tk.load_game(text)
    msg = str(info.value)
    assert msg and "Traceback" not in msg
    for f in fragments:
        assert f in msg, msg


def test_good_save_loads():
    g = tk.load_game(_save())
    assert [str(m) for m in g.history] == ["draw", "reveal:gold1/0"]


@pytest.mark.parametrize("text", ["", "not json", "{", "[1, 2", "\x00", "nul"])
def test_save_not_json(text):
    assert_bad_save(text, "not valid JSON")


@pytest.mark.parametrize("obj", [None, 3, 2.5, ["draw"], {"moves": []}])
def test_save_not_text(obj):
    assert_bad_save(obj, "not valid JSON")


def test_save_as_bytes_is_read_like_text():
    assert_bad_save(b"{}", "not a treasurekit save")
    assert tk.load_game(_save().encode()).history == tk.load_game(_save()).history


@pytest.mark.parametrize("text", ["[]", "3", '"save"', "null", "{}", '{"format": "chess-pgn"}'])
def test_save_wrong_format(text):
    assert_bad_save(text, "not a treasurekit save")


@pytest.mark.parametrize("version", [0, 2, "1", None, 1.5])
def test_save_wrong_version(version):
    assert_bad_save(_save(version=version), "version", "not supported")


def test_save_missing_version():
    data = json.loads(_save())
    del data["version"]
    assert_bad_save(json.dumps(data), "version")


def test_save_unknown_game():
    assert_bad_save(_save(game="chess"), "no game 'chess'")


@pytest.mark.parametrize("key, value", [
    ("game", 3), ("players", "Ann,Bob"), ("players", {"Ann": 1}), ("seed", "4"), ("seed", 4.0),
    ("seed", None), ("variant", ["standard"]), ("moves", "draw"), ("moves", None),
    ("position", []), ("position", "abc"), ("position", 3),
])
def test_save_wrong_types(key, value):
    assert_bad_save(_save(**{key: value}), repr(key) if key != "position" else "position")


@pytest.mark.parametrize("key, value, fragment", [
    ("players", ["Ann"], "2 players"), ("players", ["Ann", "Ann"], "different"),
    ("players", ["Ann", ""], "players"), ("players", [1, 2], "players"),
    ("variant", "expert", "unknown variant"), ("seed", True, "seed"),
])
def test_save_wrong_set_up(key, value, fragment):
    assert_bad_save(_save(**{key: value}), fragment)


@pytest.mark.parametrize("moves, fragment", [
    (["draw", "reveal:gold1/0", "take:A"], "step 3 ('take:A') cannot be played"),
    (["stop"], "step 1 ('stop')"),
    (["draw", "draw"], "step 2"),
    (["draw", "reveal:kraken"], "step 2"),
    (["draw", 7], "step 2 is not a move text"),
    (["draw", None], "step 2"),
    (["draw", ""], "step 2"),
    (["draw", "reveal:gold1/0", "garbage!"], "step 3"),
])
def test_save_with_an_illegal_move_in_the_middle(moves, fragment):
    assert_bad_save(_save(moves=moves), fragment)


def test_save_of_a_finished_game_with_extra_moves():
    g = random_game("quick", 1)
    data = json.loads(g.to_json())
    data["moves"].append("draw")
    assert_bad_save(json.dumps(data), f"step {len(g.history) + 1}", "the game is over")


def test_save_with_a_bad_position():
    assert_bad_save(_save(position={"row": ["gold9/9"]}, moves=[]), "gold9/9")


# =====================================================================================
# Corrupt positions
# =====================================================================================
def assert_bad_position(desc, *fragments: str) -> None:
    if isinstance(desc, dict):
        desc = {"players": NAMES, **desc}
    with pytest.raises(tk.InvalidSave) as info:
        tk.setup_position(GAME, desc)
    msg = str(info.value)
    assert msg
    for f in fragments:
        assert f in msg, msg


@pytest.mark.parametrize("text", ["", "{", "nope", "[1,"])
def test_position_not_json(text):
    assert_bad_position(text, "not valid JSON")


@pytest.mark.parametrize("desc", ["[]", "3", "null", [], 3, None])
def test_position_not_an_object(desc):
    assert_bad_position(desc, "must be a JSON object")


def test_position_unknown_game():
    with pytest.raises(tk.UnknownGame):
        tk.setup_position("chess", {})


@pytest.mark.parametrize("desc, fragment", [
    ({"colour": "red"}, "unknown key in the position: colour"),
    ({"players": ["Ann"]}, "2 players"),
    ({"players": "Ann"}, "players"),
    ({"variant": "expert"}, "unknown variant"),
    ({"variant": ["quick"]}, "unknown variant"),
    ({"diver": "Cid"}, "diver 'Cid'"),
    ({"diver": 0}, "diver"),
    ({"phase": "draw"}, "phase must be"),
    ({"phase": "over"}, "phase must be"),
    ({"row": "gold1/0"}, "row must be a list"),
    ({"row": [1]}, "row: 1 is not a Diving Bell card"),
    ({"row": [["gold1/0"]]}, "is not a Diving Bell card"),
    ({"piles": []}, "piles must map"),
    ({"piles": {"Cid": []}}, "piles must map"),
    ({"piles": {"Ann": "gold1/0"}}, "pile of Ann must be a list"),
    ({"discards": {"kraken": 1}}, "discards must be a list"),
    ({"deck": "10"}, "deck must be a number"),
    ({"deck": True}, "deck must be a number"),
    ({"deck": -1}, "deck must be a number"),
    ({"deck": 81}, "deck must be a number of cards from 0 to 80"),
    ({"reshuffled": "yes"}, "reshuffled must be true or false"),
    ({"division": "AB"}, "division must be a list"),
])
def test_position_wrong_types(desc, fragment):
    assert_bad_position(desc, fragment)


@pytest.mark.parametrize("desc, fragment", [
    ({"row": ["gold7/1"]}, "'gold7/1' is not a Diving Bell card"),
    ({"row": ["GOLD5/3"]}, "is not a Diving Bell card"),
    ({"piles": {"Bob": ["ruby3/3"]}}, "pile of Bob: 'ruby3/3'"),
    ({"discards": ["octopus"]}, "discards: 'octopus'"),
])
def test_position_unknown_card_code(desc, fragment):
    assert_bad_position(desc, fragment)


@pytest.mark.parametrize("desc, fragment", [
    ({"row": ["ruby3/1"] * 3}, "too many ruby3/1 cards (Ruby 3): the standard deck has 2"),
    ({"row": ["gold5/2"], "piles": {"Ann": ["gold5/2"]}}, "too many gold5/2"),
    ({"piles": {"Ann": ["map1/0"] * 3, "Bob": ["map1/0"] * 3}}, "too many map1/0"),
    ({"row": ["kraken"]}, "too many kraken cards (Kraken): the standard deck has 0"),
    ({"variant": "advanced", "discards": ["kraken"] * 5}, "advanced deck has 4"),
    ({"variant": "beginner", "piles": {"Ann": ["cursed-2/0"]}}, "beginner deck has 0"),
])
def test_position_too_many_copies_of_a_card(desc, fragment):
    assert_bad_position(desc, fragment)


def test_position_specials_are_not_treasure():
    assert_bad_position({"variant": "advanced", "piles": {"Ann": ["kraken"]}},
                        "treasure piles hold only treasure cards")


@pytest.mark.parametrize("desc", [
    {"row": ["gold5/3", "gold5/3", "gold4/3", "map1/1"]},                  # 10 dots
    {"row": ["gold5/3", "gold5/3", "gold4/3", "bell2/3"]},                 # 12 dots
    {"variant": "beginner", "row": ["gold5/3", "gold5/3", "gold4/3", "gold4/2", "map1/1"]},
    {"variant": "advanced", "row": ["kraken", "gold1/0", "kraken"]},
])
def test_position_burst_row_in_dive_phase(desc):
    assert_bad_position(desc, "this row has burst, so the phase cannot be 'dive'")


def test_position_row_that_burst_before_its_last_card():
    assert_bad_position({"phase": "divide", "row": ["gold5/3", "gold5/3", "gold4/3", "map1/1",
                                                    "gold1/0"]}, "burst after its first 4 cards")


@pytest.mark.parametrize("phase, division", [
    ("divide", ["A", "A", "A"]), ("choose", ["A", "A", "A", "B"]), ("choose", ["B"] * 4),
    ("divide", ["B", "B", "B"]),
])
def test_position_uneven_split_after_burst(phase, division):
    row = ["gold5/3", "gold5/3", "gold4/3", "map1/1"]
    assert_bad_position({"phase": phase, "row": row, "division": division},
                        "as even as possible")


def test_position_even_split_after_burst_is_fine():
    row = ["gold5/3", "gold5/3", "gold4/3", "map1/1"]
    g = tk.setup_position(GAME, {"phase": "choose", "row": row, "division": list("ABBA")})
    assert g.state.burst and g.current_player == 1


@pytest.mark.parametrize("desc, fragment", [
    ({"phase": "dive", "row": ["gold1/0"], "division": ["A"]}, "no division during the dive"),
    ({"phase": "divide", "row": ["gold1/0"], "division": ["A", "B"]}, "more entries"),
    ({"phase": "choose", "row": ["gold1/0", "map1/0"], "division": ["A"]}, "every treasure"),
    ({"phase": "divide", "row": ["gold1/0"], "division": ["A"]}, "use phase 'choose'"),
    ({"phase": "divide", "row": []}, "the row needs treasure cards"),
    ({"phase": "choose", "variant": "advanced", "row": ["airpocket"]}, "row needs treasure cards"),
    ({"phase": "divide", "row": ["gold1/0"], "division": ["C"]}, "'A'/'B'"),
    ({"phase": "dive", "deck": 0}, "empty deck"),
])
def test_position_inconsistent_phase(desc, fragment):
    assert_bad_position(desc, fragment)


def test_position_as_json_text():
    g = tk.setup_position(GAME, json.dumps({"row": ["gold1/0"], "players": NAMES}))
    assert g.view(0)["row"] == ["gold1/0"] and g.players == tuple(NAMES)


def test_bad_position_does_not_leave_a_half_built_game():
    with pytest.raises(tk.InvalidSave):
        tk.setup_position(GAME, {"row": ["gold1/0"], "piles": {"Ann": ["gold9/9"]}})
    g = position(row=["gold1/0"])                          # the registry still works
    assert g.view(0)["row"] == ["gold1/0"]

