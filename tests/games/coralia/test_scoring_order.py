"""ENDING THE GAME AND SCORING: the cards come face up in the book's order.

The four steps run one after another from the starting player; in step 1 the players
reveal their starfish cards in the order of play, and the fish and pearl cards are
shown in steps 3 and 4. So while a player still chooses in the starfish scoring (which
chest to open, which piles to draw from, which card to keep), no seat sees a later
player's cards, nor anyone's fish or pearl cards. Checked from the views alone (the
view's phase, starting player and player whose turn it is), at every step of seeded
games, for every seat.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import treasurekit as tk

from ...checks import step_randomly
from .helpers import play, position

SEEDS = range(6)


def _shown(view: dict[str, Any], seat: int) -> list[str]:
    """The cards of ``seat`` that ``view`` shows (None in an older view: nothing)."""
    cards = view["open_cards"]
    return [] if cards is None else list(cards[seat])


def check_views(g: tk.Game) -> None:
    """No seat sees another player's card before its step of the final scoring."""
    table = g.view(None)
    players = len(g.players)
    scoring = table["phase"] == "scoring"
    order = [(table["starter"] + i) % players for i in range(players)]
    for p in range(players):
        v = g.view(p)
        for q in range(players):
            if q == p:
                continue
            shown = _shown(v, q)
            if table["phase"] == "over":
                assert shown == table["open_cards"][q], "every card shows at the end"
                continue
            started = scoring and order.index(q) <= order.index(table["turn"])
            starfish = [c for c in table["open_cards"][q] if c.startswith("star-")]
            assert shown == (starfish if started else []), (
                f"step {len(g.history)}: seat {p} sees {shown} of seat {q} "
                f"({'after' if started else 'before'} its starfish scoring)")
        if v["drawn"] is not None and table["waiting"]["player"] != p:
            assert not isinstance(v["drawn"], list) or not v["drawn"], \
                "cards drawn to choose from show to another seat"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_ending_no_view_shows_a_card_before_its_step(players: int) -> None:
    checked = 0
    for seed in SEEDS:
        g = tk.new_game("coralia", players=players, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            step_randomly(g, rng)
            check_views(g)
            checked += g.view(None)["phase"] == "scoring"
    assert checked, "no game reached a decision in the final scoring"


def test_starfish_scoring_one_player_after_the_other() -> None:
    """Ann starts: she opens one of two chests while Bob's cards stay face down; then
    Bob turns his starfish cards over and chooses piles while Ann's pearls and fish,
    and his own, stay hidden from the other."""
    g = position(2, phase="scoring", station=["red-fish", "red-turtle", "violet-diver"],
                 board={"yellow": ["pearl", "fish"], "blue": ["starfish"]},
                 cards={"Ann": ["star-treasure-yellow-blue", "pearl-5", "fish-fire"],
                        "Bob": ["star-draw-red-violet", "star-pearl6", "pearl-4",
                                "fish-blow"]})
    assert g.current_player == 0 and {str(m) for m in g.legal_moves()} == {
        "open:yellow", "open:blue"}
    assert _shown(g.view(1), 0) == ["star-treasure-yellow-blue"]
    assert _shown(g.view(0), 1) == []
    check_views(g)
    play(g, "open:yellow", "chest:island_dice")
    check_views(g)
    play(g, "chest:jellyfish")
    check_views(g)
    assert g.current_player == 1 and g.legal_moves()[0].kind == "pile"
    assert _shown(g.view(0), 1) == ["star-draw-red-violet", "star-pearl6"]
    assert _shown(g.view(1), 0) == ["star-treasure-yellow-blue"]
    events = play(g, "pile:pearl")
    assert [e.text("en", 0) for e in events if e.kind == "draw"] == []   # still pending
    events = play(g, "draw:pearl-2")
    drawn = [e for e in events if e.kind == "draw"]
    assert drawn and "pearl worth 2" not in drawn[0].text("en", 0)      # face down to Ann
    assert "pearl worth 2" in drawn[0].text("en", 1)
    check_views(g)
    while not g.is_over:
        g.deal() if g.is_chance else g.play(g.legal_moves()[0])
        check_views(g)
    assert "pearl-5" in _shown(g.view(1), 0) and "pearl-4" in _shown(g.view(0), 1)
    shown = [e.kind for e in g.events if e.kind in ("reveal", "show_fish", "show_pearls")]
    assert shown == ["reveal", "show_fish", "show_fish", "show_pearls", "show_pearls"]


