"""What ``solve_many`` costs beyond the kernels, and what a second worker gives it.

Overhead: 10,000 contest-size 01-game puzzles (sides 4, 6, 8 and 10 in turn,
seeded, stored in ``takuzu_batch.txt.gz`` in the ``--batch`` format) through
``solve_many(jobs=1)``, against the sum of the bare kernel times: the kernel's
``Search`` on the cells the facade would give it, run to EXHAUSTED as the
facade runs it. The facade one puzzle at a time is timed too, to tell what the
facade costs from what the batch layer adds. Goal: solve_many within 1.3x the
bare kernel.

Kinds: contest puzzles of every kind (sudoku grids, the overhead batch's
01 games, small pixel puzzles stored in ``pixel_batch.txt.gz``, 8x8 reversi
endgames of 6 empties), each pool repeated to the batch's size: the bare
kernel on pre-parsed puzzles against ``solve_many(jobs=1)`` and, in script mode,
``--batch`` in a fresh process. Goal: at most 1.2x the bare kernel.

Scaling: seeded 8x8 reversi endgames of 12 empties (tens to hundreds of
milliseconds each), timed four ways in the same run:

(a) two independent processes side by side, each solving every other puzzle
    with ``jobs=1``: the ideal, the slower of the two (this machine's two
    vCPUs do not give twice one core, so "twice as fast" is no yardstick);
(b) ``solve_many(jobs=2)``: two threads of one process;
(c) ``solve_many`` on a ``ProcessPoolExecutor(2)``;
(d) ``solve_many(jobs=1)``.

Goal: (b) within 15% of (a). Compare (b) with (c) to see what the GIL takes.

    python bench/bench_batch.py              # all three, with ratios side by side
    python bench/bench_batch.py scaling      # the measures whose names contain this
    python bench/bench_batch.py kinds --count 100000
    pytest bench/bench_batch.py --benchmark-only

In script mode the configurations take turns, ROUNDS times, in order and in
reverse order: each ratio is given between the best times and as the median of
the ratios within a turn (runs close in time, which a shared machine's changing
load disturbs least). Ratios of one run, never figures of different runs.
"""

from __future__ import annotations

import gzip
import multiprocessing
import statistics
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from functools import cache
from pathlib import Path
from typing import Any, Callable, NamedTuple, Optional

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

import fastpuzzle
from conftest import command_env, random_endgame
from fastpuzzle import Status, pixel, reversi, solve_many, sudoku, takuzu, use_kernels
from fastpuzzle.pixel import _kernel as _pixel_cy
from fastpuzzle.reversi import _facade as reversi_facade
from fastpuzzle.reversi import _kernel as _reversi_cy
from fastpuzzle.sudoku import _kernel as _sudoku_cy
from fastpuzzle.takuzu import _kernel as _takuzu_cy

#: The stored overhead batch: contest texts separated by blank lines, gzipped.
OVERHEAD_FILE = Path(__file__).with_name("takuzu_batch.txt.gz")
OVERHEAD_PUZZLES = 10_000
#: Sides of the overhead batch, in turn: puzzle ``seed`` has side OVERHEAD_SIDES[seed % 4].
OVERHEAD_SIDES = (4, 6, 8, 10)
#: The facade's node budget per kernel call (takuzu_facade._NODE_BUDGET): no limit in practice.
NODE_BUDGET = 1 << 40
EXHAUSTED, SOLUTION, TOO_LARGE = int(Status.EXHAUSTED), int(Status.SOLUTION), int(Status.TOO_LARGE)
#: The scaling batch: this many 8x8 endgames of SCALING_EMPTIES empties, from seeded random play.
SCALING_EMPTIES = 12
SCALING_SEEDS = range(24)
#: Turns per configuration (script mode) or rounds per benchmark (pytest).
ROUNDS = 5


# -- the overhead of the batch layer and the facade ------------------------


@cache
def overhead_texts() -> tuple[str, ...]:
    """The overhead batch's contest texts, generated into OVERHEAD_FILE on first use (about 15 s)."""
    if not OVERHEAD_FILE.exists():
        with use_kernels("compiled"):
            puzzles = [takuzu.generate(OVERHEAD_SIDES[seed % 4], seed=seed) for seed in range(OVERHEAD_PUZZLES)]
        with gzip.GzipFile(OVERHEAD_FILE, "wb", mtime=0) as stored:  # mtime=0: the same bytes every time
            stored.write("\n".join(str(puzzle) for puzzle in puzzles).encode())
    blocks = gzip.decompress(OVERHEAD_FILE.read_bytes()).decode().strip("\n").split("\n\n")
    return tuple(block + "\n" for block in blocks)


