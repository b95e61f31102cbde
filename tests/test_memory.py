"""Memory limits follow the memory available: the reversi table's default and largest size."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from fastpuzzle import PuzzleTooLargeError, reversi
from fastpuzzle._contract import memory as _memory
from fastpuzzle.reversi import _facade as reversi_facade
from fastpuzzle.reversi import _kernel as _reversi_cy

SAMPLE_2 = "4\n-1 -1 -1 -1\n-1 0 1 0\n-1 1 0 1\n-1 -1 -1 -1\n"


def test_the_memory_available_is_measured() -> None:
    mib = _memory.available_mib()
    assert isinstance(mib, int) and mib > 0
    if os.path.exists("/proc/meminfo"):
        measured = _memory._meminfo_available()
        assert measured is not None and measured > 0
    fallback = _memory._sysconf_available()
    assert fallback is None or fallback > 0


def test_meminfo_is_read_in_kib(tmp_path: Path) -> None:
    meminfo = tmp_path / "meminfo"
    meminfo.write_text("MemTotal:       24000000 kB\nMemFree:   100 kB\nMemAvailable:   2097152 kB\n")
    assert _memory._meminfo_available(str(meminfo)) == 2 << 30
    meminfo.write_text("MemTotal:       24000000 kB\n")
    assert _memory._meminfo_available(str(meminfo)) is None
    assert _memory._meminfo_available(str(tmp_path / "absent")) is None


def test_the_environment_variable_overrides_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FASTPUZZLE_AVAILABLE_MIB", "300")
    assert _memory.available_mib() == 300
    for bad in ("-1", "1e3", "\u0663", "lots"):
        monkeypatch.setenv("FASTPUZZLE_AVAILABLE_MIB", bad)
        with pytest.raises(ValueError, match="^FASTPUZZLE_AVAILABLE_MIB must be a whole number of MiB"):
            _memory.available_mib()


@pytest.mark.parametrize(
    ("available", "largest", "default"), [(100_000, 50_000, 64), (1 << 20, 65536, 64), (100, 50, 50), (1, 0, 0)]
)
def test_default_and_largest_table_follow_the_memory(
    monkeypatch: pytest.MonkeyPatch, available: int, largest: int, default: int
) -> None:
    monkeypatch.setenv("FASTPUZZLE_AVAILABLE_MIB", str(available))
    assert reversi.max_table_size() == largest
    assert reversi.default_table_size() == default


def test_a_table_above_half_the_memory_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    board = reversi.parse(SAMPLE_2)
    monkeypatch.setenv("FASTPUZZLE_AVAILABLE_MIB", "100")
    message = r"^table_size must be at most 50 MiB \(half the 100 MiB of memory available\), got 51$"
    with pytest.raises(PuzzleTooLargeError, match=message):
        reversi.count_games(board, table_size=51)
    with pytest.raises(PuzzleTooLargeError, match=message):
        reversi.perft(board, 3, table_size=51)
    assert isinstance(PuzzleTooLargeError("x"), ValueError)
    # At the limit, and with the default, the counts come out.
    assert reversi.count_games(board, table_size=50) == (1813, 2494, 519)
    assert reversi.count_games(board) == (1813, 2494, 519)
    monkeypatch.setenv("FASTPUZZLE_AVAILABLE_MIB", "0")
    assert reversi.count_games(board) == (1813, 2494, 519)
    with pytest.raises(PuzzleTooLargeError, match=r"^table_size must be at most 0 MiB"):
        reversi.count_games(board, table_size=1)


def test_sizes_round_down_to_a_power_of_two_of_entries(monkeypatch: pytest.MonkeyPatch) -> None:
    """Documented: --table-size 20000 is a 16 GiB table (where 40000 MiB are available)."""
    monkeypatch.setenv("FASTPUZZLE_AVAILABLE_MIB", str(1 << 20))
    entry = _reversi_cy.ENTRY_BYTES  # the twin's entries are as large
    for mib, entries in ((1, (1 << 20) // entry), (20000, (16384 << 20) // entry), (65536, 1 << 30)):
        assert 1 << reversi_facade._table_bits(mib, 99) == entries
