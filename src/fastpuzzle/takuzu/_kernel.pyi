"""Type stub of the compiled 01-game kernel (and of its twin, ``_takuzu_py``).

A grid goes in as ``cells``: its cells row by row, one byte each, 0, 1 or 2
(blank). The facade checks every cell and side before it calls.

Two searches: :class:`Search` lists the candidate lines of a square grid of
side ``n`` (even, up to ``LIST_MAX_N``) under the distinct rule, and counts open
grids fast; :class:`Learn` takes any even width and height up to ``MAX_N``,
with the distinct rule or without, and learns from its conflicts.
"""

from array import array
from typing import Optional

from fastpuzzle._learning.engine import Engine

def count_candidates(n: int, cells: bytes) -> int:
    """How many candidates all ``2n`` lines start with; the search's memory is proportional."""

def line_digits_of(n: int, ones: int, zeros: int) -> tuple[int, int]:
    """(cells that may hold a 1, cells that may hold a 0) in the valid lines of ``n`` with 1s at ``ones``
    and 0s at ``zeros``, as bit masks; (0, 0) when there is none. The twin has the same."""

def line_reason_of(n: int, ones: int, zeros: int, target: int) -> int:
    """The known cells of a line of ``n`` with no valid completion that still leave it none, dropping
    far cells first (a mask; ``target`` always kept and left out, or -1). The twin has the same."""

def solve_plain_texts(texts: list[object], max_candidates: int, most: int) -> list[Optional[str]]:
    """For each item of ``texts``, the contest output of a plainly written square puzzle of side at most
    ``most`` (a first line N, N rows of ``01_``, then only newlines) that :class:`Search` finds exactly one
    solution of within one poll; None for any other item (not such a text, no, several or too many
    candidates, or not done within the poll)."""

class Search:
    """Enumerate the solutions of a square 01-game grid under the distinct rule, resumably.

    A search whose lines would start with more than ``max_candidates``
    candidates allocates nothing and reports ``Status.TOO_LARGE``.
    """

    def __init__(self, n: int, cells: bytes, max_candidates: int) -> None: ...
    @property
    def nodes(self) -> int:
        """Branches and probes tried so far."""
    @property
    def found(self) -> int:
        """Solutions counted so far by :meth:`count`."""
    def next_solution(self, node_budget: int) -> int:
        """Search on for at most ``node_budget`` more nodes and at most ``POLL_MS`` (the registry's); a :class:`~fastpuzzle.Status` value."""
    def count(self, node_budget: int, limit: int) -> int:
        """Count solutions for at most ``node_budget`` more nodes and at most ``POLL_MS``; SOLUTION once ``found`` reaches ``limit`` (0: none)."""
    def solution(self) -> str:
        """The cells of the solution last reported, row by row, as ``'0'`` and ``'1'``."""

class Learn(Engine):
    """Find the solutions of a 01-game grid of any even width and height one by one, by clause learning, resumably.

    ``distinct``: no two rows and no two columns may be equal. It reports
    ``Status.TOO_LARGE`` only if memory for its clauses runs out. ``learnt_limit``
    (0: one per two cells and 2,000 more) is how many learnt clauses it keeps before it
    first drops some and tries to shorten the rest; tests set it low to exercise that.
    """

    def __init__(self, width: int, height: int, distinct: bool, cells: bytes, learnt_limit: int = 0) -> None: ...
    @property
    def found(self) -> int:
        """Solutions counted so far by :meth:`count`."""
    def next_solution(self, node_budget: int) -> int:
        """Search on for at most ``node_budget`` more nodes and at most ``POLL_MS``; a :class:`~fastpuzzle.Status`
        value. After SOLUTION, the next call first excludes that solution."""
    def count(self, node_budget: int, limit: int) -> int:
        """Count solutions for at most ``node_budget`` more nodes and at most ``POLL_MS``; SOLUTION once ``found`` reaches ``limit`` (0: none)."""
    def exclude(self, picture: bytes, where: bytes) -> None:
        """From now on, only solutions that differ from ``picture`` (0 or 1 per cell) where ``where`` is not 0."""
    def assume(self, cells: bytes, order: Optional[array[int]] = None) -> None:
        """Search from now on with the givens of ``cells`` (0, 1, or 2 for none) as assumptions, decided in
        the order of ``order`` (typecode ``'i'``, each cell once; cell order without it) and taken back at the
        next ``assume``, but for the longest run the last one began with, whose levels stay; EXHAUSTED then
        means no solution with them. What is learnt holds without them."""
    def learn_from(self, other: Learn, most: int) -> None:
        """Add the clauses ``other`` (same sides and rule) has learnt, each less the literals this search's
        level 0 makes false, but those it satisfies and those left longer than ``most``. Sound when what
        ``other`` was told to exclude is implied by this search's givens."""
    def prefer(self, picture: bytes) -> None:
        """Try each cell first with its digit in ``picture`` (0 or 1 per cell)."""

class RowCounter:
    """Count a grid's solutions under the free rule by a dynamic program over rows, without listing them.

    Counts are modulo 2**128. With ``stop_row`` the count stops at the states after that many rows and
    keeps them, for :meth:`meet`.
    """

    width: int
    height: int
    stop_row: int
    def __init__(self, width: int, height: int, cells: bytes, max_bytes: int, stop_row: int = -1) -> None: ...
    def run(self) -> int:
        """Count on for at most ``POLL_MS``: EXHAUSTED once done, PAUSED, or TOO_LARGE past ``max_bytes``."""
    @property
    def total(self) -> int:
        """The grids counted so far, modulo 2**128."""
    @property
    def row(self) -> int:
        """Rows placed."""
    @property
    def states(self) -> int:
        """States held after :attr:`row` rows."""
    def meet(self, bottom: RowCounter) -> int:
        """The grids made of this count's tops (rows 0 .. height/2) and ``bottom``'s (the same rows of the
        grid turned upside down), modulo 2**128."""

class MeetCounter:
    """Count a grid's solutions under the distinct rule, one pair of middle rows at a time, by a meet in the
    middle. ``lines`` is -1 when the rows have more than ``max_lines`` candidate lines in all."""

    width: int
    height: int
    lines: int
    def __init__(self, width: int, height: int, cells: bytes, max_lines: int, max_bytes: int) -> None: ...
    def line(self, number: int) -> int:
        """Line ``number``'s digits, one bit a column (column 0 the lowest)."""
    def candidates(self, row: int) -> list[int]:
        """The numbers of row ``row``'s candidate lines."""
    def count_pair(self, above: int, below: int) -> tuple[int, int]:
        """(EXHAUSTED, the grids whose middle rows are these lines, modulo 2**128), or (TOO_LARGE, 0) past
        ``max_bytes``, or (PAUSED, 0) after :meth:`stop`."""
    def stop(self) -> None:
        """Make every :meth:`count_pair` running, and every one to come, stop at once."""
