"""The Diving Bell lesson: card anatomy → a dive → the burst → dividing → choosing → scoring.

Each step is a real table situation; the right answer is worked out by the
engine itself, never written down by hand.

>>> [s.key for s in LESSON][:3]
['anatomy', 'pressure', 'burst_odds']
>>> step = LESSON[0]; game = step.start()
>>> [c.value for c in step.choices(game) if c.correct]
['3']
"""

from __future__ import annotations

from typing import Any

from ...core.errors import IllegalMove
from ...core.game import Game
from ...core.teaching import Choice, LessonStep, Msg, lesson_steps
from .cards import Section, card_by_code
from .scoring import breakdown, score

G = "diving_bell"
BURST_ROW = ["map1/0", "gold5/3", "compass2/3", "ruby3/2", "gold4/3"]


def _numbers(correct: int, spread: tuple[int, ...]) -> list[Choice]:
    values = sorted({correct, *(correct + d for d in spread)})
    return [Choice(str(v), Msg.of("widgets.number", n=v), v == correct) for v in values]


def _msg(key: str, **params: Any) -> Msg:
    return Msg.of(f"{G}.lesson.{key}", **params)


#: every step's table starts from these seats
_step = lesson_steps(G, {"players": ["You", "Bob"], "diver": "You"})


# 1. card anatomy -------------------------------------------------------------------
def _anatomy_choices(game: Game[Any]) -> list[Choice]:
    card = card_by_code(game.view(0)["row"][0])
    return [Choice(str(k), Msg.of("widgets.number", n=k), k == card.pressure) for k in range(4)]


def _anatomy_explain(game: Game[Any]) -> Msg:
    card = card_by_code(game.view(0)["row"][0])
    return _msg("anatomy.explain", card=card, dots=card.pressure, value=card.value)


# 2. a dive -------------------------------------------------------------------------
def _pressure_choices(game: Game[Any]) -> list[Choice]:
    return _numbers(game.view(0)["pressure"], (-2, -1, 1, 3))


def _pressure_explain(game: Game[Any]) -> Msg:
    v = game.view(0)
    dots = " + ".join(str(card_by_code(c).pressure) for c in v["row"])
    return _msg("pressure.explain", dots=dots, pressure=v["pressure"], limit=v["limit"])


# 3. the burst ----------------------------------------------------------------------
def burst_risk(game: Game[Any]) -> tuple[int, int]:
    """(unseen cards that would burst the dive, unseen cards): asked of the engine."""
    game.play("draw")
    try:
        n = len(game.state.unseen)
        bursting = 0
        for outcome, p in game.chance_outcomes():
            game.play(outcome)
            if game.state.burst:
                bursting += round(p * n)
            game.undo()
    finally:
        game.undo()
    return bursting, n


