"""Taking a move back (``Game.take_back_limit``) in Sea or Shore: a card played shows one
half of a card from its player's hand to the others ("GAME PLAY"), the last card of a
trick uncovers every card, a treasure turned up and the deal are chance, and the pass
tells hands; a player may take back their own play until one of these comes."""

from __future__ import annotations

from .helpers import NAMES, position
from .test_rules import ERIC_12, MARLOU_12, NIELS_12, STEPH_12, E, M, N, S, pass_position

HANDS = {"Eric": ["r7", "b2"], "Stephanie": ["r1", "b1"], "Niels": ["g1", "g2"],
         "Marlou": ["p1", "p5"]}


def test_game_play_a_covered_card_may_be_taken_back_by_its_player_only():
    g = position(4, hands=HANDS)
    g.play("play:r7/sea")
    assert g.take_back_limit(E).steps == 0               # Eric knew his own card
    for seat in (S, N, M):                               # the others saw its red half
        assert g.take_back_limit(seat) == (1, "reveal")
    g.play("play:b1/shore")
    assert g.take_back_limit(E) == (2, "reveal")          # Stephanie's 1 shows now
    assert g.take_back_limit(S) == (1, "reveal")


def test_game_play_the_last_card_uncovers_the_trick_for_its_player_too():
    g = position(4, hands=HANDS)
    for move in ("play:r7/sea", "play:r1/shore", "play:g1/shore"):
        g.play(move)
    assert g.take_back_limit(M) == (3, "reveal")
    g.play("play:p5/sea")                                # Marlou plays last: all uncovered
    assert g.take_back_limit(M).steps >= 4
    assert {g.take_back_limit(p).steps for p in range(4)} == {len(g.history)}


def test_pass_no_take_back_once_passed():
    """The passes carried out at once for a player with one choice tell the others that
    player's colours, and the cards received tell hands: no pass is taken back."""
    g = pass_position(Eric=ERIC_12, Stephanie=STEPH_12, Niels=NIELS_12, Marlou=MARLOU_12)
    start = len(g.history)
    g.play("pass:g11")
    assert all(g.take_back_limit(p).steps > start for p in range(len(NAMES[4])))
