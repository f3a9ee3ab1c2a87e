"""Diving Bell rules: dive, pressure burst, divide, choose, scoring, variants.

>>> import treasurekit as tk
>>> g = tk.new_game("diving_bell", players=["Ann", "Bob"], seed=1)
>>> _ = g.play("draw"); _ = g.play("reveal:ruby3/1"); _ = g.play("stop")
>>> [str(m) for m in g.legal_moves()]          # Bob divides the single ruby
['to:A', 'to:B']
>>> _ = g.play("to:A"); _ = g.play("take:A"); g.scores()
[3, 0]
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from math import floor
from typing import Any, ClassVar, cast

from ...core.events import Event, Narration
from ...core.game import Game
from ...core.i18n import Message, Standing
from ...core.moves import Move
from ...core.saves import shown
from ...core.turns import CHANCE, WAITS, PlainStep, StepRule, TurnGame, Turns
from .cards import (
    AIR_POCKET_RELIEF,
    ALL_CARDS,
    BURST_AT,
    CODES,
    FIRST_ID,
    GAME,
    IS_TREASURE,
    KRAKENS_TO_BURST,
    PILES,
    QUICK_DECK,
    QUICK_TARGET,
    Card,
    Section,
    card_by_code,
    deck_for,
)
from .infoset import sampler
from .position import state_from_position
from .spec import SPEC
from .state import DRAW_CARD, DivingBellState, DivingBellTable, DivingBellView, pile_score

DRAW, STOP = Move("draw"), Move("stop")
TO = {p: Move("to", p) for p in PILES}
TAKE = {p: Move("take", p) for p in PILES}
VOTE = {True: Move("reshuffle", "yes"), False: Move("reshuffle", "no")}
REVEAL = {code: Move("reveal", code) for code in CODES}
#: The legal moves of the steps whose choices never vary, kept once (the base copies them
#: into a new list for each caller): a dive by whether a card is left to draw and whether
#: the row holds a card to stop with; a free division; a choice; a vote.
DIVE_MOVES = {(True, True): (DRAW, STOP), (True, False): (DRAW,),
              (False, True): (STOP,), (False, False): ()}
BOTH_PILES = (TO["A"], TO["B"])
TAKE_EITHER = (TAKE["A"], TAKE["B"])
VOTES = (VOTE[True], VOTE[False])


class DivingBell(TurnGame[DivingBellState]):
    """Two-player push-your-luck: the diver draws, the other divides, someone chooses."""

    name = GAME
    variants = SPEC.variants                      # declared once, in spec.py
    min_players, max_players = SPEC.min_players, SPEC.max_players
    #: Take-backs (``Game.take_back_limit``): the only hidden information is the order of
    #: the deck, and every card comes up through a chance step ("Draw cards one at a
    #: time"); the rows, the piles and the choices lie open, so no event reveals more.
    revealing_events: ClassVar[Mapping[str, str | None]] = {}
    #: the rule each refusal rests on (IllegalMove.section); the others cite the
    #: decision at hand
    refusals: ClassVar[Mapping[str, Section]] = {
        f"{GAME}.error.draw_first": Section.DIVE,
        f"{GAME}.error.deck_empty": Section.DIVE,
        f"{GAME}.error.pile_full": Section.BURST,
    }

    @property
    def limit(self) -> int:
        """Pressure at which a dive bursts in this variant."""
        return BURST_AT[self.variant]

    def _event(self, kind: str, section: Section, *params: tuple[str, Any]) -> Event:
        """An event with its parameters as (name, value) pairs (no keyword dict to build)."""
        return Event(GAME, kind, section, params, ())

    # ---- set-up ---------------------------------------------------------------
    def _initial_state(self) -> DivingBellState:
        deck = list(deck_for(self.variant))
        size = QUICK_DECK if self.variant == "quick" else len(deck)
        s = DivingBellState(0, deck, size, len(deck) - size, limit=self.limit)
        s.recount()
        s.steps.append(s.step("dive"))
        return s

    def _state_from_position(self, desc: dict[str, Any]) -> DivingBellState:
        return state_from_position(self, desc)

    # ---- the steps, declared to the turn machine below (``DivingBell.turns``) -------
    def _outcomes(self, s: DivingBellState, step: PlainStep) -> list[tuple[Move, float]]:
        n = len(s.unseen)
        return [(REVEAL[code], k / n) for code, k in s.counts.items() if k]

    def _sample_chance(self, s: DivingBellState, x: float) -> Move:
        """Every unseen card is equally likely to be next."""
        return REVEAL[CODES[s.unseen[floor(x * len(s.unseen))]]]

    def _dive_options(self, s: DivingBellState, step: PlainStep) -> Sequence[Move]:
        return DIVE_MOVES[s.draws_left > 0, len(s.row) > 0]

    def _divide_options(self, s: DivingBellState, step: PlainStep) -> Sequence[Move]:
        """Either pile; after a burst, a pile takes at most half the treasures (rounded up)."""
        if not s.burst:
            return BOTH_PILES
        most = (len(s.treasures()) + 1) // 2
        return [TO[p] for k, p in enumerate(PILES) if s.division.count(k) < most]

    def _why_illegal(self, s: DivingBellState, move: Move) -> Message:
        if s.phase == "draw":
            if move.kind == "reveal":
                return Message.of(f"{GAME}.error.not_unseen", card=shown(move.arg))
            return Message.of("core.error.dealer_card")
        legal = ", ".join(str(m) for m in self._legal(s))
        if s.phase == "dive" and move == STOP and not s.row:
            return Message.of(f"{GAME}.error.draw_first")
        if s.phase == "dive" and move == DRAW and not s.draws_left:
            return Message.of(f"{GAME}.error.deck_empty")
        if s.phase == "divide" and move in TO.values() and s.burst:
            return Message.of(f"{GAME}.error.pile_full", pile=move.arg)
        phase: str | Message = (Message.of(f"{GAME}.error.phase.{s.phase}")
                                if s.phase in ("dive", "divide", "choose", "vote") else s.phase)
        return Message.of(f"{GAME}.error.now", phase=phase, legal=legal)

    # ---- playing: each step's effect. Its events go to the end of ``events``, or are
    # not built at all when there is no list (a random playout, a replay: see
    # ``StepEvents``); every step of Diving Bell tells something.
    def _dive(self, s: DivingBellState, step: PlainStep, move: Move, events: Narration) -> None:
        if move == STOP:
            if events is not None:
                events.append(self._event("stop", Section.DIVE, ("player", self.players[s.diver]),
                                          ("cards", len(s.row)), ("pressure", s.pressure),
                                          ("limit", s.limit)))
            self._end_dive(s, events)
            return
        s.steps.append(DRAW_CARD)
        s.chance = True       # speed: the dealer's step is next; no walk (Turns.play): 3 %
        if events is not None:
            events.append(self._event("draw", Section.DIVE, ("player", self.players[s.diver]),
                                      ("pressure", s.pressure), ("limit", s.limit)))

    def _reveal(self, s: DivingBellState, step: PlainStep, move: Move,
                events: Narration) -> None:
        code = move.arg
        card = card_by_code(code)
        unseen = s.unseen                        # sorted ids, except in a scramble_hidden copy
        k = bisect_left(unseen, FIRST_ID[code])  # the first unseen card with this code
        if k == len(unseen) or CODES[unseen[k]] != code:
            k = next(j for j, i in enumerate(unseen) if CODES[i] == code)
        card_id = unseen.pop(k)
        s.counts[code] -= 1
        if not s.counts[code]:
            del s.counts[code]              # like recount(): only codes still unseen
        s.draws_left -= 1
        s.row.append(card_id)
        if card.kind == "airpocket":
            s.pressure = max(0, s.pressure - AIR_POCKET_RELIEF)
        else:
            s.pressure += card.pressure
            s.krakens += card.kind == "kraken"
        pressure = s.pressure
        if events is not None:
            diver = self.players[s.diver]
            if card.kind == "kraken":
                events.append(self._event("kraken", Section.ADVANCED, ("player", diver),
                                          ("krakens", s.krakens)))
            elif card.kind == "airpocket":
                events.append(self._event("airpocket", Section.ADVANCED, ("player", diver),
                                          ("pressure", pressure), ("limit", s.limit)))
            else:
                events.append(self._event("reveal", Section.DIVE, ("player", diver),
                                          ("card", card), ("dots", card.pressure),
                                          ("pressure", pressure), ("limit", s.limit)))
        if s.krakens >= KRAKENS_TO_BURST:
            s.burst = True
            if events is not None:
                events.append(self._event("kraken_burst", Section.ADVANCED,
                                          ("player", self.players[s.diver])))
            self._end_dive(s, events)
        elif pressure >= s.limit:
            s.burst = True
            if events is not None:
                section = Section.BEGINNER if self.variant == "beginner" else Section.BURST
                events.append(self._event("burst", section, ("player", self.players[s.diver]),
                                          ("pressure", pressure), ("limit", s.limit)))
            self._end_dive(s, events)
        elif not s.draws_left:
            if events is not None:
                events.append(self._event("deck_out", Section.GAME_END,
                                          ("player", self.players[s.diver])))
            self._end_dive(s, events)
        else:
            s.steps.append(s.step("dive"))

    def _end_dive(self, s: DivingBellState, events: Narration) -> None:
        treasures = s.treasures()
        if not treasures:
            if events is not None:
                events.append(self._event("nothing", Section.DIVIDE))
            self._end_turn(s, events)
            return
        s.steps.append(s.step("divide"))
        if events is None:
            return
        divider = self.players[1 - s.diver]
        if s.burst:
            half = len(treasures) // 2
            events.append(self._event("divide_even", Section.BURST, ("player", divider),
                                      ("cards", len(treasures)), ("small", half),
                                      ("large", len(treasures) - half)))
        else:
            events.append(self._event("divide_free", Section.DIVIDE, ("player", divider),
                                      ("cards", len(treasures))))

    def _assign(self, s: DivingBellState, step: PlainStep, move: Move,
                events: Narration) -> None:
        treasures = s.treasures()
        division = s.division
        if events is not None:
            card = ALL_CARDS[treasures[len(division)]]
            events.append(self._event("assign", Section.DIVIDE,
                                      ("player", self.players[step.player]),
                                      ("card", card), ("pile", move.arg)))
        division.append(PILES.index(move.arg))
        if len(division) < len(treasures):
            s.steps.append(step)                 # the next card of the row to divide
            return
        choose = s.step("choose")
        s.steps.append(choose)
        if events is not None:
            kind = "choose_burst" if s.burst else "choose_normal"
            section = Section.BURST if s.burst else Section.CHOOSE
            events.append(self._event(kind, section, ("player", self.players[choose.player])))

    def state_cards(self, player: int) -> list[Card]:
        """The cards in ``player``'s personal treasure pile."""
        return [ALL_CARDS[i] for i in self.state.piles[player]]

    def pile_cards(self, s: DivingBellState, pile: int) -> list[Card]:
        """The cards the divider has put on pile A (0) or B (1) so far."""
        return [ALL_CARDS[i] for i in s.on_pile(pile)]

    def _choose(self, s: DivingBellState, step: PlainStep, move: Move,
                events: Narration) -> None:
        pile, chooser = PILES.index(move.arg), step.player
        other = 1 - chooser
        taken: list[int] = []
        left: list[int] = []
        for card_id, p in zip(s.treasures(), s.division, strict=True):
            (taken if p == pile else left).append(card_id)
        s.piles[chooser].extend(taken)
        s.piles[other].extend(left)
        if events is not None:
            events.append(self._event("take", Section.CHOOSE, ("player", self.players[chooser]),
                                      ("pile", PILES[pile]),
                                      ("cards", tuple(map(ALL_CARDS.__getitem__, taken)))))
            events.append(self._event("receive", Section.CHOOSE, ("player", self.players[other]),
                                      ("pile", PILES[1 - pile]),
                                      ("cards", tuple(map(ALL_CARDS.__getitem__, left)))))
        self._end_turn(s, events)

    def _discard_specials(self, s: DivingBellState, events: Narration) -> None:
        """Kraken and Air Pocket cards stay in the row until the turn ends, then are discarded."""
        specials = [i for i in s.row if not IS_TREASURE[i]]
        if not specials:
            return
        s.discards.extend(specials)
        if events is not None:
            events.append(self._event("discard", Section.ADVANCED,
                                      ("cards", tuple(map(ALL_CARDS.__getitem__, specials)))))

    def _end_turn(self, s: DivingBellState, events: Narration) -> None:
        self._discard_specials(s, events)
        s.row.clear()
        s.division.clear()
        s.pressure = s.krakens = 0
        s.burst = False
        if self.variant == "quick":
            scores = self._scores(s)
            if max(scores) >= QUICK_TARGET:
                self._finish(s, "fifty", events)
                return
        if not s.draws_left:
            if self.discard_pile(s) and not s.reshuffled:
                s.votes.clear()
                s.steps.append(s.step("vote"))
                if events is not None:
                    events.append(self._event("vote_open", Section.GAME_END,
                                              ("player", self.players[1 - s.diver]),
                                              ("cards", self.discard_pile(s))))
                return
            self._finish(s, "deck", events)
            return
        s.diver = 1 - s.diver
        s.steps.append(s.step("dive"))
        if events is not None:
            events.append(self._event("turn", Section.END_TURN, ("player", self.players[s.diver])))

    def discard_pile(self, s: DivingBellState) -> int:
        """Cards that a reshuffle would bring back: the discarded Kraken and Air Pocket
        cards and, in the quick game only, the cards set aside at set-up."""
        return len(s.discards) + (s.set_aside if self.variant == "quick" else 0)

    def _vote(self, s: DivingBellState, step: PlainStep, move: Move, events: Narration) -> None:
        yes = move == VOTE[True]
        if events is not None:
            events.append(self._event("vote_yes" if yes else "vote_no", Section.GAME_END,
                                      ("player", self.players[step.player])))
        s.votes.append(yes)
        if not yes:
            self._finish(s, "declined", events)
            return
        if len(s.votes) < 2:
            s.steps.append(s.step("vote"))       # the other player votes
            return
        s.unseen = sorted(s.unseen + s.discards)
        s.draws_left = self.discard_pile(s)
        s.set_aside -= s.draws_left - len(s.discards)
        s.discards.clear()
        s.reshuffled = True
        s.diver = 1 - s.diver
        s.steps.append(s.step("dive"))
        s.recount()
        if events is not None:
            events.append(self._event("reshuffle", Section.GAME_END, ("cards", s.draws_left)))
            events.append(self._event("turn", Section.END_TURN, ("player", self.players[s.diver])))

    def _finish(self, s: DivingBellState, why: str, events: Narration) -> None:
        s.over = True
        s.ended_by = why
        if events is None:
            return
        scores = self._scores(s)
        if why == "fifty":
            events.append(self._event("target", Section.QUICK, ("target", QUICK_TARGET)))
        else:
            events.append(self._event("deck_empty_end", Section.GAME_END))
        winners = self._winners(s)
        top = [i for i, x in enumerate(scores) if x == max(scores)]
        if len(top) > 1 and len(winners) == 1:
            cards = tuple(Standing(self.players[i], len(s.piles[i])) for i in top)
            events.append(self._event("tie_break", Section.FINAL_SCORING, ("score", max(scores)),
                                      ("cards", cards)))
        if len(winners) == 1:
            events.append(self._event("winner", Section.FINAL_SCORING,
                                      ("player", self.players[winners[0]]),
                                      ("score", scores[winners[0]])))
        else:
            events.append(self._event("shared", Section.FINAL_SCORING, ("score", max(scores))))

    # ---- outcome -----------------------------------------------------------------
    def _scores(self, s: DivingBellState) -> list[int]:
        return [pile_score(tuple(pile)) for pile in s.piles]

    def _winners(self, s: DivingBellState) -> list[int]:
        """Highest score; a tie goes to the player with more cards; else shared."""
        ranking = [(sc, len(p)) for sc, p in zip(self._scores(s), s.piles, strict=True)]
        best = max(ranking)
        return [i for i, r in enumerate(ranking) if r == best]

    # ---- views -------------------------------------------------------------------
    def _view(self, s: DivingBellState, player: int | None) -> DivingBellTable:
        """Diving Bell has no hidden hands: all a player lacks is the order of the deck, which
        nobody knows (it is dealt at random), so every seat and the spectator see the same."""
        def codes(ids: list[int]) -> list[str]:
            return [CODES[i] for i in ids]

        treasures = s.treasures()
        division = {p: codes(s.on_pile(k)) for k, p in enumerate(PILES)}
        return {
            "diver": s.diver,
            "row": codes(s.row), "pressure": s.pressure, "limit": self.limit,
            "krakens": s.krakens, "burst": s.burst,
            "deck": s.draws_left, "set_aside": s.set_aside,
            "unseen": {code: k for code, k in s.counts.items() if k},
            "division": division,
            "next_to_divide": (CODES[treasures[len(s.division)]]
                               if s.phase == "divide" else None),
            "piles": [codes(p) for p in s.piles],
            "discards": codes(s.discards), "reshuffled": s.reshuffled,
        }

    def _sampler(self, view: dict[str, Any]) -> Callable[[random.Random], DivingBellState]:
        return sampler(self, view)

    # ---- hooks of the generic tests (tests/generic) ---------------------------------
    def inventory(self) -> Counter[str]:
        """Every card of the variant by id, wherever it lies: unseen (the deck and, in the
        quick game, the cards set aside), the row, the personal piles and the discards."""
        s = self._state
        return Counter(f"{CODES[i]}#{i}" for place in (s.unseen, s.row, *s.piles, s.discards)
                       for i in place)

    def scramble_hidden(self, player: int, rng: random.Random) -> DivingBell:
        """No hand is hidden in Diving Bell: only the order of the unseen cards (and which
        of them the quick game set aside) is, so that order is shuffled."""
        s = self._state.clone()
        rng.shuffle(s.unseen)
        return cast(DivingBell, self._with_state(s))


