"""Many puzzles at once: chunks of contest texts on an executor, results in input order.

The batch layer speaks only the facade contract (``parse``, ``solve``,
``format``); the command line hands in what its puzzle's command prints. Work goes out in
chunks, whose size adapts so a chunk takes about :data:`CHUNK_SECONDS`: a
million tiny puzzles do not become a million tasks, and a few heavy ones are
not queued behind each other. Results are streamed: at most a few chunks per
worker are in flight, whatever the length of the input.

The command line's ``--batch`` reads puzzles out of files (``_batch_input``);
it hands each one over as an :class:`Item`, so that errors name the lines of
the file, and its puzzles may arrive slower than they are solved: a
:class:`Source` that can say "nothing yet" lets finished results out meanwhile.
"""

from __future__ import annotations

import re
import time
from functools import partial
from importlib import import_module
from itertools import islice
from operator import itemgetter
from typing import NamedTuple, Optional

from fastpuzzle._common.executors import as_executor, checked_jobs, pool, workers_of
from fastpuzzle._common.progress import stopped_by
from fastpuzzle._common.select import twins_active
from fastpuzzle._common.text import NOT_TEXT, not_text, shown
from fastpuzzle._contract.facade import facade_of
from fastpuzzle.errors import (
    ArgumentError,
    FastpuzzleError,
    MultipleSolutionsError,
    NoSolutionError,
    ParseError,
    PuzzleTooLargeError,
)

TYPE_CHECKING = False

if TYPE_CHECKING:
    import threading
    from collections.abc import Iterable, Iterator
    from types import ModuleType
    from typing import Any, Callable, Protocol, Union

    class Source(Protocol):
        """Where a stream takes its puzzles from."""

        def take(self, count: int, wait: bool) -> Optional[list[Any]]:
            """Up to ``count`` puzzles; None once there are no more.

            Without ``wait``, an empty list when none has arrived yet; then
            the source sets the event given to :meth:`notify` when one does.
            """

        def notify(self, event: threading.Event) -> None:
            """Set ``event`` whenever a puzzle arrives."""


#: Seconds of work a chunk aims at once the batch has measured its puzzles.
CHUNK_SECONDS = 0.05
#: The largest chunk, however fast its puzzles.
MAX_CHUNK = 4096
#: Chunks in flight per worker: enough to keep every worker busy, few enough to bound memory.
CHUNKS_PER_WORKER = 3

SOLVED, NO_SOLUTION, SEVERAL, BAD_INPUT, TOO_LARGE = "solved", "no_solution", "several", "bad_input", "too_large"
#: A Result's seconds, taken as C takes an item.
_SECONDS = itemgetter(4)
#: A ParseError's message: where, and what was expected.
_PLACED = re.compile(r"(line|row) (\d+), column (\d+): (.*)", re.DOTALL)


class Result(NamedTuple):
    """One puzzle's outcome in a batch.

    ``status`` is "solved", "no_solution", "several", "bad_input" or
    "too_large"; ``output`` is the contest output when solved, ``error`` the
    one-line message otherwise; ``seconds`` the time spent on it. Immutable,
    and as cheap to build as a tuple; equal only to a Result with equal fields.
    """

    index: int  # type: ignore[assignment]  # the field hides tuple.index(), which a Result never needs
    status: str
    output: Optional[str]
    error: Optional[str]
    seconds: float

    def __eq__(self, other: object) -> bool:
        return type(other) is Result and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return tuple.__hash__(self)


class Item(NamedTuple):
    """A puzzle read out of a file: its text, the file's line it starts on, and a problem found reading it.

    ``parse``'s errors are moved down by ``first_line - 1`` lines, so that they
    name lines of the file. ``error``, when set, is the message of a problem
    the reader found (bytes that are no UTF-8, a line too long, a first line
    that starts no puzzle), already naming the file's line: the puzzle is then
    ``bad_input`` without being parsed.
    """

    text: str
    first_line: int = 1
    error: Optional[str] = None


class Lined(list):  # type: ignore[type-arg]
    """Puzzles of a file, contest texts and Items, with ``first_lines``: the file's line each
    starts on (a text's parse errors are moved down by it, as an Item's). A list, so it pickles for process
    pools and Dask alike."""

    def __init__(self, texts: list[Union[str, Item]], first_lines: list[int]) -> None:
        super().__init__(texts)
        self.first_lines = first_lines


