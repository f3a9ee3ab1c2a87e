"""The live class in the app: the teacher's projector and the students' own devices.

The teacher (presenter mode, on a server that keeps a class store: ``make serve``,
``make serve-class``) presses "Start a live class" (:class:`LiveClass`): the store makes
a class, the projector shows its code large, a QR code and the link ``?join=CODE``
(built from the same public address as the share links, ``share.app_address``). The
teacher's code and token stay in this kernel and in the teacher's own browser (the app's
BrowserStore), never in a page: a reloaded projector, or one after a server restart,
takes the class back where it was (:meth:`LiveClass.resume`). From then on, whatever the
presenter shows (a lesson step, a practice question, a step of a rulebook example:
:meth:`Presenter.on_screen`) is published to the class (``ClassStore.show``) after every
move, and checked twice a second for moves made with the mouse. The projector counts the
answers without a click (a poll of ``ClassStore.tally`` on the kernel's event loop,
:func:`every`); the reveal (**R**, or the button) shows the answers per choice as a bar
chart beside the right answer, whose rule and reason the lesson or practice player shows
as it always does. "Results" lists every question (share right); each nickname's answers
only at the teacher's click (the class sees the projector), and in the CSV sheet to
download, in the words the screens showed. Before anyone joins, the count says so; a join
link only this computer can open says that too.

A student opens ``?join=CODE`` (:class:`Follower`): a nickname (``check_nickname``), then
the app follows the teacher: the same lesson step, practice question or example step,
drawn by the app's own players with their buttons to move on hidden, changing when the
teacher moves (``ClassStore.now``, polled twice a second). A tap on an answer sends it
(another tap replaces it while answers are open); at the reveal the player judges the
student's own answer and explains it with its § badge. A refused request (an unknown
code, a nickname taken, answers closed, too many tries) shows the store's message, and
nothing else. Students never see names, nor anybody's answer but their own.

Nothing here is a rule: the items are the ids the store documents
(``lesson:<game>:<step>``, ``practice:<game>:<kind>:<seed>``,
``example:<game>:<key>:<step>``, and ``table:<game>:<share code>``: the table the
teacher's Build & share tab shows, which a student's Play tab carries on from) and the
players do the rest.
"""

from __future__ import annotations

import csv
import io
import os
import threading
from collections.abc import Callable
from functools import lru_cache
from html import escape
from typing import Any, NamedTuple, TypeAlias
from urllib.parse import urlencode

import ipywidgets as w

from ..classroom import ClassAPI, ClassError, Item, Mine, Now, Tally
from ..classroom.store import Result, check_code, sheet_cell
from ..core.errors import TreasureKitError
from ..core.i18n import Percent
from ..core.practice import kinds, practice
from ..core.saves import SEED_RANGE
from ..core.teaching import examples_of, lesson_of
from .browser_store import BrowserStore
from .example_player import ExampleChooser, ExamplePlayer
from .game_player import GamePlayer
from .lang import Language, button
from .lesson_player import LessonPlayer
from .practice_player import PracticePlayer
from .presenter import Presenter
from .share import app_address, only_here, qr_svg
from .style import download_link, panel

#: Seconds between two looks at the store (the projector's count, a student's item).
POLL_SECONDS = 0.5
#: The name a student's class, token and nickname are kept under in their browser.
KEPT = "live"
#: The name the teacher's class code and token are kept under in the teacher's browser.
TEACHER_KEPT = "live_teacher"

Shown: TypeAlias = LessonPlayer | PracticePlayer | ExamplePlayer
#: what a student's device can follow: a player, or the Play tab with a shared table
Followed: TypeAlias = Shown | GamePlayer
#: share code -> the Play tab's player carrying on from that table (None: refused)
OpenTable: TypeAlias = Callable[[str], GamePlayer | None]
#: (tab key, widget class) -> the part, its tab opened (the app frame's ``show_part``)
ShowPart: TypeAlias = Callable[[str, type], Any]

#: the tabs a student's item opens (the first the app has)
LESSON_TABS = ("widgets.tab.lesson",)
EXAMPLE_TABS = ("widgets.tab.examples", "widgets.tab.example")
PRACTICE_TABS = ("widgets.tab.practice",)

