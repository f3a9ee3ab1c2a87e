"""One test (or a small group) per rule of the Sea or Shore rulebook, named after its section.

Source of truth: /work/shared/rulebooks/sea-or-shore.en.txt (and the Dutch edition). Where
the book is silent we test the project's readings: treasure values (1,2,2,3,3,4,4,5) per
colour, the pass is simultaneous and goes to seat p-1, ties in any comparison go to the seat
nearer the starter clockwise (so the lowest of a tied pair is the one further away), earned
addition cards are capped by the pile, forced decisions are carried out by the engine.

Seats are clockwise in index order: Eric 0, Stephanie 1, Niels 2, Marlou 3 (four players);
Eric 0, Marlou 1, Niels 2 (three players).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import combinations, permutations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import treasurekit as tk
from treasurekit.games.sea_or_shore.cards import (
    TREASURE_VALUES,
    treasure_deck,
    treasure_decks,
)

from ...checks import play
from .helpers import (
    GAME,
    NAMES,
    SIDES,
    VARIANTS,
    book_treasures,
    deal_all,
    kinds,
    legal,
    of_kind,
    position,
)

E, S, N, M = 0, 1, 2, 3          # four players: Eric, Stephanie, Niels, Marlou
SPARES = ["b1", "b2", "b3", "b4", "b5"]      # a second card each, so the round goes on


def trick(plays: dict[str, str], players: int = 4, spare: bool = True, **desc) -> tuple:
    """Set up a table where each named player holds the card they play (plus a spare card),
    then play the trick from the starter clockwise. Returns (game, events)."""
    names = NAMES[players]
    cards = {name: p.partition("/")[0] for name, p in plays.items()}
    pool = [c for c in SPARES + ["g12", "g11", "g10", "g9", "g8"] if c not in cards.values()]
    hands = {name: [cards[name]] + ([pool.pop(0)] if spare else []) for name in names}
    desc.setdefault("hands", hands)
    g = position(players, **desc)
    starter = names.index(desc.get("starter", names[0]))
    events = []
    for i in range(players):
        name = names[(starter + i) % players]
        events += g.play(f"play:{plays[name]}")
    return g, events


def event(events, kind):
    found = of_kind(events, kind)
    assert len(found) == 1, f"{kind}: {kinds(events)}"
    return found[0]


# =====================================================================================
# Components / Set up
# =====================================================================================
def test_components_48_island_cards_in_four_colours_of_twelve():
    g = tk.new_game(GAME, players=4, seed=1)
    assert sorted(str(m) for m, _ in g.chance_outcomes()) == sorted(
        f"deal:{c}{v}" for c in "rbgp" for v in range(1, 13))
    assert all(p == pytest.approx(1 / 48) for _, p in g.chance_outcomes())


def test_components_32_treasure_cards_in_four_colours():
    assert len(treasure_deck(4)) == 32 == len(treasure_deck(5))
    assert Counter(c[0] for c in treasure_deck(4)) == {c: 8 for c in "rbgp"}
    assert TREASURE_VALUES == (1, 2, 2, 3, 3, 4, 4, 5)
    # the book's numbers: a red 4 treasure exists (Stephanie's), 2, 3 and 4 exist to be removed
    assert {2, 3, 4} <= set(TREASURE_VALUES)


def test_set_up_three_players_removes_a_two_three_four_of_each_colour():
    assert Counter(treasure_deck(3)) == book_treasures(3)
    assert len(treasure_deck(3)) == 20
    removed = Counter(treasure_deck(4)) - Counter(treasure_deck(3))
    assert removed == Counter(f"{c}{v}" for c in "rbgp" for v in (2, 3, 4))
    g = tk.new_game(GAME, players=3, seed=5)
    deal_all(g)
    s = g.state
    assert len(s.decks) == 1 and len(s.face_up) == 1
    assert Counter(s.decks[0].cards() + s.face_up) == book_treasures(3)
    assert g.view(0)["decks"] == [19]


@pytest.mark.parametrize("players", [4, 5])
def test_set_up_four_and_five_players_two_decks_red_blue_and_green_purple(players):
    decks = treasure_decks(players)
    assert [sorted({c[0] for c in d}) for d in decks] == [["b", "r"], ["g", "p"]]
    assert [len(d) for d in decks] == [16, 16]
    g = tk.new_game(GAME, players=players, seed=2)
    deal_all(g)
    s = g.state
    assert s.face_up[0][0] in "rb" and s.face_up[1][0] in "gp"
    for d in range(2):
        assert Counter(s.decks[d].cards() + [s.face_up[d]]) == Counter(decks[d])
    assert g.view(1)["decks"] == [15, 15]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_set_up_top_treasure_of_each_deck_turned_face_up(players):
    g = tk.new_game(GAME, players=players, seed=9)
    deal_all(g)
    turns = [e for batch in g.log for e in batch if e.kind == "turn"]
    assert [e.param("deck") for e in turns] == list(range(1, len(g.state.decks) + 1))
    assert all(v["face_up"] == g.state.face_up and None not in v["face_up"]
               for v in (g.view(p) for p in range(players)))
    assert all(v["deck_known"] == [[]] * len(g.state.decks)
               for v in (g.view(p) for p in range(players)))


@pytest.mark.parametrize("variant", VARIANTS)
def test_set_up_action_cards_side_chosen_at_set_up(variant):
    g = tk.new_game(GAME, players=4, variant=variant)
    assert g.view(0)["actions"] == dict(zip(("r/b", "g/p"), SIDES[variant], strict=True))
    with pytest.raises(ValueError, match="unknown variant"):
        tk.new_game(GAME, players=4, variant="peek-swap")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_set_up_addition_card_pile_of_22(players):
    g = tk.new_game(GAME, players=players, seed=1)
    deal_all(g)
    v = g.view(0)
    assert v["addition_pile"] == 22 and v["additions"] == [0] * players


@pytest.mark.parametrize("players,size", [(3, 12), (4, 12), (5, 9)])
def test_set_up_hand_sizes(players, size):
    g = tk.new_game(GAME, players=players, seed=3)
    ev = deal_all(g)
    dealt = event(ev, "dealt" if players != 4 else "dealt_all")   # four: no card left over
    assert dealt.section.key == "setup" and dealt.param("cards") == size
    assert dealt.param("unseen") == 48 - players * size == g.view(0)["unseen_islands"]
    assert [len(g.view(p)["hand"]) for p in range(players)] == [size] * players
    assert g.view(0)["hand_sizes"] == [size] * players
    # the cards left over go back in the box unseen
    box = set(g.state.box)
    assert len(box) == 48 - players * size
    for p in range(players):
        assert box.isdisjoint(str(x) for x in g.view(p).values())


def test_set_up_hands_are_secret():
    g = tk.new_game(GAME, players=4, seed=3)
    deal_all(g)
    hands = [set(g.view(p)["hand"]) for p in range(4)]
    assert all(not (a & b) for a, b in combinations(hands, 2))
    for p in range(4):
        treasures = ("legal", "face_up", "deck_known", "piles", "my_pile")
        text = json.dumps({k: v for k, v in g.view(p).items() if k not in treasures})
        others = set().union(*(h for q, h in enumerate(hands) if q != p))
        assert not {c for c in others if f'"{c}"' in text}


@pytest.mark.parametrize("players", [3, 4, 5])
def test_set_up_first_player_holds_the_starting_card(players):
    g = tk.new_game(GAME, players=players, seed=4)
    deal_all(g)
    assert g.view(players - 1)["starter"] == 0
    while g.phase == "pass":                 # the passes with a choice, in seat order
        g.play(g.legal_moves()[0])
    assert g.phase == "play" and g.current_player == 0


# ---- the pass before play --------------------------------------------------------------
def pass_position(**hands):
    """Before the pass: four players with 12 cards each (the other cards stay in the box)."""
    return position(4, phase="pass", hands=hands)


ERIC_12 = ["r1", "r2", "r3", "r4", "r9", "b1", "b2", "g1", "g2", "p1", "p2", "p3"]      # red
STEPH_12 = ["r5", "r6", "b3", "b4", "b5", "b12", "g3", "g4", "g5", "g11", "p4", "p5"]  # b=g
NIELS_12 = ["r7", "r8", "b6", "b7", "g6", "g7", "p6", "p7", "p8", "p9", "p10", "r10"]  # purple
MARLOU_12 = ["r11", "r12", "b8", "b9", "b10", "b11", "g8", "g9", "g10", "g12", "p11",
             "p12"]                                                                     # b=g


def test_pass_highest_card_of_most_held_colour_to_the_right():
    g = pass_position(Eric=ERIC_12, Stephanie=STEPH_12, Niels=NIELS_12, Marlou=MARLOU_12)
    # Eric holds most red: his only choice (r9) is passed for him; the first choice is Stephanie's
    assert g.phase == "pass" and g.current_player == S
    assert g.state.passing[E] == "r9"
    assert legal(g) == ["pass:b12", "pass:g11"]
    ev = play(g, "pass:g11")
    # Niels holds most purple (p10 is his highest purple); Marlou chooses blue or green
    assert g.current_player == M and legal(g) == ["pass:b11", "pass:g12"]
    ev += play(g, "pass:b11")
    passes = of_kind(ev, "pass")
    assert [(e.param("player"), e.param("to"), e.param("card").code) for e in passes] == [
        ("Stephanie", "Eric", "g11"), ("Niels", "Stephanie", "p10"), ("Marlou", "Niels", "b11")]
    assert all(e.section.key == "setup" for e in passes)
    hands = [set(g.view(p)["hand"]) for p in range(4)]
    # to the right: Eric's r9 goes to Marlou (seat 3), Stephanie's g11 to Eric, ...
    assert "r9" in hands[M] and "g11" in hands[E] and "p10" in hands[S] and "b11" in hands[N]
    assert "r9" not in hands[E] and "g11" not in hands[S]
    assert [len(h) for h in hands] == [12] * 4
    assert g.phase == "play" and g.current_player == E          # Eric starts the first trick


def test_pass_tie_between_colours_is_a_choice():
    g = pass_position(Eric=ERIC_12, Stephanie=STEPH_12, Niels=NIELS_12, Marlou=MARLOU_12)
    assert legal(g) == ["pass:b12", "pass:g11"]                 # 4 blue, 4 green
    with pytest.raises(tk.IllegalMove):
        g.play("pass:g5")                                       # green, but not the highest
    with pytest.raises(tk.IllegalMove):
        g.play("pass:r6")                                       # not a colour held most


def test_pass_is_simultaneous_from_the_dealt_hands():
    """Marlou receives Eric's r9 (4 red then), but passes from her dealt hand: blue only."""
    niels = ["r7", "r8", "b6", "b7", "g6", "g7", "g10", "p6", "p7", "p8", "p9", "p10"]
    marlou = ["r10", "r11", "r12", "b8", "b9", "b10", "b11", "g8", "g9", "g12", "p11", "p12"]
    g = pass_position(Eric=ERIC_12, Stephanie=STEPH_12, Niels=niels, Marlou=marlou)
    ev = play(g, "pass:b12")
    assert g.phase == "play"
    assert [e.param("card").code for e in of_kind(ev, "pass")] == ["b12", "p10", "b11"]
    assert "r9" in g.view(M)["hand"] and "b11" not in g.view(M)["hand"]


