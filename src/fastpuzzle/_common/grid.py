"""What the facades share: a checked grid of rows, argument checks, and the search drivers.

The drivers serve every kernel whose ``Search`` reports a
:class:`~fastpuzzle.Status` (the 01 game and pixel placement): listing
solutions, counting them, and proving one unique.
"""

from __future__ import annotations

import operator
from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from functools import lru_cache
from itertools import islice

from fastpuzzle._contract.registry import Status
from fastpuzzle.errors import ArgumentError, MultipleSolutionsError, NoSolutionError, ParseError, PuzzleTooLargeError

from .progress import check_stop
from .text import check_row, is_block, shown

TYPE_CHECKING = False

if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence
    from typing import Any, Callable, Optional, Protocol, TypeVar

    from fastpuzzle._contract.facade import Solution

    G = TypeVar("G", bound="Grid")

    class KernelLister(Protocol):
        """A resumable search of a grid kernel that lists solutions (``Search``, or pixel's ``Learn``)."""

        def next_solution(self, node_budget: int) -> int: ...
        def solution(self) -> str: ...

    class KernelSearch(KernelLister, Protocol):
        """The resumable search of a grid kernel that also counts (``Search`` in its stub)."""

        @property
        def found(self) -> int: ...
        def count(self, node_budget: int, limit: int) -> int: ...


#: Limits at or above this are beyond any count a kernel can enumerate, so they are no limit.
_KERNEL_LIMIT = 1 << 64
# The statuses as plain ints: the drivers compare them once per kernel call.
_EXHAUSTED, _SOLUTION, _PAUSED, _TOO_LARGE = (int(status) for status in Status)


class Grid:
    """A puzzle's rows, checked when built by the subclass's ``_check_rows``.

    ``n`` is the number of rows; equal rows make equal grids of the same kind.
    ``str(grid)`` is the grid in its contest format, which ``parse`` reads back.
    """

    __slots__ = ("rows",)

    def __init__(self, rows: Any) -> None:
        self.rows = self._check_rows(row_tuple(rows))

    @staticmethod
    def _check_rows(rows: tuple[Any, ...]) -> Any:
        """The rows as the grid keeps them; ParseError (unit "row") or TypeError if they are not valid."""
        raise NotImplementedError

    @classmethod
    def _trusted(cls: type[G], rows: Any) -> G:
        """A grid from rows already known to be valid."""
        grid = cls.__new__(cls)
        grid.rows = rows
        return grid

    @classmethod
    def from_rows(cls: type[G], rows: Any) -> G:
        """A grid from a sequence of rows, checked like ``parse`` checks text (or ``rows`` itself if a grid).

        Errors name the row (1-based) and column of the first problem.
        """
        return rows if isinstance(rows, cls) else cls(rows)

    @property
    def n(self) -> int:
        """The number of rows."""
        return len(self.rows)

    def _header(self) -> str:
        """The contest format's lines before the rows."""
        return ""

    @staticmethod
    def _row_text(row: Any) -> str:
        return str(row)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.rows == self.rows

    def __hash__(self) -> int:
        return hash(self.rows)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(rows={self.rows!r})"

    def __str__(self) -> str:
        return self._header() + "".join(self._row_text(row) + "\n" for row in self.rows)


#: The most rows any grid has; an iterable is read no further than one row past it.
MOST_ROWS = 10_000


def row_tuple(rows: Any) -> tuple[Any, ...]:
    """``rows`` as a tuple; a TypeError for text (which ``parse`` reads) or anything but a sequence.

    At most MOST_ROWS + 1 rows are read (an endless iterator is an error, not a hang): more is a
    ParseError at the row past the limit.
    """
    if isinstance(rows, (str, bytes, bytearray)):
        raise TypeError(f"expected a sequence of rows, found {type(rows).__name__}; use parse() for contest text")
    if isinstance(rows, (Mapping, AbstractSet)):
        raise TypeError(f"expected a sequence of rows, found {type(rows).__name__}, which has no row order")
    try:
        taken = tuple(rows) if type(rows) in (tuple, list) else tuple(islice(rows, MOST_ROWS + 1))
    except TypeError:
        raise TypeError(f"expected a sequence of rows, found {type(rows).__name__}") from None
    if len(taken) > MOST_ROWS:
        raise ParseError(f"expected at most {MOST_ROWS} rows, found more", MOST_ROWS + 1, 1, unit="row")
    return taken


def check_row_count(count: int, valid: bool, expected: str) -> None:
    """Unless ``valid``, a ParseError at row 1, column 1: ``expected`` rows, ``count`` found."""
    if not valid:
        raise ParseError(f"expected {expected}, found {count}", 1, 1, unit="row")


def check_text_rows(rows: Sequence[Any], width: int, alphabet: str) -> None:
    """Each row is a string of ``width`` characters from ``alphabet`` (TypeError, ParseError)."""
    for r, row in enumerate(rows, start=1):
        if not isinstance(row, str):
            raise TypeError(f"row {r} is {type(row).__name__}, expected str")
        check_row(row, width, alphabet, r, unit="row")


def is_integer(value: Any) -> bool:
    """Whether ``value`` is a whole number: an int or a NumPy integer, but no bool of either kind."""
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        return False
    dtype = getattr(value, "dtype", None)
    return dtype is None or dtype.kind != "b"


def checked_count(value: Any, name: str, low: int = 0) -> int:
    """``value`` as a whole number of at least ``low``: a TypeError for bool, float and text, ArgumentError below ``low``."""
    if not is_integer(value):
        raise TypeError(f"{name} must be an integer, got {type(value).__name__}")
    number = operator.index(value)
    if number < low:
        raise ArgumentError(f"{name} must be at least {low}, got {shown(number)}")
    return number


