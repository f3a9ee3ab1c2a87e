"""Errors raised by the engine. Each carries a plain-language reason."""

from __future__ import annotations


class TreasureKitError(Exception):
    """Base class of every error the engine raises on purpose."""


class IllegalMove(TreasureKitError, ValueError):
    """A move the rules do not allow here. The game state is left unchanged."""

    def __init__(self, move: object, reason: str) -> None:
        self.move = move
        self.reason = reason
        super().__init__(f"illegal move {str(move)!r}: {reason}")


class InvalidSave(TreasureKitError, ValueError):
    """A save file or position description that cannot be loaded."""


class UnknownGame(TreasureKitError, KeyError):
    """A game name that is not in the registry."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown game"
