"""Diving Bell drawings and the app: cards, table, odds lab, lesson, replay, play."""

from __future__ import annotations

import math
import time
from collections.abc import Collection
from html import escape
from typing import Any

import ipywidgets as w

from ..core.errors import InvalidSave
from ..core.game import Game
from ..core.i18n import Percent
from ..core.teaching import examples_of, lesson_of
from ..games.diving_bell.cards import Card, card_by_code
from ..games.diving_bell.rules import view_of
from ..games.diving_bell.scoring import breakdown
from ..games.diving_bell.state import DivingBellView
from .lang import Language, live_html
from .style import compactable, panel
from .svg import PALETTE, gauge, pattern_defs, pips, shape, svg, text
from .table import ClickableTable

# Colour, pattern and emblem per card kind: three cues, so colour is never needed alone.
LOOK = {
    "gold": (PALETTE["orange"], "stripes", "coin"),
    "gem": (PALETTE["purple"], "dots", "gem"),
    "map": (PALETTE["sky"], "grid", "map"),
    "artifact": (PALETTE["green"], "cross", "star"),
    "cursed": (PALETTE["grey"], "waves", "skull"),
    "kraken": (PALETTE["blue"], "waves", "kraken"),
    "airpocket": (PALETTE["white"], "plain", "bubble"),
}

# The five gems differ in colour and in the cut of their emblem (the dots pattern says
# "gem"), so no two look alike even in grey print.
GEM_LOOK = {
    "ruby": (PALETTE["vermilion"], "dots", "gem"),
    "emerald": ("#3BB273", "dots", "octagon"),
    "sapphire": (PALETTE["blue"], "dots", "trillion"),
    "diamond": ("#D6ECFF", "dots", "diamond"),
    "pearl": ("#F4EBD9", "dots", "pearl"),
}

W, H = 96, 134        # a card's size (a long name makes it wider)
NAME = 16             # the size of a card's name
EM = .68              # a bold letter's width, at most, as a share of its size (a name's box)


def _emblem(kind: str, cx: float, cy: float) -> str:
    if kind == "coin":
        return (f'<circle cx="{cx}" cy="{cy}" r="13" fill="#fff" stroke="#000" stroke-width="2"/>'
                f'<circle cx="{cx}" cy="{cy}" r="7" fill="none" stroke="#000"/>')
    if kind == "gem":
        return (f'<polygon points="{cx},{cy - 14} {cx + 12},{cy - 3} {cx},{cy + 14} '
                f'{cx - 12},{cy - 3}" fill="#fff" stroke="#000" stroke-width="2"/>')
    if kind == "map":
        return (f'<polyline points="{cx - 14},{cy - 10} {cx - 5},{cy - 6} {cx + 4},{cy - 10} '
                f'{cx + 14},{cy - 6} {cx + 14},{cy + 10} {cx + 4},{cy + 6} {cx - 5},{cy + 10} '
                f'{cx - 14},{cy + 6} {cx - 14},{cy - 10}" fill="#fff" stroke="#000" '
                f'stroke-width="2"/>')
    cut = 'fill="#fff" stroke="#000" stroke-width="2"'
    if kind == "octagon":
        pts = " ".join(f"{cx + dx},{cy + dy}" for dx, dy in (
            (-6, -13), (6, -13), (13, -6), (13, 6), (6, 13), (-6, 13), (-13, 6), (-13, -6)))
        return (f'<polygon points="{pts}" {cut}/>'
                f'<rect x="{cx - 6}" y="{cy - 6}" width="12" height="12" fill="none" '
                f'stroke="#000"/>')
    if kind == "trillion":
        return shape("triangle", cx, cy + 1, 15, cut)
    if kind == "diamond":
        return (shape("diamond", cx, cy, 15, cut)
                + f'<path d="M{cx - 15} {cy} H{cx + 15}" stroke="#000"/>')
    if kind == "pearl":
        return (shape("circle", cx, cy, 15, cut)
                + f'<circle cx="{cx - 4}" cy="{cy - 4}" r="3" fill="#000" fill-opacity=".25"/>')
    if kind == "star":
        pts = " ".join(
            f"{cx + r * _cos(k)},{cy + r * _sin(k)}"
            for k, r in enumerate([14, 6] * 5))
        return f'<polygon points="{pts}" fill="#fff" stroke="#000" stroke-width="2"/>'
    if kind == "skull":
        return (f'<circle cx="{cx}" cy="{cy - 2}" r="11" fill="#fff" stroke="#000" '
                f'stroke-width="2"/><circle cx="{cx - 4}" cy="{cy - 3}" r="2.5"/>'
                f'<circle cx="{cx + 4}" cy="{cy - 3}" r="2.5"/>'
                f'<path d="M{cx - 8} {cy + 12} L{cx + 8} {cy + 16} M{cx + 8} {cy + 12} '
                f'L{cx - 8} {cy + 16}" stroke="#000" stroke-width="2"/>')
    if kind == "kraken":
        legs = "".join(f'<path d="M{cx - 10 + 5 * i} {cy + 2} q2 10 {4 - 8 * (i % 2)} 14" '
                       f'fill="none" stroke="#000" stroke-width="2"/>' for i in range(5))
        return f'<ellipse cx="{cx}" cy="{cy - 4}" rx="12" ry="9" fill="#fff" stroke="#000" ' \
               f'stroke-width="2"/>{legs}'
    return (f'<circle cx="{cx}" cy="{cy}" r="12" fill="#fff" stroke="#000" stroke-width="2"/>'
            f'<circle cx="{cx + 4}" cy="{cy - 4}" r="3" fill="none" stroke="#000"/>')


