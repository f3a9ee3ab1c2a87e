"""Share this table: code, link and QR; ``?position=`` opens the table; a bad code says
why and changes nothing; any game or code loaded and reviewed step by step."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import escape, unescape
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

import treasurekit as tk
from treasurekit.addresses import PUBLIC_URL_ENV, public_root
from treasurekit.core.i18n import tr
from treasurekit.widgets import notebook, viewer
from treasurekit.widgets import share as share_module
from treasurekit.widgets.share import app_address, qr_svg, share_query

from . import ui
from .teacher_helpers import APPS, editor, key, palette_click, teacher
from .ui import App, click, find, one


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
    monkeypatch.delenv(PUBLIC_URL_ENV, raising=False)
    monkeypatch.setenv("SERVER_NAME", "192.168.1.20")
    monkeypatch.setenv("SERVER_PORT", "8866")
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/sea_or_shore.ipynb")
    assert app_address() == "http://192.168.1.20:8866/voila/render/sea_or_shore.ipynb"
    app = App("sea_or_shore")
    share = one(teacher(app), "tk-share")
    assert share.link.startswith("http://192.168.1.20:8866/voila/render/sea_or_shore.ipynb"
                                 "?position=tk2.")
    assert f"<code>{escape(share.link)}</code>" in share.body.value   # under the QR code
    assert _link(app).startswith("?position=tk2.")               # the page's own address
    assert not find(app.root, "tk-share-loopback") and "tk-share-loopback" not in \
        share.body.value
    monkeypatch.setenv("SERVER_PORT", "443")
    assert app_address() == "https://192.168.1.20/voila/render/sea_or_shore.ipynb"
    monkeypatch.delenv("SERVER_NAME")
    assert app_address() == ""


def test_the_link_is_the_address_the_server_was_told(monkeypatch: pytest.MonkeyPatch) -> None:
    """The teacher's browser on localhost, the server told its public address (the LAN
    address it found, or PUBLIC_URL): the link and its QR code use the public address."""
    monkeypatch.setenv("SERVER_NAME", "127.0.0.1")
    monkeypatch.setenv("SERVER_PORT", "8866")
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/diving_bell.ipynb")
    monkeypatch.setenv(PUBLIC_URL_ENV, "http://192.0.2.10:8866")
    app = App("diving_bell")
    share = one(teacher(app), "tk-share")
    click(one(teacher(app), "tk-share-game"))
    assert urlsplit(share.link).netloc == "192.0.2.10:8866"
    assert share.link.startswith("http://192.0.2.10:8866/voila/render/diving_bell.ipynb?")
    assert "tk-share-loopback" not in share.body.value
    # behind a proxy with a path prefix
    monkeypatch.setenv(PUBLIC_URL_ENV, "https://games.example.org/class/")
    assert app_address() == "https://games.example.org/class/voila/render/diving_bell.ipynb"


def test_a_server_on_all_interfaces_is_never_linked_as_0_0_0_0(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(PUBLIC_URL_ENV, raising=False)
    monkeypatch.setenv("SERVER_NAME", "0.0.0.0")
    monkeypatch.setenv("SERVER_PORT", "8866")
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/diving_bell.ipynb")
    monkeypatch.setattr(share_module, "lan_address", lambda: "192.0.2.7")
    assert app_address() == "http://192.0.2.7:8866/voila/render/diving_bell.ipynb"
    monkeypatch.setattr(share_module, "lan_address", lambda: None)   # no network at all
    assert app_address() == ""
    assert public_root("0.0.0.0", 8866, lan="192.0.2.7") == ("http://192.0.2.7:8866", False)
    assert "0.0.0.0" not in public_root("0.0.0.0", 8866, lan="")[0]


@pytest.mark.parametrize("public", ["", "http://127.0.0.1:8866", "http://localhost:8866"])
def test_a_link_only_this_machine_opens_says_so_and_how_to_serve_the_class(
        public: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(PUBLIC_URL_ENV, public)
    monkeypatch.setenv("SERVER_NAME", "127.0.0.1")
    monkeypatch.setenv("SERVER_PORT", "8866")
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/diving_bell.ipynb")
    app = App("diving_bell", "nl")
    panel = teacher(app)
    click(one(panel, "tk-share-game"))
    body = unescape(one(panel, "tk-share").body.value)
    assert "tk-share-loopback" in body and tr("teacher.share.loopback", "nl") in body
    assert "make serve-class HOST=0.0.0.0" in tr("teacher.share.loopback", "nl")
    app.switch()
    body = unescape(one(panel, "tk-share").body.value)
    assert tr("teacher.share.loopback", "en") in body
    assert "make serve-class HOST=0.0.0.0" in tr("teacher.share.loopback", "en")


def _shared_table(name: str) -> tuple[str, Any]:
    """A table built in a teacher's app, and its share code."""
    teacher_app = App(name)
    ed = editor(teacher_app)
    field = [f for f in ed.fields if f.kind == "cards"][-1]
    palette_click(ed, field.path, field.choices[0])
    assert ed.error is None, ed.error
    return one(teacher(teacher_app), "tk-share").code, ed


