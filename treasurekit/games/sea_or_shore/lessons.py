"""The Sea or Shore lesson: the cards → the cover card → winning and losing a colour →
taking or stealing → addition cards → the four actions → the three-player exception →
scoring over two rounds.

Every step is a real table; the right answer and the explanation are worked out by
the engine on that table, never written down by hand. A move that the rules refuse
stays a choice (the learner may pick it) but is not played: its ``move`` is None.

>>> [s.key for s in LESSON][:4]
['pass', 'cover', 'win', 'lose']
>>> step = LESSON[0]; game = step.start()
>>> sorted(c.value for c in step.choices(game) if c.correct)
['pass:b11', 'pass:g9']
>>> step.explanation("en").text("en")[:48]
'You hold 4 cards each of blue and green, more th'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any, NamedTuple

from ...core.events import Event
from ...core.game import Game
from ...core.i18n import tr
from ...core.teaching import Choice, LessonStep, Msg, lesson_steps
from .cards import COLOURS, GAME, MAX_VALUE, Colour, Section, deck_colours, island, treasure
from .rules import groups, pass_options, round_points

G = GAME
BOB = 1                    # the player the cover card hides your card from
YOU = 0                    # the learner's seat in every step

ChoiceFn = Callable[[Game[Any]], list[Choice]]
ExplainFn = Callable[[Game[Any]], Msg]


# ---- labels that follow the language switch ---------------------------------------------
class Listed(NamedTuple):
    """Several labelled things in a row: "red 4, blue 2 and green 5"."""

    items: tuple[Any, ...]
    word: str = "and"                       # "and" or "or"

    def label(self, lang: str) -> str:
        parts = [x.label(lang) if hasattr(x, "label") else str(x) for x in self.items]
        if len(parts) < 2:
            return "".join(parts)
        return f"{', '.join(parts[:-1])} {tr(f'{G}.lesson.{self.word}', lang)} {parts[-1]}"


REVEAL = "reveal"          # every answer about a covered trick is followed by the reveal


def _covered(game: Game[Any]) -> bool:
    """Whether the step's trick still waits for its cover cards to come off."""
    steps = game.state.steps
    return bool(steps) and steps[0].kind == "uncover"


def _reveal_move(game: Game[Any]) -> str | None:
    return REVEAL if _covered(game) else None


def _msg(key: str, **params: Any) -> Msg:
    return Msg.of(f"{G}.lesson.{key}", **params)


def _name(game: Game[Any], seat: int) -> str:
    """A seat's name; the learner's (a ``SeatName``) follows the language switch."""
    return game.players[seat]


def _legal(game: Game[Any]) -> set[str]:
    return {str(m) for m in game.legal_moves()}


def _choice(game: Game[Any], move: str, label: Msg, correct: bool,
            playable: bool = True) -> Choice:
    """A move as an answer. Moves the rules refuse (or that the step cannot show) are
    offered but not played: the explanation tells why."""
    return Choice(move, label, correct, move if playable and move in _legal(game) else None)


#: every step's table starts from these seats
_step = lesson_steps(G, {"players": ["You", "Bob", "Cas", "Dee"], "variant": "standard",
                                "starter": "You"})


def _after(game: Game[Any], *moves: str) -> list[Event]:
    """Play moves on the step's game and return their events."""
    events: list[Event] = []
    for move in moves:
        events += game.play(move)
    return events


def _undo(game: Game[Any], steps: int) -> None:
    for _ in range(steps):
        game.undo()


def _group(game: Game[Any], colour: str) -> Any:
    """The engine's contest for ``colour`` in the trick on the table."""
    return next(g for g in groups(game.state) if colour in g.colours)


def _played(game: Game[Any], seat: int) -> Any:
    played = game.state.played[seat]
    assert played is not None
    return played


