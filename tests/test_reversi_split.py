"""One reversi count split into exact parts: the serial totals at any parallelism, and the checkpoint."""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import threading
import time
import warnings
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import examples, interrupt_cli, run_cli
from fastpuzzle import ArgumentError, CheckpointWarning, reversi, use_kernels
from fastpuzzle._common import checkpoint as _checkpoint
from fastpuzzle._common import executors
from fastpuzzle._common import progress as _progress
from fastpuzzle.reversi import _facade as reversi_facade
from fastpuzzle.reversi import _kernel as _reversi_cy
from fastpuzzle.reversi import _split as _reversi_split

START_8 = reversi.start(8)
#: Perft from the 8x8 start, black first: depth -> (convention A, convention B).
START_PERFT = {9: (3005288, 3005288), 10: (24571284, 24571056), 11: (212258800, 212258216)}
#: The 4x4 start, black first, to the end: 60060 games.
START_4_GAMES = reversi.Counts(black=24632, white=30116, draws=5312)
#: A 6x6 endgame with 14 empties, black to move (random play from the start, seed 0).
ENDGAME_6 = (
    (1, -1, -1, 1, -1, -1),
    (1, 1, 1, -1, -1, 0),
    (1, 0, 0, 1, 1, 0),
    (1, 1, 0, 1, -1, 0),
    (1, -1, 1, 1, 1, -1),
    (-1, -1, 1, -1, -1, -1),
)
ENDGAME_6_GAMES = reversi.Counts(black=7338399, white=1215859, draws=456593)


def spawned_pool() -> ProcessPoolExecutor:
    """Two worker processes, started afresh (no fork of a process that runs threads)."""
    return ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn"))


@pytest.fixture(scope="module")
def processes() -> Iterator[ProcessPoolExecutor]:
    with spawned_pool() as pool:
        yield pool


@pytest.fixture
def small_frontier(monkeypatch: pytest.MonkeyPatch) -> None:
    """A frontier of a few dozen parts: small boards then split too, and Dask runs few tasks."""
    monkeypatch.setattr(_reversi_split, "FRONTIER_TARGET", 40)


def part_lines(path: Path) -> list[dict[str, Any]]:
    """The finished parts a checkpoint records (every line after the header)."""
    lines = path.read_text().splitlines()
    return [json.loads(line) for line in lines[1:]]


# -- the serial totals --------------------------------------------------------


@pytest.mark.parametrize("depth", sorted(START_PERFT))
@pytest.mark.parametrize("convention", ["A", "B"])
def test_split_perft_from_the_start_is_the_serial_count(depth: int, convention: str) -> None:
    expected = START_PERFT[depth][convention == "B"]
    assert reversi.perft(START_8, depth, to_move="black", convention=convention) == expected
    assert reversi.perft(START_8, depth, to_move="black", convention=convention, jobs=2) == expected


@pytest.mark.parametrize("target", [_reversi_split.FRONTIER_TARGET, 40, 2])
def test_split_games_of_the_4x4_start(monkeypatch: pytest.MonkeyPatch, target: int) -> None:
    monkeypatch.setattr(_reversi_split, "FRONTIER_TARGET", target)
    board = reversi.start(4)
    assert reversi.count_games(board, to_move="black", jobs=2) == START_4_GAMES
    assert sum(START_4_GAMES) == 60060
    # White first: the same games with the colours swapped.
    assert reversi.count_games(board, to_move="white", jobs=2) == reversi.Counts(30116, 24632, 5312)


def test_split_6x6_endgame() -> None:
    assert reversi.count_games(ENDGAME_6, to_move="black") == ENDGAME_6_GAMES
    assert reversi.count_games(ENDGAME_6, to_move="black", jobs=2) == ENDGAME_6_GAMES


@pytest.mark.parametrize("depth", [0, 1, 2, 7])
@pytest.mark.parametrize("convention", ["A", "B"])
def test_shallow_and_ended_games(monkeypatch: pytest.MonkeyPatch, depth: int, convention: str) -> None:
    # Depths reached before the frontier, and games that end before it (with passes on the way).
    monkeypatch.setattr(_reversi_split, "FRONTIER_TARGET", 3)
    board = reversi.from_rows([[-1, -1, -1, -1], [-1, 0, 1, 0], [-1, 1, 0, 1], [-1, -1, -1, -1]])
    for colour in ("white", "black"):
        serial = reversi.perft(board, depth, to_move=colour, convention=convention)
        assert reversi.perft(board, depth, to_move=colour, convention=convention, jobs=1) == serial
    assert reversi.count_games(board, jobs=1) == reversi.count_games(board) == (1813, 2494, 519)


def test_split_on_the_twin(small_frontier: None) -> None:
    board = reversi.from_rows([[-1, -1, -1, -1], [-1, 0, 1, 0], [-1, 1, 0, 1], [-1, -1, -1, -1]])
    with use_kernels("twin"):
        assert reversi.count_games(board, jobs=2) == (1813, 2494, 519)
        assert reversi.perft(board, 6, jobs=2, convention="B") == reversi.perft(board, 6, convention="B")


def test_split_on_a_process_pool(processes: ProcessPoolExecutor) -> None:
    for convention in ("A", "B"):
        expected = START_PERFT[10][convention == "B"]
        assert reversi.perft(START_8, 10, to_move="black", convention=convention, executor=processes) == expected
    assert reversi.count_games(ENDGAME_6, to_move="black", executor=processes) == ENDGAME_6_GAMES


