"""Pixel placement for puzzle makers: generation, puzzles from images, hints, the path of hints and the grade."""

from __future__ import annotations

import random

from fastpuzzle._common import hints
from fastpuzzle._common import select as _select
from fastpuzzle._common.grid import (
    check_text_rows,
    checked_count,
    checked_fraction,
    checked_seed,
    first_solutions,
    row_tuple,
)
from fastpuzzle._common.hints import TRIAL_TIER, Hint, NoGivenLeft, checked_difficulty, graded, path
from fastpuzzle._common.progress import progress_bar
from fastpuzzle._common.text import shown
from fastpuzzle._contract.registry import Status
from fastpuzzle.errors import ArgumentError, NoSolutionError, ParseError

from ._facade import (
    _CODES,
    _NODE_BUDGET,
    NAME,
    Puzzle,
    _check_size,
    _first_solutions,
    _out_of_memory,
    _search,
    from_rows,
    solve,
)
from ._hints import Deducer
from ._image import image_picture, image_size

TYPE_CHECKING = False

if TYPE_CHECKING or not _select.twins_active():
    from . import _kernel
else:
    from . import _twin as _kernel

if TYPE_CHECKING:
    import os
    from collections.abc import Sequence
    from typing import Any, Callable, Optional, Union

__all__ = ["Hint", "from_image", "generate", "grade", "hint", "steps"]


def generate(
    width: int,
    height: Optional[int] = None,
    *,
    seed: Optional[int] = None,
    density: float = 0.5,
    effort: Optional[int] = 20_000,
    difficulty: Optional[int] = None,
    progress: Optional[bool] = None,
) -> Puzzle:
    """A random puzzle ``width`` cells wide and ``height`` high (``height`` defaults to ``width``) with a
    unique solution: ``height`` rows of ``width`` columns, as SGT's ``WxH`` (``generate(6, 8)`` is ``6x8:...``).

    A random picture (``density`` of its cells black) gets every clue (a new
    picture is drawn until its full set of clues has a unique solution); then, in
    random order, every clue is removed whose removal keeps the solution unique,
    provably within ``effort`` search nodes. ``effort=None`` removes every clue it
    can, giving a strictly minimal puzzle (no clue can be removed), which for large
    grids can be very hard to solve. Each of its checks asks clause learning for a
    picture that meets the other clues and differs from the solution in the clue's
    block (the only kind of second solution that removing the clue can let in), so
    no clue is ever kept that could go.

    With ``difficulty`` (a grade from 1 to 5, see :func:`grade`) the puzzle has
    exactly that grade: wherever the rules the grade allows decide nothing, the
    solution's clue goes back at a random cell next to an undecided one; an
    attempt that ends below the grade starts over (ArgumentError after a fixed
    number of attempts: a tiny grid may lack a grade).
    The same arguments always give the same puzzle. ``density`` is a real
    number from 0 to 1, ``effort`` a whole number or None. ``progress``: show
    a progress bar of the clues checked on standard error (default: when
    standard error is a terminal).
    """
    width = checked_count(width, "width")
    height = width if height is None else checked_count(height, "height")
    seed = checked_seed(seed)
    density = checked_fraction(density, "density")
    effort = None if effort is None else checked_count(effort, "effort")
    difficulty = None if difficulty is None else checked_difficulty(difficulty)
    if width < 1 or height < 1:
        raise ArgumentError(f"width and height must be at least 1, got {shown(width)} and {shown(height)}")
    _check_size(height, width, "the grid", wide_first=True)
    n, m = height, width
    rng = random.Random(seed)

    def random_picture() -> list[str]:
        while True:
            picture = ["".join("1" if rng.random() < density else "0" for _ in range(m)) for _ in range(n)]
            if _unique_with_every_clue(picture):
                return picture

    if difficulty is None:
        return _puzzle_of(_strip_clues(random_picture(), rng, effort, progress))
    found = _to_grade(difficulty, random_picture, rng, effort, progress)
    if found is None:
        raise ArgumentError(
            f"found no {width}x{height} puzzle of difficulty {difficulty} in {_GRADE_ATTEMPTS} attempts"
        )
    return found


#: Puzzles drawn, at most, in search of one of a given grade.
_GRADE_ATTEMPTS = 200


def _unique_with_every_clue(picture: list[str]) -> bool:
    """Whether ``picture`` is the only solution of the puzzle that has every clue of it."""
    return len(_first_solutions(_puzzle_of([list(row) for row in _clues_of(picture)]), 2)) == 1


