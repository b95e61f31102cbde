"""The binary-sudoku kernel and its twin against each other and independent references."""

from __future__ import annotations

import ast
import random
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fastpuzzle import _sudoku_cy, _sudoku_py

from conftest import cases_dir, examples, kernel_fixture
from reference_sudoku import is_even, min_toggles_brute, min_toggles_search, toggled

sudoku_kernel = kernel_fixture("sudoku")

Rows = tuple[str, ...]

SAMPLE: Rows = ("000000000", "001000100", "000000000", "000110000", "000111000", "000000000", "000000000", "000000000", "000000000")
ZEROS: Rows = ("0" * 9,) * 9
ONES: Rows = ("1" * 9,) * 9


def masks_of(rows: Rows) -> list[int]:
    return [int(row, 2) for row in rows]


def cells_of(toggles: list[int]) -> list[tuple[int, int]]:
    """Row-mask toggles as 0-based (row, column) cells."""
    return [(r, c) for r in range(9) for c in range(9) if toggles[r] >> (8 - c) & 1]


def check_solution(kernel: ModuleType, rows: Rows) -> int:
    """Solve ``rows``; the toggle set must have the reported size and make every unit even."""
    count, toggles = kernel.solve(rows)
    assert len(toggles) == 9 and all(0 <= t < 512 for t in toggles)
    cells = cells_of(toggles)
    assert len(cells) == count
    assert is_even(toggled(rows, cells))
    assert kernel.min_toggles(rows) == count
    return int(count)


def grids(density: st.SearchStrategy[float] = st.sampled_from((0.03, 0.1, 0.3, 0.5, 0.7, 0.95))) -> st.SearchStrategy[Rows]:
    """Random grids: from nearly empty to nearly full."""

    @st.composite
    def draw_grid(draw: st.DrawFn) -> Rows:
        p = draw(density)
        rng = random.Random(draw(st.integers(0, 2**32 - 1)))
        return tuple("".join("1" if rng.random() < p else "0" for _ in range(9)) for _ in range(9))

    return draw_grid()


def sparse_grids() -> st.SearchStrategy[Rows]:
    """Grids with at most four 1s."""
    cells = st.lists(st.tuples(st.integers(0, 8), st.integers(0, 8)), max_size=4, unique=True)
    return cells.map(lambda ones: toggled(ZEROS, ones))


# -- answers ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rows", "expected"),
    [(SAMPLE, 3), (ZEROS, 0), (ONES, 9), (toggled(ZEROS, [(4, 4)]), 1), (toggled(ONES, [(8, 0)]), 8)],
    ids=["sample", "all-zero", "all-one", "single-one", "all-one-but-one"],
)
def test_known_grids(sudoku_kernel: ModuleType, rows: Rows, expected: int) -> None:
    assert check_solution(sudoku_kernel, rows) == expected
    assert min_toggles_search(rows)[0] == expected


def test_public_cases(sudoku_kernel: ModuleType) -> None:
    cases = sorted(cases_dir("sudoku").glob("*.in"))
    assert cases
    for case in cases:
        rows = tuple(line.rstrip() for line in case.read_text().splitlines()[:9])
        expected = int(case.with_suffix(".out").read_text())
        assert check_solution(sudoku_kernel, rows) == expected, case.name


def test_every_single_one_needs_one_toggle(sudoku_kernel: ModuleType) -> None:
    for r in range(9):
        for c in range(9):
            rows = toggled(ZEROS, [(r, c)])
            assert sudoku_kernel.solve(rows) == (1, [1 << (8 - c) if i == r else 0 for i in range(9)])


@settings(max_examples=examples(100), deadline=None)
@given(rows=grids())
def test_random_grids_match_the_search(sudoku_kernel: ModuleType, rows: Rows) -> None:
    assert check_solution(sudoku_kernel, rows) == min_toggles_search(rows)[0]


@settings(max_examples=examples(3000), deadline=None)
@given(rows=grids())
def test_thousands_of_grids_match_the_search(rows: Rows) -> None:
    """The compiled kernel only: the twin's DP is too slow for thousands."""
    count = check_solution(_sudoku_cy, rows)
    assert count == min_toggles_search(rows)[0]
    assert table_of(_sudoku_cy)[_sudoku_cy.key_of(rows)] == count


@settings(max_examples=examples(120), deadline=None)
@given(rows=sparse_grids())
def test_sparse_grids_match_brute_force(sudoku_kernel: ModuleType, rows: Rows) -> None:
    count = check_solution(sudoku_kernel, rows)
    assert count <= sum(row.count("1") for row in rows)  # toggling every 1 works
    if count <= 2:
        assert min_toggles_brute(rows, count) == count
    else:
        assert min_toggles_brute(rows, 2) is None


@settings(max_examples=examples(100), deadline=None)
@given(rows=grids())
def test_kernel_and_twin_give_the_same_toggles(rows: Rows) -> None:
    assert _sudoku_cy.solve(rows) == _sudoku_py.solve(rows)
    assert _sudoku_cy.key_of(rows) == _sudoku_py.key_of(rows)


# -- the answer table ------------------------------------------------------------

_TABLES: dict[str, object] = {}


def table_of(kernel: ModuleType) -> Any:
    """One Table per kernel for the whole session: the compiled one takes ~20 ms to build."""
    if kernel.__name__ not in _TABLES:
        _TABLES[kernel.__name__] = kernel.Table()
    return _TABLES[kernel.__name__]



