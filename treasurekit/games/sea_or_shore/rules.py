"""Sea or Shore rules: deal, pass, covered tricks, colours won and lost, actions, two rounds.

Chance is explicit: each island card dealt (``deal:r7``), each treasure turned up
(``turn:b3``), the random hand cards of the swap action (``grab:b3,g9``) and the
treasures looked at with the peek action (``see:r2``). Decisions a player has no
choice in are carried out by the rules at once.

>>> import treasurekit as tk
>>> g = tk.new_game("sea_or_shore", players=["Eric", "Marlou", "Niels"], seed=0)
>>> while g.is_chance:
...     _ = g.deal()
>>> g.phase, g.current_player, g.view(0)["hand_sizes"]   # every pass was forced
('play', 0, [12, 12, 12])
>>> str(g.legal_moves()[0])
'play:r9/sea'
>>> [e.kind for e in g.play("play:r9/shore")]
['play_shore']
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from itertools import combinations, permutations
from math import floor
from operator import attrgetter, itemgetter
from types import MappingProxyType
from typing import Any, ClassVar, cast

from ...core.errors import cut
from ...core.events import NO_EVENTS, Event, Narration, StepEvents
from ...core.game import Game
from ...core.i18n import Either, Message, tr
from ...core.moves import Move
from ...core.saves import shown
from ...core.turns import AUTO, AUTOMATIC, CHANCE, DECIDES, WAITS, StepRule, TurnGame, Turns
from .cards import (
    ACTION_CARD_OF,
    ACTION_CARDS,
    ACTION_SIDES,
    ADDITION_CARDS,
    COLOURS,
    GAME,
    HAND_ORDER,
    HAND_SIZE,
    ISLAND_CODES,
    MAX_VALUE,
    TREASURE_CODES,
    TREASURES,
    VARIANTS,
    Colour,
    Section,
    deck_colours,
    island,
    treasure_decks,
)
from .position import state_from_position
from .spec import SPEC
from .state import (
    Deck,
    Played,
    SeaOrShoreState,
    Step,
    clockwise,
)
from .tables import PLAY_MOVES, PLAY_OF, PLAYS
from .view import SeaOrShoreTable, SeaOrShoreView, view

# Every event is built as ``Event(GAME, kind, Section.X, params, seen_by)``: ``params``
# the (name, value) pairs its wording needs, ``seen_by`` the seats that may read every
# detail (empty: everyone).

ROUNDS = 2


@dataclass(frozen=True, slots=True)
class Contest:
    """One colour, or two merged colours (the three-player exception), that players compete
    for in a trick: what the rules need to know of it besides who played what, worked out
    once per competition (see ``competition``)."""

    colours: tuple[str, ...]
    label: Colour                # ``colours`` as the trick's events name it
    alone: bool                  # a single colour (only a single colour wins a treasure)
    card: int                    # the action card of its colours (an index into ACTION_CARDS)


#: A contest of one trick and its (seat, value) pairs, highest first.
Ranked = tuple[Contest, list[tuple[int, int]]]


class Group:
    """The players who compete for one colour in a trick (two colours under the exception)."""

    __slots__ = ("colours", "ranked", "winner", "colour")

    def __init__(self, colours: tuple[str, ...], ranked: list[tuple[int, int]],
                 colour: Colour) -> None:
        self.colours = colours
        self.ranked = ranked                     # (seat, value), highest first
        self.winner: int = ranked[0][0]
        self.colour = colour                     # ``colours`` as the trick's events name it


#: Sort key of a (seat, value) pair: its value.
_VALUE = itemgetter(1)
#: The island card and the number of addition cards of a ``Played``.
_CARD, _ADDS = attrgetter("card"), attrgetter("adds")


def _colours(colours: tuple[str, ...]) -> Colour:
    """The colour (or the two merged colours) a group competes for, as an event shows it."""
    return Colour("/".join(colours))


@dataclass(frozen=True, slots=True)
class Competition:
    """Which colours compete as one in a trick: the contests, and the contest of each
    colour letter (an index into ``contests``)."""

    contests: tuple[Contest, ...]
    group_of: Mapping[str, int]


@cache
def competition(merged: tuple[bool, ...]) -> Competition:
    """The competition when the colours of action card ``i`` merge where ``merged[i]``."""
    keys: list[tuple[str, ...]] = []
    for pair, merge in zip(ACTION_CARDS, merged, strict=True):
        if merge:
            keys.append(pair)
        else:
            keys += [(c,) for c in pair]
    return Competition(
        tuple(Contest(key, _colours(key), len(key) == 1, ACTION_CARD_OF[key[0]])
              for key in keys),
        MappingProxyType({c: i for i, key in enumerate(keys) for c in key}))


#: Every colour on its own (four or five players).
_APART = competition((False,) * len(ACTION_CARDS))


def competing_colours(s: SeaOrShoreState) -> Competition:
    """The colours that compete as one this trick: each colour alone, except with three
    players, where the two colours of an action card that both lack a face-up treasure
    count as one colour (the three-player exception)."""
    if s.players != 3:
        return _APART
    return _competition_under(tuple(s.face_up))


@cache
def _competition_under(face_up: tuple[str | None, ...]) -> Competition:
    """The three-player competition when the treasures ``face_up`` show (a few dozen)."""
    up = {t[0] for t in face_up if t}
    return competition(tuple(up.isdisjoint(pair) for pair in ACTION_CARDS))


def groups(s: SeaOrShoreState) -> list[Group]:
    """Who competes with whom this trick, in clockwise order of the winners.

    Each group ranks its seats by card value, best first; a tie goes to the seat nearer
    the start. The seats are collected clockwise from the starter, so a stable sort on the
    value alone settles the ties.
    """
    competing = competing_colours(s)
    ranked: list[list[tuple[int, int]]] = [[], [], [], []]   # one list per group (at most 4)
    group_of, played_cards = competing.group_of, s.played
    for seat in clockwise(s.players, s.starter):
        played = played_cards[seat]
        if played is not None:
            ranked[group_of[played.card[0]]].append((seat, PLAY_OF[played].value))
    return [Group(contest.colours, seats, contest.label)
            for contest, seats in rank_contests(s, competing, ranked)]


def rank_contests(s: SeaOrShoreState, competing: Competition,
                  ranked: list[list[tuple[int, int]]]) -> list[Ranked]:
    """The groups of ``groups(s)``, as (contest, ranked seats) pairs, from the (seat, value)
    pairs of each contest, collected clockwise from the starter (the rules collect them
    while revealing, and read the pairs: lighter than a ``Group`` per colour)."""
    n, starter = s.players, s.starter
    # each contest at its winner's place clockwise from the starter, then read in that order
    by_place: list[Ranked | None] = [None] * n
    # (``ranked`` has a list for each of the at most four contests: zip stops at the last)
    for contest, seats in zip(competing.contests, ranked, strict=False):
        if seats:
            seats.sort(key=_VALUE, reverse=True)         # stable: ties keep clockwise order
            by_place[(seats[0][0] - starter) % n] = (contest, seats)
    return list(filter(None, by_place))


class SeaOrShore(TurnGame[SeaOrShoreState]):
    """Three to five explorers play covered island cards for treasures over two rounds."""

    name = GAME
    variants = SPEC.variants                      # declared once, in spec.py
    min_players, max_players = SPEC.min_players, SPEC.max_players
    #: Take-backs (``Game.take_back_limit``) stop, besides chance (the deal, treasures
    #: turned up from the shuffled deck, the swap's random cards, the peek's cards), where
    #: a step shows a seat hidden cards: a card played shows one half of a card from its
    #: player's hand ("GAME PLAY"); in the pass ("SET UP") a card received tells a hand,
    #: and so does a pass, as the passes carried out at once for a player without a choice
    #: tell that player's colours; the trick's reveal turns every covered half over, news
    #: to all but the card's owner; a treasure turned face up (even one whose place someone
    #: knew after the peek action) or looked at, or the card bared by stealing the top of
    #: a pile ("steal the top treasure", a pile shows its top only) is news to everyone;
    #: the swap (action 2) shows the cards taken to their taker -- a chance step, but not
    #: when the victim holds two cards or fewer -- and a card given back, or discarded
    #: face up in action 4, comes from its giver's hand.
    revealing_events: ClassVar[Mapping[str, str | None]] = {
        "play_sea": "player", "play_shore": "player", "pass": None,
        "receive": "player", "reveal": "player", "turn": None, "see": None,
        "steal": None, "grab": "victim", "give": "player", "discard": "player"}
    #: the rule each refusal rests on (IllegalMove.section); the others cite the
    #: decision at hand
    refusals: ClassVar[Mapping[str, Section]] = {
        f"{GAME}.error.pass_high": Section.SETUP,
        f"{GAME}.error.steal_rule": Section.STEAL,
        f"{GAME}.error.rob_two": Section.ACTION_ADDITIONS,
        f"{GAME}.error.above_max": Section.ADDITIONS,
        f"{GAME}.error.additions_have": Section.ADDITIONS,
        f"{GAME}.error.play_write": Section.PLAY,
    }

    @property
    def sides(self) -> tuple[str, str]:
        """The action shown by each action card (red/blue card, green/purple card)."""
        return VARIANTS[self.variant]

    @property
    def phase(self) -> str:
        """What the table is doing: deal, turn, pass, play, treasure, an action step, or over."""
        return self._phase(self._state)

    # ---- set-up -------------------------------------------------------------------
    def _initial_state(self) -> SeaOrShoreState:
        s = SeaOrShoreState(len(self.players))
        self._setup_round(s, starter=0)
        self._advance(s, [])
        return s

    def _setup_round(self, s: SeaOrShoreState, starter: int) -> None:
        """Everything as at set-up: fresh decks, hands to deal, additions back in the pile."""
        n = s.players
        decks = sorted_decks(n)
        s.decks = [Deck([], list(cards), []) for cards in decks]
        s.face_up = [None] * len(decks)
        s.known = [[0] * n for _ in decks]
        s.box = list(ISLAND_CODES)
        s.to_deal, s.dealt = HAND_SIZE[n] * n, 0
        s.hands = [[] for _ in range(n)]
        s.passing = [None] * n
        s.played = [None] * n
        s.revealed, s.salvaged, s.discards, s.grabbed = False, [], [], []
        s.piles = [[] for _ in range(n)]
        s.additions = [0] * n
        s.addition_pile = ADDITION_CARDS
        s.starter = s.first_starter = starter
        s.steps[:] = round_steps(n, starter)     # (the same list: see _apply_quiet)

    def _state_from_position(self, desc: dict[str, Any]) -> SeaOrShoreState:
        s = state_from_position(self, desc)
        self._advance(s, [])
        return s

    # ---- chance -----------------------------------------------------------------------
    def _outcomes(self, s: SeaOrShoreState, step: Step) -> list[tuple[Move, float]]:
        """The outcomes of a chance step: a card of the deal from the box, a treasure
        turned up or looked at from a deck's shuffled middle, two cards taken by the swap."""
        kind = step.kind
        if kind == "grab":
            hand = s.hands[step.victim]
            combos = list(combinations(hand, min(2, len(hand))))
            return [(Move("grab", ",".join(c)), 1 / len(combos)) for c in combos]
        pool = s.box if kind == "deal" else s.decks[step.deck].middle
        counts = Counter(pool)
        return [(Move(kind, code), k / len(pool)) for code, k in sorted(counts.items())]

    def _settle_single(self, s: SeaOrShoreState, step: Step, events: Narration) -> bool:
        """Carry out a chance step that can only go one way (e.g. the last card of the
        deal). Whether it can is read from what every seat can count, never from hidden
        cards: a pool of like cards is still the dealer's step, or its skipping would
        tell the table they are alike."""
        if step.kind == "grab":
            single = len(s.hands[step.victim]) <= 2
        else:
            single = len(s.box if step.kind == "deal" else s.decks[step.deck].middle) == 1
        if not single:
            return False
        s.steps.pop(0)
        (outcome, _), = self._outcomes(s, step)
        self.turns.rules[step.kind].play(self, s, step, outcome, events)
        return True

    def _settle_draw(self, s: SeaOrShoreState, step: Step, events: Narration) -> bool:
        """Turn up or look at a treasure without the dealer when the card is settled:
        already looked at, put under the deck, or the last of the middle."""
        deck = s.decks[step.deck]
        if len(deck.middle) > 1 and (len(deck.top) < 3 if step.kind == "see" else not deck.top):
            return False        # the usual case: the dealer draws from the shuffled middle
                                # (even if its cards are all alike: whether they are is
                                # hidden, and so must the step be)
        return self._known_draw(s, step, events) or self._settle_single(s, step, events)

    def _sample_chance(self, s: SeaOrShoreState, x: float) -> Move:
        if s.dealt < s.to_deal:                  # the deal (see _apply_quiet)
            box = s.box
            return _DEAL_MOVES[box[floor(x * len(box))]]
        step = s.steps[0]
        kind = step.kind
        if kind == "grab":
            return super()._sample_chance(s, x)
        middle = s.decks[step.deck].middle       # turn, see
        return _CARD_MOVES[kind][middle[floor(x * len(middle))]]

    def _is_legal(self, s: SeaOrShoreState, move: Move) -> bool:
        if s.over:
            return False
        step = s.steps[0]
        kind = step.kind
        if kind == "deal":
            return move.kind == "deal" and move.arg in s.box
        if kind in ("turn", "see"):
            return move.kind == kind and move.arg in s.decks[step.deck].middle
        if kind == "grab":
            return super()._is_legal(s, move)
        return move in self._legal(s)            # listed once per decision

    # ---- legal moves: one method per kind of decision (declared in TURNS below) -----------
    def _play_options(self, s: SeaOrShoreState, step: Step) -> list[Move]:
        """Each hand card's plays, in hand order (the list is kept as built: the most
        frequent decision by far)."""
        by_card = PLAYS_HOLDING[s.additions[step.player]]
        plays: list[Move] = []
        for card in s.hands[step.player]:
            plays += by_card[card]
        return plays

    def _pass_options(self, s: SeaOrShoreState, step: Step) -> tuple[Move, ...]:
        return tuple(_CARD_MOVES["pass"][c] for c in pass_options(s.hands[step.player]))

    def _treasure_options(self, s: SeaOrShoreState, step: Step) -> tuple[Move, ...]:
        targets = self._steal_targets(s, step)
        if not targets:
            return _TAKE_ONLY                    # the usual case: nobody to steal from
        steal = _SEAT_MOVES["steal"]
        return (_TAKE, *[steal[v] for v in targets])

    def _rob_options(self, s: SeaOrShoreState, step: Step) -> tuple[Move, ...]:
        return tuple(map(_SEAT_MOVES["rob"].__getitem__, self._rob_victims(s, step.player)))

    def _swap_options(self, s: SeaOrShoreState, step: Step) -> tuple[Move, ...]:
        return tuple(_SEAT_MOVES["swap"][v] for v in range(s.players)
                     if v != step.player and s.hands[v])

    def _hand_options(self, s: SeaOrShoreState, step: Step) -> tuple[Move, ...]:
        """Give back or discard: any card of the hand."""
        return tuple(_CARD_MOVES[step.kind][c] for c in s.hands[step.player])

    def _peek_choices(self, s: SeaOrShoreState, step: Step) -> tuple[Move, ...]:
        return tuple(map(_SEAT_MOVES["peek"].__getitem__, self._peek_options(s)))

    def _order_options(self, s: SeaOrShoreState, step: Step) -> tuple[Move, ...]:
        return order_moves(tuple(sorted(s.decks[step.deck].top[:3])))

    def _salvage_options(self, s: SeaOrShoreState, step: Step) -> tuple[Move, ...]:
        return tuple(_SEAT_MOVES["salvage"][v] for v in range(s.players)
                     if s.played[v] is not None and v not in s.salvaged)

    def _uncover_options(self, s: SeaOrShoreState, step: Step) -> tuple[Move, ...]:
        return (_REVEAL,)

    def _rob_victims(self, s: SeaOrShoreState, p: int) -> list[int]:
        """The seats ``p`` may steal two addition cards from (the action's choice)."""
        return [v for v, held in enumerate(s.additions) if held >= 2 and v != p]

    def _peek_options(self, s: SeaOrShoreState) -> list[int]:
        """The treasure decks that still hold a card to look at (the action's choice)."""
        return [deck_index for deck_index, deck in enumerate(s.decks)
                if deck.top or deck.middle or deck.bottom]

    def _steal_targets(self, s: SeaOrShoreState, step: Step) -> list[int]:
        """Players the winner of a colour (the treasure ``step``) may rob instead of taking
        the face-up treasure."""
        winner, colour = step.player, COLOURS[step.colour]
        won = s.played[winner]
        assert won is not None
        # "played the same color as you did but had a lower number": a tie is not lower
        value = PLAY_OF[won].value
        piles, played = s.piles, s.played
        targets = []
        for v in clockwise(s.players, s.starter):
            pile = piles[v]
            if pile and pile[-1][0] == colour and v != winner:
                their_play = played[v]
                if (their_play is not None and their_play.card[0] == colour
                        and PLAY_OF[their_play].value < value):
                    targets.append(v)
        return targets

    def _play_problem(self, s: SeaOrShoreState, arg: str) -> Message | None:
        """Why ``play:arg`` is not allowed now (None when it is)."""
        try:
            played = Played.parse(arg)
        except (KeyError, ValueError):
            return Message.of(f"{GAME}.error.play_write", value=shown(arg))
        p = s.steps[0].player
        if played.card not in s.hands[p]:
            return Message.of(f"{GAME}.error.not_in_hand", card=played.card,
                              player=self.players[p])
        if played.adds > s.additions[p]:
            return Message.of(f"{GAME}.error.additions_have", player=self.players[p],
                              count=s.additions[p], wanted=played.adds)
        if island(played.card).value + played.adds > MAX_VALUE:
            return Message.of(f"{GAME}.error.above_max", limit=MAX_VALUE, card=played.card,
                              most=MAX_VALUE - island(played.card).value)
        return None

    def _why_illegal(self, s: SeaOrShoreState, move: Move) -> Message:
        step = s.steps[0]
        kind = step.kind
        if self.turns.rules[kind].run is CHANCE:
            if move.kind == kind:
                return Message.of("core.error.not_outcome", value=shown(move.arg))
            return Message.of(f"{GAME}.error.dealer_step", step=kind)
        p = step.player
        name = self.players[p]
        if kind == "play" and move.kind == "play":
            problem = self._play_problem(s, move.arg)
            if problem is not None:
                return problem
        if kind == "pass" and move.kind == "pass":
            return Message.of(f"{GAME}.error.pass_high", player=name,
                              options=Either(tuple(pass_options(s.hands[p]))))
        if kind == "treasure" and move.kind == "steal":
            return Message.of(f"{GAME}.error.steal_rule", player=name)
        if kind == "rob" and move.kind == "rob":
            return Message.of(f"{GAME}.error.rob_two")
        if kind in ("give", "discard") and move.kind == kind:
            return Message.of(f"{GAME}.error.not_in_hand", card=cut(move.arg, 32), player=name)
        legal = ", ".join(str(m) for m in self._legal(s)[:12])
        more = ", ..." if len(self._legal(s)) > 12 else ""
        return Message.of(f"{GAME}.error.now", player=name,
                          step=Message.of(f"{GAME}.error.step.{kind}"), legal=legal + more)

    # ---- playing ---------------------------------------------------------------------
    def _apply_quiet(self, s: SeaOrShoreState, move: Move,
                     events: Narration = None) -> StepEvents | None:
        """Play ``move`` (the turn machine takes the step: see ``SeaOrShore.turns``); its events go
        to the end of ``events``, or are not built at all when there is no list (a random
        playout, a replay: see ``StepEvents``). A card of the deal that is not the last
        tells nothing: NO_EVENTS says so."""
        if s.dealt < _QUIET_DEALS[s.players]:
            # Speed: a card of the deal (not the last), a third of a game's steps, skips
            # the machine: 7 % of a playout's instructions. Its step is in front (a round
            # starts with it, a position is never in it) and stays there, the box keeps
            # cards for the next one (``s.chance`` and ``s.legal`` stay), and it tells nothing.
            self._deal_card(s, move.arg)
            return NO_EVENTS
        self.turns.play(self, s, move, events)
        return None

    # deal and turn up ---------------------------------------------------------------------
    def _deal_card(self, s: SeaOrShoreState, card: str) -> None:
        """One island card from the box to the next hand, clockwise from the first starter."""
        s.box.remove(card)
        s.hands[(s.first_starter + s.dealt) % s.players].append(card)
        s.dealt += 1

    def _deal(self, s: SeaOrShoreState, step: Step, move: Move,
              events: Narration) -> None:
        self._deal_card(s, move.arg)
        if s.dealt < s.to_deal:
            s.steps.insert(0, step)               # the same step again: the next card
            return
        for hand in s.hands:
            hand.sort(key=_HAND_KEY)
        kind = "dealt" if s.box else "dealt_all"
        if events is not None:
            events.append(Event(GAME, kind, Section.SETUP,
                                (("cards", HAND_SIZE[s.players]), ("round", s.round + 1),
                                 ("unseen", len(s.box))), ()))

    def _known_draw(self, s: SeaOrShoreState, step: Step,
                    events: Narration) -> bool:
        """Turn up or look at a card whose identity is already settled (the step is then
        done: True), or False if it is not."""
        kind, deck_index = step.kind, step.deck
        deck = s.decks[deck_index]
        if kind == "turn":
            if deck.middle and not deck.top:
                return False
            s.steps.pop(0)
            if deck.top or deck.bottom:
                self._turn(s, step, _TURN_MOVES[(deck.top or deck.bottom)[0]], events)
            else:
                if events is not None:
                    events.append(Event(GAME, "deck_empty", Section.SETUP,
                                        (("deck", deck_index + 1),), ()))
            return True
        # see: fill the known top of the deck up to three cards
        if len(deck.top) >= 3 or not (deck.middle or deck.bottom):
            s.steps.pop(0)
            return True
        if deck.middle:
            return False
        deck.top.append(deck.bottom.pop(0))     # the step stays: the next card
        return True

    def _turn(self, s: SeaOrShoreState, step: Step, move: Move,
              events: Narration) -> None:
        deck_index = step.deck
        deck = s.decks[deck_index]
        if deck.top:
            deck.top.pop(0)                       # looked at before: no chance left
        elif deck.middle:
            deck.middle.remove(move.arg)
        else:
            deck.bottom.pop(0)                    # back round to the cards put under
        known = s.known[deck_index]
        if any(known):                           # whoever looked knows one card less
            for p, k in enumerate(known):
                if k:
                    known[p] = k - 1
        s.face_up[deck_index] = move.arg
        if events is not None:
            events.append(Event(GAME, "turn", Section.SETUP,
                                (("deck", deck_index + 1), ("card", TREASURES[move.arg])), ()))

    # the pass before play --------------------------------------------------------------
    def _pass(self, s: SeaOrShoreState, step: Step, move: Move,
              events: Narration) -> None:
        p = step.player
        s.passing[p] = move.arg
        to = (p - 1) % s.players
        # only the passer knows the card until every pass is chosen (passes are simultaneous)
        if events is not None:
            events.append(Event(GAME, "pass", Section.SETUP,
                                (("player", self.players[p]), ("to", self.players[to]),
                                 ("card", island(move.arg))), (p,)))

    def _passes_done(self, s: SeaOrShoreState, step: Step, move: Move,
              events: Narration) -> None:
        for p, card in enumerate(s.passing):
            assert card is not None
            s.hands[p].remove(card)
        for p in s.order_from(s.starter):
            card = s.passing[p]
            assert card is not None
            to = (p - 1) % s.players
            s.hands[to].append(card)
            if events is not None:
                events.append(Event(GAME, "receive", Section.SETUP,
                                    (("player", self.players[p]), ("to", self.players[to]),
                                     ("card", island(card))), (p, to)))
        for hand in s.hands:
            hand.sort(key=_HAND_KEY)
        s.passing = [None] * s.players
        if events is not None:
            events.append(Event(GAME, "passed", Section.SETUP,
                                (("player", self.players[s.starter]),), ()))

    # a trick ---------------------------------------------------------------------------
    def _play(self, s: SeaOrShoreState, step: Step, move: Move,
              events: Narration) -> None:
        p = step.player
        play = PLAYS[move.arg]                   # a legal play: in the table
        s.hands[p].remove(play.code)
        if play.adds:
            s.additions[p] -= play.adds
        s.played[p] = play.played
        if events is not None:
            events.append(Event(GAME, play.kind, Section.PLAY,
                                (("player", self.players[p]),) + play.shown, (p,)))

    def _uncover(self, s: SeaOrShoreState, step: Step, move: Move,
              events: Narration) -> None:
        """A set-up table waits with every card covered until someone says "reveal"."""

    def _reveal(self, s: SeaOrShoreState, step: Step, move: Move,
                events: Narration) -> None:
        """Uncover the cards and settle the trick as far as it goes without a decision.

        The cards are revealed and sorted into their colours' groups in one walk round
        the table; who wins which colour, the ties, the addition cards earned and the
        treasures simply taken follow at once. Only what may wait for a player (a treasure
        someone could be robbed of, the actions) becomes a step, then the end of the
        trick; a trick with neither ends here too, and the next one is set out."""
        s.revealed = True
        names = self.players
        competing = competing_colours(s)
        group_of, played = competing.group_of, s.played
        ranked: list[list[tuple[int, int]]] = [[], [], [], []]
        for seat in clockwise(s.players, s.starter):
            on_table = played[seat]
            assert on_table is not None
            play = PLAY_OF[on_table]
            if events is not None:
                events.append(Event(GAME, "reveal", Section.PLAY,
                                    (("player", names[seat]),) + play.revealed, ()))
            ranked[group_of[play.colour]].append((seat, play.value))
        found = rank_contests(s, competing, ranked)
        if competing is not _APART and events is not None:  # three players: merged colours
            for contest, seats in found:
                if not contest.alone:
                    events.append(Event(GAME, "merged", Section.EXCEPTION,
                                        (("colours", contest.label),
                                         ("player", names[seats[0][0]])), ()))
        # Every seat is in exactly one group, so fewer groups than seats means some group
        # has two players or more (ties to explain, addition cards to hand out). Checking
        # the count first skips building the list of contested groups in most tricks.
        if len(found) < s.players:
            contested = [group for group in found if len(group[1]) > 1]
            if events is not None:
                self._ties(contested, events)
            self._award_additions(s, contested, events)
        treasures: list[tuple[list[tuple[int, int]], Step]] = []
        actions: list[Step] = []
        deck_of, treasure_steps = _DECK_OF[s.players], _TREASURE_STEPS[s.players]
        face_up = s.face_up
        for contest, seats in found:
            winner = seats[0][0]
            first = contest.colours[0]
            deck = deck_of[first]
            up = face_up[deck]
            if contest.alone and up and up[0] == first:   # the colour's treasure shows
                if events is not None:
                    events.append(Event(GAME, "win_treasure", Section.WIN,
                                        (("player", names[winner]),
                                         ("colour", contest.label),
                                         ("treasure", TREASURES[up])), ()))
                treasures.append((seats, treasure_steps[first][winner]))
            else:
                card = contest.card
                if events is not None:
                    events.append(Event(GAME, "win_action", Section.ACTIVATE,
                                        (("player", names[winner]),
                                         ("colour", contest.label),
                                         ("action",
                                          _ACTION[self.sides[card]])), ()))
                actions.append(_ACTION_STEPS[winner][card])
        # the treasures in turn: taken at once, until one could be stolen instead (only
        # from a seat that played the same colour: one of the winner's group)
        for i, (seats, treasure) in enumerate(treasures):
            if len(seats) > 1 and self._steal_targets(s, treasure):
                actions.append(_END_TRICK)
                s.steps[0:0] = [t for _, t in treasures[i:]] + actions
                return
            self._treasure(s, treasure, _TAKE, events)
        if actions:
            actions.append(_END_TRICK)
            s.steps[0:0] = actions
        else:
            self._end_trick(s, _END_TRICK, AUTO, events)

    def _ties(self, contested: list[Ranked], events: list[Event]) -> None:
        """Explain every tie the starting card settles (for the win and for the lowest) in
        the groups of two or more players."""
        names = self.players
        for contest, ranked in contested:
            (a, x), (b, y) = ranked[0], ranked[1]
            if y == x:
                events.append(Event(GAME, "tie_win", Section.TIE,
                                    (("player", names[a]), ("other", names[b]),
                                     ("value", x), ("colour", contest.label)), ()))
            (c, z), (low, v) = ranked[-2], ranked[-1]
            if len(ranked) > 2 and v == z:
                events.append(Event(GAME, "tie_low", Section.TIE,
                                    (("player", names[low]), ("other", names[c]),
                                     ("value", v), ("colour", contest.label)), ()))

    def _award_additions(self, s: SeaOrShoreState, contested: list[Ranked],
                         events: Narration) -> None:
        """The lowest player of each contested colour earns one addition card per card of
        it, in turn order from the starter (which matters when the pile runs short)."""
        if len(contested) > 1:
            n, starter = s.players, s.starter
            # (the list is _reveal's own, made for this call: sorting it in place is safe)
            contested.sort(key=lambda group: (group[1][-1][0] - starter) % n)
        for contest, ranked in contested:
            seat = ranked[-1][0]
            cards = len(ranked)
            earned = min(cards, s.addition_pile)
            s.addition_pile -= earned
            s.additions[seat] += earned
            if events is not None:
                kind = "earn" if earned == cards else "earn_short"
                events.append(Event(GAME, kind, Section.LOSE,
                                    (("player", self.players[seat]),
                                     ("colour", contest.label),
                                     ("cards", cards), ("earned", earned)), ()))

    def _treasure(self, s: SeaOrShoreState, step: Step, move: Move,
              events: Narration) -> None:
        winner, deck_index = step.player, step.deck
        if move.kind == "take":
            card = s.face_up[deck_index]
            assert card is not None
            s.face_up[deck_index] = None
            s.piles[winner].append(card)
            if events is not None:
                events.append(Event(GAME, "take", Section.TREASURE,
                                    (("player", self.players[winner]),
                                     ("treasure", TREASURES[card])), ()))
            return
        victim = int(move.arg)
        card = s.piles[victim].pop()
        s.piles[winner].append(card)
        if events is not None:
            events.append(Event(GAME, "steal", Section.STEAL,
                                (("player", self.players[winner]),
                                 ("victim", self.players[victim]),
                                 ("treasure", TREASURES[card])), ()))

    # actions ----------------------------------------------------------------------------
    def _action(self, s: SeaOrShoreState, step: Step, move: Move,
              events: Narration) -> None:
        p, card = step.player, step.card
        side = self.sides[card]
        if side == "additions":
            victims = self._rob_victims(s, p)
            if len(victims) == 1:                # no choice: steal from them at once
                self._rob(s, _SEAT_STEPS["rob"][p], _SEAT_MOVES["rob"][victims[0]], events)
                return
            if victims:
                s.steps.insert(0, _SEAT_STEPS["rob"][p])
                return
            took = min(2, s.addition_pile)
            s.addition_pile -= took
            s.additions[p] += took
            if events is not None:
                events.append(Event(GAME, "rob_pile", Section.ACTION_ADDITIONS,
                                    (("player", self.players[p]), ("cards", took)),
                                    ()))
            return
        if side == "swap":
            if not s.hands[p]:
                if events is not None:
                    events.append(Event(GAME, "no_effect", Section.ACTION_SWAP,
                                        (("player", self.players[p]),), ()))
                return
            s.steps.insert(0, _SEAT_STEPS["swap"][p])
            return
        if side == "peek":
            decks = self._peek_options(s)
            if len(decks) == 1:                  # no choice: look at that deck at once
                self._peek(s, _SEAT_STEPS["peek"][p], _SEAT_MOVES["peek"][decks[0]], events)
                return
            if decks:
                s.steps.insert(0, _SEAT_STEPS["peek"][p])
                return
            if events is not None:
                events.append(Event(GAME, "no_effect", Section.ACTION_PEEK,
                                    (("player", self.players[p]),), ()))
            return
        s.steps[0:0] = [_SEAT_STEPS["salvage"][p], _SEAT_STEPS["discard"][p]]

    def _rob(self, s: SeaOrShoreState, step: Step, move: Move,
              events: Narration) -> None:
        p, v = step.player, int(move.arg)
        s.additions[v] -= 2
        s.additions[p] += 2
        if events is not None:
            events.append(Event(GAME, "rob", Section.ACTION_ADDITIONS,
                                (("player", self.players[p]),
                                 ("victim", self.players[v])), ()))

    def _swap(self, s: SeaOrShoreState, step: Step, move: Move,
              events: Narration) -> None:
        p, v = step.player, int(move.arg)
        s.steps.insert(0, Step("grab", p, victim=v))
        if events is not None:
            events.append(Event(GAME, "swap", Section.ACTION_SWAP,
                                (("player", self.players[p]), ("victim", self.players[v]),
                                 ("cards", min(2, len(s.hands[v])))), ()))

    def _grab(self, s: SeaOrShoreState, step: Step, move: Move,
              events: Narration) -> None:
        p, v = step.player, step.victim
        cards = move.arg.split(",") if move.arg else []
        for c in cards:
            s.hands[v].remove(c)
            s.hands[p].append(c)
        s.hands[p].sort(key=_HAND_KEY)
        s.grabbed = cards
        s.steps[0:0] = [Step("give", p, victim=v)] * len(cards)
        if events is not None:
            events.append(Event(GAME, "grab", Section.ACTION_SWAP,
                                (("player", self.players[p]), ("victim", self.players[v]),
                                 ("cards", tuple(island(c) for c in cards))), (p, v)))

    def _give(self, s: SeaOrShoreState, step: Step, move: Move,
              events: Narration) -> None:
        p, v = step.player, step.victim
        s.hands[p].remove(move.arg)
        s.hands[v].append(move.arg)
        s.hands[v].sort(key=_HAND_KEY)
        if not any(st.kind == "give" for st in s.steps):
            s.grabbed = []
        if events is not None:
            events.append(Event(GAME, "give", Section.ACTION_SWAP,
                                (("player", self.players[p]), ("victim", self.players[v]),
                                 ("card", island(move.arg))), (p, v)))

    def _peek(self, s: SeaOrShoreState, step: Step, move: Move,
              events: Narration) -> None:
        p, deck_index = step.player, int(move.arg)
        s.steps[0:0] = _LOOK_STEPS[p][deck_index]
        if events is not None:
            events.append(Event(GAME, "peek", Section.ACTION_PEEK,
                                (("player", self.players[p]), ("deck", deck_index + 1),
                                 ("cards", min(3, s.decks[deck_index].size()))), ()))

    def _see(self, s: SeaOrShoreState, step: Step, move: Move,
              events: Narration) -> None:
        deck_index = step.deck
        deck = s.decks[deck_index]
        middle = deck.middle
        middle.remove(move.arg)
        deck.top.append(move.arg)
        s.steps.insert(0, step)                  # until three are known (or the deck ends)
        if len(deck.top) < 3 and middle and middle[0] != middle[-1]:
            s.chance = True     # the usual case: the dealer draws the next card from the
                                # shuffled middle (sorted: two or more different cards)
        p = step.player
        if events is not None:
            events.append(Event(GAME, "see", Section.ACTION_PEEK,
                                (("player", self.players[p]), ("card", TREASURES[move.arg]),
                                 ("place", len(deck.top))), (p,)))

    def _order(self, s: SeaOrShoreState, step: Step, move: Move,
              events: Narration) -> None:
        p, deck_index = step.player, step.deck
        deck = s.decks[deck_index]
        new = move.arg.split(",")
        deck.top[:len(new)] = new
        # only the looker knows the new order; anyone who knew the old one no longer does
        known = s.known[deck_index] = [0] * s.players
        known[p] = len(new)
        if events is not None:
            events.append(Event(GAME, "order", Section.ACTION_PEEK,
                                (("player", self.players[p]), ("deck", deck_index + 1),
                                 ("cards", tuple(map(TREASURES.__getitem__, new)))), (p,)))

    def _salvage(self, s: SeaOrShoreState, step: Step, move: Move,
              events: Narration) -> None:
        p, v = step.player, int(move.arg)
        played = s.played[v]
        assert played is not None
        s.salvaged.append(v)
        s.hands[p].append(played.card)
        s.hands[p].sort(key=_HAND_KEY)
        if events is not None:
            events.append(Event(GAME, "salvage", Section.ACTION_SALVAGE,
                                (("player", self.players[p]), ("owner", self.players[v]),
                                 ("card", island(played.card))), ()))

    def _discard(self, s: SeaOrShoreState, step: Step, move: Move,
              events: Narration) -> None:
        p = step.player
        s.hands[p].remove(move.arg)
        s.discards.append(move.arg)
        if events is not None:
            events.append(Event(GAME, "discard", Section.ACTION_SALVAGE,
                                (("player", self.players[p]), ("card", island(move.arg))), ()))

    # end of a trick, a round, the game -------------------------------------------------------
    def _end_trick(self, s: SeaOrShoreState, step: Step, move: Move,
              events: Narration) -> None:
        played = s.played                        # every seat played a card this trick
        returned = sum(map(_ADDS, played))
        if s.salvaged:                           # a card taken back by the salvage action
            s.discards += [p.card for seat, p in enumerate(played)
                           if p is not None and seat not in s.salvaged]
            s.salvaged = []
        else:
            s.discards += map(_CARD, played)
        s.addition_pile += returned
        s.played = [None] * s.players
        s.revealed = False
        face_up, decks = s.face_up, s.decks
        if events is not None:
            if returned:
                events.append(Event(GAME, "additions_back", Section.ADDITIONS,
                                    (("cards", returned),), ()))
            # the treasures nobody took, in deck order (named before they go under)
            under = tuple(TREASURES[card] for card in face_up if card)
            if under:
                events.append(Event(GAME, "under", Section.END_TRICK,
                                    (("cards", under),), ()))
        for deck_index, card in enumerate(face_up):
            if card:
                decks[deck_index].bottom.append(card)
                face_up[deck_index] = None
        s.starter = (s.starter + 1) % s.players
        if not any(s.hands):
            s.steps.insert(0, Step("end_round"))
            return
        s.steps[0:0] = _TRICK_STEPS[s.players][s.starter]
        if events is not None:
            events.append(Event(GAME, "next_trick", Section.END_TRICK,
                                (("player", self.players[s.starter]),), ()))

    def _end_round(self, s: SeaOrShoreState, step: Step, move: Move,
              events: Narration) -> None:
        scores = round_points(s)
        s.round_scores.append(scores)
        if events is not None:
            events += [Event(GAME, "round_score", Section.GAME_END,
                             (("player", self.players[p]),
                              ("treasure", sum(TREASURES[t].value for t in s.piles[p])),
                              ("additions", s.additions[p]), ("total", scores[p])), ())
                       for p in range(s.players)]
        if len(s.round_scores) < ROUNDS:
            s.round += 1
            self._setup_round(s, starter=(s.first_starter + 1) % s.players)
            if events is not None:
                events.append(Event(GAME, "second_round", Section.GAME_END,
                                    (("player", self.players[s.starter]),), ()))
            return
        s.over = True
        s.steps.clear()
        if events is None:
            return
        totals = self._scores(s)
        best = max(totals)
        tied = [self.players[p] for p, x in enumerate(totals) if x == best]
        winner = self.players[self._winners(s)[0]]
        if len(tied) > 1:
            events.append(Event(GAME, "tie_break", Section.TIE,
                                (("players", tied), ("score", best), ("player", winner),
                                 ("starter", self.players[s.starter])), ()))
        events.append(Event(GAME, "winner", Section.GAME_END,
                            (("player", winner), ("score", best)), ()))

    def _winners(self, s: SeaOrShoreState) -> list[int]:
        """The highest total; a tie goes, as every tie does, to the starting player (who holds
        the starting card after the last trick) or the player nearest to them clockwise."""
        totals = self._scores(s)
        best = max(totals)
        return [min((p for p, x in enumerate(totals) if x == best), key=s.distance)]

    # ---- outcome -------------------------------------------------------------------
    def _scores(self, s: SeaOrShoreState) -> list[int]:
        """Points so far: finished rounds plus the round in progress."""
        totals = [sum(r[p] for r in s.round_scores) for p in range(s.players)]
        if s.over:
            return totals
        return [t + x for t, x in zip(totals, round_points(s), strict=True)]

    # ---- views ------------------------------------------------------------------------
    def _view_scores(self, s: SeaOrShoreState, player: int | None) -> list[int] | None:
        """The points lie partly under the tops of the piles: shown at the end (and to
        the spectator, who sees every pile)."""
        return self._scores(s) if s.over or player is None else None

    def _view(self, s: SeaOrShoreState, player: int | None) -> SeaOrShoreTable:
        return view(self, s, player)

    # ---- hooks of the generic tests (tests/generic) ---------------------------------
    def inventory(self) -> Counter[str]:
        """Every component in play this round: the 48 island cards (box, hands, on the
        table unless taken back by the salvage action, discarded), the treasure cards (in
        the decks, face up, in personal piles) and the 22 addition cards (pile, held, beside
        played cards)."""
        s = self._state
        out: Counter[str] = Counter()
        out.update(f"island:{c}" for c in s.box)
        out.update(f"island:{c}" for hand in s.hands for c in hand)
        out.update(f"island:{c}" for c in s.discards)
        out.update(f"treasure:{c}" for deck in s.decks for c in deck.cards())
        out.update(f"treasure:{c}" for c in s.face_up if c)
        out.update(f"treasure:{c}" for pile in s.piles for c in pile)
        out["addition"] += s.addition_pile + sum(s.additions)
        for seat, played in enumerate(s.played):
            if played is not None:
                out["addition"] += played.adds
                if seat not in s.salvaged:
                    out[f"island:{played.card}"] += 1
        return out

    def scramble_hidden(self, player: int, rng: random.Random) -> SeaOrShore:
        """Redeal what ``player`` cannot see: the island cards in the box, in the others'
        hands (sizes kept, cards shown by the swap action kept) and under the others'
        covered played cards (the uncovered half and the additions kept), the others'
        chosen pass, the order of every treasure deck beyond what ``player`` looked at, and
        the order of the others' treasure piles under the top card."""
        s = self._state.clone()
        others = [q for q in range(s.players) if q != player]
        covered = [q for q in others if s.played[q] is not None and not s.revealed]
        kept = set(s.grabbed)
        pool = s.box + [c for q in others for c in s.hands[q] if c not in kept]
        pool += [played.card for q in covered if (played := s.played[q]) is not None]
        for _ in range(50):          # redraw the covered cards to match what shows
            rng.shuffle(pool)
            rest, cards = pool[:], []
            for q in covered:
                played = s.played[q]
                assert played is not None
                fits = [c for c in rest if _same_half(played, c)]
                if not fits:
                    break
                cards.append(fits[0])
                rest.remove(fits[0])
            else:
                for q, card in zip(covered, cards, strict=True):
                    played = s.played[q]
                    assert played is not None
                    s.played[q] = played._replace(card=card)
                break
        else:
            rest = [c for c in pool if c not in
                    {played.card for q in covered if (played := s.played[q]) is not None}]
        for q in others:
            keep = [c for c in s.hands[q] if c in kept]
            k = len(s.hands[q]) - len(keep)
            s.hands[q] = sorted(keep + rest[:k], key=_HAND_KEY)
            del rest[:k]
            if s.passing[q] is not None:
                s.passing[q] = rng.choice(pass_options(s.hands[q]))
        s.box = sorted(rest)
        looking = s.steps[0] if s.steps and s.steps[0].kind in ("see", "order") else None
        for deck_index, deck in enumerate(s.decks):
            seen = min(len(deck.top), len(deck.top) if looking and looking.player == player
                       and looking.deck == deck_index else s.known[deck_index][player])
            hidden = deck.top[seen:] + deck.middle + deck.bottom
            rng.shuffle(hidden)
            tops = len(deck.top) - seen
            s.decks[deck_index] = Deck(deck.top[:seen] + hidden[:tops],
                              sorted(hidden[tops:tops + len(deck.middle)]),
                              hidden[tops + len(deck.middle):])
        for q in others:
            under = s.piles[q][:-1]
            rng.shuffle(under)
            s.piles[q][:-1] = under
        s.legal = None                   # the hands changed: list the decisions afresh
        return cast(SeaOrShore, self._with_state(s))


