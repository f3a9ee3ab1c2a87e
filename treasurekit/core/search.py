"""The coach: one information-set Monte Carlo tree search (IS-MCTS) for every game.

It decides for one seat from that seat's view alone, never from the table itself:

1. **Worlds.** The game's ``sampler`` (in the ``coach`` settings of its spec) builds, from
   the view, a function that draws a whole table consistent with it (a
   *determinization*): everything the view shows is kept, everything hidden from that
   seat (the others' hands, face-down cards, the order of a deck) is drawn at random
   from what it may be. It reads the view alone, so a search over worlds cannot peek.
2. **Playouts.** Each playout draws a world, walks down the tree of decisions (one tree
   for all worlds: an edge is a player's move, and it counts how often it was available,
   as in Cowling, Powley and Whitehouse's single-observer IS-MCTS; a chance step in the
   tree is passed through, or split by its outcome where the game declares a
   ``chance_key``), adds one new edge, then
   plays on through the public engine -- random moves, chance drawn from the search's
   own generator (``Game.deal(rng)``) -- for at most ``depth`` more decisions, and judges
   the table: at the end, who won (a shared win counts ``1/k`` for each of ``k`` winners)
   and the scores; before the end, the game's ``outlook`` (expected final points; the
   scores by default) turned into chances to win by a logistic on the lead (``scale``
   points of lead make about 73 % against one opponent).
3. **Choice.** The move played most often at the root is the best (ties: the higher
   chance to win, then more points); each move's chance to win and points are the means
   over its playouts.

The search stops after a number of playouts or a time budget. With a playout count
(and the same seed) the result is exactly the same on every run and every machine.

Modelled on OpenSpiel's ``open_spiel/python/algorithms/ismcts.py`` (availability counts,
one node per information set, resampling at the root) and boardgame.io's MCTS bot
(iterations, playout depth, progress while it thinks).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from .errors import CannotAdvise, IllegalMove
from .events import Event
from .i18n import Percent, tr
from .moves import Move
from .registry import GAMES, game_class
from .saves import SEED_RANGE, shown
from .spec import load

if TYPE_CHECKING:
    from .bots import Bot
    from .game import Game

#: Most seconds one search may take, and most playouts it may be asked for.
MAX_SECONDS = 60.0
MAX_PLAYOUTS = 100_000
#: The progress callback is called about this often (seconds) while a search runs.
PROGRESS_EVERY = 0.05
#: The player of a chance outcome's edge (a split of the tree: its child is the node below).
CHANCE = -1

#: From a game of the view's set-up (its rules) and the view of the seat to move, a
#: function that draws a whole table consistent with the view (see ``Worlds``).
Sampler = Callable[["Game[Any]", dict[str, Any]], Callable[[random.Random], Any]]
#: A function that turns a table into points each seat may expect at the end.
Outlook = Callable[["Game[Any]"], Sequence[float]]
#: A playout's choice among the legal moves (None in the settings: uniformly at random).
Rollout = Callable[["Game[Any]", list[Move], random.Random], Move]
#: A chance outcome as the tree tells it apart (e.g. dice rolled, in any order), or None
#: for an outcome of a step the tree does not split.
ChanceKey = Callable[[Move], "Move | None"]
#: Told the fraction of the search done (0..1); returning False stops the search early.
Progress = Callable[[float], object]


@dataclass(frozen=True, slots=True)
class SearchSettings:
    """How the coach searches one game, declared once per game (its spec's ``coach``,
    ``COACH`` in its ``bots`` module): the tables a view allows (``sampler``, in the game's
    ``infoset`` module), and a playout: the walk down the tree plus at most ``depth`` more decisions
    (chance steps are not counted), then the table is judged."""

    sampler: Sampler | None = None
    depth: int = 40
    #: Points of lead that make a win likely: the lead is divided by it before the
    #: logistic (a lead of ``scale`` points is about 73 % against one opponent).
    scale: float = 5.0
    #: The UCB exploration constant (chances to win lie in 0..1).
    exploration: float = 0.7
    outlook: Outlook | None = None
    rollout: Rollout | None = None
    #: A bot level whose choice (from the same view) the search leans on at the root: its
    #: move gets ``prior_weight * sqrt(playouts) / (1 + its playouts)`` more in the choice
    #: of the next playout (as a prior policy in PUCT), so the search plays it unless its
    #: playouts show something better.
    prior: Callable[[], Bot] | None = None
    prior_weight: float = 0.5
    #: Chance outcomes the tree tells apart (closed loop), by the part of the outcome a
    #: later decision depends on (e.g. how many dice failed), or None for a step the tree
    #: passes through (open loop: its decisions after it are counted over all outcomes,
    #: right where a draw hardly changes the next choice, wrong where a roll decides it).
    chance_key: ChanceKey | None = None


DEFAULT_SETTINGS = SearchSettings()


def settings_for(name: str) -> SearchSettings:
    """The coach's settings game ``name`` declares in its spec (``coach``; the defaults
    where it declares none)."""
    declared = GAMES[name].coach
    found = load(declared) if declared else DEFAULT_SETTINGS
    if not isinstance(found, SearchSettings):
        raise TypeError(f"{name}'s coach is a {type(found).__name__}, not SearchSettings")
    return found


class Worlds:
    """The tables one seat's view allows: ``sample(rng)`` is a new game on one of them.

    Built from the view alone (a view of the seat to move, as ``Game.view(seat)`` gives
    it): the game's sampler reads it once; each sample is a fresh table. A template game
    of the same players and variant lends each sample its rules (``Game._world``)."""

    def __init__(self, view: dict[str, Any]) -> None:
        seat = view.get("you")
        if type(seat) is not int or view.get("to_move") != seat or not view.get("legal"):
            raise CannotAdvise("coach.error.not_to_move_view")
        self.seat: int = seat
        name = view["game"]
        sampler = settings_for(name).sampler
        if sampler is None:
            raise CannotAdvise("coach.error.unknown_game", game=shown(name))
        cls = game_class(name)
        self.template: Game[Any] = cls(players=view["players"], variant=view["variant"])
        self._draw = sampler(self.template, view)

    def sample(self, rng: random.Random) -> Game[Any]:
        return self.template._world(self._draw(rng))


def _outcome(node: dict[tuple[int, Move], _Edge], split: ChanceKey, dealt: Move
             ) -> dict[tuple[int, Move], _Edge]:
    """The node below chance outcome ``dealt`` (``node`` itself where it is not split),
    added to the tree if it is not there yet."""
    key = split(dealt)
    if key is None:
        return node
    edge = node.get((CHANCE, key))
    if edge is None:
        edge = node[CHANCE, key] = _Edge()
        edge.child = {}
    assert edge.child is not None
    return edge.child


class _Edge:
    """A move of one player after the moves above it: how often it was played, how often
    it was available, the sums of its player's chances to win and points, what follows."""

    __slots__ = ("visits", "avail", "wins", "points", "child")

    def __init__(self) -> None:
        self.visits = 0
        self.avail = 1
        self.wins = 0.0
        self.points = 0.0
        self.child: dict[tuple[int, Move], _Edge] | None = None


