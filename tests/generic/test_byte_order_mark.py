"""A save, a position or a share code that starts with a UTF-8 byte-order mark (which
Windows Notepad and other editors write at the start of a file) is read as without it,
for every game: given as text starting with U+FEFF and as bytes starting with EF BB BF."""

from __future__ import annotations

import json
import random

import pytest

import treasurekit as tk
from treasurekit.core.registry import game_class

from ..checks import step_randomly
from .registry import NAMES, examples

BOM = "\ufeff"


def _game(name: str) -> tk.Game:
    g = tk.new_game(name, players=game_class(name).min_players, seed=3)
    rng = random.Random(name)
    for _ in range(12):
        if g.is_over:
            break
        step_randomly(g, rng)
    return g


@pytest.mark.parametrize("name", NAMES)
def test_a_save_with_a_byte_order_mark_loads(name: str) -> None:
    g = _game(name)
    save = g.to_json()
    for marked in (BOM + save, (BOM + save).encode("utf-8"), b"\xef\xbb\xbf" + save.encode()):
        loaded = tk.load_game(marked)
        assert loaded.to_json() == save and loaded.state == g.state


@pytest.mark.parametrize("name", NAMES)
def test_a_position_text_with_a_byte_order_mark_sets_up(name: str) -> None:
    position = dict(examples(name)[0].position)
    text = json.dumps(position)
    want = tk.setup_position(name, position).state
    assert tk.setup_position(name, BOM + text).state == want
    assert tk.setup_position(name, (BOM + text).encode("utf-8")).state == want


@pytest.mark.parametrize("name", NAMES)
def test_a_share_code_with_a_byte_order_mark_loads(name: str) -> None:
    g = _game(name)
    code = tk.share_code(g)
    for marked in (BOM + code, BOM + code + "\n", " " + BOM + code):
        assert tk.load_share_code(marked).to_json() == g.to_json()


@pytest.mark.parametrize("name", NAMES)
def test_a_pasted_code_or_save_with_a_byte_order_mark_loads(name: str) -> None:
    """What the "Build & share" tab's paste box reads: a code or a save file's text."""
    from treasurekit.core.share import load_code_or_save

    g = _game(name)
    for text in (tk.share_code(g), g.to_json()):
        for marked in (text, BOM + text, "\n" + BOM + text + "\n"):
            assert load_code_or_save(marked).to_json() == g.to_json()


def test_only_a_leading_mark_is_ignored() -> None:
    """A mark anywhere else is still refused (it is not JSON whitespace)."""
    save = _game(NAMES[0]).to_json()
    for bad in (save + BOM, save[:1] + BOM + save[1:], BOM + BOM + save):
        with pytest.raises(tk.InvalidSave):
            tk.load_game(bad)
