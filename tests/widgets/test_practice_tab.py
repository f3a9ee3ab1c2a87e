"""The Practice tab of every app: engine-made questions answered right and wrong, the
next kind chosen by spaced repetition (FSRS) of the learner's misses, the progress kept
in the learner's own browser across reloads (``BrowserStore``) and reset, and a practice
question as a presenter-mode slide. Games come from ``tk.GAMES``.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace
from typing import Any

import ipywidgets as w
import pytest

import treasurekit as tk
from treasurekit.core.i18n import tr
from treasurekit.core.practice import kinds
from treasurekit.widgets.browser_store import BrowserStore
from treasurekit.widgets.landing import renderer
from treasurekit.widgets.lang import Language
from treasurekit.widgets.practice_player import PracticePlayer, Progress
from treasurekit.widgets.rules_ref import RulesPanel

from .learner_helpers import build_app, find, text_nodes, walk
from .test_learner_dutch_everywhere import english_left

GAMES = sorted(tk.GAMES)
T0 = datetime(2026, 11, 1, 9, 0, tzinfo=UTC)


class Clock:
    """A clock the test moves on by hand."""

    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now

    def wait(self, **delta: float) -> None:
        self.now += timedelta(**delta)


class Page:
    """One page of an app, its Practice tab opened."""

    def __init__(self, game: str, code: str = "en", hello: str | None = None) -> None:
        self.app, self.lang = build_app(game, code)
        self.store: BrowserStore = find(self.app, BrowserStore)
        self.store.hello(hello)
        self.tabs: w.Tab = next(x for x in walk(self.app) if isinstance(x, w.Tab))
        self.tabs.selected_index = self.app.keeper.keys.index("widgets.tab.practice")
        self.player: PracticePlayer = find(self.app, PracticePlayer)

    def kept(self) -> Any:
        return json.loads(self.store.written or "{}").get("practice")


def choose(player: PracticePlayer, right: bool) -> str:
    """Click a right or a wrong answer's button; the choice clicked."""
    q = player.question
    choice = q.answer if right else next(c for c in q.choices if c != q.answer)
    button = player.choices.children[q.choices.index(choice)]
    assert button.description == q.label(choice, player.lang.code)
    button.click()
    return choice


def words(html: str) -> str:
    return " ".join(text_nodes(html))


@pytest.mark.parametrize("code", ["en", "nl"])
@pytest.mark.parametrize("game", GAMES)
def test_practice_answers_right_and_wrong_are_checked_and_explained(game: str,
                                                                     code: str) -> None:
    page = Page(game, code)
    player = page.player
    q = player.question
    assert q.kind in kinds(game)
    assert f'data-tk-rule="{q.section.key}"' in player.head.value     # the § badge
    assert q.prompt(code) in words(player.head.value)
    assert player.table.value                                        # the table drawn
    choose(player, right=True)
    said = words(player.feedback.value)
    assert 'class="tk-good"' in player.feedback.value
    assert q.label(q.answer, code) in said and q.rule(code) in said
    assert all(b.disabled for b in player.choices.children)
    assert page.kept()["kinds"][q.kind][:2] == [1, 1]

    player.next.click()
    second = player.question
    assert second.seed == q.seed + 1
    wrong = choose(player, right=False)
    said = words(player.feedback.value)
    assert 'class="tk-bad"' in player.feedback.value
    assert second.label(wrong, code) in said and second.label(second.answer, code) in said
    assert second.kind != q.kind                     # a kind not yet asked came next
    assert page.kept()["kinds"][second.kind][:2] == [1, 0]
    # the progress table counts both answers
    assert tr("widgets.practice.score", code, right=1, asked=2) in words(player.record.value)


def test_a_language_switch_tells_the_question_and_its_answer_again() -> None:
    page = Page(GAMES[0])
    player = page.player
    choose(player, right=False)
    page.lang.code = "nl"
    q = player.question
    assert q.prompt("nl") in words(player.head.value)
    assert q.label(q.answer, "nl") in words(player.feedback.value)
    assert [b.description for b in player.choices.children] == [
        q.label(c, "nl") for c in q.choices]


