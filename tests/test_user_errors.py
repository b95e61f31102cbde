# mypy: disable-error-code="arg-type, list-item"
# (the cases pass arguments of the wrong type on purpose: each is what a user might pass)
"""Every error of the user's making is a clear error: an audit of the places that can raise ValueError.

The promise (README: Command line, Python API, Reliability): from the API, bad input or a bad argument
is a ValueError subclass of ``fastpuzzle.errors`` (ParseError with the line or row and the column,
ArgumentError, NoSolutionError, ...) or a TypeError for a wrong type; from the command line it is one
line ``fastpuzzle: PUZZLE: message`` that names the option, variable, file, line and column, with exit
2 (1, 3, 4 or 5 where the outcome says so): never exit 70 ("internal error"), a traceback or a hang.

Each case below is one place in ``src/fastpuzzle`` where a ValueError can arise from what a user
gives (an explicit raise, or an implicit one: ``int()``, ``float()``, unpacking, ``decode``, JSON,
NumPy, paths, an int too long to write), reached through the public API or the command line. The
command line runs in process through ``cli.main`` (its exit code and standard error are what a
shell sees), and in a real process where the process itself matters (its encoding).
"""

from __future__ import annotations

import inspect
import itertools
import os
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, Optional

import pytest

import fastpuzzle
from fastpuzzle import interchange, pixel, render, reversi, sudoku, takuzu
from fastpuzzle.cli import main
from fastpuzzle.errors import (
    ArgumentError,
    FastpuzzleError,
    MultipleSolutionsError,
    NoSolutionError,
    ParseError,
    PuzzleTooLargeError,
)

TAKUZU = "4\n11__\n_0__\n___1\n__0_\n"
#: A pixel puzzle with one solution (all white), and one with several.
PIXEL_UNIQUE = "3 3\n_0_\n___\n_0_\n"
PIXEL_OPEN = "3 3\n_2_\n___\n_2_\n"
SUDOKU = "000000000\n" * 9
REVERSI = "3\n-1 0 1\n0 1 0\n1 0 -1\n"
START_8 = "8\n" + "".join(
    " ".join("0" if (r, c) in ((3, 3), (4, 4)) else "1" if (r, c) in ((3, 4), (4, 3)) else "-1" for c in range(8))
    + "\n"
    for r in range(8)
)
#: An int with more digits than Python writes by default (sys.get_int_max_str_digits(): 4300).
HUGE = 10**5000
GRID = ["000000000"] * 9


def case_id(value: object) -> Optional[str]:
    """A case's id: a lambda's call as written (``takuzu.generate(3)``), an error class by its name."""
    if isinstance(value, type):
        return value.__name__
    if callable(value) and getattr(value, "__name__", "") == "<lambda>":
        source = " ".join(inspect.getsource(value).split())
        found = re.search(r"lambda: (.*?)(?:, [A-Z][A-Za-z]*Error\b|,$)", source)
        return found.group(1) if found else None
    if isinstance(value, tuple) and value and all(isinstance(item, str) for item in value):
        # a command line (a puzzle first) as typed; else the first fragment of the message it expects
        return " ".join(value) if value[0] in (*fastpuzzle.PUZZLES, "foo") else value[0]
    return None


def raises(error: type[BaseException], call: Callable[[], Any], *fragments: str) -> BaseException:
    """Call ``call``; it must raise ``error`` (not just any ValueError), its message holding ``fragments``."""
    with pytest.raises(error) as raised:
        call()
    message = str(raised.value)
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in {message!r}"
    assert "Exceeds the limit" not in message  # Python's own message for an int too long to write
    return raised.value


# -- the API: names, batches and kernels ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "error", "fragments"),
    [
        # _registry.canonical_name raises a bare ValueError: puzzle_module makes it an ArgumentError.
        (lambda: fastpuzzle.puzzle_module("foo"), ArgumentError, ("unknown puzzle 'foo'", "takuzu")),
        (lambda: fastpuzzle.solve_text("", "2\n10\n01\n"), ArgumentError, ("unknown puzzle ''",)),
        (lambda: fastpuzzle.solve_text(1, "2\n10\n01\n"), TypeError, ("puzzle name as str",)),
        (lambda: fastpuzzle.solve_many("foo", []), ArgumentError, ("unknown puzzle 'foo'",)),
        # _executors.checked_jobs
        (lambda: fastpuzzle.solve_many("takuzu", [], jobs=0), ArgumentError, ("jobs", "1 to 1024", "got 0")),
        (lambda: fastpuzzle.solve_many("takuzu", [], jobs=2000), ArgumentError, ("jobs", "got 2000")),
        # _batch.solve_many's own checks
        (lambda: fastpuzzle.solve_many("takuzu", [], errors="x"), ArgumentError, ("errors", "'x'")),
        (lambda: fastpuzzle.solve_many("takuzu", "2\n10\n01\n"), TypeError, ("iterable of contest texts",)),
        (lambda: list(fastpuzzle.solve_many("takuzu", 5)), TypeError, ("not iterable",)),
        (lambda: fastpuzzle.solve_many("takuzu", [], executor=5), TypeError, ("Executor",)),
        # _select.use_kernels
        (lambda: fastpuzzle.use_kernels("fast"), ArgumentError, ("implementation", "'fast'")),
    ],
    ids=case_id,
)
def test_names_and_batch_arguments(call: Callable[[], Any], error: type[BaseException], fragments: tuple[str]) -> None:
    raises(error, call, *fragments)


def test_solve_many_raises_what_solving_alone_raises() -> None:
    """_batch.raised: a record's message read back into its error (a ParseError keeps its line and column)."""
    texts = ["2\n10\n01\n", "2\n1x\n__\n"]
    error = raises(ParseError, lambda: list(fastpuzzle.solve_many("takuzu", texts, jobs=1, errors="raise")))
    assert (error.line, error.column) == (2, 2)  # type: ignore[attr-defined]
    raises(TypeError, lambda: list(fastpuzzle.solve_many("takuzu", [5], jobs=1, errors="raise")), "found int")
    raises(NoSolutionError, lambda: list(fastpuzzle.solve_many("takuzu", ["2\n11\n__\n"], jobs=1, errors="raise")))
    records = list(fastpuzzle.solve_many("takuzu", ["2\n1x\n__\n", b"2\n"], jobs=1))
    assert [record.status for record in records] == ["bad_input", "bad_input"]
    assert records[0].error == "line 2, column 2: expected '0', '1' or '_', found 'x'"
    assert "decode it first" in str(records[1].error)


