"""Other programs' formats for the 01 game and pixel placement: Simon Tatham's game IDs, puzz.link URLs.

Simon Tatham's Portable Puzzle Collection (SGT) calls the 01 game *Unruly* and
pixel placement *Mosaic*; its game IDs read and write both ways::

    >>> from fastpuzzle import interchange, takuzu
    >>> puzzle = interchange.from_sgt("6x6u:ceCiCebACBa", "takuzu")
    >>> print(puzzle, end="")
    6
    __0___
    _0__1_
    ______
    _0__1_
    ___0_0
    1__1_1
    >>> interchange.to_sgt(puzzle)
    '6x6u:ceCiCebACBa'
    >>> interchange.to_sgt(interchange.from_sgt("3x3:a0c22b", "mosaic"))
    '3x3:a0c22b'

The formats, as SGT's own code reads and writes them (``unruly.c`` and
``mosaic.c``: ``decode_params``, ``encode_params``, ``validate_params``,
``validate_desc``, ``new_game_desc``, ``new_game``):

* A game ID is ``PARAMS:DESC``. ``PARAMS#SEED`` is a random seed, which only
  SGT's generator (of one version) turns into a puzzle: it is refused.
* Unruly: ``PARAMS`` is ``W[xH][u][dC]``, even sides of at least 6, ``u`` for
  unique rows and columns, ``C`` a difficulty letter (``t``, ``e``, ``n``) that
  only matters to the generator. ``DESC`` walks the cells row by row: a letter
  ``a`` to ``y`` skips 0 to 24 blank cells and then gives a 0, ``A`` to ``Y``
  the same with a 1, and ``z`` or ``Z`` skips 25 blank cells. The letters
  cover one place more than the grid: the last one ends the description.
  With ``u``, SGT refuses a grid taller than the lines of its width that can
  all differ (14 of width 6: "too tall"), or wider than those of its height
  ("too long"); so does this reader. Any shape up to the 01 game's 64 x 64 is
  read, with the rule the ID names, and IDs are written as SGT writes them:
  ``WxH:DESC``, or ``WxHu:DESC`` for unique rows and columns.
* Mosaic: ``PARAMS`` is ``W[xH]`` (width, height; at least 3 each), then
  flags for the generator only: ``hN`` (aggressive generation) and, in IDs of
  the first Mosaic, ``aN``. ``DESC`` walks the cells row by row: a digit is a
  clue, a letter ``a`` to ``z`` is 1 to 26 blank cells. Pixel placement takes
  any W x H up to 10,000 cells, as SGT does (``MAX_TILES``).

puzz.link (pzprjs, and pzv.jp before it) has no type for either puzzle: none
of its varieties (``src/pzpr/variety.js`` of robx/pzprjs) is the 01 game or
Fill-a-Pix (its ``mines`` is Minesweeper, whose clue cells are never black).
:func:`from_url` reads where a URL names its type and refuses it, and
:func:`to_url` refuses every puzzle, so that no URL ever opens as another puzzle.

Errors in an ID or URL are :class:`~fastpuzzle.ParseError` on line 1, with the
column (1-based character position) of the first problem and what was expected
there.
"""

from __future__ import annotations

import re

from . import pixel, takuzu
from ._registry import FORMATS
from ._text import describe
from .errors import ArgumentError, ParseError

TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import Optional, Union

    Puzzle = Union[takuzu.Puzzle, pixel.Puzzle]

__all__ = ["FORMATS", "NAMES", "from_sgt", "from_url", "read", "to_sgt", "to_url", "write"]

#: The puzzle names these formats take, SGT's game names among them, to the facade's name.
NAMES = {"takuzu": "takuzu", "01": "takuzu", "unruly": "takuzu", "pixel": "pixel", "mosaic": "pixel"}
_FACADES = {"takuzu": takuzu, "pixel": pixel}
#: What each puzzle is called in messages.
_TITLES = {"takuzu": "the 01 game", "pixel": "pixel placement"}

