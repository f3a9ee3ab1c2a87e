"""The rules reference in every app: a § badge (lesson, example, event, practice) opens
its section in the Rules tab, with the rule's text, related rules and "show me"; the tab
lists every section in the rulebook's order and its search finds words in both
languages. The landing page's cards. Games come from ``tk.GAMES``.
"""

from __future__ import annotations

import re
from typing import Any

import ipywidgets as w
import pytest

import treasurekit as tk
from treasurekit.core.reference import landing as landing_of
from treasurekit.core.reference import rules
from treasurekit.widgets.example_player import ExamplePlayer
from treasurekit.widgets.landing import landing
from treasurekit.widgets.lang import Language
from treasurekit.widgets.lesson_player import LessonPlayer
from treasurekit.widgets.practice_player import PracticePlayer
from treasurekit.widgets.rules_ref import RulesPanel

from .learner_helpers import build_app, find, text_nodes, walk

GAMES = sorted(tk.GAMES)


class App:
    def __init__(self, game: str, code: str = "en") -> None:
        self.game = game
        self.app, self.lang = build_app(game, code)
        self.tabs: w.Tab = next(x for x in walk(self.app) if isinstance(x, w.Tab))
        self.keys: list[str] = self.app.keeper.keys

    def open(self, key: str) -> Any:
        self.tabs.selected_index = self.keys.index(key)
        return self.tabs.children[self.tabs.selected_index]

    def badges(self, html: str) -> list[str]:
        return re.findall(rf'data-tk-game="{self.game}" data-tk-rule="([a-z0-9_]+)"', html)

    def rules(self) -> RulesPanel:
        return find(self.tabs.children[self.keys.index("widgets.tab.rules")], RulesPanel)


@pytest.mark.parametrize("game", GAMES)
def test_every_badge_opens_its_section_and_leads_back(game: str) -> None:
    app = App(game, "nl")
    lesson = find(app.open("widgets.tab.lesson"), LessonPlayer)
    (key,) = app.badges(lesson.head.value)
    assert key == lesson.step.section.key
    app.app.rule_links.touch(key)                        # the learner clicks the badge
    assert app.tabs.selected_index == app.keys.index("widgets.tab.rules")
    panel = app.rules()
    assert panel.entry is not None and panel.entry.section.key == key
    entry = rules(game).entry(key)
    said = " ".join(text_nodes(panel.detail.value))
    assert entry.title("nl") in said and entry.text("nl").split("\n")[0][:40] in said
    assert app.badges(panel.detail.value) == [s.key for s in entry.related]
    assert panel.back.description == "Terug naar Les"
    panel.back.click()
    assert app.tabs.selected_index == app.keys.index("widgets.tab.lesson")

    # an example's badge and its events' badges; then a practice question's
    example = find(app.open(next(k for k in app.keys if "example" in k)), ExamplePlayer)
    example.forward.click()
    keys = app.badges(example.head.value) + app.badges(example.narrator.value)
    assert len(keys) >= 2
    for key in keys:
        app.app.rule_links.touch(key)
        assert app.rules().entry.section.key == key      # type: ignore[union-attr]
    practice = find(app.open("widgets.tab.practice"), PracticePlayer)
    (key,) = app.badges(practice.head.value)
    app.app.rule_links.touch(key)
    assert app.rules().entry.section.key == practice.question.section.key  # type: ignore


@pytest.mark.parametrize("sent", ["no_such_section", "x" * 10_000, 7, None, ["burst"]])
def test_a_badge_message_that_names_no_section_changes_nothing(sent: Any) -> None:
    app = App(GAMES[0])
    app.app.rule_links.touch(sent)
    assert app.tabs.selected_index == 0


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_tab_lists_every_section_in_order_and_searches_both_languages(
        game: str) -> None:
    app = App(game)
    app.open("widgets.tab.rules")
    panel = app.rules()
    book = rules(game)
    assert panel.found == [e.section.key for e in book]
    assert [b.description for b in panel.list.children] == ["§ " + e.title("en") for e in book]
    last = book[-1]
    dutch = max(re.findall(r"\w+", last.title("nl")), key=len)
    panel.search.value = dutch.upper()                   # a Dutch word on an English page
    assert last.section.key in panel.found
    assert panel.found == [e.section.key for e in book.search(dutch, "en")]
    panel.buttons[last.section.key].click()
    assert panel.entry is last
    panel.search.value = "qqqzzz"
    assert panel.found == [] and "tk-bad" in panel.count.value
    panel.search.value = ""
    assert len(panel.found) == len(book)


@pytest.mark.parametrize("game", GAMES)
def test_show_me_draws_a_table_and_practise_opens_a_question_of_that_rule(game: str) -> None:
    app = App(game)
    app.open("widgets.tab.rules")
    panel = app.rules()
    shown = [e for e in rules(game) if e.tables]
    assert shown
    panel.open_section(shown[0].section.key)
    assert panel.table.value == ""
    panel.show.click()
    assert "<svg" in panel.table.value or "tk-panel" in panel.table.value
    practised = next(e for e in rules(game) if any(
        s == e.section.key for s in panel.kinds.values()))
    panel.open_section(practised.section.key)
    assert panel.practice.layout.display == ""
    panel.practice.click()
    assert app.tabs.selected_index == app.keys.index("widgets.tab.practice")
    player = find(app.tabs.children[app.tabs.selected_index], PracticePlayer)
    assert player.question.section.key == practised.section.key


@pytest.mark.parametrize("code", ["en", "nl"])
def test_the_landing_page_has_a_card_per_game(code: str) -> None:
    page = landing(Language(code=code))
    html = "".join(x.value for x in walk(page) if isinstance(x, w.HTML))
    cards = re.findall(r'<li class="tk-game-card tk-game-card-(\w+)">(.*?)</li>', html, re.S)
    assert [name for name, _ in cards] == list(tk.GAMES)
    for name, body in cards:
        facts = landing_of(name)
        said = " ".join(text_nodes(body))
        assert facts.players_text(code) in said and facts.time_text(code) in said
        assert facts.summary(code) in said
        assert "<svg" in body                              # the picture, drawn inline
        links = re.findall(r'class="tk-game-to tk-game-to-(\w+)" href="([^"]+)"', body)
        assert links == [(tab, f"{name}.ipynb?lang={code}&amp;tab={tab}")
                         for tab in ("lesson", "play", "practice", "rules")]
    assert not re.search(r'(src|href)="(https?:)?//', html)   # nothing from elsewhere


@pytest.mark.parametrize("tab", ["practice", "rules", "play"])
def test_a_tab_link_opens_that_tab(tab: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUERY_STRING", f"lang=en&tab={tab}")
    app = App(GAMES[0])
    assert app.tabs.selected_index == app.keys.index(f"widgets.tab.{tab}")