# -- the API: contest text (_text: Lines, parse_int, check_row, decode) ------------------------------------


@pytest.mark.parametrize(
    ("facade", "text", "where", "fragment"),
    [
        (takuzu, "", (1, 1), "found end of input"),
        (takuzu, "3\n", (1, 1), "even N from 2 to 64, found '3'"),
        (takuzu, "04\n", (1, 1), "without a leading zero"),
        (takuzu, "+4\n", (1, 1), "without a sign"),
        (takuzu, "\u0664\n", (1, 1), "(an integer)"),  # an Arabic-Indic 4: int() would take it
        (takuzu, "99999999999999999999999\n", (1, 1), "from 2 to 64"),  # not read by int(): too long
        (takuzu, "4 x\n", (1, 3), "the rule, unique or free"),
        (takuzu, "4 4 free x\n", (1, 10), "extra value 'x'"),
        (takuzu, "4\n0_1_\n__x_\n____\n____\n", (3, 3), "found 'x'"),
        (takuzu, "4\n0_1_\n__\n____\n____\n", (3, 3), "expected 4 characters in row 2 of 4, found 2"),
        (takuzu, "2\n1\u00a0\n__\n", (2, 2), "found '\\xa0'"),
        (takuzu, "2\n10\n01\nextra\n", (4, 1), "expected nothing after the 2 rows"),
        (pixel, "1 1\n9\n", (2, 1), "a clue from 0 to 1"),
        (pixel, "101 100\n", (1, 1), "at most 10000 cells"),
        (pixel, "2\n", (1, 2), "found 1 value"),
        (pixel, "1 1 1\n", (1, 5), "extra value '1'"),
        (pixel, "1\u30001\n", (1, 2), "a space or a tab as white space"),
        (sudoku, "0\n", (1, 2), "expected 9 characters in row 1 of 9, found 1"),
        (sudoku, SUDOKU[:-10], (9, 1), "row 9 of 9, found end of input"),
        (sudoku, SUDOKU + "x\n", (10, 1), "expected nothing after the 9 rows"),
        (reversi, "9\n", (1, 1), "from 1 to 8, found '9'"),
        (reversi, "1\n2\n", (2, 1), "-1, 0 or 1, found '2'"),
        (reversi, "2\n-1 0\n", (3, 1), "found end of input"),
        (reversi, "2\n-1 0 1\n0 0\n", (2, 6), "extra value '1'"),
    ],
)
def test_parse_names_the_line_and_column(facade: Any, text: str, where: tuple[int, int], fragment: str) -> None:
    error = raises(ParseError, lambda: facade.parse(text), fragment)
    assert (error.line, error.column) == where  # type: ignore[attr-defined]
    # solve_text reads the same way, and puzzle_lines (--batch's reader) a first line the same way.
    raises(ParseError, lambda: facade.solve_text(text), fragment)
    if where[0] == 1 and text.count("\n") <= 1:
        raises(ParseError, lambda: facade.puzzle_lines(text.rstrip("\n")), fragment)


@pytest.mark.parametrize("facade", [takuzu, pixel, sudoku, reversi])
def test_parse_takes_text_only(facade: Any) -> None:
    raises(TypeError, lambda: facade.parse(b"2\n10\n01\n"), "found bytes; decode it first")
    raises(TypeError, lambda: facade.parse(None), "found NoneType")


# -- the API: rows (Grid.from_rows, row_tuple, check_text_rows) --------------------------------------------


@pytest.mark.parametrize(
    ("call", "error", "fragments"),
    [
        (lambda: takuzu.from_rows([]), ParseError, ("row 1, column 1", "even number of rows", "found 0")),
        (lambda: takuzu.from_rows(["0_0", "___"]), ParseError, ("even number of columns", "found 3")),
        (lambda: takuzu.from_rows(["0x", "__"]), ParseError, ("row 1, column 2", "found 'x'")),
        (lambda: takuzu.from_rows(["01", "0"]), ParseError, ("row 2, column 2", "expected 2 characters")),
        (lambda: takuzu.from_rows([1, 2]), TypeError, ("row 1 is int",)),
        (lambda: takuzu.from_rows("01\n10\n"), TypeError, ("use parse()",)),
        (lambda: takuzu.from_rows({"01", "10"}), TypeError, ("no row order",)),
        (lambda: takuzu.from_rows(itertools.repeat("01")), ParseError, ("row 10001", "at most 10000 rows")),
        (lambda: takuzu.from_rows(["__", "__"], unique_rows=1), TypeError, ("unique_rows must be a bool",)),
        (lambda: takuzu.solve(["11", "__"]), NoSolutionError, ("row 1 has 2 1s",)),
        (lambda: takuzu.solve(["____"] * 4), MultipleSolutionsError, ("differ at row",)),
        (lambda: pixel.from_rows(["9"]), ParseError, ("row 1, column 1", "a clue from 0 to 1")),
        (lambda: pixel.from_rows([""]), ParseError, ("1 to 10000 columns", "found 0")),
        (lambda: pixel.from_rows(["_" * 101] * 100), ParseError, ("at most 10000 cells",)),
        (lambda: sudoku.from_rows(GRID[:8]), ParseError, ("9 rows, found 8",)),
        (lambda: sudoku.from_rows([512, *[0] * 8]), ParseError, ("row 1, column 1", "mask from 0 to 511", "512")),
        (lambda: sudoku.from_rows([1.0, *[0] * 8]), TypeError, ("row 1 is float",)),
        (lambda: sudoku.min_toggles(["00000000x", *GRID[1:]]), ParseError, ("row 1, column 9", "found 'x'")),
        (lambda: sudoku.min_toggles("000"), TypeError, ("use parse()",)),
        (lambda: reversi.from_rows([[2]]), ParseError, ("row 1, column 1", "-1, 0 or 1, found '2'")),
        (lambda: reversi.from_rows([[0.0]]), ParseError, ("row 1, column 1", "found '0.0'")),
        (lambda: reversi.from_rows([[0, 1]]), ParseError, ("row 1, column 2", "1 values in row 1 of 1, found 2")),
        (lambda: reversi.from_rows([itertools.repeat(0)]), ParseError, ("found more",)),
        (lambda: reversi.from_rows(["-1"]), TypeError, ("row 1 is str",)),
    ],
    ids=case_id,
)
def test_rows_name_the_row_and_column(
    call: Callable[[], Any], error: type[BaseException], fragments: tuple[str]
) -> None:
    raises(error, call, *fragments)


