"""Reading saves and positions that may be hostile: bounded JSON and field checks.

Every entry point that reads a save, a position or a share code goes through here, so that
any bad input raises :class:`InvalidSave` with a short message, fast, and never another
exception type. The bounds are far above what a real game needs:

* text: at most ``MAX_TEXT`` characters, given as ``str`` or UTF-8 ``bytes`` (a leading
  byte-order mark, which some editors write at the start of a UTF-8 file, is ignored);
* nesting: at most ``MAX_DEPTH`` levels of lists/objects;
* size: at most ``MAX_NODES`` values in all;
* numbers: integers of at most ``MAX_INT_DIGITS`` digits, finite floats only;
* object keys: text only.

>>> plain(loads('{"players": ["Ann", "Bob"], "seed": 7}'), "save")
{'players': ['Ann', 'Bob'], 'seed': 7}
>>> loads("[" * 1000 + "]" * 1000)
Traceback (most recent call last):
...
treasurekit.core.errors.InvalidSave: the save is nested too deeply (at most 24 levels)
>>> short("x" * 100)
"'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…"
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from typing import Any

from .errors import InvalidSave, cut
from .i18n import LANGUAGES, NUMBERED_SEAT, Message, SeatName, readable, seat_name

MAX_TEXT = 2_000_000
MAX_DEPTH = 24
MAX_NODES = 200_000
MAX_INT_DIGITS = 24
#: a seed is any integer of at most MAX_INT_DIGITS digits
SEED_RANGE = (-(10**MAX_INT_DIGITS) + 1, 10**MAX_INT_DIGITS - 1)
MAX_NAME = 40
MAX_MOVES = 20_000
MAX_MOVE_TEXT = 80
#: The byte-order mark some editors (Windows Notepad among them) write at the start of a
#: UTF-8 file: a save or position starting with it is read without it.
BOM = "\ufeff"


def shown(value: Any, limit: int = 32) -> str | Message:
    """A (possibly huge or hostile) value as a message shows it, bounded: a short ``repr``
    of a text or number, else what it is (``a list of 3``), told in the reader's language.

    >>> shown("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…"
    >>> shown([1, 2, 3]).text("nl")
    'een lijst van 3'
    """
    if isinstance(value, str):
        return cut(repr(value[:limit + 1]), limit)
    if isinstance(value, int) and not isinstance(value, bool):
        digits = len(str(value)) if abs(value) < 10 ** 60 else 61
        return str(value) if digits <= limit else Message.of("core.value.number", digits=digits)
    if isinstance(value, (float, bool)) or value is None:
        return cut(repr(value), limit)
    if isinstance(value, (list, tuple)):
        return Message.of("core.value.list", count=len(value))
    if isinstance(value, Mapping):
        return Message.of("core.value.object", count=len(value))
    return Message.of("core.value.other", kind=cut(type(value).__name__, limit))


def short(value: Any, limit: int = 32) -> str:
    """A readable, bounded ``repr`` of a (possibly huge or hostile) value, in English (a
    message shows it with :func:`shown`, in the reader's language)."""
    return cut(str(shown(value, limit)), limit)


def without_bom(text: str) -> str:
    """``text`` without the byte-order mark it may start with (see ``BOM``)."""
    return text[1:] if text.startswith(BOM) else text


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise InvalidSave("core.error.number_digits", digits=MAX_INT_DIGITS)
    return int(text)


def _float(text: str) -> float:
    if len(text) > 64:
        raise InvalidSave("core.error.number_long", limit=64)
    value = float(text)
    if not math.isfinite(value):
        raise InvalidSave("core.error.number_finite")
    return value


def _constant(name: str) -> Any:
    raise InvalidSave("core.error.number_constant", name=cut(name, 20))


#: The JSON parser's complaints (``json.JSONDecodeError.msg``) as catalog keys
#: (``core.json.<key>``); any other complaint reads ``core.json.other``.
JSON_PROBLEMS = {
    "Expecting value": "value",
    "Expecting property name enclosed in double quotes": "name",
    "Expecting ':' delimiter": "colon",
    "Expecting ',' delimiter": "comma",
    "Unterminated string starting at": "string",
    "Invalid control character at": "control",
    "Invalid \\escape": "escape",
    "Invalid \\uXXXX escape": "escape",
    "Extra data": "extra",
}


def what_of(what: str) -> Message:
    """"the save", "the position", ...: what a message is about, in the reader's words
    (``core.what.<what>``)."""
    return Message.of(f"core.what.{what}")


def loads(text: Any, what: str = "save") -> Any:
    """JSON text (``str`` or UTF-8 ``bytes``) to plain values, within the bounds above; a
    leading byte-order mark is ignored.

    >>> loads(b'\\xef\\xbb\\xbf{"seed": 7}'), loads('\\ufeff[1]')
    ({'seed': 7}, [1])
    """
    if isinstance(text, (bytes, bytearray, memoryview)):
        if len(text) > MAX_TEXT:
            raise InvalidSave("core.error.long_bytes", what=what_of(what), limit=MAX_TEXT)
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise InvalidSave("core.error.not_utf8", what=what_of(what)) from None
    if not isinstance(text, str):
        raise InvalidSave("core.error.not_text", what=what_of(what), value=shown(text))
    text = without_bom(text)
    if len(text) > MAX_TEXT:
        raise InvalidSave("core.error.long_text", what=what_of(what), limit=MAX_TEXT)
    try:
        data = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except json.JSONDecodeError as err:
        problem = Message.of(f"core.json.{JSON_PROBLEMS.get(err.msg, 'other')}")
        raise InvalidSave("core.error.not_json", what=what_of(what), problem=problem,
                          line=err.lineno, column=err.colno) from None
    except InvalidSave:
        raise
    except RecursionError:
        raise InvalidSave("core.error.too_deep", what=what_of(what), depth=MAX_DEPTH) \
            from None
    except (ValueError, UnicodeError):     # e.g. a lone surrogate escape
        raise InvalidSave("core.error.not_json_text", what=what_of(what)) from None
    return plain(data, what)


def plain(value: Any, what: str = "position") -> Any:
    """A deep copy of ``value`` made only of dict (text keys), list, str (a player's
    ``SeatName`` too), int, float, bool and None, within the bounds above; tuples become
    lists. InvalidSave otherwise."""
    budget = [MAX_NODES]

    def copy(v: Any, depth: int) -> Any:
        budget[0] -= 1
        if budget[0] < 0:
            raise InvalidSave("core.error.too_many_values", what=what_of(what),
                              limit=MAX_NODES)
        t = type(v)
        if v is None or t is bool or t is str or t is SeatName:
            return v
        if t is int:
            if abs(v) >= 10 ** MAX_INT_DIGITS:
                raise InvalidSave("core.error.number_digits_in", what=what_of(what),
                                  digits=MAX_INT_DIGITS)
            return v
        if t is float:
            if not math.isfinite(v):
                raise InvalidSave("core.error.number_finite_in", what=what_of(what))
            return v
        if depth >= MAX_DEPTH:
            raise InvalidSave("core.error.too_deep", what=what_of(what), depth=MAX_DEPTH)
        if t is list or t is tuple:
            return [copy(x, depth + 1) for x in v]
        if t is dict or isinstance(v, Mapping):
            out = {}
            for key, x in v.items():
                if type(key) is not str and type(key) is not SeatName:
                    raise InvalidSave("core.error.key_not_text", what=what_of(what),
                                      value=shown(key))
                out[key] = copy(x, depth + 1)
            return out
        raise InvalidSave("core.error.not_data", what=what_of(what), value=shown(v))

    return copy(value, 0)


# ---- field checks -------------------------------------------------------------------------

def check_keys(data: Mapping[str, Any], allowed: set[str] | frozenset[str], what: str) -> None:
    """Refuse keys a save or position does not know (a typo must not be ignored)."""
    unknown = sorted(set(data) - set(allowed))
    if unknown:
        names = ", ".join(cut(k, 20) for k in unknown[:5])
        if len(unknown) > 5:
            raise InvalidSave("core.error.unknown_keys_more", what=what_of(what), names=names,
                              more=len(unknown) - 5)
        raise InvalidSave("core.error.unknown_keys", what=what_of(what), names=names,
                          count=len(unknown))


def by_name(desc: Mapping[str, Any], key: str, names: Sequence[str]) -> dict[str, Any]:
    """``desc[key]``: an object from player names to values (every name one of ``names``;
    missing: empty), or InvalidSave."""
    value = desc.get(key, {})
    if not isinstance(value, dict) or not set(value) <= set(names):
        raise InvalidSave("core.error.by_name", key=key, names=", ".join(names))
    return value


def is_int(value: Any) -> bool:
    """A whole number, not a boolean (``True`` is not 1 here)."""
    return type(value) is int


def check_int(value: Any, where: str | Message, lo: int, hi: int) -> int:
    """A whole number from ``lo`` to ``hi``; InvalidSave otherwise. ``where``: a key of
    the description, or a Message naming the place."""
    if not is_int(value) or not lo <= value <= hi:
        raise InvalidSave("core.error.check_int", where=where, lo=lo, hi=hi,
                          value=shown(value))
    return int(value)


def check_str(value: Any, where: str | Message, limit: int = 200) -> str:
    """A text of at most ``limit`` characters; InvalidSave otherwise."""
    if type(value) is not str or len(value) > limit:
        raise InvalidSave("core.error.check_str", where=where, limit=limit,
                          value=shown(value))
    return value


def check_list(value: Any, where: str | Message, limit: int = 1000) -> list[Any]:
    """A list of at most ``limit`` entries; InvalidSave otherwise."""
    if type(value) is not list or len(value) > limit:
        raise InvalidSave("core.error.check_list", where=where, limit=limit,
                          value=shown(value))
    return value


def check_players(players: Any, lo: int, hi: int) -> tuple[str, ...]:
    """Player names from a count or a list of distinct names, the count checked first
    (a count of a billion is refused before a single name is made)."""
    span: int | Message = lo if lo == hi else Message.of("core.value.span", lo=lo, hi=hi)
    if is_int(players):
        if not lo <= players <= hi:
            raise InvalidSave("core.error.player_count", span=span, value=shown(players))
        return tuple(SeatName(f"Player {i + 1}", NUMBERED_SEAT, i + 1) for i in range(players))
    if type(players) not in (list, tuple):
        raise InvalidSave("core.error.players", value=shown(players))
    if not lo <= len(players) <= hi:
        raise InvalidSave("core.error.player_count", span=span, value=len(players))
    names = []
    for p in players:
        if type(p) is not str and type(p) is not SeatName or not p.strip() or len(p) > MAX_NAME:
            raise InvalidSave("core.error.player_name", limit=MAX_NAME, value=shown(p))
        names.append(seat_name(p.strip()))
    # "Ann (you)" and "Ann (jij)" are one seat in two languages
    if any(len({readable(p, lang) for p in names}) != len(names) for lang in LANGUAGES):
        raise InvalidSave("core.error.players_differ")
    return tuple(names)


def copy_plain(value: Any) -> Any:
    """A deep copy of data already checked by :func:`plain`."""
    if type(value) is list:
        return [copy_plain(x) for x in value]
    if type(value) is dict:
        return {k: copy_plain(x) for k, x in value.items()}
    return value
