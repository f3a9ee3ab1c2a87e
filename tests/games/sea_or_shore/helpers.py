"""Helpers for the Sea or Shore engine tests: positions, an event-driven shadow model of the
table (an independent bookkeeper), and the invariants checked during seeded random play.

Kept out of the test modules on purpose: pytest's assertion rewriting would slow the hot
random-play loops. Each assert carries its own message instead.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import permutations
from typing import Any

import treasurekit as tk
from treasurekit.core.bots import RandomBot, bot_move
from treasurekit.games.sea_or_shore.cards import Island, Treasure
from treasurekit.games.sea_or_shore.rules import SeaOrShore
from treasurekit.games.sea_or_shore.state import Step

from ...checks import all_views, replay_decisions

GAME = "sea_or_shore"
VARIANTS = ("standard", "additions-salvage", "swap-peek", "swap-salvage")
SIDES = {   # variant -> (red/blue action card side, green/purple action card side)
    "standard": ("additions", "peek"),
    "additions-salvage": ("additions", "salvage"),
    "swap-peek": ("swap", "peek"),
    "swap-salvage": ("swap", "salvage"),
}
COLOURS = ("r", "b", "g", "p")
ISLANDS = frozenset(f"{c}{v}" for c in COLOURS for v in range(1, 13))
BOOK_TREASURE_VALUES = (1, 2, 2, 3, 3, 4, 4, 5)
NAMES = {
    3: ["Eric", "Marlou", "Niels"],
    4: ["Eric", "Stephanie", "Niels", "Marlou"],
    5: ["Eric", "Stephanie", "Niels", "Marlou", "Anna"],
}
HAND = {3: 12, 4: 12, 5: 9}
ADDITIONS = 22


# ---- book data, written from the rulebook (and the documented engine readings) ----------
def book_treasures(players: int) -> Counter[str]:
    """Every treasure card in play: 32, or 20 for three players (one 2, 3, 4 of each colour
    removed)."""
    out: Counter[str] = Counter()
    for c in COLOURS:
        values = list(BOOK_TREASURE_VALUES)
        if players == 3:
            for v in (2, 3, 4):
                values.remove(v)
        out.update(f"{c}{v}" for v in values)
    return out


def points(code: str) -> int:
    """A treasure card's points: the number in its code."""
    return int(code[1:])


def round_points(pile: Iterable[str], additions: int) -> int:
    """A round's score: treasure points plus one point per two addition cards."""
    return sum(points(t) for t in pile) + additions // 2


# ---- positions and moves -----------------------------------------------------------------
def position(players: int = 4, **desc: Any) -> tk.Game[Any]:
    """A Sea or Shore table with the book's names (Eric starts unless told otherwise)."""
    desc.setdefault("players", NAMES[players])
    desc.setdefault("face_up", ["r3"] if players == 3 else ["r3", "p2"])
    return tk.setup_position(GAME, desc)



def kinds(events: Iterable[tk.Event]) -> list[str]:
    return [e.kind for e in events]


def of_kind(events: Iterable[tk.Event], kind: str) -> list[tk.Event]:
    return [e for e in events if e.kind == kind]


def legal(game: tk.Game[Any]) -> list[str]:
    return [str(m) for m in game.legal_moves()]


def deal_all(game: tk.Game[Any]) -> list[tk.Event]:
    """Let the seeded dealer resolve every pending chance step."""
    events: list[tk.Event] = []
    while game.is_chance:
        events += game.deal()
    return events