LIVE_CSS = """
<style>
.tk-live { border: 3px solid #0b4f9c; border-radius: 10px; padding: 4px 12px; margin: 4px 0;
  background: #f4f8fd; color: #111; }
.tk-live-head { display: flex; flex-wrap: wrap; gap: 4px 24px; align-items: center; }
.tk-live .tk-live-code, .tk-app.tk-present.tk-present .tk-live-code {
  font: 700 56px/1.1 monospace !important; letter-spacing: 0.12em; color: #0b4f9c; }
.tk-live .tk-qr { width: 132px; height: 132px; }
/* (on the projector, large enough to scan from the middle of the room; Q: full screen) */
.tk-app.tk-present .tk-live .tk-qr { width: 200px; height: 200px; }
.tk-live-link { overflow-wrap: anywhere; }
.tk-live-chart { display: grid; grid-template-columns: minmax(6em, auto) 1fr auto;
  gap: 4px 10px; align-items: center; margin: 4px 0; }
.tk-live-bar { display: block; height: 1.1em; min-width: 2px; background: #8aa4c8;
  border-radius: 3px; }
.tk-live-right .tk-live-bar { background: #05603a; }
.tk-live-right { font-weight: bold; color: #05603a; }
.tk-live-results table { border-collapse: collapse; }
.tk-live-results td, .tk-live-results th { border: 1px solid #999; padding: 2px 8px;
  overflow-wrap: anywhere; }
.tk-live-form .widget-text { width: 100%; max-width: 22em; }
.tk-live-form input { font-size: 18px; min-height: 44px; }
.tk-app .tk-live-form .widget-button, .tk-app .tk-live-status-bar .widget-button {
  min-height: 44px; }
/* a student's device follows the teacher: no tab bar, no buttons to move on */
.tk-app.tk-live-student .tk-tabs > .lm-TabBar, .tk-app.tk-live-student .tk-present-bar,
.tk-app.tk-live-student .tk-present-keys, .tk-app.tk-live-student .tk-intro,
.tk-app.tk-live-student .tk-lesson-nav, .tk-app.tk-live-student .tk-practice-nav,
.tk-app.tk-live-student .tk-practice-intro, .tk-app.tk-live-student .tk-practice-progress,
.tk-app.tk-live-student .tk-ex-nav, .tk-app.tk-live-student .tk-example-pick,
.tk-app.tk-live-student .tk-voted, .tk-app.tk-live-student .tk-forward-hint {
  display: none !important; }
/* (what is for the teacher: "the class voted ... press R", "press Forward") */
.tk-live-status { font-size: 1.1em; }
/* (the widget that holds this style sheet takes no room: style.py) */
@media (max-width: 600px) {
  /* a student's phone: who, and how the answer went (or why it was refused), stay at the
     top of the screen while the step scrolls under them; the why comes above the
     answers, and is brought into sight at the reveal (screen.py) */
  .tk-app.tk-live-student .tk-live-follower { display: contents; }
  .tk-app.tk-live-student .tk-live-status-box:has(p) { position: sticky; top: 0;
    z-index: 3; background: #fff; border-bottom: 1px solid #bbb; padding: 2px 4px; }
  .tk-app.tk-live-student .tk-live-status-box p { margin: 2px 0; line-height: 1.3; }
  .tk-app.tk-live-student .tk-lesson-feedback { order: -2; }
  /* (nothing has happened at a lesson's step: no panel to scroll past to say so) */
  .tk-app.tk-live-student .tk-lesson .widget-html:has(.tk-log-empty) { display: none; }
  .tk-app.tk-live-student .tk-lesson-feedback,
  .tk-app.tk-live-student .tk-practice-feedback { scroll-margin: 96px 0 96px; }
}
</style>
"""


# ---- the kernel's clock -----------------------------------------------------------------
def every(seconds: float, tick: Callable[[], None]) -> Callable[[], None]:
    """Call ``tick`` every ``seconds`` on the kernel's event loop (where the widgets'
    messages are handled, so its widget updates go out as a click's would); the function
    that stops it. Outside a kernel (a plain Python session, the widget tests) nothing
    ticks: the caller polls."""
    try:
        from IPython import get_ipython

        loop = getattr(getattr(get_ipython(), "kernel", None), "io_loop", None)
    except ImportError:                  # pragma: no cover (IPython comes with ipywidgets)
        loop = None
    if loop is None:
        return lambda: None
    stop = threading.Event()

    def safe_tick() -> None:
        if not stop.is_set():
            try:
                tick()
            except Exception as err:     # one failed look must not end the following
                print(f"treasurekit: live class: {err!r}", flush=True)

    def run() -> None:
        while not stop.wait(seconds):
            loop.add_callback(safe_tick)

    threading.Thread(target=run, name="treasurekit-live", daemon=True).start()
    return stop.set


# ---- what is on screen, as the store keeps it ---------------------------------------------
def item_of(game: str, shown: Shown | None) -> Item | None:
    """The store's item for the lesson step, practice question or example step shown."""
    if isinstance(shown, LessonPlayer):
        asks = shown.asks
        right = next((str(i) for i, c in enumerate(shown.options) if c.correct), None)
        return Item(f"lesson:{game}:{shown.index}",
                    tuple(str(i) for i in range(len(shown.options))) if asks else (),
                    right if asks else None)
    if isinstance(shown, PracticePlayer):
        q = shown.question
        return Item(f"practice:{game}:{q.kind}:{shown.seed}", tuple(q.choices), q.answer)
    if isinstance(shown, ExamplePlayer):
        return Item(f"example:{game}:{shown.example.key}:{shown.index}")
    return None


def answered(shown: Shown | None) -> bool:
    """Whether the player shows the answer (picked, or revealed by the teacher)."""
    return getattr(shown, "picked", None) is not None


@lru_cache(maxsize=64)
def choice_labels(item: str, code: str) -> tuple[tuple[str, str], ...]:
    """(choice, its words in language ``code``) of an item, in the item's order."""
    kind, game, rest = item_parts(item)
    if kind == "lesson":
        step = lesson_of(game)[int(rest)]
        options = step.choices(step.start(code))
        return tuple((str(i), c.label.text(code)) for i, c in enumerate(options))
    if kind == "practice":
        asked, seed = rest.rsplit(":", 1)
        q = practice(game, seed=int(seed), kind=asked)
        return tuple((c, q.label(c, code)) for c in q.choices)
    return ()


