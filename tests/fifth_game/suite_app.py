"""Pig's app, built by the kit from Pig's spec alone: run by ``test_pig.py`` with Pig
registered (``-p tests.fifth_game.plugin``), beside the app tests of ``tests/widgets/``
(lesson, examples, play, review, Build & share, presenter for every registered game)."""

from __future__ import annotations

import treasurekit as tk
from treasurekit.core.i18n import tr
from treasurekit.widgets.game_player import GamePlayer

from ..widgets.teacher_helpers import editor, key, palette_click, teacher
from ..widgets.ui import App, click, find, one, texts


def test_pig_app_plays_builds_shares_and_presents() -> None:
    app = App("pig")
    assert tr("pig.title", "en") in texts(app.root)
    # Play: the kit's move buttons, labelled from Pig's catalog, roll until a hold is offered
    play = app.open_tab("tk-play")
    player: GamePlayer = one(play, "tk-play")
    assert player.count.options == tk.GAMES["pig"].players
    while "hold" not in {str(m) for m in player.game.legal_moves()}:
        (roll,) = [b for b in find(play, "tk-moves")[0].children if b.tooltip == "roll"]
        assert roll.description == tr("pig.move.roll", "en")
        click(roll)
    # Build & share: the editor's fields come from Pig's position schema
    ed = editor(app)
    palette_click(ed, ("rolls",), "1")                 # a 1 ends a turn: refused
    assert ed.error and ed.game.view(None)["turn_total"] == 8
    ed.remove_card(("rolls",), 2)
    palette_click(ed, ("rolls",), "6")
    assert ed.error is None and ed.game.view(None)["turn_total"] == 14
    code = one(teacher(app), "tk-share").code
    assert tk.load_share_code(code).view(None)["rolls"] == [3, 5, 6]
    # presenter mode, then the language switch reaches the whole app
    key(app, "p")
    _before, after = app.switch()
    assert tr("pig.title", "nl") in after
