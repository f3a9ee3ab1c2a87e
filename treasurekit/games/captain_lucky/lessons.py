"""The Captain Lucky lesson: place -> refill -> choose a target -> roll -> re-roll with
matching cards -> captain bonus -> set building -> the end -> scoring and the tie-break.

Each step is a real table situation; the right answer is worked out by the engine
itself (legal moves, the dice it asks for, chance outcomes, scores), never written down.

>>> [s.key for s in LESSON][:3]
['place', 'middle_sets', 'refill']
>>> step = LESSON[1]; game = step.start()
>>> [c.value for c in step.choices(game) if c.correct]
['5+1']
"""

from __future__ import annotations

from typing import Any

from ...core.errors import IllegalMove
from ...core.game import Game
from ...core.teaching import Choice, LessonStep, Msg, lesson_steps
from .cards import BLANK, INDEX, PIRATE, Section, Sets, all_set_sizes, set_sizes
from .state import score_of, tie_key

G = "captain_lucky"
HAND = ["ruby", "ruby", "gold", "pearl", "pearl"]


def _msg(key: str, **params: Any) -> Msg:
    return Msg.of(f"{G}.lesson.{key}", **params)


def allowed(game: Game[Any], move: str) -> bool:
    """Whether the engine accepts ``move`` here (tried, then taken back)."""
    try:
        game.play(move)
    except IllegalMove:
        return False
    game.undo()
    return True


def _numbers(correct: int, options: list[int], key: str = "widgets.number") -> list[Choice]:
    values = sorted({correct, *options})
    return [Choice(str(v), Msg.of(key, n=v), v == correct) for v in values]


def play_to_end(game: Game[Any]) -> Game[Any]:
    """Finish the game the dullest way: every roll blank, every decision the last legal one
    (``stop`` after a failed roll), every card the first the pile offers."""
    while not game.is_over:
        if game.is_chance:
            outcome = game.chance_outcomes()[-1 if game.state.phase == "roll" else 0][0]
            game.play(outcome)
        else:
            game.play(game.legal_moves()[-1])
    return game


#: every step's table starts from these seats
_step = lesson_steps(G, {"players": ["You", "Bob"]})


# 1. placing: one type at a time, at least one card ----------------------------------
PLACE_OPTIONS = (("ruby2", "place:ruby-2"), ("mixed", "place:ruby-1+gold-1"),
                 ("none", "place:ruby-0"))


def _place_choices(game: Game[Any]) -> list[Choice]:
    return [Choice(v, _msg(f"place.{v}"), allowed(game, m), m if allowed(game, m) else None)
            for v, m in PLACE_OPTIONS]


def _place_explain(game: Game[Any]) -> Msg:
    hand = game.view(0)["hand"]
    return _msg("place.explain", rubies=hand.get("ruby", 0),
                moves=len(game.legal_moves()))


# 2. sets in the middle ---------------------------------------------------------------
def _middle_after(game: Game[Any]) -> list[int]:
    game.play("place:ruby-2")
    sizes = set_sizes(game.state.middle[INDEX["ruby"]])
    game.undo()
    return sizes


def _middle_choices(game: Game[Any]) -> list[Choice]:
    right = "+".join(map(str, _middle_after(game)))
    options = ["6", "5+1", "4+2"]
    return [Choice(o, Msg.of(f"{G}.ui.sets", sets=Sets(tuple(map(int, o.split("+"))))),
                   o == right) for o in options]


def _middle_explain(game: Game[Any]) -> Msg:
    return _msg("middle_sets.explain", sets=Sets(tuple(_middle_after(game))))


# 3. refill ---------------------------------------------------------------------------
def _refill_count(game: Game[Any]) -> int:
    game.play("place:pearl-2")
    drawn = 0
    while game.state.phase == "refill":
        game.play(game.chance_outcomes()[0][0])
        drawn += 1
    for _ in range(drawn + 1):
        game.undo()
    return drawn


def _refill_choices(game: Game[Any]) -> list[Choice]:
    return _numbers(_refill_count(game), [0, 1, 5])


def _refill_explain(game: Game[Any]) -> Msg:
    return _msg("refill.explain", n=_refill_count(game))


# 4. choosing a target ----------------------------------------------------------------
TARGETS = (("own", "steal:p0-jade-2"), ("bob", "steal:p1-pearl-3"),
           ("middle", "steal:middle-ruby-1"))


def _target_choices(game: Game[Any]) -> list[Choice]:
    return [Choice(v, _msg(f"target.{v}"), not allowed(game, m)) for v, m in TARGETS]


