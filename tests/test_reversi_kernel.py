"""The reversi kernel and its twin against each other and a simple reference."""

from __future__ import annotations

import ast
import importlib.util
import inspect
import random
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any, Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import ROOT, examples, kernel_fixture, runtime_parameters, stub_parameters
from fastpuzzle import reversi
from fastpuzzle._contract.registry import PUZZLES
from fastpuzzle.reversi import _kernel as _reversi_cy
from fastpuzzle.reversi import _twin as _reversi_py
from reference_reversi import count_games as reference_count
from reference_reversi import perft as reference_perft

reversi_kernel = kernel_fixture("reversi")

SAMPLE_1 = [[-1, 0, 1], [0, 1, 0], [1, 0, -1]]
SAMPLE_2 = [[-1, -1, -1, -1], [-1, 0, 1, 0], [-1, 1, 0, 1], [-1, -1, -1, -1]]
#: Leaves from the standard 8x8 start, black first, depth 1..9 (both conventions).
START_PERFT = [4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288]
#: An 8x8 endgame with 12 empties (random play from the start, seeded): 3070741 games.
ENDGAME_12 = (
    (-1, 0, 0, 0, -1, -1, -1, 0),
    (-1, 0, 0, 1, 0, -1, -1, 0),
    (0, 0, 0, 0, 1, 0, 1, 0),
    (0, 0, 1, 0, 0, 1, 1, 0),
    (0, 1, 0, 0, 0, 1, 1, 0),
    (0, 0, 1, 0, 1, 0, 0, 0),
    (0, -1, 1, 1, 1, 1, 0, 0),
    (-1, -1, 1, 0, -1, 0, -1, 0),
)


def long_board(kernel: ModuleType) -> tuple[tuple[int, ...], ...] | list[list[int]]:
    """A board whose count takes many polls on ``kernel``, yet well under a second."""
    return ENDGAME_12 if kernel is _reversi_cy else SAMPLE_2


def sides(rows: list[list[int]] | tuple[tuple[int, ...], ...], first: str = "white") -> tuple[int, int, int]:
    """(n, mover's discs, other discs) for the kernel, ``first`` to move."""
    board = reversi.from_rows(rows)
    white, black = board.discs(0), board.discs(1)
    return (board.n, white, black) if first == "white" else (board.n, black, white)


def kernel_counts(
    kernel: ModuleType, rows: list[list[int]] | tuple[tuple[int, ...], ...], bits: int = 0
) -> tuple[int, int, int]:
    """(black wins, white wins, draws), white first, straight from a kernel."""
    wins, losses, draws = kernel.Counter(bits).count(*sides(rows))
    return losses, wins, draws


@cache
def sample_2_perft() -> tuple[list[int], list[int]]:
    """Perft of the second sample, white first, depth 1..11 in conventions A and B, by the reference."""
    return (
        [reference_perft(SAMPLE_2, d, "W", True) for d in range(1, 12)],
        [reference_perft(SAMPLE_2, d, "W", False) for d in range(1, 12)],
    )


@st.composite
def boards(draw: st.DrawFn, max_n: int = 5, max_empties: int = 8) -> list[list[int]]:
    """A random board of side 1..max_n with at most max_empties empty cells."""
    n = draw(st.integers(1, max_n))
    cells = draw(st.lists(st.sampled_from((0, 1)), min_size=n * n, max_size=n * n))
    holes = draw(st.sets(st.integers(0, n * n - 1), max_size=min(max_empties, n * n)))
    for hole in holes:
        cells[hole] = -1
    return [cells[r * n : (r + 1) * n] for r in range(n)]


def test_samples(reversi_kernel: ModuleType) -> None:
    assert kernel_counts(reversi_kernel, SAMPLE_1) == (2, 0, 0)
    assert kernel_counts(reversi_kernel, SAMPLE_2) == (1813, 2494, 519)
    assert kernel_counts(reversi_kernel, SAMPLE_2, bits=12) == (1813, 2494, 519)


@settings(max_examples=examples(300), deadline=None)
@given(boards(), st.sampled_from((0, 3, 12)))
def test_random_boards_match_the_reference(reversi_kernel: ModuleType, rows: list[list[int]], bits: int) -> None:
    assert kernel_counts(reversi_kernel, rows, bits) == reference_count(rows)


@settings(max_examples=examples(300), deadline=None)
@given(boards(), st.sampled_from(("white", "black")))
def test_kernel_matches_twin_with_and_without_table(rows: list[list[int]], first: str) -> None:
    expected = _reversi_py.Counter(0).count(*sides(rows, first))
    for bits in (0, 1, 4, 16):
        assert _reversi_cy.Counter(bits).count(*sides(rows, first)) == expected
        assert _reversi_py.Counter(bits).count(*sides(rows, first)) == expected


@st.composite
def nearly_full_boards(
    draw: st.DrawFn, max_n: int = 8, discs: tuple[int, ...] = (0, 1), max_holes: int = 3
) -> list[list[int]]:
    """A random board of side 2..max_n with 1..max_holes empty cells, each disc drawn from discs.

    By default the kernel's in-place solvers' cases (1..3 empty cells).
    """
    n = draw(st.integers(2, max_n))
    cells = draw(st.lists(st.sampled_from(discs), min_size=n * n, max_size=n * n))
    holes = draw(st.sets(st.integers(0, n * n - 1), min_size=1, max_size=min(max_holes, n * n)))
    for hole in holes:
        cells[hole] = -1
    return [cells[r * n : (r + 1) * n] for r in range(n)]