@cache
def encoded(texts: tuple[str, ...]) -> tuple[tuple[int, bytes], ...]:
    """(side, cells) of each text: what the facade hands the kernel."""
    return tuple((puzzle.n, puzzle.cells) for puzzle in map(takuzu.parse, texts))


def bare_kernel(cells_of: tuple[tuple[int, bytes], ...]) -> int:
    """Run the kernel on each pre-encoded puzzle as ``takuzu.solve`` does; the solutions found."""
    found = 0
    for n, cells in cells_of:
        search = _takuzu_cy.Search(n, cells, takuzu.MAX_CANDIDATES)
        while (status := search.next_solution(NODE_BUDGET)) != EXHAUSTED:
            assert status != TOO_LARGE
            if status == SOLUTION:
                search.solution()
                found += 1
    return found


def facade_one_by_one(texts: tuple[str, ...]) -> int:
    """``takuzu.solve_text`` on each text in turn; the outputs' total length."""
    return sum(len(takuzu.solve_text(text)) for text in texts)


def batch_of_one(texts: tuple[str, ...]) -> int:
    """``solve_many(jobs=1)`` over the texts, its results streamed and dropped; the outputs' total length."""
    return sum(len(result.output or "") for result in solve_many("takuzu", texts, jobs=1))


OVERHEAD: dict[str, Callable[[tuple[str, ...]], int]] = {
    "bare kernel": lambda texts: bare_kernel(encoded(texts)),
    "facade one by one": facade_one_by_one,
    "solve_many jobs=1": batch_of_one,
}


@pytest.mark.parametrize("how", list(OVERHEAD))
def test_overhead(benchmark: BenchmarkFixture, how: str) -> None:
    """Ten thousand small 01-game puzzles: bare kernel, facade, solve_many(jobs=1)."""
    texts = overhead_texts()
    encoded(texts)  # outside the timing
    benchmark.group = f"batch overhead: {len(texts)} takuzu puzzles, N {OVERHEAD_SIDES[0]}-{OVERHEAD_SIDES[-1]}"
    result = benchmark.pedantic(OVERHEAD[how], args=(texts,), rounds=ROUNDS, iterations=1)
    # One solution each; the outputs hold n rows of n digits and a newline.
    assert result == (len(texts) if how == "bare kernel" else sum(n * (n + 1) for n, _ in encoded(texts)))


# -- every kind of puzzle: the bulk path against the bare kernel ------------

#: Puzzles per kind in the pytest run (script mode: ``--count``, the issue's 100,000).
KIND_PUZZLES = 10_000
#: The stored pixel pool: contest texts of sides 4 to 10, seeded, separated by blank lines, gzipped.
PIXEL_POOL_FILE = Path(__file__).with_name("pixel_batch.txt.gz")
#: Empty cells of the reversi pool's 8x8 endgames: counts of tens of microseconds, where overhead shows.
KIND_REVERSI_EMPTIES = 6


@cache
def kind_pool(name: str) -> tuple[str, ...]:
    """A pool of distinct contest texts of one kind, always the same: a batch repeats it."""
    if name == "takuzu":
        return overhead_texts()
    if name == "sudoku":
        return tuple(str(sudoku.generate(answer=seed % 10, seed=seed)) for seed in range(2000))
    if name == "reversi":
        return tuple(
            str(reversi.from_rows(random_endgame(KIND_REVERSI_EMPTIES, f"kinds-{seed}"))) for seed in range(2000)
        )
    if not PIXEL_POOL_FILE.exists():
        with use_kernels("compiled"):
            puzzles = [pixel.generate(4 + 2 * (seed % 4), seed=seed) for seed in range(400)]
        with gzip.GzipFile(PIXEL_POOL_FILE, "wb", mtime=0) as stored:
            stored.write("\n".join(str(puzzle) for puzzle in puzzles).encode())
    blocks = gzip.decompress(PIXEL_POOL_FILE.read_bytes()).decode().strip("\n").split("\n\n")
    return tuple(block + "\n" for block in blocks)