@pytest.mark.parametrize(
    ("call", "error", "fragments"),
    [
        # _grid.solution_rows / solution_text: format and show check the answer they are given.
        (lambda: takuzu.format(("01", "2")), ParseError, ("row 2, column 1", "found '2'")),
        (lambda: takuzu.format(()), ParseError, ("at least 1 row",)),
        (lambda: takuzu.format(("",)), ParseError, ("at least 1 column",)),
        (lambda: takuzu.format("01"), TypeError, ("sequence of rows",)),
        (lambda: pixel.format(("01", "0")), ParseError, ("row 2, column 2", "expected 2 characters")),
        (lambda: pixel.show(["012"]), ParseError, ("row 1, column 3",)),
        (lambda: reversi.format((1, 2)), TypeError, ("Counts(black, white, draws)",)),
        (lambda: reversi.format((1, 2, -3)), ArgumentError, ("draws must be at least 0",)),
        (lambda: sudoku.format((1,)), TypeError, ("Toggles(minimum, cells)",)),
        (lambda: sudoku.format((-1, [])), ArgumentError, ("minimum must be at least 0",)),
    ],
    ids=case_id,
)
def test_answers_given_to_format_are_checked(
    call: Callable[[], Any], error: type[BaseException], fragments: tuple[str]
) -> None:
    raises(error, call, *fragments)


# -- the API: counts, choices, sizes (checked_count, checked_seed, checked_choice, checked_difficulty) -----

BOARD = reversi.parse(REVERSI)


@pytest.mark.parametrize(
    ("call", "error", "fragments"),
    [
        (lambda: takuzu.count_solutions(["__", "__"], limit=-1), ArgumentError, ("limit must be at least 0",)),
        (lambda: takuzu.count_solutions(["__", "__"], limit=1.0), TypeError, ("limit must be an integer",)),
        (lambda: takuzu.count_solutions(["__", "__"], limit=True), TypeError, ("limit must be an integer",)),
        (lambda: pixel.count_solutions(["_"], limit=-5), ArgumentError, ("limit must be at least 0",)),
        (lambda: takuzu.generate(3), ArgumentError, ("even width from 2 to 64, got 3",)),
        (lambda: takuzu.generate(4, 66), ArgumentError, ("even height from 2 to 64, got 66",)),
        (lambda: takuzu.generate(-2), ArgumentError, ("width must be at least 0",)),
        (lambda: takuzu.generate("4"), TypeError, ("width must be an integer",)),
        (lambda: takuzu.generate(4, difficulty=0), ArgumentError, ("difficulty must be a grade from 1 to 5",)),
        (lambda: takuzu.generate(4, difficulty=2.0), TypeError, ("difficulty must be an integer",)),
        (lambda: takuzu.generate(4, seed=1.5), TypeError, ("seed must be an integer",)),
        (lambda: takuzu.generate(4, unique_rows="yes"), TypeError, ("unique_rows must be a bool",)),
        (lambda: takuzu.generate(2, difficulty=3), ArgumentError, ("no 2x2 puzzle of difficulty 3",)),
        (lambda: pixel.generate(0), ArgumentError, ("width and height must be at least 1, got 0 and 0",)),
        (lambda: pixel.generate(101, 100), ArgumentError, ("at most 10000 cells", "got 101x100")),
        (lambda: pixel.generate(2, effort=-1), ArgumentError, ("effort must be at least 0",)),
        (lambda: pixel.generate(2, difficulty=6), ArgumentError, ("difficulty must be a grade",)),
        (lambda: pixel.generate(1, difficulty=3, seed=1), ArgumentError, ("no 1x1 puzzle of difficulty 3",)),
        (lambda: pixel.generate(2, density=2), ArgumentError, ("density must be from 0 to 1, got 2.0",)),
        (lambda: pixel.generate(2, density=float("nan")), ArgumentError, ("density must be from 0 to 1",)),
        (lambda: pixel.generate(2, density="0.5"), TypeError, ("density must be a real number",)),
        # float() overflows on these: an OverflowError before the fix (pixel._checked_density).
        (lambda: pixel.generate(2, density=10**400), ArgumentError, ("density must be from 0 to 1",)),
        (lambda: pixel.generate(2, density=-(10**400)), ArgumentError, ("density must be from 0 to 1",)),
        (lambda: pixel.generate(2, density=Fraction(10**400, 3)), ArgumentError, ("density must be from 0 to 1",)),
        (lambda: sudoku.generate(answer=10), ArgumentError, ("answer must be at most 9",)),
        (lambda: sudoku.generate(answer=-1), ArgumentError, ("answer must be at least 0",)),
        (lambda: sudoku.generate(answer=None), TypeError, ("answer must be an integer",)),
        (lambda: reversi.start(3), ArgumentError, ("n must be an even number from 2 to 8, got 3",)),
        (lambda: reversi.random_endgame(2), ArgumentError, ("n must be an even number from 4 to 8",)),
        (lambda: reversi.random_endgame(4, 0), ArgumentError, ("empties must be at least 1",)),
        (lambda: reversi.random_endgame(4, 13), ArgumentError, ("empties must be at most 12",)),
        (lambda: reversi.random_endgame(4, 3, seed="x"), TypeError, ("seed must be an integer",)),
        (lambda: reversi.count_games(BOARD, to_move="red"), ArgumentError, ("to_move must be 'white' or 'black'",)),
        (lambda: reversi.count_games(BOARD, to_move=1), TypeError, ("to_move must be a str",)),
        (lambda: reversi.perft(BOARD, 1, convention="C"), ArgumentError, ("convention must be 'A' or 'B'",)),
        (lambda: reversi.perft(BOARD, -1), ArgumentError, ("depth must be at least 0",)),
        (lambda: reversi.perft(BOARD, 129), ArgumentError, ("depth must be at most 128, got 129",)),
        (lambda: reversi.count_games(BOARD, table_size=-1), ArgumentError, ("table_size must be at least 0",)),
        (lambda: reversi.count_games(BOARD, table_size=10**9), PuzzleTooLargeError, ("table_size", "65536 MiB")),
        (lambda: reversi.count_games(BOARD, table_size=1.0), TypeError, ("table_size must be an integer",)),
        (lambda: reversi.perft(BOARD, 1, jobs=0), ArgumentError, ("jobs must be a whole number",)),
        (lambda: reversi.perft(BOARD, 1, jobs=1, executor=object()), ArgumentError, ("not both",)),
        (lambda: reversi.perft(BOARD, 1, executor=object()), TypeError, ("concurrent.futures.Executor",)),
        (lambda: reversi.perft(BOARD, 1, checkpoint=5), TypeError, ("checkpoint must be a path",)),
        (lambda: reversi.perft(BOARD, 1, checkpoint=""), ArgumentError, ("checkpoint must name a file",)),
        (lambda: reversi.perft(BOARD, 1, checkpoint="a\0b"), ArgumentError, ("NUL character",)),
    ],
    ids=case_id,
)
def test_arguments_out_of_range_or_of_the_wrong_type(
    call: Callable[[], Any], error: type[BaseException], fragments: tuple[str]
) -> None:
    raises(error, call, *fragments)


