"""What the pure-Python twins of the grid searches share: the Luby sequence and the heap of cells by activity
(the clause-learning twins), and the one solution's text (their bulk solvers).

The compiled kernels keep the same in C (``_learning/_fp_learn.h``), so that each twin
decides in the order its kernel does.
"""

from __future__ import annotations

from typing import Any, Optional

from fastpuzzle._contract.registry import Status

__all__ = ["ActivityHeap", "luby", "only_solution_text"]


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
