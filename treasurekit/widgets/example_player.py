"""Step forward and back through a rulebook example, narrated in the current language."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from html import escape
from typing import Any, Protocol

import ipywidgets as w

from ..core.events import Event
from ..core.game import Game
from ..core.teaching import Example
from .lang import Language, button, relabel
from .narrator import Narrator
from .style import panel, rule_badge


class Render(Protocol):
    """Draws a game's table as one seat (or, with ``None``, a spectator) sees it.

    ``hide`` names figures a lesson question asks for (``"scores"``, ``"pressure"``): the
    drawing leaves them out until the learner has answered.
    """

    def __call__(self, game: Game[Any], lang: Language, seat: int | None = None, /,
                 hide: Collection[str] = ()) -> str: ...


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
        self.back = button("step-backward", "tk-back", self.step_back)
        self.forward = button("step-forward", "tk-forward", self.step_forward)
        self.restart = button("undo", "tk-restart", self.reset)
        nav = w.HBox([self.restart, self.back, self.forward])
        self.children = [self.head, nav, self.caption, self.table, self.narrator]
        # named parts, so that a layout (presenter mode) places them whatever their order
        for part, name in ((self.head, "head"), (nav, "nav"), (self.caption, "caption"),
                           (self.table, "table")):
            part.add_class(f"tk-ex-{name}")
        lang.on_change(self.refresh)
        self.reset()

    def reset(self) -> None:
        self.game = self.example.start()
        self.index = 0
        self.refresh()

    def step_forward(self) -> None:
        if self.index < len(self.example.steps):
            self.example.play_step(self.game, self.index)
            self.index += 1
            self.refresh()

    def step_back(self) -> None:
        if self.index:
            for _ in self.example.steps[self.index - 1].moves:
                self.game.undo()
            self.index -= 1
            self.refresh()

    def refresh(self) -> None:
        t, ex, n = self.lang.t, self.example, len(self.example.steps)
        badge = rule_badge(ex.game, ex.section, ex.rule(self.lang.code), t("widgets.rules.open"))
        self.head.value = (f"<h3>{escape(ex.title(self.lang.code))}</h3>"
                           f"<p>{badge} {escape(ex.intro(self.lang.code))}</p>")
        self.back.description = t("widgets.back")
        self.forward.description = t("widgets.forward")
        self.restart.description = t("widgets.restart")
        self.back.disabled = self.index == 0
        self.forward.disabled = self.index == n
        # (a live class's students follow the teacher: no Forward for them, no hint)
        hint = (f' <span class="tk-forward-hint">{escape(t("widgets.example_forward"))}</span>'
                if self.index == 0 and n else "")
        if self.index == 0:
            text = t("widgets.example_start")
        else:
            text = ex.steps[self.index - 1].caption.text(self.lang.code)
        if self.index == n:
            text += " " + ex.outcome(self.game).text(self.lang.code)
        step = t("widgets.step_of", step=self.index, total=n)
        self.caption.value = panel(step, f'<p class="tk-step-caption">{escape(text)}{hint}</p>')
        self.table.value = self.render_table(self.game, self.lang, None)
        self.narrator.show(self._step_events(), replace=True)

    def _step_events(self) -> list[Event]:
        """The events of the step just played, read back from the game's log."""
        if not self.index:
            return []
        moves = len(self.example.steps[self.index - 1].moves)
        return [e for batch in self.game.log[-moves:] for e in batch]


class ExampleChooser(w.VBox):
    """One button per rulebook example and the chosen example's player: one example on
    the page at a time, in every game (with a single example, just its player)."""

    def __init__(self, examples: Sequence[Example], lang: Language, render: Render) -> None:
        super().__init__()
        self.lang = lang
        self.players = []
        for ex in examples:
            player = ExamplePlayer(ex, lang, render)
            player.add_class(f"tk-example-{ex.key}")
            self.players.append(player)
        self.pick = w.ToggleButtons(options=list(range(len(examples))), value=0,
                                    style={"button_width": "auto"})
        self.pick.add_class("tk-example-pick")
        self.pick.layout.display = "" if len(examples) > 1 else "none"
        self.pick.observe(lambda _c: self._show(), names="value")
        lang.on_change(self._labels)
        self._labels()
        self._show()

    def _labels(self) -> None:
        relabel(self.pick, [(p.example.title(self.lang.code), i)
                             for i, p in enumerate(self.players)])

    def _show(self) -> None:
        self.children = [self.pick, self.players[self.pick.value or 0]]
