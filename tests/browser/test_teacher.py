"""The teacher's toolkit in a real browser: presenter mode driven by the keyboard (Voila
and JupyterLab), a table built in the editor of every app and opened from its share link
in a second page. (Every step on the projector, fitted, with text of 24 px:
test_presenter_lessons.py and test_presenter_examples.py.)"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

import treasurekit as tk

from . import harness
from .screens import LARGE, SMALL, SMALL_MIN_TEXT, measure

pytestmark = pytest.mark.browser

APPS = sorted(tk.GAMES)
PROJECTOR = {"width": 1280, "height": 720}
SCREENSHOT = harness.ROOT / "docs" / "presenter.png"

def projector_page(browser: Any) -> tuple[Any, Any, harness.Watch]:
    context = browser.new_context(viewport=PROJECTOR)
    page = context.new_page()
    return context, page, harness.watch_page(page)


def press(page: Any, watch: harness.Watch, key: str) -> None:
    """A key press with the pointer over the app (ipyevents listens there), handled."""
    seen = watch.kernel_messages
    page.locator(".tk-app").first.hover(position={"x": 600, "y": 10})
    page.keyboard.press(key)
    page.wait_for_timeout(50)
    while watch.kernel_messages == seen:
        page.wait_for_timeout(20)
    harness.wait_kernel_idle(page, watch)


def heading(page: Any) -> str:
    return str(page.locator(".tk-lesson .tk-panel h3").first.inner_text())


@pytest.fixture(scope="module")
def presenter(browser: Any, voila_url: str) -> Iterator[tuple[Any, harness.Watch]]:
    context, page, watch = projector_page(browser)
    harness.open_app(page, watch,
                     harness.app_url(voila_url, "diving_bell.ipynb") + "?present=1&lang=en")
    yield page, watch
    context.close()


def test_present_in_the_url_gives_the_projector_layout(presenter: Any) -> None:
    page, watch = presenter
    expect(page.locator(".tk-app.tk-present")).to_have_count(1)
    expect(page.locator(".tk-present-switch")).to_have_class(re.compile("mod-active"))
    # no developer output and no side panels: the narrator and the intro are hidden
    # (that every step fits the screen with text of 24 px: test_presenter_lessons.py)
    for hidden in (".tk-intro", ".tk-lesson .tk-narrator"):
        assert not page.locator(hidden).first.is_visible()
    page.screenshot(path=str(SCREENSHOT))
    harness.assert_page_ok(page, watch)


def test_every_tab_shows_only_its_own_part(presenter: Any) -> None:
    """On a wide screen the lesson is laid out as a grid; on another tab it stays hidden;
    Build & share is not fitted as a slide but keeps the slide's words."""
    page, watch = presenter
    tabs = page.locator(".tk-tabs .lm-TabBar-tab")
    harness.click(page, watch, tabs.nth(2))              # the game against the computer
    expect(page.locator(".tk-play").first).to_be_visible()
    assert not page.locator(".tk-lesson-question").first.is_visible()
    # Build & share, the teacher's workbench: the slide's words (16 px at 1280x720, as a
    # slide's), the page scrolling down to the table and its QR code, never sideways
    harness.click(page, watch, tabs.filter(has_text=re.compile(r"^\s*Build & share\s*$")))
    expect(page.locator(".tk-editor-ok")).to_be_visible()
    bench = measure(page, [], SMALL_MIN_TEXT)
    assert bench["wide"] <= 0 and not bench["small"], bench
    assert bench["scroll"] > 0 and bench["zoom"] >= SMALL[1] / LARGE[1] - 0.01, bench
    harness.click(page, watch, tabs.nth(0))
    expect(page.locator(".tk-lesson-question").first).to_be_visible()
    assert not page.locator(".tk-play").first.is_visible()
    assert measure(page, [])["scroll"] <= 0             # a slide again: fitted
    harness.assert_page_ok(page, watch)


def test_keys_drive_the_lesson_and_the_language(presenter: Any) -> None:
    page, watch = presenter
    first = heading(page)
    press(page, watch, "ArrowRight")
    second = heading(page)
    assert second != first and "2" in second
    press(page, watch, " ")
    assert "3" in heading(page)
    press(page, watch, "ArrowLeft")
    assert heading(page) == second
    press(page, watch, "Home")
    assert heading(page) == first
    press(page, watch, "l")
    expect(page.locator(".tk-tabs .lm-TabBar-tabLabel").first).to_have_text("Les")
    assert heading(page) != first
    press(page, watch, "l")
    expect(page.locator(".tk-tabs .lm-TabBar-tabLabel").first).to_have_text("Lesson")
    harness.assert_page_ok(page, watch)