def _strip_clues(picture: list[str], rng: Any, effort: Optional[int], progress: Optional[bool]) -> list[list[str]]:
    """``picture``'s clues less, in random order, every clue whose removal keeps the solution unique
    (within ``effort`` nodes of the memo's walk, or, with None, proved by clause learning); ``progress``
    as for :func:`generate`."""
    n, m = len(picture), len(picture[0])
    grid = [list(row) for row in _clues_of(picture)]
    solution = bytes(int(colour) for row in picture for colour in row)
    places = [(r, c) for r in range(n) for c in range(m)]
    rng.shuffle(places)
    with progress_bar(NAME, show=progress, total=len(places), unit=" clues") as bar:
        for r, c in bar.each(places):
            clue = grid[r][c]
            if effort is None:
                removable = not _clue_needed(grid, solution, r, c)
            else:
                grid[r][c] = "_"
                removable = _unique(grid, effort)
            grid[r][c] = "_" if removable else clue
    return grid


def _to_grade(
    difficulty: int,
    draw_picture: Callable[[], list[str]],
    rng: Any,
    effort: Optional[int],
    progress: Optional[bool],
) -> Optional[Puzzle]:
    """A puzzle of grade ``difficulty`` for a picture from ``draw_picture``, or None after _GRADE_ATTEMPTS."""

    def draw() -> tuple[Deducer, Callable[[], None], Callable[[], Puzzle]]:
        picture = draw_picture()
        full = _clues_of(picture)
        if difficulty < TRIAL_TIER and not _rules_solve(full, difficulty):
            raise NoGivenLeft
        grid = _strip_clues(picture, rng, effort, progress)
        deducer = Deducer(["".join(row) for row in grid], None, picture)

        def add_given() -> None:
            undecided = {(r, c) for r, row in enumerate(deducer.rows()) for c, char in enumerate(row) if char == "?"}
            places = [
                (r, c)
                for r, row in enumerate(grid)
                for c, char in enumerate(row)
                if char == "_" and any((r + dr, c + dc) in undecided for dr in (-1, 0, 1) for dc in (-1, 0, 1))
            ]
            if not places:
                raise NoGivenLeft
            r, c = rng.choice(places)
            grid[r][c] = full[r][c]
            deducer.add_clue(r, c, int(full[r][c]))

        return deducer, add_given, lambda: _puzzle_of(grid)

    return graded(difficulty, _GRADE_ATTEMPTS, draw, grade)


def _rules_solve(rows: list[str], max_tier: int) -> bool:
    """Whether the rules up to ``max_tier`` alone decide every cell of the puzzle ``rows``."""
    deducer = Deducer(rows)
    for _ in path(deducer, max_tier):
        pass
    return deducer.complete()


def from_image(
    path: Union[str, os.PathLike[str]],
    size: tuple[int, int],
    *,
    threshold: float = 0.5,
    difficulty: Optional[int] = None,
    seed: Optional[int] = None,
    progress: Optional[bool] = None,
) -> Puzzle:
    """A puzzle whose unique solution is the picture in the image file at ``path``.

    The image is scaled to ``size``, ``(width, height)`` in cells (as Pillow and SGT give sizes), and thresholded: a cell
    darker than ``threshold`` (0 black to 1 white) is black. Clues are then
    removed, in an order drawn from ``seed``, while the picture stays the only
    solution, and with ``difficulty`` the puzzle is shaped to that grade as by
    :func:`generate` (``progress`` too). Needs Pillow (``pip install fastpuzzle[image]``).
    ArgumentError when even every clue of the picture leaves it ambiguous (try
    another size or threshold) or no puzzle of the grade is found.
    """
    width, height = image_size(size)
    difficulty = None if difficulty is None else checked_difficulty(difficulty)
    rng = random.Random(checked_seed(seed))
    picture = image_picture(path, width, height, threshold)
    if not _unique_with_every_clue(picture):
        raise ArgumentError(
            f"the {width}x{height} picture of {path} is not the only one that fits even all its clues; "
            "try another size or threshold"
        )
    if difficulty is None:
        return _puzzle_of(_strip_clues(picture, rng, None, progress))
    found = _to_grade(difficulty, lambda: picture, rng, None, progress)
    if found is None:
        raise ArgumentError(
            f"found no puzzle of difficulty {difficulty} for this picture in {_GRADE_ATTEMPTS} attempts"
        )
    return found


