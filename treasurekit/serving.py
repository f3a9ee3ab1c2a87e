"""Server-side pieces for serving the apps with Voila (``make serve``, ``make serve-class``).

Nothing here is imported by ``import treasurekit``: only the server loads this module
(``python -m treasurekit.serving``, and the class names in ``voila.json``), so the engine
and the widgets stay free of server dependencies.

What an anonymous viewer may reach (:class:`TreasurekitVoila`, Voila's application with
its own page handlers):

* only the notebooks :attr:`TreasurekitVoila.pages` names are rendered: the landing page
  and the apps at the top of the served folder, not ``walkthroughs/`` (those are for
  JupyterLab); ``/``, ``/voila/tree`` and ``/logout`` lead to the landing page, and
  Voila's contents API (the folder's file names, sizes and dates) is not served;
* the page templates compiled once per server (:class:`CompiledTemplates`), not once
  per page and per kernel of the pool;
* no ``Server`` header, gzip for text (a phone's first visit loads 5.4 MB of scripts and
  styles), each script and style compressed once (:class:`CachedGZip`); the kernels'
  websockets compressed where the browser offers it (``websocket_compression_options``
  in ``voila.json``: a joining student's widget states, 238 kB, cross as 36 kB); the
  Content-Security-Policy, Referrer-Policy and cookie options are settings
  in ``voila.json``.

How many kernels, and how big (:class:`ClassroomKernelManager`, Jupyter's kernel manager):

* at most :attr:`~ClassroomKernelManager.max_kernels` at once, sized from the machine's
  memory by default; a page that needs a new kernel beyond that gets a short "the server
  is full, try again in a minute" page (HTTP 503, in the viewer's language) instead, while
  a viewer served from the preheated pool is never refused;
* a kernel whose page has not connected within
  :attr:`~ClassroomKernelManager.unconnected_timeout` of its notebook's run (a link
  preview, a crawler, a script) is shut down; connected kernels keep the 30-minute idle
  rule of ``voila.json``;
* a kernel over :attr:`~ClassroomKernelManager.kernel_memory_limit_mb` is stopped (its
  page is told the kernel died), and the kernels together never hold more than the
  memory the server was sized for;
* what one page may send its kernel is bounded (:class:`LimitedChannelsConnection`, and
  tornado's ``websocket_max_message_size`` in ``voila.json``).

Classroom mode (:func:`classroom_options`): Voila's preheated pool, with culling that
spares the pool (:meth:`ClassroomKernelManager.cull_kernels`) and refills that leave the
learners CPU. The kernel side of the pool (waiting for the viewer's query: ``?lang=``,
``?position=``, ``?present=``) is ``treasurekit.widgets.viewer``.

The address to hand out (:meth:`TreasurekitVoila.public_address`): bound to every
interface (``HOST=0.0.0.0``), the server works out the machine's LAN address
(``treasurekit.addresses``), prints the page's link and its QR code in the terminal, and
gives the kernels that address (``TREASUREKIT_PUBLIC_URL``), from which the apps build
every share link and QR code; ``PUBLIC_URL`` (``--TreasurekitVoila.public_url``) overrides
it. ``0.0.0.0`` is never handed out.

The live class (:meth:`TreasurekitVoila.open_class_store`): the server hands the kernels
the directory of the class database (``TREASUREKIT_CLASS_DIR``; ``data/classes`` under its
working directory unless ``--class-dir`` / ``CLASS_DIR`` says otherwise) and deletes the
classes untouched for ``class_keep_days`` when it starts. A student's ``?join=CODE`` on an
app is answered with the class's own page, without a kernel
(:meth:`AppPageHandler.live_class_page`, ``treasurekit.widgets.live_page``), whose script
asks :class:`LiveHandler` (``treasurekit/live/join|now|answer``); ``&app=1`` opens the
app with a kernel of its own instead.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextvars
import html
import json
import os
import re
import resource
import sys
import time
import uuid
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Literal
from urllib.parse import urlencode

# jsonschema (imported by jupyter_server through jupyter_events) builds some 35 Lark
# parsers when it finds rfc3987_syntax, for the "iri" formats that no Jupyter schema uses:
# 2.8 of the 3.9 CPU-seconds the server takes to import (jsonschema issue 1428). Without
# it jsonschema skips those two formats; every server start, a restart mid-lesson
# included, is ready 2.8 s sooner.
sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[arg-type]

import jinja2
from jinja2.bccache import Bucket
from jupyter_client.kernelspec import KernelSpec, KernelSpecManager
from jupyter_core.utils import ensure_async
from jupyter_server._tz import utcnow
from jupyter_server.auth.decorator import allow_unauthenticated
from jupyter_server.auth.identity import PasswordIdentityProvider, User
from jupyter_server.auth.logout import LogoutHandler
from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server.utils import url_path_join
from tornado import httputil, web
from tornado.ioloop import PeriodicCallback
from traitlets import Bool, Dict, Float, Integer, List, TraitError, Unicode, default
from voila.app import Voila
from voila.exporter import VoilaExporter
from voila.tornado.contentshandler import VoilaContentsHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.treehandler import TornadoVoilaTreeHandler

from treasurekit.addresses import PUBLIC_URL_ENV, public_root
from treasurekit.classroom.config import CLASS_DIR_ENV, class_store, store_at

#: Query arguments Voila would read as overrides; the server's choice always applies.
IGNORED_ARGUMENTS = ("template", "theme")
#: The notebook ``/``, ``/voila/tree`` and ``/logout`` lead to.
LANDING_PAGE = "index.ipynb"
#: Seconds a viewer told "the server is full" waits before the page tries again.
RETRY_AFTER = 60
#: Seconds a viewer told "too many pages from your address are starting" waits.
BUSY_RETRY_AFTER = 5


def retry_after(why: str) -> int:
    """Seconds a viewer told ``why`` (``"full"`` or ``"busy"``) waits before trying again."""
    return RETRY_AFTER if why == "full" else BUSY_RETRY_AFTER
MB = 2**20


@dataclass
class AddressHold:
    """A page load from ``address`` that may start a kernel: counted against the address
    from the moment it is let in (:meth:`ClassroomKernelManager.hold`) until its kernel
    starts (then the kernel counts, until its page connects) or the load ends."""

    address: str
    used: bool = False


#: The hold of the page load that is starting a kernel (set by :class:`AppPageHandler`,
#: read by :meth:`ClassroomKernelManager.start_kernel`, which Voila's handler awaits in
#: the same task).
_viewer_hold: contextvars.ContextVar[AddressHold | None] = contextvars.ContextVar(
    "treasurekit_viewer_hold", default=None)


# ---- memory ---------------------------------------------------------------------------
def available_memory_mb() -> int:
    """Memory the kernels may use: Linux's ``MemAvailable``, or the container's
    (cgroup v2) limit minus its use if that is smaller; elsewhere the physical memory."""
    found: list[int] = []
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemAvailable:"):
                found.append(int(line.split()[1]) * 1024 // MB)
    except OSError:
        pass
    try:
        limit = Path("/sys/fs/cgroup/memory.max").read_text().strip()
        used = Path("/sys/fs/cgroup/memory.current").read_text().strip()
        if limit != "max":
            found.append((int(limit) - int(used)) // MB)
    except (OSError, ValueError):
        pass
    if not found:
        found.append(os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") // MB)
    return max(0, min(found))


def resident_mb(pid: int) -> float | None:
    """A process's resident memory (Linux ``/proc``), or None if it cannot be read."""
    try:
        pages = int(Path(f"/proc/{pid}/statm").read_text().split()[1])
    except (OSError, ValueError, IndexError):
        return None
    return pages * os.sysconf("SC_PAGE_SIZE") / MB