@settings(max_examples=examples(300), deadline=None)
@given(nearly_full_boards(), st.sampled_from(("white", "black")))
def test_last_empties_match_the_twin(rows: list[list[int]], first: str) -> None:
    """Two and three empty cells are played out in place (two_left): passes, ends and flips as the twin."""
    expected = _reversi_py.Counter(0).count(*sides(rows, first))
    assert _reversi_cy.Counter(0).count(*sides(rows, first)) == expected
    assert _reversi_cy.Counter(4).count(*sides(rows, first)) == expected
    assert _reversi_cy.Counter(4, hardware_popcount=False).count(*sides(rows, first)) == expected
    assert _reversi_cy.Counter(4, avx2=False).count(*sides(rows, first)) == expected


@settings(max_examples=examples(300), deadline=None)
@given(nearly_full_boards(max_n=6, discs=(1, 1, 1, 0), max_holes=7), st.sampled_from(("white", "black")))
def test_short_lines_copy_matches_the_twin(rows: list[list[int]], first: str) -> None:
    """Boards of side 6 or less take the AVX2 copy's variant for short lines where the CPU has AVX2.

    Three cells in four are black: runs up to the longest a line holds, both ways.
    """
    expected = _reversi_py.Counter(0).count(*sides(rows, first))
    assert _reversi_cy.Counter(4).count(*sides(rows, first)) == expected
    assert _reversi_cy.Counter(4, avx2=False).count(*sides(rows, first)) == expected


@settings(max_examples=examples(200), deadline=None)
@given(boards(), st.sampled_from(("white", "black")), st.sampled_from((0, 4, 12)))
def test_portable_and_popcnt_copies_agree(rows: list[list[int]], first: str, bits: int) -> None:
    """The last few empty cells give the same counts in the portable C and in the copies for popcnt and AVX2."""
    portable = _reversi_cy.Counter(bits, hardware_popcount=False)
    popcnt = _reversi_cy.Counter(bits, avx2=False)
    hardware = _reversi_cy.Counter(bits)
    expected = portable.count(*sides(rows, first))
    assert popcnt.count(*sides(rows, first)) == expected
    assert hardware.count(*sides(rows, first)) == expected
    assert portable.nodes == popcnt.nodes == hardware.nodes


def test_hardware_popcount_is_a_bool() -> None:
    assert isinstance(_reversi_cy.hardware_popcount(), bool)
    assert _reversi_py.hardware_popcount() is False


@settings(max_examples=examples(150), deadline=None)
@given(boards(max_n=6, max_empties=10), st.integers(0, 7), st.booleans())
def test_random_perft_matches_the_reference(
    reversi_kernel: ModuleType, rows: list[list[int]], depth: int, ended: bool
) -> None:
    expected = reference_perft(rows, depth, "W", ended)
    for bits in (0, 2, 12):
        assert reversi_kernel.Counter(bits).perft(*sides(rows), depth, ended) == expected


def test_start_perft(reversi_kernel: ModuleType) -> None:
    n, black, white = sides(reversi.start(8).rows, "black")
    deepest = 9 if reversi_kernel is _reversi_cy else 5
    for bits in (0, 16):
        counter = reversi_kernel.Counter(bits)
        for depth, leaves in enumerate(START_PERFT[:deepest], start=1):
            assert counter.perft(n, black, white, depth, True) == leaves
            assert counter.perft(n, black, white, depth, False) == leaves
    assert counter.perft(n, black, white, 0, False) == 1


@pytest.mark.parametrize("bits", [0, 18])
def test_start_perft_depth_10_tells_the_conventions_apart(bits: int) -> None:
    n, black, white = sides(reversi.start(8).rows, "black")
    counter = _reversi_cy.Counter(bits)
    assert counter.perft(n, black, white, 10, True) == 24571284
    assert counter.perft(n, black, white, 10, False) == 24571056


@pytest.mark.slow
@pytest.mark.parametrize(
    ("depth", "ended", "leaves"), [(11, True, 212258800), (12, True, 1939886636), (11, False, 212258216)]
)
def test_start_perft_deeper(depth: int, ended: bool, leaves: int) -> None:
    n, black, white = sides(reversi.start(8).rows, "black")
    assert _reversi_cy.Counter(20).perft(n, black, white, depth, ended) == leaves


def test_4x4_start_black_first(reversi_kernel: ModuleType) -> None:
    n, black, white = sides(reversi.start(4).rows, "black")
    for bits in (0, 14) if reversi_kernel is _reversi_cy else (14,):
        counter = reversi_kernel.Counter(bits)
        assert sum(counter.count(n, black, white)) == 60060


def test_table_saves_work_and_keeps_counts() -> None:
    args = sides(ENDGAME_12)
    plain, hashed = _reversi_cy.Counter(0), _reversi_cy.Counter(16)
    expected = plain.count(*args)
    assert hashed.count(*args) == expected
    assert hashed.nodes < plain.nodes
    # A table far too small for the tree: constant replacement, same counts.
    assert _reversi_cy.Counter(1).count(*args) == expected
    # Entries kept from the first count answer the second at once.
    assert hashed.count(*args) == expected and hashed.nodes == 1


