"""No English left on a Dutch page, and no number written the English way.

Every registered game's app is used in English up to many points (each lesson step
answered, each rulebook example after its first step and at its end, games against the
computer with the fewest and the most players and their review, pass-and-play, Build &
share with its explanation and a loaded game's review, every other tab), then switched to
Dutch with its own switch. Everything a reader sees anywhere in the app (text, SVG labels
and tooltips, buttons, field labels, choices, tab titles, and the readout a slider draws
beside itself) must then hold no word that only the English catalogs use, and no number
with a decimal point.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from importlib import resources

import ipywidgets as w
import pytest
from ipywidgets.widgets.widget_description import DescriptionWidget

from treasurekit.core.i18n import catalog

from ..generic.registry import NAMES
from .learner_helpers import finish
from .ui import App, click, find, has_class, one, walk

NAMESPACES = sorted(p.name.removesuffix(".json")
                    for p in (resources.files("treasurekit") / "locales" / "en").iterdir()
                    if p.name.endswith(".json"))
PLACEHOLDER = re.compile(r"\{\w+(?::([^{}]*))?\}")
WORD = re.compile(r"[^\W\d_]{3,}")
#: a number with points in it; in Dutch only a thousands separator may be one ("1.079")
POINT_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)+(?![\w])")
DUTCH_GROUPS = re.compile(r"[1-9]\d{0,2}(?:\.\d{3})+")


CODE = re.compile(r"<code>.*?</code>|<[^>]*>", re.S)


def _words(text: str) -> set[str]:
    """The words of a message, the words of its plural forms included; placeholders,
    HTML tags and code (``<code>play</code>`` in Dutch prose is no Dutch word) left out."""
    text = PLACEHOLDER.sub(lambda m: " ".join(f.partition("=")[2]
                                               for f in (m.group(1) or "").split("|")),
                           CODE.sub(" ", text))
    return {word.lower() for word in WORD.findall(text)}


def _catalog_words(lang: str) -> set[str]:
    out: set[str] = set()
    for ns in NAMESPACES:
        for value in catalog(lang, ns).values():
            for form in (value.values() if isinstance(value, dict) else [value]):
                out |= _words(form)
    return out


#: words the English catalogs use and no Dutch message does ("you", "the", "score" ...)
ENGLISH_ONLY = frozenset(_catalog_words("en") - _catalog_words("nl"))


class _Reader(HTMLParser):
    """What a reader sees of an HTML value: its text nodes and tooltips (SVG titles,
    ``title`` and ``aria-label`` attributes), without stylesheets and scripts."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("style", "script"):
            self.skipping += 1
        self.parts += [v for k, v in attrs if k in ("title", "aria-label") and v]

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "script") and self.skipping:
            self.skipping -= 1

    def handle_data(self, data: str) -> None:
        if not self.skipping:
            self.parts.append(data)


def _readout(slider: w.Widget) -> str:
    """The number a slider shows beside itself (ipywidgets formats it in the browser with
    ``readout_format``, a d3-format: ".2f" is Python's ".2f"), if it shows one."""
    if not slider.readout:
        return ""
    spec = slider.readout_format
    return format(slider.value, spec if spec != "d" else "d")


def seen(root: w.Widget) -> list[str]:
    """Every piece of text a reader sees in the displayed part of ``root``."""
    out: list[str] = []
    for x in walk(root, visible_only=True):
        if has_class(x, "tk-language"):       # "English | Nederlands" in every language
            continue
        if isinstance(x, w.HTML):
            reader = _Reader()
            reader.feed(x.value)
            out += reader.parts
        if isinstance(x, w.Tab):
            out += list(x.titles)
        if isinstance(x, (w.ToggleButtons, w.Dropdown)):
            out += [str(label) for label in x._options_labels]
        if isinstance(x, DescriptionWidget):        # buttons, fields, choices
            out.append(x.description)
        if isinstance(x, (w.IntSlider, w.FloatSlider)):
            out.append(_readout(x))
        if isinstance(x, w.Text | w.Textarea):
            out.append(x.placeholder)
    return [" ".join(part.split()) for part in out if part and part.strip()]


def english_left(app: App) -> list[str]:
    """The pieces of the Dutch page that hold an English-only word or a point number."""
    assert app.lang.code == "nl"
    return [part for part in seen(app.root)
            if ENGLISH_ONLY & {word.lower() for word in WORD.findall(part)}
            or any(not DUTCH_GROUPS.fullmatch(m) for m in POINT_NUMBER.findall(part))]


