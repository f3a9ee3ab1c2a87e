"""The turn machine: a game declares its kinds of step once, the machine runs them.

A turn of a board game is a sequence of steps: a player decides, the dealer rolls or
draws, the rules carry something out. A game built on :class:`TurnGame` lists every kind
of step it has as a :class:`StepRule` -- who decides it, its legal moves (or chance
outcomes), its effect, and the rule section it applies -- and keeps on its state the
queue of steps still to come (``state.steps``, the next one first). The machine
answers the base's questions from that queue: who is to move, whether the dealer is,
the legal moves, and what a move does. After every move it carries out, at once, every
step that needs nobody (:meth:`TurnGame._advance`): automatic steps, decisions with a
single legal move, and any step that its rule's ``settle`` finds settled (chance with a
single outcome, a decision with nothing left to choose, a draw from a pile used up).

A tiny game of two steps: a seat names a number, then the rules add it up.

>>> from dataclasses import dataclass, field
>>> from treasurekit.core.sections import RuleSection
>>> from treasurekit.core.moves import Move
>>> @dataclass
... class Tally:
...     total: int = 0
...     steps: list[Any] = field(default_factory=list)
...     over: bool = False
...     chance: bool = False
...     legal: Any = field(default=None, compare=False)
>>> @dataclass(frozen=True)
... class Say:
...     kind: str
...     player: int = -1
>>> def say(game: Any, s: Tally, step: Say, move: Move, events: Any) -> None:
...     s.total += int(move.arg)
...     s.steps.append(Say("done"))
>>> def done(game: Any, s: Tally, step: Say, move: Move, events: Any) -> None:
...     s.over = True
>>> turns = Turns(
...     StepRule("say", DECIDES, say,
...              legal=lambda game, s, step: [Move("say", "1"), Move("say", "2")]),
...     StepRule("done", AUTOMATIC, done))
>>> s = Tally(steps=[Say("say", player=0)])
>>> turns.rule_of(s).run, [str(m) for m in turns.legal(None, s)]
('decides', ['say:1', 'say:2'])
>>> turns.play(None, s, Move("say", "2"), None)
>>> s.total, s.over, s.steps
(2, True, [])

A step that may need nobody says so with ``settle``: here a seat whose total is 2 already
has nothing left to say, and the machine goes on without asking it (a game whose steps
come in another order may put them in front, ``s.steps.insert(0, step)``, as a stack).

>>> def said_enough(game: Any, s: Tally, step: Say, events: Any) -> bool:
...     if s.total < 2:
...         return False
...     s.steps.pop(0)
...     return True
>>> turns = Turns(
...     StepRule("say", WAITS, say, settle=said_enough,
...              legal=lambda game, s, step: [Move("say", "1"), Move("say", "2")]),
...     StepRule("done", AUTOMATIC, done))
>>> s = Tally(total=2, steps=[Say("say", player=1), Say("done")])
>>> turns.advance(None, s, None)
>>> s.over, s.chance, s.steps
(True, False, [])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, NamedTuple, Protocol, TypeVar

from .events import Event, Narration
from .game import Game
from .moves import Move
from .sections import RuleSection

#: Who decides a step (``StepRule.run``):
#: a seat, asked even when it has a single legal move (a play that always offers a choice,
#: a lesson's table waiting for its "reveal");
WAITS = "waits"
#: a seat, whose step is carried out at once when it has a single legal move;
DECIDES = "decides"
#: nobody: the rules carry it out at once (the end of a trick, a scoring);
AUTOMATIC = "automatic"
#: the dealer (cards, dice, tiles), unless the step's ``settle`` carries it out at once.
CHANCE = "chance"
RUNS = (WAITS, DECIDES, AUTOMATIC, CHANCE)

#: The move an automatic step is played with (it needs no decision).
AUTO = Move("auto")


class Step(Protocol):
    """What the machine reads of a pending step: its kind and who it concerns (-1: no
    seat). A game's steps add the fields its rules need (the deck, the victim...)."""

    @property
    def kind(self) -> str: ...

    @property
    def player(self) -> int: ...


class PlainStep(NamedTuple):
    """A step that names only its kind and the seat that takes it (-1: the dealer or the
    rules), for a game that keeps everything else on its table (Diving Bell, Captain
    Lucky). A game makes each of them once, as its states share their steps."""

    kind: str
    player: int = -1


