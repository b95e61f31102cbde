"""``python -m fastpuzzle PUZZLE --batch [FILE ...]``: records, recovery, exit codes, Ctrl-C, streaming; and its reader."""

from __future__ import annotations

import io
import json
import os
import re
import select
import signal
import subprocess
import sys
import threading
import time
import tracemalloc
from pathlib import Path
from typing import Any, Callable, Optional

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fastpuzzle
from conftest import ROOT, cases_dir, local_cluster, run_cli
from conftest import examples as example_count
from fastpuzzle import pixel, reversi, sudoku, takuzu, use_kernels
from fastpuzzle._batch.reading import BatchReader, ByteLines, UnreadableFile, is_blank, lines, read_puzzles, read_runs
from fastpuzzle._batch.runner import Item, solve_chunk
from fastpuzzle._contract.registry import PUZZLES, canonical_name
from fastpuzzle.cli import build_parser, command

GOOD = "2\n1_\n__\n"  # 10 / 01
START_8 = str(reversi.start(8))
#: Records of the batches that follow take at most this long to appear on a loaded machine.
PATIENCE = 60.0


def batch(*args: str, stdin: str | bytes = b"") -> tuple[int, list[dict[str, Any]], str]:
    """Run ``python -m fastpuzzle ARGS --batch``: exit code, the records, standard error."""
    result = run_cli(*args, "--batch", stdin=stdin)
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert all(line.endswith("}") for line in result.stdout.splitlines())
    return result.returncode, records, result.stderr


def moved(message: str, first_line: int) -> str:
    """A single puzzle's error message, for that puzzle starting on line ``first_line`` of a file."""
    return re.sub(r"^line (\d+),", lambda match: f"line {int(match[1]) + first_line - 1},", message)


def one_by_one(puzzle: str, text: str, first_line: int, options: tuple[str, ...] = ()) -> tuple[str, str]:
    """(status, output or error) of ``text`` solved alone, as the batch reports it at ``first_line``."""
    facade = fastpuzzle.puzzle_module(puzzle)
    parsed_options = build_parser(puzzle).parse_args([puzzle, *options])
    run = command(canonical_name(puzzle)).run
    statuses = {
        fastpuzzle.ParseError: "bad_input",
        fastpuzzle.NoSolutionError: "no_solution",
        fastpuzzle.MultipleSolutionsError: "several",
        fastpuzzle.PuzzleTooLargeError: "too_large",
    }
    try:
        return "solved", run(facade.parse(text), parsed_options)
    except fastpuzzle.FastpuzzleError as error:
        return statuses[type(error)], moved(str(error), first_line)


def examples() -> list[tuple[str, str]]:
    return [(name, (ROOT / "examples" / f"{name}.txt").read_text()) for name in PUZZLES]


def public_cases(puzzle: str) -> list[str]:
    return [path.read_text() for path in sorted(cases_dir(puzzle).glob("*.in"))]


def back_to_back(texts: list[str], separator: str) -> tuple[str, list[int]]:
    """``texts`` one after the other with ``separator`` between them; the line each starts on."""
    joined, starts, line = "", [], 1
    for text in texts:
        starts.append(line)
        joined += text + separator
        line += text.count("\n") + separator.count("\n")
    return joined, starts


def outcome(record: dict[str, Any]) -> tuple[str, str]:
    return record["status"], record["output"] if record["status"] == "solved" else record["error"]


# -- the command line ----------------------------------------------------------


@pytest.mark.parametrize("separator", ["", "\n", "\n \t\n\r\n"], ids=["none", "blank", "blanks"])
@pytest.mark.parametrize("puzzle", list(PUZZLES))
def test_public_cases_back_to_back_give_the_one_by_one_answers(puzzle: str, separator: str) -> None:
    texts = public_cases(puzzle)
    joined, starts = back_to_back(texts, separator)
    code, records, stderr = batch(puzzle, stdin=joined)
    assert (code, stderr) == (0, "")
    assert [outcome(record) for record in records] == [one_by_one(puzzle, text, 1) for text in texts]
    assert [(record["file"], record["index"], record["line"]) for record in records] == [
        ("-", index, line) for index, line in enumerate(starts)
    ]
    assert all(isinstance(record["seconds"], float) and record["seconds"] >= 0 for record in records)
    assert all(list(record) == ["file", "index", "line", "status", "output", "seconds"] for record in records)


@pytest.mark.parametrize(
    ("puzzle", "options"),
    [
        ("takuzu", ("--count",)),
        ("takuzu", ("--first",)),
        ("pixel", ("--show",)),
        ("sudoku", ("--show",)),
        ("reversi", ("--perft", "4", "--to-move", "black", "--table-size", "1")),
        ("reversi", ("--perft", "6", "--convention", "B")),
    ],
)
def test_the_puzzles_own_options_apply_to_each_puzzle(puzzle: str, options: tuple[str, ...]) -> None:
    texts = public_cases(puzzle)[:12]
    joined, starts = back_to_back(texts, "\n")
    code, records, stderr = batch(puzzle, *options, "--jobs", "2", stdin=joined)
    assert stderr == ""
    expected = [one_by_one(puzzle, text, line, options) for text, line in zip(texts, starts)]
    assert [outcome(record) for record in records] == expected
    assert code == (0 if all(status == "solved" for status, _ in expected) else 5)


