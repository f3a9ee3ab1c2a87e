"""Smoke test of the JupyterHub recipe (``make test-hub``, not part of ``make test``).

JupyterHub runs ``jupyterhub_config.py`` next to this file on a free loopback port,
with a dummy authenticator and the simple local process spawner (learners need no
Unix account), the class service on another free port and a temporary SQLite file.
Two learners log in through the hub in headless Chromium; each lands on the Voila
landing page, opens the Diving Bell app and uses it; closing the tab frees that
learner's kernel; the idle culler and the class service run as hub services. Then a
live class across three servers: the teacher's projector (``?present=1``) starts a
class, the two learners join it with its code from their own servers, the teacher's
lesson question is answered on both, the projector counts 2 of 2 without a click, R
reveals, and each learner is told whether they were right.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from playwright.sync_api import expect  # noqa: E402

from tests.browser import harness  # noqa: E402
from tests.browser.screens import press  # noqa: E402
from treasurekit.core.i18n import tr  # noqa: E402
from treasurekit.core.teaching import lesson_of  # noqa: E402

PROXY = os.environ.get("TK_CHP", str(ROOT / ".venv" / "node" / "node_modules" / ".bin"
                                     / "configurable-http-proxy"))
USERS = ("ann", "bob")
TEACHER = "tess"
#: the learners' nicknames in the live class (not a player name of the game)
NICKNAMES = ("Kiki", "Zed")
CLASS_SERVICE = "treasurekit-class"
PASSWORD = secrets.token_hex(8)
TOKEN = secrets.token_hex(16)


def _api(base: str, path: str) -> Any:
    req = urllib.request.Request(base + path, headers={"Authorization": f"token {TOKEN}"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.loads(resp.read() or b"null")


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[harness.Server]:
    if not (shutil.which(PROXY) or Path(PROXY).exists()):
        pytest.fail(f"configurable-http-proxy not found at {PROXY} (make install-hub)")
    work = tmp_path_factory.mktemp("hub")
    port, hub_port, proxy_port = harness.free_port(), harness.free_port(), harness.free_port()
    # the class service (jupyterhub_config.py reads these when the hub loads it)
    os.environ["TK_CLASS_SERVICE_PORT"] = str(harness.free_port())
    os.environ["TK_CLASS_DATA_DIR"] = str(work / "classes")
    config = work / "smoke_config.py"
    config.write_text(f"""
load_subconfig({str(HERE / "jupyterhub_config.py")!r})
c.JupyterHub.bind_url = "http://127.0.0.1:{port}"
c.JupyterHub.hub_bind_url = "http://127.0.0.1:{hub_port}"
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{proxy_port}"
c.ConfigurableHTTPProxy.command = [{PROXY!r}]
c.ConfigurableHTTPProxy.pid_file = {str(work / 'jupyterhub-proxy.pid')!r}
c.JupyterHub.db_url = "sqlite:///{work / 'hub.sqlite'}"
c.JupyterHub.cookie_secret_file = {str(work / 'cookie_secret')!r}
c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = {PASSWORD!r}
c.Authenticator.allow_all = True
c.JupyterHub.spawner_class = "simple"
if {os.getuid() == 0!r}:   # CI runs as root: the single-user server must be told it may
    c.Spawner.args.append("--allow-root")
c.SimpleLocalProcessSpawner.home_dir_template = {str(work / 'home' / '{username}')!r}
c.JupyterHub.services.append({{"name": "smoke-test", "api_token": {TOKEN!r}}})
c.JupyterHub.load_roles.append({{"name": "smoke-test", "services": ["smoke-test"],
    "scopes": ["admin:users", "admin:servers", "access:servers", "list:services",
               "read:services", "list:users"]}})
""")
    argv = [sys.executable, "-m", "jupyterhub", "-f", str(config)]
    old = os.getcwd()
    os.chdir(work)                      # the hub's pid and state files stay in work/
    try:
        server = harness._start("jupyterhub", argv, port, "/hub/api", timeout=90)
    finally:
        os.chdir(old)
    # The proxy answers 404 until the hub has registered its routes.
    deadline = time.monotonic() + 90
    while True:
        try:
            _api(server.base_url, "/hub/api")
            break
        except OSError:
            if time.monotonic() > deadline:
                server.stop()
                raise
            time.sleep(0.5)
    yield server
    for user in (*USERS, TEACHER):      # stop the users' servers before the hub
        try:
            req = urllib.request.Request(f"{server.base_url}/hub/api/users/{user}/server",
                                         method="DELETE",
                                         headers={"Authorization": f"token {TOKEN}"})
            urllib.request.urlopen(req, timeout=30).close()
        except OSError:
            pass
    server.stop()


def log_in(hub: harness.Server, page: Any, watch: harness.Watch, user: str) -> None:
    """``user`` signs in to the hub and lands on their own server's landing page."""
    page.goto(f"{hub.base_url}/hub/login", timeout=60_000)
    page.fill("input[name=username]", user)
    page.fill("input[name=password]", PASSWORD)
    page.click("input[type=submit], button[type=submit]")
    # The spawner's default URL: the Voila landing page, inside this user's server.
    try:
        page.wait_for_url(f"**/user/{user}/voila/render/index.ipynb*",
                          wait_until="commit", timeout=120_000)
    except Exception as err:
        raise AssertionError(f"{user} stuck at {page.url}: "
                             f"{page.locator('body').inner_text()[:500]!r}\n"
                             f"{hub.log(3000)}") from err
    harness.wait_for_app(page, watch)


