"""Reversi endgame counting: every game from a position to its end, by winner: the facade (the package's ``__init__`` exports its public names)."""

from __future__ import annotations

import os
from functools import lru_cache
from itertools import islice
from typing import NamedTuple

from fastpuzzle._common import select as _select
from fastpuzzle._common.grid import Grid, check_row_count, checked_choice, checked_count, is_integer
from fastpuzzle._common.progress import progress_bar
from fastpuzzle._common.text import Lines, describe, plain_lines, plain_number, shown
from fastpuzzle._contract import memory as _memory
from fastpuzzle._contract.registry import PUZZLES
from fastpuzzle.errors import ArgumentError, ParseError, PuzzleTooLargeError

TYPE_CHECKING = False

if TYPE_CHECKING or not _select.twins_active():
    from . import _kernel as _kernel
else:
    from . import _twin as _kernel

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any, Optional, Union

    BoardLike = Union["Board", Sequence[Sequence[int]]]
    PathLike = Union[str, "os.PathLike[str]"]


NAME = "reversi"
#: Largest side.
MAX_N = PUZZLES[NAME].limits["MAX_N"]
#: Deepest perft: no game on the largest board lasts longer, passes included.
MAX_DEPTH = 2 * MAX_N * MAX_N
#: Default memory of the transposition table, in MiB, where the machine has the
#: memory for it (see :func:`default_table_size`).
DEFAULT_TABLE_SIZE = PUZZLES[NAME].limits["DEFAULT_TABLE_MIB"]
_MAX_TABLE_BITS = PUZZLES[NAME].limits["MAX_TABLE_BITS"]
#: The values of a cell in the contest format.
_VALUES = {"-1": -1, "0": 0, "1": 1}
#: A table this small is always allowed: the default size is not looked up (free memory) for it.
_SMALL_TABLE_BYTES = 1 << 20
_COLOURS = ("white", "black")
_CONVENTIONS = ("A", "B")


class Counts(NamedTuple):
    """The games from a position to their end, by outcome."""

    black: int
    white: int
    draws: int


class Board(Grid):
    """A reversi position: ``rows[r][c]`` is ``-1`` (empty), ``0`` (white) or ``1`` (black).

    ``n`` is the side. ``Board(rows)`` and :func:`from_rows` check the rows as
    :func:`parse` checks text.
    """

    __slots__ = ()

    @staticmethod
    def _check_rows(rows: tuple[Any, ...]) -> tuple[tuple[int, ...], ...]:
        n = len(rows)
        check_row_count(n, 1 <= n <= MAX_N, f"1 to {MAX_N} rows")
        checked = []
        for r, row in enumerate(rows, start=1):
            if isinstance(row, (str, bytes, bytearray)) or not hasattr(row, "__iter__"):
                raise TypeError(f"row {r} is {type(row).__name__}, expected a sequence of integers")
            # One value past the side tells a row too long: an iterator is read no further.
            read_whole = type(row) in (tuple, list)
            row = tuple(row) if read_whole else tuple(islice(row, n + 1))
            for c, cell in enumerate(row[:n], start=1):
                if not is_integer(cell) or cell not in (-1, 0, 1):
                    raise ParseError(f"expected -1, 0 or 1, found {describe(shown(cell))}", r, c, unit="row")
            if len(row) != n:
                found = str(len(row)) if read_whole or len(row) < n else "more"
                raise ParseError(
                    f"expected {n} values in row {r} of {n}, found {found}", r, min(len(row), n) + 1, unit="row"
                )
            checked.append(tuple(int(cell) for cell in row))
        return tuple(checked)

    @property
    def empties(self) -> int:
        """The number of empty cells."""
        return sum(row.count(-1) for row in self.rows)

    def discs(self, value: int) -> int:
        """Bit mask of the cells holding ``value`` (bit ``8 * r + c``), as the kernel takes it."""
        return sum(_row_discs(row, value) << (8 * r) for r, row in enumerate(self.rows))

    def _header(self) -> str:
        return f"{self.n}\n"

    @staticmethod
    def _row_text(row: tuple[int, ...]) -> str:
        return " ".join(str(cell) for cell in row)