def test_pass_is_seen_only_by_the_giver_and_the_receiver():
    g = pass_position(Eric=ERIC_12, Stephanie=STEPH_12, Niels=NIELS_12, Marlou=MARLOU_12)
    assert g.view(E)["pending"] == {"passing": "r9"}
    assert g.view(S)["pending"] == {} and g.view(M)["pending"] == {}
    ev = play(g, "pass:g11", "pass:b11")
    for e in of_kind(ev, "pass"):                # chosen: only the passer knows the card
        giver = NAMES[4].index(e.param("player"))
        assert giver in e.seen_by and set(e.seen_by) <= {giver, (giver - 1) % 4}
    received = of_kind(ev, "receive")            # arrived: the receiver knows it too
    assert [(e.param("player"), e.param("to"), e.seen_by) for e in received] == [
        ("Eric", "Marlou", (E, M)), ("Stephanie", "Eric", (S, E)),
        ("Niels", "Stephanie", (N, S)), ("Marlou", "Niels", (M, N))]


# =====================================================================================
# Game play: covered cards
# =====================================================================================
def test_game_play_starting_player_first_then_clockwise():
    g = position(4, starter="Niels",
                 hands={n: [c] for n, c in zip(NAMES[4], ["r1", "r2", "r5", "r6"], strict=True)})
    order = []
    for card in ["r5", "r6", "r1", "r2"]:
        order.append(g.current_player)
        g.play(f"play:{card}/sea")
    assert order == [N, M, E, S]


def test_game_play_cover_the_sea_or_the_shore():
    g = position(4, hands={"Eric": ["r7", "b2"], "Stephanie": ["r1", "b1"],
                           "Niels": ["g1", "g2"], "Marlou": ["p1", "p5"]})
    assert legal(g) == ["play:r7/sea", "play:r7/shore", "play:b2/sea", "play:b2/shore"]


def test_game_play_covered_card_view_shows_only_chosen_half():
    g = position(4, hands={"Eric": ["r8", "b2"], "Stephanie": ["r4", "b1"],
                           "Niels": ["g1", "g2"], "Marlou": ["p1", "p5"]},
                 additions={"Stephanie": 2})
    ev = g.play("play:r8/sea")
    assert g.view(E)["played"][E] == {"shows": "sea", "adds": 0, "card": "r8", "value": 8,
                                      "taken": False}
    for p in (S, N, M):
        assert g.view(p)["played"][E] == {"shows": "sea", "adds": 0, "colour": "r"}
    assert ev[0].kind == "play_sea" and ev[0].section.key == "play" and ev[0].seen_by == (E,)
    assert ev[0].param("shown") == "r"
    ev = g.play("play:r4/shore+2")
    for p in (E, N, M):                      # the number shows, the addition cards too
        assert g.view(p)["played"][S] == {"shows": "shore", "adds": 2, "number": 4}
    assert ev[0].kind == "play_shore" and ev[0].seen_by == (S,) and ev[0].param("shown") == 4
    assert g.view(N)["additions"][S] == 0    # the two addition cards lie beside the card


def test_game_play_unveil_all_cards_when_everyone_has_played():
    g, ev = trick({"Eric": "r8/sea", "Stephanie": "r4/shore", "Niels": "g2/sea",
                   "Marlou": "p5/shore+1"}, additions={"Marlou": 1})
    reveals = of_kind(ev, "reveal")
    assert [(e.param("player"), e.param("card").code, e.param("value")) for e in reveals] == [
        ("Eric", "r8", 8), ("Stephanie", "r4", 4), ("Niels", "g2", 2), ("Marlou", "p5", 6)]
    assert all(e.seen_by == () for e in reveals)
    for p in range(4):
        v = g.view(p)
        assert v["revealed"] and [x["card"] for x in v["played"]] == ["r8", "r4", "g2", "p5"]


# =====================================================================================
# 1) You win the color
# =====================================================================================
def test_win_the_color_alone():
    g, ev = trick({"Eric": "b2/sea", "Stephanie": "r1/shore", "Niels": "g5/sea",
                   "Marlou": "g6/sea"})
    win = of_kind(ev, "win_treasure")
    assert [(e.param("player"), e.param("colour")) for e in win] == [("Stephanie", "r")]
    assert win[0].section.key == "win"
    assert g.state.piles[S] == ["r3"]                          # the only red: r1 wins red


