"""Reversi endgame counting: every game from a position to its end, by winner.

A board of side ``n`` (1 to 8) holds ``-1`` (empty), ``0`` (a white disc) or
``1`` (a black disc) in each cell. :func:`count_games` plays every possible
sequence of moves to the end of the game (a forced pass is not a choice) and
counts the final positions won by black, won by white, and drawn::

    >>> from fastpuzzle import reversi
    >>> board = reversi.parse("3\\n-1 0 1\\n0 1 0\\n1 0 -1\\n")
    >>> reversi.count_games(board)
    Counts(black=2, white=0, draws=0)
    >>> reversi.perft(reversi.start(8), 9, to_move="black")
    3005288

:func:`random_endgame` plays a random game from :func:`start` and stops it
with a given number of empty cells, white to move: a contest input.
"""

from fastpuzzle._common.exports import adopt, on_first_use

from ._facade import (
    DEFAULT_TABLE_SIZE,
    MAX_DEPTH,
    MAX_N,
    NAME,
    Board,
    Counts,
    count_games,
    default_table_size,
    format,
    from_rows,
    max_table_size,
    parse,
    perft,
    puzzle_lines,
    solve,
    solve_text,
    solve_texts,
    start,
)

TYPE_CHECKING = False

if TYPE_CHECKING:
    from ._making import random_endgame

__all__ = [
    "DEFAULT_TABLE_SIZE",
    "MAX_DEPTH",
    "MAX_N",
    "NAME",
    "Board",
    "Counts",
    "count_games",
    "default_table_size",
    "format",
    "from_rows",
    "max_table_size",
    "parse",
    "perft",
    "puzzle_lines",
    "random_endgame",
    "solve",
    "solve_text",
    "solve_texts",
    "start",
]

adopt(__name__, globals(), __all__)
__getattr__ = on_first_use(__name__, globals(), {"._making": ("random_endgame",)})
