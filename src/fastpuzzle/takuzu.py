"""The 01 game (Takuzu, Binairo): parse, check, solve, count and generate.

Fill an ``N x N`` grid with 0s and 1s so that no three equal digits are adjacent
in a row or column, every row and column holds ``N/2`` of each digit, and all
rows, and all columns, are pairwise different::

    >>> from fastpuzzle import takuzu
    >>> puzzle = takuzu.parse("4\\n11__\\n_0__\\n___1\\n__0_\\n")
    >>> print(takuzu.format(takuzu.solve(puzzle)), end="")
    1100
    1010
    0011
    0101
"""

from __future__ import annotations

import random
from itertools import islice

from . import _select
from ._grid import (
    Grid,
    check_row_count,
    check_text_rows,
    checked_count,
    checked_seed,
    count,
    first_solutions,
    single_solution,
    solution_text,
    walk,
)
from ._hints import Hint, checked_difficulty, graded, path
from ._registry import PUZZLES, Status
from ._text import Lines, describe, parse_int, plain_lines, plain_number, plain_rows
from .errors import ArgumentError, NoSolutionError, ParseError

TYPE_CHECKING = False

if TYPE_CHECKING or not _select.twins_active():
    from . import _takuzu_cy as _kernel
else:
    from . import _takuzu_py as _kernel

if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence
    from typing import Any, Callable, Optional, Union

    from ._contract import Solution

__all__ = [
    "MAX_CANDIDATES",
    "MAX_N",
    "NAME",
    "Hint",
    "Puzzle",
    "count_solutions",
    "format",
    "from_rows",
    "generate",
    "grade",
    "hint",
    "parse",
    "puzzle_lines",
    "solutions",
    "solve",
    "solve_text",
    "steps",
]

NAME = "takuzu"
#: Largest supported side.
MAX_N = PUZZLES[NAME].limits["MAX_N"]
#: Candidate lines a search may hold at once; a grid with fewer givens is too large.
MAX_CANDIDATES = PUZZLES[NAME].limits["MAX_CANDIDATES"]
#: Most nodes searched in one kernel call: no limit in practice, as a call also
#: returns to Python after POLL_MS (the registry's), which keeps Ctrl-C prompt.
_NODE_BUDGET = 1 << 40
_CELLS = "01_"
#: Cell characters to the kernel's cell codes.
_CODES = bytes.maketrans(b"01_", b"\x00\x01\x02")


class Puzzle(Grid):
    """A 01-game grid: ``rows[r][c]`` is ``'0'``, ``'1'`` or ``'_'`` (blank); ``n`` is the side.

    ``Puzzle(rows)`` and :func:`from_rows` check the rows as :func:`parse` checks text.
    """

    __slots__ = ()

    @staticmethod
    def _check_rows(rows: tuple[Any, ...]) -> tuple[str, ...]:
        n = len(rows)
        check_row_count(n, 2 <= n <= MAX_N and n % 2 == 0, f"an even number of rows from 2 to {MAX_N}")
        check_text_rows(rows, n, _CELLS)
        return rows

    def _header(self) -> str:
        return f"{self.n}\n"

    @property
    def cells(self) -> bytes:
        """The cells row by row as the kernel takes them: 0, 1 or 2 (blank)."""
        return "".join(self.rows).encode("ascii").translate(_CODES)


from_rows = Puzzle.from_rows


def parse(text: str) -> Puzzle:
    """Read the contest format: a line with ``N``, then ``N`` rows of ``0``, ``1``, ``_``.

    Raises :class:`~fastpuzzle.ParseError` with the line and column of the first problem.
    """
    plain = plain_lines(text)
    if plain is not None:  # the quick path; whatever it does not expect goes on to the detailed reader
        side = plain_number(plain[0], 2, MAX_N)
        rows = plain_rows(plain, 1, side, side, _CELLS) if side is not None and side % 2 == 0 else None
        if rows is not None:
            return Puzzle._trusted(rows)
    lines = Lines(text)
    n = _side(lines)
    rows = tuple(lines.char_row(1 + r, n, _CELLS, "row", r + 1, n) for r in range(n))
    lines.expect_end(1 + n, f"the {n} rows")
    return Puzzle._trusted(rows)


