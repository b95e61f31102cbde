"""Pure-Python twin of the reversi kernel: the same counts, played cell by cell.

Positions come in as the kernel takes them, two bit masks with bit ``8 * r + c``
for the cell in row ``r``, column ``c``: the discs of the side to move
(``player``) and of the other side (``opponent``). Inside, the twin plays on a
plain grid the way the rules read: walk each of the 8 directions from an empty
cell over the opponent's discs and look for one's own disc at the end.
"""

from __future__ import annotations

import threading
import time
from typing import Callable, Optional, TypeVar

from fastpuzzle._contract.registry import POLL_MS, PUZZLES

_MAX_N = PUZZLES["reversi"].limits["MAX_N"]
_MAX_TABLE_BITS = PUZZLES["reversi"].limits["MAX_TABLE_BITS"]
#: Bytes of one entry of the compiled kernel's table (the twin's table sizes itself alike).
ENTRY_BYTES = 64

#: Nodes between two looks at the clock; the progress callback waits for the interval.
_CHECK_EVERY = 1 << 6
#: Plies from the root below which a subtree's share of the work is tracked.
_PROGRESS_PLIES = 6
#: Endgame nodes with fewer empties bypass the table; perft nodes with fewer plies to go.
_ENDGAME_TABLE_EMPTIES = 5
_PERFT_TABLE_DEPTH = 3

_DIRECTIONS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))
_EMPTY, _MINE, _THEIRS = 0, 1, 2

Grid = list[list[int]]
_T = TypeVar("_T")
Progress = Optional[Callable[[float], object]]


def _grid(n: int, player: int, opponent: int) -> Grid:
    """The position as rows of cells: _MINE for the side to move, _THEIRS, _EMPTY."""
    return [
        [_MINE if player >> (8 * r + c) & 1 else _THEIRS if opponent >> (8 * r + c) & 1 else _EMPTY for c in range(n)]
        for r in range(n)
    ]


def _key(grid: Grid, mover: int) -> tuple[int, int]:
    """The position as (mover's discs, other discs) bit masks."""
    mine = theirs = 0
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            if cell == mover:
                mine |= 1 << (8 * r + c)
            elif cell != _EMPTY:
                theirs |= 1 << (8 * r + c)
    return mine, theirs


def flips(grid: Grid, r: int, c: int, mover: int) -> list[tuple[int, int]]:
    """The discs a ``mover`` disc at (r, c) would flip; empty if the move is illegal."""
    n = len(grid)
    if grid[r][c] != _EMPTY:
        return []
    other = _MINE + _THEIRS - mover
    flipped = []
    for dr, dc in _DIRECTIONS:
        run = []
        i, j = r + dr, c + dc
        while 0 <= i < n and 0 <= j < n and grid[i][j] == other:
            run.append((i, j))
            i, j = i + dr, j + dc
        if run and 0 <= i < n and 0 <= j < n and grid[i][j] == mover:
            flipped.extend(run)
    return flipped


def legal_moves(grid: Grid, mover: int) -> list[tuple[int, int, list[tuple[int, int]]]]:
    """Every legal move of ``mover`` as (row, column, flipped discs), row by row."""
    n = len(grid)
    found = []
    for r in range(n):
        for c in range(n):
            flipped = flips(grid, r, c, mover)
            if flipped:
                found.append((r, c, flipped))
    return found


def _play(grid: Grid, r: int, c: int, flipped: list[tuple[int, int]], mover: int) -> Grid:
    child = [row[:] for row in grid]
    child[r][c] = mover
    for i, j in flipped:
        child[i][j] = mover
    return child


def hardware_popcount() -> bool:
    """Whether counts use the CPU's popcnt instruction: never in the twin."""
    return False


def symmetric_images(n: int, cells: int) -> list[int]:
    """The 8 images of a set of cells under the symmetries of the n x n board (for tests).

    In the kernel's order: the identity, the row, column and both flips, then
    each of those transposed (cell (r, c) to (c, r)).
    """
    assert 1 <= n <= _MAX_N
    coords = [(r, c) for r in range(n) for c in range(n) if cells >> (8 * r + c) & 1]
    flipped = [
        [(r, c) for r, c in coords],
        [(n - 1 - r, c) for r, c in coords],
        [(r, n - 1 - c) for r, c in coords],
        [(n - 1 - r, n - 1 - c) for r, c in coords],
    ]
    images = flipped + [[(c, r) for r, c in image] for image in flipped]
    return [sum(1 << (8 * r + c) for r, c in image) for image in images]


