"""One huge reversi count split into exact parts, counted on an executor.

The tree is expanded from the root ply by ply (a pass is a ply) until a ply
holds :data:`FRONTIER_TARGET` unique positions or more; positions that are the
same up to the 8 symmetries of the board are merged and kept once, with their
multiplicity. Each unique frontier position is a *part*; the total is what the
expansion settled on its way (games over before the frontier) plus each part's
count times its multiplicity, in Python integers, exactly.

How the parts become tasks depends on who runs them. fastpuzzle's own thread
pool (``jobs=``) gets each part as a task: a thread's task costs microseconds,
and Ctrl-C stops within a part. Any other executor (a process pool, a Dask
client, ``--scheduler``) gets them in chunks, one task each
(:func:`count_parts`): a Dask task costs about a millisecond to schedule, a part
from 0.1 ms up. A few parts, spread over the frontier, are counted first in the
calling process to time a part (:func:`seconds_per_part`; their results are
kept), and the rest go in CHUNKS_PER_WORKER chunks a worker, fewer if those
would hold less than TASK_SECONDS of work each, more if they would hold more
than CHUNK_SECONDS (:func:`chunked`). The executor schedules the chunks as it
does any task: a Dask worker lost in the middle of one is replaced and the
chunk counted again, by Dask. Each part keeps its own result and its own line
in the checkpoint, written when its chunk returns; the progress bar moves by
parts.

The frontier depends on the count's arguments only, so a checkpoint (JSON
Lines: a header naming the count, then one line per finished part) lets an
interrupted count resume with the parts it still misses.

The worker threads of one process (fastpuzzle's own thread pool, a
``ThreadPoolExecutor``, a Dask worker's threads) count their parts through one
shared transposition table, so that no thread misses the transpositions
another one stored: the memory is one table per process, not one per thread.
Each worker process (a process pool's, a Dask worker process) has its own.
"""

from __future__ import annotations

import math
import os
import threading
import weakref
from time import perf_counter

from fastpuzzle._common import executors as _executors
from fastpuzzle._common.checkpoint import take_up
from fastpuzzle._common.progress import check_stop, progress_bar, stop_callback, stopped_by
from fastpuzzle._common.select import kernel_now

TYPE_CHECKING = False

if TYPE_CHECKING:
    from collections.abc import Sequence
    from concurrent.futures import Executor, Future
    from typing import Any, Callable, Optional, Union

    from fastpuzzle._common.checkpoint import Checkpoint

    from ._facade import Board

    Key = tuple[int, int]
    Result = tuple[int, ...]
    PathLike = Union[str, "os.PathLike[str]"]

#: Unique positions at which the expansion stops: the first ply with at least
#: this many becomes the frontier. From the 8x8 start that is ply 6, 1773 parts:
#: enough to keep a few dozen workers busy to the end, few enough that a task's
#: overhead (about 3 ms on a local Dask cluster) stays far below its count.
#: (Perft 13 counted part by part on one reused table visits 0.14 % more nodes
#: than the serial count, at ply 5, 6 or 7 alike.)
FRONTIER_TARGET = 1024
#: Seconds of work a task sent to an executor other than fastpuzzle's own thread
#: pool (a process pool, a Dask cluster) should hold at least: Dask's guidance
#: for a task (its own cost is about a millisecond each, a few on a loaded
#: machine). The missing parts are sent in chunks at least this long by the
#: estimate of :func:`seconds_per_part`, see :func:`chunked`.
TASK_SECONDS = 0.1
#: Chunks per worker, when each holds TASK_SECONDS at least: the last chunks to
#: finish are then short enough beside the count for the workers to end nearly
#: together; more would cost a worker the positions its parts share (see
#: :func:`chunked`).
CHUNKS_PER_WORKER = 2
#: Seconds of work a chunk holds at most: a killed worker loses no more than
#: this, and a checkpoint gets its lines (written when a chunk returns) at least
#: this often per worker, even in a count of days.
CHUNK_SECONDS = 60.0
#: At most this many parts are counted in the calling process to time a part
#: (the workers wait meanwhile: perft 12 from the 8x8 start spends about 5 ms on 8, 18 ms on 32) ...
SAMPLE_PARTS = 8
#: ... and for at most about this many seconds (a part longer than this is stopped and not kept).
SAMPLE_SECONDS = TASK_SECONDS / 2
#: log2 of the entries of the small table the sample is counted on (1 MiB): a large one costs more in
#: its first touches of memory than the sample's parts themselves.
SAMPLE_TABLE_BITS = 14
#: Version of the checkpoint's format, in its header.
CHECKPOINT_VERSION = 2
PERFT, GAMES = "perft", "games"
#: The colours by index: a position's multiplicities are kept per colour to move.
WHITE, BLACK = 0, 1