def item_title(item: str, lang: Language) -> str:
    """A line naming an item (the results table): the lesson step, the practice question's
    kind or the example."""
    try:
        kind, game, rest = item_parts(item)
        if kind == "lesson":
            step = lesson_of(game)[int(rest)]
            return lang.t("classroom.live.item.lesson", step=int(rest) + 1,
                          title=step.title(lang.code))
        if kind == "practice":
            asked, _seed = rest.rsplit(":", 1)
            return lang.t("classroom.live.item.practice",
                          kind=lang.t(f"practice.{game}.kind.{asked}"))
        if kind == "table":
            return lang.t("classroom.live.item.table")
        if kind == "example":
            key, step_no = rest.rsplit(":", 1)
            found = next(e for e in examples_of(game) if e.key == key)
            return lang.t("classroom.live.item.example", title=found.title(lang.code),
                          step=int(step_no))
    except (ValueError, IndexError, KeyError, StopIteration, TreasureKitError):
        pass
    return item


def item_parts(item: str) -> tuple[str, str, str]:
    """An item id's kind, game and the rest (``"lesson:coralia:3"``: lesson, coralia, 3)."""
    kind, _, rest = item.partition(":")
    game, _, rest = rest.partition(":")
    return kind, game, rest


def open_item(game: str, item: str, show_part: ShowPart,
              open_table: OpenTable | None = None) -> Followed | None:
    """Open the store's ``item`` in the app's own player, its tab shown: the lesson step,
    the practice question, the example step, or (``open_table``) the shared table in the
    Play tab (None: nothing this app can show)."""
    kind, of, rest = item_parts(item)
    try:
        if of != game:
            return None
        if kind == "lesson":
            lesson: LessonPlayer | None = _part(show_part, LESSON_TABS, LessonPlayer)
            if lesson is not None:
                lesson.go(int(rest))
            return lesson
        if kind == "practice":
            asked, seed = rest.rsplit(":", 1)
            lo, hi = SEED_RANGE
            question: PracticePlayer | None = _part(show_part, PRACTICE_TABS, PracticePlayer)
            if question is None or asked not in kinds(game) or not lo <= int(seed) < hi:
                return None
            question.ask(asked, int(seed))
            return question
        if kind == "example":
            return _example(game, show_part, *rest.rsplit(":", 1))
        if kind == "table" and open_table is not None:
            return open_table(rest)
    except (ValueError, TypeError, TreasureKitError):
        pass
    return None


def _part(show_part: ShowPart, keys: tuple[str, ...], kind: type) -> Any:
    for key in keys:
        found = show_part(key, kind)
        if found is not None:
            return found
    return None


def _example(game: str, show_part: ShowPart, key: str, step: str) -> ExamplePlayer | None:
    # (an app of its own may name its examples' tab: Captain Lucky's "The four examples")
    chooser = _part(show_part, (*EXAMPLE_TABS, f"{game}.ui.tab.examples"), ExampleChooser)
    if chooser is None:
        return None
    index = next((i for i, p in enumerate(chooser.players) if p.example.key == key), None)
    if index is None:
        return None
    chooser.pick.value = index
    player: ExamplePlayer = chooser.players[index]
    player.reset()
    for _ in range(min(int(step), len(player.example.steps))):
        player.step_forward()
    return player


def refusal(err: ClassError, lang: Language) -> str:
    """A refused request, told in the page's language (HTML)."""
    return f'<p class="tk-bad tk-live-error">{escape(err.text(lang.code))}</p>'


