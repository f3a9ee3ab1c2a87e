"""Captain Lucky rules: set-up, placing, stealing with dice, re-rolls, the captain bonus,
the end of the game and the tie-break. All randomness is explicit chance steps:

* ``draw:<type>`` -- the next card from the draw pile (dealing and refilling),
* ``roll:<faces>`` -- the dice rolled, one letter per die: ``P`` pirate head, ``B`` blank.

Decisions: ``place:<type>-<n>``, ``steal:<owner>-<type>-<size>`` (owner ``middle`` or
``p<seat>``), and after a failed roll ``reroll:<type>``, ``bonus`` or ``stop``.

>>> import treasurekit as tk
>>> g = tk.setup_position("captain_lucky", {
...     "players": ["Nick", "Shelley"], "phase": "target",
...     "hands": [["gold"] * 5, ["pearl"] * 5], "collections": [{}, {"ruby": 3}]})
>>> _ = g.play("steal:p1-ruby-3"); _ = g.play("roll:PBB"); _ = g.play("bonus")
>>> print(g.play("roll:PP")[1].text())  # doctest: +NORMALIZE_WHITESPACE
Every die shows the pirate head: Nick takes the set of 3 × Ruby from Shelley.
The Ruby cards of Nick now lie as sets of 3.
>>> g.scores()
[3, 1]
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections import Counter
from collections.abc import Mapping
from functools import cache
from itertools import accumulate, product
from math import floor
from typing import Any, ClassVar, NamedTuple, cast

from ...core.errors import IllegalMove, InvalidSave
from ...core.events import NO_EVENTS, Event, Narration, StepEvents
from ...core.game import Game
from ...core.i18n import Message, Standing
from ...core.moves import Move
from ...core.saves import shown
from ...core.turns import AUTOMATIC, CHANCE, WAITS, PlainStep, StepRule, TurnGame, Turns
from .cards import (
    BLANK,
    DIE_FACES,
    FACE_UP_AT_START,
    GAME,
    HAND_SIZE,
    INDEX,
    MIDDLE,
    PIRATE,
    PIRATE_FACES,
    SET_SIZE,
    TREASURES,
    TYPES,
    Faces,
    Holding,
    Section,
    Sets,
    all_set_sizes,
    captains_for,
    pack_for,
    set_sizes,
)
from .position import state_from_position, word
from .spec import SPEC
from .state import (
    DEALER_STEPS,
    CaptainLuckyState,
    CaptainLuckyTable,
    CaptainLuckyView,
    TargetView,
    score_of,
    tie_key,
)

TYPE_COUNT = len(TYPES)

DRAW = {t: Move("draw", t) for t in TYPES}
PLACE = {(i, n): Move("place", f"{t}-{n}") for i, t in enumerate(TYPES)
         for n in range(1, SET_SIZE + 1)}
REROLL = {t: Move("reroll", t) for t in TYPES}
BONUS, STOP = Move("bonus"), Move("stop")
ROLLS: dict[int, tuple[Move, ...]] = {
    k: tuple(Move("roll", "".join(f)) for f in product(PIRATE + BLANK, repeat=k))
    for k in range(1, SET_SIZE + 1)}


def owner_code(owner: int) -> str:
    """``middle`` or ``p<seat>``: where a set lies, in move notation."""
    return "middle" if owner == MIDDLE else f"p{owner}"


STEAL: dict[tuple[int, int, int], Move] = {
    (owner, t, size): Move("steal", f"{owner_code(owner)}-{TYPES[t]}-{size}")
    for owner in range(MIDDLE, 6) for t in range(TYPE_COUNT) for size in range(1, SET_SIZE + 1)}


#: The moves that name the sets of ``count`` cards of type ``t`` held by ``owner``, and
#: the placements of 1..``count`` cards of type ``t``: legal-move lists without parsing.
MAX_COUNT = 8 * SET_SIZE
STEALS_OF_COUNT = {
    owner: tuple(tuple(tuple(STEAL[owner, t, size] for size in
                             ([SET_SIZE] if c >= SET_SIZE else []) + ([c % SET_SIZE] if c % SET_SIZE
                                                                       else []))
                       for c in range(MAX_COUNT)) for t in range(TYPE_COUNT))
    for owner in range(MIDDLE, 6)}
PLACES_OF_COUNT = tuple(tuple(tuple(PLACE[t, n] for n in range(1, min(c, SET_SIZE) + 1))
                              for c in range(MAX_COUNT)) for t in range(TYPE_COUNT))

#: Move -> what it means: a legal move is looked up here, one table per kind (the notation
#: is parsed only to name what is wrong with a move no table holds).
STEAL_OF: dict[Move, tuple[int, int, int]] = {m: k for k, m in STEAL.items()}
PLACE_OF: dict[Move, tuple[int, int]] = {m: k for k, m in PLACE.items()}


class CaptainLuckyMove(NamedTuple):
    """What a Captain Lucky move says (:func:`describe_move`), so that a drawing or a move
    picker reads fields and never the notation; a field a kind does not use is None."""

    kind: str                   # place, steal, reroll, draw, roll, bonus, stop
    type: str | None = None     # place, steal, reroll, draw: the treasure type
    size: int | None = None     # place: the cards placed; steal: the size of the set
    owner: int | None = None    # steal: the seat holding the set (None: the middle)


_DESCRIBED: dict[Move, CaptainLuckyMove] = {
    **{m: CaptainLuckyMove("place", TYPES[t], n) for (t, n), m in PLACE.items()},
    **{m: CaptainLuckyMove("steal", TYPES[t], size, None if owner == MIDDLE else owner)
       for (owner, t, size), m in STEAL.items()},
    **{m: CaptainLuckyMove("reroll", t) for t, m in REROLL.items()},
    **{m: CaptainLuckyMove("draw", t) for t, m in DRAW.items()},
    BONUS: CaptainLuckyMove("bonus"), STOP: CaptainLuckyMove("stop")}


def describe_move(move: Move) -> CaptainLuckyMove:
    """The parts of a move (``steal:p1-ruby-3`` -> kind steal, type ruby, size 3, owner
    1); a roll keeps only its kind. A move no Captain Lucky move is raises
    :class:`IllegalMove`.

    >>> describe_move(Move("steal", "middle-gold-2"))
    CaptainLuckyMove(kind='steal', type='gold', size=2, owner=None)
    """
    described = _DESCRIBED.get(move)
    if described is not None:
        return described
    if move.kind == "roll":
        return CaptainLuckyMove("roll")
    raise IllegalMove(move, "core.error.not_a_move")


def steal_move(owner: int, t: int, size: int) -> Move:
    return STEAL[owner, t, size]


@cache
def parse_steal(arg: str) -> tuple[int, int, int] | None:
    """(owner, type index, size) of a steal argument, or None if it cannot be read."""
    parts = arg.split("-")
    if len(parts) != 3 or parts[1] not in INDEX or not parts[2].isdigit():
        return None
    if parts[0] == "middle":
        owner = MIDDLE
    elif parts[0][:1] == "p" and parts[0][1:].isdigit():
        owner = int(parts[0][1:])
    else:
        return None
    return owner, INDEX[parts[1]], int(parts[2])


@cache
def parse_place(arg: str) -> tuple[int, int] | None:
    name, _, n = arg.partition("-")
    if name not in INDEX or not n.isdigit():
        return None
    return INDEX[name], int(n)


#: Event parameters made once: the faces of every possible roll, the sets of every count.
FACES = {m.arg: Faces(m.arg) for moves in ROLLS.values() for m in moves}
SETS = tuple(Sets(tuple(set_sizes(c))) for c in range(8 * SET_SIZE))


_ROLL_TABLES: dict[tuple[int, int], tuple[Move, ...]] = {}


def roll_table(k: int, pirate_faces: int) -> tuple[Move, ...]:
    """The roll for each of the 6**k equally likely face combinations of ``k`` dice."""
    if (k, pirate_faces) in _ROLL_TABLES:
        return _ROLL_TABLES[k, pirate_faces]
    out = []
    for n in range(DIE_FACES ** k):
        faces = []
        for _ in range(k):
            n, face = divmod(n, DIE_FACES)
            faces.append(PIRATE if face < pirate_faces else BLANK)
        out.append(Move("roll", "".join(faces)))
    _ROLL_TABLES[k, pirate_faces] = tuple(out)
    return _ROLL_TABLES[k, pirate_faces]


@cache
def roll_outcomes(k: int, pirate_faces: int = PIRATE_FACES) -> list[tuple[Move, float]]:
    """Every result of rolling ``k`` dice, die by die, with its probability."""
    p = pirate_faces / DIE_FACES
    return [(m, p ** m.arg.count(PIRATE) * (1 - p) ** m.arg.count(BLANK)) for m in ROLLS[k]]


class CaptainLucky(TurnGame[CaptainLuckyState]):
    """2 to 6 players; the first seat plays Captain Heart unless a position says otherwise."""

    name = GAME
    variants = SPEC.variants                      # declared once, in spec.py
    min_players, max_players = SPEC.min_players, SPEC.max_players
    #: Take-backs (``Game.take_back_limit``) stop, besides chance (every card drawn and
    #: every roll), where a player's hidden hand cards come face up: cards placed in the
    #: middle ("1. Place card(s)") and matching cards paid for a re-roll ("2. Steal
    #: treasure"), news to everyone but that player.
    revealing_events: ClassVar[Mapping[str, str | None]] = {
        "place": "player", "discard": "player"}
    #: the rule each refusal rests on (IllegalMove.section); the others cite the
    #: decision at hand
    refusals: ClassVar[Mapping[str, Section]] = {
        f"{GAME}.error.place_first": Section.PLACE,
        f"{GAME}.error.place_write": Section.PLACE,
        f"{GAME}.error.place_one": Section.PLACE,
        f"{GAME}.error.place_most": Section.PLACE,
        f"{GAME}.error.place_none": Section.PLACE,
        f"{GAME}.error.place_have": Section.PLACE,
        f"{GAME}.error.steal_now": Section.STEAL,
        f"{GAME}.error.steal_write": Section.STEAL,
        f"{GAME}.error.steal_own": Section.STEAL,
        f"{GAME}.error.no_player": Section.STEAL,
        f"{GAME}.error.the_middle": Section.STEAL,
        f"{GAME}.error.no_set": Section.STEAL,
        f"{GAME}.error.no_set_size": Section.STEAL,
        f"{GAME}.error.not_in_pile": Section.STEAL,
        f"{GAME}.error.failed": Section.STEAL,
        f"{GAME}.error.roll_write": Section.STEAL,
        f"{GAME}.error.rolling": Section.STEAL,
        f"{GAME}.error.reroll_type": Section.STEAL,
        f"{GAME}.error.reroll_cost": Section.STEAL,
        f"{GAME}.error.bonus_used_up": Section.CAPTAIN_BONUS,
    }
    pirate_faces: int = PIRATE_FACES

    def _event(self, kind: str, section: Section, **params: Any) -> Event:
        return Event(GAME, kind, section, tuple(params.items()), ())

    def _event_pairs(self, kind: str, section: Section, *params: tuple[str, Any]) -> Event:
        """Like ``_event``, the parameters given as (name, value) pairs."""
        return Event(GAME, kind, section, params, ())

    def _who(self, owner: int) -> str:
        return self.players[owner] if owner != MIDDLE else ""

    # ---- set-up ------------------------------------------------------------------
    def _initial_state(self) -> CaptainLuckyState:
        n = len(self.players)
        return CaptainLuckyState(
            list(pack_for(n)), [[0] * TYPE_COUNT for _ in range(n)], [0] * TYPE_COUNT,
            [[0] * TYPE_COUNT for _ in range(n)], [0] * TYPE_COUNT, [False] * n,
            deal_left=HAND_SIZE * n + FACE_UP_AT_START, turns=[0] * n,
            steps=[DEALER_STEPS["deal"]], chance=True)

    def _state_from_position(self, desc: dict[str, Any]) -> CaptainLuckyState:
        s = state_from_position(self, desc)
        if s.phase == "target" and not self.targets(s):
            raise InvalidSave(f"{GAME}.error.no_target", player=self.players[s.turn])
        return s

    @property
    def pack(self) -> tuple[int, ...]:
        """Treasure counts per type in this game (one or both packs)."""
        return pack_for(len(self.players))

    @property
    def captains(self) -> int:
        return captains_for(len(self.players))

    # ---- the steps, declared to the turn machine below (``CaptainLucky.turns``) ------
    def _roll_outcomes(self, s: CaptainLuckyState, step: PlainStep) -> list[tuple[Move, float]]:
        return roll_outcomes(self._dice_to_roll(s), self.pirate_faces)

    def _draw_outcomes(self, s: CaptainLuckyState, step: PlainStep) -> list[tuple[Move, float]]:
        total = sum(s.pile)
        return [(DRAW[t], k / total) for t, k in zip(TYPES, s.pile, strict=True) if k]

    def _dice_to_roll(self, s: CaptainLuckyState) -> int:
        return s.target[2] if s.rolling == "roll" and s.target else s.failed()

    def _sample_chance(self, s: CaptainLuckyState, x: float) -> Move:
        if s.phase == "roll":               # k independent die faces from one number
            k = s.target[2] if s.rolling == "roll" and s.target else s.dice.count(BLANK)
            table = _ROLL_TABLES.get((k, self.pirate_faces)) or roll_table(k, self.pirate_faces)
            return table[int(x * DIE_FACES ** k)]
        running = list(accumulate(s.pile))       # the card of draw pile position i:
        return DRAW[TYPES[bisect_right(running, floor(x * running[-1]))]]   # first type past i

    def _place_options(self, s: CaptainLuckyState, step: PlainStep) -> list[Move]:
        return [m for t, c in enumerate(s.hands[s.turn]) for m in PLACES_OF_COUNT[t][c]]

    def _steal_options(self, s: CaptainLuckyState, step: PlainStep) -> list[Move]:
        turn = s.turn
        return [m for owner, counts in ((MIDDLE, s.middle), *enumerate(s.collections))
                if owner != turn for t, c in enumerate(counts) if c
                for m in STEALS_OF_COUNT[owner][t][c]]

    def targets(self, s: CaptainLuckyState) -> list[tuple[int, int, int]]:
        """Every face-up set the player to move may name: (owner, type, size)."""
        out = []
        turn = s.turn
        for owner, counts in ((MIDDLE, s.middle), *enumerate(s.collections)):
            if owner == turn or not any(counts):
                continue
            for t, c in enumerate(counts):
                if c:
                    if c >= SET_SIZE:
                        out.append((owner, t, SET_SIZE))
                    if c % SET_SIZE:
                        out.append((owner, t, c % SET_SIZE))
        return out

    def _has_target(self, s: CaptainLuckyState) -> bool:
        turn = s.turn
        return any(s.middle) or any(any(c) for i, c in enumerate(s.collections) if i != turn)

    def _decisions(self, s: CaptainLuckyState, step: PlainStep) -> list[Move]:
        assert s.target is not None
        t = s.target[1]
        moves = []
        if s.hands[s.turn][t] >= s.failed():
            moves.append(REROLL[TYPES[t]])
        if not s.bonus_used[s.turn]:
            moves.append(BONUS)
        return moves + [STOP]

    def _why_illegal(self, s: CaptainLuckyState, move: Move) -> Message:
        me = self.players[s.turn] if s.phase != "over" else ""
        if s.phase in ("deal", "refill"):
            if move.kind == "draw":
                return Message.of(f"{GAME}.error.not_in_pile", value=shown(move.arg))
            return Message.of("core.error.dealer_card")
        if s.phase == "roll":
            k = self._dice_to_roll(s)
            if move.kind == "roll":
                return Message.of(f"{GAME}.error.roll_write", count=k, example=PIRATE * k)
            return Message.of(f"{GAME}.error.rolling", example=PIRATE * k)
        if s.phase == "place":
            if move.kind != "place":
                return Message.of(f"{GAME}.error.place_first", player=me, legal=self._list(s))
            parsed = parse_place(move.arg)
            if parsed is None:
                return Message.of(f"{GAME}.error.place_write")
            t, n = parsed
            have = s.hands[s.turn][t]
            if n < 1:
                return Message.of(f"{GAME}.error.place_one")
            if n > SET_SIZE:
                return Message.of(f"{GAME}.error.place_most", limit=SET_SIZE)
            if have == 0:
                return Message.of(f"{GAME}.error.place_none", player=me, type=word(t))
            return Message.of(f"{GAME}.error.place_have", player=me, count=have, type=word(t),
                              wanted=n)
        if s.phase == "target":
            if move.kind != "steal":
                return Message.of(f"{GAME}.error.steal_now", player=me, legal=self._list(s))
            target = parse_steal(move.arg)
            if target is None:
                return Message.of(f"{GAME}.error.steal_write")
            owner, t, size = target
            if owner == s.turn:
                return Message.of(f"{GAME}.error.steal_own", player=me)
            if not MIDDLE <= owner < len(self.players):
                return Message.of(f"{GAME}.error.no_player", seat=f"p{owner}")
            where: str | Message = (Message.of(f"{GAME}.error.the_middle") if owner == MIDDLE
                                    else self.players[owner])
            sizes = set_sizes(s.holding(owner)[t])
            if not sizes:
                return Message.of(f"{GAME}.error.no_set", owner=where, type=word(t))
            return Message.of(f"{GAME}.error.no_set_size", owner=where, type=word(t),
                              size=size, sizes=", ".join(map(str, sizes)))
        if s.phase == "decide":
            assert s.target is not None
            t, f = s.target[1], s.failed()
            if move.kind == "reroll":
                if move.arg != TYPES[t]:
                    other = (word(TYPES.index(move.arg)) if move.arg in TYPES
                             else shown(move.arg))
                    return Message.of(f"{GAME}.error.reroll_type", type=word(t), value=other)
                return Message.of(f"{GAME}.error.reroll_cost", count=f, player=me,
                                  have=s.hands[s.turn][t])
            if move == BONUS:
                return Message.of(f"{GAME}.error.bonus_used_up", player=me)
            return Message.of(f"{GAME}.error.failed", legal=self._list(s))
        return Message.of("core.error.game_over")

    def _list(self, s: CaptainLuckyState) -> str:
        return ", ".join(str(m) for m in self._legal(s))

    # ---- playing -----------------------------------------------------------------------
    def _apply_quiet(self, s: CaptainLuckyState, move: Move,
                     events: Narration = None) -> StepEvents | None:
        """Play ``move`` (the turn machine takes the step: see ``CaptainLucky.turns``); its
        events go to the end of ``events``, or are not built at all when there is no list
        (a random playout, a replay: see ``StepEvents``). A card dealt or drawn that is
        not the last of its deal or refill tells nothing (NO_EVENTS) and leaves the
        dealer's step in front: it is taken here."""
        if s.deal_left > 1 or s.to_draw > 1:
            self._take_card(s, INDEX[move.arg])
            return NO_EVENTS
        self.turns.play(self, s, move, events)
        return None

    def _take_card(self, s: CaptainLuckyState, t: int) -> None:
        """The draw pile's next card, of type ``t``: dealt at set-up (five to each hand in
        turn, then face up to the middle) or drawn into the hand of the seat to play."""
        s.pile[t] -= 1
        if not s.deal_left:
            s.hands[s.turn][t] += 1
            s.to_draw -= 1
            return
        k = HAND_SIZE * len(self.players) + FACE_UP_AT_START - s.deal_left
        s.deal_left -= 1
        if k < HAND_SIZE * len(self.players):
            s.hands[k // HAND_SIZE][t] += 1
        else:
            s.middle[t] += 1

    def _deal(self, s: CaptainLuckyState, step: PlainStep, move: Move,
              events: Narration) -> None:
        """The last card of the set-up: Captain Heart places first."""
        n = len(self.players)
        self._take_card(s, INDEX[move.arg])
        s.turn = s.heart
        s.steps.append(s.step("place"))
        if events is not None:
            events.append(self._event("setup", Section.PREPARATION, n=n, cards=sum(self.pack),
                                      hand=HAND_SIZE, middle=Holding(tuple(s.middle))))
            events.append(self._event("heart", Section.PLAY, player=self.players[s.heart]))

    def _place(self, s: CaptainLuckyState, step: PlainStep, move: Move,
               events: Narration) -> None:
        t, n = PLACE_OF[move]
        s.hands[s.turn][t] -= n
        s.middle[t] += n
        s.target, s.dice, s.rolls, s.result = None, [], [], ""
        if events is not None:
            events.append(self._event_pairs("place", Section.PLACE,
                                            ("player", self.players[s.turn]),
                                            ("n", n), ("type", TREASURES[t]),
                                            ("sets", SETS[s.middle[t]])))
        self._refill(s, "seek_target")

    def _refill(self, s: CaptainLuckyState, then: str) -> None:
        """The seat to play draws back up to five cards (the dealer's ``refill``), then the
        rules take step ``then``."""
        s.to_draw = min(HAND_SIZE - sum(s.hands[s.turn]), sum(s.pile))
        if s.to_draw:
            s.steps.append(s.step("refill"))
        s.steps.append(s.step(then))

    def _draw(self, s: CaptainLuckyState, step: PlainStep, move: Move,
              events: Narration) -> None:
        """The last card of a refill."""
        self._take_card(s, INDEX[move.arg])
        left = sum(s.pile)
        if events is not None:
            section = Section.PLACE if s.steps[0].kind == "seek_target" else Section.STEAL
            events.append(self._event_pairs("refill", section,
                                            ("player", self.players[s.turn]),
                                            ("hand", sum(s.hands[s.turn])), ("left", left)))
        if not left and not s.end_announced:
            s.end_announced = True
            if events is not None:
                events.append(self._event("last_card", Section.END, player=self.players[s.turn],
                                          heart=self.players[s.heart]))

    def _seek_target(self, s: CaptainLuckyState, step: PlainStep, move: Move,
                     events: Narration) -> None:
        """The seat to play names a set to steal, unless there is none: the turn ends."""
        if self._has_target(s):
            s.steps.append(s.step("target"))
            return
        if events is not None:
            events.append(self._event("no_target", Section.STEAL, player=self.players[s.turn]))
        s.steps.append(s.step("end_turn"))

    def _target(self, s: CaptainLuckyState, step: PlainStep, move: Move,
                events: Narration) -> None:
        owner, t, size = s.target = STEAL_OF[move]
        s.dice, s.rolls, s.result = [], [], ""
        s.rolling = "roll"
        s.steps.append(s.step("roll"))
        if events is not None:
            kind = "target_middle" if owner == MIDDLE else "target_player"
            events.append(self._event_pairs(kind, Section.STEAL, ("player", self.players[s.turn]),
                                            ("owner", self._who(owner)), ("size", size),
                                            ("type", TREASURES[t])))

    def _roll(self, s: CaptainLuckyState, step: PlainStep, move: Move,
              events: Narration) -> None:
        assert s.target is not None
        faces = move.arg
        if s.rolling == "roll":
            s.dice = list(faces)
            failed = faces.count(BLANK)
        else:
            new_faces = iter(faces)
            s.dice = [next(new_faces) if d == BLANK else d for d in s.dice]
            failed = s.dice.count(BLANK)
        s.rolls.append((s.rolling, faces))
        if events is not None:
            kind = "roll" if s.rolling == "roll" else "reroll"
            section = Section.CAPTAIN_BONUS if s.rolling == "bonus" else Section.STEAL
            events.append(self._event_pairs(kind, section, ("player", self.players[s.turn]),
                                            ("n", len(faces)), ("faces", FACES[faces]),
                                            ("failed", failed)))
        if not failed:
            self._win(s, events)
            return
        t = s.target[1]
        if s.hands[s.turn][t] >= failed or not s.bonus_used[s.turn]:
            s.steps.append(s.step("decide"))
            return
        # only the roller knows why: to the others it reads like a stop (no hand is revealed)
        if events is not None:
            events.append(Event(GAME, "no_reroll", Section.STEAL, (
                ("player", self.players[s.turn]), ("failed", failed),
                ("type", TREASURES[t]), ("have", s.hands[s.turn][t])), (s.turn,)))
        self._fail(s, events)

    def _win(self, s: CaptainLuckyState, events: Narration) -> None:
        assert s.target is not None
        owner, t, size = s.target
        (s.middle if owner == MIDDLE else s.collections[owner])[t] -= size
        s.collections[s.turn][t] += size
        s.result = "won"
        if events is not None:
            me = self.players[s.turn]
            sets = SETS[s.collections[s.turn][t]]
            if owner == MIDDLE:
                events.append(self._event_pairs("win_middle", Section.STEAL, ("player", me),
                                                ("size", size), ("type", TREASURES[t]),
                                                ("sets", sets)))
            else:
                events.append(self._event_pairs("win_player", Section.STEAL, ("player", me),
                                                ("size", size), ("type", TREASURES[t]),
                                                ("owner", self.players[owner]), ("sets", sets)))
        self._refill(s, "end_turn")

    def _fail(self, s: CaptainLuckyState, events: Narration) -> None:
        s.result = "failed"
        if events is not None:
            events.append(self._event_pairs("fail", Section.STEAL,
                                            ("player", self.players[s.turn])))
        self._refill(s, "end_turn")

    def _decide(self, s: CaptainLuckyState, step: PlainStep, move: Move,
                events: Narration) -> None:
        assert s.target is not None
        t, f = s.target[1], s.failed()
        if move == STOP:
            if events is not None:
                events.append(self._event("stop", Section.STEAL, player=self.players[s.turn],
                                          failed=f))
            self._fail(s, events)
            return
        s.steps.append(s.step("roll"))
        if move == BONUS:
            s.bonus_used[s.turn] = True
            s.rolling = "bonus"
            if events is not None:
                events.append(self._event("bonus", Section.CAPTAIN_BONUS,
                                          player=self.players[s.turn], failed=f))
            return
        s.hands[s.turn][t] -= f
        s.discards[t] += f
        s.rolling = "cards"
        if events is not None:
            events.append(self._event("discard", Section.STEAL, player=self.players[s.turn],
                                      failed=f, type=TREASURES[t]))

    def _end_turn(self, s: CaptainLuckyState, step: PlainStep, move: Move,
                  events: Narration) -> None:
        s.turns[s.turn] += 1
        next_seat = (s.turn + 1) % len(self.players)
        if s.end_announced and next_seat == s.heart:
            self._finish(s, events)
            return
        s.turn = next_seat
        if sum(s.hands[next_seat]):
            s.steps.append(s.step("place"))
            if events is not None:
                events.append(self._event_pairs("turn", Section.PLAY,
                                                ("player", self.players[next_seat])))
            return
        if events is not None:
            events.append(self._event("no_cards", Section.PLACE, player=self.players[next_seat]))
        s.steps.append(s.step("seek_target"))

    def _finish(self, s: CaptainLuckyState, events: Narration) -> None:
        s.over = True
        s.target = None
        if events is None:
            return
        events.append(self._event("round_over", Section.END, heart=self.players[s.heart]))
        scores = self._scores(s)
        for i, name in enumerate(self.players):
            events.append(self._event("score", Section.END, player=name,
                                      cards=sum(s.collections[i]),
                                      bonus=0 if s.bonus_used[i] else 1, score=scores[i],
                                      sets=Sets(tuple(all_set_sizes(s.collections[i])))))
        winners = self._winners(s)
        top = [i for i, x in enumerate(scores) if x == max(scores)]
        if len(top) > 1 and len(winners) < len(top):
            sets = tuple(Standing(self.players[i], Sets(tie_key(s.collections[i]))) for i in top)
            events.append(self._event("tie_break", Section.END, score=max(scores), sets=sets))
        if len(winners) == 1:
            events.append(self._event("winner", Section.END, player=self.players[winners[0]],
                                      score=scores[winners[0]]))
        else:
            events.append(self._event("shared", Section.END, score=max(scores),
                                      players=tuple(self.players[i] for i in winners)))

    # ---- outcome ------------------------------------------------------------------------
    def _scores(self, s: CaptainLuckyState) -> list[int]:
        return [score_of(c, b) for c, b in zip(s.collections, s.bonus_used, strict=True)]

    def _winners(self, s: CaptainLuckyState) -> list[int]:
        """Most points; on a tie, more large sets; then everyone still level wins."""
        ranking = [(score_of(c, b), tie_key(c))
                   for c, b in zip(s.collections, s.bonus_used, strict=True)]
        best = max(ranking)
        return [i for i, r in enumerate(ranking) if r == best]

    # ---- views ---------------------------------------------------------------------------
    def _view(self, s: CaptainLuckyState, player: int | None) -> CaptainLuckyTable:
        """Hands are private: a player sees their own hand and the others' hand sizes; the
        spectator (None) sees every hand (``hands``)."""
        def named(counts: list[int]) -> dict[str, int]:
            return {t: k for t, k in zip(TYPES, counts, strict=True) if k}

        target: TargetView | None = None
        if s.target is not None:
            owner, t, size = s.target
            target = {"owner": owner, "type": TYPES[t], "size": size}
        out: CaptainLuckyTable = {
            "turn": s.turn, "heart": s.heart, "pirate_faces": self.pirate_faces,
            "hand": None if player is None else named(s.hands[player]),
            "hand_sizes": [sum(h) for h in s.hands],
            "middle": named(s.middle),
            "collections": [named(c) for c in s.collections],
            "bonus_used": list(s.bonus_used),
            "pile": sum(s.pile), "discards": named(s.discards),
            "end_announced": s.end_announced,
            "target": target, "dice": "".join(s.dice),
            "rolls": [list(r) for r in s.rolls], "result": s.result,
        }
        if player is None:
            out["hands"] = [named(h) for h in s.hands]
        return out

    # ---- hooks of the generic tests (tests/generic) ---------------------------------
    def inventory(self) -> Counter[str]:
        """Every treasure card of the packs in use, by type (cards of a type are
        identical): draw pile, hands, middle, collections and discard pile."""
        s = self._state
        out: Counter[str] = Counter()
        for place in (s.pile, *s.hands, s.middle, *s.collections, s.discards):
            for t, k in zip(TYPES, place, strict=True):
                out[t] += k
        return out

    def scramble_hidden(self, player: int, rng: random.Random) -> CaptainLucky:
        """Redeal the others' hands (sizes kept) and the draw pile from the cards
        ``player`` cannot see."""
        s = self._state.clone()
        others = [q for q in range(len(self.players)) if q != player]
        pool = [t for place in (s.pile, *(s.hands[q] for q in others))
                for t, k in enumerate(place) for _ in range(k)]
        rng.shuffle(pool)
        for q in others:
            size = sum(s.hands[q])
            s.hands[q] = [0] * TYPE_COUNT
            for t in pool[:size]:
                s.hands[q][t] += 1
            del pool[:size]
        s.pile = [pool.count(t) for t in range(TYPE_COUNT)]
        return cast(CaptainLucky, self._with_state(s))


#: Every kind of step of Captain Lucky, for the turn machine (core/turns.py): who takes it,
#: its effect, the rule it applies, its legal moves or the dealer's outcomes. Every
#: decision WAITS for the seat to play, even with a single legal move; after a refill the
#: rules seek a target (after placing) or end the turn (after stealing).
CaptainLucky.turns = Turns(
    StepRule("deal", CHANCE, CaptainLucky._deal, Section.PREPARATION,
             outcomes=CaptainLucky._draw_outcomes),
    StepRule("place", WAITS, CaptainLucky._place, Section.PLACE,
             legal=CaptainLucky._place_options),
    StepRule("refill", CHANCE, CaptainLucky._draw, outcomes=CaptainLucky._draw_outcomes),
    StepRule("target", WAITS, CaptainLucky._target, Section.STEAL,
             legal=CaptainLucky._steal_options),
    StepRule("roll", CHANCE, CaptainLucky._roll, outcomes=CaptainLucky._roll_outcomes),
    StepRule("decide", WAITS, CaptainLucky._decide, legal=CaptainLucky._decisions),
    StepRule("seek_target", AUTOMATIC, CaptainLucky._seek_target, Section.STEAL),
    StepRule("end_turn", AUTOMATIC, CaptainLucky._end_turn, Section.PLAY),
)


def view_of(game: Game[Any], player: int | None) -> CaptainLuckyView:
    """``game.view(player)`` of a Captain Lucky table, its fields typed
    (``CaptainLuckyView``); TypeError for another game's table."""
    if not isinstance(game, CaptainLucky):
        raise TypeError(f"not a Captain Lucky table: {type(game).__name__}")
    # the base builds the BaseView fields, CaptainLucky._view the CaptainLuckyTable ones
    return cast(CaptainLuckyView, game.view(player))
