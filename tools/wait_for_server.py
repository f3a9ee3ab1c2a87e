"""Wait until a server listens: ``python tools/wait_for_server.py HOST PORT PID [SECONDS]``.

``make serve`` starts Voila in the background, waits here, and only then prints the
landing page's address, so that the address is the last thing the start-up prints (not
buried above Voila's own start-up lines). Exits 0 once ``HOST:PORT`` accepts a
connection; 1 if process ``PID`` (the server) ends first or ``SECONDS`` (default 120)
pass.
"""

from __future__ import annotations

import os
import socket
import sys
import time


def alive(pid: int) -> bool:
    """Whether process ``pid`` still runs."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def wait(host: str, port: int, pid: int, seconds: float = 120.0) -> bool:
    """True once ``host:port`` accepts a connection, False if ``pid`` ends or time runs out."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and alive(pid):
        try:
            with socket.create_connection((host, port), timeout=1):
                return True
        except OSError:
            time.sleep(0.2)
    return False


def main(argv: list[str]) -> int:
    host, port, pid = argv[0], int(argv[1]), int(argv[2])
    seconds = float(argv[3]) if len(argv) > 3 else 120.0
    return 0 if wait(host, port, pid, seconds) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
