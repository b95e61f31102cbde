"""The command line: ``python -m fastpuzzle <puzzle> [FILE]``.

Reads the contest format from FILE (standard input when FILE is absent or
``-``) and prints exactly the contest output. Exit codes:

    0  solved            2  bad input (or a bad command line)
    1  no solution       3  more than one solution
    4  too large         130  interrupted
"""

from __future__ import annotations

import argparse
import os
import sys
TYPE_CHECKING = False

from . import __version__, puzzle_module
from ._registry import ALIASES, PUZZLES
from ._text import read_source
from .errors import (
    ArgumentError,
    FastpuzzleError,
    MultipleSolutionsError,
    NoSolutionError,
    ParseError,
    PuzzleTooLargeError,
)

if TYPE_CHECKING:
    from typing import BinaryIO, Optional, Sequence

EXIT_OK = 0
EXIT_NO_SOLUTION = 1
EXIT_BAD_INPUT = 2
EXIT_SEVERAL_SOLUTIONS = 3
EXIT_TOO_LARGE = 4
EXIT_INTERRUPTED = 130

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

exit codes: 0 solved, 1 no solution, 2 bad input, 3 more than one solution,
4 too large for the memory limit, 130 interrupted
"""


def build_parser(selected: Optional[str] = None) -> argparse.ArgumentParser:
    """The argument parser, one subcommand per puzzle, from the registry.

    Only the ``selected`` puzzle's facade is imported, to add its own options;
    the others' subcommands carry their summaries alone.
    """
    parser = argparse.ArgumentParser(
        prog="python -m fastpuzzle",
        description="Solve binary-grid puzzles given in their contest format.",
        epilog=_EPILOG,
        formatter_class=_formatter,
    )
    parser.add_argument("--version", action="version", version=f"fastpuzzle {__version__}")
    commands = parser.add_subparsers(dest="puzzle", metavar="PUZZLE", required=True)
    for name, entry in PUZZLES.items():
        sub = commands.add_parser(
            name, aliases=list(entry.aliases), help=entry.summary, description=entry.summary, formatter_class=_formatter
        )
        sub.add_argument(
            "file", nargs="?", default="-", metavar="FILE",
            help="contest-format input (default: standard input)",
        )
        if name == selected:
            puzzle_module(name).add_cli_arguments(sub)
        sub.set_defaults(command_parser=sub)
    return parser


def _selected(argv: Sequence[str]) -> Optional[str]:
    """The puzzle a command line names: its first argument that is not an option."""
    first = next((arg for arg in argv if not arg.startswith("-")), None)
    if first is None:
        return None
    name = ALIASES.get(first, first)
    return name if name in PUZZLES else None


def _formatter(prog: str) -> argparse.HelpFormatter:
    """argparse's formatter, sized without importing shutil (a few ms at every start)."""
    try:
        width = os.get_terminal_size(sys.stdout.fileno()).columns - 2
    except (OSError, ValueError):
        width = 78
    return argparse.RawDescriptionHelpFormatter(prog, width=width)


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit code."""
    argv = sys.argv[1:] if argv is None else list(argv)
    options = build_parser(_selected(argv)).parse_args(argv)
    name = ALIASES.get(options.puzzle, options.puzzle)
    facade = puzzle_module(name)
    # A facade may reject a combination of options, as a usage error (exit 2).
    problem = facade.check_cli_arguments(options)
    if problem:
        options.command_parser.error(problem)
    try:
        text = _read(options.file)
        output = facade.run_cli(facade.parse(text), options)
    except FastpuzzleError as error:
        print(f"fastpuzzle: {name}: {error}", file=sys.stderr)
        return next(code for kind, code in _EXIT_CODES if isinstance(error, kind))
    except OSError as error:
        print(f"fastpuzzle: {name}: cannot read {options.file}: {error.strerror}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print(f"fastpuzzle: {name}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    sys.stdout.write(output)
    sys.stdout.flush()
    return EXIT_OK


def _read(path: str) -> str:
    if path == "-":
        return read_source(sys.stdin.buffer)
    stream: BinaryIO
    with open(path, "rb") as stream:
        return read_source(stream)
