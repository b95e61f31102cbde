"""Nothing silently wrong, nothing lost: each test replays a reproduction of the audit (issue 25).

Checkpoints have their own tests in test_reversi_split.py (damage, locks, devices);
here are the files the package writes, the API's edges and the command line's lines.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import re
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable, Optional

import pytest

import fastpuzzle
from conftest import ROOT, run_cli
from fastpuzzle import ArgumentError, ParseError, interchange, pixel, render, reversi, sudoku, takuzu

START_8 = reversi.start(8)


# -- files written whole or not at all ------------------------------------------------


def _limited(size_kib: int, *args: str) -> subprocess.CompletedProcess[str]:
    """``python -m fastpuzzle ARGS`` with files limited to ``size_kib`` KiB (``ulimit -f``)."""
    resource = pytest.importorskip("resource")

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (size_kib * 1024, size_kib * 1024))

    completed = subprocess.run(
        [sys.executable, "-m", "fastpuzzle", *args], capture_output=True, text=True, timeout=120, preexec_fn=limit
    )
    return completed


@pytest.mark.parametrize("suffix", [".svg", ".png"])
def test_a_render_that_fails_leaves_no_part_of_a_file(tmp_path: Path, suffix: str) -> None:
    if suffix == ".png":
        pytest.importorskip("PIL")
    target = tmp_path / f"picture{suffix}"
    target.write_bytes(b"the old picture")
    result = _limited(1, "takuzu", "--generate", "--size", "30", "--render", str(target))
    assert result.returncode == 74  # the puzzle is printed; the picture, an output too, is not
    assert result.stderr.endswith(f"cannot write {target}: File too large\n")
    assert target.read_bytes() == b"the old picture"
    assert sorted(os.listdir(tmp_path)) == [target.name]  # no temporary file left behind


def test_a_rendered_file_replaces_the_old_one_whole(tmp_path: Path) -> None:
    target = tmp_path / "picture.svg"
    target.write_text("old")
    os.chmod(target, 0o640)
    render.render(takuzu.generate(8, seed=1), target)
    assert target.read_text().startswith("<svg") and oct(target.stat().st_mode & 0o777) == oct(0o640)
    assert sorted(os.listdir(tmp_path)) == [target.name]


def test_a_picture_through_a_symbolic_link_replaces_the_file_it_names(tmp_path: Path) -> None:
    target = tmp_path / "picture.svg"
    target.write_text("old")
    link = tmp_path / "link.svg"
    link.symlink_to(target.name)
    render.render(takuzu.generate(8, seed=1), link)
    assert link.is_symlink() and os.readlink(link) == target.name
    assert target.read_text().startswith("<svg")
    assert sorted(os.listdir(tmp_path)) == ["link.svg", "picture.svg"]


def test_a_picture_to_a_device_is_written_to_it_not_over_it(tmp_path: Path) -> None:
    """--render /dev/null (here through a link to it): the device takes the bytes and stays a device."""
    if not os.path.exists(os.devnull) or os.name != "posix":
        pytest.skip("no /dev/null here")
    link = tmp_path / "null.svg"
    link.symlink_to(os.devnull)
    result = run_cli("takuzu", "--generate", "--size", "8", "--render", str(link))
    assert (result.returncode, result.stderr) == (0, "")
    assert link.is_symlink() and stat.S_ISCHR(os.stat(os.devnull).st_mode)
    assert sorted(os.listdir(tmp_path)) == ["null.svg"]


def test_a_picture_to_a_named_pipe_goes_whole_to_its_reader_or_is_an_error_at_once(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    fifo = tmp_path / "pipe.svg"
    os.mkfifo(fifo)
    # Nobody reads it: an error at once, not a wait (exit 74: the puzzle printed, not its picture),
    # and the pipe is still a pipe.
    result = run_cli("takuzu", "--generate", "--size", "8", "--render", str(fifo))
    assert (result.returncode, result.stderr) == (
        74,
        f"fastpuzzle: takuzu: cannot write {fifo}: No such device or address\n",
    )
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    # A reader gets the whole picture.
    import threading

    read: list[bytes] = []

    def reader() -> None:
        with open(fifo, "rb") as stream:
            read.append(stream.read())

    thread = threading.Thread(target=reader, daemon=True)
    thread.start()
    try:
        while not read and thread.is_alive():
            try:
                render.render(takuzu.generate(8, seed=1), fifo)
                break
            except OSError:  # the reader has not opened the pipe yet
                time.sleep(0.01)
    finally:
        thread.join(30)
    assert read and read[0] == render.svg(takuzu.generate(8, seed=1)).encode()
    assert sorted(os.listdir(tmp_path)) == ["pipe.svg"]


def test_an_error_writing_a_picture_names_its_path(tmp_path: Path) -> None:
    target = tmp_path / "missing" / "picture.svg"
    with pytest.raises(FileNotFoundError) as raised:
        render.render(takuzu.generate(8, seed=1), target)
    assert raised.value.filename == str(target)
    folder = tmp_path / "picture.svg"
    folder.mkdir()
    with pytest.raises(IsADirectoryError) as in_a_folder:
        render.render(takuzu.generate(8, seed=1), folder)
    assert in_a_folder.value.filename == str(folder) and os.listdir(tmp_path) == ["picture.svg"]
    with pytest.raises(ArgumentError, match="a path holds no NUL character"):
        render.render(takuzu.generate(8, seed=1), str(tmp_path / "a\0b.svg"))


def test_render_needs_a_file_name() -> None:
    result = run_cli("takuzu", "--generate", "--size", "8", "--render", "")
    assert result.returncode == 2 and result.stdout == ""
    assert "--render needs a file name" in result.stderr


def test_render_has_a_bound_in_the_api(tmp_path: Path) -> None:
    rows = tuple("01" * 75 for _ in range(150))
    with pytest.raises(ArgumentError, match=r"cannot draw 150x150 cells: a picture has at most 10000 cells"):
        render.render(rows, tmp_path / "big.svg")
    assert not (tmp_path / "big.svg").exists()


def test_a_large_png_is_drawn_in_bounded_memory(tmp_path: Path) -> None:
    """A 63x63 grid to PNG (560 MB before): the picture is drawn supersampled only within a pixel budget."""
    pytest.importorskip("PIL")
    if not os.path.exists("/proc/self/status"):
        pytest.skip("reads the peak memory from /proc (getrusage's peak may be the parent's, from before exec)")
    script = (
        "from fastpuzzle import render\n"
        "rows = tuple(('01' * 32)[r % 2 : r % 2 + 63] for r in range(63))\n"
        f"render.render(rows, {str(tmp_path / 'big.png')!r})\n"
        "peak = next(line for line in open('/proc/self/status') if line.startswith('VmHWM:'))\n"
        "print(int(peak.split()[1]) // 1024)\n"
    )
    completed = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert completed.returncode == 0, completed.stderr
    assert int(completed.stdout) < 200, completed.stdout  # MiB, the interpreter and Pillow included


def test_a_checkpoint_that_cannot_be_written_is_named(tmp_path: Path) -> None:
    board = tmp_path / "start8.txt"
    board.write_text(str(START_8))
    checkpoint = tmp_path / "p9.jsonl"
    result = _limited(40, "reversi", str(board), "--to-move", "black", "--perft", "9", "--checkpoint", str(checkpoint))
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == f"fastpuzzle: reversi: cannot write checkpoint {checkpoint}: File too large\n"
    # What was written whole is kept: the next run resumes from it and gives the right total.
    resumed = run_cli("reversi", str(board), "--to-move", "black", "--perft", "9", "--checkpoint", str(checkpoint))
    assert (resumed.returncode, resumed.stdout) == (0, "3005288\n")


def test_a_damaged_checkpoint_is_one_warning_line(tmp_path: Path) -> None:
    board = tmp_path / "start8.txt"
    board.write_text(str(START_8))
    checkpoint = tmp_path / "p8.jsonl"
    args = ("reversi", str(board), "--to-move", "black", "--perft", "8", "--checkpoint", str(checkpoint))
    assert run_cli(*args).returncode == 0
    lines = checkpoint.read_text().splitlines(keepends=True)
    lines[4] = lines[4].replace('"result": [', '"result": [1')
    checkpoint.write_text("".join(lines))
    result = run_cli(*args)
    assert (result.returncode, result.stdout) == (0, "390216\n")
    parts = len(lines) - 1
    assert result.stderr == (
        f"fastpuzzle: reversi: warning: checkpoint {checkpoint}: 1 damaged line dropped; "
        "their parts are counted again\n"
        f"fastpuzzle: reversi: resuming: {parts - 1} of {parts} parts done\n"
    )


# -- the API's edges ------------------------------------------------------------------


def test_a_bad_item_in_solve_many_is_that_items_record() -> None:
    texts = ["2\n1_\n__\n"] * 3 + [None] + ["2\n1_\n__\n", b"2\n1_\n__\n"]
    results = list(fastpuzzle.solve_many("takuzu", texts, jobs=2))  # type: ignore[arg-type]
    assert [result.index for result in results] == list(range(6))
    assert [result.status for result in results] == ["solved"] * 3 + ["bad_input", "solved", "bad_input"]
    assert results[3].error == "expected contest text as str, found NoneType"
    assert results[5].error == "expected contest text as str, found bytes; decode it first"


@pytest.mark.parametrize("texts", ["2\n1_\n__\n", b"2\n1_\n__\n"])
def test_one_text_where_solve_many_takes_many_is_a_type_error(texts: Any) -> None:
    """A str passed whole: each of its characters was a puzzle, all bad, and no error said why."""
    with pytest.raises(TypeError, match=r"expected an iterable of contest texts, found (str|bytes); pass \[text\]"):
        fastpuzzle.solve_many("takuzu", texts)


def _raised_alone(text: object) -> BaseException:
    """What solving ``text`` alone raises."""
    try:
        takuzu.solve(takuzu.parse(text))  # type: ignore[arg-type]
    except (fastpuzzle.FastpuzzleError, TypeError) as error:
        return error
    raise AssertionError(f"{text!r} was solved")


@pytest.mark.parametrize("bad", ["2\n11\n__\n", "2\n__\n__\n", "2\n1x\n__\n", "3\n1__\n___\n___\n", None])
def test_solve_many_raises_the_first_bad_items_own_error_when_asked(bad: object) -> None:
    texts = ["2\n1_\n__\n"] * 5 + [bad] + ["2\n__\n__\n"]
    alone = _raised_alone(bad)
    results = fastpuzzle.solve_many("takuzu", texts, jobs=2, errors="raise")  # type: ignore[arg-type]
    assert [result.status for result in itertools.islice(results, 5)] == ["solved"] * 5
    with pytest.raises(type(alone)) as raised:
        next(results)
    assert type(raised.value) is type(alone) and str(raised.value) == str(alone)
    if isinstance(alone, ParseError):
        assert (raised.value.line, raised.value.column, raised.value.unit) == (alone.line, alone.column, alone.unit)  # type: ignore[attr-defined]
    with pytest.raises(ArgumentError, match="errors must be 'record' or 'raise', got 'ignore'"):
        fastpuzzle.solve_many("takuzu", texts, errors="ignore")  # type: ignore[arg-type]


def test_a_bar_counts_each_item_of_a_loop_once_its_turn_is_done(monkeypatch: pytest.MonkeyPatch) -> None:
    from fastpuzzle._common import progress as _progress

    monkeypatch.setattr(_progress, "DELAY", 0.0)
    with _progress.progress_bar("loop", show=True, total=4) as bar:
        seen = []
        for item in bar.each("abcd"):
            assert bar.bar is None or bar.bar.n == "abcd".index(item)
            if item == "b":
                continue  # a turn left early is counted all the same
            seen.append(item)
        assert seen == list("acd") and bar.bar.n == 4


@pytest.mark.parametrize(
    ("make", "shown", "needs"),
    [
        (
            lambda progress: takuzu.generate(12, 10, seed=3, unique_rows=False, progress=progress),
            "takuzu: .*/120 .* givens",
            None,
        ),
        (lambda progress: pixel.generate(9, 7, seed=4, effort=None, progress=progress), "pixel: .*/63 .* clues", None),
        (
            lambda progress: pixel.from_image(ROOT / "examples" / "heart.png", (12, 10), seed=1, progress=progress),
            "pixel: .*/120 .* clues",
            "PIL",
        ),
    ],
    ids=["takuzu", "pixel", "pixel from an image"],
)
def test_generate_shows_a_bar_of_what_it_checked_only_when_asked(
    make: Callable[[Optional[bool]], object],
    shown: str,
    needs: Optional[str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from fastpuzzle._common import progress as _progress

    if needs is not None:
        pytest.importorskip(needs)

    quiet = make(False)
    assert capsys.readouterr().err == ""
    monkeypatch.setattr(_progress, "DELAY", 0.0)
    assert make(True) == quiet
    assert re.search(shown, capsys.readouterr().err)


def test_a_stopped_thread_stops_its_count_at_the_next_poll() -> None:
    import threading

    from fastpuzzle._common.progress import stopped_by

    stop = threading.Event()
    outcome: list[BaseException] = []

    def count() -> None:
        with stopped_by(stop):
            try:
                takuzu.count_solutions(["_" * 10] * 10)  # 48,183,195,384: about 20 s of counting
            except KeyboardInterrupt as interrupt:
                outcome.append(interrupt)

    worker = threading.Thread(target=count)
    worker.start()
    time.sleep(0.3)
    stop.set()
    worker.join(60)
    assert not worker.is_alive() and len(outcome) == 1


def test_ctrl_c_in_solve_many_stops_the_counts_in_flight() -> None:
    """Ctrl-C while two endless reversi counts run in solve_many's own pool: the process ends at once, where it
    waited for the counts (which never end here) to finish."""
    code = (
        "import fastpuzzle\n"
        "from fastpuzzle import reversi\n"
        "print('started', flush=True)\n"
        "try:\n"
        "    list(fastpuzzle.solve_many('reversi', [str(reversi.start(8))] * 4, jobs=2))\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', flush=True)\n"
    )
    process = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None and process.stdout.readline() == "started\n"
        time.sleep(1.0)
        process.send_signal(signal.SIGINT)
        out, _ = process.communicate(timeout=60)
    finally:
        process.kill()
    assert (out, process.returncode) == ("interrupted\n", 0)


@pytest.mark.parametrize("jobs", [1025, 10**6])
def test_solve_many_caps_its_workers(jobs: int) -> None:
    with pytest.raises(ArgumentError, match="jobs must be a whole number from 1 to 1024"):
        fastpuzzle.solve_many("takuzu", ["2\n1_\n__\n"], jobs=jobs)


@pytest.mark.parametrize("solve", [takuzu.solve, takuzu.count_solutions, pixel.solve, pixel.count_solutions])
def test_an_endless_iterable_of_rows_is_an_error(solve: object) -> None:
    with pytest.raises(ParseError, match=r"row 10001, column 1: expected at most 10000 rows, found more"):
        solve(itertools.repeat("0101"))  # type: ignore[operator]


def test_a_reversi_row_that_never_ends_is_an_error() -> None:
    with pytest.raises(ParseError, match=r"row 1, column 9: expected 8 values in row 1 of 8, found more"):
        reversi.solve([itertools.repeat(-1)] * 8)  # type: ignore[list-item]
    with pytest.raises(ParseError, match=r"row 2, column 9: expected 8 values in row 2 of 8, found 10$"):
        reversi.from_rows([[-1] * 8, [-1] * 10] + [[-1] * 8] * 6)
    assert reversi.from_rows([iter(row) for row in START_8.rows]) == START_8


def test_sudoku_reads_a_bounded_number_of_toggles() -> None:
    grid = ["000000000"] * 9
    with pytest.raises(ArgumentError, match="expected at most 10000 toggles, found more"):
        sudoku.apply(grid, itertools.repeat((1, 1)))
    with pytest.raises(ArgumentError, match="expected at most 10000 toggles, found more"):
        sudoku.format_solution(grid, sudoku.Toggles(1, itertools.repeat((1, 1))))  # type: ignore[arg-type]
    # Toggles from an iterator are read once, and both applied and listed.
    text = sudoku.format_solution(grid, sudoku.Toggles(2, iter([(1, 1), (2, 2)])))  # type: ignore[arg-type]
    assert text.splitlines()[:2] == ["2", "toggles: (1, 1) (2, 2)"]


def test_sudoku_reads_a_bounded_number_of_rows() -> None:
    with pytest.raises(ParseError, match=r"row 10001, column 1: expected at most 10000 rows, found more"):
        sudoku.min_toggles(itertools.repeat("000000000"))  # type: ignore[arg-type]
    with pytest.raises(ParseError, match=r"grid 1, row 10001, column 1: expected at most 10000 rows, found more"):
        sudoku.min_toggles_many([["000000000"] * 9, itertools.repeat("000000000")])


def test_sudoku_many_stops_at_the_first_bad_grid_of_an_endless_stream() -> None:
    grids = itertools.chain([["000000000"] * 9] * 3, itertools.repeat(["00000000"] * 9))
    with pytest.raises(ParseError, match=r"grid 3, row 1, column 9: "):
        sudoku.min_toggles_many(grids)


def test_sudoku_many_reads_a_grid_of_rows_from_an_iterator_once() -> None:
    rows = ["100000000"] + ["000000000"] * 8
    assert sudoku.min_toggles_many([iter(rows), (row for row in rows), rows]) == [1, 1, 1]
    # More grids than one chunk, each an iterator read once.
    assert sudoku.min_toggles_many(iter(rows) for _ in range(70_000)) == [1] * 70_000


@pytest.mark.parametrize("identifier", ["1" * 5000 + "x8:abc", "8x" + "9" * 4400 + ":a", "8x8u:" + "9" * 5000])
def test_a_game_id_with_a_huge_number_is_a_parse_error(identifier: str) -> None:
    with pytest.raises(ParseError):
        interchange.from_sgt(identifier, "pixel" if "u" not in identifier else "takuzu")


def test_every_decoder_error_of_an_image_is_an_argument_error(tmp_path: Path) -> None:
    image = pytest.importorskip("PIL.Image")
    source = tmp_path / "ok.png"
    picture = image.new("RGB", (20, 20), "white")
    for x in range(20):
        picture.putpixel((x, x), (0, 0, 0))
    picture.save(source)
    good = source.read_bytes()
    broken = tmp_path / "broken.png"
    for at in range(8, len(good)):
        for value in (0x00, 0x55, 0xFF):
            data = bytearray(good)
            data[at] = value
            broken.write_bytes(bytes(data))
            try:
                pixel.image_picture(broken, 5, 5)
            except ArgumentError as error:
                assert str(error).startswith(f"cannot read the image {broken}")


def test_an_image_that_is_no_regular_file_is_an_error_at_once(tmp_path: Path) -> None:
    pytest.importorskip("PIL")
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    fifo = tmp_path / "picture.png"
    os.mkfifo(fifo)  # opening it would wait for a writer
    for path in (fifo, tmp_path):
        with pytest.raises(ArgumentError, match=f"cannot read the image {path}: not a regular file"):
            pixel.from_image(path, (8, 8))


def test_known_cells_are_read_as_far_as_an_input_is(tmp_path: Path) -> None:
    """``--known /dev/zero`` read to the end of memory before; now as far as an input's limit (1 MiB)."""
    puzzle = tmp_path / "pixel.txt"
    puzzle.write_text(str(pixel.generate(5, seed=1)))
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero here")
    result = run_cli("pixel", str(puzzle), "--hint", "--known", "/dev/zero")
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == (
        "fastpuzzle: pixel: cannot read the known cells in /dev/zero: "
        "line 1, column 1048577: expected at most 1048576 bytes of input, found more\n"
    )


