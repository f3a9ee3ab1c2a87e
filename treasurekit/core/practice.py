"""Practice: rule questions without end, asked on tables reached by real play.

``practice(game, seed)`` plays a seeded game of ``game`` until its table suits one of the
game's practice kinds, asks that kind's question there, and tries every choice through
the engine: the choice the engine finds right is the answer, and a table where not
exactly one choice is right is passed over. Nothing about the answer is written by hand.

A game declares its kinds once, beside its rules: ``games/<game>/practice.py`` holds
``PRACTICE``, a :class:`Practice` (its :class:`Kind` list and how its playouts decide).
A kind says when a table suits it (``when``, a cheap look at the table) and asks its
question there (``ask``): the prompt, two to six choices, and the ``trial`` that plays a
choice on a copy of the table (a :class:`Tryout`) and says what the engine made of it.

>>> import treasurekit as tk
>>> q = tk.practice("diving_bell", seed=3)
>>> q.answer in q.choices and 2 <= len(q.choices) <= 6
True
>>> q.check(q.answer).right, tk.practice("diving_bell", seed=3).position == q.position
(True, True)
>>> tk.practice("diving_bell", seed=3, kind="no_such_kind")
Traceback (most recent call last):
...
treasurekit.core.errors.UnknownKind: diving_bell has no practice kind 'no_such_kind'; ...
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, NamedTuple

from .errors import IllegalMove, InvalidSave, UnknownKind
from .events import Event
from .game import Game
from .i18n import DEFAULT_LANGUAGE, tr
from .moves import Move
from .registry import game_class, game_spec, new_game
from .saves import MAX_INT_DIGITS, SEED_RANGE, is_int, shown
from .sections import RuleSection
from .share import load_share_code, share_code
from .spec import load
from .teaching import Msg

#: The seats of a practice table: names that read the same in every language.
NAMES: tuple[str, ...] = ("Ann", "Bob", "Cas", "Dee", "Eva", "Finn")
#: Seeded playouts tried for one question before giving up (the kinds are declared so
#: that a suitable table comes up in the first few: ``tests/generic/test_practice.py``).
MAX_PLAYOUTS = 200
#: A question has two to six choices.
MIN_CHOICES, MAX_CHOICES = 2, 6


# ---- trying moves on a copy --------------------------------------------------------------

class Tryout:
    """A copy of a game's table to try moves on, with the game's own rules.

    Every move is checked as :meth:`Game.play` checks it (``IllegalMove`` with the
    reason) and narrated at once: ``play`` returns the step's events, which are also
    kept in ``events``. The game itself is never touched, and the copy keeps no history:
    make a new tryout for every choice.

    >>> import treasurekit as tk
    >>> g = tk.new_game("diving_bell", players=["Ann", "Bob"], seed=1)
    >>> t = Tryout(g)
    >>> [e.kind for e in t.play("draw", "reveal:gold5/3")]
    ['draw', 'reveal']
    >>> t.state.pressure, g.state.row
    (3, [])
    """

    __slots__ = ("game", "state", "events", "refused")

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.state: Any = game.state.clone()
        self.events: list[Event] = []
        #: the refusal of the last move ``tries`` found illegal (None: none was)
        self.refused: IllegalMove | None = None

    def copy(self) -> Tryout:
        """Another tryout from this one's table (its events are not copied)."""
        other = Tryout.__new__(Tryout)
        other.game, other.state, other.events = self.game, self.state.clone(), []
        other.refused = None
        return other

    @property
    def is_over(self) -> bool:
        return self.game._status(self.state)[0]

    @property
    def is_chance(self) -> bool:
        return self.game._status(self.state)[1]

    @property
    def current_player(self) -> int | None:
        over, chance = self.game._status(self.state)
        return None if over or chance else self.game._current_player(self.state)

    def legal_moves(self) -> list[Move]:
        """The moves of the player to decide, or the chance outcomes (as Game's)."""
        over, chance = self.game._status(self.state)
        if over:
            return []
        if chance:
            return [m for m, _ in self.game._chance_outcomes(self.state)]
        return list(self.game._legal(self.state))

    def chance_outcomes(self) -> list[tuple[Move, float]]:
        return self.game._chance_outcomes(self.state) if self.is_chance else []

    def scores(self) -> list[int]:
        return self.game._scores(self.state)

    def play(self, *moves: Move | str) -> list[Event]:
        """Play ``moves`` in turn (decisions or forced chance outcomes); their events.
        An illegal one raises :class:`IllegalMove` (the moves before it stay played)."""
        told: list[Event] = []
        game = self.game
        for move in moves:
            if type(move) is not Move:
                move = Move.parse(str(move))
            if game._status(self.state)[0] or not game._is_legal(self.state, move):
                raise game._refusal(self.state, move)
            events = game._apply(self.state, move)
            told += events
            self.events += events
        return told

    def tries(self, *moves: Move | str) -> bool:
        """Whether the rules accept ``moves`` here (played when they do; when they do
        not, ``refused`` holds the engine's refusal, with its reason and rule)."""
        try:
            self.play(*moves)
        except IllegalMove as err:
            self.refused = err
            return False
        return True


