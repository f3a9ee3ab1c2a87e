"""Set up a Captain Lucky table from a readable description (for lessons and examples).

A description is a JSON object; per-player entries are lists in seat order::

    {"players": ["Nick", "Shelley"], "heart": "Nick", "turn": "Nick", "phase": "target",
     "hands": [["ruby", "gold", "gold", "pearl", "jade"], {"silver": 5}],
     "middle": {"pearl": 2}, "collections": [{}, {"ruby": 3}],
     "bonus_used": [false, false]}

Cards are given as a list of type names or as ``{type: count}``. ``phase`` is ``place``
(default: the player to move places cards next) or ``target`` (cards are placed, a set is
named next). A hand given as ``null`` is filled with 5 cards from the unseen ones. Every
card not named goes to the draw pile; if ``draw_pile`` is given, the unnamed rest is in the
discard pile instead. ``heart`` and ``turn`` are a seat number or a player's name.
Anything inconsistent raises InvalidSave with the reason.
"""

from __future__ import annotations

from typing import Any

from ...core.errors import InvalidSave
from ...core.game import Game
from ...core.i18n import Message
from ...core.saves import check_keys, shown
from ...core.spec import PositionField, PositionSchema, phase_label
from .cards import GAME, HAND_SIZE, INDEX, TYPES, pack_for
from .state import CaptainLuckyState

KEYS = {"players", "variant", "heart", "turn", "phase", "hands", "middle", "collections",
        "discards", "draw_pile", "bonus_used", "end_announced", "title"}


def word(t: int) -> Message:
    """Treasure type ``t`` as a word in running text ("ruby", "robijn")."""
    return Message.of(f"{GAME}.word.{TYPES[t]}")


def counts_of(raw: Any, where: str | Message) -> list[int]:
    """Counts per type from a list of type names or a ``{type: count}`` object (``where``:
    the key of the description, or a Message naming the place)."""
    counts = [0] * len(TYPES)
    if isinstance(raw, list):
        for name in raw:
            if type(name) is not str or name not in INDEX:
                raise InvalidSave(f"{GAME}.error.not_a_type", where=where, value=shown(name),
                                  types=", ".join(TYPES))
            counts[INDEX[name]] += 1
        return counts
    if isinstance(raw, dict):
        for name, k in raw.items():
            if name not in INDEX:
                raise InvalidSave(f"{GAME}.error.not_a_type", where=where, value=shown(name),
                                  types=", ".join(TYPES))
            if not isinstance(k, int) or isinstance(k, bool) or k < 0:
                raise InvalidSave(f"{GAME}.error.type_count", where=where,
                                  type=word(INDEX[name]), value=shown(k))
            counts[INDEX[name]] += k
        return counts
    raise InvalidSave(f"{GAME}.error.counts", where=where)


def _seat(raw: Any, names: list[str], what: str) -> int:
    if isinstance(raw, int) and not isinstance(raw, bool) and 0 <= raw < len(names):
        return raw
    if isinstance(raw, str) and raw in names:
        return names.index(raw)
    raise InvalidSave(f"{GAME}.error.seat", key=what, last=len(names) - 1,
                      names=", ".join(names), value=shown(raw))


def _per_player(desc: dict[str, Any], key: str, n: int) -> list[Any]:
    default: list[Any] = [None] * n if key == "hands" else [{}] * n
    raw = desc.get(key, default)
    if not isinstance(raw, list) or len(raw) != n:
        raise InvalidSave(f"{GAME}.error.per_player", key=key, players=n)
    return raw


def _fill(pile: list[int], name: str) -> list[int]:
    """A hand of 5 taken from the unseen cards (varied types, deterministic)."""
    h = [0] * len(TYPES)
    for _ in range(HAND_SIZE):
        options = [t for t in range(len(TYPES)) if pile[t]]
        if not options:
            raise InvalidSave(f"{GAME}.error.fill", player=name)
        t = max(options, key=lambda t: (pile[t] - 3 * h[t], -t))
        pile[t] -= 1
        h[t] += 1
    return h