def _cos(k: int) -> float:
    return round(math.cos(-math.pi / 2 + k * math.pi / 5), 3)


def _sin(k: int) -> float:
    return round(math.sin(-math.pi / 2 + k * math.pi / 5), 3)


def card_svg(card: Card, lang: Language, highlight: str = "", scale: float = 1.0) -> str:
    """One card: name, big value, emblem, pressure dots, in colour + pattern + shape."""
    colour, pattern, emblem = GEM_LOOK.get(card.name, LOOK[card.kind])
    name = card.label(lang.code)
    face = lang.t(f"widgets.db.face.{card.name}") if card.kind == "cursed" else tr_kind(card, lang)
    # (the name at NAME, the card as wide as that takes: every card's name the same size,
    # so the projector, which draws each card large enough for its name, draws every card
    # of a row the same height: screen.py)
    wide = min(2 * W, max(W, math.ceil(EM * NAME * len(face)) + 16))
    size = min(NAME, int((wide - 16) / (EM * len(face))))
    stroke = highlight or "#000"
    body = [pattern_defs(pattern),
            f'<rect x="2" y="2" width="{wide - 4}" height="{H - 4}" rx="9" fill="{colour}" '
            f'stroke="{stroke}" stroke-width="{3 if not highlight else 6}"/>',
            f'<rect x="2" y="2" width="{wide - 4}" height="{H - 4}" rx="9" '
            f'fill="url(#tk-pat-{pattern})"/>',
            f'<rect x="6" y="8" width="{wide - 12}" height="24" rx="4" fill="#fff" '
            f'stroke="#000"/>',
            text(wide / 2, 26, face, size, "bold"),
            _emblem(emblem, wide / 2, 54)]
    if card.is_treasure:
        value = str(card.value).replace("-", "\u2212")
        body += [f'<circle cx="{wide / 2}" cy="92" r="17" fill="#fff" stroke="#000" '
                 f'stroke-width="2"/>', text(wide / 2, 100, value, 22, "bold")]
        body.append(pips(card.pressure, wide / 2, 120.5, 5, 15))  # only the dots there are
    label = lang.t("widgets.db.card_label", name=name, value=card.value, dots=card.pressure)
    return svg(wide, H, "".join(body), label, f"tk-card tk-card-{card.kind}", scale)


