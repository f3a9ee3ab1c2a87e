"""The coach in every game's "Play" tab (issue 23): the expert level with its progress while
it thinks (in slices: the page is never held), a hint with the top three moves and why in
both languages, and "learn from your mistakes" in the review. Small playout counts keep
these fast; the slices are run by the test one at a time (``later``), as the kernel's
event loop runs them between its messages."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import treasurekit as tk
from treasurekit.core.search import INACCURACY, ExpertBot
from treasurekit.widgets.game_player import GamePlayer

from .learner_helpers import finish, text_nodes, visible_text
from .test_learner_review import play_tab

GAMES = sorted(tk.GAMES)


class Slices:
    """A stand-in for the kernel's event loop: the slices wait until the test runs them."""

    def __init__(self) -> None:
        self.queue: list[Callable[[], None]] = []

    def __call__(self, step: Callable[[], None]) -> None:
        self.queue.append(step)

    def one(self) -> None:
        self.queue.pop(0)()

    def all(self) -> int:
        n = 0
        while self.queue:
            self.one()
            n += 1
        return n


def coached(game: str, code: str = "en") -> tuple[GamePlayer, Slices]:
    player = play_tab(game, code)
    slices = Slices()
    player.later = player.review.later = slices
    player.bots["expert"] = lambda: ExpertBot(playouts=60)
    player.hint_budget = {"playouts": 60}
    player.review.coach_budget = {"playouts": 40}
    player.review.judge_playouts = 20
    return player, slices


@pytest.mark.parametrize("game", GAMES)
def test_the_expert_is_offered_thinks_with_progress_and_never_holds_the_page(
        game: str) -> None:
    player, slices = coached(game)
    assert "expert" in [value for _label, value in player.level.options]
    player.level.value = "expert"
    player.new()
    for _ in range(200):                    # the learner moves until the expert must choose
        if player.job is not None:
            break
        if player.waiting:
            player.continue_one()
        else:
            player.human_move(player.game.legal_moves()[0])
    job = player.job
    assert job is not None, "the expert never had a choice to make"
    before = len(player.game.history)
    # thinking: the progress shows, "next" is hidden, nothing is played yet
    assert player.thinking.layout.display == ""
    assert player.go_on.layout.display == "none"
    thinker = player.game.players[player.game.current_player or 0]
    assert thinker in visible_text(player.thinking_text.value)
    slices.one()
    assert 0 < player.thinking_bar.value < 1
    assert len(player.game.history) == before and player.job is job
    # the page answers meanwhile: a language switch relabels the progress
    player.lang.code = "nl"
    assert "denkt na" in visible_text(player.thinking_text.value)
    player.lang.code = "en"
    slices.all()
    assert player.job is None and player.thinking.layout.display == "none"
    assert len(player.game.history) > before      # its move, then the game went on
    # a new game while it thinks: the search stops and plays nothing into the new game
    for _ in range(200):
        if player.job is not None or player.game.is_over:
            break
        if player.waiting:
            player.continue_one()
        else:
            player.human_move(player.game.legal_moves()[0])
    if player.job is not None:
        stale = player.job
        player.new()
        assert not stale.running
        history = list(player.game.history)
        slices.all()
        assert list(player.game.history)[:len(history)] == history


@pytest.mark.parametrize("game", GAMES)
def test_hint_shows_the_top_three_moves_with_chances_and_why_in_both_languages(
        game: str) -> None:
    player, slices = coached(game)
    for _ in range(50):
        if not player.waiting:
            break
        player.continue_one()
        slices.all()
    assert player.hint_button.layout.display == ""
    assert player.hint_box.value == ""
    player.ask_hint()
    assert player.thinking.layout.display == "" and player.hint_button.disabled
    assert "coach is thinking" in visible_text(player.thinking_text.value)
    slices.all()
    advice = player.hint
    assert advice is not None
    html = player.hint_box.value
    shown = html.count('class="tk-hint-move"')
    assert shown == min(3, sum(1 for m in advice.moves if m.playouts)) and shown >= 1
    text = visible_text(html)
    assert "chance to win" in text and "Best move:" in text
    player.lang.code = "nl"
    text = visible_text(player.hint_box.value)
    assert "kans om te winnen" in text and "Beste zet:" in text
    player.lang.code = "en"
    # the hint goes once the learner moves
    player.human_move(player.game.legal_moves()[0])
    slices.all()
    assert player.hint is None and player.hint_box.value == ""


