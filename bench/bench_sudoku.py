"""Benchmarks of binary sudoku: one grid at a time, and many grids in one call.

Grids are seeded random grids (densities 5% to 95%), the same on every run.
``extra_info["per_grid_us"]`` is filled in after timing: the median round
divided by the grids in a round, in microseconds.

Groups:
  sudoku solve     the row DP with the toggles: kernel, twin, facade
  sudoku count     the count alone, one call per grid: kernel, twin, facade
  sudoku many      min_toggles_many over a list of Grids, a list of masks, and a
                   (k, 9, 9) NumPy array; each round builds the answer table afresh
  sudoku million   1,000,000 grids through min_toggles_many, the table already built:
                   as lists of 9 row strings (in the order they were made, and
                   shuffled, so that each grid's rows lie far from the last one's)
                   and as a uint8 NumPy array (the issue's yardstick: rows at most
                   2x the array)
"""

from __future__ import annotations

import random
from itertools import chain
from types import ModuleType
from typing import Any, Callable

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from fastpuzzle import sudoku, use_kernels
from fastpuzzle.sudoku import _facade as sudoku_facade
from fastpuzzle.sudoku import _kernel as _sudoku_cy
from fastpuzzle.sudoku import _twin as _sudoku_py

SEED = 2011
#: Grids per round: the twin's DP takes ~20 ms a grid, so its group is smaller.
SOLVE_GRIDS = {"kernel": 200, "twin": 10, "facade": 200}
COUNT_GRIDS = {"kernel": 20_000, "twin": 200, "facade": 20_000}
MANY_GRIDS = 200_000
NUMPY_GRIDS = 1_000_000
MILLION = 1_000_000
KERNELS: dict[str, ModuleType] = {"kernel": _sudoku_cy, "twin": _sudoku_py}


def seeded_grids(count: int, seed: int = SEED) -> list[sudoku.Grid]:
    """``count`` random grids, always the same for the same seed."""
    rng = random.Random(seed)
    grids = []
    for _ in range(count):
        p = rng.choice((0.05, 0.2, 0.5, 0.8, 0.95))
        grids.append(sudoku.Grid(["".join("1" if rng.random() < p else "0" for _ in range(9)) for _ in range(9)]))
    return grids


def reference_counts(grids: list[sudoku.Grid]) -> list[int]:
    """The answers by the compiled kernel's signature evaluation, without the table."""
    return [_sudoku_cy.min_toggles(grid.masks) for grid in grids]


def per_grid(benchmark: BenchmarkFixture, grids: int, group: str) -> None:
    benchmark.group = group
    benchmark.extra_info["grids"] = grids


def record_per_grid(benchmark: BenchmarkFixture) -> None:
    stats = getattr(benchmark, "stats", None)  # pytest-benchmark's; pytest-codspeed keeps its own
    if stats is not None:
        benchmark.extra_info["per_grid_us"] = round(stats.stats.median / benchmark.extra_info["grids"] * 1e6, 3)


@pytest.mark.parametrize("who", ["kernel", "twin", "facade"])
def test_solve(benchmark: BenchmarkFixture, who: str) -> None:
    grids = seeded_grids(SOLVE_GRIDS[who])
    per_grid(benchmark, len(grids), "sudoku solve")
    run: Callable[[], list[Any]]
    if who == "facade":
        run = lambda: [sudoku.solve(grid) for grid in grids]  # noqa: E731
    else:
        kernel = KERNELS[who]
        masks = [grid.masks for grid in grids]
        run = lambda: [kernel.solve(grid) for grid in masks]  # noqa: E731
    found = benchmark(run)
    record_per_grid(benchmark)
    assert [result[0] for result in found] == reference_counts(grids)
    if who == "facade":
        assert all(sudoku.is_even(sudoku.apply(grid, answer.cells)) for grid, answer in zip(grids, found))


@pytest.mark.parametrize("who", ["kernel", "twin", "facade", "facade-rows"])
def test_count(benchmark: BenchmarkFixture, who: str) -> None:
    """One call per grid: the kernel on masks, the facade on masks, and the facade on 9 row strings."""
    seeded = seeded_grids(COUNT_GRIDS["facade" if who == "facade-rows" else who])
    grids: list[Any] = [list(grid.rows) if who == "facade-rows" else grid.masks for grid in seeded]
    per_grid(benchmark, len(grids), "sudoku count")
    function = sudoku.min_toggles if who.startswith("facade") else KERNELS[who].min_toggles
    found = benchmark(lambda: [function(grid) for grid in grids])
    record_per_grid(benchmark)
    assert found == reference_counts(seeded)


