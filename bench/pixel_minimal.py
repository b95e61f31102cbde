"""Strictly minimal pixel puzzles: store them, and time each one (median and worst per size).

``python bench/pixel_minimal.py --generate N SEED...`` adds ``generate(N, seed=SEED,
effort=None)`` to ``pixel_minimal_puzzles.json``; ``python bench/pixel_minimal.py`` times every
stored puzzle with whichever fastpuzzle is importable (run it under two builds side by side
to compare them): each puzzle is solved and proved unique by ``pixel.solve`` ``--repeat``
times, and its median is reported.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from fastpuzzle import pixel

PATH = Path(__file__).with_name("pixel_minimal_puzzles.json")


def solve_time(puzzle: pixel.Puzzle) -> float:
    """Seconds for ``pixel.solve`` (unique) on ``puzzle``."""
    start = time.perf_counter()
    pixel.solve(puzzle)
    return time.perf_counter() - start


def main() -> None:
    """Generate into the stored file, or time what it holds."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--generate", nargs="+", type=int, metavar="N SEED")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    stored = json.loads(PATH.read_text()) if PATH.exists() else {}
    if args.generate:
        n, *seeds = args.generate
        for seed in seeds:
            start = time.perf_counter()
            rows = pixel.generate(n, seed=seed, effort=None).rows
            stored = json.loads(PATH.read_text()) if PATH.exists() else {}
            stored[f"{n}/{seed}"] = list(rows)
            PATH.write_text(json.dumps(stored, indent=1, sort_keys=True) + "\n")
            print(f"{n}/{seed}: generated in {time.perf_counter() - start:.1f} s", flush=True)
        return
    by_size: dict[int, list[float]] = {}
    for name, rows in sorted(stored.items(), key=lambda item: tuple(map(int, item[0].split("/")))):
        puzzle = pixel.from_rows(rows)
        seconds = statistics.median(solve_time(puzzle) for _ in range(args.repeat))
        by_size.setdefault(puzzle.n, []).append(seconds)
        print(f"{name}: {seconds * 1000:.2f} ms", flush=True)
    for n, times in sorted(by_size.items()):
        print(
            f"{n}x{n}: {len(times)} puzzles, median {statistics.median(times) * 1000:.2f} ms, "
            f"worst {max(times) * 1000:.2f} ms"
        )


if __name__ == "__main__":
    main()
