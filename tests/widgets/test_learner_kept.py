"""What survives a reload: every app keeps the open tab, the lesson step and the game in
play in the learner's browser (``widgets/browser_store.py``, ``widgets/keep.py``).

A new page of the app -- a new kernel, as after a reload or a server restart -- gets
them back when its browser says what it kept. Anything the app cannot use (not JSON,
too long, a save the engine refuses, another game's save, a step that does not exist)
is ignored and cleared, never an exception. Games come from ``tk.GAMES``.
"""

from __future__ import annotations

import functools
import json
from typing import Any

import ipywidgets as w
import pytest

import treasurekit as tk
from treasurekit.core.i18n import readable
from treasurekit.widgets.browser_store import LIMIT, BrowserStore
from treasurekit.widgets.game_player import GamePlayer
from treasurekit.widgets.lesson_player import LessonPlayer

from .learner_helpers import build_app, find, walk

GAMES = sorted(tk.GAMES)


class Page:
    """One page of an app: its widgets, as a new kernel builds them, and its store."""

    def __init__(self, game: str, code: str = "en") -> None:
        self.app, self.lang = build_app(game, code)
        self.store: BrowserStore = find(self.app, BrowserStore)
        self.tabs: w.Tab = next(x for x in walk(self.app) if isinstance(x, w.Tab))
        self.lesson: LessonPlayer = find(self.app, LessonPlayer)

    def index(self, key: str) -> int:
        return int(self.app.keeper.keys.index(key))

    def player(self) -> GamePlayer | None:
        return next((x for x in walk(self.app) if isinstance(x, GamePlayer)), None)

    def open_play(self) -> GamePlayer:
        self.tabs.selected_index = self.index("widgets.tab.play")
        player = self.player()
        assert player is not None
        return player


def play_a_little(player: GamePlayer, actions: int = 5) -> None:
    """The learner's first legal move each turn; the computer's "next" when it waits."""
    for _ in range(actions):
        if player.game.is_over:
            return
        if player.waiting:
            player.continue_one()
        else:
            player.human_move(player.game.legal_moves()[0])


@pytest.mark.parametrize("game", GAMES)
def test_a_new_page_carries_on_with_the_game_the_lesson_step_and_the_tab(game: str) -> None:
    page = Page(game)
    page.store.hello(None)                       # a browser that kept nothing
    page.lesson.next.click()
    page.lesson.next.click()
    player = page.open_play()
    play_a_little(player)
    assert player.marks, "the learner made no move"      # (marks: what may be taken back)
    kept = page.store.written
    assert kept is not None and len(kept) <= LIMIT

    again = Page(game, "nl")                     # reloaded, in Dutch this time
    assert again.player() is None                # the Play tab is built when needed...
    again.store.hello(kept)
    restored = again.player()
    assert restored is not None                  # ...as now, to carry on the game
    assert [str(m) for m in restored.game.history] == [str(m) for m in player.game.history]
    # the seats' names follow the page's language (core.i18n.SeatName)
    assert [readable(p, "nl") for p in restored.game.players] == \
        restored.names(len(player.game.players))
    assert restored.waiting == player.waiting
    assert restored.level.value == player.level.value
    assert again.lesson.index == 2
    assert again.tabs.selected_index == again.index("widgets.tab.play")
    # the new page keeps on keeping: a move, then a third page
    play_a_little(restored, 1)
    third = Page(game)
    third.store.hello(again.store.written)
    carried = third.player()
    assert carried is not None
    assert [str(m) for m in carried.game.history] == [str(m) for m in restored.game.history]


@pytest.mark.parametrize("game", GAMES)
def test_a_pass_and_play_game_comes_back_behind_its_cover(game: str) -> None:
    page = Page(game)
    page.store.hello(None)
    player = page.open_play()
    if player.mode.layout.display == "none":
        pytest.skip(f"{game} has no pass-and-play")
    player.mode.value = "hot"
    player.show_hand()
    player.human_move(player.game.legal_moves()[0])
    again = Page(game)
    again.store.hello(page.store.written)
    restored = again.player()
    assert restored is not None and restored.hot
    assert [str(m) for m in restored.game.history] == [str(m) for m in player.game.history]
    assert restored.cover.layout.display == "", "a hand shown to whoever reloads"


