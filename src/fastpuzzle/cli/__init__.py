"""The command line: ``python -m fastpuzzle <puzzle> [FILE]``.

Reads the contest format from FILE (standard input when FILE is absent or
``-``) and prints exactly the contest output. Every outcome is an exit code and
at most one line on standard error, ``fastpuzzle: PUZZLE: message``; never a
traceback. Exit codes:

    0  solved                      5  some puzzles of the batch not solved (--batch)
    1  no solution                 70  internal error (a bug; please report it)
    2  bad input or command line   74  cannot write the output (a full disk)
    3  more than one solution      130  interrupted (SIGINT, Ctrl-C)
    4  too large for memory        141  standard output closed early (``| head``): no message
                                   143  terminated (SIGTERM)

With ``--batch``, it reads any number of puzzles back to back from every FILE
and writes one JSON line per puzzle (see :func:`_run_batch`); a bad or
unsolvable puzzle is a record, not an exit.

``python -X dev -m fastpuzzle`` shows the traceback of an internal error instead.
"""

from __future__ import annotations

import _thread
import argparse
import errno
import os
import signal
import sys
import warnings

TYPE_CHECKING = False

from fastpuzzle import __version__, puzzle_module
from fastpuzzle._common.text import read_source
from fastpuzzle._contract.registry import MAX_JOBS, PUZZLES, canonical_name
from fastpuzzle.errors import (
    ArgumentError,
    CheckpointWarning,
    FastpuzzleError,
    MultipleSolutionsError,
    NoSolutionError,
    ParseError,
    PuzzleTooLargeError,
)

from ._options import draw_asked, generation_only, integer_option

if TYPE_CHECKING:
    from collections.abc import Sequence
    from types import FrameType
    from typing import Any, BinaryIO, NoReturn, Optional

    from _typeshed import SupportsWrite

    from fastpuzzle._contract.facade import Facade

    from ._command import Command

EXIT_OK = 0
EXIT_NO_SOLUTION = 1
EXIT_BAD_INPUT = 2
EXIT_SEVERAL_SOLUTIONS = 3
EXIT_TOO_LARGE = 4
EXIT_NOT_ALL_SOLVED = 5
EXIT_INTERNAL_ERROR = 70
EXIT_OUTPUT_ERROR = 74
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 141
EXIT_TERMINATED = 143

_EXIT_CODES = (
    (ParseError, EXIT_BAD_INPUT),
    (NoSolutionError, EXIT_NO_SOLUTION),
    (MultipleSolutionsError, EXIT_SEVERAL_SOLUTIONS),
    (PuzzleTooLargeError, EXIT_TOO_LARGE),
    (ArgumentError, EXIT_BAD_INPUT),
)

