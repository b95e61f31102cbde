"""The binary-sudoku facade: parsing, the answer, the toggles, and counting many grids."""

from __future__ import annotations

import random
import subprocess
import sys
import threading
import time
from types import ModuleType
from typing import Any, Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fastpuzzle
from conftest import ROOT, examples, facade_fixture
from fastpuzzle import ParseError, sudoku
from fastpuzzle._common import grid as _grid
from fastpuzzle._contract.registry import PUZZLES
from fastpuzzle.sudoku import _facade as sudoku_internals
from fastpuzzle.sudoku import _kernel as _sudoku_cy
from fastpuzzle.sudoku import _twin as _sudoku_py
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
    answer = sudoku_facade.solve(grid)
    assert isinstance(answer, sudoku_facade.Toggles)
    count, toggles = answer
    assert (count, toggles) == (answer.minimum, answer.cells)
    assert count == len(toggles) == 3
    assert sudoku_facade.is_even(sudoku_facade.apply(grid, toggles))
    assert sudoku_facade.min_toggles_many([grid, grid.masks]) == [3, 3]
    assert sudoku_facade.format(answer) == "3\n"
    assert sudoku_facade.solve_text(SAMPLE) == "3\n"


def test_the_limits_come_from_the_registry() -> None:
    assert PUZZLES["sudoku"].limits == {"SIDE": 9, "MAX_ANSWER": 9}
    assert (sudoku.SIDE, sudoku.MAX_ANSWER) == (9, 9)


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
    assert sudoku.parse(text).rows == SAMPLE_ROWS
    assert sudoku.parse(text) == sudoku.Grid(SAMPLE_ROWS)
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
        "empty",
        "blank-only",
        "8-rows",
        "10-rows",
        "junk-after",
        "bad-char",
        "short-row",
        "long-row",
        "leading-space",
        "spaced-digits",
        "commas",
        "blank-between",
        "run-together",
    ],
)
def test_parse_errors_say_where_and_what(text: str, line: int, column: int, message: str) -> None:
    with pytest.raises(ParseError, match=f"^line {line}, column {column}: {message}$") as caught:
        sudoku.parse(text)
    assert (caught.value.line, caught.value.column) == (line, column)


# -- grids from Python -----------------------------------------------------------


def test_grid_forms_agree(sudoku_facade: ModuleType) -> None:
    grid = sudoku_facade.parse(SAMPLE)
    assert issubclass(sudoku.Grid, _grid.Grid) and not issubclass(sudoku.Grid, tuple)
    assert isinstance(grid, sudoku.Grid)
    assert grid.rows == SAMPLE_ROWS and grid.n == 9
    masks = [int(row, 2) for row in SAMPLE_ROWS]
    assert grid.masks == tuple(masks)
    assert sudoku_facade.from_rows(masks) == grid == sudoku_facade.Grid(SAMPLE_ROWS) == sudoku_facade.Grid(masks)
    assert sudoku_facade.from_rows(masks).rows == SAMPLE_ROWS and sudoku_facade.Grid(SAMPLE_ROWS).masks == tuple(masks)
    assert sudoku_facade.from_rows(grid) is grid
    assert hash(sudoku_facade.from_rows(masks)) == hash(grid)
    assert str(grid) == SAMPLE and str(sudoku_facade.Grid(masks)) == SAMPLE
    # Rows may mix masks and strings (the kernel itself takes masks only).
    mixed = [row if r % 2 else int(row, 2) for r, row in enumerate(SAMPLE_ROWS)]
    assert sudoku_facade.from_rows(mixed) == grid
    for form in (grid, list(SAMPLE_ROWS), SAMPLE_ROWS, masks, tuple(masks), mixed, iter(masks)):
        assert sudoku_facade.min_toggles(form) == 3
    for form in (grid, list(SAMPLE_ROWS), SAMPLE_ROWS, masks, tuple(masks), mixed):
        assert sudoku_facade.solve(form) == sudoku_facade.solve(grid)
        assert sudoku_facade.solve(form).minimum == 3


