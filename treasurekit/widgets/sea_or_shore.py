"""Sea or Shore drawings and app: island cards with their sea and shore halves, the cover
card, treasures, addition cards, the table as one player sees it, and the move picker.

Each colour has its own pattern and symbol besides its Okabe-Ito colour, so no card
depends on colour vision alone.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from html import escape
from typing import Any

import ipywidgets as w

from ..core.events import Event
from ..core.game import Game
from ..core.i18n import join, number
from ..core.moves import Move
from ..core.teaching import examples_of, lesson_of
from ..games.sea_or_shore.cards import (
    ACTION_CARDS,
    ACTION_SIDES,
    COLOURS,
    ISLAND_VALUES,
    TREASURE_VALUES,
    deck_colours,
    island,
    treasure,
)
from ..games.sea_or_shore.rules import view_of
from ..games.sea_or_shore.state import Played, describe_move
from .lang import Language, button, live_html, relabel
from .move_picker import MovePicker
from .style import compactable, panel
from .svg import PALETTE, pattern_defs, shape, svg, text

G = "sea_or_shore"
FILL = {"r": PALETTE["vermilion"], "b": PALETTE["blue"], "g": PALETTE["green"],
        "p": PALETTE["purple"]}
PATTERN = {"r": "stripes", "b": "waves", "g": "dots", "p": "grid"}
SAND = "#F3E3B5"


#: A shape per colour: red triangle, blue circle, green square, purple diamond.
SYMBOL = {"r": "triangle", "b": "circle", "g": "square", "p": "diamond"}


def _symbol(colour: str, x: float, y: float, r: float = 7) -> str:
    return shape(SYMBOL[colour], x, y, r, 'fill="#fff" stroke="#000" stroke-width="1.2"')


def _colour_band(colour: str, y: float, h: float, w: float = 70) -> str:
    return (pattern_defs(PATTERN[colour]) +
            f'<rect x="0" y="{y}" width="{w}" height="{h}" fill="{FILL[colour]}"/>'
            f'<rect x="0" y="{y}" width="{w}" height="{h}" fill="url(#tk-pat-{PATTERN[colour]})"/>')


def _cover(y: float, opacity: float, lang: Language) -> str:
    return (pattern_defs("cross") +
            f'<g opacity="{opacity}"><rect x="2" y="{y}" width="66" height="48" fill="#555"/>'
            f'<rect x="2" y="{y}" width="66" height="48" fill="url(#tk-pat-cross)"/></g>'
            + text(35, y + 31, "?", 24, "bold", fill="#fff"))


#: where an island card's number stands (x, baseline y, size): alone, or (True) beside
#: the badge of its addition cards (BADGE: x, y, radius, text size) at the shore's right
NUMBER = {False: (35, 86, 30), True: (22, 86, 25)}
BADGE = (56.5, 86, 13.5, 16)


def island_svg(code: str | None, lang: Language, shows: str | None = None, adds: int = 0,
               colour: str | None = None, number: int | None = None, peek: bool = False,
               scale: float = 1.0) -> str:
    """An island card: the sea (colour) above, the shore (number) below.

    ``shows`` draws the cover card over the other half: solid when the card is unknown
    (then ``colour`` or ``number`` is the half that shows), see-through when ``peek``
    (the owner, or a spectator, sees what the cover hides).
    """
    t = lang.t
    c = island(code).colour if code else colour
    n = island(code).value if code else number
    body = ['<rect x="0" y="0" width="70" height="100" rx="6" fill="#fff"/>']
    if c:
        body.append(_colour_band(c, 2, 48) + _symbol(c, 35, 20)
                    + text(35, 44, t(f"{G}.colour.{c}"), 11, "bold", fill="#fff",
                           css="tk-sos-colour tk-minor"))     # (its symbol names it too)
    body.append(f'<rect x="0" y="50" width="70" height="48" fill="{SAND}"/>')
    if n is not None:
        # (beside the badge of addition cards the number stands further left: "11" and
        # "+1" side by side, never over each other)
        x, y, size = NUMBER[bool(adds)]
        body.append(text(x, y, str(n), size, "bold", css="tk-sos-number"))
    if shows == "sea":
        body.append(_cover(50, 0.55 if peek else 1.0, lang))
    elif shows == "shore":
        body.append(_cover(2, 0.55 if peek else 1.0, lang))
    body.append('<rect x="1" y="1" width="68" height="98" rx="6" fill="none" stroke="#000" '
                'stroke-width="2"/>')
    if adds:
        bx, by, r, bsize = BADGE
        body.append(f'<circle cx="{bx}" cy="{by}" r="{r}" fill="#fff" stroke="#000"/>'
                    + text(bx, by + bsize * 0.36, f"+{adds}", bsize, "bold", css="tk-sos-adds"))
    if code:
        label = island(code).label(lang.code)
    elif c:
        label = t("widgets.sos.covered_sea", colour=t(f"{G}.colour.{c}"))
    else:
        label = t("widgets.sos.covered_shore", number=n)
    if shows:
        label += " — " + t(f"widgets.sos.shows_{shows}")
    if adds:
        label += " " + t("widgets.sos.with_adds", adds=adds)
    css = "tk-card tk-island" + (f" tk-island-{code}" if code else " tk-covered")
    return svg(70, 100, "".join(body), label, css, scale)


def back_svg(lang: Language, scale: float = 0.5) -> str:
    """The back of an island card (a card in someone else's hand)."""
    body = (pattern_defs("waves") + '<rect x="1" y="1" width="68" height="98" rx="6" '
            'fill="#1d3557" stroke="#000" stroke-width="2"/><rect x="6" y="6" width="58" '
            'height="88" rx="4" fill="url(#tk-pat-waves)" stroke="#fff"/>')
    return svg(70, 100, body, lang.t("widgets.sos.hidden_card"), "tk-card tk-back", scale)


def treasure_svg(code: str | None, lang: Language, scale: float = 0.8) -> str:
    """A treasure card: chest in the colour's pattern and its points."""
    if code is None:
        body = ('<rect x="1" y="1" width="68" height="98" rx="6" fill="#eee" stroke="#888" '
                'stroke-dasharray="4 3" stroke-width="2"/>')
        return svg(70, 100, body, lang.t("widgets.sos.no_treasure"), "tk-card tk-treasure", scale)
    card = treasure(code)
    body = (_colour_band(card.colour, 2, 96) +
            '<rect x="1" y="1" width="68" height="98" rx="6" fill="none" stroke="#000" '
            'stroke-width="2"/>' + _symbol(card.colour, 14, 16, 6) +
            '<rect x="14" y="44" width="42" height="28" fill="#8B5A2B" stroke="#000"/>'
            '<path d="M14 44 Q35 26 56 44 Z" fill="#A0522D" stroke="#000"/>'
            '<rect x="31" y="50" width="8" height="9" fill="#F0E442" stroke="#000"/>'
            '<circle cx="35" cy="85" r="13" fill="#fff" stroke="#000"/>'
            + text(35, 92, str(card.value), 19, "bold"))
    return svg(70, 100, body, card.label(lang.code), f"tk-card tk-treasure tk-treasure-{code}",
               scale)


def additions_svg(count: int, lang: Language) -> str:
    """A small stack of addition cards with the count."""
    label = lang.t("widgets.sos.additions", n=count)
    body = "".join(f'<rect x="{2 + i * 4}" y="{2 + i * 2}" width="22" height="30" rx="3" '
                   f'fill="#fff" stroke="#000"/>' for i in range(min(count, 3)) or [0])
    body += text(14 + min(count, 3) * 3, 24, "+1", 10, "bold", css="tk-minor") if count else ""
    body += text(50, 25, f"×{count}", 18, "bold")
    return svg(74, 36, body, label, "tk-additions")


# ---- the table ----------------------------------------------------------------------
def render_table(game: Game[Any], lang: Language, seat: int | None = None, /,
                 hide: Collection[str] = ()) -> str:
    """The table as ``seat`` sees it; ``None`` is a spectator who sees every card, with the
    cover cards drawn see-through. ``"scores"`` in ``hide`` leaves the points out."""
    t = lang.t
    v = view_of(game, seat)
    hands: list[list[str]] | list[list[str] | None]
    if seat is None:                       # a spectator: every seat's own hand
        hands = v["hands"]
    else:
        hands = [v["hand"] if i == seat else None for i in range(len(game.players))]
    names = lang.names(v["players"])

    head = t("widgets.sos.round", round=v["round"], starter=names[v["starter"]])
    actions = " · ".join(
        t("widgets.sos.action_card", colours=t(f"{G}.colour.{'/'.join(pair)}"),
          action=t(f"{G}.action.{side}")) for pair, side in zip(ACTION_CARDS, v["actions"].values(),
                                                                strict=True))
    decks = []
    for d, (face, size) in enumerate(zip(v["face_up"], v["decks"], strict=True)):
        known = v["deck_known"][d]
        known_key = "widgets.sos.you_know" if seat is not None else "widgets.sos.next_treasures"
        extra = (f'<p class="tk-known">{escape(t(known_key))} ' + escape(join(
            [treasure(c).label(lang.code) for c in known], lang.code)) + "</p>") if known else ""
        decks.append(f'<div class="tk-deck">{treasure_svg(face, lang)}<p>'
                     f'{escape(t("widgets.sos.deck", deck=d + 1, n=size))}</p>{extra}</div>')
    decks.append(f'<div class="tk-deck">{additions_svg(v["addition_pile"], lang)}<p>'
                 f'{escape(t("widgets.sos.addition_pile"))}</p></div>')
    top = panel(head, f'<p class="tk-actions">{escape(actions)}</p>'
                      f'<div class="tk-row">{"".join(decks)}</div>', "decks")
    seats = []
    for i, name in enumerate(names):
        marks = ""
        if i == v["starter"]:
            marks += f' <span class="tk-starter">★ {escape(t("widgets.sos.starter"))}</span>'
        if i == v["to_move"]:
            marks += f' <span class="tk-to-move">▶ {escape(t("widgets.sos.to_move"))}</span>'
        pv = v["played"][i]
        if pv is None:
            played = f'<p class="tk-muted">{escape(t("widgets.sos.not_played"))}</p>'
        else:
            peek = "card" in pv and not v["revealed"]
            played = island_svg(pv.get("card"), lang, None if v["revealed"] else pv["shows"],
                                pv["adds"], pv.get("colour"), pv.get("number"), peek)
            if pv.get("taken"):
                played += f'<p class="tk-muted">{escape(t("widgets.sos.taken"))}</p>'
        pile = v["piles"][i]
        pile_html = (treasure_svg(pile["top"], lang, 0.6) if pile["top"] else "") + \
            f'<p class="tk-caption">{escape(t("widgets.sos.pile", n=pile["size"]))}</p>'
        hand = hands[i]
        if hand is None:
            hand_html = "".join(back_svg(lang, 0.3) for _ in range(v["hand_sizes"][i]))
        else:
            hand_html = "".join(f'<span class="tk-pick" data-tk-pick="{c}">'
                                f'{island_svg(c, lang, scale=0.55)}</span>' for c in hand)
        seats.append(
            f'<div class="tk-panel tk-seat tk-seat-{i}"><h3>{escape(name)}{marks}</h3>'
            # what lies before the seat, each thing with its caption under it
            f'<div class="tk-row tk-seat-items"><div class="tk-seat-item">{played}</div>'
            f'<div class="tk-seat-item tk-seat-pile">{pile_html}</div>'
            # (on a crowded slide the caption alone says how many: screen.py)
            f'<div class="tk-seat-item">'
            f'{compactable(additions_svg(v["additions"][i], lang), [], keep=False)}'
            f'<p class="tk-caption">'
            f'{escape(t("widgets.sos.additions", n=v["additions"][i]))}</p></div></div>'
            f'<div class="tk-row tk-hand">{hand_html}</div></div>')
    scores = ""
    if v["round_scores"] and "scores" not in hide:
        rows = "".join(f"<tr><th>{escape(t('widgets.sos.round_n', round=r + 1))}</th>" +
                       "".join(f"<td>{x}</td>" for x in sc) + "</tr>"
                       for r, sc in enumerate(v["round_scores"]))
        heads = "".join(f"<th>{escape(n)}</th>" for n in names)
        scores = panel(t("widgets.sos.scores"), f'<table class="tk-score"><tr><th></th>{heads}'
                                            f"</tr>{rows}</table>", "scores")
    return ('<div class="tk-table tk-sos">' + top + '<div class="tk-cols" data-tk-part="players">'
            + "".join(seats)
            + "</div>" + scores + "</div>")


#: events that close a trick (after who won what): the log tells them
_AFTER_TRICK = {"additions_back", "under", "next_trick", "round_score", "second_round",
                "winner"}


def trick_recap(events: list[Event], lang: Language, viewer: int | None = None) -> str:
    """The trick revealed among ``events``: every island card as it was played, and who won
    what; it stays above the table until the learner moves on."""
    shown = [e for e in events if e.kind == "reveal"]
    if not shown:
        return ""
    cards = "".join(
        f'<div class="tk-recap-card">'
        f'{island_svg(e.param("card").code, lang, adds=e.param("adds"), scale=0.8)}'
        f'<p class="tk-caption">{escape(lang.name(e.param("player")))}</p></div>' for e in shown)
    won = []
    for e in events[events.index(shown[-1]) + 1:]:
        if e.kind in _AFTER_TRICK:
            break
        won.append(f"<li>{escape(e.text(lang.code, viewer))}</li>")
    return panel(lang.t("learner.sos.last_trick"),
                 f'<div class="tk-row">{cards}</div><ul class="tk-recap-won">{"".join(won)}</ul>')


# ---- moves ----------------------------------------------------------------------------
def move_text(move: Move, lang: Language, view: dict[str, Any] | None) -> str:
    """A move in words, naming players and cards from the mover's view."""
    t, d = lang.t, describe_move(move)
    names = lang.names(view["players"]) if view else []

    def who(seat: int) -> str:
        return names[seat] if view else str(seat)

    if d.kind in ("pass", "give", "discard") and d.card is not None:
        return t(f"widgets.sos.move.{d.kind}", card=island(d.card).label(lang.code))
    if d.kind in ("steal", "rob", "swap") and d.seat is not None:
        return t(f"widgets.sos.move.{d.kind}", player=who(d.seat))
    if d.kind == "peek" and d.deck is not None:
        colours = deck_colours(len(names))[d.deck] if view else ()
        return t("widgets.sos.move.peek", deck=d.deck + 1,
                 colours="/".join(t(f"{G}.colour.{c}") for c in colours))
    if d.kind == "order":
        return t("widgets.sos.move.order", cards=", ".join(
            treasure(c).label(lang.code) for c in d.order))
    if d.kind == "salvage" and d.seat is not None:
        card = view["played"][d.seat]["card"] if view else "?"
        return t("widgets.sos.move.salvage", card=island(card).label(lang.code) if view else card,
                 player=who(d.seat))
    if d.kind == "play" and d.card is not None:
        return t("widgets.sos.move.play", card=island(d.card).label(lang.code),
                 side=t(f"widgets.sos.side.{d.shows}"), adds=d.adds)
    return t(f"widgets.sos.move.{d.kind}")


class SeaOrShorePicker(w.VBox):
    """Pick a card, the half to show and the addition cards, then play it; other decisions
    (the pass, take or steal, the actions) are plain buttons."""

    def __init__(self, game: str, lang: Language, on_move: Callable[[Move], None]) -> None:
        super().__init__()
        self.lang, self.on_move = lang, on_move
        self.add_class("tk-sos-picker")
        self.buttons = MovePicker(game, lang, on_move, move_text)
        self.cards = w.ToggleButtons(options=[], style={"button_width": "auto"})
        self.cards.add_class("tk-hand-pick")
        self.side = w.ToggleButtons(options=["sea", "shore"], value="sea")
        self.side.add_class("tk-side")
        # the addition cards to add: one button per number the chosen card may take (a
        # typed box would turn 5 into the 2 you own without a word)
        self.adds = w.ToggleButtons(options=[0], value=0, style={"button_width": "2.6em"})
        self.adds.add_class("tk-adds")
        self.play = button("hand-paper-o", "tk-play-card", self._play, button_style="primary",
                           layout=w.Layout(width="auto"))
        self.form = w.VBox([self.cards, w.HBox([self.side, self.adds, self.play],
                                               layout=w.Layout(flex_flow="row wrap")
                                               ).add_class("tk-gap-6")])
        self.form.add_class("tk-play-form")
        self.moves: list[Move] = []
        self.room: dict[str, int] = {}
        self.cards.observe(lambda _c: self._limit(self.adds.value), names="value")
        self.children = [self.form, self.buttons]
        lang.on_change(self._labels)

    def update(self, moves: list[Move], view: dict[str, Any] | None = None) -> None:
        self.moves = list(moves)
        plays = [d for d in map(describe_move, moves) if d.kind == "play"]
        self.room = {}
        for p in plays:
            if p.card is not None:
                self.room[p.card] = max(self.room.get(p.card, 0), p.adds)
        self.form.layout.display = "" if plays else "none"
        self.buttons.update([] if plays else moves, view)
        self._labels()

    def _labels(self) -> None:
        """Labels in the current language; the chosen card, side and additions stay."""
        t = self.lang.t
        adds = self.adds.value
        cards = [(island(c).label(self.lang.code), c) for c in self.room]
        if list(self.cards.options) != cards:
            keep = self.cards.value if self.cards.value in self.room else None
            self.cards.options = cards
            self.cards.value = keep if keep else (cards[0][1] if cards else None)
        relabel(self.side, [(t("widgets.sos.show.sea"), "sea"),
                             (t("widgets.sos.show.shore"), "shore")])
        self.adds.description = t("widgets.sos.adds_label")
        self.play.description = t("widgets.sos.play_card")
        self._limit(adds)

    def _limit(self, adds: int = 0) -> None:
        """Addition cards up to what the chosen card may take (and the player owns), each
        number a button; hidden when it takes none."""
        most = self.room.get(self.cards.value or "", 0)
        options = [(number(n, self.lang.code), n) for n in range(most + 1)]
        if list(self.adds.options) != options:
            self.adds.options = options
        self.adds.value = min(adds, most)
        self.adds.layout.display = "" if most else "none"

    def select(self, card: str, meant: Iterable[Move] = ()) -> None:
        """A card touched on the table: chosen in the form, the side still to pick (the
        moves it may mean, ``meant``, are the form's to offer)."""
        if card in self.room:
            self.cards.value = card

    def _play(self) -> None:
        if not self.cards.value:
            return
        move = Move("play", Played(self.cards.value, self.side.value, self.adds.value).notation())
        if move in self.moves:
            self.adds.value = 0
            self.on_move(move)


# ---- the cards tab --------------------------------------------------------------------
#: the Play tab's move picker and what a trick did (``widgets.apps.play_tab``)
picker, recap = SeaOrShorePicker, trick_recap


def all_cards_panel(lang: Language) -> w.HTML:
    """Every island card, the treasure cards per colour and both action cards."""
    def render() -> str:
        t = lang.t
        rows = "".join('<div class="tk-row">' + "".join(
            island_svg(f"{c}{v}", lang, scale=0.5) for v in ISLAND_VALUES) + "</div>"
            for c in COLOURS)
        treasures = "".join(treasure_svg(f"{COLOURS[0]}{v}", lang, 0.55) for v in TREASURE_VALUES)
        sides = "".join(
            f"<li>{escape(t(f'{G}.colour.' + '/'.join(pair)))}: "
            + escape(" | ".join(t(f"{G}.action.{s}") for s in pair_sides)) + "</li>"
            for pair, pair_sides in zip(ACTION_CARDS, ACTION_SIDES, strict=True))
        islands = escape(t("widgets.sos.islands_text"))
        return (panel(t("widgets.sos.islands_title"), f"<p>{islands}</p>{rows}")
                + panel(t("widgets.sos.treasures_title"),
                        f'<p>{escape(t("widgets.sos.treasures_text"))}</p><div class="tk-row">'
                        f"{treasures}</div>")
                + panel(t("widgets.sos.actions_title"),
                        f'<p>{escape(t("widgets.sos.actions_text"))}</p><ul>{sides}</ul>'))
    return live_html(lang, render, "tk-cards-tab")


def sea_or_shore_app(lang: Language) -> w.VBox:
    """Lesson, the rulebook's examples, a game against the computer, the cards."""
    from ..core.registry import game_spec
    from .app import app_frame
    from .apps import play_tab
    from .example_player import ExampleChooser
    from .lesson_player import LessonPlayer

    spec = game_spec(G)

    tabs = [
        # an open-hand lesson: every card is shown, covered halves drawn see-through
        ("widgets.tab.lesson", LessonPlayer(list(lesson_of(spec.name)), lang, render_table)),
        ("widgets.tab.examples",
         lambda: ExampleChooser(examples_of(spec.name), lang, render_table)),
        ("widgets.tab.play", lambda: play_tab(spec, lang)),
        ("widgets.tab.cards", lambda: all_cards_panel(lang)),
    ]
    return app_frame(G, lang, tabs, spec.intro_key, render_table)
