"""The engine's refusals are shown in the page's language, and told again in the other
language after a switch: Build & share's verdict after a click, "Load and review", a
``?position=`` code and the Play tab's save files. Every app, from the registry."""

from __future__ import annotations

from html import escape
from typing import Any

import pytest

import treasurekit as tk
from treasurekit.widgets.editor_specs import spec_for
from treasurekit.widgets.game_player import GamePlayer

from .teacher_helpers import editor, teacher
from .ui import App, one, walk

GAMES = sorted(tk.GAMES)
BUILT = [name for name in GAMES if spec_for(name) is not None]


def refusal(call: Any) -> tk.InvalidSave:
    with pytest.raises(tk.InvalidSave) as info:
        call()
    return info.value


def says(html: str, err: tk.InvalidSave, lang: str) -> bool:
    """``html`` tells ``err`` in ``lang``, and not in the other language."""
    if lang != "en" and escape(str(err)) in html:        # the English text on a Dutch page
        return False
    other = "en" if lang == "nl" else "nl"
    return escape(err.text(lang)) in html and escape(err.text(other)) not in html


@pytest.mark.parametrize("name", BUILT)
def test_build_and_share_refuses_a_table_in_dutch(name: str) -> None:
    app = App(name, "nl")
    ed = editor(app)
    bad = {**ed.desc, "phase": "nowhere"}           # every game's description has a phase
    err = refusal(lambda: tk.setup_position(name, bad))
    assert err.text("nl") != str(err)
    ed.load(bad)
    assert "tk-editor-error" in ed.verdict.value and says(ed.verdict.value, err, "nl")
    app.switch()
    assert says(ed.verdict.value, err, "en")
    app.switch()
    assert says(ed.verdict.value, err, "nl")


@pytest.mark.parametrize("name", BUILT)
def test_load_and_review_refuses_a_code_in_dutch(name: str) -> None:
    app = App(name, "nl")
    panel = teacher(app)
    for text in ("tk1.!!", '{"format": "treasurekit-save", "version": 2}', "{"):
        err = refusal(lambda text=text: tk.load_share_code(text) if text.startswith("tk1")
                      else tk.load_game(text))
        panel.open_text(text)
        assert says(panel.message.value, err, "nl"), panel.message.value
        app.switch()
        assert says(panel.message.value, err, "en")
        app.switch()


@pytest.mark.parametrize("name", GAMES)
def test_a_refused_save_file_is_told_in_dutch(name: str) -> None:
    app = App(name, "nl")
    app.open_tab("tk-files-message")
    player = next(x for x in walk(app.root) if isinstance(x, GamePlayer))
    for text in (b"\xff\xfe", '{"format": "treasurekit-save", "version": 1, "seed": true}'):
        err = refusal(lambda text=text: tk.load_game(text))
        player.files.load(text)
        assert says(player.files.message.value, err, "nl"), player.files.message.value
        app.switch()
        assert says(player.files.message.value, err, "en")
        app.switch()


def test_a_position_code_of_another_game_follows_the_language(
        monkeypatch: pytest.MonkeyPatch) -> None:
    code = tk.share_code(tk.new_game("captain_lucky", players=3, seed=4))
    monkeypatch.setenv("QUERY_STRING", f"position={code}&lang=nl")
    app = App("diving_bell", "nl")
    notice = one(app.root, "tk-shared-notice")
    assert tk.core.i18n.tr("captain_lucky.title", "nl") in notice.value
    app.switch()
    assert tk.core.i18n.tr("captain_lucky.title", "en") in notice.value


def test_diving_bell_odds_lab_tells_a_bad_row_in_dutch() -> None:
    from treasurekit.widgets.diving_bell import OddsLab, _position_game
    from treasurekit.widgets.lang import Language

    lang = Language(code="nl")
    lab = OddsLab(lang)
    lab.row.value = "gold5/3 nonsense"
    err = refusal(lambda: _position_game(["gold5/3", "nonsense"]))
    assert says(lab.out.value, err, "nl"), lab.out.value
    lang.code = "en"
    assert says(lab.out.value, err, "en")
