"""``python -m fastpuzzle reversi``: outputs, options, exit codes, messages and Ctrl-C."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, interrupt_cli, run_cli
from fastpuzzle import reversi
from fastpuzzle.cli import main
from fastpuzzle.cli.reversi import EMPTIES_BOUND

SAMPLE_FILE = ROOT / "examples" / "reversi.txt"
SAMPLE_2 = "4\n-1 -1 -1 -1\n-1 0 1 0\n-1 1 0 1\n-1 -1 -1 -1\n"
START_8 = str(reversi.start(8))


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return run_cli("reversi", *args, stdin=stdin)


def test_sample_file() -> None:
    result = run(str(SAMPLE_FILE))
    assert (result.returncode, result.stdout, result.stderr) == (0, "2 0 0\n", "")


def test_standard_input_and_to_move() -> None:
    assert run(stdin=SAMPLE_2).stdout == "1813 2494 519\n"
    assert run("-", "--table-size", "0", stdin=SAMPLE_2).stdout == "1813 2494 519\n"
    assert run("--to-move", "white", stdin=SAMPLE_2).stdout == "1813 2494 519\n"
    black, white, draws = reversi.count_games(reversi.parse(SAMPLE_2), to_move="black")
    assert run("--to-move", "black", stdin=SAMPLE_2).stdout == f"{black} {white} {draws}\n"


def test_perft_and_conventions() -> None:
    assert run("--perft", "9", "--to-move", "black", stdin=START_8).stdout == "3005288\n"
    assert run("--perft", "10", "--to-move", "black", stdin=START_8).stdout == "24571284\n"
    result = run("--perft", "10", "--to-move", "black", "--convention", "B", "--table-size", "0", stdin=START_8)
    assert (result.returncode, result.stdout, result.stderr) == (0, "24571056\n", "")
    # White first from the start is the mirror image: the same counts.
    assert run("--perft", "4", stdin=START_8).stdout == "244\n"
    # The deepest perft allowed: no game on the 3x3 sample lasts that long.
    result = run("--perft", "128", stdin=SAMPLE_FILE.read_text())
    assert (result.returncode, result.stdout, result.stderr) == (0, "2\n", "")


def test_help_lists_the_options() -> None:
    result = run("--help")
    assert result.returncode == 0
    for option in ("--to-move", "--perft", "--convention", "--table-size"):
        assert option in result.stdout
    assert "--first" not in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--to-move", "red"), "argument --to-move: invalid choice: 'red'"),
        (("--first", "black"), "unrecognized arguments: --first"),
        (("--perft", "-1"), "argument --perft: expected D from 0 to 128, found '-1'"),
        (("--perft", "129"), "argument --perft: expected D from 0 to 128, found '129'"),
        (("--perft", "2147483648"), "argument --perft: expected D from 0 to 128, found '2147483648'"),
        (("--perft", "999999999999999999999"), "argument --perft: expected D from 0 to 128"),
        (("--perft", "x"), "argument --perft: expected D (an integer), found 'x'"),
        # As strict as numbers in input files: ASCII digits only.
        (("--perft", "\u0663"), "argument --perft: expected D (an integer), found '\u0663'"),
        (("--perft", "1_0"), "argument --perft: expected D (an integer), found '1_0'"),
        (("--perft", " 3"), "argument --perft: expected D (an integer), found ' 3'"),
        (("--perft", "3.0"), "argument --perft: expected D (an integer), found '3.0'"),
        (("--convention", "C"), "argument --convention: invalid choice: 'C'"),
        (("--table-size", "-3"), "argument --table-size: expected MIB from 0 to"),
        (("--table-size", "\uff16\uff14"), "argument --table-size: expected MIB (an integer), found"),
        (
            ("--table-size", "70000"),
            "argument --table-size: expected at most 65536 MiB (the largest table, 2**30 entries), found 70000",
        ),
        (("--table-size", "9" * 30), "argument --table-size: expected MIB from 0 to"),
        (("--convention", "B"), "--convention applies only with --perft"),
        # No abbreviations: a future option must not change what an old command line means.
        (("--perf", "3"), "unrecognized arguments: --perf"),
        (("--tab", "1"), "unrecognized arguments: --tab"),
        (("--to", "black"), "unrecognized arguments: --to"),
        (("--conv", "A", "--perft", "2"), "unrecognized arguments: --conv"),
        (("--force", "--perft", "2"), "--force applies to counting every game, not with --perft"),
        (("--generate", "--size", "5"), "argument --size: expected N, an even number from 4 to 8, found '5'"),
    ],
)
def test_bad_options_are_usage_errors(args: tuple[str, ...], message: str) -> None:
    result = run(*args, stdin=SAMPLE_2)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.startswith(f"fastpuzzle: reversi: {message}")
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    # Each points at the help that lists reversi's own options, an unknown option too (issue 27's stumble 2).
    assert result.stderr.endswith("(see python -m fastpuzzle reversi --help)\n")


def test_counting_every_game_from_too_many_empties_is_refused_up_front(tmp_path: Path) -> None:
    """The 8x8 start with no --perft would count for ever without a word (issue 27's stumble 1)."""
    board = tmp_path / "start.txt"
    board.write_text(START_8)
    result = run(str(board))
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == (
        "fastpuzzle: reversi: counting every game from 60 empty squares would not end in any reasonable time "
        f"(the work grows about fourfold a square; {EMPTIES_BOUND} take minutes): "
        "give --perft D to count D plies deep, or --force to count anyway\n"
    )
    assert run("--perft", "3", str(board)).stdout == f"{reversi.perft(reversi.start(8), 3)}\n"
    # Up to the bound, and past it with --force, the count runs as before.
    near = tmp_path / "near.txt"
    near.write_text(str(reversi.random_endgame(4, 12, seed=1)))
    assert run(str(near)).stdout == reversi.format(reversi.count_games(reversi.parse(near.read_text())))
    if sys.platform != "win32":
        code, out, err = interrupt_cli("reversi", "--force", str(board))
        assert (code, out, err) == (130, b"", b"fastpuzzle: reversi: interrupted\n")


@pytest.mark.parametrize(
    ("stdin", "message"),
    [
        ("", "line 1, column 1: expected n (the side of the board), found end of input"),
        ("0\n", "line 1, column 1: expected n (the side of the board) from 1 to 8, found '0'"),
        ("9\n", "line 1, column 1: expected n (the side of the board) from 1 to 8, found '9'"),
        ("3\n-1 0 1\n0 1\n1 0 -1\n", "line 3, column 4: expected 3 values in row 2 of 3, found 2 values"),
        ("3\n-1 0 1\n0 2 0\n1 0 -1\n", "line 3, column 3: expected -1, 0 or 1, found '2'"),
        ("3\n-1 0 1\n0 x 0\n1 0 -1\n", "line 3, column 3: expected -1, 0 or 1, found 'x'"),
    ],
    ids=["empty", "n-zero", "n-nine", "short-row", "bad-value", "not-a-number"],
)
def test_bad_input_exits_2_with_one_line(stdin: str, message: str) -> None:
    result = run(stdin=stdin)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == f"fastpuzzle: reversi: {message}\n"


def test_main_in_process(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["reversi", str(SAMPLE_FILE)]) == 0
    assert capsys.readouterr().out == "2 0 0\n"
    board = tmp_path / "start.txt"
    board.write_text(START_8)
    assert main(["reversi", "--perft", "6", "--to-move", "black", "--convention", "B", str(board)]) == 0
    assert capsys.readouterr().out == "8200\n"
    with pytest.raises(SystemExit) as caught:
        main(["reversi", "--perft", "129", str(board)])
    assert caught.value.code == 2
    assert capsys.readouterr().err.startswith(
        "fastpuzzle: reversi: argument --perft: expected D from 0 to 128, found '129'"
    )


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT delivery differs on Windows")
def test_ctrl_c_stops_a_long_count_promptly(tmp_path: Path) -> None:
    board = tmp_path / "start.txt"
    board.write_text(START_8)
    code, out, err = interrupt_cli("reversi", "--perft", "16", "--to-move", "black", "--table-size", "0", str(board))
    assert code == 130
    assert out == b""
    assert err.decode() == "fastpuzzle: reversi: interrupted\n"


def screen(output: str) -> list[str]:
    """The non-blank lines a terminal shows after ``output``: a carriage return goes back
    to column 0 and later characters overwrite earlier ones; other escapes are dropped."""
    import re

    lines: list[list[str]] = [[]]
    column = 0
    for token in re.findall(r"\x1b\[[0-9;]*[A-Za-z]|.", output, flags=re.S):
        if token.startswith("\x1b"):
            continue
        if token == "\r":
            column = 0
        elif token == "\n":
            lines.append([])
            column = 0
        else:
            line = lines[-1]
            line.extend(" " * (column - len(line)))
            line[column : column + 1] = [token]
            column += 1
    return [text for text in ("".join(line).rstrip() for line in lines) if text]


@pytest.mark.skipif(sys.platform == "win32", reason="no pseudo-terminals on Windows")
def test_ctrl_c_clears_the_progress_bar_before_the_message(tmp_path: Path) -> None:
    """With standard error a terminal the bar shows; Ctrl-C leaves only the "interrupted" line on screen."""
    import fcntl
    import os
    import pty
    import select
    import signal
    import struct
    import termios
    import time

    board = tmp_path / "start.txt"
    board.write_text(START_8)
    terminal, child_end = pty.openpty()
    # tqdm draws nothing on a terminal of width 0, which a new pseudo-terminal has.
    fcntl.ioctl(child_end, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    command = [
        sys.executable,
        "-m",
        "fastpuzzle",
        "reversi",
        "--perft",
        "16",
        "--to-move",
        "black",
        "--table-size",
        "0",
        str(board),
    ]
    written = b""

    def read(seconds: float) -> bytes:
        chunks = b""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if select.select([terminal], [], [], 0.05)[0]:
                try:
                    chunk = os.read(terminal, 65536)
                except OSError:  # the child's end is closed
                    break
                if not chunk:
                    break
                chunks += chunk
        return chunks

    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=child_end) as process:
        os.close(child_end)
        try:
            give_up = time.monotonic() + 60
            while b"reversi:" not in written and time.monotonic() < give_up and process.poll() is None:
                written += read(0.2)
            assert b"reversi:" in written, "no progress bar appeared"
            written += read(0.3)
            process.send_signal(signal.SIGINT)
            process.wait(timeout=10)
            written += read(0.5)
        finally:
            os.close(terminal)
            if process.poll() is None:
                process.kill()
        assert process.stdout is not None and process.stdout.read() == b""
    assert process.returncode == 130
    assert screen(written.decode(errors="replace")) == ["fastpuzzle: reversi: interrupted"]


#: Modules the command line never needs for one count that is not split:
#: the progress bar (imported when a bar is drawn), the executors and what they
#: load (for --jobs, --scheduler, --checkpoint and --batch), the other puzzles.
_NOT_FOR_ONE_COUNT = (
    "tqdm",
    "dask",
    "distributed",
    "concurrent.futures",
    "threading",
    "json",
    "fastpuzzle._common.executors",
    "fastpuzzle.reversi._split",
    "fastpuzzle._batch.runner",
    *(f"fastpuzzle.{other}" for other in ("takuzu", "pixel", "sudoku")),
    *(f"fastpuzzle.{other}._kernel" for other in ("takuzu", "pixel", "sudoku")),
)


@pytest.mark.parametrize("args", [["--perft", "3"], []])
def test_one_count_imports_nothing_it_does_not_need(args: list[str]) -> None:
    """``python -m fastpuzzle reversi`` (as a command, -X importtime listing every import) keeps off what it does not use."""
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "fastpuzzle", "reversi", *args, str(SAMPLE_FILE)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    imported = {
        line.rsplit("|", 1)[-1].strip() for line in result.stderr.splitlines() if line.startswith("import time:")
    }
    assert imported & {
        "fastpuzzle.reversi._kernel",
        "fastpuzzle.reversi._twin",
    }  # the listing covers the count's own imports
    assert sorted(module for module in _NOT_FOR_ONE_COUNT if module in imported) == []
