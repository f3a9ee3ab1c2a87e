"""The position editor: a table built by clicking, checked by the engine at every click,
played from and explained -- for every game with an app."""

from __future__ import annotations

import json
import random
from html import unescape

import pytest

import treasurekit as tk
from treasurekit.core.i18n import has, tr
from treasurekit.core.registry import game_class
from treasurekit.widgets.editor import get, listed
from treasurekit.widgets.editor_specs import spec_for
from treasurekit.widgets.move_picker import move_label

from ..generic.registry import NAMES
from .learner_helpers import visible_text
from .teacher_helpers import APPS, editor, palette_click
from .ui import App, click, find, one, texts


def _accepted(ed) -> tk.Game:
    assert ed.error is None, ed.error
    assert "tk-editor-ok" in ed.verdict.value
    return ed.game


def _build(name: str, ed) -> None:
    """Build a particular table by clicks, with a refused table on the way."""
    if name == "diving_bell":
        palette_click(ed, ("row",), "emerald3/1")
        palette_click(ed, ("piles", "Eric"), "gold2/1")
        ed.field_widgets[("phase",)].value = "choose"        # no division yet: refused
        assert ed.error and "tk-editor-error" in ed.verdict.value
        for pile in "ABA":
            palette_click(ed, ("division",), pile)
    elif name == "sea_or_shore":
        hand = ("hands", "Ann")
        first = get(ed.desc, hand)[0]
        one(ed, "tk-field-hands-ann").children[1].click()    # take a card out: hands differ
        assert first not in get(ed.desc, hand)
        assert ed.error and "same number" in ed.error
        for seat in ed.desc["players"][1:]:
            one(ed, f"tk-field-hands-{seat.lower()}").children[1].click()
        palette_click(ed, ("piles", "Eric"), "g5")
        ed.field_widgets[("starter",)].value = "Eric"
    elif name == "coralia":
        palette_click(ed, ("board", "red"), "fish")
        palette_click(ed, ("board", "red"), "fish")           # the same space twice: refused
        assert ed.error and ed.game.position["board"]["red"] == ["fish"]
        ed.remove_card(("board", "red"), 1)
        palette_click(ed, ("island",), "yellow")
    elif name == "captain_lucky":
        palette_click(ed, ("middle",), "ruby")
        palette_click(ed, ("collections", 1), "jade")
        palette_click(ed, ("hands", 0), "gold")              # six cards in a hand: refused
        assert ed.error and "5" in ed.error
        one(ed, "tk-field-hands-0").children[-1].click()
        ed.field_widgets[("turn",)].value = 1
    else:                  # a game this test does not name: its first field of cards
        field = next(f for f in ed.fields if f.kind == "cards")
        refused = False
        for choice in field.choices:
            palette_click(ed, field.path, str(choice))
            if ed.error:
                refused = True
                ed.remove_card(field.path, len(listed(get(ed.desc, field.path))) - 1)
            elif refused:
                break
        assert refused, "no card of the palette was refused on the way"


@pytest.mark.parametrize("name", APPS)
def test_build_a_table_by_clicking_then_play_from_it(name: str) -> None:
    app = App(name)
    ed = editor(app)
    start = _accepted(ed)
    _build(name, ed)
    game = _accepted(ed)
    assert game.to_json() != start.to_json()
    # the drawn table is the engine's table of this description
    assert ed.table.value == app.root.presenter.current().children[0].editor.table.value
    same = tk.setup_position(name, json.loads(json.dumps(ed.desc)))
    assert same.view(None) == game.view(None)
    click(one(ed, "tk-editor-play"))
    play = one(app.open_tab("tk-play"), "tk-play")
    assert app.tabs.children[app.tabs.selected_index] is play or play in find(
        app.tabs.children[app.tabs.selected_index], "tk-play")
    assert play.game.position == game.position
    # and the game goes on from there
    guard = 0
    while not play.game.is_over and len(play.game.history) < 3 and guard < 50:
        guard += 1
        if play.waiting:
            play.continue_one()
        else:
            play.human_move(play.game.legal_moves()[0])
    assert play.game.history