def test_split_games_of_the_4x4_start_on_a_process_pool(processes: ProcessPoolExecutor, small_frontier: None) -> None:
    assert reversi.count_games(reversi.start(4), to_move="black", executor=processes) == START_4_GAMES


def test_split_on_a_dask_cluster(dask_client: Any, small_frontier: None) -> None:
    # A few dozen parts each: the default frontier's 1773 tasks cost Dask seconds (the slow test below).
    assert reversi.count_games(reversi.start(4), to_move="black", executor=dask_client) == START_4_GAMES
    assert reversi.count_games(ENDGAME_6, to_move="black", executor=dask_client) == ENDGAME_6_GAMES
    for convention in ("A", "B"):
        expected = START_PERFT[11][convention == "B"]
        assert reversi.perft(START_8, 11, to_move="black", convention=convention, executor=dask_client) == expected


@pytest.mark.slow
@pytest.mark.parametrize("depth", sorted(START_PERFT))
@pytest.mark.parametrize("convention", ["A", "B"])
def test_split_perft_on_a_dask_cluster_every_depth(dask_client: Any, depth: int, convention: str) -> None:
    expected = START_PERFT[depth][convention == "B"]
    assert reversi.perft(START_8, depth, to_move="black", convention=convention, executor=dask_client) == expected


@pytest.mark.slow
def test_split_games_on_a_dask_cluster_with_the_default_frontier(dask_client: Any) -> None:
    assert reversi.count_games(ENDGAME_6, to_move="black", executor=dask_client) == ENDGAME_6_GAMES


# -- the frontier ---------------------------------------------------------------


def test_the_first_ply_of_the_start_is_one_position() -> None:
    kernel = _reversi_cy
    black, white = START_8.discs(1), START_8.discs(0)
    children = kernel.children(8, black, white)
    assert len(children) == 4
    assert len({_reversi_split.canonical(kernel, 8, *child) for child in children}) == 1


def test_the_frontier_merges_mirror_images(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_reversi_split, "FRONTIER_TARGET", 2)
    black, white = START_8.discs(1), START_8.discs(0)
    frontier = _reversi_split.expand(8, black, white, _reversi_split.BLACK, 9, True)
    # Ply 1: 4 moves, one position (below the target of 2); ply 2: 12 positions, 3 unique.
    assert frontier.ply == 2 and len(frontier.parts) == 3 and frontier.depth == 7
    assert sum(white + black for white, black in frontier.multiplicities) == 12
    # Two plies on (a black move, a white move), black is to move again.
    assert all(white == 0 for white, _ in frontier.multiplicities)
    assert frontier.settled == [0]


def test_the_frontier_is_the_same_whatever_runs_it() -> None:
    black, white = START_8.discs(1), START_8.discs(0)
    first = _reversi_split.expand(8, black, white, _reversi_split.BLACK, 12, True)
    again = _reversi_split.expand(8, black, white, _reversi_split.BLACK, 12, True)
    assert first.parts == again.parts and first.multiplicities == again.multiplicities
    assert first.ply == 6 and len(first.parts) == 1773 >= _reversi_split.FRONTIER_TARGET


def test_worker_threads_share_one_table_and_reuse_one_counter_each(monkeypatch: pytest.MonkeyPatch) -> None:
    tables: list[Any] = []
    lock = threading.Lock()

    class CountingCounter(_reversi_cy.Counter):
        def __init__(self, table_bits: int = 0, *, table: Any = None) -> None:
            with lock:
                tables.append(table)

    monkeypatch.setattr(_reversi_cy, "Counter", CountingCounter)
    with use_kernels("compiled"):
        assert reversi.perft(START_8, 9, to_move="black", jobs=2) == START_PERFT[9][0]
    # At most one Counter per worker thread, all on one Table of the count's size.
    assert 1 <= len(tables) <= 2
    assert all(isinstance(table, _reversi_cy.Table) and table is tables[0] for table in tables)
    assert tables[0].table_bits == reversi_facade._table_bits(None, 9 + 8) and tables[0].users == 0
    # Once the pool's threads are gone, so are their Counters and the Table.
    tables.clear()
    assert not _reversi_split._tables


def test_split_counts_of_two_kinds_at_once_get_a_table_each(small_frontier: None) -> None:
    # Two split counts side by side in one process: a Table holds one kind of
    # count, so counts of another kind (or board size) get a table of their own.
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(3) as pool:
        perft_a = pool.submit(reversi.perft, START_8, 10, to_move="black", jobs=2)
        perft_b = pool.submit(reversi.perft, START_8, 10, to_move="black", convention="B", jobs=2)
        games = pool.submit(reversi.count_games, ENDGAME_6, to_move="black", jobs=2)
        assert perft_a.result() == START_PERFT[10][0]
        assert perft_b.result() == START_PERFT[10][1]
        assert games.result() == ENDGAME_6_GAMES


