"""The binary-sudoku facade: parsing, the answer, the toggles, and counting many grids."""

from __future__ import annotations

import random
import subprocess
import sys
import threading
import time
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fastpuzzle
from fastpuzzle import ParseError, _sudoku_cy, sudoku

from conftest import ROOT, examples, facade_fixture
from reference_sudoku import is_even, min_toggles_search

sudoku_facade = facade_fixture("sudoku")

SAMPLE = "000000000\n001000100\n000000000\n000110000\n000111000\n000000000\n000000000\n000000000\n000000000\n"
SAMPLE_ROWS = tuple(SAMPLE.split())


def random_rows(rng: random.Random) -> tuple[str, ...]:
    p = rng.choice((0.05, 0.3, 0.5, 0.8))
    return tuple("".join("1" if rng.random() < p else "0" for _ in range(9)) for _ in range(9))


def test_sample() -> None:
    assert fastpuzzle.solve_text("sudoku", SAMPLE) == "3\n"
    assert (ROOT / "examples" / "sudoku.txt").read_text() == SAMPLE


def test_sample_on_both_implementations(sudoku_facade: ModuleType) -> None:
    grid = sudoku_facade.parse(SAMPLE)
    assert sudoku_facade.min_toggles(grid) == 3
    count, toggles = sudoku_facade.solve(grid)
    assert count == len(toggles) == 3
    assert sudoku_facade.is_even(sudoku_facade.apply(grid, toggles))
    assert sudoku_facade.min_toggles_many([grid, grid.masks]) == [3, 3]



# -- parsing ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        SAMPLE.replace("\n", " \t \r\n"),
    ],
    ids=["trailing-mixed"],
)
def test_liberal_in_small_things(text: str) -> None:
    """Beyond what tests/test_cases.py checks for every puzzle."""
    assert sudoku.parse(text) == SAMPLE_ROWS
    assert fastpuzzle.solve_text("sudoku", text) == "3\n"


def replace_line(index: int, line: str) -> str:
    lines = SAMPLE.split("\n")
    lines[index] = line
    return "\n".join(lines)


@pytest.mark.parametrize(
    ("text", "line", "column", "message"),
    [
        ("", 1, 1, "expected row 1 of 9, found end of input"),
        ("\n \n", 1, 1, "expected row 1 of 9, found end of input"),
        ("\n".join(SAMPLE_ROWS[:8]) + "\n", 9, 1, "expected row 9 of 9, found end of input"),
        (SAMPLE + "000000000\n", 10, 1, "expected nothing after the 9 rows, found '000000000'"),
        (SAMPLE + "\n  x\n", 11, 3, "expected nothing after the 9 rows, found 'x'"),
        (replace_line(2, "000020000"), 3, 5, "expected '0' or '1', found '2'"),
        (replace_line(4, "00000000"), 5, 9, "expected 9 characters in row 5 of 9, found 8"),
        (replace_line(4, "0000000000"), 5, 10, "expected 9 characters in row 5 of 9, found 10"),
        (replace_line(0, " 000000000"), 1, 1, "expected '0' or '1', found ' '"),
        (replace_line(0, "0 0 0 0 0 0 0 0 0"), 1, 2, "expected '0' or '1', found ' '"),
        (replace_line(0, "0,0,0,0,0,0,0,0,0"), 1, 2, "expected '0' or '1', found ','"),
        (replace_line(3, ""), 4, 1, "expected row 4 of 9, found a blank line"),
        ("000000000" * 9 + "\n", 1, 10, "expected 9 characters in row 1 of 9, found 81"),
    ],
    ids=[
        "empty", "blank-only", "8-rows", "10-rows", "junk-after", "bad-char", "short-row", "long-row",
        "leading-space", "spaced-digits", "commas", "blank-between", "run-together",
    ],
)
def test_parse_errors_say_where_and_what(text: str, line: int, column: int, message: str) -> None:
    with pytest.raises(ParseError, match=f"^line {line}, column {column}: {message}$") as caught:
        sudoku.parse(text)
    assert (caught.value.line, caught.value.column) == (line, column)


# -- grids from Python -----------------------------------------------------------


def test_grid_forms_agree(sudoku_facade: ModuleType) -> None:
    grid = sudoku_facade.parse(SAMPLE)
    masks = [int(row, 2) for row in SAMPLE_ROWS]
    assert grid.masks == tuple(masks)
    assert sudoku_facade.from_rows(masks) == grid == sudoku_facade.Grid(SAMPLE_ROWS)
    assert str(grid) == SAMPLE
    for form in (grid, list(SAMPLE_ROWS), SAMPLE_ROWS, masks, tuple(masks)):
        assert sudoku_facade.min_toggles(form) == 3
        assert sudoku_facade.solve(form)[0] == 3


