"""App kernels forked from a process that has already imported the apps.

Every kernel of a served app starts the same way: a new Python imports ipykernel,
ipywidgets and treasurekit's games and drawings, then runs the page's notebook. The
imports are about half of a kernel's CPU before the page can show anything (0.55 of
1.1 CPU-seconds, measured on 26 Nov), paid again for every page and every kernel of the
classroom pool, on the same cores that serve the class. So the server starts one
process, the *zygote* (as Android starts its apps), that does those imports once and
then waits on a Unix socket; each app kernel is a fork of it, which goes on exactly as
``python -m treasurekit.app_kernel -f <connection file>`` would, with the kernel's own
environment, working directory and process title.

Only the kernel spec the server rewrote to ``treasurekit.app_kernel`` (see
``serving.AppKernelSpecManager``) is forked, through the kernel provisioner
:class:`ForkProvisioner`; any other kernel, and every kernel when the zygote cannot
start, is launched as usual. A forked kernel is the zygote's child: the zygote leaves its
reaping to the system, and the kernel (whose ``JPY_PARENT_PID`` is the zygote) exits
when the zygote does, as the zygote exits when the server does.

The zygote imports modules and nothing else: it starts no thread and opens no
connection before it forks, and it makes no widget (a widget made there would be in
every page's list of widgets).
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import importlib
import json
import os
import pkgutil
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any

from jupyter_client.connect import KernelConnectionInfo
from jupyter_client.provisioning.local_provisioner import LocalProvisioner

#: the module an app kernel runs (``python -m``); only such a command is forked
APP_KERNEL = "treasurekit.app_kernel"
#: the zygote's imports: these, and every module of treasurekit but those of SERVER_ONLY
PRELOAD = ("ipykernel.kernelapp", "ipywidgets", "IPython.display", "setproctitle")
#: modules the kernels never import (the server's side), left out of the zygote
SERVER_ONLY = ("treasurekit.serving", "treasurekit.kernel_fork",
               "treasurekit.classroom.service")
#: how long a launch waits for the zygote's socket before it starts a kernel as usual
READY_TIMEOUT = 30.0
#: the largest request a zygote reads (a kernel's environment is a few KB)
MAX_REQUEST = 1 << 20


# ---- the server's side ------------------------------------------------------------------
class Zygote:
    """The server's zygote process: started once, asked for a kernel by :meth:`fork`."""

    _shared: Zygote | None = None

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="tk-zygote-"))   # mode 0700
        self.socket = self.folder / "socket"
        self.process = subprocess.Popen(
            [sys.executable, "-m", __name__, str(self.socket), str(os.getpid())],
            stdin=subprocess.DEVNULL)
        atexit.register(self.stop)

    @classmethod
    def shared(cls) -> Zygote:
        """This server's zygote, started on first use (and again if it has died)."""
        if cls._shared is None or cls._shared.process.poll() is not None:
            if cls._shared is not None:
                cls._shared.stop()
            cls._shared = cls()
        return cls._shared

    @staticmethod
    def can_fork(cmd: list[str]) -> bool:
        """Whether ``cmd`` starts an app kernel in this very Python (what a fork gives)."""
        return (len(cmd) >= 3 and cmd[1:3] == ["-m", APP_KERNEL]
                and os.path.realpath(cmd[0]) == os.path.realpath(sys.executable))

    async def fork(self, args: list[str], env: dict[str, str], cwd: str) -> int:
        """A new app kernel with these arguments (after ``-m treasurekit.app_kernel``),
        environment and working directory: its process id."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + READY_TIMEOUT
        while not self.socket.exists():
            if self.process.poll() is not None or loop.time() > deadline:
                raise OSError("the kernel zygote did not start")
            await asyncio.sleep(0.05)
        reader, writer = await asyncio.open_unix_connection(str(self.socket))
        try:
            request = {"args": args, "env": env, "cwd": cwd}
            writer.write(json.dumps(request).encode() + b"\n")
            await writer.drain()
            answer = json.loads(await reader.readline() or b"{}")
        finally:
            writer.close()
        if not isinstance(answer.get("pid"), int):
            raise OSError(f"the kernel zygote did not fork: {answer.get('error', 'no answer')}")
        return int(answer["pid"])

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(5)
        shutil.rmtree(self.folder, ignore_errors=True)


def running(pid: int) -> bool:
    """Whether process ``pid`` runs: it exists, is ours, and has not ended (a killed
    kernel is a zombie for a moment, until its threads are gone and the system reaps it)."""
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, PermissionError):   # gone, or the number is reused
        return False
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return True
    return state not in ("Z", "X")


class ForkedKernel:
    """A forked kernel as jupyter_client's provisioner handles a ``subprocess.Popen``:
    it is the zygote's child, so its state is read from the system by its process id."""

    stdin = stdout = stderr = None

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.returncode: int | None = None

    def poll(self) -> int | None:
        if self.returncode is None and not running(self.pid):
            self.returncode = -1            # (the system reaps it: its exit code is lost)
        return self.returncode

    def wait(self) -> int:
        while self.poll() is None:
            time.sleep(0.05)
        return self.returncode if self.returncode is not None else -1

    def send_signal(self, signum: int) -> None:
        if self.poll() is None:
            os.kill(self.pid, signum)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)


