"""Drive the ipywidgets apps from Python, the way a learner clicks them (no browser).

Widgets are found by their CSS classes (the ones the browser tests use), buttons are
pressed with ``Button.click()``, which runs the same handlers as a click in the page.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import ipywidgets as w

from treasurekit.widgets.apps import app_for
from treasurekit.widgets.lang import Language


def app_maker(name: str) -> Callable[[Language], w.Widget]:
    """Every game's app, as its notebook builds it (``widgets.apps.app_for``)."""
    return app_for(name)


def shown(widget: w.Widget) -> bool:
    layout = getattr(widget, "layout", None)
    return getattr(layout, "display", None) != "none"


def walk(widget: w.Widget, visible_only: bool = False) -> Iterator[w.Widget]:
    """The widget and everything inside it (only what is displayed, if asked)."""
    if visible_only and not shown(widget):
        return
    yield widget
    for child in getattr(widget, "children", ()) or ():
        if isinstance(child, w.Widget):
            yield from walk(child, visible_only)


def has_class(widget: w.Widget, css: str) -> bool:
    return css in getattr(widget, "_dom_classes", ())


def find(root: w.Widget, css: str, visible_only: bool = True) -> list[Any]:
    return [x for x in walk(root, visible_only) if has_class(x, css)]


def one(root: w.Widget, css: str) -> Any:
    found = find(root, css)
    assert len(found) == 1, f"{len(found)} widgets with class {css!r}"
    return found[0]


def click(button: w.Button) -> None:
    assert isinstance(button, w.Button) and not button.disabled, f"cannot click {button}"
    button.click()


def texts(root: w.Widget) -> str:
    """Everything a reader sees in words: HTML, button and field labels, tab titles."""
    out: list[str] = []
    for x in walk(root, visible_only=True):
        if isinstance(x, w.HTML):
            out.append(x.value)
        if isinstance(x, w.Button):
            out.append(x.description)
        if isinstance(x, w.Tab):
            out += list(x.titles)
        if isinstance(x, (w.ToggleButtons, w.Dropdown)):
            out += [str(label) for label in x._options_labels]
        if isinstance(x, (w.Dropdown, w.BoundedIntText, w.IntSlider, w.FloatSlider)):
            out.append(x.description)
    return "\n".join(out)


class App:
    """One game's app with its own language, built as the notebook builds it."""

    def __init__(self, name: str, lang: str = "en") -> None:
        self.name = name
        self.lang = Language(code=lang)
        self.root = app_maker(name)(self.lang)
        (self.tabs,) = find(self.root, "tk-tabs", visible_only=False)

    def open_tab(self, css: str) -> w.Widget:
        """Select the tab holding a widget of class ``css`` (tabs are built when opened)."""
        for i in range(len(self.tabs.children)):
            self.tabs.selected_index = i
            if find(self.tabs.children[i], css):
                return self.tabs.children[i]
        raise AssertionError(f"no tab of {self.name} holds a {css!r} widget")

    def switch(self) -> tuple[str, str]:
        """Switch to the other language with the app's own switch; texts before and after."""
        before = texts(self.root)
        (switch,) = find(self.root, "tk-language")
        other = [code for _, code in switch.options if code != switch.value][0]
        switch.value = other
        assert self.lang.code == other
        return before, texts(self.root)
