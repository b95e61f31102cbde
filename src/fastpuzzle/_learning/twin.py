"""What the pure-Python twins of the grid searches share: the clause-learning engine (:class:`Engine`,
to which each puzzle adds its propagators) with its Luby sequence and heap of cells by activity, and the
one solution's text (their bulk solvers).

The compiled kernels keep the heap and the Luby sequence in C (``_learning/_fp_learn.h``), so that each
twin decides in the order its kernel does.
"""

from __future__ import annotations

import time
from typing import Any, Optional

from fastpuzzle._contract.registry import POLL_MS, Status

__all__ = ["DECIDED", "UNKNOWN", "ActivityHeap", "Engine", "luby", "only_solution_text"]

EXHAUSTED, SOLUTION, PAUSED = int(Status.EXHAUSTED), int(Status.SOLUTION), int(Status.PAUSED)


def only_solution_text(search: Any, width: int) -> Optional[str]:
    """The rows of a twin search's solution, each ending in a newline, when its first call finds one and its
    second proves there is no other (each call a poll at most); None otherwise (the twins' solve_plain_texts)."""
    if search.next_solution(1 << 40) != Status.SOLUTION:
        return None
    cells = search.solution()
    if search.next_solution(1 << 40) != Status.EXHAUSTED:
        return None
    return "".join(cells[start : start + width] + "\n" for start in range(0, len(cells), width))


def luby(i: int) -> int:
    """The ``i``-th term (from 1) of the Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, ..."""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while i != (1 << k) - 1:
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1
    return 1 << (k - 1)


class ActivityHeap:
    """The cells of a search by activity (VSIDS), the most active on top, ties to the lower cell.

    ``heap_at[p]`` is cell ``p``'s place in ``heap``, or -1 when it is not in it.
    :meth:`_bump` raises a cell's activity by ``bump_step``, which the search
    grows after each conflict; all activities are scaled down together before
    they overflow.
    """

    __slots__ = ("activity", "bump_step", "heap", "heap_at")

    def __init__(self, size: int) -> None:
        self.activity = [0.0] * size
        self.bump_step = 1.0
        self.heap: list[int] = []
        self.heap_at = [-1] * size
        for p in range(size):
            self._heap_push(p)

    def _before(self, a: int, b: int) -> bool:
        """Cell ``a`` comes out of the heap before ``b``: more active, or as active and lower."""
        return self.activity[a] > self.activity[b] or (self.activity[a] == self.activity[b] and a < b)

    def _heap_push(self, p: int) -> None:
        self.heap.append(p)
        self.heap_at[p] = len(self.heap) - 1
        self._sift_up(len(self.heap) - 1)

    def _sift_up(self, i: int) -> None:
        heap, p = self.heap, self.heap[i]
        while i > 0:
            parent = (i - 1) >> 1
            if not self._before(p, heap[parent]):
                break
            heap[i] = heap[parent]
            self.heap_at[heap[i]] = i
            i = parent
        heap[i] = p
        self.heap_at[p] = i

    def _heap_pop(self) -> int:
        heap = self.heap
        top = heap[0]
        self.heap_at[top] = -1
        p = heap.pop()
        if not heap:
            return top
        i = 0
        while True:
            child = 2 * i + 1
            if child >= len(heap):
                break
            if child + 1 < len(heap) and self._before(heap[child + 1], heap[child]):
                child += 1
            if not self._before(heap[child], p):
                break
            heap[i] = heap[child]
            self.heap_at[heap[i]] = i
            i = child
        heap[i] = p
        self.heap_at[p] = i
        return top

    def _bump(self, p: int) -> None:
        self.activity[p] += self.bump_step
        if self.activity[p] > 1e100:
            self.activity = [a * 1e-100 for a in self.activity]
            self.bump_step *= 1e-100
        if self.heap_at[p] >= 0:
            self._sift_up(self.heap_at[p])


