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
from ...core.saves import check_keys, short
from .cards import ALL_CARDS, BURST_AT, QUICK_DECK, Card, card_by_code, deck_for, ids_of
from .state import DivingBellState, bursts

KEYS = {"players", "variant", "diver", "phase", "row", "division", "piles", "discards",
        "deck", "reshuffled", "title"}


def state_from_position(game: Game[DivingBellState], desc: dict[str, Any]) -> DivingBellState:
    check_keys(desc, KEYS, "position")
    names = list(game.players)
    diver_name = desc.get("diver", names[0])
    if diver_name not in names:
        raise InvalidSave(f"diver {short(diver_name)} is not one of the players {names}")
    diver = names.index(diver_name)
    phase = desc.get("phase", "dive")
    if phase not in ("dive", "divide", "choose"):
        raise InvalidSave(f"phase must be 'dive', 'divide' or 'choose', not {short(phase)}")

    row = check_position_cards(desc.get("row", []), "row")
    piles_desc = desc.get("piles", {})
    if not isinstance(piles_desc, dict) or set(piles_desc) - set(names):
        raise InvalidSave(f"piles must map player names {names} to card lists")
    piles = [check_position_cards(piles_desc.get(n, []), f"pile of {n}") for n in names]
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
                raise InvalidSave(f"too many {card.code} cards: the {game.variant} deck has "
                                  f"{available[card.code]}")
            ids.append(ids_of(card.code)[used[card.code] - 1])
        taken.append(ids)
    if any(not ALL_CARDS[i].is_treasure for p in taken[1:-1] for i in p):
        raise InvalidSave("treasure piles hold only treasure cards")
    row_ids, pile_ids, discard_ids = taken[0], taken[1:-1], taken[-1]

    limit = BURST_AT[game.variant]
    for k in range(1, len(row_ids)):
        if bursts(row_ids[:k], limit):
            raise InvalidSave(f"the row burst after its first {k} cards; the dive would have ended")
    burst = bursts(row_ids, limit)
    if phase == "dive" and burst:
        raise InvalidSave("this row has burst, so the phase cannot be 'dive'")
    treasures = [c for c in row if c.is_treasure]
    if phase != "dive" and not treasures:
        raise InvalidSave(f"phase {short(phase)} needs treasure cards in the row")
    division = _division(desc.get("division", []), treasures, phase, burst)

    unseen = sorted(set(pool) - {i for group in taken for i in group})
    full = QUICK_DECK if game.variant == "quick" else len(pool)
    seen = len(pool) - len(unseen)
    deck = desc.get("deck", max(0, full - seen) if game.variant == "quick" else len(unseen))
    if not isinstance(deck, int) or isinstance(deck, bool) or not 0 <= deck <= len(unseen):
        raise InvalidSave(f"deck must be a number of cards from 0 to {len(unseen)}")
    if phase == "dive" and deck == 0:
        raise InvalidSave("a dive cannot go on with an empty deck")
    reshuffled = desc.get("reshuffled", False)
    if not isinstance(reshuffled, bool):
        raise InvalidSave("reshuffled must be true or false")
    s = DivingBellState(diver, unseen, deck, len(unseen) - deck, phase, row_ids,
                        division, [list(p) for p in pile_ids], discard_ids, reshuffled,
                        limit=limit)
    s.recount()
    return s


def _division(raw: Any, treasures: list[Card], phase: str, burst: bool) -> list[int]:
    if not isinstance(raw, list) or any(p not in ("A", "B") for p in raw):
        raise InvalidSave("division must be a list of 'A'/'B', one per treasure card in order")
    if phase == "dive" and raw:
        raise InvalidSave("there is no division during the dive")
    if len(raw) > len(treasures):
        raise InvalidSave("division has more entries than treasure cards in the row")
    if phase == "choose" and len(raw) != len(treasures):
        raise InvalidSave("to choose, every treasure card of the row must be on pile A or B")
    if phase == "divide" and len(raw) == len(treasures):
        raise InvalidSave("the division is complete: use phase 'choose'")
    cap = (len(treasures) + 1) // 2
    if burst and (raw.count("A") > cap or raw.count("B") > cap):
        raise InvalidSave("after a burst the piles must be as even as possible")
    return [0 if p == "A" else 1 for p in raw]


def check_position_cards(codes: list[Any], where: str) -> list[Card]:
    """Cards named in a position, or InvalidSave naming the bad entry."""
    if not isinstance(codes, list):
        raise InvalidSave(f"{where} must be a list of card codes")
    cards = []
    for code in codes:
        try:
            cards.append(card_by_code(code))
        except (KeyError, TypeError):
            raise InvalidSave(f"{where}: {short(code)} is not a Diving Bell card "
                              f"(write e.g. 'gold5/3', 'ruby3/1', 'map1/0')") from None
    return cards
