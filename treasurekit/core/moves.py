"""Moves: small frozen values with a notation that round-trips through ``str``.

>>> m = Move("take", "A")
>>> str(m)
'take:A'
>>> Move.parse("take:A") == m
True
>>> str(Move("draw"))
'draw'
"""

from __future__ import annotations

from typing import NamedTuple

from .errors import IllegalMove


class Move(NamedTuple):
    """A decision or a chance outcome: a ``kind`` and an optional argument (immutable)."""

    kind: str
    arg: str = ""

    def __str__(self) -> str:
        return f"{self.kind}:{self.arg}" if self.arg else f"{self.kind}"

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move from its notation (the inverse of ``str``)."""
        if not isinstance(text, str) or not text.strip():
            raise IllegalMove(text, "core.error.move_text")
        kind, _, arg = text.strip().partition(":")
        if not kind.replace("-", "").isalnum():
            raise IllegalMove(text, "core.error.move_name", name=repr(kind[:30]))
        return cls(kind, arg)
