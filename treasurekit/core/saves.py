"""Reading saves and positions that may be hostile: bounded JSON and field checks.

Every entry point that reads a save, a position or a share code goes through here, so that
any bad input raises :class:`InvalidSave` with a short message, fast, and never another
exception type. The bounds are far above what a real game needs:

* text: at most ``MAX_TEXT`` characters, given as ``str`` or UTF-8 ``bytes``;
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

from .errors import InvalidSave
from .i18n import LANGUAGES, NUMBERED_SEAT, SeatName, readable, seat_name

MAX_TEXT = 2_000_000
MAX_DEPTH = 24
MAX_NODES = 200_000
MAX_INT_DIGITS = 24
#: a seed is any integer of at most MAX_INT_DIGITS digits
SEED_RANGE = (-(10**MAX_INT_DIGITS) + 1, 10**MAX_INT_DIGITS - 1)
MAX_NAME = 40
MAX_MOVES = 20_000
MAX_MOVE_TEXT = 80


def short(value: Any, limit: int = 32) -> str:
    """A readable, bounded ``repr`` of a (possibly huge or hostile) value for a message."""
    if isinstance(value, str):
        text = repr(value[:limit + 1])
    elif isinstance(value, int) and not isinstance(value, bool):
        digits = len(str(value)) if abs(value) < 10 ** 60 else 61
        text = str(value) if digits <= limit else f"a {digits}+ digit number"
    elif isinstance(value, (float, bool)) or value is None:
        text = repr(value)
    elif isinstance(value, (list, tuple)):
        text = f"a list of {len(value)}"
    elif isinstance(value, Mapping):
        text = f"an object of {len(value)} key(s)"
    else:
        text = f"a {type(value).__name__}"
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise InvalidSave(f"a number has more than {MAX_INT_DIGITS} digits")
    return int(text)


def _float(text: str) -> float:
    if len(text) > 64:
        raise InvalidSave("a number is written with more than 64 characters")
    value = float(text)
    if not math.isfinite(value):
        raise InvalidSave("numbers must be finite")
    return value


def _constant(name: str) -> Any:
    raise InvalidSave(f"{name} is not a number a save may hold")


def loads(text: Any, what: str = "save") -> Any:
    """JSON text (``str`` or UTF-8 ``bytes``) to plain values, within the bounds above."""
    if isinstance(text, (bytes, bytearray, memoryview)):
        if len(text) > MAX_TEXT:
            raise InvalidSave(f"the {what} is longer than {MAX_TEXT:,} bytes")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise InvalidSave(f"the {what} is not UTF-8 text") from None
    if not isinstance(text, str):
        raise InvalidSave(f"the {what} is not valid JSON: it is {short(text)}, not text")
    if len(text) > MAX_TEXT:
        raise InvalidSave(f"the {what} is longer than {MAX_TEXT:,} characters")
    try:
        data = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except json.JSONDecodeError as err:
        raise InvalidSave(f"the {what} is not valid JSON: {err.msg} "
                          f"(line {err.lineno}, column {err.colno})") from None
    except InvalidSave:
        raise
    except RecursionError:
        raise InvalidSave(f"the {what} is nested too deeply (at most {MAX_DEPTH} levels)") \
            from None
    except (ValueError, UnicodeError):     # e.g. a lone surrogate escape
        raise InvalidSave(f"the {what} is not valid JSON text") from None
    return plain(data, what)


def plain(value: Any, what: str = "position") -> Any:
    """A deep copy of ``value`` made only of dict (text keys), list, str (a player's
    ``SeatName`` too), int, float, bool and None, within the bounds above; tuples become
    lists. InvalidSave otherwise."""
    budget = [MAX_NODES]

    def copy(v: Any, depth: int) -> Any:
        budget[0] -= 1
        if budget[0] < 0:
            raise InvalidSave(f"the {what} holds more than {MAX_NODES:,} values")
        t = type(v)
        if v is None or t is bool or t is str or t is SeatName:
            return v
        if t is int:
            if abs(v) >= 10 ** MAX_INT_DIGITS:
                raise InvalidSave(f"a number in the {what} has more than {MAX_INT_DIGITS} "
                                  "digits")
            return v
        if t is float:
            if not math.isfinite(v):
                raise InvalidSave(f"numbers in the {what} must be finite")
            return v
        if depth >= MAX_DEPTH:
            raise InvalidSave(f"the {what} is nested too deeply (at most {MAX_DEPTH} levels)")
        if t is list or t is tuple:
            return [copy(x, depth + 1) for x in v]
        if t is dict or isinstance(v, Mapping):
            out = {}
            for key, x in v.items():
                if type(key) is not str and type(key) is not SeatName:
                    raise InvalidSave(f"the {what} has a key that is not text: {short(key)}")
                out[key] = copy(x, depth + 1)
            return out
        raise InvalidSave(f"the {what} holds {short(v)}, which is not JSON data")

    return copy(value, 0)


# ---- field checks -------------------------------------------------------------------------

def check_keys(data: Mapping[str, Any], allowed: set[str] | frozenset[str], what: str) -> None:
    """Refuse keys a save or position does not know (a typo must not be ignored)."""
    unknown = sorted(set(data) - set(allowed))
    if unknown:
        names = ", ".join(k if len(k) <= 20 else k[:19] + "…" for k in unknown[:5])
        more = f" and {len(unknown) - 5} more" if len(unknown) > 5 else ""
        raise InvalidSave(f"unknown key(s) in {what}: {names}{more}")


def by_name(desc: Mapping[str, Any], key: str, names: Sequence[str]) -> dict[str, Any]:
    """``desc[key]``: an object from player names to values (every name one of ``names``;
    missing: empty), or InvalidSave."""
    value = desc.get(key, {})
    if not isinstance(value, dict) or not set(value) <= set(names):
        raise InvalidSave(f"{key} must map player names ({', '.join(names)}) to values")
    return value


def is_int(value: Any) -> bool:
    """A whole number, not a boolean (``True`` is not 1 here)."""
    return type(value) is int


def check_int(value: Any, where: str, lo: int, hi: int) -> int:
    """A whole number from ``lo`` to ``hi``; InvalidSave otherwise."""
    if not is_int(value) or not lo <= value <= hi:
        raise InvalidSave(f"{where} must be a whole number from {lo} to {hi}, "
                          f"not {short(value)}")
    return int(value)


def check_str(value: Any, where: str, limit: int = 200) -> str:
    """A text of at most ``limit`` characters; InvalidSave otherwise."""
    if type(value) is not str or len(value) > limit:
        raise InvalidSave(f"{where} must be a text of at most {limit} characters, "
                          f"not {short(value)}")
    return value


def check_list(value: Any, where: str, limit: int = 1000) -> list[Any]:
    """A list of at most ``limit`` entries; InvalidSave otherwise."""
    if type(value) is not list or len(value) > limit:
        raise InvalidSave(f"{where} must be a list of at most {limit} entries, "
                          f"not {short(value)}")
    return value


def check_players(players: Any, lo: int, hi: int) -> tuple[str, ...]:
    """Player names from a count or a list of distinct names, the count checked first
    (a count of a billion is refused before a single name is made)."""
    span = str(lo) if lo == hi else f"{lo} to {hi}"
    if is_int(players):
        if not lo <= players <= hi:
            raise InvalidSave(f"this game is for {span} players, not {short(players)}")
        return tuple(SeatName(f"Player {i + 1}", NUMBERED_SEAT, i + 1) for i in range(players))
    if type(players) not in (list, tuple):
        raise InvalidSave(f"players must be a count or a list of names, not {short(players)}")
    if not lo <= len(players) <= hi:
        raise InvalidSave(f"this game is for {span} players, not {len(players)}")
    names = []
    for p in players:
        if type(p) is not str and type(p) is not SeatName or not p.strip() or len(p) > MAX_NAME:
            raise InvalidSave(f"players must be a count or a list of names of 1 to "
                              f"{MAX_NAME} characters, not {short(p)}")
        names.append(seat_name(p.strip()))
    # "Ann (you)" and "Ann (jij)" are one seat in two languages
    if any(len({readable(p, lang) for p in names}) != len(names) for lang in LANGUAGES):
        raise InvalidSave("player names must be different")
    return tuple(names)


def copy_plain(value: Any) -> Any:
    """A deep copy of data already checked by :func:`plain`."""
    if type(value) is list:
        return [copy_plain(x) for x in value]
    if type(value) is dict:
        return {k: copy_plain(x) for k, x in value.items()}
    return value