def test_counter_switches_between_kinds_of_count(reversi_kernel: ModuleType) -> None:
    counter = reversi_kernel.Counter(12)
    n, white, black = sides(SAMPLE_2)
    assert counter.count(n, white, black) == (2494, 1813, 519)
    ended = [counter.perft(n, white, black, depth, True) for depth in range(1, 12)]
    live = [counter.perft(n, white, black, depth, False) for depth in range(1, 12)]
    assert counter.count(n, white, black) == (2494, 1813, 519)
    assert (ended, live) == sample_2_perft()
    # 8 empties: at most 16 plies, passes included; deeper, A counts every game and B none.
    assert counter.perft(n, white, black, 17, True) == sum((2494, 1813, 519))
    assert counter.perft(n, white, black, 17, False) == 0
    counter.clear()
    assert counter.count(n, white, black) == (2494, 1813, 519)


@pytest.mark.parametrize("weight", [2**64 - 1, 2**63 + 12345, 3**40])
@pytest.mark.parametrize("bits", [0, 10])
def test_counts_carry_past_64_bits(weight: int, bits: int) -> None:
    n, white, black = sides(SAMPLE_2)
    counts = _reversi_cy.Counter(bits).count(n, white, black, None, weight)
    assert counts == tuple(weight * c for c in _reversi_py.Counter(0).count(n, white, black))
    assert max(counts) >= 2**64
    n, black, white = sides(reversi.start(8).rows, "black")
    assert _reversi_cy.Counter(bits).perft(n, black, white, 6, False, None, weight) == 8200 * weight
    assert _reversi_cy.Counter(bits).perft(n, black, white, 1, True, None, weight) == 4 * weight


def test_twin_scales_by_weight_too() -> None:
    n, white, black = sides(SAMPLE_2)
    assert _reversi_py.Counter(4).count(n, white, black, None, 2**70 // 2**7) == tuple(
        c * 2**63 for c in (2494, 1813, 519)
    )


def test_full_and_empty_boards(reversi_kernel: ModuleType) -> None:
    assert reversi_kernel.Counter(0).count(1, 1, 0) == (1, 0, 0)
    assert reversi_kernel.Counter(0).count(8, 0, 0) == (0, 0, 1)
    assert reversi_kernel.Counter(0).perft(8, 0, 0, 3, True) == 1
    assert reversi_kernel.Counter(0).perft(8, 0, 0, 3, False) == 0
    full = (1 << 64) - 1
    assert reversi_kernel.Counter(0).count(8, full & ~1, 1) == (1, 0, 0)


def test_a_forced_pass_is_not_a_choice(reversi_kernel: ModuleType) -> None:
    # White (to move) has no move; black has exactly one, after which the game ends.
    rows = [[1, 1, -1], [1, 0, -1], [-1, -1, -1]]
    assert kernel_counts(reversi_kernel, rows) == reference_count(rows)
    assert reversi_kernel.Counter(0).perft(*sides(rows), 1, True) == 1


# -- misuse ----------------------------------------------------------------------
#
# The facade validates and the kernels trust: they only assert their
# preconditions, and a release build may compile the compiled kernel's asserts
# out. So only the twin's AssertionError is tested here; the errors users see
# come from the facade (tests/test_reversi.py: test_from_rows_checks_like_parse,
# test_bad_arguments, test_any_table_size_is_clamped_to_what_the_kernel_takes).

MAX_N = PUZZLES["reversi"].limits["MAX_N"]
MAX_TABLE_BITS = PUZZLES["reversi"].limits["MAX_TABLE_BITS"]


@pytest.mark.parametrize(
    "args",
    [
        (0, 0, 0),
        (MAX_N + 1, 0, 0),
        (3, 1, 1),
        (3, 1 << 3, 0),
        (3, 0, 1 << 24),
        (3, -1, 0),
        (3, 1 << 64, 0),
    ],
    ids=["n-zero", "n-too-big", "both-colours", "player-off-board", "opponent-off-board", "negative", "past-64-bits"],
)
def test_the_twin_asserts_its_positions(args: tuple[int, int, int]) -> None:
    with pytest.raises(AssertionError):
        _reversi_py.Counter(0).count(*args)
    with pytest.raises(AssertionError):
        _reversi_py.Counter(0).perft(*args, 2, True)


def test_the_twin_asserts_its_settings() -> None:
    for bits in (-1, MAX_TABLE_BITS + 1):
        with pytest.raises(AssertionError):
            _reversi_py.Counter(bits)
    with pytest.raises(AssertionError):
        _reversi_py.Counter(0).perft(4, 0, 0, -1, True)
    for weight in (0, -1, 1 << 64):
        with pytest.raises(AssertionError):
            _reversi_py.Counter(0).count(4, 0, 0, None, weight)
        with pytest.raises(AssertionError):
            _reversi_py.Counter(0).perft(4, 0, 0, 2, True, None, weight)
    for n in (0, MAX_N + 1):
        with pytest.raises(AssertionError):
            _reversi_py.symmetric_images(n, 0)


def test_the_largest_settings_are_accepted(reversi_kernel: ModuleType) -> None:
    """The registry's limits are the kernels' own: the largest board and table are valid."""
    counter = reversi_kernel.Counter(MAX_TABLE_BITS)  # the table itself is allocated on first use
    assert counter.table_bits == MAX_TABLE_BITS
    assert reversi_kernel.Counter(0).count(MAX_N, 0, 0) == (0, 0, 1)
    assert len(reversi_kernel.symmetric_images(MAX_N, 1)) == 8
    assert reversi_kernel.Counter().table_bits == 0