class Search:
    """One search for the seat whose view it is given (see the module's docstring).

    Run it in one go (:meth:`run`) or in slices (call :meth:`run` again with more
    playouts or seconds: the tree is kept), e.g. from a background thread or an event
    loop; :meth:`advice` reads the result at any time after the first playouts."""

    def __init__(self, view: dict[str, Any], settings: SearchSettings | None = None,
                 seed: int = 0) -> None:
        self.worlds = Worlds(view)
        self.seat = self.worlds.seat
        self.game = view["game"]
        self.settings = settings if settings is not None else settings_for(self.game)
        self.legal = [Move.parse(m) for m in view["legal"]]
        self.rng = random.Random(seed)
        self.seed = seed
        self.root: dict[tuple[int, Move], _Edge] = {}
        self.playouts = 0
        prior = self.settings.prior
        #: The move the prior level would play here (None: no prior).
        self.hint = prior().choose(view, random.Random(seed)) if prior is not None else None
        #: A root move every playout takes (None: the search chooses): more playouts for
        #: one move, e.g. the move a learner played, so its chance is measured as well as
        #: the best one's (see :meth:`judge`).
        self.forced: Move | None = None

    # ---- running --------------------------------------------------------------------
    def run(self, playouts: int | None = None, seconds: float | None = None,
            progress: Progress | None = None, started: float | None = None,
            clock: Callable[[], float] = time.perf_counter) -> None:
        """Play ``playouts`` more playouts, or play until ``seconds`` have passed on
        ``clock`` since ``started`` (default: now). ``progress(fraction)`` is called now
        and then; if it returns False the search stops there."""
        start = clock() if started is None else started
        goal = None if playouts is None else self.playouts + playouts
        total = 0 if playouts is None else playouts
        tick = start + PROGRESS_EVERY
        done = 0
        while True:
            now = clock()
            if goal is not None:
                if self.playouts >= goal:
                    break
                fraction = done / total
            else:
                assert seconds is not None
                if now - start >= seconds and self.playouts > 0:
                    break
                fraction = (now - start) / seconds
            if progress is not None and now >= tick:
                tick = now + PROGRESS_EVERY
                if progress(min(1.0, fraction)) is False:
                    break
            self.playout()
            done += 1
        if progress is not None:
            progress(1.0)

    def steps(self, seconds: float | None = None, playouts: int | None = None,
              slice_seconds: float = 0.05, slice_playouts: int = 25,
              clock: Callable[[], float] = time.perf_counter) -> Iterator[float]:
        """The search in slices, for a page that must not freeze while it thinks: each
        ``next()`` runs about ``slice_seconds`` (or ``slice_playouts``) more and yields the
        fraction of the budget spent (``seconds`` from the first slice on, or ``playouts``
        more); a caller runs the other work it has between two slices."""
        start = clock()
        goal = None if playouts is None else self.playouts + playouts
        while True:
            if goal is not None:
                left = goal - self.playouts
                if left <= 0:
                    return
                self.run(playouts=min(slice_playouts, left))
                yield 1 - (goal - self.playouts) / (playouts or 1)
            else:
                assert seconds is not None
                spent = clock() - start
                if spent >= seconds and self.playouts:
                    return
                self.run(seconds=max(0.0, min(slice_seconds, seconds - spent)), clock=clock)
                yield min(1.0, (clock() - start) / seconds)

    def judge(self, played: Move, playouts: int) -> Judgement:
        """How much ``played`` (one of the legal moves) lost against the best move: after
        the search so far, more playouts that all start with ``played`` until it has at
        least ``playouts`` of its own (so its chance is measured, not guessed)."""
        edge = self.root.get((self.seat, played))
        more = playouts - (edge.visits if edge is not None else 0)
        if more > 0:
            self.forced = played
            try:
                self.run(playouts=more)
            finally:
                self.forced = None
        advice = self.advice()
        mine = next(m for m in advice.moves if m.move == played)
        return Judgement(mine, advice.moves[0], max(0.0, advice.moves[0].win - mine.win),
                         advice)

    def playout(self) -> None:
        """One playout: a world, down the tree, one new edge, a random playout, judged."""
        rng = self.rng
        settings = self.settings
        g = self.worlds.sample(rng)
        node = self.root
        path: list[tuple[_Edge, int]] = []
        c = settings.exploration
        root, hint, lean = self.root, self.hint, settings.prior_weight
        split = settings.chance_key
        in_tree = True
        while in_tree and not g.is_over:
            if g.is_chance:
                g.deal(rng)
                if split is not None:
                    node = _outcome(node, split, g.history[-1])
                continue
            legal = g.legal_moves()
            if node is root and self.forced is not None:
                legal = [self.forced]
            elif len(legal) == 1 and node is not root:        # nothing to decide: no edge
                g.play(legal[0])
                continue
            p = g.current_player
            assert p is not None
            untried = []
            best, best_value = None, -1.0
            for m in legal:
                edge = node.get((p, m))
                if edge is None:
                    untried.append(m)
                    continue
                edge.avail += 1
                if not untried:
                    value = edge.wins / edge.visits + c * math.sqrt(
                        math.log(edge.avail) / edge.visits)
                    if m == hint and node is root:
                        value += lean * math.sqrt(self.playouts + 1) / (1 + edge.visits)
                    if value > best_value:
                        best, best_value = edge, value
                        move = m
            if untried:
                move = untried[rng.randrange(len(untried))]
                best = node[p, move] = _Edge()
                in_tree = False
            assert best is not None
            path.append((best, p))
            g.play(move)
            if in_tree:
                child = best.child
                if child is None:
                    child = best.child = {}
                node = child
        win, points = self._judge(self._roll_out(g, rng))
        for edge, p in path:
            edge.visits += 1
            edge.wins += win[p]
            edge.points += points[p]
        self.playouts += 1

    def _roll_out(self, g: Game[Any], rng: random.Random) -> Game[Any]:
        """Play on for at most ``depth`` decisions (random, or the game's rollout)."""
        left = self.settings.depth
        policy = self.settings.rollout
        while left > 0 and not g.is_over:
            if g.is_chance:
                g.deal(rng)
                continue
            legal = g.legal_moves()
            g.play(legal[rng.randrange(len(legal))] if policy is None
                   else policy(g, legal, rng))
            left -= 1
        return g

    def _judge(self, g: Game[Any]) -> tuple[list[float], list[float]]:
        """Each seat's chance to win and points at the end of a playout."""
        if g.is_over:
            winners = g.winners()
            share = 1 / len(winners)
            return ([share if p in winners else 0.0 for p in range(len(g.players))],
                    [float(x) for x in g.scores()])
        outlook = self.settings.outlook
        points = [float(x) for x in (g.scores() if outlook is None else outlook(g))]
        return chances(points, self.settings.scale), points

    # ---- results --------------------------------------------------------------------
    def ranked(self) -> list[MoveAdvice]:
        """Every legal move with its estimates, best first (most playouts, then the
        higher chance to win, then more points, then the order of the legal moves)."""
        out = []
        for move in self.legal:
            edge = self.root.get((self.seat, move))
            if edge is None or not edge.visits:
                out.append(MoveAdvice(move, 0.0, 0.0, 0))
            else:
                out.append(MoveAdvice(move, edge.wins / edge.visits,
                                      edge.points / edge.visits, edge.visits))
        order = sorted(range(len(out)), key=lambda i: (-out[i].playouts, -out[i].win,
                                                       -out[i].points, i))
        return [out[i] for i in order]

    def best(self) -> Move:
        return self.ranked()[0].move

    def advice(self) -> Advice:
        """What the search found, with the likely line after the best move."""
        ranked = self.ranked()
        said = tuple((m.move, self._said(m.move)) for m in ranked[:3])
        return Advice(self.game, self.seat, ranked[0].move, tuple(ranked), self.playouts,
                      self._story(ranked[0].move), said)

    def _said(self, move: Move) -> Event | None:
        """The first event ``move`` tells the asking seat: the engine's own words for the
        move (None if it tells nothing, or tells it differently on two worlds)."""
        rng = random.Random(self.seed ^ 0xD15C)
        told = []
        for _ in range(2):
            events = list(self.worlds.sample(rng).play(move))
            if not events:
                return None
            told.append(events[0])
        first, second = told
        return first if first.text("en", self.seat) == second.text("en", self.seat) else None

    # ---- the story told after the best move ------------------------------------------------
    def _story(self, move: Move, worlds: int = 4, max_steps: int = 12) -> Story:
        """The most likely continuation after ``move``, as the asking seat sees it.

        It is played on a few worlds at once: the best move, then at each decision the
        move the tree played most often there, at each chance step the likeliest outcome
        if it has at least an even chance. It stops where the worlds part (a step whose
        told events differ from world to world depends on what the seat cannot see),
        where the tree has too little to say, when chance decides, when the seat is to
        decide again, or when the game ends."""
        rng = random.Random(self.seed ^ 0x5EED)
        games = [self.worlds.sample(rng) for _ in range(worlds)]
        told: list[Event] = []
        node: dict[tuple[int, Move], _Edge] | None = self.root
        step_move: Move | None = move
        mover, forced = self.seat, len(self.legal) == 1
        ending = "tree"
        for _ in range(max_steps):
            if step_move is None:
                break
            batches = []
            for g in games:
                try:
                    batches.append([e for e in g.play(step_move)])
                except IllegalMove:
                    return Story(tuple(told), "hidden")
            seen = [[(e.kind, e.text("en", self.seat)) for e in b] for b in batches]
            if any(s != seen[0] for s in seen[1:]):
                return Story(tuple(told), "hidden")
            told += batches[0]
            split = self.settings.chance_key
            if node is not None and mover == CHANCE and split is not None:
                key = split(step_move)
                if key is not None:
                    edge = node.get((CHANCE, key))
                    node = edge.child if edge is not None else None
            elif node is not None and mover >= 0 and not forced:
                edge = node.get((mover, step_move))
                node = edge.child if edge is not None else None
            step_move, mover, forced, ending = self._next_step(games, node)
        else:
            ending = "more"
        return Story(tuple(told), ending)

    def _next_step(self, games: list[Game[Any]], node: dict[tuple[int, Move], _Edge] | None
                   ) -> tuple[Move | None, int, bool, str]:
        """The next step to tell on every world: the move, who takes it (CHANCE),
        whether it is forced, and why the story stops if it does (``over``, ``chance``,
        ``you``, ``tree``, ``hidden``)."""
        g = games[0]
        if g.is_over:
            return None, -1, False, "over"
        if g.is_chance:
            picks = []
            for h in games:
                if not h.is_chance:
                    return None, -1, False, "hidden"
                picks.append(max(h.chance_outcomes(), key=lambda o: o[1]))
            if any(p < 0.5 or m != picks[0][0] for m, p in picks):
                return None, -1, False, "chance"
            return picks[0][0], CHANCE, False, ""
        mover = g.current_player
        assert mover is not None
        if any(h.is_chance or h.is_over or h.current_player != mover for h in games):
            return None, -1, False, "hidden"
        if mover == self.seat:
            return None, mover, False, "you"
        legal = g.legal_moves()
        if len(legal) == 1:
            if all(h.legal_moves() == legal for h in games):
                return legal[0], mover, True, ""
            return None, -1, False, "hidden"
        if node is None:
            return None, -1, False, "tree"
        tried = [(edge.visits, -i, m) for i, m in enumerate(legal)
                 if (edge := node.get((mover, m))) is not None and edge.visits >= STORY_VISITS]
        if not tried:
            return None, -1, False, "tree"
        move = max(tried)[2]
        if any(move not in h.legal_moves() for h in games[1:]):
            return None, -1, False, "hidden"
        return move, mover, False, ""