# ---- what an anonymous viewer reaches ---------------------------------------------------
def landing_url(handler: web.RequestHandler) -> str:
    """The landing page's address, keeping the request's ``?lang=``."""
    url = url_path_join(handler.settings.get("base_url", "/"), "voila", "render", LANDING_PAGE)
    lang = handler.get_query_argument("lang", "")
    return f"{url}?{urlencode({'lang': lang[:16]})}" if lang else url


class LandingPageHandler(JupyterHandler):
    """``/`` and ``/voila/tree/...``: to the landing page, not a listing of the folder."""

    @web.authenticated
    def get(self, path: str = "") -> None:
        self.redirect(landing_url(self))


class LogoutToLandingPage(LogoutHandler):
    """``/logout`` clears the login cookie and goes to the landing page (Jupyter's own
    logout page needs templates Voila does not serve: it answered 500)."""

    @allow_unauthenticated
    def get(self) -> None:
        self.identity_provider.clear_login_cookie(self)
        self.redirect(landing_url(self))


class PageIdentityProvider(PasswordIdentityProvider):
    """Voila's default identity provider, plus: every rendered app page sets the
    ``_xsrf`` cookie. Voila's page script reads that cookie when the tab closes and posts
    it with ``POST /voila/api/shutdown/<kernel id>``; without the cookie (only
    ``/voila/tree`` used to set it) the request failed with ``403 '_xsrf' argument
    missing`` and the kernel lived on. XSRF checking stays on: the cookie is the standard
    double-submit token, which another site can neither read nor forge. The ``template``
    and ``theme`` query arguments, which this server never honours (``allow_*_override``
    is ``NO``), are dropped so such a URL is served from the preheated pool like any other.
    """

    @default("logout_handler_class")
    def _default_logout_handler_class(self) -> type[web.RequestHandler]:
        return LogoutToLandingPage

    async def get_user(self, handler: Any) -> User | None:
        user: User | None = await ensure_async(super().get_user(handler))
        from voila.handler import VoilaHandler

        if isinstance(handler, VoilaHandler) and handler.request.method == "GET":
            handler.current_user = user  # what prepare() sets next; xsrf_token reads it
            handler.xsrf_token  # noqa: B018 - the property sets the cookie if missing
            for name in IGNORED_ARGUMENTS:
                handler.request.arguments.pop(name, None)
                handler.request.query_arguments.pop(name, None)
        return user


def server_full_page(lang: str, why: str = "full") -> str:
    """The page a viewer gets when the server runs all the kernels it may (``why`` is
    ``"full"``) or when too many pages from the viewer's address are still starting
    (``"busy"``): short, in the viewer's language, trying again by itself after
    :data:`RETRY_AFTER` (full) or :data:`BUSY_RETRY_AFTER` seconds (busy)."""
    from treasurekit.core.i18n import tr

    title, text = (html.escape(tr(f"serving.{why}{key}", lang)) for key in ("_title", ""))
    after = retry_after(why)
    return (f'<!DOCTYPE html>\n<html lang="{html.escape(lang)}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<meta http-equiv="refresh" content="{after}"><title>{title}</title>'
            f"<style>body{{font:18px/1.5 sans-serif;color:#102a43;max-width:32em;"
            f"margin:3em auto;padding:0 1em}}</style></head>"
            f"<body><h1>{title}</h1><p>{text}</p></body></html>\n")


class AppPageHandler(TornadoVoilaHandler):  # type: ignore[misc]
    """Voila's page handler, for the notebooks the server shows only, and only while the
    server may run another kernel (or has one ready in the pool)."""

    def initialize(self, **kwargs: Any) -> None:
        self.pages = [re.compile(p) for p in kwargs.pop("pages", ())]
        super().initialize(**kwargs)

    @web.authenticated
    async def get(self, path: str | None = None) -> None:
        if not self.notebook_path and not any(p.fullmatch(path or "") for p in self.pages):
            raise web.HTTPError(404)
        if await self.live_class_page(self.notebook_path or path or ""):
            return
        if "present" in self.request.query_arguments:
            LiveHandler.warm(Path(self.notebook_path or path or "").stem)
        manager = self.kernel_manager
        notebook = self.notebook_path or path
        getattr(manager, "drop_failed_pool_entries", lambda: 0)()
        from_pool = getattr(manager, "pool_kernel_ready", lambda _nb: False)(notebook)
        if not from_pool and not getattr(manager, "has_room", lambda: True)():
            raise web.HTTPError(503, "the server runs all the kernels it may")
        if not from_pool:
            getattr(manager, "owe_pool_kernel", lambda _nb: None)(notebook)
        hold = None if from_pool else getattr(manager, "hold", lambda _a: None)(
            self.request.remote_ip)
        if hold is False:
            self.busy = True
            raise web.HTTPError(503, "too many pages from this address are starting")
        _viewer_hold.set(hold)
        try:
            await super().get(path=path)
        finally:
            if hold:
                manager.release(hold)

    async def live_class_page(self, notebook: str) -> bool:
        """``?join=CODE`` on a game's app: the live class's page without a kernel
        (``treasurekit.widgets.live_page``), where this server keeps the class store;
        ``&app=1`` asks for the app with its own kernel instead. False: not such a page."""
        game = Path(notebook).stem
        asked = self.request.query_arguments
        if "join" not in asked or "app" in asked or class_store() is None:
            return False
        from treasurekit.core.i18n import language_from_query
        from treasurekit.core.registry import GAMES

        if game not in GAMES:
            return False
        from treasurekit.widgets.live_page import page

        code = self.get_query_argument("join", "")[:40]
        lang = language_from_query(self.request.query)
        base = self.settings.get("base_url", "/")
        styles = await LiveHandler.in_turn(LiveHandler.snapshots().styles, game, lang)
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(page(game, code, lang, url_path_join(base, LIVE_API) + "/", styles))
        return True

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        if status_code != 503:
            super().write_error(status_code, **kwargs)
            return
        from treasurekit.core.i18n import language_from_query

        why = "busy" if getattr(self, "busy", False) else "full"
        self.set_header("Retry-After", str(retry_after(why)))
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(server_full_page(language_from_query(self.request.query), why))


