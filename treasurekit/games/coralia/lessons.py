"""The Coralia lesson: an octopus for points -> the island and octopus owners -> a diver
move that recovers a chest -> fish sets at the end.

Each step is a real table situation; the right answer is worked out by the engine
(legal moves, the points a move scores, the fish scoring), never written down.

>>> [s.key for s in LESSON]
['octopus', 'island', 'diver', 'fish']
>>> step = LESSON[0]; [c.value for c in step.choices(step.start()) if c.correct]
['place:blue-octopus']
"""

from __future__ import annotations

from typing import Any

from ...core.game import Game
from ...core.teaching import Choice, LessonStep, Msg
from .cards import (
    CARD_INDEX,
    COLOUR_INDEX,
    DIE,
    DIE_CODES,
    FISH_KIND,
    FISH_SET_POINTS,
    REEF,
    SPACES,
    TREASURE,
    Section,
    fish_sets,
)

G = "coralia"


def _msg(key: str, **params: Any) -> Msg:
    return Msg.of(f"{G}.lesson.{key}", **params)


def _step(key: str, section: Section, position: dict[str, Any], choices: Any, explain: Any,
          then: tuple[str, ...] = ()) -> LessonStep:
    pos = {"players": ["You", "Bob"], **position}
    return LessonStep(G, key, section, pos, choices, explain, then)


def _points_now(game: Game[Any], move: str) -> int:
    """Points the mover scores by ``move`` at once (played, then taken back)."""
    me = game.current_player or 0
    before = game.scores()[me]
    game.play(move)
    gained = game.scores()[me] - before
    game.undo()
    return gained


def _die_choices(game: Game[Any], best: set[str]) -> list[Choice]:
    out = []
    for m in game.legal_moves():
        c, s = DIE_CODES[m.arg]
        key = "answer.place" if m.kind == "place" else "answer.island"
        out.append(Choice(str(m), Msg.of(f"{G}.{key}", die=DIE[c][s]), str(m) in best,
                          str(m)))
    return out


# 1. the octopus: one point per die on its reef -------------------------------------------
OCTOPUS_POSITION = {
    "turn": "You", "phase": "place",
    "board": {"blue": ["pearl", "fish", "turtle", "starfish"], "red": ["fish", "pearl"]},
    "station": ["blue-octopus", "red-octopus", "green-pearl", "yellow-fish"]}


def _octopus_choices(game: Game[Any]) -> list[Choice]:
    points = {str(m): _points_now(game, str(m)) for m in game.legal_moves()}
    top = max(points.values())
    return _die_choices(game, {m for m, p in points.items() if p == top})


def _octopus_explain(game: Game[Any]) -> Msg:
    return _msg("octopus.explain", count=_points_now(game, "place:blue-octopus"))


# 2. the island: whose octopus earns the 2 points ---------------------------------------------
ISLAND_POSITION = {
    "turn": "You", "phase": "place",
    "board": {"green": ["diver", "octopus"], "blue": ["fish", "octopus"], "red": ["turtle"],
              "yellow": ["pearl"]},
    "octopuses": {"You": ["green"], "Bob": ["blue"]},
    "island_pile": ["pearl-3", "pearl-4"],
    "station": ["green-diver", "blue-fish", "red-turtle", "yellow-pearl"]}


def _island_choices(game: Game[Any]) -> list[Choice]:
    return _die_choices(game, {"island:green-diver"})


def _island_explain(game: Game[Any]) -> Msg:
    return _msg("island.explain", reef=REEF[COLOUR_INDEX["green"]])


# 3. the diver: moving on recovers the chest of the old reef ------------------------------------
DIVER_POSITION = {
    "turn": "You", "phase": "place",
    "board": {"green": ["diver", "pearl", "fish"]}, "divers": {"You": "green"},
    "station": ["blue-diver", "red-pearl", "yellow-fish", "orange-pearl"]}
DIVER_ANSWERS = ("down", "stays", "supply")


def _diver_choices(game: Game[Any]) -> list[Choice]:
    game.play("place:blue-diver")                 # worked out on the table, then taken back
    green = COLOUR_INDEX["green"]
    down = game.state.board[green * SPACES + TREASURE] == green
    game.undo()
    right = "down" if down else "stays"
    return [Choice(a, _msg(f"diver.{a}"), a == right) for a in DIVER_ANSWERS]


def _diver_explain(game: Game[Any]) -> Msg:
    return _msg("diver.explain")


# 4. fish sets at the end ------------------------------------------------------------------------
FISH_CARDS = ["stingray", "fish-fire", "fish-blow", "fish-angel", "fish-angel"]
FISH_POSITION = {"turn": "You", "phase": "place",
                 "cards": {"You": FISH_CARDS},
                 "station": ["blue-pearl", "red-pearl", "yellow-fish", "orange-pearl"]}


def _fish_points() -> int:
    return sum(FISH_SET_POINTS[n] for n in fish_sets([FISH_KIND[CARD_INDEX[c]]
                                                       for c in FISH_CARDS]))


def _fish_choices(game: Game[Any]) -> list[Choice]:
    right = _fish_points()
    values = sorted({right, FISH_SET_POINTS[5], FISH_SET_POINTS[4], 5 * FISH_SET_POINTS[1]})
    return [Choice(str(v), Msg.of("widgets.number", n=v), v == right) for v in values]


def _fish_explain(game: Game[Any]) -> Msg:
    return _msg("fish.explain", count=_fish_points())


LESSON: tuple[LessonStep, ...] = (
    _step("octopus", Section.OCTOPUS, OCTOPUS_POSITION, _octopus_choices, _octopus_explain),
    _step("island", Section.OCTOPUS_ISLAND, ISLAND_POSITION, _island_choices,
          _island_explain, then=("draw:pearl-3",)),
    _step("diver", Section.DIVER, DIVER_POSITION, _diver_choices, _diver_explain),
    _step("fish", Section.FISH_SCORING, FISH_POSITION, _fish_choices, _fish_explain),
)
