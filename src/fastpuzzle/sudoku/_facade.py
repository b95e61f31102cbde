"""Binary sudoku (USACO 2011 November, Gold): the fewest toggles that make every unit even: the facade (the package's ``__init__`` exports its public names)."""

from __future__ import annotations

import operator
import sys
from _thread import allocate_lock
from contextlib import contextmanager
from itertools import islice
from typing import NamedTuple

from fastpuzzle._common import grid as _grid
from fastpuzzle._common import select as _select
from fastpuzzle._common.text import Lines, check_row, describe, plain_lines, plain_rows, shown
from fastpuzzle._contract.registry import PUZZLES
from fastpuzzle.errors import ArgumentError, ParseError

TYPE_CHECKING = False

if TYPE_CHECKING or not _select.twins_active():
    from . import _kernel as _kernel
else:
    from . import _twin as _kernel

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator, Sequence
    from typing import Any, Optional, Union

    GridLike = Union["Grid", Sequence[str], Sequence[int]]


NAME = "sudoku"
#: Rows, columns and boxes of a grid.
SIDE = PUZZLES[NAME].limits["SIDE"]
#: The largest answer any grid has.
MAX_ANSWER = PUZZLES[NAME].limits["MAX_ANSWER"]
_CELLS = "01"
_ROW_MASKS = 1 << SIDE
#: Grids min_toggles_many reads and checks before it counts them.
_MANY_CHUNK = 1 << 16
#: The contest output of each answer.
_ANSWER_TEXTS = tuple(f"{answer}\n" for answer in range(MAX_ANSWER + 1))

# One answer table per kernel module (tests switch to the twin), built on first use.
_TABLES: dict[str, Any] = {}
_TABLE_LOCK = allocate_lock()


class Grid(_grid.Grid):
    """A binary-sudoku grid: ``rows`` are 9 strings of ``'0'`` and ``'1'``.

    ``Grid(rows)`` and :func:`from_rows` take 9 row strings, 9 row masks or a
    ``(9, 9)`` NumPy array of 0s and 1s, and check them as :func:`parse` checks
    text.
    """

    __slots__ = ("_masks",)
    _masks: tuple[int, ...]

    def __init__(self, rows: Any) -> None:
        cells = _array_rows(rows)
        super().__init__(rows if cells is None else cells)

    @staticmethod
    def _check_rows(rows: tuple[Any, ...]) -> tuple[str, ...]:
        _grid.check_row_count(len(rows), len(rows) == SIDE, f"{SIDE} rows")
        return tuple(_row_text(row, r) for r, row in enumerate(rows, start=1))

    @property
    def masks(self) -> tuple[int, ...]:
        """The 9 row masks: ``int(row, 2)``, so bit ``8 - c`` is column ``c``."""
        try:
            return self._masks
        except AttributeError:
            self._masks = tuple(int(row, 2) for row in self.rows)
            return self._masks


def _row_text(row: Any, r: int) -> str:
    """Row ``r`` (1-based) as a string, from a string, a mask or a NumPy array of 9 cells 0/1."""
    if isinstance(row, str):
        check_row(row, SIDE, _CELLS, r, unit="row")
        return row
    if _numpy_of(row) is not None and row.ndim:  # a NumPy array (one of no dimension is a mask, below)
        if row.ndim != 1 or row.dtype.kind not in "biu":
            raise TypeError(
                f"row {r} is an array of shape {row.shape} and dtype {row.dtype}, "
                f"expected {SIDE} cells 0/1 (integers or booleans)"
            )
        text = _cells_text(row.tolist(), r)
        check_row(text, SIDE, _CELLS, r, unit="row")
        return text
    if _grid.is_integer(row):
        row = operator.index(row)
        if not 0 <= row < _ROW_MASKS:
            raise ParseError(f"expected a row mask from 0 to {_ROW_MASKS - 1}, found {shown(row)}", r, 1, unit="row")
        return f"{row:09b}"
    raise TypeError(f"row {r} is {type(row).__name__}, expected str or int")


def _array_rows(grid: Any) -> Optional[tuple[str, ...]]:
    """The rows of a grid given as a 2-D NumPy array of cells 0/1, as strings; None for anything else (a 1-D
    array's items are row masks). ArgumentError for another shape, TypeError for another dtype, ParseError
    (row, column) for a cell other than 0 or 1."""
    if _numpy_of(grid) is None or grid.ndim < 2:
        return None
    if grid.shape != (SIDE, SIDE):
        raise ArgumentError(
            f"expected an array of shape ({SIDE}, {SIDE}) (cells 0/1) or ({SIDE},) (row masks), found {grid.shape}"
        )
    if grid.dtype.kind not in "biu":
        raise TypeError(f"expected an integer or boolean array, found dtype {grid.dtype}")
    # One copy of every cell first: another thread may change the array meanwhile.
    return tuple(_cells_text(cells, r) for r, cells in enumerate(grid.tolist(), start=1))


