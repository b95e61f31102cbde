"""How well reversi's progress predicts the time left: the ETA halfway through long counts.

Runs each count with a progress callback that records (elapsed seconds, share
done), then, at the first report past half the total time, compares the
estimate a progress bar makes from the rate so far, ``elapsed * (1 - done) /
done``, with the time that really remained. A ratio within 0.5..2 is the goal.
Also prints the last share reported (1.0 when progress reaches the end).

    python bench/progress_eta.py            # every case
    python bench/progress_eta.py perft-12   # the cases whose names contain this

Not a pytest suite (its name does not start with ``bench_``): timings on a
shared machine vary, so it prints figures rather than asserting them.
"""

from __future__ import annotations

import random
import sys
import time
from typing import Callable

from fastpuzzle import reversi
from fastpuzzle.reversi import _kernel as _reversi_cy

#: Seconds between progress reports asked of the kernel (where it takes the interval).
INTERVAL = 0.02
#: The default 64 MiB table: 2**20 entries.
TABLE_BITS = 20


def endgame_board(empties: int, seed: int) -> reversi.Board:
    """An 8x8 position after seeded random play from the start (bench_reversi's generator)."""
    from bench_reversi import endgame_board as generate

    return reversi.from_rows(generate(empties, seed))


def run(count: Callable[[Callable[[float], None]], object]) -> list[tuple[float, float]]:
    """The (elapsed, done) reports of one count, ending with (total time, last share)."""
    reports: list[tuple[float, float]] = []
    start = time.monotonic()
    count(lambda done: reports.append((time.monotonic() - start, done)))
    total = time.monotonic() - start
    last = reports[-1][1] if reports else 0.0
    return [*reports, (total, last)]


def perft_case(depth: int) -> Callable[[Callable[[float], None]], object]:
    board = reversi.start(8)

    def count(report: Callable[[float], None]) -> object:
        counter = _reversi_cy.Counter(TABLE_BITS)
        try:
            return counter.perft(8, board.discs(1), board.discs(0), depth, True, report, 1, INTERVAL)
        except TypeError:  # a kernel without the interval parameter
            return counter.perft(8, board.discs(1), board.discs(0), depth, True, report)

    return count


def endgame_case(empties: int, seed: int) -> Callable[[Callable[[float], None]], object]:
    board = endgame_board(empties, seed)

    def count(report: Callable[[float], None]) -> object:
        counter = _reversi_cy.Counter(min(TABLE_BITS, empties + 4))
        try:
            return counter.count(8, board.discs(0), board.discs(1), report, 1, INTERVAL)
        except TypeError:
            return counter.count(8, board.discs(0), board.discs(1), report)

    return count


CASES: dict[str, Callable[[Callable[[float], None]], object]] = {
    "perft-12 table": perft_case(12),
    "perft-13 table": perft_case(13),
    "endgame-14 seed-0 table": endgame_case(14, 0),
    "endgame-15 seed-0 table": endgame_case(15, 0),
    "endgame-16 seed-8 table": endgame_case(16, 8),
}


def main(selected: str = "") -> None:
    random.seed(0)
    print(
        f"{'case':26} {'total s':>8} {'reports':>7} {'last':>6} {'half s':>7} {'done':>6} {'eta s':>7} {'left s':>7} {'ratio':>6}"
    )
    for name, case in CASES.items():
        if selected not in name:
            continue
        reports = run(case)
        total, last = reports[-1]
        half = next(((t, d) for t, d in reports[:-1] if t >= total / 2), None)
        if half is None or half[1] <= 0:
            print(f"{name:26} {total:8.2f} {len(reports) - 1:7d} {last:6.3f}  (no report past half time with progress)")
            continue
        elapsed, done = half
        estimate = elapsed * (1 - done) / done
        left = total - elapsed
        print(
            f"{name:26} {total:8.2f} {len(reports) - 1:7d} {last:6.3f} {elapsed:7.2f} {done:6.3f}"
            f" {estimate:7.2f} {left:7.2f} {estimate / left if left else float('inf'):6.2f}"
        )


if __name__ == "__main__":
    sys.path.insert(0, __file__.rsplit("/", 1)[0])
    main(sys.argv[1] if len(sys.argv) > 1 else "")
