"""Share a table with the class: a short code, a link that opens the app at that table,
and the link as a QR code for the projector (segno, drawn as inline SVG, no web service).

The code is the engine's share code (``tk.share_code``: the save, compressed, versioned,
checked like a save when read). The link is the app's own address with
``?position=CODE`` and the current ``?lang=``; the app reads it at start
(:func:`open_shared`).
"""

from __future__ import annotations

import os
from html import escape
from typing import Any
from urllib.parse import urlencode

import ipywidgets as w
import segno

from ..core.errors import InvalidSave
from ..core.game import Game
from ..core.share import load_share_code, share_code
from .lang import Language
from .style import panel


def app_address() -> str:
    """The app's absolute address as the viewer's browser asked for it (Voila gives the
    kernel ``SERVER_NAME``, ``SERVER_PORT`` and ``SCRIPT_NAME``); empty outside Voila."""
    host, path = os.environ.get("SERVER_NAME", ""), os.environ.get("SCRIPT_NAME", "")
    if not host or not path.startswith("/"):
        return ""
    port = os.environ.get("SERVER_PORT", "")
    host = f"[{host}]" if ":" in host else host
    scheme = "https" if port == "443" else "http"
    return f"{scheme}://{host}{':' + port if port and port not in ('80', '443') else ''}{path}"


def share_query(code: str, lang: str) -> str:
    """``?position=CODE&lang=xx`` (the code is URL-safe as it is)."""
    return "?" + urlencode({"position": code, "lang": lang})


def qr_svg(text: str, title: str) -> str:
    """``text`` as a QR code in inline SVG, black on white with its quiet zone."""
    qr = segno.make(text, error="m")
    svg: str = qr.svg_inline(scale=4, dark="#000", light="#fff", title=title,
                             svgclass="tk-qr", omitsize=False)
    return svg


class SharePanel(w.VBox):
    """"Share this table": the code, the link and its QR code for one game's table."""

    def __init__(self, lang: Language) -> None:
        super().__init__()
        self.lang = lang
        self.add_class("tk-share")
        self.code = ""
        self.body = w.HTML()
        self.code_box = w.Text(disabled=False, layout=w.Layout(width="100%"))
        self.code_box.add_class("tk-share-code")
        self.children = [self.body, self.code_box]
        lang.on_change(self.refresh)
        self.refresh()

    def show(self, game: Game[Any] | None) -> None:
        """Share ``game`` (its set-up, position and moves); ``None`` clears the panel."""
        self.code = share_code(game) if game is not None else ""
        self.refresh()

    @property
    def link(self) -> str:
        if not self.code:
            return ""
        return app_address() + share_query(self.code, self.lang.code)

    def refresh(self) -> None:
        t = self.lang.t
        if not self.code:
            self.body.value = panel(t("teacher.share.title"),
                                    f'<p class="tk-muted">{escape(t("teacher.share.none"))}</p>')
            self.code_box.layout.display = "none"
            return
        self.code_box.layout.display = ""
        self.code_box.value = self.code
        self.code_box.description = t("teacher.share.code")
        link = self.link
        qr = qr_svg(link, t("teacher.share.qr"))
        # the page's own address with the new query: right behind any proxy as well
        here = share_query(self.code, self.lang.code)
        address = (f'<p class="tk-share-address"><code>{escape(link)}</code></p>'
                   if link != here else "")
        self.body.value = panel(
            t("teacher.share.title"),
            f'<div class="tk-cols"><div><p>{escape(t("teacher.share.intro"))}</p>'
            f'<p><a class="tk-share-link" href="{escape(here)}" target="_blank">'
            f'{escape(t("teacher.share.open"))}</a></p>{address}'
            f'<p class="tk-muted tk-share-size">'
            f'{escape(t("teacher.share.size", count=len(self.code)))}</p></div>'
            f'<div class="tk-share-qr">{qr}</div></div>')


def open_shared(code: str) -> tuple[Game[Any] | None, InvalidSave | None]:
    """The game a ``?position=`` code holds, or the engine's reason for refusing it (the
    error: ``err.text(lang)`` tells it in any language)."""
    try:
        return load_share_code(code), None
    except InvalidSave as err:
        return None, err
