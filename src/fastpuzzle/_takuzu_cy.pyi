"""Type stub of the compiled 01-game kernel (and of its twin, ``_takuzu_py``).

A grid of side ``n`` goes in as ``cells``: ``n * n`` bytes row by row, each
0, 1 or 2 (blank). The facade checks every cell and side before it calls.
"""

def count_candidates(n: int, cells: bytes) -> int:
    """How many candidates all ``2n`` lines start with; the search's memory is proportional."""

class Search:
    """Enumerate the solutions of a 01-game grid, resumably.

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
