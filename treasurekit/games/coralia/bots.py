"""Coralia computer players: ``make_bot("random")`` and ``make_bot("sensible")``.

Bots decide from ``game.view(player)`` alone (see :mod:`treasurekit.core.bots`): the
board, the research station, their own face-down cards and the others' card counts.

>>> import random
>>> import treasurekit as tk
>>> g = tk.setup_position("coralia", {"players": ["Ann", "Bot"], "turn": "Bot",
...     "phase": "place", "board": {"blue": ["pearl", "fish", "turtle", "starfish"]},
...     "station": ["blue-octopus", "red-fish", "green-pearl", "yellow-fish"]})
>>> str(SensibleBot().choose(g.view(1), random.Random(0)))   # 5 points now
'place:blue-octopus'
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ...core.bots import Bot, RandomBot, legal_moves_of, make_bot_of
from ...core.game import Game
from ...core.moves import Move
from ...core.search import ExpertBot, SearchSettings
from .cards import (
    CARD_INDEX,
    CARD_KINDS,
    COLOUR_INDEX,
    DIE_CODES,
    DIVER_VALUE,
    FISH_KIND,
    PEARL_VALUE,
    SPACE_NAMES,
    SYMBOLS,
    fish_points,
)
from .infoset import sampler
from .rules import diver_points, fish_cards, pearl_cards, pearl_places, pearl_points
from .state import CoraliaState

__all__ = ["BOTS", "COACH", "ExpertBot", "RandomBot", "SensibleBot", "make_bot"]

#: Rough worth, in points, of what a move brings (the bot's only knowledge of the game).
STARFISH_CARD = 3.5
TURTLE_BONUS = {"white": 4.0, "jellyfish": 3.0, "stingray": 4.0, "starfish": 3.5,
                "island": 3.0, "fish": 3.5, "copy": 3.5, "chest": 3.5}
LOCK_VALUE = 1.5
CHEST_VALUE = 3.5
EFFECT_VALUE = {"pearl6": 5.0, "anemone": 4.0, "perfish": 5.0, "perpearl": 3.0,
                "island": 4.0, "chests": 2.5, "turtles": 4.5, "recover": 3.5,
                "jellyfish": 3.0, "treasure": 3.0, "draw": 3.0}


class SensibleBot:
    """Weighs points now, card values, diver reef value and chests, and avoids giving the
    other players octopus points.

    * Placing a die: the action's worth (cards, octopus points minus the bonus it hands
      to other octopus owners, turtle bonus and storage, a diver on a rich reef or a chest
      recovered) plus the die's worth to its own diver's reef, minus its worth to another
      player's diver there.
    * The island: the card, plus 2 for its own octopus, minus 2 given to another owner.
    * Cards: a new kind of fish, a high pearl, a useful starfish card.
    * Locks: a die worth playing is stored; the supply die: the colour with most room.
    """

    name = "sensible"

    def choose(self, view: dict[str, Any], rng: random.Random) -> Move:
        legal = legal_moves_of(view)
        if len(legal) == 1:
            return legal[0]
        scored = [(self.value(view, m), i) for i, m in enumerate(legal)]
        top = max(v for v, _ in scored)
        return rng.choice([legal[i] for v, i in scored if v >= top - 1e-9])

    # ---- values ----------------------------------------------------------------------
    def value(self, view: dict[str, Any], move: Move) -> float:
        kind = move.kind
        if kind == "place":
            c, s = DIE_CODES[move.arg]
            return self.place_value(view, c, s)
        if kind == "island":
            c, _ = DIE_CODES[move.arg]
            owner = view["reefs"][c]["octopus"]
            me = view["you"]
            return 2.5 + (2 if owner == me else -2 if owner is not None else 0) - 1
        if kind == "reef":
            if move.arg == "island":
                return 2.5
            sym = SYMBOLS.index(view["waiting"]["symbol"])
            return self.place_value(view, COLOUR_INDEX[move.arg], sym)
        if kind == "keep" or kind == "score":
            return self.card_value(view, CARD_INDEX[move.arg])
        if kind == "lock":
            c, s = DIE_CODES[move.arg]
            return self.place_value(view, c, s) - 4.0
        if kind == "pick":
            reef = view["reefs"][COLOUR_INDEX[move.arg]]
            return sum(1 for name in SYMBOLS if reef["spaces"][name] is None) / 6
        if kind == "copy":
            return TURTLE_BONUS[move.arg]
        if kind == "pile":
            return {"fish": 3.6, "pearl": 3.5, "starfish": 3.4, "island": 3.3}[move.arg]
        return 0.0

    def place_value(self, view: dict[str, Any], c: int, s: int) -> float:
        me = view["you"]
        reef = view["reefs"][c]
        sym = SYMBOLS[s]
        if sym == "pearl":
            worth = 5.0
        elif sym == "fish":
            worth = self.fish_worth(view) + 0.5
        elif sym == "starfish":
            worth = STARFISH_CARD + 0.5
        elif sym == "octopus":
            dice = sum(1 for x in reef["spaces"].values() if x is not None) + 1
            others = sum(1 for r in view["reefs"] if r["octopus"] not in (None, me))
            worth = dice + 1.5 - 0.8 * others
        elif sym == "diver":
            worth = self.reef_worth(view, c) + 0.5
            old = view["divers"][me]
            if old is not None:
                old_reef = view["reefs"][COLOUR_INDEX[old]]
                worth -= self.reef_worth(view, COLOUR_INDEX[old])
                if old_reef["spaces"]["treasure"] is None and old_reef["chest"]:
                    worth += CHEST_VALUE
        else:
            turtle = reef["turtle"]
            worth = TURTLE_BONUS.get(turtle or "", 3.0) + LOCK_VALUE
        diver = reef["diver"]
        if diver is not None and s < len(DIVER_VALUE):
            worth += DIVER_VALUE[s] * (0.8 if diver == me else -0.6)
        return worth

    def reef_worth(self, view: dict[str, Any], c: int) -> float:
        spaces = view["reefs"][c]["spaces"]
        taken = sum(DIVER_VALUE[i] for i, name in enumerate(SPACE_NAMES[:6])
                    if spaces[name] is not None)
        free = sum(DIVER_VALUE[i] for i, name in enumerate(SPACE_NAMES[:6])
                   if spaces[name] is None)
        return taken + 0.4 * free

    def fish_worth(self, view: dict[str, Any]) -> float:
        kinds = {FISH_KIND[CARD_INDEX[code]] for code in view["cards"] or []} - {""}
        return 5.0 if len(kinds) < 3 else 3.5

    def card_value(self, view: dict[str, Any], k: int) -> float:
        kind = CARD_KINDS[k]
        if kind.effect:
            return EFFECT_VALUE.get(kind.effect, 3.0)
        if PEARL_VALUE[k]:
            return PEARL_VALUE[k] * 0.9
        have = {FISH_KIND[CARD_INDEX[code]] for code in view["cards"] or []}
        return 5.0 if FISH_KIND[k] not in have else 3.0

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


#: Levels offered to players, weakest first.
def outlook(game: Game[Any]) -> list[float]:
    """What each player would score if the game were scored now: the coach's judgement
    of a sampled table where a playout stops (points so far, the diver's reef, the fish
    sets and the pearls; the starfish cards' effects left out)."""
    s: CoraliaState = game.state
    pearls = [pearl_cards(h) for h in s.hands]
    places = pearl_places(pearls)
    out = []
    for p, hand in enumerate(s.hands):
        total = s.points[p] + pearl_points(pearls[p], places[p])
        total += fish_points(fish_cards(hand))
        if s.diver[p] >= 0:
            total += diver_points(s, s.diver[p])
        out.append(float(total))
    return out


#: How the expert searches (core/search.py): the tables a view allows, the playouts.
COACH = SearchSettings(sampler=sampler, depth=12, scale=12.0, outlook=outlook)

BOTS: dict[str, Callable[[], Bot]] = {"random": RandomBot, "sensible": SensibleBot,
                                      "expert": ExpertBot}


def make_bot(level: str) -> Bot:
    """A new bot of the given level (a key of :data:`BOTS`)."""
    return make_bot_of(BOTS, level)