#: What the 01 game's first line holds, as messages name it.
SIZE = "N (the side of the grid), or W H (its width and height)"


def test_bad_puzzles_cost_only_themselves(tmp_path: Path) -> None:
    mixed = tmp_path / "mixed.txt"
    mixed.write_bytes(
        b"2\n1_\n__\n"  # lines 1-3: solved
        b"\n"
        b"4\n0110\n1001\n"  # lines 5-7: the header promises 4 rows, 2 follow
        b"\n"
        b"2\n1x\n__\n"  # lines 9-11: a bad cell
        b"\n"
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xd8\n"  # lines 13-16: binary junk
        b"\n"
        b"4\n0_1_\n\n__01\n_1_1\n"  # lines 18-22: a blank line inside a puzzle
        b"\n"
        b"8 8 8\n"  # line 24: a header that starts no puzzle
        b"\n"
        b"2\n__\n1_\n"  # lines 26-28: solved
    )
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    blank = tmp_path / "blank.txt"
    blank.write_bytes(b"\n  \r\n\t\n")
    truncated = tmp_path / "truncated.txt"
    truncated.write_bytes(b"2\n1_\n__\n4\n0110\n1001")  # no blank line, no final newline
    code, records, stderr = batch("takuzu", str(mixed), str(empty), "-", str(blank), str(truncated), stdin=GOOD)
    assert (code, stderr) == (5, "")
    got = [(Path(record["file"]).name, record["index"], record["line"], *outcome(record)) for record in records]
    assert got == [
        ("mixed.txt", 0, 1, "solved", "10\n01\n"),
        ("mixed.txt", 1, 5, "bad_input", "line 8, column 1: expected row 3 of 4, found a blank line"),
        ("mixed.txt", 2, 9, "bad_input", "line 10, column 2: expected '0', '1' or '_', found 'x'"),
        ("mixed.txt", 3, 13, "bad_input", "line 13, column 1: expected UTF-8 text, found byte 0x89"),
        ("mixed.txt", 4, 18, "bad_input", "line 20, column 1: expected row 2 of 4, found a blank line"),
        (
            "mixed.txt",
            5,
            24,
            "bad_input",
            "line 24, column 5: expected the rule, unique or free, found '8'",
        ),
        ("mixed.txt", 6, 26, "solved", "01\n10\n"),
        ("empty.txt", 0, 1, "bad_input", f"line 1, column 1: expected {SIZE}, found end of input"),
        ("-", 0, 1, "solved", "10\n01\n"),
        ("blank.txt", 0, 1, "bad_input", f"line 1, column 1: expected {SIZE}, found end of input"),
        ("truncated.txt", 0, 1, "solved", "10\n01\n"),
        ("truncated.txt", 1, 4, "bad_input", "line 7, column 1: expected row 3 of 4, found end of input"),
    ]


def test_a_line_longer_than_the_input_limit_is_an_error_of_its_puzzle() -> None:
    data = GOOD.encode() + b"4\n" + b"_" * (2 << 20) + b"\n____\n____\n____\n\n" + GOOD.encode()
    code, records, stderr = batch("takuzu", stdin=data)
    assert (code, stderr) == (5, "")
    assert [outcome(record) for record in records] == [
        ("solved", "10\n01\n"),
        ("bad_input", "line 5, column 1048577: expected at most 1048576 bytes of a line, found more"),
        ("solved", "10\n01\n"),
    ]


def test_every_puzzle_and_its_outcomes_in_one_batch() -> None:
    texts = ["4\n____\n____\n____\n____\n", "4\n0___\n__01\n_1_1\n_1__\n", GOOD, "4 2 free\n0_0_\n____\n"]
    code, records, _ = batch("takuzu", stdin="".join(texts))
    assert code == 5
    assert [record["status"] for record in records] == ["several", "no_solution", "solved", "solved"]
    assert records[0]["error"].startswith("more than one solution")
    assert records[3]["output"] == "0101\n1010\n"
    # Counting by candidate lines has a memory bound; a count over it is too large, and costs only itself.
    code, records, _ = batch("takuzu", "--count", stdin="32\n" + ("_" * 32 + "\n") * 32 + GOOD)
    assert code == 5
    assert [record["status"] for record in records] == ["too_large", "solved"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("takuzu", "a.txt", "b.txt"), "more than one FILE needs --batch"),
        (("takuzu", "--jobs", "2"), "--jobs, --scheduler and --checkpoint split a --count (or run a --batch)"),
        (("pixel", "--jobs", "2"), "--jobs and --scheduler apply only with --batch"),
        (("takuzu", "--batch", "--jobs", "2", "--scheduler", "tcp://127.0.0.1:1"), "use either --jobs or --scheduler"),
        (("takuzu", "--batch", "--jobs", "0"), "argument --jobs: expected N from 1 to 1024, found '0'"),
        (("reversi", "--batch", "--convention", "B"), "--convention applies only with --perft"),
    ],
)
def test_usage_errors_exit_2(args: tuple[str, ...], message: str) -> None:
    result = run_cli(*args, stdin=GOOD)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.count("\n") == 1 and message in result.stderr