def test_table_size_over_the_memory_available(monkeypatch: pytest.MonkeyPatch) -> None:
    """reversi_facade._table_size_problem: the limit is half the memory available, which the variable sets."""
    monkeypatch.setenv("FASTPUZZLE_AVAILABLE_MIB", "10")
    raises(PuzzleTooLargeError, lambda: reversi.count_games(BOARD, table_size=6), "half the 10 MiB", "got 6")


# -- the API: hints and known cells ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "error", "fragments"),
    [
        (lambda: pixel.hint(PIXEL_UNIQUE.split()[2:], known=["???"]), ParseError, ("3 rows of known cells",)),
        (lambda: pixel.hint(["_0_", "___", "_0_"], known=["??x", "???", "???"]), ParseError, ("row 1, column 3",)),
        (lambda: pixel.hint(["_0_", "___", "_0_"], known="?????????"), TypeError, ("sequence of rows",)),
        (lambda: pixel.hint(["_0_", "___", "_0_"], known=["1??", "???", "???"]), NoSolutionError, ("row 1, column 1",)),
        (lambda: pixel.steps(PIXEL_OPEN.split()[2:]), MultipleSolutionsError, ("differ at row",)),
        (lambda: takuzu.hint(["11", "__"]), NoSolutionError, ("row 1",)),
        (lambda: takuzu.grade(["____"] * 4), MultipleSolutionsError, ("differ at row",)),
    ],
    ids=case_id,
)
def test_hints_need_one_solution_and_checked_known_cells(
    call: Callable[[], Any], error: type[BaseException], fragments: tuple[str]
) -> None:
    raises(error, call, *fragments)


# -- the API: pictures in (pixel.from_image) ---------------------------------------------------------------

HEART = Path(__file__).resolve().parent.parent / "examples" / "heart.png"


@pytest.mark.parametrize(
    ("path", "size", "fragments"),
    [
        ("missing.png", (3, 3), ("cannot read the image", "missing.png")),
        (".", (3, 3), ("not a regular file",)),  # a folder: os.stat, before Pillow waits or reads
        ("text.txt", (3, 3), ("cannot read the image", "text.txt")),  # Pillow's own error, any kind
        ("a\0b.png", (3, 3), ("cannot read the image",)),  # os.stat's ValueError (NUL in a path)
        (str(HEART), (0, 3), ("size must be at least 1",)),
        (str(HEART), (200, 200), ("at most 10000 cells", "200x200")),
    ],
)
def test_from_image_names_the_image(tmp_path: Path, path: str, size: tuple[int, int], fragments: tuple[str]) -> None:
    if size == (3, 3):  # the size is checked first; the file is looked at once Pillow is there
        pytest.importorskip("PIL")
    (tmp_path / "text.txt").write_text("not an image\n")
    where = path if os.path.isabs(path) else str(tmp_path / path)
    raises(ArgumentError, lambda: pixel.from_image(where, size, seed=1), *fragments)


def test_from_image_arguments_are_checked() -> None:
    """Checked before Pillow is imported, or the file looked at."""
    raises(TypeError, lambda: pixel.from_image(str(HEART), 3), "size must be a pair")
    raises(TypeError, lambda: pixel.from_image(str(HEART), (3.0, 3)), "size must be an integer")
    raises(TypeError, lambda: pixel.from_image(5, (3, 3)), "path must be a str or a path")
    raises(ArgumentError, lambda: pixel.from_image(str(HEART), (3, 3), threshold=2), "threshold must be from 0 to 1")
    raises(ArgumentError, lambda: pixel.from_image(str(HEART), (3, 3), threshold=10**400), "threshold")
    raises(TypeError, lambda: pixel.from_image(str(HEART), (3, 3), threshold="a"), "threshold must be a real")


# -- the API: binary sudoku's toggles and batches ----------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "error", "fragments"),
    [
        (lambda: sudoku.apply(GRID, [(0, 1)]), ArgumentError, ("toggle (0, 1) is outside",)),
        (lambda: sudoku.apply(GRID, [(1,)]), TypeError, ("(row, column) pair",)),
        (lambda: sudoku.apply(GRID, [(1.0, 2.0)]), TypeError, ("pair of integers",)),
        (lambda: sudoku.apply(GRID, 5), TypeError, ("not iterable",)),
        (lambda: sudoku.apply(GRID, itertools.repeat((1, 1))), ArgumentError, ("at most 10000 toggles",)),
        (lambda: sudoku.format_solution(GRID, (1, [(10, 1)])), ArgumentError, ("toggle (10, 1) is outside",)),
        (lambda: sudoku.min_toggles_many([GRID, GRID[:8]]), ParseError, ("grid 1, row 1, column 1", "9 rows")),
        (lambda: sudoku.min_toggles_many([GRID, ["2" * 9] * 9]), ParseError, ("grid 1, row 1, column 1",)),
        (lambda: sudoku.min_toggles_many(iter([GRID, 5])), TypeError, ("grid 1",)),
        (lambda: sudoku.min_toggles_many("abc"), TypeError, ("sequence of grids",)),
    ],
    ids=case_id,
)
def test_sudoku_toggles_and_batches(call: Callable[[], Any], error: type[BaseException], fragments: tuple[str]) -> None:
    raises(error, call, *fragments)


def test_sudoku_arrays_of_grids() -> None:
    """sudoku_facade._count_array: NumPy arrays of grids (not single grids: min_toggles of an array is fixed elsewhere)."""
    numpy = pytest.importorskip("numpy")
    raises(ArgumentError, lambda: sudoku.min_toggles_many(numpy.zeros((2, 9, 8), dtype=numpy.uint8)), "(k, 9, 9)")
    raises(ArgumentError, lambda: sudoku.min_toggles_many(numpy.array(5)), "(k, 9, 9)")
    raises(TypeError, lambda: sudoku.min_toggles_many(numpy.zeros((2, 9, 9))), "dtype float64")
    error = raises(
        ParseError, lambda: sudoku.min_toggles_many(numpy.full((2, 9, 9), 2, dtype=numpy.int64)), "expected 0 or 1"
    )
    assert str(error).startswith("grid 0, row 1, column 1: ")


