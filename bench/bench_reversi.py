"""Benchmarks of the reversi count, one group per size class.

Each group times the same seeded positions on the compiled kernel without and
with its transposition table, on the pure-Python twin where that finishes in
reasonable time, and through the facade. Inputs are generated here, from fixed
seeds, so every run times the same positions (``digest`` in extra_info).
"""

from __future__ import annotations

import hashlib
import random
from functools import cache
from types import ModuleType

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from conftest import random_endgame, skip_twin_past, skip_unless_slow_asked
from fastpuzzle import reversi
from fastpuzzle.reversi import _kernel as _reversi_cy
from fastpuzzle.reversi import _twin as _reversi_py

Rows = tuple[tuple[int, ...], ...]

#: Largest table of the kernel's "table" runs: 2**20 entries (64 MiB), the facade's default.
TABLE_BITS = 20
#: The largest contest board the twin is timed on (5x5's worst takes it seconds a count).
TWIN_MOST = 4
#: Contest boards per side: random discs, 10 empty cells.
CONTEST_SEEDS = range(8)
#: 8x8 endgames from random play from the start: seeds per number of empties.
#: With 13 empties these two have about 1e8 games each; the 16-empty one, 5e9
#: (the smallest tree of seeds 0-11 with 16 empties: the others take minutes).
#: 14 and 15 empties (issue 12's 12-15 range): about 4e8 games each, and 4.3e9.
ENDGAME_SEEDS = {12: (0, 1, 2), 13: (0, 2), 14: (0, 1), 15: (0,), 16: (8,)}
#: Empties from which only the kernel with its table is timed.
TABLE_ONLY_EMPTIES = 13
#: Perft depths from the 8x8 start, and their leaves (conventions A and B agree to 9).
PERFT_LEAVES = {6: 8200, 9: 3005288, 11: 212258800, 12: 1939886636}


def contest_board(n: int, seed: int, empties: int = 10) -> Rows:
    """A side-n board of random discs with ``empties`` empty cells."""
    rng = random.Random(f"contest-{n}-{seed}")
    cells = [rng.choice((0, 1)) for _ in range(n * n)]
    for hole in rng.sample(range(n * n), empties):
        cells[hole] = -1
    return tuple(tuple(cells[r * n : (r + 1) * n]) for r in range(n))


def endgame_board(empties: int, seed: int) -> Rows:
    """An 8x8 position after random legal play from the start, ``empties`` cells left."""
    return random_endgame(empties, f"endgame-{empties}-{seed}")


def sides(rows: Rows) -> tuple[int, int, int]:
    """(n, white, black): the kernel's arguments with white to move."""
    board = reversi.from_rows(rows)
    return board.n, board.discs(0), board.discs(1)


def digest(boards: list[Rows]) -> str:
    return hashlib.sha256(repr(boards).encode()).hexdigest()[:12]


@cache
def hardest_contest_board(n: int) -> Rows:
    """The board of the class with the most games: the worst case."""
    boards = [contest_board(n, seed) for seed in CONTEST_SEEDS]
    return max(boards, key=lambda rows: sum(_reversi_cy.Counter(0).count(*sides(rows))))


KERNELS: dict[str, tuple[ModuleType, int]] = {
    "kernel": (_reversi_cy, 0),
    "kernel+table": (_reversi_cy, TABLE_BITS),
    "twin": (_reversi_py, 0),
    "twin+table": (_reversi_py, 16),
}


def sized(bits: int, limit: int) -> int:
    """The table the facade would give a count whose tree calls for ``limit`` bits.

    Empties + 4 for a game count, depth + 8 for perft: a small tree needs a small
    table, and a large one costs page faults to set up.
    """
    return min(bits, limit)


@pytest.fixture(params=list(KERNELS))
def counter_kind(request: pytest.FixtureRequest) -> str:
    """The kernel without and with its table, and the twin likewise."""
    return str(request.param)