# ---- the teacher ----------------------------------------------------------------------------
class LiveClass(w.VBox):
    """The teacher's live class: "Start a live class" (``start_button``, in the presenter
    bar), then the code, the join link and its QR code, the count of answers, the bar
    chart after the reveal, and the buttons close answers, reveal, results and end
    class (asked twice: "End class", then "Yes, end the class"). An ended class shows
    its results; the teacher may start a new one."""

    def __init__(self, game: str, lang: Language, store: ClassAPI,
                 presenter: Presenter) -> None:
        super().__init__()
        self.game, self.lang, self.store, self.presenter = game, lang, store, presenter
        self.add_class("tk-live")
        self.code = ""
        #: the teacher's token: in this kernel and in the teacher's own browser (``keep``),
        #: never in a page or a link
        self._teacher = ""
        self.kept: BrowserStore | None = None
        self.show_part: ShowPart | None = None
        #: the share code of the table the teacher's tab (Build & share) shows on screen
        #: ("" when it is not on screen or shares nothing): set by the teacher's kit
        self.table: Callable[[], str] = lambda: ""
        #: opens a shared table on the teacher's screen (a class taken back on a table):
        #: set by the teacher's kit
        self.open_table: OpenTable | None = None
        self.shown: Item | None = None      # the item published last
        self.revealed = self.closed = False
        #: the teacher ended the class (its results stay on screen)
        self.ended = False
        self.tally: Tally | None = None
        #: the class is under way (an answer came in, or the teacher moved on after the
        #: first students joined, at item ``first_seen``): the join panel folds to a line
        self.under_way = False
        self.first_seen: int | None = None
        self.error: ClassError | None = None
        self._stop: Callable[[], None] = lambda: None
        self.start_button = button("users", "tk-live-start", self.start)
        self.head = w.HTML()
        self.head.add_class("tk-live-head-box")
        self.count = w.HTML()
        self.count.add_class("tk-live-count")
        self.chart = w.HTML()
        self.chart.add_class("tk-live-chart-box")
        self.close_button = button("lock", "tk-live-close", self.close_answers)
        self.reveal_button = button("eye", "tk-live-reveal",
                                    lambda: self.presenter.do("reveal"))
        self.results_button = button("table", "tk-live-results-button", self.toggle_results)
        #: each student's answers in the results: hidden while the class may see the
        #: screen, shown at the teacher's own click
        self.names_shown = False
        self.names_button = button("user-secret", "tk-live-names", self.toggle_names)
        self.end_button = button("stop", "tk-live-end", lambda: self.ask_end(True))
        self.end_ask = w.HTML()
        self.end_yes = button("stop", "tk-live-end-yes", self.end, button_style="danger")
        self.end_no = button("play", "tk-live-end-no", lambda: self.ask_end(False))
        self.end_box = w.HBox([self.end_ask, self.end_yes, self.end_no],
                              layout=w.Layout(flex_flow="row wrap", align_items="center",
                                              display="none"))
        self.end_box.add_class("tk-live-end-box")
        self.results = w.HTML()
        self.results.add_class("tk-live-results")
        self.results.layout.display = "none"
        self.message = w.HTML()
        self.children = [w.HTML(LIVE_CSS), self.head,
                         w.HBox([self.count, self.close_button, self.reveal_button,
                                 self.results_button, self.names_button, self.end_button],
                                layout=w.Layout(flex_flow="row wrap", align_items="center")),
                         self.end_box, self.chart, self.message, self.results]
        self.layout.display = "none"
        presenter.moved.append(lambda _action: self.sync())
        presenter.switch.observe(lambda _c: self.render(), names="value")
        lang.on_change(self.render)
        self.render()

    @property
    def live(self) -> bool:
        return bool(self.code)

    def join_link(self) -> str:
        """The link students open (the class's public address, ``?join=CODE``)."""
        here = app_address()
        return f"{here}?{urlencode({'join': self.code})}" if here and self.code else ""

    def start(self) -> None:
        """Start a class and follow the presenter from now on (after an ended class: a
        new one)."""
        if self.live and not self.ended:
            return
        started = self._call(lambda: self.store.start(self.game))
        if started is None:
            return
        self.shown, self.tally, self.first_seen, self.error = None, None, None, None
        self.revealed = self.closed = self.ended = self.under_way = self.names_shown = False
        self.results.layout.display = "none"
        self.code, self._teacher = started.code, started.teacher
        if self.kept is not None:
            self.kept.set(TEACHER_KEPT, {"code": self.code, "token": self._teacher})
        self._follow()

    def _follow(self) -> None:
        self.poll()
        self._stop = every(POLL_SECONDS, self.poll)
        self.render()

    def keep(self, kept: BrowserStore, show_part: ShowPart,
             following: Callable[[], bool] = lambda: False) -> None:
        """Keep the class's code and the teacher's token in the teacher's browser, so that
        a reloaded projector page (or one after a server restart) takes the class back;
        ``show_part`` opens the class's item in the app; a page ``following`` a class as
        a student (``?join=``) takes nothing back."""
        self.kept, self.show_part = kept, show_part
        kept.on_restore(lambda: None if following() else self.resume())

    def resume(self) -> None:
        """The browser kept a class of this teacher: take it back where it is (the item
        shown, answers open or closed, revealed or not), if the store still knows the
        code and the token; else forget them."""
        kept = self.kept.get(TEACHER_KEPT) if self.kept is not None else None
        if self.live or not isinstance(kept, dict) or self.kept is None:
            return
        code, token = kept.get("code"), kept.get("token")
        try:
            if type(code) is not str or type(token) is not str:
                raise ClassError("classroom.error.not_teacher")
            self.store.tally(code, token)             # refused for a token it does not know
            now = self.store.now(code)
            if now.ended:
                raise ClassError("classroom.error.ended")
        except ClassError:
            self.kept.delete(TEACHER_KEPT)
            return
        self.code, self._teacher = check_code(code), token
        self.presenter.set(True)
        player = (open_item(self.game, now.item, self.show_part, self.open_table)
                  if now.item and self.show_part is not None else None)
        shown = item_of(self.game, player if not isinstance(player, GamePlayer) else None)
        self.shown = (shown if shown is not None and shown.item == now.item
                      else Item(now.item, now.choices) if now.item else None)
        self.revealed = now.revealed
        self.closed = bool(now.choices) and not now.answers_open
        if now.revealed and isinstance(player, (LessonPlayer, PracticePlayer)):
            player.reveal()
        self._follow()

    def stop(self) -> None:
        """Stop following (the class stays in the store until it is purged)."""
        self._stop()

    def ask_end(self, asking: bool) -> None:
        """Ask the teacher whether to end the class (or stop asking)."""
        self.end_box.layout.display = "" if asking and self.live and not self.ended else "none"
        self.render()

    def end(self) -> None:
        """End the class: students are told, nobody joins or answers any more; the
        results open here, and the browser forgets the class."""
        self.end_box.layout.display = "none"
        if not self.live or self.ended:
            return
        try:
            self.store.end(self.code, self._teacher)
        except ClassError as err:
            self.error = err
            self.render()
            return
        self.ended, self.names_shown, self.error = True, False, None
        self.stop()
        if self.kept is not None:
            self.kept.delete(TEACHER_KEPT)
        self.results.layout.display = ""
        self.poll_tally(moved=True)
        self.render()

    def _call(self, action: Callable[[], Any]) -> Any:
        """``action()``, or None and its refusal shown."""
        try:
            return action()
        except ClassError as err:
            self.error = err
            self.render()
            return None

    def sync(self) -> None:
        """Publish what the presenter shows now, and its answer once it is shown."""
        if not self.live or self.ended:
            return
        shown = self.presenter.on_screen()
        item = item_of(self.game, shown)
        table = self.table() if item is None else ""
        if table:                           # a shared table: the class follows it
            item = Item(f"table:{self.game}:{table}")
        elif item is None:                  # (a part no student's device follows)
            item = Item(f"projector:{self.game}")
        moved = False
        if item is not None and item != self.shown:
            if self._call(lambda: self.store.show(self.code, self._teacher, item)) is None:
                return
            self.shown, self.revealed, self.closed, self.error = item, False, False, None
            self.results.layout.display = "none"
            moved = True
        if self.shown is not None and self.shown.choices and answered(shown) \
                and not self.revealed:
            self._call(lambda: self.store.reveal(self.code, self._teacher))
            self.revealed = moved = True
        self.poll_tally(moved)

    def poll(self) -> None:
        """The kernel's clock: moves made with the mouse, and the count of answers."""
        self.sync()

    def poll_tally(self, moved: bool = False) -> None:
        """The count of answers (drawn again when it changed, or the item did)."""
        tally = self._call(lambda: self.store.tally(self.code, self._teacher))
        if tally is not None and (moved or tally != self.tally):
            self.tally = tally
            self.render_tally()

    def close_answers(self) -> None:
        """Refuse later answers to the item shown (the reveal closes them too)."""
        if self.live:
            self._call(lambda: self.store.close(self.code, self._teacher))
            self.closed = True
            self.render_tally()

    def toggle_results(self) -> None:
        shown = self.results.layout.display != "none"
        self.results.layout.display = "none" if shown else ""
        self.names_shown = False                  # (opened again: the names hidden again)
        self.render()

    def toggle_names(self) -> None:
        """Each student's answers in the results, or not (the share right always)."""
        self.names_shown = not self.names_shown
        self.render()

    # ---- drawing ------------------------------------------------------------------------
    def render(self) -> None:
        t = self.lang.t
        self.start_button.description = t("classroom.live.start")
        self.start_button.layout.display = ("" if self.presenter.on and
                                            (not self.live or self.ended) else "none")
        self.end_button.description = t("classroom.live.end")
        self.end_button.layout.display = "" if self.live and not self.ended else "none"
        self.end_ask.value = (f'<p class="tk-live-end-ask">'
                              f'{escape(t("classroom.live.end_ask"))}</p>')
        self.end_yes.description = t("classroom.live.end_yes")
        self.end_no.description = t("classroom.live.end_no")
        self.close_button.description = t("classroom.live.close")
        self.reveal_button.description = t("classroom.live.reveal")
        self.results_button.description = t("classroom.live.results")
        self.names_button.description = t("classroom.live.names_hide" if self.names_shown
                                          else "classroom.live.names_show")
        self.names_button.layout.display = ("" if self.live and
                                            self.results.layout.display != "none" else "none")
        self.layout.display = "" if self.live or self.error else "none"
        self.message.value = refusal(self.error, self.lang) if self.error else ""
        self.message.layout.display = "" if self.error else "none"     # no empty line
        if not self.live:
            return
        link = self.join_link()
        qr = qr_svg(link, t("classroom.live.qr")) if link else ""
        shown_link = (f'<p class="tk-live-link">{escape(t("classroom.live.open"))} '
                      f"<code>{escape(link)}</code></p>" if link else "")
        if only_here(link):        # the class's phones cannot open it: say so, and how
            shown_link += (f'<p class="tk-bad tk-share-loopback">'
                           f'{escape(t("teacher.share.loopback"))}</p>')
        self.head.value = (
            f'<div class="tk-live-head">{qr}<div><p>{escape(t("classroom.live.code"))}</p>'
            f'<p class="tk-live-code">{escape(self.code)}</p></div>'
            f'<div>{shown_link}<p>{escape(t("classroom.live.landing"))}</p></div></div>')
        self.render_tally()
        if self.results.layout.display != "none":
            self.render_results()

    def render_tally(self) -> None:
        t, tally = self.lang.t, self.tally
        if tally is None:
            self.count.value = ""
            self.chart.value = ""
            return
        asks = self.shown is not None and bool(self.shown.choices)
        if self.ended:
            self.head.layout.display = "none"
            self.close_button.layout.display = self.reveal_button.layout.display = "none"
            self.chart.value = ""
            self.chart.layout.display = "none"
            over = t("classroom.live.ended_teacher", code=self.code, students=tally.students)
            self.count.value = (f'<p class="tk-live-answered tk-live-ended">'
                                f"<b>{escape(over)}</b></p>")
            return
        said = (t("classroom.live.nobody") if not tally.students else
                t("classroom.live.answered", n=tally.answered, students=tally.students)
                if asks else t("classroom.live.joined", students=tally.students))
        # the QR code and the large code until the class is under way (an answer came
        # in, or the teacher moved on with students in the class); then the code in a
        # line, the room on the slide going to the question and its answers (Q still
        # shows the QR code full screen, for a late student)
        if tally.students and self.first_seen is None:
            self.first_seen = tally.item_no
        self.under_way = self.under_way or tally.answered > 0 or (
            self.first_seen is not None and tally.item_no > self.first_seen)
        big = not self.revealed and not self.under_way
        self.head.layout.display = "" if big else "none"
        code = ("" if big else f'{escape(t("classroom.live.code"))} '
                f'<b class="tk-live-code-small">{escape(self.code)}</b> · ')
        closed = (f' · <span class="tk-bad">{escape(t("classroom.live.closed_short"))}</span>'
                  if asks and self.closed and not self.revealed else "")
        self.count.value = (f'<p class="tk-live-answered">{code}<b>{escape(said)}</b>'
                            f"{closed}</p>")
        # (nothing to close or reveal before anyone has joined; R still reveals)
        joined = asks and tally.students > 0
        self.close_button.layout.display = ("" if joined and not (self.revealed or self.closed)
                                            else "none")
        self.reveal_button.layout.display = "" if joined and not self.revealed else "none"
        if not asks or not self.revealed or self.shown is None:
            self.chart.value = ""
            self.chart.layout.display = "none"
            return
        self.chart.value = bar_chart(self.shown, tally, self.lang)
        self.chart.layout.display = ""

    def render_results(self) -> None:
        if not self.live:
            return
        t = self.lang.t
        rows = self._call(lambda: self.store.results(self.code, self._teacher)) or []
        every = list(rows[0]["answers"]) if rows else []
        names = every if self.names_shown else []
        head = "".join(f"<th>{escape(x)}</th>" for x in (
            t("classroom.live.col.no"), t("classroom.live.col.question"),
            t("classroom.live.col.right"), *names))
        body = []
        for given, row in zip(rows, in_words(rows, self.lang), strict=True):
            cells = "".join(_answer_cell(row.answers[n], given["answers"][n], given["answer"])
                            for n in names)
            body.append(f"<tr><td>{row.item_no}</td><td>{escape(row.title)}</td>"
                        f"<td>{escape(row.share)}</td>{cells}</tr>")
        link = download_link(f"class-{self.code}.csv", results_sheet(rows, self.lang),
                             "text/csv", t("classroom.live.csv"), "tk-live-csv")
        hidden = ("" if self.names_shown or not every else
                  f'<p class="tk-muted tk-live-names-hidden">'
                  f'{escape(t("classroom.live.names_hidden"))}</p>')
        self.results.value = panel(
            t("classroom.live.results"),
            (f'<table class="tk-score"><tr>{head}</tr>{"".join(body)}</table>' if rows else
             f'<p class="tk-muted">{escape(t("classroom.live.no_results"))}</p>')
            + f"{hidden}<p>{link}</p>")


