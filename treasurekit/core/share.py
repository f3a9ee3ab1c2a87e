"""Share codes: a whole saved game or table situation in a short, URL-safe text.

A code is ``tk2.`` followed, in base64url, by

* the number of steps and the length of the set-up (two unsigned varints);
* the set-up: the game, players, seed, variant and position (compact JSON, raw deflate
  with :data:`_ZDICT`, the words set-ups repeat, as its dictionary);
* the steps, as one integer in mixed radix, least significant first: first a digit
  that is 0 when the seeded dealer dealt every chance step (what ``deal()`` plays: the
  steps then say nothing of chance), else 1; then each decision is its index in
  ``legal_moves()``, and, in a game whose chance was forced (a rulebook example), each
  chance step one digit, 0 when the dealer dealt it, else 1 and the outcome's index. A
  step with a single choice costs nothing.

The decoder replays the steps (it needs the lists to read the digits), so every step is
legal by construction; the set-up is checked like a save. A seeded game of Sea or Shore
played to its end fits in about 100 characters, so a link to it fits a QR code of
version 10 or less. Codes of the first format (``tk1.``: the save, zlib-compressed) still
load. Any fault -- a bad prefix or alphabet, a truncated or oversized code, a
compression bomb, bad JSON, an impossible step -- raises
:class:`~treasurekit.core.errors.InvalidSave` with a short message, quickly.

>>> import treasurekit as tk
>>> g = tk.new_game("diving_bell", players=["Ann", "Bob"], seed=7)
>>> _ = g.play("draw"); _ = g.deal()
>>> code = share_code(g)
>>> code.startswith("tk2.") and len(code) < 80
True
>>> h = load_share_code(code)
>>> h.to_json() == g.to_json()
True
>>> load_share_code("tk2.!!")
Traceback (most recent call last):
...
treasurekit.core.errors.InvalidSave: this share code is damaged (it has characters a code never has)
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from typing import Any

from .errors import InvalidSave
from .game import SAVE_FORMAT, SAVE_VERSION, Game
from .moves import Move
from .registry import load_game
from .saves import MAX_MOVES, loads, without_bom

#: The current format's prefix, and the first format's (still read).
PREFIX = "tk2."
OLD_PREFIX = "tk1."
#: Longest code accepted (a long game fits easily; anything longer is refused unread).
MAX_CODE_CHARS = 16_000
#: Most bytes a code may unpack to (refuses compression bombs).
MAX_SAVE_BYTES = 256_000
_ALPHABET = re.compile(r"[A-Za-z0-9_-]*")


def share_code(game: Game[Any]) -> str:
    """A short, URL-safe text holding ``game`` (its set-up and every step so far)."""
    save = json.loads(game.to_json())
    setup = [save[k] for k in _SETUP]
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15, zdict=_ZDICT)
    head = deflate.compress(json.dumps(setup, separators=(",", ":"),
                                       ensure_ascii=False).encode("utf-8")) + deflate.flush()
    steps: list[tuple[bool, list[tuple[int, int]]]] = []     # (chance?, its digits)
    replay = load_game(json.dumps({**save, "moves": []}))
    for move in game.history:
        steps.append((replay.is_chance, _digits(replay, move)))
        replay.play(move)
    # every chance step the dealer's: no digit for any
    forced = any(chance and said != [(0, 2)] for chance, said in steps)
    digits = [(int(forced), 2)] + [d for chance, said in steps if forced or not chance
                                   for d in said]
    value, weight = 0, 1
    for digit, radix in digits:
        value += digit * weight
        weight *= radix
    body = (_varint(len(game.history)) + _varint(len(head)) + head
            + value.to_bytes((value.bit_length() + 7) // 8, "little"))
    return PREFIX + base64.urlsafe_b64encode(body).decode("ascii").rstrip("=")


#: the save's fields in a code's set-up, in order
_SETUP = ("game", "players", "seed", "variant", "position")
#: What set-ups repeat (the games, variants, seats, the position editor's fields): the
#: set-up's deflate dictionary. Part of the ``tk2.`` format: never change it.
_ZDICT = (
    b'"beginner","advanced","quick","additions-salvage","swap-peek","swap-salvage",'
    b'"captain_lucky","coralia","diving_bell","sea_or_shore",{"players":["Player 1",'
    b'"Player 2","Player 3"],"variant":"standard","starter":"Player 1","turn":"Player 1",'
    b'"phase":"play","dive","place","reveal","turn","hands":{},"face_up":[],"piles":{},'
    b'"additions":{},"middle":{},"collections":[{}],"board":{},"island":{},"cards":{},'
    b'"points":{},"diver":"","row":[],"division":[],"heart":0,"Eric","Marlou","Niels",'
    b'"Stephanie","Jenny","Ann (jij)","Ann (you)","Computer"],0,"standard",null]')


def _digits(game: Game[Any], move: Move) -> list[tuple[int, int]]:
    """The digits (value, radix) that say ``move`` at ``game``'s next step."""
    if game.is_chance and move == game.dealt():
        return [(0, 2)]                     # (a chance step's list is long: not needed)
    listed = game.legal_moves()
    if game.is_chance:
        return [(1, 2), (listed.index(move), len(listed))]
    return [(listed.index(move), len(listed))]


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        low, n = n & 0x7F, n >> 7
        out.append(low | (0x80 if n else 0))
        if not n:
            return bytes(out)


