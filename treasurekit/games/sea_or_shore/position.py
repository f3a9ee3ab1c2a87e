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
from ...core.i18n import Message
from ...core.saves import by_name, check_keys, shown
from ...core.spec import PositionField, PositionSchema, phase_label
from .cards import (
    ADDITION_CARDS,
    GAME,
    HAND_SIZE,
    ISLAND_CODES,
    card_order,
    island,
    treasure,
    treasure_decks,
)
from .spec import SPEC
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
        raise InvalidSave(f"{GAME}.error.starter", value=shown(starter), names=names)
    s.starter = s.first_starter = names.index(starter)
    rnd = desc.get("round", 1)
    if type(rnd) is not int or rnd not in (1, 2):
        raise InvalidSave(f"{GAME}.error.round")
    s.round = rnd - 1
    scores = desc.get("round_scores", [[0] * n] if rnd == 2 else [])
    if (not isinstance(scores, list) or len(scores) != rnd - 1
            or any(not isinstance(r, list) or len(r) != n
                   or any(not _count(x) for x in r) for r in scores)):
        raise InvalidSave(f"{GAME}.error.round_scores", count=rnd - 1, players=n)
    s.round_scores = [list(r) for r in scores]

    # island cards: hands, the trick on the table, discards; the rest are out of sight
    hands = by_name(desc, "hands", names)
    s.hands = [sorted(check_codes(hands.get(p, []),
                              Message.of(f"{GAME}.where.hand", player=p)), key=card_order)
               for p in names]
    played_desc = by_name(desc, "played", names)
    s.played = [None] * n
    for p, text in played_desc.items():
        if type(text) is not str:
            raise InvalidSave(f"{GAME}.error.played", player=p, value=shown(text))
        try:
            s.played[names.index(p)] = Played.parse(text)
        except (KeyError, ValueError, AttributeError):
            raise InvalidSave(f"{GAME}.error.played", player=p, value=shown(text)) from None
    s.discards = check_codes(desc.get("discards", []), "discards")
    used = [c for h in s.hands for c in h] + [pl.card for pl in s.played if pl] + s.discards
    twice = [c for c, k in Counter(used).items() if k > 1]
    if twice:
        raise InvalidSave(f"{GAME}.error.twice", count=len(twice), cards=", ".join(sorted(twice)))
    s.box = [c for c in ISLAND_CODES if c not in set(used)]
    s.to_deal = s.dealt = HAND_SIZE[n] * n

    order = s.order_from(s.starter)
    done = [p for p in order if s.played[p] is not None]
    if done != order[:len(done)]:
        raise InvalidSave(f"{GAME}.error.played_order")
    sizes = {len(h) + (s.played[p] is not None) for p, h in enumerate(s.hands)}
    if len(sizes) != 1 or max(sizes) > HAND_SIZE[n] or max(sizes) == 0:
        raise InvalidSave(f"{GAME}.error.hand_sizes", limit=HAND_SIZE[n])
    phase = desc.get("phase", "play")
    if phase not in ("play", "pass", "reveal"):
        raise InvalidSave(f"{GAME}.error.phase", value=shown(phase))
    if phase == "reveal" and len(done) != n:
        raise InvalidSave(f"{GAME}.error.reveal_all")
    if phase == "pass" and (done or max(sizes) != HAND_SIZE[n]):
        raise InvalidSave(f"{GAME}.error.pass_full", limit=HAND_SIZE[n])

    # addition cards
    adds = by_name(desc, "additions", names)
    if not all(_count(x) for x in adds.values()):
        raise InvalidSave(f"{GAME}.error.additions")
    s.additions = [adds.get(p, 0) for p in names]
    on_table = sum(pl.adds for pl in s.played if pl)
    s.addition_pile = ADDITION_CARDS - sum(s.additions) - on_table
    if s.addition_pile < 0:
        raise InvalidSave(f"{GAME}.error.additions_total", limit=ADDITION_CARDS)
    for pl in s.played:
        if pl and island(pl.card).value + pl.adds > 12:
            raise InvalidSave(f"{GAME}.error.played_above", play=pl.notation(), limit=12)

    # treasures: face up, personal piles, and the rest face down in their decks
    decks = treasure_decks(n)
    face = desc.get("face_up")
    if not isinstance(face, list) or len(face) != len(decks):
        raise InvalidSave(f"{GAME}.error.face_up", count=len(decks))
    piles = by_name(desc, "piles", names)
    s.piles = [check_codes(piles.get(p, []), Message.of(f"{GAME}.where.pile", player=p),
                           "treasure") for p in names]
    s.face_up = [None if c is None else check_codes([c], "face_up", "treasure")[0] for c in face]
    left = [Counter(d) for d in decks]
    for d, card in enumerate(s.face_up):
        if card is not None:
            if not left[d][card]:
                raise InvalidSave(f"{GAME}.error.face_up_deck", card=card, deck=d + 1)
            left[d][card] -= 1
    for p, pile in zip(names, s.piles, strict=True):
        for card in pile:
            d = next((i for i, deck in enumerate(decks) if card in deck), 0)
            if not left[d][card]:
                raise InvalidSave(f"{GAME}.error.pile_many", player=p, card=card)
            left[d][card] -= 1
    s.decks = [Deck([], sorted(c.elements()), []) for c in left]
    for d, card in enumerate(s.face_up):
        if card is None and s.decks[d].size():
            raise InvalidSave(f"{GAME}.error.deck_face", deck=d + 1)
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


