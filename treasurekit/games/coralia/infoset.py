"""The tables a seat's view allows, for the coach (its ``sampler``: core/search.py).

The board, the dice, the tiles and the points lie open (the view, ``view.py``); a seat
sees its own cards, and the others' once the final scoring turns them face up. What it
cannot see is drawn at random from the cards it has not seen: the face-down piles (a pearl,
fish or starfish pile only its own kind of card; the island pile, and the cards drawn
from it, any of the three; cards put back under a pile are of that pile), the cards
another player is choosing from, and the others' cards (a stingray only there). The
chest tiles not yet turned up stay a chance step, as they are for everyone.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from ...core.game import Game
from .cards import (
    CARD_INDEX,
    CARD_KINDS,
    CHEST_INDEX,
    CHESTS,
    COLOUR_INDEX,
    ISLAND,
    PILES,
    SPACE_NAMES,
    SPACES,
    STINGRAY,
    SYMBOL_INDEX,
    TURTLE_INDEX,
    WHITE,
)
from .state import CoraliaState, listed_step

#: Every card kind of the game, as many times as it has copies.
ALL_CARDS = Counter({k: kind.copies for k, kind in enumerate(CARD_KINDS)})
#: The kind of card each pile holds (-1: the island pile, any of the three).
PILE_CLASS = (0, 1, 2, -1)
assert len(PILE_CLASS) - 1 == ISLAND


def sampler(game: Game[CoraliaState],
            view: dict[str, Any]) -> Callable[[random.Random], CoraliaState]:
    """Tables consistent with ``view`` (its seat to move), the cards it cannot see drawn
    by ``rng``."""
    n = len(game.players)
    s = CoraliaState.empty(n)
    s.starter, s.turn = view["starter"], view["turn"]
    for r, reef in enumerate(view["reefs"]):
        for i, name in enumerate(SPACE_NAMES):
            die = reef["spaces"][name]
            s.board[r * SPACES + i] = -1 if die is None else (
                WHITE if die == "white" else COLOUR_INDEX[die])
        s.octopus[r] = -1 if reef["octopus"] is None else reef["octopus"]
        s.turtle_on_reef[r] = -1 if reef["turtle"] is None else TURTLE_INDEX[reef["turtle"]]
        s.chest_on_reef[r] = reef["chest"]
    s.island = [view["island"].get(c, 0) for c in COLOUR_INDEX]
    s.white_island = view["white_on_island"]
    station = view["station"]
    s.station_colours = [COLOUR_INDEX[d["colour"]] for d in station]
    s.station_symbols = [-1 if d["symbol"] is None else SYMBOL_INDEX[d["symbol"]] for d in station]
    s.station_locked = [d["locked"] for d in station]
    s.supply = [view["supply"][c] for c in COLOUR_INDEX]
    s.octopus_left = list(view["octopuses_left"])
    s.diver = [-1 if d is None else COLOUR_INDEX[d] for d in view["divers"]]
    s.turtles = [[TURTLE_INDEX[t] for t in ts] for ts in view["turtles"]]
    s.turtles_beside = sorted(TURTLE_INDEX[t] for t in view["turtles_beside"])
    s.chests_beside = view["chests_beside"]
    s.chests = [[CHEST_INDEX[c] for c in cs] for cs in view["chests"]]
    owned = Counter(c for cs in s.chests for c in cs)
    s.chest_pool = sorted((Counter(range(len(CHESTS))) - owned).elements())
    s.stingrays = view["stingrays"]
    s.points = list(view["points"])
    s.steps = [listed_step(fields) for fields in reversed(view["tasks"])]
    s.scoring = view["phase"] == "scoring"
    # which cards the final scoring has turned face up: the steps still owed tell
    owed = {(step.kind, step.player) for step in s.steps}
    if s.scoring:
        s.starfish_up = [("starfish_scoring", p) not in owed for p in range(n)]
        s.fish_up = ("fish_scoring", -1) not in owed
        s.pearls_up = ("pearl_scoring", -1) not in owed
    s.drawer = view["drawer"]

    def kinds(codes: list[str]) -> list[int]:
        return sorted(CARD_INDEX[c] for c in codes)

    # the cards this seat has seen, and where the others lie
    # (the seat's own cards, and the others' cards the final scoring turned face up)
    hands = [kinds(h) for h in view["open_cards"]]
    counts = view["card_counts"]
    drawn_seen = view["drawn"]
    drawn = kinds(drawn_seen) if isinstance(drawn_seen, list) else None
    # (a player whose starfish scoring has not begun has none to score yet)
    s.starfish_to_score = [kinds(todo) if todo is not None else []
                 for todo in view["starfish_to_score"]]
    seen = Counter(k for h in hands for k in h)
    seen.update(drawn or [])
    unseen = ALL_CARDS - seen
    unseen[STINGRAY] -= s.stingrays
    unders = view["under_piles"]
    sizes = [view["piles"][name] - unders[i] for i, name in enumerate(PILES)]
    drawn_from = s.steps[0].pile if s.steps and s.steps[0].kind == "keep" else -1
    # the places of the unseen cards: (list, how many, which kind of card may go there)
    shuffled: list[tuple[str, int, int]] = [("pile", p, PILE_CLASS[p]) for p in range(4)]
    shuffled += [("under", p, PILE_CLASS[p]) for p in range(4)]
    if drawn is None:
        shuffled.append(("drawn", 0, PILE_CLASS[drawn_from]))
    pool = sorted(unseen.elements())

    def draw(rng: random.Random) -> CoraliaState:
        table = s.clone()
        cards = pool[:]
        rng.shuffle(cards)
        places: dict[tuple[str, int], list[int]] = {}
        # first the places that take one kind of card, then those that take any of
        # three, then the others' hands (the only place for a stingray)
        for wanted in (0, 1, 2, -1):
            for where, p, cls in shuffled:
                if cls != wanted:
                    continue
                k = (sizes[p] if where == "pile" else unders[p] if where == "under"
                     else int(view["drawn"]))
                fits = [c for c in cards if c != STINGRAY
                        and (cls < 0 or CARD_KINDS[c].pile == cls)][:k]
                for c in fits:
                    cards.remove(c)
                places[where, p] = fits
        table.piles = [sorted(places["pile", p]) for p in range(4)]
        table.bottoms = [places["under", p] for p in range(4)]
        table.drawn = drawn[:] if drawn is not None else places["drawn", 0]
        table.hands = []
        for p in range(n):
            held = hands[p][:]
            # the player's face-down cards: any unseen card that is not face up now
            hidden = [c for c in cards if not table.face_up(p, c)][:counts[p] - len(held)]
            for c in hidden:
                cards.remove(c)
            table.hands.append(sorted(held + hidden))
        return table

    return draw