def _same_half(played: Played, card: str) -> bool:
    """Whether ``card`` could lie under ``played``'s cover: the same uncovered half."""
    if island(card).value + played.adds > MAX_VALUE:
        return False
    if played.shows == "sea":
        return card[0] == played.colour
    return island(card).value == island(played.card).value


class Action(str):
    """The name of an action card side, labelled in a language."""

    def label(self, lang: str) -> str:
        return tr(f"{GAME}.action.{self}", lang)


# ---- tables worked out once, read by the rules at every step ----------------------------
#: Sort key of the cards in a hand: colour, then value (as ``cards.card_order``).
_HAND_KEY = HAND_ORDER.__getitem__
#: Each action side as an ``Action`` that can name itself in a language.
_ACTION = {side: Action(side) for sides in ACTION_SIDES for side in sides}
#: The move naming one card, per kind and card code: the dealer and the lists of legal
#: moves pick from these instead of building a new Move for every card.
_CARD_MOVES = {
    **{kind: {code: Move(kind, code) for code in ISLAND_CODES}
       for kind in ("deal", "pass", "give", "discard")},
    "turn": {code: Move("turn", code) for code in TREASURE_CODES},
    "see": {code: Move("see", code) for code in TREASURE_CODES},
}
_DEAL_MOVES, _TURN_MOVES = _CARD_MOVES["deal"], _CARD_MOVES["turn"]
#: The moves naming a seat (or, for peek, a treasure deck) by its number.
_SEAT_MOVES = {kind: tuple(Move(kind, str(v)) for v in range(SeaOrShore.max_players))
               for kind in ("steal", "rob", "swap", "peek", "salvage")}
