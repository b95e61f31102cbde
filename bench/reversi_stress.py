"""Reversi endgame stress sets, timed against bench/cpp/reversi_count.cpp, side by side.

The positions come from seeded random legal play from the standard start of a
side-n board (the pure-Python twin's move list, nothing of the compiled kernel)
until a given number of empty cells is left with white to move, as the contest
counts. Two sets:

- ``stress``: 35 positions, 4x4 to 8x8 with 8 to 15 empty cells (8x8 up to 14);
- ``long``: three 8x8 positions of 14 empty cells, on which the C++ counter
  needs 10-20 s each;
- ``bench12``, ``bench13``, ``bench14``: ``reversi_cpp_ratio.py``'s 8x8 sets.

``run`` times each position on the kernel (a fresh Counter with a table of
2**min(20, empties + 4) entries, as ``reversi_cpp_ratio.py``), on the C++
counter (its own counting time, one position per process), and, with
``--baseline SRC``, on another build of the kernel (a ``src`` folder holding a
built ``fastpuzzle``), alternating the sides ``--repeat`` times, and prints per
set the total times, the kernel/C++ ratio of the totals and the median, 99th
percentile and maximum of the per-position ratios. Every answer is checked
against the C++ counter's. Run from the repository root with the kernel to
time first on PYTHONPATH::

    PYTHONPATH=src python bench/reversi_stress.py run --baseline /tmp/before/src
    python bench/reversi_stress.py list
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from bench_reversi import ENDGAME_SEEDS, endgame_board, sides

from conftest import build_cpp
from fastpuzzle.reversi import _twin as _reversi_py

Position = tuple[int, int, int]

#: Largest table of the kernel: 2**20 entries; a count of e empties gets 2**(e + 4) at most.
TABLE_BITS = 20

#: (side, empty cells, seeds) of the stress set: 35 positions.
STRESS_PLAN = (
    *((8, empties, (0, 1)) for empties in range(8, 14)),
    (8, 14, (0,)),
    *((6, empties, (0, 1)) for empties in range(8, 16)),
    (6, 15, (2,)),
    *((4, empties, (0,)) for empties in range(8, 13)),
)
#: (side, empty cells, seeds) of the long set: 8x8 with 14 empty cells, 10-20 s each in C++
#: (the smallest trees of seeds 1-8; 15 empty cells take minutes).
LONG_PLAN = ((8, 14, (5, 7, 8)),)


def random_endgame(n: int, empties: int, seed: int) -> Position:
    """(n, white, black) after random legal play from the start of side n, white to move, ``empties`` cells left.

    The opener is chosen so that without passes white moves at ``empties``; a
    game that ends first, or reaches that count with black to move or with no
    move left for either side, is played again.
    """
    rng = random.Random(f"stress-{n}-{empties}-{seed}")
    while True:
        half = n // 2
        grid = [[-1] * n for _ in range(n)]
        grid[half - 1][half - 1] = grid[half][half] = 0
        grid[half - 1][half] = grid[half][half - 1] = 1
        left = n * n - 4
        colour = 0 if (left - empties) % 2 == 0 else 1
        while True:
            moves = legal_moves(grid, colour)
            if left == empties:
                if colour == 0 and (moves or legal_moves(grid, 1)):
                    white = sum(1 << (8 * r + c) for r in range(n) for c in range(n) if grid[r][c] == 0)
                    black = sum(1 << (8 * r + c) for r in range(n) for c in range(n) if grid[r][c] == 1)
                    return n, white, black
                break
            if not moves:
                if not legal_moves(grid, 1 - colour):
                    break
            else:
                r, c, flipped = rng.choice(moves)
                for i, j in [(r, c), *flipped]:
                    grid[i][j] = colour
                left -= 1
            colour = 1 - colour


def legal_moves(grid: list[list[int]], colour: int) -> list[tuple[int, int, list[tuple[int, int]]]]:
    """The twin's legal moves of ``colour`` (0 white, 1 black) on a grid of -1, 0, 1."""
    view = [[0 if cell < 0 else (1 if cell == colour else 2) for cell in row] for row in grid]
    return _reversi_py.legal_moves(view, 1)


def positions_of(plan: tuple[tuple[int, int, tuple[int, ...]], ...]) -> list[Position]:
    return [random_endgame(n, empties, seed) for n, empties, seeds in plan for seed in seeds]


SETS = {"stress": STRESS_PLAN, "long": LONG_PLAN}
#: reversi_cpp_ratio.py's 8x8 sets (bench_reversi.py's seeds), by empty cells.
BENCH_SETS = {f"bench{empties}": empties for empties in (12, 13, 14)}