def test_every_file_must_open_before_the_first_record(tmp_path: Path) -> None:
    good = tmp_path / "good.txt"
    good.write_text(GOOD)
    for missing, reason in ((tmp_path / "missing.txt", "No such file or directory"), (tmp_path, "Is a directory")):
        result = run_cli("takuzu", "--batch", str(good), str(missing))
        assert (result.returncode, result.stdout) == (2, "")
        assert result.stderr == f"fastpuzzle: takuzu: cannot read {missing}: {reason}\n"
    code, records, _ = batch("takuzu", str(good), str(good))
    assert code == 0
    assert [(record["file"], record["index"], record["output"]) for record in records] == [
        (str(good), 0, "10\n01\n")
    ] * 2


def test_a_named_pipe_is_read_as_its_writer_writes(tmp_path: Path) -> None:
    """Checking that FILEs open does not open a pipe: that would wait for its writer, then cut it off."""
    fifo = tmp_path / "puzzles.fifo"
    os.mkfifo(fifo)

    def write() -> None:
        with open(fifo, "w") as pipe:
            pipe.write(GOOD * 2)

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    code, records, stderr = batch("takuzu", str(fifo))
    writer.join(PATIENCE)
    assert (code, stderr, [record["output"] for record in records]) == (0, "", ["10\n01\n"] * 2)


def records_of(process: subprocess.Popen[bytes], count: int) -> list[dict[str, Any]]:
    """The next ``count`` records of a running batch, each within PATIENCE seconds."""
    assert process.stdout is not None
    records = []
    for _ in range(count):
        ready, _, _ = select.select([process.stdout], [], [], PATIENCE)
        assert ready, "no record came"
        records.append(json.loads(process.stdout.readline()))
    return records


def start_batch(*args: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "fastpuzzle", *args, "--batch"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        bufsize=0,
    )


def test_records_come_out_as_puzzles_come_in() -> None:
    """Each record appears while standard input is still open: the batch streams."""
    with start_batch("takuzu", "--jobs", "2") as process:
        assert process.stdin is not None
        for index in range(3):
            process.stdin.write(GOOD.encode() + b"\n")
            (record,) = records_of(process, 1)
            assert (record["index"], record["output"]) == (index, "10\n01\n")
        process.stdin.close()
        assert process.wait(PATIENCE) == 0


@pytest.mark.parametrize(
    ("signum", "code", "said"), [(signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 143, "terminated")]
)
def test_a_signal_stops_a_batch_with_whole_records(signum: int, code: int, said: str) -> None:
    """Workers busy with endless counts (the 8x8 start to the end) do not hold the exit back."""
    small = "3\n-1 0 1\n0 1 0\n1 0 -1\n"
    with start_batch("reversi", "--jobs", "2", "--table-size", "1") as process:
        assert process.stdin is not None and process.stdout is not None and process.stderr is not None
        process.stdin.write((small * 5 + START_8 * 4).encode())
        assert [record["output"] for record in records_of(process, 5)] == ["2 0 0\n"] * 5
        process.send_signal(signum)
        try:
            out, err = process.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            raise AssertionError("the signal did not stop the batch") from None
    assert (process.returncode, err) == (code, f"fastpuzzle: reversi: {said}\n".encode())
    assert out == b""  # the endless counts have no record


def test_scheduler_runs_the_batch_on_a_dask_cluster(tmp_path: Path) -> None:
    texts = [*public_cases("sudoku")[:10], "0\n"]
    joined, starts = back_to_back(texts, "")
    with local_cluster(n_workers=1, threads_per_worker=2, processes=False, protocol="tcp") as cluster:
        code, records, stderr = batch("sudoku", "--show", "--scheduler", cluster.scheduler_address, stdin=joined)
    assert (code, stderr) == (5, "")
    assert [outcome(record) for record in records] == [
        one_by_one("sudoku", text, line, ("--show",)) for text, line in zip(texts, starts)
    ]


def test_a_batch_scheduler_where_nothing_listens_is_reported_at_once() -> None:
    """A refused connection (a port bound, then closed) is one line and exit 2, without Dask's 10 s wait."""
    import socket

    pytest.importorskip("distributed")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    began = time.monotonic()
    result = run_cli("takuzu", "--batch", "--scheduler", f"127.0.0.1:{port}", stdin=public_cases("takuzu")[0])
    assert time.monotonic() - began < 5
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.startswith(f"fastpuzzle: takuzu: cannot reach the Dask scheduler at 127.0.0.1:{port}: ")
    assert "connection refused" in result.stderr and result.stderr.count("\n") == 1


# -- the reader ------------------------------------------------------------------


def reader_of(data: bytes, read_size: int = 7) -> Callable[[int], bytes]:
    """A ``read(size)`` that gives ``data`` at most ``read_size`` bytes at a time."""
    stream = io.BytesIO(data)
    return lambda size: stream.read(min(size, read_size))


def items(data: bytes | str, puzzle_lines: Callable[[str], int] = takuzu.puzzle_lines, **options: int) -> list[Item]:
    data = data.encode() if isinstance(data, str) else data
    return list(read_puzzles(lines(reader_of(data, options.pop("read_size", 7)), **options), puzzle_lines))


