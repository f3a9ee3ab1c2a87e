"""The message catalog: every user-visible text, in English and Dutch.

Messages live in ``treasurekit/locales/<lang>/<namespace>.json``; a key is
``namespace.rest``. Missing Dutch text falls back to English.

>>> tr("core.language", "nl")
'Taal'
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

LANGUAGES: tuple[str, ...] = ("en", "nl")
DEFAULT_LANGUAGE = "en"


@cache
def catalog(lang: str, namespace: str) -> dict[str, str]:
    """All messages of one namespace in one language."""
    path = resources.files("treasurekit") / "locales" / lang / f"{namespace}.json"
    try:
        data: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    return data


def has(key: str, lang: str = DEFAULT_LANGUAGE) -> bool:
    namespace, _, rest = key.partition(".")
    return rest in catalog(lang, namespace)


def tr(key: str, lang: str = DEFAULT_LANGUAGE, /, **params: Any) -> str:
    """The message ``key`` in ``lang``, with ``{placeholders}`` filled in."""
    if lang not in LANGUAGES:
        lang = DEFAULT_LANGUAGE
    namespace, _, rest = key.partition(".")
    text = catalog(lang, namespace).get(rest)
    if text is None:
        text = catalog(DEFAULT_LANGUAGE, namespace).get(rest)
    if text is None:
        raise KeyError(f"no message {key!r}")
    return text.format(**params) if params else text


def language_from_query(query: str | None) -> str:
    """The language asked for by a URL query such as ``lang=nl``.

    >>> language_from_query("lang=nl&x=1")
    'nl'
    >>> language_from_query("")
    'en'
    """
    from urllib.parse import parse_qs

    values = parse_qs(query or "").get("lang", [])
    return values[0] if values and values[0] in LANGUAGES else DEFAULT_LANGUAGE
