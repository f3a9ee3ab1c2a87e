"""Where the live class's store lives: the one setting every kernel of a machine shares.

The server (``treasurekit.serving``, ``make serve`` and ``make serve-class``) picks a data
directory for the class database, purges the classes kept too long, and hands the
directory to every kernel in :data:`CLASS_DIR_ENV`, as it hands them the public address.
A kernel asks :func:`class_store` for the store: None where no server set one (plain
JupyterLab, a test), and then the apps offer no live class.

>>> import os, tempfile
>>> os.environ.pop(CLASS_DIR_ENV, None) and None
>>> class_store() is None
True
>>> os.environ[CLASS_DIR_ENV] = tempfile.mkdtemp()
>>> class_store().path.name
'classes.sqlite'
>>> del os.environ[CLASS_DIR_ENV]
"""

from __future__ import annotations

import os
from pathlib import Path

from .store import ClassStore

#: The environment variable naming the class database's directory (set by the server).
CLASS_DIR_ENV = "TREASUREKIT_CLASS_DIR"
#: The database file in that directory.
STORE_FILE = "classes.sqlite"

_opened: dict[Path, ClassStore] = {}


def store_at(directory: str | Path) -> ClassStore:
    """The store in ``directory`` (made if missing), one per directory and process."""
    path = Path(directory).expanduser().resolve() / STORE_FILE
    if path not in _opened:
        _opened[path] = ClassStore(path)
    return _opened[path]


def class_store() -> ClassStore | None:
    """This kernel's class store, from :data:`CLASS_DIR_ENV`; None when it is not set."""
    directory = os.environ.get(CLASS_DIR_ENV, "").strip()
    return store_at(directory) if directory else None
