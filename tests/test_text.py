"""One strictness rule for every puzzle's text: white space, numbers, columns and the type of the text."""

from __future__ import annotations

import io
from types import ModuleType

import pytest

import fastpuzzle
from conftest import run_cli
from fastpuzzle import ParseError
from fastpuzzle._common.text import read_source

#: A small valid input per puzzle, and one line of it that holds values separated by a space.
SAMPLES = {
    "takuzu": "2\n1_\n__\n",
    "pixel": "2 3\n_2_\n2_2\n",
    "sudoku": "000000000\n001000100\n000000000\n000110000\n000111000\n000000000\n000000000\n000000000\n000000000\n",
    "reversi": "3\n-1 0 1\n0 1 0\n1 0 -1\n",
}
#: Header lines that are numbers in name only, per puzzle with a header, and where the number starts.
BAD_HEADERS = {
    "takuzu": ["+2", "02", "٢", "2.0", "0x2"],
    "pixel": ["+2 3", "02 3", "2 03", "2 +3", "٢ 3"],
    "reversi": ["+3", "03", "٣", "3e0"],
}
#: White space that is not white space to fastpuzzle: NBSP, ideographic space, form feed, vertical tab, ...
OTHER_WHITE_SPACE = ["\u00a0", "\u3000", "\u2003", "\x0c", "\x0b", "\u0085"]


def facade(puzzle: str) -> ModuleType:
    return getattr(fastpuzzle, puzzle)  # type: ignore[no-any-return]


@pytest.mark.parametrize("puzzle", sorted(fastpuzzle.PUZZLES))
def test_samples_parse(puzzle: str) -> None:
    facade(puzzle).solve_text(SAMPLES[puzzle])


@pytest.mark.parametrize("space", OTHER_WHITE_SPACE, ids=lambda space: f"U+{ord(space):04X}")
@pytest.mark.parametrize("puzzle", sorted(fastpuzzle.PUZZLES))
def test_only_space_and_tab_are_white_space(puzzle: str, space: str) -> None:
    """Between values, at the end of a line, on a line of its own: every puzzle names the character."""
    lines = SAMPLES[puzzle].split("\n")
    row = 1 if puzzle != "sudoku" else 0
    for changed, column in (
        (lines[row].replace(" ", space, 1) if " " in lines[row] else None, lines[row].find(" ") + 1),
        (lines[row] + space, len(lines[row]) + 1),
    ):
        if changed is None:
            continue
        text = "\n".join([*lines[:row], changed, *lines[row + 1 :]])
        with pytest.raises(ParseError) as caught:
            facade(puzzle).parse(text)
        assert (caught.value.line, caught.value.column) == (row + 1, column), caught.value
        assert repr(space) in str(caught.value), caught.value
    with pytest.raises(ParseError) as caught:
        facade(puzzle).parse(SAMPLES[puzzle] + space + "\n")
    assert repr(space) in str(caught.value)


@pytest.mark.parametrize("puzzle", sorted(fastpuzzle.PUZZLES))
def test_spaces_and_tabs_stay_liberal(puzzle: str) -> None:
    text = SAMPLES[puzzle]
    expected = facade(puzzle).solve_text(text)
    assert facade(puzzle).solve_text(text.replace("\n", " \t\n") + "\t\n \n") == expected
    if puzzle == "reversi":
        assert facade(puzzle).solve_text(text.replace(" ", " \t ")) == expected


def test_reversi_rejects_nbsp_between_cells_as_the_others_do() -> None:
    with pytest.raises(
        ParseError, match=r"^line 2, column 3: expected a space or a tab as white space, found '\\xa0'$"
    ):
        fastpuzzle.reversi.parse("3\n-1\u00a00 1\n0 1 0\n1 0 -1\n")
    with pytest.raises(
        ParseError, match=r"^line 2, column 3: expected a space or a tab as white space, found '\\u3000'$"
    ):
        fastpuzzle.reversi.parse("3\n-1\u30000 1\n0 1 0\n1 0 -1\n")


