"""One reversi count split over two workers, against what two cores of this machine can give.

Perft 13 from the 8x8 start (18,429,641,748 leaves, convention A), timed:

- ``serial``: the plain count, alone;
- ``side by side``: the plain count in two independent processes started
  together, each timing its own full count. Two vCPUs of a shared machine do
  not give two cores' worth, so the *ideal* for two workers is the time each of
  these took, divided by 2: the same work, in halves, under the same contention;
- ``threads``: the split count with ``jobs=2`` (threads of one process);
- ``processes``: the split count on a ``ProcessPoolExecutor(2)``.

The split's worker threads count through one shared table. Beside the times,
``python bench/bench_split.py`` counts the positions the split visits (all
parts, in WORKERS threads) on that one shared table and, as it was before, on
one table per thread (each misses the transpositions the other's parts
stored), against the plain count's, with the CPU time of each.

Run ``python bench/bench_split.py`` for the ratios to the ideal (the target is
within 15 %) and those node and CPU ratios, or ``pytest bench/bench_split.py
--benchmark-only`` for the timings as benchmarks. Compare ratios from one run,
not figures from different runs.

``python bench/bench_split.py dask [ROUNDS]`` times the split count on a Dask
``LocalCluster`` of WORKERS worker processes of one thread each against
``jobs=WORKERS``, for perft 11, 12 and 13 (DASK_DEPTHS), side by side in one
run, ROUNDS rounds (3), and prints each ratio Dask / threads of the median times
(the targets: at most 1.5 for perft 11, 1.15 for 12 and 13). The cluster is
started and warmed (one small count) before any timing, and its workers drop
their tables (untimed) before each count, as a worker's table outlives a count
and would help a second count of the same depth.
"""

from __future__ import annotations

import json
import multiprocessing
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any, Callable

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from fastpuzzle import reversi
from fastpuzzle.reversi import _facade as reversi_facade
from fastpuzzle.reversi import _kernel as _reversi_cy
from fastpuzzle.reversi import _split as _reversi_split

DEPTH = 13
LEAVES = 18_429_641_748
WORKERS = 2
#: Perft from the 8x8 start, black first, convention A: depth -> leaves (the Dask comparison's counts).
DASK_DEPTHS = {11: 212_258_800, 12: 1_939_886_636, 13: LEAVES}

#: One plain count in a fresh process; it prints its own seconds.
_ONE_COUNT = f"""
import time
from fastpuzzle import reversi
began = time.perf_counter()
leaves = reversi.perft(reversi.start(8), {DEPTH}, to_move="black", progress=False)
assert leaves == {LEAVES}, leaves
print(time.perf_counter() - began)
"""


def serial() -> int:
    """The plain count, in this process."""
    return reversi.perft(reversi.start(8), DEPTH, to_move="black", progress=False)


def split_in_threads() -> int:
    """The split count on a thread pool of WORKERS."""
    return reversi.perft(reversi.start(8), DEPTH, to_move="black", progress=False, jobs=WORKERS)


def split_in_processes() -> int:
    """The split count on a ProcessPoolExecutor of WORKERS (their start-up included)."""
    with ProcessPoolExecutor(WORKERS, mp_context=multiprocessing.get_context("spawn")) as pool:
        return reversi.perft(reversi.start(8), DEPTH, to_move="black", progress=False, executor=pool)


def serial_nodes() -> tuple[int, float]:
    """(positions visited, CPU seconds) of the plain count, on the facade's default table."""
    board = reversi.start(8)
    counter = _reversi_cy.Counter(reversi_facade._table_bits(None, DEPTH + 8))
    cpu = time.process_time()
    assert counter.perft(8, board.discs(1), board.discs(0), DEPTH, True) == LEAVES
    return counter.nodes, time.process_time() - cpu


def split_nodes(shared: bool) -> tuple[int, float]:
    """(positions visited by all parts, CPU seconds) of the split in WORKERS threads.

    ``shared``: the threads' Counters count through one Table, as the split
    does; else each thread's Counter owns a table of the same size.
    """
    board = reversi.start(8)
    frontier = _reversi_split.expand(8, board.discs(1), board.discs(0), _reversi_split.BLACK, DEPTH, True)
    bits = reversi_facade._table_bits(None, DEPTH + 8)
    table = _reversi_cy.Table(bits) if shared else None
    local = threading.local()

    def count(part: tuple[int, int]) -> tuple[tuple[int], int]:
        counter = getattr(local, "counter", None)
        if counter is None:
            counter = local.counter = _reversi_cy.Counter(table=table) if shared else _reversi_cy.Counter(bits)
        assert frontier.depth is not None
        leaves = counter.perft(8, part[0], part[1], frontier.depth, True)
        return (leaves,), counter.nodes

    cpu = time.process_time()
    with ThreadPoolExecutor(WORKERS) as pool:
        counted = list(pool.map(count, frontier.parts))
    seconds = time.process_time() - cpu
    assert _reversi_split.total(frontier, {i: result for i, (result, _) in enumerate(counted)}) == [LEAVES]
    return sum(nodes for _, nodes in counted), seconds