def kind_texts(name: str, count: int) -> tuple[str, ...]:
    """``count`` contest texts of one kind: its pool, repeated."""
    pool = kind_pool(name)
    return tuple(pool[i % len(pool)] for i in range(count))


@cache
def kind_inputs(name: str, count: int) -> tuple[Any, ...]:
    """What the facade hands the kernel for each text: parsed outside the timing."""
    facade = fastpuzzle.puzzle_module(name)
    parsed = [facade.parse(text) for text in kind_texts(name, count)]
    if name == "sudoku":
        return tuple(grid.masks for grid in parsed)
    if name == "takuzu":
        return tuple((puzzle.n, puzzle.cells) for puzzle in parsed)
    if name == "pixel":
        return tuple((puzzle.n, puzzle.m, puzzle.cells) for puzzle in parsed)
    return tuple(reversi_kernel_input(board) for board in parsed)


def reversi_kernel_input(board: Any) -> tuple[int, int, int, int]:
    """(table bits, n, mover, other) as reversi.solve gives its kernel (white to move)."""
    mover, other = reversi_facade._sides(board, "white")
    return reversi_facade._table_bits(None, board.empties + 4), board.n, mover, other


def bare_kind(name: str, inputs: tuple[Any, ...]) -> int:
    """The kernel on each pre-parsed puzzle as the facade runs it: sudoku's count, the search puzzles' first
    solution and the proof there is no second, reversi's count of games; how many it did."""
    if name == "sudoku":
        return len([_sudoku_cy.min_toggles(masks) for masks in inputs])
    if name == "takuzu":
        return bare_kernel(inputs)
    if name == "pixel":
        for n, m, cells in inputs:
            learn = _pixel_cy.Learn(n, m, cells)
            while (status := learn.next_solution(NODE_BUDGET)) != EXHAUSTED:
                if status == SOLUTION:
                    learn.solution()
        return len(inputs)
    return len([_reversi_cy.Counter(bits).count(n, mover, other) for bits, n, mover, other in inputs])


def many_kind(name: str, texts: tuple[str, ...]) -> int:
    """``solve_many(jobs=1)`` over the texts; how many were solved."""
    return sum(result.status == "solved" for result in solve_many(name, texts, jobs=1))


def cli_kind(name: str, path: Path, python: str = sys.executable) -> int:
    """``python -m fastpuzzle NAME --batch PATH --jobs 1`` in a fresh process; the records it printed (an empty
    file: one record, its error, exit 5)."""
    printed = subprocess.run(
        [python, "-m", "fastpuzzle", name, "--batch", str(path), "--jobs", "1"],
        capture_output=True,
        check=False,
        env=command_env(),
    ).stdout
    return printed.count(b"\n")


KINDS = ("sudoku", "takuzu", "pixel", "reversi")


@pytest.mark.parametrize("how", ["bare kernel", "solve_many jobs=1", "--batch jobs=1", "--batch of no puzzle"])
@pytest.mark.parametrize("name", KINDS)
def test_kind_overhead(benchmark: BenchmarkFixture, name: str, how: str, tmp_path: Path) -> None:
    """KIND_PUZZLES contest puzzles of each kind: the bare kernel against solve_many and --batch (a fresh
    process; "--batch of no puzzle" is its start-up alone, on an empty file). Goal: at most 1.2x."""
    texts, inputs = kind_texts(name, KIND_PUZZLES), kind_inputs(name, KIND_PUZZLES)
    benchmark.group = f"batch overhead: {KIND_PUZZLES} {name} puzzles"
    path = tmp_path / f"{name}.txt"
    path.write_text("\n".join(texts) if how == "--batch jobs=1" else "")
    with use_kernels("compiled"):
        if how == "bare kernel":
            done = benchmark.pedantic(bare_kind, args=(name, inputs), rounds=ROUNDS, iterations=1)
        elif how == "solve_many jobs=1":
            done = benchmark.pedantic(many_kind, args=(name, texts), rounds=ROUNDS, iterations=1)
        else:
            done = benchmark.pedantic(cli_kind, args=(name, path), rounds=ROUNDS, iterations=1)
    assert done == (1 if how == "--batch of no puzzle" else KIND_PUZZLES)


