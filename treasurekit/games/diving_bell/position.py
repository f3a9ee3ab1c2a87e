"""Set up a Diving Bell table from a readable description (for lessons and examples).

A description is a JSON object such as::

    {"players": ["Ann", "Bob"], "variant": "standard", "diver": "Ann",
     "phase": "divide", "row": ["ruby3/1", "ruby3/2", "gold5/3"],
     "division": ["A", "B"], "piles": {"Ann": ["map1/0"], "Bob": []}}

``phase`` is ``dive`` (default), ``divide`` or ``choose``. Everything is
checked like a save file: unknown cards, too many copies of a card, a row that
burst too early, or an uneven split after a burst raise InvalidSave.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...core.errors import InvalidSave
from ...core.game import Game
from ...core.i18n import Message
from ...core.saves import check_keys, shown
from ...core.spec import PositionField, PositionSchema, phase_label
from .cards import ALL_CARDS, BURST_AT, GAME, QUICK_DECK, Card, card_by_code, deck_for, ids_of
from .spec import SPEC
from .state import DivingBellState, bursts

KEYS = {"players", "variant", "diver", "phase", "row", "division", "piles", "discards",
        "deck", "reshuffled", "title"}


def state_from_position(game: Game[DivingBellState], desc: dict[str, Any]) -> DivingBellState:
    check_keys(desc, KEYS, "position")
    names = list(game.players)
    diver_name = desc.get("diver", names[0])
    if diver_name not in names:
        raise InvalidSave(f"{GAME}.error.diver", value=shown(diver_name), names=names)
    diver = names.index(diver_name)
    phase = desc.get("phase", "dive")
    if phase not in ("dive", "divide", "choose"):
        raise InvalidSave(f"{GAME}.error.phase", value=shown(phase))

    row = check_position_cards(desc.get("row", []), "row")
    piles_desc = desc.get("piles", {})
    if not isinstance(piles_desc, dict) or set(piles_desc) - set(names):
        raise InvalidSave(f"{GAME}.error.piles", names=names)
    piles = [check_position_cards(piles_desc.get(n, []),
                                  Message.of(f"{GAME}.where.pile", player=n)) for n in names]
    discards = check_position_cards(desc.get("discards", []), "discards")

    pool = list(deck_for(game.variant))
    taken: list[list[int]] = []
    available = Counter(ALL_CARDS[i].code for i in pool)
    used: Counter[str] = Counter()
    for group in (row, *piles, discards):
        ids = []
        for card in group:
            used[card.code] += 1
            if used[card.code] > available[card.code]:
                raise InvalidSave(f"{GAME}.error.too_many", code=card.code, card=card,
                                  variant=game.variant, count=available[card.code])
            ids.append(ids_of(card.code)[used[card.code] - 1])
        taken.append(ids)
    if any(not ALL_CARDS[i].is_treasure for p in taken[1:-1] for i in p):
        raise InvalidSave(f"{GAME}.error.pile_treasures")
    row_ids, pile_ids, discard_ids = taken[0], taken[1:-1], taken[-1]

    limit = BURST_AT[game.variant]
    for k in range(1, len(row_ids)):
        if bursts(row_ids[:k], limit):
            raise InvalidSave(f"{GAME}.error.burst_early", count=k)
    burst = bursts(row_ids, limit)
    if phase == "dive" and burst:
        raise InvalidSave(f"{GAME}.error.burst_dive")
    treasures = [c for c in row if c.is_treasure]
    if phase != "dive" and not treasures:
        raise InvalidSave(f"{GAME}.error.no_treasure", phase=shown(phase))
    division = _division(desc.get("division", []), treasures, phase, burst)

    unseen = sorted(set(pool) - {i for group in taken for i in group})
    full = QUICK_DECK if game.variant == "quick" else len(pool)
    seen = len(pool) - len(unseen)
    deck = desc.get("deck", max(0, full - seen) if game.variant == "quick" else len(unseen))
    if not isinstance(deck, int) or isinstance(deck, bool) or not 0 <= deck <= len(unseen):
        raise InvalidSave(f"{GAME}.error.deck", hi=len(unseen))
    if phase == "dive" and deck == 0:
        raise InvalidSave(f"{GAME}.error.dive_empty")
    reshuffled = desc.get("reshuffled", False)
    if not isinstance(reshuffled, bool):
        raise InvalidSave(f"{GAME}.error.reshuffled")
    s = DivingBellState(diver, unseen, deck, len(unseen) - deck, row_ids,
                        division, [list(p) for p in pile_ids], discard_ids, reshuffled,
                        limit=limit)
    s.recount()
    s.steps.append(s.step(phase))
    return s


def _division(raw: Any, treasures: list[Card], phase: str, burst: bool) -> list[int]:
    if not isinstance(raw, list) or any(p not in ("A", "B") for p in raw):
        raise InvalidSave(f"{GAME}.error.division")
    if phase == "dive" and raw:
        raise InvalidSave(f"{GAME}.error.division_dive")
    if len(raw) > len(treasures):
        raise InvalidSave(f"{GAME}.error.division_long")
    if phase == "choose" and len(raw) != len(treasures):
        raise InvalidSave(f"{GAME}.error.division_choose")
    if phase == "divide" and len(raw) == len(treasures):
        raise InvalidSave(f"{GAME}.error.division_complete")
    cap = (len(treasures) + 1) // 2
    if burst and (raw.count("A") > cap or raw.count("B") > cap):
        raise InvalidSave(f"{GAME}.error.division_even")
    return [0 if p == "A" else 1 for p in raw]


def check_position_cards(codes: list[Any], where: str | Message) -> list[Card]:
    """Cards named in a position, or InvalidSave naming the bad entry (``where``: the key
    of the description, or a Message naming the place)."""
    if not isinstance(codes, list):
        raise InvalidSave(f"{GAME}.error.card_list", where=where)
    cards = []
    for code in codes:
        try:
            cards.append(card_by_code(code))
        except (KeyError, TypeError):
            raise InvalidSave(f"{GAME}.error.not_a_card", where=where,
                              value=shown(code)) from None
    return cards


# ---- the position editor's fields (``core.spec.PositionSchema``) ----------------------------
def _codes() -> list[str]:
    """Every card of the standard and the advanced deck, by code."""
    seen: dict[str, None] = {}
    for variant in ("standard", "advanced"):
        for i in deck_for(variant):
            seen.setdefault(ALL_CARDS[i].code, None)
    return sorted(seen)


def _card_label(code: str) -> Card | Message:
    """A card in the words of its own picture: "Gold 5: 5 points, 3 pressure dots"."""
    card = card_by_code(code)
    if not card.is_treasure:
        return card
    return Message.of("widgets.db.card_label", name=card, value=card.value, dots=card.pressure)


def _start(names: list[str]) -> dict[str, Any]:
    return {"players": names, "variant": "standard", "diver": names[0], "phase": "dive",
            "row": ["gold5/3", "ruby3/1"], "division": [],
            "piles": {names[0]: ["map1/0"], names[1]: []}}


def _fields(desc: dict[str, Any]) -> list[PositionField]:
    names = list(desc["players"])
    codes = _codes()
    treasures = [c for c in codes if card_by_code(c).is_treasure]
    fields = [
        PositionField(("variant",), "choice", Message.of("widgets.variant"), SPEC.variants,
                      lambda v: Message.of(f"{GAME}.variant.{v}")),
        PositionField(("diver",), "choice", Message.of("teacher.field.diver"), names),
        PositionField(("phase",), "choice", Message.of("teacher.field.phase"),
                      ("dive", "divide", "choose"), phase_label(GAME)),
        PositionField(("row",), "cards", Message.of("teacher.field.row"), codes, _card_label),
        PositionField(("division",), "cards", Message.of("teacher.field.division"), ("A", "B"),
                      lambda v: Message.of("widgets.db.pile", pile=v)),
    ]
    fields += [PositionField(("piles", n), "cards", Message.of("teacher.field.pile_of", player=n),
                             treasures, _card_label) for n in names]
    return fields


SCHEMA = PositionSchema(_start, _fields)
