"""Every public case in ../shared/cases: expected output, or the right exit code and message."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Callable

import pytest

import fastpuzzle
from conftest import cases_dir, run_cli

EXIT_CODES = {"no solution": 1, "bad input": 2, "several solutions": 3}


def expected_outcome(why: str) -> str:
    """Classify a bad case by the reason written beside it."""
    text = why.lower()
    if "multiple solutions" in text:
        return "several solutions"
    if "no solution" in text or "violate" in text:
        return "no solution"
    return "bad input"


def good_cases(puzzle: str) -> list[Path]:
    return sorted(cases_dir(puzzle).glob("*.in"))


def bad_cases(puzzle: str) -> list[Path]:
    return sorted((cases_dir(puzzle) / "bad").glob("*.in"))


@pytest.mark.parametrize("puzzle", sorted(fastpuzzle.PUZZLES))
def test_good_cases_give_the_expected_output(puzzle: str) -> None:
    cases = good_cases(puzzle)
    assert cases, f"no cases in {cases_dir(puzzle)}"
    for case in cases:
        expected = case.with_suffix(".out").read_text()
        assert fastpuzzle.solve_text(puzzle, case.read_text()) == expected, case.name


#: Small things a user's file may carry that must not change the answer.
LIBERAL_VARIANTS: dict[str, Callable[[str], str]] = {
    "crlf": lambda text: text.replace("\n", "\r\n"),
    "trailing-spaces": lambda text: text.replace("\n", " \t \n"),
    "trailing-blank-lines": lambda text: text + "\n\n  \n",
    "no-final-newline": lambda text: text.rstrip("\n"),
    "bom": lambda text: "\ufeff" + text,
}


@pytest.mark.parametrize("variant", sorted(LIBERAL_VARIANTS))
@pytest.mark.parametrize("puzzle", sorted(fastpuzzle.PUZZLES))
def test_small_things_do_not_change_the_answer(puzzle: str, variant: str) -> None:
    change = LIBERAL_VARIANTS[variant]
    for case in good_cases(puzzle):
        expected = case.with_suffix(".out").read_text()
        assert fastpuzzle.solve_text(puzzle, change(case.read_text())) == expected, case.name


@pytest.mark.parametrize("puzzle", sorted(fastpuzzle.PUZZLES))
def test_bad_cases_exit_with_a_one_line_message(puzzle: str) -> None:
    cases = bad_cases(puzzle)
    assert cases, f"no bad cases in {cases_dir(puzzle)}"
    for case in cases:
        why = case.with_suffix(".why").read_text().strip()
        outcome = expected_outcome(why)
        run = run_cli(puzzle, str(case))
        assert run.returncode == EXIT_CODES[outcome], (case.name, why, run.stderr)
        assert run.stdout == "", case.name
        lines = run.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"fastpuzzle: {puzzle}: "), (case.name, run.stderr)
        if outcome == "bad input":
            assert re.search(r": line \d+, column \d+: expected .*, found ", lines[0]), (case.name, lines[0])
        rule = re.search(r"rule (\d)", why)
        if rule:
            assert f"rule {rule.group(1)}" in lines[0], (case.name, lines[0])
