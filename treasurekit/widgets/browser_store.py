"""A small key -> JSON store kept in the learner's own browser (``localStorage``).

What a learner was doing (the game in play, the lesson step, the open tab) lives in the
kernel, and a kernel can die: the server restarts, the machine runs short of memory, the
page reloads. The store keeps a copy in the browser, under one ``localStorage`` key per
app, so the next page of the same app carries on where the last one was
(``widgets/keep.py`` decides what an app keeps).

The protocol, in custom messages of a tiny anywidget (its front-end ships in anywidget's
wheel and is served locally):

- when its model is created in the page, the browser sends what it holds under the key
  (``{"hello": text}``, ``None`` if nothing);
- the kernel reads it (bounded, checked: a value that is too long, not JSON, or not an
  object of short names is ignored and cleared, never an exception), hands it to the
  callbacks given to :meth:`BrowserStore.on_restore`, and from then on sends every change
  (``{"write": text}``; ``None`` clears the key).

Nothing is written before the browser has spoken, so a new kernel never overwrites what
the browser kept. The whole value is at most :data:`LIMIT` characters (ASCII JSON, so
the browser and the kernel count alike); a change that would make it longer is refused.
Where there is no browser (nbval, plain Python) nothing is sent.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

from ..core.errors import InvalidSave
from ..core.saves import loads

#: At most this many characters under one key (the browser allows about 5 MB per site).
LIMIT = 256 * 1024
#: A stored name: short, plain.
NAME = re.compile(r"[a-z][a-z0-9_.-]{0,39}")
#: At most this many names under one key.
MAX_NAMES = 32

_ESM = """
function initialize({ model }) {
  const key = model.get("key"), LIMIT = model.get("limit");
  let storage = null;
  try { storage = window.localStorage; } catch (e) { storage = null; }  // blocked
  const write = (text) => {
    if (!storage) return;
    try {
      if (typeof text === "string" && text.length <= LIMIT) storage.setItem(key, text);
      else storage.removeItem(key);
    } catch (e) { /* full or blocked: the app works without it */ }
  };
  model.on("msg:custom", (msg) => {
    if (msg && typeof msg === "object" && Object.hasOwn(msg, "write")) write(msg.write);
  });
  let text = null;
  try { text = storage ? storage.getItem(key) : null; } catch (e) { text = null; }
  if (typeof text === "string" && text.length > LIMIT) { write(null); text = null; }
  model.send({ hello: text });
}

function render({ el }) { el.style.display = "none"; }

export default { initialize, render };
"""


class BrowserStore(anywidget.AnyWidget):  # type: ignore[misc, unused-ignore]
    """Named JSON values kept under one ``localStorage`` key of the learner's browser.

    >>> store = BrowserStore("treasurekit.example")
    >>> store.set("step", 3)
    True
    >>> store.hello('{"step": 5, "tab": 2}')   # what the browser kept wins
    >>> store.get("step"), store.get("tab")
    (5, 2)
    >>> store.hello("[1, 2")                   # a second page of the same kernel
    >>> store.written == store.text()          # ...is sent what the kernel holds
    True
    """

    _esm = _ESM
    key = traitlets.Unicode("").tag(sync=True)
    limit = traitlets.Int(LIMIT, read_only=True).tag(sync=True)

    def __init__(self, key: str, **kwargs: Any) -> None:
        if not key.startswith("treasurekit.") or not NAME.fullmatch(key.split(".", 1)[1]):
            raise ValueError(f"not a store key: {key!r}")
        super().__init__(key=key, **kwargs)
        self.add_class("tk-browser-store")
        self._data: dict[str, Any] = {}
        self._restore: list[Callable[[], None]] = []
        self.heard = False              # the browser has said what it holds
        self.written: str | None = None  # the text last sent to the browser
        self.on_msg(self._message)

    # ---- the kernel's side ---------------------------------------------------------
    def get(self, name: str, default: Any = None) -> Any:
        return self._data.get(name, default)

    def names(self) -> list[str]:
        return list(self._data)

    def set(self, name: str, value: Any) -> bool:
        """Keep ``value`` (plain JSON data) under ``name``; False, and nothing kept under
        that name, if the whole would exceed :data:`LIMIT` characters."""
        if not NAME.fullmatch(name):
            raise ValueError(f"not a store name: {name!r}")
        if self._data.get(name, _MISSING) == value:
            return True
        data = {**self._data, name: value}
        fits = len(data) <= MAX_NAMES and len(_dump(data)) <= LIMIT
        if fits:
            self._data = data
        else:
            self._data.pop(name, None)
        self._sync()
        return fits

    def delete(self, name: str) -> None:
        if self._data.pop(name, _MISSING) is not _MISSING:
            self._sync()

    def text(self) -> str | None:
        """What the browser should hold: the JSON text, or None for nothing."""
        return _dump(self._data) if self._data else None

    def on_restore(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` once the browser has said what it kept (read it with
        :meth:`get`; delete what does not fit the app any more); at once if it has
        already (a part built after the page loaded: a pool kernel's ``?join=``)."""
        self._restore.append(callback)
        if self.heard:
            callback()

    # ---- the browser's side --------------------------------------------------------
    def hello(self, text: Any) -> None:
        """The browser's first message: what it kept under the key (None if nothing).

        The first one restores (what the browser kept wins over what the kernel set
        before); a later one (a second page of the same kernel) is sent what the
        kernel holds.
        """
        if self.heard:
            self._sync(force=True)
            return
        self.heard = True
        kept = _read(text)
        self._data = {**self._data, **kept}
        for callback in self._restore:
            callback()
        self._sync(force=True)

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and "hello" in content:
            self.hello(content["hello"])

    def _sync(self, force: bool = False) -> None:
        if not self.heard:
            return
        text = self.text()
        if force or text != self.written:
            self.written = text
            self.send({"write": text})


_MISSING = object()


def _dump(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=True, allow_nan=False)


def _read(text: Any) -> dict[str, Any]:
    """The names and values of a stored text; {} for nothing, or for anything that is not
    what this store writes (too long, not JSON, not an object of short names)."""
    if not isinstance(text, str) or len(text) > LIMIT:
        return {}
    try:
        data = loads(text, "stored value")
    except InvalidSave:
        return {}
    if (not isinstance(data, dict) or len(data) > MAX_NAMES
            or not all(NAME.fullmatch(name) for name in data)):
        return {}
    return data


__all__ = ["LIMIT", "BrowserStore"]
