"""``--batch``: the command solves any number of puzzles and writes one JSON line for each."""

from __future__ import annotations

import argparse
import os
import sys

from fastpuzzle.errors import FastpuzzleError

from ._exits import EXIT_BAD_INPUT, EXIT_NOT_ALL_SOLVED, EXIT_OK
from ._output import failed, flush_output, prefix, say
from ._reading import cannot_read, check_readable
from ._signals import held_signals, stopped

TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import Any

    from fastpuzzle._contract.facade import Facade

    from ._command import Command

__all__ = ["prints_contest_output", "run_batch"]

#: Options that say how a batch runs, not what it prints.
_RUNNING_OPTIONS = frozenset({"puzzle", "files", "batch", "jobs", "scheduler", "verbose", "command_parser"})


def run_batch(
    name: str, facade: Facade[Any, Any], puzzle_command: Command[Any], options: argparse.Namespace, files: list[str]
) -> int:
    """``--batch``: one JSON line per puzzle of ``files``, in input order, as each is solved.

    A record is ``{"file", "index", "line", "status", "output" | "error",
    "seconds"}``: the file (``-``: standard input), the puzzle's 0-based index
    in it and the line it starts on, and its outcome. Every FILE must open
    before the first record (exit 2 otherwise). Exit 0 when every puzzle is
    solved, 5 when some are not. SIGINT and SIGTERM stop the batch with the
    records written so far whole.
    """
    from contextlib import ExitStack
    from functools import partial

    from fastpuzzle._batch.reading import BatchReader, UnreadableFile
    from fastpuzzle._batch.runner import stream_chunks
    from fastpuzzle._common.executors import pool
    from fastpuzzle._common.progress import progress_bar

    start = prefix(name)
    for path in files:
        try:
            check_readable(path)
        except OSError as error:
            say(start + cannot_read(path, error))
            return EXIT_BAD_INPUT
    # What the workers see: the options, without the parser (which does not pickle).
    worker_options = argparse.Namespace(
        **{key: value for key, value in vars(options).items() if key != "command_parser"}
    )
    reader = BatchReader(files, facade.puzzle_lines, sys.stdin)
    all_solved = True
    try:
        with ExitStack() as stack:
            signals = held_signals()
            stack.enter_context(signals)
            bar = stack.enter_context(progress_bar(name, unit=" puzzles", delay=0.0))
            try:
                executor, workers = stack.enter_context(pool(options.jobs, options.scheduler, options.verbose))
            except FastpuzzleError as error:  # --scheduler: no Dask, or no scheduler at that address
                say(start + str(error))
                return EXIT_BAD_INPUT
            reader.start()
            # With none of the puzzle's own options, the command prints solve_text's output: the batch may
            # then solve plainly written puzzles in bulk (output=None).
            output = (
                None
                if prints_contest_output(options)
                else partial(puzzle_command.run, options=worker_options)  # picklable, for processes and Dask
            )
            for outcomes in stream_chunks(name, reader, executor, workers, output):
                records = reader.records(outcomes.items, outcomes.share)
                all_solved = all_solved and not outcomes.unsolved
                with signals.held():
                    written = flush_output(name, records)
                if written != EXIT_OK:
                    return written
                bar.advance(len(outcomes.items))
    except UnreadableFile as failure:
        say(start + cannot_read(failure.path, failure.error))
        return EXIT_BAD_INPUT
    except FastpuzzleError as error:  # a setting of the user's (FASTPUZZLE_AVAILABLE_MIB) that the batch reads
        return failed(start, error)
    except KeyboardInterrupt as stop:
        # The pool has cancelled what had not started, without waiting for what runs.
        code = stopped(name, stop)
        _leave_if_workers_run(code)
        return code
    return EXIT_OK if all_solved else EXIT_NOT_ALL_SOLVED


def prints_contest_output(options: argparse.Namespace) -> bool:
    """Whether the puzzle's command prints just what its facade's ``solve_text`` prints: no option of its own
    is given (each is at its default)."""
    parser = options.command_parser
    return all(value == parser.get_default(key) for key, value in vars(options).items() if key not in _RUNNING_OPTIONS)


def _leave_if_workers_run(code: int) -> None:
    """Exit at once with ``code`` if a worker thread still runs a puzzle.

    A kernel in a worker thread cannot be interrupted, and the interpreter
    waits for the pool's threads at exit; idle ones end within moments.
    Standard output and error are flushed first.
    """
    import threading
    import time
    from contextlib import suppress

    deadline = time.monotonic() + 0.2
    workers = [
        thread for thread in threading.enumerate() if thread.name.startswith("fastpuzzle_") and not thread.daemon
    ]
    for thread in workers:
        thread.join(max(0.0, deadline - time.monotonic()))
    if any(thread.is_alive() for thread in workers):
        for stream in (sys.stdout, sys.stderr):
            with suppress(OSError, ValueError):
                if stream is not None:
                    stream.flush()
        os._exit(code)