#: A move of another player is told only where the tree played it this often.
STORY_VISITS = 8


def chances(points: Sequence[float], scale: float) -> list[float]:
    """Chances to win from expected points: a softmax of ``points / scale`` (for two
    players the logistic of the lead), so a lead of ``scale`` points is about 73 %.

    >>> [round(x, 3) for x in chances([10.0, 5.0], 5.0)]
    [0.731, 0.269]
    """
    top = max(points)
    weights = [math.exp((x - top) / scale) for x in points]
    total = sum(weights)
    return [w / total for w in weights]


#: A move whose chance to win is at least this much below the best move's is marked in a
#: review; at least ``MISTAKE`` below, it is a mistake (as lichess's "learn from your
#: mistakes": 0.1 of the winning chance).
INACCURACY = 0.10
MISTAKE = 0.20


class Judgement(NamedTuple):
    """A move played, judged against the best (:meth:`Search.judge`)."""

    played: MoveAdvice
    best: MoveAdvice
    #: how much lower the played move's chance to win is than the best move's (0..1)
    loss: float
    advice: Advice

    @property
    def mark(self) -> str | None:
        """``"mistake"`` (a loss of at least ``MISTAKE``), ``"inaccuracy"`` (at least
        ``INACCURACY``), or None."""
        return ("mistake" if self.loss >= MISTAKE else "inaccuracy"
                if self.loss >= INACCURACY else None)


