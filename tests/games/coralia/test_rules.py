"""Coralia: one or more tests per rulebook section, named after the Section member."""

from __future__ import annotations

import pytest

import treasurekit as tk
from treasurekit.games.coralia.cards import (
    CARD_INDEX,
    CHESTS,
    COLOURS,
    SPACES,
    SYMBOLS,
    TURTLES,
    Section,
)

from .helpers import first, kinds, play, position, through_setup, top

GREEN, BLUE, RED, YELLOW = 4, 1, 2, 0


def space(g: tk.Game, colour: str, name: str) -> int:
    names = SYMBOLS + ("treasure",)
    return g.state.board[COLOURS.index(colour) * SPACES + names.index(name)]


def test_every_section_has_a_title_in_both_languages():
    for section in Section:
        for lang in ("en", "nl"):
            assert tk.tr(f"coralia.section.{section.key}", lang)


# ---- CONTENTS / SET-UP -------------------------------------------------------------------
def test_contents_dice_cards_and_tiles():
    inv = tk.new_game("coralia", players=4).inventory()
    assert [inv[f"die:{c}"] for c in COLOURS] == [6] * 6 and inv["die:white"] == 2
    pearls = sum(v for k, v in inv.items() if k.startswith("card:pearl"))
    fish = sum(v for k, v in inv.items() if k.startswith("card:fish"))
    star = sum(v for k, v in inv.items() if k.startswith("card:star"))
    assert (pearls, fish, star, inv["card:stingray"]) == (18, 15, 18, 2)
    assert sum(inv[f"turtle:{t}"] for t in TURTLES) == 8
    assert sum(inv[f"chest:{c}"] for c in CHESTS) == 8 == inv["chest-tile"]
    assert [inv[f"octopus:{p}"] for p in range(4)] == [2] * 4


def test_set_up_turtles_chests_island_pile_and_first_pick():
    g = through_setup(4, seed=3)
    s = g.state
    assert sum(t >= 0 for t in s.turtle_on_reef) == 6 and len(s.turtles_beside) == 2
    assert s.chest_on_reef == [True] * 6 and s.chests_beside == 2
    assert [s.pile_size(p) for p in range(4)] == [15, 12, 15, 9]
    assert s.white_island == 2 and sum(s.supply) == 36
    assert top(g) == "pick_four" and g.current_player == 0
    play(g, "pick:blue")
    assert "pick:blue" not in [str(m) for m in g.legal_moves()]     # 4 different colours
    play(g, "pick:red pick:green pick:yellow")
    assert g.is_chance and len(g.state.station_colours) == 4


def test_set_up_start_event_names_the_rounds():
    g = through_setup(4)
    start = first(g.events, "start")
    assert start.section == Section.SET_UP
    assert "8 rounds" in start.text("en") and "8 rondes" in start.text("nl")


# ---- fewer than 4 players ---------------------------------------------------------------------
def test_fewer_players_three_roll_one_set_of_colours():
    g = through_setup(3, prerolls=("diver", "turtle", "pearl", "fish", "starfish", "octopus"))
    s = g.state
    assert sum(s.supply) == 30
    assert space(g, "yellow", "treasure") == YELLOW and space(g, "yellow", "diver") < 0
    assert s.chest_on_reef[YELLOW]                       # the chest stays under the die
    assert space(g, "blue", "turtle") == BLUE and s.turtle_on_reef[BLUE] == -1
    assert len(s.turtles_beside) == 3                    # the blue turtle went beside
    assert space(g, "red", "pearl") == RED and space(g, "violet", "octopus") == 5


def test_fewer_players_two_same_symbol_twice_one_goes_to_the_island():
    g = through_setup(2, prerolls=("fish+fish", "diver+diver", "pearl+turtle",
                                   "fish+octopus", "starfish+starfish", "pearl+pearl"))
    s = g.state
    assert sum(s.supply) == 24
    assert s.island == [1, 1, 0, 0, 1, 1]
    assert space(g, "yellow", "fish") == YELLOW
    assert space(g, "blue", "treasure") == BLUE and space(g, "blue", "diver") < 0
    assert kinds(g.events).count("preroll_island") == 4


