"""The Sea or Shore lesson: every step is a real table, its answers are the engine's.

Each step starts in English and Dutch, offers at least one right answer, plays only
moves the rules allow, and explains itself in both languages with every placeholder
filled. A wrong move that the rules allow must be measurably worse, as its explanation
says; a wrong move the rules refuse is offered but never played.
"""

from __future__ import annotations

import string
from collections.abc import Callable
from typing import Any

import pytest

from treasurekit.core.errors import IllegalMove
from treasurekit.core.i18n import LANGUAGES, catalog, readable, seat_name, tr
from treasurekit.core.moves import Move
from treasurekit.core.teaching import Choice, LessonStep, Msg
from treasurekit.games.sea_or_shore.cards import ACTION_SIDES, island, treasure
from treasurekit.games.sea_or_shore.lessons import LESSON, PEEK_WANT, Listed, play_to_end
from treasurekit.games.sea_or_shore.rules import groups, pass_options, round_points

GAME = "sea_or_shore"
MOVE_KINDS = {"pass", "play", "take", "steal", "rob", "swap", "give", "peek", "order",
              "salvage", "discard"}
STEPS = {step.key: step for step in LESSON}
SECTIONS = {k.removeprefix("section.") for k in catalog("en", GAME) if k.startswith("section.")}


def _id(step: LessonStep) -> str:
    return step.key


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def is_move(choice: Choice) -> bool:
    try:
        return Move.parse(choice.value).kind in MOVE_KINDS
    except IllegalMove:
        return False


def legal(game: Any) -> set[str]:
    return {str(m) for m in game.legal_moves()}


def snapshot(game: Any) -> tuple[Any, ...]:
    """Everything a player could notice about the table, for every seat."""
    return (len(game.history), [game.view(p) for p in range(len(game.players))])


# ---- the course of the lesson ------------------------------------------------------------
def test_the_lesson_follows_the_rulebook_in_order():
    keys = [s.key for s in LESSON]
    assert keys == ["pass", "cover", "win", "lose", "tie", "steal", "additions",
                    "action_additions", "action_swap", "action_peek", "action_salvage",
                    "exception", "score"]
    assert 11 <= len(LESSON) <= 14
    assert len(set(keys)) == len(keys)
    # one step for each of the four actions, each on a table whose action card shows it
    actions = {s.key.removeprefix("action_") for s in LESSON if s.key.startswith("action_")}
    assert actions == {side for sides in ACTION_SIDES for side in sides}
    for action in actions:
        game = STEPS[f"action_{action}"].start()
        assert action in game.view(0)["actions"].values()


@pytest.mark.parametrize("step", LESSON, ids=_id)
def test_every_step_names_a_rulebook_section_and_has_its_texts(step):
    assert step.game == GAME
    assert step.section.key in SECTIONS
    for lang in LANGUAGES:
        for part in ("title", "text", "explain"):
            assert f"lesson.{step.key}.{part}" in catalog(lang, GAME), (lang, part)
        assert step.title(lang) and step.text(lang).endswith("?")
        assert "{" not in step.title(lang) + step.text(lang)


# ---- every step, in both languages --------------------------------------------------------
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("step", LESSON, ids=_id)
def test_every_step_starts_and_offers_a_right_answer(step, lang):
    game = step.start(lang)
    you = tr("core.seat.you", lang)
    assert game.players[0] == you and "You" not in game.players
    choices = step.choices(game)
    assert len(choices) >= 2
    assert len({c.value for c in choices}) == len(choices)
    assert any(c.correct for c in choices)
    assert not all(c.correct for c in choices)
    for choice in choices:
        text = choice.label.text(lang)
        assert text and "{" not in text, (choice.value, text)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("step", LESSON, ids=_id)
