"""Hints, deduction paths and grades of the 01 game and pixel placement, and generation to a grade.

A hint is sound when, applied to a grid with a unique solution, it never
contradicts that solution; the path of hints must end at the solution.
"""

from __future__ import annotations

import random
from itertools import islice
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from conftest import examples
from fastpuzzle import Hint, pixel, takuzu
from fastpuzzle._common.hints import GRADES, TRIAL_TIER
from fastpuzzle.errors import ArgumentError, MultipleSolutionsError, NoSolutionError, ParseError
from fastpuzzle.pixel import _making as pixel_making
from fastpuzzle.pixel._hints import TIERS as PIXEL_TIERS
from fastpuzzle.takuzu._hints import TIERS as TAKUZU_TIERS

#: The grids the soundness test goes over, for every grade: 3 sizes x 34 seeds, over a hundred per puzzle and grade.
TAKUZU_SIDES = (6, 8, 10)
PIXEL_SIZES = ((5, 5), (6, 8), (8, 8))
SEEDS = range(34)


def assert_path_sound(steps: list[Hint], solution: tuple[str, ...], start: list[str], blank: str) -> None:
    """Each hint fixes only undecided cells, each to the solution's digit, and together they fill the grid."""
    grid = [list(row) for row in start]
    for step in steps:
        assert step.cells, step
        assert step.explanation and step.explanation[0].isupper()
        for r, c, value in step.cells:
            assert grid[r][c] == blank, (step, "a decided cell")
            assert str(value) == solution[r][c], (step, "contradicts the solution")
            grid[r][c] = str(value)
        for r, c in step.because:
            assert 0 <= r < len(grid) and 0 <= c < len(grid[0])
    assert ["".join(row) for row in grid] == list(solution)


def assert_every_solution_agrees(deducer: Any, every: list[tuple[str, ...]]) -> None:
    """Each hint of ``deducer``'s path up to the trial (until no rule applies) holds in every solution."""
    while (found := deducer.next_hint(TRIAL_TIER)) is not None:
        assert all(solution[r][c] == str(value) for solution in every for r, c, value in found.cells), found
        deducer.apply(found)


def path_grade(steps: list[Hint], tiers: dict[str, int], trial_limit: int) -> int:
    """The grade by its definition, counted from the path (the README's table)."""
    hardest = max((tiers[step.rule] for step in steps), default=1)
    trials = sum(tiers[step.rule] == TRIAL_TIER for step in steps)
    return 5 if trials > trial_limit else hardest


@pytest.mark.parametrize("difficulty", GRADES)
@pytest.mark.parametrize("n", TAKUZU_SIDES)
def test_takuzu_hints_are_sound_for_every_grade(n: int, difficulty: int) -> None:
    for seed in SEEDS:
        puzzle = takuzu.generate(n, seed=seed, difficulty=difficulty)
        solution = takuzu.solve(puzzle)
        steps = takuzu.steps(puzzle)
        assert_path_sound(steps, solution, list(puzzle.rows), "_")
        assert takuzu.grade(puzzle) == difficulty == path_grade(steps, TAKUZU_TIERS, n)
        if difficulty < 5:  # a person solves it without guessing: no search on the path
            assert all(step.rule != "search" for step in steps)


@pytest.mark.parametrize("difficulty", GRADES)
@pytest.mark.parametrize(("n", "m"), PIXEL_SIZES)
def test_pixel_hints_are_sound_for_every_grade(n: int, m: int, difficulty: int) -> None:
    for seed in SEEDS:
        puzzle = pixel.generate(m, n, seed=seed, difficulty=difficulty)
        solution = pixel.solve(puzzle)
        steps = pixel.steps(puzzle)
        assert_path_sound(steps, solution, ["?" * m] * n, "?")
        assert pixel.grade(puzzle) == difficulty == path_grade(steps, PIXEL_TIERS, max(n, m))
        if difficulty < 5:
            assert all(step.rule != "search" for step in steps)


