"""The landing page lists every game that exists, as links; every game's examples come
one at a time from the same chooser."""

from __future__ import annotations

import re

import pytest

import treasurekit as tk
from treasurekit.widgets.example_player import ExampleChooser, ExamplePlayer
from treasurekit.widgets.landing import landing
from treasurekit.widgets.lang import Language

from .learner_helpers import build_app, text_nodes, walk

GAMES = sorted(tk.GAMES)


@pytest.mark.parametrize("code", ["en", "nl"])
def test_landing_lists_every_game_and_promises_no_other(code: str) -> None:
    page = landing(Language(code=code))
    html = "".join(x.value for x in walk(page) if hasattr(x, "value")
                   and isinstance(x.value, str) and "tk-game-link" in x.value)
    links = re.findall(r'<a class="tk-game-link" href="([^"]+)">', html)
    assert links == [f"{name}.ipynb?lang={code}" for name in tk.GAMES]
    words = " ".join(text_nodes(html)).lower()
    assert not re.search(r"\b(four|five|vier|vijf)\b", words)     # no count to go stale


@pytest.mark.parametrize("game", GAMES)
def test_one_example_chooser_shows_one_example_at_a_time(game: str) -> None:
    app, _ = build_app(game)
    tabs = next(x for x in walk(app) if hasattr(x, "titles") and hasattr(x, "selected_index"))
    for i in range(len(tabs.children)):
        tabs.selected_index = i
    choosers = [x for x in walk(app) if isinstance(x, ExampleChooser)]
    assert len(choosers) == 1
    chooser = choosers[0]
    for value in chooser.pick.options:
        chooser.pick.value = value[1] if isinstance(value, tuple) else value
        shown = [x for x in walk(chooser) if isinstance(x, ExamplePlayer)]
        assert len(shown) == 1