def _side(lines: Lines) -> int:
    """The side ``N`` on the first line, or a ParseError."""
    ((column, token),) = lines.tokens(0, 1, "N (the side of the grid)")
    n = parse_int(token, 1, column, "an even N", 2, MAX_N)
    if n % 2:
        raise ParseError(f"expected an even N from 2 to {MAX_N}, found {describe(token)}", 1, column)
    return n


def puzzle_lines(first_line: str) -> int:
    """The lines of a puzzle whose first line is ``first_line``: the line with ``N``, then ``N`` rows.

    A ParseError (line 1) when ``first_line`` cannot start a puzzle, as :func:`parse` reports it.
    """
    return 1 + _side(Lines(first_line))


def solve(puzzle: Union[Puzzle, Sequence[str]], *, unique: bool = True) -> Solution:
    """The solution of ``puzzle``, as a tuple of row strings of ``'0'`` and ``'1'``.

    Raises :class:`~fastpuzzle.NoSolutionError` if there is none and, unless
    ``unique`` is false, :class:`~fastpuzzle.MultipleSolutionsError` if there is
    more than one; with ``unique=False`` the first solution found is returned.
    """
    puzzle = puzzle if type(puzzle) is Puzzle else from_rows(puzzle)
    found = first_solutions(_search(puzzle), puzzle.n, _NODE_BUDGET, 2 if unique else 1, lambda: _too_large(puzzle))
    return single_solution(
        found, "no solution: the givens cannot all be satisfied together", lambda: _check_givens(puzzle)
    )


def solutions(puzzle: Union[Puzzle, Sequence[str]]) -> Iterator[Solution]:
    """Every solution of ``puzzle``, lazily, in the search's order.

    Raises :class:`~fastpuzzle.PuzzleTooLargeError` when the search would hold
    more than ``MAX_CANDIDATES`` candidate lines.
    """
    puzzle = from_rows(puzzle)
    return walk(_search(puzzle), puzzle.n, _NODE_BUDGET, lambda: _too_large(puzzle))


def count_solutions(puzzle: Union[Puzzle, Sequence[str]], limit: Optional[int] = None) -> int:
    """The number of solutions of ``puzzle``, or ``limit`` if there are at least that many.

    Counting runs inside the kernel; it can take long on open grids, and
    Ctrl-C (KeyboardInterrupt) stops it promptly.
    """
    limit = None if limit is None else checked_count(limit, "limit")
    puzzle = from_rows(puzzle)
    return count(_search(puzzle), limit, _NODE_BUDGET, lambda: _too_large(puzzle))


def _search(puzzle: Puzzle) -> _kernel.Search:
    return _kernel.Search(puzzle.n, puzzle.cells, MAX_CANDIDATES)


def _too_large(puzzle: Puzzle) -> str:
    return (
        f"too few givens for a {puzzle.n}x{puzzle.n} grid: the search would hold more than "
        f"{MAX_CANDIDATES} candidate lines"
    )


#: Sides whose random solution comes from the blank grid; larger ones are built from two smaller.
_BLANK_SIDE = 12
#: Nodes the first uniqueness check of an attempt may take; each restart doubles it.
_CHECK_NODES = 1 << 19


def _blank_solution(n: int, rng: random.Random) -> list[str]:
    """A random solution of the blank side-``n`` grid: fix cells where two solutions differ until one is left."""
    grid = [["_"] * n for _ in range(n)]
    while len(found := list(islice(solutions(Puzzle._trusted(tuple("".join(row) for row in grid))), 2))) > 1:
        first, second = found
        r, c = rng.choice([(r, c) for r in range(n) for c in range(n) if first[r][c] != second[r][c]])
        grid[r][c] = rng.choice("01")
    return list(found[0])


