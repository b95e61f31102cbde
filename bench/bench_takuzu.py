"""Benchmarks of the 01 game, one group per size class.

Each round solves every puzzle of the class and proves its solution unique:
through the kernel interface on the compiled kernel and on the pure-Python
twin, and through the facade's :func:`takuzu.solve` on the compiled kernel.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import time
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from conftest import PuzzleSet, build_cpp, label, puzzle_set_of, skip_twin_past, stored_set
from fastpuzzle import NoSolutionError, PuzzleTooLargeError, Status, takuzu, use_kernels
from fastpuzzle.takuzu import _kernel as _takuzu_cy
from fastpuzzle.takuzu import _twin as _takuzu_py

#: The size classes, and the seeds of each class's puzzles.
SIZES = (6, 10, 14, 20)
#: The largest size class the twin is timed on: every one.
TWIN_MOST = max(SIZES)
SEEDS = range(6)
#: The statuses as plain ints, so the harness costs what it did with the kernels' own constants.
EXHAUSTED, SOLUTION, TOO_LARGE = int(Status.EXHAUSTED), int(Status.SOLUTION), int(Status.TOO_LARGE)
NODE_BUDGET = 1 << 12
IMPLEMENTATIONS: dict[str, ModuleType] = {"kernel": _takuzu_cy, "twin": _takuzu_py}


@cache
def puzzle_set(n: int) -> PuzzleSet:
    """The puzzles of side ``n``, one per seed, built once per session."""
    return stored_set(takuzu, n, SEEDS, lambda side, seed: takuzu.generate(side, seed=seed))


@pytest.fixture(scope="module", params=SIZES, ids=lambda n: f"N={n}")
def puzzles(request: pytest.FixtureRequest) -> PuzzleSet:
    """The puzzles of each size class in turn."""
    return puzzle_set(request.param)


@pytest.fixture(params=list(IMPLEMENTATIONS))
def implementation(request: pytest.FixtureRequest) -> ModuleType:
    """The compiled kernel ("kernel") and its pure-Python twin ("twin")."""
    return IMPLEMENTATIONS[request.param]


def search_all(kernel: ModuleType, n: int, cells: bytes) -> list[str]:
    """Every solution ``kernel.Search`` finds, running it until EXHAUSTED."""
    search = kernel.Search(n, cells, takuzu.MAX_CANDIDATES)
    found = []
    while (status := search.next_solution(NODE_BUDGET)) != EXHAUSTED:
        assert status != TOO_LARGE
        if status == SOLUTION:
            found.append(search.solution())
    return found


def assert_solves(n: int, cells: str, solution: str) -> None:
    """Fail unless the row-major ``solution`` obeys the rules and keeps the givens of ``cells``."""
    rows = [solution[r * n : (r + 1) * n] for r in range(n)]
    columns = [solution[c::n] for c in range(n)]
    for lines in (rows, columns):
        assert len(set(lines)) == n, f"repeated lines in {lines}"
        for line in lines:
            assert line.count("1") == n // 2, f"unbalanced line {line}"
            assert "000" not in line and "111" not in line, f"run of 3 in {line}"
    assert all(given in ("_", cell) for given, cell in zip(cells, solution)), "givens changed"


def test_search(benchmark: BenchmarkFixture, implementation: ModuleType, puzzles: PuzzleSet) -> None:
    """Kernel interface: build the Search, find the solution, run on to EXHAUSTED."""
    n = puzzles.n
    if implementation is _takuzu_py:
        skip_twin_past(f"N={n}", n, TWIN_MOST)
    label(benchmark, f"takuzu N={n}", puzzles)
    found = benchmark(lambda: [search_all(implementation, n, cells) for cells in puzzles.cells])
    for cells, solutions in zip(puzzles.texts, found):
        assert len(solutions) == 1, f"{len(solutions)} solutions"
        assert_solves(n, cells, solutions[0])


def test_facade(benchmark: BenchmarkFixture, puzzles: PuzzleSet) -> None:
    """Facade: ``takuzu.solve`` on the compiled kernel, from Puzzle to row strings."""
    label(benchmark, f"takuzu N={puzzles.n}", puzzles)
    with use_kernels("compiled"):
        solved = benchmark(lambda: [takuzu.solve(puzzle) for puzzle in puzzles.puzzles])
    for cells, rows in zip(puzzles.texts, solved):
        assert_solves(puzzles.n, cells, "".join(rows))


#: Minimal-givens puzzles from ``takuzu.generate`` at c480e1e, kept as made: "n/seed" for
#: the set of 50 (N = 12..20, seeds 0..9), and "hard/n/seed" for the puzzles of that set that
#: search took longest on at c480e1e (the four slowest of the set, 20/6 by far).
MINIMAL_PATH = Path(__file__).with_name("takuzu_minimal_puzzles.json")
#: Minimal-givens puzzles from ``takuzu.generate`` at 746b5b8, "n/seed": N = 16, 20, 24 (seeds
#: 0..3), 28 (0..2) and 32 (0..1); generate(32) took 365 s and 49 s to make the last two.
LARGE_PATH = Path(__file__).with_name("takuzu_minimal_large_puzzles.json")
#: Each set: its file, the keys' prefix, the sides taken, and whether the C++ solver can take
#: it (it lists every valid line of a side up front: 2**28 values and more are out of reach).
MINIMAL_SETS = {
    "set of 50": (MINIMAL_PATH, "", range(12, 21), True),
    "hard": (MINIMAL_PATH, "hard/", range(12, 21), True),
    "N=16..24": (LARGE_PATH, "", range(16, 25), True),
    "N=28..32": (LARGE_PATH, "", range(28, 33), False),
}


@cache
def minimal_set(name: str) -> PuzzleSet:
    """The stored minimal puzzles of the set ``name`` (a key of MINIMAL_SETS)."""
    path, prefix, sides, _ = MINIMAL_SETS[name]
    stored = json.loads(path.read_text())
    keys = sorted(key for key in stored if key.startswith(prefix) and (prefix or not key.startswith("hard/")))
    chosen = (takuzu.from_rows(stored[key]) for key in keys)
    return puzzle_set_of(0, tuple(p for p in chosen if p.n in sides))


@pytest.fixture(scope="module", params=list(MINIMAL_SETS))
def minimal(request: pytest.FixtureRequest) -> tuple[str, PuzzleSet]:
    """The set of 50 minimal puzzles, its slowest four (the slow 20x20 class), then the larger sides."""
    return request.param, minimal_set(request.param)


@pytest.fixture(scope="module")
def cpp_solver(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """bench/cpp/takuzu_lines.cpp built with g++ -O2 (skipped without g++)."""
    binary = build_cpp("takuzu_lines", tmp_path_factory.mktemp("cpp"))
    if binary is None:
        pytest.skip("no g++ to build the C++ line-candidate solver")
    return binary


def test_minimal_facade(benchmark: BenchmarkFixture, minimal: tuple[str, PuzzleSet]) -> None:
    """Facade: ``takuzu.solve`` (unique) on every stored minimal puzzle of the set."""
    name, puzzles = minimal
    benchmark.group = f"takuzu minimal {name}"
    benchmark.extra_info.update(puzzles=len(puzzles.puzzles), digest=puzzles.digest)
    with use_kernels("compiled"):
        solved = benchmark(lambda: [takuzu.solve(puzzle) for puzzle in puzzles.puzzles])
    for puzzle, cells, rows in zip(puzzles.puzzles, puzzles.texts, solved):
        assert_solves(puzzle.n, cells, "".join(rows))


def test_minimal_cpp(benchmark: BenchmarkFixture, minimal: tuple[str, PuzzleSet], cpp_solver: Path) -> None:
    """The C++ line-candidate solver on the same set, in the same run; extra_info holds its own total (no process start)."""
    name, puzzles = minimal
    if not MINIMAL_SETS[name][3]:
        pytest.skip(f"the C++ solver lists every valid line up front: out of reach for {name}")
    benchmark.group = f"takuzu minimal {name}"
    benchmark.extra_info.update(puzzles=len(puzzles.puzzles), digest=puzzles.digest)
    text = "".join(f"{p.n}\n" + "\n".join(p.rows) + "\n" for p in puzzles.puzzles)
    totals: list[float] = []

    def run() -> list[str]:
        lines = subprocess.run([str(cpp_solver)], input=text, capture_output=True, text=True, check=True).stdout.split()
        totals.append(sum(float(micros) for micros in lines[1::2]))
        return lines[0::2]

    counts = benchmark(run)
    benchmark.extra_info["cpp_median_total_ms"] = round(statistics.median(totals) / 1000, 3)
    assert counts == ["1"] * len(puzzles.puzzles)


# -- clause learning, and puzzles made without fastpuzzle ------------------------------


def learn_all(kernel: ModuleType, width: int, height: int, unique_rows: bool, cells: bytes) -> tuple[list[str], int]:
    """Every solution ``kernel.Learn`` finds, running it until EXHAUSTED, and its nodes."""
    search = kernel.Learn(width, height, unique_rows, cells)
    found = []
    while (status := search.next_solution(NODE_BUDGET)) != EXHAUSTED:
        assert status != TOO_LARGE
        if status == SOLUTION:
            found.append(search.solution())
    return found, search.nodes


def test_learn(benchmark: BenchmarkFixture, implementation: ModuleType, puzzles: PuzzleSet) -> None:
    """Kernel interface of the clause-learning search: build the Learn, find the solution, run on to EXHAUSTED."""
    n = puzzles.n
    if implementation is _takuzu_py:
        skip_twin_past(f"N={n}", n, TWIN_MOST)
    label(benchmark, f"takuzu N={n}", puzzles)
    found = benchmark(lambda: [learn_all(implementation, n, n, True, cells)[0] for cells in puzzles.cells])
    for cells, solutions in zip(puzzles.texts, found):
        assert len(solutions) == 1, f"{len(solutions)} solutions"
        assert_solves(n, cells, solutions[0])


#: Strictly minimal puzzles made by CaDiCaL alone (bench/takuzu_stress.py): "WxH/rule/seed".
STRESS_PATH = Path(__file__).with_name("takuzu_stress_puzzles.json")


@cache
def stress_classes() -> dict[str, list[takuzu.Puzzle]]:
    """The stored stress set by class ("WxH/rule"), each puzzle with its rule."""
    classes: dict[str, list[takuzu.Puzzle]] = {}
    for key, rows in sorted(json.loads(STRESS_PATH.read_text()).items()) if STRESS_PATH.exists() else []:
        size, rule, _ = key.split("/")
        classes.setdefault(f"{size}/{rule}", []).append(takuzu.from_rows(rows, unique_rows=rule == "distinct"))
    return classes


def distribution(times: list[float]) -> dict[str, float]:
    """Median, 99th percentile and maximum of ``times`` (seconds), in milliseconds."""
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return {
        name: round(1000 * value, 3)
        for name, value in (("median", statistics.median(ordered)), ("p99", p99), ("max", ordered[-1]))
    }


@pytest.fixture(scope="module", params=sorted(stress_classes()) or ["none"])
def stress(request: pytest.FixtureRequest) -> tuple[str, list[takuzu.Puzzle]]:
    """Each class of the stored stress set in turn."""
    if request.param == "none":
        pytest.skip(f"no stored stress set: python bench/takuzu_stress.py make --out {STRESS_PATH.name}")
    return request.param, stress_classes()[request.param]


def test_stress_facade(benchmark: BenchmarkFixture, stress: tuple[str, list[takuzu.Puzzle]]) -> None:
    """``takuzu.solve`` (unique) on every puzzle of a stress class; extra_info: each puzzle's time and nodes, as a
    distribution (median, p99, max), the share of the issue's 100 ms every puzzle must stay under."""
    name, puzzles = stress
    benchmark.group = f"takuzu stress {name}"
    times, nodes = [], []
    with use_kernels("compiled"):
        for puzzle in puzzles:
            began = time.perf_counter()
            takuzu.solve(puzzle)
            times.append(time.perf_counter() - began)
            nodes.append(learn_all(_takuzu_cy, puzzle.width, puzzle.height, puzzle.unique_rows, puzzle.cells)[1])
        solved = benchmark(lambda: [takuzu.solve(puzzle) for puzzle in puzzles])
    benchmark.extra_info.update(
        puzzles=len(puzzles), ms=distribution(times), nodes={"median": statistics.median(nodes), "max": max(nodes)}
    )
    for puzzle, rows in zip(puzzles, solved):
        assert all(given in ("_", cell) for given, cell in zip("".join(puzzle.rows), "".join(rows)))