def with_fresh_table(batch: Any) -> Callable[[], tuple[tuple[Any, ...], dict[str, Any]]]:
    """A pedantic set-up: forget the facade's answer table, so that the round builds it again."""

    def setup() -> tuple[tuple[Any, ...], dict[str, Any]]:
        sudoku_facade._TABLES.clear()
        return (batch,), {}

    return setup


@pytest.mark.parametrize("form", ["grids", "masks"])
def test_many(benchmark: BenchmarkFixture, form: str) -> None:
    """A list of Grid objects (9 strings each) or of 9-mask tuples, table built in each round."""
    grids = seeded_grids(MANY_GRIDS)
    batch: list[Any] = grids if form == "grids" else [grid.masks for grid in grids]
    per_grid(benchmark, len(batch), "sudoku many")
    with use_kernels("compiled"):
        found = benchmark.pedantic(sudoku.min_toggles_many, setup=with_fresh_table(batch), rounds=5)
    record_per_grid(benchmark)
    assert found[:2000] == reference_counts(grids[:2000])


def test_many_numpy_million(benchmark: BenchmarkFixture) -> None:
    """The issue's target: 1,000,000 grids in one call, the table built inside the round."""
    numpy = pytest.importorskip("numpy")
    cells = numpy.random.default_rng(SEED).integers(0, 2, size=(NUMPY_GRIDS, 9, 9), dtype=numpy.uint8)
    per_grid(benchmark, NUMPY_GRIDS, "sudoku many")
    with use_kernels("compiled"):
        found = benchmark.pedantic(sudoku.min_toggles_many, setup=with_fresh_table(cells), rounds=5)
    record_per_grid(benchmark)
    sample = [sudoku.Grid(["".join(map(str, row)) for row in grid]) for grid in cells[:2000].tolist()]
    assert found[:2000].tolist() == [_sudoku_cy.min_toggles(grid.masks) for grid in sample]


@pytest.fixture(scope="module")
def million_rows() -> list[list[str]]:
    """1,000,000 seeded grids as lists of 9 row strings, each string its own object, made in order."""
    rng = random.Random(SEED)
    return [[f"{rng.getrandbits(9):09b}" for _ in range(9)] for _ in range(MILLION)]


@pytest.mark.parametrize("form", ["rows", "rows-shuffled", "uint8-array"])
def test_many_million(benchmark: BenchmarkFixture, million_rows: list[list[str]], form: str) -> None:
    """The same million grids as row strings (in order, then shuffled) and as a NumPy array; table built."""
    batch: Any = million_rows
    if form == "rows-shuffled":
        batch = list(million_rows)
        random.Random(SEED).shuffle(batch)
    elif form == "uint8-array":
        numpy = pytest.importorskip("numpy")
        rows = numpy.frombuffer("".join(chain.from_iterable(million_rows)).encode(), dtype=numpy.uint8)
        batch = (rows - ord("0")).reshape(MILLION, 9, 9)
    per_grid(benchmark, MILLION, "sudoku million")
    with use_kernels("compiled"):
        sudoku.min_toggles_many(batch[:1])  # the table, outside the rounds
        found = benchmark.pedantic(sudoku.min_toggles_many, args=(batch,), rounds=5)
    record_per_grid(benchmark)
    sample = batch[:2000].tolist() if form == "uint8-array" else batch[:2000]
    expected = [_sudoku_cy.min_toggles(tuple(int("".join(map(str, row)), 2) for row in grid)) for grid in sample]
    assert list(found[:2000]) == expected


def test_table_build(benchmark: BenchmarkFixture) -> None:
    """The one-time set-up alone: the compiled kernel's 256 KiB answer table."""
    per_grid(benchmark, 1, "sudoku many")
    table = benchmark(_sudoku_cy.Table)
    record_per_grid(benchmark)
    assert max(table[key] for key in range(0, 1 << 18, 97)) <= sudoku.MAX_ANSWER
