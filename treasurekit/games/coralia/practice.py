"""Coralia practice: the kinds of question asked on tables of seeded games.

During play the questions are about the dice on the research station (public: every
seat sees them); at the end, about the final scoring, when every card lies face up.
Each kind plays its choices on a copy of the table (``Tryout``) and the engine says
which is right (see ``core/practice.py``).

>>> import treasurekit as tk
>>> q = tk.practice("coralia", seed=5, kind="die_place")
>>> q.check(q.answer).right
True
"""

from __future__ import annotations

import random
from typing import Any

from ...core.events import Event
from ...core.game import Game
from ...core.moves import Move
from ...core.practice import (
    Asked,
    Found,
    Kind,
    Practice,
    Tryout,
    by_value,
    number_choices,
    numbers_near,
)
from ...core.teaching import Msg
from .cards import (
    CARD,
    CARD_KINDS,
    COLOURS,
    DIE,
    DIVER_S,
    EFFECT,
    FISH_SET_POINTS,
    MAX_LOCKS,
    OCTOPUS_S,
    PEARL_VALUE,
    REEF,
    SPACE,
    SPACES,
    SYMBOLS,
    Section,
)
from .state import Step

G = "coralia"
NOBODY = "none"


def _msg(key: str, **params: Any) -> Msg:
    return Msg.of(f"practice.{G}.{key}", **params)


def _waiting(game: Game[Any]) -> Step | None:
    """The step that waits for a seat, or None at chance or the end."""
    if game.is_chance or game.is_over:
        return None
    steps = game.state.steps
    return steps[0] if steps else None


def _placing(game: Game[Any]) -> bool:
    step = _waiting(game)
    return step is not None and step.kind == "place"


def _rolled(game: Game[Any]) -> list[tuple[int, int]]:
    """The rolled dice on the research station, each (colour, symbol) once, in order."""
    s = game.state
    out: list[tuple[int, int]] = []
    for c, sym in zip(s.station_colours, s.station_symbols, strict=True):
        if sym >= 0 and (c, sym) not in out:
            out.append((c, sym))
    return out


def _die_code(die: tuple[int, int]) -> str:
    return f"{COLOURS[die[0]]}-{SYMBOLS[die[1]]}"


def _station(game: Game[Any]) -> tuple[Any, ...]:
    return tuple(DIE[c][sym] for c, sym in _rolled(game))


# ---- where a die may go ------------------------------------------------------------------
PLACES = ("place", "island", NOBODY)


def _ask_place(game: Game[Any], rng: random.Random) -> Asked | None:
    mover = game.current_player
    assert mover is not None
    die = rng.choice(_rolled(game))
    code = _die_code(die)

    def find(table: Game[Any]) -> Found:
        for where in PLACES[:2]:
            tried = Tryout(table)
            if tried.tries(Move(where, code)):
                return Found(where, tuple(tried.events[:3]))
        return Found(NOBODY)

    found = find(game).value
    section = {"place": Section.COURSE_OF_THE_GAME, "island": Section.BLOCKED_SPACES,
               NOBODY: Section.OCTOPUS}[found]
    c, sym = die
    labels = {"place": _msg("place.space", space=SPACE[sym], reef=REEF[c]),
              "island": _msg("place.island"), NOBODY: _msg("place.nowhere")}
    return Asked(_msg("place.prompt", player=game.players[mover], dice=_station(game),
                      die=DIE[c][sym]),
                 tuple((w, labels[w]) for w in PLACES), by_value(find),
                 _msg("place.reason"), seat=mover, section=section)


# ---- the points of an octopus ------------------------------------------------------------
def _octopus_free(game: Game[Any]) -> list[tuple[int, int]]:
    s = game.state
    mover = game.current_player
    if mover is None or not s.octopus_left[mover]:
        return []
    return [(c, sym) for c, sym in _rolled(game)
            if sym == OCTOPUS_S and s.board[c * SPACES + sym] < 0]


def _octopus_ready(game: Game[Any]) -> bool:
    return _placing(game) and bool(_octopus_free(game))


