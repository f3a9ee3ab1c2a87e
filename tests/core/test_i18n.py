"""Message catalogs: English and Dutch complete and consistent; package doctests pass."""

from __future__ import annotations

import doctest
import importlib
import json
import pkgutil
import re
import string
from pathlib import Path

import pytest

import treasurekit as tk
from treasurekit.core.i18n import LANGUAGES, catalog, has, language_from_query, readable, tr

LOCALES = Path(tk.__file__).parent / "locales"
NAMESPACES = sorted(p.stem for p in (LOCALES / "en").glob("*.json"))

#: Dutch values that may equal the English ones: proper nouns and words that are spelled
#: the same in Dutch. Anything else identical is an untranslated string.
SAME_IN_DUTCH = {
    "Kraken",            # proper noun (the sea monster card)
    "Sextant",           # the instrument is called the same in Dutch
    "Computer", "Variant", "Bonus",
    "Open {game}",       # Dutch imperative "Open" is spelled the same
    "Coralia",           # proper noun (the game)
    "Octopus", "octopus",  # the animal is called the same in Dutch
    "jade",              # the stone is called the same in Dutch
}
#: CLDR plural categories a plural message may give (``other`` is required).
PLURAL_FORMS = {"zero", "one", "two", "few", "many", "other"}


def forms(value: object) -> list[str]:
    """The texts of a message: itself, or each form of a plural object (docs/conventions.md:
    ``{"one": ..., "other": ...}``, chosen by the ``count`` parameter)."""
    if isinstance(value, dict):
        assert set(value) <= {"zero", "one", "two", "few", "many", "other"} and "other" in value
        return list(value.values())
    return [value]  # type: ignore[list-item]


def placeholders(text: object) -> set[str]:
    return {name for form in forms(text) for _, name, _, _ in string.Formatter().parse(form)
            if name is not None}


def only_placeholders(text: str) -> bool:
    return not re.sub(r"\{[^}]*\}", "", text).strip(" %:,.-/()")


def test_both_languages_have_the_same_namespaces():
    assert LANGUAGES == ("en", "nl")
    assert NAMESPACES and "core" in NAMESPACES and "diving_bell" in NAMESPACES
    assert sorted(p.stem for p in (LOCALES / "nl").glob("*.json")) == NAMESPACES


@pytest.mark.parametrize("namespace", NAMESPACES)
def test_catalogs_are_flat_objects_of_non_empty_strings(namespace):
    for lang in LANGUAGES:
        data = json.loads((LOCALES / lang / f"{namespace}.json").read_text(encoding="utf-8"))
        assert isinstance(data, dict)
        for key, value in data.items():
            for text in forms(value):
                assert isinstance(text, str) and text.strip(), (lang, key)
                assert text == text.strip(), (lang, key)
        assert catalog(lang, namespace) == data


@pytest.mark.parametrize("namespace", NAMESPACES)
def test_en_and_nl_have_identical_keys(namespace):
    en, nl = catalog("en", namespace), catalog("nl", namespace)
    assert set(en) - set(nl) == set(), "missing in Dutch"
    assert set(nl) - set(en) == set(), "missing in English"


@pytest.mark.parametrize("namespace", NAMESPACES)
def test_en_and_nl_have_identical_placeholders(namespace):
    en, nl = catalog("en", namespace), catalog("nl", namespace)
    wrong = {k: (en[k], nl[k]) for k in en if k in nl and len(
        {frozenset(placeholders(f)) for f in forms(en[k]) + forms(nl[k])}) != 1}
    assert not wrong


@pytest.mark.parametrize("namespace", NAMESPACES)
def test_every_message_formats_with_its_placeholders(namespace):
    for lang in LANGUAGES:
        for key, value in catalog(lang, namespace).items():
            for count in ((1, 2) if isinstance(value, dict) else (None,)):
                for text in forms(value):
                    counted = {name for _, name, spec, _ in string.Formatter().parse(text)
                               if name and spec and "=" in spec}
                    values: dict[str, object] = {
                        name: 2 if name in counted else "X" for name in placeholders(text)}
                    if count is not None:
                        values["count"] = count
                    out = tr(f"{namespace}.{key}", lang, **values)
                    assert "{" not in out.replace("{{", "")


