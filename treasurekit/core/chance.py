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


_GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB


def dealer_base(seed: int) -> int:
    """The part of the dealer's numbers fixed by the seed alone (a game keeps it)."""
    return (seed * _GOLDEN + _MIX1) & _MASK


def dealer_uniform_from(base: int, step: int) -> float:
    """``dealer_uniform(seed, step)`` from ``dealer_base(seed)``: the same number, with
    the seed's share of the arithmetic done once per game instead of once per deal."""
    z = (base + step * _MIX1) & _MASK
    z ^= z >> 30
    z = (z * _MIX1) & _MASK
    z ^= z >> 27
    z = (z * _MIX2) & _MASK
    return ((z ^ (z >> 31)) >> 11) / 9007199254740992.0


def dealer_uniform(seed: int, step: int) -> float:
    """A number in [0, 1) fixed by the seed and the step (SplitMix64 mixing of
    ``seed * golden + (step + 1) * mix1``).

    >>> dealer_uniform(7, 3) == dealer_uniform(7, 3) != dealer_uniform(7, 4)
    True
    """
    return dealer_uniform_from(dealer_base(seed), step)


def pick(outcomes: Sequence[tuple[T, float]], x: float) -> T:
    """The outcome that the uniform number ``x`` falls on, by cumulative probability."""
    acc = 0.0
    for outcome, p in outcomes:
        acc += p
        if x < acc:
            return outcome
    return outcomes[-1][0]
