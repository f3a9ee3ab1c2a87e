"""Sea or Shore computer players: ``make_bot("random")`` and ``make_bot("tactician")``.

Bots decide from ``game.view(player)`` alone: they never see another player's hand,
the covered half of a card before the reveal, or the order of a face-down deck.

>>> import random
>>> import treasurekit as tk
>>> from treasurekit.core.bots import bot_move
>>> g = tk.setup_position("sea_or_shore", {
...     "players": ["Ann", "Bob", "Cas"], "face_up": ["r5"],
...     "hands": {"Ann": ["r12", "g1"], "Bob": ["b3", "b4"], "Cas": ["p2", "p9"]}})
>>> str(bot_move(g, make_bot("tactician"), random.Random(0)))  # the 12 wins the red 5
'play:r12/shore'
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ...core.bots import Bot, RandomBot, legal_moves_of, make_bot_of
from ...core.moves import Move
from ...core.search import ExpertBot, SearchSettings
from .cards import MAX_VALUE, island, treasure
from .infoset import sampler
from .state import Played

__all__ = ["BOTS", "COACH", "ExpertBot", "RandomBot", "Tactician", "make_bot",
           "thrifty_playout", "win_chance"]

ACTION_WORTH = 1.5        # rough points an action is worth to its winner
ADDITION_WORTH = 0.5      # one point per two addition cards at the end of a round


def win_chance(value: int, colour: str, view: dict[str, Any]) -> float:
    """A rough chance that ``value`` in ``colour`` beats every other player, from the view.

    A card seen showing this colour is a rival with an unknown number; a card showing a
    number is a rival only if it is this colour (one chance in four) and higher; a player
    still to play is a rival one time in four, with a number anywhere from 1 to 12.
    """
    me = view["you"]
    chance = 1.0
    above = (MAX_VALUE - value) / MAX_VALUE
    for seat, played in enumerate(view["played"]):
        if seat == me:
            continue
        if played is None:
            chance *= 1 - 0.25 * above
        elif played.get("colour") == colour:
            chance *= 1 - above
        elif "number" in played:
            beats = played["number"] + played["adds"] >= value
            chance *= 0.75 if beats else 1.0
    return chance


class Tactician:
    """Plays for the face-up treasures with cards that can win them, steals when it pays,
    keeps its high cards and addition cards for colours worth fighting for."""

    name = "tactician"

    def choose(self, view: dict[str, Any], rng: random.Random) -> Move:
        legal = legal_moves_of(view)
        kind = legal[0].kind
        pick = getattr(self, f"_{kind}", None)
        if pick is None or kind in ("take", "steal"):
            pick = self._treasure
        move: Move = pick(view, legal)
        return move

    def _play(self, view: dict[str, Any], legal: list[Move]) -> Move:
        prizes = {t[0]: treasure(t).value for t in view["face_up"] if t}

        def worth(move: Move) -> float:
            played = Played.parse(move.arg)
            card = island(played.card)
            gain = prizes.get(card.colour, ACTION_WORTH)
            p = win_chance(played.value, card.colour, view)
            # a card spent is a card gone: high cards and addition cards cost more
            return p * gain - card.value / 24 - played.adds * ADDITION_WORTH * 0.8

        best = max(legal, key=lambda m: (worth(m), m.arg))
        played = Played.parse(best.arg)
        # show the number when it is high (it scares rivals off), else the colour
        side = "shore" if island(played.card).value >= 9 else "sea"
        return Move("play", Played(played.card, side, played.adds).notation())

    def _pass(self, view: dict[str, Any], legal: list[Move]) -> Move:
        return min(legal, key=lambda m: (island(m.arg).value, m.arg))

    def _treasure(self, view: dict[str, Any], legal: list[Move]) -> Move:
        up = [treasure(t).value for t in view["face_up"] if t]
        best = max(up, default=0)
        steals = [m for m in legal if m.kind == "steal"]
        if steals:
            def top(m: Move) -> int:
                return treasure(view["piles"][int(m.arg)]["top"]).value
            richest = max(steals, key=top)
            if top(richest) >= best:
                return richest
        return Move("take")

    def _rob(self, view: dict[str, Any], legal: list[Move]) -> Move:
        return max(legal, key=lambda m: (view["additions"][int(m.arg)], m.arg))

    def _swap(self, view: dict[str, Any], legal: list[Move]) -> Move:
        return max(legal, key=lambda m: (view["piles"][int(m.arg)]["size"], m.arg))

    def _give(self, view: dict[str, Any], legal: list[Move]) -> Move:
        return min(legal, key=lambda m: (island(m.arg).value, m.arg))

    _discard = _give

    def _peek(self, view: dict[str, Any], legal: list[Move]) -> Move:
        return max(legal, key=lambda m: (view["decks"][int(m.arg)], m.arg))

    def _order(self, view: dict[str, Any], legal: list[Move]) -> Move:
        """The best treasure on top: it comes up next, while the bot remembers it."""
        return max(legal, key=lambda m: [treasure(t).value for t in m.arg.split(",")])

    def _salvage(self, view: dict[str, Any], legal: list[Move]) -> Move:
        def card_value(m: Move) -> int:
            played = view["played"][int(m.arg)]
            return island(played["card"]).value
        return max(legal, key=lambda m: (card_value(m), m.arg))

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


def thrifty_playout(g: Any, legal: list[Move], rng: random.Random) -> Move:
    """A playout's move (``SearchSettings.rollout``): four times in five a card played
    without addition cards, where the move is to play one, else any legal move. Random
    playouts spend addition cards on any trick, the rivals' as well as the expert's own,
    and so judge a plan against waste no tactician makes; with this the expert won 48 % of
    120 trial games against two tacticians at 0.1 s a move, against 34 % with random
    playouts on the same seeds (``benchmarks/coach.py --part trial``).

    >>> import treasurekit as tk
    >>> g, rng = tk.new_game("sea_or_shore", 3, seed=0), random.Random(0)
    >>> while g.is_chance or not any("+" in m.arg for m in g.legal_moves()):
    ...     _ = g.deal(rng) if g.is_chance else g.play(rng.choice(g.legal_moves()))
    >>> legal = g.legal_moves()
    >>> sum("+" in m.arg for m in legal), len(legal)   # most moves would spend additions
    (36, 58)
    >>> picks = [thrifty_playout(g, legal, random.Random(i)) for i in range(100)]
    >>> sum("+" in m.arg for m in picks) < 30          # a random playout: some 62 in 100
    True
    """
    if rng.random() < 0.8:
        plain = [m for m in legal if "+" not in m.arg]
        if plain:
            return plain[rng.randrange(len(plain))]
    return legal[rng.randrange(len(legal))]


#: How the expert searches (core/search.py): the tables a view allows, the playouts.
COACH = SearchSettings(sampler=sampler, depth=12, scale=6.0, rollout=thrifty_playout)

BOTS: dict[str, Callable[[], Bot]] = {"random": RandomBot, "tactician": Tactician,
                                      "expert": ExpertBot}


def make_bot(level: str) -> Bot:
    """A new bot of the given level (a key of :data:`BOTS`)."""
    return make_bot_of(BOTS, level)
