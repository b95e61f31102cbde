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
from fastpuzzle._learning.twin import DECIDED as _DECIDED
from fastpuzzle._learning.twin import UNKNOWN as _UNKNOWN
from fastpuzzle._learning.twin import Engine, only_solution_text

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
#: Learnt clauses kept before the first reduction, beyond one per two cells (see Engine._reduce).
_FIRST_LEARNT_LIMIT = 2000


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


class Learn(Engine):
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

    __slots__ = ("conflict", "distinct", "found", "height", "length", "ones", "width", "zeros")
    RESTART_CONFLICTS = 50
    LUBY_RESTARTS = False
    MINIMISE = True
    EXCLUDE_DECISIONS = True

    def __init__(self, width: int, height: int, distinct: bool, cells: bytes, learnt_limit: int = 0) -> None:
        assert 2 <= width <= _MAX_N and 2 <= height <= _MAX_N, f"sides must be 2..{_MAX_N}, got {width}x{height}"
        assert width % 2 == 0 and height % 2 == 0, f"sides must be even, got {width}x{height}"
        assert len(cells) == width * height, f"expected {width * height} cells, got {len(cells)}"
        assert all(cell <= CELL_BLANK for cell in cells), "expected cells 0, 1 or 2"
        self.width, self.height, self.distinct = width, height, bool(distinct)
        size, lines = width * height, height + width
        self.length = [width] * height + [height] * width
        self.ones = [0] * lines
        self.zeros = [0] * lines
        self.conflict: list[int] = []  # the false literals of a rule's conflict (_NATIVE)
        Engine.__init__(self, size, lines, learnt_limit if learnt_limit > 0 else size // 2 + _FIRST_LEARNT_LIMIT)
        self.found = 0
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

    def _placed(self, p: int, digit: int) -> None:
        masks = self.ones if digit else self.zeros
        for line, i in self._lines_of(p):
            masks[line] |= 1 << i

    def _unplaced(self, literals: list[int]) -> None:
        for literal in literals:
            masks = self.ones if literal & 1 else self.zeros
            for line, i in self._lines_of(literal >> 1):
                masks[line] &= ~(1 << i)

    def _assign(self, literal: int, why: int) -> bool:
        """Make ``literal`` true for ``why`` unless it is already; False, the conflict written, if it is false."""
        p = literal >> 1
        if self.value[p] == _UNKNOWN:
            self._give(literal, why)
        elif self.value[p] != literal & 1:
            self.conflict = [*self._explain(why, p, literal & 1, len(self.trail)), self._false(p)]
            return False
        return True

    def _rules(self, literal: int) -> int:
        for line, i in self._lines_of(literal >> 1):
            if not self._line_rules(line, i, literal & 1):
                return _NATIVE
        return -1

    def _run_deferred(self, line: int) -> int:
        return -1 if self._whole_line(line) else _NATIVE

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
        self._defer(line)
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

    def _because(self, why: int, p: int) -> list[int]:
        return self._explain(why, p, self.value[p], self.place[p])

    def _conflict_literals(self, conflict: int) -> list[int]:
        return self.conflict

    # -- what the kernel adds to the engine ------------------------------------------------

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


# -- counting without listing: the free rule by rows, the distinct rule by a meet in the middle --------

#: Counts are kept modulo this, as the kernel keeps them (two 64-bit words).
_COUNT_MODULUS = 1 << 128

#: A column's state in :class:`RowCounter`: (ones so far, last digit, whether its last two digits are equal).
_ColumnState = tuple[int, int, bool]


def _row_lines(width: int, cells: bytes, row: int) -> list[int]:
    """The candidate lines of row ``row`` of the row-major ``cells`` (balanced, no three equal digits in a
    run, its givens kept), one bit a column, in the kernel's order: a depth-first search from column 0
    that tries digit 0 before 1."""
    given = cells[row * width : (row + 1) * width]
    ones = sum(1 << c for c, cell in enumerate(given) if cell == CELL_ONE)
    zeros = sum(1 << c for c, cell in enumerate(given) if cell == CELL_ZERO)
    return line_candidates(width, ones, zeros)


class RowCounter:
    """Count the grids of a puzzle under the free rule (rows and columns may repeat) without listing
    them: a dynamic program over the rows, as the kernel's RowCounter.

    A state is what the rows placed so far leave for the rows to come: each column's
    (ones so far, last digit, whether its last two digits are equal). States reached by
    different rows but equal in this are merged, and their counts added. Counts are modulo
    2**128, as the kernel's. The twin counts every row in one call and ignores ``max_bytes``.
    """

    def __init__(self, width: int, height: int, cells: bytes, max_bytes: int, stop_row: int = -1) -> None:
        assert 2 <= width <= 64 and 2 <= height <= 64 and width % 2 == 0 and height % 2 == 0, "bad sides"
        assert len(cells) == width * height, f"expected {width * height} cells"
        assert stop_row == -1 or 1 <= stop_row <= height, "no such row"
        self.width = width
        self.height = height
        self.stop_row = height if stop_row == -1 else stop_row
        self.max_bytes = max_bytes
        self._cells = bytes(cells)
        self._row = 0
        self._total = 0
        empty: _ColumnState = (0, 0, False)
        self._states: dict[tuple[_ColumnState, ...], int] = {(empty,) * width: 1}

    def run(self) -> int:
        """Count every row that is left up to ``stop_row``: EXHAUSTED (``total`` is then every grid, or the
        states after ``stop_row`` rows are held)."""
        while self._row < self.stop_row:
            self._place_row()
        return EXHAUSTED

    def meet(self, bottom: RowCounter) -> int:
        """The grids made of this count's tops and ``bottom``'s: both stopped after height/2 + 1 rows, this
        one of a grid, ``bottom`` of the same grid upside down. A top's state names the one bottom state that
        completes it: the same two middle digits in each column, and ones adding up to height/2 with the two
        middle rows counted once."""
        half = self.height // 2
        assert self.stop_row == bottom.stop_row == half + 1 == self._row == bottom._row, "both stop after the middle"
        total = 0
        for state, ways in self._states.items():
            needed = []
            for ones, below, pair in state:
                above = below if pair else 1 - below
                needed.append((half + above + below - ones, above, pair))
            total += ways * bottom._states.get(tuple(needed), 0)
        return total % _COUNT_MODULUS

    @property
    def total(self) -> int:
        """The grids counted so far, modulo 2**128."""
        return self._total % _COUNT_MODULUS

    @property
    def row(self) -> int:
        """Rows placed: the states held are those after this many rows."""
        return self._row

    @property
    def states(self) -> int:
        """States held after ``row`` rows."""
        return len(self._states)

    def _place_row(self) -> None:
        """Place row ``row`` after every state held: the states after it, or the last row's grids counted."""
        lines = _row_lines(self.width, self._cells, self._row)
        last_row = self._row + 1 == self.height and self.stop_row == self.height
        following: dict[tuple[_ColumnState, ...], int] = {}
        for state, ways in self._states.items():
            for line in lines:
                after = self._state_after(state, line)
                if after is None:
                    continue
                if last_row:
                    self._total += ways
                else:
                    following[after] = following.get(after, 0) + ways
        self._states = following
        self._row += 1

    def _state_after(self, state: tuple[_ColumnState, ...], line: int) -> Optional[tuple[_ColumnState, ...]]:
        """The state after ``line`` is placed as row ``row`` after ``state``; None when a column breaks a
        rule (three equal digits in a run, more than half its cells ones or zeros)."""
        half = self.height // 2
        after = []
        for c, (ones, last, pair) in enumerate(state):
            digit = line >> c & 1
            if self._row > 0 and digit == last and pair:
                return None
            new_ones = ones + digit
            if new_ones > half or self._row + 1 - new_ones > half:
                return None
            after.append((new_ones, digit, self._row > 0 and digit == last))
        return tuple(after)


class MeetCounter:
    """Count the grids of a puzzle under the distinct rule (all rows differ, all columns differ), one pair
    of middle rows (``height/2 - 1`` and ``height/2``) at a time, as the kernel's MeetCounter.

    The candidate lines of all rows are numbered once, in increasing order of their digits
    (bit ``c`` is column ``c``'s digit). A grid whose rows have more than ``max_lines``
    candidate lines in all (a line counted once per row it is a candidate of) reports it
    by ``lines == -1``, and counts nothing. Counts are modulo 2**128, as the kernel's. The
    twin lists the rows above and below the middle rows plainly, and ignores ``max_bytes``.
    """

    def __init__(self, width: int, height: int, cells: bytes, max_lines: int, max_bytes: int) -> None:
        assert 2 <= width <= 64 and 2 <= height <= 64 and width % 2 == 0 and height % 2 == 0, "bad sides"
        assert height // 2 - 1 <= 32, "at most 32 rows a side"
        assert len(cells) == width * height, f"expected {width * height} cells"
        assert 0 < max_lines <= 0xFFFF, "lines are numbered in 16 bits"
        self.width = width
        self.height = height
        self.max_bytes = max_bytes
        self._stopped = False
        row_lines = [_row_lines(width, cells, r) for r in range(height)]
        self._line: list[int] = []
        self._candidates: list[list[int]] = []
        if sum(len(lines) for lines in row_lines) > max_lines:
            self.lines = -1
            return
        self._line = sorted({line for lines in row_lines for line in lines})
        number = {line: i for i, line in enumerate(self._line)}
        self._candidates = [[number[line] for line in lines] for lines in row_lines]
        self.lines = len(self._line)

    def line(self, number: int) -> int:
        """Line ``number``'s digits, one bit a column (column 0 the lowest)."""
        assert 0 <= number < self.lines, "no such line"
        return self._line[number]

    def candidates(self, row: int) -> list[int]:
        """The numbers of row ``row``'s candidate lines (balanced, no run of three, its givens kept), in
        the order a depth-first search from column 0, digit 0 before 1, finds them."""
        assert 0 <= row < self.height and self.lines >= 0, "no such row"
        return list(self._candidates[row])

    def count_pair(self, above: int, below: int) -> tuple[int, int]:
        """(status, count): EXHAUSTED and the grids whose middle rows (``height/2 - 1``, then ``height/2``)
        are lines ``above`` and ``below``, modulo 2**128; PAUSED and 0 once :meth:`stop` was called.

        Every way to fill the rows above the middle rows (nearest first) and below them is
        listed; a top and a bottom make a grid when each column's ones add up to half its
        cells, no line is in both, and the grid's columns all differ.
        """
        assert 0 <= above < self.lines and 0 <= below < self.lines, "no such line"
        if self._stopped:
            return PAUSED, 0
        half = self.height // 2
        first, second = self._line[above], self._line[below]
        tops = self._fillings(range(half - 2, -1, -1), [second, first])
        bottoms_by_ones: dict[tuple[int, ...], list[list[int]]] = {}
        for bottom in self._fillings(range(half + 1, self.height), [first, second]):
            bottoms_by_ones.setdefault(self._column_ones(bottom), []).append(bottom)
        total = 0
        for top in tops:
            needed = tuple(half - ones for ones in self._column_ones([*top, first, second]))
            for bottom in bottoms_by_ones.get(needed, []):
                if set(top) & set(bottom):
                    continue
                if self._columns_differ([*reversed(top), first, second, *bottom]):
                    total += 1
        return EXHAUSTED, total % _COUNT_MODULUS

    def stop(self) -> None:
        """Make every count_pair() to come stop at once (and answer PAUSED)."""
        self._stopped = True

    def _fillings(self, rows: Sequence[int], middle: list[int]) -> list[list[int]]:
        """Every way to fill ``rows`` (nearest the middle first) with their candidate lines, after the
        middle rows ``middle`` (the nearer one last): no three equal digits in a column, every line
        different from the others and from the middle rows, and at most half of each column's cells
        ones or zeros among the middle rows and these. Each way is its lines, in the order of ``rows``."""
        fillings: list[list[int]] = []

        def extend(placed: list[int]) -> None:
            if len(placed) == len(rows):
                fillings.append(placed)
                return
            lines = middle + placed
            for number in self._candidates[rows[len(placed)]]:
                line = self._line[number]
                if line in lines or self._three_in_a_column(lines[-2], lines[-1], line):
                    continue
                if self._columns_fit([*lines, line]):
                    extend([*placed, line])

        extend([])
        return fillings

    def _three_in_a_column(self, far: int, near: int, line: int) -> bool:
        """Whether three rows in a row (``far``, ``near``, ``line``) have equal digits in some column."""
        return any(far >> c & 1 == near >> c & 1 == line >> c & 1 for c in range(self.width))

    def _columns_fit(self, lines: list[int]) -> bool:
        """Whether no column of ``lines`` has more than half the grid's height of ones or of zeros."""
        half = self.height // 2
        return all(ones <= half and len(lines) - ones <= half for ones in self._column_ones(lines))

    def _column_ones(self, lines: list[int]) -> tuple[int, ...]:
        """Each column's ones in ``lines``."""
        return tuple(sum(line >> c & 1 for line in lines) for c in range(self.width))

    def _columns_differ(self, rows: list[int]) -> bool:
        """Whether the columns of the grid of ``rows`` (top to bottom) all differ."""
        columns = {tuple(row >> c & 1 for row in rows) for c in range(self.width)}
        return len(columns) == self.width
