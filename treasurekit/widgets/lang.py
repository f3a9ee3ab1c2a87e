"""The current language, shared by every widget of an app, and its switch."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import Any
from urllib.parse import urlencode

import ipywidgets as w
import traitlets

from ..core.errors import TreasureKitError
from ..core.i18n import LANGUAGES, Message, language_from_query, number, readable, tr

LANGUAGE_NAMES = {"en": "English", "nl": "Nederlands"}


def follow_viewer(lang: Language) -> None:
    """Take the viewer's ``?lang=``, also when it arrives after the app was built (a
    kernel of Voila's preheated pool, ``make serve-class``: see ``viewer.py``)."""
    from .viewer import on_viewer

    def apply(params: dict[str, str]) -> None:
        if "lang" in params:
            lang.code = language_from_query(urlencode({"lang": params["lang"]}))

    on_viewer(apply)


class Language(traitlets.HasTraits):
    """Observable language code; widgets re-render when it changes."""

    code = traitlets.Enum(LANGUAGES, default_value="en")

    @classmethod
    def from_environment(cls, default: str = "en") -> Language:
        """Take ``?lang=nl`` from the Voila URL (the kernel sees it as QUERY_STRING)."""
        query = os.environ.get("QUERY_STRING", "")
        code = language_from_query(query) if "lang=" in query else default
        return cls(code=code)

    def t(self, key: str, **params: Any) -> str:
        """Translate ``key`` into the current language. An engine error or a
        :class:`Message` among the parameters is told in that language too: a widget
        keeps them, not their English text, so that a language switch tells them again."""
        lang = self.code
        return tr(key, lang, **{
            name: value.text(lang) if isinstance(value, (TreasureKitError, Message)) else value
            for name, value in params.items()})

    def name(self, player: str) -> str:
        """A player's name as this language words it: the learner's seat reads "Ann (jij)"
        in Dutch whatever the language the game began in (``core.i18n.SeatName``)."""
        return str(readable(player, self.code))

    def names(self, players: Iterable[str]) -> list[str]:
        return [self.name(p) for p in players]

    def on_change(self, callback: Callable[[], None]) -> None:
        self.observe(lambda _change: callback(), names="code")


def live_html(lang: Language, render: Callable[[], str], css_class: str = "") -> w.HTML:
    """An HTML widget showing ``render()``, rendered again when the language changes."""
    html = w.HTML(render())
    if css_class:
        html.add_class(css_class)
    lang.on_change(lambda: setattr(html, "value", render()))
    return html


def with_readout(slider: w.IntSlider | w.FloatSlider, lang: Language) -> w.HBox:
    """``slider`` with its number written beside it by Babel in the page's language
    ("0,3" in Dutch), with as many decimals as its step. ipywidgets' own readout is
    formatted in the browser, always with a decimal point, so it is hidden."""
    digits = len(repr(float(slider.step)).rstrip("0").partition(".")[2]) if isinstance(
        slider, w.FloatSlider) else 0
    slider.readout = False
    label = w.HTML()
    label.add_class("tk-readout")

    def show() -> None:
        label.value = f"<span>{number(slider.value, lang.code, digits)}</span>"

    slider.observe(lambda _c: show(), names="value")
    lang.on_change(show)
    show()
    return w.HBox([slider, label], layout=w.Layout(align_items="center"))


def button(icon: str, css_class: str, on_click: Callable[[], None], **kw: Any) -> w.Button:
    """A button with an icon and a CSS class (its text is set by the owner's refresh)."""
    b = w.Button(icon=icon, **kw)
    b.add_class(css_class)
    b.on_click(lambda _b: on_click())
    return b


def relabel(choice: w.Dropdown | w.ToggleButtons, options: list[tuple[str, Any]]) -> None:
    """New labels for a choice widget, keeping what is chosen (new options reset it)."""
    if list(choice.options) != options:
        value = choice.value
        choice.options = options
        choice.value = value


def LanguageSwitch(lang: Language) -> w.ToggleButtons:  # noqa: N802 - reads as a widget
    """English / Nederlands toggle bound to ``lang``."""
    switch = w.ToggleButtons(
        options=[(LANGUAGE_NAMES[c], c) for c in LANGUAGES], value=lang.code,
        tooltips=[tr("core.language", c) for c in LANGUAGES],
        style={"button_width": "7.5em"},
    )
    switch.add_class("tk-language")
    w.link((switch, "value"), (lang, "code"))
    return switch