# -- Dask: one line, exit 2, within the time-out ----------------------------------------


@pytest.mark.parametrize(
    ("address", "expected"),
    [
        ("tcp://10.0.0.5:8786", "tcp://10.0.0.5:8786"),
        ("10.0.0.5:8786", "tcp://10.0.0.5:8786"),
        ("scheduler", "tcp://scheduler:8786"),
        ("tls://[::1]:9000", "tls://[::1]:9000"),
        (" tcp://host:1 ", "tcp://host:1"),
    ],
)
def test_a_scheduler_address_is_read_as_dask_reads_it(address: str, expected: str) -> None:
    from fastpuzzle._common import executors as _executors

    assert _executors.checked_address(address) == expected


@pytest.mark.parametrize(
    "address",
    [
        *("", " ", "foo://x", "inproc://x", "tcp://:80", "tcp://h:0", "tcp://h:99999", "h:x"),
        *("tcp://h\n:1", "tcp://h\tx:1", "tcp://::1", "tcp://[::1", "tcp://h\u00e9:1"),
    ],
)
def test_an_address_no_scheduler_can_have_is_refused_before_connecting(address: str) -> None:
    pytest.importorskip("distributed")
    result = run_cli("reversi", "--perft", "5", "--scheduler", address, stdin=str(START_8))
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == (
        f"fastpuzzle: reversi: cannot use {address!r} as a Dask scheduler's address: expected tcp://HOST:PORT "
        "(or tls://, ws://, wss://, ucx://)\n"
    )