_TAKE, _REVEAL = Move("take"), Move("reveal")
_TAKE_ONLY = (_TAKE,)
#: The treasure deck that holds each colour, per number of players.
_DECK_OF = {n: {c: deck_index for deck_index, colours in enumerate(deck_colours(n))
                 for c in colours}
            for n in range(SeaOrShore.min_players, SeaOrShore.max_players + 1)}
#: The step of an action's decision for each seat (the action card's winner decides).
_SEAT_STEPS = {kind: tuple(Step(kind, p) for p in range(SeaOrShore.max_players))
               for kind in ("rob", "swap", "peek", "salvage", "discard")}
_END_TRICK = Step("end_trick")
_SEATS = range(SeaOrShore.max_players)
# The steps a trick's end sets out, made once and looked up by plain indexing (each trick
# asks for several: cheaper than building or caching them per call).
#: The treasure step of each colour's winner, per number of players: [players][colour][seat].
_TREASURE_STEPS = {n: {c: tuple(Step("treasure", p, deck_index, colour=COLOURS.index(c))
                                for p in _SEATS)
                       for c, deck_index in deck_of.items()}
                   for n, deck_of in _DECK_OF.items()}
#: The action step of each action card's winner: [seat][action card].
_ACTION_STEPS = tuple(tuple(Step("action", p, card=c) for c in range(len(ACTION_CARDS)))
                      for p in _SEATS)
