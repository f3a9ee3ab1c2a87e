"""Share codes: a whole saved game or table situation in a short, URL-safe text.

A code is ``tk1.`` followed by the save (``Game.to_json``, which holds the set-up, the
position if any, and every step) compressed and written in base64url. It is checked
exactly like a save when it is read: any fault -- a bad prefix or alphabet, a truncated
or oversized code, a compression bomb, bad JSON, an illegal step -- raises
:class:`~treasurekit.core.errors.InvalidSave` with a short message, quickly.

>>> import treasurekit as tk
>>> g = tk.new_game("diving_bell", players=["Ann", "Bob"], seed=7)
>>> _ = g.play("draw"); _ = g.deal()
>>> code = share_code(g)
>>> code.startswith("tk1.") and len(code) < 200
True
>>> h = load_share_code(code)
>>> h.to_json() == g.to_json()
True
>>> load_share_code("tk1.!!")
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
from .game import Game
from .saves import without_bom

PREFIX = "tk1."
#: Longest code accepted (a long game fits easily; anything longer is refused unread).
MAX_CODE_CHARS = 16_000
#: Most bytes a code may unpack to (refuses compression bombs).
MAX_SAVE_BYTES = 256_000
_ALPHABET = re.compile(r"[A-Za-z0-9_-]*")


def share_code(game: Game[Any]) -> str:
    """A short, URL-safe text holding ``game`` (its set-up and every step so far)."""
    data = json.loads(game.to_json())
    compact = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    packed = zlib.compress(compact, 9)
    return PREFIX + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def unpack_share_code(code: object) -> str:
    """The save text inside a share code (not yet checked as a save). Spaces around it
    and a byte-order mark before it (a code kept in a text file) are ignored."""
    if not isinstance(code, str):
        raise InvalidSave("core.error.code_text")
    code = without_bom(code.strip()).strip()
    if not code.startswith(PREFIX):
        raise InvalidSave("core.error.code_prefix", prefix=repr(PREFIX))
    body = code[len(PREFIX):]
    if len(body) > MAX_CODE_CHARS:
        raise InvalidSave("core.error.code_long")
    if not body or _ALPHABET.fullmatch(body) is None:
        raise InvalidSave("core.error.code_alphabet")
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        unzip = zlib.decompressobj()
        raw = unzip.decompress(packed, MAX_SAVE_BYTES)
        if unzip.unconsumed_tail:
            raise InvalidSave("core.error.code_big")
        if not unzip.eof:
            raise InvalidSave("core.error.code_cut")
        return raw.decode("utf-8")
    except InvalidSave:
        raise
    except (binascii.Error, ValueError, zlib.error):
        raise InvalidSave("core.error.code_damaged") from None


def load_share_code(code: object) -> Game[Any]:
    """The game a share code holds, replayed and checked like a save."""
    from .registry import load_game

    return load_game(unpack_share_code(code))


def load_code_or_save(text: object) -> Game[Any]:
    """The game in a share code (``tk1.…``) or in a save file's text (a JSON object, a
    byte-order mark before it allowed); InvalidSave if it is neither."""
    from .registry import load_game

    if isinstance(text, str):
        text = without_bom(text.strip()).strip()
        if text.startswith("{"):
            return load_game(text)
    return load_share_code(text)
