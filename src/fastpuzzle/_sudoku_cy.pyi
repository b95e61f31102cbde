"""Type stub of the compiled binary-sudoku kernel (and of its twin, ``_sudoku_py``).

A grid is 9 row masks (ints from 0 to 511; bit ``8 - c`` is column ``c``, so
``int(row, 2)``) or 9 strings of 9 ``'0'``/``'1'``; a row may be either.
"""

from typing import Any, Sequence, Union

MAX_ANSWER: int

class GridError(ValueError):
    """The argument is not a grid."""

def solve(grid: Sequence[Union[int, str]]) -> tuple[int, list[int]]:
    """The fewest toggles and one optimal set of them, as 9 row masks (the row DP)."""

def min_toggles(grid: Sequence[Union[int, str]]) -> int:
    """The fewest toggles for one grid, from its parity signature."""

def key_of(grid: Sequence[Union[int, str]]) -> int:
    """The answer-table key (18 bits) of a grid."""

class Table:
    """The answer for every parity signature, for counting many grids fast."""

    def __init__(self) -> None: ...
    def __getitem__(self, key: int) -> int:
        """The answer for a table key (0 <= key < 2**18)."""
    def count_grids(self, grids: Sequence[Any], out: Any) -> int:
        """Write each grid's answer into the writable byte buffer ``out``; return how many were counted."""
    def count_cells(self, cells: Any, out: Any) -> int:
        """Count grids of 81 bytes (0/1) each from the buffer ``cells`` into ``out``; return how many."""
