"""Taking a move back (``Game.take_back_limit``) in Coralia: every roll at the research
station, card drawn, chest revealed and white die rolled is chance ("COURSE OF THE GAME");
a die stored on a turtle ("Lock in die-rolling results by means of turtles") may be taken
back until the roll; the final scoring turns cards over in the book's order ("ENDING THE
GAME AND SCORING"), and no take-back crosses that."""

from __future__ import annotations

from treasurekit.games.coralia.lessons import LOCK_POSITION

from .helpers import play, position


def test_lock_in_a_stored_die_may_be_taken_back_until_the_roll() -> None:
    g = position(2, **{k: v for k, v in LOCK_POSITION.items()
                       if k not in ("turn", "turtles")},
                 turn="Ann", turtles={"Ann": ["fish", "island"]})
    play(g, "lock:blue-diver")
    assert g.take_back_limit(0) == (0, "")
    play(g, "pick:red")                    # the four dice are about to roll
    assert g.take_back_limit(0) == (0, "") and g.is_chance
    g.deal()
    assert g.take_back_limit(0) == (3, "chance") == g.take_back_limit(1)


def test_starfish_scoring_no_take_back_past_cards_turned_over() -> None:
    """Ann's last choice starts Bob's starfish scoring, which turns Bob's starfish cards
    over: Ann may not take that choice back (``Game.take_back_limit``); Bob may, as he knew
    his cards. A chest revealed is chance and stops them both."""
    g = position(2, phase="scoring", station=["red-fish", "red-turtle", "violet-diver"],
                 board={"yellow": ["pearl", "fish"], "blue": ["starfish"]},
                 cards={"Ann": ["star-island", "star-turtles"],
                        "Bob": ["star-treasure-yellow-blue", "pearl-4"]})
    assert g.current_player == 0 and g.take_back_limit(0) == (0, "")
    play(g, "score:star-turtles")          # Ann's other card scores itself; Bob's turn
    assert g.current_player == 1 and [str(m) for m in g.legal_moves()] == [
        "open:yellow", "open:blue"]
    assert g.take_back_limit(0) == (1, "reveal")
    assert g.take_back_limit(1) == (0, "")
    play(g, "open:blue")
    assert g.take_back_limit(1) == (0, "")
    play(g, "chest:pearl")                 # the chest: chance
    assert g.take_back_limit(1) == (3, "chance") == g.take_back_limit(0)
