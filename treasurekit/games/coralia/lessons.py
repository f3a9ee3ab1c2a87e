"""The Coralia lesson, in the order of the book: the research station and the roll -> the
pearl, fish and starfish actions -> an octopus now and its later points -> a diver move
that recovers a chest -> a turtle's bonus and keeping a die on it -> the island and
octopus owners -> the order of the final scoring, diver scoring, fish sets, pearls.

Each step is a real table situation; the right answer is worked out by the engine
(legal moves, the points a move scores, the fish scoring), never written down.

>>> [s.key for s in LESSON]  # doctest: +NORMALIZE_WHITESPACE
['station', 'pearl', 'fish_action', 'starfish', 'octopus', 'octopus_later', 'diver',
 'turtle', 'lock', 'island', 'end', 'divers', 'fish', 'pearls']
>>> step = LESSON[4]; [c.value for c in step.choices(step.start()) if c.correct]
['place:blue-octopus']
"""

from __future__ import annotations

from typing import Any

from ...core.game import Game
from ...core.teaching import Choice, LessonStep, Msg, lesson_steps
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
from .scoring import STEP_OF, STEPS, points_of, scoring_table

G = "coralia"


def _msg(key: str, **params: Any) -> Msg:
    return Msg.of(f"{G}.lesson.{key}", **params)


#: every step's table starts from these seats
_step = lesson_steps(G, {"players": ["You", "Bob"]})


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
    "octopuses": {"You": ["green"], "Bob": ["blue"]}, "divers": {"Bob": "green"},
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


# ---- numbers the engine works out by playing (and taking back) ------------------------------
def _numbers(right: int, others: tuple[int, ...], key: str) -> list[Choice]:
    """The right number among others, as answers labelled by ``lesson.answer.<key>``."""
    values = sorted({right, *others})
    return [Choice(str(v), _msg(f"answer.{key}", count=v), v == right) for v in values]


def _after(game: Game[Any], moves: tuple[str, ...], read: Any) -> Any:
    """``read(game)`` after playing ``moves`` (taken back again)."""
    for m in moves:
        game.play(m)
    try:
        return read(game)
    finally:
        for _ in moves:
            game.undo()


def _rolled(game: Game[Any]) -> int:
    return sum(1 for d in game.view(None)["station"] if d["symbol"] is None)


def _hand(game: Game[Any]) -> int:
    return len(game.view(0)["cards"])


def _drawn(game: Game[Any]) -> int:
    drawn = game.view(0)["drawn"]
    return len(drawn) if isinstance(drawn, list) else int(drawn)


# 0. the research station: the dice passed on, one new die, every die rolled -----------------
STATION_POSITION = {"turn": "You",
                    "station": ["blue-diver", "green-starfish", "yellow-pearl"]}


def _station_count(game: Game[Any]) -> int:
    return int(_after(game, ("pick:red",), _rolled))


def _station_choices(game: Game[Any]) -> list[Choice]:
    return _numbers(_station_count(game), (1, 3), "roll")


def _station_explain(game: Game[Any]) -> Msg:
    return _msg("station.explain", count=_station_count(game))


# the six actions, one step per symbol -----------------------------------------------------------
def _place(symbol_die: str, others: list[str]) -> dict[str, Any]:
    return {"turn": "You", "phase": "place", "station": [symbol_die, *others]}


PEARL_POSITION = _place("yellow-pearl", ["red-turtle", "green-fish", "blue-starfish"])
PEARL_MOVES = ("place:yellow-pearl", "draw:pearl-3", "draw:pearl-5")


def _pearl_count(game: Game[Any]) -> int:
    before = _hand(game)
    return int(_after(game, PEARL_MOVES, _hand)) - before


def _pearl_choices(game: Game[Any]) -> list[Choice]:
    return _numbers(_pearl_count(game), (1, 3), "cards")


