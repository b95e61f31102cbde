"""Binary sudoku (USACO 2011 November, Gold): the fewest toggles that make every unit even.

A 9 x 9 grid of 0s and 1s; toggle as few cells as possible so that each of the
9 rows, 9 columns and 9 3x3 boxes holds an even number of 1s::

    >>> from fastpuzzle import sudoku
    >>> grid = sudoku.parse("000000000\\n001000100\\n000000000\\n000110000\\n"
    ...                     "000111000\\n000000000\\n000000000\\n000000000\\n000000000\\n")
    >>> sudoku.min_toggles(grid)
    3
    >>> count, toggles = sudoku.solve(grid)
    >>> count == len(toggles) and sudoku.is_even(sudoku.apply(grid, toggles))
    True

Grids may be given as a :class:`Grid`, as 9 row strings of ``'0'``/``'1'``, or as
9 row masks (``int(row, 2)``: bit ``8 - c`` is column ``c``, counting from 0).
For many grids, :func:`min_toggles_many` counts a list (or a ``(k, 9, 9)``
NumPy array) in one call.
"""

from __future__ import annotations

from _thread import allocate_lock

TYPE_CHECKING = False

from . import _select
from ._text import Lines, check_row
from .errors import ParseError

if TYPE_CHECKING:
    import argparse
    from typing import Any, Iterable, Optional, Sequence, Union

    GridLike = Union["Grid", Sequence[str], Sequence[int]]
    Toggles = list[tuple[int, int]]

__all__ = [
    "SIDE",
    "MAX_ANSWER",
    "Grid",
    "parse",
    "from_rows",
    "min_toggles",
    "min_toggles_many",
    "solve",
    "apply",
    "is_even",
    "format",
    "format_solution",
]

NAME = "sudoku"
_kernel = _select.kernel(NAME)

#: Rows, columns and boxes of a grid.
SIDE = 9
#: The largest answer any grid has.
MAX_ANSWER = 9
_CELLS = "01"

# One answer table per kernel module (the tests swap in the twin), built on first use.
_TABLES: dict[str, Any] = {}
_TABLE_LOCK = allocate_lock()


class Grid(tuple[str, ...]):
    """A binary-sudoku grid: a tuple of 9 row strings of ``'0'`` and ``'1'``.

    ``Grid(rows)`` checks the rows as :func:`from_rows` does.
    """

    __slots__ = ()

    def __new__(cls, rows: Iterable[str]) -> Grid:
        return super().__new__(cls, _checked_rows(rows))

    @classmethod
    def _trusted(cls, rows: Sequence[str]) -> Grid:
        """A Grid from rows already known to be valid."""
        return tuple.__new__(cls, rows)

    @property
    def masks(self) -> tuple[int, ...]:
        """The 9 row masks: ``int(row, 2)``, so bit ``8 - c`` is column ``c``."""
        return tuple(int(row, 2) for row in self)

    def __repr__(self) -> str:
        return f"Grid({tuple(self)!r})"

    def __str__(self) -> str:
        return "".join(row + "\n" for row in self)


def parse(text: str) -> Grid:
    """Read the contest format: 9 lines of 9 characters ``0``/``1``.

    Trailing spaces, CRLF and trailing blank lines are accepted. Raises
    :class:`~fastpuzzle.ParseError` with the line and column of the first problem.
    """
    lines = Lines(text)
    rows = [lines.char_row(r, SIDE, _CELLS, "row", r + 1, SIDE) for r in range(SIDE)]
    lines.expect_end(SIDE, f"the {SIDE} rows")
    return Grid._trusted(rows)


def from_rows(grid: GridLike) -> Grid:
    """A :class:`Grid` from 9 row strings or 9 row masks, checked like :func:`parse`.

    Errors name the row (1-based) and column of the first problem.
    """
    if isinstance(grid, Grid):
        return grid
    if isinstance(grid, (str, bytes)):
        raise TypeError("expected a sequence of 9 rows; use parse() for contest text")
    rows = list(grid)
    if len(rows) != SIDE:
        raise ParseError(f"expected {SIDE} rows, found {len(rows)}", min(len(rows), SIDE) + 1, 1, unit="row")
    return Grid._trusted([_row_text(row, r) for r, row in enumerate(rows, start=1)])