#: The peek action's steps once a deck is chosen: look at its top, then put the cards back
#: in an order of the looker's choice: [seat][deck].
_LOOK_STEPS = tuple(tuple((Step("see", p, deck_index), Step("order", p, deck_index))
                          for deck_index in range(max(len(deck_colours(n)) for n in _DECK_OF)))
                    for p in _SEATS)
#: How many cards of a round's deal go on the short path of ``_apply_quiet``, per number
#: of players: all but the last card dealt, while the box keeps two cards or more after
#: the card (it holds every island card not dealt yet: the deal is never in a position).
_QUIET_DEALS = {n: min(HAND_SIZE[n] * n - 1, len(ISLAND_CODES) - 2)
                for n in range(SeaOrShore.min_players, SeaOrShore.max_players + 1)}


@cache
def order_moves(seen: tuple[str, ...]) -> tuple[Move, ...]:
    """Every order to put the looked-at treasures ``seen`` back in (each order once, sorted:
    the same list for any order of ``seen``, so it is cached under ``sorted(seen)``: a few
    thousand sets of up to three treasures)."""
    return tuple(Move("order", ",".join(o)) for o in sorted(set(permutations(seen))))


@cache
def sorted_decks(players: int) -> tuple[tuple[str, ...], ...]:
    """The treasure decks at set-up, each sorted (the shuffled middle of a ``Deck``)."""
    return tuple(tuple(sorted(cards)) for cards in treasure_decks(players))