class Tour:
    """Walks one app in English and, at every point, switches it to Dutch and back."""

    def __init__(self, name: str) -> None:
        self.app = App(name)
        self.found: dict[str, list[str]] = {}

    def to(self, code: str) -> None:
        (switch,) = find(self.app.root, "tk-language")
        switch.value = code

    def check(self, where: str) -> None:
        """Switch to Dutch here, note what is left in English, and switch back."""
        self.to("nl")
        reported = {part for parts in self.found.values() for part in parts}
        left = [part for part in english_left(self.app) if part not in reported]
        if left:
            self.found[where] = left
        self.to("en")

    def tab(self, css: str) -> w.Widget:
        return self.app.open_tab(css)


def _lesson(tour: Tour) -> None:
    lesson = one(tour.tab("tk-lesson"), "tk-lesson")
    tour.check("lesson step 1")
    while True:
        click(find(lesson, "tk-choice")[0])
        tour.check(f"lesson step {lesson.index + 1}, answered")
        if one(lesson, "tk-next").disabled:
            return
        click(one(lesson, "tk-next"))


def _examples(tour: Tour) -> None:
    tab = tour.tab("tk-example")
    pickers = find(tab, "tk-example-pick")
    for value in ([v for _, v in pickers[0].options] if pickers else [0]):
        if pickers:
            pickers[0].value = value
        (player,) = find(tab, "tk-example")
        click(one(player, "tk-forward"))
        tour.check(f"example {player.example.key}, step 1")
        while not one(player, "tk-forward").disabled:
            click(one(player, "tk-forward"))
        tour.check(f"example {player.example.key}, its end")


def _play(tour: Tour) -> str:
    """Games against the computer with the fewest and the most players, each reviewed;
    returns the save of the last one."""
    play = one(tour.tab("tk-play"), "tk-play")
    for count in sorted({min(play.count.options), max(play.count.options)}):
        play.count.value = count
        click(one(play, "tk-new-game"))
        for _ in range(3):
            if play.waiting:
                click(one(play, "tk-continue"))
            elif not play.game.is_over:
                play.human_move(play.game.legal_moves()[0])
        tour.check(f"play, {count} players, after a few moves")
        finish(play)
        tour.check(f"play, {count} players, game over")
        click(one(play, "tk-review-open"))
        for _ in range(3):
            click(one(play, "tk-review-forward"))
        tour.check(f"play, {count} players, review")
        click(one(play, "tk-review-last"))
        tour.check(f"play, {count} players, review at its end")
        click(one(play, "tk-review-close"))
    save = str(play.game.to_json())
    if find(play, "tk-mode"):
        one(play, "tk-mode").value = "hot"
        tour.check("pass-and-play, the cover")
        click(one(play, "tk-ready"))
        tour.check("pass-and-play, the first player's turn")
        one(play, "tk-mode").value = "bots"
    return save


def _teacher(tour: Tour, save: str) -> None:
    panel = one(tour.tab("tk-teacher"), "tk-teacher")
    tour.check("Build & share")
    editors = find(panel, "tk-editor")
    if editors:
        click(one(editors[0], "tk-editor-explain"))
        tour.check("Build & share, the table explained")
    panel.code.value = save
    click(one(panel, "tk-review-load"))
    for _ in range(3):
        click(one(panel, "tk-review-forward"))
    tour.check("Build & share, a loaded game in review")


def _other_tabs(tour: Tour) -> None:
    """Every tab opened (the odds computed), then one check: it reads them all."""
    tabs = tour.app.tabs
    for i in range(len(tabs.children)):
        tabs.selected_index = i
        for go in find(tabs.children[i], "tk-odds-go"):
            click(go)
    tour.check("every tab")


def test_the_word_list_knows_the_english_of_the_seats() -> None:
    """The list is built from the catalogs; the learner's "(you)" and plain English
    words are on it, and words both catalogs use are not."""
    assert {"you", "the", "and", "computer"} - ENGLISH_ONLY == {"computer"}
    assert not {"bonus", "variant", "computer"} & ENGLISH_ONLY


@pytest.mark.parametrize("name", NAMES)
def test_no_english_on_a_dutch_page_anywhere(name: str) -> None:
    tour = Tour(name)
    _lesson(tour)
    _examples(tour)
    save = _play(tour)
    _teacher(tour, save)
    _other_tabs(tour)
    assert tour.found == {}
