"""The 01-game kernel and its twin against each other and a brute-force reference."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from itertools import product
from types import ModuleType
from typing import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import examples
from fastpuzzle import MultipleSolutionsError, NoSolutionError, Status, takuzu
from fastpuzzle.takuzu import _kernel as _takuzu_cy
from fastpuzzle.takuzu import _twin as _takuzu_py
from reference_takuzu import agrees, takuzu_all_grids, takuzu_grid_ok, takuzu_line_ok, takuzu_solutions

ENUMERATION_LIMIT = 300
#: A candidate budget no test grid reaches.
NO_BUDGET = 1 << 40


def cell_codes(rows: tuple[str, ...] | str) -> bytes:
    """Row strings (or their concatenation) as the kernel's cell codes."""
    return "".join(rows).encode().translate(bytes.maketrans(b"01_", b"\x00\x01\x02"))


def blank(n: int) -> bytes:
    return cell_codes("_" * (n * n))


def enumerate_solutions(
    kernel: ModuleType, rows: tuple[str, ...], limit: int = ENUMERATION_LIMIT
) -> list[tuple[str, ...]]:
    """Up to ``limit`` solutions straight from a kernel, as row strings."""
    n = len(rows)
    search = kernel.Search(n, cell_codes(rows), NO_BUDGET)
    found: list[tuple[str, ...]] = []
    while len(found) < limit:
        status = search.next_solution(1000)
        if status == Status.EXHAUSTED:
            break
        if status == Status.SOLUTION:
            cells = search.solution()
            found.append(tuple(cells[r * n : (r + 1) * n] for r in range(n)))
    return found


def blanked(grid: tuple[str, ...], keep: list[bool]) -> tuple[str, ...]:
    n = len(grid)
    return tuple("".join(grid[r][c] if keep[r * n + c] else "_" for c in range(n)) for r in range(n))


@st.composite
def solvable_puzzles(draw: st.DrawFn, sizes: tuple[int, ...] = (2, 4, 6)) -> tuple[str, ...]:
    """A valid grid with a random subset of its cells blanked: at least one solution."""
    n = draw(st.sampled_from(sizes))
    grid = draw(st.sampled_from(takuzu_all_grids(n)))
    keep = draw(st.lists(st.booleans(), min_size=n * n, max_size=n * n))
    return blanked(grid, keep)


@st.composite
def arbitrary_puzzles(draw: st.DrawFn) -> tuple[str, ...]:
    """Random givens: most have no solution, some several."""
    n = draw(st.sampled_from((2, 4, 6)))
    cells = st.sampled_from("01____")
    return tuple("".join(draw(st.lists(cells, min_size=n, max_size=n))) for _ in range(n))


@settings(max_examples=examples(600), deadline=None)
@given(st.one_of(solvable_puzzles(), arbitrary_puzzles()))
def test_random_puzzles_match_reference(takuzu_kernel: ModuleType, puzzle: tuple[str, ...]) -> None:
    expected = takuzu_solutions(puzzle)
    found = enumerate_solutions(takuzu_kernel, puzzle)
    assert len(found) == min(len(expected), ENUMERATION_LIMIT)
    assert len(set(found)) == len(found)
    assert set(found) <= set(expected)


@settings(max_examples=examples(40), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.sampled_from((8, 10)), data=st.data())
def test_kernel_matches_twin_on_larger_grids(seed: int, n: int, data: st.DataObject) -> None:
    puzzle = takuzu.generate(n, seed=seed).rows
    # Drop a few givens so that several solutions appear too.
    keep = data.draw(st.lists(st.booleans(), min_size=n * n, max_size=n * n))
    loosened = blanked(puzzle, keep)
    kernel = set(enumerate_solutions(_takuzu_cy, loosened, 50))
    twin = set(enumerate_solutions(_takuzu_py, loosened, 50))
    if len(kernel) < 50:
        assert kernel == twin
    else:
        assert len(twin) == 50
    assert all(takuzu_grid_ok(grid) and agrees(loosened, grid) for grid in kernel)


@pytest.mark.parametrize(("n", "total"), [(2, 2), (4, 72), (6, 4140)])
def test_empty_grid_totals(takuzu_kernel: ModuleType, n: int, total: int) -> None:
    assert len(enumerate_solutions(takuzu_kernel, ("_" * n,) * n, limit=10**6)) == total


@pytest.mark.parametrize("n", range(2, 13, 2))
def test_candidate_counts_match_plain_enumeration(takuzu_kernel: ModuleType, n: int) -> None:
    plain = sum(takuzu_line_ok("".join(bits)) for bits in product("01", repeat=n))
    assert takuzu_kernel.count_candidates(n, blank(n)) == 2 * n * plain


def test_candidate_counts_respect_givens(takuzu_kernel: ModuleType) -> None:
    rows = ("1_0_", "____", "__1_", "0___")
    columns = ["".join(row[c] for row in rows) for c in range(4)]
    expected = sum(
        sum(
            1
            for bits in product("01", repeat=4)
            if takuzu_line_ok("".join(bits)) and all(g in "_" + b for g, b in zip(line, bits))
        )
        for line in rows + tuple(columns)
    )
    assert takuzu_kernel.count_candidates(4, cell_codes(rows)) == expected


