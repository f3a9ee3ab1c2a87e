"""A live class under load: students joining and answering at once, two classes, a restart.

``python benchmarks/live_class.py [--students 30] [--browsers 3] [--join-spread 2]
[--answer-spread 2] [--two-classes 30] [--writers 30 60] [--pool 2] [--phone-nice 10]
[--skip-app] [--json]``, or ``make bench-live``.

One Voila server as ``make serve-class`` starts it (a preheated pool of ``--pool``
kernels: the projector's and a spare, since a student's page of the class has no kernel;
its class store in a directory of this run), on 127.0.0.1 only. The teacher is a real
app kernel, driven at the protocol level as the page's script does (:class:`Page`: fetch
the page, open the kernel's websocket with the page's own protocol, v1, ask for every
widget's state on the ``jupyter.widget.control`` comm, then click buttons with the
messages a widget view sends; the app's ``BrowserStore`` is answered as ``localStorage``
would be, so a reload takes the class back as a browser does): ``?present=1``, "Start a
live class", and the count of answers read from its own kernel's widgets, as the
projector shows it. Each student opens ``?join=CODE``, the class's page without a kernel
(``treasurekit.widgets.live_page``); most are driven at the protocol level as that
page's script does (:class:`ClassPage`: the page, ``join``, ``now`` polled twice a
second, an answer posted, the token kept as ``localStorage`` keeps it), ``--browsers`` of
them are Chromium phones (Debian's, headless), at CPU priority ``--phone-nice`` (a real
phone draws the page on its own processor: here it shares the server's cores; the CPU
seconds every part used while the class joined are in ``join_cpu_s``).

1. **A class**: the teacher starts a class (its first lesson step asks a question);
   ``--students`` open ``?join=CODE`` within ``--join-spread`` seconds and join under a
   nickname (goal: every one joined within 5 s of the first arrival); they answer within
   ``--answer-spread`` seconds (a third of them wrong) (goals: every answer stored once,
   as given, in the SQLite file; the teacher's kernel shows "N of N answered" within 1 s
   of the last answer taken).
2. **A restart mid-lesson**: the server and its kernels are killed (SIGKILL), a new one
   starts on the same port and class directory; the teacher reloads the projector (the
   class taken back from the browser's storage: same code, the count of answers) and
   every student reloads (carries on as the same nickname with the answer given); then
   the teacher reveals and every phone tells its student right or wrong (goals: nothing
   lost, everyone back).
3. **Two classes at once**: ``--two-classes`` students in each of two classes (two
   teachers), joining and answering at the same time (the same goals per class).
4. **The store alone**: ``--writers`` processes (each a student: join, answer) against
   one SQLite file at once, to tell the store's share from the kernels'.

The clients run on the same machine as the server and take CPU from it: on a shared or
small machine the times are pessimistic; the load average is recorded before and after.
Writes ``benchmarks/live_class.json``.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import json
import multiprocessing
import os
import random
import re
import shutil
import signal
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any

import psutil

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.dashboard import h  # noqa: E402 (one harness)
from tests.browser.serving import (  # noqa: E402
    KERNEL_FILE,
    WS_PROTOCOL_V1,
    channels_url,
    kernel_processes,
    v1_decode,
    v1_message,
)
from treasurekit.classroom import ClassStore, Item  # noqa: E402
from treasurekit.classroom.config import STORE_FILE  # noqa: E402
from treasurekit.core.i18n import tr  # noqa: E402
from treasurekit.core.teaching import lesson_of  # noqa: E402
from treasurekit.serving import classroom_options  # noqa: E402

GAME = "diving_bell"
NOTEBOOK = f"{GAME}.ipynb"
KEY = f"treasurekit.{GAME}"               # the app's BrowserStore key (localStorage)
GOAL_JOIN_S, GOAL_TALLY_S = 5.0, 1.0
TIMEOUT_S = 120.0
#: a protocol page offers permessage-deflate on its kernel's socket, as a browser does
#: (``--no-deflate``: it does not; the server compresses only where it is offered)
COMPRESSION: dict[str, Any] | None = {}


def say(key: str, **params: Any) -> str:
    """A catalog message (English) as an HTML widget holds it."""
    return escape(tr(key, "en", **params))


# ---- a page at the protocol level ------------------------------------------------------
async def wait_until(changed: asyncio.Event, ready: Callable[[], Any], what: str,
                     timeout: float = TIMEOUT_S) -> Any:
    """``ready()`` once it is true, looked at whenever ``changed`` is set (and each second)."""
    deadline = time.monotonic() + timeout
    while True:
        found = ready()
        if found:
            return found
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError(f"no {what} after {timeout:.0f} s")
        changed.clear()
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(changed.wait(), min(left, 1.0))


@dataclass
class Page:
    """One page of the app: its kernel's widgets as the page's widget manager holds them,
    and the browser's ``localStorage`` (``kept``, shared by the pages of one "browser")."""

    base: str
    query: str
    kept: dict[str, str | None] = field(default_factory=dict)
    states: dict[str, dict[str, Any]] = field(default_factory=dict)
    kernel_id: str = ""
    xsrf: str = ""
    retries: int = 0
    ws: Any = None
    reader: Any = None
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    #: seconds from the request to the page served, and to every widget's state
    served_s: float = 0.0
    states_s: float = 0.0

    async def open(self) -> None:
        from tornado.httpclient import AsyncHTTPClient, HTTPRequest
        from tornado.websocket import websocket_connect

        start = time.monotonic()
        while True:
            resp = await AsyncHTTPClient().fetch(HTTPRequest(
                f"{self.base}/voila/render/{NOTEBOOK}?{self.query}",
                request_timeout=TIMEOUT_S, connect_timeout=30), raise_error=False)
            retry = resp.headers.get("Retry-After") if resp.code == 503 else None
            if retry is None or time.monotonic() - start > TIMEOUT_S:
                break
            self.retries += 1                  # as the short page does: wait, load again
            await asyncio.sleep(float(retry))
        self.served_s = time.monotonic() - start
        if resp.code != 200:
            raise RuntimeError(f"HTTP {resp.code}")
        page = resp.body.decode("utf-8", errors="replace")
        cookies = {}
        for header in resp.headers.get_list("Set-Cookie"):
            name, _, rest = header.partition("=")
            cookies[name.strip()] = rest.split(";", 1)[0].strip('"')
        self.xsrf = cookies.get("_xsrf", "")
        found = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', page)
        if not found:            # (what the page ended with says how far it got)
            end = " ".join(re.sub(r"<[^>]*>", " ", page[-600:]).split())[-160:]
            raise RuntimeError(f"no kernel id in the page ({len(page)} characters, "
                               f"{resp.effective_url}; it ends: {end})")
        self.kernel_id = found.group(1)
        cookie = "; ".join(f"{k}={v}" for k, v in cookies.items())
        self.ws = await websocket_connect(
            HTTPRequest(channels_url(self.base, self.kernel_id), headers={"Cookie": cookie},
                        connect_timeout=30), max_message_size=64 * 2**20,
            subprotocols=[WS_PROTOCOL_V1], compression_options=COMPRESSION)
        self.reader = asyncio.ensure_future(self._read())
        control = uuid.uuid4().hex
        await self._send("comm_open", {"comm_id": control, "data": {},
                                       "target_name": "jupyter.widget.control"},
                         metadata={"version": "1.0.0"})
        await self._send("comm_msg", {"comm_id": control,
                                      "data": {"method": "request_states"}})
        await self.wait(lambda: self.find("tk-browser-store"), "the widgets' states")
        self.states_s = time.monotonic() - start
        # the page's BrowserStore says what the browser kept (localStorage)
        (store,) = self.find("tk-browser-store")
        await self.custom(store, {"hello": self.kept.get(KEY)})

    async def _send(self, msg_type: str, content: dict[str, Any],
                    metadata: dict[str, Any] | None = None) -> None:
        await self.ws.write_message(v1_message(msg_type, content, metadata=metadata),
                                    binary=True)

    async def _read(self) -> None:
        while True:
            frame = await self.ws.read_message()
            if frame is None:
                return
            kind, content = v1_decode(frame)
            data = content.get("data", {}) if isinstance(content, dict) else {}
            model = content.get("comm_id", "") if isinstance(content, dict) else ""
            if kind == "comm_open":
                self.states[model] = dict(data.get("state", {}))
            elif kind == "comm_close":
                self.states.pop(model, None)
            elif kind == "comm_msg" and data.get("method") == "update_states":
                for model_id, embed in data.get("states", {}).items():
                    self.states.setdefault(model_id, {}).update(embed.get("state", {}))
            elif kind == "comm_msg" and data.get("method") == "update":
                self.states.setdefault(model, {}).update(data.get("state", {}))
            elif kind == "comm_msg" and data.get("method") == "custom":
                said = data.get("content", {})
                key = self.states.get(model, {}).get("key")
                if isinstance(said, dict) and "write" in said and key:
                    self.kept[key] = said["write"]        # what localStorage would keep
            else:
                continue
            self.changed.set()

    def find(self, css: str) -> list[str]:
        """The widgets with the CSS class ``css``, oldest first."""
        return [m for m, s in self.states.items() if css in s.get("_dom_classes", ())]

    def text(self, css: str) -> str:
        return "\n".join(str(self.states[m].get("value", "")) for m in self.find(css))

    async def wait(self, ready: Callable[[], Any], what: str,
                   timeout: float = TIMEOUT_S) -> Any:
        return await wait_until(self.changed, ready, what, timeout)

    async def update(self, model: str, state: dict[str, Any]) -> None:
        self.states[model].update(state)
        await self._send("comm_msg", {"comm_id": model, "data": {
            "method": "update", "state": state, "buffer_paths": []}})

    async def custom(self, model: str, content: dict[str, Any]) -> None:
        await self._send("comm_msg", {"comm_id": model, "data": {
            "method": "custom", "content": content}})

    async def click(self, model: str) -> None:
        await self.custom(model, {"event": "click"})

    async def close(self, shutdown: bool = True) -> None:
        """The tab closed: the page's kernel shut down, as the page asks on unload."""
        from tornado.httpclient import AsyncHTTPClient, HTTPRequest

        if self.reader is not None:
            self.reader.cancel()
        if self.ws is not None:
            self.ws.close()
        if shutdown and self.kernel_id:
            with contextlib.suppress(Exception):
                await AsyncHTTPClient().fetch(HTTPRequest(
                    f"{self.base}/voila/api/shutdown/{self.kernel_id}", method="POST",
                    headers={"Cookie": f"_xsrf={self.xsrf}",
                             "Content-Type": "application/x-www-form-urlencoded"},
                    body=f"_xsrf={self.xsrf}", request_timeout=30), raise_error=False)


