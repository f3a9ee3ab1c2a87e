"""The drawn table, clickable: touch the card, pile or set itself to make a move.

A small anywidget (its front-end ships in anywidget's wheel and is served locally by
Voila or JupyterLab). The game's drawing marks what may be touched with
``data-tk-pick="<token>"``; the widget outlines the tokens that lead to a legal move
(``picks``) and sends the touched token back. Which move a token means is decided in
Python from the legal moves and the part of the table each is about, which the game
tells (``Game.move_subject``, :func:`moves_for`): the widget holds no rules and cuts no
notation. The move buttons stay, for keyboard and screen-reader users.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import anywidget
import traitlets

from ..core.moves import Move

_ESM = """
function render({ model, el }) {
  el.classList.add("tk-clickable-table");
  const draw = () => {
    el.innerHTML = model.get("value");
    const picks = new Set(model.get("picks"));
    for (const node of el.querySelectorAll("[data-tk-pick]")) {
      const token = node.getAttribute("data-tk-pick");
      if (!picks.has(token)) continue;
      node.classList.add("tk-pickable");
      node.addEventListener("click", (event) => {
        event.stopPropagation();
        model.send({ pick: token });
      });
    }
  };
  // On a phone, what a choice is about stays on screen with it: the touchable parts
  // are scrolled into view, above the moves kept at the bottom of the screen (style.CSS).
  const show = () => {
    if (!window.matchMedia("(max-width: 600px)").matches || !el.isConnected) return;
    const picks = el.querySelectorAll(".tk-pickable");
    if (!picks.length) return;
    const bar = document.querySelector(".tk-moves-row");
    const limit = bar ? bar.getBoundingClientRect().top : window.innerHeight;
    const boxes = [...picks].map((p) => [p, p.getBoundingClientRect()]);
    const top = Math.min(...boxes.map(([, r]) => r.top));
    const [lowest, low] = boxes.reduce((a, b) => (b[1].bottom > a[1].bottom ? b : a));
    if (top < 0 || low.bottom > limit) lowest.scrollIntoView({ block: "nearest" });
  };
  // (again a little later: the moves under the table are drawn after the table)
  const soon = () => { requestAnimationFrame(show); setTimeout(show, 300); };
  model.on("change:picks", soon);
  model.on("change:value", soon);
  model.on("change:value", draw);
  model.on("change:picks", draw);
  draw();
}
export default { render };
"""

_CSS = """
.tk-clickable-table { font-size: var(--jp-widgets-font-size, 13px); }
.tk-clickable-table .tk-pickable { cursor: pointer; border-radius: 8px;
  outline: 3px dashed #0072B2; outline-offset: 2px; }
.tk-clickable-table .tk-pickable:hover { outline-style: solid; background: #e8f1fb; }
@media (max-width: 600px) { .tk-clickable-table .tk-pickable { scroll-margin: 12px 0 130px; } }
"""


#: What part of the table a move is about: the game's ``move_subject`` (``core.game``).
Subject = Callable[[Move], str | None]


def tokens(moves: Iterable[Move], subject: Subject) -> list[str]:
    """Every token that may stand for one of ``moves`` on the table: the move itself, its
    argument, and the part of the table it is about (``subject``, the game's
    ``move_subject``)."""
    out: dict[str, None] = {}
    for move in moves:
        out[str(move)] = None
        if move.arg:
            out[move.arg] = None
        about = subject(move)
        if about:
            out[about] = None
    return list(out)


def moves_for(token: str, moves: Iterable[Move], subject: Subject) -> list[Move]:
    """The legal moves a touched token means: exactly the move, or the moves with that
    argument, or (when the token is only a part of the table) all moves about it."""
    moves = list(moves)
    exact = [m for m in moves if str(m) == token or m.arg == token]
    if exact:
        return exact
    return [m for m in moves if subject(m) == token]


class ClickableTable(anywidget.AnyWidget):  # type: ignore[misc, unused-ignore]
    """HTML of a drawn table (``value``) whose marked parts can be touched."""

    _esm = _ESM
    _css = _CSS
    value = traitlets.Unicode("").tag(sync=True)
    picks = traitlets.List(traitlets.Unicode(), default_value=[]).tag(sync=True)

    def __init__(self, on_pick: Callable[[str], None] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_pick = on_pick
        self.on_msg(self._message)

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        token = content.get("pick") if isinstance(content, dict) else None
        if isinstance(token, str) and token in self.picks and self.on_pick is not None:
            self.on_pick(token)

    def touch(self, token: str) -> None:
        """What a click on the token does (used by tests, which have no browser)."""
        self._message(self, {"pick": token}, [])