def test_search_pauses_and_resumes(takuzu_kernel: ModuleType) -> None:
    n = 6
    search = takuzu_kernel.Search(n, blank(n), NO_BUDGET)
    statuses = []
    while True:
        status = search.next_solution(1)
        statuses.append(status)
        if status == Status.EXHAUSTED:
            break
    assert statuses.count(Status.SOLUTION) == 4140
    assert Status.PAUSED in statuses
    assert search.next_solution(10) == Status.EXHAUSTED


def test_zero_budget_pauses_before_any_solution(takuzu_kernel: ModuleType) -> None:
    search = takuzu_kernel.Search(4, blank(4), NO_BUDGET)
    assert search.next_solution(0) == Status.PAUSED
    assert search.next_solution(10**6) == Status.SOLUTION


def test_searches_are_independent_across_threads() -> None:
    puzzles = [takuzu.generate(10, seed=seed).rows for seed in range(8)]
    expected = [enumerate_solutions(_takuzu_cy, p) for p in puzzles]
    with ThreadPoolExecutor(max_workers=4) as pool:
        found = list(pool.map(enumerate_solutions, [_takuzu_cy] * 8, puzzles))
    assert found == expected
    assert all(len(solutions) == 1 for solutions in found)


def test_kernel_releases_the_gil() -> None:
    search = _takuzu_cy.Search(10, blank(10), NO_BUDGET)
    worker = threading.Thread(target=search.count, args=(300_000, 0))
    ticks = 0
    worker.start()
    # While the worker is inside one long kernel call, this thread must still run.
    while worker.is_alive():
        ticks += 1
        time.sleep(0.001)
    worker.join()
    assert search.found > 0
    assert ticks > 5


def test_count_stops_at_limit(takuzu_kernel: ModuleType) -> None:
    search = takuzu_kernel.Search(6, blank(6), NO_BUDGET)
    assert search.count(10**7, 100) == Status.SOLUTION
    assert search.found == 100
    while search.count(10**7, 0) == Status.PAUSED:
        pass
    assert search.found == 4140


def test_stub_kernel_and_twin_agree_on_the_interface() -> None:
    import ast
    from pathlib import Path

    stub = ast.parse(Path(_takuzu_cy.__file__).with_name("_kernel.pyi").read_text())
    names = {
        node.target.id for node in stub.body if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
    }
    names |= {node.name for node in stub.body if isinstance(node, (ast.FunctionDef, ast.ClassDef))}
    classes = {node.name: node for node in stub.body if isinstance(node, ast.ClassDef)}
    engine = ast.parse(Path(_takuzu_cy.__file__).parent.parent.joinpath("_learning", "engine.pyi").read_text())
    classes.update({node.name: node for node in engine.body if isinstance(node, ast.ClassDef)})

    def members_of(name: str) -> set[str]:
        """A stub class's methods and properties, its bases' (in these stubs) included."""
        node = classes[name]
        own = {member.name for member in node.body if isinstance(member, ast.FunctionDef)} - {"__init__"}
        return own.union(*(members_of(base.id) for base in node.bases if isinstance(base, ast.Name)))

    members = {name: members_of(name) for name in ("Search", "Learn")}
    assert {"nodes", "conflicts", "solution", "next_solution"} <= members["Learn"]
    for module in (_takuzu_cy, _takuzu_py):
        assert all(hasattr(module, name) for name in names), module.__name__
        search = module.Search(4, blank(4), NO_BUDGET)
        assert all(hasattr(search, member) for member in members["Search"]), module.__name__
        learn = module.Learn(4, 6, False, cell_codes("_" * 24))
        assert all(hasattr(learn, member) for member in members["Learn"]), module.__name__


@pytest.mark.parametrize("n", [4, 12, 20])
def test_a_search_over_its_candidate_budget_is_too_large(takuzu_kernel: ModuleType, n: int) -> None:
    needed = takuzu_kernel.count_candidates(n, blank(n))
    over = takuzu_kernel.Search(n, blank(n), needed - 1)
    assert over.next_solution(10) == Status.TOO_LARGE
    assert over.count(10, 0) == Status.TOO_LARGE
    within = takuzu_kernel.Search(n, blank(n), needed)
    assert within.next_solution(10**6) == Status.SOLUTION


def test_twin_asserts_what_the_facade_checks() -> None:
    with pytest.raises(AssertionError):
        _takuzu_py.Search(3, blank(3), NO_BUDGET)
    with pytest.raises(AssertionError):
        _takuzu_py.Search(2, b"\x00\x01\x05\x02", NO_BUDGET)