# ---- an independent bookkeeper fed only by events ----------------------------------------
class Shadow:
    """Piles, addition cards and the addition pile rebuilt from the events alone, then
    compared with the engine's state; round scores computed from the book's formula."""

    def __init__(self, game: tk.Game[Any]) -> None:
        s = game.state
        self.names = list(game.players)
        self.piles = [p[:] for p in s.piles]
        self.additions = s.additions[:]
        self.pile = s.addition_pile
        self.on_table = sum(pl.adds for pl in s.played if pl)
        self.rounds: list[list[int]] = [r[:] for r in s.round_scores]

    def feed(self, events: Iterable[tk.Event]) -> None:
        idx = self.names.index
        for e in events:
            k = e.kind
            if k in ("play_sea", "play_shore"):
                p = idx(e.param("player"))
                self.additions[p] -= e.param("adds")
                self.on_table += e.param("adds")
            elif k in ("earn", "earn_short"):
                p = idx(e.param("player"))
                assert e.param("earned") <= e.param("cards"), f"earned too many: {e}"
                self.additions[p] += e.param("earned")
                self.pile -= e.param("earned")
            elif k == "rob":
                self.additions[idx(e.param("player"))] += 2
                self.additions[idx(e.param("victim"))] -= 2
            elif k == "rob_pile":
                self.additions[idx(e.param("player"))] += e.param("cards")
                self.pile -= e.param("cards")
            elif k == "additions_back":
                assert e.param("cards") == self.on_table, f"additions back {e} {self.on_table}"
                self.pile += e.param("cards")
                self.on_table = 0
            elif k == "take":
                self.piles[idx(e.param("player"))].append(e.param("treasure").code)
            elif k == "steal":
                top = self.piles[idx(e.param("victim"))].pop()
                assert top == e.param("treasure").code, f"stole {e} but the top was {top}"
                self.piles[idx(e.param("player"))].append(top)
            elif k == "round_score":
                p = idx(e.param("player"))
                treasure = sum(points(t) for t in self.piles[p])
                assert e.param("treasure") == treasure, f"{e}: pile {self.piles[p]}"
                assert e.param("additions") == self.additions[p], f"{e}: {self.additions}"
                assert e.param("total") == round_points(self.piles[p], self.additions[p]), e
                if p == 0:
                    self.rounds.append([])
                self.rounds[-1].append(e.param("total"))
            elif k == "second_round":
                n = len(self.names)
                self.piles, self.additions = [[] for _ in range(n)], [0] * n
                self.pile, self.on_table = ADDITIONS, 0

    def check(self, game: tk.Game[Any]) -> None:
        s = game.state
        assert s.piles == self.piles, f"piles {s.piles} != events {self.piles}, {at(game)}"
        assert s.additions == self.additions, f"additions {s.additions} != {self.additions}"
        assert s.addition_pile == self.pile, f"addition pile {s.addition_pile} != {self.pile}"
        assert s.round_scores == self.rounds, f"round scores {s.round_scores} != {self.rounds}"
        current = [round_points(p, a) for p, a in zip(self.piles, self.additions, strict=True)]
        totals = [sum(r[p] for r in self.rounds) for p in range(len(self.names))]
        if not game.is_over:
            totals = [t + c for t, c in zip(totals, current, strict=True)]
        assert game.scores() == totals, f"scores {game.scores()} != book {totals}, {at(game)}"


def at(g: tk.Game[Any]) -> str:
    """Where a check failed (built lazily, only in assert messages)."""
    last = g.history[-1] if g.history else "start"
    return f"after step {len(g.history)} ({last}), state {g.state}"


# ---- invariants ------------------------------------------------------------------------------
def check_cards(g: tk.Game[Any]) -> None:
    """Every island card exactly once, every treasure exactly once, addition cards conserved,
    equal hands at the start of a trick, and the decks well formed."""
    s = g.state
    n = s.players
    played = [pl.card for seat, pl in enumerate(s.played) if pl and seat not in s.salvaged]
    islands = [c for h in s.hands for c in h] + played + s.discards + s.box
    assert len(islands) == 48 and set(islands) == ISLANDS, f"island cards, {at(g)}"
    treasures = Counter(t for d in s.decks for t in d.cards())
    treasures.update(t for t in s.face_up if t)
    treasures.update(t for p in s.piles for t in p)
    assert treasures == book_treasures(n), f"treasure cards {treasures}, {at(g)}"
    on_table = sum(pl.adds for pl in s.played if pl)
    assert s.addition_pile + sum(s.additions) + on_table == ADDITIONS, f"additions, {at(g)}"
    assert s.addition_pile >= 0 and min(s.additions) >= 0, f"negative additions, {at(g)}"
    for d, deck in enumerate(s.decks):
        assert len(deck.top) <= 3 and max(s.known[d]) <= len(deck.top), f"deck {d}, {at(g)}"
    if not g.is_over and s.steps[0].kind == "play" and not any(s.played):
        assert len({len(h) for h in s.hands}) == 1, f"unequal hands at a trick start, {at(g)}"
        assert s.passing == [None] * n, f"passing, {at(g)}"


