"""Diving Bell: a two-player push-your-luck dive with divide-and-choose."""

from .cards import ALL_CARDS, STANDARD_DECK, Card, card_by_code
from .rules import DivingBell
from .scoring import breakdown, score
from .state import DivingBellState, pressure_of

__all__ = ["ALL_CARDS", "STANDARD_DECK", "Card", "DivingBell", "DivingBellState",
           "breakdown", "card_by_code", "pressure_of", "score"]
