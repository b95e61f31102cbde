"""Binary sudoku's command, ``python -m fastpuzzle sudoku``: its options and what it prints."""

from __future__ import annotations

from fastpuzzle import sudoku

from ._options import generation_only, integer_option, render_if_asked

TYPE_CHECKING = False

if TYPE_CHECKING:
    import argparse
    from typing import Optional

__all__ = ["add_arguments", "check_arguments", "make", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Binary sudoku's options for ``python -m fastpuzzle sudoku``."""
    parser.add_argument(
        "--show",
        action="store_true",
        help="also print one optimal set of toggles and the fixed grid with them in brackets",
    )
    parser.add_argument(
        "--answer",
        type=integer_option("K", 0, sudoku.MAX_ANSWER),
        metavar="K",
        help=f"with --generate: a grid whose fewest toggles are K (0-{sudoku.MAX_ANSWER}; default: a random K)",
    )


def check_arguments(options: argparse.Namespace) -> Optional[str]:
    """What is wrong with binary sudoku's options together, or None."""
    return generation_only(options, "answer")


def run(grid: sudoku.Grid, options: argparse.Namespace) -> str:
    """What ``python -m fastpuzzle sudoku`` prints for ``grid``."""
    if not (options.show or options.render):
        return f"{sudoku.min_toggles(grid)}\n"  # the count alone: no optimal set to build
    answer = sudoku.solve(grid)
    render_if_asked(options, answer, grid)
    return sudoku.format_solution(grid, answer) if options.show else sudoku.format(answer)


def make(options: argparse.Namespace) -> str:
    """What ``python -m fastpuzzle sudoku --generate`` prints: a grid in the contest format."""
    import random

    answer = options.answer
    if answer is None:
        answer = random.Random(options.seed).randrange(sudoku.MAX_ANSWER + 1)
    grid = sudoku.generate(answer=answer, seed=options.seed)
    render_if_asked(options, grid)
    return str(grid)
