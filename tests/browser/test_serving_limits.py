"""A page cannot grow its kernel without limit (issue 20): an oversized message, a stream
of messages and widgets made from the page, sent over the kernel's websocket as a script
would (loopback, bounded). The connection is closed, the kernel stays under its memory
limit (and is stopped, its page told so, when pushed over it), and the server stays up.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psutil
import pytest
from tornado.httpclient import HTTPClientError, HTTPRequest
from tornado.websocket import WebSocketClientConnection, WebSocketClosedError, websocket_connect

from treasurekit.serving import CLASS_APP, LimitedChannelsConnection

from . import harness
from .serving import channels_url, decode, kernel_pid, message, request

#: the per-kernel memory limit of these tests (an app's kernel holds 55-85 MB)
LIMIT_MB = 150
#: what a kernel may gain between two checks of the server (every 0.5 s here)
SLACK_MB = 20
MAX_MESSAGE = json.loads((harness.ROOT / "voila.json").read_text())[
    "Voila"]["tornado_settings"]["websocket_max_message_size"]
BURST = LimitedChannelsConnection.message_burst.default_value
WIDGET_STATE = {"_model_module": "@jupyter-widgets/controls", "_model_module_version": "2.0.0",
                "_model_name": "HTMLModel", "_view_module": "@jupyter-widgets/controls",
                "_view_module_version": "2.0.0", "_view_name": "HTMLView"}


@pytest.fixture(scope="module")
def server() -> Iterator[harness.Server]:
    s = harness.start_voila(extra=[f"--ClassroomKernelManager.kernel_memory_limit_mb={LIMIT_MB}",
                                   "--ClassroomKernelManager.watch_interval=0.5"])
    yield s
    s.stop()


def widget(size: int) -> str:
    """A widget made from the page (as ipywidgets lets a page do), holding ``size`` bytes."""
    return message("comm_open", {"comm_id": uuid.uuid4().hex, "target_name": "jupyter.widget",
                                 "data": {"state": {**WIDGET_STATE, "value": "x" * size},
                                          "buffer_paths": []}},
                   metadata={"version": "2.1.0"})


async def connect(base_url: str, kernel_id: str, xsrf: str, timeout: float = 90,
                  deflate: bool = False) -> WebSocketClientConnection:
    """A page's socket to its kernel; ``deflate``: offering compression, as a browser does."""
    # (The server answers once the kernel does, which may be busy with the last message.)
    return await websocket_connect(HTTPRequest(channels_url(base_url, kernel_id),
                                               headers={"Cookie": f"_xsrf={xsrf}"},
                                               request_timeout=timeout),
                                   compression_options={} if deflate else None)


async def send_until_closed(ws: WebSocketClientConnection, frames: list[str],
                            pause: float = 0.0) -> tuple[int, int | None, list[str]]:
    """Send ``frames`` until the server closes the socket: (frames sent, close code,
    execution states the server sent meanwhile)."""
    states: list[str] = []

    async def read() -> None:
        while (frame := await ws.read_message()) is not None:
            msg = decode(frame)
            if msg.get("header", {}).get("msg_type") == "status":
                states.append(msg["content"]["execution_state"])

    reader = asyncio.ensure_future(read())
    sent = 0
    try:
        for frame in frames:
            await ws.write_message(frame)
            sent += 1
            await asyncio.sleep(pause)
    except WebSocketClosedError:
        pass
    await asyncio.wait_for(reader, 30)
    return sent, ws.close_code, states


