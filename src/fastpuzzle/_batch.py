"""Many puzzles at once: chunks of contest texts on an executor, results in input order.

The batch layer speaks only the facade contract (``parse``, ``solve``,
``format``). Work goes out in chunks, whose size adapts so a chunk takes about
:data:`CHUNK_SECONDS`: a million tiny puzzles do not become a million tasks, and a
few heavy ones are not queued behind each other. Results are streamed: at most a
few chunks per worker are in flight, whatever the length of the input.
"""

from __future__ import annotations

import time
from itertools import islice

from . import puzzle_module
from ._executors import as_executor, checked_jobs, pool, workers_of
from .errors import FastpuzzleError, MultipleSolutionsError, NoSolutionError, PuzzleTooLargeError

from dataclasses import dataclass
from typing import Optional

TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import Any, Iterable, Iterator

#: Seconds of work a chunk aims at once the batch has measured its puzzles.
CHUNK_SECONDS = 0.05
#: The largest chunk, however fast its puzzles.
MAX_CHUNK = 4096
#: Chunks in flight per worker: enough to keep every worker busy, few enough to bound memory.
CHUNKS_PER_WORKER = 3

SOLVED, NO_SOLUTION, SEVERAL, BAD_INPUT, TOO_LARGE = "solved", "no_solution", "several", "bad_input", "too_large"


@dataclass(frozen=True)
class Result:
    """One puzzle's outcome in a batch.

    ``status`` is "solved", "no_solution", "several", "bad_input" or
    "too_large"; ``output`` is the contest output when solved, ``error`` the
    one-line message otherwise; ``seconds`` the time spent on it.
    """

    index: int
    status: str
    output: Optional[str]
    error: Optional[str]
    seconds: float


def _status_of(error: FastpuzzleError) -> str:
    if isinstance(error, NoSolutionError):
        return NO_SOLUTION
    if isinstance(error, MultipleSolutionsError):
        return SEVERAL
    if isinstance(error, PuzzleTooLargeError):
        return TOO_LARGE
    return BAD_INPUT


def solve_chunk(puzzle: str, start: int, texts: list[str]) -> list[Result]:
    """Solve ``texts`` (the puzzles from index ``start`` on): one :class:`Result` each.

    A module-level function of picklable arguments and results, so that
    process pools and Dask workers can run it.
    """
    facade = puzzle_module(puzzle)
    outcomes: list[Result] = []
    for offset, text in enumerate(texts):
        began = time.perf_counter()
        try:
            output = facade.format(facade.solve(facade.parse(text)))
        except FastpuzzleError as error:
            outcomes.append(Result(start + offset, _status_of(error), None, str(error), time.perf_counter() - began))
            continue
        outcomes.append(Result(start + offset, SOLVED, output, None, time.perf_counter() - began))
    return outcomes


def solve_many(
    puzzle: str, texts: Iterable[str], *, jobs: Optional[int] = None, executor: Any = None
) -> Iterator[Result]:
    """Solve every contest text of ``puzzle``; yield one :class:`Result` per text, in input order.

    ``executor`` may be any ``concurrent.futures.Executor`` (threads or
    processes) or a ``dask.distributed.Client``; without one, a thread pool of
    ``jobs`` workers runs the batch (default: the CPUs this process may use).
    A puzzle that is malformed, unsolvable or too large gets a record saying
    why; it never stops the batch.
    """
    puzzle_module(puzzle)  # an unknown name fails before any work goes out
    jobs = checked_jobs(jobs)
    if executor is not None:
        return _stream(puzzle, iter(texts), as_executor(executor), workers_of(executor, jobs))
    return _with_own_pool(puzzle, iter(texts), jobs)


def _with_own_pool(puzzle: str, texts: Iterator[str], jobs: Optional[int]) -> Iterator[Result]:
    with pool(jobs) as (threads, workers):
        yield from _stream(puzzle, texts, threads, workers)


def _stream(puzzle: str, texts: Iterator[str], executor: Any, workers: int) -> Iterator[Result]:
    """Keep a bounded window of chunks in flight; yield the head chunk's results as soon as it is done."""
    from collections import deque

    pending: deque[Any] = deque()
    start, chunk, exhausted = 0, 1, False
    try:
        while True:
            while not exhausted and len(pending) < workers * CHUNKS_PER_WORKER:
                texts_of_chunk = list(islice(texts, chunk))
                if not texts_of_chunk:
                    exhausted = True
                    break
                pending.append(executor.submit(solve_chunk, puzzle, start, texts_of_chunk))
                start += len(texts_of_chunk)
            if not pending:
                return
            outcomes = pending.popleft().result()
            spent = sum(outcome.seconds for outcome in outcomes) / len(outcomes)
            chunk = max(1, min(MAX_CHUNK, int(CHUNK_SECONDS / spent) if spent > 0 else MAX_CHUNK))
            yield from outcomes
    finally:
        for future in pending:
            future.cancel()