# ---- COURSE OF THE GAME --------------------------------------------------------------------------
def test_course_of_the_game_station_passes_unchanged_and_next_adds_a_die():
    g = position(3, phase="place",
                 station=["blue-pearl", "red-fish", "green-turtle", "yellow-octopus"])
    play(g, "place:blue-pearl draw:pearl-2 draw:pearl-3")
    s = g.state
    assert g.current_player == 1 and top(g) == "lock_in_or_pick"
    assert list(zip(s.station_colours, s.station_symbols, strict=True)) == [(2, 1), (4, 5), (0, 3)]
    play(g, "pick:violet")
    assert s.station_symbols == [-1] * 4                       # all four are rolled
    play(g, "roll:red-pearl,green-fish,yellow-diver,violet-turtle")
    assert s.station_symbols == [0, 1, 4, 5]


def test_course_of_the_game_each_space_holds_one_die():
    g = position(2, phase="place", board={"blue": ["pearl"]},
                 station=["blue-pearl", "red-fish", "green-turtle", "yellow-octopus"])
    legal = [str(m) for m in g.legal_moves()]
    assert "island:blue-pearl" in legal and "place:blue-pearl" not in legal


# ---- the six actions ----------------------------------------------------------------
def test_pearl_two_cards_face_down():
    g = position(2, phase="place",
                 station=["blue-pearl", "red-fish", "green-turtle", "yellow-octopus"])
    events = play(g, "place:blue-pearl draw:pearl-5 draw:pearl-2")
    draws = [e for e in events if e.kind == "draw"]
    assert len(draws) == 2 and all(e.section == Section.PEARL for e in draws)
    assert draws[0].seen_by == (0,)
    assert "worth 5" in draws[0].text("en", viewer=0)
    assert "worth" not in draws[0].text("en", viewer=1)
    assert g.view(0)["cards"] == ["pearl-2", "pearl-5"]
    assert g.view(1)["cards"] == [] and g.view(1)["card_counts"] == [2, 0]


def test_fish_draw_two_keep_one_other_under_the_pile():
    g = position(2, phase="place",
                 station=["blue-fish", "red-fish", "green-turtle", "yellow-octopus"])
    play(g, "place:blue-fish draw:fish-fire draw:fish-angel")
    assert sorted(str(m) for m in g.legal_moves()) == ["keep:fish-angel", "keep:fish-fire"]
    assert g.view(1)["drawn"] == 2 and g.view(0)["drawn"] == ["fish-angel", "fish-fire"]
    keep = first(play(g, "keep:fish-fire"), "keep")
    assert g.state.hands[0] == [CARD_INDEX["fish-fire"]]
    assert g.state.bottoms[1] == [CARD_INDEX["fish-angel"]]
    assert "fire" not in keep.text("en", viewer=1) and keep.section == Section.FISH


def test_starfish_draw_three_keep_one():
    g = position(2, phase="place",
                 station=["blue-starfish", "red-fish", "green-turtle", "yellow-octopus"])
    play(g, "place:blue-starfish draw:star-turtles draw:star-island draw:star-pearl6")
    assert len(g.legal_moves()) == 3
    play(g, "keep:star-island")
    assert g.state.hands[0] == [CARD_INDEX["star-island"]]
    assert len(g.state.bottoms[2]) == 2


def test_octopus_one_point_per_die_and_bonus_for_placed_octopuses():
    g = position(3, phase="place", board={"blue": ["pearl", "treasure"], "red": ["octopus"]},
                 octopuses={"red": "Cat"},
                 station=["blue-octopus", "red-fish", "green-turtle", "yellow-octopus"])
    events = play(g, "place:blue-octopus")
    assert g.scores() == [3, 0, 1]                    # pearl, treasure, octopus; Cat +1
    assert first(events, "octopus_bonus").section == Section.OCTOPUS
    assert g.state.octopus_left == [1, 2, 1]


def test_octopus_both_placed_no_more_octopus_spaces():
    g = position(2, phase="place", board={"red": ["octopus"], "green": ["octopus"]},
                 octopuses={"red": "Ann", "green": "Ann"},
                 station=["blue-octopus", "red-fish", "green-turtle", "yellow-pearl"])
    assert "place:blue-octopus" not in [str(m) for m in g.legal_moves()]


