"""The 01 game (Takuzu, Binairo, Unruly): parse, check, solve, count and format: the facade (the package's ``__init__`` exports its public names)."""

from __future__ import annotations

import random

from fastpuzzle._common import executors as _executors
from fastpuzzle._common import select as _select
from fastpuzzle._common.grid import (
    Grid,
    check_row_count,
    check_text_rows,
    checked_count,
    count,
    first_solutions,
    single_solution,
    solution_text,
    walk,
)
from fastpuzzle._common.text import Lines, describe, parse_int, plain_lines, plain_number, plain_rows, shown
from fastpuzzle._contract.registry import PUZZLES
from fastpuzzle.errors import ArgumentError, NoSolutionError, ParseError, PuzzleTooLargeError

from . import _counting
from . import _lines as _takuzu_lines
from ._lines import independent_swaps, line_problem

TYPE_CHECKING = False

if TYPE_CHECKING or not _select.twins_active():
    from . import _kernel as _kernel
else:
    from . import _twin as _kernel

if TYPE_CHECKING:
    import os
    from collections.abc import Iterator, Sequence
    from typing import Any, Callable, Optional, Union

    from fastpuzzle._contract.facade import Solution

    PathLike = Union[str, "os.PathLike[str]"]


NAME = "takuzu"
#: Largest supported width and height.
MAX_N = PUZZLES[NAME].limits["MAX_N"]
#: Largest side of a square grid under the distinct rule that counts and lists by candidate lines.
LIST_MAX_N = PUZZLES[NAME].limits["LIST_MAX_N"]
#: Candidate lines a count by candidate lines may hold at once; a grid with fewer givens is too large for it.
MAX_CANDIDATES = PUZZLES[NAME].limits["MAX_CANDIDATES"]
#: The rules as the text form and the command line name them: rows and columns all differ, or may repeat.
RULES = {"unique": True, "free": False}
#: Most nodes searched in one kernel call: no limit in practice, as a call also
#: returns to Python after POLL_MS (the registry's), which keeps Ctrl-C prompt.
_NODE_BUDGET = 1 << 40
_CELLS = "01_"
#: Cell characters to the kernel's cell codes.
_CODES = bytes.maketrans(b"01_", b"\x00\x01\x02")
_SIZE = "N (the side of the grid), or W H (its width and height)"


class Puzzle(Grid):
    """A 01-game grid: ``rows[r][c]`` is ``'0'``, ``'1'`` or ``'_'`` (blank).

    ``width`` and ``height`` are even, from 2 to MAX_N; ``unique_rows`` says whether
    rows, and columns, must all differ (the contest's rule, and Unruly's ``u``).
    ``Puzzle(rows)`` and :func:`from_rows` check the rows as :func:`parse` checks text.
    """

    __slots__ = ("unique_rows",)

    def __init__(self, rows: Any, *, unique_rows: bool = True) -> None:
        super().__init__(rows)
        self.unique_rows = _checked_rule(unique_rows)

    @staticmethod
    def _check_rows(rows: tuple[Any, ...]) -> tuple[str, ...]:
        height = len(rows)
        check_row_count(height, 2 <= height <= MAX_N and height % 2 == 0, f"an even number of rows from 2 to {MAX_N}")
        width = len(rows[0]) if isinstance(rows[0], str) else 0
        if isinstance(rows[0], str) and not (2 <= width <= MAX_N and width % 2 == 0):
            raise ParseError(f"expected an even number of columns from 2 to {MAX_N}, found {width}", 1, 1, unit="row")
        check_text_rows(rows, width, _CELLS)
        return rows

    @classmethod
    def _trusted(cls, rows: Any, unique_rows: bool = True) -> Puzzle:
        puzzle = cls.__new__(cls)
        puzzle.rows = rows
        puzzle.unique_rows = unique_rows
        return puzzle

    @classmethod
    def from_rows(cls, rows: Any, *, unique_rows: Optional[bool] = None) -> Puzzle:
        """A puzzle from a sequence of row strings, checked like ``parse`` checks text (or ``rows``
        itself if a Puzzle); ``unique_rows``: the rule (default: the puzzle's own, or True).

        Errors name the row (1-based) and column of the first problem.
        """
        if isinstance(rows, cls):
            if unique_rows is None or _checked_rule(unique_rows) == rows.unique_rows:
                return rows
            return cls._trusted(rows.rows, unique_rows)
        return cls(rows, unique_rows=True if unique_rows is None else unique_rows)

    @property
    def width(self) -> int:
        """The number of columns."""
        return len(self.rows[0])

    @property
    def height(self) -> int:
        """The number of rows."""
        return len(self.rows)

    def _header(self) -> str:
        size = f"{self.height}" if self.width == self.height else f"{self.width} {self.height}"
        return size + ("" if self.unique_rows else " free") + "\n"

    def __eq__(self, other: object) -> bool:
        return type(other) is Puzzle and other.rows == self.rows and other.unique_rows == self.unique_rows

    def __hash__(self) -> int:
        return hash((self.rows, self.unique_rows))

    def __repr__(self) -> str:
        rule = "" if self.unique_rows else ", unique_rows=False"
        return f"Puzzle(rows={self.rows!r}{rule})"

    @property
    def cells(self) -> bytes:
        """The cells row by row as the kernel takes them: 0, 1 or 2 (blank)."""
        return "".join(self.rows).encode("ascii").translate(_CODES)


