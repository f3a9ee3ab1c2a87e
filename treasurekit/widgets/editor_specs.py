"""What the position editor may change in a game, derived from the game's spec.

A game's ``GameSpec.position_schema`` (``core.spec.PositionSchema``, declared beside the
game's ``position.py``) names the fields of its position description with the choices the
engine accepts there, and an accepted starting table; the player counts come from the
spec too. This module only puts the schema's catalog messages into the page's language.
The engine still checks every table the editor builds. A game without a schema gets the
share and review panels but no editor.
"""

from __future__ import annotations

from typing import Any

from ..core.errors import UnknownGame
from ..core.registry import game_spec
from ..core.spec import PositionField, PositionSchema
from .editor import EditorSpec, Field
from .lang import Language


def words(value: Any, lang: Language) -> str:
    """A schema's label or title in the page's language (a Message, a card, or a text)."""
    if hasattr(value, "label"):
        return str(value.label(lang.code))
    return str(value)


def editor_field(found: PositionField) -> Field:
    """The editor's field for one field of a position schema."""
    label = found.label
    if label is None:
        return Field(found.path, found.kind, lambda lang: words(found.title, lang),
                     found.choices, counted=found.counted)
    return Field(found.path, found.kind, lambda lang: words(found.title, lang), found.choices,
                 lambda value, lang: words(label(value), lang), counted=found.counted)


def editor_spec(game: str, schema: PositionSchema, players: tuple[int, ...]) -> EditorSpec:
    """The editor's spec of ``game``: the schema's fields, the player counts in order."""
    return EditorSpec(game, tuple(sorted(players)), schema.start,
                      lambda desc: [editor_field(f) for f in schema.fields(desc)])


def spec_for(game: str) -> EditorSpec | None:
    """The editor spec of ``game`` (None for a game without a position schema)."""
    try:
        spec = game_spec(game)
    except UnknownGame:
        return None
    schema = spec.schema()
    return None if schema is None else editor_spec(game, schema, spec.players)
