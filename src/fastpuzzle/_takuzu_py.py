"""Pure-Python twin of the 01-game kernel: the same search, written plainly.

A grid of side ``n`` has ``2n`` lines: lines ``0..n-1`` are the rows and lines
``n..2n-1`` the columns. A line is a bit mask: bit ``j`` of row ``r`` is the cell
``(r, j)``, bit ``i`` of column ``c`` is the cell ``(i, c)``; a set bit is a 1.

Each line keeps the list of its *candidates*: every balanced line without three
equal digits in a run that agrees with what is known. Propagation narrows the
lists to a fixed point: a cell that is the same in every candidate of its line is
fixed, which narrows the crossing line; a completed line is struck from the lists
of its parallel lines. The search branches on the line with the fewest candidates.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from functools import cache

from ._registry import POLL_MS, PUZZLES, Status

_MAX_N = PUZZLES["takuzu"].limits["MAX_N"]

#: Root probing is skipped when the lines hold more live candidates than this.
PROBE_MAX_CANDIDATES = 100_000
#: Longest a call runs before it returns, in seconds, and the nodes between two looks at the clock.
_POLL_SECONDS = POLL_MS / 1000
_CLOCK_NODES = 64

EXHAUSTED, SOLUTION, PAUSED, TOO_LARGE = (int(status) for status in Status)

#: Cell codes of the cells buffer.
CELL_ZERO, CELL_ONE, CELL_BLANK = 0, 1, 2


def _next_digits(
    n: int, ones: int, zeros: int, position: int, count_ones: int, previous: int, run: int
) -> Iterator[tuple[int, int, int]]:
    """The digits that may extend a valid prefix of ``position`` cells: (digit, 1s so far, run of it)."""
    bit = 1 << position
    for digit in (0, 1):
        if (digit == 1 and zeros & bit) or (digit == 0 and ones & bit):
            continue
        if digit == previous and run == 2:
            continue
        new_ones = count_ones + digit
        if new_ones > n // 2 or position + 1 - new_ones > n // 2:
            continue
        yield digit, new_ones, run + 1 if digit == previous else 1


def line_candidates(n: int, ones: int, zeros: int) -> list[int]:
    """Every valid line of length ``n`` with 1s at ``ones`` and 0s at ``zeros``."""
    found = []

    def extend(position: int, line: int, count_ones: int, previous: int, run: int) -> None:
        if position == n:
            found.append(line)
            return
        for digit, new_ones, new_run in _next_digits(n, ones, zeros, position, count_ones, previous, run):
            extend(position + 1, line | digit << position, new_ones, digit, new_run)

    extend(0, 0, 0, -1, 0)
    return found


def line_count(n: int, ones: int, zeros: int) -> int:
    """How many lines :func:`line_candidates` gives, counted without listing them."""

    @cache
    def completions(position: int, count_ones: int, previous: int, run: int) -> int:
        if position == n:
            return 1
        steps = _next_digits(n, ones, zeros, position, count_ones, previous, run)
        return sum(completions(position + 1, new_ones, digit, new_run) for digit, new_ones, new_run in steps)

    return completions(0, 0, -1, 0)


def line_masks(n: int, cells: bytes, code: int) -> list[int]:
    """Masks of the cells holding ``code`` in the ``2n`` lines (rows, then columns) of the row-major cells."""
    assert 2 <= n <= _MAX_N and n % 2 == 0 and len(cells) == n * n
    assert all(cell in (CELL_ZERO, CELL_ONE, CELL_BLANK) for cell in cells)
    rows = [cells[r * n : (r + 1) * n] for r in range(n)]
    columns = [cells[c::n] for c in range(n)]
    return [sum(1 << i for i, cell in enumerate(line) if cell == code) for line in rows + columns]


def count_candidates(n: int, cells: bytes) -> int:
    """How many candidates all ``2n`` lines start with; the search's memory is proportional."""
    ones, zeros = line_masks(n, cells, CELL_ONE), line_masks(n, cells, CELL_ZERO)
    return sum(line_count(n, ones[i], zeros[i]) for i in range(2 * n))


