"""The class service (issue 25, a school's JupyterHub): its JSON API on a temporary store
(SQLite, and PostgreSQL where it is installed: the ``where`` fixture), reached through
``RemoteClassStore`` as a kernel reaches it, the hub's authentication replaced by a dict
(``running.serving``). Refusals come back as the store's own ClassError; hostile
requests get a JSON error and store nothing."""

from __future__ import annotations

import csv
import io
import json
import os
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from treasurekit.classroom import ClassError, ClassStore, Item, Mine
from treasurekit.classroom.remote import RemoteClassStore
from treasurekit.classroom.service import BODY_MAX, READ_MAX
from treasurekit.classroom.store import JOIN_TRIES, SHORT_LENGTH, short_id
from treasurekit.core.share import MAX_CODE_CHARS

from .running import serving
from .test_store import QUESTION, SHARED, refused, shared_rows

#: the hub's view: each single-user server's API token and its user
TOKENS = {"token-of-tess": "tess", "token-of-ann": "ann", "token-of-bob": "bob",
          "token-of-eve": "eve"}


@pytest.fixture
def service(where: str) -> Iterator[tuple[ClassStore, str]]:
    store = ClassStore(where)
    with serving(store, TOKENS) as url:
        yield store, url


def remote(url: str, user: str) -> RemoteClassStore:
    # (a generous timeout: `make test` runs these at nice 19 beside the browser tests)
    return RemoteClassStore(url, f"token-of-{user}", timeout=30)