def _answer_cell(words: str, choice: str | None, right: str | None) -> str:
    """A student's answer in the results table, marked right (✓, green) or wrong (✗,
    red) where the question has a right answer."""
    if choice is None or right is None:
        return f"<td>{escape(words)}</td>"
    good = choice == right
    return (f'<td class="{"tk-good" if good else "tk-bad"}">{"✓" if good else "✗"} '
            f"{escape(words)}</td>")


class InWords(NamedTuple):
    """A question of the results as the screens said it, in one language: its number,
    title, right answer, share right ("" where there is none) and each nickname's answer
    ("" for none)."""

    item_no: int
    title: str
    answer: str
    share: str
    answers: dict[str, str]


def in_words(rows: list[Result], lang: Language) -> list[InWords]:
    """The store's results (choice ids) in the words the screens showed: the results
    table and the CSV sheet say the same."""
    out = []
    for row in rows:
        # (a choice the item does not name keeps its id; no answer is "")
        words = dict(choice_labels(row["item"], lang.code))
        share = row["share_right"]
        out.append(InWords(
            row["item_no"], item_title(row["item"], lang),
            words.get(row["answer"] or "", row["answer"] or ""),
            "" if share is None else
            lang.t("classroom.live.share", share=Percent(share), n=row["answered"]),
            {n: words.get(a or "", a or "") for n, a in row["answers"].items()}))
    return out


