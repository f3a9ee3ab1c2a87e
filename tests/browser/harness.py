"""Start Voila / JupyterLab and headless Chromium; watch pages for errors and kernel state.

Shared by the browser tests (``tests/browser``) and ``benchmarks/dashboard.py`` so the
two measure exactly the same setup. Only the standard library and Playwright are used.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
# The repo's Voila template (share/jupyter/voila/templates/treasurekit), as `make serve` finds it.
JUPYTER_PATH = str(ROOT / "share" / "jupyter")

CHROMIUM = os.environ.get("TK_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
VIEWPORT = {"width": 1280, "height": 900}

# First render runs the whole notebook in a fresh kernel: be generous.
FIRST_LOAD_MS = 60_000
ACTION_MS = 20_000


# ---- servers ------------------------------------------------------------------------
def free_port() -> int:
    """A TCP port on the loopback interface that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    """A Jupyter-type server in its own process group (so its kernels go with it)."""

    name: str
    base_url: str
    proc: subprocess.Popen[bytes]
    log_path: Path
    scratch: list[Path] = field(default_factory=list)  # removed by stop()

    def log(self, tail: int = 4000) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-tail:]
        except OSError:
            return ""

    def stop(self) -> None:
        """SIGTERM (the server shuts its kernels down), SIGKILL if it hangs; clean up."""
        if RUNNING.get(self.base_url) is self:
            del RUNNING[self.base_url]
        if self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=5)
        for path in self.scratch:
            if path.is_dir():
                shutil.rmtree(path, ignore_errors=True)
            else:
                path.unlink(missing_ok=True)


#: the servers started and not yet stopped, by base URL (to show a failing page's log)
RUNNING: dict[str, Server] = {}


def _start(name: str, argv: Sequence[str], port: int, probe: str,
           timeout: float = 60.0, scratch: Sequence[Path] = ()) -> Server:
    log = Path(tempfile.mkstemp(prefix=f"tk-{name}-", suffix=".log")[1])
    env = dict(os.environ)
    env.setdefault("PYTHONUNBUFFERED", "1")
    env["JUPYTER_PATH"] = os.pathsep.join(filter(None, [JUPYTER_PATH, env.get("JUPYTER_PATH")]))
    # Keep Jupyter's per-user state (e.g. JupyterLab workspaces) out of the user's home.
    runtime = Path(tempfile.mkdtemp(prefix=f"tk-{name}-runtime-"))
    env["JUPYTER_RUNTIME_DIR"] = str(runtime)
    with open(log, "wb") as out:
        proc = subprocess.Popen(list(argv), cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, env=env, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    server = Server(name, base, proc, log, [log, runtime, *scratch])
    RUNNING[base] = server
    deadline = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            log_text = server.log()
            server.stop()
            raise RuntimeError(f"{name} exited with {proc.returncode}:\n{log_text}")
        try:
            with urllib.request.urlopen(base + probe, timeout=5) as resp:
                if resp.status < 500:
                    return server
        except urllib.error.HTTPError as err:
            if err.code < 500:
                return server
        except OSError:
            pass
        if time.monotonic() > deadline:
            log_text = server.log()
            server.stop()
            raise RuntimeError(f"{name} did not answer within {timeout:.0f} s:\n{log_text}")
        time.sleep(0.2)


def start_voila(directory: str = "notebooks", extra: Sequence[str] = (),
                port: int | None = None, serving: Sequence[str] = (),
                ip: str = "127.0.0.1") -> Server:
    """Voila in directory mode from the repo root (so ``voila.json`` there applies), as
    ``make serve`` starts it (``python -m treasurekit.serving``, without a pool unless
    ``extra`` or ``serving``, options of ``treasurekit.serving`` such as ``--class-size``,
    ask for one), on ``port`` (or a free one). Its live classes are kept in a temporary
    directory of its own (removed when it stops). It listens on ``ip`` (loopback unless
    a test asks for ``0.0.0.0``, every interface); it is always opened at 127.0.0.1."""
    port = port or free_port()
    classes = Path(tempfile.mkdtemp(prefix="tk-classes-"))
    argv = [sys.executable, "-m", "treasurekit.serving", "--class-size", "0",
            "--directory", directory, "--class-dir", str(classes), *serving,
            "--", f"--port={port}", f"--Voila.ip={ip}", *extra]
    # A static file answers without starting a kernel.
    return _start("voila", argv, port, "/voila/static/voila.js", scratch=[classes])


def start_jupyterlab() -> Server:
    """JupyterLab on the repo, without token, news, update checks or autosave.

    Settings and workspaces live in a temporary directory, so a developer's own
    JupyterLab state does not leak in and the notebook is never saved by the test.
    """
    port = free_port()
    state = Path(tempfile.mkdtemp(prefix="tk-lab-state-"))
    settings = state / "settings" / "@jupyterlab" / "docmanager-extension"
    settings.mkdir(parents=True)
    (settings / "plugin.jupyterlab-settings").write_text('{"autosave": false}')
    notifications = state / "settings" / "@jupyterlab" / "apputils-extension"
    notifications.mkdir(parents=True)
    (notifications / "notification.jupyterlab-settings").write_text(
        '{"fetchNews": "false", "checkForUpdates": false}')
    argv = [sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}",
            "--IdentityProvider.token=", "--ServerApp.password=", "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.root_dir={ROOT}", "--ServerApp.disable_check_xsrf=True",
            "--ServerApp.open_browser=False", "--ServerApp.allow_root=True",
            "--ServerApp.terminals_enabled=False",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
            f"--LabApp.user_settings_dir={state / 'settings'}",
            f"--LabApp.workspaces_dir={state / 'workspaces'}",
            # Opening a notebook writes a checkpoint: keep it out of the repo.
            f"--FileCheckpoints.checkpoint_dir={state / 'checkpoints'}"]
    return _start("jupyterlab", argv, port, "/api/status", scratch=[state])