def _cells_text(cells: list[Any], r: int) -> str:
    """Row ``r`` (1-based) of cells 0/1 (ints or bools, from ``ndarray.tolist``) as a string; a ParseError at
    the first other value."""
    for c, cell in enumerate(cells, start=1):
        if cell not in (0, 1):
            raise ParseError(f"expected 0 or 1, found {cell}", r, c, unit="row")
    return "".join("1" if cell else "0" for cell in cells)


from_rows = Grid.from_rows


class Toggles(NamedTuple):
    """The answer for a grid: the fewest toggles, and one optimal set of them.

    ``cells`` are 1-based ``(row, column)`` pairs, ``minimum == len(cells)``;
    toggling exactly those cells makes every row, column and box even.
    """

    minimum: int
    cells: list[tuple[int, int]]


def parse(text: str) -> Grid:
    """Read the contest format: 9 lines of 9 characters ``0``/``1``.

    Trailing spaces, CRLF and trailing blank lines are accepted. Raises
    :class:`~fastpuzzle.ParseError` with the line and column of the first problem.
    """
    plain = plain_lines(text)  # the quick path; whatever it does not expect goes on to the detailed reader
    rows = plain_rows(plain, 0, SIDE, SIDE, _CELLS) if plain is not None else None
    if rows is not None:
        return Grid._trusted(rows)
    lines = Lines(text)
    rows = tuple(_row(lines, r) for r in range(SIDE))
    lines.expect_end(SIDE, f"the {SIDE} rows")
    return Grid._trusted(rows)


def _row(lines: Lines, r: int) -> str:
    """Row ``r`` (0-based), on line ``r + 1``, or a ParseError."""
    return lines.char_row(r, SIDE, _CELLS, "row", r + 1, SIDE)


def puzzle_lines(first_line: str) -> int:
    """The lines of a grid whose first line is ``first_line``: always its 9 rows (there is no header).

    A ParseError (line 1) when ``first_line`` is no first row, as :func:`parse` reports it.
    """
    _row(Lines(first_line), 0)
    return SIDE


def min_toggles(grid: GridLike) -> int:
    """The fewest cells to toggle so that every row, column and box of ``grid`` is even.

    ``grid`` is a :class:`Grid`, 9 row strings, 9 row masks or a ``(9, 9)``
    NumPy array of 0s and 1s. Cheap enough to call a million times on a
    :class:`Grid`: the kernel looks only at which rows, columns and boxes are odd.
    """
    answer = _kernel.plain_min_toggles(grid)  # checked and packed in one compiled pass
    return answer if answer >= 0 else _kernel.min_toggles(_masks_of(grid))


def _masks_of(grid: Any) -> tuple[int, ...]:
    """The checked row masks of ``grid``; 9 valid masks pass straight through."""
    if type(grid) is Grid:
        return grid.masks
    if type(grid) in (tuple, list):
        # A snapshot first: another thread may change the list between the check and the kernel.
        rows = tuple(grid)
        if len(rows) == SIDE and all(type(row) is int and 0 <= row < _ROW_MASKS for row in rows):
            return rows
        return from_rows(rows).masks
    return from_rows(grid).masks


def min_toggles_many(grids: Any) -> Any:
    """:func:`min_toggles` of every grid in ``grids``, in one call.

    ``grids`` is an iterable of grids (each as :func:`min_toggles` takes it); the
    answers come back as a list of ints. A NumPy array of shape ``(k, 9, 9)`` with
    values 0 and 1 is also accepted, and gives a ``uint8`` array of ``k`` answers.
    The first call builds a 256 KiB answer table (a few milliseconds).
    Errors name the grid's index as well as its row and column.
    """
    numpy = _numpy_of(grids)
    if numpy is not None:
        return _count_array(numpy, grids)
    if isinstance(grids, (str, bytes, bytearray)):
        raise TypeError("expected a sequence of grids; use parse() for contest text")
    if type(grids) is list:
        if not grids:
            return []
        count = len(grids)
        counts = bytearray(count)
        # One compiled pass over the caller's list: no Python code runs during it, so no thread changes it.
        if _table().count_plain(grids, 0, count, counts) == count:
            return list(counts)
        # A grid that Python code must read may change the caller's list: again, on a copy (tests/test_threads.py).
        return _count_chunks(iter((list(grids),)))
    try:
        every_grid = iter(grids)
    except TypeError:
        raise TypeError(f"expected a sequence of grids, found {type(grids).__name__}") from None
    # A chunk at a time: a bad grid is found after at most a chunk, even in an endless iterable.
    return _count_chunks(iter(lambda: list(islice(every_grid, _MANY_CHUNK)), []))