def _lands_on_the_table(student: App, code: str, ed: Any) -> None:
    """A student's app opened from a shared link: the Play tab, on the shared table; the
    teacher's builder holds it too, a tab away."""
    selected = student.tabs.children[student.tabs.selected_index]
    play = find(selected, "tk-play")
    assert play, "the app opens on the Play tab"
    assert play[0].game.to_json() == tk.load_share_code(code).to_json()
    assert not find(selected, "tk-editor")
    mine = editor(student)
    assert mine.desc == ed.desc
    if student.lang.code == "en":                 # (the teacher's app is in English)
        assert mine.table.value == ed.table.value


@pytest.mark.parametrize("name", APPS)
def test_position_in_the_url_opens_the_same_table(name: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    code, ed = _shared_table(name)
    monkeypatch.setenv("QUERY_STRING", f"position={code}&lang=en")
    student = App(name)
    _lands_on_the_table(student, code, ed)


@pytest.fixture()
def pool_kernel(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A kernel of Voila's preheated pool: the app is built with no query; the viewer's
    request arrives later (as ``viewer._arrived`` gets it from Voila)."""
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("QUERY_STRING", "")
    monkeypatch.setattr(viewer, "_wait_for_viewer", lambda: None)
    monkeypatch.setattr(viewer, "_state", {"waiting": False, "arrived": False})
    monkeypatch.setattr(viewer, "_listeners", [])
    yield


def test_a_pool_kernel_follows_the_viewers_query(pool_kernel: None,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """?position=, ?present= and ?lang= that reach a pool kernel after its app was built
    do what they do without the pool."""
    code, ed = _shared_table("diving_bell")
    app_language = notebook.app_language
    monkeypatch.setattr(notebook, "_LANGUAGE", None)
    lang = app_language()
    app = App.__new__(App)
    app.name, app.lang = "diving_bell", lang
    app.root = ui.app_maker("diving_bell")(lang)
    (app.tabs,) = find(app.root, "tk-tabs")
    assert lang.code == "en" and not app.root.presenter.on
    viewer._arrived({"QUERY_STRING": f"position={code}&present=1&lang=nl",
                     "SCRIPT_NAME": "/voila/render/diving_bell.ipynb"})
    assert lang.code == "nl"
    assert app.root.presenter.on
    _lands_on_the_table(app, code, ed)


def test_a_bad_code_reaching_a_pool_kernel_says_why(pool_kernel: None) -> None:
    app = App("diving_bell", "nl")
    assert not unescape(one(app.root, "tk-shared-notice").value)
    viewer._arrived({"QUERY_STRING": "position=tk2.broken&lang=nl"})
    with pytest.raises(tk.InvalidSave) as err:
        tk.load_share_code("tk2.broken")
    notice = unescape(one(app.root, "tk-shared-notice").value)
    assert "tk-shared-error" in notice and err.value.text("nl") in notice


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


def test_a_shared_finished_game_opens_in_the_play_tabs_review(
        monkeypatch: pytest.MonkeyPatch) -> None:
    g = tk.new_game("diving_bell", players=2, seed=5)
    while not g.is_over:
        g.deal() if g.is_chance else g.play(g.legal_moves()[0])
    monkeypatch.setenv("QUERY_STRING", f"present=1&position={tk.share_code(g)}")
    app = App("diving_bell")
    play = one(app.tabs.children[app.tabs.selected_index], "tk-play")
    review = one(play, "tk-review")
    assert play.game.to_json() == g.to_json() and review.index == 0
    key(app, "ArrowRight")                       # the presenter's keys step the review
    assert review.index == 1


def test_show_qr_full_screen_in_presenter_mode(monkeypatch: pytest.MonkeyPatch) -> None:
    """"Show QR full screen": the link (the page's, then the shared table's) as a QR code
    filling the screen, the link in words under it; Escape or the button closes it."""
    monkeypatch.setenv("SERVER_NAME", "127.0.0.1")
    monkeypatch.setenv("SERVER_PORT", "8866")
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/diving_bell.ipynb")
    monkeypatch.setenv(PUBLIC_URL_ENV, "http://192.0.2.10:8866")
    monkeypatch.setenv("QUERY_STRING", "present=1")
    app = App("diving_bell", "nl")
    screen = find(app.root, "tk-qr-screen", visible_only=False)[0]
    assert not find(app.root, "tk-qr-screen")
    click(one(app.root, "tk-present-qr"))
    assert one(app.root, "tk-qr-screen") is screen
    page = "http://192.0.2.10:8866/voila/render/diving_bell.ipynb?lang=nl"
    assert 'class="tk-qr tk-qr-big"' in screen.body.value and "viewBox" in screen.body.value
    assert f'<p class="tk-qr-link">{escape(page)}</p>' in screen.body.value
    assert "tk-share-loopback" not in screen.body.value
    key(app, "Escape")
    assert not find(app.root, "tk-qr-screen")
    panel = teacher(app)
    click(one(panel, "tk-share-game"))
    key(app, "q")
    link = one(panel, "tk-share").link
    assert link.startswith("http://192.0.2.10:8866/") and "position=tk2." in link
    assert escape(link) in screen.body.value
    app.switch()                                   # the link follows the language
    assert "lang=en" in unescape(screen.body.value)
    assert one(screen, "tk-qr-close").description == tr("teacher.qr.close", "en")
    click(one(screen, "tk-qr-close"))
    assert not find(app.root, "tk-qr-screen")