def test_a_hint_on_a_loaded_save() -> None:
    player, slices = coached("coralia")
    g = tk.new_game("coralia", [player.game.players[0], player.game.players[1]], seed=11)
    while not g.is_over and (g.is_chance or g.current_player != 0):
        g.deal() if g.is_chance else g.play(g.legal_moves()[0])
    player.files.load(g.to_json())
    assert player.game.to_json() == g.to_json()
    player.ask_hint()
    slices.all()
    assert player.hint is not None and player.hint.best in g.legal_moves()


def _reviewed(game: str, seed: int) -> tuple[GamePlayer, Slices]:
    player, slices = coached(game)
    player.seed.value = seed
    player.new()
    finish(player)                   # the learner plays the first legal move every time
    player.open_review()
    return player, slices


@pytest.mark.parametrize("game", GAMES)
def test_learn_from_your_mistakes(game: str) -> None:
    player, slices = _reviewed(game, seed=3)
    review = player.review
    # a slider: jump to any step
    review.slider.value = review.slider.max // 2
    assert review.index == review.slider.max // 2
    review.go(0)
    assert review.next_mistake.layout.display == "none"
    review.start_coach()
    assert review.progress.layout.display == "" and review.analyse.disabled
    assert "going over your moves" in visible_text(review.coach_text.value)
    slices.one()
    assert 0 < review.progress.value < 1 and review.marks is None
    review.go(review.slider.max)                 # the page answers while the coach works
    slices.all()
    assert review.marks is not None and review.progress.layout.display == "none"
    marks: dict[int, Any] = review.marks
    for step, mark in marks.items():
        assert mark.judgement.loss >= INACCURACY
        assert mark.seat == 0 and step >= 1
    if not marks:
        assert "marked 0 of your moves" in visible_text(review.coach_text.value)
        return
    review.go(0)
    review.go_next_mistake()
    step = min(marks)
    assert review.index == step
    mark = marks[step]
    shown = visible_text(review.coach_text.value)
    assert ("Mistake." if mark.judgement.mark == "mistake" else "Inaccuracy.") in shown
    assert "find a better move" in shown
    # the table as the learner saw it, and their moves to try again
    assert review.try_box.children == (review.try_picker,)
    offered = [str(m) for m in review.try_picker.moves]
    assert str(mark.judgement.played.move) in offered and len(offered) > 1
    assert "Best move:" not in shown                  # not before the learner tries
    review.try_move(mark.judgement.played.move)
    assert "Not better:" in visible_text(review.coach_text.value)
    review.try_move(mark.judgement.best.move)
    tried = visible_text(review.coach_text.value)
    assert "Well found:" in tried or "Not better:" in tried
    review.answer()
    why = text_nodes(review.coach_text.value)
    assert any(line.startswith("Best move:") for line in why)
    assert review.try_box.children == ()                 # the try buttons left the page
    review.lang.code = "nl"
    assert any(line.startswith("Beste zet:") for line in text_nodes(review.coach_text.value))
    review.lang.code = "en"
    review.go_next_mistake()
    assert review.index == (sorted(marks)[1] if len(marks) > 1 else step)


def test_the_review_tells_why_the_expert_played_its_moves() -> None:
    player, _slices = coached("diving_bell")
    player.later = None                   # no event loop: the expert thinks at once
    player.level.value = "expert"
    player.new()
    finish(player)
    assert player.reasons
    player.open_review()
    review = player.review
    step = next(i for i in range(1, len(review.stops)) if review.stops[i - 1] in player.reasons)
    review.go(step)
    lines = text_nodes(review.coach_text.value)
    assert lines[0].startswith("Why Computer played this")
    assert any(line.startswith("Best move:") for line in lines)
    review.go(0)
    assert "Why" not in visible_text(review.coach_text.value)
