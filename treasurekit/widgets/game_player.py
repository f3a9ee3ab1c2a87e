"""Play a full game against the computer: the learner's moves, the bot's, and why."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as w

from ..core.bots import Bot
from ..core.events import Event
from ..core.game import Game
from ..core.moves import Move
from ..core.registry import load_game, new_game
from .example_player import Render
from .lang import Language, button
from .move_picker import MovePicker
from .narrator import Narrator
from .style import panel


class GamePlayer(w.VBox):
    """The learner (seat 0) against a bot; the dealer resolves chance with the seed."""

    def __init__(self, game: str, lang: Language, render: Render,
                 bots: dict[str, Callable[[], Bot]], variants: tuple[str, ...],
                 seed: int = 1) -> None:
        super().__init__()
        self.name, self.lang, self.render_table, self.bots = game, lang, render, bots
        self.add_class("tk-play")
        self.variant = w.Dropdown(options=variants, value=variants[0])
        self.level = w.Dropdown(options=list(bots), value=list(bots)[-1])
        self.seed = w.BoundedIntText(value=seed, min=0, max=10**9, layout=w.Layout(width="8em"))
        self.start = button("play", "tk-new-game", self.new, button_style="primary")
        self.takeback = button("undo", "tk-takeback", self.take_back,
                               layout=w.Layout(width="auto"))
        self.status = w.HTML()
        self.table = w.HTML()
        self.picker = MovePicker(game, lang, self.human_move)
        self.narrator = Narrator(lang, limit=6)
        self.children = [w.HBox([self.variant, self.level, self.seed, self.start],
                                layout=w.Layout(flex_flow="row wrap", gap="6px")),
                         self.status,
                         w.HBox([self.picker, self.takeback],
                                layout=w.Layout(flex_flow="row wrap", gap="12px")),
                         w.HBox([self.table, self.narrator],
                                layout=w.Layout(flex_flow="row wrap", gap="10px",
                                                align_items="flex-start"))]
        self.table.layout = w.Layout(flex="3 1 560px")
        self.narrator.layout = w.Layout(flex="2 1 320px")
        lang.on_change(self.rename)
        self.new()

    def new(self) -> None:
        names = [self.lang.t("widgets.you"), self.lang.t("widgets.computer")]
        self.game: Game[Any] = new_game(self.name, names, self.seed.value, self.variant.value)
        self.bot = self.bots[self.level.value]()
        self.rng = random.Random(self.seed.value)
        self.marks: list[int] = []
        self.narrator.clear()
        self.narrator.show(self.advance())
        self.refresh()

    def rename(self) -> None:
        """Rename "You"/"Computer" in the new language by replaying the game's save."""
        names = [self.lang.t("widgets.you"), self.lang.t("widgets.computer")]
        if list(self.game.players) != names:
            data = json.loads(self.game.to_json())
            data["players"] = names
            self.game = load_game(json.dumps(data))
            self.narrator.show(self.game.events[-8:], replace=True)
        self.refresh()

    def human_move(self, move: Move) -> None:
        if self.game.current_player != 0:
            return
        self.marks.append(len(self.game.history))
        events = self.game.play(move)
        self.narrator.show(events + self.advance())
        self.refresh()

    def advance(self) -> list[Event]:
        """Let the dealer and the bot act until the learner must decide or the game ends."""
        events: list[Event] = []
        g = self.game
        while not g.is_over and g.current_player != 0:
            if g.is_chance:
                events += g.deal()
            else:
                events += g.play(self.bot.choose(g.view(1), self.rng))
        return events

    def take_back(self) -> None:
        if not self.marks:
            return
        mark = self.marks.pop()
        while len(self.game.history) > mark:
            self.game.undo()
        self.narrator.show([], replace=True)
        self.refresh()

    def refresh(self) -> None:
        t, g = self.lang.t, self.game
        self.start.description = t("widgets.new_game")
        self.takeback.description = t("widgets.take_back")
        self.takeback.disabled = not self.marks
        self.variant.description = t("widgets.variant")
        self.variant.options = [(t(f"{self.name}.variant.{v}"), v) for v in g.variants]
        self.variant.value = g.variant
        self.level.description = t("widgets.opponent")
        # New options reset a Dropdown to its first entry: keep the chosen opponent.
        levels = tuple((t(f"widgets.bot.{b}"), b) for b in self.bots)
        if tuple(self.level.options) != levels:
            level = self.level.value
            self.level.options = levels
            self.level.value = level
        self.seed.description = t("widgets.seed")
        if g.is_over:
            scores = g.scores()
            winners = g.winners()
            who = (t("widgets.you_win") if winners == [0] else t("widgets.computer_wins")
                   if winners == [1] else t("widgets.shared_win"))
            status = f'<p class="tk-status tk-over"><b>{escape(who)}</b> ' + escape(
                t("widgets.final_score", you=scores[0], computer=scores[1])) + "</p>"
        else:
            status = f'<p class="tk-status">{escape(t("widgets.your_turn"))}</p>'
        self.status.value = panel(t("widgets.game"), status)
        self.table.value = self.render_table(g, self.lang, 0)
        self.picker.update(g.legal_moves() if g.current_player == 0 else [])