# -- the API: checkpoints (_reversi_split: paths, json.loads of the lines read back) -----------------------


def test_checkpoints_the_count_cannot_use(tmp_path: Path) -> None:
    missing = tmp_path / "missing" / "count.jsonl"
    raises(ArgumentError, lambda: reversi.perft(BOARD, 1, checkpoint=missing), str(missing))
    raises(ArgumentError, lambda: reversi.perft(BOARD, 1, checkpoint=tmp_path), "not a regular file")
    if os.path.exists("/dev/null"):
        raises(ArgumentError, lambda: reversi.perft(BOARD, 1, checkpoint="/dev/null"), "not a regular file")
    for name, data in [("text", b"garbage\n"), ("bytes", b"\xff\xfe\x00\n"), ("nested", b"[" * 60_000 + b"\n")]:
        other = tmp_path / f"{name}.jsonl"
        other.write_bytes(data)
        raises(ArgumentError, lambda: reversi.perft(BOARD, 1, checkpoint=other), str(other))
    ours = tmp_path / "perft.jsonl"
    assert reversi.perft(BOARD, 2, checkpoint=ours) == reversi.perft(BOARD, 2)
    raises(ArgumentError, lambda: reversi.perft(BOARD, 3, checkpoint=ours), str(ours), "another count")


# -- the API: game IDs (interchange) -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name", "column", "fragment"),
    [
        ("6x6u", "takuzu", 5, "':' and the game description"),
        ("6x6#1", "takuzu", 4, "random seed"),
        ("99999999999x6:a", "takuzu", 1, "fits C's int"),  # never given to int() at that length
        ("6x6dq:a", "takuzu", 5, "difficulty letter"),
        ("66x66:a", "takuzu", 1, "at most 64"),
        ("6x16u:a", "takuzu", 3, "at most 14 with 'u'"),
        ("6x6:!", "takuzu", 5, "a letter"),
        ("6x6:zzzzz", "takuzu", 6, "the end of the description"),
        ("2x3:a", "pixel", 1, "at least 3"),
        ("101x100:a", "pixel", 1, "at most 10000 cells"),
        ("3x3:zzz", "pixel", 5, "a shorter run"),
        ("3x3h99999999999:i", "pixel", 5, "fits C's int"),
        ("3x3:\u0663", "pixel", 5, "a digit (a clue)"),  # int() would read it
    ],
)
def test_game_ids_name_the_column(text: str, name: str, column: int, fragment: str) -> None:
    error = raises(ParseError, lambda: interchange.from_sgt(text, name), fragment)
    assert (error.line, error.column) == (1, column)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("call", "error", "fragments"),
    [
        (lambda: interchange.from_sgt("3x3:9h", "pixel"), NoSolutionError, ("the clue 9", "row 1, column 1")),
        (lambda: interchange.from_sgt("3x3:i"), ArgumentError, ("needs name",)),
        (lambda: interchange.from_sgt("3x3:i", "sudoku"), ArgumentError, ("'sudoku'",)),
        (lambda: interchange.from_sgt("3x3:i", 1), TypeError, ("name must be a str",)),
        (lambda: interchange.from_sgt(b"3x3:i", "pixel"), TypeError, ("decode it first",)),
        (lambda: interchange.read("3x3:i", "pixel", "xml"), ArgumentError, ("format must be 'contest' or 'sgt'",)),
        (lambda: interchange.write(pixel.from_rows(["___"] * 3), "xml"), ArgumentError, ("format",)),
        (lambda: interchange.write(5, "sgt"), TypeError, ("takuzu.Puzzle or a pixel.Puzzle",)),
        (lambda: interchange.to_sgt(takuzu.from_rows(["__"] * 2)), ArgumentError, ("sides from 6", "2x2")),
        (lambda: interchange.to_sgt(pixel.from_rows(["__"] * 2)), ArgumentError, ("sides from 3", "2x2")),
        (lambda: interchange.to_sgt(takuzu.from_rows(["______"] * 16)), ArgumentError, ("6x16", "all differ")),
    ],
    ids=case_id,
)
def test_game_id_arguments(call: Callable[[], Any], error: type[BaseException], fragments: tuple[str]) -> None:
    raises(error, call, *fragments)


# -- the API: pictures out (render) ------------------------------------------------------------------------

PUZZLE = takuzu.parse(TAKUZU)
PICTURE = pixel.parse(PIXEL_OPEN)


@pytest.mark.parametrize(
    ("call", "error", "fragments"),
    [
        (lambda: render.svg(5), TypeError, ("cannot draw int",)),
        (lambda: render.svg(("01", "10"), puzzle=PUZZLE), ArgumentError, ("2 x 2", "4 x 4")),
        (lambda: render.svg(("0011", "0101", "1100", "1010"), puzzle=PUZZLE), ArgumentError, ("row 1, column 1",)),
        (lambda: render.svg(("0021", "0101", "1100", "1010"), puzzle=PUZZLE), ParseError, ("row 1, column 3",)),
        (lambda: render.svg(PUZZLE, known=["????"] * 4), TypeError, ("known= applies only",)),
        (lambda: render.svg(PICTURE, known=["??"] * 3), ArgumentError, ("known row 1 has 2 cells",)),
        (lambda: render.svg(PICTURE, known=["??x", "???", "???"]), ArgumentError, ("known row 1, column 3",)),
        (lambda: render.svg(PICTURE, known=[]), ArgumentError, ("known has no rows",)),
        (lambda: render.svg(("0" * 101,) * 100), ArgumentError, ("at most 10000 cells",)),
        (lambda: render.svg((1, [(10, 1)]), puzzle=sudoku.from_rows(GRID)), ArgumentError, ("toggle (10, 1)",)),
        (lambda: render.render(PUZZLE, "picture.txt"), ArgumentError, ("picture.txt", ".svg or .png")),
        (lambda: render.render(PUZZLE, "a\0b.svg"), ArgumentError, ("NUL",)),
        (lambda: render.render(PUZZLE, b"picture.svg"), TypeError, ("path must be a str",)),
    ],
    ids=case_id,
)
def test_pictures(call: Callable[[], Any], error: type[BaseException], fragments: tuple[str]) -> None:
    raises(error, call, *fragments)