def _puzzle_of(grid: list[list[str]]) -> Puzzle:
    return Puzzle._trusted(tuple("".join(row) for row in grid))


def _second_picture_near(grid: list[list[str]], picture: bytes, r: int, c: int) -> bool:
    """Some picture other than ``picture`` (``grid``'s one solution, a 0 or 1 per cell) meets
    every clue of ``grid`` but the one at (r, c).

    Such a picture cannot have the clue's count at (r, c) (it would be a second
    solution with the clue), so it differs from ``picture`` in the clue's block: that
    is the clause the search is given, and it tries ``picture``'s colours first. It skips
    the probing at the root (measured: the search without it is faster than the probing
    alone, at every check of strictly minimal generation). ``grid`` is left with ``'_'`` at (r, c): the caller puts back what it wants there.
    """
    n, m = len(grid), len(grid[0])
    grid[r][c] = "_"
    block = bytearray(n * m)
    for row in range(max(r - 1, 0), min(r + 2, n)):
        for column in range(max(c - 1, 0), min(c + 2, m)):
            block[row * m + column] = 1
    learn = _kernel.Learn(n, m, _puzzle_of(grid).cells, probe=False)
    learn.exclude(picture, bytes(block))
    learn.prefer(picture)
    return bool(first_solutions(learn, m, _NODE_BUDGET, 1, _out_of_memory))


#: The local checks of a clue look this many rows and columns around it (see _clue_needed).
_NEAR = (8, 16)


def _clue_needed(grid: list[list[str]], picture: bytes, r: int, c: int) -> bool:
    """Whether some picture other than ``picture`` (``grid``'s one solution) meets every clue of ``grid``
    but the one at (r, c): :func:`_second_picture_near`, most often settled near (r, c).

    Two small checks come first, each exact where it decides. The clues of the box of cells at most
    ``_NEAR`` rows and columns from (r, c), whose blocks lie in it, are some of ``grid``'s: if they
    admit no picture that differs from ``picture`` in the clue's block, no picture of the whole grid
    does (the clue is not needed). A picture of the box two cells larger, its outer two rings kept as
    in ``picture`` and every clue in it met, is ``picture`` changed only near (r, c), where every clue
    that sees a changed cell lies: if one differs in the block, the clue is needed. Else the whole
    grid decides. ``grid`` is left with ``'_'`` at (r, c).
    """
    n, m = len(grid), len(grid[0])
    grid[r][c] = "_"
    for near in _NEAR:
        if not _differs_nearby(grid, picture, r, c, near, 0):
            return False
        if _differs_nearby(grid, picture, r, c, near + 2, 2):
            return True
        if near >= max(n, m):
            break
    return _second_picture_near(grid, picture, r, c)


def _differs_nearby(grid: list[list[str]], picture: bytes, r: int, c: int, near: int, kept: int) -> bool:
    """Some colouring of the box of cells at most ``near`` rows and columns from (r, c) (clipped at the
    border) differs from ``picture`` in the block of (r, c), meets every clue of ``grid`` whose block
    lies in the box, and keeps ``picture``'s colours in the ``kept`` outer rings of the box that are
    not the grid's border."""
    n, m = len(grid), len(grid[0])
    top, bottom, left, right = max(r - near, 0), min(r + near, n - 1), max(c - near, 0), min(c + near, m - 1)
    rows, columns = bottom - top + 1, right - left + 1
    cells = bytearray(rows * columns)
    box = bytearray(rows * columns)
    block = bytearray(rows * columns)
    outer = bytearray(rows * columns)
    for row in range(top, bottom + 1):
        # A clue on an edge of the box that is not the grid's border sees cells outside it.
        row_inside = (row > top or top == 0) and (row < bottom or bottom == n - 1)
        row_ring = (top > 0 and row < top + kept) or (bottom < n - 1 and row > bottom - kept)
        for column in range(left, right + 1):
            at = (row - top) * columns + column - left
            char = grid[row][column]
            inside = row_inside and (column > left or left == 0) and (column < right or right == m - 1)
            cells[at] = _CODES[ord(char)] if char != "_" and inside else _kernel.NO_CLUE
            box[at] = picture[row * m + column]
            block[at] = abs(row - r) <= 1 and abs(column - c) <= 1
            outer[at] = row_ring or (left > 0 and column < left + kept) or (right < m - 1 and column > right - kept)
    learn = _kernel.Learn(rows, columns, bytes(cells), probe=False)
    learn.exclude(bytes(box), bytes(block))
    for at in range(rows * columns):
        if outer[at]:
            # A clause of the other colour alone keeps picture's colour at this cell.
            only = bytearray(rows * columns)
            only[at] = 1
            learn.exclude(bytes([box[at] ^ 1]) * (rows * columns), bytes(only))
    learn.prefer(bytes(box))
    return bool(first_solutions(learn, columns, _NODE_BUDGET, 1, _out_of_memory))


