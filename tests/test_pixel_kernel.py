"""The pixel-placement kernel and its twin against each other and a brute-force reference."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import examples, kernel_fixture
from fastpuzzle import _pixel_cy, _pixel_py, pixel

from reference_pixel import (
    pixel_brute_force,
    pixel_clues_hold,
    pixel_clues_of,
    pixel_count,
    pixel_solutions,
)

pixel_kernel = kernel_fixture("pixel")

ENUMERATION_LIMIT = 40


def enumerate_solutions(
    kernel: ModuleType, rows: tuple[str, ...], limit: int = ENUMERATION_LIMIT
) -> list[tuple[str, ...]]:
    """Up to ``limit`` solutions straight from a kernel, as row strings."""
    n, m = len(rows), len(rows[0])
    search = kernel.Search(n, m, "".join(rows))
    found: list[tuple[str, ...]] = []
    while len(found) < limit:
        status = search.next_solution(1000)
        assert status != kernel.TOO_LARGE
        if status == kernel.EXHAUSTED:
            break
        if status == kernel.SOLUTION:
            cells = search.solution()
            found.append(tuple(cells[r * m : (r + 1) * m] for r in range(n)))
    return found


def count(kernel: ModuleType, rows: tuple[str, ...], limit: int = 0, budget: int = 1000) -> int:
    """A kernel's count of the solutions of ``rows``."""
    search = kernel.Search(len(rows), len(rows[0]), "".join(rows))
    while (status := search.count(budget, limit)) == kernel.PAUSED:
        pass
    assert status in (kernel.EXHAUSTED, kernel.SOLUTION)
    return int(search.found)


def sparse(rows: tuple[str, ...], keep: list[bool]) -> tuple[str, ...]:
    m = len(rows[0])
    return tuple("".join(ch if keep[r * m + c] else "_" for c, ch in enumerate(row)) for r, row in enumerate(rows))


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
    for _ in range(draw(st.integers(0, 2))):
        r, c = draw(st.integers(0, n - 1)), draw(st.integers(0, m - 1))
        cells = (min(r + 1, n - 1) - max(r - 1, 0) + 1) * (min(c + 1, m - 1) - max(c - 1, 0) + 1)
        rows[r][c] = str(draw(st.integers(0, cells)))
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


@pytest.mark.parametrize(("shape", "total"), [((1, 1), 2), ((2, 3), 64), ((3, 3), 512), ((5, 5), 2**25)])
def test_blank_grids_count_every_picture(pixel_kernel: ModuleType, shape: tuple[int, int], total: int) -> None:
    assert count(pixel_kernel, ("_" * shape[1],) * shape[0]) == total


def test_counts_past_64_bits() -> None:
    blank = ("_" * 63,) * 2
    assert count(_pixel_py, blank) == 2**126
    # The compiled kernel counts in 64 bits and saturates.
    assert count(_pixel_cy, blank) == 2**64 - 1


def test_transposed_grid_keeps_its_orientation(pixel_kernel: ModuleType) -> None:
    wide = ("1__", "___")
    tall = ("1_", "__", "__")
    assert sorted(enumerate_solutions(pixel_kernel, wide)) == sorted(pixel_solutions(wide))
    assert sorted(enumerate_solutions(pixel_kernel, tall)) == sorted(pixel_solutions(tall))
    assert enumerate_solutions(pixel_kernel, ("_2_", "2_2")) == [("010", "010")]
    assert enumerate_solutions(pixel_kernel, ("_2", "2_", "_2")) == [("00", "11", "00")]


def test_search_pauses_and_resumes(pixel_kernel: ModuleType) -> None:
    search = pixel_kernel.Search(3, 3, "_" * 9)
    statuses = []
    while True:
        status = search.next_solution(1)
        statuses.append(status)
        if status == pixel_kernel.EXHAUSTED:
            break
    assert statuses.count(pixel_kernel.SOLUTION) == 512
    assert pixel_kernel.PAUSED in statuses
    assert search.next_solution(10) == pixel_kernel.EXHAUSTED


def test_zero_budget_pauses_before_any_solution(pixel_kernel: ModuleType) -> None:
    search = pixel_kernel.Search(2, 2, "____")
    assert search.next_solution(0) == pixel_kernel.PAUSED
    assert search.next_solution(10**6) == pixel_kernel.SOLUTION


def test_count_stops_at_limit_and_can_go_on(pixel_kernel: ModuleType) -> None:
    search = pixel_kernel.Search(3, 3, "_4_______")
    assert search.count(10**6, 100) == pixel_kernel.SOLUTION
    assert search.found >= 100
    while search.count(10**6, 0) == pixel_kernel.PAUSED:
        pass
    assert search.found == pixel_count(("_4_", "___", "___"))


def test_a_search_lists_or_counts_not_both(pixel_kernel: ModuleType) -> None:
    search = pixel_kernel.Search(2, 2, "____")
    search.next_solution(10)
    with pytest.raises(ValueError, match="either lists solutions or counts them"):
        search.count(10, 0)


def test_memo_budget_stops_the_search(pixel_kernel: ModuleType) -> None:
    search = pixel_kernel.Search(4, 4, "_4___4___3___2__", 3)
    while (status := search.count(1000, 0)) == pixel_kernel.PAUSED:
        pass
    assert status == pixel_kernel.TOO_LARGE
    assert search.states == 3


def test_unsatisfiable_clues_finish_at_once(pixel_kernel: ModuleType) -> None:
    for cells, n, m in (("20", 1, 2), ("9________", 3, 3), ("0_9", 1, 3)):
        search = pixel_kernel.Search(n, m, cells)
        assert search.next_solution(10) == pixel_kernel.EXHAUSTED


@pytest.mark.parametrize(
    ("n", "m", "cells"),
    [(0, 1, ""), (1, 64, "_" * 64), (2, 2, "___"), (1, 2, "_x"), (1, 1, "\u0661")],
)
def test_impossible_arguments_raise(pixel_kernel: ModuleType, n: int, m: int, cells: str) -> None:
    with pytest.raises(ValueError):
        pixel_kernel.Search(n, m, cells)


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
    search = _pixel_cy.Search(16, 16, "".join(rows))
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

    stub = ast.parse(Path(_pixel_cy.__file__).with_name("_pixel_cy.pyi").read_text())
    names = {
        node.target.id for node in stub.body if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
    }
    names |= {node.name for node in stub.body if isinstance(node, (ast.FunctionDef, ast.ClassDef))}
    search = next(node for node in stub.body if isinstance(node, ast.ClassDef) and node.name == "Search")
    members = {node.name for node in search.body if isinstance(node, ast.FunctionDef)} - {"__init__"}
    for module in (_pixel_cy, _pixel_py):
        assert all(hasattr(module, name) for name in names), module.__name__
        instance = module.Search(2, 2, "____")
        assert all(hasattr(instance, member) for member in members), module.__name__
    for constant in ("MAX_N", "MAX_STATES", "EXHAUSTED", "SOLUTION", "PAUSED", "TOO_LARGE"):
        assert getattr(_pixel_cy, constant) == getattr(_pixel_py, constant)
