"""Coralia rules: set-up, the research station, the six actions, chests and turtles, the
island, and the final scoring. Every kind of step is declared once, to the turn machine
(``Coralia.turns`` at the end, core/turns.py): who decides it or whether the dealer does,
its legal moves or outcomes, its effect and its rule. The state keeps the steps still owed,
the next first; an effect puts the steps it calls for in front of them, so they are taken
before the rest (a card drawn for a turtle comes before the end of the turn).

Chance outcomes (the seeded dealer picks them, a script may force them):

* ``turtle:<bonus>`` -- the turtle tile laid on the next reef at set-up,
* ``deal:<card>`` -- a card shuffled into the island pile at set-up,
* ``preroll:<symbol>`` (3 players) / ``preroll:<symbol>+<symbol>`` (2 players),
* ``roll:<colour>-<symbol>,...`` -- the dice rolled at the research station, in the
  station's order (the dice passed on first, the new one last),
* ``draw:<card>`` -- the top card of a pile, ``chest:<action>`` -- a revealed chest,
* ``white:<symbol>`` -- a white special die.

Decisions: ``pick:<colour>`` (a die from the supply), ``lock:<die>`` (store it on a
turtle), ``place:<die>``, ``island:<die>``, ``keep:<card>``, ``reef:<colour>`` or
``reef:island`` (a white die), ``copy:<bonus>``, ``score:<card>``, ``open:<colour>``,
``pile:<pile>``.

>>> import treasurekit as tk
>>> g = tk.setup_position("coralia", {"players": ["Jenny", "Anita"], "phase": "place",
...     "board": {"blue": ["pearl", "fish", "turtle"]},
...     "station": ["blue-octopus", "red-fish", "green-pearl", "yellow-fish"]})
>>> print(g.play("place:blue-octopus")[-2].text())
Jenny places an octopus on the blue reef and scores 4 points, one for each die there.
"""

from __future__ import annotations

import random
from bisect import bisect_right, insort
from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import accumulate, compress, product
from math import floor
from typing import Any, ClassVar, TypeVar, cast

from ...core.errors import InvalidSave
from ...core.events import Event, Narration
from ...core.game import Game
from ...core.i18n import Message, Standing
from ...core.moves import Move
from ...core.turns import AUTOMATIC, CHANCE, DECIDES, WAITS, StepRule, TurnGame, Turns
from .cards import (
    ACTIVE,
    CARD,
    CARD_INDEX,
    CARD_KINDS,
    CHEST,
    CHESTS,
    COLOUR,
    COLOUR_INDEX,
    COLOURS,
    DICE_LEFT_AT_END,
    DICE_PER_COLOUR,
    DIE,
    DIE_CODES,
    DIVER_S,
    DIVER_VALUE,
    EFFECT,
    FISH,
    FISH_KIND,
    FISH_S,
    FISH_SET_POINTS,
    GAME,
    ISLAND,
    ISLAND_FROM_EACH,
    MAX_LOCKS,
    MAX_PLAYERS,
    NCARDS,
    OCTOPUS_S,
    PEARL,
    PEARL_CARDS_BY_PLACE,
    PEARL_CARDS_LATER,
    PEARL_S,
    PEARL_VALUE,
    PER_CHEST,
    PER_FISH,
    PER_ISLAND_DIE,
    PER_PEARL,
    PER_TURTLE,
    PILE,
    PILE_CARDS,
    PILE_INDEX,
    PILE_KINDS,
    PILES,
    REEF,
    ROUNDS,
    SPACE,
    SPACES,
    STARFISH,
    STARFISH_S,
    STINGRAY,
    STINGRAYS,
    SYMBOL_INDEX,
    SYMBOLS,
    TREASURE,
    TURTLE,
    TURTLE_INDEX,
    TURTLE_S,
    TURTLES,
    TURTLES_ON_BOARD,
    WHITE,
    WHITE_FACES,
    Dice,
    Named,
    Section,
    fish_sets,
    jellyfish_gain,
)
from .position import state_from_position
from .spec import SPEC
from .state import CoraliaState, Step, StepName, final_scoring, step_of
from .view import CoraliaTable, CoraliaView, view

# The loops over the research station's four or five dice in the steps of a turn are
# plain ``for i in range(len(...))`` loops, not comprehensions or ``zip(..., strict=True)``,
# which cost more than the loop itself over so few dice (Python 3.11).

T = TypeVar("T")
COPYCAT = TURTLE_INDEX["copy"]
PER_FISH_CARD = EFFECT.index("perfish")          # the starfish cards scoring per fish / pearl
PER_PEARL_CARD = EFFECT.index("perpearl")
INVENTORY_KEYS = ([f"die:{c}" for c in COLOURS + ("white",)]
                  + [f"card:{k.code}" for k in CARD_KINDS]
                  + [f"turtle:{t}" for t in TURTLES] + [f"chest:{c}" for c in CHESTS])

# ---- moves, made once ---------------------------------------------------------------------
PICK = tuple(Move("pick", c) for c in COLOURS)
LOCK = tuple(tuple(Move("lock", f"{c}-{s}") for s in SYMBOLS) for c in COLOURS)
LOCK_DIE = tuple(m for row in LOCK for m in row)          # by die number, colour * 6 + symbol
PLACE = tuple(tuple(Move("place", f"{c}-{s}") for s in SYMBOLS) for c in COLOURS)
TO_ISLAND = tuple(tuple(Move("island", f"{c}-{s}") for s in SYMBOLS) for c in COLOURS)
KEEP = tuple(Move("keep", k.code) for k in CARD_KINDS)
REEF_MOVE = tuple(Move("reef", c) for c in COLOURS)
REEF_ISLAND = Move("reef", "island")
COPY = tuple(Move("copy", t) for t in TURTLES)
SCORE = tuple(Move("score", k.code) for k in CARD_KINDS)
OPEN = tuple(Move("open", c) for c in COLOURS)
PILE_MOVE = tuple(Move("pile", p) for p in PILES)
DRAW = tuple(Move("draw", k.code) for k in CARD_KINDS)
DEAL = tuple(Move("deal", k.code) for k in CARD_KINDS)
CHEST_MOVE = tuple(Move("chest", c) for c in CHESTS)
WHITE_MOVE = tuple(Move("white", s) for s in SYMBOLS)
WHITE_ROLLS = tuple(WHITE_MOVE[f] for f in WHITE_FACES)     # a white die's faces
TURTLE_MOVE = tuple(Move("turtle", t) for t in TURTLES)
PREROLL1 = tuple(Move("preroll", s) for s in SYMBOLS)
PREROLL2 = {(a, b): Move("preroll", f"{SYMBOLS[a]}+{SYMBOLS[b]}")
            for a in range(6) for b in range(a, 6)}
PREROLL2_SYMBOLS = {m: k for k, m in PREROLL2.items()}
DIE_NOTATION = tuple(tuple(f"{c}-{s}" for s in SYMBOLS) for c in COLOURS)
#: Move -> what it means: a legal move is looked up here, one table per kind (the notation
#: is parsed only to name what is wrong with a move no table holds).
PICKED = {m: c for c, m in enumerate(PICK)}
DRAWN = {m: k for k, m in enumerate(DRAW)}
DIE_OF: dict[Move, tuple[int, int]] = {}
for _c in range(6):
    for _s in range(6):
        for _table in (LOCK, PLACE, TO_ISLAND):
            DIE_OF[_table[_c][_s]] = (_c, _s)
ARG_INDEX: dict[str, dict[str, int]] = {
    "pick": COLOUR_INDEX, "reef": COLOUR_INDEX, "open": COLOUR_INDEX, "copy": TURTLE_INDEX,
    "keep": CARD_INDEX, "score": CARD_INDEX, "pile": PILE_INDEX, "draw": CARD_INDEX,
    "deal": CARD_INDEX, "chest": {c: i for i, c in enumerate(CHESTS)},
    "white": SYMBOL_INDEX, "turtle": TURTLE_INDEX}