@pytest.mark.parametrize("name", APPS)
def test_explain_lists_the_legal_moves_in_words(name: str) -> None:
    """Every legal move, worded as the app's move buttons word it, and no engine code
    ("pick:yellow"); in the language of the page, after a switch too."""
    app = App(name)
    ed = editor(app)
    game = _accepted(ed)
    click(one(ed, "tk-editor-explain"))
    for code in ("en", "nl"):
        app.lang.code = code
        text = ed.explained.value
        assert tr("teacher.explain.title", code) in text
        if game.is_chance:
            assert tr("teacher.explain.chance", code) in text
            continue
        assert _move_items(ed) == _move_words(ed)
        assert not {str(m) for m in game.legal_moves()} & set(visible_text(text).split())
        assert app.lang.names(game.players)[game.current_player] in unescape(text)


def _move_items(ed) -> list[str]:
    """The explanation's list of moves, item by item, as a reader sees them."""
    items = ed.explained.value.split('<ul class="tk-explain-moves">')[1].split("</ul>")[0]
    return [visible_text(item) for item in items.split("</li>") if item]


def _move_words(ed) -> list[str]:
    game = ed.game
    words = ed.move_label or (lambda m, lang, _v: move_label(game.name, m, lang))
    view = game.view(game.current_player)
    return [" ".join(words(m, ed.lang, view).split()) for m in game.legal_moves()]


@pytest.mark.parametrize("name", APPS)
def test_a_refused_table_keeps_the_last_accepted_one_and_says_why(name: str) -> None:
    app = App(name)
    ed = editor(app)
    field = next(f for f in ed.fields if f.kind == "cards")
    for _ in range(30):                                 # too many cards somewhere
        last, before = ed.game, ed.table.value
        palette_click(ed, field.path, field.choices[0])
        if ed.error:
            break
    assert ed.error and ed.game is last
    assert "tk-editor-error" in ed.verdict.value
    assert one(ed, "tk-editor-play").disabled
    assert tr("teacher.editor.last_ok", "en") in ed.table.value
    assert before in ed.table.value
    click(one(ed, "tk-editor-reset"))
    assert ed.error is None


@pytest.mark.parametrize("name", [n for n in NAMES if spec_for(n) is not None])
def test_every_player_count_starts_accepted_and_every_choice_is_offered(name: str) -> None:
    spec = spec_for(name)
    assert spec is not None
    for n in spec.players:
        desc = spec.start(list(tk.core.game_class(name)(players=n).players))
        tk.setup_position(name, desc)
        for f in spec.fields(desc):
            if f.kind == "choice":
                assert get(desc, f.path) in f.choices, f.path


def test_the_editor_follows_the_language_switch() -> None:
    app = App("captain_lucky")
    ed = editor(app)
    app.switch()
    assert one(ed, "tk-editor-play").description == tr("teacher.editor.play", "nl")
    labels = [b.description for b in find(ed, "tk-palette-card")]
    assert tr("captain_lucky.type.jade", "nl") in labels


def test_coralia_dice_onto_reefs_checked_by_the_engine() -> None:
    """Coralia's app arrives with issue 12: its spec already drives the generic editor."""
    from treasurekit.widgets.editor import PositionEditor
    from treasurekit.widgets.lang import Language

    lang = Language(code="nl")
    drawn: list[tk.Game] = []

    def render(game: tk.Game, _lang: Language, seat: int | None = None, /, hide=()) -> str:
        drawn.append(game)
        return f"<pre>{json.dumps(game.view(seat), default=str)[:200]}</pre>"

    spec = spec_for("coralia")
    assert spec is not None
    ed = PositionEditor(spec, lang, render, lambda n: ["Jenny", "Michael"][:n])
    _accepted(ed)
    palette_click(ed, ("board", "red"), "fish")
    palette_click(ed, ("board", "red"), "white-pearl")
    game = _accepted(ed)
    assert game.position["board"]["red"] == ["fish", "white-pearl"]
    assert drawn[-1] is game
    palette_click(ed, ("board", "red"), "fish")                  # the same space twice
    assert ed.error and ed.game is game
    ed.remove_card(("board", "red"), 2)
    _accepted(ed)
    ed.explain()
    assert _move_items(ed) == _move_words(ed)
    labels = [b.description for b in find(ed, "tk-palette-card")]
    assert tr("coralia.space.treasure", "nl") in labels


