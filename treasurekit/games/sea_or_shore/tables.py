"""Tables of Sea or Shore plays, worked out once at import for the rules' hot path.

A random game plays some ninety island cards and reveals them all; reading a card's
move, value, event wording and the parts of its events from one table entry is much
cheaper than parsing the notation and building them again for every card played (or,
for the lists of legal plays, for every number of addition cards a player holds).
Nothing here changes during a game (the entries are immutable), so the tables can
never go stale.

>>> PLAYS["r7/sea+2"].played, PLAYS["r7/sea+2"].value, PLAYS["r7/sea+2"].kind
(Played(card='r7', shows='sea', adds=2), 9, 'play_sea')
>>> PLAYS["b12/shore"].shown
(('card', Island(colour='b', value=12)), ('shown', 12), ('adds', 0))
>>> [str(m) for side in PLAY_MOVES["g11"] for m in side]
['play:g11/sea', 'play:g11/sea+1', 'play:g11/shore', 'play:g11/shore+1']
>>> PLAY_OF[Played("g5", "sea", 1)] is PLAYS["g5/sea+1"]
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.moves import Move
from .cards import COLOURS, ISLAND_CODES, MAX_VALUE, SHOWS, Colour, Island, island
from .state import Played

#: Each colour letter as a ``Colour`` that can name itself in a language.
COLOUR = {c: Colour(c) for c in COLOURS}


@dataclass(frozen=True, slots=True)
class Play:
    """One way to play an island card (a side up, some addition cards beside it). Slots
    rather than a NamedTuple: the rules read its fields for every card played."""

    played: Played
    move: Move                              # play:<notation>
    code: str                               # the island card (``played.card``)
    adds: int                               # its addition cards (``played.adds``)
    card: Island
    colour: str                             # the card's colour letter (its sea)
    value: int                              # with the addition cards (never above 12)
    kind: str                               # the event of playing it: play_sea, play_shore
    shown: tuple[tuple[str, Any], ...]      # that event's parameters after the player
    revealed: tuple[tuple[str, Any], ...]   # the reveal event's parameters after the player


def _play(card: str, shows: str, adds: int) -> Play:
    played = Played(card, shows, adds)
    face = island(card)
    shown: Any = COLOUR[face.colour] if shows == "sea" else face.value
    return Play(played, Move("play", played.notation()), card, adds, face, face.colour,
                played.value, f"play_{shows}",
                (("card", face), ("shown", shown), ("adds", adds)),
                (("card", face), ("value", played.value), ("adds", adds)))


#: Every play of each island card that keeps it at 12 or below: sea side, then shore
#: side, each with 0, 1, 2... addition cards.
_BY_SIDE = {code: tuple(tuple(_play(code, shows, adds)
                              for adds in range(MAX_VALUE - island(code).value + 1))
                        for shows in SHOWS)
            for code in ISLAND_CODES}
#: Their moves, in that order (a player with ``k`` addition cards has the first ``k + 1``
#: of each side).
PLAY_MOVES: dict[str, tuple[tuple[Move, ...], ...]] = {
    code: tuple(tuple(p.move for p in plays) for plays in sides)
    for code, sides in _BY_SIDE.items()
}
#: Every play by its notation (``r7/sea+2``)...
PLAYS: dict[str, Play] = {
    p.move.arg: p for sides in _BY_SIDE.values() for plays in sides for p in plays
}
#: ... and by the card on the table.
PLAY_OF: dict[Played, Play] = {p.played: p for p in PLAYS.values()}
