"""Take-backs stop at chance and at cards shown (``Game.take_back_limit``), for every game
in ``tk.GAMES``: Board Game Arena's rule, an undo never crosses a die roll, a card dealt
or drawn, or hidden information revealed.

* The limit is exact: at every step of seeded games, for every seat, it lies just after
  the last chance step or the last step whose events showed that seat something
  (``revealing_events``), wherever the undo checkpoints fall.
* The reveals are all declared: an oracle built on the views alone finds every decision
  after which a seat's view shows something it could not have foreseen -- it redraws what
  the seat could not see before the step (``scramble_hidden``) and looks for a move that
  would have given the seat the same view afterwards; when none exists, the step showed
  the seat hidden information, and its take-back limit must not let it undo that step.
* Taking back is still possible where nothing was dealt or shown: every game has steps
  whose player may take them back.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import treasurekit as tk
import treasurekit.core.game as core_game
from treasurekit.core.registry import game_class

from .registry import NAMES, Setup, setups

#: the setups the oracle plays: every player count of the first variant, and every other
#: variant (other actions: Sea or Shore's swap and salvage) with the fewest players
ORACLE = [s for s in setups() if s.variant == game_class(s.game).variants[0]
          or s.players == game_class(s.game).min_players]
#: scrambles tried per seat and step (each one a whole world the seat cannot tell apart)
TRIES = 2


def _stops(g: tk.Game, seat: int, chance: list[bool]) -> int:
    """The limit worked out again from a record of the chance steps and the events."""
    name = g.players[seat]
    revealing = type(g).revealing_events
    for step in reversed(range(len(g.history))):
        if chance[step]:
            return step + 1
        for e in g.log[step]:
            if e.kind in revealing:
                holder = revealing[e.kind]
                if holder is None or dict(e.params)[holder] != name:
                    return step + 1
    return 0


@pytest.mark.parametrize("every", [3, core_game.CHECKPOINT_EVERY])
@pytest.mark.parametrize("name", NAMES)
def test_the_limit_is_the_last_chance_or_reveal(name: str, every: int,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(core_game, "CHECKPOINT_EVERY", every)   # limits across checkpoints
    cls = game_class(name)
    whys: Counter[str] = Counter()
    for seed, players in enumerate(range(cls.min_players, cls.max_players + 1)):
        g = tk.new_game(name, players=players, seed=seed)
        rng = random.Random(seed)
        chance: list[bool] = []
        while not g.is_over:
            chance.append(g.is_chance)
            g.deal() if g.is_chance else g.play(rng.choice(g.legal_moves()))
            if len(g.history) % 3 and not g.is_over:
                continue
            for seat in range(players):
                limit = g.take_back_limit(seat)
                assert limit.steps == _stops(g, seat, chance), (seat, len(g.history))
                stop = limit.steps - 1
                assert limit.why == ("" if stop < 0 else "chance" if chance[stop]
                                     else "reveal")
                whys[limit.why] += 1
        with pytest.raises(tk.UnknownPlayer):
            g.take_back_limit(players)
    assert whys["chance"], whys


def _shown_anyway(g: tk.Game, seat: int, after: dict, rng: random.Random) -> bool:
    """Whether ``seat`` could have foreseen its view ``after`` the next step: in every
    world it cannot tell from this one (tried ``TRIES`` times), some move of the player to
    move gives it that very view."""
    for _ in range(TRIES):
        twin = g.scramble_hidden(seat, rng)
        for move in twin.legal_moves():
            world = twin._with_state(twin.state.clone())
            world.play(move)
            if world.view(seat) == after:
                break
        else:
            return False
    return True


@pytest.mark.parametrize("setup", ORACLE, ids=str)
def test_no_take_back_past_a_step_that_showed_hidden_information(setup: Setup) -> None:
    g = setup.new(seed=5)
    rng, side = random.Random(5), random.Random(6)
    undoable = shown = 0
    while not g.is_over:
        if g.is_chance:
            g.deal()
            continue
        before = g._with_state(g.state.clone())
        mover = g.current_player
        mark = len(g.history)
        g.play(rng.choice(g.legal_moves()))
        for seat in range(setup.players):
            limit = g.take_back_limit(seat)
            if not _shown_anyway(before, seat, g.view(seat), side):
                shown += 1
                assert limit.steps > mark, (
                    f"step {mark} ({g.history[-1]}) showed seat {seat} hidden information "
                    f"({[e.kind for e in g.log[-1]]}) but its take-back may undo it")
            elif seat == mover and limit.steps <= mark:
                undoable += 1
    assert undoable, "no move could ever be taken back"
