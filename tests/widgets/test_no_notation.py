"""Widgets parse no notation (docs/conventions.md): a game's drawing reads what a move
says from the game's ``describe_move`` (typed fields), never by cutting up ``move.arg``.

Read from the source of every game's drawing module (``GameSpec.drawing``): no call of
``split``, ``partition``, ``rpartition``, ``parse``, a regular expression or ``int`` on
anything holding a move's ``.arg``."""

from __future__ import annotations

import ast
import importlib
import inspect

import pytest

import treasurekit as tk
from treasurekit.core.registry import game_spec

CUTTERS = {"split", "rsplit", "partition", "rpartition", "parse", "match", "fullmatch",
           "search", "findall", "int"}


def _reads_arg(node: ast.AST) -> bool:
    return any(isinstance(n, ast.Attribute) and n.attr == "arg" for n in ast.walk(node))


def notation_cut(source: str) -> list[str]:
    """The lines where the source cuts up a move's argument."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = (func.attr if isinstance(func, ast.Attribute)
                else func.id if isinstance(func, ast.Name) else "")
        if name not in CUTTERS:
            continue
        cut = (isinstance(func, ast.Attribute) and _reads_arg(func.value)) or any(
            _reads_arg(a) for a in node.args)
        if cut:
            found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


def test_the_check_finds_a_widget_cutting_a_move_up() -> None:
    assert notation_cut("c, s = move.arg.split('-')\nn = int(m.arg)\np = Played.parse(m.arg)\n"
                        "x = arg.partition(':')") == [
        "line 1: move.arg.split('-')", "line 2: int(m.arg)", "line 3: Played.parse(m.arg)"]


@pytest.mark.parametrize("game", sorted(tk.GAMES))
def test_drawings_read_moves_through_the_game(game: str) -> None:
    drawing = game_spec(game).drawing
    if not drawing:
        pytest.skip(f"{game} declares no drawing")
    source = inspect.getsource(importlib.import_module(drawing))
    assert notation_cut(source) == [], f"{drawing} parses move notation"
