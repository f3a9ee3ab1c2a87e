"""A QR for the back row (issue 21): a share link whose QR code would be over version 10
is a short ``?s=<id>`` link when the server keeps a class store, and that link opens the
same table (from Voila's pool too); without a store, or when it fails, the long
``?position=`` link as before; an unknown id says so in the page's language."""

from __future__ import annotations

from collections.abc import Iterator
from html import escape, unescape
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

import treasurekit as tk
from treasurekit.addresses import PUBLIC_URL_ENV
from treasurekit.classroom import ClassError, ClassStore
from treasurekit.classroom.config import CLASS_DIR_ENV, CLASS_URL_ENV, class_store
from treasurekit.classroom.store import short_id
from treasurekit.core.i18n import tr
from treasurekit.core.teaching import examples_of
from treasurekit.widgets import viewer
from treasurekit.widgets.share import QR_MAX_VERSION, SharePanel, qr_version, share_query

from ..classroom.running import kernels_store
from .teacher_helpers import editor, key, teacher
from .ui import App, find, one

#: the address the issue measured: a laptop serving the class on the school's LAN
ADDRESS = "http://192.168.1.20:8866"


def served(monkeypatch: pytest.MonkeyPatch, name: str, query: str = "") -> None:
    """A page of ``name``'s app as the class opens it at :data:`ADDRESS`."""
    monkeypatch.delenv(PUBLIC_URL_ENV, raising=False)
    monkeypatch.setenv("SERVER_NAME", "192.168.1.20")
    monkeypatch.setenv("SERVER_PORT", "8866")
    monkeypatch.setenv("SCRIPT_NAME", f"/voila/render/{name}.ipynb")
    monkeypatch.setenv("QUERY_STRING", query)


@pytest.fixture(params=["file", "service"])
def store(request: pytest.FixtureRequest, tmp_path: Path,
          monkeypatch: pytest.MonkeyPatch) -> Iterator[ClassStore]:
    """The store every kernel of the server reaches: the SQLite file the server names,
    or the class service the hub names. Yields the store itself (to look inside)."""
    with kernels_store(request.param, tmp_path, monkeypatch) as kept:
        yield kept


@pytest.fixture
def no_store(monkeypatch: pytest.MonkeyPatch) -> None:
    """Plain JupyterLab (or Voila without a class store)."""
    monkeypatch.delenv(CLASS_DIR_ENV, raising=False)
    monkeypatch.delenv(CLASS_URL_ENV, raising=False)
    assert class_store() is None


def tables(name: str) -> list[tuple[str, Any]]:
    """The tables the issue names: every rulebook example's, from its start through each
    of its steps (the editor's largest table is built in the app itself)."""
    out = []
    for example in examples_of(name):
        game = example.start()
        out.append((f"{example.key} 0", tk.load_share_code(tk.share_code(game))))
        for i in range(len(example.steps)):
            example.play_step(game, i)
            out.append((f"{example.key} {i + 1}", tk.load_share_code(tk.share_code(game))))
    return out


def opens(link: str, name: str, monkeypatch: pytest.MonkeyPatch, table: Any) -> None:
    """A student's page opened at ``link`` lands on ``table`` in the Play tab."""
    split = urlsplit(link)
    assert f"{split.scheme}://{split.netloc}" == ADDRESS
    served(monkeypatch, name, split.query)
    student = App(name, "nl")
    assert not unescape(one(student.root, "tk-shared-notice").value)
    selected = student.tabs.children[student.tabs.selected_index]
    (play,) = find(selected, "tk-play")
    assert play.game.to_json() == table.to_json()


@pytest.mark.parametrize("name", sorted(tk.GAMES))
def test_every_table_of_every_game_gets_a_link_of_a_qr_code_up_to_version_10(
        name: str, store: ClassStore, monkeypatch: pytest.MonkeyPatch) -> None:
    served(monkeypatch, name)
    app = App(name, "nl")
    ed = editor(app)
    ed.count.value = max(ed.count.options)          # the editor's largest starting table
    assert ed.error is None and ed.game is not None
    share = one(teacher(app), "tk-share")
    shown = [("editor", ed.game, share.link)]
    for what, table in tables(name):
        share.show(table)
        shown.append((what, table, share.link))
    page = f"{ADDRESS}/voila/render/{name}.ipynb"
    for what, table, link in shown:
        assert qr_version(link) <= QR_MAX_VERSION, (what, link)
        query = parse_qs(urlsplit(link).query)
        assert query["lang"] == ["nl"]
        long = page + share_query(tk.share_code(table), "nl")
        # short exactly when the long link's QR code is over version 10
        assert ("s" in query) == (qr_version(long) > QR_MAX_VERSION), (what, link)
        if "s" in query:                        # a short link: the store keeps the code
            assert query["s"] == [short_id(tk.share_code(table))]
            assert tk.load_share_code(store.shared(query["s"][0])).to_json() == table.to_json()
        else:
            assert tk.load_share_code(query["position"][0]).to_json() == table.to_json()
    share.show(shown[-1][1])
    assert f"<code>{escape(share.link)}</code>" in share.body.value   # the link it holds
    for _what, table, link in (shown[0], shown[-1]):
        opens(link, name, monkeypatch, table)


