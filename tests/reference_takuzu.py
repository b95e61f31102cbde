"""Deliberately simple references for the puzzles' rules, sharing no code with fastpuzzle."""

from __future__ import annotations

from functools import cache
from itertools import product


def takuzu_line_ok(line: str) -> bool:
    """A complete line obeys rules 1 and 2."""
    return "000" not in line and "111" not in line and line.count("0") == line.count("1")


def takuzu_grid_ok(rows: tuple[str, ...]) -> bool:
    """A complete grid obeys all three rules."""
    columns = tuple("".join(column) for column in zip(*rows))
    return (
        all(takuzu_line_ok(line) for line in rows + columns)
        and len(set(rows)) == len(rows)
        and len(set(columns)) == len(columns)
    )


@cache
def takuzu_all_grids(n: int) -> tuple[tuple[str, ...], ...]:
    """Every valid complete n x n grid, by brute force over valid rows (n <= 6)."""
    rows = ["".join(bits) for bits in product("01", repeat=n) if takuzu_line_ok("".join(bits))]
    grids = []

    def extend(prefix: tuple[str, ...]) -> None:
        if len(prefix) == n:
            if takuzu_grid_ok(prefix):
                grids.append(prefix)
            return
        for row in rows:
            candidate = (*prefix, row)
            columns = ["".join(column) for column in zip(*candidate)]
            if all(
                "000" not in c and "111" not in c and c.count("0") <= n // 2 and c.count("1") <= n // 2 for c in columns
            ):
                extend(candidate)

    extend(())
    return tuple(grids)


def agrees(puzzle: tuple[str, ...], grid: tuple[str, ...]) -> bool:
    """Every given of ``puzzle`` (``_`` is blank) stands in ``grid``."""
    return all(given in ("_", cell) for row, line in zip(puzzle, grid) for given, cell in zip(row, line))


def takuzu_solutions(puzzle: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Every valid grid agreeing with the givens of ``puzzle``."""
    return [grid for grid in takuzu_all_grids(len(puzzle)) if agrees(puzzle, grid)]