#: SGT's smallest sides: Unruly's validate_params ("at least 6"), Mosaic's ("Minimal size is 3x3").
_UNRULY_MIN, _MOSAIC_MIN = 6, 3
#: Unruly's difficulty letters (DIFFLIST in unruly.c): trivial, easy, normal.
_UNRULY_LEVELS = "ten"
#: Blank cells one ``z``/``Z`` of Unruly skips, and the most one Mosaic letter holds.
_UNRULY_SKIP, _MOSAIC_RUN = 25, 26
#: White space allowed around an ID or URL: spaces and tabs, and line endings after it.
_BLANKS, _TRAILING = " \t", " \t\r\n"

#: pzprjs's addresses before the ``?`` (its sources and tests; pzprxs, merged into puzz.link since).
_URL_ADDRESSES = ("puzz.link/p", "pzv.jp/p.html", "indi.s58.xrea.com/pzpr/v3/p.html", "pzprxs.vercel.app/p")
#: A query parameter pzprjs skips before the type (``type=editor&``).
_URL_OPTION = re.compile(r"\w+=\w+&", re.ASCII)
#: A pzprjs type that starts a whole puzzle file in the URL (``pzprv3/nurikabe/...``).
_URL_FILE = re.compile(r"pzprv[0-9.]*")


#: The longest number an ID may hold: every size SGT takes has fewer digits (and Python refuses to read
#: numbers of over 4300 digits at all).
_MOST_DIGITS = 9


class _Cursor:
    """A left-to-right reader of one ID or URL that knows the column of every character."""

    __slots__ = ("end", "pos", "text")

    def __init__(self, text: object) -> None:
        if not isinstance(text, str):
            hint = "; decode it first" if isinstance(text, (bytes, bytearray, memoryview)) else ""
            raise TypeError(f"expected the text as str, found {type(text).__name__}{hint}")
        self.text = text
        self.end = len(text.rstrip(_TRAILING))
        self.pos = min(len(text) - len(text.lstrip(_BLANKS)), self.end)

    @property
    def column(self) -> int:
        """The 1-based column of the next character."""
        return self.pos + 1

    def peek(self) -> str:
        """The next character, or ``""`` at the end."""
        return self.text[self.pos] if self.pos < self.end else ""

    def take(self, char: str) -> bool:
        """Step over ``char`` if it comes next."""
        if self.peek() == char:
            self.pos += 1
            return True
        return False

    def error(
        self, expected: str, column: Optional[int] = None, found: Optional[str] = None, why: str = ""
    ) -> ParseError:
        """A ParseError at ``column`` (the next character's by default), naming what is there, then ``why``."""
        column = self.column if column is None else column
        if found is None:
            found = describe(self.text[column - 1]) if column <= self.end else "end of input"
        return ParseError(f"expected {expected}, found {found}{': ' + why if why else ''}", 1, column)

    def number(self, name: str) -> tuple[int, int]:
        """A number in ASCII digits without a leading zero, and its column."""
        start = self.pos
        while "0" <= self.peek() <= "9":
            self.pos += 1
        digits = self.text[start : self.pos]
        if not digits:
            raise self.error(f"{name} in digits")
        if digits[0] == "0" and len(digits) > 1:
            raise self.error(f"{name} without a leading zero", start + 1, describe(digits))
        if len(digits) > _MOST_DIGITS:
            raise self.error(f"{name} of at most {_MOST_DIGITS} digits", start + 1, f"{len(digits)} digits")
        return int(digits), start + 1

    def seed_check(self) -> None:
        """Refuse ``PARAMS#SEED``: the first ``#`` before any ``:`` makes the ID a random seed."""
        rest = self.text[self.pos : self.end]
        hash_at, colon_at = rest.find("#"), rest.find(":")
        if hash_at >= 0 and (colon_at < 0 or hash_at < colon_at):
            raise self.error(
                "':' and a game description",
                self.pos + hash_at + 1,
                why="PARAMS#SEED is a random seed, not a puzzle: only SGT's generator turns it into one, "
                "and its versions differ; SGT's Game > Specific shows the puzzle's own ID",
            )


