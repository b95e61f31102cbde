"""Strictly minimal 01-game puzzles made without fastpuzzle, and fastpuzzle's time on them, as a distribution.

The puzzles come from a SAT solver (PySAT's CaDiCaL; ``pip install python-sat``),
so that nothing in them depends on the kernel they measure: a random solved grid
(random phases), then every given in random order is dropped unless the grid
without it has a second solution. Every kept given is needed, so the puzzle is
strictly minimal whatever the kernel would make of it, and no attempt is ever
thrown away for being slow.

    python bench/takuzu_stress.py make --sizes 18 22 24 26 28 30 --count 20 --out puzzles.json
    python bench/takuzu_stress.py make --sizes 8x12 12x8 --rule free --count 50 --out free.json
    python bench/takuzu_stress.py run puzzles.json

    python bench/takuzu_stress.py generate --sizes 48 56 60x44 --seeds 0 1 2 3
    python bench/takuzu_stress.py variants puzzles.json --least-conflicts 2000
    python bench/takuzu_stress.py sat puzzles.json --solver gluecard4 --counts native

``generate`` times ``takuzu.generate`` itself per size and seed, one after the
other, and prints each size's median, slowest seed and every seed's seconds
(each draw's seed decides its puzzle; no seed is ever left out for being slow).

``variants`` solves each of the 16 symmetric variants of each puzzle (the 8
turns and mirror images, each with its digits as they are or swapped) with the
compiled kernel: the same puzzle by the rules, but another path for the search,
whose conflicts vary by a factor of 1.5 or more from one variant to another. It
prints per puzzle the geometric mean of the variants' conflicts, the most of
them and how many of those came before the solution was found (the rest prove
that no second one exists), and the slowest variant; per size, the
distribution over all variants and the share of their conflicts that came
before the solution. Conflicts do not
depend on the machine: two builds are compared by running it in each, and a
change to the search is judged by the geometric means, not by one path's luck.
``--least-conflicts`` keeps only the puzzles whose given variant needs that many.

``sat`` gives a PySAT solver's conflicts over the first ``--variants`` (8) of each
puzzle's symmetric variants beside the kernel's on the same ones, with each line's
balance written as clauses over a counter's own variables (``seqcounter``,
``totalizer``) or as two native cardinality constraints on the cells (``native``:
``gluecard4``, ``minicard``), whose explanations, like the kernel's, name cells only.

``run`` solves each puzzle with ``takuzu.solve`` (the unique solution, proved) and
with CaDiCaL (a solution, then the proof that no second one exists), side by side,
and prints for each size the median, 99th percentile and maximum of both, the
ratio of the totals, the worst puzzle's ratio (fastpuzzle's time over CaDiCaL's on
the same puzzle, the most of them) and the kernel's nodes. ``bench/bench_takuzu.py``
times the stored set (``takuzu_stress_puzzles.json``) the same way under
pytest-benchmark.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from itertools import combinations
from pathlib import Path
from typing import Any, NamedTuple

HERE = Path(__file__).resolve().parent
#: The stored stress set: {"WxH/rule/seed": rows}, rule "distinct" or "free".
STRESS_SET = HERE / "takuzu_stress_puzzles.json"


#: How a Cnf writes each line's balance: as clauses over a sequential counter's or a totalizer's own
#: variables, or natively, as two cardinality constraints on the cells (for solvers that take them).
COUNTS = ("seqcounter", "totalizer", "native")


class Cnf:
    """The 01 game of ``width`` x ``height`` as clauses: cell (r, c) is variable ``r * width + c + 1``, true for 1.

    ``counts`` (one of COUNTS) says how each line's balance is written."""

    def __init__(self, width: int, height: int, distinct: bool, counts: str = "seqcounter") -> None:
        from pysat.card import CardEnc, EncType

        self.width, self.height = width, height
        self.clauses: list[list[int]] = []
        self.at_most: list[tuple[list[int], int]] = []  # native counts: (literals, bound)
        top = width * height
        lines = [[r * width + c + 1 for c in range(width)] for r in range(height)]
        columns = [[r * width + c + 1 for r in range(height)] for c in range(width)]
        for line in lines + columns:
            for i in range(len(line) - 2):
                a, b, c = line[i : i + 3]
                self.clauses += [[a, b, c], [-a, -b, -c]]
            half = len(line) // 2
            if counts == "native":
                self.at_most += [(line, half), ([-cell for cell in line], half)]
                continue
            balanced = CardEnc.equals(lits=line, bound=half, top_id=top, encoding=getattr(EncType, counts))
            top = max(top, balanced.nv)
            self.clauses += balanced.clauses
        if distinct:
            for group in (lines, columns):
                for first, second in combinations(group, 2):
                    differs = []
                    for a, b in zip(first, second):
                        top += 1
                        self.clauses += [[-top, a, b], [-top, -a, -b]]
                        differs.append(top)
                    self.clauses.append(differs)
        self.top = top

    def solver(self, name: str = "cadical153") -> Any:
        """A PySAT solver ``name`` loaded with the rules (for native counts, one that takes them)."""
        from pysat.solvers import Solver

        solver = Solver(name=name, bootstrap_with=self.clauses)
        if self.at_most and not solver.supports_atmost():
            solver.delete()
            raise ValueError(f"{name} takes no cardinality constraints: native counts need gluecard4 or minicard")
        for literals, bound in self.at_most:
            solver.add_atmost(literals, bound)
        return solver

    def cells(self) -> range:
        return range(1, self.width * self.height + 1)


