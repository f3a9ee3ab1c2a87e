"""What an app keeps in the learner's browser, so that a new page carries on.

A kernel can die (the server restarts, a memory limit stops it) and a page can be
reloaded; the page then gets a new kernel, with a new app. :class:`AppKeeper` keeps,
in the app's :class:`~.browser_store.BrowserStore` (``localStorage``), under the names

- ``tab``: the open tab's index;
- ``lesson``: the lesson player's ``kept`` (the step shown);
- ``game``: the game player's ``kept`` (the game's save, as "Download" offers it, with
  the set-up chosen and the moves the learner may take back),
- ``practice``: the practice player's ``kept`` (per kind of question: asked, right and
  its spaced-repetition card; the question on screen), a few hundred characters,

and gives them back when the new page's browser says what it kept: the lesson goes to
that step, the Play tab is built and the game carries on (through ``tk.load_game``,
which checks every move), the tab opens. A value the app cannot use (a save the engine
refuses, another game, a step that does not exist) is ignored and deleted.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as w

from .browser_store import BrowserStore
from .game_player import GamePlayer
from .lesson_player import LessonPlayer
from .practice_player import PracticePlayer
from .teacher import _walk

#: (name in the store, tab key of the part, the part's widget class)
KEPT: tuple[tuple[str, str, type[w.Widget]], ...] = (
    ("game", "widgets.tab.play", GamePlayer),
    ("lesson", "widgets.tab.lesson", LessonPlayer),
    ("practice", "widgets.tab.practice", PracticePlayer),
)


class AppKeeper:
    """Keeps an app frame's tab, lesson step, game and practice progress in ``store``;
    restores them."""

    def __init__(self, store: BrowserStore, tab: w.Tab, keys: list[str],
                 built: Callable[[int], w.Widget],
                 linked: Callable[[], bool] = lambda: False,
                 tab_asked: Callable[[], bool] = lambda: False,
                 following: Callable[[], bool] = lambda: False) -> None:
        self.store, self.tab, self.keys, self.built = store, tab, keys, built
        #: whether a ``?position=`` link opened a table: its table and tab are kept then,
        #: not the browser's game and tab
        self.linked = linked
        #: whether ``?tab=`` asked for a tab: it is kept then, not the browser's tab
        self.tab_asked = tab_asked
        #: whether the page follows a live class: the teacher chooses what it shows
        self.following = following
        self.watched: set[int] = set()
        tab.observe(lambda c: self._keep_tab(c["new"]), names="selected_index")
        for box in tab.children:
            box.observe(lambda c: self.watch(c["owner"]), names="children")
            self.watch(box)
        store.on_restore(self.restore)

    def watch(self, part: w.Widget) -> None:
        """Keep every lesson and game player in ``part`` (a tab's part, once built)."""
        for x in _walk(part):
            for name, _key, kind in KEPT:
                if isinstance(x, kind) and id(x) not in self.watched:
                    self.watched.add(id(x))
                    x.observe(lambda c, name=name: self.store.set(name, c["new"]),
                              names="kept")
                    self.store.set(name, x.kept)

    def _keep_tab(self, index: Any) -> None:
        if type(index) is int:
            self.store.set("tab", index)

    def part(self, key: str, kind: type[w.Widget]) -> Any:
        """The first ``kind`` in the tab ``key`` (its part built now if it was not yet)."""
        if key not in self.keys:
            return None
        box = self.built(self.keys.index(key))
        return next((x for x in _walk(box) if isinstance(x, kind)), None)

    def restore(self) -> None:
        """Give the parts back what the browser kept; delete what they refuse."""
        if self.following():
            return
        linked = self.linked()
        for name, key, kind in KEPT:
            kept = self.store.get(name)
            if kept is None or (linked and name == "game"):
                continue
            found = self.part(key, kind)
            if found is not None and found.kept == kept:
                continue                  # what this kernel has already (set before)
            if found is None or not found.restore(kept):
                self.store.delete(name)
        index = self.store.get("tab")
        if index is None or linked or self.tab_asked():
            return
        if type(index) is int and 0 <= index < len(self.tab.children):
            self.tab.selected_index = index
        else:
            self.store.delete("tab")


__all__ = ["KEPT", "AppKeeper"]
