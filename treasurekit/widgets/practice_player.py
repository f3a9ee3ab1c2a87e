"""Practice without end: engine-made rule questions, the kinds you miss coming back first.

Every question comes from ``tk.practice(game, seed, kind)``: a table reached by real play,
two to six choices and the one the engine finds right. The player asks it like a lesson
step (the table drawn, the answer checked by the engine, the rule and its events told),
then the next one. Which kind comes next is spaced repetition (FSRS, the ``fsrs``
package): every kind of question is a card of the learner's; a right answer is rated
"good", a miss "again", and the kind whose review is due first is asked next (a miss is
due again a minute later, a right answer much later); kinds never asked fill the gaps.

The learner's progress (per kind: asked, right, the FSRS card) and the question on screen
are the player's ``kept``: the app keeps them in the learner's own browser
(``localStorage``, keep.py), never on the server, and "reset my progress" forgets them.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from html import escape
from typing import Any

import ipywidgets as w
import traitlets
from fsrs import Card, Rating, Scheduler, State

from ..core.errors import TreasureKitError
from ..core.i18n import tr
from ..core.practice import Question, Trial, kinds, practice
from ..core.saves import SEED_RANGE
from .example_player import Render
from .lang import Language, button
from .style import panel, rule_badge

#: The kept progress's format (a value of another format is ignored).
FORMAT = 1
#: The largest count kept per kind (asked, right); a day's worth many times over.
MAX_COUNT = 10**6
#: The latest due date or review kept, in seconds since 1970 (the year 2200).
MAX_TIME = 7_258_118_400

#: The id of every card (its kind tells them apart; FSRS would otherwise take the time and
#: sleep a millisecond to make it unique)
CARD_ID = 1

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass
class KindRecord:
    """The learner's record of one kind of question: how often asked and answered right,
    and its FSRS card (when it is due again)."""

    asked: int = 0
    right: int = 0
    card: Card | None = None

    def plain(self) -> list[Any]:
        """As kept in the browser: ``[asked, right, state, step, stability, difficulty,
        due, last review]`` (times in whole seconds since 1970)."""
        card = self.card
        if card is None:
            return [self.asked, self.right]
        last = None if card.last_review is None else int(card.last_review.timestamp())
        return [self.asked, self.right, int(card.state), card.step,
                card.stability, card.difficulty, int(card.due.timestamp()), last]

    @classmethod
    def read(cls, value: Any) -> KindRecord | None:
        """A record from what the browser kept; None for anything this module does not
        write (wrong length or types, numbers out of range)."""
        if not isinstance(value, list) or len(value) not in (2, 8):
            return None
        asked, right = value[0], value[1]
        if not all(type(n) is int and 0 <= n <= MAX_COUNT for n in (asked, right)) \
                or right > asked:
            return None
        if len(value) == 2:
            return cls(asked, right) if asked == 0 else None
        state, step, stability, difficulty, due, last = value[2:]
        if type(state) is not int or state not in {int(s) for s in State}:
            return None
        if step is not None and (type(step) is not int or not 0 <= step <= 100):
            return None
        # FSRS's own ranges: stability (days) above 0, difficulty from 1 to 10
        if not (_number_in(stability, 0.0, 1e6) and stability != 0
                and _number_in(difficulty, 1.0, 10.0)):
            return None
        for stamp in (due, last):
            if stamp is not None and (type(stamp) is not int or not 0 <= stamp <= MAX_TIME):
                return None
        if due is None or asked == 0:
            return None
        card = Card(card_id=CARD_ID, state=State(state), step=step,
                    stability=None if stability is None else float(stability),
                    difficulty=None if difficulty is None else float(difficulty),
                    due=_time(due),
                    last_review=None if last is None else _time(last))
        return cls(asked, right, card)


def _number_in(value: Any, low: float, high: float) -> bool:
    """Whether ``value`` is None or a finite number from ``low`` to ``high``."""
    return value is None or (type(value) in (int, float) and math.isfinite(value)
                             and low <= value <= high)


def _time(stamp: int) -> datetime:
    return datetime.fromtimestamp(stamp, UTC)


class Progress:
    """The learner's progress in one game's practice: a :class:`KindRecord` per kind, and
    the FSRS scheduler that rates the answers."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.kinds: tuple[str, ...] = kinds(game)
        self.records: dict[str, KindRecord] = {k: KindRecord() for k in self.kinds}
        # no fuzz: the same answers at the same times give the same due dates
        self.scheduler = Scheduler(enable_fuzzing=False)

    def answer(self, kind: str, right: bool, now: datetime) -> None:
        """Rate an answer to a question of ``kind``: good when right, again when not."""
        record = self.records[kind]
        card = record.card if record.card is not None else Card(card_id=CARD_ID, due=now)
        record.card, _log = self.scheduler.review_card(
            card, Rating.Good if right else Rating.Again, review_datetime=now)
        record.asked += 1
        record.right += right

    def next_kind(self, now: datetime, rng: random.Random) -> str:
        """The kind to ask next: the most overdue of the kinds due now (missed kinds are
        due again soonest); else one never asked; else the one due first."""
        due = sorted((r.card.due, self.kinds.index(k), k) for k, r in self.records.items()
                     if r.card is not None and r.card.due <= now)
        if due:
            return due[0][2]
        fresh = [k for k, r in self.records.items() if r.card is None]
        if fresh:
            return rng.choice(fresh)
        return min(self.kinds, key=lambda k: (self._due(k), self.kinds.index(k)))

    def _due(self, kind: str) -> datetime:
        card = self.records[kind].card
        assert card is not None
        return card.due

    def plain(self) -> dict[str, list[Any]]:
        return {k: r.plain() for k, r in self.records.items() if r.asked}

    def read(self, value: Any) -> bool:
        """Take the records an earlier page kept; False, and nothing changed, if any of
        them is not what :meth:`plain` writes for this game's kinds."""
        if not isinstance(value, dict) or not set(value) <= set(self.kinds):
            return False
        records = {k: KindRecord.read(v) for k, v in value.items()}
        if any(r is None for r in records.values()):
            return False
        self.records = {k: records.get(k) or KindRecord() for k in self.kinds}
        return True

    def reset(self) -> None:
        self.records = {k: KindRecord() for k in self.kinds}


