"""What the command reads: a FILE, a named pipe or standard input, and the puzzle in it."""

from __future__ import annotations

import errno
import os
import sys

from fastpuzzle._common.text import read_source

from ._output import prefix, say

TYPE_CHECKING = False

if TYPE_CHECKING:
    import argparse
    from typing import Any, BinaryIO, Optional

    from fastpuzzle._contract.facade import Facade

__all__ = ["cannot_read", "check_readable", "is_terminal", "parsed", "read"]

#: Seconds a command waits without a word for the writer of a named pipe it reads.
_QUIET_WAIT = 0.5


def read(path: str, name: Optional[str] = None) -> str:
    """The text of ``path`` (``-``: standard input); opening a named pipe waits for its writer, and says so
    on a terminal after _QUIET_WAIT seconds."""
    if path == "-":
        return read_source(sys.stdin.buffer)
    import stat

    waiting = None
    if stat.S_ISFIFO(os.stat(path).st_mode) and is_terminal(sys.stderr):
        import threading

        line = prefix(name) + f"waiting for a writer on the named pipe {path} (Ctrl-C stops)"
        waiting = threading.Timer(_QUIET_WAIT, say, (line,))
        waiting.daemon = True
        waiting.start()
    stream: BinaryIO
    try:
        stream = open(path, "rb")  # noqa: SIM115 (closed by the with below, once the timer is stopped)
    finally:
        if waiting is not None:
            waiting.cancel()
    with stream:
        return read_source(stream)


def parsed(name: str, facade: Facade[Any, Any], text: str, options: argparse.Namespace) -> Any:
    """The puzzle in ``text``, in the format ``--format`` names (contest text by default)."""
    form = getattr(options, "format", "contest")
    if form == "contest":
        return facade.parse(text)
    from fastpuzzle import interchange

    return interchange.read(text.strip(), name, form)


def check_readable(path: str) -> None:
    """An OSError unless the batch can open ``path`` (``-``: standard input, checked already).

    A regular file is opened and closed; a pipe is not (opening a named pipe
    waits for its writer, and closing it again could cut the writer off), and
    fails, if it does, when the batch reads it.
    """
    import stat

    if path == "-":
        return
    mode = os.stat(path).st_mode
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), path)
    if stat.S_ISREG(mode):
        open(path, "rb").close()


def cannot_read(path: str, error: OSError) -> str:
    """The message for ``error``, met reading ``path``."""
    source = "standard input" if path == "-" else path
    return f"cannot read {source}: {error.strerror or error}"


def is_terminal(stream: Any) -> bool:
    """Whether ``stream`` is a terminal a person types into (False for a closed or replaced stream)."""
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False