def test_stress_cadical(benchmark: BenchmarkFixture, stress: tuple[str, list[takuzu.Puzzle]]) -> None:
    """CaDiCaL from Python (PySAT) on the same class, in the same run: the clauses built, a solution, and the
    proof that no other exists (bench/takuzu_stress.py's ``sat_solve``); extra_info as for the facade."""
    pytest.importorskip("pysat", reason="python-sat is in the bench extra")
    from takuzu_stress import Cnf, sat_solve

    name, puzzles = stress
    benchmark.group = f"takuzu stress {name}"
    first = puzzles[0]
    cnf = Cnf(first.width, first.height, first.unique_rows)  # the rules' clauses, built once and not timed
    rows = [list(puzzle.rows) for puzzle in puzzles]
    times = [sat_solve(grid, first.unique_rows, cnf) for grid in rows]
    benchmark.extra_info.update(puzzles=len(puzzles), ms=distribution(times))
    benchmark(lambda: [sat_solve(grid, first.unique_rows, cnf) for grid in rows])


@cache
def kernel_conflicts(name: str) -> list[int]:
    """The compiled kernel's conflicts on each puzzle of a stress class (the same for every encoding beside it)."""
    from takuzu_stress import kernel_effort

    return [kernel_effort(list(puzzle.rows), puzzle.unique_rows).conflicts for puzzle in stress_classes()[name]]


