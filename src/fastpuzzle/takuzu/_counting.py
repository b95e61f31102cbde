"""Exact counts of 01-game grids without listing them, whole or split into parts.

Two counters (the kernel's, see ``_fp_count.h``): under the free rule a dynamic
program over rows (:class:`RowCounter`); under the distinct rule a meet in the
middle over the two middle rows (:class:`MeetCounter`). Both count modulo
2**128; :func:`count_bound` bounds the count first, and a grid whose bound
reaches 2**128 is refused, so every count returned is exact.

A count splits into *parts*, one per pair of lines that the two middle rows
(``height / 2 - 1`` and ``height / 2``) can hold: each part's count is exact and
the total is their sum. A blank grid's pairs are merged by its 8 symmetries
(left-right, top-bottom, the digits swapped), each counted once with its
multiplicity. The meet counts by parts anyway; the free rule's dynamic
program counts whole unless the count is split. Parts run on threads
(``jobs``), on any executor (a process pool, a Dask client) in chunks, and are
recorded in a checkpoint (JSON Lines, :mod:`fastpuzzle._common.checkpoint`) that
an interrupted count resumes from.
"""

from __future__ import annotations

import math
import threading

from fastpuzzle._common import executors as _executors
from fastpuzzle._common import select as _select
from fastpuzzle._common.checkpoint import take_up
from fastpuzzle._common.progress import check_stop, progress_bar
from fastpuzzle._contract.registry import PUZZLES, Status
from fastpuzzle.errors import PuzzleTooLargeError

TYPE_CHECKING = False

if TYPE_CHECKING:
    import os
    from collections.abc import Sequence
    from typing import Any, Optional, Union

    from fastpuzzle._common.checkpoint import Checkpoint

    from ._facade import Puzzle

    PathLike = Union[str, "os.PathLike[str]"]
    Pair = tuple[int, int]

_LIMITS = PUZZLES["takuzu"].limits
#: Memory (MiB) the states or tables of one count (or one part) may take; more is PuzzleTooLargeError.
COUNT_MIB = _LIMITS["COUNT_MIB"]
#: Most distinct candidate lines the meet in the middle numbers (in 16 bits).
COUNT_MAX_LINES = _LIMITS["COUNT_MAX_LINES"]
#: Counts are exact below this (the counters keep them modulo it).
COUNT_MODULUS = 1 << 128
#: Chunks per worker of an executor other than fastpuzzle's own threads.
CHUNKS_PER_WORKER = 4
#: Version of the checkpoint's format, in its header.
CHECKPOINT_VERSION = 1


def _kernel() -> Any:
    return _select.kernel_now("takuzu")


class CounterUnfit(Exception):
    """The grid is not for these counters (too many candidate lines): the caller lists instead."""


def count_bound(puzzle: Puzzle) -> int:
    """A bound on the number of solutions: the product over the rows (or over the columns, the smaller) of
    the ways to complete each line with its share of ones, runs and the other lines aside."""
    half_width, half_height = puzzle.width // 2, puzzle.height // 2
    columns = ["".join(column) for column in zip(*puzzle.rows)]
    bounds = []
    for lines, half in ((puzzle.rows, half_width), (columns, half_height)):
        bound = 1
        for line in lines:
            ones = line.count("1")
            bound *= math.comb(line.count("_"), half - ones) if half - ones >= 0 else 0
        bounds.append(bound)
    return min(bounds)


def check_countable(puzzle: Puzzle) -> None:
    """PuzzleTooLargeError if the count could reach 2**128 (beyond what the counters keep exactly)."""
    bound = count_bound(puzzle)
    if bound >= COUNT_MODULUS:
        raise PuzzleTooLargeError(
            f"too open to count: this {puzzle.width}x{puzzle.height} grid may have up to about "
            f"2**{bound.bit_length() - 1} solutions, and counts are exact below 2**128"
        )


def _too_large(width: int, height: int) -> PuzzleTooLargeError:
    return PuzzleTooLargeError(
        f"too open to count: counting this {width}x{height} grid would take more than the "
        f"{COUNT_MIB} MiB a count may use"
    )


def _meet(width: int, height: int, cells: bytes) -> Any:
    meet = _kernel().MeetCounter(width, height, cells, COUNT_MAX_LINES, COUNT_MIB << 20)
    if meet.lines < 0:
        raise CounterUnfit(f"more than {COUNT_MAX_LINES} candidate lines")
    return meet


class Parts:
    """The parts of one count: the pairs of lines of the middle rows, each with its multiplicity."""

    __slots__ = ("multiplicities", "pairs")

    def __init__(self, pairs: list[Pair], multiplicities: list[int]) -> None:
        self.pairs = pairs
        self.multiplicities = multiplicities