def test_win_the_color_highest():
    g, ev = trick({"Eric": "r8/sea", "Stephanie": "r4/shore", "Niels": "r10/sea",
                   "Marlou": "g6/sea"})
    assert event(ev, "win_treasure").param("player") == "Niels"
    assert g.state.piles == [[], [], ["r3"], []]


def test_win_the_color_different_colours_different_winners():
    g, ev = trick({"Eric": "r8/sea", "Stephanie": "p4/shore", "Niels": "r10/sea",
                   "Marlou": "p6/sea"})
    assert [e.param("player") for e in of_kind(ev, "win_treasure")] == ["Niels", "Marlou"]
    assert g.state.piles == [[], [], ["r3"], ["p2"]]


@pytest.mark.parametrize("starter,plays,winner", [
    # the starting player wins a tie (r5 + 2 = 7 against the starter's r7)
    ("Eric", {"Eric": "r7/sea", "Stephanie": "r5/sea+2"}, "Eric"),
    # nobody tied is the starter: the one nearer clockwise from the starter wins
    ("Niels", {"Eric": "r9/sea", "Stephanie": "r7/shore+2"}, "Eric"),
    ("Marlou", {"Eric": "r9/sea", "Stephanie": "r6/sea+3"}, "Eric"),
    ("Stephanie", {"Eric": "r9/sea", "Stephanie": "r6/sea+3"}, "Stephanie"),
    # a tie at the cap of 12
    ("Niels", {"Eric": "r12/sea", "Stephanie": "r11/sea+1"}, "Eric"),
    ("Stephanie", {"Eric": "r12/sea", "Stephanie": "r10/sea+2"}, "Stephanie"),
])
def test_tie_goes_to_starting_player_or_next_clockwise(starter, plays, winner):
    plays = {"Niels": "g5/sea", "Marlou": "g6/sea", **plays}
    g, ev = trick(plays, starter=starter, additions={"Stephanie": 3})
    win = [e for e in ev if e.kind == "win_treasure" and e.param("colour") == "r"]
    assert win[0].param("player") == winner
    tie = event(ev, "tie_win")
    assert tie.param("player") == winner and tie.section.key == "tie"
    loser = "Stephanie" if winner == "Eric" else "Eric"
    earn = [e for e in ev if e.kind == "earn" and e.param("colour") == "r"]
    assert [e.param("player") for e in earn] == [loser]        # the tie loser is the lowest


@pytest.mark.parametrize("starter,lowest", [("Eric", "Niels"), ("Niels", "Stephanie"),
                                            ("Marlou", "Niels"), ("Stephanie", "Niels")])
def test_tie_for_the_lowest_the_seat_further_from_the_starter_is_lowest(starter, lowest):
    """Reading: ties in any comparison rank the seat nearer the starter higher, so of two
    tied lowest cards the one further from the starter is the lowest and earns."""
    g, ev = trick({"Eric": "r10/sea", "Stephanie": "r4/sea+1", "Niels": "r5/shore",
                   "Marlou": "g6/sea"}, starter=starter, additions={"Stephanie": 1})
    earn = event(ev, "earn")
    assert earn.param("player") == lowest and earn.param("earned") == 3
    assert event(ev, "tie_low").param("player") == lowest


def test_tie_between_equal_values_in_three_player_merged_colours():
    # green/purple merged (red treasure up): g9 and p7+2 tie at 9; Marlou (seat 1) is nearer
    # to the starter Eric than Niels (seat 2)
    g, ev = trick({"Eric": "r4/sea", "Marlou": "p7/sea+2", "Niels": "g9/sea"}, players=3,
                  face_up=["r5"], additions={"Marlou": 2})
    assert event(ev, "merged").param("player") == "Marlou"
    act = event(ev, "win_action")
    assert act.param("player") == "Marlou" and act.param("colour") == "g/p"
    assert event(ev, "earn").param("player") == "Niels"


# =====================================================================================
# Earning or stealing a treasure
# =====================================================================================
def test_earning_treasure():
    g = position(4, hands={"Eric": ["r8", "r9"], "Stephanie": ["r4", "b1"],
                           "Niels": ["p5", "g1"], "Marlou": ["p6", "g2"]},
                 piles={"Eric": ["b4"]})
    ev = play(g, "play:r8/sea", "play:r4/shore", "play:p5/sea", "play:p6/sea")
    take = of_kind(ev, "take")[0]
    assert take.section.key == "treasure" and take.param("treasure").code == "r3"
    assert take.param("player") == "Eric"
    assert g.state.piles[E] == ["b4", "r3"]                    # on top of the personal pile
    assert g.view(N)["piles"][E] == {"top": "r3", "size": 2}   # the top is visible to all
    assert g.view(E)["my_pile"] == ["b4", "r3"]
    assert g.state.face_up[0] is None                          # taken from the deck
    deal_all(g)                                                # the next treasure comes up
    assert g.state.face_up[0] is not None


def test_stealing_instead_of_taking():
    g, ev = trick({"Eric": "r8/sea", "Stephanie": "r4/shore", "Niels": "g5/sea",
                   "Marlou": "g6/sea"}, piles={"Stephanie": ["b2", "r4"]})
    assert g.phase == "treasure" and g.current_player == E
    assert legal(g) == ["take", "steal:1"]
    ev = g.play("steal:1")
    steal = event(ev, "steal")
    assert steal.section.key == "steal" and steal.param("victim") == "Stephanie"
    assert steal.param("treasure").code == "r4"
    assert g.state.piles[E] == ["r4"] and g.state.piles[S] == ["b2"]
    assert g.state.face_up[0] == "r3"                          # still face up on the deck


def test_stealing_choice_between_several_players():
    g, ev = trick({"Eric": "g8/sea", "Stephanie": "r4/shore", "Niels": "r12/sea",
                   "Marlou": "r2/sea"}, piles={"Stephanie": ["r4"], "Marlou": ["r1"]})
    assert g.current_player == N
    assert legal(g) == ["take", "steal:1", "steal:3"]          # clockwise from the starter
    g.play("steal:3")
    assert g.state.piles[N] == ["r1"] and g.state.piles[M] == []


BASE_STEAL = {"Eric": "r8/sea", "Stephanie": "r4/shore", "Niels": "g5/sea", "Marlou": "g6/sea"}


@pytest.mark.parametrize("failing", ["other colour", "no treasure face up", "top not the colour",
                                     "higher number"])
def test_stealing_requires_all_three_conditions(failing):
    plays, desc = dict(BASE_STEAL), {"piles": {"Stephanie": ["r4"]}}
    if failing == "other colour":                 # Stephanie played blue, not red
        plays["Stephanie"] = "b4/shore"
    elif failing == "no treasure face up":        # no red treasure on a deck
        desc["face_up"] = ["b3", "p2"]
    elif failing == "top not the colour":         # Stephanie's top treasure is blue
        desc["piles"] = {"Stephanie": ["r4", "b2"]}
    else:                                          # Stephanie played red but higher: she wins
        plays["Stephanie"] = "r9/shore"
    g, ev = trick(plays, **desc)
    assert "steal" not in kinds(ev)
    assert g.phase != "treasure"                   # nothing to choose
    if failing == "no treasure face up":
        assert of_kind(ev, "win_action")[0].param("player") == "Eric"
        assert g.state.piles[S] == ["r4"]
    elif failing == "higher number":
        assert event(ev, "take").param("player") == "Stephanie"
        assert g.state.piles[S] == ["r4", "r3"]
    else:
        assert event(ev, "take").param("player") == "Eric"


def test_stealing_takes_only_the_top_treasure():
    g, _ = trick(BASE_STEAL, piles={"Stephanie": ["r5", "r4"]})
    g.play("steal:1")
    assert g.state.piles[E] == ["r4"] and g.state.piles[S] == ["r5"]