@dataclass
class ClassPage:
    """A student's page of the live class (``?join=CODE``: no kernel of its own,
    ``treasurekit.widgets.live_page``) at the protocol level, as its script works: the page
    fetched (its ``_xsrf`` cookie), ``join`` posted, ``now`` polled every
    ``POLL_SECONDS``, an answer posted; ``kept`` is what ``localStorage`` keeps (the token
    and nickname), so a reload carries on as the same student."""

    base: str
    code: str
    kept: dict[str, str] = field(default_factory=dict)
    xsrf: str = ""
    status: str = ""                 # the status lines (HTML), as the page shows them
    step: str = ""                   # the teacher's item, drawn (HTML)
    have: str = ""
    poller: Any = None
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    #: seconds from the request to the page served, and to the first step shown
    served_s: float = 0.0
    states_s: float = 0.0
    start: float = 0.0

    async def open(self) -> None:
        from tornado.httpclient import AsyncHTTPClient, HTTPRequest

        self.start = time.monotonic()
        resp = await AsyncHTTPClient().fetch(HTTPRequest(
            f"{self.base}/voila/render/{NOTEBOOK}?join={self.code}",
            request_timeout=TIMEOUT_S, connect_timeout=30), raise_error=False)
        self.served_s = time.monotonic() - self.start
        if resp.code != 200 or b"tk-live-nickname" not in resp.body:
            raise RuntimeError(f"HTTP {resp.code}: not the class's page")
        for header in resp.headers.get_list("Set-Cookie"):
            name, _, rest = header.partition("=")
            if name.strip() == "_xsrf":
                self.xsrf = rest.split(";", 1)[0].strip('"')
        if self.kept:
            self.poller = asyncio.ensure_future(self._poll())

    async def call(self, action: str, body: dict[str, Any]) -> dict[str, Any]:
        from tornado.httpclient import AsyncHTTPClient, HTTPRequest

        resp = await AsyncHTTPClient().fetch(HTTPRequest(
            f"{self.base}/treasurekit/live/{action}", method="POST",
            headers={"Content-Type": "application/json", "X-XSRFToken": self.xsrf,
                     "Cookie": f"_xsrf={self.xsrf}"},
            body=json.dumps({"code": self.code, "lang": "en", **body}),
            request_timeout=TIMEOUT_S, connect_timeout=30), raise_error=False)
        if resp.code != 200:
            raise RuntimeError(f"{action}: HTTP {resp.code}")
        got: dict[str, Any] = json.loads(resp.body)
        if got.get("status") is not None:
            self.status = got["status"]
        if got.get("step") is not None:
            self.step = got["step"]
            if self.step and not self.states_s:
                self.states_s = time.monotonic() - self.start
        if got.get("have"):
            self.have = got["have"]
        self.changed.set()
        return got

    async def join(self, name: str) -> None:
        got = await self.call("join", {"nickname": name})
        if "token" not in got:
            raise RuntimeError(f"join refused: {got.get('error')}")
        self.kept = {"token": got["token"], "name": got["name"]}
        self.poller = asyncio.ensure_future(self._poll())

    async def _poll(self) -> None:
        from treasurekit.widgets.live import POLL_SECONDS

        while True:
            with contextlib.suppress(Exception):      # (the server restarting: try again)
                await self.call("now", {**self.kept, "have": self.have})
            await asyncio.sleep(POLL_SECONDS)

    async def answer(self, label: str) -> None:
        """Tap the answer button with the words ``label``."""
        found = re.search(r'data-choice="([^"]*)" data-item-no="(\d+)"[^>]*>'
                          + re.escape(escape(label)) + "</button>", self.step)
        if found is None:
            raise RuntimeError(f"no answer {label!r} on the page")
        self.have = ""
        await self.call("answer", {**self.kept, "item_no": int(found.group(2)),
                                   "choice": found.group(1)})

    async def wait(self, ready: Callable[[], Any], what: str,
                   timeout: float = TIMEOUT_S) -> Any:
        return await wait_until(self.changed, ready, what, timeout)

    async def close(self, shutdown: bool = True) -> None:
        if self.poller is not None:
            self.poller.cancel()