def test_progress_is_reported_and_grows(reversi_kernel: ModuleType) -> None:
    shares: list[float] = []
    args = sides(long_board(reversi_kernel))
    counter = reversi_kernel.Counter(0)
    expected = counter.count(*args)
    # interval 0: a report at every look at the clock, so a short count reports often.
    assert counter.count(*args, shares.append, 1, 0.0) == expected
    assert len(shares) >= 2
    assert shares == sorted(shares) and shares[0] >= 0.0 and shares[-1] <= 1.0 + 1e-9
    assert shares[-1] > 0.0


def test_without_shares_progress_still_runs_and_the_count_is_the_same(reversi_kernel: ModuleType) -> None:
    """shares=False: the callback still runs at every poll (to stop the count), without the share bookkeeping."""
    board = long_board(reversi_kernel)
    n, player, opponent = sides(board)
    counter = reversi_kernel.Counter(0)
    calls: list[float] = []
    assert counter.count(n, player, opponent, calls.append, 1, 0.0, shares=False) == counter.count(n, player, opponent)
    assert len(calls) >= 2
    calls.clear()
    leaves = counter.perft(n, player, opponent, 6, True)
    assert counter.perft(n, player, opponent, 6, True, calls.append, 1, 0.0, shares=False) == leaves
    assert calls

    def stop(done: float) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        counter.count(n, player, opponent, stop, 1, 0.0, shares=False)


def test_an_interrupted_count_leaves_the_counter_usable(reversi_kernel: ModuleType) -> None:
    args = sides(long_board(reversi_kernel))
    counter = reversi_kernel.Counter(14)
    calls = []

    def interrupt(done: float) -> None:
        calls.append(done)
        if len(calls) == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        counter.count(*args, interrupt, 1, 0.0)
    assert len(calls) == 2
    # Nothing half-counted was stored: the next count is exact.
    assert counter.count(*args) == _reversi_cy.Counter(0).count(*args)
    with pytest.raises(ZeroDivisionError):
        counter.perft(
            *sides(reversi.start(8).rows, "black"),
            11 if reversi_kernel is _reversi_cy else 6,
            True,
            lambda done: 1 / 0,
            1,
            0.0,
        )
    assert counter.perft(*sides(reversi.start(8).rows, "black"), 6, True) == 8200


def test_a_counter_counts_one_tree_at_a_time(reversi_kernel: ModuleType) -> None:
    args = sides(long_board(reversi_kernel))
    counter = reversi_kernel.Counter(0)
    seen = []

    def reenter(done: float) -> None:
        with pytest.raises(RuntimeError, match="already counting"):
            counter.count(*sides(SAMPLE_1))
        seen.append(done)

    counter.count(*args, reenter, 1, 0.0)
    assert seen
    assert counter.count(*sides(SAMPLE_2)) == (2494, 1813, 519)


def test_counters_are_independent_across_threads() -> None:
    boards_: list[Any] = [SAMPLE_2, ENDGAME_12, reversi.start(4).rows] * 3
    expected = [kernel_counts(_reversi_cy, rows) for rows in boards_]
    with ThreadPoolExecutor(max_workers=4) as pool:
        found = list(pool.map(lambda rows: kernel_counts(_reversi_cy, rows, 12), boards_))
    assert found == expected


def test_kernel_releases_the_gil() -> None:
    n, black, white = sides(reversi.start(8).rows, "black")
    counter = _reversi_cy.Counter(0)
    # Depth 10 (about 60 ms here): a count of a few milliseconds leaves too few ticks on a loaded machine.
    worker = threading.Thread(target=counter.perft, args=(n, black, white, 10, True))
    ticks = 0
    worker.start()
    while worker.is_alive():
        ticks += 1
        time.sleep(0.001)
    worker.join()
    assert counter.nodes > 10**5
    assert ticks > 5


def test_stub_kernel_and_twin_agree_on_the_interface() -> None:
    stub = ast.parse(Path(_reversi_cy.__file__).with_name("_kernel.pyi").read_text())
    constants = {
        node.target.id for node in stub.body if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
    }
    functions = {node.name: node for node in stub.body if isinstance(node, ast.FunctionDef)}
    names = constants | set(functions) | {node.name for node in stub.body if isinstance(node, ast.ClassDef)}
    classes = {node.name: node for node in stub.body if isinstance(node, ast.ClassDef)}
    assert names == {
        "ENTRY_BYTES",
        "Table",
        "Counter",
        "children",
        "symmetric_images",
        "hardware_popcount",
        "solve_plain_texts",
    }
    # The limits live in the registry now, not in the kernel or its stub.
    assert not {"MAX_N", "MAX_TABLE_BITS"} & names
    assert not hasattr(_reversi_cy, "MAX_N") and not hasattr(_reversi_cy, "MAX_TABLE_BITS")
    # The compiled kernel exposes exactly what its stub declares; the twin at least that.
    assert {name for name in dir(_reversi_cy) if not name.startswith("_")} == names
    expected_properties = {"Table": {"table_bits", "users"}, "Counter": {"table_bits", "table", "nodes"}}
    for module in (_reversi_cy, _reversi_py):
        assert names <= set(dir(module)), module.__name__
        for name, node in functions.items():
            assert runtime_parameters(getattr(module, name)) == stub_parameters(node), f"{module.__name__}.{name}"
        for class_name, class_node in classes.items():
            cls = getattr(module, class_name)
            methods = {node.name: node for node in class_node.body if isinstance(node, ast.FunctionDef)}
            properties = {
                name
                for name, node in methods.items()
                if any(isinstance(d, ast.Name) and d.id == "property" for d in node.decorator_list)
            }
            assert properties == expected_properties[class_name]
            assert set(methods) <= set(dir(cls(0))), f"{module.__name__}.{class_name}"
            for name, node in methods.items():
                attribute = inspect.getattr_static(cls, name)
                if name in properties:
                    assert inspect.isdatadescriptor(attribute), f"{module.__name__}.{class_name}.{name}"
                    continue
                found = runtime_parameters(getattr(cls, name))
                if module is _reversi_cy and (found is None or name == "__init__"):
                    continue  # slot wrappers and a cdef class's __init__ show no signature
                assert found == stub_parameters(node), f"{module.__name__}.{class_name}.{name}"
    # Counter's one argument may be given by name on both.
    assert _reversi_cy.Counter(table_bits=3).table_bits == _reversi_py.Counter(table_bits=3).table_bits == 3
    assert isinstance(_reversi_cy.ENTRY_BYTES, int) and _reversi_cy.ENTRY_BYTES == _reversi_py.ENTRY_BYTES


