"""The landing page: a card per implemented game, linked to its app.

Each card shows the game's picture (a table from a real game, drawn by the app's own
drawing code, ``treasurekit.widgets.<game>.render_table``: inline SVG, nothing fetched),
its players, playing time and a one-line summary in the page's language (the rules
reference's landing data, ``tk.rules(game).landing``), and links straight to the lesson,
play, practice and rules tabs (``?tab=``). The cards wrap on a narrow screen.
"""

from __future__ import annotations

from functools import cache
from html import escape
from importlib import import_module
from typing import Any

import ipywidgets as w

from ..core.game import Game
from ..core.practice import practice
from ..core.reference import landing as landing_of
from ..core.registry import GAMES, game_spec
from .example_player import Render
from .lang import Language, LanguageSwitch, live_html
from .style import CSS
from .url_language import url_language

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
    """Title, intro, language switch and one card per game in the registry."""
    def render() -> str:
        t = lang.t
        cards = "".join(card(name, lang) for name in GAMES)
        named = escape(t("widgets.landing.cards"))
        return (f'<h2 class="tk-title">{escape(t("widgets.landing.title"))}</h2>'
                f'<p>{escape(t("widgets.landing.intro"))}</p>'
                f'<ul class="tk-games tk-game-cards" aria-label="{named}">{cards}</ul>')

    box = w.VBox([w.HTML(CSS + _CSS), url_language(lang), LanguageSwitch(lang),
                  live_html(lang, render)])
    box.add_class("tk-app")
    return box
