"""The frame every game app shares: title, intro, language switch, tabs.

The frame also keeps the open tab, the lesson step and the game in play in the learner's
browser (keep.py), so that a new page of the app carries on where the last one was.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeAlias

import ipywidgets as w

from .browser_store import BrowserStore
from .keep import AppKeeper
from .lang import Language, LanguageSwitch
from .presenter import query_params
from .style import CSS
from .url_language import url_language

Part: TypeAlias = w.Widget | Callable[[], w.Widget]


def app_frame(game: str, lang: Language, tabs: list[tuple[str, Part]], intro_key: str) -> w.VBox:
    """Header with the game's title and the language switch, then one tab per part.

    A part given as a function is built the first time its tab is opened, so the app
    becomes interactive sooner.
    """
    head = w.HTML()
    head.add_class("tk-head")
    boxes = [part if isinstance(part, w.Widget) else w.VBox() for _, part in tabs]
    tab = w.Tab(children=boxes)
    tab.add_class("tk-tabs")

    def built(index: int) -> w.Widget:
        """The box of tab ``index``, its part built now if it was not yet."""
        part = tabs[index][1]
        if not isinstance(part, w.Widget) and not boxes[index].children:
            boxes[index].children = [part()]
        return boxes[index]

    def build(change: dict[str, Any]) -> None:
        index = change["new"]
        if index is not None and index < len(boxes):
            built(index)

    tab.observe(build, names="selected_index")
    box = w.VBox()
    box.add_class("tk-app")
    # presenter mode, the teacher's tab, ?present= and ?position= (teacher.py)
    from .teacher import equip

    top, box.presenter = equip(game, lang, tabs, tab, box)
    # what a new page carries on with: not the tab when a ?position= link opened a table
    store = BrowserStore(f"treasurekit.{game}")
    box.keeper = AppKeeper(store, tab, [key for key, _ in tabs], built,
                           restore_tab="position" not in query_params())

    def render() -> None:
        home = lang.t("widgets.home")
        head.value = (f'<h2 class="tk-title">{lang.t(f"{game}.title")}</h2>'
                      f'<p class="tk-intro">{lang.t(intro_key)} '
                      f'<a href="index.ipynb?lang={lang.code}">{home}</a></p>')
        tab.titles = tuple(lang.t(key) for key, _ in tabs)

    lang.on_change(render)
    render()
    box.children = [w.HTML(CSS), url_language(lang), store,
                    w.HBox([head, box.presenter.bar, LanguageSwitch(lang)],
                           layout=w.Layout(justify_content="space-between",
                                           align_items="center", flex_flow="row wrap")),
                    *top, box.presenter.help, tab]
    return box
