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
blocks overlap also bound each other (the *pair rule*, see :meth:`Search._pair`),
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

import math
import time

from ._registry import POLL_MS, PUZZLES, Status

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Iterator

_MAX_N = PUZZLES["pixel"].limits["MAX_N"]
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


class Contradiction(Exception):
    """A clue can no longer be satisfied."""


class Search:
    """List or count the solutions of a pixel-placement grid, resumably.

    ``cells`` holds the ``n * m`` cell codes row by row (bytes: a clue's digit
    0 to 9, or :data:`NO_CLUE`); ``1 <= n, m <= _MAX_N`` and ``max_states >= 1``.
    These preconditions are only asserted. A Search either lists
    (:meth:`next_solution`) or counts (:meth:`count`), not both. Counts are exact;
    a remembered state whose count passes ``2**64 - 1`` costs more than one of
    ``max_states`` (see the module's docstring).
    """

    def __init__(self, n: int, m: int, cells: bytes, max_states: int) -> None:
        assert 1 <= n <= _MAX_N and 1 <= m <= _MAX_N, f"n and m must be 1..{_MAX_N}, got {n} and {m}"
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
        """The pair rule: bound the black cells shared by two overlapping blocks.

        With ``ra`` and ``rb`` black cells still needed and ``au``, ``bu``, ``iu``
        unknown cells only in a's block, only in b's, and in both, the shared part
        holds from ``max(0, ra - au, rb - bu)`` to ``min(iu, ra, rb)`` of them.
        """
        iu = sum(1 for q in self.block[a] if self.value[q] == _UNKNOWN and self._holds(b, q))
        if not iu:
            return
        au, bu = self.unknown[a] - iu, self.unknown[b] - iu
        ra, rb = self.target[a] - self.black[a], self.target[b] - self.black[b]
        low, high = max(0, ra - au, rb - bu), min(iu, ra, rb)
        if low > high:
            raise Contradiction
        if low == iu:
            self._fill(a, 1, b, -1)
        elif high == 0:
            self._fill(a, 0, b, -1)
        if au and ra - high == au:
            self._fill(a, 1, -1, b)
        elif au and ra == low:
            self._fill(a, 0, -1, b)
        if bu and rb - high == bu:
            self._fill(b, 1, -1, a)
        elif bu and rb == low:
            self._fill(b, 0, -1, a)

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
        return self._walk(node_budget, 0)

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
        return self._walk(node_budget, limit)

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


class Deduce(Search):
    """List or count the solutions by deduction and branching, resumably: no memo, no scan order.

    The same clues, preconditions and propagation as :class:`Search`, including the
    probe of every cell at the root. Each node then probes the unknown cells within
    two rows and columns of a cell coloured since its parent (:meth:`_probe_near`),
    and branches on a cell of the open clue with the fewest ways left to place its
    black cells, ``C(unknown, needed)``: among the clues holding a cell within two
    rows and columns of the last branch's cell if any is open, else among all (the
    first with 2 ways ends that look). It tries first the colour that clue needs
    more of. A cell no clue covers is branched on last. It never runs out of
    states (:meth:`next_solution` and :meth:`count` never return TOO_LARGE); its
    cost is the size of its search tree. Counts are exact.
    """

    def __init__(self, n: int, m: int, cells: bytes, max_states: int) -> None:
        super().__init__(n, m, cells, max_states)
        self.chosen: list[int] = []
        self.first: list[int] = []
        self.marks: list[int] = []
        self.branches: list[int] = []
        self.next_first = 0

    def _ways(self, k: int) -> int:
        return math.comb(self.unknown[k], self.target[k] - self.black[k])

    def _pick(self) -> int:
        """The cell to branch on (its first colour in ``next_first``), or -1 when every cell is known."""
        best, best_ways = -1, 0
        if self.chosen:
            for q in self._near(self.chosen[-1]):
                for k in self.cover[q]:
                    if self.unknown[k] and (best < 0 or self._ways(k) < best_ways):
                        best, best_ways = k, self._ways(k)
        if best < 0:
            for k in range(len(self.target)):
                if self.unknown[k] and (best < 0 or self._ways(k) < best_ways):
                    best, best_ways = k, self._ways(k)
                    if best_ways == 2:
                        break
        if best >= 0:
            need = self.target[best] - self.black[best]
            self.next_first = 1 if 2 * need > self.unknown[best] else 0
            return next(q for q in self.block[best] if self.value[q] == _UNKNOWN)
        self.next_first = 0
        return next((p for p in range(self.size) if self.value[p] == _UNKNOWN), -1)

    def _near(self, p: int) -> Iterator[int]:
        """The cells within two rows and columns of ``p``."""
        r, c = divmod(p, self.width)
        for rr in range(max(r - 2, 0), min(r + 3, self.rows)):
            for cc in range(max(c - 2, 0), min(c + 3, self.width)):
                yield rr * self.width + cc

    def _probe_near(self, mark: int) -> None:
        """Probe the unknown cells near a cell coloured since ``mark``, and near what that fixes.

        A stack of waiting cells, each on it at most once at a time; raises
        Contradiction if both colours of a cell fail.
        """
        scanned = mark
        waiting: list[int] = []
        is_waiting = set()
        while True:
            while scanned < len(self.trail):
                for q in self._near(self.trail[scanned]):
                    if self.value[q] == _UNKNOWN and self.cover[q] and q not in is_waiting:
                        is_waiting.add(q)
                        waiting.append(q)
                scanned += 1
            if not waiting:
                return
            q = waiting.pop()
            is_waiting.discard(q)
            if self.value[q] == _UNKNOWN:
                self._probe_cell(q)

    def _walk(self, node_budget: int, limit: int) -> int:
        """Search on until a solution (or the limit), the end, ``node_budget`` more nodes or POLL_MS; never TOO_LARGE."""
        stop = self.nodes + node_budget
        deadline = time.monotonic() + _POLL_SECONDS
        counting = self.mode == _COUNTING
        while self.phase != _FINISHED:
            if self.phase == _ENTER:
                self.nodes += 1
                self.phase = _ADVANCE
                if self.chosen:
                    try:
                        self._probe_near(self.marks[-1])
                    except Contradiction:
                        continue
                p = self._pick()
                if p < 0:
                    self.found += 1
                    if not counting or (limit and self.found >= limit):
                        return SOLUTION
                    continue
                self.chosen.append(p)
                self.first.append(self.next_first)
                self.marks.append(len(self.trail))
                self.branches.append(_TRY_WHITE)
                continue
            if not self.chosen:
                self.phase = _FINISHED
                break
            if self.nodes >= stop:
                return PAUSED
            if self.nodes % _CLOCK_NODES == 0 and time.monotonic() >= deadline:
                return PAUSED
            self._undo(self.marks[-1])
            branch = self.branches[-1]
            if branch == _DONE:
                for stack in (self.chosen, self.first, self.marks, self.branches):
                    stack.pop()
                continue
            self.branches[-1] = branch + 1
            try:
                self._assign(self.chosen[-1], self.first[-1] ^ branch)
                self._propagate()
                self.phase = _ENTER
            except Contradiction:
                self.nodes += 1
        return EXHAUSTED
