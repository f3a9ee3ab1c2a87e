"""Sea or Shore practice: the kinds of question asked on tables of seeded games.

Most questions are asked as a trick ends: the last player's play is named, and the
question is about what the rules make of the trick (asked of the whole table, as a
spectator sees it after the covers come off). The engine plays that card on a copy of
the table (``Tryout``) and its events give the answer (see ``core/practice.py``).

>>> import treasurekit as tk
>>> q = tk.practice("sea_or_shore", seed=2, kind="colour_winner")
>>> q.seat is None and q.check(q.answer).right
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
    Trial,
    Tryout,
    by_value,
    number_choices,
    numbers_near,
)
from ...core.teaching import Msg
from .cards import MAX_VALUE, Section, island
from .tables import PLAYS

G = "sea_or_shore"
NOBODY = "none"


def _msg(key: str, **params: Any) -> Msg:
    return Msg.of(f"practice.{G}.{key}", **params)


def _player(name: str) -> Msg:
    return Msg.of("practice.player", player=name)


def play_label(move: Move) -> Msg:
    """A play in words: the card, the half left showing, the addition cards."""
    play = PLAYS[move.arg]
    side = play.played.shows
    if play.adds:
        return _msg(f"play.{side}_adds", card=play.card, adds=play.adds)
    return _msg(f"play.{side}", card=play.card)


def _after(game: Game[Any], move: Move) -> tuple[Tryout, list[Event]]:
    """The table after ``move`` on a copy, and the events of the move."""
    t = Tryout(game)
    return t, t.play(move)


def _seat(game: Game[Any], name: object) -> int:
    return game.players.index(str(name))


def _last_play(game: Game[Any]) -> bool:
    """The last player of a trick is to play: the covers come off after this card."""
    if game.is_chance or game.is_over:
        return False
    steps = game.state.steps
    return bool(steps[0].kind == "play" and len(steps) > 1 and steps[1].kind == "reveal")


def _last_move(game: Game[Any], rng: random.Random) -> Move:
    """The play the question names: one of the last player's legal plays."""
    return rng.choice(game.legal_moves())


def _trick(game: Game[Any], move: Move) -> dict[str, Any]:
    """The parameters every end-of-trick prompt names: the player and the play."""
    mover = game.current_player
    assert mover is not None
    return {"player": game.players[mover], "play": play_label(move)}


def _picked(game: Game[Any], rng: random.Random,
            kinds: tuple[str, ...]) -> tuple[Move, list[Event], Event] | None:
    """The last play a question names, the events of the trick it ends, and one of
    those events of ``kinds`` to ask about (None when the trick tells none)."""
    move = _last_move(game, rng)
    _, events = _after(game, move)
    found = [e for e in events if e.kind in kinds]
    if not found:
        return None
    return move, events, rng.choice(found)


def _colour_of(events: list[Event], name: str) -> str:
    """The colour of the card ``name`` revealed (a colour letter)."""
    return next(str(e.param("card").colour) for e in events
                if e.kind == "reveal" and e.param("player") == name)


def _members(game: Game[Any], events: list[Event], colour: str) -> list[int]:
    """The seats that played a card of ``colour`` (two letters: merged colours)."""
    colours = colour.split("/")
    return [p for p, name in enumerate(game.players) if _colour_of(events, name) in colours]


# ---- which card may be passed ------------------------------------------------------------
def _passing(game: Game[Any]) -> bool:
    return not game.is_chance and not game.is_over and game.state.steps[0].kind == "pass"


