"""Helpers for the notebooks: one shared language per kernel for the apps, and the
engine walkthroughs' translated prose and example replays."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as w
from IPython.display import HTML, display

from ..core.game import Game
from ..core.i18n import Percent, tr
from ..core.simulate import Simulation
from ..core.teaching import Example
from .lang import Language, follow_viewer

_LANGUAGE: Language | None = None


def app_language() -> Language:
    """The kernel's language (from ``?lang=`` in Voila, else English), shared by all cells."""
    global _LANGUAGE
    if _LANGUAGE is None:
        _LANGUAGE = Language.from_environment()
        follow_viewer(_LANGUAGE)
    return _LANGUAGE


def show_app(make: Callable[[Language], w.Widget]) -> w.Widget:
    """Build an app with the kernel's language and display it."""
    widget = make(app_language())
    display(widget)
    return widget


# ---- engine walkthroughs (notebooks/walkthroughs/, for JupyterLab readers) ----------------
def say(key: str, lang: str, **params: Any) -> None:
    """Show a paragraph of the catalog in ``lang`` (rich text in the notebook)."""
    display(HTML(tr(key, lang, **params)))


def replay(example: Example, lang: str) -> Game[Any]:
    """Play a rulebook example step by step, printing each step's caption and its events
    (with the rulebook section each applies) in ``lang``; the finished game."""
    game = example.start()
    print(example.title(lang))
    for i, step in enumerate(example.steps):
        events = example.play_step(game, i)
        print(tr("notebooks.walkthrough.step", lang, step=i + 1,
                 caption=step.caption.text(lang)))
        for event in events:
            print(f"  [{event.rule(lang)}] {event.text(lang)}")
    print(example.outcome(game).text(lang))
    return game


def show_simulation(sim: Simulation, lang: str) -> None:
    """Print what many random games add up to, for each table size: how long a game
    lasts and each seat's share of the wins (a shared win counts for every winner)."""
    for players in sorted({r.players for r in sim.games}):
        games = sum(r.players == players for r in sim.games)
        print(tr("notebooks.walkthrough.simulated", lang, games=games, players=players,
                 steps=round(sim.mean_actions(players), 1)))
        for seat in range(players):
            print("  " + tr("notebooks.walkthrough.seat_wins", lang, seat=seat + 1,
                            share=Percent(sim.win_rate(seat, players))))
