"""The final scoring step by step, read off a game's events (for tables that fill in).

Every change of points in Coralia is told by an event that names who scores and how
much; :func:`points_of` reads it. :func:`scoring_table` sorts the points of the final
scoring into the book's four steps (starfish cards, divers, fish, pearls), so a table
can fill in one step at a time while the scoring runs.

>>> from treasurekit.games.coralia.examples import SCORING
>>> table = scoring_table(SCORING.run())
>>> [(row.player, row.before, row.steps, row.total) for row in table.rows]
[('Jacques', 0, (4, 11, 7, 22), 44), ('Jenny', 0, (6, 15, 31, 7), 59)]
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ...core.events import Event
from ...core.game import Game

#: event kind -> (the parameter naming who scores, fixed points or None: the ``count``)
POINT_EVENTS: dict[str, tuple[str, int | None]] = {
    "octopus": ("player", None), "octopus_bonus": ("owner", 1),
    "octopus_island_own": ("player", 2), "octopus_island": ("owner", 2),
    "island_points": ("player", None), "jellyfish": ("player", None),
    "sf_points": ("player", None), "diver_score": ("player", None),
    "fish_score": ("player", None), "per_fish": ("player", None),
    "pearl_score": ("player", None), "per_pearl": ("player", None)}
STEPS: tuple[str, ...] = ("starfish", "divers", "fish", "pearls")
#: the step an event of the final scoring belongs to (anything else: the starfish cards)
STEP_OF = {"diver_score": 1, "show_fish": 2, "fish_score": 2, "per_fish": 2,
           "show_pearls": 3, "pearl_score": 3, "per_pearl": 3}


def points_of(event: Event) -> tuple[str, int] | None:
    """(player name, points) that ``event`` gives, or None if it gives no points."""
    found = POINT_EVENTS.get(event.kind)
    if found is None:
        return None
    who, fixed = found
    return str(event.param(who)), fixed if fixed is not None else int(event.param("count"))


class ScoreRow(NamedTuple):
    player: str
    before: int                       # points when the final scoring began
    steps: tuple[int | None, ...]     # per step of STEPS; None: not reached yet
    total: int


class ScoringTable(NamedTuple):
    rows: tuple[ScoreRow, ...]
    reached: int                      # how many steps have begun (0..4)


def scoring_table(game: Game[Any]) -> ScoringTable | None:
    """The final scoring so far, per player and step; None before the game ends."""
    view = game.view(None)
    if view["phase"] not in ("scoring", "over"):
        return None
    # a position set up at the end of the game has already scored in its opening
    events = [*getattr(game, "opening", ()), *game.events]
    start = max((i + 1 for i, e in enumerate(events) if e.kind == "end"), default=0)
    names = list(game.players)
    gained = [[0] * len(STEPS) for _ in names]
    reached = 1
    for e in events[start:]:
        step = STEP_OF.get(e.kind, 0)
        reached = max(reached, step + 1)
        got = points_of(e)
        if got is not None and got[0] in names:
            gained[names.index(got[0])][step] += got[1]
    if view["phase"] == "over":
        reached = len(STEPS)
    points = view["points"]
    rows = tuple(ScoreRow(name, points[p] - sum(gained[p]),
                          tuple(g if i < reached else None for i, g in enumerate(gained[p])),
                          points[p]) for p, name in enumerate(names))
    return ScoringTable(rows, reached)
