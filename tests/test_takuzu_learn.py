"""The 01 game's clause-learning search, compiled and twin, against each other and a brute-force reference.

Every shape with even sides and both rules: rows and columns all distinct (the
contest's, Unruly's ``u``) or free to repeat (Unruly's default).
"""

from __future__ import annotations

import random
from array import array
from itertools import product
from types import ModuleType
from typing import Any, Optional

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from conftest import examples
from fastpuzzle import NoSolutionError, Status, takuzu
from fastpuzzle.takuzu import _kernel as _takuzu_cy
from fastpuzzle.takuzu import _twin as _takuzu_py
from reference_takuzu import agrees, takuzu_all_grids, takuzu_grid_ok, takuzu_line_ok, takuzu_solutions

KERNELS = [_takuzu_cy, _takuzu_py]
#: Shapes small enough for the brute-force reference.
SMALL = [(2, 2), (4, 4), (2, 4), (4, 2), (6, 4), (4, 6), (6, 6), (2, 6), (6, 2), (8, 2), (2, 8), (8, 4)]
#: Past this many solutions, a listing stops.
LISTING_LIMIT = 200


def cell_codes(rows: tuple[str, ...]) -> bytes:
    return "".join(rows).encode().translate(bytes.maketrans(b"01_", b"\x00\x01\x02"))


def listing(kernel: ModuleType, rows: tuple[str, ...], unique_rows: bool, limit: int = LISTING_LIMIT) -> list[str]:
    """Up to ``limit`` solutions straight from a kernel's Learn, as cell strings."""
    search = kernel.Learn(len(rows[0]), len(rows), unique_rows, cell_codes(rows))
    found: list[str] = []
    while len(found) < limit:
        status = search.next_solution(1000)
        if status == Status.EXHAUSTED:
            break
        if status == Status.SOLUTION:
            found.append(search.solution())
    return found


def trace(
    kernel: ModuleType, rows: tuple[str, ...], unique_rows: bool, learnt_limit: int = 0
) -> tuple[list[str], int, int]:
    """Every solution (up to the limit), the nodes and the conflicts: what kernel and twin must share."""
    search = kernel.Learn(len(rows[0]), len(rows), unique_rows, cell_codes(rows), learnt_limit)
    found: list[str] = []
    while len(found) < 40 and (status := search.next_solution(1 << 40)) != Status.EXHAUSTED:
        if status == Status.SOLUTION:
            found.append(search.solution())
    return found, search.nodes, search.conflicts


def rows_of(cells: str, width: int) -> tuple[str, ...]:
    return tuple(cells[start : start + width] for start in range(0, len(cells), width))


@st.composite
def puzzles(draw: st.DrawFn, shapes: list[tuple[int, int]] = SMALL) -> tuple[tuple[str, ...], bool]:
    """Givens drawn from a valid grid (solvable) or at random (most without a solution), and the rule."""
    width, height = draw(st.sampled_from(shapes))
    unique_rows: bool = draw(st.booleans())
    grids = takuzu_all_grids(width, height, unique_rows)
    from_a_grid: bool = draw(st.booleans())
    if grids and from_a_grid:
        grid = draw(st.sampled_from(grids))
        keep = draw(st.lists(st.booleans(), min_size=width * height, max_size=width * height))
        cells = [grid[r][c] if keep[r * width + c] else "_" for r in range(height) for c in range(width)]
    else:
        cells = draw(st.lists(st.sampled_from("01____"), min_size=width * height, max_size=width * height))
    return rows_of("".join(cells), width), unique_rows


@pytest.mark.parametrize("kernel", KERNELS, ids=["compiled", "twin"])
@settings(max_examples=examples(400), deadline=None)
@given(puzzle=puzzles())
def test_solutions_are_the_reference_ones(kernel: ModuleType, puzzle: tuple[tuple[str, ...], bool]) -> None:
    rows, unique_rows = puzzle
    expected = takuzu_solutions(rows, unique_rows)
    found = [rows_of(cells, len(rows[0])) for cells in listing(kernel, rows, unique_rows)]
    assert len(found) == len(set(found)) == min(len(expected), LISTING_LIMIT)
    assert set(found) <= set(expected)