#: where a live class's page sends its requests (under the server's base URL)
LIVE_API = "treasurekit/live"
#: the longest request a live class's page sends (a nickname, a token, an answer)
LIVE_REQUEST_MAX = 4096


class LiveHandler(JupyterHandler):
    """What a live class's page without a kernel asks (``POST {base}/treasurekit/live/
    join|now|answer``, JSON; the page's script in ``treasurekit.widgets.live_page``): join
    under a nickname (rate-limited per address by the store), what to show now, an
    answer. Every field is bounded here and checked by the store; a refusal is the
    store's message in the page's language, and nothing is stored. XSRF-checked as every
    POST of the server (the page sends the ``_xsrf`` cookie back in a header)."""

    _snapshots: ClassVar[Any] = None

    @classmethod
    def snapshots(cls) -> Any:
        """The drawings of this server's live classes (one per server process)."""
        if cls._snapshots is None:
            from treasurekit.widgets.live_page import Snapshots

            cls._snapshots = Snapshots()
        return cls._snapshots

    @classmethod
    def warm(cls, game: str) -> None:
        """A projector in presenter mode opened ``game``: its class's page drawn once in
        each language on a worker thread, so the first student to join does not wait
        the second or two that building the drawing app takes."""
        from treasurekit.core.i18n import LANGUAGES
        from treasurekit.core.registry import GAMES

        if game in GAMES and class_store() is not None:
            for lang in LANGUAGES:
                asyncio.get_running_loop().run_in_executor(None, cls.snapshots().styles,
                                                           game, lang)

    @staticmethod
    async def in_turn(work: Any, *args: Any) -> Any:
        """``work(*args)`` on a thread (a first drawing builds an app: not on the loop
        every page's socket runs on)."""
        return await asyncio.get_running_loop().run_in_executor(None, work, *args)

    @web.authenticated
    async def post(self, action: str) -> None:
        from treasurekit.classroom import ClassError
        from treasurekit.classroom.store import check_nickname
        from treasurekit.core.i18n import LANGUAGES
        from treasurekit.widgets.live_page import follow, refused

        if len(self.request.body) > LIVE_REQUEST_MAX:
            raise web.HTTPError(413)
        try:
            asked = json.loads(self.request.body)
        except (ValueError, UnicodeDecodeError):
            raise web.HTTPError(400) from None
        if not isinstance(asked, dict):
            raise web.HTTPError(400)

        def text(name: str, most: int) -> str:
            value = asked.get(name, "")
            return value[:most] if isinstance(value, str) else ""

        lang = text("lang", 4) if text("lang", 4) in LANGUAGES else "en"
        code, token, name = text("code", 40), text("token", 100), text("name", 40)
        store, snapshots = class_store(), self.snapshots()
        if store is None:
            raise web.HTTPError(404)
        self.set_header("Cache-Control", "no-store")
        try:
            if action == "join":
                nickname = asked.get("nickname", "")
                token = await self.in_turn(lambda: store.join(
                    code, nickname, client=f"ip:{self.request.remote_ip}"))
                self.finish({"token": token, "name": check_nickname(nickname)})
                return
            error = None
            if action == "answer":
                try:
                    await self.in_turn(store.answer, code, token, asked.get("item_no"),
                                       asked.get("choice"))
                except ClassError as err:
                    error = err
            self.finish(await self.in_turn(follow, store, snapshots, code, token, name, lang,
                                           text("have", 1000), error))
        except ClassError as err:
            self.finish(refused(err, lang))


class NoServerHeader(web.OutputTransform):
    """Drops tornado's ``Server: TornadoServer/<version>`` from every answer."""

    def transform_first_chunk(self, status_code: int, headers: httputil.HTTPHeaders,
                              chunk: bytes, finishing: bool
                              ) -> tuple[int, httputil.HTTPHeaders, bytes]:
        headers.pop("Server", None)
        return status_code, headers, chunk


class CachedGZip(web.GZipContentEncoding):
    """tornado's gzip, with an answer that carries an ``Etag`` (the scripts, styles and
    fonts every page loads: their tag is a hash of their content) compressed once and
    kept, up to :attr:`MAX_BYTES` in all (least recently used first out).

    A phone's first visit loads some 5.4 MB of scripts; gzip at tornado's level takes
    this 2-core machine about 0.2 CPU-s for them, in the server's one thread, so a class
    of 30 arriving at once cost it some 6 s before a single page was drawn. Only whole
    ``200`` answers to ``GET`` are kept (not a range, not ``HEAD``), keyed by their tag
    and type: the same tag is the same bytes."""

    MAX_BYTES = 32 * MB
    MAX_ENTRY = 8 * MB
    _kept: ClassVar[collections.OrderedDict[str, bytes]] = collections.OrderedDict()
    _kept_bytes: ClassVar[int] = 0

    def __init__(self, request: httputil.HTTPServerRequest) -> None:
        super().__init__(request)
        self._get = request.method == "GET"
        self._hit = False
        self._key: str | None = None
        self._parts: list[bytes] = []

    def transform_first_chunk(self, status_code: int, headers: httputil.HTTPHeaders,
                              chunk: bytes, finishing: bool
                              ) -> tuple[int, httputil.HTTPHeaders, bytes]:
        tag = headers.get("Etag")
        if (self._gzipping and self._get and status_code == 200 and tag
                and "Content-Encoding" not in headers and "Content-Range" not in headers):
            key = f"{tag} {headers.get('Content-Type', '')}"
            kept = self._kept.get(key)
            if kept is not None:
                self._kept.move_to_end(key)
                self._hit, self._gzipping = True, False    # (tornado's headers, no gzip)
                status_code, headers, _ = super().transform_first_chunk(
                    status_code, headers, chunk, finishing)
                headers["Content-Encoding"] = "gzip"
                headers["Content-Length"] = str(len(kept))
                return status_code, headers, kept
            self._key = key
        status_code, headers, chunk = super().transform_first_chunk(
            status_code, headers, chunk, finishing)
        if not self._gzipping:
            self._key = None
        return status_code, headers, chunk

    def transform_chunk(self, chunk: bytes, finishing: bool) -> bytes:
        if self._hit:
            return b""                  # the whole body went out with the first chunk
        chunk = super().transform_chunk(chunk, finishing)
        if self._key is not None:
            self._parts.append(chunk)
            if finishing:
                self._keep(self._key, b"".join(self._parts))
        return chunk

    @classmethod
    def _keep(cls, key: str, body: bytes) -> None:
        if len(body) > cls.MAX_ENTRY or key in cls._kept:
            return
        cls._kept[key] = body
        cls._kept_bytes += len(body)
        while cls._kept_bytes > cls.MAX_BYTES:
            _, dropped = cls._kept.popitem(last=False)
            cls._kept_bytes -= len(dropped)


