"""Edges an audit found: a bad FASTPUZZLE_AVAILABLE_MIB, a checkpoint's header cut short, contest text read
as a game ID, and a NumPy array given as a sudoku grid. Each is the user's mistake: one line that names
the thing, what was expected and what was found (exit 2 on the command line, never 70), or an answer."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Callable

import pytest

import fastpuzzle
from conftest import ROOT, run_cli
from fastpuzzle import ArgumentError, ParseError, interchange, reversi, sudoku
from fastpuzzle._contract import memory as _memory

START_8 = reversi.start(8)
#: A position of 12 empty squares: counting its games reads the memory available (a table past 1 MiB).
ENDGAME_12 = reversi.random_endgame(8, 12, seed=1)

# -- 1. FASTPUZZLE_AVAILABLE_MIB ------------------------------------------------------------------------

VARIABLE = "FASTPUZZLE_AVAILABLE_MIB"
#: Values that are no whole number of MiB: letters, a sign, a fraction, other digits, white space, and
#: a number too long to read (Python refuses an int of over 4300 digits).
BAD_MIB = ["abc", "-5", "1.5", "\u0663", " 5", "5\n", "1e3", "1" * 5000]
BAD_MIB_IDS = ["letters", "negative", "fraction", "arabic-indic", "space", "newline", "exponent", "huge"]
#: What the message says of the variable, whatever its value.
MIB_MESSAGE = f"{VARIABLE} must be a whole number of MiB in ASCII digits, at most 18 of them"


@pytest.mark.parametrize("value", BAD_MIB, ids=BAD_MIB_IDS)
@pytest.mark.parametrize(
    "call",
    [
        reversi.max_table_size,
        reversi.default_table_size,
        lambda: reversi.perft(START_8, 13, to_move="black"),  # a large count: its table follows the memory
        lambda: reversi.perft(START_8, 1, to_move="black", table_size=8),  # a size given: checked against it
        lambda: reversi.count_games(ENDGAME_12),
        lambda: reversi.count_games(ENDGAME_12, jobs=1),
        lambda: reversi.solve_texts([str(ENDGAME_12)]),
        lambda: list(fastpuzzle.solve_many("reversi", [str(ENDGAME_12)], jobs=1)),
    ],
    ids=["max_table_size", "default_table_size", "perft", "table_size", "count_games", "split", "texts", "many"],
)
def test_a_bad_available_mib_is_an_argument_error(
    monkeypatch: pytest.MonkeyPatch, call: Callable[[], Any], value: str
) -> None:
    monkeypatch.setenv(VARIABLE, value)
    with pytest.raises(ArgumentError, match=f"^{MIB_MESSAGE} " + r"\(unset or empty: the memory measured\), got '"):
        call()
    assert issubclass(ArgumentError, ValueError)


def test_an_empty_available_mib_is_unset(monkeypatch: pytest.MonkeyPatch) -> None:
    """Documented in ``fastpuzzle._contract.memory``: an empty value is the variable unset (the memory measured)."""
    monkeypatch.setenv(VARIABLE, "")
    assert _memory.override_mib() is None
    assert reversi.default_table_size() == min(reversi.DEFAULT_TABLE_SIZE, reversi.max_table_size())
    monkeypatch.setenv(VARIABLE, "0100")  # leading zeros are still a whole number, as before
    assert _memory.override_mib() == 100 and reversi.max_table_size() == 50


#: The commands that read the variable: every count whose table can pass 1 MiB, split or not.
MIB_COMMANDS = {
    "perft": ("reversi", "--to-move", "black", "--perft", "13", str(ROOT / "examples" / "start8.txt")),
    "games": ("reversi", "-"),
    "jobs": ("reversi", "--jobs", "2", "-"),
    "checkpoint": ("reversi", "--checkpoint", "CHECKPOINT", "-"),
}


@pytest.mark.parametrize("value", ["abc", "-5", "1.5", "\u0663", "1" * 5000], ids=[*BAD_MIB_IDS[:4], "huge"])
@pytest.mark.parametrize("command", list(MIB_COMMANDS))
def test_the_command_line_names_a_bad_available_mib(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, command: str, value: str
) -> None:
    monkeypatch.setenv(VARIABLE, value)
    args = [str(tmp_path / "count.jsonl") if arg == "CHECKPOINT" else arg for arg in MIB_COMMANDS[command]]
    result = run_cli(*args, stdin=str(ENDGAME_12))
    assert (result.returncode, result.stdout) == (2, ""), result.stderr
    shown = repr(value if len(value) <= 20 else value[:20] + "...")
    assert result.stderr == (f"fastpuzzle: reversi: {MIB_MESSAGE} (unset or empty: the memory measured), got {shown}\n")


def test_the_command_line_takes_an_empty_available_mib(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(VARIABLE, "")
    result = run_cli("reversi", "--to-move", "black", "--perft", "13", stdin=str(reversi.start(4)))
    assert (result.returncode, result.stderr) == (0, "")


#: The line the command line says for FASTPUZZLE_AVAILABLE_MIB=abc, less its start (an option may come first).
ABC_LINE = f"{MIB_MESSAGE} (unset or empty: the memory measured), got 'abc'"


def test_table_size_option_names_a_bad_available_mib(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(VARIABLE, "abc")
    result = run_cli("reversi", "--table-size", "8", stdin=str(ENDGAME_12))
    assert (result.returncode, result.stdout, result.stderr.count("\n")) == (2, "", 1), result.stderr
    assert result.stderr.startswith("fastpuzzle: reversi: ") and ABC_LINE in result.stderr, result.stderr


def test_batch_names_a_bad_available_mib(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(VARIABLE, "abc")
    result = run_cli("reversi", "--batch", stdin=str(ENDGAME_12))
    assert (result.returncode, result.stdout, result.stderr) == (2, "", f"fastpuzzle: reversi: {ABC_LINE}\n")


# -- 2. A checkpoint whose header was cut short ------------------------------------------------------


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> list[bytes]:
    """The lines of a whole checkpoint of perft 7 from the 8x8 start, black first (1773 parts)."""
    path = tmp_path_factory.mktemp("checkpoint") / "perft7.jsonl"
    assert reversi.perft(START_8, 7, to_move="black", jobs=1, checkpoint=path) == 55092
    return path.read_bytes().splitlines()


def refused(path: Path, content: bytes) -> str:
    """The message with which perft 7 refuses a checkpoint of ``content``, which it must leave as it was."""
    path.write_bytes(content)
    with pytest.raises(ArgumentError) as caught:
        reversi.perft(START_8, 7, to_move="black", jobs=1, checkpoint=path)
    assert path.read_bytes() == content
    return str(caught.value)


def not_a_header(path: Path, found: str) -> str:
    """The pattern of the message for a checkpoint whose first line is no whole header."""
    return (
        re.escape(f"checkpoint {path}, line 1: expected the header naming the count ")
        + re.escape('({"fastpuzzle": "reversi split count", ...), found ')
        + found
        + "$"
    )


@pytest.mark.parametrize("cut", [1, 5, 14, 30, 36, 60, 100, 200, -1])
@pytest.mark.parametrize("parts", [0, 3])
def test_a_header_cut_short_is_said_so(tmp_path: Path, written: list[bytes], cut: int, parts: int) -> None:
    header = written[0]
    kept = header[:cut]
    path = tmp_path / "cut.jsonl"
    message = refused(path, b"\n".join([kept, *written[1 : 1 + parts]]) + b"\n")
    assert re.match(not_a_header(path, f"a header cut short after {len(kept)} characters?"), message), message
    assert "differs" not in message and "another count" not in message


@pytest.mark.parametrize("fields", range(1, 9))
def test_a_header_closed_early_names_the_fields_it_lacks(tmp_path: Path, written: list[bytes], fields: int) -> None:
    header = json.loads(written[0])
    names = list(header)
    path = tmp_path / "closed.jsonl"
    message = refused(path, json.dumps(dict(list(header.items())[:fields])).encode() + b"\n" + written[1] + b"\n")
    lacking = ", ".join(names[fields:])
    assert re.match(not_a_header(path, re.escape(f"a header without {lacking} (cut short, or edited)")), message)


@pytest.mark.parametrize(
    ("content", "found"),
    [
        (b"\n", "an empty line"),
        (b"{}\n", re.escape("'{}' (not a checkpoint)")),
        (b"my notes\n", re.escape("'my notes' (not a checkpoint)")),
        (b"PARTS", "a part's line: the header is missing"),
    ],
    ids=["empty", "object", "text", "part"],
)
def test_a_first_line_that_is_no_header_is_said_so(
    tmp_path: Path, written: list[bytes], content: bytes, found: str
) -> None:
    path = tmp_path / "other.jsonl"
    content = content.replace(b"PARTS", b"\n".join(written[1:4]) + b"\n")
    assert re.match(not_a_header(path, found), refused(path, content + b"\n".join(written[1:3]) + b"\n"))


def test_a_header_damaged_inside_names_the_column(tmp_path: Path, written: list[bytes]) -> None:
    header = written[0]
    path = tmp_path / "damaged.jsonl"
    message = refused(path, header[:50] + b"#" + header[51:] + b"\n")
    assert re.match(not_a_header(path, re.escape("a damaged header (not JSON from column 51)")), message)


def test_another_counts_header_is_still_named_by_its_fields(tmp_path: Path, written: list[bytes]) -> None:
    header = json.loads(written[0])
    path = tmp_path / "another.jsonl"
    message = refused(path, json.dumps({**header, "depth": 8}).encode() + b"\n")
    assert message == f"checkpoint {path} belongs to another count (differs in depth)"
    message = refused(path, json.dumps({**header, "version": 1, "board": "4"}).encode() + b"\n")
    assert message == f"checkpoint {path} belongs to another count (differs in version, board)"


def test_a_torn_header_with_no_end_of_line_is_still_written_over(tmp_path: Path, written: list[bytes]) -> None:
    """What a kill while the header was written leaves: a prefix of it, no newline. Written over, as before."""
    path = tmp_path / "torn.jsonl"
    path.write_bytes(written[0][:30])
    assert reversi.perft(START_8, 7, to_move="black", jobs=1, checkpoint=path) == 55092
    assert path.read_bytes().splitlines()[0] == written[0]


@pytest.mark.parametrize("cut", [1, 30, 100, -1])
def test_cli_says_a_header_was_cut_short(tmp_path: Path, cut: int) -> None:
    path = tmp_path / "count.jsonl"
    args = ("reversi", "--to-move", "black", "--perft", "3", "--jobs", "1", "--checkpoint", str(path))
    assert run_cli(*args, stdin=str(START_8)).stdout == "56\n"
    header = path.read_bytes().splitlines()[0][:cut]
    path.write_bytes(header + b"\n")
    result = run_cli(*args, stdin=str(START_8))
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == (
        f"fastpuzzle: reversi: checkpoint {path}, line 1: expected the header naming the count "
        f'({{"fastpuzzle": "reversi split count", ...), found a header cut short after {len(header)} '
        f"character{'s' if len(header) > 1 else ''}\n"
    )
    assert path.read_bytes() == header + b"\n"


# -- 3. Contest text read as a game ID ---------------------------------------------------------------


def place_of(message: str) -> tuple[int, int]:
    """The line and column a message points at."""
    found = re.search(r"line (\d+), column (\d+): ", message)
    assert found, message
    return int(found[1]), int(found[2])


def assert_real_place(text: str, line: int, column: int) -> None:
    """``line`` and ``column`` are a place in ``text``: a line of it, and at most one past that line's end."""
    lines = text.splitlines()
    assert 1 <= line <= len(lines) and 1 <= column <= len(lines[line - 1]) + 1, (line, column, lines[:2])


