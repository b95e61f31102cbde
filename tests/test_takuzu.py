"""The 01-game facade: parsing, validation, outcomes, counting and generation."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fastpuzzle
from conftest import examples
from fastpuzzle import MultipleSolutionsError, NoSolutionError, ParseError, PuzzleTooLargeError, takuzu
from fastpuzzle.takuzu import _making as takuzu_making
from reference_takuzu import agrees, takuzu_grid_ok, takuzu_solutions

SAMPLE = "6\n_0____\n____01\n__1__1\n__1_0_\n______\n__1___\n"
SAMPLE_ANSWER = "100110\n010101\n001011\n101100\n110010\n011001\n"


def test_sample() -> None:
    assert fastpuzzle.solve_text("takuzu", SAMPLE) == SAMPLE_ANSWER
    assert fastpuzzle.solve_text("01", SAMPLE) == SAMPLE_ANSWER


def test_sample_on_both_implementations(takuzu_facade: ModuleType) -> None:
    assert takuzu_facade.format(takuzu_facade.solve(takuzu_facade.parse(SAMPLE))) == SAMPLE_ANSWER


def test_solve_accepts_row_strings() -> None:
    rows = SAMPLE.split()[1:]
    assert takuzu.format(takuzu.solve(rows)) == SAMPLE_ANSWER


def test_unknown_puzzle_name() -> None:
    with pytest.raises(ValueError, match="unknown puzzle 'sudokuu'"):
        fastpuzzle.solve_text("sudokuu", SAMPLE)


@pytest.mark.parametrize(
    "text",
    [
        " 6 \n" + SAMPLE.split("\n", 1)[1],
    ],
    ids=["padded-header"],
)
def test_liberal_in_small_things(text: str) -> None:
    """Beyond what tests/test_cases.py checks for every puzzle."""
    assert fastpuzzle.solve_text("takuzu", text) == SAMPLE_ANSWER


@pytest.mark.parametrize(
    ("text", "line", "column", "message"),
    [
        ("", 1, 1, "expected N .*, found end of input"),
        ("\n\n", 1, 1, "expected N .*, found end of input"),
        ("x\n", 1, 1, r"expected an even N \(an integer\), found 'x'"),
        ("3\n0_1\n___\n1_0\n", 1, 1, "expected an even N from 2 to 64, found '3'"),
        ("0\n", 1, 1, "expected an even N from 2 to 64, found '0'"),
        ("-4\n", 1, 1, "expected an even N from 2 to 64, found '-4'"),
        ("99999999999999999999999\n", 1, 1, "expected an even N from 2 to 64"),
        ("66\n", 1, 1, "expected an even N from 2 to 64, found '66'"),
        ("4 4 free 4\n", 1, 10, "found an extra value '4'"),
        ("4 6 unique free\n", 1, 12, "found an extra value 'free'"),
        ("4 5\n", 1, 3, "expected an even H from 2 to 64, found '5'"),
        ("3 4\n", 1, 1, "expected an even W from 2 to 64, found '3'"),
        ("4 66\n", 1, 3, "expected an even H from 2 to 64, found '66'"),
        ("4 repeat\n", 1, 3, "expected the rule, unique or free, found 'repeat'"),
        ("4 2\n0_1_\n___\n", 3, 4, "expected 4 characters in row 2 of 2, found 3"),
        ("6\n0_1_\n____\n____\n____\n____\n____\n", 2, 5, "expected 6 characters in row 1 of 6, found 4"),
        ("4\n0_1_\n__x_\n____\n____\n", 3, 3, "expected '0', '1' or '_', found 'x'"),
        ("4\n0_1_\n___\n____\n____\n", 3, 4, "expected 4 characters in row 2 of 4, found 3"),
        ("4\n0_1__\n____\n____\n____\n", 2, 5, "expected 4 characters in row 1 of 4, found 5"),
        ("4\n0_1_\n____\n____\n", 5, 1, "expected row 4 of 4, found end of input"),
        ("4\n0_1_\n\n____\n____\n____\n", 3, 1, "expected row 2 of 4, found a blank line"),
        ("4\n0_1_\n____\n____\n____\n____\n", 6, 1, "expected nothing after the 4 rows, found '____'"),
        ("4\n0_1_\n____\n____\n____\n\n  x\n", 7, 3, "expected nothing after the 4 rows, found 'x'"),
        ("4\n0,1,\n____\n____\n____\n", 2, 2, "found ','"),
        ("4\n0 1 \n____\n____\n____\n", 2, 2, "found ' '"),
        ("2\n0_1_\n____\n", 2, 3, "expected 2 characters in row 1 of 2, found 4"),
        ("4\n 0_1_\n____\n____\n____\n", 2, 1, "found ' '"),
    ],
)
def test_parse_errors_say_where_and_what(text: str, line: int, column: int, message: str) -> None:
    with pytest.raises(ParseError, match=message) as caught:
        takuzu.parse(text)
    assert (caught.value.line, caught.value.column) == (line, column)
    assert str(caught.value).startswith(f"line {line}, column {column}: ")
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        (["0_1_", "__x_", "____", "____"], "row 2, column 3: expected '0', '1' or '_', found 'x'"),
        (["0_1_", "___", "____", "____"], "row 2, column 4: expected 4 characters, found 3"),
        (["0_1"] * 3, "row 1, column 1: expected an even number of rows from 2 to 64, found 3"),
        (["0_1", "___"], "row 1, column 1: expected an even number of columns from 2 to 64, found 3"),
        ([], "expected an even number of rows"),
    ],
)
def test_row_list_errors(rows: list[str], message: str) -> None:
    with pytest.raises(ParseError, match=message):
        takuzu.solve(rows)


def test_row_list_rejects_text() -> None:
    with pytest.raises(TypeError, match=r"use parse\(\) for contest text"):
        takuzu.from_rows(SAMPLE)


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        (("000_", "____", "____", "____"), r"rule 1 .*: row 1, columns 1-3 are all 0"),
        (("1___", "1___", "1___", "____"), r"rule 1 .*: column 1, rows 1-3 are all 1"),
        (("1_11", "____", "____", "____"), r"rule 2 .*: row 1 has 3 1s"),
        (("0110", "0110", "____", "____"), r"rule 3 .*: rows 1 and 2 are both 0110"),
        (("00__", "11__", "11__", "00__"), r"rule 3 .*: columns 1 and 2 are both 0110"),
        (("1001", "____", "____", "1001"), r"rule 3 .*: rows 1 and 4 are both 1001"),
    ],
)
def test_givens_that_break_a_rule_name_it(rows: tuple[str, ...], message: str) -> None:
    with pytest.raises(NoSolutionError, match=message):
        takuzu.solve(rows)
    assert takuzu.count_solutions(rows) == 0


def test_no_solution_without_a_broken_rule(takuzu_facade: ModuleType) -> None:
    rows = ("0___", "__01", "_1_1", "_1__")
    assert takuzu_solutions(rows) == []
    with pytest.raises(NoSolutionError, match="no solution"):
        takuzu_facade.solve(rows)


def test_several_solutions_are_reported(takuzu_facade: ModuleType) -> None:
    with pytest.raises(
        MultipleSolutionsError, match=r"more than one solution: two of them differ at row \d+, column \d+"
    ) as caught:
        takuzu_facade.solve(("____",) * 4)
    assert caught.value.solutions is not None
    first, second = caught.value.solutions
    assert first != second and takuzu_grid_ok(first) and takuzu_grid_ok(second)


def test_first_solution_skips_the_uniqueness_proof(takuzu_facade: ModuleType) -> None:
    assert takuzu_grid_ok(takuzu_facade.solve(("____",) * 4, unique=False))


@pytest.mark.parametrize(("n", "total"), [(2, 2), (4, 72), (6, 4140)])
def test_count_empty_grids(takuzu_facade: ModuleType, n: int, total: int) -> None:
    assert takuzu_facade.count_solutions(["_" * n] * n) == total


def test_count_limit() -> None:
    assert takuzu.count_solutions(["____"] * 4, limit=10) == 10
    assert takuzu.count_solutions(["____"] * 4, limit=0) == 0
    assert takuzu.count_solutions(["____"] * 4, limit=1000) == 72
    with pytest.raises(ValueError, match="limit"):
        takuzu.count_solutions(["____"] * 4, limit=-1)


def test_solutions_are_distinct_and_valid() -> None:
    found = list(takuzu.solutions(["______"] * 6))
    assert len(found) == len(set(found)) == 4140
    assert all(takuzu_grid_ok(grid) for grid in found[::97])


def test_too_open_a_grid_is_refused_not_attempted() -> None:
    with pytest.raises(PuzzleTooLargeError, match="too few givens for a 32x32 grid"):
        takuzu.count_solutions(["_" * 32] * 32)


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    n=st.sampled_from((2, 4, 6)),
    cells=st.lists(st.sampled_from("01___"), min_size=36, max_size=36),
)
def test_outcome_matches_reference(n: int, cells: list[str]) -> None:
    rows = tuple("".join(cells[r * n : (r + 1) * n]) for r in range(n))
    expected = takuzu_solutions(rows)
    if len(expected) == 1:
        assert takuzu.solve(rows) == expected[0]
    else:
        error = NoSolutionError if not expected else MultipleSolutionsError
        with pytest.raises(error):
            takuzu.solve(rows)
    assert takuzu.count_solutions(rows, limit=100) == min(len(expected), 100)


@pytest.mark.parametrize("n", [4, 8, 12, 16, 20])
def test_generated_puzzles_are_unique_and_minimal(n: int) -> None:
    puzzle = takuzu.generate(n, seed=n)
    assert puzzle == takuzu.generate(n, seed=n)
    solution = takuzu.solve(puzzle)
    assert takuzu_grid_ok(solution) and agrees(puzzle.rows, solution)
    if n <= 12:
        for r, row in enumerate(puzzle.rows):
            for c, cell in enumerate(row):
                if cell != "_":
                    looser = list(puzzle.rows)
                    looser[r] = row[:c] + "_" + row[c + 1 :]
                    assert takuzu.count_solutions(looser, limit=2) == 2


@pytest.mark.parametrize("n", [0, 5, 66])
def test_generate_rejects_sizes_it_cannot_do(n: int) -> None:
    with pytest.raises(ValueError, match=f"generate\\(\\) takes an even width from 2 to 64, got {n}"):
        takuzu.generate(n)


def test_puzzle_prints_as_its_grid() -> None:
    puzzle = takuzu.parse(SAMPLE)
    assert str(puzzle) == SAMPLE
    assert takuzu.parse(str(puzzle)) == puzzle
    assert puzzle.n == 6


def test_puzzles_built_directly_are_checked_too() -> None:
    with pytest.raises(ParseError, match="row 1, column 2: expected '0', '1' or '_', found 'x'"):
        takuzu.Puzzle(["0x", "__"])
    assert takuzu.Puzzle(["0_", "__"]) == takuzu.from_rows(("0_", "__"))


def test_largest_side_solves() -> None:
    for unique_rows in (True, False):
        blank = takuzu.from_rows(["_" * takuzu.MAX_N] * takuzu.MAX_N, unique_rows=unique_rows)
        grid = takuzu.solve(blank, unique=False)
        assert len(grid) == len(grid[0]) == takuzu.MAX_N
        assert takuzu_grid_ok(grid, unique_rows)
        sparse = tuple(
            "".join(c if (r * 7 + i * 3) % 5 < 3 else "_" for i, c in enumerate(row)) for r, row in enumerate(grid)
        )
        again = takuzu.solve(takuzu.from_rows(sparse, unique_rows=unique_rows), unique=False)
        assert agrees(sparse, again)
        assert takuzu.count_solutions(takuzu.from_rows(sparse, unique_rows=unique_rows), limit=3) >= 1


def test_arguments_are_checked_by_type() -> None:
    """bool and float are no counts, a NumPy integer is one, and any limit works however large."""
    import numpy

    grid = ["____"] * 4
    for limit in (True, 2.5, "3"):
        with pytest.raises(TypeError, match=f"^limit must be an integer, got {type(limit).__name__}$"):
            takuzu.count_solutions(grid, limit=limit)  # type: ignore[arg-type]
    assert takuzu.count_solutions(grid, limit=2**70) == 72
    assert takuzu.count_solutions(grid, limit=numpy.int64(5)) == 5  # type: ignore[arg-type]
    with pytest.raises(fastpuzzle.ArgumentError, match="^limit must be at least 0, got -1$"):
        takuzu.count_solutions(grid, limit=-1)
    for seed in (1.5, "x", True):
        with pytest.raises(TypeError, match=f"^seed must be an integer or None, got {type(seed).__name__}$"):
            takuzu.generate(4, seed=seed)  # type: ignore[arg-type]
    assert takuzu.generate(6, seed=numpy.int64(3)) == takuzu.generate(6, seed=3)  # type: ignore[arg-type]
    with pytest.raises(fastpuzzle.ArgumentError, match="even width"):
        takuzu.generate(5)
    with pytest.raises(fastpuzzle.ArgumentError, match="even height"):
        takuzu.generate(4, 3)
    with pytest.raises(TypeError, match="^unique_rows must be a bool, got int$"):
        takuzu.generate(4, unique_rows=1)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("solution", "error", "message"),
    [
        (["012", "1x1"], ParseError, r"^row 1, column 3: expected '0' or '1', found '2'$"),
        (["01", "1"], ParseError, r"^row 2, column 2: expected 2 characters, found 1$"),
        ([], ParseError, r"^row 1, column 1: expected at least 1 row, found 0$"),
        (["01", 10], TypeError, r"^row 2 is int, expected str$"),
        ("0110", TypeError, r"^expected a sequence of rows, found str"),
        (None, TypeError, r"^expected a sequence of rows, found NoneType$"),
    ],
)
def test_format_checks_the_solution(solution: Any, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        takuzu.format(solution)


def test_puzzle_names_are_checked_by_type() -> None:
    with pytest.raises(TypeError, match="^expected a puzzle name as str, found NoneType$"):
        fastpuzzle.solve_text(None, "2\n1_\n__\n")  # type: ignore[arg-type]
    with pytest.raises(fastpuzzle.ArgumentError, match="unknown puzzle 'sudokuu'"):
        fastpuzzle.puzzle_module("sudokuu")


def test_every_value_error_of_the_api_is_a_package_error() -> None:
    """Out-of-range arguments raise ArgumentError: a FastpuzzleError, and a ValueError as before."""
    assert issubclass(fastpuzzle.ArgumentError, fastpuzzle.FastpuzzleError)
    assert issubclass(fastpuzzle.ArgumentError, ValueError)
    for call in (
        lambda: takuzu.generate(3),
        lambda: takuzu.count_solutions(["__"] * 2, limit=-1),
        lambda: fastpuzzle.reversi.start(3),
        lambda: fastpuzzle.reversi.perft(fastpuzzle.reversi.start(4), 1, to_move="red"),
        lambda: fastpuzzle.sudoku.apply(["0" * 9] * 9, [(10, 1)]),
        lambda: fastpuzzle.pixel.generate(3, density=3),
    ):
        with pytest.raises(fastpuzzle.ArgumentError):
            call()
    with pytest.raises(fastpuzzle.ArgumentError), fastpuzzle.use_kernels("fast"):
        pass


@pytest.mark.parametrize(("width", "height", "unique_rows"), [(8, 8, True), (10, 6, False), (12, 12, True)])
def test_generate_answers_the_same_whichever_search_checks(
    width: int, height: int, unique_rows: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every check of generate() sent to a search of its own at once, or none: the same strictly minimal puzzle."""
    usual = takuzu.generate(width, height, seed=7, unique_rows=unique_rows)
    monkeypatch.setattr(takuzu_making, "_OWN_SEARCH_AFTER", 0)
    alone = takuzu.generate(width, height, seed=7, unique_rows=unique_rows)
    monkeypatch.setattr(takuzu_making, "_OWN_SEARCH_AFTER", 1 << 40)
    assert takuzu.generate(width, height, seed=7, unique_rows=unique_rows) == alone == usual
    for r, row in enumerate(alone.rows):
        for c, cell in enumerate(row):
            if cell != "_":
                looser = list(alone.rows)
                looser[r] = row[:c] + "_" + row[c + 1 :]
                assert takuzu.count_solutions(takuzu.from_rows(looser, unique_rows=unique_rows), limit=2) == 2
