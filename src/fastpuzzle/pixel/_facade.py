"""Pixel placement (Fill-a-Pix, Mosaic): parse, solve, count and format: the facade (the package's ``__init__`` exports its public names)."""

from __future__ import annotations

from fastpuzzle._common import select as _select
from fastpuzzle._common.grid import (
    Grid,
    check_row_count,
    check_text_rows,
    checked_count,
    count,
    first_solutions,
    single_solution,
    solution_rows,
    solution_text,
    walk,
)
from fastpuzzle._common.text import Lines, describe, plain_lines, plain_number, plain_rows, shown
from fastpuzzle._contract.registry import PUZZLES
from fastpuzzle.errors import ArgumentError, ParseError, PuzzleTooLargeError

TYPE_CHECKING = False

if TYPE_CHECKING or not _select.twins_active():
    from . import _kernel as _kernel
else:
    from . import _twin as _kernel

if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence
    from typing import Any, Optional, Union

    from fastpuzzle._contract.facade import Solution


NAME = "pixel"
#: Most cells of a grid, of any shape (SGT's Mosaic allows as many): 100x100, 200x50, 1x10000.
MAX_CELLS = PUZZLES[NAME].limits["MAX_CELLS"]
#: Largest side (rows or columns): as many as MAX_CELLS, the other side then being 1.
MAX_N = PUZZLES[NAME].limits["MAX_N"]
#: The memo keys a state by a window of the last 2w + 2 cells, w the narrower side, whole up to this w.
_WINDOW_MAX_N = PUZZLES[NAME].limits["WINDOW_MAX_N"]
#: Most (position, window) states a search may remember; a grid needing more is too large.
MAX_STATES = PUZZLES[NAME].limits["MAX_STATES"]
#: count_solutions counts a limit up to this one solution at a time, by clause learning (and, with no
#: limit, a grid too open for the memo); solutions() lists this many at most where the memo gives up.
ONE_BY_ONE_MOST = 100
#: Most nodes searched in one kernel call: no limit in practice, as a call also
#: returns to Python after POLL_MS (the registry's), which keeps Ctrl-C prompt.
_NODE_BUDGET = 1 << 40
#: A solution's digits as the bytes 0 and 1, as ``Learn.exclude`` takes a picture.
_DIGIT_BYTES = bytes.maketrans(b"01", b"\x00\x01")
_CELLS = "0123456789_"
_BLACK, _WHITE = "\u2588\u2588", "\u00b7\u00b7"
#: Cell characters to the kernel's cell codes: a clue's value, or NO_CLUE.
_CODES = bytes.maketrans(_CELLS.encode(), bytes(range(10)) + bytes([_kernel.NO_CLUE]))


class Puzzle(Grid):
    """A pixel-placement grid: ``rows[r][c]`` is a digit (a clue) or ``'_'``.

    ``n`` is the number of rows and ``m`` of columns. ``Puzzle(rows)`` and
    :func:`from_rows` check the rows as :func:`parse` checks text.
    """

    __slots__ = ()

    @staticmethod
    def _check_rows(rows: tuple[Any, ...]) -> tuple[str, ...]:
        check_row_count(len(rows), 1 <= len(rows) <= MAX_N, f"1 to {MAX_N} rows")
        # A first row that is no string fails in check_text_rows, with its type named.
        m = len(rows[0]) if isinstance(rows[0], str) else 1
        if not 1 <= m <= MAX_N:
            raise ParseError(f"expected 1 to {MAX_N} columns, found {m}", 1, 1, unit="row")
        _check_cells(len(rows), m, 1, 1, "row")
        check_text_rows(rows, m, _CELLS)
        _check_clues(rows, first_line=1, unit="row")
        return rows

    @property
    def m(self) -> int:
        """The number of columns."""
        return len(self.rows[0])

    def _header(self) -> str:
        return f"{self.n} {self.m}\n"

    @property
    def cells(self) -> bytes:
        """The cells row by row as the kernel takes them: the clue, or NO_CLUE."""
        return "".join(self.rows).encode("ascii").translate(_CODES)


from_rows = Puzzle.from_rows


def parse(text: str) -> Puzzle:
    """Read the contest format: a line ``n m``, then ``n`` rows of ``m`` digits or ``_``.

    Raises :class:`~fastpuzzle.ParseError` with the line and column of the first
    problem, including a clue larger than its clipped block (a 5 in a corner).
    """
    plain = plain_lines(text)
    if plain is not None:  # the quick path; whatever it does not expect goes on to the detailed reader
        header = plain[0].split(" ")
        rows_wanted = plain_number(header[0], 1, MAX_N)
        columns = plain_number(header[-1], 1, MAX_N) if len(header) == 2 else None
        rows = None
        if rows_wanted and columns and rows_wanted * columns <= MAX_CELLS:
            rows = plain_rows(plain, 1, rows_wanted, columns, _CELLS)
        if rows is not None:
            _check_clues(rows, first_line=2, unit="line")
            return Puzzle._trusted(rows)
    lines = Lines(text)
    n, m = _size(lines)
    rows = tuple(lines.char_row(1 + r, m, _CELLS, "row", r + 1, n) for r in range(n))
    lines.expect_end(1 + n, f"the {n} rows")
    _check_clues(rows, first_line=2, unit="line")
    return Puzzle._trusted(rows)


