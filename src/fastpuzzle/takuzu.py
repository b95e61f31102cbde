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

from functools import lru_cache
from itertools import islice
TYPE_CHECKING = False

from . import _select
from ._text import Lines, check_row, describe, parse_int
from ._grid import Grid, single_solution, walk
from .errors import NoSolutionError, ParseError, PuzzleTooLargeError

if TYPE_CHECKING:
    import argparse
    from typing import Any, Iterator, Optional, Sequence, Union

    Solution = tuple[str, ...]

__all__ = [
    "MAX_N",
    "Puzzle",
    "parse",
    "from_rows",
    "solve",
    "solutions",
    "count_solutions",
    "generate",
    "format",
]

NAME = "takuzu"
_kernel = _select.kernel(NAME)

#: Largest supported side; a line is one 32-bit word in the kernel.
MAX_N = 32
#: Candidate lines the search may hold at once (4 bytes each, twice over).
MAX_CANDIDATES = 1 << 23
#: Nodes searched between returns to Python, which keeps Ctrl-C prompt.
_NODE_BUDGET = 1 << 12
_CELLS = "01_"


class Puzzle(Grid):
    """A 01-game grid: ``rows[r][c]`` is ``'0'``, ``'1'`` or ``'_'`` (blank).

    The rows are checked as :func:`from_rows` checks them; ``n`` is the side.
    """

    __slots__ = ()

    @staticmethod
    def _check_rows(rows: Sequence[str]) -> tuple[str, ...]:
        return _checked_rows(rows)


def parse(text: str) -> Puzzle:
    """Read the contest format: a line with ``N``, then ``N`` rows of ``0``, ``1``, ``_``.

    Raises :class:`~fastpuzzle.ParseError` with the line and column of the first problem.
    """
    lines = Lines(text)
    (column, token), = lines.tokens(0, 1, "N (the side of the grid)")
    n = _parse_side(token, column)
    rows = tuple(lines.char_row(1 + r, n, _CELLS, "row", r + 1, n) for r in range(n))
    lines.expect_end(1 + n, f"the {n} rows")
    return Puzzle._trusted(rows)


def from_rows(rows: Union[Puzzle, Sequence[str]]) -> Puzzle:
    """A :class:`Puzzle` from a sequence of row strings, checked like :func:`parse`.

    Errors name the row (1-based) and column of the first problem.
    """
    if isinstance(rows, Puzzle):
        return rows
    return Puzzle(rows)


def _checked_rows(rows: Sequence[str]) -> tuple[str, ...]:
    if isinstance(rows, str):
        raise TypeError("expected a sequence of row strings; use parse() for contest text")
    rows = tuple(rows)
    n = len(rows)
    if not (2 <= n <= MAX_N and n % 2 == 0):
        raise ParseError(f"expected an even number of rows from 2 to {MAX_N}, found {n}", 1, 1, unit="row")
    for r, row in enumerate(rows, start=1):
        if not isinstance(row, str):
            raise TypeError(f"row {r} is {type(row).__name__}, expected str")
        check_row(row, n, _CELLS, r, unit="row")
    return rows


def _parse_side(token: str, column: int) -> int:
    n = parse_int(token, 1, column, "an even N", 2, MAX_N)
    if n % 2:
        raise ParseError(f"expected an even N from 2 to {MAX_N}, found {describe(token)}", 1, column)
    return n


def solve(puzzle: Union[Puzzle, Sequence[str]], *, unique: bool = True) -> Solution:
    """The solution of ``puzzle``, as a tuple of row strings of ``'0'`` and ``'1'``.

    Raises :class:`~fastpuzzle.NoSolutionError` if there is none and, unless
    ``unique`` is false, :class:`~fastpuzzle.MultipleSolutionsError` if there is
    more than one; with ``unique=False`` the first solution found is returned.
    """
    puzzle = from_rows(puzzle)
    return single_solution(
        solutions(puzzle), unique, "no solution: the givens cannot all be satisfied together",
        lambda: _check_givens(puzzle),
    )


def solutions(puzzle: Union[Puzzle, Sequence[str]]) -> Iterator[Solution]:
    """Every solution of ``puzzle``, lazily, in the search's order."""
    puzzle = from_rows(puzzle)
    return walk(_search(puzzle), _kernel, puzzle.n, _NODE_BUDGET)


