"""The rules reference: every rulebook section of a game, in the book's order, explained in
the learner's language, with its related sections and the tables that show it.

Each game declares its part in ``games/<game>/reference.py`` (data only): ``RULES`` maps every
member of its ``Section`` enum to :func:`see` (the related sections and the "show me" tables:
a rulebook example, a lesson step, a built position or a new game), and ``PLAYING_TIME`` is
its :class:`Minutes`. The texts are catalog messages: ``rules_<game>.section.<key>`` (the rule
in a few sentences) and ``rules_<game>.summary`` (one line for the landing page); a
section's title is its existing ``<game>.section.<key>``.

>>> import treasurekit as tk
>>> book = tk.rules("diving_bell")
>>> entry = book.entry("burst")
>>> entry.title("en"), entry.title("nl")
('Pressure Burst', 'Drukbreuk')
>>> "10" in entry.text("en") and all(book.entry(s) for s in entry.related)
True
>>> [e.section.key for e in book.search("DRUKBREUK", "en")][0]
'burst'
>>> entry.show_me().name
'diving_bell'
>>> landing("diving_bell").players_text("nl")
'2 spelers'
"""

from __future__ import annotations

import math
import random
import re
import statistics
import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Literal, overload

from .bots import Bot, bot_levels, bot_move, make_bot
from .errors import UnknownGame, UnknownSection
from .game import Game
from .i18n import LANGUAGES, has, tr
from .registry import GAMES, game_class, game_spec, new_game, setup_position
from .saves import short, shown
from .search import ExpertBot
from .sections import RuleSection, section_key
from .teaching import Example, LessonStep, examples_of, lesson_of

#: Longest search query read (the rest is ignored), and most words taken from it.
MAX_QUERY = 200
MAX_WORDS = 8


# ---- what a game declares ----------------------------------------------------------------

TableKind = Literal["example", "lesson", "position", "start"]


@dataclass(frozen=True)
class Table:
    """A "show me" table, declared by a game and loaded through its engine.

    ``example``: a rulebook example (``key``) after its first ``step`` steps; ``lesson``: a
    lesson step's table (``key``); ``position``: a ``setup_position`` description, then
    ``moves``; ``start``: a new seeded game of ``players``, dealt up to the first decision.
    """

    kind: TableKind
    key: str = ""
    step: int = 0
    position: Mapping[str, Any] | None = None
    moves: tuple[str, ...] = ()
    players: int = 0
    seed: int = 0

    def load(self, game: str, lang: str = "en") -> Game[Any]:
        """The table, ready to draw (a lesson's learner is named in ``lang``)."""
        if self.kind == "example":
            example: Example = _find(examples_of(game), self.key, game)
            table = example.start()
            for index in range(self.step):
                example.play_step(table, index)
            return table
        if self.kind == "lesson":
            step: LessonStep = _find(lesson_of(game), self.key, game)
            return step.start(lang)
        if self.kind == "position":
            table = setup_position(game, dict(self.position or {}), seed=self.seed)
        else:
            table = new_game(game, self.players, seed=self.seed)
        for move in self.moves:
            table.play(move)
        while table.is_chance and not table.is_over:
            table.deal()
        return table


def example(key: str, step: int = 0) -> Table:
    """The rulebook example ``key`` after its first ``step`` steps (0: as it starts)."""
    return Table("example", key=key, step=step)


def lesson(key: str) -> Table:
    """The table of the lesson step ``key``."""
    return Table("lesson", key=key)


def position(description: Mapping[str, Any], *moves: str) -> Table:
    """A table built from a ``setup_position`` description, then ``moves`` played."""
    return Table("position", position=description, moves=moves)


def start(players: int, seed: int = 0, *moves: str) -> Table:
    """A new game of ``players`` (seeded), dealt up to its first decision, then ``moves``."""
    return Table("start", players=players, seed=seed, moves=moves)


@dataclass(frozen=True)
class Rule:
    """A game's declaration for one section: related sections and "show me" tables."""

    related: tuple[RuleSection, ...]
    tables: tuple[Table, ...]


def see(*related: RuleSection, show: Sequence[Table]) -> Rule:
    """``see(Section.DIVIDE, Section.CHOOSE, show=[lesson("burst")])``."""
    return Rule(tuple(related), tuple(show))


@dataclass(frozen=True)
class Minutes:
    """Playing time in minutes; ``measured``: from simulated games (docs/rules-notes.md),
    not printed in the rulebook."""

    low: int
    high: int
    measured: bool = True


# ---- what the reference offers -------------------------------------------------------------