def outcomes(puzzle: str, found: list[Item]) -> list[tuple[str, Optional[str]]]:
    return [(result.status, result.output or result.error) for result in solve_chunk(puzzle, 0, list(found))]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from([b"a", b"b ", b"\t", b"\r", b"\n", b"\r\n", b"\xc3\xa9", b"\xff"]), max_size=40),
    st.integers(1, 9),
)
def test_lines_are_split_as_the_contest_reader_splits_them(pieces: list[bytes], read_size: int) -> None:
    data = b"".join(pieces)
    found = list(lines(reader_of(data, read_size), limit=6, read_size=read_size))
    expected = data.splitlines()
    assert len(found) == len(expected)
    for line, raw in zip(found, expected):
        if len(raw) > 6:
            assert isinstance(line, fastpuzzle.ParseError) and line.line == 1
            assert str(line).endswith("expected at most 6 bytes of a line, found more")
        else:
            assert line == raw


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(list(PUZZLES)),
    st.lists(
        st.sampled_from(
            [b"2", b"3 3", b"9", b"-1", b"0", b"1", b"_", b" ", b"\t", b"\n", b"\r\n", b"\r", b"\xff", b"x"]
        ),
        max_size=60,
    ),
    st.integers(1, 5),
)
def test_any_bytes_read_as_puzzles_in_order_each_with_its_outcome(
    name: str, pieces: list[bytes], read_size: int
) -> None:
    facade = fastpuzzle.puzzle_module(name)
    found = items(b"".join(pieces), facade.puzzle_lines, read_size=read_size, limit=8)
    starts = [item.first_line for item in found]
    assert found and starts == sorted(set(starts)) and starts[0] >= 1
    results = solve_chunk(name, 0, list(found))
    assert len(results) == len(found)
    for item, result in zip(found, results):
        assert result.status in ("solved", "no_solution", "several", "bad_input", "too_large")
        if result.status == "bad_input":
            where = re.match(r"line (\d+), column \d+: ", result.error or "")
            assert where is not None and int(where[1]) >= item.first_line


@settings(max_examples=100, deadline=None)
@given(
    st.sampled_from(["takuzu", "pixel", "reversi"]),
    st.integers(0, 10**6),
    st.sampled_from(["\n", "\r\n", "\r"]),
    st.sampled_from(["", " ", "\t "]),
    st.booleans(),
    st.integers(1, 3),
)
def test_a_text_parse_reads_is_one_puzzle_of_a_batch(
    name: str, seed: int, line_end: str, trailing: str, bom: bool, blank_lines: int
) -> None:
    """Line ends, trailing white space, a byte-order mark and blank lines after it: the reader keeps the puzzle whole."""
    facade = fastpuzzle.puzzle_module(name)
    if name == "reversi":
        puzzle: Any = reversi.from_rows(
            [[(seed >> (2 * k)) % 3 - 1 for k in range(r * 4, r * 4 + 4)] for r in range(4)]
        )
    else:
        puzzle = takuzu.generate(4, seed=seed) if name == "takuzu" else pixel.generate(4, 3, seed=seed)
    text = ("\ufeff" if bom else "") + "".join(line + trailing + line_end for line in str(puzzle).splitlines())
    text += (trailing + line_end) * blank_lines
    found = items(text, facade.puzzle_lines)
    assert len(found) == 1 and found[0].error is None and facade.parse(found[0].text) == facade.parse(text) == puzzle


def test_a_byte_order_mark_is_dropped_and_columns_count_characters() -> None:
    assert list(lines(reader_of(b"\xef\xbb\xbf2\r\n1_", 1))) == [b"2", b"1_"]
    (line,) = lines(reader_of("\u00e9\u00e9\u00e9x".encode()), limit=5)
    assert isinstance(line, fastpuzzle.ParseError) and (line.line, line.column) == (1, 3)


def test_a_huge_line_is_skipped_without_being_held() -> None:
    """64 MiB on one line: read and skipped a block at a time, never held."""
    blocks = iter([b"2\n", *[b"x" * (1 << 16)] * 1024, b"\r", b"\n2\n1_\n__\n"])

    def read(size: int) -> bytes:
        return next(blocks, b"")

    tracemalloc.start()
    try:
        found = list(lines(read, limit=1 << 20))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 8 << 20
    assert found[0] == b"2" and found[2:] == [b"2", b"1_", b"__"]
    assert isinstance(found[1], fastpuzzle.ParseError) and found[1].column == (1 << 20) + 1


@pytest.mark.parametrize("read_size", [1, 2, 3, 5, 1 << 16])
def test_puzzles_back_to_back_with_and_without_blank_lines(read_size: int) -> None:
    data = "\n\n2\r\n1_\r\n__\r\n2\n__\n1_\n\n \t\n\n2\r_1\r__\r"
    found = items(data, read_size=read_size)
    assert [(item.first_line, item.error) for item in found] == [(3, None), (6, None), (12, None)]
    assert outcomes("takuzu", found) == [("solved", "10\n01\n"), ("solved", "01\n10\n"), ("solved", "01\n10\n")]