def _read_varint(data: bytes, at: int) -> tuple[int, int]:
    """The varint at ``data[at:]`` (at most three bytes) and where it ends."""
    n = shift = 0
    for i in range(at, min(at + 3, len(data))):
        n |= (data[i] & 0x7F) << shift
        shift += 7
        if not data[i] & 0x80:
            return n, i + 1
    raise InvalidSave("core.error.code_cut")


def _body(code: object, prefixes: tuple[str, ...]) -> tuple[str, bytes]:
    """The prefix and the bytes of a code (spaces around it and a byte-order mark before
    it, as in a code kept in a text file, are ignored)."""
    if not isinstance(code, str):
        raise InvalidSave("core.error.code_text")
    code = without_bom(code.strip()).strip()
    prefix = next((p for p in prefixes if code.startswith(p)), None)
    if prefix is None:
        raise InvalidSave("core.error.code_prefix", prefix=repr(PREFIX))
    body = code[len(prefix):]
    if len(body) > MAX_CODE_CHARS:
        raise InvalidSave("core.error.code_long")
    if not body or _ALPHABET.fullmatch(body) is None:
        raise InvalidSave("core.error.code_alphabet")
    try:
        return prefix, base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise InvalidSave("core.error.code_damaged") from None


def _inflate(packed: bytes, wbits: int, zdict: bytes = b"") -> bytes:
    """``packed`` unpacked, at most :data:`MAX_SAVE_BYTES`; InvalidSave if damaged."""
    try:
        unzip = zlib.decompressobj(wbits, zdict=zdict) if zdict else zlib.decompressobj(wbits)
        raw = unzip.decompress(packed, MAX_SAVE_BYTES)
    except zlib.error:
        raise InvalidSave("core.error.code_damaged") from None
    if unzip.unconsumed_tail:
        raise InvalidSave("core.error.code_big")
    if not unzip.eof or unzip.unused_data:
        raise InvalidSave("core.error.code_cut" if not unzip.eof else "core.error.code_damaged")
    return raw


def _text(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except ValueError:
        raise InvalidSave("core.error.code_damaged") from None


def _load_v2(data: bytes) -> Game[Any]:
    steps, at = _read_varint(data, 0)
    size, at = _read_varint(data, at)
    if steps > MAX_MOVES:
        raise InvalidSave("core.error.save_steps", limit=MAX_MOVES)
    if at + size > len(data):
        raise InvalidSave("core.error.code_cut")
    setup = loads(_text(_inflate(data[at:at + size], -15, _ZDICT)), "save")
    if type(setup) is not list or len(setup) != len(_SETUP):
        raise InvalidSave("core.error.code_damaged")
    game = load_game(json.dumps({"format": SAVE_FORMAT, "version": SAVE_VERSION,
                                 **dict(zip(_SETUP, setup, strict=True)), "moves": []}))
    value, forced = divmod(int.from_bytes(data[at + size:], "little"), 2)
    for _ in range(steps):
        if game.is_over:
            raise InvalidSave("core.error.code_damaged")
        if game.is_chance:
            dealt = 0
            if forced:
                value, dealt = divmod(value, 2)
            if not dealt:
                game.deal()
                continue
        listed = game.legal_moves()     # (only when needed: a chance step's list is long)
        value, index = divmod(value, len(listed))
        game.play(listed[index])
    if value:
        raise InvalidSave("core.error.code_damaged")
    return game


def unpack_share_code(code: object) -> str:
    """The save text a share code holds (a code of the first format: not yet checked as
    a save; of the current one: checked, as its steps are read by replaying them)."""
    prefix, data = _body(code, (PREFIX, OLD_PREFIX))
    if prefix == PREFIX:
        return _load_v2(data).to_json()
    return _text(_inflate(data, zlib.MAX_WBITS))


def load_share_code(code: object) -> Game[Any]:
    """The game a share code holds, replayed and checked like a save."""
    prefix, data = _body(code, (PREFIX, OLD_PREFIX))
    if prefix == PREFIX:
        return _load_v2(data)
    return load_game(_text(_inflate(data, zlib.MAX_WBITS)))


def load_code_or_save(text: object) -> Game[Any]:
    """The game in a share code (``tk2.…`` or ``tk1.…``) or in a save file's text (a JSON
    object, a byte-order mark before it allowed); InvalidSave if it is neither."""
    if isinstance(text, str):
        text = without_bom(text.strip()).strip()
        if text.startswith("{"):
            return load_game(text)
    return load_share_code(text)