from_rows = Puzzle.from_rows


def _checked_rule(unique_rows: Any) -> bool:
    if not isinstance(unique_rows, bool):
        raise TypeError(f"unique_rows must be a bool, got {type(unique_rows).__name__}")
    return unique_rows


def parse(text: str) -> Puzzle:
    """Read the text form: a first line ``N`` or ``W H`` (and the rule, ``unique`` or ``free``), then the rows.

    The contest's format is ``N`` and ``N`` rows of ``0``, ``1``, ``_``. Raises
    :class:`~fastpuzzle.ParseError` with the line and column of the first problem.
    """
    plain = plain_lines(text)
    if plain is not None:  # the quick path; whatever it does not expect goes on to the detailed reader
        side = plain_number(plain[0], 2, MAX_N)
        rows = plain_rows(plain, 1, side, side, _CELLS) if side is not None and side % 2 == 0 else None
        if rows is not None:
            return Puzzle._trusted(rows)
    lines = Lines(text)
    width, height, unique_rows = _first_line(lines)
    rows = tuple(lines.char_row(1 + r, width, _CELLS, "row", r + 1, height) for r in range(height))
    lines.expect_end(1 + height, f"the {height} rows")
    return Puzzle._trusted(rows, unique_rows)


def _first_line(lines: Lines) -> tuple[int, int, bool]:
    """(width, height, unique_rows) from the first line, or a ParseError."""
    tokens = lines.tokens(0, 3, _SIZE, fewest=1)
    column, token = tokens[0]
    rest = tokens[1:]
    if len(tokens) == 1 or not rest[0][1].isascii() or not rest[0][1][:1].isdigit():
        width = height = _side(token, column, "N")
    else:
        width = _side(token, column, "W")
        column, token = rest.pop(0)
        height = _side(token, column, "H")
    if len(rest) > 1:
        column, extra = rest[1]
        raise ParseError(f"expected {_SIZE}, then the rule, found an extra value {describe(extra)}", 1, column)
    if not rest:
        return width, height, True
    column, word = rest[0]
    if word not in RULES:
        raise ParseError(f"expected the rule, unique or free, found {describe(word)}", 1, column)
    return width, height, RULES[word]


def _side(token: str, column: int, name: str) -> int:
    """A width, height or side read from ``token``, even, or a ParseError."""
    side = parse_int(token, 1, column, f"an even {name}", 2, MAX_N)
    if side % 2:
        raise ParseError(f"expected an even {name} from 2 to {MAX_N}, found {describe(token)}", 1, column)
    return side


def puzzle_lines(first_line: str) -> int:
    """The lines of a puzzle whose first line is ``first_line``: that line, then one per row.

    A ParseError (line 1) when ``first_line`` cannot start a puzzle, as :func:`parse` reports it.
    """
    return 1 + _first_line(Lines(first_line))[1]


