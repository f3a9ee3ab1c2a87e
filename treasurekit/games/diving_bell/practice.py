"""Diving Bell practice: the kinds of question asked on tables of seeded games.

Each kind looks at a table of a real playout (``when``), asks its question there
(``ask``) and plays every choice on a copy of the table (``Tryout``): the engine says
which choice is right (see ``core/practice.py``).

>>> import treasurekit as tk
>>> q = tk.practice("diving_bell", seed=1, kind="burst_card")
>>> q.section.key in ("burst", "beginner", "advanced"), q.check(q.answer).right
(True, True)
"""

from __future__ import annotations

import random
from typing import Any

from ...core.events import Event
from ...core.game import Game
from ...core.i18n import Percent
from ...core.moves import Move
from ...core.practice import (
    Asked,
    Found,
    Kind,
    Practice,
    Trial,
    Tryout,
    by_value,
    number_choices,
    numbers_near,
)
from ...core.teaching import Msg
from .cards import ALL_CARDS, CODES, KRAKENS_TO_BURST, PILES, Section, card_by_code
from .odds import best_division

G = "diving_bell"
DRAW = Move("draw")
BURSTS = ("burst", "kraken_burst")


def _msg(key: str, **params: Any) -> Msg:
    return Msg.of(f"practice.{G}.{key}", **params)


def _card(code: str) -> Msg:
    """A card by name and pressure dots (two cards of a name may differ in dots)."""
    card = card_by_code(code)
    if not card.is_treasure:
        return _msg("special", card=card)
    return _msg("card", card=card, dots=card.pressure)


def _name(game: Game[Any], seat: int) -> str:
    return game.players[seat]


def policy(game: Game[Any], rng: random.Random) -> Move:
    """Playouts dive deeper than a coin toss would (three draws in four), so that dives
    come near the burst, then decide at random."""
    legal = game.legal_moves()
    if DRAW in legal and rng.random() < 0.75:
        return DRAW
    return rng.choice(legal)


def _diving(game: Game[Any]) -> bool:
    s = game.state
    return bool(s.phase == "dive" and s.draws_left > 0)


def _would_burst(game: Game[Any], code: str) -> bool:
    """Whether ``code`` as the next card ends the dive in a burst (read off its printed
    dots; the trial asks the engine)."""
    s, card = game.state, card_by_code(code)
    if card.kind == "kraken":
        return bool(s.krakens + 1 >= KRAKENS_TO_BURST)
    return card.kind != "airpocket" and s.pressure + card.pressure >= s.limit


def _burst_section(game: Game[Any], code: str) -> Section:
    if card_by_code(code).kind == "kraken":
        return Section.ADVANCED
    return Section.BEGINNER if game.variant == "beginner" else Section.BURST


# ---- which card would burst the dive -----------------------------------------------------
def _near_burst(game: Game[Any]) -> bool:
    s = game.state
    return _diving(game) and bool(s.row) and s.pressure + 3 >= s.limit


def _ask_burst_card(game: Game[Any], rng: random.Random) -> Asked | None:
    s = game.state
    codes = sorted(code for code, k in s.counts.items() if k)
    bursting = [c for c in codes if _would_burst(game, c)]
    safe = [c for c in codes if not _would_burst(game, c)]
    if not bursting or not safe:
        return None
    right = rng.choice(bursting)
    # the wrong choices come near: the safe cards with the most dots first
    safe.sort(key=lambda c: (-card_by_code(c).pressure, rng.random()))
    choices = [right, *safe[:3]]
    rng.shuffle(choices)

    def trial(table: Game[Any], code: str) -> Trial:
        events = Tryout(table).play(DRAW, Move("reveal", code))
        return Trial(any(e.kind in BURSTS for e in events), tuple(events))

    diver = _name(game, s.diver)
    return Asked(_msg("burst_card.prompt", player=diver, pressure=s.pressure, limit=s.limit),
                 tuple((c, _card(c)) for c in choices), trial,
                 _msg("burst_card.reason", limit=s.limit, pressure=s.pressure),
                 seat=s.diver, section=_burst_section(game, right))


# ---- the pressure after the next card ----------------------------------------------------
def _ask_pressure(game: Game[Any], rng: random.Random) -> Asked | None:
    s = game.state
    codes = sorted(c for c, k in s.counts.items()
                   if k and c != "kraken" and not _would_burst(game, c))
    if not codes:
        return None
    code = rng.choice(codes)

    def find(table: Game[Any]) -> Found:
        events = Tryout(table).play(DRAW, Move("reveal", code))
        shown = next(e for e in events if e.kind in ("reveal", "airpocket"))
        return Found(str(shown.param("pressure")), tuple(events))

    value = int(find(game).value)
    card = card_by_code(code)
    section = Section.ADVANCED if card.kind == "airpocket" else Section.DIVE
    return Asked(_msg("pressure.prompt", player=_name(game, s.diver), pressure=s.pressure,
                      card=_card(code)),
                 number_choices(numbers_near(value, rng)), by_value(find),
                 _msg("pressure.reason"), seat=s.diver, section=section)


