"""Chance: outcomes with probabilities, resolved by a seeded dealer.

The dealer's generator is derived from the game seed and the number of steps
played so far, so the same seed gives the same game, and undoing a step and
dealing again gives the same outcome.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


def dealer_uniform(seed: int, step: int) -> float:
    """A number in [0, 1) fixed by the seed and the step (SplitMix64 mixing).

    >>> dealer_uniform(7, 3) == dealer_uniform(7, 3) != dealer_uniform(7, 4)
    True
    """
    z = (seed * 0x9E3779B97F4A7C15 + (step + 1) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return ((z ^ (z >> 31)) >> 11) / 9007199254740992.0


def pick(outcomes: Sequence[tuple[T, float]], x: float) -> T:
    """The outcome that the uniform number ``x`` falls on, by cumulative probability."""
    acc = 0.0
    for outcome, p in outcomes:
        acc += p
        if x < acc:
            return outcome
    return outcomes[-1][0]
