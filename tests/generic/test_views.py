"""Views of every game in ``tk.GAMES``: the fields all views share (built once in the base),
and the spectator's view ``view(None)``, which sees the whole table."""

from __future__ import annotations

import random
from importlib import import_module
from typing import Any, get_type_hints

import pytest

import treasurekit as tk
from treasurekit.core.game import BaseView

from ..checks import step_randomly

GAMES = sorted(tk.GAMES)
SHARED = set(BaseView.__required_keys__)


def declared_view(name: str) -> Any:
    """The TypedDict a game declares for its views: the return type of ``view_of`` in its
    rules module (None for a game that declares none)."""
    view_of = getattr(import_module(tk.GAMES[name].game_class().__module__), "view_of", None)
    return None if view_of is None else get_type_hints(view_of)["return"]


def random_games(name: str, count: int = 3) -> list[tk.Game]:
    """New games of ``name``, seeded, with as many players as they allow up to 2 more."""
    cls = tk.core.game_class(name)
    return [tk.new_game(name, min(cls.min_players + k, cls.max_players), seed=k)
            for k in range(count)]


def check_views(g: tk.Game) -> None:
    spectator = g.view(None)
    assert set(spectator) >= SHARED
    assert spectator["you"] is None and spectator["game"] == g.name
    assert spectator["players"] == list(g.players) and spectator["variant"] == g.variant
    assert spectator["to_move"] == g.current_player and spectator["is_over"] == g.is_over
    mover = g.current_player
    legal = [str(m) for m in g.legal_moves()] if mover is not None else []
    assert spectator["legal"] == legal
    assert spectator["scores"] == g.scores()       # the spectator sees every point
    for p in range(len(g.players)):
        v = g.view(p)
        assert set(v) >= SHARED and v["you"] == p
        assert set(v) <= set(spectator), set(v) - set(spectator)
        assert v["legal"] == (legal if p == mover else [])
        for key in ("game", "players", "variant", "phase", "to_move", "is_over"):
            assert v[key] == spectator[key], key
        if v.get("hand") is not None:              # the spectator sees every seat's hand
            assert spectator["hands"][p] == v["hand"]
        if v["scores"] is not None:
            assert v["scores"] == spectator["scores"]


@pytest.mark.parametrize("name", GAMES)
def test_every_view_shares_the_base_fields_and_the_spectator_sees_all(name: str) -> None:
    rng = random.Random(name)
    for g in random_games(name):
        while True:
            check_views(g)
            for batch in g.log[-1:]:
                for e in batch:                   # the spectator reads every detail
                    assert e.sees_all(None) and e.text("nl", viewer=None)
            if g.is_over:
                break
            step_randomly(g, rng)
        assert g.view(None)["phase"] == "over"


@pytest.mark.parametrize("name", GAMES)
def test_a_view_is_a_copy(name: str) -> None:
    g = tk.new_game(name, tk.core.game_class(name).min_players, seed=4)
    saved = g.to_json()
    for seat in (None, *range(len(g.players))):
        v = g.view(seat)
        for value in v.values():
            if isinstance(value, (list, dict)):
                value.clear()
        assert g.view(seat) != v
    assert g.to_json() == saved


@pytest.mark.parametrize("name", [name for name in GAMES if declared_view(name) is not None])
def test_a_view_has_the_fields_its_game_declares(name: str) -> None:
    """Every view of every seat holds each required field of the game's declared view
    and no field it does not declare (mypy checks the types of what the rules build)."""
    declared = declared_view(name)
    fields = declared.__required_keys__ | declared.__optional_keys__
    view_of = import_module(tk.GAMES[name].game_class().__module__).view_of
    rng = random.Random(name)
    for g in random_games(name, 2):
        while True:
            for seat in (None, *range(len(g.players))):
                keys = set(view_of(g, seat))
                assert declared.__required_keys__ <= keys <= fields, keys ^ fields
            if g.is_over:
                break
            step_randomly(g, rng)
    with pytest.raises(TypeError):
        view_of(tk.new_game(next(n for n in GAMES if n != name)), None)
