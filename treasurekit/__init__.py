"""treasurekit: rules engines and Jupyter tutors for four treasure games.

>>> import treasurekit as tk
>>> g = tk.new_game("diving_bell", players=["Ann", "Bob"], seed=7)
>>> g.current_player, [str(m) for m in g.legal_moves()]
(0, ['draw'])
>>> events = g.play("draw"); g.is_chance
True
"""

from .core import (
    GAMES,
    LANGUAGES,
    Advice,
    CannotAdvise,
    Event,
    Game,
    IllegalMove,
    InvalidSave,
    Move,
    Simulation,
    TreasureKitError,
    UnknownGame,
    UnknownPlayer,
    advise,
    load_game,
    load_share_code,
    make_bot,
    new_game,
    setup_position,
    share_code,
    simulate,
    tr,
)

__version__ = "0.1.0"
__all__ = [
    "Advice", "GAMES", "LANGUAGES", "CannotAdvise", "Event", "Game", "IllegalMove",
    "InvalidSave", "Move", "TreasureKitError", "UnknownGame", "UnknownPlayer", "advise",
    "load_game", "load_share_code", "make_bot", "new_game", "setup_position", "share_code",
    "Simulation", "simulate", "tr",
]
