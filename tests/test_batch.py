"""solve_many: the same answers at any parallelism, in input order, streamed, one record per puzzle."""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from itertools import count, islice
from typing import Any, Optional

import pytest

import fastpuzzle
from conftest import cases_dir, local_dask_client
from fastpuzzle import ArgumentError, Result, solve_many
from fastpuzzle._batch.runner import CHUNKS_PER_WORKER
from fastpuzzle._common import executors as _executors
from fastpuzzle._contract.registry import PUZZLES

#: A 2x2 01-game puzzle that takes microseconds: "10\n01\n".
TINY = "2\n1_\n__\n"
#: Every way of running a batch the tests compare: own thread pools, a caller's pools, a Dask cluster.
PARALLELISMS = ["jobs=1", "jobs=2", "threads", "processes", "dask"]


def public_cases(puzzle: str) -> list[str]:
    """Every public case of ``puzzle``, the good ones then the bad/ ones."""
    folder = cases_dir(puzzle)
    return [path.read_text() for path in [*sorted(folder.glob("*.in")), *sorted(folder.glob("bad/*.in"))]]


def one_by_one(puzzle: str, texts: list[str]) -> list[tuple[str, Optional[str]]]:
    """(status, output or error) of each text, solved alone."""
    answers: list[tuple[str, Optional[str]]] = []
    for text in texts:
        try:
            answers.append(("solved", fastpuzzle.solve_text(puzzle, text)))
        except fastpuzzle.FastpuzzleError as error:
            answers.append((type(error).__name__, str(error)))
    return answers


def batch_answers(results: list[Result]) -> list[tuple[str, Optional[str]]]:
    names = {
        "no_solution": "NoSolutionError",
        "several": "MultipleSolutionsError",
        "bad_input": "ParseError",
        "too_large": "PuzzleTooLargeError",
    }
    return [
        ("solved", result.output) if result.status == "solved" else (names[result.status], result.error)
        for result in results
    ]


def fresh_interpreters() -> Any:
    """A multiprocessing context whose workers start from a fresh interpreter.

    A forked worker would copy this process while the Dask fixture's threads
    may hold a lock (Python 3.12 warns about forking a process with threads,
    and the warning is an error here).
    """
    return multiprocessing.get_context("spawn")


@pytest.fixture(scope="module")
def process_pool() -> Iterator[ProcessPoolExecutor]:
    """Two worker processes, shared by the tests of this module that do not break them."""
    with ProcessPoolExecutor(max_workers=2, mp_context=fresh_interpreters()) as pool:
        yield pool


@pytest.fixture
def executor_for(request: pytest.FixtureRequest) -> Any:
    """``executor_for(how)``: the executor a test's parallelism names (None when solve_many makes its own)."""

    def executor(how: str) -> Any:
        if how.startswith("jobs="):
            return None
        if how == "threads":
            pool = ThreadPoolExecutor(max_workers=2)
            request.addfinalizer(pool.shutdown)
            return pool
        return request.getfixturevalue("process_pool" if how == "processes" else "dask_client")

    return executor


def jobs_of(how: str) -> Optional[int]:
    return int(how[5:]) if how.startswith("jobs=") else None


@pytest.mark.parametrize("puzzle", list(PUZZLES))
@pytest.mark.parametrize("how", PARALLELISMS)
def test_same_answers_at_any_parallelism(puzzle: str, how: str, executor_for: Any) -> None:
    texts = [*public_cases(puzzle), "1 2 3\n", ""]  # and two more bad inputs
    results = list(solve_many(puzzle, texts, jobs=jobs_of(how), executor=executor_for(how)))
    assert [result.index for result in results] == list(range(len(texts)))
    assert batch_answers(results) == one_by_one(puzzle, texts)
    assert all(result.seconds >= 0 for result in results)
    assert [result.status for result in results[-2:]] == ["bad_input", "bad_input"]


def test_a_bad_puzzle_costs_only_itself() -> None:
    good = TINY
    results = list(solve_many("takuzu", [good, "2\n1x\n__\n", good, "4\n" + "____\n" * 4], jobs=2))
    assert [result.status for result in results] == ["solved", "bad_input", "solved", "several"]
    assert results[1].error == "line 2, column 2: expected '0', '1' or '_', found 'x'"
    assert results[1].output is None and results[0].error is None
    assert results[0].output == "10\n01\n"


class Endless:
    """An endless stream of TINY puzzles that counts how many were read."""

    def __init__(self) -> None:
        self.read = 0

    def __iter__(self) -> Iterator[str]:
        for _ in count():
            self.read += 1
            yield TINY