class MoveAdvice(NamedTuple):
    """One legal move as the search judged it (0, 0.0, 0.0 where no playout tried it)."""

    move: Move
    win: float          # chance to win, 0..1 (a shared win counts 1/k for each of k)
    points: float       # expected points at the end of the game
    playouts: int


#: Percentage points of chance to win under which the next best move is told as too close
#: to the best to tell apart (a few hundred playouts of a move leave its chance some
#: points uncertain).
CLOSE = 1.0


class Story(NamedTuple):
    """The likely continuation after the best move: the events the asking seat may read,
    and why it stops there (``over``, ``chance``, ``you``, ``tree``, ``hidden``, ``more``)."""

    events: tuple[Event, ...]
    ending: str


@dataclass(frozen=True)
class Advice:
    """The coach's advice for the seat to move: ``best``, every legal move best first
    (``moves``), the playouts spent, and ``text(lang)``: why, in words. ``said`` holds the
    engine's own words for the first moves (their first event; None where a move tells
    nothing of its own)."""

    game: str
    seat: int
    best: Move
    moves: tuple[MoveAdvice, ...]
    playouts: int
    story: Story
    said: tuple[tuple[Move, Event | None], ...] = ()

    def text(self, lang: str = "en") -> str:
        """Why the best move: its chances, the likely continuation told with the engine's
        own events and their rule sections, and how much better it is than the next."""
        first = self.moves[0]
        t = _Tr(lang)
        lines = [t("best", move=self.name(first.move, lang)),
                 t("chances", win=Percent(first.win), points=round(first.points, 1),
                   playouts=first.playouts, total=self.playouts)]
        events = list(self.story.events)
        if events and events[0] == dict(self.said).get(first.move):
            del events[0]                        # the move's own words, told above
        if events:
            lines.append(t("follows"))
            for e in events:
                lines.append(t("event", text=e.text(lang, self.seat), rule=e.rule(lang)))
        lines.append(t(f"ending.{self.story.ending}"))
        tried = [m for m in self.moves[1:] if m.playouts]
        if tried:
            lines.append(self._next_best(first, tried[0], t))
        else:
            lines.append(t("only"))
        return "\n".join(lines)

    def _next_best(self, first: MoveAdvice, second: MoveAdvice, t: _Tr) -> str:
        """The next best move against the best: how much less likely to win (and how many
        points fewer, or more when it risks more for them); when its estimate is within
        :data:`CLOSE` percentage points of the best's, or better, the two lie within what
        the search can tell apart (the best is the move tried most: the lean of
        ``SearchSettings.prior`` can favour it)."""
        gap = round(100 * (first.win - second.win), 1)
        fewer = round(first.points - second.points, 1)
        move = self.name(second.move, t.lang)
        if gap < CLOSE:
            return t("next.close", move=move, win=Percent(second.win),
                     points=round(second.points, 1), best=first.playouts,
                     playouts=second.playouts)
        key = "next" if fewer >= 0 else "next.more_points"
        return t(key, move=move, win=Percent(second.win), gap=gap,
                 points=round(second.points, 1), fewer=abs(fewer))

    def name(self, move: Move, lang: str = "en") -> str:
        """A move in the engine's words (its first event and rule section), else its
        notation."""
        said = dict(self.said).get(move)
        if said is None:
            return tr("coach.notation", lang, move=str(move))
        return tr("coach.said", lang, text=said.text(lang, self.seat), rule=said.rule(lang))