def test_a_bad_first_line_costs_its_paragraph_only() -> None:
    found = items("2 2 2\n10\n01\n\n5\n\n\xff\nxx\n\n2\n1_\n__\n")
    assert [(item.first_line, item.error) for item in found] == [
        (1, "line 1, column 5: expected the rule, unique or free, found '2'"),
        (5, "line 5, column 1: expected an even N from 2 to 64, found '5'"),
        (7, "line 7, column 1: expected an even N (an integer), found '\u00ff'"),  # U+00FF, which is UTF-8
        (10, None),
    ]


def test_a_header_promising_more_rows_than_follow() -> None:
    # Cut by a blank line: the error names it; the next puzzle is read.
    found = items("4\n0110\n1001\n\n\n2\n1_\n__\n")
    assert outcomes("takuzu", found) == [
        ("bad_input", "line 4, column 1: expected row 3 of 4, found a blank line"),
        ("solved", "10\n01\n"),
    ]
    # Cut by the end of the input.
    assert outcomes("takuzu", items("2\n1_\n__\n4\n0110\n")) == [
        ("solved", "10\n01\n"),
        ("bad_input", "line 6, column 1: expected row 2 of 4, found end of input"),
    ]
    # With no blank line between them, it takes the next puzzle's lines too: nothing tells them apart.
    found = items("4\n0110\n1001\n2\n1_\n__\n\n2\n1_\n__\n")
    assert outcomes("takuzu", found) == [
        ("bad_input", "line 4, column 1: expected '0', '1' or '_', found '2'"),
        ("bad_input", "line 6, column 1: expected an even N (an integer), found '__'"),
        ("solved", "10\n01\n"),
    ]


def test_a_blank_line_inside_a_puzzle_costs_that_puzzle_only() -> None:
    """The rows after the blank line start no puzzle: they are the rest of the cut one, not a record."""
    found = items("4\n0_1_\n\n__01\n_1_1\n_1__\n\n2\n1_\n__\n")
    assert outcomes("takuzu", found) == [
        ("bad_input", "line 3, column 1: expected row 2 of 4, found a blank line"),
        ("solved", "10\n01\n"),
    ]
    assert [item.first_line for item in found] == [1, 8]
    # Reversi and pixel rows start no puzzle either; a sudoku row does: the rest is a puzzle of its own.
    board = str(reversi.start(4)).split("\n")
    found = items("\n".join([*board[:3], "", *board[3:]]), reversi.puzzle_lines)
    assert outcomes("reversi", found) == [
        ("bad_input", "line 4, column 1: expected 4 values in row 3 of 4, found a blank line")
    ]
    grid = "000000000\n" * 9
    found = items(grid[:40] + "\n" + grid[40:] + "\n" + grid, sudoku.puzzle_lines)
    assert [(item.first_line, status) for item, (status, _) in zip(found, outcomes("sudoku", found))] == [
        (1, "bad_input"),
        (6, "bad_input"),
        (12, "solved"),
    ]


def test_an_extra_row_is_read_as_the_next_first_line() -> None:
    found = items("2\n10\n01\n01\n\n2\n1_\n__\n")
    assert outcomes("takuzu", found) == [
        ("solved", "10\n01\n"),
        ("bad_input", "line 4, column 1: expected an even N in digits without a leading zero, found '01'"),
        ("solved", "10\n01\n"),
    ]
    found = items("2\n10\n01\n10\n\n2\n1_\n__\n")  # "10" is a header: a 10 x 10 grid, cut short
    assert outcomes("takuzu", found)[1] == ("bad_input", "line 5, column 1: expected row 1 of 10, found a blank line")


def test_bytes_that_are_no_utf8_or_too_long_inside_a_puzzle() -> None:
    found = items(b"2\n1\xff\n__\n2\n1_\n__\n4\n" + b"_" * 30 + b"\n____\n____\n____\n2\n__\n1_\n", limit=20)
    assert [(item.first_line, item.error) for item in found] == [
        (1, "line 2, column 2: expected UTF-8 text, found byte 0xff"),
        (4, None),
        (7, "line 8, column 21: expected at most 20 bytes of a line, found more"),
        (12, None),
    ]


@pytest.mark.parametrize("data", [b"", b"\n", b" \t\r\n\r\n", b"\xef\xbb\xbf"])
def test_input_without_a_puzzle_is_one_bad_record_as_parse_says(data: bytes) -> None:
    for name in PUZZLES:
        facade = fastpuzzle.puzzle_module(name)
        found = items(data, facade.puzzle_lines)
        assert found == [Item("", 1)]
        with pytest.raises(fastpuzzle.ParseError) as error:
            facade.parse("")
        assert outcomes(name, found) == [("bad_input", str(error.value))]


@pytest.mark.parametrize(("name", "text"), examples())
def test_every_puzzles_examples_back_to_back(name: str, text: str) -> None:
    facade = fastpuzzle.puzzle_module(name)
    found = items(text * 3 + "\n" + text, facade.puzzle_lines)
    assert [item.first_line for item in found] == [1 + k * text.count("\n") for k in range(3)] + [
        2 + 3 * text.count("\n")
    ]
    assert outcomes(name, found) == [("solved", facade.solve_text(text))] * 4