# ---- what a game declares ----------------------------------------------------------------

class Trial(NamedTuple):
    """What the engine made of one choice: whether it answers the question, the events
    that show it (read by the viewer of the question), and the engine's finding in words
    (``result``, optional: e.g. "Pile A gains 7 points"); for a move the rules refuse,
    the refusal (its reason and rule)."""

    right: bool
    events: tuple[Event, ...] = ()
    result: Msg | None = None
    #: the engine's refusal when the choice is a move the rules do not allow here
    refusal: IllegalMove | None = None


#: Plays one choice on the table of a game (on a :class:`Tryout`: the game is not changed).
TrialFn = Callable[[Game[Any], str], Trial]


@dataclass(frozen=True)
class Asked:
    """A question a kind asks about one table: what its ``ask`` returns.

    ``choices`` are (id, label) pairs; ``trial`` plays a choice on a copy of the table;
    ``reason`` says why the right answer is right (it may name the answer: ``{answer}``
    is filled in with its label); ``seat`` is the seat whose view the question is asked
    from (None: the whole table, as a spectator sees it), and a question asked from a
    seat depends on nothing that seat cannot see; ``section`` is the rule the question
    turns on when it is not the kind's own."""

    prompt: Msg
    choices: tuple[tuple[str, Msg], ...]
    trial: TrialFn
    reason: Msg
    seat: int | None = None
    section: RuleSection | None = None


@dataclass(frozen=True)
class Kind:
    """One kind of practice question of a game.

    ``when(game)`` is a cheap look at the table: whether it may suit the kind (it is asked
    at every step of a playout, chance steps and the end of the game included); ``ask(game,
    rng)`` asks the question there, or returns None when the table does not suit after
    all. ``players`` and ``variants`` are the set-ups its playouts use (default: every
    player count, the standard rules); ``spread``: the playout passes over up to
    ``spread - 1`` suitable tables (chosen by the seed) before it asks, so that the
    questions come from every part of a game; ``hides``: see below."""

    key: str
    section: RuleSection
    when: Callable[[Game[Any]], bool]
    ask: Callable[[Game[Any], random.Random], Asked | None]
    players: tuple[int, ...] = ()
    variants: tuple[str, ...] = ("standard",)
    spread: int = 4
    #: figures of the table that give the answer away ("scores"): a table drawn for the
    #: question leaves them out until it is answered (as ``LessonStep.hides``)
    hides: tuple[str, ...] = ()


#: How a playout decides: a legal move of the player to move.
Policy = Callable[[Game[Any], random.Random], Move]


def random_policy(game: Game[Any], rng: random.Random) -> Move:
    """A uniformly random legal move."""
    return rng.choice(game.legal_moves())


@dataclass(frozen=True)
class Practice:
    """A game's practice: its kinds, and how its playouts decide (default: at random)."""

    kinds: tuple[Kind, ...]
    policy: Policy = random_policy

    def kind(self, key: str) -> Kind:
        for kind in self.kinds:
            if kind.key == key:
                return kind
        raise KeyError(key)


@cache
def practice_of(name: str) -> Practice:
    """The practice a game declares (``games/<game>/practice.py``, ``PRACTICE``)."""
    declared = game_spec(name).practice
    found: Practice = load(declared) if declared else Practice(())
    return found


def kinds(name: str) -> tuple[str, ...]:
    """The practice kinds of a game, by key, in the order the game declares them."""
    game_class(name)                     # UnknownGame for a name that is not a game
    return tuple(kind.key for kind in practice_of(name).kinds)


# ---- helpers for the kinds ---------------------------------------------------------------

class Found(NamedTuple):
    """The engine's answer to a question whose choices are values: the value's id, the
    events that show it and its finding in words."""

    value: str
    events: tuple[Event, ...] = ()
    result: Msg | None = None


def by_value(find: Callable[[Game[Any]], Found]) -> TrialFn:
    """The trial of a question whose choices are values (numbers, players...): the
    engine finds the value once per table (``find``), and a choice is right when it is
    that value."""
    memo: weakref.WeakKeyDictionary[Game[Any], tuple[int, Found]] = \
        weakref.WeakKeyDictionary()

    def trial(game: Game[Any], choice: str) -> Trial:
        known = memo.get(game)
        if known is None or known[0] != len(game.history):
            known = (len(game.history), find(game))
            memo[game] = known
        found = known[1]
        return Trial(choice == found.value, found.events, found.result)

    return trial


