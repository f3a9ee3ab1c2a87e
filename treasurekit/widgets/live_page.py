"""A student's device in a live class without a kernel of its own: the class's page.

On one machine (``make serve``, ``make serve-class``) a student who opens ``?join=CODE``
gets this page instead of the app with a kernel of its own (``treasurekit.serving``
answers it): a nickname form, then the teacher's lesson step, practice question, example
step or shared table, drawn by the server and followed by polling it twice a second, and
answered with a tap. A kernel per phone cost the server some 0.2 CPU-seconds and a
hundred-odd megabytes per student and the phone 5 MB of scripts; this page is one small
document and a few short requests.

What the page shows is what the app's own players draw: the server keeps one app per game
and language (no kernel: the widgets are plain Python objects), opens the item in it as
the app's :class:`~.live.Follower` does (:func:`~.live.open_item`), marks the student's
answer on it (:func:`~.live.mark_vote`) or reveals it, and turns the player's widgets into
static HTML (:func:`static_html`): the same panels, drawings, § badges and feedback, and
the answer buttons carrying the store's choice ids. Each drawing is made once per item,
language, answer and reveal (:class:`Snapshots`), so a class of 30 asks for it once.
The status lines are the Follower's (:func:`~.live.status_html`). Nothing here is a rule
nor parses notation; the store checks every request (:class:`~treasurekit.classroom.
ClassAPI`), and the server bounds them (``serving.LiveHandler``).

On a school's JupyterHub each student has a server of their own, and ``?join=`` opens the
app's Follower there; ``&app=1`` opens it here too (a shared table to play on from).

>>> snapshots = Snapshots()
>>> html = snapshots.step("lesson:diving_bell:0", "en", ("0", "1"), None, False)
>>> html.count('data-choice="'), "tk-lesson-question" in html
(2, True)
"""

from __future__ import annotations

import collections
import json
import threading
from collections.abc import Iterable
from html import escape
from typing import Any
from urllib.parse import urlencode

import ipywidgets as w

from ..classroom import ClassAPI, ClassError, Now
from ..classroom.store import NICKNAME_MAX, check_code
from ..core.i18n import LANGUAGES, tr
from ..core.registry import GAMES
from .apps import app_for
from .example_player import ExamplePlayer
from .game_player import GamePlayer
from .lang import LANGUAGE_NAMES, Language
from .lesson_player import LessonPlayer
from .live import (
    LIVE_CSS,
    POLL_SECONDS,
    follow_on,
    item_parts,
    mark_vote,
    open_item,
    status_html,
    student_state,
    student_tone,
)
from .practice_player import PracticePlayer
from .share import share_query
from .style import panel
from .table import ClickableTable

#: drawings kept (item, language, answer, reveal): a lesson's steps in two languages
#: with every answer, and a few questions more
KEEP_DRAWINGS = 256

#: layout traits of a box or a button, as CSS properties
_LAYOUT = ("display", "flex_flow", "flex", "justify_content", "align_items",
           "align_content", "width", "min_width", "max_width", "height", "max_height",
           "margin", "padding", "grid_template_columns", "grid_template_areas", "grid_gap",
           "overflow", "border")

#: what Voila's widget styles give the widgets a player is made of (boxes are flex boxes,
#: buttons of ipywidgets' colours); the app's own style sheets come on top
WIDGET_CSS = """
.widget-box { box-sizing: border-box; display: flex; margin: 0; min-width: 0; }
.widget-vbox { flex-direction: column; }
.widget-hbox { flex-direction: row; }
.widget-html, .widget-html-content { min-width: 0; }
.jupyter-button { font: inherit; font-size: 15px; min-height: 44px; padding: 4px 14px;
  margin: 2px; border: 0; border-radius: 4px; background: #eee; color: #000;
  box-shadow: 0 1px 2px rgba(0,0,0,.3); cursor: pointer; touch-action: manipulation; }
.jupyter-button:disabled { opacity: .65; cursor: default; }
.jupyter-button.mod-success { background: #388e3c; color: #fff; }
.jupyter-button.mod-danger { background: #d32f2f; color: #fff; }
.jupyter-button.mod-primary { background: #1976d2; color: #fff; }
.jupyter-button.tk-vote { outline: 3px solid #0b4f9c; outline-offset: 1px; }
/* (judged answers stay readable: not faded as other disabled buttons) */
.jupyter-button:disabled.mod-success { opacity: 1; background: #2e7d32; }
.jupyter-button:disabled.mod-danger { opacity: 1; background: #c62828; }
"""

