"""The base every game implements: the python-chess / OpenSpiel style API.

A concrete game supplies a mutable state object with ``clone()`` and the rule
hooks (``_legal``, ``_apply``, ...). This class provides the public API once:
move checking, undo, seeded dealing, save files and positions.
"""

from __future__ import annotations

import copy
import json
import random
import re
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, NamedTuple, Protocol, TypedDict, TypeVar

from .chance import Dealer, pick
from .errors import IllegalMove, InvalidSave, UnknownPlayer
from .events import Event, Narration, StepEvents
from .i18n import Message
from .moves import Move
from .saves import (
    MAX_INT_DIGITS,
    MAX_MOVE_TEXT,
    SEED_RANGE,
    check_players,
    check_str,
    copy_plain,
    is_int,
    plain,
    shown,
)
from .sections import RuleSection

SAVE_FORMAT = "treasurekit-save"
SAVE_VERSION = 1
#: Undo restores the nearest earlier checkpoint and replays the steps after it. A copy of
#: the table every 128 steps costs a random playout about one per cent (a game has 170 to
#: 350 steps); taking back one step replays at most 127 (under half a millisecond).
CHECKPOINT_EVERY = 128
#: Where a move's argument turns from what it is about to its details (``Game.move_subject``).
_DETAILS = re.compile(r"[/-]")


class State(Protocol):
    def clone(self) -> Any: ...


class TakeBack(NamedTuple):
    """How far back one seat may take a game back (``Game.take_back_limit``)."""

    #: The steps of the history a take-back must keep: the seat may go back to any
    #: length from ``len(history)`` down to this, never further.
    steps: int
    #: What stops it there: ``"chance"`` (a card dealt or drawn, dice rolled, a tile
    #: turned), ``"reveal"`` (something hidden from the seat came face up), or ``""``
    #: (nothing: the whole game may be taken back).
    why: str


S = TypeVar("S", bound=State)


class BaseView(TypedDict):
    """The fields every game's view has (:meth:`Game.view` builds them); a game declares
    its view as a TypedDict that adds its table to these (``DivingBellView``), so that
    ``mypy --strict`` checks both the view the rules build and what a drawing reads."""

    game: str
    you: int | None
    players: list[str]
    variant: str
    phase: str
    to_move: int | None
    is_over: bool
    scores: list[int] | None
    legal: list[str]


