"""Fixtures for the benchmarks: seeded 01-game puzzles per size class, and both kernels.

Puzzles come from ``takuzu.generate(n, seed=...)``, whose output depends on the
kernel's search order. To keep the inputs fixed while the kernel changes, each
generated puzzle is stored in ``takuzu_puzzles.json`` and read back from there on
later runs; delete the file to generate afresh.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import ModuleType
from unittest import mock

import pytest

from fastpuzzle import _takuzu_cy, _takuzu_py, takuzu

#: The size classes, and the seeds of each class's puzzles.
SIZES = (6, 10, 14, 20)
SEEDS = range(6)
PUZZLE_FILE = Path(__file__).with_name("takuzu_puzzles.json")

IMPLEMENTATIONS: dict[str, ModuleType] = {"kernel": _takuzu_cy, "twin": _takuzu_py}


@dataclass(frozen=True)
class PuzzleSet:
    """The puzzles of one size class, with each one's cells as the kernel takes them."""

    n: int
    puzzles: tuple[takuzu.Puzzle, ...]
    cells: tuple[str, ...]
    digest: str


def stored_puzzle(n: int, seed: int) -> takuzu.Puzzle:
    """The puzzle of side ``n`` and ``seed``: from PUZZLE_FILE, else generated and added there.

    Generation is pinned to the compiled kernel, so ``FASTPUZZLE_PURE_PYTHON``
    changes neither the puzzle nor the set-up time.
    """
    stored = json.loads(PUZZLE_FILE.read_text()) if PUZZLE_FILE.exists() else {}
    key = f"{n}/{seed}"
    if key not in stored:
        with mock.patch.object(takuzu, "_kernel", _takuzu_cy):
            stored[key] = list(takuzu.generate(n, seed=seed).rows)
        PUZZLE_FILE.write_text(json.dumps(stored, indent=1, sort_keys=True) + "\n")
    return takuzu.from_rows(stored[key])


@lru_cache(maxsize=None)
def puzzle_set(n: int) -> PuzzleSet:
    """The puzzles of side ``n``, one per seed, built once per session.

    ``digest`` identifies the puzzles, so saved runs can be checked to have
    timed the same ones.
    """
    puzzles = tuple(stored_puzzle(n, seed) for seed in SEEDS)
    cells = tuple("".join(p.rows) for p in puzzles)
    text = "\n".join(str(p) for p in puzzles)
    return PuzzleSet(n, puzzles, cells, hashlib.sha256(text.encode()).hexdigest()[:12])


@pytest.fixture(scope="session", params=SIZES, ids=lambda n: f"N={n}")
def puzzles(request: pytest.FixtureRequest) -> PuzzleSet:
    """The puzzles of each size class in turn."""
    return puzzle_set(request.param)


@pytest.fixture(params=list(IMPLEMENTATIONS))
def implementation(request: pytest.FixtureRequest) -> ModuleType:
    """The compiled kernel ("kernel") and its pure-Python twin ("twin")."""
    return IMPLEMENTATIONS[request.param]