#: the page around the class: the app's title row, the form and status, the step
PAGE_CSS = """
body { margin: 0; padding: 8px 12px; font-family: system-ui, -apple-system, "Segoe UI",
  Roboto, sans-serif; color: #111; background: #fff; }
.tk-light-head { display: flex; flex-wrap: wrap; justify-content: space-between;
  align-items: center; gap: 4px 16px; }
.tk-light-head a { font-size: 16px; padding: 10px 4px; display: inline-block; }
.tk-live-nickname input { box-sizing: border-box; width: 100%; max-width: 22em;
  font-size: 18px; min-height: 44px; padding: 4px 8px; }
.tk-light-form-row { display: flex; flex-wrap: wrap; gap: 8px; align-items: center;
  margin: 8px 0; }
.tk-light .tk-live-follower { display: contents; }
.tk-light .tk-live-status-box:has(p) { position: sticky; top: 0; z-index: 3;
  background: #fff; border-bottom: 1px solid #bbb; padding: 2px 4px; }
.tk-light .tk-live-status-box p { margin: 4px 0; line-height: 1.3; }
.tk-light-step .tk-lesson-feedback, .tk-light-step .tk-practice-feedback {
  scroll-margin: 96px 0 96px; }
.tk-light-step .widget-html:has(.tk-log-empty) { display: none; }
.tk-light-play { margin: 8px 0; }
@media (max-width: 600px) {
  /* a phone: the question, the table, the why (or the answer marked), then the answers,
     kept at the bottom of the screen while the rest scrolls */
  .tk-light-step .tk-lesson, .tk-light-step .tk-practice { display: flex;
    flex-direction: column; }
  .tk-light-step .tk-lesson-question, .tk-light-step .tk-practice-question { order: -3; }
  .tk-light-step .tk-lesson-table, .tk-light-step .tk-practice-table { order: -2; }
  .tk-light-step .tk-lesson-feedback, .tk-light-step .tk-practice-feedback { order: -1; }
  .tk-light-step .tk-lesson-choices, .tk-light-step .tk-practice-choices { order: 0;
    position: sticky; bottom: 0; z-index: 2; background: #fff; padding: 4px 0;
    border-top: 1px solid #bbb; }
  /* (judged: nothing more to tap, the why has the room) */
  .tk-light-step.tk-light-revealed .tk-lesson-choices,
  .tk-light-step.tk-light-revealed .tk-practice-choices { position: static; }
  .tk-light-step svg { max-width: 100%; height: auto; }
}
"""

