"""Engine base shared by every game: moves, events, chance, errors, i18n, saves."""

from .errors import (
    CannotAdvise,
    IllegalMove,
    InvalidSave,
    TreasureKitError,
    UnknownGame,
    UnknownPlayer,
)
from .events import Event
from .game import Game
from .i18n import LANGUAGES, tr
from .moves import Move
from .registry import GAMES, game_class, load_game, new_game, setup_position
from .share import load_share_code, share_code
from .simulate import Simulation, simulate

__all__ = [
    "GAMES", "LANGUAGES", "CannotAdvise", "Event", "Game", "IllegalMove", "InvalidSave", "Move",
    "TreasureKitError", "UnknownGame", "UnknownPlayer", "game_class", "load_game",
    "load_share_code", "new_game", "setup_position", "share_code", "Simulation",
    "simulate", "tr",
]