@settings(max_examples=examples(150), deadline=None)
@given(
    width=st.sampled_from(range(2, 15, 2)),
    height=st.sampled_from(range(2, 15, 2)),
    unique_rows=st.booleans(),
    density=st.floats(0, 0.6),
    learnt_limit=st.sampled_from([0, 0, 1, 4, 16]),
    data=st.data(),
)
def test_kernel_and_twin_search_alike(
    width: int, height: int, unique_rows: bool, density: float, learnt_limit: int, data: st.DataObject
) -> None:
    """The same solutions in the same order, the same nodes and the same conflicts; with a low
    ``learnt_limit``, through the dropping and vivifying of learnt clauses too."""
    cells = data.draw(
        st.lists(
            st.sampled_from("01") if density > 0.5 else st.sampled_from("01" + "_" * int(8 * (1 - density))),
            min_size=width * height,
            max_size=width * height,
        )
    )
    rows = rows_of("".join(cells), width)
    assert trace(_takuzu_cy, rows, unique_rows, learnt_limit) == trace(_takuzu_py, rows, unique_rows, learnt_limit)


@settings(max_examples=examples(40), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), shape=st.sampled_from([(10, 10), (12, 8), (8, 14)]), unique_rows=st.booleans())
def test_kernel_and_twin_agree_on_generated_puzzles(seed: int, shape: tuple[int, int], unique_rows: bool) -> None:
    puzzle = takuzu.generate(*shape, seed=seed, unique_rows=unique_rows)
    compiled = trace(_takuzu_cy, puzzle.rows, unique_rows)
    assert compiled == trace(_takuzu_py, puzzle.rows, unique_rows)
    (solution,) = compiled[0]
    assert takuzu_grid_ok(rows_of(solution, shape[0]), unique_rows)


@pytest.mark.parametrize("kernel", KERNELS, ids=["compiled", "twin"])
@pytest.mark.parametrize(("width", "height"), SMALL)
@pytest.mark.parametrize("unique_rows", [True, False])
def test_blank_grids_count_as_the_reference(kernel: ModuleType, width: int, height: int, unique_rows: bool) -> None:
    """Counting excludes each solution by the clause of its decisions: no solution twice, none missed."""
    expected = len(takuzu_all_grids(width, height, unique_rows))
    if kernel is _takuzu_py and expected > 2000:
        pytest.skip(f"{expected} solutions take the twin too long; the compiled kernel counts them")
    search = kernel.Learn(width, height, unique_rows, bytes([2]) * (width * height))
    while search.count(1 << 40, 0) == Status.PAUSED:
        pass
    assert search.found == expected


@pytest.mark.parametrize("kernel", KERNELS, ids=["compiled", "twin"])
@pytest.mark.parametrize(("width", "height"), [(6, 4), (8, 4), (4, 8), (6, 6)])
@pytest.mark.parametrize("unique_rows", [True, False])
def test_counts_hold_while_learnt_clauses_are_dropped_and_vivified(
    kernel: ModuleType, width: int, height: int, unique_rows: bool
) -> None:
    """With a learnt_limit of 1, every return to level 0 drops learnt clauses and vivifies what its
    budget allows: counting, whose exclusions make conflict after conflict, must still find each
    solution once."""
    expected = len(takuzu_all_grids(width, height, unique_rows))
    if kernel is _takuzu_py and expected > 2000:
        pytest.skip(f"{expected} solutions take the twin too long; the compiled kernel counts them")
    search = kernel.Learn(width, height, unique_rows, bytes([2]) * (width * height), 1)
    while search.count(1 << 40, 0) == Status.PAUSED:
        pass
    assert search.found == expected


@pytest.mark.parametrize(("width", "height"), [(6, 4), (8, 4), (4, 8), (10, 4)])
@pytest.mark.parametrize("unique_rows", [True, False])
@pytest.mark.parametrize("learnt_limit", [1, 16])
def test_kernel_and_twin_count_alike_while_reducing(
    width: int, height: int, unique_rows: bool, learnt_limit: int
) -> None:
    """Counting blank grids with a low learnt_limit: the same count, nodes and conflicts, through every
    dropping and vivifying of learnt clauses."""
    traces = []
    for kernel in KERNELS:
        search = kernel.Learn(width, height, unique_rows, bytes([2]) * (width * height), learnt_limit)
        while search.count(1 << 40, 500) == Status.PAUSED:
            pass
        traces.append((search.found, search.nodes, search.conflicts))
    assert traces[0] == traces[1]


