"""The Coralia modules' docstring examples run as tests."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize("module", ["cards", "rules", "examples", "lessons", "bots"])
def test_doctests(module):
    mod = importlib.import_module(f"treasurekit.games.coralia.{module}")
    result = doctest.testmod(mod)
    assert result.attempted and not result.failed