@pytest.mark.parametrize(
    ("solver", "counts"), [("glucose4", "seqcounter"), ("glucose4", "totalizer"), ("gluecard4", "native")]
)
def test_stress_counts(benchmark: BenchmarkFixture, solver: str, counts: str) -> None:
    """One clause solver (Glucose 4) on the stored 28x28 class with each line's balance written three ways:
    over a sequential counter's or a totalizer's own variables, or (Gluecard 4, Glucose's own search) as
    native cardinality constraints, whose reasons name cells only, as the kernel's do; extra_info: each
    puzzle's conflicts as a distribution, beside the kernel's (bench/takuzu_stress.py sat)."""
    pytest.importorskip("pysat", reason="python-sat is in the bench extra")
    from takuzu_stress import Cnf, sat_effort

    name = "28x28/distinct"
    if name not in stress_classes():
        pytest.skip(f"no {name} class in the stored stress set")
    puzzles = [list(puzzle.rows) for puzzle in stress_classes()[name]]
    benchmark.group = f"takuzu stress {name}, the balance written three ways"
    cnf = Cnf(28, 28, True, counts)
    conflicts = [sat_effort(rows, cnf, solver)[1] for rows in puzzles]
    ours = kernel_conflicts(name)
    benchmark.extra_info.update(
        puzzles=len(puzzles),
        conflicts={"median": statistics.median(conflicts), "max": max(conflicts)},
        kernel_conflicts={"median": statistics.median(ours), "max": max(ours)},
    )
    benchmark(lambda: [sat_effort(rows, cnf, solver) for rows in puzzles])