class PracticePlayer(w.VBox):
    """Asks one practice question after another; the engine checks and explains.

    ``seed``: the first question's seed (default: chosen at random, so that two learners
    see different questions); every next question takes the next seed. ``clock`` tells
    the time for the scheduler (tests give their own).
    """

    #: What a reload needs (kept in the learner's browser, keep.py): the progress per
    #: kind and the question on screen (its kind and seed; the next one takes the next
    #: seed), answered or not.
    kept = traitlets.Dict()

    def __init__(self, game: str, lang: Language, render: Render,
                 seed: int | None = None, clock: Clock = utc_now) -> None:
        super().__init__()
        self.game, self.lang, self.render_table, self.clock = game, lang, render, clock
        self.add_class("tk-practice")
        self.progress = Progress(game)
        self.intro = w.HTML()
        self.intro.add_class("tk-practice-intro")
        self.head = w.HTML()
        self.table = w.HTML()
        self.choices = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.feedback = w.HTML()
        self.next = button("arrow-right", "tk-practice-next", self.ask_next)
        self.reset_button = button("trash", "tk-practice-reset", self.reset)
        self.record = w.HTML()
        self.record.add_class("tk-practice-progress")
        nav = w.HBox([self.next, self.reset_button], layout=w.Layout(flex_flow="row wrap"))
        self.children = [self.intro, self.head, self.table, self.choices, self.feedback, nav,
                         self.record]
        for part, name in ((self.head, "question"), (self.table, "table"),
                           (self.choices, "choices"), (self.feedback, "feedback"),
                           (nav, "nav")):
            part.add_class(f"tk-practice-{name}")
        self.hold_votes = False        # presenter mode: a click marks the class's vote
        #: a live class's student: told each answer marked (live.py)
        self.on_vote: Callable[[str], None] | None = None
        self.count = 0                 # questions asked on this page
        #: "Question 3: ..." (the count) in the title; a live class's student follows the
        #: teacher's questions, whose count is the projector's: the kind alone
        self.numbered = True
        self.wiped = False             # "reset my progress" was pressed (told once)
        lo, hi = SEED_RANGE
        self.seed = random.randrange(1 << 31) if seed is None else seed
        self.seed = max(lo, min(self.seed, hi - 1_000_000))
        lang.on_change(self.refresh)
        self.ask(self.progress.next_kind(self.clock(), self._rng()), self.seed)

    def _rng(self) -> random.Random:
        return random.Random(f"practice-player:{self.game}:{self.seed}")

    # ---- questions ----------------------------------------------------------------------
    def ask(self, kind: str, seed: int) -> None:
        """Ask ``kind``'s question of ``seed`` (the answer is not yet given)."""
        self.question: Question = practice(self.game, seed=seed, kind=kind)
        self.seed = seed
        self.board = self.question.table()
        self.picked: str | None = None
        self.vote: str | None = None
        self.revealed = False
        self.count += 1
        old = list(self.choices.children)
        buttons = []
        for choice in self.question.choices:
            b = w.Button(layout=w.Layout(width="auto"))
            b.add_class("tk-choice")
            b.on_click(lambda _b, c=choice: self.pick(c))
            buttons.append(b)
        self.choices.children = buttons
        for b in old:
            b.close()
        self.refresh()
        self._keep()

    def ask_of_rule(self, kind: str, section: str, seed: int, tries: int = 20) -> None:
        """Ask a question of ``kind`` on the rule ``section`` (a kind's question may turn
        to a neighbouring rule on some tables): the first of ``tries`` seeds from ``seed``
        whose question is on that rule, else the last one tried."""
        for n in range(tries):
            if practice(self.game, seed=seed + n, kind=kind).section.key == section:
                break
        self.ask(kind, seed + n)

    def ask_next(self) -> None:
        """The next question: the kind spaced repetition chooses, the next seed."""
        self.wiped = False
        self.ask(self.progress.next_kind(self.clock(), self._rng()), self.seed + 1)

    def pick(self, choice: str) -> None:
        """The learner's answer (in presenter mode with votes held: the class's vote)."""
        if self.picked is not None or choice not in self.question.choices:
            return
        if self.hold_votes:
            self.vote = choice
            self.refresh()
            if self.on_vote is not None:
                self.on_vote(choice)
            return
        self._answer(choice)

    def reveal(self) -> None:
        """Presenter mode: judge the class's vote, or show the right answer."""
        if self.picked is not None:
            return
        self.revealed = self.vote is None
        self._answer(self.vote or self.question.answer)

    def _answer(self, choice: str) -> None:
        self.picked = choice
        self.verdict = self.question.check(choice, self.board)
        if not self.revealed:            # a shown answer is no answer of the learner's
            self.progress.answer(self.question.kind, self.verdict.right, self.clock())
        self.refresh()
        self._keep()

    def reset(self) -> None:
        """Forget the learner's progress (here and in their browser) and start afresh."""
        self.progress.reset()
        self.wiped = True
        self.ask(self.progress.next_kind(self.clock(), self._rng()), self.seed + 1)

    # ---- kept in the browser ------------------------------------------------------------
    def _keep(self) -> None:
        self.kept = {"v": FORMAT, "kinds": self.progress.plain(),
                     "ask": [self.question.kind, self.seed],
                     "answered": self.picked is not None}

    def restore(self, kept: Any) -> bool:
        """Carry on from what an earlier page kept (the progress, the question on
        screen); False, and nothing changed, if it is not what this player keeps."""
        if not isinstance(kept, dict) or set(kept) != {"v", "kinds", "ask", "answered"} \
                or kept["v"] != FORMAT or type(kept["answered"]) is not bool:
            return False
        ask = kept["ask"]
        lo, hi = SEED_RANGE
        if (not isinstance(ask, list) or len(ask) != 2 or ask[0] not in self.progress.kinds
                or type(ask[1]) is not int or not lo <= ask[1] <= hi - 1_000_000):
            return False
        saved = dict(self.progress.records)
        if not self.progress.read(kept["kinds"]):
            return False
        try:
            if kept["answered"]:        # that one was answered: on to the next
                self.seed = ask[1]
                self.ask_next()
            else:
                self.ask(ask[0], ask[1])
        except (TreasureKitError, RuntimeError):    # a question that cannot be asked

            self.progress.records = saved
            return False
        return True

    # ---- drawing ------------------------------------------------------------------------
    def kind_title(self, kind: str, code: str | None = None) -> str:
        return tr(f"practice.{self.game}.kind.{kind}", code or self.lang.code)

    def refresh(self) -> None:
        t, code, q = self.lang.t, self.lang.code, self.question
        self.intro.value = f'<p class="tk-muted">{escape(t("widgets.practice.intro"))}</p>'
        title = (t("widgets.practice.title", n=self.count, kind=self.kind_title(q.kind))
                 if self.numbered else self.kind_title(q.kind))
        badge = rule_badge(self.game, q.section, q.rule(code), t("widgets.rules.open"))
        self.head.value = panel(title, f"<p>{badge} {escape(q.prompt(code))}</p>")
        for b, choice in zip(self.choices.children, q.choices, strict=True):
            with b.hold_sync():
                b.description = q.label(choice, code)
                b.disabled = self.picked is not None
                b.button_style = ("" if self.picked is None else "success"
                                  if choice == q.answer else "danger"
                                  if choice == self.picked else "")
                if choice == self.vote and self.picked is None:
                    b.add_class("tk-vote")
                else:
                    b.remove_class("tk-vote")
        hide = q.hides if self.picked is None else ()
        self.table.value = self.render_table(self.board, self.lang, q.seat, hide=hide)
        self.feedback.value = self._feedback()
        self.next.description = t("widgets.practice.next")
        self.reset_button.description = t("widgets.practice.reset")
        self.record.value = self._record()

    def _feedback(self) -> str:
        t, code, q = self.lang.t, self.lang.code, self.question
        if self.picked is None:
            if self.vote is not None:
                said = t("teacher.present.voted", answer=q.label(self.vote, code))
                return f'<p class="tk-muted tk-voted">{escape(said)}</p>'
            return f'<p class="tk-muted">{escape(t("widgets.pick_answer"))}</p>'
        verdict = self.verdict
        parts = []
        if not self.revealed:
            said = (tr("practice.right", code, answer=q.label(q.answer, code)) if verdict.right
                    else tr("practice.wrong", code, choice=q.label(self.picked, code),
                            answer=q.label(q.answer, code)))
            css = "tk-good" if verdict.right else "tk-bad"
            parts.append(f'<p class="tk-practice-verdict"><span class="{css}">{escape(said)}'
                         "</span></p>")
        # why: the rule and the reason (the first line of the explanation), then what the
        # engine did with the answer, and with the learner's choice when it was wrong
        parts.append(f"<p>{escape(q.explain(code).splitlines()[0])}</p>")
        right = q.check(q.answer, self.board).trial
        parts.append(self._proof(q.answer, right))
        # the learner's wrong choice, played: when the engine tells something else of it
        # (a question whose choices are values has one finding for all of them)
        wrong = verdict.trial
        if not verdict.right and not self.revealed and (
                wrong.events != right.events or wrong.result != right.result
                or wrong.refusal is not None):
            parts.append(self._proof(self.picked, wrong))
        return '<div class="tk-feedback">' + "".join(parts) + "</div>"

    def _proof(self, choice: str, trial: Trial) -> str:
        code, q = self.lang.code, self.question
        result, events = trial.result, trial.events
        out = f"<p>{escape(result.text(code))}</p>" if result is not None else ""
        refused = q.refusal(choice, trial, code)
        if refused is not None:
            # a move the rules refuse: why, with the § badge of the rule it rests on
            badge = rule_badge(self.game, refused.section, refused.rule,
                               self.lang.t("widgets.rules.open"))
            out += f'<p class="tk-refusal">{badge} {escape(refused.text)}</p>'
        if events:
            tip = self.lang.t("widgets.rules.open")
            lines = "".join(
                f"<li>{rule_badge(self.game, e.section, e.rule(code), tip)} "
                f"{escape(e.text(code, viewer=q.seat))}</li>" for e in events)
            out += (f'<p>{escape(tr("practice.engine", code, choice=q.label(choice, code)))}'
                    f'</p><ul class="tk-log">{lines}</ul>')
        return out

    def _record(self) -> str:
        t, now = self.lang.t, self.clock()
        rows = []
        for kind in self.progress.kinds:
            record = self.progress.records[kind]
            due = self._due_text(record, now)
            rows.append(f"<tr><td>{escape(self.kind_title(kind))}</td><td>{record.asked}</td>"
                        f"<td>{record.right}</td><td>{escape(due)}</td></tr>")
        head = "".join(f"<th>{escape(t(f'widgets.practice.col.{c}'))}</th>"
                       for c in ("kind", "asked", "right", "due"))
        asked = sum(r.asked for r in self.progress.records.values())
        right = sum(r.right for r in self.progress.records.values())
        total = escape(t("widgets.practice.score", right=right, asked=asked))
        wiped = (f'<p class="tk-good tk-practice-wiped">{escape(t("widgets.practice.reset_done"))}'
                 "</p>" if self.wiped else "")
        return wiped + panel(t("widgets.practice.progress"),
                             f"<p>{total}</p><table class=\"tk-score\"><tr>{head}</tr>"
                             + "".join(rows) + "</table>")

    def _due_text(self, record: KindRecord, now: datetime) -> str:
        t = self.lang.t
        if record.card is None:
            return t("widgets.practice.due.never")
        wait = record.card.due - now
        if wait <= timedelta(0):
            return t("widgets.practice.due.now")
        minutes = math.ceil(wait.total_seconds() / 60)
        if minutes < 60:
            return t("widgets.practice.due.minutes", n=minutes)
        if minutes < 60 * 24:
            return t("widgets.practice.due.hours", n=round(minutes / 60))
        return t("widgets.practice.due.days", n=round(minutes / 60 / 24))


__all__ = ["KindRecord", "PracticePlayer", "Progress"]