def _chips(codes: list[str], lang: Language) -> list[tuple[str, str]]:
    """Cards as chips of words on a crowded slide (style.chips): name and value, the
    same card once with how many."""
    from collections import Counter

    out = []
    for code, n in Counter(codes).items():
        card = card_by_code(code)
        name = tr_kind(card, lang)
        if card.is_treasure:
            name += " " + str(card.value).replace("-", "\u2212")
        out.append((name + (f" \u00d7{n}" if n > 1 else ""),
                    GEM_LOOK.get(card.name, LOOK[card.kind])[0]))
    return out


def tr_kind(card: Card, lang: Language) -> str:
    return lang.t(f"diving_bell.card.{card.name}")


def deck_svg(count: int, lang: Language) -> str:
    """The deck face down, a card or two showing under the top one, with how many are
    left: a pile of cards to touch to dive deeper."""
    label = lang.t("learner.db.deck_pile", deck=count)
    w, h = 64, 86
    layers = min(count, 3)
    body = [pattern_defs("waves")]
    if not layers:                  # an empty place where the deck was
        body.append('<rect x="2" y="8" width="52" height="72" rx="6" fill="none" '
                    'stroke="#000" stroke-dasharray="4 3"/>')
    for k in range(layers):         # the lowest card first, each next one up and left
        x, y = 2 + 3 * (layers - 1 - k), 2 + 3 * k
        body.append(f'<rect x="{x}" y="{y}" width="52" height="72" rx="6" '
                    f'fill="{PALETTE["blue"]}" stroke="#000" stroke-width="2"/>'
                    f'<rect x="{x}" y="{y}" width="52" height="72" rx="6" '
                    f'fill="url(#tk-pat-waves)"/>')
    if layers:
        x, y = 2, 2 + 3 * (layers - 1)
        body.append(f'<circle cx="{x + 26}" cy="{y + 36}" r="16" fill="#fff" stroke="#000" '
                    f'stroke-width="2"/>' + text(x + 26, y + 42, str(count), 17, "bold"))
    return svg(w, h, "".join(body), label, "tk-deck-cards")


def cards_row(codes: list[str], lang: Language, empty: str = "", scale: float = 1.0) -> str:
    """Cards side by side (wrapping), or a note when there are none."""
    if not codes:
        return f'<p class="tk-muted">{escape(empty or lang.t("widgets.db.no_cards"))}</p>'
    cards = "".join(card_svg(card_by_code(c), lang, scale=scale) for c in codes)
    return f'<div class="tk-row">{cards}</div>'


#: the rule column of a score table (presenter mode leaves it out: presenter.py)
RULE_COLUMN = ' class="tk-score-rule"'


def score_table(codes: list[str], lang: Language) -> str:
    """Points per treasure type, with the bonus rule that applies."""
    rows = []
    for line in breakdown(card_by_code(c) for c in codes):
        rows.append(f"<tr><td>{escape(lang.t(f'diving_bell.kind.{line.kind}'))} × {line.count}"
                    f"</td><td{RULE_COLUMN}>"
                    f"{escape(lang.t(f'diving_bell.score.{line.kind}'))}</td>"
                    f"<td>{line.base:+d}</td><td>{line.bonus:+d}</td><td><b>{line.total}</b>"
                    f"</td></tr>")
    if not rows:
        return ""
    head = "".join(f"<th{RULE_COLUMN if k == 'rule' else ''}>"
                   f"{escape(lang.t(f'widgets.db.col_{k}'))}</th>"
                   for k in ("type", "rule", "base", "bonus", "total"))
    return f'<table class="tk-score"><tr>{head}</tr>{"".join(rows)}</table>'


def pile_columns(a: list[str], b: list[str], lang: Language) -> list[str]:
    """Piles A and B side by side (as ``tk-cols`` children)."""
    empty = lang.t("widgets.db.empty_pile")
    return [f'<div class="tk-pile tk-pile-{p}" data-tk-pick="{p}">'
            f'<b>{escape(lang.t("widgets.db.pile", pile=p))}'
            f'</b>{cards_row(pile, lang, empty)}</div>' for p, pile in (("A", a), ("B", b))]