def _sized(cur: _Cursor, name: str, value: int, column: int, low: int, high: int, what: str) -> None:
    """``value`` (at ``column``) is a side from ``low`` (SGT's) to ``high`` (``what``'s)."""
    if value < low:
        raise cur.error(f"{name} of at least {low} (SGT's smallest)", column, describe(str(value)))
    if value > high:
        raise cur.error(f"{name} of at most {high} ({what}'s largest)", column, describe(str(value)))


def _span(index: int, size: int) -> int:
    """The cells of a 3-cell window centred on ``index``, clipped to ``0 .. size - 1``."""
    return min(index + 1, size - 1) - max(index - 1, 0) + 1


def _segment(cur: _Cursor) -> str:
    """The text from the cursor to the next ``/`` (or the end)."""
    slash = cur.text.find("/", cur.pos, cur.end)
    return cur.text[cur.pos : slash if slash >= 0 else cur.end]


def _dimensions(cur: _Cursor) -> tuple[int, int, int, int]:
    """A game ID's ``W[xH]`` (after making sure it is no seed): the width, its column, the height, its column."""
    cur.seed_check()
    width, width_at = cur.number("the width")
    height, height_at = (width, width_at)
    if cur.take("x"):
        height, height_at = cur.number("the height")
    return width, width_at, height, height_at


# -- Unruly: the 01 game ------------------------------------------------------


def _read_unruly(cur: _Cursor) -> takuzu.Puzzle:
    """The 01 game in Unruly's ``W[xH][u][dC]:DESC``."""
    width, width_at, height, height_at = _dimensions(cur)
    for name, value, column in (("a width", width, width_at), ("a height", height, height_at)):
        if value % 2:
            raise cur.error(f"an even {name[2:]} (Unruly's rule)", column, describe(str(value)))
        _sized(cur, name, value, column, _UNRULY_MIN, takuzu.MAX_N, "the 01 game")
    unique = cur.take("u")
    if unique:
        # SGT's validate_params: more rows than distinct lines of their width cannot all differ.
        for name, value, column, across in (("height", height, height_at, width), ("width", width, width_at, height)):
            if value > _distinct_lines(across):
                raise cur.error(
                    f"a {name} of at most {_distinct_lines(across)} with 'u': no more lines of {across} cells "
                    f'can all differ (SGT: "too {"tall" if name == "height" else "long"} for unique-rows")',
                    column,
                    describe(str(value)),
                )
    if cur.take("d"):
        if not (cur.peek() and cur.peek() in _UNRULY_LEVELS):
            raise cur.error("a difficulty letter 't', 'e' or 'n' after 'd'")
        cur.pos += 1
    if not cur.take(":"):
        raise cur.error("':' and the game description after the parameters")
    cells = width * height
    grid = ["_"] * cells
    place = 0  # the next cell; the description covers cells + 1 places
    while char := cur.peek():
        if char in "zZ":
            place += _UNRULY_SKIP
        elif "a" <= char <= "y" or "A" <= char <= "Y":
            place += ord(char.lower()) - ord("a")
            if place < cells:
                grid[place] = "0" if char.islower() else "1"
            place += 1
        else:
            raise cur.error("a letter: 'a' to 'y' (blank cells, then a 0), 'A' to 'Y' (then a 1), 'z' or 'Z'")
        if place > cells + 1:
            raise cur.error(f"the end of the description, which has covered the {cells} cells")
        cur.pos += 1
    if place < cells:
        raise cur.error(f"more letters: the description covers {place} of the {cells} cells")
    if place == cells:
        raise cur.error(f"a last letter after the {cells} cells (every description ends with one)")
    rows = ["".join(grid[r * width : (r + 1) * width]) for r in range(height)]
    return takuzu.from_rows(rows, unique_rows=unique)