_EPILOG = """\
examples:
  python -m fastpuzzle takuzu examples/takuzu.txt
  python -m fastpuzzle 01 --count < puzzle.txt
  python -m fastpuzzle takuzu --batch --jobs 2 day1.txt day2.txt > results.jsonl

exit codes: 0 solved, 1 no solution, 2 bad input or command line, 3 more than
one solution, 4 too large for the memory limit, 5 some puzzles of the batch
not solved, 70 internal error, 74 cannot write the output, 130 interrupted
(SIGINT), 141 output closed early (no message), 143 terminated (SIGTERM)
"""


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where Ctrl-C raises KeyboardInterrupt, so that it stops a count the same way."""


class _ArgumentParser(argparse.ArgumentParser):
    """argparse with no abbreviated options, and usage errors on one line (exit 2)."""

    def __init__(self, *args: Any, puzzle: Optional[str] = None, **kwargs: Any) -> None:
        kwargs["allow_abbrev"] = False
        super().__init__(*args, **kwargs)
        #: The puzzle the command line names, for messages (None: none yet).
        self.puzzle = puzzle

    def _print_message(self, message: str, file: Optional[SupportsWrite[str]] = None) -> None:
        """Help and usage text; a missing stream is passed over, as argparse does from Python 3.11 on, and so
        is a failed write to standard error. Help and the version are the command's output: a failed write to
        standard output goes on to :func:`_run`, which reports it."""
        if message:
            try:
                (file or sys.stderr).write(message)
            except AttributeError:
                pass
            except OSError:
                if file is not None and file is sys.stdout:
                    raise

    def error(self, message: str) -> NoReturn:
        """``fastpuzzle: PUZZLE: message (see ... --help)`` on standard error, and exit 2."""
        where = f"{self.puzzle}: " if self.puzzle else ""
        # The top parser reports the options no parser knows (`reversi --perf 3`): the help that
        # lists the puzzle's own options is the puzzle's.
        helping = f"{self.prog} {self.puzzle}" if self.puzzle and self._subparsers is not None else self.prog
        _say(f"fastpuzzle: {where}{message} (see {helping} --help)")
        raise SystemExit(EXIT_BAD_INPUT)


def build_parser(selected: Optional[str] = None) -> argparse.ArgumentParser:
    """The argument parser, one subcommand per puzzle, from the registry.

    Only the ``selected`` puzzle's facade is imported, to add its own options;
    the others' subcommands carry their summaries alone.
    """
    parser = _ArgumentParser(
        prog="python -m fastpuzzle",
        description="Solve binary-grid puzzles given in their contest format.",
        epilog=_EPILOG,
        formatter_class=_formatter,
        puzzle=selected,
    )
    parser.add_argument("--version", action="version", version=f"fastpuzzle {__version__}")
    commands = parser.add_subparsers(dest="puzzle", metavar="PUZZLE", required=True)
    for name, entry in PUZZLES.items():
        sub = commands.add_parser(
            name,
            aliases=list(entry.aliases),
            help=entry.summary,
            description=entry.summary,
            formatter_class=_formatter,
            puzzle=name,
        )
        sub.add_argument(
            "files",
            nargs="*",
            metavar="FILE",
            help="contest-format input, - for standard input (the default); with --batch, any number of them",
        )
        _add_parallel_arguments(sub, entry.splits)
        _add_making_arguments(sub)
        if name == selected:
            command(name).add_arguments(sub)
        sub.set_defaults(command_parser=sub)
    return parser


def _add_parallel_arguments(parser: argparse.ArgumentParser, splits: bool) -> None:
    """``--batch``, ``--jobs`` and ``--scheduler``, which every puzzle takes."""
    one_count = " (or split one count)" if splits else ""
    parser.add_argument(
        "--batch",
        action="store_true",
        help="read many puzzles back to back (blank lines between them allowed) and write one JSON line per puzzle",
    )
    parser.add_argument(
        "--jobs",
        type=integer_option("N", 1, MAX_JOBS),
        metavar="N",
        help=f"with --batch{one_count}: N workers in threads of this process (default: the usable CPUs)",
    )
    parser.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help=f"with --batch{one_count}: run on the Dask scheduler at ADDRESS (tcp://host:8786; needs fastpuzzle[dask])",
    )
    parser.add_argument(
        "--verbose",
        action="store_true",
        help="with --scheduler: let Dask's own log lines through to standard error",
    )


def _add_making_arguments(parser: argparse.ArgumentParser) -> None:
    """``--generate``, ``--seed`` and ``--render``, which every puzzle takes."""
    parser.add_argument(
        "--generate", action="store_true", help="print a new random puzzle (read none); see the puzzle's options"
    )
    parser.add_argument(
        "--seed",
        type=integer_option("SEED", 0, 2**63 - 1),
        metavar="SEED",
        help="with --generate: the same SEED gives the same puzzle",
    )
    parser.add_argument(
        "--render",
        metavar="FILE",
        help="also draw the puzzle, or its solution, to FILE (.svg; .png needs fastpuzzle[image])",
    )


def _check_making_arguments(options: argparse.Namespace) -> Optional[str]:
    """What is wrong with ``--generate``, ``--seed`` and ``--render`` together, or None."""
    if options.generate and (options.files or options.batch):
        return "--generate reads no puzzle: give no FILE and no --batch"
    problem = generation_only(options, "seed")
    if problem:
        return problem
    if options.render == "":
        return "--render needs a file name (ending in .svg or .png)"
    if options.render and options.batch:
        return "--render draws one puzzle: it does not apply with --batch"
    if options.render:
        from fastpuzzle.render import SUFFIXES

        # Before the work, not after it: the picture is drawn once the answer is written.
        if not options.render.lower().endswith(SUFFIXES):
            return f"--render needs a file name ending in {' or '.join(SUFFIXES)}, found {options.render!r}"
        return _render_target_problem(options.render)
    return None


def _render_target_problem(path: str) -> Optional[str]:
    """What keeps ``--render`` from writing ``path``, as far as can be told before the work, or None.

    The picture is written once the answer is printed (a new file in the folder
    of the file the path names, renamed over it; a device or a pipe is written
    to): a path that cannot be written is a usage error before anything runs.
    """
    import importlib.util
    import stat

    if "\0" in path:
        return "--render needs a file name without a NUL character"
    if path.lower().endswith(".png") and importlib.util.find_spec("PIL") is None:
        return "--render FILE.png needs Pillow: install fastpuzzle[image], or name a .svg file"
    target = os.path.realpath(path)
    try:
        mode = os.stat(target).st_mode
    except OSError:
        mode = None
    if mode is not None and stat.S_ISDIR(mode):
        return f"--render needs a file, found the folder {path!r}"
    if mode is not None and not stat.S_ISREG(mode):
        return None  # a device or a named pipe: written to as it is
    folder = os.path.dirname(target)
    if not os.path.isdir(folder):
        return f"--render cannot write {path!r}: there is no folder {folder!r}"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"--render cannot write {path!r}: the folder {folder!r} is not writable"
    return None


def _check_parallel_arguments(options: argparse.Namespace) -> Optional[str]:
    """What is wrong with ``--batch``, ``--jobs`` and ``--scheduler`` together, or None."""
    if options.jobs is not None and options.scheduler is not None:
        return "use either --jobs or --scheduler, not both"
    if options.verbose and options.scheduler is None:
        return "--verbose applies only with --scheduler (it lets Dask's log lines through)"
    parallel = options.jobs is not None or options.scheduler is not None
    if parallel and not options.batch and not PUZZLES[canonical_name(options.puzzle)].splits:
        return "--jobs and --scheduler apply only with --batch"
    return None


def command(name: str) -> Command[Any]:
    """The module of the command line for the registered puzzle ``name``: its own options, and what it prints."""
    from importlib import import_module

    module: Command[Any] = import_module(f"{__name__}.{name}")
    return module


def _selected(argv: Sequence[str]) -> Optional[str]:
    """The puzzle a command line names: its first argument that is not an option."""
    first = next((arg for arg in argv if not arg.startswith("-")), None)
    if first is None:
        return None
    try:
        return canonical_name(first)
    except ValueError:
        return None  # argparse reports the unknown name


def _formatter(prog: str) -> argparse.HelpFormatter:
    """argparse's formatter, sized without importing shutil (a few ms at every start)."""
    try:
        width = os.get_terminal_size(sys.stdout.fileno()).columns - 2
    except (OSError, ValueError, AttributeError):  # not a terminal, or closed
        width = 78
    return argparse.RawDescriptionHelpFormatter(prog, width=width)


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit code.

    Usage errors, ``--help`` and ``--version`` raise SystemExit, as argparse does.
    SIGINT and SIGTERM stop the command, wherever it is, with one line and
    exit 130 or 143 (a signal the parent process ignores stays ignored).
    """
    argv = sys.argv[1:] if argv is None else list(argv)
    name = _selected(argv)
    try:
        with _signals_raise(), _warnings_as_lines(_prefix(name)):
            return _run(argv, name)
    except KeyboardInterrupt as stop:
        return _stopped(name, stop)
    except Exception as error:
        if sys.flags.dev_mode:
            raise
        _say(_prefix(name) + f"internal error: {type(error).__name__}: {error} (please report it)")
        return EXIT_INTERNAL_ERROR


class _warnings_as_lines:
    """While the command runs, a warning (a checkpoint's damaged lines, ...) is one line on standard error."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self.caught = warnings.catch_warnings()

    def __enter__(self) -> None:
        self.caught.__enter__()
        warnings.simplefilter("always", CheckpointWarning)
        warnings.showwarning = self.show

    def __exit__(self, *exc_info: Any) -> None:
        self.caught.__exit__(*exc_info)

    def show(self, message: Warning | str, category: type[Warning], *rest: object, **more: object) -> None:
        _say(self.prefix + f"warning: {message}")


def _stopped(name: Optional[str], stop: KeyboardInterrupt) -> int:
    """Say that a signal stopped the command; its exit code (130, or 143 for SIGTERM)."""
    terminated = isinstance(stop, Terminated)
    _say(_prefix(name) + ("terminated" if terminated else "interrupted"))
    return EXIT_TERMINATED if terminated else EXIT_INTERRUPTED


def _run(argv: list[str], name: Optional[str]) -> int:
    """The command line, under :func:`main`'s handling of signals and bugs."""
    try:
        options = build_parser(name).parse_args(argv)
    except SystemExit:
        # --help or --version may have printed into a closed pipe or a full disk.
        written = _flush_output(name)
        if written != EXIT_OK:
            return written
        raise
    except OSError as error:  # --help or --version could not be written
        code = _output_failed(name, error)
        return EXIT_OK if code == EXIT_BROKEN_PIPE else code  # help read by `| head` ends as it always has
    name = canonical_name(options.puzzle)
    facade, puzzle_command = puzzle_module(name), command(name)
    # A puzzle's command may reject a combination of its options, as a usage error (exit 2).
    problem = (
        _check_parallel_arguments(options)
        or _check_making_arguments(options)
        or puzzle_command.check_arguments(options)
    )
    if problem:
        options.command_parser.error(problem)
    files = options.files or ["-"]
    if len(files) > 1 and not options.batch:
        options.command_parser.error("more than one FILE needs --batch")
    prefix = _prefix(name)
    if "-" in files and sys.stdin is None and not options.generate:
        _say(prefix + "cannot read standard input: it is closed")
        return EXIT_BAD_INPUT
    if "-" in files and not options.generate and _is_terminal(sys.stdin):
        # Otherwise a command given no FILE looks like one that hangs.
        _say(prefix + "reading the puzzle from standard input: type it, then end the input (Ctrl-D), or name a FILE")
    if sys.stdout is None:
        _say(prefix + "cannot write the output: standard output is closed")
        return EXIT_OUTPUT_ERROR
    if options.batch:
        return _run_batch(name, facade, puzzle_command, options, files)
    (path,) = files
    try:
        if options.generate:  # a new puzzle: nothing to read
            output = puzzle_command.make(options)
        else:
            output = puzzle_command.run(_parsed(name, facade, _read(path, name), options), options)
    except FastpuzzleError as error:
        return _failed(prefix, error)
    except OSError as error:
        _say(prefix + _cannot_read(path, error))
        return EXIT_BAD_INPUT
    except MemoryError:
        _say(prefix + "out of memory")
        return EXIT_TOO_LARGE
    written = _flush_output(name, output)
    if written != EXIT_OK or not options.render:
        return written
    try:
        draw_asked(options)
    except FastpuzzleError as error:  # the answer is printed; the picture, another output, is not
        _say(prefix + str(error))
        return EXIT_OUTPUT_ERROR
    return EXIT_OK


def _failed(prefix: str, error: FastpuzzleError) -> int:
    """Say what went wrong; the exit code for it."""
    _say(prefix + str(error))
    return next(code for kind, code in _EXIT_CODES if isinstance(error, kind))


def _parsed(name: str, facade: Facade[Any, Any], text: str, options: argparse.Namespace) -> Any:
    """The puzzle in ``text``, in the format ``--format`` names (contest text by default)."""
    form = getattr(options, "format", "contest")
    if form == "contest":
        return facade.parse(text)
    from fastpuzzle import interchange

    return interchange.read(text.strip(), name, form)


def _cannot_read(path: str, error: OSError) -> str:
    source = "standard input" if path == "-" else path
    return f"cannot read {source}: {error.strerror or error}"


def _run_batch(
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

    prefix = _prefix(name)
    for path in files:
        try:
            _check_readable(path)
        except OSError as error:
            _say(prefix + _cannot_read(path, error))
            return EXIT_BAD_INPUT
    # What the workers see: the options, without the parser (which does not pickle).
    worker_options = argparse.Namespace(
        **{key: value for key, value in vars(options).items() if key != "command_parser"}
    )
    reader = BatchReader(files, facade.puzzle_lines, sys.stdin)
    all_solved = True
    try:
        with ExitStack() as stack:
            signals = _held_signals()
            stack.enter_context(signals)
            bar = stack.enter_context(progress_bar(name, unit=" puzzles", delay=0.0))
            try:
                executor, workers = stack.enter_context(pool(options.jobs, options.scheduler, options.verbose))
            except FastpuzzleError as error:  # --scheduler: no Dask, or no scheduler at that address
                _say(prefix + str(error))
                return EXIT_BAD_INPUT
            reader.start()
            # With none of the puzzle's own options, the command prints solve_text's output: the batch may
            # then solve plainly written puzzles in bulk (output=None).
            output = (
                None
                if _prints_contest_output(options)
                else partial(puzzle_command.run, options=worker_options)  # picklable, for processes and Dask
            )
            for outcomes in stream_chunks(name, reader, executor, workers, output):
                records = reader.records(outcomes.items, outcomes.share)
                all_solved = all_solved and not outcomes.unsolved
                with signals.held():
                    written = _flush_output(name, records)
                if written != EXIT_OK:
                    return written
                bar.advance(len(outcomes.items))
    except UnreadableFile as failure:
        _say(prefix + _cannot_read(failure.path, failure.error))
        return EXIT_BAD_INPUT
    except FastpuzzleError as error:  # a setting of the user's (FASTPUZZLE_AVAILABLE_MIB) that the batch reads
        return _failed(prefix, error)
    except KeyboardInterrupt as stop:
        # The pool has cancelled what had not started, without waiting for what runs.
        code = _stopped(name, stop)
        _leave_if_workers_run(code)
        return code
    return EXIT_OK if all_solved else EXIT_NOT_ALL_SOLVED


#: Options that say how a batch runs, not what it prints.
_RUNNING_OPTIONS = frozenset({"puzzle", "files", "batch", "jobs", "scheduler", "verbose", "command_parser"})


def _prints_contest_output(options: argparse.Namespace) -> bool:
    """Whether the puzzle's command prints just what its facade's ``solve_text`` prints: no option of its own
    is given (each is at its default)."""
    parser = options.command_parser
    return all(value == parser.get_default(key) for key, value in vars(options).items() if key not in _RUNNING_OPTIONS)


def _check_readable(path: str) -> None:
    """An OSError unless the batch can open ``path`` (``-``: standard input, checked already).

    A regular file is opened and closed; a pipe is not (opening a named pipe
    waits for its writer, and closing it again could cut the writer off), and
    fails, if it does, when the batch reads it.
    """
    import stat

    if path == "-":
        return
    mode = os.stat(path).st_mode
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), path)
    if stat.S_ISREG(mode):
        open(path, "rb").close()