def _long_table() -> Any:
    """Coralia's last example played out: its long link's QR code is version 17."""
    return examples_of("coralia")[-1].run()


def test_a_short_link_is_used_only_when_the_long_ones_qr_code_is_over_version_10(
        store: ClassStore, monkeypatch: pytest.MonkeyPatch) -> None:
    served(monkeypatch, "coralia")
    share = SharePanel(App("coralia").lang, class_store())
    small = tk.new_game("coralia", players=2, seed=3)
    share.show(small)
    assert "position=tk2." in share.link and qr_version(share.link) <= QR_MAX_VERSION
    share.show(_long_table())
    assert urlsplit(share.link).query == f"s={short_id(share.code)}&lang=en"
    assert one(share, "tk-share-code").value == share.code       # the code itself, as ever


def test_without_a_store_the_long_link_is_used(no_store: None,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    served(monkeypatch, "coralia")
    app = App("coralia")
    share = one(teacher(app), "tk-share")
    share.show(_long_table())
    assert share.store is None
    assert parse_qs(urlsplit(share.link).query)["position"] == [share.code]
    assert qr_version(share.link) > QR_MAX_VERSION      # (what the short link is for)


def test_a_store_that_fails_gives_the_long_link(store: ClassStore,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    served(monkeypatch, "coralia")
    app = App("coralia")
    share = one(teacher(app), "tk-share")
    assert share.store is not None

    def broken(code: object) -> str:
        raise ClassError("classroom.error.unavailable")

    monkeypatch.setattr(share.store, "share", broken)
    share.show(_long_table())
    assert parse_qs(urlsplit(share.link).query)["position"] == [share.code]


def test_the_full_screen_qr_code_holds_the_short_link(store: ClassStore,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    served(monkeypatch, "coralia", "present=1")
    app = App("coralia", "nl")
    panel = teacher(app)
    panel.show_game(_long_table())
    key(app, "q")
    screen = one(app.root, "tk-qr-screen")
    assert screen.link == panel.share.link and "?s=" in screen.link
    assert f'<p class="tk-qr-link">{escape(screen.link)}</p>' in screen.body.value
    app.switch()                                     # the link follows the language
    assert screen.link.endswith("&lang=en") and "?s=" in screen.link


def test_a_short_link_reaching_a_pool_kernel_opens_the_table(
        store: ClassStore, monkeypatch: pytest.MonkeyPatch) -> None:
    table = _long_table()
    short = store.share(tk.share_code(table))
    served(monkeypatch, "coralia", "")
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setattr(viewer, "_wait_for_viewer", lambda: None)
    monkeypatch.setattr(viewer, "_state", {"waiting": False, "arrived": False})
    monkeypatch.setattr(viewer, "_listeners", [])
    app = App("coralia", "nl")
    viewer._arrived({"QUERY_STRING": f"s={short}&lang=nl",
                     "SCRIPT_NAME": "/voila/render/coralia.ipynb"})
    selected = app.tabs.children[app.tabs.selected_index]
    (play,) = find(selected, "tk-play")
    assert play.game.to_json() == table.to_json()


@pytest.mark.parametrize("short", ["aaaaaaaaaa", "not-an-id!", "x" * 5000])
def test_an_unknown_short_id_says_so_in_the_pages_language(
        short: str, store: ClassStore, monkeypatch: pytest.MonkeyPatch) -> None:
    served(monkeypatch, "coralia", f"s={short}&lang=nl")
    app = App("coralia", "nl")
    notice = unescape(one(app.root, "tk-shared-notice").value)
    with pytest.raises(ClassError) as err:
        store.shared(short)
    assert "tk-shared-error" in notice and err.value.text("nl") in notice
    assert tr("teacher.load.bad", "nl").split(":")[0] in notice
    app.switch()
    assert err.value.text("en") in unescape(one(app.root, "tk-shared-notice").value)


def test_a_short_link_where_no_store_is_kept_says_so(no_store: None,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    served(monkeypatch, "coralia", "s=aaaaaaaaaa&lang=nl")
    app = App("coralia", "nl")
    notice = unescape(one(app.root, "tk-shared-notice").value)
    assert tr("classroom.error.no_shared", "nl") in notice
