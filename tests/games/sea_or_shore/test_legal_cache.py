"""The legal moves a Sea or Shore state keeps (``state.legal``: listed once per decision, so
that ``legal_moves()`` and the check in ``play()`` share one list) always equal the moves
built afresh from the table: after every step, after undo, in a loaded save, in a clone,
and in a copy whose hidden cards were redrawn (the hand of the player to move changes).
"""

from __future__ import annotations

import itertools
import random

import pytest

import treasurekit as tk
from treasurekit.core.errors import IllegalMove

from .helpers import GAME, VARIANTS


def afresh(game: tk.Game) -> list[tk.Move]:
    """The legal moves built from the table, ignoring what the state keeps."""
    if game.is_over or game.is_chance:
        return []
    s = game.state.clone()
    s.legal = None
    return list(game._legal(s))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_kept_legal_moves_always_match_the_table(players):
    for seed in range(4):
        g = tk.new_game(GAME, players=players, seed=seed, variant=VARIANTS[seed])
        rng = random.Random(seed)
        step = 0
        while not g.is_over:
            if g.is_chance:
                g.deal()
                continue
            legal = g.legal_moves()
            assert legal == afresh(g), f"seed {seed} step {len(g.history)}"
            assert g.state.clone().legal == g.state.legal
            if step % 9 == 0:
                other = (g.current_player + 1) % players
                copy = g.scramble_hidden(other, rng)
                assert copy.legal_moves() == afresh(copy)
                loaded = tk.load_game(g.to_json())
                assert loaded.legal_moves() == legal
            move = rng.choice(legal)
            g.play(move)
            if step % 7 == 0:
                g.undo()
                assert g.legal_moves() == legal == afresh(g)
                g.play(move)
            step += 1


def test_a_move_no_longer_legal_is_refused_after_the_table_changed():
    g = tk.new_game(GAME, players=4, seed=3)
    while g.is_chance or g.phase != "play":
        g.deal() if g.is_chance else g.play(g.legal_moves()[0])
    first = g.legal_moves()[0]                     # a card of the player to move
    g.play(first)
    with pytest.raises(IllegalMove):
        g.play(first)                              # that card is on the table now


def _chance_steps() -> set[str]:
    from treasurekit.core.turns import CHANCE
    from treasurekit.games.sea_or_shore.rules import SeaOrShore

    return {kind for kind, rule in SeaOrShore.turns.rules.items() if rule.run == CHANCE}


def test_the_dealers_steps_are_declared_chance_to_the_turn_machine():
    # every kind of step is declared once (who decides, its effect, its rule): the deal,
    # a treasure turned up or looked at, and the swap's random cards are the dealer's
    assert {"deal", "turn", "grab", "see"} == _chance_steps()


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_noted_dealers_turn_always_matches_the_step_in_front(players):
    # the rules note in ``state.chance`` whether the step in front is the dealer's (the
    # base asks after every step); the note must agree with the step itself everywhere;
    # during the deal the box holds every island card not dealt yet
    from treasurekit.games.sea_or_shore.cards import ISLAND_CODES

    chance_steps = _chance_steps()

    def check(game: tk.Game) -> None:
        s = game.state
        assert s.chance == (not s.over and s.steps[0].kind in chance_steps)
        assert s.clone().chance == s.chance
        if s.steps and s.steps[0].kind == "deal":   # (the deal's short path counts on it)
            assert len(s.box) == len(ISLAND_CODES) - s.dealt

    for seed in range(3):
        g = tk.new_game(GAME, players=players, seed=seed, variant=VARIANTS[seed])
        rng = random.Random(seed)
        check(g)
        for step in itertools.count():
            if g.is_over:
                break
            g.deal() if g.is_chance else g.play(rng.choice(g.legal_moves()))
            check(g)
            if step % 11 == 0:
                move = g.undo()
                check(g)
                check(tk.load_game(g.to_json()))
                g.play(move)
        check(g)