class Contradiction(Exception):
    """A line lost its last candidate."""


class _State:
    """What the search knows at one node: known cells and surviving candidates."""

    def __init__(self, ones: list[int], zeros: list[int], live: list[list[int]], done: list[bool]) -> None:
        self.ones = ones
        self.zeros = zeros
        self.live = live
        self.done = done

    def copy(self) -> _State:
        return _State(list(self.ones), list(self.zeros), [list(c) for c in self.live], list(self.done))

    def become(self, other: _State) -> None:
        """Take over everything ``other`` knows."""
        self.ones, self.zeros, self.live, self.done = other.ones, other.zeros, other.live, other.done


class Search:
    """Enumerate the solutions of a 01-game grid, resumably.

    ``cells`` holds the ``n * n`` cell codes row by row: 0, 1 or 2 (blank); the
    caller guarantees ``2 <= n <= MAX_N``, ``n`` even, and nothing else in
    ``cells``. A search whose lines would start with more than
    ``max_candidates`` candidates reports TOO_LARGE.
    """

    def __init__(self, n: int, cells: bytes, max_candidates: int) -> None:
        self.n = n
        self.full = (1 << n) - 1
        self.nodes = 0
        self.found = 0
        self._solution: list[int] = []
        self._walk = self._solutions()
        ones, zeros = line_masks(n, cells, CELL_ONE), line_masks(n, cells, CELL_ZERO)
        self._too_large = count_candidates(n, cells) > max_candidates
        live = [] if self._too_large else [line_candidates(n, ones[i], zeros[i]) for i in range(2 * n)]
        self._start = _State(ones, zeros, live, [False] * (2 * n))

    def next_solution(self, node_budget: int) -> int:
        """Search on for at most ``node_budget`` more nodes, and at most POLL_MS.

        Returns SOLUTION (read it with :meth:`solution`), EXHAUSTED when no
        solution is left, PAUSED when the budget or the time ran out first, or TOO_LARGE.
        """
        if self._too_large:
            return TOO_LARGE
        for step in self._steps(node_budget):
            if step != PAUSED:
                return step
        return PAUSED

    def count(self, node_budget: int, limit: int) -> int:
        """Count solutions for at most ``node_budget`` more nodes and at most POLL_MS, adding them to ``found``.

        Returns SOLUTION once ``found`` reaches ``limit`` (0: no limit), EXHAUSTED
        when the search is over, PAUSED when the budget or the time ran out first,
        or TOO_LARGE.
        """
        if self._too_large:
            return TOO_LARGE
        for step in self._steps(node_budget):
            if step == SOLUTION:
                self.found += 1
                if self.found == limit:
                    return SOLUTION
            elif step == EXHAUSTED:
                return EXHAUSTED
        return PAUSED

    def _steps(self, node_budget: int) -> Iterator[int]:
        """The search's next steps: at most ``node_budget`` of them, and none once POLL_MS has passed."""
        deadline = time.monotonic() + _POLL_SECONDS
        for node in range(node_budget):
            if node % _CLOCK_NODES == _CLOCK_NODES - 1 and time.monotonic() >= deadline:
                return
            yield next(self._walk, EXHAUSTED)

    def solution(self) -> str:
        """The cells of the solution last reported, row by row, as ``'0'`` and ``'1'``."""
        return "".join("1" if mask >> c & 1 else "0" for mask in self._solution for c in range(self.n))

    def _solutions(self) -> Iterator[int]:
        """Yield PAUSED once per node and SOLUTION at each solution."""
        root = self._start
        # Probing pays for itself at the root of a fairly constrained grid; deeper
        # down, or on a nearly blank grid, it costs more than it saves.
        if not self._settle(root, set(range(2 * self.n))):
            return
        if sum(map(len, root.live)) <= PROBE_MAX_CANDIDATES and not self._probe(root):
            return
        stack = [iter([root])]
        while stack:
            state = next(stack[-1], None)
            if state is None:
                stack.pop()
                continue
            self.nodes += 1
            yield PAUSED
            if all(state.done):
                self._solution = state.ones[: self.n]
                yield SOLUTION
            else:
                stack.append(self._branches(state))

    def _branches(self, state: _State) -> Iterator[_State]:
        """The consistent children of ``state``, one per candidate of its tightest line."""
        open_lines = [i for i in range(2 * self.n) if not state.done[i]]
        line = min(open_lines, key=lambda i: len(state.live[i]))
        for value in list(state.live[line]):
            child = state.copy()
            dirty = self._fix(child, line, value & ~child.ones[line], ~value & self.full & ~child.zeros[line])
            if self._settle(child, dirty | {line}):
                yield child

    def _probe(self, state: _State) -> bool:
        """Try both digits in every open cell and keep what either outcome proves.

        A digit whose propagation fails fixes the other one; cells that come out
        the same under both digits are fixed too. False if both digits fail.
        """
        changed = True
        while changed:
            changed = False
            for r in range(self.n):
                for c in range(self.n):
                    bit = 1 << c
                    if (state.ones[r] | state.zeros[r]) & bit:
                        continue
                    zero, one = state.copy(), state.copy()
                    zero_ok = self._settle(zero, self._fix(zero, r, 0, bit) | {r})
                    one_ok = self._settle(one, self._fix(one, r, bit, 0) | {r})
                    if not zero_ok and not one_ok:
                        return False
                    if not (zero_ok and one_ok):
                        state.become(one if one_ok else zero)
                        changed = True
                        continue
                    dirty: set[int] = set()
                    for row in range(self.n):
                        agreed_ones = zero.ones[row] & one.ones[row] & ~state.ones[row]
                        agreed_zeros = zero.zeros[row] & one.zeros[row] & ~state.zeros[row]
                        if agreed_ones | agreed_zeros:
                            dirty |= self._fix(state, row, agreed_ones, agreed_zeros) | {row}
                    if dirty:
                        changed = True
                        if not self._settle(state, dirty):
                            return False
        return True

    def _settle(self, state: _State, dirty: set[int]) -> bool:
        """Propagate from the lines in ``dirty`` to a fixed point; False on contradiction."""
        try:
            while dirty:
                line = min(dirty)
                dirty.discard(line)
                self._narrow(state, line, dirty)
        except Contradiction:
            return False
        return True

    def _narrow(self, state: _State, line: int, dirty: set[int]) -> None:
        ones, zeros = state.ones[line], state.zeros[line]
        live = [v for v in state.live[line] if v & ones == ones and not v & zeros]
        state.live[line] = live
        if not live:
            raise Contradiction
        always, ever = self.full, 0
        for value in live:
            always &= value
            ever |= value
        dirty |= self._fix(state, line, always & ~ones, ~ever & self.full & ~zeros)
        if not state.done[line] and state.ones[line] | state.zeros[line] == self.full:
            state.done[line] = True
            value = state.ones[line]
            first = 0 if line < self.n else self.n
            for other in range(first, first + self.n):
                if other != line and value in state.live[other]:
                    state.live[other].remove(value)
                    if not state.live[other]:
                        raise Contradiction
                    dirty.add(other)

    def _fix(self, state: _State, line: int, new_ones: int, new_zeros: int) -> set[int]:
        """Record new cells of ``line`` in it and in the crossing lines; return those crossing lines."""
        state.ones[line] |= new_ones
        state.zeros[line] |= new_zeros
        position = line % self.n
        crossing = self.n if line < self.n else 0
        changed = set()
        for j in range(self.n):
            if new_ones >> j & 1:
                state.ones[crossing + j] |= 1 << position
                changed.add(crossing + j)
            elif new_zeros >> j & 1:
                state.zeros[crossing + j] |= 1 << position
                changed.add(crossing + j)
        return changed