# 1. the cards: the pass before play ---------------------------------------------------------
PASS_HANDS = {
    "You": ["b3", "b7", "b10", "b11", "g2", "g5", "g8", "g9", "r4", "r12", "p1", "p6"],
    "Bob": ["r1", "r2", "r3", "r5", "r6", "b1", "b2", "b4", "g1", "g3", "p2", "p3"],
    "Cas": ["r7", "r8", "r9", "b5", "b6", "b8", "b9", "b12", "g4", "g6", "p4", "p5"],
    "Dee": ["r10", "r11", "g7", "g10", "g11", "g12", "p7", "p8", "p9", "p10", "p11", "p12"],
}


def _highest_per_colour(hand: list[str]) -> list[str]:
    return [max((c for c in hand if c[0] == colour), key=lambda c: island(c).value)
            for colour in COLOURS if any(c[0] == colour for c in hand)]


def _pass_choices(game: Game[Any]) -> list[Choice]:
    hand = game.state.hands[YOU]
    legal = _legal(game)
    return [_choice(game, f"pass:{card}", _msg("move.pass", card=island(card)),
                    f"pass:{card}" in legal) for card in _highest_per_colour(hand)]


def _pass_explain(game: Game[Any]) -> Msg:
    hand = list(game.state.hands[YOU])
    options = pass_options(hand)
    colours = {c[0] for c in options}
    kept = max((c for c in hand if c[0] not in colours), key=lambda c: island(c).value)
    to = next(e for e in game.play(f"pass:{options[0]}") if e.kind == "pass").param("to")
    return _msg("pass.explain", n=Counter(c[0] for c in hand)[options[0][0]],
                colours=Listed(tuple(Colour(c[0]) for c in options)),
                cards=Listed(tuple(island(c) for c in options), "or"), to=to,
                high=island(kept))


# 2. the cover card ----------------------------------------------------------------------------
COVER_CARD = "r9"


def _seen_by_bob(game: Game[Any], move: str) -> dict[str, Any]:
    game.play(move)
    seen: dict[str, Any] = game.view(1)["played"][YOU]
    game.undo()
    return seen


def _cover_choices(game: Game[Any]) -> list[Choice]:
    out = []
    for side in ("sea", "shore"):
        move = f"play:{COVER_CARD}/{side}"
        hidden = "colour" not in _seen_by_bob(game, move)
        out.append(_choice(game, move, _msg(f"move.{side}", card=island(COVER_CARD)), hidden))
    return out


def _cover_explain(game: Game[Any]) -> Msg:
    shore = _seen_by_bob(game, f"play:{COVER_CARD}/shore")
    sea = _seen_by_bob(game, f"play:{COVER_CARD}/sea")
    return _msg("cover.explain", number=shore["number"], colour=Colour(sea["colour"]),
                bob=_name(game, 1))


# 3. winning and losing a colour, and ties ---------------------------------------------------------
WIN_TABLE = {
    "phase": "reveal",          # covers still on: the learner answers, then sees it settled
    "starter": "Bob", "face_up": ["r3", "p2"],
    "hands": {"You": ["b5", "g11"], "Bob": ["b2", "p9"], "Cas": ["g1", "p4"],
              "Dee": ["r1", "b12"]},
    "played": {"Bob": "r6/sea", "Cas": "r11/shore", "Dee": "g3/sea", "You": "r8/shore"},
}


def _winner_choices(colour: str) -> ChoiceFn:
    def choices(game: Game[Any]) -> list[Choice]:
        group = _group(game, colour)
        return [Choice(str(seat), _msg("who", player=_name(game, seat)), seat == group.winner,
                       _reveal_move(game))
                for seat in sorted(seat for seat, _ in group.ranked)]
    return choices


def _win_explain(game: Game[Any]) -> Msg:
    _settle(game)
    red = _group(game, "r")
    seat = red.winner
    alone = next(g for g in groups(game.state) if len(g.ranked) == 1)
    return _msg("win.explain", player=_name(game, seat), card=island(_played(game, seat).card),
                treasure=treasure(game.state.piles[seat][-1]),
                alone=_name(game, alone.winner), colour=Colour(alone.colours[0]))


