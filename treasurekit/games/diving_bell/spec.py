"""Diving Bell, declared once: two divers, four variants (rulebook, Variants).

Everything the kit reads about the game (``core.spec.GameSpec``); the rules class takes
its player counts and variants from here.
"""

from __future__ import annotations

from ...core.spec import GameSpec

SPEC = GameSpec(
    name="diving_bell",
    rules="treasurekit.games.diving_bell.rules:DivingBell",
    players=(2,),
    variants=("standard", "beginner", "advanced", "quick"),
    sections="treasurekit.games.diving_bell.cards:Section",
    bots="treasurekit.games.diving_bell.bots:BOTS",
    coach="treasurekit.games.diving_bell.bots:COACH",
    lesson="treasurekit.games.diving_bell.lessons:LESSON",
    examples="treasurekit.games.diving_bell.examples:EXAMPLES",
    practice="treasurekit.games.diving_bell.practice:PRACTICE",
    reference="treasurekit.games.diving_bell.reference",
    position_schema="treasurekit.games.diving_bell.position:SCHEMA",
    drawing="treasurekit.widgets.diving_bell",
    intro="widgets.db.intro",
    hot_seat=False,
    lesson_seat=None,
)