def numbers_near(value: int, rng: random.Random, spread: Sequence[int] = (-2, -1, 1, 2, 3),
                 low: int = 0, count: int = 4) -> list[int]:
    """``value`` and a few plausible wrong numbers near it (none below ``low``), sorted."""
    near = [value + d for d in spread if value + d >= low and d]
    rng.shuffle(near)
    return sorted({value, *near[:count - 1]})


def number_choices(values: Sequence[int]) -> tuple[tuple[str, Msg], ...]:
    """Choices that are plain numbers (labelled as the language writes them)."""
    return tuple((str(v), Msg.of("practice.number", n=v)) for v in values)


# ---- the question ------------------------------------------------------------------------

class Refusal(NamedTuple):
    """Why the rules refuse a choice (:meth:`Question.refusal`): the rule it rests on,
    that rule's title and the sentence that says why, in one language."""

    section: RuleSection
    rule: str
    text: str


class Verdict(NamedTuple):
    """The engine's verdict on one choice of a question (:meth:`Question.check`)."""

    choice: str
    right: bool
    answer: str
    trial: Trial
    question: Question

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """Right or not, the answer, and what the engine did with the choice."""
        q = self.question
        if self.right:
            lines = [tr("practice.right", lang, answer=q.label(self.answer, lang))]
        else:
            lines = [tr("practice.wrong", lang, choice=q.label(self.choice, lang),
                        answer=q.label(self.answer, lang))]
        lines += q._proof(self.choice, self.trial, lang)
        return "\n".join(lines)


