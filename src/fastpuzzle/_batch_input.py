"""Many puzzles back to back in files: the reading behind ``python -m fastpuzzle PUZZLE --batch``.

A file (or standard input) holds puzzles in their contest format, one after
the other; blank lines may separate them. A puzzle is its first non-blank line,
then ``puzzle_lines(first) - 1`` more lines (the facade's count), ending early
at a blank line or at the end of the file; its parse then says what is missing.

One bad puzzle costs only itself:

- a first line that starts no puzzle (a bad header, bytes that are no UTF-8, a
  line too long) is one ``bad_input`` record, and reading picks up again after
  the next blank line;
- a puzzle cut short by a blank line is one record whose error names that
  blank line; lines after it that start no puzzle, up to the next blank line,
  are the rest of that puzzle, not a record of their own;
- a header that promises more rows than follow takes the lines up to the next
  blank line (or, with no blank line between puzzles, the next puzzle's lines
  too: nothing tells them apart); an extra row after a whole puzzle is read as
  the first line of the next one.

Reading is lazy and binary, a read of the operating system at a time (so a
pipe's puzzles go on as they arrive): no line longer than the contest input
limit, :data:`~fastpuzzle._text.MAX_INPUT_BYTES`, is held; such a line is an
error of its puzzle and is skipped to its end. Lines end as the contest reader
ends them (``\\n``, ``\\r\\n`` or ``\\r``), and errors name the file's lines and
columns.
"""

from __future__ import annotations

import os
import queue
import threading
from itertools import islice
from typing import Optional, Union

from ._batch import Item, placed
from ._text import MAX_INPUT_BYTES, decode, oversize_error
from .errors import ParseError

TYPE_CHECKING = False

if TYPE_CHECKING:
    from collections import deque
    from collections.abc import Iterator, Sequence
    from typing import Any, Callable, TextIO

#: Bytes asked of the operating system at a time.
READ_SIZE = 1 << 16
#: Reads whose puzzles may wait for the batch at once: bounds what is read ahead.
QUEUED_READS = 4
#: The file name standing for standard input.
STDIN = "-"
_BOM = b"\xef\xbb\xbf"
_WHITE_SPACE = b" \t"
#: Follows the blank line that cuts a puzzle short: parse stops at that blank
#: line, and names it, as it does in a single puzzle; it never reads this.
_AFTER_THE_CUT = "."
#: At most this many first lines of puzzles have their puzzle_lines remembered (binary sudoku's first line is
#: a row of the grid: 512 of them).
_KNOWN_FIRST_LINES = 1024


#: A line of a file: its bytes without the line end, or, for a line too long,
#: the ParseError (at line 1, column where it grows too long) that it is.
Line = Union[bytes, ParseError]


def is_blank(line: Line) -> bool:
    """Whether ``line`` holds nothing but spaces and tabs (a line too long is no blank line)."""
    return isinstance(line, bytes) and not line.strip(_WHITE_SPACE)


def lines(read: Callable[[int], bytes], limit: int = MAX_INPUT_BYTES, read_size: int = READ_SIZE) -> Iterator[Line]:
    """The lines of a binary stream, lazily, read with ``read(read_size)`` (an empty result: its end).

    A line longer than ``limit`` bytes comes as the ParseError that names
    where it grows too long; the rest of it is skipped unread. A byte-order
    mark at the start of the stream is dropped.
    """
    pending = b""  # the start of a line whose end has not been read yet
    skipping = False  # inside a line too long, until its end
    after_cr = False  # a skipped line ended with \r: a \n right after it belongs to that end
    first = True
    while data := read(read_size):
        if after_cr:
            after_cr = False
            if data[:1] == b"\n":
                data = data[1:]
        if skipping:
            end = _line_end(data)
            if end < 0:
                continue
            skipping = False
            if data[end : end + 2] == b"\r\n":
                end += 1
            elif data[end : end + 1] == b"\r" and end + 1 == len(data):
                after_cr = True
            data = data[end + 1 :]
        buffer = pending + data
        pieces = buffer.splitlines()
        # A last piece without \n may go on (or end in a \r whose \n is still to come: kept, to be split again).
        pending = (
            b"" if not pieces or buffer.endswith(b"\n") else pieces.pop() + (b"\r" if buffer.endswith(b"\r") else b"")
        )
        if pieces and (first or max(map(len, pieces)) > limit):
            for line in pieces:
                yield _checked(line, limit, first) if first or len(line) > limit else line
                first = False
        else:
            yield from pieces
        content = pending[:-1] if pending.endswith(b"\r") else pending
        if len(content) > limit:
            yield _checked(content, limit, first)
            first = False
            skipping = not pending.endswith(b"\r")
            after_cr = not skipping
            pending = b""
    if pending:
        yield _checked(pending.rstrip(b"\r"), limit, first)