def test_nothing_is_written_before_the_browser_has_said_what_it_kept() -> None:
    page = Page(GAMES[0])
    page.lesson.next.click()
    play_a_little(page.open_play())
    assert page.store.written is None            # a new kernel never overwrites the browser
    page.store.hello(json.dumps({"lesson": {"step": 3}}))
    assert page.lesson.index == 3                # what the browser kept wins
    assert json.loads(page.store.written or "")["lesson"] == {"step": 3}


@functools.cache
def _save(game: str) -> str:
    page = Page(game)
    page.store.hello(None)
    play_a_little(page.open_play())
    kept = json.loads(page.store.written or "")
    return str(kept["game"]["save"])


@functools.cache
def _bad_values(game: str) -> dict[str, tuple[str, int]]:
    """Stored texts this game's app cannot use (wholly or in part), each with the lesson
    step that is left of it (the tab and the game never are)."""
    other = next(g for g in GAMES if g != game)
    save = json.loads(_save(game))
    kept_game = {"save": json.dumps(save), "mode": "bots", "level": "random", "pace": False}

    def with_game(**change: Any) -> str:
        return json.dumps({"lesson": {"step": 1}, "game": {**kept_game, **change}})

    return {
        "not JSON": ("{'lesson': 1", 0),
        "a list": ("[1, 2]", 0),
        "too long": (json.dumps({"lesson": {"step": 1}, "pad": "x" * LIMIT}), 0),
        "nested too deeply": ('{"lesson": ' + "[" * 100 + "]" * 100 + "}", 0),
        "not a name": (json.dumps({"Lesson Step": 1, "lesson": {"step": 1}}), 0),
        "a refused save": (with_game(save=json.dumps({**save, "moves": ["nonsense"]})), 1),
        "another game's save": (with_game(save=_save(other)), 1),
        "not a save": (with_game(save="{}"), 1),
        "an unknown opponent": (with_game(level="grandmaster"), 1),
        "fields missing": (json.dumps({"lesson": {"step": 1},
                                       "game": {"save": kept_game["save"]}}), 1),
        "no such step": (json.dumps({"lesson": {"step": 10_000}}), 0),
        "no such tab": (json.dumps({"tab": 99, "lesson": {"step": 1}}), 1),
    }


#: every kind of bad value for one app (the app frame is the same for all), and another
#: game's save for every app
BAD_CASES = [(GAMES[0], case) for case in (
    "not JSON", "a list", "too long", "nested too deeply", "not a name", "a refused save",
    "another game's save", "not a save", "an unknown opponent", "fields missing",
    "no such step", "no such tab")] + [(game, "another game's save") for game in GAMES[1:]]


@pytest.mark.parametrize(("game", "case"), BAD_CASES)
def test_what_the_app_cannot_use_is_ignored_and_cleared(game: str, case: str) -> None:
    text, step = _bad_values(game)[case]
    page = Page(game)
    page.store.hello(text)                       # never an exception
    assert page.lesson.index == step
    assert page.tabs.selected_index in (0, None)
    player = page.player()
    if player is not None:                       # built to try, and holding a new game
        played = json.loads(_save(game))["moves"]
        assert len(player.game.history) < len(played), "the refused game was played on"
    # what the browser holds now: only what the app has, nothing of the bad value
    written = json.loads(page.store.written or "{}")
    assert set(written) <= {"lesson", "tab"}
    assert written.get("lesson", {"step": 0}) == {"step": step}
    assert written.get("tab", 0) == 0


def test_what_the_store_does_not_know_is_kept_for_whoever_wrote_it() -> None:
    page = Page(GAMES[0])
    page.store.hello(json.dumps({"practice": {"done": [1, 2]}, "lesson": {"step": 1}}))
    assert page.lesson.index == 1
    assert json.loads(page.store.written or "")["practice"] == {"done": [1, 2]}


def test_the_store_is_bounded() -> None:
    store = BrowserStore("treasurekit.test")
    store.hello(None)
    assert store.set("small", {"a": 1})
    assert not store.set("big", "x" * LIMIT)     # refused: nothing kept under that name
    assert store.get("big") is None and store.get("small") == {"a": 1}
    assert len(store.written or "") <= LIMIT
    with pytest.raises(ValueError):
        store.set("Not a name", 1)
    with pytest.raises(ValueError):
        BrowserStore("somebody.else")