def _settle(game: Game[Any]) -> None:
    """Take the covers off, if the step's table still waits for it."""
    if _covered(game):
        game.play(REVEAL)


def _earned(game: Game[Any]) -> list[int]:
    """Addition cards each seat got from the reveal (worked out on the settled table)."""
    if _covered(game):
        game.play(REVEAL)
        try:
            return _earned(game)
        finally:
            game.undo()
    assert game.position is not None
    before = game.position.get("additions", {})
    return [game.state.additions[seat] - before.get(name, 0)
            for seat, name in enumerate(game.players)]


def _lose_choices(game: Game[Any]) -> list[Choice]:
    red = _group(game, "r")
    earned = _earned(game)
    losers = sorted(seat for seat, _ in red.ranked[1:])
    out = []
    for seat in losers:
        for n in sorted({1, len(red.ranked)}):
            out.append(Choice(f"{seat}:{n}", _msg("lose.choice", player=_name(game, seat), n=n),
                              earned[seat] == n, _reveal_move(game)))
    return out


def _lose_explain(game: Game[Any]) -> Msg:
    _settle(game)
    red = _group(game, "r")
    seat, value = red.ranked[-1]
    earned = _earned(game)[seat]
    return _msg("lose.explain", player=_name(game, seat), value=value, n=len(red.ranked),
                earned=earned, winner=_name(game, red.winner))


TIE_TABLE = {
    "phase": "reveal",          # covers still on: the learner answers, then sees it settled
    "starter": "Dee", "face_up": ["b3", "p2"],
    "hands": {"You": ["r5", "p7"], "Bob": ["g6", "p1"], "Cas": ["r2", "g9"],
              "Dee": ["b1", "r10"]},
    "played": {"Dee": "g4/sea", "You": "b9/shore", "Bob": "b7/sea", "Cas": "b8/sea+1"},
}


def _tie_explain(game: Game[Any]) -> Msg:
    _settle(game)
    blue = _group(game, "b")
    (seat, value), (other, _) = blue.ranked[:2]
    extra = _played(game, other)
    return _msg("tie.explain", player=_name(game, seat), other=_name(game, other),
                value=value, card=island(extra.card), adds=extra.adds,
                starter=_name(game, game.state.starter))


# 4. taking or stealing ---------------------------------------------------------------------------
STEAL_TABLE = {
    "starter": "Bob", "face_up": ["r1", "g2"],
    "hands": {"You": ["g7", "p3"], "Bob": ["b10", "g12"], "Cas": ["r3", "p11"],
              "Dee": ["b4", "g1"]},
    "played": {"Bob": "r5/sea", "Cas": "b6/shore", "Dee": "r8/sea", "You": "r11/shore"},
    "piles": {"Bob": ["b2", "r4"], "Cas": ["r5"], "Dee": ["r2", "b5"]},
}
#: The trick ends after your choice: the next treasures turned up (whichever you chose).
NEXT_TREASURES = ("turn:b3", "turn:p4")


def points_after(game: Game[Any], move: str, seat: int = YOU) -> int:
    """The points ``seat`` would have this round right after ``move`` (the engine's count)."""
    game.play(move)
    points = round_points(game.state)[seat]
    game.undo()
    return points


def _best_treasure_moves(game: Game[Any]) -> set[str]:
    gains = {m: points_after(game, m) for m in _legal(game)}
    return {m for m, g in gains.items() if g == max(gains.values())}


def _face_up(game: Game[Any], colour: str) -> Any:
    """The face-up treasure of ``colour`` on the decks."""
    (card,) = [t for t in game.state.face_up if t and t[0] == colour]
    return treasure(card)


