"""A lesson: one table situation per step, a question, and engine-checked feedback."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as w
import traitlets

from ..core.teaching import Choice, LessonStep
from .example_player import Render
from .lang import Language, button
from .narrator import Narrator
from .style import panel, rule_badge


class LessonPlayer(w.VBox):
    """Walks through lesson steps; the learner answers, the engine checks and explains."""

    #: What a reload needs to carry on: the step shown (kept in the learner's browser by
    #: the app, keep.py).
    kept = traitlets.Dict()

    def __init__(self, steps: list[LessonStep], lang: Language, render: Render,
                 seat: int | None = None) -> None:
        super().__init__()
        self.steps, self.lang, self.render_table, self.seat = steps, lang, render, seat
        self.add_class("tk-lesson")
        self.head = w.HTML()
        self.table = w.HTML()
        self.choices = w.HBox(layout=w.Layout(flex_flow="row wrap")).add_class("tk-gap-6")
        self.feedback = w.HTML()
        self.narrator = Narrator(lang, limit=2, viewer=seat)
        self.prev = button("arrow-left", "tk-prev", lambda: self.go(self.index - 1))
        self.next = button("arrow-right", "tk-next", lambda: self.go(self.index + 1))
        self.retry = button("undo", "tk-retry", lambda: self.go(self.index))
        nav = w.HBox([self.prev, self.retry, self.next])
        self.children = [self.head, self.table, self.choices, self.feedback, self.narrator, nav]
        # named parts, so that a layout (presenter mode) places them whatever their order
        for part, name in ((self.head, "question"), (self.table, "table"),
                           (self.choices, "choices"), (self.feedback, "feedback"),
                           (nav, "nav")):
            part.add_class(f"tk-lesson-{name}")
        # presenter mode: a click only marks the class's vote until the teacher reveals
        self.hold_votes = False
        #: a live class's student: told the index of each answer marked (live.py)
        self.on_vote: Callable[[str], None] | None = None
        lang.on_change(self._relang)
        self.go(0)

    def go(self, index: int) -> None:
        self.index = max(0, min(index, len(self.steps) - 1))
        self.step = self.steps[self.index]
        self.game = self.step.start(self.lang.code)
        self.options = self.step.choices(self.game)
        self.picked: Choice | None = None
        self.vote: Choice | None = None
        self.revealed = False           # the answer shown by the teacher, not picked
        self._explained: dict[str, str] = {}
        self._why(self.lang.code)      # ready before the learner answers
        # One button per answer for the whole step: refresh() only updates them, so an
        # answer costs a few small updates instead of new widgets (and none leak).
        old = list(self.choices.children)
        buttons = []
        for choice in self.options:
            b = w.Button(layout=w.Layout(width="auto"))
            b.add_class("tk-choice")
            b.on_click(lambda _b, c=choice: self.pick(c))
            buttons.append(b)
        self.choices.children = buttons
        for b in old:
            b.close()
        self.narrator.clear()
        self.refresh()
        self.kept = {"step": self.index}

    def restore(self, kept: Any) -> bool:
        """Go to the step an earlier page kept; False, and nothing changed, if there is
        no such step."""
        step = kept.get("step") if isinstance(kept, dict) and len(kept) == 1 else None
        if type(step) is not int or not 0 <= step < len(self.steps):
            return False
        if step != self.index:
            self.go(step)
        return True

    def _relang(self) -> None:
        """Set the step up again in the new language (the learner's seat is renamed),
        replaying the answer already given."""
        self.game = self.step.start(self.lang.code)
        if self.picked is not None:
            self.narrator.show(self.step.answer(self.game, self.picked), replace=True)
        self.refresh()

    def pick(self, choice: Choice) -> None:
        if self.picked is not None:
            return
        if self.hold_votes and self.asks:
            self.vote = choice          # the class's vote, shown; the answer stays hidden
            self.refresh()
            if self.on_vote is not None:
                self.on_vote(str(next(i for i, c in enumerate(self.options) if c is choice)))
            return
        self._answer(choice)

    def _answer(self, choice: Choice) -> None:
        self.picked = choice
        self._show_feedback()          # the verdict first: it is what the learner waits for
        self.narrator.show(self.step.answer(self.game, choice))
        self.refresh()

    def reveal(self) -> None:
        """Show the answer: the class's vote judged, or else the right answer, with the
        rule and the reason."""
        if self.picked is not None:
            return
        choice = self.vote or next((c for c in self.options if c.correct), None)
        if choice is None:
            return
        self.revealed = True
        self._answer(choice)

    def _why(self, code: str) -> str:
        """The step's explanation in ``code``, worked out once per step and language."""
        if code not in self._explained:
            self._explained[code] = self.step.explanation(code).text(code)
        return self._explained[code]

    @property
    def asks(self) -> bool:
        """Whether the step asks a question; with a single choice it only shows a move."""
        return len(self.options) > 1

    def _show_feedback(self) -> None:
        t = self.lang.t
        if self.picked is None and self.vote is not None:
            prompt = t("teacher.present.voted", answer=self.vote.label.text(self.lang.code))
            self.feedback.value = f'<p class="tk-muted tk-voted">{escape(prompt)}</p>'
            return
        if self.picked is None:
            prompt = t("widgets.pick_answer") if self.asks else t("learner.try_move")
            self.feedback.value = f'<p class="tk-muted">{escape(prompt)}</p>'
            return
        # a step that asked nothing has nothing to judge: only the explanation
        verdict = ("" if not self.asks or (self.revealed and self.vote is None) else
                   '<span class="tk-good">' + escape(t("widgets.correct")) + "</span>"
                   if self.picked.correct else
                   '<span class="tk-bad">' + escape(t("widgets.not_quite")) + "</span>")
        why = escape(self._why(self.lang.code))
        self.feedback.value = f'<p class="tk-feedback">{verdict} {why}</p>'

    def refresh(self) -> None:
        t, code, step = self.lang.t, self.lang.code, self.step
        title = t("widgets.lesson_step", step=self.index + 1, total=len(self.steps),
                  title=step.title(code))
        rule = rule_badge(step.game, step.section, step.rule(code), t("widgets.rules.open"))
        self.head.value = panel(title, f"<p>{rule} {escape(step.text(code))}</p>")
        self._show_feedback()
        for b, choice in zip(self.choices.children, self.options, strict=True):
            with b.hold_sync():  # one message per button
                b.description = choice.label.text(code)
                b.disabled = self.picked is not None
                if choice is self.vote and self.picked is None:
                    b.add_class("tk-vote")
                else:
                    b.remove_class("tk-vote")
                b.button_style = ("" if self.picked is None or not self.asks else "success"
                                  if choice.correct else "danger" if choice is self.picked
                                  else "")
        seat, seen_as = self.seat, ""
        if self.picked is not None and step.seen_by_after is not None:
            seat = step.seen_by_after      # e.g. what the others see of the learner's card
            seen_as = (f'<p class="tk-seen-as"><b>'
                       f'{escape(t("widgets.table_as_seen_by", player=self.game.players[seat]))}'
                       "</b></p>")
        # until the learner answers, the table keeps quiet about what the question asks
        hide = step.hides if self.picked is None else ()
        # (which step this is and the parts of the table it is about: a phone shows them
        # above the answers when the step opens, screen.py)
        about = (f'<i class="tk-about" hidden data-tk-step="{self.index}" '
                 f'data-tk-about="{escape(" ".join(step.about))}"></i>')
        self.table.value = (seen_as + self.render_table(self.game, self.lang, seat, hide=hide)
                            + about)
        self.prev.description = t("widgets.previous")
        self.next.description = t("widgets.next")
        self.retry.description = t("widgets.try_again")
        self.prev.disabled = self.index == 0
        self.next.disabled = self.index == len(self.steps) - 1