def _ask_pass(game: Game[Any], rng: random.Random) -> Asked | None:
    s = game.state
    passer = s.steps[0].player
    legal = [m.arg for m in game.legal_moves()]
    hand = s.hands[passer]
    # the wrong choices: the highest card of a smaller colour, then the next highest cards
    wrong = sorted((c for c in hand if c not in legal),
                   key=lambda c: (-island(c).value, rng.random()))
    if not wrong:
        return None
    right = rng.choice(legal)
    choices = [right, *wrong[:3]]
    rng.shuffle(choices)

    def trial(table: Game[Any], card: str) -> Trial:
        t = Tryout(table)
        return Trial(t.tries(Move("pass", card)), tuple(t.events[:1]), refusal=t.refused)

    return Asked(_msg("pass.prompt", player=game.players[passer]),
                 tuple((c, _msg("card", card=island(c))) for c in choices), trial,
                 _msg("pass.reason"), seat=passer)


# ---- which play the addition cards allow -------------------------------------------------
def _adding(game: Game[Any]) -> bool:
    if game.is_chance or game.is_over or game.state.steps[0].kind != "play":
        return False
    s = game.state
    return bool(s.additions[s.steps[0].player] > 0)


def _ask_addition(game: Game[Any], rng: random.Random) -> Asked | None:
    s = game.state
    mover = s.steps[0].player
    held = s.additions[mover]
    legal = [m for m in game.legal_moves() if PLAYS[m.arg].adds]
    if not legal:
        return None
    right = rng.choice(legal)
    # plays the rules refuse: one or two addition cards more than held, or past 12
    sides = ("sea", "shore")
    wrong = {f"{c}/{sides[(i + a) % 2]}+{a}" for i, c in enumerate(s.hands[mover])
             for a in (held + 1, held + 2) if island(c).value + a <= MAX_VALUE}
    wrong |= {f"{c}/{sides[(i + a) % 2]}+{a}" for i, c in enumerate(s.hands[mover])
              for a in range(1, held + 1) if island(c).value + a > MAX_VALUE}
    if not wrong:
        return None
    options = [right, *(Move("play", w) for w in rng.sample(sorted(wrong),
                                                             min(3, len(wrong))))]
    rng.shuffle(options)

    def label(move: Move) -> Msg:
        card, rest = move.arg.split("/")
        side, adds = rest.split("+")
        return _msg(f"play.{side}_adds", card=island(card), adds=int(adds))

    def trial(table: Game[Any], arg: str) -> Trial:
        t = Tryout(table)
        return Trial(t.tries(Move("play", arg)), tuple(t.events[:1]), refusal=t.refused)

    return Asked(_msg("addition.prompt", player=game.players[mover], held=held),
                 tuple((m.arg, label(m)) for m in options), trial,
                 _msg("addition.reason", most=MAX_VALUE), seat=mover)


# ---- who wins a colour -------------------------------------------------------------------
def _ask_winner(game: Game[Any], rng: random.Random) -> Asked | None:
    move = _last_move(game, rng)
    _, events = _after(game, move)
    contested = [e for e in events if e.kind in ("win_treasure", "win_action")
                 and len(_members(game, events, str(e.param("colour")))) > 1]
    if not contested:
        return None
    colour = rng.choice(contested).param("colour")

    def find(table: Game[Any]) -> Found:
        _, told = _after(table, move)
        won = next(e for e in told if e.kind in ("win_treasure", "win_action")
                   and e.param("colour") == colour)
        shown = tuple(e for e in told if e.kind in ("reveal", "merged", "tie_win"))
        return Found(str(_seat(table, won.param("player"))), (*shown, won))

    section = Section.WIN
    if "/" in str(colour):
        section = Section.EXCEPTION
    elif any(e.kind == "tie_win" and e.param("colour") == colour for e in events):
        section = Section.TIE
    members = _members(game, events, str(colour))
    return Asked(_msg("winner.prompt", colour=colour, **_trick(game, move)),
                 tuple((str(p), _player(game.players[p])) for p in members),
                 by_value(find), _msg("winner.reason"), section=section)


# ---- what the winner of a colour gets ----------------------------------------------------
PRIZES = {"win_treasure": "treasure", "win_action": "action"}


