"""Practice and the rules reference in a real browser, in one visit: a landing card's
"Practice" link opens the Practice tab, questions answered and explained (each app's
own module practises four in its app with ``practise``; the questions themselves, their
one right answer and their explanations are checked for many seeds in plain pytest,
tests/widgets/test_practice_tab.py and tests/generic/test_practice.py), a § badge
opens its rule in the Rules tab (in English, then in Dutch, and back), and a reload of
the page carries the progress on from the learner's own browser (``localStorage``)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from . import harness
from .harness import Tab

pytestmark = pytest.mark.browser

#: questions practised in each app (the app modules call ``practise`` on their page):
#: the third is answered with the second choice, so both verdicts come up
QUESTIONS = 4
#: questions answered here before the rule, the language and the reload
ASKED = 3


def practise(t: Tab, questions: int = QUESTIONS) -> None:
    """Answer ``questions`` questions in the Practice tab of the app open in ``t`` (in
    English, opened there if it is not yet): each drawn, checked, explained and counted;
    the first choice is clicked, or the second one every third question (so that right
    and wrong answers both come up)."""
    practice = t.page.locator(".tk-practice")
    if not practice.is_visible():
        t.tab("Practice")
    expect(practice).to_be_visible()
    for n in range(1, questions + 1):
        expect(practice.locator(".tk-practice-question")).to_contain_text(f"Question {n}:")
        assert practice.locator(".tk-practice-table svg").count() >= 1   # the table drawn
        choices = practice.locator(".tk-practice-choices .tk-choice")
        t.click(choices.nth(1 if n % 3 == 0 and choices.count() > 1 else 0))
        verdict = practice.locator(".tk-practice-verdict")
        expect(verdict).to_have_text(re.compile(r"^(Right|Not right)"))
        expect(practice.locator(".tk-feedback")).to_contain_text("Rule")     # explained
        expect(practice.locator(".tk-practice-progress")).to_contain_text(
            re.compile(rf"\d+ of {n} right"))
        if n < questions:
            t.click(practice.locator(".tk-practice-next"))
    t.assert_ok()


def test_practise_open_a_rule_and_reload(tab: Tab, voila_url: str) -> None:
    t = tab
    page = t.page
    t.open(harness.app_url(voila_url, "diving_bell.ipynb", lang="en") + "&tab=practice")
    practice = page.locator(".tk-practice")
    practise(t, ASKED)                    # (four in Diving Bell's own module, as in every app)

    # the question's § badge opens its rule
    badge = practice.locator(".tk-practice-question .tk-rule-link")
    title = badge.inner_text().removeprefix("§").strip()
    t.click(badge)
    rules = page.locator(".tk-rules")
    expect(rules).to_be_visible()
    expect(rules.locator(".tk-rules-detail h3")).to_have_text(f"§ {title}")
    expect(rules.locator(".tk-rules-show")).to_be_visible()
    t.click(rules.locator(".tk-rules-show"))
    assert rules.locator(".tk-rules-table svg").count() >= 1

    # in Dutch: the same rule, then back to the practice, whose badges are Dutch too
    t.click(page.locator(".tk-language button", has_text="Nederlands"))
    expect(rules.locator(".tk-rules-detail h3")).not_to_have_text(f"§ {title}")
    t.click(rules.locator(".tk-rules-back"))
    expect(rules.locator(".tk-rules-back")).to_be_hidden()
    expect(practice).to_be_visible()
    expect(practice.locator(".tk-practice-verdict")).to_have_text(
        re.compile(r"^(Goed|Niet goed)"))
    dutch = practice.locator(".tk-practice-question .tk-rule-link")
    dutch_title = dutch.inner_text().removeprefix("§").strip()
    t.click(dutch)
    expect(rules.locator(".tk-rules-detail h3")).to_have_text(f"§ {dutch_title}")
    search = rules.locator(".tk-rules-search input")
    search.fill(dutch_title)                                     # search, in Dutch
    t.wait_idle()
    expect(rules.locator(".tk-rules-count")).to_contain_text("gevonden")
    expect(rules.locator(".tk-rules-item").first).to_have_text(f"§ {dutch_title}")
    t.assert_ok()

    # a new page (its address now says Dutch): the progress comes back from this browser
    t.open(page.url)
    expect(practice.locator(".tk-practice-progress")).to_contain_text(
        re.compile(rf"\d van {ASKED} goed"))
    t.click(practice.locator(".tk-practice-reset"))
    expect(practice.locator(".tk-practice-progress")).to_contain_text("0 van 0 goed")
    t.assert_ok()
