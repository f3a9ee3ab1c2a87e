"""A throw-away PostgreSQL cluster for the class store's tests (``conftest.py``).

``initdb`` in a temporary directory, the server on a free loopback port and on a Unix
socket in that directory, trust authentication for the local user only; stopped and
deleted at the end. ``initdb`` refuses to run as root: as root the cluster belongs to
``nobody`` (``runuser``). Where the binaries or psycopg are missing the tests that need
the cluster are skipped, saying so.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

SEARCH = ("/usr/local/bin", "/usr/lib/postgresql/15/bin", "/usr/lib/postgresql/16/bin",
          "/usr/lib/postgresql/17/bin")


def binaries() -> Path | None:
    """The folder of ``initdb``, ``pg_ctl`` and ``postgres``, or None."""
    found = shutil.which("initdb")
    for folder in ([str(Path(found).parent)] if found else []) + list(SEARCH):
        if all((Path(folder) / name).exists() for name in ("initdb", "pg_ctl", "postgres")):
            return Path(folder)
    return None


def missing() -> str | None:
    """Why no cluster can be made here (None: it can)."""
    if binaries() is None:
        return "PostgreSQL's initdb, pg_ctl and postgres are not installed"
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "psycopg is not installed (pip install -e '.[test]')"
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def cluster() -> Iterator[str]:
    """A running cluster's URL (database ``postgres``, user ``tk``)."""
    folder = binaries()
    assert folder is not None, missing()
    work = Path(tempfile.mkdtemp(prefix="tk-postgres-"))
    as_user: list[str] = []
    if os.getuid() == 0:
        shutil.chown(work, "nobody")
        as_user = ["runuser", "-u", "nobody", "--"]
    data, port = work / "data", _free_port()
    run = dict(check=True, capture_output=True, timeout=120, cwd=work)
    try:
        subprocess.run([*as_user, str(folder / "initdb"), "-D", str(data), "-U", "tk",
                        "--auth=trust", "--no-sync", "--locale=C", "-E", "UTF8"], **run)
        subprocess.run([*as_user, str(folder / "pg_ctl"), "-D", str(data), "-w", "-t", "60",
                        "-l", str(work / "log"), "-o",
                        f"-h 127.0.0.1 -p {port} -k {work} -c fsync=off "
                        "-c full_page_writes=off -c synchronous_commit=off",
                        "start"], **run)
        url = f"postgresql://tk@127.0.0.1:{port}/postgres"
        import psycopg

        deadline = time.monotonic() + 30
        while True:
            try:
                psycopg.connect(url, connect_timeout=5).close()
                break
            except psycopg.OperationalError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        yield url
    finally:
        if (data / "postmaster.pid").exists():
            subprocess.run([*as_user, str(folder / "pg_ctl"), "-D", str(data), "-m", "immediate",
                            "-w", "stop"], capture_output=True, timeout=60, cwd=work)
        shutil.rmtree(work, ignore_errors=True)


def fresh_schema(url: str, name: str) -> str:
    """A URL whose tables go to a new, empty schema ``name`` of the cluster's database
    (one per test: faster than a database per test)."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as db:
        db.execute(f'DROP SCHEMA IF EXISTS "{name}" CASCADE')
        db.execute(f'CREATE SCHEMA "{name}"')
    return f"{url}?options=-csearch_path%3D{name}"