def _line_end(data: bytes) -> int:
    """The index of the first \\n or \\r in ``data``, or -1."""
    ends = [index for index in (data.find(b"\n"), data.find(b"\r")) if index >= 0]
    return min(ends) if ends else -1


def _checked(line: bytes, limit: int, first: bool) -> Line:
    """``line`` without the byte-order mark of a ``first`` line; the error if it is too long."""
    if first and line.startswith(_BOM):
        line = line[len(_BOM) :]
    return oversize_error(line, limit, "a line") if len(line) > limit else line


def _text(line: Line) -> str:
    """The line as text; a ParseError (at line 1, as for a text of this one line) if it is too long or no UTF-8."""
    if isinstance(line, ParseError):
        raise line
    return decode(line)


class _Lines:
    """The lines of a file with their numbers, and the lines given back to be read again."""

    def __init__(self, lines: Iterator[Line]) -> None:
        self.lines = lines
        #: The number of the line :meth:`next` gave last.
        self.number = 0
        #: Lines given back (:meth:`give_back`), to come again from :meth:`next`: the next one last.
        self.unread: list[Line] = []

    def next(self) -> Optional[Line]:
        """The next line, None at the end."""
        line = self.unread.pop() if self.unread else next(self.lines, None)
        if line is not None:
            self.number += 1
        return line

    def give_back(self, lines: list[Line]) -> None:
        """Have :meth:`next` give ``lines`` again, in order, with the same numbers."""
        self.unread += reversed(lines)
        self.number -= len(lines)

    def take_until_blank(self, count: int) -> tuple[list[Line], bool]:
        """The next ``count`` lines (fewer at the end), or those before the first blank line among them: then the
        blank line is read too (it is the line :attr:`number` names) and True comes with them. What
        :meth:`next` would give one by one, at a fraction of its cost per line."""
        taken = [self.unread.pop() for _ in range(min(count, len(self.unread)))]
        taken += islice(self.lines, count - len(taken))
        self.number += len(taken)
        blank = next((i for i, line in enumerate(taken) if is_blank(line)), -1)
        if blank < 0:
            return taken, False
        self.give_back(taken[blank + 1 :])
        return taken[:blank], True

    def next_filled(self) -> Optional[Line]:
        """The next line that is not blank, or None at the end."""
        while (line := self.next()) is not None and is_blank(line):
            pass
        return line

    def skip_paragraph(self) -> None:
        """Skip to the next blank line, or to the end."""
        while (line := self.next()) is not None and not is_blank(line):
            pass


def read_puzzles(lines: Iterator[Line], puzzle_lines: Callable[[str], int]) -> Iterator[Item]:
    """The puzzles in ``lines``, each an :class:`~fastpuzzle._batch.Item`, as the module docstring says.

    ``puzzle_lines`` is the facade's: the lines of a puzzle from its first
    line, or a ParseError. Input without any puzzle (empty, or blank lines
    only) gives one item, the empty text, whose parse says what is missing.
    """
    stream = _Lines(lines)
    # The lines of puzzles by their first line: a batch repeats a few first lines.
    known: dict[bytes, int] = {}
    found = False
    while (first := stream.next_filled()) is not None:
        found = True
        first_number = stream.number
        count = known.get(first) if isinstance(first, bytes) else None
        if count is None:
            try:
                count = puzzle_lines(_text(first))
            except ParseError as error:
                yield Item("", first_number, placed(error, first_number))
                stream.skip_paragraph()
                continue
            if isinstance(first, bytes) and len(known) < _KNOWN_FIRST_LINES:
                known[first] = count
        rest, cut = stream.take_until_blank(count - 1)
        text, problem = _joined([first, *rest], first_number)
        if cut:
            following = stream.next_filled()
            if following is not None:
                text += "\n" + _AFTER_THE_CUT + "\n"
                if _starts_puzzle(following, puzzle_lines):
                    stream.give_back([following])
                else:
                    stream.skip_paragraph()
        yield Item(text, first_number, problem)
    if not found:
        yield Item("", 1)


def _joined(puzzle: list[Line], first_number: int) -> tuple[str, Optional[str]]:
    """The text of a puzzle's lines, or "" and the message of the first that is too long or no UTF-8."""
    try:
        return b"\n".join(puzzle).decode("utf-8") + "\n", None  # type: ignore[arg-type]  # bytes, unless a line is too long
    except (TypeError, UnicodeDecodeError):
        pass  # which line, and where: below
    for number, line in enumerate(puzzle, first_number):
        try:
            _text(line)
        except ParseError as error:
            return "", placed(error, number)
    raise AssertionError("a line that failed to decode decoded")  # pragma: no cover


