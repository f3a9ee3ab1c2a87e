"""A live class's page without a kernel (``treasurekit.widgets.live_page``), without a
browser: for every registered game, what the page shows of the teacher's item is what
the app's own Follower shows a student (the same question, drawing, answers, verdict and
why), in English and Dutch; the status lines, a refusal, and hostile names escaped. The
server's side (XSRF, bounds, the rate of joins) is ``tests/browser/test_serving_security``;
the page in Chromium is ``tests/browser/test_live_class``."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import escape, unescape
from pathlib import Path

import pytest

from treasurekit.classroom import ClassError, ClassStore, Item
from treasurekit.core.i18n import tr
from treasurekit.core.practice import kinds, practice
from treasurekit.core.registry import GAMES, new_game
from treasurekit.core.share import share_code
from treasurekit.core.teaching import examples_of, lesson_of
from treasurekit.widgets.live_page import Snapshots, follow, page, refused

from ..classroom.running import kernels_store
from .test_live_class import student

BUTTON = re.compile(r'<button [^>]*data-choice="([^"]*)"[^>]*>([^<]*)</button>')


@pytest.fixture()
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ClassStore]:
    monkeypatch.setenv("SERVER_NAME", "192.0.2.7")
    monkeypatch.setenv("SERVER_PORT", "8866")
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/diving_bell.ipynb")
    monkeypatch.delenv("QUERY_STRING", raising=False)
    with kernels_store("file", tmp_path, monkeypatch) as kept:
        yield kept


@pytest.fixture(scope="module")
def snapshots() -> Snapshots:
    return Snapshots()


def a_lesson_question(game: str) -> Item:
    """The game's first lesson step that asks something, as the projector publishes it."""
    for index, step in enumerate(lesson_of(game)):
        options = step.choices(step.start("en"))
        if len(options) > 1:
            right = next(str(i) for i, c in enumerate(options) if c.correct)
            return Item(f"lesson:{game}:{index}", tuple(map(str, range(len(options)))), right)
    raise AssertionError(f"{game}: no lesson step asks a question")


def answers(html: str) -> list[tuple[str, str]]:
    return [(choice, unescape(words)) for choice, words in BUTTON.findall(html)]


@pytest.mark.parametrize("lang", ["en", "nl"])
@pytest.mark.parametrize("game", list(GAMES))
def test_the_page_shows_what_the_apps_follower_shows(
        game: str, lang: str, store: ClassStore, snapshots: Snapshots,
        monkeypatch: pytest.MonkeyPatch) -> None:
    started = store.start(game)
    item = a_lesson_question(game)
    store.show(started.code, started.teacher, item)
    _app, ann = student(monkeypatch, started.code, "Ann", lang, game)
    bea = store.join(started.code, "Bea")

    seen = follow(store, snapshots, started.code, bea, "Bea", lang)
    player = ann.player
    assert player is not None
    assert player.head.value in seen["step"] and player.table.value in seen["step"]
    assert answers(seen["step"]) == [(c, b.description) for c, b in
                                     zip(item.choices, player.choices.children, strict=True)]
    assert escape(tr("classroom.live.tap", lang)) in seen["status"]
    assert follow(store, snapshots, started.code, bea, "Bea", lang, seen["have"]) == \
        {"same": True}

    wrong = next(c for c in item.choices if c != item.answer)
    ann.answer(wrong)
    store.answer(started.code, bea, 1, wrong)
    store.reveal(started.code, started.teacher)
    ann.poll()
    judged = follow(store, snapshots, started.code, bea, "Bea", lang, seen["have"])
    assert ann.player.feedback.value in judged["step"]                 # the why, judged
    assert 'class="tk-live-status tk-bad"' in judged["status"]
    assert escape(ann.status.value) == escape(judged["status"]).replace("Bea", "Ann")
    # the answers judged, as the app marks them (and no longer to be tapped)
    assert answers(judged["step"]) == [(c, b.description) for c, b in
                                       zip(item.choices, player.choices.children, strict=True)]
    assert all(" disabled>" in b for b in re.findall(r"<button[^>]*>", judged["step"]))
    assert "mod-danger" in judged["step"] and "mod-success" in judged["step"]


