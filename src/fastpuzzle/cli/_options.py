"""The options several puzzles share, and what their modes print: option types, searches, makers' tools.

``integer_option`` reads a number as strictly as an input file does.
``--first`` and ``--count`` mean the same for every search puzzle. For people
who make puzzles: ``--hint`` prints the next deduction, ``--steps`` every one
to the solution, ``--grade`` the grade; ``--generate`` (with ``--size``,
``--difficulty`` and the common ``--seed``) prints a new puzzle; ``--format``
reads (and, for a new puzzle, writes) Simon Tatham's game IDs, and ``--to``
converts the puzzle read. ``--render FILE`` (every puzzle)
draws what the command prints.
"""

from __future__ import annotations

import argparse

from fastpuzzle._common.text import parse_int
from fastpuzzle._contract.registry import FORMATS
from fastpuzzle.errors import ArgumentError, ParseError

TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import Any, Callable, Optional

__all__ = [
    "add_making_options",
    "add_search_options",
    "check_making_options",
    "draw_asked",
    "even_integer_option",
    "generation_only",
    "integer_option",
    "made_output",
    "puzzle_output",
    "render_if_asked",
    "search_output",
]

#: Modes that print something other than the solution; at most one applies.
_MODES = ("first", "count", "hint", "steps", "grade", "generate", "to")


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


def add_search_options(parser: argparse.ArgumentParser) -> None:
    """``--first`` and ``--count``, which mean the same for every search puzzle."""
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--first", action="store_true", help="print the first solution found, without proving it unique")
    mode.add_argument("--count", action="store_true", help="print the number of solutions instead of a solution")


def add_making_options(parser: argparse.ArgumentParser, size: Callable[[str], Any], size_help: str) -> None:
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


def check_making_options(options: argparse.Namespace) -> Optional[str]:
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