def side_by_side() -> list[float]:
    """Seconds each of WORKERS independent plain counts took, started together in processes of their own."""
    processes = [
        subprocess.Popen([sys.executable, "-c", _ONE_COUNT], stdout=subprocess.PIPE, text=True) for _ in range(WORKERS)
    ]
    seconds = []
    for process in processes:
        out, _ = process.communicate()
        assert process.returncode == 0
        seconds.append(float(out))
    return seconds


def timed(run: Callable[[], int]) -> tuple[float, float]:
    """(wall seconds, CPU seconds of this process's threads) of one run."""
    began, cpu = time.perf_counter(), time.process_time()
    assert run() == LEAVES
    return time.perf_counter() - began, time.process_time() - cpu


def perft_on(depth: int, **where: Any) -> int:
    """Perft ``depth`` from the 8x8 start, split on ``where`` (``jobs=`` or ``executor=``)."""
    return reversi.perft(reversi.start(8), depth, to_move="black", progress=False, **where)


@contextmanager
def dask_cluster() -> Iterator[Any]:
    """A client of a LocalCluster of WORKERS processes of one thread each, started and warmed."""
    from distributed import Client, LocalCluster

    options = {"n_workers": WORKERS, "threads_per_worker": 1, "processes": True, "dashboard_address": None}
    with LocalCluster(**options) as cluster, Client(cluster) as client:  # type: ignore[no-untyped-call]
        client.wait_for_workers(WORKERS)
        perft_on(9, executor=client)  # imports and first tasks on every worker, outside the timings
        yield client


def _forget_table() -> None:
    """Drop this worker thread's Counter, and so its process's table (no other thread uses it)."""
    _reversi_split._worker.counter = None


def forget_tables(client: Any) -> None:
    """Have every worker (of one thread) drop its table, as a fresh worker has none."""
    for worker in client.scheduler_info()["workers"]:
        client.submit(_forget_table, workers=[worker], pure=False).result()


def dask_against_threads(client: Any, rounds: int) -> dict[int, tuple[list[float], list[float]]]:
    """Depth -> (seconds on the Dask client, seconds with jobs=WORKERS) of each round, timed one after the
    other. The workers drop their tables before each Dask count (not timed): a table left by the last
    count of the same depth would help the next one."""
    seconds: dict[int, tuple[list[float], list[float]]] = {depth: ([], []) for depth in DASK_DEPTHS}
    for _ in range(rounds):
        for depth, leaves in DASK_DEPTHS.items():
            began = time.perf_counter()
            assert perft_on(depth, jobs=WORKERS) == leaves
            seconds[depth][1].append(time.perf_counter() - began)
            forget_tables(client)
            began = time.perf_counter()
            assert perft_on(depth, executor=client) == leaves
            seconds[depth][0].append(time.perf_counter() - began)
    return seconds


@pytest.mark.parametrize("depth", sorted(DASK_DEPTHS))
def test_split_on_dask(benchmark: BenchmarkFixture, depth: int) -> None:
    """The split count on a warmed local Dask cluster of WORKERS processes (start-up not timed), one round."""
    benchmark.group = f"split on Dask: perft {depth}, {WORKERS} workers"
    with dask_cluster() as client:
        assert benchmark.pedantic(perft_on, args=(depth,), kwargs={"executor": client}, rounds=1) == DASK_DEPTHS[depth]


@pytest.mark.parametrize("depth", sorted(DASK_DEPTHS))
def test_split_in_threads_beside_dask(benchmark: BenchmarkFixture, depth: int) -> None:
    """The same count with jobs=WORKERS, the Dask timing's reference."""
    benchmark.group = f"split on Dask: perft {depth}, {WORKERS} workers"
    assert benchmark.pedantic(perft_on, args=(depth,), kwargs={"jobs": WORKERS}, rounds=1) == DASK_DEPTHS[depth]


