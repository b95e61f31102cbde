"""The 01 game's answers before any search: impossible shapes, crowded lines, counts too open to list."""

from __future__ import annotations

import subprocess
import sys
from itertools import product
from types import ModuleType

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from conftest import examples, facade_fixture, run_cli
from fastpuzzle import ArgumentError, NoSolutionError, PuzzleTooLargeError, Status, takuzu
from fastpuzzle.takuzu import _counting as takuzu_counting
from fastpuzzle.takuzu import _facade as takuzu_internals
from fastpuzzle.takuzu import _kernel as _takuzu_cy
from fastpuzzle.takuzu._lines import independent_swaps, line_count, line_problem, shape_problem
from reference_takuzu import takuzu_line_ok, takuzu_solutions

takuzu_facade = facade_fixture("takuzu")

#: Shapes no grid has under the distinct rule, as the audit found them grinding: (width, height).
IMPOSSIBLE = [(6, 16), (16, 6), (6, 64), (8, 36), (2, 4), (4, 8)]


def blank(width: int, height: int, rule: str = "") -> str:
    """The contest text of a blank grid."""
    return f"{width} {height}{' ' + rule if rule else ''}\n" + ("_" * width + "\n") * height


@pytest.mark.parametrize("length", range(1, 17))
def test_line_count_is_the_lines_the_rules_allow(length: int) -> None:
    expected = sum(takuzu_line_ok("".join(bits)) for bits in product("01", repeat=length)) if length % 2 == 0 else 0
    assert line_count(length) == expected


@pytest.mark.parametrize("narrow", [2, 4, 6, 8])
def test_shape_problem_is_exact(narrow: int) -> None:
    """Every shape with a side of at most 8 (the only sides whose lines are fewer than 64) has a grid
    under the distinct rule exactly when shape_problem finds nothing; under the free rule, always."""
    for other in range(2, 65, 2):
        for width, height in ((narrow, other), (other, narrow)):
            rows = ["_" * width] * height
            problem = shape_problem(width, height)
            assert shape_problem(width, height, unique_rows=False) is None
            assert (problem is None) == (height <= line_count(width) and width <= line_count(height))
            if problem is None:
                solution = takuzu.solve(rows, unique=False)
                assert len(set(solution)) == height and len(set(zip(*solution))) == width


@pytest.mark.parametrize(("width", "height"), IMPOSSIBLE)
def test_impossible_shapes_have_no_solution_at_once(takuzu_facade: ModuleType, width: int, height: int) -> None:
    rows = ["_" * width] * height
    lines, length, across = ("rows", width, "row") if height > line_count(width) else ("columns", height, "column")
    message = (
        f"no solution: no {width}x{height} grid keeps the distinct rule: its {max(width, height)} {lines} must "
        f"all differ, but a {across} of {length} cells can be written in only {line_count(length)} ways"
    )
    with pytest.raises(NoSolutionError, match=message):
        takuzu_facade.solve(rows)
    with pytest.raises(NoSolutionError, match=message):
        takuzu_facade.solve(rows, unique=False)
    assert takuzu_facade.count_solutions(rows) == 0
    assert list(takuzu_facade.solutions(rows)) == []
    # The free rule lets rows repeat: the same shape has solutions.
    assert takuzu_facade.count_solutions(takuzu.from_rows(rows, unique_rows=False), limit=3) == 3


@pytest.mark.parametrize(("width", "height"), IMPOSSIBLE)
def test_the_command_answers_impossible_shapes(width: int, height: int) -> None:
    solved = run_cli("takuzu", stdin=blank(width, height))
    assert (solved.returncode, solved.stdout) == (1, "")
    assert solved.stderr.startswith(f"fastpuzzle: takuzu: no solution: no {width}x{height} grid keeps")
    assert solved.stderr.count("\n") == 1
    counted = run_cli("takuzu", "--count", stdin=blank(width, height))
    assert (counted.returncode, counted.stdout, counted.stderr) == (0, "0\n", "")
    # The free rule, asked on the command line or in the text, solves the shape (and finds it open).
    assert run_cli("takuzu", "--first", "--rule", "free", stdin=blank(width, height)).returncode == 0
    assert run_cli("takuzu", "--first", stdin=blank(width, height, "free")).returncode == 0


def test_lines_whose_givens_leave_too_few_values_are_named() -> None:
    # Rows 1, 4 and 7 read 0_0_1_, which only 010011 and 010110 complete: two lines for three rows.
    rows = ["0_0_1_", "______", "______"] * 3 + ["______"] * 3
    allowed = {line for line in map("".join, product("01", repeat=6)) if takuzu_line_ok(line)}
    assert len({line for line in allowed if all(g in ("_", d) for g, d in zip("0_0_1_", line))}) == 2
    problem = line_problem(rows)
    assert (
        problem == "rows 1, 4 and 7 must all differ, but their givens leave them only 2 ways to be written between them"
    )
    with pytest.raises(NoSolutionError, match="no solution: rows 1, 4 and 7 must all differ"):
        takuzu.solve(rows)
    assert takuzu.count_solutions(rows) == 0


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    width=st.sampled_from((4, 6)),
    height=st.sampled_from((6, 10, 12, 14)),
    pool=st.lists(st.text("01___", min_size=6, max_size=6), min_size=1, max_size=3),
    picks=st.lists(st.integers(0, 3), min_size=14, max_size=14),
    transpose=st.booleans(),
)
def test_line_problem_never_rules_out_a_grid_that_has_a_solution(
    width: int, height: int, pool: list[str], picks: list[int], transpose: bool
) -> None:
    """Rows drawn from a few partial lines (so that some crowd each other), checked against the simple
    reference where it is small enough, against the kernel's own search otherwise."""
    lines = [line[:width] for line in pool] + ["_" * width]
    rows = [lines[pick % len(lines)] for pick in picks[:height]]
    if transpose:
        rows = ["".join(column) for column in zip(*rows)]
    problem = line_problem(rows)
    if problem is None:
        return
    if len(rows) * len(rows[0]) <= 36:
        assert takuzu_solutions(tuple(rows)) == []
    else:
        # The kernel's search, without the facade's check: it must find nothing either.
        learn = _takuzu_cy.Learn(len(rows[0]), len(rows), True, takuzu.from_rows(rows).cells)
        while (status := learn.next_solution(1 << 40)) == Status.PAUSED:
            pass
        assert status == Status.EXHAUSTED, problem


