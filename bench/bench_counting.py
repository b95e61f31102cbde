"""Benchmarks of the 01 game's counts without listing, per size class, beside the listing search and the
twin: blank grids of both rules, and drafts with millions to billions of completions.

The blank 10x10 under the distinct rule (OEIS A253316's 48,183,195,384) takes tens of seconds: it runs
only with ``FASTPUZZLE_BENCH_LONG=1``, as does the blank 12x12's one part (one pair of middle rows),
whose time times the number of parts estimates the whole count (docs/puzzles/takuzu.md).
"""

from __future__ import annotations

import os
import random

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from fastpuzzle import Status, takuzu, use_kernels
from fastpuzzle.takuzu import _counting
from fastpuzzle.takuzu import _facade as takuzu_facade
from fastpuzzle.takuzu import _kernel as _takuzu_cy

LONG = os.environ.get("FASTPUZZLE_BENCH_LONG", "") not in ("", "0")


def blank(width: int, height: int, unique_rows: bool) -> takuzu.Puzzle:
    return takuzu.from_rows(["_" * width] * height, unique_rows=unique_rows)


def draft(side: int, keep: float, seed: int, unique_rows: bool) -> takuzu.Puzzle:
    """A generated puzzle's solution with most cells erased at random: a draft with many completions."""
    solved = takuzu.solve(takuzu.generate(side, side, seed=seed))
    rng = random.Random(seed)
    rows = ["".join(ch if rng.random() < keep else "_" for ch in row) for row in solved]
    return takuzu.from_rows(rows, unique_rows=unique_rows)


@pytest.mark.parametrize("rule", ["free", "unique"])
@pytest.mark.parametrize("side", [4, 6, 8])
def test_blank_counter(benchmark: BenchmarkFixture, side: int, rule: str) -> None:
    benchmark.group = f"takuzu count blank {side}x{side} {rule}"
    grid = blank(side, side, rule == "unique")
    benchmark(_counting.count_whole, grid, False)


@pytest.mark.parametrize("rule", ["free", "unique"])
@pytest.mark.parametrize("side", [4, 6])
def test_blank_twin(benchmark: BenchmarkFixture, side: int, rule: str) -> None:
    benchmark.group = f"takuzu count blank {side}x{side} {rule}"
    grid = blank(side, side, rule == "unique")
    with use_kernels("twin"):
        benchmark.pedantic(_counting.count_whole, (grid, False), rounds=1, iterations=1)


@pytest.mark.parametrize(("side", "rule"), [(4, "unique"), (6, "unique"), (4, "free"), (6, "free")])
def test_blank_listing(benchmark: BenchmarkFixture, side: int, rule: str) -> None:
    """The listing search, which count_solutions used for every count before."""
    benchmark.group = f"takuzu count blank {side}x{side} {rule}"
    grid = blank(side, side, rule == "unique")
    benchmark.pedantic(takuzu_facade._count_listing, (grid, None), rounds=1, iterations=1)


@pytest.mark.parametrize("rule", ["free", "unique"])
def test_draft_12x12(benchmark: BenchmarkFixture, rule: str) -> None:
    """A 12x12 draft (a fifth of a solution's cells kept) with millions of completions."""
    benchmark.group = f"takuzu count draft 12x12 {rule}"
    grid = draft(12, 0.2, 4, rule == "unique")
    benchmark.pedantic(_counting.count_whole, (grid, False), rounds=1, iterations=1)


@pytest.mark.skipif(not LONG, reason="set FASTPUZZLE_BENCH_LONG=1")
def test_draft_12x12_over_a_billion(benchmark: BenchmarkFixture) -> None:
    benchmark.group = "takuzu count draft 12x12 free, 1,241,160,403 completions"
    grid = draft(12, 0.18, 3, False)
    assert benchmark.pedantic(_counting.count_whole, (grid, False), rounds=1, iterations=1) == 1_241_160_403


@pytest.mark.skipif(not LONG, reason="set FASTPUZZLE_BENCH_LONG=1")
def test_blank_10x10_distinct(benchmark: BenchmarkFixture) -> None:
    benchmark.group = "takuzu count blank 10x10 unique (A253316)"
    grid = blank(10, 10, True)
    total = benchmark.pedantic(takuzu.count_solutions, (grid,), {"jobs": 2, "progress": False}, rounds=1)
    assert total == 48_183_195_384


@pytest.mark.skipif(not LONG, reason="set FASTPUZZLE_BENCH_LONG=1")
def test_blank_12x12_distinct_one_part(benchmark: BenchmarkFixture) -> None:
    """One part of the blank 12x12 (its first pair of middle rows): the whole count is about this times
    the number of parts (``len(_counting.parts_of(grid).pairs)``)."""
    benchmark.group = "takuzu count blank 12x12 unique, one part"
    meet = _takuzu_cy.MeetCounter(12, 12, bytes([2]) * 144, 0xFFFF, 1 << 32)
    above, below = meet.candidates(5)[:2]
    status, _ = benchmark.pedantic(meet.count_pair, (above, below), rounds=1, iterations=1)
    assert status == Status.EXHAUSTED
