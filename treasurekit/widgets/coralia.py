"""Coralia drawings and the app: the board with its six reefs, the dice, the island, the
research station, the scoring track, each player's ship and cards, the final scoring
table, the die-then-space picker with its odds helper, lesson, examples and play.

Everything is drawn from ``game.view(seat)`` (or ``view(None)``); no rule is decided
here. Each dice colour also has its own pattern, and every space its symbol, so the
board reads without colour vision.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from functools import lru_cache
from html import escape
from typing import Any

import ipywidgets as w

from ..core.game import Game
from ..core.i18n import Percent, join
from ..core.moves import Move
from ..core.teaching import examples_of, lesson_of
from ..games.coralia.cards import COLOURS, DIVER_VALUE, JELLYFISH_EVERY, SYMBOLS, describe_move
from ..games.coralia.rules import view_of
from ..games.coralia.scoring import STEPS, scoring_table
from ..games.coralia.view import CoraliaView, ReefView
from .lang import Language, relabel
from .move_picker import MovePicker
from .style import compactable, panel
from .svg import PALETTE, shape, text

G = "coralia"
FILL = {"yellow": PALETTE["yellow"], "blue": PALETTE["blue"], "red": PALETTE["vermilion"],
        "orange": PALETTE["orange"], "green": PALETTE["green"], "violet": PALETTE["purple"],
        "white": "#FFFFFF"}
#: one pattern per dice colour, so a die reads without colour vision
PATTERN = {"yellow": "dots", "blue": "waves", "red": "stripes", "orange": "grid",
           "green": "cross", "violet": "plain", "white": "plain"}
#: one mark per player (ships, octopuses, divers, track): shape + initial
MARK = ("circle", "square", "triangle", "diamond")
INK = 'stroke="#000" stroke-width="2"'
CSS = """<style>
.tk-co svg.tk-co-board { display: block; margin: 4px 0; }
.tk-co-card { display: inline-flex; align-items: center; gap: 4px; border: 2px solid #333;
              border-radius: 6px; padding: 2px 8px 2px 2px; margin: 2px; background: #fff; }
.tk-co-card-pearl { background: #F2F2F2; } .tk-co-card-fish { background: #D6ECFA; }
.tk-co-card-starfish { background: #FFE3C2; }
.tk-co-backs { display: inline-block; padding-right: 12px; vertical-align: middle; }
.tk-co-back { display: inline-block; width: 22px; height: 32px; margin-right: -10px;
              border: 2px solid #222; border-radius: 4px; background: repeating-linear-gradient(
              45deg, #0b4f6c, #0b4f6c 4px, #3d8fb6 4px, #3d8fb6 8px); }
.tk-co-seat h3 svg { vertical-align: middle; }
.tk-co .tk-cols > .tk-co-seat { flex: 1 1 240px; }
.tk-co-piles { margin: 4px 0; }
table.tk-co-scoring td, table.tk-co-scoring th { text-align: right; }
/* one reef at a time (focus_board): on the projector and on a phone, instead of the
   whole board; the reef whose switch is on is shown */
.tk-co-focus { display: none; }
.tk-app.tk-present .tk-co-focus { display: block; }
.tk-app.tk-present .tk-co-boardbox { display: none; }
.tk-co-strip { display: flex; flex-wrap: wrap; gap: 6px; margin: 4px 0; }
.tk-co-tab { position: relative; display: inline-flex; align-items: center; gap: 8px;
  box-sizing: border-box; min-height: 44px; min-width: 44px; padding: 2px 12px;
  border: 2px solid #123; border-radius: 8px; background: #fff; cursor: pointer; }
.tk-co-tab input { position: absolute; opacity: 0; width: 1px; height: 1px; margin: 0;
  pointer-events: none; }
.tk-co-tab:has(input:checked) { background: #123; color: #fff; font-weight: bold; }
.tk-co-tab:has(input:focus-visible) { outline: 3px solid #0072B2; outline-offset: 2px; }
.tk-co-swatch { display: inline-block; width: 0.9em; height: 0.9em; border: 2px solid #000;
  border-radius: 4px; }
.tk-co-parts { display: flex; flex-wrap: wrap; gap: 8px; align-items: flex-start; }
.tk-co-one { display: none; }
.tk-co-focus:has(input[value=yellow]:checked) .tk-co-one-yellow { display: block; }
.tk-co-focus:has(input[value=blue]:checked) .tk-co-one-blue { display: block; }
.tk-co-focus:has(input[value=red]:checked) .tk-co-one-red { display: block; }
.tk-co-focus:has(input[value=orange]:checked) .tk-co-one-orange { display: block; }
.tk-co-focus:has(input[value=green]:checked) .tk-co-one-green { display: block; }
.tk-co-focus:has(input[value=violet]:checked) .tk-co-one-violet { display: block; }
.tk-co-parts > .tk-co-caption { flex: 1 1 100%; margin: 0; }
/* a phone: the switches in rows of three, the chosen reef and the station as wide as the
   screen (their smallest labels 18 px and more) */
@media (max-width: 600px) {
  .tk-app .tk-co-focus { display: block; }
  .tk-app .tk-co-boardbox { display: none; }
  .tk-app .tk-co-strip { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); }
  .tk-app .tk-co-parts > * { flex: 1 1 100%; }
  .tk-app .tk-co-parts svg { width: 100%; height: auto; }
}
table.tk-co-scoring td:first-child, table.tk-co-scoring th:first-child { text-align: left; }
</style>"""


def _t(lang: Language, key: str, **params: Any) -> str:
    return lang.t(f"{G}.ui.{key}", **params)


def colour_name(colour: str, lang: Language) -> str:
    return lang.t(f"{G}.adj.{colour}")


def die_name(colour: str, symbol: str, lang: Language) -> str:
    return lang.t(f"{G}.die", colour=colour_name(colour, lang),
                  symbol=lang.t(f"{G}.symbol.{symbol}"))


# ---- small pictures --------------------------------------------------------------------
# Speed: a table draws the same glyphs and textures at the same places again and again;
# caching them (pure functions of their arguments) halves a Coralia table's drawing time,
# 9.7 -> 4.6 ms, in the app and in the suite, whose goal is 15 minutes.
@lru_cache(maxsize=1024)
def glyph(symbol: str, cx: float, cy: float, r: float = 16, fill: str = "#fff") -> str:
    """The symbol of a die face or a space, in black on a white disc."""
    disc = f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="{fill}" {INK}/>'
    k = r / 16
    if symbol == "pearl":
        body = (f'<circle cx="{cx:g}" cy="{cy:g}" r="{8 * k:g}" fill="#ddd" {INK}/>'
                f'<circle cx="{cx - 3 * k:g}" cy="{cy - 3 * k:g}" r="{2.2 * k:g}" fill="#fff"/>')
    elif symbol == "fish":
        body = (f'<ellipse cx="{cx - 2 * k:g}" cy="{cy:g}" rx="{8 * k:g}" ry="{5 * k:g}" '
                f'fill="none" {INK}/><path d="M{cx + 5 * k:g} {cy:g} L{cx + 11 * k:g} '
                f'{cy - 5 * k:g} L{cx + 11 * k:g} {cy + 5 * k:g} Z" fill="#000"/>'
                f'<circle cx="{cx - 6 * k:g}" cy="{cy - 1 * k:g}" r="{1.3 * k:g}" fill="#000"/>')
    elif symbol == "starfish":
        import math
        pts = " ".join(f"{cx + rr * k * math.cos(-math.pi / 2 + i * math.pi / 5):.1f},"
                       f"{cy + rr * k * math.sin(-math.pi / 2 + i * math.pi / 5):.1f}"
                       for i, rr in enumerate([12, 5] * 5))
        body = f'<polygon points="{pts}" fill="#000"/>'
    elif symbol == "octopus":
        legs = "".join(f'<path d="M{cx + (i - 1.5) * 4 * k:g} {cy + 1 * k:g} q{2 * k:g} '
                       f'{5 * k:g} {(-2 if i % 2 else 2) * k:g} {10 * k:g}" fill="none" '
                       f'stroke="#000" stroke-width="{2 * k:g}"/>' for i in range(4))
        body = (f'<ellipse cx="{cx:g}" cy="{cy - 3 * k:g}" rx="{8 * k:g}" ry="{6.5 * k:g}" '
                f'fill="#000"/>{legs}')
    elif symbol == "diver":
        body = (f'<circle cx="{cx:g}" cy="{cy:g}" r="{10 * k:g}" fill="#000"/>'
                f'<circle cx="{cx:g}" cy="{cy:g}" r="{5.5 * k:g}" fill="#fff"/>'
                f'<rect x="{cx - 3 * k:g}" y="{cy + 9 * k:g}" width="{6 * k:g}" '
                f'height="{4 * k:g}" fill="#000"/>')
    else:                                                     # turtle
        legs = "".join(f'<ellipse cx="{cx + dx * k:g}" cy="{cy + dy * k:g}" rx="{2.6 * k:g}" '
                       f'ry="{2 * k:g}" fill="#000"/>'
                       for dx, dy in ((-6, -6), (4, -6), (-6, 6), (4, 6)))
        body = (legs + f'<ellipse cx="{cx - 1 * k:g}" cy="{cy:g}" rx="{8 * k:g}" '
                f'ry="{6 * k:g}" fill="#000"/><circle cx="{cx + 9.5 * k:g}" cy="{cy:g}" '
                f'r="{2.8 * k:g}" fill="#000"/>'
                f'<path d="M{cx - 6 * k:g} {cy:g} H{cx + 4 * k:g} M{cx - 1 * k:g} '
                f'{cy - 5 * k:g} V{cy + 5 * k:g}" stroke="#fff" stroke-width="{1.3 * k:g}"/>')
    return disc + body


@lru_cache(maxsize=1024)
def texture(pat: str, x: float, y: float, w: float, h: float, step: float = 12) -> str:
    """A colour's pattern drawn straight onto a rectangle (no shared ``<pattern>`` ids, which
    break when the first drawing that defines them sits in a hidden tab)."""
    nx, ny = max(1, round(w / step)), max(1, round(h / step))
    if pat == "dots":
        dots = "".join(f'<circle cx="{x + (i + .5) * w / nx:.0f}" cy="{y + (j + .5) * h / ny:.0f}" '
                       'r="2"/>' for i in range(nx) for j in range(ny))
        return f'<g fill="#000" fill-opacity=".4">{dots}</g>'
    d = []
    if pat == "grid":
        d = [f"M{x + i * w / nx:.0f} {y:.0f}v{h:.0f}" for i in range(1, nx)]
        d += [f"M{x:.0f} {y + j * h / ny:.0f}h{w:.0f}" for j in range(1, ny)]
    elif pat == "waves":
        q = step / 2
        for j in range(ny):
            d.append(f"M{x:.0f} {y + (j + .5) * h / ny:.0f}"
                     + f"q{q / 2:g} -{q / 2:g} {q:g} 0t{q:g} 0" * int(w / step))
    elif pat in ("stripes", "cross"):
        for k in range(1, int((w + h) / step)):
            c = k * step
            x1, y1 = x + max(0.0, c - h), y + min(c, h)
            x2, y2 = x + min(c, w), y + max(0.0, c - w)
            d.append(f"M{x1:.0f} {y1:.0f}L{x2:.0f} {y2:.0f}")
            if pat == "cross":
                d.append(f"M{x1:.0f} {2 * y + h - y1:.0f}L{x2:.0f} {2 * y + h - y2:.0f}")
    if not d:
        return ""
    return ('<path stroke="#000" stroke-opacity=".4" stroke-width="2" fill="none" '
            f'd="{"".join(d)}"/>')


def die(colour: str, symbol: str | None, x: float, y: float, size: float = 56,
        locked: bool = False) -> str:
    """A die at (x, y): its colour, the colour's pattern and the symbol it shows (``None``:
    still to be rolled, a question mark). A kept (locked) die carries a padlock."""
    pat = PATTERN[colour]
    white = colour == "white"
    stroke = 'stroke="#000" stroke-width="3"' + (' stroke-dasharray="7 3"' if white else "")
    out = (f'<rect x="{x:g}" y="{y:g}" width="{size:g}" height="{size:g}" rx="{size / 6:g}" '
           f'fill="{FILL[colour]}" {stroke}/>')
    out += texture(pat, x + 2, y + 2, size - 4, size - 4, size / 5)
    cx, cy = x + size / 2, y + size / 2
    if symbol is None:
        out += (f'<circle cx="{cx:g}" cy="{cy:g}" r="{size * .3:g}" fill="#fff" {INK}/>'
                + text(cx, cy + size * .14, "?", int(size * .4), "bold"))
    else:
        out += glyph(symbol, cx, cy, size * .3)
    if locked:
        lx, ly = x + size - 8, y - 6
        out += (f'<path d="M{lx - 6:g} {ly:g} v-5 a6 6 0 0 1 12 0 v5" fill="none" '
                f'stroke="#000" stroke-width="2.5"/><rect x="{lx - 9:g}" y="{ly:g}" '
                f'width="18" height="13" rx="2" fill="#FFD700" {INK}/>')
    return out


def mark(seat: int, name: str, x: float, y: float, r: float = 12) -> str:
    """A player's token: a shape per seat with the name's initial."""
    initial = (name.strip()[:1] or "?").upper()
    kind = MARK[seat % len(MARK)]
    body = shape(kind, x, y, r * (1.25 if kind in ("triangle", "diamond") else 1.1),
                 'fill="#fff" stroke="#000" stroke-width="2.5"')
    dy = r * .45 if kind == "triangle" else r * .38
    return body + text(x, y + dy, initial, int(r * 1.05), "bold")


def chest(x: float, y: float, size: float = 40) -> str:
    return (f'<rect x="{x:g}" y="{y + size * .3:g}" width="{size:g}" height="{size * .6:g}" '
            f'rx="3" fill="#8B5A2B" {INK}/>'
            f'<path d="M{x:g} {y + size * .32:g} Q{x + size / 2:g} {y - size * .05:g} '
            f'{x + size:g} {y + size * .32:g} Z" fill="#A0522D" {INK}/>'
            f'<rect x="{x + size * .42:g}" y="{y + size * .38:g}" width="{size * .16:g}" '
            f'height="{size * .2:g}" fill="#FFD700" stroke="#000"/>')


def board_svg(body: str, width: float, height: float, label: str, css: str) -> str:
    """An SVG that scales down to the width it is given (the pictures stay sharp)."""
    return (f'<svg class="{css}" role="img" aria-label="{escape(label)}" '
            f'viewBox="0 0 {width:g} {height:g}" width="{width:g}" '
            f'style="max-width:100%;height:auto" xmlns="http://www.w3.org/2000/svg">'
            f"<title>{escape(label)}</title>{body}</svg>")


# ---- the board ---------------------------------------------------------------------------
RW, RH = 336, 236          # one reef
SP = 64                    # one space
#: the sizes of a reef's labels: on the whole board, and on a reef shown on its own (its
#: smallest label about 18, like the other parts of :func:`focus_board`)
SMALL = {"title": 18, "value": 14, "treasure": 13, "mark": 12}
BIG = {"title": 22, "value": 19, "treasure": 18, "mark": 18}
#: a reef shown on its own is that much shorter (no line for its turtle)
BIG_CUT = 26


def _reef(r: ReefView, x: float, y: float, names: list[str], lang: Language,
          big: bool = False) -> str:
    """One reef at (x, y); ``big``: its labels drawn larger (the reef shown on its own,
    :func:`focus_board`), the line naming its turtle left to the caption under it."""
    label = BIG if big else SMALL
    colour = r["colour"]
    title = _t(lang, "reef_name", colour=colour_name(colour, lang))
    title = title[:1].upper() + title[1:]
    out = [f'<rect x="{x:g}" y="{y:g}" width="{RW - 8}" '
           f'height="{RH - 8 - (BIG_CUT if big else 0)}" rx="12" '
           f'fill="#EAF6FB" stroke="#123" stroke-width="2"/>',
           f'<rect x="{x:g}" y="{y:g}" width="{RW - 8}" height="34" rx="12" '
           f'fill="{FILL[colour]}" stroke="#123" stroke-width="2"/>']
    out.append(texture(PATTERN[colour], x + 4, y + 2, RW - 16, 30, 12))
    out.append(f'<rect x="{x + 8:g}" y="{y + 5:g}" '
               f'width="{len(title) * label["title"] * .62 + 14:g}" '
               f'height="25" rx="5" fill="#fff" stroke="#000"/>')
    out.append(text(x + 15, y + 24, title, label["title"], "bold", anchor="start"))
    spaces = r["spaces"]
    for i, sym in enumerate(SYMBOLS):
        sx, sy = x + 10 + (i % 3) * (SP + 8), y + 44 + (i // 3) * (SP + 10)
        occupant = spaces[sym]
        turtle_here = sym == "turtle" and r["turtle"] is not None
        border = "#0B6E4F" if turtle_here else "#333"
        # an empty space can be touched: it places the station's die of this colour and
        # symbol there (the table offers it only when that move is legal)
        out.append(f'<g data-tk-pick="place:{colour}-{sym}">' if not occupant else "<g>")
        out.append(f'<rect x="{sx:g}" y="{sy:g}" width="{SP}" height="{SP}" rx="8" '
                   f'fill="#fff" stroke="{border}" stroke-width="{4 if turtle_here else 2}"/>')
        if occupant:
            out.append(die(occupant, sym, sx + 4, sy + 4, SP - 8))
        else:
            out.append(glyph(sym, sx + SP / 2, sy + SP / 2, 19))
        out.append("</g>")
        value = DIVER_VALUE[i]
        if sym != "diver":
            size = label["value"]
            out.append(f'<circle cx="{sx + SP - 4:g}" cy="{sy + 4:g}" r="{size * .8:g}" '
                       'fill="#FFF3B0" stroke="#000" stroke-width="1.5"/>'
                       + text(sx + SP - 4, sy + 4 + size * .36, str(value), size, "bold"))
        seat = {"octopus": r["octopus"], "diver": r["diver"]}.get(sym)
        if seat is not None:
            m = label["mark"]
            out.append(mark(seat, names[seat], sx + m - 4, sy + SP - m + 6, m))
    # the treasure space, with its chest while it lies there
    tx, ty = x + 10 + 3 * (SP + 8), y + 44
    out.append(f'<rect x="{tx:g}" y="{ty:g}" width="{RW - 8 - (tx - x) - 8:g}" '
               f'height="{2 * SP + 10}" rx="8" fill="#FDF1DC" stroke="#333" '
               f'stroke-width="2"/>')
    mid = tx + (RW - 8 - (tx - x) - 8) / 2
    out.append(text(mid, ty + 18, _t(lang, "treasure"), label["treasure"], "bold"))
    if r["chest"]:
        out.append(chest(mid - 24, ty + 26, 48))
    occupant = spaces["treasure"]
    if occupant:
        out.append(die(occupant, "diver", mid - 24, ty + 2 * SP + 10 - 56, 48))
    if r["turtle"] is not None and not big:
        line = _t(lang, "turtle_on_reef", turtle=lang.t(f"{G}.turtle.{r['turtle']}"))
        size = min(15, int((RW - 36) / (.58 * len(line))))      # always inside the reef
        out.append(text(x + 12, y + RH - 18, line, size, anchor="start"))
    return "".join(out)


def _station(v: CoraliaView, x: float, y: float, lang: Language) -> str:
    out = [f'<rect x="{x:g}" y="{y:g}" width="{RW - 8}" height="150" rx="12" fill="#F4F4F4" '
           f'stroke="#123" stroke-width="2"/>',
           text(x + 12, y + 26, _t(lang, "station"), 18, "bold", anchor="start")]
    for i, d in enumerate(v["station"]):
        out.append(f'<g data-tk-pick="lock:{d["colour"]}-{d["symbol"]}">'
                   + die(d["colour"], d["symbol"], x + 14 + i * 62, y + 48, 54, d["locked"])
                   + "</g>")
        out.append(text(x + 41 + i * 62, y + 124, colour_name(d["colour"], lang), 12))
    if not v["station"]:
        out.append(text(x + 14, y + 80, _t(lang, "station_empty"), 14, anchor="start"))
    return "".join(out)


def _island(v: CoraliaView, x: float, y: float, lang: Language) -> str:
    out = [f'<rect x="{x:g}" y="{y:g}" width="{RW - 8}" height="150" rx="40" fill="#F3E3B5" '
           f'stroke="#8a6d3b" stroke-width="3"/>',
           text(x + 20, y + 26, _t(lang, "island"), 18, "bold", anchor="start")]
    dice = [(c, n) for c, n in v["island"].items()] + (
        [("white", v["white_on_island"])] if v["white_on_island"] else [])
    for i, (c, n) in enumerate(dice):
        dx, dy = x + 18 + (i % 4) * 76, y + 40 + (i // 4) * 52
        out.append(_plain_die(c, dx, dy, 40))
        out.append(text(dx + 56, dy + 27, f"×{n}", 17, "bold"))
    total = sum(v["island"].values()) + v["white_on_island"]
    out.append(text(x + RW - 22, y + 26, _t(lang, "island_total", count=total), 14,
                    anchor="end"))
    return "".join(out)


def _plain_die(colour: str, x: float, y: float, size: float) -> str:
    """A die seen from the side (its face does not matter): colour and pattern."""
    pat = PATTERN[colour]
    dash = ' stroke-dasharray="7 3"' if colour == "white" else ""
    out = (f'<rect x="{x:g}" y="{y:g}" width="{size:g}" height="{size:g}" rx="{size / 6:g}" '
           f'fill="{FILL[colour]}" stroke="#000" stroke-width="3"{dash}/>')
    return out + texture(pat, x + 2, y + 2, size - 4, size - 4, size / 5)


def _supply(v: CoraliaView, x: float, y: float, lang: Language) -> str:
    out = [f'<rect x="{x:g}" y="{y:g}" width="{RW - 8}" height="150" rx="12" fill="#F4F4F4" '
           f'stroke="#123" stroke-width="2"/>',
           text(x + 12, y + 26, _t(lang, "supply"), 18, "bold", anchor="start")]
    for i, c in enumerate(COLOURS):
        dx = x + 12 + (i % 3) * 104
        dy = y + 40 + (i // 3) * 50
        out.append(f'<g data-tk-pick="pick:{c}">{_plain_die(c, dx, dy, 38)}</g>')
        out.append(text(dx + 46, dy + 26, f"×{v['supply'][c]}", 17, "bold", anchor="start"))
    return "".join(out)


def _track(v: CoraliaView, y: float, lang: Language, hide_scores: bool) -> str:
    width = 3 * RW - 8
    top = max([60, *v["points"]]) if not hide_scores else 60
    top = -(-(top + 1) // 10) * 10
    step = (width - 40) / top
    out = [f'<rect x="0" y="{y:g}" width="{width}" height="132" rx="12" fill="#E3F1F8" '
           f'stroke="#123" stroke-width="2"/>',
           text(width - 12, y + 22, _t(lang, "track"), 16, "bold", anchor="end"),
           f'<line x1="20" y1="{y + 104:g}" x2="{20 + top * step:g}" y2="{y + 104:g}" '
           f'stroke="#000" stroke-width="2"/>']
    for n in range(top + 1):
        x = 20 + n * step
        if n % JELLYFISH_EVERY == 0:        # a big jellyfish
            out.append(f'<path d="M{x - 13:g} {y + 104:g} a13 13 0 0 1 26 0 Z" fill="#C9A0DC" '
                       f'stroke="#000" stroke-width="1.5"/>'
                       + "".join(f'<path d="M{x - 9 + 6 * k:g} {y + 104:g} q3 5 0 10" '
                                 f'fill="none" stroke="#7A4F91" stroke-width="2"/>'
                                 for k in range(4))
                       + text(x, y + 124, str(n), 12, "bold"))
        else:
            out.append(f'<line x1="{x:g}" y1="{y + 100:g}" x2="{x:g}" y2="{y + 108:g}" '
                       f'stroke="#000"/>')
    if not hide_scores:
        seen: dict[int, int] = {}
        for seat, (pts, name) in enumerate(zip(v["points"], lang.names(v["players"]),
                                               strict=True)):
            k = seen.get(pts, 0)
            seen[pts] = k + 1
            out.append(mark(seat, name, 20 + pts * step, y + 79 - k * 22, 10))
    return "".join(out)


def board(v: CoraliaView, lang: Language, hide: Collection[str] = ()) -> str:
    names = lang.names(v["players"])
    parts = []
    for i, r in enumerate(v["reefs"]):
        parts.append(_reef(r, (i % 3) * RW, (i // 3) * RH, names, lang))
    y = 2 * RH + 4
    parts.append(_station(v, 0, y, lang))
    parts.append(_island(v, RW, y, lang))
    parts.append(_supply(v, 2 * RW, y, lang))
    parts.append(_track(v, y + 160, lang, "scores" in hide))
    drawing = board_svg("".join(parts), 3 * RW - 8, y + 160 + 136, _t(lang, "board_label"),
                        "tk-co-board")
    return f'<div class="tk-co-boardbox" data-tk-part="reef station">{drawing}</div>'



# ---- one reef at a time: the projector and the phone ------------------------------------------
#: the moves whose argument starts with the colour of the reef they are about
_REEF_MOVES = ("place", "island", "lock", "reef", "open")


def placed_last(game: Game[Any]) -> str | None:
    """The reef a die was placed on last in this turn (None: none since the turn's dice
    were picked): what a step of an example or a review has just done."""
    for move in reversed(game.history):
        if move.kind == "place":
            return describe_move(move).colour
        if move.kind == "pick":
            return None
    return None


def reef_shown(v: CoraliaView, placed: str | None = None) -> str:
    """The reef a table is about now, shown first when one reef is shown at a time: the
    reef of the first die the mover may place (or keep), else the reef a die was just
    ``placed`` on (the next player has not rolled yet: the step's own result), else the
    reef of the first die in the research station, else the reef of the mover's diver,
    else the first reef."""
    colours = [r["colour"] for r in v["reefs"]]
    for move in v["legal"]:
        kind, _, arg = move.partition(":")
        colour = arg.split("-")[0]
        if kind in _REEF_MOVES and colour in colours:
            return colour
    if placed in colours:
        return placed
    for d in v["station"]:
        if d["colour"] in colours:
            return d["colour"]
    mover = v["to_move"]
    diver = v["divers"][mover] if mover is not None else None
    return diver if diver in colours else colours[0]


def _counted(dice: list[tuple[str, int]], y: float, lang: Language,
             pick: bool = False) -> tuple[str, float]:
    """Dice seen from the side, each with how many there are, six to a row from ``y``
    (each named in its tooltip; ``pick``: touched, the colour is taken); the rows' end."""
    out = []
    for i, (c, n) in enumerate(dice):
        dx, dy = 10 + (i % 6) * 52, y + (i // 6) * 32
        touch = f' data-tk-pick="pick:{c}"' if pick else ""
        out.append(f"<g{touch}><title>{escape(colour_name(c, lang))}</title>"
                   f"{_plain_die(c, dx, dy, 24)}</g>"
                   + text(dx + 27, dy + 19, f"×{n}", 18, "bold", anchor="start"))
    return "".join(out), y + max(1, -(-len(dice) // 6)) * 32


def _shared(v: CoraliaView, lang: Language) -> tuple[str, float]:
    """The research station, the supply and the island in one drawing as wide as a reef,
    no taller, its labels as large as those of a reef shown on its own (a die's name is
    its tooltip); its height."""
    w_ = RW - 8
    out = [text(10, 22, _t(lang, "station"), 18, "bold", anchor="start")]
    for i, d in enumerate(v["station"]):
        name = (die_name(d["colour"], d["symbol"], lang) if d["symbol"]
                else colour_name(d["colour"], lang))
        out.append(f'<g data-tk-pick="lock:{d["colour"]}-{d["symbol"]}"><title>{escape(name)}'
                   f'</title>{die(d["colour"], d["symbol"], 10 + i * 54, 32, 46, d["locked"])}'
                   "</g>")
    out.append(text(10, 100, _t(lang, "supply"), 18, "bold", anchor="start"))
    supply, y = _counted([(c, v["supply"][c]) for c in COLOURS], 108, lang, pick=True)
    total = sum(v["island"].values()) + v["white_on_island"]
    out += [supply, text(10, y + 18, _t(lang, "island"), 18, "bold", anchor="start"),
            text(w_ - 10, y + 18, _t(lang, "island_total", count=total), 18, anchor="end")]
    island, y = _counted([*v["island"].items(), *([("white", v["white_on_island"])]
                                                  if v["white_on_island"] else [])],
                         y + 26, lang)
    height = y + 6
    frame = (f'<rect x="1" y="1" width="{w_ - 2}" height="{height - 2:g}" rx="12" '
             'fill="#F4F4F4" stroke="#123" stroke-width="2"/>')
    return frame + "".join(out) + island, height


def focus_board(v: CoraliaView, lang: Language, placed: str | None = None) -> str:
    """The board one reef at a time, for the projector and a phone (the style sheet shows
    it there instead of :func:`board`): a row of switches, one per reef (the reef the
    table is about, :func:`reef_shown`, chosen), the chosen reef drawn large, and the
    research station, the supply and the island beside it. The points are in the
    players' panels. The switches are radio buttons: no script, no kernel."""
    names = lang.names(v["players"])
    shown = reef_shown(v, placed)
    tabs, reefs, captions = [], [], []
    for r in v["reefs"]:
        c = r["colour"]
        full = _t(lang, "reef_name", colour=colour_name(c, lang))
        full = full[:1].upper() + full[1:]
        checked = " checked" if c == shown else ""
        tabs.append(f'<label class="tk-co-tab" title="{escape(full)}">'
                    f'<input type="radio" name="reef" value="{c}" '
                    f'aria-label="{escape(full)}"{checked}>'
                    f'<span class="tk-co-swatch" style="background:{FILL[c]}"></span>'
                    f"{escape(_t(lang, f'reef_tab.{c}'))}</label>")
        drawing = board_svg(_reef(r, 1, 1, names, lang, big=True), RW - 6,
                            RH - 6 - BIG_CUT, full, "tk-co-part tk-co-reef")
        reefs.append(f'<div class="tk-co-one tk-co-one-{c}" data-tk-part="reef">{drawing}</div>')
        if r["turtle"] is not None:     # (a line under the drawings, as wide as they are)
            line = _t(lang, "turtle_on_reef", turtle=lang.t(f"{G}.turtle.{r['turtle']}"))
            captions.append(f'<p class="tk-co-one tk-co-one-{c} tk-co-caption">'
                            f"{escape(line)}</p>")
    body, height = _shared(v, lang)
    shared = board_svg(body, RW - 8, height, _t(lang, "shared_label"), "tk-co-part")
    if not v["station"]:
        captions.append(f'<p class="tk-co-caption">{escape(_t(lang, "station_empty"))}</p>')
    # (each board its own form: its switches a group of their own, whatever other boards
    # the page holds)
    return (f'<form class="tk-co-focus"><div class="tk-co-strip" role="radiogroup" '
            f'aria-label="{escape(_t(lang, "reefs"))}">{"".join(tabs)}</div>'
            f'<div class="tk-co-parts">{"".join(reefs)}'
            f'<div class="tk-co-shared" data-tk-part="station">{shared}</div>'
            f'{"".join(captions)}</div></form>')

# ---- players, cards, the scoring table -------------------------------------------------------
CARD_PILE = {"pear": "pearl", "fish": "fish", "stin": "fish", "star": "starfish"}


def card_html(code: str, lang: Language) -> str:
    kind = CARD_PILE[code[:4]]
    symbol = {"pearl": "pearl", "fish": "fish", "starfish": "starfish"}[kind]
    # (on a crowded slide the card's name alone: screen.py)
    pic = board_svg(glyph(symbol, 16, 16, 14), 32, 32, "", "tk-co-card-icon tk-compact-hide")
    name = lang.t(f"{G}.card.{code}")
    return (f'<span class="tk-co-card tk-co-card-{kind}" title="{escape(name)}">{pic}'
            f"<span>{escape(name)}</span></span>")


def card_backs_html(count: int, lang: Language) -> str:
    backs = "".join('<span class="tk-co-back"></span>' for _ in range(min(count, 12)))
    return (f'<span class="tk-co-backs">{backs}</span> '
            f'<span class="tk-co-count">{escape(_t(lang, "face_down", count=count))}</span>')


def _seat(v: CoraliaView, seat: int, lang: Language, hide: Collection[str]) -> str:
    t = lang.t
    name = lang.name(v["players"][seat])
    head = escape(name)
    if v["to_move"] == seat and v["phase"] != "over":
        head += f' <span class="tk-to-move">({escape(_t(lang, "to_move"))})</span>'
    icon = board_svg(mark(seat, name, 16, 16, 12), 32, 32, "", "tk-co-mark tk-compact-hide")
    lines = []
    if "scores" not in hide:
        points = _t(lang, "points", count=v["points"][seat])
        lines.append(f'<b class="tk-co-points">{escape(points)}</b>')
    else:
        lines.append(f'<b class="tk-co-points">{escape(_t(lang, "points_hidden"))}</b>')
    diver = v["divers"][seat]
    lines.append(escape(_t(lang, "octopuses_left", count=v["octopuses_left"][seat])) + " · "
                 + escape(_t(lang, "diver_on", reef=colour_name(diver, lang)) if diver
                          else _t(lang, "diver_ship")))
    turtles = v["turtles"][seat]
    if turtles:
        locked = sum(1 for d in v["station"] if d["locked"]) if v["to_move"] == seat else 0
        lines.append(escape(_t(lang, "turtles", turtles=join(
            [t(f"{G}.turtle.{x}") for x in turtles], lang.code))) +
            (f' <span class="tk-co-locked">{escape(_t(lang, "locked", count=locked))}</span>'
             if locked else ""))
    if v["chests"][seat]:
        lines.append(escape(_t(lang, "chests", chests=join(
            [t(f"{G}.chest.{x}") for x in v["chests"][seat]], lang.code))))
    # the cards this viewer sees face up (all of them for one's own seat and for the
    # spectator), then the backs of the rest: the final scoring turns them over step by step
    cards = v["open_cards"][seat]
    hidden = v["card_counts"][seat] - len(cards)
    if cards or not hidden:
        body = "".join(card_html(c, lang) for c in cards) or escape(_t(lang, "no_cards"))
        lines.append(f'<div class="tk-co-cards">{body}</div>')
    if hidden:
        lines.append(card_backs_html(hidden, lang))
    items = "".join(f"<div>{x}</div>" for x in lines)
    return (f'<div class="tk-panel tk-seat tk-co-seat"><h3>{icon} {head}</h3>{items}</div>')


def scoring_html(game: Game[Any], lang: Language) -> str:
    table = scoring_table(game)
    if table is None:
        return ""
    cols = ["player", "before", *STEPS, "total"]
    head = "".join(f"<th>{escape(_t(lang, f'col.{c}'))}</th>" for c in cols)
    rows = []
    for row in table.rows:
        cells = [escape(lang.name(row.player)), str(row.before)]
        cells += [str(x) if x is not None else "…" for x in row.steps]
        cells.append(f"<b>{row.total}</b>" if table.reached == len(STEPS) else "…")
        rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    return panel(_t(lang, "scoring_title"),
                 f'<table class="tk-score tk-co-scoring"><tr>{head}</tr>{"".join(rows)}</table>')


def render_table(game: Game[Any], lang: Language, seat: int | None = None, /,
                 hide: Collection[str] = ()) -> str:
    """The board and every ship as ``seat`` (None: a spectator) sees them, without the
    figures in ``hide`` ("scores") a lesson question asks for."""
    v = view_of(game, seat)
    extra = ""
    drawn = v["drawn"]
    if isinstance(drawn, list) and drawn:
        extra = panel(_t(lang, "drawn"),
                      f'<div class="tk-co-cards">{"".join(card_html(c, lang) for c in drawn)}'
                      "</div>", "drawn")
    piles = escape(_t(lang, "piles", stingrays=v["stingrays"], chests=v["chests_beside"],
                      **{p: n for p, n in v["piles"].items()}))
    beside = join([lang.t(f"{G}.turtle.{x}") for x in v["turtles_beside"]], lang.code)
    if beside:
        piles += "<br>" + escape(_t(lang, "turtles_beside", turtles=beside))
    seats = "".join(_seat(v, p, lang, hide) for p in range(len(v["players"])))
    scoring = "" if "scores" in hide else scoring_html(game, lang)
    focus = focus_board(v, lang, placed_last(game))
    if scoring:
        # (the final count on a crowded slide: the dice left in the supply, which it
        # counts, in words, for the board, which it no longer needs: screen.py)
        left = join([f"{v['supply'][c]} {colour_name(c, lang)}" for c in COLOURS
                     if v["supply"][c]], lang.code) or "0"
        focus = compactable(focus, [(f"{_t(lang, 'supply')}: {left}", "#7F7F7F")])
    return (f'<div class="tk-table tk-co">{board(v, lang, hide)}{focus}'
            f'<p class="tk-co-piles">{piles}</p>{extra}{scoring}'
            f'<div class="tk-cols" data-tk-part="players">{seats}</div></div>')


# ---- moves in words, the picker with its odds helper -------------------------------------------
def move_text(move: Move, lang: Language, view: dict[str, Any] | None = None) -> str:
    t, d = lang.t, describe_move(move)
    if d.colour is not None and d.symbol is not None:           # lock, place, island
        return _t(lang, f"move.{d.kind}", die=die_name(d.colour, d.symbol, lang),
                  reef=lang.t(f"{G}.reef", colour=colour_name(d.colour, lang)),
                  space=lang.t(f"{G}.space.{d.symbol}"))
    if d.kind == "pick" and d.colour is not None:
        four = view is not None and view["waiting"]["step"] == "pick_four"
        return _t(lang, "move.pick_four" if four else "move.pick",
                  colour=colour_name(d.colour, lang))
    if d.card is not None:                                      # keep, score
        return _t(lang, f"move.{d.kind}", card=t(f"{G}.card.{d.card}"))
    if d.kind == "reef":
        return (_t(lang, "move.reef_island") if d.island or d.colour is None
                else _t(lang, "move.reef", reef=t(f"{G}.reef", colour=colour_name(d.colour, lang))))
    if d.turtle is not None:
        return _t(lang, "move.copy", turtle=t(f"{G}.turtle.{d.turtle}"))
    if d.kind == "open" and d.colour is not None:
        return _t(lang, "move.open", reef=t(f"{G}.reef", colour=colour_name(d.colour, lang)))
    if d.pile is not None:
        return _t(lang, "move.pile", pile=t(f"{G}.pile.{d.pile}"))
    return t(f"{G}.move.{move.kind}", arg=move.arg)


def _die_of(move: Move, lang: Language) -> str:
    """The die a lock, place or island move names, in words."""
    d = describe_move(move)
    assert d.colour is not None and d.symbol is not None, move
    return die_name(d.colour, d.symbol, lang)


class OddsHelper(w.VBox):
    """Which die to take from the supply: the exact chance of the wanted die (a symbol on
    a reef) for each colour, worked out by the engine (``coralia.odds``)."""

    def __init__(self, lang: Language) -> None:
        super().__init__()
        self.lang = lang
        self.add_class("tk-co-odds")
        self.reef = w.Dropdown(options=[(c, c) for c in COLOURS], value="blue",
                               style={"description_width": "initial"})
        self.reef.add_class("tk-co-odds-reef")
        self.symbol = w.Dropdown(options=[(s, s) for s in SYMBOLS], value="octopus",
                                 style={"description_width": "initial"})
        self.symbol.add_class("tk-co-odds-symbol")
        self.out = w.HTML()
        self.out.add_class("tk-co-odds-out")
        self.view: dict[str, Any] | None = None
        self.reef.observe(lambda _c: self.render(), names="value")
        self.symbol.observe(lambda _c: self.render(), names="value")
        self.children = [w.HBox([self.reef, self.symbol],
                                layout=w.Layout(flex_flow="row wrap")).add_class("tk-gap-8"),
                         self.out]

    def show(self, view: dict[str, Any] | None) -> None:
        self.view = view
        self.layout.display = "" if view is not None else "none"
        self.render()

    def render(self) -> None:
        from ..games.coralia.odds import pick_table

        lang = self.lang
        relabel(self.reef, [(colour_name(c, lang), c) for c in COLOURS])
        relabel(self.symbol, [(lang.t(f"{G}.symbol.{s}"), s) for s in SYMBOLS])
        self.reef.description = _t(lang, "odds.reef")
        self.symbol.description = _t(lang, "odds.symbol")
        if self.view is None:
            return
        table = pick_table(self.view, self.reef.value, self.symbol.value)
        wanted = die_name(self.reef.value, self.symbol.value, lang)
        rows = "".join(
            f"<tr><td>{escape(_t(lang, 'odds.take', colour=colour_name(c, lang)))}</td>"
            f"<td><b>{escape(lang.t('widgets.number', n=Percent(float(p))))}</b></td>"
            f"<td>{p}</td></tr>"
            for c, p in table.items())
        self.out.value = panel(_t(lang, "odds.title", die=wanted),
                               f"<p>{escape(_t(lang, 'odds.intro'))}</p>"
                               f'<table class="tk-score">{rows}</table>')


class CoraliaPicker(w.VBox):
    """Click a die of the research station, then where it goes (its space, or the island);
    the other decisions are plain buttons, and before a roll the odds helper shows the
    chance of the die the player wants."""

    def __init__(self, game: str, lang: Language, on_move: Callable[[Move], None]) -> None:
        super().__init__()
        self.lang, self.on_move = lang, on_move
        self.add_class("tk-co-picker")
        self.prompt = w.HTML()
        self.dice = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.dice.add_class("tk-co-dice").add_class("tk-gap-6")
        self.targets = MovePicker(game, lang, on_move, move_text)
        self.buttons = MovePicker(game, lang, on_move, move_text)
        self.odds = OddsHelper(lang)
        self.places: list[Move] = []
        self.chosen: str | None = None
        self.view: dict[str, Any] | None = None
        self.children = [self.prompt, self.dice, self.targets, self.buttons, self.odds]
        lang.on_change(self._render)

    def update(self, moves: list[Move], view: dict[str, Any] | None = None) -> None:
        self.view = view
        self.places = [m for m in moves if m.kind in ("place", "island")]
        others = [m for m in moves if m.kind not in ("place", "island")]
        dice = [m.arg for m in self.places]
        if self.chosen not in dice:
            self.chosen = dice[0] if dice else None
        self.buttons.update(others, view)
        self.odds.show(view if any(m.kind == "pick" for m in others)
                       and view is not None and view["station"] else None)
        self._dice_buttons()
        self._render()

    def _dice_buttons(self) -> None:
        old = list(self.dice.children)
        buttons = []
        for m in self.places:
            b = w.Button(layout=w.Layout(width="auto"))
            b.add_class("tk-co-die")
            b.add_class(f"tk-co-die-{m.arg}")
            b.on_click(lambda _b, arg=m.arg: self.choose(arg))
            buttons.append(b)
        self.dice.children = buttons
        for b in old:
            b.close()

    def choose(self, arg: str) -> None:
        self.chosen = arg
        self._render()

    def _render(self) -> None:
        lang = self.lang
        for b, m in zip(self.dice.children, self.places, strict=True):
            b.description = _die_of(m, lang)
            b.button_style = "info" if m.arg == self.chosen else ""
            b.icon = "check" if m.arg == self.chosen else ""
        self.targets.update([m for m in self.places if m.arg == self.chosen], self.view)
        if self.places:
            text_ = _t(lang, "pick_die")
        elif self.view is not None and self.view["waiting"]["step"] == "pick_four":
            text_ = _t(lang, "pick_four")
        elif self.odds.layout.display != "none":
            text_ = _t(lang, "pick_lock")
        else:
            text_ = ""
        self.prompt.value = f'<p class="tk-co-prompt"><b>{escape(text_)}</b></p>' if text_ else ""
        self.odds.render()


#: the Play tab's move picker (``widgets.apps.play_tab``)
picker = CoraliaPicker


# ---- the pieces tab ------------------------------------------------------------------------
def pieces_panel(lang: Language) -> w.HTML:
    """Every dice colour with its pattern, the six symbols with their diver values, the
    turtles, the chests and the cards, named in the current language."""
    from ..games.coralia.cards import CARD_KINDS, CHESTS, TURTLES
    from .lang import live_html

    def render() -> str:
        t = lang.t
        dice = "".join(f'<span class="tk-co-card">'
                       f'{board_svg(_plain_die(c, 4, 4, 40), 48, 48, colour_name(c, lang), "")}'
                       f"<span>{escape(colour_name(c, lang))}</span></span>"
                       for c in (*COLOURS, "white"))
        symbols = "".join(
            f'<span class="tk-co-card">{board_svg(glyph(sym, 20, 20, 17), 40, 40, "", "")}'
            f'<span>{escape(t(f"{G}.symbol.{sym}"))} · '
            f'{escape(_t(lang, "diver_value", count=DIVER_VALUE[i]))}</span></span>'
            for i, sym in enumerate(SYMBOLS))
        cards = "".join(card_html(k.code, lang) for k in CARD_KINDS)
        turtles = "".join(f"<li>{escape(t(f'{G}.turtle.{x}'))}</li>" for x in TURTLES)
        chests = "".join(f"<li>{escape(t(f'{G}.chest.{x}'))}</li>" for x in CHESTS)
        return (panel(_t(lang, "pieces.dice"), f'<p>{escape(_t(lang, "pieces.dice_text"))}</p>'
                      f'<div class="tk-co-cards">{dice}</div>')
                + panel(_t(lang, "pieces.symbols"),
                        f'<p>{escape(_t(lang, "pieces.symbols_text"))}</p>'
                        f'<div class="tk-co-cards">{symbols}</div>')
                + panel(_t(lang, "pieces.cards"), f'<div class="tk-co-cards">{cards}</div>')
                + f'<div class="tk-cols">{panel(_t(lang, "pieces.turtles"), f"<ul>{turtles}</ul>")}'
                f'{panel(_t(lang, "pieces.chests"), f"<ul>{chests}</ul>")}</div>')

    return live_html(lang, render, "tk-co-pieces")


# ---- the app -------------------------------------------------------------------------------
def coralia_app(lang: Language) -> w.VBox:
    """Lesson, the rulebook's five examples, a game against the computer or each other."""
    from ..core.registry import game_spec
    from .app import app_frame
    from .apps import play_tab
    from .example_player import ExampleChooser
    from .lesson_player import LessonPlayer

    spec = game_spec(G)

    def play() -> w.Widget:
        player = play_tab(spec, lang)
        player.table.layout = w.Layout(flex="1 1 100%")   # the board takes the whole width
        for box in player.children:                       # buttons keep their own height
            if isinstance(box, w.HBox) and player.picker in box.children:
                box.layout.align_items = "flex-start"
        return player

    lesson = LessonPlayer(list(lesson_of(spec.name)), lang, render_table, seat=spec.lesson_seat)
    # the board is tall: the question, its answers and the feedback come first
    lesson.children = [lesson.head, lesson.choices, lesson.feedback, lesson.table,
                       lesson.narrator, *lesson.children[5:]]
    tabs = [
        ("widgets.tab.lesson", lesson),
        ("widgets.tab.examples",
         lambda: ExampleChooser(examples_of(spec.name), lang, render_table)),
        ("widgets.tab.play", play),
        (f"{G}.ui.tab.pieces", lambda: pieces_panel(lang)),
    ]
    box = app_frame(G, lang, tabs, spec.intro_key, render_table)
    box.children = (w.HTML(CSS), *box.children)
    return box