SIX_POWER = (1, 6, 36, 216, 1296)


def _setup_steps(players: int) -> tuple[Step, ...]:
    """The steps of the set-up: a turtle on each reef, three cards of each pile into the
    island pile, with fewer than 4 players a roll of each colour, then the first turn."""
    steps = [Step("setup_turtle", target=reef) for reef in range(TURTLES_ON_BOARD)]
    steps += [Step("setup_island_pile", target=pile) for pile in (PEARL, FISH, STARFISH)
              for _ in range(ISLAND_FROM_EACH)]
    if players < 4:
        steps += [Step("setup_roll", target=c) for c in range(6)]
    return (*steps, Step("begin"))


#: The set-up's steps by the number of players, made once (every new game copies them).
SETUP_STEPS = {n: _setup_steps(n) for n in ROUNDS}


def _seat_steps(kind: StepName) -> tuple[Step, ...]:
    return tuple(Step(kind, p) for p in range(MAX_PLAYERS))


#: The steps of every turn for each seat, made once, as a turn calls for them.
TURN = _seat_steps("turn")
END_TURN = _seat_steps("end_turn")
LOCK_IN_OR_PICK = _seat_steps("lock_in_or_pick")
ROLL = _seat_steps("roll")
PLACE_STEP = _seat_steps("place")
SCORE_STARFISH = _seat_steps("score_starfish")
NEXT_STARFISH = _seat_steps("next_starfish")
COPY_STEP = _seat_steps("copy")
#: The first player's picks, for each seat and number of dice still to take.
PICK_FOUR = tuple({n: Step("pick_four", p, count=n) for n in range(1, 5)}
                  for p in range(MAX_PLAYERS))
#: The pearl space's two cards, and the island pile's card for a die on the island, for
#: each seat.
PEARL_DRAWS = tuple((Step("draw", p, pile=PEARL, section=Section.PEARL),) * 2
                    for p in range(MAX_PLAYERS))
ISLAND_DRAW = tuple(Step("draw", p, pile=ISLAND, section=Section.BLOCKED_SPACES)
                    for p in range(MAX_PLAYERS))
#: Draw n cards of a pile and keep one, by pile (how many, under which section): the fish
#: and starfish spaces, and a die on the island beside another player's octopus.
DRAW_CHOICES = {FISH: (2, Section.FISH), STARFISH: (3, Section.STARFISH),
                ISLAND: (2, Section.OCTOPUS_ISLAND)}
#: Their steps for each seat: the draws, then the choice.
CHOICE_STEPS = {pile: tuple((Step("draw", p, pile=pile, section=section, to_choose=True),) * n
                            + (Step("keep", p, pile=pile, section=section),)
                            for p in range(MAX_PLAYERS))
                for pile, (n, section) in DRAW_CHOICES.items()}
#: The symbol a die shows, by its notation ("blue-diver" -> 4): how a roll is read.
SYMBOL_OF_DIE: dict[str, int] = {code: sym for code, (_, sym) in DIE_CODES.items()}


def roll_symbols(text: str) -> list[int]:
    """The symbols a legal roll's text shows, in order: ``roll_symbols("blue-diver")``
    is ``[4]``."""
    return [SYMBOL_OF_DIE[die] for die in text.split(",")]


def parse_roll(arg: str) -> Dice | None:
    """``blue-diver,green-fish`` -> the dice (colour, symbol) ((1, 4), (4, 1)) in the
    station's order; None if it cannot be read."""
    if len(arg) > 200:
        return None
    dice = [DIE_CODES.get(p) for p in arg.split(",")]
    if None in dice:
        return None
    return Dice(tuple([DIE[d[0]][d[1]] for d in dice if d is not None]))


_OUTCOMES: dict[tuple[int, ...], list[tuple[Move, float]]] = {}


def roll_outcomes(colours: tuple[int, ...]) -> list[tuple[Move, float]]:
    """Every result of rolling dice of these colours (in this order), equally likely; the
    last few lists are kept (a roll is asked for several times while it is pending)."""
    found = _OUTCOMES.get(colours)
    if found is None:
        if len(_OUTCOMES) >= 32:
            _OUTCOMES.clear()
        p = 1 / 6 ** len(colours)
        found = [(Move("roll", ",".join(parts)), p)
                 for parts in product(*(DIE_NOTATION[c] for c in colours))]
        _OUTCOMES[colours] = found
    return found


#: For n equally likely outcomes (n = 1..8: at most the 8 turtles or chests): the running
#: totals of their probabilities, added up exactly as core.chance.pick() adds them, so
#: bisecting them picks the outcome pick() would pick (rounding included) without
#: building the list of outcomes.
UNIFORM_STEPS = {n: tuple(accumulate([1 / n] * n))
                 for n in range(1, max(len(TURTLES), len(CHESTS), len(SYMBOLS)) + 1)}


def uniform_pick(options: Sequence[T], x: float) -> T:
    """The option that the dealer's number ``x`` picks among equally likely ``options``."""
    n = len(options)
    return options[min(bisect_right(UNIFORM_STEPS[n], x), n - 1)]


# ---- scoring helpers (pure functions of a state) ------------------------------------------
def diver_points(s: CoraliaState, reef: int) -> int:
    """Diver scoring of one reef: the values of its occupied symbol spaces (at most 15)."""
    b = s.board
    i = reef * SPACES
    return sum([v for v, x in zip(DIVER_VALUE, b[i:i + 6], strict=True) if x >= 0])


def fish_cards(hand: list[int]) -> list[str]:
    return [FISH_KIND[k] for k in hand if FISH_KIND[k]]


def pearl_cards(hand: list[int]) -> list[int]:
    """The pearl values of a hand's cards, highest first."""
    return sorted([PEARL_VALUE[k] for k in hand if PEARL_VALUE[k]], reverse=True)


def pearl_places(pearls: list[list[int]]) -> list[int]:
    """Each player's place in the pearl scoring (0: first), or -1 without pearl cards,
    from everyone's ``pearl_cards``. Higher total first, then more pearl cards; players
    equal in both share a place and the next player's place counts everyone ahead."""
    keys = [(sum(values), len(values)) for values in pearls]
    return [len([q for q in keys if q > k]) if k[1] else -1 for k in keys]


def pearl_points(pearls: list[int], place: int) -> int:
    """What a player's ``pearl_cards`` score at ``place`` (their best few cards)."""
    if place < 0:
        return 0
    n = PEARL_CARDS_BY_PLACE[place] if place < len(PEARL_CARDS_BY_PLACE) else PEARL_CARDS_LATER
    return sum(pearls[:n])