def _ask_prize(game: Game[Any], rng: random.Random) -> Asked | None:
    picked = _picked(game, rng, tuple(PRIZES))
    if picked is None:
        return None
    move, _, event = picked
    colour = event.param("colour")
    winner = _seat(game, event.param("player"))
    prize = PRIZES[event.kind]
    other = "action" if prize == "treasure" else "treasure"
    rivals = [p for p in range(len(game.players)) if p != winner]
    rng.shuffle(rivals)
    options = [f"{winner}:{prize}", f"{winner}:{other}", f"{rivals[0]}:{prize}",
               f"{rivals[1]}:{other}"]
    rng.shuffle(options)

    def find(table: Game[Any]) -> Found:
        _, told = _after(table, move)
        got = next(e for e in told if e.kind in PRIZES and e.param("colour") == colour)
        return Found(f"{_seat(table, got.param('player'))}:{PRIZES[got.kind]}",
                     tuple(e for e in told if e.kind in ("reveal", "merged", "tie_win"))
                     + (got,))

    def label(option: str) -> Msg:
        seat, what = option.split(":")
        return _msg(f"prize.{what}", player=game.players[int(seat)])

    return Asked(_msg("prize.prompt", colour=colour, **_trick(game, move)),
                 tuple((o, label(o)) for o in options), by_value(find),
                 _msg("prize.reason"),
                 section=Section.ACTIVATE if prize == "action" else Section.WIN)


# ---- whose treasure may be stolen --------------------------------------------------------
def _steal_targets(table: Tryout) -> tuple[int, int, list[int]] | None:
    """(winner, colour index, seats the winner may steal from) at the first treasure step
    that waits for the winner's choice, or None when no such step waits."""
    if table.is_chance or table.is_over:
        return None
    step = table.state.steps[0]
    if step.kind != "treasure":
        return None
    targets = [int(m.arg) for m in table.legal_moves() if m.kind == "steal"]
    return step.player, step.colour, targets


def _ask_steal(game: Game[Any], rng: random.Random) -> Asked | None:
    move = _last_move(game, rng)
    t, events = _after(game, move)
    waiting = _steal_targets(t)
    if waiting is not None:
        winner, colour_index, targets = waiting
        if len(targets) > 1:
            return None
        colour = next(e.param("colour") for e in events if e.kind == "win_treasure"
                      and e.param("player") == game.players[winner])
    else:
        taken = [e for e in events if e.kind == "win_treasure"]
        if not taken or rng.random() < 0.6:     # mostly ask where a steal is possible
            return None
        event = rng.choice(taken)
        winner, colour = _seat(game, event.param("player")), event.param("colour")

    def find(table: Game[Any]) -> Found:
        after, told = _after(table, move)
        found = _steal_targets(after)
        victims = found[2] if found is not None and found[0] == winner else []
        value = str(victims[0]) if victims else NOBODY
        shown = [e for e in told if e.kind in ("reveal", "win_treasure", "take")]
        if victims:
            shown += after.play(Move("steal", value))
        return Found(value, tuple(shown))

    options = [str(p) for p in range(len(game.players)) if p != winner] + [NOBODY]
    return Asked(_msg("steal.prompt", winner=game.players[winner], colour=colour,
                      **_trick(game, move)),
                 tuple((o, _msg("steal.nobody") if o == NOBODY
                        else _msg("steal.from", player=game.players[int(o)]))
                       for o in options),
                 by_value(find), _msg("steal.reason"), section=Section.STEAL)


# ---- who earns addition cards ------------------------------------------------------------
EARNS = ("earn", "earn_short")


