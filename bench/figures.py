"""Benchmarks as pictures: per-puzzle times against size, fastpuzzle beside its peers, drawn as SVG.

Two steps, so that a figure can be drawn again without measuring again:

    python bench/figures.py measure --out bench/results/stress.json          # a few minutes
    python bench/figures.py draw bench/results/stress.json --out docs/benchmarks

``measure`` draws fresh puzzles from generators that do not use the code they
measure, and times every puzzle on every solver side by side in one run, one
puzzle after the other (so the machine's noise falls on all solvers alike):

* the 01 game: strictly minimal puzzles made by CaDiCaL alone
  (``takuzu_stress.make``, new seeds), solved and proved unique by
  ``takuzu.solve``, by CaDiCaL through PySAT (a solution, then the proof that
  no second one exists) and, where it is quick enough, by the pure-Python twin;
* pixel placement: a random picture (each cell black with probability 1/2),
  each clue of it kept with probability 0.6, answered (solved, or shown to have
  several solutions) by ``pixel.solve``, by CaDiCaL on a cardinality encoding
  (a solution, then a search for another) and, for small grids, the twin;
* binary sudoku: uniformly random grids, the fewest toggles by the kernel and
  by the twin, timed in rounds of grids (the time per grid of each round);
* reversi: endgames reached by random legal play on 8x8 (``reversi_stress``),
  every game counted by the kernel and by the C++ counter of ``bench/cpp``
  (one process a position; its own clock), and by the twin for few empties.

No puzzle is ever dropped for being slow. ``draw`` reads the results (and any
pytest-benchmark JSON, ``--benchmark-json``, drawn as one figure of group
medians and maxima) and writes one SVG per puzzle: time per puzzle against
size on log scales, per solver the median as a line and the 90th percentile
and maximum as markers, with the command, the machine and the date on the
figure. ``measure`` also prints, per puzzle, the worst per-puzzle ratio of
fastpuzzle's time to the best peer's on the same puzzle.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from datetime import date
from pathlib import Path
from typing import Any

from fastpuzzle._common.select import use_kernels

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

#: The size classes measured per puzzle, and how many puzzles each.
TAKUZU_SIZES = (8, 12, 16, 20, 24)
PIXEL_SIZES = (8, 12, 16, 24, 32)
REVERSI_EMPTIES = (6, 8, 10, 11, 12, 13)
#: Above these, the pure-Python twin would take the run's whole budget: it is left out there.
#: The C++ line-candidate solver lists every valid line up front: past this side, out of its reach.
CPP_LINES_LARGEST = 20
TWIN_LARGEST = {"takuzu": 12, "pixel": 8, "reversi": 8}


def percentile(values: list[float], share: float) -> float:
    """The value at ``share`` (0 to 1) of ``values``, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def timed(call: Callable[[], object]) -> float:
    """Seconds of one call."""
    began = time.perf_counter()
    call()
    return time.perf_counter() - began


def _machine() -> str:
    """The CPU model, the cores and the Python version, in one line."""
    model = platform.processor() or platform.machine()
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    return f"{model}, {os.cpu_count()} cores, Python {platform.python_version()}"


def _answer_quietly(solve: Callable[[Any], object], puzzle: Any) -> None:
    """``solve(puzzle)``, where several solutions or none is an answer too."""
    from fastpuzzle import MultipleSolutionsError, NoSolutionError

    with contextlib.suppress(MultipleSolutionsError, NoSolutionError):
        solve(puzzle)


