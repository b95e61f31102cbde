"""Callers that change their arguments while fastpuzzle works: an answer or an error, never a crash.

Every facade snapshots what it is given (``tuple(rows)``, ``list(grids)``) before
it checks and encodes it, and kernels only ever see the encoded copy. These
tests change the arguments at the worst moments: from inside the argument
objects themselves, and from other threads.
"""

from __future__ import annotations

import random
import sys
import threading
import time
from collections.abc import Iterator
from types import ModuleType
from typing import Any, Callable

import pytest

import fastpuzzle
from conftest import facade_fixture
from fastpuzzle import FastpuzzleError, pixel, reversi, sudoku, takuzu, use_kernels

sudoku_facade = facade_fixture("sudoku")

EVEN = "000000000\n" * 9
SAMPLE = "000000000\n001000100\n000000000\n000110000\n000111000\n000000000\n000000000\n000000000\n000000000\n"
ALLOWED = (FastpuzzleError, TypeError)


def run_beside(workers: list[threading.Thread], disturber: threading.Thread, stop: threading.Event) -> None:
    """Run ``workers`` to their end while ``disturber`` runs beside them; then set ``stop`` and wait for it."""
    disturber.start()
    for thread in workers:
        thread.start()
    for thread in workers:
        thread.join()
    stop.set()
    disturber.join()


@pytest.fixture
def frequent_switches() -> Iterator[None]:
    """Let the interpreter switch threads every few microseconds, to reach more interleavings."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


class ClearsTheOuterList:
    """A grid that empties the list holding it as soon as it is read, by any of the ways a grid is read."""

    def __init__(self, outer: list[Any], rows: tuple[int, ...], how: str) -> None:
        self.outer = outer
        self.rows = rows
        self.how = how

    def _clear(self, how: str) -> None:
        if self.how == how:
            self.outer.clear()
            self.outer.extend([None] * 3)

    def __len__(self) -> int:
        self._clear("len")
        return len(self.rows)

    def __getitem__(self, index: Any) -> Any:
        self._clear("getitem")
        return self.rows[index]


class IteratesAndClears(ClearsTheOuterList):
    """The same with ``__iter__``, which ``tuple()`` then uses instead of ``__getitem__``."""

    def __iter__(self) -> Iterator[int]:
        self._clear("iter")
        return iter(self.rows)


def clearing_grid(outer: list[Any], rows: tuple[int, ...], how: str) -> ClearsTheOuterList:
    return (IteratesAndClears if how == "iter" else ClearsTheOuterList)(outer, rows, how)


@pytest.mark.parametrize("how", ["len", "getitem", "iter"])
def test_a_grid_that_clears_the_list_it_is_in(sudoku_facade: ModuleType, how: str) -> None:
    """The first way into the crash of issue 10: the list changes under min_toggles_many."""
    masks = sudoku.parse(SAMPLE).masks
    expected = sudoku.min_toggles(masks)
    for position in (0, 5, 9):
        outer: list[Any] = [masks] * 10
        outer[position] = clearing_grid(outer, masks, how)
        assert sudoku_facade.min_toggles_many(outer) == [expected] * 10
        # It cleared the caller's list, unless its length was never asked (a grid read once, as an iterator).
        assert outer == [None] * 3 or how == "len"
    # min_toggles and solve read such a grid once too.
    outer = [masks]
    assert sudoku_facade.min_toggles(clearing_grid(outer, masks, how)) == expected
    assert sudoku_facade.solve(clearing_grid(outer, masks, how)).minimum == expected


def test_another_thread_pops_from_the_list(sudoku_facade: ModuleType, frequent_switches: None) -> None:
    """The second way: another thread pops grids from the list (and puts them back) while calls run."""
    rng = random.Random(10)
    grids: list[Any] = [[rng.randrange(512) for _ in range(9)] for _ in range(200)]
    grids += [sudoku.parse(SAMPLE), "0" * 9, sudoku.parse(EVEN).rows]  # the checked path too
    grids[-2] = sudoku.parse(EVEN).rows
    serial = sudoku_facade.min_toggles_many(grids)
    shared = list(grids)
    stop = threading.Event()
    failures: list[str] = []

    def pop_and_put_back() -> None:
        while not stop.is_set():
            for _ in range(rng.randrange(1, 50)):
                if shared:
                    shared.pop(rng.randrange(len(shared)))
            shared[:] = grids

    def count() -> None:
        deadline = time.monotonic() + 0.5
        calls = 0
        while time.monotonic() < deadline or calls < 5:
            calls += 1
            answers = sudoku_facade.min_toggles_many(shared)
            # Whatever list it saw, each answer belongs to the grid it came from.
            if not set(answers) <= set(serial) or len(answers) > len(serial):
                failures.append(f"{len(answers)} answers, not drawn from the serial ones")

    run_beside([threading.Thread(target=count) for _ in range(2)], threading.Thread(target=pop_and_put_back), stop)
    assert not failures, failures[:3]


def test_a_grid_changing_under_min_toggles_many_is_seen_whole(frequent_switches: None) -> None:
    """Rows of one grid changed by another thread never shift the other grids' rows."""
    rng = random.Random(11)
    grids = [[rng.randrange(512) for _ in range(9)] for _ in range(300)]
    serial = sudoku.min_toggles_many(grids)
    victim = grids[150]
    stop = threading.Event()

    def grow_and_shrink() -> None:
        while not stop.is_set():
            victim.append(0)
            victim.pop()
            victim.pop()
            victim.append(grids[151][8])

    thread = threading.Thread(target=grow_and_shrink)
    thread.start()
    try:
        for _ in range(3000):
            try:
                answers = sudoku.min_toggles_many(grids)
            except fastpuzzle.ParseError as error:
                assert error.unit == "grid 150, row"  # caught with 8 or 10 rows: only that grid is named
                continue
            assert len(answers) == len(serial)
            assert answers[:150] == serial[:150] and answers[151:] == serial[151:]
    finally:
        stop.set()
        thread.join()


