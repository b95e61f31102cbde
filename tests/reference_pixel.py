"""A deliberately simple reference for pixel placement, sharing no code with fastpuzzle.

``pixel_brute_force`` tries every picture (for tiny grids); ``pixel_count`` and
``pixel_solutions`` go row by row, checking each clue row once the row below it
is placed, which is plain enough to trust and fast enough for 5x5 grids.
"""

from __future__ import annotations

from itertools import product
from typing import Optional


def block_black(picture: tuple[str, ...], r: int, c: int) -> int:
    """Black cells of the clipped 3x3 block centred on ``(r, c)``."""
    n, m = len(picture), len(picture[0])
    return sum(
        picture[i][j] == "1" for i in range(r - 1, r + 2) for j in range(c - 1, c + 2) if 0 <= i < n and 0 <= j < m
    )


def pixel_clues_hold(puzzle: tuple[str, ...], picture: tuple[str, ...]) -> bool:
    """Every digit of ``puzzle`` counts the black cells of its block in ``picture``."""
    return all(
        clue == "_" or block_black(picture, r, c) == int(clue)
        for r, row in enumerate(puzzle)
        for c, clue in enumerate(row)
    )


def pixel_brute_force(puzzle: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Every picture that satisfies ``puzzle``, trying all ``2 ** (n * m)`` of them."""
    n, m = len(puzzle), len(puzzle[0])
    found = []
    for bits in product("01", repeat=n * m):
        picture = tuple("".join(bits[r * m : (r + 1) * m]) for r in range(n))
        if pixel_clues_hold(puzzle, picture):
            found.append(picture)
    return found


def _row_ok(puzzle: tuple[str, ...], r: int, above: Optional[str], row: str, below: Optional[str]) -> bool:
    """The clues of row ``r`` hold, given that row and its neighbours (None past the border)."""
    window = tuple(line for line in (above, row, below) if line is not None)
    centre = 0 if above is None else 1
    return all(clue == "_" or block_black(window, centre, c) == int(clue) for c, clue in enumerate(puzzle[r]))


def pixel_count(puzzle: tuple[str, ...]) -> int:
    """The number of solutions, by dynamic programming over the last two rows."""
    n, m = len(puzzle), len(puzzle[0])
    rows = ["".join(bits) for bits in product("01", repeat=m)]
    counts: dict[tuple[Optional[str], str], int] = {(None, row): 1 for row in rows}
    for r in range(1, n):
        following: dict[tuple[Optional[str], str], int] = {}
        for (above, row), ways in counts.items():
            for below in rows:
                if _row_ok(puzzle, r - 1, above, row, below):
                    following[row, below] = following.get((row, below), 0) + ways
        counts = following
    return sum(ways for (above, row), ways in counts.items() if _row_ok(puzzle, n - 1, above, row, None))


def pixel_solutions(puzzle: tuple[str, ...], limit: int = 10**9) -> list[tuple[str, ...]]:
    """Up to ``limit`` solutions, by backtracking over whole rows."""
    n, m = len(puzzle), len(puzzle[0])
    rows = ["".join(bits) for bits in product("01", repeat=m)]
    found: list[tuple[str, ...]] = []

    def extend(placed: tuple[str, ...]) -> None:
        r = len(placed)
        if len(found) >= limit:
            return
        if r == n:
            if _row_ok(puzzle, n - 1, placed[-2] if n > 1 else None, placed[-1], None):
                found.append(placed)
            return
        for row in rows:
            if r >= 1 and not _row_ok(puzzle, r - 1, placed[-2] if r > 1 else None, placed[-1], row):
                continue
            extend((*placed, row))

    extend(())
    return found


def pixel_clues_of(picture: tuple[str, ...]) -> tuple[str, ...]:
    """The full clue grid of ``picture``: every cell shows its block's black count."""
    return tuple("".join(str(block_black(picture, r, c)) for c in range(len(row))) for r, row in enumerate(picture))
