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
_TWO_TO_MINUS_53 = 2.0 ** -53


def dealer_base(seed: int) -> int:
    """The part of the dealer's numbers fixed by the seed alone (a game keeps it)."""
    return (seed * _GOLDEN + _MIX1) & _MASK


def dealer_uniform_from(base: int, step: int, mask: int = _MASK, mix1: int = _MIX1,
                        mix2: int = _MIX2) -> float:
    """``dealer_uniform(seed, step)`` from ``dealer_base(seed)``: the same number, with
    the seed's share of the arithmetic done once per game instead of once per deal.

    The constants come in as default arguments, which Python reads as fast as local
    names: a random game deals a hundred times or more, and this is most of a deal's
    cost (a dozen operations on 64-bit numbers). The result is the 53 high bits of the
    mixed number times 2**-53 (exact, as dividing by 2**53 is).
    """
    z = (base + step * mix1) & mask
    z = ((z ^ (z >> 30)) * mix1) & mask
    z = ((z ^ (z >> 27)) * mix2) & mask
    return ((z ^ (z >> 31)) >> 11) * _TWO_TO_MINUS_53


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
