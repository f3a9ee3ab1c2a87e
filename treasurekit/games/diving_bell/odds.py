"""Diving Bell odds lab: exact burst chances and the best way to divide a row.

Everything works on card codes (``"gold5/3"``) and compositions ``{code: count}``
as found in ``game.view(player)``. Values are in the diver's terms: points the diver
gains minus points the divider gains. The burst odds are pure Python; numpy is
imported on the first division search, so ``import treasurekit`` stays light.

>>> burst_chance({"gold5/3": 1, "map1/0": 3}, pressure=8, krakens=0, limit=10)
0.25
>>> d = best_division(["gold5/3", "gold1/0"], [], [], burst=False)
>>> d.a, d.b, d.chooser_value
(['gold5/3'], ['gold1/0'], 4)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from .cards import AIR_POCKET_RELIEF, ARTIFACT_TYPES, GEM_TYPES, KRAKENS_TO_BURST, card_by_code
from .scoring import (
    ARTIFACT_PAIR_BONUS,
    CURSED_MAGIC_COUNT,
    CURSED_MAGIC_TOTAL,
    CURSED_VALUE,
    GEM_SET_BONUS,
    GEM_SET_SIZE,
    MAPS_BONUS_TOTAL,
    MAPS_FOR_BONUS,
)

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    IntArray = NDArray[np.int64]

__all__ = ["DiveOutlook", "Division", "best_division", "burst_chance", "burst_curve",
           "dive_outlook", "draw_value", "expected_gain", "pile_gain", "stop_value",
           "treasure_codes"]

# Feature layout of a pile, one count per row: face value of gold, gems and artifacts,
# then gems per type, artifacts per type, maps, cursed relics.
_LIN, _GEM, _ART = 0, 1, 1 + len(GEM_TYPES)
_MAP = _ART + len(ARTIFACT_TYPES)
_CURSED = _MAP + 1
N_FEATURES = _CURSED + 1
_BIG = 1 << 20      # larger than any score difference: marks splits that are not allowed
_MAX_COUNT = 128    # more cards of one feature than any deck holds
_TABLE_UP_TO = 512  # score batches up to this size by table look-up


# ---- burst odds (pure Python) -------------------------------------------------
def _bursts_with(code: str, pressure: int, krakens: int, limit: int) -> bool:
    card = card_by_code(code)
    if card.kind == "kraken":
        return krakens + 1 >= KRAKENS_TO_BURST
    if card.kind == "airpocket":
        return False
    return pressure + card.pressure >= limit


def burst_chance(unseen: Mapping[str, int], pressure: int, krakens: int, limit: int) -> float:
    """Exact chance that the next card bursts the dive, every unseen card being equally likely."""
    total = sum(unseen.values())
    if total <= 0:
        return 0.0
    hits = sum(k for code, k in unseen.items() if k > 0 and _bursts_with(code, pressure,
                                                                          krakens, limit))
    return hits / total


def _step_kind(code: str) -> int:
    """Burst class of a card: its pressure dots 0-3, 4 for a kraken, 5 for an air pocket."""
    card = card_by_code(code)
    return {"kraken": 4, "airpocket": 5}.get(card.kind, card.pressure)


def burst_curve(unseen: Mapping[str, int], pressure: int, krakens: int, limit: int,
                draws: int, relief: int = AIR_POCKET_RELIEF) -> list[float]:
    """Chance of having burst within the next 1, 2, ..., ``draws`` cards (cumulative, exact).

    A dynamic programme over how many cards of each burst class (pressure dots 0-3,
    kraken, air pocket) have been drawn, and the pressure reached (an air pocket lowers
    it by ``relief``, never below 0). Draws beyond the unseen cards add nothing.
    """
    counts = [0] * 6
    for code, k in unseen.items():
        if k > 0:
            counts[_step_kind(code)] += k
    total = sum(counts)
    if pressure >= limit or krakens >= KRAKENS_TO_BURST:
        return [1.0] * draws
    classes, radix = [], 1
    for cls, n in enumerate(counts):
        if n:
            classes.append((cls, n, radix))
        radix *= n + 1
    # state key: (cards drawn per class, in mixed radix) * limit + pressure -> probability
    alive: dict[int, float] = {pressure: 1.0}
    burst, curve = 0.0, []
    for step in range(draws):
        left = total - step
        if left <= 0 or not alive:
            curve.append(burst)
            continue
        nxt: dict[int, float] = {}
        for key, prob in alive.items():
            drawn, p = divmod(key, limit)
            share = prob / left
            for cls, n, rad in classes:
                taken = (drawn // rad) % (n + 1)
                if taken == n:
                    continue
                q = share * (n - taken)
                if cls == 4:
                    if krakens + taken + 1 >= KRAKENS_TO_BURST:
                        burst += q
                        continue
                    p2 = p
                elif cls == 5:
                    p2 = max(0, p - relief)
                else:
                    p2 = p + cls
                    if p2 >= limit:
                        burst += q
                        continue
                k2 = (drawn + rad) * limit + p2
                nxt[k2] = nxt.get(k2, 0.0) + q
        alive = nxt
        curve.append(burst)
    return curve


# ---- vectorised scoring ---------------------------------------------------------
@cache
def _feature(code: str) -> tuple[int, ...] | None:
    """The pile features one card adds, or None for a card that is not a treasure."""
    card = card_by_code(code)
    f = [0] * N_FEATURES
    if card.kind == "gold":
        f[_LIN] = card.value
    elif card.kind == "gem":
        f[_LIN] = card.value
        f[_GEM + GEM_TYPES.index(card.name)] = 1
    elif card.kind == "artifact":
        f[_LIN] = card.value
        f[_ART + ARTIFACT_TYPES.index(card.name)] = 1
    elif card.kind == "map":
        f[_MAP] = 1
    elif card.kind == "cursed":
        f[_CURSED] = 1
    else:
        return None
    return tuple(f)


def treasure_codes(codes: Sequence[str]) -> list[str]:
    """The treasure cards among ``codes`` (what gets divided), in order."""
    return [c for c in codes if _feature(c) is not None]


def _np() -> Any:
    import numpy

    return numpy


def _counts(codes: Sequence[str]) -> IntArray:
    """Feature counts of a pile, shape (N_FEATURES,). Cached: do not modify the result."""
    return _counts_of(tuple(codes))


@lru_cache(maxsize=1024)
def _counts_of(codes: tuple[str, ...]) -> IntArray:
    out = [0] * N_FEATURES
    for code, k in Counter(codes).items():
        f = _feature(code)
        if f is not None:
            for i, x in enumerate(f):
                if x:
                    out[i] += k * x
    np = _np()
    return np.array(out, dtype=np.int64)  # type: ignore[no-any-return]


def _score_formula(x: IntArray) -> IntArray:
    """Scores of piles given as feature counts along the first axis (any trailing shape)."""
    np = _np()
    maps, cursed = x[_MAP], x[_CURSED]
    out: IntArray = x[_LIN] + GEM_SET_BONUS * (x[_GEM:_ART] // GEM_SET_SIZE).sum(0) \
        + ARTIFACT_PAIR_BONUS * (x[_ART:_MAP] // 2).sum(0) \
        + np.where(maps >= MAPS_FOR_BONUS, MAPS_BONUS_TOTAL, maps) \
        + np.where(cursed == CURSED_MAGIC_COUNT, CURSED_MAGIC_TOTAL, CURSED_VALUE * cursed)
    return out


@cache
def _bonus_table() -> IntArray:
    """``table[t, x]``: score of ``x`` cards of feature ``t`` alone, minus their face value.

    Row ``_LIN`` and the extra last row (for gold, which has no type feature) are zero.
    """
    np = _np()
    x = np.arange(_MAX_COUNT, dtype=np.int64)
    table = np.zeros((N_FEATURES + 1, _MAX_COUNT), dtype=np.int64)
    for t in range(_GEM, N_FEATURES):
        unit = np.zeros((N_FEATURES, 1), dtype=np.int64)
        unit[t] = 1
        table[t] = _score_formula(unit * x[None, :])
    return table  # type: ignore[no-any-return]


def _score(x: IntArray) -> IntArray:
    """Like :func:`_score_formula`; small batches look the bonuses up in a table (faster)."""
    if x[0].size > _TABLE_UP_TO:
        return _score_formula(x)
    out: IntArray = x[_LIN] + _bonus_table()[_type_rows(x.ndim), x[_GEM:]].sum(0)
    return out


@cache
def _type_rows(ndim: int) -> IntArray:
    np = _np()
    return np.arange(_GEM, N_FEATURES).reshape((-1,) + (1,) * (ndim - 1))  # type: ignore[no-any-return]


def _gain(pile: IntArray, added: IntArray) -> IntArray:
    """Score gained by a player holding ``pile`` when given ``added`` (features first)."""
    shape = (N_FEATURES,) + (1,) * (added.ndim - 1)
    base = pile.reshape(shape)
    return _score(base + added) - _score(base)


def _gains(pile: IntArray, a: IntArray, b: IntArray) -> tuple[IntArray, IntArray]:
    """``_gain`` of piles ``a`` and ``b`` (same shape) for one player; small ones in one pass."""
    if 2 * a[0].size > _TABLE_UP_TO:
        return _gain(pile, a), _gain(pile, b)
    both = _gain(pile, _np().stack([a, b], 1))
    return both[0], both[1]


def pile_gain(pile: Sequence[str], added: Sequence[str]) -> int:
    """Points a player holding ``pile`` gains when given ``added`` (set bonuses included)."""
    return int(_gain(_counts(pile), _counts(added)))


@cache
def _masks(n: int) -> tuple[IntArray, IntArray]:
    """For all 2**n masks (bit j set: card j goes to pile B): an (n, 2**n) 0/1 matrix of
    which cards stay on A, and the size of pile A. Cached; do not modify."""
    np = _np()
    masks = np.arange(1 << n, dtype=np.int64)
    # 0/1 as int8: the cached matrix for 16 cards is 0.5 MB, not 4 MB (in every kernel).
    in_a = (1 - ((masks[None, :] >> np.arange(n, dtype=np.int64)[:, None]) & 1)).astype(np.int8)
    return in_a, in_a.sum(0, dtype=np.int64)


def _pile_a_counts(feats: IntArray, n: int) -> tuple[IntArray, IntArray]:
    """Features of pile A for every mask of ``n`` cards (``feats`` shape (F, n)), and sizes of A."""
    np = _np()
    if n == 0:
        return np.zeros((N_FEATURES, 1), dtype=np.int64), np.zeros(1, dtype=np.int64)
    in_a, size_a = _masks(n)
    if n <= 8:
        return feats @ in_a, size_a
    a = np.zeros((N_FEATURES, in_a.shape[1]), dtype=np.int64)
    for j in range(n):              # a card touches at most two features: add those rows only
        for t in np.flatnonzero(feats[:, j]):
            a[t] += feats[t, j] * in_a[j]
    return a, size_a


# ---- division ------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Division:
    """The divider's best split of a row's treasures.

    ``a`` and ``b`` are the piles (card codes, row order); ``assignment`` gives the
    pile of each treasure in row order, as the divider plays them (``to:A``/``to:B``).
    ``chooser_value`` is what the owner of ``chooser_pile`` (the diver) nets, in
    points gained minus points the divider gains, when both sides play well: after
    a normal dive the diver takes the better pile; after a burst the divider does.
    ``examined`` counts the splits compared; a split and its mirror image (A and B
    swapped) are the same split, so 16 free cards give 2**15 splits.
    """

    a: list[str]
    b: list[str]
    assignment: list[str]
    chooser_value: int
    examined: int


def best_division(row: Sequence[str], chooser_pile: Sequence[str], divider_pile: Sequence[str],
                  burst: bool, prefix: Sequence[str] = ()) -> Division:
    """Exhaustive search of every split of the row's treasures (non-treasures are ignored).

    ``chooser_pile`` is the diver's treasure pile, ``divider_pile`` the divider's.
    The divider minimises the diver's net value (see :class:`Division`); after a burst
    only even splits count (sizes differ by at most 1). ``prefix`` fixes the piles
    ("A"/"B") of the first treasures, as already played. Ties go to the split with the
    lowest split number (free card j on pile B adds 2**j), so the answer is deterministic.
    """
    np = _np()
    cards = treasure_codes(row)
    n, k = len(cards), len(prefix)
    if k > n or any(p not in ("A", "B") for p in prefix):
        raise ValueError("prefix must hold at most one 'A'/'B' per treasure card")
    if n == 0:
        return Division([], [], [], 0, 1)
    if k == 0:
        prefix = ("A",)       # the piles are symmetric: the first card may as well go to A
        k = 1
    feats = np.array([_feature(c) for c in cards], dtype=np.int64).T       # (F, n)
    fixed_a = feats[:, :k][:, [i for i, p in enumerate(prefix) if p == "A"]].sum(1)
    a_free, size_free = _pile_a_counts(feats[:, k:], n - k)
    a = fixed_a[:, None] + a_free
    b = feats.sum(1)[:, None] - a
    size_a = list(prefix).count("A") + size_free
    cp, dp = _counts(chooser_pile), _counts(divider_pile)
    diver_gain_a, diver_gain_b = _gains(cp, a, b)
    divider_gain_a, divider_gain_b = _gains(dp, a, b)
    take_a = diver_gain_a - divider_gain_b      # the diver takes A, the divider gets B
    take_b = diver_gain_b - divider_gain_a
    if burst:
        value = np.minimum(take_a, take_b)  # the divider picks first
        allowed = (size_a == n // 2) | (size_a == (n + 1) // 2)
        value = np.where(allowed, value, _BIG)
        examined = int(allowed.sum())
    else:
        value = np.maximum(take_a, take_b)
        examined = int(value.size)
    if examined == 0:
        raise ValueError("no even split is left after this prefix")
    best = int(np.argmin(value))
    assignment = list(prefix) + ["B" if (best >> j) & 1 else "A" for j in range(n - k)]
    return Division(
        a=[c for c, p in zip(cards, assignment, strict=True) if p == "A"],
        b=[c for c, p in zip(cards, assignment, strict=True) if p == "B"],
        assignment=assignment, chooser_value=int(value[best]), examined=examined,
    )


def stop_value(row: Sequence[str], diver_pile: Sequence[str], divider_pile: Sequence[str],
               burst: bool = False) -> int:
    """The diver's net value (own gain - divider's gain) if the dive ends with this row."""
    return best_division(row, diver_pile, divider_pile, burst).chooser_value


@dataclass(frozen=True, slots=True)
class DiveOutlook:
    """The diver's net values (own gain - divider's gain) at a decision to draw or stop.

    ``stop``: if the dive ends now; ``draw``: expected, if exactly one more card is drawn
    and then the dive ends; ``burst``: chance that this card bursts the dive.
    """

    stop: float
    draw: float
    burst: float

    @property
    def gain(self) -> float:
        """How much drawing one more card changes the expected net value."""
        return self.draw - self.stop


def dive_outlook(row: Sequence[str], unseen: Mapping[str, int], pressure: int, krakens: int,
                 limit: int, diver_pile: Sequence[str], divider_pile: Sequence[str]) -> DiveOutlook:
    """Stop now or draw one more card? Both valued exactly with the best divisions.

    Each unseen card is equally likely. A card that bursts the dive is valued with the
    even split the divider then chooses from first; a kraken or air pocket leaves the
    treasures as they are. The splits of the current row are scored once; each possible
    next card (grouped by its scoring features) only changes one type count, so all
    next cards are searched together with a few numpy operations.
    """
    np = _np()
    cards = treasure_codes(row)
    n = len(cards)
    if n:
        feats = np.array([_feature(c) for c in cards], dtype=np.int64).T     # (F, n)
        a, size_a = _pile_a_counts(feats[:, 1:], n - 1)     # the first card stays on A
        a = a + feats[:, :1]
        size_a = size_a + 1
        b = feats.sum(1)[:, None] - a
    else:
        a = b = np.zeros((N_FEATURES, 1), dtype=np.int64)
        size_a = np.zeros(1, dtype=np.int64)
    cp, dp = _counts(diver_pile), _counts(divider_pile)
    diver_gain_a, diver_gain_b = _gains(cp, a, b)
    divider_gain_a, divider_gain_b = _gains(dp, a, b)
    # the diver's net for taking A or B
    take_a, take_b = diver_gain_a - divider_gain_b, diver_gain_b - divider_gain_a
    stop = int(np.maximum(take_a, take_b).min())

    total = expected = hits = 0.0
    groups: dict[tuple[tuple[int, ...], bool], int] = {}
    for code, k in unseen.items():
        if k <= 0:
            continue
        total += k
        feature = _feature(code)
        bursts = _bursts_with(code, pressure, krakens, limit)
        hits += k * bursts
        if feature is not None:
            groups[feature, bursts] = groups.get((feature, bursts), 0) + k
        elif bursts:        # a kraken: the same treasures, split evenly, divider first
            even = (size_a == n // 2) | (size_a == (n + 1) // 2)
            expected += k * int(np.where(even, np.minimum(take_a, take_b), _BIG).min())
        else:
            expected += k * stop
    if total == 0:
        return DiveOutlook(stop, stop, 0.0)
    if groups:
        expected += _draw_treasure(groups, n, a, b, size_a, cp, dp, diver_gain_a,
                                   diver_gain_b, divider_gain_a, divider_gain_b)
    return DiveOutlook(stop, expected / total, hits / total)


def _draw_treasure(groups: dict[tuple[tuple[int, ...], bool], int], n: int, a: IntArray,
                   b: IntArray, size_a: IntArray, cp: IntArray, dp: IntArray,
                   diver_gain_a: IntArray, diver_gain_b: IntArray, divider_gain_a: IntArray,
                   divider_gain_b: IntArray) -> float:
    """Sum over next treasure cards (grouped by features and whether they burst) of
    count x the diver's net value once that card joins the row."""
    np = _np()
    keys = list(groups)
    weight = np.array([groups[key] for key in keys], dtype=np.float64)
    bursts = np.array([key[1] for key in keys])
    face = np.array([key[0][_LIN] for key in keys], dtype=np.int64)[:, None]
    kind = np.array([next((t for t in range(_GEM, N_FEATURES) if key[0][t]), N_FEATURES)
                     for key in keys])                                       # (G,)
    table = _bonus_table()
    rows = kind[:, None]
    a_ext = np.vstack([a, np.zeros_like(a[:1])])
    b_ext = np.vstack([b, np.zeros_like(b[:1])])
    cp_ext, dp_ext = np.append(cp, 0), np.append(dp, 0)

    def extra(pile: IntArray, side: IntArray) -> IntArray:
        """Score gained by adding the next card to ``side``, beyond its face value: (G, M)."""
        x = pile[kind][:, None] + side[kind]
        gain: IntArray = table[rows, x + 1] - table[rows, x]
        return gain

    # the new card on A: the diver nets on_a_va by taking A, on_a_vb by taking B; and on B
    on_a_va = diver_gain_a + face + extra(cp_ext, a_ext) - divider_gain_b
    on_a_vb = diver_gain_b - divider_gain_a - face - extra(dp_ext, a_ext)
    on_b_va = diver_gain_a - divider_gain_b - face - extra(dp_ext, b_ext)
    on_b_vb = diver_gain_b + face + extra(cp_ext, b_ext) - divider_gain_a
    normal = np.minimum(np.maximum(on_a_va, on_a_vb).min(1),
                        np.maximum(on_b_va, on_b_vb).min(1))
    value = normal.astype(np.float64)
    if bursts.any():
        m = n + 1
        even_a = ((size_a + 1) == m // 2) | ((size_a + 1) == (m + 1) // 2)
        even_b = (size_a == m // 2) | (size_a == (m + 1) // 2)
        burst_v = np.minimum(np.where(even_a, np.minimum(on_a_va, on_a_vb), _BIG).min(1),
                             np.where(even_b, np.minimum(on_b_va, on_b_vb), _BIG).min(1))
        value = np.where(bursts, burst_v, value)
    return float((weight * value).sum())


def draw_value(row: Sequence[str], unseen: Mapping[str, int], pressure: int, krakens: int,
               limit: int, diver_pile: Sequence[str], divider_pile: Sequence[str]) -> float:
    """The diver's expected net value if they draw exactly one more card and then stop."""
    return dive_outlook(row, unseen, pressure, krakens, limit, diver_pile, divider_pile).draw


def expected_gain(row: Sequence[str], unseen: Mapping[str, int], pressure: int, krakens: int,
                  limit: int, diver_pile: Sequence[str], divider_pile: Sequence[str]) -> float:
    """How much drawing one more card (then stopping) changes the diver's expected net value."""
    return dive_outlook(row, unseen, pressure, krakens, limit, diver_pile, divider_pile).gain
