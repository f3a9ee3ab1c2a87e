"""A pytest plugin that registers Pig before the tests are collected, so that every test
listing the games from the registry (``tk.GAMES``) lists Pig too:
``pytest -p tests.fifth_game.plugin tests/generic -k pig``."""

from __future__ import annotations

import treasurekit as tk

from .pig import SPEC

tk.register_game(SPEC)