def rows_of(model: list[int], width: int, height: int) -> list[str]:
    value = {abs(literal): literal > 0 for literal in model}
    return ["".join("1" if value[r * width + c + 1] else "0" for c in range(width)) for r in range(height)]


def random_solution(cnf: Cnf, solver: Any, rng: random.Random) -> list[str]:
    """A random solved grid by ``solver`` (loaded with ``cnf``): a few random cells assumed until the draw
    is satisfiable, the solver's phases doing the rest."""
    while True:
        assumed = [v if rng.random() < 0.5 else -v for v in rng.sample(list(cnf.cells()), 3)]
        if solver.solve(assumptions=assumed):
            return rows_of(solver.get_model(), cnf.width, cnf.height)


def make(width: int, height: int, distinct: bool, seed: int) -> list[str]:
    """A strictly minimal puzzle, checked by CaDiCaL alone."""
    rng = random.Random(seed)
    cnf = Cnf(width, height, distinct)
    with cnf.solver() as solver:
        solution = random_solution(cnf, solver, rng)
        givens = {v: (1 if solution[(v - 1) // width][(v - 1) % width] == "1" else -1) for v in cnf.cells()}
        order = list(givens)
        rng.shuffle(order)
        for v in order:
            sign = givens.pop(v)
            others = [u * s for u, s in givens.items()]
            if solver.solve(assumptions=[*others, -sign * v]):
                givens[v] = sign  # needed: without it, a second solution
    return [
        "".join(
            ("1" if givens[r * width + c + 1] > 0 else "0") if r * width + c + 1 in givens else "_"
            for c in range(width)
        )
        for r in range(height)
    ]


def sat_solve(rows: list[str], distinct: bool, cnf: Cnf | None = None) -> float:
    """CaDiCaL's seconds for ``rows``: the solver loaded with the rules' clauses (``cnf``, built first
    when not given, and not timed), the givens added, a solution, then the proof that no other exists."""
    return sat_effort(rows, cnf or Cnf(len(rows[0]), len(rows), distinct))[0]


def sat_effort(rows: list[str], cnf: Cnf, solver_name: str = "cadical153") -> tuple[float, int]:
    """Solver ``solver_name``'s seconds and conflicts for ``rows`` on the rules of ``cnf``: loaded with
    them, the givens added, a solution, then the proof that no other exists."""
    height, width = len(rows), len(rows[0])
    began = time.perf_counter()
    with cnf.solver(solver_name) as solver:
        for r, row in enumerate(rows):
            for c, char in enumerate(row):
                if char != "_":
                    v = r * width + c + 1
                    solver.add_clause([v if char == "1" else -v])
        assert solver.solve()
        model = solver.get_model()
        solver.add_clause([-literal for literal in model[: width * height]])
        assert not solver.solve(), "a second solution"
        conflicts = int(solver.accum_stats()["conflicts"])
    return time.perf_counter() - began, conflicts


def kernel_solve(rows: list[str], distinct: bool) -> int:
    """Solve ``rows`` and prove the solution unique with the compiled kernel; its nodes."""
    return kernel_effort(rows, distinct).nodes


class Effort(NamedTuple):
    """What the compiled kernel spent on a puzzle: nodes and conflicts in all, and the conflicts it had
    taken when it found the solution (the rest went to proving that no second one exists)."""

    nodes: int
    conflicts: int
    conflicts_to_solution: int


def kernel_effort(rows: list[str], distinct: bool) -> Effort:
    """Solve ``rows`` and prove the solution unique with the compiled kernel; what that took."""
    from fastpuzzle.takuzu import _kernel as _takuzu_cy

    cells = bytes({"0": 0, "1": 1, "_": 2}[char] for row in rows for char in row)
    search = _takuzu_cy.Learn(len(rows[0]), len(rows), distinct, cells)
    found = to_solution = 0
    while (status := search.next_solution(1 << 40)) != 0:
        if status == 1:
            found += 1
            to_solution = int(search.conflicts)
    assert found == 1, f"{found} solutions"
    return Effort(int(search.nodes), int(search.conflicts), to_solution)


SWAP_DIGITS = str.maketrans("01", "10")


def symmetric_variants(rows: list[str]) -> list[list[str]]:
    """The 16 puzzles equal to ``rows`` by the rules: turned or mirrored 8 ways, digits kept or swapped."""
    variants = []
    for grid in (rows, ["".join(column) for column in zip(*rows)]):
        for upside in (grid, grid[::-1]):
            for turned in (upside, [row[::-1] for row in upside]):
                variants += [turned, [row.translate(SWAP_DIGITS) for row in turned]]
    return variants


def _timed_effort(rows: list[str], distinct: bool) -> tuple[float, Effort]:
    """The kernel's seconds to solve ``rows`` and prove the solution unique, and what else that took."""
    began = time.perf_counter()
    effort = kernel_effort(rows, distinct)
    return time.perf_counter() - began, effort


def variant_times(paths: list[Path], least_conflicts: int) -> int:
    """Print, per puzzle and per size, the kernel's conflicts and time over each puzzle's 16 variants."""
    by_size: dict[str, list[tuple[float, Effort]]] = {}
    means: dict[str, list[float]] = {}
    print("| puzzle | conflicts: geometric mean / min / max | of the most, before the solution | slowest variant ms |")
    print("| --- | --- | --- | --- |")
    for path in paths:
        for key, rows in json.loads(path.read_text()).items():
            size, rule, _ = key.split("/")
            distinct = rule == "distinct"
            variants = symmetric_variants(rows)  # the first is rows as given
            runs = [_timed_effort(variants[0], distinct)]
            if runs[0][1].conflicts < least_conflicts:
                continue
            runs += [_timed_effort(variant, distinct) for variant in variants[1:]]
            efforts = [effort for _, effort in runs]
            counts = [effort.conflicts for effort in efforts]
            mean = statistics.geometric_mean(1 + count for count in counts) - 1
            most = max(efforts, key=lambda effort: effort.conflicts)
            print(
                f"| {key} | {mean:.0f} / {min(counts)} / {max(counts)} | {most.conflicts_to_solution} "
                f"| {1000 * max(elapsed for elapsed, _ in runs):.1f} |",
                flush=True,
            )
            by_size.setdefault(f"{size}/{rule}", []).extend(runs)
            means.setdefault(f"{size}/{rule}", []).append(mean)
    print()
    print(
        "| size/rule | puzzles | ms per variant: median / p99 / max / total "
        "| conflicts: geometric mean of the puzzles' | share before the solution |"
    )
    print("| --- | --- | --- | --- | --- |")
    for size, runs in by_size.items():
        mean = statistics.geometric_mean(1 + value for value in means[size]) - 1
        before = sum(effort.conflicts_to_solution for _, effort in runs) / max(
            1, sum(effort.conflicts for _, effort in runs)
        )
        print(
            f"| {size} | {len(means[size])} | {_figures([elapsed for elapsed, _ in runs])} | {mean:.0f} | {before:.2f} |"
        )
    return 0


def solver_conflicts(paths: list[Path], solver_name: str, counts: str, variant_count: int) -> int:
    """Print, per puzzle, a PySAT solver's conflicts over the first ``variant_count`` of its symmetric
    variants, with the balance written as ``counts`` says, beside the kernel's on the same variants."""
    print(
        f"| puzzle | {solver_name} ({counts}) conflicts: geometric mean / max | slowest ms | kernel: geometric mean / max |"
    )
    print("| --- | --- | --- | --- |")
    ratios = []
    cnfs: dict[tuple[int, int, bool], Cnf] = {}  # the rules' clauses per shape and rule, built once

    def rules(variant: list[str], distinct: bool) -> Cnf:
        shape = (len(variant[0]), len(variant), distinct)
        if shape not in cnfs:
            cnfs[shape] = Cnf(*shape, counts)
        return cnfs[shape]

    for path in paths:
        for key, rows in json.loads(path.read_text()).items():
            distinct = key.split("/")[1] == "distinct"
            variants = symmetric_variants(rows)[:variant_count]
            theirs = [sat_effort(variant, rules(variant, distinct), solver_name) for variant in variants]
            ours = [kernel_effort(variant, distinct).conflicts for variant in variants]
            mean = statistics.geometric_mean(1 + count for _, count in theirs) - 1
            our_mean = statistics.geometric_mean(1 + count for count in ours) - 1
            ratios.append((1 + mean) / (1 + our_mean))
            print(
                f"| {key} | {mean:.0f} / {max(count for _, count in theirs)} "
                f"| {1000 * max(elapsed for elapsed, _ in theirs):.1f} | {our_mean:.0f} / {max(ours)} |",
                flush=True,
            )
    if ratios:
        print(
            f"\n{solver_name} ({counts}) / kernel, geometric mean over the puzzles: {statistics.geometric_mean(ratios):.2f}"
        )
    return 0


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))]


