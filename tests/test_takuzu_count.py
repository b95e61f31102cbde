"""Counting 01-game grids without listing them: the counters against the listing search, the reference and
OEIS A253316; split counts on threads, a process pool and Dask; the checkpoint; the choice between listing
and counting."""

from __future__ import annotations

import json
import random
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import examples, interrupt_cli, kernel_fixture, run_cli
from fastpuzzle import ArgumentError, PuzzleTooLargeError, Status, takuzu, use_kernels
from fastpuzzle.takuzu import _counting
from fastpuzzle.takuzu import _facade as takuzu_facade
from fastpuzzle.takuzu import _kernel as _takuzu_cy
from reference_takuzu import takuzu_all_grids, takuzu_solutions

takuzu_kernel = kernel_fixture("takuzu")

#: OEIS A253316: the grids of side 2, 4, 6, 8 under the distinct rule (10 in the slow tests).
A253316 = {2: 2, 4: 72, 6: 4140, 8: 4111116}
#: Free-rule grids, width x height.
FREE = {(4, 4): 90, (6, 6): 11222, (6, 8): 229798, (8, 8): 12413918}
SHAPES = [(w, h) for w in (2, 4, 6, 8) for h in (2, 4, 6, 8)]
CODES = bytes.maketrans(b"01_", b"\x00\x01\x02")


def cells_of(rows: tuple[str, ...]) -> bytes:
    return "".join(rows).encode().translate(CODES)


def puzzle(rows: Any, unique_rows: bool = True) -> takuzu.Puzzle:
    return takuzu.from_rows(tuple(rows), unique_rows=unique_rows)


def blank(width: int, height: int, unique_rows: bool = True) -> takuzu.Puzzle:
    return puzzle(["_" * width] * height, unique_rows)


def count_by_pairs(kernel: ModuleType, width: int, height: int, cells: bytes) -> int:
    """The meet's count, pair by pair, without the facade."""
    meet = kernel.MeetCounter(width, height, cells, 0xFFFF, 1 << 30)
    middle = height // 2
    total = 0
    for above in meet.candidates(middle - 1):
        for below in meet.candidates(middle):
            if above != below:
                status, count = meet.count_pair(above, below)
                assert status == Status.EXHAUSTED
                total += count
    return total


def count_by_rows(kernel: ModuleType, width: int, height: int, cells: bytes) -> int:
    counter = kernel.RowCounter(width, height, cells, 1 << 30)
    while counter.run() == Status.PAUSED:
        pass
    return int(counter.total)


@pytest.mark.parametrize(("side", "total"), sorted(A253316.items()))
def test_a253316(side: int, total: int) -> None:
    assert takuzu.count_solutions(blank(side, side)) == total
    assert _counting.count_whole(blank(side, side), progress=False) == total


@pytest.mark.parametrize(("shape", "total"), sorted(FREE.items()))
def test_free_counts(shape: tuple[int, int], total: int) -> None:
    width, height = shape
    assert takuzu.count_solutions(blank(width, height, False)) == total
    assert takuzu.count_solutions(blank(height, width, False)) == total  # the transposed grids


@pytest.mark.slow
def test_a253316_side_10() -> None:
    assert takuzu.count_solutions(blank(10, 10), jobs=2) == 48_183_195_384


@pytest.mark.parametrize(("width", "height"), SHAPES)
@pytest.mark.parametrize("unique_rows", [True, False], ids=["unique", "free"])
def test_every_blank_shape_against_the_reference(width: int, height: int, unique_rows: bool) -> None:
    """Every shape up to 8x8: the counters, on the kernel and the twin, against the reference's grids (up to
    36 cells) or the listing search."""
    grid = blank(width, height, unique_rows)
    if width * height <= 36:
        expected = len(takuzu_all_grids(width, height, unique_rows))
    elif unique_rows:
        expected = takuzu_facade._count_listing(grid, None)
    else:
        expected = FREE[(width, height)] if (width, height) in FREE else FREE[(height, width)]
    assert _counting.count_whole(grid, progress=False) == expected
    with use_kernels("twin"):
        if width * height <= 36:
            assert _counting.count_whole(grid, progress=False) == expected