def parts_of(puzzle: Puzzle) -> Parts:
    """Every pair of lines the middle rows of ``puzzle`` can hold (distinct lines under the distinct rule),
    in order; a blank grid's merged by its symmetries, with the size of each one's orbit."""
    meet = _meet(puzzle.width, puzzle.height, puzzle.cells)
    middle = puzzle.height // 2
    above = [meet.line(number) for number in meet.candidates(middle - 1)]
    below = [meet.line(number) for number in meet.candidates(middle)]
    pairs = [(a, b) for a in above for b in below if a != b or not puzzle.unique_rows]
    if any("0" in row or "1" in row for row in puzzle.rows):
        return Parts(sorted(pairs), [1] * len(pairs))
    orbits: dict[Pair, int] = {}
    for pair in pairs:
        images = symmetric_pairs(pair, puzzle.width)
        first = min(images)
        if first not in orbits:
            orbits[first] = len(images)
    merged = sorted(orbits)
    return Parts(merged, [orbits[pair] for pair in merged])


def oriented(puzzle: Puzzle) -> Puzzle:
    """``puzzle``, or its transpose when that splits into fewer parts (the product of the candidate lines
    of its two middle rows), or when only the transpose's lines can be numbered. The count is the same:
    the rules treat rows and columns alike; a 12x12 draft's parts vary up to five times between the two."""
    transposed = type(puzzle)._trusted(tuple("".join(column) for column in zip(*puzzle.rows)), puzzle.unique_rows)
    sizes = []
    for grid in (puzzle, transposed):
        try:
            meet = _meet(grid.width, grid.height, grid.cells)
        except CounterUnfit:
            sizes.append(math.inf)
            continue
        middle = grid.height // 2
        sizes.append(len(meet.candidates(middle - 1)) * len(meet.candidates(middle)))
    return transposed if sizes[1] < sizes[0] else puzzle


def symmetric_pairs(pair: Pair, width: int) -> set[Pair]:
    """The images of a pair of middle rows under a blank grid's symmetries (the rows mirrored left to right,
    the grid turned upside down so that the two rows swap, the digits swapped)."""
    mask = (1 << width) - 1

    def mirrored(line: int) -> int:
        return int(format(line, f"0{width}b")[::-1], 2)

    images = set()
    for above, below in (pair, pair[::-1]):
        for line_a, line_b in ((above, below), (mirrored(above), mirrored(below))):
            images.add((line_a, line_b))
            images.add((line_a ^ mask, line_b ^ mask))
    return images


