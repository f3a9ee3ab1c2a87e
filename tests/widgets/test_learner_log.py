"""The log "What happened, and why" reads in one direction: oldest first, newest last."""

from __future__ import annotations

import treasurekit as tk
from treasurekit.widgets.lang import Language
from treasurekit.widgets.narrator import Narrator

from .learner_helpers import text_nodes


def _lines(narrator: Narrator) -> list[str]:
    """The log's lines, without its title and the rule badges."""
    return [line for line in text_nodes(narrator.value)[1:] if not line.startswith("§")]


def test_log_reads_oldest_first_across_batches() -> None:
    game = tk.new_game("diving_bell", ["Ann", "Bob"], 3)
    lang = Language(code="en")
    narrator = Narrator(lang, limit=50)
    told = []
    for _ in range(6):
        if game.is_over:
            break
        events = game.deal() if game.is_chance else game.play(game.legal_moves()[0])
        narrator.show(events)
        told += [e.text("en", None) for e in events]
    assert len(told) >= 4
    assert _lines(narrator) == told          # in the order they happened, newest last


def test_log_box_opens_at_its_newest_line() -> None:
    narrator = Narrator(Language(code="nl"))
    # a column-reverse box shows its end first: the newest line is in sight
    assert 'class="tk-log-box"' in narrator.value
    from treasurekit.widgets.style import CSS
    assert "column-reverse" in CSS.split(".tk-log-box")[1].split("}")[0]
