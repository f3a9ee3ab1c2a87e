"""Sea or Shore's play form: the addition cards a learner may add are offered as a choice
of the possible numbers, never typed into a box that changes them without a word."""

from __future__ import annotations

from treasurekit.core.i18n import number
from treasurekit.core.moves import Move
from treasurekit.games.sea_or_shore.state import Played
from treasurekit.widgets.lang import Language
from treasurekit.widgets.sea_or_shore import SeaOrShorePicker


def _plays(card: str, most: int) -> list[Move]:
    return [Move("play", Played(card, side, n).notation())
            for side in ("sea", "shore") for n in range(most + 1)]


def test_additions_offer_exactly_the_numbers_the_card_may_take() -> None:
    played: list[Move] = []
    lang = Language(code="nl")
    picker = SeaOrShorePicker("sea_or_shore", lang, played.append)
    picker.update(_plays("r5", 2) + _plays("b11", 1) + _plays("g3", 0))
    picker.cards.value = "r5"
    assert [v for _, v in picker.adds.options] == [0, 1, 2]   # own 2: 5 is not on offer
    assert picker.adds.layout.display == ""
    picker.adds.value = 2
    picker.cards.value = "b11"                    # 11 + 1 reaches 12: one at most
    assert [v for _, v in picker.adds.options] == [0, 1] and picker.adds.value == 1
    picker.adds.value = 1
    picker.play.click()
    assert played == [Move("play", Played("b11", "sea", 1).notation())]
    picker.cards.value = "g3"                     # none to add: no choice shown
    assert picker.adds.layout.display == "none"
    picker.cards.value = "r5"
    assert [label for label, _ in picker.adds.options] == [number(n, "nl") for n in range(3)]
