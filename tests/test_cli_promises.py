"""The exit-code table's promises for pictures and named pipes, in real processes."""

from __future__ import annotations

import os
import pty
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import ROOT, run_cli

EXAMPLE = str(ROOT / "examples" / "takuzu.txt")
ANSWER = "100110\n010101\n001011\n101100\n110010\n011001\n"


@pytest.mark.parametrize(
    ("target", "message"),
    [
        ("missing/picture.svg", "--render cannot write 'missing/picture.svg': there is no folder"),
        (".", "--render needs a file name ending in .svg or .png, found '.'"),
        ("folder.svg", "--render needs a file, found the folder 'folder.svg'"),
    ],
)
def test_a_picture_that_cannot_be_written_is_a_usage_error_before_the_work(
    tmp_path: Path, target: str, message: str
) -> None:
    (tmp_path / "folder.svg").mkdir()
    completed = subprocess.run(
        [sys.executable, "-m", "fastpuzzle", "takuzu", EXAMPLE, "--render", target],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=60,
    )
    assert (completed.returncode, completed.stdout) == (2, "")
    assert completed.stderr.startswith(f"fastpuzzle: takuzu: {message}")
    assert completed.stderr.count("\n") == 1


def _small_files() -> None:
    """In the child: files of at most 1000 bytes (a write past it fails with EFBIG, not a signal)."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (1000, 1000))


def test_a_picture_that_fails_once_the_answer_is_printed_is_exit_74(tmp_path: Path) -> None:
    """The answer stays printed (standard output is a pipe, which the limit on files does not touch)."""
    picture = tmp_path / "picture.svg"
    completed = subprocess.run(
        [sys.executable, "-m", "fastpuzzle", "takuzu", EXAMPLE, "--render", str(picture)],
        capture_output=True,
        text=True,
        preexec_fn=_small_files,
        timeout=60,
    )
    assert (completed.returncode, completed.stdout) == (74, ANSWER)
    assert completed.stderr == f"fastpuzzle: takuzu: cannot write {picture}: File too large\n"
    assert not picture.exists() and list(tmp_path.iterdir()) == []  # nothing half-written left behind


def test_a_picture_written_is_exit_0(tmp_path: Path) -> None:
    picture = tmp_path / "picture.svg"
    completed = run_cli("takuzu", EXAMPLE, "--render", str(picture))
    assert (completed.returncode, completed.stdout, completed.stderr) == (0, ANSWER, "")
    assert picture.read_text().startswith("<svg")


def test_a_named_pipe_without_a_writer_says_it_waits_on_a_terminal(tmp_path: Path) -> None:
    fifo = tmp_path / "puzzle.fifo"
    os.mkfifo(fifo)
    master, slave = pty.openpty()
    with subprocess.Popen(
        [sys.executable, "-m", "fastpuzzle", "takuzu", str(fifo)], stdout=subprocess.PIPE, stderr=slave
    ) as process:
        os.close(slave)
        said = b""
        deadline = time.monotonic() + 30
        while b"\n" not in said and time.monotonic() < deadline:
            said += os.read(master, 1000)
        with open(fifo, "w") as writer:
            writer.write("2\n1_\n__\n")
        out, _ = process.communicate(timeout=30)
    os.close(master)
    assert (process.returncode, out) == (0, b"10\n01\n")
    assert said == f"fastpuzzle: takuzu: waiting for a writer on the named pipe {fifo} (Ctrl-C stops)\r\n".encode()


def test_a_named_pipe_whose_writer_comes_at_once_is_read_without_a_word(tmp_path: Path) -> None:
    fifo = tmp_path / "puzzle.fifo"
    os.mkfifo(fifo)
    with subprocess.Popen(
        [sys.executable, "-m", "fastpuzzle", "takuzu", str(fifo)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as process:
        with open(fifo, "w") as writer:
            writer.write("2\n1_\n__\n")
        out, err = process.communicate(timeout=30)
    assert (process.returncode, out, err) == (0, b"10\n01\n", b"")
