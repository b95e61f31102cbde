"""solve_many: the same answers at any parallelism, in input order, streamed, one record per puzzle."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from itertools import count, islice
from typing import Any, Iterator, Optional

import pytest

import fastpuzzle
from fastpuzzle import ArgumentError, Result, solve_many
from fastpuzzle._registry import PUZZLES

from conftest import cases_dir

#: Public cases per puzzle fed to each batch (the slowest puzzles are reversi's).
CASES = 40


def public_cases(puzzle: str) -> list[str]:
    return [path.read_text() for path in sorted(cases_dir(puzzle).glob("*.in"))[:CASES]]


def one_by_one(puzzle: str, texts: list[str]) -> list[tuple[str, Optional[str]]]:
    """(status, output or error) of each text, solved alone."""
    answers: list[tuple[str, Optional[str]]] = []
    for text in texts:
        try:
            answers.append(("solved", fastpuzzle.solve_text(puzzle, text)))
        except fastpuzzle.FastpuzzleError as error:
            answers.append((type(error).__name__, str(error)))
    return answers


def batch_answers(results: list[Result]) -> list[tuple[str, Optional[str]]]:
    names = {
        "no_solution": "NoSolutionError",
        "several": "MultipleSolutionsError",
        "bad_input": "ParseError",
        "too_large": "PuzzleTooLargeError",
    }
    return [
        ("solved", result.output) if result.status == "solved" else (names[result.status], result.error)
        for result in results
    ]


@pytest.mark.parametrize("puzzle", list(PUZZLES))
@pytest.mark.parametrize("how", ["jobs=1", "jobs=2", "threads", "processes"])
def test_same_answers_at_any_parallelism(puzzle: str, how: str) -> None:
    texts = public_cases(puzzle) + ["1 2 3\n", ""]  # and two bad inputs
    if how.startswith("jobs="):
        results = list(solve_many(puzzle, texts, jobs=int(how[5:])))
    else:
        pool_type: Any = ThreadPoolExecutor if how == "threads" else ProcessPoolExecutor
        with pool_type(max_workers=2) as pool:
            results = list(solve_many(puzzle, texts, executor=pool))
    assert [result.index for result in results] == list(range(len(texts)))
    assert batch_answers(results) == one_by_one(puzzle, texts)
    assert all(result.seconds >= 0 for result in results)
    assert [result.status for result in results[-2:]] == ["bad_input", "bad_input"]


def test_a_bad_puzzle_costs_only_itself() -> None:
    good = "2\n1_\n__\n"
    results = list(solve_many("takuzu", [good, "2\n1x\n__\n", good, "4\n" + "____\n" * 4], jobs=2))
    assert [result.status for result in results] == ["solved", "bad_input", "solved", "several"]
    assert results[1].error == "line 2, column 2: expected '0', '1' or '_', found 'x'"
    assert results[1].output is None and results[0].error is None
    assert results[0].output == "10\n01\n"


def test_results_stream_from_an_endless_input() -> None:
    """Only a bounded window of chunks is read ahead: the first results come from an endless stream."""
    read = 0

    def endless() -> Iterator[str]:
        nonlocal read
        for _ in count():
            read += 1
            yield "2\n1_\n__\n"

    first = list(islice(solve_many("takuzu", endless(), jobs=2), 50))
    assert [result.index for result in first] == list(range(50))
    assert all(result.output == "10\n01\n" for result in first)
    assert read < 100_000


def test_arguments_are_checked_before_any_work() -> None:
    with pytest.raises(ArgumentError, match="unknown puzzle 'chess'"):
        solve_many("chess", [])
    for jobs in (0, -1, True, 1.5):
        with pytest.raises(ArgumentError, match="jobs must be a whole number"):
            solve_many("takuzu", [], jobs=jobs)  # type: ignore[arg-type]
    assert list(solve_many("takuzu", [])) == []
