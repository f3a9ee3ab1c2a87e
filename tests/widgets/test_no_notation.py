"""Widgets parse no notation (docs/conventions.md): a game's drawing reads what a move
says from the game's ``describe_move`` (typed fields), and what part of the table a move
is about from ``Game.move_subject``, never by cutting up ``move.arg``.

Read from the source of every module of ``treasurekit/widgets/`` (the drawings, the
clickable table, the pickers, the players): no call of ``split``, ``partition``,
``parse``, a regular expression, ``int`` or the like on anything holding a move's
``.arg``, no index or slice of a ``.arg``, and no call with a ``.arg`` of a helper of the
module that cuts its own parameter so (``first_part(move.arg)``)."""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path

import pytest

import treasurekit.widgets

CUTTERS = {"split", "rsplit", "splitlines", "partition", "rpartition", "parse", "match",
           "fullmatch", "search", "findall", "finditer", "sub", "subn", "int"}
WIDGETS = Path(treasurekit.widgets.__file__).parent
MODULES = sorted(p.name for p in WIDGETS.glob("*.py"))


def _reads_arg(node: ast.AST) -> bool:
    return any(isinstance(n, ast.Attribute) and n.attr == "arg" for n in ast.walk(node))


def _name(func: ast.expr) -> str:
    return (func.attr if isinstance(func, ast.Attribute)
            else func.id if isinstance(func, ast.Name) else "")


def _arguments(call: ast.Call) -> list[ast.expr]:
    return [*call.args, *(k.value for k in call.keywords)]


def _cuts(call: ast.Call, holds: Callable[[ast.AST], bool]) -> bool:
    """Whether ``call`` cuts up something ``holds`` accepts: as the receiver of a cutting
    method or as an argument of a cutting function."""
    if _name(call.func) not in CUTTERS:
        return False
    return (isinstance(call.func, ast.Attribute) and holds(call.func.value)) or any(
        holds(a) for a in _arguments(call))


def _cutting_helpers(tree: ast.AST) -> set[str]:
    """The module's functions that cut up one of their own parameters."""
    helpers = set()
    for fn in ast.walk(tree):
        if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        params = {a.arg for a in [*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs]}

        def is_param(node: ast.AST, params: set[str] = params) -> bool:
            return isinstance(node, ast.Name) and node.id in params

        if any(isinstance(n, ast.Call) and _cuts(n, is_param) for n in ast.walk(fn)):
            helpers.add(fn.name)
    return helpers


def notation_cut(source: str) -> list[str]:
    """The lines where the source cuts up a move's argument."""
    tree = ast.parse(source)
    helpers = _cutting_helpers(tree)
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            cut = _cuts(node, _reads_arg) or (
                _name(node.func) in helpers and any(_reads_arg(a) for a in _arguments(node)))
        elif isinstance(node, ast.Subscript):
            cut = isinstance(node.value, ast.Attribute) and node.value.attr == "arg"
        else:
            continue
        if cut:
            found.append((node.lineno, ast.unparse(node)))
    return [f"line {line}: {code}" for line, code in sorted(found)]


def test_the_check_finds_a_widget_cutting_a_move_up() -> None:
    assert notation_cut("c, s = move.arg.split('-')\nn = int(m.arg)\np = Played.parse(m.arg)\n"
                        "x = arg.partition(':')\ny = re.split('/', m.arg)\nz = m.arg[0]\n"
                        "k = m.arg[:2]\nd = table[m.arg]") == [
        "line 1: move.arg.split('-')", "line 2: int(m.arg)", "line 3: Played.parse(m.arg)",
        "line 5: re.split('/', m.arg)", "line 6: m.arg[0]", "line 7: m.arg[:2]"]


def test_the_check_finds_a_helper_that_cuts_its_parameter() -> None:
    """The widgets' table once found what a move is about this way."""
    source = ("def first_part(arg):\n    return re.split(r'[/-]', arg, maxsplit=1)[0]\n"
              "def whole(arg):\n    return arg.upper()\n"
              "a = first_part(move.arg)\nb = whole(move.arg)\nc = first_part(name)\n")
    assert notation_cut(source) == ["line 5: first_part(move.arg)"]


@pytest.mark.parametrize("module", MODULES)
def test_widgets_read_moves_through_the_game(module: str) -> None:
    source = (WIDGETS / module).read_text(encoding="utf-8")
    assert notation_cut(source) == [], f"widgets/{module} parses move notation"