@pytest.mark.parametrize("game", list(GAMES))
def test_a_practice_question_an_example_step_and_a_table_are_drawn(
        game: str, snapshots: Snapshots) -> None:
    asked = kinds(game)[0]
    q = practice(game, seed=7, kind=asked)
    drawn = snapshots.step(f"practice:{game}:{asked}:7", "nl", tuple(q.choices), None,
                           False, 3)
    assert drawn is not None
    assert [c for c, _words in answers(drawn)] == list(q.choices)
    kind = tr(f"practice.{game}.kind.{asked}", "nl")
    assert f"<h3>{escape(kind)}</h3>" in drawn          # not "Question 1": the count is
    #                                                     the projector's
    assert all('data-item-no="3"' in b for b in re.findall(r"<button[^>]*>", drawn))
    example = examples_of(game)[0]
    stepped = snapshots.step(f"example:{game}:{example.key}:1", "en", (), None, False)
    assert stepped is not None and "tk-ex" in stepped and "<button" not in stepped
    assert snapshots.step("lesson:chess:0", "en", (), None, False) is None
    assert snapshots.step(f"table:{game}:tk2.not-a-code", "en", (), None, False) is None
    shared = share_code(new_game(game, GAMES[game].players[0], seed=3))
    table = snapshots.step(f"table:{game}:{shared}", "en", (), None, False)
    assert table is not None and "<svg" in table and "<button" not in table
    assert f'href="{game}.ipynb?position={shared}&amp;lang=en"' in table   # to play on


def test_closed_answers_cannot_be_tapped_and_a_late_tap_is_told(
        store: ClassStore, snapshots: Snapshots) -> None:
    started = store.start("coralia")
    item = a_lesson_question("coralia")
    store.show(started.code, started.teacher, item)
    ann = store.join(started.code, "Ann")
    open_ = follow(store, snapshots, started.code, ann, "Ann", "nl")
    assert " disabled" not in open_["step"]
    store.close(started.code, started.teacher)
    closed = follow(store, snapshots, started.code, ann, "Ann", "nl", open_["have"])
    buttons = re.findall(r"<button[^>]*>", closed["step"])
    assert len(buttons) == len(item.choices) and all(" disabled" in b for b in buttons)
    assert escape(tr("classroom.live.closed", "nl")) in closed["status"]
    with pytest.raises(ClassError) as late:
        store.answer(started.code, ann, 1, item.choices[0])
    told = follow(store, snapshots, started.code, ann, "Ann", "nl", closed["have"],
                  late.value)
    assert escape(late.value.text("nl")) in told["status"]       # said, not swallowed
    assert follow(store, snapshots, started.code, ann, "Ann", "nl", told["have"]) == \
        {"same": True}                                          # (kept until a change)


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_an_ended_class_says_so_and_the_page_stops_asking(
        store: ClassStore, snapshots: Snapshots, lang: str) -> None:
    started = store.start("coralia")
    item = a_lesson_question("coralia")
    store.show(started.code, started.teacher, item)
    ann = store.join(started.code, "Ann")
    store.answer(started.code, ann, 1, next(c for c in item.choices if c != item.answer))
    store.reveal(started.code, started.teacher)          # Ann was wrong: said in red
    open_ = follow(store, snapshots, started.code, ann, "Ann", lang)
    assert open_["ended"] is False and "tk-bad" in open_["status"]
    store.end(started.code, started.teacher)
    ended = follow(store, snapshots, started.code, ann, "Ann", lang, open_["have"])
    assert ended["ended"] is True                         # (the page's script stops polling)
    assert escape(tr("classroom.live.ended", lang)) in ended["status"]
    assert escape(tr("classroom.live.tap", lang)) not in ended["status"]
    assert "tk-bad" not in ended["status"] and "tk-good" not in ended["status"]
    buttons = re.findall(r"<button[^>]*>", ended["step"])
    assert buttons and all(" disabled" in b for b in buttons)    # nothing to tap any more


def test_a_part_no_device_follows_sends_the_students_to_the_projector(
        store: ClassStore, snapshots: Snapshots) -> None:
    started = store.start("diving_bell")
    ann = store.join(started.code, "Ann")
    store.show(started.code, started.teacher, Item("projector:diving_bell"))
    seen = follow(store, snapshots, started.code, ann, "Ann", "en")
    assert escape(tr("classroom.live.look_up", "en")) in seen["status"] and not seen["step"]


def test_refusals_and_hostile_names_are_told_escaped(store: ClassStore,
                                                     snapshots: Snapshots) -> None:
    started = store.start("diving_bell")
    with pytest.raises(ClassError) as err:
        follow(store, snapshots, started.code, "forged-token", "Ann", "nl")
    told = refused(err.value, "nl")
    assert told["kind"] == "not_student" and told["error"] == err.value.text("nl")
    token = store.join(started.code, "Ann")
    hostile = '<script>alert(1)</script>'
    seen = follow(store, snapshots, started.code, token, hostile, "en")
    assert hostile not in seen["status"] and escape(hostile) in seen["status"]
    assert escape(tr("classroom.live.waiting", "en")) in seen["status"] and not seen["step"]
    shown = page("diving_bell", '"><svg onload=alert(1)>', "nl", "/treasurekit/live/", "")
    assert "<svg onload" not in shown and 'lang="nl"' in shown
    assert escape(tr("classroom.live.join_intro", "nl")) in shown
