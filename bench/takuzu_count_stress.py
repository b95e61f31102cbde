"""Drafts of 01-game puzzles made without fastpuzzle, and the time to count their completions, as a distribution.

A draft is a solved grid with most of its cells erased: a puzzle maker's grid before
it is unique. The solved grid comes from a SAT solver (PySAT's CaDiCaL; ``pip install
python-sat``) with random phases, and each cell is kept with a probability drawn per
draft from ``--keep`` (uniformly), so nothing in a draft depends on the counter it
measures, and no draft is ever left out for being slow.

    python bench/takuzu_count_stress.py make --sizes 8 10 12 --count 12 --out drafts.json
    python bench/takuzu_count_stress.py run bench/takuzu_count_stress_drafts.json

``run`` counts each draft with ``takuzu.count_solutions`` and, beside it, with the
peer a Python user has at hand: CaDiCaL enumerating the completions one by one (each
found grid blocked by a clause), up to ``--peer-cap`` of them. It prints per size and
rule the median, 99th percentile and maximum of fastpuzzle's seconds, the counts'
range, and the worst ratio of fastpuzzle's time to the peer's on the drafts the peer
finished (the drafts past the cap are out of its reach, and counted as such). A draft
fastpuzzle refuses (its count would pass the memory bound) is counted as refused, with
the seconds it took to say so.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any, NamedTuple, Optional

from takuzu_stress import Cnf, percentile, random_solution

HERE = Path(__file__).resolve().parent
#: The stored set: {"WxH/rule/seed": rows}.
DRAFTS = HERE / "takuzu_count_stress_drafts.json"


def make_draft(width: int, height: int, distinct: bool, seed: int, keep: tuple[float, float]) -> list[str]:
    """A solved grid from CaDiCaL (random phases), each cell kept with a probability drawn from ``keep``."""
    rng = random.Random(seed)
    cnf = Cnf(width, height, distinct)
    with cnf.solver() as solver:
        solution = random_solution(cnf, solver, rng)
    share = rng.uniform(*keep)
    return ["".join(cell if rng.random() < share else "_" for cell in row) for row in solution]


def peer_count(rows: list[str], distinct: bool, cap: int) -> tuple[Optional[int], float]:
    """CaDiCaL's count of the completions of ``rows`` by enumeration (None past ``cap``), and its seconds
    (the rules' clauses built first, not timed)."""
    width, height = len(rows[0]), len(rows)
    cnf = Cnf(width, height, distinct)
    givens = [
        (r * width + c + 1) * (1 if cell == "1" else -1)
        for r, row in enumerate(rows)
        for c, cell in enumerate(row)
        if cell != "_"
    ]
    with cnf.solver() as solver:
        start = time.perf_counter()
        found = 0
        while found <= cap and solver.solve(assumptions=givens):
            found += 1
            model = solver.get_model()
            solver.add_clause([-literal for literal in model[: width * height]])
        seconds = time.perf_counter() - start
    return (found if found <= cap else None), seconds


class Timing(NamedTuple):
    name: str
    count: Optional[int]  # None: refused (PuzzleTooLargeError: past the memory bound)
    seconds: float
    peer: Optional[float]  # None: past the peer's cap


def run(path: Path, cap: int) -> int:
    from fastpuzzle import takuzu
    from fastpuzzle.errors import PuzzleTooLargeError

    drafts: dict[str, list[str]] = json.loads(path.read_text())
    timings: list[Timing] = []
    for name, rows in drafts.items():
        distinct = name.split("/")[1] == "distinct"
        puzzle = takuzu.from_rows(rows, unique_rows=distinct)
        start = time.perf_counter()
        count: Optional[int]
        try:
            count = takuzu.count_solutions(puzzle, progress=False)
        except PuzzleTooLargeError as why:
            count = None
            print(f"{name}: refused: {why}", flush=True)
        seconds = time.perf_counter() - start
        peer, peer_seconds = peer_count(rows, distinct, cap)
        if peer is not None and peer != count:
            print(f"{name}: fastpuzzle counts {count}, CaDiCaL {peer}", file=sys.stderr)
            return 1
        timings.append(Timing(name, count, seconds, peer_seconds if peer is not None else None))
        print(f"{name}: {count} completions, {seconds:.3f} s; CaDiCaL {_peer_text(timings[-1], cap)}", flush=True)
    print(
        "size/rule | drafts | refused | counts | fastpuzzle s (counted and refused): median / p99 / max "
        "| peer finished | worst ratio"
    )
    for key in sorted({timing.name.rsplit("/", 1)[0] for timing in timings}):
        group = [timing for timing in timings if timing.name.rsplit("/", 1)[0] == key]
        times = [timing.seconds for timing in group]
        finished = [timing for timing in group if timing.peer is not None]
        worst = max((timing.seconds / timing.peer for timing in finished), default=None)
        counts = [timing.count for timing in group if timing.count is not None]
        span = f"{min(counts):,} to {max(counts):,}" if counts else "-"
        print(
            f"{key} | {len(group)} | {len(group) - len(counts)} | {span} | "
            f"{statistics.median(times):.3f} / {percentile(times, 0.99):.3f} / {max(times):.3f} | "
            f"{len(finished)} | {'-' if worst is None else f'{worst:.3f}'}"
        )
    return 0


def _peer_text(timing: Timing, cap: int) -> str:
    return f"{timing.peer:.3f} s" if timing.peer is not None else f"past {cap:,} completions"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    making = commands.add_parser("make", help="draw drafts with CaDiCaL")
    making.add_argument("--sizes", nargs="+", type=int, default=[8, 10, 12])
    making.add_argument("--count", type=int, default=12, help="drafts per size and rule")
    making.add_argument("--keep", nargs=2, type=float, default=(0.15, 0.4), help="range of the share of cells kept")
    making.add_argument("--first-seed", type=int, default=4900)
    making.add_argument("--out", type=Path, default=DRAFTS)
    running = commands.add_parser("run", help="count each draft, beside CaDiCaL's enumeration")
    running.add_argument("path", type=Path, nargs="?", default=DRAFTS)
    running.add_argument("--peer-cap", type=int, default=20_000, help="most completions CaDiCaL enumerates")
    args: Any = parser.parse_args(argv)
    if args.command == "run":
        return run(args.path, args.peer_cap)
    drafts: dict[str, list[str]] = {}
    seed = args.first_seed
    for side in args.sizes:
        for rule in ("distinct", "free"):
            for _ in range(args.count):
                drafts[f"{side}x{side}/{rule}/{seed}"] = make_draft(side, side, rule == "distinct", seed, args.keep)
                seed += 1
    args.out.write_text(json.dumps(drafts, indent=1) + "\n")
    print(f"{len(drafts)} drafts in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
