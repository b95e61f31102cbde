"""Pixel placement (Fill-a-Pix, Mosaic): parse, solve, count and generate: the facade (the package's ``__init__`` exports its public names)."""

from __future__ import annotations

from fastpuzzle._common import select as _select
from fastpuzzle._common.grid import (
    Grid,
    check_row_count,
    check_text_rows,
    checked_count,
    checked_seed,
    count,
    first_solutions,
    row_tuple,
    single_solution,
    solution_rows,
    solution_text,
    walk,
)
from fastpuzzle._common.hints import TRIAL_TIER, Hint, NoGivenLeft, checked_difficulty, graded, path
from fastpuzzle._common.progress import progress_bar
from fastpuzzle._common.text import Lines, describe, plain_lines, plain_number, plain_rows, shown
from fastpuzzle._contract.registry import PUZZLES, Status
from fastpuzzle.errors import ArgumentError, NoSolutionError, ParseError, PuzzleTooLargeError

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

    from ._hints import Deducer

__all__ = [
    "MAX_CELLS",
    "MAX_N",
    "MAX_STATES",
    "NAME",
    "ONE_BY_ONE_MOST",
    "Hint",
    "Puzzle",
    "count_solutions",
    "format",
    "from_image",
    "from_rows",
    "generate",
    "grade",
    "hint",
    "image_picture",
    "parse",
    "puzzle_lines",
    "show",
    "solutions",
    "solve",
    "solve_text",
    "solve_texts",
    "steps",
]

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


def _check_size(n: int, m: int, what: str) -> None:
    """An ArgumentError unless an ``n x m`` grid (sides at least 1, checked) fits MAX_CELLS; ``what`` names it."""
    if n * m > MAX_CELLS:
        sides = (shown(n), shown(m))  # a side too long to write is named in words: then "by", not "x"
        size = "x".join(sides) if all(side.isdigit() for side in sides) else " by ".join(sides)
        raise ArgumentError(f"{what} must have at most {MAX_CELLS} cells (rows times columns), got {size}")


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
                        f"expected a clue from 0 to {cells} (its block has {cells} cells), found {describe(char)}",
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


def generate(
    n: int,
    m: Optional[int] = None,
    *,
    seed: Optional[int] = None,
    density: float = 0.5,
    effort: Optional[int] = 20_000,
    difficulty: Optional[int] = None,
    progress: Optional[bool] = None,
) -> Puzzle:
    """A random ``n x m`` puzzle (``m`` defaults to ``n``) with a unique solution.

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
    import random

    n = checked_count(n, "n")
    m = n if m is None else checked_count(m, "m")
    seed = checked_seed(seed)
    density = _checked_density(density)
    effort = None if effort is None else checked_count(effort, "effort")
    difficulty = None if difficulty is None else checked_difficulty(difficulty)
    if n < 1 or m < 1:
        raise ArgumentError(f"n and m must be at least 1, got {shown(n)} and {shown(m)}")
    _check_size(n, m, "the grid")
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
        raise ArgumentError(f"found no {n}x{m} puzzle of difficulty {difficulty} in {_GRADE_ATTEMPTS} attempts")
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
    from ._hints import Deducer

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
    from ._hints import Deducer

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

    The image is scaled to ``size`` (rows, columns) and thresholded: a cell
    darker than ``threshold`` (0 black to 1 white) is black. Clues are then
    removed, in an order drawn from ``seed``, while the picture stays the only
    solution, and with ``difficulty`` the puzzle is shaped to that grade as by
    :func:`generate` (``progress`` too). Needs Pillow (``pip install fastpuzzle[image]``).
    ArgumentError when even every clue of the picture leaves it ambiguous (try
    another size or threshold) or no puzzle of the grade is found.
    """
    import random

    n, m = _image_size(size)
    difficulty = None if difficulty is None else checked_difficulty(difficulty)
    rng = random.Random(checked_seed(seed))
    picture = image_picture(path, n, m, threshold)
    if not _unique_with_every_clue(picture):
        raise ArgumentError(
            f"the {n}x{m} picture of {path} is not the only one that fits even all its clues; "
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


def _image_size(size: Any) -> tuple[int, int]:
    """``size`` checked: a pair ``(rows, columns)`` of whole numbers from 1 on, with at most MAX_CELLS cells."""
    if isinstance(size, (str, bytes)) or not hasattr(size, "__len__") or len(size) != 2:
        raise TypeError(f"size must be a pair (rows, columns), got {type(size).__name__}")
    n, m = (checked_count(side, "size", 1) for side in size)
    _check_size(n, m, "size")
    return n, m


def image_picture(path: Union[str, os.PathLike[str]], n: int, m: int, threshold: float = 0.5) -> list[str]:
    """The image at ``path`` as ``n`` rows of ``m`` cells, ``'1'`` where darker than ``threshold``
    (0 black to 1 white): what :func:`from_image` makes a puzzle of. Needs Pillow."""
    import os
    import stat

    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path must be a str or a path, got {type(path).__name__}")
    n, m = _image_size((n, m))
    threshold = _checked_density(threshold, "threshold")
    try:
        from PIL import Image
    except ImportError:
        raise ArgumentError("reading an image needs Pillow: pip install fastpuzzle[image]") from None
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):  # a pipe would be waited on, a device read without end
            raise OSError("not a regular file (a folder, a device or a pipe)")
        with Image.open(path) as image:
            grey = image.convert("L").resize((m, n), Image.Resampling.BOX)
    except Exception as error:  # a decoder's error of any kind (broken PNG: SyntaxError, zlib.error, ...)
        raise ArgumentError(f"cannot read the image {os.fsdecode(path)}: {error}") from None
    levels = grey.tobytes()
    cut = threshold * 255
    return ["".join("1" if levels[r * m + c] < cut else "0" for c in range(m)) for r in range(n)]


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


def _checked_density(density: Any, name: str = "density") -> float:
    """``density`` as a float from 0 to 1: a TypeError for bool and text, ArgumentError outside (NaN too)."""
    from numbers import Real

    if isinstance(density, bool) or not isinstance(density, Real):
        raise TypeError(f"{name} must be a real number, got {type(density).__name__}")
    try:
        value = float(density)
    except OverflowError:  # an int or a fraction beyond any float: far outside 0 to 1
        raise ArgumentError(f"{name} must be from 0 to 1, got {shown(density)}") from None
    if not 0.0 <= value <= 1.0:
        raise ArgumentError(f"{name} must be from 0 to 1, got {value!r}")
    return value


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


# -- for people: hints, the path and the grade ---------------------------------


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
    from fastpuzzle._common.hints import grade as path_grade

    return path_grade(_deducer(puzzle))


def _deducer(puzzle: Union[Puzzle, Sequence[str]], known: Optional[Sequence[str]] = None) -> Deducer:
    from ._hints import Deducer

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