@pytest.mark.parametrize(("puzzle", "column"), [("takuzu", 2), ("pixel", 4)])
def test_cli_contest_text_as_a_game_id(puzzle: str, column: int) -> None:
    path = ROOT / "examples" / f"{puzzle}.txt"
    result = run_cli(puzzle, "--format", "sgt", str(path))
    assert (result.returncode, result.stdout) == (2, ""), result.stderr
    assert result.stderr.count("\n") == 1 and result.stderr.startswith(f"fastpuzzle: {puzzle}: line 1, column ")
    assert place_of(result.stderr) == (1, column)
    assert_real_place(path.read_text(), *place_of(result.stderr))
    assert "is contest text, not a game ID" in result.stderr and "without --format sgt" in result.stderr
    # The same file read as contest text is solved.
    assert run_cli(puzzle, str(path)).returncode == 0


@pytest.mark.parametrize("puzzle", ["takuzu", "pixel"])
def test_api_contest_text_as_a_game_id(puzzle: str) -> None:
    text = (ROOT / "examples" / f"{puzzle}.txt").read_text()
    reads: list[Callable[[], object]] = [
        lambda: interchange.read(text, puzzle, "sgt"),
        lambda: interchange.from_sgt(text, puzzle),
    ]
    for read in reads:
        with pytest.raises(ParseError, match="this text is contest text, not a game ID") as caught:
            read()
        error = caught.value
        assert (error.line, error.column) == (1, len(text.splitlines()[0]) + 1)
        assert error.reason.startswith("expected ':' and the game description after the parameters, found '\\n'")