def test_stealing_needs_a_strictly_lower_number_a_tie_loser_is_safe():
    g, ev = trick({**BASE_STEAL, "Stephanie": "r6/shore+2"}, additions={"Stephanie": 2},
                  piles={"Stephanie": ["r4"]})
    assert "steal" not in kinds(ev)
    assert event(ev, "take").param("player") == "Eric"          # the only option: taken
    assert g.state.piles[1] == ["r4"]


# =====================================================================================
# 2) You lose the color / Addition cards
# =====================================================================================
@pytest.mark.parametrize("cards", [2, 3, 4])
def test_lose_the_color_lowest_earns_as_many_addition_cards_as_cards_played(cards):
    reds = {"Eric": "r9/sea", "Stephanie": "r2/shore", "Niels": "r5/sea", "Marlou": "r7/sea"}
    others = {"Eric": "g9/sea", "Stephanie": "b2/shore", "Niels": "g5/sea", "Marlou": "p7/sea"}
    names = NAMES[4][:cards]
    plays = {n: (reds if n in names else others)[n] for n in NAMES[4]}
    g, ev = trick(plays)
    earn = [e for e in ev if e.kind == "earn" and e.param("colour") == "r"]
    assert len(earn) == 1 and earn[0].section.key == "lose"
    assert earn[0].param("player") == "Stephanie" and earn[0].param("earned") == cards
    assert g.view(E)["additions"][S] == cards                  # placed in front of her


def test_lose_the_color_alone_earns_nothing():
    g, ev = trick({"Eric": "r9/sea", "Stephanie": "b2/shore", "Niels": "g5/sea",
                   "Marlou": "p7/sea"})
    assert "earn" not in kinds(ev) and "earn_short" not in kinds(ev)


def test_lose_the_color_several_colours_each_lowest_earns():
    g, ev = trick({"Eric": "r9/sea", "Stephanie": "r2/shore", "Niels": "g5/sea",
                   "Marlou": "g7/sea"})
    earn = of_kind(ev, "earn")
    assert [(e.param("player"), e.param("earned")) for e in earn] == [("Stephanie", 2),
                                                                      ("Niels", 2)]


@pytest.mark.parametrize("pile,earned", [(0, 0), (1, 1), (2, 2), (3, 3)])
def test_no_addition_cards_left(pile, earned):
    g, ev = trick({"Eric": "r9/sea", "Stephanie": "r2/shore", "Niels": "r5/sea",
                   "Marlou": "g7/sea"}, additions={"Marlou": 22 - pile})
    earn = ev[[e.kind for e in ev].index("earn" if earned == 3 else "earn_short")]
    assert earn.param("earned") == earned and earn.param("cards") == 3
    assert g.state.additions[S] == earned and g.state.addition_pile == pile - earned


def test_no_addition_cards_left_the_pile_is_shared_clockwise_from_the_starter():
    g, ev = trick({"Eric": "r9/sea", "Stephanie": "r2/shore", "Niels": "g5/sea",
                   "Marlou": "g3/sea"}, starter="Niels", additions={"Eric": 19})
    # Marlou (lowest green, nearer to the starter Niels) earns 2, Stephanie the last 1
    assert g.state.additions[M] == 2 and g.state.additions[S] == 1
    assert kinds(ev).count("earn_short") == 1


def test_addition_cards_blue_7_plus_3_is_10():
    g, ev = trick({"Eric": "g1/sea", "Stephanie": "b7/shore+3", "Niels": "b9/sea",
                   "Marlou": "b10/sea"}, additions={"Stephanie": 3}, face_up=["b2", "p2"])
    reveal = [e for e in ev if e.kind == "reveal" and e.param("player") == "Stephanie"][0]
    assert reveal.param("value") == 10 and reveal.param("adds") == 3
    assert g.view(E)["played"][S]["value"] == 10
    # blue 10 with additions ties Marlou's b10: Stephanie is nearer to the starter Eric
    assert event(ev, "win_treasure").param("player") == "Stephanie"
    assert event(ev, "earn").param("player") == "Niels"


def test_addition_cards_never_above_12():
    g = position(4, hands={"Eric": ["r11", "r12", "b9"], "Stephanie": ["r1", "r2", "r3"],
                           "Niels": ["g1", "g2", "g3"], "Marlou": ["p1", "p5", "p6"]},
                 additions={"Eric": 5})
    moves = legal(g)
    assert [m for m in moves if m.startswith("play:r11/sea")] == ["play:r11/sea",
                                                                  "play:r11/sea+1"]
    assert [m for m in moves if m.startswith("play:r12/")] == ["play:r12/sea", "play:r12/shore"]
    assert "play:b9/shore+3" in moves and "play:b9/shore+4" not in moves
    with pytest.raises(tk.IllegalMove, match="above 12"):
        g.play("play:r11/sea+2")


def test_addition_cards_only_those_you_own():
    g = position(4, hands={"Eric": ["r1", "b9"], "Stephanie": ["r2", "r3"],
                           "Niels": ["g1", "g2"], "Marlou": ["p1", "p5"]},
                 additions={"Eric": 2})
    assert [m for m in legal(g) if m.startswith("play:r1/sea")] == [
        "play:r1/sea", "play:r1/sea+1", "play:r1/sea+2"]
    with pytest.raises(tk.IllegalMove, match="2 addition card"):
        g.play("play:r1/sea+3")


def test_addition_cards_go_back_to_the_pile_after_the_trick():
    g, ev = trick({"Eric": "r7/sea+2", "Stephanie": "r5/sea+1", "Niels": "p5/sea",
                   "Marlou": "p6/sea"}, additions={"Eric": 3, "Stephanie": 1})
    assert g.state.additions == [1, 2, 2, 0]                   # Stephanie and Niels earned 2
    back = event(ev, "additions_back")
    assert back.param("cards") == 3 and back.section.key == "additions"
    assert g.state.addition_pile == 22 - 5                     # 5 held, 3 back in the pile


# =====================================================================================
# Activating the action card / Action cards
# =====================================================================================
@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("colour", ["b", "g"])
def test_activating_action_card(variant, colour):
    """Winning a colour with no treasure of it face up activates that colour's card."""
    card = {"b": "b9", "g": "g9"}[colour]
    g, ev = trick({"Eric": f"{card}/sea", "Stephanie": "r4/shore", "Niels": "p5/sea",
                   "Marlou": "r2/sea"}, variant=variant)
    act = event(ev, "win_action")
    assert act.section.key == "activate" and act.param("player") == "Eric"
    side = SIDES[variant][0 if colour == "b" else 1]
    assert act.param("action") == side
    assert act.param("colour") == colour


def test_action_additions_steal_two_from_another_player():
    g, ev = trick({"Eric": "b9/sea", "Stephanie": "r4/shore", "Niels": "g5/sea",
                   "Marlou": "p6/sea"}, additions={"Stephanie": 3, "Niels": 2, "Marlou": 1})
    assert g.phase == "rob" and g.current_player == E
    assert legal(g) == ["rob:1", "rob:2"]                      # Marlou has only one
    ev = g.play("rob:2")
    rob = event(ev, "rob")
    assert rob.section.key == "action_additions" and rob.param("victim") == "Niels"
    assert g.state.additions == [2, 3, 0, 1]


def test_action_additions_from_the_one_player_who_can_is_automatic():
    g, ev = trick({"Eric": "b9/sea", "Stephanie": "r4/shore", "Niels": "g5/sea",
                   "Marlou": "p6/sea"}, additions={"Niels": 5})
    assert event(ev, "rob").param("victim") == "Niels" and g.state.additions == [2, 0, 3, 0]


def test_action_additions_earned_this_trick_can_be_stolen():
    """Addition cards are earned before actions are dealt with."""
    g, ev = trick({"Eric": "b9/sea", "Stephanie": "r4/shore", "Niels": "r2/sea",
                   "Marlou": "p6/sea"})
    assert kinds(ev).index("earn") < kinds(ev).index("rob")
    assert g.state.additions == [2, 0, 0, 0]


