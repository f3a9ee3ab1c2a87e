"""Helpers for the teacher's toolkit widget tests: an app, its presenter, its teacher tab."""

from __future__ import annotations

from typing import Any

from treasurekit.widgets.editor import PositionEditor
from treasurekit.widgets.teacher import TeacherPanel

from ..generic.registry import NAMES
from .ui import App, find, one

#: Every registered game: each has an app (``widgets.apps.app_for``).
APPS = list(NAMES)


def key(app: App, name: str) -> None:
    """A keydown as ipyevents reports it to the kernel."""
    app.root.presenter.handle({"type": "keydown", "key": name, "ctrlKey": False,
                               "altKey": False, "metaKey": False, "repeat": False})


def teacher(app: App) -> TeacherPanel:
    tab = app.open_tab("tk-teacher")
    found: TeacherPanel = one(tab, "tk-teacher")
    return found


def editor(app: App) -> PositionEditor:
    found: PositionEditor = one(teacher(app), "tk-editor")
    return found


def palette_click(ed: PositionEditor, target: Any, card: str) -> None:
    """Choose where cards go, then click ``card`` in the drawn palette."""
    ed.target.value = target
    (button,) = [b for b in find(ed, "tk-palette-card") if b.tooltip == str(card)]
    button.click()