class Outcomes(NamedTuple):
    """The outcomes of a chunk of puzzles, from index ``start`` of its batch, as compactly as they come.

    ``items[i]`` is puzzle ``start + i``'s: its output (a str) when its facade solved it in bulk, each such
    taking ``share`` seconds, or else its :class:`Result`. ``seconds``: the chunk's, summed; ``unsolved``: how
    many of its puzzles were not solved. A batch that writes records writes them from the items (no Result per
    puzzle solved in bulk); :meth:`results` gives a Result for each.
    """

    start: int
    items: list[Union[str, Result]]
    share: float
    seconds: float
    unsolved: int

    def results(self) -> list[Result]:
        """A :class:`Result` for each puzzle, in order (made in one compiled call)."""
        results: list[Result] = compiled().solved_results(Result, self.start, self.items, SOLVED, self.share)
        return results


def placed(error: ParseError, first_line: int) -> str:
    """The message of ``parse``'s ``error`` for a text that starts on line ``first_line`` of its file."""
    if first_line == 1:
        return str(error)
    return str(ParseError(error.reason, error.line + first_line - 1, error.column, unit=error.unit))


def _answer_chunk_until(stop: threading.Event, *arguments: Any) -> Outcomes:
    """:func:`answer_chunk` in a thread that stops (KeyboardInterrupt) at a kernel's poll once ``stop`` is set."""
    with stopped_by(stop):
        return answer_chunk(*arguments)


def _status_of(error: FastpuzzleError) -> str:
    if isinstance(error, NoSolutionError):
        return NO_SOLUTION
    if isinstance(error, MultipleSolutionsError):
        return SEVERAL
    if isinstance(error, PuzzleTooLargeError):
        return TOO_LARGE
    return BAD_INPUT


def solve_chunk(
    puzzle: str,
    start: int,
    texts: list[Union[str, Item]],
    output: Optional[Callable[[Any], str]] = None,
) -> list[Result]:
    """Solve ``texts`` (the puzzles from index ``start`` on): one :class:`Result` each, as
    :func:`answer_chunk` answers them."""
    return answer_chunk(puzzle, start, texts, output).results()


def answer_chunk(
    puzzle: str,
    start: int,
    texts: list[Union[str, Item]],
    output: Optional[Callable[[Any], str]] = None,
) -> Outcomes:
    """Solve ``texts`` (the puzzles from index ``start`` on): their :class:`Outcomes`.

    Each text is a contest text or an :class:`Item` (in a :class:`Lined` list, a
    text starts on the file's line it gives). A solved puzzle's output
    is what ``output`` makes of the parsed puzzle (the command line's, with its
    options), by default ``format(solve(puzzle))``; then a facade's
    ``solve_texts`` answers the plainly written texts of the chunk in one call,
    each taking an equal share of its time (their outputs stand for their
    Results: one at a time, Results would cost more than the kernel), and the
    rest go one by one. A module-level function of picklable arguments and
    results, so that process pools and Dask workers can run it.
    """
    facade = facade_of(puzzle)
    one = partial(_solve_one, facade.parse, output or (lambda parsed: facade.format(facade.solve(parsed))))
    if type(texts) is Lined:
        one = partial(_solve_lined, one, start, texts.first_lines)
    quick, share = _solved_in_bulk(facade, texts) if output is None else (None, 0.0)
    if quick is None:
        results: list[Any] = [one(index, item) for index, item in enumerate(texts, start)]
        unsolved = sum(result.status != SOLVED for result in results)
        return Outcomes(start, results, 0.0, sum(map(_SECONDS, results)), unsolved)
    items: list[Any] = quick
    seconds, unsolved = share * len(items), 0
    for at in compiled().nones(items):  # the puzzles to go one by one
        result = items[at] = one(start + at, texts[at])
        seconds += result.seconds - share
        unsolved += result.status != SOLVED
    return Outcomes(start, items, share, seconds, unsolved)


