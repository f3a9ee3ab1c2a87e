"""The server's bounds on kernels (issue 20), without a server: how many kernels it may
run (``ClassroomKernelManager.kernel_cap``: configured, or sized from the memory the
machine has), and how many page loads one client address may have starting kernels
(``hold``). The browser tests (tests/browser/test_serving_flood.py) run them for real."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest

import treasurekit.serving as serving


def _manager(monkeypatch: pytest.MonkeyPatch, memory_mb: int,
             **config: int) -> serving.ClassroomKernelManager:
    monkeypatch.setattr(serving, "available_memory_mb", lambda: memory_mb)
    return serving.ClassroomKernelManager(**config)


def test_the_kernel_cap_is_sized_from_the_memory_unless_configured(
        monkeypatch: pytest.MonkeyPatch) -> None:
    budget = serving.ClassroomKernelManager.kernel_budget_mb.default_value
    assert _manager(monkeypatch, 24_000).kernel_cap == 24_000 * 9 // 10 // budget
    assert _manager(monkeypatch, 2_000).kernel_cap == 2_000 * 9 // 10 // budget
    assert _manager(monkeypatch, 2_000, kernel_budget_mb=300).kernel_cap == 6
    assert _manager(monkeypatch, 50).kernel_cap == 2            # a page or two, always
    assert _manager(monkeypatch, 24_000, max_kernels=5).kernel_cap == 5
    assert serving.available_memory_mb() > 0


def test_one_address_has_only_so_many_pages_starting_kernels(
        monkeypatch: pytest.MonkeyPatch) -> None:
    manager = _manager(monkeypatch, 8_000)
    limit = manager.max_unconnected_per_address
    assert 0 < limit <= 10
    holds = [manager.hold("192.0.2.7") for _ in range(limit)]
    assert all(holds) and manager.hold("192.0.2.7") is False
    assert manager.hold("192.0.2.8")                 # another address is let in
    first = holds[0]
    assert first
    manager.release(first)                           # a load ended without a kernel
    manager.release(first)                           # (released once only)
    assert manager.hold("192.0.2.7") and manager.hold("192.0.2.7") is False
    unlimited = _manager(monkeypatch, 8_000, max_unconnected_per_address=0)
    assert all(unlimited.hold("192.0.2.7") for _ in range(3 * limit))


def test_the_pool_refills_once_the_pages_that_just_connected_are_served(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A class opening its pages at once: each connection holds the pool's refill back
    ``pool_quiet`` seconds (the cores serve the pages first), never longer than
    ``pool_quiet_max`` in all."""
    manager = _manager(monkeypatch, 8_000, pool_quiet=3, pool_quiet_max=20)
    clock = [1000.0]
    monkeypatch.setattr(serving.time, "monotonic", lambda: clock[0])
    assert manager.pool_may_start(asked=clock[0])        # no page yet: the pool fills
    with contextlib.suppress(Exception):                  # (no such kernel to tell)
        manager.notify_connect("k1")
    asked = clock[0]
    assert not manager.pool_may_start(asked)
    clock[0] += 2.9
    assert not manager.pool_may_start(asked)
    clock[0] += 0.2
    assert manager.pool_may_start(asked)                  # 3 s without a connection
    for _ in range(10):                                   # pages keep connecting...
        clock[0] += 2
        with contextlib.suppress(Exception):
            manager.notify_connect("k2")
        assert manager.pool_may_start(asked) == (clock[0] - asked >= 20)
    assert manager.pool_may_start(asked)                  # ...but 20 s is the most
    never = _manager(monkeypatch, 8_000, pool_quiet=0)
    with contextlib.suppress(Exception):
        never.notify_connect("k3")
    assert never.pool_may_start(asked=clock[0])


