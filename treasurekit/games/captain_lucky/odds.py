"""Captain Lucky odds lab: the exact chance to steal a set, and when to stop spending cards.

A steal of a set of ``k`` cards rolls ``k`` dice; the attempt succeeds when every die shows
the pirate head. After a failed roll the thief may roll the ``f`` blank dice again by
discarding ``f`` matching hand cards, or once per game for free with the captain bonus.
The state of an attempt is ``(f blank dice, m matching cards in hand, b bonus unused)``;
everything here is a small dynamic programme over those states, in numpy.

``pirate_faces`` (of 6) is the one parameter of the dice; the rules engine uses 3
(docs/rules-notes.md). numpy is imported when a function runs, so ``import treasurekit``
stays light.

>>> round(win_chance(1, 0, False), 3), round(win_chance(1, 1, False), 3)
(0.5, 0.75)
>>> round(win_chance(3, 0, True), 4)         # one roll, then the bonus on the blanks
0.4219
>>> table = win_table()
>>> table.shape, round(float(table[5, 5, 1]), 4)
((6, 6, 2), 0.8814)
>>> best_action(failed=1, matching=2, bonus=True, size=1, card_value=0.0)
'reroll'
>>> best_action(failed=3, matching=3, bonus=False, size=3, card_value=1.0)
'stop'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from .cards import DIE_FACES, HAND_SIZE, PIRATE_FACES, SET_SIZE

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    FloatArray = NDArray[np.float64]

__all__ = ["ACTIONS", "Policy", "best_action", "blank_distribution", "refills", "simulate",
           "solve", "win_chance", "win_table"]

#: Actions of the policy arrays: 0 stop (or nothing to decide), 1 re-roll with cards,
#: 2 captain bonus.
ACTIONS = ("stop", "reroll", "bonus")
MAX_DICE = SET_SIZE


@lru_cache(maxsize=16)
def blank_distribution(pirate_faces: int = PIRATE_FACES, dice: int = MAX_DICE) -> FloatArray:
    """``B[f, j]``: chance that rolling ``f`` dice leaves ``j`` blanks (a binomial table;
    read-only, computed once for each kind of die)."""
    from math import comb

    import numpy as np

    q = 1 - pirate_faces / DIE_FACES
    b = np.zeros((dice + 1, dice + 1))
    for f in range(dice + 1):
        j = np.arange(f + 1)
        b[f, : f + 1] = [comb(f, int(x)) for x in j] * q ** j * (1 - q) ** (f - j)
    b.flags.writeable = False
    return b


@dataclass(frozen=True)
class Policy:
    """The solved attempt: ``value[f, m, b]`` and the best ``action[f, m, b]`` (see ACTIONS).

    Values are in points: ``win`` for taking the set, minus ``card_cost`` per discarded
    card and ``bonus_cost`` for turning the captain card; with win 1 and no costs the
    value is the winning chance.
    """

    value: Any
    action: Any
    win: float
    card_cost: float
    bonus_cost: float
    pirate_faces: int

    def start(self, size: int, matching: int, bonus: bool) -> float:
        """Expected value of naming a set of ``size`` cards (before the first roll)."""
        first = blank_distribution(self.pirate_faces)[size, : size + 1]
        return float(first @ self.value[: size + 1, matching, int(bonus)])


@lru_cache(maxsize=256)
def solve(win: float = 1.0, card_cost: float = 0.0, bonus_cost: float = 0.0,
          pirate_faces: int = PIRATE_FACES, max_cards: int = HAND_SIZE) -> Policy:
    """The best decision in every state (f blank dice, m matching cards, b bonus unused).

    Rolling again never adds blank dice, and each re-roll spends cards or the bonus, so
    states are solved with fewer cards first, without the bonus before with it.
    On a tie the cheaper choice wins: stop, then cards, then the bonus.
    """
    import numpy as np

    dice = MAX_DICE
    blanks = blank_distribution(pirate_faces, dice)
    value = np.zeros((dice + 1, max_cards + 1, 2))
    action = np.zeros((dice + 1, max_cards + 1, 2), dtype=np.int8)
    value[0] = win
    f = np.arange(1, dice + 1)
    for b in (0, 1):
        for m in range(max_cards + 1):
            options = np.full((3, dice), -np.inf)
            options[0] = 0.0                                   # stop: nothing won
            ok = f <= m                                        # enough matching cards
            if ok.any():
                after = value[:, m - f[ok], b]                 # [j, each f]
                options[1, ok] = (blanks[f[ok]] * after.T).sum(1) - card_cost * f[ok]
            if b:
                options[2] = blanks[f] @ value[:, m, 0] - bonus_cost
            best = options.argmax(0)                           # first maximum: cheapest
            value[1:, m, b] = options[best, np.arange(dice)]
            action[1:, m, b] = best
    value.flags.writeable = False
    action.flags.writeable = False
    return Policy(value, action, win, card_cost, bonus_cost, pirate_faces)


def win_table(pirate_faces: int = PIRATE_FACES, max_cards: int = HAND_SIZE) -> FloatArray:
    """``P[k, m, b]``: exact chance of stealing a set of ``k`` cards with ``m`` matching hand
    cards and the captain bonus unused (``b = 1``) or used (``b = 0``), playing to win."""
    import numpy as np

    policy = solve(1.0, 0.0, 0.0, pirate_faces, max_cards)
    first = blank_distribution(pirate_faces)                   # [k, f]
    table = np.einsum("kf,fmb->kmb", first, policy.value)
    table[0] = 1.0                                            # an empty set: nothing to win
    out: FloatArray = table
    return out


def win_chance(size: int, matching: int, bonus: bool,
               pirate_faces: int = PIRATE_FACES) -> float:
    """Exact chance of stealing a set of ``size`` cards (see :func:`win_table`)."""
    return float(win_table(pirate_faces, max(HAND_SIZE, matching))[size, matching, int(bonus)])


def best_action(failed: int, matching: int, bonus: bool, size: int, card_value: float,
                bonus_value: float = 1.0, pirate_faces: int = PIRATE_FACES,
                set_value: float | None = None) -> str:
    """After a failed roll: ``reroll``, ``bonus`` or ``stop``, valuing the set at ``size``
    points (or ``set_value``), each hand card kept at ``card_value`` and an unused captain
    bonus at ``bonus_value`` (it scores 1 point at the end). The rulebook's savings tip."""
    policy = solve(float(size if set_value is None else set_value), card_value, bonus_value,
                   pirate_faces, max(HAND_SIZE, matching))
    return ACTIONS[int(policy.action[failed, matching, int(bonus)])]