@pytest.mark.parametrize("n", [4, 5])
def test_contest_worst_board(benchmark: BenchmarkFixture, counter_kind: str, n: int) -> None:
    """The hardest of the seeded contest boards (10 empties) of side n."""
    kernel, bits = KERNELS[counter_kind]
    bits = sized(bits, 10 + 4)
    rows = hardest_contest_board(n)
    expected = _reversi_cy.Counter(0).count(*sides(rows))
    if kernel is _reversi_py:
        skip_twin_past(f"the {n}x{n} board", n, TWIN_MOST)
    benchmark.group = f"reversi contest n={n}, 10 empties, worst of {len(CONTEST_SEEDS)}"
    benchmark.extra_info.update(games=sum(expected), digest=digest([rows]))
    found = benchmark(lambda: kernel.Counter(bits).count(*sides(rows)))
    assert found == expected


@pytest.mark.parametrize("n", [4, 5])
def test_contest_facade(benchmark: BenchmarkFixture, n: int) -> None:
    """``solve_text`` on the hardest contest board: parsing, table sizing, counting, output."""
    rows = hardest_contest_board(n)
    text = str(reversi.from_rows(rows))
    wins, losses, draws = _reversi_cy.Counter(0).count(*sides(rows))
    benchmark.group = f"reversi contest n={n}, 10 empties, worst of {len(CONTEST_SEEDS)}"
    benchmark.extra_info.update(games=wins + losses + draws, digest=digest([rows]))
    assert benchmark(reversi.solve_text, text) == f"{losses} {wins} {draws}\n"


@pytest.mark.parametrize("empties", sorted(ENDGAME_SEEDS))
def test_endgame_8x8(benchmark: BenchmarkFixture, counter_kind: str, empties: int) -> None:
    """Seeded 8x8 endgames, white to move, every game counted."""
    kernel, bits = KERNELS[counter_kind]
    boards = [endgame_board(empties, seed) for seed in ENDGAME_SEEDS[empties]]
    if kernel is _reversi_py:
        pytest.skip("the twin needs minutes for 12 empties")
    if empties >= TABLE_ONLY_EMPTIES and bits == 0:
        pytest.skip(f"{empties} empties without the table takes minutes")
    bits = sized(bits, empties + 4)

    def count_all() -> list[tuple[int, int, int]]:
        return [kernel.Counter(bits).count(*sides(rows)) for rows in boards]

    benchmark.group = f"reversi 8x8 endgame, {empties} empties, {len(boards)} boards"
    found = benchmark.pedantic(count_all, rounds=1 if empties >= 15 else 3, iterations=1)
    benchmark.extra_info.update(games=[sum(counts) for counts in found], digest=digest(boards))
    if empties < TABLE_ONLY_EMPTIES and bits:
        assert found == [_reversi_cy.Counter(0).count(*sides(rows)) for rows in boards]
    assert all(sum(counts) > 0 for counts in found)


@pytest.mark.parametrize("depth", sorted(PERFT_LEAVES))
def test_perft_start(benchmark: BenchmarkFixture, counter_kind: str, depth: int) -> None:
    """perft from the 8x8 start, black first, convention A."""
    kernel, bits = KERNELS[counter_kind]
    if depth >= 9 and kernel is _reversi_py:
        pytest.skip("the twin needs minutes for perft 9")
    if depth >= 12 and bits == 0:
        pytest.skip("perft 12 without the table takes several seconds a round")
    bits = sized(bits, depth + 8)
    board = reversi.start(8)
    args = (8, board.discs(1), board.discs(0), depth, True)
    benchmark.group = f"reversi perft(8x8 start, {depth})"
    benchmark.extra_info.update(leaves=PERFT_LEAVES[depth])
    leaves = benchmark.pedantic(
        lambda: kernel.Counter(bits).perft(*args), rounds=3 if depth >= 11 else 10, iterations=1
    )
    assert leaves == PERFT_LEAVES[depth]


def test_perft_14_facade(benchmark: BenchmarkFixture) -> None:
    """``reversi.perft`` from the 8x8 start to depth 14, black first, with the default table: the README's
    figure beyond the suites (one round)."""
    skip_unless_slow_asked("perft 14")
    benchmark.group = "reversi perft(8x8 start, 14), default table"
    leaves = benchmark.pedantic(
        lambda: reversi.perft(reversi.start(8), 14, to_move="black", progress=False), rounds=1, iterations=1
    )
    assert leaves == 184_042_084_512
