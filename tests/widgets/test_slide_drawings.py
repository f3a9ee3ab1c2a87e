"""Cards drawn for the projector, whose fit draws each drawing large enough for its
smallest label (widgets/screen.py): every card's name at one size, a long name making its
card wider rather than its words smaller (so the cards of a row are drawn the same
height), and a crowded table's piles as chips of words, one per type."""

from __future__ import annotations

import re

from treasurekit.core.i18n import LANGUAGES, tr
from treasurekit.games.captain_lucky.cards import TYPES
from treasurekit.games.diving_bell.cards import STANDARD_DECK
from treasurekit.widgets import captain_lucky, diving_bell, style
from treasurekit.widgets.lang import Language
from treasurekit.widgets.svg import PALETTE


def _names(drawing: str) -> list[tuple[int, str]]:
    """The bold labels of a drawing: (size, words)."""
    return [(int(size), words) for size, words in re.findall(
        r'<text[^>]*font-size="(\d+)" font-weight="bold"[^>]*>([^<]+)</text>', drawing)]


def test_every_diving_bell_card_name_is_drawn_at_one_size() -> None:
    for lang in LANGUAGES:
        for card in {c.code: c for c in STANDARD_DECK}.values():
            drawing = diving_bell.card_svg(card, Language(code=lang))
            found = re.search(r'<svg[^>]*width="([\d.]+)"', drawing)
            assert found
            width = float(found.group(1))
            size, name = _names(drawing)[0]
            assert size == diving_bell.NAME, (lang, card.code, name, size)
            # (the name's box holds it: a bold letter at most EM of the size wide)
            assert width >= len(name) * diving_bell.EM * size + 16, (lang, name, width)
            assert width >= diving_bell.W


def test_every_captain_lucky_card_name_is_drawn_at_one_size() -> None:
    for lang in LANGUAGES:
        for kind in TYPES:
            drawing = captain_lucky.set_svg(kind, 3, Language(code=lang))
            names = [(size, words) for size, words in _names(drawing) if not words.isdigit()]
            assert names and all(size == captain_lucky.NAME for size, _ in names), (lang, names)


def test_a_crowded_slide_shows_a_holding_as_one_chip_per_type() -> None:
    lang = Language(code="nl")
    html = captain_lucky.holding_html({"ruby": 9, "jade": 1}, lang, "-")
    chips = re.findall(r'<span class="tk-chip"><span class="tk-chip-band"[^>]*></span>'
                       r'([^<]+)</span>', html)
    ruby, jade = tr("captain_lucky.type.ruby", "nl"), tr("captain_lucky.type.jade", "nl")
    assert chips == [f"{ruby}: 5, 4", f"{jade}: 1"]
    # the drawn sets stay, for every other slide and screen
    assert 'class="tk-compact-hide"' in html and html.count('class="tk-cl-set ') == 3


def test_a_chips_colour_band_is_framed_a_white_one_too() -> None:
    """Captain Lucky's pearls are white: their chip's band, on the white chip, is a box
    of its own with a dark line between it and the words, so that it shows."""
    html = captain_lucky.holding_html({"pearl": 2}, Language(code="en"), "-")
    band = re.search(r'<span class="tk-chip-band" style="background: ([^"]+)"></span>', html)
    assert band and band[1] == captain_lucky.LOOK["pearl"][0] == PALETTE["white"]
    rule = re.search(r"\.tk-chip-band \{([^}]*)\}", style.CSS)
    assert rule and re.search(r"border-right: 2px solid #444", rule[1]), rule
    assert not re.search(r"\.tk-chip \{[^}]*border-left-color", style.CSS)