def test_diver_move_recovers_the_chest_of_the_old_reef():
    g = position(2, phase="place", board={"green": ["diver"]}, divers={"Ann": "green"},
                 station=["blue-diver", "red-fish", "green-turtle", "yellow-pearl"])
    events = play(g, "place:blue-diver")
    assert kinds(events)[:2] == ["place", "diver_move"] and g.is_chance
    play(g, "chest:jellyfish")
    assert space(g, "green", "treasure") == GREEN and space(g, "green", "diver") < 0
    assert g.state.chests[0] == [CHESTS.index("jellyfish")] and g.scores() == [5, 0]
    assert g.state.diver == [BLUE, -1]


def test_diver_move_without_treasure_leaves_the_die_and_closes_the_reef():
    g = position(2, phase="place", board={"green": ["diver", "treasure"]},
                 divers={"Ann": "green"},
                 station=["blue-diver", "red-fish", "green-turtle", "yellow-pearl"])
    events = play(g, "place:blue-diver")
    assert "diver_stays" in kinds(events)
    assert space(g, "green", "diver") == GREEN and not g.is_chance


def test_diver_a_die_left_on_a_diver_space_only_above_a_taken_treasure_space():
    """A diver leaving a reef takes the die on its diver space down to a free treasure
    space: a die stays on a diver space without a diver only above a taken treasure space
    (lesson 7, "A diver moves on"); a table that says otherwise is refused."""
    with pytest.raises(tk.InvalidSave, match="diver space of the green reef needs a diver"):
        position(2, board={"green": ["diver"]})
    position(2, board={"green": ["diver"]}, divers={"Bob": "green"})
    position(2, board={"green": ["diver", "treasure"]})          # the reef is closed
    position(2, board={"green": ["diver"]}, divers={"Ann": "green", "Bob": None})
    g = position(2, phase="place", board={"green": ["diver"]}, divers={"Ann": "green"},
                 station=["blue-diver", "red-fish", "green-turtle", "yellow-pearl"])
    play(g, "place:blue-diver", "chest:jellyfish")     # the table the rules leave is valid
    again = position(2, board={"green": ["treasure"], "blue": ["diver"]},
                     divers={"Ann": "blue"}, chests={"Ann": ["jellyfish"]})
    assert again.view(None)["reefs"] == g.view(None)["reefs"]


def test_octopus_a_die_on_an_octopus_space_has_its_octopus():
    with pytest.raises(tk.InvalidSave, match="octopus space of the yellow reef has no octopus"):
        position(2, board={"yellow": ["octopus"]})
    with pytest.raises(tk.InvalidSave, match="needs a die on the octopus space of the red reef"):
        position(2, octopuses={"Ann": ["red"]})
    g = position(2, board={"yellow": ["octopus"]}, octopuses={"Bob": ["yellow"]})
    assert g.view(None)["reefs"][COLOURS.index("yellow")]["octopus"] == 1


# ---- treasure chests and turtle bonuses --------------------------------------------------------
CHEST_CASES = {
    "fish": ("draw:fish-blow", ["fish-blow"], 0),
    "pearl": ("draw:pearl-4", ["pearl-4"], 0),
    "starfish": ("draw:star-chests", ["star-chests"], 0),
    "island": ("draw:pearl-2", ["pearl-2"], 0),
    "island_dice": ("", [], 3),               # 1 green die + 2 white dice on the island
    "stingray": ("", ["stingray"], 0),
    "white": ("white:pearl reef:red draw:pearl-3 draw:pearl-5", ["pearl-3", "pearl-5"], 0),
    "jellyfish": ("", [], 5),
}


@pytest.mark.parametrize("chest", CHESTS)
def test_treasure_chests_each_action(chest):
    g = position(2, phase="place", board={"green": ["diver"]}, divers={"Ann": "green"},
                 island={"green": 1}, island_pile=["pearl-2"],
                 station=["blue-diver", "red-fish", "green-turtle", "yellow-pearl"])
    moves, cards, points = CHEST_CASES[chest]
    events = play(g, f"place:blue-diver chest:{chest} {moves}")
    assert sorted(g.view(0)["cards"]) == cards and g.scores()[0] == points
    assert any(e.section == Section.TREASURE_CHESTS for e in events) or chest in (
        "fish", "pearl", "starfish", "island")
    assert g.current_player == 1                      # the turn is over