def _target_explain(game: Game[Any]) -> Msg:
    return _msg("target.explain", n=len(game.legal_moves()))


TARGET_POS = {"phase": "target", "hands": [HAND, None], "middle": {"ruby": 1, "gold": 2},
              "collections": [{"jade": 2}, {"pearl": 3}]}


# 5. how many dice --------------------------------------------------------------------
def _dice_count(game: Game[Any]) -> int:
    game.play("steal:p1-pearl-3")
    n = len(game.chance_outcomes()[0][0].arg)
    game.undo()
    return n


def _dice_choices(game: Game[Any]) -> list[Choice]:
    return _numbers(_dice_count(game), [1, 5])


def _dice_explain(game: Game[Any]) -> Msg:
    return _msg("dice.explain", n=_dice_count(game))


# 6. re-roll with matching cards --------------------------------------------------------
REROLL_LEAD = ("steal:middle-ruby-3", "roll:PBB")
REROLL_OPTIONS = (("rubies", "reroll:ruby"), ("gold", "reroll:gold"), ("stop", "stop"))


def _reroll_choices(game: Game[Any]) -> list[Choice]:
    return [Choice(v, _msg(f"reroll.{v}"), v == "rubies" and allowed(game, m),
                   m if allowed(game, m) else None) for v, m in REROLL_OPTIONS]


def _reroll_explain(game: Game[Any]) -> Msg:
    v = game.view(0)
    assert allowed(game, "reroll:ruby") and not allowed(game, "reroll:gold")
    return _msg("reroll.explain", failed=v["dice"].count(BLANK), rubies=v["hand"]["ruby"])


# 7. the odds of one more re-roll (the savings tip) ------------------------------------
SAVINGS_LEAD = ("steal:middle-ruby-4", "roll:BBBB")


def _all_pirates(game: Game[Any]) -> float:
    """Chance that the re-roll the engine would make shows only pirate heads."""
    game.play("reroll:ruby")
    p = sum(prob for move, prob in game.chance_outcomes() if BLANK not in move.arg)
    game.undo()
    return p


def _savings_choices(game: Game[Any]) -> list[Choice]:
    pct = round(100 * _all_pirates(game))
    return _numbers(pct, [50, 25, 75], "widgets.percent")


def _savings_explain(game: Game[Any]) -> Msg:
    v = game.view(0)
    return _msg("savings.explain", pct=round(100 * _all_pirates(game)),
                n=v["dice"].count(BLANK), heads=v["pirate_faces"])


# 8. the captain bonus ---------------------------------------------------------------
BONUS_LEAD = ("steal:p1-pearl-3", "roll:PBB")
BONUS_OPTIONS = (("bonus", "bonus"), ("gold", "reroll:gold"), ("stop", "stop"))


def _bonus_choices(game: Game[Any]) -> list[Choice]:
    return [Choice(v, _msg(f"bonus.{v}"), v == "bonus" and allowed(game, m),
                   m if allowed(game, m) else None) for v, m in BONUS_OPTIONS]


def _bonus_explain(game: Game[Any]) -> Msg:
    game.play("bonus")
    game.play("roll:" + PIRATE * game.state.failed())
    assert not allowed(game, "bonus"), "a second captain bonus must be refused"
    return _msg("bonus.explain", failed=len(game.state.rolls[-1][1]))


# 9. set building in front of you ----------------------------------------------------
BUILD_LEAD = ("steal:middle-jade-3",)


def _build_after(game: Game[Any]) -> list[int]:
    game.play("roll:PPP")
    sizes = set_sizes(game.state.collections[0][INDEX["jade"]])
    game.undo()
    return sizes


def _build_choices(game: Game[Any]) -> list[Choice]:
    right = "+".join(map(str, _build_after(game)))
    return [Choice(o, Msg.of(f"{G}.ui.sets", sets=Sets(tuple(map(int, o.split("+"))))),
                   o == right) for o in ["7", "4+3", "5+2"]]


def _build_explain(game: Game[Any]) -> Msg:
    return _msg("build.explain", sets=Sets(tuple(_build_after(game))))


# 10. the end of the game -----------------------------------------------------------
END_POS = {"players": ["You", "Bob", "Cleo"], "turn": 1, "draw_pile": {"silver": 1},
           "hands": [HAND, None, None], "middle": {"gold": 1}}


def _turns_after_announcement(game: Game[Any]) -> list[str]:
    """Who plays from the turn in which the last card is drawn until the game ends."""
    start = len(game.history)
    players = [game.players[game.state.turn]]
    while not game.is_over:
        if game.is_chance:
            game.play(game.chance_outcomes()[-1 if game.state.phase == "roll" else 0][0])
        else:
            game.play(game.legal_moves()[-1])
        if not game.is_over and game.players[game.state.turn] != players[-1]:
            players.append(game.players[game.state.turn])
    while len(game.history) > start:
        game.undo()
    return players