#: A cell's value while it has none; a cell's reason when it is a decision (or given at level 0 by no
#: clause). A reason >= 0 is a clause's index; the puzzles number their propagators' reasons below -1.
UNKNOWN = 2
DECIDED = -1
#: Longest a call runs before it returns, in seconds, and the nodes between two looks at the clock.
_POLL_SECONDS = POLL_MS / 1000
_CLOCK_NODES = 64
#: A reduction drops half of the learnt clauses longer than _KEEP_LENGTH and of glue over _KEEP_GLUE:
#: those of the highest glue, the longer first among equals, then the older. A clause's glue is the
#: decision levels among its literals when it was learnt, at most _MOST_GLUE.
_KEEP_LENGTH = 3
_KEEP_GLUE = 2
_MOST_GLUE = (1 << 13) - 1
#: Restarts by glue: two moving averages of the learnt clauses' glue, in fixed point (_GLUE_SCALE bits),
#: each moving by 2**-_FAST_GLUE or 2**-_SLOW_GLUE of the gap per conflict.
_GLUE_SCALE = 16
_FAST_GLUE = 5
_SLOW_GLUE = 12
#: The longest learnt clause that _vivify() tries to shorten, and the decisions it may take per hundred
#: conflicts since it last ran.
_VIVIFY_MOST = 10
_VIVIFY_EFFORT = 30