def measure_takuzu(count: int, first_seed: int) -> list[dict[str, Any]]:
    """The 01 game: fastpuzzle, CaDiCaL and the twin on fresh strictly minimal puzzles."""
    import takuzu_stress

    from fastpuzzle import takuzu

    warm_up = takuzu_stress.make(8, 8, True, -1)  # first calls load and allocate: not timed
    takuzu.solve(warm_up), takuzu_stress.sat_solve(warm_up, True)
    with use_kernels("twin"):
        takuzu.solve(warm_up)
    import tempfile

    from conftest import build_cpp

    folder = tempfile.TemporaryDirectory()
    lines_solver = build_cpp("takuzu_lines", Path(folder.name))
    rows_out = []
    for size in TAKUZU_SIZES:
        cnf = takuzu_stress.Cnf(size, size, True)
        for seed in range(first_seed, first_seed + count):
            rows = takuzu_stress.make(size, size, True, seed)
            times = {
                "fastpuzzle": timed(lambda: takuzu.solve(rows)),
                "CaDiCaL (PySAT)": takuzu_stress.sat_solve(rows, True, cnf),
            }
            if size <= TWIN_LARGEST["takuzu"]:
                with use_kernels("twin"):
                    times["pure-Python twin"] = timed(lambda: takuzu.solve(rows))
            if lines_solver is not None and size <= CPP_LINES_LARGEST:
                times["C++ line candidates"] = _cpp_lines_seconds(lines_solver, rows)
            rows_out.append({"size": size, "seed": seed, "seconds": times})
    folder.cleanup()
    return rows_out


def _cpp_lines_seconds(binary: Path, rows: list[str]) -> float:
    """The C++ line-candidate solver's seconds on ``rows`` (to the second solution), by its own clock."""
    import subprocess

    text = f"{len(rows)}\n" + "\n".join(rows) + "\n"
    solutions, micros = subprocess.run(
        [str(binary)], input=text, capture_output=True, text=True, check=True
    ).stdout.split()
    assert solutions == "1", (rows, solutions)
    return float(micros) / 1e6


def random_pixel_puzzle(size: int, seed: int, keep: float = 0.6) -> list[str]:
    """A random picture's clues, each kept with probability ``keep``: made without any solver."""
    rng = random.Random(f"pixel-{size}-{seed}")
    black = [[rng.random() < 0.5 for _ in range(size)] for _ in range(size)]
    rows = []
    for r in range(size):
        row = []
        for c in range(size):
            if rng.random() < keep:
                clue = sum(
                    black[i][j]
                    for i in range(max(0, r - 1), min(size, r + 2))
                    for j in range(max(0, c - 1), min(size, c + 2))
                )
                row.append(str(clue))
            else:
                row.append("_")
        rows.append("".join(row))
    return rows


def pixel_cadical(rows: list[str]) -> float:
    """CaDiCaL's seconds to answer ``rows``: the clues as cardinality constraints (built untimed), a
    solution, then a search for a second one."""
    from pysat.card import CardEnc, EncType
    from pysat.solvers import Solver

    height, width = len(rows), len(rows[0])
    clauses: list[list[int]] = []
    top = width * height
    for r, row in enumerate(rows):
        for c, char in enumerate(row):
            if char == "_":
                continue
            block = [
                i * width + j + 1
                for i in range(max(0, r - 1), min(height, r + 2))
                for j in range(max(0, c - 1), min(width, c + 2))
            ]
            encoded = CardEnc.equals(lits=block, bound=int(char), top_id=top, encoding=EncType.seqcounter)
            top = max(top, encoded.nv)
            clauses += encoded.clauses
    began = time.perf_counter()
    with Solver(name="cadical153", bootstrap_with=clauses) as solver:
        if solver.solve():
            model = solver.get_model()
            solver.add_clause([-literal for literal in model[: width * height]])
            solver.solve()
    return time.perf_counter() - began


def measure_pixel(count: int, first_seed: int) -> list[dict[str, Any]]:
    """Pixel placement: fastpuzzle, CaDiCaL and the twin on random pictures' clues."""
    from fastpuzzle import pixel

    warm_up = random_pixel_puzzle(8, -1)  # first calls load and allocate: not timed
    _answer_quietly(pixel.solve, warm_up), pixel_cadical(warm_up)
    with use_kernels("twin"):
        _answer_quietly(pixel.solve, warm_up)
    rows_out = []
    for size in PIXEL_SIZES:
        for seed in range(first_seed, first_seed + count):
            rows = random_pixel_puzzle(size, seed)
            times = {
                "fastpuzzle": timed(lambda: _answer_quietly(pixel.solve, rows)),
                "CaDiCaL (PySAT)": pixel_cadical(rows),
            }
            if size <= TWIN_LARGEST["pixel"]:
                with use_kernels("twin"):
                    times["pure-Python twin"] = timed(lambda: _answer_quietly(pixel.solve, rows))
            rows_out.append({"size": size, "seed": seed, "seconds": times})
    return rows_out