class _Peer:
    """A TCP server on a free port of 127.0.0.1 that answers anything with HTTP, or never answers."""

    def __init__(self, answers: bool) -> None:
        import socket
        import threading

        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self.answers = answers
        self.connections: list[Any] = []
        threading.Thread(target=self.serve, daemon=True).start()

    def serve(self) -> None:
        while True:
            try:
                connection, _ = self.server.accept()
            except OSError:
                return
            self.connections.append(connection)
            if self.answers:
                with contextlib.suppress(OSError):
                    connection.recv(65536)
                    connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello" * 20)

    def close(self) -> None:
        self.server.close()
        for connection in self.connections:
            connection.close()


def test_a_peer_that_speaks_http_is_one_line() -> None:
    pytest.importorskip("distributed")
    peer = _Peer(answers=True)
    try:
        result = run_cli("reversi", "--perft", "5", "--scheduler", f"tcp://127.0.0.1:{peer.port}", stdin=str(START_8))
    finally:
        peer.close()
    assert (result.returncode, result.stdout) == (2, "")
    # Under the checked build, AddressSanitizer warns of the impossible allocation (==PID==WARNING: ...).
    lines = [line for line in result.stderr.splitlines() if not line.startswith("==")]
    assert len(lines) == 1
    assert lines[0].startswith(f"fastpuzzle: reversi: cannot reach the Dask scheduler at tcp://127.0.0.1:{peer.port}: ")