@lru_cache(maxsize=4096)
def refills(cards: int, unseen: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Every way ``cards`` cards drawn from the unseen ones (``unseen[t]`` of type ``t``)
    can fall, as (how many of each type, its chance): the multivariate hypergeometric
    law. Fewer unseen cards than ``cards``: all of them are drawn.

    >>> refills(2, (2, 1))                     # two of three cards: aa, ab twice in three
    (((1, 1), 0.6666666666666666), ((2, 0), 0.3333333333333333))
    >>> round(sum(p for _, p in refills(4, (18, 17, 16, 14, 12))), 12)
    1.0
    """
    from itertools import combinations_with_replacement
    from math import comb, prod

    cards = min(cards, sum(unseen))
    ways = comb(sum(unseen), cards)
    out = []
    for drawn in combinations_with_replacement(range(len(unseen)), cards):
        counts = tuple(drawn.count(t) for t in range(len(unseen)))
        chance = prod(comb(k, c) for k, c in zip(unseen, counts, strict=True)) / ways
        if chance:
            out.append((counts, chance))
    return tuple(sorted(out))


def simulate(size: int, matching: int, bonus: bool, attempts: int = 100_000, seed: int = 0,
             pirate_faces: int = PIRATE_FACES, policy: Policy | None = None) -> float:
    """Share of ``attempts`` simulated steals that succeed, all at once in numpy arrays,
    following ``policy`` (by default the one that plays to win)."""
    import numpy as np

    policy = policy or solve(pirate_faces=pirate_faces, max_cards=max(HAND_SIZE, matching))
    rng = np.random.default_rng(seed)
    q = 1 - pirate_faces / DIE_FACES
    blanks = rng.binomial(size, q, attempts)
    cards = np.full(attempts, matching)
    bonus_left = np.full(attempts, int(bonus))
    active = blanks > 0
    while active.any():
        idx = np.flatnonzero(active)
        act = policy.action[blanks[idx], cards[idx], bonus_left[idx]]
        rolling = idx[act > 0]
        cards[idx[act == 1]] -= blanks[idx[act == 1]]
        bonus_left[idx[act == 2]] = 0
        blanks[rolling] = rng.binomial(blanks[rolling], q)
        active[idx[act == 0]] = False
        active &= blanks > 0
    return float((blanks == 0).mean())
