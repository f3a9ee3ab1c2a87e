"""Every engine error can be told in English and Dutch (docs/conventions.md, "Errors").

An error holds a catalog message (``core.i18n.Message``: a key and its parameters), and
``err.text(lang)`` tells it. Two nets, over every game in ``tk.GAMES``:

- the sources: every message a raise site (or a ``_why_illegal``) names is in both
  catalogs, and no raise site writes its message out in English;
- the errors themselves, collected by driving the hostile-input fuzz of
  ``test_hostile_inputs`` and illegal moves at every step of seeded random games: each
  one is told in Dutch from the Dutch catalog alone (no key falls back to English, no
  placeholder left over), differs from its English text and stays short.
"""

from __future__ import annotations

import ast
import json
import random
import re
import string
from collections import Counter
from collections.abc import Callable, Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

import treasurekit as tk
from treasurekit.core.i18n import LANGUAGES, Message, catalog, has
from treasurekit.core.registry import game_class, game_spec

from ..checks import step_randomly
from .registry import NAMES, setups
from .test_hostile_inputs import mutate, mutate_text, positions, saves

ERRORS = {"InvalidSave", "IllegalMove", "UnknownPlayer", "UnknownGame", "ClassError"}
SOURCES = Path(str(resources.files("treasurekit")))
#: how many mutated saves and positions per game: enough to meet most messages, fast
FUZZ = 300
#: a placeholder left in a told text ("{count}", "{n:one=...}")
PLACEHOLDER = re.compile(r"\{\w+(?::[^{}]*)?\}")


# ---- the sources ----------------------------------------------------------------------

def _game_of(path: Path) -> str | None:
    parts = path.relative_to(SOURCES).parts
    return parts[1] if parts[0] == "games" else None


def _key_pattern(node: ast.expr, game: str | None) -> str | None:
    """A message key named in the source, as a regular expression (a part computed at
    run time, as in ``f"{GAME}.error.phase.{phase}"``, matches any word); None when the
    argument is not a key written out (a Message made elsewhere)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return re.escape(node.value)
    if not isinstance(node, ast.JoinedStr):
        return None
    out = ""
    for part in node.values:
        if isinstance(part, ast.Constant):
            out += re.escape(str(part.value))
        elif (isinstance(part, ast.FormattedValue) and isinstance(part.value, ast.Name)
              and part.value.id == "GAME" and game is not None):
            out += re.escape(game)
        else:
            out += r"[\w-]+"
    return out


def named_keys() -> Iterator[tuple[str, str, ast.expr, ast.Call]]:
    """(where, key pattern, argument, call) for every message the engine names: the
    message of every error raised and every ``Message.of``."""
    for path in sorted(SOURCES.glob("core/*.py")) + sorted(SOURCES.glob("games/*/*.py")):
        game = _game_of(path)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name in ERRORS:
                arg = node.args[1 if name == "IllegalMove" else 0] if node.args else None
            elif name == "of" and isinstance(func, ast.Attribute) \
                    and getattr(func.value, "id", "") == "Message":
                arg = node.args[0]
            else:
                continue
            if arg is None:
                continue
            where = f"{path.relative_to(SOURCES)}:{node.lineno}"
            pattern = _key_pattern(arg, game)
            yield where, pattern or "", arg, node


def _all_keys(lang: str) -> list[str]:
    folder = SOURCES / "locales" / lang
    return [f"{p.stem}.{key}" for p in sorted(folder.glob("*.json"))
            for key in catalog(lang, p.stem)]


def test_every_message_named_by_the_engine_is_in_both_catalogs() -> None:
    keys = {lang: _all_keys(lang) for lang in LANGUAGES}
    named = list(named_keys())
    assert len(named) > 200, len(named)           # the net reaches every raise site
    missing = []
    for where, pattern, _, _ in named:
        if not pattern:
            continue
        for lang in LANGUAGES:
            if not any(re.fullmatch(pattern, k) for k in keys[lang]):
                missing.append(f"{where}: {pattern} ({lang})")
    assert not missing, missing


def _message(key: str, lang: str) -> object:
    namespace, _, rest = key.partition(".")
    return catalog(lang, namespace)[rest]


def test_every_raise_site_gives_its_message_the_parameters_it_names() -> None:
    """The parameters a raise site passes are the placeholders of its message (in both
    languages): a missing one could not be told, an extra one is a mistake."""
    keys = _all_keys("en")
    wrong = []
    for where, pattern, _, call in named_keys():
        if not pattern or any(kw.arg is None for kw in call.keywords):
            continue                                      # (**params: checked at run time)
        given = {kw.arg for kw in call.keywords}
        for key in (k for k in keys if re.fullmatch(pattern, k)):
            for lang in LANGUAGES:
                text = _message(key, lang)
                wanted = placeholders(text) | ({"count"} if isinstance(text, dict) else set())
                if wanted != given:
                    wrong.append(f"{where}: {key} ({lang}) wants {sorted(wanted)}, "
                                 f"gets {sorted(given)}")
    assert not wrong, wrong


def test_no_raise_site_writes_its_message_out() -> None:
    """An error's message is a catalog key (or a Message), never a sentence: a sentence
    would stay English on a Dutch page."""
    written = [f"{where}: {ast.unparse(arg)[:60]}" for where, pattern, arg, _ in named_keys()
               if pattern and not re.fullmatch(r"[\w\\.\[\]+-]+", pattern)]
    assert not written, written


def test_error_messages_have_the_same_placeholders_in_every_language() -> None:
    """(``tests/core/test_i18n.py`` checks it for every message; here: none is missing
    from a language, where ``tr`` would fall back to English.)"""
    for lang in LANGUAGES:
        for key in _all_keys("en"):
            if ".error." in key or key.startswith(("core.value.", "core.what.", "core.json.")):
                assert has(key, lang), f"{key} has no {lang} text"


def placeholders(text: object) -> set[str]:
    forms = list(text.values()) if isinstance(text, dict) else [text]
    return {name for form in forms for _, name, _, _ in string.Formatter().parse(str(form))
            if name}


# ---- the errors, collected ---------------------------------------------------------------

def _refusals(into: list[tk.TreasureKitError], call: Callable[..., Any], *args: Any) -> None:
    """``call(*args)``; the engine's error, if it raises one, goes ``into`` the list."""
    try:
        call(*args)
    except tk.TreasureKitError as err:
        into.append(err)