def test_the_progress_bar_counts_parts(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(_progress, "DELAY", 0.0)
    assert reversi.perft(START_8, 9, to_move="black", jobs=2, progress=True) == START_PERFT[9][0]
    assert "/1773 " in capsys.readouterr().err
    assert reversi.perft(START_8, 9, to_move="black", jobs=2, progress=False) == START_PERFT[9][0]
    assert capsys.readouterr().err == ""


# -- the checkpoint ---------------------------------------------------------------


def test_a_complete_checkpoint_is_not_counted_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "count.jsonl"
    assert reversi.perft(START_8, 9, to_move="black", checkpoint=path) == START_PERFT[9][0]
    header = json.loads(path.read_text().splitlines()[0])
    assert header == {
        "fastpuzzle": "reversi split count",
        "version": 2,
        "kind": "perft",
        "board": str(START_8),
        "to_move": "black",
        "depth": 9,
        "convention": "A",
        "frontier_ply": 6,
        "parts": 1773,
    }
    assert sorted(line["part"] for line in part_lines(path)) == list(range(1773))
    before = path.read_bytes()

    def no_counting(*args: object) -> None:
        raise AssertionError("a part was counted again")

    monkeypatch.setattr(_reversi_split, "count_part", no_counting)
    assert reversi.perft(START_8, 9, to_move="black", checkpoint=str(path)) == START_PERFT[9][0]
    assert path.read_bytes() == before


def test_resuming_says_so_in_one_line_unless_progress_is_off(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "count.jsonl"
    assert reversi.perft(START_8, 7, to_move="black", jobs=1, checkpoint=path) == 55092
    assert capsys.readouterr().err == ""  # a new checkpoint: nothing to resume
    assert reversi.perft(START_8, 7, to_move="black", jobs=1, checkpoint=path) == 55092
    parts = len(part_lines(path))
    assert capsys.readouterr().err == f"fastpuzzle: reversi: resuming: {parts} of {parts} parts done\n"
    assert reversi.perft(START_8, 7, to_move="black", jobs=1, checkpoint=path, progress=False) == 55092
    assert capsys.readouterr().err == ""


def test_games_checkpoint_resumes(tmp_path: Path, small_frontier: None) -> None:
    path = tmp_path / "games.jsonl"
    assert reversi.count_games(ENDGAME_6, to_move="black", checkpoint=path, jobs=2) == ENDGAME_6_GAMES
    lines = path.read_text().splitlines(keepends=True)
    assert json.loads(lines[0])["kind"] == "games" and json.loads(lines[0])["depth"] is None
    # Keep half the parts and a torn line, as a kill in the middle of a write leaves it.
    kept = lines[: 1 + (len(lines) - 1) // 2]
    path.write_text("".join(kept) + lines[-1][:7])
    with pytest.warns(CheckpointWarning, match=rf"checkpoint {path}: 1 damaged line dropped"):
        assert reversi.count_games(ENDGAME_6, to_move="black", checkpoint=path, jobs=2) == ENDGAME_6_GAMES
    resumed = path.read_text().splitlines(keepends=True)
    assert resumed[: len(kept)] == kept and len(resumed) == len(lines)
    assert sorted(line["part"] for line in part_lines(path)) == list(range(len(lines) - 1))


def test_a_checkpoint_of_another_count_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "count.jsonl"
    reversi.perft(START_8, 8, to_move="black", checkpoint=path)
    before = path.read_bytes()
    with pytest.raises(ArgumentError, match=rf"checkpoint {path} belongs to another count \(differs in depth\)"):
        reversi.perft(START_8, 9, to_move="black", checkpoint=path)
    with pytest.raises(ArgumentError, match="belongs to another count .*kind.*depth.*convention"):
        reversi.count_games(START_8, to_move="black", checkpoint=path)
    assert path.read_bytes() == before


def _counted_again(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """The parts a count counts, as they are counted (count_part spied on)."""
    counted: list[tuple[int, int]] = []
    real = _reversi_split.count_part

    def spy(n: int, player: int, opponent: int, *rest: Any) -> Any:
        counted.append((player, opponent))
        return real(n, player, opponent, *rest)

    monkeypatch.setattr(_reversi_split, "count_part", spy)
    return counted


@pytest.mark.parametrize(
    "damage",
    [
        "not json",
        '{"part": 0}',
        '{"part": 99999, "key": [1, 2], "result": [1], "check": "0"}',
        "[" * 100_000,  # deep enough to stop json's recursion
        "x" * (1 << 17),  # longer than any line is read
    ],
)
def test_a_damaged_line_is_dropped_and_its_part_counted_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: str
) -> None:
    path = tmp_path / "count.jsonl"
    reversi.perft(START_8, 8, to_move="black", checkpoint=path)
    lines = path.read_text().splitlines(keepends=True)
    # The line of part 5 replaced by the damage: that part, and only it, is counted again.
    victim = next(i for i, line in enumerate(lines) if i and json.loads(line)["part"] == 5)
    lost = tuple(json.loads(lines[victim])["key"])
    path.write_text("".join(lines[:victim]) + damage + "\n" + "".join(lines[victim + 1 :]))
    counted = _counted_again(monkeypatch)
    with pytest.warns(CheckpointWarning, match=rf"checkpoint {path}: 1 damaged line dropped"):
        assert reversi.perft(START_8, 8, to_move="black", checkpoint=path) == 390216
    assert counted == [lost]
    # The file was rewritten without the damage: the next run reads it silently.
    assert damage not in path.read_text() and sorted(line["part"] for line in part_lines(path)) == list(range(1773))
    assert reversi.perft(START_8, 8, to_move="black", checkpoint=path) == 390216


def test_a_part_line_cut_short_at_the_end_is_damage_said_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The last line cut short (a full disk, a copy cut off): its part is counted again, with the warning line."""
    path = tmp_path / "count.jsonl"
    reversi.perft(START_8, 8, to_move="black", checkpoint=path)
    text = path.read_text()
    lost = tuple(json.loads(text.splitlines()[-1])["key"])
    path.write_text(text[:-20])
    counted = _counted_again(monkeypatch)
    with pytest.warns(CheckpointWarning, match=rf"checkpoint {path}: 1 damaged line dropped"):
        assert reversi.perft(START_8, 8, to_move="black", checkpoint=path) == 390216
    assert counted == [lost]
    assert len(part_lines(path)) == 1773


def test_a_checkpoint_through_a_symbolic_link(tmp_path: Path) -> None:
    """The file a link names is read, rewritten and locked: the link stays, and every name of it shares one lock."""
    path = tmp_path / "count.jsonl"
    link = tmp_path / "link.jsonl"
    link.symlink_to(path.name)
    assert reversi.perft(START_8, 8, to_move="black", checkpoint=link) == 390216
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(lines[:3]) + "damage\n" + "".join(lines[4:]))
    with pytest.warns(CheckpointWarning, match=rf"checkpoint {link}: 1 damaged line dropped"):
        assert reversi.perft(START_8, 8, to_move="black", checkpoint=link) == 390216
    assert link.is_symlink() and "damage" not in path.read_text()
    assert sorted(os.listdir(tmp_path)) == ["count.jsonl", "count.jsonl.lock", "link.jsonl"]
    held = _checkpoint.lock(str(path), str(path))  # a run on the file by its own name
    try:
        with pytest.raises(ArgumentError, match=rf"checkpoint {link} is in use by another run"):
            reversi.perft(START_8, 8, to_move="black", checkpoint=link)
    finally:
        held.release()


def test_a_checkpoint_path_with_a_nul_is_an_argument_error() -> None:
    with pytest.raises(ArgumentError, match="checkpoint must name a file, got a path with a NUL character"):
        reversi.perft(START_8, 8, to_move="black", checkpoint="count\0.jsonl")


def test_an_edited_result_is_never_trusted(tmp_path: Path) -> None:
    """Every one-digit change in a result, and a line of another count: dropped by the checksum, recounted."""
    path = tmp_path / "count.jsonl"
    reversi.perft(START_8, 8, to_move="black", checkpoint=path)
    good = path.read_text().splitlines(keepends=True)
    other = tmp_path / "other.jsonl"
    reversi.perft(START_8, 7, to_move="black", checkpoint=other)
    foreign = other.read_text().splitlines(keepends=True)[1]
    for digit in "0123456789":
        line = json.loads(good[3])
        changed = str(line["result"][0])[:-1] + digit
        if changed == str(line["result"][0]):
            continue
        line["result"][0] = int(changed)
        for edited in (json.dumps(line) + "\n", foreign):
            path.write_text(good[0] + good[1] + good[2] + edited + "".join(good[4:]))
            with pytest.warns(CheckpointWarning, match="1 damaged line dropped"):
                assert reversi.perft(START_8, 8, to_move="black", checkpoint=path) == 390216


@settings(max_examples=examples(300), deadline=None)
@given(data=st.data())
def test_random_damage_never_gives_a_wrong_total(tmp_path_factory: pytest.TempPathFactory, data: st.DataObject) -> None:
    """Bit flips, changed digits, cut, doubled and swapped lines in a checkpoint of perft 7 (1773 parts): the right
    total, or a clear ArgumentError naming the checkpoint."""
    folder = tmp_path_factory.mktemp("damage")
    path = folder / "count.jsonl"
    original = _perft7_checkpoint(folder)
    damaged = bytearray(original)
    for _ in range(data.draw(st.integers(1, 4))):
        how = data.draw(st.sampled_from(["flip", "digit", "cut", "double", "swap"]))
        if how == "flip" and damaged:
            at = data.draw(st.integers(0, len(damaged) - 1))
            damaged[at] ^= 1 << data.draw(st.integers(0, 7))
        elif how == "digit":
            digits = [i for i, byte in enumerate(damaged) if chr(byte).isdigit()]
            if digits:
                damaged[data.draw(st.sampled_from(digits))] = ord(data.draw(st.sampled_from("0123456789")))
        else:
            lines = bytes(damaged).split(b"\n")
            i = data.draw(st.integers(0, len(lines) - 1))
            j = data.draw(st.integers(0, len(lines) - 1))
            if how == "cut":
                lines[i] = lines[i][: data.draw(st.integers(0, len(lines[i])))]
            elif how == "double":
                lines.insert(i, lines[j])
            else:
                lines[i], lines[j] = lines[j], lines[i]
            damaged = bytearray(b"\n".join(lines))
    path.write_bytes(bytes(damaged))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", CheckpointWarning)
        try:
            total = reversi.perft(START_8, 7, to_move="black", checkpoint=path)
        except ArgumentError as error:
            assert str(error).startswith(f"checkpoint {path}")
            return
    assert total == 55092


_PERFT7: dict[str, bytes] = {}


def _perft7_checkpoint(folder: Path) -> bytes:
    """A whole checkpoint of perft 7 from the 8x8 start (made once)."""
    if "text" not in _PERFT7:
        path = folder / "perft7.jsonl"
        reversi.perft(START_8, 7, to_move="black", checkpoint=path)
        _PERFT7["text"] = path.read_bytes()
    return _PERFT7["text"]


def test_a_second_run_on_a_checkpoint_is_refused_at_once(tmp_path: Path) -> None:
    path = tmp_path / "count.jsonl"
    first = _checkpoint.Checkpoint(path, {"fastpuzzle": "test"}, [], 1)
    try:
        began = time.monotonic()
        with pytest.raises(ArgumentError, match=rf"checkpoint {path} is in use by another run"):
            reversi.perft(START_8, 8, to_move="black", checkpoint=path)
        assert time.monotonic() - began < 5
    finally:
        first.close()
    path.unlink()
    assert reversi.perft(START_8, 8, to_move="black", checkpoint=path) == 390216


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null"])
def test_a_checkpoint_must_be_a_regular_file(device: str) -> None:
    if not os.path.exists(device):
        pytest.skip(f"no {device} here")
    with pytest.raises(ArgumentError, match=f"checkpoint {device} is not a regular file"):
        reversi.perft(START_8, 8, to_move="black", checkpoint=device)
    assert not os.path.exists(device + ".lock")


def test_a_fifo_is_refused_without_waiting(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(ArgumentError, match="is not a regular file"):
        reversi.perft(START_8, 8, to_move="black", checkpoint=fifo)


def test_a_torn_header_starts_afresh(tmp_path: Path) -> None:
    path = tmp_path / "count.jsonl"
    path.write_text('{"fastpuzzle": "rev')
    assert reversi.perft(START_8, 8, to_move="black", checkpoint=path) == 390216
    assert json.loads(path.read_text().splitlines()[0])["depth"] == 8


def test_another_file_is_never_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    for text in ("my notes", "8\n-1 -1\n", "my notes\n"):
        path.write_text(text)
        with pytest.raises(ArgumentError, match=f"checkpoint {path}"):
            reversi.perft(START_8, 8, to_move="black", checkpoint=path)
        assert path.read_text() == text


def test_an_unwritable_checkpoint_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "missing" / "count.jsonl"
    with pytest.raises(ArgumentError, match=f"cannot use checkpoint {path}: No such file or directory"):
        reversi.perft(START_8, 8, to_move="black", checkpoint=path)
    assert not path.parent.exists()


def test_split_arguments_are_checked() -> None:
    with pytest.raises(ArgumentError, match="jobs must be a whole number"):
        reversi.perft(START_8, 5, jobs=0)
    with pytest.raises(ArgumentError, match="not both"):
        reversi.count_games(START_8, jobs=2, executor=object())
    with pytest.raises(TypeError, match="checkpoint must be a path"):
        reversi.perft(START_8, 5, checkpoint=3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="expected a concurrent.futures.Executor"):
        reversi.perft(START_8, 5, executor=object())


def test_a_killed_worker_then_the_checkpoint_resumes(tmp_path: Path) -> None:
    path = tmp_path / "count.jsonl"
    killed: list[int] = []
    sampled = 1 + _reversi_split.SAMPLE_PARTS

    with spawned_pool() as pool:

        def kill_a_worker_once_some_parts_are_in() -> None:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                # Beyond the sample counted here first: parts a worker process counted.
                if pool._processes and path.exists() and len(path.read_text().splitlines()) > sampled + 10:
                    pid = next(iter(pool._processes))
                    os.kill(pid, signal.SIGKILL)
                    killed.append(pid)
                    return
                time.sleep(0.002)

        killer = threading.Thread(target=kill_a_worker_once_some_parts_are_in)
        killer.start()
        try:
            with pytest.raises(BrokenProcessPool):
                reversi.perft(START_8, 12, to_move="black", executor=pool, checkpoint=path)
        finally:
            killer.join()
    assert killed
    finished = [line["part"] for line in part_lines(path)]
    assert 10 <= len(finished) < 1773
    with spawned_pool() as pool:
        assert reversi.perft(START_8, 12, to_move="black", executor=pool, checkpoint=path) == 1939886636
    parts = [line["part"] for line in part_lines(path)]
    # Only the missing parts were counted: the lines added are exactly those, each part once.
    assert parts[: len(finished)] == finished
    assert sorted(parts[len(finished) :]) == sorted(set(range(1773)) - set(finished))


# -- chunks for an executor ---------------------------------------------------------


@pytest.fixture
def chunks_sent(monkeypatch: pytest.MonkeyPatch) -> list[list[int]]:
    """The chunks each count of the test handed to its executor (appended as :func:`chunked` makes them)."""
    sent: list[list[int]] = []
    chunked = _reversi_split.chunked

    def recording(missing: Any, seconds: float, workers: int) -> list[list[int]]:
        chunks = chunked(missing, seconds, workers)
        sent.extend(chunks)
        return chunks

    monkeypatch.setattr(_reversi_split, "chunked", recording)
    return sent


def assert_each_part_once(path: Path, parts: int) -> None:
    """The checkpoint at ``path`` has one line per part, each part once."""
    assert sorted(line["part"] for line in part_lines(path)) == list(range(parts))


@pytest.mark.parametrize("where", ["processes", "dask_client"])
@pytest.mark.parametrize("convention", ["A", "B"])
def test_chunks_keep_the_totals_and_a_line_per_part(
    request: pytest.FixtureRequest, chunks_sent: list[list[int]], tmp_path: Path, where: str, convention: str
) -> None:
    # The default frontier, 1773 parts, in a few chunks, on a process pool or a local Dask cluster of two workers.
    executor = request.getfixturevalue(where)
    path = tmp_path / "count.jsonl"
    expected = START_PERFT[10][convention == "B"]
    assert reversi.perft(START_8, 10, to_move="black", convention=convention, executor=executor, checkpoint=path) == (
        expected
    )
    # Parts went in chunks of many, and the sample's parts in none of them.
    assert max(len(chunk) for chunk in chunks_sent) > 1
    assert len(chunks_sent) <= _reversi_split.CHUNKS_PER_WORKER * 2
    chunked_parts = [index for chunk in chunks_sent for index in chunk]
    assert len(set(chunked_parts)) == len(chunked_parts) < 1773
    assert_each_part_once(path, 1773)
    games = tmp_path / "games.jsonl"
    assert reversi.count_games(ENDGAME_6, to_move="black", executor=executor, checkpoint=games) == ENDGAME_6_GAMES
    assert_each_part_once(games, json.loads(games.read_text().splitlines()[0])["parts"])


def test_chunks_on_a_dask_cluster_count_on_the_callers_kernel(dask_client: Any) -> None:
    with use_kernels("twin"):  # its kernel's name travels with the task: the workers count on the twin too
        assert reversi.count_games(reversi.start(4), to_move="black", executor=dask_client) == START_4_GAMES


def test_the_chunks_of_a_dask_view_are_for_its_workers(dask_client: Any, chunks_sent: list[list[int]]) -> None:
    # The command line hands the split Dask's executor view: its workers are the cluster's threads, 2 here.
    view = executors.as_executor(dask_client)
    assert executors.workers_of(view, None) == executors.workers_of(dask_client, None) == 2
    assert reversi.perft(START_8, 9, to_move="black", executor=view) == START_PERFT[9][0]
    assert 1 <= len(chunks_sent) <= _reversi_split.CHUNKS_PER_WORKER * 2


def test_a_chunked_resume_counts_only_the_missing_parts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from concurrent.futures import ThreadPoolExecutor

    path = tmp_path / "count.jsonl"
    assert reversi.perft(START_8, 9, to_move="black", checkpoint=path, jobs=2) == START_PERFT[9][0]
    lines = path.read_text().splitlines(keepends=True)
    kept = lines[:700]  # the header and 699 parts
    path.write_text("".join(kept))
    done = {line["part"] for line in part_lines(path)}
    frontier = _reversi_split.expand(8, START_8.discs(1), START_8.discs(0), _reversi_split.BLACK, 9, True)
    counted: list[tuple[int, int]] = []
    lock = threading.Lock()
    count_part = _reversi_split.count_part

    def recording(n: int, player: int, opponent: int, *args: Any) -> Any:
        with lock:
            counted.append((player, opponent))
        return count_part(n, player, opponent, *args)

    sampled: list[int] = []
    sample = _reversi_split.seconds_per_part

    def recording_sample(n: int, frontier: Any, ended: bool, bits: int, missing: Any, keep: Any) -> float:
        def keeping(index: int, result: Any) -> None:
            sampled.append(index)
            keep(index, result)

        return sample(n, frontier, ended, bits, missing, keeping)

    monkeypatch.setattr(_reversi_split, "count_part", recording)
    monkeypatch.setattr(_reversi_split, "seconds_per_part", recording_sample)
    # A user's thread pool is an executor like any other: chunks, run here where count_part can be watched.
    with ThreadPoolExecutor(2) as pool:
        assert reversi.perft(START_8, 9, to_move="black", checkpoint=path, executor=pool) == START_PERFT[9][0]
    missing = set(range(1773)) - done
    assert sampled and set(sampled) <= missing
    # The sample's parts were counted here, the others on the pool: each missing part once, no other.
    assert sorted(frontier.parts.index(key) for key in counted) == sorted(missing - set(sampled))
    parts = [line["part"] for line in part_lines(path)]
    assert parts[: len(done)] == [json.loads(line)["part"] for line in kept[1:]]
    assert sorted(parts[len(done) :]) == sorted(missing)


def test_a_killed_dask_worker_still_gives_the_exact_total(tmp_path: Path) -> None:
    # The worker dies in the middle of a chunk: Dask counts that chunk again elsewhere, its parts once.
    from conftest import local_dask_client

    path = tmp_path / "count.jsonl"
    killed: list[int] = []
    with local_dask_client() as client:
        pids = client.run(os.getpid)  # worker address -> process id
        started = threading.Event()

        def kill_a_worker_while_chunks_run() -> None:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                busy = [worker for worker, tasks in client.processing().items() if tasks]
                if busy and started.is_set():
                    time.sleep(0.05)  # into the chunk
                    os.kill(pids[busy[0]], signal.SIGKILL)
                    killed.append(len(path.read_text().splitlines()) - 1)  # the parts in by then
                    return
                time.sleep(0.005)

        sample = _reversi_split.seconds_per_part

        def then_start(*args: Any) -> float:
            seconds = sample(*args)
            started.set()
            return seconds

        killer = threading.Thread(target=kill_a_worker_while_chunks_run)
        killer.start()
        try:
            with pytest.MonkeyPatch.context() as patch:
                patch.setattr(_reversi_split, "seconds_per_part", then_start)
                leaves = reversi.perft(START_8, 12, to_move="black", executor=client, checkpoint=path)
        finally:
            killer.join()
    assert killed and killed[0] < 1773  # killed in the middle of the count
    assert leaves == 1939886636
    assert_each_part_once(path, 1773)


def test_our_own_threads_count_part_by_part(chunks_sent: list[list[int]], tmp_path: Path) -> None:
    # jobs=: no sample and no chunks, each part a task (Ctrl-C stops within a part).
    assert reversi.perft(START_8, 9, to_move="black", jobs=2, checkpoint=tmp_path / "c.jsonl") == START_PERFT[9][0]
    assert chunks_sent == []


def test_few_parts_go_one_a_chunk_without_a_sample(monkeypatch: pytest.MonkeyPatch, small_frontier: None) -> None:
    from concurrent.futures import ThreadPoolExecutor

    def no_sample(*args: object) -> float:
        raise AssertionError("no sample for so few parts")

    monkeypatch.setattr(_reversi_split, "seconds_per_part", no_sample)
    monkeypatch.setattr(_reversi_split, "CHUNKS_PER_WORKER", 100)
    with ThreadPoolExecutor(2) as pool:
        assert reversi.count_games(reversi.start(4), to_move="black", executor=pool) == START_4_GAMES


def test_the_bar_moves_a_part_at_a_time_as_chunks_return(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], processes: ProcessPoolExecutor
) -> None:
    monkeypatch.setattr(_progress, "DELAY", 0.0)
    seen: list[float] = []
    finished = _reversi_split._Task.finished

    def watching(task: Any, index: int, result: Any) -> None:
        finished(task, index, result)
        seen.append(len(task.results))

    monkeypatch.setattr(_reversi_split._Task, "finished", watching)
    assert reversi.perft(START_8, 9, to_move="black", executor=processes, progress=True) == START_PERFT[9][0]
    assert seen == list(range(1, 1774))
    assert "/1773 parts" in capsys.readouterr().err


def test_a_long_part_stops_the_sample_and_is_not_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    # Perft 20 from the start: no part ends within the sample's time; it is stopped, nothing kept.
    frontier = _reversi_split.expand(8, START_8.discs(1), START_8.discs(0), _reversi_split.BLACK, 20, True)
    kept: list[int] = []
    monkeypatch.setattr(_reversi_split, "SAMPLE_SECONDS", 0.01)
    seconds = _reversi_split.seconds_per_part(8, frontier, True, 16, range(1773), lambda i, r: kept.append(i))
    assert seconds == float("inf") and kept == []
    assert _reversi_split.chunked(range(1773), seconds, 2) == [[index] for index in range(1773)]


def test_the_sample_is_exact_and_spread(monkeypatch: pytest.MonkeyPatch) -> None:
    frontier = _reversi_split.expand(8, START_8.discs(1), START_8.discs(0), _reversi_split.BLACK, 8, True)
    monkeypatch.setattr(_reversi_split, "SAMPLE_SECONDS", 60.0)
    kept: dict[int, Any] = {}
    missing = list(range(0, 1773, 3))
    seconds = _reversi_split.seconds_per_part(8, frontier, True, 16, missing, kept.__setitem__)
    assert 0 < seconds < float("inf")
    assert list(kept) == _reversi_split.sample_order(missing) and len(kept) == _reversi_split.SAMPLE_PARTS
    for index, result in kept.items():
        assert result == _reversi_split.count_part(8, *frontier.parts[index], frontier.depth, True, 16)
    # Spread: any first 2**j of the sample fall one in each 2**j-th of the missing parts.
    order = _reversi_split.sample_order(missing)
    assert len(set(order)) == len(order) and set(order) <= set(missing)
    for j in range(_reversi_split.SAMPLE_PARTS.bit_length()):
        slices = {missing.index(index) * 2**j // len(missing) for index in order[: 2**j]}
        assert slices == set(range(2**j))
    assert _reversi_split.sample_order([5]) == [5] and _reversi_split.sample_order([]) == []


@settings(max_examples=300, deadline=None)
@given(
    count=st.integers(0, 5000),
    seconds=st.one_of(st.floats(1e-7, 1e4), st.just(0.0), st.just(float("inf"))),
    workers=st.integers(1, 300),
    step=st.integers(1, 3),
)
def test_chunks_cover_every_part_once_in_sizes_as_promised(count: int, seconds: float, workers: int, step: int) -> None:
    missing = list(range(0, count * step, step))
    chunks = _reversi_split.chunked(missing, seconds, workers)
    # Every part exactly once, in order, no chunk empty, sizes within one of each other.
    assert [index for chunk in chunks for index in chunk] == missing
    if not missing:
        assert chunks == []
        return
    sizes = [len(chunk) for chunk in chunks]
    assert min(sizes) >= 1 and max(sizes) - min(sizes) <= 1
    smallest, largest = _reversi_split._chunk_bounds(seconds, count)
    balanced = min(count, _reversi_split.CHUNKS_PER_WORKER * workers)
    # No chunk holds more than CHUNK_SECONDS of work (but one part).
    assert max(sizes) <= largest
    if seconds > 0 and seconds != float("inf"):
        assert max(sizes) == 1 or max(sizes) * seconds <= _reversi_split.CHUNK_SECONDS
    # Never more chunks than the balance asks, unless chunks would be too long.
    assert len(chunks) <= max(balanced, -(-count // largest))
    if -(-count // largest) <= balanced:
        # Each chunk holds TASK_SECONDS of work at least, unless everything is in one chunk ...
        assert len(chunks) == 1 or min(sizes) >= smallest
        # ... and there are as many chunks as the balance asks whenever they hold that much.
        if count // smallest >= balanced:
            assert len(chunks) == balanced


# -- the command line ---------------------------------------------------------------


def test_cli_split_perft_with_a_checkpoint(tmp_path: Path) -> None:
    path = tmp_path / "perft10.jsonl"
    args = ("reversi", "--perft", "10", "--to-move", "black", "--jobs", "2", "--checkpoint", str(path))
    result = run_cli(*args, stdin=str(START_8))
    assert (result.returncode, result.stdout, result.stderr) == (0, "24571284\n", "")
    complete = path.read_bytes()
    assert len(part_lines(path)) == 1773
    # Resumed from a complete checkpoint: the same answer, nothing counted (no line added), one line said.
    result = run_cli(*args, stdin=str(START_8))
    resuming = "fastpuzzle: reversi: resuming: 1773 of 1773 parts done\n"
    assert (result.returncode, result.stdout, result.stderr) == (0, "24571284\n", resuming)
    assert path.read_bytes() == complete
    # Resumed from part of it: the parts done are counted, the rest counted now.
    lines = complete.splitlines(keepends=True)
    path.write_bytes(b"".join(lines[:177]))
    result = run_cli(*args, stdin=str(START_8))
    resuming = "fastpuzzle: reversi: resuming: 176 of 1773 parts done\n"
    assert (result.returncode, result.stdout, result.stderr) == (0, "24571284\n", resuming)
    assert len(part_lines(path)) == 1773
    # --checkpoint alone splits too (on the usable CPUs).
    result = run_cli("reversi", "--perft", "10", "--to-move", "black", "--checkpoint", str(path), stdin=str(START_8))
    assert (result.returncode, result.stdout) == (0, "24571284\n")


def test_cli_split_count_of_games(tmp_path: Path) -> None:
    board = str(reversi.from_rows(ENDGAME_6))
    result = run_cli("reversi", "--to-move", "black", "--jobs", "2", stdin=board)
    assert (result.returncode, result.stdout, result.stderr) == (0, reversi.format(ENDGAME_6_GAMES), "")


def test_cli_checkpoint_of_another_count(tmp_path: Path) -> None:
    path = tmp_path / "count.jsonl"
    assert run_cli("reversi", "--perft", "8", "--checkpoint", str(path), stdin=str(START_8)).returncode == 0
    result = run_cli("reversi", "--perft", "9", "--checkpoint", str(path), stdin=str(START_8))
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == f"fastpuzzle: reversi: checkpoint {path} belongs to another count (differs in depth)\n"


def test_cli_unwritable_checkpoint(tmp_path: Path) -> None:
    path = tmp_path / "missing" / "count.jsonl"
    result = run_cli("reversi", "--perft", "8", "--checkpoint", str(path), stdin=str(START_8))
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == f"fastpuzzle: reversi: cannot use checkpoint {path}: No such file or directory\n"
    result = run_cli("reversi", "--perft", "8", "--checkpoint", str(tmp_path), stdin=str(START_8))
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == f"fastpuzzle: reversi: checkpoint {tmp_path} is not a regular file\n"


def test_cli_checkpoint_is_not_for_a_batch(tmp_path: Path) -> None:
    result = run_cli("reversi", "--batch", "--checkpoint", str(tmp_path / "count.jsonl"), stdin=str(START_8))
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("fastpuzzle: reversi: --checkpoint applies to one count, not with --batch")
    assert result.stderr.count("\n") == 1


def test_cli_ctrl_c_stops_a_split_count(tmp_path: Path) -> None:
    board = tmp_path / "start.txt"
    board.write_text(str(START_8))
    path = tmp_path / "count.jsonl"
    code, out, err = interrupt_cli(
        "reversi",
        "--perft",
        "15",
        "--to-move",
        "black",
        "--jobs",
        "2",
        "--checkpoint",
        str(path),
        str(board),
        after=3.0,
    )
    assert (code, out, err) == (130, b"", b"fastpuzzle: reversi: interrupted\n")
    # Every line written is whole: the header, then finished parts.
    text = path.read_text()
    assert text.endswith("\n")
    header = json.loads(text.splitlines()[0])
    assert header["depth"] == 15
    # The count's own reader, which a resumed run uses, takes every line.
    frontier = _reversi_split.expand(8, START_8.discs(1), START_8.discs(0), _reversi_split.BLACK, 15, True)
    book = _checkpoint.Checkpoint(path, header, [list(part) for part in frontier.parts], 1)
    book.close()
    assert len(book.finished) == len(part_lines(path))
    assert path.read_text() == text


def test_cli_split_on_a_dask_scheduler(dask_client: Any, tmp_path: Path) -> None:
    path = tmp_path / "count.jsonl"
    address = dask_client.scheduler.address
    result = run_cli(
        "reversi",
        "--perft",
        "9",
        "--to-move",
        "black",
        "--scheduler",
        address,
        "--checkpoint",
        str(path),
        stdin=str(START_8),
    )
    assert (result.returncode, result.stdout) == (0, "3005288\n"), result.stderr
    assert len(part_lines(path)) == 1773


def _refused_port() -> int:
    """A port of 127.0.0.1 where nothing listens: bound, then closed (a connection to it is refused)."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def test_cli_no_dask_scheduler_there() -> None:
    """Nothing listens at the address: the refused connection is reported at once, not after Dask's 10 s."""
    pytest.importorskip("distributed")
    address = f"tcp://127.0.0.1:{_refused_port()}"
    began = time.monotonic()
    result = run_cli("reversi", "--perft", "5", "--scheduler", address, stdin=str(START_8))
    assert time.monotonic() - began < executors.CONNECT_SECONDS / 2
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == (
        f"fastpuzzle: reversi: cannot reach the Dask scheduler at {address}: connection refused "
        "(nothing listens there; is the scheduler started, and is the port right?)\n"
    )


def test_a_refused_address_is_told_from_one_that_listens() -> None:
    import socket

    assert executors.refused(f"tcp://127.0.0.1:{_refused_port()}")
    with socket.create_server(("127.0.0.1", 0)) as server:
        assert not executors.refused(f"tcp://127.0.0.1:{server.getsockname()[1]}")
    assert not executors.refused("ucx://127.0.0.1:1")  # not a TCP port: left to Dask
