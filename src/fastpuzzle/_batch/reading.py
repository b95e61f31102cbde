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
limit, :data:`~fastpuzzle._common.text.MAX_INPUT_BYTES`, is held; such a line is an
error of its puzzle and is skipped to its end. Lines end as the contest reader
ends them (``\\n``, ``\\r\\n`` or ``\\r``), and errors name the file's lines and
columns.

Plainly written puzzles (ASCII lines, each ended, a first line whose count of
lines the facade gives, no blank line inside) are split out of the bytes many
at a time, in one compiled call (``_batch_cy.plain_puzzles``, twin
``_batch_py``); the first puzzle of a file, and anything else, is read here a
line at a time, and the runs go on after it. Both take from one buffer
(:class:`ByteLines`), and give the same texts, lines and errors.
"""

from __future__ import annotations

import os
import queue
import threading
from itertools import islice
from typing import NamedTuple, Optional, Union

from fastpuzzle._common.text import MAX_INPUT_BYTES, decode, oversize_error
from fastpuzzle.errors import ParseError

from .runner import SOLVED, Item, Lined, compiled, placed
from .twin import written_records

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


#: Plainly written puzzles split out at once, at most: a chunk of a batch's at most.
RUN = 4096


class Run(NamedTuple):
    """Plainly written puzzles that came one after the other: their texts, and the lines they start on."""

    texts: list[str]
    first_lines: list[int]


#: A line of a file: its bytes without the line end, or, for a line too long,
#: the ParseError (at line 1, column where it grows too long) that it is.
Line = Union[bytes, ParseError]


def is_blank(line: Line) -> bool:
    """Whether ``line`` holds nothing but spaces and tabs (a line too long is no blank line)."""
    return isinstance(line, bytes) and not line.strip(_WHITE_SPACE)


def lines(read: Callable[[int], bytes], limit: int = MAX_INPUT_BYTES, read_size: int = READ_SIZE) -> ByteLines:
    """The lines of a binary stream, lazily, read with ``read(read_size)`` (an empty result: its end).

    A line longer than ``limit`` bytes comes as the ParseError that names
    where it grows too long; the rest of it is skipped unread. A byte-order
    mark at the start of the stream is dropped.
    """
    return ByteLines(read, limit, read_size)


class ByteLines:
    """The lines of a binary stream (see :func:`lines`), one by one, or a run of plainly written puzzles at
    once (:meth:`plain_puzzles`): both take from the same bytes, so the two may take turns."""

    def __init__(self, read: Callable[[int], bytes], limit: int = MAX_INPUT_BYTES, read_size: int = READ_SIZE) -> None:
        self.read = read
        self.limit = limit
        self.read_size = read_size
        #: Bytes read and not all taken yet: the lines still to come start at ``at``.
        self.data = b""
        self.at = 0
        #: The stream has no more bytes.
        self.ended = False
        #: No line has been taken yet: a byte-order mark may lead the next.
        self.first = True
        # The index of the next \r in data at or after at (-1: none in data; -2: not looked for yet): a file
        # with no \r is searched for one once per read, not once per line.
        self._next_cr = -2

    def __iter__(self) -> ByteLines:
        return self

    def __next__(self) -> Line:
        line = self.line()
        if line is None:
            raise StopIteration
        return line

    def line(self) -> Optional[Line]:
        """The next line, or None at the end."""
        while True:
            data, at = self.data, self.at
            end = self._line_end()
            if end >= 0:
                if data[end] == 13 and end + 1 == len(data) and self._fill():
                    continue  # a \n right after the \r belongs to this end
                self.at = end + 2 if data[end : end + 2] == b"\r\n" else end + 1
                return self._made(data[at:end])
            if len(data) - at > self.limit + (len(_BOM) if self.first else 0):
                line = self._made(data[at:])  # too long: its error, and the rest of it unread
                self._skip_line()
                return line
            if not self._fill():
                self.at = len(data)
                return self._made(data[at:]) if at < len(data) else None

    def plain_puzzles(
        self,
        known: dict[bytes, int],
        line: int,
        most: int,
        texts: list[str],
        first_lines: list[int],
        puzzle_lines: Optional[Callable[[str], int]] = None,
    ) -> int:
        """The plainly written puzzles that come next, at most ``most``, onto ``texts`` and ``first_lines`` (as
        ``_batch_cy.plain_puzzles`` takes them, ``puzzle_lines`` counting the lines of a first line ``known``
        does not hold; ``line``: the number of the next line). Reads more only when none is taken yet, so that
        puzzles read go on before the batch waits for more. Returns the number of the line that comes next."""
        kernel = compiled()
        while True:
            self.at, line, how = kernel.plain_puzzles(
                self.data,
                self.at,
                self.ended,
                known,
                self.limit,
                line,
                most,
                texts,
                first_lines,
                puzzle_lines,
                _KNOWN_FIRST_LINES,
            )
            if how != kernel.RAN_OUT or texts or not self._fill():
                return line

    def _line_end(self) -> int:
        """The index of the first \\n or \\r in data from at on, or -1."""
        data, at = self.data, self.at
        if self._next_cr == -2 or 0 <= self._next_cr < at:
            self._next_cr = data.find(b"\r", at)
        newline = data.find(b"\n", at)
        if self._next_cr < 0:
            return newline
        return self._next_cr if newline < 0 else min(newline, self._next_cr)

    def _fill(self) -> bool:
        """Read more bytes after those not taken yet; False at the end of the stream."""
        if self.ended:
            return False
        more = self.read(self.read_size)
        if not more:
            self.ended = True
            return False
        self.data = self.data[self.at :] + more
        self.at = 0
        self._next_cr = -2
        return True

    def _skip_line(self) -> None:
        """Pass over the rest of the line at ``at``, and its end."""
        while True:
            end = self._line_end()
            if end < 0:
                self.data, self.at = b"", 0
                if not self._fill():
                    return
            elif not (self.data[end] == 13 and end + 1 == len(self.data) and self._fill()):
                self.at = end + 2 if self.data[end : end + 2] == b"\r\n" else end + 1
                return

    def _made(self, line: bytes) -> Line:
        """``line`` without the byte-order mark of a first line; its error if it is too long."""
        if self.first:
            self.first = False
            if line.startswith(_BOM):
                line = line[len(_BOM) :]
        return oversize_error(line, self.limit, "a line") if len(line) > self.limit else line


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
    """The puzzles in ``lines``, each an :class:`~fastpuzzle._batch.runner.Item`, as the module docstring says.

    ``puzzle_lines`` is the facade's: the lines of a puzzle from its first
    line, or a ParseError. Input without any puzzle (empty, or blank lines
    only) gives one item, the empty text, whose parse says what is missing.
    """
    return _read(lines, puzzle_lines, None)  # type: ignore[return-value]  # no runs without a source of them


def read_runs(lines: ByteLines, puzzle_lines: Callable[[str], int]) -> Iterator[Union[Item, Run]]:
    """:func:`read_puzzles`, but the plainly written puzzles come in runs (:class:`Run`), split out of the
    bytes in one compiled call, the same texts and lines as their Items would hold; anything else is read a
    line at a time, one Item, and the runs go on after it."""
    return _read(lines, puzzle_lines, lines)


def _read(
    lines: Iterator[Line], puzzle_lines: Callable[[str], int], source: Optional[ByteLines]
) -> Iterator[Union[Item, Run]]:
    """:func:`read_puzzles`, with runs from ``source`` (``lines`` itself) if it is given."""
    stream = _Lines(lines)
    # The lines of puzzles by their first line: a batch repeats a few first lines.
    known: dict[bytes, int] = {}
    found = False
    while True:
        if source is not None and not stream.unread and not source.first:
            texts: list[str] = []
            first_lines: list[int] = []
            line = source.plain_puzzles(known, stream.number + 1, RUN, texts, first_lines, puzzle_lines)
            if texts:
                stream.number = line - 1
                found = True
                yield Run(texts, first_lines)
                continue
        if (first := stream.next_filled()) is None:
            break
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


class BatchReader:
    """The puzzles of ``paths`` read by a thread of its own: a ``_batch.Source`` for ``stream_chunks``.

    :meth:`take` gives :class:`~fastpuzzle._batch.runner.Lined` lists: a puzzle as
    its text, or as its Item if reading it failed. ``places`` holds, for
    the puzzles taken, in order, (file, index in it of the first, the lines
    they start on): :meth:`records` writes their results. A file that fails
    while it is read raises :class:`UnreadableFile` from :meth:`take`, after
    the puzzles read before.
    """

    def __init__(self, paths: Sequence[str], puzzle_lines: Callable[[str], int], stdin: Optional[TextIO]) -> None:
        from collections import deque

        self.paths = list(paths)
        self.puzzle_lines = puzzle_lines
        self.stdin = stdin
        self.places: deque[tuple[str, int, list[int]]] = deque()
        self._queue: queue.Queue[Union[_Parcel, BaseException, None]] = queue.Queue(QUEUED_READS)
        # Puzzles arrived and not taken yet, the lines they start on, and their files: [file, index, how many].
        self._texts: list[Union[str, Item]] = []
        self._first_lines: list[int] = []
        self._files: deque[list[Any]] = deque()
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

    def take(self, count: int, wait: bool) -> Optional[Lined]:
        """Up to ``count`` puzzles; [] if none has arrived yet and not ``wait``; None after the last."""
        while len(self._texts) < count and not self._ended:
            try:
                got = self._queue.get(block=wait and not self._texts)
            except queue.Empty:
                break
            if isinstance(got, tuple):
                path, index, texts, first_lines = got
                self._files.append([path, index, len(texts)])
                self._texts += texts
                self._first_lines += first_lines
            else:
                self._ended, self._failure = True, got
        if self._texts:
            taken = Lined(self._texts[:count], self._first_lines[:count])
            del self._texts[:count], self._first_lines[:count]
            self._place(taken.first_lines)
            return taken
        if not self._ended:
            return Lined([], [])
        if self._failure is not None:
            raise self._failure
        return None

    def _place(self, first_lines: list[int]) -> None:
        """Put the places of puzzles just taken, starting on ``first_lines``, in :attr:`places`."""
        done = 0
        while done < len(first_lines):
            file = self._files[0]
            path, index, left = file
            count = min(left, len(first_lines) - done)
            self.places.append((path, index, first_lines[done : done + count]))
            if count == left:
                self._files.popleft()
            else:
                file[1:] = index + count, left - count
            done += count

    def records(self, items: list[Any], share: float = 0.0) -> str:
        """The JSON lines of ``items``, the outcomes of the next puzzles taken, in order (as an
        :class:`~fastpuzzle._batch.runner.Outcomes` holds them: a Result, or the output of a puzzle solved in bulk in
        ``share`` seconds): see ``_batch_cy.json_records``. Their places leave :attr:`places`."""
        from json.encoder import encode_basestring_ascii as quoted

        kernel = compiled()
        records = []
        done = 0
        while done < len(items):
            path, index, first_lines = self.places[0]
            count = min(len(first_lines), len(items) - done)
            if count == len(first_lines):
                self.places.popleft()
            else:
                self.places[0] = (path, index + count, first_lines[count:])
            lines, chunk = first_lines[:count], items[done : done + count]
            written = kernel.json_records(quoted(path), index, lines, chunk, SOLVED, share)
            if written is None:
                written = written_records(quoted(path), index, lines, chunk, SOLVED, share)
            records.append(written)
            done += count
        return "".join(records)

    def _put(self, got: Union[_Parcel, BaseException, None]) -> None:
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
        texts: list[Union[str, Item]] = []
        first_lines: list[int] = []
        handed_on = 0

        def hand_on() -> None:
            nonlocal texts, first_lines, handed_on
            if texts:
                self._put((path, handed_on, texts, first_lines))
                handed_on += len(texts)
                texts, first_lines = [], []

        with _opened(path, self.stdin) as read_bytes:

            def read(size: int) -> bytes:
                hand_on()  # before waiting for more bytes, hand on the puzzles already read
                return read_bytes(size)

            for got in read_runs(ByteLines(read), self.puzzle_lines):
                if isinstance(got, Run):
                    texts += got.texts
                    first_lines += got.first_lines
                else:  # a puzzle read a line at a time: its text too, unless reading it failed
                    texts.append(got.text if got.error is None else got)
                    first_lines.append(got.first_line)
        hand_on()


#: What the reading thread hands on: a file, the index in it of the first puzzle, the puzzles (a plainly
#: written one as its text), the lines they start on.
_Parcel = tuple[str, int, list[Union[str, Item]], list[int]]


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