class Game(ABC, Generic[S]):
    """One game in progress. Create it with :func:`treasurekit.new_game`."""

    name: ClassVar[str]
    variants: ClassVar[tuple[str, ...]] = ("standard",)
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    #: True for a game whose state keeps ``over`` and ``chance`` itself, up to date after
    #: every step (the answers of ``_is_over`` and ``_is_chance``): the base then reads
    #: them there instead of calling ``_status`` after every step.
    _status_on_state: ClassVar[bool] = False

    #: Whether the game has ended. The game notes it after every change of the table
    #: (read it, never set it): a random playout reads it at every step, and an attribute
    #: reads faster than a property.
    is_over: bool
    #: Whether the next step is chance: ``deal()`` it, or force one of
    #: ``chance_outcomes()`` (noted like ``is_over``).
    is_chance: bool
    #: The events that turn hidden information face up, for ``take_back_limit``: event
    #: kind -> the parameter naming the player who held what it shows (who learns nothing
    #: from it), or None when it is news to every seat. A card played from a hand shows
    #: it to the others; covered cards revealed at a trick's end show them to everyone
    #: but their owners. Chance steps need no entry: every one of them stops a take-back.
    revealing_events: ClassVar[Mapping[str, str | None]] = {}
    #: The rule each of the game's own refusals rests on, by the catalog key of its
    #: reason (``IllegalMove.section``); a reason not listed cites the rule of the
    #: decision at hand (``_decision_section``).
    refusals: ClassVar[Mapping[str, RuleSection]] = {}

    def __init__(
        self,
        players: int | Sequence[str] = 2,
        seed: int = 0,
        variant: str = "standard",
        position: Mapping[str, Any] | None = None,
    ) -> None:
        self.players: tuple[str, ...] = check_players(players, self.min_players,
                                                      self.max_players)
        lo, hi = SEED_RANGE
        if not is_int(seed) or not lo <= seed <= hi:
            raise InvalidSave("core.error.seed", digits=MAX_INT_DIGITS, value=shown(seed))
        if type(variant) is not str or variant not in self.variants:
            raise InvalidSave("core.error.variant", value=shown(variant),
                              choices=", ".join(self.variants))
        self._seed = seed
        #: The seeded dealer: the number of every chance step, fixed by the seed.
        self._dealer = Dealer(seed)
        self.variant = variant
        self.position: dict[str, Any] | None = None
        if position is None:
            self._state: S = self._initial_state()
        else:
            if not isinstance(position, Mapping):
                raise InvalidSave("core.error.position_object", value=shown(position))
            self.position = plain(position, "position")
            if "title" in self.position:
                check_str(self.position["title"], Message.of("core.what.position_title"))
            self._state = self._state_from_position(copy_plain(self.position))
        #: The table before step ``k * CHECKPOINT_EVERY``; None for the start, which is
        #: not copied: the narrator's game with the same set-up has it (``_Narrator.start``).
        self._checkpoints: list[S | None] = []
        self.history: list[Move] = []
        #: The events of every step, in order (told when read: see ``StepEvents``).
        self.log: list[Sequence[Event]] = []
        self.is_over = self.is_chance = False
        self._listed: Sequence[Move] | None = None
        self._narrator = _Narrator(self)
        self._sync()

    def _sync(self) -> None:
        """Note what the table asks for now, after every change of ``self._state`` (a step
        played or taken back, a new state object): whether the game is over, whether the
        dealer is to resolve a chance step, and no legal moves listed yet.

        The public API reads these notes instead of asking the rules hooks again: a random
        playout asks ``is_over`` and ``is_chance`` at every step, and ``play()`` checks a
        move against the moves ``legal_moves()`` listed for this very step. Every change
        of the table goes through ``_commit``, ``_rewind`` or ``_with_state``, which call
        this, so the notes cannot go stale (nothing else may change the state).
        """
        self.is_over, self.is_chance = self._status(self._state)
        self._listed = None

    # ---- hooks a game implements -------------------------------------------------
    @abstractmethod
    def _initial_state(self) -> S: ...

    @abstractmethod
    def _state_from_position(self, desc: dict[str, Any]) -> S:
        """Build a state from a readable description; raise InvalidSave if it is wrong."""

    @abstractmethod
    def _current_player(self, s: S) -> int | None: ...

    @abstractmethod
    def _is_chance(self, s: S) -> bool: ...

    @abstractmethod
    def _chance_outcomes(self, s: S) -> list[tuple[Move, float]]: ...

    @abstractmethod
    def _legal(self, s: S) -> Sequence[Move]:
        """The legal moves of the player to decide, in a fixed order: a list, or a tuple
        the game keeps (the base copies it into a new list for each caller)."""

    @abstractmethod
    def _why_illegal(self, s: S, move: Move) -> Message:
        """Why ``move`` may not be played now (the rules refused it), as a catalog message
        (made only when a move is refused: nothing is put into words here)."""

    @abstractmethod
    def _apply_quiet(self, s: S, move: Move,
                     events: Narration = None) -> Sequence[Event] | None:
        """Play ``move`` on ``s``. Its events go to the end of ``events``; without a list
        none is built (a random playout, a replay: the base hands out
        :class:`StepEvents`, told only when read). Returns None, or ``NO_EVENTS`` for a
        step known to tell nothing (then no ``StepEvents`` is made for it)."""

    def _apply(self, s: S, move: Move) -> list[Event]:
        """Play ``move`` on ``s`` and tell what happened: the step's events."""
        events: list[Event] = []
        self._apply_quiet(s, move, events)
        return events

    @abstractmethod
    def _view(self, s: S, player: int | None) -> Mapping[str, Any]:
        """The game's own fields of the view (its table), added to the :class:`BaseView`
        fields; a game types them with a TypedDict."""

    @abstractmethod
    def _is_over(self, s: S) -> bool: ...

    @abstractmethod
    def _scores(self, s: S) -> list[int]: ...

    def _status(self, s: S) -> tuple[bool, bool]:
        """Whether the game is over, and whether the next step is chance (never both):
        ``_is_over`` and ``_is_chance`` in one call, which the base makes after every
        step. Override to go faster, or let the state keep both (``_status_on_state``)."""
        if self._status_on_state:
            noted: Any = s
            return noted.over, noted.chance
        over = self._is_over(s)
        return over, not over and self._is_chance(s)

    def _sample_chance(self, s: S, x: float) -> Move:
        """The chance outcome for a uniform number ``x``; override to go faster."""
        return pick(self._chance_outcomes(s), x)

    def _is_legal(self, s: S, move: Move) -> bool:
        """Whether ``move`` (or chance outcome) may be played; override to go faster."""
        if self._is_chance(s):
            return any(m == move for m, _ in self._chance_outcomes(s))
        return move in self._legal(s)

    def _winners(self, s: S) -> list[int]:
        scores = self._scores(s)
        best = max(scores)
        return [i for i, x in enumerate(scores) if x == best]

    # ---- public API ----------------------------------------------------------
    @property
    def seed(self) -> int:
        """The seed of the dealer: the same seed deals the same cards and dice."""
        return self._seed

    @property
    def state(self) -> S:
        """The live state (read it, do not change it)."""
        return self._state

    @property
    def current_player(self) -> int | None:
        """Index of the player to decide; None at a chance node or when the game is over."""
        return None if self.is_over or self.is_chance else self._current_player(self._state)

    def chance_outcomes(self) -> list[tuple[Move, float]]:
        """The possible outcomes of the pending chance step with their probabilities."""
        return self._chance_outcomes(self._state) if self.is_chance else []

    def legal_moves(self) -> list[Move]:
        """Every legal move; at a chance node, every possible outcome."""
        listed = self._listed
        if listed is None:
            s = self._state
            if self.is_over:
                listed = []
            elif self.is_chance:
                listed = [m for m, _ in self._chance_outcomes(s)]
            else:
                listed = self._legal(s)
            self._listed = listed            # play() checks moves against this list
        return list(listed)

    def play(self, move: Move | str) -> Sequence[Event]:
        """Play a move (or force a chance outcome). Raises IllegalMove and changes nothing."""
        if type(move) is not Move:
            if not isinstance(move, str):
                raise IllegalMove(move, "core.error.not_a_move")
            move = Move.parse(move)
        elif type(move.kind) is not str or type(move.arg) is not str:
            raise IllegalMove(move, "core.error.not_a_move")
        listed = self._listed
        if listed is not None:
            legal = move in listed
        else:
            legal = not self.is_over and self._is_legal(self._state, move)
        if not legal:
            raise self._refusal(self._state, move)
        return self._commit(move)

    def _commit(self, move: Move) -> Sequence[Event]:
        """Apply a move already known to be legal, keeping undo checkpoints."""
        s: Any = self._state                     # (Any: see ``_status_on_state`` below)
        history = self.history
        step = len(history)
        if step % CHECKPOINT_EVERY == 0:
            self._checkpoints.append(s.clone() if step else None)
        events: Sequence[Event]
        try:
            known = self._apply_quiet(s, move)
            events = StepEvents(self._narrator, step) if known is None else known
        except Exception:
            self._rewind(step)
            raise
        history.append(move)
        self.log.append(events)
        # ``_sync()``, written out: it runs after every step of every game, and the two calls
        # it spares save 3 to 3.5 % of a random playout's instructions (callgrind, each game)
        if self._status_on_state:
            self.is_over = s.over
            self.is_chance = s.chance
        else:
            self.is_over, self.is_chance = self._status(s)
        self._listed = None
        return events

    def _rewind(self, steps: int) -> None:
        """Set the state to what it was after the first ``steps`` steps of the history."""
        k = steps // CHECKPOINT_EVERY
        del self._checkpoints[k + 1:]
        checkpoint = self._checkpoints[k]
        if steps % CHECKPOINT_EVERY == 0:
            self._checkpoints.pop()
            self._state = checkpoint if checkpoint is not None else self._narrator.start()
        else:
            s = checkpoint.clone() if checkpoint is not None else self._narrator.start()
            apply = self._apply_quiet
            for move in self.history[k * CHECKPOINT_EVERY:steps]:
                apply(s, move)
            self._state = s
        self._sync()

    def _refusal(self, s: S, move: Move) -> IllegalMove:
        """The error refusing ``move`` on ``s``: the game's reason and the rule it rests
        on (``refusals``, or else the rule of the decision at hand)."""
        if self._status(s)[0]:
            return IllegalMove(move, "core.error.game_over")
        reason = self._why_illegal(s, move)
        section = self.refusals.get(reason.key)
        if section is None:                  # found when asked for: a refusal is fast
            table = s.clone()
            return IllegalMove(move, reason, section=lambda: self._decision_section(table))
        return IllegalMove(move, reason, section=section)

    def _decision_section(self, s: S) -> RuleSection | None:
        """The rule of the decision (or chance step) at hand on ``s``: the section of
        the first event told when its first legal move is played on a copy (a die of a
        roll or a card of a deal tells nothing until the roll or the deal is whole: then
        the next steps' first moves too, up to a bound)."""
        s = s.clone()
        for _ in range(200):
            over, chance = self._status(s)
            if over:
                return None
            moves = [m for m, _ in self._chance_outcomes(s)] if chance else self._legal(s)
            if not moves:
                return None
            told = self._apply(s, moves[0])
            if told:
                return told[0].section
        return None

    def deal(self, rng: random.Random | None = None) -> Sequence[Event]:
        """Resolve the pending chance step with the game's seeded dealer, or with a number
        drawn from ``rng`` (the coach's playouts: a sampled table's future is not the
        dealer's, which the seed fixes)."""
        if not self.is_chance:
            raise IllegalMove("deal", "core.error.no_chance")
        x = rng.random() if rng is not None else self._dealer.number(len(self.history))
        return self._commit(self._sample_chance(self._state, x))  # legal by construction

    def dealt(self) -> Move:
        """The outcome the seeded dealer gives the pending chance step (what ``deal()``
        plays), without playing it."""
        if not self.is_chance:
            raise IllegalMove("deal", "core.error.no_chance")
        return self._sample_chance(self._state, self._dealer.number(len(self.history)))

    def move_subject(self, move: Move) -> str | None:
        """The part of the table ``move`` is about, as the drawing marks it to be touched
        (a card, a pile, a treasure type), or None for a move about no part (``draw``).

        By default the argument's first part, before its details: ``r4`` of ``r4/sea/0``
        (a card, its side still to choose), ``ruby`` of ``ruby-2`` (a treasure type, how
        many still open). A game whose notation says it otherwise overrides this; the
        widgets ask here and never cut a move's argument themselves.

        >>> import treasurekit as tk
        >>> g = tk.new_game("diving_bell", seed=1)
        >>> g.move_subject(Move("play", "r4/sea/0")), g.move_subject(Move("place", "ruby-2"))
        ('r4', 'ruby')
        >>> g.move_subject(Move("take", "A")), g.move_subject(Move("draw"))
        ('A', None)
        """
        return _DETAILS.split(move.arg, maxsplit=1)[0] if move.arg else None

    def take_back_limit(self, seat: int) -> TakeBack:
        """How far back ``seat`` may take this game (Board Game Arena's rule): a take-back
        never crosses a chance step -- a card dealt or drawn, dice rolled, a tile turned
        over, which the seeded dealer would deal again the same way, so the seat could
        choose again knowing the result -- nor a step that showed ``seat`` something
        hidden from it before (an event of ``revealing_events`` it did not hold itself).
        Everything after the limit may be undone, the seat's own moves and what others
        (or the rules) did since; a seat that is not of this table raises UnknownPlayer.

        >>> import treasurekit as tk
        >>> g = tk.new_game("diving_bell", players=["Ann", "Bob"], seed=7)
        >>> _ = g.play("draw"); g.take_back_limit(0)       # Ann's decision, not yet dealt
        TakeBack(steps=0, why='')
        >>> _ = g.deal(); g.take_back_limit(0)             # the card is face up now
        TakeBack(steps=2, why='chance')
        """
        self._check_seat(seat)
        history, checkpoints = self.history, self._checkpoints
        end = len(history)
        while end:
            # the table before each step from the checkpoint at or before the last one
            start = (end - 1) // CHECKPOINT_EVERY * CHECKPOINT_EVERY
            checkpoint = checkpoints[start // CHECKPOINT_EVERY]
            table = checkpoint.clone() if checkpoint is not None else self._narrator.start()
            chance = []
            for move in history[start:end]:
                chance.append(self._status(table)[1])
                self._apply_quiet(table, move)
            for step in reversed(range(start, end)):
                if chance[step - start]:
                    return TakeBack(step + 1, "chance")
                if self._reveals_to(seat, self.log[step]):
                    return TakeBack(step + 1, "reveal")
            end = start
        return TakeBack(0, "")

    def _reveals_to(self, seat: int, events: Sequence[Event]) -> bool:
        """Whether these events (one step's) show ``seat`` something hidden from it."""
        revealing = self.revealing_events
        if not revealing:
            return False
        me = self.players[seat]
        for e in events:
            if e.kind in revealing:
                holder = revealing[e.kind]
                if holder is None or dict(e.params).get(holder) != me:
                    return True
        return False

    def undo(self) -> Move:
        """Take back the last step (decision or chance outcome) and return it."""
        if not self.history:
            raise IllegalMove("undo", "core.error.nothing_to_undo")
        step = len(self.history) - 1
        self._rewind(step)
        move = self.history.pop()
        events = self.log.pop()
        self._narrator.forget(step)
        if isinstance(events, StepEvents) and not events.is_told:
            # told now, from the table before the step, while the history still says what
            # came before it: whoever holds these events can still read them
            events.tell_now(self._apply(self._state.clone(), move))
        return move

    def view(self, player: int | None) -> dict[str, Any]:
        """Only what ``player`` may see; ``None``: a spectator who sees the whole table
        (as ``Event.text(viewer=None)`` reads every detail). A seat that is not an ``int``
        of this table (``True``, ``1.5``, ``-1``...) raises :class:`UnknownPlayer`.

        Every game's view has the fields built here: ``game``, ``you`` (the seat, None for
        the spectator), ``players``, ``variant``, ``phase``, ``to_move``, ``is_over``,
        ``scores`` (None where the game hides them from this viewer) and ``legal`` (the
        moves of the player to move, for that player and for the spectator); the game adds
        its table (``_view``)."""
        if player is not None:
            self._check_seat(player)
        s = self._state
        over = self._is_over(s)
        to_move = None if over or self._is_chance(s) else self._current_player(s)
        view: dict[str, Any] = {
            "game": self.name, "you": player, "players": list(self.players),
            "variant": self.variant, "phase": self._phase(s), "to_move": to_move,
            "is_over": over, "scores": self._view_scores(s, player),
            "legal": ([str(m) for m in self._legal(s)]
                      if to_move is not None and player in (None, to_move) else []),
        }
        view.update(self._view(s, player))
        return view

    def _check_seat(self, player: object) -> None:
        """UnknownPlayer unless ``player`` is a seat of this table (an ``int``)."""
        if type(player) is not int or not 0 <= player < len(self.players):
            raise UnknownPlayer("core.error.unknown_player", seat=shown(player, 20),
                                players=len(self.players), last=len(self.players) - 1)

    def _phase(self, s: S) -> str:
        """The name of the part of the turn the game is in (``over`` at the end)."""
        return "over" if self._is_over(s) else "play"

    def _view_scores(self, s: S, player: int | None) -> list[int] | None:
        """The scores ``player`` may see (override to hide them, e.g. under covered piles)."""
        return self._scores(s)

    # ---- hooks the generic test suite relies on (tests/generic) -------------------
    def inventory(self) -> Counter[str]:
        """Every component of the game (cards, dice, tiles, tokens) by identity, wherever
        it lies: the same multiset at every step of a game (components are conserved)."""
        raise NotImplementedError(f"{type(self).__name__} does not list its components")

    def scramble_hidden(self, player: int, rng: random.Random) -> Game[S]:
        """A copy of this game whose information hidden from ``player`` is redrawn at
        random (other hands, face-down cards, deck order), everything ``player`` may see
        kept: ``view(player)`` of the copy must equal this game's (views never leak)."""
        raise NotImplementedError(f"{type(self).__name__} cannot scramble hidden information")

    def _with_state(self, s: S) -> Game[S]:
        """A copy of this game (same players, seed, history and log) whose table is ``s``:
        what ``scramble_hidden`` returns. The copy shares no mutable part with this game."""
        other = copy.copy(self)
        other._state = s
        other._checkpoints = [None if c is None else c.clone() for c in self._checkpoints]
        other.history, other.log = list(self.history), [list(b) for b in self.log]
        other._narrator = _Narrator(other)
        other._sync()
        return other

    def _world(self, s: S) -> Game[S]:
        """A new game of the same set-up, with no steps yet, whose table at the start is
        ``s``: the coach's sampled tables (``core/search.py``). Its events are told from
        ``s`` and undo goes back as far as ``s``."""
        other = copy.copy(self)
        other._state = s
        other._checkpoints = []
        other.history, other.log = [], []
        other._narrator = _Narrator(other, start=s.clone())
        other._sync()
        return other

    def scores(self) -> list[int]:
        return self._scores(self._state)

    def winners(self) -> list[int]:
        """Indices of the winners (several on a shared victory); empty while playing."""
        return self._winners(self._state) if self.is_over else []

    @property
    def events(self) -> list[Event]:
        """Every event so far, in order."""
        return [e for batch in self.log for e in batch]

    def to_json(self) -> str:
        """A versioned save: set-up plus every step, replayed and checked on load."""
        return json.dumps(
            {
                "format": SAVE_FORMAT,
                "version": SAVE_VERSION,
                "game": self.name,
                "players": list(self.players),
                "seed": self.seed,
                "variant": self.variant,
                "position": self.position,
                "moves": [str(m) for m in self.history],
            }
        )

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} players={list(self.players)} seed={self.seed} "
            f"variant={self.variant!r} steps={len(self.history)}>"
        )


