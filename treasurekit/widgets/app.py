"""The frame every game app shares: title, intro, language switch, tabs."""

from __future__ import annotations

import ipywidgets as w

from .lang import Language, LanguageSwitch
from .style import CSS


def app_frame(game: str, lang: Language, tabs: list[tuple[str, w.Widget]],
              intro_key: str) -> w.VBox:
    """Header with the game's title and the language switch, then one tab per part."""
    head = w.HTML()
    tab = w.Tab(children=[child for _, child in tabs])
    tab.add_class("tk-tabs")

    def render() -> None:
        home = lang.t("widgets.home")
        head.value = (f'<h2 class="tk-title">{lang.t(f"{game}.title")}</h2>'
                      f'<p class="tk-intro">{lang.t(intro_key)} '
                      f'<a href="index.ipynb?lang={lang.code}">{home}</a></p>')
        tab.titles = tuple(lang.t(key) for key, _ in tabs)

    lang.on_change(render)
    render()
    box = w.VBox([w.HTML(CSS), w.HBox([head, LanguageSwitch(lang)],
                         layout=w.Layout(justify_content="space-between", align_items="center")),
                  tab])
    box.add_class("tk-app")
    return box
