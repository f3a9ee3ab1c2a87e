"""The message catalog: every user-visible text, in English and Dutch.

Messages live in ``treasurekit/locales/<lang>/<namespace>.json``; a key is
``namespace.rest``. Missing Dutch text falls back to English.

A message that depends on a number is an object of CLDR plural categories
(``{"one": "{count} card", "other": "{count} cards"}``); ``tr`` picks the form for the
``count`` parameter with Babel's plural rules. Numbers, percentages and lists are
formatted by Babel for the language (:func:`number`, :func:`percent`, :func:`join`;
``Percent`` and ``float`` parameters are formatted automatically).

>>> tr("core.language", "nl")
'Taal'
>>> percent(0.419, "nl"), percent(0.419, "en")
('41,9%', '41.9%')
>>> join(["A", "B", "C"], "nl"), join(["A", "B", "C"], "en")
('A, B en C', 'A, B, and C')
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal, NamedTuple

LANGUAGES: tuple[str, ...] = ("en", "nl")
DEFAULT_LANGUAGE = "en"


class Percent(NamedTuple):
    """A share between 0 and 1, shown as a percentage in the reader's language."""

    value: float
    digits: int = 1


#: namespace -> directories holding ``<lang>/<namespace>.json`` with more messages of that
#: namespace: the texts of games registered from outside the package (``add_catalogs``)
_EXTRA_CATALOGS: dict[str, list[Path]] = {}


def add_catalogs(directory: Path) -> None:
    """Read more messages from ``directory/<lang>/<namespace>.json`` (the texts of a game
    registered from outside the package: its own namespace, and its keys in shared ones
    such as ``practice``). A key the package has already is refused (ValueError): a game
    adds texts, it never changes another's."""
    directory = Path(directory)
    for found in sorted(directory.glob("*/*.json")):
        lang, namespace = found.parent.name, found.stem
        ours = set(catalog(lang, namespace))
        theirs = json.loads(found.read_text(encoding="utf-8"))
        if ours & set(theirs):
            raise ValueError(f"{found} changes messages of the package: "
                             f"{', '.join(sorted(ours & set(theirs))[:3])}")
    for found in sorted(directory.glob(f"{DEFAULT_LANGUAGE}/*.json")):
        places = _EXTRA_CATALOGS.setdefault(found.stem, [])
        if directory not in places:
            places.append(directory)
    catalog.cache_clear()


@cache
def catalog(lang: str, namespace: str) -> dict[str, str | dict[str, str]]:
    """All messages of one namespace in one language."""
    path = resources.files("treasurekit") / "locales" / lang / f"{namespace}.json"
    try:
        data: dict[str, str | dict[str, str]] = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        data = {}
    for directory in _EXTRA_CATALOGS.get(namespace, ()):
        more = directory / lang / f"{namespace}.json"
        if more.is_file():
            data.update(json.loads(more.read_text(encoding="utf-8")))
    return data


def has(key: str, lang: str = DEFAULT_LANGUAGE) -> bool:
    namespace, _, rest = key.partition(".")
    return rest in catalog(lang, namespace)


@cache
def _locale(lang: str) -> Any:
    from babel import Locale

    return Locale.parse(lang)


def plural_form(count: int | float, lang: str) -> str:
    """The CLDR plural category (``one``, ``other``, ...) of ``count`` in ``lang``.

    >>> plural_form(1, "nl"), plural_form(2, "nl"), plural_form(0, "en")
    ('one', 'other', 'other')
    """
    return str(_locale(lang).plural_form(abs(count)))


def number(value: int | float, lang: str, digits: int | None = None) -> str:
    """A number written the way ``lang`` writes it (``2.5`` -> ``2,5`` in Dutch).

    >>> number(2.5, "nl"), number(1234, "en"), number(0.5, "nl", digits=2)
    ('2,5', '1,234', '0,50')
    """
    from decimal import InvalidOperation

    from babel.numbers import format_decimal

    fmt = None if digits is None else "#,##0." + "0" * digits if digits else "#,##0"
    try:
        return str(format_decimal(value, format=fmt, locale=_locale(lang)))
    except InvalidOperation:        # more digits than Babel's decimals hold: as they are
        return str(value)