def compiled() -> ModuleType:
    """The batch's compiled helpers (``_batch_cy``), or their twin when the facades run on theirs."""
    return import_module("fastpuzzle._batch.twin" if twins_active() else "fastpuzzle._batch.kernel")


def _solve_one(parse: Callable[[str], Any], printed_of: Callable[[Any], str], index: int, item: Any) -> Result:
    """The :class:`Result` of one contest text or :class:`Item`, at ``index`` of its batch."""
    clock = time.perf_counter
    began = clock()
    if type(item) is not str and isinstance(item, Item):  # the type test first: most items are texts
        if item.error is not None:
            return Result(index, BAD_INPUT, None, item.error, clock() - began)
        text, first_line = item.text, item.first_line
    elif isinstance(item, str):
        text, first_line = item, 1
    else:
        return Result(index, BAD_INPUT, None, not_text(item), 0.0)
    try:
        parsed = parse(text)
    except ParseError as error:
        return Result(index, BAD_INPUT, None, placed(error, first_line), clock() - began)
    try:
        printed = printed_of(parsed)
    except FastpuzzleError as error:
        return Result(index, _status_of(error), None, str(error), clock() - began)
    except MemoryError:
        return Result(index, TOO_LARGE, None, "out of memory", clock() - began)
    return Result(index, SOLVED, printed, None, clock() - began)


def _solve_lined(
    one: Callable[[int, Any], Result], start: int, first_lines: list[int], index: int, item: Any
) -> Result:
    """``one`` for the puzzle at ``index`` of a :class:`Lined` chunk from ``start``: a text as the Item of its line."""
    return one(index, Item(item, first_lines[index - start]) if type(item) is str else item)


def _solved_in_bulk(facade: Any, texts: list[Union[str, Item]]) -> tuple[Optional[list[Optional[str]]], float]:
    """The facade's ``solve_texts`` of the chunk's texts (None where they must go one by one), and each one's
    share of its time; (None, 0.0) for no texts."""
    if not texts:
        return None, 0.0
    began = time.perf_counter()
    # A Lined chunk holds its puzzles as texts, but those whose reading failed: their Items go one by one.
    plain = (
        list(texts)
        if type(texts) is Lined
        else [item.text if type(item) is Item and item.error is None else item for item in texts]
    )
    quick = facade.solve_texts(plain)
    return quick, (time.perf_counter() - began) / len(texts)


def solve_many(
    puzzle: str, texts: Iterable[str], *, jobs: Optional[int] = None, executor: Any = None, errors: str = "record"
) -> Iterator[Result]:
    """Solve every contest text of ``puzzle``; yield one :class:`Result` per text, in input order.

    ``executor`` may be any ``concurrent.futures.Executor`` (threads or
    processes) or a ``dask.distributed.Client``; without one, a thread pool of
    ``jobs`` workers runs the batch (default: the CPUs this process may use),
    and stopping the batch (Ctrl-C, or closing the iterator) stops the puzzles
    in flight too, within a poll of the kernels. ``jobs`` is at most 1024.

    ``errors="record"`` (the default): a puzzle that is malformed, unsolvable or
    too large gets a record saying why, as does an item that is no ``str``; it
    never stops the batch. ``errors="raise"``: the first such puzzle, in input
    order, raises what solving it alone raises (:class:`ParseError`,
    :class:`NoSolutionError`, ...; TypeError for an item that is no ``str``),
    with the same message but without a :class:`MultipleSolutionsError`'s two
    solutions, and the batch stops. ``texts`` as one ``str`` (not a list of
    them) is a TypeError.
    """
    facade_of(puzzle)  # an unknown name fails before any work goes out
    jobs = checked_jobs(jobs)
    if errors not in ("record", "raise"):
        raise ArgumentError(f"errors must be 'record' or 'raise', got {shown(errors)}")
    if isinstance(texts, (str, bytes, bytearray)):  # one text, whose characters would each be a puzzle
        raise TypeError(f"expected an iterable of contest texts, found {type(texts).__name__}; pass [text] for one")
    if executor is not None:
        results = _stream(puzzle, iter(texts), as_executor(executor), workers_of(executor, jobs), None)
    else:
        results = _with_own_pool(puzzle, iter(texts), jobs)
    return results if errors == "record" else _raising(results)


