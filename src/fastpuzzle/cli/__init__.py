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
and writes one JSON line per puzzle (see :func:`fastpuzzle.cli._batch.run_batch`); a bad or
unsolvable puzzle is a record, not an exit.

``python -X dev -m fastpuzzle`` shows the traceback of an internal error instead.
"""

from __future__ import annotations

import argparse
import sys

from fastpuzzle import __version__, puzzle_module
from fastpuzzle._contract.registry import PUZZLES, canonical_name
from fastpuzzle.errors import FastpuzzleError

from ._batch import run_batch
from ._exits import (
    EXIT_BAD_INPUT,
    EXIT_BROKEN_PIPE,
    EXIT_INTERNAL_ERROR,
    EXIT_INTERRUPTED,
    EXIT_NO_SOLUTION,
    EXIT_NOT_ALL_SOLVED,
    EXIT_OK,
    EXIT_OUTPUT_ERROR,
    EXIT_SEVERAL_SOLUTIONS,
    EXIT_TERMINATED,
    EXIT_TOO_LARGE,
)
from ._options import (
    ArgumentParser,
    add_batch_options,
    add_generate_and_render_options,
    check_batch_options,
    check_generate_and_render_options,
    draw_asked,
    formatter,
)
from ._output import failed, flush_output, output_failed, prefix, say, warnings_as_lines
from ._reading import cannot_read, is_terminal, parsed, read
from ._signals import Terminated, signals_raise, stopped

TYPE_CHECKING = False

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any, Optional

    from ._command import Command

__all__ = [
    "EXIT_BAD_INPUT",
    "EXIT_BROKEN_PIPE",
    "EXIT_INTERNAL_ERROR",
    "EXIT_INTERRUPTED",
    "EXIT_NOT_ALL_SOLVED",
    "EXIT_NO_SOLUTION",
    "EXIT_OK",
    "EXIT_OUTPUT_ERROR",
    "EXIT_SEVERAL_SOLUTIONS",
    "EXIT_TERMINATED",
    "EXIT_TOO_LARGE",
    "Terminated",
    "build_parser",
    "command",
    "main",
]

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


def build_parser(selected: Optional[str] = None) -> argparse.ArgumentParser:
    """The argument parser, one subcommand per puzzle, from the registry.

    Only the ``selected`` puzzle's facade is imported, to add its own options;
    the others' subcommands carry their summaries alone.
    """
    parser = ArgumentParser(
        prog="python -m fastpuzzle",
        description="Solve binary-grid puzzles given in their contest format.",
        epilog=_EPILOG,
        formatter_class=formatter,
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
            formatter_class=formatter,
            puzzle=name,
        )
        sub.add_argument(
            "files",
            nargs="*",
            metavar="FILE",
            help="contest-format input, - for standard input (the default); with --batch, any number of them",
        )
        add_batch_options(sub, entry.splits)
        add_generate_and_render_options(sub)
        if name == selected:
            command(name).add_arguments(sub)
        sub.set_defaults(command_parser=sub)
    return parser


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


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit code.

    Usage errors, ``--help`` and ``--version`` raise SystemExit, as argparse does.
    SIGINT and SIGTERM stop the command, wherever it is, with one line and
    exit 130 or 143 (a signal the parent process ignores stays ignored).
    """
    argv = sys.argv[1:] if argv is None else list(argv)
    name = _selected(argv)
    try:
        with signals_raise(), warnings_as_lines(prefix(name)):
            return _run(argv, name)
    except KeyboardInterrupt as stop:
        return stopped(name, stop)
    except Exception as error:
        if sys.flags.dev_mode:
            raise
        say(prefix(name) + f"internal error: {type(error).__name__}: {error} (please report it)")
        return EXIT_INTERNAL_ERROR


def _run(argv: list[str], name: Optional[str]) -> int:
    """The command line, under :func:`main`'s handling of signals and bugs."""
    try:
        options = build_parser(name).parse_args(argv)
    except SystemExit:
        # --help or --version may have printed into a closed pipe or a full disk.
        written = flush_output(name)
        if written != EXIT_OK:
            return written
        raise
    except OSError as error:  # --help or --version could not be written
        code = output_failed(name, error)
        return EXIT_OK if code == EXIT_BROKEN_PIPE else code  # help read by `| head` ends as it always has
    name = canonical_name(options.puzzle)
    facade, puzzle_command = puzzle_module(name), command(name)
    # A puzzle's command may reject a combination of its options, as a usage error (exit 2).
    problem = (
        check_batch_options(options)
        or check_generate_and_render_options(options)
        or puzzle_command.check_arguments(options)
    )
    if problem:
        options.command_parser.error(problem)
    files = options.files or ["-"]
    if len(files) > 1 and not options.batch:
        options.command_parser.error("more than one FILE needs --batch")
    start = prefix(name)
    if "-" in files and sys.stdin is None and not options.generate:
        say(start + "cannot read standard input: it is closed")
        return EXIT_BAD_INPUT
    if "-" in files and not options.generate and is_terminal(sys.stdin):
        # Otherwise a command given no FILE looks like one that hangs.
        say(start + "reading the puzzle from standard input: type it, then end the input (Ctrl-D), or name a FILE")
    if sys.stdout is None:
        say(start + "cannot write the output: standard output is closed")
        return EXIT_OUTPUT_ERROR
    if options.batch:
        return run_batch(name, facade, puzzle_command, options, files)
    (path,) = files
    try:
        if options.generate:  # a new puzzle: nothing to read
            output = puzzle_command.make(options)
        else:
            output = puzzle_command.run(parsed(name, facade, read(path, name), options), options)
    except FastpuzzleError as error:
        return failed(start, error)
    except OSError as error:
        say(start + cannot_read(path, error))
        return EXIT_BAD_INPUT
    except MemoryError:
        say(start + "out of memory")
        return EXIT_TOO_LARGE
    written = flush_output(name, output)
    if written != EXIT_OK or not options.render:
        return written
    try:
        draw_asked(options)
    except FastpuzzleError as error:  # the answer is printed; the picture, another output, is not
        say(start + str(error))
        return EXIT_OUTPUT_ERROR
    return EXIT_OK