def dask_main(rounds: int = 3) -> None:
    """Time perft 11, 12 and 13 on Dask and with jobs=WORKERS, ``rounds`` times each, in one run; print the
    median times and the ratio of the medians (JSON last)."""
    with dask_cluster() as client:
        seconds = dask_against_threads(client, rounds)
    print(f"split perft from the 8x8 start: a local Dask cluster of {WORKERS} processes against jobs={WORKERS}")
    print(f"  (median of {rounds} rounds)")
    figures = {}
    for depth, (on_dask, in_threads) in seconds.items():
        dask, threads = statistics.median(on_dask), statistics.median(in_threads)
        print(f"  perft {depth}: Dask {dask:.2f} s, threads {threads:.2f} s: Dask / threads = {dask / threads:.2f}")
        figures[f"perft_{depth}"] = {
            "dask_s": [round(t, 3) for t in on_dask],
            "threads_s": [round(t, 3) for t in in_threads],
            "ratio_of_medians": round(dask / threads, 3),
        }
    print(json.dumps(figures))


SPLITS: dict[str, Callable[[], int]] = {"threads": split_in_threads, "processes": split_in_processes}


@pytest.mark.parametrize("how", ["serial", *SPLITS])
def test_split_perft_13(benchmark: BenchmarkFixture, how: str) -> None:
    """The plain count and the split counts, one round each (each takes seconds)."""
    benchmark.group = f"split: perft {DEPTH}, {WORKERS} workers"
    run = serial if how == "serial" else SPLITS[how]
    assert benchmark.pedantic(run, rounds=1, iterations=1) == LEAVES


def test_side_by_side_perft_13(benchmark: BenchmarkFixture) -> None:
    """Two plain counts in two processes at once: the wall time (each one's own seconds in extra_info)."""
    benchmark.group = f"split: perft {DEPTH}, {WORKERS} workers"
    seconds: list[float] = []
    benchmark.pedantic(lambda: seconds.extend(side_by_side()), rounds=1, iterations=1)
    benchmark.extra_info.update(each=seconds, ideal=sum(seconds) / len(seconds) / WORKERS)


def main() -> None:
    """Time everything once, in one run, and print the ratios (JSON on the last line)."""
    each = side_by_side()
    ideal = sum(each) / len(each) / WORKERS
    alone, alone_cpu = timed(serial)
    threads, threads_cpu = timed(split_in_threads)
    processes, _ = timed(split_in_processes)
    nodes, nodes_cpu = serial_nodes()
    shared_nodes, shared_cpu = split_nodes(shared=True)
    own_nodes, own_cpu = split_nodes(shared=False)
    figures = {
        "side_by_side_each_s": [round(s, 2) for s in each],
        "ideal_s": round(ideal, 2),
        "serial_s": round(alone, 2),
        "threads_s": round(threads, 2),
        "processes_s": round(processes, 2),
        "threads_over_ideal": round(threads / ideal, 3),
        "processes_over_ideal": round(processes / ideal, 3),
        "serial_over_threads": round(alone / threads, 3),
        "threads_cpu_over_serial_cpu": round(threads_cpu / alone_cpu, 3),
        "serial_nodes": nodes,
        "shared_table_nodes_over_serial": round(shared_nodes / nodes, 4),
        "shared_table_cpu_over_serial": round(shared_cpu / nodes_cpu, 3),
        "table_per_thread_nodes_over_serial": round(own_nodes / nodes, 4),
        "table_per_thread_cpu_over_serial": round(own_cpu / nodes_cpu, 3),
    }
    print(f"perft {DEPTH} from the 8x8 start, {WORKERS} workers")
    print(f"  two plain counts side by side: {', '.join(f'{s:.2f}' for s in each)} s each; ideal {ideal:.2f} s")
    print(f"  plain count alone:   {alone:.2f} s")
    print(
        f"  split, threads:      {threads:.2f} s = {threads / ideal:.3f} x ideal ({alone / threads:.2f} x faster than alone)"
    )
    print(f"  split, processes:    {processes:.2f} s = {processes / ideal:.3f} x ideal")
    print(f"  CPU time of the split in threads / of the plain count: {threads_cpu / alone_cpu:.3f}")
    # One table per thread misses the transpositions between their parts that one shared table catches.
    print(f"  positions visited, split / plain ({nodes} plain), CPU time split / plain:")
    print(f"    one shared table:     {shared_nodes / nodes:.4f}, {shared_cpu / nodes_cpu:.3f}")
    print(f"    one table per thread: {own_nodes / nodes:.4f}, {own_cpu / nodes_cpu:.3f}")
    print(json.dumps(figures))


if __name__ == "__main__":
    if sys.argv[1:2] == ["dask"]:
        dask_main(int(sys.argv[2]) if len(sys.argv) > 2 else 3)
    else:
        main()
