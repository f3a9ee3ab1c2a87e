"""Coralia, declared once: 2 to 4 players, as many as the rounds table has rows.

Everything the kit reads about the game (``core.spec.GameSpec``); the rules class takes
its player counts and variants from here.
"""

from __future__ import annotations

from ...core.spec import GameSpec
from .cards import ROUNDS

SPEC = GameSpec(
    name="coralia",
    rules="treasurekit.games.coralia.rules:Coralia",
    players=tuple(sorted(ROUNDS)),
    variants=("standard",),
    sections="treasurekit.games.coralia.cards:Section",
    bots="treasurekit.games.coralia.bots:BOTS",
    coach="treasurekit.games.coralia.bots:COACH",
    lesson="treasurekit.games.coralia.lessons:LESSON",
    examples="treasurekit.games.coralia.examples:EXAMPLES",
    practice="treasurekit.games.coralia.practice:PRACTICE",
    reference="treasurekit.games.coralia.reference",
    position_schema="treasurekit.games.coralia.position:SCHEMA",
    drawing="treasurekit.widgets.coralia",
    hot_seat=True,
    lesson_seat=0,
)
