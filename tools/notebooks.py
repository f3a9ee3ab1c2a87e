"""Build the notebooks from their sources: ``notebooks/**/*.py`` (jupytext ``py:percent``,
linted by ruff) -> ``.ipynb`` beside them, executed so that the stored outputs are fresh.

    python tools/notebooks.py            # rebuild and re-execute every notebook (make notebooks)
    python tools/notebooks.py --check    # list notebooks whose cells differ from their source

The app notebooks (``notebooks/<game>.py``) are written from one template, :data:`APP`,
for every game in ``tk.GAMES`` (a new game gets its page without a hand-kept copy); they,
and ``index.py``, only build and show an app. The engine walkthroughs for JupyterLab
readers live in ``notebooks/walkthroughs/``.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path
from typing import Any

import jupytext
import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"


#: Every game's app notebook: the page the landing page links to (``notebooks/<game>.py``).
APP = """\
# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% tags=["nbval-ignore-output"]
from treasurekit.widgets.apps import app_for
from treasurekit.widgets.notebook import show_app

app = show_app(app_for({name!r}))
"""


def app_sources() -> dict[Path, str]:
    """The source every registered game's app notebook must have."""
    import treasurekit as tk

    return {NOTEBOOKS / f"{name}.py": APP.format(name=name) for name in tk.GAMES}


def write_app_sources() -> None:
    """Write the app notebooks' sources from the template (those that differ)."""
    for path, text in app_sources().items():
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {_shown(path)}")


def sources() -> list[Path]:
    """Every notebook source, the apps first, then the walkthroughs."""
    return sorted(NOTEBOOKS.glob("*.py")) + sorted(NOTEBOOKS.glob("walkthroughs/*.py"))


def cells(nb: Any) -> list[tuple[str, str, tuple[str, ...]]]:
    """What must agree between a source and its notebook: kind, text and tags of each cell."""
    return [(c.cell_type, c.source.strip(), tuple(c.metadata.get("tags", ()))) for c in nb.cells]


def stale(source: Path) -> str:
    """Why the stored notebook of ``source`` is out of date ('' when it is not)."""
    stored = source.with_suffix(".ipynb")
    if not stored.exists():
        return f"{_shown(stored)} is missing"
    if cells(jupytext.read(source)) != cells(nbformat.read(stored, as_version=4)):
        return f"{_shown(stored)} differs from {_shown(source)}"
    return ""


def _shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


WIDGET_ID = re.compile(r"(?<![0-9a-f])[0-9a-f]{32}(?![0-9a-f])")


def steady(nb: Any) -> Any:
    """The same notebook with the ids that change at every run made stable, so that a
    rebuild of an unchanged source changes nothing: cell ids from the cell's place and
    text, widget model ids numbered in order of appearance, printed text in one piece
    per stream (the kernel sends it in chunks that vary from run to run)."""
    for i, cell in enumerate(nb.cells):
        cell.id = hashlib.sha1(f"{i}:{cell.source}".encode()).hexdigest()[:8]
        merged: list[Any] = []
        for out in cell.get("outputs", []):
            last = merged[-1] if merged else None
            if (out.output_type == "stream" and last is not None
                    and last.output_type == "stream" and last.name == out.name):
                last.text += out.text
            else:
                merged.append(out)
        if "outputs" in cell:
            cell.outputs = merged
    text = json.dumps(nb)
    ids: dict[str, str] = {}
    for found in WIDGET_ID.findall(text):
        ids.setdefault(found, f"{len(ids) + 1:032x}")
    text = WIDGET_ID.sub(lambda m: ids[m.group(0)], text)
    return nbformat.from_dict(json.loads(text))


def build(source: Path) -> None:
    """Write ``source`` as a notebook, executed in this environment's python3 kernel."""
    nb = jupytext.read(source)
    NotebookClient(nb, timeout=600, kernel_name="python3", record_timing=False,
                   resources={"metadata": {"path": str(source.parent)}}).execute()
    jupytext.write(steady(nb), source.with_suffix(".ipynb"), fmt="ipynb")
    print(f"built {_shown(source.with_suffix('.ipynb'))}")


def main(argv: list[str]) -> int:
    if argv == ["--check"]:
        problems = [f"{_shown(path)} differs from the template (tools/notebooks.py APP)"
                    for path, text in app_sources().items()
                    if not path.exists() or path.read_text(encoding="utf-8") != text]
        problems += [p for p in map(stale, sources()) if p]
        print("\n".join(problems) or "every notebook matches its source")
        return 1 if problems else 0
    if argv:
        print(__doc__)
        return 2
    write_app_sources()
    for source in sources():
        build(source)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
