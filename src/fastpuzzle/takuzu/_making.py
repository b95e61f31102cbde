"""The 01 game for puzzle makers: generation, hints, the path of hints and the grade."""

from __future__ import annotations

import random
from array import array

from fastpuzzle._common import hints
from fastpuzzle._common import select as _select
from fastpuzzle._common.grid import checked_seed, first_solutions
from fastpuzzle._common.hints import Hint, checked_difficulty, graded, path
from fastpuzzle._common.progress import progress_bar
from fastpuzzle._contract.registry import Status
from fastpuzzle.errors import ArgumentError, PuzzleTooLargeError

from . import _lines
from ._facade import _CODES, _NODE_BUDGET, NAME, Puzzle, _checked_rule, _checked_sides, from_rows, solve
from ._hints import Deducer

TYPE_CHECKING = False

if TYPE_CHECKING or not _select.twins_active():
    from . import _kernel
else:
    from . import _twin as _kernel

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any, Callable, Optional, Union

__all__ = ["Hint", "generate", "grade", "hint", "steps"]


def _strip_givens(
    width: int, height: int, unique_rows: bool, rng: random.Random, bar: progress_bar
) -> tuple[list[list[str]], list[str]]:
    """A random solved grid, and the givens left after dropping, in random order, every given whose
    opposite digit has no solution with the givens kept so far; ``bar`` counts the givens checked.

    One search serves every check: the blank grid, with the givens not yet checked as assumptions
    (what it learns holds for every set of givens), and each given found needed kept as one, then
    fixed for good. The solved grid is its first solution, each cell tried first with a random digit.
    A check still open after _OWN_SEARCH_AFTER nodes goes on in a search of its own, which takes the
    one search's learnt clauses that its givens cut to at most _IMPORTED_MOST literals. Every check is
    exact, so the puzzle does not depend on which search answers it. What is left is strictly
    minimal: each given kept has a second solution without it.
    """
    size = width * height
    search = _kernel.Learn(width, height, unique_rows, bytes([2]) * size)
    search.prefer(bytes(rng.randrange(2) for _ in range(size)))
    found = first_solutions(search, width, _NODE_BUDGET, 1, lambda: "out of memory")
    if not found:  # shape_problem() rules out every shape without a grid; this is the search's word on it
        raise ArgumentError(f"generate({width}, {height}): no {width}x{height} grid keeps the rules")
    (solution,) = found
    solved = "".join(solution).encode("ascii").translate(_CODES)
    givens = bytearray(solved)
    order = list(range(size))
    rng.shuffle(order)
    # The givens checked last are decided first: a check changes only the assumptions after those still
    # unchecked, and the search keeps their decision levels from one check to the next.
    decided = array("i", reversed(order))
    # The assumptions: the givens still unchecked, and those found needed that are not yet fixed for good.
    assumed = bytearray(givens)
    needed: list[int] = []
    for checked, p in enumerate(bar.each(order)):
        digit = givens[p]
        assumed[p] = digit ^ 1
        search.assume(bytes(assumed), decided)
        # A second solution, where there is one, mostly agrees with the first: try its digits first.
        search.prefer(solved)
        status = _searched(search, _OWN_SEARCH_AFTER)
        if status == Status.PAUSED:
            # A hard check: a search of its own, with the givens as givens, costs several times less per
            # conflict than the one search, which decides them as assumptions and carries every clause
            # learnt so far.
            alone = bytearray(givens)
            alone[p] = digit ^ 1
            own = _kernel.Learn(width, height, unique_rows, bytes(alone))
            own.prefer(solved)
            own.learn_from(search, _IMPORTED_MOST)
            status = _searched(own, _NODE_BUDGET)
        if status == Status.TOO_LARGE:
            raise PuzzleTooLargeError(f"the clauses learnt for a {width}x{height} grid need more than 2 GiB")
        if status != Status.SOLUTION:
            assumed[p] = givens[p] = 2
            continue
        assumed[p] = digit
        needed.append(p)
        # Each check decides the needed givens assumed again; fixing them for good (a clause of one
        # digit each) makes the next check decide every unchecked one again. Fix them when the first
        # cost, summed over the checks since the last time, passes the second.
        if len(needed) ** 2 > size - checked:
            for q in needed:
                opposite, only_q = bytearray(size), bytearray(size)
                opposite[q], only_q[q] = givens[q] ^ 1, 1
                search.exclude(bytes(opposite), bytes(only_q))
                assumed[q] = 2
            needed.clear()
    grid = [["_01"[(givens[r * width + c] + 1) % 3] for c in range(width)] for r in range(height)]
    return grid, list(solution)