def test_errors_name_the_lines_of_the_file() -> None:
    """parse's line numbers move down to where the puzzle starts; columns stay."""
    found = items("2\n10\n01\n\n\n4\n0_1_\n__x_\n____\n____\n")
    assert outcomes("takuzu", found)[1] == ("bad_input", "line 8, column 3: expected '0', '1' or '_', found 'x'")
    assert outcomes("pixel", items("1 1\n0\n3 3\n_2_\n___\n_9_\n", pixel.puzzle_lines))[1] == (
        "bad_input",
        "line 6, column 2: expected a clue from 0 to 6 (its block has 6 cells), found '9'",
    )


def test_the_batch_reader_streams_and_places_every_puzzle(tmp_path: Path) -> None:
    first = tmp_path / "first.txt"
    first.write_text(GOOD + "\n" + GOOD)
    stdin = io.TextIOWrapper(io.BytesIO(b"\n" + GOOD.encode()))
    reader = BatchReader([str(first), "-", str(tmp_path / "gone.txt")], takuzu.puzzle_lines, stdin)
    reader.start()
    taken: list[Any] = []
    with pytest.raises(UnreadableFile) as failure:
        while (got := reader.take(2, wait=True)) is not None:
            taken += got
    assert failure.value.path == str(tmp_path / "gone.txt")
    assert taken == [GOOD] * 3  # each puzzle as its text (an Item only when reading it failed)
    places = [(path, index + k, line) for path, index, lines in reader.places for k, line in enumerate(lines)]
    assert places == [(str(first), 0, 1), (str(first), 1, 5), ("-", 0, 2)]


def test_the_batch_reader_says_when_nothing_has_come_yet() -> None:
    descriptor_in, descriptor_out = os.pipe()
    with open(descriptor_in) as pipe_in, open(descriptor_out, "wb", buffering=0) as pipe_out:
        reader = BatchReader(["-"], takuzu.puzzle_lines, pipe_in)
        arrived = threading.Event()
        reader.notify(arrived)
        reader.start()
        assert reader.take(5, wait=False) == []
        pipe_out.write(GOOD.encode())
        assert arrived.wait(PATIENCE)
        deadline = time.monotonic() + PATIENCE
        got: list[Any] = []
        while not got and time.monotonic() < deadline:
            got = reader.take(5, wait=False) or []
        assert got == [GOOD] and got.first_lines == [1]  # type: ignore[attr-defined]  # a Lined list
        pipe_out.close()
        assert reader.take(5, wait=True) is None


def test_a_blank_line_holds_spaces_and_tabs_only() -> None:
    assert is_blank(b"") and is_blank(b" \t ")
    assert not is_blank(b"\x0c") and not is_blank(b"\xc2\xa0")  # a form feed, a no-break space
    assert not is_blank(fastpuzzle.ParseError("a line too long", 1, 7))


@pytest.mark.parametrize("name", ["takuzu", "pixel", "sudoku", "reversi"])
def test_with_no_option_of_its_own_a_command_prints_solve_text(name: str) -> None:
    """What lets --batch hand plainly written puzzles to the facade's solve_texts: with every option of the
    puzzle's own at its default, the command prints exactly solve_text's output; with one given, it may not."""
    from fastpuzzle.cli import build_parser, command
    from fastpuzzle.cli._batch import prints_contest_output

    text = (ROOT / "examples" / f"{name}.txt").read_text()
    options = build_parser(name).parse_args([name, "--batch", "x", "--jobs", "2"])
    assert prints_contest_output(options)
    facade = fastpuzzle.puzzle_module(name)
    assert command(name).run(facade.parse(text), options=options) == facade.solve_text(text)
    given = {"takuzu": ["--count"], "pixel": ["--show"], "sudoku": ["--show"], "reversi": ["--perft", "2"]}[name]
    assert not prints_contest_output(build_parser(name).parse_args([name, "--batch", "x", *given]))


@settings(max_examples=example_count(200), deadline=None)
@given(
    path=st.text(),
    index=st.integers(0, 10**9),
    line=st.integers(1, 10**9),
    solved=st.booleans(),
    message=st.text(),
    seconds=st.floats(0, 1e6, allow_nan=False),
)
def test_a_record_is_what_json_dumps_writes(
    path: str, index: int, line: int, solved: bool, message: str, seconds: float
) -> None:
    """The batch writes its records without json.dumps, byte for byte as json.dumps would (any file name and
    message: quotes, control characters, non-ASCII)."""
    from fastpuzzle._batch.runner import SOLVED, Result

    status = SOLVED if solved else "bad_input"
    result = Result(index, status, message if solved else None, None if solved else message, seconds)
    record: dict[str, object] = {"file": path, "index": index, "line": line, "status": status}
    record["output" if solved else "error"] = message
    record["seconds"] = round(seconds, 6)
    for implementation in ("compiled", "twin"):
        reader = BatchReader([], takuzu.puzzle_lines, None)
        reader.places.extend([(path, index, [line]), ("next", 0, [1])])
        with use_kernels(implementation):
            assert reader.records([result]) == json.dumps(record) + "\n"
        assert list(reader.places) == [("next", 0, [1])]


