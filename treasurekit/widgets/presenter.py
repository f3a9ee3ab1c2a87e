"""Presenter mode: any app on the classroom projector, driven from the keyboard.

One switch (or ``?present=1`` in the app's URL) gives the app the ``tk-present`` class:
the current lesson step, example step or game table fills a 16:9 screen, every text is at
least 24 px, the table is drawn large, and side panels and set-up controls step aside.
The keys come through ipyevents (a keyboard-event widget that works in Voila and in
JupyterLab): → or space next, ← back, Home the first step, ``r`` reveals the answer,
``l`` switches the language, ``q`` (or "Show QR full screen") shows the link to the
page or the shared table as a QR code over the whole screen, Escape closes it. With
"hold the answer" on, a click on an answer only marks
the class's vote; ``r`` then reveals the right answer with its rule and reason.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as w
from ipyevents import Event

from ..core.i18n import LANGUAGES
from .example_player import ExamplePlayer
from .game_player import GamePlayer
from .lang import Language
from .lesson_player import LessonPlayer
from .practice_player import PracticePlayer
from .review import GameReview
from .screen import Screen

#: The keys presenter mode answers, and what they do.
KEYS = {"ArrowRight": "next", " ": "next", "Spacebar": "next", "PageDown": "next",
        "ArrowLeft": "back", "PageUp": "back", "Home": "first",
        "r": "reveal", "R": "reveal", "l": "language", "L": "language",
        "q": "qr", "Q": "qr", "Escape": "close"}

PRESENT_CSS = """
<style>
.tk-app.tk-present { max-width: none; width: 100%; font-size: 26px;
  box-sizing: border-box; padding: 4px 12px; overflow: visible; }
/* the slide is the page: no frame around it (the fit, screen.py, scales it to the
   window, so nothing may add height or width of its own) */
body:has(.tk-app.tk-present) #rendered_cells, body:has(.tk-app.tk-present) .jp-Cell,
body:has(.tk-app.tk-present) .jp-OutputArea-output { padding: 0 !important;
  margin: 0 !important; }
.tk-app.tk-present select, .tk-app.tk-present .widget-dropdown,
.tk-app.tk-present .widget-inline-hbox, .tk-app.tk-present input,
.tk-app.tk-present .widget-text { height: auto !important; min-height: 1.6em;
  line-height: 1.3; }
.tk-app.tk-present .lm-TabBar, .tk-app.tk-present .lm-TabBar-content {
  min-height: 1.6em; height: auto !important; }
/* a score table keeps to its box: its cells wrap their words */
.tk-app.tk-present table { max-width: 100%; }
.tk-app.tk-present table td, .tk-app.tk-present table th { white-space: normal;
  overflow-wrap: anywhere; padding: 2px 6px; }
/* a score table on the slide: its points (the rule each row applies is the lesson's or
   the example's own text), its headings unbroken */
.tk-app.tk-present table.tk-score .tk-score-rule { display: none; }
.tk-app.tk-present table.tk-score th { overflow-wrap: normal; }
.tk-app.tk-present .tk-panel { max-width: 100%; box-sizing: border-box;
  overflow-wrap: anywhere; }
.tk-app.tk-present *:not(svg):not(svg *) { font-size: 26px !important; line-height: 1.25; }
.tk-app.tk-present.tk-present h2, .tk-app.tk-present.tk-present h2 * {
  font-size: 34px !important; }
.tk-app.tk-present.tk-present .tk-panel h3, .tk-app.tk-present.tk-present h3 * {
  font-size: 30px !important; }
/* no side panels, no set-up rows: the log of the lesson and of the game in play steps
   aside (an example's and a review's reasons stay, under the table) */
.tk-app.tk-present .tk-intro, .tk-app.tk-present .tk-lesson .tk-narrator,
.tk-app.tk-present .tk-play > .widget-hbox .tk-narrator, .tk-app.tk-present .tk-files,
.tk-app.tk-present .tk-play > .tk-setup,
.tk-app.tk-present .tk-play > .tk-setup-open { display: none !important; }
.tk-app.tk-present .widget-button, .tk-app.tk-present .widget-toggle-button {
  min-height: 56px; padding: 4px 16px; }
