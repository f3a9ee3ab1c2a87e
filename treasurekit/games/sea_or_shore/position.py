"""Set up a Sea or Shore table from a readable description (for lessons and examples).

A description is a JSON object such as::

    {"players": ["Eric", "Stephanie", "Niels", "Marlou"], "variant": "standard",
     "starter": "Eric", "face_up": ["r3", "p2"],
     "hands": {"Eric": ["r8", "b2"], "Stephanie": ["r6", "g1"], ...},
     "played": {"Eric": "r8/sea"}, "piles": {"Stephanie": ["r4"]},
     "additions": {"Niels": 1}}

``phase`` is ``play`` (default), ``pass`` (before the pass, hands full) or ``reveal``
(every card played and still covered: the table waits for the move ``reveal``). ``played``
lists the cards already on the table this trick (they must be the first players
clockwise from the starter). The face-down decks hold every treasure not named, in an
unknown order; the island cards not named are out of sight. ``round`` (1 or 2) and
``round_scores`` (the first round's points) set up the second round. Everything is
checked like a save file and a wrong description raises InvalidSave.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...core.errors import InvalidSave
from ...core.game import Game
from ...core.saves import by_name, check_keys, short
from .cards import (
    ADDITION_CARDS,
    HAND_SIZE,
    ISLAND_CODES,
    card_order,
    island,
    treasure,
    treasure_decks,
)
from .state import Deck, Played, SeaOrShoreState, Step

KEYS = {"players", "variant", "starter", "phase", "round", "round_scores", "hands", "played",
        "face_up", "piles", "additions", "discards", "title"}



def _count(x: Any) -> bool:
    """A whole number of cards or points (0 or more; not a boolean)."""
    return isinstance(x, int) and not isinstance(x, bool) and x >= 0


def state_from_position(game: Game[SeaOrShoreState],
                        desc: dict[str, Any]) -> SeaOrShoreState:
    check_keys(desc, KEYS, "position")
    names = list(game.players)
    n = len(names)
    s = SeaOrShoreState(n)
    starter = desc.get("starter", names[0])
    if starter not in names:
        raise InvalidSave(f"starter {short(starter)} is not one of the players {names}")
    s.starter = s.first_starter = names.index(starter)
    rnd = desc.get("round", 1)
    if type(rnd) is not int or rnd not in (1, 2):
        raise InvalidSave("round must be 1 or 2")
    s.round = rnd - 1
    scores = desc.get("round_scores", [[0] * n] if rnd == 2 else [])
    if (not isinstance(scores, list) or len(scores) != rnd - 1
            or any(not isinstance(r, list) or len(r) != n
                   or any(not _count(x) for x in r) for r in scores)):
        raise InvalidSave(f"round_scores must hold {rnd - 1} list(s) of {n} points")
    s.round_scores = [list(r) for r in scores]

    # island cards: hands, the trick on the table, discards; the rest are out of sight
    hands = by_name(desc, "hands", names)
    s.hands = [sorted(check_codes(hands.get(p, []), f"hand of {p}"), key=card_order)
               for p in names]
    played_desc = by_name(desc, "played", names)
    s.played = [None] * n
    for p, text in played_desc.items():
        if type(text) is not str:
            raise InvalidSave(f"played card of {p}: {short(text)} is not like 'r7/sea+1'")
        try:
            s.played[names.index(p)] = Played.parse(text)
        except (KeyError, ValueError, AttributeError):
            raise InvalidSave(f"played card of {p}: {short(text)} is not like 'r7/sea+1'") from None
    s.discards = check_codes(desc.get("discards", []), "discards")
    used = [c for h in s.hands for c in h] + [pl.card for pl in s.played if pl] + s.discards
    twice = [c for c, k in Counter(used).items() if k > 1]
    if twice:
        raise InvalidSave(f"island card(s) named twice: {', '.join(sorted(twice))}")
    s.box = [c for c in ISLAND_CODES if c not in set(used)]
    s.to_deal = s.dealt = HAND_SIZE[n] * n

    order = s.order_from(s.starter)
    done = [p for p in order if s.played[p] is not None]
    if done != order[:len(done)]:
        raise InvalidSave("played cards must come from the first players clockwise "
                          "from the starter")
    sizes = {len(h) + (s.played[p] is not None) for p, h in enumerate(s.hands)}
    if len(sizes) != 1 or max(sizes) > HAND_SIZE[n] or max(sizes) == 0:
        raise InvalidSave(f"every player must hold the same number of cards this trick "
                          f"(1 to {HAND_SIZE[n]}, counting a played card)")
    phase = desc.get("phase", "play")
    if phase not in ("play", "pass", "reveal"):
        raise InvalidSave(f"phase must be 'play', 'pass' or 'reveal', not {short(phase)}")
    if phase == "reveal" and len(done) != n:
        raise InvalidSave("phase 'reveal' needs a played card from every player")
    if phase == "pass" and (done or max(sizes) != HAND_SIZE[n]):
        raise InvalidSave(f"before the pass every hand holds {HAND_SIZE[n]} cards")

    # addition cards
    adds = by_name(desc, "additions", names)
    if not all(_count(x) for x in adds.values()):
        raise InvalidSave("additions must be whole numbers of cards, 0 or more")
    s.additions = [adds.get(p, 0) for p in names]
    on_table = sum(pl.adds for pl in s.played if pl)
    s.addition_pile = ADDITION_CARDS - sum(s.additions) - on_table
    if s.addition_pile < 0:
        raise InvalidSave(f"there are only {ADDITION_CARDS} addition cards")
    for pl in s.played:
        if pl and island(pl.card).value + pl.adds > 12:
            raise InvalidSave(f"{pl.notation()}: addition cards cannot raise a card above 12")

    # treasures: face up, personal piles, and the rest face down in their decks
    decks = treasure_decks(n)
    face = desc.get("face_up")
    if not isinstance(face, list) or len(face) != len(decks):
        raise InvalidSave(f"face_up must list the top treasure of each of the {len(decks)} "
                          "deck(s) (null for an empty deck)")
    piles = by_name(desc, "piles", names)
    s.piles = [check_codes(piles.get(p, []), f"pile of {p}", "treasure") for p in names]
    s.face_up = [None if c is None else check_codes([c], "face_up", "treasure")[0] for c in face]
    left = [Counter(d) for d in decks]
    for d, card in enumerate(s.face_up):
        if card is not None:
            if not left[d][card]:
                raise InvalidSave(f"face_up: {card} does not belong on deck {d + 1} "
                                  "or all of them are used")
            left[d][card] -= 1
    for p, pile in zip(names, s.piles, strict=True):
        for card in pile:
            d = next((i for i, deck in enumerate(decks) if card in deck), 0)
            if not left[d][card]:
                raise InvalidSave(f"pile of {p}: too many {card} treasures")
            left[d][card] -= 1
    s.decks = [Deck([], sorted(c.elements()), []) for c in left]
    for d, card in enumerate(s.face_up):
        if card is None and s.decks[d].size():
            raise InvalidSave(f"deck {d + 1} still has cards, so its top treasure is face up")
    s.known = [[0] * n for _ in decks]
    s.passing = [None] * n

    if phase == "reveal":                     # a lesson's table: covers on until "reveal"
        s.steps = [Step("uncover", s.starter), Step("reveal")]
    elif phase == "pass":
        s.steps = [Step("pass", p) for p in order] + [Step("passes_done")]
        s.steps += [Step("play", p) for p in order] + [Step("reveal")]
    else:
        s.steps = [Step("play", p) for p in order if s.played[p] is None] + [Step("reveal")]
    return s


def check_codes(codes: Any, where: str, kind: str = "island") -> list[str]:
    """Card codes named in a position, or InvalidSave naming the bad entry."""
    if not isinstance(codes, list):
        raise InvalidSave(f"{where} must be a list of card codes")
    look = island if kind == "island" else treasure
    for code in codes:
        try:
            look(code)
        except (KeyError, TypeError):
            raise InvalidSave(f"{where}: {short(code)} is not a {kind} card "
                              f"(write colour letter r/b/g/p and value, e.g. 'r7')") from None
    return list(codes)