#: the page's script: join, follow (poll), answer. The server does the rest.
PAGE_JS = """
(() => {
  const root = document.querySelector(".tk-light");
  const code = root.dataset.code, lang = root.dataset.lang, api = root.dataset.api;
  const key = "treasurekit.live." + code;
  const form = root.querySelector(".tk-live-form"), box = root.querySelector(
    ".tk-live-status-box"), step = root.querySelector(".tk-light-step");
  const input = form.querySelector("input"), formError = form.querySelector(
    ".tk-light-form-error");
  let kept = null, have = "", shownStep = "", busy = false, timer = 0;
  try { kept = JSON.parse(localStorage.getItem(key) || "null"); } catch (e) { kept = null; }
  const xsrf = () => (document.cookie.match(/(?:^|;\\s*)_xsrf=([^;]*)/) || [])[1] || "";
  async function call(what, body) {
    try {
      const r = await fetch(api + what, {method: "POST", credentials: "same-origin",
        headers: {"Content-Type": "application/json", "X-XSRFToken": decodeURIComponent(xsrf())},
        body: JSON.stringify(Object.assign({code: code, lang: lang}, body))});
      return await r.json();
    } catch (e) { return {error: root.dataset.offline, kind: "offline"}; }
  }
  function joined(on) {
    form.hidden = on;
    if (!on) { step.replaceChildren(); box.replaceChildren(); shownStep = ""; have = ""; }
  }
  function apply(got) {
    if (got.status !== undefined && got.status !== null) box.innerHTML = got.status;
    if (got.step !== undefined && got.step_key !== shownStep) {
      const moved = shownStep === "" || JSON.parse(shownStep)[0] !== got.item_no;
      step.innerHTML = got.step; shownStep = got.step_key;
      step.classList.toggle("tk-light-revealed", !!got.revealed);
      if (moved) window.scrollTo(0, 0);        // a new step opens at its question
      else if (got.revealed) {
        const why = step.querySelector(".tk-lesson-feedback, .tk-practice-feedback");
        if (why) why.scrollIntoView({block: "nearest"});
      }
    }
    if (got.have) have = got.have;
  }
  async function poll() {
    clearTimeout(timer);
    if (!kept || busy) { timer = setTimeout(poll, %(poll_ms)d); return; }
    busy = true;
    const got = await call("now", {token: kept.token, name: kept.name, have: have});
    busy = false;
    if (got.kind === "not_student" || got.kind === "no_class") {
      localStorage.removeItem(key); kept = null; joined(false);
      formError.textContent = got.error;
    } else if (!got.same) apply(got);
    if (got.ended) return;                     // the teacher ended the class: nothing more
    timer = setTimeout(poll, %(poll_ms)d);
  }
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const button = form.querySelector("button");
    button.disabled = true;
    const got = await call("join", {nickname: input.value});
    button.disabled = false;
    if (got.error) { formError.textContent = got.error; return; }
    kept = {token: got.token, name: got.name};
    try { localStorage.setItem(key, JSON.stringify(kept)); } catch (e) { /* private mode */ }
    formError.textContent = ""; joined(true); poll();
  });
  step.addEventListener("click", async (event) => {
    const target = event.target.closest("button[data-choice]");
    if (!target || target.disabled || !kept) return;
    const got = await call("answer", {token: kept.token, name: kept.name,
      item_no: Number(target.dataset.itemNo), choice: target.dataset.choice});
    apply(got);                 // taken (marked), or refused (said, until the next change)
  });
  if (kept) { joined(true); poll(); } else { input.focus(); }
})();
"""


# ---- a player's widgets as static HTML -----------------------------------------------------
def _style(layout: Any) -> str:
    rules = [f"{name.replace('_', '-')}: {getattr(layout, name)}" for name in _LAYOUT
             if getattr(layout, name, None)]
    return f' style="{escape("; ".join(rules))}"' if rules else ""


def static_html(widget: w.Widget, choices: Iterable[str] = (), item_no: int = 0,
                enabled: bool = True) -> str:
    """``widget`` and what it holds as static HTML, as Voila would draw it: boxes, HTML,
    labels and drawings (:class:`~.table.ClickableTable`) with their classes and layout;
    the answer buttons (``tk-choice``, in order) carry ``choices`` (and ``item_no``),
    every other control is left out (the page only follows and answers). Hidden widgets
    are left out too. Not ``enabled``: every answer button is disabled (answers closed).

    >>> box = w.VBox([w.HTML("<b>Hi</b>"), w.Button(description="<1>")]).add_class("x")
    >>> box.children[1].add_class("tk-choice")
    Button(...)
    >>> print(static_html(box, ["a"], 3).replace("><", ">\\n<").replace(' data-c', '\\n data-c'))
    <div class="widget-box widget-vbox x">
    <div class="widget-html">
    <div class="widget-html-content">
    <b>Hi</b>
    </div>
    </div>
    <button class="jupyter-button widget-button tk-choice"
     data-choice="a" data-item-no="3">&lt;1&gt;</button>
    </div>
    """
    left = list(choices)

    def draw(x: Any) -> str:
        layout = getattr(x, "layout", None)
        if layout is not None and layout.display == "none":
            return ""
        classes = "".join(f" {escape(c)}" for c in getattr(x, "_dom_classes", ()))
        if isinstance(x, w.Button):
            if "tk-choice" not in x._dom_classes or not left:
                return ""
            mod = f" mod-{escape(x.button_style)}" if x.button_style else ""
            disabled = " disabled" if x.disabled or not enabled else ""
            return (f'<button class="jupyter-button widget-button{classes}{mod}" '
                    f'data-choice="{escape(left.pop(0))}" data-item-no="{item_no}"{disabled}>'
                    f"{escape(x.description)}</button>")
        if isinstance(x, (w.HTML, w.HTMLMath, ClickableTable)):
            return (f'<div class="widget-html{classes}"{_style(layout)}>'
                    f'<div class="widget-html-content">{x.value}</div></div>')
        if isinstance(x, w.Label):
            return f'<div class="widget-label{classes}">{escape(x.value)}</div>'
        if isinstance(x, w.Box):
            kind = ("widget-hbox" if isinstance(x, w.HBox) else "widget-vbox"
                    if isinstance(x, w.VBox) else "")
            inner = "".join(draw(c) for c in x.children)
            return f'<div class="widget-box {kind}{classes}"{_style(layout)}>{inner}</div>'
        return ""

    return draw(widget)