def test_stress_cpp(benchmark: BenchmarkFixture, stress: tuple[str, list[takuzu.Puzzle]], cpp_solver: Path) -> None:
    """The C++ line-candidate solver on a stress class it can take (square, distinct rule, N <= 24), in the same
    run; extra_info: its own per-puzzle times (no process start) as a distribution, and the facade's worst
    ratio to it on one puzzle (the issue's target: none over 1.5 x, for N <= 20)."""
    name, puzzles = stress
    first = puzzles[0]
    if not (first.unique_rows and first.width == first.height <= 24):
        pytest.skip("the C++ solver takes square grids under the distinct rule, and lists every line up front")
    benchmark.group = f"takuzu stress {name}"
    text = "".join(f"{p.height}\n" + "\n".join(p.rows) + "\n" for p in puzzles)

    def run() -> list[float]:
        lines = subprocess.run([str(cpp_solver)], input=text, capture_output=True, text=True, check=True).stdout.split()
        assert lines[0::2] == ["1"] * len(puzzles)
        return [float(micros) / 1e6 for micros in lines[1::2]]

    theirs = [min(times) for times in zip(*(run() for _ in range(3)))]
    ours = []
    with use_kernels("compiled"):
        for puzzle in puzzles:
            best = float("inf")
            for _ in range(3):
                began = time.perf_counter()
                takuzu.solve(puzzle)
                best = min(best, time.perf_counter() - began)
            ours.append(best)
    ratios = [mine / max(other, 1e-6) for mine, other in zip(ours, theirs)]
    benchmark.extra_info.update(
        puzzles=len(puzzles),
        ms=distribution(theirs),
        total_ratio=round(sum(ours) / sum(theirs), 3),
        worst_ratio=round(max(ratios), 2),
    )
    benchmark(run)


#: Fresh draws of 24 to 64, squares and rectangles, both rules: strictly minimal puzzles made by CaDiCaL
#: alone (``takuzu_stress.py make``, seeds 4700-4702) and, at 64, by ``takuzu.generate`` (keys ``generate-SEED``).
LARGE_STRESS_PATH = Path(__file__).with_name("takuzu_stress_large_puzzles.json")


