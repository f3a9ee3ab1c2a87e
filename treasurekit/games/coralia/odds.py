"""Exact odds at the research station: will the dice give the symbol I want on the reef
I want?

A die of a reef's colour showing a symbol is the only die that can go onto that symbol
space of that reef. Before the roll, the player to move keeps (locks) some dice on
turtles and takes one more die from the supply; every die not kept is rolled. The
chance that a wanted die turns up is therefore exact and small to compute: one minus
the chance that none of the rolled dice of that colour shows the symbol.

>>> station = [{"colour": "blue", "symbol": "diver", "locked": False},
...            {"colour": "green", "symbol": "fish", "locked": False},
...            {"colour": "blue", "symbol": "pearl", "locked": False}]
>>> str(wanted_chance(station, "blue", "blue", "octopus"))     # three blue dice rolled
'91/216'
>>> str(wanted_chance(station, "red", "green", "fish"))        # one green die rolled
'1/6'
>>> locked = [dict(station[0], locked=True)] + station[1:]
>>> str(wanted_chance(locked, "red", "blue", "diver"))          # kept as it is
'1'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from .cards import COLOURS, SYMBOLS

MISS = Fraction(5, 6)


def rolled_colours(station: Sequence[Mapping[str, Any]], pick: str) -> list[str]:
    """The colours of the dice rolled after taking ``pick``: every die not kept, and the
    new one."""
    return [d["colour"] for d in station if not d["locked"]] + [pick]


def wanted_chance(station: Sequence[Mapping[str, Any]], pick: str, reef: str,
                  symbol: str) -> Fraction:
    """The exact chance that, after taking a ``pick`` die and rolling, a die of colour
    ``reef`` shows ``symbol`` (a kept die already showing it counts for certain)."""
    if reef not in COLOURS or symbol not in SYMBOLS or pick not in COLOURS:
        raise ValueError(f"no such die: {reef}-{symbol} (pick {pick})")
    if any(d["locked"] and d["colour"] == reef and d["symbol"] == symbol for d in station):
        return Fraction(1)
    rolled = rolled_colours(station, pick).count(reef)
    return 1 - MISS ** rolled


def pick_table(view: Mapping[str, Any], reef: str, symbol: str) -> dict[str, Fraction]:
    """For every colour the supply still has: the chance of the wanted die after taking
    a die of that colour (from the view of the player deciding at the station)."""
    station = view["station"]
    return {c: wanted_chance(station, c, reef, symbol)
            for c in COLOURS if view["supply"].get(c, 0) > 0}