class Frontier:
    """The parts of one count and what the expansion settled before them.

    ``parts[i]`` is a canonical position (discs of the side to move, the
    other's) and ``multiplicities[i]`` how often it was reached with white to
    move and with black to move. ``settled`` is (leaves,) for perft and
    (black wins, white wins, draws) for a count of games. ``ply`` is the
    frontier's distance from the root; ``depth`` the plies each part counts
    (perft only).
    """

    __slots__ = ("depth", "multiplicities", "parts", "ply", "settled")

    def __init__(
        self,
        ply: int,
        parts: list[Key],
        multiplicities: list[tuple[int, int]],
        settled: list[int],
        depth: Optional[int],
    ) -> None:
        self.ply = ply
        self.parts = parts
        self.multiplicities = multiplicities
        self.settled = settled
        self.depth = depth


def _kernel() -> Any:
    """The kernel reversi runs on now (compiled, or its twin under ``use_kernels``): read at each call."""
    return kernel_now("reversi")


def canonical(kernel: Any, n: int, player: int, opponent: int) -> Key:
    """The least of the position's 8 images, in the kernel's own order of canonical keys."""
    return min(zip(kernel.symmetric_images(n, player), kernel.symmetric_images(n, opponent)))


def _lead(player: int, opponent: int) -> int:
    """Discs of the side to move less the other side's."""
    return bin(player).count("1") - bin(opponent).count("1")


def expand(n: int, player: int, opponent: int, colour: int, depth: Optional[int], ended_counts: bool) -> Frontier:
    """Expand (``player`` to move, of ``colour``) to the frontier; ``depth`` None counts games to their end.

    For perft, the positions at ``depth`` itself are leaves (settled without a
    task), and a game over before it is a leaf in convention A
    (``ended_counts``) and nothing in B. For games, a game over before the
    frontier is scored at once.
    """
    kernel = _kernel()
    settled = [0] if depth is not None else [0, 0, 0]
    root = [0, 0]
    root[colour] = 1
    level: dict[Key, list[int]] = {canonical(kernel, n, player, opponent): root}
    ply = 0
    while level:
        if depth is not None and ply == depth:
            settled[0] += sum(white + black for white, black in level.values())
            level = {}
            break
        if len(level) >= FRONTIER_TARGET:
            break
        below: dict[Key, list[int]] = {}
        for (mine, theirs), times in level.items():
            following = kernel.children(n, mine, theirs)
            if not following:
                if not kernel.children(n, theirs, mine):
                    _settle(settled, depth, ended_counts, _lead(mine, theirs), times)
                    continue
                following = [(theirs, mine)]  # a forced pass: the other side plays on
            for child in following:
                # The child's side to move is the other colour.
                merged = below.setdefault(canonical(kernel, n, *child), [0, 0])
                merged[WHITE] += times[BLACK]
                merged[BLACK] += times[WHITE]
        level = below
        ply += 1
    parts = list(level)
    return Frontier(
        ply,
        parts,
        [(level[key][WHITE], level[key][BLACK]) for key in parts],
        settled,
        None if depth is None else depth - ply,
    )


def _settle(settled: list[int], depth: Optional[int], ended_counts: bool, lead: int, times: list[int]) -> None:
    """Add a game over before the frontier, reached ``times`` (white to move, black to move)."""
    if depth is not None:
        if ended_counts:
            settled[0] += times[WHITE] + times[BLACK]
        return
    # settled is (black wins, white wins, draws); the mover won if lead > 0.
    if lead == 0:
        settled[2] += times[WHITE] + times[BLACK]
    else:
        mover_won = lead > 0
        settled[0] += times[BLACK] if mover_won else times[WHITE]
        settled[1] += times[WHITE] if mover_won else times[BLACK]


def total(frontier: Frontier, results: dict[int, Result]) -> list[int]:
    """The count: what was settled plus each part's result times its multiplicity, per colour."""
    sums = list(frontier.settled)
    for index, (white, black) in enumerate(frontier.multiplicities):
        result = results[index]
        if frontier.depth is not None:
            sums[0] += (white + black) * result[0]
            continue
        mover_wins, mover_losses, draws = result
        sums[0] += black * mover_wins + white * mover_losses
        sums[1] += white * mover_wins + black * mover_losses
        sums[2] += (white + black) * draws
    return sums


# -- the task a worker runs ---------------------------------------------------