@contextlib.contextmanager
def voila(directory: str = "notebooks") -> Iterator[Server]:
    server = start_voila(directory)
    try:
        yield server
    finally:
        server.stop()


def app_url(base: str, notebook: str, lang: str | None = None) -> str:
    url = f"{base}/voila/render/{notebook}"
    return f"{url}?lang={lang}" if lang else url


# ---- browser ------------------------------------------------------------------------
def chromium_available() -> bool:
    return Path(CHROMIUM).is_file() and os.access(CHROMIUM, os.X_OK)


def launch_chromium(playwright: Any) -> Any:
    """Headless Debian Chromium (never Playwright's own download)."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                      headless=True)


# Failures we cause ourselves by blocking the network, and harmless browser noise.
IGNORED_CONSOLE = re.compile(
    r"net::ERR_FAILED|net::ERR_BLOCKED|net::ERR_NAME_NOT_RESOLVED|net::ERR_INTERNET_DISCONNECTED"
    r"|favicon|Failed to load resource|Ok, voila is still executing")
_STATE = re.compile(rb'"execution_state"\s*:\s*"(\w+)"')


@dataclass
class Watch:
    """Console errors, page errors and the kernel's last reported state, for one page."""

    console: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    kernel_state: str = ""
    kernel_changed: float = 0.0
    kernel_messages: int = 0
    url: str = ""          # the main frame's address, as last navigated
    #: every address the page asked of a host other than this machine (blocked)
    outside: list[str] = field(default_factory=list)

    def on_frame(self, payload: str | bytes) -> None:
        data = payload.encode() if isinstance(payload, str) else payload
        states = _STATE.findall(data)
        if states:
            self.kernel_state = states[-1].decode()
            self.kernel_changed = time.monotonic()
            self.kernel_messages += 1

    def problems(self) -> list[str]:
        bad = [f"pageerror: {e}" for e in self.errors]
        bad += [f"console: {c}" for c in self.console if not IGNORED_CONSOLE.search(c)]
        return bad


def watch_page(page: Any, offline: bool = True) -> Watch:
    """Attach collectors to ``page``; block every request that leaves the machine."""
    watch = Watch()

    def on_console(msg: Any) -> None:
        if msg.type in ("error", "assert"):
            watch.console.append(msg.text)

    page.on("console", on_console)
    page.on("pageerror", lambda err: watch.errors.append(str(err)))

    def on_socket(ws: Any) -> None:
        if "/channels" in ws.url:
            ws.on("framereceived", watch.on_frame)

    page.on("websocket", on_socket)

    def on_navigated(frame: Any) -> None:
        if frame != page.main_frame:
            return
        # a new page means a new kernel; the app writing ?lang= into the address
        # (history.replaceState: the same path, another query) is the same page
        before, watch.url = watch.url, frame.url
        if before.split("?")[0] != frame.url.split("?")[0] or before == frame.url:
            watch.kernel_state, watch.kernel_messages = "", 0

    page.on("framenavigated", on_navigated)
    def on_request(request: Any) -> None:
        parts = urlparse(request.url)
        if parts.scheme in ("http", "https", "ws", "wss") and parts.hostname not in LOOPBACK:
            watch.outside.append(request.url)

    page.on("request", on_request)              # see only_the_app
    if offline:
        # Voila's template links Font Awesome from a CDN; CI has no network, and the
        # measurements must not depend on it either.
        page.route(re.compile(r"^(?!https?://(127\.0\.0\.1|localhost)[:/])"),
                   lambda route: route.abort())
    page.set_default_timeout(ACTION_MS)
    return watch


