"""The server's gzip (``serving.CachedGZip``): an answer with an ``Etag`` (a script, a
style, a font: the same tag is the same bytes) is compressed once and kept; anything else
is compressed as tornado does it, every time."""

from __future__ import annotations

import gzip
from collections.abc import Iterator

import pytest
from tornado.httputil import HTTPHeaders, HTTPServerRequest, RequestStartLine

from treasurekit import serving

BODY = b"function app() { return 'treasure'; }\n" * 4000        # about 150 kB of script


@pytest.fixture(autouse=True)
def empty_cache() -> Iterator[None]:
    serving.CachedGZip._kept.clear()
    serving.CachedGZip._kept_bytes = 0
    yield
    serving.CachedGZip._kept.clear()
    serving.CachedGZip._kept_bytes = 0


def answer(body: bytes = BODY, tag: str | None = '"abc"', method: str = "GET",
           status: int = 200, accept: str = "gzip, deflate",
           chunks: int = 3) -> tuple[HTTPHeaders, bytes, serving.CachedGZip]:
    """The bytes that leave the server for one answer sent in ``chunks`` pieces."""
    request = HTTPServerRequest(
        start_line=RequestStartLine(method, "/voila/static/app.js", "HTTP/1.1"),
        headers=HTTPHeaders({"Accept-Encoding": accept, "Host": "127.0.0.1"}))
    transform = serving.CachedGZip(request)
    headers = HTTPHeaders({"Content-Type": "application/javascript",
                           "Content-Length": str(len(body))})
    if tag:
        headers["Etag"] = tag
    size = -(-len(body) // chunks)
    pieces = [body[i:i + size] for i in range(0, len(body), size)]
    _, headers, out = transform.transform_first_chunk(status, headers, pieces[0],
                                                      len(pieces) == 1)
    for i, piece in enumerate(pieces[1:], start=2):
        out += transform.transform_chunk(piece, i == len(pieces))
    return headers, out, transform


def test_a_tagged_answer_is_compressed_once_and_served_from_the_cache() -> None:
    headers, first, transform = answer()
    assert headers["Content-Encoding"] == "gzip" and not transform._hit
    assert gzip.decompress(first) == BODY and len(first) < len(BODY) // 10
    headers, again, transform = answer()
    assert transform._hit and gzip.decompress(again) == BODY
    assert headers["Content-Length"] == str(len(again))
    assert "Accept-Encoding" in headers["Vary"]


def test_what_is_not_one_whole_tagged_get_is_compressed_every_time() -> None:
    for kwargs in ({"tag": None}, {"method": "HEAD"}, {"status": 206}):
        for _ in range(2):
            headers, out, transform = answer(**kwargs)
            assert not transform._hit, kwargs
            assert gzip.decompress(out) == BODY, kwargs
    assert not serving.CachedGZip._kept
    _, out, transform = answer(accept="identity")            # a client without gzip
    assert out == BODY and not serving.CachedGZip._kept


def test_another_tag_is_another_answer() -> None:
    answer()
    changed = BODY.replace(b"treasure", b"pearls!!")
    _, out, transform = answer(changed, tag='"def"')
    assert not transform._hit and gzip.decompress(out) == changed
    _, out, transform = answer()
    assert transform._hit and gzip.decompress(out) == BODY


def test_the_cache_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(serving.CachedGZip, "MAX_BYTES", 3_000)
    for n in range(10):
        answer(BODY + str(n).encode(), tag=f'"{n}"')
    assert serving.CachedGZip._kept_bytes <= 3_000
    assert serving.CachedGZip._kept_bytes == sum(map(len, serving.CachedGZip._kept.values()))
    assert '"9" application/javascript' in serving.CachedGZip._kept      # the newest stays
    monkeypatch.setattr(serving.CachedGZip, "MAX_ENTRY", 100)
    answer(tag='"big"')
    assert '"big" application/javascript' not in serving.CachedGZip._kept
