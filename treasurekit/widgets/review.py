"""Look back at a game, and keep it: a step-by-step review and a save file.

Shared by every game's "Play" tab. The review replays the finished game from its first
move, one decision at a time (the dealer's chance outcomes come with the move they
follow), drawing the whole table at each step with the events and their reasons, as
Board Game Arena's replay does. The save file is the engine's own ``to_json``; a file
the engine refuses (``InvalidSave``) is reported and changes nothing.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as w

from ..core.errors import InvalidSave
from ..core.events import Event
from ..core.game import Game
from ..core.i18n import Message
from ..core.registry import load_game
from .example_player import Render
from .lang import Language, button
from .narrator import Narrator
from .style import panel

#: Optional picture of a step's events above the table (e.g. a revealed trick).
Recap = Callable[[list[Event], Language, int | None], str]


def from_start(game: Game[Any]) -> Game[Any]:
    """A copy of ``game`` at its start (same set-up, no step played): its save without
    the moves, so nothing is replayed only to be taken back."""
    data = json.loads(game.to_json())
    data["moves"] = []
    return load_game(json.dumps(data))


def decision_steps(game: Game[Any]) -> list[int]:
    """Positions in ``game.history`` a review stops at: after the opening chance outcomes,
    then after each decision together with the chance outcomes that follow it."""
    replay = from_start(game)
    stops: list[int] = []
    moves = list(game.history)
    at = 0
    while at < len(moves) and replay.is_chance:
        replay.play(moves[at])
        at += 1
    stops.append(at)
    while at < len(moves):
        replay.play(moves[at])
        at += 1
        while at < len(moves) and replay.is_chance:
            replay.play(moves[at])
            at += 1
        stops.append(at)
    return stops


class GameReview(w.VBox):
    """⏮ ◀ ▶ ⏭ through a finished game: the table at each step and what happened, why."""

    def __init__(self, lang: Language, render: Render, recap: Recap | None = None) -> None:
        super().__init__()
        self.lang, self.render_table, self.recap = lang, render, recap
        self.add_class("tk-review")
        self.head = w.HTML()
        self.first = button("fast-backward", "tk-review-first", lambda: self.go(0))
        self.back = button("step-backward", "tk-review-back", lambda: self.go(self.index - 1))
        self.forward = button("step-forward", "tk-review-forward",
                              lambda: self.go(self.index + 1))
        self.last = button("fast-forward", "tk-review-last",
                           lambda: self.go(len(self.stops) - 1))
        self.recap_box = w.HTML()
        self.table = w.HTML()
        self.table.add_class("tk-review-table")
        self.narrator = Narrator(lang, limit=1)
        self.narrator.remove_class("tk-narrator")   # the game's own log stays the only one
        self.narrator.add_class("tk-review-log")
        nav = w.HBox([self.first, self.back, self.forward, self.last])
        nav.add_class("tk-review-nav")
        self.recap_box.add_class("tk-review-recap")
        self.children = [self.head, nav, self.recap_box,
                         w.HBox([self.table, self.narrator],
                                layout=w.Layout(flex_flow="row wrap",
                                                align_items="flex-start"))]
        self.table.layout = w.Layout(flex="3 1 560px")
        self.narrator.layout = w.Layout(flex="2 1 320px")
        self.game: Game[Any] | None = None
        self.stops: list[int] = [0]
        self.index = 0
        lang.on_change(self.refresh)

    def review(self, game: Game[Any]) -> None:
        """Review ``game`` from its first move."""
        self.moves = list(game.history)
        self.stops = decision_steps(game)
        self.game = from_start(game)
        self.go(0)

    def go(self, index: int) -> None:
        if self.game is None:
            return
        self.index = max(0, min(index, len(self.stops) - 1))
        target = self.stops[self.index]
        g = self.game
        while len(g.history) > target:
            g.undo()
        while len(g.history) < target:
            g.play(self.moves[len(g.history)])
        self.refresh()

    def step_events(self) -> list[Event]:
        """What happened in the step shown (the moves since the step before)."""
        if self.game is None:
            return []
        start = self.stops[self.index - 1] if self.index else 0
        return [e for batch in self.game.log[start:] for e in batch]

    def refresh(self) -> None:
        t = self.lang.t
        last = len(self.stops) - 1
        self.head.value = panel(t("learner.review.title"),
                                f'<p class="tk-review-step">'
                                f'{escape(t("learner.review.step", step=self.index, total=last))}'
                                "</p>")
        self.first.description = t("learner.review.first")
        self.back.description = t("widgets.back")
        self.forward.description = t("widgets.forward")
        self.last.description = t("learner.review.last")
        self.first.disabled = self.back.disabled = self.index == 0
        self.forward.disabled = self.last.disabled = self.index >= last
        if self.game is None:
            return
        events = self.step_events()
        self.narrator.show(events, replace=True)
        self.recap_box.value = self.recap(events, self.lang, None) if self.recap else ""
        self.table.value = self.render_table(self.game, self.lang, None)


class SaveLoad(w.VBox):
    """A download link for the game's save file, and an upload (or pasted text) to load
    one; ``on_load`` receives the loaded game. Refused files change nothing."""

    def __init__(self, game_name: str, lang: Language,
                 on_load: Callable[[Game[Any]], None]) -> None:
        super().__init__()
        self.name, self.lang, self.on_load = game_name, lang, on_load
        self.add_class("tk-files")
        self.link = w.HTML()
        self.upload = w.FileUpload(accept=".json,application/json", multiple=False)
        self.upload.add_class("tk-upload")
        self.upload.observe(lambda _c: self._uploaded(), names="value")
        self.text = w.Textarea(layout=w.Layout(width="100%", height="5em"))
        self.text.add_class("tk-save-text")
        self.load_text = button("folder-open", "tk-load-text",
                                lambda: self.load(self.text.value))
        self.message = w.HTML()
        self.message.add_class("tk-files-message")
        self.children = [w.HBox([self.link, self.upload, self.load_text],
                                layout=w.Layout(flex_flow="row wrap", align_items="center")),
                         self.text, self.message]
        self.save_text = ""
        self._message: tuple[str, dict[str, Any]] | None = None
        lang.on_change(self.refresh)

    def offer(self, game: Game[Any]) -> None:
        """Offer ``game``'s save file for download."""
        self.save_text = game.to_json()
        self.refresh()

    def _uploaded(self) -> None:
        files = self.upload.value
        if not files:
            return
        self.load(bytes(files[0]["content"]))   # the engine refuses what is not UTF-8

    def load(self, text: str | bytes) -> None:
        """Load a save; the engine checks every move. A refused file changes nothing."""
        try:
            game = load_game(text)
        except InvalidSave as err:
            self._say("learner.files.bad", error=err)
            return
        if game.name != self.name:
            self._say("learner.files.other_game", game=Message.of(f"{game.name}.title"))
            return
        self.on_load(game)
        self._say("learner.files.loaded")

    def _say(self, key: str, **params: Any) -> None:
        self._message = (key, params)
        self.refresh()

    def refresh(self) -> None:
        t = self.lang.t
        data = base64.b64encode(self.save_text.encode("utf-8")).decode("ascii")
        self.link.value = (f'<a class="tk-download" download="{self.name}-game.json" '
                           f'href="data:application/json;base64,{data}">'
                           f'{escape(t("learner.files.download"))}</a>')
        self.upload.description = t("learner.files.upload")
        self.load_text.description = t("learner.files.load_text")
        self.text.placeholder = t("learner.files.paste")
        if self._message is None:
            self.message.value = ""
        else:
            key, params = self._message
            css = "tk-bad" if key != "learner.files.loaded" else "tk-good"
            self.message.value = f'<p class="{css}">{escape(t(key, **params))}</p>'
