"""``python -m fastpuzzle pixel``: exit codes, messages and options, in a real subprocess."""

from __future__ import annotations

import random

import pytest

from conftest import ROOT
from conftest import run_cli as run
from fastpuzzle.cli import main
from reference_pixel import pixel_clues_of

SAMPLE_FILE = ROOT / "examples" / "pixel.txt"
SAMPLE_ANSWER = "00011000\n00111100\n01000010\n11111111\n01011110\n01111110\n"


def open_grid(n: int, every: int) -> str:
    """A random picture's clues on every ``every``-th cell: far too open to count."""
    rng = random.Random(3)
    clues = "".join(pixel_clues_of(tuple("".join(rng.choice("01") for _ in range(n)) for _ in range(n))))
    rows = ["".join(clues[r * n + c] if (r * n + c) % every == 0 else "_" for c in range(n)) for r in range(n)]
    return f"{n} {n}\n" + "\n".join(rows) + "\n"


def test_sample_from_a_file() -> None:
    result = run("pixel", str(SAMPLE_FILE))
    assert (result.returncode, result.stdout, result.stderr) == (0, SAMPLE_ANSWER, "")


def test_sample_from_standard_input() -> None:
    result = run("pixel", "-", stdin=SAMPLE_FILE.read_text())
    assert (result.returncode, result.stdout) == (0, SAMPLE_ANSWER)


def test_show_draws_blocks() -> None:
    result = run("pixel", "--show", str(SAMPLE_FILE))
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert len(lines) == 6
    assert lines[3] == "\u2588" * 16
    assert lines[0] == "\u00b7" * 6 + "\u2588" * 4 + "\u00b7" * 6


def test_help_lists_the_options() -> None:
    result = run("pixel", "--help")
    assert result.returncode == 0
    assert all(option in result.stdout for option in ("--count", "--first", "--show"))
    assert "pixel" in run("--help").stdout


def test_count_and_first() -> None:
    assert run("pixel", "--count", stdin="2 2\n__\n__\n").stdout == "16\n"
    assert run("pixel", "--count", stdin=SAMPLE_FILE.read_text()).stdout == "1\n"
    result = run("pixel", "--first", stdin="1 2\n1_\n")
    assert result.returncode == 0 and result.stdout in ("10\n", "01\n")


def test_count_and_first_are_exclusive() -> None:
    result = run("pixel", "--count", "--first", str(SAMPLE_FILE))
    assert result.returncode == 2 and "not allowed with" in result.stderr


@pytest.mark.parametrize(
    ("stdin", "code", "message"),
    [
        ("1 2\n1_\n", 3, "more than one solution: two of them differ at row 1, column 1"),
        ("1 2\n20\n", 1, "no solution"),
        ("2 3\n_x_\n___\n", 2, "line 2, column 2: expected '0', '1', "),
        ("3 3\n5__\n___\n___\n", 2, "line 2, column 1: expected a clue from 0 to 4 (its block has 4 cells), found '5'"),
        ("3 3\n___\n___\n", 2, "line 4, column 1: expected row 3 of 3, found end of input"),
        ("3\n___\n", 2, "line 1, column 2: expected n (rows) and m (columns), found 1 value"),
        ("", 2, "line 1, column 1: expected n (rows) and m (columns), found end of input"),
        ("101 100\n", 2, "line 1, column 1: expected at most 10000 cells (n times m), found 101x100 = 10100"),
        ("10001 1\n", 2, "line 1, column 1: expected n (rows) from 1 to 10000, found '10001'"),
        (b"1 2\n_\xff\n", 2, "line 2, column 2: expected UTF-8 text, found byte 0xff"),
    ],
    ids=[
        "several",
        "none",
        "bad-char",
        "corner-clue",
        "missing-row",
        "one-number-header",
        "empty",
        "huge",
        "long",
        "not-utf8",
    ],
)
def test_outcomes_and_exit_codes(stdin: str | bytes, code: int, message: str) -> None:
    result = run("pixel", stdin=stdin)
    assert result.returncode == code
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and message in result.stderr
    assert result.stderr.startswith("fastpuzzle: pixel: ")


def test_too_open_a_count_stops_with_exit_code_4() -> None:
    result = run("pixel", "--count", stdin=open_grid(63, 5))
    assert (result.returncode, result.stdout) == (4, "")
    assert result.stderr.startswith("fastpuzzle: pixel: too few clues for a 63x63 grid: the search would remember ")
    assert result.stderr.count("\n") == 1


def test_main_in_process(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pixel", str(SAMPLE_FILE)]) == 0
    assert capsys.readouterr().out == SAMPLE_ANSWER
    assert main(["pixel", "--count", str(SAMPLE_FILE)]) == 0
    assert capsys.readouterr().out == "1\n"