def _turn_steps(players: int) -> tuple[Step, ...]:
    """Turn up the top treasure of each deck."""
    return tuple(Step("turn", -1, deck_index) for deck_index in range(len(sorted_decks(players))))


def _play_steps(players: int, starter: int) -> tuple[Step, ...]:
    """Everyone plays a card, clockwise from ``starter``; then the cards are revealed."""
    return tuple(Step("play", p) for p in clockwise(players, starter)) + (Step("reveal"),)


@cache
def round_steps(players: int, starter: int) -> tuple[Step, ...]:
    """The steps of a round's start: deal, turn up the treasures, everyone passes
    (clockwise from ``starter``), then the first trick is played."""
    passes = tuple(Step("pass", p) for p in clockwise(players, starter))
    return ((Step("deal"),) + _turn_steps(players) + passes + (Step("passes_done"),)
            + _play_steps(players, starter))


def trick_steps(players: int, starter: int) -> tuple[Step, ...]:
    """The steps of every later trick: turn up the treasures, everyone plays."""
    return _turn_steps(players) + _play_steps(players, starter)


#: ``trick_steps`` of every table size and starter, looked up at the end of every trick.
_TRICK_STEPS = {n: tuple(trick_steps(n, starter) for starter in range(n))
                for n in range(SeaOrShore.min_players, SeaOrShore.max_players + 1)}