def _count_chunks(chunks: Iterator[list[Any]]) -> list[int]:
    """min_toggles of every grid of each chunk in turn (each a list no other code holds)."""
    out = bytearray()
    for chunk in chunks:
        table = _table()
        counts = bytearray(len(chunk))
        # The kernel checks and counts the grids in the plain form (9 row strings or masks) in one
        # pass; any other grid is read here, once, and the kernel goes on after it.
        done = table.count_plain(chunk, 0, len(chunk), counts)
        while done < len(chunk):
            counts[done] = _kernel.min_toggles(_masks_at(chunk[done], len(out) + done))
            done = table.count_plain(chunk, done + 1, len(chunk), counts)
        out += counts
    return list(out)


def _masks_at(grid: Any, index: int) -> tuple[int, ...]:
    """The checked row masks of ``grid``, its errors naming the grid's index."""
    with _naming_grid(index):
        return _masks_of(grid)


@contextmanager
def _naming_grid(index: int) -> Iterator[None]:
    """Errors raised inside name grid ``index`` of a batch."""
    try:
        yield
    except ParseError as error:
        raise ParseError(error.reason, error.line, error.column, unit=f"grid {index}, row") from None
    except TypeError as error:
        raise TypeError(f"grid {index}: {error}") from None
    except ArgumentError as error:
        raise ArgumentError(f"grid {index}: {error}") from None


def _numpy_of(grids: Any) -> Any:
    """The numpy module if ``grids`` is a NumPy array (never imports numpy itself)."""
    numpy = sys.modules.get("numpy")
    return numpy if numpy is not None and isinstance(grids, numpy.ndarray) else None


def _count_array(numpy: Any, grids: Any) -> Any:
    if grids.ndim != 3 or grids.shape[1:] != (SIDE, SIDE):
        one = f" (one grid: min_toggles, or an array of shape (1, {SIDE}, {SIDE}))" if grids.ndim == 2 else ""
        raise ArgumentError(f"expected an array of shape (k, {SIDE}, {SIDE}), found {grids.shape}{one}")
    if grids.dtype.kind not in "biu":
        raise TypeError(f"expected an integer or boolean array, found dtype {grids.dtype}")
    out = numpy.empty(len(grids), dtype=numpy.uint8)
    if not len(grids):
        return out
    if grids.dtype == numpy.uint8:
        if grids.max() > 1:
            _raise_for_cells(numpy, grids, grids > 1)
    else:
        outside = (grids != 0) & (grids != 1)
        if outside.any():
            _raise_for_cells(numpy, grids, outside)
        grids = grids.astype(numpy.uint8)
    cells = numpy.ascontiguousarray(grids)
    _table().count_cells(memoryview(cells).cast("B"), memoryview(out))
    return out


def _raise_for_cells(numpy: Any, cells: Any, outside: Any) -> None:
    g, r, c = (int(i) for i in numpy.argwhere(outside)[0])
    raise ParseError(f"expected 0 or 1, found {cells[g, r, c]}", r + 1, c + 1, unit=f"grid {g}, row")


def _table() -> _kernel.Table:
    """The active kernel's answer table, built once per process under a lock."""
    kernel = _kernel
    table = _TABLES.get(kernel.__name__)
    if table is None:
        with _TABLE_LOCK:
            table = _TABLES.get(kernel.__name__)
            if table is None:
                table = _TABLES[kernel.__name__] = kernel.Table()
    return table


def solve(grid: GridLike) -> Toggles:
    """The fewest toggles and one optimal set of them, as :class:`Toggles`.

    Rows and columns are 1-based; toggling exactly those cells makes every row,
    column and box of ``grid`` even, and ``minimum == len(cells)``.
    """
    count, toggles = _kernel.solve(_masks_of(grid))
    pairs = [(r + 1, c + 1) for r in range(SIDE) for c in range(SIDE) if toggles[r] >> (SIDE - 1 - c) & 1]
    return Toggles(count, pairs)


#: The most toggles :func:`apply` takes (an answer has at most 81, one per cell).
MOST_TOGGLES = _grid.MOST_ROWS