def check_turn(g: tk.Game[Any]) -> None:
    """Whose turn it is, chance probabilities, and the mover's view lists the legal moves."""
    assert isinstance(g, SeaOrShore)
    if g.is_over:
        assert g.legal_moves() == [] and g.current_player is None and g.phase == "over"
        return
    if g.is_chance:
        outcomes = g.chance_outcomes()
        assert g.current_player is None and outcomes, f"chance, {at(g)}"
        assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9, f"sum of {outcomes}, {at(g)}"
        return
    moves = g.legal_moves()
    assert len(moves) >= 2 or g.phase == "play", f"a forced decision was left, {at(g)}"
    expected = book_legal(g)
    if expected is not None:
        assert sorted(map(str, moves)) == sorted(expected), f"legal {moves}, {at(g)}"


def book_legal(g: tk.Game[Any]) -> list[str] | None:
    """The legal decisions, written from the rules (None for steps not covered here)."""
    s = g.state
    step = s.steps[0]
    kind, p = step.kind, g.current_player
    hand = s.hands[p]
    if kind == "pass":
        counts = Counter(c[0] for c in hand)
        most = max(counts.values())
        return [f"pass:{max((c for c in hand if c[0] == col), key=lambda c: int(c[1:]))}"
                for col in counts if counts[col] == most]
    if kind == "play":
        return [f"play:{c}/{side}" + (f"+{k}" if k else "") for c in hand
                for side in ("sea", "shore")
                for k in range(min(s.additions[p], 12 - points(c)) + 1)]
    if kind == "treasure":
        colour = s.played[p].card[0]                 # the colour the winner played
        return ["take"] + [f"steal:{v}" for v, pl in enumerate(s.played)
                           if v != p and pl and pl.card[0] == colour and s.piles[v]
                           and pl.value < s.played[p].value       # a tie is not lower
                           and s.piles[v][-1][0] == colour]
    if kind == "rob":
        return [f"rob:{v}" for v in range(s.players) if v != p and s.additions[v] >= 2]
    if kind == "swap":
        return [f"swap:{v}" for v in range(s.players) if v != p and s.hands[v]]
    if kind in ("give", "discard"):
        return [f"{kind}:{c}" for c in hand]
    if kind == "salvage":
        return [f"salvage:{v}" for v, pl in enumerate(s.played) if pl and v not in s.salvaged]
    if kind == "peek":
        return [f"peek:{d}" for d, deck in enumerate(s.decks) if deck.size()]
    if kind == "order":
        seen = g.view(p)["pending"]["looking_at"]
        return sorted({"order:" + ",".join(o) for o in permutations(seen)})
    return None


VIEW_KEYS = {
    "game", "you", "players", "variant", "actions", "round", "phase", "to_move", "starter",
    "hand", "hand_sizes", "played", "revealed", "face_up", "decks", "deck_known", "piles",
    "my_pile", "additions", "addition_pile", "discards", "unseen_islands", "round_scores",
    "scores", "pending", "legal", "is_over",
    # public, for the coach to rebuild a table from a view (infoset.py)
    "steps", "known", "deck_parts", "first_starter",
}


_CODE = re.compile(r'"([rbgp]1?[0-9])"')