def measure_sudoku(rounds: int, first_seed: int) -> list[dict[str, Any]]:
    """Binary sudoku: the kernel and the twin on uniformly random grids, per grid, in rounds."""
    from fastpuzzle import sudoku

    rows_out = []
    for index in range(rounds):
        rng = random.Random(f"sudoku-{first_seed + index}")
        grids = [sudoku.from_rows(["".join(rng.choice("01") for _ in range(9)) for _ in range(9)]) for _ in range(200)]
        kernel = timed(lambda: [sudoku.solve(grid) for grid in grids]) / len(grids)
        with use_kernels("twin"):
            twin = timed(lambda: [sudoku.solve(grid) for grid in grids[:20]]) / 20
        rows_out.append(
            {"size": 9, "seed": first_seed + index, "seconds": {"fastpuzzle": kernel, "pure-Python twin": twin}}
        )
    return rows_out


def measure_reversi(count: int, first_seed: int) -> list[dict[str, Any]]:
    """Reversi: the kernel, the C++ counter and the twin on 8x8 endgames from random legal play."""
    import tempfile

    import reversi_stress

    from conftest import build_cpp

    src = str(Path(__import__("fastpuzzle").__file__).resolve().parent.parent)
    with tempfile.TemporaryDirectory() as folder:
        binary = build_cpp("reversi_count", Path(folder))
        rows_out = []
        for empties in REVERSI_EMPTIES:
            positions = [
                reversi_stress.random_endgame(8, empties, seed) for seed in range(first_seed, first_seed + count)
            ]
            for position, seed in zip(positions, range(first_seed, first_seed + count)):
                (kernel_seconds, counts), *_ = reversi_stress.kernel_times(src, [position])
                times = {"fastpuzzle": kernel_seconds}
                if binary is not None:
                    (cpp_seconds, cpp_counts), *_ = reversi_stress.cpp_times(binary, [position])
                    assert cpp_counts == counts, (position, counts, cpp_counts)
                    times["C++ counter"] = cpp_seconds
                if empties <= TWIN_LARGEST["reversi"]:
                    times["pure-Python twin"] = _reversi_twin_seconds(position)
                rows_out.append({"size": empties, "seed": seed, "seconds": times})
    return rows_out


def _reversi_twin_seconds(position: tuple[int, int, int]) -> float:
    """The twin's seconds to count every game from ``position`` (white to move)."""
    from fastpuzzle import reversi

    n, white, black = position
    rows = [
        " ".join("0" if white >> (8 * r + c) & 1 else "1" if black >> (8 * r + c) & 1 else "-1" for c in range(n))
        for r in range(n)
    ]
    board = reversi.parse(f"{n}\n" + "\n".join(rows) + "\n")
    with use_kernels("twin"):
        return timed(lambda: reversi.count_games(board, progress=False))


PUZZLES: dict[str, tuple[Callable[[int, int], list[dict[str, Any]]], str]] = {
    "takuzu": (measure_takuzu, "side of the square grid"),
    "pixel": (measure_pixel, "side of the square grid"),
    "sudoku": (measure_sudoku, "9x9"),
    "reversi": (measure_reversi, "empty squares (8x8)"),
}


