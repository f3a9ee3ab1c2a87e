"""The class store's tests run on each database the store speaks: a SQLite file, and a
temporary PostgreSQL cluster (``postgres.py``) where its binaries are installed."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest

from . import postgres

DATABASES = ("sqlite", "postgresql")
_schemas = itertools.count(1)


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[str]:
    """A PostgreSQL cluster for the whole run (skipped, with the reason, where it cannot
    be made)."""
    reason = postgres.missing()
    if reason:
        pytest.skip(reason)
    with postgres.cluster() as url:
        yield url


@pytest.fixture(params=DATABASES)
def where(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a test's store lives: a new SQLite file, or a new schema on PostgreSQL."""
    if request.param == "sqlite":
        return str(tmp_path / "data" / "classes.sqlite")
    url: str = request.getfixturevalue("postgres_cluster")
    return postgres.fresh_schema(url, f"test_{next(_schemas)}")
