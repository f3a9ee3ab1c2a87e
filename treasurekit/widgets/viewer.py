"""The viewer's query (``?lang=``, ``?position=``, ``?present=``), however the page was
served: one mechanism for every parameter an app understands.

Voila gives a kernel the page's query as ``QUERY_STRING``. A kernel of Voila's preheated
pool (``make serve-class``) runs the app notebook before anyone asks for it, with no
query; the viewer's request reaches the kernel only when Voila hands it out. Each part
of an app that reads the query registers with :func:`on_viewer`: it is called at once
with the query the kernel has, and, in a pool kernel, again with the viewer's query on
arrival (on the kernel's own event loop, before the page's widgets have asked for their
state, and if later, the widgets follow the change as they do any other). So a
``?position=`` link opens its table, and ``?present=1`` presenter mode, from the pool
exactly as without it.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable
from urllib.parse import parse_qs

Params = dict[str, str]
#: The most of a query read (longer than any share code the engine accepts, so a longer
#: code is refused as too long, not as cut off).
MAX_QUERY = 65_536
Listener = Callable[[Params], None]

#: the parts waiting for the viewer's query (a pool kernel only), in registration order
_listeners: list[Listener] = []
_state = {"waiting": False, "arrived": False}


def query_params() -> Params:
    """The page's URL parameters as the kernel knows them now (``QUERY_STRING``;
    elsewhere there are none): the first value of each name."""
    query = os.environ.get("QUERY_STRING", "")[:MAX_QUERY]
    try:
        parsed = parse_qs(query, max_num_fields=64)
    except ValueError:                    # more fields than any page of ours has
        return {}
    return {k: v[0] for k, v in parsed.items() if v}


def pooled() -> bool:
    """Whether this kernel came from Voila's preheated pool (and the viewer has not
    arrived yet)."""
    return os.environ.get("VOILA_PREHEAT") == "True" and not _state["arrived"]


def on_viewer(apply: Listener) -> None:
    """Call ``apply(params)`` now, and in a pool kernel again when the viewer's query
    arrives. ``apply`` must accept the same query twice and an empty one."""
    apply(query_params())
    if not pooled():
        return
    _listeners.append(apply)
    if not _state["waiting"]:
        _state["waiting"] = True
        _wait_for_viewer()


def _arrived(info: dict[str, str]) -> None:
    """On the kernel's event loop: the viewer's request is here."""
    os.environ.update(info)              # the viewer's QUERY_STRING, SCRIPT_NAME and the like
    _state["arrived"] = True
    params = query_params()
    for apply in list(_listeners):
        try:
            apply(params)
        except Exception as err:         # one part's fault must not keep the others back
            print(f"treasurekit: the page's query was not applied: {err!r}", file=sys.stderr)
    _listeners.clear()


def _wait_for_viewer() -> None:
    from IPython import get_ipython

    loop = getattr(getattr(get_ipython(), "kernel", None), "io_loop", None)
    if loop is None:
        return

    def wait() -> None:
        info = _request_info()
        if info:
            loop.add_callback(_arrived, info)

    threading.Thread(target=wait, name="treasurekit-viewer", daemon=True).start()


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
    except Exception:  # no Voila to ask: keep the query the kernel has
        return None
    finally:
        loop.close()
    if not message:
        return None
    data = json.loads(message)
    return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else None