def test_stress_large_against_cadical(benchmark: BenchmarkFixture) -> None:
    """Each large fresh puzzle once with ``takuzu.solve`` and once with CaDiCaL (solve and proof), one after
    the other; extra_info: per size and rule, fastpuzzle's worst time over CaDiCaL's on the same puzzle
    (the goal is at most 0.25) and both distributions."""
    pytest.importorskip("pysat", reason="python-sat is in the bench extra")
    from takuzu_stress import Cnf, sat_solve

    stored = json.loads(LARGE_STRESS_PATH.read_text())
    benchmark.group = "takuzu stress 24-64, fresh draws, against CaDiCaL"
    cnfs: dict[tuple[int, int, bool], Cnf] = {}
    per_class: dict[str, list[tuple[float, float]]] = {}

    def solve_all() -> None:
        for key, rows in sorted(stored.items()):
            size, rule, _ = key.split("/")
            puzzle = takuzu.from_rows(rows, unique_rows=rule == "distinct")
            began = time.perf_counter()
            takuzu.solve(puzzle)
            ours = time.perf_counter() - began
            shape = (puzzle.width, puzzle.height, puzzle.unique_rows)
            cnf = cnfs.setdefault(shape, Cnf(*shape))
            per_class.setdefault(f"{size}/{rule}", []).append((ours, sat_solve(rows, puzzle.unique_rows, cnf)))

    with use_kernels("compiled"):
        benchmark.pedantic(solve_all, rounds=1, iterations=1)
    benchmark.extra_info.update(
        {
            name: {
                "worst_ratio": round(max(ours / theirs for ours, theirs in times), 3),
                "fastpuzzle_ms": distribution([ours for ours, _ in times]),
                "cadical_ms": distribution([theirs for _, theirs in times]),
            }
            for name, times in sorted(per_class.items())
        }
    )


#: Strictly minimal puzzles from ``takuzu.generate`` at 64x64 and 64x48 (minutes each to make).
GENERATED_PATH = Path(__file__).with_name("takuzu_generated_puzzles.json")


def test_generated_large(benchmark: BenchmarkFixture) -> None:
    """``takuzu.solve`` on each stored generated 64x64 / 64x48 puzzle (the issue's target: each under 1 s)."""
    if not GENERATED_PATH.exists():
        pytest.skip(f"no {GENERATED_PATH.name}")
    stored = json.loads(GENERATED_PATH.read_text())
    puzzles = [
        takuzu.from_rows(rows, unique_rows=key.split("/")[1] == "distinct") for key, rows in sorted(stored.items())
    ]
    benchmark.group = "takuzu generated 64x64, 64x48"
    times = []
    with use_kernels("compiled"):
        for puzzle in puzzles:
            began = time.perf_counter()
            takuzu.solve(puzzle)
            times.append(time.perf_counter() - began)
    benchmark.extra_info.update(puzzles=len(puzzles), ms=distribution(times), keys=sorted(stored))
    benchmark.pedantic(lambda: [takuzu.solve(puzzle) for puzzle in puzzles], rounds=1, iterations=1)


#: Shapes no grid has under the distinct rule (width, height): the search took 35 s to forever on them.
IMPOSSIBLE_SHAPES = ((6, 16), (16, 6), (6, 64), (8, 36))
#: Blank grids that a count by listing would grind on: refused at once as too open to count.
TOO_OPEN_SHAPES = ((34, 34), (40, 40), (64, 64))


@pytest.mark.parametrize("kernels", ["compiled", "twin"])
def test_impossible_shapes(benchmark: BenchmarkFixture, kernels: str) -> None:
    """``solve`` and ``count_solutions`` of each blank impossible shape (the target: each under a second)."""
    grids = [["_" * width] * height for width, height in IMPOSSIBLE_SHAPES]
    benchmark.group = "takuzu impossible shapes"

    def answer_all() -> list[int]:
        counts = []
        for rows in grids:
            with pytest.raises(NoSolutionError):
                takuzu.solve(rows)
            counts.append(takuzu.count_solutions(rows))
        return counts

    with use_kernels(kernels):
        assert benchmark(answer_all) == [0] * len(grids)


def test_too_open_counts(benchmark: BenchmarkFixture) -> None:
    """``count_solutions`` of blank grids above 32x32: refused at once (exit 4 on the command line)."""
    grids = [["_" * width] * height for width, height in TOO_OPEN_SHAPES]
    benchmark.group = "takuzu too open to count"

    def refuse_all() -> int:
        refused = 0
        for rows in grids:
            with pytest.raises(PuzzleTooLargeError, match="too open to count"):
                takuzu.count_solutions(rows)
            refused += 1
        return refused

    with use_kernels("compiled"):
        assert benchmark(refuse_all) == len(grids)
