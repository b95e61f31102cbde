"""The 01 game's command, ``python -m fastpuzzle takuzu``: its options and what it prints."""

from __future__ import annotations

from fastpuzzle import takuzu

from ._options import (
    add_making_options,
    add_search_options,
    check_making_options,
    integer_option,
    made_output,
    search_output,
)

TYPE_CHECKING = False

if TYPE_CHECKING:
    import argparse
    from typing import Optional

__all__ = ["add_arguments", "check_arguments", "make", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The 01 game's options for ``python -m fastpuzzle takuzu``."""
    add_search_options(parser)
    add_making_options(parser, integer_option("N", 2, takuzu.MAX_N), "an N x N grid, N even (default 10)")


def check_arguments(options: argparse.Namespace) -> Optional[str]:
    """What is wrong with the 01 game's options together (two modes at once), or None."""
    return check_making_options(options)


def run(puzzle: takuzu.Puzzle, options: argparse.Namespace) -> str:
    """What ``python -m fastpuzzle takuzu`` prints for ``puzzle``."""
    return search_output(puzzle, options, takuzu, takuzu.format)


def make(options: argparse.Namespace) -> str:
    """What ``python -m fastpuzzle takuzu --generate`` prints: a new puzzle in ``--format``."""
    puzzle = takuzu.generate(options.size or 10, seed=options.seed, difficulty=options.difficulty)
    return made_output(puzzle, options)
