"""The coach (``tk.advise``, the expert level; core/search.py) for every game in
``tk.GAMES``: it cannot peek, it is reproducible, it refuses what it cannot advise on,
the expert plays legal moves from a view, and the advice reads in English and Dutch.

Budgets here are a few dozen playouts (never a time budget: speed and strength live in
``benchmarks/coach.py``)."""

from __future__ import annotations

import dataclasses
import json
import math
import random
import re
from collections.abc import Iterator

import pytest

import treasurekit as tk
from treasurekit.core.bots import bot_levels
from treasurekit.core.i18n import catalog
from treasurekit.core.search import ExpertBot, Search, SearchSettings, settings_for
from treasurekit.core.spec import load

from .registry import NAMES, Setup, decisions

PLAYOUTS = 40


def setup_of(name: str) -> Setup:
    """Every game with one more player than it needs at least, where it allows."""
    cls = tk.core.game_class(name)
    return Setup(name, min(cls.min_players + 1, cls.max_players), "standard")


def positions(name: str, count: int, seed: int = 0, every: int = 13) -> Iterator[tk.Game]:
    """``count`` decisions with a choice of seeded random games (each a game of its own)."""
    setup = setup_of(name)
    found = 0
    while True:
        for g in decisions(setup, seed, every):
            yield tk.load_game(g.to_json())
            found += 1
            if found == count:
                return
        seed += 1


# ---- it cannot peek --------------------------------------------------------------------
@pytest.mark.parametrize("name", NAMES)
def test_advice_is_the_same_whatever_the_hidden_parts(name: str) -> None:
    """The same seed and playout count give the same advice on a game and on copies of
    it whose hidden parts (the others' hands, face-down cards, deck order) are redrawn."""
    rng = random.Random(name)
    for g in positions(name, 6):
        seat = g.current_player
        assert seat is not None
        advice = tk.advise(g, playouts=PLAYOUTS, seed=3)
        for _ in range(2):
            other = g.scramble_hidden(seat, rng)
            again = tk.advise(other, playouts=PLAYOUTS, seed=3)
            assert again == advice
            assert again.text("en") == advice.text("en")


# ---- reproducible ----------------------------------------------------------------------
@pytest.mark.parametrize("name", NAMES)
def test_same_seed_and_playouts_same_advice(name: str) -> None:
    g = next(positions(name, 1, seed=5))
    one, two = tk.advise(g, playouts=PLAYOUTS, seed=7), tk.advise(g, playouts=PLAYOUTS, seed=7)
    assert one == two and one.text("nl") == two.text("nl")
    assert one.playouts == PLAYOUTS == sum(m.playouts for m in one.moves)
    assert sorted(map(str, (m.move for m in one.moves))) == sorted(map(str, g.legal_moves()))
    assert one.best == one.moves[0].move and one.best in g.legal_moves()
    assert all(0.0 <= m.win <= 1.0 and math.isfinite(m.points) for m in one.moves)
    assert [m.playouts for m in one.moves] == sorted((m.playouts for m in one.moves),
                                                     reverse=True)


def test_advice_on_a_loaded_save_and_a_set_up_table() -> None:
    """A position set up from a description and a save loaded from its text (the forms a
    shared table arrives in) are advised on as any game is."""
    g = tk.setup_position("coralia", {
        "players": ["Ann", "Bot"], "turn": "Bot", "phase": "place",
        "board": {"blue": ["pearl", "fish", "turtle", "starfish"]},
        "station": ["blue-octopus", "red-fish", "green-pearl", "yellow-fish"]})
    advice = tk.advise(g, playouts=60, seed=1)
    loaded = tk.advise(tk.load_game(g.to_json()), playouts=60, seed=1)
    assert advice == loaded and advice.seat == 1
    assert advice.best in g.legal_moves()


