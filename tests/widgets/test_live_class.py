"""The live class in the app (issue 25), without a browser: a teacher's app in presenter
mode and students' apps opened with ``?join=CODE``, in one process, against a temporary
SQLite store (what ``make serve`` hands every kernel), and again through the class
service of a school's hub (``RemoteClassStore``, the service on a temporary SQLite file:
``tests/classroom/running.py``)."""

from __future__ import annotations

import base64
import csv
import io
import re
from collections.abc import Iterator
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest

from treasurekit.classroom import Item
from treasurekit.classroom.config import CLASS_DIR_ENV, CLASS_URL_ENV
from treasurekit.core.i18n import Percent, tr
from treasurekit.core.share import share_code
from treasurekit.widgets.browser_store import BrowserStore
from treasurekit.widgets.lang import Language
from treasurekit.widgets.live import Follower, LiveClass, item_title

from ..classroom.running import kernels_store
from .teacher_helpers import key
from .ui import App, click, find, one, texts, walk


@pytest.fixture(params=["file", "service"])
def classes(request: pytest.FixtureRequest, tmp_path: Path,
            monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Every kernel's store: the SQLite file the server names (``make serve``), or the
    class service the hub names (each single-user server's token: one hub user here)."""
    monkeypatch.setenv("SERVER_NAME", "192.0.2.7")
    monkeypatch.setenv("SERVER_PORT", "8866")
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/diving_bell.ipynb")
    monkeypatch.delenv("QUERY_STRING", raising=False)
    with kernels_store(request.param, tmp_path, monkeypatch):
        yield tmp_path


def teacher_app(game: str = "diving_bell") -> tuple[App, LiveClass]:
    app = App(game)
    app.root.presenter.set(True)
    live: LiveClass = app.root.live
    click(live.start_button)
    return app, live


def student(monkeypatch: pytest.MonkeyPatch, code: str, nickname: str | None,
            lang: str = "en", game: str = "diving_bell") -> tuple[App, Follower]:
    monkeypatch.setenv("QUERY_STRING", f"join={code}&lang={lang}")
    app = App(game, lang)
    follower: Follower = app.root.follower
    if nickname is not None:
        follower.name_box.value = nickname
        click(follower.join_button)
    return app, follower


def choice(player: Any, right: bool) -> w.Button:
    """The button of a right (or a wrong) answer of a lesson or practice player."""
    if hasattr(player, "options"):
        index = next(i for i, c in enumerate(player.options) if c.correct == right)
    else:
        q = player.question
        index = next(i for i, c in enumerate(q.choices) if (c == q.answer) == right)
    found: w.Button = find(player, "tk-choice")[index]
    return found


def said(key: str, lang: str, **params: Any) -> str:
    """A catalog message as an HTML widget shows it (escaped)."""
    return escape(tr(key, lang, **params))


def htmls(root: w.Widget) -> str:
    return "\n".join(x.value for x in walk(root) if isinstance(x, w.HTML))


def projector_keeping() -> tuple[App, LiveClass, BrowserStore]:
    """A teacher's app in presenter mode whose browser kept nothing yet: the app, its
    live class (not started) and the browser's store."""
    teacher = App("diving_bell")
    (kept,) = [x for x in walk(teacher.root) if isinstance(x, BrowserStore)]
    kept.hello(None)
    teacher.root.presenter.set(True)
    return teacher, teacher.root.live, kept


def projector_after_a_restart(monkeypatch: pytest.MonkeyPatch,
                              written: Any) -> tuple[App, LiveClass]:
    """The server restarted (a new kernel, no store opened yet) and the projector page
    reloaded with what its browser kept (``written``): the new app and its live class."""
    from treasurekit.classroom import config

    monkeypatch.setattr(config, "_opened", {})
    monkeypatch.delenv("QUERY_STRING", raising=False)
    again = App("diving_bell")
    (kept,) = [x for x in walk(again.root) if isinstance(x, BrowserStore)]
    kept.hello(written)
    return again, again.root.live


def test_a_lesson_question_joined_followed_answered_tallied_and_revealed(
        classes: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    teacher, live = teacher_app()
    assert re.fullmatch(r"[A-Z2-9]{6}", live.code)
    assert live.code in live.head.value                      # the code, large
    link = f"http://192.0.2.7:8866/voila/render/diving_bell.ipynb?join={live.code}"
    assert live.join_link() == link and "<svg" in live.head.value   # the link and its QR
    assert live._teacher not in htmls(teacher.root)               # the token stays inside
    teacher.root.presenter.do("qr")                               # Q: the join link, big
    assert link in one(teacher.root, "tk-qr-screen").link
    teacher.root.presenter.do("close")

    ann_app, ann = student(monkeypatch, live.code, "Kiki")
    bob_app, bob = student(monkeypatch, live.code.lower(), "Zed", "nl")
    assert ann.token and bob.token and not find(ann_app.root, "tk-live-nickname")
    live.poll()                                   # the first lesson step is on screen
    assert said("classroom.live.answered", "en", n=0, students=2) in live.count.value

    lesson = one(teacher.open_tab("tk-lesson"), "tk-lesson")
    key(teacher, "ArrowRight")                 # the key publishes the step (no poll)
    while not lesson.asks:
        key(teacher, "ArrowRight")
    for follower, app in ((ann, ann_app), (bob, bob_app)):
        follower.poll()
        mine = one(app.root, "tk-lesson")
        assert follower.player is mine and mine.index == lesson.index   # the same step
        assert not find(app.root, "tk-lesson-nav") or "tk-live-student" in \
            app.root._dom_classes                                      # (hidden by CSS)
    assert said("classroom.live.tap", "en") in ann.status.value
    assert said("classroom.live.tap", "nl") in bob.status.value

    click(choice(ann.player, right=False))
    click(choice(ann.player, right=True))                 # a second answer replaces the first
    click(choice(bob.player, right=False))
    assert "tk-vote" in choice(ann.player, right=True)._dom_classes
    assert ann.player.picked is None                      # nothing judged before the reveal
    live.poll()
    assert said("classroom.live.answered", "en", n=2, students=2) in live.count.value
    assert live.chart.value == ""                         # no distribution before R
    assert live.tally is not None and sorted(live.tally.counts.values())[-2:] == [1, 1]
    assert sum(live.tally.counts.values()) == 2 and len(live.tally.counts) == len(lesson.options)

    key(teacher, "r")                                     # R: the class's answers revealed
    right_label = next(c.label.text("en") for c in lesson.options if c.correct)
    assert "tk-live-right" in live.chart.value and right_label in live.chart.value
    assert live.chart.value.count('class="tk-live-bar"') == len(lesson.options)
    assert lesson.feedback.value and lesson.step.rule("en") in lesson.head.value  # § and why

    for follower in (ann, bob):
        follower.poll()
    assert said("classroom.live.was_right", "en") in ann.status.value
    assert "tk-good" in ann.status.value and "tk-bad" in bob.status.value   # in colour
    assert "tk-good" in ann.player.feedback.value and "tk-bad" in bob.player.feedback.value
    right_nl = next(c.label.text("nl") for c in bob.player.options if c.correct)
    assert said("classroom.live.was_wrong", "nl", answer=right_nl) in bob.status.value
    assert bob.player._why("nl")[:40].replace("'", "&#x27;") in bob.player.feedback.value

    # students never see names nor other answers
    assert "Zed" not in texts(ann_app.root) and "Kiki" not in texts(bob_app.root)
    assert "Kiki" in texts(ann_app.root)                  # (their own, beside the code)


def test_a_practice_question_and_an_example_step_are_followed(
        classes: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    teacher, live = teacher_app()
    _app, ann = student(monkeypatch, live.code, "Ann")
    question = one(teacher.open_tab("tk-practice"), "tk-practice")
    key(teacher, "ArrowRight")                            # → the next question (published)
    ann.poll()
    assert ann.player is not None and ann.player.question.kind == question.question.kind
    assert ann.player.seed == question.seed
    assert ann.player.question.choices == question.question.choices
    click(choice(ann.player, right=False))
    live.poll()
    assert live.tally is not None and live.tally.answered == 1
    click(live.reveal_button)                             # the button does what R does
    assert question.picked == question.question.answer   # the right answer, on the projector
    ann.poll()
    assert ann.verdict is False and "tk-bad" in ann.player.feedback.value
    assert "tk-rule" in ann.player.feedback.value        # why, with its § badge

    teacher.open_tab("tk-example")                        # moved with the mouse: the poll
    key(teacher, "ArrowRight")
    key(teacher, "ArrowRight")
    ann.poll()
    example = teacher.root.presenter.on_screen()
    assert ann.player is not None and ann.player.index == 2 == getattr(example, "index", None)
    assert said("classroom.live.watch", "en") in ann.status.value


def test_closed_answers_are_refused_and_results_are_a_csv_sheet(
        classes: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    teacher, live = teacher_app()
    live.poll()
    assert said("classroom.live.nobody", "en") in live.count.value     # not "0 of 0"
    ann_app, ann = student(monkeypatch, live.code, "D'Arcy")     # a quote: escaped
    _app, eve = student(monkeypatch, live.code, "Eve")
    lesson = one(teacher.open_tab("tk-lesson"), "tk-lesson")
    while not lesson.asks:
        key(teacher, "ArrowRight")
    live.poll()
    ann.poll()
    eve.poll()
    click(choice(ann.player, right=True))
    click(live.close_button)
    assert said("classroom.live.closed_short", "en") in live.count.value   # the room sees it
    click(choice(eve.player, right=True))                 # too late
    assert said("classroom.error.late", "en") in eve.status.value
    assert eve.given is None and eve.player.vote is None  # not taken, not marked
    eve.poll()
    assert said("classroom.live.closed", "en") in eve.status.value
    key(teacher, "r")
    eve.poll()
    assert said("classroom.live.unanswered", "en", answer="")[:20] in eve.status.value
    assert said("classroom.error.late", "en") not in eve.status.value   # the verdict now

    click(live.results_button)
    results = live.results.value                          # on the projector: no names
    assert "Arcy" not in results and "Eve" not in results
    assert said("classroom.live.names_hidden", "en") in results
    assert said("classroom.live.col.question", "en") in results
    assert said("classroom.live.share", "en", share=Percent(1.0), n=1) in results
    click(live.names_button)                              # the teacher's own click
    results = live.results.value
    assert "D&#x27;Arcy" in results and "D'Arcy" not in results
    right = next(c.label.text("en") for c in lesson.options if c.correct)
    assert f'<td class="tk-good">✓ {escape(right)}</td><td></td>' in results  # Eve: none
    data = re.search(r'href="data:text/csv;base64,([^"]+)"', results)
    assert data is not None
    sheet = list(csv.reader(io.StringIO(base64.b64decode(data.group(1)).decode())))
    assert sheet[0][:4] == [tr(f"classroom.live.col.{c}", "en")
                            for c in ("no", "question", "answer", "right")]
    assert sheet[0][-2:] == ["D'Arcy", "Eve"] and sheet[1][-1] == ""   # Eve: no answer
    assert sheet[1][2] == right == sheet[1][-2]           # the words the screens showed
    assert sheet[1][1] == item_title(live.store.results(live.code, live._teacher)[0]["item"],
                                     Language(code="en"))
    assert sheet[1][3] == tr("classroom.live.share", "en", share=Percent(1.0), n=1)
    click(live.results_button)
    click(live.results_button)                            # opened again: the names hidden
    assert "Arcy" not in live.results.value
    assert "D'Arcy" not in htmls(ann_app.root) and "D&#x27;Arcy" in ann.status.value


def test_the_teacher_ends_the_class_after_asking_and_may_start_another(
        classes: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    teacher, live, kept = projector_keeping()
    assert live.end_button.layout.display == "none"       # no class yet: nothing to end
    click(live.start_button)
    assert kept.get("live_teacher") is not None
    code, written = live.code, kept.written
    lesson = one(teacher.open_tab("tk-lesson"), "tk-lesson")
    while not lesson.asks:
        key(teacher, "ArrowRight")
    ann_app, ann = student(monkeypatch, code, "Kiki", "nl")
    ann.poll()
    click(choice(ann.player, right=True))
    live.poll()

    assert live.end_button.layout.display == "" and live.end_box.layout.display == "none"
    click(live.end_button)                                # asked first
    assert live.end_box.layout.display == ""
    assert said("classroom.live.end_ask", "en") in live.end_ask.value
    click(live.end_no)                                    # "Keep going": nothing changes
    assert live.end_box.layout.display == "none" and not live.ended
    assert not live.store.now(code).ended
    click(live.end_button)
    click(live.end_yes)
    assert live.error is None, live.error
    assert live.ended and live.end_box.layout.display == "none"
    assert said("classroom.live.ended_teacher", "en", code=code, students=1) \
        in live.count.value
    assert live.results.layout.display == ""              # the results open by themselves
    assert "Kiki" not in live.results.value               # (names still hidden)
    assert said("classroom.live.share", "en", share=Percent(1.0), n=1) in live.results.value
    for hidden in (live.end_button, live.close_button, live.reveal_button, live.head):
        assert hidden.layout.display == "none"
    assert live.start_button.layout.display == ""         # a new class may start
    assert kept.get("live_teacher") is None               # a reload takes nothing back
    item_no = live.store.now(code).item_no
    key(teacher, "ArrowRight")                            # the projector moves on alone
    live.poll()
    assert live.store.now(code).item_no == item_no

    ann.poll()                                            # the phone is told, and stops
    assert said("classroom.live.ended", "nl") in ann.status.value
    _app, late = student(monkeypatch, code, "Zed")        # nobody joins any more
    assert not late.token and said("classroom.error.ended", "en") in late.status.value
    _again, other = projector_after_a_restart(monkeypatch, written)   # another tab kept it
    assert not other.live and other.kept is not None and other.kept.get("live_teacher") is None

    click(live.start_button)                              # another class, from scratch
    assert live.live and not live.ended and live.code != code
    assert live.end_button.layout.display == "" and live.results.layout.display == "none"
    assert kept.get("live_teacher") is not None


def test_a_join_link_only_this_computer_opens_says_so(
        classes: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SERVER_NAME", "127.0.0.1")
    _teacher, live = teacher_app()
    assert live.join_link().startswith("http://127.0.0.1:8866/")
    assert said("teacher.share.loopback", "en") in live.head.value


def test_bad_codes_and_nicknames_get_the_stores_message_and_nothing_else(
        classes: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    teacher, live = teacher_app()
    payload = "<img src=x onerror=alert(1)>"
    app, follower = student(monkeypatch, live.code, payload)
    assert not follower.token and payload not in htmls(app.root)
    assert said("classroom.error.nickname", "en", limit=20) in follower.status.value
    assert all(x.layout.display == "none" for x in find(app.root, "tk-tabs",
                                                          visible_only=False))
    free = next(c for c in "ABCDEFGHJKMNPQRSTUVWXYZ" if c != live.code[0])
    app, follower = student(monkeypatch, free * 6, "Ann")
    assert said("classroom.error.no_class", "en") in follower.status.value
    app, follower = student(monkeypatch, "<script>", "Ann", "nl")
    assert said("classroom.error.code", "nl", length=6) in follower.status.value
    assert "<script>" not in htmls(app.root)
    live.poll()
    assert said("classroom.live.nobody", "en") in live.count.value    # nobody joined


def test_without_a_class_store_there_is_no_live_class(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(CLASS_DIR_ENV, raising=False)
    monkeypatch.delenv(CLASS_URL_ENV, raising=False)
    monkeypatch.setenv("QUERY_STRING", "join=ABCDEF&present=1")
    app = App("diving_bell")
    assert app.root.live is None and app.root.follower is None
    assert not find(app.root, "tk-live-start", visible_only=False)


def test_the_landing_page_joins_a_class_by_its_code(classes: Path) -> None:
    from treasurekit.widgets.landing import landing

    _teacher, live = teacher_app("coralia")
    page = landing(Language(code="nl"))
    form = one(page, "tk-join-class")
    assert tr("classroom.live.landing_title", "nl") in form.head.value
    form.code.value = "<script>"
    click(one(page, "tk-join-go"))
    assert said("classroom.error.code", "nl", length=6) in form.message.value
    assert form.goto.href == "" and "<script>" not in htmls(page)
    form.code.value = f" {live.code[:3].lower()} {live.code[3:]} "    # as typed
    click(one(page, "tk-join-go"))
    assert form.goto.href == f"coralia.ipynb?join={live.code}&lang=nl"


def test_no_join_field_without_a_class_store(monkeypatch: pytest.MonkeyPatch) -> None:
    from treasurekit.widgets.landing import landing

    monkeypatch.delenv(CLASS_DIR_ENV, raising=False)
    monkeypatch.delenv(CLASS_URL_ENV, raising=False)
    assert not find(landing(Language()), "tk-join-class")


def test_a_reloaded_phone_carries_on_as_the_same_student(
        classes: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    teacher, live = teacher_app()
    app, ann = student(monkeypatch, live.code, None)
    (kept,) = [x for x in walk(app.root) if isinstance(x, BrowserStore)]
    kept.hello(None)                                  # the browser kept nothing
    ann.name_box.value = "Kiki"
    click(ann.join_button)
    ann.poll()
    click(choice(ann.player, right=False))
    written = kept.written
    assert written is not None and ann.token in written      # in the student's own browser

    app, again = student(monkeypatch, live.code.lower(), None)      # the page reloaded
    (kept,) = [x for x in walk(app.root) if isinstance(x, BrowserStore)]
    kept.hello(written)
    assert again.token == ann.token and again.form.layout.display == "none"
    assert again.given == ann.given and again.player is not None
    assert "tk-vote" in choice(again.player, right=False)._dom_classes   # the answer kept
    live.poll()
    assert live.tally is not None and (live.tally.students, live.tally.answered) == (1, 1)

    app, other = student(monkeypatch, live.code, None)        # a token the store never gave
    (kept,) = [x for x in walk(app.root) if isinstance(x, BrowserStore)]
    kept.hello(written.replace(ann.token, "forged-token"))
    assert not other.token and other.form.layout.display != "none"
    assert kept.get("live") is None                           # forgotten


def test_a_pool_kernel_joins_when_the_viewers_query_arrives(
        classes: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``make serve-class``: the app was built before anyone asked; ``?join=`` comes with
    the viewer's request (``viewer._arrived``), as ``?position=`` does."""
    from treasurekit.widgets import viewer

    _teacher, live = teacher_app()
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("QUERY_STRING", "")
    monkeypatch.setattr(viewer, "_wait_for_viewer", lambda: None)
    monkeypatch.setattr(viewer, "_state", {"waiting": False, "arrived": False})
    monkeypatch.setattr(viewer, "_listeners", [])
    app = App("diving_bell")
    assert app.root.follower is None and find(app.root, "tk-tabs")
    viewer._arrived({"QUERY_STRING": f"join={live.code}"})
    follower: Follower = app.root.follower
    assert follower is not None and not find(app.root, "tk-tabs")
    follower.name_box.value = "Kiki"
    click(follower.join_button)
    assert follower.player is not None and follower.player.index == 0
    assert said("classroom.live.tap", "en") in follower.status.value


def test_a_reloaded_projector_takes_its_class_back_after_a_server_restart(
        classes: Path, monkeypatch: pytest.MonkeyPatch) -> None:

    teacher, live, kept = projector_keeping()         # the teacher's browser kept nothing
    click(live.start_button)
    written = kept.written
    assert written is not None and live._teacher in written     # in the teacher's browser
    assert live._teacher not in htmls(teacher.root)               # and in no page
    lesson = one(teacher.open_tab("tk-lesson"), "tk-lesson")
    key(teacher, "ArrowRight")
    while not lesson.asks:
        key(teacher, "ArrowRight")
    _app, ann = student(monkeypatch, live.code, "Kiki")
    ann.poll()
    click(choice(ann.player, right=True))
    live.poll()
    before = live.store.results(live.code, live._teacher)
    code, step = live.code, lesson.index
    live.stop()

    again, back = projector_after_a_restart(monkeypatch, written)
    assert back.live and back.code == code and again.root.presenter.on
    assert back.layout.display == "" and back.start_button.layout.display == "none"
    shown = one(again.root, "tk-lesson")
    assert shown.index == step and back.shown is not None and back.shown.choices
    assert back.tally is not None and (back.tally.students, back.tally.answered) == (1, 1)
    assert said("classroom.live.answered", "en", n=1, students=1) in back.count.value
    assert back.store.results(code, back._teacher) == before      # nothing lost
    key(again, "r")                                    # the class goes on: R reveals
    assert "tk-live-right" in back.chart.value
    ann.poll()
    assert said("classroom.live.was_right", "en") in ann.status.value
    back.stop()

    other = App("diving_bell")                         # a token the store never gave
    (kept,) = [x for x in walk(other.root) if isinstance(x, BrowserStore)]
    kept.hello(written.replace(back._teacher, "forged-token"))
    assert not other.root.live.live and kept.get("live_teacher") is None   # forgotten

    phone, follower = student(monkeypatch, code, None)  # a student's page, same browser
    (kept,) = [x for x in walk(phone.root) if isinstance(x, BrowserStore)]
    kept.hello(written)
    assert not phone.root.live.live and not follower.token


def test_a_pool_kernel_carries_on_as_the_student_the_browser_kept(
        classes: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A reload from the pool: the browser says what it kept before ``?join=`` has built
    the student's part; the part still takes the kept token (``BrowserStore.on_restore``
    called at once once the browser has spoken)."""
    from treasurekit.widgets import viewer

    _teacher, live = teacher_app()
    app, ann = student(monkeypatch, live.code, None)
    (kept,) = [x for x in walk(app.root) if isinstance(x, BrowserStore)]
    kept.hello(None)
    ann.name_box.value = "Kiki"
    click(ann.join_button)
    written = kept.written
    assert written is not None and ann.token in written

    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("QUERY_STRING", "")
    monkeypatch.setattr(viewer, "_wait_for_viewer", lambda: None)
    monkeypatch.setattr(viewer, "_state", {"waiting": False, "arrived": False})
    monkeypatch.setattr(viewer, "_listeners", [])
    again = App("diving_bell")
    (kept,) = [x for x in walk(again.root) if isinstance(x, BrowserStore)]
    kept.hello(written)                              # the browser speaks first...
    viewer._arrived({"QUERY_STRING": f"join={live.code}"})      # ...then ?join= arrives
    follower: Follower = again.root.follower
    assert follower.token == ann.token and follower.form.layout.display == "none"


def test_a_shared_table_is_followed_in_the_students_play_tab(
        classes: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from treasurekit.core.share import share_code
    from treasurekit.widgets.game_player import GamePlayer

    teacher, live = teacher_app()
    _app, ann = student(monkeypatch, live.code, "Kiki", "nl")
    panel = one(teacher.open_tab("tk-teacher"), "tk-teacher")      # Build & share
    live.poll()                                       # the table the tab shares, followed
    first = panel.share.code
    assert first and live.store.now(live.code).item == f"table:diving_bell:{first}"
    game = panel.player.game                          # the Play tab's game one move on...
    game.play(next(iter(game.legal_moves())))
    click(find(panel, "tk-share-game")[0])            # ...shared: the class follows it
    code = panel.share.code
    assert code and code != first
    live.poll()                                       # a click with the mouse: the tick
    now = live.store.now(live.code)
    assert now.item == f"table:diving_bell:{code}" and now.choices == ()
    ann.poll()
    assert isinstance(ann.player, GamePlayer) and share_code(ann.player.game) == code
    assert said("classroom.live.watch", "nl") in ann.status.value
    teacher.open_tab("tk-lesson")                     # back to the lesson: followed too
    live.poll()
    ann.poll()
    assert live.store.now(live.code).item == "lesson:diving_bell:0"
    assert one(_app.root, "tk-lesson") is ann.player


def test_a_class_on_a_shared_table_is_taken_back_on_that_table_after_a_restart(
        classes: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from treasurekit.widgets.game_player import GamePlayer

    teacher, live, kept = projector_keeping()
    click(live.start_button)
    panel = one(teacher.open_tab("tk-teacher"), "tk-teacher")      # Build & share
    game = panel.player.game                          # the Play tab's game one move on...
    game.play(next(iter(game.legal_moves())))
    click(find(panel, "tk-share-game")[0])            # ...shared: the class follows it
    live.poll()
    table = f"table:diving_bell:{panel.share.code}"
    assert live.store.now(live.code).item == table
    code, written = live.code, kept.written
    live.stop()

    again, back = projector_after_a_restart(monkeypatch, written)
    assert back.live and back.code == code
    shown = one(again.root, "tk-teacher")            # the table on the teacher's screen
    assert f"table:diving_bell:{shown.share.code}" == table
    back.poll()                                      # the tick: the class stays on it
    assert back.store.now(code).item == table and back.shown == Item(table)
    _app, ann = student(monkeypatch, code, "Kiki")   # and a student joining now sees it
    assert isinstance(ann.player, GamePlayer)
    assert f"table:diving_bell:{share_code(ann.player.game)}" == table
    back.stop()


def test_the_join_panel_folds_once_under_way_and_other_parts_send_students_to_the_projector(
        classes: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    teacher, live = teacher_app()
    live.poll()
    assert live.head.layout.display == ""                 # the QR code while they join
    _app, ann = student(monkeypatch, live.code, "Kiki")
    live.poll()
    assert live.head.layout.display == ""                 # (late ones still scan it)
    one(teacher.open_tab("tk-lesson"), "tk-lesson")
    key(teacher, "ArrowRight")                            # the lesson goes on
    assert live.head.layout.display == "none"
    assert live.code in live.count.value                  # the code in a line (Q: the QR)
    key(teacher, "ArrowRight")
    assert live.head.layout.display == "none"             # and stays folded
    teacher.open_tab("tk-play")                           # a part no phone follows
    live.poll()
    assert live.store.now(live.code).item == "projector:diving_bell"
    ann.poll()
    assert said("classroom.live.look_up", "en") in ann.status.value
