"""Play a full game: the learner against bots, or a class passing one device around.

Against the computer the learner sits in seat 0 and sees only seat 0's view. In
pass-and-play ("hot seat") every seat is human: before each player's turn a cover
screen asks the others to look away, and only then shows that player's hand.

The "expert" level is the coach's search (core/search.py): while it thinks, a progress bar
moves and the page stays live (the search runs in slices between the kernel's messages:
thinking.py). During the learner's turn "Hint" asks the coach for the top three moves with
their chances to win, and why.

"Take back my move" undoes the last move made at this device and everything that
followed it, as far as the engine allows (``Game.take_back_limit``: never past a chance
step or cards shown to that player); otherwise the button is disabled and says why. In
pass-and-play only the player who just moved may take back, before the next player takes
the device.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from html import escape
from typing import Any, Protocol

import ipywidgets as w
import traitlets

from ..core.bots import Bot
from ..core.errors import InvalidSave
from ..core.events import Event
from ..core.game import Game
from ..core.i18n import Percent, join
from ..core.moves import Move
from ..core.registry import load_game, new_game
from ..core.search import Advice, ExpertBot, Search
from .example_player import Render
from .lang import Language, button, relabel
from .move_picker import MovePicker
from .narrator import Narrator
from .review import GameReview, Recap, SaveLoad
from .style import panel
from .table import ClickableTable, moves_for, tokens
from .thinking import Job, Later, on_the_loop


class Picker(Protocol):
    """Anything that offers the legal moves to a person and reports the chosen one."""

    def update(self, moves: list[Move], view: dict[str, Any] | None = None) -> None: ...


PickerFactory = Callable[[str, Language, Callable[[Move], None]], w.Widget]

#: Seat names for games with more than two players (seat 0 is the learner).
SEAT_NAMES = ("Ann", "Eric", "Marlou", "Niels", "Stephanie", "Jenny")


class GamePlayer(w.VBox):
    """A game against bots (learner in seat 0) or pass-and-play; seeded dealer."""

    #: What a reload needs to carry on (:meth:`snapshot`), noted after every change; the
    #: app keeps it in the learner's browser (keep.py).
    kept = traitlets.Dict()

    def __init__(self, game: str, lang: Language, render: Render,
                 bots: dict[str, Callable[[], Bot]], variants: tuple[str, ...],
                 seed: int = 1, counts: tuple[int, ...] = (2,),
                 picker: PickerFactory | None = None, hot_seat: bool = False,
                 step_by_step: bool = True, recap: Recap | None = None) -> None:
        super().__init__()
        bots = {**bots, "expert": bots.get("expert", ExpertBot)}     # every game has one
        self.name, self.lang, self.render_table, self.bots = game, lang, render, bots
        self.recap, self.variants = recap, variants
        self.last: list[Event] = []     # the events of the last move shown
        #: the coach's budget for a hint (seconds or playouts: see ``tk.advise``), and
        #: how its slices are scheduled (None: the kernel's loop if one runs, else at once)
        self.hint_budget: dict[str, Any] = {"seconds": 1.0}
        self.later: Later | None = on_the_loop()
        self.job: Job | None = None           # the search running now, if any
        self.hint: Advice | None = None       # the last hint, until the learner moves
        #: the expert's advice to itself, by the step of its move (the review tells it)
        self.reasons: dict[int, Advice] = {}
        self._one = False                     # the expert thinking: stop after its move
        self._thinking_says: tuple[str, dict[str, Any]] = ("", {})
        self.add_class("tk-play")
        self.variant = w.Dropdown(options=variants, value=variants[0])
        # the strongest rule-of-thumb level first chosen: the expert takes a second a move
        self.level = w.Dropdown(options=list(bots), value=list(bots)[-2])
        self.count = w.Dropdown(options=counts, value=counts[0],
                                layout=w.Layout(width="11em",
                                                display="" if len(counts) > 1 else "none"))
        self.count.add_class("tk-players")
        self.mode = w.ToggleButtons(options=["bots", "hot"], value="bots",
                                    style={"button_width": "auto"},
                                    layout=w.Layout(display="" if hot_seat else "none"))
        self.mode.add_class("tk-mode")
        self.seed = w.BoundedIntText(value=seed, min=0, max=10**9, layout=w.Layout(width="8em"))
        self.start = button("play", "tk-new-game", self.new, button_style="primary")
        self.takeback = button("undo", "tk-takeback", self.take_back,
                               layout=w.Layout(width="auto"))
        self.takeback_why = w.HTML()         # why "Take back" is disabled, if it is
        self.takeback_why.add_class("tk-takeback-why")
        self.ready = button("eye", "tk-ready", self.show_hand, button_style="warning",
                            layout=w.Layout(width="auto"))
        # the computer's moves one at a time: each waits for the learner's "next"
        self.pace = w.Checkbox(value=step_by_step, indent=False)
        self.pace.add_class("tk-pace")
        self.go_on = button("step-forward", "tk-continue", self.continue_one,
                            button_style="primary", layout=w.Layout(width="auto"))
        self.skip = button("fast-forward", "tk-skip", self.continue_all,
                           layout=w.Layout(width="auto"))
        self.table_moves: list[Move] = []
        # the coach: a hint on the learner's turn; the progress while the computer thinks
        self.hint_button = button("lightbulb-o", "tk-hint", self.ask_hint,
                                  layout=w.Layout(width="auto"))
        self.hint_box = w.HTML()
        self.hint_box.add_class("tk-hint-box")
        self.thinking_bar = w.FloatProgress(value=0.0, min=0.0, max=1.0,
                                            layout=w.Layout(width="12em"))
        self.thinking_text = w.HTML()
        self.thinking = w.HBox([self.thinking_bar, self.thinking_text],
                               layout=w.Layout(display="none", align_items="center"))
        self.thinking.add_class("tk-thinking").add_class("tk-gap-8")
        self.status = w.HTML()
        self.recap_box = w.HTML()
        self.recap_box.add_class("tk-recap")
        # the drawn table: touch a card, pile or set to play it (the buttons stay)
        self.table = ClickableTable(on_pick=self.touch)
        self.picker: Any = (picker or MovePicker)(game, lang, self.human_move)
        self.narrator = Narrator(lang, limit=40)   # the game so far, scrolled to its end
        # after the last move: the whole game again, step by step; a save file any time
        self.review = GameReview(lang, render, recap, picker=lambda lang, on_move: (
            picker or MovePicker)(game, lang, on_move))
        self.review.layout.display = "none"
        self.review_open = button("history", "tk-review-open", self.open_review,
                                  button_style="info", layout=w.Layout(width="auto"))
        self.review_close = button("times", "tk-review-close", self.close_review,
                                   layout=w.Layout(width="auto"))
        self.files = SaveLoad(game, lang, self.load)
        self.cover = w.VBox([w.HTML(), self.ready])
        self.cover.add_class("tk-cover")
        # The table and, beside it, what the learner reads and clicks: the state of the
        # game, the moves, the last move's recap and the log. On a wide screen the two
        # stand side by side from just under the set-up row, so the table and the
        # buttons that play it fit on one screen; on a narrow one (and in presenter mode)
        # the side's parts come above the table and the log under it (style.CSS).
        controls = w.HBox([self.picker, self.go_on, self.skip, self.hint_button,
                           self.takeback, self.review_open],
                          layout=w.Layout(flex_flow="row wrap"))
        controls.add_class("tk-moves-row").add_class("tk-gap-12")
        self.side = w.VBox([self.status, self.thinking, controls, self.takeback_why,
                            self.hint_box, self.recap_box, self.narrator])
        self.side.add_class("tk-play-side")
        self.play_area = w.HBox([self.table, self.side])
        self.play_area.add_class("tk-play-area").add_class("tk-gap-6-14")
        setup = w.HBox([self.mode, self.variant, self.level, self.count, self.seed,
                        self.start, self.pace],
                       layout=w.Layout(flex_flow="row wrap"))
        setup.add_class("tk-setup").add_class("tk-gap-6")
        # on a phone the set-up row folds away behind this switch (style.CSS), so that
        # the table comes first
        self.setup_open = w.ToggleButton(value=False, icon="sliders",
                                         layout=w.Layout(width="auto"))
        self.setup_open.add_class("tk-setup-open")
        self.setup_open.observe(
            lambda c: setup.remove_class("tk-folded") if c["new"] else setup.add_class("tk-folded"),
            names="value")
        setup.add_class("tk-folded")
        self.children = [self.setup_open, setup, self.cover, w.HBox([self.review_close]),
                         self.review, self.play_area, self.files]
        # the learner's and the computer's names follow the language (core.i18n.SeatName)
        lang.on_change(self.refresh)
        self._relabelling = False       # new labels briefly reset the mode: not a new game
        self.mode.observe(lambda _c: None if self._relabelling else self.new(), names="value")
        # no more waiting for "next": the computer plays on to the learner's turn
        self.pace.observe(lambda c: None if c["new"] or not self.waiting
                          else self.continue_all(), names="value")
        for choice in (self.level, self.pace):
            choice.observe(lambda _c: self.note(), names="value")
        self.new()

    # ---- seats -----------------------------------------------------------------
    @property
    def hot(self) -> bool:
        return bool(self.mode.value == "hot")

    def names(self, count: int) -> list[str]:
        """The players' names in the current language."""
        if self.hot:
            return list(SEAT_NAMES[:count])
        if count == 2:
            return [self.lang.t("core.seat.you"), self.lang.t("core.seat.computer")]
        return [self.lang.t("core.seat.you"), *SEAT_NAMES[1:count]]

    def humans(self) -> range:
        return range(len(self.game.players)) if self.hot else range(1)

    # ---- playing ---------------------------------------------------------------
    def new(self) -> None:
        self.stop_thinking()
        self.reasons = {}
        names = self.names(int(self.count.value))
        self.game: Game[Any] = new_game(self.name, names, self.seed.value, self.variant.value)
        self.bot = self.bots[self.level.value]()
        self.rng = random.Random(self.seed.value)
        #: (steps before a move made at this device, the seat that made it), last last
        self.marks: list[tuple[int, int]] = []
        self.shown: int | None = None if self.hot else 0
        self.narrator.clear()
        self.reviewing = False
        self._show(self.advance(one=self.pace.value))
        self.refresh()

    def load(self, game: Game[Any]) -> None:
        """Carry on with (or review) a game loaded from a save file; the learner takes
        seat 0 again."""
        self.stop_thinking()
        self.reasons = {}
        self.game = game
        if len(game.players) in self.count.options:
            self.count.value = len(game.players)
        self.marks, self.last, self.reviewing = [], [], False
        self.shown = None if self.hot else 0
        self.narrator.show(game.events[-8:], replace=True)
        self.refresh()

    def open_review(self) -> None:
        self.reviewing = True
        self.review.review(self.game, learners=self.humans(), reasons=self.reasons)
        self.refresh()

    def close_review(self) -> None:
        self.reviewing = False
        self.refresh()

    def human_move(self, move: Move) -> None:
        seat = self.game.current_player
        if seat is None or seat not in self.humans() or (self.hot and seat != self.shown):
            return
        self.marks.append((len(self.game.history), seat))
        self.stop_thinking()              # a hint still thinking: the learner moved on
        events = [*self.game.play(move), *self.advance(one=self.pace.value)]
        self._show(events)
        self.refresh()

    def touch(self, token: str) -> None:
        """The learner touched something on the table: the one move it means is played;
        when it means several (a card to play with a side to choose), the picker is asked
        to select it, if it can."""
        moves = moves_for(token, self.table_moves, self.game.move_subject)
        if len(moves) == 1:
            self.human_move(moves[0])
        elif moves and hasattr(self.picker, "select"):
            self.picker.select(token, moves)

    def continue_one(self) -> None:
        """The learner's "next": the computer makes its next move."""
        if self.job is None:
            self._show(self.advance(one=True))
            self.refresh()

    def continue_all(self) -> None:
        """The computer plays on until it is the learner's turn again."""
        if self.job is None:
            self._show(self.advance())
            self.refresh()
        else:
            self._one = False            # the move being thought of, then on

    def _show(self, events: list[Event]) -> None:
        self.last = events
        self.narrator.show(events)

    @property
    def waiting(self) -> bool:
        """Whether the computer has a move to make that waits for the learner's "next"."""
        g = self.game
        return not g.is_over and g.current_player not in self.humans()

    def advance(self, one: bool = False, moved: bool = False) -> list[Event]:
        """Let the dealer and the bots act until a person must decide or the game ends;
        with ``one``, only until a bot has made one move (and its chance outcomes). The
        expert thinks in the background (:meth:`think`): this returns at its turn, and
        the game goes on when it has chosen."""
        events: list[Event] = []
        g = self.game
        while not g.is_over and g.current_player not in self.humans():
            if g.is_chance:
                events += g.deal()
            elif one and moved:
                break
            else:
                seat = g.current_player or 0
                view = g.view(seat)
                if isinstance(self.bot, ExpertBot) and len(view["legal"]) > 1:
                    played = self.think(view, one)
                    if played is None:            # thinking in the background
                        break
                    events += played
                else:
                    events += g.play(self.bot.choose(view, self.rng))
                moved = True
        return events

    # ---- the coach -------------------------------------------------------------------
    def think(self, view: dict[str, Any], one: bool) -> list[Event] | None:
        """The expert's move, searched slice by slice with its progress shown; played
        when the budget is spent (then the computer goes on as ``advance`` would). With
        no event loop to run slices on, it is searched and played at once: its events."""
        bot = self.bot
        assert isinstance(bot, ExpertBot)
        search = Search(view, seed=self.rng.getrandbits(64))
        work = search.steps(bot.seconds, bot.playouts)
        if self.later is None:
            for _ in work:
                pass
            return self._play_best(search)
        self._one = one

        def done(_: None) -> None:
            self.job = None
            self._show([*self._play_best(search), *self.advance(self._one, moved=True)])
            self.refresh()

        self._start_job(work, done, "learner.coach.thinking",
                        player=self.game.players[view["you"]])
        return None

    def _play_best(self, search: Search) -> list[Event]:
        """Play the search's best move, its advice kept for the review."""
        self.reasons[len(self.game.history)] = search.advice()
        return list(self.game.play(search.best()))

    def ask_hint(self) -> None:
        """The learner's "Hint": the coach searches from their view (the seat holding the
        device), then shows its top three moves, their chances and why."""
        g, seat = self.game, self.game.current_player
        if (self.job is not None or g.is_over or g.is_chance or seat is None
                or seat not in self.humans() or (self.hot and seat != self.shown)):
            return
        search = Search(g.view(seat), seed=len(g.history))

        def done(_: None) -> None:
            self.job = None
            self.hint = search.advice()
            self.refresh()

        self._start_job(search.steps(**self.hint_budget), done, "learner.coach.hinting")

    def _start_job(self, work: Any, done: Any, key: str, **params: Any) -> None:
        self._thinking_says = (key, params)

        def progress(fraction: float) -> None:
            self.thinking_bar.value = fraction
            self.thinking_text.value = self._thinking_label(fraction)

        progress(0.0)
        self.job = Job(work, progress, done, self.later)
        self.refresh()
        self.job.start()

    def _thinking_label(self, fraction: float) -> str:
        key, params = self._thinking_says
        return (f'<span class="tk-thinking-text">'
                f'{escape(self.lang.t(key, percent=Percent(fraction), **params))}</span>')

    def stop_thinking(self) -> None:
        """Stop the search running now (a new game, a load, a take-back, the learner's
        move after a hint asked): it plays nothing; the hint shown goes."""
        if self.job is not None:
            self.job.cancel()
            self.job = None
        self.hint = None

    def show_hand(self) -> None:
        """Hot seat: the player to move has the device and the others look away."""
        self.shown = self.game.current_player
        self.refresh()

    def take_back_refused(self) -> str | None:
        """Why the last move made at this device cannot be taken back now (a catalog key),
        or None if it can."""
        if not self.marks:
            return "widgets.take_back_why.nothing"
        mark, seat = self.marks[-1]
        if self.hot and seat != self.shown:          # the next player holds the device
            return "widgets.take_back_why.other"
        limit = self.game.take_back_limit(seat)
        return f"widgets.take_back_why.{limit.why}" if mark < limit.steps else None

    def take_back(self) -> None:
        """Undo the last move made at this device and everything that followed it, if
        the rules allow it (see ``take_back_refused``)."""
        if self.take_back_refused() is not None:
            return
        self.stop_thinking()
        mark, _seat = self.marks.pop()
        while len(self.game.history) > mark:
            self.game.undo()
        self.reasons = {step: why for step, why in self.reasons.items() if step < mark}
        self.narrator.show([], replace=True)
        self.last = []
        self.refresh()

    # ---- kept in the learner's browser -----------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        """The game's save and the set-up chosen (as after a load, the new page starts
        with nothing to take back)."""
        return {"save": self.files.save_text or self.game.to_json(), "mode": self.mode.value,
                "level": self.level.value, "pace": bool(self.pace.value)}

    def note(self) -> None:
        """Note the :meth:`snapshot` in ``kept`` (after every change)."""
        if hasattr(self, "game"):
            self.kept = self.snapshot()

    def restore(self, kept: Any) -> bool:
        """Carry on from a :meth:`snapshot` (kept by an earlier page). False, and nothing
        changed, if it is not one this player could have made: not a dict of the right
        fields, a save the engine refuses (``InvalidSave``), another game, a set-up this
        app does not offer."""
        if not isinstance(kept, dict) or set(kept) != {"save", "mode", "level", "pace"}:
            return False
        save, mode, level, pace = kept["save"], kept["mode"], kept["level"], kept["pace"]
        modes = ("bots", "hot") if self.mode.layout.display != "none" else ("bots",)
        if (type(save) is not str or mode not in modes or type(level) is not str
                or level not in self.bots or type(pace) is not bool):
            return False
        try:
            game = load_game(save)
        except InvalidSave:
            return False
        if (game.name != self.name or game.variant not in self.variants
                or len(game.players) not in self.count.options):
            return False
        self._relabelling = True        # a new mode without a new game
        self.mode.value = mode
        self._relabelling = False
        self.level.value, self.variant.value = level, game.variant
        if type(game.seed) is int and self.seed.min <= game.seed <= self.seed.max:
            self.seed.value = game.seed
        self.bot = self.bots[level]()
        self.load(game)
        self.pace.value = pace
        return True

    # ---- drawing ---------------------------------------------------------------
    def refresh(self) -> None:
        t, g = self.lang.t, self.game
        self.start.description = t("widgets.new_game")
        self.setup_open.description = t("widgets.setup")
        self.takeback.description = t("widgets.take_back")
        refused = self.take_back_refused()
        self.takeback.disabled = refused is not None
        why = "" if refused is None else t(refused, player=self.game.players[
            self.marks[-1][1]]) if self.marks else t(refused)
        self.takeback.tooltip = why
        self.takeback_why.value = (f'<p class="tk-muted">{escape(why)}</p>'
                                   if why and self.marks else "")
        self.variant.description = t("widgets.variant")
        relabel(self.variant, [(t(f"{self.name}.variant.{v}"), v) for v in g.variants])
        self.count.description = t("widgets.players")
        self._relabelling = True
        relabel(self.mode, [(t("widgets.mode.bots"), "bots"), (t("widgets.mode.hot"), "hot")])
        self._relabelling = False
        self.level.description = t("widgets.opponent")
        relabel(self.level, [(t(f"widgets.bot.{b}"), b) for b in self.bots])
        self.seed.description = t("widgets.seed")
        self.review_open.description = t("learner.review.open")
        self.review_close.description = t("learner.review.close")
        reviewing = self.reviewing and g.is_over
        self.review_open.layout.display = "" if g.is_over and not reviewing else "none"
        self.review_close.layout.display = "" if reviewing else "none"
        self.review.layout.display = "" if reviewing else "none"
        self.play_area.layout.display = "none" if reviewing else ""
        self.files.offer(g)
        self.note()
        self.pace.description = t("learner.pace")
        self.pace.layout.display = "none" if self.hot else ""
        thinking = self.job is not None
        waiting = self.waiting and not self.hot and not thinking
        self.go_on.layout.display = self.skip.layout.display = "" if waiting else "none"
        self.thinking.layout.display = "" if thinking else "none"
        if thinking:
            self.thinking_text.value = self._thinking_label(self.thinking_bar.value)
        if waiting:
            self.go_on.description = t("learner.next_move",
                                       player=g.players[g.current_player or 0])
            self.skip.description = t("learner.play_on")
        seat = g.current_player
        covered = self.hot and not g.is_over and seat != self.shown
        self.cover.layout.display = "" if covered else "none"
        if covered and seat is not None:
            who = g.players[seat]
            self.cover.children[0].value = panel(
                t("widgets.hot.title"), f'<p class="tk-cover-text">'
                f'{escape(t("widgets.hot.pass_to", player=who))}</p>')
            self.ready.description = t("widgets.hot.ready", player=who)
        self.status.value = panel(t("widgets.game"), self._status())
        # while the device changes hands, the log shows only what everyone may read;
        # once the game is over, every secret may be told
        viewer = (None if g.is_over else self.shown if self.shown is not None and not covered
                  else -1)
        self.narrator.viewer = viewer
        self.narrator.render()
        self.table.value = "" if covered else self.render_table(
            g, self.lang, self.shown if not g.is_over else None)
        self.recap_box.value = ("" if covered or reviewing or self.recap is None or not self.last
                                else self.recap(self.last, self.lang, viewer))
        mine = not covered and seat is not None and seat in self.humans()
        self.hint_button.description = t("learner.coach.hint")
        self.hint_button.layout.display = "" if mine and not g.is_over else "none"
        self.hint_button.disabled = thinking
        self.hint_box.value = self._hint_html() if mine and self.hint is not None else ""
        self.table_moves = g.legal_moves() if mine else []
        self.table.picks = tokens(self.table_moves, g.move_subject)
        self.picker.update(self.table_moves,
                           g.view(seat) if mine and seat is not None else None)

    def _hint_html(self) -> str:
        """The hint: the top three moves with their chances to win, then why the best."""
        advice, t, lang = self.hint, self.lang.t, self.lang.code
        assert advice is not None
        rows = "".join(
            f'<li class="tk-hint-move">{escape(advice.name(m.move, lang))} '
            f'<b>{escape(t("learner.coach.chance", win=Percent(m.win)))}</b></li>'
            for m in advice.moves[:3] if m.playouts)
        why = "".join(f"<p>{escape(line)}</p>" for line in advice.text(lang).splitlines())
        return panel(t("learner.coach.hint_title"),
                     f'<ol class="tk-hint-moves">{rows}</ol><div class="tk-hint-why">{why}</div>')

    def _status(self) -> str:
        t, g = self.lang.t, self.game
        if not g.is_over:
            seat = g.current_player
            who = g.players[seat or 0]
            text = (t("learner.computer_to_move", player=who) if self.waiting and not self.hot
                    else t("widgets.your_turn") if not self.hot else
                    t("widgets.hot.turn", player=who) if seat == self.shown else
                    t("widgets.hot.next", player=who))
            return f'<p class="tk-status">{escape(text)}</p>'
        scores, winners = g.scores(), g.winners()
        if len(g.players) == 2 and not self.hot:
            who = (t("widgets.you_win") if winners == [0] else t("widgets.computer_wins")
                   if winners == [1] else t("widgets.shared_win"))
            detail = t("widgets.final_score", you=scores[0], computer=scores[1])
        else:
            names = self.lang.names(g.players[i] for i in winners)
            who = (t("widgets.you_win") if winners == [0] and not self.hot
                   else t("widgets.winner_is", player=names[0]) if len(names) == 1
                   else t("widgets.shared_between", players=join(names, self.lang.code)))
            detail = t("widgets.final_scores", scores=join(
                [t("widgets.player_score", player=name, score=x)
                 for name, x in zip(g.players, scores, strict=True)], self.lang.code))
        # a tie on points settled by the rulebook's tie-break: which rule, and its figures
        ties = [e for e in (g.log[-1] if g.log else ()) if e.kind == "tie_break"]
        tie = "".join(f' <span class="tk-tie-break">{escape(e.text(self.lang.code))}</span>'
                      for e in ties)
        return f'<p class="tk-status tk-over"><b>{escape(who)}</b> {escape(detail)}{tie}</p>'