# -- scaling on two workers ------------------------------------------------


@cache
def scaling_texts() -> tuple[str, ...]:
    """The scaling batch: seeded 8x8 endgames as contest texts."""
    return tuple(
        str(reversi.from_rows(random_endgame(SCALING_EMPTIES, f"batch-{SCALING_EMPTIES}-{seed}")))
        for seed in SCALING_SEEDS
    )


def outputs(results: Any) -> list[Optional[str]]:
    return [result.output for result in results]


class Timing(NamedTuple):
    """One run of a batch: its wall-clock seconds, the seconds its puzzles took (summed), its outputs."""

    seconds: float
    busy: float
    answers: list[Optional[str]]


def timed(run: Callable[[], Any]) -> Timing:
    """Time ``run``, which gives the results of a batch; read them all."""
    began = time.perf_counter()
    results = list(run())
    return Timing(time.perf_counter() - began, sum(result.seconds for result in results), outputs(results))


def _solve_half(half: int, texts: tuple[str, ...], start: Any, reports: Any) -> None:
    """In a child process: wait for ``start``, solve ``texts`` with jobs=1, report (half, Timing)."""
    start.wait()
    reports.put((half, timed(lambda: solve_many("reversi", texts, jobs=1))))


class SideBySide:
    """Two fresh processes, each to solve every other puzzle of ``texts`` with jobs=1, ready to start together.

    They are started (and have imported everything) before :meth:`run`, so
    run times only the solving.
    """

    def __init__(self, texts: tuple[str, ...]) -> None:
        spawn = multiprocessing.get_context("spawn")
        self.start = spawn.Barrier(3)
        self.reports = spawn.SimpleQueue()
        self.processes = [
            spawn.Process(target=_solve_half, args=(half, texts[half::2], self.start, self.reports)) for half in (0, 1)
        ]
        for process in self.processes:
            process.start()

    def run(self) -> Timing:
        """Start both: the seconds of the slower, the busy seconds of both, every output in input order."""
        self.start.wait()
        reports = sorted((self.reports.get() for _ in self.processes), key=lambda report: report[0])
        for process in self.processes:
            process.join()
        merged: list[Optional[str]] = [None] * sum(len(timing.answers) for _, timing in reports)
        for half, timing in reports:
            merged[half::2] = timing.answers
        return Timing(max(timing.seconds for _, timing in reports), sum(timing.busy for _, timing in reports), merged)


def _import_reversi(seconds: float) -> None:
    """A warm-up task: import the reversi facade and stay busy, so that the next task goes to another worker."""
    import fastpuzzle.reversi  # noqa: F401

    time.sleep(seconds)


def warm_process_pool() -> ProcessPoolExecutor:
    """A pool of two fresh processes, both started and with reversi imported."""
    pool = ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context("spawn"))
    for future in [pool.submit(_import_reversi, 0.3) for _ in range(2)]:
        future.result()
    return pool


def scaling_runs(texts: tuple[str, ...]) -> dict[str, Callable[[], Timing]]:
    """The four configurations, each a function timing one run."""

    def process_pool() -> Timing:
        with warm_process_pool() as pool:
            return timed(lambda: solve_many("reversi", texts, executor=pool))

    return {
        "(a) 2 processes, half each": lambda: SideBySide(texts).run(),
        "(b) jobs=2, threads": lambda: timed(lambda: solve_many("reversi", texts, jobs=2)),
        "(c) ProcessPool(2)": process_pool,
        "(d) jobs=1": lambda: timed(lambda: solve_many("reversi", texts, jobs=1)),
    }


@pytest.mark.parametrize(
    "how", ["(a) 2 processes, half each", "(b) jobs=2, threads", "(c) ProcessPool(2)", "(d) jobs=1"]
)
def test_scaling(benchmark: BenchmarkFixture, how: str) -> None:
    """Heavy reversi endgames on two workers, four ways; (a) is the ideal, what two processes give."""
    texts = scaling_texts()
    benchmark.group = f"batch scaling: {len(texts)} reversi endgames of {SCALING_EMPTIES} empties"
    expected = outputs(solve_many("reversi", texts, jobs=2))
    if how.startswith("(a)"):
        timing = benchmark.pedantic(
            lambda side_by_side: side_by_side.run(), setup=lambda: ((SideBySide(texts),), {}), rounds=ROUNDS
        )
    elif how.startswith("(c)"):
        with warm_process_pool() as pool:
            timing = benchmark.pedantic(
                lambda: timed(lambda: solve_many("reversi", texts, executor=pool)), rounds=ROUNDS
            )
    else:
        jobs = 2 if how.startswith("(b)") else 1
        timing = benchmark.pedantic(lambda: timed(lambda: solve_many("reversi", texts, jobs=jobs)), rounds=ROUNDS)
    benchmark.extra_info.update(busy_seconds=timing.busy)
    assert timing.answers == expected