def _steal_choices(game: Game[Any]) -> list[Choice]:
    best = _best_treasure_moves(game)
    face = _face_up(game, _played(game, YOU).colour)
    out = [_choice(game, "take", _msg("move.take", treasure=face), "take" in best)]
    for seat in range(1, len(game.players)):
        move = f"steal:{seat}"
        out.append(_choice(game, move, _msg("move.steal", player=_name(game, seat)),
                           move in best))
    return out


def _steal_explain(game: Game[Any]) -> Msg:
    (best,) = [m for m in _best_treasure_moves(game) if m.startswith("steal:")]
    s = game.state                      # read after the trial moves: undo replaces the state
    colour = _played(game, YOU).colour
    victim = int(best.partition(":")[2])
    other_colour = [seat for seat in range(1, s.players) if seat != victim
                    and _played(game, seat).colour != colour]
    wrong_top = [seat for seat in range(1, s.players) if seat != victim
                 and _played(game, seat).colour == colour
                 and s.piles[seat] and s.piles[seat][-1][0] != colour]
    assert len(other_colour) == len(wrong_top) == 1
    (other,), (wrong,) = other_colour, wrong_top
    return _msg("steal.explain", colour=Colour(colour), victim=_name(game, victim),
                treasure=treasure(s.piles[victim][-1]), face=_face_up(game, colour),
                other=_name(game, other), played=Colour(_played(game, other).colour),
                wrong=_name(game, wrong), top=treasure(s.piles[wrong][-1]))


# 5. addition cards -------------------------------------------------------------------------------
ADD_CARD = "b11"


def _adds_of(move: str) -> int:
    return int(move.partition("+")[2] or 0)


def _with_adds(k: int) -> str:
    """``play:b11/sea`` with ``k`` addition cards, in the engine's notation."""
    return f"play:{ADD_CARD}/sea" + (f"+{k}" if k else "")


def _additions_choices(game: Game[Any]) -> list[Choice]:
    legal = [m for m in _legal(game) if m.startswith(f"play:{ADD_CARD}/sea")]
    most = max(_adds_of(m) for m in legal)
    owned = game.state.additions[YOU]
    return [_choice(game, _with_adds(k), Msg.of("widgets.number", n=k), k == most)
            for k in range(owned + 1)]


def _additions_explain(game: Game[Any]) -> Msg:
    most = max(_adds_of(m) for m in _legal(game) if m.startswith(f"play:{ADD_CARD}/"))
    game.play(_with_adds(most))
    v = game.view(YOU)
    return _msg("additions.explain", card=island(ADD_CARD), most=most, max=MAX_VALUE,
                value=v["played"][YOU]["value"], left=v["additions"][YOU])


# 6. the four actions ----------------------------------------------------------------------------
ROB_TABLE = {
    "face_up": ["b3", "g2"],
    "hands": {"You": ["b8", "g10"], "Bob": ["r2", "p5"], "Cas": ["g4", "r9"],
              "Dee": ["b1", "r6"]},
    "played": {"You": "r7/sea", "Bob": "g5/shore", "Cas": "b9/sea", "Dee": "p4/shore"},
    "additions": {"Bob": 1, "Cas": 3, "Dee": 2},
}


def _rob_choices(game: Game[Any]) -> list[Choice]:
    legal = _legal(game)
    out = [_choice(game, f"rob:{seat}", _msg("move.rob", player=_name(game, seat),
                                             n=game.state.additions[seat]),
                   f"rob:{seat}" in legal) for seat in range(1, len(game.players))]
    out.append(Choice("pile", _msg("action_additions.pile"), not legal))
    return out


def _rob_explain(game: Game[Any]) -> Msg:
    s = game.state
    targets = sorted(int(m.partition(":")[2]) for m in _legal(game))
    poor = [seat for seat in range(1, s.players) if seat not in targets]
    return _msg("action_additions.explain",
                targets=Listed(tuple(_name(game, seat) for seat in targets), "and"),
                poor=Listed(tuple(_name(game, seat) for seat in poor), "and"),
                n=max(s.additions[seat] for seat in poor))