class _Tr:
    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __call__(self, key: str, **params: Any) -> str:
        return tr(f"coach.{key}", self.lang, **params)


# ---- the public entry point ---------------------------------------------------------------
class _DefaultSeconds(float):
    """The default budget of one second, told apart from a budget passed on purpose (so
    that ``advise(g, playouts=500)`` asks for playouts, not for both)."""


ONE_SECOND = _DefaultSeconds(1.0)


def check_budget(seconds: float | None, playouts: int | None) -> tuple[float | None, int | None]:
    """The budget to search with: seconds (0 < s <= 60) or a playout count
    (1..100,000), exactly one of them; anything else raises :class:`CannotAdvise`."""
    if type(seconds) is _DefaultSeconds and playouts is not None:
        seconds = None
    if (seconds is None) == (playouts is None):
        raise CannotAdvise("coach.error.budget")
    if seconds is not None:
        if (type(seconds) not in (int, float, _DefaultSeconds)
                or not 0 < seconds <= MAX_SECONDS):
            raise CannotAdvise("coach.error.seconds", most=MAX_SECONDS,
                               value=shown(seconds))
        return float(seconds), None
    if type(playouts) is not int or not 1 <= playouts <= MAX_PLAYOUTS:
        raise CannotAdvise("coach.error.playouts", most=MAX_PLAYOUTS,
                           value=shown(playouts))
    return None, playouts