@pytest.mark.parametrize("implementation", ["compiled", "twin"])
def test_a_record_of_fields_the_compiled_writer_declines_is_still_written(implementation: str) -> None:
    """A Result whose seconds are an int (not a float) is no record the compiled writer takes: it says so, and
    the reader writes it all the same, as json.dumps would."""
    from fastpuzzle._batch.runner import SOLVED, Result, compiled

    result = Result(0, SOLVED, "01\n10\n", None, 2)
    reader = BatchReader([], takuzu.puzzle_lines, None)
    reader.places.append(("a.txt", 0, [3]))
    with use_kernels(implementation):
        assert compiled().json_records('"a.txt"', 0, [3], [result]) is None
        written = reader.records([result])
    record = {"file": "a.txt", "index": 0, "line": 3, "status": SOLVED, "output": "01\n10\n", "seconds": 2}
    assert written == json.dumps(record) + "\n"


@settings(max_examples=example_count(200), deadline=None)
@given(
    st.lists(
        st.one_of(st.text(max_size=6), st.tuples(st.sampled_from(["bad_input", "several"]), st.text())), max_size=12
    ),
    st.floats(0, 10, allow_nan=False),
)
def test_records_of_outputs_solved_in_bulk_are_those_of_their_results(items: list[Any], share: float) -> None:
    """A chunk's items as Outcomes holds them (an output solved in bulk, or a Result): the records the kernel and
    its twin write are those of the Results they stand for, as json.dumps writes them; nones finds the gaps."""
    from fastpuzzle._batch import kernel as _batch_cy
    from fastpuzzle._batch import twin as _batch_py
    from fastpuzzle._batch.runner import SOLVED, Outcomes, Result

    chunk = [one if isinstance(one, str) else Result(0, one[0], None, one[1], 0.25) for one in items]
    results = Outcomes(7, chunk, share, 0.0, 0).results()
    lines = list(range(3, 3 + len(chunk)))
    expected = "".join(
        json.dumps(
            {"file": "a.txt", "index": 7 + i, "line": lines[i], "status": result.status}
            | ({"output": result.output} if result.status == SOLVED else {"error": result.error})
            | {"seconds": round(result.seconds, 6)}
        )
        + "\n"
        for i, result in enumerate(results)
    )
    gaps = [None if isinstance(one, str) else one for one in chunk]
    for kernel in (_batch_cy, _batch_py):
        assert kernel.json_records('"a.txt"', 7, lines, chunk, SOLVED, share) == expected
        assert kernel.nones(gaps) == [i for i, one in enumerate(chunk) if isinstance(one, str)]
    assert _batch_py.written_records('"a.txt"', 7, lines, chunk, SOLVED, share) == expected


# -- the compiled runs against the reader a line at a time ----------------------------------------------

#: Pieces of batch files: puzzles good and bad, blank lines of every kind, ends of lines of every kind.
_TAKUZU_PIECES = [
    GOOD,
    "4\n0_1_\n____\n__1_\n____\n",
    "4\n0_1_\n__x_\n____\n____\n",  # a bad cell
    "4\n0_1_\n\n",  # cut short by a blank line
    "x\nyy\n",  # a first line that starts no puzzle
    "3\n",  # a header promising more rows than follow
    "2\n1_\n__\n__\n",  # an extra row
    "\n",
    " \t\n",
    "\r\n",
    "2\r\n1_\r\n__\r\n",
    "2\r1_\r__\r",
    "2\n1_\n" + "_" * 70 + "\n",  # a line too long
    "2\n1\xe9\n__\n",  # no ASCII
    "2\n1_\n__",  # no final end of line
    "4\n0_1_\n_",  # cut short by the end of the file
]
_SUDOKU_PIECES = [
    "110001010\n" * 9,
    "000000011\n001001011\n111011010\n011111010\n010111011\n110001010\n000100100\n110110000\n111110101\n",
    "000000011\n001001011\n111011010\n011111010\n010111012\n110001010\n000100100\n110110000\n111110101\n",
    "000000011\n001001011\n\n",
    "0000000111\n",
    "\n",
    "\r\n",
]


def _runs_as_items(data: bytes, puzzle_lines: Callable[[str], int], read_size: int, limit: int) -> list[Item]:
    found: list[Item] = []
    for got in read_runs(ByteLines(reader_of(data, read_size), limit, read_size), puzzle_lines):
        if isinstance(got, Item):
            found.append(got)
        else:
            found += [Item(text, line) for text, line in zip(got.texts, got.first_lines)]
    return found


@settings(max_examples=example_count(300), deadline=None)
@given(
    st.sampled_from(["takuzu", "sudoku"]),
    st.data(),
    st.integers(1, 200),
    st.booleans(),
    st.sampled_from(["compiled", "twin"]),
)
def test_runs_read_what_the_reader_reads_a_line_at_a_time(
    name: str, data: st.DataObject, read_size: int, bom: bool, implementation: str
) -> None:
    """Any mix of good and bad puzzles, blank lines, CRLF and CR, lines too long, no final end of line: the
    compiled runs and the reader a line at a time give the same puzzles (texts, lines, errors), in order."""
    pieces = _TAKUZU_PIECES if name == "takuzu" else _SUDOKU_PIECES
    chosen = data.draw(st.lists(st.sampled_from(pieces), max_size=30))
    text = ("\ufeff" if bom else "") + "".join(chosen)
    facade = fastpuzzle.puzzle_module(name)
    expected = items(text, facade.puzzle_lines, read_size=read_size, limit=64)
    with use_kernels(implementation):
        assert _runs_as_items(text.encode(), facade.puzzle_lines, read_size, 64) == expected


