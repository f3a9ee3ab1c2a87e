"""What the position editor may change in each game: one small spec per game.

Each spec names the fields of the game's position description (see the game's
``position.py``) with the choices the engine accepts there, and an accepted starting
table. The engine still checks every table the editor builds; the choices only keep the
palette to cards that exist. A game without a spec gets the share and review panels
but no editor.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from .editor import EditorSpec, Field
from .lang import Language


def _title(key: str, lang: Language, **params: Any) -> str:
    return lang.t(key, **params)


def _t(key: str, **params: Any) -> Any:
    """A field title from the catalog."""
    return partial(_title, key, **params)



def _phase(game: str) -> Any:
    return lambda value, lang: lang.t(f"teacher.phase.{game}.{value}")


# ---- Diving Bell ----------------------------------------------------------------------
def _db_codes() -> list[str]:
    from ..games.diving_bell.cards import ALL_CARDS, deck_for

    seen: dict[str, None] = {}
    for variant in ("standard", "advanced"):
        for i in deck_for(variant):
            seen.setdefault(ALL_CARDS[i].code, None)
    return sorted(seen)


def _db_label(code: str, lang: Language) -> str:
    from ..games.diving_bell.cards import card_by_code

    card = card_by_code(code)
    if not card.is_treasure:
        return card.label(lang.code)
    # the words of the card's own picture: "Gold 5: 5 points, 3 pressure dots"
    return lang.t("widgets.db.card_label", name=card.label(lang.code), value=card.value,
                  dots=card.pressure)


def _db_start(names: list[str]) -> dict[str, Any]:
    return {"players": names, "variant": "standard", "diver": names[0], "phase": "dive",
            "row": ["gold5/3", "ruby3/1"], "division": [],
            "piles": {names[0]: ["map1/0"], names[1]: []}}


def _db_fields(desc: dict[str, Any]) -> list[Field]:
    from ..games.diving_bell.cards import card_by_code
    from ..games.diving_bell.rules import DivingBell

    names = list(desc["players"])
    codes = _db_codes()
    treasures = [c for c in codes if card_by_code(c).is_treasure]
    fields = [
        Field(("variant",), "choice", _t("widgets.variant"), DivingBell.variants,
              lambda v, lang: lang.t(f"diving_bell.variant.{v}")),
        Field(("diver",), "choice", _t("teacher.field.diver"), names),
        Field(("phase",), "choice", _t("teacher.field.phase"), ("dive", "divide", "choose"),
              _phase("diving_bell")),
        Field(("row",), "cards", _t("teacher.field.row"), codes, _db_label),
        Field(("division",), "cards", _t("teacher.field.division"), ("A", "B"),
              lambda v, lang: lang.t("widgets.db.pile", pile=v)),
    ]
    fields += [Field(("piles", n), "cards", _t("teacher.field.pile_of", player=n), treasures,
                     _db_label) for n in names]
    return fields


# ---- Sea or Shore -----------------------------------------------------------------------
def _sos_island(code: str, lang: Language) -> str:
    from ..games.sea_or_shore.cards import island

    return island(code).label(lang.code)


def _sos_treasure(code: str, lang: Language) -> str:
    from ..games.sea_or_shore.cards import treasure

    return treasure(code).label(lang.code)


def _sos_start(names: list[str]) -> dict[str, Any]:
    from ..games.sea_or_shore.cards import treasure_decks

    hands = [["r1", "b5", "g9"], ["r4", "p7", "g12"], ["b2", "p10", "r11"],
             ["g3", "p6", "b8"], ["r7", "b12", "p3"]]
    return {"players": names, "variant": "standard", "starter": names[0], "phase": "play",
            "hands": {n: hands[i] for i, n in enumerate(names)},
            "face_up": [deck[-1] for deck in treasure_decks(len(names))],
            "piles": {n: [] for n in names}, "additions": {n: 0 for n in names}}


def _sos_fields(desc: dict[str, Any]) -> list[Field]:
    from ..games.sea_or_shore.cards import ADDITION_CARDS, ISLAND_CODES, treasure_decks
    from ..games.sea_or_shore.rules import SeaOrShore

    names = list(desc["players"])
    decks = treasure_decks(len(names))
    every = sorted({c for d in decks for c in d}, key=lambda c: (c[0], int(c[1:])))
    fields = [
        Field(("variant",), "choice", _t("widgets.variant"), SeaOrShore.variants,
              lambda v, lang: lang.t(f"sea_or_shore.variant.{v}")),
        Field(("starter",), "choice", _t("teacher.field.starter"), names),
        Field(("phase",), "choice", _t("teacher.field.phase"), ("play", "pass", "reveal"),
              _phase("sea_or_shore")),
    ]
    fields += [Field(("face_up", i), "choice", _t("teacher.field.face_up", deck=i + 1),
                     sorted(set(d), key=lambda c: (c[0], int(c[1:]))), _sos_treasure)
               for i, d in enumerate(decks)]
    for n in names:
        fields.append(Field(("hands", n), "cards", _t("teacher.field.hand_of", player=n),
                            ISLAND_CODES, _sos_island))
    for n in names:
        fields.append(Field(("piles", n), "cards", _t("teacher.field.pile_of", player=n),
                            every, _sos_treasure))
    fields += [Field(("additions", n), "count", _t("teacher.field.additions_of", player=n),
                     (0, ADDITION_CARDS)) for n in names]
    return fields


# ---- Captain Lucky ----------------------------------------------------------------------
def _cl_type(name: str, lang: Language) -> str:
    return lang.t(f"captain_lucky.type.{name}")


def _cl_start(names: list[str]) -> dict[str, Any]:
    hands = [["silver", "gold", "gold", "pearl", "jade"], ["ruby", "ruby", "silver", "jade",
                                                          "pearl"]]
    return {"players": names, "heart": 0, "turn": 0, "phase": "place",
            "hands": [hands[i % 2] for i in range(len(names))],
            "middle": {"pearl": 1}, "collections": [{} for _ in names]}


def _cl_fields(desc: dict[str, Any]) -> list[Field]:
    from ..games.captain_lucky.cards import TYPES

    names = list(desc["players"])
    seats = list(range(len(names)))
    seat = lambda i, _lang: names[i]  # noqa: E731 - a label
    fields = [
        Field(("heart",), "choice", _t("teacher.field.heart"), seats, seat),
        Field(("turn",), "choice", _t("teacher.field.turn"), seats, seat),
        Field(("phase",), "choice", _t("teacher.field.phase"), ("place", "target"),
              _phase("captain_lucky")),
        Field(("middle",), "cards", _t("teacher.field.middle"), TYPES, _cl_type, counted=True),
    ]
    fields += [Field(("hands", i), "cards", _t("teacher.field.hand_of", player=n), TYPES,
                     _cl_type) for i, n in enumerate(names)]
    fields += [Field(("collections", i), "cards",
                     _t("teacher.field.collection_of", player=n), TYPES, _cl_type,
                     counted=True) for i, n in enumerate(names)]
    return fields


# ---- Coralia ------------------------------------------------------------------------------
def _co_space(space: str, lang: Language) -> str:
    """A die on a reef space: ``pearl`` (a die of the reef's colour) or ``white-pearl``."""
    if space.startswith("white-"):
        return f'{lang.t("coralia.adj.white")} — {lang.t("coralia.space." + space[6:])}'
    return lang.t(f"coralia.space.{space}")


def _co_die(die: str, lang: Language) -> str:
    colour, _, symbol = die.partition("-")
    return lang.t("coralia.die", colour=lang.t(f"coralia.adj.{colour}"),
                  symbol=lang.t(f"coralia.symbol.{symbol}"))


def _co_start(names: list[str]) -> dict[str, Any]:
    return {"players": names, "starter": names[0], "turn": names[0], "phase": "turn",
            "board": {"blue": ["pearl"]}, "island": {"green": 1},
            "cards": {names[0]: ["pearl-3"]}, "points": {n: 0 for n in names}}


def _co_reef(colour: str | None, lang: Language) -> str:
    """A reef by its colour ("the yellow reef"); None: a diver still on the ship."""
    if colour is None:
        return lang.t("teacher.field.on_ship")
    return lang.t("coralia.reef", colour=lang.t(f"coralia.adj.{colour}"))


def _co_fields(desc: dict[str, Any]) -> list[Field]:
    from ..games.coralia.cards import CARD_KINDS, COLOURS, SPACE_NAMES, SYMBOLS

    names = list(desc["players"])
    spaces = [*SPACE_NAMES, *(f"white-{s}" for s in SPACE_NAMES if s != "treasure")]
    colour = lambda c, lang: lang.t(f"coralia.adj.{c}")  # noqa: E731 - a label
    card = lambda c, lang: lang.t(f"coralia.card.{c}")  # noqa: E731 - a label
    fields = [
        Field(("starter",), "choice", _t("teacher.field.start_player"), names),
        Field(("turn",), "choice", _t("teacher.field.turn"), names),
        Field(("phase",), "choice", _t("teacher.field.phase"), ("turn", "place", "scoring"),
              _phase("coralia")),
    ]
    def reef(c: str) -> Any:
        return lambda lang: lang.t("teacher.field.reef", colour=lang.t(f"coralia.adj.{c}"))

    fields += [Field(("board", c), "cards", reef(c), spaces, _co_space) for c in COLOURS]
    fields.append(Field(("island",), "cards", _t("teacher.field.island"), COLOURS, colour,
                        counted=True))
    fields.append(Field(("station",), "cards", _t("teacher.field.station"),
                        [f"{c}-{s}" for c in COLOURS for s in SYMBOLS], _co_die))
    # an octopus lies beside a die on a reef's octopus space, a diver on a die on its
    # diver space: the engine refuses a die there without one (and the other way round)
    fields += [Field(("octopuses", n), "cards", _t("teacher.field.octopuses_of", player=n),
                     COLOURS, _co_reef) for n in names]
    fields += [Field(("divers", n), "choice", _t("teacher.field.diver_of", player=n),
                     (None, *COLOURS), _co_reef) for n in names]
    fields += [Field(("cards", n), "cards", _t("teacher.field.cards_of", player=n),
                     [k.code for k in CARD_KINDS], card) for n in names]
    fields += [Field(("points", n), "count", _t("teacher.field.points_of", player=n), (0, 500))
               for n in names]
    return fields


SPECS: dict[str, EditorSpec] = {
    "diving_bell": EditorSpec("diving_bell", (2,), _db_start, _db_fields),
    "sea_or_shore": EditorSpec("sea_or_shore", (3, 4, 5), _sos_start, _sos_fields),
    "captain_lucky": EditorSpec("captain_lucky", (2, 3, 4, 5, 6), _cl_start, _cl_fields),
    "coralia": EditorSpec("coralia", (2, 3, 4), _co_start, _co_fields),
}


def spec_for(game: str) -> EditorSpec | None:
    """The editor spec of ``game`` (None for a game without one yet)."""
    return SPECS.get(game)