def results_sheet(rows: list[Result], lang: Language) -> str:
    """The class's results as the teacher's CSV sheet, in ``lang``: a row per question
    (its number and title, the right answer, the share right) and a column per nickname,
    each answer in the words the screens showed (the store keeps the choices' ids: those
    are in ``ClassStore.results_csv``); a cell a spreadsheet would take for a formula is
    kept as text."""
    t = lang.t
    names = list(rows[0]["answers"]) if rows else []
    out = io.StringIO()
    sheet = csv.writer(out)
    sheet.writerow([t("classroom.live.col.no"), t("classroom.live.col.question"),
                    t("classroom.live.col.answer"), t("classroom.live.col.right"),
                    *(sheet_cell(n) for n in names)])
    for row in in_words(rows, lang):
        sheet.writerow([row.item_no, sheet_cell(row.title), sheet_cell(row.answer),
                        row.share, *(sheet_cell(row.answers[n]) for n in names)])
    return out.getvalue()


def bar_chart(item: Item, tally: Tally, lang: Language) -> str:
    """The answers per choice as bars, the right one marked (HTML; labels escaped)."""
    t = lang.t
    labels = dict(choice_labels(item.item, lang.code))
    most = max(tally.counts.values(), default=0) or 1
    rows = []
    for choice in item.choices:
        n = tally.counts.get(choice, 0)
        right = choice == item.answer
        css = "tk-live-row tk-live-right" if right else "tk-live-row"
        mark = f' ✓ {escape(t("classroom.live.right"))}' if right else ""
        rows.append(f'<span class="{css}">{escape(labels.get(choice, choice))}{mark}</span>'
                    f'<span class="{css}"><span class="tk-live-bar" '
                    f'style="width: {100 * n // most}%"></span></span>'
                    f'<span class="{css} tk-live-n">{n}</span>')
    caption = escape(t("classroom.live.chart", n=tally.answered))
    return (f'<div class="tk-live-chart" role="img" aria-label="{caption}">'
            f'{"".join(rows)}</div>')


