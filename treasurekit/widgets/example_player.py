"""Step forward and back through a rulebook example, narrated in the current language."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as w

from ..core.game import Game
from ..core.teaching import Example
from .lang import Language
from .narrator import Narrator
from .style import panel

Render = Callable[[Game[Any], Language, int | None], str]


class ExamplePlayer(w.VBox):
    """Buttons ◀ ▶ ⟲, the table after the current step, and the step's events."""

    def __init__(self, example: Example, lang: Language, render: Render) -> None:
        super().__init__()
        self.example, self.lang, self.render_table = example, lang, render
        self.add_class("tk-example")
        self.head = w.HTML()
        self.table = w.HTML()
        self.caption = w.HTML()
        self.narrator = Narrator(lang)
        self.back = w.Button(icon="step-backward")
        self.forward = w.Button(icon="step-forward")
        self.restart = w.Button(icon="undo")
        for b, cls in ((self.back, "tk-back"), (self.forward, "tk-forward"),
                       (self.restart, "tk-restart")):
            b.add_class(cls)
        self.back.on_click(lambda _b: self.step_back())
        self.forward.on_click(lambda _b: self.step_forward())
        self.restart.on_click(lambda _b: self.reset())
        self.children = [self.head, w.HBox([self.restart, self.back, self.forward]),
                         self.caption, self.table, self.narrator]
        lang.on_change(self.refresh)
        self.reset()

    def reset(self) -> None:
        self.game = self.example.start()
        self.index = 0
        self.batches: list[list[Any]] = []
        self.refresh()

    def step_forward(self) -> None:
        if self.index < len(self.example.steps):
            self.batches.append(self.example.play_step(self.game, self.index))
            self.index += 1
            self.refresh()

    def step_back(self) -> None:
        if self.index:
            for _ in self.example.steps[self.index - 1].moves:
                self.game.undo()
            self.batches.pop()
            self.index -= 1
            self.refresh()

    def refresh(self) -> None:
        t, ex, n = self.lang.t, self.example, len(self.example.steps)
        self.head.value = (f"<h3>{escape(ex.title(self.lang.code))}</h3>"
                           f"<p>{escape(ex.intro(self.lang.code))}</p>")
        self.back.description = t("widgets.back")
        self.forward.description = t("widgets.forward")
        self.restart.description = t("widgets.restart")
        self.back.disabled = self.index == 0
        self.forward.disabled = self.index == n
        if self.index == 0:
            text = t("widgets.example_start")
        else:
            text = ex.steps[self.index - 1].caption.text(self.lang.code)
        if self.index == n:
            text += " " + ex.outcome(self.game).text(self.lang.code)
        step = t("widgets.step_of", step=self.index, total=n)
        self.caption.value = panel(step, f'<p class="tk-step-caption">{escape(text)}</p>')
        self.table.value = self.render_table(self.game, self.lang, None)
        self.narrator.batches = self.batches[-1:] if self.batches else []
        self.narrator.render()