def test_a_call_returns_to_python_after_its_time_slice(takuzu_kernel: ModuleType) -> None:
    """However large the node budget, a call pauses after POLL_MS (the registry's), so Ctrl-C stays prompt.

    The facade passes a budget no search reaches; a concurrent Python thread then
    waits for no kernel call but one every POLL_MS. Counting a blank 10x10 grid
    takes far longer than one slice, and far more nodes than the budget here,
    which a call without a time slice would run through.
    """
    budget = 10**7 if takuzu_kernel is _takuzu_cy else 10**5
    search = takuzu_kernel.Search(10, blank(10), NO_BUDGET)
    assert search.count(budget, 0) == Status.PAUSED
    # Nodes and solutions found: what the call went through, short of its budget.
    assert 0 < search.nodes + search.found < budget // 2
    assert search.next_solution(budget) == Status.SOLUTION
    before = search.nodes
    statuses = {search.next_solution(budget) for _ in range(3)}
    assert statuses <= {Status.SOLUTION, Status.PAUSED} and search.nodes > before


#: The slowest minimal 20x20 puzzle of bench/takuzu_minimal_puzzles.json at c480e1e: with
#: probing at the root only, proving its solution unique took 56,737 nodes.
SLOW_20 = (
    "_____1____0_____0__0",
    "_0_____1_1_1___1____",
    "___00___0___11______",
    "11___1_0___1_1___1__",
    "____0_____________0_",
    "_______0__1__11_____",
    "1______0__1____0____",
    "___11____0__0___0___",
    "0_00_____0_____1__0_",
    "__________1_0____00_",
    "____1_1_1___1_______",
    "__10__10_0_____0_0__",
    "_11________1___0___0",
    "________1___________",
    "_00_1____1_______1__",
    "________1__0___1__0_",
    "____1________1___0_0",
    "1______10___0__1____",
    "__0_11___1__0____11_",
    "1_____________1_____",
)


def test_probing_below_the_root_keeps_the_slow_20x20_small() -> None:
    """Probing after branches whose parent's probe paid proves SLOW_20 unique in few nodes, with the same answer."""
    puzzle = takuzu.from_rows(SLOW_20)
    search = _takuzu_cy.Search(20, puzzle.cells, NO_BUDGET)
    found = []
    while (status := search.next_solution(NO_BUDGET)) != Status.EXHAUSTED:
        if status == Status.SOLUTION:
            found.append(search.solution())
    assert found == ["".join(takuzu.solve(puzzle))]
    assert search.nodes < 10_000


# -- plainly written contest texts, read and solved in one call ---------------------

#: Ways to spoil a plain text: solve_plain_texts leaves each to the facade (None).
SPOILERS: dict[str, Callable[[str], str]] = {
    "crlf": lambda text: text.replace("\n", "\r\n"),
    "trailing space": lambda text: text.replace("\n", " \n", 2),
    "leading zero": lambda text: "0" + text,
    "space before N": lambda text: " " + text,
    "byte-order mark": lambda text: "\ufeff" + text,
    "rule word": lambda text: text.replace("\n", " unique\n", 1),
    "a dot": lambda text: text[:-2] + ".\n",
    "row short": lambda text: text[:-2] + "\n",
    "row long": lambda text: text[:-1] + "0\n",
    "text after": lambda text: text + "x",
    "no N": lambda text: text.partition("\n")[2],
}


@settings(max_examples=examples(60), deadline=None)
@given(n=st.sampled_from([2, 4, 6, 8, 10, 12, 14]), seed=st.integers(0, 10**6), blanks=st.floats(0.0, 1.0))
def test_solve_plain_texts_answers_as_the_facade(takuzu_kernel: ModuleType, n: int, seed: int, blanks: float) -> None:
    """A solved grid with cells blanked at random (none, one or several solutions): the bulk call gives
    solve_text's output exactly when that is one solution, and None for every spoilt way of writing it."""
    import random

    rng = random.Random(seed)
    solved = takuzu.solve(takuzu.generate(n, seed=seed))
    rows = ["".join("_" if rng.random() < blanks else cell for cell in row) for row in solved]
    text = str(takuzu.from_rows(rows))
    try:
        expected = takuzu.solve_text(text)
    except (NoSolutionError, MultipleSolutionsError):
        expected = None
    plain = [text, text + "\n\n", text[:-1]]
    spoilt = [spoil(text) for spoil in SPOILERS.values()]
    found = takuzu_kernel.solve_plain_texts([*plain, *spoilt, None, text.encode()], NO_BUDGET, 14)
    assert found == [expected] * len(plain) + [None] * (len(spoilt) + 2)
    # Larger than most, or too many candidates: left to the facade.
    assert takuzu_kernel.solve_plain_texts([text], NO_BUDGET, max(2, n - 2)) == [None if n > 2 else expected]
    assert takuzu_kernel.solve_plain_texts([text], 0, 14) == [None]


def test_solve_texts_takes_only_what_candidate_lines_solve() -> None:
    """The facade's solve_texts: square grids up to 14 under the distinct rule; the rest go one by one."""
    small, large = str(takuzu.generate(8, seed=1)), str(takuzu.generate(16, seed=1))
    free = str(takuzu.from_rows(takuzu.generate(8, seed=1).rows, unique_rows=False))
    assert takuzu.solve_texts([small, large, free, 3]) == [takuzu.solve_text(small), None, None, None]
    assert takuzu.solve_texts([]) == []
