"""The pixel-placement facade: parsing, validation, outcomes, counting and generation."""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fastpuzzle
from conftest import ROOT, cases_dir, examples, facade_fixture
from fastpuzzle import MultipleSolutionsError, NoSolutionError, ParseError, PuzzleTooLargeError, pixel
from fastpuzzle.pixel import _facade as pixel_internals
from fastpuzzle.pixel import _making as pixel_making
from reference_pixel import pixel_clues_hold, pixel_clues_of, pixel_count, pixel_solutions

pixel_facade = facade_fixture("pixel")

SAMPLE = "6 8\n_1__5_1_\n1_4__42_\n3__6__5_\n___56___\n_688___4\n_____6__\n"
SAMPLE_ANSWER = "00011000\n00111100\n01000010\n11111111\n01011110\n01111110\n"


def test_sample() -> None:
    assert fastpuzzle.solve_text("pixel", SAMPLE) == SAMPLE_ANSWER
    assert (ROOT / "examples" / "pixel.txt").read_text() == SAMPLE


def test_sample_on_both_implementations(pixel_facade: ModuleType) -> None:
    assert pixel_facade.format(pixel_facade.solve(pixel_facade.parse(SAMPLE))) == SAMPLE_ANSWER


def test_public_cases_on_both_implementations(pixel_facade: ModuleType) -> None:
    cases = sorted(cases_dir("pixel").glob("*.in"))
    assert cases
    for case in cases:
        if pixel_facade._kernel.__name__.endswith("_twin") and case.read_text().startswith(("20 ", "30 ", "50 ")):
            continue  # the twin takes seconds on these
        assert pixel_facade.solve_text(case.read_text()) == case.with_suffix(".out").read_text(), case.name


def test_solve_accepts_row_strings() -> None:
    rows = SAMPLE.split("\n")[1:7]
    assert pixel.format(pixel.solve(rows)) == SAMPLE_ANSWER


@pytest.mark.parametrize(
    "text",
    [
        " 6   8 \n" + SAMPLE.split("\n", 1)[1],
    ],
    ids=["padded-header"],
)
def test_liberal_in_small_things(text: str) -> None:
    """Beyond what tests/test_cases.py checks for every puzzle."""
    assert fastpuzzle.solve_text("pixel", text) == SAMPLE_ANSWER


@pytest.mark.parametrize(
    ("text", "line", "column", "message"),
    [
        ("", 1, 1, r"expected n \(rows\) and m \(columns\), found end of input"),
        ("\n\n", 1, 1, "found end of input"),
        ("3\n___\n", 1, 2, r"expected n \(rows\) and m \(columns\), found 1 value"),
        ("3 3 3\n", 1, 5, "found an extra value '3'"),
        ("x 3\n", 1, 1, r"expected n \(rows\) \(an integer\), found 'x'"),
        ("3 y\n", 1, 3, r"expected m \(columns\) \(an integer\), found 'y'"),
        ("0 3\n", 1, 1, r"expected n \(rows\) from 1 to 10000, found '0'"),
        ("3 -1\n", 1, 3, r"expected m \(columns\) from 1 to 10000, found '-1'"),
        ("10001 1\n", 1, 1, "from 1 to 10000, found '10001'"),
        ("101 100\n", 1, 1, r"expected at most 10000 cells \(n times m\), found 101x100 = 10100"),
        ("2 5001\n", 1, 1, r"expected at most 10000 cells \(n times m\), found 2x5001 = 10002"),
        ("2 3\n_x_\n___\n", 2, 2, r"expected '0', '1', .* '9' or '_', found 'x'"),
        ("2 3\n_1_\n__\n", 3, 3, "expected 3 characters in row 2 of 2, found 2"),
        ("2 3\n_1__\n___\n", 2, 4, "expected 3 characters in row 1 of 2, found 4"),
        ("3 3\n___\n___\n", 4, 1, "expected row 3 of 3, found end of input"),
        ("2 3\n___\n\n___\n", 3, 1, "expected row 2 of 2, found a blank line"),
        ("2 3\n___\n___\n___\n", 4, 1, "expected nothing after the 2 rows, found '___'"),
        ("1 3\n1,1\n", 2, 2, "found ','"),
        ("1 3\n1 1\n", 2, 2, "found ' '"),
        ("3 3\n5__\n___\n___\n", 2, 1, r"expected a clue from 0 to 4 \(its block has 4 cells\), found '5'"),
        ("3 3\n___\n___\n__9\n", 4, 3, "expected a clue from 0 to 4"),
        ("3 3\n___\n7__\n___\n", 3, 1, "expected a clue from 0 to 6"),
        ("1 1\n2\n", 2, 1, "expected a clue from 0 to 1"),
        ("1 3\n_4_\n", 2, 2, "expected a clue from 0 to 3"),
    ],
)
def test_parse_errors_say_where_and_what(text: str, line: int, column: int, message: str) -> None:
    with pytest.raises(ParseError, match=message) as caught:
        pixel.parse(text)
    assert (caught.value.line, caught.value.column) == (line, column)
    assert str(caught.value).startswith(f"line {line}, column {column}: ")
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        (["_1_", "_x_"], "row 2, column 2: expected '0', .* or '_', found 'x'"),
        (["_1_", "__"], "row 2, column 3: expected 3 characters, found 2"),
        (["5__", "___", "___"], r"row 1, column 1: expected a clue from 0 to 4"),
        ([], "expected 1 to 10000 rows, found 0"),
        ([""], "expected 1 to 10000 columns, found 0"),
        (["_" * 10_001], "expected 1 to 10000 columns, found 10001"),
        (["_" * 100] * 101, r"row 1, column 1: expected at most 10000 cells \(n times m\), found 101x100 = 10100"),
    ],
)
def test_row_list_errors(rows: list[str], message: str) -> None:
    with pytest.raises(ParseError, match=message):
        list(pixel.solutions(rows))