def count_solutions(puzzle: Union[Puzzle, Sequence[str]], limit: Optional[int] = None) -> int:
    """The number of solutions of ``puzzle``, or ``limit`` if there are at least that many.

    Counting runs inside the kernel; it can take long on open grids, and
    Ctrl-C (KeyboardInterrupt) stops it promptly.
    """
    if limit is not None and limit < 0:
        raise ValueError(f"limit must be at least 0, got {limit}")
    puzzle = from_rows(puzzle)
    if limit == 0:
        return 0
    search = _search(puzzle)
    while search.count(_NODE_BUDGET, limit or 0) == _kernel.PAUSED:
        pass
    return int(search.found)


def _search(puzzle: Puzzle) -> Any:
    """A kernel search over ``puzzle``, once its memory is known to fit the limit."""
    n, cells = puzzle.n, "".join(puzzle.rows)
    if _blank_candidates(n) > MAX_CANDIDATES and (needed := _kernel.count_candidates(n, cells)) > MAX_CANDIDATES:
        raise PuzzleTooLargeError(
            f"too few givens for a {n}x{n} grid: the search would hold {needed} candidate "
            f"lines, more than the limit of {MAX_CANDIDATES}"
        )
    return _kernel.Search(n, cells)


@lru_cache(maxsize=None)
def _blank_candidates(n: int) -> int:
    """Candidates of a blank grid: the most any side-n puzzle can need."""
    return int(_kernel.count_candidates(n, "_" * (n * n)))


def generate(n: int, *, seed: Optional[int] = None) -> Puzzle:
    """A random puzzle of side ``n`` with a unique solution and no redundant given.

    The same ``seed`` always gives the same puzzle. Generation starts from a blank
    grid, so ``n`` is limited to the sides whose blank grid fits the search's
    memory limit (up to 26).
    """
    import random

    largest = max(side for side in range(2, MAX_N + 1, 2) if _blank_candidates(side) <= MAX_CANDIDATES)
    if not (2 <= n <= largest and n % 2 == 0):
        raise ValueError(f"generate() takes an even n from 2 to {largest}, got {n}")
    rng = random.Random(seed)
    grid = [["_"] * n for _ in range(n)]

    def two_solutions() -> list[Solution]:
        return list(islice(solutions(Puzzle._trusted(tuple("".join(row) for row in grid))), 2))

    # Fix cells where two solutions still differ until one solution is left;
    # either value there keeps the puzzle solvable.
    while len(found := two_solutions()) > 1:
        first, second = found
        r, c = rng.choice([(r, c) for r in range(n) for c in range(n) if first[r][c] != second[r][c]])
        grid[r][c] = rng.choice("01")
    # Then drop, in random order, every given whose opposite digit has no
    # solution: the remaining givens force it anyway.
    givens = [(r, c) for r in range(n) for c in range(n) if grid[r][c] != "_"]
    rng.shuffle(givens)
    for r, c in givens:
        value = grid[r][c]
        grid[r][c] = "1" if value == "0" else "0"
        if next(solutions(Puzzle._trusted(tuple("".join(row) for row in grid))), None) is None:
            grid[r][c] = "_"
        else:
            grid[r][c] = value
    return Puzzle._trusted(tuple("".join(row) for row in grid))


def format(solution: Sequence[str]) -> str:  # noqa: A001 - mirrors parse()
    """The contest output: one line per row, each ending in a newline."""
    return "".join(row + "\n" for row in solution)


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


# -- command line -----------------------------------------------------------


def add_cli_arguments(parser: argparse.ArgumentParser) -> None:
    """The 01 game's options for ``python -m fastpuzzle takuzu``."""
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--first", action="store_true", help="print the first solution found, without proving it unique")
    mode.add_argument("--count", action="store_true", help="print the number of solutions instead of a solution")


def run_cli(text: str, options: argparse.Namespace) -> str:
    """What ``python -m fastpuzzle takuzu`` prints for ``text``."""
    puzzle = parse(text)
    if options.count:
        return f"{count_solutions(puzzle)}\n"
    return format(solve(puzzle, unique=not options.first))
