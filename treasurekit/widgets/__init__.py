"""Shared UI kit: language switch, narrator, move picker, example/lesson/game players.

Widgets hold no rules: they show what the engine says and send it the user's moves.
"""

from .lang import Language, LanguageSwitch
from .narrator import Narrator

__all__ = ["Language", "LanguageSwitch", "Narrator"]