def test_explanations_render_with_every_placeholder_filled(step, lang):
    why = step.explanation(lang)
    assert isinstance(why, Msg) and why.key == f"{GAME}.lesson.{step.key}.explain"
    # exactly the parameters the message asks for: none missing, none left unused
    for code in LANGUAGES:
        assert placeholders(catalog(code, GAME)[f"lesson.{step.key}.explain"]) == \
            {name for name, _ in why.params}, code
    text = why.text(lang)
    assert text and "{" not in text and "}" not in text
    if lang == "nl":
        assert text != step.explanation("en").text("en")


@pytest.mark.parametrize("step", LESSON, ids=_id)
def test_choices_and_explanations_leave_the_table_untouched(step):
    """The lesson player asks for the choices on the very game it shows."""
    game = step.start()
    before = snapshot(game)
    step.choices(game)
    assert snapshot(game) == before
    step.explain(game)           # explain() may play on its own fresh game, so last


# ---- moves as answers -----------------------------------------------------------------------
def _play(game: Any, move: str) -> Any:
    game.play(move)
    return game


#: How much better one move is than another, measured by the engine after the move.
#: A wrong move the rules allow must score lower than the right one.
MEASURE: dict[str, Callable[[Any, str], float]] = {
    # the colour must stay hidden from Bob
    "cover": lambda g, m: "colour" not in _play(g, m).view(1)["played"][0],
    # points this round after taking or stealing
    "steal": lambda g, m: round_points(_play(g, m).state)[0],
    # the value of the blue 11 with its addition cards
    "additions": lambda g, m: _play(g, m).state.played[0].value,
    # red treasures in the deck looked at (the learner holds high red cards)
    "action_peek": lambda g, m: sum(c[0] == PEEK_WANT
                                    for c in g.state.decks[int(m.partition(":")[2])].cards()),
    # the value of the island card taken into the hand
    "action_salvage": lambda g, m: island(g.state.played[int(m.partition(":")[2])].card).value,
}


def _move_choices() -> list[tuple[LessonStep, Choice]]:
    return [(step, c) for step in LESSON for c in step.choices(step.start()) if is_move(c)]


@pytest.mark.parametrize("step,choice", _move_choices(),
                         ids=lambda x: x.key if isinstance(x, LessonStep) else x.value)
def test_move_choices_are_legal_or_demonstrably_worse(step, choice):
    game = step.start()
    allowed = choice.value in legal(game)
    if choice.correct:
        assert allowed and choice.move == choice.value
        return
    if not allowed:
        assert choice.move is None, "a refused move is offered but never played"
        with pytest.raises(IllegalMove):
            game.play(choice.value)
        return
    right = [c for c in step.choices(game) if c.correct]
    measure = MEASURE[step.key]
    for good in right:
        assert measure(step.start(), good.value) > measure(step.start(), choice.value)


def test_steps_with_moves_ask_for_a_decision_of_the_learner():
    for step in LESSON:
        game = step.start()
        moves = [c for c in step.choices(game) if c.move is not None]
        if moves and game.phase == "uncover":      # the covers come off with any answer
            assert all(c.move == "reveal" for c in moves), step.key
        elif moves:
            assert game.current_player == 0, step.key
            assert not game.is_chance, step.key


@pytest.mark.parametrize("step", LESSON, ids=_id)
def test_every_answer_can_be_given(step):
    """Right or wrong, picking an answer never breaks the step (LessonStep.answer), on the
    game the choices were worked out on, as in the lesson player."""
    for index in range(len(step.choices(step.start()))):
        game = step.start()
        choice = step.choices(game)[index]
        events = step.answer(game, choice)
        if choice.move is None:
            assert events == [] and not game.history
        else:
            assert str(game.history[0]) == choice.move
            assert events


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("step", LESSON, ids=_id)
def test_answering_with_the_right_choice_works(step, lang):
    for choice in (c for c in step.choices(step.start(lang)) if c.correct):
        game = step.start(lang)
        events = step.answer(game, choice)
        for event in events:
            assert "{" not in event.text(lang)
        if choice.move is not None:
            forced = [str(m) for m in game.history[1:]]
            assert forced[:len(step.then)] == list(step.then), "every forced outcome is used"
            assert not game.is_chance, "and the table waits for a player, not for chance"


