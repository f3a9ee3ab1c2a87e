"""The rules reference and the landing data, for every game in ``tk.GAMES``
(core/reference.py, docs/conventions.md "The rules reference").

Every section of every game's ``Section`` has its own text in English and in Dutch, at
least one "show me" table that loads through the engine, and related sections of the
same rulebook (never itself, both ways); the search finds words of either language with
any letter case and accents, titles first; the landing data come from the game class and
the measured playing time agrees with the engine."""

from __future__ import annotations

import itertools
import re

import pytest

import treasurekit as tk
from treasurekit.core.i18n import LANGUAGES
from treasurekit.core.reference import (
    MAX_WORDS,
    RuleEntry,
    UnknownSection,
    fold,
    has_text,
    landing,
    landings,
    measured_range,
    query_words,
    rules,
    search,
)
from treasurekit.core.registry import game_class

from .registry import NAMES
from .test_sections import section_enum

#: bounds of a reference text: a few sentences, never a page
TITLE_CHARS, TEXT_CHARS, SUMMARY_CHARS = 60, (80, 900), 140
#: common words of one language that never belong in the other's text
FOREIGN = {"nl": {"the", "and", "you", "your", "with", "when", "each", "card", "cards"},
           "en": {"de", "het", "een", "je", "en", "van", "kaart", "kaarten", "speler"}}
PLACEHOLDERS = re.compile(r"\{|\}|todo|tbd|xxx|lorem|coming soon|\.\.\.|…", re.IGNORECASE)


def entries(name: str) -> list[RuleEntry]:
    return list(rules(name))


def words(text: str) -> set[str]:
    return set(re.findall(r"\w+", fold(text)))


@pytest.mark.parametrize("name", NAMES)
def test_every_section_has_an_entry_in_the_books_order(name: str) -> None:
    enum = section_enum(name)
    assert [e.section for e in entries(name)] == list(enum)
    declared = tk.GAMES[name].reference_module().RULES
    assert set(declared) == set(enum), "every section is declared, and no other"


@pytest.mark.parametrize("name", NAMES)
def test_every_section_has_its_text_in_both_languages(name: str) -> None:
    for entry in entries(name):
        texts = {}
        for lang in LANGUAGES:
            assert has_text(entry, lang), (entry.section, lang, "no text of its own")
            title, text = entry.title(lang), entry.text(lang)
            assert 0 < len(title) <= TITLE_CHARS, (entry.section, lang, title)
            assert TEXT_CHARS[0] <= len(text) <= TEXT_CHARS[1], (entry.section, lang, len(text))
            assert not PLACEHOLDERS.search(text), (entry.section, lang, text)
            assert not words(text) & FOREIGN[lang], (entry.section, lang,
                                                    words(text) & FOREIGN[lang])
            texts[lang] = text
        assert texts["nl"] != texts["en"], entry.section


@pytest.mark.parametrize("name", NAMES)
def test_every_section_shows_a_table_that_loads(name: str) -> None:
    for entry in entries(name):
        assert entry.tables, (entry.section, "no show-me table")
        for index, table in enumerate(entry.tables):
            game = entry.show_me(index, "nl")
            assert game.name == name, (entry.section, table)
            assert game.view(None)["game"] == name
            again = tk.load_share_code(tk.share_code(game))
            assert again.to_json() == game.to_json(), (entry.section, table)


@pytest.mark.parametrize("name", NAMES)
def test_related_sections_exist_both_ways_and_never_the_section_itself(name: str) -> None:
    enum = section_enum(name)
    book = rules(name)
    for entry in book:
        assert entry.related, (entry.section, "no related section")
        assert all(type(s) is enum for s in entry.related), entry.section
        assert entry.section not in entry.related, entry.section
        assert len(set(entry.related)) == len(entry.related), entry.section
        for other in entry.related:
            assert entry.section in book.entry(other).related, (entry.section, other)


