"""The landing page: every implemented game, linked to its app."""

from __future__ import annotations

from html import escape

import ipywidgets as w

from ..core.registry import GAMES
from .lang import Language, LanguageSwitch, live_html
from .style import CSS
from .url_language import url_language


def landing(lang: Language) -> w.VBox:
    """Title, intro, language switch and one link per game in the registry."""
    def render() -> str:
        t = lang.t
        links = "".join(
            f'<li><a class="tk-game-link" href="{name}.ipynb?lang={lang.code}">'
            f'{escape(t("widgets.landing.open", game=t(f"{name}.title")))}</a></li>'
            for name in GAMES)
        return (f'<h2 class="tk-title">{escape(t("widgets.landing.title"))}</h2>'
                f'<p>{escape(t("widgets.landing.intro"))}</p><ul class="tk-games">{links}</ul>')

    box = w.VBox([w.HTML(CSS), url_language(lang), LanguageSwitch(lang),
                  live_html(lang, render)])
    box.add_class("tk-app")
    return box
