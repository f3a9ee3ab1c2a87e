"""Every game's app, from its spec: ``app_for("coralia")(lang)``.

A game's drawing module (``GameSpec.drawing``) supplies ``render_table(game, lang, seat,
/, hide=())`` and may supply:

- ``picker``: a move picker factory ``(game, lang, on_move) -> Widget`` (default: the
  shared :class:`~treasurekit.widgets.move_picker.MovePicker`, buttons named by
  ``move_text`` when the module has one);
- ``recap(events, lang, viewer) -> str``: what the last moves did, shown until "Next";
- ``extra_tabs(lang) -> [(title key, widget or builder)]``: tabs after Play;
- ``<name>_app(lang)``: an app of its own (the four games of the package, whose apps
  have tabs of their own: odds labs, the cards).

Any other game gets the standard app: lesson, the rulebook's examples, play against the
computer or pass-and-play, and, from the shared frame, presenter mode and Build & share.
Nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from importlib import import_module
from typing import Any

import ipywidgets as w

from ..core.bots import bot_levels
from ..core.registry import game_spec
from ..core.spec import GameSpec
from ..core.teaching import examples_of, lesson_of
from .lang import Language

App = Callable[[Language], w.Widget]


def drawing(spec: GameSpec) -> Any:
    """The game's drawing module."""
    if not spec.drawing:
        raise ValueError(f"{spec.name} declares no drawing (GameSpec.drawing)")
    return import_module(spec.drawing)


def app_for(name: str) -> App:
    """The app of game ``name``: its drawing module's own ``<name>_app``, else the
    standard app built from the spec (UnknownGame for a name not registered)."""
    spec = game_spec(name)
    own: App | None = getattr(drawing(spec), f"{name}_app", None)
    return own if own is not None else partial(game_app, spec)


def play_tab(spec: GameSpec, lang: Language) -> w.Widget:
    """The Play tab of ``spec``'s game: bots, variants and player counts from the spec."""
    from .game_player import GamePlayer
    from .move_picker import MovePicker

    module = drawing(spec)
    picker = getattr(module, "picker", None)
    move_text = getattr(module, "move_text", None)
    if picker is None and move_text is not None:
        def picker(game: str, lang: Language, on_move: Any) -> w.Widget:
            return MovePicker(game, lang, on_move, move_text)
    return GamePlayer(spec.name, lang, module.render_table, dict(bot_levels(spec.name)),
                      spec.variants, counts=spec.players, picker=picker,
                      hot_seat=spec.hot_seat, recap=getattr(module, "recap", None))


def game_app(spec: GameSpec, lang: Language) -> w.VBox:
    """The standard app: the lesson, the rulebook's examples, a game, the game's own tabs."""
    from .app import app_frame
    from .example_player import ExampleChooser
    from .lesson_player import LessonPlayer

    module = drawing(spec)
    render = module.render_table
    tabs: list[tuple[str, Any]] = []
    if spec.lesson:
        tabs.append(("widgets.tab.lesson", LessonPlayer(list(lesson_of(spec.name)), lang, render,
                                                        seat=spec.lesson_seat)))
    if spec.examples:
        tabs.append(("widgets.tab.examples",
                     lambda: ExampleChooser(examples_of(spec.name), lang, render)))
    tabs.append(("widgets.tab.play", lambda: play_tab(spec, lang)))
    extra = getattr(module, "extra_tabs", None)
    if extra is not None:
        tabs += list(extra(lang))
    # the Practice and Rules tabs, for a game that declares its questions and rule texts
    full = bool(spec.practice and spec.reference)
    return app_frame(spec.name, lang, tabs, spec.intro_key, render=render if full else None)
