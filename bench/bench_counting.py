"""Benchmarks of the 01 game's counts without listing, per size class, beside the listing search and the
twin: blank grids of both rules, and drafts with millions to billions of completions.

The blank 10x10 under the distinct rule (OEIS A253316's 48,183,195,384), the drafts with over 10^9
completions and a sample of the blank 12x12's parts run only with ``FASTPUZZLE_BENCH_LONG=1``; the
sample's time times the parts over the sample's estimates the whole count (docs/puzzles/takuzu.md).
One part of each kind of the blank 12x12 (by the columns its middle lines agree in) runs with it too: the
kinds' counts of parts times their times estimate the whole count another way. The whole blank 12x12
(4,972,955,852,202,492, hours on two cores, see docs/puzzles/takuzu.md) runs only with
``FASTPUZZLE_BENCH_12X12=1``, with ``--jobs 2`` and a checkpoint in ``FASTPUZZLE_BENCH_CHECKPOINT`` (default:
the bench's temporary directory), so that a stopped run resumes.
"""

from __future__ import annotations

import os
import random
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from fastpuzzle import Status, takuzu, use_kernels
from fastpuzzle.takuzu import _counting
from fastpuzzle.takuzu import _facade as takuzu_facade
from fastpuzzle.takuzu import _kernel as _takuzu_cy

LONG = os.environ.get("FASTPUZZLE_BENCH_LONG", "") not in ("", "0")
WHOLE_12X12 = os.environ.get("FASTPUZZLE_BENCH_12X12", "") not in ("", "0")


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
@pytest.mark.parametrize(
    ("rule", "keep", "completions"), [("free", 0.18, 1_241_160_403), ("unique", 0.15, 7_112_598_604)]
)
def test_draft_12x12_over_a_billion(benchmark: BenchmarkFixture, rule: str, keep: float, completions: int) -> None:
    benchmark.group = f"takuzu count draft 12x12 {rule}, {completions:,} completions"
    grid = draft(12, keep, 3, rule == "unique")
    assert benchmark.pedantic(_counting.count_whole, (grid, False), rounds=1, iterations=1) == completions


@pytest.mark.skipif(not LONG, reason="set FASTPUZZLE_BENCH_LONG=1")
def test_blank_10x10_distinct(benchmark: BenchmarkFixture) -> None:
    benchmark.group = "takuzu count blank 10x10 unique (A253316)"
    grid = blank(10, 10, True)
    total = benchmark.pedantic(takuzu.count_solutions, (grid,), {"jobs": 2, "progress": False}, rounds=1)
    assert total == 48_183_195_384


@pytest.mark.skipif(not LONG, reason="set FASTPUZZLE_BENCH_LONG=1")
def test_blank_12x12_distinct_sample_of_parts(benchmark: BenchmarkFixture) -> None:
    """40 random parts of the blank 12x12 (pairs of middle rows), two at a time on two threads: the whole
    count takes about this times the parts over 40 (``len(_counting.parts_of(grid).pairs)``: 5,548)."""
    grid = blank(12, 12, True)
    parts = _counting.parts_of(grid)
    benchmark.group = f"takuzu count blank 12x12 unique, 40 of {len(parts.pairs):,} parts, jobs=2"
    meet = _takuzu_cy.MeetCounter(12, 12, bytes([2]) * 144, 0xFFFF, 4 << 30)
    number = {meet.line(i): i for i in range(meet.lines)}
    sample = [(number[a], number[b]) for a, b in random.Random(1).sample(parts.pairs, 40)]

    def count_sample() -> list[int]:
        with ThreadPoolExecutor(2) as threads:
            return [status for status, _ in threads.map(lambda pair: meet.count_pair(*pair), sample)]

    assert benchmark.pedantic(count_sample, rounds=1, iterations=1) == [Status.EXHAUSTED] * 40


@pytest.mark.skipif(not LONG, reason="set FASTPUZZLE_BENCH_LONG=1")
@pytest.mark.parametrize("agree", [0, 2, 4, 6, 8, 10])
def test_blank_12x12_distinct_part_by_kind(benchmark: BenchmarkFixture, agree: int) -> None:
    """The middle part of those of the blank 12x12 whose middle lines agree in ``agree`` columns, on one
    core, within the memory a part may use (COUNT_MIB): the fewer columns agree, the longer a part takes."""
    parts = _counting.parts_of(blank(12, 12, True)).pairs
    kind = [(a, b) for a, b in parts if 12 - bin(a ^ b).count("1") == agree]
    benchmark.group = (
        f"takuzu count blank 12x12 unique, a part whose middle lines agree in {agree} columns (one of {len(kind):,})"
    )
    meet = _takuzu_cy.MeetCounter(12, 12, bytes([2]) * 144, 0xFFFF, _counting.COUNT_MIB << 20)
    number = {meet.line(i): i for i in range(meet.lines)}
    above, below = kind[len(kind) // 2]
    status, count = benchmark.pedantic(meet.count_pair, (number[above], number[below]), rounds=1, iterations=1)
    assert status == Status.EXHAUSTED and count > 0


@pytest.mark.skipif(not WHOLE_12X12, reason="set FASTPUZZLE_BENCH_12X12=1: hours on two cores")
def test_blank_12x12_distinct_whole(benchmark: BenchmarkFixture, tmp_path: Path) -> None:
    benchmark.group = "takuzu count blank 12x12 unique (A253316), jobs=2"
    checkpoint = os.environ.get("FASTPUZZLE_BENCH_CHECKPOINT") or str(tmp_path / "blank12.checkpoint")
    options = {"jobs": 2, "checkpoint": checkpoint, "progress": False}
    total = benchmark.pedantic(takuzu.count_solutions, (blank(12, 12, True),), options, rounds=1)
    assert total == 4_972_955_852_202_492
