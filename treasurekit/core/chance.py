"""Chance: outcomes with probabilities, resolved by a seeded dealer.

The dealer's number for a step is fixed by the game seed and the number of steps
played so far, so the same seed gives the same game, and undoing a step and
dealing again gives the same outcome (see ``Dealer``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import starmap
from typing import TypeVar

T = TypeVar("T")

#: The dealer draws 64 numbers at a time (a game of Sea or Shore takes about 250): the
#: empty arguments of 64 calls of ``random()``.
_BLOCK = ((),) * 64


def dealer_seed(seed: int) -> int:
    """The seed of the dealer's generator for a game seed: 0, 1, 2... for the seeds 0, -1,
    1, -2, 2... (Python seeds its generator with a number's absolute value, and a game
    with seed -5 should not deal as the one with seed 5)."""
    return 2 * seed if seed >= 0 else -2 * seed - 1


class Dealer:
    """The seeded dealer's numbers of one game: the number for step ``k`` is the ``k``-th
    number (from 0) that Python's Mersenne Twister draws after
    ``random.Random(dealer_seed(seed))``.

    So the same seed gives the same game, and a step undone and dealt again gets the same
    number. Python promises that ``random()`` draws the same numbers from the same seed
    in every version. Every step has its number, whether the dealer resolves it or a
    player decides it, so the number of a step never depends on what was played before.

    The numbers are drawn a block at a time into ``numbers``: the dealer reads
    ``numbers[k]`` there while it holds that many, and asks :meth:`number` for more. The
    generator is seeded at the first draw: a game set up only to be read never draws.

    >>> d = Dealer(7)
    >>> d.number(3) == d.numbers[3] == Dealer(7).number(3) != d.number(4)
    True
    """

    __slots__ = ("numbers", "_seed", "_draw")

    def __init__(self, seed: int) -> None:
        self.numbers: list[float] = []
        self._seed = seed
        self._draw: Callable[[], float] | None = None

    def number(self, step: int) -> float:
        """The number in [0, 1) of ``step`` (drawing more when the dealer has too few)."""
        numbers, draw = self.numbers, self._draw
        if draw is None:
            draw = self._draw = random.Random(dealer_seed(self._seed)).random
        while len(numbers) <= step:
            numbers += starmap(draw, _BLOCK)        # (a loop in C: draw() 64 times)
        return numbers[step]


def dealer_uniform(seed: int, step: int) -> float:
    """The dealer's number of ``step`` in a game with ``seed``: in [0, 1), fixed by both.

    >>> dealer_uniform(7, 3) == dealer_uniform(7, 3) != dealer_uniform(7, 4)
    True
    """
    return Dealer(seed).number(step)


def pick(outcomes: Sequence[tuple[T, float]], x: float) -> T:
    """The outcome that the uniform number ``x`` falls on, by cumulative probability."""
    acc = 0.0
    for outcome, p in outcomes:
        acc += p
        if x < acc:
            return outcome
    return outcomes[-1][0]
