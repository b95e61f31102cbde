"""Benchmarks of pixel placement, one group per size class.

Puzzles come from ``pixel.generate(n, seed=...)``: a random picture, all its
clues, then clues removed in random order while the solution stays unique (and
provable within the generator's effort limit). Generation takes up to a minute
per 50x50 puzzle, so each generated puzzle is stored in ``pixel_puzzles.json``
and read back from there on later runs; delete the file to generate afresh.

Each round solves every puzzle of the class and proves its solution unique:
through the kernel interface (the memo's ``Search``, which also counts, and
``Learn``, the clause learning that :func:`pixel.solve` uses) on the compiled
kernel and on the pure-Python twin, and through the facade's :func:`pixel.solve`
on the compiled kernel. Strictly minimal puzzles (30x30 to 63x63) are timed
through the facade, solved and counted (``limit=2``), and their generation once
per size.
"""

from __future__ import annotations

import json
import time
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any, Callable

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from conftest import PuzzleSet, label, skip_twin_past, stored_set
from fastpuzzle import Status, pixel, use_kernels
from fastpuzzle.pixel import _kernel as _pixel_cy
from fastpuzzle.pixel import _twin as _pixel_py

#: The size classes, and how many seeded puzzles each holds.
SIZES = {10: 8, 20: 6, 30: 4, 50: 3}
#: The largest size class the twin is timed on (30x30 takes it seconds a puzzle).
TWIN_MOST = 20
#: The statuses as plain ints, so the harness costs what it did with the kernels' own constants.
EXHAUSTED, SOLUTION, TOO_LARGE = int(Status.EXHAUSTED), int(Status.SOLUTION), int(Status.TOO_LARGE)
NODE_BUDGET = 1 << 14
IMPLEMENTATIONS: dict[str, ModuleType] = {"kernel": _pixel_cy, "twin": _pixel_py}


@cache
def puzzle_set(n: int) -> PuzzleSet:
    """The puzzles of side ``n``, one per seed, built once per session."""
    return stored_set(pixel, n, range(SIZES[n]), lambda side, seed: pixel.generate(side, seed=seed))


@pytest.fixture(scope="module", params=list(SIZES), ids=lambda n: f"{n}x{n}")
def puzzles(request: pytest.FixtureRequest) -> PuzzleSet:
    """The puzzles of each size class in turn."""
    return puzzle_set(request.param)


@pytest.fixture(params=list(IMPLEMENTATIONS))
def implementation(request: pytest.FixtureRequest) -> ModuleType:
    """The compiled kernel ("kernel") and its pure-Python twin ("twin")."""
    return IMPLEMENTATIONS[request.param]


def list_all(search: Any) -> list[str]:
    """Every solution a kernel search (``Search`` or ``Learn``) finds, running it until EXHAUSTED."""
    found = []
    while (status := search.next_solution(NODE_BUDGET)) != EXHAUSTED:
        assert status != TOO_LARGE
        if status == SOLUTION:
            found.append(search.solution())
    return found


def search_all(kernel: ModuleType, n: int, cells: bytes) -> list[str]:
    """Every solution ``kernel.Search`` (the memo) finds."""
    return list_all(kernel.Search(n, n, cells, pixel.MAX_STATES))


def learn_all(kernel: ModuleType, n: int, cells: bytes) -> list[str]:
    """Every solution ``kernel.Learn`` (clause learning) finds."""
    return list_all(kernel.Learn(n, n, cells))


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


def test_search(benchmark: BenchmarkFixture, implementation: ModuleType, puzzles: PuzzleSet) -> None:
    """Kernel interface: build the Search, find the solution, run on to EXHAUSTED."""
    time_listing(benchmark, implementation, puzzles, search_all)


def test_learn(benchmark: BenchmarkFixture, implementation: ModuleType, puzzles: PuzzleSet) -> None:
    """Kernel interface: build Learn, find the solution, run on to EXHAUSTED."""
    time_listing(benchmark, implementation, puzzles, learn_all)


def time_listing(
    benchmark: BenchmarkFixture,
    implementation: ModuleType,
    puzzles: PuzzleSet,
    solve_all: Callable[[ModuleType, int, bytes], list[str]],
) -> None:
    """Time ``solve_all`` (``search_all`` or ``learn_all``) over the set; each puzzle must have its one solution."""
    n = puzzles.n
    if implementation is _pixel_py:
        skip_twin_past(f"{n}x{n}", n, TWIN_MOST)
    label(benchmark, f"pixel {n}x{n}", puzzles)
    found = benchmark(lambda: [solve_all(implementation, n, cells) for cells in puzzles.cells])
    for cells, solutions in zip(puzzles.texts, found):
        assert len(solutions) == 1, f"{len(solutions)} solutions"
        assert_solves(n, cells, solutions[0])


def test_facade(benchmark: BenchmarkFixture, puzzles: PuzzleSet) -> None:
    """Facade: ``pixel.solve`` on the compiled kernel, from Puzzle to row strings."""
    label(benchmark, f"pixel {puzzles.n}x{puzzles.n}", puzzles)
    with use_kernels("compiled"):
        solved = benchmark(lambda: [pixel.solve(puzzle) for puzzle in puzzles.puzzles])
    for cells, rows in zip(puzzles.texts, solved):
        assert_solves(puzzles.n, cells, "".join(rows))


#: Strictly minimal puzzles (``pixel.generate(n, seed=seed, effort=None)``: no clue can go),
#: stored by ``pixel_minimal.py --generate`` as ``"n/seed": rows``.
MINIMAL_PATH = Path(__file__).with_name("pixel_minimal_puzzles.json")
MINIMAL_SIZES = (30, 40, 50, 63)


