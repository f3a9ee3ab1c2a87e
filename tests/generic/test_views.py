"""Views of every game in ``tk.GAMES``: the fields all views share (built once in the base),
and the spectator's view ``view(None)``, which sees the whole table."""

from __future__ import annotations

import random

import pytest

import treasurekit as tk

from ..checks import step_randomly

GAMES = sorted(tk.GAMES)
SHARED = {"game", "you", "players", "variant", "phase", "to_move", "is_over", "scores", "legal"}


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
