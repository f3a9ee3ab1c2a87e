"""Words a learner reads: no "Ann (you)'s", one word for the engine in Dutch, a Dutch map
card that is not simply "Kaart" (card), no "only 1 are left"."""

from __future__ import annotations

import re

import pytest

import treasurekit as tk
from treasurekit.core.i18n import catalog, tr

GAMES = sorted(tk.GAMES)
SEATS = re.compile(r"\{(player|owner|victim|heart|diver|starter|winner)\}'s")


def _texts(lang: str, namespace: str) -> dict[str, str]:
    """Every form of every message of a namespace (plural forms too)."""
    out = {}
    for key, value in catalog(lang, namespace).items():
        forms = value.values() if isinstance(value, dict) else [value]
        for i, form in enumerate(forms):
            out[f"{key}#{i}"] = form
    return out


@pytest.mark.parametrize("game", GAMES)
def test_no_possessive_of_a_seat_name(game: str) -> None:
    """The learner's seat is "Ann (you)": "Ann (you)'s dive" must never be built."""
    bad = {k: v for k, v in _texts("en", game).items() if SEATS.search(v)}
    assert bad == {}


@pytest.mark.parametrize("namespace", [*GAMES, "widgets", "learner", "core"])
def test_dutch_says_spelcomputer_never_engine(namespace: str) -> None:
    """One Dutch word for the engine in the apps (the notebooks' prose is apart)."""
    bad = {k: v for k, v in _texts("nl", namespace).items()
           if re.search(r"\bengine\b", v, re.I) and not k.startswith("notebook")}
    assert bad == {}


def test_dutch_map_card_is_not_just_card() -> None:
    name = tr("diving_bell.card.map", "nl")
    assert name.lower() != "kaart" and name.lower().endswith("kaart")
    assert tr("diving_bell.kind.map", "nl").lower() != "kaarten"


def test_earning_short_reads_for_one_card() -> None:
    text = tr("sea_or_shore.event.earn_short", "en", player="Ann", colour="red", cards=3,
              earned=1)
    assert "1 are" not in text