def advise(game: Game[Any], seconds: float | None = ONE_SECOND,
           playouts: int | None = None, seed: int = 0, *, seat: int | None = None,
           progress: Progress | None = None) -> Advice:
    """The coach's advice for the player to move (or ``seat``), from that seat's view only.

    Give a time budget (``seconds``, default 1) or a number of ``playouts`` instead (the
    same seed and playouts give the same advice on every run). A finished game, a chance
    step, a seat with no legal move now or a bad budget raises :class:`CannotAdvise`
    (a ``ValueError``), at once. ``progress(fraction)`` is called while it searches (see
    :meth:`Search.run`)."""
    from .game import Game

    started = time.perf_counter()
    budget_seconds, budget_playouts = check_budget(seconds, playouts)
    lo, hi = SEED_RANGE
    if type(seed) is not int or not lo <= seed <= hi:
        raise CannotAdvise("coach.error.seed", value=shown(seed))
    if not isinstance(game, Game):
        raise CannotAdvise("coach.error.not_game", value=shown(game))
    if game.is_over:
        raise CannotAdvise("coach.error.over")
    if game.is_chance:
        raise CannotAdvise("coach.error.chance")
    mover = game.current_player
    asker = mover if seat is None else seat
    if type(asker) is not int or not 0 <= asker < len(game.players):
        raise CannotAdvise("coach.error.no_seat", seat=shown(asker))
    if asker != mover or not game.legal_moves():
        raise CannotAdvise("coach.error.not_their_turn",
                           player=shown(game.players[asker], 40))
    search = Search(game.view(asker), seed=seed)
    search.run(playouts=budget_playouts, seconds=budget_seconds, progress=progress,
               started=started)
    return search.advice()


