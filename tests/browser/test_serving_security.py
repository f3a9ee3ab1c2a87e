"""The served pages, probed over plain HTTP with hostile paths and query strings, and
crawled as an anonymous visitor would.

No browser needed. Voila runs on a free loopback port with the repo's ``voila.json``,
as ``make serve`` runs it. Every answer must come within a bounded time, without the
script payload unescaped, without Python source or a traceback, and no bad request may
leave a kernel behind. An anonymous visitor reaches the landing page, the apps and their
assets, nothing else (issue 20), with the security headers on every answer.
"""

from __future__ import annotations

import json
import re
import urllib.parse
from collections.abc import Iterator

import pytest

import treasurekit as tk

from . import harness
from .serving import Reply, kernel_processes, request, shutdown_kernel, wait_kernel_count

SVG = '"><svg onload=alert(document.domain)>'
SCRIPT = "</script><script>alert(1)</script>"
QUOTE = "';alert(1);'"
P = urllib.parse.quote(SVG)
S = urllib.parse.quote(SCRIPT)
HUGE = "x" * 6000 + P

# (path and query, renders an app = starts a kernel)
PROBES: list[tuple[str, bool]] = [
    (f"/voila/render/index.ipynb?theme={P}", True),
    (f"/voila/render/index.ipynb?template={P}", True),
    ("/voila/render/index.ipynb?template=nonexistent", True),
    ("/voila/render/index.ipynb?template=reveal&theme=dark", True),
    (f"/voila/render/index.ipynb?lang={S}", True),
    (f"/voila/render/index.ipynb?{P}={S}&x={urllib.parse.quote(QUOTE)}", True),
    (f"/voila/render/index.ipynb?lang={HUGE}", True),
    (f"/voila/render/diving_bell.ipynb?lang=nl&theme={S}&template={P}", True),
    (f"/voila/render/nonexistent.ipynb?theme={P}", False),
    (f"/voila/render/{P}.ipynb", False),
    (f"/voila/render/{S}", False),
    ("/voila/render/../../pyproject.toml", False),
    ("/voila/render/%2e%2e/%2e%2e/etc/passwd", False),
    ("/voila/render/..%2f..%2fpyproject.toml", False),
    ("/voila/render/index.ipynb/../../treasurekit/__init__.py", False),
    ("/voila/render/.ipynb_checkpoints/index-checkpoint.ipynb", False),
    ("/voila/render/" + "a" * 4000 + ".ipynb", False),
    ("/voila/files/diving_bell.ipynb", False),
    ("/voila/files/../pyproject.toml", False),
    ("/voila/files/%2e%2e/treasurekit/serving.py", False),
    (f"/voila/files/{P}", False),
    (f"/voila/tree?{P}={S}", False),
    (f"/voila/tree/{P}", False),
    ("/voila/tree/../../etc", False),
    ("/voila/api/contents/diving_bell.ipynb", False),
    ("/voila/api/contents/%2e%2e/%2e%2e", False),
    ("/voila/templates/treasurekit/index.html.j2", False),
    ("/voila/templates/../../../../etc/passwd", False),
    ("/voila/templates/lab/static/..%2f..%2f..%2f..%2f..%2fpyproject.toml", False),
    ("/voila/templates/treasurekit/static/../locales/en/core.json", False),
    (f"/voila/static/{P}", False),
    (f"/voila/api/themes/{P}", False),
    (f"/voila/labextensions/{P}", False),
    ("/api/kernels", False),
    (f"/api/kernels/{P}", False),
    ("/api/kernels/00000000-0000-0000-0000-000000000000", False),
    ("/api/sessions", False),
    (f"/login?next={P}", False),
    (f"/{P}?theme={P}", False),
]

