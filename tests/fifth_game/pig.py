"""Pig, a dice game for 2 to 4 players, written from outside the package as
docs/adding-a-game.md tells: the rules, the position description and the spec.

On your turn you roll one die as often as you like: each roll adds its pips to your turn
total, but a 1 loses the whole turn total and ends your turn. You may hold instead: the
turn total is added to your score and the die passes on. The first to 30 wins at once.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from treasurekit.core.errors import InvalidSave
from treasurekit.core.events import Event, Narration
from treasurekit.core.game import Game
from treasurekit.core.i18n import Message
from treasurekit.core.moves import Move
from treasurekit.core.saves import by_name, check_keys, shown
from treasurekit.core.sections import RuleSection
from treasurekit.core.spec import GameSpec, PositionField, PositionSchema
from treasurekit.core.turns import CHANCE, WAITS, StepRule, TurnGame, Turns

GAME = "pig"
TARGET = 30
MAX_ROLLS = 30                    # in a position: more rolls in one turn are not believable
HERE = "tests.fifth_game"


SPEC = GameSpec(
    name=GAME, rules=f"{HERE}.pig:Pig", players=(2, 3, 4), sections=f"{HERE}.pig:Section",
    bots=f"{HERE}.pig_teaching:BOTS", coach=f"{HERE}.pig_teaching:COACH",
    lesson=f"{HERE}.pig_teaching:LESSON",
    examples=f"{HERE}.pig_teaching:EXAMPLES", practice=f"{HERE}.pig_teaching:PRACTICE",
    reference=f"{HERE}.pig_teaching", position_schema=f"{HERE}.pig:SCHEMA",
    drawing=f"{HERE}.pig_drawing", lesson_seat=0, perfect_information=True, ties=False,
    locales=Path(__file__).parent / "locales")


class Section(RuleSection):
    """The rules of Pig, in the order they are told (our own headings)."""

    TURN = "Your turn"
    ROLL = "Your turn / Roll"
    ONE = "Your turn / A one"
    HOLD = "Your turn / Hold"
    END = "End of the game"


@dataclass(frozen=True)
class Step:
    """A step of Pig: ``decide`` (roll or hold) or ``roll`` (the die in the air)."""

    kind: str
    player: int


@dataclass
class PigState:
    scores: list[int]
    turn: int = 0
    turn_total: int = 0
    last_roll: int | None = None
    rolls: list[int] = field(default_factory=list)   # this turn's rolls, for the table
    # what the turn machine (treasurekit.core.turns) keeps: the steps to come, next first
    steps: list[Step] = field(default_factory=list)
    over: bool = False
    chance: bool = False
    legal: Sequence[Move] | None = field(default=None, compare=False, repr=False)

    def clone(self) -> PigState:
        return PigState(list(self.scores), self.turn, self.turn_total, self.last_roll,
                        list(self.rolls), list(self.steps), self.over, self.chance, self.legal)


ROLL, HOLD = Move("roll"), Move("hold")
FACES = tuple(Move("die", str(n)) for n in range(1, 7))


class Pig(TurnGame[PigState]):
    """Roll or hold; a 1 loses the turn; the first to 30 wins."""

    name = GAME
    variants = SPEC.variants
    min_players, max_players = SPEC.min_players, SPEC.max_players

    def _initial_state(self) -> PigState:
        return PigState([0] * len(self.players), steps=[Step("decide", 0)])

    def _state_from_position(self, desc: dict[str, Any]) -> PigState:
        return state_from_position(self.players, desc)

    def _why_illegal(self, s: PigState, move: Move) -> Message:
        if move == HOLD:
            return Message.of(f"{GAME}.error.nothing_to_hold")
        return Message.of(f"{GAME}.error.not_a_move", move=str(move)[:40])

    # the steps, declared to the turn machine below (``Pig.turns``)
    def _choices(self, s: PigState, step: Step) -> Sequence[Move]:
        return (ROLL, HOLD) if s.turn_total else (ROLL,)

    def _decide(self, s: PigState, step: Step, move: Move, events: Narration) -> None:
        p = step.player
        if move == ROLL:
            s.steps.append(Step("roll", p))
            if events is not None:
                events.append(Event.of(GAME, "roll", Section.ROLL, player=self.players[p]))
            return
        s.scores[p] += s.turn_total
        if events is not None:
            events.append(Event.of(GAME, "hold", Section.HOLD, player=self.players[p],
                                   points=s.turn_total, score=s.scores[p]))
        if s.scores[p] >= TARGET:
            s.over = True
            if events is not None:
                events.append(Event.of(GAME, "win", Section.END, player=self.players[p],
                                       score=s.scores[p], target=TARGET))
        else:
            self._pass_die(s)

    def _faces(self, s: PigState, step: Step) -> list[tuple[Move, float]]:
        return [(face, 1 / 6) for face in FACES]

    def _land(self, s: PigState, step: Step, move: Move, events: Narration) -> None:
        p, face = step.player, int(move.arg)
        s.last_roll = face
        s.rolls.append(face)
        if face == 1:
            if events is not None:
                events.append(Event.of(GAME, "one", Section.ONE, player=self.players[p],
                                       lost=s.turn_total))
            self._pass_die(s)
            return
        s.turn_total += face
        s.steps.append(Step("decide", p))
        if events is not None:
            events.append(Event.of(GAME, "adds", Section.ROLL, player=self.players[p],
                                   face=face, total=s.turn_total))

    def _pass_die(self, s: PigState) -> None:
        s.turn, s.turn_total, s.rolls = (s.turn + 1) % len(s.scores), 0, []
        s.steps.append(Step("decide", s.turn))

    def _view(self, s: PigState, player: int | None) -> dict[str, Any]:
        return {"turn": s.turn, "turn_total": s.turn_total, "last_roll": s.last_roll,
                "rolls": list(s.rolls), "target": TARGET}

    def _scores(self, s: PigState) -> list[int]:
        return list(s.scores)

    def inventory(self) -> Counter[str]:
        return Counter(die=1)                       # one die, and nothing else

    def scramble_hidden(self, player: int, rng: random.Random) -> Game[PigState]:
        return self._with_state(self._state.clone())  # nothing is hidden in Pig


#: Pig's two steps: the player to move decides (asked even when only "roll" is legal),
#: then the die lands.
Pig.turns = Turns(
    StepRule("decide", WAITS, Pig._decide, Section.TURN, legal=Pig._choices),
    StepRule("roll", CHANCE, Pig._land, Section.ROLL, outcomes=Pig._faces),
)


def state_from_position(players: Sequence[str], desc: dict[str, Any]) -> PigState:
    """``{"players": [...], "scores": {name: points}, "turn": name, "rolls": [4, 6]}``:
    ``rolls`` are the faces the player to move has rolled this turn (no 1: a 1 ends it)."""
    check_keys(desc, {"players", "variant", "title", "scores", "turn", "rolls"}, "position")
    s = PigState([0] * len(players))
    for name, points in by_name(desc, "scores", players).items():
        if type(points) is not int or not 0 <= points < TARGET:
            raise InvalidSave(f"{GAME}.error.points", value=shown(points), target=TARGET)
        s.scores[players.index(name)] = points
    turn = desc.get("turn", players[0])
    if not isinstance(turn, str) or turn not in players:
        raise InvalidSave(f"{GAME}.error.turn", value=shown(turn))
    rolls = desc.get("rolls", [])
    if type(rolls) is not list or len(rolls) > MAX_ROLLS or not all(
            type(r) is int and 2 <= r <= 6 for r in rolls):
        raise InvalidSave(f"{GAME}.error.rolls", value=shown(rolls), most=MAX_ROLLS)
    s.turn, s.rolls, s.turn_total = players.index(turn), list(rolls), sum(rolls)
    s.last_roll = rolls[-1] if rolls else None
    s.steps = [Step("decide", s.turn)]
    return s

SCHEMA = PositionSchema(
    start=lambda names: {"players": names, "turn": names[0], "rolls": [3, 5],
                         "scores": {n: 0 for n in names}},
    fields=lambda desc: [
        PositionField(("turn",), "choice", Message.of("teacher.field.turn"),
                      list(desc["players"])),
        PositionField(("rolls",), "cards", Message.of(f"{GAME}.ui.rolls"), (2, 3, 4, 5, 6, 1),
                      lambda face: Message.of(f"{GAME}.ui.face", face=face)),
        *(PositionField(("scores", n), "count", Message.of("teacher.field.points_of", player=n),
                        (0, TARGET - 1)) for n in desc["players"])])
