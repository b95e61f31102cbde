"""Interchange formats: SGT game IDs (Unruly, Mosaic) read as SGT reads them and written as SGT writes them.

The SGT puzzles in ``tests/interchange/`` were made by SGT's own code (its
generator, its text output and its solver; how, in each file's ``source``), so
what this module reads is checked against what SGT itself reads from the same ID.
"""

from __future__ import annotations

import doctest
import json
import random
import re
from pathlib import Path
from typing import Any, Optional

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import examples
from fastpuzzle import ArgumentError, NoSolutionError, ParseError, interchange, pixel, takuzu

DATA = Path(__file__).resolve().parent / "interchange"


def _records(name: str) -> list[dict[str, Any]]:
    records: list[dict[str, Any]] = json.loads((DATA / name).read_text(encoding="utf-8"))["puzzles"]
    return records


#: Unruly IDs from SGT's generator, with SGT's text of each puzzle and SGT's solution.
UNRULY = _records("sgt_unruly.json")
#: Mosaic IDs from SGT's generator (and its icon's save file), with SGT's text and solution.
MOSAIC = _records("sgt_mosaic.json")
#: IDs this module wrote, for 01 games and pixel puzzles, with SGT's text of each as SGT read it.
WRITTEN = _records("written_read_by_sgt.json")


def _unruly_rows(record: dict[str, Any]) -> tuple[str, ...]:
    """SGT's game_text_format of an Unruly grid ('0', '1', '.' and a space after each) as rows."""
    return tuple(line.replace(" ", "").replace(".", "_") for line in record["sgt_text"])


def _mosaic_rows(record: dict[str, Any]) -> tuple[str, ...]:
    """SGT's game_text_format of a Mosaic grid (``|d|`` a clue, ``| |`` none) as rows."""
    return tuple("".join(re.findall(r"\|(.)\|", line)).replace(" ", "_") for line in record["sgt_text"])


def _mosaic_solution(record: dict[str, Any], n: int, m: int) -> tuple[str, ...]:
    """SGT's solve move for Mosaic: 's', then the cells row by row, 8 to a hex byte, 1 for black."""
    move = record["sgt_solution"]
    assert move[0] == "s"
    bits = "".join(f"{int(move[i : i + 2], 16):08b}" for i in range(1, len(move), 2))
    return tuple(bits[r * m : (r + 1) * m] for r in range(n))


def _unruly_reference(desc: str, cells: int) -> str:
    """Unruly's description read plainly from its meaning: the cells, then the end mark dropped."""
    out = ""
    for letter in desc:
        if letter in "zZ":
            out += "_" * 25
        else:
            out += "_" * (ord(letter.lower()) - ord("a")) + ("0" if letter.islower() else "1")
    assert len(out) == cells + 1
    return out[:cells]


def _mosaic_reference(desc: str) -> str:
    """Mosaic's description read plainly from its meaning."""
    return "".join("_" * (ord(char) - ord("a") + 1) if char.isalpha() else char for char in desc)


def _parse_error(call: Any, column: int, *match: str) -> ParseError:
    """Run ``call``, expecting a ParseError at line 1, ``column`` whose message holds every ``match``."""
    with pytest.raises(ParseError) as caught:
        call()
    error = caught.value
    assert (error.line, error.column) == (1, column), str(error)
    for text in match:
        assert text in str(error), str(error)
    return error


