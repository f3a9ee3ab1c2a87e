"""The live class as a JupyterHub service: one store for students on many servers.

In a school each learner has a single-user server of their own (other machines, other
pods), so the SQLite file of one machine cannot be shared. JupyterHub runs this small
Tornado app as a managed service (``deploy/jupyterhub/jupyterhub_config.py``,
``z2jh-values.yaml``); every single-user server is handed its address in
:data:`~.config.CLASS_URL_ENV`, and its kernels reach it with
:class:`~.remote.RemoteClassStore`.

``POST <prefix>api/<operation>`` with a JSON object of the operation's arguments (those
of :class:`~.store.ClassStore`'s method of that name, without ``now`` and ``client``)
answers ``{"result": ...}``; a refusal answers a 4xx status and ``{"error": <catalog
key>, "params": {...}}``, which the client raises again as the same
:class:`~.store.ClassError` (so the widgets' messages stay in the learner's language).
Nothing else ever reaches the client: a failure of the service answers 500 with
``classroom.error.unavailable`` (the traceback goes to the service's log).

Who sends a request: its ``Authorization: token ...`` header holds the single-user
server's ``JUPYTERHUB_API_TOKEN`` (its kernels inherit it); the hub tells whose token it
is and whether it holds ``access:services!service=<name>`` (:class:`HubIdentify`, the one
seam a test replaces: :func:`make_app`'s ``identify``). The hub user's name is the client
of the limit on wrong class codes. Who may do what within a class is the store's affair,
exactly as on one machine: the teacher's and the students' secrets.

Every body is bounded (:data:`BODY_MAX`), must be a JSON object of exactly the
operation's arguments, and each field goes through the store's own checks. The store is
a SQLite file by default (``--data-dir``) or PostgreSQL (``--db-url`` or
:data:`DB_URL_ENV`); the classes untouched for ``--keep-days`` are deleted when the
service starts and every day.

    python -m treasurekit.classroom.service [--db-url postgresql://...] [--keep-days 7]
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import logging
import os
import re
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Protocol
from urllib.parse import urlsplit

from tornado import httpserver, ioloop, web

from .store import KEEP_SECONDS, MAX_CHOICES, ClassError, ClassStore, Item

log = logging.getLogger("treasurekit.classroom.service")

#: the service's name in the hub (its URL prefix: /services/<name>/)
SERVICE_NAME = "treasurekit-class"
#: the longest request body (a shared table's item of ITEM_MAX characters, and a share
#: code of MAX_CODE_CHARS, fit)
BODY_MAX = 16 * 1024
#: a body this long is not even read (Tornado closes the connection)
READ_MAX = 4 * BODY_MAX
#: the environment variable with the store's PostgreSQL URL (empty: SQLite)
DB_URL_ENV = "TK_CLASS_DB_URL"
#: the environment variable with the SQLite file's directory
DATA_DIR_ENV = "TK_CLASS_DATA_DIR"
#: seconds between two purges of old classes
PURGE_EVERY = 24 * 3600
#: store calls at once (a write waits for the others; the event loop never does)
WORKERS = 4

_TOKEN = re.compile(r"(?:token|bearer)\s+(\S{1,200})", re.IGNORECASE)


class Identify(Protocol):
    """Who sent a request: the hub user's name for a server's API token, None when the
    hub does not know the token or it may not use this service."""

    def __call__(self, token: str) -> Awaitable[str | None]: ...


class HubIdentify:
    """:class:`Identify` through the hub (``jupyterhub.services.auth.HubAuth``): the hub
    names the token's owner and its scopes; the token must hold the service's access
    scope (``access:services!service=<name>``, granted in the hub's config)."""

    def __init__(self) -> None:
        from jupyterhub.services.auth import HubAuth  # the hub extra

        self.auth = HubAuth(cache_max_age=60)

    async def __call__(self, token: str) -> str | None:
        model = await self.auth.user_for_token(token, sync=False)
        if not model or not self.auth.check_scopes(self.auth.access_scopes, model):
            return None
        return f"{model.get('kind', 'user')}:{model['name']}"


def _operations(store: ClassStore) -> dict[str, Callable[..., Any]]:
    """Operation name -> the store's call, with the arguments a client may send."""

    def show(code: object, teacher: object, item: object, choices: object,
             answer: object) -> int:
        if type(choices) is not list:
            raise ClassError("classroom.error.field", what="choices", limit=MAX_CHOICES)
        return store.show(code, teacher, Item(item, tuple(choices), answer))  # type: ignore[arg-type]

    return {
        "start": store.start, "show": show, "close": store.close, "reveal": store.reveal,
        "end": store.end,
        "tally": store.tally, "who_answered": store.who_answered, "results": store.results,
        "results_csv": store.results_csv, "join": store.join, "game_of": store.game_of,
        "now": store.now, "answer": store.answer, "mine": store.mine,
        "share": store.share, "shared": store.shared,
    }


#: each operation's arguments, exactly (``client`` is the hub user, never sent)
ARGUMENTS: dict[str, tuple[str, ...]] = {
    "start": ("game",),
    "show": ("code", "teacher", "item", "choices", "answer"),
    "close": ("code", "teacher"), "reveal": ("code", "teacher"), "end": ("code", "teacher"),
    "tally": ("code", "teacher"), "who_answered": ("code", "teacher"),
    "results": ("code", "teacher"), "results_csv": ("code", "teacher"),
    "join": ("code", "nickname"), "game_of": ("code",), "now": ("code",),
    "answer": ("code", "student", "item_no", "choice"),
    "mine": ("code", "student", "item_no"),
    "share": ("code",), "shared": ("short",),
}
#: operations whose store method takes the client (the limit on wrong class codes)
_CLIENT = {"join", "game_of"}


def _plain(value: Any) -> Any:
    """A result as JSON data (the store's dataclasses as objects)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.asdict(value)
    return value


class ApiHandler(web.RequestHandler):
    """``POST <prefix>api/<operation>``: one store call for an identified hub user."""

    def initialize(self, store: ClassStore, identify: Identify,
                   pool: ThreadPoolExecutor) -> None:
        self.calls = _operations(store)
        self.identify, self.pool = identify, pool

    def check_xsrf_cookie(self) -> None:
        """No cookies are read here: a request is its token."""

    def refuse(self, status: int, key: str, **params: Any) -> None:
        self.set_status(status)
        self.finish({"error": key, "params": params})

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        """Any failure: a catalog key, never a traceback."""
        self.finish({"error": "classroom.error.unavailable", "params": {}})

    async def post(self, operation: str) -> None:
        self.set_header("Cache-Control", "no-store")
        if operation not in ARGUMENTS:
            return self.refuse(404, "classroom.error.request")
        found = _TOKEN.fullmatch(self.request.headers.get("Authorization", "").strip())
        try:
            user = await self.identify(found.group(1)) if found else None
        except Exception:
            log.exception("the hub did not tell who sent a request")
            return self.refuse(503, "classroom.error.unavailable")
        if user is None:
            return self.refuse(403, "classroom.error.hub")
        if len(self.request.body) > BODY_MAX:
            return self.refuse(413, "classroom.error.too_big", limit=BODY_MAX)
        try:
            args = json.loads(self.request.body)
        except (ValueError, RecursionError):       # UnicodeDecodeError is a ValueError
            return self.refuse(400, "classroom.error.request")
        if type(args) is not dict or set(args) != set(ARGUMENTS[operation]):
            return self.refuse(400, "classroom.error.request")
        if operation in _CLIENT:
            args["client"] = user
        call = self.calls[operation]
        try:
            result = await asyncio.get_running_loop().run_in_executor(
                self.pool, lambda: call(**args))
        except ClassError as err:
            return self.refuse(400, err.message.key, **dict(err.message.params))
        self.finish({"result": _plain(result)})


class AboutHandler(web.RequestHandler):
    """``GET <prefix>``: the service is up (nothing about any class)."""

    def get(self) -> None:
        self.finish({"service": SERVICE_NAME})


def make_app(store: ClassStore, identify: Identify, prefix: str = "/") -> web.Application:
    """The service's Tornado app on ``store``: ``identify`` names who sends a request
    (:class:`HubIdentify` in the hub; a test passes a double of its own)."""
    prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    pool = ThreadPoolExecutor(WORKERS, thread_name_prefix="treasurekit-class")
    handlers: list[Any] = [
        (rf"{re.escape(prefix)}api/(\w{{1,30}})", ApiHandler,
         {"store": store, "identify": identify, "pool": pool}),
        (re.escape(prefix) + "?", AboutHandler),
    ]
    return web.Application(handlers, serve_traceback=False, compress_response=True,
                           log_function=_log_refusals)


def _log_refusals(handler: web.RequestHandler) -> None:
    """Only refused and failed requests go to the log (every kernel polls twice a
    second): their status and operation, never their body."""
    status = handler.get_status()
    if status >= 400:
        log.warning("%d %s %s %.1fms", status, handler.request.method,
                    handler.request.path, 1000 * handler.request.request_time())


def http_server(app: web.Application) -> httpserver.HTTPServer:
    """The service's HTTP server: a body longer than :data:`READ_MAX` is not read."""
    return httpserver.HTTPServer(app, max_body_size=READ_MAX, xheaders=True)


def open_store(db_url: str, data_dir: str) -> ClassStore:
    """PostgreSQL at ``db_url``, else the SQLite file in ``data_dir``."""
    from .config import store_at

    return ClassStore(db_url) if db_url else store_at(data_dir)


def purge(store: ClassStore, keep_days: float) -> None:
    """Delete the classes untouched for ``keep_days`` (their students and answers too)."""
    try:
        n = store.purge(older_than=keep_days * 86400)
        log.info("%d classes older than %g days deleted", n, keep_days)
    except Exception:
        log.exception("purging old classes failed")


def main(argv: list[str] | None = None) -> None:
    """Run the service where the hub says (``JUPYTERHUB_SERVICE_URL`` and ``_PREFIX``)."""
    parser = argparse.ArgumentParser(prog="python -m treasurekit.classroom.service",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--db-url", default=os.environ.get(DB_URL_ENV, ""),
                        help=f"PostgreSQL URL (default ${DB_URL_ENV}; empty: SQLite)")
    parser.add_argument("--data-dir", default=os.environ.get(DATA_DIR_ENV, "data/classes"),
                        help="the SQLite file's directory (without --db-url)")
    parser.add_argument("--keep-days", type=float, default=KEEP_SECONDS / 86400,
                        help="days a class is kept after its last change")
    parser.add_argument("--url", default=os.environ.get("JUPYTERHUB_SERVICE_URL",
                                                        "http://127.0.0.1:10101"))
    parser.add_argument("--bind", default="",
                        help="the address to listen on (default: --url's host; "
                             "0.0.0.0 in a pod whose URL names a Kubernetes service)")
    parser.add_argument("--prefix", default=os.environ.get("JUPYTERHUB_SERVICE_PREFIX",
                                                           f"/services/{SERVICE_NAME}/"))
    options = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO,
                        format="[%(levelname)1.1s %(asctime)s treasurekit-class] %(message)s")
    store = open_store(options.db_url, options.data_dir)
    log.info("class store: %s", "PostgreSQL" if store.path is None else store.path)
    purge(store, options.keep_days)
    where = urlsplit(options.url)
    server = http_server(make_app(store, HubIdentify(), options.prefix))
    server.listen(where.port or 80, options.bind or where.hostname or "127.0.0.1")
    ioloop.PeriodicCallback(lambda: purge(store, options.keep_days),
                            PURGE_EVERY * 1000).start()
    log.info("listening on %s%s", options.url.rstrip("/"), options.prefix)
    ioloop.IOLoop.current().start()


if __name__ == "__main__":
    main()
