"""``python -m fastpuzzle sudoku``: the count, ``--show``, and bad input."""

from __future__ import annotations

import pytest

from conftest import ROOT, cases_dir
from conftest import run_cli as run
from fastpuzzle.cli import main
from reference_sudoku import is_even

SAMPLE_FILE = ROOT / "examples" / "sudoku.txt"


def test_sample_from_a_file() -> None:
    result = run("sudoku", str(SAMPLE_FILE))
    assert (result.returncode, result.stdout, result.stderr) == (0, "3\n", "")


def test_sample_from_standard_input_with_crlf_and_trailing_spaces() -> None:
    text = SAMPLE_FILE.read_text().replace("\n", "  \r\n")
    result = run("sudoku", "-", stdin=text)
    assert (result.returncode, result.stdout, result.stderr) == (0, "3\n", "")


def test_show_prints_an_optimal_set_of_toggles() -> None:
    result = run("sudoku", "--show", str(SAMPLE_FILE))
    assert result.returncode == 0 and result.stderr == ""
    lines = result.stdout.splitlines()
    assert lines[0] == "3"
    pairs = [
        tuple(int(v) for v in pair.strip("()").split(", ")) for pair in lines[1].removeprefix("toggles: ").split(") (")
    ]
    assert len(pairs) == 3 and all(1 <= r <= 9 and 1 <= c <= 9 for r, c in pairs)
    grid = lines[3:]
    assert len(grid) == 9
    marked = {
        (r, c)
        for r, line in enumerate(grid, start=1)
        for c in range(1, 10)
        if line[3 * (c - 1) : 3 * c].startswith("[")
    }
    assert marked == set(pairs)
    fixed = tuple(line.replace("[", "").replace("]", "").replace(" ", "") for line in grid)
    assert is_even(fixed)
    original = tuple(SAMPLE_FILE.read_text().split())
    changed = {(r + 1, c + 1) for r in range(9) for c in range(9) if fixed[r][c] != original[r][c]}
    assert changed == set(pairs)


def test_help_mentions_show() -> None:
    result = run("sudoku", "--help")
    assert result.returncode == 0 and "--show" in result.stdout
    assert "sudoku" in run("--help").stdout


@pytest.mark.parametrize(
    ("stdin", "message"),
    [
        ("", "line 1, column 1: expected row 1 of 9, found end of input"),
        ("000000000\n" * 8, "line 9, column 1: expected row 9 of 9, found end of input"),
        ("000000000\n" * 10, "line 10, column 1: expected nothing after the 9 rows, found '000000000'"),
        ("000000000\n" * 2 + "000020000\n" + "000000000\n" * 6, "line 3, column 5: expected '0' or '1', found '2'"),
        (
            "000000000\n" * 4 + "00000000\n" + "000000000\n" * 4,
            "line 5, column 9: expected 9 characters in row 5 of 9, found 8",
        ),
    ],
    ids=["empty", "8-rows", "10-rows", "bad-char", "short-row"],
)
def test_bad_input_exits_2_with_one_line(stdin: str, message: str) -> None:
    for args in (("sudoku",), ("sudoku", "--show")):
        result = run(*args, stdin=stdin)
        assert result.returncode == 2
        assert result.stdout == ""
        assert result.stderr == f"fastpuzzle: sudoku: {message}\n"


def test_public_bad_cases_exit_2() -> None:
    cases = sorted((cases_dir("sudoku") / "bad").glob("*.in"))
    assert cases
    for case in cases:
        result = run("sudoku", str(case))
        assert result.returncode == 2, case.name
        assert result.stderr.startswith("fastpuzzle: sudoku: line ") and result.stderr.count("\n") == 1, case.name


def test_main_in_process(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sudoku", str(SAMPLE_FILE)]) == 0
    assert capsys.readouterr().out == "3\n"
    assert main(["sudoku", "--show", str(SAMPLE_FILE)]) == 0
    assert capsys.readouterr().out.startswith("3\ntoggles: (")


def test_the_command_runs_on_a_parsed_grid() -> None:
    import argparse

    from fastpuzzle import sudoku
    from fastpuzzle.cli import sudoku as command

    grid = sudoku.parse(SAMPLE_FILE.read_text())
    plain = {"answer": None, "generate": False, "render": None}
    assert command.check_arguments(argparse.Namespace(show=True, **plain)) is None
    assert command.run(grid, argparse.Namespace(show=False, **plain)) == "3\n"
    shown = command.run(grid, argparse.Namespace(show=True, **plain))
    assert shown == sudoku.format_solution(grid, sudoku.solve(grid))