def apply(grid: GridLike, toggles: Iterable[tuple[int, int]]) -> Grid:
    """``grid`` with the cells at the 1-based ``(row, column)`` pairs of ``toggles`` toggled.

    A toggle that is no pair of whole numbers is a TypeError; one outside the
    grid an :class:`~fastpuzzle.ArgumentError`, and so are more than
    ``MOST_TOGGLES`` toggles (an endless iterable is read one toggle past that).
    """
    cells = [list(row) for row in from_rows(grid).rows]
    for number, toggle in enumerate(islice(toggles, MOST_TOGGLES + 1), start=1):
        if number > MOST_TOGGLES:
            raise ArgumentError(f"expected at most {MOST_TOGGLES} toggles, found more")
        r, c = _toggle_of(toggle)
        if not (1 <= r <= SIDE and 1 <= c <= SIDE):
            raise ArgumentError(f"toggle ({shown(r)}, {shown(c)}) is outside the 9 x 9 grid")
        cells[r - 1][c - 1] = "1" if cells[r - 1][c - 1] == "0" else "0"
    return Grid._trusted(tuple("".join(row) for row in cells))


def _toggle_of(toggle: Any) -> tuple[int, int]:
    """A toggle as a (row, column) pair of ints; a TypeError for anything else."""
    if isinstance(toggle, (str, bytes, bytearray)) or not hasattr(toggle, "__len__") or len(toggle) != 2:
        raise TypeError(f"a toggle is a (row, column) pair, got {describe(shown(toggle))}")
    if not all(map(_grid.is_integer, toggle)):
        raise TypeError(f"a toggle is a pair of integers, got {describe(shown(toggle))}")
    return operator.index(toggle[0]), operator.index(toggle[1])


def _answer_of(answer: Any) -> Toggles:
    """``answer`` as :class:`Toggles` (any (minimum, cells) pair): a TypeError for anything else."""
    if not isinstance(answer, tuple) or len(answer) != 2:
        raise TypeError(f"expected Toggles(minimum, cells), found {type(answer).__name__}")
    minimum = _grid.checked_count(answer[0], "minimum")
    if minimum > MAX_ANSWER:
        raise ArgumentError(f"minimum must be at most {MAX_ANSWER}, got {shown(minimum)}")
    return Toggles(minimum, answer[1])


def is_even(grid: GridLike) -> bool:
    """Whether every row, column and 3x3 box of ``grid`` holds an even number of 1s."""
    rows = from_rows(grid).rows
    units = list(rows) + ["".join(column) for column in zip(*rows)]
    units += [
        "".join(rows[r][c] for r in range(br, br + 3) for c in range(bc, bc + 3))
        for br in (0, 3, 6)
        for bc in (0, 3, 6)
    ]
    return all(unit.count("1") % 2 == 0 for unit in units)


def format(answer: Toggles) -> str:
    """The contest output: the fewest toggles on its own line."""
    return f"{_answer_of(answer).minimum}\n"


def format_solution(grid: GridLike, answer: Toggles) -> str:
    """The count, the toggles, and the fixed grid with the toggled cells in brackets."""
    count, toggles = _answer_of(answer)
    toggles = list(islice(toggles, MOST_TOGGLES + 1))  # read once: an iterator's toggles are applied and listed
    fixed = apply(grid, toggles)
    toggles = [_toggle_of(toggle) for toggle in toggles]
    chosen = set(toggles)
    lines = [f"{count}", "toggles: " + (" ".join(f"({r}, {c})" for r, c in toggles) or "none")]
    lines.append("fixed grid, toggled cells in brackets:")
    for r, row in enumerate(fixed.rows, start=1):
        lines.append(
            "".join(f"[{cell}]" if (r, c) in chosen else f" {cell} " for c, cell in enumerate(row, start=1)).rstrip()
        )
    return "".join(line + "\n" for line in lines)


def solve_text(text: str) -> str:
    """Contest input in, contest output out (the minimum number of toggles)."""
    return f"{min_toggles(parse(text))}\n"


def solve_texts(texts: list[Any]) -> list[Optional[str]]:
    """:func:`solve_text` of each contest text that is plainly written (9 lines of 9 ``0``/``1``, each ending
    in ``"\\n"``, then nothing or blank lines), read and counted in one compiled pass; None for any other text
    (or item), which :func:`solve_text` then reads and reports one by one. For batches."""
    printed: list[Optional[str]] = _table().printed_texts(texts, _ANSWER_TEXTS)
    return printed