SWAP_TABLE = {
    "variant": "swap-peek", "face_up": ["r1", "g4"],
    "hands": {"You": ["g8"], "Bob": ["p6"], "Cas": ["b7"], "Dee": ["r12"]},
    "played": {"You": "b10/sea", "Bob": "r3/shore", "Cas": "g6/sea", "Dee": "p2/shore"},
}
SWAP_VICTIM = 1


def _swap_counts(game: Game[Any]) -> tuple[int, int, list[Any]]:
    """(cards taken, cards given back, the cards taken) when you swap with Bob."""
    steps = 0
    events = _after(game, f"swap:{SWAP_VICTIM}")
    steps += 1
    took = [e for e in events if e.kind == "grab"][0].param("cards")
    gave = 0
    while game.state.steps and game.state.steps[0].kind == "give":
        events = _after(game, str(game.legal_moves()[0]))
        steps += 1
        gave += sum(e.kind == "give" for e in events)
    _undo(game, steps)
    return len(took), gave, list(took)


def _swap_choices(game: Game[Any]) -> list[Choice]:
    took, gave, _ = _swap_counts(game)
    options = sorted({(took, gave), (2, 2), (2, 1), (1, 0)})
    return [Choice(f"{a}:{b}", _msg("action_swap.choice", a=a, b=b), (a, b) == (took, gave),
                   f"swap:{SWAP_VICTIM}" if (a, b) == (took, gave) else None)
            for a, b in options]


def _swap_explain(game: Game[Any]) -> Msg:
    took, gave, cards = _swap_counts(game)
    return _msg("action_swap.explain", player=_name(game, SWAP_VICTIM),
                left=len(game.state.hands[SWAP_VICTIM]), took=took, gave=gave,
                cards=Listed(tuple(cards)))


PEEK_TABLE = {
    "face_up": ["r2", "g3"],
    "hands": {"You": ["r10", "r12"], "Bob": ["b2", "g5"], "Cas": ["p1", "g9"],
              "Dee": ["b11", "p5"]},
    "played": {"You": "p9/sea", "Bob": "r4/shore", "Cas": "b6/sea", "Dee": "g8/shore"},
}
PEEK_SEEN = ("see:r1", "see:b4", "see:r5")
PEEK_WANT = "r"                      # the colour the learner's hand is strong in


def _peek_deck(game: Game[Any]) -> int:
    """The deck the engine lets you look at that holds the colour you want."""
    colours = deck_colours(game.state.players)
    (deck,) = [d for d in range(len(colours))
               if f"peek:{d}" in _legal(game) and PEEK_WANT in colours[d]]
    return deck


def _peek_choices(game: Game[Any]) -> list[Choice]:
    want = _peek_deck(game)
    colours = deck_colours(game.state.players)
    # the forced peeks (PEEK_SEEN) come from the right deck, so only that move is shown
    return [_choice(game, f"peek:{d}", _msg("move.peek", deck=d + 1,
                                             colours=Colour("/".join(colours[d]))),
                    d == want, playable=d == want) for d in range(len(colours))]


def _peek_explain(game: Game[Any]) -> Msg:
    d = _peek_deck(game)
    _after(game, f"peek:{d}", *PEEK_SEEN)
    seen = [treasure(c) for c in game.view(YOU)["pending"]["looking_at"]]
    best = max((t for t in seen if t.colour == PEEK_WANT), key=lambda t: t.value)
    others = [game.view(seat)["deck_known"][d] for seat in range(1, len(game.players))]
    assert not any(others)
    return _msg("action_peek.explain", deck=d + 1,
                colours=Colour("/".join(deck_colours(game.state.players)[d])),
                n=len(seen), cards=Listed(tuple(seen)), best=best)


