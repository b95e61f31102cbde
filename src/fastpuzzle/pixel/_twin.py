"""Pure-Python twin of the pixel-placement kernel: the same search, written plainly.

The grid is scanned row by row along its narrower side (a grid with more columns
than rows is transposed first), so a scan row has ``w = min(n, m)`` cells and cell
``p`` of the scan is ``(p // w, p % w)``. The search is a depth-first walk over the
scan positions; the node at position ``p`` has every cell before ``p`` coloured.

Propagation: every clue keeps how many cells of its block are black and how many
are still unknown. A clue whose unknown cells must all be black (or all white)
colours them, which may force further clues, to a fixed point; a clue with too many
black cells, or too few black-or-unknown ones, is a contradiction. A clue is thus
checked the moment its block is complete, and often long before. Two clues whose
blocks overlap also bound each other (the *pair rule*, see :func:`_pair_fills`),
which is what solves most real puzzles without search. At the root, before the
walk, every unknown cell is also *probed*: a colour whose propagation fails fixes
the other colour (repeated until nothing changes).

Every colour propagation gives is implied by the clues and the coloured past, and
the past reaches the future only through the window below; so the memo's counts
are those of the clues alone, whatever was propagated on the way.

Memo (broken-profile DP): what the rest of the grid can be depends only on the
colours of the last ``2w + 2`` cells, the *window*, and of those only on cells in
the block of a clue that is not complete yet (the position's *mask*). The number
of completions of each ``(position, masked window)`` reached is remembered: when
counting, all of them; when listing solutions, only the zeros (failed states).
The memo grows with the states actually reached and stops at ``max_states``.

Counts are exact Python ints here. The kernel keeps a count in one 64-bit word
until it passes ``2**64 - 1``, then in ``(size - p) // 64 + 1`` limbs at scan
position ``p``; such a state costs ``1 + ceil(limbs / 4)`` of ``max_states``
instead of 1, and the twin charges its memo the same, so both stop at the same
state.

The search trusts its input: the preconditions are ``assert`` statements, as in
the kernel, and the facade validates what users give.
"""

from __future__ import annotations

import sys
import time

from fastpuzzle._contract.registry import POLL_MS, PUZZLES, Status
from fastpuzzle._learning.twin import DECIDED, Engine, only_solution_text

_MAX_CELLS = PUZZLES["pixel"].limits["MAX_CELLS"]
#: The cell code of a cell without a clue; a clue's code is its digit, 0 to 9.
NO_CLUE = 255
#: Bytes of memory a memo state takes at most in the kernel: a 32-byte slot in a table at
#: most half full, 96 bytes while the table doubles; wide counts pay with more states, so
#: ``max_states * STATE_BYTES`` bounds the kernel's memo for a power-of-two ``max_states``.
STATE_BYTES = 96
#: Whether the preconditions are checked (``assert`` statements, off under ``python -O``).
ASSERTIONS = __debug__

EXHAUSTED, SOLUTION, PAUSED, TOO_LARGE = (int(status) for status in Status)

_UNKNOWN = 2
# A count past this takes limbs of 64 bits in the kernel; a state's share of max_states is 4 limbs.
_WORD_MAX = (1 << 64) - 1
_LIMB_BITS = 64
_STATE_LIMBS = 4
# A residual key has at most this many bits (two words in the kernel).
_KEY_BITS = 128
_KEY_FULL = (1 << _KEY_BITS) - 1
# Frame branch states: try white next, try black next, done; or the cell was already known.
_TRY_WHITE = 0
_TRY_BLACK = 1
_DONE = 2
_FORCED = 3
# Walk phases: enter the node at top + 1, or move on at the top frame; or the walk is over.
_ENTER = 0
_ADVANCE = 1
_FINISHED = 2
# Modes: not chosen yet, listing solutions, counting them.
_NO_MODE = 0
_LISTING = 1
_COUNTING = 2
#: Longest a call runs before it returns, in seconds, and the nodes between two looks at the clock.
_POLL_SECONDS = POLL_MS / 1000
_CLOCK_NODES = 64


