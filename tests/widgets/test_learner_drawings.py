"""Drawings a learner tells apart: the five Diving Bell gems differ in colour and emblem,
a card shows only the pressure dots it has, the deck is a pile of cards to touch, the
pressure gauge sits under its words, the builder names cards as their pictures do, and a
Sea or Shore card's number stands clear of the badge of its addition cards."""

from __future__ import annotations

import re

from treasurekit.games.diving_bell.cards import GEM_TYPES, STANDARD_DECK, card_by_code
from treasurekit.games.sea_or_shore.cards import ISLAND_VALUES
from treasurekit.widgets import sea_or_shore
from treasurekit.widgets.diving_bell import card_svg, render_table
from treasurekit.widgets.lang import Language


def test_every_gem_has_its_own_colour_and_emblem() -> None:
    lang = Language(code="en")
    looks = {}
    for gem in GEM_TYPES:
        card = next(c for c in STANDARD_DECK if c.name == gem)
        drawing = card_svg(card, lang)
        fill = re.search(r'<rect x="2" y="2"[^>]*fill="([^"]+)"', drawing)
        assert fill
        # the emblem: what is drawn between the name box and the value circle
        emblem = drawing.split("</text>", 1)[1].split('<circle cx="48.0" cy="92"')[0]
        emblem = re.sub(r"-?\d+(\.\d+)?", "", emblem)           # the shape, not its place
        looks[gem] = (fill.group(1), emblem)
    assert len({fill for fill, _ in looks.values()}) == len(GEM_TYPES)
    assert len({emblem for _, emblem in looks.values()}) == len(GEM_TYPES)


def test_a_card_shows_only_the_pressure_dots_it_has() -> None:
    """"Add up the dots" must not be in doubt: no empty circle beside the filled dots."""
    lang = Language(code="en")
    for card in {c.code: c for c in STANDARD_DECK}.values():
        drawing = card_svg(card, lang)
        dots = re.findall(r"<circle[^>]*>", drawing.split("</text>", 2)[-1])  # below the value
        assert len(dots) == card.pressure, (card.code, dots)
        assert all('fill="#000"' in dot for dot in dots), (card.code, dots)


def test_the_deck_is_drawn_as_cards_to_touch_and_the_gauge_sits_by_its_label() -> None:
    import treasurekit as tk

    from .learner_helpers import text_nodes

    g = tk.new_game("diving_bell", players=2, seed=3)
    table = render_table(g, Language(code="en"))
    deck = table.split('data-tk-pick="draw"', 1)[1].split("</span>", 1)[0]
    assert deck.lstrip(">").startswith("<svg") and deck.count("<rect") >= 3   # a pile of cards
    assert text_nodes(f"<p{deck}") == [str(g.view(None)["deck"])]   # only its count on it
    # the gauge comes straight after the pressure's words, in one block
    block = table.split('class="tk-db-pressure"', 1)[1]
    assert re.match(r'><p class="tk-pressure">[^<]*</p><svg class="tk-gauge"', block), block[:200]


def test_the_builder_names_a_card_as_its_picture_does() -> None:
    """Build & share's palette: "Gold 5: 5 points, 3 pressure dots", not "Gold 5 5 (•••)"."""
    from treasurekit.core.i18n import tr
    from treasurekit.widgets.editor_specs import spec_for

    spec = spec_for("diving_bell")
    assert spec is not None
    (row,) = [f for f in spec.fields(spec.start(["Ann", "Bob"])) if f.path == ("row",)]
    for code in ("en", "nl"):
        lang = Language(code=code)
        for card in map(card_by_code, row.choices):
            label = row.label(card.code, lang)
            if card.is_treasure:
                assert label == tr("widgets.db.card_label", code, name=card.label(code),
                                   value=card.value, dots=card.pressure)
            assert "•" not in label and not re.search(r"\b(\d+) \1\b", label), label


#: the widest a bold digit and a bold "+" are drawn in the drawings' font (DejaVu Sans
#: Bold: 0.696 and 0.838 of the font size), as a share of the font size
DIGIT, PLUS = 0.70, 0.84


def test_an_island_cards_number_stands_clear_of_its_addition_badge() -> None:
    """Every island number beside a "+1" to "+3" badge (a trick's recap, a played card):
    the number ends before the badge's circle begins, and the "+N" fits inside it."""
    lang = Language(code="en")
    found = []
    for value in ISLAND_VALUES:
        for adds in (1, 3):
            drawing = sea_or_shore.island_svg(f"b{value}", lang, adds=adds)
            number = re.search(r'<text[^>]* x="([\d.]+)"[^>]*font-size="(\d+)"[^>]*'
                               rf'text-anchor="middle"[^>]*>{value}</text>', drawing)
            badge = re.search(r'<circle cx="([\d.]+)" cy="[\d.]+" r="([\d.]+)"[^>]*/>'
                              r'<text[^>]*font-size="(\d+)"[^>]*>\+', drawing)
            assert number and badge, drawing
            x, size = float(number[1]), float(number[2])
            cx, r, badge_size = float(badge[1]), float(badge[2]), float(badge[3])
            right = x + len(str(value)) * DIGIT * size / 2
            if right > cx - r or PLUS * badge_size + DIGIT * badge_size > 2 * r:
                found.append(f"{value} +{adds}: number to {right:g}, badge from {cx - r:g}")
    assert not found, found
