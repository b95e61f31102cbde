"""Fuzz fastpuzzle's parsers: ``python fuzz/run.py [PUZZLE ...] [--seconds S] [--seed N]``.

Each puzzle's target (targets.py; ``unruly`` and ``mosaic`` read Simon Tatham's
game IDs, ``checkpoint`` resumes a split count from a checkpoint file) runs for
``--seconds`` from the seed corpus in ``fuzz/corpus/PUZZLE`` (the public cases,
good and bad, game IDs, or checkpoints), and the run prints the
number of executions. The exit status is 1 if any target found something: an
exception other than the package's errors and TypeError, a failed check, a
crash, or an input that ran over ``--input-timeout`` seconds. The finding is
saved under ``fuzz/findings/``.

Two engines:

- ``atheris`` (the default when installed: ``pip install atheris``):
  coverage-guided by libFuzzer over fastpuzzle's instrumented Python code;
- ``mutation`` (everywhere else): a seeded mutation fuzzer in plain Python,
  guided by line coverage of fastpuzzle's Python code (``sys.settrace``), with
  bit flips, byte inserts and deletes, repeats, splicing and dictionary tokens.
  The same seed and the same number of executions (``--runs``) give the same inputs.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import re
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path
from types import FrameType
from typing import Any, Callable, Optional

HERE = Path(__file__).resolve().parent
PUZZLES = ("takuzu", "pixel", "sudoku", "reversi", "unruly", "mosaic", "checkpoint")
#: Longest input either engine makes; the parsers refuse more than 1 MiB in one read anyway.
MAX_LEN = 4096
#: Where findings are saved.
FINDINGS = HERE / "findings"


def dictionary(puzzle: str) -> list[bytes]:
    """The tokens of ``fuzz/dict/common.dict`` and ``fuzz/dict/PUZZLE.dict`` (libFuzzer's format)."""
    tokens = []
    for name in ("common", puzzle):
        for line in (HERE / "dict" / f"{name}.dict").read_text().splitlines():
            line = line.strip()
            if line.startswith('"') and line.endswith('"'):
                tokens.append(line[1:-1].encode("latin-1").decode("unicode_escape").encode("latin-1"))
    return tokens


def seeds(puzzle: str) -> list[bytes]:
    """The seed corpus, in a fixed order."""
    return [path.read_bytes() for path in sorted((HERE / "corpus" / puzzle).iterdir()) if path.is_file()]


def save_finding(puzzle: str, data: bytes) -> Path:
    """Keep a finding's input as ``fuzz/findings/PUZZLE-<sha1>``."""
    FINDINGS.mkdir(exist_ok=True)
    path = FINDINGS / f"{puzzle}-{hashlib.sha1(data).hexdigest()}"
    path.write_bytes(data)
    return path


# -- atheris ----------------------------------------------------------------


def run_atheris(puzzle: str, seconds: int, seed: int, input_timeout: int) -> tuple[int, bool]:
    """Run the atheris target in a subprocess; (executions, found something)."""
    findings = FINDINGS
    findings.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=f"fuzz-{puzzle}-") as work:
        tokens = Path(work) / "tokens.dict"
        tokens.write_text("".join('"' + "".join(f"\\x{b:02x}" for b in token) + '"\n' for token in dictionary(puzzle)))
        corpus = Path(work) / "corpus"
        corpus.mkdir()
        command = [
            sys.executable,
            str(HERE / "atheris_target.py"),
            puzzle,
            f"-max_total_time={seconds}",
            f"-seed={seed}",
            f"-timeout={input_timeout}",
            f"-max_len={MAX_LEN}",
            "-rss_limit_mb=2048",
            f"-dict={tokens}",
            f"-artifact_prefix={findings}/{puzzle}-",
            "-print_final_stats=1",
            str(corpus),
            str(HERE / "corpus" / puzzle),
        ]
        completed = subprocess.run(command, cwd=HERE, capture_output=True, text=True, errors="replace")
    log = completed.stderr
    runs = re.findall(r"^Done (\d+) runs", log, re.M) or re.findall(
        r"^stat::number_of_executed_units: (\d+)", log, re.M
    )
    found = completed.returncode != 0
    if found:
        print(log[-6000:], file=sys.stderr)
    return (int(runs[-1]) if runs else 0), found


# -- the plain-Python mutation engine ----------------------------------------


class LineCoverage:
    """Line-to-line edges run in fastpuzzle's Python code, recorded with ``sys.settrace``."""

    def __init__(self, package_dir: str) -> None:
        self.package_dir = package_dir
        self.edges: set[tuple[str, int, int]] = set()
        self._last: dict[int, int] = {}

    def _local(self, frame: FrameType, event: str, arg: Any) -> Optional[Callable[..., Any]]:
        if event == "line":
            key = id(frame)
            self.edges.add((frame.f_code.co_filename, self._last.get(key, 0), frame.f_lineno))
            self._last[key] = frame.f_lineno
        return self._local

    def _global(self, frame: FrameType, event: str, arg: Any) -> Optional[Callable[..., Any]]:
        return self._local if frame.f_code.co_filename.startswith(self.package_dir) else None

    def run(self, function: Callable[[bytes], None], data: bytes) -> None:
        """``function(data)`` with coverage on (its exceptions pass through)."""
        self._last.clear()
        sys.settrace(self._global)
        try:
            function(data)
        finally:
            sys.settrace(None)


