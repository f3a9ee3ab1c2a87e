"""The teacher's toolkit in every app: presenter mode, a table builder, share, review.

:func:`equip` is called by :func:`~treasurekit.widgets.app.app_frame`, so every app built
with the shared frame (and a :class:`GamePlayer` tab) gets, with no code of its own:

- the presenter switch and keys (``presenter.py``), and ``?present=1``;
- a "For teachers" tab: the position editor (when ``editor_specs`` has a spec for the
  game), "Share this table" (code, link, QR), and "Load and review" (a share code or a
  save file, stepped through with the events' reasons, using the review widget of the
  Play tab);
- "Start a live class" in the presenter bar, on a server that keeps a class store
  (``live.py``); the full-screen QR code is then the class's join link;
- ``?position=CODE`` opens that table in the Play tab (a student lands on the table in
  play; the teacher's tab holds it too); a code the engine refuses shows its reason and
  the app is otherwise as usual. ``?s=<id>`` (a short link, ``share.py``) opens the
  table the class store keeps under that id the same way; an id it does not know says
  so. Read through ``viewer.on_viewer``: the same from a kernel of the preheated pool.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any
from urllib.parse import urlencode

import ipywidgets as w

from ..classroom import ClassAPI
from ..classroom.config import class_store
from ..core.errors import InvalidSave, TreasureKitError
from ..core.game import Game
from ..core.i18n import Message
from ..core.share import load_code_or_save, share_code
from .editor import PositionEditor
from .editor_specs import spec_for
from .game_player import SEAT_NAMES, GamePlayer
from .lang import Language, button
from .live import LiveClass
from .move_picker import MovePicker
from .presenter import PRESENT_CSS, Presenter, asks_presenter
from .review import GameReview
from .share import (
    QR_SCREEN_CSS,
    QrScreen,
    SharePanel,
    app_address,
    open_shared,
    open_short,
)
from .style import panel
from .viewer import on_viewer


def read_code(text: str) -> Game[Any]:
    """A game from a share code (``tk2.…``, or ``tk1.…``) or a save file's text; InvalidSave
    if neither."""
    return load_code_or_save(text)


class TeacherPanel(w.VBox):
    """Build a table, share it, load a game or code and review it step by step (a long
    link's table shared through ``store`` under a short id, when there is one)."""

    def __init__(self, game: str, lang: Language, player: GamePlayer,
                 open_play: Callable[[], None], store: ClassAPI | None = None) -> None:
        super().__init__()
        self.name, self.lang, self.player, self.open_play = game, lang, player, open_play
        self.add_class("tk-teacher")
        self.share = SharePanel(lang, store)
        spec = spec_for(game)
        self.editor = (PositionEditor(spec, lang, player.render_table,
                                      lambda n: list(SEAT_NAMES[:n]), self.play_from,
                                      self.share.show) if spec is not None else None)
        if self.editor is not None:
            pickers = [x for x in _walk(player.picker) if isinstance(x, MovePicker)]
            self.editor.move_label = pickers[0].label if pickers else None
        self.share_game = button("share-alt", "tk-share-game", self.share_play)
        self.head = w.HTML()
        self.code = w.Textarea(layout=w.Layout(width="100%", height="4em"))
        self.code.add_class("tk-review-code")
        self.load_button = button("folder-open", "tk-review-load",
                                  lambda: self.open_text(self.code.value))
        self.message = w.HTML()
        self.message.add_class("tk-teacher-message")
        self.review = GameReview(lang, player.render_table, player.recap)
        self.review.layout.display = "none"
        parts: list[w.Widget] = [self.message]
        if self.editor is not None:
            parts.append(self.editor)
        parts += [self.share, w.HBox([self.share_game]), self.head, self.code,
                  self.load_button, self.review]
        self.children = parts
        self._message: tuple[str, dict[str, Any]] | None = None
        lang.on_change(self.refresh)
        self.refresh()

    def play_from(self, game: Game[Any]) -> None:
        """"Play from here": the Play tab carries on from this table."""
        self.player.load(game)
        self.open_play()

    def share_play(self) -> None:
        """Share the game of the Play tab, with every move so far."""
        self.share.show(self.player.game)

    def open_text(self, text: str) -> None:
        try:
            game = read_code(text)
        except InvalidSave as err:
            self.say("teacher.load.bad", error=err)
            return
        self.show_game(game)

    def show_game(self, game: Game[Any]) -> None:
        """Show a shared or loaded game: a table without moves goes into the editor,
        a game with moves into the step-by-step review (from its start)."""
        if game.name != self.name:
            self.say("teacher.load.other_game", game=Message.of(f"{game.name}.title"))
            return
        if not game.history and game.position is not None and self.editor is not None:
            self.editor.load(dict(game.position))
            self.review.layout.display = "none"
        else:
            self.review.layout.display = ""
            self.review.review(game)
        self.share.show(game)
        self.say("teacher.load.opened")

    def say(self, key: str, **params: Any) -> None:
        self._message = (key, params)
        self.refresh()

    def refresh(self) -> None:
        t = self.lang.t
        self.share_game.description = t("teacher.share.play_game")
        self.head.value = panel(t("teacher.load.title"),
                                f'<p>{escape(t("teacher.load.intro"))}</p>')
        self.code.placeholder = t("teacher.load.placeholder")
        self.load_button.description = t("teacher.load.button")
        if self._message is None:
            self.message.value = ""
        else:
            key, params = self._message
            css = "tk-good" if key == "teacher.load.opened" else "tk-bad"
            self.message.value = f'<p class="{css}">{escape(t(key, **params))}</p>'


def equip(game: str, lang: Language, tabs: list[tuple[str, Any]], tab: w.Tab,
          app: w.Box) -> tuple[list[w.Widget], Presenter]:
    """Add presenter mode and the teacher's tab to an app frame; follow ``?present=`` and
    ``?position=`` (at once, and from a pool kernel when the viewer arrives: viewer.py).
    Returns the widgets to put above the tabs, and the presenter (its ``bar`` goes into
    the header, its ``help`` just above the tabs). ``app.linked`` tells whether a
    ``?position=`` link opened a table (the page then keeps it, not what the browser kept).
    """
    play_index = next((i for i, (key, _) in enumerate(tabs) if key == "widgets.tab.play"), None)
    holder = w.VBox()
    teacher: list[TeacherPanel] = []
    shared_code: list[str] = []         # a shared table the teacher's tab shows when built

    def player() -> GamePlayer:
        """The Play tab's game player (built now if its tab was never opened)."""
        assert play_index is not None
        box = tab.children[play_index]
        part = tabs[play_index][1]
        if isinstance(part, GamePlayer):
            return part
        if not box.children:
            box.children = [part()]
        return next(x for x in _walk(box) if isinstance(x, GamePlayer))

    def build() -> TeacherPanel:
        if not teacher:
            teacher.append(TeacherPanel(game, lang, player(),
                                        lambda: setattr(tab, "selected_index", play_index),
                                        store))
            holder.children = [teacher[0]]
            show_shared()
        return teacher[0]

    def show_shared() -> None:
        """The shared table in the teacher's tab too (a game of its own: the Play tab's
        moves do not change it)."""
        again, _ = open_shared(shared_code[-1]) if shared_code else (None, None)
        if teacher and again is not None:
            teacher[0].show_game(again)

    if play_index is not None:
        tabs.append(("teacher.tab", holder))
        tab.children = [*tab.children, holder]
        teacher_index = len(tab.children) - 1
        tab.observe(lambda c: build() if c["new"] == teacher_index else None,
                    names="selected_index")

    def current() -> w.Widget | None:
        i = tab.selected_index
        return tab.children[i] if i is not None and i < len(tab.children) else None

    presenter = Presenter(app, tab, lang, current)
    # a live class, on a server that keeps a class store (live.py)
    store = class_store()
    live = LiveClass(game, lang, store, presenter) if store is not None else None
    if live is not None:
        presenter.bar.children = [*presenter.bar.children, live.start_button]
    app.live = live
    notice = w.HTML()
    notice.add_class("tk-shared-notice")
    app.linked = False

    def refuse(error: TreasureKitError | None, other: str | None) -> None:
        def say() -> None:        # again at a language switch, in the new language
            reason = (lang.t("teacher.load.other_game", game=lang.t(f"{other}.title"))
                      if other is not None else error)
            notice.value = (f'<p class="tk-bad tk-shared-error">'
                            f'{escape(lang.t("teacher.load.bad", error=reason))}</p>')
        lang.on_change(say)
        say()

    def open_position(code: str) -> None:
        """A shared table: the Play tab carries on from it (a finished game opens in its
        review); the teacher's tab holds it too, a tab away."""
        shared, error = open_shared(code)
        other = shared.name if shared is not None and shared.name != game else None
        if error is not None or other is not None or shared is None:
            refuse(error, other)
            return
        if play_index is None:
            return
        app.linked = True
        shared_code.append(code)
        show_shared()
        play = player()
        play.load(shared)
        if shared.is_over:
            play.open_review()
        tab.selected_index = play_index

    def open_kept(short: str) -> None:
        """A short link: the table the class store keeps under ``short``, as if its code
        had been in the link."""
        code, error = open_short(short, store)
        if code is None:
            refuse(error, None)
            return
        open_position(code)

    opened: set[tuple[str, str]] = set()

    def follow(params: dict[str, str]) -> None:
        for name, open_it in (("position", open_position), ("s", open_kept)):
            value = params.get(name)
            if value is not None and (name, value) not in opened:
                opened.add((name, value))
                open_it(value)
        if asks_presenter(params):
            presenter.set(True)

    on_viewer(follow)

    def link() -> str:
        """The live class's join link, the shared table's link (or, before anything is
        shared, the page's own), as the class reaches it."""
        if live is not None and live.live:
            return live.join_link()
        if teacher and teacher[0].share.code:
            return teacher[0].share.link
        here = app_address()
        return here + "?" + urlencode({"lang": lang.code}) if here else ""

    def table_shown() -> str:
        """The share code of the table the teacher's tab shows, while it is on screen."""
        on_screen = play_index is not None and teacher and tab.selected_index == teacher_index
        return teacher[0].share.code if on_screen else ""

    def open_table(code: str) -> GamePlayer | None:
        """A live class's shared table: the Play tab carries on from it (None: refused)."""
        shared, error = open_shared(code)
        if error is not None or shared is None or shared.name != game or play_index is None:
            return None
        play = player()
        play.load(shared)
        tab.selected_index = play_index
        return play

    def show_table(code: str) -> GamePlayer | None:
        """A live class taken back on a shared table: the teacher's tab shows it again
        (and shares the same code), the Play tab carries on from it (None: refused)."""
        shared, error = open_shared(code)
        if error is not None or shared is None or shared.name != game or play_index is None:
            return None
        play = player()
        play.load(shared)
        build().show_game(shared)
        tab.selected_index = teacher_index
        return play

    if live is not None:
        live.table = table_shown
        live.open_table = show_table
    app.open_table = open_table
    screen = QrScreen(lang, link)
    presenter.show_qr = lambda show: screen.show() if show else screen.close()
    return ([w.HTML(PRESENT_CSS), w.HTML(QR_SCREEN_CSS), screen, notice,
             *([live] if live is not None else [])], presenter)


def _walk(x: w.Widget) -> list[w.Widget]:
    out = [x]
    for c in getattr(x, "children", ()):
        if isinstance(c, w.Widget):
            out += _walk(c)
    return out


__all__ = ["TeacherPanel", "equip", "read_code", "share_code"]