def _with_own_pool(puzzle: str, texts: Iterator[str], jobs: Optional[int]) -> Iterator[Result]:
    from threading import Event

    with pool(jobs) as (threads, workers):
        yield from _stream(puzzle, texts, threads, workers, Event())


def _stream(
    puzzle: str, texts: Iterator[str], executor: Any, workers: int, stop: Optional[threading.Event]
) -> Iterator[Result]:
    """The results of ``texts`` one by one, as :func:`stream_chunks` gives them."""
    for outcomes in stream_chunks(puzzle, _Iterated(texts), executor, workers, stop=stop):
        yield from outcomes.results()


def _raising(results: Iterator[Result]) -> Iterator[Result]:
    """``results`` up to the first one not solved, which is raised as :func:`raised` makes it."""
    for result in results:
        if result.status != SOLVED:
            raise raised(result)
        yield result


def raised(result: Result) -> Exception:
    """The exception solving ``result``'s puzzle alone raises: the class its status names, its message."""
    message = result.error or ""
    error: Exception
    if result.status == NO_SOLUTION:
        error = NoSolutionError(message)
    elif result.status == SEVERAL:
        error = MultipleSolutionsError(message)
    elif result.status == TOO_LARGE:
        error = PuzzleTooLargeError(message)
    elif message.startswith(NOT_TEXT):
        error = TypeError(message)
    else:
        placed_error = _PLACED.fullmatch(message)
        if placed_error is None:
            error = ArgumentError(message)
        else:
            unit, line, column, reason = placed_error.groups()
            error = ParseError(reason, int(line), int(column), unit=unit)
    if hasattr(error, "add_note"):  # Python 3.11 on
        error.add_note(f"(the puzzle at index {result.index} of the batch)")
    return error


class _Iterated:
    """A :class:`Source` of an iterator: taking from it waits for its items, always."""

    def __init__(self, texts: Iterator[Any]) -> None:
        self.texts = texts

    def take(self, count: int, wait: bool) -> Optional[list[Any]]:
        return list(islice(self.texts, count)) or None

    def notify(self, event: threading.Event) -> None:
        pass


def stream_chunks(
    puzzle: str,
    source: Source,
    executor: Any,
    workers: int,
    output: Optional[Callable[[Any], str]] = None,
    *,
    stop: Optional[threading.Event] = None,
) -> Iterator[Outcomes]:
    """The :class:`Outcomes` of every puzzle ``source`` gives, a chunk at a time, in input order.

    A bounded window of chunks is in flight; the head chunk's results are
    yielded as soon as it is done. While the window has room the source is
    read, but a source with nothing to give yet never holds back a result that
    is ready. ``output``: as for :func:`solve_chunk`. ``stop``, for a thread
    pool only: an event set when the stream ends early, which stops the chunks
    in flight at their kernels' next poll.
    """
    from collections import deque
    from threading import Event

    window = workers * CHUNKS_PER_WORKER
    pending: deque[Any] = deque()
    progress = Event()  # set when a chunk is done or the source has more
    source.notify(progress)
    start, chunk, exhausted = 0, 1, False

    def wake(_: object) -> None:
        progress.set()

    try:
        while True:
            progress.clear()
            while not exhausted and len(pending) < window:
                items = source.take(chunk, wait=not pending)
                if items is None:
                    exhausted = True
                elif items:
                    if stop is None:
                        future = executor.submit(answer_chunk, puzzle, start, items, output)
                    else:
                        future = executor.submit(_answer_chunk_until, stop, puzzle, start, items, output)
                    future.add_done_callback(wake)
                    pending.append(future)
                    start += len(items)
                    continue
                break
            if not pending:
                return
            if not pending[0].done() and not exhausted and len(pending) < window:
                progress.wait()  # for the head chunk, or for more input
                continue
            outcomes = pending.popleft().result()
            spent = outcomes.seconds / len(outcomes.items)
            chunk = max(1, min(MAX_CHUNK, int(CHUNK_SECONDS / spent) if spent > 0 else MAX_CHUNK))
            yield outcomes
    finally:
        if stop is not None:
            stop.set()
        for future in pending:
            future.cancel()
