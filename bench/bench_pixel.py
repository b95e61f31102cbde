"""Benchmarks of pixel placement, one group per size class.

Puzzles come from ``pixel.generate(n, seed=...)``: a random picture, all its
clues, then clues removed in random order while the solution stays unique (and
provable within the generator's effort limit). Generation takes up to a minute
per 50x50 puzzle, so each generated puzzle is stored in ``pixel_puzzles.json``
and read back from there on later runs; delete the file to generate afresh.

Each round solves every puzzle of the class and proves its solution unique:
through the kernel interface on the compiled kernel and on the pure-Python
twin, and through the facade's :func:`pixel.solve` on the compiled kernel.
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import ModuleType
from unittest import mock

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from fastpuzzle import _pixel_cy, _pixel_py, pixel

#: The size classes, and how many seeded puzzles each holds.
SIZES = {10: 8, 20: 6, 30: 4, 50: 3}
PUZZLE_FILE = Path(__file__).with_name("pixel_puzzles.json")
NODE_BUDGET = 1 << 14
#: Slowest single puzzle, in seconds, at which the twin is still benchmarked.
TWIN_LIMIT = 2.0

IMPLEMENTATIONS: dict[str, ModuleType] = {"kernel": _pixel_cy, "twin": _pixel_py}


@dataclass(frozen=True)
class PuzzleSet:
    """The puzzles of one size class, with each one's cells as the kernel takes them."""

    n: int
    puzzles: tuple[pixel.Puzzle, ...]
    cells: tuple[str, ...]
    digest: str


def stored_puzzle(n: int, seed: int) -> pixel.Puzzle:
    """The ``n x n`` puzzle of ``seed``: from PUZZLE_FILE, else generated and added there.

    Generation is pinned to the compiled kernel, so ``FASTPUZZLE_PURE_PYTHON``
    changes neither the puzzle nor the set-up time.
    """
    stored = json.loads(PUZZLE_FILE.read_text()) if PUZZLE_FILE.exists() else {}
    key = f"{n}/{seed}"
    if key not in stored:
        with mock.patch.object(pixel, "_kernel", _pixel_cy):
            stored[key] = list(pixel.generate(n, seed=seed).rows)
        PUZZLE_FILE.write_text(json.dumps(stored, indent=1, sort_keys=True) + "\n")
    return pixel.from_rows(stored[key])


@lru_cache(maxsize=None)
def puzzle_set(n: int) -> PuzzleSet:
    """The puzzles of side ``n``, one per seed, built once per session."""
    puzzles = tuple(stored_puzzle(n, seed) for seed in range(SIZES[n]))
    cells = tuple("".join(p.rows) for p in puzzles)
    text = "\n".join(str(p) for p in puzzles)
    return PuzzleSet(n, puzzles, cells, hashlib.sha256(text.encode()).hexdigest()[:12])


@pytest.fixture(scope="module", params=list(SIZES), ids=lambda n: f"{n}x{n}")
def puzzles(request: pytest.FixtureRequest) -> PuzzleSet:
    """The puzzles of each size class in turn."""
    return puzzle_set(request.param)


@pytest.fixture(params=list(IMPLEMENTATIONS))
def implementation(request: pytest.FixtureRequest) -> ModuleType:
    """The compiled kernel ("kernel") and its pure-Python twin ("twin")."""
    return IMPLEMENTATIONS[request.param]


def search_all(kernel: ModuleType, n: int, cells: str) -> list[str]:
    """Every solution ``kernel.Search`` finds, running it until EXHAUSTED."""
    search = kernel.Search(n, n, cells)
    found = []
    while (status := search.next_solution(NODE_BUDGET)) != kernel.EXHAUSTED:
        assert status != kernel.TOO_LARGE
        if status == kernel.SOLUTION:
            found.append(search.solution())
    return found


def assert_solves(n: int, cells: str, solution: str) -> None:
    """Fail unless the row-major ``solution`` meets every clue of ``cells``."""
    for r in range(n):
        for c in range(n):
            clue = cells[r * n + c]
            if clue != "_":
                black = sum(
                    solution[i * n + j] == "1"
                    for i in range(max(r - 1, 0), min(r + 2, n))
                    for j in range(max(c - 1, 0), min(c + 2, n))
                )
                assert black == int(clue), f"clue {clue} at ({r}, {c}) sees {black}"


def label(benchmark: BenchmarkFixture, puzzles: PuzzleSet) -> None:
    """Put the benchmark in its size class's group and note what it times."""
    benchmark.group = f"pixel {puzzles.n}x{puzzles.n}"
    benchmark.extra_info.update(puzzles=len(puzzles.puzzles), digest=puzzles.digest)


def test_search(benchmark: BenchmarkFixture, implementation: ModuleType, puzzles: PuzzleSet) -> None:
    """Kernel interface: build the Search, find the solution, run on to EXHAUSTED."""
    n = puzzles.n
    if implementation is _pixel_py:
        start = time.perf_counter()
        search_all(implementation, n, puzzles.cells[0])
        elapsed = time.perf_counter() - start
        if elapsed > TWIN_LIMIT:
            pytest.skip(f"twin too slow at {n}x{n}: {elapsed:.1f} s for one puzzle (limit {TWIN_LIMIT} s)")
    label(benchmark, puzzles)
    found = benchmark(lambda: [search_all(implementation, n, cells) for cells in puzzles.cells])
    for cells, solutions in zip(puzzles.cells, found):
        assert len(solutions) == 1, f"{len(solutions)} solutions"
        assert_solves(n, cells, solutions[0])


def test_facade(benchmark: BenchmarkFixture, puzzles: PuzzleSet, monkeypatch: pytest.MonkeyPatch) -> None:
    """Facade: ``pixel.solve`` on the compiled kernel, from Puzzle to row strings."""
    monkeypatch.setattr(pixel, "_kernel", _pixel_cy)
    label(benchmark, puzzles)
    solved = benchmark(lambda: [pixel.solve(puzzle) for puzzle in puzzles.puzzles])
    for cells, rows in zip(puzzles.cells, solved):
        assert_solves(puzzles.n, cells, "".join(rows))