# ---- what it refuses -------------------------------------------------------------------
def test_advise_refuses_a_finished_game_a_chance_step_and_a_seat_not_to_move() -> None:
    g = tk.new_game("diving_bell", seed=2)
    with pytest.raises(tk.CannotAdvise, match="not their turn"):
        tk.advise(g, playouts=5, seat=1)
    g.play("draw")
    with pytest.raises(tk.CannotAdvise, match="chance"):
        tk.advise(g, playouts=5)
    while not g.is_over:
        g.deal() if g.is_chance else g.play(g.legal_moves()[-1])
    with pytest.raises(tk.CannotAdvise, match="over"):
        tk.advise(g, playouts=5)
    with pytest.raises(tk.CannotAdvise, match="seat"):
        tk.advise(tk.new_game("diving_bell"), playouts=5, seat=7)
    with pytest.raises(tk.CannotAdvise, match="a game"):
        tk.advise("diving_bell", playouts=5)  # type: ignore[arg-type]


@pytest.mark.parametrize("budget", [
    {"seconds": 0}, {"seconds": -1.0}, {"seconds": 60.5}, {"seconds": float("nan")},
    {"seconds": float("inf")}, {"seconds": "1"}, {"seconds": True}, {"seconds": None},
    {"seconds": 1.0, "playouts": 10}, {"seconds": 2, "playouts": 10},
    {"playouts": 0}, {"playouts": -3}, {"playouts": 100_001}, {"playouts": 2.5},
    {"playouts": True}, {"playouts": "9"}, {"playouts": 10, "seed": 1.5},
    {"playouts": 10, "seed": 10 ** 40}])
def test_a_bad_budget_or_seed_is_refused(budget: dict[str, object]) -> None:
    g = tk.new_game("sea_or_shore", 3, seed=1)
    while g.is_chance:
        g.deal()
    before = g.to_json()
    with pytest.raises(tk.CannotAdvise) as info:
        tk.advise(g, **budget)  # type: ignore[arg-type]
    assert isinstance(info.value, ValueError) and isinstance(info.value, tk.TreasureKitError)
    assert len(str(info.value)) < 200 and g.to_json() == before


def test_a_budget_in_seconds_or_playouts() -> None:
    """``playouts`` alone replaces the default second; ``seconds`` alone is a time
    budget (at least one playout is always played)."""
    g = tk.new_game("captain_lucky", seed=4)
    while g.is_chance:
        g.deal()
    assert tk.advise(g, playouts=3).playouts == 3
    assert tk.advise(g, seconds=1e-6).playouts >= 1
    with pytest.raises(tk.CannotAdvise):
        ExpertBot(seconds=None)


# ---- the expert ------------------------------------------------------------------------
@pytest.mark.parametrize("name", NAMES)
def test_every_game_declares_its_coach_in_its_spec(name: str) -> None:
    declared = load(tk.GAMES[name].coach)
    assert isinstance(declared, SearchSettings) and declared.sampler is not None
    assert settings_for(name) is declared


@pytest.mark.parametrize("name", NAMES)
def test_every_game_has_an_expert_that_plays_a_legal_move_from_a_view(name: str) -> None:
    bots = bot_levels(name)
    assert list(bots)[-1] == "expert"
    bot = tk.make_bot(name, "expert", playouts=12)
    assert isinstance(bot, tk.core.bots.Bot) and bot.name == "expert"
    rng = random.Random(name)
    for g in positions(name, 4, every=5):
        seat = g.current_player
        assert seat is not None
        view = g.view(seat)
        before = json.dumps(view, sort_keys=True)
        move = bot.choose(view, rng)
        assert str(move) in view["legal"]
        assert json.dumps(view, sort_keys=True) == before, "the expert changed its view"


@pytest.mark.parametrize("name", NAMES)
def test_an_expert_may_search_with_other_settings_than_its_games(name: str) -> None:
    """``ExpertBot(settings=...)``: a variant of the game's settings (the benchmark's
    trials), here one whose prior level records each view it is asked about."""
    asked: list[dict[str, object]] = []

    class Recorder:
        name = "recorder"

        def choose(self, view: dict[str, object], rng: random.Random) -> tk.Move:
            asked.append(view)
            return tk.Move.parse(view["legal"][0])          # type: ignore[index]

    settings = dataclasses.replace(settings_for(name), prior=Recorder)
    g = next(positions(name, 1, every=5))
    seat = g.current_player
    assert seat is not None
    view = g.view(seat)
    move = ExpertBot(playouts=12, settings=settings).choose(view, random.Random(1))
    assert str(move) in view["legal"] and asked == [view]
    ExpertBot(playouts=12).choose(view, random.Random(1))
    assert len(asked) == 1, "the game's own settings do not use the variant"


