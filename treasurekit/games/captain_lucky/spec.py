"""Captain Lucky, declared once: 2 to 6 players.

Everything the kit reads about the game (``core.spec.GameSpec``); the rules class takes
its player counts and variants from here.
"""

from __future__ import annotations

from ...core.spec import GameSpec

SPEC = GameSpec(
    name="captain_lucky",
    rules="treasurekit.games.captain_lucky.rules:CaptainLucky",
    players=(2, 3, 4, 5, 6),
    variants=("standard",),
    sections="treasurekit.games.captain_lucky.cards:Section",
    bots="treasurekit.games.captain_lucky.bots:BOTS",
    coach="treasurekit.games.captain_lucky.bots:COACH",
    lesson="treasurekit.games.captain_lucky.lessons:LESSON",
    examples="treasurekit.games.captain_lucky.examples:EXAMPLES",
    practice="treasurekit.games.captain_lucky.practice:PRACTICE",
    reference="treasurekit.games.captain_lucky.reference",
    position_schema="treasurekit.games.captain_lucky.position:SCHEMA",
    drawing="treasurekit.widgets.captain_lucky",
    hot_seat=True,
    lesson_seat=0,
    bench_players=(2,),
)