def test_action_additions_from_the_pile_when_nobody_has_two():
    g, ev = trick({"Eric": "b9/sea", "Stephanie": "r4/shore", "Niels": "g5/sea",
                   "Marlou": "p6/sea"}, additions={"Marlou": 1, "Niels": 1})
    got = event(ev, "rob_pile")
    assert got.param("cards") == 2 and got.section.key == "action_additions"
    assert g.state.additions == [2, 0, 1, 1] and g.state.addition_pile == 18


@pytest.mark.parametrize("pile,took", [(3, 2), (2, 2), (1, 1), (0, 0)])
def test_action_additions_the_pile_has_fewer_than_two(pile, took):
    """Nobody else holds two: take two from the pile, or what is left of it."""
    g, ev = trick({"Eric": "b9/sea", "Stephanie": "r4/shore", "Niels": "p5/sea",
                   "Marlou": "g6/sea"},
                  additions={"Eric": 19 - pile, "Stephanie": 1, "Niels": 1, "Marlou": 1})
    got = event(ev, "rob_pile")
    assert got.param("cards") == took
    assert g.state.additions[E] == 19 - pile + took


SWAP_HANDS = {"Eric": ["b9", "r1", "r2"], "Stephanie": ["r4", "g7", "p8"],
              "Niels": ["g5", "g1", "g2"], "Marlou": ["p6", "p1", "p2"]}
SWAP_PLAYS = {"Eric": "b9/sea", "Stephanie": "r4/shore", "Niels": "g5/sea", "Marlou": "p6/sea"}


def test_action_swap_take_two_random_cards_give_two_back():
    g, ev = trick(SWAP_PLAYS, variant="swap-peek", hands=SWAP_HANDS)
    assert g.phase == "swap" and legal(g) == ["swap:1", "swap:2", "swap:3"]
    ev = g.play("swap:1")
    assert event(ev, "swap").section.key == "action_swap"
    assert not g.is_chance                   # her whole hand of two: nothing left to chance
    grab = event(ev, "grab")
    assert grab.seen_by == (E, S)
    assert g.view(E)["hand"] == ["r1", "r2", "g7", "p8"] and g.view(S)["hand"] == []
    assert g.view(E)["pending"] == {"grabbed": ["g7", "p8"]}
    assert g.view(S)["pending"] == {"grabbed": ["g7", "p8"]}
    assert g.view(N)["pending"] == {} and g.view(N)["hand_sizes"] == [4, 0, 2, 2]
    assert legal(g) == ["give:r1", "give:r2", "give:g7", "give:p8"]
    ev = play(g, "give:r1", "give:g7")                        # one may be the same card
    assert [e.seen_by for e in of_kind(ev, "give")] == [(E, S), (E, S)]
    assert g.state.hands[E] == ["r2", "p8"] and g.state.hands[S] == ["r1", "g7"]
    assert g.view(E)["pending"] == {}


def test_action_swap_random_cards_are_uniform():
    hands = {"Eric": ["b9", "r1", "r2", "r3"], "Stephanie": ["r4", "g7", "p8", "p9"],
             "Niels": ["g5", "g1", "g2", "g3"], "Marlou": ["p6", "p1", "p2", "p3"]}
    g, _ = trick(SWAP_PLAYS, variant="swap-salvage", hands=hands)
    g.play("swap:1")
    outcomes = dict((str(m), p) for m, p in g.chance_outcomes())
    assert outcomes == {f"grab:{a},{b}": pytest.approx(1 / 3)
                        for a, b in combinations(["g7", "p8", "p9"], 2)}
    g.play("grab:g7,p9")
    play(g, "give:g7", "give:p9")                               # give the same two back
    assert g.state.hands[S] == ["g7", "p8", "p9"]


def test_action_swap_one_card_left_swap_one():
    g, ev = trick(SWAP_PLAYS, variant="swap-peek")            # one spare card each
    g.play("swap:3")
    assert not g.is_chance                                      # one card: taken for you
    grab = of_kind(g.log[-1], "grab")[0]
    assert [c.code for c in grab.param("cards")] == ["b4"]
    assert g.phase == "give" and g.state.hands[M] == []
    assert legal(g) == ["give:b1", "give:b4"]
    g.play("give:b1")
    assert g.state.hands[E] == ["b4"] and g.state.hands[M] == ["b1"]


def test_action_swap_last_trick_no_cards_no_effect():
    g, ev = trick(SWAP_PLAYS, variant="swap-salvage", spare=False)
    assert event(ev, "no_effect").section.key == "action_swap"
    assert g.phase == "salvage" and g.current_player == N


PEEK_PLAYS = {"Eric": "r9/sea", "Stephanie": "r4/shore", "Niels": "g5/sea", "Marlou": "r6/sea"}


def test_action_peek_look_at_top_three_and_reorder():
    g, ev = trick(PEEK_PLAYS, face_up=["r3", "p2"])           # Niels wins green: no green up
    assert event(ev, "win_action").param("player") == "Niels"
    assert g.phase == "peek" and legal(g) == ["peek:0", "peek:1"]
    ev = g.play("peek:1")
    assert event(ev, "peek").param("cards") == 3
    for card in ("g4", "p5", "g4"):                           # the dealer's three cards
        assert g.is_chance and g.phase == "see"
        ev = g.play(f"see:{card}")
        assert event(ev, "see").seen_by == (N,)
    assert g.phase == "order" and g.current_player == N
    assert g.view(N)["pending"] == {"looking_at": ["g4", "p5", "g4"]}
    assert all(g.view(p)["pending"] == {} for p in (E, S, M))
    assert legal(g) == ["order:g4,g4,p5", "order:g4,p5,g4", "order:p5,g4,g4"]
    ev = g.play("order:p5,g4,g4")
    assert event(ev, "order").seen_by == (N,)
    assert g.view(N)["deck_known"] == [[], ["p5", "g4", "g4"]]
    assert all(g.view(p)["deck_known"] == [[], []] for p in (E, S, M))
    # end of the trick: p2 goes under, the next green/purple treasure is the known p5
    assert g.is_chance and g.phase == "turn"
    g.play("turn:b1")
    assert g.state.face_up == ["b1", "p5"] and g.state.decks[1].bottom == ["p2"]
    assert g.view(N)["deck_known"] == [[], ["g4", "g4"]]


def test_action_peek_face_up_treasure_is_not_one_of_the_three():
    g, _ = trick(PEEK_PLAYS)
    g.play("peek:0")
    outcomes = {str(m): p for m, p in g.chance_outcomes()}
    face_down = Counter(treasure_decks(4)[0]) - Counter(["r3"])   # 15 cards
    assert outcomes == {f"see:{c}": pytest.approx(k / 15) for c, k in face_down.items()}
    assert outcomes["see:r3"] == pytest.approx(1 / 15)         # the other red 3


def test_action_peek_deck_with_fewer_than_three():
    """With fewer than three face-down treasures the player looks at what is there."""
    reds = [c for c in treasure_decks(4)[0] if c != "r3"]
    piles = {"Eric": reds[:7], "Stephanie": reds[7:13]}       # 2 treasures left face down
    g, _ = trick(PEEK_PLAYS, piles=piles)
    ev = g.play("peek:0")
    assert event(ev, "peek").param("cards") == 2
    left = sorted(g.state.decks[0].middle)
    g.play(f"see:{left[0]}")                  # the last card needs no dealer: it is seen
    assert not g.is_chance and g.state.decks[0].top == [left[0], left[1]]
    assert legal(g) == [f"order:{a},{b}" for a, b in sorted(set(permutations(left)))]