@lru_cache(maxsize=4096)  # boards of a batch share most rows
def _row_discs(row: tuple[int, ...], value: int) -> int:
    """Bit mask of the cells of ``row`` holding ``value`` (bit ``c`` for column ``c``)."""
    return sum(1 << c for c, cell in enumerate(row) if cell == value)


from_rows = Board.from_rows


def parse(text: str) -> Board:
    """Read the contest format: a line with ``n``, then ``n`` rows of ``n`` values -1, 0 or 1.

    Raises :class:`~fastpuzzle.ParseError` with the line and column of the first problem.
    """
    plain = plain_lines(text)
    if plain is not None:  # the quick path: values one space apart; anything else goes to the detailed reader
        n = plain_number(plain[0], 1, MAX_N)
        if n is not None and len(plain) > n and not any(plain[n + 1 :]):
            quick = tuple(tuple(map(_VALUES.get, line.split(" "))) for line in plain[1 : n + 1])
            if all(len(row) == n and None not in row for row in quick):
                return Board._trusted(quick)
    lines = Lines(text)
    n = _side(lines)
    rows = []
    for r in range(n):
        row = []
        for column, token in lines.tokens(1 + r, n, f"{n} values in row {r + 1} of {n}"):
            value = _VALUES.get(token)
            if value is None:
                raise ParseError(f"expected -1, 0 or 1, found {describe(token)}", 2 + r, column)
            row.append(value)
        rows.append(tuple(row))
    lines.expect_end(1 + n, f"the {n} rows")
    return Board._trusted(tuple(rows))


def _side(lines: Lines) -> int:
    """The side ``n`` on the first line, or a ParseError."""
    (n,) = lines.integers(0, ("n (the side of the board)",), 1, MAX_N)
    return n


def puzzle_lines(first_line: str) -> int:
    """The lines of a position whose first line is ``first_line``: the line with ``n``, then ``n`` rows.

    A ParseError (line 1) when ``first_line`` cannot start a position, as :func:`parse` reports it.
    """
    return 1 + _side(Lines(first_line))


def start(n: int = 8) -> Board:
    """The standard opening of an even side ``n``: white on the centre's main diagonal."""
    n = checked_count(n, "n")
    if not (2 <= n <= MAX_N and n % 2 == 0):
        raise ArgumentError(f"n must be an even number from 2 to {MAX_N}, got {shown(n)}")
    rows = [[-1] * n for _ in range(n)]
    h = n // 2
    rows[h - 1][h - 1] = rows[h][h] = 0
    rows[h - 1][h] = rows[h][h - 1] = 1
    return Board._trusted(tuple(tuple(row) for row in rows))