SALVAGE_TABLE = {
    "variant": "additions-salvage", "face_up": ["r3", "p2"],
    "hands": {"You": ["g1", "b4"], "Bob": ["b9", "p10"], "Cas": ["r7", "g3"],
              "Dee": ["b2", "p12"]},
    "played": {"You": "g6/sea", "Bob": "r12/shore", "Cas": "p8/sea", "Dee": "r5/shore"},
}


def _salvage_value(game: Game[Any], move: str) -> int:
    return island(_played(game, int(move.partition(":")[2])).card).value


def _salvage_choices(game: Game[Any]) -> list[Choice]:
    legal = _legal(game)
    best = max(_salvage_value(game, m) for m in legal)
    return [_choice(game, f"salvage:{seat}",
                    _msg("move.salvage", card=island(_played(game, seat).card),
                         player=_name(game, seat)),
                    f"salvage:{seat}" in legal and _salvage_value(game, f"salvage:{seat}") == best)
            for seat in range(len(game.players))]


def _salvage_explain(game: Game[Any]) -> Msg:
    legal = _legal(game)
    move = max(legal, key=lambda m: _salvage_value(game, m))
    seat = int(move.partition(":")[2])
    card = island(_played(game, seat).card)
    before = len(game.state.hands[YOU])
    _after(game, move)
    after_take = len(game.state.hands[YOU])
    discard = game.state.hands[YOU][0]
    _after(game, f"discard:{discard}")
    return _msg("action_salvage.explain", card=card, player=_name(game, seat),
                took=after_take - before, n=len(game.state.hands[YOU]))


# 7. the three-player exception --------------------------------------------------------------------
EXCEPTION_TABLE = {
    "phase": "reveal",          # covers still on: the learner answers, then sees it settled
    "players": ["You", "Bob", "Cas"], "starter": "Bob", "face_up": ["b2"],
    "hands": {"You": ["r6", "b9"], "Bob": ["g2", "p1"], "Cas": ["r11", "b1"]},
    "played": {"Bob": "b4/sea", "Cas": "g9/shore", "You": "p7/sea"},
}


def _exception_outcome(game: Game[Any]) -> str:
    """What your purple card earned you, as the engine settled it."""
    group = next(g for g in groups(game.state) if _played(game, YOU).colour in g.colours)
    if group.winner == YOU:
        return "action"
    if _earned(game)[YOU]:
        return "additions"
    return "nothing"


def _exception_choices(game: Game[Any]) -> list[Choice]:
    got = _exception_outcome(game)
    return [Choice(v, _msg(f"exception.{v}"), v == got, _reveal_move(game))
            for v in ("nothing", "action", "additions")]


def _exception_explain(game: Game[Any]) -> Msg:
    _settle(game)
    group = next(g for g in groups(game.state) if _played(game, YOU).colour in g.colours)
    winner = group.winner
    return _msg("exception.explain", colours=Colour("/".join(group.colours)),
                player=_name(game, winner), card=island(_played(game, winner).card),
                mine=island(_played(game, YOU).card), n=len(group.ranked),
                earned=_earned(game)[YOU])


# 8. scoring over two rounds --------------------------------------------------------------------
SCORE_TABLE = {
    "round": 2, "round_scores": [[12, 8, 15, 6]], "starter": "Cas", "face_up": ["r1", "p2"],
    "played": {"Cas": "r11/sea", "Dee": "g7/shore", "You": "r6/sea", "Bob": "r2/shore"},
    "piles": {"You": ["r4", "b2", "g5", "p3"], "Bob": ["g4", "b1"], "Cas": ["b5", "g3"],
              "Dee": ["p4", "p5", "g1"]},
    "additions": {"You": 5, "Bob": 1, "Dee": 3},
}


def play_to_end(game: Game[Any]) -> int:
    """Finish the game (seeded chance, first legal choice); return the steps played."""
    steps = 0
    while not game.is_over:
        if game.is_chance:
            game.deal()
        else:
            game.play(game.legal_moves()[0])
        steps += 1
    return steps


