"""The engine API shared by every game: registry, players, variants, turns, views, notation,
undo, seeded dealing and saves."""

from __future__ import annotations

import copy
import json
import random

import pytest

import treasurekit as tk
from treasurekit.core import game as core_game
from treasurekit.core.chance import Dealer, dealer_uniform, pick
from treasurekit.games.diving_bell import DivingBell

from ..games.diving_bell.helpers import GAME, NAMES, VARIANTS, position, random_game, step

VIEW_KEYS = {
    "game", "you", "players", "variant", "phase", "diver", "to_move", "row", "pressure",
    "limit", "krakens", "burst", "deck", "set_aside", "unseen", "division", "next_to_divide",
    "piles", "scores", "discards", "reshuffled", "legal", "is_over",
}


# ---- registry ----------------------------------------------------------------------------
def test_games_registry():
    assert GAME in tk.GAMES
    assert tk.core.game_class(GAME) is DivingBell
    assert isinstance(tk.new_game(GAME), tk.Game)


def test_unknown_game():
    with pytest.raises(tk.UnknownGame) as info:
        tk.new_game("chess")
    assert "no game 'chess'" in str(info.value) and "diving_bell" in str(info.value)
    assert isinstance(info.value, KeyError) and isinstance(info.value, tk.TreasureKitError)


# ---- players, seeds, variants ---------------------------------------------------------------
def test_players_as_count():
    g = tk.new_game(GAME, players=2)
    assert g.players == ("Player 1", "Player 2")


def test_players_as_names():
    g = tk.new_game(GAME, players=[" Ann ", "Bob"])
    assert g.players == ("Ann", "Bob")
    assert tk.new_game(GAME, players=("Ann", "Bob")).players == ("Ann", "Bob")


@pytest.mark.parametrize("players", [0, 1, 3, 5, -2, ["Ann"], ["Ann", "Bob", "Cid"], []])
def test_bad_player_count(players):
    with pytest.raises(ValueError, match="this game is for 2 players"):
        tk.new_game(GAME, players=players)


@pytest.mark.parametrize("players", [True, "AB", "Ann,Bob", None, 2.0, ["Ann", ""],
                                     ["Ann", 3], ["Ann", "  "], {"Ann", "Bob"}])
def test_bad_players(players):
    with pytest.raises(ValueError, match="players must be a count or a list of names"):
        tk.new_game(GAME, players=players)


def test_duplicate_player_names():
    with pytest.raises(ValueError, match="different"):
        tk.new_game(GAME, players=["Ann", " Ann"])


@pytest.mark.parametrize("variant", VARIANTS)
def test_variants(variant):
    g = tk.new_game(GAME, variant=variant)
    assert g.variant == variant and g.view(0)["variant"] == variant
    assert DivingBell.variants == VARIANTS


@pytest.mark.parametrize("variant", ["", "Standard", "expert", None, 3, ["quick"]])
def test_bad_variant(variant):
    with pytest.raises(ValueError, match="unknown variant"):
        tk.new_game(GAME, variant=variant)


@pytest.mark.parametrize("seed", ["7", 7.0, None, True])
def test_bad_seed(seed):
    with pytest.raises(ValueError, match="seed must be an integer"):
        tk.new_game(GAME, seed=seed)


@pytest.mark.parametrize("seed", [0, -1, 2**70, 123456789])
def test_any_integer_seed(seed):
    rows = []
    for _ in range(2):
        h = tk.new_game(GAME, seed=seed)
        h.play("draw")
        h.deal()
        rows.append(h.view(0)["row"])
    assert rows[0] == rows[1] and len(rows[0]) == 1


# ---- turns -----------------------------------------------------------------------------
def test_current_player_none_at_chance_nodes_and_when_over():
    g = tk.new_game(GAME, seed=2)
    rng = random.Random(2)
    while not g.is_over:
        if g.is_chance:
            assert g.current_player is None and g.chance_outcomes() and g.state.phase == "draw"
            assert g.legal_moves() == [m for m, _ in g.chance_outcomes()]
        else:
            assert g.current_player in (0, 1) and g.chance_outcomes() == []
        step(g, rng)
    assert g.current_player is None and not g.is_chance and g.legal_moves() == []
    assert g.chance_outcomes() == []


def test_chance_outcomes_are_every_unseen_card():
    g = tk.new_game(GAME, variant="advanced")
    g.play("draw")
    outcomes = g.chance_outcomes()
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert dict((str(m), p) for m, p in outcomes)["reveal:kraken"] == pytest.approx(4 / 88)


