"""The rulebook's four worked examples, replayed step by step with the book's outcomes.

* ``RUBIES`` ("2. Steal treasure"): a set of 4 rubies plus a won set of 3 -> sets of 5 and 2.
* ``GOLD_BAR`` ("2. Steal treasure"): a failed die, a gold bar discarded, the re-roll wins.
* ``NICK`` ("The Captain Bonus"): one pirate and two blanks, the bonus re-rolls both blanks,
  both show the pirate head: Nick takes Shelley's 3 rubies.
* ``BECKY`` ("End of the game"): Becky and Craig both score 13; Becky's two sets of 5 win.

>>> NICK.run().view(0)["collections"]
[{'ruby': 3}, {}]
>>> game = BECKY.run(); game.scores(), [game.players[i] for i in game.winners()]
([13, 13], ['Becky'])
"""

from __future__ import annotations

from typing import Any

from ...core.game import Game
from ...core.teaching import Example, ExampleStep, Msg
from .cards import INDEX, Section, Sets, all_set_sizes, set_sizes

__all__ = ["BECKY", "EXAMPLES", "GOLD_BAR", "NICK", "RUBIES"]

G = "captain_lucky"


def _steps(key: str, *steps: str) -> tuple[ExampleStep, ...]:
    return tuple(ExampleStep(tuple(moves.split()), Msg.of(f"{G}.example.{key}.s{i + 1}"))
                 for i, moves in enumerate(steps))


def _sets(game: Game[Any], player: int, name: str) -> Sets:
    return Sets(tuple(set_sizes(game.state.collections[player][INDEX[name]])))


# ---- "Example: You have already placed a set of 4 rubies ..." ----------------------
def _rubies_outcome(game: Game[Any]) -> Msg:
    count = game.state.collections[0][INDEX["ruby"]]
    return Msg.of(f"{G}.example.rubies.outcome", player=game.players[0], count=count,
                  sets=_sets(game, 0, "ruby"))


RUBIES = Example(
    game=G, key="rubies", section=Section.STEAL,
    position={"players": ["Ann", "Bob"], "phase": "target",
              "hands": [["silver", "silver", "pearl", "jade", "gold"], None],
              "middle": {"ruby": 3, "pearl": 1}, "collections": [{"ruby": 4}, {}]},
    steps=_steps("rubies", "steal:middle-ruby-3", "roll:PPP"),
    outcome=_rubies_outcome,
)


# ---- "Example: You want to steal a gold bar that is on display ..." ------------------
def _gold_outcome(game: Game[Any]) -> Msg:
    v = game.view(0)
    return Msg.of(f"{G}.example.gold_bar.outcome", player=game.players[0],
                  gold=v["collections"][0].get("gold", 0), discards=v["discards"].get("gold", 0),
                  hand=sum(v["hand"].values()))


GOLD_BAR = Example(
    game=G, key="gold_bar", section=Section.STEAL,
    position={"players": ["Ann", "Bob"], "phase": "target",
              "hands": [["gold", "silver", "silver", "pearl", "jade"], None],
              "middle": {"gold": 1, "ruby": 2}},
    steps=_steps("gold_bar", "steal:middle-gold-1", "roll:B", "reroll:gold", "roll:P",
                 "draw:ruby"),
    outcome=_gold_outcome,
)


# ---- "Example: Nick rolls three dice once to steal Shelley's set of 3 rubies ..." -----
def _nick_outcome(game: Game[Any]) -> Msg:
    return Msg.of(f"{G}.example.nick.outcome", player=game.players[0], owner=game.players[1],
                  sets=_sets(game, 0, "ruby"), used=int(game.state.bonus_used[0]))


NICK = Example(
    game=G, key="nick", section=Section.CAPTAIN_BONUS,
    position={"players": ["Nick", "Shelley"], "phase": "target",
              "hands": [["gold", "gold", "silver", "pearl", "jade"],
                        ["silver", "silver", "pearl", "jade", "jade"]],
              "middle": {"pearl": 2}, "collections": [{}, {"ruby": 3}]},
    steps=_steps("nick", "steal:p1-ruby-3", "roll:PBB", "bonus", "roll:PP"),
    outcome=_nick_outcome,
)


# ---- "Example: Becky and Craig both have 13 points ..." ------------------------------
def _becky_outcome(game: Game[Any]) -> Msg:
    s = game.state
    fives = [all_set_sizes(c).count(5) for c in s.collections]
    scores = game.scores()
    (winner,) = game.winners()
    return Msg.of(f"{G}.example.becky.outcome", a=game.players[0], b=game.players[1],
                  score_a=scores[0], score_b=scores[1], fives_a=fives[0], fives_b=fives[1],
                  sets_a=Sets(tuple(all_set_sizes(s.collections[0]))),
                  sets_b=Sets(tuple(all_set_sizes(s.collections[1]))),
                  winner=game.players[winner])


BECKY = Example(
    game=G, key="becky", section=Section.END,
    position={"players": ["Becky", "Craig"], "heart": "Becky", "turn": "Craig",
              "phase": "target", "draw_pile": {},
              "hands": [["ruby", "jade", "jade"], ["ruby", "silver"]],
              "middle": {"gold": 1, "ruby": 2},
              "collections": [{"silver": 5, "gold": 5, "pearl": 1, "ruby": 1},
                              {"pearl": 5, "jade": 4, "silver": 3}],
              "bonus_used": [False, True]},
    steps=_steps("becky", "steal:middle-gold-1", "roll:P"),
    outcome=_becky_outcome,
)

EXAMPLES = (RUBIES, GOLD_BAR, NICK, BECKY)