@pytest.mark.parametrize("game", GAMES)
def test_spaced_repetition_asks_a_missed_kind_again_first(game: str) -> None:
    clock = Clock()
    player = PracticePlayer(game, Language(), renderer(game), seed=11, clock=clock)
    missed = player.question.kind
    choose(player, right=False)
    player.ask_next()
    assert player.question.kind != missed          # a kind never asked fills the gap
    good = player.question.kind
    choose(player, right=True)
    clock.wait(minutes=2)                          # FSRS: a miss is due again after 1 min
    player.ask_next()
    assert player.question.kind == missed
    # the same answers, the first one right: the kind does not come back so soon
    clock = Clock()
    other = PracticePlayer(game, Language(), renderer(game), seed=11, clock=clock)
    assert other.question.kind == missed
    choose(other, right=True)
    other.ask_next()
    choose(other, right=True)
    clock.wait(minutes=2)
    other.ask_next()
    assert other.question.kind not in (missed, good)


def test_when_every_kind_was_asked_the_one_due_first_comes_next() -> None:
    game = GAMES[0]
    progress = Progress(game)
    for index, kind in enumerate(progress.kinds):
        progress.answer(kind, right=index != 3, now=T0)
    assert progress.next_kind(T0, random_rng()) == progress.kinds[3]
    later = T0 + timedelta(days=400)                  # everything due: the most overdue
    assert progress.next_kind(later, random_rng()) == progress.kinds[3]


def random_rng() -> Any:
    import random

    return random.Random(0)


@pytest.mark.parametrize("game", GAMES)
def test_progress_comes_back_after_a_reload_and_reset_forgets_it(game: str) -> None:
    page = Page(game)
    player = page.player
    choose(player, right=False)
    player.next.click()
    choose(player, right=True)
    player.next.click()
    shown = (player.question.kind, player.question.seed)
    kept = page.store.written
    assert kept is not None and len(kept) < 2000              # bounded: a few hundred chars
    asked = {k: r.asked for k, r in player.progress.records.items()}
    assert sum(asked.values()) == 2

    again = Page(game, "nl", hello=kept)                      # reloaded, a new kernel
    restored = again.player
    assert {k: r.asked for k, r in restored.progress.records.items()} == asked
    assert (restored.question.kind, restored.question.seed) == shown
    assert [r.card.due if r.card else None for r in restored.progress.records.values()] == \
        [r.card.due.replace(microsecond=0) if r.card else None
         for r in player.progress.records.values()]

    restored.reset_button.click()
    assert all(r.asked == 0 for r in restored.progress.records.values())
    assert again.kept()["kinds"] == {}
    assert "tk-practice-wiped" in restored.record.value
    third = Page(game, hello=again.store.written)
    assert all(r.asked == 0 for r in third.player.progress.records.values())


@pytest.mark.parametrize("bad", [
    {"v": 1, "kinds": {"no_such_kind": [1, 1]}, "ask": None, "answered": False},
    {"v": 2},
    "not a dict",
    {"v": 1, "kinds": {}, "ask": ["KIND", 10**30], "answered": False},
    {"v": 1, "kinds": {"KIND": [5, 9]}, "ask": ["KIND", 3], "answered": False},
    {"v": 1, "kinds": {"KIND": [1, 1, 9, 0, 1.0, 1.0, 10, 10]}, "ask": ["KIND", 3],
     "answered": False},
    {"v": 1, "kinds": {"KIND": [1, 1, 2, 0, 1e300, 1.0, 10, 10]}, "ask": ["KIND", 3],
     "answered": False},
    {"v": 1, "kinds": {"KIND": [1, 1, 2, 0, 0, 5.0, 10, 10]}, "ask": ["KIND", 3],
     "answered": False},
    {"v": 1, "kinds": {"KIND": [1, 1, 2, 0, 3.0, 11, 10, 10]}, "ask": ["KIND", 3],
     "answered": False},
])
def test_stored_progress_the_app_cannot_use_is_ignored_and_cleared(bad: Any) -> None:
    game = GAMES[0]
    text = json.dumps({"practice": bad}).replace("KIND", kinds(game)[0])
    page = Page(game, hello=text)
    player = page.player
    assert all(r.asked == 0 for r in player.progress.records.values())
    assert page.kept() != bad                    # replaced by what the page holds


