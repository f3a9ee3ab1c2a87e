"""A position editor for any game: build a table by clicking, checked by the engine.

The editor holds no rules. A small per-game :class:`EditorSpec` (``editor_specs.py``)
lists the editable fields of the game's position description -- where each lives in the
description, and the choices the engine accepts there -- and the editor offers them:

- a *cards* field (a hand, a pile, a row, a list of dice) is filled by clicking the
  drawn palette of its choices, and emptied card by card by clicking what it holds;
- a *choice* field (who is to move, the phase, ...) is a drop-down; a choice ``None``
  (e.g. a diver still on the ship) writes ``null`` into the description;
- a *count* field (a number of cards) is a number box.

After every click the description goes to ``tk.setup_position``; what the engine
refuses is shown with its reason (``InvalidSave``) and the last accepted table stays on
screen. An accepted table can be played from, explained (the player to move and every
legal move in the engine's words) and shared.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

import ipywidgets as w

from ..core.errors import InvalidSave
from ..core.game import Game
from ..core.i18n import has
from ..core.registry import setup_position
from .example_player import Render
from .lang import Language, button, relabel
from .move_picker import move_label
from .style import panel

Path = tuple[str | int, ...]
#: A readable label of a value in a language (a card, a phase, a seat).
Label = Callable[[Any, Language], str]


@dataclass(frozen=True)
class Field:
    """One editable part of a position description."""

    path: Path                     # where it lives: ("hands", "Ann"), ("phase",)
    kind: str                      # "cards", "choice" or "count"
    title: Callable[[Language], str]
    choices: Sequence[Any] = ()    # cards: the palette; choice: the values; count: (lo, hi)
    label: Label = field(default=lambda value, _lang: str(value))
    #: a cards field given as {code: count} instead of a list (e.g. Captain Lucky's middle)
    counted: bool = False


@dataclass(frozen=True)
class EditorSpec:
    """What the editor needs to know of one game."""

    game: str
    players: Sequence[int]                          # the player counts offered
    start: Callable[[list[str]], dict[str, Any]]    # an accepted table for these names
    fields: Callable[[dict[str, Any]], list[Field]]  # the fields of a description


def get(desc: dict[str, Any], path: Path) -> Any:
    """The value at ``path`` (``None`` where nothing is given)."""
    x: Any = desc
    for key in path:
        if isinstance(x, dict):
            x = x.get(key)
        elif isinstance(x, list) and isinstance(key, int) and 0 <= key < len(x):
            x = x[key]
        else:
            return None
    return x


def put(desc: dict[str, Any], path: Path, value: Any) -> dict[str, Any]:
    """A copy of ``desc`` with ``value`` at ``path`` (dicts made where missing)."""
    out = copy.deepcopy(desc)
    x: Any = out
    for key in path[:-1]:
        x = x[key] if isinstance(x, list) and isinstance(key, int) else x.setdefault(key, {})
    x[path[-1]] = value
    return out


def listed(value: Any) -> list[Any]:
    """A cards field's content as a list (from a list or a ``{code: count}`` object)."""
    if isinstance(value, dict):
        return [k for k, n in value.items() for _ in range(n)]
    return list(value or [])