# ---- views -------------------------------------------------------------------------------
def test_view_keys():
    g = position()
    for p in (0, 1):
        assert set(g.view(p)) == VIEW_KEYS
        assert g.view(p)["you"] == p
    assert g.view(0)["legal"] == ["draw"] and g.view(1)["legal"] == []
    g.play("draw")
    assert g.view(0)["legal"] == [] and g.view(0)["to_move"] is None


@pytest.mark.parametrize("player", [-1, 2, 7])
def test_view_of_no_player(player):
    with pytest.raises(ValueError, match="no player"):
        tk.new_game(GAME).view(player)


def test_view_is_json_and_a_copy():
    g = random_game("advanced", 5)
    for p in (0, 1):
        v = g.view(p)
        assert json.loads(json.dumps(v)) == v
        v["row"].append("gold1/0")
        v["piles"][0].clear()
        assert g.view(p) != v


def test_view_hides_only_the_order_of_the_deck():
    g = tk.new_game(GAME, seed=1)
    v = g.view(0)
    assert "unseen" in v and "order" not in json.dumps(v)
    assert sum(v["unseen"].values()) == v["deck"] + v["set_aside"]


# ---- notation ---------------------------------------------------------------------------------
@pytest.mark.parametrize("variant", VARIANTS)
def test_move_notation_round_trips_for_every_move_in_random_play(variant):
    seen = set()
    for seed in range(30):
        g = random_game(variant, seed)
        seen.update(g.history)
    g = tk.new_game(GAME, variant=variant)
    g.play("draw")
    seen.update(m for m, _ in g.chance_outcomes())
    assert len(seen) > 20
    for m in seen:
        text = str(m)
        assert tk.Move.parse(text) == m and str(tk.Move.parse(text)) == text
        assert isinstance(m, tk.Move) and text.strip() == text and " " not in text


def test_move_notation_examples():
    assert str(tk.Move("draw")) == "draw" and str(tk.Move("take", "A")) == "take:A"
    assert tk.Move.parse(" take:A ") == tk.Move("take", "A")
    assert tk.Move.parse("reveal:cursed-2/0") == tk.Move("reveal", "cursed-2/0")
    assert tk.Move.parse("draw:") == tk.Move("draw")
    m = tk.Move("take", "A")
    with pytest.raises(AttributeError):
        m.kind = "to"                                   # moves are immutable


# ---- events, history, log -----------------------------------------------------------------------
def test_events_history_and_log_line_up():
    g = random_game("advanced", 9)
    assert len(g.history) == len(g.log)
    assert g.events == [e for batch in g.log for e in batch]
    assert all(isinstance(e, tk.Event) for e in g.events)
    assert str(g.events[0]).startswith("[")


def test_repr():
    g = tk.new_game(GAME, players=NAMES, seed=3, variant="quick")
    assert repr(g) == "<DivingBell players=['Ann', 'Bob'] seed=3 variant='quick' steps=0>"


# ---- undo, dealing, saves -----------------------------------------------------------------------
def test_undo_all_the_way_back_across_checkpoints(monkeypatch):
    monkeypatch.setattr(core_game, "CHECKPOINT_EVERY", 32)   # several in one game
    g = tk.new_game(GAME, seed=8, variant="advanced")
    rng = random.Random(8)
    states = [copy.deepcopy(g.state)]
    while not g.is_over:
        step(g, rng)
        states.append(copy.deepcopy(g.state))
    assert len(g.history) > 3 * core_game.CHECKPOINT_EVERY
    moves = list(g.history)
    while g.history:
        assert g.undo() == moves[len(g.history)]
        states.pop()
        assert g.state == states[-1]
    assert g.log == [] and g.events == []


def test_undo_then_deal_gives_the_same_card():
    g = tk.new_game(GAME, seed=21)
    g.play("draw")
    first = g.deal()
    g.undo()
    assert g.deal() == first


@pytest.mark.parametrize("steps_before", [0, 5, core_game.CHECKPOINT_EVERY,
                                          core_game.CHECKPOINT_EVERY + 3])
