"""Computer players shared by every game: the :class:`Bot` protocol and :class:`RandomBot`.

A bot decides from what its seat may see (``game.view(player)``), never from the
live state, so it cannot cheat and works the same on a saved or set-up table.

>>> import random
>>> import treasurekit as tk
>>> g = tk.new_game("diving_bell", seed=3)
>>> str(bot_move(g, RandomBot(), random.Random(0)))
'draw'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from .moves import Move
from .registry import game_spec
from .spec import load

if TYPE_CHECKING:
    from .game import Game


@runtime_checkable
class Bot(Protocol):
    """A computer player: picks one of ``view["legal"]`` from the view dict alone."""

    name: str

    def choose(self, view: dict[str, Any], rng: random.Random) -> Move:
        """The move to play, given the mover's view and a random generator."""
        ...


def legal_moves_of(view: dict[str, Any]) -> list[Move]:
    """The moves a view offers its player; ValueError when it is not that player's turn."""
    legal = [Move.parse(m) for m in view["legal"]]
    if not legal:
        raise ValueError("this view has no legal moves: it is not this player's turn")
    return legal


class RandomBot:
    """Plays a uniformly random legal move."""

    name = "random"

    def choose(self, view: dict[str, Any], rng: random.Random) -> Move:
        return rng.choice(legal_moves_of(view))

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


def make_bot_of(bots: Mapping[str, Callable[[], Bot]], level: str) -> Bot:
    """A new bot of the given level, one of a game's ``bots`` (name -> factory)."""
    try:
        factory = bots[level]
    except KeyError:
        raise ValueError(f"no bot level {level!r}; choose one of {', '.join(bots)}") from None
    return factory()


def bot_levels(game: str) -> Mapping[str, Callable[..., Bot]]:
    """The bot levels ``game`` declares (its spec's ``bots``): level -> a factory of
    :class:`Bot`, weakest first, the coach's ``"expert"`` last (UnknownGame for a name
    that is not registered)."""
    bots = game_spec(game).bots
    found: Mapping[str, Callable[..., Bot]] = load(bots) if bots else {}
    return found


def make_bot(game: str, level: str, **options: Any) -> Bot:
    """A new bot of ``level`` for ``game`` (a name in ``tk.GAMES``): one of the game's
    ``BOTS``, weakest first, the coach's ``"expert"`` last; ``options`` go to the bot
    (e.g. ``make_bot("coralia", "expert", seconds=0.5)``). An unknown level raises
    ValueError naming the levels there are."""
    bots = bot_levels(game)
    if type(level) is not str or level not in bots:
        raise ValueError(f"no bot level {str(level)[:30]!r} for {game}; choose one of "
                         f"{', '.join(bots)}")
    return bots[level](**options)


def bot_move(game: Game[Any], bot: Bot, rng: random.Random) -> Move:
    """Ask ``bot`` for a move in the current position (the player to move must be set)."""
    player = game.current_player
    if player is None:
        raise ValueError("no player is to move (a chance step is pending or the game is over)")
    return bot.choose(game.view(player), rng)


def play_out(game: Game[Any], bots: Sequence[Bot], rng: random.Random) -> Game[Any]:
    """Let ``bots[i]`` play seat ``i`` and the seeded dealer deal until the game is over."""
    while not game.is_over:
        if game.is_chance:
            game.deal()
        else:
            game.play(bot_move(game, bots[game.current_player or 0], rng))
    return game
