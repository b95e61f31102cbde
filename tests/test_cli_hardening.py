"""The command line never shows a traceback: closed and full streams, signals at any moment, memory.

Every case is a real ``python -m fastpuzzle`` process. Each ends with a
documented exit code and at most one line on standard error.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
import weakref
from pathlib import Path
from typing import Any, Callable, Optional

import pytest

from conftest import ROOT, interrupt_cli, run_cli
from fastpuzzle import cli, reversi
from fastpuzzle.cli._signals import signals_raise

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX streams and signals")

TAKUZU_FILE = ROOT / "examples" / "takuzu.txt"
REVERSI_FILE = ROOT / "examples" / "reversi.txt"
START_8 = str(reversi.start(8))
#: Under AddressSanitizer (the checked build) address-space limits cannot be set.
SANITIZED = "asan" in os.environ.get("LD_PRELOAD", "") or os.environ.get("FASTPUZZLE_CHECKED", "") not in ("", "0")


def start(
    *args: str,
    stdout: Any = subprocess.PIPE,
    stdin: Any = subprocess.DEVNULL,
    preexec_fn: Optional[Callable[[], None]] = None,
    env: Optional[dict[str, str]] = None,
) -> subprocess.CompletedProcess[bytes]:
    """``python -m fastpuzzle ARGS`` with the given streams; standard error captured."""
    return subprocess.run(
        [sys.executable, "-m", "fastpuzzle", *args],
        stdin=stdin,
        stdout=stdout,
        stderr=subprocess.PIPE,
        preexec_fn=preexec_fn,
        env=env,
        timeout=120,
    )


def one_line(err: bytes) -> str:
    """Standard error, which must be exactly one line and no traceback."""
    text = err.decode()
    assert text.count("\n") == 1 and text.endswith("\n"), text
    assert "Traceback" not in text and "Exception ignored" not in text
    return text


# -- standard output: a closed pipe, a full disk, closed -------------------------------------


@pytest.mark.parametrize(
    "args", [("takuzu", str(TAKUZU_FILE)), ("reversi", str(REVERSI_FILE)), ("--help",), ("--version",)]
)
def test_a_closed_pipe_exits_quietly(args: tuple[str, ...]) -> None:
    """``... | head -c1`` and ``... | true``: no message, no "Exception ignored" at shutdown."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        result = start(*args, stdout=write_end)
    finally:
        os.close(write_end)
    assert result.stderr == b""
    assert result.returncode in ((0,) if args[0].startswith("--") else (cli.EXIT_BROKEN_PIPE,))


def test_head_c1_in_a_shell_exits_quietly() -> None:
    script = f'"{sys.executable}" -m fastpuzzle takuzu "{TAKUZU_FILE}" | head -c1; echo " ${{PIPESTATUS[0]}}"'
    result = subprocess.run(["bash", "-c", script], capture_output=True, timeout=60)
    assert result.stderr == b""
    first, status = result.stdout.decode().split(" ")
    assert first == "1" and int(status) in (0, cli.EXIT_BROKEN_PIPE)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", [("takuzu", str(TAKUZU_FILE)), ("reversi", str(REVERSI_FILE)), ("--help",)])
def test_a_full_disk_is_one_line_and_exit_74(args: tuple[str, ...]) -> None:
    with open("/dev/full", "wb") as full:
        result = start(*args, stdout=full)
    assert result.returncode == cli.EXIT_OUTPUT_ERROR == 74
    where = f"{args[0]}: " if not args[0].startswith("--") else ""
    assert one_line(result.stderr) == f"fastpuzzle: {where}cannot write the output: No space left on device\n"


def test_a_closed_standard_output_is_one_line_and_exit_74() -> None:
    result = start("takuzu", str(TAKUZU_FILE), preexec_fn=lambda: os.close(1))
    assert result.returncode == 74
    assert one_line(result.stderr) == "fastpuzzle: takuzu: cannot write the output: standard output is closed\n"


def test_a_closed_standard_input_is_one_line_and_exit_2() -> None:
    for args in (("takuzu",), ("reversi", "-")):
        result = start(*args, preexec_fn=lambda: os.close(0))
        assert result.returncode == 2
        assert one_line(result.stderr) == f"fastpuzzle: {args[0]}: cannot read standard input: it is closed\n"