def _ask_octopus(game: Game[Any], rng: random.Random) -> Asked | None:
    mover = game.current_player
    assert mover is not None
    die = rng.choice(_octopus_free(game))
    move = Move("place", _die_code(die))

    def find(table: Game[Any]) -> Found:
        events = Tryout(table).play(move)
        placed = next(e for e in events if e.kind == "octopus")
        return Found(str(placed.param("count")),
                     tuple(e for e in events if e.kind.startswith("octopus")))

    points = int(find(game).value)
    return Asked(_msg("octopus.prompt", player=game.players[mover], die=DIE[die[0]][die[1]],
                      reef=REEF[die[0]]),
                 number_choices(numbers_near(points, rng, (-1, 1, 2, -2))), by_value(find),
                 _msg("octopus.reason"), seat=mover, section=Section.OCTOPUS)


# ---- who scores for a die on the island --------------------------------------------------
def _blocked_by_octopus(game: Game[Any]) -> list[tuple[int, int]]:
    s = game.state
    return [(c, sym) for c, sym in _rolled(game)
            if s.board[c * SPACES + sym] >= 0 and s.octopus[c] >= 0]


#: The events of a die put on the island beside an octopus, and who scores 2 points.
OCTOPUS_ISLAND = {"octopus_island": "owner", "octopus_island_own": "player"}


def _island_ready(game: Game[Any]) -> bool:
    return _placing(game) and bool(_blocked_by_octopus(game))


def _ask_island(game: Game[Any], rng: random.Random) -> Asked | None:
    s = game.state
    mover = game.current_player
    assert mover is not None
    c, sym = rng.choice(_blocked_by_octopus(game))
    move = Move("island", _die_code((c, sym)))
    owner = s.octopus[c]

    def find(table: Game[Any]) -> Found:
        tried = Tryout(table)
        events = tried.play(move)
        scored = [e for e in events if e.kind in OCTOPUS_ISLAND]
        value = NOBODY
        if scored:
            who = scored[0].param(OCTOPUS_ISLAND[scored[0].kind])
            value = f"{table.players.index(str(who))}:2"
        return Found(value, tuple(e for e in events if e.kind in ("island", *OCTOPUS_ISLAND)))

    options = {f"{owner}:2", f"{owner}:1", f"{mover}:2", NOBODY}
    rest = sorted(options - {find(game).value})
    chosen = [find(game).value, *rng.sample(rest, min(3, len(rest)))]
    rng.shuffle(chosen)

    def label(option: str) -> Msg:
        if option == NOBODY:
            return _msg("island.nobody")
        seat, points = option.split(":")
        return _msg("island.scores", player=game.players[int(seat)], n=int(points))

    return Asked(_msg("island.prompt", player=game.players[mover], die=DIE[c][sym],
                      reef=REEF[c], owner=game.players[owner]),
                 tuple((o, label(o)) for o in chosen), by_value(find),
                 _msg("island.reason"), seat=mover, section=Section.OCTOPUS_ISLAND)


# ---- where the diver swims ---------------------------------------------------------------
def _free_divers(game: Game[Any]) -> list[tuple[int, int]]:
    s = game.state
    return [(c, sym) for c, sym in _rolled(game)
            if sym == DIVER_S and s.board[c * SPACES + sym] < 0]


def _diver_ready(game: Game[Any]) -> bool:
    return _placing(game) and bool(_free_divers(game))


DIVES = {"diver": "first", "diver_move": "treasure", "diver_stays": "stays"}


def _ask_diver(game: Game[Any], rng: random.Random) -> Asked | None:
    s = game.state
    mover = game.current_player
    assert mover is not None
    c, sym = rng.choice(_free_divers(game))
    move = Move("place", _die_code((c, sym)))
    old = s.diver[mover]
    if old < 0 and rng.random() < 0.7:          # mostly ask where a diver swims on
        return None

    def find(table: Game[Any]) -> Found:
        tried = Tryout(table)
        events = tried.play(move)
        dive = next(e for e in events if e.kind in DIVES)
        return Found(DIVES[dive.kind], tuple(events[:4]))

    where = REEF[old] if old >= 0 else _msg("diver.nowhere")
    return Asked(_msg("diver.prompt", player=game.players[mover], die=DIE[c][sym],
                      old=where),
                 tuple((v, _msg(f"diver.{v}", reef=REEF[c], old=where))
                       for v in DIVES.values()),
                 by_value(find), _msg("diver.reason"), seat=mover, section=Section.DIVER)