def _pearl_explain(game: Game[Any]) -> Msg:
    return _msg("pearl.explain", count=_pearl_count(game))


FISH_ACTION_POSITION = _place("green-fish", ["red-turtle", "yellow-pearl", "blue-starfish"])
FISH_MOVES = ("place:green-fish", "draw:fish-fire", "draw:fish-angel")


def _kept_fish(game: Game[Any]) -> int:
    def keep_one(g: Game[Any]) -> int:
        before = _hand(g)
        return int(_after(g, (str(g.legal_moves()[0]),), _hand)) - before
    return int(_after(game, FISH_MOVES, keep_one))


def _fish_action_choices(game: Game[Any]) -> list[Choice]:
    return _numbers(_kept_fish(game), (0, 2), "keep")


def _fish_action_explain(game: Game[Any]) -> Msg:
    return _msg("fish_action.explain", count=_kept_fish(game))


STARFISH_POSITION = _place("blue-starfish", ["red-turtle", "yellow-pearl", "green-fish"])
STARFISH_MOVES = ("place:blue-starfish", "draw:star-turtles", "draw:star-jellyfish",
                  "draw:star-island")


def _looked_at(game: Game[Any]) -> int:
    return int(_after(game, STARFISH_MOVES, _drawn))


def _starfish_choices(game: Game[Any]) -> list[Choice]:
    return _numbers(_looked_at(game), (1, 2), "look")


def _starfish_explain(game: Game[Any]) -> Msg:
    return _msg("starfish.explain", count=_looked_at(game))


# the octopus later: another octopus elsewhere earns its owner a point -------------------------
LATER_POSITION = {
    "turn": "Bob", "phase": "place",
    "board": {"green": ["octopus", "pearl"], "red": ["fish", "pearl"]},
    "octopuses": {"You": ["green"]},
    "station": ["red-octopus", "blue-pearl", "yellow-fish", "orange-turtle"]}


def _later_points(game: Game[Any]) -> int:
    before = game.scores()[0]
    return int(_after(game, ("place:red-octopus",), lambda g: g.scores()[0])) - before


def _later_choices(game: Game[Any]) -> list[Choice]:
    return _numbers(_later_points(game), (0, 2, 3), "points")


def _later_explain(game: Game[Any]) -> Msg:
    return _msg("octopus_later.explain", count=_later_points(game))


# turtles: the bonus at once, then a place to keep a die -----------------------------------------
TURTLE_POSITION = {**_place("blue-turtle", ["red-pearl", "green-fish", "yellow-starfish"]),
                   "points": {"You": 12, "Bob": 9}}


def _turtle_total(game: Game[Any]) -> int:
    return int(_after(game, ("place:blue-turtle",), lambda g: g.scores()[0]))


def _turtle_choices(game: Game[Any]) -> list[Choice]:
    return _numbers(_turtle_total(game), (13, 17), "total")


def _turtle_explain(game: Game[Any]) -> Msg:
    return _msg("turtle.explain", count=_turtle_total(game))


LOCK_POSITION = {"turn": "You", "turtles": {"You": ["fish", "island"]},
                 "station": ["blue-diver", "green-starfish", "yellow-pearl"]}


def _lock_count(game: Game[Any]) -> int:
    return int(_after(game, ("pick:red",), _rolled))


def _lock_choices(game: Game[Any]) -> list[Choice]:
    return _numbers(_lock_count(game), (2, 4), "roll")


def _lock_explain(game: Game[Any]) -> Msg:
    return _msg("lock.explain", count=_lock_count(game))


# the end: the four scoring steps, divers and pearls ---------------------------------------------
END_POSITION = {
    "phase": "scoring", "station": ["red-fish", "red-turtle", "violet-diver"],
    "board": {"blue": ["pearl", "fish", "diver", "turtle"], "green": ["starfish", "diver"]},
    "divers": {"You": "blue", "Bob": "green"}, "turtles": {"You": ["fish"]},
    "cards": {"You": ["star-turtles", "fish-fire", "fish-angel", "pearl-5", "pearl-5",
                      "pearl-3"],
              "Bob": ["pearl-5", "pearl-4", "pearl-4", "pearl-2", "fish-blow"]}}