@pytest.mark.parametrize("implementation", ["compiled", "twin"])
def test_runs_take_whole_files_of_plain_puzzles(implementation: str) -> None:
    """A file of plainly written puzzles comes in runs, with the same lines: only the first puzzle of the file
    comes as an Item (read a line at a time); a first line not seen before is counted by the facade's
    puzzle_lines within the run."""
    text = (GOOD + "\n") * 50 + "4\n0_1_\n____\n__1_\n____\n" * 50
    with use_kernels(implementation):
        got = list(read_runs(ByteLines(reader_of(text.encode(), 4096)), takuzu.puzzle_lines))
        assert sum(isinstance(got_one, Item) for got_one in got) == 1
        assert sum(len(got_one.texts) for got_one in got if not isinstance(got_one, Item)) == 99
        assert _runs_as_items(text.encode(), takuzu.puzzle_lines, 4096, 1 << 20) == items(text, read_size=4096)


def test_batch_records_are_the_reader_a_line_at_a_time(tmp_path: Path) -> None:
    """--batch on a mixed file: the same records (but for the seconds) whether plain puzzles come in runs or not."""
    pieces = _TAKUZU_PIECES * 3
    path = tmp_path / "mixed.txt"
    path.write_bytes("".join(pieces[k * 7 % len(pieces)] for k in range(len(pieces))).encode())
    reader = BatchReader([str(path)], takuzu.puzzle_lines, None)
    reader.start()
    records = []
    while (taken := reader.take(5, wait=True)) is not None:
        records += reader.records(solve_chunk("takuzu", 0, taken)).splitlines()
    expected = items(path.read_bytes(), read_size=1 << 16)
    results = solve_chunk("takuzu", 0, list(expected))
    assert [json.loads(record)["line"] for record in records] == [item.first_line for item in expected]
    assert [
        {key: value for key, value in json.loads(record).items() if key not in ("seconds", "index", "file")}
        for record in records
    ] == [
        {
            "line": item.first_line,
            "status": result.status,
            ("output" if result.output else "error"): result.output or result.error,
        }
        for item, result in zip(expected, results)
    ]


@pytest.mark.parametrize("implementation", ["compiled", "twin"])
def test_runs_past_a_huge_line_crlf_and_a_truncated_last_puzzle(implementation: str) -> None:
    """At the contest's own limit and read size: a line too long among plain puzzles, CRLF puzzles, blank lines
    of spaces, and a last puzzle cut short without its final newline: the runs read what the lines read."""
    from fastpuzzle._common.text import MAX_INPUT_BYTES

    plain = "4\n0_1_\n____\n__1_\n____\n"
    text = (
        plain * 3000
        + "4\n0_1_\n"
        + "_" * (MAX_INPUT_BYTES + 5)
        + "\n____\n____\n"
        + plain * 10
        + " \t\n\n"
        + plain.replace("\n", "\r\n") * 10
        + plain * 10
        + "4\n0_1_\n__"
    )
    data = text.encode()
    with use_kernels(implementation):
        got = _runs_as_items(data, takuzu.puzzle_lines, 1 << 16, MAX_INPUT_BYTES)
    expected = list(read_puzzles(lines(reader_of(data, 1 << 16)), takuzu.puzzle_lines))
    assert got == expected
    assert len(got) == 3000 + 1 + 30 + 1  # the line too long is its puzzle's error
    assert got[3000].error is not None and "expected at most" in got[3000].error
    assert got[-1].text == "4\n0_1_\n__\n" and got[-1].first_line == 3000 * 5 + 5 + 50 + 2 + 50 + 50 + 1


@settings(max_examples=example_count(200), deadline=None)
@given(st.integers(0, 10**12), st.lists(st.one_of(st.none(), st.text(max_size=5)), max_size=40), st.floats(0, 1))
def test_a_chunks_results_are_made_alike_by_the_kernel_and_its_twin(
    start: int, printed: list[Optional[str]], seconds: float
) -> None:
    """solved_results: a Result for each output, any other item (a Result made one by one) as it is."""
    from fastpuzzle._batch import kernel as _batch_cy
    from fastpuzzle._batch import twin as _batch_py
    from fastpuzzle._batch.runner import Result

    own = Result(-1, "bad_input", None, "x", 0.5)
    items: list[Any] = [own if one is None else one for one in printed]
    made = [kernel.solved_results(Result, start, items, "solved", seconds) for kernel in (_batch_cy, _batch_py)]
    assert made[0] == made[1]
    assert all(type(result) is Result for result in made[0])
    assert made[0] == [
        own if one is None else Result(start + i, "solved", one, None, seconds) for i, one in enumerate(printed)
    ]
    with pytest.raises(TypeError):
        _batch_cy.solved_results(int, start, items, "solved", seconds)  # not a tuple