class Engine(ActivityHeap):
    """The clause-learning search of a grid of two-valued cells, resumably; a puzzle's twin adds its propagators.

    A literal is ``2 * cell + digit``: true when the cell holds that digit. Each literal made
    true goes to the puzzle's :meth:`_rules`, then to the clauses watching its negation (two
    watches a clause); once no literal waits, the puzzle's deferred work (:meth:`_defer`) runs
    one item at a time, the last deferred first. A conflict is learnt at its first unique
    implication point (then minimised, with ``MINIMISE``); the next cell is the most active
    (VSIDS, ties to the lower cell) in its last digit (0 at first, see :meth:`prefer`), after the
    assumptions (``assumptions``, one level each).

    Restarts: with ``LUBY_RESTARTS``, after ``RESTART_CONFLICTS * luby(i)`` more conflicts; without,
    ``RESTART_CONFLICTS`` or more conflicts after the last, once the moving average of the learnt
    clauses' glue over about 32 conflicts is over 5/4 of that over about 4,096 (the levels of the
    assumptions stay). Once ``learnt_limit`` clauses are learnt, a restart to level 0 reduces them
    (:meth:`_reduce`) and the limit grows by a tenth. A solution found is excluded by the clause
    that some decision of it differs (``EXCLUDE_DECISIONS``) or else that some cell does.

    The puzzle gives the hooks: :meth:`_placed` and :meth:`_unplaced` (its own bookkeeping of
    the cells), :meth:`_rules` and :meth:`_run_deferred` (its propagators, answering -1 or a
    conflict: a clause's index or a reason of its own below -1), :meth:`_because` and
    :meth:`_conflict_literals` (what such reasons and conflicts rest on, as false literals).
    """

    # Slots: the attributes are read at every step, and a search has too many of them for a
    # dictionary's quick lookups.
    __slots__ = (
        "assumptions", "clauses", "conflicts", "deferred", "glue", "glue_fast", "glue_slow", "is_deferred", "learnt",
        "learnt_count", "learnt_limit", "level", "level_start", "next_restart", "nodes", "place", "qhead", "reason",
        "restarts", "saved", "seen", "size", "solved", "trail", "unsatisfiable", "value", "vivified", "vivified_at",
        "watches",
    )  # fmt: skip

    RESTART_CONFLICTS = 64
    LUBY_RESTARTS = True
    MINIMISE = False
    EXCLUDE_DECISIONS = False

    def __init__(self, size: int, deferrable: int, learnt_limit: int) -> None:
        """A search of ``size`` cells, all open; ``deferrable`` items of deferred work; ``learnt_limit``
        learnt clauses before the first reduction (sys.maxsize: none)."""
        self.size = size
        self.value = [UNKNOWN] * size
        self.saved = [0] * size
        self.seen = [False] * size
        self.level = [0] * size
        self.place = [0] * size
        self.reason = [DECIDED] * size
        self.trail: list[int] = []
        self.level_start: list[int] = []
        self.qhead = 0
        self.deferred: list[int] = []
        self.is_deferred = [False] * deferrable
        self.clauses: list[list[int]] = []
        self.learnt: list[bool] = []  # per clause: learnt (may be dropped), or an exclusion (kept)
        self.vivified: list[bool] = []  # per clause: _vivify() has tried it
        self.glue: list[int] = []  # per clause: a learnt clause's glue (0 for the others)
        self.learnt_count = 0
        self.learnt_limit = learnt_limit
        self.watches: list[list[int]] = [[] for _ in range(2 * size)]
        ActivityHeap.__init__(self, size)
        self.nodes = 0
        self.conflicts = 0
        self.restarts = 0
        self.vivified_at = 0  # conflicts when _vivify() last ran
        self.next_restart = self.RESTART_CONFLICTS
        self.glue_fast = self.glue_slow = 0  # the moving averages of glue that decide the restarts
        self.solved = False
        self.unsatisfiable = False
        self.assumptions: list[int] = []

    # -- the puzzle's hooks ------------------------------------------------------------

    def _placed(self, p: int, digit: int) -> None:
        """The puzzle's bookkeeping once cell ``p`` holds ``digit``."""
        raise NotImplementedError

    def _unplaced(self, literals: list[int]) -> None:
        """The puzzle's bookkeeping once ``literals`` are taken back (their cells open again)."""
        raise NotImplementedError

    def _rules(self, literal: int) -> int:
        """The puzzle's propagators on ``literal``, just made true: -1, or the conflict."""
        raise NotImplementedError

    def _run_deferred(self, item: int) -> int:
        """The deferred work ``item`` (see :meth:`_defer`): -1, or the conflict."""
        raise NotImplementedError

    def _because(self, why: int, p: int) -> list[int]:
        """The false literals that the puzzle's reason ``why`` (below -1) made cell ``p`` true for."""
        raise NotImplementedError

    def _conflict_literals(self, conflict: int) -> list[int]:
        """The false literals that the puzzle's ``conflict`` (below -1) rests on."""
        raise NotImplementedError

    # -- assignment and propagation ------------------------------------------------------

    def _give(self, literal: int, why: int) -> None:
        """Make ``literal`` true at the current level, for reason ``why``."""
        p, digit, trail = literal >> 1, literal & 1, self.trail
        self.value[p] = digit
        self.level[p] = len(self.level_start)
        self.place[p] = len(trail)
        self.reason[p] = why
        trail.append(literal)
        self._placed(p, digit)

    def _defer(self, item: int) -> None:
        """Run :meth:`_run_deferred` on ``item`` once no literal waits, unless it waits already."""
        if not self.is_deferred[item]:
            self.is_deferred[item] = True
            self.deferred.append(item)

    def _clear_deferred(self) -> None:
        for item in self.deferred:
            self.is_deferred[item] = False
        self.deferred.clear()

    def _propagate(self) -> int:
        """Make true what the puzzle's rules and the clauses force, to a fixed point: -1, or the conflict."""
        trail, watches, rules = self.trail, self.watches, self._rules
        while True:
            while self.qhead < len(trail):
                literal = trail[self.qhead]
                self.qhead += 1
                conflict = rules(literal)
                if conflict == -1 and watches[literal ^ 1]:
                    conflict = self._watched(literal ^ 1)
                if conflict != -1:
                    self._clear_deferred()
                    return conflict
            if not self.deferred:
                return -1
            item = self.deferred.pop()
            self.is_deferred[item] = False
            conflict = self._run_deferred(item)
            if conflict != -1:
                self._clear_deferred()
                return conflict

    def _watched(self, false_literal: int) -> int:
        """Visit the clauses watching ``false_literal``: move each watch, or give the clause's other
        watched literal; the index of a clause all of whose literals are false, or -1."""
        value, clauses, watches = self.value, self.clauses, self.watches
        watching = watches[false_literal]
        i = j = 0
        while i < len(watching):
            index = watching[i]
            i += 1
            clause = clauses[index]
            if clause[0] == false_literal:
                clause[0], clause[1] = clause[1], false_literal
            first = clause[0]
            if value[first >> 1] == first & 1:
                watching[j] = index
                j += 1
                continue
            for x in range(2, len(clause)):
                q = clause[x]
                if value[q >> 1] != (q & 1) ^ 1:
                    clause[1], clause[x] = q, false_literal
                    watches[q].append(index)
                    break
            else:
                watching[j] = index
                j += 1
                if value[first >> 1] == UNKNOWN:
                    self._give(first, index)
                    continue
                watching[j:] = watching[i:]
                return index
        del watching[j:]
        return -1

    def _back_to(self, level: int) -> None:
        """Forget every literal given above decision level ``level``."""
        if len(self.level_start) <= level:
            return
        start = self.level_start[level]
        undone = self.trail[start:]
        del self.trail[start:]
        value, saved, heap_at = self.value, self.saved, self.heap_at
        for literal in reversed(undone):
            p = literal >> 1
            value[p] = UNKNOWN
            saved[p] = literal & 1
            if heap_at[p] < 0:
                self._heap_push(p)
        self._unplaced(undone)
        self.qhead = len(self.trail)
        del self.level_start[level:]
        self._clear_deferred()

    # -- learning ----------------------------------------------------------------------

    def _analyse(self, conflict: int) -> tuple[list[int], int]:
        """The clause learnt from ``conflict`` (first unique implication point), whose first literal
        becomes true at the level to jump back to; and that level."""
        learnt = [0]
        literals = self.clauses[conflict] if conflict >= 0 else self._conflict_literals(conflict)
        seen, level, trail = self.seen, self.level, self.trail
        start, open_paths, index, current = 0, 0, len(trail) - 1, len(self.level_start)
        while True:
            for literal in literals[start:]:
                q = literal >> 1
                if not seen[q] and level[q] > 0:
                    seen[q] = True
                    self._bump(q)
                    if level[q] == current:
                        open_paths += 1
                    else:
                        learnt.append(literal)
            while not seen[trail[index] >> 1]:
                index -= 1
            p = trail[index] >> 1
            index -= 1
            seen[p] = False
            open_paths -= 1
            if open_paths == 0:
                break
            why = self.reason[p]
            if why >= 0:
                literals, start = self.clauses[why], 1
            else:
                literals, start = self._because(why, p), 0
        learnt[0] = self.trail[self.place[p]] ^ 1
        if self.MINIMISE:
            learnt = self._minimised(learnt)
        else:
            for literal in learnt[1:]:
                self.seen[literal >> 1] = False
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
        return self._because(why, p)

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
            if self.reason[p] == DECIDED or not self._implied(p, levels, cleared):
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
                if self.reason[q] == DECIDED or not levels >> (self.level[q] & 31) & 1:
                    for cell in cleared[top:]:
                        self.seen[cell] = False
                    del cleared[top:]
                    return False
                self.seen[q] = True
                stack.append(q)
                cleared.append(q)
        return True

    # -- the clauses -------------------------------------------------------------------

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
        value, kept = self.value, []
        for q in literals:
            state = value[q >> 1]
            if state == q & 1:
                return None
            if state == UNKNOWN:
                kept.append(q)
        return kept

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
            self._give(kept[0], DECIDED)
        else:
            self._store(kept, learnt, vivified, glue)

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
            self.reason[literal >> 1] = DECIDED  # level 0 is never explained: indices move
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
                if state != UNKNOWN and self.level[literal >> 1] == 0:
                    satisfied = True  # since a clause before gave a literal at level 0
                    break
                kept.append(literal)
                if state != UNKNOWN or i == len(clause) - 1:
                    break
                self.level_start.append(len(self.trail))
                budget -= 1
                self._give(literal ^ 1, DECIDED)
                if self._propagate() != -1:
                    break
            self._back_to(0)
            if satisfied:
                continue
            if len(kept) == 1:
                self._give(kept[0], DECIDED)
                if self._propagate() != -1:
                    self.unsatisfiable = True
            if 0 < len(kept) < len(clause):
                shorter.append((index, kept))
        self.saved = phases
        if not self.unsatisfiable:
            for index, kept in shorter:
                self.clauses[index] = kept

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

    def exclude(self, picture: bytes, where: bytes) -> None:
        """From now on, find only solutions that differ from ``picture`` (0 or 1 per cell, row by
        row) in at least one cell where ``where`` is not 0."""
        assert len(picture) == self.size and len(where) == self.size, f"expected {self.size} cells"
        assert all(picture[p] <= 1 for p in range(self.size) if where[p]), "expected 0 or 1 per cell"
        self._back_to(0)
        self.solved = False
        self._add_clause([2 * p + (picture[p] ^ 1) for p in range(self.size) if where[p]])

    def prefer(self, picture: bytes) -> None:
        """Try each cell first with its digit in ``picture`` (0 or 1 per cell, row by row), until
        the search learns otherwise (0 is the first digit by default)."""
        assert len(picture) == self.size and all(digit <= 1 for digit in picture), f"expected {self.size} 0s and 1s"
        self.saved = list(picture)

    def solution(self) -> str:
        """The cells of the solution last reported, row by row, as ``'0'`` and ``'1'``."""
        return "".join("01"[digit] for digit in self.value)

    def _exclude_current(self) -> None:
        """From now on, find only solutions in which some decision (``EXCLUDE_DECISIONS``), or else
        some cell, of the one just found differs."""
        if self.EXCLUDE_DECISIONS:
            literals = [
                self.trail[start] ^ 1
                for level, start in enumerate(self.level_start, start=1)
                if start < len(self.trail) and self.level[self.trail[start] >> 1] == level
            ]
        else:
            literals = [2 * p + (digit ^ 1) for p, digit in enumerate(self.value)]
        self._back_to(0)
        self._add_clause(literals)

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
                glue = 0 if self.LUBY_RESTARTS else self._glue(learnt)
                self._back_to(jump)
                self._give(learnt[0], DECIDED if len(learnt) == 1 else self._store(learnt, True, glue=glue))
                if self._restart_due(glue):
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
            literal = self._next_assumption() if len(self.level_start) < len(self.assumptions) else -1
            if literal == -2:
                return EXHAUSTED  # an assumption is false: no solution with these givens
            if literal >= 0:
                self.nodes += 1
                self.level_start.append(len(self.trail))
                self._give(literal, DECIDED)
                continue
            while self.heap and self.value[self.heap[0]] != UNKNOWN:
                self._heap_pop()
            if not self.heap:
                self.solved = True
                return SOLUTION
            p = self._heap_pop()
            self.nodes += 1
            self.level_start.append(len(self.trail))
            self._give(2 * p + self.saved[p], DECIDED)

    def _glue(self, literals: list[int]) -> int:
        """The decision levels among the cells of ``literals``, at most _MOST_GLUE."""
        return min(len({self.level[literal >> 1] for literal in literals}), _MOST_GLUE)

    def _restart_due(self, glue: int) -> bool:
        """Whether to restart now, the conflict just learnt (of ``glue``) counted; if so, when next."""
        if self.LUBY_RESTARTS:
            if self.conflicts < self.next_restart:
                return False
            self.restarts += 1
            self.next_restart = self.conflicts + self.RESTART_CONFLICTS * luby(self.restarts + 1)
            return True
        if self.glue_slow == 0:
            self.glue_slow = self.glue_fast = glue << _GLUE_SCALE  # the first conflict: both start at its glue
        self.glue_fast = self.glue_fast - (self.glue_fast >> _FAST_GLUE) + (glue << (_GLUE_SCALE - _FAST_GLUE))
        self.glue_slow = self.glue_slow - (self.glue_slow >> _SLOW_GLUE) + (glue << (_GLUE_SCALE - _SLOW_GLUE))
        if self.conflicts < self.next_restart or 4 * self.glue_fast <= 5 * self.glue_slow:
            return False
        self.restarts += 1
        self.next_restart = self.conflicts + self.RESTART_CONFLICTS
        return True

    def _next_assumption(self) -> int:
        """The next assumption to decide: its literal, -1 once every one is placed, -2 if one is false.

        An assumption already true takes a decision level of its own, with nothing on it, so that
        level ``i`` always holds assumption ``i``.
        """
        while len(self.level_start) < len(self.assumptions):
            literal = self.assumptions[len(self.level_start)]
            state = self.value[literal >> 1]
            if state == UNKNOWN:
                return literal
            if state != literal & 1:
                return -2
            self.level_start.append(len(self.trail))
        return -1
