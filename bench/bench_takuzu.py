"""Benchmarks of the 01 game, one group per size class.

Each round solves every puzzle of the class and proves its solution unique:
through the kernel interface on the compiled kernel and on the pure-Python
twin, and through the facade's :func:`takuzu.solve` on the compiled kernel.
"""

from __future__ import annotations

import time
from types import ModuleType
from typing import TYPE_CHECKING, Sequence

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from fastpuzzle import _takuzu_cy, _takuzu_py, takuzu

if TYPE_CHECKING:
    from conftest import PuzzleSet

NODE_BUDGET = 1 << 12
#: Slowest single puzzle, in seconds, at which the twin is still benchmarked.
TWIN_LIMIT = 2.0


def search_all(kernel: ModuleType, n: int, ones: Sequence[int], zeros: Sequence[int]) -> list[list[int]]:
    """Every solution ``kernel.Search`` finds, running it until EXHAUSTED."""
    search = kernel.Search(n, ones, zeros)
    found = []
    while (status := search.next_solution(NODE_BUDGET)) != kernel.EXHAUSTED:
        if status == kernel.SOLUTION:
            found.append(search.solution())
    return found


def assert_solves(n: int, ones: Sequence[int], zeros: Sequence[int], rows: Sequence[int]) -> None:
    """Fail unless the row masks ``rows`` obey the rules and keep the givens."""
    full = (1 << n) - 1
    columns = [sum((rows[r] >> c & 1) << r for r in range(n)) for c in range(n)]
    for lines in (list(rows), columns):
        assert len(lines) == n and len(set(lines)) == n, f"repeated lines in {lines}"
        for line in lines:
            blank = ~line & full
            assert bin(line).count("1") == n // 2, f"unbalanced line {line:b}"
            assert not line & line >> 1 & line >> 2 and not blank & blank >> 1 & blank >> 2, f"run of 3 in {line:b}"
    assert all(row & one == one and not row & zero for row, one, zero in zip(rows, ones, zeros)), "givens changed"


def label(benchmark: BenchmarkFixture, puzzles: PuzzleSet) -> None:
    """Put the benchmark in its size class's group and note what it times."""
    benchmark.group = f"takuzu N={puzzles.n}"
    benchmark.extra_info.update(puzzles=len(puzzles.puzzles), digest=puzzles.digest)


def test_search(benchmark: BenchmarkFixture, implementation: ModuleType, puzzles: PuzzleSet) -> None:
    """Kernel interface: build the Search, find the solution, run on to EXHAUSTED."""
    n = puzzles.n
    if implementation is _takuzu_py:
        start = time.perf_counter()
        search_all(implementation, n, *puzzles.givens[0])
        elapsed = time.perf_counter() - start
        if elapsed > TWIN_LIMIT:
            pytest.skip(f"twin too slow at N={n}: {elapsed:.1f} s for one puzzle (limit {TWIN_LIMIT} s)")
    label(benchmark, puzzles)
    found = benchmark(lambda: [search_all(implementation, n, ones, zeros) for ones, zeros in puzzles.givens])
    for (ones, zeros), solutions in zip(puzzles.givens, found):
        assert len(solutions) == 1, f"{len(solutions)} solutions"
        assert_solves(n, ones, zeros, solutions[0])


def test_facade(benchmark: BenchmarkFixture, puzzles: PuzzleSet, monkeypatch: pytest.MonkeyPatch) -> None:
    """Facade: ``takuzu.solve`` on the compiled kernel, from Puzzle to row strings."""
    monkeypatch.setattr(takuzu, "_kernel", _takuzu_cy)
    label(benchmark, puzzles)
    solved = benchmark(lambda: [takuzu.solve(puzzle) for puzzle in puzzles.puzzles])
    for (ones, zeros), rows in zip(puzzles.givens, solved):
        assert_solves(puzzles.n, ones, zeros, [takuzu._mask(row, "1") for row in rows])