@settings(max_examples=examples(40), deadline=None)
@given(seed=st.integers(0, 2**32), side=st.sampled_from([4, 6, 8]), fill=st.floats(0, 0.6))
def test_takuzu_hint_is_sound_anywhere_on_the_way(seed: int, side: int, fill: float) -> None:
    """A minimal puzzle with some of its solution's cells written back: still one solution, and the hint fits it."""
    puzzle = takuzu.generate(side, seed=seed)
    solution = takuzu.solve(puzzle)
    rng = random.Random(seed)
    rows = [
        "".join(s if rng.random() < fill else p for p, s in zip(row, full)) for row, full in zip(puzzle.rows, solution)
    ]
    found = takuzu.hint(rows)
    if "_" not in "".join(rows):
        assert found is None
        return
    assert found is not None
    assert all(rows[r][c] == "_" and solution[r][c] == str(value) for r, c, value in found.cells)
    assert found.rule in TAKUZU_TIERS


@settings(max_examples=examples(40), deadline=None)
@given(seed=st.integers(0, 2**32), n=st.integers(1, 7), m=st.integers(1, 7), fill=st.floats(0, 0.8))
def test_pixel_hint_is_sound_with_known_cells(seed: int, n: int, m: int, fill: float) -> None:
    puzzle = pixel.generate(m, n, seed=seed)
    solution = pixel.solve(puzzle)
    rng = random.Random(seed)
    known = ["".join(s if rng.random() < fill else "?" for s in full) for full in solution]
    found = pixel.hint(puzzle, known)
    if "?" not in "".join(known):
        assert found is None
        return
    assert found is not None
    assert all(known[r][c] == "?" and solution[r][c] == str(value) for r, c, value in found.cells)
    assert_path_sound(pixel.steps(puzzle, known), solution, known, "?")


def test_takuzu_rules_read_as_a_person_reads_them() -> None:
    """Each rule on a grid where it is the easiest that applies (the rules hold without a unique solution)."""
    pair = _takuzu_deducer(["11__", "____", "____", "____"]).next_hint()
    assert pair == Hint(
        ((0, 2, 0),),
        "pair",
        ((0, 0), (0, 1)),
        "Columns 1 and 2 of row 1 are both 1, so column 3 is 0: three 1s may not touch",
    )
    sandwich = _takuzu_deducer(["1_1_", "____", "____", "____"]).next_hint()
    assert sandwich is not None and sandwich.rule == "sandwich" and sandwich.cells == ((0, 1, 0),)
    assert set(sandwich.because) == {(0, 0), (0, 2)}
    balance = _takuzu_deducer(["1__1", "____", "____", "____"]).next_hint()
    assert balance is not None and balance.rule == "balance"
    assert balance.cells == ((0, 1, 0), (0, 2, 0)) and balance.because == ((0, 0), (0, 3))


def test_takuzu_distinct_and_trial_rules() -> None:
    # Row 2 can only be finished as a copy of row 1 or the other way; the rows must differ.
    puzzle = ["010101", "01__01", "______", "______", "______", "______"]
    deducer = _takuzu_deducer(puzzle)
    distinct = deducer._distinct()
    assert distinct is not None and distinct.rule == "distinct"
    assert distinct.cells == ((1, 2, 1), (1, 3, 0))
    trial_hints = [step for step in takuzu.steps(takuzu.generate(8, seed=3, difficulty=4)) if step.rule == "trial"]
    assert trial_hints and all(step.explanation.startswith("If row ") for step in trial_hints)
    assert all(len(step.cells) == 1 and step.because for step in trial_hints)


def _takuzu_deducer(rows: list[str]):  # type: ignore[no-untyped-def]
    from fastpuzzle.takuzu._hints import Deducer

    return Deducer(rows)


def test_pixel_rules_read_as_a_person_reads_them() -> None:
    from fastpuzzle.pixel._hints import Deducer

    zero = Deducer(["0__", "___", "___"]).next_hint()
    assert zero is not None and zero.rule == "satisfied"
    assert set(zero.cells) == {(0, 0, 0), (0, 1, 0), (1, 0, 0), (1, 1, 0)}
    assert zero.explanation == (
        "The 0 at row 1, column 1 already has no black cell, so cells (1, 1), (1, 2), (2, 1) and (2, 2) are white"
    )
    full = Deducer(["4__", "___", "__0"]).next_hint()
    assert full is not None and full.rule == "needs all" and full.because == ((0, 0),)


def test_grade_is_stable() -> None:
    for seed in range(5):
        puzzle = takuzu.generate(10, seed=seed)
        assert len({takuzu.grade(puzzle), takuzu.grade(takuzu.parse(str(puzzle))), takuzu.grade(puzzle.rows)}) == 1
        picture = pixel.generate(8, seed=seed)
        assert pixel.grade(picture) == pixel.grade(pixel.parse(str(picture)))