@pytest.mark.parametrize("code", ["en", "nl"])
def test_coralia_builder_places_octopuses_and_divers(code: str) -> None:
    """Coralia's builder offers what a legal table needs: an octopus beside a die on an
    octopus space, a diver on a die on a diver space (or that die above a taken treasure
    space); the engine refuses the table without them and says why. Its starting player
    is no trick's starter."""
    app = App("coralia", code)
    ed = editor(app)
    words = texts(ed)
    assert tr("teacher.field.start_player", code) in words
    assert tr("teacher.field.starter", code) not in words
    names = ed.desc["players"]

    def refused(english: str) -> None:
        assert ed.error and (code != "en" or english in ed.error), ed.error
    palette_click(ed, ("board", "yellow"), "octopus")
    refused("octopus space of the yellow reef has no octopus")
    palette_click(ed, ("octopuses", names[1]), "yellow")
    game = _accepted(ed)
    assert game.view(None)["reefs"][0]["octopus"] == 1
    palette_click(ed, ("octopuses", names[0]), "red")             # no die there
    refused("octopus space of the red reef")
    one(ed, f"tk-field-octopuses-{names[0].lower()}").children[-1].click()
    _accepted(ed)
    palette_click(ed, ("board", "blue"), "diver")
    refused("diver space of the blue reef needs a diver")
    diver = ed.field_widgets[("divers", names[0])]
    assert [label for label, _ in diver.options][:2] == [
        tr("teacher.field.on_ship", code), tr("coralia.reef", code, colour=tr(
            "coralia.adj.yellow", code))]
    diver.value = "blue"
    assert _accepted(ed).view(None)["divers"][0] == "blue"
    diver.value = ""                                               # back on the ship
    refused("diver space of the blue reef needs a diver")
    assert ed.desc["divers"][names[0]] is None
    palette_click(ed, ("board", "blue"), "treasure")               # a diver left the reef
    _accepted(ed)


def test_a_number_field_shows_its_bounds() -> None:
    """A number box keeps to its bounds without a word when more is typed: its label
    says them, in every app that has one."""
    checked = 0
    for name in APPS:
        app = App(name)
        ed = editor(app)
        for f in [f for f in ed.fields if f.kind == "count"]:
            lo, hi = f.choices
            label = ed.field_widgets[f.path].description
            assert label == tr("teacher.editor.count", "en", field=f.title(app.lang), lo=lo,
                               hi=hi)
            checked += 1
    assert checked


@pytest.mark.parametrize("name", NAMES)
def test_every_phase_a_game_shows_has_words(name: str) -> None:
    """"Explain this position" names the phase of the turn in words ("Phase of the turn:
    play" was the engine's code): every phase seeded random games pass through has its
    message, in every language."""
    cls = game_class(name)
    phases: set[str] = set()
    for players in range(cls.min_players, cls.max_players + 1):
        for seed in range(4):
            g = tk.new_game(name, players=players, seed=seed)
            rng = random.Random(seed)
            while True:
                phases.add(g.view(None)["phase"])
                if g.is_over:
                    break
                g.deal() if g.is_chance else g.play(rng.choice(g.legal_moves()))
    missing = {(code, p) for p in phases for code in ("en", "nl")
               if not has(f"teacher.phase.{name}.{p}", code)}
    assert not missing, missing
