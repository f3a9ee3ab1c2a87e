"""Look back at a game, and keep it: a step-by-step review and a save file.

Shared by every game's "Play" tab. The review replays the finished game from its first
move, one decision at a time (the dealer's chance outcomes come with the move they
follow), drawing the whole table at each step with the events and their reasons, as
Board Game Arena's replay does; a slider jumps to any step.

"Learn from your mistakes" (as lichess's): the coach's search (core/search.py) goes over
the learner's decisions in the background, with its progress shown, and marks every move
whose chance to win was at least 10 points below the best move's (at least 20: a
mistake). "Next mistake" jumps there; the learner may try another move from the table as
they saw it before the coach shows its choice and why.

The save file is the engine's own ``to_json``; a file the engine refuses (``InvalidSave``)
is reported and changes nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Generator, Iterable
from html import escape
from typing import Any, NamedTuple

import ipywidgets as w

from ..core.errors import InvalidSave
from ..core.events import Event
from ..core.game import Game
from ..core.i18n import Message, Percent
from ..core.moves import Move
from ..core.registry import load_game
from ..core.search import INACCURACY, Advice, Judgement, Search
from .example_player import Render
from .lang import Language, button
from .move_picker import MovePicker
from .narrator import Narrator
from .style import download_link, panel
from .thinking import Job, Later, on_the_loop

#: Optional picture of a step's events above the table (e.g. a revealed trick).
Recap = Callable[[list[Event], Language, int | None], str]


def from_start(game: Game[Any]) -> Game[Any]:
    """A copy of ``game`` at its start (same set-up, no step played): its save without
    the moves, so nothing is replayed only to be taken back."""
    data = json.loads(game.to_json())
    data["moves"] = []
    return load_game(json.dumps(data))


def decision_steps(game: Game[Any]) -> list[int]:
    """Positions in ``game.history`` a review stops at: after the opening chance outcomes,
    then after each decision together with the chance outcomes that follow it."""
    replay = from_start(game)
    stops: list[int] = []
    moves = list(game.history)
    at = 0
    while at < len(moves) and replay.is_chance:
        replay.play(moves[at])
        at += 1
    stops.append(at)
    while at < len(moves):
        replay.play(moves[at])
        at += 1
        while at < len(moves) and replay.is_chance:
            replay.play(moves[at])
            at += 1
        stops.append(at)
    return stops


class Marked(NamedTuple):
    """A learner's move the coach judged: the review step showing it, the seat, and the
    search (kept, so that a move the learner tries instead is measured by it too)."""

    step: int
    seat: int
    judgement: Judgement
    search: Search


class GameReview(w.VBox):
    """⏮ ◀ ▶ ⏭ and a slider through a finished game: the table at each step and what
    happened, why; the coach's marks on the learner's moves."""

    #: The coach's budget for each of the learner's decisions, and the playouts a move
    #: judged (the one played, one tried instead) gets at least.
    coach_budget: dict[str, Any] = {"seconds": 0.5}
    judge_playouts = 200

    def __init__(self, lang: Language, render: Render, recap: Recap | None = None,
                 picker: Callable[[Language, Callable[[Move], None]], Any] | None = None
                 ) -> None:
        super().__init__()
        self.lang, self.render_table, self.recap = lang, render, recap
        self.add_class("tk-review")
        self.later: Later | None = on_the_loop()
        self.job: Job | None = None
        self.learners: tuple[int, ...] = (0,)
        self.reasons: dict[int, Advice] = {}
        #: the coach's findings, by review step (None: not analysed yet)
        self.marks: dict[int, Marked] | None = None
        self.tried: dict[int, Move] = {}      # the learner's other try, by review step
        self.answered: set[int] = set()       # steps where the coach's choice is shown
        self.head = w.HTML()
        self.first = button("fast-backward", "tk-review-first", lambda: self.go(0))
        self.back = button("step-backward", "tk-review-back", lambda: self.go(self.index - 1))
        self.forward = button("step-forward", "tk-review-forward",
                              lambda: self.go(self.index + 1))
        self.last = button("fast-forward", "tk-review-last",
                           lambda: self.go(len(self.stops) - 1))
        self.slider = w.IntSlider(min=0, max=0, value=0, continuous_update=False,
                                  readout=False, layout=w.Layout(flex="1 1 200px"))
        self.slider.add_class("tk-review-slider")
        self.slider.observe(lambda c: self.go(c["new"]), names="value")
        # learn from your mistakes
        self.analyse = button("search", "tk-review-coach", self.start_coach,
                              button_style="info", layout=w.Layout(width="auto"))
        self.next_mistake = button("arrow-right", "tk-review-next-mistake",
                                   self.go_next_mistake, layout=w.Layout(width="auto"))
        self.show_answer = button("eye", "tk-review-answer", self.answer,
                                  layout=w.Layout(width="auto"))
        self.progress = w.FloatProgress(value=0.0, min=0.0, max=1.0,
                                        layout=w.Layout(width="12em", display="none"))
        self.coach_text = w.HTML()
        self.coach_text.add_class("tk-review-coach-text")
        # the game's own move buttons, for another try at a marked step
        self.try_picker: Any = (picker(lang, self.try_move) if picker is not None
                                else MovePicker("", lang, self.try_move))
        self.try_picker.add_class("tk-review-try")
        # on the page only while the learner may try (the Play tab's own move buttons stay
        # the only ones there otherwise)
        self.try_box = w.Box([])
        self.recap_box = w.HTML()
        self.table = w.HTML()
        self.table.add_class("tk-review-table")
        self.narrator = Narrator(lang, limit=1)
        self.narrator.remove_class("tk-narrator")   # the game's own log stays the only one
        self.narrator.add_class("tk-review-log")
        nav = w.HBox([self.first, self.back, self.slider, self.forward, self.last],
                     layout=w.Layout(align_items="center"))
        nav.add_class("tk-review-nav")
        self.recap_box.add_class("tk-review-recap")
        self.children = [self.head, nav,
                         w.HBox([self.analyse, self.progress, self.next_mistake,
                                 self.show_answer],
                                layout=w.Layout(flex_flow="row wrap", align_items="center")
                                ).add_class("tk-gap-8"),
                         self.coach_text, self.try_box, self.recap_box,
                         w.HBox([self.table, self.narrator],
                                layout=w.Layout(flex_flow="row wrap",
                                                align_items="flex-start"))]
        self.table.layout = w.Layout(flex="3 1 560px")
        self.narrator.layout = w.Layout(flex="2 1 320px")
        self.game: Game[Any] | None = None
        self.stops: list[int] = [0]
        self.index = 0
        lang.on_change(self.refresh)

    def review(self, game: Game[Any], learners: Iterable[int] = (0,),
               reasons: dict[int, Advice] | None = None) -> None:
        """Review ``game`` from its first move; ``learners``: the seats of the people
        who played it at this device (the coach judges their moves); ``reasons``: the
        expert's advice to itself, by the step of its move (told at that step)."""
        self.reasons = dict(reasons or {})
        if self.job is not None:
            self.job.cancel()
            self.job = None
        self.moves = list(game.history)
        self.stops = decision_steps(game)
        self.game = from_start(game)
        self.learners = tuple(learners)
        self.marks, self.tried, self.answered = None, {}, set()
        self.slider.max = len(self.stops) - 1
        self.go(0)

    def go(self, index: int) -> None:
        if self.game is None:
            return
        self.index = max(0, min(index, len(self.stops) - 1))
        self.slider.value = self.index
        target = self.stops[self.index]
        g = self.game
        while len(g.history) > target:
            g.undo()
        while len(g.history) < target:
            g.play(self.moves[len(g.history)])
        self.refresh()

    def step_events(self) -> list[Event]:
        """What happened in the step shown (the moves since the step before)."""
        if self.game is None:
            return []
        start = self.stops[self.index - 1] if self.index else 0
        return [e for batch in self.game.log[start:] for e in batch]

    # ---- learn from your mistakes ----------------------------------------------------
    def decision(self, index: int) -> tuple[Game[Any], Move] | None:
        """The table before the decision review step ``index`` shows, and the move made
        there (None for the opening step)."""
        if not index or self.game is None:
            return None
        before = from_start(self.game)
        for move in self.moves[:self.stops[index - 1]]:
            before.play(move)
        return before, self.moves[self.stops[index - 1]]

    def start_coach(self) -> None:
        """Run the coach over the learner's decisions, in the background."""
        if self.game is None or self.job is not None or self.marks is not None:
            return
        self.progress.value = 0.0

        def progress(fraction: float) -> None:
            self.progress.value = fraction

        def done(marks: dict[int, Marked]) -> None:
            self.job, self.marks = None, marks
            self.refresh()

        self.job = Job(self._coach(), progress, done, self.later)
        self.refresh()
        self.job.start()

    def _coach(self) -> Generator[float, None, dict[int, Marked]]:
        """The learner's decisions one by one: a search from their view, then the move
        they played measured; the moves that lost at least ``INACCURACY`` kept."""
        assert self.game is not None
        replay = from_start(self.game)
        todo = []
        for index in range(1, len(self.stops)):
            while len(replay.history) < self.stops[index - 1]:
                replay.play(self.moves[len(replay.history)])
            seat = replay.current_player
            if (not replay.is_chance and seat in self.learners
                    and len(replay.legal_moves()) > 1):
                todo.append((index, seat, replay.view(seat)))
        marks: dict[int, Marked] = {}
        for n, (index, seat, view) in enumerate(todo):
            search = Search(view, seed=index)
            for fraction in search.steps(**self.coach_budget):
                yield (n + fraction) / len(todo)
            judgement = search.judge(self.moves[self.stops[index - 1]], self.judge_playouts)
            if judgement.loss >= INACCURACY:
                marks[index] = Marked(index, seat, judgement, search)
        return marks

    def go_next_mistake(self) -> None:
        """Jump to the next marked move after the step shown (from the start after the
        last one)."""
        if not self.marks:
            return
        later = [i for i in sorted(self.marks) if i > self.index]
        self.go(later[0] if later else min(self.marks))

    def try_move(self, move: Move) -> None:
        """The learner's other try at a marked step, measured by the same search."""
        mark = self.marks.get(self.index) if self.marks else None
        if mark is None or self.index in self.answered:
            return
        mark.search.judge(move, self.judge_playouts)
        self.tried[self.index] = move
        self.refresh()

    def answer(self) -> None:
        """Show the coach's choice at the marked step, and why."""
        if self.marks and self.index in self.marks:
            self.answered.add(self.index)
            self.refresh()

    def _coach_html(self, mark: Marked) -> str:
        t, lang = self.lang.t, self.lang.code
        j = mark.judgement
        kind = j.mark or "inaccuracy"
        played = j.advice.name(j.played.move, lang)
        lost = t("learner.coach.lost", move=played, win=Percent(j.played.win),
                 best=Percent(j.best.win), loss=round(100 * j.loss))
        parts = [f'<p class="tk-review-{kind}"><b>{escape(t(f"learner.coach.{kind}"))}</b> '
                 f"{escape(lost)}</p>"]
        tried = self.tried.get(self.index)
        if tried is not None:
            now = mark.search.advice()
            mine = next(m for m in now.moves if m.move == tried)
            good = j.best.win - mine.win < INACCURACY
            key = "learner.coach.tried_good" if good else "learner.coach.tried_bad"
            parts.append(f'<p class="{"tk-good" if good else "tk-bad"}">'
                         f'{escape(t(key, move=now.name(tried, lang), win=Percent(mine.win)))}'
                         "</p>")
        if self.index in self.answered:
            why = "".join(f"<p>{escape(line)}</p>" for line in j.advice.text(lang).splitlines())
            parts.append(f'<div class="tk-review-why">{why}</div>')
        elif tried is None:
            parts.append(f'<p class="tk-muted">{escape(t("learner.coach.try"))}</p>')
        return "".join(parts)

    def refresh(self) -> None:
        t = self.lang.t
        last = len(self.stops) - 1
        self.head.value = panel(t("learner.review.title"),
                                f'<p class="tk-review-step">'
                                f'{escape(t("learner.review.step", step=self.index, total=last))}'
                                "</p>")
        self.first.description = t("learner.review.first")
        self.back.description = t("widgets.back")
        self.forward.description = t("widgets.forward")
        self.last.description = t("learner.review.last")
        self.first.disabled = self.back.disabled = self.index == 0
        self.forward.disabled = self.last.disabled = self.index >= last
        self._refresh_coach()
        if self.game is None:
            return
        events = self.step_events()
        self.narrator.show(events, replace=True)
        self.recap_box.value = self.recap(events, self.lang, None) if self.recap else ""
        mark = self.marks.get(self.index) if self.marks else None
        trying = mark is not None and self.index not in self.answered
        if trying and mark is not None:     # the table as the learner saw it before
            decision = self.decision(self.index)
            assert decision is not None
            self.table.value = self.render_table(decision[0], self.lang, mark.seat)
        else:
            self.table.value = self.render_table(self.game, self.lang, None)

    def _refresh_coach(self) -> None:
        t = self.lang.t
        self.analyse.description = t("learner.coach.analyse")
        self.next_mistake.description = t("learner.coach.next_mistake")
        self.show_answer.description = t("learner.coach.answer")
        running = self.job is not None
        self.progress.layout.display = "" if running else "none"
        self.analyse.disabled = running
        self.analyse.layout.display = "none" if self.marks is not None else ""
        marks = self.marks or {}
        self.next_mistake.layout.display = "" if marks else "none"
        mark = marks.get(self.index)
        self.show_answer.layout.display = ("" if mark is not None
                                           and self.index not in self.answered else "none")
        reason = self.reasons.get(self.stops[self.index - 1]) if self.index else None
        if reason is not None and self.game is not None:       # the expert's own move
            why = "".join(f"<p>{escape(line)}</p>"
                          for line in reason.text(self.lang.code).splitlines())
            head = t("learner.coach.why_computer", player=self.game.players[reason.seat])
            self.coach_text.value = (f'<div class="tk-review-reason"><p><b>{escape(head)}</b>'
                                     f"</p>{why}</div>")
        elif running:
            self.coach_text.value = (f'<p class="tk-muted">'
                                     f'{escape(t("learner.coach.analysing"))}</p>')
        elif self.marks is None:
            self.coach_text.value = ""
        elif mark is not None:
            self.coach_text.value = self._coach_html(mark)
        else:
            mistakes = sum(1 for m in marks.values() if m.judgement.mark == "mistake")
            summary = t("learner.coach.summary", marked=len(marks), mistakes=mistakes)
            self.coach_text.value = f'<p class="tk-review-summary">{escape(summary)}</p>'
        self._offer_try(mark)

    def _offer_try(self, mark: Marked | None) -> None:
        """The learner's moves at a marked step, until the coach's choice is shown."""
        trying = mark is not None and self.index not in self.answered
        decision = self.decision(self.index) if trying else None
        if decision is not None and mark is not None:
            self.try_picker.update(decision[0].legal_moves(), decision[0].view(mark.seat))
        else:
            self.try_picker.update([], None)
        self.try_box.children = [self.try_picker] if decision is not None else []


