"""Long work without a frozen page: the coach's search run in slices on the kernel's loop.

A widget callback that searched for a second (or analysed a whole game) in one go would
hold the kernel: the page could not show progress, and every click would wait. A
:class:`Job` instead runs a generator one slice at a time (``Search.steps``: about 50 ms
each) and hands the kernel back between two slices (``loop.call_soon``), so the widgets'
messages -- a progress bar moving, a click on "new game" -- go through while it works,
as boardgame.io's MCTS bot reports its iterations. Outside a running event loop (a plain
Python session, the widget tests) a job runs to its end at once; a test may pass its own
``later`` to run the slices one by one.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Generator
from typing import Any

#: Schedules a slice to run soon (after the messages waiting): None runs the job at once.
Later = Callable[[Callable[[], None]], object]


def on_the_loop() -> Later | None:
    """``call_soon`` of the running event loop (a Voila or Jupyter kernel's), or None."""
    try:
        return asyncio.get_running_loop().call_soon
    except RuntimeError:
        return None


class Job:
    """``work`` (a generator yielding the fraction done, returning the result) run slice
    by slice: ``progress(fraction)`` after each, ``done(result)`` at the end, nothing more
    after :meth:`cancel`."""

    def __init__(self, work: Generator[float, None, Any], progress: Callable[[float], None],
                 done: Callable[[Any], None], later: Later | None = None) -> None:
        self.work, self.progress, self.done = work, progress, done
        self.later = later
        self.cancelled = self.finished = False

    def start(self) -> Job:
        if self.later is None:
            while self._step():
                pass
        else:
            self.later(self._next)
        return self

    def cancel(self) -> None:
        self.cancelled = True
        self.work.close()

    @property
    def running(self) -> bool:
        return not (self.cancelled or self.finished)

    def _next(self) -> None:
        if self._step() and self.later is not None:
            self.later(self._next)

    def _step(self) -> bool:
        """One slice; whether there is more to do."""
        if self.cancelled:
            return False
        try:
            fraction = next(self.work)
        except StopIteration as end:
            self.finished = True
            self.done(end.value)
            return False
        self.progress(fraction)
        return True