def _size(lines: Lines) -> tuple[int, int]:
    """The rows ``n`` and columns ``m`` on the first line, or a ParseError."""
    n, m = lines.integers(0, ("n (rows)", "m (columns)"), 1, MAX_N)
    _check_cells(n, m, 1, 1, "line")
    return n, m


def _check_cells(n: int, m: int, line: int, column: int, unit: str) -> None:
    """A ParseError at ``line`` and ``column`` if an ``n x m`` grid has more than MAX_CELLS cells."""
    if n * m > MAX_CELLS:
        raise ParseError(
            f"expected at most {MAX_CELLS} cells (n times m), found {n}x{m} = {n * m}", line, column, unit=unit
        )


def _check_size(n: int, m: int, what: str, *, wide_first: bool = False) -> None:
    """An ArgumentError unless an ``n x m`` grid (sides at least 1, checked) fits MAX_CELLS; ``what`` names it.

    ``wide_first``: the message gives the size as the caller was given it, width (``m``) first.
    """
    if n * m > MAX_CELLS:
        sides = (shown(m), shown(n)) if wide_first else (shown(n), shown(m))
        # A side too long to write is named in words: then "by", not "x".
        size = "x".join(sides) if all(side.isdigit() for side in sides) else " by ".join(sides)
        order = "width times height" if wide_first else "rows times columns"
        raise ArgumentError(f"{what} must have at most {MAX_CELLS} cells ({order}), got {size}")


def puzzle_lines(first_line: str) -> int:
    """The lines of a puzzle whose first line is ``first_line``: the line ``n m``, then ``n`` rows.

    A ParseError (line 1) when ``first_line`` cannot start a puzzle, as :func:`parse` reports it.
    """
    n, _ = _size(Lines(first_line))
    return 1 + n


def _check_clues(rows: tuple[str, ...], first_line: int, unit: str) -> None:
    """A clue may not exceed the cells of its clipped 3x3 block."""
    n, m = len(rows), len(rows[0])
    for r, row in enumerate(rows):
        # Only a cell on the border has a block of fewer than 9 cells: inside, every digit fits.
        columns = range(m) if r in (0, n - 1) else (0, m - 1) if m > 1 else (0,)
        for c in columns:
            char = row[c]
            if char != "_":
                cells = _block_cells(n, m, r, c)
                if int(char) > cells:
                    raise ParseError(
                        f"expected a clue from 0 to {cells} (its block has {cells} cell{'s' if cells > 1 else ''}), found {describe(char)}",
                        first_line + r,
                        c + 1,
                        unit=unit,
                    )


def _block_cells(n: int, m: int, r: int, c: int) -> int:
    """The cells of the 3x3 block centred on (r, c) of an ``n x m`` grid, clipped at the border."""
    return (min(r + 1, n - 1) - max(r - 1, 0) + 1) * (min(c + 1, m - 1) - max(c - 1, 0) + 1)


def solve(puzzle: Union[Puzzle, Sequence[str]], *, unique: bool = True) -> Solution:
    """The solution of ``puzzle``, as a tuple of row strings of ``'0'`` and ``'1'``.

    Raises :class:`~fastpuzzle.NoSolutionError` if there is none and, unless
    ``unique`` is false, :class:`~fastpuzzle.MultipleSolutionsError` if there is
    more than one; with ``unique=False`` the first solution found is returned.
    It searches by clause learning, which keeps no states, so unlike counting it
    never runs out of them (PuzzleTooLargeError).
    """
    puzzle = from_rows(puzzle)
    found = _first_solutions(puzzle, 2 if unique else 1)
    return single_solution(found, "no solution: the clues cannot all be satisfied together")


def _first_solutions(puzzle: Puzzle, wanted: int) -> list[Solution]:
    """The first ``wanted`` solutions (fewer if there are fewer), by clause learning."""
    learn = _kernel.Learn(puzzle.n, puzzle.m, puzzle.cells)
    return first_solutions(learn, puzzle.m, _NODE_BUDGET, wanted, _out_of_memory)


def _out_of_memory() -> str:
    return "too large: no memory was left for the clauses that clause learning keeps"


def solutions(puzzle: Union[Puzzle, Sequence[str]]) -> Iterator[Solution]:
    """Every solution of ``puzzle``, lazily, in the search's order.

    The memoised search lists them; where it would remember more than
    ``MAX_STATES`` states, or where both sides pass 63 and a state's key would
    need more than the last 128 cells, the listing goes on by clause learning,
    one solution after the other (each one found before is excluded), as
    :func:`count_solutions` counts. That way holds up to ``ONE_BY_ONE_MOST``
    solutions in all: past them it raises
    :class:`~fastpuzzle.PuzzleTooLargeError`, after the solutions already given.
    """
    puzzle = from_rows(puzzle)
    return _listed(puzzle)


