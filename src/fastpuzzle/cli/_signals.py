"""SIGINT and SIGTERM: wherever they come, the command stops with one line and exit 130 or 143.

Three handlers take turns as ``python -m fastpuzzle`` starts:

1. from the package's first lines until :func:`fastpuzzle.cli.main` runs, the
   package root's ``_exit_on_signal`` (``fastpuzzle/__init__.py``): the package is
   imported before ``fastpuzzle.__main__``, so that nothing of the command line
   is there yet, and the process exits at once with the line;
2. while :func:`fastpuzzle.cli.main` runs, :class:`signals_raise`: SIGINT
   raises KeyboardInterrupt and SIGTERM :class:`Terminated`, which ``main``
   turns into the line and the exit code (:func:`stopped`);
3. while a batch runs, :class:`held_signals` on top: a signal that comes while
   records are written waits until they are whole.

A signal the parent process ignores (a background job's SIGINT) stays ignored.
"""

from __future__ import annotations

import _thread
import os
import signal
import sys

from ._exits import EXIT_INTERRUPTED, EXIT_TERMINATED
from ._output import prefix, say

TYPE_CHECKING = False

if TYPE_CHECKING:
    from types import FrameType
    from typing import Any, NoReturn, Optional

__all__ = ["Terminated", "held_signals", "signals_raise", "stopped"]


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where Ctrl-C raises KeyboardInterrupt, so that it stops a count the same way."""


def stopped(name: Optional[str], stop: KeyboardInterrupt) -> int:
    """Say that a signal stopped the command; its exit code (130, or 143 for SIGTERM)."""
    terminated = isinstance(stop, Terminated)
    say(prefix(name) + ("terminated" if terminated else "interrupted"))
    return EXIT_TERMINATED if terminated else EXIT_INTERRUPTED


def _raise_terminated(signum: int, frame: Optional[FrameType]) -> None:
    raise Terminated()


class signals_raise:
    """A context in which SIGINT raises KeyboardInterrupt and SIGTERM raises :class:`Terminated`.

    A signal whose handler is SIG_IGN (a background job's SIGINT) stays ignored;
    the handlers before are restored on exit. Outside the main thread, nothing changes.

    Python drops an exception raised where nothing can catch it (a weak
    reference's callback, such as the one importlib runs when an import's lock
    goes, or a ``__del__``), so a signal that comes at such a moment would be
    lost and the command would run on. While the context is active, such a
    dropped stop is sent again, from another thread: by the time it arrives the
    main thread has left the callback, and the handler raises where it counts.
    """

    HANDLERS = ((signal.SIGINT, signal.default_int_handler), (signal.SIGTERM, _raise_terminated))

    def __init__(self) -> None:
        self.previous: dict[int, object] = {}
        self.previous_hook = sys.unraisablehook

    def __enter__(self) -> None:
        self.previous_hook = sys.unraisablehook
        for signum, handler in self.HANDLERS:
            try:
                before = signal.getsignal(signum)
                if before is not signal.SIG_IGN:
                    signal.signal(signum, handler)
                    self.previous[signum] = before
            except ValueError:  # not the main thread
                return
        sys.unraisablehook = self._send_dropped_stop_again

    def __exit__(self, *exc_info: object) -> None:
        if sys.unraisablehook == self._send_dropped_stop_again:
            sys.unraisablehook = self.previous_hook
        for signum, before in self.previous.items():
            signal.signal(signum, before if before is not None else signal.SIG_DFL)  # type: ignore[arg-type]

    def _send_dropped_stop_again(self, unraisable: Any) -> None:
        stop = unraisable.exc_value
        if not isinstance(stop, KeyboardInterrupt):
            self.previous_hook(unraisable)
            return
        signum = signal.SIGTERM if isinstance(stop, Terminated) else signal.SIGINT
        # _thread is built in: nothing to import at a moment when an import may be under way.
        _thread.start_new_thread(os.kill, (os.getpid(), signum))


class held_signals:
    """While a batch runs: SIGINT and SIGTERM raise, as under :class:`signals_raise`, but wait while records are written.

    ``with signals.held():`` delays a signal that comes meanwhile to its end:
    the write it interrupts goes on (PEP 475), so that every record written is
    a whole line. Signals whose handler is not :class:`signals_raise`'s
    (SIG_IGN, or main() outside the main thread) are left alone.
    """

    def __init__(self) -> None:
        self.holding = False
        self.stopping = False
        self.caught: Optional[int] = None
        self.previous: dict[int, object] = {}

    def __enter__(self) -> None:
        for signum, raising in signals_raise.HANDLERS:
            try:
                if signal.getsignal(signum) is raising:
                    self.previous[signum] = signal.signal(signum, self._handle)
            except ValueError:  # not the main thread
                return

    def __exit__(self, *exc_info: object) -> None:
        if self.stopping:
            return  # signals stay dropped until main() restores what it found
        for signum, before in self.previous.items():
            signal.signal(signum, before)  # type: ignore[arg-type]

    def _handle(self, signum: int, frame: Optional[FrameType]) -> None:
        if self.stopping:
            return
        if self.holding:
            self.caught = self.caught or signum
            return
        self.stop(signum)

    def stop(self, signum: int) -> NoReturn:
        """Stop the batch: from now on signals are dropped, so that a second Ctrl-C cannot cut the way out short."""
        self.stopping = True
        raise Terminated() if signum == signal.SIGTERM else KeyboardInterrupt()

    def held(self) -> _holding:
        """The context in which signals wait."""
        return _holding(self)


class _holding:
    """See :meth:`held_signals.held`."""

    def __init__(self, signals: held_signals) -> None:
        self.signals = signals

    def __enter__(self) -> None:
        self.signals.holding = True

    def __exit__(self, *exc_info: object) -> None:
        signals = self.signals
        signals.holding = False
        if signals.caught is not None:
            signals.stop(signals.caught)
