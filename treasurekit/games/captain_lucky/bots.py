"""Captain Lucky computer players: ``make_bot("random")`` and ``make_bot("sensible")``.

Bots decide from ``game.view(player)`` alone (see :mod:`treasurekit.core.bots`): their own
hand, the face-up sets, hand sizes and who has used the captain bonus.

>>> import random
>>> import treasurekit as tk
>>> g = tk.setup_position("captain_lucky", {"players": ["Ann", "Bot"], "turn": 1,
...     "phase": "target", "hands": [None, ["ruby", "ruby", "gold", "gold", "pearl"]],
...     "middle": {"ruby": 1, "jade": 4}})
>>> str(SensibleBot().choose(g.view(1), random.Random(0)))   # likely, and cards to help
'steal:middle-ruby-1'
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from typing import Any

from ...core.bots import Bot, RandomBot, legal_moves_of, make_bot_of
from ...core.game import Game
from ...core.moves import Move
from ...core.search import ExpertBot, SearchSettings
from .cards import BLANK, HAND_SIZE, MIDDLE, TYPES, set_sizes
from .infoset import sampler, unseen
from .odds import best_action, refills, solve, win_table
from .rules import BONUS, PLACE, REROLL, STEAL, STOP, CaptainLucky, parse_place, parse_steal

__all__ = ["BOTS", "COACH", "ExpertBot", "LookoutBot", "PlannerBot", "RandomBot", "SensibleBot",
           "make_bot"]


class SensibleBot:
    """Weighs the exact odds of every steal and keeps cards when re-rolling costs too much.

    * Steal: names the set with the best expected gain when the rest of the attempt is
      played well (:func:`~.odds.solve`): the set's size, counted a little more when it
      is taken from a player (who loses it too), minus the cards and bonus spent.
    * Place: the placement after which the best steal is worth most, minus a little per
      card put within everyone's reach.
    * After a failed roll: the best action of :func:`~.odds.best_action`, valuing a hand
      card kept for later at ``card_value`` points and the unused bonus at 1 point.
    """

    name = "sensible"

    def __init__(self, card_value: float = 0.25, exposure: float = 0.3) -> None:
        self.card_value = card_value
        self.exposure = exposure

    def choose(self, view: dict[str, Any], rng: random.Random) -> Move:
        legal = legal_moves_of(view)
        if len(legal) == 1:
            return legal[0]
        if view["phase"] == "place":
            return self.place(view, legal)
        if view["phase"] == "target":
            return max(legal, key=lambda m: self.steal_value(view, m, view["hand"]))
        return self.decide(view, legal)

    def _weight(self, view: dict[str, Any], owner: int) -> float:
        if owner < 0:
            return 1.0
        return 1.0 + 1.0 / max(1, len(view["players"]) - 1)

    def steal_value(self, view: dict[str, Any], move: Move, hand: dict[str, int]) -> float:
        owner, t, size = parse_steal(move.arg)  # type: ignore[misc]
        bonus = not view["bonus_used"][view["you"]]
        matching = min(hand.get(TYPES[t], 0), HAND_SIZE)
        worth = size * self._weight(view, owner)
        policy = solve(round(worth, 3), self.card_value, 1.0, view["pirate_faces"])
        return policy.start(size, matching, bonus)

    def place(self, view: dict[str, Any], legal: list[Move]) -> Move:
        return max(legal, key=lambda move: self.placement_value(view, move))

    def placement_value(self, view: dict[str, Any], move: Move) -> float:
        """What placing ``move`` is worth: the best steal after it (:meth:`_after_placing`),
        less ``exposure`` per card put within everyone's reach."""
        t, n = parse_place(move.arg)  # type: ignore[misc]
        name = TYPES[t]
        hand = dict(view["hand"])
        hand[name] -= n
        middle = dict(view["middle"])
        middle[name] = middle.get(name, 0) + n
        return self._after_placing(view, middle, hand, n) - self.exposure * n

    def _after_placing(self, view: dict[str, Any], middle: dict[str, int],
                       hand: dict[str, int], placed: int) -> float:
        """The value of the best steal after placing ``placed`` cards (the middle and hand
        it leaves; none: 0)."""
        return max(self._targets_value(view, middle, hand), default=0.0)

    def _targets_value(self, view: dict[str, Any], middle: dict[str, int],
                       hand: dict[str, int]) -> list[float]:
        """The value of every steal after a placement (the middle and hand it leaves)."""
        return [self.steal_value(view, move, hand) for move in self._steals(view, middle)]

    def _steals(self, view: dict[str, Any], middle: dict[str, int]) -> list[Move]:
        """Every set the player could name after placing (the middle as given)."""
        holdings = [("middle", middle)] + [(f"p{i}", c) for i, c in
                                           enumerate(view["collections"]) if i != view["you"]]
        return [Move("steal", f"{code}-{name}-{size}") for code, holding in holdings
                for name, count in holding.items() for size in set(set_sizes(count))]

    def decide(self, view: dict[str, Any], legal: list[Move]) -> Move:
        target = view["target"]
        me = view["you"]
        failed = view["dice"].count("B")
        matching = view["hand"].get(target["type"], 0)
        bonus = not view["bonus_used"][me]
        worth = target["size"] * self._weight(view, target["owner"])
        action = best_action(failed, matching, bonus, target["size"], self.card_value,
                             pirate_faces=view["pirate_faces"], set_value=round(worth, 3))
        move = {"reroll": Move("reroll", target["type"]), "bonus": Move("bonus"),
                "stop": Move("stop")}[action]
        return move if move in legal else Move("stop")

    def __repr__(self) -> str:
        return f"{type(self).__name__}(card_value={self.card_value}, exposure={self.exposure})"


