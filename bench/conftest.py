"""Helpers shared by the benchmark suites: stored seeded puzzles, groups, the twin's limit.

Generated puzzles depend on the kernel's search order; to keep the inputs fixed
while the kernels change, each one is stored in a JSON file beside its suite
(``<puzzle>_puzzles.json``) and read back on later runs. Delete a file to
generate its puzzles afresh.
"""

from __future__ import annotations

import atexit
import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any, Callable, Optional

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from fastpuzzle import reversi, use_kernels
from fastpuzzle.reversi import _twin as _reversi_py


@dataclass(frozen=True)
class PuzzleSet:
    """The puzzles of one size class, with each one's cells as the kernel takes them.

    ``texts`` are the same cells as characters, row by row; ``digest`` identifies
    the puzzles, so saved runs can be checked to have timed the same ones.
    """

    n: int
    puzzles: tuple[Any, ...]
    cells: tuple[bytes, ...]
    texts: tuple[str, ...]
    digest: str


@cache
def command_env() -> dict[str, str]:
    """The environment in which to time ``python -m fastpuzzle`` as an installed package runs.

    pip compiles a wheel's modules to byte code as it installs them, and a
    plain interpreter caches what it compiles; a shell with
    ``PYTHONDONTWRITEBYTECODE`` set (as containers often are) compiles every
    module of the package again at each start, some 20 ms. The commands
    timed here cache their byte code under a folder of their own instead
    (``PYTHONPYCACHEPREFIX``, removed at exit), filled by one run now.
    """
    folder = tempfile.mkdtemp(prefix="fastpuzzle-bytecode-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = folder
    subprocess.run([sys.executable, "-m", "fastpuzzle", "--help"], env=env, capture_output=True, check=True)
    return env


def stored_set(facade: ModuleType, n: int, seeds: range, generate: Callable[[int, int], Any]) -> PuzzleSet:
    """The puzzles ``generate(n, seed)`` makes for ``seeds``, read from or added to the stored file.

    Generation is pinned to the compiled kernels, so ``FASTPUZZLE_PURE_PYTHON``
    changes neither the puzzles nor the set-up time.
    """
    path = Path(__file__).with_name(f"{facade.NAME}_puzzles.json")
    stored = json.loads(path.read_text()) if path.exists() else {}
    missing = [seed for seed in seeds if f"{n}/{seed}" not in stored]
    if missing:
        with use_kernels("compiled"):
            for seed in missing:
                stored[f"{n}/{seed}"] = list(generate(n, seed).rows)
        path.write_text(json.dumps(stored, indent=1, sort_keys=True) + "\n")
    return puzzle_set_of(n, tuple(facade.from_rows(stored[f"{n}/{seed}"]) for seed in seeds))


def puzzle_set_of(n: int, puzzles: tuple[Any, ...]) -> PuzzleSet:
    """The :class:`PuzzleSet` of ``puzzles`` (parsed puzzles of side ``n``; 0: of mixed sides)."""
    text = "\n".join(str(p) for p in puzzles)
    return PuzzleSet(
        n,
        puzzles,
        tuple(p.cells for p in puzzles),
        tuple("".join(p.rows) for p in puzzles),
        hashlib.sha256(text.encode()).hexdigest()[:12],
    )


def label(benchmark: BenchmarkFixture, group: str, puzzles: PuzzleSet) -> None:
    """Put the benchmark in ``group`` and note what it times."""
    benchmark.group = group
    benchmark.extra_info.update(puzzles=len(puzzles.puzzles), digest=puzzles.digest)


def skip_twin_past(what: str, size: int, most: int) -> None:
    """Skip timing the pure-Python twin on a size class past ``most``, where it takes seconds a round: a fixed
    rule, not a timing, so that every machine runs the same benchmarks."""
    if size > most:
        pytest.skip(f"the twin is timed up to {most} only: {what} takes it seconds a round")


def random_endgame(empties: int, seed: str) -> tuple[tuple[int, ...], ...]:
    """An 8x8 reversi position after random legal play from the start (seeded by ``seed``), ``empties`` cells left."""
    rng = random.Random(seed)
    while True:
        grid = [list(row) for row in reversi.start(8).rows]
        colour, passes = 1, 0
        while sum(row.count(-1) for row in grid) > empties and passes < 2:
            # The twin's grid: 1 for the side to move, 2 for the other, 0 empty.
            view = [[0 if cell < 0 else (1 if cell == colour else 2) for cell in row] for row in grid]
            moves = _reversi_py.legal_moves(view, 1)
            if moves:
                passes = 0
                r, c, flipped = rng.choice(moves)
                for i, j in [(r, c), *flipped]:
                    grid[i][j] = colour
            else:
                passes += 1
            colour = 1 - colour
        if sum(row.count(-1) for row in grid) == empties:
            return tuple(tuple(row) for row in grid)


#: The plain C++ solvers the benches time beside the kernels.
CPP_FOLDER = Path(__file__).with_name("cpp")


def build_cpp(name: str, folder: Path) -> Optional[Path]:
    """``bench/cpp/<name>.cpp`` built with ``g++ -O2`` into ``folder``; None when there is no g++."""
    compiler = shutil.which("g++")
    if compiler is None:
        return None
    binary = folder / name
    subprocess.run([compiler, "-O2", "-std=c++17", "-o", str(binary), str(CPP_FOLDER / f"{name}.cpp")], check=True)
    return binary


def skip_unless_slow_asked(what: str) -> None:
    """Skip a run of minutes unless FASTPUZZLE_BENCH_SLOW=1 asks for them: ``what`` says what takes so long."""
    import os

    if os.environ.get("FASTPUZZLE_BENCH_SLOW", "") in ("", "0"):
        pytest.skip(f"{what} takes minutes: run with FASTPUZZLE_BENCH_SLOW=1")