def post(url: str, operation: str, body: bytes, token: str | None = "token-of-ann",
         ) -> tuple[int, Any]:
    """A raw request: its status and its JSON answer."""
    headers = {"Content-Type": "application/json"}
    if token is not None:
        headers["Authorization"] = f"token {token}"
    request = urllib.request.Request(f"{url}api/{operation}", data=body, method="POST",
                                     headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as err:
        with err:
            text = err.read()
        assert b"Traceback" not in text and b"File \"" not in text
        return err.code, json.loads(text)


def test_a_lesson_through_the_service_is_the_stores_lesson(
        service: tuple[ClassStore, str]) -> None:
    store, url = service
    tess, ann, bob = remote(url, "tess"), remote(url, "ann"), remote(url, "bob")
    started = tess.start("coralia")
    assert tess.game_of(started.code.lower()) == "coralia"
    ann_token = ann.join(started.code, "Ann")
    bob_token = bob.join(started.code, " Bob ")
    assert ann.now(started.code).item_no == 0

    number = tess.show(started.code, started.teacher, QUESTION)
    shown = bob.now(started.code)
    assert shown == store.now(started.code)                    # same type, same values
    assert (shown.item_no, shown.choices, shown.answers_open) == (number, ("3", "4", "5"), True)
    ann.answer(started.code, ann_token, number, "4")
    bob.answer(started.code, bob_token, number, "3")
    tally = tess.tally(started.code, started.teacher)
    assert tally == store.tally(started.code, started.teacher)
    assert (tally.students, tally.answered, tally.counts) == (2, 2, {"3": 1, "4": 1, "5": 0})
    assert tess.who_answered(started.code, started.teacher) == {"Ann": "4", "Bob": "3"}
    tess.close(started.code, started.teacher)
    refused("late", bob.answer, started.code, bob_token, number, "4")
    tess.reveal(started.code, started.teacher)
    assert ann.mine(started.code, ann_token, number) == Mine("4", True, "4")
    assert bob.mine(started.code, bob_token, number) == Mine("3", False, "4")
    assert tess.results(started.code, started.teacher) == store.results(started.code,
                                                                        started.teacher)
    sheet = list(csv.reader(io.StringIO(tess.results_csv(started.code, started.teacher))))
    assert sheet[1][-2:] == ["4", "3"]
    assert tess.show(started.code, started.teacher, Item("lesson:coralia:2")) == number + 1


def test_the_stores_refusals_come_back_as_the_same_errors(
        service: tuple[ClassStore, str]) -> None:
    store, url = service
    tess, ann, bob = remote(url, "tess"), remote(url, "ann"), remote(url, "bob")
    started = tess.start("diving_bell")
    other = tess.start("diving_bell")
    ann_token = ann.join(started.code, "Ann")
    number = tess.show(started.code, started.teacher, QUESTION)
    err = refused("nickname", bob.join, started.code, "<script>alert(1)</script>")
    assert err.message.params == (("limit", 20),)                   # its parameters too
    refused("nickname_taken", bob.join, started.code, "Ann")
    refused("code", bob.join, "<b>", "Bob")
    refused("not_teacher", ann.reveal, started.code, ann_token)     # a student's token
    refused("not_teacher", bob.tally, started.code, other.teacher)  # another class's
    refused("not_teacher", bob.show, started.code, "forged", QUESTION)
    # another hub user holding a student token of another class, or none at all
    refused("not_student", bob.answer, other.code, ann_token, number, "4")
    refused("not_student", bob.mine, started.code, "forged", number)
    refused("choice", ann.answer, started.code, ann_token, number, "6")
    refused("late", ann.answer, started.code, ann_token, number + 1, "4")
    refused("field", tess.show, started.code, started.teacher, Item("q", tuple("abcdefg")))
    refused("field", ann.mine, started.code, ann_token, 2**40)
    assert store.tally(started.code, started.teacher).answered == 0       # nothing stored
    assert store.tally(started.code, started.teacher).students == 1
    assert store.now(started.code).item_no == number


def test_wrong_class_codes_are_counted_per_hub_user(service: tuple[ClassStore, str]) -> None:
    _store, url = service
    tess, eve, ann = remote(url, "tess"), remote(url, "eve"), remote(url, "ann")
    started = tess.start("coralia")
    wrong = next(c * 6 for c in "ABCDEFGH" if c * 6 != started.code)
    for n in range(JOIN_TRIES):
        refused("no_class", eve.join, wrong, f"Guess {n}", client="spoofed")   # not sent
    refused("slow_down", eve.game_of, started.code)
    refused("slow_down", eve.join, started.code, "Eve")
    assert ann.join(started.code, "Ann")                    # another hub user may join


@pytest.mark.parametrize(("body", "token", "status", "key"), [
    (b'{"code": "ABCDEF", "nickname": "' + b"x" * BODY_MAX + b'"}', "token-of-ann", 413,
     "too_big"),
    (b'{"code": "ABCDEF", "nickname": ', "token-of-ann", 400, "request"),     # bad JSON
    (b"\xff\xfe{}", "token-of-ann", 400, "request"),                          # not UTF-8
    (b"[" * 5000 + b"]" * 5000, "token-of-ann", 400, "request"),              # deep
    (b'["ABCDEF", "Ann"]', "token-of-ann", 400, "request"),                   # no object
    (b'{"code": "ABCDEF"}', "token-of-ann", 400, "request"),                  # one missing
    (b'{"code": "ABCDEF", "nickname": "Ann", "client": "x"}', "token-of-ann", 400,
     "request"),                                                              # one more
    (b'{"code": "ABCDEF", "nickname": "Ann"}', "forged", 403, "hub"),         # wrong token
    (b'{"code": "ABCDEF", "nickname": "Ann"}', None, 403, "hub"),             # no token
])
def test_a_hostile_request_is_refused_in_json_and_nothing_is_stored(
        service: tuple[ClassStore, str], body: bytes, token: str | None, status: int,
        key: str) -> None:
    store, url = service
    started = store.start("coralia")
    body = body.replace(b"ABCDEF", started.code.encode())
    assert post(url, "join", body, token) == (status, {"error": f"classroom.error.{key}",
                                                       "params": ({"limit": BODY_MAX}
                                                                  if key == "too_big"
                                                                  else {})})
    assert store.tally(started.code, started.teacher).students == 0
    assert post(url, "drop_tables", b"{}")[0] == 404


def test_a_shared_table_through_the_service_is_the_stores(
        service: tuple[ClassStore, str]) -> None:
    store, url = service
    tess, ann = remote(url, "tess"), remote(url, "ann")
    short = tess.share(SHARED)
    assert short == short_id(SHARED) == store.share(SHARED) == tess.share(SHARED)
    assert ann.shared(short) == SHARED == store.shared(short)     # any hub user reads it
    assert shared_rows(store) == 1
    refused("no_shared", ann.shared, "a" * SHORT_LENGTH)
    refused("short", ann.shared, "<b>")
    refused("share_code", tess.share, "tk2.broken")
    refused("share_code", tess.share, "tk2." + "A" * MAX_CODE_CHARS)
    assert shared_rows(store) == 1


@pytest.mark.parametrize(("operation", "body", "status", "key", "params"), [
    ("share", {"code": "tk2.broken"}, 400, "share_code", {"limit": MAX_CODE_CHARS}),
    ("share", {"code": "tk2." + "A" * MAX_CODE_CHARS}, 400, "share_code",
     {"limit": MAX_CODE_CHARS}),                                      # one over, still read
    ("share", {"code": "<script>"}, 400, "share_code", {"limit": MAX_CODE_CHARS}),
    ("share", {"code": 7}, 400, "share_code", {"limit": MAX_CODE_CHARS}),
    ("share", {"code": [SHARED]}, 400, "share_code", {"limit": MAX_CODE_CHARS}),
    ("share", {"code": "x" * BODY_MAX}, 413, "too_big", {"limit": BODY_MAX}),
    ("share", {}, 400, "request", {}),
    ("share", {"code": SHARED, "short": "abcdefghij"}, 400, "request", {}),   # one more
    ("share", {"code": SHARED, "now": 0}, 400, "request", {}),
    ("shared", {"short": "abcdefgh01"}, 400, "short", {"length": SHORT_LENGTH}),
    ("shared", {"short": "a" * 11}, 400, "short", {"length": SHORT_LENGTH}),
    ("shared", {"short": None}, 400, "short", {"length": SHORT_LENGTH}),
    ("shared", {"short": "'; DROP TABLE shared; --"}, 400, "short", {"length": SHORT_LENGTH}),
    ("shared", {"code": SHARED}, 400, "request", {}),
    ("shared", {"short": "abcdefghij", "code": SHARED}, 400, "request", {}),
])
def test_a_hostile_share_request_is_refused_in_json_and_nothing_is_stored(
        service: tuple[ClassStore, str], operation: str, body: dict[str, Any], status: int,
        key: str, params: dict[str, Any]) -> None:
    store, url = service
    assert post(url, operation, json.dumps(body).encode()) == (
        status, {"error": f"classroom.error.{key}", "params": params})
    assert shared_rows(store) == 0
    assert post(url, "share", json.dumps({"code": SHARED}).encode(), None)[0] == 403
    assert shared_rows(store) == 0                                  # no token: nothing kept


def test_a_body_beyond_what_is_read_is_cut_off_and_the_service_goes_on(
        service: tuple[ClassStore, str]) -> None:
    store, url = service
    started = store.start("coralia")
    body = json.dumps({"code": started.code, "nickname": "x" * (2 * READ_MAX)}).encode()
    request = urllib.request.Request(f"{url}api/join", data=body, method="POST",
                                     headers={"Authorization": "token token-of-ann"})
    with pytest.raises((urllib.error.URLError, ConnectionError)):     # Tornado's 400
        urllib.request.urlopen(request, timeout=10).close()
    refused("unavailable", remote(url, "ann").join, started.code, "x" * (2 * READ_MAX))
    assert store.tally(started.code, started.teacher).students == 0
    assert remote(url, "ann").join(started.code, "Ann")            # still serving


def test_a_failure_inside_the_service_is_told_as_unavailable_without_a_traceback(
        where: str, monkeypatch: pytest.MonkeyPatch) -> None:
    store = ClassStore(where)
    started = store.start("coralia")

    def broken(*args: object) -> None:
        raise RuntimeError("database on fire at /srv/secret/path")

    monkeypatch.setattr(store, "tally", broken)
    with serving(store, TOKENS) as url:
        status, said = post(url, "tally", json.dumps(
            {"code": started.code, "teacher": started.teacher}).encode(), "token-of-tess")
        assert (status, said) == (500, {"error": "classroom.error.unavailable", "params": {}})
        refused("unavailable", remote(url, "tess").tally, started.code, started.teacher)


def test_a_service_that_does_not_answer_is_unavailable_soon() -> None:
    import socket

    with socket.socket() as quiet:                       # listens, never answers
        quiet.bind(("127.0.0.1", 0))
        quiet.listen()
        url = f"http://127.0.0.1:{quiet.getsockname()[1]}/services/x/"
        client = RemoteClassStore(url, "token", timeout=0.5)
        began = time.monotonic()
        refused("unavailable", client.now, "ABCDEF")
        assert time.monotonic() - began < 5                       # bounded, not hanging
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    refused("unavailable", RemoteClassStore(f"http://127.0.0.1:{port}/", "t").now, "ABCDEF")


def test_the_hub_names_the_user_only_for_a_token_with_the_services_scope(
        monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("jupyterhub", reason="the hub extra is not installed")
    import asyncio
    import concurrent.futures

    from treasurekit.classroom.service import SERVICE_NAME, HubIdentify

    monkeypatch.setenv("JUPYTERHUB_SERVICE_NAME", SERVICE_NAME)
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "the-services-own-token")
    monkeypatch.setenv("JUPYTERHUB_API_URL", "http://127.0.0.1:9/hub/api")
    identify = HubIdentify()
    models = {
        "good": {"kind": "user", "name": "ann",
                 "scopes": ["users:activity!user=ann",
                            f"access:services!service={SERVICE_NAME}"]},
        "other-service": {"kind": "user", "name": "bob",
                          "scopes": ["access:services!service=another"]},
        "server-only": {"kind": "user", "name": "eve",
                        "scopes": ["access:servers!server=eve/"]},
    }

    async def user_for_token(token: str, sync: bool = True) -> dict[str, Any] | None:
        return models.get(token)

    monkeypatch.setattr(identify.auth, "user_for_token", user_for_token)
    assert os.environ["JUPYTERHUB_SERVICE_NAME"] == SERVICE_NAME
    # (on a thread of its own: ``make test-hub`` runs this after the hub's browser test,
    # whose session-wide Playwright keeps an event loop running on this one)
    with concurrent.futures.ThreadPoolExecutor(1) as thread:
        names = {t: thread.submit(asyncio.run, identify(t)).result()
                 for t in ("good", "other-service", "server-only", "unknown")}
    assert names == {"good": "user:ann", "other-service": None, "server-only": None,
                     "unknown": None}


def test_an_answer_of_another_shape_is_unavailable_not_a_crash(
        service: tuple[ClassStore, str], monkeypatch: pytest.MonkeyPatch) -> None:
    _store, url = service
    client = remote(url, "tess")
    monkeypatch.setattr(client, "_call", lambda *a, **k: {"unexpected": 1})
    for call, args in ((client.start, ("coralia",)), (client.now, ("ABCDEF",)),
                       (client.tally, ("ABCDEF", "t")), (client.mine, ("ABCDEF", "s", 1)),
                       (client.show, ("ABCDEF", "t", QUESTION)),
                       (client.share, (SHARED,)), (client.shared, ("abcdefghij",))):
        with pytest.raises(ClassError) as caught:
            call(*args)
        assert caught.value.message.key == "classroom.error.unavailable"


def test_the_service_as_the_hub_runs_it_purges_old_classes_when_it_starts(
        tmp_path: Path) -> None:
    """``python -m treasurekit.classroom.service`` with the environment the hub gives a
    managed service: it listens at its URL under its prefix, and the classes older than
    ``--keep-days`` are gone (the daily purge is the same call on a timer)."""
    pytest.importorskip("jupyterhub", reason="the hub extra is not installed")
    import subprocess
    import sys

    from tests.browser.harness import free_port
    from treasurekit.classroom.config import store_at
    from treasurekit.classroom.service import SERVICE_NAME

    old = store_at(tmp_path).start("coralia", now=0)                    # 1970
    kept = store_at(tmp_path).start("coralia")
    port = free_port()
    env = {**os.environ, "JUPYTERHUB_SERVICE_URL": f"http://127.0.0.1:{port}",
           "JUPYTERHUB_SERVICE_PREFIX": f"/services/{SERVICE_NAME}/",
           "JUPYTERHUB_SERVICE_NAME": SERVICE_NAME, "JUPYTERHUB_API_TOKEN": "service-token",
           "JUPYTERHUB_API_URL": "http://127.0.0.1:9/hub/api"}
    env.pop("TK_CLASS_DB_URL", None)
    service = subprocess.Popen(
        [sys.executable, "-m", "treasurekit.classroom.service", "--data-dir", str(tmp_path),
         "--keep-days", "1"], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/services/"
                                            f"{SERVICE_NAME}/", timeout=5) as response:
                    assert json.loads(response.read()) == {"service": SERVICE_NAME}
                    break
            except OSError:
                assert service.poll() is None and time.monotonic() < deadline
                time.sleep(0.2)
        assert list(store_at(tmp_path).codes()) == [kept.code] != [old.code]
        # a request whose token the hub cannot check: unavailable, never a traceback
        status, said = post(f"http://127.0.0.1:{port}/services/{SERVICE_NAME}/", "now",
                            json.dumps({"code": kept.code}).encode())
        assert (status, said["error"]) == (503, "classroom.error.unavailable")
    finally:
        service.terminate()
        service.wait(30)
        assert service.stdout is not None
        service.stdout.close()
