"""No import circles in any game: a game's modules import top-down (docs/conventions.md).

Read from the source: the imports of a module at its top level, type-only imports under
``if TYPE_CHECKING:`` included, must form no cycle, and no function imports a module of its
own game later (the usual way of hiding a cycle). Where ``position.py`` or ``view.py`` need
the game, they take the base ``core.game.Game[State]``; the checks that need the rules'
own methods are made by the rules after ``state_from_position``."""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

import treasurekit as tk

ROOT = Path(tk.__file__).parent
GAME_DIRS = sorted(p for p in (ROOT / "games").iterdir() if (p / "__init__.py").exists())


def _type_checking(node: ast.If) -> bool:
    return isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"


def imports(path: Path) -> tuple[set[str], list[str]]:
    """(sibling modules imported at top level, for run time or for types only; lazy
    sibling imports found)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top: set[str] = set()
    body = list(tree.body)
    body += [inner for node in tree.body if isinstance(node, ast.If) and _type_checking(node)
             for inner in node.body]
    for node in body:
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
            top.add(node.module.split(".")[0])
    lazy = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for inner in ast.walk(node):
                if isinstance(inner, ast.ImportFrom) and inner.level == 1:
                    lazy.append(f"{path.name}:{inner.lineno} imports .{inner.module}")
    return top, lazy


@pytest.mark.parametrize("game", GAME_DIRS, ids=lambda p: p.name)
def test_modules_import_top_down(game: Path) -> None:
    graph: dict[str, set[str]] = {}
    lazy: list[str] = []
    for path in sorted(game.glob("*.py")):
        if path.name == "__init__.py":
            continue
        deps, found = imports(path)
        graph[path.stem] = deps
        lazy += found
    assert not lazy, lazy
    try:
        order = list(TopologicalSorter(graph).static_order())
    except CycleError as err:
        pytest.fail(f"import cycle in {game.name}: {err.args[1]}")
    for low, high in (("cards", "state"), ("state", "position"), ("position", "rules")):
        if low in graph and high in graph:
            assert order.index(low) < order.index(high), (low, high)

