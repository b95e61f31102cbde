"""The reversi facade: parsing, validation, counting, perft and the progress bar."""

from __future__ import annotations

import re
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fastpuzzle
from conftest import examples, facade_fixture
from fastpuzzle import ParseError, PuzzleTooLargeError, reversi
from fastpuzzle._common import progress as _progress
from fastpuzzle._contract.registry import PUZZLES
from reference_reversi import count_games as reference_count
from reference_reversi import perft as reference_perft

reversi_facade = facade_fixture("reversi")

SAMPLE_1 = "3\n-1 0 1\n0 1 0\n1 0 -1\n"
SAMPLE_2 = "4\n-1 -1 -1 -1\n-1 0 1 0\n-1 1 0 1\n-1 -1 -1 -1\n"


def test_samples() -> None:
    assert fastpuzzle.solve_text("reversi", SAMPLE_1) == "2 0 0\n"
    assert fastpuzzle.solve_text("reversi", SAMPLE_2) == "1813 2494 519\n"


def test_samples_on_both_implementations(reversi_facade: ModuleType) -> None:
    counts = reversi_facade.count_games(reversi_facade.parse(SAMPLE_1))
    assert isinstance(counts, reversi_facade.Counts)
    assert counts == (2, 0, 0) and (counts.black, counts.white, counts.draws) == (2, 0, 0)
    assert reversi_facade.solve(reversi_facade.parse(SAMPLE_2)) == reversi_facade.Counts(1813, 2494, 519)
    assert reversi_facade.solve_text(SAMPLE_2) == "1813 2494 519\n"
    assert reversi_facade.count_games(reversi_facade.parse(SAMPLE_2)) == (1813, 2494, 519)
    assert reversi_facade.count_games(reversi_facade.parse(SAMPLE_2), table_size=0) == (1813, 2494, 519)


def test_first_black_and_colour_symmetry(reversi_facade: ModuleType) -> None:
    board = reversi.parse(SAMPLE_2)
    swapped = reversi.from_rows([[1 - cell if cell >= 0 else -1 for cell in row] for row in board.rows])
    black, white, draws = reversi_facade.count_games(board, to_move="white")
    assert reversi_facade.count_games(board) == (black, white, draws)
    assert reversi_facade.count_games(swapped, to_move="black") == (white, black, draws)
    assert reversi_facade.count_games(board, to_move="black") == reference_count([list(row) for row in board.rows], "B")
    assert reversi_facade.solve(board, to_move="black") == reversi_facade.count_games(board, to_move="black")
    assert reversi_facade.solve(swapped, to_move="black") == (white, black, draws)


def test_4x4_start(reversi_facade: ModuleType) -> None:
    assert sum(reversi_facade.count_games(reversi.start(4), to_move="black")) == 60060


def test_perft_from_the_start() -> None:
    board = reversi.start(8)
    assert [reversi.perft(board, d, to_move="black") for d in range(7)] == [1, 4, 12, 56, 244, 1396, 8200]
    assert reversi.perft(board, 10, to_move="black", convention="A") == 24571284
    assert reversi.perft(board, 10, to_move="black", convention="B", table_size=0) == 24571056
    # The deepest perft allowed; no game here lasts that long, so A counts every game and B none.
    small = reversi.start(4)
    assert reversi.perft(small, reversi.MAX_DEPTH, to_move="black") == sum(reversi.count_games(small, to_move="black"))
    assert reversi.perft(small, reversi.MAX_DEPTH, to_move="black", convention="B") == 0


def test_perft_on_both_implementations(reversi_facade: ModuleType) -> None:
    rows = [list(row) for row in reversi.parse(SAMPLE_2).rows]
    for depth in (3, 9):
        for convention, ended in (("A", True), ("B", False)):
            expected = reference_perft(rows, depth, "W", ended)
            assert reversi_facade.perft(reversi.parse(SAMPLE_2), depth, convention=convention) == expected