def _random_solution(n: int, rng: random.Random) -> list[str]:
    """A random solved grid of side ``n``.

    A blank grid of a large side is over the search's memory limit, so random
    solutions of two smaller even sides ``a + b = n`` go on the diagonal (top
    left, bottom right) and the search fills the rest; when the two admit no
    common grid, two new ones are drawn. Random flips and a transpose vary the result.
    """
    if n <= _BLANK_SIDE:
        rows = _blank_solution(n, rng)
    else:
        top = n // 2 if n // 2 % 2 == 0 else n // 2 + 1
        bottom = n - top
        while True:
            corners = [row + "_" * bottom for row in _random_solution(top, rng)]
            corners += ["_" * top + row for row in _random_solution(bottom, rng)]
            found = next(solutions(Puzzle._trusted(tuple(corners))), None)
            if found is not None:
                rows = list(found)
                break
    if rng.random() < 0.5:
        rows = ["".join(column) for column in zip(*rows)]
    if rng.random() < 0.5:
        rows = rows[::-1]
    if rng.random() < 0.5:
        rows = [row[::-1] for row in rows]
    return rows


def _has_solution(grid: list[list[str]], node_budget: int) -> Optional[bool]:
    """Whether ``grid`` has a solution, or None when the search takes more than ``node_budget`` nodes."""
    n = len(grid)
    search = _kernel.Search(n, Puzzle._trusted(tuple("".join(row) for row in grid)).cells, MAX_CANDIDATES)
    while True:
        status = search.next_solution(node_budget)
        if status == Status.SOLUTION:
            return True
        if status == Status.EXHAUSTED:
            return False
        if status == Status.TOO_LARGE or search.nodes >= node_budget:
            return None


def _strip_givens(solution: list[str], rng: random.Random, node_budget: int) -> Optional[list[list[str]]]:
    """Drop, in random order, every given of the full ``solution`` whose opposite digit has no solution.

    What is left is strictly minimal: each given kept has a second solution
    without it. None when a check takes more than ``node_budget`` nodes.
    """
    n = len(solution)
    grid = [list(row) for row in solution]
    cells = [(r, c) for r in range(n) for c in range(n)]
    rng.shuffle(cells)
    for r, c in cells:
        value = grid[r][c]
        grid[r][c] = "1" if value == "0" else "0"
        opposite = _has_solution(grid, node_budget)
        if opposite is None:
            return None
        grid[r][c] = value if opposite else "_"
    return grid


def generate(n: int, *, seed: Optional[int] = None, difficulty: Optional[int] = None) -> Puzzle:
    """A random puzzle of side ``n`` (even, 2 to MAX_N) with a unique solution.

    The same ``seed`` always gives the same puzzle. Generation draws a random
    solved grid, then removes givens, in random order, while the solution stays
    unique; removing any given of the result makes it ambiguous. An attempt
    whose uniqueness check runs long starts over from a new grid.

    With ``difficulty`` (a grade from 1 to 5, see :func:`grade`) the puzzle has
    exactly that grade: wherever the rules the grade allows decide nothing, a
    given of the solution is put back at a random undecided cell; an attempt
    that ends below the grade starts over. Small sides lack some grades (no
    2x2 puzzle needs a pair): ArgumentError after a fixed number of attempts.
    """
    n = checked_count(n, "n")
    seed = checked_seed(seed)
    if not (2 <= n <= MAX_N and n % 2 == 0):
        raise ArgumentError(f"generate() takes an even n from 2 to {MAX_N}, got {n}")
    rng = random.Random(seed)
    if difficulty is None:
        return _minimal(n, rng)[0]
    difficulty = checked_difficulty(difficulty)
    from ._takuzu_hints import Deducer

    def draw() -> tuple[Deducer, Callable[[], None], Callable[[], Puzzle]]:
        puzzle, solution = _minimal(n, rng)
        grid = [list(row) for row in puzzle.rows]
        deducer = Deducer(puzzle.rows, solution)

        def add_given() -> None:
            r, c = rng.choice(
                [(r, c) for r, row in enumerate(deducer.rows()) for c, char in enumerate(row) if char == "_"]
            )
            grid[r][c] = solution[r][c]
            deducer.set(r, c, int(solution[r][c]))

        return deducer, add_given, lambda: Puzzle._trusted(tuple("".join(row) for row in grid))

    found = graded(difficulty, _GRADE_ATTEMPTS, draw, grade)
    if found is None:
        raise ArgumentError(f"found no {n}x{n} puzzle of difficulty {difficulty} in {_GRADE_ATTEMPTS} attempts")
    return found