class _Narrator(Generic[S]):
    """Tells the events of a game's steps after the fact, for its :class:`StepEvents`.

    It plays the saved steps again on a table of its own (from the nearest undo
    checkpoint, quietly) and tells the step asked for. It keeps that table, so reading the
    steps in order (a widget after every move, ``Game.events``) costs one more pass of
    the rules per step. It holds the game's own history and checkpoints and what the
    game was set up with, but neither the game nor its log: the events a game hands out
    form no reference cycle with it, so a finished game is freed at once. The rules it
    narrates with are a second game with the same set-up (players, seed, variant,
    position: what the events name), made the first time it is needed; its table at the
    start stands in for the start's checkpoint, which is not copied (undo to the first
    steps asks it too).
    """

    __slots__ = ("_setup", "_rules", "_history", "_checkpoints", "_table", "_at", "_start")

    def __init__(self, game: Game[S], start: S | None = None) -> None:
        self._setup = (type(game), game.players, game.seed, game.variant, game.position)
        self._start = start                   # the table at the start, if not the set-up's
        self._rules: Game[S] | None = None
        self._history = game.history          # the game's own lists, read only
        self._checkpoints = game._checkpoints
        self._table: S | None = None          # the table after ``_at`` steps
        self._at = 0

    def _game(self) -> Game[S]:
        """The second game, made the first time it is needed."""
        rules = self._rules
        if rules is None:
            kind, players, seed, variant, position = self._setup
            rules = self._rules = kind(players, seed, variant, position)
        return rules

    def start(self) -> S:
        """A new copy of the table before the game's first step."""
        start = self._start
        table: S = (self._game()._state if start is None else start).clone()
        return table

    def tell(self, step: int) -> list[Event]:
        """The events of step ``step`` of the game (counting from 0)."""
        rules, history = self._game(), self._history
        table = self._table
        if table is None or self._at > step:
            k = step // CHECKPOINT_EVERY
            checkpoint = self._checkpoints[k]
            table = checkpoint.clone() if checkpoint is not None else self.start()
            self._at = k * CHECKPOINT_EVERY
        apply = rules._apply_quiet
        for move in history[self._at:step]:
            apply(table, move)
        events = rules._apply(table, history[step])
        self._table, self._at = table, step + 1
        return events

    def forget(self, steps: int) -> None:
        """The game went back to ``steps`` steps: a table beyond them is no longer its."""
        if self._at > steps:
            self._table = None


def replay(game: Game[Any], moves: Sequence[str]) -> None:
    """Play saved moves one by one, turning any failure into InvalidSave."""
    for i, text in enumerate(moves):
        if not isinstance(text, str):
            raise InvalidSave("core.error.step_not_text", step=i + 1, value=shown(text))
        if len(text) > MAX_MOVE_TEXT:
            raise InvalidSave("core.error.step_too_long", step=i + 1, limit=MAX_MOVE_TEXT)
        try:
            game.play(text)
        except IllegalMove as err:
            raise InvalidSave("core.error.step_refused", step=i + 1, move=shown(text),
                              reason=err.message) from None
