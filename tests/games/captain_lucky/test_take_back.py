"""Taking a move back (``Game.take_back_limit``) in Captain Lucky: every card drawn and
every roll of the dice is chance, and hand cards that come face up -- placed in the
middle ("1. Place card(s)") or paid for a re-roll ("2. Steal treasure") -- are news to
the other players; naming a set shows nothing until the dice roll."""

from __future__ import annotations

import treasurekit as tk

from ...checks import play

HAND = ["ruby", "ruby", "gold", "pearl", "pearl"]


def pos(**desc: object) -> tk.Game:
    return tk.setup_position("captain_lucky", {"players": ["Ann", "Bob"], **desc})


def test_place_cards_shown_to_the_others_then_the_refill_stops_everyone():
    g = pos(hands=[HAND, None], middle={"silver": 1})
    g.play("place:pearl-2")
    assert g.take_back_limit(0) == (0, "")               # Ann knew her pearls
    assert g.take_back_limit(1) == (1, "reveal")         # Bob saw them come out
    g.play("draw:jade")                                  # the refill: chance
    assert g.take_back_limit(0) == (2, "chance")


def test_steal_the_roll_stops_a_take_back_and_a_paid_re_roll_shows_cards():
    g = pos(phase="target", hands=[HAND, None], middle={"ruby": 1, "gold": 2})
    g.play("steal:middle-gold-2")
    assert g.take_back_limit(0) == (0, "")               # naming a set hides nothing
    play(g, "roll:PB")
    assert g.take_back_limit(0) == (2, "chance")
    g.play("stop")                                       # keep the cards: no refill
    assert g.take_back_limit(0) == (2, "chance")
    g = pos(phase="target", hands=[HAND, None], middle={"ruby": 1, "gold": 2})
    play(g, "steal:middle-ruby-1", "roll:B", "reroll:ruby")
    assert g.take_back_limit(0) == (2, "chance")
    assert g.take_back_limit(1) == (3, "reveal")         # Bob saw the ruby paid
