"""Type stub of the compiled reversi kernel (and of its twin, ``_reversi_py``).

Boards are bit masks, bit ``8 * r + c`` for the cell in row ``r``, column ``c``;
``player`` holds the discs of the side to move, ``opponent`` the other side's.
The facade checks every board, depth and table size before it calls.
"""

from typing import Callable, Optional

#: Bytes of one transposition-table entry.
ENTRY_BYTES: int

class Table:
    """A transposition table of ``2**table_bits`` entries, for Counters to share.

    Counters made with ``Counter(table=...)`` count through it at the same
    time, each in its own thread; the counts stay exact (the compiled kernel
    locks each bucket it reads or writes). The entries are allocated at the
    first count. The table holds the counts of one kind of count (endgame,
    perft in convention A, in B) on one board size with one weight: a count of
    another kind clears it first, and raises RuntimeError while a count of the
    kind it holds still uses it.
    """

    def __init__(self, table_bits: int = 0) -> None: ...
    @property
    def table_bits(self) -> int:
        """log2 of the table's entries; 0 means no table."""
    @property
    def users(self) -> int:
        """How many counts use the table now."""
    def clear(self) -> None:
        """Forget every stored subtree (RuntimeError while a count uses the table)."""

def solve_plain_texts(texts: list[object], most_empties: int, most_table_bits: int) -> list[Optional[str]]:
    """For each item of ``texts``, the contest output (``B W D``, white to move) of a plainly written position
    (a first line ``n``, ``n`` lines of ``-1``/``0``/``1`` one space apart, then only newlines) with at most
    ``most_empties`` empty cells, counted with a table of at most ``most_table_bits`` bits (and its empty cells
    + 4); None for any other item."""

class Counter:
    """Count reversi game trees through a transposition table of ``2**table_bits`` entries.

    The Counter owns its table, or, given ``table``, counts through that
    shared :class:`Table` (``table_bits`` is then the table's, or 0). A Counter
    counts one tree at a time; several Counters on one Table count at the same
    time, each in its own thread. The compiled kernel counts the last few empty
    cells with the copy of its code for the best instructions the CPU has:
    AVX2 (with popcnt, BMI and BMI2), else popcnt, else portable code. With
    ``avx2`` False it keeps to the popcnt copy at best, with
    ``hardware_popcount`` False to the portable one (for tests and timings;
    the answers are the same).
    """

    def __init__(
        self, table_bits: int = 0, *, table: Optional[Table] = None, hardware_popcount: bool = True, avx2: bool = True
    ) -> None: ...
    @property
    def table_bits(self) -> int:
        """log2 of the table's entries; 0 means no table."""
    @property
    def table(self) -> Optional[Table]:
        """The shared Table the Counter counts through; None when it owns its table."""
    @property
    def nodes(self) -> int:
        """Positions visited by the last count (table hits included)."""
    def clear(self) -> None:
        """Forget every stored subtree (RuntimeError while a count uses the table)."""
    def count(
        self,
        n: int,
        player: int,
        opponent: int,
        progress: Optional[Callable[[float], object]] = None,
        weight: int = 1,
        interval: float = 0.1,
        shares: bool = True,
    ) -> tuple[int, int, int]:
        """(mover wins, opponent wins, draws) over every game from the position.

        Every ``interval`` seconds (default: the registry's ``POLL_MS``) the count
        takes the GIL, looks for Ctrl-C and calls ``progress`` with the finished
        share of the work; it calls ``progress`` once more at the end, with 1
        (give or take rounding). Ctrl-C or an exception ``progress`` raises stops
        the count. With ``shares`` False the count does not work out the
        finished share (a few per cent faster; what ``progress`` gets then
        says nothing), for a callback that only decides whether to stop. Each
        leaf adds ``weight``.
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
        shares: bool = True,
    ) -> int:
        """Leaves ``depth`` plies below the position, a pass being one ply.

        ``ended_counts``: a game over before ``depth`` is a leaf (convention A) or not (B).
        ``progress``, ``weight``, ``interval`` and ``shares`` as for :meth:`count`.
        """

def children(n: int, player: int, opponent: int) -> list[tuple[int, int]]:
    """The positions after each move of ``player``, in ascending order of the move's bit.

    Each is (opponent after the flips, player's discs after the move): the side
    to move next first. Empty when ``player`` has no move (a pass is the caller's).
    """

def hardware_popcount() -> bool:
    """Whether counts here use the CPU's popcnt instruction for the last few empty cells.

    The compiled kernel holds copies of that code, a portable one, one for
    popcnt and one for AVX2, and picks at run time; ``Counter(hardware_popcount=False)``
    keeps to the portable copy. The twin never does.
    """

def symmetric_images(n: int, cells: int) -> list[int]:
    """The 8 images of a set of cells under the symmetries of the n x n board (for tests)."""