def solve(puzzle: Union[Puzzle, Sequence[str]], *, unique: bool = True) -> Solution:
    """The solution of ``puzzle``, as a tuple of row strings of ``'0'`` and ``'1'``.

    Raises :class:`~fastpuzzle.NoSolutionError` if there is none and, unless
    ``unique`` is false, :class:`~fastpuzzle.MultipleSolutionsError` if there is
    more than one; with ``unique=False`` the first solution found is returned.
    """
    puzzle = puzzle if type(puzzle) is Puzzle else from_rows(puzzle)
    problem = _rule_problem(puzzle)
    if problem is not None:
        _check_givens(puzzle)  # givens that break a rule themselves say more
        raise NoSolutionError(problem)
    found = first_solutions(
        _search(puzzle, counting=False),
        len(puzzle.rows[0]),
        _NODE_BUDGET,
        2 if unique else 1,
        lambda: _too_large(puzzle, counting=False),
    )
    return single_solution(
        found, "no solution: the givens cannot all be satisfied together", lambda: _check_givens(puzzle)
    )


def solutions(puzzle: Union[Puzzle, Sequence[str]]) -> Iterator[Solution]:
    """Every solution of ``puzzle``, lazily, in the search's order.

    Raises :class:`~fastpuzzle.PuzzleTooLargeError` when a count by candidate
    lines would hold more than ``MAX_CANDIDATES`` of them.
    """
    puzzle = from_rows(puzzle)
    if _rule_problem(puzzle) is not None:
        return iter(())
    return walk(_search(puzzle, counting=True), puzzle.width, _NODE_BUDGET, lambda: _too_large(puzzle, counting=True))


def count_solutions(
    puzzle: Union[Puzzle, Sequence[str]],
    limit: Optional[int] = None,
    *,
    progress: Optional[bool] = None,
    jobs: Optional[int] = None,
    executor: Any = None,
    checkpoint: Optional[PathLike] = None,
) -> int:
    """The number of solutions of ``puzzle``, or ``limit`` if there are at least that many.

    Exact, in Python integers, however many there are. While the solutions are
    few (at most FEW_LISTED, or ``limit``) the search lists them; past that
    they are counted without listing (``_counting``: a dynamic program over
    rows under the free rule, a meet in the middle over the middle rows under
    the distinct rule), which takes seconds for counts in the billions. A grid
    too open even for that is a :class:`~fastpuzzle.PuzzleTooLargeError` that
    says why (a count that could pass 2**128, or more than COUNT_MIB MiB).
    Ctrl-C (KeyboardInterrupt) stops a count promptly. ``progress``: a progress
    bar on standard error for long counts (default: when standard error is a
    terminal).

    ``jobs``, ``executor`` or ``checkpoint`` split the count into exact parts,
    one for each pair of lines the two middle rows can hold (a blank grid's
    merged by its symmetries), counted without listing: on a thread pool of
    ``jobs`` workers (default: the usable CPUs), or on ``executor`` (any
    ``concurrent.futures.Executor`` or a ``dask.distributed.Client``) in
    chunks. ``checkpoint`` is a file (JSON Lines) that records each finished
    part: an interrupted count resumes from it and says so on standard error;
    a file of another count is an ArgumentError.
    """
    limit = None if limit is None else checked_count(limit, "limit")
    puzzle = from_rows(puzzle)
    jobs = _executors.checked_jobs(jobs)
    if _rule_problem(puzzle) is not None or limit == 0:
        return 0
    if jobs is not None or executor is not None or checkpoint is not None:
        try:
            total = _counting.split_count(
                puzzle, jobs=jobs, executor=executor, checkpoint=checkpoint, progress=progress
            )
        except _counting.CounterUnfit as why:
            raise PuzzleTooLargeError(
                f"cannot split this {puzzle.width}x{puzzle.height} grid's count: its rows have {why}"
            ) from None
        return total if limit is None else min(total, limit)
    if limit is not None and limit <= FEW_LISTED:
        return _count_listing(puzzle, limit)
    listed = _count_listing(puzzle, FEW_LISTED + 1)
    if listed <= FEW_LISTED:
        return listed
    try:
        total = _counting.count_whole(puzzle, progress)
    except _counting.CounterUnfit:
        return _count_listing(puzzle, limit)
    return total if limit is None else min(total, limit)