# Unescaped payloads, source code, paths and tracebacks that must never come back.
FORBIDDEN = [
    re.compile(r"<svg[^>]*onload", re.I),
    re.compile(r"<script>alert", re.I),
    re.compile(r"';alert\(1\);'"),
    re.compile(r"Traceback \(most recent call last\)"),
    re.compile(r'File "/[^"]+\.py", line \d+'),
    re.compile(r"There was an error when executing cell"),
    re.compile(r"\b(from|import) treasurekit\b"),
    re.compile(r"show_app\("),
    re.compile(r"\[build-system\]"),
    re.compile(r"root:x:0:0"),
    re.compile(r"__version__ ="),
]


@pytest.fixture(scope="module")
def server() -> Iterator[harness.Server]:
    # The probes render pages that never connect, from one address: more than the 8 such
    # kernels one address may hold at once (ClassroomKernelManager.
    # max_unconnected_per_address, which test_serving_flood checks); here, no such cap.
    s = harness.start_voila(extra=["--ClassroomKernelManager.max_unconnected_per_address=0"])
    yield s
    s.stop()


def test_hostile_requests(server: harness.Server) -> None:
    assert len(PROBES) >= 25
    assert wait_kernel_count(server.proc.pid, 0) == 0
    rendered = []
    problems = []
    for path, renders in PROBES:
        reply = request(server.base_url, path, timeout=120 if renders else 15)
        where = f"{path[:80]} -> {reply.status}"
        # Voila's template static handler answers a path without "/static/" with a bare
        # 500 (an assert; no traceback is sent, checked below): upstream, and harmless.
        if reply.status >= 500 and not path.startswith("/voila/templates/"):
            problems.append(f"{where}: server error")
        for pattern in FORBIDDEN:
            if pattern.search(reply.body):
                problems.append(f"{where}: {pattern.pattern!r} in the answer")
        if renders:
            # The page arrives whole: the template's override and the payloads are ignored.
            if reply.status != 200 or "tk-serving-messages" not in reply.body:
                problems.append(f"{where}: not the app page")
            if 'data-jp-theme-name="JupyterLab Light"' not in reply.body:
                problems.append(f"{where}: theme overridden")
            if reply.kernel_id:
                rendered.append((reply.kernel_id, reply.cookies.get("_xsrf")))
        elif reply.status == 200 and reply.kernel_id:
            problems.append(f"{where}: started a kernel")
    assert not problems, "\n".join(problems)
    assert len(rendered) == sum(renders for _, renders in PROBES)
    # Exactly one kernel per rendered page (no viewer connected, so they are still
    # alive); none for the rest.
    assert wait_kernel_count(server.proc.pid, len(rendered)) == len(rendered)


def test_closed_pages_free_their_kernels(server: harness.Server) -> None:
    """What the page's script sends when its tab closes: the shutdown with its _xsrf."""
    before = len(kernel_processes(server.proc.pid))
    reply = request(server.base_url, "/voila/render/index.ipynb?lang=nl", timeout=120)
    assert reply.status == 200 and reply.kernel_id
    xsrf = reply.cookies.get("_xsrf")
    assert xsrf, "the app page sets no _xsrf cookie: a closing tab could not free its kernel"
    assert wait_kernel_count(server.proc.pid, before + 1) == before + 1
    # XSRF protection stays on: without the token the request is refused.
    assert shutdown_kernel(server.base_url, reply.kernel_id, None) == 403
    assert len(kernel_processes(server.proc.pid)) == before + 1
    assert shutdown_kernel(server.base_url, reply.kernel_id, xsrf) == 204
    assert wait_kernel_count(server.proc.pid, before) == before