def new_page(browser: Any) -> tuple[Any, Any, Watch]:
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    return context, page, watch_page(page)


#: a phone's screen (CSS pixels), opened with touch (phone_page)
PHONE = {"width": 390, "height": 844}


def phone_page(browser: Any) -> tuple[Any, Any, Watch]:
    """A page on a phone: 390x844, touch, mobile."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    return context, page, watch_page(page)


def tap(page: Any, watch: Watch, locator: Any) -> None:
    """A tap, handled by the kernel."""
    seen = watch.kernel_messages
    locator.tap()
    page.wait_for_timeout(30)
    while watch.kernel_messages == seen:
        page.wait_for_timeout(20)
    wait_kernel_idle(page, watch, settle_s=0.05)


def wait_kernel_idle(page: Any, watch: Watch, timeout_ms: int = ACTION_MS,
                     settle_s: float = 0.25) -> None:
    """Wait until the kernel last said "idle" and has said nothing for ``settle_s``."""
    deadline = time.monotonic() + timeout_ms / 1000
    while time.monotonic() < deadline:
        if (watch.kernel_state == "idle"
                and time.monotonic() - watch.kernel_changed >= settle_s):
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"kernel not idle after {timeout_ms} ms "
                         f"(last state {watch.kernel_state!r})")


def click(page: Any, watch: Watch, locator: Any, timeout_ms: int = ACTION_MS) -> None:
    """Click a widget and wait until the kernel has handled it and gone idle again."""
    seen = watch.kernel_messages
    locator.click(timeout=timeout_ms)
    deadline = time.monotonic() + timeout_ms / 1000
    while watch.kernel_messages == seen:
        if time.monotonic() > deadline:
            raise AssertionError(f"the kernel never reacted to a click on {locator}")
        page.wait_for_timeout(20)
    wait_kernel_idle(page, watch, timeout_ms)


def wait_stable(locator: Any, quiet_ms: int = 200, timeout_ms: int = ACTION_MS) -> str:
    """Wait until an element's HTML stops changing (widget views render asynchronously)."""
    page = locator.page
    deadline = time.monotonic() + timeout_ms / 1000
    last, since = locator.inner_html(), time.monotonic()
    while time.monotonic() < deadline:
        page.wait_for_timeout(50)
        now = locator.inner_html()
        if now != last:
            last, since = now, time.monotonic()
        elif (time.monotonic() - since) * 1000 >= quiet_ms:
            return str(now)
    raise AssertionError(f"{locator} kept changing for {timeout_ms} ms")


def open_app(page: Any, watch: Watch, url: str, timeout_ms: int = FIRST_LOAD_MS) -> None:
    watch.kernel_state, watch.kernel_messages = "", 0      # a new page, a new kernel
    page.goto(url, wait_until="commit", timeout=timeout_ms)
    wait_for_app(page, watch, timeout_ms)


STDERR = '[data-mime-type="application/vnd.jupyter.stderr"]'
ERROR = '[data-mime-type="application/vnd.jupyter.error"]'
#: what the treasurekit template leaves of a failed cell (its kind in data-tk-failure)
FAILED = ".tk-cell-failed"


