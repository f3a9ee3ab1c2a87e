"""Plurals, numbers and lists come from Babel, never from hand-written rules.

Every catalog of every language is read: no "card(s)"/"kaart(en)" left, no number written
straight before a plural noun (that reads "1 cards"), and every message that chooses words
by a number renders for 0, 1 and 2 in every language with the form Babel's plural rules
pick."""

from __future__ import annotations

import re
import string
from importlib import resources

import pytest

from treasurekit.core.i18n import LANGUAGES, Percent, catalog, plural_form, tr

NAMESPACES = sorted(p.name.removesuffix(".json")
                    for p in (resources.files("treasurekit") / "locales" / "en").iterdir()
                    if p.name.endswith(".json"))
#: nouns that must not follow a bare number: "{n} cards" reads "1 cards" for n = 1
PLURAL_NOUNS = {
    "en": r"cards|points|dots|treasures|dice|sets|bars|heads|splits",
    "nl": r"kaarten|punten|drukpunten|schatten|dobbelstenen|schatkaarten|zeekaarten|"
          r"pluskaarten|"
          r"handkaarten|eilandkaarten|piratenkoppen|verdelingen|robijnen|goudstaven",
}
#: placeholders that are not numbers, or numbers never 1 (a rulebook constant such as the
#: pressure limit)
NOT_COUNTS = {"player", "players", "type", "colour", "victim", "divider", "owner", "limit",
              "need", "code", "card"}
FIELD = re.compile(r"\{(\w+):([^{}]*=[^{}]*)\}")


def messages() -> list[tuple[str, str, str, object]]:
    return [(lang, ns, key, text) for lang in LANGUAGES for ns in NAMESPACES
            for key, text in catalog(lang, ns).items()]


def test_no_hand_written_plural_in_any_catalog() -> None:
    bad = [f"{lang} {ns}.{key}" for lang, ns, key, text in messages()
           if re.search(r"\w\((s|en|e)\)", str(text))]
    assert not bad, bad


def test_no_bare_number_before_a_plural_noun() -> None:
    bad = []
    for lang, ns, key, text in messages():
        # a plural object's "other" form may say "{count} cards": Babel chose it for a
        # count that takes the plural; every other form, and a plain message, may not
        forms = ([f for k, f in text.items() if k != "other"] if isinstance(text, dict)
                 else [text])
        for form in forms:
            for m in re.finditer(r"\{(\w+)\} ((?:[\w-]+ ){0,2}?)(" + PLURAL_NOUNS[lang] + r")\b",
                                 str(form)):
                if m.group(1) not in NOT_COUNTS:
                    bad.append(f"{lang} {ns}.{key}: {m.group(0)}")
    assert not bad, bad


def _fill(text: str, number: str, n: int) -> dict[str, object]:
    """Parameters for every placeholder of ``text``: ``n`` for ``number`` and the counted
    fields, a word elsewhere (a plain number where the placeholder takes one)."""
    params: dict[str, object] = {}
    for _, name, spec, _ in string.Formatter().parse(text):
        if name and params.get(name) != n:
            params[name] = n if name == number or (spec and "=" in spec) else "X"
    return params


CASES = [pytest.param(lang, f"{ns}.{key}", id=f"{lang}-{ns}.{key}")
         for lang, ns, key, text in messages()
         if isinstance(text, dict) or FIELD.search(str(text))]


@pytest.mark.parametrize("lang, key", CASES)
@pytest.mark.parametrize("n", [0, 1, 2])
def test_every_plural_message_renders_for_0_1_2(lang: str, key: str, n: int) -> None:
    ns, _, rest = key.partition(".")
    text = catalog(lang, ns)[rest]
    category = plural_form(n, lang)
    if isinstance(text, dict):
        form = text.get(category, text["other"])
        out = tr(key, lang, **{**_fill(form, "count", n), "count": n})
        assert str(n) in out
        return
    out = tr(key, lang, **_fill(text, "", n))
    assert "{" not in out and "one=" not in out and "other=" not in out, out
    for m in FIELD.finditer(text):
        forms = dict(f.split("=", 1) for f in m.group(2).split("|"))
        assert "one" in forms and "other" in forms, m.group(0)
        assert forms.get(category, forms["other"]).replace("#", str(n)) in out, out


#: words that say a number is one of several, not how many: "1 to 5 cards", "1 of the
#: two cards"; and words between a count and its verb that are no part of the noun
NOT_A_NOUN = {"to", "of", "or", "and", "would", "can", "will", "may", "must", "tot", "van",
              "uit", "en", "zou", "kan", "mag", "moet"}
#: verbs in the plural: after "1 <noun>" they read "the 1 failed die are rolled again"
PLURAL_VERBS = {"en": r"are|were|have|become|cost|count|show|match|need",
                "nl": r"zijn|worden|waren|hebben|kosten|tellen|liggen|blijven|tonen"}


def _counted_as_one(text: str) -> dict[str, object]:
    """Parameters that make every number of ``text`` one: its count and every counted
    placeholder (a bare ``{failed}`` beside ``{failed:one=...}`` too)."""
    params = _fill(text, "count", 1)
    return {name: 1 if name == "count" or value == 1 or name in _counted(text) else value
            for name, value in params.items()}


def _counted(text: str) -> set[str]:
    return {name for _, name, spec, _ in string.Formatter().parse(text)
            if name and spec and "=" in spec}


ONE_CASES = [pytest.param(lang, f"{ns}.{key}", id=f"{lang}-{ns}.{key}")
             for lang, ns, key, text in messages()
             if isinstance(text, dict) and "one" in text or FIELD.search(str(text))]


@pytest.mark.parametrize("lang, key", ONE_CASES)
def test_a_count_of_one_reads_in_the_singular(lang: str, key: str) -> None:
    """Rendered with every number 1, a message says neither "1 matching Silver coin
    cards" (a placeholder's number before a plural noun, the plural form written outside
    the placeholder) nor "the 1 failed die are rolled" (the verb left in the plural)."""
    ns, _, rest = key.partition(".")
    text = catalog(lang, ns)[rest]
    form = text["one"] if isinstance(text, dict) else text
    out = tr(key, lang, **{**_counted_as_one(str(form)),
                           **({"count": 1} if isinstance(text, dict) else {})})
    word = r"(?!(?:" + "|".join(NOT_A_NOUN) + r")\b)[\w-]+"
    noun = re.search(r"\b1 (?:" + word + r" ){0,3}?(?:\w+-)?(" + PLURAL_NOUNS[lang] + r")\b",
                     out)
    verb = re.search(r"\b1 (?:" + word + r" ){1,3}?(" + PLURAL_VERBS[lang] + r")\b", out)
    assert noun is None and verb is None, out


def test_numbers_and_percentages_follow_the_language() -> None:
    assert tr("widgets.db.odds.next", "nl", pct=Percent(0.419)).count("41,9%") == 1
    assert tr("widgets.db.odds.next", "en", pct=Percent(0.419)).count("41.9%") == 1
    assert "1 kaart." in tr("widgets.db.deck", "nl", deck=1, diver="Ann")
    assert "2 kaarten." in tr("widgets.db.deck", "nl", deck=2, diver="Ann")
    assert "1 card " in tr("widgets.db.deck", "en", deck=1, diver="Ann")