# ---- how many dice the turtles may store -------------------------------------------------
def _locking(game: Game[Any]) -> bool:
    step = _waiting(game)
    if step is None or step.kind != "lock_in_or_pick":
        return False
    s = game.state
    return bool(s.turtles[step.player]) and not any(s.station_locked)


def _stored(table: Game[Any]) -> Found:
    """Store dice on turtles on a copy until the rules allow no more: how many."""
    tried = Tryout(table)
    stored = 0
    while True:
        locks = [m for m in tried.legal_moves() if m.kind == "lock"]
        if not locks:
            return Found(str(stored), tuple(tried.events))
        tried.play(locks[0])
        stored += 1


def _ask_lock(game: Game[Any], rng: random.Random) -> Asked | None:
    s = game.state
    mover = game.current_player
    assert mover is not None
    turtles = len(s.turtles[mover])
    return Asked(_msg("lock.prompt", player=game.players[mover], turtles=turtles,
                      dice=len(s.station_colours)),
                 number_choices(range(min(MAX_LOCKS, len(s.station_colours)) + 2)),
                 by_value(_stored), _msg("lock.reason", most=MAX_LOCKS), seat=mover,
                 section=Section.LOCK_IN)


# ---- a starfish card's points ------------------------------------------------------------
POINT_CARDS = ("island", "chests", "turtles", "jellyfish")


def _scoring_starfish(game: Game[Any]) -> bool:
    step = _waiting(game)
    if step is None or step.kind != "score_starfish":
        return False
    return any(EFFECT[k] in POINT_CARDS for k in game.state.starfish_to_score[step.player])


def _ask_starfish(game: Game[Any], rng: random.Random) -> Asked | None:
    s = game.state
    mover = game.current_player
    assert mover is not None
    card = rng.choice(sorted({k for k in s.starfish_to_score[mover] if EFFECT[k] in POINT_CARDS}))
    move = Move("score", CARD_KINDS[card].code)

    def find(table: Game[Any]) -> Found:
        events = Tryout(table).play(move)
        scored = next(e for e in events if e.kind == "sf_points")   # this card's, first
        return Found(str(scored.param("count")), (scored,))

    points = int(find(game).value)
    return Asked(_msg("starfish.prompt", player=game.players[mover], card=CARD[card]),
                 number_choices(numbers_near(points, rng, (-3, -2, -1, 1, 2, 3))),
                 by_value(find), _msg("starfish.reason"), seat=mover,
                 section=Section.STARFISH_SCORING)


# ---- the final scoring -------------------------------------------------------------------
def _over(game: Game[Any]) -> bool:
    return game.is_over


def _final_events(table: Game[Any], kind: str, name: str) -> tuple[Event, ...]:
    """The events of the final scoring of ``kind`` that name ``name``: read from the last
    steps of the game, where the final scoring is (read in order: the narrator tells the
    steps after one another at the cost of one pass of the rules each), and from what
    the rules did before the first step of a table set up at the scoring (``opening``)."""
    last = 4
    while True:
        start = max(0, len(table.log) - last)
        events = [e for batch in table.log[start:] for e in batch]
        if start == 0:
            events = [*getattr(table, "opening", ()), *events]
        if start == 0 or any(e.kind == "end" for e in events):
            return tuple(e for e in events if e.kind == kind and e.param("player") == name)
        last *= 4


def _scored(kind: str, seat: int) -> Any:
    """The engine's points for ``seat`` in one step of the final scoring (0 if none)."""
    def find(table: Game[Any]) -> Found:
        told = _final_events(table, kind, table.players[seat])
        return Found(str(sum(int(e.param("count")) for e in told)), told)

    return find


