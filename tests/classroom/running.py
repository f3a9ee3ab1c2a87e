"""The class service (``treasurekit.classroom.service``) running inside a test: its
Tornado app on a free loopback port, in a thread of its own, on a given store. The hub's
part (who holds which API token) is a dict passed as the app's ``identify``, the one
seam ``make_app`` documents; everything else is the product's code."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from tornado.netutil import bind_sockets

from treasurekit.classroom.config import (
    CLASS_DIR_ENV,
    CLASS_URL_ENV,
    HUB_TOKEN_ENV,
    class_store,
)
from treasurekit.classroom.remote import RemoteClassStore
from treasurekit.classroom.service import SERVICE_NAME, http_server, make_app
from treasurekit.classroom.store import ClassStore

PREFIX = f"/services/{SERVICE_NAME}/"


@contextmanager
def serving(store: ClassStore, tokens: dict[str, str]) -> Iterator[str]:
    """The service's URL (its prefix included) while it runs; ``tokens``: the hub's
    view, API token -> user."""

    async def identify(token: str) -> str | None:
        return tokens.get(token)

    started = threading.Event()
    state: dict[str, object] = {}

    async def run() -> None:
        stop = asyncio.Event()
        server = http_server(make_app(store, identify, PREFIX))
        sockets = bind_sockets(0, "127.0.0.1")
        server.add_sockets(sockets)
        state.update(port=sockets[0].getsockname()[1], stop=stop,
                     loop=asyncio.get_running_loop())
        started.set()
        await stop.wait()
        server.stop()
        await server.close_all_connections()

    thread = threading.Thread(target=lambda: asyncio.run(run()), name="class-service",
                              daemon=True)
    thread.start()
    assert started.wait(30), "the class service did not start"
    try:
        yield f"http://127.0.0.1:{state['port']}{PREFIX}"
    finally:
        loop = state["loop"]
        assert isinstance(loop, asyncio.AbstractEventLoop)
        stop = state["stop"]
        assert isinstance(stop, asyncio.Event)
        loop.call_soon_threadsafe(stop.set)
        thread.join(30)


@contextmanager
def kernels_store(kind: str, directory: Path,
                  monkeypatch: pytest.MonkeyPatch) -> Iterator[ClassStore]:
    """Every kernel's class store (``classroom.config.class_store``) while it lasts: the
    SQLite file in ``directory`` the server names (``kind`` "file"), or the class service
    the hub names ("service": one hub user's server token). Yields the store itself."""
    monkeypatch.delenv(CLASS_URL_ENV, raising=False)
    if kind == "file":
        monkeypatch.setenv(CLASS_DIR_ENV, str(directory))
        kept = class_store()
        assert isinstance(kept, ClassStore)
        yield kept
        return
    monkeypatch.delenv(CLASS_DIR_ENV, raising=False)
    store = ClassStore(directory / "service" / "classes.sqlite")
    with serving(store, {"server-token": "user:tess"}) as url:
        monkeypatch.setenv(CLASS_URL_ENV, url)
        monkeypatch.setenv(HUB_TOKEN_ENV, "server-token")
        assert isinstance(class_store(), RemoteClassStore)
        yield store