def check_view(g: tk.Game[Any], q: int, v: dict[str, Any] | None = None) -> None:
    """Player ``q``'s view shows exactly what they may know and nothing hidden."""
    s = g.state
    v = g.view(q) if v is None else v
    assert set(v) == VIEW_KEYS, f"view keys {sorted(v)}"
    assert v["you"] == q and v["hand"] == s.hands[q], f"own hand, {at(g)}"
    assert v["hand_sizes"] == [len(h) for h in s.hands]
    for seat, pv in enumerate(v["played"]):
        pl = s.played[seat]
        if pl is None:
            assert pv is None
        elif s.revealed or seat == q:
            assert pv["card"] == pl.card and pv["adds"] == pl.adds and pv["shows"] == pl.shows
        else:
            half = {"colour": pl.card[0]} if pl.shows == "sea" else {"number": int(pl.card[1:])}
            assert pv == {"shows": pl.shows, "adds": pl.adds, **half}, f"covered half: {pv}"
    for d, deck in enumerate(s.decks):
        assert v["deck_known"][d] == deck.top[:s.known[d][q]], f"deck_known, {at(g)}"
        assert v["decks"][d] == deck.size()
    assert v["piles"] == [{"top": p[-1] if p else None, "size": len(p)} for p in s.piles]
    assert v["my_pile"] == s.piles[q]
    assert v["additions"] == s.additions and v["addition_pile"] == s.addition_pile
    mover = g.current_player
    if mover == q:
        assert v["legal"] == [str(m) for m in g.legal_moves()], f"legal in view, {at(g)}"
    else:
        assert v["legal"] == [], f"another player's legal moves shown to {q}, {at(g)}"
    step = s.steps[0] if s.steps else Step("over")
    allowed = set()
    if step.kind == "pass" and s.passing[q]:
        allowed.add("passing")
    if step.kind == "give" and q in (step.player, step.victim):
        allowed.add("grabbed")
    if step.kind == "order" and q == step.player:
        allowed.add("looking_at")
    assert set(v["pending"]) <= allowed, f"pending {v['pending']} shown to {q}, {at(g)}"
    if "passing" in v["pending"]:
        assert v["pending"]["passing"] in s.hands[q]
    # no island card hidden from q appears anywhere outside the own-knowledge fields
    public = {pl.card for pl in s.played if pl and s.revealed}
    hidden = {c for p, h in enumerate(s.hands) if p != q for c in h} - public
    hidden |= {pl.card for p, pl in enumerate(s.played) if pl and p != q and not s.revealed}
    hidden |= set(s.box)
    scan = {k: x for k, x in v.items()
            if k not in ("face_up", "deck_known", "piles", "my_pile", "pending", "legal",
                         "players", "game", "variant", "phase")}
    leaked = hidden.intersection(_CODE.findall(json.dumps(scan)))
    assert not leaked, f"{leaked} leaked to player {q}, {at(g)}"


def check_all_views(g: tk.Game[Any]) -> list[dict[str, Any]]:
    views = all_views(g)
    for q, v in enumerate(views):
        check_view(g, q, v)
    return views


# ---- random play -----------------------------------------------------------------------------
BOT = RandomBot()


def step(g: tk.Game[Any], rng: random.Random) -> Sequence[tk.Event]:
    """One step: the dealer at a chance node, else the random bot choosing from its view."""
    return g.deal() if g.is_chance else g.play(bot_move(g, BOT, rng))


def fast_step(g: tk.Game[Any], rng: random.Random) -> Sequence[tk.Event]:
    """The same choice as :func:`step` without building the view (``view["legal"]`` equals
    ``legal_moves()``, checked by :func:`check_view`), for the unsampled games."""
    return g.deal() if g.is_chance else g.play(rng.choice(g.legal_moves()))


def undo_check(g: tk.Game[Any], rng: random.Random) -> Sequence[tk.Event]:
    """Play one step, undo it (state and views exactly as before), then replay it."""
    before = pickle.loads(pickle.dumps(g.state))
    views = all_views(g)
    history, log = list(g.history), list(g.log)
    state = copy.deepcopy(rng.getstate())
    events = step(g, rng)
    move = g.history[-1]
    undone = g.undo()
    assert undone == move, f"undo returned {undone}, not {move}"
    assert g.state == before, f"undo of {undone} gave {g.state}, not {before}"
    assert all_views(g) == views, f"undo of {undone}: the views differ"
    assert g.history == history and g.log == log, f"undo of {undone}: history or log differ"
    rng.setstate(state)
    again = step(g, rng)
    assert again == events and g.history[-1] == move, f"replaying {undone} differed"
    return again


PUBLIC_ISLANDS = {"reveal", "salvage", "discard"}           # public events naming island cards
PUBLIC_TREASURES = {"turn", "take", "steal", "win_treasure", "under"}


