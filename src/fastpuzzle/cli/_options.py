"""The options several puzzles share, their checks, and what their modes print.

Every puzzle takes ``--batch``, ``--jobs``, ``--scheduler`` and ``--verbose``
(:func:`add_batch_options`), ``--generate``, ``--seed`` and ``--render FILE``,
which draws what the command prints (:func:`add_generate_and_render_options`).
``integer_option`` reads a number as strictly as an input file does.
``--first`` and ``--count`` mean the same for every search puzzle. For people
who make puzzles: ``--hint`` prints the next deduction, ``--steps`` every one
to the solution, ``--grade`` the grade; ``--size`` and ``--difficulty`` shape
a new puzzle; ``--format`` reads (and, for a new puzzle, writes) Simon Tatham's
game IDs, and ``--to`` converts the puzzle read
(:func:`add_hint_size_and_format_options`).
"""

from __future__ import annotations

import argparse
import os
import sys

from fastpuzzle._common.text import parse_int
from fastpuzzle._contract.registry import FORMATS, MAX_JOBS, PUZZLES, canonical_name
from fastpuzzle.errors import ArgumentError, ParseError

from ._exits import EXIT_BAD_INPUT
from ._output import say

TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import Any, Callable, NoReturn, Optional

    from _typeshed import SupportsWrite

__all__ = [
    "ArgumentParser",
    "add_batch_options",
    "add_generate_and_render_options",
    "add_hint_size_and_format_options",
    "add_search_options",
    "check_batch_options",
    "check_generate_and_render_options",
    "check_hint_size_and_format_options",
    "draw_asked",
    "even_integer_option",
    "formatter",
    "generation_only",
    "integer_option",
    "made_output",
    "puzzle_output",
    "render_if_asked",
    "render_target_problem",
    "search_output",
]

#: Modes that print something other than the solution; at most one applies.
_MODES = ("first", "count", "hint", "steps", "grade", "generate", "to")


class ArgumentParser(argparse.ArgumentParser):
    """argparse with no abbreviated options, and usage errors on one line (exit 2) that name the nearest
    option or choice to a misspelled one."""

    def __init__(self, *args: Any, puzzle: Optional[str] = None, **kwargs: Any) -> None:
        kwargs["allow_abbrev"] = False
        super().__init__(*args, **kwargs)
        #: The puzzle the command line names, for messages (None: none yet).
        self.puzzle = puzzle
        #: The arguments being parsed, for the suggestion of a usage error.
        self.arguments: list[str] = []
        # Python 3.14's own suggestions: ours are given on every version, and once.
        self.suggest_on_error = False

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        """As argparse's, remembering ``args`` for :meth:`error`'s suggestion."""
        self.arguments = list(sys.argv[1:] if args is None else args)
        return super().parse_known_args(args, namespace)

    def _print_message(self, message: str, file: Optional[SupportsWrite[str]] = None) -> None:
        """Help and usage text; a missing stream is passed over, as argparse does from Python 3.11 on, and so
        is a failed write to standard error. Help and the version are the command's output: a failed write to
        standard output goes on to :func:`fastpuzzle.cli.main`, which reports it."""
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
        suggestion = self._suggestion(message)
        hint = f"; did you mean {suggestion}?" if suggestion else ""
        say(f"fastpuzzle: {where}{message}{hint} (see {helping} --help)")
        raise SystemExit(EXIT_BAD_INPUT)

    def _parsers(self) -> list[argparse.ArgumentParser]:
        """This parser, and the named puzzle's subcommand if this is the top parser."""
        parsers: list[argparse.ArgumentParser] = [self]
        for action in self._actions:
            if isinstance(action, argparse._SubParsersAction) and self.puzzle in action.choices:
                parsers.append(action.choices[self.puzzle])
        return parsers

    def _suggestion(self, message: str) -> Optional[str]:
        """The option or choice nearest to the misspelled one ``message`` reports, or None."""
        import difflib
        import re

        parsers = self._parsers()
        invalid = re.search(r"invalid choice: (['\"])(.*?)\1", message)
        if invalid:  # a puzzle's name, or a --format, --to, --rule ... value
            choices = [
                str(choice) for parser in parsers for action in parser._actions for choice in action.choices or ()
            ]
            close = difflib.get_close_matches(invalid.group(2), choices, n=1)
            return repr(close[0]) if close else None
        options = [option for parser in parsers for option in parser._option_string_actions]
        unknown = "unrecognized arguments: "
        if message.startswith(unknown):
            words = message[len(unknown) :].split()
        elif message.startswith("the following arguments are required") and self.puzzle is None:
            words = self.arguments  # no puzzle named, and an unknown option passed over (`--verison`)
        else:
            return None
        for argument in words:
            if argument.startswith("--") and argument.split("=", 1)[0] not in options:
                close = difflib.get_close_matches(argument.split("=", 1)[0], options, n=1)
                if close:
                    return close[0]
        return None