# ---- a student ------------------------------------------------------------------------------
class Follower(w.VBox):
    """A student's live class: the nickname form, then the teacher's item followed in
    the app (``show_part`` opens the app's tab with a player), the student's answer sent,
    judged at the reveal."""

    def __init__(self, game: str, lang: Language, store: ClassAPI, code: str,
                 show_part: ShowPart, app: w.Box, kept: BrowserStore | None = None,
                 open_table: OpenTable | None = None) -> None:
        super().__init__()
        self.game, self.lang, self.store, self.show_part = game, lang, store, show_part
        self.code, self.app, self.kept = code[:40], app, kept
        self.open_table = open_table
        self.add_class("tk-live-follower")
        #: the student's token: in this kernel, and in the student's own browser (``kept``)
        #: so that a reload carries on as the same student
        self.token = ""
        self.nickname = ""
        self.item_no = 0
        self.now: Now | None = None
        self.player: Followed | None = None
        self.given: str | None = None        # the answer the store took
        self.verdict: bool | None = None     # right or not, once revealed
        self.judged = False
        self.error: ClassError | None = None
        self._stop: Callable[[], None] = lambda: None
        self.name_box = w.Text()
        self.name_box.add_class("tk-live-nickname")
        self.join_button = button("sign-in", "tk-live-join", self.join, button_style="primary")
        self.intro = w.HTML()
        self.form = w.VBox([self.intro, self.name_box, self.join_button])
        self.form.add_class("tk-live-form")
        self.status = w.HTML()
        self.status.add_class("tk-live-status-box")
        self.children = [w.HTML(LIVE_CSS), self.form, self.status]
        app.add_class("tk-live-student")
        self.tabs(False)
        lang.on_change(self.render)
        if kept is not None:
            kept.on_restore(self.resume)
        self.render()

    def tabs(self, shown: bool) -> None:
        """Show the app's tabs (an item to follow) or not (the form, waiting)."""
        for x in self.app.children:
            if "tk-tabs" in getattr(x, "_dom_classes", ()):
                x.layout.display = "" if shown else "none"

    def join(self) -> None:
        """Join the class under the nickname typed (the store checks both)."""
        if self.token:
            return
        try:
            self.token = self.store.join(self.code, self.name_box.value,
                                         client=f"kernel:{os.getpid()}")
        except ClassError as err:
            self.error = err
            self.render()
            return
        self.nickname = " ".join(str(self.name_box.value).split())
        if self.kept is not None:
            self.kept.set(KEPT, {"code": self.store_code(), "token": self.token,
                                 "name": self.nickname})
        self.follow()

    def store_code(self) -> str:
        """The class code as the store writes it ("" if it is not a code)."""
        try:
            return check_code(self.code)
        except ClassError:
            return ""

    def resume(self) -> None:
        """The browser kept this class's token (a reload): carry on as that student, if
        the store still knows the token; else forget it."""
        assert self.kept is not None
        kept = self.kept.get(KEPT)
        if self.token or not isinstance(kept, dict):
            return
        token, name = kept.get("token"), kept.get("name")
        if kept.get("code") != self.store_code() or not self.store_code() \
                or type(token) is not str or type(name) is not str:
            return
        try:
            self.store.mine(self.code, token, 0)        # refused for a token it does not know
        except ClassError:
            self.kept.delete(KEPT)
            return
        self.token, self.nickname = token, name
        self.follow()

    def follow(self) -> None:
        """Joined: the form goes, the teacher's items come."""
        self.error = None
        self.form.layout.display = "none"
        self.poll()
        self._stop = every(POLL_SECONDS, self.poll)
        self.render()

    def stop(self) -> None:
        self._stop()

    def poll(self) -> None:
        """The kernel's clock: the teacher's item, the reveal."""
        if not self.token:
            return
        try:
            now = self.store.now(self.code)
        except ClassError as err:
            self.error = err
            self.render()
            return
        if now.item_no != self.item_no:
            self.item_no, self.given, self.verdict, self.judged = now.item_no, None, None, False
            self.error = None
            self.player = self.show_item(now.item)
            if now.choices and not now.revealed:      # an answer given before a reload
                self.mark(self._mine())
        if now.revealed and not self.judged:
            self.judge()
        if now != self.now:
            self.now = now
            self.render()
        if now.ended:                                 # nothing more will come
            self.stop()

    def show_item(self, item: str) -> Followed | None:
        """Show ``item`` in the app's own player (None: nothing this app can show)."""
        player = open_item(self.game, item, self.show_part, self.open_table)
        follow_on(player, self.answer)
        self.tabs(player is not None)
        return player

    def answer(self, choice: str) -> None:
        """The student tapped ``choice``: send it (it replaces an earlier one)."""
        try:
            self.store.answer(self.code, self.token, self.item_no, choice)
        except ClassError as err:
            self.error = err
            if self.player is not None and hasattr(self.player, "vote"):
                self.player.vote = None            # not taken: not marked either
                self.player.refresh()
        else:
            self.given, self.error = choice, None
        self.render()

    def judge(self) -> None:
        """The teacher revealed the answer: the student's own, judged by the player (a
        late answer's refusal gives way to the verdict)."""
        self.judged = True
        self.error = None
        mine = self._mine()
        if mine is None:
            return
        self.verdict = mine.right
        self.mark(mine)
        if isinstance(self.player, (LessonPlayer, PracticePlayer)):
            self.player.reveal()

    def _mine(self) -> Mine | None:
        try:
            return self.store.mine(self.code, self.token, self.item_no)
        except ClassError as err:
            self.error = err
            return None

    def mark(self, mine: Mine | None) -> None:
        """Mark the student's answer the store holds on the player (not judged)."""
        if mine is None or mine.choice is None:
            return
        self.given = mine.choice
        mark_vote(self.player, mine.choice)

    def render(self) -> None:
        t = self.lang.t
        self.intro.value = panel(t("classroom.live.join_title", code=self.code),
                                 f'<p>{escape(t("classroom.live.join_intro"))}</p>')
        self.name_box.placeholder = t("classroom.live.nickname")
        self.join_button.description = t("classroom.live.join")
        shown = self.player is not None
        self.status.value = status_html(
            self.lang, self.code, self.nickname if self.token else None,
            student_state(self.now, self.given, self.verdict, shown, self.lang),
            student_tone(self.now, self.given, self.verdict, shown), self.error)


