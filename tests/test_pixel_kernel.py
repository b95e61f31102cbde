"""The pixel-placement kernel and its twin against each other and a brute-force reference."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from types import ModuleType
from typing import Any, Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import examples, kernel_fixture
from fastpuzzle import MultipleSolutionsError, NoSolutionError, ParseError, Status, pixel
from fastpuzzle import errors as fastpuzzle_errors
from fastpuzzle.pixel import _kernel as _pixel_cy
from fastpuzzle.pixel import _twin as _pixel_py
from reference_pixel import (
    pixel_brute_force,
    pixel_clues_hold,
    pixel_clues_of,
    pixel_count,
    pixel_solutions,
)

MAX_STATES = pixel.MAX_STATES

pixel_kernel = kernel_fixture("pixel")

ENUMERATION_LIMIT = 40

needs_kernel_assertions = pytest.mark.skipif(
    not _pixel_cy.ASSERTIONS,
    reason="the compiled kernel was built without assertions (CYTHON_WITHOUT_ASSERTIONS) or runs under "
    "python -O: it trusts its input and checks nothing",
)


@pytest.fixture(
    params=[
        pytest.param(_pixel_cy, id="kernel", marks=needs_kernel_assertions),
        pytest.param(_pixel_py, id="twin"),
    ]
)
def checked_kernel(request: pytest.FixtureRequest) -> ModuleType:
    """The kernel (when its assertions are compiled in) and the twin, for precondition tests."""
    module: ModuleType = request.param
    return module


def codes(text: str) -> bytes:
    """Row-major cells as the kernel takes them: a clue's digit as its value, '_' as NO_CLUE."""
    assert _pixel_cy.NO_CLUE == _pixel_py.NO_CLUE
    return bytes(_pixel_py.NO_CLUE if char == "_" else int(char) for char in text)


def enumerate_solutions(
    kernel: ModuleType, rows: tuple[str, ...], limit: int = ENUMERATION_LIMIT
) -> list[tuple[str, ...]]:
    """Up to ``limit`` solutions straight from a kernel, as row strings."""
    search = kernel.Search(len(rows), len(rows[0]), codes("".join(rows)), MAX_STATES)
    return listed(search, len(rows[0]), limit)