def _score_parts(game: Game[Any]) -> dict[str, int]:
    """Your points as the engine counts them at the end of the game (then taken back)."""
    steps = play_to_end(game)
    s = game.state
    parts = {"treasure": sum(treasure(t).value for t in s.piles[YOU]),
             "adds": s.additions[YOU], "round1": s.round_scores[0][YOU],
             "round2": s.round_scores[1][YOU], "total": game.scores()[YOU]}
    parts["winner"] = game.winners()[0]
    parts["best"] = game.scores()[parts["winner"]]
    _undo(game, steps)
    return parts


def _score_choices(game: Game[Any]) -> list[Choice]:
    p = _score_parts(game)
    values = sorted({p["total"], p["round2"], p["total"] - p["adds"] // 2,
                     p["treasure"] + p["adds"] + p["round1"]})
    return [Choice(str(v), Msg.of("widgets.number", n=v), v == p["total"]) for v in values]


def _score_explain(game: Game[Any]) -> Msg:
    p = _score_parts(game)
    return _msg("score.explain", points=p["treasure"], adds=p["adds"], half=p["adds"] // 2,
                round2=p["round2"], round1=p["round1"], total=p["total"],
                winner=_name(game, p["winner"]), best=p["best"])


# ---- the lesson ------------------------------------------------------------------------------
#: A list, as the lesson player takes one (``LessonPlayer(LESSON, ...)``).
LESSON: list[LessonStep] = [
    _step("pass", Section.SETUP, {"phase": "pass", "face_up": ["r3", "g2"], "hands": PASS_HANDS},
          _pass_choices, _pass_explain, about=("players",)),
    _step("cover", Section.PLAY, {"face_up": ["r3", "g2"],
                            "hands": {"You": ["r9", "b2", "g6"], "Bob": ["r4", "b8", "p3"],
                                      "Cas": ["r12", "g1", "p7"], "Dee": ["b5", "g10", "p2"]}},
          _cover_choices, _cover_explain, seen_by_after=BOB, about=("players",)),
    _step("win", Section.WIN, WIN_TABLE, _winner_choices("r"), _win_explain, about=("players",)),
    _step("lose", Section.LOSE, WIN_TABLE, _lose_choices, _lose_explain, about=("players",)),
    _step("tie", Section.TIE, TIE_TABLE, _winner_choices("b"), _tie_explain, about=("players",)),
    _step("steal", Section.STEAL, STEAL_TABLE, _steal_choices, _steal_explain,
          then=NEXT_TREASURES, about=("decks",)),
    _step("additions", Section.ADDITIONS,
          {"face_up": ["b3", "p2"], "additions": {"You": 3},
           "hands": {"You": ["b11", "r3", "g6"], "Bob": ["b6", "r10", "p4"],
                     "Cas": ["b12", "g2", "p9"], "Dee": ["r1", "g8", "p11"]}},
          _additions_choices, _additions_explain, about=("players",)),
    _step("action_additions", Section.ACTION_ADDITIONS, ROB_TABLE, _rob_choices, _rob_explain,
          about=("players",)),
    _step("action_swap", Section.ACTION_SWAP, SWAP_TABLE, _swap_choices, _swap_explain,
          about=("players",)),
    _step("action_peek", Section.ACTION_PEEK, PEEK_TABLE, _peek_choices, _peek_explain,
          then=PEEK_SEEN, about=("decks",)),
    _step("action_salvage", Section.ACTION_SALVAGE, SALVAGE_TABLE, _salvage_choices,
          _salvage_explain, about=("players",)),
    _step("exception", Section.EXCEPTION, EXCEPTION_TABLE, _exception_choices, _exception_explain,
          then=("see:r1", "see:g3", "see:p5"),   # Cas looks at the deck's top three
          about=("players",)),
    _step("score", Section.GAME_END, SCORE_TABLE, _score_choices, _score_explain,
          about=("scores",)),
]