def test_row_list_rejects_text_and_non_strings() -> None:
    with pytest.raises(TypeError, match=r"use parse\(\) for contest text"):
        pixel.from_rows(SAMPLE)
    with pytest.raises(TypeError, match="row 2 is int"):
        pixel.from_rows(["__", 12])


def test_no_solution(pixel_facade: ModuleType) -> None:
    with pytest.raises(NoSolutionError, match="no solution"):
        pixel_facade.solve(["20"])
    rows = ("1_1", "___", "0_0")
    assert pixel_solutions(rows) == [] or pixel_facade.count_solutions(rows) == len(pixel_solutions(rows))


def test_several_solutions_are_reported(pixel_facade: ModuleType) -> None:
    message = r"more than one solution: two of them differ at row 1, column \d"
    with pytest.raises(MultipleSolutionsError, match=message) as caught:
        pixel_facade.solve(["1_"])
    assert caught.value.solutions is not None
    first, second = caught.value.solutions
    assert sorted([first, second]) == [("01",), ("10",)]


def test_first_solution_skips_the_uniqueness_proof(pixel_facade: ModuleType) -> None:
    assert pixel_facade.solve(["1_"], unique=False) in (("01",), ("10",))


@pytest.mark.parametrize(
    ("rows", "total"), [(["_"], 2), (["1_"], 2), (["_4_", "___", "___"], pixel_count(("_4_", "___", "___")))]
)
def test_count(pixel_facade: ModuleType, rows: list[str], total: int) -> None:
    assert pixel_facade.count_solutions(rows) == total


def test_count_limit() -> None:
    assert pixel.count_solutions(["____"] * 4, limit=10) == 10
    assert pixel.count_solutions(["____"] * 4, limit=0) == 0
    assert pixel.count_solutions(["____"] * 4, limit=10**6) == 2**16
    assert pixel.count_solutions(["____"] * 4, limit=2**80) == 2**16
    with pytest.raises(ValueError, match="limit"):
        pixel.count_solutions(["____"] * 4, limit=-1)


def test_counts_stay_exact_past_64_bits() -> None:
    assert pixel.count_solutions(["_" * 63] * 2) == 2**126
    assert pixel.count_solutions(["_" * 63] * 2, limit=2**100) == 2**100


def test_solutions_are_distinct_and_valid() -> None:
    found = list(pixel.solutions(["_1_", "___", "__3"]))
    assert len(found) == len(set(found)) == pixel_count(("_1_", "___", "__3"))
    assert all(pixel_clues_hold(("_1_", "___", "__3"), picture) for picture in found)