def symmetric_start(n: int) -> list[list[int]]:
    """A position of side n that every symmetry of the board leaves as it is."""
    if n % 2 == 0:
        return [list(row) for row in reversi.start(n).rows]
    rows = [[-1] * n for _ in range(n)]
    h = n // 2
    rows[h][h] = 1
    rows[h - 1][h] = rows[h + 1][h] = rows[h][h - 1] = rows[h][h + 1] = 0
    return rows


def image_cells(n: int, cells: set[tuple[int, int]]) -> list[int]:
    """The 8 images of ``cells`` as masks, in the kernel's order: I, rows, columns, both, then transposed."""
    images = [
        {(r, c) for r, c in cells},
        {(n - 1 - r, c) for r, c in cells},
        {(r, n - 1 - c) for r, c in cells},
        {(n - 1 - r, n - 1 - c) for r, c in cells},
    ]
    images += [{(c, r) for r, c in image} for image in images]
    return [sum(1 << (8 * r + c) for r, c in image) for image in images]


@settings(max_examples=examples(200), deadline=None)
@given(st.integers(1, 8), st.data())
def test_symmetric_images_are_the_symmetries_of_the_board(
    reversi_kernel: ModuleType, n: int, data: st.DataObject
) -> None:
    cells = data.draw(st.sets(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))))
    mask = sum(1 << (8 * r + c) for r, c in cells)
    assert reversi_kernel.symmetric_images(n, mask) == image_cells(n, cells)


@pytest.mark.parametrize("n", [4, 5, 6, 7, 8])
def test_perft_table_keyed_up_to_symmetry_keeps_counts(n: int) -> None:
    # From a symmetric position every subtree meets its mirror images, which the
    # table answers from one entry: the counts must stay those of the plain search.
    args = sides(symmetric_start(n), "black")
    plain, hashed = _reversi_cy.Counter(0), _reversi_cy.Counter(12)
    for depth in range(1, 9 if n < 8 else 8):
        for ended in (True, False):
            assert hashed.perft(*args, depth, ended) == plain.perft(*args, depth, ended)
    assert hashed.nodes < plain.nodes


def test_kernel_tables_match_their_generator() -> None:
    spec = importlib.util.spec_from_file_location("make_reversi_tables", ROOT / "tools" / "make_reversi_tables.py")
    assert spec is not None and spec.loader is not None
    generator = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(generator)
    header_text: Callable[[], str] = generator.header_text
    committed = (ROOT / "src" / "fastpuzzle" / "reversi/_tables.h").read_text(encoding="ascii")
    assert committed == header_text(), "run tools/make_reversi_tables.py and commit the header"


def test_a_counter_reused_on_another_side_forgets_its_table(reversi_kernel: ModuleType) -> None:
    # The same discs on a larger board leave more cells to play: stored counts do not carry over.
    _n, black, white = sides(reversi.start(4).rows, "black")
    counter = reversi_kernel.Counter(12)
    assert counter.perft(4, black, white, 5, True) == 424
    assert counter.perft(6, black, white, 5, True) == reversi_kernel.Counter(0).perft(6, black, white, 5, True) == 882


@settings(max_examples=examples(300), deadline=None)
@given(boards(max_n=8, max_empties=64), st.sampled_from(("white", "black")))
def test_children_of_kernel_and_twin_agree(rows: list[list[int]], first: str) -> None:
    n, player, opponent = sides(rows, first)
    found = _reversi_cy.children(n, player, opponent)
    assert found == _reversi_py.children(n, player, opponent)
    # One child per move, each with one more disc, in ascending order of the move's cell.
    moves = [(mine & ~(player | opponent)) for _, mine in found]
    assert all(move and move & (move - 1) == 0 for move in moves)
    assert moves == sorted(moves)
    assert all(bin(theirs | mine).count("1") == bin(player | opponent).count("1") + 1 for theirs, mine in found)


