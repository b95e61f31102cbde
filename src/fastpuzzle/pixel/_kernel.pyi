"""Type stub of the compiled pixel-placement kernel (and of its twin, ``_pixel_py``)."""

from typing import Optional

from fastpuzzle._learning.engine import Engine

#: The cell code of a cell without a clue (255); a clue's code is its digit, 0 to 9.
NO_CLUE: int
#: Bytes of memory a memo state takes at most, the table's doubling included (96): a wide
#: count pays with more states, so ``max_states * STATE_BYTES`` bounds the memo for a
#: power-of-two ``max_states`` (up to twice that otherwise, the table's size being a power of two).
STATE_BYTES: int
#: Whether the preconditions of ``Search`` are checked (assertions compiled in, no ``python -O``).
ASSERTIONS: bool

def solve_plain_texts(texts: list[object], most: int) -> list[Optional[str]]:
    """For each item of ``texts``, the contest output of a plainly written puzzle of at most ``most`` rows
    and columns and MAX_CELLS cells (a first line ``n m``, ``n`` rows of digits and ``_``, then only newlines; every clue at most
    its block) that :class:`Learn` finds exactly one solution of within one poll each; None for any other
    item (not such a text, no or several solutions, or not done within the poll)."""

class Search:
    """List or count the solutions of a pixel-placement grid, resumably.

    ``cells`` holds the ``n * m`` cell codes row by row: a clue's digit 0 to 9, or
    ``NO_CLUE``; ``n, m >= 1``, ``n * m <= MAX_CELLS``, ``max_states >= 1``. These
    preconditions are only asserted: the facade validates user input. Counts are exact
    however large; a remembered state whose count passes 64 bits costs ``1 + ceil(limbs / 4)``
    of ``max_states``, ``limbs`` being the 64-bit words its position's counts can need.
    The scan runs along the narrower side (a wider grid is transposed; solutions come back
    row by row as given). Where that side passes 63 and some position's key would need a
    cell more than 128 cells back, every call returns TOO_LARGE.
    """

    def __init__(self, n: int, m: int, cells: bytes, max_states: int) -> None: ...
    @property
    def nodes(self) -> int:
        """Nodes entered and branches tried so far."""
    @property
    def found(self) -> int:
        """Solutions counted (or listed) so far, exactly."""
    @property
    def states(self) -> int:
        """(position, window) states in the memo."""
    def next_solution(self, node_budget: int) -> int:
        """Search on for at most ``node_budget`` more nodes and at most ``POLL_MS`` (the registry's); SOLUTION, EXHAUSTED, PAUSED or TOO_LARGE.

        Asserts that the Search is not counting.
        """
    def count(self, node_budget: int, limit: int) -> int:
        """Count solutions for at most ``node_budget`` more nodes and at most ``POLL_MS``; SOLUTION once ``found`` reaches ``limit``.

        ``limit`` is any int >= 0 (0: no limit). Asserts that the Search is not listing.
        """
    def solution(self) -> str:
        """The cells of the solution last reported, row by row, as ``'0'`` and ``'1'``."""

class Learn(Engine):
    """Find the solutions one by one by clause learning (CDCL), resumably; it does not count.

    The same ``n``, ``m`` and ``cells`` as ``Search`` (asserted, not checked). Clues
    propagate as counts, each conflict is learnt as a clause, the most active cell
    is decided next (VSIDS) in its last colour, and the search restarts on the Luby
    sequence. It keeps no states: TOO_LARGE only if memory for clauses runs out.
    """

    def __init__(self, n: int, m: int, cells: bytes, probe: bool = True) -> None:
        """``probe=False`` skips probing every cell at the root (the same solutions, perhaps in another order)."""
    def next_solution(self, node_budget: int) -> int:
        """Search on for at most ``node_budget`` more nodes and at most ``POLL_MS``; SOLUTION, EXHAUSTED or PAUSED.

        After a SOLUTION, the next call first excludes that picture.
        """
    def exclude(self, picture: bytes, where: bytes) -> None:
        """From now on, find only solutions that differ from ``picture`` (0 or 1 per cell, row
        by row) in at least one cell where ``where`` is not 0."""
    def prefer(self, picture: bytes) -> None:
        """Try each cell first in its colour in ``picture`` (0 or 1 per cell, row by row)."""