def set_positions(name: str) -> list[Position]:
    if name in BENCH_SETS:
        empties = BENCH_SETS[name]
        return [sides(endgame_board(empties, seed)) for seed in ENDGAME_SEEDS[empties]]
    return positions_of(SETS[name])


#: Run in a child process: time each position on the kernel found on its path, print JSON.
KERNEL_TIMER = f"""
import json, sys, time
from fastpuzzle.reversi import _kernel as _reversi_cy
results = []
for n, p, o in json.loads(sys.stdin.read()):
    empties = n * n - bin(p | o).count("1")
    start = time.perf_counter()
    counts = _reversi_cy.Counter(min({TABLE_BITS}, empties + 4)).count(n, p, o)
    results.append((time.perf_counter() - start, list(counts)))
print(json.dumps(results))
"""


def kernel_times(src: str, positions: list[Position]) -> list[tuple[float, list[int]]]:
    """(seconds, counts) per position, on the fastpuzzle built in ``src``."""
    found = subprocess.run(
        [sys.executable, "-c", KERNEL_TIMER],
        input=json.dumps(positions),
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": src, "PATH": "/usr/bin:/bin"},
    ).stdout
    return [(seconds, counts) for seconds, counts in json.loads(found)]


def cpp_times(binary: Path, positions: list[Position]) -> list[tuple[float, list[int]]]:
    """(seconds, counts) per position on the C++ counter, one process per position."""
    results = []
    for n, p, o in positions:
        lines = subprocess.run(
            [str(binary)], input=f"{n} {p} {o}\n", capture_output=True, text=True, check=True
        ).stdout.split("\n")
        results.append((float(lines[1].split()[1]), [int(x) for x in lines[0].split()]))
    return results


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def report(name: str, positions: list[Position], times: dict[str, list[float]]) -> None:
    cpp = times["C++"]
    print(f"{name}: {len(positions)} positions, C++ {sum(cpp):.3f} s")
    for side, seconds in times.items():
        if side == "C++":
            continue
        ratios = [k / c for k, c in zip(seconds, cpp)]
        worst = max(range(len(ratios)), key=ratios.__getitem__)
        n, p, o = positions[worst]
        print(
            f"  {side}: {sum(seconds):.3f} s, total ratio {sum(seconds) / sum(cpp):.3f}; per position "
            f"median {statistics.median(ratios):.3f}, p99 {percentile(ratios, 0.99):.3f}, max {ratios[worst]:.3f} "
            f"({n}x{n}, {n * n - bin(p | o).count('1')} empties, C++ {cpp[worst] * 1e3:.2f} ms)"
        )


def run(args: argparse.Namespace) -> None:
    sides = {"kernel": str(Path(__import__("fastpuzzle").__file__).parent.parent)}
    if args.baseline:
        sides = {"before": args.baseline, "after": sides["kernel"]}
    with tempfile.TemporaryDirectory() as folder:
        binary = build_cpp("reversi_count", Path(folder))
        if binary is None:
            print("g++ not found: skipped")
            return
        for name in args.sets:
            positions = set_positions(name)
            rounds: dict[str, list[list[float]]] = {side: [] for side in [*sides, "C++"]}
            for _ in range(args.repeat):
                expected = None
                for side, src in sides.items():
                    timed = kernel_times(src, positions)
                    rounds[side].append([seconds for seconds, _ in timed])
                    counts = [counts for _, counts in timed]
                    assert expected is None or counts == expected, side
                    expected = counts
                timed = cpp_times(binary, positions)
                rounds["C++"].append([seconds for seconds, _ in timed])
                # The C++ counter's words wrap past 2**64; none of these trees has that many games.
                assert [counts for _, counts in timed] == expected, "C++"
            medians = {side: [statistics.median(times) for times in zip(*runs)] for side, runs in rounds.items()}
            report(name, positions, medians)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    listing = commands.add_parser("list", help="print the positions as 'n white black' lines")
    listing.add_argument("sets", nargs="*", choices=[[], *SETS, *BENCH_SETS], help="default: stress and long")
    timing = commands.add_parser("run", help="time the sets side by side")
    timing.add_argument("sets", nargs="*", choices=[[], *SETS, *BENCH_SETS], help="default: stress and long")
    timing.add_argument("--repeat", type=int, default=2)
    timing.add_argument("--baseline", help="a src folder with another built fastpuzzle, timed as 'before'")
    args = parser.parse_args()
    args.sets = args.sets or list(SETS)
    if args.command == "list":
        for name in args.sets:
            for n, p, o in set_positions(name):
                print(n, p, o)
    else:
        run(args)


if __name__ == "__main__":
    main()