def _figures(times: list[float]) -> str:
    values = (statistics.median(times), percentile(times, 0.99), max(times), sum(times))
    return " / ".join(f"{1000 * value:.1f}" for value in values)


def generate_times(sizes: list[str], distinct: bool, seeds: list[int]) -> int:
    """Print how long ``takuzu.generate`` takes for each size and seed, as a table of seconds."""
    from fastpuzzle import takuzu

    print("| size/rule | seeds | median s | slowest s (seed) | each seed's s |")
    print("| --- | --- | --- | --- | --- |")
    for size in sizes:
        width, height = parse_size(size)
        times = []
        for seed in seeds:
            began = time.perf_counter()
            takuzu.generate(width, height, seed=seed, unique_rows=distinct)
            times.append(time.perf_counter() - began)
            print(f"{width}x{height} seed {seed}: {times[-1]:.2f} s", file=sys.stderr, flush=True)
        slowest = max(range(len(seeds)), key=times.__getitem__)
        print(
            f"| {width}x{height}/{'distinct' if distinct else 'free'} | {len(seeds)} | {statistics.median(times):.2f} "
            f"| {times[slowest]:.2f} ({seeds[slowest]}) | {', '.join(f'{t:.2f}' for t in times)} |",
            flush=True,
        )
    return 0