@pytest.mark.parametrize(
    ("text", "column", "says"),
    [
        ("4\n0_1_\n__x_\n", 2, "this text looks like contest text, not a game ID"),  # contest text, and bad
        ("8x8u\n:aa\n", 5, "a game ID is one line, and line 2 holds ':aa'"),  # an ID broken over two lines
        ("8x8u:aa\nbb", 8, "a game ID is one line, and line 2 holds 'bb'"),
        ("6x6u:ceCiCebACBa\n\nceCi\n", 17, "found '\\n', then line 3: 'ceCi'"),  # a whole ID, then more
        ("6x6u:ceCiCebACBa\r\nceCi", 17, "then line 2: 'ceCi'"),
        ("\n6x6u:ceCiCebACBa", 1, "line 2 holds '6x6u:ceCiCebACBa'"),
    ],
)
def test_an_id_is_one_line_and_errors_stay_on_it(text: str, column: int, says: str) -> None:
    with pytest.raises(ParseError) as caught:
        interchange.read(text, "takuzu", "sgt")
    error = caught.value
    assert (error.line, error.column) == (1, column) and says in str(error), str(error)
    assert_real_place(text, error.line, error.column)


def test_a_clue_too_large_after_more_lines_is_bad_input_first() -> None:
    with pytest.raises(ParseError, match=r"^line 1, column 7: expected the end of the game ID .*then line 2: 'x'"):
        interchange.from_sgt("3x3:9h\nx\n", "pixel")