@dataclass(frozen=True)
class RuleEntry:
    """One section of a rulebook: its title, text, related sections and tables."""

    game: str
    section: RuleSection
    related: tuple[RuleSection, ...]
    tables: tuple[Table, ...]

    def title(self, lang: str = "en") -> str:
        return tr(f"{self.game}.section.{self.section.key}", lang)

    def text(self, lang: str = "en") -> str:
        return tr(f"rules_{self.game}.section.{self.section.key}", lang)

    def show_me(self, index: int = 0, lang: str = "en") -> Game[Any]:
        """The ``index``-th table that shows this rule, loaded through the engine."""
        return self.tables[index].load(self.game, lang)


@dataclass(frozen=True)
class Landing:
    """What the landing page shows of a game: players, playing time, a one-line summary."""

    game: str
    min_players: int
    max_players: int
    minutes: Minutes

    def title(self, lang: str = "en") -> str:
        return tr(f"{self.game}.title", lang)

    def summary(self, lang: str = "en") -> str:
        return tr(f"rules_{self.game}.summary", lang)

    def players_text(self, lang: str = "en") -> str:
        """``2 players``, ``3–5 players``."""
        if self.min_players == self.max_players:
            return tr("reference.players", lang, count=self.min_players)
        return tr("reference.players_range", lang, low=self.min_players,
                  high=self.max_players)

    def time_text(self, lang: str = "en") -> str:
        """``about 20 min``, ``15–20 min``."""
        if self.minutes.low == self.minutes.high:
            return tr("reference.minutes", lang, minutes=self.minutes.low)
        return tr("reference.minutes_range", lang, low=self.minutes.low,
                  high=self.minutes.high)

    def time_source(self, lang: str = "en") -> str:
        """Where the playing time comes from (simulated games or the rulebook)."""
        return tr("reference.measured" if self.minutes.measured else "reference.printed",
                  lang)


@dataclass(frozen=True)
class RuleBook(Sequence[RuleEntry]):
    """A game's rules reference: its entries in the rulebook's order."""

    game: str
    entries: tuple[RuleEntry, ...]
    landing: Landing
    _folded: dict[str, tuple[tuple[str, str, str, str], ...]] = field(
        default_factory=dict, repr=False, compare=False)

    @overload
    def __getitem__(self, index: int) -> RuleEntry: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[RuleEntry]: ...

    def __getitem__(self, index: int | slice) -> RuleEntry | Sequence[RuleEntry]:
        return self.entries[index]

    def __len__(self) -> int:
        return len(self.entries)

    def __iter__(self) -> Iterator[RuleEntry]:
        return iter(self.entries)

    def entry(self, section: RuleSection | str) -> RuleEntry:
        """The entry of ``section`` (a member or its catalog key, as a § badge carries)."""
        key = section_key(section) if isinstance(section, str) else None
        for found in self.entries:
            # a member must be this game's own (another game may use the same key)
            if found.section.key == key and (found.section is section
                                            or type(section) is str):
                return found
        raise UnknownSection("core.error.no_section", game=self.game, section=shown(section))

    def search(self, query: str, lang: str = "en") -> list[RuleEntry]:
        """The entries holding every word of ``query`` in their title or text, in any
        language (letter case and accents ignored); titles first, then ``lang``'s text,
        then the book's order."""
        words = query_words(query)
        if not words:
            return []
        lang = lang if lang in LANGUAGES else LANGUAGES[0]
        ranked = []
        for index, (entry, folded) in enumerate(zip(self.entries, self._texts(lang), strict=True)):
            title, other_titles, text, other_texts = folded
            anywhere = title + " " + other_titles + " " + text + " " + other_texts
            if not all(w in anywhere for w in words):
                continue
            in_title = sum(w in title for w in words)
            in_any_title = sum(w in title or w in other_titles for w in words)
            in_text = sum(w in text for w in words)
            ranked.append(((-in_any_title, -in_title, -in_text, index), entry))
        return [entry for _, entry in sorted(ranked, key=lambda pair: pair[0])]

    def _texts(self, lang: str) -> tuple[tuple[str, str, str, str], ...]:
        """Per entry: its title and text in ``lang`` and in the other languages, folded."""
        if lang not in self._folded:
            others = [other for other in LANGUAGES if other != lang]
            self._folded[lang] = tuple(
                (fold(e.title(lang)), fold(" ".join(e.title(o) for o in others)),
                 fold(e.text(lang)), fold(" ".join(e.text(o) for o in others)))
                for e in self.entries)
        return self._folded[lang]


def fold(text: str) -> str:
    """``text`` for searching: accents removed, letter case folded.

    >>> fold("Ëen Dúíkklok")
    'een duikklok'
    """
    parts = unicodedata.normalize("NFKD", text)
    return "".join(c for c in parts if not unicodedata.combining(c)).casefold()


