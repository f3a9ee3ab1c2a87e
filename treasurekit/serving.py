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
  so the one handed out next is not culled before its page has connected.

The kernel side of the pool (waiting for the viewer's ``?lang=``) is
``treasurekit.widgets.lang.wait_for_viewer``.
"""

from __future__ import annotations

from typing import Any

from jupyter_core.utils import ensure_async
from jupyter_server._tz import utcnow
from jupyter_server.auth.identity import PasswordIdentityProvider, User
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

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
    marks the waiting kernels active, so the idle clock of a handed-out kernel starts
    at most one ``cull_interval`` before its viewer arrived.
    """

    def pooled_kernel_ids(self) -> set[str]:
        ids = set()
        for pool in getattr(self, "_pools", {}).values():
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None:
                    ids.add(task.result().get("kernel_id"))
        return ids

    async def cull_kernels(self) -> None:
        now = utcnow()
        for kernel_id in self.pooled_kernel_ids():
            kernel = self._kernels.get(kernel_id)
            if kernel is not None:
                kernel.last_activity = now
        await super().cull_kernels()