class LookoutBot(SensibleBot):
    """The sensible level's exact odds, and a look at what the turn leaves the others.

    Not a level of its own (offered to players it would become the benchmark's "best
    level"): the base of the planner, the policy the expert leans on (:data:`COACH`).
    It differs from the sensible level in two ways:

    * Hand cards spent on re-rolls cost nothing (``card_value=0``). The hand is refilled
      to five at the end of the turn anyway, so a card kept is worth little.
    * It weighs the best steal the others could try next against the set it chooses
      (``wariness`` times that threat's expected points). This covers its placement and
      its target, with the chance that its own steal succeeds. It assumes they hold one
      matching card; a set taken from it counts twice, once as their gain and once as
      its loss.

    Against the sensible level it wins 54 % of 2,000 games with seats swapped, on deals
    it was not tuned on (``benchmarks/coach.py --part prior``), and 52.5 % of 3,000 more.

    >>> import random
    >>> import treasurekit as tk
    >>> g = tk.setup_position("captain_lucky", {"players": ["Ann", "Bot"], "turn": 1,
    ...     "phase": "target", "hands": [None, ["ruby", "ruby", "gold", "gold", "pearl"]],
    ...     "middle": {"ruby": 1, "jade": 4}})
    >>> str(LookoutBot().choose(g.view(1), random.Random(0)))
    'steal:middle-ruby-1'
    """

    name = "lookout"

    def __init__(self, card_value: float = 0.0, exposure: float = 0.0,
                 wariness: float = 0.5, their_matching: int = 1) -> None:
        super().__init__(card_value, exposure)
        self.wariness = wariness
        self.their_matching = their_matching

    def choose(self, view: dict[str, Any], rng: random.Random) -> Move:
        legal = legal_moves_of(view)
        if len(legal) > 1 and view["phase"] == "target":
            return max(legal, key=lambda m: self.target_value(view, m, view["hand"],
                                                              view["middle"]))
        return super().choose(view, rng)     # its placement reads _targets_value below

    def _targets_value(self, view: dict[str, Any], middle: dict[str, int],
                       hand: dict[str, int]) -> list[float]:
        return [self.target_value(view, move, hand, middle)
                for move in self._steals(view, middle)]

    def threat(self, view: dict[str, Any], middle: dict[str, int],
               mine: dict[str, int]) -> float:
        """The expected points of the best steal another player could try next: a set of
        the middle, or one of ours (counted twice: their gain and our loss)."""
        chance = win_table(view["pirate_faces"])
        worst = 0.0
        for other, used in enumerate(view["bonus_used"]):
            if other == view["you"]:
                continue
            for holding, weight in ((middle, 1.0), (mine, 2.0)):
                for count in holding.values():
                    for size in set(set_sizes(count)):
                        worst = max(worst, size * weight * float(
                            chance[size, self.their_matching, int(not used)]))
        return worst

    def target_value(self, view: dict[str, Any], move: Move, hand: dict[str, int],
                     middle: dict[str, int]) -> float:
        """The steal's expected gain (the sensible level's), minus ``wariness`` times the
        threat left behind, whether the steal succeeds or fails."""
        owner, t, size = parse_steal(move.arg)  # type: ignore[misc]
        name, me = TYPES[t], view["you"]
        bonus = not view["bonus_used"][me]
        success = float(win_table(view["pirate_faces"])[
            size, min(hand.get(name, 0), HAND_SIZE), int(bonus)])
        mine = dict(view["collections"][me])
        left = self.threat(view, middle, mine)
        mine[name] = mine.get(name, 0) + size
        after = dict(middle)
        if owner < 0:
            after[name] -= size
        taken = self.threat(view, after, mine)
        return (self.steal_value(view, move, hand)
                - self.wariness * (success * taken + (1 - success) * left))

    def __repr__(self) -> str:
        return (f"{type(self).__name__}(card_value={self.card_value}, exposure={self.exposure}, "
                f"wariness={self.wariness}, their_matching={self.their_matching})")