def _end_choices(game: Game[Any]) -> list[Choice]:
    right = len(_turns_after_announcement(game))
    return [Choice(str(n), _msg(f"end.turns{n}"), n == right) for n in (1, 2, 3)]


def _end_explain(game: Game[Any]) -> Msg:
    who = _turns_after_announcement(game)
    return _msg("end.explain", players=tuple(who), heart=game.players[game.state.heart])


# 11. scoring -----------------------------------------------------------------------
SCORE_POS = {"phase": "target", "hands": [HAND, None], "middle": {"silver": 1},
             "collections": [{"ruby": 4, "pearl": 5, "gold": 1}, {"jade": 3}]}


def _score_choices(game: Game[Any]) -> list[Choice]:
    s = game.state
    right = score_of(s.collections[0], s.bonus_used[0])
    assert game.scores()[0] == right
    return _numbers(right, [right - 1, sum(all_set_sizes(s.collections[0])[:1]), right + 2])


def _score_explain(game: Game[Any]) -> Msg:
    s = game.state
    return _msg("score.explain", cards=sum(s.collections[0]), score=game.scores()[0])


# 12. the tie-break ------------------------------------------------------------------
TIE_POS = {"turn": 1, "phase": "target", "draw_pile": {}, "hands": [[], []],
           "middle": {"silver": 1},
           "collections": [{"ruby": 5, "pearl": 4, "gold": 2}, {"jade": 5, "gold": 5, "silver": 2}],
           "bonus_used": [False, True]}


def _tie_choices(game: Game[Any]) -> list[Choice]:
    n = len(game.history)
    winners = play_to_end(game).winners()
    while len(game.history) > n:
        game.undo()
    return [Choice("you", _msg("tie.you"), winners == [0]),
            Choice("bob", _msg("tie.bob"), winners == [1]),
            Choice("both", _msg("tie.both"), len(winners) == 2)]


def _tie_explain(game: Game[Any]) -> Msg:
    s = game.state
    keys = [tie_key(c) for c in s.collections]
    return _msg("tie.explain", you=Sets(keys[0]), bob=Sets(keys[1]),
                score=game.scores()[0])


LESSON: list[LessonStep] = [
    _step("place", Section.PLACE, {"hands": [HAND, None], "middle": {"silver": 1}},
          _place_choices, _place_explain, then=("draw:silver", "draw:jade"), about=("players",)),
    _step("middle_sets", Section.PLACE, {"hands": [HAND, None], "middle": {"ruby": 4}},
          _middle_choices, _middle_explain, about=("middle",)),
    _step("refill", Section.PLACE, {"hands": [HAND, None], "middle": {"ruby": 1}},
          _refill_choices, _refill_explain, about=("players",)),
    _step("target", Section.STEAL, TARGET_POS, _target_choices, _target_explain,
          about=("middle", "players")),
    _step("dice", Section.STEAL, TARGET_POS, _dice_choices, _dice_explain, about=("players",)),
    _step("reroll", Section.STEAL, {"phase": "target", "hands": [HAND, None],
                              "middle": {"ruby": 3}}, _reroll_choices, _reroll_explain,
          then=("roll:PP", "draw:silver", "draw:silver"), lead_in=REROLL_LEAD, about=("attempt",)),
    _step("savings", Section.STEAL, {"phase": "target", "bonus_used": [True, False],
                               "hands": [["ruby"] * 4 + ["gold"], None],
                               "middle": {"ruby": 4}}, _savings_choices, _savings_explain,
          lead_in=SAVINGS_LEAD, about=("attempt",)),
    _step("bonus", Section.CAPTAIN_BONUS, {**TARGET_POS}, _bonus_choices, _bonus_explain,
          then=("roll:PP",), lead_in=BONUS_LEAD, about=("attempt",)),
    _step("build", Section.STEAL, {"phase": "target", "hands": [HAND, None], "middle": {"jade": 3},
                             "collections": [{"jade": 4}, {}]}, _build_choices,
          _build_explain, lead_in=BUILD_LEAD, about=("players",)),
    _step("end", Section.END, END_POS, _end_choices, _end_explain, about=("status",)),
    _step("score", Section.END, SCORE_POS, _score_choices, _score_explain,
          hides=("scores",), about=("players",)),
    _step("tie", Section.END, TIE_POS, _tie_choices, _tie_explain, about=("players",)),
]