def test_action_salvage_take_a_played_card_then_discard_one():
    g, ev = trick(PEEK_PLAYS, variant="additions-salvage")
    assert g.phase == "salvage" and g.current_player == N
    assert legal(g) == ["salvage:0", "salvage:1", "salvage:2", "salvage:3"]
    ev = g.play("salvage:1")
    assert event(ev, "salvage").section.key == "action_salvage"
    assert g.state.hands[N] == ["r4", "b3"]
    assert g.view(E)["played"][S]["taken"] is True
    assert g.phase == "discard" and legal(g) == [f"discard:{c}" for c in g.state.hands[N]]
    ev = g.play("discard:b3")
    assert event(ev, "discard").section.key == "action_salvage"
    assert "r4" in g.state.hands[N] and len(g.state.hands[N]) == 1
    # at the end of the trick the taken card is not discarded with the others
    assert "r4" not in g.state.discards and {"r9", "g5", "r6"} <= set(g.state.discards)


def test_action_salvage_last_trick_discards_the_card_taken():
    g, ev = trick(PEEK_PLAYS, variant="swap-salvage", spare=False)
    ev = g.play("salvage:0")                                   # the discard is forced
    assert event(ev, "salvage").param("card").code == "r9"
    assert event(ev, "discard").param("card").code == "r9"
    assert kinds(ev)[-1] == "second_round"                     # the round is over


# =====================================================================================
# The sequence in a trick
# =====================================================================================
def test_sequence_treasures_and_additions_before_actions_clockwise_from_starter():
    # Eric (the starter) wins blue (no blue treasure: action); Niels wins red (treasure);
    # Marlou wins green (no green treasure: action); Stephanie loses red and earns 2
    g, ev = trick({"Eric": "b9/sea", "Stephanie": "r4/shore", "Niels": "r10/sea",
                   "Marlou": "g6/sea"}, piles={"Stephanie": ["r1"]},
                  additions={"Marlou": 3})
    k = kinds(ev)
    assert k.index("earn") < k.index("win_treasure") and k.index("earn") < k.index("win_action")
    # the treasure decision comes first, then Eric's action, then Marlou's
    assert g.phase == "treasure" and g.current_player == N
    ev = g.play("take")
    assert g.phase == "rob" and g.current_player == E          # Stephanie 2, Marlou 3
    ev = g.play("rob:1")
    assert g.phase == "peek" and g.current_player == M


def test_sequence_actions_clockwise_from_the_starter_not_from_seat_zero():
    g, ev = trick({"Eric": "g9/sea", "Stephanie": "r4/shore", "Niels": "r10/sea",
                   "Marlou": "b6/sea"}, starter="Niels", additions={"Stephanie": 3})
    wins = [e.param("player") for e in of_kind(ev, "win_action")]
    assert wins == ["Marlou", "Eric"]
    # Marlou's action first: she robs Stephanie (the only one with two); then Eric's peek
    assert event(ev, "rob").param("player") == "Marlou"
    assert g.phase == "peek" and g.current_player == E


def test_sequence_actions_impact_each_other():
    """Two swap actions: the second works on the hands the first left."""
    hands = {"Eric": ["b9", "r1"], "Stephanie": ["r4", "g7"], "Niels": ["g5", "g1"],
             "Marlou": ["r6", "p1"]}
    g, _ = trick({"Eric": "b9/sea", "Stephanie": "r4/shore", "Niels": "g5/sea",
                  "Marlou": "r6/sea"}, variant="swap-salvage", hands=hands)
    # Eric wins blue (swap), Niels wins green (salvage) afterwards
    play(g, "swap:2")                                          # Eric takes Niels' g1
    play(g, "give:g1")
    assert g.phase == "salvage" and g.current_player == N


# =====================================================================================
# Exception: three players
# =====================================================================================
def test_three_player_exception_book_example():
    """Red treasure up; Eric red 4, Marlou purple 7, Niels green 9: Eric takes the treasure,
    Niels activates the green/purple action, Marlou earns two addition cards."""
    g, ev = trick({"Eric": "r4/sea", "Marlou": "p7/shore", "Niels": "g9/sea"}, players=3,
                  face_up=["r5"])
    merged = event(ev, "merged")
    assert merged.section.key == "exception" and merged.param("colours") == "g/p"
    assert merged.param("player") == "Niels"
    assert event(ev, "take").param("player") == "Eric" and g.state.piles[0] == ["r5"]
    act = event(ev, "win_action")
    assert act.param("player") == "Niels" and act.param("action") == "peek"
    earn = event(ev, "earn")
    assert earn.param("player") == "Marlou" and earn.param("earned") == 2
    assert g.state.additions == [0, 2, 0]
    assert g.phase == "see" and g.state.steps[0].player == 2   # one deck: Niels looks at it


def test_three_player_exception_red_and_blue():
    g, ev = trick({"Eric": "r4/sea", "Marlou": "b2/sea", "Niels": "g1/sea"}, players=3,
                  face_up=["g2"], additions={"Niels": 2})
    assert event(ev, "merged").param("colours") == "r/b"
    act = event(ev, "win_action")
    assert act.param("player") == "Eric" and act.param("action") == "additions"
    assert event(ev, "earn").param("player") == "Marlou"
    assert event(ev, "take").param("player") == "Niels"
    assert g.current_player == 0 and legal(g) == ["rob:1", "rob:2"]
    g.play("rob:2")
    assert g.state.additions == [2, 2, 0]                      # Eric robbed Niels' two


def test_three_player_no_exception_when_one_colour_has_a_treasure():
    g, ev = trick({"Eric": "b4/sea", "Marlou": "r7/sea", "Niels": "g9/sea"}, players=3,
                  face_up=["r5"])
    # red has the treasure: red and blue stay apart (green/purple count as one)
    assert [e.param("colours") for e in of_kind(ev, "merged")] == ["g/p"]
    assert "earn" not in kinds(ev)
    assert [(e.param("player"), e.param("colour")) for e in of_kind(ev, "win_action")] == [
        ("Eric", "b"), ("Niels", "g/p")]
    assert event(ev, "take").param("player") == "Marlou"


def test_four_players_never_merge_colours():
    g, ev = trick({"Eric": "g4/sea", "Stephanie": "p7/sea", "Niels": "b9/sea",
                   "Marlou": "r1/sea"}, face_up=["r3", "g2"])
    assert "merged" not in kinds(ev) and "earn" not in kinds(ev)
    assert [e.param("player") for e in of_kind(ev, "win_action")] == ["Stephanie", "Niels"]


# =====================================================================================
# The book's four-player example
# =====================================================================================
def test_four_player_example_steal_additions_action_and_treasures_under():
    """Eric wins red and steals Stephanie's red 4 instead of taking the red treasure; Niels,
    lowest in red, earns three addition cards; Marlou wins green with no green treasure and
    activates the green action; both deck treasures go under their decks."""
    g, ev = trick({"Eric": "r8/sea", "Stephanie": "r4/shore", "Niels": "r2/sea",
                   "Marlou": "g5/shore"}, face_up=["r3", "p2"], piles={"Stephanie": ["r4"]})
    earn = event(ev, "earn")
    assert earn.param("player") == "Niels" and earn.param("earned") == 3
    assert g.state.additions == [0, 0, 3, 0]
    assert event(ev, "win_treasure").param("player") == "Eric"
    act = event(ev, "win_action")
    assert act.param("player") == "Marlou" and act.param("colour") == "g"
    assert legal(g) == ["take", "steal:1"]
    ev = g.play("steal:1")
    assert g.state.piles == [["r4"], [], [], []]
    assert g.phase == "peek" and g.current_player == M
    ev = play(g, "peek:1", "see:g1", "see:g2", "see:g3", "order:g1,g2,g3")
    under = event(ev, "under")
    assert [t.code for t in under.param("cards")] == ["r3", "p2"]
    assert under.section.key == "end_trick"
    assert g.state.decks[0].bottom == ["r3"] and g.state.decks[1].bottom == ["p2"]
    assert g.is_chance and g.phase == "turn"
    g.play("turn:b5")
    assert g.state.face_up == ["b5", "g1"]                    # g1 known: turned for you


