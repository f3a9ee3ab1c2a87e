"""Drawings a learner tells apart: the five Diving Bell gems differ in colour and emblem."""

from __future__ import annotations

import re

from treasurekit.games.diving_bell.cards import GEM_TYPES, STANDARD_DECK
from treasurekit.widgets.diving_bell import card_svg
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
