"""Helpers for the learner-facing widget tests: build an app, find its parts, read its text."""

from __future__ import annotations

from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any

import ipywidgets as w

from treasurekit.widgets.apps import app_for
from treasurekit.widgets.lang import Language


def build_app(game: str, code: str = "en") -> tuple[w.Widget, Language]:
    """The game's whole app, as ``show_app`` builds it in a Voila kernel."""
    lang = Language(code=code)
    return app_for(game)(lang), lang


def finish(player: Any) -> None:
    """The learner plays the first legal move every turn; the computer plays on."""
    player.pace.value = False
    for _ in range(3000):
        if player.game.is_over:
            return
        if player.waiting:
            player.continue_all()
        else:
            player.human_move(player.game.legal_moves()[0])
    raise AssertionError("the game did not end")


def walk(widget: Any) -> Iterator[Any]:
    """Every widget below ``widget`` (itself included), depth first."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


def find(widget: Any, kind: type) -> Any:
    return next(x for x in walk(widget) if isinstance(x, kind))


class _Text(HTMLParser):
    """Text a reader sees: text nodes, without stylesheets and SVG tooltips."""

    SKIP = {"style", "script", "title"}

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        if tag in self.SKIP:
            self.skipping += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in self.SKIP and self.skipping:
            self.skipping -= 1

    def handle_data(self, data: str) -> None:
        if not self.skipping:
            self.parts.append(data)


def text_nodes(html: str) -> list[str]:
    """The visible text of ``html``, node by node (whitespace collapsed, empty ones dropped)."""
    parser = _Text()
    parser.feed(html)
    return [" ".join(part.split()) for part in parser.parts if part.strip()]


def visible_text(html: str) -> str:
    return " ".join(text_nodes(html))