def percent(share: float, lang: str, digits: int = 1) -> str:
    """A share (0..1) as a percentage in ``lang``, e.g. ``41,9%`` in Dutch."""
    from babel.numbers import format_percent

    fmt = "#,##0." + "0" * digits + "%" if digits else "#,##0%"
    return str(format_percent(share, format=fmt, locale=_locale(lang)))


ListStyle = Literal["standard", "standard-short", "or", "or-short", "unit", "unit-short",
                    "unit-narrow"]


def join(items: list[str] | tuple[str, ...], lang: str, style: ListStyle = "standard") -> str:
    """A list in running text: ``A, B and C`` (``style="or"`` for alternatives)."""
    from babel.lists import format_list

    return str(format_list(list(items), style=style, locale=_locale(lang))) if items else ""


def readable(value: Any, lang: str) -> Any:
    """A message parameter as a reader takes it: a value with ``label(lang)`` (a card, a
    treasure type) by its label, a plain list or tuple as a list in running text (:func:`join`;
    empty: "nothing"), anything else as it is (numbers are formatted by :func:`tr`)."""
    if hasattr(value, "label"):
        return value.label(lang)
    if type(value) is list or type(value) is tuple:
        return join([str(readable(v, lang)) for v in value], lang) or tr("core.nothing", lang)
    return value


class SeatName(str):
    """A player's name that the catalog words in every language: the learner's seat
    (``core.seat.you``: "Ann (you)", "Ann (jij)"), the computer, and the seats a game
    numbers when given only a count ("Player 2", "Speler 2").

    It is the text it was made from (equal to it, and what a save keeps); ``label(lang)``
    is the reader's wording, which :func:`tr` and :func:`readable` use, so a game's names,
    its events and a review made from its save follow the language switch.
    :func:`seat_name` turns any wording of any language into one.

    >>> you = seat_name("Ann (you)")
    >>> you == "Ann (you)", you.label("nl"), tr("core.seat.player", "nl", n=2)
    (True, 'Ann (jij)', 'Speler 2')
    >>> seat_name("Speler 3").label("en"), type(seat_name("Bob")).__name__
    ('Player 3', 'str')
    """

    key: str
    n: int | None

    def __new__(cls, text: str, key: str, n: int | None = None) -> SeatName:
        name = super().__new__(cls, text)
        name.key, name.n = key, n
        return name

    def label(self, lang: str) -> str:
        return tr(self.key, lang) if self.n is None else tr(self.key, lang, n=self.n)

    def __reduce__(self) -> tuple[type[SeatName], tuple[str, str, int | None]]:
        return SeatName, (str(self), self.key, self.n)


class Standing(NamedTuple):
    """A player with a figure of theirs, in running text: "Ann (you) 12" (a list of them
    reads "Ann (you) 12 and Bob 9"), e.g. the figures a tie-break compares.

    >>> readable((Standing(seat_name("Ann (you)"), 12), Standing("Bob", 9)), "nl")
    'Ann (jij) 12 en Bob 9'
    """

    player: str
    value: Any

    def label(self, lang: str) -> str:
        return tr("core.standing", lang, player=readable(self.player, lang),
                  value=readable(self.value, lang))


#: the seat names the catalog words: ``core.seat.<key>``, numbered ones with ``{n}``
SEAT_KEYS = ("core.seat.you", "core.seat.computer")
NUMBERED_SEAT = "core.seat.player"


@cache
def _seat_patterns() -> tuple[dict[str, str], list[re.Pattern[str]]]:
    words = {tr(key, lang): key for key in SEAT_KEYS for lang in LANGUAGES}
    numbered = [re.compile(re.escape(tr(NUMBERED_SEAT, lang, n=0)).replace("0", r"([1-9]\d?)"))
                for lang in LANGUAGES]
    return words, numbered


def seat_name(text: str) -> str:
    """``text`` as a :class:`SeatName` if it is a seat name the catalog words in some
    language, else ``text`` itself (a name somebody chose stays as it is)."""
    words, numbered = _seat_patterns()
    key = words.get(text)
    if key is not None:
        return SeatName(text, key)
    for pattern in numbered:
        m = pattern.fullmatch(text)
        if m:
            return SeatName(text, NUMBERED_SEAT, int(m.group(1)))
    return text