class TurnState(Protocol):
    """What the machine keeps on a game's state."""

    #: the steps still to come, the next one first
    steps: list[Any]
    #: whether the game has ended (set by the rules)
    over: bool
    #: whether ``steps[0]`` is the dealer's (noted by the machine)
    chance: bool
    #: the legal moves of the decision at ``steps[0]``, listed when first asked for (None
    #: until then; the machine clears it whenever a move changes the table): a note, left
    #: out of the state's equality (``field(compare=False)``)
    legal: Sequence[Move] | None

    def clone(self) -> Any: ...


S = TypeVar("S", bound=TurnState)
StepT = TypeVar("StepT", bound=Step)


@dataclass(slots=True, kw_only=True)
class TurnTable(Generic[StepT]):
    """The turn machine's part of a state (``TurnState``), for a game's state dataclass to
    extend (its fields are keyword-only, after the game's own): the steps to come, the next
    first, and the machine's notes. A game's ``clone`` passes them on."""

    steps: list[StepT] = field(default_factory=list)
    over: bool = False
    chance: bool = False
    legal: Sequence[Move] | None = field(default=None, compare=False, repr=False)

    @property
    def phase(self) -> str:
        """The kind of the next step (``over`` at the end)."""
        return "over" if self.over else self.steps[0].kind

#: The effect of a step: ``play(game, state, step, move, events)`` changes the table and
#: appends its events to ``events`` (None: build none); it may put new steps in front of
#: ``state.steps`` (the step itself is already taken off) or end the game (``over``).
Play = Callable[[Any, Any, Any, Move, Narration], None]
#: ``legal(game, state, step)``: the legal moves of a decision, in the order shown.
Legal = Callable[[Any, Any, Any], Sequence[Move]]
#: ``outcomes(game, state, step)``: a chance step's outcomes and their probabilities.
Outcomes = Callable[[Any, Any, Any], list[tuple[Move, float]]]
#: ``settle(game, state, step, events)``: carry out a step without the dealer or its seat
#: when it is already settled (a chance step with one outcome left or a card already
#: looked at, a decision with nothing left to choose): True when it took the step or part
#: of it (the machine then reads the queue again), False when the step is to be asked.
Settle = Callable[[Any, Any, Any, Narration], bool]
#: ``sample(game, state, step, x)``: the outcome the dealer's number ``x`` (0 <= x < 1)
#: picks, as ``core.chance.pick`` picks it from ``outcomes``, without listing them.
Sample = Callable[[Any, Any, Any, float], Move]


@dataclass(frozen=True, slots=True)
class StepRule:
    """One kind of step a game declares: its name, who decides it, its effect, the rule
    section it applies (None: the step names its own, in a ``section`` field, or else the
    rule is found by playing it), and its legal moves (a seat's step) or outcomes
    (chance); ``settle`` carries it out when nobody need be asked, ``sample`` is the
    dealer's fast pick among the outcomes."""

    kind: str
    run: str
    play: Play
    section: RuleSection | None = None
    legal: Legal | None = None
    outcomes: Outcomes | None = None
    settle: Settle | None = None
    sample: Sample | None = None

    def __post_init__(self) -> None:
        if self.run not in RUNS:
            raise ValueError(f"step {self.kind!r}: run must be one of {RUNS}, not {self.run!r}")
        # the machine compares runs by identity (``run is WAITS``): keep the module's own
        object.__setattr__(self, "run", RUNS[RUNS.index(self.run)])
        if self.run in (WAITS, DECIDES) and self.legal is None:
            raise ValueError(f"step {self.kind!r}: a seat's step needs its legal moves")
        if self.run == CHANCE and self.outcomes is None:
            raise ValueError(f"step {self.kind!r}: a chance step needs its outcomes")