def generate(
    width: int,
    height: Optional[int] = None,
    *,
    seed: Optional[int] = None,
    difficulty: Optional[int] = None,
    unique_rows: bool = True,
    progress: Optional[bool] = None,
) -> Puzzle:
    """A random puzzle of ``width`` x ``height`` (``height`` defaults to ``width``; both even, 2 to
    MAX_N) with a unique solution, under the rule ``unique_rows``.

    The same ``seed`` always gives the same puzzle. Generation draws a random
    solved grid, then removes givens, in random order, while the solution stays
    unique: removing any given of the result makes it ambiguous (strictly
    minimal). Every check is exact; none is cut short. ``progress``: show a
    progress bar of the givens checked on standard error (default: when standard
    error is a terminal); a 64x64 takes a minute or more.

    With ``difficulty`` (a grade from 1 to 5, see :func:`grade`) the puzzle has
    exactly that grade: wherever the rules the grade allows decide nothing, a
    given of the solution is put back at a random undecided cell; an attempt
    that ends below the grade starts over. Small sides lack some grades (no
    2x2 puzzle needs a pair): ArgumentError after a fixed number of attempts.
    """
    width, height = _checked_sides("generate()", width, width if height is None else height)
    seed = checked_seed(seed)
    unique_rows = _checked_rule(unique_rows)
    problem = _lines.shape_problem(width, height, unique_rows)
    if problem is not None:
        raise ArgumentError(f"generate({width}, {height}): {problem} (unique_rows=False allows it)")
    rng = random.Random(seed)
    if difficulty is None:
        return _minimal(width, height, unique_rows, rng, progress)[0]
    difficulty = checked_difficulty(difficulty)

    def draw() -> tuple[Deducer, Callable[[], None], Callable[[], Puzzle]]:
        puzzle, solution = _minimal(width, height, unique_rows, rng, progress)
        grid = [list(row) for row in puzzle.rows]
        deducer = Deducer(puzzle.rows, solution, unique_rows)

        def add_given() -> None:
            r, c = rng.choice(
                [(r, c) for r, row in enumerate(deducer.rows()) for c, char in enumerate(row) if char == "_"]
            )
            grid[r][c] = solution[r][c]
            deducer.set(r, c, int(solution[r][c]))

        return deducer, add_given, lambda: Puzzle._trusted(tuple("".join(row) for row in grid), unique_rows)

    found = graded(difficulty, _GRADE_ATTEMPTS, draw, grade)
    if found is None:
        raise ArgumentError(
            f"found no {width}x{height} puzzle of difficulty {difficulty} in {_GRADE_ATTEMPTS} attempts"
        )
    return found


#: Nodes a check of generate() spends in the one search of all checks before it goes to a search of its own.
_OWN_SEARCH_AFTER = 1000


#: The longest of the one search's learnt clauses, cut by its givens, that a check's own search takes.
_IMPORTED_MOST = 100


#: Puzzles drawn, at most, in search of one of a given grade.
_GRADE_ATTEMPTS = 200


def _searched(search: Any, nodes: int) -> int:
    """Run ``search`` on until it answers, or PAUSED once it has searched ``nodes`` more nodes."""
    start = search.nodes
    while (status := search.next_solution(nodes - (search.nodes - start))) == Status.PAUSED:
        if search.nodes - start >= nodes:
            break
    return int(status)


def _minimal(
    width: int, height: int, unique_rows: bool, rng: random.Random, progress: Optional[bool]
) -> tuple[Puzzle, list[str]]:
    """A strictly minimal puzzle drawn from ``rng``, and its solution; ``progress`` as for :func:`generate`."""
    with progress_bar(NAME, show=progress, total=width * height, unit=" givens") as bar:
        grid, solution = _strip_givens(width, height, unique_rows, rng, bar)
    return Puzzle._trusted(tuple("".join(row) for row in grid), unique_rows), solution


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
    return hints.grade(_deducer(puzzle))


def _deducer(puzzle: Union[Puzzle, Sequence[str]]) -> Any:

    puzzle = from_rows(puzzle)
    return Deducer(puzzle.rows, solve(puzzle), puzzle.unique_rows)