# ---- what an anonymous visitor can fetch (issue 20) -------------------------------------
PAGES = ["index", *sorted(tk.GAMES)]
UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
#: Everything that may answer 200: the pages, their scripts, styles and fonts, and the
#: state of one's own kernel (its id is in one's page).
ALLOWED = [re.compile(p) for p in (
    rf"/voila/render/({'|'.join(PAGES)})\.ipynb(\?.*)?",
    r"/voila/static/[\w./-]+(\?.*)?",
    r"/voila/templates/treasurekit/static/[\w./-]+(\?.*)?",
    r"/voila/labextensions/[\w@./-]+(\?.*)?",
    r"/voila/api/themes/[\w@./-]*(\?.*)?",
    rf"/api/kernels/{UUID}",
)]
WALKTHROUGHS = sorted(p.name for p in (harness.NOTEBOOKS / "walkthroughs").glob("*.ipynb"))
#: Where a visitor (or a scanner) would look for more; none may answer 200.
LOOK_FOR_MORE = [
    "/voila", "/voila/", "/voila/tree", "/voila/tree/walkthroughs", "/voila/tree/notebooks",
    "/voila/api/contents", "/voila/api/contents/walkthroughs",
    "/voila/api/contents/index.ipynb", "/voila/render/walkthroughs",
    *[f"/voila/render/walkthroughs/{name}" for name in WALKTHROUGHS],
    *[f"/voila/files/{name}" for name in ["index.ipynb", "index.py", "diving_bell.py"]],
    "/voila/files/walkthroughs/", "/voila/query/00000000-0000-0000-0000-000000000000",
    "/api", "/api/status", "/api/me", "/api/contents", "/api/kernels", "/api/kernelspecs",
    "/api/sessions", "/api/terminals", "/api/config/notebook", "/api/security/csp-report",
    "/lab", "/tree", "/notebooks/index.ipynb", "/files/index.ipynb", "/edit/index.py",
    "/login", "/logout", "/metrics", "/static/favicon.ico", "/robots.txt",
]
LINK = re.compile(r"""\b(?:src|href)\s*=\s*["']([^"'#]+)""", re.I)
OUTSIDE = re.compile(r"""(?:\b(?:src|href)\s*=\s*|\bimport\s*\(\s*|\burl\(\s*)"""
                     r"""["']?(?:https?:)?//""", re.I)


def crawl(base_url: str) -> dict[str, Reply]:
    """Every answer an anonymous visitor gets from ``/``, the pages and what they link to,
    following redirects and same-site links (bounded)."""
    seen: dict[str, Reply] = {}
    queue = ["/", *[f"/voila/render/{name}.ipynb" for name in PAGES], *LOOK_FOR_MORE]
    while queue and len(seen) < 400:
        path = queue.pop(0)
        if path in seen:
            continue
        seen[path] = reply = request(base_url, path, timeout=120)
        location = reply.header("Location")
        found = [location] if location else []
        if "html" in (reply.header("Content-Type") or ""):
            found += LINK.findall(reply.body)
        for url in found:
            parts = urllib.parse.urlsplit(urllib.parse.urljoin(base_url + path, url))
            if parts.scheme in ("http", "https") and parts.netloc == base_url.split("//")[1]:
                queue.append(parts.path + (f"?{parts.query}" if parts.query else ""))
    return seen


