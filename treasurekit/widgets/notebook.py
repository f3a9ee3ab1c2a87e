"""Helpers for the app notebooks: one shared language per kernel, translated prose."""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as w
from IPython.display import display

from .lang import Language, follow_viewer, live_html

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


def prose(key: str) -> w.HTML:
    """A paragraph of the notebook's text from the catalog; follows the language switch."""
    lang = app_language()
    html = live_html(lang, lambda: lang.t(key), "tk-prose")
    display(html)
    return html
