"""What the generic suite runs over: every game in ``tk.GAMES``, its player counts and
variants and its teaching material as its ``GameSpec`` declares them.

Nothing here names a game: a game registered in ``tk.GAMES`` gets the whole suite.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, NamedTuple

import treasurekit as tk
from treasurekit.core.simulate import random_decisions
from treasurekit.core.teaching import Example, LessonStep, examples_of, lesson_of

NAMES: tuple[str, ...] = tuple(sorted(tk.GAMES))


class Setup(NamedTuple):
    """One way to start a game: name, number of players, variant."""

    game: str
    players: int
    variant: str

    def __str__(self) -> str:
        return f"{self.game}-{self.players}p-{self.variant}"

    def new(self, seed: int) -> tk.Game[Any]:
        return tk.new_game(self.game, players=self.players, seed=seed, variant=self.variant)

    def played_out(self, seed: int) -> tk.Game[Any]:
        """A new game played to its end through the public API, as a random playout
        does: ``deal()`` for chance, ``random.Random(seed).choice(legal_moves())``."""
        g = self.new(seed)
        rng = random.Random(seed)
        while not g.is_over:
            if g.is_chance:
                g.deal()
            else:
                g.play(rng.choice(g.legal_moves()))
        return g


def setups() -> list[Setup]:
    """Every player count with every variant of every game (from the specs)."""
    out = []
    for name in NAMES:
        spec = tk.GAMES[name]
        for players in sorted(spec.players):
            out += [Setup(name, players, variant) for variant in spec.variants]
    return out


def examples(name: str) -> tuple[Example, ...]:
    return examples_of(name)


def lesson(name: str) -> list[LessonStep]:
    return list(lesson_of(name))


def example_cases() -> list[tuple[str, int]]:
    return [(name, i) for name in NAMES for i in range(len(examples(name)))]


def lesson_cases() -> list[tuple[str, int]]:
    return [(name, i) for name in NAMES for i in range(len(lesson(name)))]


def decisions(setup: Setup, seed: int, every: int = 7) -> Iterator[tk.Game[Any]]:
    """Every ``every``-th decision with a choice of a seeded random game (the game itself,
    left at that step: use it before asking for the next)."""
    return random_decisions(setup.new(seed), random.Random(seed), every)
