"""The tables a seat's view allows, for the coach (its ``sampler``: core/search.py).

A seat sees its own hand and pile, the uncovered halves of the cards played, every
face-up treasure, the top of every pile and the decks' top cards it looked at (the view,
``view.py``). Everything else is drawn at random from what it may be:

* island cards: the others' hands (sizes kept), the covered halves of their played cards
  (each with the colour or number it shows, and room for its addition cards) and the box;
  a pass another player has chosen already is one of the passes their hand allows;
* treasures: the cards of each deck beyond what the seat looked at (only the deck's
  colours; the shuffled part kept sorted, the rest in a random order) and the cards under
  the top of the others' piles.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from ...core.game import Game
from .cards import (
    FACE_VALUE,
    HAND_ORDER,
    HAND_SIZE,
    ISLAND_CODES,
    MAX_VALUE,
    deck_colours,
    treasure_deck,
)
from .rules import pass_options
from .state import Deck, Played, SeaOrShoreState, Step

_HAND_KEY = HAND_ORDER.__getitem__


def sampler(game: Game[SeaOrShoreState],
            view: dict[str, Any]) -> Callable[[random.Random], SeaOrShoreState]:
    """Tables consistent with ``view`` (its seat to move), the hidden parts drawn by
    ``rng``."""
    n = len(game.players)
    me = view["you"]
    hand = list(view["hand"])
    steps = [Step(kind, player, deck, victim, colour, card)
             for kind, player, deck, victim, colour, card in view["steps"]]
    played: list[Played | None] = [None] * n
    covered: list[tuple[int, dict[str, Any]]] = []
    salvaged = []
    for seat, shown in enumerate(view["played"]):
        if shown is None:
            continue
        if "card" in shown:
            played[seat] = Played(shown["card"], shown["shows"], shown["adds"])
            if shown["taken"]:
                salvaged.append(seat)
        else:
            covered.append((seat, shown))
    # island cards out of sight: all but the seat's hand, the discards and the cards on
    # the table it can see (a card taken back by the salvage action is in a hand again)
    seen = Counter(hand) + Counter(view["discards"])
    seen.update(p.card for seat, p in enumerate(played) if p and seat not in salvaged)
    islands = sorted((Counter(ISLAND_CODES) - seen).elements())
    sizes = view["hand_sizes"]
    passing: list[str | None] = [None] * n
    passing[me] = view["pending"].get("passing")
    to_pass = {st.player for st in steps if st.kind == "pass"}
    chose = [q for q in range(n) if q != me and steps and steps[0].kind == "pass"
             and q not in to_pass]

    # treasures out of sight, and where they lie
    looking = view["pending"].get("looking_at")
    tops = [list(known) for known in view["deck_known"]]
    if looking is not None:
        tops[steps[0].deck] = list(looking)
    piles_seen = [list(view["my_pile"]) if q == me
                  else [] if pile["top"] is None else [pile["top"]]
                  for q, pile in enumerate(view["piles"])]
    face_up = list(view["face_up"])
    known_treasures = Counter(c for c in face_up if c)
    known_treasures.update(c for pile in piles_seen for c in pile)
    known_treasures.update(c for top in tops for c in top)
    treasures = sorted((Counter(treasure_deck(n)) - known_treasures).elements())
    parts = view["deck_parts"]
    colours = deck_colours(n)
    unders = [0 if q == me else max(0, pile["size"] - 1)
              for q, pile in enumerate(view["piles"])]

    skeleton = SeaOrShoreState(
        n, view["round"] - 1, view["starter"], view["first_starter"],
        to_deal=HAND_SIZE[n] * n, dealt=HAND_SIZE[n] * n, played=played,
        revealed=view["revealed"], salvaged=salvaged, discards=list(view["discards"]),
        face_up=face_up, known=[list(k) for k in view["known"]],
        additions=list(view["additions"]), addition_pile=view["addition_pile"],
        grabbed=list(view["pending"].get("grabbed", [])),
        round_scores=[list(r) for r in view["round_scores"]], steps=steps)

    def draw(rng: random.Random) -> SeaOrShoreState:
        s = skeleton.clone()
        pool = islands[:]
        rng.shuffle(pool)
        under_covers = _covers(covered, pool)
        for seat, shown in covered:
            s.played[seat] = Played(under_covers[seat], shown["shows"], shown["adds"])
        s.hands = []
        for q in range(n):
            if q == me:
                s.hands.append(hand[:])
            else:
                s.hands.append(sorted(pool[:sizes[q]], key=_HAND_KEY))
                del pool[:sizes[q]]
        s.box = sorted(pool)
        s.passing = passing[:]
        for q in chose:
            s.passing[q] = rng.choice(pass_options(s.hands[q]))
        cards = treasures[:]
        rng.shuffle(cards)
        s.decks = []
        for d, (top, middle, bottom) in enumerate(parts):
            need = top + middle + bottom - len(tops[d])
            mine = [c for c in cards if c[0] in colours[d]][:need]
            for c in mine:
                cards.remove(c)
            rest = top - len(tops[d])
            s.decks.append(Deck(tops[d] + mine[:rest], sorted(mine[rest:rest + middle]),
                                mine[rest + middle:]))
        s.piles = []
        for q in range(n):
            s.piles.append(cards[:unders[q]] + piles_seen[q])
            del cards[:unders[q]]
        return s

    return draw


def _covers(covered: list[tuple[int, dict[str, Any]]], pool: list[str]) -> dict[int, str]:
    """An island card for each covered played card, taken out of ``pool`` (shuffled): one
    that shows the same colour or number, with room for its addition cards."""
    choice: dict[int, str] = {}

    def fits(shown: dict[str, Any], card: str) -> bool:
        value = FACE_VALUE[card]
        if value + shown["adds"] > MAX_VALUE:
            return False
        wanted = card[0] == shown["colour"] if shown["shows"] == "sea" \
            else value == shown["number"]
        return bool(wanted)

    def place(i: int) -> bool:
        if i == len(covered):
            return True
        seat, shown = covered[i]
        for card in pool:
            if card not in choice.values() and fits(shown, card):
                choice[seat] = card
                if place(i + 1):
                    return True
                del choice[seat]
        return False

    found = place(0)
    assert found, "no island cards fit the covered cards this view shows"
    for card in choice.values():
        pool.remove(card)
    return choice
