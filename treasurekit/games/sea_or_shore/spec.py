"""Sea or Shore, declared once: 3 to 5 players (4 to start), the action cards' sides as variants.

Everything the kit reads about the game (``core.spec.GameSpec``); the rules class takes
its player counts and variants from here.
"""

from __future__ import annotations

from ...core.spec import GameSpec
from .cards import VARIANTS

SPEC = GameSpec(
    name="sea_or_shore",
    rules="treasurekit.games.sea_or_shore.rules:SeaOrShore",
    players=(4, 3, 5),
    variants=tuple(VARIANTS),
    sections="treasurekit.games.sea_or_shore.cards:Section",
    bots="treasurekit.games.sea_or_shore.bots:BOTS",
    coach="treasurekit.games.sea_or_shore.bots:COACH",
    lesson="treasurekit.games.sea_or_shore.lessons:LESSON",
    examples="treasurekit.games.sea_or_shore.examples:EXAMPLES",
    practice="treasurekit.games.sea_or_shore.practice:PRACTICE",
    reference="treasurekit.games.sea_or_shore.reference",
    position_schema="treasurekit.games.sea_or_shore.position:SCHEMA",
    drawing="treasurekit.widgets.sea_or_shore",
    intro="widgets.sos.intro",
    hot_seat=True,
    lesson_seat=None,
)
