"""Pixel placement's command, ``python -m fastpuzzle pixel``: its options and what it prints."""

from __future__ import annotations

import argparse

from fastpuzzle import pixel
from fastpuzzle._common.text import read_source
from fastpuzzle.errors import ArgumentError, ParseError

from ._options import (
    add_hint_size_and_format_options,
    add_search_options,
    check_hint_size_and_format_options,
    integer_option,
    made_output,
    search_output,
)

TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import Optional

__all__ = ["add_arguments", "check_arguments", "make", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Pixel placement's options for ``python -m fastpuzzle pixel``."""
    add_search_options(parser)
    parser.add_argument(
        "--show", action="store_true", help="draw the picture with block characters instead of 0s and 1s"
    )
    add_hint_size_and_format_options(
        parser,
        _size_option,
        f"N for N x N, or WxH: W wide, H high (as SGT writes them), at most {pixel.MAX_CELLS} cells (default 10)",
    )
    parser.add_argument(
        "--known",
        metavar="FILE",
        help="with --hint or --steps: the cells already decided, one row per line of 0 (white), 1 (black) and ?",
    )


def _size_option(text: str) -> tuple[int, int]:
    """``--size``: ``N``, or ``WxH`` (width, then height, as SGT writes them)."""
    side = integer_option("a side", 1, pixel.MAX_N)
    parts = text.split("x")
    if len(parts) > 2:
        raise argparse.ArgumentTypeError(f"expected N or WxH, such as 20x15 (20 wide, 15 high), found {text!r}")
    sides = [side(part) for part in parts]
    if sides[0] * sides[-1] > pixel.MAX_CELLS:
        raise argparse.ArgumentTypeError(
            f"expected at most {pixel.MAX_CELLS} cells (width times height), found {text!r}"
        )
    return (sides[0], sides[-1])


def check_arguments(options: argparse.Namespace) -> Optional[str]:
    """What is wrong with pixel placement's options together (two modes at once), or None; --count ignores --show."""
    if options.known is not None and not (options.hint or options.steps):
        return "--known applies only with --hint or --steps"
    return check_hint_size_and_format_options(options)


def run(puzzle: pixel.Puzzle, options: argparse.Namespace) -> str:
    """What ``python -m fastpuzzle pixel`` prints for ``puzzle``."""
    known = () if options.known is None else (_known_file(options.known),)
    try:
        return search_output(
            puzzle,
            options,
            pixel,
            lambda solution: pixel.show(solution) if options.show else pixel.format(solution),
            *known,
        )
    except ParseError as error:
        if not known:
            raise
        # The puzzle was read before: what is misread now is the known cells, a row of them a line of the file.
        raise ArgumentError(f"{options.known}: line {error.line}, column {error.column}: {error.reason}") from None


def _known_file(path: str) -> list[str]:
    """The rows of known cells in the file at ``path`` (``--known``); its trailing blank lines are passed over."""
    try:
        with open(path, "rb") as stream:
            text = read_source(stream)  # as much as an input is read, no more (/dev/zero is an error, not a hang)
    except (OSError, ParseError) as error:
        raise ArgumentError(
            f"cannot read the known cells in {path}: {getattr(error, 'strerror', None) or error}"
        ) from None
    return [line.rstrip(" \t\r") for line in text.rstrip("\n").split("\n")] if text.strip() else []


def make(options: argparse.Namespace) -> str:
    """What ``python -m fastpuzzle pixel --generate`` prints: a new puzzle in ``--format``."""
    width, height = options.size or (10, 10)
    puzzle = pixel.generate(width, height, seed=options.seed, difficulty=options.difficulty)
    return made_output(puzzle, options)
