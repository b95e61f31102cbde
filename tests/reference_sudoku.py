"""Deliberately simple references for binary sudoku, sharing no code with fastpuzzle.

Two ways to the minimum that owe nothing to the row DP or to the signature table:
an iterative-deepening search over the 27 parity constraints, and plain brute
force over every set of cells up to a given size.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

Cell = tuple[int, int]  # (row, column), 0-based

ALL_CELLS: list[Cell] = [(r, c) for r in range(9) for c in range(9)]


def units(rows: tuple[str, ...]) -> list[str]:
    """The 27 units of a grid: 9 rows, 9 columns, 9 boxes, as strings."""
    columns = ["".join(row[c] for row in rows) for c in range(9)]
    boxes = [
        "".join(rows[r][c] for r in range(br, br + 3) for c in range(bc, bc + 3))
        for br in (0, 3, 6)
        for bc in (0, 3, 6)
    ]
    return list(rows) + columns + boxes


def is_even(rows: tuple[str, ...]) -> bool:
    """Every row, column and box holds an even number of 1s."""
    return all(unit.count("1") % 2 == 0 for unit in units(rows))


def toggled(rows: tuple[str, ...], cells: list[Cell]) -> tuple[str, ...]:
    """The grid with each of ``cells`` (0-based) flipped once per mention."""
    grid = [list(row) for row in rows]
    for r, c in cells:
        grid[r][c] = "1" if grid[r][c] == "0" else "0"
    return tuple("".join(row) for row in grid)


def signature(rows: tuple[str, ...]) -> int:
    """Bit u is set when unit u is odd (rows 0-8, columns 9-17, boxes 18-26)."""
    return sum(1 << u for u, unit in enumerate(units(rows)) if unit.count("1") % 2)


def cell_effect(r: int, c: int) -> int:
    """The units a toggle at (r, c) changes, as a signature."""
    return 1 << r | 1 << (9 + c) | 1 << (18 + 3 * (r // 3) + c // 3)


def unit_cells(unit: int) -> list[Cell]:
    """The cells of unit ``unit`` (numbered as in :func:`signature`)."""
    if unit < 9:
        return [(unit, c) for c in range(9)]
    if unit < 18:
        return [(r, unit - 9) for r in range(9)]
    box = unit - 18
    return [(3 * (box // 3) + r, 3 * (box % 3) + c) for r in range(3) for c in range(3)]


def lower_bound(sig: int) -> int:
    """Toggles still needed at least: a band (stack) needs one per odd row (column) and per odd box in it."""
    bands = stacks = 0
    for k in range(3):
        rows = bin(sig >> (3 * k) & 7).count("1")
        boxes_in_band = bin(sig >> (18 + 3 * k) & 7).count("1")
        bands += max(rows, boxes_in_band)
        columns = bin(sig >> (9 + 3 * k) & 7).count("1")
        boxes_in_stack = sum(sig >> (18 + 3 * b + k) & 1 for b in range(3))
        stacks += max(columns, boxes_in_stack)
    return max(bands, stacks)


def min_toggles_search(rows: tuple[str, ...]) -> tuple[int, list[Cell]]:
    """The minimum by iterative deepening, with one optimal set of cells (0-based).

    Any set that fixes the grid has a cell in the first odd unit; try each, and
    recurse on what is left, within a budget that grows by one until it suffices.
    """
    return _search(signature(rows))


@cache
def _search(start: int) -> tuple[int, list[Cell]]:
    budget = lower_bound(start)
    while True:
        failed: set[tuple[int, int]] = set()
        chosen: list[Cell] = []

        def fits(sig: int, left: int) -> bool:
            if sig == 0:
                return True
            if lower_bound(sig) > left or (sig, left) in failed:
                return False
            first = (sig & -sig).bit_length() - 1
            for r, c in unit_cells(first):
                chosen.append((r, c))
                if fits(sig ^ cell_effect(r, c), left - 1):
                    return True
                chosen.pop()
            failed.add((sig, left))
            return False

        if fits(start, budget):
            return budget, chosen
        budget += 1


def min_toggles_brute(rows: tuple[str, ...], limit: int) -> int | None:
    """The size of the smallest set of at most ``limit`` cells that fixes the grid, or None."""
    target = signature(rows)
    effects = [cell_effect(r, c) for r, c in ALL_CELLS]
    for size in range(limit + 1):
        for chosen in combinations(effects, size):
            total = 0
            for effect in chosen:
                total ^= effect
            if total == target:
                return size
    return None