@pytest.mark.parametrize(
    ("puzzle", "header"), [(puzzle, header) for puzzle, headers in BAD_HEADERS.items() for header in headers]
)
def test_a_number_is_ascii_digits_without_sign_or_leading_zero(puzzle: str, header: str) -> None:
    text = header + "\n" + SAMPLES[puzzle].split("\n", 1)[1]
    bad = next(token for token in header.split() if not (token.isascii() and token.isdigit() and token[0] != "0"))
    with pytest.raises(ParseError) as caught:
        facade(puzzle).parse(text)
    assert (caught.value.line, caught.value.column) == (1, header.index(bad) + 1)
    assert caught.value.reason.endswith(f"found {bad!r}")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("+4\n", "expected an even N in digits without a sign, found '+4'"),
        ("04\n", "expected an even N in digits without a leading zero, found '04'"),
        ("-4\n", "expected an even N from 2 to 64, found '-4'"),
        ("00\n", "expected an even N in digits without a leading zero, found '00'"),
        ("٤\n", "expected an even N (an integer), found '٤'"),
    ],
)
def test_number_messages(text: str, reason: str) -> None:
    with pytest.raises(ParseError) as caught:
        fastpuzzle.takuzu.parse(text)
    assert caught.value.reason == reason


def test_zero_is_a_number() -> None:
    with pytest.raises(ParseError, match="^line 1, column 1: expected n .* from 1 to 8, found '0'$"):
        fastpuzzle.reversi.parse("0\n")


@pytest.mark.parametrize(
    ("data", "line", "column"),
    [
        ("é€\n".encode() + b"ab\xff", 2, 3),
        ("éé€x".encode() + b"\xff", 1, 5),
        (b"\xef\xbb\xbf" + "é".encode() + b"\xff", 1, 2),  # a byte-order mark is no column
        (b"a\rb\r\nc\xff", 3, 2),  # CR and CRLF end lines, as Lines reads them
        (b"\x80", 1, 1),
        ("ab€".encode() + b"\xe2\x82", 1, 4),  # a truncated character
    ],
)
def test_bad_utf8_columns_count_characters(data: bytes, line: int, column: int) -> None:
    with pytest.raises(ParseError) as caught:
        read_source(io.BytesIO(data))
    assert (caught.value.line, caught.value.column) == (line, column), caught.value


def test_too_long_input_is_located_by_character() -> None:
    with pytest.raises(ParseError) as caught:
        read_source(io.BytesIO("aé€".encode()), limit=4)  # the limit falls inside '€'
    assert (caught.value.line, caught.value.column) == (1, 3)
    with pytest.raises(ParseError) as caught:
        read_source(io.BytesIO("é\nxé".encode()), limit=4)
    assert (caught.value.line, caught.value.column) == (2, 2)


def test_cli_columns_count_characters() -> None:
    run = run_cli("takuzu", stdin=b"4\n0_1_\n" + "éé".encode() + b"\xff_\n____\n____\n")
    assert run.returncode == 2
    assert run.stderr == "fastpuzzle: takuzu: line 3, column 3: expected UTF-8 text, found byte 0xff\n"


@pytest.mark.parametrize("puzzle", sorted(fastpuzzle.PUZZLES))
@pytest.mark.parametrize(
    ("text", "message"),
    [
        (None, r"^expected contest text as str, found NoneType$"),
        (b"2\n1_\n__\n", r"^expected contest text as str, found bytes; decode it first$"),
        (bytearray(b"2\n"), r"^expected contest text as str, found bytearray; decode it first$"),
        (["2", "1_", "__"], r"^expected contest text as str, found list$"),
        (2, r"^expected contest text as str, found int$"),
    ],
    ids=["none", "bytes", "bytearray", "list", "int"],
)
def test_text_must_be_a_str(puzzle: str, text: object, message: str) -> None:
    with pytest.raises(TypeError, match=message):
        facade(puzzle).parse(text)
    with pytest.raises(TypeError, match=message):
        facade(puzzle).solve_text(text)
    with pytest.raises(TypeError, match=message):
        fastpuzzle.solve_text(puzzle, text)  # type: ignore[arg-type]
