"""Helpers for the serving tests and benchmarks: raw HTTP probes, kernel messages and the
server's kernels and memory.

Standard library, tornado and psutil only (no browser), so they run without Chromium.
"""

from __future__ import annotations

import http.client
import json
import re
import time
import urllib.parse
import uuid
from dataclasses import dataclass, field
from typing import Any

import psutil

KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')
#: a kernel's connection file (its id in group 1), in the command line of every kernel the
#: server starts
KERNEL_FILE = re.compile(r"kernel-([0-9a-f-]{36})\.json")


@dataclass
class Reply:
    status: int
    body: str
    seconds: float
    cookies: dict[str, str] = field(default_factory=dict)
    headers: list[tuple[str, str]] = field(default_factory=list)   # as sent, in order

    def header(self, name: str) -> str | None:
        """The (first) value of a header, or None."""
        return next((v for k, v in self.headers if k.lower() == name.lower()), None)

    @property
    def kernel_id(self) -> str | None:
        m = KERNEL_ID.search(self.body)
        return m.group(1) if m else None


def request(base_url: str, path: str, method: str = "GET", timeout: float = 60.0,
            body: str | None = None, headers: dict[str, str] | None = None,
            source: str | None = None) -> Reply:
    """Send ``path`` exactly as given (no normalisation of ``..``), read the whole answer;
    from the loopback address ``source`` if given (e.g. ``127.0.0.2``: another client)."""
    parsed = urllib.parse.urlsplit(base_url)
    conn = http.client.HTTPConnection(parsed.hostname or "127.0.0.1", parsed.port, timeout=timeout,
                                      source_address=(source, 0) if source else None)
    start = time.monotonic()
    try:
        conn.request(method, path, body=body, headers=headers or {})
        resp = conn.getresponse()
        data = resp.read().decode("utf-8", errors="replace")
        cookies = {}
        for header in resp.headers.get_all("Set-Cookie") or []:
            name, _, rest = header.partition("=")
            cookies[name.strip()] = rest.split(";", 1)[0].strip('"')
        return Reply(resp.status, data, time.monotonic() - start, cookies, resp.getheaders())
    finally:
        conn.close()


def shutdown_kernel(base_url: str, kernel_id: str, xsrf: str | None) -> int:
    """``POST /voila/api/shutdown/<id>`` as the page's script sends it when the tab closes:
    the ``_xsrf`` cookie, and the same value as a form field."""
    headers = {"Content-Type": "application/x-www-form-urlencoded"}
    body = ""
    if xsrf is not None:
        headers["Cookie"] = f"_xsrf={xsrf}"
        body = urllib.parse.urlencode({"_xsrf": xsrf})
    return request(base_url, f"/voila/api/shutdown/{kernel_id}", "POST", body=body,
                   headers=headers, timeout=30).status


def kernel_processes(server_pid: int) -> list[psutil.Process]:
    """The kernel processes the server started (each given its connection file,
    ``kernel-<id>.json``)."""
    try:
        children = psutil.Process(server_pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []
    found = []
    for proc in children:
        try:
            if any(KERNEL_FILE.search(part) for part in proc.cmdline()):
                found.append(proc)
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            continue
    return found


def wait_kernel_count(server_pid: int, wanted: int, timeout: float = 15.0) -> int:
    """Poll until the server runs ``wanted`` kernels (or the time is up); the last count."""
    deadline = time.monotonic() + timeout
    while True:
        count = len(kernel_processes(server_pid))
        if count == wanted or time.monotonic() > deadline:
            return count
        time.sleep(0.2)


def rss_mb(procs: list[Any]) -> float:
    total = 0
    for proc in procs:
        try:
            total += proc.memory_info().rss
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            continue
    return total / 2**20


def server_memory_mb(server_pid: int) -> float:
    """The server's and its kernels' resident memory."""
    try:
        server = psutil.Process(server_pid)
    except psutil.NoSuchProcess:
        return 0.0
    return rss_mb([server, *kernel_processes(server_pid)])


def kernel_pid(server_pid: int, kernel_id: str) -> int | None:
    """The process of one kernel (its connection file is named after its id)."""
    for proc in kernel_processes(server_pid):
        try:
            if any(kernel_id in part for part in proc.cmdline()):
                return int(proc.pid)
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            continue
    return None


# ---- kernel messages, as a page's script sends them (Jupyter's legacy JSON frames, or the
# v1 protocol a page's @jupyterlab/services asks for: its frames pass the server undecoded)
#: the kernel websocket subprotocol of :func:`v1_message` and :func:`v1_decode`
WS_PROTOCOL_V1 = "v1.kernel.websocket.jupyter.org"


def _header(msg_type: str) -> dict[str, str]:
    return {"msg_id": uuid.uuid4().hex, "username": "student", "session": "",
            "msg_type": msg_type, "version": "5.3", "date": ""}


def message(msg_type: str, content: dict[str, Any], channel: str = "shell",
            metadata: dict[str, Any] | None = None) -> str:
    return json.dumps({
        "header": _header(msg_type),
        "parent_header": {}, "metadata": metadata or {}, "content": content,
        "channel": channel, "buffers": []})


def v1_message(msg_type: str, content: dict[str, Any], channel: str = "shell",
               metadata: dict[str, Any] | None = None) -> bytes:
    """:func:`message` in the v1 protocol's binary frame."""
    from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1

    parts = [json.dumps(x).encode() for x in (_header(msg_type), {}, metadata or {}, content)]
    return bytes(serialize_msg_to_ws_v1(parts, channel))  # type: ignore[no-untyped-call]


def v1_decode(frame: bytes) -> tuple[str, dict[str, Any]]:
    """A v1 frame's message type and content."""
    from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1

    _channel, parts = deserialize_msg_from_ws_v1(frame)  # type: ignore[no-untyped-call]
    return str(json.loads(parts[0]).get("msg_type")), dict(json.loads(parts[3]))


def decode(frame: str | bytes) -> dict[str, Any]:
    if isinstance(frame, str):
        return dict(json.loads(frame))
    # Jupyter's legacy binary frame: count, offsets, then the JSON message first.
    count = int.from_bytes(frame[:4], "big")
    offsets = [int.from_bytes(frame[4 + 4 * i: 8 + 4 * i], "big") for i in range(count)]
    end = offsets[1] if count > 1 else len(frame)
    return dict(json.loads(frame[offsets[0]:end]))


def channels_url(base_url: str, kernel_id: str) -> str:
    return (base_url.replace("http", "ws", 1)
            + f"/api/kernels/{kernel_id}/channels?session_id={uuid.uuid4()}")