# -- script mode -----------------------------------------------------------


def in_turns(runs: dict[str, Callable[[], Timing]], turns: int) -> list[dict[str, Timing]]:
    """Each turn's Timing of every run: the runs go in order, then in reverse order, and so on.

    Every run must give the same answers.
    """
    names = list(runs)
    timings: list[dict[str, Timing]] = []
    for turn in range(turns):
        timings.append({})
        for name in names if turn % 2 == 0 else names[::-1]:
            timing = runs[name]()
            assert timing.answers == (timings[0].get(names[0]) or timing).answers, f"{name} gave other answers"
            timings[-1][name] = timing
    return timings


def seconds_of(run: Callable[[], object]) -> float:
    began = time.perf_counter()
    run()
    return time.perf_counter() - began


def overhead_report() -> None:
    texts = overhead_texts()
    encoded(texts)
    best = {name: float("inf") for name in OVERHEAD}
    for turn in range(ROUNDS):
        for name in list(OVERHEAD) if turn % 2 == 0 else list(OVERHEAD)[::-1]:
            best[name] = min(best[name], seconds_of(lambda: OVERHEAD[name](texts)))
    bare = best["bare kernel"]
    print(f"overhead: {len(texts)} takuzu puzzles, N {'/'.join(map(str, OVERHEAD_SIDES))}, best of {ROUNDS}")
    for name, seconds in best.items():
        print(f"  {name:28} {seconds:7.3f} s  {seconds / len(texts) * 1e6:6.1f} us/puzzle  {seconds / bare:5.2f}x bare")
    print(f"  goal: solve_many jobs=1 <= 1.30x bare; here {best['solve_many jobs=1'] / bare:.2f}x")
    print(f"  by side (best of {ROUNDS}):")
    for side in OVERHEAD_SIDES:
        some = tuple(text for text in texts if text.startswith(f"{side}\n"))
        cells_of = encoded(some)
        bare_side = min(seconds_of(lambda: bare_kernel(cells_of)) for _ in range(ROUNDS))
        batch_side = min(seconds_of(lambda: batch_of_one(some)) for _ in range(ROUNDS))
        print(
            f"    N={side:<3} bare {bare_side / len(some) * 1e6:6.1f} us  solve_many {batch_side / len(some) * 1e6:6.1f} us"
            f"  {batch_side / bare_side:5.2f}x"
        )
    with warm_process_pool() as pool:
        two = {
            "jobs=1": lambda: batch_of_one(texts),
            "jobs=2, threads": lambda: sum(len(r.output or "") for r in solve_many("takuzu", texts, jobs=2)),
            "ProcessPool(2)": lambda: sum(len(r.output or "") for r in solve_many("takuzu", texts, executor=pool)),
        }
        seconds = in_rounds(two)
        print("  the same batch on two workers (mostly Python work: the GIL, or pickling, takes the gain):")
        print("    " + "   ".join(f"{name} {value:.3f} s" for name, value in seconds.items()))
        with ThreadPoolExecutor(2) as threads:
            kernel = {
                "one thread": lambda: bare_kernel(encoded(texts)),
                "2 threads, half each": lambda: bare_halves_on(threads),
                "2 processes, half each": lambda: bare_halves_on(pool),
            }
            seconds = in_rounds(kernel)  # each worker encodes its half in its first turn; best of ROUNDS
        print("  the bare kernel on two workers, half the batch each (what the kernel's GIL hand-overs cost):")
        print("    " + "   ".join(f"{name} {value:.3f} s" for name, value in seconds.items()))