def test_square_counts_are_oeis_a253316() -> None:
    """Blank N x N grids under the distinct rule: 2, 72, 4140, 4111116 (OEIS A253316)."""
    for n, total in ((2, 2), (4, 72), (6, 4140)):
        search = _takuzu_cy.Learn(n, n, True, bytes([2]) * (n * n))
        while search.count(1 << 40, 0) == Status.PAUSED:
            pass
        assert search.found == total
    assert takuzu.count_solutions(["_" * 8] * 8) == 4111116


@pytest.mark.parametrize("kernel", KERNELS, ids=["compiled", "twin"])
def test_count_stops_at_its_limit_and_goes_on(kernel: ModuleType) -> None:
    search = kernel.Learn(6, 4, False, bytes([2]) * 24)
    assert search.count(1 << 40, 5) == Status.SOLUTION and search.found == 5
    while search.count(1 << 40, 0) == Status.PAUSED:
        pass
    assert search.found == len(takuzu_all_grids(6, 4, False))


@pytest.mark.parametrize("kernel", KERNELS, ids=["compiled", "twin"])
def test_a_small_budget_pauses_and_resumes_to_the_same_end(kernel: ModuleType) -> None:
    rows = takuzu.generate(12, seed=4).rows
    whole = trace(kernel, rows, True)
    search = kernel.Learn(12, 12, True, cell_codes(rows))
    found: list[str] = []
    statuses: list[int] = []
    while (status := search.next_solution(3)) != Status.EXHAUSTED:
        statuses.append(status)
        if status == Status.SOLUTION:
            found.append(search.solution())
    assert (found, search.nodes, search.conflicts) == whole
    assert Status.PAUSED in statuses or search.nodes == 0


@pytest.mark.parametrize("kernel", KERNELS, ids=["compiled", "twin"])
def test_exclude_and_prefer_steer_the_search(kernel: ModuleType) -> None:
    width, height = 6, 4
    every = set(listing(kernel, ("_" * width,) * height, False, limit=10**6))
    assert len(every) == len(takuzu_all_grids(width, height, False))
    picture = min(every)
    search = kernel.Learn(width, height, False, bytes([2]) * (width * height))
    search.prefer(bytes(int(c) for c in picture))
    assert search.next_solution(1 << 40) == Status.SOLUTION and search.solution() == picture
    # Only solutions that differ from the picture in its first row are left.
    fresh = kernel.Learn(width, height, False, bytes([2]) * (width * height))
    fresh.exclude(bytes(int(c) for c in picture), bytes([1] * width + [0] * (width * (height - 1))))
    rest: list[str] = []
    while (status := fresh.next_solution(1 << 40)) != Status.EXHAUSTED:
        if status == Status.SOLUTION:
            rest.append(fresh.solution())
    assert set(rest) == {cells for cells in every if cells[:width] != picture[:width]}


@pytest.mark.parametrize("n", range(2, 13, 2))
def test_line_digits_are_the_valid_lines_union(n: int) -> None:
    """What the exact line propagator allows is what the valid lines agreeing with the givens hold."""
    lines = ["".join(bits) for bits in product("01", repeat=n) if takuzu_line_ok("".join(bits))]
    for givens in product("01_", repeat=n) if n <= 8 else [("_",) * n, ("1",) + ("_",) * (n - 1)]:
        ones = sum(1 << i for i, g in enumerate(givens) if g == "1")
        zeros = sum(1 << i for i, g in enumerate(givens) if g == "0")
        fitting = [line for line in lines if agrees(("".join(givens),), (line,))]
        may_one = sum(1 << i for i in range(n) if any(line[i] == "1" for line in fitting))
        may_zero = sum(1 << i for i in range(n) if any(line[i] == "0" for line in fitting))
        assert _takuzu_py.line_digits_of(n, ones, zeros) == (may_one, may_zero)
        assert _takuzu_cy.line_digits_of(n, ones, zeros) == (may_one, may_zero)


@settings(max_examples=examples(300), deadline=None)
@given(n=st.sampled_from(range(2, 65, 2)), data=st.data())
def test_long_lines_propagate_alike(n: int, data: st.DataObject) -> None:
    """Up to 64 cells, where no list of lines fits: kernel and twin give the same cells."""
    givens = data.draw(st.lists(st.sampled_from("01____"), min_size=n, max_size=n))
    ones = sum(1 << i for i, g in enumerate(givens) if g == "1")
    zeros = sum(1 << i for i, g in enumerate(givens) if g == "0")
    may = _takuzu_cy.line_digits_of(n, ones, zeros)
    assert may == _takuzu_py.line_digits_of(n, ones, zeros)
    may_one, may_zero = may
    assert may_one & zeros == 0 and may_zero & ones == 0
    assert (may_one | may_zero) in (0, (1 << n) - 1)