def checked_seed(seed: Any) -> Optional[int]:
    """A generator's ``seed``: None or a whole number (a NumPy integer too), never a bool, float or text."""
    if seed is None:
        return None
    if not is_integer(seed):
        raise TypeError(f"seed must be an integer or None, got {type(seed).__name__}")
    return operator.index(seed)


def checked_choice(value: Any, name: str, choices: tuple[str, ...]) -> str:
    """``value`` if it is one of ``choices``: a TypeError for anything but a str, ArgumentError for another str."""
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, got {type(value).__name__}")
    if value not in choices:
        expected = " or ".join(repr(choice) for choice in choices)
        raise ArgumentError(f"{name} must be {expected}, got {value!r}")
    return value


def solution_rows(solution: Any) -> tuple[str, ...]:
    """A grid solution's rows: strings of ``'0'`` and ``'1'``, all of one length.

    TypeError for anything but a sequence of str; a ParseError naming the row
    and column (1-based) of the first problem otherwise.
    """
    rows = solution if type(solution) is tuple else row_tuple(solution)
    if rows and type(rows[0]) is str and rows[0]:
        width = len(rows[0])
        if set(map(type, rows)) == {str} and set(map(len, rows)) == {width} and not "".join(rows).strip("01"):
            return rows  # the usual case: what solve() gives
    check_row_count(len(rows), len(rows) >= 1, "at least 1 row")
    width = len(rows[0]) if isinstance(rows[0], str) else 1
    if width == 0:
        raise ParseError("expected at least 1 column, found 0", 1, 1, unit="row")
    check_text_rows(rows, width, "01")
    return rows


def solution_text(solution: Any) -> str:
    """A grid solution's contest output: its rows, each ending in a newline, checked as :func:`solution_rows` checks them."""
    if type(solution) is tuple and solution and type(solution[0]) is str:
        try:
            body = "\n".join(solution)
        except TypeError:
            body = ""
        if is_block(body, len(solution), len(solution[0]), "01"):
            return body + "\n"
    return "\n".join(solution_rows(solution)) + "\n"


def single_solution(found: list[Solution], none: str, explain_none: Optional[Callable[[], None]] = None) -> Solution:
    """The one solution in ``found``, what :func:`first_solutions` gave: 2 asked to prove it unique, else 1.

    Raises NoSolutionError with ``none`` (after ``explain_none``, which may raise
    a more precise one) or MultipleSolutionsError naming a cell where two differ.
    """
    if len(found) == 1:
        return found[0]  # the usual case
    if not found:
        if explain_none is not None:
            explain_none()
        raise NoSolutionError(none)
    first, second = found
    r, c = next((r, c) for r, (a, b) in enumerate(zip(first, second)) for c in range(len(a)) if a[c] != b[c])
    raise MultipleSolutionsError(
        f"more than one solution: two of them differ at row {r + 1}, column {c + 1}", (first, second)
    )


@lru_cache(maxsize=256)
def row_cutter(width: int, size: int) -> Callable[[str], Solution]:
    """A function that cuts a solution's ``size`` cells into its rows of ``width`` (at C speed)."""
    if size == width:
        return lambda cells: (cells,)
    return operator.itemgetter(*[slice(start, start + width) for start in range(0, size, width)])


def walk(search: KernelLister, width: int, budget: int, too_large: Callable[[], str]) -> Iterator[Solution]:
    """Every solution of a kernel search, as row strings of ``width`` cells.

    Each kernel call runs at most ``budget`` nodes and at most POLL_MS (the
    registry's), so Ctrl-C stays prompt; a kernel's TOO_LARGE becomes
    PuzzleTooLargeError(``too_large()``).
    """
    while True:
        status = search.next_solution(budget)
        if status == _SOLUTION:
            cells = search.solution()
            yield row_cutter(width, len(cells))(cells)
        elif status == _EXHAUSTED:
            return
        elif status == _TOO_LARGE:
            raise PuzzleTooLargeError(too_large())
        else:
            check_stop()


def first_solutions(
    search: KernelLister, width: int, budget: int, wanted: int, too_large: Callable[[], str]
) -> list[Solution]:
    """The first ``wanted`` solutions of a kernel search (fewer if it has fewer), as :func:`walk` gives them.

    :func:`walk` without a generator's cost per call, for ``solve``.
    """
    found: list[Solution] = []
    while len(found) < wanted:
        status = search.next_solution(budget)
        if status == _SOLUTION:
            cells = search.solution()
            found.append(row_cutter(width, len(cells))(cells))
        elif status == _EXHAUSTED:
            break
        elif status == _TOO_LARGE:
            raise PuzzleTooLargeError(too_large())
        else:
            check_stop()
    return found


def count(search: KernelSearch, limit: Optional[int], budget: int, too_large: Callable[[], str]) -> int:
    """The solutions of a kernel search, or ``limit`` (checked, or None) if there are at least that many."""
    if limit == 0:
        return 0
    kernel_limit = limit if limit is not None and limit < _KERNEL_LIMIT else 0
    while (status := search.count(budget, kernel_limit)) == _PAUSED:
        check_stop()
    if status == _TOO_LARGE:
        raise PuzzleTooLargeError(too_large())
    found = int(search.found)
    return found if limit is None else min(found, limit)


def checked_fraction(density: Any, name: str) -> float:
    """``density`` (called ``name`` in messages) as a float from 0 to 1: a TypeError for bool and text, ArgumentError outside (NaN too)."""
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
