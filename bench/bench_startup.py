"""Benchmarks of the whole command against the same count in process (issue 12, part 4).

Group ``reversi perft 12: command vs in process`` times, side by side in one
run, ``python -m fastpuzzle reversi --perft 12`` on the 8x8 start as a whole
process (start-up, imports, the default table's allocation, the count, the
exit) and :func:`fastpuzzle.reversi.perft` of the same board with the same
default table in this process. The difference of the two medians is what the
command adds (target: under 0.1 s). Group ``start-up`` times the command on a
count that takes no time (``--perft 1``) against a bare interpreter: the
start-up the command line costs.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from conftest import command_env
from fastpuzzle import reversi

START8 = Path(__file__).resolve().parent.parent / "examples" / "start8.txt"
#: Leaves 12 plies below the 8x8 start (convention A, as the command counts by default).
PERFT_12_LEAVES = 1939886636


def run_command(*arguments: str) -> str:
    """Standard output of ``python -m fastpuzzle ARGUMENTS`` (a failure is an error)."""
    return subprocess.run(
        [sys.executable, "-m", "fastpuzzle", *arguments],
        check=True,
        capture_output=True,
        text=True,
        timeout=120,
        env=command_env(),
    ).stdout


@pytest.mark.parametrize("how", ["command", "in process"])
def test_perft_12_command_vs_in_process(benchmark: BenchmarkFixture, how: str) -> None:
    """perft 12 from the 8x8 start with the default table: the whole command, and the count alone."""
    benchmark.group = "reversi perft 12: command vs in process"
    benchmark.extra_info["leaves"] = PERFT_12_LEAVES
    if how == "command":
        leaves = benchmark.pedantic(
            lambda: int(run_command("reversi", "--perft", "12", str(START8))), rounds=5, iterations=1, warmup_rounds=1
        )
    else:
        board = reversi.parse(START8.read_text())
        # A new count each round, so each allocates and first touches its table as the command does.
        leaves = benchmark.pedantic(
            lambda: reversi.perft(board, 12, progress=False), rounds=5, iterations=1, warmup_rounds=1
        )
    assert leaves == PERFT_12_LEAVES


@pytest.mark.parametrize("how", ["fastpuzzle reversi --perft 1", "python -c pass"])
def test_start_up(benchmark: BenchmarkFixture, how: str) -> None:
    """The command on a count that takes no time, and a bare interpreter: the start-up's share."""
    benchmark.group = "start-up"
    if how == "python -c pass":
        benchmark.pedantic(
            lambda: subprocess.run([sys.executable, "-c", "pass"], check=True, env=command_env()),
            rounds=20,
            iterations=1,
            warmup_rounds=2,
        )
    else:
        output = benchmark.pedantic(
            lambda: run_command("reversi", "--perft", "1", str(START8)), rounds=20, iterations=1, warmup_rounds=2
        )
        assert output == "4\n"