def _starts_puzzle(line: Line, puzzle_lines: Callable[[str], int]) -> bool:
    try:
        puzzle_lines(_text(line))
    except ParseError:
        return False
    return True


class UnreadableFile(Exception):
    """A file of the batch could not be read: ``path`` (``-``: standard input) and the OSError."""

    def __init__(self, path: str, error: OSError) -> None:
        super().__init__(path, error)
        self.path = path
        self.error = error


#: Where a puzzle came from: its file, its index in that file, the file's line it starts on.
Place = tuple[str, int, int]


class BatchReader:
    """The puzzles of ``paths`` read by a thread of its own: a ``_batch.Source`` for ``stream_chunks``.

    ``places`` holds the :data:`Place` of every puzzle taken, in order: the
    batch pops one per result. A file that fails while it is read raises
    :class:`UnreadableFile` from :meth:`take`, after the puzzles read before.
    """

    def __init__(self, paths: Sequence[str], puzzle_lines: Callable[[str], int], stdin: Optional[TextIO]) -> None:
        from collections import deque

        self.paths = list(paths)
        self.puzzle_lines = puzzle_lines
        self.stdin = stdin
        self.places: deque[Place] = deque()
        self._queue: queue.Queue[Union[list[tuple[str, int, Item]], BaseException, None]] = queue.Queue(QUEUED_READS)
        self._ready: list[tuple[str, int, Item]] = []
        self._ended = False
        self._failure: Optional[BaseException] = None
        self._event: Optional[threading.Event] = None
        # A daemon: a thread blocked reading a pipe must not keep the process alive.
        self._thread = threading.Thread(target=self._read_all, name="fastpuzzle-reader", daemon=True)

    def start(self) -> None:
        """Start reading."""
        self._thread.start()

    def notify(self, event: threading.Event) -> None:
        """Set ``event`` whenever puzzles arrive (or reading ends)."""
        self._event = event

    def take(self, count: int, wait: bool) -> Optional[list[Item]]:
        """Up to ``count`` puzzles; [] if none has arrived yet and not ``wait``; None after the last."""
        while len(self._ready) < count and not self._ended:
            try:
                got = self._queue.get(block=wait and not self._ready)
            except queue.Empty:
                break
            if isinstance(got, list):
                self._ready += got
            else:
                self._ended, self._failure = True, got
        taken = self._ready[:count]
        del self._ready[:count]
        if taken:
            self.places.extend((path, index, item.first_line) for path, index, item in taken)
            return [item for _, _, item in taken]
        if not self._ended:
            return []
        if self._failure is not None:
            raise self._failure
        return None

    def _put(self, got: Union[list[tuple[str, int, Item]], BaseException, None]) -> None:
        self._queue.put(got)
        if self._event is not None:
            self._event.set()

    def _read_all(self) -> None:
        try:
            for path in self.paths:
                try:
                    self._read_file(path)
                except OSError as error:
                    self._put(UnreadableFile(path, error))
                    return
        except BaseException as error:  # a bug: the main thread raises it
            self._put(error)
            return
        self._put(None)

    def _read_file(self, path: str) -> None:
        ready: list[tuple[str, int, Item]] = []
        with _opened(path, self.stdin) as read_bytes:

            def read(size: int) -> bytes:
                # Before waiting for more bytes, hand on the puzzles already read.
                if ready:
                    self._put(ready[:])
                    ready.clear()
                return read_bytes(size)

            for index, item in enumerate(read_puzzles(lines(read), self.puzzle_lines)):
                ready.append((path, index, item))
        if ready:
            self._put(ready)


class _opened:
    """``with _opened(path, stdin) as read:``: the unbuffered ``read(size)`` of a file, or of standard input (left open)."""

    def __init__(self, path: str, stdin: Optional[TextIO]) -> None:
        self.path = path
        self.stdin = stdin
        self.file: Any = None

    def __enter__(self) -> Callable[[int], bytes]:
        if self.path != STDIN:
            self.file = open(self.path, "rb", buffering=0)
            read: Callable[[int], bytes] = self.file.read
            return read
        if self.stdin is None:
            raise OSError("standard input is closed")
        try:
            descriptor = self.stdin.fileno()
        except (OSError, ValueError):  # not a file (a test's stand-in): its buffer, then
            buffer: Any = self.stdin.buffer
            read1: Callable[[int], bytes] = buffer.read1
            return read1
        return lambda size: os.read(descriptor, size)

    def __exit__(self, *exc_info: object) -> None:
        if self.file is not None:
            self.file.close()