def check_codes(codes: Any, where: str | Message, kind: str = "island") -> list[str]:
    """Card codes named in a position, or InvalidSave naming the bad entry (``where``: the
    key of the description, or a Message naming the place)."""
    if not isinstance(codes, list):
        raise InvalidSave(f"{GAME}.error.codes", where=where)
    look = island if kind == "island" else treasure
    for code in codes:
        try:
            look(code)
        except (KeyError, TypeError):
            raise InvalidSave(f"{GAME}.error.card.{kind}", where=where,
                              value=shown(code)) from None
    return list(codes)


# ---- the position editor's fields (``core.spec.PositionSchema``) ----------------------------
def _start(names: list[str]) -> dict[str, Any]:
    hands = [["r1", "b5", "g9"], ["r4", "p7", "g12"], ["b2", "p10", "r11"],
             ["g3", "p6", "b8"], ["r7", "b12", "p3"]]
    return {"players": names, "variant": "standard", "starter": names[0], "phase": "play",
            "hands": {n: hands[i] for i, n in enumerate(names)},
            "face_up": [deck[-1] for deck in treasure_decks(len(names))],
            "piles": {n: [] for n in names}, "additions": {n: 0 for n in names}}


def _fields(desc: dict[str, Any]) -> list[PositionField]:
    names = list(desc["players"])
    decks = treasure_decks(len(names))
    every = sorted({c for d in decks for c in d}, key=lambda c: (c[0], int(c[1:])))
    fields = [
        PositionField(("variant",), "choice", Message.of("widgets.variant"), SPEC.variants,
                      lambda v: Message.of(f"{GAME}.variant.{v}")),
        PositionField(("starter",), "choice", Message.of("teacher.field.starter"), names),
        PositionField(("phase",), "choice", Message.of("teacher.field.phase"),
                      ("play", "pass", "reveal"), phase_label(GAME)),
    ]
    fields += [PositionField(("face_up", i), "choice",
                             Message.of("teacher.field.face_up", deck=i + 1),
                             sorted(set(d), key=lambda c: (c[0], int(c[1:]))), treasure)
               for i, d in enumerate(decks)]
    fields += [PositionField(("hands", n), "cards", Message.of("teacher.field.hand_of", player=n),
                             ISLAND_CODES, island) for n in names]
    fields += [PositionField(("piles", n), "cards", Message.of("teacher.field.pile_of", player=n),
                             every, treasure) for n in names]
    fields += [PositionField(("additions", n), "count",
                             Message.of("teacher.field.additions_of", player=n),
                             (0, ADDITION_CARDS)) for n in names]
    return fields


SCHEMA = PositionSchema(_start, _fields)