class Shared:
    """Argument lists that every worker passes as they are, and that one mutator keeps changing.

    Every change makes one list invalid for a moment and then restores it, so a
    call sees either the original arguments (and must give the serial answer)
    or invalid ones (and must raise a package error or TypeError).
    """

    def __init__(self) -> None:
        self.takuzu = list(takuzu.generate(6, seed=1).rows)
        self.takuzu_open = ["____"] * 4
        self.pixel = list(pixel.generate(5, seed=1).rows)
        self.pixel_open = ["_2_", "___", "_2_"]
        self.sudoku = list(sudoku.parse(SAMPLE).rows)
        self.sudoku_masks = list(sudoku.parse(SAMPLE).masks)
        self.many: list[Any] = [list(sudoku.parse(SAMPLE).masks), sudoku.parse(EVEN), list(sudoku.parse(EVEN).rows)] * 5
        self.reversi = [list(row) for row in reversi.parse("4\n-1 -1 -1 -1\n-1 0 1 0\n-1 1 0 1\n-1 -1 -1 -1\n").rows]

    def calls(self) -> dict[str, Callable[[], Any]]:
        """Every public entry point that takes one of the shared lists."""
        return {
            "takuzu.solve": lambda: takuzu.solve(self.takuzu),
            "takuzu.solutions": lambda: list(takuzu.solutions(self.takuzu)),
            "takuzu.count_solutions": lambda: takuzu.count_solutions(self.takuzu_open),
            "takuzu.count_solutions limit": lambda: takuzu.count_solutions(self.takuzu_open, limit=2**70),
            "takuzu.from_rows": lambda: takuzu.from_rows(self.takuzu),
            "takuzu.format": lambda: takuzu.format(takuzu.solve(self.takuzu)),
            "pixel.solve": lambda: pixel.solve(self.pixel),
            "pixel.count_solutions": lambda: pixel.count_solutions(self.pixel_open),
            "pixel.solutions": lambda: sum(1 for _ in pixel.solutions(self.pixel_open)),
            "sudoku.min_toggles": lambda: sudoku.min_toggles(self.sudoku),
            "sudoku.min_toggles masks": lambda: sudoku.min_toggles(self.sudoku_masks),
            "sudoku.solve": lambda: sudoku.solve(self.sudoku_masks),
            "sudoku.is_even": lambda: sudoku.is_even(self.sudoku),
            "sudoku.min_toggles_many": lambda: sudoku.min_toggles_many(self.many),
            "reversi.count_games": lambda: reversi.count_games(self.reversi),
            "reversi.perft": lambda: reversi.perft(self.reversi, 4, table_size=1),
            "reversi.from_rows": lambda: reversi.from_rows(self.reversi),
            "solve_text": lambda: fastpuzzle.solve_text("takuzu", "6\n" + "\n".join(self.takuzu) + "\n"),
        }

    def mutate(self, rng: random.Random) -> None:
        """One change, undone at once: a bad row, a missing row, a bad cell, a bad grid."""
        changes: list[tuple[list[Any], Any]] = [
            (self.takuzu, "x"),
            (self.pixel, "y"),
            (self.sudoku, "2"),
            (self.sudoku_masks, 512),
        ]
        for rows, bad in changes:
            i = rng.randrange(len(rows))
            old = rows[i]
            rows[i] = bad
            rows[i] = old
            rows.append(old)
            rows.pop()
            last = rows.pop()
            rows.append(last)
        i = rng.randrange(len(self.many))
        grid = self.many[i]
        self.many[i] = [1024] * 9
        self.many[i] = grid
        if isinstance(grid, list):
            row = grid.pop()
            grid.append(row)
        row = self.reversi[rng.randrange(len(self.reversi))]
        j = rng.randrange(len(row))
        cell = row[j]
        row[j] = 2
        row[j] = cell
        row.append(cell)
        row.pop()
        self.reversi.append(row)
        self.reversi.pop()


