"""The reversi kernel against bench/cpp/reversi_count.cpp, side by side in one run.

Compiles the plain C++ counter with ``g++ -O2`` (skipped when g++ is missing),
then times the bench's seeded 8x8 endgames on both, alternating, ``--repeat``
times, and prints each side's median and the kernel's share of the C++ time.
Run from the repository root: ``python bench/reversi_cpp_ratio.py --empties 12 13 14``.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from bench_reversi import ENDGAME_SEEDS, endgame_board, sides

from conftest import build_cpp
from fastpuzzle.reversi import _kernel as _reversi_cy

#: Largest table of the kernel: 2**20 entries; a count of e empties gets 2**(e + 4) at most, as in the bench.
TABLE_BITS = 20


def kernel_seconds(positions: list[tuple[int, int, int]], expected: list[tuple[int, int, int]]) -> float:
    """Wall time of the kernel over the positions (each with a fresh Counter), answers checked."""
    start = time.perf_counter()
    found = [
        _reversi_cy.Counter(min(TABLE_BITS, n * n - bin(p | o).count("1") + 4)).count(n, p, o) for n, p, o in positions
    ]
    elapsed = time.perf_counter() - start
    assert found == expected, (found, expected)
    return elapsed


def cpp_seconds(binary: Path, positions: list[tuple[int, int, int]], expected: list[tuple[int, int, int]]) -> float:
    """The C++ counter's own counting time over the positions, answers checked."""
    text = "".join(f"{n} {p} {o}\n" for n, p, o in positions)
    lines = subprocess.run([str(binary)], input=text, capture_output=True, text=True, check=True).stdout.split("\n")
    found = [tuple(int(x) for x in line.split()) for line in lines[: len(positions)]]
    assert found == expected, (found, expected)
    return float(lines[len(positions)].split()[1])


def main() -> None:
    """Parse the options, build the C++ counter, time both sides and print the ratios."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--empties", type=int, nargs="+", default=[12, 13])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        binary = build_cpp("reversi_count", Path(folder))
        if binary is None:
            print("g++ not found: skipped")
            return
        for empties in args.empties:
            positions = [sides(endgame_board(empties, seed)) for seed in ENDGAME_SEEDS[empties]]
            expected = [_reversi_cy.Counter(18).count(*position) for position in positions]
            kernel, cpp = [], []
            for _ in range(args.repeat):
                kernel.append(kernel_seconds(positions, expected))
                cpp.append(cpp_seconds(binary, positions, expected))
            k, c = statistics.median(kernel), statistics.median(cpp)
            print(
                f"8x8 endgame, {empties} empties, {len(positions)} boards: "
                f"kernel {k:.3f} s, C++ {c:.3f} s, kernel/C++ {k / c:.3f}"
            )


if __name__ == "__main__":
    main()