@pytest.mark.parametrize(
    ("grid", "error", "message"),
    [
        # Every grid the kernels used to refuse (GridError) is refused here, by the facade.
        (SAMPLE_ROWS[:8], ParseError, "^row 1, column 1: expected 9 rows, found 8$"),
        ((*SAMPLE_ROWS, "0" * 9), ParseError, "^row 1, column 1: expected 9 rows, found 10$"),
        ([], ParseError, "^row 1, column 1: expected 9 rows, found 0$"),
        ([0] * 8, ParseError, "^row 1, column 1: expected 9 rows, found 8$"),
        (
            (*SAMPLE_ROWS[:4], "000020000", *SAMPLE_ROWS[5:]),
            ParseError,
            "^row 5, column 5: expected '0' or '1', found '2'$",
        ),
        (
            (*SAMPLE_ROWS[:2], "0000", *SAMPLE_ROWS[3:]),
            ParseError,
            "^row 3, column 5: expected 9 characters, found 4$",
        ),
        ((*SAMPLE_ROWS[:8], "0000000000"), ParseError, "^row 9, column 10: expected 9 characters, found 10$"),
        ((*SAMPLE_ROWS[:8], "00000000é"), ParseError, "^row 9, column 9: expected '0' or '1', found '\u00e9'$"),
        ((*SAMPLE_ROWS[:8], "0000000€0"), ParseError, "^row 9, column 8: expected '0' or '1', found '\u20ac'$"),
        ([0] * 8 + [512], ParseError, "^row 9, column 1: expected a row mask from 0 to 511, found 512$"),
        ([0] * 8 + [-3], ParseError, "^row 9, column 1: expected a row mask from 0 to 511, found -3$"),
        ([0] * 8 + [2**80], ParseError, f"^row 9, column 1: expected a row mask from 0 to 511, found {2**80}$"),
        ([0] * 8 + [1.0], TypeError, "^row 9 is float, expected str or int$"),
        ([0] * 8 + [None], TypeError, "^row 9 is NoneType, expected str or int$"),
        ([True] + [0] * 8, TypeError, "^row 1 is bool, expected str or int$"),
        (SAMPLE, TypeError, "use parse"),
        ("0" * 9, TypeError, "use parse"),
        (b"0" * 9, TypeError, "found bytes; use parse"),
        (None, TypeError, "^expected a sequence of rows, found NoneType$"),
        (42, TypeError, "^expected a sequence of rows, found int$"),
        pytest.param(dict.fromkeys(range(1, 10), "0" * 9), TypeError, "no row order"),
    ],
    ids=[
        "8-rows",
        "10-rows",
        "no-rows",
        "8-masks",
        "bad-char",
        "short-row",
        "long-row",
        "latin-1",
        "euro",
        "mask-too-big",
        "negative-mask",
        "huge-mask",
        "float",
        "none",
        "bool",
        "text",
        "one-row-text",
        "bytes",
        "none-grid",
        "int-grid",
        "dict",
    ],
)
def test_bad_grids_from_python(sudoku_facade: ModuleType, grid: Any, error: type[Exception], message: str) -> None:
    def apply_none(grid: Any) -> Any:
        return sudoku_facade.apply(grid, [])

    functions = (
        sudoku_facade.min_toggles,
        sudoku_facade.solve,
        sudoku_facade.from_rows,
        sudoku_facade.Grid,
        sudoku_facade.is_even,
        apply_none,
    )
    for function in functions:
        with pytest.raises(error, match=message):
            function(grid)


