"""The rules reference in the app: § badges that open their rule, and the Rules tab.

Every § badge an app draws (an event in a log, a lesson step, an example, a practice
question) is made by :func:`rule_badge`: it carries the section's catalog key in
``data-tk-rule``. One small anywidget per app, :class:`RuleLinks`, listens in the page
for a click (or Enter) on such a badge and sends the key to the kernel, which checks it
against the game's rulebook (``tk.rules``) and opens that section in the Rules tab
(:class:`RulesPanel`): the rule in a few words, its related rules (badges again) and
"show me", a table where it applies, drawn by the app's own drawing code, or a practice
question of that section. The tab lists every section in the book's order, with a
search box that finds words in English and Dutch.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import anywidget
import ipywidgets as w
import traitlets

from ..core.errors import TreasureKitError
from ..core.practice import practice_of
from ..core.reference import MAX_QUERY, RuleBook, RuleEntry, rules
from .example_player import Render
from .lang import Language, button
from .style import panel, rule_badge

#: The longest section key a badge may send (longer ones are ignored unread).
MAX_KEY = 60


_ESM = """
function render({ model, el }) {
  el.style.display = "none";
  // the badges of this app only (its root holds this hidden view): another app of the
  // same page (two in one notebook) hears its own
  const open = (event) => {
    const target = event.target;
    if (!target || typeof target.closest !== "function") return;
    const badge = target.closest("[data-tk-rule]");
    if (!badge || badge.getAttribute("data-tk-game") !== model.get("game")) return;
    const app = el.closest(".tk-app");
    if (app && badge.closest(".tk-app") !== app) return;
    if (event.type === "keydown" && event.key !== "Enter") return;
    event.preventDefault();
    model.send({ open: String(badge.getAttribute("data-tk-rule")).slice(0, 60) });
  };
  document.addEventListener("click", open);
  document.addEventListener("keydown", open);
  return () => {
    document.removeEventListener("click", open);
    document.removeEventListener("keydown", open);
  };
}
export default { render };
"""

_CSS = """
.tk-rule-link { cursor: pointer; text-decoration: underline dotted; }
.tk-rule-link:hover, .tk-rule-link:focus { background: #0b4f9c; outline: 2px solid #0b4f9c; }
"""


class RuleLinks(anywidget.AnyWidget):  # type: ignore[misc, unused-ignore]
    """Hears the page's clicks on this game's § badges and calls ``on_open(key)`` with
    a section key the game's rulebook has (anything else is ignored)."""

    _esm = _ESM
    _css = _CSS
    game = traitlets.Unicode("").tag(sync=True)

    def __init__(self, game: str, on_open: Callable[[str], None]) -> None:
        super().__init__(game=game)
        self.add_class("tk-rule-links")
        self.sections = {entry.section.key for entry in rules(game)}
        self.on_open = on_open
        self.on_msg(self._message)

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        key = content.get("open") if isinstance(content, dict) else None
        if type(key) is str and len(key) <= MAX_KEY and key in self.sections:
            self.on_open(key)

    def touch(self, key: Any) -> None:
        """What a click on a badge of ``key`` does (for tests, which have no browser)."""
        self._message(self, {"open": key}, [])


class RulesPanel(w.VBox):
    """The Rules tab: search, every section as a button, the section opened.

    ``practise(kind, section)`` (optional) opens a practice question of a practice kind on
    a section; the panel offers it for a section that a practice kind of the game asks
    about."""

    def __init__(self, game: str, lang: Language, render: Render,
                 practise: Callable[[str, str], None] | None = None) -> None:
        super().__init__()
        self.game, self.lang, self.render_table = game, lang, render
        self.book: RuleBook = rules(game)
        self.practise = practise
        #: practice kind -> the section it asks about
        self.kinds = {kind.key: kind.section.key for kind in practice_of(game).kinds}
        self.add_class("tk-rules")
        self.intro = w.HTML()
        self.search = w.Text(continuous_update=True, layout=w.Layout(width="min(100%, 28em)"))
        self.search.add_class("tk-rules-search")
        self.search.observe(lambda _c: self.filter(), names="value")
        self.count = w.HTML()
        self.count.add_class("tk-rules-count")
        self.buttons: dict[str, w.Button] = {}
        for entry in self.book:
            b = w.Button(layout=w.Layout(width="auto"))
            b.add_class("tk-rules-item")
            b.on_click(lambda _b, key=entry.section.key: self.open_section(key))
            self.buttons[entry.section.key] = b
        self.list = w.Box(list(self.buttons.values()),
                          layout=w.Layout(display="flex", flex_flow="row wrap"))
        self.list.add_class("tk-rules-list")
        self.detail = w.HTML()
        self.detail.add_class("tk-rules-detail")
        self.show = button("eye", "tk-rules-show", self.show_me)
        self.practice = button("question-circle", "tk-rules-practise", self._practise)
        self.back = button("arrow-left", "tk-rules-back", lambda: self.on_back())
        self.back_to: str | None = None
        self.on_back: Callable[[], None] = lambda: None
        self.table = w.HTML()
        self.table.add_class("tk-rules-table")
        self.children = [self.intro, self.search, self.count, self.list, self.detail,
                         w.HBox([self.back, self.show, self.practice],
                                layout=w.Layout(flex_flow="row wrap")), self.table]
        self.entry: RuleEntry | None = None
        self.shown = -1                # the index of the "show me" table drawn (-1: none)
        lang.on_change(self.refresh)
        self.filter()
        self.open_section(self.book[0].section.key)

    # ---- what the learner does --------------------------------------------------------
    def open_section(self, key: str, back_to: str | None = None) -> None:
        """Show the section ``key`` (a § badge's); ``back_to``: the tab title to offer a
        way back to. A key the book does not have changes nothing."""
        try:
            entry = self.book.entry(key)
        except TreasureKitError:
            return
        self.entry, self.shown, self.back_to = entry, -1, back_to
        self.table.value = ""
        self.refresh()

    def show_me(self) -> None:
        """Draw the section's next "show me" table (each press shows another)."""
        if self.entry is None or not self.entry.tables:
            return
        self.shown = (self.shown + 1) % len(self.entry.tables)
        self._draw()

    def _draw(self) -> None:
        if self.entry is None or self.shown < 0:
            self.table.value = ""
            return
        table = self.entry.show_me(self.shown, self.lang.code)
        self.table.value = (f'<p class="tk-muted">{escape(self.lang.t("widgets.rules.table"))}'
                            f"</p>" + self.render_table(table, self.lang, None))

    def _practise(self) -> None:
        kind = self.kind()
        if kind is not None and self.practise is not None and self.entry is not None:
            self.practise(kind, self.entry.section.key)

    def kind(self) -> str | None:
        """A practice kind that asks about the open section (None if no kind does)."""
        if self.entry is None:
            return None
        return next((k for k, s in self.kinds.items() if s == self.entry.section.key), None)

    def filter(self) -> None:
        """Show the sections that hold every word of the search box (all if empty)."""
        query = str(self.search.value)[:MAX_QUERY]
        found = self.book.search(query, self.lang.code) if query.strip() else list(self.book)
        keys = [e.section.key for e in found]
        for key, b in self.buttons.items():
            b.layout.display = "" if key in keys else "none"
        # the best match first, as the search ranks them
        self.list.children = ([self.buttons[k] for k in keys]
                              + [b for k, b in self.buttons.items() if k not in keys])
        t = self.lang.t
        if not query.strip():
            said = t("widgets.rules.all", n=len(keys))
            self.count.value = f'<p class="tk-muted">{escape(said)}</p>'
        elif keys:
            self.count.value = f'<p>{escape(t("widgets.rules.found", n=len(keys)))}</p>'
        else:
            self.count.value = f'<p class="tk-bad">{escape(t("widgets.rules.none"))}</p>'

    @property
    def found(self) -> list[str]:
        """The section keys the list shows, in its order."""
        return [key for b in self.list.children for key, x in self.buttons.items()
                if x is b and b.layout.display != "none"]

    # ---- drawing ------------------------------------------------------------------------
    def refresh(self) -> None:
        t, code = self.lang.t, self.lang.code
        self.intro.value = f'<p class="tk-muted">{escape(t("widgets.rules.intro"))}</p>'
        self.search.placeholder = t("widgets.rules.search")
        self.search.description = ""
        for each in self.book:
            b = self.buttons[each.section.key]
            b.description = "§ " + each.title(code)
            b.button_style = "info" if each is self.entry else ""
        self.filter()
        self.show.description = t("widgets.rules.show_me")
        self.practice.description = t("widgets.rules.practise")
        entry = self.entry
        self.back.layout.display = "" if self.back_to is not None else "none"
        if self.back_to is not None:
            self.back.description = t("widgets.rules.back", tab=self.back_to)
        if entry is None:
            self.detail.value = ""
            return
        tip = t("widgets.rules.open")
        related = " ".join(rule_badge(self.game, other, self.book.entry(other).title(code), tip)
                           for other in entry.related)
        body = "".join(f"<p>{escape(part)}</p>" for part in entry.text(code).split("\n\n"))
        if related:
            body += (f'<p class="tk-rules-related">{escape(t("widgets.rules.related"))}: '
                     f"{related}</p>")
        self.detail.value = panel("§ " + entry.title(code), body)
        self.show.layout.display = "" if entry.tables else "none"
        self.practice.layout.display = ("" if self.kind() is not None
                                        and self.practise is not None else "none")
        self._draw()


__all__ = ["RuleLinks", "RulesPanel", "rule_badge"]
