"""What a kernel's polling costs a concurrent Python thread, and the other way round.

A count that releases the GIL should run as fast beside a pure-Python thread of
the same process (a "spinner" that never waits) as beside a spinner in another
process: both keep one core busy, but only the thread competes for the GIL. A
kernel that takes the GIL back often (to look for Ctrl-C, to report progress,
or by returning to Python after a fixed number of nodes) waits each time for
the spinner's switch interval (``sys.getswitchinterval()``, 5 ms by default).

Each group times one count alone, beside a spinner thread and beside a spinner
process; compare the rows of a group (their ratio), not runs made at different
times on a shared machine. The counts go through the facades, so the same file
times any version of the kernels.
"""

from __future__ import annotations

import multiprocessing
import threading
from collections.abc import Iterator
from typing import Callable

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from conftest import random_endgame
from fastpuzzle import reversi, takuzu

#: Rounds per configuration: each count takes about a second.
ROUNDS = 3
#: The reversi position: random play from the 8x8 start, this many empties left.
REVERSI_EMPTIES = 14
REVERSI_SEED = 0
#: The takuzu count: solutions of a blank grid of this side, up to LIMIT.
TAKUZU_N = 10
TAKUZU_LIMIT = 2_000_000


def spin(stop: threading.Event | multiprocessing.synchronize.Event) -> None:
    """Pure Python that never blocks: it holds the GIL except when asked to drop it."""
    count = 0
    while not stop.is_set():
        for _ in range(1000):
            count += 1


BOARD = random_endgame(REVERSI_EMPTIES, f"gil-{REVERSI_EMPTIES}-{REVERSI_SEED}")
WORKLOADS: dict[str, Callable[[], object]] = {
    "reversi count": lambda: reversi.count_games(BOARD, progress=False),
    "takuzu count": lambda: takuzu.count_solutions(["_" * TAKUZU_N] * TAKUZU_N, limit=TAKUZU_LIMIT),
}


@pytest.fixture(params=["alone", "spinner thread", "spinner process"])
def beside(request: pytest.FixtureRequest) -> Iterator[str]:
    """Nothing, a spinner thread in this process, or a spinner process, for the whole benchmark."""
    stop: threading.Event | multiprocessing.synchronize.Event
    if request.param == "alone":
        yield request.param
        return
    if request.param == "spinner thread":
        stop = threading.Event()
        worker: threading.Thread | multiprocessing.Process = threading.Thread(target=spin, args=(stop,))
    else:
        stop = multiprocessing.get_context("spawn").Event()
        worker = multiprocessing.get_context("spawn").Process(target=spin, args=(stop,))
    worker.start()
    try:
        yield request.param
    finally:
        stop.set()
        worker.join()


@pytest.mark.parametrize("workload", list(WORKLOADS))
def test_count_beside_a_spinner(benchmark: BenchmarkFixture, workload: str, beside: str) -> None:
    """One count, timed alone, beside a spinner thread, beside a spinner process."""
    benchmark.group = f"gil: {workload}"
    benchmark.extra_info.update(beside=beside)
    run = WORKLOADS[workload]
    expected = run()
    assert benchmark.pedantic(run, rounds=ROUNDS, iterations=1) == expected