def children(n: int, player: int, opponent: int) -> list[tuple[int, int]]:
    """The positions after each move of ``player``, in ascending order of the move's bit.

    Each is (opponent after the flips, player's discs after the move): the side
    to move next first. Empty when ``player`` has no move (a pass is the caller's).
    """
    assert 1 <= n <= _MAX_N
    grid = _grid(n, player, opponent)
    # legal_moves goes row by row, column by column: ascending bit 8 * r + c.
    return [_key(_play(grid, r, c, flipped, _MINE), _THEIRS) for r, c, flipped in legal_moves(grid, _MINE)]


class _Slots:
    """A fixed-size table with replacement: 2**bits slots, each one (key, value).

    Each get and put reads or writes one list item, which is atomic under the
    GIL, and a slot holds an immutable tuple: Counters in several threads can
    share one without a lock of their own.
    """

    def __init__(self, bits: int) -> None:
        self.mask = (1 << bits) - 1
        self.slots: list[Optional[tuple[tuple[int, int, int], object]]] = [None] * (1 << bits) if bits else []

    def get(self, key: tuple[int, int, int]) -> object:
        if not self.slots:
            return None
        stored = self.slots[hash(key) & self.mask]
        return stored[1] if stored is not None and stored[0] == key else None

    def put(self, key: tuple[int, int, int], value: object) -> None:
        if self.slots:
            self.slots[hash(key) & self.mask] = (key, value)


class Table:
    """A transposition table of 2**table_bits entries, for Counters to share.

    As the kernel's: Counters made with ``Counter(table=...)`` count through it
    at the same time, each in its own thread (its slots are read and written
    one list item at a time, atomic under the GIL). It holds the counts of one
    kind of count on one board size with one weight: a count of another kind
    clears it first, and is a RuntimeError while a count of the kind it holds
    still uses it.
    """

    def __init__(self, table_bits: int = 0) -> None:
        assert 0 <= table_bits <= _MAX_TABLE_BITS
        self._bits = table_bits
        self._slots = _Slots(0)
        self._kind = ""
        self._users = 0
        # The kind and the use count change together: several bytecodes, so a lock.
        self._lock = threading.Lock()

    @property
    def table_bits(self) -> int:
        """log2 of the table's entries; 0 means no table."""
        return self._bits

    @property
    def users(self) -> int:
        """How many counts use the table now."""
        return self._users

    def clear(self) -> None:
        """Forget every stored subtree (RuntimeError while a count uses the table)."""
        with self._lock:
            if self._users:
                raise RuntimeError("the table is in use by a count")
            self._slots = _Slots(0)
            self._kind = ""

    def _reserve(self, kind: str) -> None:
        """Take the table for one more count of kind (the count's kind, board size and weight)."""
        with self._lock:
            if self._kind != kind:
                if self._users:
                    raise RuntimeError("the table is in use by a count of another kind, board size or weight")
                self._slots = _Slots(self._bits)
                self._kind = kind
            self._users += 1

    def _release(self) -> None:
        """A count that reserved the table has ended."""
        with self._lock:
            self._users -= 1