def render_table(game: Game[Any], lang: Language, seat: int | None = None, /,
                 hide: Collection[str] = ()) -> str:
    """The whole table as one player (or a spectator) sees it, without the figures in
    ``hide`` ("pressure", "scores") that a lesson question asks for."""
    v = view_of(game, seat)
    t = lang.t
    names = lang.names(v["players"])
    diver = names[v["diver"]]
    pressure = t("widgets.db.pressure", pressure=v["pressure"], limit=v["limit"])
    burst = f' — <b class="tk-bad">{escape(t("widgets.db.burst"))}</b>' if v["burst"] else ""
    if "pressure" in hide:
        pressure = t("learner.db.pressure_hidden", limit=v["limit"])
    meter = "" if "pressure" in hide else gauge(v["pressure"], v["limit"], 240, pressure)
    # the deck drawn as cards to touch, then the pressure with its gauge right under it
    status = (f'<div class="tk-status-bar tk-db-status" data-tk-part="deck">'
              f'<div class="tk-db-deck">'
              f'<span class="tk-deck" data-tk-pick="draw">{deck_svg(v["deck"], lang)}</span>'
              f'<p>{escape(t("widgets.db.deck", deck=v["deck"], diver=diver))}</p></div>'
              f'<div class="tk-db-pressure"><p class="tk-pressure">{escape(pressure)}{burst}</p>'
              f'{meter}</div></div>')
    section = [status, panel(t("widgets.db.row", diver=diver), cards_row(v["row"], lang),
                             "row")]
    if v["phase"] in ("divide", "choose"):
        cols = []
        if v["next_to_divide"]:
            cols.append(f'<div><b>{escape(t("widgets.db.next_card"))}</b>'
                        f'{cards_row([v["next_to_divide"]], lang)}</div>')
        cols += pile_columns(v["division"]["A"], v["division"]["B"], lang)
        section.append(panel(t("widgets.db.division"),
                             f'<div class="tk-cols">{"".join(cols)}</div>', "division"))
    treasures = []
    scores = v["scores"]
    for i, name in enumerate(names):
        pile = v["piles"][i]
        drawn = cards_row(pile, lang, t("widgets.db.empty_pile"), 0.6)
        if "scores" in hide or scores is None:
            title = t("learner.db.treasure_of", player=name)
            body = compactable(drawn, _chips(pile, lang))
        else:
            # (on a crowded slide the score table, which counts the pile kind by kind,
            # stands for its cards)
            body = compactable(drawn, [], keep=False) + score_table(pile, lang)
            title = t("widgets.db.treasure_of", player=name, score=scores[i],
                      cards=len(pile))
        treasures.append(panel(title, body))
    section.append(f'<div class="tk-cols" data-tk-part="treasure">{"".join(treasures)}</div>')
    return '<div class="tk-table tk-db-table">' + "".join(section) + "</div>"


# ---- odds lab --------------------------------------------------------------------
DEFAULT_ROW = "gold5/3 ruby3/2 map1/0 compass2/1 ruby3/1 gold2/1"
MAX_ROW = 14          # every split is tried: 2**13 of them at most


def _deck_counts() -> dict[str, int]:
    """How many copies of each printed card (kind, value, pressure) the deck holds."""
    from collections import Counter

    from ..games.diving_bell.cards import STANDARD_DECK

    return dict(Counter(c.code for c in STANDARD_DECK))


DECK_COUNTS = _deck_counts()
PALETTE_CODES = list(DECK_COUNTS)      # one of each, in deck order


