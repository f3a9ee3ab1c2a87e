"""The narrator: a log of events, each with the rulebook section that explains it."""

from __future__ import annotations

from html import escape

import ipywidgets as w

from ..core.events import Event
from .lang import Language
from .style import panel, rule_badge


class Narrator(w.HTML):
    """Shows events in the current language; re-renders when the language changes.

    The log reads in one direction, oldest first and the newest at the bottom, and its
    box opens scrolled to the bottom, so the last thing that happened is in sight.
    """

    def __init__(self, lang: Language, limit: int = 12, viewer: int | None = None) -> None:
        super().__init__()
        self.lang = lang
        self.limit = limit
        self.viewer = viewer   # the seat whose eyes read the log (None: sees everything)
        self.batches: list[list[Event]] = []
        self.add_class("tk-narrator")
        lang.on_change(self.render)
        self.render()

    def show(self, events: list[Event], replace: bool = False) -> None:
        if replace:
            self.batches = []
        if events:
            self.batches.append(list(events))
        self.render()

    def clear(self) -> None:
        self.batches = []
        self.render()

    def render(self) -> None:
        t = self.lang.t
        lines = []
        for batch in self.batches[-self.limit:]:
            for e in batch:
                rule, text = e.rule(self.lang.code), e.text(self.lang.code, self.viewer)
                badge = rule_badge(e.game, e.section, rule, t("widgets.rules.open"))
                lines.append(f"<li>{badge} {escape(text)}</li>")
        body = "".join(lines) or f"<li>{escape(t('widgets.nothing_yet'))}</li>"
        empty = "" if lines else " tk-log-empty"     # (a live class's phone leaves it out)
        # a column-reverse box starts scrolled to its end: the newest line
        self.value = panel(t("widgets.what_happened"),
                           f'<div class="tk-log-box"><ul class="tk-log{empty}">{body}</ul>'
                           "</div>")