def test_too_open_a_grid_is_refused_not_killed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pixel_internals, "MAX_STATES", 50)
    rng = random.Random(5)
    picture = tuple("".join(rng.choice("01") for _ in range(11)) for _ in range(9))
    clues = "".join(pixel_clues_of(picture))
    rows = ["".join(clues[r * 11 + c] if (r * 11 + c) % 3 == 0 else "_" for c in range(11)) for r in range(9)]
    with pytest.raises(PuzzleTooLargeError, match=r"too few clues for a 9x11 grid: .* more than 50 states"):
        pixel.count_solutions(rows)  # 4,910,926 solutions: too many to count one by one
    assert pixel.count_solutions(rows, limit=500) == 500
    with pytest.raises(PuzzleTooLargeError, match="too few clues"):
        list(pixel.solutions(rows))


class _RunsOut:
    """A memoised search that runs out of states (TOO_LARGE) after giving ``after`` solutions."""

    def __init__(self, search: Any, after: int) -> None:
        self.search, self.left = search, after

    def next_solution(self, budget: int) -> int:
        if self.left == 0:
            return int(fastpuzzle.Status.TOO_LARGE)
        status = self.search.next_solution(budget)
        self.left -= status == fastpuzzle.Status.SOLUTION
        return int(status)

    def solution(self) -> str:
        return str(self.search.solution())


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    shape=st.tuples(st.integers(1, 4), st.integers(1, 4)),
    cells=st.lists(st.sampled_from("0123_______"), min_size=16, max_size=16),
    share=st.floats(0, 1),
)
def test_listing_goes_on_one_by_one_where_the_memo_runs_out(
    monkeypatch: pytest.MonkeyPatch, pixel_facade: Any, shape: tuple[int, int], cells: list[str], share: float
) -> None:
    """Wherever the memo runs out of states, solutions() goes on by clause learning: every solution, each
    once (not those the memo gave again), up to ONE_BY_ONE_MOST in all; past that, why not more."""
    n, m = shape
    rows = tuple("".join(cells[r * m : (r + 1) * m]) for r in range(n))
    try:
        pixel.from_rows(rows)
    except ParseError:
        return
    expected = pixel_solutions(rows, pixel.ONE_BY_ONE_MOST + 1)
    runs_out_after = int(share * len(expected))
    real_search = pixel_facade._search
    monkeypatch.setattr(pixel_facade, "_search", lambda puzzle: _RunsOut(real_search(puzzle), runs_out_after))
    found: list[tuple[str, ...]] = []
    try:
        for solution in pixel_facade.solutions(rows):
            found.append(solution)
    except PuzzleTooLargeError as error:
        assert runs_out_after > pixel.ONE_BY_ONE_MOST or len(expected) > pixel.ONE_BY_ONE_MOST, error
        assert len(found) >= pixel.ONE_BY_ONE_MOST and all(pixel_clues_hold(rows, picture) for picture in found)
        assert len(set(found)) == len(found)
    else:
        assert sorted(found) == sorted(expected)


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    shape=st.tuples(st.integers(1, 4), st.integers(1, 4)),
    cells=st.lists(st.sampled_from("0123______"), min_size=16, max_size=16),
)
def test_outcome_matches_reference(shape: tuple[int, int], cells: list[str]) -> None:
    n, m = shape
    rows = tuple("".join(cells[r * m : (r + 1) * m]) for r in range(n))
    try:
        pixel.from_rows(rows)
    except ParseError:
        return  # a clue too large for its block
    expected = pixel_solutions(rows, 3)
    if len(expected) == 1:
        assert pixel.solve(rows) == expected[0]
    else:
        error = NoSolutionError if not expected else MultipleSolutionsError
        with pytest.raises(error):
            pixel.solve(rows)
    # Up to ONE_BY_ONE_MOST one solution at a time by clause learning, past it by the memo.
    for limit in (1, 3, pixel.ONE_BY_ONE_MOST, pixel.ONE_BY_ONE_MOST + 1):
        assert pixel.count_solutions(rows, limit=limit) == min(pixel_count(rows), limit)


