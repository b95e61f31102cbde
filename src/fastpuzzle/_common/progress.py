"""The progress bar every long job shows (tqdm on standard error, only when asked or on a terminal), and the
stop a batch's worker threads obey: the kernels' polls are where a job reports progress and where it is stopped."""

from __future__ import annotations

import sys
import time
from _thread import _local

TYPE_CHECKING = False

if TYPE_CHECKING:
    import threading
    from collections.abc import Iterable, Iterator
    from typing import Any, Callable, Optional, TypeVar

    Item = TypeVar("Item")

__all__ = ["DELAY", "check_stop", "note", "progress_bar", "stop_callback", "stopped_by"]

#: Seconds a job runs before its bar appears: a short job draws none.
DELAY = 0.5


class progress_bar:
    """A context for one long job's progress: a tqdm bar on standard error, or nothing at all.

    The bar is drawn when ``show`` is true, or by default (None) when standard
    error is a terminal; it appears once the job has run ``delay`` seconds
    (default :data:`DELAY`, read when the job starts), and is cleared at the
    end, so that a message after it starts on a clean line. Inside the
    context, :meth:`advance` counts steps done, :meth:`each` counts the
    items of a loop as they are done and :meth:`report` sets the share done,
    0 to 1, of ``total`` steps; :attr:`callback` is ``report``
    when a bar may be drawn and None otherwise, as the kernels take it.

    The bar counts in ``unit`` (``" parts"``: ``12/1773 parts [00:03<07:49, 3.75 parts/s]``),
    with its rate always per second; ``unit`` None is for a job that knows only its share
    done, not a count of anything a person reads: the bar then shows the per cent done and
    the time left, and no rate.
    """

    def __init__(
        self,
        desc: str,
        *,
        show: Optional[bool] = None,
        total: Optional[int] = None,
        unit: Optional[str] = "it",
        delay: Optional[float] = None,
    ) -> None:
        if show is None:
            show = sys.stderr is not None and sys.stderr.isatty()
        self.show = show
        self.desc = desc
        self.total = total
        self.unit = unit
        self.delay = delay
        self.bar: Any = None
        self.began = 0.0

    def __enter__(self) -> progress_bar:
        self.began = time.monotonic()
        if self.delay is None:
            self.delay = DELAY
        return self

    @property
    def callback(self) -> Optional[Callable[[float], None]]:
        """:meth:`report` if a bar may be drawn; else :func:`check_stop` in a thread a stop event governs (see
        :class:`stopped_by`); else None (a kernel then reports nothing)."""
        return self.report if self.show else stop_callback()

    def advance(self, steps: int) -> None:
        """``steps`` more steps done."""
        bar = self._drawn()
        if bar is not None:
            bar.update(steps)

    def each(self, items: Iterable[Item]) -> Iterator[Item]:
        """``items`` one by one, each counted as a step done once the loop over them asks for the next."""
        for item in items:
            yield item
            self.advance(1)

    def report(self, done: float) -> None:
        """The share done, 0 to 1, of ``total`` steps (and a stop, as :func:`check_stop`)."""
        check_stop()
        bar = self._drawn()
        if bar is not None:
            total = self.total or 0
            # round: the shares of a finished count add up to 1 give or take rounding.
            bar.update(min(round(done * total), total) - bar.n)

    def _drawn(self) -> Any:
        """The bar, drawn now if it is shown and its delay is over; None before (or never)."""
        if self.bar is None and self.show and time.monotonic() - self.began >= (self.delay or 0.0):
            from importlib import import_module

            # tqdm is imported only now, when a bar is drawn (and untyped: Any).
            tqdm = import_module("tqdm").tqdm
            self.bar = tqdm(
                total=self.total,
                unit=self.unit or "",
                bar_format=_bar_format(self.unit, self.total),
                leave=False,
                desc=self.desc,
                file=sys.stderr,
                mininterval=0.2,
            )
        return self.bar

    def __exit__(self, *exc_info: object) -> None:
        bar, self.bar = self.bar, None
        if bar is not None:
            bar.close()


def note(desc: str, line: str, *, show: Optional[bool] = None) -> None:
    """One line about a long job on standard error, ``fastpuzzle: DESC: LINE`` (how it starts: resuming, ...);
    nothing when ``show`` is False (as a job that shows no progress bar says nothing), or when standard
    error is closed or full."""
    if show is False:
        return
    try:
        if sys.stderr is not None:
            sys.stderr.write(f"fastpuzzle: {desc}: {line}\n")
            sys.stderr.flush()
    except (OSError, ValueError):
        pass


def _bar_format(unit: Optional[str], total: Optional[int]) -> str:
    """tqdm's ``bar_format`` for a bar in ``unit`` (None: a share done) of ``total`` steps (None: not known).

    The rate is always per second (``0.35 parts/s``), never tqdm's seconds per step (``2.86s/ parts``).
    """
    if unit is None:
        return "{desc}: {percentage:3.0f}%|{bar}| [{elapsed}<{remaining}]"
    if total is None:
        return "{desc}: {n_fmt}{unit} [{elapsed}, {rate_noinv_fmt}]"
    return "{desc}: {percentage:3.0f}%|{bar}| {n_fmt}/{total_fmt}{unit} [{elapsed}<{remaining}, {rate_noinv_fmt}]"


#: Per thread, the event that stops the jobs this thread runs (see stopped_by); threading.local without
#: importing threading, which a single count never needs.
_stop = _local()


class stopped_by:
    """Within ``with stopped_by(event):``, this thread's jobs stop at their next poll once ``event`` is set
    (``event`` None: as they stop outside).

    A worker thread never sees Ctrl-C itself: the batch or split count that
    owns it sets the event, and the kernels' polls (every POLL_MS, or a
    progress callback's interval) raise KeyboardInterrupt through
    :func:`check_stop`.
    """

    def __init__(self, event: Optional[threading.Event]) -> None:
        self.event = event
        self.outer: Optional[threading.Event] = None

    def __enter__(self) -> None:
        self.outer = getattr(_stop, "event", None)
        if self.event is not None:
            _stop.event = self.event

    def __exit__(self, *exc_info: object) -> None:
        _stop.event = self.outer


def check_stop() -> None:
    """Raise KeyboardInterrupt if the event this thread's jobs obey (:class:`stopped_by`) is set."""
    event: Optional[threading.Event] = getattr(_stop, "event", None)
    if event is not None and event.is_set():
        raise KeyboardInterrupt("stopped: the work this job belongs to was interrupted")


def stop_callback() -> Optional[Callable[[float], None]]:
    """:func:`check_stop` as a kernel's progress callback in a thread a stop event governs; else None."""
    return _check_stop_at if getattr(_stop, "event", None) is not None else None


def _check_stop_at(done: float) -> None:
    check_stop()