def hostile_errors(name: str) -> list[tk.TreasureKitError]:
    """The errors of the hostile-input fuzz (fewer rounds than its own test)."""
    rng = random.Random(f"error messages {name}")
    found: list[tk.TreasureKitError] = []
    docs = [json.loads(s) for s in saves(name, 2)]
    places = positions(name)
    for i in range(FUZZ):
        doc = rng.choice(docs)
        text: str | bytes = (mutate_text(json.dumps(doc), rng) if i % 2
                             else json.dumps(mutate(doc, rng)))
        _refusals(found, tk.load_game, text)
        place = mutate(rng.choice(places), rng)
        _refusals(found, tk.setup_position, name, place)
        _refusals(found, tk.setup_position, name, mutate_text(json.dumps(place), rng))
    _refusals(found, tk.load_share_code, "tk1.!!")
    _refusals(found, tk.load_share_code, "nonsense")
    fewest = tk.core.game_class(name).min_players
    _refusals(found, tk.new_game, name, 1000)
    _refusals(found, tk.new_game, name, fewest, 10**40)
    _refusals(found, tk.new_game, name, fewest, 0, "x" * 100)
    _refusals(found, tk.new_game(name, fewest).view, 99)
    _refusals(found, tk.new_game(name, fewest).undo)
    return found