def worst_ratios(rows: Iterable[dict[str, Any]]) -> dict[Any, tuple[float, str]]:
    """Per size: the largest ratio of fastpuzzle's time to the best peer's (not its twin) on one puzzle."""
    worst: dict[Any, tuple[float, str]] = {}
    for row in rows:
        peers = {name: s for name, s in row["seconds"].items() if name not in ("fastpuzzle", "pure-Python twin")}
        if not peers:
            continue
        best = min(peers, key=peers.__getitem__)
        ratio = row["seconds"]["fastpuzzle"] / peers[best]
        if ratio > worst.get(row["size"], (0.0, ""))[0]:
            worst[row["size"]] = (ratio, best)
    return worst


def summary(puzzle: str, rows: list[dict[str, Any]]) -> list[str]:
    """Lines of median, p90 and max per size and solver, and the worst ratio against the best peer."""
    lines = [f"{puzzle}:"]
    sizes = sorted({row["size"] for row in rows})
    worst = worst_ratios(rows)
    for size in sizes:
        at = [row for row in rows if row["size"] == size]
        solvers = sorted({name for row in at for name in row["seconds"]})
        parts = []
        for name in solvers:
            seconds = [row["seconds"][name] for row in at if name in row["seconds"]]
            parts.append(
                f"{name} median {statistics.median(seconds) * 1e3:.3g} ms, "
                f"p90 {percentile(seconds, 0.9) * 1e3:.3g}, max {max(seconds) * 1e3:.3g}"
            )
        ratio = f"; worst ratio {worst[size][0]:.3g}x {worst[size][1]}" if size in worst else ""
        lines.append(f"  {size}: " + "; ".join(parts) + ratio)
    return lines


def measure(args: argparse.Namespace) -> int:
    provenance = {
        "command": "python bench/figures.py " + " ".join(args.argv),
        "machine": _machine(),
        "date": date.today().isoformat(),
    }
    # The other puzzles' results in OUT stay: one puzzle can be measured again alone.
    results: dict[str, Any] = json.loads(args.out.read_text()) if args.out.exists() else {"puzzles": {}}
    for puzzle in args.puzzles:
        make, axis = PUZZLES[puzzle]
        rows = make(args.count if puzzle != "sudoku" else args.count * 2, args.first_seed)
        unit = "rounds of 200 grids" if puzzle == "sudoku" else "puzzles"
        results["puzzles"][puzzle] = {"axis": axis, "unit": unit, **provenance, "rows": rows}
        print("\n".join(summary(puzzle, rows)), flush=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=1) + "\n")
    return 0


COLOURS = {
    "fastpuzzle": "#1f77b4",
    "CaDiCaL (PySAT)": "#d62728",
    "C++ counter": "#2ca02c",
    "C++ line candidates": "#9467bd",
    "pure-Python twin": "#7f7f7f",
}


def _figure_text(results: dict[str, Any]) -> str:
    return f"{results['command']}\n{results['machine']}, {results['date']}"