def max_table_size() -> int:
    """The largest ``table_size`` (MiB) allowed now: half the memory available, at most 64 GiB.

    64 GiB is the kernel's largest table (2**30 entries). The memory available
    is measured at each call (``MemAvailable`` on Linux; see ``fastpuzzle._contract.memory``,
    and the environment variable ``FASTPUZZLE_AVAILABLE_MIB`` that overrides it).
    """
    return min(_largest_table_mib(), _memory.available_mib() // 2)


def default_table_size() -> int:
    """The ``table_size`` (MiB) used when none is given: ``DEFAULT_TABLE_SIZE``, or :func:`max_table_size` if less."""
    return min(DEFAULT_TABLE_SIZE, max_table_size())


def _largest_table_mib() -> int:
    """MiB of the kernel's largest table, 2**_MAX_TABLE_BITS entries."""
    return (_kernel.ENTRY_BYTES << _MAX_TABLE_BITS) >> 20


def _table_size_problem(table_size: int) -> Optional[str]:
    """Why a table of ``table_size`` MiB is not allowed now, or None (a whole number of 0 or more)."""
    largest = _largest_table_mib()
    if table_size > largest:
        return f"at most {largest} MiB (the largest table, 2**{_MAX_TABLE_BITS} entries)"
    available = _memory.available_mib()
    if table_size > available // 2:
        return f"at most {available // 2} MiB (half the {available} MiB of memory available)"
    return None


def _table_bits(table_size: Optional[int], limit: int) -> int:
    """log2 of the table entries that fit ``table_size`` MiB (None: the default), at most ``limit``.

    The size is rounded down to a power of two of entries; a size above
    :func:`max_table_size` is a PuzzleTooLargeError, never a silent cap.
    """
    if table_size is None:
        if _kernel.ENTRY_BYTES << limit <= _SMALL_TABLE_BYTES:
            return limit  # a small count's table: no need to read how much memory is free
        table_size = default_table_size()
    else:
        table_size = checked_count(table_size, "table_size")
        problem = _table_size_problem(table_size)
        if problem is not None:
            raise PuzzleTooLargeError(f"table_size must be {problem}, got {shown(table_size)}")
    entries = (table_size << 20) // _kernel.ENTRY_BYTES
    return min(entries.bit_length() - 1 if entries else 0, limit)


def _sides(board: Board, to_move: str) -> tuple[int, int]:
    """(discs of the side to move, discs of the other) for ``to_move``."""
    checked_choice(to_move, "to_move", _COLOURS)
    white, black = board.discs(0), board.discs(1)
    return (white, black) if to_move == "white" else (black, white)


def solve(board: BoardLike, *, to_move: str = "white") -> Counts:
    """The contest's answer: :func:`count_games` with the default table."""
    return count_games(board, to_move=to_move)


def count_games(
    board: BoardLike,
    *,
    to_move: str = "white",
    table_size: Optional[int] = None,
    progress: Optional[bool] = None,
    jobs: Optional[int] = None,
    executor: Any = None,
    checkpoint: Optional[PathLike] = None,
) -> Counts:
    """(black wins, white wins, draws) over every game from ``board``, ``to_move`` to move.

    ``table_size`` is the memory of the transposition table in MiB (0: none;
    None: :func:`default_table_size`), rounded down to a power of two of
    entries and at most :func:`max_table_size` (PuzzleTooLargeError above it);
    the counts are exact whatever its size. ``progress``: show a progress bar
    on standard error for long counts (default: when standard error is a
    terminal). Ctrl-C (KeyboardInterrupt) stops a count promptly.

    ``jobs``, ``executor`` or ``checkpoint`` split the count into exact parts
    (see :func:`perft`).
    """
    board = from_rows(board)
    mover, other = _sides(board, to_move)
    # A small tree needs a small table, and a large table costs page faults to set up.
    table_bits = _table_bits(table_size, board.empties + 4)
    if _splits(jobs, executor, checkpoint):
        black, white, draws = _split(board, to_move, None, None, table_bits, jobs, executor, checkpoint, progress)
        return Counts(black, white, draws)
    counter = _kernel.Counter(table_bits)
    with _count_bar(progress) as bar:
        wins, losses, draws = (int(count) for count in counter.count(board.n, mover, other, bar.callback))
    return Counts(losses, wins, draws) if to_move == "white" else Counts(wins, losses, draws)


def perft(
    board: BoardLike,
    depth: int,
    *,
    to_move: str = "white",
    convention: str = "A",
    table_size: Optional[int] = None,
    progress: Optional[bool] = None,
    jobs: Optional[int] = None,
    executor: Any = None,
    checkpoint: Optional[PathLike] = None,
) -> int:
    """The number of leaves ``depth`` plies below ``board``, ``to_move`` to move.

    A pass is one ply. Convention ``"A"`` counts a game that ended before
    ``depth`` as a leaf; ``"B"`` (OEIS A124004) does not count it. From
    ``start(8)`` with black first both give 4, 12, 56, 244, ... for depth 1, 2,
    3, 4, ... ``table_size`` and ``progress`` as for :func:`count_games`.

    ``jobs``, ``executor`` or ``checkpoint`` split the count: the tree is
    expanded to a frontier of unique positions (mirror images merged), each
    counted as one task, and the parts add up to exactly the serial answer.
    ``executor`` is any ``concurrent.futures.Executor`` or a
    ``dask.distributed.Client``; without one, a thread pool of ``jobs``
    workers (default: the usable CPUs). The worker threads of one process
    share one table of ``table_size`` (so the memory is one table per
    process, not per thread); each worker process has its own; tables are
    reused from part to part. ``checkpoint`` is a file (JSON Lines) that
    records each finished part: a count that was stopped or lost a worker
    resumes from it, and says so in one line on standard error (``fastpuzzle:
    reversi: resuming: 176 of 1773 parts done``; none with ``progress=False``);
    a file of another count is an ArgumentError.
    """
    board = from_rows(board)
    checked_choice(convention, "convention", _CONVENTIONS)
    depth = checked_count(depth, "depth")
    if depth > MAX_DEPTH:
        raise ArgumentError(f"depth must be at most {MAX_DEPTH}, got {shown(depth)}")
    mover, other = _sides(board, to_move)
    table_bits = _table_bits(table_size, depth + 8)
    if _splits(jobs, executor, checkpoint):
        (leaves,) = _split(board, to_move, depth, convention, table_bits, jobs, executor, checkpoint, progress)
        return leaves
    counter = _kernel.Counter(table_bits)
    with _count_bar(progress) as bar:
        return int(counter.perft(board.n, mover, other, depth, convention == "A", bar.callback))


def _count_bar(show: Optional[bool]) -> progress_bar:
    """The progress bar of one count: its share done (in thousandths), shown as per cent and time left."""
    return progress_bar(NAME, show=show, total=1000, unit=None)


def _splits(jobs: object, executor: object, checkpoint: object) -> bool:
    """Whether a count is split (any of the three given), after checking them."""
    if jobs is not None:  # the executors (and concurrent.futures) load only for a split
        from fastpuzzle._common.executors import checked_jobs

        checked_jobs(jobs)
    if jobs is not None and executor is not None:
        raise ArgumentError("give jobs (a thread pool of fastpuzzle's own) or executor, not both")
    if checkpoint is not None and not isinstance(checkpoint, (str, os.PathLike)):
        raise TypeError(f"checkpoint must be a path, found {type(checkpoint).__name__}")
    if checkpoint is not None and not os.fspath(checkpoint):
        raise ArgumentError("checkpoint must name a file, got an empty path")
    if checkpoint is not None and "\0" in os.fspath(checkpoint):
        raise ArgumentError(f"checkpoint must name a file, got a path with a NUL character: {os.fspath(checkpoint)!r}")
    return jobs is not None or executor is not None or checkpoint is not None


def _split(
    board: Board,
    to_move: str,
    depth: Optional[int],
    convention: Optional[str],
    table_bits: int,
    jobs: Optional[int],
    executor: Any,
    checkpoint: Optional[PathLike],
    progress: Optional[bool],
) -> list[int]:
    """A split count (``fastpuzzle.reversi._split``), with a progress bar of the parts finished."""
    from . import _split as _reversi_split

    return _reversi_split.split_count(
        board,
        to_move,
        depth,
        convention,
        table_bits,
        jobs=jobs,
        executor=executor,
        checkpoint=checkpoint,
        progress=progress,
    )


def format(counts: Counts) -> str:
    """The contest output: ``B W D`` on one line.

    ``counts`` is a :class:`Counts` (or any 3-tuple) of whole numbers, 0 or more.
    """
    if not isinstance(counts, tuple) or len(counts) != 3:
        raise TypeError(f"expected Counts(black, white, draws), found {type(counts).__name__}")
    black, white, draws = (checked_count(count, name) for count, name in zip(counts, Counts._fields))
    try:
        return f"{black} {white} {draws}\n"
    except ValueError:  # more digits than Python writes (sys.get_int_max_str_digits()): no board has so many games
        raise ArgumentError(
            f"expected Counts(black, white, draws) of games, found {shown(max(black, white, draws))}"
        ) from None


def solve_text(text: str) -> str:
    """Contest input in, contest output out (white moves first)."""
    return format(solve(parse(text)))


#: solve_texts counts positions of at most this many empty cells in bulk (milliseconds each at most).
_BULK_EMPTIES = 10


def solve_texts(texts: list[Any]) -> list[Optional[str]]:
    """:func:`solve_text` of each plainly written contest position (values one space apart, then nothing or
    blank lines) with at most 10 empty cells, read, counted and written in one compiled call; None for any
    other text (or item), which :func:`solve_text` then takes alone (with its progress and polls). For
    batches."""
    return _kernel.solve_plain_texts(texts, _BULK_EMPTIES, _table_bits(None, _MAX_TABLE_BITS))
