"""Small SVG building blocks shared by every game's drawings.

Colours are from the Okabe-Ito palette (safe for colour-blind viewers), and
every colour also comes with a pattern and a printed name, so nothing depends
on colour alone.
"""

from __future__ import annotations

from html import escape

PALETTE = {
    "orange": "#E69F00", "sky": "#56B4E9", "green": "#009E73", "yellow": "#F0E442",
    "blue": "#0072B2", "vermilion": "#D55E00", "purple": "#CC79A7", "grey": "#7F7F7F",
    "black": "#000000", "white": "#FFFFFF",
}

PATTERNS = {
    "stripes": '<path d="M0 8 L8 0" stroke="#000" stroke-opacity=".35" stroke-width="2"/>',
    "dots": '<circle cx="4" cy="4" r="1.6" fill="#000" fill-opacity=".35"/>',
    "grid": '<path d="M0 0 H8 M0 0 V8" stroke="#000" stroke-opacity=".3" stroke-width="1.2"/>',
    "cross": ('<path d="M0 0 L8 8 M8 0 L0 8" stroke="#000" stroke-opacity=".3" '
              'stroke-width="1.2"/>'),
    "waves": ('<path d="M0 4 Q2 1 4 4 T8 4" fill="none" stroke="#000" stroke-opacity=".35" '
              'stroke-width="1.2"/>'),
    "plain": "",
}


def pattern_defs(name: str) -> str:
    """A ``<defs>`` block defining ``tk-pat-<name>`` (identical wherever it is repeated)."""
    return (f'<defs><pattern id="tk-pat-{name}" width="8" height="8" '
            f'patternUnits="userSpaceOnUse">{PATTERNS[name]}</pattern></defs>')


def text(x: float, y: float, body: str, size: int = 14, weight: str = "normal",
         anchor: str = "middle", fill: str = "#000", css: str = "") -> str:
    """A label; ``css``: its class (presenter mode hides ``tk-minor`` labels, whose
    information the drawing shows otherwise too, and draws some others larger)."""
    cls = f' class="{css}"' if css else ""
    return (f'<text{cls} x="{x}" y="{y}" font-family="DejaVu Sans, Arial, sans-serif" '
            f'font-size="{size}" font-weight="{weight}" text-anchor="{anchor}" '
            f'fill="{fill}">{escape(body)}</text>')


def svg(width: float, height: float, body: str, label: str, css_class: str = "",
        scale: float = 1.0, reads_as: float = 0) -> str:
    """An accessible inline SVG element, drawn at ``scale`` times its natural size.

    ``reads_as``: a drawing without words (a die) that must be seen as well as a label of
    that many units is read: presenter mode draws it as large as it draws such a label
    (``data-tk-label``, screen.py)."""
    named = f' data-tk-label="{reads_as:g}"' if reads_as else ""
    return (f'<svg class="{css_class}"{named} role="img" aria-label="{escape(label)}" '
            f'width="{width * scale:g}" height="{height * scale:g}" '
            f'viewBox="0 0 {width} {height}" '
            f'xmlns="http://www.w3.org/2000/svg"><title>{escape(label)}</title>{body}</svg>')


def shape(kind: str, x: float, y: float, r: float, attrs: str) -> str:
    """A small mark of radius ``r`` centred on (x, y): circle, square, triangle, diamond or
    cross (``attrs`` styles it; a cross is drawn with its stroke)."""
    if kind == "circle":
        return f'<circle cx="{x:g}" cy="{y:g}" r="{r * .9:g}" {attrs}/>'
    if kind == "square":
        return (f'<rect x="{x - r * .8:g}" y="{y - r * .8:g}" width="{r * 1.6:g}" '
                f'height="{r * 1.6:g}" {attrs}/>')
    if kind == "triangle":
        return (f'<polygon points="{x:g},{y - r:g} {x + r:g},{y + r * .8:g} '
                f'{x - r:g},{y + r * .8:g}" {attrs}/>')
    if kind == "diamond":
        return (f'<polygon points="{x:g},{y - r:g} {x + r:g},{y:g} {x:g},{y + r:g} '
                f'{x - r:g},{y:g}" {attrs}/>')
    d = r * .8
    return (f'<path d="M{x - d:g} {y - d:g} L{x + d:g} {y + d:g} M{x + d:g} {y - d:g} '
            f'L{x - d:g} {y + d:g}" {attrs}/>')


def pips(count: int, cx: float, y: float, r: float = 5, gap: float = 14) -> str:
    """``count`` filled dots centred on ``cx`` (e.g. pressure dots): only the dots there
    are, so that adding them up is never in doubt."""
    x0 = cx - (count - 1) * gap / 2
    return "".join(f'<circle class="tk-pip" cx="{x0 + i * gap:g}" cy="{y}" r="{r}" '
                   f'fill="#000" stroke="#fff" stroke-width="2"/>' for i in range(count))


def gauge(value: int, limit: int, width: float = 320, label: str = "") -> str:
    """A horizontal gauge from 0 to ``limit`` with tick marks (e.g. pressure)."""
    h = 30
    frac = min(value, limit) / limit
    fill = PALETTE["vermilion"] if value >= limit else PALETTE["blue"]
    ticks = "".join(
        f'<line x1="{4 + i * (width - 8) / limit}" y1="18" x2="{4 + i * (width - 8) / limit}" '
        f'y2="26" stroke="#000"/>' for i in range(limit + 1))
    body = (f'<rect x="4" y="4" width="{width - 8}" height="14" fill="#eee" stroke="#000"/>'
            f'<rect x="4" y="4" width="{(width - 8) * frac}" height="14" fill="{fill}"/>'
            f'{ticks}')
    return svg(width, h, body, label or f"{value} / {limit}", "tk-gauge")
