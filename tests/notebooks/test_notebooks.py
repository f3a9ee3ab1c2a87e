"""The stored notebooks match their jupytext sources, and the app notebooks (what Voila
shows) hold the app and nothing else. nbval runs them all (``make test-notebooks``)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import nbformat
import pytest

import treasurekit as tk

ROOT = Path(__file__).resolve().parents[2]
WIDGET = "application/vnd.jupyter.widget-view+json"

_spec = importlib.util.spec_from_file_location("build_notebooks", ROOT / "tools/notebooks.py")
assert _spec and _spec.loader
tool = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(tool)
APPS = ["index", *sorted(tk.GAMES)]


@pytest.mark.parametrize("source", tool.sources(), ids=lambda p: p.stem)
def test_stored_notebook_matches_its_source(source: Path) -> None:
    assert tool.stale(source) == "", "run `make notebooks`"


@pytest.mark.parametrize("name", sorted(tk.GAMES))
def test_app_source_is_written_from_the_one_template(name: str) -> None:
    """Issue 22: every game's notebook comes from tools/notebooks.py's template, none is a
    hand-kept copy (``make notebooks`` writes them)."""
    source = ROOT / "notebooks" / f"{name}.py"
    assert source.read_text(encoding="utf-8") == tool.APP.format(name=name)


def test_a_changed_source_is_noticed(tmp_path: Path) -> None:
    source = tmp_path / "demo.py"
    source.write_text("# %%\nx = 1\n")
    assert "missing" in tool.stale(source)
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("x = 2")]),
                   tmp_path / "demo.ipynb")
    assert "differs" in tool.stale(source)


@pytest.mark.parametrize("name", APPS)
def test_app_notebook_shows_the_app_and_nothing_else(name: str) -> None:
    """Issue 11: a Voila viewer sees the app, no printed Python (the engine walkthroughs
    are notebooks/walkthroughs/)."""
    source = ROOT / "notebooks" / f"{name}.py"
    assert source in tool.sources(), f"no app notebook for {name} (the landing page links it)"
    nb = nbformat.read(source.with_suffix(".ipynb"), as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert len(code) == 1 and "show_app(" in code[0].source
    outputs = code[0].outputs
    assert len(outputs) == 1 and outputs[0].output_type == "display_data"
    assert WIDGET in outputs[0].data, "the app cell shows something else than a widget"
    assert all(c.cell_type == "code" for c in nb.cells), "prose around the app"