@st.composite
def partial_grids(draw: st.DrawFn, most_side: int = 8) -> tuple[tuple[str, ...], bool]:
    """A grid of any shape up to ``most_side``, both rules: a valid grid's cells kept with some chance, and a
    few cells set at random (so that some grids have no solution)."""
    width = draw(st.sampled_from(range(2, most_side + 1, 2)))
    height = draw(st.sampled_from(range(2, most_side + 1, 2)))
    unique_rows = draw(st.booleans())
    seed = draw(st.integers(0, 2**32 - 1))
    rng = random.Random(seed)
    try:
        solved = takuzu.solve(takuzu.generate(width, height, seed=seed, unique_rows=unique_rows))
    except (ArgumentError, ValueError):  # a shape the rule has no grid of
        solved = tuple("_" * width for _ in range(height))
    keep = draw(st.floats(0.0, 0.9))
    rows = ["".join(ch if rng.random() < keep else "_" for ch in row) for row in solved]
    for _ in range(draw(st.integers(0, 2))):
        r, c = rng.randrange(height), rng.randrange(width)
        rows[r] = rows[r][:c] + rng.choice("01") + rows[r][c + 1 :]
    return tuple(rows), unique_rows


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(partial_grids())
def test_partial_grids_against_the_listing_search(grid: tuple[tuple[str, ...], bool]) -> None:
    rows, unique_rows = grid
    draft = puzzle(rows, unique_rows)
    if takuzu_facade._rule_problem(draft) is not None:
        return
    try:
        listed = takuzu_facade._count_listing(draft, 20_000)
    except PuzzleTooLargeError:
        return
    if listed == 20_000:
        return
    assert _counting.count_whole(draft, progress=False) == listed