# ---- the people ------------------------------------------------------------------------
@dataclass
class Student:
    name: str
    label: str                       # the answer this student gives
    kind: str = "protocol"           # or "chromium"
    page: Any = None                 # a Page, or a Playwright page
    context: Any = None              # Chromium: the browser context (its localStorage)
    arrived: float = 0.0
    requested: float = 0.0           # Chromium: the tab open, the page asked for
    joined: float = 0.0
    clicked: float = 0.0             # tapped the answer
    answered: float = 0.0            # the student's kernel said the answer is in
    back: float = 0.0                # reconnected after the restart
    told: float = 0.0                # told right or wrong after the reveal
    error: str = ""


def the_question() -> tuple[str, str, list[str]]:
    """The first lesson step's item, its right answer's words and every answer's words."""
    step = lesson_of(GAME)[0]
    options = step.choices(step.start("en"))
    labels = [c.label.text("en") for c in options]
    right = next(c.label.text("en") for c in options if c.correct)
    return f"lesson:{GAME}:0", right, labels


def class_of(count: int, prefix: str, browsers: int) -> list[Student]:
    """``count`` students, a third of them answering wrong, ``browsers`` in Chromium."""
    _item, right, labels = the_question()
    wrong = next(x for x in labels if x != right)
    people = [Student(f"{prefix}{i:02d}", wrong if i % 3 == 2 else right)
              for i in range(count)]
    for s in people[1::max(1, count // max(1, browsers))][:browsers]:
        s.kind = "chromium"
    return people


@dataclass
class Teacher:
    base: str
    page: Page | None = None
    kept: dict[str, str | None] = field(default_factory=dict)
    code: str = ""

    async def start(self) -> None:
        self.page = Page(self.base, "present=1", self.kept)
        await self.page.open()
        (start,) = self.page.find("tk-live-start")
        await self.page.click(start)
        head = await self.page.wait(
            lambda: re.search(r'tk-live-code">([A-Z2-9]{6})<', self.page.text(
                "tk-live-head-box")) if self.page else None, "class code")
        self.code = head.group(1)

    def token(self) -> str:
        kept = json.loads(self.kept.get(KEY) or "{}")
        return str(kept.get("live_teacher", {}).get("token", ""))

    def counted(self, n: int, students: int) -> bool:
        return (self.page is not None and say("classroom.live.answered", n=n,
                                              students=students)
                in self.page.text("tk-live-count"))


async def join(student: Student, base: str, code: str, browser: Any) -> None:
    student.arrived = time.monotonic()
    try:
        if student.kind == "chromium" and browser is not None:
            student.context = await browser.new_context(
                viewport=h.PHONE, has_touch=True, is_mobile=True)
            page = student.page = await student.context.new_page()
            await page.route(re.compile(r"^(?!https?://(127\.0\.0\.1|localhost)[:/])"),
                             lambda route: route.abort())
            student.requested = time.monotonic()
            await page.goto(f"{base}/voila/render/{NOTEBOOK}?join={code}",
                            timeout=TIMEOUT_S * 1000)
            await page.locator(".tk-live-nickname input").fill(student.name,
                                                               timeout=TIMEOUT_S * 1000)
            await page.locator(".tk-live-join").click()
            await page.locator(".tk-live-me").wait_for(timeout=TIMEOUT_S * 1000)
        else:
            student.kind = "protocol"
            p = student.page = ClassPage(base, code)
            await p.open()
            await p.join(student.name)
            await p.wait(lambda: "tk-live-me" in p.status and p.step, "joined, the step shown")
        student.joined = time.monotonic()
    except Exception as err:   # a failed student is a result, not a crash
        student.error = f"join: {type(err).__name__}: {err}"[:200]


async def answer(student: Student, delay: float) -> None:
    if student.error:
        return
    await asyncio.sleep(delay)
    given = say("classroom.live.given", answer=student.label)
    try:
        if student.kind == "chromium":
            page = student.page
            button = page.locator(".tk-lesson .tk-choice", has_text=student.label).first
            await button.wait_for(timeout=TIMEOUT_S * 1000)
            student.clicked = time.monotonic()
            await button.click(timeout=TIMEOUT_S * 1000)
            await page.locator(".tk-live-status", has_text=tr(
                "classroom.live.given", "en", answer=student.label)).wait_for(
                timeout=TIMEOUT_S * 1000)
        else:
            p = student.page
            await p.wait(lambda: "tk-choice" in p.step, "answer buttons")
            student.clicked = time.monotonic()
            await p.answer(student.label)
            await p.wait(lambda: given in p.status, "answer taken")
        student.answered = time.monotonic()
    except Exception as err:
        student.error = f"answer: {type(err).__name__}: {err}"[:200]


def figures(values: list[float]) -> dict[str, float | None]:
    return {"median_s": round(statistics.median(values), 2) if values else None,
            "max_s": round(max(values), 2) if values else None}


async def lesson(base: str, students: list[Student], browser: Any, args: argparse.Namespace,
                 store: ClassStore, teacher: Teacher | None = None) -> dict[str, Any]:
    """A teacher starts a class; the students join, then answer; what was stored."""
    rng = random.Random(len(students))
    teacher = teacher or Teacher(base)
    await teacher.start()
    cpu = cpu_seconds()
    first = time.monotonic()
    await asyncio.gather(*(delayed(join(s, base, teacher.code, browser),
                                   rng.uniform(0, args.join_spread)) for s in students))
    join_cpu = used_since(cpu)
    joined = [s for s in students if s.joined]
    all_joined_s = max((s.joined for s in joined), default=first) - first
    protocol_joined_s = max((s.joined for s in joined if s.kind == "protocol"),
                            default=first) - first
    # every student answers within --answer-spread seconds (of the question on screen)
    await asyncio.gather(*(answer(s, rng.uniform(0, args.answer_spread)) for s in students))
    taken = [s for s in students if s.answered]
    last = max((s.answered for s in taken), default=time.monotonic())
    n = len(students)
    tally_s: float | None = None
    with contextlib.suppress(TimeoutError):
        assert teacher.page is not None
        await teacher.page.wait(lambda: teacher.counted(len(taken), n), "the count",
                                timeout=30)
        tally_s = time.monotonic() - last
    stored = stored_answers(store, teacher)
    expected = {s.name: s.label for s in taken}
    return {
        "students": n, "chromium": sum(s.kind == "chromium" for s in students),
        "joined": len(joined), "answered": len(taken),
        "stored": len(stored), "stored_as_given": sum(
            stored.get(name) == label for name, label in expected.items()),
        "lost": len(set(expected) - set(stored)),
        "unexpected": len(set(stored) - set(expected)),
        "all_joined_s": round(all_joined_s, 2),
        # the phones at the protocol level only (the server's share of a join)
        "protocol_joined_s": round(protocol_joined_s, 2),
        "join": figures([s.joined - s.arrived for s in joined]),
        "join_protocol": figures([s.joined - s.arrived for s in joined
                                  if s.kind == "protocol"]),
        "join_chromium": [round(s.joined - s.arrived, 2) for s in joined
                          if s.kind == "chromium"],
        # (the same from the page's request on: without opening the browser's tab)
        "join_chromium_from_request": [round(s.joined - s.requested, 2) for s in joined
                                       if s.kind == "chromium"],
        # where a protocol student's join goes: the page served, the teacher's step shown
        "page_served": figures([s.page.served_s for s in joined if s.kind == "protocol"]),
        "step_shown": figures([s.page.states_s for s in joined
                                    if s.kind == "protocol"]),
        # the CPU seconds each part used while the students joined (all on this machine)
        "join_cpu_s": join_cpu,
        "answer_taken": figures([s.answered - s.clicked for s in taken]),
        "last_answer_to_teacher_count_s": round(tally_s, 2) if tally_s is not None else None,
        "errors": sorted({s.error for s in students if s.error})[:5],
        "code": teacher.code,
    }


def cpu_seconds() -> dict[str, float]:
    """CPU seconds used so far by each part of the run on this machine: the server (and
    its zygote), its kernels, the Chromium phones, and the protocol clients (this
    process and Playwright's driver). A process that ended is no longer counted, so the
    difference of two calls is a lower bound."""
    out: collections.Counter[str] = collections.Counter()
    me = psutil.Process()
    for proc in [me, *me.children(recursive=True)]:
        try:
            line = " ".join(proc.cmdline())
            times = proc.cpu_times()
        except psutil.Error:
            continue
        role = ("kernels" if KERNEL_FILE.search(line) else
                "server" if "treasurekit.serving" in line or "kernel_fork" in line else
                "chromium" if "chrom" in proc.name() else "clients")
        out[role] += times.user + times.system
    return dict(out)


def used_since(before: dict[str, float]) -> dict[str, float]:
    now = cpu_seconds()
    return {role: round(now[role] - before.get(role, 0.0), 1) for role in sorted(now)}


async def keep_phones_low(nice: int) -> None:
    """Keep Chromium (the phones) at CPU priority ``nice``, until cancelled. Where the
    kernel groups the CPU by session (``sched_autogroup``: a session's processes share
    one weight, whatever their own priority), Chromium runs in a session of its own, so
    its group's priority is set (``/proc/<pid>/autogroup``); else each process's, again
    four times a second (Chromium sets its renderers' and GPU process's priority itself,
    as root even above the server's)."""
    while True:
        for proc in psutil.Process().children(recursive=True):
            with contextlib.suppress(psutil.Error, OSError):
                if "chrom" not in proc.name():
                    continue
                group = Path(f"/proc/{proc.pid}/autogroup")
                if group.exists():
                    if f"nice {nice}" not in group.read_text():
                        group.write_text(str(nice))
                elif proc.nice() < nice:
                    proc.nice(nice)
        await asyncio.sleep(0.25)


async def delayed(work: Any, delay: float) -> Any:
    await asyncio.sleep(delay)
    return await work


def stored_answers(store: ClassStore, teacher: Teacher) -> dict[str, str]:
    """Nickname -> the words of the answer the SQLite file holds (the teacher's results)."""
    _item, _right, labels = the_question()
    rows = store.results(teacher.code, teacher.token())
    if not rows:
        return {}
    return {name: labels[int(choice)] for name, choice in rows[0]["answers"].items()
            if choice is not None}


# ---- the server ------------------------------------------------------------------------
def start_server(port: int, classes: Path, pool: int, fill_delay: float) -> Any:
    """``make serve-class`` for the app: a pool of ``pool`` kernels, the classes in
    ``classes`` (kept across a restart)."""
    return h.start_voila("notebooks", port=port, serving=["--class-dir", str(classes)],
                         extra=classroom_options({NOTEBOOK: pool}, default_pool=0,
                                                 fill_delay=fill_delay))


def memory_mb(server: Any) -> dict[str, float]:
    """Resident memory of the server (the class's drawings included) and of its kernels
    (each, and in all), in MB."""
    kernels = [p.memory_info().rss for p in kernel_processes(server.proc.pid)]
    return {"server": round(psutil.Process(server.proc.pid).memory_info().rss / 2**20),
            "kernels": round(sum(kernels) / 2**20), "kernel_count": len(kernels),
            "largest_kernel": round(max(kernels, default=0) / 2**20)}


def kill(server: Any) -> None:
    """The server and all its kernels, killed without a chance to shut down."""
    victims = [*kernel_processes(server.proc.pid)]
    with contextlib.suppress(ProcessLookupError):
        os.killpg(server.proc.pid, signal.SIGKILL)
    for p in victims:
        with contextlib.suppress(psutil.Error):
            p.kill()
    server.proc.wait(timeout=30)
    server.stop()                             # its log and runtime directory


async def settle(server: Any, kernels: int) -> float:
    from benchmarks.classroom import settle as quiet

    return round(await quiet(server.proc.pid, kernels), 1)


async def leave(people: list[Student], teachers: list[Teacher]) -> None:
    for s in people:
        with contextlib.suppress(Exception):
            if s.kind == "chromium" and s.context is not None:
                await s.context.close()
            elif s.page is not None:
                await s.page.close()
    for t in teachers:
        if t.page is not None:
            await t.page.close()


async def restart(server: Any, port: int, classes: Path, students: list[Student],
                  teacher: Teacher, args: argparse.Namespace,
                  store: ClassStore) -> tuple[Any, dict[str, Any]]:
    """Kill the server mid-lesson, start it again; the teacher and the students reload."""
    before = stored_answers(store, teacher)
    for s in students:
        if s.kind == "protocol" and s.page is not None:
            await s.page.close(shutdown=False)
    assert teacher.page is not None
    await teacher.page.close(shutdown=False)
    killed = time.monotonic()
    kill(server)
    server = start_server(port, classes, args.pool, args.fill_delay)
    up_s = time.monotonic() - killed
    ready_s = await settle(server, args.pool)
    kernels = len(kernel_processes(server.proc.pid))     # (the pool asked for)
    after = stored_answers(ClassStore(classes / STORE_FILE), teacher)
    # the projector reloads: the class taken back from the browser's storage
    reloaded = time.monotonic()
    teacher.page = Page(server.base_url, "present=1", teacher.kept)
    await teacher.page.open()
    taken = sum(1 for s in students if s.answered)
    teacher_back: float | None = None
    with contextlib.suppress(TimeoutError):
        await teacher.page.wait(lambda: teacher.counted(taken, len(students))
                                and teacher.code in teacher.page.text("tk-live-count")
                                if teacher.page else False,
                                "the class taken back (its code, the count)", timeout=60)
        teacher_back = time.monotonic() - reloaded
    rng = random.Random(7)
    await asyncio.gather(*(delayed(reconnect(s, server.base_url, teacher.code),
                                   rng.uniform(0, args.join_spread)) for s in students))
    back = [s for s in students if s.back]
    # the lesson goes on: the teacher reveals, every phone judges its own answer
    revealed = time.monotonic()
    (reveal,) = teacher.page.find("tk-live-reveal")
    await teacher.page.click(reveal)
    _item, right, _labels = the_question()
    await asyncio.gather(*(told(s, right) for s in back))
    return server, {
        "server_up_s": round(up_s, 2), "pool_ready_s": ready_s, "kernels_then": kernels,
        "stored_before": len(before), "stored_after": len(after),
        "answers_kept": before == after and len(after) > 0,
        "teacher_back_s": round(teacher_back, 2) if teacher_back is not None else None,
        "students_back": len(back), "students": len(students),
        "reconnect": figures([s.back - s.arrived for s in back]),
        "reconnect_chromium": [round(s.back - s.arrived, 2) for s in back
                               if s.kind == "chromium"],
        "answers_shown_again": sum(1 for s in back if s.answered),
        "told_after_reveal": sum(1 for s in back if s.told),
        "reveal_to_last_phone_s": round(max(s.told for s in back) - revealed, 2)
        if back and all(s.told for s in back) else None,
        "errors": sorted({s.error for s in students if s.error})[:5],
        # what the new server said went wrong, where a student was not served (kept
        # because a restart once left one reload without a kernel, cause not found)
        "server_errors": server_errors(server) if any(s.error for s in students) else [],
    }


def server_errors(server: Any, most: int = 12) -> list[str]:
    """The server log's warnings, errors and the last line of each traceback."""
    lines = server.log(200_000).splitlines()
    found = [line.strip()[:300] for i, line in enumerate(lines)
             if re.search(r"\b(ERROR|WARNING|CRITICAL)\b|^\[[EW] ", line)
             or (i and re.match(r"\w+(Error|Exception)\b", line)
                 and lines[i - 1].startswith("  "))]
    return found[-most:]


async def reconnect(student: Student, base: str, code: str) -> None:
    """The student reloads the page: the same nickname, the answer given, kept."""
    if student.error or student.page is None:
        return
    student.arrived = time.monotonic()
    given = tr("classroom.live.given", "en", answer=student.label)
    try:
        if student.kind == "chromium":
            page = student.page
            await page.reload(timeout=TIMEOUT_S * 1000)
            await page.locator(".tk-live-me", has_text=student.name).wait_for(
                timeout=TIMEOUT_S * 1000)
            await page.locator(".tk-live-status", has_text=given).wait_for(
                timeout=TIMEOUT_S * 1000)
        else:
            p = student.page = ClassPage(base, code, student.page.kept)
            await p.open()
            await p.wait(lambda: escape(given) in p.status and escape(student.name) in p.status,
                         "back with the answer given", timeout=60)
        student.back = time.monotonic()
    except Exception as err:
        student.error = f"reconnect: {type(err).__name__}: {err}"[:200]


async def told(student: Student, right: str) -> None:
    wanted = (tr("classroom.live.was_right", "en") if student.label == right
              else tr("classroom.live.was_wrong", "en", answer=right))
    try:
        if student.kind == "chromium":
            await student.page.locator(".tk-live-status", has_text=wanted).wait_for(
                timeout=60_000)
        else:
            p = student.page
            await p.wait(lambda: escape(wanted) in p.status, "told right or wrong", timeout=60)
        student.told = time.monotonic()
    except Exception as err:
        student.error = f"reveal: {type(err).__name__}: {err}"[:200]


# ---- the store alone -------------------------------------------------------------------
def _writer(path: str, code: str, name: str, choice: str, gate: Any,
            out: Any) -> None:
    """One student's process: join, then answer, at the gate's signal."""
    store = ClassStore(path)
    gate.wait()
    t0 = time.perf_counter()
    token = store.join(code, name, client=f"bench:{os.getpid()}")
    t1 = time.perf_counter()
    store.answer(code, token, 1, choice)
    t2 = time.perf_counter()
    out.put((name, t1 - t0, t2 - t1))


def store_alone(writers: int, per_class: int = 30) -> dict[str, Any]:
    """``writers`` processes (in classes of ``per_class``) join and answer at once."""
    directory = Path(tempfile.mkdtemp(prefix="tk-live-bench-"))
    try:
        path = directory / STORE_FILE
        store = ClassStore(path)
        item = Item(f"lesson:{GAME}:0", ("0", "1"), "1")
        classes = [store.start(GAME) for _ in range(max(1, writers // per_class))]
        for started in classes:
            store.show(started.code, started.teacher, item)
        ctx = multiprocessing.get_context("fork")
        gate, out = ctx.Barrier(writers + 1), ctx.Queue()
        procs = [ctx.Process(target=_writer, args=(
            str(path), classes[i % len(classes)].code, f"w{i:03d}", str(i % 2), gate, out))
            for i in range(writers)]
        for p in procs:
            p.start()
        gate.wait()
        start = time.perf_counter()
        results = [out.get(timeout=120) for _ in procs]
        wall = time.perf_counter() - start
        for p in procs:
            p.join(timeout=30)
        stored = sum(t.answered for t in (store.tally(c.code, c.teacher) for c in classes))
        joins = [r[1] for r in results]
        answers = [r[2] for r in results]
        return {"writers": writers, "classes": len(classes), "stored": stored,
                "lost": writers - stored, "wall_s": round(wall, 3),
                "join_ms": {"median": round(1000 * statistics.median(joins), 1),
                            "max": round(1000 * max(joins), 1)},
                "answer_ms": {"median": round(1000 * statistics.median(answers), 1),
                              "max": round(1000 * max(answers), 1)}}
    finally:
        shutil.rmtree(directory, ignore_errors=True)


# ---- the run ---------------------------------------------------------------------------
def class_goals(r: dict[str, Any]) -> dict[str, bool]:
    return {"all_joined_in_5_s": r["joined"] == r["students"]
            and r["all_joined_s"] <= GOAL_JOIN_S,
            "protocol_phones_joined_in_5_s": r["joined"] == r["students"]
            and r["protocol_joined_s"] <= GOAL_JOIN_S,
            "every_answer_stored_once": r["stored"] == r["stored_as_given"] == r["students"]
            and r["lost"] == r["unexpected"] == 0,
            "teacher_count_in_1_s": r["last_answer_to_teacher_count_s"] is not None
            and r["last_answer_to_teacher_count_s"] <= GOAL_TALLY_S}


async def run(args: argparse.Namespace) -> dict[str, Any]:
    from tornado.httpclient import AsyncHTTPClient

    AsyncHTTPClient.configure(None, max_clients=2 * args.two_classes + 20)
    results: dict[str, Any] = {"cpus": psutil.cpu_count(),
                               "load_before": [round(x, 2) for x in psutil.getloadavg()],
                               "students": args.students, "browsers": args.browsers,
                               "join_spread_s": args.join_spread,
                               "answer_spread_s": args.answer_spread}
    results["store_alone"] = [store_alone(n) for n in args.writers]
    for r in results["store_alone"]:
        print(f"store alone: {r}", flush=True)
    if args.skip_app:
        return results
    playwright = browser = lowering = None
    if args.browsers and h.chromium_available():
        from playwright.async_api import async_playwright

        playwright = await async_playwright().start()
        browser = await playwright.chromium.launch(executable_path=h.CHROMIUM,
                                                   args=h.CHROMIUM_ARGS, headless=True)
        if args.phone_nice:
            results["phone_nice"] = args.phone_nice
            lowering = asyncio.ensure_future(keep_phones_low(args.phone_nice))
    classes = Path(tempfile.mkdtemp(prefix="tk-live-classes-"))
    port = h.free_port()
    server = None
    try:
        # -- 1. a class, then 2. a restart mid-lesson -------------------------------------
        pool = args.pool
        server = start_server(port, classes, pool, args.fill_delay)
        results["pool_ready_s"] = await settle(server, pool)
        store = ClassStore(classes / STORE_FILE)
        people = class_of(args.students, "s", args.browsers if browser else 0)
        teacher = Teacher(server.base_url)
        one = await lesson(server.base_url, people, browser, args, store, teacher)
        one["memory_mb"] = memory_mb(server)
        results["one_class"] = one
        print(f"one class: {one}", flush=True)
        server, again = await restart(server, port, classes, people, teacher, args, store)
        results["restart"] = again
        print(f"restart: {again}", flush=True)
        await leave(people, [teacher])
        server.stop()
        server = None
        # -- 3. two classes at once --------------------------------------------------------
        if args.two_classes:
            pool = args.pool + 1
            server = start_server(port, classes, pool, args.fill_delay)
            results["two_classes_pool_ready_s"] = await settle(server, pool)
            groups = [class_of(args.two_classes, p, 0) for p in ("a", "b")]
            teachers = [Teacher(server.base_url) for _ in groups]
            two = await asyncio.gather(*(lesson(server.base_url, g, None, args, store, t)
                                         for g, t in zip(groups, teachers, strict=True)))
            results["two_classes"] = two
            print(f"two classes: {two}", flush=True)
            await leave([s for g in groups for s in g], teachers)
    finally:
        if server is not None:
            server.stop()
        if lowering is not None:
            lowering.cancel()
        if browser is not None:
            await browser.close()
        if playwright is not None:
            await playwright.stop()
        shutil.rmtree(classes, ignore_errors=True)
    goals = {f"one_class_{k}": v for k, v in class_goals(results["one_class"]).items()}
    r = results["restart"]
    goals["restart_nothing_lost"] = bool(r["answers_kept"])
    goals["restart_everyone_back"] = (r["students_back"] == r["students"]
                                      and r["teacher_back_s"] is not None
                                      and r["told_after_reveal"] == r["students"])
    for i, two in enumerate(results.get("two_classes", [])):
        goals.update({f"two_classes_{i + 1}_{k}": v for k, v in class_goals(two).items()})
    goals["store_no_lost_answer"] = all(x["lost"] == 0 for x in results["store_alone"])
    results["goals"] = goals
    results["ok"] = all(goals.values())
    return results


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30, help="in the class")
    parser.add_argument("--browsers", type=int, default=3, help="of them in Chromium")
    parser.add_argument("--join-spread", type=float, default=2.0,
                        help="the students arrive within (s)")
    parser.add_argument("--answer-spread", type=float, default=2.0,
                        help="the students answer within (s)")
    parser.add_argument("--two-classes", type=int, default=30,
                        help="students in each of two classes at once (0: skip)")
    parser.add_argument("--writers", type=int, nargs="*", default=[30, 60],
                        help="processes writing to the store alone")
    parser.add_argument("--pool", type=int, default=2,
                        help="kernels kept ready (the projector's and a spare: a student's "
                             "page of the class has no kernel)")
    parser.add_argument("--fill-delay", type=float, default=2.0,
                        help="seconds before a handed-out pool kernel is replaced")
    parser.add_argument("--phone-nice", type=int, default=10,
                        help="CPU priority of the Chromium phones (a phone is a device of "
                             "its own, not the server's cores; 0: as the server)")
    parser.add_argument("--no-deflate", action="store_true",
                        help="protocol pages do not offer the socket compression browsers offer")
    parser.add_argument("--skip-app", action="store_true", help="only the store alone")
    parser.add_argument("--output", type=Path, default=HERE / "live_class.json")
    parser.add_argument("--json", action="store_true", help="also print the result as JSON")
    args = parser.parse_args([] if argv is None else argv)
    global COMPRESSION
    COMPRESSION = None if args.no_deflate else {}
    start = time.monotonic()
    result = asyncio.run(run(args))
    result["seconds"] = round(time.monotonic() - start, 1)
    result["deflate"] = COMPRESSION is not None
    result["load_after"] = [round(x, 2) for x in psutil.getloadavg()]
    if args.json:
        print(json.dumps(result, indent=2))
    for goal, ok in result.get("goals", {}).items():
        print(f"  {goal}: {'ok' if ok else 'MISSED'}")
    args.output.write_text(json.dumps(result, indent=2) + "\n")
    print(f"wrote {args.output} ({result['seconds']} s)")
    return result


if __name__ == "__main__":
    main(sys.argv[1:])
