"""The binary-sudoku kernel and its twin against each other and independent references."""

from __future__ import annotations

import ast
import random
from array import array
from concurrent.futures import ThreadPoolExecutor
from itertools import permutations
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import cases_dir, examples, kernel_fixture, runtime_parameters, stub_parameters
from fastpuzzle import sudoku
from fastpuzzle._contract.registry import PUZZLES
from fastpuzzle.sudoku import _kernel as _sudoku_cy
from fastpuzzle.sudoku import _twin as _sudoku_py
from reference_sudoku import is_even, min_toggles_brute, min_toggles_search, toggled

sudoku_kernel = kernel_fixture("sudoku")

Rows = tuple[str, ...]

SAMPLE: Rows = (
    "000000000",
    "001000100",
    "000000000",
    "000110000",
    "000111000",
    "000000000",
    "000000000",
    "000000000",
    "000000000",
)
ZEROS: Rows = ("0" * 9,) * 9
ONES: Rows = ("1" * 9,) * 9


def masks_of(rows: Rows) -> tuple[int, ...]:
    """A grid as the kernels take it: 9 row masks (the facade's ``Grid.masks``)."""
    return tuple(int(row, 2) for row in rows)


def cells_bytes(grids: list[Rows]) -> bytes:
    """Grids as 81 bytes each (0 or 1), row by row, as ``Table.count_cells`` takes them."""
    return bytes(int(ch) for rows in grids for row in rows for ch in row)


def cells_of(toggles: list[int]) -> list[tuple[int, int]]:
    """Row-mask toggles as 0-based (row, column) cells."""
    return [(r, c) for r in range(9) for c in range(9) if toggles[r] >> (8 - c) & 1]


def check_solution(kernel: ModuleType, rows: Rows) -> int:
    """Solve ``rows``; the toggle set must have the reported size and make every unit even."""
    count, toggles = kernel.solve(masks_of(rows))
    assert len(toggles) == 9 and all(0 <= t < 512 for t in toggles)
    cells = cells_of(toggles)
    assert len(cells) == count
    assert is_even(toggled(rows, cells))
    assert kernel.min_toggles(masks_of(rows)) == count
    return int(count)


def grids(
    density: st.SearchStrategy[float] = st.sampled_from((0.03, 0.1, 0.3, 0.5, 0.7, 0.95)),
) -> st.SearchStrategy[Rows]:
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
            assert sudoku_kernel.solve(masks_of(rows)) == (1, [1 << (8 - c) if i == r else 0 for i in range(9)])


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
    assert table_of(_sudoku_cy)[_sudoku_cy.key_of(masks_of(rows))] == count


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
    assert _sudoku_cy.solve(masks_of(rows)) == _sudoku_py.solve(masks_of(rows))
    assert _sudoku_cy.key_of(masks_of(rows)) == _sudoku_py.key_of(masks_of(rows))


# -- the answer table ------------------------------------------------------------

_TABLES: dict[str, object] = {}


def table_of(kernel: ModuleType) -> Any:
    """One Table per kernel for the whole session: the twin fills its entries as they are asked for."""
    if kernel.__name__ not in _TABLES:
        _TABLES[kernel.__name__] = kernel.Table()
    return _TABLES[kernel.__name__]


@settings(max_examples=examples(100), deadline=None)
@given(rows=grids())
def test_table_agrees_with_the_row_dp(sudoku_kernel: ModuleType, rows: Rows) -> None:
    table = table_of(sudoku_kernel)
    count = sudoku_kernel.solve(masks_of(rows))[0]
    out = bytearray(2)
    assert table.count_masks(array("H", masks_of(rows) * 2), out) is None
    assert list(out) == [count, count]
    out = bytearray(2)
    assert table.count_cells(memoryview(cells_bytes([rows, rows])), memoryview(out)) is None
    assert list(out) == [count, count]
    assert table[sudoku_kernel.key_of(masks_of(rows))] == count


def test_compiled_table_matches_the_twin_on_sampled_keys() -> None:
    compiled, twin = _sudoku_cy.Table(), _sudoku_py.Table()
    keys = random.Random(7).sample(range(1 << 18), 3000)
    assert [compiled[key] for key in keys] == [twin[key] for key in keys]


@settings(max_examples=examples(200), deadline=None)
@given(classes=st.tuples(*[st.integers(0, 31)] * 3), high=st.integers(0, 7))
def test_table_answer_ignores_the_order_of_stacks(
    sudoku_kernel: ModuleType, classes: tuple[int, ...], high: int
) -> None:
    """The compiled Table works each set of stack classes out once and copies it to every order; the twin
    works out every key alone. Both give one answer to the six orders."""
    table = table_of(sudoku_kernel)
    answers = {table[s0 | s1 << 5 | s2 << 10 | high << 15] for s0, s1, s2 in permutations(classes)}
    assert len(answers) == 1


