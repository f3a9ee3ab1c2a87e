"""What one player may see of a Sea or Shore table (and nothing more).

Other players' hands, the covered half of their played cards before the reveal, the
order of the face-down treasures and the treasures under the top of another player's
pile all stay hidden. A player who looked at a deck (the peek action) still knows its
top cards until they come up or someone reorders them.
"""

from __future__ import annotations

from typing import Any

from ...core.game import Game
from .cards import ACTION_CARDS, VARIANTS, island
from .state import SeaOrShoreState, Step


def played_view(s: SeaOrShoreState, seat: int, viewer: int | None) -> dict[str, Any] | None:
    """A played card as ``viewer`` sees it: whole after the reveal or to its owner,
    otherwise only the uncovered half and the addition cards beside it."""
    played = s.played[seat]
    if played is None:
        return None
    out: dict[str, Any] = {"shows": played.shows, "adds": played.adds}
    if s.revealed or viewer is None or viewer == seat:
        out.update(card=played.card, value=played.value, taken=seat in s.salvaged)
    elif played.shows == "sea":
        out["colour"] = played.colour
    else:
        out["number"] = island(played.card).value
    return out


def view(game: Game[SeaOrShoreState], s: SeaOrShoreState,
         player: int | None) -> dict[str, Any]:
    """The table as ``player`` sees it; ``None``: the spectator, who sees every hand, every
    pile, the covered halves and the top cards of the decks whose order someone knows."""
    step = s.steps[0] if s.steps else Step("over")
    kind = step.kind
    pending: dict[str, Any] = {}
    if kind == "pass" and (s.passing[player] if player is not None else any(s.passing)):
        pending["passing"] = s.passing[player] if player is not None else list(s.passing)
    if kind == "give" and player in (None, step.player, step.victim):
        pending["grabbed"] = list(s.grabbed)
    if kind == "order" and player in (None, step.player):
        pending["looking_at"] = s.decks[step.deck].top[:3]
    spectator = player is None
    seat = 0 if player is None else player
    out = {
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