def play_moves(card: str, additions: int) -> tuple[Move, ...]:
    """Every way to play ``card`` with up to ``additions`` addition cards (never above 12):
    the sea side, then the shore side, each with 0, 1, 2... addition cards."""
    sea, shore = PLAY_MOVES[card]
    return sea[:additions + 1] + shore[:additions + 1]


def plays_by_card(additions: int) -> dict[str, tuple[Move, ...]]:
    """``play_moves(card, additions)`` of every island card, for a player holding
    ``additions`` addition cards (0 to 12: more can never go beside one card)."""
    return {card: play_moves(card, additions) for card in ISLAND_CODES}


#: ``plays_by_card`` for a player holding 0, 1, 2... addition cards, up to all of them (the
#: rules read it for every play decision: a list index, not a function call).
PLAYS_HOLDING = [plays_by_card(min(held, MAX_VALUE)) for held in range(ADDITION_CARDS + 1)]


def pass_options(hand: list[str]) -> list[str]:
    """The cards a player may pass before play: the highest of each colour they hold most of."""
    by_colour: dict[str, list[str]] = {colour: [] for colour in COLOURS}
    for card in hand:
        by_colour[card[0]].append(card)
    most = max(len(cards) for cards in by_colour.values())
    if not most:
        return []
    return [max(cards, key=_HAND_KEY) for cards in by_colour.values() if len(cards) == most]


