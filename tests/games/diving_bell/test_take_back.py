"""Taking a move back (``Game.take_back_limit``) in Diving Bell: every card of a dive is
drawn face down from a shuffled deck, so a take-back stops at every card revealed
("1. Dive Phase": draw cards one at a time); dividing and choosing hide nothing, so they
can be taken back ("2. Division Phase", "3. Choice Phase")."""

from __future__ import annotations

import treasurekit as tk

from .helpers import dive, position


def test_dive_phase_take_back_stops_at_each_card_drawn():
    g = tk.new_game("diving_bell", players=["Ann", "Bob"], seed=7)
    g.play("draw")                                   # Ann's decision: the card not yet drawn
    assert g.take_back_limit(0) == (0, "")
    g.deal()                                         # the seeded dealer turns the card over
    assert g.take_back_limit(0) == (2, "chance") and g.take_back_limit(1) == (2, "chance")
    card = g.history[-1]
    g.undo()
    g.undo()
    g.play("draw")
    g.deal()
    assert g.history[-1] == card                     # why: the same card would come again


def test_division_phase_and_choice_phase_can_be_taken_back():
    g = position()
    dive(g, "gold5/2", "ruby3/1")
    g.play("stop")
    drawn = len(g.history)
    assert g.take_back_limit(1).steps == drawn - 1   # the last card drawn stops it
    g.play("to:A")
    g.play("to:B")                                   # Bob divides, nothing is hidden
    assert g.take_back_limit(1).steps == drawn - 1
    g.play("take:A")                                 # Ann chooses
    assert g.take_back_limit(0).steps == drawn - 1 == g.take_back_limit(1).steps
