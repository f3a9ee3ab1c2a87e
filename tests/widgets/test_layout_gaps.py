"""A box's gap is a CSS class (``tk-gap-<px>``, style.CSS), never ``w.Layout(gap=...)``:
ipywidgets' Layout has no ``gap`` trait, so traitlets warns and the browser never gets
it. Read from the source of every widget module: every ``Layout(...)`` keyword is a
Layout trait, and every gap class the widgets give a box has its rule in the stylesheet;
and a box given a gap class carries it."""

from __future__ import annotations

import ast
import re
import warnings
from pathlib import Path

import ipywidgets as w

import treasurekit.widgets
from treasurekit.widgets.lang import Language
from treasurekit.widgets.move_picker import MovePicker
from treasurekit.widgets.style import CSS

from .ui import has_class

SOURCES = sorted(Path(treasurekit.widgets.__file__).parent.glob("*.py"))
TRAITS = set(w.Layout.class_trait_names())


def unknown_layout_arguments(source: str) -> list[str]:
    """``Layout(...)`` keywords that are no Layout trait, with their lines."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and (
                getattr(node.func, "attr", None) == "Layout"
                or getattr(node.func, "id", None) == "Layout"):
            found += [f"line {node.lineno}: {k.arg}" for k in node.keywords
                      if k.arg is not None and k.arg not in TRAITS]
    return found


def test_the_check_finds_a_gap_passed_to_a_layout() -> None:
    assert unknown_layout_arguments('w.Layout(flex_flow="row wrap", gap="6px")') == [
        "line 1: gap"]


def test_widgets_pass_layouts_only_their_traits_and_gaps_as_classes() -> None:
    defined = set(re.findall(r"\.widget-box\.(tk-gap-[\w-]+) \{ gap:", CSS))
    for path in SOURCES:
        source = path.read_text(encoding="utf-8")
        assert unknown_layout_arguments(source) == [], path.name
        used = set(re.findall(r'"(tk-gap-[\w-]+)"', source))
        assert used <= defined, (path.name, used - defined)
    assert {"tk-gap-4", "tk-gap-6", "tk-gap-8", "tk-gap-12"} <= defined


def test_a_move_picker_gets_its_gap_without_a_warning() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        picker = MovePicker("coralia", Language(code="en"), lambda _m: None,
                            lambda m, *_: str(m))
    assert has_class(picker, "tk-gap-6")