# =====================================================================================
# End of a trick
# =====================================================================================
def test_end_of_trick_starting_card_passes_clockwise_new_treasures_turned_up():
    g, ev = trick({"Eric": "r8/sea", "Stephanie": "b4/shore", "Niels": "g2/sea",
                   "Marlou": "p5/shore"}, starter="Marlou",
                  hands={"Eric": ["r8", "r9"], "Stephanie": ["b4", "b5"],
                         "Niels": ["g2", "g3"], "Marlou": ["p5", "p6"]})
    # Eric takes r3 (no red steal), Marlou takes p2; Stephanie (blue) and Niels (green)
    # activate actions: additions (nobody has two: from the pile) and peek
    assert g.phase == "peek" and g.current_player == N
    play(g, "peek:0", "see:b1", "see:b2", "see:b3", "order:b1,b2,b3")
    # both treasures were taken: nothing goes under; new treasures come up
    assert g.state.face_up == ["b1", None] and g.phase == "turn"
    nxt = event(g.log[-1], "next_trick")
    g.play("turn:g4")
    assert g.state.face_up == ["b1", "g4"]
    assert nxt.param("player") == "Eric" and nxt.section.key == "end_trick"
    assert g.current_player == E and g.view(N)["starter"] == E
    assert set(g.state.discards) == {"r8", "b4", "g2", "p5"}    # played cards discarded
    assert g.state.played == [None] * 4 and not g.state.revealed
    assert g.view(S)["hand_sizes"] == [1, 1, 1, 1]


def test_end_of_trick_leftover_treasures_go_under_their_deck():
    g, ev = trick({"Eric": "b8/sea", "Stephanie": "b4/shore", "Niels": "g2/sea",
                   "Marlou": "g5/shore"}, variant="swap-salvage")
    # nobody played red or purple: both face-up treasures go under
    play(g, "swap:1")                                          # Eric takes b2 (her only card)
    play(g, "give:b1")
    ev = play(g, "salvage:0", "discard:b5")
    assert [t.code for t in event(ev, "under").param("cards")] == ["r3", "p2"]
    assert g.state.decks[0].bottom == ["r3"] and g.state.decks[1].bottom == ["p2"]


def test_end_of_trick_cards_put_under_come_back_round_last():
    reds = sorted((Counter(treasure_decks(4)[0]) - Counter(["r3"])).elements())
    g, _ = trick({"Eric": "g8/sea", "Stephanie": "b4/shore", "Niels": "g2/sea",
                  "Marlou": "g5/shore"}, variant="additions-salvage",
                 piles={"Eric": reds[:8], "Stephanie": reds[8:]})
    # deck 1 holds only the face-up r3; Eric wins green (salvage), Stephanie blue (additions)
    assert g.state.decks[0].size() == 0
    play(g, "salvage:1", "discard:b4")
    # r3 went under an empty deck and comes straight back up
    assert g.state.face_up[0] == "r3"


# =====================================================================================
# Game end
# =====================================================================================
def last_trick(round_no=1, **desc):
    desc.setdefault("hands", {"Eric": ["r8"], "Stephanie": ["r4"], "Niels": ["g2"],
                              "Marlou": ["p5"]})
    g = position(4, round=round_no, **desc)
    ev = play(g, "play:r8/sea", "play:r4/shore", "play:g2/sea", "play:p5/shore")
    return g, ev


def test_game_end_round_score_treasure_points_plus_one_per_two_additions():
    g, ev = last_trick(piles={"Eric": ["b4", "g2"], "Niels": ["p5"]},
                       additions={"Eric": 3, "Stephanie": 5, "Niels": 1})
    # Eric takes r3; Stephanie earns 2 (7); Niels: green action (peek) is his decision
    play(g, "peek:0", "see:b1", "see:b2", "see:b3", "order:b1,b2,b3")
    scores = of_kind(g.log[-1], "round_score")
    assert [(e.param("player"), e.param("treasure"), e.param("additions"), e.param("total"))
            for e in scores] == [("Eric", 9, 3, 10), ("Stephanie", 0, 7, 3),
                                 ("Niels", 5, 1, 5), ("Marlou", 2, 0, 2)]
    assert g.state.round_scores == [[10, 3, 5, 2]]
    assert g.scores() == [10, 3, 5, 2]


def test_game_end_second_round_is_set_up_afresh():
    g, _ = last_trick(piles={"Eric": ["b4"]}, additions={"Stephanie": 5})
    play(g, "peek:0", "see:b1", "see:b2", "see:b3", "order:b1,b2,b3")
    assert event(g.log[-1], "second_round").param("player") == "Stephanie"
    assert g.phase == "deal" and g.is_chance and not g.is_over
    s = g.state
    assert s.round == 1 and s.piles == [[], [], [], []] and s.additions == [0] * 4
    assert s.addition_pile == 22 and s.discards == [] and len(s.box) == 48
    assert Counter(s.decks[0].cards()) == Counter(treasure_decks(4)[0])
    assert s.known == [[0] * 4, [0] * 4]
    deal_all(g)
    assert g.view(0)["round"] == 2 and [len(h) for h in g.state.hands] == [12] * 4
    assert g.view(0)["starter"] == S and len(g.state.face_up) == 2 and None not in g.state.face_up
    while g.phase == "pass":
        g.play(g.legal_moves()[0])
    assert g.phase == "play" and g.current_player == S
    assert g.scores() == [7, 3, 0, 2]                          # round 1 counts on


def test_game_end_totals_of_both_rounds_decide():
    g, ev = last_trick(round_no=2, round_scores=[[3, 10, 4, 6]],
                       piles={"Eric": ["b5", "g5"], "Stephanie": ["b1"]})
    play(g, "peek:0", "see:b2", "see:b3", "see:b4", "order:b2,b3,b4")
    assert g.is_over and g.phase == "over" and g.legal_moves() == []
    # round 2: Eric 5+5+3 = 13, Stephanie 1 (+ 2 addition cards = 1), Niels 0, Marlou 2
    assert g.state.round_scores == [[3, 10, 4, 6], [13, 2, 0, 2]]
    assert g.scores() == [16, 12, 4, 8] and g.winners() == [E]
    win = event(g.log[-1], "winner")
    assert win.section.key == "game_end" and win.param("player") == "Eric"
    assert win.param("score") == 16


@pytest.mark.parametrize("starter,winner", [("Eric", S), ("Stephanie", E), ("Niels", E),
                                            ("Marlou", E)])
def test_game_end_equal_totals_tie_goes_to_the_last_starter_or_next_clockwise(starter, winner):
    """Reading (docs/rules-notes.md, Scoring): equal totals are a tie "in any situation", so
    they go to the holder of the starting card (passed on after the last trick too) or the
    tied player nearest to them clockwise."""
    g = position(4, round=2, round_scores=[[3, 14, 4, 6]], starter=starter,
                 piles={"Eric": ["b5", "g5"], "Stephanie": ["b1"]},
                 hands={"Eric": ["r8"], "Stephanie": ["r4"], "Niels": ["g2"], "Marlou": ["p5"]})
    moves = {"Eric": "r8/sea", "Stephanie": "r4/shore", "Niels": "g2/sea", "Marlou": "p5/shore"}
    names = NAMES[4]
    first = names.index(starter)
    for i in range(4):
        g.play("play:" + moves[names[(first + i) % 4]])
    play(g, "peek:0", "see:b2", "see:b3", "see:b4", "order:b2,b3,b4")
    assert g.scores() == [16, 16, 4, 8] and g.winners() == [winner]
    tie = event(g.log[-1], "tie_break")
    assert tie.param("players") == ["Eric", "Stephanie"] and tie.param("score") == 16
    assert event(g.log[-1], "winner").param("player") == names[winner]