def mutate(rng: random.Random, data: bytes, corpus: list[bytes], tokens: list[bytes]) -> bytes:
    """One to four random mutations of ``data``."""
    buffer = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        kind = rng.randrange(8)
        at = rng.randint(0, len(buffer))
        if kind == 0 and buffer:  # flip a bit
            at = rng.randrange(len(buffer))
            buffer[at] ^= 1 << rng.randrange(8)
        elif kind == 1 and buffer:  # set a byte
            buffer[rng.randrange(len(buffer))] = rng.randrange(256)
        elif kind == 2:  # insert a byte, mostly a printable one
            buffer[at:at] = bytes([rng.choice(b"0123456789_ -+\n\r\t") if rng.random() < 0.7 else rng.randrange(256)])
        elif kind == 3 and buffer:  # delete a range
            buffer[at : at + rng.randint(1, 8)] = b""
        elif kind == 4 and buffer:  # repeat a range
            start = rng.randrange(len(buffer))
            piece = buffer[start : start + rng.randint(1, 16)]
            buffer[at:at] = piece * rng.randint(1, 4)
        elif kind == 5 and tokens:  # insert a dictionary token
            buffer[at:at] = rng.choice(tokens)
        elif kind == 6 and tokens and buffer:  # overwrite with a dictionary token
            token = rng.choice(tokens)
            buffer[at : at + len(token)] = token
        elif kind == 7 and corpus:  # splice with another input
            other = rng.choice(corpus)
            cut = rng.randint(0, len(other))
            buffer = buffer[:at] + other[cut:]
    return bytes(buffer[:MAX_LEN])


def run_mutation(
    puzzle: str, seconds: float, seed: int, runs: Optional[int] = None, target: Optional[Callable[[bytes], None]] = None
) -> tuple[int, bool]:
    """Run the mutation engine in this process; (executions, found something).

    ``target`` replaces the puzzle's target (the tests give it one with a bug).
    """
    if str(HERE) not in sys.path:
        sys.path.insert(0, str(HERE))
    import targets

    import fastpuzzle

    target = target or targets.TARGETS[puzzle]
    coverage = LineCoverage(os.path.dirname(fastpuzzle.__file__))
    rng = random.Random(seed)
    tokens = dictionary(puzzle)
    corpus = seeds(puzzle)
    executions = 0

    def execute(data: bytes) -> bool:
        """Run one input; whether it is a finding."""
        nonlocal executions
        executions += 1
        before = len(coverage.edges)
        try:
            coverage.run(target, data)
        except Exception:
            traceback.print_exc()
            print(f"finding: {save_finding(puzzle, data)}", file=sys.stderr)
            return True
        if len(coverage.edges) > before and data not in corpus:
            corpus.append(data)
        return False

    for data in list(corpus):
        if execute(data):
            return executions, True
    deadline = time.monotonic() + seconds
    while (executions < runs) if runs is not None else (time.monotonic() < deadline):
        if execute(mutate(rng, rng.choice(corpus), corpus, tokens)):
            return executions, True
    return executions, False


def main(argv: Optional[list[str]] = None) -> int:
    """Fuzz the named parsers (default: all four) one after another; 1 if any found something."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], allow_abbrev=False)
    parser.add_argument(
        "puzzles",
        nargs="*",
        choices=[*PUZZLES, []],
        metavar="PUZZLE",
        help=f"{', '.join(PUZZLES)} (default: all)",
    )
    parser.add_argument("--seconds", type=int, default=60, help="time budget per target (default: 60)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default: 1)")
    parser.add_argument("--runs", type=int, help="mutation engine: stop after this many executions instead")
    parser.add_argument("--engine", choices=("auto", "atheris", "mutation"), default="auto")
    parser.add_argument("--input-timeout", type=int, default=10, help="seconds one input may take (atheris)")
    options = parser.parse_args(argv)
    engine = options.engine
    if engine == "auto":
        try:
            import atheris  # noqa: F401
        except ImportError:
            engine = "mutation"
        else:
            engine = "atheris"
    failed = False
    for puzzle in options.puzzles or PUZZLES:
        began = time.monotonic()
        if engine == "atheris":
            executions, found = run_atheris(puzzle, options.seconds, options.seed, options.input_timeout)
        else:
            executions, found = run_mutation(puzzle, options.seconds, options.seed, options.runs)
        elapsed = time.monotonic() - began
        verdict = "FOUND SOMETHING (see above and fuzz/findings/)" if found else "nothing found"
        print(
            f"fuzz {puzzle}: {engine}, seed {options.seed}, {executions} executions in {elapsed:.0f} s: {verdict}",
            flush=True,
        )
        failed |= found
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
