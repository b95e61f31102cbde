"""Pure-Python twin of the 01-game kernel: the same searches, written plainly.

Two searches, as in the kernel: :class:`Learn`, clause learning for any even
width and height with the distinct rule or without (below), and :class:`Search`,
candidate lines for a square grid under the distinct rule.

For :class:`Search`, a grid of side ``n`` has ``2n`` lines: lines ``0..n-1`` are the rows and lines
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
from collections.abc import Iterator, Sequence
from functools import cache
from typing import Optional

from fastpuzzle._contract.registry import POLL_MS, PUZZLES, Status
from fastpuzzle._learning.twin import ActivityHeap, only_solution_text

_MAX_N = PUZZLES["takuzu"].limits["MAX_N"]
_LIST_MAX_N = PUZZLES["takuzu"].limits["LIST_MAX_N"]

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
    assert 2 <= n <= _LIST_MAX_N and n % 2 == 0 and len(cells) == n * n
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


_CODES = bytes.maketrans(b"01_", b"\x00\x01\x02")


def _plain_text_cells(text: object, most: int) -> Optional[tuple[int, bytes]]:
    """(side, cell codes) of a plainly written contest text of side at most ``most``, as the kernel's
    fp_takuzu_plain_text reads it: a first line N (digits, no leading zero), N lines of N of ``01_`` (each but
    the last ending in a newline), then only newlines; None for anything else."""
    if type(text) is not str or not text.isascii():
        return None
    first, newline, rest = text.partition("\n")
    if not newline or not (1 <= len(first) <= 3 and first.isdigit()) or first[0] == "0":
        return None
    n = int(first)
    if n % 2 or not 2 <= n <= most:
        return None
    size = n * (n + 1) - 1
    rows = rest[:size].split("\n")
    if len(rest) < size or rest[size:].strip("\n") or len(rows) != n:
        return None
    if any(len(row) != n or row.strip("01_") for row in rows):
        return None
    return n, "".join(rows).encode().translate(_CODES)


def solve_plain_texts(texts: list[object], max_candidates: int, most: int) -> list[Optional[str]]:
    """For each item of texts, the contest output of a plainly written square puzzle of side at most ``most``
    that :class:`Search` finds exactly one solution of within one poll; None for any other item (the
    kernel's solve_plain_texts)."""
    assert 2 <= most <= _LIST_MAX_N
    out: list[Optional[str]] = []
    for text in list(texts):
        plain = _plain_text_cells(text, most)
        out.append(None)
        if plain is None:
            continue
        n, cells = plain
        out[-1] = only_solution_text(Search(n, cells, max_candidates), n)
    return out


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


# -- clause learning: any even width and height, with or without the distinct rule ---------

_UNKNOWN = 2
_DECIDED = -1
#: _propagate's answer for a conflict of a rule, whose false literals are in ``conflict``.
_NATIVE = -2
#: A rule's reason is _BY_RULE - (kind + _KINDS * line), the line the rule read.
_BY_RULE = -3
#: The rules: a triple whose other two cells come before, around or after the cell; the
#: count of a line; the line's exact propagator; a parallel line equal to it elsewhere.
_BEFORE, _AROUND, _AFTER, _COUNT, _LINE, _DISTINCT = range(6)
_KINDS = 6
#: The other two cells of a triple, from the cell's place in the line, by kind.
_TRIPLE = {_BEFORE: (-2, -1), _AROUND: (-1, 1), _AFTER: (1, 2)}
#: The fewest conflicts between two restarts.
_RESTART_CONFLICTS = 50
#: Learnt clauses kept before the first reduction, beyond one per two cells; the limit grows by a tenth
#: at each reduction, which drops half of the learnt clauses longer than _KEEP_LENGTH and of glue over
#: _KEEP_GLUE: those of the highest glue, the longer first among equals, then the older. A clause's glue
#: is the decision levels among its literals when it was learnt, at most _MOST_GLUE.
_FIRST_LEARNT_LIMIT = 2000
_KEEP_LENGTH = 3
_KEEP_GLUE = 2
_MOST_GLUE = (1 << 13) - 1
#: Restarts: two moving averages of the learnt clauses' glue, in fixed point (_GLUE_SCALE bits), each
#: moving by 2**-_FAST_GLUE or 2**-_SLOW_GLUE of the gap per conflict; _RESTART_CONFLICTS or more
#: conflicts after the last restart, the search restarts once the fast one is over 5/4 of the slow.
_GLUE_SCALE = 16
_FAST_GLUE = 5
_SLOW_GLUE = 12
#: The longest learnt clause that _vivify() tries to shorten, and the decisions it may take per hundred
#: conflicts since it last ran.
_VIVIFY_MOST = 10
_VIVIFY_EFFORT = 30


def line_digits_of(n: int, ones: int, zeros: int) -> tuple[int, int]:
    """The cells of a line of ``n`` that hold a 1 in some valid line with 1s at ``ones`` and 0s at
    ``zeros``, and the cells that hold a 0 in one: (0, 0) when there is no valid line.

    A valid line is balanced and has no three equal digits in a run. A dynamic programme
    over the cells: the state after ``i`` cells is the last digit, its run (1 or 2) and how
    many 1s came so far, the counts kept as one bit mask per (digit, run), forwards from
    the start and backwards from the end.
    """
    half = n // 2
    counts = (1 << (half + 1)) - 1

    def steps(i: int, state: int) -> Iterator[tuple[int, int]]:
        """(digit, state after it) for the digits cell ``i`` may take after ``state`` (-1: none yet)."""
        for digit in (0, 1):
            if ((zeros if digit else ones) >> i) & 1:
                continue
            if state < 0 or digit != state >> 1:
                yield digit, 2 * digit
            elif not state & 1:
                yield digit, 2 * digit + 1

    forward = [[0] * 4 for _ in range(n + 1)]  # forward[i][state]: counts of the valid prefixes of i cells
    for digit, after in steps(0, -1):
        forward[1][after] |= 1 << digit
    for i in range(1, n):
        low = i + 1 - half  # at least this many 1s among i + 1 cells
        keep = counts & ~((1 << low) - 1) if low > 0 else counts
        for state in range(4):
            if forward[i][state]:
                for digit, after in steps(i, state):
                    forward[i + 1][after] |= (forward[i][state] << digit) & keep
    if not any(forward[n][state] >> half & 1 for state in range(4)):
        return 0, 0
    backward = [[0] * 4 for _ in range(n + 1)]  # backward[i][state]: counts after i cells that complete
    backward[n] = [1 << half] * 4
    for i in range(n - 1, 0, -1):
        for state in range(4):
            for digit, after in steps(i, state):
                backward[i][state] |= backward[i + 1][after] >> digit
    may = [0, 0]
    for digit, after in steps(0, -1):
        if backward[1][after] >> digit & 1:
            may[digit] |= 1
    for i in range(1, n):
        for state in range(4):
            if forward[i][state]:
                for digit, after in steps(i, state):
                    if forward[i][state] & (backward[i + 1][after] >> digit):
                        may[digit] |= 1 << i
    return may[1], may[0]


def line_reason_of(n: int, ones: int, zeros: int, target: int) -> int:
    """A smallest-by-inclusion set of the known cells of a line of ``n`` (1s at ``ones``, 0s at
    ``zeros``) that has no valid completion, such that those cells alone still have none: as a mask.

    ``target`` (or -1) is a known cell always kept and left out of the answer. The cells
    before it are tried from the first on, then those after it from the last back (every
    cell from the first when ``target`` is -1): each is dropped if the line with it open
    still has no valid completion. Far cells go first, so the reason keeps the near ones.
    """
    order = [*range(target), *range(n - 1, target, -1)] if target >= 0 else list(range(n))
    for i in order:
        bit = 1 << i
        if (ones | zeros) & bit and line_digits_of(n, ones & ~bit, zeros & ~bit) == (0, 0):
            ones &= ~bit
            zeros &= ~bit
    if target >= 0:
        ones &= ~(1 << target)
        zeros &= ~(1 << target)
    return ones | zeros


class Learn(ActivityHeap):
    """Find the solutions of a 01-game grid one by one by clause learning, resumably; the kernel's rules exactly.

    ``cells`` holds ``width * height`` cell codes row by row (0, 1, 2 for blank); the caller
    guarantees even sides from 2 to MAX_N and nothing else in ``cells``. With ``distinct``,
    no two rows and no two columns may be equal. Lines ``0 .. height - 1`` are the rows and
    ``height ..`` the columns; bit ``i`` of a line's masks is its ``i``-th cell. A literal
    is ``2 * cell + digit``: true when the cell holds that digit.

    Each literal made true is propagated along its row, then its column: the triples (two
    equal neighbours make the cells beside them the other digit), the count (a line with
    half its cells 1 makes the rest 0, and the other way round) and, with ``distinct``, a
    parallel line that agrees with it in every cell but one, known in one of them. Once no
    literal waits, each line touched since goes to its exact propagator
    (:func:`line_digits_of`), explained by every cell of the line placed before. Clauses are
    watched by two literals. Every open cell is probed at the root. A conflict is learnt
    at its first unique implication point; the next cell is the most active (VSIDS, ties
    to the lower cell) in its last digit (0 at first, see :meth:`prefer`); the search
    restarts, 50 conflicts or more after the last, once the glue of the clauses it learns (their
    decision levels) runs high: its moving average over about 32 conflicts over 5/4 of that over
    about 4,096. Once ``learnt_limit`` clauses are learnt (0: one per two cells and 2,000 more), a
    restart to level 0 drops half of the learnt clauses of over three literals and glue over two,
    the highest glue first, and vivifies each learnt clause of at most ten not
    vivified before, for at most 30 decisions per hundred conflicts since the last time: its
    literals made false one by one, it keeps those propagation leaves open up to the first
    that propagation makes true or that ends in a conflict. A solution
    is excluded by the clause that some decision of it differs: no other solution agrees
    with all of them.
    """

    def __init__(self, width: int, height: int, distinct: bool, cells: bytes, learnt_limit: int = 0) -> None:
        assert 2 <= width <= _MAX_N and 2 <= height <= _MAX_N, f"sides must be 2..{_MAX_N}, got {width}x{height}"
        assert width % 2 == 0 and height % 2 == 0, f"sides must be even, got {width}x{height}"
        assert len(cells) == width * height, f"expected {width * height} cells, got {len(cells)}"
        assert all(cell <= CELL_BLANK for cell in cells), "expected cells 0, 1 or 2"
        self.width, self.height, self.distinct = width, height, bool(distinct)
        self.size = size = width * height
        lines = height + width
        self.length = [width] * height + [height] * width
        self.ones = [0] * lines
        self.zeros = [0] * lines
        self.value = [_UNKNOWN] * size
        self.saved = [0] * size
        self.seen = [False] * size
        self.level = [0] * size
        self.place = [0] * size
        self.reason = [_DECIDED] * size
        self.trail: list[int] = []
        self.level_start: list[int] = []
        self.qhead = 0
        self.dirty: list[int] = []
        self.is_dirty = [False] * lines
        self.conflict: list[int] = []
        self.clauses: list[list[int]] = []
        self.learnt: list[bool] = []  # per clause: learnt (may be dropped), or an exclusion (kept)
        self.vivified: list[bool] = []  # per clause: _vivify() has tried it
        self.glue: list[int] = []  # per clause: a learnt clause's glue (0 for the others)
        self.learnt_count = 0
        self.learnt_limit = learnt_limit if learnt_limit > 0 else size // 2 + _FIRST_LEARNT_LIMIT
        self.watches: list[list[int]] = [[] for _ in range(2 * size)]
        ActivityHeap.__init__(self, size)
        self.nodes = 0
        self.conflicts = 0
        self.vivified_at = 0  # conflicts when _vivify() last ran
        self.found = 0
        self.next_restart = _RESTART_CONFLICTS
        self.glue_fast = self.glue_slow = 0  # the moving averages of glue that decide the restarts
        self.solved = False
        self.unsatisfiable = False
        self.assumptions: list[int] = []
        for p, cell in enumerate(cells):
            if cell != CELL_BLANK:
                self._give(2 * p + cell, _DECIDED)
        self.unsatisfiable = not (self._propagate() == -1 and self._probe_root())

    # -- lines ----------------------------------------------------------------------

    def _cell(self, line: int, i: int) -> int:
        """The ``i``-th cell of ``line``."""
        return line * self.width + i if line < self.height else i * self.width + line - self.height

    def _lines_of(self, p: int) -> tuple[tuple[int, int], tuple[int, int]]:
        """(row, place in it) and (column, place in it) of cell ``p``."""
        r, c = divmod(p, self.width)
        return (r, c), (self.height + c, r)

    def _false(self, p: int) -> int:
        """The literal of the digit cell ``p`` does not hold (it holds one)."""
        return 2 * p + (self.value[p] ^ 1)

    # -- assignment and propagation ------------------------------------------------------

    def _give(self, literal: int, why: int) -> None:
        """Make ``literal`` true at the current level, for reason ``why``."""
        p, digit = literal >> 1, literal & 1
        self.value[p] = digit
        self.level[p] = len(self.level_start)
        self.place[p] = len(self.trail)
        self.reason[p] = why
        self.trail.append(literal)
        masks = self.ones if digit else self.zeros
        for line, i in self._lines_of(p):
            masks[line] |= 1 << i

    def _assign(self, literal: int, why: int) -> bool:
        """Make ``literal`` true for ``why`` unless it is already; False, the conflict written, if it is false."""
        p = literal >> 1
        if self.value[p] == _UNKNOWN:
            self._give(literal, why)
        elif self.value[p] != literal & 1:
            self.conflict = [*self._explain(why, p, literal & 1, len(self.trail)), self._false(p)]
            return False
        return True

    def _propagate(self) -> int:
        """Make true what the rules and the clauses force, to a fixed point.

        Returns -1, the index of a clause whose literals are all false, or _NATIVE when a
        rule failed (its false literals in ``conflict``).
        """
        while True:
            while self.qhead < len(self.trail):
                literal = self.trail[self.qhead]
                self.qhead += 1
                for line, i in self._lines_of(literal >> 1):
                    if not self._line_rules(line, i, literal & 1):
                        self._clear_dirty()
                        return _NATIVE
                clause = self._watched(literal ^ 1)
                if clause >= 0:
                    self._clear_dirty()
                    return clause
            if not self.dirty:
                return -1
            line = self.dirty.pop()
            self.is_dirty[line] = False
            if not self._whole_line(line):
                self._clear_dirty()
                return _NATIVE

    def _clear_dirty(self) -> None:
        for line in self.dirty:
            self.is_dirty[line] = False
        self.dirty.clear()

    def _line_rules(self, line: int, i: int, digit: int) -> bool:
        """The triples, the count and the distinct rule of ``line``, whose cell ``i`` became ``digit``."""
        n = self.length[line]
        same = self.ones[line] if digit else self.zeros[line]
        for a, b in ((i - 2, i - 1), (i - 1, i + 1), (i + 1, i + 2)):
            if a >= 0 and b < n and same >> a & 1 and same >> b & 1:
                self.conflict = [2 * self._cell(line, j) + (digit ^ 1) for j in (a, b, i)]
                return False
        other = digit ^ 1
        for pair, target, kind in (
            (i - 1, i - 2, _AFTER),
            (i - 1, i + 1, _BEFORE),
            (i + 1, i - 1, _AFTER),
            (i + 1, i + 2, _BEFORE),
            (i - 2, i - 1, _AROUND),
            (i + 2, i + 1, _AROUND),
        ):
            if (
                0 <= pair < n
                and 0 <= target < n
                and same >> pair & 1
                and not self._assign(2 * self._cell(line, target) + other, _BY_RULE - (kind + _KINDS * line))
            ):
                return False
        count = bin(same).count("1")
        if count > n // 2:
            self.conflict = [2 * self._cell(line, j) + other for j in range(n) if same >> j & 1]
            return False
        if count == n // 2:
            known = self.ones[line] | self.zeros[line]
            for j in range(n):
                if not known >> j & 1:
                    self._give(2 * self._cell(line, j) + other, _BY_RULE - (_COUNT + _KINDS * line))
        if not self.is_dirty[line]:
            self.is_dirty[line] = True
            self.dirty.append(line)
        return not self.distinct or self._distinct(line)

    def _distinct(self, line: int) -> bool:
        """The distinct rule between ``line`` and each parallel line that agrees with it where both are
        known: once both have at most one open cell, or one is complete and the other has two open
        cells that take a 0 and a 1 (they take the complete line's digits the other way round)."""
        n = self.length[line]
        full = (1 << n) - 1
        first = 0 if line < self.height else self.height
        for other in range(first, first + (self.height if line < self.height else self.width)):
            known = self.ones[line] | self.zeros[line]
            count = bin(known).count("1")
            if count < n - 2:
                return True
            known_other = self.ones[other] | self.zeros[other]
            count_other = bin(known_other).count("1")
            if other == line or count_other < n - 2:
                continue
            if self.ones[line] & self.zeros[other] or self.zeros[line] & self.ones[other]:
                continue
            if count + count_other == 2 * n - 2 and n - 2 in (count, count_other):
                short, whole = (line, other) if count == n - 2 else (other, line)
                if bin(self.ones[short]).count("1") == n // 2 - 1:
                    why = _BY_RULE - (_DISTINCT + _KINDS * whole)
                    for j in range(n):
                        if not (self.ones[short] | self.zeros[short]) >> j & 1:
                            self._give(2 * self._cell(short, j) + (self.ones[whole] >> j & 1 ^ 1), why)
                continue
            if count < n - 1 or count_other < n - 1:
                continue
            open_cells = full & ~(known & known_other)
            if not open_cells:
                self.conflict = [self._false(self._cell(both, j)) for both in (line, other) for j in range(n)]
                return False
            if open_cells & (open_cells - 1) or not (known | known_other) & open_cells:
                continue  # two open places, or one open in both lines
            j = open_cells.bit_length() - 1
            if known >> j & 1:
                digit, target, why = self.ones[line] >> j & 1, other, line
            else:
                digit, target, why = self.ones[other] >> j & 1, line, other
            self._give(2 * self._cell(target, j) + (digit ^ 1), _BY_RULE - (_DISTINCT + _KINDS * why))
        return True

    def _whole_line(self, line: int) -> bool:
        """Give what the exact propagator of ``line`` forces; False, the conflict written, if it has no valid line."""
        n = self.length[line]
        ones, zeros = self.ones[line], self.zeros[line]
        may_one, may_zero = line_digits_of(n, ones, zeros)
        if not may_one | may_zero:
            needed = line_reason_of(n, ones, zeros, -1)
            self.conflict = [self._false(self._cell(line, j)) for j in range(n) if needed >> j & 1]
            return False
        for j in range(n):
            if not (ones | zeros) >> j & 1 and (may_one >> j & 1) != (may_zero >> j & 1):
                self._give(2 * self._cell(line, j) + (may_one >> j & 1), _BY_RULE - (_LINE + _KINDS * line))
        return True

    def _watched(self, false_literal: int) -> int:
        """Visit the clauses watching ``false_literal``: move each watch, or give the clause's other
        watched literal; the index of a clause all of whose literals are false, or -1."""
        watching = self.watches[false_literal]
        i = j = 0
        while i < len(watching):
            index = watching[i]
            i += 1
            clause = self.clauses[index]
            if clause[0] == false_literal:
                clause[0], clause[1] = clause[1], false_literal
            first = clause[0]
            if self.value[first >> 1] == first & 1:
                watching[j] = index
                j += 1
                continue
            for x in range(2, len(clause)):
                q = clause[x]
                if self.value[q >> 1] != (q & 1) ^ 1:
                    clause[1], clause[x] = q, false_literal
                    self.watches[q].append(index)
                    break
            else:
                watching[j] = index
                j += 1
                if self.value[first >> 1] == _UNKNOWN:
                    self._give(first, index)
                    continue
                watching[j:] = watching[i:]
                return index
        del watching[j:]
        return -1

    def _probe_root(self) -> bool:
        """Try both digits of open cells at level 0: one whose propagation fails gives the other at level 0.

        Every open cell in the first round; in each later round, the open cells of a row or column
        that gained a cell at level 0 in the round before or this one. Until a round changes nothing;
        False if both digits fail somewhere. A digit that a probe which held gave, since level 0 last
        grew, is not tried: its propagation is part of that probe's, so it holds too.
        """
        line_round = [0] * len(self.length)
        dominated = [0] * (2 * self.size)  # per literal: 1 + level 0's trail when a probe that held gave it
        rounds, changed = 0, True
        while changed:
            changed = False
            rounds += 1
            for p in range(self.size):
                if self.value[p] != _UNKNOWN:
                    continue
                (row, _), (column, _) = self._lines_of(p)
                if rounds > 1 and max(line_round[row], line_round[column]) < rounds - 1:
                    continue
                failed = -1
                for digit in (0, 1):
                    base = len(self.trail)
                    if dominated[2 * p + digit] == base + 1:
                        continue
                    self.level_start.append(base)
                    self._give(2 * p + digit, _DECIDED)
                    if self._propagate() != -1:
                        failed = digit
                    else:
                        for literal in self.trail[base + 1 :]:
                            dominated[literal] = base + 1
                    self._back_to(0)
                    if failed >= 0:
                        break
                if failed >= 0:
                    before = len(self.trail)
                    self._give(2 * p + (failed ^ 1), _DECIDED)
                    if self._propagate() != -1:
                        return False
                    for literal in self.trail[before:]:
                        for line, _ in self._lines_of(literal >> 1):
                            line_round[line] = rounds
                    changed = True
        return True

    def _back_to(self, level: int) -> None:
        """Forget every literal given above decision level ``level``."""
        if len(self.level_start) <= level:
            return
        while len(self.trail) > self.level_start[level]:
            literal = self.trail.pop()
            p, digit = literal >> 1, literal & 1
            self.value[p] = _UNKNOWN
            self.saved[p] = digit
            masks = self.ones if digit else self.zeros
            for line, i in self._lines_of(p):
                masks[line] &= ~(1 << i)
            if self.heap_at[p] < 0:
                self._heap_push(p)
        self.qhead = len(self.trail)
        del self.level_start[level:]
        self._clear_dirty()

    # -- learning ----------------------------------------------------------------------

    def _explain(self, why: int, p: int, digit: int, before: int) -> list[int]:
        """Why rule ``why`` makes cell ``p`` ``digit``: the false literals of the cells it read (placed
        before ``before``, ``p`` left out)."""
        code = _BY_RULE - why
        kind, line = code % _KINDS, code // _KINDS
        if kind in _TRIPLE:
            i = p % self.width if line < self.height else p // self.width
            return [self._false(self._cell(line, i + step)) for step in _TRIPLE[kind]]
        if kind == _LINE:
            return self._explain_line(line, p, digit, before)
        if kind == _DISTINCT:
            own = p // self.width if line < self.height else self.height + p % self.width
            read = [own, line]
        else:
            read = [line]
        found = []
        for reading in read:
            for j in range(self.length[reading]):
                q = self._cell(reading, j)
                if q == p or self.value[q] == _UNKNOWN or self.place[q] >= before:
                    continue
                if kind != _COUNT or self.value[q] != digit:
                    found.append(self._false(q))
        return found

    def _explain_line(self, line: int, p: int, digit: int, before: int) -> list[int]:
        """Why the exact propagator of ``line`` makes cell ``p`` ``digit``: of the cells placed before
        ``before``, those line_reason_of keeps for the line with ``p``'s other digit."""
        ones = zeros = 0
        n = self.length[line]
        for j in range(n):
            q = self._cell(line, j)
            if q != p and self.value[q] != _UNKNOWN and self.place[q] < before:
                if self.value[q]:
                    ones |= 1 << j
                else:
                    zeros |= 1 << j
        i = p % self.width if line < self.height else p // self.width
        if digit:
            zeros |= 1 << i
        else:
            ones |= 1 << i
        needed = line_reason_of(n, ones, zeros, i)
        return [self._false(self._cell(line, j)) for j in range(n) if needed >> j & 1]

    def _analyse(self, conflict: int) -> tuple[list[int], int]:
        """The clause learnt from ``conflict`` (first unique implication point), whose first literal
        becomes true at the level to jump back to; and that level."""
        learnt = [0]
        literals = self.clauses[conflict] if conflict >= 0 else self.conflict
        start, open_paths, index, current = 0, 0, len(self.trail) - 1, len(self.level_start)
        while True:
            for literal in literals[start:]:
                q = literal >> 1
                if not self.seen[q] and self.level[q] > 0:
                    self.seen[q] = True
                    self._bump(q)
                    if self.level[q] == current:
                        open_paths += 1
                    else:
                        learnt.append(literal)
            while not self.seen[self.trail[index] >> 1]:
                index -= 1
            p = self.trail[index] >> 1
            index -= 1
            self.seen[p] = False
            open_paths -= 1
            if open_paths == 0:
                break
            why = self.reason[p]
            if why >= 0:
                literals, start = self.clauses[why], 1
            else:
                literals, start = self._explain(why, p, self.value[p], self.place[p]), 0
        learnt[0] = self.trail[self.place[p]] ^ 1
        learnt = self._minimised(learnt)
        jump, best = 0, 1
        for i in range(1, len(learnt)):
            q = learnt[i] >> 1
            if self.level[q] > jump:
                jump, best = self.level[q], i
        if len(learnt) > 1:
            learnt[1], learnt[best] = learnt[best], learnt[1]
        self.bump_step *= 1 / 0.95
        return learnt, jump

    def _reason_literals(self, p: int) -> list[int]:
        """The false literals of the reason of cell ``p`` (not a decision), ``p``'s own left out."""
        why = self.reason[p]
        if why >= 0:
            return self.clauses[why][1:]
        return self._explain(why, p, self.value[p], self.place[p])

    def _minimised(self, learnt: list[int]) -> list[int]:
        """``learnt`` without the literals that the others imply through their reasons (each
        literal's cell is ``seen``, and is no more when this returns).

        A literal goes when every path back through the reasons from its cell ends in a cell of
        the clause; the paths are followed only through levels some literal of the clause has
        (their bits, in ``levels``), as in MiniSat.
        """
        levels = 0
        for literal in learnt[1:]:
            levels |= 1 << (self.level[literal >> 1] & 31)
        cleared: list[int] = []
        kept = [learnt[0]]
        for literal in learnt[1:]:
            p = literal >> 1
            if self.reason[p] == _DECIDED or not self._implied(p, levels, cleared):
                kept.append(literal)
        for literal in learnt[1:]:
            self.seen[literal >> 1] = False
        for q in cleared:
            self.seen[q] = False
        return kept

    def _implied(self, p: int, levels: int, cleared: list[int]) -> bool:
        """Whether the cells ``seen`` imply the literal of cell ``p`` through its reasons; the cells
        found so go to ``cleared`` (and stay ``seen``)."""
        stack, top = [p], len(cleared)
        while stack:
            for literal in self._reason_literals(stack.pop()):
                q = literal >> 1
                if self.seen[q] or self.level[q] == 0:
                    continue
                if self.reason[q] == _DECIDED or not levels >> (self.level[q] & 31) & 1:
                    for cell in cleared[top:]:
                        self.seen[cell] = False
                    del cleared[top:]
                    return False
                self.seen[q] = True
                stack.append(q)
                cleared.append(q)
        return True

    def _store(self, literals: list[int], learnt: bool = False, vivified: bool = False, glue: int = 0) -> int:
        """A clause of two literals or more, watched by its first two; its index."""
        self.clauses.append(literals)
        self.learnt.append(learnt)
        self.vivified.append(vivified)
        self.glue.append(glue if learnt else 0)
        self.learnt_count += learnt
        index = len(self.clauses) - 1
        self.watches[literals[0]].append(index)
        self.watches[literals[1]].append(index)
        return index

    def _open_at_level_zero(self, literals: list[int]) -> Optional[list[int]]:
        """The literals of a clause that level 0 leaves open, in order; None if level 0 makes one true."""
        if any(self.value[q >> 1] == q & 1 for q in literals):
            return None
        return [q for q in literals if self.value[q >> 1] == _UNKNOWN]

    def _add_clause(self, literals: list[int]) -> None:
        """Add a clause at level 0 (what level 0 makes false left out)."""
        kept = self._open_at_level_zero(literals)
        if kept is not None:
            self._add_open(kept)

    def _add_open(self, kept: list[int], learnt: bool = False, vivified: bool = False, glue: int = 0) -> None:
        """Add a clause of literals that level 0 leaves open."""
        if not kept:
            self.unsatisfiable = True
        elif len(kept) == 1:
            self._give(kept[0], _DECIDED)
        else:
            self._store(kept, learnt, vivified, glue)

    # -- the search ----------------------------------------------------------------------

    def next_solution(self, node_budget: int) -> int:
        """Search on for at most ``node_budget`` more nodes, and at most POLL_MS.

        Returns SOLUTION (read it with :meth:`solution`; the next call first excludes it),
        EXHAUSTED when no solution is left, or PAUSED when the budget or the time ran out.
        """
        if self.solved:
            self.solved = False
            self._exclude_current()
        return self._search(node_budget)

    def count(self, node_budget: int, limit: int) -> int:
        """Count solutions for at most ``node_budget`` more nodes and at most POLL_MS, adding them to ``found``.

        Returns SOLUTION once ``found`` reaches ``limit`` (0: no limit), EXHAUSTED when
        every solution is counted, or PAUSED.
        """
        if self.solved:
            self.solved = False
            self._exclude_current()
        stop = self.nodes + node_budget
        while True:
            status = self._search(stop - self.nodes)
            if status != SOLUTION:
                return status
            self.found += 1
            self.solved = False
            self._exclude_current()
            if self.found == limit:
                return SOLUTION

    def exclude(self, picture: bytes, where: bytes) -> None:
        """From now on, find only solutions that differ from ``picture`` (0 or 1 per cell, row by
        row) in at least one cell where ``where`` is not 0."""
        assert len(picture) == self.size and len(where) == self.size, f"expected {self.size} cells"
        assert all(picture[p] <= 1 for p in range(self.size) if where[p]), "expected digits 0 or 1"
        self._back_to(0)
        self.solved = False
        self._add_clause([2 * p + (picture[p] ^ 1) for p in range(self.size) if where[p]])

    def learn_from(self, other: Learn, most: int) -> None:
        """Add the clauses ``other`` has learnt, each less the literals this search's level 0 makes false,
        but those it satisfies and those left longer than ``most``.

        Sound when every solution this search is after satisfies what ``other`` was told: the same
        sides and rule, and any clause ``exclude`` gave ``other`` implied by this search's givens. What
        ``other`` learnt under assumptions holds without them.
        """
        assert (other.width, other.height, other.distinct) == (self.width, self.height, self.distinct), "another grid"
        self._back_to(0)
        self.solved = False
        for clause, learnt in zip(other.clauses, other.learnt):
            if self.unsatisfiable:
                break
            kept = self._open_at_level_zero(clause) if learnt else None
            if kept is not None and len(kept) <= most:
                self._add_open(kept)

    def prefer(self, picture: bytes) -> None:
        """Try each cell first with its digit in ``picture`` (0 or 1 per cell, row by row), until
        the search learns otherwise (0 is the first digit by default)."""
        assert len(picture) == self.size and all(digit <= 1 for digit in picture), f"expected {self.size} digits"
        self.saved = list(picture)

    def assume(self, cells: bytes, order: Optional[Sequence[int]] = None) -> None:
        """Search from now on with the givens of ``cells`` (0, 1, or 2 for none, per cell) as assumptions:
        decided first, in the order of ``order`` (each cell once; cell order without it), and taken back
        for the next ``assume``. What is learnt under them holds without them, so one search serves many
        sets of givens; EXHAUSTED then means no solution with these givens.

        The decision levels of the longest run of assumptions this call shares with the last one's
        start are kept: a caller that changes only the last few assumptions does not decide the others
        again.
        """
        assert len(cells) == self.size and all(cell <= CELL_BLANK for cell in cells), f"expected {self.size} cells"
        order = range(self.size) if order is None else order
        assert sorted(order) == list(range(self.size)), f"expected an order of {self.size} cells"
        assumptions = [2 * p + cells[p] for p in order if cells[p] != CELL_BLANK]
        kept = 0
        while kept < min(len(assumptions), len(self.assumptions)) and assumptions[kept] == self.assumptions[kept]:
            kept += 1
        self._back_to(kept)
        self.solved = False
        self.assumptions = assumptions

    def _exclude_current(self) -> None:
        """From now on, find only solutions in which some decision of the one just found differs."""
        decisions = [
            self.trail[start] ^ 1
            for level, start in enumerate(self.level_start, start=1)
            if start < len(self.trail) and self.level[self.trail[start] >> 1] == level
        ]
        self._back_to(0)
        self._add_clause(decisions)

    def _search(self, node_budget: int) -> int:
        """Search on until a solution, the end, ``node_budget`` more nodes or POLL_MS."""
        stop = self.nodes + node_budget
        deadline = time.monotonic() + _POLL_SECONDS
        while True:
            if self.unsatisfiable:
                return EXHAUSTED
            conflict = self._propagate()
            if conflict != -1:
                self.nodes += 1
                self.conflicts += 1
                if not self.level_start:
                    self.unsatisfiable = True
                    return EXHAUSTED
                learnt, jump = self._analyse(conflict)
                glue = self._glue(learnt)
                self._back_to(jump)
                self._give(learnt[0], _DECIDED if len(learnt) == 1 else self._store(learnt, True, glue=glue))
                if self._restart_due(glue):
                    self.next_restart = self.conflicts + _RESTART_CONFLICTS
                    # The assumptions' levels stay, unless the learnt clauses are due for _reduce().
                    self._back_to(0 if self.learnt_count >= self.learnt_limit else len(self.assumptions))
                continue
            if not self.level_start and self.learnt_count >= self.learnt_limit:
                self._reduce()
                if self.unsatisfiable:
                    return EXHAUSTED
            if self.nodes >= stop:
                return PAUSED
            if self.nodes % _CLOCK_NODES == 0 and time.monotonic() >= deadline:
                return PAUSED
            literal = self._next_assumption()
            if literal == -2:
                return EXHAUSTED  # an assumption is false: no solution with these givens
            if literal >= 0:
                self.nodes += 1
                self.level_start.append(len(self.trail))
                self._give(literal, _DECIDED)
                continue
            while self.heap and self.value[self.heap[0]] != _UNKNOWN:
                self._heap_pop()
            if not self.heap:
                self.solved = True
                return SOLUTION
            p = self._heap_pop()
            self.nodes += 1
            self.level_start.append(len(self.trail))
            self._give(2 * p + self.saved[p], _DECIDED)

    def _glue(self, literals: list[int]) -> int:
        """The decision levels among the cells of ``literals``, at most _MOST_GLUE."""
        return min(len({self.level[literal >> 1] for literal in literals}), _MOST_GLUE)

    def _restart_due(self, glue: int) -> bool:
        """Move the averages of glue by the glue of the clause just learnt; whether to restart now."""
        if self.glue_slow == 0:
            self.glue_slow = self.glue_fast = glue << _GLUE_SCALE  # the first conflict: both start at its glue
        self.glue_fast = self.glue_fast - (self.glue_fast >> _FAST_GLUE) + (glue << (_GLUE_SCALE - _FAST_GLUE))
        self.glue_slow = self.glue_slow - (self.glue_slow >> _SLOW_GLUE) + (glue << (_GLUE_SCALE - _SLOW_GLUE))
        return self.conflicts >= self.next_restart and 4 * self.glue_fast > 5 * self.glue_slow

    def _reduce(self) -> None:
        """At level 0, propagated: drop half of the learnt clauses longer than _KEEP_LENGTH of glue over
        _KEEP_GLUE, those of the highest glue, the longer first among equals, then the older; then
        _rewatch(), _vivify() and _rewatch() again."""
        droppable = sorted(
            (
                i
                for i, clause in enumerate(self.clauses)
                if self.learnt[i] and len(clause) > _KEEP_LENGTH and self.glue[i] > _KEEP_GLUE
            ),
            key=lambda i: (-self.glue[i], -len(self.clauses[i]), i),
        )
        self.learnt_limit += self.learnt_limit // 10
        self._rewatch(set(droppable[: len(droppable) // 2]))
        self._vivify()
        if not self.unsatisfiable:
            self._rewatch(set())

    def _rewatch(self, dropped: set[int]) -> None:
        """At level 0: drop the clauses ``dropped`` names and those level 0 satisfies, take the literals
        level 0 makes false out of the rest, and watch them all again, in order; a clause left with one
        literal gives it at level 0, and one left with none makes the grid unsatisfiable. Then
        propagate at level 0."""
        for literal in self.trail:
            self.reason[literal >> 1] = _DECIDED  # level 0 is never explained: indices move
        old = list(zip(self.clauses, self.learnt, self.vivified, self.glue))
        self.clauses, self.learnt, self.vivified, self.glue = [], [], [], []
        self.learnt_count = 0
        self.watches = [[] for _ in range(2 * self.size)]
        for i, (clause, learnt, vivified, glue) in enumerate(old):
            kept = None if i in dropped else self._open_at_level_zero(clause)
            if kept is not None:
                self._add_open(kept, learnt, vivified, glue)
        if not self.unsatisfiable and self._propagate() != -1:
            self.unsatisfiable = True

    def _vivify(self) -> None:
        """At level 0, propagated, just rewatched: try to shorten each learnt clause of at most
        _VIVIFY_MOST literals not tried before, in order, until _VIVIFY_EFFORT decisions per hundred
        conflicts since the last call are spent.

        Its literals are made false one after the other, each at a level of its own: a literal that
        propagation makes false leaves the clause, and one it makes true, or a conflict, ends it
        there. What is left is implied by the clauses and the rules. The shorter clauses replace the
        old ones once every clause is tried (the watches read the old ones meanwhile); a clause of one
        literal is given at level 0 (and a conflict there ends it, the clauses as they were). The
        saved digits stay as they were.
        """
        phases = self.saved[:]
        shorter: list[tuple[int, list[int]]] = []
        budget = (self.conflicts - self.vivified_at) * _VIVIFY_EFFORT // 100
        self.vivified_at = self.conflicts
        for index, clause in enumerate(self.clauses):
            if self.unsatisfiable or budget <= 0:
                break
            if not self.learnt[index] or self.vivified[index] or len(clause) > _VIVIFY_MOST:
                continue
            self.vivified[index] = True
            kept: list[int] = []
            satisfied = False
            for i, literal in enumerate(list(clause)):  # propagation moves the clause's own watches
                state = self.value[literal >> 1]
                if state == (literal & 1) ^ 1:
                    continue
                if state != _UNKNOWN and self.level[literal >> 1] == 0:
                    satisfied = True  # since a clause before gave a literal at level 0
                    break
                kept.append(literal)
                if state != _UNKNOWN or i == len(clause) - 1:
                    break
                self.level_start.append(len(self.trail))
                budget -= 1
                self._give(literal ^ 1, _DECIDED)
                if self._propagate() != -1:
                    break
            self._back_to(0)
            if satisfied:
                continue
            if len(kept) == 1:
                self._give(kept[0], _DECIDED)
                if self._propagate() != -1:
                    self.unsatisfiable = True
            if 0 < len(kept) < len(clause):
                shorter.append((index, kept))
        self.saved = phases
        if not self.unsatisfiable:
            for index, kept in shorter:
                self.clauses[index] = kept

    def _next_assumption(self) -> int:
        """The next assumption to decide: its literal, -1 once every one is placed, -2 if one is false.

        An assumption already true takes a decision level of its own, with nothing on it, so that
        level ``i`` always holds assumption ``i``.
        """
        while len(self.level_start) < len(self.assumptions):
            literal = self.assumptions[len(self.level_start)]
            state = self.value[literal >> 1]
            if state == _UNKNOWN:
                return literal
            if state != literal & 1:
                return -2
            self.level_start.append(len(self.trail))
        return -1

    def solution(self) -> str:
        """The cells of the solution last reported, row by row, as ``'0'`` and ``'1'``."""
        return "".join("01"[digit] for digit in self.value)