# -- the API: ints too long for Python to write (a ValueError of Python's own inside the message) ----------


@pytest.mark.parametrize(
    ("call", "error", "fragment"),
    [
        (lambda: takuzu.generate(4, difficulty=HUGE), ArgumentError, "difficulty"),
        (lambda: pixel.generate(HUGE), ArgumentError, "the grid must have at most 10000 cells"),
        (lambda: pixel.generate(1, HUGE), ArgumentError, "the grid must have at most 10000 cells"),
        (lambda: pixel.generate(0, HUGE), ArgumentError, "width and height must be at least 1"),
        (lambda: pixel.generate(2, density=HUGE), ArgumentError, "density"),
        (lambda: pixel.generate(2, density=-HUGE), ArgumentError, "density"),
        (lambda: pixel.image_picture(str(HEART), HUGE, 1), ArgumentError, "size must have at most 10000 cells"),
        (lambda: reversi.start(HUGE), ArgumentError, "n must be an even number"),
        (lambda: reversi.random_endgame(HUGE), ArgumentError, "n must be an even number"),
        (lambda: reversi.random_endgame(4, HUGE), ArgumentError, "empties must be at most 12"),
        (lambda: reversi.perft(BOARD, HUGE), ArgumentError, "depth must be at most 128"),
        (lambda: reversi.count_games(BOARD, table_size=HUGE), PuzzleTooLargeError, "table_size"),
        (lambda: reversi.from_rows([[HUGE]]), ParseError, "row 1, column 1"),
        (lambda: reversi.format((HUGE, 0, 0)), ArgumentError, "Counts(black, white, draws)"),
        (lambda: reversi.perft(BOARD, 1, jobs=HUGE), ArgumentError, "jobs"),
        (lambda: fastpuzzle.solve_many("takuzu", [], errors=HUGE), ArgumentError, "errors"),
        (lambda: fastpuzzle.use_kernels(HUGE), ArgumentError, "implementation"),
        pytest.param(
            lambda: takuzu.count_solutions(["__"] * 2, limit=-HUGE),
            ArgumentError,
            "limit",
        ),
        pytest.param(lambda: takuzu.generate(-HUGE), ArgumentError, "width"),
        pytest.param(lambda: pixel.generate(2, effort=-HUGE), ArgumentError, "effort"),
        pytest.param(lambda: reversi.perft(BOARD, -HUGE), ArgumentError, "depth"),
        pytest.param(lambda: reversi.format((-HUGE, 0, 0)), ArgumentError, "black"),
        pytest.param(lambda: takuzu.generate(HUGE), ArgumentError, "width"),
        pytest.param(lambda: takuzu.generate(4, HUGE), ArgumentError, "height"),
        pytest.param(lambda: sudoku.generate(answer=HUGE), ArgumentError, "answer"),
        pytest.param(lambda: sudoku.from_rows([HUGE, *[0] * 8]), ParseError, "row mask"),
        pytest.param(lambda: sudoku.apply(GRID, [(HUGE, 1)]), ArgumentError, "outside"),
        pytest.param(lambda: sudoku.apply(GRID, [(HUGE, 1, 1)]), TypeError, "pair"),
        pytest.param(lambda: sudoku.format((HUGE, [])), ArgumentError, "minimum"),
    ],
    ids=case_id,
)
def test_an_int_too_long_to_write_is_still_the_arguments_error(
    call: Callable[[], Any], error: type[BaseException], fragment: str
) -> None:
    """Arguments may be arbitrarily large (README); their errors are the package's, not int's "Exceeds the limit"."""
    raises(error, call, fragment)


