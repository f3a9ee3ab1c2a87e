"""The live class in Chromium (issue 25): one Voila server (its class store in a temporary
directory), the teacher's projector at 1280x720 with ``?present=1`` and three students'
phones (390x844, touch), one in Dutch, each opening ``?join=CODE`` (the class's page,
without a kernel: ``live_page``): join, follow the lesson step, answer on the phone, the
count on the projector without a click, R, the bar chart, each student told whether they
were right and why; the teacher ends the class and every phone says so. One page visit
each."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from treasurekit.core.i18n import tr
from treasurekit.core.teaching import lesson_of

from . import harness
from .screens import LARGE, MIN_TEXT, press

GAME = "diving_bell"
#: (nickname, language, answers right)
STUDENTS = (("Kiki", "en", True), ("Zed", "nl", False), ("Mo", "en", True))
#: the size the chart's words are drawn at (their computed size times the slide's zoom)
CHART_TEXT = """() => Math.min(...[...document.querySelectorAll('.tk-live-chart span')]
  .filter((el) => el.textContent.trim())
  .map((el) => parseFloat(getComputedStyle(el).fontSize) * (el.currentCSSZoom || 1)))"""


def test_a_teacher_and_three_phones_answer_a_lesson_question(browser: Any,
                                                              voila_url: str) -> None:
    step = lesson_of(GAME)[0]
    options = step.choices(step.start("en"))
    right = next(i for i, c in enumerate(options) if c.correct)
    wrong = next(i for i, c in enumerate(options) if not c.correct)
    url = harness.app_url(voila_url, f"{GAME}.ipynb")
    contexts = []
    try:
        context = browser.new_context(viewport={"width": 1280, "height": 720})
        contexts.append(context)
        teacher = context.new_page()
        watch = harness.watch_page(teacher)
        harness.open_app(teacher, watch, f"{url}?present=1")
        harness.click(teacher, watch, teacher.locator(".tk-live-start"))
        code = teacher.locator(".tk-live-code").inner_text().strip()
        assert re.fullmatch(r"[A-Z2-9]{6}", code), code
        expect(teacher.locator(".tk-live-link")).to_contain_text(f"?join={code}")
        expect(teacher.locator(".tk-live .tk-qr")).to_be_visible()

        phones = []
        for name, lang, _right in STUDENTS:
            context, page, pw = harness.phone_page(browser)
            contexts.append(context)
            phones.append((page, pw))
            # the class's page: no kernel of its own, the nickname form first
            page.goto(f"{url}?join={code}&lang={lang}")
            expect(page.locator(".tk-light-step")).to_be_empty()
            page.locator(".tk-live-nickname input").fill(name)
            page.locator(".tk-live-join").tap()
            expect(page.locator(".tk-live-me")).to_contain_text(name)
            expect(page.locator(".tk-live-form")).to_be_hidden()
            # the teacher's lesson step, on the phone, with nothing to move on with
            expect(page.locator(".tk-lesson .tk-choice")).to_have_count(len(options))
            expect(page.locator(".tk-lesson-question h3")).to_contain_text(
                step.title(lang))
            expect(page.locator(".tk-lesson-nav")).to_be_hidden()
            assert pw.kernel_messages == 0                          # (no kernel)
            box = page.locator(".tk-lesson .tk-choice").first.bounding_box()
            assert box and box["height"] >= 44                   # a thumb's target

        count = teacher.locator(".tk-live-count")
        expect(count).to_contain_text(tr("classroom.live.answered", "en", n=0, students=3))
        for (page, _pw), (_name, lang, is_right) in zip(phones, STUDENTS, strict=True):
            page.locator(".tk-lesson .tk-choice").nth(right if is_right else wrong).tap()
            expect(page.locator(".tk-live-status")).to_contain_text(
                tr("classroom.live.given", lang, answer="")[:12])
        # the projector counts without a click (its kernel looks twice a second)
        expect(count).to_contain_text(tr("classroom.live.answered", "en", n=3, students=3),
                                      timeout=3000)
        expect(teacher.locator(".tk-live-chart")).to_have_count(0)   # nothing before R

        teacher.mouse.click(1270, 710)                    # the keys back to the app
        press(teacher, watch, "r")
        chart = teacher.locator(".tk-live-chart")
        expect(chart.locator(".tk-live-bar")).to_have_count(len(options))
        expect(chart.locator(".tk-live-right").first).to_contain_text(
            options[right].label.text("en"))
        expect(teacher.locator(".tk-lesson-feedback")).to_contain_text(
            step.explanation("en").text("en")[:30])
        teacher.set_viewport_size({"width": LARGE[0], "height": LARGE[1]})
        teacher.wait_for_timeout(300)                     # (the fit runs in the next frame)
        assert teacher.evaluate(CHART_TEXT) >= MIN_TEXT - 0.5

        for (page, _pw), (name, lang, is_right) in zip(phones, STUDENTS, strict=True):
            status = page.locator(".tk-live-status")
            if is_right:
                expect(status).to_have_text(tr("classroom.live.was_right", lang))
                expect(page.locator(".tk-lesson-feedback .tk-good")).to_be_visible()
            else:
                said = tr("classroom.live.was_wrong", lang,
                          answer=step.choices(step.start(lang))[right].label.text(lang))
                expect(status).to_have_text(said)
                expect(page.locator(".tk-lesson-feedback .tk-bad")).to_be_visible()
            expect(page.locator(".tk-lesson-question .tk-rule")).to_be_visible()   # §
            others = [n for n, _lang, _r in STUDENTS if n != name]
            body = page.locator("body").inner_text()
            assert not any(other in body for other in others)   # nobody else's name

        # the teacher ends the class (asked first): the results open, the phones are told
        harness.click(teacher, watch, teacher.locator(".tk-live-end"))
        expect(teacher.locator(".tk-live-end-ask")).to_contain_text(
            tr("classroom.live.end_ask", "en"))
        harness.click(teacher, watch, teacher.locator(".tk-live-end-yes"))
        expect(count).to_contain_text(
            tr("classroom.live.ended_teacher", "en", code=code, students=3))
        expect(teacher.locator(".tk-live-results table")).to_be_visible()
        expect(teacher.locator(".tk-live-end")).to_be_hidden()
        for (page, _pw), (_name, lang, _right) in zip(phones, STUDENTS, strict=True):
            expect(page.locator(".tk-live-status")).to_have_text(
                tr("classroom.live.ended", lang), timeout=3000)
        for page, pw in [(teacher, watch), *phones]:
            harness.assert_page_ok(page, pw)
    finally:
        for context in contexts:
            context.close()