def test_docstring_examples() -> None:
    failures, tried = doctest.testmod(interchange, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0


# -- Unruly: SGT's own puzzles -------------------------------------------------


@pytest.mark.parametrize("record", UNRULY, ids=[record["generated_by"] for record in UNRULY])
def test_unruly_id_reads_as_sgt_reads_it(record: dict[str, Any]) -> None:
    puzzle = interchange.from_sgt(record["id"], "unruly")
    assert isinstance(puzzle, takuzu.Puzzle)
    assert puzzle.rows == _unruly_rows(record)


@pytest.mark.parametrize("record", UNRULY, ids=[record["generated_by"] for record in UNRULY])
def test_unruly_id_has_sgts_solution(record: dict[str, Any]) -> None:
    puzzle = interchange.from_sgt(record["id"], "takuzu")
    assert isinstance(puzzle, takuzu.Puzzle)
    assert takuzu.solve(puzzle) == tuple(line.replace(" ", "") for line in record["sgt_solution"])


@pytest.mark.parametrize("record", UNRULY, ids=[record["generated_by"] for record in UNRULY])
def test_unruly_id_is_written_back_letter_for_letter(record: dict[str, Any]) -> None:
    assert interchange.to_sgt(interchange.from_sgt(record["id"], "takuzu")) == record["id"]


def test_unruly_hand_decoded() -> None:
    # unrulysolver --seed 4 6x6ude: c = 2 blanks then a 0, e = 4 blanks then a 0, C = 2 blanks then
    # a 1, i = 8 blanks then a 0, ..., and the last 'a' (0 blanks) is the end mark at place 36.
    puzzle = interchange.from_sgt("6x6u:ceCiCebACBa", "01")
    assert puzzle.rows == ("__0___", "_0__1_", "______", "_0__1_", "___0_0", "1__1_1")


@pytest.mark.parametrize("game_id", ["8x8u:zzNa", "8x8u:ZZNa", "8x8u:zZNA"])
def test_unruly_25_blank_letters_of_either_case(game_id: str) -> None:
    # z and Z both skip 25 cells; N is 13 blanks then a 1 (cell 63); the end mark may be either case.
    puzzle = interchange.from_sgt(game_id, "takuzu")
    assert puzzle.rows == ("________",) * 7 + ("_______1",)
    assert interchange.to_sgt(puzzle) == "8x8u:ZZNa"  # the 25-blank letters take the case of the given after them


def test_unruly_end_place() -> None:
    # 2 x 25 + 14 = 64 blanks and the end mark at 64 given by 'o' (14 blanks, then a 0 at 64)
    assert interchange.from_sgt("8x8u:zzo", "takuzu").rows == ("________",) * 8
    # 6 x 6: z skips 25, l skips 11 and puts its 0 on the end place, 36
    assert interchange.from_sgt("6x6u:zl", "takuzu").rows == ("______",) * 6
    # l: 11 blanks and a 0 on cell 11; z: the 24 cells left and the end place (SGT takes it; it never writes it)
    puzzle = interchange.from_sgt("6x6u:lz", "takuzu")
    assert puzzle.rows == ("______", "_____0", *["______"] * 4)
    assert interchange.to_sgt(puzzle) == "6x6u:ly"  # y: the 24 blanks, then the end place


def test_unruly_difficulty_is_read_and_not_written() -> None:
    for level in "ten":
        assert interchange.from_sgt(f"6x6ud{level}:ceCiCebACBa", "takuzu").rows[0] == "__0___"
    assert interchange.to_sgt(interchange.from_sgt("6x6udn:ceCiCebACBa", "takuzu")) == "6x6u:ceCiCebACBa"
    assert interchange.from_sgt("6u:ceCiCebACBa", "takuzu").n == 6  # one number: a square grid


# -- Unruly: what the 01 game cannot be ---------------------------------------


def test_unruly_without_unique_rows_reads_with_equal_rows_allowed() -> None:
    # icons/unruly.sav in SGT's sources: PARAMS 6x6de, DESC faCADAJeBd (no 'u').
    puzzle = interchange.from_sgt("6x6de:faCADAJeBd", "takuzu")
    assert isinstance(puzzle, takuzu.Puzzle) and not puzzle.unique_rows
    assert interchange.to_sgt(puzzle) == "6x6:faCADAJeBd"
    # unrulysolver --seed 10 8x8de
    free, unique = (interchange.from_sgt(f"8x8{u}:CEEaBbbbtBcaddCcc", "takuzu") for u in ("", "u"))
    assert isinstance(free, takuzu.Puzzle) and isinstance(unique, takuzu.Puzzle)
    assert not free.unique_rows and unique.unique_rows
    # SGT reads 'u' only before the difficulty: after it, it is skipped like any unknown letter.
    late = interchange.from_sgt("8x8dnu:CEEaBbbbtBcaddCcc", "takuzu")
    assert isinstance(late, takuzu.Puzzle) and late == free


#: Puzzles SGT's own program made (tools/sgt_unruly_data.py): every shape and rule set it takes, every difficulty.
SHAPES = _records("sgt_unruly_shapes.json")


@pytest.mark.parametrize("record", SHAPES, ids=[f"{record['params']}-{i}" for i, record in enumerate(SHAPES)])
def test_every_unruly_id_sgt_makes_is_read_solved_and_written_back(record: dict[str, Any]) -> None:
    puzzle = interchange.from_sgt(record["id"], "unruly")
    assert isinstance(puzzle, takuzu.Puzzle)
    width, _, height = record["id"].split(":")[0].rstrip("u").partition("x")
    assert (puzzle.width, puzzle.height) == (int(width), int(height))
    assert puzzle.unique_rows == record["id"].split(":")[0].endswith("u")
    assert "".join(takuzu.solve(puzzle)) == record["sgt_solution"]
    assert interchange.to_sgt(puzzle) == record["id"]


def test_the_sgt_data_covers_every_kind() -> None:
    params = {record["params"] for record in SHAPES}
    assert {p[-1] for p in params} == set("ten")
    assert any("u" not in p for p in params) and any("u" in p for p in params)
    assert any(p.split("x")[0] != p.split("x")[1].split("u")[0].split("d")[0] for p in params)


@pytest.mark.parametrize(
    ("game_id", "column"),
    [("8x8udn#12345", 7), ("10x10#hello:world", 6), ("#1", 1), ("6x6u# but: no", 5)],
)
def test_random_seed_ids_are_refused(game_id: str, column: int) -> None:
    _parse_error(lambda: interchange.from_sgt(game_id, "takuzu"), column, "found '#'", "random seed, not a game ID")
    _parse_error(lambda: interchange.from_sgt(game_id, "pixel"), column, "random seed")


def test_a_hash_inside_the_description_is_a_bad_character() -> None:
    _parse_error(lambda: interchange.from_sgt("6x6u:ceC#iCebACBa", "takuzu"), 9, "expected a letter", "found '#'")


@pytest.mark.parametrize(
    ("game_id", "column", "message"),
    [
        ("66x66u:" + "z" * 46 + "g", 1, "expected a width of at most 64 (the 01 game's largest), found '66'"),
        ("64x66u:", 4, "expected a height of at most 64"),
        ("6x16u:", 3, "expected a height of at most 14 with 'u': no more lines of 6 cells can all differ"),
        ("16x6u:", 1, "expected a width of at most 14 with 'u'"),
        ("4x4u:q", 1, "expected a width of at least 6 (SGT's smallest), found '4'"),
        ("6x4u:", 3, "expected a height of at least 6"),
        ("7x7u:", 1, "expected an even width (Unruly's rule), found '7'"),
        ("6x9u:", 3, "expected an even height"),
        ("x8u:", 1, "expected a width of at least 6 (SGT's smallest), found 'x' (no number: SGT reads 0)"),
        ("8xu:", 3, "expected a height of at least 6 (SGT's smallest), found 'u' (no number: SGT reads 0)"),
        ("", 1, "expected ':' and the game description after the parameters, found end of input"),
        (":a", 1, "expected a width of at least 6 (SGT's smallest), found ':' (no number: SGT reads 0)"),
        ("٨x٨u:", 1, "expected a width of at least 6 (SGT's smallest), found '٨' (no number"),
        ("-6x6u:a", 1, "expected a width of at least 6 (SGT's smallest), found '-6'"),
        ("+7x6u:a", 1, "expected an even width (Unruly's rule), found '+7'"),
        ("6x7u:a", 3, "expected an even height (Unruly's rule), found '7'"),
        ("7x4u:a", 1, "expected an even width"),  # SGT: evenness before size
        ("6x4x7:a", 3, "expected a height of at least 6"),
        ("4294967302x6:a", 1, "expected a number that fits C's int (SGT reads a larger one wrapped around), found"),
        ("6x6ud:ceCiCebACBa", 6, "expected a difficulty letter 't', 'e' or 'n' after 'd', found ':'"),
        ("6x6udx:ceCiCebACBa", 6, "found 'x'"),
        ("6x6dN:ceCiCebACBa", 5, "found 'N'"),
        ("6x6u", 5, "expected ':' and the game description after the parameters, found end of input"),
        ("66x66u:", 1, "expected a width of at most 64"),  # the parameters are checked before the description
        (
            "6x6u:ce5iCebACBa",
            8,
            "expected a letter: 'a' to 'y' (blank cells, then a 0), 'A' to 'Y' (then a 1), 'z' or 'Z', found '5'",
        ),
        ("6x6u:ceCi\u00e9", 10, "found 'é'"),
        (
            "6x6u:ceCiCebACB",
            16,
            "expected a last letter after the 36 cells (every description ends with one), found end of input",
        ),
        ("6x6u:ceCiCebAC", 15, "expected more letters: the description covers 34 of the 36 cells"),
        ("6x6u:ceCiCebACBaa", 17, "expected the end of the description, which has covered the 36 cells, found 'a'"),
        ("6x6u:zz", 7, "expected the end of the description"),
        ("6x6u:ceCiCebACBa\nceCi", 17, "found '\\n'"),
        ("6x6u:ceCiCebACBa\u00a0", 17, "found '\\xa0'"),
    ],
)
def test_unruly_errors_name_the_column(game_id: str, column: int, message: str) -> None:
    _parse_error(lambda: interchange.from_sgt(game_id, "takuzu"), column, message)


def test_white_space_around_an_id() -> None:
    puzzle = interchange.from_sgt(" \t6x6u:ceCiCebACBa \r\n\n", "takuzu")
    assert interchange.to_sgt(puzzle) == "6x6u:ceCiCebACBa"
    # Columns count from the text's first character, the white space before the ID included.
    _parse_error(lambda: interchange.from_sgt("  6x6de:faCADAJe\n", "takuzu"), 17, "expected more letters")


#: The address of SGT's web pages, which a game ID copied from the browser starts with.
SGT_PAGES = "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/"


@pytest.mark.parametrize(
    ("game", "page", "game_id"), [("takuzu", "unruly", "6x6u:ceCiCebACBa"), ("pixel", "mosaic", "3x3:a0c22b")]
)
def test_a_game_id_pasted_with_sgts_page_address_is_read(game: str, page: str, game_id: str) -> None:
    """All up to and including the first ``#`` of a web address is passed over: the ID follows it."""
    expected = interchange.from_sgt(game_id, game)
    for text in (f"{SGT_PAGES}{page}.html#{game_id}", f" http://example.org/{page}.html#{game_id}\n"):
        assert interchange.from_sgt(text, game) == expected
        assert interchange.read(text, game, "sgt") == expected


@pytest.mark.parametrize(
    ("game", "names", "game_id"),
    [
        ("takuzu", ("unruly", "Unruly", "takuzu"), "6x6u:ceCiCebACBa"),
        ("pixel", ("mosaic", "MOSAIC", "pixel"), "3x3:a0c22b"),
    ],
)
def test_a_game_id_after_its_games_name_is_read(game: str, names: tuple[str, ...], game_id: str) -> None:
    expected = interchange.from_sgt(game_id, game)
    for name in names:
        assert interchange.from_sgt(f"{name}:{game_id}", game) == expected
        assert interchange.from_sgt(f"{SGT_PAGES}x.html#{name}:{game_id}", game) == expected


def test_a_game_id_after_the_other_games_name_is_refused() -> None:
    _parse_error(lambda: interchange.from_sgt("unruly:3x3:a0c22b", "pixel"), 1, "expected an ID of Mosaic", "Unruly's")
    _parse_error(lambda: interchange.from_sgt(" mosaic:6x6u:ceCiCebACBa", "takuzu"), 2, "found 'mosaic:'")
    # Any other word is no game's name: the size's reader refuses it at its first letter.
    _parse_error(lambda: interchange.from_sgt("chess:3x3:a0c22b", "pixel"), 1, "expected a width")


def test_a_page_address_with_a_random_seed_is_refused_as_a_seed() -> None:
    url = f"{SGT_PAGES}unruly.html#8x8u#12345"
    column = url.rindex("#") + 1
    _parse_error(lambda: interchange.from_sgt(url, "takuzu"), column, "found '#'", "random seed, not a game ID")


def test_a_page_address_without_a_game_id_says_so() -> None:
    url = f"{SGT_PAGES}unruly.html"
    _parse_error(
        lambda: interchange.from_sgt(url, "takuzu"), len(url) + 1, "'#' and a game ID after the page's address"
    )
    # The ID's column counts from the address's first character.
    cut_short = f"{SGT_PAGES}unruly.html#6x6u:ceC"
    _parse_error(lambda: interchange.from_sgt(cut_short, "takuzu"), len(cut_short) + 1, "expected more letters")


@pytest.mark.parametrize("n", [2, 4])
def test_01_games_smaller_than_unruly_takes_have_no_id(n: int) -> None:
    with pytest.raises(ArgumentError, match=f"SGT's Unruly takes sides from 6, so a {n}x{n} 01 game has no game ID"):
        interchange.to_sgt(takuzu.generate(n, seed=1))


# -- Mosaic: SGT's own puzzles -------------------------------------------------


@pytest.mark.parametrize("record", MOSAIC, ids=[record["generated_by"] for record in MOSAIC])
def test_mosaic_id_reads_as_sgt_reads_it(record: dict[str, Any]) -> None:
    puzzle = interchange.from_sgt(record["id"], "mosaic")
    assert isinstance(puzzle, pixel.Puzzle)
    assert puzzle.rows == _mosaic_rows(record)


@pytest.mark.parametrize("record", MOSAIC, ids=[record["generated_by"] for record in MOSAIC])
def test_mosaic_id_has_sgts_solution(record: dict[str, Any]) -> None:
    puzzle = interchange.from_sgt(record["id"], "pixel")
    assert isinstance(puzzle, pixel.Puzzle)
    assert pixel.solve(puzzle) == _mosaic_solution(record, puzzle.n, puzzle.m)


@pytest.mark.parametrize("record", MOSAIC, ids=[record["generated_by"] for record in MOSAIC])
def test_mosaic_id_is_written_back_letter_for_letter(record: dict[str, Any]) -> None:
    # Only the size is written: the generator's flags ('h0', the first Mosaic's 'a0') make no puzzle.
    expected = re.sub(r"^(\d+x\d+)[ah0-9]*:", r"\1:", record["id"])
    assert interchange.to_sgt(interchange.from_sgt(record["id"], "pixel")) == expected


def test_mosaic_hand_decoded() -> None:
    # mosaicgen 3x3 s1: a = 1 blank, 0, c = 3 blanks, 2, 2, b = 2 blanks.
    assert interchange.from_sgt("3x3:a0c22b", "pixel").rows == ("_0_", "__2", "2__")
    # Width first: 7 columns, 4 rows (mosaicgen 7x4 s4).
    puzzle = interchange.from_sgt("7x4:e1b3676b1a69b2d6b", "pixel")
    assert isinstance(puzzle, pixel.Puzzle)
    assert (puzzle.n, puzzle.m) == (4, 7)


def test_mosaic_long_blank_runs() -> None:
    assert interchange.from_sgt("9x9:zzzc", "pixel").rows == ("_________",) * 9  # 26 + 26 + 26 + 3
    puzzle = pixel.from_rows(["_" * 10, "_" * 10, "_" * 7 + "1__"])
    # 27 blanks are 'z' then 'a' (SGT's own writer would say '{' here, which SGT then refuses).
    assert interchange.to_sgt(puzzle) == "10x3:za1b"
    assert interchange.from_sgt("10x3:za1b", "pixel") == puzzle
    assert interchange.to_sgt(pixel.from_rows(["_" * 13] * 4)) == "13x4:zz"


def test_mosaic_generator_flags_are_read() -> None:
    for params in ("3x3", "3", "3x3h0", "3x3h1", "3x3a0", "3x3a1h0", "3x3h", "3x3h-1", "3x3h1a0", "3x3u"):
        assert interchange.from_sgt(f"{params}:a0c22b", "pixel").rows == ("_0_", "__2", "2__")


#: Parameters SGT's decode_params reads, and the ID SGT writes back for each (tests/test_interop.py checks
#: them against Debian's sgt-unruly and sgt-mosaic).
SGT_PARAMS = json.loads((DATA / "sgt_params.json").read_text(encoding="utf-8"))["ids"]


@pytest.mark.parametrize(
    ("game", "game_id", "written"), [(record["game"], record["id"], record["written"]) for record in SGT_PARAMS]
)
def test_params_are_read_as_decode_params_reads_them(game: str, game_id: str, written: str) -> None:
    puzzle = interchange.from_sgt(game_id, game)
    assert interchange.to_sgt(puzzle) == written
    assert puzzle == interchange.from_sgt(written, game)


def _c_atoi(text: str) -> int:
    """C's atoi: white space, a sign, digits (none: 0)."""
    match = re.match(r"[ \t\n\v\f\r]*([+-]?)([0-9]*)", text)
    assert match is not None
    value = int(match.group(2) or "0")
    return -value if match.group(1) == "-" else value


def _reference_params(game: str, params: str) -> Optional[tuple[int, int, bool]]:
    """SGT's decode_params, then validate_params (for an ID with a description), written plainly as in
    unruly.c and mosaic.c: the width, height and unique rule, or None where SGT refuses the parameters."""
    p = 0

    def skip_digits() -> None:
        nonlocal p
        while p < len(params) and params[p] in "0123456789":
            p += 1

    width = height = _c_atoi(params)
    skip_digits()
    if params[p : p + 1] == "x":
        p += 1
        height = _c_atoi(params[p:])
        skip_digits()
    if game == "mosaic":
        if width < 3 or height < 3 or height > 10_000 // width:
            return None
        return width, height, False
    unique = params[p : p + 1] == "u"
    p += unique
    level_ok = True
    if params[p : p + 1] == "d":
        level_ok = params[p + 1 : p + 2] in ("t", "e", "n")
    if width % 2 or height % 2 or width < 6 or height < 6 or not level_ok:
        return None
    lines = {6: 14, 8: 34, 10: 84, 12: 208, 14: 518, 16: 1296}  # A177790 at n / 2 = 3 to 8
    if unique and (height > lines.get(width, 10**9) or width > lines.get(height, 10**9)):
        return None
    return width, height, unique


#: Pieces of random parameters: numbers as atoi reads them, the games' flags, letters neither knows.
PARAM_PIECES = ["6", "06", "8", "10", "16", "4", "7", "3", "0", "", "+6", "-6", " 6", "x", "u", "d", "t", "e", "n"]
PARAM_PIECES += ["q", "h", "h0", "a1", "z", "Z", "+", " ", "9"]


@settings(max_examples=examples(300), deadline=None)
@given(st.sampled_from(["unruly", "mosaic"]), st.lists(st.sampled_from(PARAM_PIECES), min_size=1, max_size=6))
def test_any_parameters_are_read_as_sgt_reads_them(game: str, pieces: list[str]) -> None:
    params = "".join(pieces)
    # Blanks before an ID are passed over (the module's docstring), where SGT would stop at them.
    expected = _reference_params(game, params.lstrip(" \t"))
    width, height, unique = expected or (6, 6, False)
    most = takuzu.MAX_N if game == "unruly" else pixel.MAX_N
    cells = width * height if max(width, height) <= most else 1
    if game == "unruly":
        desc = "z" * (cells // 25) + chr(ord("a") + cells % 25)
    else:
        desc = "z" * (cells // 26) + (chr(ord("a") + cells % 26 - 1) if cells % 26 else "")
    if expected is None or max(width, height) > most:  # refused by SGT, or past fastpuzzle's own limits
        with pytest.raises(ParseError) as caught:
            interchange.from_sgt(f"{params}:{desc}", game)
        assert caught.value.column <= len(params) + 1, str(caught.value)
        return
    puzzle = interchange.from_sgt(f"{params}:{desc}", game)
    assert interchange.to_sgt(puzzle) == f"{width}x{height}{'u' if unique else ''}:{desc}"


@pytest.mark.parametrize(
    ("game_id", "message"),
    [
        ("3x3:9h", "the clue 9 in row 1, column 1 (column 5 of the ID) is more than the 4 cells of its block"),
        ("3x3:a7g", "the clue 7 in row 1, column 2 (column 6 of the ID) is more than the 6 cells"),
        ("3x3:c7e", "the clue 7 in row 2, column 1 (column 6 of the ID)"),
        # the first 9 (inside) fits; the second, in a corner, does not
        ("4x3:e9b9c", "the clue 9 in row 3, column 1 (column 8 of the ID) is more than the 4 cells"),
    ],
)
def test_a_mosaic_clue_larger_than_its_block_has_no_solution(game_id: str, message: str) -> None:
    # SGT's validate_desc takes any digit as a clue: the ID is a puzzle, one that has no solution.
    with pytest.raises(NoSolutionError, match=re.escape(message)):
        interchange.from_sgt(game_id, "mosaic")


def test_a_bad_description_is_a_parse_error_before_a_clue_too_large() -> None:
    _parse_error(lambda: interchange.from_sgt("3x3:9hB", "mosaic"), 7, "found 'B'")
    _parse_error(lambda: interchange.from_sgt("3x3:9g", "mosaic"), 7, "expected more of the description")


def test_the_contest_format_keeps_calling_a_clue_too_large_bad_input() -> None:
    with pytest.raises(ParseError, match="expected a clue from 0 to 4"):
        interchange.read("3 3\n9__\n___\n___\n", "pixel", "contest")


@pytest.mark.parametrize(
    ("game_id", "column", "message"),
    [
        ("2x5:j", 1, "expected a width of at least 3 (SGT's smallest), found '2'"),
        ("x3:i", 1, "expected a width of at least 3 (SGT's smallest), found 'x' (no number: SGT reads 0)"),
        ("3x-3:i", 3, "expected a height of at least 3 (SGT's smallest), found '-3'"),
        ("5x2:j", 3, "expected a height of at least 3"),
        ("10001x3:", 1, "expected at most 10000 cells (SGT's largest Mosaic), found 10001 x 3"),
        ("3x10001:", 1, "expected at most 10000 cells (SGT's largest Mosaic), found 3 x 10001"),
        ("200x51:", 1, "expected at most 10000 cells (SGT's largest Mosaic), found 200 x 51"),
        ("3x3334:", 1, "expected at most 10000 cells (SGT's largest Mosaic), found 3 x 3334"),
        ("3x3h99999999999:i", 5, "expected a number that fits C's int"),
        ("3x3", 4, "expected ':' and the game description after the parameters, found end of input"),
        ("3x3:a0c22", 10, "expected more of the description: it covers 7 of the 9 cells, found end of input"),
        ("3x3:a0c22c", 10, "expected a shorter run: the description has only 9 cells, found 'c'"),
        ("3x3:a0c22b1", 11, "expected the end of the description, which has covered the 9 cells, found '1'"),
        ("3x3:a0c22B", 10, "expected a digit (a clue) or a letter 'a' to 'z' (1 to 26 blank cells), found 'B'"),
        ("3x3:a0c 22b", 8, "found ' '"),
        ("3x3:a0c{", 8, "found '{'"),
    ],
)
def test_mosaic_errors_name_the_column(game_id: str, column: int, message: str) -> None:
    _parse_error(lambda: interchange.from_sgt(game_id, "pixel"), column, message)


@pytest.mark.parametrize(("n", "m"), [(1, 5), (5, 2), (2, 2)])
def test_pixel_puzzles_smaller_than_mosaic_takes_have_no_id(n: int, m: int) -> None:
    with pytest.raises(ArgumentError, match=f"SGT's Mosaic takes sides from 3, so a {n}x{m} pixel puzzle"):
        interchange.to_sgt(pixel.from_rows(["_" * m] * n))


# -- our own puzzles, both ways --------------------------------------------------


@pytest.mark.parametrize("record", WRITTEN, ids=[record["id"][:24] for record in WRITTEN])
def test_ids_we_write_are_read_by_sgt_as_the_same_puzzle(record: dict[str, Any]) -> None:
    takes_01 = record["puzzle"] == "takuzu"
    puzzle = takuzu.from_rows(record["rows"]) if takes_01 else pixel.from_rows(record["rows"])
    assert interchange.to_sgt(puzzle) == record["id"]
    assert (_unruly_rows if takes_01 else _mosaic_rows)(record) == puzzle.rows


@pytest.mark.parametrize(("n", "seed"), [(6, 1), (8, 2), (10, 3), (12, 4)])
def test_generated_01_games_round_trip(n: int, seed: int) -> None:
    puzzle = takuzu.generate(n, seed=seed)
    game_id = interchange.to_sgt(puzzle)
    assert game_id.startswith(f"{n}x{n}u:")
    assert _unruly_reference(game_id.split(":")[1], n * n) == "".join(puzzle.rows)
    assert interchange.from_sgt(game_id, "takuzu") == puzzle
    assert interchange.read(interchange.write(puzzle, "sgt"), "takuzu", "sgt") == puzzle
    assert interchange.read(interchange.write(puzzle, "contest"), "01", "contest") == puzzle


@pytest.mark.parametrize(("n", "m", "seed"), [(3, 3, 1), (5, 8, 2), (10, 4, 3), (12, 12, 4)])
def test_generated_pixel_puzzles_round_trip(n: int, m: int, seed: int) -> None:
    puzzle = pixel.generate(m, n, seed=seed)
    game_id = interchange.to_sgt(puzzle)
    assert game_id.startswith(f"{m}x{n}:")
    assert _mosaic_reference(game_id.split(":")[1]) == "".join(puzzle.rows)
    assert interchange.from_sgt(game_id, "mosaic") == puzzle
    assert interchange.read(interchange.write(puzzle, "sgt"), "pixel", "sgt") == puzzle
    assert interchange.read(interchange.write(puzzle, "contest"), "pixel", "contest") == puzzle


#: How many cells of a random grid are blank: none, some, most, all.
BLANK_SHARES = (0.0, 0.5, 0.95, 1.0)


@st.composite
def takuzu_grids(draw: st.DrawFn) -> takuzu.Puzzle:
    """Any 01 game SGT can hold: even sides from 6 to 64 (its own or the 01 game's limits), either rule, cells 0, 1 or blank."""
    width, height = (draw(st.sampled_from(range(6, takuzu.MAX_N + 1, 2))) for _ in range(2))
    fits = height <= interchange._distinct_lines(width) and width <= interchange._distinct_lines(height)
    unique_rows = fits and draw(st.booleans())
    share, rng = draw(st.sampled_from(BLANK_SHARES)), draw(st.randoms(use_true_random=False))
    cells = ["_" if rng.random() < share else rng.choice("01") for _ in range(width * height)]
    rows = ["".join(cells[r * width : (r + 1) * width]) for r in range(height)]
    return takuzu.from_rows(rows, unique_rows=unique_rows)


@st.composite
def pixel_grids(draw: st.DrawFn) -> pixel.Puzzle:
    """Any pixel puzzle SGT can hold: sides from 3 on, at most MAX_CELLS cells, each clue at most its block's cells."""
    n = draw(st.integers(3, pixel.MAX_CELLS // 3))
    m = draw(st.integers(3, pixel.MAX_CELLS // n))
    # Up to 10,000 cells: the cells come from a seeded generator, not one draw each.
    share, rng = draw(st.sampled_from(BLANK_SHARES)), random.Random(draw(st.integers(0, 2**32)))

    def cell(r: int, c: int) -> str:
        block = (min(r + 1, n - 1) - max(r - 1, 0) + 1) * (min(c + 1, m - 1) - max(c - 1, 0) + 1)
        return "_" if rng.random() < share else str(rng.randint(0, block))

    return pixel.from_rows(["".join(cell(r, c) for c in range(m)) for r in range(n)])


@settings(max_examples=examples(150), deadline=None)
@given(takuzu_grids())
def test_any_01_game_round_trips(puzzle: takuzu.Puzzle) -> None:
    game_id = interchange.to_sgt(puzzle)
    params, desc = game_id.split(":")
    assert params == f"{puzzle.width}x{puzzle.height}{'u' if puzzle.unique_rows else ''}"
    assert re.fullmatch(r"[a-zA-Z]*[a-y]", desc)  # the end mark is a lower-case letter, as SGT writes it
    assert _unruly_reference(desc, puzzle.width * puzzle.height) == "".join(puzzle.rows)
    assert interchange.from_sgt(game_id, "takuzu") == puzzle


@settings(max_examples=examples(100), deadline=None)
@given(pixel_grids())
def test_any_pixel_puzzle_round_trips(puzzle: pixel.Puzzle) -> None:
    game_id = interchange.to_sgt(puzzle)
    params, desc = game_id.split(":")
    assert params == f"{puzzle.m}x{puzzle.n}"
    # a blank run is as many z's as fit, then one letter for the rest
    assert all(re.fullmatch(r"z*[a-y]?", letters) for letters in re.findall(r"[a-z]+", desc))
    assert _mosaic_reference(desc) == "".join(puzzle.rows)
    assert interchange.from_sgt(game_id, "pixel") == puzzle


@settings(max_examples=examples(200), deadline=None)
@given(st.sampled_from(UNRULY + MOSAIC), st.data())
def test_a_bad_character_is_reported_at_its_column(record: dict[str, Any], data: st.DataObject) -> None:
    game_id = record["id"]
    name = "takuzu" if record in UNRULY else "pixel"
    start = game_id.index(":") + 1
    at = data.draw(st.integers(start, len(game_id) - 1))
    bad = data.draw(st.sampled_from("!#/:{}~-+.é٣\u3000") if name == "takuzu" else st.sampled_from("!#/:{}~-+.éAZ٣"))
    broken = game_id[:at] + bad + game_id[at + 1 :]
    _parse_error(lambda: interchange.from_sgt(broken, name), at + 1, f"found {bad!r}")


@settings(max_examples=examples(300), deadline=None)
@given(
    st.text(alphabet=st.sampled_from("0123456789xudhatenzZAyY:#/?. \t\n\u00e9"), max_size=40),
    st.sampled_from(["takuzu", "pixel"]),
)
def test_any_text_is_a_puzzle_or_a_parse_error(text: str, name: str) -> None:
    try:
        puzzle = interchange.from_sgt(text, name)
    except ParseError as error:
        assert error.line == 1 and 1 <= error.column <= len(text) + 1
        return
    except NoSolutionError as error:
        assert name == "pixel" and "more than the" in str(error)
        return
    assert interchange.from_sgt(interchange.to_sgt(puzzle), name) == puzzle


# -- no URL: puzz.link has no type for either puzzle -------------------------------


def test_url_is_offered_nowhere() -> None:
    import subprocess
    import sys

    assert "url" not in interchange.FORMATS and interchange.FORMATS == ("contest", "sgt")
    assert not any("url" in name for name in dir(interchange))
    with pytest.raises(ArgumentError, match="format must be 'contest' or 'sgt', got 'url'"):
        interchange.read("https://puzz.link/p?mines/5/5/g2m13l13g0j", "pixel", "url")
    with pytest.raises(ArgumentError, match="format must be 'contest' or 'sgt', got 'url'"):
        interchange.write(takuzu.generate(6, seed=1), "url")
    for puzzle in ("takuzu", "pixel"):
        help_text = subprocess.run(
            [sys.executable, "-m", "fastpuzzle", puzzle, "--help"], capture_output=True, text=True, check=True
        ).stdout
        assert "{contest,sgt}" in help_text and "url" not in help_text.lower(), help_text
        refused = subprocess.run(
            [sys.executable, "-m", "fastpuzzle", puzzle, "--format", "url"], capture_output=True, text=True, input=""
        )
        assert refused.returncode == 2 and "invalid choice: 'url'" in refused.stderr, refused.stderr
    root = Path(__file__).resolve().parent.parent
    # The documents may speak of SGT's web page address, which a pasted game ID may carry; never of a format.
    for path in [root / "README.md", *(root / "docs").rglob("*.md")]:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"--(format|to) url|format url|URLs? (are|is) (read|refused)|from_url|to_url", text), path
    for path in [*(root / "fuzz").rglob("*.py"), *(root / "fuzz" / "dict").iterdir()]:
        assert "url" not in path.read_text(encoding="utf-8").lower(), path


# -- the API's arguments -----------------------------------------------------------


def test_names_and_aliases() -> None:
    for name in ("takuzu", "01", "unruly"):
        assert isinstance(interchange.from_sgt("6x6u:ceCiCebACBa", name), takuzu.Puzzle)
        assert isinstance(interchange.read("6x6u:ceCiCebACBa", name, "sgt"), takuzu.Puzzle)
    for name in ("pixel", "mosaic"):
        assert isinstance(interchange.from_sgt("3x3:a0c22b", name), pixel.Puzzle)
        assert isinstance(interchange.read("3 3\n_0_\n__2\n2__\n", name, "contest"), pixel.Puzzle)


def test_sgt_ids_need_a_name() -> None:
    with pytest.raises(
        ArgumentError, match="from_sgt\\(\\) needs name, 'takuzu' or 'pixel': an SGT game ID does not name its game"
    ):
        interchange.from_sgt("6x6u:ceCiCebACBa")


@pytest.mark.parametrize("name", ["sudoku", "reversi", "Unruly", ""])
def test_other_names_are_argument_errors(name: str) -> None:
    with pytest.raises(
        ArgumentError, match=f"name must be 'takuzu' \\(or '01', 'unruly'\\) or 'pixel' \\(or 'mosaic'\\), got {name!r}"
    ):
        interchange.from_sgt("6x6u:ceCiCebACBa", name)
    with pytest.raises(ArgumentError, match="name must be"):
        interchange.read("6x6u:ceCiCebACBa", name, "sgt")


def test_formats() -> None:
    assert interchange.FORMATS == ("contest", "sgt")
    puzzle = takuzu.generate(6, seed=2)
    assert interchange.write(puzzle, "contest") == str(puzzle)
    assert interchange.read(str(puzzle), "takuzu", "contest") == puzzle
    for bad in ("xml", "SGT", ""):
        with pytest.raises(ArgumentError, match=f"format must be 'contest' or 'sgt', got {bad!r}"):
            interchange.read("", "takuzu", bad)
        with pytest.raises(ArgumentError, match="format must be"):
            interchange.write(puzzle, bad)


def test_contest_errors_pass_through() -> None:
    with pytest.raises(ParseError, match="line 3, column 3: expected '0', '1' or '_', found 'x'"):
        interchange.read("4\n0_1_\n__x_\n____\n____\n", "takuzu", "contest")


def test_types_are_checked() -> None:
    with pytest.raises(TypeError, match="expected the text as str, found bytes; decode it first"):
        interchange.from_sgt(b"6x6u:ceCiCebACBa", "takuzu")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="expected the text as str, found int"):
        interchange.from_sgt(1, "pixel")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="name must be a str, got int"):
        interchange.from_sgt("6x6u:ceCiCebACBa", 1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="format must be a str, got NoneType"):
        interchange.write(takuzu.generate(6, seed=1), None)  # type: ignore[arg-type]
    rows: Any = ["__", "__"]  # row strings: which puzzle they are is not known
    for call in (interchange.to_sgt, lambda p: interchange.write(p, "contest"), lambda p: interchange.write(p, "sgt")):
        with pytest.raises(TypeError, match="expected a takuzu.Puzzle or a pixel.Puzzle, found list"):
            call(rows)


# -- Mosaic past 63: every size SGT makes (W x H up to 10,000 cells) -------------

#: Mosaic IDs of 64x64, 200x50 and 100x100 from SGT's generator, with SGT's solution from its save file.
MOSAIC_LARGE = _records("sgt_mosaic_large.json")


@pytest.mark.parametrize("record", MOSAIC_LARGE, ids=[record["generated_by"] for record in MOSAIC_LARGE])
def test_large_mosaic_id_has_sgts_one_solution_and_round_trips(record: dict[str, Any]) -> None:
    puzzle = interchange.from_sgt(record["id"], "pixel")
    assert isinstance(puzzle, pixel.Puzzle)
    width, height = (int(side) for side in record["id"].split(":")[0].split("x"))
    assert (puzzle.n, puzzle.m) == (height, width)
    solution = _mosaic_solution(record, puzzle.n, puzzle.m)
    assert pixel.solve(puzzle) == solution
    assert pixel.count_solutions(puzzle) == 1
    assert pixel.count_solutions(puzzle, limit=2) == 1
    assert list(pixel.solutions(puzzle)) == [solution]
    assert interchange.to_sgt(puzzle) == record["id"]


def test_mosaic_past_10000_cells_is_refused() -> None:
    _parse_error(lambda: interchange.from_sgt("101x100:a", "pixel"), 1, "at most 10000 cells")
    # Every size SGT's Mosaic takes, pixel placement takes.
    assert pixel.MAX_CELLS >= interchange._MOSAIC_MAX_TILES and pixel.MAX_N >= interchange._MOSAIC_MAX_TILES // 3
