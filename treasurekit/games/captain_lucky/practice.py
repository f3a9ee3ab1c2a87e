"""Captain Lucky practice: the kinds of question asked on tables of seeded games.

Each kind looks at a table of a real playout, asks its question there and plays every
choice on a copy of the table (``Tryout``): the engine says which choice is right (see
``core/practice.py``). A question asked from the player to move uses nothing of the
others' hands.

>>> import treasurekit as tk
>>> q = tk.practice("captain_lucky", seed=4, kind="place_sets")
>>> q.check(q.answer).right, len(q.choices) >= 2
(True, True)
"""

from __future__ import annotations

import random
from typing import Any

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
from .cards import MIDDLE, PIRATE, SET_SIZE, TREASURES, TYPES, Section, Sets, set_sizes

G = "captain_lucky"


def _msg(key: str, **params: Any) -> Msg:
    return Msg.of(f"practice.{G}.{key}", **params)


def _sets_id(sizes: list[int] | tuple[int, ...]) -> str:
    return "+".join(map(str, sizes))


def _sets_choice(sizes: tuple[int, ...]) -> tuple[str, Msg]:
    return _sets_id(sizes), _msg("sets", sets=Sets(sizes))


def _wrong_sets(old: int, added: int) -> set[tuple[int, ...]]:
    """Plausible wrong ways for ``old`` cards of a type and ``added`` more to lie: kept
    apart, in one heap past five, split evenly."""
    total = old + added
    out = {tuple(sorted(set_sizes(old) + set_sizes(added), reverse=True))}
    if total > SET_SIZE:
        out.add((total,))
    if total >= 2:
        out.add(((total + 1) // 2, total // 2))
    if total > SET_SIZE + 1:
        out.add((SET_SIZE, 1, total - SET_SIZE - 1))
    return out


def _phase(game: Game[Any], *phases: str) -> bool:
    return bool(game.state.phase in phases)


def _owner(game: Game[Any], owner: int) -> Msg:
    if owner == MIDDLE:
        return _msg("middle")
    return _msg("in_front", player=game.players[owner])


# ---- how placed cards lie ----------------------------------------------------------------
def _placing(game: Game[Any]) -> bool:
    return _phase(game, "place")


def _ask_place(game: Game[Any], rng: random.Random) -> Asked | None:
    s = game.state
    move = rng.choice(game.legal_moves())
    kind, n = move.arg.rsplit("-", 1)
    t, added = TYPES.index(kind), int(n)
    old = s.middle[t]

    def find(table: Game[Any]) -> Found:
        tried = Tryout(table)
        events = tried.play(move)
        return Found(_sets_id(set_sizes(tried.state.middle[t])), tuple(events[:1]))

    right = tuple(set_sizes(old + added))
    options = [right, *rng.sample(sorted(_wrong_sets(old, added) - {right}),
                                  min(3, len(_wrong_sets(old, added) - {right})))]
    rng.shuffle(options)
    return Asked(_msg("place.prompt", player=game.players[s.turn], n=added,
                      type=TREASURES[t], old=old),
                 tuple(_sets_choice(o) for o in options), by_value(find),
                 _msg("place.reason", most=SET_SIZE), seat=s.turn)


# ---- which set may be named --------------------------------------------------------------
def _targeting(game: Game[Any]) -> bool:
    return _phase(game, "target")


def _steal_label(game: Game[Any], owner: int, t: int, size: int) -> Msg:
    return _msg("target.choice", size=size, type=TREASURES[t], where=_owner(game, owner))


def _ask_target(game: Game[Any], rng: random.Random) -> Asked | None:
    s = game.state
    legal = game.targets(s)                              # type: ignore[attr-defined]
    right = rng.choice(legal)
    wrong: set[tuple[int, int, int]] = set()
    for owner in (MIDDLE, *range(len(game.players))):
        counts = s.middle if owner == MIDDLE else s.collections[owner]
        for t, count in enumerate(counts):
            if not count:
                continue
            if owner == s.turn:                          # your own set
                wrong.add((owner, t, set_sizes(count)[-1]))
            elif count > SET_SIZE:                       # the whole heap, past five
                wrong.add((owner, t, count))
            elif count > 1:                              # part of a set
                wrong.add((owner, t, count - 1))
    if not wrong:
        return None
    options = [right, *rng.sample(sorted(wrong), min(3, len(wrong)))]
    rng.shuffle(options)

    def move(option: tuple[int, int, int]) -> str:
        owner, t, size = option
        where = "middle" if owner == MIDDLE else f"p{owner}"
        return f"steal:{where}-{TYPES[t]}-{size}"

    def trial(table: Game[Any], choice: str) -> Trial:
        tried = Tryout(table)
        return Trial(tried.tries(choice), tuple(tried.events), refusal=tried.refused)

    return Asked(_msg("target.prompt", player=game.players[s.turn]),
                 tuple((move(o), _steal_label(game, *o)) for o in options), trial,
                 _msg("target.reason", most=SET_SIZE), seat=s.turn)


# ---- the chance of the first roll --------------------------------------------------------
def _first_roll(game: Game[Any]) -> bool:
    s = game.state
    return bool(s.phase == "roll" and s.rolling == "roll")


def _all_pirates(table: Game[Any]) -> Found:
    tried = Tryout(table)
    outcomes = tried.chance_outcomes()
    chance = sum(p for m, p in outcomes if set(m.arg) == {PIRATE})
    dice = len(outcomes[0][0].arg)
    events = tried.play(Move("roll", PIRATE * dice))
    return Found(f"{chance:.5f}", tuple(events),
                 _msg("chance.result", dice=dice, share=Percent(chance, 2)))


def _ask_chance(game: Game[Any], rng: random.Random) -> Asked | None:
    s = game.state
    owner, t, size = s.target
    chance = float(_all_pirates(game).value)
    # the chances of other numbers of dice, and of a single die (the learner's slips)
    shares = {chance, *(chance ** (j / size) for j in range(1, SET_SIZE + 1))}
    shares.add(min(0.99, chance * size))
    options = sorted(shares, reverse=True)
    rest = [x for x in options if f"{x:.5f}" != f"{chance:.5f}"]
    chosen = sorted([chance, *rng.sample(rest, min(3, len(rest)))], reverse=True)
    return Asked(_msg("chance.prompt", player=game.players[s.turn], size=size,
                      type=TREASURES[t], where=_owner(game, owner)),
                 tuple((f"{x:.5f}", _msg("share", share=Percent(x, 2))) for x in chosen),
                 by_value(_all_pirates), _msg("chance.reason"), seat=s.turn)


# ---- what may follow a failed roll -------------------------------------------------------
def _deciding(game: Game[Any]) -> bool:
    return _phase(game, "decide")


def _ask_reroll(game: Game[Any], rng: random.Random) -> Asked | None:
    s = game.state
    t = s.target[1]
    failed = s.failed()
    other = rng.choice([x for x in range(len(TYPES)) if x != t])
    options = [f"reroll:{TYPES[t]}", f"reroll:{TYPES[other]}", "bonus"]
    rng.shuffle(options)

    def trial(table: Game[Any], choice: str) -> Trial:
        tried = Tryout(table)
        return Trial(tried.tries(choice), tuple(tried.events), refusal=tried.refused)

    def label(option: str) -> Msg:
        if option == "bonus":
            return _msg("reroll.bonus", failed=failed)
        return _msg("reroll.cards", failed=failed,
                    type=TREASURES[TYPES.index(option.partition(":")[2])])

    bonus_left = not s.bonus_used[s.turn]
    return Asked(_msg("reroll.prompt", player=game.players[s.turn], failed=failed,
                      type=TREASURES[t]),
                 tuple((o, label(o)) for o in options), trial,
                 _msg("reroll.reason"), seat=s.turn,
                 section=Section.CAPTAIN_BONUS if bonus_left else Section.STEAL)


# ---- how a stolen set joins the collection -----------------------------------------------
def _ask_collection(game: Game[Any], rng: random.Random) -> Asked | None:
    s = game.state
    owner, t, size = s.target
    held = s.collections[s.turn][t]
    if not held:
        return None

    def find(table: Game[Any]) -> Found:
        tried = Tryout(table)
        events = tried.play(Move("roll", PIRATE * size))
        return Found(_sets_id(set_sizes(tried.state.collections[s.turn][t])), tuple(events))

    right = tuple(set_sizes(held + size))
    wrong = sorted(_wrong_sets(held, size) - {right})
    options = [right, *rng.sample(wrong, min(3, len(wrong)))]
    rng.shuffle(options)
    return Asked(_msg("collection.prompt", player=game.players[s.turn], size=size,
                      type=TREASURES[t], where=_owner(game, owner), held=held),
                 tuple(_sets_choice(o) for o in options), by_value(find),
                 _msg("collection.reason", most=SET_SIZE), seat=s.turn)


# ---- how many cards the refill brings ----------------------------------------------------
def _late_placing(game: Game[Any]) -> bool:
    return _placing(game) and sum(game.state.pile) < 5


def _ask_refill(game: Game[Any], rng: random.Random) -> Asked | None:
    s = game.state
    move = rng.choice(game.legal_moves())
    n = int(move.arg.rsplit("-", 1)[1])

    def find(table: Game[Any]) -> Found:
        tried = Tryout(table)
        events = tried.play(move)
        drawn = tried.state.to_draw if tried.state.phase == "refill" else 0
        return Found(str(drawn), tuple(events))

    drawn = int(find(game).value)
    values = sorted({drawn, n, *numbers_near(drawn, rng, (-2, -1, 1, 2), count=3)})
    return Asked(_msg("refill.prompt", player=game.players[s.turn], n=n,
                      type=TREASURES[int(TYPES.index(move.arg.rsplit("-", 1)[0]))],
                      hand=sum(s.hands[s.turn]), pile=sum(s.pile)),
                 number_choices(values), by_value(find), _msg("refill.reason"),
                 seat=s.turn)


# ---- how many turns are left -------------------------------------------------------------
def _announced(game: Game[Any]) -> bool:
    s = game.state
    return bool(s.end_announced and s.phase in ("place", "target"))


def _turns_left(table: Game[Any]) -> Found:
    """Play the game out on a copy (every roll blank, the last legal decision) and count
    the turns that begin after this one."""
    tried = Tryout(table)
    turns = 0
    while not tried.is_over:
        moves = tried.legal_moves()        # a blank roll, the first card, the last decision
        rolls_or_decides = tried.state.phase == "roll" or not tried.is_chance
        events = tried.play(moves[-1] if rolls_or_decides else moves[0])
        turns += sum(1 for e in events if e.kind in ("turn", "no_cards"))
    ends = tuple(e for e in tried.events if e.kind in ("turn", "no_cards", "round_over"))
    return Found(str(turns), ends)


def _ask_turns(game: Game[Any], rng: random.Random) -> Asked | None:
    s = game.state
    values = list(range(len(game.players)))
    return Asked(_msg("turns.prompt", player=game.players[s.turn],
                      heart=game.players[s.heart]),
                 number_choices(values), by_value(_turns_left),
                 _msg("turns.reason", heart=game.players[s.heart]))


# ---- the final score ---------------------------------------------------------------------
def _ask_score(game: Game[Any], rng: random.Random) -> Asked | None:
    s = game.state
    seat = rng.randrange(len(game.players))
    cards = sum(s.collections[seat])

    def find(table: Game[Any]) -> Found:
        name = table.players[seat]
        told = tuple(e for e in (table.log[-1] if table.log else ())
                     if e.kind == "score" and e.param("player") == name)
        return Found(str(table.scores()[seat]), told)

    score = int(find(game).value)
    values = sorted({score, cards, cards + 1, *numbers_near(score, rng, (-2, -1, 1, 2),
                                                            count=2)})
    return Asked(_msg("score.prompt", player=game.players[seat]),
                 number_choices(values), by_value(find), _msg("score.reason"))


def policy(game: Game[Any], rng: random.Random) -> Move:
    """Playouts mostly play to win after a failed roll (a re-roll or the captain bonus
    rather than stopping), so that sets change hands; every other decision at random."""
    legal = game.legal_moves()
    if game.state.phase == "decide" and len(legal) > 1 and rng.random() < 0.8:
        return legal[0]
    return rng.choice(legal)


KINDS = (
    Kind("place_sets", Section.PLACE, _placing, _ask_place, spread=10),
    Kind("steal_target", Section.STEAL, _targeting, _ask_target, spread=10),
    Kind("roll_chance", Section.STEAL, _first_roll, _ask_chance, spread=10),
    Kind("reroll", Section.STEAL, _deciding, _ask_reroll, spread=4),
    Kind("collection_sets", Section.STEAL, _first_roll, _ask_collection, spread=4),
    Kind("refill", Section.PLACE, _late_placing, _ask_refill, spread=2),
    Kind("turns_left", Section.END, _announced, _ask_turns, spread=2),
    Kind("final_score", Section.END, lambda game: game.is_over, _ask_score, spread=1,
         hides=("scores",)),
)
PRACTICE = Practice(KINDS, policy)
