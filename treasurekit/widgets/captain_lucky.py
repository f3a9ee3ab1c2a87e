"""Captain Lucky drawings and the app: cards, sets, dice, the table, the odds lab.

Every treasure type has its own colour (Okabe-Ito), pattern, emblem and printed name, so
nothing depends on colour alone; a failed die is blank, hatched, outlined and crossed.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Collection
from html import escape
from typing import Any

import ipywidgets as w

from ..core.game import Game
from ..core.i18n import percent
from ..core.moves import Move
from ..core.teaching import examples_of, lesson_of
from ..games.captain_lucky.cards import (
    BLANK,
    DIE_FACES,
    GAME,
    SET_SIZE,
    TYPES,
    pack_for,
    set_sizes,
)
from ..games.captain_lucky.rules import describe_move, view_of
from ..games.captain_lucky.state import CaptainLuckyView
from .lang import Language, live_html, with_readout
from .move_picker import MovePicker
from .style import compactable, panel
from .svg import PALETTE, pattern_defs, shape, svg, text

# colour, pattern, emblem per treasure type
LOOK = {
    "silver": (PALETTE["sky"], "dots", "coin"),
    "gold": (PALETTE["yellow"], "stripes", "bar"),
    "pearl": (PALETTE["white"], "waves", "pearl"),
    "ruby": (PALETTE["vermilion"], "cross", "gem"),
    "jade": (PALETTE["green"], "grid", "fish"),
}
CW, CH = 84, 104      # card size (a long name makes a card wider)
NAME = 14             # the size of a card's name
EM = .68              # a bold letter's width, at most, as a share of its size (a name's box)
DIE = 46              # die size
#: a die, which has no words, reads like a label of this size: on the slide it is drawn
#: as large as such a label is (24 px at 1920x1080: a die of 92 px; svg.py)
DIE_READS_AS = 12

CSS = """
<style>
.tk-cl-sets { display: flex; flex-wrap: wrap; gap: 8px; align-items: flex-end; }
.tk-cl-player { border: 1px solid #888; border-radius: 8px; padding: 4px 8px; margin: 4px 0; }
.tk-cl-player.tk-cl-active { border: 3px solid #0072B2; }
.tk-cl-player { line-height: 1.3; }
.tk-cl-player p { margin: 2px 0; }
.tk-cl-captain-row { display: flex; align-items: center; gap: 6px; font-size: 0.85em; }
.tk-cl-captain-row > svg { flex: none; }
.tk-cl-parts { display: flex; flex-wrap: wrap; gap: 4px 16px; align-items: flex-start; }
.tk-cl-table .tk-cols > .tk-cl-player { flex: 1 1 220px; }
.tk-cl-dice { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
.tk-cl-roll { margin: 2px 0; }
.tk-cl-odds table { border-collapse: collapse; margin: 4px 0; }
.tk-cl-odds td, .tk-cl-odds th { border: 1px solid #bbb; padding: 2px 7px; text-align: right; }
</style>
"""


def _emblem(kind: str, cx: float, cy: float) -> str:
    s = 'fill="#fff" stroke="#000" stroke-width="2"'
    if kind == "coin":
        return (f'<circle cx="{cx}" cy="{cy}" r="14" {s}/>'
                f'<circle cx="{cx}" cy="{cy}" r="8" fill="none" stroke="#000"/>')
    if kind == "bar":
        return (f'<polygon points="{cx - 16},{cy + 9} {cx - 10},{cy - 8} {cx + 10},{cy - 8} '
                f'{cx + 16},{cy + 9}" {s}/>')
    if kind == "pearl":
        return (f'<circle cx="{cx}" cy="{cy}" r="12" {s}/>'
                f'<circle cx="{cx - 4}" cy="{cy - 4}" r="3" fill="#000" fill-opacity=".3"/>')
    if kind == "gem":
        return (f'<polygon points="{cx},{cy - 15} {cx + 13},{cy - 3} {cx},{cy + 15} '
                f'{cx - 13},{cy - 3}" {s}/>')
    return (f'<ellipse cx="{cx - 3}" cy="{cy}" rx="13" ry="8" {s}/>'
            f'<polygon points="{cx + 9},{cy} {cx + 18},{cy - 8} {cx + 18},{cy + 8}" {s}/>'
            f'<circle cx="{cx - 9}" cy="{cy - 2}" r="2"/>')


def name_lines(label: str) -> tuple[list[str], int]:
    """A card's name as drawn on it: one line, or two where it is long and has two words
    ("Zilveren / munt"), and its size (NAME; smaller only for a name longer than a card
    twice as wide as CW holds)."""
    lines = label.split(" ", 1) if len(label) > 8 else [label]
    return lines, min(NAME, int((2 * CW - 16) / (EM * max(len(x) for x in lines))))


def card_width(lines: list[str], size: int) -> int:
    """A card as wide as its name takes, CW at least (every card's name the same size, so
    that the projector, which draws each drawing large enough for its smallest label,
    draws the sets of a row the same height: screen.py)."""
    return max(CW, math.ceil(EM * size * max(len(x) for x in lines)) + 16)


def _card_body(name: str, lang: Language, x: float = 0, y: float = 0) -> str:
    colour, pattern, emblem = LOOK[name]
    lines, size = name_lines(lang.t(f"{GAME}.type.{name}"))
    cw = card_width(lines, size)
    top = CH - 11 - 15 * len(lines)
    return (f'<g transform="translate({x},{y})">'
            f'<rect x="2" y="2" width="{cw - 4}" height="{CH - 4}" rx="8" fill="{colour}" '
            f'stroke="#000" stroke-width="2.5"/>'
            f'<rect x="2" y="2" width="{cw - 4}" height="{CH - 4}" rx="8" '
            f'fill="url(#tk-pat-{pattern})"/>'
            f'<rect x="6" y="{top}" width="{cw - 12}" height="{15 * len(lines) + 5}" rx="4" '
            f'fill="#fff" stroke="#000"/>'
            + "".join(text(cw / 2, top + 15 * (i + 1), line, size, "bold")
                      for i, line in enumerate(lines))
            + _emblem(emblem, cw / 2, 36) + "</g>")


def set_svg(name: str, count: int, lang: Language, scale: float = 1.0) -> str:
    """A face-up set: up to five stacked cards of one type and its size in a badge."""
    shown = max(1, min(count, SET_SIZE))
    off = 7
    card = card_width(*name_lines(lang.t(f"{GAME}.type.{name}")))
    width, height = card + off * (shown - 1), CH + 4
    body = [pattern_defs(LOOK[name][1])]
    body += [_card_body(name, lang, i * off, 0) for i in range(shown)]
    bx = width - 16
    body.append(f'<circle cx="{bx}" cy="16" r="13" fill="#000"/>'
                + text(bx, 21, f"{count}", 14, "bold", fill="#fff"))
    label = lang.t(f"{GAME}.ui.set_label", n=count, type=lang.t(f"{GAME}.type.{name}"))
    return svg(width, height, "".join(body), label, f"tk-cl-set tk-cl-set-{name}", scale)


def card_back_svg(count: int, lang: Language, scale: float = 0.6) -> str:
    """Hidden hand cards: backs only, with how many there are."""
    body = (f'<rect x="2" y="2" width="{CW - 4}" height="{CH - 4}" rx="8" fill="#555" '
            f'stroke="#000" stroke-width="2"/>'
            f'<rect x="10" y="10" width="{CW - 20}" height="{CH - 20}" rx="5" fill="none" '
            f'stroke="#fff" stroke-dasharray="4 3"/>' + text(CW / 2, CH / 2 + 8, str(count),
                                                               26, "bold", fill="#fff"))
    return svg(CW, CH, body, lang.t(f"{GAME}.ui.hidden_hand", n=count), "tk-cl-back", scale)


def holding_html(counts: dict[str, int], lang: Language, empty: str, scale: float = 0.8,
                 owner: str = "") -> str:
    """Every set of a holding (middle or a player's treasure), type by type."""
    # each set may be named as the target of a steal: touch it (token owner-type-size)
    sets = [f'<span class="tk-pick" data-tk-pick="{owner}-{name}-{size}">'
            f'{set_svg(name, size, lang, scale)}</span>' if owner else
            set_svg(name, size, lang, scale)
            for name in TYPES for size in set_sizes(counts.get(name, 0))]
    if not sets:
        return f'<p class="tk-muted">{escape(empty)}</p>'
    return compactable(f'<div class="tk-cl-sets">{"".join(sets)}</div>',
                       (_chip(name, set_sizes(counts[name]), lang) for name in TYPES
                        if counts.get(name)))


def _chip(name: str, sizes: list[int], lang: Language) -> tuple[str, str]:
    """The sets of a type (or its cards in a hand) as a chip of words on a crowded slide
    (style.chips): the type and each set's size ("Robijn: 5, 4")."""
    return (f"{lang.t(f'{GAME}.type.{name}')}: {', '.join(str(n) for n in sizes)}",
            LOOK[name][0])


def hand_html(counts: dict[str, int], lang: Language, own: bool = False) -> str:
    """A hand, type by type. In the hand of the player to move (``own``) a type may be
    touched to place cards of it (token: the type; the move buttons say how many)."""
    cards = [f'<span class="tk-pick" data-tk-pick="{name}">'
             f'{set_svg(name, counts[name], lang, 0.6)}</span>' if own else
             set_svg(name, counts[name], lang, 0.6) for name in TYPES if counts.get(name)]
    if not cards:
        return f'<p class="tk-muted">{escape(lang.t(f"{GAME}.ui.no_hand"))}</p>'
    return compactable(f'<div class="tk-cl-sets tk-cl-hand">{"".join(cards)}</div>',
                       (_chip(name, [counts[name]], lang) for name in TYPES if counts.get(name)))


def die_svg(face: str, lang: Language, fresh: bool = True) -> str:
    """One die: the pirate head, or a blank face marked as failed (hatched, red, crossed).
    Dice kept from an earlier roll are drawn faded."""
    opacity = "1" if fresh else ".45"
    if face == "P":
        body = (f'<rect x="2" y="2" width="{DIE - 4}" height="{DIE - 4}" rx="8" fill="#fff" '
                f'stroke="#000" stroke-width="2.5"/>'
                f'<circle cx="23" cy="22" r="12" fill="#000"/>'
                f'<path d="M11 17 Q23 5 35 17 Z" fill="{PALETTE["vermilion"]}" stroke="#000"/>'
                f'<circle cx="18" cy="23" r="3" fill="#fff"/>'
                f'<rect x="25" y="20" width="7" height="5" rx="2" fill="#fff"/>'
                f'<path d="M16 31 H30" stroke="#fff" stroke-width="2"/>')
        label = lang.t(f"{GAME}.die.pirate")
    else:
        body = (pattern_defs("stripes")
                + f'<rect x="2" y="2" width="{DIE - 4}" height="{DIE - 4}" rx="8" fill="#fff" '
                f'stroke="{PALETTE["vermilion"]}" stroke-width="4" stroke-dasharray="6 3"/>'
                f'<rect x="4" y="4" width="{DIE - 8}" height="{DIE - 8}" rx="6" '
                f'fill="url(#tk-pat-stripes)"/>'
                f'<path d="M14 14 L32 32 M32 14 L14 32" stroke="{PALETTE["vermilion"]}" '
                f'stroke-width="4"/>')
        label = lang.t(f"{GAME}.ui.die_failed")
    kind = "pirate" if face == "P" else "blank"
    return svg(DIE, DIE, f'<g opacity="{opacity}">{body}</g>', label,
               f"tk-cl-die tk-cl-die-{kind}", reads_as=DIE_READS_AS)


def rolls_html(rolls: list[list[str]], lang: Language) -> str:
    """Every roll of the attempt, die by die: all the set's dice after each roll, the dice
    rolled this time at full strength, the ones kept from before faded."""
    t = lang.t
    dice: list[str] = []
    rows = []
    for i, (cause, faces) in enumerate(rolls):
        fresh = [True] * len(faces)
        if cause == "roll":
            dice = list(faces)
        else:
            it = iter(faces)
            fresh = [d == "B" for d in dice]
            dice = [next(it) if d == "B" else d for d in dice]
        blanks = dice.count("B")
        icons = "".join(die_svg(d, lang, f) for d, f in zip(dice, fresh, strict=True))
        verdict = (t(f"{GAME}.ui.all_pirates") if not blanks
                   else t(f"{GAME}.ui.blanks", n=blanks))
        rows.append(f'<div class="tk-cl-roll"><b>{escape(t(f"{GAME}.ui.roll.{cause}", n=i + 1))}'
                    f'</b> <div class="tk-cl-dice">{icons} <span>{escape(verdict)}</span></div>'
                    f"</div>")
    return "".join(rows)


def captain_html(heart: bool, used: bool, lang: Language) -> str:
    t = lang.t
    name = t(f"{GAME}.ui.captain_heart") if heart else t(f"{GAME}.ui.captain")
    state = t(f"{GAME}.ui.bonus_used") if used else t(f"{GAME}.ui.bonus_ready")
    fill = "#777" if used else PALETTE["orange"]
    mark = "♥" if heart else "⚓"
    body = (f'<rect x="2" y="2" width="40" height="54" rx="6" fill="{fill}" stroke="#000" '
            f'stroke-width="2"/>' + (text(22, 36, mark, 22, "bold") if not used else
                                     text(22, 34, "↺", 20, "bold", fill="#fff")))
    return (svg(44, 58, body, f"{name}: {state}", "tk-cl-captain", 0.8)
            + f' <span class="tk-cl-captain-text">{escape(name)} — {escape(state)}</span>')


def render_table(game: Game[Any], lang: Language, seat: int | None = None, /,
                 hide: Collection[str] = ()) -> str:
    """The whole table as one player (or, with ``seat=None``, a spectator) sees it; the
    points are left out when ``hide`` names "scores" (a lesson question asks for them)."""
    t = lang.t
    v = view_of(game, seat)       # seat None: a spectator, who sees every hand
    names = lang.names(v["players"])
    if v["phase"] == "over":
        status = t(f"{GAME}.ui.status_over", pile=v["pile"],
                   discards=sum(v["discards"].values()))
    else:
        status = t(f"{GAME}.ui.status", pile=v["pile"], discards=sum(v["discards"].values()),
                   player=names[v["turn"]])
    if v["end_announced"]:
        status += " " + t(f"{GAME}.ui.end_announced", heart=names[v["heart"]])
    parts = [CSS, f'<p class="tk-cl-status" data-tk-part="status">{escape(status)}</p>',
             panel(t(f"{GAME}.ui.middle"),
                   holding_html(v["middle"], lang, t(f"{GAME}.ui.empty_middle"),
                                owner="middle"), "middle")]
    if v["target"] is not None or v["rolls"]:
        parts.append(panel(t(f"{GAME}.ui.attempt"), _attempt_html(v, lang), "attempt"))
    players = []
    own, scores = v["hand"], v["scores"]
    for i, name in enumerate(names):
        if seat is None:
            hand = hand_html(v["hands"][i], lang, own=i == v["turn"])
        elif i == seat and own is not None:
            hand = hand_html(own, lang, own=True)
        else:
            hand = card_back_svg(v["hand_sizes"][i], lang)
        head = (t("learner.cl.player_head", player=name, cards=v["hand_sizes"][i])
                if "scores" in hide or scores is None else
                t(f"{GAME}.ui.player_head", player=name, score=scores[i],
                  cards=v["hand_sizes"][i]))
        active = " tk-cl-active" if i == v["turn"] and v["phase"] != "over" else ""
        # (on the slide a player's column is as wide as the drawings it holds: presenter.py)
        shown = hand.count("<svg") + sum(len(set_sizes(n)) for n in v["collections"][i].values())
        players.append(
            f'<div class="tk-cl-player{active}" style="--tk-sets: {1 + shown}">'
            f'<b>{escape(head)}</b>'
            f'<div class="tk-cl-captain-row">'
            f'{captain_html(i == v["heart"], v["bonus_used"][i], lang)}</div>'
            # hand and treasure side by side: a table of six stays compact
            f'<div class="tk-cl-parts"><div><p>{escape(t(f"{GAME}.ui.hand"))}</p>{hand}</div>'
            f'<div><p>{escape(t(f"{GAME}.ui.treasure"))}</p>'
            f'{holding_html(v["collections"][i], lang, t(f"{GAME}.ui.no_treasure"), 0.6, f"p{i}")}'
            "</div></div></div>")
    parts.append(f'<div class="tk-cols" data-tk-part="players">{"".join(players)}</div>')
    return '<div class="tk-table tk-cl-table">' + "".join(parts) + "</div>"


def _attempt_html(v: CaptainLuckyView, lang: Language) -> str:
    t = lang.t
    out = ""
    target = v["target"]
    if target is not None:
        where = (t(f"{GAME}.ui.in_middle") if target["owner"] < 0
                 else t(f"{GAME}.ui.of_player", player=v["players"][target["owner"]]))
        out += (f'<p class="tk-cl-target">{escape(t(f"{GAME}.ui.target", where=where))}</p>'
                + compactable(set_svg(target["type"], target["size"], lang, 0.7),
                              [_chip(target["type"], [target["size"]], lang)]))
    out += rolls_html(v["rolls"], lang)
    if v["result"]:
        result = t(f"{GAME}.ui.result.{v['result']}")
        out += f'<p class="tk-cl-result"><b>{escape(result)}</b></p>'
    return out


# ---- moves with readable labels ------------------------------------------------------
def move_text(move: Move, lang: Language, view: dict[str, Any] | None) -> str:
    """A move in words, naming types and players from the mover's view (button text)."""
    t, d = lang.t, describe_move(move)
    if d.kind == "place":
        return t(f"{GAME}.ui.move.place", n=d.size, type=t(f"{GAME}.type.{d.type}"))
    if d.kind == "steal":
        kind = t(f"{GAME}.type.{d.type}")
        if d.owner is None:
            return t(f"{GAME}.ui.move.steal_middle", n=d.size, type=kind)
        who = lang.names(view["players"])[d.owner] if view else f"p{d.owner}"
        return t(f"{GAME}.ui.move.steal_player", n=d.size, type=kind, player=who)
    if d.kind == "reroll":
        failed = view["dice"].count(BLANK) if view else "?"
        return t(f"{GAME}.ui.move.reroll", n=failed, type=t(f"{GAME}.type.{d.type}"))
    return t(f"{GAME}.move.{move.kind}", arg=move.arg)


def captain_lucky_moves(game: str, lang: Language, on_move: Callable[[Move], None]) -> w.Widget:
    """The shared move picker, with labels that name treasure types and players."""
    return MovePicker(game, lang, on_move, move_text)


def captain_lucky_player(lang: Language) -> w.Widget:
    """A game against the computer or pass-and-play (the player counts of the spec)."""
    from ..core.registry import game_spec
    from .apps import play_tab

    return play_tab(game_spec(GAME), lang)


#: the Play tab's move picker (``widgets.apps.play_tab``)
picker = captain_lucky_moves


# ---- odds lab -----------------------------------------------------------------------
MARKERS = ("circle", "square", "triangle", "diamond", "cross")
LINE_COLOURS = (PALETTE["blue"], PALETTE["vermilion"], PALETTE["green"], PALETTE["purple"],
                PALETTE["orange"])


def _marker(kind: str, x: float, y: float, colour: str) -> str:
    if kind == "cross":
        return shape(kind, x, y, 5, f'stroke="{colour}" stroke-width="3"')
    return shape(kind, x, y, 5, f'fill="{colour}" stroke="#000"')


def odds_plot(table: Any, lang: Language) -> str:
    """Winning chance against matching hand cards, one line per set size; solid with the
    captain bonus unused, dashed when it is used. Lines differ in colour, marker and label."""
    t = lang.t
    width, height, left, top, pw, ph = 640, 280, 50, 14, 400, 220
    cards = table.shape[1] - 1

    def xy(m: int, p: float) -> tuple[float, float]:
        return left + m * pw / cards, top + (1 - p) * ph

    body = [f'<rect x="{left}" y="{top}" width="{pw}" height="{ph}" fill="#fff" stroke="#000"/>']
    for q in range(0, 11, 2):
        _, y = xy(0, q / 10)
        body.append(f'<line x1="{left}" y1="{y}" x2="{left + pw}" y2="{y}" stroke="#ddd"/>'
                    + text(left - 6, y + 4, f"{q * 10}%", 11, anchor="end"))
    for m in range(cards + 1):
        x, _ = xy(m, 0)
        body.append(text(x, top + ph + 16, str(m), 11))
    body.append(text(left + pw / 2, height - 2, t(f"{GAME}.ui.odds.x_axis"), 12))
    for k in range(1, table.shape[0]):
        colour, marker = LINE_COLOURS[k - 1], MARKERS[k - 1]
        for b, dash in ((1, ""), (0, ' stroke-dasharray="6 4"')):
            pts = [xy(m, float(table[k, m, b])) for m in range(cards + 1)]
            path = " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)
            body.append(f'<polyline points="{path}" fill="none" stroke="{colour}" '
                        f'stroke-width="2.5"{dash}/>')
            body += [_marker(marker, x, y, colour) for x, y in pts]
    # a legend beside the plot (line ends near 100% would overlap): one row per set size,
    # then what solid and dashed mean
    lx = left + pw + 18
    for k in range(1, table.shape[0]):
        colour, marker = LINE_COLOURS[k - 1], MARKERS[k - 1]
        ly = top + 8 + (k - 1) * 20
        body.append(f'<line x1="{lx - 8}" y1="{ly}" x2="{lx + 8}" y2="{ly}" stroke="{colour}" '
                    f'stroke-width="2.5"/>' + _marker(marker, lx, ly, colour)
                    + text(lx + 16, ly + 4, t(f"{GAME}.ui.odds.k_label", k=k), 11, "bold",
                           anchor="start"))
    for i, (key, dash) in enumerate((("solid", ""), ("dashed", ' stroke-dasharray="6 4"'))):
        ly = top + 8 + (table.shape[0] + i) * 20
        body.append(f'<line x1="{lx - 8}" y1="{ly}" x2="{lx + 12}" y2="{ly}" stroke="#000" '
                    f'stroke-width="2.5"{dash}/>'
                    + text(lx + 16, ly + 4, t(f"learner.cl.odds.{key}"), 11, anchor="start"))
    return svg(width, height, "".join(body), t(f"{GAME}.ui.odds.plot_label"), "tk-chart")


def _pct_cell(p: float, lang: str) -> str:
    return f"<td>{percent(float(p), lang)}</td>"


def odds_table_html(table: Any, bonus: int, lang: Language) -> str:
    t = lang.t
    cards = table.shape[1]
    head = "".join(f"<th>{m}</th>" for m in range(cards))
    cells = [[_pct_cell(table[k, m, bonus], lang.code) for m in range(cards)]
             for k in range(table.shape[0])]
    rows = "".join(f'<tr><th>{k}</th>{"".join(cells[k])}</tr>' for k in range(1, table.shape[0]))
    title = t(f"{GAME}.ui.odds.table_bonus" if bonus else f"{GAME}.ui.odds.table_no_bonus")
    return (f'<table class="tk-cl-odds-table tk-cl-odds-b{bonus}"><caption>{escape(title)}'
            f'</caption><tr><th>{escape(t(f"{GAME}.ui.odds.k_m"))}</th>{head}</tr>{rows}</table>')


def policy_html(policy: Any, size: int, lang: Language) -> str:
    """The best action after a failed roll, for every number of blank dice and cards."""
    from ..games.captain_lucky.odds import ACTIONS

    t = lang.t
    out = []
    for b in (1, 0):
        head = "".join(f"<th>{m}</th>" for m in range(policy.action.shape[1]))
        rows = []
        for f in range(1, size + 1):
            cells = "".join(
                f'<td class="tk-cl-act-{ACTIONS[int(policy.action[f, m, b])]}">'
                f'{escape(t(f"{GAME}.ui.act." + ACTIONS[int(policy.action[f, m, b])]))}</td>'
                for m in range(policy.action.shape[1]))
            rows.append(f"<tr><th>{f}</th>{cells}</tr>")
        title = t(f"{GAME}.ui.odds.policy_bonus" if b else f"{GAME}.ui.odds.policy_no_bonus")
        out.append(f"<table><caption>{escape(title)}</caption><tr><th>"
                   f'{escape(t(f"{GAME}.ui.odds.f_m"))}</th>{head}</tr>{"".join(rows)}</table>')
    return "".join(out)


class OddsLab(w.VBox):
    """Exact chances of stealing a set, the best re-roll policy, and a simulation check.

    Everything is recomputed when an input changes; a language change only re-renders.
    """

    def __init__(self, lang: Language) -> None:
        super().__init__()
        self.lang = lang
        self.add_class("tk-odds")
        self.add_class("tk-cl-odds")
        style = {"description_width": "initial"}
        self.faces = w.IntSlider(value=3, min=1, max=DIE_FACES - 1, style=style,
                                 continuous_update=False)
        self.faces.add_class("tk-cl-faces")
        self.card_value = w.FloatSlider(value=0.3, min=0.0, max=2.0, step=0.1, style=style,
                                        continuous_update=False)
        self.size = w.Dropdown(options=[1, 2, 3, 4, 5], value=3, style=style)
        self.check = w.Button(button_style="info", icon="random")
        self.check.add_class("tk-odds-go")
        self.head, self.out, self.policy_out, self.sim_out = (w.HTML(), w.HTML(), w.HTML(),
                                                              w.HTML())
        self.sim: list[tuple[int, int, int, float, float]] = []
        for control in (self.faces, self.card_value, self.size):
            control.observe(lambda _c: self.compute(), names="value")
        self.check.on_click(lambda _b: self.simulate())
        self.children = [self.head, with_readout(self.faces, lang), self.out,
                         w.HBox([self.size, with_readout(self.card_value, lang)]),
                         self.policy_out, self.check, self.sim_out]
        lang.on_change(self.render)
        self.compute()

    def compute(self) -> None:
        from ..games.captain_lucky import odds

        odds.win_table(self.faces.value)        # warm: numpy imported, code paths loaded
        odds.solve.cache_clear()
        start = time.perf_counter()
        self.table = odds.win_table(self.faces.value)
        self.ms = 1000 * (time.perf_counter() - start)
        self.policy = odds.solve(float(self.size.value), float(self.card_value.value), 1.0,
                                 self.faces.value)
        self.sim = []
        self.render()

    def simulate(self) -> None:
        from ..games.captain_lucky import odds

        cells = [(k, min(k, 2), 1) for k in range(1, 6)] + [(3, 0, 0), (5, 5, 1)]
        self.sim = [(k, m, b, float(self.table[k, m, b]),
                     odds.simulate(k, m, bool(b), 100_000, seed=k * 7 + m,
                                   pirate_faces=self.faces.value)) for k, m, b in cells]
        self.render()

    def render(self) -> None:
        t = self.lang.t
        self.head.value = CSS + panel(t(f"{GAME}.ui.odds.title"),
                                      f'<p>{escape(t(f"{GAME}.ui.odds.intro"))}</p>')
        self.faces.description = t(f"{GAME}.ui.odds.faces")
        self.card_value.description = t(f"{GAME}.ui.odds.card_value")
        self.size.description = t(f"{GAME}.ui.odds.size")
        self.check.description = t(f"{GAME}.ui.odds.check")
        timing = t(f"{GAME}.ui.odds.timing", ms=round(self.ms, 1), faces=self.faces.value)
        self.out.value = (f'<p class="tk-cl-odds-timing">{escape(timing)}</p>'
                          f'<div class="tk-cols"><div>{odds_table_html(self.table, 1, self.lang)}'
                          f'{odds_table_html(self.table, 0, self.lang)}</div>'
                          f"<div>{odds_plot(self.table, self.lang)}"
                          f'<p class="tk-cl-odds-lines">{escape(t("learner.cl.odds.lines"))}</p>'
                          "</div></div>")
        value = self.policy.start(self.size.value, 0, True)
        intro = t(f"{GAME}.ui.odds.policy_intro", size=self.size.value,
                  card=float(self.card_value.value), value=round(float(value), 2))
        self.policy_out.value = (
            f"<p>{escape(intro)}</p>"
            f'<div class="tk-cols">{policy_html(self.policy, self.size.value, self.lang)}</div>')
        if not self.sim:
            self.sim_out.value = ""
            return
        used = {1: t(f"{GAME}.ui.odds.yes"), 0: t(f"{GAME}.ui.odds.no")}
        code = self.lang.code
        rows = "".join(
            f"<tr><td>{k}</td><td>{m}</td><td>{escape(used[b])}</td>"
            f"<td>{percent(exact, code, 2)}</td><td>{percent(sim, code, 2)}</td></tr>"
            for k, m, b, exact, sim in self.sim)
        head = "".join(f"<th>{escape(t(f'{GAME}.ui.odds.col.{c}'))}</th>"
                       for c in ("k", "m", "bonus", "exact", "simulated"))
        self.sim_out.value = (f'<table class="tk-cl-sim"><tr>{head}</tr>{rows}</table>'
                              f'<p>{escape(t(f"{GAME}.ui.odds.sim_note"))}</p>')


# ---- the app ------------------------------------------------------------------------
def components_panel(lang: Language) -> w.HTML:
    """The treasure types with their counts, a captain card and both die faces."""
    def render() -> str:
        t = lang.t
        rows = []
        for players, key in ((4, "main"), (6, "both")):
            pack = pack_for(players)
            sets = "".join(
                f'<div>{set_svg(name, n, lang, 0.8)}<p class="tk-caption">'
                f'{escape(t(f"{GAME}.type.{name}"))}: {n}</p></div>'
                for name, n in zip(TYPES, pack, strict=True))
            rows.append(panel(t(f"{GAME}.ui.pack.{key}", n=sum(pack)),
                              f'<div class="tk-cl-sets">{sets}</div>'))
        dice = die_svg("P", lang) + " " + die_svg("B", lang)
        rows.append(panel(t(f"{GAME}.ui.dice_title"),
                          f'<div class="tk-cl-dice">{dice}</div>'
                          f'<p>{escape(t(f"{GAME}.ui.dice_text"))}</p>'))
        rows.append(panel(t(f"{GAME}.ui.captains_title"),
                          captain_html(True, False, lang) + "<br>"
                          + captain_html(False, True, lang)))
        return CSS + "".join(rows)

    return live_html(lang, render)


def captain_lucky_app(lang: Language) -> w.VBox:
    """Lesson, the rulebook's four examples, a game against the computer, the odds lab."""
    from ..core.registry import game_spec
    from .app import app_frame
    from .example_player import ExampleChooser
    from .lesson_player import LessonPlayer

    spec = game_spec(GAME)
    tabs = [
        ("widgets.tab.lesson", LessonPlayer(list(lesson_of(spec.name)), lang, render_table,
                                            seat=spec.lesson_seat)),
        (f"{GAME}.ui.tab.examples",
         lambda: ExampleChooser(examples_of(spec.name), lang, render_table)),
        ("widgets.tab.play", lambda: captain_lucky_player(lang)),
        ("widgets.tab.odds", lambda: OddsLab(lang)),
        (f"{GAME}.ui.tab.components", lambda: components_panel(lang)),
    ]
    return app_frame(GAME, lang, tabs, spec.intro_key, render_table)
