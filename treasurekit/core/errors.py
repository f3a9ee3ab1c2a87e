"""Errors raised by the engine. Each carries a plain-language reason, in every language.

An error holds its message as a :class:`~treasurekit.core.i18n.Message` (a catalog key
and its parameters, hostile values already bounded by ``core.saves.shown``): nothing is
put into words when it is raised. ``str(err)`` is the English text, ``err.text(lang)`` the
text in another language (``err.message.text(lang)``: the reason of an
:class:`IllegalMove` alone).

>>> from treasurekit.core.i18n import Message
>>> err = InvalidSave(Message.of("core.error.players_differ"))
>>> str(err), err.text("nl")
('player names must be different', 'spelersnamen moeten verschillen')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .i18n import DEFAULT_LANGUAGE, Message, tr
from .sections import RuleSection


def cut(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters (the last one an ellipsis)."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _told(message: Message, lang: str) -> str:
    try:
        return message.text(lang)
    except Exception:     # a message the catalogs lack (a bug the tests catch): never
        return message.key    # another error while telling one


class TreasureKitError(Exception):
    """Base class of every error the engine raises on purpose.

    ``TreasureKitError(message)`` takes a :class:`Message`, or a catalog key and its
    parameters (``InvalidSave("core.error.players_differ")``)."""

    #: the longest message: a longer one is cut (hostile values are never echoed in full)
    MAX_MESSAGE = 300
    message: Message

    def __init__(self, message: Message | str, /, **params: Any) -> None:
        self.message = (message if isinstance(message, Message)
                        else Message.of(message, **params))
        super().__init__(self.message)

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The message in ``lang`` (``str(err)`` is the English one)."""
        return cut(_told(self.message, lang), self.MAX_MESSAGE)

    def __str__(self) -> str:
        return self.text()


class IllegalMove(TreasureKitError, ValueError):
    """A move the rules do not allow here. The game state is left unchanged.

    ``reason`` is the English reason; ``message`` the reason as a catalog message, and
    ``text(lang)`` the whole message (the move and the reason) in ``lang``; ``section``
    the rulebook section the refusal rests on (None for a text that is not a move at
    all, or a finished game), which an app shows as a § badge opening that rule."""

    def __init__(self, move: object, reason: Message | str, /, *,
                 section: RuleSection | Callable[[], RuleSection | None] | None = None,
                 **params: Any) -> None:
        super().__init__(reason, **params)
        self.move = move
        # a section, or how to find it when it is first asked for (a refusal is fast)
        self._section = section
        self.args = (move, self.message)        # so that a pickled error comes back
        self._shown = repr(cut(str(move), 40))

    @property
    def section(self) -> RuleSection | None:
        """The rulebook section the refusal rests on (None: no rule of the game)."""
        if callable(self._section):
            self._section = self._section()
        return self._section

    @property
    def reason(self) -> str:
        """Why the move is refused, in English."""
        return self.reason_text()

    def reason_text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """Why the move is refused, in ``lang`` (kept short: a list of outcomes is cut)."""
        return super().text(lang)

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return tr("core.error.illegal_move", lang, move=self._shown,
                  reason=self.reason_text(lang))


class InvalidSave(TreasureKitError, ValueError):
    """A save file, position description or share code that cannot be loaded (also a bad
    set-up argument such as a player count). The message is short: hostile values are never
    echoed in full, and a message longer than ``MAX_MESSAGE`` characters is cut."""

    MAX_MESSAGE = 300


class UnknownPlayer(TreasureKitError, ValueError):
    """A seat that is not in the game, e.g. ``view(5)`` at a 2-player table, ``view(True)``
    or ``view(1.5)``: a seat is an ``int`` from 0, or ``None`` for a spectator."""


class CannotAdvise(TreasureKitError, ValueError):
    """The coach (``tk.advise``) cannot advise here: the game is over, a chance step is
    next, the seat asking has no legal move now, or the budget is wrong (seconds above 0
    and at most 60, or 1 to 100,000 playouts: one of the two)."""


class UnknownGame(TreasureKitError, KeyError):
    """A game name that is not in the registry."""


class UnknownSection(TreasureKitError, KeyError):
    """A rule section that the game's rulebook does not have (asked of ``tk.rules(game)``
    by member or catalog key)."""


class UnknownKind(TreasureKitError, KeyError):
    """A practice kind that the game does not have (``tk.practice(game, kind=...)``)."""