def in_rounds(runs: dict[str, Callable[[], object]]) -> dict[str, float]:
    """The best seconds of each run over ROUNDS turns, in order and in reverse order."""
    best = {name: float("inf") for name in runs}
    for turn in range(ROUNDS):
        for name in list(runs) if turn % 2 == 0 else list(runs)[::-1]:
            best[name] = min(best[name], seconds_of(runs[name]))
    return best


def bare_half(half: int) -> int:
    """:func:`bare_kernel` on every other puzzle of the overhead batch, from puzzle ``half`` on (encoded once per process)."""
    return bare_kernel(encoded(overhead_texts()[half::2]))


def bare_halves_on(executor: Any) -> int:
    """The bare kernel on both halves of the overhead batch at once, one task per worker of ``executor``."""
    return sum(future.result() for future in [executor.submit(bare_half, half) for half in (0, 1)])


def scaling_report() -> None:
    texts = scaling_texts()
    turns = in_turns(scaling_runs(texts), ROUNDS)
    names = list(turns[0])
    best = {name: min((turn[name] for turn in turns), key=lambda timing: timing.seconds) for name in names}
    print(f"scaling: {len(texts)} reversi endgames of {SCALING_EMPTIES} empties, {ROUNDS} turns")
    print(
        f"  {'best of the turns':28} {'wall s':>7} {'busy s':>7}  (busy: the puzzles' own seconds, summed over workers)"
    )
    for name, timing in best.items():
        print(f"  {name:28} {timing.seconds:7.3f} {timing.busy:7.3f}")
    ratios = (
        ("(b)", "(a)", "threads / ideal", "goal <= 1.15"),
        ("(c)", "(a)", "processes / ideal", ""),
        ("(d)", "(b)", "jobs=1 / jobs=2", "what the second worker gives"),
        ("(d)", "(a)", "jobs=1 / ideal", "what this machine's second vCPU gives at best"),
        ("(b)", "(c)", "threads / processes", "above 1: the GIL costs the threads"),
    )
    print(f"  {'ratio':32} {'bests':>6} {'turns (median)':>15}")
    for top, bottom, what, note in ratios:
        upper = next(name for name in names if name.startswith(top))
        lower = next(name for name in names if name.startswith(bottom))
        of_bests = best[upper].seconds / best[lower].seconds
        per_turn = statistics.median(turn[upper].seconds / turn[lower].seconds for turn in turns)
        print(f"  {top}/{bottom} {what:24} {of_bests:6.2f} {per_turn:15.2f}   {note}")


def kinds_report(count: int) -> None:
    """Each kind: bare kernel, solve_many and --batch (a fresh process, its start included), in turns."""
    import tempfile

    print(f"kinds: {count} contest puzzles of each kind, best of {ROUNDS} turns (in order, then reversed)")
    print("  --batch: the whole command; 'start': --batch on an empty file; 'less start': the difference")
    print(
        f"  {'kind':8} {'bare s':>8} {'solve_many':>11} {'--batch':>9} {'start':>7}   "
        "ratios to bare: solve_many, --batch, --batch less start"
    )
    with tempfile.TemporaryDirectory() as folder:
        empty = Path(folder) / "empty.txt"
        empty.write_text("")
        for name in KINDS:
            texts, inputs = kind_texts(name, count), kind_inputs(name, count)
            path = Path(folder) / f"{name}.txt"
            path.write_text("\n".join(texts))
            runs: dict[str, Callable[[], object]] = {
                "bare": lambda: bare_kind(name, inputs),
                "many": lambda: many_kind(name, texts),
                "cli": lambda: cli_kind(name, path),
                "start": lambda: cli_kind(name, empty),
            }
            best = in_rounds(runs)
            bare = best["bare"]
            print(
                f"  {name:8} {bare:8.3f} {best['many']:11.3f} {best['cli']:9.3f} {best['start']:7.3f}   "
                f"{best['many'] / bare:5.2f}x {best['cli'] / bare:6.2f}x {(best['cli'] - best['start']) / bare:6.2f}x"
            )


def main(arguments: list[str]) -> None:
    selected = arguments[0] if arguments else ""
    for name, report in (("overhead", overhead_report), ("scaling", scaling_report)):
        if selected in name:
            report()
    if selected in "kinds":
        count = int(arguments[arguments.index("--count") + 1]) if "--count" in arguments else KIND_PUZZLES
        kinds_report(count)


if __name__ == "__main__":
    main(sys.argv[1:])
