"""The class store's connection: a SQLite file or a PostgreSQL server, one SQL for both.

:class:`~.store.ClassStore` writes its schema, its migrations and every query once, in
the SQL both databases speak (``?`` placeholders, ``INSERT ... ON CONFLICT``, TEXT,
INTEGER and DOUBLE PRECISION columns). What differs is here, in :class:`SQLite` and
:class:`PostgreSQL`: how a transaction begins and how writers take turns, where the
schema's version is kept, and the placeholder style PostgreSQL's driver wants (``%s``).

- **SQLite** (a path; every kernel of one machine, or the class service by default): a
  connection per transaction, WAL mode, ``BEGIN IMMEDIATE`` for a write (writers of
  several processes queue for up to 10 s), the version in ``PRAGMA user_version``.
- **PostgreSQL** (a ``postgresql://`` URL; the class service of a school, ``psycopg``
  from the ``hub`` extra): one connection per store, opened again if it broke; a write
  holds a transaction-level advisory lock, so writers take turns exactly as on SQLite
  (the store's checks, e.g. a nickname free in the class, are then never raced); a
  read is one REPEATABLE READ snapshot; the version in the table ``treasurekit_schema``.

>>> import tempfile
>>> open_database("postgresql://tk@db.example.org/classes").path is None   # not connected yet
True
>>> open_database(tempfile.mkdtemp() + "/classes.sqlite").path.name
'classes.sqlite'
"""

from __future__ import annotations

import functools
import re
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Protocol

#: a PostgreSQL connection URL (what ``TK_CLASS_DB_URL`` holds)
POSTGRES_URL = re.compile(r"postgres(ql)?://", re.IGNORECASE)
#: PostgreSQL's advisory lock key the writers take turns on ("tk" + "class")
WRITE_LOCK = 0x746B_636C_6173_73
#: seconds to wait for the database server to answer a connection
CONNECT_TIMEOUT = 10


class Cursor(Protocol):
    """What a query gives back (sqlite3's and psycopg's cursors both are one)."""

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def __iter__(self) -> Iterator[Any]: ...


class Connection(Protocol):
    """A connection inside a transaction: ``execute(sql, params)`` with ``?`` placeholders."""

    def execute(self, sql: str, params: Sequence[Any] = (), /) -> Cursor: ...


class SQLite:
    """A SQLite file, every transaction on a connection of its own."""

    def __init__(self, path: Path) -> None:
        self.path: Path | None = path
        self.file = path
        path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(path, timeout=10.0, isolation_level=None)
        try:                                     # kept in the file: once is enough
            db.execute("PRAGMA journal_mode=WAL")
        finally:
            db.close()

    @contextmanager
    def transaction(self, write: bool) -> Iterator[Connection]:
        """``BEGIN IMMEDIATE`` for a write: writers queue for up to 10 s instead of
        failing; committed at the end, rolled back on an error."""
        db = sqlite3.connect(self.file, timeout=10.0, isolation_level=None)
        try:
            db.execute("PRAGMA foreign_keys=ON")
            # WAL with synchronous=NORMAL: a commit survives the server or a kernel being
            # killed (only a power cut may lose the last ones), without a disk flush per
            # answer; writers queue five times shorter (benchmarks/live_class.py)
            db.execute("PRAGMA synchronous=NORMAL")
            db.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            try:
                yield db
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
        finally:
            db.close()

    def version(self, db: Connection) -> int:
        return int(db.execute("PRAGMA user_version").fetchone()[0])

    def set_version(self, db: Connection, version: int) -> None:
        db.execute(f"PRAGMA user_version = {int(version)}")


@functools.lru_cache(maxsize=256)
def _postgres_sql(sql: str) -> str:
    """The store's SQL with psycopg's placeholders (the store writes no ``%`` and no
    ``?`` inside a literal)."""
    return sql.replace("%", "%%").replace("?", "%s")


class _PostgresConnection:
    """A psycopg connection speaking the store's ``?`` placeholders."""

    def __init__(self, connection: Any) -> None:
        self._connection = connection

    def execute(self, sql: str, params: Sequence[Any] = (), /) -> Cursor:
        cursor: Cursor = self._connection.execute(_postgres_sql(sql), tuple(params))
        return cursor


class PostgreSQL:
    """A PostgreSQL database: one connection, one transaction at a time."""

    path: Path | None = None

    def __init__(self, url: str) -> None:
        import psycopg  # the hub extra; only a service needs it

        self._psycopg = psycopg
        self.url = url
        self._lock = threading.Lock()
        self._connection: Any = None

    def _connect(self) -> Any:
        if self._connection is None or self._connection.closed or self._connection.broken:
            self._connection = self._psycopg.connect(self.url, autocommit=True,
                                                     connect_timeout=CONNECT_TIMEOUT)
        return self._connection

    @contextmanager
    def transaction(self, write: bool) -> Iterator[Connection]:
        """A write holds the advisory lock :data:`WRITE_LOCK` until it ends (writers take
        turns, as on SQLite); a read is one snapshot."""
        with self._lock:
            connection = self._connect()
            db = _PostgresConnection(connection)
            try:
                if write:
                    connection.execute("BEGIN")
                    connection.execute("SELECT pg_advisory_xact_lock(%s)", (WRITE_LOCK,))
                else:
                    connection.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
                try:
                    yield db
                except BaseException:
                    connection.execute("ROLLBACK")
                    raise
                connection.execute("COMMIT")
            except self._psycopg.OperationalError:
                connection.close()               # opened again by the next transaction
                raise

    def version(self, db: Connection) -> int:
        db.execute("CREATE TABLE IF NOT EXISTS treasurekit_schema (version INTEGER NOT NULL)")
        row = db.execute("SELECT MAX(version) FROM treasurekit_schema").fetchone()
        return int(row[0] or 0)

    def set_version(self, db: Connection, version: int) -> None:
        db.execute("DELETE FROM treasurekit_schema")
        db.execute("INSERT INTO treasurekit_schema (version) VALUES (?)", (version,))


def open_database(where: str | Path) -> SQLite | PostgreSQL:
    """The database at ``where``: a PostgreSQL connection URL, or a SQLite file's path."""
    if isinstance(where, str) and POSTGRES_URL.match(where):
        return PostgreSQL(where)
    return SQLite(Path(where).expanduser())