def _ask_earned(game: Game[Any], rng: random.Random) -> Asked | None:
    picked = _picked(game, rng, EARNS)
    if picked is None:
        return None
    move, events, event = picked
    colour = event.param("colour")
    seat, count = _seat(game, event.param("player")), int(event.param("earned"))
    members = _members(game, events, str(colour))
    options = {(seat, count), (seat, count + 1), *((p, count) for p in members)}
    if count > 1:
        options.add((seat, count - 1))
    chosen = [(seat, count), *rng.sample(sorted(options - {(seat, count)}),
                                         min(3, len(options) - 1))]
    rng.shuffle(chosen)

    def find(table: Game[Any]) -> Found:
        _, told = _after(table, move)
        got = next(e for e in told if e.kind in EARNS and e.param("colour") == colour)
        shown = tuple(e for e in told if e.kind in ("reveal", "tie_low"))
        return Found(f"{_seat(table, got.param('player'))}:{got.param('earned')}",
                     (*shown, got))

    return Asked(_msg("earned.prompt", colour=colour, **_trick(game, move)),
                 tuple((f"{p}:{n}", _msg("earned.choice", player=game.players[p], n=n))
                       for p, n in chosen),
                 by_value(find), _msg("earned.reason"), section=Section.LOSE)


# ---- where stolen addition cards come from -----------------------------------------------
PILE = "pile"


def _ask_rob(game: Game[Any], rng: random.Random) -> Asked | None:
    picked = _picked(game, rng, ("rob", "rob_pile"))
    if picked is None:
        return None
    move, _, robbed = picked
    robber = _seat(game, robbed.param("player"))

    def find(table: Game[Any]) -> Found:
        _, told = _after(table, move)
        got = next(e for e in told if e.kind in ("rob", "rob_pile"))
        value = PILE if got.kind == "rob_pile" else str(_seat(table, got.param("victim")))
        won = tuple(e for e in told if e.kind == "win_action"
                    and e.param("player") == got.param("player"))
        return Found(value, (*won, got))

    options = [str(p) for p in range(len(game.players)) if p != robber] + [PILE]
    return Asked(_msg("rob.prompt", robber=game.players[robber], **_trick(game, move)),
                 tuple((o, _msg("rob.pile") if o == PILE
                        else _msg("rob.from", player=game.players[int(o)]))
                       for o in options),
                 by_value(find), _msg("rob.reason"), section=Section.ACTION_ADDITIONS)


# ---- the points of a round ---------------------------------------------------------------
def _over(game: Game[Any]) -> bool:
    return game.is_over


def _ask_round(game: Game[Any], rng: random.Random) -> Asked | None:
    s = game.state
    seat = rng.randrange(len(game.players))
    treasure = sum(int(card[1:]) for card in s.piles[seat])
    additions = s.additions[seat]

    def find(table: Game[Any]) -> Found:
        name = table.players[seat]
        told = tuple(e for e in (table.log[-1] if table.log else ())
                     if e.kind == "round_score" and e.param("player") == name)
        return Found(str(table.state.round_scores[-1][seat]), told)

    total = int(find(game).value)
    values = set(numbers_near(total, rng, (-2, -1, 1, 2), count=3))
    values |= {treasure, treasure + additions}     # no additions; one point per card
    return Asked(_msg("round.prompt", player=game.players[seat]),
                 number_choices(sorted(values)), by_value(find), _msg("round.reason"),
                 section=Section.GAME_END)


KINDS = (
    Kind("pass_card", Section.SETUP, _passing, _ask_pass, spread=2),
    Kind("addition_play", Section.ADDITIONS, _adding, _ask_addition, spread=8),
    Kind("colour_winner", Section.WIN, _last_play, _ask_winner, spread=6),
    Kind("colour_prize", Section.WIN, _last_play, _ask_prize, spread=6),
    Kind("steal_from", Section.STEAL, _last_play, _ask_steal, spread=3),
    Kind("additions_earned", Section.LOSE, _last_play, _ask_earned, spread=6),
    Kind("rob_from", Section.ACTION_ADDITIONS, _last_play, _ask_rob, spread=2,
         variants=("standard", "additions-salvage")),
    Kind("round_score", Section.GAME_END, _over, _ask_round, spread=1,
         hides=("scores",)),
)
PRACTICE = Practice(KINDS)