def test_table_bounds() -> None:
    table = _sudoku_cy.Table()
    answers = [table[key] for key in range(1 << 18)]
    assert max(answers) == PUZZLES["sudoku"].limits["MAX_ANSWER"] == sudoku.MAX_ANSWER == _sudoku_py.MAX_ANSWER == 9
    assert min(answers) == 0
    for kernel in (_sudoku_cy, _sudoku_py):
        with pytest.raises(IndexError, match="out of range"):
            kernel.Table()[1 << 18]


def test_count_cells(sudoku_kernel: ModuleType) -> None:
    cells = cells_bytes([SAMPLE, ZEROS, ONES])
    out = bytearray(3)
    assert sudoku_kernel.Table().count_cells(memoryview(cells), memoryview(out)) is None
    assert list(out) == [3, 0, 9]
    assert sudoku_kernel.Table().count_cells(memoryview(b""), memoryview(bytearray())) is None


def test_count_masks(sudoku_kernel: ModuleType) -> None:
    grids = [SAMPLE, ZEROS, ONES, toggled(ZEROS, [(4, 4)]), toggled(ONES, [(8, 0)])]
    masks = array("H", [mask for rows in grids for mask in masks_of(rows)])
    out = bytearray(len(grids))
    assert sudoku_kernel.Table().count_masks(masks, out) is None
    assert list(out) == [3, 0, 9, 1, 8]
    assert list(out) == [sudoku_kernel.min_toggles(masks_of(rows)) for rows in grids]
    assert sudoku_kernel.Table().count_masks(array("H"), bytearray()) is None


# -- the plain form: 9 row strings or masks, checked and packed by the kernel ---------


class Text(str):
    """A str subclass: not the plain form, though its characters are."""


#: Rows that are not plain, each in place of one good row: the kernel must say so (-1), not guess.
NOT_PLAIN_ROWS = [
    "00000000",
    "0000000000",
    "00000000 ",
    "0000o0000",
    "000020000",
    "00000000\n",
    "\uff1000000000",  # a full-width zero: 9 characters, not ASCII
    "1" * 8 + "\u0131",  # dotless i: one byte in Latin-1, not '0' or '1'
    "/" * 9,  # the byte before '0'
    Text("000000000"),
    b"000000000",
    512,
    -1,
    2**64,
    -(2**64),
    True,
    1.0,
    None,
    ["0"] * 9,
]


def plain_forms(rows: Rows, rng: random.Random) -> list[Any]:
    """The same grid in plain forms: a list or tuple of row strings, masks, or a mix of both."""
    masks = masks_of(rows)
    mixed = [rows[r] if rng.random() < 0.5 else masks[r] for r in range(9)]
    return [list(rows), tuple(rows), list(masks), tuple(masks), mixed, tuple(mixed)]


@settings(max_examples=examples(100), deadline=None)
@given(rows=grids(), seed=st.integers(0, 2**32 - 1))
def test_the_plain_form_is_packed_exactly(sudoku_kernel: ModuleType, rows: Rows, seed: int) -> None:
    """Each plain form gives the answer of the grid's masks; each grid with one bad row is refused (-1)."""
    rng = random.Random(seed)
    expected = sudoku_kernel.min_toggles(masks_of(rows))
    forms = plain_forms(rows, rng)
    for grid in forms:
        assert sudoku_kernel.plain_min_toggles(grid) == expected
    spoilt = []
    for bad in rng.sample(NOT_PLAIN_ROWS, 4):
        grid = list(rng.choice(forms))
        grid[rng.randrange(9)] = bad
        spoilt.append(grid)
        assert sudoku_kernel.plain_min_toggles(grid) == -1, grid
        assert sudoku_kernel.plain_min_toggles(tuple(grid)) == -1, grid
    for grid in ([*rows, rows[0]], list(rows[:8]), [], iter(rows), "".join(rows), masks_of(rows)[0]):
        assert sudoku_kernel.plain_min_toggles(grid) == -1
    # count_plain counts the plain grids up to the first other one, and says where it stopped.
    table = table_of(sudoku_kernel)
    batch = [*forms, spoilt[0], *forms]
    out = bytearray(len(batch))
    assert table.count_plain(batch, 0, len(batch), out) == len(forms)
    assert list(out) == [expected] * len(forms) + [0] * (len(forms) + 1)
    assert table.count_plain(batch, len(forms) + 1, len(batch), out) == len(batch)
    assert list(out[len(forms) + 1 :]) == [expected] * len(forms)
    assert table.count_plain(batch, 2, 3, out) == 3
    # A list shorter than stop (another thread shortened it): counted to its end, which is returned.
    assert table.count_plain(batch[:3], 0, len(batch), out) == 3


def test_plain_rows_of_every_mask(sudoku_kernel: ModuleType) -> None:
    """Every row mask 0..511, as a string and as an int, in every row."""
    table = table_of(sudoku_kernel)
    base = list(SAMPLE)
    grids_: list[Any] = []
    for mask in range(512):
        grid = list(base)
        grid[mask % 9] = f"{mask:09b}"
        grids_.append(grid)
        grids_.append(tuple(masks_of(tuple(grid))))
    out = bytearray(len(grids_))
    assert table.count_plain(grids_, 0, len(grids_), out) == len(grids_)
    assert list(out) == [sudoku_kernel.min_toggles(masks_of(tuple(grid))) for grid in grids_[::2] for _ in (0, 1)]