def _bars(values: list[float], lang: Language) -> str:
    """A small bar chart of probabilities (SVG, no plotting library needed)."""
    bw, gap, h, top = 52, 10, 120, 22      # room above the tallest bar for its label
    body = []
    for i, p in enumerate(values):
        x = 10 + i * (bw + gap)
        bh = p * h
        body.append(f'<rect x="{x}" y="{top + h - bh}" width="{bw}" height="{bh}" '
                    f'fill="{PALETTE["blue"]}" stroke="#000"/>')
        body.append(text(x + bw / 2, top + h - bh - 5, f"{round(100 * p)}%", 13, "bold"))
        body.append(text(x + bw / 2, top + h + 18, lang.t("widgets.db.odds.draws", n=i + 1), 12))
    width = 20 + len(values) * (bw + gap)
    return svg(width, top + h + 26, "".join(body), lang.t("widgets.db.odds.curve"), "tk-chart")


class OddsLab(w.VBox):
    """Exact burst odds and the best division of a row, from the engine's odds module.

    The odds are worked out when the row or the burst box changes; a change of
    language only renders the same results again.
    """

    def __init__(self, lang: Language) -> None:
        super().__init__()
        self.lang = lang
        self.add_class("tk-odds")
        self.row = w.Text(value=DEFAULT_ROW, continuous_update=False,
                          layout=w.Layout(width="32em"), style={"description_width": "initial"})
        self.burst = w.Checkbox(value=False, indent=False)
        self.go = w.Button(button_style="info", icon="calculator")
        self.go.add_class("tk-odds-go")
        self.out = w.HTML()
        self.head = w.HTML()
        # the row built by clicking drawn cards (the codes box stays for the curious)
        self.palette = ClickableTable(on_pick=self.pick)
        self.palette.add_class("tk-odds-palette")
        self.row_cards = ClickableTable(on_pick=self.pick)
        self.row_cards.add_class("tk-odds-row")
        self.go.on_click(lambda _b: self.compute())
        self.row.observe(lambda _c: self.compute(), names="value")
        self.burst.observe(lambda _c: self.compute(), names="value")
        self.children = [self.head, self.palette, self.row_cards, self.row,
                         w.HBox([self.burst, self.go]), self.out]
        lang.on_change(self.render)
        self.compute()

    def pick(self, token: str) -> None:
        """A drawn card clicked: ``add:<code>`` joins the row, ``row:<i>`` leaves it."""
        codes = self.row.value.split()
        kind, _, arg = token.partition(":")
        if kind == "add" and len(codes) < MAX_ROW and codes.count(arg) < DECK_COUNTS[arg]:
            codes.append(arg)
        elif kind == "row" and arg.isdigit() and int(arg) < len(codes):
            del codes[int(arg)]
        self.row.value = " ".join(codes)

    def compute(self) -> None:
        from ..games.diving_bell import odds

        self.codes = self.row.value.split()
        try:
            v = view_of(_position_game(self.codes), 0)
        except InvalidSave as err:      # a bad row is shown to the user, never raised
            self.error: InvalidSave | None = err
        else:
            self.error = None
            self.view: DivingBellView = v
            args = (v["unseen"], v["pressure"], v["krakens"], v["limit"])
            self.chance = odds.burst_chance(*args)
            self.curve = odds.burst_curve(*args, 6)
            start = time.perf_counter()
            self.best = odds.best_division(self.codes, [], [], self.burst.value)
            self.ms = round(1000 * (time.perf_counter() - start), 1)
        self.render()

    def render(self) -> None:
        t = self.lang.t
        self.head.value = panel(t("widgets.db.odds.title"),
                                f"<p>{escape(t('widgets.db.odds.intro'))}</p>")
        self.row.description = t("widgets.db.odds.row")
        self.burst.description = t("widgets.db.odds.burst")
        self.go.description = t("widgets.db.odds.compute")
        self.palette.value = (f'<p>{escape(t("learner.db.odds.palette"))}</p><div class="tk-row">'
                              + "".join(f'<span data-tk-pick="add:{code}">'
                                        f'{card_svg(card_by_code(code), self.lang, scale=0.42)}'
                                        "</span>" for code in PALETTE_CODES) + "</div>")
        left = self.row.value.split()     # a card the deck has no more copies of is greyed
        self.palette.picks = [f"add:{code}" for code in PALETTE_CODES
                              if left.count(code) < DECK_COUNTS[code]]
        shown = [] if self.error is not None else self.codes
        self.row_cards.value = ('<div class="tk-row">' + "".join(
            f'<span data-tk-pick="row:{i}">{card_svg(card_by_code(c), self.lang, scale=0.7)}'
            "</span>" for i, c in enumerate(shown)) + "</div>")
        self.row_cards.picks = [f"row:{i}" for i in range(len(shown))]
        if self.error is not None:
            self.out.value = (f'<p class="tk-bad">'
                              f'{escape(t("widgets.db.odds.bad_row", error=self.error))}</p>')
            return
        v, best = self.view, self.best
        pressure = t("widgets.db.pressure", pressure=v["pressure"], limit=v["limit"])
        nxt = t("widgets.db.odds.next", pct=Percent(self.chance))
        # the diver's net points in plain words: who comes out ahead, and by how much
        net = best.chooser_value
        found = (t("learner.db.odds.diver_ahead", points=net) if net > 0 else
                 t("learner.db.odds.divider_ahead", points=-net) if net < 0 else
                 t("learner.db.odds.even")) + " " + t("learner.db.odds.tried",
                                                      splits=best.examined, ms=self.ms)
        piles = "".join(pile_columns(best.a, best.b, self.lang))
        self.out.value = (
            f"<p>{escape(pressure)}</p>"
            + f'<p class="tk-odds-next"><b>{escape(nxt)}</b></p>'
            + f'<p>{escape(t("widgets.db.odds.curve"))}</p>' + _bars(self.curve, self.lang)
            + f'<p class="tk-odds-best">{escape(found)}</p>'
            + f'<div class="tk-cols">{piles}</div>')


