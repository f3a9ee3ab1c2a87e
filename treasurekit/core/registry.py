"""The registry of implemented games, and the functions that create or load them."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from .errors import InvalidSave, TreasureKitError, UnknownGame
from .game import SAVE_FORMAT, SAVE_VERSION, Game, replay
from .i18n import Message, add_catalogs
from .saves import MAX_MOVES, check_keys, check_players, loads, plain, shown, what_of
from .spec import GameSpec, load


class Registry(Mapping[str, GameSpec]):
    """The registered games: name -> :class:`GameSpec`, in the order they were registered.

    The package's own games are known by the module of their spec, imported the first
    time the game is asked for (so that ``import treasurekit`` imports no rules)."""

    def __init__(self, builtin: Mapping[str, str]) -> None:
        self._specs: dict[str, GameSpec | str] = dict(builtin)

    def __getitem__(self, name: str) -> GameSpec:
        found = self._specs[name]
        if isinstance(found, str):
            spec = load(found)
            if not isinstance(spec, GameSpec) or spec.name != name:
                raise TypeError(f"{found} is not the GameSpec of {name!r}")
            self._specs[name] = found = spec
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(self._specs)

    def __len__(self) -> int:
        return len(self._specs)

    def __contains__(self, name: object) -> bool:
        return type(name) is str and name in self._specs

    def add(self, spec: GameSpec) -> None:
        if not isinstance(spec, GameSpec):
            raise TypeError(f"register_game takes a GameSpec, not {type(spec).__name__}")
        if spec.name in self._specs and self._specs[spec.name] is not spec:
            raise ValueError(f"a game named {spec.name!r} is registered already")
        cls = spec.game_class()
        if cls.name != spec.name:
            raise ValueError(f"{cls.__name__}.name is {cls.name!r}, the spec's {spec.name!r}")
        self._specs[spec.name] = spec
        if spec.locales is not None:
            add_catalogs(spec.locales)


#: Every game the kit knows, by name (``tk.GAMES``): the registry, the apps, the notebooks,
#: the editor, the benchmarks and the generic tests all read it.
GAMES = Registry({name: f"treasurekit.games.{name}.spec:SPEC"
                  for name in ("diving_bell", "sea_or_shore", "captain_lucky", "coralia")})


def register_game(spec: GameSpec) -> GameSpec:
    """Add a game to the kit: ``tk.register_game(GameSpec(name="my_game", rules=MyGame, ...))``.

    The game then has everything the kit gives a game (``new_game``, saves and share
    codes, simulation, the generic tests, the app from ``widgets.apps.app_for``).
    Registering the same spec again changes nothing; another spec under a registered
    name is refused (ValueError)."""
    GAMES.add(spec)
    return spec


def game_spec(name: str) -> GameSpec:
    """The spec of game ``name`` (UnknownGame for a name that is not registered)."""
    if name not in GAMES:
        raise UnknownGame("core.error.no_game", name=shown(name), games=", ".join(sorted(GAMES)))
    return GAMES[name]


def game_class(name: str) -> type[Game[Any]]:
    """The class that implements game ``name``."""
    return game_spec(name).game_class()


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
    position: Mapping[str, Any] | str | bytes,
    seed: int = 0,
) -> Game[Any]:
    """Set up a table situation from a readable description (a dict or its JSON text).

    Any fault in the description raises InvalidSave (short message, game unchanged)."""
    if isinstance(position, (str, bytes, bytearray)):
        position = loads(position, "position")
    if not isinstance(position, Mapping):
        raise InvalidSave("core.error.position_object", value=shown(position))
    cls = game_class(name)
    desc: dict[str, Any] = plain(position, "position")
    return _build(cls, "position", players=desc.get("players", 2), seed=seed,
                  variant=desc.get("variant", "standard"), position=desc)


#: every key of a save file, with the type its value must have
SAVE_FIELDS: dict[str, tuple[type, ...]] = {
    "format": (str,), "version": (int,), "game": (str,), "players": (list,), "seed": (int,),
    "variant": (str,), "position": (dict, type(None)), "moves": (list,),
}


def load_game(text: str | bytes) -> Game[Any]:
    """Load a save made by ``Game.to_json``; any problem raises InvalidSave (short message)."""
    data = loads(text, "save")
    if type(data) is not dict or data.get("format") != SAVE_FORMAT:
        raise InvalidSave("core.error.not_a_save")
    check_keys(data, set(SAVE_FIELDS), "save")
    version = data.get("version")
    if type(version) is not int or version != SAVE_VERSION:
        raise InvalidSave("core.error.save_version", value=shown(version), need=SAVE_VERSION)
    for key, kinds in SAVE_FIELDS.items():
        if key not in data or type(data[key]) not in kinds:
            raise InvalidSave("core.error.save_field", key=repr(key))
    if len(data["moves"]) > MAX_MOVES:
        raise InvalidSave("core.error.save_steps", limit=MAX_MOVES)
    try:
        cls = game_class(data["game"])
    except UnknownGame:
        raise InvalidSave("core.error.no_game", name=shown(data["game"]),
                          games=", ".join(sorted(GAMES))) from None
    if data["position"] is not None:
        _check_same_setup(cls, data)
    game = _build(cls, "save", players=data["players"], seed=data["seed"],
                  variant=data["variant"], position=data["position"])
    replay(game, data["moves"])
    return game


def _check_same_setup(cls: type[Game[Any]], data: dict[str, Any]) -> None:
    """A save of a set-up position may repeat the players and the variant inside the
    position (as ``setup_position`` reads them); a save whose two halves disagree is refused."""
    position = data["position"]
    if "variant" in position and position["variant"] != data["variant"]:
        raise InvalidSave("core.error.save_variant", variant=shown(data["variant"]),
                          other=shown(position["variant"]))
    lo, hi = cls.min_players, cls.max_players
    if "players" in position and check_players(position["players"], lo, hi) != check_players(
            data["players"], lo, hi):
        raise InvalidSave("core.error.save_players")


def _build(cls: type[Game[Any]], what: str, **kwargs: Any) -> Game[Any]:
    """``cls(**kwargs)``, any ValueError of the set-up reported as InvalidSave."""
    try:
        return cls(**kwargs)
    except InvalidSave:
        raise
    except ValueError as err:
        error: Message | str = (err.message if isinstance(err, TreasureKitError)
                                else str(err)[:200])
        raise InvalidSave("core.error.setup", what=what_of(what), error=error) from None
