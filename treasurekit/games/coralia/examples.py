"""The rulebook's five worked examples, replayed step by step with the book's numbers.

* ``OCTOPUS`` ("Octopus"): Jenny's blue octopus with 3 more blue dice there: 4 points.
* ``DIVER`` ("Diver"): Michael's diver swims from green to blue; the green die goes down to
  the treasure space and he recovers, reveals and carries out the green chest.
* ``LOCK_IN`` ("Lock in die-rolling results by means of turtles"): Jenny, with 2
  turtles, keeps the blue diver and rolls a die from the supply with the other two.
* ``ISLAND`` ("Blocked spaces"): Anita's green die goes to the island; Jenny, owner of
  the green octopus, gets 2 points; Anita draws two island cards and keeps one.
* ``SCORING`` ("SCORING EXAMPLE (two players)"): Jacques 44, Jenny 59.

>>> game = SCORING.run(); game.scores(), [game.players[i] for i in game.winners()]
([44, 59], ['Jenny'])
>>> OCTOPUS.run().scores()[0]
4
"""

from __future__ import annotations

from typing import Any

from ...core.game import Game
from ...core.teaching import Example, ExampleStep, Msg
from .cards import CHEST, Section

__all__ = ["DIVER", "EXAMPLES", "ISLAND", "LOCK_IN", "OCTOPUS", "SCORING"]

G = "coralia"


def _steps(key: str, *steps: str) -> tuple[ExampleStep, ...]:
    return tuple(ExampleStep(tuple(moves.split()), Msg.of(f"{G}.example.{key}.s{i + 1}"))
                 for i, moves in enumerate(steps))


# ---- "Example: Jenny places a blue die on the octopus space of the blue reef" ----------
def _octopus_outcome(game: Game[Any]) -> Msg:
    return Msg.of(f"{G}.example.octopus.outcome", player=game.players[0],
                  count=game.scores()[0])


OCTOPUS = Example(
    game=G, key="octopus", section=Section.OCTOPUS,
    position={"players": ["Jenny", "Michael", "Anita", "Jacques"],
              "board": {"blue": ["pearl", "fish", "turtle"], "red": ["fish"]},
              "phase": "place",
              "station": ["blue-octopus", "red-fish", "green-pearl", "yellow-starfish"]},
    steps=_steps("octopus", "place:blue-octopus"),
    outcome=_octopus_outcome,
)


# ---- "Example - recover a treasure" --------------------------------------------------------
def _diver_outcome(game: Game[Any]) -> Msg:
    s = game.state
    return Msg.of(f"{G}.example.diver.outcome", player=game.players[0],
                  chest=CHEST[s.chests[0][0]])


DIVER = Example(
    game=G, key="diver", section=Section.DIVER,
    position={"players": ["Michael", "Jenny"],
              "board": {"green": ["diver", "pearl", "fish"], "blue": ["starfish"]},
              "divers": {"Michael": "green"},
              "phase": "place",
              "station": ["blue-diver", "red-pearl", "yellow-fish", "orange-turtle"]},
    steps=_steps("diver", "place:blue-diver", "chest:stingray"),
    outcome=_diver_outcome,
)


# ---- "Example: It is Jenny's turn ..." (turtles) -----------------------------------------------
def _lock_outcome(game: Game[Any]) -> Msg:
    return Msg.of(f"{G}.example.lock_in.outcome", player=game.players[0])


LOCK_IN = Example(
    game=G, key="lock_in", section=Section.LOCK_IN,
    position={"players": ["Jenny", "Anita", "Michael"],
              "board": {"red": ["turtle"], "orange": ["turtle"], "yellow": ["diver"],
                        "green": ["starfish"]},
              "divers": {"Anita": "yellow"},       # Jenny has not placed her diver yet
              "turtles": {"Jenny": ["fish", "island"]},
              "station": ["blue-diver", "green-starfish", "yellow-pearl"]},
    steps=_steps("lock_in", "lock:blue-diver", "pick:red",
                 "roll:green-fish,yellow-turtle,red-pearl", "place:blue-diver"),
    outcome=_lock_outcome,
)


# ---- "Example - placing dice on the island" and "- receiving victory points" ---------------
def _island_outcome(game: Game[Any]) -> Msg:
    return Msg.of(f"{G}.example.island.outcome", owner=game.players[1],
                  count=game.scores()[1], player=game.players[0],
                  cards=len(game.state.hands[0]))


ISLAND = Example(
    game=G, key="island", section=Section.BLOCKED_SPACES,
    position={"players": ["Anita", "Jenny", "Michael", "Jacques"],
              "board": {"green": ["diver", "octopus", "pearl"], "red": ["turtle"],
                        "blue": ["fish"]},
              "octopuses": {"green": "Jenny"}, "divers": {"Jacques": "green"},
              "phase": "place",
              "station": ["green-diver", "red-turtle", "blue-fish", "blue-fish"],
              "island_pile": ["pearl-4", "fish-angel", "star-island"]},
    steps=_steps("island", "island:green-diver", "draw:pearl-4 draw:fish-angel",
                 "keep:pearl-4"),
    outcome=_island_outcome,
)


# ---- "SCORING EXAMPLE (two players)" ----------------------------------------------------------
def _scoring_outcome(game: Game[Any]) -> Msg:
    a, b = game.scores()
    return Msg.of(f"{G}.example.scoring.outcome", first=game.players[0], a=a,
                  second=game.players[1], b=b, winner=game.players[game.winners()[0]])


SCORING = Example(
    game=G, key="scoring", section=Section.ENDING,
    position={
        "players": ["Jacques", "Jenny"], "phase": "scoring",
        "board": {
            "yellow": ["pearl", "fish", "starfish", "diver", "turtle", "treasure"],
            "blue": ["pearl", "fish", "starfish", "turtle", "treasure"],
            "red": ["pearl", "fish", "starfish", "octopus"],
            "orange": ["pearl", "fish", "starfish", "octopus", "diver", "turtle"],
            "green": ["pearl", "octopus", "diver", "turtle"],
            "violet": ["pearl", "fish", "starfish", "octopus", "turtle"]},
        "island": {"green": 2},
        "station": ["red-fish", "red-turtle", "violet-diver"],
        "octopuses": {"green": "Jacques", "violet": "Jacques", "red": "Jenny",
                      "orange": "Jenny"},
        "divers": {"Jacques": "green", "Jenny": "orange"},
        "turtles": {"Jenny": ["fish", "island"]},
        "chests": {"Jacques": ["starfish", "stingray"], "Jenny": ["fish", "pearl"]},
        "chests_on_reefs": ["green", "violet"],
        "cards": {
            "Jacques": ["star-anemone", "star-pearl6", "star-treasure-green-violet",
                        "fish-fire", "pearl-5", "pearl-5", "pearl-3"],
            "Jenny": ["star-turtles", "star-draw-red-violet", "stingray", "fish-fire",
                      "fish-angel", "pearl-3", "pearl-4"]},
        "island_pile": ["fish-angel", "pearl-2"]},
    steps=_steps("scoring",
                 "open:violet chest:island_dice",
                 "chest:white white:starfish reef:green",
                 "draw:star-pearl6 draw:star-jellyfish draw:star-perpearl keep:star-pearl6",
                 "score:star-turtles",
                 "pile:fish draw:fish-blow pile:starfish draw:star-perfish",
                 "pile:island draw:fish-angel"),
    outcome=_scoring_outcome,
)

EXAMPLES: tuple[Example, ...] = (OCTOPUS, DIVER, LOCK_IN, ISLAND, SCORING)