TURTLE_CASES = {
    "white": ("white:fish reef:red draw:fish-fire draw:fish-blow keep:fish-fire",
              ["fish-fire"], 0),
    "jellyfish": ("", [], 5),
    "stingray": ("", ["stingray"], 0),
    "starfish": ("draw:star-anemone", ["star-anemone"], 0),
    "island": ("draw:pearl-2", ["pearl-2"], 0),
    "fish": ("draw:fish-angel", ["fish-angel"], 0),
    "copy": ("copy:jellyfish", [], 5),
    "chest": ("chest:stingray", ["stingray"], 0),
}


@pytest.mark.parametrize("turtle", TURTLES)
def test_turtle_bonuses_each(turtle):
    others = [x for x in TURTLES if x != turtle]     # beside the board or on other reefs
    g = position(2, phase="place",
                 board={c: ["turtle"] for c in COLOURS if c != "blue"},
                 turtles_beside=others, island_pile=["pearl-2"],
                 station=["blue-turtle", "red-pearl", "green-pearl", "yellow-pearl"])
    assert g.state.turtle_on_reef[BLUE] == TURTLES.index(turtle)
    events = play(g, f"place:blue-turtle {TURTLE_CASES[turtle][0]}")
    _, cards, points = TURTLE_CASES[turtle]
    assert sorted(g.view(0)["cards"]) == cards and g.scores()[0] == points
    assert g.state.turtles[0] == [TURTLES.index(turtle)]
    assert first(events, "turtle").section == Section.TURTLE
    assert g.current_player == 1


# ---- locking dice on turtles ---------------------------------------------------------------------
def test_lock_in_one_die_per_turtle_and_the_new_die_is_always_rolled():
    g = position(2, turtles={"Ann": ["fish", "island"]},
                 board={"red": ["turtle"], "orange": ["turtle"]},
                 station=["blue-diver", "green-starfish", "yellow-pearl"])
    play(g, "lock:blue-diver lock:green-starfish")
    assert not any(m.kind == "lock" for m in g.legal_moves())      # 2 turtles, 2 dice
    play(g, "pick:red")
    assert g.chance_outcomes()[0][0].arg.count(",") == 1           # yellow + red roll
    play(g, "roll:yellow-fish,red-pearl")
    assert list(zip(g.state.station_colours, g.state.station_symbols, strict=True)) == [
        (1, 4), (4, 2), (0, 1), (2, 0)]


# ---- blocked spaces and the island --------------------------------------------------
def test_blocked_spaces_island_card_without_an_octopus():
    g = position(2, phase="place", board={"blue": ["fish"]}, island_pile=["star-jellyfish"],
                 station=["blue-fish", "red-pearl", "green-pearl", "yellow-pearl"])
    play(g, "island:blue-fish draw:star-jellyfish")
    assert g.state.island[BLUE] == 1 and g.view(0)["cards"] == ["star-jellyfish"]
    assert g.scores() == [0, 0]


def test_octopus_island_own_octopus_two_points_and_top_card():
    g = position(2, phase="place", board={"blue": ["fish", "octopus"]},
                 octopuses={"blue": "Ann"}, island_pile=["pearl-3", "pearl-4"],
                 station=["blue-fish", "red-pearl", "green-pearl", "yellow-pearl"])
    events = play(g, "island:blue-fish draw:pearl-3")
    assert g.scores() == [2, 0] and g.view(0)["cards"] == ["pearl-3"]
    assert first(events, "octopus_island_own").section == Section.OCTOPUS_ISLAND


def test_octopus_island_other_owner_two_points_draw_two_keep_one():
    g = position(2, phase="place", board={"blue": ["fish", "octopus"]},
                 octopuses={"blue": "Bob"}, island_pile=["pearl-3", "fish-fire"],
                 station=["blue-fish", "red-pearl", "green-pearl", "yellow-pearl"])
    play(g, "island:blue-fish draw:pearl-3 draw:fish-fire keep:fish-fire")
    assert g.scores() == [0, 2] and g.view(0)["cards"] == ["fish-fire"]
    assert g.state.bottoms[3] == [CARD_INDEX["pearl-3"]]


def test_octopus_island_four_octopuses_with_free_spaces_are_rolled_again():
    g = position(2, board={"red": ["octopus"], "green": ["octopus"]},
                 octopuses={"red": "Ann", "green": "Ann"},
                 station=["blue-pearl", "yellow-fish", "orange-pearl"])
    play(g, "pick:violet")
    events = play(g, "roll:blue-octopus,yellow-octopus,orange-octopus,violet-octopus")
    assert kinds(events) == ["roll", "reroll"] and g.is_chance
    assert len(g.chance_outcomes()) == 6 ** 4
    play(g, "roll:blue-fish,yellow-octopus,orange-octopus,violet-octopus")
    assert [str(m) for m in g.legal_moves()] == ["place:blue-fish"]