# -- misuse ----------------------------------------------------------------------
#
# The facade validates and the kernels trust: they only assert their
# preconditions, and a release build may compile the compiled kernel's asserts
# out. So only the twin's AssertionError is tested here; the errors users see
# come from the facade (tests/test_sudoku.py: test_bad_grids_from_python,
# test_many_names_the_bad_grid, test_numpy_errors).


@pytest.mark.parametrize(
    "grid",
    [
        masks_of(SAMPLE[:8]),
        masks_of((*SAMPLE, "000000000")),
        (),
        (0,) * 8 + (512,),
        (0,) * 8 + (-1,),
        (0,) * 8 + (2**80,),
    ],
    ids=["8-masks", "10-masks", "no-masks", "mask-too-big", "negative-mask", "huge-mask"],
)
def test_the_twin_asserts_its_grids(grid: tuple[int, ...]) -> None:
    for function in (_sudoku_py.solve, _sudoku_py.min_toggles, _sudoku_py.key_of):
        with pytest.raises(AssertionError):
            function(grid)


def test_the_twin_table_asserts_its_buffers() -> None:
    table = _sudoku_py.Table()
    with pytest.raises(AssertionError):
        table.count_masks(array("H", [0] * 8 + [512]), bytearray(1))
    with pytest.raises(AssertionError):  # 2 grids of masks, room for 1 answer
        table.count_masks(array("H", [0] * 18), bytearray(1))
    with pytest.raises(AssertionError):  # 1 grid of masks, room for 2 answers
        table.count_masks(array("H", [0] * 9), bytearray(2))
    cells = cells_bytes([SAMPLE, ZEROS, ONES])
    bad = bytearray(cells)
    bad[81 + 40] = 2
    with pytest.raises(AssertionError):
        table.count_cells(memoryview(bytes(bad)), memoryview(bytearray(3)))
    with pytest.raises(AssertionError):  # 242 cells for 3 grids
        table.count_cells(memoryview(cells[:-1]), memoryview(bytearray(3)))


def test_grid_error_is_gone() -> None:
    """Kernels no longer raise for bad input, so they have no error class of their own."""
    for module in (_sudoku_cy, _sudoku_py):
        assert not hasattr(module, "GridError"), module.__name__
        assert not hasattr(module.Table, "count_grids"), module.__name__


# -- threads and interface -------------------------------------------------------


def test_one_table_serves_many_threads() -> None:
    table = _sudoku_cy.Table()
    rng = random.Random(3)
    batches = [[tuple(rng.randrange(512) for _ in range(9)) for _ in range(2000)] for _ in range(8)]

    def count(batch: list[tuple[int, ...]]) -> list[int]:
        out = bytearray(len(batch))
        table.count_masks(array("H", [mask for grid in batch for mask in grid]), out)
        return list(out)

    def solve(batch: list[tuple[int, ...]]) -> list[int]:
        return [_sudoku_cy.solve(grid)[0] for grid in batch[:50]]

    with ThreadPoolExecutor(max_workers=4) as pool:
        counted = list(pool.map(count, batches))
        solved = list(pool.map(solve, batches))
    assert [answers[:50] for answers in counted] == solved
    assert counted == [[_sudoku_cy.min_toggles(grid) for grid in batch] for batch in batches]


def test_stub_kernel_and_twin_agree_on_the_interface() -> None:
    stub = ast.parse(Path(_sudoku_cy.__file__).with_name("_kernel.pyi").read_text())
    names = {
        node.target.id for node in stub.body if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
    }
    names |= {node.name for node in stub.body if isinstance(node, (ast.FunctionDef, ast.ClassDef))}
    functions = {node.name: node for node in stub.body if isinstance(node, ast.FunctionDef)}
    table = next(node for node in stub.body if isinstance(node, ast.ClassDef) and node.name == "Table")
    methods = {node.name: node for node in table.body if isinstance(node, ast.FunctionDef)}
    assert names == {"solve", "min_toggles", "plain_min_toggles", "key_of", "Table"}
    assert set(methods) == {"__init__", "__getitem__", "count_masks", "count_plain", "printed_texts", "count_cells"}
    # The compiled kernel exposes exactly what its stub declares; the twin at least that.
    assert {name for name in dir(_sudoku_cy) if not name.startswith("_")} == names
    for module in (_sudoku_cy, _sudoku_py):
        assert names <= set(dir(module)), module.__name__
        for name, node in functions.items():
            found = runtime_parameters(getattr(module, name))
            assert found is not None, f"{module.__name__}.{name}"
            assert found == stub_parameters(node), f"{module.__name__}.{name}"
        instance = module.Table()
        for name, node in methods.items():
            assert hasattr(instance, name), f"{module.__name__}.Table.{name}"
            found = runtime_parameters(getattr(module.Table, name))
            if module is _sudoku_cy and (found is None or name == "__init__"):
                continue  # slot wrappers and a cdef class's __init__ show no signature
            assert found == stub_parameters(node), f"{module.__name__}.Table.{name}"