class _held_signals:
    """While a batch runs: SIGINT and SIGTERM raise, as under :class:`_signals_raise`, but wait while records are written.

    ``with signals.held():`` delays a signal that comes meanwhile to its end:
    the write it interrupts goes on (PEP 475), so that every record written is
    a whole line. Signals whose handler is not :class:`_signals_raise`'s
    (SIG_IGN, or main() outside the main thread) are left alone.
    """

    def __init__(self) -> None:
        self.holding = False
        self.stopping = False
        self.caught: Optional[int] = None
        self.previous: dict[int, object] = {}

    def __enter__(self) -> None:
        for signum, raising in _signals_raise._HANDLERS:
            try:
                if signal.getsignal(signum) is raising:
                    self.previous[signum] = signal.signal(signum, self._handle)
            except ValueError:  # not the main thread
                return

    def __exit__(self, *exc_info: object) -> None:
        if self.stopping:
            return  # signals stay dropped until main() restores what it found
        for signum, before in self.previous.items():
            signal.signal(signum, before)  # type: ignore[arg-type]

    def _handle(self, signum: int, frame: Optional[FrameType]) -> None:
        if self.stopping:
            return
        if self.holding:
            self.caught = self.caught or signum
            return
        self.stop(signum)

    def stop(self, signum: int) -> NoReturn:
        """Stop the batch: from now on signals are dropped, so that a second Ctrl-C cannot cut the way out short."""
        self.stopping = True
        raise Terminated() if signum == signal.SIGTERM else KeyboardInterrupt()

    def held(self) -> _holding:
        """The context in which signals wait."""
        return _holding(self)


