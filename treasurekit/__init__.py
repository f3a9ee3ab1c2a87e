"""treasurekit: rules engines and Jupyter tutors for four treasure games.

>>> import treasurekit as tk
>>> g = tk.new_game("diving_bell", players=["Ann", "Bob"], seed=7)
>>> g.current_player, [str(m) for m in g.legal_moves()]
(0, ['draw'])
>>> events = g.play("draw"); g.is_chance
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .core import (
    GAMES,
    LANGUAGES,
    Advice,
    CannotAdvise,
    Event,
    Game,
    GameSpec,
    IllegalMove,
    InvalidSave,
    Move,
    Simulation,
    TreasureKitError,
    UnknownGame,
    UnknownKind,
    UnknownPlayer,
    UnknownSection,
    advise,
    load_game,
    load_share_code,
    make_bot,
    new_game,
    register_game,
    rules,
    setup_position,
    share_code,
    simulate,
    tr,
)

if TYPE_CHECKING:
    from .core.practice import Question

__version__ = "0.1.0"
__all__ = [
    "Advice", "GAMES", "LANGUAGES", "CannotAdvise", "Event", "Game", "GameSpec",
    "IllegalMove", "InvalidSave", "Move", "Question", "TreasureKitError", "UnknownGame",
    "UnknownKind", "UnknownPlayer", "UnknownSection", "advise", "load_game",
    "load_share_code", "make_bot", "new_game", "practice", "register_game", "rules",
    "setup_position", "share_code", "Simulation", "simulate", "tr",
]


def practice(game: str, seed: int = 0, kind: str | None = None) -> Question:
    """A practice question of ``game`` asked on a table of a seeded game, the same for
    the same seed: ``tk.practice("coralia", seed=7)`` (see ``treasurekit.core.practice``;
    imported on the first question, so that ``import treasurekit`` stays light)."""
    from .core.practice import practice as ask

    return ask(game, seed, kind)


def __getattr__(name: str) -> Any:
    """``tk.Question``, imported when first asked for (as ``practice``)."""
    if name == "Question":
        from .core.practice import Question

        return Question
    raise AttributeError(f"module 'treasurekit' has no attribute {name!r}")
