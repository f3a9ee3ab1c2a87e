"""Pig's drawing: the table as one seat (or a spectator) sees it, from its view only.

The spec names this module (``GameSpec.drawing``); ``widgets.apps`` builds the whole app
around ``render_table``, with the kit's move buttons (labels ``pig.move.<kind>``).
"""

from __future__ import annotations

from collections.abc import Collection
from html import escape
from typing import Any

from treasurekit.core.game import Game
from treasurekit.widgets.lang import Language
from treasurekit.widgets.style import panel
from treasurekit.widgets.svg import PALETTE, pips


def die_svg(face: int | None, label: str) -> str:
    """One die, its pips drawn (empty before the first roll)."""
    dots = pips(face, 30, 30, 4, 8) if face else ""
    return (f'<svg class="tk-pig-die" role="img" aria-label="{escape(label)}" width="60" '
            f'height="60" viewBox="0 0 60 60"><title>{escape(label)}</title>'
            f'<rect x="2" y="2" width="56" height="56" rx="10" fill="#fff" '
            f'stroke="{PALETTE["blue"]}" stroke-width="3"/>{dots}</svg>')


def render_table(game: Game[Any], lang: Language, seat: int | None = None, /,
                 hide: Collection[str] = ()) -> str:
    """The die, the turn total and every score (``hide``: "scores" leaves them out)."""
    v = game.view(seat)
    t = lang.t
    names = lang.names(v["players"])
    face = v["last_roll"]
    die = die_svg(face, t("pig.ui.die", face=face or 0))
    turn = t("pig.ui.turn", player=names[v["turn"]], total=v["turn_total"])
    rows = "".join(
        f'<tr><td>{escape(name)}</td><td>{"?" if "scores" in hide else v["scores"][i]}</td></tr>'
        for i, name in enumerate(names))
    # the die and the turn's points are touchable: roll, hold (``data-tk-pick``)
    return (f'<div class="tk-table tk-pig"><span data-tk-pick="roll">{die}</span>'
            f'<p class="tk-pig-turn" data-tk-pick="hold">{escape(turn)}</p>'
            + panel(t("pig.ui.scores", target=v["target"]), f"<table>{rows}</table>")
            + "</div>")