@pytest.mark.slow
def test_a_silent_peer_is_one_line_within_the_time_out() -> None:
    pytest.importorskip("distributed")
    peer = _Peer(answers=False)
    began = time.monotonic()
    try:
        result = run_cli("reversi", "--perft", "5", "--scheduler", f"tcp://127.0.0.1:{peer.port}", stdin=str(START_8))
    finally:
        peer.close()
    assert time.monotonic() - began < 30
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.count("\n") == 1 and "cannot reach the Dask scheduler" in result.stderr


@pytest.mark.slow
def test_a_scheduler_without_workers_is_one_line() -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=0, processes=False, protocol="tcp", dashboard_address=None) as cluster:
        result = run_cli("reversi", "--perft", "5", "--scheduler", cluster.scheduler_address, stdin=str(START_8))
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == (
        f"fastpuzzle: reversi: the Dask scheduler at {cluster.scheduler_address} has no workers: none joined in 10 s\n"
    )


@pytest.mark.slow
def test_a_scheduler_lost_mid_count_is_one_line_and_the_checkpoint_keeps_what_finished(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    script = tmp_path / "scheduler.py"
    script.write_text(
        "import time\n"
        "from distributed import LocalCluster\n"
        "if __name__ == '__main__':\n"
        "    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False, protocol='tcp',\n"
        "                      dashboard_address=None) as c:\n"
        "        print(c.scheduler_address, flush=True)\n"
        "        time.sleep(600)\n"
    )
    checkpoint = tmp_path / "p13.jsonl"
    board = tmp_path / "start8.txt"
    board.write_text(str(START_8))
    with subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True) as scheduler:
        assert scheduler.stdout is not None
        address = scheduler.stdout.readline().strip()
        args = [
            str(board),
            "--perft",
            "13",
            "--to-move",
            "black",
            "--scheduler",
            address,
            "--checkpoint",
            str(checkpoint),
        ]
        with subprocess.Popen(
            [sys.executable, "-m", "fastpuzzle", "reversi", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        ) as count:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline and (not checkpoint.exists() or checkpoint.read_text().count("\n") < 5):
                time.sleep(0.1)
            scheduler.kill()
            out, err = count.communicate(timeout=60)
    assert (count.returncode, out) == (2, "")
    assert (
        err
        == f"fastpuzzle: reversi: lost the Dask scheduler at {address}: its tasks were cancelled, its connection closed\n"
    )
    assert checkpoint.read_text().count("\n") >= 5
