"""Reversi endgame counting: every game from a position to its end, by winner.

A board of side ``n`` (1 to 8) holds ``-1`` (empty), ``0`` (a white disc) or
``1`` (a black disc) in each cell. :func:`count_games` plays every possible
sequence of moves to the end of the game (a forced pass is not a choice) and
counts the final positions won by black, won by white, and drawn::

    >>> from fastpuzzle import reversi
    >>> board = reversi.parse("3\\n-1 0 1\\n0 1 0\\n1 0 -1\\n")
    >>> reversi.count_games(board)
    (2, 0, 0)
    >>> reversi.perft(reversi.start(8), 9, first="black")
    3005288
"""

from __future__ import annotations

TYPE_CHECKING = False

from . import _select
from ._grid import Grid
from ._text import Lines, describe

if TYPE_CHECKING:
    import argparse
    from typing import Any, Callable, Optional, Sequence, Union

    Counts = tuple[int, int, int]

__all__ = [
    "MAX_N",
    "DEFAULT_TABLE_SIZE",
    "Board",
    "parse",
    "from_rows",
    "start",
    "count_games",
    "perft",
    "format",
]

NAME = "reversi"
_kernel = _select.kernel(NAME)

#: Largest side: the kernel keeps a board in one 64-bit word per colour.
MAX_N = 8
#: Default memory of the transposition table, in MiB.
DEFAULT_TABLE_SIZE = 64
#: Bytes per table entry (two 64-bit keys and three 128-bit counts).
_ENTRY_BYTES = 64
#: Seconds a count runs before a progress bar appears.
_PROGRESS_DELAY = 0.5
_VALUES = {"-1": -1, "0": 0, "1": 1}
_COLOURS = ("white", "black")
_CONVENTIONS = ("A", "B")


