"""Fixtures for the benchmarks: seeded 01-game puzzles per size class, and both kernels."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache
from types import ModuleType
from unittest import mock

import pytest

from fastpuzzle import _takuzu_cy, _takuzu_py, takuzu

#: The size classes, and the seeds of each class's puzzles.
SIZES = (6, 10, 14, 20)
SEEDS = range(6)

IMPLEMENTATIONS: dict[str, ModuleType] = {"kernel": _takuzu_cy, "twin": _takuzu_py}


@dataclass(frozen=True)
class PuzzleSet:
    """The puzzles of one size class, with their givens as kernel row masks."""

    n: int
    puzzles: tuple[takuzu.Puzzle, ...]
    givens: tuple[tuple[list[int], list[int]], ...]
    digest: str


@lru_cache(maxsize=None)
def puzzle_set(n: int) -> PuzzleSet:
    """The seeded puzzles of side ``n``, generated once per session.

    Generation is pinned to the compiled kernel, so ``FASTPUZZLE_PURE_PYTHON``
    changes neither the puzzles nor the set-up time. ``digest`` identifies the
    puzzles, so saved runs can be checked to have timed the same ones.
    """
    with mock.patch.object(takuzu, "_kernel", _takuzu_cy):
        puzzles = tuple(takuzu.generate(n, seed=seed) for seed in SEEDS)
    givens = tuple(
        ([takuzu._mask(row, "1") for row in p.rows], [takuzu._mask(row, "0") for row in p.rows])
        for p in puzzles
    )
    text = "\n".join(str(p) for p in puzzles)
    return PuzzleSet(n, puzzles, givens, hashlib.sha256(text.encode()).hexdigest()[:12])


@pytest.fixture(scope="session", params=SIZES, ids=lambda n: f"N={n}")
def puzzles(request: pytest.FixtureRequest) -> PuzzleSet:
    """The puzzles of each size class in turn."""
    return puzzle_set(request.param)


@pytest.fixture(params=list(IMPLEMENTATIONS))
def implementation(request: pytest.FixtureRequest) -> ModuleType:
    """The compiled kernel ("kernel") and its pure-Python twin ("twin")."""
    return IMPLEMENTATIONS[request.param]