class _holding:
    """See :meth:`_held_signals.held`."""

    def __init__(self, signals: _held_signals) -> None:
        self.signals = signals

    def __enter__(self) -> None:
        self.signals.holding = True

    def __exit__(self, *exc_info: object) -> None:
        signals = self.signals
        signals.holding = False
        if signals.caught is not None:
            signals.stop(signals.caught)


def _leave_if_workers_run(code: int) -> None:
    """Exit at once with ``code`` if a worker thread still runs a puzzle.

    A kernel in a worker thread cannot be interrupted, and the interpreter
    waits for the pool's threads at exit; idle ones end within moments.
    Standard output and error are flushed first.
    """
    import threading
    import time

    deadline = time.monotonic() + 0.2
    workers = [
        thread for thread in threading.enumerate() if thread.name.startswith("fastpuzzle_") and not thread.daemon
    ]
    for thread in workers:
        thread.join(max(0.0, deadline - time.monotonic()))
    if any(thread.is_alive() for thread in workers):
        for stream in (sys.stdout, sys.stderr):
            try:
                if stream is not None:
                    stream.flush()
            except (OSError, ValueError):
                pass
        os._exit(code)


def _flush_output(name: Optional[str], output: str = "") -> int:
    """Write ``output`` and flush standard output.

    Returns EXIT_OK, or the exit code of a closed pipe (quiet) or of a failed
    write (one line).
    """
    if sys.stdout is None:
        return EXIT_OK
    try:
        _write_whole(sys.stdout, output)
    except (OSError, UnicodeEncodeError) as error:
        return _output_failed(name, error)
    return EXIT_OK


