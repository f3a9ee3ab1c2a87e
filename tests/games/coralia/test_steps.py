"""Coralia's steps go by the names ``state.Step`` declares, wherever they show: the step a
view waits for, the steps it says the rules still owe, the rules' own table of steps."""

from __future__ import annotations

import random
from typing import get_args

import treasurekit as tk
from treasurekit.games.coralia import rules
from treasurekit.games.coralia.state import STEPS, StepName


def test_course_of_the_game_every_step_a_view_shows_is_a_declared_step() -> None:
    seen: set[str] = set()
    for players in (2, 3, 4):
        for seed in range(6):
            g = tk.new_game("coralia", players=players, seed=seed)
            rng = random.Random(seed)
            while True:
                for seat in (None, *range(players)):
                    view = rules.view_of(g, seat)
                    assert view["waiting"]["step"] in STEPS, view["waiting"]
                    assert all(task[0] in STEPS for task in view["tasks"]), view["tasks"]
                seen.add(view["waiting"]["step"])
                if g.is_over:
                    break
                if g.is_chance:
                    g.deal()
                else:
                    g.play(rng.choice(g.legal_moves()))
    # the steps that wait for someone all came up, by their declared names
    assert {"setup_turtle", "setup_island_pile", "setup_roll", "pick_four",
            "lock_in_or_pick", "roll", "place", "keep", "over"} <= seen


def test_course_of_the_game_the_rules_carry_out_only_declared_steps() -> None:
    # every step but a finished game's "over" is declared to the turn machine, once
    assert set(rules.Coralia.turns.rules) == set(STEPS) - {"over"}
    assert get_args(StepName) == STEPS and len(set(STEPS)) == len(STEPS)
    # readable words: no abbreviation glued together ("lockpick", "sfnext", "pick4")
    assert all(name.replace("_", "").isalpha() for name in STEPS)


def test_lock_in_a_share_code_made_before_the_steps_had_their_names_still_opens() -> None:
    """A share code made by the code of commit efa4b79 (a seeded 3-player game, where the
    step now called ``lock_in_or_pick`` was ``lockpick``): a code keeps moves, not step
    names, so it opens on the same table, waiting under the new name."""
    g = tk.load_share_code("tk2.TQuLRkQmEZFkiKEfAGLbn7xEeCdTBg")
    view = rules.view_of(g, 0)
    assert view["waiting"] == {"step": "lock_in_or_pick", "player": 0}
    assert {m.split(":")[0] for m in view["legal"]} == {"lock", "pick"}
    assert tk.share_code(g) == "tk2.TQuLRkQmEZFkiKEfAGLbn7xEeCdTBg"