# ---- what the engine says, step by step -------------------------------------------------------
def right(step: LessonStep, lang: str = "en") -> list[str]:
    return [c.value for c in step.choices(step.start(lang)) if c.correct]


def test_pass_the_highest_card_of_a_colour_you_hold_most_of():
    step = STEPS["pass"]
    game = step.start()
    hand = game.state.hands[0]
    assert sorted(right(step)) == sorted(f"pass:{c}" for c in pass_options(hand))
    assert sorted(right(step)) == ["pass:b11", "pass:g9"]     # four blue and four green
    # the highest card overall is not one of them
    assert "pass:r12" not in right(step)
    game.play("pass:g9")
    assert "g9" in game.state.hands[3]       # Dee, on the right, receives it
    assert game.phase == "play" and game.current_player == 0


def test_the_cover_card_hides_the_colour_from_the_others():
    step = STEPS["cover"]
    assert right(step) == ["play:r9/shore"]
    game = step.start()
    step.answer(game, next(c for c in step.choices(game) if c.correct))
    for seat in (1, 2, 3):
        seen = game.view(seat)["played"][0]
        assert seen == {"shows": "shore", "adds": 0, "number": 9}
    assert game.view(0)["played"][0]["card"] == "r9"
    assert "Bob sees only the number 9" in step.explanation().text("en")


def test_who_wins_and_who_earns_addition_cards():
    win, lose = STEPS["win"], STEPS["lose"]
    game = win.start()
    assert game.phase == "uncover" and not game.state.revealed   # the answer comes first
    assert right(win) == ["2"] and game.phase == "uncover"        # (choices change nothing)
    game.play("reveal")
    assert game.state.revealed and game.current_player == 3      # Dee's action is pending
    assert right(win) == ["2"]                                    # Cas, red 11
    assert game.state.piles[2] == ["r3"]
    assert right(lose) == ["1:3"]                                 # Bob, three red cards
    assert game.state.additions == [0, 3, 0, 0]
    (red,) = [g for g in groups(game.state) if g.colours == ("r",)]
    assert [seat for seat, _ in red.ranked] == [2, 0, 1]


def test_a_tie_goes_to_the_player_nearest_the_starter_clockwise():
    step = STEPS["tie"]
    game = step.start()
    assert game.state.starter == 3 and not game.state.revealed
    game.play("reveal")
    (blue,) = [g for g in groups(game.state) if g.colours == ("b",)]
    assert blue.ranked[:2] == [(0, 9), (2, 9)]
    assert right(step) == ["0"]
    assert game.state.piles[0] == ["b3"]


def test_steal_only_when_all_three_conditions_hold():
    step = STEPS["steal"]
    game = step.start()
    assert legal(game) == {"take", "steal:1"}      # Cas played blue, Dee's top is blue
    assert right(step) == ["steal:1"]
    step.answer(game, Choice("steal:1", Msg("x"), True, "steal:1"))
    assert game.state.piles[0] == ["r4"] and game.state.piles[1] == ["b2"]


def test_addition_cards_never_raise_a_card_above_12():
    step = STEPS["additions"]
    assert right(step) == ["play:b11/sea+1"]
    choices = {c.value: c for c in step.choices(step.start())}
    assert choices["play:b11/sea+2"].move is None and choices["play:b11/sea+3"].move is None
    game = step.start()
    game.play("play:b11/sea+1")
    assert game.state.played[0].value == 12 and game.state.additions[0] == 2


def test_steal_two_addition_cards_from_a_player_who_has_two():
    step = STEPS["action_additions"]
    assert sorted(right(step)) == ["rob:2", "rob:3"]
    game = step.start()
    game.play("rob:3")
    assert game.state.additions[0] == 2 and game.state.additions[3] == 0