class Board(Grid):
    """A reversi position: ``rows[r][c]`` is ``-1`` (empty), ``0`` (white) or ``1`` (black).

    The rows are checked as :func:`from_rows` checks them; ``n`` is the side.
    """

    __slots__ = ()

    @staticmethod
    def _check_rows(rows: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
        return _checked_rows(rows)

    @property
    def empties(self) -> int:
        """The number of empty cells."""
        return sum(row.count(-1) for row in self.rows)

    def discs(self, value: int) -> int:
        """Bit mask of the cells holding ``value`` (bit ``8 * r + c``), as the kernel takes it."""
        return sum(1 << (8 * r + c) for r, row in enumerate(self.rows) for c, cell in enumerate(row) if cell == value)

    def __str__(self) -> str:
        """The board in the contest format, its side first."""
        return f"{self.n}\n" + "".join(" ".join(str(cell) for cell in row) + "\n" for row in self.rows)


def parse(text: str) -> Board:
    """Read the contest format: a line with ``n``, then ``n`` rows of ``n`` values -1, 0 or 1.

    Raises :class:`~fastpuzzle.ParseError` with the line and column of the first problem.
    """
    from .errors import ParseError

    lines = Lines(text)
    (n,) = lines.integers(0, ("n (the side of the board)",), 1, MAX_N)
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


def from_rows(rows: Union[Board, Sequence[Sequence[int]]]) -> Board:
    """A :class:`Board` from a sequence of rows of -1/0/1, checked like :func:`parse`.

    Errors name the row (1-based) and column of the first problem.
    """
    if isinstance(rows, Board):
        return rows
    return Board(rows)


def _checked_rows(rows: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
    from .errors import ParseError

    if isinstance(rows, str):
        raise TypeError("expected a sequence of rows of integers; use parse() for contest text")
    checked = tuple(tuple(row) for row in rows)
    n = len(checked)
    if not 1 <= n <= MAX_N:
        raise ParseError(f"expected 1 to {MAX_N} rows, found {n}", 1, 1, unit="row")
    for r, row in enumerate(checked, start=1):
        for c, cell in enumerate(row[:n], start=1):
            if type(cell) is not int or cell not in (-1, 0, 1):
                raise ParseError(f"expected -1, 0 or 1, found {describe(repr(cell))}", r, c, unit="row")
        if len(row) != n:
            raise ParseError(f"expected {n} values in row {r} of {n}, found {len(row)}", r, min(len(row), n) + 1, unit="row")
    return checked


def start(n: int = 8) -> Board:
    """The standard opening of an even side ``n``: white on the centre's main diagonal."""
    if not (2 <= n <= MAX_N and n % 2 == 0):
        raise ValueError(f"n must be an even number from 2 to {MAX_N}, got {n}")
    rows = [[-1] * n for _ in range(n)]
    h = n // 2
    rows[h - 1][h - 1] = rows[h][h] = 0
    rows[h - 1][h] = rows[h][h - 1] = 1
    return Board._trusted(tuple(tuple(row) for row in rows))


def _table_bits(table_size: int, limit: int) -> int:
    """log2 of the table entries that fit ``table_size`` MiB, at most ``limit``."""
    if table_size < 0:
        raise ValueError(f"table_size must be at least 0 MiB, got {table_size}")
    entries = (table_size << 20) // _ENTRY_BYTES
    return min(entries.bit_length() - 1 if entries else 0, limit, int(_kernel.MAX_TABLE_BITS))


def _sides(board: Board, first: str) -> tuple[int, int]:
    """(discs of the side to move, discs of the other) for ``first`` to move."""
    if first not in _COLOURS:
        raise ValueError(f"first must be 'white' or 'black', got {first!r}")
    white, black = board.discs(0), board.discs(1)
    return (white, black) if first == "white" else (black, white)


def count_games(
    board: Union[Board, Sequence[Sequence[int]]],
    first: str = "white",
    *,
    table_size: int = DEFAULT_TABLE_SIZE,
    progress: Optional[bool] = None,
) -> Counts:
    """(black wins, white wins, draws) over every game from ``board``, ``first`` to move.

    ``table_size`` is the memory of the transposition table in MiB (0: none);
    the counts are exact whatever its size. ``progress``: show a progress bar
    on standard error for long counts (default: when standard error is a
    terminal). Ctrl-C (KeyboardInterrupt) stops a count promptly.
    """
    board = from_rows(board)
    mover, other = _sides(board, first)
    # A small tree needs a small table, and a large table costs page faults to set up.
    counter = _kernel.Counter(_table_bits(table_size, board.empties + 4))
    with _progress_bar(progress) as report:
        wins, losses, draws = (int(count) for count in counter.count(board.n, mover, other, report))
    return (losses, wins, draws) if first == "white" else (wins, losses, draws)


def perft(
    board: Union[Board, Sequence[Sequence[int]]],
    depth: int,
    first: str = "white",
    convention: str = "A",
    *,
    table_size: int = DEFAULT_TABLE_SIZE,
    progress: Optional[bool] = None,
) -> int:
    """The number of leaves ``depth`` plies below ``board``, ``first`` to move.

    A pass is one ply. Convention ``"A"`` counts a game that ended before
    ``depth`` as a leaf; ``"B"`` (OEIS A124004) does not count it. From
    ``start(8)`` with black first both give 4, 12, 56, 244, ... for depth 1, 2,
    3, 4, ... ``table_size`` and ``progress`` as for :func:`count_games`.
    """
    board = from_rows(board)
    if convention not in _CONVENTIONS:
        raise ValueError(f"convention must be 'A' or 'B', got {convention!r}")
    if depth < 0:
        raise ValueError(f"depth must be at least 0, got {depth}")
    mover, other = _sides(board, first)
    counter = _kernel.Counter(_table_bits(table_size, depth + 8))
    with _progress_bar(progress) as report:
        return int(counter.perft(board.n, mover, other, depth, convention == "A", report))


class _progress_bar:
    """A context giving the kernel's progress callback: a tqdm bar on standard error.

    The bar appears only after _PROGRESS_DELAY seconds, and only when asked
    (``show``), or, by default, when standard error is a terminal.
    """

    def __init__(self, show: Optional[bool]) -> None:
        import sys

        if show is None:
            show = sys.stderr is not None and sys.stderr.isatty()
        self.show = show
        self.bar: Any = None
        self.began = 0.0

    def __enter__(self) -> Optional[Callable[[float], None]]:
        if not self.show:
            return None
        import time

        self.began = time.monotonic()
        return self.report

    def report(self, done: float) -> None:
        if self.bar is None:
            import time

            if time.monotonic() - self.began < _PROGRESS_DELAY:
                return
            from importlib import import_module

            # tqdm is imported only now, when a bar is shown (and untyped: Any).
            tqdm = import_module("tqdm").tqdm
            self.bar = tqdm(total=1000, unit="‰", leave=False, desc="reversi", mininterval=0.2)
        self.bar.update(min(int(done * 1000), 1000) - self.bar.n)

    def __exit__(self, *exc_info: object) -> None:
        if self.bar is not None:
            self.bar.close()


def format(counts: Sequence[int]) -> str:  # noqa: A001 - mirrors parse()
    """The contest output: ``B W D`` on one line."""
    black, white, draws = counts
    return f"{black} {white} {draws}\n"


def solve_text(text: str) -> str:
    """Contest input in, contest output out (white moves first)."""
    return format(count_games(parse(text)))


# -- command line -----------------------------------------------------------


def add_cli_arguments(parser: argparse.ArgumentParser) -> None:
    """Reversi's options for ``python -m fastpuzzle reversi``."""
    parser.add_argument("--first", choices=_COLOURS, default="white", help="the side to move first (default: white)")
    parser.add_argument(
        "--perft", type=_non_negative, metavar="D",
        help="print the number of leaves D plies deep (a pass is a ply) instead of B W D",
    )
    parser.add_argument(
        "--convention", choices=_CONVENTIONS,
        help="with --perft: A counts games that end before D as leaves, B does not (default: A)",
    )
    parser.add_argument(
        "--table-size", type=_non_negative, default=DEFAULT_TABLE_SIZE, metavar="MIB",
        help=f"memory of the transposition table in MiB, 0 for none (default: {DEFAULT_TABLE_SIZE})",
    )


def _non_negative(text: str) -> int:
    """An argparse type: a whole number, 0 or more."""
    import argparse

    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, found {describe(text)}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected 0 or more, found {describe(text)}")
    return value


def check_cli_arguments(options: argparse.Namespace) -> Optional[str]:
    """What is wrong with a combination of reversi's options, or None."""
    if options.convention is not None and options.perft is None:
        return "--convention applies only with --perft"
    return None


def run_cli(text: str, options: argparse.Namespace) -> str:
    """What ``python -m fastpuzzle reversi`` prints for ``text``."""
    board = parse(text)
    if options.perft is not None:
        convention = options.convention or "A"
        return f"{perft(board, options.perft, options.first, convention, table_size=options.table_size)}\n"
    return format(count_games(board, options.first, table_size=options.table_size))