def test_ids_on_one_line_read_as_before() -> None:
    assert interchange.to_sgt(interchange.from_sgt(" \t6x6u:ceCiCebACBa \r\n\n", "takuzu")) == "6x6u:ceCiCebACBa"
    with pytest.raises(ParseError, match="^line 1, column 8: .*found end of input$"):
        interchange.from_sgt("8x8u:aa\n", "takuzu")


# -- 4. A NumPy array as a sudoku grid ---------------------------------------------------------------

SAMPLE = (ROOT / "examples" / "sudoku.txt").read_text()


def sample_array(dtype: str) -> Any:
    numpy = pytest.importorskip("numpy")
    return numpy.array([[int(cell) for cell in row] for row in SAMPLE.split()], dtype=dtype)


@pytest.mark.parametrize("dtype", ["uint8", "int8", "int64", "uint64", "bool"])
def test_a_9x9_array_of_0_and_1_is_a_grid(dtype: str) -> None:
    cells = sample_array(dtype)
    grid = sudoku.parse(SAMPLE)
    assert sudoku.min_toggles(cells) == 3
    assert sudoku.solve(cells) == sudoku.solve(grid)
    assert sudoku.from_rows(cells) == grid and sudoku.Grid(cells) == grid
    assert not sudoku.is_even(cells) and sudoku.is_even(sudoku.apply(cells, sudoku.solve(cells).cells))
    assert sudoku.min_toggles(list(cells)) == 3  # rows as arrays of 9 cells
    assert sudoku.min_toggles_many([cells, grid, cells]) == [3, 3, 3]
    assert sudoku.min_toggles_many(iter([cells])) == [3]
    assert list(sudoku.min_toggles_many(cells[None])) == [3]