class Turns:
    """The steps of one game, by kind, and the machine that runs them on its states."""

    def __init__(self, *rules: StepRule) -> None:
        self.rules: Mapping[str, StepRule] = {rule.kind: rule for rule in rules}
        if len(self.rules) != len(rules):
            raise ValueError("two step rules of the same kind")
        #: the kinds of step that always wait, for their seat or for the dealer (none that
        #: ``settle`` may take), each with whether it is the dealer's
        self.stops = {rule.kind: rule.run == CHANCE for rule in rules
                      if rule.run in (WAITS, CHANCE) and rule.settle is None}

    def rule_of(self, s: TurnState) -> StepRule:
        """The rule of the next step (``s.steps[0]``)."""
        return self.rules[s.steps[0].kind]

    def legal(self, game: Any, s: TurnState) -> Sequence[Move]:
        """The legal moves of the decision at hand, listed once per state (``s.legal``)."""
        legal = s.legal
        if legal is None:
            step = s.steps[0]
            find = self.rules[step.kind].legal
            legal = s.legal = find(game, s, step) if find is not None else ()
        return legal

    def outcomes(self, game: Any, s: TurnState) -> list[tuple[Move, float]]:
        """The outcomes of the chance step at hand, with their probabilities."""
        step = s.steps[0]
        find = self.rules[step.kind].outcomes
        return find(game, s, step) if find is not None else []

    def advance(self, game: Any, s: TurnState, events: Narration) -> None:
        """Carry out every step that needs nobody (a new table, a position: see
        :meth:`play`, without a move)."""
        self.play(game, s, None, events)

    def play(self, game: Any, s: TurnState, move: Move | None, events: Narration) -> None:
        """Take the next step with ``move`` (known to be legal; None: take none), then
        carry out every step that needs nobody, until a decision with a choice, the
        dealer's step or the end: automatic steps, a seat's step with a single legal move
        (``DECIDES``), any step that its rule's ``settle`` takes. Notes in ``s.chance``
        whether it stops at the dealer's step, and keeps the legal moves of the decision
        it stops at. An effect that leaves the dealer's step in front may note
        ``s.chance`` itself: the walk then stops there at once. (One method for the move
        and the walk: it runs at every step of every game.)"""
        steps, rules = s.steps, self.rules
        s.chance = False
        if move is not None:
            step = steps.pop(0)
            s.legal = None                          # the table changes: new decisions to list
            rules[step.kind].play(game, s, step, move, events)
            if s.chance:
                return                              # the effect left the dealer's step in front
        stops = self.stops
        while not s.over:
            step = steps[0]
            chance = stops.get(step.kind)
            if chance is not None:                  # a step that always waits, for its seat
                s.chance = chance                   # or for the dealer
                return
            rule = rules[step.kind]
            if rule.run is AUTOMATIC:
                steps.pop(0)
                rule.play(game, s, step, AUTO, events)
                continue
            settle = rule.settle
            if settle is not None and settle(game, s, step, events):
                continue
            if rule.run is CHANCE:
                s.chance = True
                return
            if rule.run is WAITS:
                return
            find = rule.legal                        # DECIDES
            legal = find(game, s, step) if find is not None else ()
            if len(legal) != 1:
                s.legal = legal                      # the decision waits: keep its list
                return
            steps.pop(0)
            rule.play(game, s, step, legal[0], events)


class TurnGame(Game[S], Generic[S]):
    """A game whose turns are run by the machine: it declares ``turns`` (its step rules)
    and keeps the queue of steps on its state; the base's hooks read them."""

    #: the game's kinds of step
    turns: ClassVar[Turns]
    _status_on_state = True                      # ``over`` and ``chance`` are on the state

    def _current_player(self, s: S) -> int | None:
        if s.over:
            return None
        player: int = s.steps[0].player
        return player

    def _is_chance(self, s: S) -> bool:
        return s.chance

    def _is_over(self, s: S) -> bool:
        return s.over

    def _chance_outcomes(self, s: S) -> list[tuple[Move, float]]:
        return self.turns.outcomes(self, s)

    def _sample_chance(self, s: S, x: float) -> Move:
        """The dealer's outcome: the step's own ``sample`` where its rule has one."""
        step = s.steps[0]
        sample = self.turns.rules[step.kind].sample
        if sample is not None:
            return sample(self, s, step, x)
        return super()._sample_chance(s, x)

    def _legal(self, s: S) -> Sequence[Move]:
        legal = s.legal
        return legal if legal is not None else self.turns.legal(self, s)

    def _apply_quiet(self, s: S, move: Move,
                     events: Narration = None) -> Sequence[Event] | None:
        self.turns.play(self, s, move, events)
        return None

    def _advance(self, s: S, events: Narration) -> None:
        """Carry out what needs nobody (a new table, a position: see ``Turns.advance``)."""
        self.turns.advance(self, s, events)

    def _phase(self, s: S) -> str:
        """The kind of the next step (``over`` at the end)."""
        if s.over:
            return "over"
        kind: str = s.steps[0].kind
        return kind

    def _decision_section(self, s: S) -> RuleSection | None:
        """The rule the next step applies, as its rule declares it, or as the step names
        it (a ``section`` field: a card drawn for a chest, for a turtle...), else found by
        playing it (see ``Game._decision_section``)."""
        if not s.over and s.steps:
            step = s.steps[0]
            section: RuleSection | None = self.turns.rules[step.kind].section
            if section is None:
                section = getattr(step, "section", None)
            if section is not None:
                return section
        return super()._decision_section(s)