def _position_game(codes: list[str]) -> Game[Any]:
    """A dive holding ``codes`` (checked by the engine: a burst too early is refused)."""
    from ..core.registry import setup_position

    try:
        return setup_position("diving_bell", {"row": codes})
    except InvalidSave:   # a row whose last card burst the dive: the division comes next
        return setup_position("diving_bell", {"row": codes, "phase": "divide"})


# ---- the app --------------------------------------------------------------------
def all_cards_panel(lang: Language) -> w.HTML:
    """Every card of the deck, one row per treasure type."""
    from ..games.diving_bell.cards import STANDARD_DECK

    def render() -> str:
        rows = []
        for kind in ("gold", "gem", "map", "artifact", "cursed"):
            codes = [c.code for c in STANDARD_DECK if c.kind == kind]
            rows.append(panel(f'{lang.t(f"diving_bell.kind.{kind}")} ({len(codes)})',
                              cards_row(codes, lang)))
        return f'<p>{escape(lang.t("widgets.db.cards_intro"))}</p>' + "".join(rows)

    return live_html(lang, render)


def diving_bell_app(lang: Language) -> w.VBox:
    """Lesson, rulebook example, a game against the computer, the odds lab, the cards."""
    from ..core.registry import game_spec
    from .app import app_frame
    from .apps import play_tab
    from .example_player import ExampleChooser
    from .lesson_player import LessonPlayer

    spec = game_spec("diving_bell")
    tabs = [
        ("widgets.tab.lesson", LessonPlayer(list(lesson_of(spec.name)), lang, render_table)),
        ("widgets.tab.example", ExampleChooser(examples_of(spec.name), lang, render_table)),
        # built when its tab is first opened, like the other games' (the page is
        # interactive sooner: the game tab now carries the review and the save file)
        ("widgets.tab.play", lambda: play_tab(spec, lang)),
        ("widgets.tab.odds", lambda: OddsLab(lang)),
        ("widgets.tab.cards", lambda: all_cards_panel(lang)),
    ]
    return app_frame(spec.name, lang, tabs, spec.intro_key, render_table)