def test_the_class_votes_then_r_reveals_the_answer(presenter: Any) -> None:
    page, watch = presenter
    press(page, watch, "Home")
    press(page, watch, "ArrowRight")            # lesson 2 asks for the pressure
    lesson = page.locator(".tk-lesson")
    harness.click(page, watch, lesson.locator(".tk-choice").first)
    expect(lesson.locator(".tk-voted")).to_be_visible()
    expect(lesson.locator(".tk-feedback")).to_have_count(0)
    expect(lesson.locator(".tk-choice.mod-success")).to_have_count(0)
    press(page, watch, "r")
    expect(lesson.locator(".tk-feedback")).to_be_visible()
    expect(lesson.locator(".tk-choice.mod-success")).to_have_count(1)
    harness.assert_page_ok(page, watch)


def test_the_switch_turns_presenter_mode_off(presenter: Any) -> None:
    page, watch = presenter
    harness.click(page, watch, page.locator(".tk-present-switch"))
    expect(page.locator(".tk-app.tk-present")).to_have_count(0)
    first = heading(page)
    press(page, watch, "ArrowRight")             # keys are the presenter's only
    assert heading(page) == first
    harness.click(page, watch, page.locator(".tk-present-switch"))
    expect(page.locator(".tk-app.tk-present")).to_have_count(1)


#: per app: where the cards go (the drop-down's label, None for the first) and which card
BUILD = {
    "diving_bell": (None, "emerald3/1"),
    "sea_or_shore": ("Treasure pile of Eric", "g5"),
    "captain_lucky": (None, "ruby"),
}


def _student_opens(context: Any, link: Any) -> tuple[Any, harness.Watch]:
    """A student opens the share ``link`` in a page of their own: on the table in play,
    then the builder a tab away."""
    student = context.new_page()
    seen = harness.watch_page(student)
    harness.open_app(student, seen, link.evaluate("a => a.href"))
    expect(student.locator(".tk-tabs .lm-TabBar-tab.lm-mod-current")).to_have_text(
        "Play the computer")
    expect(student.locator(".tk-play .tk-table").first).to_be_visible()
    harness.click(student, seen, student.locator(".tk-tabs .lm-TabBar-tab").filter(
        has_text=re.compile(r"^\s*Build & share\s*$")))
    return student, seen


# (test_classroom_link.py opens a shared link of Diving Bell from the pool; here one other,
# the first of the rest by name)
@pytest.mark.parametrize("name", [a for a in APPS if a != "diving_bell"][:1])
def test_a_built_table_opens_from_its_share_link(browser: Any, voila_url: str,
                                                 name: str) -> None:
    context = browser.new_context(viewport=harness.VIEWPORT)
    try:
        page = context.new_page()
        watch = harness.watch_page(page)
        harness.open_app(page, watch, harness.app_url(voila_url, f"{name}.ipynb", "en"))
        page.locator(".tk-tabs .lm-TabBar-tab").filter(
            has_text=re.compile(r"^\s*Build & share\s*$")).click()
        editor = page.locator(".tk-editor")
        editor.wait_for(state="visible")
        harness.wait_kernel_idle(page, watch)
        before = editor.locator(".tk-editor-table").inner_text()
        target, card = BUILD[name]
        if target is not None:
            palette = editor.locator(".tk-palette-card")
            cards = palette.count()
            editor.locator(".tk-editor-target select").select_option(label=target)
            # the palette is drawn again with the cards that may go there
            expect(palette).not_to_have_count(cards)
            harness.wait_kernel_idle(page, watch)
        harness.click(page, watch, editor.locator(f'.tk-palette-card[title="{card}"]'))
        expect(editor.locator(".tk-editor-ok")).to_be_visible()
        expect(editor.locator(".tk-editor-table")).not_to_have_text(before)
        table = harness.wait_stable(editor.locator(".tk-editor-table"))
        text = editor.locator(".tk-editor-table").inner_text()
        assert text != before
        link = page.locator("a.tk-share-link")
        href = link.get_attribute("href")
        assert href and "position=tk2." in href and "lang=en" in href
        assert page.locator(".tk-share-qr svg").count() == 1
        harness.assert_page_ok(page, watch)

        # a student opens the link in a page of their own
        student, seen = _student_opens(context, link)
        shared = student.locator(".tk-editor-table")
        shared.wait_for(state="visible")
        assert harness.wait_stable(shared) == table
        # the same words (line breaks may differ with the page's scroll bar)
        assert shared.inner_text().split() == text.split()
        expect(student.locator(".tk-teacher-message")).to_contain_text("Opened")
        harness.assert_page_ok(student, seen)
    finally:
        context.close()


