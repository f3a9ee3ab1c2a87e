"""The registry of implemented games, and the functions that create or load them."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from importlib import import_module
from typing import Any

from .errors import InvalidSave, UnknownGame
from .game import SAVE_FORMAT, SAVE_VERSION, Game, replay

#: name -> "module:Class"; modules are imported only when a game is created.
GAMES: dict[str, str] = {
    "diving_bell": "treasurekit.games.diving_bell.rules:DivingBell",
    "sea_or_shore": "treasurekit.games.sea_or_shore.rules:SeaOrShore",
    "captain_lucky": "treasurekit.games.captain_lucky.rules:CaptainLucky",
    "coralia": "treasurekit.games.coralia.rules:Coralia",
}


def game_class(name: str) -> type[Game[Any]]:
    """The class that implements game ``name``."""
    if name not in GAMES:
        raise UnknownGame(f"no game {name!r}; implemented: {', '.join(sorted(GAMES))}")
    module, _, cls = GAMES[name].partition(":")
    found: type[Game[Any]] = getattr(import_module(module), cls)
    return found


def new_game(
    name: str,
    players: int | Sequence[str] = 2,
    seed: int = 0,
    variant: str = "standard",
) -> Game[Any]:
    """Start a new game: ``new_game("diving_bell", players=2, seed=7)``."""
    return game_class(name)(players=players, seed=seed, variant=variant)


def setup_position(
    name: str,
    position: Mapping[str, Any] | str,
    seed: int = 0,
) -> Game[Any]:
    """Set up a table situation from a readable description (a dict or its JSON text)."""
    if isinstance(position, str):
        try:
            position = json.loads(position)
        except json.JSONDecodeError as err:
            raise InvalidSave(f"the position is not valid JSON: {err.msg}") from None
    if not isinstance(position, Mapping):
        raise InvalidSave("a position must be a JSON object")
    cls = game_class(name)
    players = position.get("players", 2)
    variant = position.get("variant", "standard")
    try:
        return cls(players=players, seed=seed, variant=variant, position=position)
    except ValueError as err:
        if isinstance(err, InvalidSave):
            raise
        raise InvalidSave(f"bad position: {err}") from None


def load_game(text: str) -> Game[Any]:
    """Load a save made by ``Game.to_json``; any problem raises InvalidSave."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, TypeError) as err:
        raise InvalidSave(f"the save is not valid JSON: {err}") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise InvalidSave("this is not a treasurekit save file")
    if data.get("version") != SAVE_VERSION:
        raise InvalidSave(
            f"save version {data.get('version')!r} is not supported (need {SAVE_VERSION})")
    fields = (("game", str), ("players", list), ("seed", int), ("variant", str), ("moves", list))
    for key, kind in fields:
        if not isinstance(data.get(key), kind):
            raise InvalidSave(f"the save's {key!r} is missing or has the wrong type")
    if not isinstance(data.get("position"), (dict, type(None))):
        raise InvalidSave("the save's 'position' must be an object or null")
    try:
        cls = game_class(data["game"])
    except UnknownGame as err:
        raise InvalidSave(str(err)) from None
    try:
        game = cls(
            players=data["players"], seed=data["seed"], variant=data["variant"],
            position=data.get("position"),
        )
    except ValueError as err:
        if isinstance(err, InvalidSave):
            raise
        raise InvalidSave(f"the save's set-up is wrong: {err}") from None
    replay(game, data["moves"])
    return game