def _row_text(row: object, r: int) -> str:
    """Row ``r`` (1-based) as a string, from a string or a mask."""
    if isinstance(row, str):
        check_row(row, SIDE, _CELLS, r, unit="row")
        return row
    if isinstance(row, int):
        if not 0 <= row < 1 << SIDE:
            raise ParseError(f"expected a row mask from 0 to {(1 << SIDE) - 1}, found {row}", r, 1, unit="row")
        return f"{row:09b}"
    raise TypeError(f"row {r} is {type(row).__name__}, expected str or int")


def _checked_rows(rows: Iterable[str]) -> tuple[str, ...]:
    return tuple(from_rows(rows if isinstance(rows, (str, bytes)) else list(rows)))


def min_toggles(grid: GridLike) -> int:
    """The fewest cells to toggle so that every row, column and box of ``grid`` is even.

    Cheap enough to call a million times: a grid of row masks or strings goes
    straight to the kernel, which looks only at which rows, columns and boxes are odd.
    """
    try:
        return int(_kernel.min_toggles(grid))
    except (ValueError, TypeError):
        pass
    return int(_kernel.min_toggles(from_rows(grid)))


def min_toggles_many(grids: Any) -> Any:
    """:func:`min_toggles` of every grid in ``grids``, in one call.

    ``grids`` is a sequence of grids (each as :func:`min_toggles` takes it); the
    answers come back as a list of ints. A NumPy array of shape ``(k, 9, 9)`` with
    values 0 and 1 is also accepted, and gives a ``uint8`` array of ``k`` answers.
    The first call builds a 256 KiB answer table (a few tens of milliseconds).
    """
    numpy = _numpy_of(grids)
    if numpy is not None:
        return _count_array(numpy, grids)
    if isinstance(grids, (str, bytes)):
        raise TypeError("expected a sequence of grids; use parse() for contest text")
    if not isinstance(grids, (list, tuple)):
        grids = list(grids)
    out = bytearray(len(grids))
    done = _table().count_grids(grids, memoryview(out))
    if done < len(grids):
        _raise_for_grid(grids[done], done)
    return list(out)


def _numpy_of(grids: Any) -> Any:
    """The numpy module if ``grids`` is a NumPy array (never imports numpy itself)."""
    import sys

    numpy = sys.modules.get("numpy")
    return numpy if numpy is not None and isinstance(grids, numpy.ndarray) else None


def _count_array(numpy: Any, grids: Any) -> Any:
    if grids.ndim != 3 or grids.shape[1:] != (SIDE, SIDE):
        raise ValueError(f"expected an array of shape (k, {SIDE}, {SIDE}), found {grids.shape}")
    if grids.dtype.kind not in "biu":
        raise TypeError(f"expected an integer or boolean array, found dtype {grids.dtype}")
    if grids.dtype != numpy.uint8:
        outside = (grids != 0) & (grids != 1)
        if outside.any():
            _raise_for_cells(numpy, grids, outside)
        grids = grids.astype(numpy.uint8)
    cells = numpy.ascontiguousarray(grids)
    out = numpy.empty(len(cells), dtype=numpy.uint8)
    if not len(cells):
        return out  # memoryview cannot cast an empty 3-d view
    done = _table().count_cells(memoryview(cells).cast("B"), memoryview(out))
    if done < len(cells):
        _raise_for_cells(numpy, cells, (cells != 0) & (cells != 1))
    return out


def _raise_for_cells(numpy: Any, cells: Any, outside: Any) -> None:
    g, r, c = (int(i) for i in numpy.argwhere(outside)[0])
    raise ParseError(f"expected 0 or 1, found {cells[g, r, c]}", r + 1, c + 1, unit=f"grid {g}, row")


