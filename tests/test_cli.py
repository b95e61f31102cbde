"""``python -m fastpuzzle``: in-process through main() and as a real subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import fastpuzzle
from conftest import ROOT, interrupt_cli
from conftest import run_cli as run
from fastpuzzle.cli import main

SAMPLE_FILE = ROOT / "examples" / "takuzu.txt"
SAMPLE_ANSWER = "100110\n010101\n001011\n101100\n110010\n011001\n"


def test_sample_from_a_file() -> None:
    result = run("takuzu", str(SAMPLE_FILE))
    assert (result.returncode, result.stdout, result.stderr) == (0, SAMPLE_ANSWER, "")


@pytest.mark.parametrize("args", [("takuzu",), ("takuzu", "-"), ("01",)])
def test_sample_from_standard_input(args: tuple[str, ...]) -> None:
    result = run(*args, stdin=SAMPLE_FILE.read_text())
    assert (result.returncode, result.stdout) == (0, SAMPLE_ANSWER)


def test_help_and_version() -> None:
    result = run("--help")
    assert result.returncode == 0 and "takuzu" in result.stdout and "exit codes" in result.stdout
    result = run("--version")
    assert (result.returncode, result.stdout.strip()) == (0, f"fastpuzzle {fastpuzzle.__version__}")
    result = run("takuzu", "--help")
    assert result.returncode == 0 and "--count" in result.stdout and "--first" in result.stdout


def test_count_and_first() -> None:
    assert run("takuzu", "--count", stdin="4\n____\n____\n____\n____\n").stdout == "72\n"
    result = run("takuzu", "--first", stdin="4\n____\n____\n____\n____\n")
    assert result.returncode == 0 and len(result.stdout.split()) == 4


def test_count_and_first_are_exclusive() -> None:
    result = run("takuzu", "--count", "--first", stdin=SAMPLE_FILE.read_text())
    assert result.returncode == 2 and "not allowed with" in result.stderr


@pytest.mark.parametrize(
    ("stdin", "code", "message"),
    [
        ("4\n____\n____\n____\n____\n", 3, "more than one solution"),
        ("4\n0___\n__01\n_1_1\n_1__\n", 1, "no solution"),
        ("4\n000_\n____\n____\n____\n", 1, "rule 1"),
        ("4\n0_1_\n__x_\n____\n____\n", 2, "line 3, column 3: expected '0', '1' or '_', found 'x'"),
        ("", 2, "line 1, column 1: expected N"),
        ("1000000000\n", 2, "line 1, column 1: expected an even N from 2 to 64, found '1000000000'"),
        (b"4\n0_\xff_\n", 2, "line 2, column 3: expected UTF-8 text, found byte 0xff"),
        ("64 48\n" + ("_" * 64 + "\n") * 48, 3, "more than one solution"),
        ("4 2 free\n0101\n1010\n", 0, ""),
        ("4 2\n0101\n1010\n", 1, "rule 3 (all columns differ): columns 1 and 3 are both 01"),
    ],
    ids=["several", "none", "broken-rule", "bad-char", "empty", "huge-n", "not-utf8", "open-64x48", "free", "unique"],
)
def test_outcomes_and_exit_codes(stdin: str | bytes, code: int, message: str) -> None:
    result = run("takuzu", stdin=stdin)
    assert result.returncode == code
    if code == 0:
        assert (result.stdout, result.stderr) == ("0101\n1010\n", "")
        return
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and message in result.stderr
    assert result.stderr.startswith("fastpuzzle: takuzu: ")


def test_a_count_too_open_for_candidate_lines_is_too_large() -> None:
    result = run("takuzu", "--count", stdin="32\n" + ("_" * 32 + "\n") * 32)
    assert result.returncode == 4
    assert result.stderr.startswith("fastpuzzle: takuzu: too few givens for a 32x32 grid")


def test_a_huge_file_is_refused_after_a_bounded_read() -> None:
    data = b"4\n" + b"_" * (64 << 20)
    result = run("takuzu", stdin=data)
    assert result.returncode == 2
    assert "expected at most 1048576 bytes of input" in result.stderr


def test_missing_file(tmp_path: Path) -> None:
    result = run("takuzu", str(tmp_path / "absent.txt"))
    assert result.returncode == 2 and "cannot read" in result.stderr and "Traceback" not in result.stderr


def test_unknown_puzzle_is_a_usage_error() -> None:
    result = run("nonogram")
    assert result.returncode == 2 and "invalid choice" in result.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("reversi", "--perf", "3"), "fastpuzzle: reversi: unrecognized arguments: --perf; did you mean --perft?"),
        (("takuzu", "--cout"), "fastpuzzle: takuzu: unrecognized arguments: --cout; did you mean --count?"),
        (("pixel", "--batch", "--jbos=2"), "fastpuzzle: pixel: unrecognized arguments: --jbos=2; did you mean --jobs?"),
        (("--verison",), "fastpuzzle: the following arguments are required: PUZZLE; did you mean --version?"),
        (("--verison", "01"), "fastpuzzle: takuzu: unrecognized arguments: --verison; did you mean --version?"),
        (("takuzo",), "fastpuzzle: argument PUZZLE: invalid choice: 'takuzo' (choose from"),
        (("pixle",), "; did you mean 'pixel'?"),
        (("takuzu", "--format", "sgtt"), "argument --format: invalid choice: 'sgtt'"),
        (("takuzu", "--format", "sgtt"), "; did you mean 'sgt'?"),
    ],
)
def test_a_misspelled_option_or_name_gets_the_nearest_one(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(list(args))
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1, err


@pytest.mark.parametrize("args", [("takuzu", "--xyzzy"), ("takuzu", "--size", "7", "--cout", "--generate")])
def test_no_suggestion_without_a_near_option(capsys: pytest.CaptureFixture[str], args: tuple[str, ...]) -> None:
    """Nothing near (``--xyzzy``), or another error first (the bad size): no guess is offered."""
    with pytest.raises(SystemExit) as stop:
        main(list(args))
    assert stop.value.code == 2 and "did you mean" not in capsys.readouterr().err


def test_main_in_process(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["takuzu", str(SAMPLE_FILE)]) == 0
    assert capsys.readouterr().out == SAMPLE_ANSWER
    assert main(["01", "--count", str(SAMPLE_FILE)]) == 0
    assert capsys.readouterr().out == "1\n"


def test_main_reports_errors_without_traceback(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("4\n0_1_\n___\n____\n____\n")
    assert main(["takuzu", str(bad)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == "fastpuzzle: takuzu: line 3, column 4: expected 4 characters in row 2 of 4, found 3\n"


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT delivery differs on Windows")
def test_ctrl_c_stops_a_long_count_promptly(tmp_path: Path) -> None:
    blank = tmp_path / "blank.txt"
    blank.write_text("10\n" + ("_" * 10 + "\n") * 10)  # 48,183,195,384 grids: about 20 s of counting
    code, out, err = interrupt_cli("takuzu", "--count", str(blank))
    assert code == 130
    assert out == b""
    assert err.decode() == "fastpuzzle: takuzu: interrupted\n"


def test_the_package_runs_from_any_directory(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "fastpuzzle", "takuzu", str(SAMPLE_FILE)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ},
        timeout=60,
    )
    assert result.stdout == SAMPLE_ANSWER


@pytest.mark.skipif(sys.platform == "win32", reason="no pseudo-terminals on Windows")
def test_reading_a_terminal_says_so(tmp_path: Path) -> None:
    """With no FILE and standard input a terminal, one line says the command waits for a puzzle (issue 27's
    stumble 5); from a pipe or a file it says nothing."""
    import pty
    import select

    terminal, child_end = pty.openpty()
    with subprocess.Popen(
        [sys.executable, "-m", "fastpuzzle", "reversi", "--perft", "1"],
        stdin=child_end,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as process:
        os.close(child_end)
        assert process.stderr is not None and process.stdout is not None
        ready, _, _ = select.select([process.stderr], [], [], 60)
        assert ready, "no word while waiting for standard input"
        line = process.stderr.readline().decode()
        assert line == (
            "fastpuzzle: reversi: reading the puzzle from standard input: type it, then end the input (Ctrl-D), "
            "or name a FILE\n"
        )
        os.write(terminal, (ROOT / "examples" / "reversi.txt").read_bytes() + b"\x04")
        out, err = process.communicate(timeout=60)
        os.close(terminal)
    assert (process.returncode, out, err) == (0, b"1\n", b"")
    piped = run("reversi", "--perft", "1", stdin=(ROOT / "examples" / "reversi.txt").read_text())
    assert (piped.stdout, piped.stderr) == ("1\n", "")