def _output_failed(name: Optional[str], error: OSError | UnicodeEncodeError) -> int:
    """Say why standard output could not be written (nothing for a closed pipe); the exit code for it."""
    _discard_output()
    if isinstance(error, BrokenPipeError):
        return EXIT_BROKEN_PIPE
    if isinstance(error, UnicodeEncodeError):  # the user's PYTHONIOENCODING, or locale
        unwritable = error.object[error.start : error.end]
        reason = f"standard output's encoding ({error.encoding}) cannot hold {unwritable!r}"
    else:
        reason = error.strerror or str(error)
    _say(_prefix(name) + f"cannot write the output: {reason}")
    return EXIT_OUTPUT_ERROR


def _write_whole(stream: Any, text: str) -> None:
    """Write ``text`` to ``stream`` and flush it, whole even when a signal is handled in the middle.

    A signal whose handler returns (a batch holds SIGINT and SIGTERM while it
    writes records) can interrupt a write to a full pipe part-way; Python's
    buffered writer then drops the rest of that write (CPython 3.9 to 3.13 alike).
    So on POSIX the bytes go to the file descriptor, write by write until all
    are out; a stream with none (a test's capture) is written as it is.
    """
    stream.flush()
    try:
        descriptor = stream.fileno() if os.name == "posix" else -1
    except (AttributeError, OSError, ValueError):
        descriptor = -1
    if descriptor < 0:
        stream.write(text)
        stream.flush()
        return
    data = memoryview(text.encode(stream.encoding or "utf-8", stream.errors or "strict"))
    while data:
        data = data[os.write(descriptor, data) :]