def _unique(grid: list[list[str]], effort: int) -> bool:
    """Exactly one picture fits ``grid``'s clues, as proved within ``effort`` nodes of the memo's walk.

    A check that outgrows the memo counts as not unique, as one that runs out of nodes.
    """
    search = _search(_puzzle_of(grid))
    found = 0
    while search.nodes < effort:
        status = search.next_solution(min(_NODE_BUDGET, effort - search.nodes))
        if status == Status.SOLUTION:
            found += 1
            if found == 2:
                return False
        elif status == Status.EXHAUSTED:
            return found == 1
        elif status == Status.TOO_LARGE:
            return False
    return False


def _clues_of(picture: Sequence[str]) -> list[str]:
    """Every cell's clue in ``picture``: the black cells of its clipped block."""
    n, m = len(picture), len(picture[0])
    return [
        "".join(
            str(sum(row[max(c - 1, 0) : c + 2].count("1") for row in picture[max(r - 1, 0) : r + 2])) for c in range(m)
        )
        for r in range(n)
    ]


def hint(puzzle: Union[Puzzle, Sequence[str]], known: Optional[Sequence[str]] = None) -> Optional[Hint]:
    """The next deduction a person can make in ``puzzle``, or None when every cell is decided.

    ``known`` holds the cells already decided, as rows of ``'0'`` (white), ``'1'``
    (black) and ``'?'``; by default none is. The easiest rule that applies is
    offered: ``satisfied`` (a clue with all its black cells), ``needs all`` (a
    clue that needs every undecided cell), ``inside`` and ``overlap`` (what two
    clues whose blocks overlap decide together), then ``trial`` (a colour that
    would leave a clue unmet, following the rules before it) and last ``search``
    (no rule decides; the solution does). NoSolutionError when the known cells
    or the clues admit no solution, MultipleSolutionsError when they admit several.
    """
    return next(path(_deducer(puzzle, known)), None)


def steps(puzzle: Union[Puzzle, Sequence[str]], known: Optional[Sequence[str]] = None) -> list[Hint]:
    """Every hint from ``puzzle`` (and the ``known`` cells) to its solution, each applied before the next."""
    return list(path(_deducer(puzzle, known)))


def grade(puzzle: Union[Puzzle, Sequence[str]]) -> int:
    """How hard ``puzzle`` is for a person, from 1 to 5, read off the path of :func:`steps`.

    1: single clues alone solve it; 2: it needs two clues where one's undecided
    cells lie inside the other's block; 3: it needs two overlapping clues in
    general; 4: it needs the trial, at most once per row (or column, if more) on
    the whole path; 5: it needs the trial more often, or a search. The same
    puzzle always gets the same grade.
    """
    return hints.grade(_deducer(puzzle))


def _deducer(puzzle: Union[Puzzle, Sequence[str]], known: Optional[Sequence[str]] = None) -> Deducer:
    puzzle = from_rows(puzzle)
    if known is not None:
        known = _known_rows(known, puzzle)
    solution = solve(puzzle)
    for r, row in enumerate(known or ()):
        for c, char in enumerate(row):
            if char not in ("?", solution[r][c]):
                raise NoSolutionError(
                    f"no solution with the known cells: {'black' if char == '1' else 'white'} "
                    f"at row {r + 1}, column {c + 1} meets no solution of the clues"
                )
    return Deducer(puzzle.rows, known, solution)


def _known_rows(known: Any, puzzle: Puzzle) -> tuple[str, ...]:
    """``known`` checked: ``puzzle.n`` rows of ``puzzle.m`` characters ``0``, ``1`` or ``?``."""
    rows = row_tuple(known)
    if len(rows) != puzzle.n:
        raise ParseError(f"expected {puzzle.n} rows of known cells, found {len(rows)}", 1, 1, unit="row")
    check_text_rows(rows, puzzle.m, "01?")
    return rows
