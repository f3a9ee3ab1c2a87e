"""The turn machine (core/turns.py): who decides each declared step, and what it carries
out by itself (a step that needs nobody, a decision with one legal move, settled chance)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import pytest

from treasurekit.core.events import Narration
from treasurekit.core.moves import Move
from treasurekit.core.sections import RuleSection
from treasurekit.core.turns import (
    AUTOMATIC,
    CHANCE,
    DECIDES,
    WAITS,
    PlainStep,
    StepRule,
    TurnGame,
    Turns,
    TurnTable,
)


@dataclass(frozen=True)
class Step:
    kind: str
    player: int = -1


@dataclass
class Table:
    steps: list[Step]
    done: list[str] = field(default_factory=list)
    over: bool = False
    chance: bool = False
    legal: Sequence[Move] | None = field(default=None, compare=False)
    options: int = 2                     # how many moves a "pick" offers

    def clone(self) -> Table:
        return Table(list(self.steps), list(self.done), self.over, self.chance, self.legal,
                     self.options)


def note(game: Any, s: Table, step: Step, move: Move, events: Narration) -> None:
    s.done.append(f"{step.kind}:{move}")


def finish(game: Any, s: Table, step: Step, move: Move, events: Narration) -> None:
    s.over = True


def picks(game: Any, s: Table, step: Step) -> list[Move]:
    return [Move("pick", str(k)) for k in range(s.options)]


def faces(game: Any, s: Table, step: Step) -> list[tuple[Move, float]]:
    return [(Move("die", str(k)), 1 / 6) for k in range(1, 7)]


def known(game: Any, s: Table, step: Step, events: Narration) -> bool:
    if s.options != 1:
        return False
    s.steps.pop(0)
    note(game, s, step, Move("die", "6"), events)
    return True


TURNS = Turns(
    StepRule("pick", DECIDES, note, legal=picks),
    StepRule("ask", WAITS, note, legal=picks),
    StepRule("tidy", AUTOMATIC, note),
    StepRule("roll", CHANCE, note, outcomes=faces, settle=known),
    StepRule("end", AUTOMATIC, finish),
)


def test_a_decision_with_a_choice_waits_and_keeps_its_moves() -> None:
    s = Table([Step("tidy"), Step("pick", 0), Step("end")])
    TURNS.advance(None, s, None)
    assert s.done == ["tidy:auto"] and s.steps[0].kind == "pick" and not s.chance
    assert [str(m) for m in s.legal or ()] == ["pick:0", "pick:1"]
    TURNS.play(None, s, Move("pick", "1"), None)
    assert s.done == ["tidy:auto", "pick:pick:1"] and s.over


def test_a_decision_with_one_legal_move_is_carried_out_but_a_waiting_one_is_not() -> None:
    s = Table([Step("pick", 0), Step("ask", 1), Step("end")], options=1)
    TURNS.advance(None, s, None)
    assert s.done == ["pick:pick:0"] and s.steps[0].kind == "ask"


def test_chance_is_the_dealers_unless_its_outcome_is_settled() -> None:
    s = Table([Step("roll"), Step("end")])
    TURNS.advance(None, s, None)
    assert s.chance and s.steps[0].kind == "roll"
    assert len(TURNS.outcomes(None, s)) == 6
    settled = Table([Step("roll"), Step("end")], options=1)
    TURNS.advance(None, settled, None)
    assert settled.done == ["roll:die:6"] and settled.over and not settled.chance


@pytest.mark.parametrize("rule", [
    lambda: StepRule("x", "sometimes", note),
    lambda: StepRule("x", DECIDES, note),
    lambda: StepRule("x", CHANCE, note),
])
def test_a_step_rule_says_who_decides_and_how(rule: Any) -> None:
    with pytest.raises(ValueError):
        rule()


def test_two_rules_of_one_kind_are_refused() -> None:
    with pytest.raises(ValueError):
        Turns(StepRule("tidy", AUTOMATIC, note), StepRule("tidy", AUTOMATIC, finish))


def skip_when_one(game: Any, s: Table, step: Step, events: Narration) -> bool:
    if s.options != 1:
        return False
    s.steps.pop(0)                       # nothing to choose: the step is over
    return True


SETTLED = Turns(
    StepRule("ask", WAITS, note, legal=picks, settle=skip_when_one),
    StepRule("pick", DECIDES, note, legal=picks, settle=skip_when_one),
    StepRule("end", AUTOMATIC, finish),
)


def test_a_seats_step_that_its_settle_takes_is_not_asked_the_others_still_are() -> None:
    settled = Table([Step("ask", 0), Step("pick", 1), Step("end")], options=1)
    SETTLED.advance(None, settled, None)
    assert settled.done == [] and settled.over and not settled.chance
    asked = Table([Step("ask", 0), Step("pick", 1), Step("end")])
    SETTLED.advance(None, asked, None)
    assert asked.steps[0].kind == "ask" and not asked.over
    SETTLED.play(None, asked, Move("pick", "0"), None)
    assert asked.steps[0].kind == "pick" and [str(m) for m in asked.legal or ()] == [
        "pick:0", "pick:1"]


class Rule(RuleSection):
    ROLL = "Rolling"
    BONUS = "A bonus roll"


@dataclass(frozen=True)
class NamedStep:
    kind: str
    player: int = -1
    section: Rule = Rule.ROLL


def test_the_dealer_picks_with_the_steps_sampler_and_a_step_may_name_its_own_rule() -> None:
    turns = Turns(
        StepRule("roll", CHANCE, note, outcomes=faces,
                 sample=lambda game, s, step, x: Move("die", str(1 + int(6 * x)))),
        StepRule("end", AUTOMATIC, finish))
    game = SimpleNamespace(turns=turns)
    s = Table([NamedStep("roll", section=Rule.BONUS), Step("end")])   # type: ignore[list-item]
    assert TurnGame._sample_chance(game, s, 0.5) == Move("die", "4")  # type: ignore[arg-type]
    assert TurnGame._decision_section(game, s) is Rule.BONUS          # type: ignore[arg-type]


@dataclass(slots=True)
class Tally(TurnTable[PlainStep]):
    """A game's state that keeps the machine's part in ``TurnTable``."""

    done: list[str] = field(default_factory=list)


def test_a_turn_table_keeps_the_queue_and_names_the_next_step() -> None:
    s = Tally(["dealt"], steps=[PlainStep("pick", 1), PlainStep("end")])
    assert s.phase == "pick" and s.steps[0].player == 1 and not (s.over or s.chance)
    TURNS.play(None, s, Move("pick", "0"), None)     # pick, then the automatic end
    assert s.over and s.phase == "over" and s.done == ["dealt", "pick:pick:0"]
    # the legal moves are a note, left out of the equality of tables
    assert Tally(steps=[PlainStep("end")]) == Tally(steps=[PlainStep("end")], legal=())