def test_small_limits_keep_no_states(monkeypatch: pytest.MonkeyPatch) -> None:
    """A limit up to ONE_BY_ONE_MOST never builds the memoised search, so it never runs out of states."""

    def no_memo(puzzle: pixel.Puzzle) -> None:
        raise AssertionError("the memo was built")

    rows = ["_4_", "___", "___"]
    total = pixel_count(tuple(rows))
    monkeypatch.setattr(pixel_internals, "_search", no_memo)
    assert pixel.count_solutions(rows, limit=pixel.ONE_BY_ONE_MOST) == min(total, pixel.ONE_BY_ONE_MOST)
    assert pixel.count_solutions(rows, limit=2) == 2
    with pytest.raises(AssertionError, match="memo"):
        pixel.count_solutions(rows, limit=pixel.ONE_BY_ONE_MOST + 1)


@pytest.mark.parametrize(("n", "m"), [(1, 1), (1, 6), (5, 5), (8, 12), (12, 8), (15, 15)])
def test_generated_puzzles_are_unique(n: int, m: int) -> None:
    puzzle = pixel.generate(m, n, seed=n * 100 + m)
    assert puzzle == pixel.generate(m, n, seed=n * 100 + m)
    assert (puzzle.n, puzzle.m) == (n, m)
    solution = pixel.solve(puzzle)
    assert pixel_clues_hold(puzzle.rows, solution)
    assert pixel.count_solutions(puzzle, limit=2) == 1


@pytest.mark.parametrize("arguments", [(6,), (9, 12)], ids=["6x6", "9x12"])
def test_generated_puzzles_are_strictly_minimal(arguments: tuple[int, ...]) -> None:
    assert strictly_minimal(pixel.generate(*arguments, seed=1 if arguments == (6,) else 5, effort=None))


def test_generate_rejects_bad_sizes() -> None:
    with pytest.raises(ValueError, match="width and height must be at least 1, got 0 and 0"):
        pixel.generate(0)
    with pytest.raises(
        ValueError, match=r"^the grid must have at most 10000 cells \(width times height\), got 5x2001$"
    ):
        pixel.generate(5, 2001)
    with pytest.raises(ValueError, match="at most 10000 cells"):
        pixel.generate(101)


def test_show_draws_the_picture() -> None:
    assert pixel.show(("01", "10")) == "\u00b7\u00b7\u2588\u2588\n\u2588\u2588\u00b7\u00b7\n"


def test_full_clues_of_a_picture_admit_it() -> None:
    picture = ("0110", "1001", "0110")
    assert picture in set(pixel.solutions(pixel_clues_of(picture)))


def test_puzzle_prints_as_its_grid() -> None:
    puzzle = pixel.parse(SAMPLE)
    assert str(puzzle) == SAMPLE
    assert pixel.parse(str(puzzle)) == puzzle
    assert (puzzle.n, puzzle.m) == (6, 8)
    assert pixel.Puzzle(puzzle.rows) == puzzle and hash(pixel.Puzzle(puzzle.rows)) == hash(puzzle)
    assert "Puzzle(rows=" in repr(puzzle)


def test_arguments_are_checked_by_type() -> None:
    """bool and float are no counts, a NumPy integer is one, and any limit works however large."""
    import numpy

    grid = ["_2_", "___", "_2_"]
    assert pixel.count_solutions(grid, limit=2**70) == 39
    assert pixel.count_solutions(grid, limit=numpy.int64(5)) == 5  # type: ignore[arg-type]
    for limit in (True, 2.5):
        with pytest.raises(TypeError, match=f"^limit must be an integer, got {type(limit).__name__}$"):
            pixel.count_solutions(grid, limit=limit)  # type: ignore[arg-type]
    for seed in (1.5, "x", True):
        with pytest.raises(TypeError, match=f"^seed must be an integer or None, got {type(seed).__name__}$"):
            pixel.generate(3, seed=seed)  # type: ignore[arg-type]
    for effort in (1.5, True):
        with pytest.raises(TypeError, match=f"^effort must be an integer, got {type(effort).__name__}$"):
            pixel.generate(3, seed=1, effort=effort)  # type: ignore[arg-type]
    assert pixel.generate(4, seed=numpy.int64(2)) == pixel.generate(4, seed=2)  # type: ignore[arg-type]
    with pytest.raises(fastpuzzle.ArgumentError, match="at least 1"):
        pixel.generate(0)


@pytest.mark.parametrize("density", [2.0, -1.0, float("nan"), float("inf"), 1.0000001])
def test_generate_refuses_a_density_outside_0_to_1(density: float) -> None:
    with pytest.raises(fastpuzzle.ArgumentError, match="^density must be from 0 to 1, got "):
        pixel.generate(5, density=density)