ORDERS = {"book": STEPS, "pearls_first": STEPS[::-1],
          "fish_first": (STEPS[2], STEPS[1], STEPS[0], STEPS[3])}


def _order(game: Game[Any]) -> tuple[str, ...]:
    seen: list[str] = []
    for e in [*getattr(game, "opening", ()), *game.events]:
        if points_of(e) is not None:
            step = STEPS[STEP_OF.get(e.kind, 0)]
            if step not in seen:
                seen.append(step)
    return tuple(seen)


def _order_choices(game: Game[Any]) -> list[Choice]:
    right = _order(game)
    return [Choice(k, _msg(f"end.{k}"), order == right) for k, order in ORDERS.items()]


def _order_explain(game: Game[Any]) -> Msg:
    return _msg("end.explain")


def _step_points(game: Game[Any], step: str) -> int:
    table = scoring_table(game)
    assert table is not None
    return int(table.rows[0].steps[STEPS.index(step)] or 0)


def _divers_choices(game: Game[Any]) -> list[Choice]:
    return _numbers(_step_points(game, "divers"), (4, 15), "points")


def _divers_explain(game: Game[Any]) -> Msg:
    return _msg("divers.explain", count=_step_points(game, "divers"))


def _pearls_choices(game: Game[Any]) -> list[Choice]:
    return _numbers(_step_points(game, "pearls"), (5, 13), "points")


def _pearls_explain(game: Game[Any]) -> Msg:
    return _msg("pearls.explain", count=_step_points(game, "pearls"))


LESSON: tuple[LessonStep, ...] = (
    _step("station", Section.COURSE_OF_THE_GAME, STATION_POSITION, _station_choices,
          _station_explain, then=(), about=("station",)),
    _step("pearl", Section.PEARL, PEARL_POSITION, _pearl_choices, _pearl_explain, about=("reef",)),
    _step("fish_action", Section.FISH, FISH_ACTION_POSITION, _fish_action_choices,
          _fish_action_explain, about=("reef",)),
    _step("starfish", Section.STARFISH, STARFISH_POSITION, _starfish_choices,
          _starfish_explain, about=("reef",)),
    _step("octopus", Section.OCTOPUS, OCTOPUS_POSITION, _octopus_choices, _octopus_explain,
          about=("station",)),
    _step("octopus_later", Section.OCTOPUS, LATER_POSITION, _later_choices, _later_explain,
          hides=("scores",), about=("reef",)),
    _step("diver", Section.DIVER, DIVER_POSITION, _diver_choices, _diver_explain, about=("reef",)),
    _step("turtle", Section.TURTLE_BONUSES, TURTLE_POSITION, _turtle_choices,
          _turtle_explain, about=("reef",)),
    _step("lock", Section.LOCK_IN, LOCK_POSITION, _lock_choices, _lock_explain,
          lead_in=("lock:blue-diver",), about=("station",)),
    _step("island", Section.OCTOPUS_ISLAND, ISLAND_POSITION, _island_choices,
          _island_explain, then=("draw:pearl-3",), about=("station",)),
    _step("end", Section.ENDING, END_POSITION, _order_choices, _order_explain,
          hides=("scores",), about=("players",)),
    _step("divers", Section.DIVER_SCORING, END_POSITION, _divers_choices, _divers_explain,
          hides=("scores",), about=("reef",)),
    _step("fish", Section.FISH_SCORING, FISH_POSITION, _fish_choices, _fish_explain,
          about=("players",)),
    _step("pearls", Section.PEARL_SCORING, END_POSITION, _pearls_choices, _pearls_explain,
          hides=("scores",), about=("players",)),
)