class Count:
    """A number in a message. A placeholder may choose its words by the number's CLDR
    plural category (Babel's rules for the language): ``{cards:one=# card|other=# cards}``
    reads "1 card" or "3 cards" ("#" is the number); a plain ``{cards}`` is the number."""

    __slots__ = ("value", "lang")

    def __init__(self, value: int | float, lang: str) -> None:
        self.value, self.lang = value, lang

    def __format__(self, spec: str) -> str:
        if "=" not in spec:
            return format(self.value, spec) if spec else str(self)
        forms = dict(form.split("=", 1) for form in spec.split("|"))
        text = forms.get(plural_form(self.value, self.lang), forms["other"])
        return text.replace("#", str(self))

    def __str__(self) -> str:
        value = self.value
        return str(value) if type(value) is int and -1000 < value < 1000 \
            else number(value, self.lang)


class Either(NamedTuple):
    """Alternatives in running text: ``b12 or g11`` (Babel's "or" list for the language).

    >>> Either(("b12", "g11")).label("nl")
    'b12 of g11'
    """

    items: tuple[str, ...]

    def label(self, lang: str) -> str:
        return join(self.items, lang, "or")


class Message(NamedTuple):
    """A message of the catalog not yet put into words: its key and its parameters.

    Whoever has something to say (an error's reason) makes one and formats nothing;
    :meth:`text` renders it in a language when someone reads it. Parameters are read as
    :func:`readable` reads them: a parameter with ``label(lang)`` (a card, or another
    Message) is told in the same language.

    >>> m = Message.of("core.error.game_over")
    >>> m.text("en"), m.text("nl")
    ('the game is over', 'het spel is afgelopen')
    """

    key: str
    params: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, key: str, /, **params: Any) -> Message:
        return cls(key, tuple(params.items()))

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The message in ``lang`` (English where the catalog has no such language)."""
        return tr(self.key, lang, **{name: readable(value, lang) for name, value in self.params})

    def label(self, lang: str) -> str:
        """The message as a parameter of another message (see :func:`readable`)."""
        return self.text(lang)

    def __str__(self) -> str:
        return self.text()


def _format(value: Any, lang: str) -> Any:
    if type(value) is SeatName:
        return value.label(lang)
    if isinstance(value, Percent):
        return percent(value.value, lang, value.digits)
    if type(value) is int or type(value) is float:
        return Count(value, lang)
    return value


def tr(key: str, lang: str = DEFAULT_LANGUAGE, /, **params: Any) -> str:
    """The message ``key`` in ``lang``, with ``{placeholders}`` filled in.

    A plural message (an object of CLDR forms) picks its form by the ``count`` parameter;
    inside any message, ``{n:one=# card|other=# cards}`` picks words by ``n`` (see
    :class:`Count`). Forms follow Babel's plural rules for the language.

    >>> tr("widgets.db.deck", "en", deck=1, diver="Ann").startswith("Deck: 1 card ")
    True
    """
    if lang not in LANGUAGES:
        lang = DEFAULT_LANGUAGE
    namespace, _, rest = key.partition(".")
    text = catalog(lang, namespace).get(rest)
    if text is None:
        text = catalog(DEFAULT_LANGUAGE, namespace).get(rest)
    if text is None:
        raise KeyError(f"no message {key!r}")
    if isinstance(text, dict):
        if "count" not in params:
            raise KeyError(f"message {key!r} has plural forms and needs a 'count'")
        forms = text
        text = forms.get(plural_form(params["count"], lang), forms["other"])
    if not params:
        return text
    return text.format(**{k: _format(v, lang) for k, v in params.items()})


def language_from_query(query: str | None) -> str:
    """The language asked for by a URL query such as ``lang=nl`` (any letter case).

    >>> language_from_query("lang=nl&x=1"), language_from_query("lang=NL")
    ('nl', 'nl')
    >>> language_from_query("")
    'en'
    """
    from urllib.parse import parse_qs

    values = parse_qs(query or "").get("lang", [])
    lang = values[0].strip().lower() if values else ""
    return lang if lang in LANGUAGES else DEFAULT_LANGUAGE