def _discard_output() -> None:
    """Point standard output at the null device, so that the interpreter's last flush cannot fail."""
    try:
        descriptor = sys.stdout.fileno()
        null = os.open(os.devnull, os.O_WRONLY)
    except (OSError, ValueError, AttributeError):
        return  # not a file (a test's capture): nothing is flushed at exit
    os.dup2(null, descriptor)
    os.close(null)


def _prefix(name: Optional[str]) -> str:
    """How every line on standard error starts: the command, and the puzzle once known."""
    return f"fastpuzzle: {name}: " if name else "fastpuzzle: "


def _say(line: str) -> None:
    """Write one line to standard error, unless it is closed or full (then nothing can be said)."""
    try:
        if sys.stderr is not None:
            sys.stderr.write(line + "\n")
            sys.stderr.flush()
    except (OSError, ValueError):
        pass


def _raise_terminated(signum: int, frame: Optional[FrameType]) -> None:
    raise Terminated()


class _signals_raise:
    """A context in which SIGINT raises KeyboardInterrupt and SIGTERM raises :class:`Terminated`.

    A signal whose handler is SIG_IGN (a background job's SIGINT) stays ignored;
    the handlers before are restored on exit. Outside the main thread, nothing changes.

    Python drops an exception raised where nothing can catch it (a weak
    reference's callback, such as the one importlib runs when an import's lock
    goes, or a ``__del__``), so a signal that comes at such a moment would be
    lost and the command would run on. While the context is active, such a
    dropped stop is sent again, from another thread: by the time it arrives the
    main thread has left the callback, and the handler raises where it counts.
    """

    _HANDLERS = ((signal.SIGINT, signal.default_int_handler), (signal.SIGTERM, _raise_terminated))

    def __init__(self) -> None:
        self.previous: dict[int, object] = {}
        self.previous_hook = sys.unraisablehook

    def __enter__(self) -> None:
        self.previous_hook = sys.unraisablehook
        for signum, handler in self._HANDLERS:
            try:
                before = signal.getsignal(signum)
                if before is not signal.SIG_IGN:
                    signal.signal(signum, handler)
                    self.previous[signum] = before
            except ValueError:  # not the main thread
                return
        sys.unraisablehook = self._send_dropped_stop_again

    def __exit__(self, *exc_info: object) -> None:
        if sys.unraisablehook == self._send_dropped_stop_again:
            sys.unraisablehook = self.previous_hook
        for signum, before in self.previous.items():
            signal.signal(signum, before if before is not None else signal.SIG_DFL)  # type: ignore[arg-type]

    def _send_dropped_stop_again(self, unraisable: Any) -> None:
        stop = unraisable.exc_value
        if not isinstance(stop, KeyboardInterrupt):
            self.previous_hook(unraisable)
            return
        signum = signal.SIGTERM if isinstance(stop, Terminated) else signal.SIGINT
        # _thread is built in: nothing to import at a moment when an import may be under way.
        _thread.start_new_thread(os.kill, (os.getpid(), signum))


def _is_terminal(stream: Any) -> bool:
    """Whether ``stream`` is a terminal a person types into (False for a closed or replaced stream)."""
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def _read(path: str, name: Optional[str] = None) -> str:
    """The text of ``path`` (``-``: standard input); opening a named pipe waits for its writer, and says so
    on a terminal after _QUIET_WAIT seconds."""
    if path == "-":
        return read_source(sys.stdin.buffer)
    import stat

    waiting = None
    if stat.S_ISFIFO(os.stat(path).st_mode) and _is_terminal(sys.stderr):
        import threading

        line = _prefix(name) + f"waiting for a writer on the named pipe {path} (Ctrl-C stops)"
        waiting = threading.Timer(_QUIET_WAIT, _say, (line,))
        waiting.daemon = True
        waiting.start()
    stream: BinaryIO
    try:
        stream = open(path, "rb")  # noqa: SIM115 (closed by the with below, once the timer is stopped)
    finally:
        if waiting is not None:
            waiting.cancel()
    with stream:
        return read_source(stream)


#: Seconds a command waits without a word for the writer of a named pipe it reads.
_QUIET_WAIT = 0.5