def _stuck(n: int, ones: int, zeros: int) -> bool:
    return _takuzu_py.line_digits_of(n, ones, zeros) == (0, 0)


@settings(max_examples=examples(400), deadline=None)
@given(n=st.sampled_from(range(2, 65, 2)), data=st.data())
def test_line_reasons_are_minimal_and_alike(n: int, data: st.DataObject) -> None:
    """A reason (or a conflict) of the exact line propagator: kernel and twin keep the same cells, the
    kept cells alone leave the line without a valid completion, and no kept cell can go."""
    givens = data.draw(st.lists(st.sampled_from("0011_"), min_size=n, max_size=n))
    ones = sum(1 << i for i, g in enumerate(givens) if g == "1")
    zeros = sum(1 << i for i, g in enumerate(givens) if g == "0")
    may_one, may_zero = _takuzu_py.line_digits_of(n, ones, zeros)
    if may_one | may_zero:
        # A forced cell with its other digit makes a line without completion, as the propagator reads it.
        forced = [i for i in range(n) if not (ones | zeros) >> i & 1 and (may_one ^ may_zero) >> i & 1]
        assume(forced)
        target = data.draw(st.sampled_from(forced))
        if may_one >> target & 1:
            zeros |= 1 << target
        else:
            ones |= 1 << target
    else:
        target = -1
    kept = _takuzu_cy.line_reason_of(n, ones, zeros, target)
    assert kept == _takuzu_py.line_reason_of(n, ones, zeros, target)
    assert kept & ~(ones | zeros) == 0 and (target < 0 or not kept >> target & 1)
    with_target = kept | (1 << target if target >= 0 else 0)
    assert _stuck(n, ones & with_target, zeros & with_target)
    for i in range(n):
        if kept >> i & 1:
            rest = with_target & ~(1 << i)
            assert not _stuck(n, ones & rest, zeros & rest), f"cell {i} need not be kept"


@settings(max_examples=examples(60), deadline=None)
@given(puzzle=puzzles([(4, 4), (6, 4), (4, 6), (6, 6), (8, 4)]))
def test_the_facade_proves_uniqueness_as_brute_force(puzzle: tuple[tuple[str, ...], bool]) -> None:
    rows, unique_rows = puzzle
    expected = takuzu_solutions(rows, unique_rows)
    checked = takuzu.from_rows(rows, unique_rows=unique_rows)
    if len(expected) == 1:
        assert takuzu.solve(checked) == expected[0]
    elif not expected:
        with pytest.raises(NoSolutionError):
            takuzu.solve(checked)
    else:
        with pytest.raises(ValueError, match="more than one solution"):
            takuzu.solve(checked)
    assert takuzu.count_solutions(checked) == len(expected)


@pytest.mark.parametrize("kernel", KERNELS, ids=["compiled", "twin"])
@settings(max_examples=examples(60), deadline=None)
@given(
    puzzle=puzzles([(4, 4), (6, 4), (4, 6), (6, 6)]),
    flips=st.lists(st.integers(0, 35), max_size=6),
    order=st.none() | st.permutations(range(36)),
)
def test_assumptions_answer_as_givens_do(
    kernel: ModuleType, puzzle: tuple[tuple[str, ...], bool], flips: list[int], order: Optional[list[int]]
) -> None:
    """One search of the blank grid, asked in turn about several sets of givens, answers each as a
    fresh search of those givens would: what it learns under one set holds for the next, and so do
    the decision levels assume() keeps from the last set, in any order of the assumptions."""
    rows, unique_rows = puzzle
    width, height = len(rows[0]), len(rows)
    search = kernel.Learn(width, height, unique_rows, bytes([2]) * (width * height))
    cells = bytearray(cell_codes(rows))
    decided = None if order is None else array("i", [p for p in order if p < len(cells)])
    for flip in [-1, *flips]:
        if 0 <= flip < len(cells) and cells[flip] != 2:
            cells[flip] ^= 1
        search.assume(bytes(cells), decided)
        while (status := search.next_solution(1 << 40)) == Status.PAUSED:
            pass
        expected = takuzu_solutions(rows_of("".join("01_"[c] for c in cells), width), unique_rows)
        assert (status == Status.SOLUTION) == bool(expected)
        if status == Status.SOLUTION:
            assert rows_of(search.solution(), width) in expected