@pytest.mark.parametrize(
    ("grid", "error", "message"),
    [
        (SAMPLE_ROWS[:8], ParseError, "row 9, column 1: expected 9 rows, found 8"),
        (SAMPLE_ROWS + ("0" * 9,), ParseError, "row 10, column 1: expected 9 rows, found 10"),
        (SAMPLE_ROWS[:4] + ("000020000",) + SAMPLE_ROWS[5:], ParseError, "row 5, column 5: expected '0' or '1', found '2'"),
        (SAMPLE_ROWS[:2] + ("0000",) + SAMPLE_ROWS[3:], ParseError, "row 3, column 5: expected 9 characters, found 4"),
        ([0] * 8 + [512], ParseError, "row 9, column 1: expected a row mask from 0 to 511, found 512"),
        ([0] * 8 + [-3], ParseError, "row 9, column 1: expected a row mask from 0 to 511, found -3"),
        ([0] * 8 + [None], TypeError, "row 9 is NoneType, expected str or int"),
        (SAMPLE, TypeError, "use parse"),
    ],
    ids=["8-rows", "10-rows", "bad-char", "short-row", "mask-too-big", "negative-mask", "none", "text"],
)
def test_bad_grids_from_python(sudoku_facade: ModuleType, grid: Any, error: type[Exception], message: str) -> None:
    for function in (sudoku_facade.min_toggles, sudoku_facade.solve, sudoku_facade.from_rows, sudoku_facade.Grid):
        with pytest.raises(error, match=message):
            function(grid)


def test_apply_checks_its_toggles() -> None:
    with pytest.raises(ValueError, match=r"toggle \(10, 1\) is outside the 9 x 9 grid"):
        sudoku.apply(SAMPLE_ROWS, [(10, 1)])
    assert sudoku.apply(SAMPLE_ROWS, [(2, 3), (2, 3)]) == SAMPLE_ROWS


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1))
def test_solve_gives_a_valid_optimal_set(sudoku_facade: ModuleType, seed: int) -> None:
    rows = random_rows(random.Random(seed))
    count, toggles = sudoku_facade.solve(rows)
    assert count == len(toggles) == len(set(toggles)) == min_toggles_search(rows)[0]
    assert all(1 <= r <= 9 and 1 <= c <= 9 for r, c in toggles)
    fixed = sudoku_facade.apply(rows, toggles)
    assert is_even(tuple(fixed)) and sudoku_facade.is_even(fixed)
    assert sudoku_facade.is_even(rows) == (count == 0)


def test_format_solution() -> None:
    text = sudoku.format_solution(SAMPLE_ROWS, *sudoku.solve(SAMPLE_ROWS))
    lines = text.splitlines()
    assert lines[0] == "3"
    assert lines[1].startswith("toggles: (") and lines[1].count("(") == 3
    assert lines[2] == "fixed grid, toggled cells in brackets:"
    assert len(lines) == 12 and text.count("[") == 3
    shown = tuple(line.replace("[", " ").replace("]", " ").replace(" ", "") for line in lines[3:])
    assert is_even(shown)
    assert sudoku.format_solution(("0" * 9,) * 9, 0, []).splitlines()[:2] == ["0", "toggles: none"]


# -- many grids ------------------------------------------------------------------


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1), size=st.integers(0, 40))
def test_many_matches_one_at_a_time(sudoku_facade: ModuleType, seed: int, size: int) -> None:
    rng = random.Random(seed)
    grids: list[Any] = [random_rows(rng) for _ in range(size)]
    grids = [sudoku_facade.Grid(g) if i % 3 == 0 else [int(r, 2) for r in g] if i % 3 == 1 else g for i, g in enumerate(grids)]
    expected = [sudoku_facade.min_toggles(grid) for grid in grids]
    assert sudoku_facade.min_toggles_many(grids) == expected
    assert sudoku_facade.min_toggles_many(tuple(grids)) == expected
    assert sudoku_facade.min_toggles_many(iter(grids)) == expected