# -- the command line: options, combinations, files and variables ------------------------------------------


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Inputs the commands below read, by name (``{name}`` in their arguments)."""
    folder = tmp_path_factory.mktemp("inputs")
    contents: dict[str, bytes] = {
        "tk": TAKUZU.encode(),
        "tk_bad": b"4\n0_1_\n__x_\n____\n____\n",
        "px": PIXEL_UNIQUE.encode(),
        "rv": REVERSI.encode(),
        "start8": START_8.encode(),
        "bin": b"\xff\xfe\n",
        "big": b"4\n" + b" " * (1 << 20),
        "known3": b"???\n???\n???\n",
        "known_bad": b"??x\n???\n???\n",
        "known_short": b"???\n",
        "garbage": b"garbage\n",
        "sgt_bad": b"6x6dq:a\n",
        "batch": b"2\n10\n01\n\n2\n1x\n__\n",
    }
    paths = {}
    for name, data in contents.items():
        path = folder / f"{name}.txt"
        path.write_bytes(data)
        paths[name] = str(path)
    (folder / "dir.svg").mkdir()
    paths["dir"] = str(folder / "dir.svg")
    paths["missing"] = str(folder / "missing.txt")
    paths["nowhere"] = str(folder / "no such folder")
    return paths


def cli(capsys: pytest.CaptureFixture[str], files: dict[str, str], *args: str) -> tuple[int, str, str]:
    """``python -m fastpuzzle ARGS`` through ``main`` (``{name}`` in ARGS is ``files[name]``): exit code, out, err."""
    try:
        code = main([arg.format(**files) for arg in args])
    except SystemExit as exit_:  # argparse's usage errors, --help
        code = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line(err: str, puzzle: str, *fragments: str) -> None:
    """Standard error is one line, ``fastpuzzle: PUZZLE: message``, and the message holds ``fragments``."""
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert err.startswith(f"fastpuzzle: {puzzle}: "), err
    assert "internal error" not in err and "Traceback" not in err, err
    for fragment in fragments:
        assert fragment in err, f"{fragment!r} not in {err!r}"


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        # cli._options.integer_option: _text.parse_int, never int() (no '1_0', no Arabic-Indic digits).
        (("takuzu", "--generate", "--seed", "-1"), ("argument --seed", "'-1'")),
        (("takuzu", "--generate", "--seed", "1_0"), ("argument --seed", "'1_0'")),
        (("takuzu", "--generate", "--seed", "9223372036854775808"), ("argument --seed",)),
        (("takuzu", "--generate", "--size", "4x3"), ("argument --size", "'4x3'")),
        (("takuzu", "--generate", "--size", "4x4x4"), ("argument --size", "'4x4x4'")),
        (("takuzu", "--generate", "--size", "x4"), ("argument --size",)),
        (("takuzu", "--generate", "--size", "\u0664"), ("argument --size",)),
        (("takuzu", "--generate", "--difficulty", "6"), ("argument --difficulty", "'6'")),
        (("pixel", "--generate", "--size", "101x100"), ("argument --size", "10000 cells")),
        (("pixel", "--generate", "--size", "1x10001"), ("argument --size", "'10001'")),
        (("sudoku", "--generate", "--answer", "10"), ("argument --answer", "'10'")),
        (("reversi", "--perft", "129", "{rv}"), ("argument --perft", "'129'")),
        (("reversi", "--perft", "2147483648", "{rv}"), ("argument --perft",)),
        (("reversi", "--table-size", "x", "{rv}"), ("argument --table-size", "'x'")),
        (("reversi", "--table-size", "99999999", "{rv}"), ("argument --table-size", "65536 MiB")),
        (("reversi", "--table-size", "9" * 30, "{rv}"), ("argument --table-size",)),
        (("reversi", "--generate", "--size", "5"), ("argument --size", "an even number")),
        (("reversi", "--generate", "--empties", "0"), ("argument --empties", "'0'")),
        (("takuzu", "--batch", "--jobs", "0", "{tk}"), ("argument --jobs", "'0'")),
        # argparse's choices and its other usage errors (no abbreviations)
        (("takuzu", "--rule", "xx", "{tk}"), ("argument --rule", "'xx'")),
        (("takuzu", "--format", "xml", "{tk}"), ("argument --format", "'xml'")),
        (("takuzu", "--to", "xml", "{tk}"), ("argument --to", "'xml'")),
        (("reversi", "--to-move", "red", "{rv}"), ("argument --to-move", "'red'")),
        (("reversi", "--perft", "1", "--convention", "C", "{rv}"), ("argument --convention", "'C'")),
        (("reversi", "--perf", "3", "{rv}"), ("--perf",)),
        (("takuzu", "--count", "--first", "{tk}"), ("--first",)),
        # the checks of options together (cli._options: check_*_options, and each command's)
        (("takuzu", "--size", "4", "{tk}"), ("--size applies only with --generate",)),
        (("takuzu", "--hint", "--steps", "{tk}"), ("--hint and --steps",)),
        (("takuzu", "--generate", "{tk}"), ("--generate reads no puzzle",)),
        (("reversi", "--generate", "--perft", "3"), ("--perft and --generate do not go together",)),
        (("reversi", "--generate", "--table-size", "8"), ("--table-size and --generate do not go together",)),
        (("takuzu", "{tk}", "{tk}"), ("more than one FILE needs --batch",)),
        (("takuzu", "--jobs", "2", "{tk}"), ("--jobs, --scheduler and --checkpoint split a --count",)),
        (("takuzu", "--batch", "--format", "sgt", "{tk}"), ("--format and --to do not apply",)),
        (("takuzu", "--render", "", "{tk}"), ("--render needs a file name",)),
        (("takuzu", "--render", "picture.txt", "{tk}"), ("'picture.txt'",)),
        (("takuzu", "--batch", "--render", "x.svg", "{tk}"), ("--render draws one puzzle",)),
        (("pixel", "--known", "{known3}", "{px}"), ("--known applies only with --hint or --steps",)),
        (("sudoku", "--answer", "3", "{tk}"), ("--answer applies only with --generate",)),
        (("reversi", "--convention", "A", "{rv}"), ("--convention applies only with --perft",)),
        (("reversi", "--checkpoint", "", "{rv}"), ("--checkpoint needs a file name",)),
        (("reversi", "--batch", "--checkpoint", "c.jsonl", "{rv}"), ("not with --batch",)),
        (("reversi", "--force", "--perft", "1", "{rv}"), ("--force",)),
        (("reversi", "--verbose", "{rv}"), ("--verbose applies only with --scheduler",)),
        # what the facade refuses (ArgumentError: exit 2)
        (("takuzu", "--generate", "--size", "2", "--difficulty", "3"), ("no 2x2 puzzle of difficulty 3",)),
        (("pixel", "--generate", "--size", "1", "--difficulty", "3"), ("no 1x1 puzzle of difficulty 3",)),
        (("takuzu", "--generate", "--size", "4", "--format", "sgt"), ("SGT's Unruly takes sides from 6",)),
        (("takuzu", "--to", "sgt", "{tk}"), ("SGT's Unruly takes sides from 6",)),
        (("pixel", "--generate", "--size", "2", "--format", "sgt"), ("SGT's Mosaic takes sides from 3",)),
        (("reversi", "--generate", "--size", "4", "--empties", "13"), ("empties must be at most 12",)),
        (("reversi", "{start8}"), ("60 empty squares", "--perft D", "--force")),
        # --scheduler: the address is checked before Dask is imported or anything is reached
        (("takuzu", "--batch", "--scheduler", "ftp://host:1", "{tk}"), ("'ftp://host:1'", "Dask scheduler")),
        (("takuzu", "--batch", "--scheduler", "tcp://host:99999", "{tk}"), ("'tcp://host:99999'",)),
        (("reversi", "--scheduler", "", "{rv}"), ("Dask scheduler",)),
    ],
    ids=case_id,
)
def test_command_line_usage_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], files: dict[str, str], args: tuple[str, ...], fragments: tuple[str]
) -> None:
    code, out, err = cli(capsys, files, *args)
    assert (code, out) == (2, "")
    assert_one_line(err, args[0], *fragments)


def test_an_unknown_puzzle_is_named(capsys: pytest.CaptureFixture[str], files: dict[str, str]) -> None:
    """_registry.canonical_name's ValueError is caught in cli._selected: argparse names the choice."""
    code, out, err = cli(capsys, files, "foo", "{tk}")
    assert (code, out) == (2, "")
    assert err.startswith("fastpuzzle: argument PUZZLE: invalid choice: 'foo'") and err.count("\n") == 1