class PositionEditor(w.VBox):
    """Fields on the left, the table as the engine sees it, and what to do with it."""

    def __init__(self, spec: EditorSpec, lang: Language, render: Render,
                 names: Callable[[int], list[str]],
                 on_play: Callable[[Game[Any]], None] | None = None,
                 on_change: Callable[[Game[Any] | None], None] | None = None) -> None:
        super().__init__()
        self.spec, self.lang, self.render_table, self.names = spec, lang, render, names
        self.on_play, self.on_change = on_play, on_change
        self.move_label: MoveLabel | None = None     # the app's own words for moves
        self.add_class("tk-editor")
        self.head = w.HTML()
        self.count = w.Dropdown(options=list(spec.players), value=spec.players[0],
                                layout=w.Layout(width="auto",
                                                display="" if len(spec.players) > 1 else "none"))
        self.count.add_class("tk-editor-players")
        self.reset_button = button("eraser", "tk-editor-reset", self.reset)
        self.target = w.Dropdown(layout=w.Layout(width="auto"))
        self.target.add_class("tk-editor-target")
        self.palette = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.palette.add_class("tk-editor-palette").add_class("tk-gap-4")
        self.fields_box = w.VBox()
        self.fields_box.add_class("tk-editor-fields")
        self.verdict = w.HTML()
        self.verdict.add_class("tk-editor-verdict")
        self.table = w.HTML()
        self.table.add_class("tk-editor-table")
        self.play = button("play", "tk-editor-play", self.play_here, button_style="primary")
        self.explain_button = button("question", "tk-editor-explain", self.explain)
        self.explained = w.HTML()
        self.explained.add_class("tk-editor-explained")
        self.children = [self.head, w.HBox([self.count, self.reset_button]),
                         self.fields_box, w.HBox([self.target]), self.palette,
                         self.verdict, w.HBox([self.play, self.explain_button]),
                         self.explained, self.table]
        self.game: Game[Any] | None = None
        #: why the engine refused the table (shown in the language of the moment)
        self.refusal: InvalidSave | None = None
        self.explaining = False        # the explanation is shown (and follows the language)
        self.count.observe(lambda _c: self.reset(), names="value")
        self.target.observe(lambda _c: self._palette(), names="value")
        lang.on_change(self.refresh)
        self.reset()

    # ---- the description -----------------------------------------------------------
    def reset(self) -> None:
        """The spec's starting table for the chosen number of players."""
        self.load(self.spec.start(self.names(int(self.count.value))))

    def load(self, desc: dict[str, Any]) -> None:
        """Edit ``desc`` (a position description); the engine checks it at once."""
        self.desc = copy.deepcopy(desc)
        self.fields = self.spec.fields(self.desc)
        self._build_fields()
        self.check()

    def set(self, path: Path, value: Any) -> None:
        """Change one field and let the engine check the whole table."""
        self.desc = put(self.desc, path, value)
        self.check()

    def add_card(self, path: Path, card: Any) -> None:
        f = self._field(path)
        cards = listed(get(self.desc, path)) + [card]
        self.set(path, _counted(cards) if f.counted else cards)

    def remove_card(self, path: Path, index: int) -> None:
        f = self._field(path)
        cards = listed(get(self.desc, path))
        if 0 <= index < len(cards):
            del cards[index]
            self.set(path, _counted(cards) if f.counted else cards)

    def _field(self, path: Path) -> Field:
        return next(f for f in self.fields if f.path == path)

    @property
    def error(self) -> str | None:
        """Why the engine refused the table, in English (None: it accepted it)."""
        return None if self.refusal is None else str(self.refusal)

    def check(self) -> None:
        try:
            game = setup_position(self.spec.game, self.desc)
        except InvalidSave as err:
            self.refusal = err
        else:
            self.refusal, self.game = None, game
        self.explaining = False
        if self.on_change is not None:
            self.on_change(self.game if self.refusal is None else None)
        self.refresh()

    # ---- widgets ---------------------------------------------------------------------
    def _build_fields(self) -> None:
        old = list(self.fields_box.children)
        rows: list[w.Widget] = []
        self.field_widgets: dict[Path, w.Widget] = {}
        for f in self.fields:
            if f.kind == "cards":
                box = w.HBox(layout=w.Layout(flex_flow="row wrap", align_items="center"))
                box.add_class("tk-editor-cards").add_class("tk-gap-4")
                box.add_class("tk-field-" + _css(f.path))
                self.field_widgets[f.path] = box
                rows.append(box)
                continue
            if f.kind == "choice":
                x: w.Widget = w.Dropdown(layout=w.Layout(width="auto"),
                                         style={"description_width": "initial"})
            else:
                lo, hi = f.choices
                x = w.BoundedIntText(min=lo, max=hi, layout=w.Layout(width="14em"),
                                     style={"description_width": "initial"})
            x.add_class("tk-field-" + _css(f.path))
            x.observe(lambda c, path=f.path: self._edited(path, c["new"]), names="value")
            self.field_widgets[f.path] = x
            rows.append(x)
        self.fields_box.children = rows
        for x in old:
            x.close()
        targets = [f for f in self.fields if f.kind == "cards"]
        self._relabelling = True
        self.target.options = [(f.title(self.lang), f.path) for f in targets]
        self.target.value = targets[0].path if targets else None
        self._relabelling = False
        self._palette()

    def _edited(self, path: Path, value: Any) -> None:
        if value == _NONE and None in self._field(path).choices:
            value = None
        if not self._relabelling and get(self.desc, path) != value:
            self.set(path, value)

    def _palette(self) -> None:
        if self._relabelling:
            return
        path = self.target.value
        f = self._field(path) if path is not None else None
        old = list(self.palette.children)
        buttons = []
        for card in (f.choices if f is not None else ()):
            b = w.Button(description=f.label(card, self.lang) if f else str(card),
                         tooltip=str(card), layout=w.Layout(width="auto"))
            b.add_class("tk-palette-card")
            b.add_class("tk-palette-" + _css((card,)))
            b.on_click(lambda _b, c=card, p=path: self.add_card(p, c))
            buttons.append(b)
        self.palette.children = buttons
        for b in old:
            b.close()

    def refresh(self) -> None:
        t = self.lang.t
        self.head.value = panel(t("teacher.editor.title"),
                                f'<p>{escape(t("teacher.editor.intro"))}</p>')
        self.count.description = t("widgets.players")
        self.reset_button.description = t("teacher.editor.reset")
        self.target.description = t("teacher.editor.target")
        self.play.description = t("teacher.editor.play")
        self.explain_button.description = t("teacher.editor.explain")
        self._relabelling = True
        for f in self.fields:
            x = self.field_widgets[f.path]
            value = get(self.desc, f.path)
            if f.kind == "cards":
                self._cards(x, f, listed(value))
            elif isinstance(x, w.Dropdown):
                x.description = f.title(self.lang)
                relabel(x, [(f.label(c, self.lang), _option(c)) for c in f.choices])
                x.value = _option(value) if value in f.choices else None
            else:           # a number: its bounds are in the label (the box keeps to them)
                lo, hi = f.choices
                x.description = t("teacher.editor.count", field=f.title(self.lang), lo=lo, hi=hi)
                x.value = value if isinstance(value, int) else 0
        relabel(self.target, [(f.title(self.lang), f.path) for f in self.fields
                              if f.kind == "cards"])
        self._relabelling = False
        for b in self.palette.children:
            f = self._field(self.target.value)
            b.description = f.label(_value_of(b.tooltip, f.choices), self.lang)
        ok = self.refusal is None
        self.play.disabled = self.explain_button.disabled = not ok or self.game is None
        if ok and self.game is not None:
            verdict = t("teacher.editor.ok")
            self.verdict.value = f'<p class="tk-good tk-editor-ok">{escape(verdict)}</p>'
        else:
            error = self.refusal.text(self.lang.code) if self.refusal is not None else ""
            self.verdict.value = (f'<p class="tk-bad tk-editor-error">'
                                  f'{escape(t("teacher.editor.refused", error=error))}</p>')
        if self.game is not None:
            note = "" if ok else (f'<p class="tk-muted">{escape(t("teacher.editor.last_ok"))}'
                                  "</p>")
            self.table.value = note + self.render_table(self.game, self.lang, None)
        self.explained.value = (explain_position(self.game, self.lang, self.move_label)
                                if self.explaining and self.game is not None else "")

    def _cards(self, box: w.HBox, f: Field, cards: list[Any]) -> None:
        """The field's title, then one button per card it holds (a click takes it out)."""
        old = list(box.children)
        title = w.HTML(f"<b>{escape(f.title(self.lang))}:</b>")
        items: list[w.Widget] = [title]
        for i, card in enumerate(cards):
            b = w.Button(description=f.label(card, self.lang), tooltip=str(card),
                         icon="times", layout=w.Layout(width="auto"))
            b.add_class("tk-field-card")
            b.on_click(lambda _b, p=f.path, k=i: self.remove_card(p, k))
            items.append(b)
        if not cards:
            items.append(w.HTML(f'<span class="tk-muted">'
                                f'{escape(self.lang.t("teacher.editor.empty"))}</span>'))
        box.children = items
        for x in old:
            x.close()

    # ---- using the table -------------------------------------------------------------
    def play_here(self) -> None:
        if self.game is not None and self.refusal is None and self.on_play is not None:
            self.on_play(setup_position(self.spec.game, self.desc))

    def explain(self) -> None:
        """Who is to move and every legal move, in the engine's words."""
        if self.game is None or self.refusal is not None:
            return
        self.explaining = True
        self.refresh()


