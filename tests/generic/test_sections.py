"""Rule sections are names: every game in ``tk.GAMES`` has a ``Section`` enum in its
``cards.py`` whose values are rulebook headings, and every event, example and lesson step
carries one of its members."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import treasurekit as tk
from treasurekit.core.i18n import LANGUAGES, catalog
from treasurekit.core.sections import RuleSection
from treasurekit.core.teaching import examples_of, lesson_of

from ..checks import step_randomly

GAMES = sorted(tk.GAMES)
BOOKS = Path(__file__).resolve().parents[3] / "shared" / "rulebooks"   # shared/ beside the clone


def section_enum(name: str) -> type[RuleSection]:
    return tk.GAMES[name].section_enum()


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).lower()


@pytest.mark.parametrize("name", GAMES)
def test_section_enum_matches_the_catalog_titles(name: str) -> None:
    enum = section_enum(name)
    assert issubclass(enum, RuleSection) and len(enum) > 0
    for lang in LANGUAGES:
        titles = {k.removeprefix("section.") for k in catalog(lang, name)
                  if k.startswith("section.")}
        assert titles == {s.key for s in enum}, lang


@pytest.mark.parametrize("name", GAMES)
def test_section_values_are_the_rulebook_headings(name: str) -> None:
    book = BOOKS / f"{name.replace('_', '-')}.en.txt"
    if not book.exists():
        pytest.skip("the rulebook is not on this machine")
    text = _flat(book.read_text(encoding="utf-8"))
    for member in section_enum(name):
        for part in member.value.split(" / "):     # a heading, then words of a sub-rule
            assert _flat(part) in text, member


@pytest.mark.parametrize("name", GAMES)
def test_events_examples_and_lessons_carry_section_members(name: str) -> None:
    enum = section_enum(name)
    rng = random.Random(0)
    cls = tk.core.game_class(name)
    g = tk.new_game(name, cls.min_players, seed=0)
    while not g.is_over:
        step_randomly(g, rng)
    assert g.events and all(type(e.section) is enum for e in g.events)
    for example in examples_of(name):
        assert type(example.section) is enum
        assert all(type(e.section) is enum for e in example.run().events)
    for step in lesson_of(name):
        assert type(step.section) is enum and step.rule("nl")
