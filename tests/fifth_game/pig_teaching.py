"""Pig's teaching material and computer players: what its spec names besides the rules.

A lesson step, a worked example, a practice kind, the rules reference and two bot levels,
all data the kit's shared widgets and tests read (docs/adding-a-game.md, steps 4 to 6).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from treasurekit.core.bots import Bot, RandomBot, legal_moves_of
from treasurekit.core.game import Game
from treasurekit.core.moves import Move
from treasurekit.core.practice import (
    Asked,
    Found,
    Kind,
    Practice,
    Tryout,
    by_value,
    number_choices,
    numbers_near,
)
from treasurekit.core.reference import Minutes, lesson, see, start
from treasurekit.core.search import ExpertBot, SearchSettings
from treasurekit.core.teaching import Choice, Example, ExampleStep, LessonStep, Msg

from .pig import GAME, HOLD, ROLL, TARGET, PigState, Section, Step


# ---- computer players ------------------------------------------------------------------------
class HoldAtTwenty:
    """The classic advice: roll until the turn total reaches 20 (or wins), then hold."""

    name = "sensible"

    def choose(self, view: dict[str, Any], rng: random.Random) -> Move:
        legal = legal_moves_of(view)
        me = view["you"]
        enough = min(20, view["target"] - view["scores"][me])
        return HOLD if HOLD in legal and view["turn_total"] >= enough else ROLL


# ---- the coach: nothing is hidden, so a view gives back its one table -----------------------
def sampler(game: Game[Any], view: dict[str, Any]) -> Callable[[random.Random], PigState]:
    over, phase = view["is_over"], view["phase"]
    table = PigState(list(view["scores"]), view["turn"], view["turn_total"],
                     view["last_roll"], list(view["rolls"]),
                     steps=[] if over else [Step(phase, view["turn"])],
                     over=over, chance=phase == "roll")
    return lambda _rng: table.clone()


COACH = SearchSettings(sampler=sampler, depth=20, scale=10.0)

BOTS: dict[str, Callable[[], Bot]] = {"random": RandomBot, "sensible": HoldAtTwenty,
                                      "expert": ExpertBot}


# ---- the lesson ------------------------------------------------------------------------------
def _if_one(game: Game[Any]) -> list[Choice]:
    """What a 1 now would add to the score: nothing (the engine plays it to show it)."""
    total = game.state.turn_total
    return [Choice(str(n), Msg.of("practice.number", n=n), n == 0)
            for n in sorted({0, total // 2, total})]


def _hold_choices(game: Game[Any]) -> list[Choice]:
    """Hold now, or roll on: the points already won are safe only after a hold."""
    return [Choice("hold", Msg.of(f"{GAME}.move.hold"), True, "hold"),
            Choice("roll", Msg.of(f"{GAME}.move.roll"), False, "roll")]


def _start_choices(game: Game[Any]) -> list[Choice]:
    """At the start of a turn there is nothing to hold: the engine offers a roll only."""
    return [Choice("roll", Msg.of(f"{GAME}.move.roll"), True, "roll"),
            Choice("hold", Msg.of(f"{GAME}.move.hold"), False)]


LESSON: tuple[LessonStep, ...] = (
    LessonStep(GAME, "start", Section.TURN,
               {"players": ["You", "Bob"], "scores": {"You": 0, "Bob": 0}, "turn": "You"},
               _start_choices, lambda game: Msg.of(f"{GAME}.lesson.start.explain"),
               then=("die:4",)),
    LessonStep(GAME, "one", Section.ONE,
               {"players": ["You", "Bob"], "scores": {"You": 9, "Bob": 14}, "turn": "You",
                "rolls": [6, 4, 2]},
               _if_one,
               lambda game: Msg.of(f"{GAME}.lesson.one.explain", total=game.state.turn_total)),
    LessonStep(GAME, "win", Section.END,
               {"players": ["You", "Bob"], "scores": {"You": 21, "Bob": 27}, "turn": "You",
                "rolls": [5, 4]},
               _hold_choices,
               lambda game: Msg.of(f"{GAME}.lesson.win.explain",
                                   score=game.state.scores[0] + game.state.turn_total),
               then=("die:1",)),
)


# ---- a worked example ------------------------------------------------------------------------
EXAMPLES: tuple[Example, ...] = (
    Example(GAME, "hold", Section.HOLD,
            {"players": ["Ann", "Bob"], "scores": {"Ann": 20, "Bob": 25}, "turn": "Ann"},
            (ExampleStep(("roll", "die:4"), Msg.of(f"{GAME}.example.hold.s1")),
             ExampleStep(("roll", "die:6"), Msg.of(f"{GAME}.example.hold.s2")),
             ExampleStep(("hold",), Msg.of(f"{GAME}.example.hold.s3"))),
            lambda game: Msg.of(f"{GAME}.example.hold.outcome", player=game.players[0],
                                score=game.scores()[0])),
)


# ---- practice kinds: the score after holding ------------------------------------------------
def _ask_hold(game: Game[Any], rng: random.Random) -> Asked | None:
    s = game.state

    def find(table: Game[Any]) -> Found:
        events = Tryout(table).play(HOLD)
        return Found(str(events[0].param("score")), tuple(events))

    value = int(find(game).value)
    return Asked(Msg.of(f"practice.{GAME}.hold_score.prompt", player=game.players[s.turn],
                        score=s.scores[s.turn], total=s.turn_total),
                 number_choices(numbers_near(value, rng)), by_value(find),
                 Msg.of(f"practice.{GAME}.hold_score.reason"), seat=s.turn)


# ---- more kinds: the turn total after a roll, the points a one loses --------------------------
def _rolled(table: Game[Any], face: int) -> Tryout:
    tryout = Tryout(table)
    tryout.play(ROLL)
    tryout.play(f"die:{face}")
    return tryout


def _ask_roll(game: Game[Any], rng: random.Random) -> Asked | None:
    s = game.state
    face = rng.randint(2, 6)

    def find(table: Game[Any]) -> Found:
        tryout = _rolled(table, face)
        return Found(str(tryout.state.turn_total), tuple(tryout.events))

    value = int(find(game).value)
    return Asked(Msg.of(f"practice.{GAME}.roll_total.prompt", player=game.players[s.turn],
                        total=s.turn_total, face=face),
                 number_choices(numbers_near(value, rng)), by_value(find),
                 Msg.of(f"practice.{GAME}.roll_total.reason"), seat=s.turn)


def _ask_one(game: Game[Any], rng: random.Random) -> Asked | None:
    s = game.state

    def find(table: Game[Any]) -> Found:
        tryout = _rolled(table, 1)
        lost = next(e for e in tryout.events if e.kind == "one")
        return Found(str(lost.param("lost")), tuple(tryout.events))

    value = int(find(game).value)
    return Asked(Msg.of(f"practice.{GAME}.one_loss.prompt", player=game.players[s.turn],
                        score=s.scores[s.turn], rolls=len(s.rolls)),
                 number_choices(numbers_near(value, rng)), by_value(find),
                 Msg.of(f"practice.{GAME}.one_loss.reason"), seat=s.turn)


def _to_move(game: Game[Any]) -> bool:
    return game.current_player is not None and game.state.turn_total > 0


PRACTICE = Practice((Kind("hold_score", Section.HOLD, _to_move, _ask_hold),
                     Kind("roll_total", Section.ROLL, _to_move, _ask_roll),
                     Kind("one_loss", Section.ONE, _to_move, _ask_one)))


# ---- the rules reference ---------------------------------------------------------------------
RULES = {
    Section.TURN: see(Section.ROLL, Section.HOLD, show=[lesson("start")]),
    Section.ROLL: see(Section.ONE, show=[start(2, 0, "roll")]),
    Section.ONE: see(Section.HOLD, show=[lesson("one")]),
    Section.HOLD: see(Section.END, show=[lesson("win")]),
    Section.END: see(show=[start(2)]),
}
PLAYING_TIME = Minutes(5, 10, measured=False)
assert TARGET == 30   # the texts of locales/*/pig.json name the target
