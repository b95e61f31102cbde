"""The lines the 01 game's rules allow, and what they rule out before any search.

A line of even length L keeps rules 1 and 2 when it holds L/2 of each digit and
no three equal digits in a run: 2, 6, 14, 34, 84, 208, ... lines for L = 2, 4, 6,
8, 10, 12, .... Under the distinct rule the rows of a grid are that many different
lines of its width, so a grid of width 6 has at most 14 rows; the same holds for
its columns. :func:`shape_problem` says when a shape breaks this, and
:func:`line_problem` when the givens leave some rows (or columns) fewer lines
between them than there are rows: both answer before a search, which would
otherwise have to try every way of filling the grid to find it has none.
"""

from __future__ import annotations

from functools import cache

TYPE_CHECKING = False

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Optional

__all__ = ["independent_swaps", "line_count", "line_problem", "shape_problem"]

#: Longest line whose every value is listed to match rows to lines; a longer one has over 200 values,
#: more than any grid has rows.
_LISTED_MAX_LENGTH = 10
#: Fewest lines matched to values: a search finds what keeps fewer apart within microseconds.
_LISTED_MIN_LINES = 10


@cache
def line_count(length: int) -> int:
    """The number of lines of ``length`` cells that keep rules 1 and 2 (0 for an odd length)."""
    if length % 2:
        return 0
    half = length // 2
    # ways[(zeros, ones, last digit, its run)]: the lines so far that end so.
    ways = {(1, 0, 0, 1): 1, (0, 1, 1, 1): 1}
    for _ in range(length - 1):
        after: dict[tuple[int, int, int, int], int] = {}
        for (zeros, ones, last, run), count in ways.items():
            for digit in (0, 1):
                state = (zeros + (digit == 0), ones + digit, digit, run + 1 if digit == last else 1)
                if state[0] <= half and state[1] <= half and state[3] <= 2:
                    after[state] = after.get(state, 0) + count
        ways = after
    return sum(ways.values())


def _unique_shape_problem(width: int, height: int) -> Optional[str]:
    for kind, across, length, needed in (("row", "rows", width, height), ("column", "columns", height, width)):
        possible = line_count(length)
        if needed > possible:
            return (
                f"no {width}x{height} grid keeps the distinct rule: its {needed} {across} must all differ, "
                f"but a {kind} of {length} cells can be written in only {possible} ways "
                f"({length // 2} of each digit, no three alike in a run)"
            )
    return None


def shape_problem(width: int, height: int, unique_rows: bool = True) -> Optional[str]:
    """Why no grid ``width`` wide and ``height`` high keeps the rules, or None when some grid does.

    Only the distinct rule rules out a shape of even sides: its rows must be
    ``height`` different lines of ``width`` cells, and its columns ``width``
    different lines of ``height`` cells.
    """
    return _unique_shape_problem(width, height) if unique_rows else None


@cache
def _every_line(length: int) -> tuple[int, ...]:
    """Every line of ``length`` cells that keeps rules 1 and 2, as bit masks of its 1s (bit i: cell i)."""
    half = length // 2
    lines = []
    for mask in range(1 << length):
        if bin(mask).count("1") != half:
            continue
        text = format(mask, f"0{length}b")
        if "000" not in text and "111" not in text:
            lines.append(mask)
    return tuple(lines)


def line_problem(rows: Sequence[str]) -> Optional[str]:
    """Why the ``rows`` (of ``'0'``, ``'1'``, ``'_'``) cannot all differ, or None.

    Checked where it is cheap and can matter: across at least 10 lines of at
    most 10 cells, at least half as many as such lines can be written. Each
    line may then take only the values its givens allow, and no two lines the
    same one; when no such assignment exists (a maximum matching leaves a line
    out), the lines reached from it by alternating paths are named: they are
    more than the values left to them.
    """
    width, height = len(rows[0]), len(rows)
    for kind, length, count in (("row", width, height), ("column", height, width)):
        if length > _LISTED_MAX_LENGTH or count < _LISTED_MIN_LINES or 2 * count < line_count(length):
            continue
        if count > line_count(length):
            return _unique_shape_problem(width, height)
        lines = list(rows) if kind == "row" else ["".join(column) for column in zip(*rows)]
        every = _every_line(length)
        allowed = []
        for line in lines:
            known = int(line.replace("0", "1").replace("_", "0"), 2)
            ones = int(line.replace("_", "0"), 2)
            allowed.append([value for value in every if value & known == ones])
        crowded = _crowded_lines(allowed)
        if crowded is None:
            continue
        indices, values = crowded
        if not values:
            return (
                f"{kind} {indices[0] + 1} cannot be completed: no line of {length} cells with {length // 2} zeros, "
                f"{length // 2} ones and no three alike in a run agrees with its givens"
            )
        return (
            f"{_named(kind, indices)} must all differ, but their givens leave them only "
            f"{len(values)} way{'s' if len(values) != 1 else ''} to be written between them"
        )
    return None


