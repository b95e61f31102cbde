"""Puzzle makers' tools: generation to a grade, the deduction path, a single hint.

The target (issue 14): a unique 10x10 takuzu or pixel puzzle of any grade in
well under a second, 20x20 in a few seconds. Each round generates from the
next seed, so a figure is the mean over different puzzles of the class.

    pytest bench/bench_makers.py --benchmark-only --benchmark-columns=mean,max,rounds
"""

from __future__ import annotations

from itertools import count
from typing import Any, Callable

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from conftest import skip_unless_slow_asked
from fastpuzzle import pixel, takuzu

#: Side -> rounds (seeds 0, 1, ...) per (puzzle, grade).
ROUNDS = {10: 5, 20: 2}
GRADES = range(1, 6)


def _each_seed(make: Callable[[int], Any]) -> Callable[[], Any]:
    seeds = count()
    return lambda: make(next(seeds))


@pytest.mark.parametrize("difficulty", GRADES)
@pytest.mark.parametrize("n", sorted(ROUNDS))
@pytest.mark.parametrize("name", ["takuzu", "pixel"])
def test_generate_graded(benchmark: BenchmarkFixture, name: str, n: int, difficulty: int) -> None:
    """``generate(n, seed=s, difficulty=k)``: a unique puzzle of exactly grade k."""
    facade: Any = takuzu if name == "takuzu" else pixel
    benchmark.group = f"{name} generate {n}x{n} to a grade"
    made = benchmark.pedantic(
        _each_seed(lambda seed: facade.generate(n, seed=seed, difficulty=difficulty)), rounds=ROUNDS[n], iterations=1
    )
    assert facade.grade(made) == difficulty


@pytest.mark.parametrize("n", sorted(ROUNDS))
def test_steps_of_a_minimal_puzzle(benchmark: BenchmarkFixture, n: int) -> None:
    """The whole path of a strictly minimal puzzle (the hardest, trials and searches), each puzzle."""
    benchmark.group = f"steps of minimal {n}x{n}"
    takuzu_puzzle = takuzu.generate(n, seed=0)
    pixel_puzzle = pixel.generate(n, seed=0, effort=None)
    steps = benchmark(lambda: (takuzu.steps(takuzu_puzzle), pixel.steps(pixel_puzzle)))
    assert all(steps)


@pytest.mark.parametrize("name", ["takuzu", "pixel"])
def test_first_hint_20(benchmark: BenchmarkFixture, name: str) -> None:
    """One hint on a minimal 20x20 puzzle: a solve to prove it unique, then the first rule that applies."""
    benchmark.group = "first hint 20x20"
    facade: Any = takuzu if name == "takuzu" else pixel
    puzzle = facade.generate(20, seed=0)
    assert benchmark(facade.hint, puzzle) is not None


#: Strictly minimal 01 games by size and seed (issue 24): generate(32) under 10 s, generate(64) under 2 minutes,
#: for every seed. 64x64 and 64x48 take minutes: they run only with FASTPUZZLE_BENCH_SLOW=1.
STRICTLY_MINIMAL = [
    *((32, 32, True, seed) for seed in range(3)),
    (32, 32, False, 0),
    (48, 48, True, 0),
    *((64, 64, True, seed) for seed in range(3)),
    (64, 48, True, 0),
    (64, 48, False, 0),
]


@pytest.mark.parametrize(
    ("width", "height", "unique_rows", "seed"),
    STRICTLY_MINIMAL,
    ids=[f"{w}x{h}{'' if u else '-free'}-seed{seed}" for w, h, u, seed in STRICTLY_MINIMAL],
)
def test_generate_strictly_minimal(
    benchmark: BenchmarkFixture, width: int, height: int, unique_rows: bool, seed: int
) -> None:
    """``takuzu.generate(width, height, seed=seed)``: strictly minimal, every check exact (one round: it takes
    seconds)."""
    if width * height > 48 * 48:
        skip_unless_slow_asked(f"a {width}x{height} puzzle")
    benchmark.group = "takuzu generate strictly minimal"
    made = benchmark.pedantic(
        lambda: takuzu.generate(width, height, seed=seed, unique_rows=unique_rows), rounds=1, iterations=1
    )
    assert (made.width, made.height, made.unique_rows) == (width, height, unique_rows)