def illegal_moves(name: str) -> list[tk.TreasureKitError]:
    """Refused moves at every step of seeded random games, of every set-up: moves legal
    at other steps, moves of the wrong shape, and garbage."""
    rng = random.Random(f"illegal moves {name}")
    found: list[tk.TreasureKitError] = []
    seen = ["", "x", "draw", "stop", "take:Z", "play:zz/sea", "place:x-9", "steal:p9-ruby-2",
            "x" * 500, "reveal:nothing", "lock:x", "pick:x"]
    for setup in (s for s in setups() if s.game == name):
        for seed in range(2 if setup.variant == "standard" else 1):
            g = setup.new(seed)
            while not g.is_over and len(g.history) < 400:
                legal = {str(m) for m in g.legal_moves()}
                if not g.is_chance:                 # (a roll's outcomes are thousands)
                    seen += sorted(legal - set(seen))
                tries = [m for m in rng.sample(seen, 6) if m not in legal]
                kinds = {m.partition(":")[0] for m in legal}
                tries += [f"{kind}:{'x' * rng.randrange(1, 60)}" for kind in kinds]
                for move in tries:
                    _refusals(found, g.play, move)
                if rng.random() < 0.05 and not g.is_chance:
                    _refusals(found, g.deal)
                step_randomly(g, rng)
            _refusals(found, g.play, "draw")
    return found


def messages_in(message: Message) -> Iterator[Message]:
    """``message`` and every message among its parameters."""
    yield message
    for _, value in message.params:
        if isinstance(value, Message):
            yield from messages_in(value)


def check_told(err: tk.TreasureKitError) -> None:
    for message in messages_in(err.message):
        assert has(message.key, "nl") and has(message.key, "en"), message.key
    nl, en = err.message.text("nl"), err.message.text("en")   # raises on a missing field
    told = err.text("nl")
    hostile = "".join(str(v) for m in messages_in(err.message) for _, v in m.params
                      if isinstance(v, str))
    assert not PLACEHOLDER.search(told) or "{" in hostile, told
    assert nl != en, f"{err.message.key} reads the same in Dutch: {nl}"
    assert told != str(err) and str(err) == err.text("en")
    if isinstance(err, tk.IllegalMove):
        assert err.reason in str(err) and err.reason_text("nl") in told
    assert 0 < len(err.text("nl")) <= 2 * err.MAX_MESSAGE


@pytest.mark.parametrize("name", NAMES)
def test_every_hostile_input_is_refused_in_dutch(name: str) -> None:
    found = hostile_errors(name)
    assert len({e.message.key for e in found}) >= 15, {e.message.key for e in found}
    for err in found:
        check_told(err)
        if isinstance(err, tk.InvalidSave):
            assert len(err.text("nl")) <= tk.InvalidSave.MAX_MESSAGE


#: how many refusals of each reason get every check of check_told
FULLY = 40
#: refusals that rest on no rule of the game: a text that is no move, a finished game,
#: a deal with no chance step due
NO_RULE = {"core.error.not_a_move", "core.error.move_text", "core.error.move_name",
           "core.error.game_over", "core.error.no_chance"}


@pytest.mark.parametrize("name", NAMES)
def test_every_illegal_move_is_refused_in_dutch_citing_its_rule(name: str) -> None:
    found = illegal_moves(name)
    keys = {e.message.key for e in found}
    assert any(k.startswith(f"{name}.error.") for k in keys), keys
    sections = set(game_spec(name).section_enum())
    checked: Counter[str] = Counter()
    for i, err in enumerate(found):
        # every refusal told in Dutch; all of check_told for the first FULLY of each
        # reason (a game refuses some 28,000 moves here, most of them for a few reasons)
        checked[err.message.key] += 1
        if checked[err.message.key] <= FULLY:
            check_told(err)
        else:
            told = err.text("nl")
            assert told and not PLACEHOLDER.search(told) and told != str(err), told
        # the rule, found when asked for (a playout on a copy): every third refusal
        if isinstance(err, tk.IllegalMove) and err.message.key not in NO_RULE and i % 3 == 0:
            assert err.section in sections, (err.message.key, err.section)


@pytest.mark.parametrize("name", NAMES)
def test_the_rules_of_refusals_are_the_games_own(name: str) -> None:
    """``Game.refusals``: every key a reason of the game in both catalogs, every rule a
    section of its rulebook."""
    refusals = game_class(name).refusals
    sections = set(game_spec(name).section_enum())
    for key, section in refusals.items():
        assert key.startswith(f"{name}.error.") and has(key, "en") and has(key, "nl"), key
        assert section in sections, key