class Counter:
    """Count reversi game trees through a transposition table of 2**table_bits entries (its own, or a shared Table)."""

    def __init__(
        self, table_bits: int = 0, *, table: Optional[Table] = None, hardware_popcount: bool = True, avx2: bool = True
    ) -> None:
        # hardware_popcount and avx2 pick a copy of the compiled kernel's C; the twin has one.
        if table is None:
            self._table = Table(table_bits)
        else:
            assert table_bits in (0, table.table_bits)
            self._table = table
        self._shared = table
        self._busy = False
        self._nodes = 0
        self._done = 0.0
        self._progress: Progress = None
        self._tracking = False
        self._interval = 0.0
        self._next_poll = 0.0

    @property
    def table_bits(self) -> int:
        """log2 of the table's entries; 0 means no table."""
        return self._table.table_bits

    @property
    def table(self) -> Optional[Table]:
        """The shared Table the Counter counts through; None when it owns its table."""
        return self._shared

    @property
    def nodes(self) -> int:
        """Positions visited by the last count (table hits included)."""
        return self._nodes

    def clear(self) -> None:
        """Forget every stored subtree (RuntimeError while a count uses the table)."""
        if self._busy:
            raise RuntimeError("the counter is busy")
        self._table.clear()

    def _prepare(
        self,
        n: int,
        player: int,
        opponent: int,
        weight: int,
        kind: str,
        progress: Progress,
        interval: float,
        shares: bool,
    ) -> Grid:
        assert 1 <= n <= _MAX_N
        assert all(0 <= value < 1 << 64 for value in (player, opponent, weight))
        valid = sum(((1 << n) - 1) << (8 * r) for r in range(n))
        assert not player & opponent, "a cell holds discs of both colours"
        assert not (player | opponent) & ~valid, "a disc lies outside the board"
        assert weight >= 1
        assert interval >= 0.0
        if self._busy:
            raise RuntimeError("the counter is already counting")
        # Stored counts hold for one kind of count on one size of board (the same
        # discs on a larger board leave more cells to play), and one weight (as
        # in the kernel, whose table holds weighted counts).
        self._table._reserve(f"{kind} {n} {weight}")
        self._nodes = 0
        self._done = 0.0
        self._progress = progress
        self._tracking = progress is not None and shares
        self._interval = interval
        self._next_poll = time.monotonic() + interval
        return _grid(n, player, opponent)

    def _visit(self) -> None:
        """Count a node; every _CHECK_EVERY nodes, once the interval has passed, report progress."""
        self._nodes += 1
        if self._nodes % _CHECK_EVERY == 0 and self._progress is not None:
            now = time.monotonic()
            if now >= self._next_poll:
                self._next_poll = now + self._interval
                self._progress(self._done)

    def count(
        self,
        n: int,
        player: int,
        opponent: int,
        progress: Progress = None,
        weight: int = 1,
        interval: float = POLL_MS / 1000,
        shares: bool = True,
    ) -> tuple[int, int, int]:
        """(mover wins, opponent wins, draws) over every game from the position."""
        grid = self._prepare(n, player, opponent, weight, "endgame", progress, interval, shares)
        self._busy = True
        try:
            wins, losses, draws = self._endgame(grid, _MINE, 1.0, 0)
            if progress is not None:
                progress(self._done)
        finally:
            self._busy = False
            self._table._release()
        return wins * weight, losses * weight, draws * weight

    def _endgame(self, grid: Grid, mover: int, share: float, ply: int) -> tuple[int, int, int]:
        """(mover wins, other wins, draws) from ``grid`` with ``mover`` to play."""
        self._visit()
        other = _MINE + _THEIRS - mover
        moves = legal_moves(grid, mover)
        if not moves:
            if not legal_moves(grid, other):
                self._done += share
                mine = sum(row.count(mover) for row in grid)
                theirs = sum(row.count(other) for row in grid)
                return (1, 0, 0) if mine > theirs else (0, 1, 0) if mine < theirs else (0, 0, 1)
            # A forced pass: the same games, seen from the other side.
            wins, losses, draws = self._endgame(grid, other, share, ply + 1)
            return losses, wins, draws
        empties = sum(row.count(_EMPTY) for row in grid)
        children = [_play(grid, r, c, flipped, mover) for r, c, flipped in moves]
        keys = [(*_key(child, other), 0) for child in children]

        def count(child_shares: list[float]) -> tuple[int, int, int]:
            totals = [0, 0, 0]
            for child, child_share in zip(children, child_shares):
                wins, losses, draws = self._endgame(child, other, child_share, ply + 1)
                totals[0] += losses
                totals[1] += wins
                totals[2] += draws
            return totals[0], totals[1], totals[2]

        use_table = empties >= _ENDGAME_TABLE_EMPTIES
        return self._through_table(
            (*_key(grid, mover), 0),
            use_table,
            share,
            ply,
            children,
            other,
            keys,
            empties - 1 >= _ENDGAME_TABLE_EMPTIES,
            count,
        )

    def perft(
        self,
        n: int,
        player: int,
        opponent: int,
        depth: int,
        ended_counts: bool,
        progress: Progress = None,
        weight: int = 1,
        interval: float = POLL_MS / 1000,
        shares: bool = True,
    ) -> int:
        """Leaves ``depth`` plies below the position, a pass being one ply.

        ``ended_counts``: a game over before ``depth`` counts as a leaf
        (convention A), or not at all (convention B).
        """
        assert depth >= 0
        grid = self._prepare(
            n, player, opponent, weight, "ended" if ended_counts else "live", progress, interval, shares
        )
        self._busy = True
        try:
            if depth == 0:
                self._nodes = 1
                self._done = 1.0
                leaves = 1
            else:
                leaves = self._perft(grid, _MINE, depth, bool(ended_counts), 1.0, 0)
            if progress is not None:
                progress(self._done)
        finally:
            self._busy = False
            self._table._release()
        return leaves * weight

    def _perft(self, grid: Grid, mover: int, depth: int, ended_counts: bool, share: float, ply: int) -> int:
        self._visit()
        other = _MINE + _THEIRS - mover
        moves = legal_moves(grid, mover)
        if not moves:
            if not legal_moves(grid, other):
                self._done += share
                return 1 if ended_counts else 0
            if depth == 1:
                self._done += share
                return 1
            return self._perft(grid, other, depth - 1, ended_counts, share, ply + 1)
        if depth == 1:
            self._done += share
            return len(moves)
        children = [_play(grid, r, c, flipped, mover) for r, c, flipped in moves]
        keys = [(*_key(child, other), depth - 1) for child in children]

        def count(child_shares: list[float]) -> int:
            return sum(
                self._perft(child, other, depth - 1, ended_counts, child_share, ply + 1)
                for child, child_share in zip(children, child_shares)
            )

        return self._through_table(
            (*_key(grid, mover), depth),
            depth >= _PERFT_TABLE_DEPTH,
            share,
            ply,
            children,
            other,
            keys,
            depth - 1 >= _PERFT_TABLE_DEPTH,
            count,
        )

    def _through_table(
        self,
        key: tuple[int, int, int],
        use_table: bool,
        share: float,
        ply: int,
        children: list[Grid],
        mover: int,
        keys: list[tuple[int, int, int]],
        children_use_table: bool,
        count: Callable[[list[float]], _T],
    ) -> _T:
        """count(child_shares) for a node with children (``mover`` to move in each), answered by the table where it can be.

        Within _PROGRESS_PLIES of the root the node's share of the work goes to
        its children by weight, the kernel's guess of their cost: a child's
        moves plus one, and nothing for a child the table holds or that repeats
        an earlier sibling (which the table will then hold). Further down, or
        without a progress callback, the node adds its whole share at once.
        """
        if use_table:
            stored = self._table._slots.get(key)
            if stored is not None:
                self._done += share
                return stored  # type: ignore[return-value]
        weights = [0] * len(children)
        if ply < _PROGRESS_PLIES and self._tracking:
            for i, (child, child_key) in enumerate(zip(children, keys)):
                known = children_use_table and (self._table._slots.get(child_key) is not None or child_key in keys[:i])
                weights[i] = 0 if known else 1 + len(legal_moves(child, mover))
        total = sum(weights)
        if not total:
            self._done += share
        result = count([share * weight / total if total else 0.0 for weight in weights])
        if use_table:
            self._table._slots.put(key, result)
        return result


