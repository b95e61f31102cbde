"""The 01 game's command, ``python -m fastpuzzle takuzu``: its options and what it prints."""

from __future__ import annotations

import argparse

from fastpuzzle import takuzu

from ._options import (
    add_checkpoint_option,
    add_hint_size_and_format_options,
    add_search_options,
    check_checkpoint_option,
    check_hint_size_and_format_options,
    integer_option,
    made_output,
    not_with_generate,
    search_output,
)

TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import Optional

__all__ = ["add_arguments", "check_arguments", "make", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The 01 game's options for ``python -m fastpuzzle takuzu``."""
    add_search_options(parser)
    add_hint_size_and_format_options(
        parser, _size_option, "N for N x N, or WxH: W wide, H high, even, up to 64 (default 10)"
    )
    parser.add_argument(
        "--rule",
        choices=tuple(takuzu.RULES),
        help="unique: rows, and columns, all differ (the contest's, Unruly's 'u'); free: they may repeat "
        "(Unruly's default). Overrides the rule the puzzle's text names; with --generate, default unique",
    )
    add_checkpoint_option(parser)


def _size_option(text: str) -> tuple[int, int]:
    """``--size``: ``N``, or ``WxH`` (width, then height, as SGT writes them)."""
    side = integer_option("an even side", 2, takuzu.MAX_N)
    parts = text.split("x")
    if len(parts) > 2:
        raise argparse.ArgumentTypeError(f"expected N or WxH, such as 8x12, found {text!r}")
    sides = [side(part) for part in parts]
    if any(value % 2 for value in sides):
        raise argparse.ArgumentTypeError(f"expected even sides, found {text!r}")
    return (sides[0], sides[-1])


def check_arguments(options: argparse.Namespace) -> Optional[str]:
    """What is wrong with the 01 game's options together (two modes at once, a size no grid has), or None."""
    problem = check_hint_size_and_format_options(options) or check_checkpoint_option(options)
    problem = problem or not_with_generate(options, "checkpoint", why="--generate counts nothing")
    splitting = options.jobs is not None or options.scheduler is not None or options.checkpoint is not None
    if problem is None and splitting and not (options.batch or options.count):
        problem = "--jobs, --scheduler and --checkpoint split a --count (or run a --batch): give --count"
    if problem is None and options.generate and options.size is not None:
        width, height = options.size
        shape = takuzu.shape_problem(width, height, unique_rows=takuzu.RULES[options.rule or "unique"])
        if shape is not None:
            return f"argument --size: {shape} (--rule free allows it)"
    return problem


def run(puzzle: takuzu.Puzzle, options: argparse.Namespace) -> str:
    """What ``python -m fastpuzzle takuzu`` prints for ``puzzle``, under ``--rule`` if given."""
    if options.rule is not None:
        puzzle = takuzu.from_rows(puzzle, unique_rows=takuzu.RULES[options.rule])
    if options.count and not options.batch:
        jobs, scheduler, checkpoint = options.jobs, options.scheduler, options.checkpoint
        if scheduler is not None:
            from fastpuzzle._common.executors import pool

            with pool(None, scheduler, options.verbose) as (executor, _):
                return f"{takuzu.count_solutions(puzzle, executor=executor, checkpoint=checkpoint)}\n"
        return f"{takuzu.count_solutions(puzzle, jobs=jobs, checkpoint=checkpoint)}\n"
    return search_output(puzzle, options, takuzu, takuzu.format)


def make(options: argparse.Namespace) -> str:
    """What ``python -m fastpuzzle takuzu --generate`` prints: a new puzzle in ``--format``."""
    width, height = options.size or (10, 10)
    unique_rows = takuzu.RULES[options.rule or "unique"]
    puzzle = takuzu.generate(width, height, seed=options.seed, difficulty=options.difficulty, unique_rows=unique_rows)
    return made_output(puzzle, options)