#: Most solutions :func:`count_solutions` lists before it counts without listing: the listing costs a
#: search per solution, the counters a fixed cost the size of the grid (bench/bench_takuzu.py).
FEW_LISTED = 1000


def _count_listing(puzzle: Puzzle, limit: Optional[int]) -> int:
    """:func:`count_solutions` by a search that lists the solutions (``limit`` as there)."""
    search = _search(puzzle, counting=True)
    too_large = lambda: _too_large(puzzle, counting=True)  # noqa: E731
    if _by_lists(puzzle, counting=True):
        return count(search, limit, _NODE_BUDGET, too_large)
    return _count_by_listing(puzzle, search, limit, too_large)


#: Most solutions a count by clause learning lists (it keeps a clause for each): a puzzle shown to
#: have more is refused at once, as too open to count.
_LISTED_MOST = 1 << 20


def _count_by_listing(puzzle: Puzzle, search: Any, limit: Optional[int], too_large: Callable[[], str]) -> int:
    """:func:`count_solutions` by clause learning, which lists the solutions and keeps a clause for each.

    First, from one solution drawn with scattered digits and its independent 2x2
    swaps, how many there are at least: a ``limit`` below that is the answer, and
    more than _LISTED_MOST is refused at once. Then the listing, which stops past
    _LISTED_MOST.
    """
    search.prefer(_scattered_digits(puzzle.width * puzzle.height))
    first = first_solutions(search, puzzle.width, _NODE_BUDGET, 1, too_large)
    if not first:
        return 0
    wanted = max(_LISTED_MOST, limit or 0).bit_length()
    swaps = independent_swaps(puzzle.rows, first[0], puzzle.unique_rows, wanted)
    if limit is not None and limit <= 1 << swaps:
        return limit
    shape = f"{puzzle.width}x{puzzle.height}"
    if swaps >= _LISTED_MOST.bit_length():
        raise PuzzleTooLargeError(
            f"too open to count: this {shape} grid has at least 2**{swaps} solutions ({swaps} 2x2 swaps "
            f"change one of them independently), more than the {_LISTED_MOST:,} a count by listing takes"
        )
    if limit is not None and limit <= _LISTED_MOST:
        return 1 + count(search, limit - 1, _NODE_BUDGET, too_large)
    found = 1 + count(search, _LISTED_MOST, _NODE_BUDGET, too_large)
    if found > _LISTED_MOST:
        raise PuzzleTooLargeError(
            f"too open to count: this {shape} grid has more than the {_LISTED_MOST:,} solutions "
            f"a count by listing takes"
        )
    return found


def _scattered_digits(size: int) -> bytes:
    """``size`` digits of a fixed pseudo-random pattern: first digits that give a solution with many swaps."""
    rng = random.Random(size)
    return bytes(rng.randrange(2) for _ in range(size))


#: Largest side whose puzzles a solve takes by candidate lines: on the small grids of a batch they
#: cost a third of a clause-learning search, which from 16 up is the faster (bench/bench_takuzu.py).
_LIST_SOLVE_MAX_N = 14


def solve_texts(texts: list[Any]) -> list[Optional[str]]:
    """:func:`solve_text` of each plainly written contest text whose puzzle candidate lines solve (square, the
    distinct rule, side at most 14; a first line ``N``, the rows, then nothing or blank lines), read, solved
    and written in one compiled call; None for any other text (or item), which :func:`solve_text` then takes
    alone and reports. For batches."""
    return _kernel.solve_plain_texts(texts, MAX_CANDIDATES, _LIST_SOLVE_MAX_N)


def _search(puzzle: Puzzle, counting: bool) -> Any:
    """The kernel search for ``puzzle``: the one place that chooses between the two.

    Candidate lines take square grids under the distinct rule: counting and
    listing up to LIST_MAX_N (that search enumerates open grids fast), and solving
    up to _LIST_SOLVE_MAX_N. Everything else goes by clause learning, whose worst
    case does not depend on the candidates a line has.
    """
    if _by_lists(puzzle, counting):
        return _kernel.Search(puzzle.height, puzzle.cells, MAX_CANDIDATES)
    return _kernel.Learn(puzzle.width, puzzle.height, puzzle.unique_rows, puzzle.cells)


