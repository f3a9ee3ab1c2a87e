"""The Coralia modules' docstring examples run as tests."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize("module", ["cards", "rules", "examples", "bots"])
def test_doctests(module):
    mod = importlib.import_module(f"treasurekit.games.coralia.{module}")
    result = doctest.testmod(mod)
    assert result.attempted and not result.failed


def test_lessons_doctest():
    mod = importlib.import_module("treasurekit.games.coralia.lessons")
    result = doctest.testmod(mod)
    assert result.attempted and not result.failed
