"""The Coralia app clicked through in Python: the lesson answered wrong and right, the
scoring example stepped to 44 and 59 and back, turns played by clicking a die and then
its space, pass-and-play, the odds helper, and a language switch at every step."""

from __future__ import annotations

import random
import re
from fractions import Fraction
from typing import Any

import pytest

from treasurekit.core.i18n import tr
from treasurekit.games.coralia.odds import pick_table
from treasurekit.widgets.coralia import CoraliaPicker

from .learner_helpers import text_nodes
from .ui import App, click, find, one, texts


def _switch(app: App) -> None:
    before, after = app.switch()
    assert before != after


def test_lesson_every_step_wrong_then_right_in_both_languages() -> None:
    app = App("coralia")
    lesson = one(app.open_tab("tk-lesson"), "tk-lesson")
    assert len(lesson.steps) >= 12
    for index in range(len(lesson.steps)):
        lesson.go(index)
        choices = find(lesson, "tk-choice")
        right = [i for i, c in enumerate(lesson.options) if c.correct]
        wrong = [i for i, c in enumerate(lesson.options) if not c.correct]
        assert len(right) == 1 and wrong, lesson.step.key
        click(choices[wrong[0]])
        assert tr("widgets.not_quite", app.lang.code) in lesson.feedback.value
        _switch(app)                                # the verdict follows the language
        assert tr("widgets.not_quite", app.lang.code) in lesson.feedback.value
        click(one(lesson, "tk-retry"))
        click(find(lesson, "tk-choice")[right[0]])
        assert tr("widgets.correct", app.lang.code) in lesson.feedback.value
    assert app.lang.code == "nl" if len(lesson.steps) % 2 else app.lang.code == "en"


def test_lesson_questions_come_before_the_board() -> None:
    app = App("coralia")
    lesson = one(app.open_tab("tk-lesson"), "tk-lesson")
    order = list(lesson.children)
    assert order.index(lesson.choices) < order.index(lesson.table)


def _scoring_player(app: App):  # type: ignore[no-untyped-def]
    tab = app.open_tab("tk-example")
    (pick,) = find(tab, "tk-example-pick")
    pick.value = len(pick.options) - 1
    return one(tab, "tk-example-scoring")


def _totals(html: str) -> list[str]:
    rows = re.findall(r"<tr><td>(\w+)</td>(.*?)</tr>", html)
    return [f"{name} {re.findall(r'<td>(.*?)</td>', cells)[-1]}" for name, cells in rows]


def test_scoring_example_forward_to_44_and_59_and_back_with_switches() -> None:
    app = App("coralia")
    player = _scoring_player(app)
    filled = []
    while not one(player, "tk-forward").disabled:
        click(one(player, "tk-forward"))
        _switch(app)
        filled.append(player.table.value.count("<td>…</td>"))
    assert filled == sorted(filled, reverse=True) and filled[-1] == 0
    assert _totals(player.table.value) == ["Jacques <b>44</b>", "Jenny <b>59</b>"]
    caption = texts(player)
    assert "44" in caption and "59" in caption and "Jenny" in caption
    while not one(player, "tk-back").disabled:
        click(one(player, "tk-back"))
        _switch(app)
    assert "<b>44</b>" not in player.table.value


def test_every_example_ends_on_the_books_outcome() -> None:
    app = App("coralia", "nl")
    tab = app.open_tab("tk-example")
    (pick,) = find(tab, "tk-example-pick")
    for _, value in pick.options:
        pick.value = value
        (player,) = find(tab, "tk-example")
        while not one(player, "tk-forward").disabled:
            click(one(player, "tk-forward"))
        outcome = player.example.outcome(player.game).text("nl")
        assert outcome in player.caption.value


def _play_on(play: Any) -> None:
    """The computer's moves come one at a time: "play on" to the learner's turn."""
    if play.waiting:
        click(one(play, "tk-skip"))


def _picker(app: App) -> CoraliaPicker:
    play = one(app.open_tab("tk-play"), "tk-play")
    return one(play, "tk-co-picker")


def test_a_turn_by_clicking_a_die_then_its_space() -> None:
    app = App("coralia")
    play = one(app.open_tab("tk-play"), "tk-play")
    picker = one(play, "tk-co-picker")
    rng = random.Random(3)
    placed = 0
    for _ in range(40):
        _play_on(play)
        dice = find(picker, "tk-co-die")
        if dice:
            die = rng.choice(dice)
            click(die)
            assert die.button_style == "info"
            (target,) = find(picker.targets, "tk-move")
            arg = target.tooltip.split(":", 1)[1]
            assert f"tk-co-die-{arg}" in die._dom_classes
            history = len(play.game.history)
            click(target)
            assert len(play.game.history) > history
            placed += 1
            _switch(app)
            if placed == 3:
                break
        else:
            click(rng.choice(find(picker.buttons, "tk-move")))
    assert placed == 3
    # the computer has rolled since: no take-back past the dice (the same would come)
    back = one(play, "tk-takeback")
    assert back.disabled
    assert tr("widgets.take_back_why.chance", app.lang.code) in " ".join(text_nodes(
        play.takeback_why.value))
    history = list(play.game.history)
    play.take_back()
    assert play.game.history == history