def test_an_anonymous_visitor_reaches_only_the_pages_and_their_assets(
        server: harness.Server) -> None:
    answers = crawl(server.base_url)
    fetched = sorted(path for path, reply in answers.items() if reply.status == 200)
    print("\n".join(f"{reply.status} {path[:100]}" for path, reply in sorted(answers.items())))
    assert [path for path in fetched if not any(p.fullmatch(path) for p in ALLOWED)] == []
    assert {f"/voila/render/{name}.ipynb" for name in PAGES} <= set(fetched)
    assert [path for path in LOOK_FOR_MORE if answers[path].status == 200] == []
    assert [path for path, reply in answers.items() if reply.status >= 500] == []
    landing = "/voila/render/index.ipynb"
    for path in ("/", "/voila/tree", "/voila/tree/walkthroughs", "/logout"):
        assert (answers[path].status, answers[path].header("Location")) == (302, landing), path
    for path, reply in answers.items():
        assert reply.header("Server") is None, f"{path}: Server: {reply.header('Server')}"
        for name, value in reply.headers:
            cleared = value.split(";")[0].endswith(('=""', "="))   # (logout clears one)
            if name.lower() == "set-cookie" and not cleared:
                assert "samesite=lax" in value.lower(), f"{path}: {value[:60]}"
        if "html" in (reply.header("Content-Type") or ""):
            assert not OUTSIDE.findall(reply.body), f"{path} links another host"
            if reply.status == 200:
                csp = reply.header("Content-Security-Policy") or ""
                assert "default-src 'none'" in csp and "report-uri" not in csp, path
                assert "connect-src 'self'" in csp and "frame-ancestors 'self'" in csp
                assert reply.header("Referrer-Policy") == "same-origin", path
    # The pages' kernels (their pages never connected): closed as a closing tab does.
    for path in fetched:
        if path.startswith("/voila/render/") and answers[path].kernel_id:
            reply = answers[path]
            assert shutdown_kernel(server.base_url, str(reply.kernel_id),
                                   reply.cookies.get("_xsrf")) == 204


# ---- a live class's page without a kernel (treasurekit.widgets.live_page) ---------------
def live_call(server: harness.Server, action: str, body: object, xsrf: str | None,
              raw: str | None = None, source: str | None = None) -> Reply:
    headers = {"Content-Type": "application/json"}
    if xsrf is not None:
        headers |= {"X-XSRFToken": xsrf, "Cookie": f"_xsrf={xsrf}"}
    return request(server.base_url, f"/treasurekit/live/{action}", method="POST",
                   body=raw if raw is not None else json.dumps(body), headers=headers,
                   timeout=15, source=source)


def test_a_live_class_page_starts_no_kernel_and_checks_every_request(
        server: harness.Server) -> None:
    """``?join=`` answers the class's page (no kernel, the payloads escaped); what its
    script sends is XSRF-checked, bounded, and refused in the page's language when the
    store refuses it; wrong codes from one address are refused beyond a minute's tries."""
    from treasurekit.classroom.store import JOIN_TRIES

    before = len(kernel_processes(server.proc.pid))
    page = request(server.base_url, f"/voila/render/diving_bell.ipynb?join={P}&lang=nl")
    assert page.status == 200 and 'class="tk-live-nickname"' in page.body
    assert not any(pattern.search(page.body) for pattern in FORBIDDEN)
    assert "Kies een bijnaam" in page.body and not page.kernel_id
    xsrf = page.cookies["_xsrf"]
    assert live_call(server, "join", {"code": "ABCDEF", "nickname": "Ann"}, None).status == 403
    assert live_call(server, "join", {}, xsrf, raw="x" * 5000).status == 413
    assert live_call(server, "join", {}, xsrf, raw="{not json").status == 400
    assert live_call(server, "join", [], xsrf).status == 400
    assert live_call(server, "nothing", {}, xsrf).status == 404
    told = json.loads(live_call(server, "join", {"code": SVG, "nickname": SCRIPT,
                                                 "lang": "nl"}, xsrf).body)
    assert told["kind"] == "nickname" and "bijnaam" in told["error"].lower()
    told = json.loads(live_call(server, "join", {"code": SVG, "nickname": "Ann",
                                                 "lang": "nl"}, xsrf).body)
    assert told["kind"] == "code" and "klascode" in told["error"].lower()
    forged = json.loads(live_call(server, "now", {"code": "ABCDEF", "token": "x" * 30},
                                  xsrf).body)
    assert forged["kind"] in ("no_class", "not_student")
    kinds = [json.loads(live_call(server, "join", {"code": "ZZZZZZ", "nickname": "Ann"},
                                  xsrf, source="127.0.0.3").body)["kind"]
             for _ in range(JOIN_TRIES + 1)]
    assert kinds == ["no_class"] * JOIN_TRIES + ["slow_down"]
    assert len(kernel_processes(server.proc.pid)) == before
