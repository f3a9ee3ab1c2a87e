"""What the apps ask of a live class's store, wherever it is kept.

:class:`ClassAPI` is the one type the widgets hold: :class:`~.store.ClassStore` (a SQLite
file every kernel of a machine opens) and :class:`~.remote.RemoteClassStore` (the class
service of a school's JupyterHub, :mod:`.service`) both are one, with the same methods,
return types and errors (:class:`~.store.ClassError`, a catalog message). The rules of
who may do what live in the store alone; the service runs a store and the remote client
only carries the calls.
"""

from __future__ import annotations

from typing import Protocol

from .store import Item, Mine, Now, Result, Started, Tally


class ClassAPI(Protocol):
    """The live class's operations (see :class:`~.store.ClassStore` for each)."""

    def start(self, game: str) -> Started: ...

    def show(self, code: str, teacher: str, item: Item) -> int: ...

    def close(self, code: str, teacher: str) -> None: ...

    def reveal(self, code: str, teacher: str) -> None: ...

    def tally(self, code: str, teacher: str) -> Tally: ...

    def who_answered(self, code: str, teacher: str) -> dict[str, str]: ...

    def results(self, code: str, teacher: str) -> list[Result]: ...

    def results_csv(self, code: str, teacher: str) -> str: ...

    def join(self, code: object, nickname: object, client: str = "") -> str: ...

    def game_of(self, code: object, client: str = "") -> str: ...

    def now(self, code: str) -> Now: ...

    def answer(self, code: str, student: str, item_no: object, choice: object) -> None: ...

    def mine(self, code: str, student: str, item_no: int) -> Mine: ...