def test_many_names_the_bad_grid(sudoku_facade: ModuleType) -> None:
    grids: list[Any] = [SAMPLE_ROWS, SAMPLE_ROWS[:4] + ("000020000",) + SAMPLE_ROWS[5:]]
    with pytest.raises(ParseError, match=r"^grid 1, row 5, column 5: expected '0' or '1', found '2'$"):
        sudoku_facade.min_toggles_many(grids)
    with pytest.raises(ParseError, match=r"^grid 2, row 9, column 1: expected 9 rows, found 8$"):
        sudoku_facade.min_toggles_many([SAMPLE_ROWS, SAMPLE_ROWS, SAMPLE_ROWS[:8]])
    with pytest.raises(TypeError, match="grid 0: row 1 is float"):
        sudoku_facade.min_toggles_many([[1.0] * 9])
    with pytest.raises(TypeError, match="use parse"):
        sudoku_facade.min_toggles_many(SAMPLE)


def test_many_accepts_numpy_arrays(sudoku_facade: ModuleType) -> None:
    numpy = pytest.importorskip("numpy")
    rng = numpy.random.default_rng(11)
    cells = rng.integers(0, 2, size=(50, 9, 9), dtype=numpy.uint8)
    as_rows = [["".join(str(v) for v in row) for row in grid] for grid in cells.tolist()]
    expected = [sudoku_facade.min_toggles(rows) for rows in as_rows]
    for array in (cells, cells.astype(bool), cells.astype(numpy.int64), cells[:, ::-1, ::-1].copy()[:, ::-1, ::-1], numpy.asfortranarray(cells)):
        found = sudoku_facade.min_toggles_many(array)
        assert found.dtype == numpy.uint8 and found.shape == (50,)
        assert found.tolist() == expected
    assert sudoku_facade.min_toggles_many(cells[::2]).tolist() == expected[::2]
    assert sudoku_facade.min_toggles_many(numpy.zeros((0, 9, 9), dtype=numpy.uint8)).shape == (0,)


def test_numpy_errors(sudoku_facade: ModuleType) -> None:
    numpy = pytest.importorskip("numpy")
    cells = numpy.zeros((4, 9, 9), dtype=numpy.uint8)
    cells[2, 6, 3] = 5
    for array in (cells, cells.astype(numpy.int32)):
        with pytest.raises(ParseError, match=r"^grid 2, row 7, column 4: expected 0 or 1, found 5$"):
            sudoku_facade.min_toggles_many(array)
    wide = numpy.zeros((1, 9, 9), dtype=numpy.int64)
    wide[0, 0, 0] = 256  # would wrap to 0 in uint8
    with pytest.raises(ParseError, match="found 256"):
        sudoku_facade.min_toggles_many(wide)
    with pytest.raises(ValueError, match=r"expected an array of shape \(k, 9, 9\), found \(9, 9\)"):
        sudoku_facade.min_toggles_many(numpy.zeros((9, 9), dtype=numpy.uint8))
    with pytest.raises(TypeError, match="found dtype float64"):
        sudoku_facade.min_toggles_many(numpy.zeros((1, 9, 9)))


def test_numpy_is_never_imported() -> None:
    code = (
        "import sys, fastpuzzle, fastpuzzle.cli\n"
        "from fastpuzzle import sudoku\n"
        "assert sudoku.min_toggles_many([sudoku.parse(open(sys.argv[1]).read())]) == [3]\n"
        "print(sorted(m for m in ('numpy', 'typing', 'dataclasses') if m in sys.modules))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code, str(ROOT / "examples" / "sudoku.txt")], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert "numpy" not in result.stdout


def test_the_table_is_built_once_across_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[object] = []

    class SlowTable:
        def __init__(self) -> None:
            time.sleep(0.05)  # widen the window in which a second thread could build one too
            built.append(self)
            self.real = _sudoku_cy.Table()

        def count_grids(self, grids: Any, out: Any) -> int:
            return int(self.real.count_grids(grids, out))

    fake = SimpleNamespace(__name__="fake_kernel", Table=SlowTable, min_toggles=_sudoku_cy.min_toggles, solve=_sudoku_cy.solve)
    monkeypatch.setattr(sudoku, "_kernel", fake)
    monkeypatch.setattr(sudoku, "_TABLES", {})
    results: list[list[int]] = []
    start = threading.Barrier(6)

    def work() -> None:
        start.wait()
        results.append(sudoku.min_toggles_many([SAMPLE_ROWS] * 10))

    threads = [threading.Thread(target=work) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(built) == 1
    assert results == [[3] * 10] * 6
    assert sudoku._TABLES == {"fake_kernel": built[0]}