def wait_for_app(page: Any, watch: Watch, timeout_ms: int = FIRST_LOAD_MS) -> None:
    """The notebook ran, the widgets are drawn and talk to an idle kernel.

    Fails fast, with what went wrong, when the page shows an error instead. A page whose
    watchdog is reloading it (a kernel lost while starting, widgets that never drew) is
    given one more ``timeout_ms``, as a learner would wait; if it still has no app, the
    failure says what the page and its server last said.
    """
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        _wait_for_app(page, watch, timeout_ms)
    except PlaywrightTimeout:
        status = _status(page)
        if not status:
            raise AssertionError(f"no app after {timeout_ms} ms\n"
                                 + diagnosis(page, watch)) from None
        print(f"the page's watchdog said {status!r}: waiting for it to reload")
        try:
            _wait_for_app(page, watch, timeout_ms)
        except PlaywrightTimeout:
            raise AssertionError(f"no app after twice {timeout_ms} ms\n"
                                 + diagnosis(page, watch)) from None


def _status(page: Any) -> str:
    """What the watchdog says at the foot of the page ("" if nothing)."""
    with contextlib.suppress(Exception):
        bar = page.locator("#tk-serving-status")
        if bar.count():
            return str(bar.inner_text(timeout=2_000)).strip()
    return ""


def diagnosis(page: Any, watch: Watch) -> str:
    """The page's address and watchdog notice, its console, and its server's log tail."""
    lines = [f"page: {page.url}", f"watchdog: {_status(page)!r}",
             f"kernel: last state {watch.kernel_state!r}, {watch.kernel_messages} messages"]
    lines += [f"console: {c}" for c in watch.console[-12:]]
    lines += [f"pageerror: {e}" for e in watch.errors[-5:]]
    server = next((s for base, s in RUNNING.items() if page.url.startswith(base)), None)
    if server is not None:
        lines.append(f"{server.name} log (tail):\n{server.log(3000)}")
    return "\n".join(lines)


def _wait_for_app(page: Any, watch: Watch, timeout_ms: int) -> None:
    page.wait_for_selector("#loading", state="detached", timeout=timeout_ms)
    page.locator(f".tk-app button, .voila-error, {STDERR}, {ERROR}, {FAILED}").first.wait_for(
        state="attached", timeout=timeout_ms)
    problems = page_problems(page, watch)
    if problems:
        raise AssertionError("the app did not start:\n" + "\n".join(problems))
    page.locator(".tk-app").first.wait_for(state="visible", timeout=timeout_ms)
    page.locator(".tk-app button:visible").first.wait_for(state="visible", timeout=timeout_ms)
    wait_kernel_idle(page, watch, timeout_ms)


#: JupyterLab's own bundle, then a kernel, on a small CI machine
LAB_MS = 90_000


def accept_dialogs(page: Any) -> None:
    """JupyterLab may ask for a kernel (or similar): take its default answer."""
    dialog = page.locator(".jp-Dialog")
    while dialog.count():
        dialog.locator(".jp-Dialog-button.jp-mod-accept").first.click()
        page.wait_for_timeout(200)


def run_in_lab(page: Any, watch: Watch, lab_url: str, notebook: str) -> tuple[Any, Any]:
    """Open ``notebooks/<notebook>`` in JupyterLab, wait for its kernel, Run All Cells and
    wait for the app: (the notebook panel, the app in its output)."""
    page.goto(f"{lab_url}/lab/tree/notebooks/{notebook}", wait_until="domcontentloaded",
              timeout=LAB_MS)
    panel = page.locator(".jp-NotebookPanel").first
    panel.wait_for(state="visible", timeout=LAB_MS)
    deadline = time.monotonic() + LAB_MS / 1000       # the kernel starts (or a dialog asks)
    while watch.kernel_state != "idle" and time.monotonic() < deadline:
        accept_dialogs(page)
        page.wait_for_timeout(250)
    status = page.locator(".jp-Notebook-ExecutionIndicator, .jp-KernelStatus")
    assert watch.kernel_state == "idle", f"no idle kernel: {status.all_inner_texts()}"
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
    accept_dialogs(page)
    app = panel.locator(".jp-OutputArea .tk-app").first
    app.wait_for(state="attached", timeout=LAB_MS)
    wait_kernel_idle(page, watch, LAB_MS)
    app.scroll_into_view_if_needed()
    return panel, app


def assert_lab_ok(panel: Any, watch: Watch) -> None:
    """No Python error or warning printed in the notebook, no error in the page."""
    errors = panel.locator(f".jp-OutputArea-output{STDERR}, .jp-OutputArea-output{ERROR}")
    assert errors.count() == 0, errors.first.inner_text()
    assert not watch.errors, watch.errors


PYTHON_ERROR = re.compile(
    r"Traceback|\bError\b|\b[A-Z]\w*(Error|Exception)\b|There was an error when executing cell")


