"""Benchmarks of the 01 game, one group per size class.

Each round solves every puzzle of the class and proves its solution unique:
through the kernel interface on the compiled kernel and on the pure-Python
twin, and through the facade's :func:`takuzu.solve` on the compiled kernel.
"""

from __future__ import annotations

import time
from types import ModuleType
from typing import TYPE_CHECKING

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from fastpuzzle import _takuzu_cy, _takuzu_py, takuzu

if TYPE_CHECKING:
    from conftest import PuzzleSet

NODE_BUDGET = 1 << 12
#: Slowest single puzzle, in seconds, at which the twin is still benchmarked.
TWIN_LIMIT = 2.0


def search_all(kernel: ModuleType, n: int, cells: str) -> list[str]:
    """Every solution ``kernel.Search`` finds, running it until EXHAUSTED."""
    search = kernel.Search(n, cells)
    found = []
    while (status := search.next_solution(NODE_BUDGET)) != kernel.EXHAUSTED:
        if status == kernel.SOLUTION:
            found.append(search.solution())
    return found


def assert_solves(n: int, cells: str, solution: str) -> None:
    """Fail unless the row-major ``solution`` obeys the rules and keeps the givens of ``cells``."""
    rows = [solution[r * n : (r + 1) * n] for r in range(n)]
    columns = [solution[c::n] for c in range(n)]
    for lines in (rows, columns):
        assert len(set(lines)) == n, f"repeated lines in {lines}"
        for line in lines:
            assert line.count("1") == n // 2, f"unbalanced line {line}"
            assert "000" not in line and "111" not in line, f"run of 3 in {line}"
    assert all(given in ("_", cell) for given, cell in zip(cells, solution)), "givens changed"


def label(benchmark: BenchmarkFixture, puzzles: PuzzleSet) -> None:
    """Put the benchmark in its size class's group and note what it times."""
    benchmark.group = f"takuzu N={puzzles.n}"
    benchmark.extra_info.update(puzzles=len(puzzles.puzzles), digest=puzzles.digest)


def test_search(benchmark: BenchmarkFixture, implementation: ModuleType, puzzles: PuzzleSet) -> None:
    """Kernel interface: build the Search, find the solution, run on to EXHAUSTED."""
    n = puzzles.n
    if implementation is _takuzu_py:
        start = time.perf_counter()
        search_all(implementation, n, puzzles.cells[0])
        elapsed = time.perf_counter() - start
        if elapsed > TWIN_LIMIT:
            pytest.skip(f"twin too slow at N={n}: {elapsed:.1f} s for one puzzle (limit {TWIN_LIMIT} s)")
    label(benchmark, puzzles)
    found = benchmark(lambda: [search_all(implementation, n, cells) for cells in puzzles.cells])
    for cells, solutions in zip(puzzles.cells, found):
        assert len(solutions) == 1, f"{len(solutions)} solutions"
        assert_solves(n, cells, solutions[0])


def test_facade(benchmark: BenchmarkFixture, puzzles: PuzzleSet, monkeypatch: pytest.MonkeyPatch) -> None:
    """Facade: ``takuzu.solve`` on the compiled kernel, from Puzzle to row strings."""
    monkeypatch.setattr(takuzu, "_kernel", _takuzu_cy)
    label(benchmark, puzzles)
    solved = benchmark(lambda: [takuzu.solve(puzzle) for puzzle in puzzles.puzzles])
    for cells, rows in zip(puzzles.cells, solved):
        assert_solves(puzzles.n, cells, "".join(rows))