def test_the_expert_plays_a_forced_move_at_once_and_tells_its_progress() -> None:
    told: list[float] = []
    g = tk.new_game("diving_bell", seed=1)
    bot = ExpertBot(playouts=50, progress=told.append)
    assert bot.choose(g.view(0), random.Random(0)) == tk.Move("draw")   # the only move
    assert told == [1.0]
    g.play("draw")
    g.play("reveal:gold5/3")
    told.clear()
    assert str(bot.choose(g.view(0), random.Random(0))) in ("draw", "stop")
    assert told[-1] == 1.0 and told == sorted(told) and all(0 <= f <= 1 for f in told)


def test_progress_returning_false_stops_the_search() -> None:
    g = next(positions("coralia", 1))
    seat = g.current_player
    assert seat is not None
    search = Search(g.view(seat), seed=0)
    search.run(playouts=500, progress=lambda fraction: False)
    assert 1 <= search.playouts < 500
    search.run(playouts=30)                       # a search runs on in slices
    assert search.playouts >= 31 and search.best() in g.legal_moves()


def test_make_bot_names_the_levels() -> None:
    with pytest.raises(ValueError, match="expert"):
        tk.make_bot("coralia", "grandmaster")
    with pytest.raises(tk.UnknownGame):
        tk.make_bot("chess", "expert")


# ---- the advice in words ---------------------------------------------------------------
def words(lang: str, *namespaces: str) -> set[str]:
    return {w for ns in namespaces for text in catalog(lang, ns).values()
            for w in re.findall(r"[a-z]{4,}", str(text).lower())}


#: Words of the coach's English messages that no Dutch message of the engine uses.
ENGLISH = words("en", "coach") - words("nl", "coach", "core", *NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_the_advice_tells_the_line_in_dutch_with_its_rule_sections(name: str) -> None:
    told = 0
    for g in positions(name, 6, seed=2, every=7):
        advice = tk.advise(g, playouts=120, seed=4)
        en, nl = advice.text("en"), advice.text("nl")
        assert en != nl
        named = [e for _, e in advice.said[:2] if e is not None]    # the best and the next
        events = named + list(advice.story.events)
        for e in events:
            assert e.text("nl", advice.seat) in nl and e.rule("nl") in nl
            if e.text("en", advice.seat) != e.text("nl", advice.seat):
                assert e.text("en", advice.seat) not in nl
        words = set(re.findall(r"[a-z]{4,}", nl.lower()))
        assert not words & ENGLISH, words & ENGLISH
        assert "%" in nl and "," in nl.split("%")[0][-4:]     # 41,9% in Dutch
        told += len(events)
    assert told, "no advice told a single event"


def test_a_forced_move_is_advised_with_its_playouts() -> None:
    g = tk.new_game("diving_bell", seed=1)                 # the first dive: draw, nothing else
    advice = tk.advise(g, playouts=20, seed=0)
    assert advice.best == tk.Move("draw") and advice.moves[0].playouts == 20
    assert advice.text("en").count("\n") >= 2


@pytest.mark.parametrize("second, said", [
    ((0.40, 5.0), "10 percentage points less), 5 points expected (1 point fewer)"),
    ((0.40, 7.0), "10 percentage points less), 7 points expected (1 point more, at a "),
    ((0.52, 6.5), "too close to the best move for the search to tell them apart"),
    ((0.495, 5.0), "too close to the best move for the search to tell them apart"),
])
def test_the_next_best_move_is_told_without_a_negative_gap(
        second: tuple[float, float], said: str) -> None:
    """The advised move is the one tried most, which may have the lower estimate (the lean
    of a prior): then, or when it is less than a percentage point ahead, the next best is
    told as too close to tell apart, never as "-2 percentage points less"."""
    g = tk.new_game("diving_bell", seed=1)
    advice = tk.advise(g, playouts=20, seed=0)
    best = tk.core.search.MoveAdvice(tk.Move("draw"), 0.5, 6.0, 300)
    other = tk.core.search.MoveAdvice(tk.Move("stop"), *second, 100)
    pair = dataclasses.replace(advice, moves=(best, other), said=())
    told, nl = pair.text("en"), pair.text("nl")
    assert said in told and "-" not in told.splitlines()[-1], told
    assert "-" not in nl.splitlines()[-1], nl