@settings(max_examples=examples(100), deadline=None)
@given(
    st.integers(1, 4).flatmap(
        lambda n: st.lists(st.lists(st.sampled_from((-1, 0, 1)), min_size=n, max_size=n), min_size=n, max_size=n)
    ),
    st.sampled_from(("white", "black")),
)
def test_random_boards_through_the_facade(rows: list[list[int]], to_move: str) -> None:
    assert reversi.count_games(rows, to_move=to_move) == reference_count(rows, to_move[0].upper())
    board = reversi.from_rows(rows)
    assert reversi.parse(str(board)).rows == tuple(map(tuple, rows))
    # What the kernel trusts (it no longer checks): no cell holds both colours, no disc lies off the board.
    n = len(rows)
    on_board = sum(1 << (8 * r + c) for r in range(n) for c in range(n))
    white, black = board.discs(0), board.discs(1)
    assert white & black == 0 and (white | black) & ~on_board == 0


@pytest.mark.parametrize(
    "text",
    [
        " 4 \n" + SAMPLE_2.split("\n", 1)[1],
        SAMPLE_2.replace(" ", "\t"),
        SAMPLE_2.replace(" ", "   "),
    ],
    ids=["padded-header", "tabs", "wide"],
)
def test_liberal_in_small_things(text: str) -> None:
    """Beyond what tests/test_cases.py checks for every puzzle."""
    assert fastpuzzle.solve_text("reversi", text) == "1813 2494 519\n"


@pytest.mark.parametrize(
    ("text", "line", "column", "message"),
    [
        ("", 1, 1, r"expected n \(the side of the board\), found end of input"),
        ("0\n", 1, 1, "expected n .* from 1 to 8, found '0'"),
        ("9\n", 1, 1, "expected n .* from 1 to 8, found '9'"),
        ("x\n", 1, 1, r"expected n .* \(an integer\), found 'x'"),
        ("3 3\n", 1, 3, "expected n .*, found an extra value '3'"),
        ("3\n-1 0 1\n0 2 0\n1 0 -1\n", 3, 3, "expected -1, 0 or 1, found '2'"),
        ("3\n-1 0 1\n0 x 0\n1 0 -1\n", 3, 3, "expected -1, 0 or 1, found 'x'"),
        ("3\n-1 0 1\n0 1\n1 0 -1\n", 3, 4, "expected 3 values in row 2 of 3, found 2 values"),
        ("3\n-1 0 1\n0 1 0 1\n1 0 -1\n", 3, 7, "expected 3 values in row 2 of 3, found an extra value '1'"),
        ("3\n-1 0 1\n\n0 1 0\n1 0 -1\n", 3, 1, "expected 3 values in row 2 of 3, found a blank line"),
        ("3\n-1 0 1\n0 1 0\n", 4, 1, "expected 3 values in row 3 of 3, found end of input"),
        ("3\n-1 0 1\n0 1 0\n1 0 -1\n1 1 1\n", 5, 1, "expected nothing after the 3 rows, found '1 1 1'"),
        ("3\n-1,0,1\n0 1 0\n1 0 -1\n", 2, 7, "expected 3 values in row 1 of 3, found 1 value"),
        ("3\n-101\n0 1 0\n1 0 -1\n", 2, 5, "expected 3 values in row 1 of 3, found 1 value"),
        ("3\n-1 00 1\n0 1 0\n1 0 -1\n", 2, 4, "expected -1, 0 or 1, found '00'"),
    ],
    ids=[
        "empty",
        "n-zero",
        "n-nine",
        "n-text",
        "n-extra",
        "value-2",
        "value-x",
        "short-row",
        "long-row",
        "blank-between",
        "missing-row",
        "extra-row",
        "commas",
        "run-together",
        "padded-value",
    ],
)
def test_bad_input_names_line_and_column(text: str, line: int, column: int, message: str) -> None:
    with pytest.raises(ParseError, match=f"^line {line}, column {column}: {message}$") as caught:
        reversi.parse(text)
    assert (caught.value.line, caught.value.column) == (line, column)


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ([], "row 1, column 1: expected 1 to 8 rows, found 0"),
        ([[0, 1], [1]], "row 2, column 2: expected 2 values in row 2 of 2, found 1"),
        ([[0, 1], [1, 2]], "row 2, column 2: expected -1, 0 or 1, found '2'"),
        ([[0, True], [1, 0]], "row 1, column 2: expected -1, 0 or 1, found 'True'"),
        ([[0, 1.0], [1, 0]], "row 1, column 2: expected -1, 0 or 1, found '1.0'"),
        ([[0, 1], ["1", 0]], "row 2, column 1: expected -1, 0 or 1, found .*"),
        ([[0, None], [1, 0]], "row 1, column 2: expected -1, 0 or 1, found 'None'"),
        ([[-1] * 9] * 9, "row 1, column 1: expected 1 to 8 rows, found 9"),
        ([[-1] * 9] * 8, "row 1, column 9: expected 8 values in row 1 of 8, found 9"),
    ],
)
def test_from_rows_checks_like_parse(rows: list[list[int]], message: str) -> None:
    with pytest.raises(ParseError, match=f"^{message}$"):
        reversi.from_rows(rows)
    with pytest.raises(TypeError, match="use parse"):
        reversi.from_rows("3\n-1 0 1\n")


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        (None, "^expected a sequence of rows, found NoneType$"),
        (3, "^expected a sequence of rows, found int$"),
        ([[0, 1], "10"], "^row 2 is str, expected a sequence of integers$"),
        ([[0, 1], 5], "^row 2 is int, expected a sequence of integers$"),
    ],
)
def test_from_rows_type_errors(rows: Any, message: str) -> None:
    with pytest.raises(TypeError, match=message):
        reversi.from_rows(rows)