def test_a_closed_standard_error_still_gives_the_exit_code(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("4\n0_1_\n__x_\n____\n____\n")
    result = start("takuzu", str(bad), preexec_fn=lambda: os.close(2))
    assert (result.returncode, result.stdout, result.stderr) == (2, b"", b"")


def test_a_directory_as_input_is_one_line(tmp_path: Path) -> None:
    result = start("takuzu", str(tmp_path))
    assert result.returncode == 2
    assert one_line(result.stderr).startswith(f"fastpuzzle: takuzu: cannot read {tmp_path}: ")


# -- memory --------------------------------------------------------------------------------


def with_memory(mib: int) -> dict[str, str]:
    """The environment of a process that believes ``mib`` MiB of memory are available."""
    return {**os.environ, "FASTPUZZLE_AVAILABLE_MIB": str(mib)}


def test_a_table_larger_than_the_memory_available_is_refused_up_front() -> None:
    # The case: --table-size 32768 on a 23 GiB machine ended in MemoryError.
    result = start("reversi", "--table-size", "32768", str(REVERSI_FILE), env=with_memory(23 * 1024))
    assert result.returncode == 2 and result.stdout == b""
    assert one_line(result.stderr).startswith(
        "fastpuzzle: reversi: argument --table-size: expected at most 11776 MiB"
        " (half the 23552 MiB of memory available), found 32768"
    )
    # The case: --table-size 16384 was accepted, and grew to 7.4 GB.
    result = start("reversi", "--table-size", "16384", str(REVERSI_FILE), env=with_memory(23 * 1024))
    assert result.returncode == 2 and "expected at most 11776 MiB" in one_line(result.stderr)
    # Refused before the input is read: standard input is never touched.
    result = start("reversi", "--table-size", "64", env=with_memory(100), stdin=subprocess.PIPE)
    assert result.returncode == 2
    assert "expected at most 50 MiB (half the 100 MiB of memory available), found 64" in one_line(result.stderr)


def test_sizes_within_the_memory_available_run() -> None:
    result = start("reversi", "--table-size", "50", str(REVERSI_FILE), env=with_memory(100))
    assert (result.returncode, result.stdout, result.stderr) == (0, b"2 0 0\n", b"")
    # With almost no memory the default is no table at all; the counts are exact still.
    result = start("reversi", "--perft", "6", str(REVERSI_FILE), env=with_memory(1))
    assert (result.returncode, result.stdout, result.stderr) == (0, b"2\n", b"")


def test_a_table_above_the_kernels_largest_is_an_error_not_a_silent_cap() -> None:
    """--table-size 20000 used to become a 16 GiB table silently; above 64 GiB it was capped."""
    result = start("reversi", "--table-size", "65537", str(REVERSI_FILE), env=with_memory(1 << 20))
    assert result.returncode == 2
    assert "expected at most 65536 MiB (the largest table, 2**30 entries), found 65537" in one_line(result.stderr)


@pytest.mark.skipif(
    SANITIZED or not hasattr(os, "fork"), reason="AddressSanitizer cannot run under an address-space limit"
)
def test_out_of_memory_is_one_line_and_exit_4(tmp_path: Path) -> None:
    """A table the limits allow but the process cannot get (ulimit -v): MemoryError becomes exit 4."""
    import resource

    def limit_address_space() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    board = tmp_path / "start.txt"
    board.write_text(START_8)
    # perft 16 sizes its table by the request: 2048 MiB, more than the 1 GiB address space.
    result = start(
        "reversi",
        "--perft",
        "16",
        "--table-size",
        "2048",
        str(board),
        preexec_fn=limit_address_space,
        env=with_memory(8192),
    )
    assert result.returncode == cli.EXIT_TOO_LARGE == 4
    assert one_line(result.stderr) == "fastpuzzle: reversi: out of memory\n"


# -- signals -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("signum", "code", "word"), [(signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 143, "terminated")]
)
def test_signals_stop_a_long_count_with_one_line(tmp_path: Path, signum: int, code: int, word: str) -> None:
    board = tmp_path / "start.txt"
    board.write_text(START_8)
    returncode, out, err = interrupt_cli(
        "reversi", "--perft", "16", "--to-move", "black", "--table-size", "0", str(board), after=0.5, signum=signum
    )
    assert (returncode, out) == (code, b"")
    assert one_line(err) == f"fastpuzzle: reversi: {word}\n"
    blank = tmp_path / "blank.txt"
    blank.write_text("10\n" + ("_" * 10 + "\n") * 10)  # 48,183,195,384 grids: about 20 s of counting
    returncode, out, err = interrupt_cli("takuzu", "--count", str(blank), after=0.5, signum=signum)
    assert (returncode, out) == (code, b"")
    assert one_line(err) == f"fastpuzzle: takuzu: {word}\n"