def test_two_learners_use_the_app_through_the_hub(hub: harness.Server, browser: Any) -> None:
    services = _api(hub.base_url, "/hub/api/services")                # {name: model}
    assert "idle-culler" in services and CLASS_SERVICE in services
    for user in USERS:
        context, page, watch = harness.new_page(browser)
        try:
            log_in(hub, page, watch, user)
            harness.assert_page_ok(page, watch)
            page.locator("a.tk-game-link").first.click()
            page.wait_for_url(f"**/user/{user}/voila/render/diving_bell.ipynb*",
                              wait_until="commit")
            harness.wait_for_app(page, watch)
            harness.click(page, watch, page.locator(".tk-language button").last)
            assert page.locator(".tk-language button.mod-active").inner_text() == "Nederlands"
            harness.assert_page_ok(page, watch)
            # Voila's settings apply inside the hub too: the treasurekit template.
            assert page.locator("#tk-serving-messages").count() == 1
            kernel_id = page.evaluate(
                "JSON.parse(document.getElementById('jupyter-config-data').textContent)"
                ".kernelId")
            kernels = {k["id"] for k in _api(hub.base_url, f"/user/{user}/api/kernels")}
            assert kernel_id in kernels
            page.close(run_before_unload=True)
            deadline = time.monotonic() + 15
            while kernel_id in {k["id"] for k in _api(hub.base_url,
                                                      f"/user/{user}/api/kernels")}:
                assert time.monotonic() < deadline, "closing the tab did not free the kernel"
                time.sleep(0.5)
        finally:
            context.close()
    users = {u["name"]: u for u in _api(hub.base_url, "/hub/api/users")}
    assert all(users[u]["servers"] for u in USERS)


def test_a_live_class_across_three_servers(hub: harness.Server, browser: Any) -> None:
    """The teacher and two learners, each on their own single-user server, one class in
    the class service; each page visited once."""
    game = "diving_bell"
    step = lesson_of(game)[0]
    options = step.choices(step.start("en"))
    right = next(i for i, c in enumerate(options) if c.correct)
    wrong = next(i for i, c in enumerate(options) if not c.correct)
    contexts = []
    try:
        context, teacher, watch = harness.new_page(browser)
        contexts.append(context)
        log_in(hub, teacher, watch, TEACHER)
        harness.open_app(teacher, watch,
                         f"{hub.base_url}/user/{TEACHER}/voila/render/{game}.ipynb?present=1")
        harness.click(teacher, watch, teacher.locator(".tk-live-start"))
        code = teacher.locator(".tk-live-code").inner_text().strip()
        assert re.fullmatch(r"[A-Z2-9]{6}", code), (code, teacher.locator("body")
                                                     .inner_text()[:500])
        phones = []
        for user, lang, name in zip(USERS, ("en", "nl"), NICKNAMES, strict=True):
            context, page, pw = harness.phone_page(browser)
            contexts.append(context)
            phones.append((page, pw, lang))
            log_in(hub, page, pw, user)                 # the learner's own server
            harness.open_app(page, pw, f"{hub.base_url}/user/{user}/voila/render/"
                                       f"{game}.ipynb?join={code}&lang={lang}")
            page.locator(".tk-live-nickname input").fill(name)
            harness.tap(page, pw, page.locator(".tk-live-join"))
            expect(page.locator(".tk-live-me")).to_contain_text(name)
            expect(page.locator(".tk-lesson .tk-choice")).to_have_count(len(options))
        count = teacher.locator(".tk-live-count")
        expect(count).to_contain_text(tr("classroom.live.answered", "en", n=0, students=2))
        for (page, pw, _lang), pick in zip(phones, (right, wrong), strict=True):
            harness.tap(page, pw, page.locator(".tk-lesson .tk-choice").nth(pick))
        # the projector counts without a click, its kernel asking the class service
        expect(count).to_contain_text(tr("classroom.live.answered", "en", n=2, students=2),
                                      timeout=5000)
        teacher.set_viewport_size({"width": 1280, "height": 720})
        teacher.mouse.click(1270, 710)                    # the keys back to the app
        press(teacher, watch, "r")
        expect(teacher.locator(".tk-live-chart .tk-live-bar")).to_have_count(len(options))
        (ann, _w, ann_lang), (bob, _pw, bob_lang) = phones
        expect(ann.locator(".tk-live-status")).to_have_text(
            tr("classroom.live.was_right", ann_lang), timeout=5000)
        expect(bob.locator(".tk-live-status")).to_have_text(tr(
            "classroom.live.was_wrong", bob_lang,
            answer=step.choices(step.start(bob_lang))[right].label.text(bob_lang)),
            timeout=5000)
        assert NICKNAMES[1] not in ann.locator("body").inner_text()   # nobody else's name
        for page, pw in [(teacher, watch), *((p, w) for p, w, _l in phones)]:
            harness.assert_page_ok(page, pw)
    finally:
        for context in contexts:
            context.close()