MoveLabel = Callable[[Any, Language, "dict[str, Any] | None"], str]


def explain_position(game: Game[Any], lang: Language, label: MoveLabel | None = None) -> str:
    """The table's situation in words: who decides (or that chance comes next) and the
    moves the rules allow, labelled as the app's move buttons are."""
    t = lang.t
    v = game.view(None)
    if game.is_over:
        body = f"<p>{escape(t('teacher.explain.over'))}</p>"
    elif game.is_chance:
        body = f"<p>{escape(t('teacher.explain.chance'))}</p>"
    else:
        seat = game.current_player
        who = game.players[seat] if seat is not None else "?"
        moves = game.legal_moves()
        view = game.view(seat)
        words = label or (lambda m, lang, _v: move_label(game.name, m, lang))
        items = "".join(f"<li>{escape(words(m, lang, view))}</li>" for m in moves)
        body = (f'<p>{escape(t("teacher.explain.to_move", player=who, count=len(moves)))}'
                f'</p><ul class="tk-explain-moves">{items}</ul>')
    key = f"teacher.phase.{game.name}.{v.get('phase')}"
    phase = t(key) if has(key) else ""             # words only, never the engine's code
    extra = (f'<p class="tk-muted">{escape(t("teacher.explain.phase", phase=phase))}</p>'
             if phase else "")
    return panel(t("teacher.explain.title"), body + extra)


#: The drop-down value of a choice ``None`` (a drop-down's own None means "nothing chosen").
_NONE = ""


def _option(value: Any) -> Any:
    return _NONE if value is None else value


def _counted(cards: list[Any]) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in cards:
        out[c] = out.get(c, 0) + 1
    return out


def _value_of(tooltip: str, choices: Sequence[Any]) -> Any:
    return next((c for c in choices if str(c) == tooltip), tooltip)


def _css(path: Sequence[Any]) -> str:
    return "-".join(str(p) for p in path).replace("/", "_").replace(" ", "_").lower()