@pytest.mark.parametrize("how", ["jobs=2", "dask"])
def test_results_stream_from_an_endless_input(how: str, executor_for: Any) -> None:
    """Only a bounded window of chunks is read ahead: the first results come from an endless stream."""
    stream = Endless()
    first = list(islice(solve_many("takuzu", stream, jobs=jobs_of(how), executor=executor_for(how)), 50))
    assert [result.index for result in first] == list(range(50))
    assert all(result.output == "10\n01\n" for result in first)
    assert stream.read < 100_000


@pytest.mark.parametrize("jobs", [None, 5])
def test_a_dask_client_runs_as_many_chunks_at_once_as_its_cluster_has_threads(
    dask_client: Any, monkeypatch: pytest.MonkeyPatch, jobs: Optional[int]
) -> None:
    """jobs=None: the window is the cluster's thread count (2), not this machine's CPUs; jobs=N overrides it.

    Before its first result, solve_many fills its window with chunks of one puzzle each.
    """
    monkeypatch.setattr(_executors, "usable_cpus", lambda: 7)  # so that falling back to the CPUs shows
    threads = sum(dask_client.nthreads().values())
    assert threads == 2
    stream = Endless()
    results = solve_many("takuzu", stream, jobs=jobs, executor=dask_client)
    assert next(results).output == "10\n01\n"
    assert stream.read == CHUNKS_PER_WORKER * (jobs or threads)


#: A reversi endgame of 12 empties (random play from the start): tens of milliseconds.
HEAVY = """8
-1 1 0 0 0 -1 -1 -1
-1 1 0 0 0 0 1 1
0 0 0 0 0 0 1 -1
0 1 1 0 1 1 0 1
0 1 0 1 1 0 0 0
-1 1 -1 1 0 1 0 0
0 1 1 0 0 0 0 0
-1 1 -1 1 -1 -1 1 1
"""
#: Enough heavy puzzles to keep both workers busy for a while, so that one can be killed in the middle.
HEAVY_BATCH = [HEAVY] * 30


#: For the tests whose failure would be a hang: print every thread's stack and end the run
#: (a thread watches, as a blocked wait for a broken pool may never return to Python).
hang_guard = pytest.mark.timeout(120, method="thread")


@hang_guard
def test_a_dead_process_pool_worker_stops_the_batch_with_an_error() -> None:
    """solve_many raises BrokenProcessPool: it neither hangs nor skips the lost puzzles."""
    texts = HEAVY_BATCH * 10  # far more than can be solved before the pool sees its worker die; it stops early
    results: list[Result] = []
    with ProcessPoolExecutor(max_workers=2, mp_context=fresh_interpreters()) as pool:
        victim = pool.submit(os.getpid).result()
        stream = solve_many("reversi", texts, executor=pool)
        results.append(next(stream))
        os.kill(victim, signal.SIGKILL)
        with pytest.raises(BrokenProcessPool):
            results.extend(stream)
    assert [result.index for result in results] == list(range(len(results)))
    assert len(results) < len(texts)


@hang_guard
def test_a_dask_cluster_retries_the_work_of_a_dead_worker() -> None:
    """A worker killed while it holds chunks: the cluster runs them again, and every answer comes back."""
    results: list[Result] = []
    with local_dask_client() as client:
        stream = solve_many("reversi", HEAVY_BATCH, executor=client)
        for result in stream:
            results.append(result)
            busy = [worker for worker, keys in client.processing().items() if keys]
            if busy:
                break
        else:
            pytest.fail("no worker held a chunk while the batch ran")
        victim = client.run(os.getpid, workers=busy[:1])[busy[0]]
        os.kill(victim, signal.SIGKILL)
        results.extend(stream)
    assert len(results) == len(HEAVY_BATCH)
    assert [result.index for result in results] == list(range(len(HEAVY_BATCH)))
    assert batch_answers(results) == one_by_one("reversi", [HEAVY]) * len(HEAVY_BATCH)


def test_arguments_are_checked_before_any_work() -> None:
    with pytest.raises(ArgumentError, match="unknown puzzle 'chess'"):
        solve_many("chess", [])
    for jobs in (0, -1, True, 1.5):
        with pytest.raises(ArgumentError, match="jobs must be a whole number"):
            solve_many("takuzu", [], jobs=jobs)  # type: ignore[arg-type]
    assert list(solve_many("takuzu", [])) == []
