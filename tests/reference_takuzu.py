"""Deliberately simple references for the puzzles' rules, sharing no code with fastpuzzle."""

from __future__ import annotations

from functools import cache
from itertools import product


def takuzu_line_ok(line: str) -> bool:
    """A complete line obeys rules 1 and 2."""
    return "000" not in line and "111" not in line and line.count("0") == line.count("1")


def takuzu_grid_ok(rows: tuple[str, ...], unique_rows: bool = True) -> bool:
    """A complete grid obeys rules 1 and 2, and rule 3 (no equal rows, no equal columns) under ``unique_rows``."""
    columns = tuple("".join(column) for column in zip(*rows))
    return all(takuzu_line_ok(line) for line in rows + columns) and (
        not unique_rows or (len(set(rows)) == len(rows) and len(set(columns)) == len(columns))
    )


@cache
def takuzu_all_grids(width: int, height: int | None = None, unique_rows: bool = True) -> tuple[tuple[str, ...], ...]:
    """Every valid complete grid of ``width`` x ``height`` (square when ``height`` is None), by brute
    force over valid rows (keep ``width * height`` small: 36 cells or so)."""
    height = width if height is None else height
    rows = ["".join(bits) for bits in product("01", repeat=width) if takuzu_line_ok("".join(bits))]
    grids = []

    def extend(prefix: tuple[str, ...]) -> None:
        if len(prefix) == height:
            if takuzu_grid_ok(prefix, unique_rows):
                grids.append(prefix)
            return
        for row in rows:
            candidate = (*prefix, row)
            columns = ["".join(column) for column in zip(*candidate)]
            if all(
                "000" not in c and "111" not in c and c.count("0") <= height // 2 and c.count("1") <= height // 2
                for c in columns
            ):
                extend(candidate)

    extend(())
    return tuple(grids)


def agrees(puzzle: tuple[str, ...], grid: tuple[str, ...]) -> bool:
    """Every given of ``puzzle`` (``_`` is blank) stands in ``grid``."""
    return all(given in ("_", cell) for row, line in zip(puzzle, grid) for given, cell in zip(row, line))


def takuzu_solutions(puzzle: tuple[str, ...], unique_rows: bool = True) -> list[tuple[str, ...]]:
    """Every valid grid agreeing with the givens of ``puzzle``."""
    return [grid for grid in takuzu_all_grids(len(puzzle[0]), len(puzzle), unique_rows) if agrees(puzzle, grid)]