/* an answer is read whole: its words wrap rather than end in "…"; the buttons of a
   step wrap onto a second row rather than cut their words */
.tk-app.tk-present .tk-choice { white-space: normal; height: auto; text-align: left; }
.tk-app.tk-present .tk-lesson-nav, .tk-app.tk-present .tk-practice-nav,
.tk-app.tk-present .tk-ex-nav { flex-wrap: wrap; }
/* the examples' chooser in one row: each title wraps inside its button */
.tk-app.tk-present .tk-example-pick, .tk-app.tk-present .tk-example-pick > div {
  display: flex; flex-wrap: nowrap; }
.tk-app.tk-present .tk-example-pick button { flex: 1 1 auto; min-width: 0; height: auto;
  white-space: normal; }
.tk-app.tk-present .tk-lesson-nav > .widget-button, .tk-app.tk-present .tk-ex-nav > *,
.tk-app.tk-present .tk-practice-nav > .widget-button { flex: none; max-width: 100%; }
.tk-app.tk-present .tk-table svg, .tk-app.tk-present .tk-review-table svg,
.tk-app.tk-present .tk-editor-table svg { zoom: var(--tk-draw, 1.3); }
/* fewer, larger labels in the drawings (the fit, screen.py, draws each drawing large
   enough for its smallest label): a label whose information the drawing shows otherwise
   too steps aside, some others are drawn larger in the drawing's own units */
.tk-app.tk-present svg .tk-minor { display: none; }
/* a table of cards on the slide flows: its parts side by side where they are narrow
   (a row of three cards beside the piles they were divided into, the middle beside the
   attempt), so that the drawings grow rather than their labels shrink */
.tk-app.tk-present .tk-db-table, .tk-app.tk-present .tk-cl-table { display: flex;
  flex-wrap: wrap; column-gap: 12px; align-items: flex-start; }
.tk-app.tk-present .tk-db-table > *, .tk-app.tk-present .tk-cl-table > * {
  flex: 1 1 auto; min-width: 0; }
.tk-app.tk-present .tk-db-table > .tk-cols, .tk-app.tk-present .tk-cl-table > .tk-cols,
.tk-app.tk-present .tk-cl-table > .tk-cl-status { flex-basis: 100%; }
.tk-app.tk-present .tk-db-table .tk-panel .tk-cols > * { flex: 0 1 auto; }
.tk-app.tk-present .tk-cl-table .tk-cols > .tk-cl-player { flex: var(--tk-sets, 1) 1 0; }
/* Sea or Shore: the additions' pile beside the treasure decks, whose words wrap */
.tk-app.tk-present .tk-sos .tk-row:has(> .tk-deck) { flex-wrap: nowrap; }
.tk-app.tk-present .tk-sos .tk-row > .tk-deck { flex: 0 1 auto; min-width: 0; }
/* a table too crowded for its labels at 24 px is drawn for the slide (the fit,
   screen.py): its piles of cards as chips of words */
.tk-app.tk-present.tk-compact .tk-compact-hide { display: none; }
.tk-app.tk-present.tk-compact .tk-compact-only { display: flex; }
/* a log on the slide shows its latest lines; the earlier ones scroll inside its box */
.tk-app.tk-present .tk-log-box, .tk-app.tk-present .tk-review-recap ul {
  max-height: calc(4 * 1.25em + 4px); overflow-y: auto; }
.tk-app.tk-present.tk-compact .tk-log-box, .tk-app.tk-present.tk-compact .tk-review-recap ul {
  max-height: calc(3 * 1.25em + 4px); }