def _listed(puzzle: Puzzle) -> Iterator[Solution]:
    given: list[Solution] = []
    try:
        for found in walk(_search(puzzle), puzzle.m, _NODE_BUDGET, lambda: _too_large(puzzle)):
            if len(given) <= ONE_BY_ONE_MOST:  # all that listing one by one needs: memory stays bounded
                given.append(found)
            yield found
        return
    except PuzzleTooLargeError:
        if len(given) > ONE_BY_ONE_MOST:
            raise
    learn = _kernel.Learn(puzzle.n, puzzle.m, puzzle.cells)
    everywhere = b"\x01" * (puzzle.n * puzzle.m)
    for found in given:
        learn.exclude("".join(found).encode().translate(_DIGIT_BYTES), everywhere)
    for found in walk(learn, puzzle.m, _NODE_BUDGET, _out_of_memory):
        if len(given) == ONE_BY_ONE_MOST:
            raise PuzzleTooLargeError(
                f"{_too_large(puzzle)}, and it has more than {ONE_BY_ONE_MOST} solutions to list one by one"
            )
        given.append(found)
        yield found


def count_solutions(puzzle: Union[Puzzle, Sequence[str]], limit: Optional[int] = None) -> int:
    """The number of solutions of ``puzzle``, or ``limit`` if there are at least that many.

    The count is exact however large. A ``limit`` up to ``ONE_BY_ONE_MOST`` (100)
    is counted as :func:`solve` proves uniqueness: by clause learning, one
    solution after the other, with no memory beyond its clauses. Larger counts go
    by the memoised search; where that would remember more than ``MAX_STATES``
    states, the solutions are counted one by one after all, up to ``limit``, or
    with no limit up to ``ONE_BY_ONE_MOST``: a grid with more solutions than that
    and too many states to count them raises
    :class:`~fastpuzzle.PuzzleTooLargeError`. Counting runs inside the kernel;
    Ctrl-C (KeyboardInterrupt) stops it promptly.
    """
    limit = None if limit is None else checked_count(limit, "limit")
    puzzle = from_rows(puzzle)
    if limit is not None and limit <= ONE_BY_ONE_MOST:
        return _count_one_by_one(puzzle, limit)
    try:
        return count(_search(puzzle), limit, _NODE_BUDGET, lambda: _too_large(puzzle))
    except PuzzleTooLargeError:
        if limit is not None:
            return _count_one_by_one(puzzle, limit)
        found = _count_one_by_one(puzzle, ONE_BY_ONE_MOST + 1)
        if found > ONE_BY_ONE_MOST:
            raise PuzzleTooLargeError(
                f"{_too_large(puzzle)}, and it has more than {ONE_BY_ONE_MOST} solutions to count one by one"
            ) from None
        return found


def _count_one_by_one(puzzle: Puzzle, limit: int) -> int:
    """The solutions of ``puzzle`` found one after the other by clause learning, or ``limit`` if there are as many."""
    return len(_first_solutions(puzzle, limit))


def solve_texts(texts: list[Any]) -> list[Optional[str]]:
    """:func:`solve_text` of each plainly written contest text (a first line ``n m``, the rows, then nothing or
    blank lines), read, solved by clause learning and written in one compiled call; None for any other text
    (or item), or one that takes longer than a poll, which :func:`solve_text` then takes alone and reports.
    For batches."""
    return _kernel.solve_plain_texts(texts, MAX_N)


def _search(puzzle: Puzzle) -> _kernel.Search:
    return _kernel.Search(puzzle.n, puzzle.m, puzzle.cells, MAX_STATES)


def _too_large(puzzle: Puzzle) -> str:
    wide = min(puzzle.n, puzzle.m) > _WINDOW_MAX_N
    return (
        f"too few clues for a {puzzle.n}x{puzzle.m} grid: the search would remember more than "
        f"{MAX_STATES} states (about {MAX_STATES * _kernel.STATE_BYTES >> 20} MB)"
        + (f", or key them by more than the last 128 cells (both sides pass {_WINDOW_MAX_N})" if wide else "")
    )


def format(solution: Solution) -> str:
    """The contest output: one line per row of ``0`` and ``1``, each ending in a newline.

    ``solution`` is rows of ``'0'`` and ``'1'``, all of one length; anything
    else is a TypeError or a ParseError naming the row and column.
    """
    return solution_text(solution)


def show(solution: Sequence[str]) -> str:
    """The picture for a person: a black cell as ``██``, a white one as ``··``.

    ``solution`` is checked as :func:`format` checks it.
    """
    rows = solution_rows(solution)
    return "".join(row.replace("1", "b").replace("0", _WHITE).replace("b", _BLACK) + "\n" for row in rows)


def solve_text(text: str) -> str:
    """Contest input in, contest output out (the unique solution)."""
    return format(solve(parse(text)))
