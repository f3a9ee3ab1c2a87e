"""Share this table: code, link and QR; ``?position=`` opens the table; a bad code says
why and changes nothing; any game or code loaded and reviewed step by step."""

from __future__ import annotations

import re
from html import escape, unescape
from urllib.parse import parse_qs, urlsplit

import pytest

import treasurekit as tk
from treasurekit.core.i18n import tr
from treasurekit.widgets.share import app_address, qr_svg, share_query

from .teacher_helpers import APPS, editor, key, palette_click, teacher
from .ui import App, click, find, one, texts


def _link(app: App) -> str:
    html = one(teacher(app), "tk-share").body.value
    (href,) = re.findall(r'class="tk-share-link" href="([^"]+)"', html)
    return unescape(href)


@pytest.mark.parametrize("name", APPS)
def test_share_panel_round_trips_the_table(name: str) -> None:
    app = App(name, "nl")
    ed = editor(app)
    field = next(f for f in ed.fields if f.kind == "cards")
    palette_click(ed, field.path, field.choices[-1])
    if ed.error:                                  # the engine refused: share the last good one
        one(ed, "tk-field-" + "-".join(map(str, field.path)).lower()).children[-1].click()
    share = one(teacher(app), "tk-share")
    assert share.code == tk.share_code(ed.game)
    assert one(share, "tk-share-code").value == share.code
    assert tk.load_share_code(share.code).to_json() == ed.game.to_json()
    query = parse_qs(urlsplit(_link(app)).query)
    assert query == {"position": [share.code], "lang": ["nl"]}
    assert "<svg" in share.body.value and "tk-qr" in share.body.value


def test_qr_code_is_inline_svg_of_the_link() -> None:
    svg = qr_svg("http://127.0.0.1:8866/voila/render/diving_bell.ipynb?position=tk1.x", "QR")
    assert svg.startswith("<svg") and "http" not in svg.split(">", 1)[0].replace(
        'xmlns="http://www.w3.org/2000/svg"', "")
    assert "<title>QR</title>" in svg
    assert share_query("tk1.ab-_", "en") == "?position=tk1.ab-_&lang=en"


def test_the_link_is_the_app_address_the_browser_used(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SERVER_NAME", "192.168.1.20")
    monkeypatch.setenv("SERVER_PORT", "8866")
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/sea_or_shore.ipynb")
    assert app_address() == "http://192.168.1.20:8866/voila/render/sea_or_shore.ipynb"
    app = App("sea_or_shore")
    share = one(teacher(app), "tk-share")
    assert share.link.startswith("http://192.168.1.20:8866/voila/render/sea_or_shore.ipynb"
                                 "?position=tk1.")
    assert f"<code>{escape(share.link)}</code>" in share.body.value   # under the QR code
    assert _link(app).startswith("?position=tk1.")               # the page's own address
    monkeypatch.setenv("SERVER_PORT", "443")
    assert app_address() == "https://192.168.1.20/voila/render/sea_or_shore.ipynb"
    monkeypatch.delenv("SERVER_NAME")
    assert app_address() == ""


@pytest.mark.parametrize("name", APPS)
def test_position_in_the_url_opens_the_same_table(name: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    teacher_app = App(name)
    ed = editor(teacher_app)
    field = [f for f in ed.fields if f.kind == "cards"][-1]
    palette_click(ed, field.path, field.choices[0])
    assert ed.error is None, ed.error
    code = one(teacher(teacher_app), "tk-share").code
    monkeypatch.setenv("QUERY_STRING", f"position={code}&lang=en")
    student = App(name)
    selected = student.tabs.children[student.tabs.selected_index]
    assert find(selected, "tk-teacher"), "the app opens on the shared table"
    mine = editor(student)
    assert mine.desc == ed.desc
    assert mine.table.value == ed.table.value
    assert tr("teacher.load.opened", "en") in texts(student.root)


@pytest.mark.parametrize("code", ["tk1.!!", "tk1.eJw", "nonsense", "tk1." + "A" * 20000])
def test_a_bad_code_in_the_url_says_why_and_the_app_works(code: str,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUERY_STRING", f"position={code}&lang=nl")
    app = App("diving_bell", "nl")
    notice = one(app.root, "tk-shared-notice").value
    with pytest.raises(tk.InvalidSave) as err:
        tk.load_share_code(code)
    assert "tk-shared-error" in notice and unescape(notice).count(err.value.text("nl")) == 1
    app.switch()                                    # told again in the new language
    assert unescape(one(app.root, "tk-shared-notice").value).count(str(err.value)) == 1
    app.switch()
    assert app.tabs.selected_index in (0, None)
    lesson = one(app.open_tab("tk-lesson"), "tk-lesson")
    click(one(lesson, "tk-next"))                   # the app is otherwise as usual
    assert lesson.index == 1


def test_a_code_of_another_game_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    code = tk.share_code(tk.new_game("captain_lucky", players=3, seed=4))
    monkeypatch.setenv("QUERY_STRING", f"position={code}")
    app = App("diving_bell")
    notice = one(app.root, "tk-shared-notice").value
    assert tr("captain_lucky.title", "en") in unescape(notice)


@pytest.mark.parametrize("name", APPS)
def test_load_a_game_and_review_it_forward_and_back(name: str) -> None:
    import random

    g = tk.new_game(name, players=tk.core.game_class(name).min_players + 1 if name
                    == "sea_or_shore" else 2, seed=3)
    rng = random.Random(3)
    decisions = 0
    while not g.is_over and decisions < 8:
        if g.is_chance:
            g.deal()
        else:
            g.play(rng.choice(g.legal_moves()))
            decisions += 1
    app = App(name)
    panel = teacher(app)
    for text in ("tk1.broken", '{"format": "x"}'):      # refused: nothing changes
        panel.code.value = text
        click(one(panel, "tk-review-load"))
        assert "tk-bad" in panel.message.value
        assert panel.review.game is None
    for text in (tk.share_code(g), g.to_json()):
        panel.code.value = text
        click(one(panel, "tk-review-load"))
        review = one(panel, "tk-review")
        assert review.index == 0 and len(review.stops) > 2
        click(one(review, "tk-review-forward"))
        click(one(review, "tk-review-forward"))
        assert review.index == 2
        assert "§" in review.narrator.value          # the events with their rules and reasons
        click(one(review, "tk-review-back"))
        assert review.index == 1
        click(one(review, "tk-review-last"))
        assert review.game.to_json() == g.to_json()
    assert one(panel, "tk-share").code == tk.share_code(g)


def test_share_the_game_of_the_play_tab() -> None:
    app = App("diving_bell")
    play = one(app.open_tab("tk-play"), "tk-play")
    play.human_move(play.game.legal_moves()[0])
    panel = teacher(app)
    click(one(panel, "tk-share-game"))
    assert tk.load_share_code(one(panel, "tk-share").code).to_json() == play.game.to_json()


def test_a_shared_game_with_moves_opens_in_the_review(monkeypatch: pytest.MonkeyPatch) -> None:
    g = tk.new_game("diving_bell", players=2, seed=11)
    while len(g.history) < 12 and not g.is_over:
        g.deal() if g.is_chance else g.play(g.legal_moves()[-1])
    monkeypatch.setenv("QUERY_STRING", f"present=1&position={tk.share_code(g)}&lang=nl")
    app = App("diving_bell", "nl")
    panel = teacher(app)
    review = one(panel, "tk-review")
    assert review.game is not None and review.index == 0
    assert app.root.presenter.on
    key(app, "ArrowRight")                       # the presenter's keys step the review
    assert review.index == 1
    key(app, "Home")
    assert review.index == 0
