"""Diving Bell computer players: ``make_bot("random")`` and ``make_bot("sensible")``.

Bots decide from ``game.view(player)`` alone (see :mod:`treasurekit.core.bots`).

>>> import random
>>> import treasurekit as tk
>>> from treasurekit.core.bots import bot_move
>>> g = tk.new_game("diving_bell", seed=1)
>>> _ = g.play("draw"); _ = g.play("reveal:gold5/3")
>>> str(bot_move(g, make_bot("sensible"), random.Random(0)))  # a lone 5 is worth keeping
'stop'
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from ...core.bots import Bot, RandomBot, legal_moves_of, make_bot_of
from ...core.moves import Move
from ...core.search import ExpertBot, SearchSettings
from .infoset import sampler
from .odds import best_division, dive_outlook, pile_gain, treasure_codes

__all__ = ["BOTS", "COACH", "ExpertBot", "PressureBot", "RandomBot", "SensibleBot",
           "division_prefix", "make_bot"]

DRAW, STOP = Move("draw"), Move("stop")


def division_prefix(row: Sequence[str], division: dict[str, list[str]]) -> list[str]:
    """The piles ("A"/"B") of the first treasures of ``row``, rebuilt from the view's division.

    Copies of a card are interchangeable, so the first copies of a code are put on A:
    the rebuilt prefix gives both piles the same contents as the real one.
    """
    on_a = Counter(division.get("A", []))
    done = len(division.get("A", [])) + len(division.get("B", []))
    prefix = []
    for code in treasure_codes(row)[:done]:
        prefix.append("A" if on_a[code] > 0 else "B")
        on_a[code] -= 1
    on_b = [c for c, p in zip(treasure_codes(row), prefix, strict=False) if p == "B"]
    if len(prefix) != done or sorted(on_b) != sorted(division.get("B", [])):
        raise ValueError(f"the division {division} does not match the row {list(row)}")
    return prefix


class SensibleBot:
    """Weighs burst risk, divides so the chooser gains least, and takes the better pile.

    * Diver: draws when the expected net value of one more card (exact over the unseen
      cards, bursts valued with the even split the divider chooses from first) beats
      stopping now by more than ``margin`` points.
    * Divider: plays the split from :func:`~.odds.best_division`, one card per move.
    * Chooser: takes the pile with the larger own gain minus the opponent's gain.
    * Reshuffle vote: agrees when behind, declines otherwise.
    """

    name = "sensible"

    def __init__(self, margin: float = 0.0) -> None:
        self.margin = margin

    def choose(self, view: dict[str, Any], rng: random.Random) -> Move:
        legal = legal_moves_of(view)
        if len(legal) == 1:
            return legal[0]
        move = {"dive": self.dive, "divide": self.divide, "choose": self.pick,
                "vote": self.vote}[view["phase"]](view)
        return move if move in legal else legal[0]

    def dive(self, view: dict[str, Any]) -> Move:
        """Draw or stop, as the diver."""
        me = view["you"]
        mine, theirs = view["piles"][me], view["piles"][1 - me]
        outlook = dive_outlook(view["row"], view["unseen"], view["pressure"], view["krakens"],
                               view["limit"], mine, theirs)
        return DRAW if outlook.draw > outlook.stop + self.margin else STOP

    def divide(self, view: dict[str, Any]) -> Move:
        """Put the next treasure on the pile the best split gives it."""
        me, diver = view["you"], view["diver"]
        prefix = division_prefix(view["row"], view["division"])
        best = best_division(view["row"], view["piles"][diver], view["piles"][me],
                             view["burst"], prefix)
        return Move("to", best.assignment[len(prefix)])

    def pick(self, view: dict[str, Any]) -> Move:
        """Take the pile with the better own gain minus opponent gain (then more cards, then A)."""
        me = view["you"]
        mine, theirs = view["piles"][me], view["piles"][1 - me]
        a, b = view["division"]["A"], view["division"]["B"]
        net_a = pile_gain(mine, a) - pile_gain(theirs, b)
        net_b = pile_gain(mine, b) - pile_gain(theirs, a)
        return Move("take", "A" if (net_a, len(a)) >= (net_b, len(b)) else "B")

    def vote(self, view: dict[str, Any]) -> Move:
        """Reshuffle when behind (score, then cards), so there is time to catch up."""
        me = view["you"]
        rank = [(s, len(p)) for s, p in zip(view["scores"], view["piles"], strict=True)]
        return Move("reshuffle", "yes" if rank[me] < rank[1 - me] else "no")

    def __repr__(self) -> str:
        return f"{type(self).__name__}(margin={self.margin})"


class PressureBot(SensibleBot):
    """A naive diver for comparison: stops once pressure reaches ``stop_at``; else sensible."""

    name = "pressure"

    def __init__(self, stop_at: int = 6) -> None:
        super().__init__()
        self.stop_at = stop_at

    def dive(self, view: dict[str, Any]) -> Move:
        return STOP if view["pressure"] >= self.stop_at else DRAW

    def __repr__(self) -> str:
        return f"{type(self).__name__}(stop_at={self.stop_at})"


#: Levels offered to players, weakest first.
#: How the expert searches (core/search.py): the tables a view allows, the playouts.
COACH = SearchSettings(sampler=sampler, depth=12, scale=15.0)

BOTS: dict[str, Callable[[], Bot]] = {"random": RandomBot, "sensible": SensibleBot,
                                      "expert": ExpertBot}


def make_bot(level: str) -> Bot:
    """A new bot of the given level (a key of :data:`BOTS`)."""
    return make_bot_of(BOTS, level)