@pytest.mark.parametrize("implementation", ["compiled", "twin"])
def test_eight_threads_on_every_api_while_a_ninth_mutates(implementation: str, frequent_switches: None) -> None:
    """Every call answers as a serial call does, or raises a package error or TypeError."""
    with use_kernels(implementation):
        shared = Shared()
        calls = shared.calls()
        serial = {name: call() for name, call in calls.items()}
        names = sorted(calls)
        stop = threading.Event()
        failures: list[str] = []
        done: dict[str, int] = dict.fromkeys(names, 0)
        errors: dict[str, int] = dict.fromkeys(names, 0)

        def mutator() -> None:
            rng = random.Random(0)
            while not stop.is_set():
                shared.mutate(rng)

        def worker(seed: int) -> None:
            rng = random.Random(seed)
            deadline = time.monotonic() + (1.5 if implementation == "compiled" else 2.5)
            order = names[:]
            # Past the deadline, go on (a while) until every call has answered once and
            # the mutator has spoilt one: on a loaded machine either can take longer.
            while time.monotonic() < deadline or (
                (not all(done.values()) or not any(errors.values())) and time.monotonic() < deadline + 30
            ):
                rng.shuffle(order)
                for name in order:
                    try:
                        answer = calls[name]()
                    except ALLOWED:
                        errors[name] += 1
                        continue
                    except BaseException as error:
                        failures.append(f"{name}: {type(error).__name__}: {error}")
                        continue
                    done[name] += 1
                    if answer != serial[name]:
                        failures.append(f"{name}: {answer!r} instead of {serial[name]!r}")

        run_beside(
            [threading.Thread(target=worker, args=(seed,)) for seed in range(8)], threading.Thread(target=mutator), stop
        )
    assert not failures, failures[:5]
    assert all(done[name] > 0 for name in names), done
    assert sum(errors.values()) > 0, "the mutator never caught a call mid-way; the test tests nothing"