def test_apply_checks_its_toggles() -> None:
    with pytest.raises(ValueError, match=r"toggle \(10, 1\) is outside the 9 x 9 grid"):
        sudoku.apply(SAMPLE_ROWS, [(10, 1)])
    with pytest.raises(ValueError, match=r"toggle \(1, 0\) is outside the 9 x 9 grid"):
        sudoku.apply(SAMPLE_ROWS, [(1, 0)])
    assert sudoku.apply(SAMPLE_ROWS, [(2, 3), (2, 3)]) == sudoku.Grid(SAMPLE_ROWS)
    assert sudoku.apply(SAMPLE_ROWS, [(2, 3)]).rows[1] == "000000100"


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1))
def test_solve_gives_a_valid_optimal_set(sudoku_facade: ModuleType, seed: int) -> None:
    rows = random_rows(random.Random(seed))
    count, toggles = sudoku_facade.solve(rows)
    assert count == len(toggles) == len(set(toggles)) == min_toggles_search(rows)[0]
    assert toggles == sorted(toggles)
    assert all(1 <= r <= 9 and 1 <= c <= 9 for r, c in toggles)
    assert sudoku_facade.min_toggles(rows) == count
    fixed = sudoku_facade.apply(rows, toggles)
    assert is_even(fixed.rows) and sudoku_facade.is_even(fixed)
    assert sudoku_facade.is_even(rows) == (count == 0)


def test_format_solution() -> None:
    text = sudoku.format_solution(SAMPLE_ROWS, sudoku.solve(SAMPLE_ROWS))
    lines = text.splitlines()
    assert lines[0] == "3"
    assert lines[1].startswith("toggles: (") and lines[1].count("(") == 3
    assert lines[2] == "fixed grid, toggled cells in brackets:"
    assert len(lines) == 12 and text.count("[") == 3
    shown = tuple(line.replace("[", " ").replace("]", " ").replace(" ", "") for line in lines[3:])
    assert is_even(shown)
    assert sudoku.format_solution(("0" * 9,) * 9, sudoku.Toggles(0, [])).splitlines()[:2] == ["0", "toggles: none"]
    assert sudoku.format(sudoku.solve(SAMPLE_ROWS)) == "3\n"
    assert sudoku.format(sudoku.Toggles(0, [])) == "0\n"


# -- many grids ------------------------------------------------------------------


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1), size=st.integers(0, 40))
def test_many_matches_one_at_a_time(sudoku_facade: ModuleType, seed: int, size: int) -> None:
    rng = random.Random(seed)
    grids: list[Any] = [random_rows(rng) for _ in range(size)]
    grids = [
        sudoku_facade.Grid(g) if i % 3 == 0 else [int(r, 2) for r in g] if i % 3 == 1 else g
        for i, g in enumerate(grids)
    ]
    expected = [sudoku_facade.min_toggles(grid) for grid in grids]
    assert sudoku_facade.min_toggles_many(grids) == expected
    assert sudoku_facade.min_toggles_many(tuple(grids)) == expected
    assert sudoku_facade.min_toggles_many(iter(grids)) == expected


def test_many_names_the_bad_grid(sudoku_facade: ModuleType) -> None:
    grids: list[Any] = [SAMPLE_ROWS, (*SAMPLE_ROWS[:4], "000020000", *SAMPLE_ROWS[5:])]
    with pytest.raises(ParseError, match=r"^grid 1, row 5, column 5: expected '0' or '1', found '2'$"):
        sudoku_facade.min_toggles_many(grids)
    with pytest.raises(ParseError, match=r"^grid 2, row 1, column 1: expected 9 rows, found 8$"):
        sudoku_facade.min_toggles_many([SAMPLE_ROWS, SAMPLE_ROWS, SAMPLE_ROWS[:8]])
    with pytest.raises(ParseError, match=r"^grid 3, row 2, column 1: expected a row mask from 0 to 511, found 512$"):
        sudoku_facade.min_toggles_many([SAMPLE_ROWS] * 3 + [[0, 512] + [0] * 7])
    with pytest.raises(TypeError, match=r"^grid 0: row 1 is float, expected str or int$"):
        sudoku_facade.min_toggles_many([[1.0] * 9])
    with pytest.raises(TypeError, match=r"^grid 1: row 1 is bool, expected str or int$"):
        sudoku_facade.min_toggles_many([SAMPLE_ROWS, [True] * 9])
    with pytest.raises(TypeError, match=r"^grid 1: expected a sequence of rows, found int$"):
        sudoku_facade.min_toggles_many([SAMPLE_ROWS, 42])
    with pytest.raises(TypeError, match="use parse"):
        sudoku_facade.min_toggles_many(SAMPLE)


