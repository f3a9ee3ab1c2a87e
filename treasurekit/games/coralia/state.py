"""The Coralia table: board, dice, tiles, cards, points, and the steps the rules still owe.

A face-down pile holds its shuffled cards as card kinds *sorted by kind* (their order is
unknown to everyone, so a draw is a chance step over what is left, and the dealer picks
the card at a uniform place in the sorted list), plus the cards put back under it, in
order (they come up only when the shuffled part is used up).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Literal, get_args

from ...core.moves import Move
from ...core.sections import RuleSection
from .cards import CARD_KINDS, PEARL, SPACES, STARFISH, Section

#: The steps the rules take, by the names the views, the widgets, the bots and the tests
#: read (``WaitingView.step``, the first field of every entry of a view's ``tasks``), in
#: the order of the book; each is declared, with who decides it, its effect and its rule,
#: in the rules' ``Coralia.turns`` (the turn machine, core/turns.py):
#:
#: * set-up (SET-UP; If you play with fewer than 4 players): ``setup_turtle`` (a turtle
#:   tile laid on a reef), ``setup_island_pile`` (a card shuffled into the island pile),
#:   ``setup_roll`` (a die of each colour rolled onto the board), ``begin``;
#: * a turn (COURSE OF THE GAME; Lock in): ``turn``, ``pick_four`` (the first player takes
#:   four dice of four colours), ``lock_in_or_pick`` (store a die on a turtle, or take a
#:   die from the supply), ``roll``, ``place`` (a rolled die to its space or the island),
#:   ``end_turn`` (the dice passed on);
#: * actions, chests and turtles: ``draw`` (a card off a pile), ``keep`` (one of the cards
#:   drawn), ``chest`` (a chest tile turned over), ``copy`` (the copycat turtle's
#:   choice), ``white`` (a white die rolled), ``white_reef`` (where it
#:   goes);
#: * the final scoring (ENDING THE GAME AND SCORING): ``starfish_scoring`` (a player turns
#:   their starfish cards over), ``score_starfish`` (the next card they score),
#:   ``next_starfish``, ``open`` (which of two treasure chests first), ``draw_pile`` (the
#:   pile a starfish card draws from), ``diver_scoring``, ``fish_scoring``,
#:   ``pearl_scoring``, ``finish``;
#: * ``over`` (a finished game, in a view only).
StepName = Literal[
    "setup_turtle", "setup_island_pile", "setup_roll", "begin",
    "turn", "pick_four", "lock_in_or_pick", "roll", "place", "end_turn",
    "draw", "keep", "chest", "copy", "white", "white_reef",
    "starfish_scoring", "score_starfish", "next_starfish", "open", "draw_pile",
    "diver_scoring", "fish_scoring", "pearl_scoring", "finish", "over"]
#: Every step name, in that order.
STEPS: tuple[StepName, ...] = get_args(StepName)
#: The set-up's steps: the dealer's, before anyone's turn (a view's ``phase`` "setup").
SETUP: frozenset[StepName] = frozenset({"setup_turtle", "setup_island_pile", "setup_roll"})


@dataclass(frozen=True, slots=True)
class Step:
    """A step the rules still owe: its kind, the seat it concerns (-1: nobody's), and
    what else its kind needs (-1 or None where unused). Frozen, as states share their
    steps; the steps of every turn are made once (``rules.TURN_STEPS``)."""

    kind: StepName
    player: int = -1
    #: set-up: the reef a turtle goes to, the pile a card comes from, the colour rolled
    target: int = -1
    #: draw, keep: the pile the card comes from
    pile: int = -1
    #: chest: the reef it lay on (-1: one from beside the board); open: the first of the
    #: two reefs whose chests are collected
    reef: int = -1
    #: open: the other reef
    other_reef: int = -1
    #: white_reef: the symbol the white die shows
    symbol: int = -1
    #: pick_four: the dice still to take; draw_pile: the cards still to draw
    count: int = -1
    #: draw_pile: the piles drawn from already, one bit each
    piles_used: int = 0
    #: draw, keep, chest, white: the rule that called for it (a space, a turtle, a chest...;
    #: the course of the game for the other kinds, which their rules name)
    section: Section = Section.COURSE_OF_THE_GAME
    #: draw: a card drawn to choose from (``keep`` follows), not straight into the hand
    to_choose: bool = False

    def listed(self) -> list[Any]:
        """The step as a view lists it: [name, the fields its kind uses, in the order of
        ``LISTED``] (a rule section by its name), the form views had before the turn
        machine, which the coach reads back (``listed_step``)."""
        out: list[Any] = [self.kind]
        for name in LISTED[self.kind]:
            value = getattr(self, name)
            out.append(value.name if isinstance(value, RuleSection) else value)
        if self.to_choose:
            out.append(True)
        return out


#: The fields a view lists of each kind of step (``Step.listed``), after its name.
LISTED: dict[str, tuple[str, ...]] = {
    "setup_turtle": ("target",), "setup_island_pile": ("target",), "setup_roll": ("target",),
    "begin": (), "pick_four": ("player", "count"),
    "draw": ("player", "pile", "section"), "keep": ("player", "pile", "section"),
    "chest": ("player", "reef", "section"), "white": ("player", "section"),
    "white_reef": ("player", "symbol"), "open": ("player", "reef", "other_reef"),
    "draw_pile": ("player", "count", "piles_used")}
for _name in STEPS:
    LISTED.setdefault(_name, ("player",))


def listed_step(fields: Sequence[Any]) -> Step:
    """The step a view lists as ``fields`` (``Step.listed``); ValueError if it is not one."""
    kind = fields[0]
    names = LISTED.get(kind) if type(kind) is str else None
    values = list(fields[1:])
    to_choose = kind == "draw" and names is not None and len(values) == len(names) + 1
    if to_choose:
        values.pop()
    if names is None or len(values) != len(names):
        raise ValueError(f"not a step: {fields!r}"[:80])
    named: dict[str, Any] = dict(zip(names, values, strict=True))
    if "section" in named:
        named["section"] = Section[named["section"]]
    return Step(kind, **named, to_choose=to_choose)


#: ``step_of(kind, player, **fields)``: the step with these fields, made the first time and
#: shared after (steps are values). Speed: a frozen record of eleven fields takes some
#: 6 microseconds to build, and a game needs two dozen after its set-up: made once, they
#: cost 5 % less of a playout's instructions (callgrind).
step_of = cache(Step)


def final_scoring(starter: int, players: int) -> list[Step]:
    """The steps of the final scoring, the next first: each player's starfish cards in
    the order of play from the starting player, then the diver, fish and pearl scoring,
    then the winner."""
    steps = [step_of("starfish_scoring", (starter + i) % players) for i in range(players)]
    return steps + [step_of("diver_scoring"), step_of("fish_scoring"),
                    step_of("pearl_scoring"), step_of("finish")]


@dataclass(slots=True)
class CoraliaState:
    players: int
    starter: int = 0
    turn: int = 0
    supply: list[int] = field(default_factory=lambda: [6] * 6)
    station_colours: list[int] = field(default_factory=list)       # research station: colours
    station_symbols: list[int] = field(default_factory=list)       # symbol shown, -1: to roll
    station_locked: list[bool] = field(default_factory=list)     # stored on a turtle this turn
    board: list[int] = field(default_factory=lambda: [-1] * (6 * SPACES))  # die colour / 6
    island: list[int] = field(default_factory=lambda: [0] * 6)   # coloured dice on the island
    white_island: int = 2
    octopus: list[int] = field(default_factory=lambda: [-1] * 6)  # owner per reef
    octopus_left: list[int] = field(default_factory=list)
    diver: list[int] = field(default_factory=list)               # reef per player, -1
    turtle_on_reef: list[int] = field(default_factory=lambda: [-1] * 6)
    turtles_beside: list[int] = field(default_factory=list)
    turtles: list[list[int]] = field(default_factory=list)
    chest_on_reef: list[bool] = field(default_factory=lambda: [True] * 6)
    chests_beside: int = 2
    chest_pool: list[int] = field(default_factory=list)   # chest tiles not yet revealed
    chests: list[list[int]] = field(default_factory=list)
    piles: list[list[int]] = field(default_factory=list)  # 4 piles: card kinds, sorted
    bottoms: list[list[int]] = field(default_factory=list)  # put back under, top first
    stingrays: int = 2
    hands: list[list[int]] = field(default_factory=list)  # card kinds in front of a player
    drawn: list[int] = field(default_factory=list)        # drawn, one to keep
    drawer: int = -1
    points: list[int] = field(default_factory=list)
    #: the steps the rules still owe, the next first (the turn machine's queue)
    steps: list[Step] = field(default_factory=list)
    scoring: bool = False          # the final scoring is under way
    #: Which cards lie face up in the final scoring (see ``face_up``): each player's
    #: starfish cards from their starfish scoring on, then everyone's fish cards from the
    #: fish scoring on and pearl cards from the pearl scoring on.
    starfish_up: list[bool] = field(default_factory=list)
    fish_up: bool = False
    pearls_up: bool = False
    starfish_to_score: list[list[int]] = field(default_factory=list)
    over: bool = False
    winners: list[int] = field(default_factory=list)
    before_final: list[int] = field(default_factory=list)  # points before diver scoring
    #: The legal moves of the decision at ``steps[0]`` once listed (by the turn machine,
    #: or by the roll, which must know whether its dice can be placed); None: not listed
    #: yet. A note, not compared.
    legal: Sequence[Move] | None = field(default=None, compare=False, repr=False)
    #: Whether ``steps[0]`` is the dealer's (noted by the turn machine), not compared.
    chance: bool = field(default=False, compare=False, repr=False)

    def clone(self) -> CoraliaState:
        """A copy that shares no list with this state (the tuples in it are immutable).

        Written field by field on a bare object rather than through ``__init__`` with its
        35 arguments and default factories (the game keeps an undo checkpoint every
        ``CHECKPOINT_EVERY`` steps), the lists of lists copied with ``list.copy``.
        """
        c: CoraliaState = object.__new__(CoraliaState)
        c.players, c.starter, c.turn = self.players, self.starter, self.turn
        c.supply, c.board, c.island = self.supply[:], self.board[:], self.island[:]
        c.station_colours, c.station_symbols = self.station_colours[:], self.station_symbols[:]
        c.station_locked = self.station_locked[:]
        c.white_island, c.octopus = self.white_island, self.octopus[:]
        c.octopus_left, c.diver = self.octopus_left[:], self.diver[:]
        c.turtle_on_reef, c.turtles_beside = self.turtle_on_reef[:], self.turtles_beside[:]
        c.turtles = list(map(list.copy, self.turtles))
        c.chest_on_reef, c.chests_beside = self.chest_on_reef[:], self.chests_beside
        c.chest_pool, c.chests = self.chest_pool[:], list(map(list.copy, self.chests))
        c.piles, c.bottoms = list(map(list.copy, self.piles)), list(map(list.copy, self.bottoms))
        c.stingrays, c.hands = self.stingrays, list(map(list.copy, self.hands))
        c.drawn, c.drawer, c.points = self.drawn[:], self.drawer, self.points[:]
        c.steps, c.scoring = self.steps[:], self.scoring
        c.starfish_up, c.fish_up, c.pearls_up = self.starfish_up[:], self.fish_up, self.pearls_up
        c.starfish_to_score, c.over = list(map(list.copy, self.starfish_to_score)), self.over
        c.winners, c.before_final = self.winners[:], self.before_final[:]
        c.legal, c.chance = self.legal, self.chance
        return c

    @staticmethod
    def empty(players: int) -> CoraliaState:
        n = players
        return CoraliaState(
            n, octopus_left=[2] * n, diver=[-1] * n, turtles=[[] for _ in range(n)],
            chests=[[] for _ in range(n)], piles=[[] for _ in range(4)],
            bottoms=[[] for _ in range(4)], hands=[[] for _ in range(n)], points=[0] * n,
            starfish_up=[False] * n, starfish_to_score=[[] for _ in range(n)])

    def face_up(self, player: int, card: int) -> bool:
        """Whether ``player``'s card of kind ``card`` lies face up for everyone: cards lie
        face down in front of their owner until the final scoring turns them over, the
        starfish cards when that player scores them, the fish and pearl cards in their
        own steps (section "ENDING THE GAME AND SCORING")."""
        pile = CARD_KINDS[card].pile
        if pile == STARFISH:
            return self.starfish_up[player]
        return self.pearls_up if pile == PEARL else self.fish_up     # fish and stingrays

    def face_up_cards(self, player: int) -> list[int]:
        """``player``'s cards that lie face up (see ``face_up``)."""
        return [k for k in self.hands[player] if self.face_up(player, k)]

    def pile_size(self, pile: int) -> int:
        return len(self.piles[pile]) + len(self.bottoms[pile])

    def dice_left(self) -> int:
        """Coloured dice not yet placed: the supply and the research station."""
        return sum(self.supply) + len(self.station_colours)

    def reef_dice(self, reef: int) -> int:
        """Dice lying on a reef (its six symbol spaces and its treasure space)."""
        b = self.board
        i = reef * SPACES
        return len([x for x in b[i:i + SPACES] if x >= 0])

    def island_dice(self) -> int:
        """Dice on the island, the white special dice still lying there included."""
        return sum(self.island) + self.white_island
