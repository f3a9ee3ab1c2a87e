"""Where the live class's store lives: the one setting every kernel of a server shares.

On one machine the server (``treasurekit.serving``, ``make serve`` and ``make
serve-class``) picks a data directory for the class database, purges the classes kept
too long, and hands the directory to every kernel in :data:`CLASS_DIR_ENV`, as it hands
them the public address. In a school's JupyterHub the hub hands every single-user server
the class service's URL in :data:`CLASS_URL_ENV` (``deploy/jupyterhub``), and its kernels
reach the service (:mod:`.service`) with the server's ``JUPYTERHUB_API_TOKEN``.
A kernel asks :func:`class_store` for the store: the SQLite file's, else the service's,
else None (plain JupyterLab, a test), and then the apps offer no live class.

>>> import os, tempfile
>>> os.environ.pop(CLASS_DIR_ENV, None) and None
>>> os.environ.pop(CLASS_URL_ENV, None) and None
>>> class_store() is None
True
>>> os.environ[CLASS_DIR_ENV] = tempfile.mkdtemp()
>>> class_store().path.name
'classes.sqlite'
>>> del os.environ[CLASS_DIR_ENV]
>>> os.environ[CLASS_URL_ENV] = "http://127.0.0.1:10101/services/treasurekit-class/"
>>> class_store().url
'http://127.0.0.1:10101/services/treasurekit-class/'
>>> del os.environ[CLASS_URL_ENV]
"""

from __future__ import annotations

import os
from pathlib import Path

from .api import ClassAPI
from .remote import RemoteClassStore
from .store import ClassStore

#: The environment variable naming the class database's directory (set by the server).
CLASS_DIR_ENV = "TREASUREKIT_CLASS_DIR"
#: The environment variable with the class service's URL (set by the hub's config).
CLASS_URL_ENV = "TREASUREKIT_CLASS_URL"
#: The single-user server's token for the hub and its services (kernels inherit it).
HUB_TOKEN_ENV = "JUPYTERHUB_API_TOKEN"
#: The database file in that directory.
STORE_FILE = "classes.sqlite"

_opened: dict[Path, ClassStore] = {}
_remote: dict[tuple[str, str], RemoteClassStore] = {}


def store_at(directory: str | Path) -> ClassStore:
    """The store in ``directory`` (made if missing), one per directory and process."""
    path = Path(directory).expanduser().resolve() / STORE_FILE
    if path not in _opened:
        _opened[path] = ClassStore(path)
    return _opened[path]


def class_store() -> ClassAPI | None:
    """This kernel's class store: the file in :data:`CLASS_DIR_ENV`, else the class
    service at :data:`CLASS_URL_ENV`; None when neither is set."""
    directory = os.environ.get(CLASS_DIR_ENV, "").strip()
    if directory:
        return store_at(directory)
    url = os.environ.get(CLASS_URL_ENV, "").strip()
    if not url:
        return None
    key = (url, os.environ.get(HUB_TOKEN_ENV, ""))
    if key not in _remote:
        _remote[key] = RemoteClassStore(*key)
    return _remote[key]