_worker = threading.local()
#: This process's shared tables, by (kernel, table bits, board side, kind of
#: count): one per table size, and a second only while counts of another kind
#: run at the same time (a table holds one kind; switching it under a running
#: count is a RuntimeError). A table lives while a worker thread's Counter uses it.
_tables: weakref.WeakValueDictionary[tuple[str, int, int, str], Any] = weakref.WeakValueDictionary()
_tables_lock = threading.Lock()


def _kind(depth: Optional[int], ended_counts: bool) -> str:
    """What a table holds for a part: games, or perft in convention A or B."""
    return GAMES if depth is None else f"{PERFT} {'A' if ended_counts else 'B'}"


def _shared_table(kernel: Any, table_bits: int, n: int, kind: str) -> Any:
    """The Table this process's worker threads share for counts of kind on an n x n board."""
    key = (kernel.__name__, table_bits, n, kind)
    with _tables_lock:
        table = _tables.get(key)
        if table is None:
            table = _tables[key] = kernel.Table(table_bits)
    return table


def _worker_counter(table_bits: int, n: int, kind: str) -> Any:
    """This worker thread's Counter, on the process's shared table, made once and reused by every part it counts.

    A new Counter when the part needs another table (another size or kind of
    count, or another kernel); the Counter keeps its own near table.
    """
    kernel = _kernel()
    table = _shared_table(kernel, table_bits, n, kind)
    counter = getattr(_worker, "counter", None)
    if counter is None or counter.table is not table or not isinstance(counter, kernel.Counter):
        counter = _worker.counter = kernel.Counter(table=table)
    return counter


def count_part(
    n: int,
    player: int,
    opponent: int,
    depth: Optional[int],
    ended_counts: bool,
    table_bits: int,
    stop: Optional[threading.Event] = None,
) -> Result:
    """One part: (leaves,) ``depth`` plies below (perft), or (mover wins, opponent wins, draws) with ``depth`` None.

    A module-level function of picklable arguments and result, for process
    pools and Dask. The parts counted in the threads of one process go through
    one shared table of ``2**table_bits`` entries. ``stop`` (threads of this
    process only) stops the count within one poll of being set.
    """
    with stopped_by(stop):
        check_stop()
        check = stop_callback()
        counter = _worker_counter(table_bits, n, _kind(depth, ended_counts))
        if depth is None:
            wins, losses, draws = counter.count(n, player, opponent, check, shares=False)
            return (int(wins), int(losses), int(draws))
        return (int(counter.perft(n, player, opponent, depth, ended_counts, check, shares=False)),)


def count_parts(n: int, parts: list[Key], depth: Optional[int], ended_counts: bool, table_bits: int) -> list[Result]:
    """The results of ``parts`` (each a (player, opponent) pair), in order: a chunk of parts as one task.

    A module-level function of picklable arguments and result, for process
    pools and Dask, which :func:`count_part` is for each part: the parts go
    through the worker's shared table and its thread's Counter, reused.
    """
    return [count_part(n, player, opponent, depth, ended_counts, table_bits) for player, opponent in parts]


# -- chunks for an executor ---------------------------------------------------


class _Overdue(Exception):
    """A sample's part ran past the sample's time."""