def test_the_pool_waits_for_the_pages_handed_its_kernels_to_connect(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A phone handed a pool kernel loads the app for some seconds before it connects:
    the refill waits for it (then ``pool_quiet`` after its connection), never longer
    than ``pool_quiet_max`` in all."""
    manager = _manager(monkeypatch, 8_000, pool_quiet=3, pool_quiet_max=20)
    clock = [1000.0]
    monkeypatch.setattr(serving.time, "monotonic", lambda: clock[0])
    manager._pool_ids.add("phone")                    # started for the pool, handed out
    manager._kernels["phone"] = object()              # (not in the pool any more)
    asked = clock[0]
    assert manager.pages_loading() == 1
    clock[0] += 10                                    # no connection for 10 s: still loading
    assert not manager.pool_may_start(asked)
    with contextlib.suppress(Exception):              # (no such kernel to tell)
        manager.notify_connect("phone")
    assert manager.pages_loading() == 0
    clock[0] += 2.9
    assert not manager.pool_may_start(asked)
    clock[0] += 0.2
    assert manager.pool_may_start(asked)              # connected, and 3 s quiet since
    manager._pool_ids.add("closed tab")               # a page that never connects...
    manager._kernels["closed tab"] = object()
    assert not manager.pool_may_start(asked)
    clock[0] = asked + 20
    assert manager.pool_may_start(asked)              # ...holds the refill 20 s at most
    del manager._kernels["phone"], manager._kernels["closed tab"]


def test_a_viewer_handed_a_pool_kernel_that_has_not_started_never_waits_for_the_refill(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Voila hands a viewer the pool's oldest entry even while its kernel waits to start;
    that kernel starts at once, though pages keep connecting, and the rest of the refill
    still waits (``pool_quiet``)."""
    manager = _manager(monkeypatch, 8_000, pool_quiet=3, pool_quiet_max=20)
    clock = [1000.0]
    monkeypatch.setattr(serving.time, "monotonic", lambda: clock[0])
    monkeypatch.setattr(manager, "pool_kernel_ready", lambda _nb: False)
    monkeypatch.setattr(manager, "pool_kernels_rendering", lambda: 0)
    manager._pools = {"app.ipynb": ["an entry whose kernel waits"]}   # type: ignore[attr-defined]
    oldest, younger = 990.0, 995.0
    manager._pool_waiting[:] = [oldest, younger]
    with contextlib.suppress(Exception):                  # (no such kernel to tell)
        manager.notify_connect("k1")                      # a page just connected
    assert not manager.pool_go(oldest) and not manager.pool_go(younger)
    manager.owe_pool_kernel("app.ipynb")                  # a viewer takes the oldest entry
    assert not manager.pool_go(younger)                   # (not its kernel)
    assert manager.pool_go(oldest)                        # its kernel starts at once
    manager._pool_waiting.remove(oldest)
    assert not manager.pool_go(younger)                   # the refill waits again
    manager.owe_pool_kernel("other.ipynb")                # no pool there: nothing owed
    assert not manager.pool_go(younger)
    clock[0] += 3
    assert manager.pool_go(younger)                       # 3 s without a connection


@pytest.mark.filterwarnings("ignore:'treasurekit.serving' found in sys.modules")
def test_run_as_a_module_the_server_is_the_module_voila_json_names(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``python -m treasurekit.serving`` starts the classes of ``treasurekit.serving``, the
    module voila.json names, and not those of its ``__main__`` copy: the page handler and
    the kernel manager must share one module's state (the page load's hold; with two
    copies, a flood's kernels counted only while their page was rendered)."""
    import runpy
    import sys

    from voila.app import Voila

    started: list[type] = []      # (Voila's own method: the same for both copies' classes)
    monkeypatch.setattr(Voila, "launch_instance",
                        classmethod(lambda cls, argv: started.append(cls)))
    monkeypatch.setattr(sys, "argv", ["serving", "--class-size", "0"])
    runpy.run_module("treasurekit.serving", run_name="__main__")
    assert started == [serving.TreasurekitVoila]


def test_the_watch_passes_over_a_kernel_with_no_activity_yet(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A kernel still starting has no ``last_activity`` (reading it raises): the watch
    for unconnected pages leaves it for the next round instead of failing the round."""
    import asyncio

    from jupyter_server.services.kernels.kernelmanager import ServerKernelManager

    manager = _manager(monkeypatch, 24_000)
    manager._kernels["starting"] = ServerKernelManager()
    asyncio.run(manager.watch_kernels())
    assert "starting" in manager._kernels


def test_a_failed_pool_entry_is_taken_out_and_replaced(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A pool entry whose kernel failed to start, or whose app failed to run, is never
    handed to a viewer (a page without its app): it leaves the pool, which refills; a
    kernel still starting and a ready one stay."""
    import asyncio

    async def run() -> None:
        manager = _manager(monkeypatch, 8_000)
        loop = asyncio.get_running_loop()

        def entry(kernel: str, render_error: Exception | None = None) -> asyncio.Future[Any]:
            render: asyncio.Future[Any] = loop.create_future()
            if render_error is None:
                render.set_result(([], None))
            else:
                render.set_exception(render_error)
            done: asyncio.Future[Any] = loop.create_future()
            done.set_result({"task": render, "kernel_id": kernel})
            return done

        failed: asyncio.Future[Any] = loop.create_future()
        failed.set_exception(RuntimeError("Kernel didn't respond in 60 seconds"))
        starting: asyncio.Future[Any] = loop.create_future()
        ready, broken = entry("ready"), entry("broken", RuntimeError("kernel died"))
        manager._pools = {"app.ipynb": [failed, starting, ready, broken]}  # type: ignore[attr-defined]
        refills: list[str | None] = []
        manager.fill_if_needed = lambda notebook_name=None, **_: refills.append(  # type: ignore[attr-defined]
            notebook_name)
        stopped: list[str] = []

        async def stop(kernel_id: str) -> None:
            stopped.append(kernel_id)

        monkeypatch.setattr(manager, "_stop", stop)
        assert manager.drop_failed_pool_entries() == 2
        assert manager._pools["app.ipynb"] == [starting, ready]  # type: ignore[attr-defined]
        assert refills == ["app.ipynb"]
        await asyncio.sleep(0)
        assert stopped == ["broken"]                   # its kernel is not left running
        assert manager.drop_failed_pool_entries() == 0 and refills == ["app.ipynb"]
        starting.cancel()

    asyncio.run(run())