def test_children_are_the_next_ply(reversi_kernel: ModuleType) -> None:
    n, black, white = sides(reversi.start(8).rows, "black")
    assert len(reversi_kernel.children(n, black, white)) == 4
    # Perft one ply deeper is the sum over the children, each seen from the side to move next.
    counter = reversi_kernel.Counter(0)
    below = [counter.perft(n, p, o, 3, True) for p, o in reversi_kernel.children(n, black, white)]
    assert sum(below) == counter.perft(n, black, white, 4, True) == 244
    # No move: no child (the caller handles a pass); a full board likewise.
    assert reversi_kernel.children(3, 0b1, 0) == []
    assert reversi_kernel.children(2, 0b11, 0b1100_0000_0) == []


def test_a_counter_reused_with_another_weight_forgets_its_table(reversi_kernel: ModuleType) -> None:
    # The table holds counts already multiplied by the weight: another weight must not find them.
    n, black, white = sides(reversi.start(4).rows, "black")
    counter = reversi_kernel.Counter(12)
    assert counter.perft(n, black, white, 6, True) == 1256
    assert counter.perft(n, black, white, 6, True, None, 3) == 3 * 1256
    assert counter.perft(n, black, white, 6, True) == 1256
    plain = counter.count(*sides(SAMPLE_2))
    assert counter.count(*sides(SAMPLE_2), None, 5) == tuple(5 * c for c in plain)
    assert counter.count(*sides(SAMPLE_2)) == plain


@pytest.mark.parametrize("bits", [0, 1, 12])
def test_empty_boards_with_and_without_table(bits: int) -> None:
    for n in range(1, 4):
        assert _reversi_cy.Counter(bits).count(n, 0, 0) == (0, 0, 1)
        assert _reversi_cy.Counter(bits).perft(n, 0, 0, 2, True) == 1


# -- progress and polling ------------------------------------------------------
#
# With interval 0 the kernel reports at every look at the clock, that is every
# few thousand nodes (the twin: every 64), so the reports are evenly spaced in
# work, not in time: the share reported halfway through them says how good an
# estimate of the time left a progress bar can make, with no clock in the test.


def start_perft_shares(kernel: ModuleType, depth: int, bits: int) -> list[float]:
    """Every share perft from the 8x8 start (black first) reports, reporting as often as it can."""
    shares: list[float] = []
    n, black, white = sides(reversi.start(8).rows, "black")
    leaves = [*START_PERFT, 24571284][depth - 1]
    assert kernel.Counter(bits).perft(n, black, white, depth, True, shares.append, 1, 0.0) == leaves
    return shares


@pytest.mark.parametrize("bits", [0, 16])
def test_perft_progress_reaches_the_end(reversi_kernel: ModuleType, bits: int) -> None:
    """The start's symmetric children are table hits; their shares are counted, up to 1 in all."""
    shares = start_perft_shares(reversi_kernel, 9 if reversi_kernel is _reversi_cy else 5, bits)
    assert shares == sorted(shares)
    assert shares[-1] == pytest.approx(1.0)


@pytest.mark.parametrize("bits", [0, 16])
def test_count_progress_reaches_the_end(reversi_kernel: ModuleType, bits: int) -> None:
    shares: list[float] = []
    counter = reversi_kernel.Counter(bits)
    assert counter.count(*sides(long_board(reversi_kernel)), shares.append, 1, 0.0) == reversi_kernel.Counter(0).count(
        *sides(long_board(reversi_kernel))
    )
    assert shares == sorted(shares)
    assert shares[-1] == pytest.approx(1.0)


def test_a_count_answered_by_the_table_reports_the_end(reversi_kernel: ModuleType) -> None:
    counter = reversi_kernel.Counter(16)
    args = sides(long_board(reversi_kernel))
    counter.count(*args)
    shares: list[float] = []
    counter.count(*args, shares.append, 1, 0.0)
    assert shares == [pytest.approx(1.0)]
    depth_zero: list[float] = []
    assert counter.perft(*args, 0, True, depth_zero.append) == 1
    assert depth_zero == [1.0]