class TreasurekitVoila(Voila):  # type: ignore[misc]
    """Voila showing a viewer only what a viewer needs (see the module docstring)."""

    pages = List(
        Unicode(), [r"[A-Za-z0-9_][A-Za-z0-9_-]*\.ipynb"], config=True,
        help="Regular expressions for the notebooks (paths relative to the served folder, "
             "matched whole) the server renders; anything else answers 404. The default: "
             "the notebooks at the top of the folder (the landing page and the apps), not "
             "those in subfolders (walkthroughs/) nor hidden ones. The preheated pool "
             "never holds another notebook either.")

    compress = Bool(True, config=True, help="gzip text answers (pages, scripts, styles).")

    public_url = Unicode(
        "", config=True,
        help="The address the class opens, before the page's path (scheme, host, port and "
             "a reverse proxy's path prefix: https://games.example.org/class). Empty: "
             "worked out from the address the server listens on (its LAN address when "
             "that is 0.0.0.0). The apps build their share links and QR codes from it.")

    hand_out = Unicode(
        LANDING_PAGE, config=True,
        help="The page whose link (and QR code) the server prints once it listens.")

    class_dir = Unicode(
        config=True,
        help="The directory of the live classes' database (classes.sqlite), which every "
             "kernel opens. Default: data/classes under the server's working directory.")

    class_keep_days = Float(
        7.0, config=True,
        help="Days a live class is kept after its last change; older classes, their "
             "students and answers are deleted when the server starts.")

    @default("class_dir")
    def _default_class_dir(self) -> str:
        return str(Path.cwd() / "data" / "classes")

    def open_class_store(self) -> None:
        """Hand the kernels the class database's directory, and delete the classes kept
        longer than :attr:`class_keep_days`."""
        directory = Path(self.class_dir).expanduser().resolve()
        purged = store_at(directory).purge(older_than=self.class_keep_days * 86400)
        os.environ[CLASS_DIR_ENV] = str(directory)      # every kernel inherits it
        self.log.info("Live classes in %s (%d older than %g days deleted)", directory,
                      purged, self.class_keep_days)

    def public_address(self) -> tuple[str, bool]:
        """The address the class opens (before the page's path), and whether only this
        machine can open it (a loopback address)."""
        return public_root(str(self.ip), int(self.port), given=self.public_url)

    def start(self) -> None:
        # traitlets leaves the app's logger at DEBUG and drops what is under log_level in
        # its handler: the server built a debug record for every kernel message (4 % of
        # its CPU while a class reloads, py-spy, 26 Nov) and threw it away
        self.log.setLevel(self.log_level)
        CompiledTemplates.share_with(VoilaExporter)
        root, _ = self.public_address()
        os.environ[PUBLIC_URL_ENV] = root      # every kernel inherits it
        self.open_class_store()
        from tornado.ioloop import IOLoop

        IOLoop.current().add_callback(self.announce)   # runs once the server listens
        super().start()

    def announce(self) -> None:
        """Print the page to hand out: its link and, for a phone's camera, its QR code."""
        import segno

        root, loopback = self.public_address()
        base = url_path_join(self.base_url or "/", "voila", "render", self.hand_out)
        link = root + base
        print(f"\n  hand out: {link}\n  (add ?lang=nl for Dutch)\n", flush=True)
        segno.make(link, error="m").terminal(out=sys.stdout, compact=True)
        if loopback:
            print("\n  Only this machine can open this link. To let the class's devices in:"
                  "\n    make serve-class HOST=0.0.0.0   (or PUBLIC_URL=http://<name>:"
                  f"{self.port} behind a proxy)", flush=True)
        print(flush=True)

    def init_settings(self) -> Any:
        # Keep the pool to the notebooks the server renders: Voila's pool leaves out a
        # notebook whose path (absolute) ``re.match``-es an entry of its denylist, and this
        # entry matches every path that is not the folder's plus a page's.
        allowed = "|".join(f"(?:{p})" for p in self.pages)
        section = self.config.VoilaKernelManager
        section.preheat_denylist = [*section.get("preheat_denylist", []),
                                    f"(?!{re.escape(self.root_dir)}/(?:{allowed})\\Z)"]
        return super().init_settings()

    def init_handlers(self) -> list[Any]:
        handlers: list[Any] = []
        for pattern, handler, *options in super().init_handlers():
            if handler is TornadoVoilaTreeHandler:
                handler, options = LandingPageHandler, []
            elif handler is VoilaContentsHandler:
                continue
            elif handler is TornadoVoilaHandler:
                handler, options = AppPageHandler, [{**options[0], "pages": list(self.pages)}]
            handlers.append((pattern, handler, *options))
        live = url_path_join(self.base_url or "/", LIVE_API, "(join|now|answer)")
        handlers.append((live, LiveHandler))
        # (Voila has built its tornado application by now, and adds these handlers to it.)
        self.app.add_transform(NoServerHeader)
        if self.compress:
            self.app.transforms.insert(0, CachedGZip)  # before chunking
        return handlers


# ---- the page templates, compiled once --------------------------------------------------
class CompiledTemplates(jinja2.BytecodeCache):
    """The page templates' compiled code, kept for the server's lifetime.

    Voila renders every page, and every kernel of the preheated pool, with a new nbconvert
    exporter whose new Jinja environment parsed and compiled the same templates again:
    about half of the server's CPU for a kernel of the pool (py-spy, 26 Nov), in the one
    process that serves the whole class while it reloads. With this cache a new
    environment loads the compiled code instead. A template compiles to other code for
    async and sync rendering, so the key says which; a changed template file has another
    checksum and compiles again.
    """

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}

    def get_bucket(self, environment: jinja2.Environment, name: str,
                   filename: str | None, source: str) -> Bucket:
        mode = "async" if environment.is_async else "sync"
        bucket = Bucket(environment, f"{self.get_cache_key(name, filename)}:{mode}",
                        self.get_source_checksum(source))
        self.load_bytecode(bucket)
        return bucket

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self._code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self._code[bucket.key] = bucket.bytecode_to_string()

    @classmethod
    def share_with(cls, exporter: type[Any]) -> None:
        """Give every Jinja environment ``exporter`` (an nbconvert exporter class) creates
        from now on one cache of this class; once per class."""
        if "_tk_compiled_templates" in vars(exporter):
            return
        cache, create = cls(), exporter._create_environment

        def create_environment(self: Any) -> jinja2.Environment:
            environment: jinja2.Environment = create(self)
            environment.bytecode_cache = cache
            return environment

        exporter._create_environment = create_environment
        exporter._tk_compiled_templates = cache


