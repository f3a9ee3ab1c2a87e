"""Server-side pieces for serving the apps to a class with Voila (named in ``voila.json``).

Nothing here is imported by ``import treasurekit``: only the Voila server loads this
module, through its configuration, so the engine and the widgets stay free of server
dependencies.

* :class:`PageIdentityProvider` -- Voila's default identity provider, plus: every
  rendered app page sets the ``_xsrf`` cookie. Voila's page script reads that cookie
  when the tab closes and posts it with ``POST /voila/api/shutdown/<kernel id>``; without
  the cookie (only ``/voila/tree`` used to set it) the request failed with
  ``403 '_xsrf' argument missing`` and the kernel lived on. XSRF checking stays on:
  the cookie is the standard double-submit token, which another site can neither read
  nor forge. The ``template`` and ``theme`` query arguments, which this server never
  honours (``allow_*_override`` is ``NO``), are dropped so such a URL is served from the
  preheated pool like any other.
* :class:`ClassroomKernelManager` -- Jupyter's kernel manager, whose idle culling
  knows about Voila's preheated pool: a kernel waiting in the pool counts as active,
  so the one handed out next is not culled before its page has connected. It also
  prepares pool kernels one at a time, so refilling the pool after a class arrived
  does not starve the learners' kernels of CPU.
* :func:`classroom_options` / ``python -m treasurekit.serving`` -- Voila's command line
  for classroom mode (``make serve-class``): a preheated pool sized for a class.

The kernel side of the pool (waiting for the viewer's ``?lang=``) is
``treasurekit.widgets.lang.wait_for_viewer``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from collections.abc import Sequence
from typing import Any

from jupyter_core.utils import ensure_async
from jupyter_server._tz import utcnow
from jupyter_server.auth.identity import PasswordIdentityProvider, User
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Dict, Integer

#: Query arguments Voila would read as overrides; the server's choice always applies.
IGNORED_ARGUMENTS = ("template", "theme")


class PageIdentityProvider(PasswordIdentityProvider):
    """Sets the ``_xsrf`` cookie on every Voila app page (see the module docstring)."""

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


class ClassroomKernelManager(AsyncMappingKernelManager):
    """Idle culling that spares the preheated pool and the kernel just handed out.

    Voila's pool (``preheat_kernel``) keeps its waiting kernels in ``self._pools``;
    Voila already skips them when culling, but their ``last_activity`` stays at the
    time they were prepared. A kernel that waited longer than ``cull_idle_timeout``
    was culled at the first sweep after it was handed out, before the viewer's page
    had connected ("The model for kernel id ... does not exist"). Each sweep therefore
    marks the waiting kernels, and those handed out since the last sweep, active: a
    handed-out kernel has at least ``cull_idle_timeout`` for its page to connect.
    """

    pool_start_concurrency = Integer(
        1, config=True,
        help="How many kernels of the preheated pool may be preparing at the same time "
             "(starting, or running their notebook); 0: no limit. The default leaves a core "
             "to the learners while the pool refills. A viewer's own kernel, started on "
             "demand, never waits for this.")

    kernel_env = Dict(
        {"MALLOC_MMAP_THRESHOLD_": "65536"}, config=True,
        help="Environment added to every kernel (where the server does not set it). The "
             "default makes glibc's malloc give big freed buffers (the numpy arrays of the "
             "apps' odds demos) back to the system at once: about 15 MB less per kernel.")

    _pool_starting = 0

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        env = dict(kwargs.get("env") or os.environ)
        for name, value in self.kernel_env.items():
            env.setdefault(name, value)
        kwargs["env"] = env
        if env.get("VOILA_PREHEAT") != "True" or self.pool_start_concurrency <= 0:
            return str(await super().start_kernel(*args, **kwargs))
        while self._pool_starting + self.pool_kernels_rendering() >= self.pool_start_concurrency:
            await asyncio.sleep(0.25)
        self._pool_starting += 1
        try:
            return str(await super().start_kernel(*args, **kwargs))
        finally:
            self._pool_starting -= 1

    def _pool_entries(self) -> list[dict[str, Any]]:
        """Voila's pool: for each kernel started, its id and notebook render task."""
        entries = []
        for pool in getattr(self, "_pools", {}).values():
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None:
                    entries.append(task.result())
        return entries

    def pool_kernels_rendering(self) -> int:
        """Pool kernels still running their notebook."""
        return sum(1 for e in self._pool_entries() if not e["task"].done())

    def pooled_kernel_ids(self) -> set[str]:
        return {e["kernel_id"] for e in self._pool_entries()}

    _last_pooled: set[str] = set()

    async def cull_kernels(self) -> None:
        now = utcnow()
        pooled = self.pooled_kernel_ids()
        # Waiting in the pool now, or handed out since the last sweep.
        for kernel_id in pooled | (self._last_pooled - pooled):
            kernel = self._kernels.get(kernel_id)
            if kernel is not None:
                kernel.last_activity = now
        self._last_pooled = pooled
        await super().cull_kernels()  # type: ignore[no-untyped-call]



#: The app a class usually opens, and how many learners a class has.
CLASS_APP = "diving_bell.ipynb"
CLASS_SIZE = 30


def classroom_options(pools: dict[str, int], default_pool: int = 1,
                      fill_delay: float = 10.0) -> list[str]:
    """Voila options for a preheated pool: ``pools`` maps a notebook (relative to the
    served folder) to its pool size; every other notebook keeps ``default_pool``
    kernels ready. Kernels handed out are replaced ``fill_delay`` seconds later.

    >>> classroom_options({"diving_bell.ipynb": 30})[0]
    '--VoilaConfiguration.preheat_kernel=True'
    """
    config = {"default": {"pool_size": default_pool},
              **{name: {"pool_size": size} for name, size in pools.items()}}
    return ["--VoilaConfiguration.preheat_kernel=True",
            f"--VoilaKernelManager.kernel_pools_config={json.dumps(config)}",
            f"--VoilaKernelManager.fill_delay={fill_delay}"]


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m treasurekit.serving [--class-size N] [--app NB]... [voila options]``:
    Voila on ``notebooks/`` in classroom mode (options after ``--`` go to Voila)."""
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--class-size", type=int, default=CLASS_SIZE,
                        help="kernels kept ready for each app (default %(default)s)")
    parser.add_argument("--app", action="append", default=None,
                        help=f"app notebook the class opens (default {CLASS_APP}; repeatable)")
    parser.add_argument("--default-pool", type=int, default=1,
                        help="kernels kept ready for every other notebook (default 1)")
    parser.add_argument("--directory", default="notebooks")
    args, voila_args = parser.parse_known_args(argv)
    apps = [a if a.endswith(".ipynb") else f"{a}.ipynb" for a in (args.app or [CLASS_APP])]
    argv_out = [sys.executable, "-m", "voila", "--no-browser",
                *classroom_options({a: args.class_size for a in apps}, args.default_pool),
                *[a for a in voila_args if a != "--"], args.directory]
    print("classroom mode: " + ", ".join(f"{args.class_size} kernels ready for {a}"
                                         for a in apps), flush=True)
    os.execv(sys.executable, argv_out)


if __name__ == "__main__":
    main()