def _crowded_lines(allowed: list[list[int]]) -> Optional[tuple[list[int], set[int]]]:
    """Lines that cannot all take different values, each among ``allowed[i]``, and the values they share; or None.

    Kuhn's augmenting paths give a maximum matching of lines to values; a line it
    leaves out, with every line reached from it by alternating paths, is a set
    whose values are one fewer than its lines (Hall's theorem).
    """
    holder: dict[int, int] = {}

    def augment(line: int, seen: set[int]) -> bool:
        for value in allowed[line]:
            if value not in seen:
                seen.add(value)
                if value not in holder or augment(holder[value], seen):
                    holder[value] = line
                    return True
        return False

    for line in range(len(allowed)):
        seen: set[int] = set()
        if not augment(line, seen):
            values = seen
            lines = sorted({line} | {holder[value] for value in values})
            return lines, values
    return None


def _named(kind: str, indices: list[int]) -> str:
    """``rows 2, 5 and 7`` (1-based), or ``rows 1-16`` for a run."""
    numbers = [index + 1 for index in indices]
    if numbers == list(range(numbers[0], numbers[-1] + 1)) and len(numbers) > 2:
        return f"{kind}s {numbers[0]}-{numbers[-1]}"
    if len(numbers) == 1:
        return f"{kind} {numbers[0]}"
    return f"{kind}s {', '.join(map(str, numbers[:-1]))} and {numbers[-1]}"


def independent_swaps(rows: Sequence[str], solution: Sequence[str], unique_rows: bool, enough: int) -> int:
    """How many 2x2 swaps of ``solution`` can be made each on its own or together, up to ``enough``.

    A swap turns a block of blank cells (in ``rows``, the puzzle) that reads
    ``01/10`` into ``10/01``, or back: every row and column keeps its balance.
    Blocks are taken only four or more cells apart along any row or column they
    share, so whether a run of three equal digits appears depends on one block
    alone; each block is checked that way. Under the distinct rule two lines
    must still differ at a cell no block swaps (or at the block both share). k
    such blocks give 2**k different solutions: the puzzle has at least that many.
    The blocks are taken greedily, so k is a lower bound of the most there are.
    """
    height, width = len(solution), len(solution[0])
    grid = [[int(char) for char in row] for row in solution]
    row_bits = [int(row[::-1], 2) for row in solution]
    column_bits = [int("".join(column)[::-1], 2) for column in zip(*solution)]
    swapped_in_row, swapped_in_column = [0] * height, [0] * width
    blocks: list[tuple[int, int]] = []
    shared: set[tuple[str, int, int]] = set()  # pairs of neighbouring lines one block swaps together

    def clear_of_blocks(r: int, c: int) -> bool:
        return all(
            not ((abs(r - r2) <= 1 and abs(c - c2) < 4) or (abs(c - c2) <= 1 and abs(r - r2) < 4)) for r2, c2 in blocks
        )

    def runs_kept(r: int, c: int) -> bool:
        for i, j in ((0, 0), (0, 1), (1, 0), (1, 1)):
            grid[r + i][c + j] ^= 1
        kept = all(
            len({grid[y][x], grid[y][x + 1], grid[y][x + 2]}) == 2
            for y in (r, r + 1)
            for x in range(max(0, c - 2), min(width - 3, c + 1) + 1)
        ) and all(
            len({grid[y][x], grid[y + 1][x], grid[y + 2][x]}) == 2
            for x in (c, c + 1)
            for y in range(max(0, r - 2), min(height - 3, r + 1) + 1)
        )
        for i, j in ((0, 0), (0, 1), (1, 0), (1, 1)):
            grid[r + i][c + j] ^= 1
        return kept

    def apart(kind: str, bits: list[int], swapped: list[int], first: int) -> bool:
        return all(
            (bits[line] ^ bits[other]) & ~(swapped[line] | swapped[other])
            or (kind, min(line, other), max(line, other)) in shared
            for line in (first, first + 1)
            for other in range(len(bits))
            if other != line
        )

    for r in range(height - 1):
        for c in range(width - 1):
            if len(blocks) >= enough:
                return len(blocks)
            a = grid[r][c]
            if grid[r][c + 1] == a or grid[r + 1][c] == a or grid[r + 1][c + 1] != a:
                continue
            if rows[r][c : c + 2] != "__" or rows[r + 1][c : c + 2] != "__":
                continue
            if not clear_of_blocks(r, c) or not runs_kept(r, c):
                continue
            before = (swapped_in_row[r], swapped_in_row[r + 1], swapped_in_column[c], swapped_in_column[c + 1])
            swapped_in_row[r] |= 3 << c
            swapped_in_row[r + 1] |= 3 << c
            swapped_in_column[c] |= 3 << r
            swapped_in_column[c + 1] |= 3 << r
            added = {("row", r, r + 1), ("column", c, c + 1)} - shared
            shared |= added
            if unique_rows and not (
                apart("row", row_bits, swapped_in_row, r) and apart("column", column_bits, swapped_in_column, c)
            ):
                swapped_in_row[r], swapped_in_row[r + 1], swapped_in_column[c], swapped_in_column[c + 1] = before
                shared -= added
                continue
            blocks.append((r, c))
    return len(blocks)