def test_a_1d_array_is_still_nine_row_masks() -> None:
    masks = sample_array("int64").dot([1 << (8 - c) for c in range(9)])
    assert masks.shape == (9,) and sudoku.min_toggles(masks) == 3


@pytest.mark.parametrize("shape", [(8, 9), (9, 8), (9, 9, 1), (1, 9, 9), (0, 9)])
def test_an_array_of_another_shape_is_named(shape: tuple[int, ...]) -> None:
    numpy = pytest.importorskip("numpy")
    cells = numpy.zeros(shape, dtype="uint8")
    message = re.escape(f"expected an array of shape (9, 9) (cells 0/1) or (9,) (row masks), found {shape}")
    for call in (sudoku.min_toggles, sudoku.solve, sudoku.from_rows, sudoku.is_even):
        with pytest.raises(ArgumentError, match=f"^{message}$"):
            call(cells)
    with pytest.raises(ArgumentError, match=f"^grid 1: {message}$"):
        sudoku.min_toggles_many([sample_array("uint8"), cells])


@pytest.mark.parametrize("dtype", ["float64", "float32", "complex128", "U1", "object"])
def test_an_array_of_another_type_is_a_type_error(dtype: str) -> None:
    numpy = pytest.importorskip("numpy")
    cells = numpy.zeros((9, 9), dtype=dtype)
    with pytest.raises(
        TypeError, match=f"^expected an integer or boolean array, found dtype {re.escape(str(cells.dtype))}$"
    ):
        sudoku.min_toggles(cells)
    with pytest.raises(TypeError, match="^grid 0: expected an integer or boolean array"):
        sudoku.min_toggles_many([cells])
    with pytest.raises(TypeError, match=r"^row 1 is an array of shape \(9,\) and dtype .*, expected 9 cells 0/1"):
        sudoku.min_toggles(list(cells))


@pytest.mark.parametrize(("value", "dtype"), [(2, "uint8"), (-1, "int8"), (255, "uint8"), (1 << 40, "int64")])
def test_a_cell_outside_0_and_1_is_named_by_row_and_column(value: int, dtype: str) -> None:
    cells = sample_array(dtype)
    cells[4, 6] = value
    with pytest.raises(ParseError, match=f"^row 5, column 7: expected 0 or 1, found {value}$"):
        sudoku.min_toggles(cells)
    with pytest.raises(ParseError, match=f"^grid 1, row 5, column 7: expected 0 or 1, found {value}$"):
        sudoku.min_toggles_many([sample_array("uint8"), cells])
    with pytest.raises(ParseError, match=f"^grid 0, row 5, column 7: expected 0 or 1, found {value}$"):
        sudoku.min_toggles_many(cells[None])


def test_a_row_array_of_another_length_is_named() -> None:
    rows = list(sample_array("uint8"))
    rows[2] = rows[2][:8]
    with pytest.raises(ParseError, match="^row 3, column 9: "):
        sudoku.min_toggles(rows)


def test_min_toggles_many_of_one_2d_grid_says_what_to_do() -> None:
    with pytest.raises(
        ArgumentError, match=r"found \(9, 9\) \(one grid: min_toggles, or an array of shape \(1, 9, 9\)\)$"
    ):
        sudoku.min_toggles_many(sample_array("uint8"))
