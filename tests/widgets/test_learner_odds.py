"""Diving Bell's odds lab for beginners: the row is built by clicking drawn cards, the
bar labels fit in their chart, and the best division is told in plain words."""

from __future__ import annotations

import re

import ipywidgets as w
import pytest

from treasurekit.core.i18n import number
from treasurekit.widgets.diving_bell import MAX_ROW, OddsLab, _bars
from treasurekit.widgets.lang import Language

from ..generic.registry import NAMES
from .learner_helpers import visible_text
from .ui import App, has_class, walk


def test_build_the_row_by_clicking_cards() -> None:
    lab = OddsLab(Language(code="en"))
    lab.row.value = ""
    for code in ("gold5/3", "ruby3/2", "cursed-2/0"):
        lab.palette.touch(f"add:{code}")
    assert lab.row.value == "gold5/3 ruby3/2 cursed-2/0"
    assert lab.row_cards.picks == ["row:0", "row:1", "row:2"]
    lab.row_cards.touch("row:1")                  # the ruby leaves the row
    assert lab.row.value == "gold5/3 cursed-2/0"
    for _ in range(4):
        lab.palette.touch("add:gold1/0")          # the deck holds three of them
    assert lab.row.value.split().count("gold1/0") == 3
    assert "add:gold1/0" not in lab.palette.picks
    for code in ("map1/0", "pearl2/1", "compass2/1", "bell2/1") * 4:
        lab.palette.touch(f"add:{code}")
    assert len(lab.row.value.split()) == MAX_ROW  # every split stays quick to try
    assert "tk-bad" not in lab.out.value


@pytest.mark.parametrize("code", ["en", "nl"])
def test_best_division_in_plain_words(code: str) -> None:
    lab = OddsLab(Language(code=code))
    text = visible_text(lab.out.value)
    assert not re.search(r"-\d+", text)           # no "worth -8 to them"
    assert re.search(r"(diver|duiker)", text)


def test_bar_labels_fit_in_the_chart() -> None:
    chart = _bars([0.99, 1.0, 0.5], Language(code="en"))
    height = float(re.search(r'viewBox="0 0 [\d.]+ ([\d.]+)"', chart).group(1))
    ys = [float(y) for y in re.findall(r'<text x="[\d.]+" y="([\d.-]+)"', chart)]
    assert min(ys) >= 13 and max(ys) <= height     # a 13 px label's top stays inside


@pytest.mark.parametrize("code", ["en", "nl"])
def test_captain_lucky_plot_labels_apart_and_lines_explained(code: str) -> None:
    from treasurekit.games.captain_lucky import odds
    from treasurekit.widgets.captain_lucky import OddsLab as LuckyLab
    from treasurekit.widgets.captain_lucky import odds_plot

    lang = Language(code=code)
    plot = odds_plot(odds.win_table(3), lang)
    width = float(re.search(r'viewBox="0 0 ([\d.]+)', plot).group(1))
    labels = re.findall(r'<text x="([\d.]+)" y="([\d.]+)"[^>]*text-anchor="start"[^>]*>([^<]+)<',
                        plot)
    ys = sorted(float(y) for _, y, _ in labels)
    assert len(labels) == 7                                     # 5 set sizes + solid/dashed
    assert all(b - a >= 14 for a, b in zip(ys, ys[1:], strict=False))   # no two overlap
    assert all(float(x) + 7 * len(words) <= width for x, _, words in labels)
    lab = LuckyLab(lang)
    assert lang.t("learner.cl.odds.lines") in lab.out.value.replace("&#x27;", "'")


@pytest.mark.parametrize("name", NAMES)
def test_every_slider_writes_its_number_in_the_pages_language(name: str) -> None:
    """ipywidgets formats a slider's readout in the browser ("0.30" on a Dutch page):
    every slider of every app hides it, and the number beside it is Babel's, in the
    language of the page, after a switch and a move of the slider too."""
    app = App(name)
    for i in range(len(app.tabs.children)):
        app.tabs.selected_index = i
    sliders = [x for x in walk(app.root) if isinstance(x, w.IntSlider | w.FloatSlider)]
    for code in ("nl", "en", "nl"):
        app.lang.code = code
        for slider in sliders:
            slider.value = slider.max
            assert not slider.readout, slider.description
            if has_class(slider, "tk-review-slider"):
                # the review's slider: its step is told in the review's heading
                head = next(x for x in walk(app.root) if has_class(x, "tk-review-step")
                            or "tk-review-step" in str(getattr(x, "value", "")))
                assert number(slider.max, code, 0) in visible_text(head.value)
                continue
            box = next(x for x in walk(app.root) if slider in getattr(x, "children", ()))
            (label,) = [x for x in box.children if has_class(x, "tk-readout")]
            shown = visible_text(label.value)
            assert shown == number(slider.max, code, 1 if "." in str(slider.step) else 0)
