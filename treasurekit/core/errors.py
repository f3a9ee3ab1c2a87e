"""Errors raised by the engine. Each carries a plain-language reason."""

from __future__ import annotations


class TreasureKitError(Exception):
    """Base class of every error the engine raises on purpose."""


class IllegalMove(TreasureKitError, ValueError):
    """A move the rules do not allow here. The game state is left unchanged."""

    def __init__(self, move: object, reason: str) -> None:
        self.move = move
        # kept short, like every message: a long reason (a list of outcomes) is cut
        self.reason = reason if len(reason) <= 300 else reason[:299] + "…"
        shown = str(move)
        shown = shown if len(shown) <= 40 else shown[:39] + "…"
        super().__init__(f"illegal move {shown!r}: {self.reason}")


class InvalidSave(TreasureKitError, ValueError):
    """A save file, position description or share code that cannot be loaded (also a bad
    set-up argument such as a player count). The message is short: hostile values are never
    echoed in full, and a message longer than ``MAX_MESSAGE`` characters is cut."""

    MAX_MESSAGE = 300

    def __init__(self, message: str) -> None:
        if len(message) > self.MAX_MESSAGE:
            message = message[:self.MAX_MESSAGE - 1] + "…"
        super().__init__(message)


class UnknownPlayer(TreasureKitError, ValueError):
    """A seat that is not in the game, e.g. ``view(5)`` at a 2-player table, ``view(True)``
    or ``view(1.5)``: a seat is an ``int`` from 0, or ``None`` for a spectator."""


class CannotAdvise(TreasureKitError, ValueError):
    """The coach (``tk.advise``) cannot advise here: the game is over, a chance step is
    next, the seat asking has no legal move now, or the budget is wrong (seconds above 0
    and at most 60, or 1 to 100,000 playouts: one of the two)."""


class UnknownGame(TreasureKitError, KeyError):
    """A game name that is not in the registry."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown game"