#: Puzzles drawn, at most, in search of one of a given grade.
_GRADE_ATTEMPTS = 200


def _minimal(n: int, rng: random.Random) -> tuple[Puzzle, list[str]]:
    """A strictly minimal puzzle of side ``n`` drawn from ``rng``, and its solution."""
    node_budget = _CHECK_NODES
    while True:
        solution = _random_solution(n, rng)
        grid = _strip_givens(solution, rng, node_budget)
        if grid is not None:
            return Puzzle._trusted(tuple("".join(row) for row in grid)), solution
        node_budget *= 2


# -- for people: hints, the path and the grade ---------------------------------


def hint(puzzle: Union[Puzzle, Sequence[str]]) -> Optional[Hint]:
    """The next deduction a person can make in ``puzzle``, or None when the grid is complete.

    The easiest rule that applies is offered: ``pair`` and ``sandwich`` (no
    three equal digits touch), ``balance`` (a line with all its 0s or 1s),
    ``distinct`` (a line that could only be finished as a copy of a complete
    one), then ``trial`` (a digit that would break a line, following the rules
    before it) and last ``search`` (no rule decides; the solution does). The
    deduced cells can be written back as givens. NoSolutionError and
    MultipleSolutionsError as :func:`solve` raises them: a hint needs one solution.
    """
    return next(path(_deducer(puzzle)), None)


def steps(puzzle: Union[Puzzle, Sequence[str]]) -> list[Hint]:
    """Every hint from ``puzzle`` to its solution, each applied before the next (see :func:`hint`)."""
    return list(path(_deducer(puzzle)))


def grade(puzzle: Union[Puzzle, Sequence[str]]) -> int:
    """How hard ``puzzle`` is for a person, from 1 to 5, read off the path of :func:`steps`.

    1: pairs and sandwiches alone solve it; 2: it needs a line's balance; 3: it
    needs distinct lines; 4: it needs the trial, at most once per row on the
    whole path; 5: it needs the trial more often, or a search. The same puzzle
    always gets the same grade.
    """
    from ._hints import grade as path_grade

    return path_grade(_deducer(puzzle))


def _deducer(puzzle: Union[Puzzle, Sequence[str]]) -> Any:
    from ._takuzu_hints import Deducer

    puzzle = from_rows(puzzle)
    return Deducer(puzzle.rows, solve(puzzle))


def format(solution: Solution) -> str:
    """The contest output: one line per row, each ending in a newline.

    ``solution`` is rows of ``'0'`` and ``'1'``, all of one length; anything
    else is a TypeError or a ParseError naming the row and column.
    """
    return solution_text(solution)


def solve_text(text: str) -> str:
    """Contest input in, contest output out (the unique solution)."""
    return format(solve(parse(text)))


def _check_givens(puzzle: Puzzle) -> None:
    """Name the rule the givens already break, if any."""
    n = puzzle.n
    columns = ["".join(column) for column in zip(*puzzle.rows)]
    for kind, lines in (("row", puzzle.rows), ("column", columns)):
        across = "columns" if kind == "row" else "rows"
        for index, line in enumerate(lines, start=1):
            for digit in "01":
                start = line.find(digit * 3)
                if start >= 0:
                    raise NoSolutionError(
                        f"the givens break rule 1 (no three equal digits in a run): "
                        f"{kind} {index}, {across} {start + 1}-{start + 3} are all {digit}"
                    )
                if line.count(digit) > n // 2:
                    raise NoSolutionError(
                        f"the givens break rule 2 ({n // 2} zeros and {n // 2} ones per line): "
                        f"{kind} {index} has {line.count(digit)} {digit}s"
                    )
        complete: dict[str, int] = {}
        for index, line in enumerate(lines, start=1):
            if "_" not in line:
                if line in complete:
                    raise NoSolutionError(
                        f"the givens break rule 3 (all {kind}s differ): "
                        f"{kind}s {complete[line]} and {index} are both {line}"
                    )
                complete[line] = index