def _distinct_lines(n: int) -> int:
    """How many lines of ``n`` cells are valid (balanced, no three equal digits in a run): OEIS A177790."""
    # ends[(ones, last, run)]: the valid prefixes so far ending in a run of ``run`` copies of ``last``.
    ends: dict[tuple[int, int, int], int] = {(0, 0, 0): 1}
    for position in range(n):
        grown: dict[tuple[int, int, int], int] = {}
        for (ones, last, run), count in ends.items():
            for digit in (0, 1):
                state = (ones + digit, digit, run + 1 if digit == last and position else 1)
                if state[2] <= 2 and state[0] <= n // 2 and position + 1 - state[0] <= n // 2:
                    grown[state] = grown.get(state, 0) + count
        ends = grown
    return sum(ends.values())


def _write_unruly(puzzle: takuzu.Puzzle) -> str:
    """``puzzle`` as Unruly's ``WxH[u]:DESC``, letter for letter as SGT writes it."""
    width, height = puzzle.width, puzzle.height
    if min(width, height) < _UNRULY_MIN:
        raise ArgumentError(
            f"SGT's Unruly takes sides from {_UNRULY_MIN}, so a {width}x{height} 01 game has no game ID"
        )
    if puzzle.unique_rows and (height > _distinct_lines(width) or width > _distinct_lines(height)):
        raise ArgumentError(
            f"SGT's Unruly refuses unique rows and columns in a {width}x{height} grid: no more than "
            f"{min(_distinct_lines(width), _distinct_lines(height))} lines of its sides can all differ"
        )
    letters = []
    # Each given is its letter after the blanks before it; a 0 past the last cell ends the
    # description, as SGT writes it. The 25-blank letters take the case of the given after them.
    for blanks, given in re.findall(r"(_*)([01])", "".join(puzzle.rows) + "0"):
        skips, rest = divmod(len(blanks), _UNRULY_SKIP)
        first = "a" if given == "0" else "A"
        letters.append(chr(ord(first) + _UNRULY_SKIP) * skips + chr(ord(first) + rest))
    return f"{width}x{height}{'u' if puzzle.unique_rows else ''}:" + "".join(letters)


# -- Mosaic: pixel placement --------------------------------------------------


def _read_mosaic(cur: _Cursor) -> pixel.Puzzle:
    """Pixel placement in Mosaic's ``W[xH][aN][hN]:DESC``."""
    width, width_at, height, height_at = _dimensions(cur)
    for flag in "ah":  # generator settings, which no puzzle depends on
        if cur.take(flag):
            cur.number(f"the value of '{flag}'")
    for name, value, column in (("a width", width, width_at), ("a height", height, height_at)):
        _sized(cur, name, value, column, _MOSAIC_MIN, pixel.MAX_N, "pixel placement")
    if width * height > pixel.MAX_CELLS:
        # SGT's own bound too (MAX_TILES in mosaic.c).
        raise cur.error(
            f"at most {pixel.MAX_CELLS} cells (width times height)", width_at, describe(f"{width}x{height}")
        )
    if not cur.take(":"):
        raise cur.error("':' and the game description after the parameters")
    cells = width * height
    grid = ["_"] * cells
    place = 0
    while char := cur.peek():
        if "0" <= char <= "9":
            if place >= cells:
                raise cur.error(f"the end of the description, which has covered the {cells} cells")
            row, column = divmod(place, width)
            block = _span(row, height) * _span(column, width)
            if int(char) > block:
                raise cur.error(f"a clue from 0 to {block} in row {row + 1}, column {column + 1} (its block's cells)")
            grid[place] = char
            place += 1
        elif "a" <= char <= "z":
            place += ord(char) - ord("a") + 1
            if place > cells:
                raise cur.error(f"a shorter run: the description has only {cells} cells")
        else:
            raise cur.error("a digit (a clue) or a letter 'a' to 'z' (1 to 26 blank cells)")
        cur.pos += 1
    if place < cells:
        raise cur.error(f"more of the description: it covers {place} of the {cells} cells")
    return pixel.from_rows(["".join(grid[r * width : (r + 1) * width]) for r in range(height)])