@pytest.mark.parametrize("namespace", NAMESPACES)
def test_no_dutch_value_identical_to_english(namespace):
    en, nl = catalog("en", namespace), catalog("nl", namespace)
    same = {k: v for k, v in nl.items()
            if en.get(k) == v and not (isinstance(v, str)
                                       and (v in SAME_IN_DUTCH or only_placeholders(v)))}
    assert not same, f"untranslated: {same}"


def test_rulebook_sections_and_cards_are_translated():
    en = catalog("en", "diving_bell")
    for prefix in ("section.", "card.", "kind.", "variant.", "event.", "move.", "score."):
        keys = [k for k in en if k.startswith(prefix)]
        assert keys, prefix
        assert all(has(f"diving_bell.{k}", "nl") for k in keys)


def test_tr():
    assert tr("core.language", "nl") == "Taal"
    assert tr("diving_bell.event.winner", "en", player="Ann", score=3) == "Ann wins with 3 points."
    assert tr("core.language", "fr") == tr("core.language", "en")     # unknown language: English
    with pytest.raises(KeyError, match="no message"):
        tr("diving_bell.no.such.key")
    with pytest.raises(KeyError):
        tr("nosuchnamespace.key")


def test_language_from_query():
    assert language_from_query("lang=nl") == "nl"
    assert language_from_query("lang=fr") == "en"
    assert language_from_query(None) == "en"


def test_card_labels_in_both_languages():
    from treasurekit.games.diving_bell import ALL_CARDS
    for card in ALL_CARDS:
        for lang in LANGUAGES:
            assert card.label(lang)
    assert {c.label("nl") for c in ALL_CARDS if c.name == "ruby"} == {"Robijn 3"}


# ---- doctests ----------------------------------------------------------------------------
def _modules(package: str) -> list[str]:
    pkg = importlib.import_module(package)
    return [package] + [m.name for m in pkgutil.walk_packages(pkg.__path__, package + ".")]


DOCTEST_MODULES = (["treasurekit"] + _modules("treasurekit.core") + _modules("treasurekit.games")
                   + _modules("treasurekit.classroom"))


@pytest.mark.parametrize("module", DOCTEST_MODULES)
def test_doctests(module):
    """Same as ``python -m pytest --doctest-modules treasurekit/core treasurekit/games``."""
    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_seat_names_follow_the_language_through_events_saves_and_reviews():
    """The learner's "Ann (you)" is baked into nothing: a game begun in English reads
    "Ann (jij)" in Dutch, in its events, after a save and load, and so in a review made
    from the save; a name somebody chose stays as it is."""
    you, computer = tr("core.seat.you", "en"), tr("core.seat.computer", "en")
    g = tk.new_game("diving_bell", players=[you, computer], seed=3)
    g.play("draw")
    g.deal()
    back = tk.load_game(g.to_json())
    for game in (g, back):
        assert game.players == (you, computer)
        text = game.events[0].text("nl")
        assert text.startswith(tr("core.seat.you", "nl")) and "(you)" not in text
    assert json.loads(back.to_json())["players"] == [you, computer]     # saved as given
    dutch = tk.new_game("diving_bell", players=[tr("core.seat.you", "nl"), "Bob"])
    assert readable(dutch.players[0], "en") == you and readable(dutch.players[1], "nl") == "Bob"
    assert [readable(p, "nl") for p in tk.new_game("coralia", players=3).players] == [
        tr("core.seat.player", "nl", n=n) for n in (1, 2, 3)]
    with pytest.raises(tk.InvalidSave, match="different"):       # one seat, two languages
        tk.new_game("diving_bell", players=[you, tr("core.seat.you", "nl")])
