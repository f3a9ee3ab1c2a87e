"""Buttons for the legal moves of the player to decide."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import ipywidgets as w

from ..core.i18n import has
from ..core.moves import Move
from .lang import Language


def move_label(game: str, move: Move, lang: Language) -> str:
    """Readable label of a move: ``{game}.move.{kind}.{arg}`` or ``{game}.move.{kind}``."""
    exact = f"{game}.move.{move.kind}.{move.arg}"
    if move.arg and has(exact):
        return lang.t(exact)
    return lang.t(f"{game}.move.{move.kind}", arg=move.arg)


class MovePicker(w.HBox):
    """One button per legal move; clicking calls ``on_move(move)``."""

    def __init__(self, game: str, lang: Language, on_move: Callable[[Move], None],
                 label: Callable[[Move, Language, dict[str, Any] | None], str] | None = None
                 ) -> None:
        super().__init__(layout=w.Layout(flex_flow="row wrap"))
        self.add_class("tk-gap-6")
        self.game, self.lang, self.on_move = game, lang, on_move
        self.label = label or (lambda move, lang, _view: move_label(game, move, lang))
        self.view: dict[str, Any] | None = None
        self.moves: list[Move] = []
        self.buttons: list[w.Button] = []
        self.add_class("tk-moves")
        lang.on_change(self._render)

    def select(self, token: str, meant: Iterable[Move]) -> None:
        """A part of the table touched (``token``) that stands for several moves, ``meant``
        (e.g. a treasure type in the hand: place one, two ...): those buttons are picked
        out, the rest dimmed."""
        chosen = {str(m) for m in meant}
        for b in self.buttons:
            b.button_style = "primary" if b.tooltip in chosen else ""
            (b.remove_class if b.tooltip in chosen or not chosen else b.add_class)("tk-dim")

    def update(self, moves: list[Move], view: dict[str, Any] | None = None) -> None:
        """Offer ``moves``; ``view`` (the mover's) lets a game word its labels."""
        self.moves = list(moves)
        self.view = view
        self._render()

    def _render(self) -> None:
        if [b.tooltip for b in self.buttons] == [str(m) for m in self.moves]:
            for b, move in zip(self.buttons, self.moves, strict=True):  # same moves: relabel
                b.description = self.label(move, self.lang, self.view)
            return
        old = self.buttons
        buttons = []
        for move in self.moves:
            b = w.Button(description=self.label(move, self.lang, self.view),
                         tooltip=str(move), layout=w.Layout(width="auto"))
            b.add_class("tk-move")
            b.add_class("tk-move-" + str(move).replace(":", "-").replace("/", "-")
                        .replace("+", "-").replace(",", "-"))
            b.on_click(lambda _b, m=move: self.on_move(m))
            buttons.append(b)
        self.buttons = buttons
        self.children = buttons
        for b in old:  # replaced buttons would otherwise live on in kernel and browser
            b.close()