# The parts of two overlapping blocks a and b that the pair rule fills: both, a's alone, b's alone.
_SHARED, _ONLY_A, _ONLY_B = 0, 1, 2


def _pair_fills(iu: int, au: int, bu: int, ra: int, rb: int) -> list[tuple[int, int]] | None:
    """The pair rule (Search and Learn): with ``ra`` and ``rb`` black cells still needed and
    ``au``, ``bu``, ``iu`` unknown cells only in a's block, only in b's, and in both, the shared
    part holds from ``max(0, ra - au, rb - bu)`` to ``min(iu, ra, rb)`` of them. None if that
    range is empty; else the ``(part, colour)`` fills it forces, in order."""
    low, high = max(0, ra - au, rb - bu), min(iu, ra, rb)
    if low > high:
        return None
    fills = []
    if low == iu or high == 0:
        fills.append((_SHARED, 1 if high else 0))
    if au and (ra - high == au or ra == low):
        fills.append((_ONLY_A, 1 if ra != low else 0))
    if bu and (rb - high == bu or rb == low):
        fills.append((_ONLY_B, 1 if rb != low else 0))
    return fills


class Contradiction(Exception):
    """A clue can no longer be satisfied."""


class Search:
    """List or count the solutions of a pixel-placement grid, resumably.

    ``cells`` holds the ``n * m`` cell codes row by row (bytes: a clue's digit
    0 to 9, or :data:`NO_CLUE`); ``n, m >= 1``, ``n * m <= MAX_CELLS`` and ``max_states >= 1``.
    These preconditions are only asserted. A position keyed by the window (not by need)
    whose mask reaches past the last 128 cells cannot be keyed in the kernel's two words
    (only a scan wider than 63 cells has such): then every call returns TOO_LARGE. A Search either lists
    (:meth:`next_solution`) or counts (:meth:`count`), not both. Counts are exact;
    a remembered state whose count passes ``2**64 - 1`` costs more than one of
    ``max_states`` (see the module's docstring).
    """

    def __init__(self, n: int, m: int, cells: bytes, max_states: int) -> None:
        assert n >= 1 and m >= 1 and n * m <= _MAX_CELLS, (
            f"n and m must be >= 1 with n * m <= {_MAX_CELLS}, got {n} and {m}"
        )
        assert len(cells) == n * m, f"expected n * m = {n * m} cells, got {len(cells)}"
        assert all(code <= 9 or code == NO_CLUE for code in cells), "cells must be 0..9 or NO_CLUE"
        assert max_states >= 1, f"max_states must be at least 1, got {max_states}"
        self.n, self.m = n, m
        self.transposed = m > n
        rows, width = (m, n) if self.transposed else (n, m)
        self.rows, self.width, self.size = rows, width, rows * width
        self.max_states = max_states
        self.nodes = 0
        self.found = 0
        self.states = 0
        # The share of max_states used: states, plus the limbs of wide counts.
        self.budget_used = 0
        self.bits = 2 * width + 2
        self.full = (1 << self.bits) - 1
        # Clues in scan coordinates: target, block cells, the block's last cell.
        self.target: list[int] = []
        self.block: list[list[int]] = []
        self.cover: list[list[int]] = [[] for _ in range(self.size)]
        self.centre: list[tuple[int, int]] = []
        last = [-1] * self.size
        self.clue_at: dict[int, int] = {}
        for p in range(self.size):
            r, c = divmod(p, width)
            code = cells[c * m + r] if self.transposed else cells[r * m + c]
            if code == NO_CLUE:
                continue
            block = [
                rr * width + cc
                for rr in range(max(r - 1, 0), min(r + 2, rows))
                for cc in range(max(c - 1, 0), min(c + 2, width))
            ]
            k = len(self.target)
            self.clue_at[p] = k
            self.target.append(code)
            self.centre.append((r, c))
            self.block.append(block)
            for q in block:
                self.cover[q].append(k)
                last[q] = max(last[q], block[-1])
        # Clues whose blocks overlap: centres at most two rows and two columns apart.
        self.neighbours = [
            [b for b, (rb, cb) in enumerate(self.centre) if b != a and abs(rb - ra) <= 2 and abs(cb - ca) <= 2]
            for a, (ra, ca) in enumerate(self.centre)
        ]
        self.value = [_UNKNOWN] * self.size
        self.black = [0] * len(self.target)
        self.unknown = [len(b) for b in self.block]
        self.trail: list[int] = []
        self.queue: list[int] = []
        self.queued = [False] * len(self.target)
        self.memo: dict[tuple[int, int], int] = {}
        self.window = [0] * (self.size + 1)
        self.key = [0] * self.size
        self.acc = [0] * self.size
        self.mark = [0] * self.size
        self.branch = [0] * self.size
        self.top = -1
        self.mode = _NO_MODE
        self.cap = 0
        try:
            for k, t in enumerate(self.target):
                if t > self.unknown[k]:
                    raise Contradiction
                self._enqueue(k)
            self._propagate()
            self._probe()
            self.phase = _ENTER
        except Contradiction:
            self.phase = _FINISHED
        # Cells coloured at the root are the same in every state: leave them out of the keys.
        self.mask = []
        for p in range(self.size):
            mask = 0
            for i in range(min(self.bits, p)):
                q = p - 1 - i
                if last[q] >= p and self.value[q] == _UNKNOWN:
                    mask |= 1 << i
            self.mask.append(mask)
        self.need = [self._residual_key(p) for p in range(self.size)]
        self.trail.clear()
        self.too_wide = self.phase != _FINISHED and any(
            self.need[p] is None and self.mask[p] >> _KEY_BITS for p in range(self.size)
        )
        if self.too_wide:
            self.phase = _FINISHED

    def _residual_key(self, p: int) -> list[tuple[int, int]] | None:
        """The cells whose colour keys position ``p`` by need, each with its weight; None: the window.

        A clue open at ``p`` (block cells before and from ``p``) gets a bit field wide
        enough for the black cells it can have among its past cells not coloured at
        the root; a past cell weighs the sum of ``2**offset`` over the open clues
        holding it. If the fields pass 128 bits, ``p`` keeps the masked window.
        """
        r, c = divmod(p, self.width)
        weight: dict[int, int] = {}
        offset = 0
        for rr in range(max(r - 1, 0), min(r + 2, self.rows)):
            low_c = max(c - 2, 0) if rr == r - 1 else 0
            high_c = min(c + 2, self.width) if rr == r + 1 else self.width
            for cc in range(low_c, high_c):
                k = self.clue_at.get(rr * self.width + cc)
                if k is None:
                    continue
                block = self.block[k]
                if not block[0] < p <= block[-1]:
                    continue
                past = [q for q in block if q < p]
                future = len(block) - len(past)
                black_at_root = sum(1 for q in past if self.value[q] == 1)
                open_past = [q for q in past if self.value[q] == _UNKNOWN]
                low = max(0, self.target[k] - black_at_root - future)
                high = min(len(open_past), self.target[k] - black_at_root)
                bits = max(high - low, 0).bit_length()
                if not bits:
                    continue
                if offset + bits <= _KEY_BITS:
                    for q in open_past:
                        weight[q] = weight.get(q, 0) + (1 << offset)
                offset += bits
        if offset > _KEY_BITS:
            return None
        return sorted(weight.items(), reverse=True)

    # -- propagation -------------------------------------------------------

    def _enqueue(self, k: int) -> None:
        if not self.queued[k]:
            self.queued[k] = True
            self.queue.append(k)

    def _assign(self, p: int, v: int) -> None:
        """Colour cell ``p``, update its clues and queue them for propagation."""
        self.value[p] = v
        self.trail.append(p)
        broken = False
        for k in self.cover[p]:
            self.unknown[k] -= 1
            self.black[k] += v
            black, unknown, t = self.black[k], self.unknown[k], self.target[k]
            if black > t or black + unknown < t:
                broken = True
            elif unknown:
                self._enqueue(k)
        if broken:
            raise Contradiction

    def _fill(self, k: int, v: int, inside: int, outside: int) -> None:
        """Colour ``v`` the unknown cells of clue ``k``'s block that are inside
        clue ``inside``'s block (if ``inside >= 0``) and outside clue ``outside``'s
        (if ``outside >= 0``)."""
        for q in self.block[k]:
            if self.value[q] != _UNKNOWN:
                continue
            if (inside < 0 or self._holds(inside, q)) and (outside < 0 or not self._holds(outside, q)):
                self._assign(q, v)

    def _holds(self, k: int, q: int) -> bool:
        """Cell ``q`` is in clue ``k``'s block."""
        r, c = self.centre[k]
        return abs(q // self.width - r) <= 1 and abs(q % self.width - c) <= 1

    def _pair(self, a: int, b: int) -> None:
        """The pair rule (:func:`_pair_fills`) for clues ``a`` and ``b``: raises Contradiction
        if the two cannot both be met."""
        iu = sum(1 for q in self.block[a] if self.value[q] == _UNKNOWN and self._holds(b, q))
        if not iu:
            return
        au, bu = self.unknown[a] - iu, self.unknown[b] - iu
        fills = _pair_fills(iu, au, bu, self.target[a] - self.black[a], self.target[b] - self.black[b])
        if fills is None:
            raise Contradiction
        for part, colour in fills:
            if part == _SHARED:
                self._fill(a, colour, b, -1)
            elif part == _ONLY_A:
                self._fill(a, colour, -1, b)
            else:
                self._fill(b, colour, -1, a)

    def _propagate(self) -> None:
        """Colour what the queued clues force, alone or in pairs, to a fixed point."""
        queue = self.queue
        try:
            while queue:
                k = queue.pop()
                self.queued[k] = False
                black, unknown, t = self.black[k], self.unknown[k], self.target[k]
                if not unknown:
                    continue
                if t in (black, black + unknown):
                    self._fill(k, 0 if black == t else 1, -1, -1)
                    continue
                for b in self.neighbours[k]:
                    if self.unknown[k] and self.unknown[b]:
                        self._pair(k, b)
        finally:
            for k in queue:
                self.queued[k] = False
            queue.clear()

    def _probe(self) -> None:
        """Try both colours in every unknown cell; a colour that fails fixes the other.

        Repeats until nothing changes; raises Contradiction if both colours fail.
        """
        changed = True
        while changed:
            changed = False
            for p in range(self.size):
                if self.value[p] == _UNKNOWN and self.cover[p] and self._probe_cell(p):
                    changed = True

    def _probe_cell(self, p: int) -> bool:
        """Try both colours in unknown cell ``p``: True if only one propagates (``p`` then has it).

        Raises Contradiction if neither does.
        """
        white_ok, black_ok = self._works(p, 0), self._works(p, 1)
        if white_ok == black_ok:
            if white_ok:
                return False
            raise Contradiction
        self._assign(p, 1 if black_ok else 0)
        self._propagate()
        return True

    def _works(self, p: int, v: int) -> bool:
        """Colouring ``p`` with ``v`` propagates without a contradiction (and is undone)."""
        mark = len(self.trail)
        try:
            self._assign(p, v)
            self._propagate()
            return True
        except Contradiction:
            return False
        finally:
            self._undo(mark)

    def _undo(self, mark: int) -> None:
        """Forget every colour given since the trail was ``mark`` long."""
        while len(self.trail) > mark:
            p = self.trail.pop()
            v = self.value[p]
            self.value[p] = _UNKNOWN
            for k in self.cover[p]:
                self.unknown[k] += 1
                self.black[k] -= v

    # -- the walk ------------------------------------------------------------

    def next_solution(self, node_budget: int) -> int:
        """Search on for at most ``node_budget`` more nodes, and at most POLL_MS.

        Returns SOLUTION (read it with :meth:`solution`), EXHAUSTED when no
        solution is left, PAUSED when the budget or the time ran out first, or
        TOO_LARGE when the memo would outgrow ``max_states``.
        """
        assert self.mode != _COUNTING, "a Search either lists solutions or counts them, not both"
        self.mode = _LISTING
        return TOO_LARGE if self.too_wide else self._walk(node_budget, 0)

    def count(self, node_budget: int, limit: int) -> int:
        """Count solutions for at most ``node_budget`` more nodes, and at most POLL_MS, into ``found``.

        Returns SOLUTION once ``found`` reaches ``limit`` (0: no limit; ``found``
        may pass ``limit``, as a remembered state adds all its solutions at once),
        EXHAUSTED when the count is complete, PAUSED
        when the budget or the time ran out first, or TOO_LARGE when the memo would outgrow
        ``max_states``.
        ``limit`` may be any int >= 0, however large.
        """
        assert limit >= 0, f"limit must be at least 0, got {limit}"
        assert self.mode != _LISTING, "a Search either lists solutions or counts them, not both"
        self.mode = _COUNTING
        return TOO_LARGE if self.too_wide else self._walk(node_budget, limit)

    def _cost(self, p: int, count: int) -> int:
        """The share of max_states that remembering ``count`` at position ``p`` takes."""
        if count <= _WORD_MAX:
            return 1
        limbs = (self.size - p) // _LIMB_BITS + 1
        return 1 + -(-limbs // _STATE_LIMBS)

    def _add(self, p: int, count: int) -> None:
        """Give ``count`` completions to the frame before position ``p``."""
        if p > 0:
            self.acc[p - 1] += count

    def _walk(self, node_budget: int, limit: int) -> int:
        """Search on until a solution (or the limit), the end, ``node_budget`` more nodes or POLL_MS."""
        stop = self.nodes + node_budget
        deadline = time.monotonic() + _POLL_SECONDS
        counting = self.mode == _COUNTING
        while self.phase != _FINISHED:
            if self.phase == _ENTER:
                p = self.top + 1
                self.nodes += 1
                self.phase = _ADVANCE
                if p == self.size:
                    self._add(p, 1)
                    self.found += 1
                    if not counting or (limit and self.found >= limit):
                        return SOLUTION
                    continue
                need = self.need[p]
                if need is None:
                    key = self.window[p] & self.mask[p]
                else:
                    key = sum(w for q, w in need if self.value[q] == 1) & _KEY_FULL
                known = self.memo.get((p, key))
                if known is not None:
                    self._add(p, known)
                    self.found += known
                    if counting and limit and self.found >= limit:
                        return SOLUTION
                    continue
                self.key[p] = key
                self.acc[p] = 0
                self.mark[p] = len(self.trail)
                self.branch[p] = 0 if self.value[p] == _UNKNOWN else _FORCED
                self.top = p
                continue
            p = self.top
            if p < 0:
                self.phase = _FINISHED
                break
            if self.nodes >= stop:
                return PAUSED
            if self.nodes % _CLOCK_NODES == 0 and time.monotonic() >= deadline:
                return PAUSED
            self._undo(self.mark[p])
            branch = self.branch[p]
            if branch == _FORCED:
                self.branch[p] = _DONE
                v = self.value[p]
            elif branch <= _TRY_BLACK:
                self.branch[p] = branch + 1
                v = branch
                try:
                    self._assign(p, v)
                    self._propagate()
                except Contradiction:
                    self.nodes += 1
                    continue
            else:
                if counting or self.acc[p] == 0:
                    cost = self._cost(p, self.acc[p])
                    if self.budget_used + cost > self.max_states:
                        self.phase = _FINISHED
                        return TOO_LARGE
                    self.memo[(p, self.key[p])] = self.acc[p]
                    self.states += 1
                    self.budget_used += cost
                self._add(p, self.acc[p])
                self.top = p - 1
                continue
            self.window[p + 1] = (self.window[p] << 1 | v) & self.full
            self.phase = _ENTER
        return EXHAUSTED

    def solution(self) -> str:
        """The cells of the solution last reported, row by row, as ``'0'`` and ``'1'``."""
        if self.transposed:
            return "".join(
                "1" if self.value[c * self.width + r] == 1 else "0" for r in range(self.n) for c in range(self.m)
            )
        return "".join("1" if v == 1 else "0" for v in self.value)


# Learn: a cell's reason is DECIDED (a decision, or given at level 0 by no clue), a clause (its
# index, >= 0), or clue k as _BY_CLUE - k.
_BY_CLUE = -2
#: Room for the neighbours of a clue (centres within two rows and columns) in a pair's reason code.
_NEIGHBOURS = 24


class Learn(Engine):
    """Find the solutions one by one by clause learning, resumably; the kernel's rules exactly.

    The same cells and preconditions as :class:`Search`, row by row (no transposing).
    The clues propagate as counts: a block with all its black cells makes its other
    cells white, one with all its white cells makes them black; and in overlapping
    pairs (:func:`_pair_fills`, explained by every cell of both blocks placed
    before). Every cell is probed at the root (:meth:`_probe_root`) unless ``probe``
    is False. A conflict is explained
    back to its first unique implication point and learnt as a clause, watched by two
    literals. The next cell is the most active (VSIDS: the cells of each conflict's
    explanation gain activity, by a step that grows by 1/0.95 a conflict; ties go to
    the lower cell), tried in its last colour (white at first, see :meth:`prefer`).
    The search restarts after ``64 * luby(i)`` more conflicts. It keeps no states and
    does not count: after a solution, :meth:`next_solution` adds the clause that some
    cell differs, and :meth:`exclude` adds such a clause for part of any picture.

    A literal is ``2 * cell + colour``: true when the cell has that colour.
    """

    __slots__ = ("black", "block", "cover", "neighbours", "target", "unknown")
    RESTART_CONFLICTS = 64
    LUBY_RESTARTS = True
    MINIMISE = False
    EXCLUDE_DECISIONS = False

    def __init__(self, n: int, m: int, cells: bytes, probe: bool = True) -> None:
        assert n >= 1 and m >= 1 and n * m <= _MAX_CELLS, (
            f"n and m must be >= 1 with n * m <= {_MAX_CELLS}, got {n} and {m}"
        )
        assert len(cells) == n * m, f"expected n * m = {n * m} cells, got {len(cells)}"
        assert all(code <= 9 or code == NO_CLUE for code in cells), "expected 0..9 or NO_CLUE cells"
        size = n * m
        self.target: list[int] = []
        self.block: list[list[int]] = []
        self.cover: list[list[int]] = [[] for _ in range(size)]
        for p, code in enumerate(cells):
            if code == NO_CLUE:
                continue
            r, c = divmod(p, m)
            cells_of = [
                rr * m + cc for rr in range(r - 1, r + 2) for cc in range(c - 1, c + 2) if 0 <= rr < n and 0 <= cc < m
            ]
            for q in cells_of:
                self.cover[q].append(len(self.target))
            self.target.append(code)
            self.block.append(cells_of)
        self.black = [0] * len(self.target)
        self.unknown = [len(cells_of) for cells_of in self.block]
        self.neighbours = self._find_neighbours(n, m, cells)
        Engine.__init__(self, size, len(self.target), sys.maxsize)
        self.unsatisfiable = not (self._settle_root() and (not probe or self._probe_root()))

    @staticmethod
    def _find_neighbours(n: int, m: int, cells: bytes) -> list[list[int]]:
        """Per clue, the other clues whose blocks overlap its own, row by row."""
        clue_at: dict[int, int] = {}
        for p, code in enumerate(cells):
            if code != NO_CLUE:
                clue_at[p] = len(clue_at)
        neighbours: list[list[int]] = []
        for p in clue_at:
            r, c = divmod(p, m)
            neighbours.append(
                [
                    clue_at[rr * m + cc]
                    for rr in range(max(r - 2, 0), min(r + 3, n))
                    for cc in range(max(c - 2, 0), min(c + 3, m))
                    if rr * m + cc in clue_at and rr * m + cc != p
                ]
            )
        return neighbours

    # -- assignment and propagation ------------------------------------------------

    def _placed(self, p: int, colour: int) -> None:
        for k in self.cover[p]:
            self.unknown[k] -= 1
            self.black[k] += colour

    def _unplaced(self, literals: list[int]) -> None:
        for literal in literals:
            colour = literal & 1
            for k in self.cover[literal >> 1]:
                self.unknown[k] += 1
                self.black[k] -= colour

    def _force(self, k: int) -> bool:
        """Give what clue ``k`` forces alone, or put it on the pending stack for its pairs; False
        if it has too many black or too many white cells."""
        b, u, t = self.black[k], self.unknown[k], self.target[k]
        if b > t or b + u < t:
            return False
        if u and (b == t or b + u == t):
            colour = 0 if b == t else 1
            for q in self.block[k]:
                if self.value[q] == _UNKNOWN:
                    self._give(2 * q + colour, _BY_CLUE - k)
        elif u and not self.is_deferred[k]:
            self._defer(k)
        return True

    def _rules(self, literal: int) -> int:
        for k in self.cover[literal >> 1]:
            if not self._force(k):
                return _BY_CLUE - k
        return -1

    def _run_deferred(self, k: int) -> int:
        for i, b in enumerate(self.neighbours[k]):
            if self.unknown[k] and self.unknown[b]:
                conflict = self._pair(k, i)
                if conflict != -1:
                    return conflict
        return -1

    def _pair_reason(self, a: int, i: int) -> int:
        """The reason of the pair of clue ``a`` and its ``i``-th neighbour, after the clues' _BY_CLUE - k."""
        return _BY_CLUE - (len(self.target) + a * _NEIGHBOURS + i)

    def _pair(self, a: int, i: int) -> int:
        """The pair rule (:func:`_pair_fills`) for clue ``a`` and its ``i``-th neighbour ``b``,
        giving what it forces with the pair as the reason; -1, or that reason if the two cannot
        both be met."""
        b = self.neighbours[a][i]
        in_b = set(self.block[b])
        shared = [q for q in self.block[a] if self.value[q] == _UNKNOWN and q in in_b]
        iu = len(shared)
        if not iu:
            return -1
        au, bu = self.unknown[a] - iu, self.unknown[b] - iu
        fills = _pair_fills(iu, au, bu, self.target[a] - self.black[a], self.target[b] - self.black[b])
        why = self._pair_reason(a, i)
        if fills is None:
            return why
        in_a = set(self.block[a])
        for part, colour in fills:
            if part == _SHARED:
                self._fill(a, colour, in_b, True, why)
            elif part == _ONLY_A:
                self._fill(a, colour, in_b, False, why)
            else:
                self._fill(b, colour, in_a, False, why)
        return -1

    def _fill(self, k: int, colour: int, other: set[int], inside: bool, why: int) -> None:
        """Give ``colour`` to the unknown cells of clue ``k``'s block inside (or outside) ``other``."""
        for q in self.block[k]:
            if self.value[q] == _UNKNOWN and (q in other) == inside:
                self._give(2 * q + colour, why)

    def _settle_root(self) -> bool:
        """Give what each clue forces alone and propagate; False on a contradiction."""
        return all(self._force(k) for k in range(len(self.target))) and self._propagate() == -1

    def _probe_root(self) -> bool:
        """Try both colours of every unknown cell at level 0: one whose propagation fails gives
        the other at level 0. Repeats until nothing changes; False if both colours fail somewhere."""
        changed = True
        while changed:
            changed = False
            for p in range(self.size):
                if self.value[p] != _UNKNOWN or not self.cover[p]:
                    continue
                failed = -1
                for colour in (0, 1):
                    self.level_start.append(len(self.trail))
                    self._give(2 * p + colour, DECIDED)
                    if self._propagate() != -1:
                        failed = colour
                    self._back_to(0)
                    if failed >= 0:
                        break
                if failed >= 0:
                    self._give(2 * p + (failed ^ 1), DECIDED)
                    if self._propagate() != -1:
                        return False
                    changed = True
        return True

    # -- learning ------------------------------------------------------------------

    def _explain(self, code: int, cell: int) -> list[int]:
        """Why a clue or pair (``code``: _BY_CLUE - reason) forced ``cell`` (or, for -1, why it
        failed), as false literals.

        A white cell a clue forced rests on the black cells placed before it, a black one on
        the white ones; a clue's failure on all the black cells if too many are black, else
        the white ones. A pair rests on every cell of its two blocks placed before.
        """
        before = self.place[cell] if cell >= 0 else len(self.trail)
        clues = len(self.target)
        if code < clues:
            if cell >= 0:
                colour = 1 if self.value[cell] == 0 else 0
            else:
                colour = 1 if self.black[code] > self.target[code] else 0
            return [
                2 * q + (colour ^ 1) for q in self.block[code] if self.value[q] == colour and self.place[q] < before
            ]
        a, i = divmod(code - clues, _NEIGHBOURS)
        in_a = set(self.block[a])
        cells = self.block[a] + [q for q in self.block[self.neighbours[a][i]] if q not in in_a]
        return [2 * q + (self.value[q] ^ 1) for q in cells if self.value[q] != _UNKNOWN and self.place[q] < before]

    def _because(self, why: int, p: int) -> list[int]:
        return self._explain(_BY_CLUE - why, p)

    def _conflict_literals(self, conflict: int) -> list[int]:
        return self._explain(_BY_CLUE - conflict, -1)


def _block_cells(n: int, m: int, r: int, c: int) -> int:
    """The cells of the 3x3 block centred on (r, c) of an n x m grid, clipped at the border."""
    return (min(r + 1, n - 1) - max(r - 1, 0) + 1) * (min(c + 1, m - 1) - max(c - 1, 0) + 1)


def _plain_number(token: str) -> int:
    """A number of one to three digits without a leading zero, or -1."""
    return int(token) if 1 <= len(token) <= 3 and token.isdigit() and token[0] != "0" else -1


def _plain_text_cells(text: object, most: int) -> tuple[int, int, bytes] | None:
    """(n, m, cell codes) of a plainly written contest text of at most ``most`` rows and columns (and
    MAX_CELLS cells), as the
    kernel's fp_pixel_plain_text reads it; None for anything else."""
    if type(text) is not str or not text.isascii():
        return None
    header, newline, rest = text.partition("\n")
    sizes = header.split(" ")
    if not newline or len(sizes) != 2:
        return None
    n, m = _plain_number(sizes[0]), _plain_number(sizes[1])
    if not (1 <= n <= most and 1 <= m <= most and n * m <= _MAX_CELLS):
        return None
    size = n * (m + 1) - 1
    rows = rest[:size].split("\n")
    if len(rest) < size or rest[size:].strip("\n") or len(rows) != n:
        return None
    cells = bytearray()
    for r, row in enumerate(rows):
        if len(row) != m or row.strip("0123456789_"):
            return None
        for c, char in enumerate(row):
            if char != "_" and int(char) > _block_cells(n, m, r, c):
                return None
            cells.append(NO_CLUE if char == "_" else int(char))
    return n, m, bytes(cells)


def solve_plain_texts(texts: list[object], most: int) -> list[str | None]:
    """For each item of texts, the contest output of a plainly written puzzle of at most ``most`` rows and
    columns (and MAX_CELLS cells) that :class:`Learn` finds exactly one solution of within one poll each; None for any other item
    (the kernel's solve_plain_texts)."""
    assert 1 <= most <= _MAX_CELLS
    out: list[str | None] = []
    for text in list(texts):
        plain = _plain_text_cells(text, most)
        out.append(None)
        if plain is None:
            continue
        n, m, cells = plain
        out[-1] = only_solution_text(Learn(n, m, cells), m)
    return out
