"""What the command writes: its output on standard output, whole or not at all, and its one line on standard error."""

from __future__ import annotations

import os
import sys
import warnings

from fastpuzzle.errors import CheckpointWarning

from ._exits import EXIT_BROKEN_PIPE, EXIT_OK, EXIT_OUTPUT_ERROR, exit_code

TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import Any, Optional

    from fastpuzzle.errors import FastpuzzleError

__all__ = [
    "discard_output",
    "failed",
    "flush_output",
    "output_failed",
    "prefix",
    "say",
    "warnings_as_lines",
    "write_whole",
]


def prefix(name: Optional[str]) -> str:
    """How every line on standard error starts: the command, and the puzzle once known."""
    return f"fastpuzzle: {name}: " if name else "fastpuzzle: "


def say(line: str) -> None:
    """Write one line to standard error, unless it is closed or full (then nothing can be said)."""
    try:
        if sys.stderr is not None:
            sys.stderr.write(line + "\n")
            sys.stderr.flush()
    except (OSError, ValueError):
        pass


def failed(start: str, error: FastpuzzleError) -> int:
    """Say what went wrong, after ``start`` (the :func:`prefix`); the exit code for it."""
    say(start + str(error))
    return exit_code(error)


def flush_output(name: Optional[str], output: str = "") -> int:
    """Write ``output`` and flush standard output.

    Returns EXIT_OK, or the exit code of a closed pipe (quiet) or of a failed
    write (one line).
    """
    if sys.stdout is None:
        return EXIT_OK
    try:
        write_whole(sys.stdout, output)
    except (OSError, UnicodeEncodeError) as error:
        return output_failed(name, error)
    return EXIT_OK


def output_failed(name: Optional[str], error: OSError | UnicodeEncodeError) -> int:
    """Say why standard output could not be written (nothing for a closed pipe); the exit code for it."""
    discard_output()
    if isinstance(error, BrokenPipeError):
        return EXIT_BROKEN_PIPE
    if isinstance(error, UnicodeEncodeError):  # the user's PYTHONIOENCODING, or locale
        unwritable = error.object[error.start : error.end]
        reason = f"standard output's encoding ({error.encoding}) cannot hold {unwritable!r}"
    else:
        reason = error.strerror or str(error)
    say(prefix(name) + f"cannot write the output: {reason}")
    return EXIT_OUTPUT_ERROR


def write_whole(stream: Any, text: str) -> None:
    """Write ``text`` to ``stream`` and flush it, whole even when a signal is handled in the middle.

    A signal whose handler returns (a batch holds SIGINT and SIGTERM while it
    writes records) can interrupt a write to a full pipe part-way; Python's
    buffered writer then drops the rest of that write (CPython 3.9 to 3.13 alike).
    So on POSIX the bytes go to the file descriptor, write by write until all
    are out; a stream with none (a test's capture) is written as it is.
    """
    stream.flush()
    try:
        descriptor = stream.fileno() if os.name == "posix" else -1
    except (AttributeError, OSError, ValueError):
        descriptor = -1
    if descriptor < 0:
        stream.write(text)
        stream.flush()
        return
    data = memoryview(text.encode(stream.encoding or "utf-8", stream.errors or "strict"))
    while data:
        data = data[os.write(descriptor, data) :]


def discard_output() -> None:
    """Point standard output at the null device, so that the interpreter's last flush cannot fail."""
    try:
        descriptor = sys.stdout.fileno()
        null = os.open(os.devnull, os.O_WRONLY)
    except (OSError, ValueError, AttributeError):
        return  # not a file (a test's capture): nothing is flushed at exit
    os.dup2(null, descriptor)
    os.close(null)


class warnings_as_lines:
    """While the command runs, a warning (a checkpoint's damaged lines, ...) is one line on standard error."""

    def __init__(self, start: str) -> None:
        self.start = start
        self.caught = warnings.catch_warnings()

    def __enter__(self) -> None:
        self.caught.__enter__()
        warnings.simplefilter("always", CheckpointWarning)
        warnings.showwarning = self.show

    def __exit__(self, *exc_info: Any) -> None:
        self.caught.__exit__(*exc_info)

    def show(self, message: Warning | str, category: type[Warning], *rest: object, **more: object) -> None:
        """Say ``message`` as a warning of the command."""
        say(self.start + f"warning: {message}")