class PlannerBot(LookoutBot):
    """The lookout, placing with the cards it draws before it steals in mind.

    Placing ``n`` cards draws ``n`` new ones before the steal (section "Place card(s)"),
    and the steal is chosen once they are in hand. The sensible level and the lookout
    value a placement by the hand it leaves, as if nothing were drawn; the planner
    values it by the best steal after each way the draw can fall (:func:`~.odds.refills`,
    from the cards its view cannot see), weighted by its chance. So it sees that putting
    cards down brings new ones, some of them matching.

    Not a level of its own: the policy the expert leans on (:data:`COACH`). Against the
    sensible level it wins 61.6 % of 8,000 games with seats swapped
    (``benchmarks/coach.py --part prior --games 800``); on 8,000 other games it won
    62.25 % where the lookout won 53.75 % of the same deals.

    >>> import random
    >>> import treasurekit as tk
    >>> g = tk.setup_position("captain_lucky", {"players": ["Ann", "Bot"], "turn": 1,
    ...     "phase": "place", "hands": [None, ["pearl", "ruby", "ruby", "jade", "jade"]],
    ...     "middle": {"pearl": 2, "ruby": 2, "jade": 1}, "collections": [{"gold": 1}, {}]})
    >>> [str(bot.choose(g.view(1), random.Random(0))) for bot in (LookoutBot(), PlannerBot())]
    ['place:jade-1', 'place:jade-2']
    """

    name = "planner"

    def _after_placing(self, view: dict[str, Any], middle: dict[str, int],
                       hand: dict[str, int], placed: int) -> float:
        """The expected value of the best steal once the hand is drawn back to five from
        the cards the view cannot see (none once the draw pile is empty)."""
        drawn = min(placed, view["pile"])
        # each steal's value with 0..drawn more matching cards: it reads only that count
        rows = []
        for steal in self._steals(view, middle):
            kind = parse_steal(steal.arg)[1]  # type: ignore[index]
            held = dict(hand)
            values = []
            for more in range(drawn + 1):
                held[TYPES[kind]] = hand.get(TYPES[kind], 0) + more
                values.append(self.target_value(view, steal, held, middle))
            rows.append((kind, values))
        if not rows:
            return 0.0
        return sum(chance * max(values[counts[kind]] for kind, values in rows)
                   for counts, chance in refills(drawn, tuple(unseen(view))))