def test_swap_only_one_card_when_one_is_left():
    step = STEPS["action_swap"]
    assert right(step) == ["1:1"]
    game = step.start()
    step.answer(game, next(c for c in step.choices(game) if c.correct))
    assert game.state.hands[1] == [] and sorted(game.state.hands[0]) == ["g8", "p6"]
    assert [str(m) for m in game.legal_moves()] == ["give:g8", "give:p6"]
    game.play("give:p6")
    assert game.state.hands[1] == ["p6"]


def test_look_at_three_treasures_of_the_deck_with_your_colour():
    step = STEPS["action_peek"]
    assert right(step) == ["peek:0"]
    game = step.start()
    step.answer(game, next(c for c in step.choices(game) if c.correct))
    assert game.view(0)["pending"]["looking_at"] == ["r1", "b4", "r5"]
    game.play("order:r5,r1,b4")
    # the trick ends at once: the card put on top is the next treasure turned up, and
    # only the learner knows the two under it
    assert game.state.face_up[0] == "r5"
    assert game.view(0)["deck_known"][0] == ["r1", "b4"]
    assert all(game.view(seat)["deck_known"][0] == [] for seat in (1, 2, 3))


def test_take_a_played_card_and_discard_one():
    step = STEPS["action_salvage"]
    assert right(step) == ["salvage:1"]
    game = step.start()
    step.answer(game, next(c for c in step.choices(game) if c.correct))
    assert "r12" in game.state.hands[0] and len(game.state.hands[0]) == 3
    game.play(f"discard:{game.state.hands[0][0]}")
    assert len(game.state.hands[0]) == 2


def test_three_players_two_colours_count_as_one():
    step = STEPS["exception"]
    game = step.start()
    assert len(game.players) == 3 and not game.state.revealed
    game.play("reveal")
    assert right(step) == ["additions"]
    assert game.state.additions == [2, 0, 0]
    assert any(g.colours == ("g", "p") and g.winner == 2 for g in groups(game.state))


def test_scoring_counts_both_rounds():
    step = STEPS["score"]
    game = step.start()
    assert game.view(0)["round"] == 2 and not game.is_over
    assert right(step) == ["28"]                      # (14 + 5 // 2) + 12
    # the step's text lists the learner's whole pile, which the table shows only the top of
    for lang in LANGUAGES:
        for code in game.state.piles[0]:
            t = treasure(code)
            label = f"{tr(f'{GAME}.adj.{t.colour}', lang)} {t.value}"
            assert label in step.text(lang), (lang, label)
    # and the trick still on the table changes nothing for the learner
    now = round_points(game.state)[0]
    play_to_end(game)
    assert game.state.round_scores[1][0] == now
    assert game.scores()[0] == 28 and game.winners() == [0]


# ---- labels follow the language switch ------------------------------------------------------
def test_names_and_lists_follow_the_language():
    assert readable(seat_name(tr("core.seat.you", "en")), "nl") == tr("core.seat.you", "nl")
    assert readable(seat_name("Bob"), "nl") == "Bob"
    both = Listed((island("b11"), island("g9")), "or")
    assert both.label("en") == "blue 11 or green 9"
    assert both.label("nl") == "blauwe 11 of groene 9"
    assert Listed(("Cas", "Dee", "Bob")).label("nl") == "Cas, Dee en Bob"
    # a step started in English still shows the learner's name in Dutch after a switch
    step = STEPS["win"]
    labels = [c.label.text("nl") for c in step.choices(step.start("en"))]
    assert tr("core.seat.you", "nl") in labels


def test_cover_step_shows_the_table_as_bob_sees_it_after_the_answer():
    step = STEPS["cover"]
    assert step.seen_by_after == 1
    game = step.start()
    right_choice = next(c for c in step.choices(game) if c.correct)
    step.answer(game, right_choice)
    mine = game.view(step.seen_by_after)["played"][0]
    assert "card" not in mine and mine["number"] == 9      # Bob sees the shore only