def test_perft_progress_with_the_table_is_halfway_halfway(reversi_kernel: ModuleType) -> None:
    """Halfway through the work the share is within 1/3..2/3: a bar's time left is within 2x of the truth.

    The table answers a mirror image of a counted position at once, so a share
    split evenly among the start's four (symmetric) moves gave 3/4 of the bar to
    no work, and the bar stopped at a quarter.
    """
    shares = start_perft_shares(reversi_kernel, 10 if reversi_kernel is _reversi_cy else 6, 16)
    assert len(shares) >= 10
    assert 1 / 3 <= shares[len(shares) // 2] <= 2 / 3


def test_progress_waits_for_the_interval(reversi_kernel: ModuleType) -> None:
    """A count shorter than its interval takes the GIL for no report but the last one."""
    shares: list[float] = []
    counter = reversi_kernel.Counter(0)
    counter.count(*sides(long_board(reversi_kernel)), shares.append, 1, 3600.0)
    assert shares == [pytest.approx(1.0)]
    shares.clear()
    n, black, white = sides(reversi.start(8).rows, "black")
    counter.perft(n, black, white, 8 if reversi_kernel is _reversi_cy else 4, True, shares.append, 1, 3600.0)
    assert shares == [pytest.approx(1.0)]


def test_the_default_interval_is_the_registrys(reversi_kernel: ModuleType) -> None:
    from fastpuzzle._contract.registry import POLL_MS

    for method in (reversi_kernel.Counter.count, reversi_kernel.Counter.perft):
        parameters = runtime_parameters(method)
        assert parameters is not None and ("interval", POLL_MS / 1000) in parameters


# -- a table shared by Counters in several threads -------------------------------


def positions_after(kernel: ModuleType, n: int, player: int, opponent: int, plies: int) -> list[tuple[int, int]]:
    """Every position ``plies`` moves below (``player`` to move, ``opponent``), one per line of play (repeats kept)."""
    level = [(player, opponent)]
    for _ in range(plies):
        level = [child for mine, theirs in level for child in kernel.children(n, mine, theirs)]
    return level


def count_parts(
    kernel: ModuleType, table: Any, n: int, parts: list[tuple[int, int]], depth: int | None, threads: int
) -> list[tuple[int, ...]]:
    """Each part's count (perft at ``depth`` in convention A, or games with ``depth`` None), by ``threads`` threads
    with one Counter each on ``table``; every other part with a progress callback, so its shares peek into the table."""
    local = threading.local()

    def count(indexed: tuple[int, tuple[int, int]]) -> tuple[int, ...]:
        index, (player, opponent) = indexed
        counter = getattr(local, "counter", None)
        if counter is None:
            counter = local.counter = kernel.Counter(table=table)
        progress = (lambda done: None) if index % 2 else None
        if depth is None:
            return tuple(counter.count(n, player, opponent, progress))
        return (counter.perft(n, player, opponent, depth, True, progress),)

    with ThreadPoolExecutor(max_workers=threads) as pool:
        return list(pool.map(count, enumerate(parts)))


@pytest.mark.parametrize(("depth", "threads"), [(10, 4), (11, 2)])
def test_a_shared_table_gives_the_serial_counts_under_threads(depth: int, threads: int) -> None:
    # Parts 4 plies below the start (no pass nor ended game there), repeats
    # kept and shuffled, so threads count the same subtrees at the same time.
    n, black, white = sides(reversi.start(8).rows, "black")
    parts = positions_after(_reversi_cy, n, black, white, 4)
    random.Random(depth).shuffle(parts)
    alone = _reversi_cy.Counter(16)
    expected = [(alone.perft(n, player, opponent, depth - 4, True),) for player, opponent in parts]
    assert sum(leaves for (leaves,) in expected) == {10: 24571284, 11: 212258800}[depth]
    # Tables of 2 and 1024 entries: threads hit the same buckets all the time
    # (without the locks, 2 entries gave a wrong part now and then).
    for bits in (1, 2, 2, 10, 16):
        table = _reversi_cy.Table(bits)
        assert count_parts(_reversi_cy, table, n, parts, depth - 4, threads) == expected
        assert table.users == 0


@pytest.mark.slow
def test_a_shared_table_of_two_entries_under_four_threads_many_times() -> None:
    # Every table node of every thread in one bucket: a lost lock shows here first.
    n, black, white = sides(reversi.start(8).rows, "black")
    parts = positions_after(_reversi_cy, n, black, white, 4)
    random.Random(7).shuffle(parts)
    alone = _reversi_cy.Counter(16)
    expected = [(alone.perft(n, player, opponent, 7, True),) for player, opponent in parts]
    for _ in range(20):
        assert count_parts(_reversi_cy, _reversi_cy.Table(1), n, parts, 7, 4) == expected


def test_a_shared_table_gives_the_serial_endgame_counts_under_threads() -> None:
    n, white, black = sides(ENDGAME_12)
    parts = positions_after(_reversi_cy, n, white, black, 2) * 2
    random.Random(12).shuffle(parts)
    alone = _reversi_cy.Counter(16)
    expected = [alone.count(n, player, opponent) for player, opponent in parts]
    for bits in (1, 2, 8, 16):
        table = _reversi_cy.Table(bits)
        assert count_parts(_reversi_cy, table, n, parts, None, 3) == expected


def test_the_twins_shared_table_gives_the_serial_counts_under_threads() -> None:
    n, white, black = sides(SAMPLE_2)
    parts = positions_after(_reversi_py, n, white, black, 2) * 2
    games = [_reversi_py.Counter(0).count(n, player, opponent) for player, opponent in parts]
    assert count_parts(_reversi_py, _reversi_py.Table(6), n, parts, None, 3) == games
    leaves = [(_reversi_py.Counter(0).perft(n, player, opponent, 4, True),) for player, opponent in parts]
    assert count_parts(_reversi_py, _reversi_py.Table(6), n, parts, 4, 3) == leaves


def test_counters_on_a_table_and_on_their_own(reversi_kernel: ModuleType) -> None:
    table = reversi_kernel.Table(10)
    assert table.table_bits == 10 and table.users == 0
    shared = reversi_kernel.Counter(table=table)
    assert shared.table is table and shared.table_bits == 10
    assert reversi_kernel.Counter(10, table=table).table is table
    own = reversi_kernel.Counter(10)
    assert own.table is None and own.table_bits == 10
    n, white, black = sides(SAMPLE_2)
    assert shared.count(n, white, black) == own.count(n, white, black) == (2494, 1813, 519)
    # The second Counter finds the first one's entries: the root is stored.
    other = reversi_kernel.Counter(table=table)
    assert other.count(n, white, black) == (2494, 1813, 519) and other.nodes == 1
    shared.clear()
    assert other.count(n, white, black) == (2494, 1813, 519) and other.nodes > 1


def test_a_table_in_use_keeps_its_kind(reversi_kernel: ModuleType) -> None:
    """While a count uses a table, a count of another kind, board size or weight and clear() are RuntimeErrors."""
    compiled = reversi_kernel is _reversi_cy
    table = reversi_kernel.Table(12)
    n, black, white = sides(reversi.start(8).rows, "black")
    depth = 9 if compiled else 5
    started, finish = threading.Event(), threading.Event()

    def wait_for_the_checks(done: float) -> None:
        started.set()
        assert finish.wait(60)

    first = reversi_kernel.Counter(table=table)
    worker = ThreadPoolExecutor(max_workers=1)
    running = worker.submit(first.perft, n, black, white, depth, True, wait_for_the_checks, 1, 0.0)
    try:
        assert started.wait(60)
        assert table.users == 1
        second = reversi_kernel.Counter(table=table)
        with pytest.raises(RuntimeError, match="in use by a count of another kind"):
            second.perft(n, black, white, 3, False)
        with pytest.raises(RuntimeError, match="in use by a count of another kind"):
            second.count(*sides(SAMPLE_2))
        with pytest.raises(RuntimeError, match="in use by a count of another kind"):
            second.perft(n, black, white, 3, True, None, 2)
        with pytest.raises(RuntimeError, match="in use by a count"):
            table.clear()
        with pytest.raises(RuntimeError, match="in use by a count"):
            second.clear()
        # A count of the same kind shares it.
        assert second.perft(n, black, white, 6, True) == 8200
        assert table.users == 1
    finally:
        finish.set()
        assert running.result() == START_PERFT[depth - 1]
        worker.shutdown()
    assert table.users == 0
    assert second.count(*sides(SAMPLE_2)) == (2494, 1813, 519)
    table.clear()


def test_a_stopped_count_gives_the_table_back(reversi_kernel: ModuleType) -> None:
    table = reversi_kernel.Table(12)
    counter = reversi_kernel.Counter(table=table)
    n, black, white = sides(reversi.start(8).rows, "black")

    def interrupt(done: float) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        counter.perft(n, black, white, 9 if reversi_kernel is _reversi_cy else 5, True, interrupt, 1, 0.0)
    with pytest.raises(ZeroDivisionError):
        counter.count(*sides(long_board(reversi_kernel)), lambda done: 1 / 0, 1, 0.0)
    assert table.users == 0
    # Nothing half-counted was stored, and another kind may take the table.
    assert reversi_kernel.Counter(table=table).count(*sides(SAMPLE_2)) == (2494, 1813, 519)
    table.clear()


# -- plainly written contest positions, read and counted in one call ---------------

#: Ways to write a position other than plainly: solve_plain_texts leaves each to the facade (None).
REVERSI_SPOILERS: dict[str, Callable[[str], str]] = {
    "two spaces": lambda text: text.replace(" ", "  ", 1) if " " in text else text + " ",
    "a tab": lambda text: text.replace(" ", "\t", 1) if " " in text else text + "\t",
    "crlf": lambda text: text.replace("\n", "\r\n"),
    "trailing space": lambda text: text.replace("\n", " \n", 2),
    "plus one": lambda text: text.replace("1", "+1", 1) if "1" in text[2:] else text + "x",
    "a 2": lambda text: text[:2] + "2" + text[3:],
    "row short": lambda text: text[:-3] + "\n" if text.endswith((" 0\n", " 1\n")) else text + "x",
    "text after": lambda text: text + "x",
    "no side": lambda text: text[2:],
}


@settings(max_examples=examples(60), deadline=None)
@given(n=st.integers(1, 8), seed=st.integers(0, 10**6), empties=st.integers(0, 6))
def test_solve_plain_texts_answers_as_the_facade(reversi_kernel: ModuleType, n: int, seed: int, empties: int) -> None:
    """Random boards of up to 6 empty cells: the bulk call gives solve_text's output for plain texts with at
    most most_empties empty cells, and None for more, and for every other way of writing the position."""
    rng = random.Random(seed)
    empty_cells = set(rng.sample(range(n * n), min(empties, n * n)))
    rows = [[-1 if r * n + c in empty_cells else rng.randrange(2) for c in range(n)] for r in range(n)]
    text = str(reversi.from_rows(rows))
    empties = len(empty_cells)
    expected = reversi.solve_text(text)
    plain = [text, text + "\n\n", text[:-1]]
    spoilt = [spoil(text) for spoil in REVERSI_SPOILERS.values()]
    found = reversi_kernel.solve_plain_texts([*plain, *spoilt, None, text.encode()], 16, 20)
    assert found == [expected] * len(plain) + [None] * (len(spoilt) + 2)
    assert reversi_kernel.solve_plain_texts([text], empties - 1, 20) == [None]


@settings(max_examples=examples(60), deadline=None)
@given(n=st.integers(1, 8), seed=st.integers(0, 10**6))
def test_parse_reads_plain_and_spaced_texts_alike(n: int, seed: int) -> None:
    """parse's quick path (values one space apart) gives the board its detailed reader (any spaces and tabs)
    gives."""
    rng = random.Random(seed)
    board = reversi.from_rows([[rng.choice((-1, 0, 1)) for _ in range(n)] for _ in range(n)])
    text = str(board)
    assert reversi.parse(text) == reversi.parse(text.replace(" ", " \t ")) == board
