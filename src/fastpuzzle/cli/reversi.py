"""The reversi endgame count's command, ``python -m fastpuzzle reversi``: its options and what it prints."""

from __future__ import annotations

import argparse

from fastpuzzle import reversi
from fastpuzzle.errors import ArgumentError
from fastpuzzle.reversi import _facade as reversi_facade

from ._options import (
    add_checkpoint_option,
    check_checkpoint_option,
    even_integer_option,
    generation_only,
    integer_option,
    not_with_generate,
    render_if_asked,
)

TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import Any, Optional

__all__ = ["add_arguments", "check_arguments", "make", "run"]

#: Most empty squares the command counts every game from without --force. The work grows about
#: fourfold a square (bench_reversi.py): 14 take seconds, 18 minutes, 22 days, the 8x8 start's 60 never end.
EMPTIES_BOUND = 18


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Reversi's options for ``python -m fastpuzzle reversi``."""
    parser.add_argument(
        "--to-move", choices=reversi_facade._COLOURS, default="white", help="the side to move (default: white)"
    )
    parser.add_argument(
        "--perft",
        type=integer_option("D", 0, reversi.MAX_DEPTH),
        metavar="D",
        help=f"print the number of leaves D plies deep (a pass is a ply; D up to {reversi.MAX_DEPTH}) instead of B W D",
    )
    parser.add_argument(
        "--convention",
        choices=reversi_facade._CONVENTIONS,
        help="with --perft: A counts games that end before D as leaves, B does not (default: A)",
    )
    parser.add_argument(
        "--table-size",
        type=_table_size_option,
        metavar="MIB",
        help=(
            f"memory of the transposition table in MiB, rounded down to a power of two, 0 for none "
            f"(default: {reversi.DEFAULT_TABLE_SIZE}; at most half the memory available)"
        ),
    )
    parser.add_argument(
        "--size",
        type=even_integer_option("N", 4, reversi.MAX_N),
        metavar="N",
        help=f"with --generate: an N x N board (N even, 4 to {reversi.MAX_N}; default 8)",
    )
    parser.add_argument(
        "--empties",
        type=integer_option("K", 1, reversi.MAX_N * reversi.MAX_N - 4),
        metavar="K",
        help="with --generate: a position reached by random legal play with K empty squares, white to move (default 10)",
    )
    parser.add_argument(
        "--force",
        action="store_true",
        help=f"count every game even from over {EMPTIES_BOUND} empty squares, which can take years (--batch never refuses)",
    )
    add_checkpoint_option(parser)


def _table_size_option(text: str) -> int:
    """An argparse type: a table size in MiB that this machine has the memory for."""
    # Any whole number first (huge ones too), so the message can name the memory limit.
    table_size = integer_option("MIB", 0, 10**18)(text)
    try:
        problem = reversi_facade._table_size_problem(table_size)
    except ArgumentError as error:  # FASTPUZZLE_AVAILABLE_MIB, the user's setting, is not a number
        raise argparse.ArgumentTypeError(str(error)) from None
    if problem is not None:
        raise argparse.ArgumentTypeError(f"expected {problem}, found {table_size}")
    return table_size


def check_arguments(options: argparse.Namespace) -> Optional[str]:
    """What is wrong with a combination of reversi's options, or None."""
    if options.convention is not None and options.perft is None:
        return "--convention applies only with --perft"
    problem = check_checkpoint_option(options)
    if problem is not None:
        return problem
    if options.force and options.perft is not None:
        return "--force applies to counting every game, not with --perft"
    counting = not_with_generate(
        options, "perft", "convention", "table_size", "force", "checkpoint", why="--generate counts nothing"
    )
    return counting or generation_only(options, "size", "empties")


def run(board: reversi.Board, options: argparse.Namespace) -> str:
    """What ``python -m fastpuzzle reversi`` prints for ``board``.

    Without ``--batch``, ``--jobs``, ``--scheduler`` or ``--checkpoint`` split
    the count (on a thread pool of ``--jobs`` workers, or on the Dask scheduler).
    """
    if options.perft is None and board.empties > EMPTIES_BOUND and not (options.force or options.batch):
        raise ArgumentError(
            f"counting every game from {board.empties} empty squares would not end in any reasonable time "
            f"(the work grows about fourfold a square; {EMPTIES_BOUND} take minutes): "
            "give --perft D to count D plies deep, or --force to count anyway"
        )
    render_if_asked(options, board)
    jobs, scheduler, checkpoint = options.jobs, options.scheduler, options.checkpoint
    if options.batch:
        # Counts run side by side in the batch's worker threads: the batch shows the only bar.
        return _count_text(board, options, {"progress": False})
    if jobs is None and scheduler is None and checkpoint is None:
        return _count_text(board, options, {})
    if scheduler is None:
        return _count_text(board, options, {"jobs": jobs, "checkpoint": checkpoint})
    from fastpuzzle._common.executors import pool

    with pool(None, scheduler, options.verbose) as (executor, _):
        return _count_text(board, options, {"executor": executor, "checkpoint": checkpoint})


def _count_text(board: reversi.Board, options: argparse.Namespace, split: dict[str, Any]) -> str:
    """The count the options ask for, as the command line prints it; ``split`` as perft and count_games take it."""
    if options.perft is not None:
        convention = options.convention or "A"
        leaves = reversi.perft(
            board, options.perft, to_move=options.to_move, convention=convention, table_size=options.table_size, **split
        )
        return f"{leaves}\n"
    return reversi.format(reversi.count_games(board, to_move=options.to_move, table_size=options.table_size, **split))


def make(options: argparse.Namespace) -> str:
    """What ``python -m fastpuzzle reversi --generate`` prints: a board in the contest format."""
    board = reversi.random_endgame(
        options.size or 8, 10 if options.empties is None else options.empties, seed=options.seed
    )
    render_if_asked(options, board)
    return str(board)