# ---- what a student's device says (the app's Follower, and the page without a kernel) ----
def follow_on(player: Followed | None, on_vote: Callable[[str], None] | None) -> None:
    """Make the player a student's: a tap is held as the student's answer (told to
    ``on_vote``) until the reveal, and a practice question is titled by its kind alone
    (the count is the projector's)."""
    if isinstance(player, PracticePlayer) and player.numbered:
        player.numbered = False
        player.refresh()
    if isinstance(player, (LessonPlayer, PracticePlayer)):
        player.hold_votes, player.on_vote = True, on_vote


def mark_vote(player: Followed | None, choice: str) -> None:
    """Mark ``choice`` (a store's choice id) as the student's answer on the player,
    not judged."""
    if isinstance(player, LessonPlayer):
        player.vote = (player.options[int(choice)] if choice.isdigit()
                       and int(choice) < len(player.options) else None)
    elif isinstance(player, PracticePlayer):
        player.vote = choice if choice in player.question.choices else None
    if isinstance(player, (LessonPlayer, PracticePlayer)):
        player.refresh()


def student_tone(now: Now | None, given: str | None, verdict: bool | None,
                 shown: bool) -> str:
    """The status's colour class: right in green, wrong or unanswered in red, once
    revealed (none for a question without a right answer, nor once the class ended)."""
    if now is None or now.ended or not now.revealed or not now.choices or not shown:
        return ""
    if given is None:
        return " tk-bad"
    return "" if verdict is None else " tk-good" if verdict else " tk-bad"


def student_state(now: Now | None, given: str | None, verdict: bool | None, shown: bool,
                  lang: Language) -> str:
    """Where the student is: waiting, answering, waiting for the reveal, judged, or the
    class over."""
    t = lang.t
    if now is not None and now.ended:
        return t("classroom.live.ended")
    if now is not None and now.item.startswith("projector:"):
        return t("classroom.live.look_up")
    if now is None or now.item_no == 0 or not shown:
        return t("classroom.live.waiting")
    if not now.choices:
        return t("classroom.live.watch")
    labels = dict(choice_labels(now.item, lang.code))
    if now.revealed:
        right = labels.get(now.answer or "", "")
        if given is None:
            return t("classroom.live.unanswered", answer=right)
        return (t("classroom.live.was_right") if verdict
                else t("classroom.live.was_wrong", answer=right))
    if not now.answers_open:
        return t("classroom.live.closed")
    if given is not None:
        return t("classroom.live.given", answer=labels.get(given, given))
    return t("classroom.live.tap")


def status_html(lang: Language, code: str, nickname: str | None, state: str, tone: str,
                error: ClassError | None) -> str:
    """A student's status lines (HTML): who, in which class (once joined: ``nickname``
    not None), where they are, and a refusal if there was one."""
    lines = []
    if nickname is not None:
        me = lang.t("classroom.live.me", code=code, name=nickname)
        lines.append(f'<p class="tk-live-me">{escape(me)}</p>')
        lines.append(f'<p class="tk-live-status{tone}">{escape(state)}</p>')
    if error is not None:
        lines.append(refusal(error, lang))
    return "".join(lines)


__all__ = ["LiveClass", "Follower", "bar_chart", "every", "follow_on", "item_of",
           "item_parts", "mark_vote",
           "status_html", "student_state", "student_tone"]