def _write_mosaic(puzzle: pixel.Puzzle) -> str:
    """``puzzle`` as Mosaic's ``WxH:DESC`` (width first, as SGT writes it)."""
    n, m = puzzle.n, puzzle.m
    if min(n, m) < _MOSAIC_MIN:
        raise ArgumentError(f"SGT's Mosaic takes sides from {_MOSAIC_MIN}, so a {n}x{m} pixel puzzle has no game ID")
    parts = []
    for piece in re.findall(r"_+|[0-9]", "".join(puzzle.rows)):
        if piece[0] == "_":  # blanks: as many 26-cell letters as fit, then one for the rest
            full, rest = divmod(len(piece), _MOSAIC_RUN)
            parts.append("z" * full + (chr(ord("a") + rest - 1) if rest else ""))
        else:
            parts.append(piece)
    return f"{m}x{n}:" + "".join(parts)


# -- public functions ---------------------------------------------------------


def _canonical(name: object) -> str:
    """The facade's name for ``name``: a TypeError unless a str, ArgumentError unless one of NAMES."""
    if not isinstance(name, str):
        raise TypeError(f"name must be a str, got {type(name).__name__}")
    if name not in NAMES:
        raise ArgumentError(f"name must be 'takuzu' (or '01', 'unruly') or 'pixel' (or 'mosaic'), got {name!r}")
    return NAMES[name]


def _kind(puzzle: object) -> str:
    """``'takuzu'`` or ``'pixel'`` for a puzzle of either facade; a TypeError for anything else."""
    if isinstance(puzzle, takuzu.Puzzle):
        return "takuzu"
    if isinstance(puzzle, pixel.Puzzle):
        return "pixel"
    raise TypeError(f"expected a takuzu.Puzzle or a pixel.Puzzle, found {type(puzzle).__name__}")


def _format(format: object) -> str:
    """``format`` if one of FORMATS: a TypeError unless a str, ArgumentError for another str."""
    if not isinstance(format, str):
        raise TypeError(f"format must be a str, got {type(format).__name__}")
    if format not in FORMATS:
        raise ArgumentError(f"format must be 'contest', 'sgt' or 'url', got {format!r}")
    return format


def from_sgt(text: str, name: Optional[str] = None) -> Puzzle:
    """The puzzle of an SGT game ID ``PARAMS:DESC`` from Unruly (``name`` 'takuzu') or Mosaic ('pixel').

    ``name`` is required: a game ID does not say which of SGT's games it is
    for (``'unruly'``, ``'mosaic'`` and ``'01'`` are accepted too). Spaces and
    tabs around the ID, and line endings after it, are ignored. Raises
    :class:`~fastpuzzle.ParseError` (line 1 and the column of the first
    problem) for an ID that is no puzzle of that name: a random seed
    (``PARAMS#SEED``), an Unruly ID without unique rows and columns (another
    rule set), a size the puzzle does not take, a bad character, a clue
    larger than its block.
    """
    if name is None:
        raise ArgumentError("from_sgt() needs name, 'takuzu' or 'pixel': an SGT game ID does not name its game")
    canonical = _canonical(name)
    cur = _Cursor(text)
    return _read_unruly(cur) if canonical == "takuzu" else _read_mosaic(cur)


def to_sgt(puzzle: Puzzle) -> str:
    """``puzzle``'s SGT game ID: ``NxNu:DESC`` for Unruly, ``WxH:DESC`` for Mosaic.

    What SGT shows under Game > Specific for that puzzle. Raises
    :class:`~fastpuzzle.ArgumentError` for a grid smaller than SGT takes
    (a 01 game below 6 x 6, a pixel puzzle with a side below 3).
    """
    if isinstance(puzzle, takuzu.Puzzle):
        return _write_unruly(puzzle)
    if isinstance(puzzle, pixel.Puzzle):
        return _write_mosaic(puzzle)
    raise TypeError(f"expected a takuzu.Puzzle or a pixel.Puzzle, found {type(puzzle).__name__}")


