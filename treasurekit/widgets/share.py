"""Share a table with the class: a short code, a link that opens the app at that table,
and the link as a QR code for the projector (segno, drawn as inline SVG, no web service).

The code is the engine's share code (``tk.share_code``: the save, compressed, versioned,
checked like a save when read). The link is the app's address as the class reaches it
with ``?position=CODE`` and the current ``?lang=``; the app reads it at start
(:func:`open_shared`). That address is the one the server hands its kernels
(``TREASUREKIT_PUBLIC_URL``: the LAN address when it listens on every interface, or
``PUBLIC_URL``), else the one the teacher's browser used, never ``0.0.0.0``. A link only
this machine can open (loopback) comes with a warning saying how to serve the class.

A link whose QR code would be over version :data:`QR_MAX_VERSION` (too fine for a phone
at the back of the room: a table built in Build & share, a rulebook example's) is
``?s=<id>`` instead when the server keeps a class store (``classroom.config.class_store``):
the store keeps the code under a short id (``ClassStore.share``) and the page asks it for
the code (:func:`open_short`). Without a store (JupyterLab), or when it fails, the link is
the long one, which needs no store.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from functools import lru_cache
from html import escape
from typing import Any
from urllib.parse import urlencode, urlsplit

import ipywidgets as w
import segno

from ..addresses import ALL_INTERFACES, PUBLIC_URL_ENV, is_loopback, lan_address
from ..classroom import ClassAPI, ClassError
from ..core.errors import InvalidSave
from ..core.game import Game
from ..core.share import load_share_code, share_code
from .lang import Language
from .style import panel


def app_address() -> str:
    """The app's absolute address as the class reaches it: the server's public address
    (``TREASUREKIT_PUBLIC_URL``) before the page's path, else the address the viewer's
    browser asked for (Voila gives the kernel ``SERVER_NAME``, ``SERVER_PORT`` and
    ``SCRIPT_NAME``), ``0.0.0.0`` replaced by the machine's LAN address; empty outside
    Voila."""
    host, path = os.environ.get("SERVER_NAME", ""), os.environ.get("SCRIPT_NAME", "")
    if not path.startswith("/"):
        return ""
    public = os.environ.get(PUBLIC_URL_ENV, "").strip().rstrip("/")
    if public.startswith(("http://", "https://")):
        return public + path
    if host in ALL_INTERFACES:     # "" (no Voila) or 0.0.0.0, which no device opens
        host = (lan_address() or "") if host else ""
    if not host:
        return ""
    port = os.environ.get("SERVER_PORT", "")
    host = f"[{host}]" if ":" in host else host
    scheme = "https" if port == "443" else "http"
    return f"{scheme}://{host}{':' + port if port and port not in ('80', '443') else ''}{path}"


def only_here(link: str) -> bool:
    """Whether only this machine can open ``link`` (its host is a loopback address)."""
    return bool(link) and is_loopback(urlsplit(link).hostname or "")


#: the largest QR code a share link may need (finer ones are hard to scan from the back
#: row); a longer link becomes a short one when the server keeps a class store
QR_MAX_VERSION = 10


def share_query(code: str, lang: str) -> str:
    """``?position=CODE&lang=xx`` (the code is URL-safe as it is)."""
    return "?" + urlencode({"position": code, "lang": lang})


def short_query(short: str, lang: str) -> str:
    """``?s=<id>&lang=xx``: a shared table kept by the class store under ``short``."""
    return "?" + urlencode({"s": short, "lang": lang})


def _qr(text: str, mask: int | None = None) -> segno.QRCode:
    """``text``'s QR code (error correction M; never a Micro QR, which phones seldom read);
    segno picks the best of its eight masks unless ``mask`` names one."""
    return segno.make(text, error="m", micro=False, mask=mask)


# Speed: a share panel asks for the same link's version and drawing again at each refresh
# (a language switch, a new table), and segno's encoding was 12.7 % of the widget tests'
# time (py-spy, 27 Nov); so both are cached, and a version is found without the search
# for the best mask, on which it does not depend (39 -> 8 ms for a long link).
@lru_cache(maxsize=64)
def qr_version(text: str) -> int:
    """The version (size, 1 to 40) of ``text``'s QR code."""
    version = _qr(text, mask=0).version
    assert isinstance(version, int)               # (a Micro QR's would be "M1".."M4")
    return version


@lru_cache(maxsize=32)
def qr_svg(text: str, title: str, fill: bool = False) -> str:
    """``text`` as a QR code in inline SVG, black on white with its quiet zone; sized by
    the page (its ``viewBox`` only) when it is to ``fill`` a screen."""
    qr = _qr(text)
    svg: str = qr.svg_inline(scale=4, dark="#000", light="#fff", title=title,
                             svgclass="tk-qr tk-qr-big" if fill else "tk-qr", omitsize=fill)
    return svg