@settings(max_examples=examples(50), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(partial_grids(most_side=6))
def test_kernel_and_twin_count_alike(grid: tuple[tuple[str, ...], bool]) -> None:
    """The two counters of the kernel and of the twin, on every part: the same counts, lines and candidates;
    and the reference's solutions."""
    from fastpuzzle.takuzu import _kernel, _twin

    rows = grid[0]
    width, height, cells = len(rows[0]), len(rows), cells_of(rows)
    counts = []
    for kernel in (_kernel, _twin):
        meet = kernel.MeetCounter(width, height, cells, 0xFFFF, 1 << 30)
        shape = (meet.lines, [meet.line(n) for n in range(meet.lines)])
        shape += tuple(meet.candidates(r) for r in range(height))  # type: ignore[assignment]
        counts.append(
            (shape, count_by_pairs(kernel, width, height, cells), count_by_rows(kernel, width, height, cells))
        )
    assert counts[0] == counts[1]
    if width * height <= 36:
        assert counts[0][1] == len(takuzu_solutions(rows, True))
        assert counts[0][2] == len(takuzu_solutions(rows, False))


def transposed(rows: tuple[str, ...]) -> tuple[str, ...]:
    return tuple("".join(column) for column in zip(*rows))


#: A 12x12 draft with billions of completions under the distinct rule (a generated puzzle's solution, most
#: cells erased at random).
def billions_draft(seed: int, keep: float) -> tuple[str, ...]:
    solved = takuzu.solve(takuzu.generate(12, 12, seed=seed))
    rng = random.Random(seed)
    return tuple("".join(ch if rng.random() < keep else "_" for ch in row) for row in solved)


def test_partial_12x12_counts_agree_with_their_transposes_free() -> None:
    """Counts in the millions, past what the listing search is for: the grid and its transpose (other rows
    for the dynamic program) give the same count."""
    rows = billions_draft(4, 0.2)
    count = takuzu.count_solutions(puzzle(rows, False))
    assert count > 10**6
    assert takuzu.count_solutions(puzzle(transposed(rows), False)) == count


def test_partial_12x12_counts_agree_with_their_transposes_unique() -> None:
    """The distinct rule's count of a grid and of its transpose, each pair by pair in its own orientation
    (other lines, other middle rows): the facade counts both in the orientation with fewer parts."""
    rows = billions_draft(4, 0.2)
    count = takuzu.count_solutions(puzzle(rows))
    assert count > 10**6
    assert count_by_pairs(_takuzu_cy, 12, 12, cells_of(rows)) == count
    assert count_by_pairs(_takuzu_cy, 12, 12, cells_of(transposed(rows))) == count


def test_the_orientation_with_fewer_parts_is_counted() -> None:
    """A grid whose two middle columns are given and the rest open is counted transposed (its transpose's
    middle rows hold one line each); its transpose as it is; a blank square as it is."""
    solved = takuzu.solve(takuzu.generate(12, 12, seed=4))
    rows = tuple("".join(cell if column in (5, 6) else "_" for column, cell in enumerate(row)) for row in solved)
    chosen = _counting.oriented(puzzle(rows))
    assert chosen.rows == transposed(rows)
    assert _counting.oriented(chosen) is chosen
    assert _counting.oriented(blank(12, 12)) == blank(12, 12)


@pytest.mark.slow
def test_a_partial_12x12_with_over_a_billion_completions() -> None:
    rows = billions_draft(3, 0.18)
    count = takuzu.count_solutions(puzzle(rows, False))
    assert count == 1_241_160_403
    assert takuzu.count_solutions(puzzle(transposed(rows), False)) == count


def test_split_parts_of_a_blank_grid_are_merged_by_symmetry() -> None:
    parts = _counting.parts_of(blank(8, 8))
    assert sum(parts.multiplicities) == 34 * 33
    assert len(parts.pairs) < 34 * 33 // 4
    assert _counting.parts_of(puzzle(["0" + "_" * 7] + ["_" * 8] * 7)).multiplicities == [1] * len(
        _counting.parts_of(puzzle(["0" + "_" * 7] + ["_" * 8] * 7)).pairs
    )


@pytest.mark.parametrize("unique_rows", [True, False], ids=["unique", "free"])
def test_split_on_threads_and_a_process_pool(unique_rows: bool) -> None:
    grid = puzzle(billions_draft(5, 0.45), unique_rows)
    whole = _counting.count_whole(grid, progress=False)
    assert takuzu.count_solutions(grid, jobs=2, progress=False) == whole
    with ProcessPoolExecutor(2) as pool:
        assert takuzu.count_solutions(grid, executor=pool, progress=False) == whole


def test_split_on_dask(dask_client: Any) -> None:
    grid = blank(8, 8)
    assert takuzu.count_solutions(grid, executor=dask_client, progress=False) == A253316[8]


def test_checkpoint_records_every_part_and_resumes_the_missing_ones(tmp_path: Path) -> None:
    path = tmp_path / "count.jsonl"
    grid = blank(8, 8)
    assert takuzu.count_solutions(grid, checkpoint=path, jobs=2, progress=False) == A253316[8]
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    assert header["fastpuzzle"] == "takuzu split count" and header["parts"] == len(lines) - 1
    # Half the parts lost: the resumed count counts them again, and only them.
    kept = lines[: 1 + header["parts"] // 2]
    path.write_text("\n".join(kept) + "\n")
    asked: list[list[int]] = []
    real = _counting._run_threads

    def spy(grid: Any, parts: Any, missing: list[int], *rest: Any) -> None:
        asked.append(list(missing))
        real(grid, parts, missing, *rest)

    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(_counting, "_run_threads", spy)
        assert takuzu.count_solutions(grid, checkpoint=path, jobs=2, progress=False) == A253316[8]
    done = {json.loads(line)["part"] for line in kept[1:]}
    assert asked == [[part for part in range(header["parts"]) if part not in done]]
    assert sorted(path.read_text().splitlines()[1:]) == sorted(lines[1:])
    with pytest.raises(ArgumentError, match="belongs to another count"):
        takuzu.count_solutions(blank(8, 8, False), checkpoint=path, progress=False)


def test_the_bound_refuses_a_count_that_could_pass_2_to_the_128() -> None:
    grid = blank(64, 64, False)
    assert _counting.count_bound(grid) >= 1 << 128
    with pytest.raises(PuzzleTooLargeError, match=r"2\*\*128"):
        _counting.count_whole(grid, progress=False)


def test_the_memory_bound_is_said(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_counting, "COUNT_MIB", 0)
    with pytest.raises(PuzzleTooLargeError, match="0 MiB"):
        _counting.count_whole(blank(8, 8, False), progress=False)
    with pytest.raises(PuzzleTooLargeError, match="0 MiB"):
        _counting.count_whole(blank(8, 8), progress=False)


def test_a_part_holds_each_set_once() -> None:
    """A blank 10x10's part whose middle rows are each other's complement (the largest kind) counts within
    8 MiB in the compiled kernel: each side's records take the place of its sequences, and a side sorts its
    sequences in place when the bound leaves no room for a copy (at 8 MiB the bottom does, at 1 GiB
    neither side). Records kept apart from the sequences, with a sorted copy, took 18 MB; 4 MiB is too
    little, and the bound says so."""
    for bound, expected in (
        (1 << 30, (Status.EXHAUSTED, 88125746)),
        (8 << 20, (Status.EXHAUSTED, 88125746)),
        (4 << 20, (Status.TOO_LARGE, 0)),
    ):
        meet = _takuzu_cy.MeetCounter(10, 10, bytes([2]) * 100, 0xFFFF, bound)
        lines = {meet.line(number): number for number in range(meet.lines)}
        above = lines[0b0010011011]
        below = lines[0b0010011011 ^ 0b1111111111]
        assert meet.count_pair(above, below) == expected


def test_a_stopped_meet_answers_paused_at_once(takuzu_kernel: ModuleType) -> None:
    meet = takuzu_kernel.MeetCounter(12, 12, bytes([2]) * 144, 0xFFFF, 1 << 30)
    above, below = meet.candidates(5)[:2]
    meet.stop()
    assert meet.count_pair(above, below) == (Status.PAUSED, 0)


def test_few_solutions_are_listed_and_many_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    """One rule: the listing answers while it finds at most FEW_LISTED; past that, the counters."""
    few = puzzle(billions_draft(7, 0.7))
    many = blank(8, 8)

    def no_counter(*args: Any) -> int:
        raise AssertionError("counted without listing")

    with monkeypatch.context() as patched:
        patched.setattr(_counting, "count_whole", no_counter)
        assert takuzu.count_solutions(few) <= takuzu_facade.FEW_LISTED
        assert takuzu.count_solutions(many, limit=takuzu_facade.FEW_LISTED) == takuzu_facade.FEW_LISTED
    listed: list[Any] = []
    real = takuzu_facade._count_listing

    def spy(grid: takuzu.Puzzle, limit: Any) -> int:
        listed.append(limit)
        return real(grid, limit)

    monkeypatch.setattr(takuzu_facade, "_count_listing", spy)
    assert takuzu.count_solutions(many) == A253316[8]
    assert listed == [takuzu_facade.FEW_LISTED + 1]


def test_limit_caps_a_count_without_listing() -> None:
    assert takuzu.count_solutions(blank(8, 8), limit=5_000) == 5_000
    assert takuzu.count_solutions(blank(8, 8), limit=10**12) == A253316[8]


def test_cli_count_resumes_from_its_checkpoint(tmp_path: Path) -> None:
    grid = tmp_path / "blank.txt"
    grid.write_text("8\n" + "________\n" * 8)
    path = tmp_path / "count.jsonl"
    result = run_cli("takuzu", "--count", "--checkpoint", str(path), str(grid))
    assert (result.returncode, result.stdout, result.stderr) == (0, "4111116\n", "")
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:10]) + "\n")
    result = run_cli("takuzu", "--count", "--jobs", "2", "--checkpoint", str(path), str(grid))
    assert (result.returncode, result.stdout) == (0, "4111116\n")
    assert f"resuming: 9 of {len(lines) - 1} parts done" in result.stderr
    assert sorted(path.read_text().splitlines()) == sorted(lines)