def all_solutions(search: Any) -> tuple[int, set[str]]:
    """How many solutions ``search`` has, and all of them when there are at most LISTING_LIMIT."""
    count, found = 0, set()
    while (status := search.next_solution(1 << 40)) != Status.EXHAUSTED:
        if status == Status.SOLUTION:
            count += 1
            if count <= LISTING_LIMIT:
                found.add(search.solution())
    return count, found if count <= LISTING_LIMIT else set()


@pytest.mark.parametrize("kernel", KERNELS, ids=["compiled", "twin"])
@settings(max_examples=examples(40), deadline=None)
@given(
    shape=st.sampled_from([(6, 6), (8, 8), (10, 6), (6, 10), (8, 6)]),
    unique_rows=st.booleans(),
    seed=st.integers(0, 2**16),
    keep=st.floats(0.3, 0.9),
    most=st.sampled_from([0, 2, 4, 8, 1000]),
    learnt_limit=st.sampled_from([0, 1, 8]),
)
def test_clauses_learnt_under_assumptions_serve_a_search_of_givens(
    kernel: ModuleType, shape: tuple[int, int], unique_rows: bool, seed: int, keep: float, most: int, learnt_limit: int
) -> None:
    """generate()'s walk in one search of the blank grid, then searches of other givens (some of a solved
    grid, a few of them changed) that take what it learnt, as generate()'s hard checks do: each finds
    exactly the solutions a search of the same givens alone finds. With a low learnt_limit the walk's
    clauses are dropped and vivified on the way."""
    width, height = shape
    rng = random.Random(seed)
    solved = cell_codes(takuzu.solve(takuzu.generate(width, height, seed=seed, unique_rows=unique_rows)))
    one = kernel.Learn(width, height, unique_rows, bytes([2]) * len(solved), learnt_limit)
    givens = bytearray(solved)
    places = list(range(len(givens)))
    rng.shuffle(places)
    for p in places:
        givens[p] ^= 1
        one.assume(bytes(givens), None)
        while (status := one.next_solution(1 << 40)) == Status.PAUSED:
            pass
        givens[p] = givens[p] ^ 1 if status == Status.SOLUTION else 2
    for _ in range(4):
        cells = bytes(2 if rng.random() > keep else digit ^ (rng.random() < 0.05) for digit in solved)
        own = kernel.Learn(width, height, unique_rows, cells)
        own.learn_from(one, most)
        alone = kernel.Learn(width, height, unique_rows, cells)
        assert all_solutions(own) == all_solutions(alone)


@settings(max_examples=examples(40), deadline=None)
@given(
    shape=st.sampled_from([(8, 8), (10, 6), (6, 10)]),
    unique_rows=st.booleans(),
    seed=st.integers(0, 2**16),
    share=st.floats(0, 1),
    order=st.randoms(use_true_random=False),
    checked_last_first=st.booleans(),
    learnt_limit=st.sampled_from([0, 1, 8]),
)
def test_kernel_and_twin_assume_alike(
    shape: tuple[int, int],
    unique_rows: bool,
    seed: int,
    share: float,
    order: Any,
    checked_last_first: bool,
    learnt_limit: int,
) -> None:
    """A generator's walk: drop givens one by one under assumptions; the same answers, nodes and conflicts.

    The givens are a generated puzzle's solution, some of them changed (most such grids have no solution).
    With checked_last_first, the assumptions are decided in the reverse order of the walk, as generate()
    decides them: each assume() then keeps the levels of the givens still to be checked.
    """
    width, height = shape
    solution = takuzu.solve(takuzu.generate(width, height, seed=seed, unique_rows=unique_rows))
    order.seed(seed)
    rows = tuple("".join(c if order.random() >= share else "10"[int(c)] for c in row) for row in solution)
    traces = []
    for kernel in KERNELS:
        search = kernel.Learn(width, height, unique_rows, bytes([2]) * (width * height), learnt_limit)
        cells = bytearray(cell_codes(rows))
        places = [p for p in range(len(cells)) if cells[p] != 2]
        order.seed(0)
        order.shuffle(places)
        decided = array("i", [*reversed(places), *(p for p in range(len(cells)) if cells[p] == 2)])
        answers = []
        for p in places:
            cells[p] ^= 1
            search.assume(bytes(cells), decided if checked_last_first else None)
            while (status := search.next_solution(1 << 40)) == Status.PAUSED:
                pass
            answers.append(status)
            cells[p] = cells[p] ^ 1 if status == Status.SOLUTION else 2
        # A search of the givens left, which takes what the walk learnt: alike too.
        own = kernel.Learn(width, height, unique_rows, bytes(cells))
        own.learn_from(search, 12)
        while (status := own.next_solution(1 << 40)) == Status.PAUSED:
            pass
        traces.append((answers, search.nodes, search.conflicts, status, own.nodes, own.conflicts))
    assert traces[0] == traces[1]


