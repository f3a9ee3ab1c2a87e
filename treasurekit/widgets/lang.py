"""The current language, shared by every widget of an app, and its switch."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterable
from typing import Any

import ipywidgets as w
import traitlets

from ..core.errors import TreasureKitError
from ..core.i18n import LANGUAGES, Message, language_from_query, number, readable, tr

LANGUAGE_NAMES = {"en": "English", "nl": "Nederlands"}


def _request_info() -> dict[str, str] | None:
    """The viewer's request, which Voila sends a preheated kernel when handing it out.

    What ``voila.utils.wait_for_request`` does, without importing ``voila.utils`` (its
    server-side imports would add about 40 MB to every pooled kernel): one message on
    Voila's ``voila/query/<kernel id>`` websocket, read with the kernel's own tornado.
    """
    import asyncio
    import json

    from tornado.websocket import websocket_connect

    env = os.environ
    base = env.get("VOILA_WS_BASE_URL") or env.get("VOILA_SERVER_URL", "/")
    url = (f"{env.get('VOILA_WS_PROTOCOL', 'ws')}://{env.get('VOILA_APP_IP', '127.0.0.1')}:"
           f"{env.get('VOILA_APP_PORT', '8866')}{base}voila/query/{env.get('VOILA_KERNEL_ID')}")

    async def receive() -> str | bytes | None:
        ws = await websocket_connect(url, connect_timeout=30)
        try:
            return await ws.read_message()
        finally:
            ws.close()

    loop = asyncio.new_event_loop()
    try:
        message = loop.run_until_complete(receive())
    except Exception:  # no Voila to ask: keep the language the kernel has
        return None
    finally:
        loop.close()
    if not message:
        return None
    data = json.loads(message)
    return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else None


def follow_viewer(lang: Language) -> None:
    """In a kernel from Voila's preheated pool, take the viewer's ``?lang=`` on arrival.

    The pool (``make serve-class``) runs the whole app notebook before anyone asks for
    it, in English; the viewer's URL reaches the kernel only when Voila hands the kernel
    out. A background thread waits for it and switches ``lang`` on the kernel's own
    event loop, before the page's widgets have asked for their state (and if later,
    the widgets follow the switch as they do the language toggle). Anywhere else
    (JupyterLab, nbval, Voila without a pool) this does nothing.
    """
    if os.environ.get("VOILA_PREHEAT") != "True":
        return
    from IPython import get_ipython

    loop = getattr(getattr(get_ipython(), "kernel", None), "io_loop", None)
    if loop is None:
        return

    def apply() -> None:
        query = os.environ.get("QUERY_STRING", "")
        if "lang=" in query:
            lang.code = language_from_query(query)

    def wait() -> None:
        info = _request_info()
        if info:
            os.environ.update(info)          # the viewer's QUERY_STRING and the like
            loop.add_callback(apply)

    threading.Thread(target=wait, name="treasurekit-viewer", daemon=True).start()


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