def _ask_diver_score(game: Game[Any], rng: random.Random) -> Asked | None:
    s = game.state
    divers = [p for p, r in enumerate(s.diver) if r >= 0]
    if not divers:
        return None
    seat = rng.choice(divers)
    reef = s.diver[seat]
    find = _scored("diver_score", seat)
    points = int(find(game).value)
    spaces = s.board[reef * SPACES:(reef + 1) * SPACES]
    dice = sum(1 for x in spaces if x >= 0)            # one point per die: a slip
    values = {points, *numbers_near(points, rng, (-2, -1, 1, 3), count=3), dice}
    return Asked(_msg("diver_score.prompt", player=game.players[seat], reef=REEF[reef]),
                 number_choices(sorted(values)), by_value(find),
                 _msg("diver_score.reason"), section=Section.DIVER_SCORING)


def _ask_fish(game: Game[Any], rng: random.Random) -> Asked | None:
    s = game.state
    holders = [p for p, hand in enumerate(s.hands) if any(CARD_KINDS[k].fish for k in hand)]
    if not holders:
        return None
    seat = rng.choice(holders)
    fish = [CARD_KINDS[k].fish for k in s.hands[seat] if CARD_KINDS[k].fish]
    find = _scored("fish_score", seat)
    points = int(find(game).value)
    one_set = FISH_SET_POINTS[len(set(fish))]          # the duplicates forgotten
    values = {points, one_set, 3 * len(fish),
              *numbers_near(points, rng, (-4, -1, 2, 5), count=2)}
    return Asked(_msg("fish.prompt", player=game.players[seat],
                      cards=tuple(CARD[k] for k in sorted(s.hands[seat])
                                  if CARD_KINDS[k].fish)),
                 number_choices(sorted(values)),
                 by_value(find), _msg("fish.reason"), section=Section.FISH_SCORING)


def _ask_pearls(game: Game[Any], rng: random.Random) -> Asked | None:
    s = game.state
    holders = [p for p, hand in enumerate(s.hands) if any(PEARL_VALUE[k] for k in hand)]
    if not holders:
        return None
    seat = rng.choice(holders)
    pearls = sorted((PEARL_VALUE[k] for k in s.hands[seat] if PEARL_VALUE[k]), reverse=True)
    find = _scored("pearl_score", seat)
    points = int(find(game).value)
    values = {points, sum(pearls), sum(pearls[:4]), sum(pearls[:2]), pearls[0]}
    if len(values) < 3:
        values |= set(numbers_near(points, rng, (-2, -1, 1, 2), count=3))
    return Asked(_msg("pearl.prompt", player=game.players[seat],
                      values=tuple(str(v) for v in pearls)),
                 number_choices(sorted(values)), by_value(find), _msg("pearl.reason"),
                 section=Section.PEARL_SCORING)


KINDS = (
    Kind("die_place", Section.COURSE_OF_THE_GAME, _placing, _ask_place, spread=10),
    Kind("octopus_points", Section.OCTOPUS, _octopus_ready, _ask_octopus, spread=3),
    Kind("island_octopus", Section.OCTOPUS_ISLAND, _island_ready, _ask_island, spread=3),
    Kind("diver_move", Section.DIVER, _diver_ready, _ask_diver, spread=3),
    Kind("turtle_lock", Section.LOCK_IN, _locking, _ask_lock, spread=4),
    Kind("starfish_points", Section.STARFISH_SCORING, _scoring_starfish, _ask_starfish,
         spread=1),
    Kind("diver_score", Section.DIVER_SCORING, _over, _ask_diver_score, spread=1,
         hides=("scores",)),
    Kind("fish_score", Section.FISH_SCORING, _over, _ask_fish, spread=1,
         hides=("scores",)),
    Kind("pearl_score", Section.PEARL_SCORING, _over, _ask_pearls, spread=1,
         hides=("scores",)),
)
PRACTICE = Practice(KINDS)