@settings(max_examples=examples(100), deadline=None)
@given(rows=grids())
def test_table_agrees_with_the_row_dp(sudoku_kernel: ModuleType, rows: Rows) -> None:
    table = table_of(sudoku_kernel)
    out = bytearray(2)
    assert table.count_grids([rows, masks_of(rows)], memoryview(out)) == 2
    count = sudoku_kernel.solve(rows)[0]
    assert list(out) == [count, count]
    assert table[sudoku_kernel.key_of(rows)] == count


def test_compiled_table_matches_the_twin_on_sampled_keys() -> None:
    compiled, twin = _sudoku_cy.Table(), _sudoku_py.Table()
    keys = random.Random(7).sample(range(1 << 18), 3000)
    assert [compiled[key] for key in keys] == [twin[key] for key in keys]


def test_table_bounds() -> None:
    table = _sudoku_cy.Table()
    answers = [table[key] for key in range(1 << 18)]
    assert max(answers) == _sudoku_cy.MAX_ANSWER == _sudoku_py.MAX_ANSWER == 9
    assert min(answers) == 0
    for kernel in (_sudoku_cy, _sudoku_py):
        with pytest.raises(IndexError, match="out of range"):
            kernel.Table()[1 << 18]


def test_count_cells(sudoku_kernel: ModuleType) -> None:
    rows_list = [SAMPLE, ZEROS, ONES]
    cells = bytes(int(ch) for rows in rows_list for row in rows for ch in row)
    out = bytearray(3)
    assert sudoku_kernel.Table().count_cells(memoryview(cells), memoryview(out)) == 3
    assert list(out) == [3, 0, 9]
    bad = bytearray(cells)
    bad[81 + 40] = 2
    assert sudoku_kernel.Table().count_cells(memoryview(bytes(bad)), memoryview(out)) == 1
    with pytest.raises(ValueError, match="expected 243 cells for 3 grids, found 242"):
        sudoku_kernel.Table().count_cells(memoryview(cells[:-1]), memoryview(out))
    assert sudoku_kernel.Table().count_cells(memoryview(b""), memoryview(bytearray())) == 0


def test_count_grids_stops_at_the_first_non_grid(sudoku_kernel: ModuleType) -> None:
    out = bytearray(4)
    table = sudoku_kernel.Table()
    assert table.count_grids([SAMPLE, ZEROS, SAMPLE[:8], ONES], memoryview(out)) == 2
    assert list(out[:2]) == [3, 0]
    with pytest.raises(ValueError, match="out holds 1 answers, expected at least 2"):
        table.count_grids([SAMPLE, SAMPLE], memoryview(bytearray(1)))


# -- misuse ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "grid",
    [
        SAMPLE[:8],
        SAMPLE + ("000000000",),
        SAMPLE[:8] + ("00000000",),
        SAMPLE[:8] + ("0000000000",),
        SAMPLE[:8] + ("000000002",),
        SAMPLE[:8] + ("00000000\u00e9",),
        SAMPLE[:8] + ("0000000\u20ac0",),
        [0] * 8 + [512],
        [0] * 8 + [-1],
        [0] * 8 + [2**80],
        [0] * 8 + [1.0],
        [0] * 8 + [None],
        "0" * 9,
        b"0" * 9,
        None,
        42,
        {r: "0" * 9 for r in range(1, 10)},
    ],
)
def test_misuse_raises_grid_error(sudoku_kernel: ModuleType, grid: object) -> None:
    for function in (sudoku_kernel.solve, sudoku_kernel.min_toggles, sudoku_kernel.key_of):
        with pytest.raises(sudoku_kernel.GridError, match="expected 9 row masks from 0 to 511"):
            function(grid)
    out = bytearray(1)
    assert sudoku_kernel.Table().count_grids([grid], memoryview(out)) == 0


def test_rows_may_mix_masks_and_strings(sudoku_kernel: ModuleType) -> None:
    mixed = [row if r % 2 else int(row, 2) for r, row in enumerate(SAMPLE)]
    assert sudoku_kernel.solve(mixed) == sudoku_kernel.solve(SAMPLE)


# -- threads and interface -------------------------------------------------------


def test_one_table_serves_many_threads() -> None:
    table = _sudoku_cy.Table()
    rng = random.Random(3)
    batches = [[[rng.randrange(512) for _ in range(9)] for _ in range(2000)] for _ in range(8)]

    def count(batch: list[list[int]]) -> list[int]:
        out = bytearray(len(batch))
        assert table.count_grids(batch, memoryview(out)) == len(batch)
        return list(out)

    def solve(batch: list[list[int]]) -> list[int]:
        return [_sudoku_cy.solve(grid)[0] for grid in batch[:50]]

    with ThreadPoolExecutor(max_workers=4) as pool:
        counted = list(pool.map(count, batches))
        solved = list(pool.map(solve, batches))
    assert [answers[:50] for answers in counted] == solved
    assert counted == [[_sudoku_cy.min_toggles(grid) for grid in batch] for batch in batches]


def test_stub_kernel_and_twin_agree_on_the_interface() -> None:
    stub = ast.parse(Path(_sudoku_cy.__file__).with_name("_sudoku_cy.pyi").read_text())
    names = {node.target.id for node in stub.body if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)}
    names |= {node.name for node in stub.body if isinstance(node, (ast.FunctionDef, ast.ClassDef))}
    table = next(node for node in stub.body if isinstance(node, ast.ClassDef) and node.name == "Table")
    members = {node.name for node in table.body if isinstance(node, ast.FunctionDef)} - {"__init__"}
    assert {"solve", "min_toggles", "key_of", "Table", "GridError", "MAX_ANSWER"} <= names
    for module in (_sudoku_cy, _sudoku_py):
        assert all(hasattr(module, name) for name in names), module.__name__
        instance = module.Table()
        assert all(hasattr(instance, member) for member in members), module.__name__
        assert issubclass(module.GridError, ValueError)
