"""Coralia: place dice on six reefs for cards, octopus points, divers and treasures (2-4)."""

from .cards import COLOURS, SYMBOLS, Section
from .rules import Coralia
from .state import CoraliaState

__all__ = ["COLOURS", "SYMBOLS", "Coralia", "CoraliaState", "Section"]
