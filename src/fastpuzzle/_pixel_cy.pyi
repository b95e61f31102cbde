"""Type stub of the compiled pixel-placement kernel (and of its twin, ``_pixel_py``)."""

MAX_N: int
MAX_STATES: int
EXHAUSTED: int
SOLUTION: int
PAUSED: int
TOO_LARGE: int

class Search:
    """List or count the solutions of a pixel-placement grid, resumably."""

    def __init__(self, n: int, m: int, cells: str, max_states: int = ...) -> None: ...
    @property
    def nodes(self) -> int:
        """Nodes entered and branches tried so far."""
    @property
    def found(self) -> int:
        """Solutions counted (or listed) so far."""
    @property
    def states(self) -> int:
        """(position, window) states in the memo."""
    def next_solution(self, node_budget: int) -> int:
        """Search on for at most ``node_budget`` more nodes; SOLUTION, EXHAUSTED, PAUSED or TOO_LARGE."""
    def count(self, node_budget: int, limit: int) -> int:
        """Count solutions for at most ``node_budget`` more nodes; SOLUTION once ``found`` reaches ``limit``."""
    def solution(self) -> str:
        """The cells of the solution last reported, row by row, as ``'0'`` and ``'1'``."""