def round_points(s: SeaOrShoreState) -> list[int]:
    """Treasure points plus one point per two addition cards, per player."""
    return [sum(TREASURES[t].value for t in pile) + adds // 2
            for pile, adds in zip(s.piles, s.additions, strict=True)]


#: Every kind of step of Sea or Shore, for the turn machine (core/turns.py): who decides
#: it, its effect, the rule it applies, its legal moves or chance outcomes. A step a seat
#: DECIDES is carried out at once when it has a single legal move; a play always WAITS
#: (each card has two sides), as does a lesson's table with the cards still covered.
SeaOrShore.turns = Turns(
    StepRule("deal", CHANCE, SeaOrShore._deal, Section.SETUP,
             outcomes=SeaOrShore._outcomes, settle=SeaOrShore._settle_single),
    StepRule("turn", CHANCE, SeaOrShore._turn, Section.SETUP,
             outcomes=SeaOrShore._outcomes, settle=SeaOrShore._settle_draw),
    StepRule("pass", DECIDES, SeaOrShore._pass, Section.SETUP,
             legal=SeaOrShore._pass_options),
    StepRule("passes_done", AUTOMATIC, SeaOrShore._passes_done, Section.SETUP),
    StepRule("play", WAITS, SeaOrShore._play, Section.PLAY, legal=SeaOrShore._play_options),
    StepRule("uncover", WAITS, SeaOrShore._uncover, Section.PLAY,
             legal=SeaOrShore._uncover_options),
    StepRule("reveal", AUTOMATIC, SeaOrShore._reveal, Section.PLAY),
    StepRule("treasure", DECIDES, SeaOrShore._treasure, Section.TREASURE,
             legal=SeaOrShore._treasure_options),
    StepRule("action", AUTOMATIC, SeaOrShore._action, Section.ACTIVATE),
    StepRule("rob", DECIDES, SeaOrShore._rob, Section.ACTION_ADDITIONS,
             legal=SeaOrShore._rob_options),
    StepRule("swap", DECIDES, SeaOrShore._swap, Section.ACTION_SWAP,
             legal=SeaOrShore._swap_options),
    StepRule("grab", CHANCE, SeaOrShore._grab, Section.ACTION_SWAP,
             outcomes=SeaOrShore._outcomes, settle=SeaOrShore._settle_single),
    StepRule("give", DECIDES, SeaOrShore._give, Section.ACTION_SWAP,
             legal=SeaOrShore._hand_options),
    StepRule("peek", DECIDES, SeaOrShore._peek, Section.ACTION_PEEK,
             legal=SeaOrShore._peek_choices),
    StepRule("see", CHANCE, SeaOrShore._see, Section.ACTION_PEEK,
             outcomes=SeaOrShore._outcomes, settle=SeaOrShore._settle_draw),
    StepRule("order", DECIDES, SeaOrShore._order, Section.ACTION_PEEK,
             legal=SeaOrShore._order_options),
    StepRule("salvage", DECIDES, SeaOrShore._salvage, Section.ACTION_SALVAGE,
             legal=SeaOrShore._salvage_options),
    StepRule("discard", DECIDES, SeaOrShore._discard, Section.ACTION_SALVAGE,
             legal=SeaOrShore._hand_options),
    StepRule("end_trick", AUTOMATIC, SeaOrShore._end_trick, Section.END_TRICK),
    StepRule("end_round", AUTOMATIC, SeaOrShore._end_round, Section.GAME_END),
)


def view_of(game: Game[Any], player: int | None) -> SeaOrShoreView:
    """``game.view(player)`` of a Sea or Shore table, its fields typed
    (``SeaOrShoreView``); TypeError for another game's table."""
    if not isinstance(game, SeaOrShore):
        raise TypeError(f"not a Sea or Shore table: {type(game).__name__}")
    # the base builds the BaseView fields, SeaOrShore._view the SeaOrShoreTable ones
    return cast(SeaOrShoreView, game.view(player))