@pytest.mark.slow
def test_cli_count_split_and_resumed(tmp_path: Path) -> None:
    grid = tmp_path / "blank.txt"
    grid.write_text("10\n" + "__________\n" * 10)
    path = tmp_path / "count.jsonl"
    code, out, err = interrupt_cli("takuzu", "--count", "--jobs", "2", "--checkpoint", str(path), str(grid), after=3.0)
    assert code == 130 and out == b"" and err.endswith(b"interrupted\n")
    done = len(path.read_text().splitlines()) - 1
    assert 0 < done < 931
    result = run_cli("takuzu", "--count", "--jobs", "2", "--checkpoint", str(path), str(grid))
    assert (result.returncode, result.stdout) == (0, "48183195384\n")
    assert f"resuming: {done} of 931 parts done" in result.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--jobs", "2"], "give --count"),
        (["--checkpoint", "x.jsonl"], "give --count"),
        (["--count", "--checkpoint", ""], "--checkpoint needs a file name"),
        (["--count", "--batch", "--checkpoint", "x"], "not with --batch"),
    ],
)
def test_cli_refuses_split_options_without_a_count(args: list[str], message: str) -> None:
    result = run_cli("takuzu", *args, stdin="4\n____\n____\n____\n____\n")
    assert result.returncode == 2 and message in result.stderr
