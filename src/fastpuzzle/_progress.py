"""The progress bar every long job shows: tqdm on standard error, only when asked or on a terminal."""

from __future__ import annotations

import sys
import time

TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import Any, Callable, Optional

__all__ = ["DELAY", "progress_bar"]

#: Seconds a job runs before its bar appears: a short job draws none.
DELAY = 0.5


class progress_bar:
    """A context for one long job's progress: a tqdm bar on standard error, or nothing at all.

    The bar is drawn when ``show`` is true, or by default (None) when standard
    error is a terminal; it appears once the job has run ``delay`` seconds
    (default :data:`DELAY`, read when the job starts), and is cleared at the
    end, so that a message after it starts on a clean line. Inside the
    context, :meth:`advance` counts steps done and :meth:`report` sets the
    share done, 0 to 1, of ``total`` steps; :attr:`callback` is ``report``
    when a bar may be drawn and None otherwise, as the kernels take it.
    """

    def __init__(
        self,
        desc: str,
        *,
        show: Optional[bool] = None,
        total: Optional[int] = None,
        unit: str = "it",
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
        """:meth:`report` if a bar may be drawn, else None (a kernel then reports nothing)."""
        return self.report if self.show else None

    def advance(self, steps: int) -> None:
        """``steps`` more steps done."""
        bar = self._drawn()
        if bar is not None:
            bar.update(steps)

    def report(self, done: float) -> None:
        """The share done, 0 to 1, of ``total`` steps."""
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
                total=self.total, unit=self.unit, leave=False, desc=self.desc, file=sys.stderr, mininterval=0.2
            )
        return self.bar

    def __exit__(self, *exc_info: object) -> None:
        bar, self.bar = self.bar, None
        if bar is not None:
            bar.close()