def listed(search: Any, m: int, limit: int) -> list[tuple[str, ...]]:
    """Up to ``limit`` solutions of a kernel's Search or Learn over ``m`` columns, as row strings."""
    found: list[tuple[str, ...]] = []
    while len(found) < limit:
        status = search.next_solution(100)
        assert status != Status.TOO_LARGE
        if status == Status.EXHAUSTED:
            break
        if status == Status.SOLUTION:
            cells = search.solution()
            found.append(tuple(cells[r * m : (r + 1) * m] for r in range(len(cells) // m)))
    return found


def count(kernel: ModuleType, rows: tuple[str, ...], limit: int = 0, budget: int = 1000) -> int:
    """A kernel's count of the solutions of ``rows``."""
    search = kernel.Search(len(rows), len(rows[0]), codes("".join(rows)), MAX_STATES)
    while (status := search.count(budget, limit)) == Status.PAUSED:
        pass
    assert status in (Status.EXHAUSTED, Status.SOLUTION)
    return int(search.found)


def sparse(rows: tuple[str, ...], keep: list[bool]) -> tuple[str, ...]:
    m = len(rows[0])
    return tuple("".join(ch if keep[r * m + c] else "_" for c, ch in enumerate(row)) for r, row in enumerate(rows))


def change_clues(draw: st.DrawFn, rows: list[list[str]], most: int) -> None:
    """Set up to ``most`` random cells of ``rows`` to a random clue their block can hold."""
    n, m = len(rows), len(rows[0])
    for _ in range(draw(st.integers(0, most))):
        r, c = draw(st.integers(0, n - 1)), draw(st.integers(0, m - 1))
        cells = (min(r + 1, n - 1) - max(r - 1, 0) + 1) * (min(c + 1, m - 1) - max(c - 1, 0) + 1)
        rows[r][c] = str(draw(st.integers(0, cells)))


@st.composite
def puzzles(draw: st.DrawFn, max_side: int = 5) -> tuple[str, ...]:
    """A random picture's clues, a random subset kept, and now and then a clue changed.

    Keeping few clues gives several solutions; a changed clue (still within its
    block) often gives none.
    """
    n = draw(st.integers(1, max_side))
    m = draw(st.integers(1, max_side))
    picture = tuple("".join(draw(st.lists(st.sampled_from("01"), min_size=m, max_size=m))) for _ in range(n))
    share = draw(st.sampled_from((0.1, 0.4, 0.7, 1.0)))
    keep = [draw(st.floats(0, 1)) < share for _ in range(n * m)]
    rows = [list(row) for row in sparse(pixel_clues_of(picture), keep)]
    change_clues(draw, rows, 2)
    return tuple("".join(row) for row in rows)


@settings(max_examples=examples(300), deadline=None)
@given(puzzles())
def test_random_puzzles_match_reference(pixel_kernel: ModuleType, puzzle: tuple[str, ...]) -> None:
    total = pixel_count(puzzle)
    assert count(pixel_kernel, puzzle) == total
    expected = set(pixel_solutions(puzzle, ENUMERATION_LIMIT + 1))
    found = enumerate_solutions(pixel_kernel, puzzle)
    assert len(found) == len(set(found)) == min(total, ENUMERATION_LIMIT)
    if total <= ENUMERATION_LIMIT:
        assert set(found) == expected
    else:
        assert all(pixel_clues_hold(puzzle, picture) for picture in found)


@pytest.mark.parametrize("shape", [(1, 1), (1, 2), (1, 3), (1, 5), (2, 1), (2, 2), (2, 3), (3, 1), (3, 2), (4, 2)])
def test_every_full_clue_set_of_small_shapes(pixel_kernel: ModuleType, shape: tuple[int, int]) -> None:
    """Every picture of the shape, with all its clues: the kernel lists exactly the brute-force solutions."""
    n, m = shape
    for bits in range(1 << (n * m)):
        picture = tuple("".join("1" if bits >> (r * m + c) & 1 else "0" for c in range(m)) for r in range(n))
        clues = pixel_clues_of(picture)
        found = enumerate_solutions(pixel_kernel, clues)
        assert picture in found
        assert sorted(found) == sorted(pixel_brute_force(clues))


@settings(max_examples=examples(25), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), shape=st.sampled_from(((8, 8), (9, 11), (11, 9))), data=st.data())
def test_kernel_matches_twin_on_larger_grids(seed: int, shape: tuple[int, int], data: st.DataObject) -> None:
    puzzle = pixel.generate(*shape, seed=seed).rows
    # Drop about a quarter of the clues so that several solutions appear too.
    cells = shape[0] * shape[1]
    keep = data.draw(st.lists(st.sampled_from((True, True, True, False)), min_size=cells, max_size=cells))
    loosened = sparse(puzzle, keep)
    kernel = enumerate_solutions(_pixel_cy, loosened, 30)
    twin = enumerate_solutions(_pixel_py, loosened, 30)
    if len(kernel) < 30:
        assert set(kernel) == set(twin)
    else:
        assert len(twin) == 30
    assert all(pixel_clues_hold(loosened, picture) for picture in kernel)
    assert min(count(_pixel_cy, loosened, limit=10**4), 10**4) == min(count(_pixel_py, loosened, limit=10**4), 10**4)


def learned(
    kernel: ModuleType, rows: tuple[str, ...], limit: int = ENUMERATION_LIMIT, probe: bool = True
) -> tuple[list[tuple[str, ...]], int, int]:
    """Up to ``limit`` solutions from a kernel's Learn (probing at the root or not), as row strings, and
    the nodes and conflicts it took."""
    search = kernel.Learn(len(rows), len(rows[0]), codes("".join(rows)), probe=probe)
    return listed(search, len(rows[0]), limit), search.nodes, search.conflicts


@settings(max_examples=examples(300), deadline=None)
@given(puzzles(), st.booleans())
def test_learning_matches_reference_and_twin(puzzle: tuple[str, ...], probe: bool) -> None:
    """Learn lists the reference's solutions, each once, with the same nodes and conflicts in kernel and
    twin, probing at the root or not."""
    total = pixel_count(puzzle)
    found, nodes, conflicts = learned(_pixel_cy, puzzle, probe=probe)
    assert (found, nodes, conflicts) == learned(_pixel_py, puzzle, probe=probe)
    assert len(found) == len(set(found)) == min(total, ENUMERATION_LIMIT)
    if total <= ENUMERATION_LIMIT:
        assert set(found) == set(pixel_solutions(puzzle, ENUMERATION_LIMIT + 1))
    else:
        assert all(pixel_clues_hold(puzzle, picture) for picture in found)


@settings(max_examples=examples(25), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), shape=st.sampled_from(((8, 8), (9, 11), (11, 9), (16, 16))), data=st.data())
def test_learning_matches_twin_on_larger_grids(seed: int, shape: tuple[int, int], data: st.DataObject) -> None:
    """On generated puzzles, a few clues dropped: the same first solutions, nodes and conflicts; one solution when none is dropped."""
    puzzle = pixel.generate(*shape, seed=seed, effort=500).rows
    cells = shape[0] * shape[1]
    keep = data.draw(st.lists(st.sampled_from((True,) * 7 + (False,)), min_size=cells, max_size=cells))
    probe = data.draw(st.booleans())
    for rows in (puzzle, sparse(puzzle, keep)):
        found, nodes, conflicts = learned(_pixel_cy, rows, 3, probe)
        assert (found, nodes, conflicts) == learned(_pixel_py, rows, 3, probe)
        if len(found) < 3:
            assert set(found) == set(enumerate_solutions(_pixel_cy, rows, 3))
        assert all(pixel_clues_hold(rows, picture) for picture in found)
    assert len(learned(_pixel_cy, puzzle, 3)[0]) == 1


@settings(max_examples=examples(200), deadline=None)
@given(puzzle=puzzles(), data=st.data())
def test_learning_excludes_a_picture_where_asked_and_prefers_one(puzzle: tuple[str, ...], data: st.DataObject) -> None:
    """After exclude(picture, where) Learn lists the solutions that differ from picture somewhere in where,
    whatever colours prefer() puts first, probing at the root or not; kernel and twin alike."""
    n, m = len(puzzle), len(puzzle[0])
    picture = bytes(data.draw(st.lists(st.integers(0, 1), min_size=n * m, max_size=n * m)))
    where = bytes(data.draw(st.lists(st.integers(0, 1), min_size=n * m, max_size=n * m)))
    preferred = bytes(data.draw(st.lists(st.integers(0, 1), min_size=n * m, max_size=n * m)))
    everything = pixel_solutions(puzzle, ENUMERATION_LIMIT + 1)

    def differs(rows: tuple[str, ...]) -> bool:
        return any(where[p] and int("".join(rows)[p]) != picture[p] for p in range(n * m))

    probe = data.draw(st.booleans())
    runs = []
    for kernel in (_pixel_cy, _pixel_py):
        search = kernel.Learn(n, m, codes("".join(puzzle)), probe=probe)
        search.prefer(preferred)
        search.exclude(picture, where)
        runs.append((listed(search, m, ENUMERATION_LIMIT), search.conflicts))
    assert runs[0] == runs[1]
    found = runs[0][0]
    assert len(found) == len(set(found))
    if len(everything) <= ENUMERATION_LIMIT:
        assert set(found) == {rows for rows in everything if differs(rows)}
    else:
        assert all(pixel_clues_hold(puzzle, rows) and differs(rows) for rows in found)


@pytest.mark.parametrize("kernel", [_pixel_cy, _pixel_py], ids=["kernel", "twin"])
def test_learning_pauses_and_goes_on(kernel: ModuleType) -> None:
    """One node at a time, Learn pauses and goes on to the same solutions as in one go, then none."""
    rows = ("______", "_4____", "______", "___5__", "______", "______")
    at_once = learned(kernel, rows, 20)[0]
    search = kernel.Learn(6, 6, codes("".join(rows)))
    one_by_one: list[tuple[str, ...]] = []
    paused = 0
    while len(one_by_one) < 20:
        status = search.next_solution(1)
        assert status in (Status.PAUSED, Status.SOLUTION)
        paused += status == Status.PAUSED
        if status == Status.SOLUTION:
            cells = search.solution()
            one_by_one.append(tuple(cells[r * 6 : (r + 1) * 6] for r in range(6)))
    assert paused and len(at_once) == 20
    assert one_by_one == at_once


@settings(max_examples=examples(150), deadline=None)
@given(puzzles())
def test_kernel_and_twin_share_the_same_residual_states(puzzle: tuple[str, ...]) -> None:
    """The memo key (what each open clue still needs) is the same in both: same nodes, states, count."""
    outcomes = []
    for kernel in (_pixel_cy, _pixel_py):
        search = kernel.Search(len(puzzle), len(puzzle[0]), codes("".join(puzzle)), 1 << 20)
        while (status := search.count(1 << 14, 0)) == Status.PAUSED:
            pass
        outcomes.append((status, search.found, search.states, search.nodes))
    assert outcomes[0] == outcomes[1]


@pytest.mark.parametrize(("shape", "total"), [((1, 1), 2), ((2, 3), 64), ((3, 3), 512), ((5, 5), 2**25)])
def test_blank_grids_count_every_picture(pixel_kernel: ModuleType, shape: tuple[int, int], total: int) -> None:
    assert count(pixel_kernel, ("_" * shape[1],) * shape[0]) == total


@pytest.mark.parametrize(("n", "m"), [(8, 8), (1, 63), (63, 1), (5, 13), (63, 2), (3, 43), (11, 12), (40, 40)])
def test_blank_grids_count_past_64_and_128_bits(pixel_kernel: ModuleType, n: int, m: int) -> None:
    """Every picture of a blank grid: 2**(n * m), at 64 bits, just past it, past 128 bits, and far past."""
    assert count(pixel_kernel, ("_" * m,) * n) == 2 ** (n * m)


def test_blank_63x63_grid_counts_every_picture(pixel_kernel: ModuleType) -> None:
    """2**3969 pictures, within the default memo budget: one state per position, wide counts paid for."""
    search = pixel_kernel.Search(63, 63, codes("_" * 63 * 63), MAX_STATES)
    while (status := search.count(10**9, 0)) == Status.PAUSED:  # the twin may pass POLL_MS on a busy machine
        pass
    assert status == Status.EXHAUSTED
    assert search.found == 2 ** (63 * 63)
    assert search.states == 63 * 63


@st.composite
def corner_clues(draw: st.DrawFn) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A grid with clues only in its top-left corner, whose blocks lie inside the corner's a x b part.

    Returns the whole grid and that a x b part: the grid's count is the part's times
    2 ** (cells outside the part).
    """
    a, b = draw(st.integers(2, 4)), draw(st.integers(2, 4))
    n, m = draw(st.integers(a, 40)), draw(st.integers(b, 40))
    picture = tuple("".join(draw(st.lists(st.sampled_from("01"), min_size=b, max_size=b))) for _ in range(a))
    clues = pixel_clues_of(picture)
    keep = [draw(st.booleans()) and r < a - 1 and c < b - 1 for r in range(a) for c in range(b)]
    part = sparse(clues, keep)
    if draw(st.booleans()):  # now and then a clue that may have no solution
        r, c = draw(st.integers(0, a - 2)), draw(st.integers(0, b - 2))
        part = tuple(
            row if i != r else row[:c] + str(draw(st.integers(0, 4))) + row[c + 1 :] for i, row in enumerate(part)
        )
    grid = tuple(part[r] + "_" * (m - b) if r < a else "_" * m for r in range(n))
    return grid, part


@settings(max_examples=60, deadline=None)
@given(corner_clues())
def test_corner_clues_count_in_product_form(pixel_kernel: ModuleType, case: tuple[tuple[str, ...], ...]) -> None:
    grid, part = case
    outside = len(grid) * len(grid[0]) - len(part) * len(part[0])
    assert count(pixel_kernel, grid) == pixel_brute_force_count(part) * 2**outside


def pixel_brute_force_count(part: tuple[str, ...]) -> int:
    return len(pixel_brute_force(part))


@st.composite
def narrow_tall_puzzles(draw: st.DrawFn) -> tuple[str, ...]:
    """A tall grid 2 to 4 cells wide with sparse clues (counts up to 2**160), some of them changed."""
    m, n = draw(st.integers(2, 4)), draw(st.integers(17, 40))
    picture = tuple("".join(draw(st.lists(st.sampled_from("01"), min_size=m, max_size=m))) for _ in range(n))
    share = draw(st.sampled_from((0.0, 0.05, 0.15, 0.3)))
    keep = [draw(st.floats(0, 1)) < share for _ in range(n * m)]
    rows = [list(row) for row in sparse(pixel_clues_of(picture), keep)]
    change_clues(draw, rows, 1)
    transpose = draw(st.booleans())
    if transpose:
        return tuple("".join(rows[r][c] for r in range(n)) for c in range(m))
    return tuple("".join(row) for row in rows)


@settings(max_examples=60, deadline=None)
@given(narrow_tall_puzzles())
def test_wide_counts_match_reference_and_twin(puzzle: tuple[str, ...]) -> None:
    """Counts past 64 and 128 bits: the kernel, the twin and the reference's row DP agree exactly."""
    rows = puzzle if len(puzzle[0]) <= 4 else tuple("".join(col) for col in zip(*puzzle))
    expected = pixel_count(rows)
    assert count(_pixel_cy, puzzle) == expected
    assert count(_pixel_py, puzzle) == expected


@pytest.mark.parametrize("limit", [2**64 - 1, 2**64, 2**64 + 1, 2**100, 2**126, 2**126 + 1, 2**200])
def test_count_limits_past_64_bits(pixel_kernel: ModuleType, limit: int) -> None:
    """A limit past 2**64 stops the count once found reaches it; one past every count never does."""
    search = pixel_kernel.Search(63, 2, codes("_" * 126), MAX_STATES)
    status = search.count(10**9, limit)
    if limit <= 2**126:
        assert status == Status.SOLUTION
        assert limit <= search.found < 2 * limit
    else:
        assert status == Status.EXHAUSTED
        assert search.found == 2**126


def test_kernel_and_twin_stop_at_the_same_state_when_wide_counts_fill_the_memo() -> None:
    """A state whose count passes 64 bits costs more of max_states, alike in the kernel and the twin."""
    grid = codes("_" * (40 * 3))
    outcomes = {}
    for max_states in (60, 63, 64, 100, 176, 177, 200):
        for kernel in (_pixel_cy, _pixel_py):
            search = kernel.Search(40, 3, grid, max_states)
            status = search.count(10**9, 0)
            outcomes[kernel] = (status, search.states, search.found if status == Status.EXHAUSTED else None)
        assert outcomes[_pixel_cy] == outcomes[_pixel_py], max_states
    # One state per position: 63 narrow ones (counts 2 to 2**63), 57 wide of 2 limbs (cost 2 each).
    search = _pixel_cy.Search(40, 3, grid, 63 + 57 * 2)
    assert search.count(10**9, 0) == Status.EXHAUSTED
    assert (search.found, search.states) == (2**120, 120)
    search = _pixel_cy.Search(40, 3, grid, 63 + 57 * 2 - 1)
    assert search.count(10**9, 0) == Status.TOO_LARGE
    assert search.states == 119


def test_transposed_grid_keeps_its_orientation(pixel_kernel: ModuleType) -> None:
    wide = ("1__", "___")
    tall = ("1_", "__", "__")
    assert sorted(enumerate_solutions(pixel_kernel, wide)) == sorted(pixel_solutions(wide))
    assert sorted(enumerate_solutions(pixel_kernel, tall)) == sorted(pixel_solutions(tall))
    assert enumerate_solutions(pixel_kernel, ("_2_", "2_2")) == [("010", "010")]
    assert enumerate_solutions(pixel_kernel, ("_2", "2_", "_2")) == [("00", "11", "00")]


def test_search_pauses_and_resumes(pixel_kernel: ModuleType) -> None:
    search = pixel_kernel.Search(3, 3, codes("_" * 9), MAX_STATES)
    statuses = []
    while True:
        status = search.next_solution(1)
        statuses.append(status)
        if status == Status.EXHAUSTED:
            break
    assert statuses.count(Status.SOLUTION) == 512
    assert Status.PAUSED in statuses
    assert search.next_solution(10) == Status.EXHAUSTED


def test_zero_budget_pauses_before_any_solution(pixel_kernel: ModuleType) -> None:
    search = pixel_kernel.Search(2, 2, codes("____"), MAX_STATES)
    assert search.next_solution(0) == Status.PAUSED
    assert search.next_solution(10**6) == Status.SOLUTION


def test_count_stops_at_limit_and_can_go_on(pixel_kernel: ModuleType) -> None:
    search = pixel_kernel.Search(3, 3, codes("_4_______"), MAX_STATES)
    assert search.count(10**6, 100) == Status.SOLUTION
    assert search.found >= 100
    while search.count(10**6, 0) == Status.PAUSED:
        pass
    assert search.found == pixel_count(("_4_", "___", "___"))


def test_a_search_lists_or_counts_not_both(checked_kernel: ModuleType) -> None:
    search = checked_kernel.Search(2, 2, codes("____"), MAX_STATES)
    search.next_solution(10)
    with pytest.raises(AssertionError, match="either lists solutions or counts them"):
        search.count(10, 0)
    search = checked_kernel.Search(2, 2, codes("____"), MAX_STATES)
    search.count(10, 0)
    with pytest.raises(AssertionError, match="either lists solutions or counts them"):
        search.next_solution(10)


def test_memo_budget_stops_the_search(pixel_kernel: ModuleType) -> None:
    search = pixel_kernel.Search(4, 4, codes("_4___4___3___2__"), 3)
    while (status := search.count(1000, 0)) == Status.PAUSED:
        pass
    assert status == Status.TOO_LARGE
    assert search.states == 3


def test_unsatisfiable_clues_finish_at_once(pixel_kernel: ModuleType) -> None:
    for cells, n, m in (("20", 1, 2), ("9________", 3, 3), ("0_9", 1, 3)):
        search = pixel_kernel.Search(n, m, codes(cells), MAX_STATES)
        assert search.next_solution(10) == Status.EXHAUSTED


@pytest.mark.parametrize(
    ("n", "m", "cells", "max_states", "message"),
    [
        (0, 1, b"", 1, r"n and m must be >= 1 with n \* m <= 10000"),
        (1, 10_001, bytes([255]) * 10_001, 1, r"n and m must be >= 1 with n \* m <= 10000"),
        (101, 100, bytes([255]) * 10_100, 1, r"n and m must be >= 1 with n \* m <= 10000"),
        (2, 2, bytes([255]) * 3, 1, "expected n \\* m = 4 cells, got 3"),
        (1, 2, bytes([255, 10]), 1, "0..9 or NO_CLUE"),
        (1, 2, b"_5", 1, "0..9 or NO_CLUE"),
        (1, 1, bytes([255]), 0, "max_states must be at least 1"),
    ],
)
def test_impossible_arguments_fail_assertions(
    checked_kernel: ModuleType, n: int, m: int, cells: bytes, max_states: int, message: str
) -> None:
    """The kernel trusts its input; its preconditions are assertions (the facade validates)."""
    with pytest.raises(AssertionError, match=message):
        checked_kernel.Search(n, m, cells, max_states)


def test_negative_limit_fails_an_assertion(checked_kernel: ModuleType) -> None:
    search = checked_kernel.Search(1, 1, codes("_"), MAX_STATES)
    with pytest.raises(AssertionError, match="limit must be at least 0"):
        search.count(10, -1)


def test_assertions_flag_matches_the_build() -> None:
    """ASSERTIONS says whether the kernel checks: when it does, a bad argument fails an assertion."""
    assert _pixel_py.ASSERTIONS is __debug__
    if _pixel_cy.ASSERTIONS:
        with pytest.raises(AssertionError):
            _pixel_cy.Search(1, 1, codes("_"), 0)
    else:
        # Unchecked, max_states 0 is not caught: the first state already outgrows the memo.
        assert _pixel_cy.Search(1, 1, codes("_"), 0).count(10, 0) == Status.TOO_LARGE


def test_searches_are_independent_across_threads() -> None:
    puzzles = [pixel.generate(12, seed=seed).rows for seed in range(8)]
    expected = [enumerate_solutions(_pixel_cy, p) for p in puzzles]
    with ThreadPoolExecutor(max_workers=4) as pool:
        found = list(pool.map(enumerate_solutions, [_pixel_cy] * 8, puzzles))
    assert found == expected
    assert all(len(solutions) == 1 for solutions in found)


def test_kernel_releases_the_gil() -> None:
    # A real puzzle's clues with two thirds of them dropped: long to count.
    rows = sparse(pixel.generate(16, seed=7).rows, [i % 3 == 0 for i in range(256)])
    search = _pixel_cy.Search(16, 16, codes("".join(rows)), MAX_STATES)
    worker = threading.Thread(target=search.count, args=(400_000, 0))
    ticks = 0
    worker.start()
    # While the worker is inside one long kernel call, this thread must still run.
    while worker.is_alive():
        ticks += 1
        time.sleep(0.001)
    worker.join()
    assert search.nodes > 0
    assert ticks > 5


def test_stub_kernel_and_twin_agree_on_the_interface() -> None:
    import ast
    from pathlib import Path

    stub = ast.parse(Path(_pixel_cy.__file__).with_name("_kernel.pyi").read_text())
    names = {
        node.target.id for node in stub.body if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
    }
    names |= {node.name for node in stub.body if isinstance(node, (ast.FunctionDef, ast.ClassDef))}
    search = next(node for node in stub.body if isinstance(node, ast.ClassDef) and node.name == "Search")
    members = {node.name for node in search.body if isinstance(node, ast.FunctionDef)} - {"__init__"}
    for module in (_pixel_cy, _pixel_py):
        assert all(hasattr(module, name) for name in names), module.__name__
        instance = module.Search(2, 2, codes("____"), MAX_STATES)
        assert all(hasattr(instance, member) for member in members), module.__name__
    for constant in ("NO_CLUE", "STATE_BYTES"):
        assert getattr(_pixel_cy, constant) == getattr(_pixel_py, constant)


def sparse_clues(n: int, m: int, density: float, seed: int) -> bytes:
    """Cell codes of a random picture's clues, each cell a clue with probability ``density``."""
    import random

    rng = random.Random(seed)
    picture = [[rng.random() < 0.5 for _ in range(m)] for _ in range(n)]
    cells = bytearray([_pixel_cy.NO_CLUE]) * (n * m)
    for r in range(n):
        for c in range(m):
            if rng.random() < density:
                block = [
                    picture[i][j]
                    for i in range(max(0, r - 1), min(n, r + 2))
                    for j in range(max(0, c - 1), min(m, c + 2))
                ]
                cells[r * m + c] = sum(block)
    return bytes(cells)


def test_a_call_returns_to_python_after_its_time_slice(pixel_kernel: ModuleType) -> None:
    """However large the node budget, a call pauses after POLL_MS (the registry's), so Ctrl-C stays prompt.

    Counting a 30x30 grid with few clues takes far longer than one slice (and
    more nodes than the budget here, or more states than the memo may hold),
    which a call without a time slice would run through.
    """
    n, density, budget = (30, 0.05, 10**12) if pixel_kernel is _pixel_cy else (20, 0.2, 10**5)
    search = pixel_kernel.Search(n, n, sparse_clues(n, n, density, 1), 1 << 21)
    assert search.count(budget, 0) == Status.PAUSED
    assert 0 < search.nodes < budget


# -- plainly written contest texts, read and solved in one call ---------------------

#: Ways to spoil a plain text: solve_plain_texts leaves each to the facade (None).
PIXEL_SPOILERS: dict[str, Callable[[str], str]] = {
    "crlf": lambda text: text.replace("\n", "\r\n"),
    "trailing space": lambda text: text.replace("\n", " \n", 2),
    "two spaces": lambda text: text.replace(" ", "  ", 1),
    "leading zero": lambda text: "0" + text,
    "byte-order mark": lambda text: "\ufeff" + text,
    "a letter": lambda text: text[:-2] + "x\n",
    "row short": lambda text: text[:-2] + "\n",
    "row long": lambda text: text[:-1] + "_\n",
    "text after": lambda text: text + "x",
    "no header": lambda text: text.partition("\n")[2],
}


@settings(max_examples=examples(60), deadline=None)
@given(n=st.integers(1, 9), m=st.integers(1, 9), seed=st.integers(0, 10**6), clues=st.floats(0.0, 1.0))
def test_solve_plain_texts_answers_as_the_facade(
    pixel_kernel: ModuleType, n: int, m: int, seed: int, clues: float
) -> None:
    """A random picture's clues, some of them dropped (one, several solutions) or one raised past its block:
    the bulk call gives solve_text's output exactly when that is one solution, None for every spoilt text."""
    import random

    rng = random.Random(seed)
    picture = ["".join(rng.choice("01") for _ in range(m)) for _ in range(n)]
    kept = "".join(clue if rng.random() < clues else "_" for clue in "".join(pixel_clues_of(tuple(picture))))
    rows = [kept[r * m : (r + 1) * m] for r in range(n)]
    text = f"{n} {m}\n" + "".join(row + "\n" for row in rows)
    try:
        expected: Any = pixel.solve_text(text)
    except (NoSolutionError, MultipleSolutionsError, ParseError):
        expected = None
    plain = [text, text + "\n\n", text[:-1]]
    spoilt = [spoil(text) for spoil in PIXEL_SPOILERS.values()]
    spoilt.append(f"{n} {m}\n9" + text.partition("\n")[2][1:])  # a clue larger than its block
    found = pixel_kernel.solve_plain_texts([*plain, *spoilt, None, text.encode()], 63)
    assert found == [expected] * len(plain) + [None] * (len(spoilt) + 2)
    assert pixel_kernel.solve_plain_texts([text], max(n, m) - 1 or 1) == [expected if max(n, m) == 1 else None]


# -- wide grids: past 63 columns (any n x m up to MAX_CELLS) ---------------------------

WIDE_SHAPES = [(1, 70), (3, 65), (65, 3), (70, 5), (4, 90), (2, 200)]


@settings(max_examples=examples(30), deadline=None)
@given(st.sampled_from(WIDE_SHAPES), st.integers(0, 2**32), st.sampled_from([0.3, 0.6, 0.9]))
def test_wide_grids_kernel_and_twin_agree(shape: tuple[int, int], seed: int, blank_share: float) -> None:
    """Learn (first solutions, in order) and Search (count, listing) on grids wider than 63 cells:
    the kernel and the twin give the same, and every solution meets the clues."""
    import random

    n, m = shape
    rng = random.Random(seed)
    picture = tuple("".join(rng.choice("01") for _ in range(m)) for _ in range(n))
    rows = sparse(pixel_clues_of(picture), [rng.random() >= blank_share for _ in range(n * m)])
    cells = codes("".join(rows))
    learnt = [listed(kernel.Learn(n, m, cells), m, 3) for kernel in (_pixel_cy, _pixel_py)]
    assert learnt[0] == learnt[1] and picture_in(learnt[0], rows)
    counts = []
    for kernel in (_pixel_cy, _pixel_py):
        search = kernel.Search(n, m, cells, MAX_STATES)
        while (status := search.count(1000, 2**80)) == Status.PAUSED:
            pass
        counts.append((status, search.found, search.states))
    assert counts[0] == counts[1]
    assert enumerate_solutions(_pixel_cy, rows, 5) == enumerate_solutions(_pixel_py, rows, 5)


def picture_in(solutions: list[tuple[str, ...]], rows: tuple[str, ...]) -> bool:
    """Some solution was found, and every one meets the clues of ``rows``."""
    return bool(solutions) and all(pixel_clues_hold(rows, solution) for solution in solutions)


def too_wide_rows() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A 64x64 grid whose clues (rows 20 to 27, every other cell) settle nothing at the root, and the
    full clues of the same picture."""
    import random

    rng = random.Random(7)
    n = m = 64
    picture = tuple("".join(rng.choice("01") for _ in range(m)) for _ in range(n))
    full = pixel_clues_of(picture)
    rows = tuple("".join(full[r][c] if 20 <= r < 28 and (r + c) % 2 else "_" for c in range(m)) for r in range(n))
    return rows, full


def test_a_scan_wider_than_the_window_is_too_large_in_both(pixel_kernel: ModuleType) -> None:
    """64 columns and rows: where a window key would need cells more than 128 back, a Search is
    TOO_LARGE at once, listing or counting; with every cell solved at the root it counts as usual."""
    rows, full = too_wide_rows()
    assert pixel_kernel.Search(64, 64, codes("".join(rows)), MAX_STATES).count(1000, 0) == Status.TOO_LARGE
    assert pixel_kernel.Search(64, 64, codes("".join(rows)), MAX_STATES).next_solution(1000) == Status.TOO_LARGE
    search = pixel_kernel.Search(64, 64, codes("".join(full)), MAX_STATES)
    assert search.count(10**6, 0) == Status.EXHAUSTED and search.found == 1


def test_facade_counts_a_too_wide_grid_one_by_one() -> None:
    """count_solutions falls back to clause learning, exactly, up to ONE_BY_ONE_MOST; solutions() says why not."""
    rows, full = too_wide_rows()
    assert pixel.count_solutions(rows, limit=50) == 50
    with pytest.raises(fastpuzzle_errors.PuzzleTooLargeError, match="more than 100 solutions to count one by one"):
        pixel.count_solutions(rows)
    assert pixel.count_solutions(full) == 1


def test_facade_lists_a_too_wide_grid_one_by_one() -> None:
    """solutions() lists by clause learning where the memo cannot key the scan: the one solution of a
    unique grid, and of an open one ONE_BY_ONE_MOST distinct solutions, then why not more."""
    rows, full = too_wide_rows()
    assert list(pixel.solutions(full)) == [pixel.solve(full)]
    listed_rows = []
    with pytest.raises(fastpuzzle_errors.PuzzleTooLargeError, match="too few clues for a 64x64 grid: .* to list one"):
        for solution in pixel.solutions(rows):
            listed_rows.append(solution)
    assert len(set(listed_rows)) == len(listed_rows) == pixel.ONE_BY_ONE_MOST
    assert picture_in(listed_rows, rows)