class Timing(NamedTuple):
    """One puzzle of ``run``: its key, fastpuzzle's and CaDiCaL's seconds, and the kernel's nodes."""

    key: str
    ours: float
    theirs: float
    nodes: int


def run_times(paths: list[Path], out: Path | None = None) -> int:
    """Time ``takuzu.solve`` and CaDiCaL on each stored puzzle of ``paths``, one after the other; print
    ``run_table`` of them (and write every puzzle's timings to ``out``)."""
    from fastpuzzle import takuzu

    timings = []
    for path in paths:
        for key, rows in json.loads(path.read_text()).items():
            distinct = key.split("/")[1] == "distinct"
            puzzle = takuzu.from_rows(rows, unique_rows=distinct)
            began = time.perf_counter()
            takuzu.solve(puzzle)
            ours = time.perf_counter() - began
            timings.append(Timing(key, ours, sat_solve(rows, distinct), kernel_solve(rows, distinct)))
    print("\n".join(run_table(timings)))
    if out is not None:
        out.write_text(json.dumps([timing._asdict() for timing in timings], indent=0) + "\n")
    return 0


def _by_size(timings: list[Timing]) -> list[tuple[str, list[Timing]]]:
    """The timings grouped by size and rule, the distinct rule first, then by width."""
    by_size: dict[str, list[Timing]] = {}
    for timing in timings:
        size, rule, _ = timing.key.split("/")
        by_size.setdefault(f"{size}/{rule}", []).append(timing)
    return sorted(by_size.items(), key=lambda item: (item[0].split("/")[1], int(item[0].split("x")[0])))


