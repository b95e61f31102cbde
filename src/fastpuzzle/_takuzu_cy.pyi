"""Type stub of the compiled 01-game kernel (and of its twin, ``_takuzu_py``)."""

MAX_N: int
EXHAUSTED: int
SOLUTION: int
PAUSED: int

def count_candidates(n: int, cells: str) -> int:
    """How many candidates all ``2n`` lines start with; the search's memory is proportional."""

class Search:
    """Enumerate the solutions of a 01-game grid, resumably."""

    def __init__(self, n: int, cells: str) -> None: ...
    @property
    def nodes(self) -> int:
        """Branches and probes tried so far."""
    @property
    def found(self) -> int:
        """Solutions counted so far by :meth:`count`."""
    def next_solution(self, node_budget: int) -> int:
        """Search on for at most ``node_budget`` more nodes; SOLUTION, EXHAUSTED or PAUSED."""
    def count(self, node_budget: int, limit: int) -> int:
        """Count solutions for at most ``node_budget`` more nodes; SOLUTION at ``limit``."""
    def solution(self) -> str:
        """The cells of the solution last reported, row by row, as ``'0'`` and ``'1'``."""