def stress_tool() -> ModuleType:
    """bench/takuzu_stress.py, loaded by path (bench is not a package)."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "bench" / "takuzu_stress.py"
    spec = importlib.util.spec_from_file_location("takuzu_stress", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(("width", "height"), [(4, 4), (6, 4), (4, 6)])
@pytest.mark.parametrize("unique_rows", [True, False])
def test_the_stress_tools_variants_are_the_same_puzzle(width: int, height: int, unique_rows: bool) -> None:
    """Each of the 16 symmetric variants the stress tool judges a change on has the puzzle's solutions,
    turned, mirrored and swapped alike; and the 16 are 16 different grids when the puzzle has no symmetry."""
    variants_of = stress_tool().symmetric_variants
    rng = random.Random(width * 100 + height * 10 + unique_rows)
    for _ in range(20):
        rows = tuple("".join(rng.choice("01____") for _ in range(width)) for _ in range(height))
        solutions = takuzu_solutions(rows, unique_rows)
        for i, variant in enumerate(variants_of(list(rows))):
            expected = sorted(tuple(variants_of(list(solution))[i]) for solution in solutions)
            assert sorted(takuzu_solutions(tuple(variant), unique_rows)) == expected, (rows, i)
    asymmetric = ["0__1_0", "_1____", "1_____", "___0__"]
    assert len({tuple(grid) for grid in variants_of(asymmetric)}) == 16


def test_the_stress_tools_effort_splits_the_conflicts_at_the_solution() -> None:
    """kernel_effort's conflicts before the solution and in all are the twin's, node for node, on a stored
    puzzle whose proof of uniqueness takes conflicts of its own."""
    import json

    tool = stress_tool()
    rows = json.loads(tool.STRESS_SET.read_text())["16x10/distinct/3"]
    twin = _takuzu_py.Learn(len(rows[0]), len(rows), True, cell_codes(tuple(rows)))
    at_solutions = []
    while (status := twin.next_solution(1 << 40)) != 0:
        if status == 1:
            at_solutions.append(twin.conflicts)
    effort = tool.kernel_effort(rows, True)
    assert len(at_solutions) == 1
    assert (effort.conflicts_to_solution, effort.conflicts, effort.nodes) == (
        at_solutions[0],
        twin.conflicts,
        twin.nodes,
    )
    assert 0 < effort.conflicts_to_solution < effort.conflicts


def test_the_stress_tools_run_table_names_each_sizes_worst_puzzle() -> None:
    """run's table gives per size and rule the ratio of the totals and the puzzle that is slowest against
    CaDiCaL: not the slowest one, nor the one of the most nodes."""
    tool = stress_tool()
    timings = [
        tool.Timing("32x32/distinct/1", 0.200, 2.000, 900),  # the slowest, at 0.1 x
        tool.Timing("32x32/distinct/2", 0.050, 0.100, 40),  # the worst ratio, 0.5 x
        tool.Timing("32x32/distinct/3", 0.010, 0.400, 10),
        tool.Timing("8x12/free/4", 0.001, 0.004, 3),
    ]
    header, rule, *rows = tool.run_table(timings)
    assert "worst puzzle's ratio" in header and header.count("|") == rule.count("|")
    assert [row.split(" | ")[0] for row in rows] == ["| 32x32/distinct", "| 8x12/free"]
    cells = rows[0].split(" | ")
    assert cells[1] == "3"
    assert cells[4] == f"{0.26 / 2.5:.3f}"
    assert cells[5] == "0.500 (32x32/distinct/2)"
    assert cells[6] == "40 / 900 |"
    assert rows[1].split(" | ")[5] == "0.250 (8x12/free/4)"