def _raise_for_grid(grid: Any, index: int) -> None:
    """Raise the error :func:`from_rows` gives for ``grid``, naming its index."""
    try:
        from_rows(grid)
    except ParseError as error:
        raise ParseError(error.reason, error.line, error.column, unit=f"grid {index}, row") from None
    except TypeError as error:
        raise TypeError(f"grid {index}: {error}") from None
    raise AssertionError(f"grid {index} was refused by the kernel but is valid")  # pragma: no cover


def _table() -> Any:
    """The active kernel's answer table, built once per process under a lock."""
    kernel = _kernel
    table = _TABLES.get(kernel.__name__)
    if table is None:
        with _TABLE_LOCK:
            table = _TABLES.get(kernel.__name__)
            if table is None:
                table = _TABLES[kernel.__name__] = kernel.Table()
    return table


def solve(grid: GridLike) -> tuple[int, Toggles]:
    """The fewest toggles and one optimal set of them: ``(count, [(row, column), ...])``.

    Rows and columns are 1-based; toggling exactly those cells makes every row,
    column and box of ``grid`` even, and ``count == len(toggles)``.
    """
    try:
        count, toggles = _kernel.solve(grid)
    except (ValueError, TypeError):
        count, toggles = _kernel.solve(from_rows(grid))
    pairs = [(r + 1, c + 1) for r in range(SIDE) for c in range(SIDE) if toggles[r] >> (SIDE - 1 - c) & 1]
    return int(count), pairs


def apply(grid: GridLike, toggles: Iterable[tuple[int, int]]) -> Grid:
    """``grid`` with the cells at the 1-based ``(row, column)`` pairs of ``toggles`` toggled."""
    cells = [list(row) for row in from_rows(grid)]
    for r, c in toggles:
        if not (1 <= r <= SIDE and 1 <= c <= SIDE):
            raise ValueError(f"toggle ({r}, {c}) is outside the 9 x 9 grid")
        cells[r - 1][c - 1] = "1" if cells[r - 1][c - 1] == "0" else "0"
    return Grid._trusted(["".join(row) for row in cells])


def is_even(grid: GridLike) -> bool:
    """Whether every row, column and 3x3 box of ``grid`` holds an even number of 1s."""
    rows = from_rows(grid)
    units = list(rows) + ["".join(column) for column in zip(*rows)]
    units += ["".join(rows[r][c] for r in range(br, br + 3) for c in range(bc, bc + 3)) for br in (0, 3, 6) for bc in (0, 3, 6)]
    return all(unit.count("1") % 2 == 0 for unit in units)


def format(count: int) -> str:  # noqa: A001 - mirrors parse()
    """The contest output: the count on its own line."""
    return f"{count}\n"


def format_solution(grid: GridLike, count: int, toggles: Sequence[tuple[int, int]]) -> str:
    """The count, the toggles, and the fixed grid with the toggled cells in brackets."""
    fixed = apply(grid, toggles)
    chosen = set(toggles)
    lines = [f"{count}", "toggles: " + (" ".join(f"({r}, {c})" for r, c in toggles) or "none")]
    lines.append("fixed grid, toggled cells in brackets:")
    for r, row in enumerate(fixed, start=1):
        lines.append("".join(f"[{cell}]" if (r, c) in chosen else f" {cell} " for c, cell in enumerate(row, start=1)).rstrip())
    return "".join(line + "\n" for line in lines)


def solve_text(text: str) -> str:
    """Contest input in, contest output out (the minimum number of toggles)."""
    return format(min_toggles(parse(text)))


# -- command line -----------------------------------------------------------


def add_cli_arguments(parser: argparse.ArgumentParser) -> None:
    """Binary sudoku's options for ``python -m fastpuzzle sudoku``."""
    parser.add_argument(
        "--show", action="store_true",
        help="also print one optimal set of toggles and the fixed grid with them in brackets",
    )


def run_cli(text: str, options: argparse.Namespace) -> str:
    """What ``python -m fastpuzzle sudoku`` prints for ``text``."""
    grid = parse(text)
    if options.show:
        count, toggles = solve(grid)
        return format_solution(grid, count, toggles)
    return format(min_toggles(grid))