def test_the_odds_helper_shows_the_engines_exact_chances() -> None:
    app = App("coralia")
    play = one(app.open_tab("tk-play"), "tk-play")
    picker = one(play, "tk-co-picker")
    for _ in range(60):                     # play on until the research station is passed on
        _play_on(play)
        if picker.odds.layout.display != "none":
            break
        moves = find(picker, "tk-move")
        click(moves[0])
    assert picker.odds.layout.display != "none"
    picker.odds.reef.value, picker.odds.symbol.value = "green", "fish"
    table = pick_table(play.game.view(0), "green", "fish")
    html = picker.odds.out.value
    for colour, p in table.items():
        assert f"Take one {colour} die" in html
        assert f"<td>{p}</td>" in html
    assert Fraction(11, 36) in table.values() or Fraction(1, 6) in table.values()
    _switch(app)
    assert "Neem een" in picker.odds.out.value


@pytest.mark.parametrize("count", [2, 4])
def test_a_whole_game_against_the_computer_ends_with_the_scoring_table(count: int) -> None:
    app = App("coralia")
    play = one(app.open_tab("tk-play"), "tk-play")
    play.count.value = count
    click(one(play, "tk-new-game"))
    rng = random.Random(count)
    for _ in range(400):
        _play_on(play)
        if play.game.is_over:
            break
        buttons = find(play.picker, "tk-move")
        click(rng.choice(buttons))
    assert play.game.is_over
    status = texts(play)
    assert "tk-over" in status
    table = "\n".join(text_nodes(play.table.value))
    assert "Final scoring, step by step" in table and "4. Pearls" in table
    _switch(app)
    assert "Eindtelling, stap voor stap" in "\n".join(text_nodes(play.table.value))


def test_pass_and_play_covers_the_cards_until_the_player_is_ready() -> None:
    app = App("coralia")
    play = one(app.open_tab("tk-play"), "tk-play")
    play.mode.value = "hot"
    assert play.cover.layout.display == ""
    assert play.table.value == "" and not find(play.picker, "tk-move")
    click(one(play, "tk-ready"))
    assert play.cover.layout.display == "none" and find(play.picker, "tk-move")
    _switch(app)
    assert "tk-co-board" in play.table.value


def test_the_final_scoring_draws_each_players_cards_as_the_views_show_them() -> None:
    """While Ann chooses a chest in her starfish scoring, Bob's seat shows Ann's starfish
    card face up and her pearl and fish cards as backs; Ann sees none of Bob's cards. At
    the end every card is drawn face up."""
    import treasurekit as tk
    from treasurekit.widgets.coralia import render_table
    from treasurekit.widgets.lang import Language

    g = tk.setup_position("coralia", {
        "players": ["Ann", "Bob"], "phase": "scoring",
        "station": ["red-fish", "red-turtle", "violet-diver"],
        "board": {"yellow": ["pearl", "fish"], "blue": ["starfish"]},
        "cards": {"Ann": ["star-treasure-yellow-blue", "pearl-5", "fish-fire"],
                  "Bob": ["star-pearl6", "pearl-4"]}})
    lang = Language(code="en")

    def seat_of(html: str, name: str) -> str:
        parts = html.split('<div class="tk-panel tk-seat tk-co-seat">')[1:]
        return next(x for x in parts if name in x.split("</h3>")[0])

    bobs = render_table(g, lang, 1)
    ann = seat_of(bobs, "Ann")
    assert "the yellow and blue treasures" in ann and "2 cards face down" in ann
    assert "pearl worth 5" not in ann and "fire fish" not in ann
    anns = render_table(g, lang, 0)
    assert "pearl worth 4" not in seat_of(anns, "Bob") and "pearl worth 6" not in anns
    assert "2 cards face down" in seat_of(anns, "Bob")
    while not g.is_over:
        g.deal() if g.is_chance else g.play(g.legal_moves()[0])
    end = render_table(g, lang, 1)
    assert "pearl worth 5" in seat_of(end, "Ann") and "face down" not in end


@pytest.mark.parametrize("key", ["octopus", "diver"])
def test_a_steps_reef_stays_in_view_until_the_next_player_rolls(key: str) -> None:
    """One reef at a time (the projector, a phone): after "Jenny's octopus on the blue
    reef" the blue reef is shown, with the die she placed, not the reef of the next
    player's first die in the research station (red, a turn that has not started); once a
    player may place a die, that die's reef is shown."""
    import treasurekit as tk
    from treasurekit.core.teaching import examples_of
    from treasurekit.widgets.coralia import render_table
    from treasurekit.widgets.lang import Language

    def shown(g: tk.Game[Any]) -> str:
        found = re.search(r'value="(\w+)" aria-label="[^"]*" checked',
                          render_table(g, Language(code="nl")))
        assert found
        return found.group(1)

    example = next(e for e in examples_of("coralia") if e.key == key)
    g = example.start()
    assert shown(g) == "blue"                   # Jenny's blue die, to be placed
    for step in range(len(example.steps)):
        example.play_step(g, step)
        assert shown(g) == "blue", (key, step)  # the die just placed, then the chest
    rng = random.Random(3)
    while not any(m.kind == "place" for m in g.legal_moves()):
        g.deal(rng) if g.is_chance else g.play(g.legal_moves()[0])
    placing = {m.arg.split("-")[0] for m in g.legal_moves() if m.kind == "place"}
    assert shown(g) in placing                  # the next player's own die now