@dataclass(frozen=True, eq=False)
class Question:
    """One practice question, asked on a table reached by real play.

    ``position`` is the table as a share code (``tk.load_share_code`` sets it up);
    ``seat`` the seat whose view it is asked from (None: the whole table); ``choices``
    the choice ids, ``answer`` the right one (found by the engine); ``section`` the rule
    it turns on. The words come from the catalog in every language: ``prompt(lang)``,
    ``label(choice, lang)``, ``explain(lang)``; ``check(choice)`` plays a choice through
    the engine again and gives its :class:`Verdict`.
    """

    game: str
    kind: str
    seed: int
    section: RuleSection
    position: str
    seat: int | None
    choices: tuple[str, ...]
    answer: str
    #: figures of the table to leave out until the question is answered ("scores")
    hides: tuple[str, ...]
    _asked: Asked = field(repr=False)
    _trials: tuple[Trial, ...] = field(repr=False)
    #: the table set up from ``position`` by the first ``check`` (trials never change it)
    _loaded: dict[str, Game[Any]] = field(default_factory=dict, repr=False)

    def prompt(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return self._asked.prompt.text(lang)

    def label(self, choice: str, lang: str = DEFAULT_LANGUAGE) -> str:
        """The words of one choice (``IllegalMove`` for an id that is not a choice)."""
        return self._asked.choices[self._index(choice)][1].text(lang)

    def rule(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The title of the rulebook section the question turns on."""
        return tr(f"{self.game}.section.{self.section.key}", lang)

    @property
    def events(self) -> tuple[Event, ...]:
        """The engine's events that prove the answer (what it did with the right choice)."""
        return self._trials[self.choices.index(self.answer)].events

    def explain(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """Why the answer is right: the rule, the reason, and the engine's events."""
        reason = Msg(self._asked.reason.key, self._asked.reason.params
                     + (("answer", self._asked.choices[self.choices.index(self.answer)][1]),))
        lines = [tr("practice.because", lang, rule=self.rule(lang), reason=reason.text(lang))]
        lines += self._proof(self.answer, self._trials[self.choices.index(self.answer)], lang)
        return "\n".join(lines)

    def table(self) -> Game[Any]:
        """The table the question is asked on, set up from its share code."""
        return load_share_code(self.position)

    def check(self, choice: str, table: Game[Any] | None = None) -> Verdict:
        """Play ``choice`` through the engine on the question's table (set up again from
        the share code, once; or ``table``, e.g. a copy whose hidden cards were redrawn)
        and say right or wrong with the engine's result. A choice that is not one of
        ``choices`` raises :class:`IllegalMove`; the table is never changed."""
        index = self._index(choice)
        if table is None:
            table = self._loaded.get("table")
            if table is None:
                table = self._loaded["table"] = self.table()
        trial = self._asked.trial(table, self.choices[index])
        return Verdict(choice, trial.right, self.answer, trial, self)

    def _index(self, choice: str) -> int:
        if type(choice) is not str or choice not in self.choices:
            raise IllegalMove(choice, "not one of this question's choices: "
                              + ", ".join(self.choices))
        return self.choices.index(choice)

    def refusal(self, choice: str, trial: Trial,
                lang: str = DEFAULT_LANGUAGE) -> Refusal | None:
        """For a choice that is a move the rules refuse (``trial`` is its trial): the
        rule the refusal rests on and why, in ``lang``; else None."""
        refused = trial.refusal
        if refused is None or refused.section is None:
            return None
        return Refusal(refused.section, tr(f"{self.game}.section.{refused.section.key}", lang),
                       tr("practice.refused", lang, choice=self.label(choice, lang),
                          reason=refused.reason_text(lang)))

    def _proof(self, choice: str, trial: Trial, lang: str) -> list[str]:
        lines = [trial.result.text(lang)] if trial.result is not None else []
        refused = self.refusal(choice, trial, lang)
        if refused is not None:
            lines.append(tr("practice.event", lang, rule=refused.rule, text=refused.text))
        if trial.events:
            lines.append(tr("practice.engine", lang, choice=self.label(choice, lang)))
            lines += [tr("practice.event", lang, rule=e.rule(lang),
                         text=e.text(lang, viewer=self.seat)) for e in trial.events]
        return lines


def practice(game: str, seed: int = 0, kind: str | None = None) -> Question:
    """A practice question of ``game``, the same for the same seed (and kind).

    ``kind`` is one of the game's kinds (:func:`kinds`); None lets the seed choose. A
    name that is not a game raises :class:`UnknownGame`, a kind the game does not have
    :class:`UnknownKind`, a seed that is not an integer of at most 24 digits
    :class:`InvalidSave`."""
    game_class(game)                     # UnknownGame for a name that is not a game
    declared = practice_of(game)
    lo, hi = SEED_RANGE
    if not is_int(seed) or not lo <= seed <= hi:
        raise InvalidSave("core.error.seed", digits=MAX_INT_DIGITS, value=shown(seed))
    if kind is None:
        chosen = random.Random(f"practice:{game}:{seed}").choice(declared.kinds)
    else:
        if type(kind) is not str or kind not in kinds(game):
            raise UnknownKind("core.error.no_kind", game=game, kind=shown(kind),
                              kinds=", ".join(kinds(game)))
        chosen = declared.kind(kind)
    for attempt in range(MAX_PLAYOUTS):
        rng = random.Random(f"practice:{game}:{seed}:{chosen.key}:{attempt}")
        question = _ask_in_playout(game, seed, declared, chosen, rng)
        if question is not None:
            return question
    raise RuntimeError(f"no {game} table suited the practice kind {chosen.key} "
                       f"in {MAX_PLAYOUTS} playouts")  # pragma: no cover


def practice_on(table: Game[Any], kind: str, seed: int = 0) -> Question | None:
    """``kind``'s question on this very table (e.g. a set-up position), or None when the
    table does not suit the kind or its choices are not exactly one right. ``seed``
    chooses among the questions the kind could ask there."""
    declared = practice_of(table.name)
    if type(kind) is not str or kind not in kinds(table.name):
        raise UnknownKind("core.error.no_kind", game=table.name, kind=shown(kind),
                          kinds=", ".join(kinds(table.name)))
    chosen = declared.kind(kind)
    if not chosen.when(table):
        return None
    return _question(table.name, seed, chosen, table, random.Random(f"on:{kind}:{seed}"))


def _ask_in_playout(name: str, seed: int, declared: Practice, kind: Kind,
                    rng: random.Random) -> Question | None:
    """Play one seeded game and ask ``kind``'s question on the first suitable table after
    a few passed over; None if the game ends first."""
    cls = game_class(name)
    counts = kind.players or tuple(range(cls.min_players, cls.max_players + 1))
    players = list(NAMES[:rng.choice(counts)])
    game = new_game(name, players=players, seed=rng.randrange(1 << 31),
                    variant=rng.choice(kind.variants))
    skip = rng.randrange(kind.spread)
    while True:
        if kind.when(game):
            if skip:
                skip -= 1
            else:
                question = _question(name, seed, kind, game, rng)
                if question is not None:
                    return question
        if game.is_over:
            return None
        if game.is_chance:
            game.deal()
        else:
            game.play(declared.policy(game, rng))


def _question(name: str, seed: int, kind: Kind, game: Game[Any],
              rng: random.Random) -> Question | None:
    """The kind's question on this table, its choices tried: None unless exactly one is
    right."""
    asked = kind.ask(game, rng)
    if asked is None:
        return None
    ids = tuple(choice for choice, _ in asked.choices)
    if not MIN_CHOICES <= len(ids) <= MAX_CHOICES or len(set(ids)) != len(ids):
        return None
    trials = tuple(asked.trial(game, choice) for choice in ids)
    right = [choice for choice, trial in zip(ids, trials, strict=True) if trial.right]
    if len(right) != 1:
        return None
    return Question(name, kind.key, seed, asked.section or kind.section, share_code(game),
                    asked.seat, ids, right[0], kind.hides, asked, trials)