#: Imported by `python -m fastpuzzle reversi`, in this order, after the package's first lines.
IMPORTS = (
    "fastpuzzle._contract.registry",
    "fastpuzzle.errors",
    "fastpuzzle.__main__",
    "fastpuzzle.cli",
    "argparse",
    "fastpuzzle._common.text",
    "fastpuzzle.cli._options",
    "fastpuzzle.cli.reversi",
    "fastpuzzle.reversi",
    "fastpuzzle._common.grid",
    "fastpuzzle._common.progress",
    "fastpuzzle.reversi._kernel",
)

#: A sitecustomize that sends the process a signal while it looks for one module, once.
SIGNAL_ON_IMPORT = """\
import os, sys

class SignalOnImport:
    def find_spec(self, name, path=None, target=None):
        if name == os.environ["SIGNAL_ON_IMPORT"]:
            sys.meta_path.remove(self)
            os.kill(os.getpid(), int(os.environ["SIGNAL_NUMBER"]))
        return None

sys.meta_path.insert(0, SignalOnImport())
"""


@pytest.mark.parametrize(
    ("signum", "code", "word"), [(signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 143, "terminated")]
)
@pytest.mark.parametrize("module", IMPORTS)
def test_a_signal_during_any_import_is_one_line(tmp_path: Path, module: str, signum: int, code: int, word: str) -> None:
    """Deterministic: the signal arrives while the interpreter imports ``module`` for the command."""
    (tmp_path / "sitecustomize.py").write_text(SIGNAL_ON_IMPORT)
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "SIGNAL_ON_IMPORT": module, "SIGNAL_NUMBER": str(int(signum))}
    board = tmp_path / "start.txt"
    board.write_text(START_8)
    result = start("reversi", "--perft", "16", "--table-size", "0", str(board), env=env)
    assert (result.returncode, result.stdout) == (code, b"")
    assert re.fullmatch(rf"fastpuzzle: (reversi: )?{word}\n", one_line(result.stderr))