def minimal_puzzles(n: int) -> list[tuple[str, pixel.Puzzle]]:
    """The stored strictly minimal puzzles of side ``n``, each with its ``"n/seed"`` name."""
    stored = json.loads(MINIMAL_PATH.read_text()) if MINIMAL_PATH.exists() else {}
    named = sorted((name, rows) for name, rows in stored.items() if name.split("/")[0] == str(n))
    return [(name, pixel.from_rows(rows)) for name, rows in named]


@pytest.mark.parametrize("n", MINIMAL_SIZES, ids=lambda n: f"{n}x{n}")
def test_minimal(benchmark: BenchmarkFixture, n: int) -> None:
    """Facade: ``pixel.solve`` (unique, by clause learning) on each stored strictly minimal puzzle."""
    puzzles = minimal_puzzles(n)
    if not puzzles:
        pytest.skip(f"no strictly minimal {n}x{n} puzzle stored")
    benchmark.group = f"pixel minimal {n}x{n}"
    benchmark.extra_info["puzzles"] = [name for name, _ in puzzles]
    with use_kernels("compiled"):
        solved = benchmark(lambda: [pixel.solve(puzzle) for _, puzzle in puzzles])
    for (_, puzzle), rows in zip(puzzles, solved):
        assert_solves(n, "".join(puzzle.rows), "".join(rows))


@pytest.mark.parametrize("n", MINIMAL_SIZES, ids=lambda n: f"{n}x{n}")
def test_minimal_count(benchmark: BenchmarkFixture, n: int) -> None:
    """Facade: ``pixel.count_solutions(limit=2)`` on each stored strictly minimal puzzle (one by one, by clause
    learning: the memo runs out of states from 40x40 up); ``extra_info["slowest_s"]`` is the slowest puzzle's
    time in the last round."""
    puzzles = minimal_puzzles(n)
    if not puzzles:
        pytest.skip(f"no strictly minimal {n}x{n} puzzle stored")
    benchmark.group = f"pixel minimal {n}x{n}"
    benchmark.extra_info["puzzles"] = [name for name, _ in puzzles]
    times: list[float] = []

    def count_each() -> list[int]:
        times.clear()
        counts = []
        for _, puzzle in puzzles:
            start = time.perf_counter()
            counts.append(pixel.count_solutions(puzzle, limit=2))
            times.append(time.perf_counter() - start)
        return counts

    with use_kernels("compiled"):
        counts = benchmark(count_each)
    benchmark.extra_info["slowest_s"] = round(max(times), 4)
    assert counts == [1] * len(puzzles)


@pytest.mark.parametrize("n", [30, 50], ids=lambda n: f"{n}x{n}")
def test_generate_minimal(benchmark: BenchmarkFixture, n: int) -> None:
    """``pixel.generate(n, seed=0, effort=None)``: a strictly minimal puzzle, one round (it takes seconds)."""
    benchmark.group = f"pixel generate minimal {n}x{n}"
    with use_kernels("compiled"):
        puzzle = benchmark.pedantic(lambda: pixel.generate(n, seed=0, effort=None), rounds=1, iterations=1)
    stored = dict(minimal_puzzles(n))
    if f"{n}/0" in stored:
        assert puzzle == stored[f"{n}/0"]


#: SGT's Mosaic past 63 columns (64x64, 200x50, 100x100: ``sgt-mosaic --generate 1 WxH --with-solutions``).
WIDE_PATH = Path(__file__).with_name("pixel_wide_puzzles.json")


@pytest.mark.parametrize("size", ["64x64", "200x50", "100x100"])
def test_wide(benchmark: BenchmarkFixture, size: str) -> None:
    """Facade: ``pixel.solve`` then ``count_solutions`` (the memo where its window keys fit, else one by one)
    on SGT's puzzle of ``size`` (W x H)."""
    from fastpuzzle import interchange

    (record,) = [r for r in json.loads(WIDE_PATH.read_text())["puzzles"] if r["id"].startswith(size + ":")]
    puzzle = interchange.from_sgt(record["id"], "pixel")
    assert isinstance(puzzle, pixel.Puzzle)
    benchmark.group = f"pixel wide {size}"
    with use_kernels("compiled"):
        solved, counted = benchmark(lambda: (pixel.solve(puzzle), pixel.count_solutions(puzzle)))
    assert counted == 1 and len(solved) == puzzle.n


@pytest.mark.parametrize(("n", "seeds"), [(63, (1, 2, 3)), (100, (1,))], ids=["63x63", "100x100"])
def test_generate_strictly_minimal_large(benchmark: BenchmarkFixture, n: int, seeds: tuple[int, ...]) -> None:
    """``pixel.generate(n, seed=s, effort=None)`` for each seed, one round; ``extra_info`` has each seed's
    seconds, their median and max (issue 27: 63x63 under 60 s, 100x100 under 5 minutes)."""
    import statistics

    benchmark.group = f"pixel generate strictly minimal {n}x{n}"
    seconds: list[float] = []

    def each_seed() -> None:
        for seed in seeds:
            start = time.perf_counter()
            pixel.generate(n, seed=seed, effort=None)
            seconds.append(time.perf_counter() - start)

    with use_kernels("compiled"):
        benchmark.pedantic(each_seed, rounds=1, iterations=1)
    benchmark.extra_info["seconds"] = [round(s, 1) for s in seconds]
    benchmark.extra_info["median_s"] = round(statistics.median(seconds), 1)
    benchmark.extra_info["max_s"] = round(max(seconds), 1)