def test_from_rows_takes_integer_like_cells() -> None:
    numpy = pytest.importorskip("numpy")
    expected = reversi.parse(SAMPLE_1)
    rows = [[-1, 0, 1], [0, 1, 0], [1, 0, -1]]
    assert reversi.from_rows(numpy.array(rows)) == expected
    assert reversi.from_rows(numpy.array(rows, dtype=numpy.int8)) == expected
    assert reversi.from_rows([[numpy.int64(v) for v in row] for row in rows]) == expected
    assert all(type(cell) is int for row in reversi.from_rows(numpy.array(rows)).rows for cell in row)
    assert reversi.count_games(numpy.array(rows)) == (2, 0, 0)
    with pytest.raises(ParseError, match="^row 1, column 1: expected -1, 0 or 1, found"):
        reversi.from_rows(numpy.array(rows, dtype=bool))


def test_the_limits_come_from_the_registry() -> None:
    assert PUZZLES["reversi"].limits == {"MAX_N": 8, "MAX_TABLE_BITS": 30, "DEFAULT_TABLE_MIB": 64}
    assert (reversi.MAX_N, reversi.MAX_DEPTH, reversi.DEFAULT_TABLE_SIZE) == (8, 128, 64)


def test_bad_arguments(reversi_facade: ModuleType) -> None:
    """The facade checks what the kernel only asserts (and a release build may not assert at all)."""
    board = reversi_facade.parse(SAMPLE_1)
    for to_move in ("red", "White", "B"):
        with pytest.raises(ValueError, match=f"^to_move must be 'white' or 'black', got '{to_move}'$"):
            reversi_facade.count_games(board, to_move=to_move)
        with pytest.raises(ValueError, match=f"^to_move must be 'white' or 'black', got '{to_move}'$"):
            reversi_facade.perft(board, 2, to_move=to_move)
        with pytest.raises(ValueError, match=f"^to_move must be 'white' or 'black', got '{to_move}'$"):
            reversi_facade.solve(board, to_move=to_move)
    with pytest.raises(ValueError, match="^convention must be 'A' or 'B', got 'C'$"):
        reversi_facade.perft(board, 2, convention="C")
    with pytest.raises(ValueError, match="^depth must be at least 0, got -1$"):
        reversi_facade.perft(board, -1)
    with pytest.raises(ValueError, match="^depth must be at most 128, got 129$"):
        reversi_facade.perft(board, reversi_facade.MAX_DEPTH + 1)
    for depth in (True, 2.0, "2", None):
        with pytest.raises(TypeError, match=f"^depth must be an integer, got {type(depth).__name__}$"):
            reversi_facade.perft(board, depth)
    with pytest.raises(ValueError, match="^table_size must be at least 0, got -5$"):
        reversi_facade.count_games(board, table_size=-5)
    with pytest.raises(ValueError, match="^table_size must be at least 0, got -1$"):
        reversi_facade.perft(board, 2, table_size=-1)
    for size in (True, 1.5, "64"):
        with pytest.raises(TypeError, match=f"^table_size must be an integer, got {type(size).__name__}$"):
            reversi_facade.count_games(board, table_size=size)
        with pytest.raises(TypeError, match=f"^table_size must be an integer, got {type(size).__name__}$"):
            reversi_facade.perft(board, 2, table_size=size)
    for n in (0, 3, 10):
        with pytest.raises(ValueError, match=f"^n must be an even number from 2 to 8, got {n}$"):
            reversi_facade.start(n)
    for side in (True, 4.0):
        with pytest.raises(TypeError, match=f"^n must be an integer, got {type(side).__name__}$"):
            reversi_facade.start(side)