# ---- the risk of the next card -----------------------------------------------------------
def _risky(game: Game[Any]) -> bool:
    if not _near_burst(game):
        return False
    codes = [c for c, k in game.state.counts.items() if k]
    hits = sum(_would_burst(game, c) for c in codes)
    return 0 < hits < len(codes)


def _burst_count(game: Game[Any]) -> tuple[int, int, tuple[Event, ...]]:
    """(unseen cards that would burst the dive, unseen cards, the events of drawing and of
    one bursting card): every outcome of the draw played on a copy of the table."""
    t = Tryout(game)
    t.play(DRAW)
    unseen = len(t.state.unseen)
    hits = 0
    example: tuple[Event, ...] = ()
    for outcome, p in t.chance_outcomes():
        events = t.copy().play(outcome)
        if any(e.kind in BURSTS for e in events):
            hits += round(p * unseen)
            example = example or tuple(events)
    return hits, unseen, (*t.events, *example)


def _ask_risk(game: Game[Any], rng: random.Random) -> Asked | None:
    s = game.state
    hits, unseen, _ = _burst_count(game)

    def find(table: Game[Any]) -> Found:
        k, n, events = _burst_count(table)
        return Found(str(k), events, _msg("risk.result", k=k, n=n,
                                          share=Percent(k / n, 0)))

    wrong = [k for k in {hits - 2, hits - 1, hits + 1, hits + 2, unseen - hits, 2 * hits,
                         hits // 2} if 0 <= k <= unseen and k != hits]
    values = sorted([hits, *rng.sample(sorted(wrong), min(3, len(wrong)))])
    choices = tuple((str(k), _msg("share", share=Percent(k / unseen, 0))) for k in values)
    return Asked(_msg("risk.prompt", player=_name(game, s.diver), pressure=s.pressure,
                      limit=s.limit, n=unseen),
                 choices, by_value(find), _msg("risk.reason", limit=s.limit),
                 seat=s.diver, section=Section.BURST)


# ---- where the next card may go after a burst --------------------------------------------
def _dividing_burst(game: Game[Any]) -> bool:
    s = game.state
    return bool(s.phase == "divide" and s.burst)


def _ask_split(game: Game[Any], rng: random.Random) -> Asked | None:
    s = game.state
    n = len(s.treasures())

    def find(table: Game[Any]) -> Found:
        open_piles, events = "", []
        for pile in PILES:
            t = Tryout(table)
            if t.tries(Move("to", pile)):
                open_piles += pile
                events += t.events
        division = table.state.division
        return Found(open_piles, tuple(events),
                     _msg("split.result", a=division.count(0), b=division.count(1),
                          n=n, cap=(n + 1) // 2))

    choices = tuple((ids, _msg(f"split.{ids}")) for ids in ("A", "B", "AB"))
    divider = 1 - s.diver
    card = ALL_CARDS[s.treasures()[len(s.division)]]
    return Asked(_msg("split.prompt", player=_name(game, divider), card=card, n=n),
                 choices, by_value(find), _msg("split.reason"), seat=divider)


# ---- the best division -------------------------------------------------------------------
def _dividing_free(game: Game[Any]) -> bool:
    s = game.state
    return bool(s.phase == "divide" and not s.burst and not s.division
                and 2 <= len(s.treasures()) <= 7)


def _lead(game: Game[Any], assignment: str) -> tuple[int, tuple[Event, ...], str, int, int]:
    """The diver's lead (points gained minus the divider's) when the divider splits by
    ``assignment`` (a pile per treasure) and the diver takes the better pile; with the
    events, the pile taken and both gains."""
    t = Tryout(game)
    t.play(*(Move("to", p) for p in assignment))
    diver = game.state.diver
    before = t.scores()
    best: tuple[int, tuple[Event, ...], str, int, int] | None = None
    for pile in PILES:
        u = t.copy()
        u.play(Move("take", pile))
        after = u.scores()
        gain, other = after[diver] - before[diver], after[1 - diver] - before[1 - diver]
        found = (gain - other, (*t.events, *u.events), pile, gain, other)
        if best is None or found[0] > best[0]:
            best = found
    assert best is not None
    return best


def _ask_division(game: Game[Any], rng: random.Random) -> Asked | None:
    s = game.state
    codes = [CODES[i] for i in s.treasures()]
    piles = [[CODES[i] for i in pile] for pile in s.piles]
    best = "".join(best_division(codes, piles[s.diver], piles[1 - s.diver],
                                 burst=False).assignment)
    others = {"A" + "".join(rng.choice(PILES) for _ in codes[1:]) for _ in range(12)}
    lead = _lead(game, best)[0]
    worse = sorted(a for a in others if a != best and _lead(game, a)[0] > lead)
    if not worse:
        return None
    options = [best, *rng.sample(worse, min(3, len(worse)))]
    rng.shuffle(options)

    def find(table: Game[Any]) -> Found:
        leads = {a: _lead(table, a) for a in options}
        smallest = min(leads, key=lambda a: leads[a][0])
        value, events, pile, gain, other = leads[smallest]
        return Found(smallest, events, _msg("division.result", player=diver, pile=pile,
                                            gain=gain, other=other, lead=value))

    def label(assignment: str) -> Msg:
        return _msg("division.choice",
                    a=tuple(card_by_code(c) for c, p in zip(codes, assignment, strict=True)
                            if p == "A"),
                    b=tuple(card_by_code(c) for c, p in zip(codes, assignment, strict=True)
                            if p == "B"))

    diver, divider = _name(game, s.diver), _name(game, 1 - s.diver)
    return Asked(_msg("division.prompt", player=divider, diver=diver, n=len(codes)),
                 tuple((a, label(a)) for a in options), by_value(find),
                 _msg("division.reason", diver=diver), seat=1 - s.diver)


# ---- who chooses first -------------------------------------------------------------------
def _choosing(game: Game[Any]) -> bool:
    return bool(game.state.phase == "choose")


def _ask_chooser(game: Game[Any], rng: random.Random) -> Asked | None:
    s = game.state

    def find(table: Game[Any]) -> Found:
        t = Tryout(table)
        chooser = t.current_player
        t.play(Move("take", PILES[0]))
        return Found(str(chooser), tuple(t.events))

    diver = _name(game, s.diver)
    key = "chooser.prompt_burst" if s.burst else "chooser.prompt"
    return Asked(_msg(key, player=diver, pressure=s.pressure, limit=s.limit),
                 tuple((str(p), Msg.of("practice.player", player=name))
                       for p, name in enumerate(game.players)),
                 by_value(find), _msg("chooser.reason"),
                 section=Section.BURST if s.burst else Section.CHOOSE)


# ---- the points a pile brings ------------------------------------------------------------
def _ask_gain(game: Game[Any], rng: random.Random) -> Asked | None:
    s = game.state
    pile = rng.choice(PILES)
    chooser = game.current_player
    assert chooser is not None

    def find(table: Game[Any]) -> Found:
        t = Tryout(table)
        before = t.scores()[chooser]
        t.play(Move("take", pile))
        after = t.scores()[chooser]
        return Found(str(after - before), tuple(t.events),
                     _msg("gain.result", player=name, before=before, after=after))

    name = _name(game, chooser)
    gain = int(find(game).value)
    taken = [ALL_CARDS[i] for i in s.on_pile(PILES.index(pile))]
    face = sum(c.value for c in taken)
    values = numbers_near(gain, rng, (-3, -2, -1, 1, 2, 4), low=-40, count=3)
    values = sorted({*values, face})
    return Asked(_msg("gain.prompt", player=name, pile=pile), number_choices(values),
                 by_value(find), _msg("gain.reason"), seat=chooser)


# ---- the final score ---------------------------------------------------------------------
def _over(game: Game[Any]) -> bool:
    return game.is_over


def _ask_final(game: Game[Any], rng: random.Random) -> Asked | None:
    seat = rng.randrange(len(game.players))
    cards = [ALL_CARDS[i] for i in game.state.piles[seat]]
    if not cards:
        return None

    def find(table: Game[Any]) -> Found:
        score = table.scores()[seat]
        return Found(str(score), tuple(table.log[-1]) if table.log else (),
                     _msg("final.result", player=table.players[seat], score=score))

    score = int(find(game).value)
    face = sum(c.value for c in cards)          # the cards' values without the bonuses
    values = numbers_near(score, rng, (-5, -3, -2, 2, 3, 5), low=-40, count=3)
    return Asked(_msg("final.prompt", player=_name(game, seat), n=len(cards)),
                 number_choices(sorted({*values, face})), by_value(find),
                 _msg("final.reason"))


KINDS = (
    Kind("burst_card", Section.BURST, _near_burst, _ask_burst_card,
         variants=("standard", "beginner", "advanced")),
    Kind("pressure", Section.DIVE, _diving, _ask_pressure,
         variants=("standard", "advanced"), spread=12),
    Kind("burst_risk", Section.BURST, _risky, _ask_risk,
         variants=("standard", "beginner", "advanced")),
    Kind("burst_split", Section.BURST, _dividing_burst, _ask_split, spread=3),
    Kind("best_division", Section.DIVIDE, _dividing_free, _ask_division),
    Kind("chooser", Section.CHOOSE, _choosing, _ask_chooser, spread=6),
    Kind("pile_gain", Section.SCORING, _choosing, _ask_gain, spread=12),
    Kind("final_score", Section.FINAL_SCORING, _over, _ask_final, spread=1,
         hides=("scores",)),
)
PRACTICE = Practice(KINDS, policy)
