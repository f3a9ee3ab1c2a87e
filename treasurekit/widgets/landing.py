"""The landing page: a card per implemented game, linked to its app.

Each card shows the game's picture (a table from a real game, drawn by the app's own
drawing code, ``treasurekit.widgets.<game>.render_table``: inline SVG, nothing fetched),
its players, playing time and a one-line summary in the page's language (the rules
reference's landing data, ``tk.rules(game).landing``), and links straight to the lesson,
play, practice and rules tabs (``?tab=``). The cards wrap on a narrow screen.

On a server that keeps live classes, "Join a class" takes the code on the teacher's
screen and opens the class's app with ``?join=CODE`` (live.py).
"""

from __future__ import annotations

import os
from functools import cache
from html import escape
from importlib import import_module
from typing import Any
from urllib.parse import urlencode

import ipywidgets as w

from ..classroom import ClassAPI, ClassError
from ..classroom.config import class_store
from ..classroom.store import check_code
from ..core.game import Game
from ..core.practice import practice
from ..core.reference import landing as landing_of
from ..core.registry import GAMES, game_spec
from .example_player import Render
from .lang import Language, LanguageSwitch, button, live_html
from .style import CSS
from .url_language import GoTo, url_language

#: The tabs a card links to straight away (``?tab=<name>`` opens ``widgets.tab.<name>``).
LINKS = ("lesson", "play", "practice", "rules")
#: The seed of the practice question whose table is a game's picture.
PICTURE_SEED = 1

_CSS = """
<style>
.tk-game-cards { display: grid; gap: 14px; padding: 0; margin: 8px 0;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 320px), 1fr)); }
.tk-game-card { border: 2px solid #444; border-radius: 10px; padding: 10px 14px; background: #fff;
  color: #111; display: flex; flex-direction: column; gap: 6px; min-width: 0; }
.tk-game-card h3 { margin: 0; font-size: 1.25em; }
.tk-game-card p { margin: 0; }
.tk-game-picture { height: 170px; overflow: hidden; border-radius: 6px; background: #f4f7fb;
  position: relative; pointer-events: none; }
.tk-game-picture > div { transform: scale(0.42); transform-origin: top left; width: 238%; }
.tk-game-facts { display: flex; flex-wrap: wrap; gap: 4px 16px; font-weight: bold; }
.tk-game-links { display: flex; flex-wrap: wrap; gap: 6px 14px; }
.tk-game-links a { padding: 6px 0; }
</style>
"""


def renderer(game: str) -> Render:
    """The app's table drawing of ``game`` (``render_table`` of its spec's drawing)."""
    found: Render = import_module(game_spec(game).drawing).render_table
    return found


@cache
def _picture_question(game: str) -> tuple[Game[Any], int | None]:
    question = practice(game, seed=PICTURE_SEED)
    return question.table(), question.seat


def picture(game: str, lang: Language) -> str:
    """``game``'s picture: the table of one of its practice questions (a table reached by
    real play), drawn by the app, scaled down."""
    table, seat = _picture_question(game)
    drawing = renderer(game)(table, lang, seat)
    label = escape(lang.t("widgets.landing.picture", game=lang.t(f"{game}.title")))
    return (f'<div class="tk-game-picture" role="img" aria-label="{label}">'
            f'<div aria-hidden="true">{drawing}</div></div>')


def card(game: str, lang: Language) -> str:
    """One game's card (HTML)."""
    t, code, facts = lang.t, lang.code, landing_of(game)
    links = "".join(
        f'<a class="tk-game-to tk-game-to-{tab}" href="{game}.ipynb?lang={code}&amp;tab={tab}">'
        f'{escape(t(f"widgets.landing.{tab}"))}</a>' for tab in LINKS)
    return (f'<li class="tk-game-card tk-game-card-{game}">'
            f'<h3><a class="tk-game-link" href="{game}.ipynb?lang={code}">'
            f'{escape(t("widgets.landing.open", game=t(f"{game}.title")))}</a></h3>'
            f"{picture(game, lang)}"
            f'<p class="tk-game-facts"><span>{escape(facts.players_text(code))}</span>'
            f'<span title="{escape(facts.time_source(code))}">{escape(facts.time_text(code))}'
            "</span></p>"
            f'<p class="tk-game-summary">{escape(facts.summary(code))}</p>'
            f'<p class="tk-game-links">{links}</p></li>')


def landing(lang: Language) -> w.VBox:
    """Language switch, title and intro, "Join a class" (where the server keeps classes)
    and one card per game in the registry."""
    def head() -> str:
        t = lang.t
        return (f'<h2 class="tk-title">{escape(t("widgets.landing.title"))}</h2>'
                f'<p>{escape(t("widgets.landing.intro"))}</p>')

    def cards() -> str:
        named = escape(lang.t("widgets.landing.cards"))
        shown = "".join(card(name, lang) for name in GAMES)
        return f'<ul class="tk-games tk-game-cards" aria-label="{named}">{shown}</ul>'

    store = class_store()
    joining = [JoinForm(store, lang)] if store is not None else []
    box = w.VBox([w.HTML(CSS + _CSS), url_language(lang), LanguageSwitch(lang),
                  live_html(lang, head), *joining, live_html(lang, cards)])
    box.add_class("tk-app")
    return box


class JoinForm(w.VBox):
    """"Join a class": a class code, and the class's app opens with ``?join=CODE``; a
    wrong code gets the store's message (guessing is slowed down as for a join)."""

    def __init__(self, store: ClassAPI, lang: Language) -> None:
        super().__init__()
        self.store, self.lang = store, lang
        self.add_class("tk-join-class")
        self.head = w.HTML()
        self.code = w.Text(layout=w.Layout(width="10em"))
        self.code.add_class("tk-join-code")
        self.button = button("sign-in", "tk-join-go", self.go, button_style="primary")
        self.message = w.HTML()
        self.goto = GoTo()
        self.children = [self.head, w.HBox([self.code, self.button],
                                           layout=w.Layout(flex_flow="row wrap")),
                         self.message, self.goto]
        self.error: ClassError | None = None
        lang.on_change(self.render)
        self.render()

    def go(self) -> None:
        try:
            game = self.store.game_of(self.code.value, client=f"kernel:{os.getpid()}")
        except ClassError as err:
            self.error = err
            self.render()
            return
        if game in GAMES:
            query = urlencode({"join": check_code(self.code.value), "lang": self.lang.code})
            self.goto.href = f"{game}.ipynb?{query}"

    def render(self) -> None:
        t = self.lang.t
        self.head.value = f'<h3>{escape(t("classroom.live.landing_title"))}</h3>'
        self.code.placeholder = t("classroom.live.code")
        self.button.description = t("classroom.live.join")
        self.message.value = (f'<p class="tk-bad">{escape(self.error.text(self.lang.code))}</p>'
                              if self.error is not None else "")
