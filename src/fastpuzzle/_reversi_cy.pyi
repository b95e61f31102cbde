"""Type stub of the compiled reversi kernel (and of its twin, ``_reversi_py``).

Boards are bit masks, bit ``8 * r + c`` for the cell in row ``r``, column ``c``;
``player`` holds the discs of the side to move, ``opponent`` the other side's.
The facade checks every board, depth and table size before it calls.
"""

from typing import Callable, Optional

#: Bytes of one transposition-table entry.
ENTRY_BYTES: int

class Counter:
    """Count reversi game trees; owns a transposition table of ``2**table_bits`` entries."""

    def __init__(self, table_bits: int = 0) -> None: ...
    @property
    def table_bits(self) -> int:
        """log2 of the table's entries; 0 means no table."""
    @property
    def nodes(self) -> int:
        """Positions visited by the last count (table hits included)."""
    def clear(self) -> None:
        """Forget every stored subtree."""
    def count(
        self,
        n: int,
        player: int,
        opponent: int,
        progress: Optional[Callable[[float], object]] = None,
        weight: int = 1,
        interval: float = 0.1,
    ) -> tuple[int, int, int]:
        """(mover wins, opponent wins, draws) over every game from the position.

        Every ``interval`` seconds (default: the registry's ``POLL_MS``) the count
        takes the GIL, looks for Ctrl-C and calls ``progress`` with the finished
        share of the work; it calls ``progress`` once more at the end, with 1
        (give or take rounding). Ctrl-C or an exception ``progress`` raises stops
        the count. Each leaf adds ``weight``.
        """
    def perft(
        self,
        n: int,
        player: int,
        opponent: int,
        depth: int,
        ended_counts: bool,
        progress: Optional[Callable[[float], object]] = None,
        weight: int = 1,
        interval: float = 0.1,
    ) -> int:
        """Leaves ``depth`` plies below the position, a pass being one ply.

        ``ended_counts``: a game over before ``depth`` is a leaf (convention A) or not (B).
        ``progress``, ``weight`` and ``interval`` as for :meth:`count`.
        """

def children(n: int, player: int, opponent: int) -> list[tuple[int, int]]:
    """The positions after each move of ``player``, in ascending order of the move's bit.

    Each is (opponent after the flips, player's discs after the move): the side
    to move next first. Empty when ``player`` has no move (a pass is the caller's).
    """

def symmetric_images(n: int, cells: int) -> list[int]:
    """The 8 images of a set of cells under the symmetries of the n x n board (for tests)."""