def run_table(timings: list[Timing]) -> list[str]:
    """``run``'s table, a row per size and rule: both distributions, the ratio of the totals, and the
    puzzle that is slowest for fastpuzzle against CaDiCaL (the worst ratio, and its key)."""
    header = (
        "| size/rule | n | fastpuzzle ms: median / p99 / max / total | CaDiCaL ms: median / p99 / max / total "
        "| total ratio | worst puzzle's ratio | kernel nodes: median / max |"
    )
    lines = [header, "| --- | --- | --- | --- | --- | --- | --- |"]
    for size, runs in _by_size(timings):
        ours = [run.ours for run in runs]
        theirs = [run.theirs for run in runs]
        worst = max(runs, key=lambda run: run.ours / run.theirs)
        lines.append(
            f"| {size} | {len(runs)} | {_figures(ours)} | {_figures(theirs)} | {sum(ours) / sum(theirs):.3f} "
            f"| {worst.ours / worst.theirs:.3f} ({worst.key}) "
            f"| {statistics.median(run.nodes for run in runs):.0f} / {max(run.nodes for run in runs)} |"
        )
    return lines


def parse_size(text: str) -> tuple[int, int]:
    width, _, height = text.partition("x")
    return int(width), int(height or width)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    making = commands.add_parser("make", help="make strictly minimal puzzles with CaDiCaL")
    making.add_argument("--sizes", nargs="+", default=["18", "22", "24", "26", "28", "30"])
    making.add_argument("--rule", choices=("distinct", "free"), default="distinct")
    making.add_argument("--count", type=int, default=10)
    making.add_argument("--first-seed", type=int, default=0)
    making.add_argument("--out", type=Path, required=True)
    running = commands.add_parser("run", help="time takuzu.solve and CaDiCaL on stored puzzles")
    running.add_argument("files", nargs="+", type=Path)
    running.add_argument("--json", type=Path, help="write every puzzle's timings to this file")
    generating = commands.add_parser("generate", help="time takuzu.generate per size and seed")
    generating.add_argument("--sizes", nargs="+", default=["48", "56", "64"])
    generating.add_argument("--rule", choices=("distinct", "free"), default="distinct")
    generating.add_argument("--seeds", nargs="+", type=int, default=[0, 1, 2, 3])
    varying = commands.add_parser("variants", help="the kernel on each puzzle's 16 symmetric variants")
    varying.add_argument("files", nargs="+", type=Path)
    varying.add_argument("--least-conflicts", type=int, default=0, help="skip puzzles that need fewer")
    solving = commands.add_parser("sat", help="a PySAT solver's conflicts on each puzzle's variants")
    solving.add_argument("files", nargs="+", type=Path)
    solving.add_argument("--solver", default="cadical153", help="a PySAT solver name, e.g. glucose4, gluecard4")
    solving.add_argument("--counts", choices=COUNTS, default="seqcounter", help="how each line's balance is written")
    solving.add_argument("--variants", type=int, default=8, choices=range(1, 17), metavar="1..16")
    options = parser.parse_args(argv)
    if options.command == "sat":
        from pysat.solvers import NoSuchSolverError

        try:
            return solver_conflicts(options.files, options.solver, options.counts, options.variants)
        except NoSuchSolverError:
            parser.error(f"no PySAT solver {options.solver!r}")
        except ValueError as error:
            parser.error(str(error))
    if options.command == "generate":
        return generate_times(options.sizes, options.rule == "distinct", options.seeds)
    if options.command == "variants":
        return variant_times(options.files, options.least_conflicts)
    if options.command == "make":
        made = json.loads(options.out.read_text()) if options.out.exists() else {}
        for size in options.sizes:
            width, height = parse_size(size)
            for seed in range(options.first_seed, options.first_seed + options.count):
                key = f"{width}x{height}/{options.rule}/{seed}"
                if key not in made:
                    began = time.perf_counter()
                    made[key] = make(width, height, options.rule == "distinct", seed)
                    print(f"{key}: {time.perf_counter() - began:.1f} s", file=sys.stderr, flush=True)
                    options.out.write_text(json.dumps(made, indent=0) + "\n")
        return 0
    return run_times(options.files, options.json)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
