"""Set up a Coralia table from a readable description (for examples, lessons, tests).

A description is a JSON object; every key but ``players`` is optional::

    {"players": ["Jenny", "Michael"], "starter": "Jenny", "turn": "Michael",
     "phase": "turn",                # turn (default) | place | scoring
     "board": {"blue": ["pearl", "fish", "treasure", "white-starfish"]},
     "island": {"green": 1},         # coloured dice on the island
     "station": ["blue-diver", "green-starfish", "yellow-pearl"],
     "octopuses": {"blue": "Jenny"},  # or by player: {"Jenny": ["blue"]}
     "divers": {"Michael": "green"},  # a reef, or null: on the ship
     "turtles": {"Jenny": ["fish", "island"]}, "turtles_beside": ["copy", "chest"],
     "chests": {"Michael": ["stingray"]}, "chests_on_reefs": ["green", "violet"],
     "cards": {"Jenny": ["pearl-3", "fish-angel", "stingray"]},
     "island_pile": ["fish-angel"], "points": {"Jenny": 12}}

``board`` lists the occupied spaces of each reef (a die of the reef's colour, or
``white-<space>`` for a white special die). Turtles not named lie on the free turtle
spaces in the order of the book's list, the rest beside the board. Chests: by default
one lies on every reef, except that each chest a player holds came off a reef whose
treasure space holds a die. Cards not named are in their piles
(shuffled); the island pile holds only what ``island_pile`` names. ``phase`` ``turn``
starts the turn of ``turn`` (the dice on the station were passed on; an empty station
means the starting player's first pick), ``place`` has ``turn`` choose among four rolled
dice, ``scoring`` starts the final scoring. Every fault raises InvalidSave.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...core.errors import InvalidSave
from ...core.game import Game
from ...core.i18n import Message
from ...core.saves import by_name, check_keys, shown
from ...core.spec import PositionField, PositionSchema, phase_label
from .cards import (
    CARD_INDEX,
    CARD_KINDS,
    CHEST_INDEX,
    CHESTS,
    CHESTS_BESIDE,
    COLOUR_INDEX,
    COLOURS,
    DICE_LEFT_AT_END,
    DICE_PER_COLOUR,
    DIE_CODES,
    DIVER_S,
    GAME,
    NCARDS,
    OCTOPUS_S,
    OCTOPUSES_EACH,
    PILE_COUNTS,
    REEF,
    SPACE,
    SPACE_NAMES,
    SPACES,
    STINGRAY,
    STINGRAYS,
    SYMBOLS,
    TREASURE,
    TURTLE_INDEX,
    TURTLE_S,
    TURTLES,
    WHITE,
    WHITE_DICE,
    Named,
)
from .state import CoraliaState, Step, final_scoring

KEYS = {"players", "variant", "starter", "turn", "phase", "board", "island", "station",
        "octopuses", "divers", "turtles", "turtles_beside", "chests",
        "chests_on_reefs", "cards", "island_pile", "points", "title"}



def _list(value: Any, key: str, allowed: dict[str, int]) -> list[int]:
    if not isinstance(value, list) or len(value) > 200:
        raise InvalidSave(f"{GAME}.error.list", key=key)
    out = []
    for x in value:
        if not isinstance(x, str) or x not in allowed:
            raise InvalidSave(f"{GAME}.error.unknown", key=key, value=shown(x))
        out.append(allowed[x])
    return out


def _count(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 10_000


def _colour_counts(value: Any, key: str, extra: tuple[str, ...] = ()) -> dict[str, int]:
    if not isinstance(value, dict) or not set(value) <= set(COLOURS + extra) \
            or not all(_count(v) for v in value.values()):
        raise InvalidSave(f"{GAME}.error.colour_counts", key=key)
    return value


def state_from_position(game: Game[CoraliaState], desc: dict[str, Any]) -> CoraliaState:
    """The table a position describes; the rules check afterwards that the dice of a
    position at the place step can go somewhere (they know where dice may go)."""
    try:
        return _build(game, desc)
    except InvalidSave:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        raise InvalidSave(f"{GAME}.error.unreadable") from None


def _build(game: Game[CoraliaState], desc: dict[str, Any]) -> CoraliaState:
    check_keys(desc, KEYS, "position")
    names = list(game.players)
    n = len(names)
    s = CoraliaState.empty(n)
    starter = desc.get("starter", names[0])
    turn = desc.get("turn", starter)
    if starter not in names or turn not in names:
        raise InvalidSave(f"{GAME}.error.starter_turn")
    s.starter, s.turn = names.index(starter), names.index(turn)

    # dice: board, island, station, supply
    board = desc.get("board", {})
    if not isinstance(board, dict) or not set(board) <= set(COLOURS):
        raise InvalidSave(f"{GAME}.error.board")
    used = [0] * 6
    whites = 0
    for colour, spaces in board.items():
        r = COLOUR_INDEX[colour]
        if not isinstance(spaces, list):
            raise InvalidSave(f"{GAME}.error.board")
        for sp in spaces:
            white = isinstance(sp, str) and sp.startswith("white-")
            name = sp[6:] if white else sp
            if not isinstance(name, str) or name not in SPACE_NAMES:
                raise InvalidSave(f"{GAME}.error.board_space", value=shown(sp))
            i = r * SPACES + SPACE_NAMES.index(name)
            if s.board[i] >= 0:
                raise InvalidSave(f"{GAME}.error.board_twice", space=SPACE[SPACE_NAMES.index(name)],
                                  reef=REEF[r])
            s.board[i] = WHITE if white else r
            if white:
                whites += 1
            else:
                used[r] += 1
    island = _colour_counts(desc.get("island", {}), "island")
    for colour, num in island.items():
        s.island[COLOUR_INDEX[colour]] = num
        used[COLOUR_INDEX[colour]] += num
    if whites > WHITE_DICE:
        raise InvalidSave(f"{GAME}.error.white_dice", limit=WHITE_DICE)
    s.white_island = WHITE_DICE - whites
    phase = desc.get("phase", "turn")
    if phase not in ("turn", "place", "scoring"):
        raise InvalidSave(f"{GAME}.error.phase")
    station = _list(desc.get("station", []), "station", {
        k: i for i, k in enumerate(DIE_CODES)})
    codes = list(DIE_CODES.values())
    if phase == "place" and len(station) != 4:
        raise InvalidSave(f"{GAME}.error.place_four")
    if phase == "turn" and len(station) not in (0, 3):
        raise InvalidSave(f"{GAME}.error.turn_three")
    if len(station) > 4:
        raise InvalidSave(f"{GAME}.error.station_most")
    for i in station:
        c, sym = codes[i]
        s.station_colours.append(c)
        s.station_symbols.append(sym)
        s.station_locked.append(False)
        used[c] += 1
    for c in range(6):                            # the supply holds every other die
        if used[c] > DICE_PER_COLOUR:
            raise InvalidSave(f"{GAME}.error.colour_many", limit=DICE_PER_COLOUR,
                              colour=Named("adj", COLOURS[c]))
        s.supply[c] = DICE_PER_COLOUR - used[c]
    left = s.dice_left()
    if phase != "scoring" and left <= DICE_LEFT_AT_END[n]:
        raise InvalidSave(f"{GAME}.error.dice_over")
    if phase == "turn" and not station and sum(1 for x in s.supply if x) < 4:
        raise InvalidSave(f"{GAME}.error.first_pick")
    if phase == "turn" and station and not any(s.supply):
        raise InvalidSave(f"{GAME}.error.supply_empty")

    # octopuses, divers
    octo = desc.get("octopuses", {})
    if isinstance(octo, dict) and set(octo) <= set(names):     # player -> reef colours
        if not all(isinstance(v, list) for v in octo.values()):
            raise InvalidSave(f"{GAME}.error.octopus_players")
        octo = {c: who for who, cs in octo.items() for c in cs}
    if not isinstance(octo, dict) or not set(octo) <= set(COLOURS) \
            or not set(octo.values()) <= set(names):
        raise InvalidSave(f"{GAME}.error.octopus_colours")
    s.octopus_left = [OCTOPUSES_EACH] * n
    for colour, owner in octo.items():
        r = COLOUR_INDEX[colour]
        if s.board[r * SPACES + OCTOPUS_S] < 0:
            raise InvalidSave(f"{GAME}.error.octopus_die", reef=REEF[r])
        s.octopus[r] = names.index(owner)
        s.octopus_left[names.index(owner)] -= 1
    if min(s.octopus_left) < 0:
        raise InvalidSave(f"{GAME}.error.octopus_each", limit=OCTOPUSES_EACH)
    for r in range(6):
        if s.board[r * SPACES + OCTOPUS_S] >= 0 and s.octopus[r] < 0:
            raise InvalidSave(f"{GAME}.error.octopus_missing", reef=REEF[r])
    divers = by_name(desc, "divers", names)
    for who, colour in divers.items():
        if colour is None:                      # on the ship
            continue
        if colour not in COLOUR_INDEX:
            raise InvalidSave(f"{GAME}.error.diver_reef", value=shown(colour))
        r = COLOUR_INDEX[colour]
        if s.board[r * SPACES + DIVER_S] < 0 or r in s.diver:
            raise InvalidSave(f"{GAME}.error.diver_space", reef=REEF[r])
        s.diver[names.index(who)] = r
    for r in range(6):      # a diver leaving a reef takes its die down to a free treasure space
        if (s.board[r * SPACES + DIVER_S] >= 0 and r not in s.diver
                and s.board[r * SPACES + TREASURE] < 0):
            raise InvalidSave(f"{GAME}.error.diver_missing", reef=REEF[r])

    # turtles
    owned = by_name(desc, "turtles", names)
    s.turtles = [_list(owned.get(p, []), "turtles", TURTLE_INDEX) for p in names]
    beside = _list(desc.get("turtles_beside", []), "turtles_beside", TURTLE_INDEX)
    named = [t for ts in s.turtles for t in ts] + beside
    if len(set(named)) != len(named):
        raise InvalidSave(f"{GAME}.error.turtle_twice")
    rest = [t for t in range(len(TURTLES)) if t not in named]
    free = [r for r in range(6) if s.board[r * SPACES + TURTLE_S] < 0]
    if len(rest) < len(free):
        raise InvalidSave(f"{GAME}.error.turtle_free")
    for r, t in zip(free, rest, strict=False):
        s.turtle_on_reef[r] = t
    s.turtles_beside = beside + rest[len(free):]

    # chests
    owned_chests = by_name(desc, "chests", names)
    s.chests = [_list(owned_chests.get(p, []), "chests", CHEST_INDEX) for p in names]
    taken = [c for cs in s.chests for c in cs]
    if len(set(taken)) != len(taken):
        raise InvalidSave(f"{GAME}.error.chest_twice")
    if "chests_on_reefs" in desc:
        on = _list(desc["chests_on_reefs"], "chests_on_reefs", COLOUR_INDEX)
        if len(set(on)) != len(on):
            raise InvalidSave(f"{GAME}.error.chest_reef_twice")
        s.chest_on_reef = [r in on for r in range(6)]
    else:       # every reef keeps its chest, but a taken chest came off a reef whose
        # treasure space now holds a die (in reef order), as a diver's recovery leaves it
        down = [r for r in range(6) if s.board[r * SPACES + 6] >= 0][:len(taken)]
        s.chest_on_reef = [r not in down for r in range(6)]
    s.chests_beside = len(CHESTS) - len(taken) - sum(s.chest_on_reef)
    if not 0 <= s.chests_beside <= CHESTS_BESIDE:
        raise InvalidSave(f"{GAME}.error.chests", count=len(CHESTS))
    s.chest_pool = [c for c in range(len(CHESTS)) if c not in taken]

    # cards
    cards = by_name(desc, "cards", names)
    s.hands = [_list(cards.get(p, []), "cards", CARD_INDEX) for p in names]
    s.piles[3] = sorted(_list(desc.get("island_pile", []), "island_pile", CARD_INDEX))
    counted = Counter(k for h in s.hands for k in h)
    counted.update(s.piles[3])
    if counted[STINGRAY] > STINGRAYS or STINGRAY in s.piles[3]:
        raise InvalidSave(f"{GAME}.error.stingrays", limit=STINGRAYS)
    s.stingrays = STINGRAYS - counted[STINGRAY]
    for pile in range(3):
        pile_cards: list[int] = []          # the pile's cards, in kind order
        for k in range(NCARDS):
            copies = PILE_COUNTS[pile][k] - (counted[k] if CARD_KINDS[k].pile == pile else 0)
            if copies < 0:
                raise InvalidSave(f"{GAME}.error.too_many", code=CARD_KINDS[k].code,
                                  card=Named("card", CARD_KINDS[k].code))
            pile_cards += [k] * copies
        s.piles[pile] = pile_cards

    points = by_name(desc, "points", names)
    if not all(_count(v) for v in points.values()):
        raise InvalidSave(f"{GAME}.error.points")
    s.points = [points.get(p, 0) for p in names]

    if phase == "place":
        s.steps = [Step("place", s.turn), Step("end_turn", s.turn)]
    elif phase == "turn":
        s.steps = [Step("turn", s.turn)]
    else:
        s.scoring = True
        s.steps = final_scoring(s.starter, n)
    return s


# ---- the position editor's fields (``core.spec.PositionSchema``) ----------------------------
def _space(space: str) -> Message:
    """A die on a reef space: ``pearl`` (a die of the reef's colour) or ``white-pearl``."""
    if space.startswith("white-"):
        return Message.of(f"{GAME}.white_space", space=Message.of(f"{GAME}.space.{space[6:]}"))
    return Message.of(f"{GAME}.space.{space}")


def _die(die: str) -> Message:
    colour, _, symbol = die.partition("-")
    return Message.of(f"{GAME}.die", colour=Message.of(f"{GAME}.adj.{colour}"),
                      symbol=Message.of(f"{GAME}.symbol.{symbol}"))


def _reef(colour: str | None) -> Message:
    """A reef by its colour ("the yellow reef"); None: a diver still on the ship."""
    if colour is None:
        return Message.of("teacher.field.on_ship")
    return Message.of(f"{GAME}.reef", colour=Message.of(f"{GAME}.adj.{colour}"))


def _start(names: list[str]) -> dict[str, Any]:
    return {"players": names, "starter": names[0], "turn": names[0], "phase": "turn",
            "board": {"blue": ["pearl"]}, "island": {"green": 1},
            "cards": {names[0]: ["pearl-3"]}, "points": {n: 0 for n in names}}


def _fields(desc: dict[str, Any]) -> list[PositionField]:
    names = list(desc["players"])
    spaces = [*SPACE_NAMES, *(f"white-{s}" for s in SPACE_NAMES if s != "treasure")]
    fields = [
        PositionField(("starter",), "choice", Message.of("teacher.field.start_player"), names),
        PositionField(("turn",), "choice", Message.of("teacher.field.turn"), names),
        PositionField(("phase",), "choice", Message.of("teacher.field.phase"),
                      ("turn", "place", "scoring"), phase_label(GAME)),
    ]
    fields += [PositionField(("board", c), "cards",
                             Message.of("teacher.field.reef", colour=Message.of(f"{GAME}.adj.{c}")),
                             spaces, _space) for c in COLOURS]
    fields.append(PositionField(("island",), "cards", Message.of("teacher.field.island"), COLOURS,
                               lambda c: Message.of(f"{GAME}.adj.{c}"), counted=True))
    fields.append(PositionField(("station",), "cards", Message.of("teacher.field.station"),
                               [f"{c}-{s}" for c in COLOURS for s in SYMBOLS], _die))
    # an octopus lies beside a die on a reef's octopus space, a diver on a die on its
    # diver space: the engine refuses a die there without one (and the other way round)
    fields += [PositionField(("octopuses", n), "cards",
                             Message.of("teacher.field.octopuses_of", player=n), COLOURS, _reef)
               for n in names]
    fields += [PositionField(("divers", n), "choice",
                             Message.of("teacher.field.diver_of", player=n), (None, *COLOURS),
                             _reef) for n in names]
    fields += [PositionField(("cards", n), "cards", Message.of("teacher.field.cards_of", player=n),
                             [k.code for k in CARD_KINDS], lambda c: Message.of(f"{GAME}.card.{c}"))
               for n in names]
    fields += [PositionField(("points", n), "count",
                             Message.of("teacher.field.points_of", player=n), (0, 500))
               for n in names]
    return fields


SCHEMA = PositionSchema(_start, _fields)