def query_words(query: str) -> list[str]:
    """The words of a search query, folded (at most ``MAX_WORDS`` of the first
    ``MAX_QUERY`` characters).

    >>> query_words("  Pluskaarten, DRUK! ")
    ['pluskaarten', 'druk']
    """
    if not isinstance(query, str):
        raise TypeError(f"a search query is a text, not {short(query)}")
    return re.findall(r"\w+", fold(query[:MAX_QUERY]))[:MAX_WORDS]


def rules(game: str) -> RuleBook:
    """The rules reference of ``game`` (UnknownGame for a name not in ``tk.GAMES``)."""
    game_class(game)          # refuses a name that is not registered (of any type)
    return _rules(game)


@cache
def _rules(game: str) -> RuleBook:
    declared = _declared(game)
    sections: list[RuleSection] = list(game_spec(game).section_enum())
    entries = []
    rules_of = {section: declared.RULES.get(section, Rule((), ())) for section in sections}
    for section, rule in rules_of.items():
        # both ways, in the book's order
        related = tuple(other for other in sections if other in rule.related
                        or section in rules_of[other].related)
        entries.append(RuleEntry(game, section, related, rule.tables))
    cls = game_class(game)
    return RuleBook(game, tuple(entries),
                    Landing(game, cls.min_players, cls.max_players, declared.PLAYING_TIME))


def landing(game: str) -> Landing:
    """What the landing page shows of ``game``."""
    return rules(game).landing


def landings() -> list[Landing]:
    """Every registered game's landing data, in the registry's order."""
    return [landing(name) for name in GAMES]


def search(query: str, lang: str = "en",
           games: Sequence[str] | None = None) -> list[RuleEntry]:
    """:meth:`RuleBook.search` over several games (default: all), game by game."""
    return [entry for name in (GAMES if games is None else games)
            for entry in rules(name).search(query, lang)]


def has_text(entry: RuleEntry, lang: str) -> bool:
    """Whether ``entry``'s text is written in ``lang`` itself (not a fallback)."""
    return has(f"rules_{entry.game}.section.{entry.section.key}", lang)


# ---- playing time, measured --------------------------------------------------------------

#: The model of a person's time at the table (docs/rules-notes.md, "Playing time"): an act
#: (one player's run of decisions) costs ``ACT_SECONDS`` plus ``BIT_SECONDS`` per bit of
#: choice (log2 of the legal moves of each decision: Hick and Hyman's law), a run of chance
#: steps (cards drawn, dice rolled) ``CHANCE_SECONDS``.
ACT_SECONDS, BIT_SECONDS, CHANCE_SECONDS = 3.0, 2.0, 4.0


def table_seconds(game: Game[Any], bots: Sequence[Bot], rng: random.Random) -> float:
    """Play ``game`` to its end with ``bots`` (one per seat) and the seeded dealer; the
    seconds that people would take by the model above."""
    seconds, last = 0.0, "none"
    while not game.is_over:
        if game.is_chance:
            if last != "chance":
                seconds += CHANCE_SECONDS
            last = "chance"
            game.deal()
            continue
        player = game.current_player or 0
        options = len(game.legal_moves())
        if options > 1:
            if last != str(player):
                seconds += ACT_SECONDS
            last = str(player)
            seconds += BIT_SECONDS * math.log2(options)
        game.play(bot_move(game, bots[player], rng))
    return seconds


def measure_minutes(game: str, players: int, seeds: Sequence[int]) -> float:
    """The median playing time in minutes of seeded games of ``players`` between the
    game's strongest rule-of-thumb bots (the last level of ``BOTS`` before the coach's
    "expert", whose search would take a second a move and not change the model)."""
    level = [name for name in bot_levels(game) if name != ExpertBot.name][-1]
    times = []
    for seed in seeds:
        bots = [make_bot(game, level) for _ in range(players)]
        times.append(table_seconds(new_game(game, players, seed=seed), bots,
                                   random.Random(seed)))
    return statistics.median(times) / 60


def measured_range(game: str, seeds: Sequence[int]) -> Minutes:
    """:func:`measure_minutes` at every player count, as a range rounded to 5 minutes."""
    cls = game_class(game)
    found = [measure_minutes(game, n, seeds)
             for n in range(cls.min_players, cls.max_players + 1)]
    return Minutes(_five(min(found)), _five(max(found)))


def _five(minutes: float) -> int:
    return max(5, 5 * round(minutes / 5))


# ---- conventions -----------------------------------------------------------------------------

def _declared(game: str) -> Any:
    declared = game_spec(game).reference_module()
    if declared is None:
        raise UnknownGame("core.error.no_reference", game=game)
    return declared


def _find(items: Sequence[Any], key: str, game: str) -> Any:
    for item in items:
        if item.key == key:
            return item
    raise KeyError(f"{game} has no example or lesson step {key!r}")