def test_a_page_cannot_grow_its_kernel(server: harness.Server) -> None:
    base, pid = server.base_url, server.proc.pid
    page = request(base, f"/voila/render/{CLASS_APP}", timeout=120)
    kernel_id, xsrf = str(page.kernel_id), page.cookies["_xsrf"]
    kernel = psutil.Process(kernel_pid(pid, kernel_id))
    # The operating system's backstop: the kernel's data is limited to twice the limit.
    limits = Path(f"/proc/{kernel.pid}/limits").read_text()
    assert f"Max data size             {2 * LIMIT_MB * 2**20}" in limits
    start_mb = kernel.memory_info().rss / 2**20
    assert start_mb < LIMIT_MB - 30

    async def scenario() -> dict[str, Any]:
        seen: dict[str, Any] = {}
        # One message over tornado's websocket_max_message_size: refused, socket closed.
        ws = await connect(base, kernel_id, xsrf)
        seen["oversized"] = await send_until_closed(ws, [widget(MAX_MESSAGE)])
        # A browser offers compression and gets it (a page's widget states cross the
        # network at about a ninth of their size); a message of a few kB compressed that
        # inflates to over the limit is refused all the same.
        ws = await connect(base, kernel_id, xsrf, deflate=True)
        seen["deflate"] = ws.headers.get("Sec-WebSocket-Extensions", "")
        seen["inflated"] = await send_until_closed(ws, [widget(MAX_MESSAGE)])
        # A stream of small messages: closed once over the connection's burst.
        ws = await connect(base, kernel_id, xsrf)
        chatter = [message("comm_msg", {"comm_id": "0" * 32, "data": {}})
                   for _ in range(BURST + 100)]
        seen["stream"] = await send_until_closed(ws, chatter)
        seen["alive_mb"] = kernel.memory_info().rss / 2**20
        # Widgets of 0.9 MB each, page after page, while one page only listens: the
        # kernel grows until the server stops it at the limit, and tells that page.
        listener = await connect(base, kernel_id, xsrf)
        told = asyncio.ensure_future(send_until_closed(listener, []))
        seen["peak"], seen["sockets"] = 0.0, 0
        while kernel.is_running() and seen["sockets"] < 120:
            try:
                ws = await connect(base, kernel_id, xsrf, timeout=20)
            except (HTTPClientError, TimeoutError):   # stopped while the page connected
                break
            seen["sockets"] += 1
            await send_until_closed(ws, [widget(900_000) for _ in range(4)], pause=0.05)
            with contextlib.suppress(psutil.NoSuchProcess):
                seen["peak"] = max(seen["peak"], kernel.memory_info().rss / 2**20)
        seen["told"] = await asyncio.wait_for(told, 30)
        return seen

    try:
        # In a thread of its own: a Playwright page opened earlier in this worker leaves
        # an event loop running in this one, and asyncio.run() refuses to nest.
        with concurrent.futures.ThreadPoolExecutor(1) as own_loop:
            seen = own_loop.submit(asyncio.run, scenario()).result()
    except (psutil.NoSuchProcess, ConnectionError) as err:
        raise AssertionError(f"the kernel or the server went away: {err}") from err
    _, code, _ = seen["oversized"]
    assert code == 1009, f"a {MAX_MESSAGE + 200} B message was accepted (close code {code})"
    assert "permessage-deflate" in seen["deflate"], seen["deflate"]
    _, code, _ = seen["inflated"]
    assert code == 1009, f"a message inflating to {MAX_MESSAGE} B was accepted ({code})"
    _, code, _ = seen["stream"]
    assert code == 1008, f"{BURST + 100} messages at once were accepted (close code {code})"
    assert seen["alive_mb"] < start_mb + 5
    deadline = time.monotonic() + 10
    while kernel.is_running() and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not kernel.is_running(), f"kernel at {seen['peak']:.0f} MB after {seen['sockets']} pages"
    assert seen["peak"] < LIMIT_MB + SLACK_MB
    assert "dead" in seen["told"][2], "the page was not told its kernel died"
    assert request(base, f"/api/kernels/{kernel_id}").status == 404
    assert request(base, "/voila/static/voila.js").status == 200
    print(f"kernel {start_mb:.0f} MB at start, {seen['peak']:.0f} MB at most, stopped after "
          f"{seen['sockets']} pages of widgets")