def style_sheets(app: w.Widget) -> list[str]:
    """Every style sheet the app holds (HTML widgets that only carry ``<style>``)."""
    found: list[str] = []
    stack = [app]
    while stack:
        x = stack.pop()
        if isinstance(x, w.HTML) and x.value.lstrip().startswith("<style"):
            found.append(x.value)
        stack.extend(reversed(getattr(x, "children", ())))
    return found


class Snapshots:
    """The class's items drawn by the app's own players, as static HTML: one app per game
    and language in this process (built when first asked), each drawing kept."""

    def __init__(self) -> None:
        self._apps: dict[tuple[str, str], Any] = {}
        self._drawn: collections.OrderedDict[tuple[Any, ...], str] = collections.OrderedDict()
        self._styles: dict[tuple[str, str], list[str]] = {}
        #: the widgets are not made for threads: one drawing at a time
        self.lock = threading.Lock()

    def app(self, game: str, lang: str) -> Any:
        if (game, lang) not in self._apps:
            self._apps[game, lang] = app_for(game)(Language(code=lang))
        return self._apps[game, lang]

    def styles(self, game: str, lang: str) -> str:
        """The style sheets a drawing of ``game`` needs (the app's, the live class's)."""
        with self.lock:
            if (game, lang) not in self._styles:
                self._styles[game, lang] = style_sheets(self.app(game, lang))
            sheets = self._styles[game, lang]
        return "".join(dict.fromkeys([*sheets, LIVE_CSS]))

    def step(self, item: str, lang: str, choices: tuple[str, ...], vote: str | None,
             revealed: bool, item_no: int = 0, closed: bool = False) -> str | None:
        """The item as a student's device shows it: ``vote`` marked (not judged), or
        judged once ``revealed`` (the right answer shown where there is no vote), its
        answers not to be tapped once ``closed``; None for an item no app can show."""
        key = (item, lang, choices, vote, revealed, item_no, closed)
        with self.lock:
            if key in self._drawn:
                self._drawn.move_to_end(key)
                return self._drawn[key]
            drawn = self._draw(item, lang, choices, vote, revealed, item_no, closed)
            if drawn is None:
                return None
            self._drawn[key] = drawn
            while len(self._drawn) > KEEP_DRAWINGS:
                self._drawn.popitem(last=False)
            return drawn

    def _draw(self, item: str, lang: str, choices: tuple[str, ...], vote: str | None,
              revealed: bool, item_no: int, closed: bool) -> str | None:
        _kind, game, rest = item_parts(item)
        if game not in GAMES or lang not in LANGUAGES:
            return None
        app = self.app(game, lang)
        player = open_item(game, item, app.show_part, getattr(app, "open_table", None))
        if player is None:
            return None
        self._styles.pop((game, lang), None)     # a tab built just now may bring a sheet
        follow_on(player, None)
        if isinstance(player, (LessonPlayer, PracticePlayer)):
            if vote is not None:
                mark_vote(player, vote)
            if revealed:
                player.reveal()
        if isinstance(player, GamePlayer):
            # (to play on, the app: its Play tab carries on from the shared table)
            link = f"{game}.ipynb{share_query(rest, lang)}"
            play_on = tr("classroom.live.play_on", lang)
            return (static_html(player.table) + f'<p class="tk-light-play"><a href="'
                    f'{escape(link)}" target="_blank" rel="noopener">{escape(play_on)}</a></p>')
        if isinstance(player, ExamplePlayer):
            return static_html(player)
        return static_html(player, choices, item_no, enabled=not closed)