.tk-app.tk-present .tk-panel { margin: 4px 0; padding: 2px 12px; }
.tk-app.tk-present .tk-panel p { margin: 4px 0; }
.tk-app.tk-present .tk-present-bar .widget-checkbox { width: auto; }
.tk-app.tk-present .tk-play .widget-hbox > .widget-html,
.tk-app.tk-present .tk-review .widget-hbox > .widget-html { flex: 1 1 100% !important; }
.tk-app.tk-present .lm-TabBar-tab { min-height: 44px; }
.tk-app.tk-present .tk-vote { outline: 6px solid #0b4f9c; }
.tk-present-keys { color: #333; }
.tk-app.tk-present .tk-head { flex: 0 1 auto; }
.tk-app.tk-present .tk-head h2 { white-space: nowrap; }
.tk-app.tk-present .tk-present-bar { flex-flow: row nowrap !important; }
/* the question and its answers first, the table under them: the class votes on sight */
.tk-app.tk-present .tk-lesson-question, .tk-app.tk-present .tk-practice-question { order: -3; }
.tk-app.tk-present .tk-lesson-choices, .tk-app.tk-present .tk-practice-choices { order: -2; }
.tk-app.tk-present .tk-lesson-feedback, .tk-app.tk-present .tk-practice-feedback { order: -1; }
/* a practice question is a slide like a lesson step: no intro, no progress table */
.tk-app.tk-present .tk-practice-intro,
.tk-app.tk-present .tk-practice-progress, .tk-app.tk-present .tk-practice-reset {
  display: none !important; }
/* on a wide screen, the question and its answers beside the table: all of it on one
   projected screen, the cards the question asks about included (the words' column
   takes --tk-k times its share: the fit, screen.py, makes it narrower for a crowded
   table, wider for long words) */
@media (min-aspect-ratio: 4/3) {
  /* (not !important: on another tab the tab bar's hiding must win) */
  .tk-app.tk-present .tk-lesson { display: grid; column-gap: 20px;
    grid-template-columns: minmax(0, calc(38% * var(--tk-k, 1))) minmax(0, 1fr);
    align-items: start; }
  .tk-app.tk-present .tk-lesson-question { grid-area: 1 / 1; }
  .tk-app.tk-present .tk-lesson-choices { grid-area: 2 / 1; }
  .tk-app.tk-present .tk-lesson-feedback { grid-area: 3 / 1; }
  .tk-app.tk-present .tk-lesson-nav { grid-area: 4 / 1; }
  .tk-app.tk-present .tk-lesson-table { grid-area: 1 / 2 / span 5 / 2; }
  .tk-app.tk-present .tk-practice { display: grid; column-gap: 20px;
    grid-template-columns: minmax(0, calc(38% * var(--tk-k, 1))) minmax(0, 1fr);
    align-items: start; }
  .tk-app.tk-present .tk-practice-question { grid-area: 1 / 1; }
  .tk-app.tk-present .tk-practice-choices { grid-area: 2 / 1; }
  .tk-app.tk-present .tk-practice-feedback { grid-area: 3 / 1; }
  .tk-app.tk-present .tk-practice-nav { grid-area: 4 / 1; }
  .tk-app.tk-present .tk-practice-table { grid-area: 1 / 2 / span 5 / 2; }
  /* an example: its title, buttons and caption beside the table */
  .tk-app.tk-present .tk-example { display: grid; column-gap: 20px;
    grid-template-columns: minmax(0, calc(38% * var(--tk-k, 1))) minmax(0, 1fr);
    align-items: start; }
  .tk-app.tk-present .tk-ex-head { grid-area: 1 / 1; }
  .tk-app.tk-present .tk-ex-nav { grid-area: 2 / 1; }
  .tk-app.tk-present .tk-ex-caption { grid-area: 3 / 1; }
  .tk-app.tk-present .tk-example .tk-narrator { grid-area: 4 / 1; }
  .tk-app.tk-present .tk-ex-table { grid-area: 1 / 2 / span 5 / 2; }
  /* the game in play: the table on the left, the status and the moves beside it */
  .tk-app.tk-present .tk-play-area { display: grid; column-gap: 20px; align-items: start;
    grid-template-columns: minmax(0, 1fr) minmax(0, calc(43% * var(--tk-k, 1))); }
  .tk-app.tk-present .tk-play-area > .tk-play-side { display: flex; min-width: 0; }
  .tk-app.tk-present .tk-play-side > * { order: 0; }
  /* the review: its buttons and recap beside the table (and its log); the table's
     column spans every row, its height going into the last (flexible) one, so that the
     recap stays under the buttons rather than under the table */
  .tk-app.tk-present .tk-review { display: grid; column-gap: 20px; align-items: start;
    grid-template-columns: minmax(0, calc(30% * var(--tk-k, 1))) minmax(0, 1fr);
    grid-template-rows: repeat(6, auto) 1fr; }
  .tk-app.tk-present .tk-review > * { grid-column: 1; }
  .tk-app.tk-present .tk-review-nav { flex-wrap: wrap; }
  .tk-app.tk-present .tk-review > .widget-hbox:last-child { grid-area: 1 / 2 / -1 / 3;
    flex-direction: column; }
}
</style>
"""


def asks_presenter(params: dict[str, str]) -> bool:
    """Whether ``?present=`` asks for presenter mode (``1``, ``yes``, ``true``, ``on``)."""
    return params.get("present", "").strip().lower() in ("1", "yes", "true", "on")


class Presenter:
    """The switch, the key handler and the vote-holding of one app."""

    def __init__(self, app: w.Box, tabs: w.Tab, lang: Language,
                 current: Callable[[], w.Widget | None]) -> None:
        self.app, self.tabs, self.lang, self.current = app, tabs, lang, current
        self._last: tuple[Any, Any] = (None, None)
        self.switch = w.ToggleButton(value=False, icon="television",
                                     layout=w.Layout(width="auto"))
        self.switch.add_class("tk-present-switch")
        self.hold = w.Checkbox(value=True, indent=False)
        self.hold.add_class("tk-present-hold")
        self.help = w.HTML()
        self.help.add_class("tk-present-keys")
        #: "Show QR full screen" (``q``) and Escape: ``show_qr(True)`` / ``show_qr(False)``
        #: (the app's teacher kit sets it: teacher.py)
        self.show_qr: Callable[[bool], None] = lambda _show: None
        self.qr_button = w.Button(icon="qrcode", layout=w.Layout(width="auto"))
        self.qr_button.add_class("tk-present-qr")
        self.qr_button.on_click(lambda _b: self.show_qr(True))
        #: told every action done (after it is done): the live class publishes the move
        self.moved: list[Callable[[str], None]] = []
        # the fit to the projector, and the keys from anywhere on the page (screen.py)
        self.screen = Screen(self.handle, watched_keys=list(KEYS))
        self.bar = w.HBox([self.switch, self.hold, self.qr_button, self.screen],
                          layout=w.Layout(flex_flow="row wrap", align_items="center",
                                          flex="0 0 auto"))
        self.bar.add_class("tk-present-bar")
        # keyboard events of the whole app while the pointer is over it (JupyterLab)
        self.keys = Event(source=app, watched_events=["keydown"])
        self.keys.on_dom_event(self.handle)
        self.switch.observe(lambda _c: self._apply(), names="value")
        self.hold.observe(lambda _c: self._apply(), names="value")
        lang.on_change(self.render)
        self.render()

    @property
    def on(self) -> bool:
        return bool(self.switch.value)

    def set(self, on: bool) -> None:
        self.switch.value = on

    def _apply(self) -> None:
        if self.on:
            self.app.add_class("tk-present")
        else:
            self.app.remove_class("tk-present")
        self.keys.prevent_default_action = self.on     # space must not scroll the page
        self.screen.present = self.on
        for lesson in self._lessons():
            lesson.hold_votes = self.on and bool(self.hold.value)
        self.render()

    def _lessons(self) -> list[LessonPlayer | PracticePlayer]:
        found = []
        for box in self.tabs.children:
            stack = [box]
            while stack:
                x = stack.pop()
                if isinstance(x, (LessonPlayer, PracticePlayer)):
                    found.append(x)
                stack += [c for c in getattr(x, "children", ()) if isinstance(c, w.Widget)]
        return found

    def render(self) -> None:
        t = self.lang.t
        self.switch.description = t("teacher.present.switch")
        self.switch.tooltip = t("teacher.present.tooltip")
        self.hold.description = t("teacher.present.hold")
        self.hold.layout.display = "" if self.on else "none"
        self.qr_button.description = t("teacher.present.qr")
        self.qr_button.layout.display = "" if self.on else "none"
        self.help.value = (f'<span>{t("teacher.present.keys")}</span>' if self.on else "")

    # ---- keys ------------------------------------------------------------------
    def handle(self, event: dict[str, Any]) -> None:
        """An ipyevents keydown: the key's action on the part on screen (presenter mode
        only, so typing in the app's text fields works as usual outside it)."""
        if not self.on or event.get("type", "keydown") != "keydown":
            return
        if event.get("ctrlKey") or event.get("altKey") or event.get("metaKey"):
            return
        # one key press can reach the kernel twice (ipyevents listens on the app and, while
        # the pointer is over it, on the document): the browser's time stamp tells
        stamp = (event.get("key"), event.get("timeStamp"))
        if stamp[1] is not None and stamp == self._last:
            return
        self._last = stamp
        action = KEYS.get(str(event.get("key", "")))
        if action is not None:
            self.do(action)

    def do(self, action: str) -> None:
        """``next``, ``back``, ``first``, ``reveal``, ``language``, ``qr`` or ``close``."""
        if action in ("qr", "close"):
            self.show_qr(action == "qr")
            return
        if action == "language":
            codes = list(LANGUAGES)
            self.lang.code = codes[(codes.index(self.lang.code) + 1) % len(codes)]
            return
        self._move(action)
        for listener in self.moved:
            listener(action)

    def on_screen(self) -> LessonPlayer | PracticePlayer | ExamplePlayer | None:
        """The lesson, practice question or rulebook example of the tab on screen."""
        inside = _inside(self.current())
        for kind in (LessonPlayer, PracticePlayer, ExamplePlayer):
            found = [x for x in inside if isinstance(x, kind)]
            if found:
                return found[0]
        return None

    def _move(self, action: str) -> None:
        shown = self.on_screen()
        if isinstance(shown, LessonPlayer):
            _lesson(shown, action)
            return
        if isinstance(shown, PracticePlayer):
            _question(shown, action)
            return
        if isinstance(shown, ExamplePlayer):
            _example(shown, action)
            return
        part = self.current()
        reviews = [x for x in _inside(part) if isinstance(x, GameReview) and _shown(x)
                   and x.game is not None]
        if reviews:
            _review(reviews[0], action)
            return
        games = [x for x in _inside(part) if isinstance(x, GamePlayer)]
        if games:
            _game(games[0], action)


def _shown(x: w.Widget) -> bool:
    return getattr(x.layout, "display", None) != "none"


def _inside(part: w.Widget | None) -> list[w.Widget]:
    """``part`` and every widget shown inside it, outermost first."""
    out: list[w.Widget] = []
    stack = [part] if part is not None else []
    while stack:
        x = stack.pop(0)
        if not _shown(x):
            continue
        out.append(x)
        stack += [c for c in getattr(x, "children", ()) if isinstance(c, w.Widget)]
    return out


def _lesson(p: LessonPlayer, action: str) -> None:
    if action == "next":
        p.go(p.index + 1)
    elif action == "back":
        p.go(p.index - 1)
    elif action == "first":
        p.go(0)
    elif action == "reveal":
        p.reveal()


def _question(p: PracticePlayer, action: str) -> None:
    """A practice question is a slide like a lesson step: → the next question, ``r``
    reveals the answer (the class's vote judged)."""
    if action == "next":
        p.ask_next()
    elif action == "reveal":
        p.reveal()


def _example(p: ExamplePlayer, action: str) -> None:
    if action == "next":
        p.step_forward()
    elif action == "back":
        p.step_back()
    elif action == "first":
        p.reset()


def _review(r: GameReview, action: str) -> None:
    if action in ("next", "back", "first"):
        r.go({"next": r.index + 1, "back": r.index - 1, "first": 0}[action])


def _game(g: GamePlayer, action: str) -> None:
    if action == "next" and g.waiting:
        g.continue_one()
    elif action == "back":
        g.take_back()
    elif action == "first" and g.game.is_over:
        g.open_review()
