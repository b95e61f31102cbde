"""What the grid puzzles' facades share: a checked grid of rows, and search outcomes."""

from __future__ import annotations

from .errors import MultipleSolutionsError, NoSolutionError

TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import Any, Callable, Iterator, Optional, TypeVar

    Solution = tuple[str, ...]
    G = TypeVar("G", bound="Grid")


class Grid:
    """A puzzle's rows, checked when built by the subclass's ``_check_rows``.

    ``n`` is the number of rows; equal rows make equal grids of the same kind.
    """

    __slots__ = ("rows",)

    def __init__(self, rows: Any) -> None:
        self.rows = self._check_rows(rows)

    @staticmethod
    def _check_rows(rows: Any) -> Any:
        raise NotImplementedError

    @classmethod
    def _trusted(cls: type[G], rows: Any) -> G:
        """A grid from rows already known to be valid."""
        grid = cls.__new__(cls)
        grid.rows = rows
        return grid

    @property
    def n(self) -> int:
        """The number of rows."""
        return len(self.rows)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.rows == self.rows

    def __hash__(self) -> int:
        return hash(self.rows)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(rows={self.rows!r})"

    def __str__(self) -> str:
        return "".join(f"{row}\n" for row in self.rows)


def single_solution(
    found: Iterator[Solution], unique: bool, none: str, explain_none: Optional[Callable[[], None]] = None
) -> Solution:
    """The one solution ``found`` yields (the first, unless ``unique``).

    Raises NoSolutionError with ``none`` (after ``explain_none``, which may raise
    a more precise one) or MultipleSolutionsError naming a cell where two differ.
    """
    solutions = []
    for solution in found:
        solutions.append(solution)
        if len(solutions) == (2 if unique else 1):
            break
    if not solutions:
        if explain_none is not None:
            explain_none()
        raise NoSolutionError(none)
    if len(solutions) > 1:
        first, second = solutions
        r, c = next(
            (r, c) for r, (a, b) in enumerate(zip(first, second)) for c in range(len(a)) if a[c] != b[c]
        )
        raise MultipleSolutionsError(
            f"more than one solution: two of them differ at row {r + 1}, column {c + 1}", (first, second)
        )
    return solutions[0]


def walk(
    search: Any, kernel: Any, width: int, budget: int, too_large: Optional[Callable[[], None]] = None
) -> Iterator[Solution]:
    """Every solution of a kernel search, as row strings of ``width`` cells.

    The search runs ``budget`` nodes at a time, so Ctrl-C stays prompt.
    """
    while True:
        status = search.next_solution(budget)
        if status == kernel.SOLUTION:
            cells = search.solution()
            yield tuple(cells[start : start + width] for start in range(0, len(cells), width))
        elif status == kernel.EXHAUSTED:
            return
        elif too_large is not None and status == kernel.TOO_LARGE:
            too_large()