# ---- the page and what it asks ------------------------------------------------------------
def page(game: str, code: str, lang: str, api: str, styles: str) -> str:
    """The page a student's device opens (``?join=CODE``): the game's title, a link to
    the other language, the nickname form; the script does the rest (``api``: the
    address its requests go to, ending in ``/``)."""
    def t(key: str, **params: Any) -> str:
        return tr(key, lang, **params)

    try:
        shown_code = check_code(code)       # (typed in small letters: as the teacher's)
    except ClassError:
        shown_code = code[:40]
    other = next(x for x in LANGUAGES if x != lang)
    switch = (f'<span class="tk-light-links"><a class="tk-light-home" '
              f'href="index.ipynb?{urlencode({"lang": lang})}">{escape(t("widgets.home"))}</a>'
              f' · <a class="tk-light-lang" lang="{other}" '
              f'href="?{escape(_query(shown_code, other))}">{LANGUAGE_NAMES[other]}</a></span>')
    intro = panel(t("classroom.live.join_title", code=shown_code),
                  f'<p>{escape(t("classroom.live.join_intro"))}</p>')
    script = PAGE_JS % {"poll_ms": int(POLL_SECONDS * 1000)}
    data = (f'data-code="{escape(shown_code)}" data-lang="{lang}" data-api="{escape(api)}" '
            f'data-offline="{escape(t("classroom.error.unavailable"))}"')
    return (f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            '<link rel="icon" href="data:,">'
            f"<title>{escape(t(f'{game}.title'))} · {escape(shown_code)}</title>"
            f"<style>{WIDGET_CSS}{PAGE_CSS}</style>{styles}</head><body>"
            f'<div class="tk-app tk-live-student tk-light" {data}>'
            f'<div class="tk-light-head"><h2 class="tk-title">{escape(t(f"{game}.title"))}</h2>'
            f"{switch}</div>"
            '<div class="tk-live-follower">'
            f'<form class="tk-live-form">{intro}<div class="tk-light-form-row">'
            f'<div class="tk-live-nickname"><input name="nickname" autocomplete="off" '
            f'maxlength="{NICKNAME_MAX}" aria-label="{escape(t("classroom.live.nickname"))}" '
            f'placeholder="{escape(t("classroom.live.nickname"))}"></div>'
            f'<button class="jupyter-button mod-primary tk-live-join" type="submit">'
            f'{escape(t("classroom.live.join"))}</button></div>'
            '<p class="tk-bad tk-live-error tk-light-form-error" aria-live="polite"></p></form>'
            '<div class="tk-live-status-box" aria-live="polite"></div></div>'
            '<div class="tk-light-step"></div></div>'
            f"<script>{script}</script></body></html>\n")


def _query(code: str, lang: str) -> str:
    return urlencode({"join": code, "lang": lang})


def follow(store: ClassAPI, snapshots: Snapshots, code: str, token: str, name: str,
           lang: str, have: str = "", error: ClassError | None = None) -> dict[str, Any]:
    """What a student's page shows now (the answer to its poll): the status lines (with
    ``error``, a refusal, below them), the step's drawing and a key of both (``have``: the
    key the page holds; then only ``same``). The store refuses a token it does not know
    (``ClassError``)."""
    language = Language(code=lang)
    now: Now = store.now(code)
    mine = store.mine(code, token, now.item_no)     # (refused for a token it does not know)
    given = mine.choice if now.choices else None
    verdict = mine.right if now.revealed else None
    key = json.dumps([now.item_no, now.item, now.answers_open, now.revealed, given, lang,
                      name, now.ended])
    if key == have and error is None:
        return {"same": True}
    closed = bool(now.choices) and not now.answers_open
    step = (snapshots.step(now.item, lang, now.choices, given, now.revealed, now.item_no,
                           closed) if now.item_no else None)
    shown = step is not None
    state = student_state(now, given, verdict, shown, language)
    tone = student_tone(now, given, verdict, shown)
    return {"have": key, "status": status_html(language, code, name, state, tone, error),
            "step": step or "", "item_no": now.item_no, "revealed": now.revealed,
            "ended": now.ended,
            "step_key": json.dumps([now.item_no, given, now.revealed, closed, lang])}


def refused(err: ClassError, lang: str) -> dict[str, Any]:
    """A refused request, as the page tells it (``kind``: the store's reason, the last
    part of its catalog key)."""
    return {"error": err.text(lang), "kind": err.message.key.rsplit(".", 1)[-1]}


__all__ = ["Snapshots", "follow", "page", "refused", "static_html", "style_sheets"]
