"""What one player may see of a Sea or Shore table (and nothing more).

Other players' hands, the covered half of their played cards before the reveal, the
order of the face-down treasures and the treasures under the top of another player's
pile all stay hidden. A player who looked at a deck (the peek action) still knows its
top cards until they come up or someone reorders them.
"""

from __future__ import annotations

from typing import TypedDict

from ...core.game import BaseView, Game
from .cards import ACTION_CARDS, VARIANTS, island
from .state import SeaOrShoreState, Step


class _PlayedHalf(TypedDict):
    shows: str                          # "sea" or "shore": the half that shows
    adds: int                           # addition cards beside it


class PlayedView(_PlayedHalf, total=False):
    """A played card as a viewer sees it: the whole card (``card``, ``value``, ``taken``
    by the salvage action) after the reveal or to its owner, else its uncovered half:
    the ``colour`` of a card showing the sea, the ``number`` of one showing the shore."""

    card: str
    value: int
    taken: bool
    colour: str
    number: int


class PileView(TypedDict):
    top: str | None
    size: int


class PendingView(TypedDict, total=False):
    """What the step being decided shows the viewer: the cards being passed (a seat's own,
    or for the spectator every seat's), the cards grabbed by the swap action, the top
    cards of a deck being put in order."""

    passing: str | None | list[str | None]
    grabbed: list[str]
    looking_at: list[str]


class SpectatorTable(TypedDict, total=False):
    """Every seat's hand and pile: in the spectator's view only."""

    hands: list[list[str]]
    pile_cards: list[list[str]]


class SeaOrShoreTable(SpectatorTable):
    """The table in a Sea or Shore view (see :func:`view`)."""

    actions: dict[str, str]             # action card ("r/b") -> the side in play
    round: int                          # 1 or 2
    starter: int
    hand: list[str] | None              # the seat's own hand (None: the spectator)
    hand_sizes: list[int]
    played: list[PlayedView | None]
    revealed: bool
    face_up: list[str | None]
    decks: list[int]                    # cards in each treasure deck
    deck_known: list[list[str]]         # the top cards of each deck the viewer knows
    piles: list[PileView]
    my_pile: list[str] | None
    additions: list[int]
    addition_pile: int
    discards: list[str]
    unseen_islands: int
    round_scores: list[list[int]]
    pending: PendingView
    steps: list[list[str | int]]        # [kind, player, deck, victim, colour, card]
    known: list[list[int]]
    deck_parts: list[list[int]]
    first_starter: int


class SeaOrShoreView(BaseView, SeaOrShoreTable):
    """What ``SeaOrShore.view(seat)`` returns (``rules.view_of`` types it)."""


def played_view(s: SeaOrShoreState, seat: int, viewer: int | None) -> PlayedView | None:
    """A played card as ``viewer`` sees it: whole after the reveal or to its owner,
    otherwise only the uncovered half and the addition cards beside it."""
    played = s.played[seat]
    if played is None:
        return None
    out: PlayedView = {"shows": played.shows, "adds": played.adds}
    if s.revealed or viewer is None or viewer == seat:
        out["card"], out["value"] = played.card, played.value
        out["taken"] = seat in s.salvaged
    elif played.shows == "sea":
        out["colour"] = played.colour
    else:
        out["number"] = island(played.card).value
    return out


def view(game: Game[SeaOrShoreState], s: SeaOrShoreState,
         player: int | None) -> SeaOrShoreTable:
    """The table as ``player`` sees it; ``None``: the spectator, who sees every hand, every
    pile, the covered halves and the top cards of the decks whose order someone knows."""
    step = s.steps[0] if s.steps else Step("over")
    kind = step.kind
    pending: PendingView = {}
    if kind == "pass" and (s.passing[player] if player is not None else any(s.passing)):
        pending["passing"] = s.passing[player] if player is not None else list(s.passing)
    if kind == "give" and player in (None, step.player, step.victim):
        pending["grabbed"] = list(s.grabbed)
    if kind == "order" and player in (None, step.player):
        pending["looking_at"] = s.decks[step.deck].top[:3]
    spectator = player is None
    seat = 0 if player is None else player
    out: SeaOrShoreTable = {
        "actions": dict(zip(("/".join(p) for p in ACTION_CARDS), VARIANTS[game.variant],
                            strict=True)),
        "round": s.round + 1, "starter": s.starter,
        "hand": None if spectator else list(s.hands[seat]),
        "hand_sizes": [len(h) for h in s.hands],
        "played": [played_view(s, seat, player) for seat in range(s.players)],
        "revealed": s.revealed,
        "face_up": list(s.face_up),
        "decks": [deck.size() for deck in s.decks],
        "deck_known": [deck.top[:] if spectator else deck.top[:s.known[d][seat]]
                       for d, deck in enumerate(s.decks)],
        "piles": [{"top": pile[-1] if pile else None, "size": len(pile)} for pile in s.piles],
        "my_pile": None if spectator else list(s.piles[seat]),
        "additions": list(s.additions), "addition_pile": s.addition_pile,
        "discards": list(s.discards), "unseen_islands": len(s.box),
        "round_scores": [list(r) for r in s.round_scores],
        "pending": pending,
        # what every seat knows of how the table goes on (the coach rebuilds a table from
        # a view: infoset.py): the steps the rules still owe, how many top cards of each
        # deck each seat has looked at, the parts of each deck (looked at, shuffled, put
        # under) and who started the round
        "steps": [[st.kind, st.player, st.deck, st.victim, st.colour, st.card]
                  for st in s.steps],
        "known": [list(k) for k in s.known],
        "deck_parts": [[len(d.top), len(d.middle), len(d.bottom)] for d in s.decks],
        "first_starter": s.first_starter,
    }
    if spectator:
        out["hands"] = [list(h) for h in s.hands]
        out["pile_cards"] = [list(p) for p in s.piles]
    return out