def state_from_position(game: Game[CaptainLuckyState],
                        desc: dict[str, Any]) -> CaptainLuckyState:
    """The table a position describes; the rules check afterwards that a set can be named
    when the position asks the player to name one (they know the sets that may be)."""
    check_keys(desc, KEYS, "position")
    names = list(game.players)
    n = len(names)
    pack = pack_for(n)                     # the treasure cards of this game, per type
    heart = _seat(desc.get("heart", 0), names, "heart")
    turn = _seat(desc.get("turn", heart), names, "turn")
    phase = desc.get("phase", "place")
    if phase not in ("place", "target"):
        raise InvalidSave(f"{GAME}.error.phase", value=shown(phase))

    middle = counts_of(desc.get("middle", {}), "middle")
    collections = [counts_of(c, Message.of(f"{GAME}.where.collection", player=names[i]))
                   for i, c in enumerate(_per_player(desc, "collections", n))]
    raw_hands = _per_player(desc, "hands", n)
    hands: list[list[int] | None] = [
        None if h is None else counts_of(h, Message.of(f"{GAME}.where.hand", player=names[i]))
        for i, h in enumerate(raw_hands)]
    discards = counts_of(desc.get("discards", {}), "discards")
    named = [middle, *collections, discards, *(h for h in hands if h is not None)]
    pile = [p - sum(c[t] for c in named) for t, p in enumerate(pack)]
    for t, left in enumerate(pile):
        if left < 0:
            raise InvalidSave(f"{GAME}.error.too_many", type=word(t), players=n,
                              count=pack[t])
    full: list[list[int]] = []
    for i, given in enumerate(hands):      # fill unnamed hands from the unseen cards
        h = given if given is not None else _fill(pile, names[i])
        full.append(h)
    if "draw_pile" in desc:
        wanted = counts_of(desc["draw_pile"], "draw_pile")
        for t, k in enumerate(wanted):
            if k > pile[t]:
                raise InvalidSave(f"{GAME}.error.draw_pile", count=pile[t], type=word(t),
                                  wanted=k)
            discards[t] += pile[t] - k
        pile = wanted
    for i, h in enumerate(full):
        if sum(h) > HAND_SIZE:
            raise InvalidSave(f"{GAME}.error.hand_size", player=names[i], count=sum(h),
                              limit=HAND_SIZE)
        if sum(pile) and sum(h) != HAND_SIZE:
            raise InvalidSave(f"{GAME}.error.hand_refill", player=names[i], count=sum(h),
                              limit=HAND_SIZE)
    bonus_used = desc.get("bonus_used", [False] * n)
    if (not isinstance(bonus_used, list) or len(bonus_used) != n
            or not all(isinstance(b, bool) for b in bonus_used)):
        raise InvalidSave(f"{GAME}.error.bonus_used", players=n)
    end = desc.get("end_announced", not sum(pile))
    if not isinstance(end, bool):
        raise InvalidSave(f"{GAME}.error.end_bool")
    if end != (not sum(pile)):
        raise InvalidSave(f"{GAME}.error.end_when")
    s = CaptainLuckyState(pile, full, middle, collections, discards, list(bonus_used),
                          heart=heart, turn=turn, end_announced=end, turns=[0] * n)
    s.steps.append(s.step(phase))
    if phase == "place" and not sum(full[turn]):
        raise InvalidSave(f"{GAME}.error.no_place", player=names[turn])
    return s


# ---- the position editor's fields (``core.spec.PositionSchema``) ----------------------------
def _start(names: list[str]) -> dict[str, Any]:
    hands = [["silver", "gold", "gold", "pearl", "jade"],
             ["ruby", "ruby", "silver", "jade", "pearl"]]
    return {"players": names, "heart": 0, "turn": 0, "phase": "place",
            "hands": [hands[i % 2] for i in range(len(names))],
            "middle": {"pearl": 1}, "collections": [{} for _ in names]}


def _type(name: str) -> Message:
    return Message.of(f"{GAME}.type.{name}")


def _fields(desc: dict[str, Any]) -> list[PositionField]:
    names = list(desc["players"])
    seats = list(range(len(names)))

    def seat(i: int) -> str:
        return str(names[i])

    fields = [
        PositionField(("heart",), "choice", Message.of("teacher.field.heart"), seats, seat),
        PositionField(("turn",), "choice", Message.of("teacher.field.turn"), seats, seat),
        PositionField(("phase",), "choice", Message.of("teacher.field.phase"),
                      ("place", "target"), phase_label(GAME)),
        PositionField(("middle",), "cards", Message.of("teacher.field.middle"), TYPES, _type,
                      counted=True),
    ]
    fields += [PositionField(("hands", i), "cards", Message.of("teacher.field.hand_of", player=n),
                             TYPES, _type) for i, n in enumerate(names)]
    fields += [PositionField(("collections", i), "cards",
                             Message.of("teacher.field.collection_of", player=n), TYPES, _type,
                             counted=True) for i, n in enumerate(names)]
    return fields


SCHEMA = PositionSchema(_start, _fields)
