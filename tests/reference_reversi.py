"""A deliberately simple reversi reference: the rules as the statement words them.

The board is a dict from (row, column) to 'B', 'W' or '.'; each move is tried
on a fresh copy; nothing is cached. Slow, but short enough to check by eye.
"""

from __future__ import annotations

Board = dict[tuple[int, int], str]

STEPS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]


def board_of(rows: list[list[int]]) -> Board:
    """The contest's -1/0/1 rows as a dict board ('.' empty, 'W' for 0, 'B' for 1)."""
    return {(r, c): ".WB"[value + 1] for r, row in enumerate(rows) for c, value in enumerate(row)}


def play(board: Board, cell: tuple[int, int], colour: str) -> Board | None:
    """The board after ``colour`` plays at ``cell``, or None if that is not a legal move."""
    if board[cell] != ".":
        return None
    other = "B" if colour == "W" else "W"
    after = dict(board)
    legal = False
    for dr, dc in STEPS:
        run = []
        r, c = cell[0] + dr, cell[1] + dc
        while board.get((r, c)) == other:
            run.append((r, c))
            r, c = r + dr, c + dc
        if run and board.get((r, c)) == colour:
            legal = True
            for square in run:
                after[square] = colour
    if not legal:
        return None
    after[cell] = colour
    return after


def children(board: Board, colour: str) -> list[Board]:
    """Every board one legal move of ``colour`` away."""
    return [after for cell in sorted(board) if (after := play(board, cell, colour)) is not None]


def count_games(rows: list[list[int]], first: str = "W") -> tuple[int, int, int]:
    """(black wins, white wins, draws) over every game, ``first`` ('W' or 'B') to move."""
    totals = [0, 0, 0]

    def walk(board: Board, colour: str, passed: bool) -> None:
        other = "B" if colour == "W" else "W"
        after = children(board, colour)
        if after:
            for child in after:
                walk(child, other, False)
        elif not passed:
            walk(board, other, True)
        else:
            black, white = list(board.values()).count("B"), list(board.values()).count("W")
            totals[0 if black > white else 1 if white > black else 2] += 1

    walk(board_of(rows), first, False)
    return totals[0], totals[1], totals[2]


def perft(rows: list[list[int]], depth: int, first: str, ended_counts: bool) -> int:
    """Leaves ``depth`` plies down, a pass being a ply; a game over early counts if ``ended_counts``."""

    def walk(board: Board, colour: str, plies: int) -> int:
        if plies == 0:
            return 1
        other = "B" if colour == "W" else "W"
        after = children(board, colour)
        if after:
            return sum(walk(child, other, plies - 1) for child in after)
        if children(board, other):
            return walk(board, other, plies - 1)
        return 1 if ended_counts else 0

    return walk(board_of(rows), first, depth)