def dice_rolled(dealt: Move) -> Move | None:
    """A roll as the coach's tree tells it apart: its faces in any order (how many dice
    failed decides what to do next); the cards drawn it does not tell apart."""
    return Move("roll", "".join(sorted(dealt.arg))) if dealt.kind == "roll" else None


@cache
def _win_lists(pirate_faces: int) -> list[list[list[float]]]:
    return win_table(pirate_faces).tolist()        # type: ignore[no-any-return]


@cache
def _action_lists(worth: float, pirate_faces: int) -> list[list[list[int]]]:
    return solve(worth, 0.0, 1.0, pirate_faces).action.tolist()  # type: ignore[no-any-return]


def quick_playout(g: Game[Any], legal: list[Move], rng: random.Random) -> Move:
    """The coach's playouts: a quick sketch of the sensible level, on a table the search
    drew (so it reads the table, not a view). One time in ten a move at random; else one
    card of the treasure it holds most of; the set with the most points expected
    (:func:`~.odds.win_table`; a set taken from a player counts as the sensible level
    counts it); after a failed roll, the exact best action with cards free and the bonus
    worth a point (:func:`~.odds.solve`)."""
    if len(legal) == 1:
        return legal[0]
    if rng.random() < QUICK_RANDOM:
        return legal[rng.randrange(len(legal))]
    assert isinstance(g, CaptainLucky)
    s = g.state
    me = s.turn
    hand = s.hands[me]
    kind = legal[0].kind
    if kind == "place":
        most = max(hand)
        held = [t for t, c in enumerate(hand) if c == most]
        return PLACE[held[rng.randrange(len(held))], 1]
    taken = 1.0 + 1.0 / max(1, len(s.hands) - 1)
    bonus = int(not s.bonus_used[me])
    if kind == "steal":
        chance = _win_lists(g.pirate_faces)
        best, value = legal[0], -1.0
        for owner, counts in ((MIDDLE, s.middle), *enumerate(s.collections)):
            if owner == me:
                continue
            weight = 1.0 if owner == MIDDLE else taken
            for t, c in enumerate(counts):
                m = min(hand[t], HAND_SIZE)
                for size in set_sizes(c):
                    v = size * weight * chance[size][m][bonus]
                    if v > value:
                        best, value = STEAL[owner, t, size], v
        return best
    assert s.target is not None
    owner, t, size = s.target
    worth = round(size * (1.0 if owner == MIDDLE else taken), 3)
    action = _action_lists(worth, g.pirate_faces)[
        s.dice.count(BLANK)][min(hand[t], HAND_SIZE)][bonus]
    move = (STOP, REROLL[TYPES[t]], BONUS)[action]
    return move if move in legal else STOP


#: How often a quick playout plays a move at random.
QUICK_RANDOM = 0.1


#: How the expert searches (core/search.py): the tables a view allows; playouts of quick
#: sensible moves; after a roll, a decision of its own for each number of failed dice;
#: and at the root a lean on the planner's choice, which it plays unless the playouts find
#: better. Its playouts hardly tell early moves apart (their chances to win mostly lie
#: within 0.01 of each other), so the expert plays the planner's move until the last
#: turns, where they reach the end of the game (``benchmarks/coach.py --part departures``).
#: Measured (README, "The coach"): the planner wins 61.6 % of 8,000 games against the
#: sensible level (the lookout about 54 %); at 1 s a move the expert won 67 % of 200
#: games, where the planner alone wins 61.5 % of the same deals (near the end of 300
#: other deals, at 0.25 s a move, the search added nothing measurable: -1.8 +- 4.3).
COACH = SearchSettings(sampler=sampler, depth=10, scale=10.0, chance_key=dice_rolled,
                       prior=PlannerBot, rollout=quick_playout)

#: Levels offered to players, weakest first.
BOTS: dict[str, Callable[[], Bot]] = {"random": RandomBot, "sensible": SensibleBot,
                                      "expert": ExpertBot}



def make_bot(level: str) -> Bot:
    """A new bot of the given level (a key of :data:`BOTS`)."""
    return make_bot_of(BOTS, level)