def _odds_choices(game: Game[Any]) -> list[Choice]:
    k, n = burst_risk(game)
    exact = round(100 * k / n)
    values = sorted({exact, round(100 * (n - k) / n), max(1, exact // 3), min(99, exact + 25)})
    return [Choice(str(v), Msg.of("widgets.percent", n=v), v == exact) for v in values]


def _odds_explain(game: Game[Any]) -> Msg:
    k, n = burst_risk(game)
    v = game.view(0)
    return _msg("burst_odds.explain", k=k, n=n, need=v["limit"] - v["pressure"],
                pct=round(100 * k / n))


def _burst_choices(game: Game[Any]) -> list[Choice]:
    return [Choice("draw", Msg.of(f"{G}.move.draw"), True, "draw")]


def _burst_explain(game: Game[Any]) -> Msg:
    game.play("draw")
    game.play(LESSON[3].then[0])
    v = game.view(0)
    return _msg("burst.explain", pressure=v["pressure"], limit=v["limit"],
                divider=v["players"][1])


# 4. dividing -------------------------------------------------------------------------
def _max_on_one_pile(game: Game[Any]) -> int:
    """How many cards the engine lets the divider put on pile A in a row."""
    placed = 0
    try:
        while game.state.phase == "divide":
            game.play("to:A")
            placed += 1
    except IllegalMove:
        pass
    for _ in range(placed):
        game.undo()
    return placed


def _split_choices(game: Game[Any]) -> list[Choice]:
    n = len(game.state.treasures())
    cap = _max_on_one_pile(game)
    options = [(n - cap, cap), (1, n - 1), (0, n)]
    seen: list[Choice] = []
    for small, large in options:
        if str(small) not in {c.value for c in seen}:
            seen.append(Choice(str(small), Msg.of("widgets.split", a=small, b=large),
                               small == n - cap))
    return seen


def _split_explain(game: Game[Any]) -> Msg:
    n = len(game.state.treasures())
    return _msg("divide_burst.explain", n=n, a=n // 2, b=n - n // 2)


def _free_choices(game: Game[Any]) -> list[Choice]:
    everything = _max_on_one_pile(game) == len(game.state.treasures())
    return [Choice("yes", Msg.of("widgets.yes"), everything),
            Choice("no", Msg.of("widgets.no"), not everything)]


def _free_explain(game: Game[Any]) -> Msg:
    return _msg("divide_free.explain", n=len(game.state.treasures()))


# 5. choosing ---------------------------------------------------------------------------
def _gain(game: Game[Any], pile: int) -> int:
    me = game.current_player
    own = game.state_cards(me)  # type: ignore[attr-defined]
    extra = game.pile_cards(game.state, pile)  # type: ignore[attr-defined]
    return score(own + extra) - score(own)


def _choose_choices(game: Game[Any]) -> list[Choice]:
    gains = [_gain(game, 0), _gain(game, 1)]
    return [Choice(p, Msg.of(f"{G}.move.take", arg=p), gains[i] == max(gains), f"take:{p}")
            for i, p in enumerate("AB")]


def _choose_explain(game: Game[Any]) -> Msg:
    return _msg("choose.explain", a=_gain(game, 0), b=_gain(game, 1))


def _who_choices(game: Game[Any]) -> list[Choice]:
    me = game.current_player
    return [Choice("diver", _msg("who.diver"), me == game.state.diver),
            Choice("divider", _msg("who.divider"), me != game.state.diver)]


def _who_explain(game: Game[Any]) -> Msg:
    return _msg("who.explain", player=game.players[game.current_player or 0])


# 6. scoring ---------------------------------------------------------------------------
def _score_choices(game: Game[Any]) -> list[Choice]:
    (line,) = breakdown(game.state_cards(0))  # type: ignore[attr-defined]
    values = sorted({line.total, line.base, line.total + 4, line.total - 3})
    return [Choice(str(v), Msg.of("widgets.number", n=v), v == line.total) for v in values]


def _score_explain(game: Game[Any]) -> Msg:
    (line,) = breakdown(game.state_cards(0))  # type: ignore[attr-defined]
    return _msg("score.explain", count=line.count, kind=Msg.of(f"{G}.kind.{line.kind}"),
                base=line.base, bonus=line.bonus, total=line.total,
                rule=Msg.of(f"{G}.score.{line.kind}"))


def _score_step(key: str, pile: list[str]) -> LessonStep:
    return _step(key, Section.SCORING, {"piles": {"You": pile}}, _score_choices, _score_explain,
                 hides=("scores",), about=("treasure",))


LESSON: list[LessonStep] = [
    _step("anatomy", Section.CARDS, {"row": ["gold5/3"]}, _anatomy_choices, _anatomy_explain,
          hides=("pressure",), about=("row",)),
    _step("pressure", Section.DIVE, {"row": ["map1/0", "gold3/1", "ruby3/2", "compass2/3"]},
          _pressure_choices, _pressure_explain, hides=("pressure",), about=("row",)),
    _step("burst_odds", Section.BURST, {"row": BURST_ROW[1:4]}, _odds_choices, _odds_explain,
          about=("deck",)),
    _step("burst", Section.BURST, {"row": BURST_ROW[1:4]}, _burst_choices, _burst_explain,
          then=("reveal:gold4/3",), about=("deck",)),
    _step("divide_burst", Section.BURST, {"row": BURST_ROW, "phase": "divide"},
          _split_choices, _split_explain, about=("division",)),
    _step("divide_free", Section.DIVIDE,
          {"row": ["map1/0", "gold3/1", "ruby3/2", "pearl2/1"], "phase": "divide"},
          _free_choices, _free_explain, about=("division",)),
    _step("choose", Section.CHOOSE,
          {"row": ["ruby3/1", "ruby3/2", "gold4/2"], "phase": "choose",
           "division": ["A", "A", "B"], "piles": {"You": ["ruby3/1"]}},
          _choose_choices, _choose_explain, about=("division",)),
    _step("who", Section.BURST, {"row": BURST_ROW, "phase": "choose",
                           "division": ["A", "B", "A", "B", "A"]}, _who_choices, _who_explain,
          about=("division",)),
    _score_step("score_gems", ["ruby3/1", "ruby3/1", "ruby3/2"]),
    _score_step("score_maps", ["map1/0", "map1/1", "map1/2", "map1/0"]),
    _score_step("score_artifacts", ["compass2/1", "compass2/2", "bell2/3"]),
    _score_step("score_cursed", ["cursed-2/0", "cursed-2/1", "cursed-2/0"]),
]