def draw(args: argparse.Namespace) -> int:
    import matplotlib

    matplotlib.use("svg" if args.format == "svg" else "agg")
    import matplotlib.pyplot as plt

    plt.rcParams["svg.hashsalt"] = "fastpuzzle"
    plt.rcParams["svg.fonttype"] = "none"
    args.out.mkdir(parents=True, exist_ok=True)
    for path in args.results:
        results = json.loads(path.read_text())
        if "benchmarks" in results:  # pytest-benchmark's JSON
            _draw_pytest_benchmark(plt, results, path, args.out, args.format)
            continue
        for puzzle, data in results["puzzles"].items():
            rows = data["rows"]
            fig, ax = plt.subplots(figsize=(9, 4.6))
            sizes = sorted({row["size"] for row in rows})
            solvers = [name for name in COLOURS if any(name in row["seconds"] for row in rows)]
            for name in solvers:
                xs, medians, p90s, maxima = [], [], [], []
                for size in sizes:
                    seconds = [row["seconds"][name] for row in rows if row["size"] == size and name in row["seconds"]]
                    if seconds:
                        xs.append(size)
                        medians.append(statistics.median(seconds))
                        p90s.append(percentile(seconds, 0.9))
                        maxima.append(max(seconds))
                colour = COLOURS[name]
                ax.plot(xs, medians, "-o", color=colour, label=f"{name}: median")
                ax.plot(xs, p90s, "^", color=colour, alpha=0.6, label=f"{name}: 90th percentile")
                ax.plot(xs, maxima, "v", color=colour, alpha=0.9, fillstyle="none", label=f"{name}: max")
            ax.set_yscale("log")
            if len(sizes) > 1:
                ax.set_xscale("log")
                ax.set_xticks(sizes)
                ax.set_xticklabels([str(size) for size in sizes])
                ax.minorticks_off()
            else:
                ax.set_xticks(sizes)
                ax.set_xticklabels([data["axis"]])
                ax.set_xlim(sizes[0] - 1, sizes[0] + 1)
            ax.set_xlabel(data["axis"])
            ax.set_ylabel("seconds per puzzle")
            counts = {size: sum(1 for row in rows if row["size"] == size) for size in sizes}
            ax.set_title(f"{puzzle}: time per puzzle, {min(counts.values())} {data.get('unit', 'puzzles')} a size")
            ax.grid(True, which="major", alpha=0.3)
            ax.legend(fontsize=7, loc="center left", bbox_to_anchor=(1.01, 0.5))
            fig.text(0.01, 0.005, _figure_text({**results, **data}), fontsize=6, color="#555555", va="bottom")
            fig.tight_layout(rect=(0, 0.06, 1, 1))
            target = args.out / f"{puzzle}.{args.format}"
            fig.savefig(target, metadata={"Date": None} if args.format == "svg" else None)
            plt.close(fig)
            print(target)
    return 0


def _draw_pytest_benchmark(plt: Any, results: dict[str, Any], path: Path, out: Path, format: str) -> None:
    """One figure of a pytest-benchmark JSON: per benchmark, its median with its maximum."""
    benches = results["benchmarks"]
    names = [bench["name"] for bench in benches]
    medians = [bench["stats"]["median"] for bench in benches]
    maxima = [bench["stats"]["max"] for bench in benches]
    fig, ax = plt.subplots(figsize=(7, 0.9 + 0.28 * len(names)))
    ax.barh(range(len(names)), medians, color="#1f77b4", label="median")
    ax.plot(maxima, range(len(names)), "v", color="#d62728", label="max")
    ax.set_yticks(range(len(names)))
    ax.set_yticklabels(names, fontsize=6)
    ax.set_xscale("log")
    ax.set_xlabel("seconds per round")
    ax.legend(fontsize=7)
    info = results.get("machine_info", {})
    fig.text(
        0.01,
        0.005,
        f"pytest-benchmark {path.name}\n{info.get('cpu', {}).get('brand_raw', '')}, Python "
        f"{info.get('python_version', '')}, {results.get('datetime', '')[:10]}",
        fontsize=6,
        color="#555555",
        va="bottom",
    )
    fig.tight_layout(rect=(0, 0.05, 1, 1))
    target = out / f"{path.stem}.{format}"
    fig.savefig(target, metadata={"Date": None} if format == "svg" else None)
    plt.close(fig)
    print(target)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    measuring = commands.add_parser("measure", help="time fresh puzzles on every solver, side by side")
    measuring.add_argument("--puzzles", nargs="+", choices=list(PUZZLES), default=list(PUZZLES))
    measuring.add_argument("--count", type=int, default=8, help="puzzles per size (default 8)")
    measuring.add_argument("--first-seed", type=int, default=1000, help="the first seed of the draws")
    measuring.add_argument("--out", type=Path, required=True)
    drawing = commands.add_parser("draw", help="draw results as SVG")
    drawing.add_argument("results", nargs="+", type=Path, help="measure's JSON, or pytest-benchmark's")
    drawing.add_argument("--out", type=Path, required=True, help="the folder of the pictures")
    drawing.add_argument("--format", choices=("svg", "png"), default="svg", help="svg (the default, committed) or png")
    args = parser.parse_args(argv)
    args.argv = argv
    return measure(args) if args.command == "measure" else draw(args)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