def test_octopus_island_octopus_of_a_taken_colour_goes_to_the_island():
    g = position(2, phase="place", board={"red": ["octopus"], "green": ["octopus"]},
                 octopuses={"red": "Ann", "green": "Ann"}, island_pile=["pearl-3"],
                 station=["red-octopus", "yellow-octopus", "orange-octopus", "blue-octopus"])
    assert [str(m) for m in g.legal_moves()] == ["island:red-octopus"]
    play(g, "island:red-octopus draw:pearl-3")
    assert g.scores() == [2, 0]


def test_blocked_spaces_white_die_without_a_matching_space_goes_to_the_island():
    others = [x for x in TURTLES if x != "white"]
    g = position(2, phase="place",
                 board={c: ["turtle"] for c in COLOURS if c != "blue"} | {
                     "red": ["turtle", "octopus"], "green": ["turtle", "octopus"]},
                 octopuses={"red": "Ann", "green": "Ann"}, turtles_beside=others,
                 island_pile=["pearl-2"],
                 station=["blue-turtle", "red-pearl", "green-pearl", "yellow-pearl"])
    play(g, "place:blue-turtle white:octopus")       # Ann has no octopus left
    assert [str(m) for m in g.legal_moves()] == ["reef:island"]
    play(g, "reef:island draw:pearl-2")
    assert g.state.white_island == 2 and g.view(0)["cards"] == ["pearl-2"]


# ---- ending the game and scoring ----------------------------------------------------------------
def end_table(**desc):
    """A 2-player table at the end: every die placed but red, red, violet (on the station)
    and one blue (in the supply); a chest under every die on a treasure space. A reef
    with a diver (``divers``) has its die on the diver space instead (the set-up roll puts
    one on the treasure space; one that a diver left would have taken its chest)."""
    board = {
        "yellow": ["pearl", "fish", "starfish", "octopus", "turtle", "treasure"],
        "blue": ["pearl", "fish", "starfish", "treasure", "turtle"],
        "red": ["pearl", "fish", "starfish", "octopus"],
        "orange": ["pearl", "fish", "starfish", "octopus", "treasure", "turtle"],
        "green": ["pearl", "fish", "starfish", "octopus", "treasure", "turtle"],
        "violet": ["pearl", "fish", "starfish", "turtle", "treasure"]}
    for reef in desc.get("divers", {}).values():
        board[reef] = ["diver" if space == "treasure" else space for space in board[reef]]
    desc = {"phase": "scoring", "board": board,
            "station": ["red-fish", "red-turtle", "violet-diver"],
            "octopuses": {"yellow": "Ann", "red": "Ann", "orange": "Bob", "green": "Bob"},
            "chests_on_reefs": list(COLOURS)} | desc
    return position(2, **desc)


def test_ending_the_game_after_the_book_rounds_with_four_dice_left():
    g = tk.new_game("coralia", players=2, seed=11)
    while not g.is_over:
        g.deal() if g.is_chance else g.play(g.legal_moves()[-1])
    assert g.state.dice_left() == 4
    assert sum(1 for m in g.history if m.kind in ("place", "island")) == 20
    ending = first(g.events, "end")
    assert ending.section == Section.ENDING and ending.param("player") == "Player 1"
    with pytest.raises(tk.InvalidSave):
        end_table(phase="turn")                     # 4 dice left: the game is already over


def test_starfish_scoring_points_cards():
    g = end_table(cards={"Ann": ["star-turtles", "star-chests", "star-island",
                                 "star-jellyfish"]},
                  turtles={"Ann": ["fish", "island"]}, chests={"Ann": ["pearl"]},
                  island={"blue": 1}, points={"Ann": 12})
    play(g, "score:star-turtles score:star-chests score:star-island")   # the last one: alone
    # 12 + 6 + 2 + 3 (1 blue + 2 white on the island) = 23, then on to 25
    assert g.is_over and g.state.before_final[0] == 25