def check_event_privacy(events: Iterable[tk.Event]) -> None:
    """A public event never names a hidden card; a private one names who may read it."""
    for e in events:
        if e.seen_by:
            continue
        for _, value in e.params:
            values = value if isinstance(value, tuple) and not hasattr(value, "code") else [value]
            for x in values:
                if isinstance(x, Island):
                    assert e.kind in PUBLIC_ISLANDS, f"public {e} names an island card"
                elif isinstance(x, Treasure):
                    assert e.kind in PUBLIC_TREASURES, f"public {e} names a treasure"


def run_game(players: int, variant: str, seed: int, sampled: bool,
             game: tk.Game[Any] | None = None) -> tuple[tk.Game[Any], Counter[str]]:
    """Play one seeded random game with the invariants; ``sampled`` games get every check
    after every step (views of all players, undo, save and load, same seed)."""
    g = tk.new_game(GAME, players=players, seed=seed, variant=variant) if game is None else game
    policy, checks = random.Random(seed), random.Random(~seed)
    shadow = Shadow(g)
    seen: Counter[str] = Counter()
    save_at = checks.randrange(1, 500) if sampled else -1
    save = None
    while not g.is_over:
        assert len(g.history) < 3000, "the game does not end"
        if not sampled:
            events = fast_step(g, policy)
        elif checks.random() < 0.03:
            events = undo_check(g, policy)
        else:
            events = step(g, policy)
        shadow.feed(events)
        check_event_privacy(events)
        seen.update(e.kind for e in events)
        if sampled or any(e.kind in ("reveal", "passed") for e in events):
            check_cards(g)
            shadow.check(g)
            check_turn(g)
        if sampled:
            views = check_all_views(g)
            if len(g.history) == save_at:
                save = (g.to_json(), copy.deepcopy(g.state), views)
    shadow.check(g)
    check_end(g)
    if sampled:
        if game is None:
            again = tk.new_game(GAME, players=players, seed=seed, variant=variant)
        else:
            assert g.position is not None                   # a game set up from a position
            again = tk.setup_position(GAME, g.position, seed=seed)
        replay_decisions(again, g.history)
        assert again.history == g.history, "same seed, different game"
        assert again.state == g.state and again.log == g.log, "same seed, different game"
        loaded = tk.load_game(g.to_json())
        assert loaded.state == g.state and all_views(loaded) == all_views(g), "JSON at end"
        if save is not None:
            # undo many steps back to the save point: state and views exactly as they were;
            # playing the same steps again ends in the same final state
            final, history, events = copy.deepcopy(g.state), list(g.history), g.events
            while len(g.history) > save_at:
                g.undo()
            assert g.state == save[1] and all_views(g) == save[2], f"undo to step {save_at}"
            replay_decisions(g, history)
            assert g.state == final and g.events == events, "replay after undo differs"
        assert loaded.scores() == g.scores() and loaded.winners() == g.winners()
        if save is not None:
            text, state, views = save
            loaded = tk.load_game(text)
            assert loaded.state == state and all_views(loaded) == views, "JSON mid-game"
            assert loaded.to_json() == text, "save of a loaded game differs"
            replay_decisions(loaded, g.history)
            assert loaded.state == g.state and loaded.events == g.events, "continued apart"
    return g, seen


def check_end(g: tk.Game[Any]) -> None:
    s = g.state
    assert g.is_over and len(s.round_scores) == 2, f"ended: {s}"
    totals = [a + b for a, b in zip(*s.round_scores, strict=True)]
    assert g.scores() == totals
    # equal totals: the tie goes to the last trick's starter or the nearest clockwise
    tied = [p for p, t in enumerate(totals) if t == max(totals)]
    assert g.winners() == [min(tied, key=lambda p: (p - s.starter) % s.players)], totals
    last = g.log[-1]
    assert last[-1].kind == "winner" and last[-1].param("player") == g.players[g.winners()[0]]
    assert ("tie_break" in [e.kind for e in last]) == (len(tied) > 1), last
    assert all(not h for h in s.hands) and s.played == [None] * s.players
