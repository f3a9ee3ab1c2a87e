"""What the generic suite runs over: every game in ``tk.GAMES``, its player counts and
variants as its Game class declares them, and its teaching material by convention
(``examples.EXAMPLES`` and ``lessons.LESSON`` beside the rules, docs/conventions.md).

Nothing here names a game: a game registered in ``tk.GAMES`` gets the whole suite.
"""

from __future__ import annotations

import random
from importlib import import_module
from typing import Any, NamedTuple

import treasurekit as tk
from treasurekit.core.registry import game_class
from treasurekit.core.teaching import Example, LessonStep

NAMES: tuple[str, ...] = tuple(sorted(tk.GAMES))


class Setup(NamedTuple):
    """One way to start a game: name, number of players, variant."""

    game: str
    players: int
    variant: str

    def __str__(self) -> str:
        return f"{self.game}-{self.players}p-{self.variant}"

    def new(self, seed: int) -> tk.Game:
        return tk.new_game(self.game, players=self.players, seed=seed, variant=self.variant)

    def played_out(self, seed: int) -> tk.Game:
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
    """Every player count with every variant of every game (from the Game classes)."""
    out = []
    for name in NAMES:
        cls = game_class(name)
        for players in range(cls.min_players, cls.max_players + 1):
            out += [Setup(name, players, variant) for variant in cls.variants]
    return out


def _package(name: str) -> str:
    """The game's package, e.g. ``treasurekit.games.diving_bell`` (from its rules module)."""
    module = tk.GAMES[name].partition(":")[0]
    return module.rpartition(".")[0]


def examples(name: str) -> tuple[Example, ...]:
    found: Any = import_module(f"{_package(name)}.examples").EXAMPLES
    return tuple(found)


def lesson(name: str) -> list[LessonStep]:
    found: Any = import_module(f"{_package(name)}.lessons").LESSON
    return list(found)


def example_cases() -> list[tuple[str, int]]:
    return [(name, i) for name in NAMES for i in range(len(examples(name)))]


def lesson_cases() -> list[tuple[str, int]]:
    return [(name, i) for name in NAMES for i in range(len(lesson(name)))]
