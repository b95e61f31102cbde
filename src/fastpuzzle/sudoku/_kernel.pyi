"""Type stub of the compiled binary-sudoku kernel (and of its twin, ``_sudoku_py``).

A grid is a tuple of 9 row masks (ints from 0 to 511; bit ``8 - c`` is column
``c``, so ``int(row, 2)``). The facade checks every grid before it calls.
"""

from typing import Any

def solve(grid: tuple[int, ...]) -> tuple[int, list[int]]:
    """The fewest toggles and one optimal set of them, as 9 row masks (the row DP)."""

def min_toggles(grid: tuple[int, ...]) -> int:
    """The fewest toggles for one grid, from its parity signature."""

def plain_min_toggles(grid: Any) -> int:
    """The fewest toggles of a grid in the plain form (a list or tuple of 9 rows, each a str of 9
    '0'/'1' or an int from 0 to 511, exact types), or -1 if ``grid`` has another form."""

def key_of(grid: tuple[int, ...]) -> int:
    """The answer-table key (18 bits) of a grid."""

class Table:
    """The answer for every parity signature, for counting many grids fast."""

    def __init__(self) -> None: ...
    def __getitem__(self, key: int) -> int:
        """The answer for a table key (0 <= key < 2**18)."""
    def count_masks(self, masks: Any, out: Any) -> None:
        """Count grids of 9 row masks each (a buffer of uint16) into the byte buffer ``out``."""
    def count_plain(self, grids: list[Any], start: int, stop: int, out: Any) -> int:
        """Count ``grids[start:stop]`` into ``out[start:stop]`` while each is in the plain form; the
        index of the first that is not (or that the list no longer holds), or ``stop``."""
    def printed_texts(self, texts: list[Any], printed: tuple[str, ...]) -> list[Any]:
        """For each item of ``texts``: ``printed[its answer]`` if it is a plainly written contest text (9 lines
        of 9 ``0``/``1`` ending in a newline, then only newlines), else None."""
    def count_cells(self, cells: Any, out: Any) -> None:
        """Count grids of 81 bytes (0/1) each from the buffer ``cells`` into ``out``."""