#: Every kind of step of Diving Bell, for the turn machine (core/turns.py): who takes it,
#: its effect, the rule it applies, its legal moves or the dealer's outcomes. Every
#: decision WAITS for its seat, even with a single legal move (a dive with the deck spent,
#: the last card of a burst division): the player says it.
DivingBell.turns = Turns(
    StepRule("dive", WAITS, DivingBell._dive, Section.DIVE, legal=DivingBell._dive_options),
    StepRule("draw", CHANCE, DivingBell._reveal, outcomes=DivingBell._outcomes),
    StepRule("divide", WAITS, DivingBell._assign, Section.DIVIDE,
             legal=DivingBell._divide_options),
    StepRule("choose", WAITS, DivingBell._choose, Section.CHOOSE,
             legal=lambda game, s, step: TAKE_EITHER),
    StepRule("vote", WAITS, DivingBell._vote, Section.GAME_END, legal=lambda game, s, step: VOTES),
)


def view_of(game: Game[Any], player: int | None) -> DivingBellView:
    """``game.view(player)`` of a Diving Bell table, its fields typed (``DivingBellView``);
    TypeError for another game's table."""
    if not isinstance(game, DivingBell):
        raise TypeError(f"not a Diving Bell table: {type(game).__name__}")
    # the base builds the BaseView fields, DivingBell._view the DivingBellTable ones
    return cast(DivingBellView, game.view(player))