@pytest.mark.parametrize(("width", "height"), IMPOSSIBLE)
def test_generation_refuses_impossible_shapes(width: int, height: int) -> None:
    with pytest.raises(ArgumentError, match=rf"generate\({width}, {height}\): no {width}x{height} grid keeps"):
        takuzu.generate(width, height, seed=1)
    made = run_cli("takuzu", "--generate", "--size", f"{width}x{height}", "--seed", "1")
    assert (made.returncode, made.stdout) == (2, "")
    assert made.stderr.startswith(f"fastpuzzle: takuzu: argument --size: no {width}x{height} grid keeps")
    assert "--rule free allows it" in made.stderr


@pytest.mark.parametrize(("width", "height"), [(2, 4), (4, 2), (6, 16)])
def test_generation_of_those_shapes_under_the_free_rule(width: int, height: int) -> None:
    puzzle = takuzu.generate(width, height, seed=1, unique_rows=False)
    assert (puzzle.width, puzzle.height) == (width, height)
    assert takuzu.count_solutions(puzzle, limit=2) == 1


@pytest.mark.parametrize(("width", "height"), [(34, 34), (40, 40), (64, 64), (64, 40), (36, 48)])
def test_counting_a_blank_grid_beyond_candidate_lines_is_refused_at_once(width: int, height: int) -> None:
    rows = ["_" * width] * height
    with pytest.raises(
        PuzzleTooLargeError, match=rf"too open to count: this {width}x{height} grid may have .*2\*\*128"
    ):
        takuzu.count_solutions(rows)
    # A limit below what the swaps show is answered at once.
    assert takuzu.count_solutions(rows, limit=1000) == 1000
    counted = run_cli("takuzu", "--count", stdin=blank(width, height))
    assert (counted.returncode, counted.stdout) == (4, "")
    assert counted.stderr.startswith(f"fastpuzzle: takuzu: too open to count: this {width}x{height} grid")


def test_a_count_by_listing_stops_at_its_most(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past _LISTED_MOST solutions listed (a small one here), the count is refused, not run on: where the
    counters without listing cannot take a grid, and the listing search counts it all."""
    rows = ["____", "____", "____", "____"]  # the free rule: 4x4 grids with balance and no three alike
    free = takuzu.from_rows(rows, unique_rows=False)
    total = takuzu.count_solutions(free)
    assert total == 90

    def unfit(*args: object) -> int:
        raise takuzu_counting.CounterUnfit("too many lines")

    monkeypatch.setattr(takuzu_counting, "count_whole", unfit)
    monkeypatch.setattr(takuzu_internals, "FEW_LISTED", 10)
    monkeypatch.setattr(takuzu_internals, "_LISTED_MOST", 64)
    with pytest.raises(PuzzleTooLargeError, match="more than the 64 solutions a count by listing takes"):
        takuzu.count_solutions(free)
    assert takuzu.count_solutions(free, limit=64) == 64
    monkeypatch.setattr(takuzu_internals, "_LISTED_MOST", 90)
    assert takuzu.count_solutions(free) == 90


@settings(max_examples=examples(150), deadline=None)
@given(
    width=st.sampled_from((4, 6, 8)),
    height=st.sampled_from((4, 6)),
    unique_rows=st.booleans(),
    kept=st.lists(st.booleans(), min_size=48, max_size=48),
    seed=st.integers(0, 1000),
)
def test_independent_swaps_never_claim_more_solutions_than_there_are(
    width: int, height: int, unique_rows: bool, kept: list[bool], seed: int
) -> None:
    assume(shape_problem(width, height, unique_rows) is None)
    solution = takuzu.solve(takuzu.generate(width, height, seed=seed, unique_rows=unique_rows))
    rows = ["".join(c if kept[r * width + i] else "_" for i, c in enumerate(row)) for r, row in enumerate(solution)]
    swaps = independent_swaps(rows, solution, unique_rows, 64)
    # The kernel's own count, up to the bound (count_solutions would take the bound's word for it).
    learn = _takuzu_cy.Learn(width, height, unique_rows, takuzu.from_rows(rows).cells)
    while learn.count(1 << 40, 1 << swaps) == Status.PAUSED:
        pass
    assert learn.found == 1 << swaps


def test_impossible_shapes_answer_under_a_time_guard() -> None:
    """A guard, not a timing: the audit's shapes took 35 s to forever; each must now end well inside 30 s."""
    for width, height in IMPOSSIBLE:
        completed = subprocess.run(
            [sys.executable, "-m", "fastpuzzle", "takuzu", "--count"],
            input=blank(width, height).encode(),
            capture_output=True,
            timeout=30,
        )
        assert completed.returncode == 0