class SaveLoad(w.VBox):
    """A download link for the game's save file, and an upload (or pasted text) to load
    one; ``on_load`` receives the loaded game. Refused files change nothing."""

    def __init__(self, game_name: str, lang: Language,
                 on_load: Callable[[Game[Any]], None]) -> None:
        super().__init__()
        self.name, self.lang, self.on_load = game_name, lang, on_load
        self.add_class("tk-files")
        self.link = w.HTML()
        self.upload = w.FileUpload(accept=".json,application/json", multiple=False)
        self.upload.add_class("tk-upload")
        self.upload.observe(lambda _c: self._uploaded(), names="value")
        self.text = w.Textarea(layout=w.Layout(width="100%", height="5em"))
        self.text.add_class("tk-save-text")
        self.load_text = button("folder-open", "tk-load-text",
                                lambda: self.load(self.text.value))
        self.message = w.HTML()
        self.message.add_class("tk-files-message")
        self.children = [w.HBox([self.link, self.upload, self.load_text],
                                layout=w.Layout(flex_flow="row wrap", align_items="center")),
                         self.text, self.message]
        self.save_text = ""
        self._message: tuple[str, dict[str, Any]] | None = None
        lang.on_change(self.refresh)

    def offer(self, game: Game[Any]) -> None:
        """Offer ``game``'s save file for download."""
        self.save_text = game.to_json()
        self.refresh()

    def _uploaded(self) -> None:
        files = self.upload.value
        if not files:
            return
        self.load(bytes(files[0]["content"]))   # the engine refuses what is not UTF-8

    def load(self, text: str | bytes) -> None:
        """Load a save; the engine checks every move. A refused file changes nothing."""
        try:
            game = load_game(text)
        except InvalidSave as err:
            self._say("learner.files.bad", error=err)
            return
        if game.name != self.name:
            self._say("learner.files.other_game", game=Message.of(f"{game.name}.title"))
            return
        self.on_load(game)
        self._say("learner.files.loaded")

    def _say(self, key: str, **params: Any) -> None:
        self._message = (key, params)
        self.refresh()

    def refresh(self) -> None:
        t = self.lang.t
        self.link.value = download_link(f"{self.name}-game.json", self.save_text,
                                        "application/json", t("learner.files.download"),
                                        "tk-download")
        self.upload.description = t("learner.files.upload")
        self.load_text.description = t("learner.files.load_text")
        self.text.placeholder = t("learner.files.paste")
        if self._message is None:
            self.message.value = ""
        else:
            key, params = self._message
            css = "tk-bad" if key != "learner.files.loaded" else "tk-good"
            self.message.value = f'<p class="{css}">{escape(t(key, **params))}</p>'