# ---- what one page may send its kernel -------------------------------------------------
class _Bucket:
    """A token bucket: ``capacity`` at once, refilled at ``rate`` per second."""

    def __init__(self, rate: float, capacity: float) -> None:
        self.rate, self.capacity = rate, capacity
        self.tokens, self.stamp = capacity, time.monotonic()

    def take(self, amount: float) -> bool:
        now = time.monotonic()
        self.tokens = min(self.capacity, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if amount > self.tokens:
            return False
        self.tokens -= amount
        return True


class LimitedChannelsConnection(ZMQChannelsWebsocketConnection):
    """Jupyter's kernel websocket connection, with a bound on what one page sends.

    A page sends a message per click or changed value (a learner clicking as fast as a
    script can: at most 15 a second and 80 in 10 s, none over 1 kB; a saved game is
    about 5 kB). A connection that sends more than ``message_burst`` messages (or
    ``byte_burst`` bytes) at once, or more than ``message_rate`` a second (``byte_rate``
    bytes a second) for long, is closed: the page says it lost its kernel and offers to
    continue. The size of one message is tornado's ``websocket_max_message_size``.
    """

    message_rate = Float(20.0, config=True, help="Messages a second a page may send.")
    message_burst = Integer(200, config=True, help="Messages a page may send at once.")
    byte_rate = Integer(256 * 1024, config=True, help="Bytes a second a page may send.")
    byte_burst = Integer(2 * MB, config=True, help="Bytes a page may send at once.")

    #: open connections, to tell their pages when the server stops a kernel
    _connections: ClassVar[weakref.WeakSet[LimitedChannelsConnection]] = weakref.WeakSet()

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._messages = _Bucket(self.message_rate, self.message_burst)
        self._bytes = _Bucket(self.byte_rate, self.byte_burst)
        self._refused = False

    def connect(self) -> Any:
        LimitedChannelsConnection._connections.add(self)
        return super().connect()

    def handle_incoming_message(self, incoming_msg: str) -> None:
        if self._refused:
            return
        if not (self._messages.take(1) and self._bytes.take(len(incoming_msg))):
            self._refused = True
            self.log.warning("Closing a connection to kernel %s: its page sends more than "
                             "%s messages or %s bytes a second", self.kernel_id,
                             self.message_rate, self.byte_rate)
            self.websocket_handler.close(1008, "too many messages")
            return
        super().handle_incoming_message(incoming_msg)

    @classmethod
    def kernel_stopped(cls, kernel_id: str) -> None:
        """Tell the pages connected to ``kernel_id`` that it died, and close them."""
        for connection in list(cls._connections):
            if connection.kernel_id == kernel_id and connection.channels:
                try:
                    connection._send_status_message("dead")  # type: ignore[no-untyped-call]
                    connection.websocket_handler.close(1001, "kernel stopped")
                except Exception:  # a page that is already gone
                    connection.log.debug("could not tell the page of kernel %s", kernel_id)


# ---- which kernel ------------------------------------------------------------------------
class AppKernelSpecManager(KernelSpecManager):
    """Jupyter's kernel specs, with ipykernel's started as ``treasurekit.app_kernel``:
    the same kernel without the debugger a page never uses, a fifth cheaper to start
    (see that module), and, with ``fork``, forked from a process that has imported the
    apps already (``treasurekit.kernel_fork``: half a kernel's start). A spec that does not run
    ``ipykernel_launcher`` is left as it is.
    """

    # On in classroom mode (classroom_options), where a class reloading at once needs the
    # pool refilled fast. Off otherwise for now: in one loaded run of the whole browser
    # suite, the test of a kernel killed as its page connects (test_page_recovery) did
    # not see the page's notice with forked kernels; it passed in every run alone.
    fork = Bool(False, config=True,
                help="Fork the app kernels from one that has imported the apps.")

    def get_kernel_spec(self, kernel_name: str) -> KernelSpec:
        spec: KernelSpec = super().get_kernel_spec(kernel_name)
        if spec.argv[1:3] == ["-m", "ipykernel_launcher"]:
            spec.argv = [spec.argv[0], "-m", "treasurekit.app_kernel", *spec.argv[3:]]
            spec.metadata = {**spec.metadata, "debugger": False}
            if self.fork:
                spec.metadata["kernel_provisioner"] = {"provisioner_name": "treasurekit-fork"}
        return spec


# ---- how many kernels, and how big -------------------------------------------------------
class ClassroomKernelManager(AsyncMappingKernelManager):
    """Jupyter's kernel manager with bounds for a server anyone can reach, and idle
    culling that spares Voila's preheated pool (see the module docstring).

    Voila's pool (``preheat_kernel``) keeps its waiting kernels in ``self._pools``;
    Voila already skips them when culling, but their ``last_activity`` stays at the
    time they were prepared. A kernel that waited longer than ``cull_idle_timeout``
    was culled at the first sweep after it was handed out, before the viewer's page
    had connected ("The model for kernel id ... does not exist"). Waiting kernels, and
    each kernel when it is handed out, are therefore marked active
    (:meth:`mark_pool_active`, before each sweep).
    """

    max_kernels = Integer(
        0, config=True,
        help="The most kernels the server runs at once, the preheated pool's included; a "
             "page that would need another gets a 'server is full' page. 0: the memory "
             "available when the server starts, less a tenth, over kernel_budget_mb.")
    kernel_budget_mb = Integer(
        100, config=True,
        help="Memory counted per kernel when max_kernels is sized from the machine: an "
             "app's kernel holds 55-85 MB.")
    unconnected_timeout = Integer(
        90, config=True,
        help="Seconds a kernel whose page has never connected may stay idle (after its "
             "notebook ran, or after it was handed out of the pool) before it is shut "
             "down; 0: never. A phone on a slow 3G link (4x slower CPU, empty cache) "
             "connects 20-35 s after the run.")
    max_unconnected_per_address = Integer(
        8, config=True,
        help="Kernels whose pages have not connected yet that one client address may "
             "have (a page load beyond them gets a short 'try again in a few seconds' "
             "page; a kernel of the preheated pool is never refused); 0: no limit. A "
             "learner's page connects seconds after its kernel ran, so a class behind "
             "one address (a school's network) is slowed, never refused, while a crawler "
             "or a loop of page loads holds at most this many kernels.")
    kernel_memory_limit_mb = Integer(
        400, config=True,
        help="A kernel using more memory (resident) than this is stopped; 0: no limit. "
             "The operating system refuses the kernel's data beyond twice this.")
    watch_interval = Float(
        2.0, config=True,
        help="Seconds between two checks of the kernels' connections and memory.")
    pool_start_concurrency = Integer(
        config=True,
        help="How many kernels of the preheated pool may be preparing at the same time "
             "(starting, or running their notebook); 0: no limit. The default, one per core, "
             "refills the pool as fast as the machine can when a class reloads at once "
             "(a kernel takes about a second of CPU to start and run an app). A viewer's own "
             "kernel, started on demand, never waits for this.")
    pool_quiet = Float(
        3.0, config=True,
        help="Seconds a kernel of the preheated pool waits, before it starts, after the last "
             "page connected to its kernel, and while a page handed a pool kernel has not "
             "connected yet (its browser still loading the app), at most pool_quiet_max in "
             "all: while a class opens or reloads its pages at once, their kernels get the "
             "cores, and the pool refills once they are served. 0: no wait.")
    pool_quiet_max = Float(
        20.0, config=True,
        help="The longest a pool kernel waits for pool_quiet seconds without a connection.")
    kernel_env = Dict(
        {"MALLOC_MMAP_THRESHOLD_": "65536"}, config=True,
        help="Environment added to every kernel (where the server does not set it). The "
             "default makes glibc's malloc give big freed buffers (the numpy arrays of the "
             "apps' odds demos) back to the system at once: about 15 MB less per kernel.")

    @default("pool_start_concurrency")
    def _default_pool_start_concurrency(self) -> int:
        return os.cpu_count() or 1

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]
        self._starting: set[str] = set()       # kernels being started
        self._pool_starting = 0
        self._pool_waiting: list[float] = []    # when each pool kernel waiting to start asked
        self._owed = 0                          # of them, how many viewers wait for (oldest)
        self._last_pooled: set[str] = set()     # in the pool at the last check
        self._pool_ids: set[str] = set()         # every kernel started for the pool
        self._ever_connected: set[str] = set()
        self._last_connect = -float("inf")       # time.monotonic() of the last connection
        self._address_of: dict[str, str] = {}     # kernel -> its page's client address
        self._holding: collections.Counter[str] = collections.Counter()   # loads let in
        self._memory_mb = available_memory_mb()
        self._watcher: PeriodicCallback | None = None
        self.log.info(
            "At most %d kernels at once (%s); a page that has not connected within %d s "
            "loses its kernel; a kernel over %d MB is stopped.", self.kernel_cap,
            "configured" if self.max_kernels else
            f"{self._memory_mb} MB available, {self.kernel_budget_mb} MB each",
            self.unconnected_timeout, self.kernel_memory_limit_mb)
        pools = getattr(self, "kernel_pools_config", {})    # Voila's pool, in classroom mode
        ready = sum(int(c.get("pool_size", 0)) for name, c in pools.items() if name != "default")
        if ready + ready // 2 > self.kernel_cap:
            self.log.warning("The pool keeps %d kernels ready: a class of half as many "
                             "using theirs and the pool refilled is more than the %d kernels "
                             "this server may run (ClassroomKernelManager.max_kernels).",
                             ready, self.kernel_cap)

    # -- the cap ----------------------------------------------------------------------
    @property
    def kernel_cap(self) -> int:
        if self.max_kernels > 0:
            return int(self.max_kernels)
        return max(2, int(self._memory_mb * 0.9) // max(1, self.kernel_budget_mb))

    def kernel_count(self) -> int:
        """Kernels running or starting."""
        return len(set(self._kernels) | self._starting)

    def hold(self, address: str) -> AddressHold | Literal[False]:
        """Let a page load from ``address`` start a kernel (its :class:`AddressHold`), or
        False if the address has as many page loads and kernels waiting for their pages
        to connect as it may (:attr:`max_unconnected_per_address`)."""
        limit = self.max_unconnected_per_address
        alive = set(self._kernels) | self._starting
        waiting = self._holding[address] + sum(
            1 for kernel_id, a in self._address_of.items()
            if a == address and kernel_id in alive and kernel_id not in self._ever_connected)
        if 0 < limit <= waiting:
            return False
        self._holding[address] += 1
        return AddressHold(address)

    def release(self, hold: AddressHold) -> None:
        """The page load of ``hold`` started its kernel or ended: it no longer counts."""
        if not hold.used:
            hold.used = True
            self._holding[hold.address] -= 1
            if self._holding[hold.address] <= 0:
                del self._holding[hold.address]

    def has_room(self) -> bool:
        """Whether the server may start another kernel now."""
        return self.kernel_count() < self.kernel_cap

    def pool_kernel_ready(self, notebook: str | None) -> bool:
        """Whether Voila's pool has a kernel ready for ``notebook`` (handed out next)."""
        pool = getattr(self, "_pools", {}).get(notebook, [])
        return bool(pool) and pool[0].done() and not pool[0].cancelled() \
            and pool[0].exception() is None

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        env = dict(kwargs.get("env") or os.environ)
        for name, value in self.kernel_env.items():
            env.setdefault(name, value)
        kwargs["env"] = env
        kernel_id = kwargs.get("kernel_id") or str(uuid.uuid4())
        kwargs["kernel_id"] = kernel_id
        pooled = env.get("VOILA_PREHEAT") == "True"
        if not pooled and not self.has_room():
            raise web.HTTPError(503, "the server runs all the kernels it may")
        # A pool kernel waits for room, for its turn (``pool_start_concurrency``) and for
        # the pages that just connected to be served (``pool_quiet``).
        # A kernel a viewer was handed before it started (owe_pool_kernel) starts at once.
        asked = time.monotonic()
        if pooled:
            self._pool_waiting.append(asked)
            try:
                while not (self.has_room() and self.pool_go(asked)):
                    await asyncio.sleep(0.25)
            finally:
                self._pool_waiting.remove(asked)
        self._starting.add(kernel_id)
        self._pool_starting += pooled
        if pooled:
            self._pool_ids.add(kernel_id)
        hold = _viewer_hold.get()
        if not pooled and hold is not None and not hold.used:
            self.release(hold)                          # the kernel counts from now on
            self._address_of[kernel_id] = hold.address
        try:
            started = str(await super().start_kernel(*args, **kwargs))
        finally:
            self._starting.discard(kernel_id)
            self._pool_starting -= pooled
        self._limit_data(started)
        if self._watcher is None:
            self._watcher = PeriodicCallback(self.watch_kernels, 1000 * self.watch_interval)
            self._watcher.start()
        return started

    def owe_pool_kernel(self, notebook: str | None) -> None:
        """A viewer is about to be handed the pool's oldest entry for ``notebook`` before
        its kernel is ready (Voila hands its entries out in order, started or not): the
        oldest pool kernel still waiting to start is that viewer's, and must not wait for
        the refill's turn or for the pages to stop connecting (:meth:`pool_go`)."""
        if getattr(self, "_pools", {}).get(notebook) and not self.pool_kernel_ready(notebook):
            self._owed = min(self._owed + 1, len(self._pool_waiting))

    def pool_go(self, asked: float) -> bool:
        """Whether the pool kernel asked for at ``asked`` (``time.monotonic()``, waiting to
        start) may start now: a viewer waits for it (the oldest waiting kernel, while a
        viewer is owed one), or it is its turn (``pool_start_concurrency``) and no page
        has just connected (:meth:`pool_may_start`)."""
        if self._owed > 0 and self._pool_waiting and asked <= min(self._pool_waiting):
            self._owed -= 1
            return True
        return self._pool_turn() and self.pool_may_start(asked)

    def pool_may_start(self, asked: float, now: float | None = None) -> bool:
        """Whether a pool kernel asked for at ``asked`` (``time.monotonic()``) may start now:
        no page has connected for ``pool_quiet`` seconds and every page handed a pool
        kernel has connected (:meth:`pages_loading`), or it has waited
        ``pool_quiet_max``."""
        now = time.monotonic() if now is None else now
        if now - asked >= self.pool_quiet_max:
            return True
        return self.pool_quiet <= 0 or (now - self._last_connect >= self.pool_quiet
                                        and not self.pages_loading())

    def pages_loading(self) -> int:
        """Pages handed a kernel of the pool whose browser has not connected to it yet
        (still loading the app: a phone takes some seconds of its own, and its kernel
        is not the pool's any more)."""
        waiting = self._pool_ids.intersection(self._kernels) - self._ever_connected
        return len(waiting - self.pooled_kernel_ids()) if waiting else 0

    def _pool_turn(self) -> bool:
        limit = self.pool_start_concurrency
        return limit <= 0 or self._pool_starting + self.pool_kernels_rendering() < limit

    def _pid(self, kernel_id: str) -> int | None:
        kernel = self._kernels.get(kernel_id)
        pid = getattr(getattr(kernel, "provisioner", None), "pid", None)
        return pid if isinstance(pid, int) else None

    def _limit_data(self, kernel_id: str) -> None:
        """The operating system's limit on the kernel's data (``RLIMIT_DATA``: heap and
        private memory), twice the memory limit: a runaway allocation fails with a
        MemoryError there instead of taking the machine's memory before the next check.
        (``RLIMIT_AS`` would not do: numpy's and glibc's reservations make a kernel's
        address space 0.8 GB at 65 MB resident.)"""
        pid = self._pid(kernel_id)
        if pid is None or self.kernel_memory_limit_mb <= 0 or not hasattr(resource, "prlimit"):
            return
        limit = 2 * self.kernel_memory_limit_mb * MB
        try:
            resource.prlimit(pid, resource.RLIMIT_DATA, (limit, limit))
        except OSError as err:
            self.log.warning("Could not limit kernel %s's memory: %s", kernel_id, err)

    # -- the pool ---------------------------------------------------------------------
    def _pool_entries(self) -> list[dict[str, Any]]:
        """Voila's pool: for each kernel started, its id and notebook render task."""
        entries = []
        for pool in getattr(self, "_pools", {}).values():
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None:
                    entries.append(task.result())
        return entries

    def drop_failed_pool_entries(self) -> int:
        """Take out of Voila's pool the entries whose kernel failed to start or to run
        the notebook, and refill the pool; how many. Voila would hand such an entry to
        the next viewer (a page that never gets its app) and never start another in its
        place, so the pool would stay one short for good."""
        dropped = 0
        for notebook, pool in getattr(self, "_pools", {}).items():
            failed = []
            for task in pool:
                if not task.done():
                    continue
                error = "cancelled" if task.cancelled() else task.exception()
                if error is None:
                    render = task.result()["task"]
                    if render.done():
                        error = "cancelled" if render.cancelled() else render.exception()
                    if error is not None:     # its kernel started, its app did not
                        asyncio.ensure_future(self._stop(task.result()["kernel_id"]))
                if error is not None:
                    failed.append(task)
                    self.log.warning("A kernel of the pool for %s failed: %s; starting "
                                     "another", notebook, str(error)[:300] or repr(error))
            for task in failed:
                pool.remove(task)
            if failed and hasattr(self, "fill_if_needed"):
                self.fill_if_needed(notebook_name=notebook)
            dropped += len(failed)
        return dropped

    def pool_kernels_rendering(self) -> int:
        """Pool kernels still running their notebook."""
        return sum(1 for e in self._pool_entries() if not e["task"].done())

    def pooled_kernel_ids(self) -> set[str]:
        return {e["kernel_id"] for e in self._pool_entries()}

    def mark_pool_active(self) -> set[str]:
        """Mark the kernels waiting in the pool, and those handed out since the last call,
        active now (before either sweep looks at them); the kernels in the pool."""
        now = utcnow()
        pooled = self.pooled_kernel_ids()
        for kernel_id in pooled | (self._last_pooled - pooled):
            kernel = self._kernels.get(kernel_id)
            if kernel is not None:
                kernel.last_activity = now
        self._last_pooled = pooled
        return pooled

    async def cull_kernels(self) -> None:
        self.mark_pool_active()
        await super().cull_kernels()  # type: ignore[no-untyped-call]

    # -- connections and memory ---------------------------------------------------------
    def notify_connect(self, kernel_id: str) -> None:
        self._ever_connected.add(kernel_id)
        self._last_connect = time.monotonic()
        super().notify_connect(kernel_id)  # type: ignore[no-untyped-call]

    def remove_kernel(self, kernel_id: str) -> Any:
        self._ever_connected.discard(kernel_id)
        self._pool_ids.discard(kernel_id)
        self._address_of.pop(kernel_id, None)
        return super().remove_kernel(kernel_id)

    async def watch_kernels(self) -> None:
        """Every ``watch_interval``: shut down kernels whose page never connected, and
        stop those over the memory limit (the biggest first while the kernels together
        hold more than the memory the server was sized for); replace failed pool entries."""
        self.drop_failed_pool_entries()
        pooled = self.mark_pool_active()
        now = utcnow()
        for kernel_id in set(self._address_of) - set(self._kernels) - self._starting:
            del self._address_of[kernel_id]             # (a kernel that ended otherwise)
        resident: dict[str, float] = {}
        for kernel_id, kernel in list(self._kernels.items()):
            pid = self._pid(kernel_id)
            rss = resident_mb(pid) if pid is not None else None
            if rss is not None:
                resident[kernel_id] = rss
            if kernel_id in pooled or kernel_id in self._ever_connected:
                continue
            try:
                idle = (now - kernel.last_activity).total_seconds()
            except TraitError:      # a kernel still starting: no activity recorded yet
                continue
            if (self.unconnected_timeout > 0 and idle > self.unconnected_timeout
                    and getattr(kernel, "execution_state", "") != "busy"):
                self.log.warning("Shutting down kernel %s: its page has not connected "
                                 "within %d s", kernel_id, self.unconnected_timeout)
                await self._stop(kernel_id)
                resident.pop(kernel_id, None)
        limit = self.kernel_memory_limit_mb
        for kernel_id, rss in list(resident.items()):
            if limit > 0 and rss > limit:
                self.log.warning("Stopping kernel %s: it holds %d MB, over the limit of "
                                 "%d MB", kernel_id, rss, limit)
                await self._stop(kernel_id)
                resident.pop(kernel_id)
        budget = self._memory_mb * 0.9
        while resident and sum(resident.values()) > budget:
            kernel_id = max(resident, key=resident.__getitem__)
            self.log.warning("Stopping kernel %s (%d MB): the kernels hold more than the "
                             "%d MB the server was sized for", kernel_id,
                             resident.pop(kernel_id), budget)
            await self._stop(kernel_id)

    async def _stop(self, kernel_id: str) -> None:
        if kernel_id not in self._kernels:
            return
        LimitedChannelsConnection.kernel_stopped(kernel_id)
        try:
            await ensure_async(self.shutdown_kernel(kernel_id, now=True))  # type: ignore[no-untyped-call]
        except Exception as err:  # gone meanwhile
            self.log.debug("kernel %s: %s", kernel_id, err)


# ---- classroom mode ---------------------------------------------------------------------
#: The app a class usually opens, and how many learners a class has.
CLASS_APP = "diving_bell.ipynb"
CLASS_SIZE = 30


def pool_size(class_size: int) -> int:
    """Kernels kept ready for a class of ``class_size``: the class and as many again, so
    that a class reloading at once is served from the reserve while the pool refills
    (refilling 30 kernels takes this 2-core machine about 30-40 s; a class can reload
    sooner than that: see ``benchmarks/classroom.py``, the lesson).

    >>> pool_size(30)
    60
    """
    return 2 * class_size


def classroom_options(pools: dict[str, int], default_pool: int = 1,
                      fill_delay: float = 2.0) -> list[str]:
    """Voila options for a preheated pool: ``pools`` maps a notebook (relative to the
    served folder) to its pool size; every other notebook keeps ``default_pool``
    kernels ready. Kernels handed out are replaced ``fill_delay`` seconds later (the
    replacements then start ``ClassroomKernelManager.pool_start_concurrency`` at a time,
    once no page has connected for ``ClassroomKernelManager.pool_quiet`` seconds and every
    page handed a pool kernel has connected to it).

    >>> classroom_options({"diving_bell.ipynb": 30})[0]
    '--VoilaConfiguration.preheat_kernel=True'
    """
    config = {"default": {"pool_size": default_pool},
              **{name: {"pool_size": size} for name, size in pools.items()}}
    return ["--VoilaConfiguration.preheat_kernel=True",
            f"--VoilaKernelManager.kernel_pools_config={json.dumps(config)}",
            f"--VoilaKernelManager.fill_delay={fill_delay}",
            "--AppKernelSpecManager.fork=True"]      # the pool refills twice as fast


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m treasurekit.serving [--class-size N] [--app NB]... [-- voila options]``:
    the apps of ``notebooks/`` (``--directory``) with :class:`TreasurekitVoila`, in
    classroom mode (a preheated pool of ``--class-size`` kernels per ``--app``) unless
    ``--class-size 0``; ``--public-url`` (or ``$PUBLIC_URL``) is the address the class
    opens. Options after ``--`` go to Voila."""
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--class-size", type=int, default=CLASS_SIZE,
                        help="kernels kept ready for each app (default %(default)s; "
                             "0: no pool, as `make serve`)")
    parser.add_argument("--app", action="append", default=None,
                        help=f"app notebook the class opens (default {CLASS_APP}; repeatable)")
    parser.add_argument("--default-pool", type=int, default=1,
                        help="kernels kept ready for every other page (default 1)")
    parser.add_argument("--directory", default="notebooks")
    parser.add_argument("--public-url", default=os.environ.get("PUBLIC_URL", ""),
                        help="the address the class opens, before the page's path "
                             "(default: $PUBLIC_URL, else worked out from the address "
                             "the server listens on)")
    parser.add_argument("--class-dir", default=os.environ.get("CLASS_DIR", ""),
                        help="the live classes' database directory (default: $CLASS_DIR, "
                             "else data/classes under the working directory)")
    args, voila_args = parser.parse_known_args(argv)
    apps = [a if a.endswith(".ipynb") else f"{a}.ipynb" for a in (args.app or [CLASS_APP])]
    options = ["--no-browser", f"--TreasurekitVoila.public_url={args.public_url}"]
    if args.class_dir:
        options.append(f"--TreasurekitVoila.class_dir={args.class_dir}")
    if args.class_size > 0:
        ready = pool_size(args.class_size)
        options += classroom_options({a: ready for a in apps}, args.default_pool)
        options.append(f"--TreasurekitVoila.hand_out={apps[0]}")
        print(f"classroom mode for a class of {args.class_size}: "
              + ", ".join(f"{ready} kernels ready for {a}" for a in apps), flush=True)
    options += [a for a in voila_args if a != "--"]
    TreasurekitVoila.launch_instance([*options, args.directory])


if __name__ == "__main__":
    # Run as ``python -m treasurekit.serving``, this file is ``__main__``, while voila.json
    # names the classes of ``treasurekit.serving``: a second copy of the module. Starting
    # from that copy gives the page handler and the kernel manager one module's state
    # (the page load's hold in ``_viewer_hold``, which the kernel manager did not see
    # from the handler of the other copy: a flood's kernels counted only while their page
    # was rendered).
    from treasurekit.serving import main as serve

    serve(sys.argv[1:])