def test_many_refuses_bool_masks_like_min_toggles(sudoku_facade: ModuleType) -> None:
    with pytest.raises(TypeError, match=r"^row 1 is bool, expected str or int$"):
        sudoku_facade.min_toggles([True] * 9)
    with pytest.raises(TypeError, match=r"^grid 0: row 1 is bool, expected str or int$"):
        sudoku_facade.min_toggles_many([[True] * 9])


def test_many_accepts_numpy_arrays(sudoku_facade: ModuleType) -> None:
    numpy = pytest.importorskip("numpy")
    rng = numpy.random.default_rng(11)
    cells = rng.integers(0, 2, size=(50, 9, 9), dtype=numpy.uint8)
    as_rows = [["".join(str(v) for v in row) for row in grid] for grid in cells.tolist()]
    expected = [sudoku_facade.min_toggles(rows) for rows in as_rows]
    for array in (
        cells,
        cells.astype(bool),
        cells.astype(numpy.int64),
        cells[:, ::-1, ::-1].copy()[:, ::-1, ::-1],
        numpy.asfortranarray(cells),
    ):
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


@pytest.mark.parametrize("implementation", ["compiled", "twin"])
def test_the_table_is_built_once_across_threads(monkeypatch: pytest.MonkeyPatch, implementation: str) -> None:
    kernel: Any = {"compiled": _sudoku_cy, "twin": _sudoku_py}[implementation]
    real_table = kernel.Table
    built: list[object] = []

    class SlowTable:
        def __init__(self) -> None:
            time.sleep(0.05)  # widen the window in which a second thread could build one too
            built.append(self)
            self.real = real_table()

        def count_masks(self, masks: Any, out: Any) -> None:
            self.real.count_masks(masks, out)

        def count_cells(self, cells: Any, out: Any) -> None:
            self.real.count_cells(cells, out)

        def count_plain(self, grids: list[Any], start: int, stop: int, out: Any) -> int:
            return int(self.real.count_plain(grids, start, stop, out))

    # The facade builds its table from the active kernel's Table: slow that one down.
    monkeypatch.setattr(kernel, "Table", SlowTable)
    monkeypatch.setattr(sudoku_internals, "_TABLES", {})
    results: list[list[int]] = []
    start = threading.Barrier(6)

    def work() -> None:
        start.wait()
        results.append(sudoku.min_toggles_many([SAMPLE_ROWS] * 10))

    with fastpuzzle.use_kernels(implementation):
        threads = [threading.Thread(target=work) for _ in range(6)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert len(built) == 1
    assert results == [[3] * 10] * 6
    assert {kernel.__name__: built[0]} == sudoku_internals._TABLES


@pytest.mark.parametrize(
    ("toggles", "message"),
    [
        ([(1.5, 2)], r"^a toggle is a pair of integers, got '\(1.5, 2\)'$"),
        ([(True, 2)], r"^a toggle is a pair of integers, got '\(True, 2\)'$"),
        ([(1, 2, 3)], r"^a toggle is a \(row, column\) pair, got '\(1, 2, 3\)'$"),
        ([12], r"^a toggle is a \(row, column\) pair, got '12'$"),
        (["12"], r"^a toggle is a \(row, column\) pair, got \"'12'\"$"),
    ],
)
def test_apply_checks_the_type_of_its_toggles(toggles: Any, message: str) -> None:
    grid = sudoku.parse("000000000\n" * 9)
    with pytest.raises(TypeError, match=message):
        sudoku.apply(grid, toggles)
    with pytest.raises(TypeError, match=message):
        sudoku.format_solution(grid, (1, toggles))  # type: ignore[arg-type]


def test_toggles_may_be_lists_and_numpy_integers() -> None:
    import numpy

    grid = sudoku.parse("000000000\n" * 9)
    assert sudoku.apply(grid, [[numpy.int64(1), 2]]).rows[0] == "010000000"  # type: ignore[list-item]
    assert sudoku.format_solution(grid, (1, [[1, 2]])).splitlines()[1] == "toggles: (1, 2)"  # type: ignore[arg-type, list-item]


@pytest.mark.parametrize(
    ("answer", "error", "message"),
    [
        ((1,), TypeError, r"^expected Toggles\(minimum, cells\), found tuple$"),
        (3, TypeError, r"^expected Toggles\(minimum, cells\), found int$"),
        ((1.0, []), TypeError, r"^minimum must be an integer, got float$"),
        ((-1, []), fastpuzzle.ArgumentError, r"^minimum must be at least 0, got -1$"),
    ],
)
def test_format_checks_the_answer(answer: Any, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        sudoku.format(answer)
    assert sudoku.format((2, [(1, 1), (1, 2)])) == "2\n"  # type: ignore[arg-type]


@pytest.mark.parametrize("grids", [None, 5, 2.5])
def test_many_names_what_is_no_sequence(grids: Any) -> None:
    with pytest.raises(TypeError, match=f"^expected a sequence of grids, found {type(grids).__name__}$"):
        sudoku.min_toggles_many(grids)


#: Ways to write a grid's text other than plainly: solve_texts leaves each to solve_text (None).
def _crlf(text: str) -> str:
    return text.replace("\n", "\r\n")


NOT_PLAIN_TEXTS: dict[str, Callable[[str], str]] = {
    "crlf": _crlf,
    "trailing space": lambda text: text.replace("\n", " \n", 1),
    "byte-order mark": lambda text: "\ufeff" + text,
    "blank line first": lambda text: "\n" + text,
    "space after": lambda text: text + " ",
    "a 2": lambda text: "2" + text[1:],
    "eight rows": lambda text: text[10:],
    "ten rows": lambda text: text + "000000000\n",
    "short row": lambda text: text[:3] + text[4:],
    "tab": lambda text: text[:50] + "\t" + text[51:],
}


@settings(max_examples=examples(100), deadline=None)
@given(rows=st.lists(st.integers(0, 511), min_size=9, max_size=9), blank_lines=st.integers(0, 3))
def test_solve_texts_answers_plain_texts_as_solve_text(rows: list[int], blank_lines: int) -> None:
    """Plain texts (with or without the last newline, and blank lines after) get solve_text's answer; any
    other way of writing the grid, and any item that is no str, is left to solve_text (None)."""
    body = "\n".join(f"{mask:09b}" for mask in rows)
    plain = [body, body + "\n", body + "\n" * (1 + blank_lines)]
    others: list[Any] = [change(body + "\n") for change in NOT_PLAIN_TEXTS.values()]
    others += [None, (body + "\n").encode(), rows]
    for implementation in ("compiled", "twin"):
        with fastpuzzle.use_kernels(implementation):
            answers = sudoku.solve_texts(plain + others)
        assert answers[: len(plain)] == [sudoku.solve_text(text) for text in plain]
        assert answers[len(plain) :] == [None] * len(others)
    assert sudoku.solve_texts([]) == []


def test_solve_texts_covers_what_parse_reads_plainly() -> None:
    """Every text the other ways of writing make either fails to parse or is not plain: never a wrong answer."""
    text = str(sudoku.parse(SAMPLE))
    for name, change in NOT_PLAIN_TEXTS.items():
        changed = change(text)
        try:
            expected: Any = sudoku.solve_text(changed)
        except fastpuzzle.ParseError:
            expected = None
        assert sudoku.solve_texts([changed]) == [None], name
        if expected is not None:  # what parse accepts anyway comes out the same one by one
            assert next(fastpuzzle.solve_many("sudoku", [changed], jobs=1)).output == expected, name