class ForkProvisioner(LocalProvisioner):
    """jupyter_client's local provisioner, with an app kernel forked from the zygote
    (registered as ``treasurekit-fork``; the server's kernel specs name it)."""

    async def launch_kernel(self, cmd: list[str], **kwargs: Any) -> KernelConnectionInfo:
        if not Zygote.can_fork(cmd):
            return await super().launch_kernel(cmd, **kwargs)
        env = dict(kwargs.get("env") or os.environ)
        cwd = str(kwargs.get("cwd") or os.getcwd())
        try:
            pid = await Zygote.shared().fork([*cmd[3:]], env, cwd)
        except (OSError, ValueError) as why:
            self.log.warning("Starting the kernel without the zygote (%s)", why)
            return await super().launch_kernel(cmd, **kwargs)
        self.process = ForkedKernel(pid)  # type: ignore[assignment]  # (a Popen's part it uses)
        self.pid = self.pgid = pid          # the kernel leads a session of its own
        self.cwd = cwd
        return self.connection_info


# ---- the zygote's side ------------------------------------------------------------------
def preload() -> None:
    """Import what an app kernel imports (a module that fails is left to the kernel,
    which imports it, and reports its error, itself)."""
    sys.modules["debugpy"] = None  # type: ignore[assignment]   # as app_kernel does
    import treasurekit

    names = [*PRELOAD, "treasurekit",
             *(m.name for m in pkgutil.walk_packages(treasurekit.__path__, "treasurekit."))]
    for name in names:
        if not name.startswith(SERVER_ONLY):
            with contextlib.suppress(Exception):
                importlib.import_module(name)


def become_kernel(request: dict[str, Any]) -> int:
    """In the forked child: start the app kernel the request describes; its exit code."""
    args = [str(a) for a in request["args"]]
    # what ``ps`` (and anything that finds a kernel by its connection file) reads; before
    # the environment changes, which setproctitle finds its room by
    with contextlib.suppress(ImportError):
        import setproctitle

        setproctitle.setproctitle(" ".join([sys.executable, "-m", APP_KERNEL, *args]))
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    os.setsid()
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    # it exits when the zygote does (ipykernel read JPY_PARENT_PID in the zygote already)
    os.environ["JPY_PARENT_PID"] = str(os.getppid())
    sys.argv = [APP_KERNEL, *args, f"--IPKernelApp.parent_handle={os.getppid()}"]
    sys.path[0] = os.getcwd()                        # as ``python -m`` puts it
    try:
        importlib.import_module(APP_KERNEL).main()
    except SystemExit as leave:
        return leave.code if isinstance(leave.code, int) else int(leave.code is not None)
    except BaseException:   # noqa: BLE001 (a kernel's end, told as Python would tell it)
        traceback.print_exc()
        return 1
    return 0


def serve(path: str, server: int) -> None:
    """The zygote: import, then fork an app kernel per request, while the server lives."""
    preload()
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)     # the system reaps the kernels
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as listener:
        listener.bind(path + ".new")
        os.rename(path + ".new", path)                # there once it accepts
        listener.listen(64)
        listener.settimeout(1.0)
        while os.getppid() == server:
            try:
                conn, _ = listener.accept()
            except TimeoutError:
                continue
            with conn:
                conn.settimeout(10.0)
                try:
                    request = read_request(conn)
                except (OSError, ValueError) as why:
                    with contextlib.suppress(OSError):
                        conn.sendall(json.dumps({"error": str(why)}).encode() + b"\n")
                    continue
                pid = os.fork()
                if pid == 0:                           # the kernel
                    listener.close()
                    conn.close()
                    code = become_kernel(request)
                    atexit._run_exitfuncs()
                    sys.stdout.flush()
                    sys.stderr.flush()
                    os._exit(code)
                with contextlib.suppress(OSError):
                    conn.sendall(json.dumps({"pid": pid}).encode() + b"\n")


def read_request(conn: socket.socket) -> dict[str, Any]:
    """One line of JSON: the kernel's arguments, environment and working directory."""
    data = b""
    while not data.endswith(b"\n"):
        chunk = conn.recv(65536)
        if not chunk:
            break
        data += chunk
        if len(data) > MAX_REQUEST:
            raise ValueError("request too large")
    request = json.loads(data)
    if not (isinstance(request, dict) and isinstance(request.get("args"), list)
            and isinstance(request.get("env"), dict) and isinstance(request.get("cwd"), str)):
        raise ValueError("not a kernel request")
    return request


if __name__ == "__main__":
    serve(sys.argv[1], int(sys.argv[2]))