_VALUES = {"-1": -1, "0": 0, "1": 1}


def _plain_text_discs(text: object) -> Optional[tuple[int, int, int]]:
    """(n, white discs, black discs) of a plainly written contest position, as the kernel's fp_reversi_plain_text
    reads it (a first line n, n lines of n values -1, 0, 1 one space apart, then only newlines); None otherwise."""
    if type(text) is not str or not text.isascii() or len(text) < 2 or not "1" <= text[0] <= "9" or text[1] != "\n":
        return None
    n = int(text[0])
    if n > 8:
        return None
    lines = text[2:].split("\n")
    if len(lines) < n or any(lines[n:]):
        return None
    white = black = 0
    for r, line in enumerate(lines[:n]):
        values = [_VALUES.get(token) for token in line.split(" ")]
        if len(values) != n or None in values:
            return None
        for c, value in enumerate(values):
            if value == 0:
                white |= 1 << (8 * r + c)
            elif value == 1:
                black |= 1 << (8 * r + c)
    return n, white, black


def solve_plain_texts(texts: list[object], most_empties: int, most_table_bits: int) -> list[Optional[str]]:
    """For each item of texts, the contest output of a plainly written position with at most ``most_empties``
    empty cells, white to move; None for any other item (the kernel's solve_plain_texts)."""
    out: list[Optional[str]] = []
    counters: dict[tuple[int, int], Counter] = {}  # one per board side and table size, as in the kernel
    for text in list(texts):
        plain = _plain_text_discs(text)
        out.append(None)
        if plain is None:
            continue
        n, white, black = plain
        empties = n * n - bin(white | black).count("1")
        if empties <= most_empties:
            bits = min(most_table_bits, empties + 4)
            counter = counters.get((n, bits))
            if counter is None:
                counter = counters[n, bits] = Counter(bits)
            wins, losses, draws = counter.count(n, white, black)
            out[-1] = f"{losses} {wins} {draws}\n"
    return out