def test_a_practice_question_is_a_presenter_slide() -> None:
    page = Page(GAMES[0])
    presenter = page.app.presenter
    presenter.set(True)
    player = page.player
    assert player.hold_votes
    q = player.question
    choose(player, right=False)                      # the class's vote, held
    assert player.picked is None and "tk-voted" in player.feedback.value
    presenter.do("reveal")
    assert player.picked is not None and 'class="tk-bad"' in player.feedback.value
    assert page.kept()["kinds"][q.kind][:2] == [1, 0]
    presenter.do("next")
    assert player.question.seed == q.seed + 1 and player.picked is None
    before = page.kept()["kinds"]
    presenter.do("reveal")                           # no vote: the answer shown...
    assert player.picked == player.question.answer
    assert page.kept()["kinds"] == before            # ...is no answer of the class's
    assert "tk-practice-question" in player.head._dom_classes


@pytest.mark.parametrize("game", GAMES)
def test_no_english_left_in_the_dutch_practice_and_rules_tabs(game: str) -> None:
    """Every kind of question answered (right, then wrong, in turn) and every section of
    the rules opened with its first table: switched to Dutch, no English-only word."""
    page = Page(game)
    view = SimpleNamespace(root=page.app, lang=page.lang)
    found: dict[str, list[str]] = {}

    def check(where: str) -> None:
        page.lang.code = "nl"
        left = english_left(view)  # type: ignore[arg-type]
        if left:
            found[where] = left
        page.lang.code = "en"

    player = page.player
    for n in range(len(kinds(game))):
        choose(player, right=n % 2 == 0)
        check(f"question {n + 1}, {player.question.kind}")
        player.next.click()
    assert {k for k, r in player.progress.records.items() if r.asked} == set(kinds(game))
    page.tabs.selected_index = page.app.keeper.keys.index("widgets.tab.rules")
    panel = find(page.app, RulesPanel)
    for entry in panel.book:
        panel.open_section(entry.section.key)
        panel.show_me()
        check(f"rule {entry.section.key}")
    assert found == {}


def test_a_practice_tab_opened_in_presenter_mode_holds_the_votes_too() -> None:
    app, _lang = build_app(GAMES[0])
    app.presenter.set(True)
    tabs = next(x for x in walk(app) if isinstance(x, w.Tab))
    tabs.selected_index = app.keeper.keys.index("widgets.tab.practice")
    player = find(app, PracticePlayer)
    assert player.hold_votes
    choose(player, right=True)
    assert player.picked is None and player.vote == player.question.answer


def refused_choice(game: str) -> tuple[str, int, str, tk.IllegalMove] | None:
    """A question of ``game`` with a wrong choice that is a move the rules refuse: its
    kind, seed, that choice and the engine's refusal (None: no kind of the game asks
    such a question in the first seeds)."""
    for kind in kinds(game):
        for seed in range(12):
            q = tk.practice(game, seed=seed, kind=kind)
            for choice in q.choices:
                refusal = q.check(choice).trial.refusal
                if choice != q.answer and refusal is not None:
                    return kind, seed, choice, refusal
    return None


@pytest.mark.parametrize("code", ["en", "nl"])
@pytest.mark.parametrize("game", GAMES)
def test_a_refused_choice_says_why_with_the_badge_of_its_rule(game: str, code: str) -> None:
    found = refused_choice(game)
    if found is None:
        pytest.skip(f"{game}'s questions offer no move the rules refuse")
    kind, seed, choice, refusal = found
    assert refusal.section is not None
    page = Page(game, code)
    player = page.player
    player.ask(kind, seed)
    player.choices.children[player.question.choices.index(choice)].click()
    html = player.feedback.value
    assert 'class="tk-refusal"' in html
    assert f'data-tk-rule="{refusal.section.key}"' in html.split('class="tk-refusal"')[1]
    assert refusal.reason_text(code) in words(html)