def formatter(prog: str) -> argparse.HelpFormatter:
    """argparse's formatter, sized without importing shutil (a few ms at every start)."""
    try:
        width = os.get_terminal_size(sys.stdout.fileno()).columns - 2
    except (OSError, ValueError, AttributeError):  # not a terminal, or closed
        width = 78
    return argparse.RawDescriptionHelpFormatter(prog, width=width)


def integer_option(name: str, low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``, read as strictly as in input files.

    ASCII digits only (no ``1_0``, no Arabic-Indic digits, no spaces), by the
    rules of :func:`fastpuzzle._common.text.parse_int`; ``name`` is what messages call it.
    """

    def parse(text: str) -> int:
        try:
            return parse_int(text, 1, 1, name, low, high)
        except ParseError as error:
            raise argparse.ArgumentTypeError(error.reason) from None

    return parse


def even_integer_option(name: str, low: int, high: int) -> Callable[[str], int]:
    """An argparse type: an even whole number from ``low`` to ``high`` (a board's side), read as ``integer_option`` reads."""
    whole = integer_option(name, low, high)

    def parse(text: str) -> int:
        value = whole(text)
        if value % 2:
            raise argparse.ArgumentTypeError(f"expected {name}, an even number from {low} to {high}, found {text!r}")
        return value

    return parse


def add_batch_options(parser: argparse.ArgumentParser, splits: bool) -> None:
    """``--batch``, ``--jobs``, ``--scheduler`` and ``--verbose``, which every puzzle takes (``splits``: its
    command also splits one count over ``--jobs`` or ``--scheduler``)."""
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


def check_batch_options(options: argparse.Namespace) -> Optional[str]:
    """What is wrong with ``--batch``, ``--jobs``, ``--scheduler`` and ``--verbose`` together, or None."""
    if options.jobs is not None and options.scheduler is not None:
        return "use either --jobs or --scheduler, not both"
    if options.verbose and options.scheduler is None:
        return "--verbose applies only with --scheduler (it lets Dask's log lines through)"
    parallel = options.jobs is not None or options.scheduler is not None
    if parallel and not options.batch and not PUZZLES[canonical_name(options.puzzle)].splits:
        return "--jobs and --scheduler apply only with --batch"
    return None


def add_checkpoint_option(parser: argparse.ArgumentParser) -> None:
    """``--checkpoint``, for the commands whose one count splits into parts."""
    parser.add_argument(
        "--checkpoint",
        metavar="FILE",
        help=(
            "split the count into parts and record each finished part in FILE (JSON Lines); "
            "run again with the same FILE to resume an interrupted count (not with --batch)"
        ),
    )


def check_checkpoint_option(options: argparse.Namespace) -> Optional[str]:
    """What is wrong with ``--checkpoint`` beside the other options, or None."""
    if options.checkpoint is not None and options.batch:
        return "--checkpoint applies to one count, not with --batch"
    if options.checkpoint == "":
        return "--checkpoint needs a file name"
    return None


def add_generate_and_render_options(parser: argparse.ArgumentParser) -> None:
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


def check_generate_and_render_options(options: argparse.Namespace) -> Optional[str]:
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
        return render_target_problem(options.render)
    return None


def render_target_problem(path: str) -> Optional[str]:
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


def add_search_options(parser: argparse.ArgumentParser) -> None:
    """``--first`` and ``--count``, which mean the same for every search puzzle."""
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--first", action="store_true", help="print the first solution found, without proving it unique")
    mode.add_argument("--count", action="store_true", help="print the number of solutions instead of a solution")


def add_hint_size_and_format_options(
    parser: argparse.ArgumentParser, size: Callable[[str], Any], size_help: str
) -> None:
    """``--hint``, ``--steps``, ``--grade``, ``--size``, ``--difficulty``, ``--format`` and ``--to``."""
    parser.add_argument("--hint", action="store_true", help="print the next deduction a person can make, and why")
    parser.add_argument("--steps", action="store_true", help="print every deduction from the puzzle to its solution")
    parser.add_argument("--grade", action="store_true", help="print how hard the puzzle is for a person, 1 to 5")
    parser.add_argument("--size", type=size, metavar="SIZE", help=f"with --generate: {size_help}")
    parser.add_argument(
        "--difficulty", type=integer_option("K", 1, 5), metavar="K", help="with --generate: a puzzle of grade K (1-5)"
    )
    parser.add_argument(
        "--format",
        choices=FORMATS,
        default="contest",
        help="read the puzzle as contest text or a Simon Tatham game ID (sgt); with --generate, write it so",
    )
    parser.add_argument(
        "--to", choices=FORMATS, metavar="FORMAT", help="print the puzzle read in FORMAT instead of solving it"
    )


def check_hint_size_and_format_options(options: argparse.Namespace) -> Optional[str]:
    """What is wrong with the makers' options together, or None."""
    chosen = [f"--{mode}" for mode in _MODES if getattr(options, mode, None)]
    if len(chosen) > 1:
        return f"{' and '.join(chosen)} do not go together"
    problem = generation_only(options, "size", "difficulty")
    if problem:
        return problem
    if options.batch and (options.format != "contest" or options.to):
        return "--batch reads contest text only: --format and --to do not apply"
    return None


def generation_only(options: argparse.Namespace, *names: str) -> Optional[str]:
    """The usage error for the first of the options ``names`` given without ``--generate``, or None."""
    if not options.generate:
        for name in names:
            if getattr(options, name) is not None:
                return f"--{name.replace('_', '-')} applies only with --generate"
    return None


def not_with_generate(options: argparse.Namespace, *names: str, why: str) -> Optional[str]:
    """The usage error for the first of the options ``names`` given with ``--generate`` (``why`` says why
    they do not apply), or None: :func:`generation_only`'s other side."""
    if options.generate:
        for name in names:
            if getattr(options, name) not in (None, False):
                return f"--{name.replace('_', '-')} and --generate do not go together ({why})"
    return None


def search_output(
    puzzle: Any, options: argparse.Namespace, facade: Any, solution_text: Callable[[Any], str], *known: Any
) -> str:
    """What ``python -m fastpuzzle takuzu`` (or ``pixel``) prints for ``puzzle``: the count, a hint,
    the steps, the grade, the puzzle in another format, or the solution as ``solution_text`` writes it.
    ``known`` (pixel's cells already decided) goes on to ``hint`` and ``steps``."""
    from fastpuzzle._common.hints import hint_line

    if options.count:
        return f"{facade.count_solutions(puzzle)}\n"
    if options.hint:
        found = facade.hint(puzzle, *known)
        output = "the grid is complete: no hint left\n" if found is None else hint_line(found) + "\n"
    elif options.steps:
        steps = facade.steps(puzzle, *known)
        output = "".join(f"{number}. {hint_line(step)}\n" for number, step in enumerate(steps, start=1))
    elif options.grade:
        output = f"{facade.grade(puzzle)}\n"
    elif options.to:
        output = puzzle_output(puzzle, options.to)
    else:
        solution = facade.solve(puzzle, unique=not options.first)
        render_if_asked(options, solution, puzzle)
        return solution_text(solution)
    render_if_asked(options, puzzle)
    return output


def made_output(puzzle: Any, options: argparse.Namespace) -> str:
    """What ``--generate`` prints for the new ``puzzle``: it in ``--format`` (drawn to ``--render``'s file)."""
    render_if_asked(options, puzzle)
    return puzzle_output(puzzle, options.format)


def puzzle_output(puzzle: Any, format: str) -> str:
    """``puzzle`` written in ``format``, ending in a newline."""
    if format == "contest":
        return str(puzzle)
    from fastpuzzle import interchange

    return interchange.write(puzzle, format) + "\n"


def render_if_asked(options: argparse.Namespace, item: Any, puzzle: Any = None) -> None:
    """Have ``item`` (with ``puzzle``, see :func:`fastpuzzle.render.render`) drawn to ``--render``'s file, if
    given, by :func:`draw_asked` once what the command prints is written: a picture that fails loses no answer."""
    if options.render:
        options.drawing = (item, puzzle)


def draw_asked(options: argparse.Namespace) -> None:
    """Draw what :func:`render_if_asked` was given to ``--render``'s file; ArgumentError if it cannot be written."""
    drawing = getattr(options, "drawing", None)
    if drawing is None:
        return
    from fastpuzzle.render import render

    item, puzzle = drawing
    try:
        render(item, options.render, puzzle=puzzle)
    except OSError as error:
        raise ArgumentError(f"cannot write {options.render}: {error.strerror or error}") from None
