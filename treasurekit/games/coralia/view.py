"""What one seat may see of a Coralia table (and nothing more).

Pearl, fish, starfish and island cards lie face down in front of their owner: a player
sees their own and only how many the others hold, until the final scoring turns them over
in the book's order (``CoraliaState.face_up``): each player's starfish cards when that
player scores them, then everyone's fish cards, then the pearl cards. Cards drawn to
choose from are seen by the drawer only. Chest tiles stay face down until revealed; the
piles show only their size. ``view(None)`` is the whole table, as a spectator who may see
everything.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from ...core.game import BaseView, Game
from .cards import CARD_KINDS, CHESTS, COLOURS, PILES, SPACE_NAMES, SPACES, SYMBOLS, TURTLES
from .state import SETUP, Step, StepName

if TYPE_CHECKING:
    from .state import CoraliaState

_COLOUR_OR_WHITE = COLOURS + ("white",)


class ReefView(TypedDict):
    """One reef: the colour of the die on each of its spaces (None: free), the seats of
    its octopus and of the diver on it, its turtle tile and whether its chest is there."""

    colour: str
    spaces: dict[str, str | None]
    octopus: int | None
    diver: int | None
    turtle: str | None
    chest: bool


class StationDie(TypedDict):
    colour: str
    symbol: str | None                  # None: not rolled yet
    locked: bool                        # stored on a turtle


class _Waiting(TypedDict):
    step: StepName                      # the next step the rules take (state.StepName)
    player: int | None


class WaitingView(_Waiting, total=False):
    """The step the table waits for, its player, and for a white die the symbol it shows."""

    symbol: str


class CoraliaTable(TypedDict):
    """The table in a Coralia view (see :func:`view`); ``phase`` is over, scoring, setup
    or play."""

    game: str
    you: int | None
    players: list[str]
    variant: str
    starter: int
    turn: int
    to_move: int | None
    phase: str
    waiting: WaitingView
    reefs: list[ReefView]
    island: dict[str, int]              # colour -> dice on the island
    white_on_island: int
    station: list[StationDie]
    supply: dict[str, int]
    dice_left: int
    octopuses_left: list[int]
    divers: list[str | None]            # the colour of each seat's diver's reef
    turtles: list[list[str]]
    turtles_beside: list[str]
    chests_beside: int
    chests: list[list[str]]
    piles: dict[str, int]
    stingrays: int
    cards: list[str] | None             # the seat's own cards (None: the spectator)
    card_counts: list[int]
    open_cards: list[list[str]]
    drawn: list[str] | int              # the cards drawn to choose from, or their count
    tasks: list[list[Any]]              # the steps the rules still owe, the next last:
                                        # each [StepName, player, extra...] (Step.listed)
    under_piles: list[int]
    drawer: int
    starfish_to_score: list[list[str] | None]
    points: list[int]
    scores: list[int] | None
    winners: list[int]
    legal: list[str]


class CoraliaView(BaseView, CoraliaTable):
    """What ``Coralia.view(seat)`` returns (``rules.view_of`` types it)."""


def _cards(hand: list[int]) -> list[str]:
    return sorted(CARD_KINDS[k].code for k in hand)


def reefs(s: CoraliaState) -> list[ReefView]:
    out: list[ReefView] = []
    for r, colour in enumerate(COLOURS):
        spaces = s.board[r * SPACES:(r + 1) * SPACES]
        out.append({
            "colour": colour,
            "spaces": {name: (_COLOUR_OR_WHITE[x] if x >= 0 else None)
                       for name, x in zip(SPACE_NAMES, spaces, strict=True)},
            "octopus": s.octopus[r] if s.octopus[r] >= 0 else None,
            "diver": next((p for p, d in enumerate(s.diver) if d == r), None),
            "turtle": TURTLES[s.turtle_on_reef[r]] if s.turtle_on_reef[r] >= 0 else None,
            "chest": s.chest_on_reef[r],
        })
    return out


def view(game: Game[CoraliaState], s: CoraliaState, player: int | None) -> CoraliaTable:
    """The table as ``player`` sees it. ``cards``: the seat's own cards (None for the
    spectator); ``open_cards``: for every player, the cards of theirs this viewer sees (the
    spectator: all; a seat: its own, and the others' cards once turned face up);
    ``card_counts``: how many cards each holds."""
    next_step = s.steps[0] if s.steps and not s.over else Step("over")
    step = next_step.kind
    waiting: WaitingView = {"step": step,
                            "player": None if step in SETUP else next_step.player}
    if step == "white_reef":
        waiting["symbol"] = SYMBOLS[next_step.symbol]
    drawn: list[str] | int
    drawn = _cards(s.drawn) if player is None or player == s.drawer else len(s.drawn)
    to_move = game.current_player
    return {
        "game": game.name, "you": player, "players": list(game.players),
        "variant": game.variant, "starter": s.starter, "turn": s.turn, "to_move": to_move,
        "phase": "over" if s.over else "scoring" if s.scoring else
        "setup" if step in SETUP else "play",
        "waiting": waiting,
        "reefs": reefs(s),
        "island": {c: n for c, n in zip(COLOURS, s.island, strict=True) if n},
        "white_on_island": s.white_island,
        "station": [{"colour": COLOURS[c], "symbol": SYMBOLS[x] if x >= 0 else None,
                     "locked": lk}
                    for c, x, lk in zip(s.station_colours, s.station_symbols, s.station_locked,
                                        strict=True)],
        "supply": dict(zip(COLOURS, s.supply, strict=True)),
        "dice_left": s.dice_left(),
        "octopuses_left": list(s.octopus_left),
        "divers": [COLOURS[d] if d >= 0 else None for d in s.diver],
        "turtles": [[TURTLES[t] for t in ts] for ts in s.turtles],
        "turtles_beside": sorted(TURTLES[t] for t in s.turtles_beside),
        "chests_beside": s.chests_beside,
        "chests": [[CHESTS[c] for c in cs] for cs in s.chests],
        "piles": {name: s.pile_size(i) for i, name in enumerate(PILES)},
        "stingrays": s.stingrays,
        "cards": (_cards(s.hands[player]) if player is not None else None),
        "card_counts": [len(h) for h in s.hands],
        "open_cards": [_cards(h) if player is None or p == player
                       else _cards(s.face_up_cards(p)) for p, h in enumerate(s.hands)],
        "drawn": drawn,
        # what every seat knows of how the table goes on (the coach rebuilds a table from
        # a view: infoset.py): the steps the rules still owe, the next last, as views
        # have always listed them (Step.listed), how many cards went back under each pile, who is
        # choosing a drawn card, and the starfish cards each player still scores
        "tasks": [step.listed() for step in reversed(s.steps)],
        "under_piles": [len(b) for b in s.bottoms],
        "drawer": s.drawer,
        # (a player's starfish cards to score lie face up from their starfish scoring on)
        "starfish_to_score": [_cards(todo) if player is None or p == player
                              or s.starfish_up[p] else None
                              for p, todo in enumerate(s.starfish_to_score)],
        "points": list(s.points),
        "scores": list(s.points),
        "winners": list(s.winners) if s.over else [],
        # the mover's moves, for the mover and for the spectator
        "legal": [str(m) for m in game.legal_moves()] if to_move is not None
        and (player is None or to_move == player) else [],
    }