def _by_lists(puzzle: Puzzle, counting: bool) -> bool:
    rows = puzzle.rows
    side = len(rows)
    return puzzle.unique_rows and len(rows[0]) == side <= (LIST_MAX_N if counting else _LIST_SOLVE_MAX_N)


def _too_large(puzzle: Puzzle, counting: bool) -> str:
    if _by_lists(puzzle, counting):
        return (
            f"too few givens for a {puzzle.width}x{puzzle.height} grid: the search would hold more than "
            f"{MAX_CANDIDATES} candidate lines"
        )
    return f"the clauses learnt for this {puzzle.width}x{puzzle.height} grid need more than 2 GiB"


def shape_problem(width: int, height: int, unique_rows: bool = True) -> Optional[str]:
    """Why no grid ``width`` wide and ``height`` high keeps the rules, or None when some grid does.

    Only the distinct rule rules out a shape: its rows must be ``height``
    different lines of ``width`` cells, and there are only 2, 6, 14 and 34 such
    lines for widths 2, 4, 6 and 8 (84 and more from 10); the same holds for its
    columns. Both sides even, from 2 to MAX_N (ArgumentError otherwise).
    """
    width, height = _checked_sides("shape_problem()", width, height)
    return _takuzu_lines.shape_problem(width, height, _checked_rule(unique_rows))


def _checked_sides(caller: str, width: Any, height: Any) -> tuple[int, int]:
    """``width`` and ``height``, checked as the sides of a grid: even, from 2 to MAX_N."""
    sides = checked_count(width, "width"), checked_count(height, "height")
    for name, side in zip(("width", "height"), sides):
        if not (2 <= side <= MAX_N and side % 2 == 0):
            raise ArgumentError(f"{caller} takes an even {name} from 2 to {MAX_N}, got {shown(side)}")
    return sides


def format(solution: Solution) -> str:
    """The contest output: one line per row, each ending in a newline.

    ``solution`` is rows of ``'0'`` and ``'1'``, all of one length; anything
    else is a TypeError or a ParseError naming the row and column.
    """
    return solution_text(solution)


def solve_text(text: str) -> str:
    """Contest input in, contest output out (the unique solution)."""
    return format(solve(parse(text)))


def _rule_problem(puzzle: Puzzle) -> Optional[str]:
    """Why ``puzzle`` has no solution, as far as the distinct rule tells before any search, or None.

    A shape with more rows (or columns) than lines of its width (or height) can
    be written, or lines whose givens leave them fewer values than there are of
    them: a search would try every way to fill the grid before it found none.
    (Givens that already break a rule are found by the kernels' first
    propagation, and named by :func:`_check_givens`.)
    """
    if not puzzle.unique_rows:
        return None
    rows = puzzle.rows
    problem = _takuzu_lines.shape_problem(len(rows[0]), len(rows)) or line_problem(rows)
    return None if problem is None else f"no solution: {problem}"


def _check_givens(puzzle: Puzzle) -> None:
    """Name the rule the givens already break, if any."""
    columns = ["".join(column) for column in zip(*puzzle.rows)]
    for kind, lines in (("row", puzzle.rows), ("column", columns)):
        across = "columns" if kind == "row" else "rows"
        for index, line in enumerate(lines, start=1):
            half = len(line) // 2
            for digit in "01":
                start = line.find(digit * 3)
                if start >= 0:
                    raise NoSolutionError(
                        f"the givens break rule 1 (no three equal digits in a run): "
                        f"{kind} {index}, {across} {start + 1}-{start + 3} are all {digit}"
                    )
                if line.count(digit) > half:
                    raise NoSolutionError(
                        f"the givens break rule 2 ({half} zeros and {half} ones per {kind}): "
                        f"{kind} {index} has {line.count(digit)} {digit}s"
                    )
        if not puzzle.unique_rows:
            continue
        complete: dict[str, int] = {}
        for index, line in enumerate(lines, start=1):
            if "_" not in line:
                if line in complete:
                    raise NoSolutionError(
                        f"the givens break rule 3 (all {kind}s differ): "
                        f"{kind}s {complete[line]} and {index} are both {line}"
                    )
                complete[line] = index
