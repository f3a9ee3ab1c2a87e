"""Seeded random games of any game, with the invariants every game must keep (in the
spirit of OpenSpiel's ``random_sim_test``). Used by test_random_sim.py.

Kept out of the test module so that pytest's assertion rewriting does not slow the
loops; every assert carries its own message.

After every step: the components are the same multiset (``inventory()``), and a game
that is not over offers legal moves (or chance outcomes summing to 1) to exactly one
decider. On sampled steps: play + undo restores everything exactly and replays the
same; every move that is not legal now (moves legal elsewhere in the game, and mangled
ones) is refused with state, history, log, save, views and legal moves unchanged;
``view(p)`` is the same on a copy whose hidden information was redrawn for ``p``
(``scramble_hidden``). At the end: the same seed with the same decisions gives the
same game, a save made mid-game loads to the same table and goes on identically,
and every event reads for every seat and a spectator, in every language.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import treasurekit as tk
from treasurekit.core.i18n import LANGUAGES

from ..checks import (
    all_views,
    assert_notes_agree,
    assert_refused,
    replay_decisions,
    snapshot,
    undo_check,
)
from .registry import Setup

MAX_STEPS = 20_000       # a random game still running after this many steps is a bug


class Report(Counter[str]):
    """What a run saw: how many checks of each kind ran (so that none can pass idly)."""


def random_move(g: tk.Game[Any], rng: random.Random) -> tk.Move:
    return rng.choice(g.legal_moves())


def step(g: tk.Game[Any], rng: random.Random) -> Sequence[tk.Event]:
    return g.deal() if g.is_chance else g.play(random_move(g, rng))


def _at(g: tk.Game[Any]) -> str:
    last = g.history[-1] if g.history else "start"
    return f"{g!r} after step {len(g.history)} ({last})"


def check_turn(g: tk.Game[Any]) -> None:
    """Exactly one of: over (nothing legal), a chance step, a seat to decide."""
    assert_notes_agree(g)
    legal = g.legal_moves()
    if g.is_over:
        assert legal == [] and g.current_player is None and not g.is_chance, _at(g)
        winners = g.winners()
        assert winners and set(winners) <= set(range(len(g.players))), f"winners {_at(g)}"
        return
    assert legal, f"nothing legal and not over, {_at(g)}"
    assert len(set(legal)) == len(legal), f"a legal move twice, {_at(g)}"
    assert all(str(tk.Move.parse(str(m))) == str(m) for m in legal), f"notation {_at(g)}"
    if g.is_chance:
        assert g.current_player is None, _at(g)
        total = sum(p for _, p in g.chance_outcomes())
        assert abs(total - 1) < 1e-9, f"chance sums to {total}, {_at(g)}"
    else:
        seat = g.current_player
        assert seat is not None and 0 <= seat < len(g.players), _at(g)
        assert g.view(seat)["legal"] == [str(m) for m in legal], f"view's legal, {_at(g)}"


def illegal_candidates(g: tk.Game[Any], known: set[str], rng: random.Random) -> list[str]:
    """Moves that are not legal now: some legal elsewhere in this game, some mangled."""
    legal = {str(m) for m in g.legal_moves()}
    elsewhere = sorted(known - legal)
    out = rng.sample(elsewhere, min(3, len(elsewhere)))
    if legal:
        kind = tk.Move.parse(rng.choice(sorted(legal))).kind
        out += [f"{kind}:no-such-thing", f"{kind}:{'9' * 30}"]
    out += ["fly-away", "x:" + "y" * 200]
    return [m for m in out if m not in legal]


def check_refusals(g: tk.Game[Any], known: set[str], rng: random.Random, report: Report) -> None:
    before = snapshot(g)
    for move in illegal_candidates(g, known, rng):
        assert_refused(g, move, before=before)
        report["refused"] += 1


def check_hidden(g: tk.Game[Any], rng: random.Random, report: Report) -> None:
    """No view leaks: each seat's view is the same when everything hidden from that seat
    is redrawn (and the components are still all there)."""
    inventory = g.inventory()
    for p in range(len(g.players)):
        other = g.scramble_hidden(p, rng)
        assert other is not g and other.state is not g.state, "scramble_hidden must copy"
        assert_notes_agree(other)
        view = g.view(p)
        assert other.view(p) == view, f"view of seat {p} leaks, {_at(g)}"
        assert json.loads(json.dumps(view)) == view, f"view of seat {p} is not JSON, {_at(g)}"
        assert other.inventory() == inventory, f"scramble lost components, {_at(g)}"
        report["scrambles"] += 1
        report["scrambles that changed the table"] += other.state != g.state


def check_events(g: tk.Game[Any], report: Report) -> None:
    """Every event reads for every seat and for a spectator, in every language."""
    for event in g.events:
        assert isinstance(event.seen_by, tuple), f"seen_by of {event}"
        for lang in LANGUAGES:
            assert event.rule(lang), f"no rule title for {event} in {lang}"
            for viewer in (None, *range(len(g.players))):
                text = event.text(lang, viewer)
                assert text and "{" not in text, f"{event} for {viewer} in {lang}: {text!r}"
        report["events read"] += 1


def check_replays(setup: Setup, seed: int, g: tk.Game[Any], save_at: int,
                  save: tuple[str, Any, list[dict[str, Any]]] | None) -> None:
    """Same seed, same decisions: the same game; a mid-game save loads and goes on alike."""
    again = setup.new(seed)
    replay_decisions(again, g.history)
    assert again.history == g.history, f"same seed, different game: {setup} seed {seed}"
    assert again.state == g.state and again.log == g.log, f"same seed: {setup} seed {seed}"
    final = tk.load_game(g.to_json())
    assert final.state == g.state and final.to_json() == g.to_json(), f"final save {setup}"
    if save is None:
        return
    text, state, views = save
    json.loads(text)
    loaded = tk.load_game(text)
    assert loaded.state == state, f"save at step {save_at} loads differently, {setup} {seed}"
    assert all_views(loaded) == views, f"save at step {save_at}: other views, {setup} {seed}"
    assert loaded.to_json() == text, f"save of a loaded game differs, {setup} seed {seed}"
    replay_decisions(loaded, g.history)
    assert loaded.state == g.state and loaded.events == g.events, \
        f"a loaded game went on differently, {setup} seed {seed}"
    assert loaded.scores() == g.scores() and loaded.winners() == g.winners(), "scores"


def run_game(setup: Setup, seed: int, every: int = 8) -> Report:
    """One seeded random game with every check; the sampled checks run on about one
    step in ``every``. Returns how many checks of each kind ran."""
    g = setup.new(seed)
    policy, checks = random.Random(seed), random.Random(~seed)
    report = Report()
    inventory = g.inventory()
    assert inventory, f"{setup}: inventory() lists no component"
    known: set[str] = set()
    save_at, save = -1, None
    check_turn(g)
    while not g.is_over:
        assert len(g.history) < MAX_STEPS, f"{setup} seed {seed} does not end"
        known.update(str(m) for m in g.legal_moves())
        if checks.randrange(every) == 0:
            check_refusals(g, known, checks, report)
            check_hidden(g, checks, report)
            undo_check(g, policy, random_move)
            report["undone"] += 1
        else:
            step(g, policy)
        assert g.inventory() == inventory, f"components changed, {_at(g)}: " \
            f"{g.inventory() - inventory} appeared, {inventory - g.inventory()} vanished"
        check_turn(g)
        if save is None and checks.randrange(every * 4) == 0:
            save_at, save = len(g.history), (g.to_json(), copy.deepcopy(g.state), all_views(g))
        report["steps"] += 1
    check_refusals(g, known, checks, report)
    check_hidden(g, checks, report)
    check_events(g, report)
    check_replays(setup, seed, g, save_at, save)
    report["games"] += 1
    return report