def _only_in(name: str, lang: str) -> list[tuple[str, RuleEntry]]:
    """Long words of ``lang``'s texts found nowhere in the other language's titles and
    texts of this game, with an entry holding each."""
    other = [o for o in LANGUAGES if o != lang]
    elsewhere = " ".join(fold(e.title(o) + " " + e.text(o)) for e in rules(name) for o in other)
    found = {}
    for entry in rules(name):
        for word in sorted(words(entry.text(lang))):
            if len(word) >= 7 and word not in elsewhere:
                found.setdefault(word, entry)
    return sorted(found.items(), key=lambda pair: pair[0])


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_search_finds_a_word_of_either_language(name: str, lang: str) -> None:
    only = _only_in(name, lang)
    assert only, f"no word found only in {lang}"
    for word, entry in only[:: max(1, len(only) // 5)]:
        for asked in LANGUAGES:           # a Dutch word in the English tab, and back
            assert entry in rules(name).search(word.upper(), asked), (word, asked)
    assert rules(name).search(only[0][0] + " zzqqzz", lang) == []   # every word must occur


def test_search_ignores_accents_and_letter_case() -> None:
    accented = [(name, w) for name in NAMES for e in rules(name)
                for w in sorted(set(re.findall(r"\w+", e.text("nl").lower())))
                if fold(w) != w]
    assert accented, "no accented Dutch word in any text"
    for name, word in accented:
        plain = fold(word).upper()
        assert rules(name).search(plain, "nl"), (name, word)
        assert rules(name).search(word, "en"), (name, word)


@pytest.mark.parametrize("name", NAMES)
def test_search_ranks_title_hits_first(name: str) -> None:
    book = rules(name)
    for entry in book:
        for lang in LANGUAGES:
            word = max(sorted(words(entry.title(lang))), key=len)
            found = book.search(word, lang)
            assert entry in found, (entry.section, word)
            in_title = [any(word in fold(e.title(o)) for o in LANGUAGES) for e in found]
            assert in_title[0] and in_title == sorted(in_title, reverse=True), (word, lang)


def test_search_is_bounded_and_checked() -> None:
    book = rules(NAMES[0])
    assert book.search("", "en") == [] and book.search("  ,;  ", "nl") == []
    assert len(query_words("a " * 1_000_000)) == MAX_WORDS
    assert book.search("x" * 1_000_000, "en") == []
    with pytest.raises(TypeError):
        book.search(["bell"], "en")  # type: ignore[arg-type]
    assert book.search(book[0].title("en"), "xx") == book.search(book[0].title("en"), "en")
    assert search(book[0].title("en"), "en", games=[NAMES[0]]) == book.search(
        book[0].title("en"), "en")


@pytest.mark.parametrize("name", NAMES)
def test_entry_by_member_or_key_and_unknown_sections(name: str) -> None:
    book = rules(name)
    for entry in book:
        assert book.entry(entry.section) is entry
        assert book.entry(entry.section.key) is entry
    for bad in ("no_such_rule", "", None, 3, ["setup"]):
        with pytest.raises(UnknownSection):
            book.entry(bad)  # type: ignore[arg-type]
    for other in NAMES:     # a badge of another game whose section has the same key
        if other != name:
            for member in section_enum(other):
                if member.key in {e.section.key for e in book}:
                    with pytest.raises(UnknownSection):
                        book.entry(member)


def test_unknown_games_are_refused() -> None:
    for bad in ("chess", "", ["diving_bell"], None):
        with pytest.raises(tk.UnknownGame):
            rules(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", NAMES)
def test_landing_data_come_from_the_game(name: str) -> None:
    cls, data = game_class(name), landing(name)
    assert (data.min_players, data.max_players) == (cls.min_players, cls.max_players)
    assert 0 < data.minutes.low <= data.minutes.high
    for lang in LANGUAGES:
        assert data.title(lang) == tk.tr(f"{name}.title", lang)
        assert str(cls.max_players) in data.players_text(lang)
        assert str(data.minutes.high) in data.time_text(lang)
        assert data.time_source(lang)
        summary = data.summary(lang)
        assert 20 <= len(summary) <= SUMMARY_CHARS and not PLACEHOLDERS.search(summary)
        assert not words(summary) & FOREIGN[lang], (lang, summary)
    assert data.summary("nl") != data.summary("en")
    assert [d.game for d in landings()] == list(tk.GAMES)


@pytest.mark.parametrize("name", NAMES)
def test_measured_playing_time_agrees_with_the_engine(name: str) -> None:
    """A measured playing time (docs/rules-notes.md, "Playing time") is what the engine's
    bots take by the model, within the rounding to 5 minutes of fewer seeds."""
    stored = landing(name).minutes
    if not stored.measured:
        pytest.skip("the rulebook prints this game's playing time")
    again = measured_range(name, range(2))
    assert abs(again.low - stored.low) <= 5 and abs(again.high - stored.high) <= 5, again


def test_every_text_is_its_own() -> None:
    """No two sections of any game share a text (a text copied to the wrong key)."""
    for lang in LANGUAGES:
        texts = [e.text(lang) for name in NAMES for e in rules(name)]
        assert len(set(texts)) == len(texts), lang
    pairs = itertools.combinations([landing(n).summary("en") for n in NAMES], 2)
    assert all(a != b for a, b in pairs)
