"""Reversi for puzzle makers: endgames drawn from random games."""

from __future__ import annotations

from random import Random
from typing import NamedTuple

from fastpuzzle._common import select as _select
from fastpuzzle._common.grid import checked_count, checked_seed
from fastpuzzle._common.text import shown
from fastpuzzle.errors import ArgumentError

from ._facade import _COLOURS, MAX_N, Board, start

TYPE_CHECKING = False

if TYPE_CHECKING or not _select.twins_active():
    from . import _kernel
else:
    from . import _twin as _kernel

if TYPE_CHECKING:
    from typing import Optional

__all__ = ["random_endgame"]


def random_endgame(n: int = 8, empties: int = 10, *, seed: Optional[int] = None) -> Board:
    """A position of side ``n`` with exactly ``empties`` empty cells, white to move, reached by random legal play.

    The contest counts from a board with white to move, and a board cannot
    say whose move it is, so this is always a position where white moves next
    and the game is not over: ``solve(board)`` counts the games that follow it.
    The same ``seed`` always gives the same board::

        >>> from fastpuzzle import reversi
        >>> board = reversi.random_endgame(4, 6, seed=1)
        >>> board.empties
        6

    The game starts from :func:`start` and each side plays a uniformly drawn
    legal move, or passes when it has none (a forced pass, as the rules have
    it), until ``empties`` cells are left. The side that opens is the one that,
    without passes, leaves white to move then: black, as in standard reversi,
    when the number of moves to play (``n * n - 4 - empties``) is odd, and
    white, as the contest has it, when it is even. A game that ends first, or
    that a pass leaves with black to move at that count, is drawn again (about
    3 games in 10 on a 4 x 4 board with 1 empty cell, 1 in 10 on 8 x 8, and
    fewer with more cells empty). White may have to pass at once, if black can
    still move. ``empties == n * n - 4`` is :func:`start` itself.

    ``n`` is even, from 4 to MAX_N (:func:`start` of side 2 has no empty
    cell), and ``empties`` from 1 (a full board is a finished game) to
    ``n * n - 4``; anything else is an :class:`~fastpuzzle.ArgumentError`, and
    an ``n``, ``empties`` or ``seed`` that is no whole number a TypeError.
    """
    import random  # here, not at the top: the command line never needs it

    n = checked_count(n, "n")
    empties = checked_count(empties, "empties", 1)
    seed = checked_seed(seed)
    if not (4 <= n <= MAX_N and n % 2 == 0):
        raise ArgumentError(f"n must be an even number from 4 to {MAX_N}, got {shown(n)}")
    if empties > n * n - 4:
        raise ArgumentError(
            f"empties must be at most {n * n - 4} (the empty cells of start({n})), got {shown(empties)}"
        )
    rng = random.Random(seed)
    while (game := _random_game(n, empties, rng)) is None:
        pass
    return game.board


class _Game(NamedTuple):
    """A game :func:`random_endgame` played: who opened, the moves ((row, column), None for a pass), the board."""

    opener: str
    moves: list[Optional[tuple[int, int]]]
    board: Board


def _random_game(n: int, empties: int, rng: Random) -> Optional[_Game]:
    """One random game from ``start(n)`` up to ``empties`` empty cells and white to move, or None if it missed."""
    opening = start(n)
    white_moves = (n * n - 4 - empties) % 2 == 0
    mover, other = (0, 1) if white_moves else (1, 0)
    player, opponent = opening.discs(mover), opening.discs(other)
    opener = _COLOURS[mover]
    moves: list[Optional[tuple[int, int]]] = []
    left = n * n - 4
    while True:
        after = _kernel.children(n, player, opponent)
        if left == empties and white_moves:
            if not after and not _kernel.children(n, opponent, player):
                return None  # the game is over
            break
        if not after:
            if not _kernel.children(n, opponent, player):
                return None  # the game ended with more cells empty
            moves.append(None)
            player, opponent = opponent, player
        elif left == empties:
            return None  # black to move here (after a pass): any move leaves one cell too few
        else:
            next_player, next_opponent = after[rng.randrange(len(after))]
            cell = (next_opponent & ~(player | opponent)).bit_length() - 1
            moves.append((cell // 8, cell % 8))
            player, opponent = next_player, next_opponent
            left -= 1
        white_moves = not white_moves
    rows = tuple(
        tuple(0 if player >> (8 * r + c) & 1 else 1 if opponent >> (8 * r + c) & 1 else -1 for c in range(n))
        for r in range(n)
    )
    return _Game(opener, moves, Board._trusted(rows))