def test_game_end_full_game_two_rounds():
    g = tk.new_game(GAME, players=5, seed=11)
    rng = random.Random(11)
    while not g.is_over:
        if g.is_chance:
            g.deal()
        else:
            g.play(rng.choice(g.legal_moves()))
    rounds = [e for b in g.log for e in b if e.kind == "round_score"]
    assert len(rounds) == 10 and len(g.state.round_scores) == 2
    assert g.scores() == [a + b for a, b in zip(*g.state.round_scores, strict=True)]
    tricks = [e for b in g.log for e in b if e.kind == "reveal"]
    assert len(tricks) == 2 * 9 * 5


# =====================================================================================
# Any trick: the engine against a resolver written from the rulebook
# =====================================================================================
def book_resolve(players, starter, plays, face_up, pile):
    """Who wins each colour, takes a treasure or activates an action, and who earns how
    many addition cards, from the book: highest value wins, ties to the seat nearer the
    starter clockwise; the lowest of a contested colour earns one card per card of it (capped
    by the pile, clockwise from the starter); three players merge the two colours of an action
    card when neither has a treasure face up."""
    up = {t[0] for t in face_up}
    keys = []
    for pair in (("r", "b"), ("g", "p")):
        if players == 3 and not up & set(pair):
            keys.append(pair)
        else:
            keys += [(c,) for c in pair]
    dist = {p: (p - starter) % players for p in range(players)}
    wins, earns = [], []
    for key in keys:
        seats = [p for p, (colour, _) in enumerate(plays) if colour in key]
        if not seats:
            continue
        ranked = sorted(seats, key=lambda p: (-plays[p][1], dist[p]))
        treasure = len(key) == 1 and key[0] in up
        wins.append((ranked[0], "/".join(key), "treasure" if treasure else "action"))
        if len(ranked) > 1:
            earns.append((ranked[-1], len(ranked)))
    earned = []
    for seat, k in sorted(earns, key=lambda e: dist[e[0]]):
        got = min(k, pile)
        pile -= got
        earned.append((seat, got))
    return sorted(wins, key=lambda w: dist[w[0]]), earned


@settings(max_examples=250, deadline=None)
@given(data=st.data(), players=st.sampled_from([3, 4, 5]))
def test_any_trick_resolves_as_the_book_says(data, players):
    names = NAMES[players]
    starter = data.draw(st.integers(0, players - 1), "starter")
    cards = data.draw(st.permutations([f"{c}{v}" for c in "rbgp" for v in range(1, 13)]))
    played, spares = cards[:players], cards[players:2 * players]
    adds = [data.draw(st.integers(0, min(3, 12 - int(c[1:]))), f"adds {c}") for c in played]
    extra = data.draw(st.lists(st.integers(0, 8), min_size=players, max_size=players))
    assume(sum(adds) + sum(extra) <= 22)
    if players == 3:
        face_up = [data.draw(st.sampled_from(["r1", "b1", "g1", "p1"]), "face up")]
    else:
        face_up = [data.draw(st.sampled_from(["r1", "b1"])), data.draw(st.sampled_from(["g1",
                                                                                        "p1"]))]
    shows = [data.draw(st.sampled_from(["sea", "shore"])) for _ in range(players)]
    g = tk.setup_position(GAME, {
        "players": names, "starter": names[starter], "face_up": face_up,
        "hands": {n: [played[p], spares[p]] for p, n in enumerate(names)},
        "additions": {n: adds[p] + extra[p] for p, n in enumerate(names)}})
    ev = []
    for i in range(players):
        p = (starter + i) % players
        ev += g.play("play:" + played[p] + "/" + shows[p] + (f"+{adds[p]}" if adds[p] else ""))
    values = [(c[0], min(12, int(c[1:]) + a)) for c, a in zip(played, adds, strict=True)]
    pile = 22 - sum(adds) - sum(extra)
    wins, earned = book_resolve(players, starter, values, face_up, pile)
    engine_wins = [(names.index(e.param("player")), str(e.param("colour")),
                    "treasure" if e.kind == "win_treasure" else "action")
                   for e in ev if e.kind in ("win_treasure", "win_action")]
    assert engine_wins == wins
    engine_earned = [(names.index(e.param("player")), e.param("earned"))
                     for e in ev if e.kind in ("earn", "earn_short")]
    assert engine_earned == earned


def test_action_peek_knowledge_follows_the_cards():
    """Only the looker knows the order; it survives a turn; known cards need no dealer; a new
    look by another player makes the first looker's knowledge void."""
    face_down = Counter(treasure_decks(4)[0]) - Counter(["r3", "r5", "b5"])
    hands = {"Eric": ["b9", "p7", "r2"], "Stephanie": ["r4", "p5", "p6"],
             "Niels": ["g5", "g1", "g2"], "Marlou": ["r6", "p1", "g3"]}
    g = position(4, piles={"Eric": sorted(face_down.elements())}, hands=hands,
                 variant="swap-peek")
    assert g.state.decks[0].size() == 2                        # r5 and b5 face down
    play(g, "play:b9/sea", "play:r4/shore", "play:g5/sea", "play:r6/sea")
    # Marlou takes r3; Eric's swap comes first, then Niels looks at the red/blue deck
    play(g, "swap:1", "give:p5", "give:p6")           # her two cards: no chance in the grab
    assert g.current_player == N and legal(g) == ["peek:0", "peek:1"]
    play(g, "peek:0", "see:r5")                       # then b5 is the only card left to see
    assert legal(g) == ["order:b5,r5", "order:r5,b5"]
    g.play("order:b5,r5")
    assert g.phase == "turn" and g.state.face_up == ["b5", None]   # b5 known: turned for you
    assert g.view(N)["deck_known"] == [["r5"], []]
    assert all(g.view(p)["deck_known"] == [[], []] for p in (E, S, M))
    g.play("turn:p3")
    # trick 2 (Stephanie starts): Eric takes p3; Marlou wins green and looks at deck 1:
    # its only face-down card is r5, known already, so no chance step and no choice
    play(g, "play:p5/sea", "play:g2/sea", "play:g3/shore", "play:p7/sea")
    assert g.state.piles[E][-1] == "p3"
    assert g.current_player == M and g.phase == "peek"
    ev = g.play("peek:0")
    assert [e.kind for e in ev][:2] == ["peek", "order"] and ev[1].seen_by == (M,)
    assert g.is_chance and g.phase == "turn"                    # deck 2's next treasure
    assert g.state.face_up[0] == "r5"                           # b5 went under, r5 came up
    assert g.state.decks[0].cards() == ["b5"]
    assert all(g.view(p)["deck_known"] == [[], []] for p in range(4))


def test_position_phase_reveal_waits_with_the_covers_on():
    """A lesson's table: every card played, covers on, nothing settled until "reveal"."""
    plays = {"Eric": "r8/sea", "Stephanie": "r6/shore", "Niels": "r2/sea", "Marlou": "g5/shore"}
    spare = {"Eric": ["b5"], "Stephanie": ["b9"], "Niels": ["p6"], "Marlou": ["g1"]}
    g = position(4, phase="reveal", played=plays, hands=spare, piles={"Stephanie": ["r4"]})
    assert g.phase == "uncover" and legal(g) == ["reveal"] and not g.state.revealed
    assert g.view(1)["played"][0] == {"shows": "sea", "adds": 0, "colour": "r"}
    ev = g.play("reveal")
    assert kinds(ev)[:4] == ["reveal"] * 4 and g.phase == "treasure"
    with pytest.raises(tk.InvalidSave, match="needs a played card from every player"):
        position(4, phase="reveal", played={"Eric": "r8/sea"},
                 hands={"Eric": ["b5"], "Stephanie": ["r6", "b9"], "Niels": ["r2", "p6"],
                        "Marlou": ["g5", "g1"]})