class ExpertBot:
    """The "expert" level of every game: the coach's search from the bot's view, one
    second a move by default (or a number of playouts: then the same generator gives the
    same moves). A move with one legal choice is played at once. ``progress(fraction)``
    is called while it thinks; returning False there stops the search early (the best
    move so far is played)."""

    name = "expert"

    def __init__(self, seconds: float | None = ONE_SECOND, playouts: int | None = None,
                 progress: Progress | None = None,
                 clock: Callable[[], float] = time.perf_counter,
                 settings: SearchSettings | None = None) -> None:
        self.seconds, self.playouts = check_budget(seconds, playouts)
        self.progress = progress
        #: The search's settings (None: the game's own, its spec's ``coach``); e.g. a
        #: variant tried against the declared ones (``benchmarks/coach.py --part trial``).
        self.settings = settings
        #: What the seconds are counted on: the wall clock, or e.g. ``time.process_time``
        #: (the benchmarks: a second of this process's own work on a busy machine).
        self.clock = clock

    def choose(self, view: dict[str, Any], rng: random.Random) -> Move:
        started = self.clock()
        legal = [Move.parse(m) for m in view["legal"]]
        if not legal:
            raise ValueError("this view has no legal moves: it is not this player's turn")
        if len(legal) == 1:
            if self.progress is not None:
                self.progress(1.0)
            return legal[0]
        search = Search(view, self.settings, seed=rng.getrandbits(64))
        search.run(playouts=self.playouts, seconds=self.seconds, progress=self.progress,
                   started=started, clock=self.clock)
        return search.best()

    def __repr__(self) -> str:
        budget = f"playouts={self.playouts}" if self.playouts else f"seconds={self.seconds}"
        return f"{type(self).__name__}({budget})"


__all__ = ["INACCURACY", "MISTAKE", "Advice", "ExpertBot", "Judgement", "MoveAdvice", "Search",
           "SearchSettings", "Story", "Worlds", "advise", "chances", "settings_for"]
