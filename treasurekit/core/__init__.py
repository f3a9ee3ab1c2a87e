"""Engine base shared by every game: moves, events, chance, errors, i18n, saves."""

from .bots import make_bot
from .errors import (
    CannotAdvise,
    IllegalMove,
    InvalidSave,
    TreasureKitError,
    UnknownGame,
    UnknownKind,
    UnknownPlayer,
    UnknownSection,
)
from .events import Event
from .game import Game
from .i18n import LANGUAGES, tr
from .moves import Move
from .reference import rules
from .registry import (
    GAMES,
    game_class,
    game_spec,
    load_game,
    new_game,
    register_game,
    setup_position,
)
from .search import Advice, advise
from .share import load_share_code, share_code
from .simulate import Simulation, simulate
from .spec import GameSpec, PositionField, PositionSchema

__all__ = [
    "Advice", "GAMES", "LANGUAGES", "CannotAdvise", "Event", "Game", "GameSpec",
    "IllegalMove", "InvalidSave", "Move", "PositionField", "PositionSchema",
    "TreasureKitError", "UnknownGame", "UnknownKind", "UnknownPlayer", "UnknownSection",
    "advise", "game_class", "game_spec", "load_game", "load_share_code", "make_bot",
    "new_game", "register_game", "rules", "setup_position", "share_code", "Simulation",
    "simulate", "tr",
]