class Coralia(TurnGame[CoraliaState]):
    """2 to 4 marine biologists place dice on six reefs."""

    name = GAME
    variants = SPEC.variants                      # declared once, in spec.py
    min_players, max_players = SPEC.min_players, SPEC.max_players
    #: Take-backs (``Game.take_back_limit``) stop, besides chance (rolls, cards drawn,
    #: chests, white dice), where the final scoring turns cards face up in the book's
    #: order ("ENDING THE GAME AND SCORING"): a player's starfish cards when that player
    #: scores them (and a starfish card kept then, after a white die's starfish action),
    #: then everyone's fish cards, then the pearl cards -- news to everyone but their
    #: owner. During the game every card is drawn through a chance step and kept face
    #: down, and a card kept is named to its owner only.
    revealing_events: ClassVar[Mapping[str, str | None]] = {
        "reveal": "player", "keep_open": "player", "show_fish": "player",
        "show_pearls": "player"}
    #: the rule each refusal rests on (IllegalMove.section); the others cite the
    #: decision at hand
    refusals: ClassVar[Mapping[str, Section]] = {
        f"{GAME}.error.octopuses_placed": Section.OCTOPUS,
        f"{GAME}.error.space_taken": Section.BLOCKED_SPACES,
        f"{GAME}.error.space_free": Section.BLOCKED_SPACES,
        f"{GAME}.error.locks_max": Section.LOCK_IN,
        f"{GAME}.error.locks_turtles": Section.LOCK_IN,
        f"{GAME}.error.lock_none": Section.LOCK_IN,
        f"{GAME}.error.no_die": Section.COURSE_OF_THE_GAME,
        f"{GAME}.error.place_write": Section.COURSE_OF_THE_GAME,
    }

    def _event(self, kind: str, section: Section, *params: tuple[str, Any],
               seen: tuple[int, ...] = ()) -> Event:
        return Event(GAME, kind, section, params, seen)

    # ---- set-up ----------------------------------------------------------------------------
    def _initial_state(self) -> CoraliaState:
        n = len(self.players)
        s = CoraliaState.empty(n)
        s.piles[:3] = [list(c) for c in PILE_CARDS]
        s.turtles_beside = list(range(len(TURTLES)))    # still in the bag during set-up
        s.chest_pool = list(range(len(CHESTS)))
        s.stingrays = STINGRAYS
        s.supply = [DICE_PER_COLOUR] * 6
        s.steps = list(SETUP_STEPS[n])
        self.opening: list[Event] = []
        self._advance(s, self.opening)
        return s

    def _state_from_position(self, desc: dict[str, Any]) -> CoraliaState:
        s = state_from_position(self, desc)
        if s.steps[:1] == [PLACE_STEP[s.turn]] and not self._place_moves(s, s.turn):
            raise InvalidSave(f"{GAME}.error.none_placeable")
        #: What the rules did on their own before the first step (e.g. a scoring position
        #: runs until the first decision): shown before ``events``.
        self.opening = []
        self._advance(s, self.opening)
        return s

    # ---- chance: the outcomes of each of the dealer's steps --------------------------------
    def _to_roll(self, s: CoraliaState) -> list[int]:
        return [s.station_colours[i] for i, x in enumerate(s.station_symbols) if x < 0]

    def _roll_outcomes(self, s: CoraliaState, step: Step) -> list[tuple[Move, float]]:
        return list(roll_outcomes(tuple(self._to_roll(s))))

    def _deal_roll(self, s: CoraliaState, step: Step, x: float) -> Move:
        """The roll the dealer's number ``x`` picks: outcome number ``n = floor(x * 6**d)``
        of rolling the d dice to roll, the first die showing symbol ``n % 6``, the next
        ``n // 6 % 6``, and so on."""
        colours = s.station_colours                  # usually every die on the station rolls
        if s.station_symbols.count(-1) < len(colours):
            colours = [c for c, sym in zip(colours, s.station_symbols, strict=True) if sym < 0]
        n = floor(x * SIX_POWER[len(colours)])
        parts: list[str] = []
        for c in colours:
            parts.append(DIE_NOTATION[c][n % 6])
            n //= 6
        return Move("roll", ",".join(parts))

    def _preroll_outcomes(self, s: CoraliaState, step: Step) -> list[tuple[Move, float]]:
        if s.players == 2:
            return [(m, (1 if a == b else 2) / 36) for (a, b), m in PREROLL2.items()]
        return [(m, 1 / 6) for m in PREROLL1]

    def _deal_preroll(self, s: CoraliaState, step: Step, x: float) -> Move:
        if s.players == 2:
            a, b = divmod(floor(x * 36), 6)
            return PREROLL2[min(a, b), max(a, b)]
        return uniform_pick(PREROLL1, x)

    def _white_outcomes(self, s: CoraliaState, step: Step) -> list[tuple[Move, float]]:
        return [(WHITE_MOVE[f], 1 / len(WHITE_FACES)) for f in WHITE_FACES]

    def _deal_white(self, s: CoraliaState, step: Step, x: float) -> Move:
        return uniform_pick(WHITE_ROLLS, x)

    def _turtle_outcomes(self, s: CoraliaState, step: Step) -> list[tuple[Move, float]]:
        bag = s.turtles_beside
        return [(TURTLE_MOVE[t], 1 / len(bag)) for t in sorted(bag)]

    def _deal_turtle(self, s: CoraliaState, step: Step, x: float) -> Move:
        return TURTLE_MOVE[uniform_pick(sorted(s.turtles_beside), x)]

    def _chest_outcomes(self, s: CoraliaState, step: Step) -> list[tuple[Move, float]]:
        pool = s.chest_pool
        return [(CHEST_MOVE[c], 1 / len(pool)) for c in sorted(pool)]

    def _deal_chest(self, s: CoraliaState, step: Step, x: float) -> Move:
        return CHEST_MOVE[uniform_pick(sorted(s.chest_pool), x)]

    def _card_outcomes(self, s: CoraliaState, step: Step) -> list[tuple[Move, float]]:
        """A card off a pile (``draw``) or into the island pile at set-up (``deal``): each
        kind as often as the shuffled part holds it, or the top card put back under."""
        setup = step.kind == "setup_island_pile"
        pile = step.target if setup else step.pile
        moves = DEAL if setup else DRAW
        cards = s.piles[pile]
        total = len(cards)
        if not total:
            return [(moves[s.bottoms[pile][0]], 1.0)]
        counts = [(k, cards.count(k)) for k in PILE_KINDS[pile]]
        return [(moves[k], c / total) for k, c in counts if c]

    def _deal_card(self, s: CoraliaState, step: Step, x: float) -> Move:
        """The card at place ``floor(x * cards)`` of the pile's shuffled part (kept in kind
        order), or the top card put back under it."""
        cards = s.piles[step.pile]
        if not cards:
            return DRAW[s.bottoms[step.pile][0]]
        return DRAW[cards[floor(x * len(cards))]]

    def _deal_island_card(self, s: CoraliaState, step: Step, x: float) -> Move:
        cards = s.piles[step.target]                # (never used up during the set-up)
        return DEAL[cards[floor(x * len(cards))]]

    def _is_legal(self, s: CoraliaState, move: Move) -> bool:
        if s.chance:
            if s.steps[0].kind == "roll":
                if move.kind != "roll":
                    return False
                roll = parse_roll(move.arg)
                return roll is not None and [d.colour for d in roll.dice] == self._to_roll(s)
            return any(m == move for m, _ in self._chance_outcomes(s))
        if s.over:
            return False
        return move in self._legal(s)

    # ---- legal moves: one method per kind of decision --------------------------------------
    def _lock_or_pick_moves(self, s: CoraliaState, step: Step) -> tuple[Move, ...]:
        """Store a die on a turtle (one per turtle, at most 3), each die once by number
        (colour * 6 + symbol, so they sort by colour, then symbol), or take a die of a
        colour left in the supply."""
        picks = PICK if 0 not in s.supply else tuple(compress(PICK, s.supply))
        locked = s.station_locked
        stored = locked.count(True)
        if stored >= len(s.turtles[step.player]) or stored >= MAX_LOCKS:
            return picks
        symbols = s.station_symbols
        free: list[int] = []
        for i, c in enumerate(s.station_colours):        # a plain loop (see the top)
            if not locked[i]:
                die = c * 6 + symbols[i]
                if die not in free:
                    free.append(die)
        free.sort()
        return (*map(LOCK_DIE.__getitem__, free), *picks)

    def _pick_four_moves(self, s: CoraliaState, step: Step) -> list[Move]:
        return [PICK[c] for c in range(6) if s.supply[c] and c not in s.station_colours]

    def _place_step_moves(self, s: CoraliaState, step: Step) -> tuple[Move, ...]:
        return self._place_moves(s, step.player)

    def _place_moves(self, s: CoraliaState, p: int) -> tuple[Move, ...]:
        """Where the rolled dice may go, each move once: a die to its free space on its
        reef (an octopus only while ``p`` has one left), or to the island if it is taken."""
        board = s.board
        octopus_left = s.octopus_left[p] > 0
        symbols = s.station_symbols
        out: dict[Move, None] = {}              # each move once, in the station's order
        for i, c in enumerate(s.station_colours):        # a plain loop (see the top)
            sym = symbols[i]
            if board[c * SPACES + sym] < 0:
                if sym == OCTOPUS_S and not octopus_left:
                    continue
                out[PLACE[c][sym]] = None
            else:
                out[TO_ISLAND[c][sym]] = None
        return tuple(out)

    def _keep_moves(self, s: CoraliaState, step: Step) -> list[Move]:
        return [KEEP[k] for k in sorted(set(s.drawn))]

    def _white_reef_moves(self, s: CoraliaState, step: Step) -> list[Move]:
        reefs = self._white_reefs(s, step.player, step.symbol)
        return [REEF_MOVE[r] for r in reefs] if reefs else [REEF_ISLAND]

    def _white_reefs(self, s: CoraliaState, p: int, sym: int) -> list[int]:
        if sym == OCTOPUS_S and not s.octopus_left[p]:
            return []
        return [r for r in range(6) if s.board[r * SPACES + sym] < 0]

    def _copy_moves(self, s: CoraliaState, step: Step) -> list[Move]:
        return [COPY[t] for t in sorted(set(s.turtles_beside)) if t != COPYCAT]

    def _score_moves(self, s: CoraliaState, step: Step) -> list[Move]:
        return [SCORE[k] for k in sorted(set(s.starfish_to_score[step.player]))]

    def _open_moves(self, s: CoraliaState, step: Step) -> list[Move]:
        return [OPEN[step.reef], OPEN[step.other_reef]]

    def _pile_moves(self, s: CoraliaState, step: Step) -> list[Move]:
        used = step.piles_used
        return [PILE_MOVE[i] for i in range(4) if not used >> i & 1 and s.pile_size(i)]

    # ---- steps that may need nobody ----------------------------------------------------------
    def _pile_used_up(self, s: CoraliaState, step: Step, ev: Narration) -> bool:
        """A card drawn from a pile with none left (its shuffled part and the cards put
        back under it) is not drawn: the step is over."""
        pile = step.pile
        if s.piles[pile] or s.bottoms[pile]:
            return False
        s.steps.pop(0)
        if ev is not None:
            ev.append(self._event("pile_empty", step.section,
                                  ("player", self.players[step.player]),
                                  ("pile", PILE[pile])))
        return True

    def _nothing_drawn(self, s: CoraliaState, step: Step, ev: Narration) -> bool:
        """No card to keep when every draw found its pile used up."""
        if s.drawn:
            return False
        s.steps.pop(0)
        return True

    def _no_pile_left(self, s: CoraliaState, step: Step, ev: Narration) -> bool:
        """A starfish card's draws end when no pile it may still draw from has a card."""
        if self._pile_moves(s, step):
            return False
        s.steps.pop(0)
        return True

    def _why_illegal(self, s: CoraliaState, move: Move) -> Message:
        if len(move.arg) > 40:                     # never echo a hostile text in full
            move = Move(move.kind, move.arg[:37] + "...")
        step = s.steps[0]
        kind = step.kind
        legal = ", ".join(str(m) for m in self.legal_moves()[:12])
        legal = legal if len(legal) <= 160 else legal[:157] + "..."   # reasons stay short
        if s.chance:
            if kind == "roll":
                colours = [COLOURS[c] for c in self._to_roll(s)]
                return Message.of(f"{GAME}.error.rolling", colours=", ".join(colours),
                                  example=",".join(c + "-pearl" for c in colours))
            return Message.of(f"{GAME}.error.chance_due", legal=legal)
        me = self.players[step.player]
        if kind == "place":
            die = DIE_CODES.get(move.arg)
            if move.kind not in ("place", "island") or die is None:
                return Message.of(f"{GAME}.error.place_write", player=me, legal=legal)
            c, sym = die
            if die not in zip(s.station_colours, s.station_symbols, strict=True):
                return Message.of(f"{GAME}.error.no_die", die=move.arg)
            free = s.board[c * SPACES + sym] < 0
            if move.kind == "place" and not free:
                return Message.of(f"{GAME}.error.space_taken", space=SPACE[sym], reef=REEF[c])
            if move.kind == "place":
                return Message.of(f"{GAME}.error.octopuses_placed", player=me)
            return Message.of(f"{GAME}.error.space_free", space=SPACE[sym], reef=REEF[c])
        if kind == "lock_in_or_pick" and move.kind == "lock":
            turtles = len(s.turtles[step.player])
            if sum(s.station_locked) >= MAX_LOCKS:
                return Message.of(f"{GAME}.error.locks_max", limit=MAX_LOCKS)
            if sum(s.station_locked) >= turtles:
                return Message.of(f"{GAME}.error.locks_turtles", player=me, count=turtles)
            return Message.of(f"{GAME}.error.lock_none", die=move.arg)
        if kind == "pick_four" and move.kind == "pick":
            return Message.of(f"{GAME}.error.pick_four")
        if kind == "lock_in_or_pick" and move.kind == "pick":
            return Message.of(f"{GAME}.error.supply_none", colour=move.arg)
        return Message.of(f"{GAME}.error.must_choose", player=me, legal=legal)

    # ---- set-up steps --------------------------------------------------------------------
    def _setup_turtle(self, s: CoraliaState, step: Step, move: Move, ev: Narration) -> None:
        t = TURTLE_INDEX[move.arg]
        s.turtles_beside.remove(t)
        s.turtle_on_reef[step.target] = t
        if ev is not None:
            ev.append(self._event("setup_turtle", Section.SET_UP, ("reef", REEF[step.target]),
                                  ("turtle", TURTLE[t])))

    def _setup_island_pile(self, s: CoraliaState, step: Step, move: Move, ev: Narration) -> None:
        k = CARD_INDEX[move.arg]
        self._take(s, step.target, k)
        insort(s.piles[ISLAND], k)
        if ev is not None and s.pile_size(ISLAND) == 3 * ISLAND_FROM_EACH:
            ev.append(self._event("setup_island", Section.SET_UP, ("count", 3 * ISLAND_FROM_EACH)))

    def _setup_roll(self, s: CoraliaState, step: Step, move: Move, ev: Narration) -> None:
        c = step.target
        symbols = PREROLL2_SYMBOLS[move] if s.players == 2 else (SYMBOL_INDEX[move.arg],)
        placed: set[int] = set()
        for sym in symbols:
            s.supply[c] -= 1
            die = DIE[c][sym]
            if sym in placed:
                s.island[c] += 1
                if ev is not None:
                    ev.append(self._event("preroll_island", Section.FEWER_PLAYERS, ("die", die)))
                continue
            placed.add(sym)
            if sym == DIVER_S:
                s.board[c * SPACES + TREASURE] = c
                if ev is not None:
                    ev.append(self._event("preroll_treasure", Section.FEWER_PLAYERS, ("die", die),
                                          ("reef", REEF[c])))
            elif sym == TURTLE_S:
                s.board[c * SPACES + sym] = c
                t = s.turtle_on_reef[c]
                s.turtle_on_reef[c] = -1
                s.turtles_beside.append(t)
                if ev is not None:
                    ev.append(self._event("preroll_turtle", Section.FEWER_PLAYERS, ("die", die),
                                          ("turtle", TURTLE[t])))
            else:
                s.board[c * SPACES + sym] = c
                if ev is not None:
                    ev.append(self._event("preroll", Section.FEWER_PLAYERS, ("die", die)))

    def _begin(self, s: CoraliaState, step: Step, move: Move, ev: Narration) -> None:
        if ev is not None:
            ev.append(self._event("start", Section.SET_UP, ("player", self.players[s.starter]),
                                  ("count", ROUNDS[s.players])))
        s.turn = s.starter
        s.steps.insert(0, TURN[s.starter])

    # ---- the research station -----------------------------------------------------------
    def _turn(self, s: CoraliaState, step: Step, move: Move, ev: Narration) -> None:
        self._start_turn(s, step.player)

    def _start_turn(self, s: CoraliaState, p: int) -> None:
        s.turn = p
        first = LOCK_IN_OR_PICK[p] if s.station_colours else PICK_FOUR[p][4]
        s.steps[0:0] = (first, END_TURN[p])

    def _pick_four(self, s: CoraliaState, step: Step, move: Move, ev: Narration) -> None:
        p, c = step.player, COLOUR_INDEX[move.arg]
        s.supply[c] -= 1
        s.station_colours.append(c)
        s.station_symbols.append(-1)
        s.station_locked.append(False)
        if step.count > 1:
            if ev is not None:
                ev.append(self._event("pick_one", Section.COURSE_OF_THE_GAME,
                                      ("player", self.players[p]),
                                      ("colour", Named("adj", COLOURS[c])),
                                      ("count", step.count - 1)))
            s.steps.insert(0, PICK_FOUR[p][step.count - 1])
        else:
            if ev is not None:
                ev.append(self._event("pick_four", Section.COURSE_OF_THE_GAME,
                                      ("player", self.players[p]),
                                      ("colours", tuple(COLOUR[x] for x in s.station_colours))))
            s.steps.insert(0, ROLL[p])

    def _lock_in_or_pick(self, s: CoraliaState, step: Step, move: Move, ev: Narration) -> None:
        p = step.player
        c = PICKED.get(move, -1)
        if c < 0:                               # lock:<die>
            c, sym = DIE_OF[move]
            for i in range(len(s.station_colours)):
                if (s.station_colours[i] == c and s.station_symbols[i] == sym
                        and not s.station_locked[i]):
                    s.station_locked[i] = True
                    break
            if ev is not None:
                ev.append(Event(GAME, "lock", Section.LOCK_IN, (("player", self.players[p]),
                                                          ("die", DIE[c][sym])), ()))
            s.steps.insert(0, step)              # the same decision again
            return
        s.supply[c] -= 1                        # pick:<colour>
        s.station_colours.append(c)
        s.station_locked.append(False)
        if True in s.station_locked:                   # dice stored on turtles keep their symbols
            symbols, locked = s.station_symbols, s.station_locked
            for i in range(len(symbols)):       # a plain loop (see the top)
                if not locked[i]:
                    symbols[i] = -1
            symbols.append(-1)
        else:
            s.station_symbols = [-1] * len(s.station_colours)
        if ev is not None:
            ev.append(Event(GAME, "pick", Section.COURSE_OF_THE_GAME, (
                ("player", self.players[p]), ("colour", COLOUR[c]),
                ("count", s.station_locked.count(False))), ()))
        s.steps.insert(0, ROLL[p])

    def _roll(self, s: CoraliaState, step: Step, move: Move, ev: Narration) -> None:
        p = step.player
        rolled = roll_symbols(move.arg)         # the rolled dice in the station's order
        symbols = s.station_symbols             # the dice to roll show -1; the others
        if len(rolled) == len(symbols):         # were stored on turtles
            s.station_symbols = rolled          # every die rolled
        else:
            k = 0
            for i in range(len(symbols)):       # a plain loop (see the top)
                if symbols[i] < 0:
                    symbols[i] = rolled[k]
                    k += 1
        if ev is not None:
            ev.append(Event(GAME, "roll", Section.COURSE_OF_THE_GAME,
                            (("player", self.players[p]), ("dice", parse_roll(move.arg))),
                            ()))
        moves = self._place_moves(s, p)
        if moves:
            s.steps.insert(0, PLACE_STEP[p])    # waits for a move
            s.legal = moves                     # its legal moves, worked out already
            return
        for i in range(len(s.station_symbols)):
            s.station_symbols[i] = -1
            s.station_locked[i] = False
        if ev is not None:
            ev.append(self._event("reroll", Section.OCTOPUS_ISLAND, ("player", self.players[p])))
        s.steps.insert(0, ROLL[p])

    def _place(self, s: CoraliaState, step: Step, move: Move, ev: Narration) -> None:
        p = step.player
        c, sym = DIE_OF[move]
        i = s.station_colours.index(c)                   # the first die of colour c showing sym
        while s.station_symbols[i] != sym:               # (a legal move: there is one)
            i = s.station_colours.index(c, i + 1)
        del s.station_colours[i], s.station_symbols[i], s.station_locked[i]
        space = c * SPACES + sym
        if s.board[space] >= 0:                 # taken: island:<die> (legal moves say so)
            self._to_island(s, p, c, sym, ev)
            return
        s.board[space] = c
        if ev is not None:
            ev.append(Event(GAME, "place", Section.COURSE_OF_THE_GAME, (
                ("player", self.players[p]), ("die", DIE[c][sym]), ("reef", REEF[c])), ()))
        self._action(s, p, c, sym, ev)

    def _to_island(self, s: CoraliaState, p: int, c: int, sym: int, ev: Narration) -> None:
        s.island[c] += 1
        me = self.players[p]
        if ev is not None:
            ev.append(self._event("island", Section.BLOCKED_SPACES, ("player", me),
                                  ("die", DIE[c][sym])))
        owner = s.octopus[c]
        if owner < 0 or owner == p:
            if owner == p:
                s.points[p] += 2
                if ev is not None:
                    ev.append(self._event("octopus_island_own", Section.OCTOPUS_ISLAND,
                                          ("player", me), ("reef", REEF[c])))
            s.steps.insert(0, ISLAND_DRAW[p])
            return
        s.points[owner] += 2
        if ev is not None:
            ev.append(self._event("octopus_island", Section.OCTOPUS_ISLAND,
                                  ("owner", self.players[owner]), ("reef", REEF[c]),
                                  ("player", me)))
        self._draw_choice(s, p, ISLAND)

    def _draw_choice(self, s: CoraliaState, p: int, pile: int) -> None:
        """Draw cards of ``pile`` and keep one (``CHOICE_STEPS``)."""
        s.drawn = []
        s.drawer = p
        s.steps[0:0] = CHOICE_STEPS[pile][p]

    # ---- the six actions ---------------------------------------------------------------------
    def _action(self, s: CoraliaState, p: int, reef: int, sym: int, ev: Narration) -> None:
        me = self.players[p]
        if sym == PEARL_S:                                  # two cards
            s.steps[0:0] = PEARL_DRAWS[p]
        elif sym == FISH_S:
            self._draw_choice(s, p, FISH)
        elif sym == STARFISH_S:
            self._draw_choice(s, p, STARFISH)
        elif sym == OCTOPUS_S:
            s.octopus[reef] = p
            s.octopus_left[p] -= 1
            gained = s.reef_dice(reef)
            s.points[p] += gained
            if ev is not None:
                ev.append(self._event("octopus", Section.OCTOPUS, ("player", me),
                                      ("reef", REEF[reef]), ("count", gained)))
            for r in range(6):
                owner = s.octopus[r]
                if r != reef and owner >= 0:
                    s.points[owner] += 1
                    if ev is not None:
                        ev.append(self._event("octopus_bonus", Section.OCTOPUS,
                                              ("owner", self.players[owner]), ("reef", REEF[r])))
        elif sym == DIVER_S:
            old = s.diver[p]
            s.diver[p] = reef
            if old < 0:
                if ev is not None:
                    ev.append(self._event("diver", Section.DIVER, ("player", me),
                                          ("reef", REEF[reef])))
                return
            b = s.board
            if b[old * SPACES + TREASURE] < 0:
                b[old * SPACES + TREASURE] = b[old * SPACES + DIVER_S]
                b[old * SPACES + DIVER_S] = -1
                if ev is not None:
                    ev.append(self._event("diver_move", Section.DIVER, ("player", me),
                                          ("old", REEF[old]), ("reef", REEF[reef])))
                if s.chest_on_reef[old]:
                    s.chest_on_reef[old] = False
                    s.steps.insert(0, step_of("chest", p, reef=old, section=Section.DIVER))
            else:
                if ev is not None:
                    ev.append(self._event("diver_stays", Section.DIVER, ("player", me),
                                          ("old", REEF[old]), ("reef", REEF[reef])))
        else:                                               # turtle
            t = s.turtle_on_reef[reef]
            s.turtle_on_reef[reef] = -1
            s.turtles[p].append(t)
            if ev is not None:
                ev.append(self._event("turtle", Section.TURTLE, ("player", me),
                                      ("turtle", TURTLE[t])))
            self._effect(s, p, TURTLES[t], Section.TURTLE_BONUSES, ev)

    def _effect(self, s: CoraliaState, p: int, what: str, section: Section,
                ev: Narration) -> None:
        """A chest action or a turtle bonus (they share most effects)."""
        me = self.players[p]
        if what in ("fish", "pearl", "starfish", "island"):
            s.steps.insert(0, step_of("draw", p, pile=PILE_INDEX[what], section=section))
        elif what == "island_dice":
            n = s.island_dice() * PER_ISLAND_DIE
            s.points[p] += n
            if ev is not None:
                ev.append(self._event("island_points", section, ("player", me), ("count", n)))
        elif what == "stingray":
            if s.stingrays:
                s.stingrays -= 1
                self._gain(s, p, STINGRAY)
                if ev is not None:
                    ev.append(self._event("stingray", section, ("player", me)))
            else:
                if ev is not None:
                    ev.append(self._event("no_stingray", section, ("player", me)))
        elif what == "white":
            if s.white_island:
                s.white_island -= 1
                s.steps.insert(0, step_of("white", p, section=section))
            else:
                if ev is not None:
                    ev.append(self._event("no_white", section, ("player", me)))
        elif what == "jellyfish":
            n = jellyfish_gain(s.points[p])
            s.points[p] += n
            if ev is not None:
                ev.append(self._event("jellyfish", section, ("player", me), ("count", n),
                                      ("total", s.points[p])))
        elif what == "copy":            # another turtle's bonus: never the copycat's own
            if any(t != COPYCAT for t in s.turtles_beside):
                s.steps.insert(0, COPY_STEP[p])
            else:
                if ev is not None:
                    ev.append(self._event("no_copy", section, ("player", me)))
        else:                                               # "chest": one beside the board
            if s.chests_beside:
                s.chests_beside -= 1
                s.steps.insert(0, step_of("chest", p, section=section))
            else:
                if ev is not None:
                    ev.append(self._event("no_chest", section, ("player", me)))

    def _copy(self, s: CoraliaState, step: Step, move: Move, ev: Narration) -> None:
        p, t = step.player, TURTLE_INDEX[move.arg]
        if ev is not None:
            ev.append(self._event("copy", Section.TURTLE_BONUSES, ("player", self.players[p]),
                                  ("turtle", TURTLE[t])))
        self._effect(s, p, TURTLES[t], Section.TURTLE_BONUSES, ev)

    def _chest(self, s: CoraliaState, step: Step, move: Move, ev: Narration) -> None:
        p, where = step.player, step.reef
        c = CHESTS.index(move.arg)
        s.chest_pool.remove(c)
        s.chests[p].append(c)
        params: tuple[tuple[str, Any], ...] = (("player", self.players[p]), ("chest", CHEST[c]))
        if where >= 0:
            if ev is not None:
                ev.append(self._event("chest", step.section, *params, ("reef", REEF[where])))
        else:
            if ev is not None:
                ev.append(self._event("chest_beside", step.section, *params))
        self._effect(s, p, CHESTS[c], Section.TREASURE_CHESTS, ev)

    def _white(self, s: CoraliaState, step: Step, move: Move, ev: Narration) -> None:
        p, sym = step.player, SYMBOL_INDEX[move.arg]
        if ev is not None:
            ev.append(self._event("white_roll", step.section, ("player", self.players[p]),
                                  ("die", DIE[WHITE][sym])))
        s.steps.insert(0, step_of("white_reef", p, symbol=sym))

    def _white_reef(self, s: CoraliaState, step: Step, move: Move, ev: Narration) -> None:
        p, sym = step.player, step.symbol
        me = self.players[p]
        if move == REEF_ISLAND:
            s.white_island += 1
            if ev is not None:
                ev.append(self._event("white_island", Section.BLOCKED_SPACES, ("player", me),
                                      ("die", DIE[WHITE][sym])))
            s.steps.insert(0, ISLAND_DRAW[p])
            return
        r = COLOUR_INDEX[move.arg]
        s.board[r * SPACES + sym] = WHITE
        if ev is not None:
            ev.append(self._event("white_place", Section.TREASURE_CHESTS, ("player", me),
                                  ("die", DIE[WHITE][sym]), ("reef", REEF[r])))
        self._action(s, p, r, sym, ev)

    # ---- cards ---------------------------------------------------------------------------
    def _take(self, s: CoraliaState, pile: int, k: int) -> None:
        """Take card kind ``k`` off the top of a pile (the shuffled part, then the bottom)."""
        cards = s.piles[pile]
        if cards:
            cards.remove(k)
        else:
            s.bottoms[pile].pop(0)

    def _gain(self, s: CoraliaState, p: int, k: int) -> None:
        s.hands[p].append(k)
        if s.scoring and ACTIVE[k]:
            s.starfish_to_score[p].append(k)

    def _draw(self, s: CoraliaState, step: Step, move: Move, ev: Narration) -> None:
        p, pile, section = step.player, step.pile, step.section
        k = DRAWN[move]
        self._take(s, pile, k)
        if step.to_choose:
            s.drawn.append(k)
        else:
            self._gain(s, p, k)
        if ev is not None:
            params = (("player", self.players[p]), ("pile", PILE[pile]), ("card", CARD[k]))
            if step.to_choose:                  # drawn to choose from: only the drawer sees
                ev.append(Event(GAME, "draw_choice", section, params, (p,)))
            else:                               # face down, but for a starfish card drawn
                ev.append(Event(GAME, "draw", section, params,    # in one's own
                                () if s.face_up(p, k) else (p,)))  # starfish scoring

    def _keep(self, s: CoraliaState, step: Step, move: Move, ev: Narration) -> None:
        p, pile = step.player, step.pile
        k = CARD_INDEX[move.arg]
        s.drawn.remove(k)
        back = len(s.drawn)
        s.bottoms[pile].extend(s.drawn)
        s.drawn = []
        s.drawer = -1
        self._gain(s, p, k)
        if ev is not None:                      # face down, but for a starfish card kept
            params = (("player", self.players[p]), ("card", CARD[k]),  # in one's own
                      ("pile", PILE[pile]), ("count", back))           # starfish scoring
            ev.append(self._event("keep_open", step.section, *params) if s.face_up(p, k)
                         else self._event("keep", step.section, *params, seen=(p,)))

    # ---- end of a turn, end of the game --------------------------------------------------
    def _end_turn(self, s: CoraliaState, step: Step, move: Move, ev: Narration) -> None:
        station = s.station_colours
        if True in s.station_locked:                   # the dice stored this turn are free again
            s.station_locked = [False] * len(station)
        if s.dice_left() <= DICE_LEFT_AT_END[s.players]:
            self._start_scoring(s, ev)
            return
        next_seat = (step.player + 1) % s.players
        if ev is not None:
            symbols = s.station_symbols
            passed = Dice(tuple([DIE[c][symbols[i]] for i, c in enumerate(station)]))
            ev.append(Event(GAME, "pass", Section.COURSE_OF_THE_GAME,
                            (("player", self.players[next_seat]), ("dice", passed)), ()))
        self._start_turn(s, next_seat)

    def _order(self, s: CoraliaState) -> list[int]:
        return [(s.starter + i) % s.players for i in range(s.players)]

    def _start_scoring(self, s: CoraliaState, ev: Narration) -> None:
        s.scoring = True
        if ev is not None:
            ev.append(self._event("end", Section.ENDING, ("count", s.dice_left()),
                                  ("player", self.players[s.starter])))
        s.steps[0:0] = final_scoring(s.starter, s.players)

    def _show(self, s: CoraliaState, kind: str, pile: int, section: Section,
              ev: Narration) -> None:
        """Everyone turns the cards of one pile face up, in the order of play (the fish
        and pearl scoring), and the events name them."""
        if ev is None:
            return
        for p in self._order(s):
            cards = sorted([k for k in s.hands[p] if CARD_KINDS[k].pile == pile
                            or (pile == FISH and k == STINGRAY)])
            if cards:
                ev.append(self._event(kind, section, ("player", self.players[p]),
                                      ("cards", tuple([CARD[k] for k in cards])),
                                      ("count", len(cards))))

    def _starfish_scoring(self, s: CoraliaState, step: Step, move: Move, ev: Narration) -> None:
        """A player's starfish card scoring begins: they (and only they, in the order of
        play) turn their starfish cards face up; their fish and pearl cards stay face down
        until those steps, and so do the later players' starfish cards."""
        p = step.player
        s.turn = p
        s.starfish_up[p] = True
        s.starfish_to_score[p] = [k for k in s.hands[p] if ACTIVE[k]]
        if ev is not None:
            starfish = sorted([k for k in s.hands[p] if CARD_KINDS[k].pile == STARFISH])
            if starfish:
                ev.append(self._event("reveal", Section.STARFISH_SCORING,
                                      ("player", self.players[p]),
                                      ("cards", tuple([CARD[k] for k in starfish])),
                                      ("count", len(starfish))))
            else:
                ev.append(self._event("no_starfish", Section.STARFISH_SCORING,
                                      ("player", self.players[p])))
        if s.starfish_to_score[p]:
            s.steps.insert(0, SCORE_STARFISH[p])

    def _score_starfish(self, s: CoraliaState, step: Step, move: Move, ev: Narration) -> None:
        p = step.player
        k = CARD_INDEX[move.arg]
        s.starfish_to_score[p].remove(k)
        s.steps.insert(0, NEXT_STARFISH[p])
        me = self.players[p]
        effect = EFFECT[k]
        section = Section.STARFISH_SCORING

        def points(n: int) -> None:
            s.points[p] += n
            if ev is not None:
                ev.append(self._event("sf_points", section, ("player", me), ("card", CARD[k]),
                                      ("count", n)))

        if effect == "island":
            points(s.island_dice() * PER_ISLAND_DIE)
        elif effect == "chests":
            points(len(s.chests[p]) * PER_CHEST)
        elif effect == "turtles":
            points(len(s.turtles[p]) * PER_TURTLE)
        elif effect == "jellyfish":
            points(jellyfish_gain(s.points[p]))
        elif effect == "recover":
            if ev is not None:
                ev.append(self._event("sf_card", section, ("player", me), ("card", CARD[k])))
            self._effect(s, p, "chest", section, ev)
        elif effect == "treasure":
            a, b = CARD_KINDS[k].colours
            there = [c for c in (a, b) if s.chest_on_reef[c]]
            if ev is not None:
                ev.append(self._event("sf_treasure", section, ("player", me), ("card", CARD[k]),
                                      ("count", len(there))))
            if len(there) == 2:
                s.steps.insert(0, step_of("open", p, reef=a, other_reef=b))
            elif there:
                self._collect(s, p, there[0])
        else:                                               # "draw"
            colours = CARD_KINDS[k].colours
            n = (sum(1 for c in s.station_colours if c in colours)
                 + sum(s.supply[c] for c in colours))
            n = min(n, len(PILES))
            if ev is not None:
                ev.append(self._event("sf_draws", section, ("player", me), ("card", CARD[k]),
                                      ("count", n)))
            if n:
                s.steps.insert(0, step_of("draw_pile", p, count=n))

    def _next_starfish(self, s: CoraliaState, step: Step, move: Move, ev: Narration) -> None:
        if s.starfish_to_score[step.player]:
            s.steps.insert(0, SCORE_STARFISH[step.player])

    def _collect(self, s: CoraliaState, p: int, reef: int) -> None:
        s.chest_on_reef[reef] = False
        s.steps.insert(0, step_of("chest", p, reef=reef, section=Section.STARFISH_SCORING))

    def _open(self, s: CoraliaState, step: Step, move: Move, ev: Narration) -> None:
        p, first = step.player, COLOUR_INDEX[move.arg]
        second = step.other_reef if first == step.reef else step.reef
        s.chest_on_reef[second] = False
        s.steps.insert(0, step_of("chest", p, reef=second, section=Section.STARFISH_SCORING))
        self._collect(s, p, first)

    def _draw_pile(self, s: CoraliaState, step: Step, move: Move, ev: Narration) -> None:
        p, n, used = step.player, step.count, step.piles_used
        pile = PILE_INDEX[move.arg]
        draw = step_of("draw", p, pile=pile, section=Section.STARFISH_SCORING)
        if n > 1:
            s.steps[0:0] = (draw, step_of("draw_pile", p, count=n - 1, piles_used=used | 1 << pile))
        else:
            s.steps.insert(0, draw)

    def _diver_scoring(self, s: CoraliaState, step: Step, move: Move, ev: Narration) -> None:
        s.before_final = s.points[:]
        for p in self._order(s):
            r = s.diver[p]
            if r >= 0:
                n = diver_points(s, r)
                s.points[p] += n
                if ev is not None:
                    ev.append(self._event("diver_score", Section.DIVER_SCORING,
                                          ("player", self.players[p]), ("reef", REEF[r]),
                                          ("count", n)))

    def _fish_scoring(self, s: CoraliaState, step: Step, move: Move, ev: Narration) -> None:
        s.fish_up = True
        self._show(s, "show_fish", FISH, Section.FISH_SCORING, ev)
        for p in self._order(s):
            kinds = fish_cards(s.hands[p])
            sets = fish_sets(kinds)
            n = sum([FISH_SET_POINTS[k] for k in sets])
            s.points[p] += n
            me = self.players[p]
            if kinds and ev is not None:
                ev.append(self._event("fish_score", Section.FISH_SCORING, ("player", me),
                                      ("sets", " + ".join(map(str, sets))), ("count", n)))
            per = s.hands[p].count(PER_FISH_CARD)
            if per:
                m = per * PER_FISH * len(kinds)
                s.points[p] += m
                if ev is not None:
                    ev.append(self._event("per_fish", Section.FISH_SCORING, ("player", me),
                                          ("fish", len(kinds)), ("count", m)))

    def _pearl_scoring(self, s: CoraliaState, step: Step, move: Move, ev: Narration) -> None:
        s.pearls_up = True
        self._show(s, "show_pearls", PEARL, Section.PEARL_SCORING, ev)
        pearls = [pearl_cards(h) for h in s.hands]
        places = pearl_places(pearls)
        for p in self._order(s):
            me = self.players[p]
            if places[p] >= 0:
                n = pearl_points(pearls[p], places[p])
                s.points[p] += n
                if ev is not None:
                    ev.append(self._event("pearl_score", Section.PEARL_SCORING, ("player", me),
                                          ("place", places[p] + 1),
                                          ("total", sum(pearls[p])), ("count", n)))
            per = s.hands[p].count(PER_PEARL_CARD)
            if per:
                m = per * PER_PEARL * len(pearls[p])
                s.points[p] += m
                if ev is not None:
                    ev.append(self._event("per_pearl", Section.PEARL_SCORING, ("player", me),
                                          ("pearls", len(pearls[p])), ("count", m)))

    def _finish(self, s: CoraliaState, step: Step, move: Move, ev: Narration) -> None:
        s.over = True
        keys = [(s.points[p], len(s.hands[p]), len(s.turtles[p])) for p in range(s.players)]
        best = max(keys)
        s.winners = [p for p, k in enumerate(keys) if k == best]
        if ev is None:
            return
        top = [p for p, k in enumerate(keys) if k[0] == best[0]]
        if len(top) > 1:
            ev.append(self._event("tie_break", Section.ENDING, ("count", best[0]),
                                  ("cards", tuple(Standing(self.players[p], keys[p][1])
                                                  for p in top)),
                                  ("turtles", tuple(Standing(self.players[p], keys[p][2])
                                                    for p in top))))
        if len(s.winners) == 1:
            ev.append(self._event("winner", Section.ENDING, ("player", self.players[s.winners[0]]),
                                  ("count", best[0])))
        else:
            ev.append(self._event("shared", Section.ENDING,
                                  ("players", tuple(self.players[p] for p in s.winners)),
                                  ("count", best[0])))

    # ---- outcome -----------------------------------------------------------------------
    def _scores(self, s: CoraliaState) -> list[int]:
        return s.points[:]

    def _winners(self, s: CoraliaState) -> list[int]:
        return s.winners[:]

    def _view(self, s: CoraliaState, player: int | None) -> CoraliaTable:
        return view(self, s, player)

    # ---- hooks for the generic suite -------------------------------------------------------
    def inventory(self) -> Counter[str]:
        s = self._state
        dice = [a + b for a, b in zip(s.supply, s.island, strict=True)] + [s.white_island]
        for c in s.station_colours:
            dice[c] += 1
        for x in s.board:
            if x >= 0:
                dice[x] += 1
        for step in s.steps:
            if step.kind == "white" or step.kind == "white_reef":
                dice[WHITE] += 1
        cards = [0] * NCARDS
        cards[STINGRAY] += s.stingrays
        for group in (*s.piles, *s.bottoms, *s.hands, s.drawn):
            for k in group:
                cards[k] += 1
        turtles = [0] * len(TURTLES)
        for tt in s.turtles_beside + [x for ts in s.turtles for x in ts] + s.turtle_on_reef:
            if tt >= 0:
                turtles[tt] += 1
        chests = [0] * len(CHESTS)
        owned = [c for cs in s.chests for c in cs]
        for c in s.chest_pool + owned:
            chests[c] += 1
        tiles = (sum(s.chest_on_reef) + s.chests_beside + len(owned)
                 + sum(1 for step in s.steps if step.kind == "chest"))
        octopuses = [left + s.octopus.count(p) for p, left in enumerate(s.octopus_left)]
        inv: Counter[str] = Counter(dict(zip(INVENTORY_KEYS, dice + cards + turtles + chests,
                                             strict=True)))
        inv["chest-tile"] = tiles
        for p, n in enumerate(octopuses):
            inv[f"octopus:{p}"] = n
        return inv

    def scramble_hidden(self, player: int, rng: random.Random) -> Coralia:
        """A copy with every card ``player`` cannot see shuffled among the places it could
        be (the piles, the island pile, the others' face-down cards, cards drawn by someone
        else), kind for kind within the pearl, fish and starfish cards."""
        s = self._state.clone()
        s.legal = None                      # the cards drawn to keep may change
        slots: dict[int, list[tuple[list[int], int]]] = {PEARL: [], FISH: [], STARFISH: []}
        groups = s.piles + s.bottoms
        if s.drawer != player:
            groups.append(s.drawn)
        for g in groups:
            for i, k in enumerate(g):
                if CARD_KINDS[k].pile >= 0:
                    slots[CARD_KINDS[k].pile].append((g, i))
        for p, hand in enumerate(s.hands):      # the others' cards still face down (a
            if p != player:                     # card takes the place of one of its pile,
                for i, k in enumerate(hand):    # which lies face down as well)
                    if CARD_KINDS[k].pile >= 0 and not s.face_up(p, k):
                        slots[CARD_KINDS[k].pile].append((hand, i))
        for places in slots.values():
            kinds = [g[i] for g, i in places]
            rng.shuffle(kinds)
            for (g, i), k in zip(places, kinds, strict=True):
                g[i] = k
        for pile in s.piles:
            pile.sort()                     # a pile is kept in kind order
        return cast(Coralia, self._with_state(s))