#: what the page of an app must never show: printed Python, an engine walkthrough
RAW = ("ScoreLine", "all checks passed", "{'", "pile A:", "Under the hood")
LOOPBACK = {"127.0.0.1", "localhost", "::1", "[::1]"}


def only_the_app(page: Any, watch: Watch) -> list[str]:
    """What shows that a Voila page is more than its app: another output beside the app,
    raw Python or a walkthrough's text, Font Awesome icons not from the local bundle, an
    address asked of another host (a CDN) since the page was opened."""
    problems = [f"asked another host: {url}" for url in watch.outside]
    outputs = page.locator(".jp-OutputArea-output")
    apps = page.locator(".jp-OutputArea-output:has(.tk-app)")
    if not outputs.count() == apps.count() == 1:
        problems.append(f"outputs beside the app: {[o[:80] for o in outputs.all_inner_texts()]}")
    text = page.locator("body").inner_text()
    problems += [f"raw text on the page: {raw!r}" for raw in RAW if raw in text]
    icons = page.locator(".tk-app button i.fa")
    if icons.count():
        family = icons.first.evaluate("el => getComputedStyle(el, '::before').fontFamily")
        if "Font Awesome" not in family:
            problems.append(f"icons drawn in {family}")
    return problems


def page_problems(page: Any, watch: Watch | None = None) -> list[str]:
    """Everything that says the page (or the Python behind it) went wrong."""
    problems = []
    text = page.locator("body").inner_text()
    for m in PYTHON_ERROR.finditer(text):
        start = max(0, m.start() - 80)
        problems.append(f"error text in page: ...{text[start:m.end() + 120]!r}")
        break
    if page.locator(".voila-error").count():
        problems.append(f"Voila error page: {page.locator('.voila-error').inner_text()!r}")
    stderr = page.locator(f".jp-RenderedText{STDERR}")
    if stderr.count():
        problems.append(f"stderr output: {stderr.first.inner_text()[:500]!r}")
    errors = page.locator(f".jp-RenderedText{ERROR}")
    if errors.count():
        problems.append(f"error output: {errors.first.inner_text()[:500]!r}")
    failed = page.locator(FAILED)
    if failed.count():
        problems.append(f"a cell failed: {failed.first.get_attribute('data-tk-failure')!r} "
                        "(the server's log says why)")
    if not page.locator(".tk-app").count():
        problems.append("no .tk-app on the page")
    if watch is not None:
        problems += watch.problems()
    return problems


def assert_page_ok(page: Any, watch: Watch | None = None) -> None:
    problems = page_problems(page, watch)
    assert not problems, "\n".join(problems)


class Tab:
    """A page with its console/pageerror/kernel watcher and the usual actions."""

    def __init__(self, page: Any, watch: Watch) -> None:
        self.page, self.watch = page, watch
        self.notes: dict[str, Any] = {}  # what a fixture saw on the way, for the tests

    def open(self, url: str) -> None:
        """Open an app and wait until it is drawn and its kernel idle (``open_app``)."""
        open_app(self.page, self.watch, url)

    def open_at(self, url: str, tab: str) -> None:
        """Open an app at one of its tabs (by its translated title) and wait until the
        tab's part is built (a tab's part is built when it is first opened)."""
        self.open(url)
        self.tab(tab)
        self.wait_idle()

    def click(self, locator: Any) -> None:
        click(self.page, self.watch, locator)

    def wait_idle(self) -> None:
        wait_kernel_idle(self.page, self.watch)

    def tab_titles(self) -> list[str]:
        """The titles of the app's tabs, as shown."""
        labels = self.page.locator(".tk-tabs .lm-TabBar-tabLabel").all_inner_texts()
        return [s.strip() for s in labels]

    def tab(self, title: str) -> Any:
        """Open one tab of the app's Tab widget by its (translated) title."""
        exact = re.compile(f"^\\s*{re.escape(title)}\\s*$")
        tab = self.page.locator(".tk-tabs .lm-TabBar-tab").filter(has_text=exact).first
        tab.click()
        return tab

    def text(self, selector: str) -> str:
        return str(self.page.locator(selector).first.inner_text())

    def assert_ok(self) -> None:
        assert_page_ok(self.page, self.watch)


def new_tab(browser: Any) -> tuple[Any, Tab]:
    context, page, watch = new_page(browser)
    return context, Tab(page, watch)
