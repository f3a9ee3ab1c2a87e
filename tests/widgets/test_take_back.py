"""The "Take back my move" button of every game's Play tab follows the engine's rule
(``Game.take_back_limit``): never past a roll, a card drawn or cards shown -- the seeded
dealer would deal the same again, so the learner could choose again knowing the result.
Disabled, it says why, in the page's language; in pass-and-play only the player who just
moved may take back, before the next player takes the device."""

from __future__ import annotations

import random

import pytest

from treasurekit.core.i18n import tr
from treasurekit.widgets.game_player import GamePlayer

from ..generic.registry import NAMES
from .ui import App, click, find, one

MOVES = 60


def _player(name: str, lang: str = "en") -> tuple[App, GamePlayer]:
    app = App(name, lang)
    play = one(app.open_tab("tk-play"), "tk-play")
    assert isinstance(play, GamePlayer)
    return app, play


def _why(play: GamePlayer) -> str:
    return " ".join(x for x in (play.takeback.tooltip, play.takeback_why.value) if x)


@pytest.mark.parametrize("name", NAMES)
def test_no_take_back_past_chance_or_cards_shown(name: str) -> None:
    """Against the computer: after each of the learner's moves the button is enabled
    exactly when the engine allows undoing back to that move; disabled, it names the
    reason in the page's language and a take-back changes nothing; enabled, it restores
    the table of the learner's decision."""
    app, play = _player(name)
    play.pace.value = False
    rng = random.Random(name)
    stopped: set[str] = set()
    taken = 0
    for turn in range(MOVES):
        g = play.game
        if g.is_over:
            play.new()
            continue
        before = (list(g.history), g.view(0))
        dealt: list[int] = []                  # the dealer's steps after the move
        deal = g.deal
        g.deal = lambda dealt=dealt, deal=deal: dealt.append(1) or deal()
        play.human_move(rng.choice(g.legal_moves()))
        del g.deal
        assert play.game is g
        if dealt:                              # a card drawn or dice rolled since
            assert play.takeback.disabled, "a take-back past the dealer's cards or dice"
        mark = len(before[0])
        limit = g.take_back_limit(0)
        assert play.takeback.disabled == (mark < limit.steps), (turn, limit, mark)
        if play.takeback.disabled:
            stopped.add(limit.why)
            lang = app.lang.code
            assert tr(f"widgets.take_back_why.{limit.why}", lang) in _why(play)
            history = list(g.history)
            play.take_back()
            assert g.history == history, "a refused take-back changed the game"
            app.switch()                               # the reason follows the language
            assert tr(f"widgets.take_back_why.{limit.why}", app.lang.code) in _why(play)
        elif turn % 2:
            click(play.takeback)
            assert play.game.history == before[0] and play.game.view(0) == before[1]
            taken += 1
    assert "chance" in stopped, stopped


@pytest.mark.parametrize("name", NAMES)
def test_pass_and_play_only_the_player_who_moved_takes_back(name: str) -> None:
    """Pass-and-play: right after a move, while the next player's cover is up, the player
    who moved may take it back (when the engine allows it) and has the table again; once
    the next player holds the device, the button says only the mover could."""
    app, play = _player(name)
    modes = find(play, "tk-mode")
    if not modes:
        pytest.skip(f"{name} offers no pass-and-play")
    modes[0].value = "hot"
    rng = random.Random(name)
    taken = refused = 0
    for _ in range(400):
        g = play.game
        if g.is_over:
            play.new()
            continue
        if find(play, "tk-cover"):
            mover = play.shown
            if mover is not None and play.marks and not play.takeback.disabled:
                mark, seat = play.marks[-1]
                assert seat == mover
                click(play.takeback)                   # the mover takes it back at once
                assert len(play.game.history) == mark and not find(play, "tk-cover")
                assert play.game.current_player == mover
                taken += 1
                play.human_move(play.game.legal_moves()[0])
                if not find(play, "tk-cover"):
                    continue
            click(one(play, "tk-ready"))               # the next player takes the device
            if play.marks and play.marks[-1][1] != play.shown:
                assert play.takeback.disabled
                who = play.game.players[play.marks[-1][1]]
                assert tr("widgets.take_back_why.other", "en", player=who) in _why(play)
                refused += 1
            continue
        play.human_move(rng.choice(g.legal_moves()))
        if taken >= 2 and refused >= 2:
            break
    assert taken and refused, (taken, refused)