#: The full-screen QR code: over the whole page, the code as tall as the screen allows,
#: the link under it in large type (presenter mode's 26 px rule is outdone on purpose).
QR_SCREEN_CSS = """
<style>
.tk-qr-screen { position: fixed !important; inset: 0; z-index: 1000; background: #fff;
  align-items: center; justify-content: center; padding: 1vh 2vw; box-sizing: border-box; }
.tk-qr-screen .tk-qr-big { display: block; height: calc(100vh - 10.5em); width: auto;
  max-width: 96vw; margin: 0 auto; }
.tk-app .tk-qr-screen .tk-qr-link, .tk-app.tk-present .tk-qr-screen .tk-qr-link {
  font: 600 36px/1.25 monospace !important; word-break: break-all; text-align: center;
  margin: 0.2em 0; color: #000; }
.tk-app .tk-qr-screen .tk-share-loopback { font-size: 28px !important; text-align: center; }
.tk-qr-screen .widget-html, .tk-qr-screen .widget-html-content { width: 100%; }
</style>
"""


class QrScreen(w.VBox):
    """"Show QR full screen": the link as a QR code filling the screen, the link under it
    in large type (and the loopback warning, if only this machine opens it); the close
    button or Escape closes it."""

    def __init__(self, lang: Language, link: Callable[[], str]) -> None:
        super().__init__()
        self.lang, self.source = lang, link
        self.add_class("tk-qr-screen")
        self.link = ""
        self.body = w.HTML()
        self.close_button = w.Button(icon="times", button_style="primary")
        self.close_button.add_class("tk-qr-close")
        self.close_button.on_click(lambda _b: self.close())
        self.children = [self.body, self.close_button]
        self.layout.display = "none"
        lang.on_change(self.refresh)

    @property
    def shown(self) -> bool:
        return bool(self.layout.display != "none")

    def show(self) -> None:
        self.layout.display = "flex"
        self.refresh()

    def close(self) -> None:
        self.layout.display = "none"

    def refresh(self) -> None:
        t = self.lang.t
        self.close_button.description = t("teacher.qr.close")
        if not self.shown:
            return
        self.link = self.source()          # (in the language the page has now)
        if not self.link.startswith(("http://", "https://")):
            self.body.value = f'<p class="tk-qr-link">{escape(t("teacher.qr.none"))}</p>'
            return
        warning = (f'<p class="tk-bad tk-share-loopback">{escape(t("teacher.share.loopback"))}'
                   f"</p>" if only_here(self.link) else "")
        self.body.value = (qr_svg(self.link, t("teacher.share.qr"), fill=True)
                           + f'<p class="tk-qr-link">{escape(self.link)}</p>{warning}')


class SharePanel(w.VBox):
    """"Share this table": the code, the link and its QR code for one game's table; the
    link is a short one (``?s=``) kept by ``store`` when the long one's QR code would be
    over version :data:`QR_MAX_VERSION`."""

    def __init__(self, lang: Language, store: ClassAPI | None = None) -> None:
        super().__init__()
        self.lang, self.store = lang, store
        self.add_class("tk-share")
        self.code = ""
        self._short: tuple[str, str | None] = ("", None)   # the last code and its id
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
        """The link the QR code holds (empty: nothing shared)."""
        return app_address() + self.query if self.code else ""

    @property
    def query(self) -> str:
        """The link's query: ``?position=CODE``, or ``?s=<id>`` when that link's QR code
        would be over :data:`QR_MAX_VERSION` and the store keeps the code."""
        long = share_query(self.code, self.lang.code)
        if self.store is None or qr_version(app_address() + long) <= QR_MAX_VERSION:
            return long
        short = self.short_id()
        return short_query(short, self.lang.code) if short else long

    def short_id(self) -> str | None:
        """The store's short id of the code (asked once per code); None when the store
        fails: the long link works without it."""
        if self.store is not None and self._short[0] != self.code:
            try:
                short: str | None = self.store.share(self.code)
            except Exception as err:       # ClassError, or the database's own: no short link
                print(f"treasurekit: no short link: {err!r}", file=sys.stderr)
                short = None
            self._short = (self.code, short)
        return self._short[1]

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
        # the page's own address with the new query: right behind any proxy as well
        here = self.query
        link = app_address() + here
        qr = qr_svg(link, t("teacher.share.qr"))
        address = (f'<p class="tk-share-address"><code>{escape(link)}</code></p>'
                   if link != here else "")
        if only_here(link):        # the class's devices cannot open it: say so, and how
            address += (f'<p class="tk-bad tk-share-loopback">'
                        f'{escape(t("teacher.share.loopback"))}</p>')
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


def open_short(short: str, store: ClassAPI | None) -> tuple[str | None, ClassError | None]:
    """The share code a ``?s=`` id stands for, or the store's reason for refusing it (no
    store here: an id nobody kept; a store that fails: unavailable)."""
    if store is None:
        return None, ClassError("classroom.error.no_shared")
    try:
        return store.shared(short), None
    except ClassError as err:
        return None, err
    except Exception as err:               # the database's own failure
        print(f"treasurekit: a short link was not read: {err!r}", file=sys.stderr)
        return None, ClassError("classroom.error.unavailable")