def _with_middle(width: int, height: int, cells: bytes, pair: Pair) -> bytes:
    """``cells`` with the middle rows set to the lines of ``pair``."""
    start = (height // 2 - 1) * width
    middle = bytes((line >> column) & 1 for line in pair for column in range(width))
    return cells[:start] + middle + cells[start + 2 * width :]


def _count_rows(width: int, height: int, cells: bytes, stop: Optional[threading.Event] = None) -> Optional[int]:
    """The free rule's count: the dynamic program over rows from the top and from the bottom to the middle
    rows, met there (see ``fp_rows_meet``); None when it would pass COUNT_MIB."""
    kernel = _kernel()
    if height == 2:
        counters = [kernel.RowCounter(width, height, cells, COUNT_MIB << 20)]
    else:
        upside_down = b"".join(cells[row * width : (row + 1) * width] for row in reversed(range(height)))
        counters = [
            kernel.RowCounter(width, height, grid, COUNT_MIB << 19, height // 2 + 1) for grid in (cells, upside_down)
        ]
    for counter in counters:
        while True:
            status = counter.run()
            if status == Status.EXHAUSTED:
                break
            if status == Status.TOO_LARGE:
                return None
            if stop is not None and stop.is_set():
                raise _Stopped
    if height == 2:
        return int(counters[0].total)
    return int(counters[0].meet(counters[1]))


class _Stopped(Exception):
    """A part stopped because the count failed or was interrupted elsewhere."""


class _PartCounter:
    """Counts the parts of one grid, one pair of middle rows at a time: by the meet's counter (shared by
    threads, which count pairs without the GIL) under the distinct rule, by the rows' under the free rule."""

    def __init__(self, width: int, height: int, unique_rows: bool, cells: bytes) -> None:
        self.width, self.height, self.cells = width, height, cells
        self.meet = _meet(width, height, cells) if unique_rows else None
        meet = self.meet
        self.numbers = {meet.line(number): number for number in range(meet.lines)} if meet is not None else {}

    def count(self, pair: Pair, stop: Optional[threading.Event] = None) -> int:
        """The part's count, modulo 2**128; PuzzleTooLargeError past COUNT_MIB, _Stopped once stopped."""
        if self.meet is not None:
            status, found = self.meet.count_pair(self.numbers[pair[0]], self.numbers[pair[1]])
            if status == Status.PAUSED:
                raise _Stopped
            result = found if status == Status.EXHAUSTED else None
        else:
            result = _count_rows(self.width, self.height, _with_middle(self.width, self.height, self.cells, pair), stop)
        if result is None:
            raise _too_large(self.width, self.height)
        return int(result)


def count_chunk(width: int, height: int, unique_rows: bool, cells: bytes, pairs: Sequence[Pair]) -> list[int]:
    """The counts of the parts ``pairs`` of one grid (a task for an executor): each modulo 2**128.

    PuzzleTooLargeError when a part would pass COUNT_MIB.
    """
    counter = _PartCounter(width, height, unique_rows, cells)
    return [counter.count(pair) for pair in pairs]


def count_whole(puzzle: Puzzle, progress: Optional[bool]) -> int:
    """The count in this process: the free rule's by one dynamic program from each end, the distinct rule's
    part by part on one worker thread (so that Ctrl-C stops it at once). CounterUnfit, or
    PuzzleTooLargeError."""
    check_countable(puzzle)
    if not puzzle.unique_rows:
        total = _count_rows(puzzle.width, puzzle.height, puzzle.cells)
        if total is None:
            raise _too_large(puzzle.width, puzzle.height)
        return total
    return split_count(puzzle, jobs=1, executor=None, checkpoint=None, progress=progress)


def _header(puzzle: Puzzle, parts: Parts) -> dict[str, Any]:
    """The checkpoint's first line: what names the count exactly."""
    return {
        "fastpuzzle": "takuzu split count",
        "version": CHECKPOINT_VERSION,
        "width": puzzle.width,
        "height": puzzle.height,
        "rule": "unique" if puzzle.unique_rows else "free",
        "rows": list(puzzle.rows),
        "parts": len(parts.pairs),
    }


def split_count(
    puzzle: Puzzle,
    *,
    jobs: Optional[int],
    executor: Any,
    checkpoint: Optional[PathLike],
    progress: Optional[bool],
) -> int:
    """The count, split into parts (see the module's docstring): on ``executor`` in chunks, or on a thread
    pool of ``jobs`` workers (default: the usable CPUs), part by part; recorded in ``checkpoint``. The
    parts are those of :func:`oriented`'s choice of the grid or its transpose."""
    check_countable(puzzle)
    puzzle = oriented(puzzle)
    workers = 1
    if executor is not None:
        executor = _executors.as_executor(executor)
        workers = _executors.workers_of(executor, None)
    parts = parts_of(puzzle)
    results: dict[int, tuple[int, ...]] = {}
    book: Optional[Checkpoint] = None
    if checkpoint is not None:
        keys = [list(pair) for pair in parts.pairs]
        book = take_up(checkpoint, _header(puzzle, parts), keys, 1, "takuzu", progress)
        results.update(book.finished)
    try:
        missing = [index for index in range(len(parts.pairs)) if index not in results]
        with progress_bar("takuzu", show=progress, total=len(parts.pairs), unit=" parts") as bar:

            def finished(index: int, result: int) -> None:
                results[index] = (result,)
                if book is not None:
                    book.record(index, (result,))
                if bar.callback is not None:
                    bar.callback(len(results) / len(parts.pairs))

            if missing and executor is not None:
                _run_chunks(puzzle, parts, missing, executor, workers, finished)
            elif missing:
                _run_threads(puzzle, parts, missing, jobs, finished)
    except BaseException:
        if book is not None:
            book.close(quiet=True)
        raise
    if book is not None:
        book.close()
    total = sum(results[index][0] * multiplicity for index, multiplicity in enumerate(parts.multiplicities))
    return total % COUNT_MODULUS


def _run_chunks(puzzle: Puzzle, parts: Parts, missing: list[int], executor: Any, workers: int, finished: Any) -> None:
    """The ``missing`` parts on ``executor``, CHUNKS_PER_WORKER chunks of neighbouring parts a worker."""
    size = max(1, -(-len(missing) // (CHUNKS_PER_WORKER * workers)))
    chunks = [missing[start : start + size] for start in range(0, len(missing), size)]
    width, height, unique, cells = puzzle.width, puzzle.height, puzzle.unique_rows, puzzle.cells

    def submit(chunk: list[int]) -> Any:
        return executor.submit(count_chunk, width, height, unique, cells, [parts.pairs[index] for index in chunk])

    _executors.run_chunks(chunks, submit, finished, check_stop)


def _run_threads(puzzle: Puzzle, parts: Parts, missing: list[int], jobs: Optional[int], finished: Any) -> None:
    """The ``missing`` parts on a thread pool of ``jobs``, part by part; the threads share one counter of
    the meet (its pairs count without the GIL), which a failure or Ctrl-C stops at once."""
    stop = threading.Event()
    counter = _PartCounter(puzzle.width, puzzle.height, puzzle.unique_rows, puzzle.cells)

    def count_part(pair: Pair) -> list[int]:
        return [counter.count(pair, stop)]

    with _executors.pool(jobs) as (threads, _):
        try:
            _executors.run_chunks(
                [[index] for index in missing],
                lambda chunk: threads.submit(count_part, parts.pairs[chunk[0]]),
                finished,
                check_stop,
            )
        except BaseException:
            stop.set()
            if counter.meet is not None:
                counter.meet.stop()
            raise