def _read_url(text: str, want: Optional[str]) -> Puzzle:
    """Where a pzprjs URL names its type; every type is refused (pzprjs has neither puzzle)."""
    cur = _Cursor(text)
    rest = cur.text[cur.pos : cur.end]
    scheme = re.match(r"https?://", rest)
    if scheme:
        cur.pos += scheme.end()
        query = cur.text.find("?", cur.pos, cur.end)
        address = cur.text[cur.pos : query if query >= 0 else cur.end]
        if address.removeprefix("www.") not in _URL_ADDRESSES:
            expected = ", ".join(_URL_ADDRESSES[:-1]) + " or " + _URL_ADDRESSES[-1]
            raise cur.error(f"a puzz.link address ({expected})", found=describe(address) if address else None)
        cur.pos += len(address)
        if not cur.take("?"):
            raise cur.error("'?' and the puzzle after the address")
    while option := _URL_OPTION.match(cur.text, cur.pos, cur.end):
        cur.pos = option.end()
    if cur.text.startswith("v:", cur.pos, cur.end):  # a variant, then the type
        cur.pos = min(cur.pos + len(_segment(cur)) + 1, cur.end)
    column, kind = cur.column, _segment(cur)
    if _URL_FILE.fullmatch(kind) and cur.pos + len(kind) < cur.end:  # a whole puzzle file: its type comes next
        cur.pos += len(kind) + 1
        column, kind = cur.column, _segment(cur)
    kind = re.sub(r"_(edit|play)$", "", kind)
    wanted = _TITLES[want] if want else "the 01 game or pixel placement"
    if not kind:
        raise cur.error(f"a puzz.link type for {wanted}", column)
    raise cur.error(
        f"a puzz.link type for {wanted}",
        column,
        describe(kind),
        why=f"puzz.link (pzprjs) has no type for {'it' if want else 'either'}, so no URL holds "
        f"{'one' if want else 'these puzzles'}",
    )


def from_url(text: str) -> Puzzle:
    """The puzzle of a puzz.link URL (the type comes from the URL).

    Takes ``https://puzz.link/p?TYPE/COLS/ROWS/BODY``, the same after
    ``http://pzv.jp/p.html?`` (or pzprv3's and pzprxs's addresses), with pzprjs's
    ``type=editor&``, ``v:VARIANT/`` and ``pzprv3/`` prefixes, or the bare
    ``TYPE/COLS/ROWS/BODY``. pzprjs has no type for the 01 game or for
    pixel placement, so every URL is refused with a
    :class:`~fastpuzzle.ParseError` at the column of its type.
    """
    return _read_url(text, None)


def to_url(puzzle: Puzzle) -> str:
    """``puzzle`` as a puzz.link URL: always an :class:`~fastpuzzle.ArgumentError`.

    pzprjs has no type for the 01 game or for pixel placement; a URL of
    another type would open as another puzzle.
    """
    kind = _kind(puzzle)
    raise ArgumentError(
        f"puzz.link (pzprjs) has no type for {_TITLES[kind]}, so no URL can hold this puzzle; "
        "an SGT game ID (format 'sgt') can"
    )


def read(text: str, name: str, format: str) -> Puzzle:
    """The ``name`` puzzle ('takuzu' or 'pixel') in ``format``: 'contest', 'sgt' or 'url'.

    'contest' is the facade's ``parse``, 'sgt' :func:`from_sgt`, 'url'
    :func:`from_url` (refused for the wanted puzzle). ArgumentError for
    another name or format.
    """
    format = _format(format)
    canonical = _canonical(name)
    if format == "contest":
        puzzle: Puzzle = _FACADES[canonical].parse(text)
        return puzzle
    if format == "sgt":
        return from_sgt(text, canonical)
    return _read_url(text, canonical)


def write(puzzle: Puzzle, format: str) -> str:
    """``puzzle`` (a takuzu or pixel Puzzle) in ``format``: 'contest' (``str(puzzle)``), 'sgt' or 'url'."""
    format = _format(format)
    _kind(puzzle)
    if format == "contest":
        return str(puzzle)
    return to_sgt(puzzle) if format == "sgt" else to_url(puzzle)