def test_play_is_atomic_when_a_rule_hook_fails(monkeypatch, steps_before):
    """If applying a move raises, the state is rewound: nothing half-done remains."""
    g = tk.new_game(GAME, seed=4)
    rng = random.Random(4)
    while len(g.history) < steps_before:
        step(g, rng)
    state, history = copy.deepcopy(g.state), list(g.history)
    original = DivingBell._apply_quiet             # the hook play() and deal() apply with
    calls = []

    def broken(self, s, move, events=None):  # fails once, after changing the state
        original(self, s, move, events)
        calls.append(move)
        if len(calls) == 1:
            raise RuntimeError("boom")
    monkeypatch.setattr(DivingBell, "_apply_quiet", broken)
    with pytest.raises(RuntimeError, match="boom"):
        g.deal() if g.is_chance else g.play(g.legal_moves()[0])
    monkeypatch.setattr(DivingBell, "_apply_quiet", original)
    assert g.state == state and g.history == history
    step(g, rng)                                        # and the game goes on
    g.undo()
    assert g.state == state


def test_same_seed_same_game_different_seed_different_game():
    a, b = random_game("standard", 17), random_game("standard", 17)
    assert a.history == b.history and a.state == b.state and a.events == b.events
    assert random_game("standard", 18).history != a.history


def test_save_format():
    g = random_game("quick", 2)
    data = json.loads(g.to_json())
    assert data["format"] == "treasurekit-save" and data["version"] == 1
    assert data["game"] == GAME and data["variant"] == "quick" and data["seed"] == 2
    assert data["moves"] == [str(m) for m in g.history] and data["position"] is None


def test_save_of_a_position_round_trips():
    g = position(variant="advanced", row=["kraken", "gold1/0"], piles={"Bob": ["map1/0"]})
    g.play("stop")
    h = tk.load_game(g.to_json())
    assert h.state == g.state and h.position == g.position and h.players == g.players
    h.play("to:A")
    g.play("to:A")
    assert h.state == g.state


def test_load_game_gives_an_independent_game():
    g = random_game("beginner", 4)
    h = tk.load_game(g.to_json())
    h.undo()
    assert g.is_over and not h.is_over and len(h.history) == len(g.history) - 1


# ---- chance helpers -----------------------------------------------------------------------------
def test_dealer_uniform_in_unit_interval():
    xs = [dealer_uniform(s, k) for s in range(50) for k in range(50)]
    assert all(0 <= x < 1 for x in xs)
    assert 0.45 < sum(xs) / len(xs) < 0.55


def _mersenne_reference(seed: int, step: int) -> float:
    """The dealer's rule written out: seeds 0, -1, 1, -2... seed Python's generator with
    0, 1, 2, 3...; step k takes its k-th number."""
    r = random.Random(2 * seed if seed >= 0 else 2 * abs(seed) - 1)
    for _ in range(step):
        r.random()
    return r.random()


@pytest.mark.parametrize("seed", [0, 1, 7, 2**31 - 1, 10**9, -3, 2**70 + 5])
def test_dealer_numbers_are_mersenne_twister_draws_of_seed_and_step(seed):
    """The seed and the step fix the number, in whatever order the steps are dealt."""
    dealer = Dealer(seed)
    steps = (999, 0, 1, 2, 63, 64, 65, 31, 5000)
    for k in steps:
        assert dealer.number(k) == _mersenne_reference(seed, k) == dealer_uniform(seed, k)
    assert dealer.numbers[:3] == [_mersenne_reference(seed, k) for k in range(3)]


def test_dealer_pinned_numbers():
    """Python promises random() the same numbers from the same seed in every version: a
    change of them (or of the dealer's rule) would change every seeded game."""
    assert dealer_uniform(0, 0) == 0.8444218515250481
    assert dealer_uniform(5, 2) == 0.5780913011344704      # random.Random(10), 3rd
    assert len({dealer_uniform(s, 0) for s in (-2, -1, 0, 1, 2)}) == 5


def test_deal_is_the_same_after_undo_and_in_a_copy_of_the_save():
    g = tk.new_game("sea_or_shore", players=4, seed=11)
    g.deal()
    first = g.history[-1]
    g.undo()
    g.deal()
    assert g.history[-1] == first
    h = tk.load_game(g.to_json())
    while h.is_chance and len(h.history) < 20:
        g.deal()
        h.deal()
        assert h.history[-1] == g.history[-1]


def test_pick_by_cumulative_probability():
    outcomes = [("a", 0.25), ("b", 0.5), ("c", 0.25)]
    assert [pick(outcomes, x) for x in (0.0, 0.2499, 0.25, 0.74, 0.75, 0.999999)] == \
        ["a", "a", "b", "b", "c", "c"]
    assert pick(outcomes, 1.0) == "c"