def test_generation_to_a_grade_is_reproducible() -> None:
    for difficulty in GRADES:
        assert takuzu.generate(10, seed=7, difficulty=difficulty) == takuzu.generate(10, seed=7, difficulty=difficulty)
        assert pixel.generate(7, seed=7, difficulty=difficulty) == pixel.generate(7, seed=7, difficulty=difficulty)
    grades = {takuzu.grade(takuzu.generate(10, seed=s, difficulty=2)) for s in range(5)}
    assert grades == {2}


def test_complete_grids_have_no_hint() -> None:
    assert takuzu.hint(["10", "01"]) is None
    assert takuzu.steps(["10", "01"]) == []
    assert takuzu.grade(["10", "01"]) == 1
    assert pixel.hint(["4_", "__"], known=["11", "11"]) is None


def test_hints_report_puzzles_without_one_solution() -> None:
    with pytest.raises(MultipleSolutionsError):
        takuzu.hint(["____", "____", "____", "____"])
    with pytest.raises(NoSolutionError):
        takuzu.hint(["111_", "____", "____", "____"])
    with pytest.raises(MultipleSolutionsError):
        pixel.grade(["_"])
    with pytest.raises(NoSolutionError, match="row 1, column 1"):
        pixel.hint(["4_", "__"], known=["0?", "??"])


def test_known_cells_are_checked() -> None:
    with pytest.raises(ParseError, match="row 2, column 1"):
        pixel.hint(["4_", "__"], known=["??", "x?"])
    with pytest.raises(ParseError, match="expected 2 rows"):
        pixel.hint(["4_", "__"], known=["??"])


@pytest.mark.parametrize("difficulty", [0, 6, -1])
def test_difficulty_out_of_range(difficulty: int) -> None:
    with pytest.raises(ArgumentError, match="grade from 1 to 5"):
        takuzu.generate(6, seed=1, difficulty=difficulty)
    with pytest.raises(ArgumentError, match="grade from 1 to 5"):
        pixel.generate(4, seed=1, difficulty=difficulty)


def test_difficulty_of_the_wrong_type() -> None:
    with pytest.raises(TypeError):
        takuzu.generate(6, difficulty="3")  # type: ignore[arg-type]


def test_a_grade_a_small_grid_lacks_is_a_clear_error() -> None:
    with pytest.raises(ArgumentError, match="no 2x2 puzzle of difficulty 4"):
        takuzu.generate(2, seed=1, difficulty=4)


@settings(max_examples=examples(400), deadline=None)
@given(side=st.sampled_from([4, 6]), index=st.integers(0, 71), keep=st.lists(st.booleans(), min_size=36, max_size=36))
def test_takuzu_rules_hold_in_every_solution(side: int, index: int, keep: list[bool]) -> None:
    """Tiers 1-4 are implications, sound without a unique solution: every solution of a partial
    grid (some cells of a random solved grid) agrees with the hint."""
    from fastpuzzle.takuzu._hints import Deducer

    solved = next(islice(takuzu.solutions(["_" * side] * side), index, None))
    rows = ["".join(d if keep[r * side + c] else "_" for c, d in enumerate(row)) for r, row in enumerate(solved)]
    every = list(islice(takuzu.solutions(rows), 500))
    assume(len(every) < 500)
    assert_every_solution_agrees(Deducer(rows), every)


@settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(n=st.integers(1, 4), m=st.integers(1, 4), picture=st.integers(0, 2**16 - 1), keep=st.integers(0, 2**16 - 1))
def test_pixel_rules_hold_in_every_solution(n: int, m: int, picture: int, keep: int) -> None:
    """The same for pixel placement: some clues of a random picture, every solution agrees with the hint."""
    from fastpuzzle.pixel._hints import Deducer

    black = ["".join(str(picture >> (r * m + c) & 1) for c in range(m)) for r in range(n)]
    clues = pixel_making._clues_of(black)
    rows = [
        "".join(clue if keep >> (r * m + c) & 1 else "_" for c, clue in enumerate(row)) for r, row in enumerate(clues)
    ]
    every = list(islice(pixel.solutions(rows), 2000))
    assume(len(every) < 2000)
    assert_every_solution_agrees(Deducer(rows), every)