def test_a_long_tables_short_link_opens_it(browser: Any, voila_url: str) -> None:
    """A table whose long link's QR code is over version 10 (Coralia's last example,
    pasted under "Load and review"): the server keeps a class store, so the link is
    ``?s=<id>``, and a student's page opened from it holds the same table."""
    code = tk.share_code(tk.core.teaching.examples_of("coralia")[-1].run())
    context = browser.new_context(viewport=harness.VIEWPORT)
    try:
        page = context.new_page()
        watch = harness.watch_page(page)
        harness.open_app(page, watch, harness.app_url(voila_url, "coralia.ipynb", "en"))
        harness.click(page, watch, page.locator(".tk-tabs .lm-TabBar-tab").filter(
            has_text=re.compile(r"^\s*Build & share\s*$")))
        page.locator(".tk-review-code textarea").fill(code)
        harness.wait_kernel_idle(page, watch)
        harness.click(page, watch, page.locator(".tk-review-load"))
        link = page.locator("a.tk-share-link")
        expect(link).to_have_attribute("href", re.compile(r"^\?s=[a-z2-7]{10}&lang=en$"))
        assert page.locator(".tk-share-qr svg").count() == 1
        harness.assert_page_ok(page, watch)

        student, seen = _student_opens(context, link)
        assert student.locator(".tk-shared-error").count() == 0
        expect(student.locator(".tk-share-code input")).to_have_value(code)   # the same
        harness.assert_page_ok(student, seen)
    finally:
        context.close()


def test_a_damaged_code_says_why(browser: Any, voila_url: str) -> None:
    context = browser.new_context(viewport=harness.VIEWPORT)
    try:
        page = context.new_page()
        watch = harness.watch_page(page)
        harness.open_app(page, watch, harness.app_url(voila_url, "captain_lucky.ipynb")
                         + "?position=tk1.eJw&lang=nl")
        expect(page.locator(".tk-shared-error")).to_be_visible()
        with pytest.raises(tk.InvalidSave) as err:    # the engine's reason, in Dutch
            tk.load_share_code("tk1.eJw")
        expect(page.locator(".tk-shared-error")).to_contain_text(err.value.text("nl"))
        expect(page.locator(".tk-tabs .lm-TabBar-tabLabel").first).to_have_text("Les")
        expect(page.locator(".tk-lesson")).to_be_visible()   # the app is otherwise as usual
    finally:
        context.close()


def test_presenter_keys_in_jupyterlab(browser: Any, lab_url: str) -> None:
    """Presenter mode in a JupyterLab output: the switch, then → / ← / l from the
    keyboard reach the app (ipyevents), not JupyterLab's own shortcuts."""
    context, page, watch = harness.new_page(browser)
    try:
        _, app = harness.run_in_lab(page, watch, lab_url, "captain_lucky.ipynb")
        harness.click(page, watch, app.locator(".tk-present-switch"))
        expect(app).to_have_class(re.compile(r"\btk-present\b"))
        heading = app.locator(".tk-lesson .tk-panel h3").first
        first = heading.inner_text()

        def press(key: str) -> None:
            seen = watch.kernel_messages
            heading.hover()
            page.keyboard.press(key)
            page.wait_for_timeout(50)
            while watch.kernel_messages == seen:
                page.wait_for_timeout(20)
            harness.wait_kernel_idle(page, watch)

        press("ArrowRight")
        second = heading.inner_text()
        assert second != first and "2" in second
        press("ArrowLeft")
        assert heading.inner_text() == first
        press("l")
        expect(app.locator(".tk-tabs .lm-TabBar-tabLabel").first).to_have_text("Les")
        assert not watch.errors, watch.errors
    finally:
        context.close()
