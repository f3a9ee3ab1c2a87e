"""Captain Lucky: place treasures, then roll the dice to steal a set (2 to 6 players)."""

from .cards import TYPES, pack_for, set_sizes
from .rules import CaptainLucky
from .state import CaptainLuckyState

__all__ = ["TYPES", "CaptainLucky", "CaptainLuckyState", "pack_for", "set_sizes"]
