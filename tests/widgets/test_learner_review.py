"""Every game's "Play" tab: review a finished game step by step, save it, load it back;
a bad or foreign file is refused with the engine's message and changes nothing."""

from __future__ import annotations

import datetime
import random
from html import unescape
from typing import Any

import pytest

import treasurekit as tk
from treasurekit.core.registry import game_class, new_game
from treasurekit.widgets.game_player import GamePlayer

from .learner_helpers import build_app, find, finish, text_nodes, walk

GAMES = sorted(tk.GAMES)


def play_tab(game: str, code: str = "en") -> GamePlayer:
    app, _ = build_app(game, code)
    tabs = next(x for x in walk(app) if hasattr(x, "selected_index") and hasattr(x, "titles"))
    for i in range(len(tabs.children)):       # parts are built when their tab is opened
        tabs.selected_index = i
    return find(app, GamePlayer)


@pytest.mark.parametrize("game", GAMES)
def test_review_a_finished_game_step_by_step(game: str) -> None:
    player = play_tab(game)
    assert player.review_open.layout.display == "none"    # only after the last move
    finish(player)
    final_table = player.table.value
    assert player.review_open.layout.display == ""
    player.open_review()
    review = player.review
    assert review.layout.display == "" and player.play_area.layout.display == "none"
    assert review.index == 0 and review.back.disabled
    tables, steps = [review.table.value], len(review.stops) - 1
    assert steps >= 3
    for _ in range(steps):
        review.forward.click()
        tables.append(review.table.value)
        lines = text_nodes(review.narrator.value)
        assert any(line.startswith("§") for line in lines), lines   # events with their rule
    assert review.forward.disabled and len(set(tables)) > steps // 2
    assert tables[-1] == final_table               # the end of the review is the end
    review.first.click()
    assert review.index == 0 and review.table.value == tables[0]
    player.lang.code = "nl"                       # the review follows the language
    assert review.table.value != tables[0]
    player.close_review()
    assert player.play_area.layout.display == "" and review.layout.display == "none"


def _upload(content: bytes) -> tuple[dict[str, Any], ...]:
    return ({"name": "game.json", "type": "application/json", "size": len(content),
             "content": memoryview(content),
             "last_modified": datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)},)


@pytest.mark.parametrize("game", GAMES)
def test_save_and_load_a_game_file(game: str) -> None:
    player = play_tab(game)
    for _ in range(3):
        if player.waiting:
            player.continue_all()
        if not player.game.is_over:
            player.human_move(player.game.legal_moves()[0])
    saved = player.files.save_text
    assert saved == player.game.to_json()
    assert "base64," in player.files.link.value and "download=" in player.files.link.value

    other = play_tab(game)
    other.files.upload.value = _upload(saved.encode())
    assert other.game.to_json() == saved and "tk-good" in other.files.message.value

    # the same file after an editor wrote a UTF-8 byte-order mark before it (Notepad)
    third = play_tab(game)
    third.files.upload.value = _upload(b"\xef\xbb\xbf" + saved.encode())
    assert third.game.to_json() == saved and "tk-good" in third.files.message.value


@pytest.mark.parametrize("bad", [b"{not json", b'{"format": "x"}', b"\xff\xfe",
                                 b'{"format": "treasurekit", "version": 999}'])
@pytest.mark.parametrize("game", GAMES)
def test_a_bad_file_changes_nothing(game: str, bad: bytes) -> None:
    player = play_tab(game, "nl")
    before, table = player.game.to_json(), player.table.value
    player.files.upload.value = _upload(bad)
    assert player.game.to_json() == before and player.table.value == table
    assert "tk-bad" in player.files.message.value
    assert "niet geladen" in player.files.message.value


@pytest.mark.parametrize("game", GAMES)
def test_a_file_of_another_game_changes_nothing(game: str) -> None:
    stranger = next(g for g in GAMES if g != game)
    players = ["Ann", "Bob", "Cas", "Dee"][:game_class(stranger).min_players]
    save = new_game(stranger, players, 1).to_json()
    player = play_tab(game)
    before = player.game.to_json()
    player.files.load(save)
    assert player.game.to_json() == before and "tk-bad" in player.files.message.value


@pytest.mark.parametrize("code, word", [("en", ", and "), ("nl", " en ")])
def test_final_scores_read_as_a_list_in_the_language(code: str, word: str) -> None:
    """At a table of three or more, the final line lists every player's score the way
    the language writes a list (Babel), not with bare commas."""
    player = play_tab("sea_or_shore", code)
    finish(player)
    g = player.game
    assert len(g.players) >= 3
    status = " ".join(text_nodes(player.status.value))
    scores = [f"{name} {x}" for name, x in zip(g.players, g.scores(), strict=True)]
    assert all(s in status for s in scores), status
    assert f"{scores[-2]}{word}{scores[-1]}" in status, status


def _tie_broken(game: str, games: int = 3000) -> Any:
    """The first seeded random game (fewest players) whose top score is shared by players
    the rulebook's tie-break then tells apart."""
    players = game_class(game).min_players
    for seed in range(games):
        g = new_game(game, players, seed)
        rng = random.Random(seed)
        while not g.is_over:
            g.deal() if g.is_chance else g.play(rng.choice(g.legal_moves()))
        scores = g.scores()
        top = [i for i, x in enumerate(scores) if x == max(scores)]
        if len(top) > 1 and len(g.winners()) < len(top):
            return g, top
    raise AssertionError(f"no tie on points in {games:,} games of {game}")


@pytest.mark.parametrize("game", GAMES)
def test_a_tie_on_points_ends_with_the_tie_break_and_its_figures(game: str) -> None:
    """ "The computer wins. Final score: you 52, computer 52." must not stand alone: the
    end of the game says the tie was settled by the rule, and by which figures."""
    if not tk.GAMES[game].ties:               # a game that cannot tie never does
        with pytest.raises(AssertionError, match="no tie"):
            _tie_broken(game, 300)
        return
    g, top = _tie_broken(game)
    player = play_tab(game)
    player.load(g)
    (rule,) = [e for e in player.game.log[-1] if e.kind == "tie_break"]
    for code in ("en", "nl"):
        player.lang.code = code
        told = rule.text(code)                  # the rule, and each tied player's figure
        assert all(player.lang.name(g.players[i]) in told for i in top), told
        assert told in unescape(player.status.value), player.status.value