#: Every kind of step of Coralia, for the turn machine (core/turns.py): who decides it or
#: whether the dealer does, its effect, the rule it applies (None: the step names its own
#: section: a card drawn or a chest turned over for a space, a turtle, a chest...), its
#: legal moves or outcomes. A step a seat DECIDES is carried out at once when it has a
#: single legal move; the others WAIT for their seat even then. ``settle`` skips a draw
#: from a pile used up, a keep with nothing drawn, a starfish card's draws with no pile left.
Coralia.turns = Turns(
    StepRule("setup_turtle", CHANCE, Coralia._setup_turtle, Section.SET_UP,
             outcomes=Coralia._turtle_outcomes, sample=Coralia._deal_turtle),
    StepRule("setup_island_pile", CHANCE, Coralia._setup_island_pile, Section.SET_UP,
             outcomes=Coralia._card_outcomes, sample=Coralia._deal_island_card),
    StepRule("setup_roll", CHANCE, Coralia._setup_roll, Section.FEWER_PLAYERS,
             outcomes=Coralia._preroll_outcomes, sample=Coralia._deal_preroll),
    StepRule("begin", AUTOMATIC, Coralia._begin, Section.SET_UP),
    StepRule("turn", AUTOMATIC, Coralia._turn, Section.COURSE_OF_THE_GAME),
    StepRule("pick_four", WAITS, Coralia._pick_four, Section.COURSE_OF_THE_GAME,
             legal=Coralia._pick_four_moves),
    StepRule("lock_in_or_pick", WAITS, Coralia._lock_in_or_pick, Section.LOCK_IN,
             legal=Coralia._lock_or_pick_moves),
    StepRule("roll", CHANCE, Coralia._roll, Section.COURSE_OF_THE_GAME,
             outcomes=Coralia._roll_outcomes, sample=Coralia._deal_roll),
    StepRule("place", WAITS, Coralia._place, Section.COURSE_OF_THE_GAME,
             legal=Coralia._place_step_moves),
    StepRule("end_turn", AUTOMATIC, Coralia._end_turn, Section.COURSE_OF_THE_GAME),
    StepRule("draw", CHANCE, Coralia._draw, outcomes=Coralia._card_outcomes,
             sample=Coralia._deal_card, settle=Coralia._pile_used_up),
    StepRule("keep", DECIDES, Coralia._keep, legal=Coralia._keep_moves,
             settle=Coralia._nothing_drawn),
    StepRule("chest", CHANCE, Coralia._chest, outcomes=Coralia._chest_outcomes,
             sample=Coralia._deal_chest),
    StepRule("copy", DECIDES, Coralia._copy, Section.TURTLE_BONUSES, legal=Coralia._copy_moves),
    StepRule("white", CHANCE, Coralia._white, outcomes=Coralia._white_outcomes,
             sample=Coralia._deal_white),
    StepRule("white_reef", WAITS, Coralia._white_reef, Section.TREASURE_CHESTS,
             legal=Coralia._white_reef_moves),
    StepRule("starfish_scoring", AUTOMATIC, Coralia._starfish_scoring, Section.STARFISH_SCORING),
    StepRule("score_starfish", DECIDES, Coralia._score_starfish, Section.STARFISH_SCORING,
             legal=Coralia._score_moves),
    StepRule("next_starfish", AUTOMATIC, Coralia._next_starfish, Section.STARFISH_SCORING),
    StepRule("open", WAITS, Coralia._open, Section.STARFISH_SCORING, legal=Coralia._open_moves),
    StepRule("draw_pile", WAITS, Coralia._draw_pile, Section.STARFISH_SCORING,
             legal=Coralia._pile_moves, settle=Coralia._no_pile_left),
    StepRule("diver_scoring", AUTOMATIC, Coralia._diver_scoring, Section.DIVER_SCORING),
    StepRule("fish_scoring", AUTOMATIC, Coralia._fish_scoring, Section.FISH_SCORING),
    StepRule("pearl_scoring", AUTOMATIC, Coralia._pearl_scoring, Section.PEARL_SCORING),
    StepRule("finish", AUTOMATIC, Coralia._finish, Section.ENDING),
)


def view_of(game: Game[Any], player: int | None) -> CoraliaView:
    """``game.view(player)`` of a Coralia table, its fields typed (``CoraliaView``);
    TypeError for another game's table."""
    if not isinstance(game, Coralia):
        raise TypeError(f"not a Coralia table: {type(game).__name__}")
    # the base builds the BaseView fields, Coralia._view the CoraliaTable ones
    return cast(CoraliaView, game.view(player))
