"""Sea or Shore against the computer: its moves come one at a time, on the learner's
"next", and a revealed trick stays above the table (with who won what) until then."""

from __future__ import annotations

import pytest

from treasurekit.widgets.game_player import GamePlayer

from ..generic.registry import NAMES
from .learner_helpers import build_app, find, text_nodes
from .ui import App, click, one


def _sos_player(code: str = "en") -> GamePlayer:
    app, _ = build_app("sea_or_shore", code)
    tabs = find(app, type(app.children[-1]))     # the app's Tab
    tabs.selected_index = 2                       # "Play the computer" is built when opened
    return find(app, GamePlayer)


def test_computer_moves_wait_for_next_and_the_trick_stays() -> None:
    player = _sos_player()
    assert player.pace.value                      # on by default in Sea or Shore
    seen_recap = False
    for _ in range(400):
        g = player.game
        if g.is_over or seen_recap:
            break
        if player.waiting:
            assert player.picker.moves == []      # nothing to click but "next"
            assert player.go_on.layout.display == ""
            before = len(g.history)
            player.continue_one()
            new = [str(m) for m in g.history[before:]]
            bots = [m for m in new if m.split(":")[0] in ("play", "pass", "take", "steal")]
            assert len(bots) <= 1, new            # one computer decision per click
        else:
            assert player.go_on.layout.display == "none"
            player.human_move(g.legal_moves()[0])
        if any(e.kind == "reveal" for e in player.last):
            seen_recap = True
            recap = text_nodes(player.recap_box.value)
            assert recap and any("wins" in line for line in recap), recap
            assert player.recap_box.value.count("tk-recap-card") == len(g.players)
            # still there after a language switch, until the learner moves on
            player.lang.code = "nl"
            assert "tk-recap-card" in player.recap_box.value
            player.lang.code = "en"
    assert seen_recap


def test_turning_pace_off_plays_on_to_the_learner() -> None:
    player = _sos_player()
    for _ in range(50):
        if player.waiting:
            break
        player.human_move(player.game.legal_moves()[0])
    assert player.waiting
    player.pace.value = False
    assert not player.waiting and not player.game.is_over
    assert player.go_on.layout.display == "none"


@pytest.mark.parametrize("game", NAMES)
def test_every_game_shows_the_computers_moves_one_at_a_time_by_default(game: str) -> None:
    """On by default everywhere: the learner sees each of the computer's moves on the
    table, one "next" at a time, instead of reading them back in the log."""
    app = App(game)
    player = one(app.open_tab("tk-play"), "tk-play")
    assert player.pace.value
    for _ in range(200):
        if player.waiting or player.game.is_over:
            break
        player.human_move(player.game.legal_moves()[0])
    assert player.waiting, "the computer never had a move to make"
    assert player.go_on.layout.display == "" and player.table_moves == []
    before = len(player.game.history)
    click(player.go_on)
    assert len(player.game.history) > before
