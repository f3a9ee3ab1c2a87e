"""Where the live class's store lives (issue 25): the server picks the directory, hands
it to every kernel and purges old classes when it starts; a kernel without it has no
store (and its apps no live class)."""

from __future__ import annotations

import logging
import types
from pathlib import Path
from typing import Any

import pytest

from treasurekit.classroom.config import CLASS_DIR_ENV, class_store, store_at


def test_the_server_hands_its_kernels_the_class_directory_and_purges_old_classes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from treasurekit.serving import TreasurekitVoila

    monkeypatch.delenv(CLASS_DIR_ENV, raising=False)
    assert class_store() is None                   # plain JupyterLab: no live class
    old = store_at(tmp_path).start("diving_bell", now=0)       # a class of 1970
    fresh = store_at(tmp_path).start("diving_bell")
    server: Any = types.SimpleNamespace(class_dir=str(tmp_path), class_keep_days=7.0,
                                        log=logging.getLogger("test"))
    TreasurekitVoila.open_class_store(server)
    store = class_store()
    assert store is not None and store.path == tmp_path.resolve() / "classes.sqlite"
    assert list(store.codes()) == [fresh.code] and old.code != fresh.code


def test_the_default_class_directory_is_under_the_servers_working_directory(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from treasurekit.serving import TreasurekitVoila

    monkeypatch.chdir(tmp_path)
    assert TreasurekitVoila().class_dir == str(tmp_path / "data" / "classes")
    assert TreasurekitVoila(class_dir="/srv/classes").class_dir == "/srv/classes"
