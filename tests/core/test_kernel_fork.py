"""App kernels forked from the zygote (``treasurekit.kernel_fork``), without a server: a
forked kernel is the kernel ``python -m treasurekit.app_kernel`` would start (its own
environment, working directory, arguments and process title), it stops as a started one
does, it ends when the zygote ends, and the zygote forks nothing but an app kernel for a
well-formed request."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import queue
import socket
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psutil
import pytest
from jupyter_client import AsyncKernelManager
from jupyter_client.kernelspec import KernelSpec

from treasurekit import kernel_fork
from treasurekit.kernel_fork import ForkProvisioner, Zygote

SPEC = KernelSpec(argv=[sys.executable, "-m", kernel_fork.APP_KERNEL, "-f", "{connection_file}"],
                  display_name="app", language="python",
                  metadata={"kernel_provisioner": {"provisioner_name": "treasurekit-fork"}})


@pytest.fixture
def zygote() -> Iterator[Zygote]:
    Zygote._shared = None
    yield Zygote.shared()
    if Zygote._shared is not None:
        Zygote._shared.stop()
    Zygote._shared = None


def gone(pid: int, within: float) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if not psutil.pid_exists(pid) or psutil.Process(pid).status() == psutil.STATUS_ZOMBIE:
            return True
        time.sleep(0.1)
    return False


async def run(code: str, cwd: Path, env: dict[str, str]) -> tuple[dict[str, Any], int, Any]:
    """Start a kernel through the fork provisioner, run ``code`` (which prints JSON)."""
    manager = AsyncKernelManager(kernel_name="app")
    manager._kernel_spec = SPEC
    await manager.start_kernel(cwd=str(cwd), env=env)
    client = manager.client()
    client.start_channels()
    printed: list[str] = []
    try:
        await client.wait_for_ready(timeout=60)
        reply = await client.execute_interactive(
            code, timeout=60,
            output_hook=lambda msg: printed.append(msg["content"].get("text", "")))
        assert reply["content"]["status"] == "ok", reply["content"]
    finally:
        client.stop_channels()
    return json.loads("".join(printed)), manager.provisioner.pid, manager


def test_a_forked_kernel_is_the_app_kernel_with_its_own_environment(
        zygote: Zygote, tmp_path: Path) -> None:
    async def scenario() -> None:
        env = {**os.environ, "TK_PROBE": "from the request"}
        seen, pid, manager = await run(
            "import json, os, sys, treasurekit.app_kernel as k\n"
            "print(json.dumps({'cwd': os.getcwd(), 'probe': os.environ.get('TK_PROBE'),"
            " 'argv': sys.argv, 'pid': os.getpid(), 'ppid': os.getppid()}))",
            tmp_path, env)
        assert isinstance(manager.provisioner, ForkProvisioner)
        assert seen["pid"] == pid and seen["ppid"] == zygote.process.pid   # forked, not run
        assert seen["cwd"] == str(tmp_path) and seen["probe"] == "from the request"
        assert seen["argv"][1:3] == ["-f", manager.connection_file]
        # anything that finds a kernel by its connection file (ps, the tests) finds it
        assert manager.connection_file in " ".join(psutil.Process(pid).cmdline())
        await manager.shutdown_kernel()
        assert gone(pid, 10)
        assert not await manager.is_alive()

    asyncio.run(scenario())


def test_a_killed_forked_kernel_is_seen_dead_and_ends_with_its_zygote(
        zygote: Zygote, tmp_path: Path) -> None:
    async def scenario() -> None:
        seen, pid, manager = await run("import os, json; print(json.dumps(os.getpid()))",
                                       tmp_path, dict(os.environ))
        assert await manager.is_alive()
        os.kill(pid, 9)
        assert gone(pid, 10)
        assert not await manager.is_alive()          # what the server's restarter reads
        await manager.cleanup_resources()

        _, second, manager = await run("print(1)", tmp_path, dict(os.environ))
        zygote.process.kill()                          # the server's zygote is gone:
        assert gone(second, 15)                        # so are its kernels
        await manager.cleanup_resources()

    asyncio.run(scenario())


def test_only_an_app_kernel_of_this_python_is_forked() -> None:
    assert Zygote.can_fork([sys.executable, "-m", kernel_fork.APP_KERNEL, "-f", "k.json"])
    assert not Zygote.can_fork([sys.executable, "-m", "ipykernel_launcher", "-f", "k.json"])
    assert not Zygote.can_fork(["/usr/bin/python3.9", "-m", kernel_fork.APP_KERNEL])
    assert not Zygote.can_fork([sys.executable])


@pytest.mark.parametrize("request_bytes", [
    b"not json\n",
    b'{"args": "-f k.json", "env": {}, "cwd": "/"}\n',
    b'{"args": [], "env": [], "cwd": "/"}\n',
    b"[1, 2, 3]\n",
    b'{"args": ["' + b"x" * (kernel_fork.MAX_REQUEST + 10) + b'"], "env": {}, "cwd": "/"}\n',
])
def test_the_zygote_refuses_a_bad_request_and_forks_nothing(
        zygote: Zygote, request_bytes: bytes) -> None:
    deadline = time.monotonic() + 30
    while not zygote.socket.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    before = {p.pid for p in psutil.Process(zygote.process.pid).children()}
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn:
        conn.connect(str(zygote.socket))
        conn.settimeout(20)
        # (the zygote may close the connection before it has read a request too large)
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            conn.sendall(request_bytes)
        answer = json.loads(conn.makefile("rb").readline())
    assert "error" in answer and "pid" not in answer
    assert {p.pid for p in psutil.Process(zygote.process.pid).children()} == before
    assert zygote.process.poll() is None                # and goes on serving



def test_a_forked_kernel_gives_a_page_its_widgets(zygote: Zygote, tmp_path: Path) -> None:
    """ipywidgets was imported in the zygote, before any kernel, so it had not registered
    its comm targets: a page asking for its widgets' states got no answer (the app kernel
    registers them)."""
    async def scenario() -> None:
        seen, _, manager = await run(
            "import ipywidgets, json\nbutton = ipywidgets.Button(description='Go')\n"
            "print(json.dumps(button.model_id))", tmp_path, dict(os.environ))
        client = manager.client()
        client.start_channels()
        try:
            comm_id = uuid.uuid4().hex
            for kind, content in [
                    ("comm_open", {"comm_id": comm_id, "target_name": "jupyter.widget.control",
                                   "data": {}}),
                    ("comm_msg", {"comm_id": comm_id, "data": {"method": "request_states"}})]:
                client.session.send(client.shell_channel.socket, client.session.msg(
                    kind, content, metadata={"version": "1.0.0"}))
            states: dict[str, Any] = {}
            deadline = time.monotonic() + 30
            while not states and time.monotonic() < deadline:
                with contextlib.suppress(queue.Empty, asyncio.TimeoutError):
                    msg = await client.get_iopub_msg(timeout=1)
                    if (msg["msg_type"] == "comm_msg"
                            and msg["content"].get("comm_id") == comm_id):
                        states = msg["content"]["data"]["states"]
            assert seen in states
            assert states[seen]["state"]["description"] == "Go"
        finally:
            client.stop_channels()
            await manager.shutdown_kernel()

    asyncio.run(scenario())
