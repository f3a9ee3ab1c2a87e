"""The frame every game app shares: title, intro, language switch, tabs.

Given the game's table drawing (``render``), the frame adds the tabs every game has: Practice
(engine-made questions without end, practice_player.py) and Rules (the rules reference,
rules_ref.py), and makes every § badge of the app open its rule there.

The frame also keeps the open tab, the lesson step, the game in play and the practice
progress in the learner's browser (keep.py), so that a new page of the app carries on
where the last one was. ``?tab=lesson`` (``play``, ``practice``, ``rules``...) opens a tab,
and ``?join=CODE`` makes the page a student's device in the teacher's live class
(live.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeAlias

import ipywidgets as w

from ..classroom.config import class_store
from .browser_store import BrowserStore
from .example_player import Render
from .keep import AppKeeper
from .lang import Language, LanguageSwitch
from .live import Follower
from .practice_player import PracticePlayer
from .rules_ref import RuleLinks, RulesPanel
from .style import CSS
from .teacher import _walk
from .url_language import url_language
from .viewer import on_viewer

Part: TypeAlias = w.Widget | Callable[[], w.Widget]


PRACTICE, RULES = "widgets.tab.practice", "widgets.tab.rules"


def app_frame(game: str, lang: Language, tabs: list[tuple[str, Part]], intro_key: str,
              render: Render | None = None) -> w.VBox:
    """Header with the game's title and the language switch, then one tab per part, and
    (given ``render``, the game's table drawing) the Practice and Rules tabs.

    A part given as a function is built the first time its tab is opened, so the app
    becomes interactive sooner.
    """
    tabs = list(tabs)
    if render is not None:
        tabs += [(PRACTICE, lambda: practice_player(render)),
                 (RULES, lambda: RulesPanel(game, lang, render, practise=practise))]
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
    keys: list[str] = []                # every tab's key, the teacher's too (set below)

    def part_in(key: str, kind: type[Any]) -> Any:
        box = built(keys.index(key))
        return next(x for x in box.children if isinstance(x, kind))

    def practice_player(render: Render) -> PracticePlayer:
        player = PracticePlayer(game, lang, render)
        # built while presenter mode holds the class's votes: it holds them too
        presenter = box.presenter
        player.hold_votes = presenter.on and bool(presenter.hold.value)
        return player

    def practise(kind: str, section: str) -> None:
        """A practice question of ``kind`` on rule ``section`` (the Rules tab's "practise
        this rule")."""
        tab.selected_index = keys.index(PRACTICE)
        player = part_in(PRACTICE, PracticePlayer)
        player.ask_of_rule(kind, section, player.seed + 1)

    def open_rule(key: str) -> None:
        """A § badge was clicked: its section in the Rules tab, with a way back."""
        back = tab.selected_index
        tab.selected_index = keys.index(RULES)
        panel = part_in(RULES, RulesPanel)
        if back is not None and back != keys.index(RULES):
            panel.on_back = lambda: setattr(tab, "selected_index", back)
            panel.open_section(key, back_to=tab.titles[back] if back < len(tab.titles) else None)
        else:
            panel.open_section(key, back_to=panel.back_to)

    box = w.VBox()
    box.add_class("tk-app")
    # presenter mode, the teacher's tab, ?present= and ?position= (teacher.py)
    from .teacher import equip

    top, box.presenter = equip(game, lang, tabs, tab, box)
    keys += [key for key, _ in tabs]
    # what a new page carries on with: not the tab nor the game when a ?position= link
    # opened a table (the link's table wins), not the tab when ?tab= asks for one
    store = BrowserStore(f"treasurekit.{game}")
    box.asked_tab = False
    box.follower = None
    box.keeper = AppKeeper(store, tab, keys, built, linked=lambda: bool(box.linked),
                           tab_asked=lambda: bool(box.asked_tab),
                           following=lambda: box.follower is not None)

    def open_asked_tab(params: dict[str, str]) -> None:
        """``?tab=lesson|play|practice|rules`` opens that tab (from the pool too)."""
        asked = f"widgets.tab.{params.get('tab', '')}"
        if asked in keys:
            box.asked_tab = True
            tab.selected_index = keys.index(asked)

    on_viewer(open_asked_tab)

    def show_part(key: str, kind: type[Any]) -> Any:
        """The ``kind`` widget of tab ``key``, its tab opened (None: no such part)."""
        if key not in keys:
            return None
        found = next((x for x in _walk(built(keys.index(key))) if isinstance(x, kind)), None)
        if found is not None:
            tab.selected_index = keys.index(key)
        return found

    box.show_part = show_part        # (a live class's page without a kernel: live_page.py)
    if box.live is not None:          # a teacher's class taken back after a reload
        box.live.keep(store, show_part, following=lambda: box.follower is not None)

    def join_class(params: dict[str, str]) -> None:
        """``?join=CODE``: this device follows the teacher's live class (live.py)."""
        code, classes = params.get("join"), class_store()
        if code is None or classes is None or box.follower is not None:
            return
        box.follower = Follower(game, lang, classes, code, show_part, box, kept=store,
                                open_table=box.open_table)
        # under the app's title and language switch (a phone shows those first), above
        # the tabs
        children = list(box.children)
        under = children.index(title_row) + 1
        box.children = [*children[:under], box.follower, *children[under:]]

    box.rule_links = RuleLinks(game, open_rule) if RULES in keys else None

    def render_head() -> None:
        home = lang.t("widgets.home")
        head.value = (f'<h2 class="tk-title">{lang.t(f"{game}.title")}</h2>'
                      f'<p class="tk-intro">{lang.t(intro_key)} '
                      f'<a href="index.ipynb?lang={lang.code}">{home}</a></p>')
        tab.titles = tuple(lang.t(key) for key, _ in tabs)

    lang.on_change(render_head)
    render_head()
    links = [box.rule_links] if box.rule_links is not None else []
    title_row = w.HBox([head, box.presenter.bar, LanguageSwitch(lang)],
                       layout=w.Layout(justify_content="space-between",
                                       align_items="center", flex_flow="row wrap"))
    box.children = [w.HTML(CSS), url_language(lang), store, *links, title_row,
                    *top, box.presenter.help, tab]
    on_viewer(join_class)
    return box
