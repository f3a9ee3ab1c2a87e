"""The Coralia table: board, dice, tiles, cards, points, and the steps the rules still owe.

A face-down pile holds its shuffled cards as card kinds *sorted by kind* (their order is
unknown to everyone, so a draw is a chance step over what is left, and the dealer picks
the card at a uniform place in the sorted list), plus the cards put back under it, in
order (they come up only when the shuffled part is used up).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, get_args

from ...core.moves import Move
from .cards import CARD_KINDS, PEARL, SPACES, STARFISH

#: The steps the rules take, by the names the views, the widgets, the bots and the tests
#: read (``WaitingView.step``, the first field of every entry of ``tasks``), in the order
#: of the book:
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
Step = Literal[
    "setup_turtle", "setup_island_pile", "setup_roll", "begin",
    "turn", "pick_four", "lock_in_or_pick", "roll", "place", "end_turn",
    "draw", "keep", "chest", "copy", "white", "white_reef",
    "starfish_scoring", "score_starfish", "next_starfish", "open", "draw_pile",
    "diver_scoring", "fish_scoring", "pearl_scoring", "finish", "over"]
#: Every step name, in that order.
STEPS: tuple[Step, ...] = get_args(Step)
#: The set-up's steps: the dealer's, before anyone's turn (a view's ``phase`` "setup").
SETUP: frozenset[Step] = frozenset({"setup_turtle", "setup_island_pile", "setup_roll"})
#: A step still to come, top of the stack last: (step, player, extra...).
Task = tuple[Any, ...]


def final_scoring(starter: int, players: int) -> list[Task]:
    """The steps of the final scoring, top of the stack last: each player's starfish
    cards in the order of play from the starting player, then the diver, fish and pearl
    scoring, then the winner."""
    tasks: list[Task] = [("starfish_scoring", (starter + i) % players) for i in range(players)]
    tasks += [("diver_scoring", -1), ("fish_scoring", -1), ("pearl_scoring", -1), ("finish", -1)]
    return tasks[::-1]


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
    tasks: list[Task] = field(default_factory=list)
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
    #: The legal moves of the decision on top of ``tasks`` when a step worked them out
    #: already (the roll, which must know whether its dice can be placed), dropped by
    #: every step (``Coralia._apply_quiet``). A tuple, so a clone may share it; None: not
    #: worked out (always safe). Derived, so not compared.
    moves: tuple[Move, ...] | None = field(default=None, compare=False, repr=False)
    #: Whether the step on top of ``tasks`` is a chance step (asked several times per
    #: step): set by ``Coralia._advance`` each time it stops, not compared.
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
        c.tasks, c.scoring = self.tasks[:], self.scoring
        c.starfish_up, c.fish_up, c.pearls_up = self.starfish_up[:], self.fish_up, self.pearls_up
        c.starfish_to_score, c.over = list(map(list.copy, self.starfish_to_score)), self.over
        c.winners, c.before_final = self.winners[:], self.before_final[:]
        c.moves, c.chance = self.moves, self.chance
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