def _outcome(delay: float, args: tuple[str, ...]) -> tuple[int, str]:
    with subprocess.Popen(
        [sys.executable, "-m", "fastpuzzle", *args],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as process:
        time.sleep(delay)
        process.send_signal(signal.SIGINT)
        try:
            _, err = process.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            _, err = process.communicate()
            # CPython drops an exception raised in its own import callbacks
            # (python/cpython#95959): before fastpuzzle's handlers are in place,
            # it reports the KeyboardInterrupt and runs on. After that, never.
            dropped_by_python = "Exception ignored" in err.decode() and "fastpuzzle" not in err.decode()
            if not dropped_by_python:
                pytest.fail(
                    f"SIGINT {delay * 1000:.0f} ms after the start was lost: the command ran on\n{err.decode()}"
                )
    return process.returncode, err.decode()


def test_sigint_at_any_moment_of_start_up(tmp_path: Path) -> None:
    """SIGINT 0-30 ms after the start, several times: one line and exit 130 from the moment fastpuzzle runs.

    Before that the interpreter is still starting up (its own modules, then
    runpy): there Python itself ends the process, and no fastpuzzle code is in
    its traceback, if it shows one.
    """
    board = tmp_path / "start.txt"
    board.write_text(START_8)
    args = ("reversi", "--perft", "16", "--table-size", "0", str(board))
    source = (ROOT / "src" / "fastpuzzle" / "__init__.py").read_text().splitlines()
    handlers_in_place = next(i for i, line in enumerate(source, 1) if "_signal.signal(_signal.SIGTERM" in line)
    ours = 0
    for delay in [step / 1000 for step in range(0, 32, 2)] * 2 + [0.3]:
        returncode, err = _outcome(delay, args)
        if returncode == 130:
            assert re.fullmatch(r"fastpuzzle: (reversi: )?interrupted\n", err), err
            ours += 1
            continue
        # Python's own start-up: no frame of fastpuzzle's code after its handlers are in place.
        for file, line in re.findall(r'File "([^"]+)", line (\d+)', err):
            if "fastpuzzle" in file:
                assert file.endswith("__init__.py") and int(line) <= handlers_in_place, err
    assert ours >= 1


@pytest.mark.parametrize(("signum", "stop"), [(signal.SIGINT, KeyboardInterrupt), (signal.SIGTERM, cli.Terminated)])
def test_a_stop_python_drops_in_a_callback_is_sent_again(signum: int, stop: type[BaseException]) -> None:
    """A signal handled inside a weak reference's callback (as importlib's lock callback can be) still stops the command.

    Python writes such an exception off as unraisable; the stop must come again
    once the callback is over, not be lost (the command ran on for good).
    """

    class Thing:
        pass

    def callback(reference: object) -> None:
        signal.raise_signal(signum)
        for _ in range(100):  # the handler runs, and raises, within the callback
            pass

    seen: list[object] = []
    before = sys.unraisablehook
    sys.unraisablehook = seen.append
    try:
        with pytest.raises(stop), signals_raise():
            thing = Thing()
            reference = weakref.ref(thing, callback)
            del thing
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:  # the stop comes again, from another thread
                time.sleep(0.001)
        assert reference() is None
        assert seen == []  # not written off as unraisable: taken over by signals_raise
        assert sys.unraisablehook == seen.append  # put back on the way out
    finally:
        sys.unraisablehook = before


# -- in process: main() itself -------------------------------------------------------------


@pytest.mark.parametrize(
    ("raised", "code", "line"),
    [
        (KeyboardInterrupt(), 130, "fastpuzzle: takuzu: interrupted\n"),
        (cli.Terminated(), 143, "fastpuzzle: takuzu: terminated\n"),
        (MemoryError(), 4, "fastpuzzle: takuzu: out of memory\n"),
        (RuntimeError("a bug"), 70, "fastpuzzle: takuzu: internal error: RuntimeError: a bug (please report it)\n"),
    ],
)
def test_main_turns_every_exception_into_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], raised: BaseException, code: int, line: str
) -> None:
    def run(*args: object) -> str:
        raise raised

    monkeypatch.setattr(cli.command("takuzu"), "run", run)
    before = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    assert cli.main(["takuzu", str(TAKUZU_FILE)]) == code
    assert capsys.readouterr() == ("", line)
    # The handlers main() sets for its run are taken down again.
    assert (signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)) == before


def test_an_ignored_sigint_stays_ignored(tmp_path: Path) -> None:
    """A background job (`cmd &` in a script) starts with SIGINT ignored: it is not interrupted."""
    board = tmp_path / "start.txt"
    board.write_text(START_8)
    with subprocess.Popen(
        [sys.executable, "-m", "fastpuzzle", "reversi", "--perft", "16", "--table-size", "0", str(board)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN),
    ) as process:
        for delay in (0.05, 0.3):
            time.sleep(delay)
            process.send_signal(signal.SIGINT)
        time.sleep(0.2)
        assert process.poll() is None
        process.terminate()
        _, err = process.communicate(timeout=10)
    assert (process.returncode, err) == (143, b"fastpuzzle: reversi: terminated\n")


def test_perft_depth_beyond_int_is_a_value_error() -> None:
    """The issue's `reversi.perft(b, 2**31)` raised OverflowError."""
    with pytest.raises(ValueError, match=r"^depth must be at most 128, got 2147483648$"):
        reversi.perft(reversi.start(8), 2**31)
    result = run_cli("reversi", "--perft", "2147483648", stdin=START_8)
    assert result.returncode == 2 and "Traceback" not in result.stderr