def test_table_size_over_the_memory_available_on_the_command_line(
    capsys: pytest.CaptureFixture[str], files: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FASTPUZZLE_AVAILABLE_MIB", "10")
    code, out, err = cli(capsys, files, "reversi", "--table-size", "6", "{rv}")
    assert (code, out) == (2, "")
    assert_one_line(err, "reversi", "argument --table-size", "half the 10 MiB")


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        # FILE: open() and _text.read_source (decode, the size limit), then the parse
        (("takuzu", "{missing}"), ("cannot read {missing}: No such file or directory",)),
        (("takuzu", "{dir}"), ("cannot read {dir}: Is a directory",)),
        (("takuzu", "{bin}"), ("line 1, column 1: expected UTF-8 text, found byte 0xff",)),
        (("takuzu", "{big}"), ("line 2, column", "at most 1048576 bytes")),
        (("takuzu", "{tk_bad}"), ("line 3, column 3: expected '0', '1' or '_', found 'x'",)),
        (("takuzu", "--format", "sgt", "{sgt_bad}"), ("line 1, column 5", "difficulty letter")),
        # --render FILE: refused before the work by cli._options.render_target_problem
        (("takuzu", "--render", "{nowhere}/picture.svg", "{tk}"), ("--render cannot write '{nowhere}/picture.svg'",)),
        (("takuzu", "--render", "{dir}", "{tk}"), ("--render needs a file, found the folder '{dir}'",)),
        # --known FILE: cli.pixel._known_file (open, read_source), then the rows it holds
        (("pixel", "--hint", "--known", "{missing}", "{px}"), ("known cells in {missing}",)),
        (("pixel", "--hint", "--known", "{bin}", "{px}"), ("known cells in {bin}", "UTF-8")),
        (("pixel", "--hint", "--known", "{known_bad}", "{px}"), ("{known_bad}: line 1, column 3", "found 'x'")),
        (("pixel", "--steps", "--known", "{known_short}", "{px}"), ("{known_short}", "3 rows of known cells")),
        # --checkpoint FILE: _reversi_split (paths, then the lines read back)
        (("reversi", "--jobs", "1", "--checkpoint", "{nowhere}/c.jsonl", "{rv}"), ("checkpoint {nowhere}/c.jsonl",)),
        (("reversi", "--checkpoint", "{dir}", "{rv}"), ("checkpoint {dir} is not a regular file",)),
        (("reversi", "--checkpoint", "{garbage}", "{rv}"), ("checkpoint {garbage}",)),
        # --batch FILE ...: every FILE is opened before the first record
        (("takuzu", "--batch", "{tk}", "{missing}"), ("cannot read {missing}",)),
        (("takuzu", "--batch", "{dir}"), ("cannot read {dir}: Is a directory",)),
    ],
    ids=case_id,
)
def test_files_are_named_with_exit_2(
    capsys: pytest.CaptureFixture[str], files: dict[str, str], args: tuple[str, ...], fragments: tuple[str]
) -> None:
    code, _, err = cli(capsys, files, *args)
    assert code == 2
    assert_one_line(err, args[0], *(fragment.format(**files) for fragment in fragments))


def test_a_batch_records_each_bad_puzzle_where_it_is(capsys: pytest.CaptureFixture[str], files: dict[str, str]) -> None:
    """One bad puzzle (or file of bytes) is one record naming its line and column in its file; exit 5, never 70."""
    import json

    code, out, err = cli(capsys, files, "takuzu", "--batch", "--jobs", "1", "{batch}", "{bin}")
    assert (code, err) == (5, "")
    records = [json.loads(line) for line in out.splitlines()]
    assert [(record["status"], record.get("error")) for record in records] == [
        ("solved", None),
        ("bad_input", "line 6, column 2: expected '0', '1' or '_', found 'x'"),
        ("bad_input", "line 1, column 1: expected UTF-8 text, found byte 0xff"),
    ]
    code, out, err = cli(capsys, files, "pixel", "--batch", "--jobs", "1", "--hint", "--known", "{known_bad}", "{px}")
    assert (code, err) == (5, "")
    assert json.loads(out)["error"] == f"{files['known_bad']}: line 1, column 3: expected '0', '1' or '?', found 'x'"


def run_process(*args: str, env: dict[str, str], stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    """``python -m fastpuzzle ARGS`` in a process of its own, with ``env`` added to the environment."""
    return subprocess.run(
        [sys.executable, "-m", "fastpuzzle", *args],
        input=stdin,
        capture_output=True,
        timeout=60,
        env={**os.environ, **env},
    )


def test_an_output_encoding_without_the_blocks_is_named_not_an_internal_error() -> None:
    """PYTHONIOENCODING (the user's) chooses standard output's encoding; ``pixel --show`` writes U+2588 and U+00B7."""
    result = run_process("pixel", "--show", env={"PYTHONIOENCODING": "ascii"}, stdin=b"2 3\n_2_\n2_2\n")
    err = result.stderr.decode()
    assert result.returncode != 70 and "internal error" not in err and "Traceback" not in err
    assert err.count("\n") == 1 and err.startswith("fastpuzzle: pixel: ") and "ascii" in err


def test_an_output_encoding_the_output_fits_is_fine() -> None:
    result = run_process("pixel", env={"PYTHONIOENCODING": "ascii"}, stdin=b"2 3\n_2_\n2_2\n")
    assert (result.returncode, result.stdout, result.stderr) == (0, b"010\n010\n", b"")
    result = run_process("pixel", "--batch", "--show", env={"PYTHONIOENCODING": "ascii"}, stdin=b"2 3\n_2_\n2_2\n")
    assert result.returncode == 0 and b"\\u2588" in result.stdout  # JSON records are ASCII whatever the blocks


def test_arguments_that_are_no_utf_8_are_named_in_a_real_process(tmp_path: Path) -> None:
    """A file name of bytes that are no UTF-8 (surrogate escapes in argv) is named as such, not a crash."""
    if sys.platform == "win32" or sys.platform == "darwin":
        pytest.skip("file names there are text")
    result = subprocess.run(
        [sys.executable.encode(), b"-m", b"fastpuzzle", b"takuzu", bytes(tmp_path) + b"/\xff.txt"],
        capture_output=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr.startswith(b"fastpuzzle: takuzu: cannot read ") and b"\\udcff.txt" in result.stderr


# -- found while auditing ----------------------------------------------------------------------------------


def test_listing_the_solutions_of_an_open_grid_keeps_memory_bounded() -> None:
    """pixel._listed kept every solution the memo listed (for the one-by-one listing past it, which needs at
    most ONE_BY_ONE_MOST of them): listing a blank grid's solutions took all memory until the OOM killer came."""
    import tracemalloc

    tracemalloc.start()
    try:
        listed = sum(1 for _ in itertools.islice(pixel.solutions(["_" * 5] * 5), 20_000))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert listed == 20_000
    assert peak < 1 << 20, f"{peak} bytes traced for 20,000 solutions listed"


def test_every_error_above_is_the_packages_own_or_a_type_error() -> None:
    """The classes the cases above expect are what the README promises: FastpuzzleError and ValueError."""
    for error in (ParseError, ArgumentError, NoSolutionError, MultipleSolutionsError, PuzzleTooLargeError):
        assert issubclass(error, FastpuzzleError) and issubclass(error, ValueError)