def test_to_move_is_keyword_only(reversi_facade: ModuleType) -> None:
    board = reversi_facade.parse(SAMPLE_1)
    with pytest.raises(TypeError, match="positional argument"):
        reversi_facade.count_games(board, "black")
    with pytest.raises(TypeError, match="positional argument"):
        reversi_facade.perft(board, 2, "black")
    with pytest.raises(TypeError, match="positional argument"):
        reversi_facade.solve(board, "black")
    with pytest.raises(TypeError, match="first"):
        reversi_facade.count_games(board, first="black")


def test_any_table_size_gives_the_kernel_what_it_takes_or_an_error(reversi_facade: ModuleType) -> None:
    """The kernel asserts 0 <= table_bits <= MAX_TABLE_BITS; a size beyond what it takes is an error, not a cap."""
    board = reversi_facade.parse(SAMPLE_2)
    for size in (0, 1, 64):
        assert reversi_facade.count_games(board, table_size=size) == (1813, 2494, 519)
        assert reversi_facade.perft(board, 3, table_size=size) == reversi_facade.perft(board, 3, table_size=0)
    for size in (10**6, 2**80):
        with pytest.raises(PuzzleTooLargeError, match=f"^table_size must be at most 65536 MiB .*, got {size}$"):
            reversi_facade.count_games(board, table_size=size)
    entry_bytes = reversi_facade._kernel.ENTRY_BYTES
    assert reversi_facade._table_bits(0, 99) == 0
    assert reversi_facade._table_bits(1, 99) == ((1 << 20) // entry_bytes).bit_length() - 1
    assert reversi_facade._table_bits(64, 3) == 3


def test_board_helpers() -> None:
    board = reversi.parse(SAMPLE_1)
    assert board.n == 3 and board.empties == 2
    assert board.discs(1) == (1 << 2) | (1 << 9) | (1 << 16)
    assert str(board) == SAMPLE_1 and reversi.parse(str(board)) == board
    assert hash(board) == hash(reversi.from_rows(board.rows))
    assert repr(board).startswith("Board(rows=((-1, 0, 1)")
    assert reversi.format(reversi.Counts(1, 2, 3)) == "1 2 3\n"
    assert reversi.format(reversi.count_games(board)) == "2 0 0\n"
    assert reversi.format(reversi.solve(board, to_move="black")) == "2 0 0\n"


def test_table_size_does_not_change_counts() -> None:
    board = reversi.parse("5\n0 0 0 1 1\n-1 1 -1 0 1\n0 -1 1 -1 0\n-1 1 0 0 -1\n1 -1 0 -1 1\n")
    expected = reversi.count_games(board, table_size=0)
    assert sum(expected) > 500
    for size in (1, 2, 64):
        assert reversi.count_games(board, table_size=size) == expected


def test_progress_bar_only_when_asked(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    board = reversi.start(8)
    reversi.perft(board, 8, to_move="black", table_size=0)
    assert capsys.readouterr().err == ""
    monkeypatch.setattr(_progress, "DELAY", 0.0)
    assert reversi.perft(board, 10, to_move="black", table_size=0, progress=True) == 24571284
    err = capsys.readouterr().err
    # A share done, as a person reads it: per cent and the time left, no rate of thousandths.
    assert "reversi" in err and "%|" in err and "‰" not in err and "/s" not in err


def test_a_split_count_bar_counts_parts_per_second(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_progress, "DELAY", 0.0)
    assert reversi.perft(reversi.start(8), 8, to_move="black", jobs=1, progress=True) == 390216
    err = capsys.readouterr().err
    assert re.search(r"reversi: .*/\d+ parts \[.* parts/s\]", err), err


def test_a_slow_bar_still_counts_per_second() -> None:
    """tqdm's own format turns a rate below 1 into seconds per step (``2.86s/ parts``); ours keeps it per second."""
    from tqdm import tqdm  # type: ignore[import-untyped]

    line = tqdm.format_meter(
        12, 1773, 34.2, unit=" parts", prefix="reversi", bar_format=_progress._bar_format(" parts", 1773)
    )
    assert "12/1773 parts" in line and "0.35 parts/s" in line and "s/ parts" not in line
    share = tqdm.format_meter(120, 1000, 3.0, prefix="reversi", bar_format=_progress._bar_format(None, 1000))
    assert "12%" in share and "/s" not in share and "120" not in share


def test_choices_must_be_strings(reversi_facade: ModuleType) -> None:
    board = reversi_facade.parse(SAMPLE_1)
    for to_move in (["white"], None, 0):
        with pytest.raises(TypeError, match=f"^to_move must be a str, got {type(to_move).__name__}$"):
            reversi_facade.count_games(board, to_move=to_move)
    with pytest.raises(TypeError, match="^convention must be a str, got NoneType$"):
        reversi_facade.perft(board, 2, convention=None)
    with pytest.raises(fastpuzzle.ArgumentError, match="^depth must be at most 128, got 2147483648$"):
        reversi_facade.perft(board, 2**31)


def test_numpy_integers_are_integers(reversi_facade: ModuleType) -> None:
    import numpy

    board = numpy.array([list(row) for row in reversi.parse(SAMPLE_2).rows], dtype=numpy.int64)
    assert reversi_facade.count_games(board) == (1813, 2494, 519)
    assert reversi_facade.perft(board, numpy.int32(3), table_size=numpy.uint16(1)) == reversi_facade.perft(board, 3)
    assert reversi_facade.start(numpy.int8(4)) == reversi_facade.start(4)


@pytest.mark.parametrize(
    ("counts", "error", "message"),
    [
        ((1, 2), TypeError, r"^expected Counts\(black, white, draws\), found tuple$"),
        (None, TypeError, r"^expected Counts\(black, white, draws\), found NoneType$"),
        ([1, 2, 3], TypeError, r"^expected Counts\(black, white, draws\), found list$"),
        ((1, 2.0, 3), TypeError, r"^white must be an integer, got float$"),
        ((1, 2, -3), fastpuzzle.ArgumentError, r"^draws must be at least 0, got -3$"),
    ],
)
def test_format_checks_the_counts(counts: Any, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        reversi.format(counts)


def test_format_takes_numpy_counts() -> None:
    import numpy

    assert reversi.format((numpy.uint64(2), 0, numpy.int64(1))) == "2 0 1\n"  # type: ignore[arg-type]