@pytest.mark.parametrize("density", ["0.5", True, None, [0.5]])
def test_generate_refuses_a_density_that_is_no_number(density: Any) -> None:
    with pytest.raises(TypeError, match=f"^density must be a real number, got {type(density).__name__}$"):
        pixel.generate(5, density=density)


def test_generate_takes_any_real_density() -> None:
    import numpy

    for density in (0, 1, 0.0, 1.0, numpy.float32(0.25)):
        puzzle = pixel.generate(3, seed=1, density=density)  # type: ignore[arg-type]
        assert pixel.count_solutions(puzzle) == 1


@pytest.mark.parametrize(
    ("solution", "error", "message"),
    [
        (["012", "1x1"], ParseError, r"^row 1, column 3: expected '0' or '1', found '2'$"),
        (["011", "1x1"], ParseError, r"^row 2, column 2: expected '0' or '1', found 'x'$"),
        (["01", "1"], ParseError, r"^row 2, column 2: expected 2 characters, found 1$"),
        (["", ""], ParseError, r"^row 1, column 1: expected at least 1 column, found 0$"),
        ([], ParseError, r"^row 1, column 1: expected at least 1 row, found 0$"),
        ([b"01"], TypeError, r"^row 1 is bytes, expected str$"),
        ("0110", TypeError, r"^expected a sequence of rows, found str"),
    ],
)
def test_show_and_format_check_the_solution(solution: Any, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        pixel.show(solution)
    with pytest.raises(error, match=message):
        pixel.format(solution)


def strictly_minimal(puzzle: pixel.Puzzle) -> bool:
    """One solution, and two or more once any one clue is taken out."""
    if pixel.count_solutions(puzzle, limit=2) != 1:
        return False
    for r, row in enumerate(puzzle.rows):
        for c, clue in enumerate(row):
            if clue != "_":
                looser = list(puzzle.rows)
                looser[r] = row[:c] + "_" + row[c + 1 :]
                if pixel.count_solutions(looser, limit=2) != 2:
                    return False
    return True


@pytest.mark.parametrize("seed", range(6))
def test_a_clue_goes_exactly_when_no_second_picture_fits_without_it(seed: int) -> None:
    """generate's check by clause learning agrees with the reference's count on every clue of a puzzle."""
    rng = random.Random(seed)
    n, m = rng.randint(2, 5), rng.randint(2, 5)
    while True:  # a picture that its clues fix, as generate draws one
        full = pixel_clues_of(tuple("".join(rng.choice("01") for _ in range(m)) for _ in range(n)))
        if pixel_count(full) == 1:
            break
    rows = tuple("".join(clue if rng.random() < 0.8 else "_" for clue in row) for row in full)
    if pixel_count(rows) != 1:
        rows = full
    solution = bytes(int(colour) for colour in "".join(pixel.solve(rows)))
    for r, row in enumerate(rows):
        for c, clue in enumerate(row):
            if clue != "_":
                grid = [list(line) for line in rows]
                looser = (
                    *tuple("".join(line) for line in grid[:r]),
                    row[:c] + "_" + row[c + 1 :],
                    *tuple(rows[r + 1 :]),
                )
                assert pixel_making._second_picture_near(grid, solution, r, c) == (pixel_count(looser) > 1)


def test_solve_answers_where_counting_runs_out_of_states(monkeypatch: pytest.MonkeyPatch) -> None:
    """solve() keeps no states: one, several or no solutions where the memo's count would outgrow MAX_STATES."""
    puzzle = pixel.generate(11, 14, seed=8, effort=None)
    several = ("_" * 11, *puzzle.rows[1:])
    # The corner's 0 leaves the 6 beside it two cells that can be black.
    none = ("06" + puzzle.rows[0][2:], *puzzle.rows[1:])
    answer = pixel.solve(puzzle)
    total = pixel.count_solutions(several)
    assert total > pixel.ONE_BY_ONE_MOST
    monkeypatch.setattr(pixel_internals, "MAX_STATES", 1)
    # The memo runs out at once; the solutions are counted one by one after all.
    assert pixel.count_solutions(puzzle) == 1
    assert pixel.count_solutions(none) == 0
    assert pixel.count_solutions(several, limit=pixel.ONE_BY_ONE_MOST + 50) == pixel.ONE_BY_ONE_MOST + 50
    with pytest.raises(PuzzleTooLargeError, match=f"more than {pixel.ONE_BY_ONE_MOST} solutions to count one by one"):
        pixel.count_solutions(several)
    assert pixel.solve(puzzle) == answer
    assert pixel_clues_hold(several, pixel.solve(several, unique=False))
    with pytest.raises(MultipleSolutionsError):
        pixel.solve(several)
    with pytest.raises(NoSolutionError):
        pixel.solve(none)


def test_generate_with_effort_keeps_a_clue_it_cannot_check(monkeypatch: pytest.MonkeyPatch) -> None:
    """With an effort limit, a check that runs out of states keeps its clue, as one that runs out of nodes."""
    monkeypatch.setattr(pixel_internals, "MAX_STATES", 40)
    puzzle = pixel.generate(10, seed=3)
    monkeypatch.undo()
    assert pixel.count_solutions(puzzle, limit=2) == 1


@settings(max_examples=examples(300), deadline=None)
@given(
    shape=st.tuples(st.integers(1, 5), st.integers(1, 5)),
    cells=st.lists(st.sampled_from("0123456789____"), min_size=25, max_size=25),
)
def test_a_clue_larger_than_its_block_is_named_where_it_is(shape: tuple[int, int], cells: list[str]) -> None:
    """The first clue, row by row, larger than its clipped block: the ParseError names its row and column
    (only border cells are looked at, since every digit fits an inner block of 9)."""
    n, m = shape
    rows = tuple("".join(cells[r * m : (r + 1) * m]) for r in range(n))

    def block(r: int, c: int) -> int:
        return sum(1 for i in range(r - 1, r + 2) for j in range(c - 1, c + 2) if 0 <= i < n and 0 <= j < m)

    too_large = [
        (r + 1, c + 1) for r in range(n) for c in range(m) if rows[r][c] != "_" and int(rows[r][c]) > block(r, c)
    ]
    if not too_large:
        assert pixel.from_rows(rows).rows == rows
        return
    with pytest.raises(ParseError) as caught:
        pixel.from_rows(rows)
    assert (caught.value.line, caught.value.column) == too_large[0]


@settings(max_examples=examples(25), deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([(6, 9), (12, 12), (25, 30)]), st.floats(0.0, 0.7))
def test_local_clue_checks_agree_with_the_whole_grid(seed: int, shape: tuple[int, int], blank_share: float) -> None:
    """Generation's check of a clue (_clue_needed: near the clue first) gives the whole grid's verdict
    (_second_picture_near), on grids whose one solution is the picture, with clues taken out at random."""
    rng = random.Random(seed)
    n, m = shape
    picture = ["".join(rng.choice("01") for _ in range(m)) for _ in range(n)]
    grid = [list(row) for row in pixel_clues_of(tuple(picture))]
    solution = bytes(int(colour) for row in picture for colour in row)
    if pixel.count_solutions(["".join(row) for row in grid], limit=2) != 1:
        return
    places = [(r, c) for r in range(n) for c in range(m)]
    rng.shuffle(places)
    for r, c in places[: int(blank_share * n * m)]:
        clue = grid[r][c]
        grid[r][c] = "_"
        if pixel.count_solutions(["".join(row) for row in grid], limit=2) != 1:
            grid[r][c] = clue
    for r, c in places[-5:]:
        if grid[r][c] == "_":
            continue
        clue = grid[r][c]
        near = pixel_making._clue_needed(grid, solution, r, c)
        assert grid[r][c] == "_"
        assert near == pixel_making._second_picture_near(grid, solution, r, c)
        grid[r][c] = clue


def test_a_strictly_minimal_40x40_is_strictly_minimal() -> None:
    """Large enough that most checks are settled near the clue: every clue kept is still needed."""
    puzzle = pixel.generate(30, 40, seed=3, effort=None)
    assert pixel.count_solutions(puzzle, limit=2) == 1
    rows = [list(row) for row in puzzle.rows]
    solution = bytes(int(colour) for row in pixel.solve(puzzle) for colour in row)
    for r, row in enumerate(puzzle.rows):
        for c, clue in enumerate(row):
            if clue != "_":
                assert pixel_making._second_picture_near(rows, solution, r, c)
                rows[r][c] = clue