def sample_order(missing: Sequence[int]) -> list[int]:
    """At most SAMPLE_PARTS of ``missing``, evenly spaced over it, in an order whose every prefix is spread
    over the whole (its first 2**j fall one in each 2**j-th of ``missing``): a sample stopped early is still
    spread."""
    count = len(missing)
    if not count:
        return []
    bits = (SAMPLE_PARTS - 1).bit_length()
    order: list[int] = []
    for slot in sorted(range(SAMPLE_PARTS), key=lambda slot: int(f"{slot:0{bits}b}"[::-1], 2)):
        index = missing[(2 * slot + 1) * count // (2 * SAMPLE_PARTS)]
        if index not in order:
            order.append(index)
    return order


def seconds_per_part(
    n: int,
    frontier: Frontier,
    ended_counts: bool,
    table_bits: int,
    missing: Sequence[int],
    kept: Callable[[int, Result], None],
) -> float:
    """Seconds a missing part takes, estimated by counting a few of them here, one after the other.

    An evenly spread sample of ``missing`` (:func:`sample_order`) is counted in
    the calling process, on a small table of its own, until SAMPLE_PARTS are
    counted or SAMPLE_SECONDS have passed; each finished part's result is exact
    and handed to ``kept`` (recorded, never counted again). A part still
    running at the end of that time is stopped and dropped, and counted on the
    executor with the rest. The estimate is the time spent over the parts
    finished (the dropped one's time included, so a long part weighs), or
    infinite when none finished: parts are then long enough to be a task each.

    Why a sample: a part's cost depends on the count (the depth left, the
    board, how the game branches there) and on the machine, over more than
    four orders of magnitude (from 0.1 ms to hours); a few real parts measure
    both at once, and cost nothing that is not kept. Measured from the 8x8
    start (perft 11, 12, 13), the sample's mean was 1.0, 1.1 and 1.25 times
    the mean over all parts counted on one large table: a little long, as the
    sample's table is small and cold; chunks then err short. It is taken on
    this machine: a cluster's machines may be faster or slower.
    """
    kernel = _kernel()
    counter = kernel.Counter(min(table_bits, SAMPLE_TABLE_BITS))
    depth = frontier.depth
    began = perf_counter()
    deadline = began + SAMPLE_SECONDS

    def check(done: float) -> None:
        if perf_counter() > deadline:
            raise _Overdue

    finished = 0
    for index in sample_order(missing):
        player, opponent = frontier.parts[index]
        try:
            if depth is None:
                wins, losses, draws = counter.count(n, player, opponent, check, shares=False)
                result: Result = (int(wins), int(losses), int(draws))
            else:
                result = (int(counter.perft(n, player, opponent, depth, ended_counts, check, shares=False)),)
        except _Overdue:
            break
        finished += 1
        kept(index, result)
        if perf_counter() > deadline:
            break
    return (perf_counter() - began) / finished if finished else math.inf


def chunked(missing: Sequence[int], seconds: float, workers: int) -> list[list[int]]:
    """The ``missing`` parts in chunks (consecutive runs, in order) for ``workers`` that each count a part in
    ``seconds``: every part in exactly one chunk, chunks of sizes that differ by one at most.

    CHUNKS_PER_WORKER chunks per worker (one part each when there are fewer
    parts than that), and fewer when those would hold less than TASK_SECONDS
    of work each: then as many as hold TASK_SECONDS each (TASK_SECONDS /
    ``seconds`` parts, rounded up), one chunk of everything when there is
    less. So no task is so short that the executor's own cost for it counts,
    and the last chunks to finish are a small share of a worker's. But more,
    when those would hold more than CHUNK_SECONDS of work each: no chunk holds
    more (one part each when ``seconds`` is that long, or unknown: infinite).

    Why so few chunks: a worker process counts its parts on a table of its own,
    and parts next to each other in the frontier (expanded from the same
    positions) share many positions below them. Long runs of them on one worker
    find those in its table; parts dealt out in short runs to many workers
    count them again in each. Perft 13 from the 8x8 start on a local cluster
    of two one-thread workers took 1.26 times as long as two threads sharing
    one table with chunks of 0.1 s (88 chunks), 1.17 times with chunks of
    0.4 s, and 1.09 times with 4 chunks per worker (8 chunks); with 2 chunks per
    worker and a sample of 8 parts, perft 12 took 1.07 times (4 a worker and 32
    parts: 1.26) and perft 13 1.10 times, medians of five rounds.
    """
    count = len(missing)
    if count == 0:
        return []
    smallest, largest = _chunk_bounds(seconds, count)
    chunks = max(1, min(count, CHUNKS_PER_WORKER * max(1, workers), count // smallest))
    chunks = max(chunks, -(-count // largest))
    return [list(missing[i * count // chunks : (i + 1) * count // chunks]) for i in range(chunks)]


def _chunk_bounds(seconds: float, count: int) -> tuple[int, int]:
    """The fewest parts a chunk of parts of ``seconds`` each should hold (TASK_SECONDS) and the most
    (CHUNK_SECONDS), each from 1 to ``count``."""
    if not seconds > 0:  # too short to time: as if free
        return count, count
    smallest = min(count, max(1, math.ceil(TASK_SECONDS / seconds)))
    largest = min(count, max(1, math.floor(CHUNK_SECONDS / seconds)))
    return smallest, largest


# -- the checkpoint -----------------------------------------------------------


def _header(
    kind: str, board: Board, to_move: str, depth: Optional[int], convention: Optional[str], frontier: Frontier
) -> dict[str, Any]:
    """The checkpoint's first line: what names the count exactly."""
    return {
        "fastpuzzle": "reversi split count",
        "version": CHECKPOINT_VERSION,
        "kind": kind,
        "board": str(board),
        "to_move": to_move,
        "depth": depth,
        "convention": convention,
        "frontier_ply": frontier.ply,
        "parts": len(frontier.parts),
    }


# -- the count ----------------------------------------------------------------


def split_count(
    board: Board,
    to_move: str,
    depth: Optional[int],
    convention: Optional[str],
    table_bits: int,
    *,
    jobs: Optional[int],
    executor: Any,
    checkpoint: Optional[PathLike],
    progress: Optional[bool],
) -> list[int]:
    """The count, split: [leaves] for perft (``depth`` given), else [black wins, white wins, draws].

    The facade has checked every argument. ``executor`` (any
    ``concurrent.futures.Executor`` or a Dask client) runs the parts; without
    one, a thread pool of ``jobs`` workers, which Ctrl-C stops promptly.
    ``progress``: a bar of the parts finished, as the facade's ``progress``; unless it is False, a count
    that takes up an earlier run's checkpoint says so first, on standard error
    (``fastpuzzle: reversi: resuming: 176 of 1773 parts done``).
    """
    workers = 1
    if executor is not None:
        executor = _executors.as_executor(executor)  # a TypeError before any work, not at the first part
        workers = _executors.workers_of(executor, None)
    colour = WHITE if to_move == "white" else BLACK
    white, black = board.discs(0), board.discs(1)
    mover, other = (white, black) if to_move == "white" else (black, white)
    ended_counts = convention == "A"
    frontier = expand(board.n, mover, other, colour, depth, ended_counts)
    results: dict[int, Result] = {}
    book: Optional[Checkpoint] = None
    if checkpoint is not None:
        kind = GAMES if depth is None else PERFT
        header = _header(kind, board, to_move, depth, convention, frontier)
        keys = [list(part) for part in frontier.parts]
        book = take_up(checkpoint, header, keys, 1 if depth is not None else 3, "reversi", progress)
        results.update(book.finished)
    try:
        missing = [index for index in range(len(frontier.parts)) if index not in results]
        with progress_bar("reversi", show=progress, total=len(frontier.parts), unit=" parts") as bar:
            if missing:
                task = _Task(board.n, frontier, ended_counts, table_bits, results, book, bar.callback)
                if executor is not None:
                    task.run(executor, None, task.chunks(missing, workers))
                else:
                    with _executors.pool(jobs) as (threads, _):
                        task.run(threads, threading.Event(), [[index] for index in missing])
    except BaseException:
        if book is not None:
            book.close(quiet=True)  # the error on its way says more than one closing the file
        raise
    if book is not None:
        book.close()
    return total(frontier, results)


class _Task:
    """Hands the missing parts of one count to an executor and collects their results as they finish."""

    def __init__(
        self,
        n: int,
        frontier: Frontier,
        ended_counts: bool,
        table_bits: int,
        results: dict[int, Result],
        book: Optional[Checkpoint],
        progress: Optional[Callable[[float], None]],
    ) -> None:
        self.n = n
        self.frontier = frontier
        self.ended_counts = ended_counts
        self.table_bits = table_bits
        self.results = results
        self.book = book
        self.progress = progress

    def finished(self, index: int, result: Result) -> None:
        """Keep a part's result: record it in the checkpoint, move the bar."""
        self.results[index] = result
        if self.book is not None:
            self.book.record(index, result)
        if self.progress is not None:
            self.progress(len(self.results) / len(self.frontier.parts))

    def chunks(self, missing: list[int], workers: int) -> list[list[int]]:
        """The ``missing`` parts in chunks for an executor of ``workers``, the size of a chunk from a sample
        counted here first (:func:`seconds_per_part`); the parts of the sample are kept, and not in any chunk.

        With CHUNKS_PER_WORKER parts a worker or fewer, each part is a chunk, without a sample.
        """
        if len(missing) <= CHUNKS_PER_WORKER * workers:
            return [[index] for index in missing]
        seconds = seconds_per_part(self.n, self.frontier, self.ended_counts, self.table_bits, missing, self.finished)
        return chunked([index for index in missing if index not in self.results], seconds, workers)

    def run(self, executor: Executor, stop: Optional[threading.Event], chunks: list[list[int]]) -> None:
        """Count the parts of ``chunks`` on ``executor``, a task a chunk; ``stop`` (own threads only, which
        get chunks of one part) is set when the count fails."""
        depth = self.frontier.depth
        parts = self.frontier.parts

        def count_one(index: int) -> list[Result]:
            player, opponent = parts[index]
            return [count_part(self.n, player, opponent, depth, self.ended_counts, self.table_bits, stop)]

        def submit(chunk: list[int]) -> Future[Any]:
            if stop is not None:
                (index,) = chunk
                return executor.submit(count_one, index)
            keys = [parts[index] for index in chunk]
            return executor.submit(count_parts, self.n, keys, depth, self.ended_counts, self.table_bits)

        try:
            _executors.run_chunks(chunks, submit, lambda index, result: self.finished(index, tuple(result)))
        except BaseException:
            if stop is not None:
                stop.set()
            raise