def test_starfish_scoring_recover_a_remaining_treasure():
    g = end_table(cards={"Ann": ["star-recover"]})
    assert "sf_card" in kinds(g.opening) and g.is_chance and g.state.chests_beside == 1
    play(g, "chest:jellyfish")
    assert g.state.chests[0] == [CHESTS.index("jellyfish")] and g.state.chests_beside == 1


def test_starfish_scoring_two_colour_treasure_with_one_chest_left():
    g = end_table(cards={"Ann": ["star-treasure-yellow-blue"]}, chests={"Bob": ["fish"]},
                  chests_on_reefs=["yellow", "red", "orange", "green", "violet"])
    play(g, "chest:stingray")
    assert g.state.chests[0] == [CHESTS.index("stingray")]
    assert "stingray" in g.view(0)["cards"]


def test_starfish_scoring_dice_colour_draw_one_card_per_pile():
    g = end_table(cards={"Bob": ["star-draw-red-violet"]}, island_pile=["pearl-2"])
    play(g, "pile:fish draw:fish-blow")
    assert "pile:fish" not in [str(m) for m in g.legal_moves()]
    play(g, "pile:pearl draw:pearl-4 pile:island draw:pearl-2")
    assert g.is_over and sorted(g.view(1)["cards"]) == [
        "fish-blow", "pearl-2", "pearl-4", "star-draw-red-violet"]


def test_diver_scoring_values_and_the_maximum_of_fifteen():
    g = end_table(divers={"Ann": "orange", "Bob": "blue"})
    assert g.is_over
    assert g.state.before_final == [0, 0]
    assert g.scores() == [15, 12]                   # blue: pearl 5, fish 4, starfish 2, turtle 1


def test_fish_scoring_sets_of_different_fish():
    g = end_table(cards={"Ann": ["stingray", "fish-fire", "fish-blow", "fish-angel",
                                 "fish-angel", "star-perfish"],
                         "Bob": ["star-anemone", "fish-fire", "fish-fire", "fish-fire"]})
    # Ann: 4 kinds (18) + 1 (3) + 2 x 5 fish cards; Bob: 2 kinds (7) + 3 + 3
    assert g.scores() == [31, 13]
    assert first(g.opening, "fish_score").section == Section.FISH_SCORING


#: A 3-player end: every die placed but the 3 on the station.
FULL3 = {c: ["pearl", "fish", "starfish", "diver", "turtle", "treasure"] for c in COLOURS} | {
    "red": ["pearl", "fish", "starfish", "treasure"],
    "violet": ["pearl", "fish", "starfish", "turtle", "treasure"]}


def test_pearl_scoring_first_four_second_two_others_one():
    g = position(3, phase="scoring", station=["red-fish", "red-turtle", "violet-diver"],
                 board=FULL3,
                 cards={"Ann": ["pearl-5", "pearl-5", "pearl-4", "pearl-4", "pearl-3"],
                        "Bob": ["pearl-5", "pearl-5", "pearl-3"],
                        "Cat": ["pearl-4", "pearl-2", "star-perpearl"]})
    assert g.scores() == [18, 10, 4 + 2]


def test_pearl_scoring_ties_more_cards_then_shared_places():
    cards = {"Ann": ["pearl-5", "pearl-5"], "Bob": ["pearl-4", "pearl-3", "pearl-3"],
             "Cat": ["pearl-5", "pearl-5"]}
    g = position(3, phase="scoring", station=["red-fish", "red-turtle", "violet-diver"],
                 board=FULL3,
                 cards=cards)
    # all total 10: Bob has the most cards (first, 4 cards); Ann and Cat share second (2)
    assert g.scores() == [10, 10, 10]
    assert [e.param("place") for e in g.opening if e.kind == "pearl_score"] == [2, 1, 2]


def test_ending_winner_most_points_then_cards_then_turtles_then_shared():
    g = end_table(cards={"Ann": ["pearl-2"], "Bob": ["pearl-2"]},
                  turtles={"Ann": ["fish"]})
    assert g.scores() == [2, 2] and g.winners() == [0]               # turtles decide
    g = end_table(cards={"Ann": ["pearl-2"], "Bob": ["pearl-2", "star-chests"]},
                  turtles={"Ann": ["fish"]})
    assert g.scores() == [2, 2] and g.winners() == [1]               # more cards first
    g = end_table(cards={"Ann": ["pearl-2"], "Bob": ["pearl-2"]})
    assert g.winners() == [0, 1] and "shared" in kinds(g.opening)
