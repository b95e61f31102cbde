"""Simon Tatham's game IDs for the 01 game and pixel placement, read and written as SGT does.

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
    >>> interchange.to_sgt(interchange.from_sgt("003x3h0a1:a0c22b", "mosaic"))
    '3x3:a0c22b'

The formats, as SGT's own code reads and writes them (``unruly.c`` and
``mosaic.c``: ``decode_params``, ``encode_params``, ``validate_params``,
``validate_desc``, ``new_game``; ``midend.c``: how an ID splits):

* A game ID is ``PARAMS:DESC``, split at its first ``:``. ``PARAMS#SEED`` (a
  ``#`` before any ``:``) is a random seed, which only SGT's generator (of one
  version) turns into a puzzle: it is refused. Spaces and tabs before the ID,
  and white space after it, are passed over, as pasted IDs carry them (SGT
  itself would read ``" 6u"`` as 6x6 without ``u``: its ``atoi`` skips the
  space, its scan of the digits then stops at it). An ID is one line: a text
  with more lines (contest text read as an ID, say) is an error at the end of
  its first line that says so (and that it is contest text, when it is).
  The address of SGT's web page that the ID follows, pasted with it
  (``https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/unruly.html#8x8u:...``),
  is passed over: all up to and including its first ``#``. A page's
  address with a random seed after the ``#`` (``unruly.html#8x8#12345``) is
  refused as any random seed is. The game's name written before the ID, as
  people write it (``unruly:8x8u:...``, ``mosaic:3x3:...``), is passed over;
  the other game's name is an error.
* ``PARAMS`` is read as ``decode_params`` reads it: a number as C's ``atoi``
  reads it (leading zeros, and white space or a sign before it, allowed; none
  at all is 0), then ``x`` and the height (without it, the height is the
  width: ``6`` is 6x6), then the game's flags in their order; whatever
  follows, up to the ``:``, is skipped (``6x6ux`` is ``6x6u``, ``3x3x`` is
  ``3x3``, and ``6x6zu`` has no ``u``: the ``z`` ends what is read). The sizes
  are then checked as ``validate_params`` checks them, and against what
  fastpuzzle takes. A number too large for C's ``int`` is refused (SGT would
  read it wrapped around).
* Unruly: ``W[xH][u][dC]``, even sides of at least 6, ``u`` for unique rows
  and columns, ``C`` a difficulty letter (``t``, ``e``, ``n``; any other is an
  error, as in SGT) that only matters to the generator. With ``u``, SGT
  refuses a grid taller than the lines of its width that can all differ (14
  of width 6: "too tall"), or wider than those of its height ("too long").
  ``DESC`` walks the cells row by row: a letter ``a`` to ``y`` skips 0 to 24
  blank cells and then gives a 0, ``A`` to ``Y`` the same with a 1, and ``z``
  or ``Z`` skips 25 blank cells. The letters cover one place more than the
  grid: the last one ends the description. Givens that break the rules make
  a puzzle with no solution, as in SGT.
* Mosaic: ``W[xH][hN]`` (width, height; at least 3 each, at most 10,000
  cells), ``hN`` the generator's aggressiveness. ``DESC`` walks the cells
  row by row: a digit is a clue, a letter ``a`` to ``z`` is 1 to 26 blank
  cells. SGT takes any digit as a clue, so a clue larger than its block
  (``3x3:9h``) is a puzzle with no solution: :class:`~fastpuzzle.NoSolutionError`
  once the whole ID has been read (the contest format calls it bad input).

IDs are written as SGT's ``encode_params(params, false)`` and its generator
write them: ``WxH:DESC``, ``WxHu:DESC`` for unique rows and columns; the
generator's flags make no puzzle and are not written.

Only these formats exist for these puzzles: puzz.link (pzprjs) has no type
for the 01 game or for Fill-a-Pix, so no URL is offered.

Errors in an ID are :class:`~fastpuzzle.ParseError` on line 1, with the
column (1-based character position) of the first problem and what was
expected there.
"""

from __future__ import annotations

import re

from . import pixel, takuzu
from ._common.text import describe
from ._contract.registry import FORMATS
from .errors import ArgumentError, NoSolutionError, ParseError

TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import Optional, Union

    Puzzle = Union[takuzu.Puzzle, pixel.Puzzle]

__all__ = ["FORMATS", "NAMES", "from_sgt", "read", "to_sgt", "write"]

#: The puzzle names these formats take, SGT's game names among them, to the facade's name.
NAMES = {"takuzu": "takuzu", "01": "takuzu", "unruly": "takuzu", "pixel": "pixel", "mosaic": "pixel"}
_FACADES = {"takuzu": takuzu, "pixel": pixel}
_SGT_GAME = {"takuzu": "Unruly", "pixel": "Mosaic"}

#: SGT's smallest sides: Unruly's validate_params ("at least 6"), Mosaic's ("Minimal size is 3x3").
_UNRULY_MIN, _MOSAIC_MIN = 6, 3
#: Mosaic's MAX_TILES: the most cells SGT's Mosaic takes ("Maximum size is 10000 tiles").
_MOSAIC_MAX_TILES = 10_000
#: Unruly's difficulty letters (DIFFLIST in unruly.c): trivial, easy, normal.
_UNRULY_LEVELS = "ten"
#: Unruly's unique-rows check (validate_params) looks its A177790 table up only for sides below this.
_UNRULY_TABLE_SIDES = 48
#: Blank cells one ``z``/``Z`` of Unruly skips, and the most one Mosaic letter holds.
_UNRULY_SKIP, _MOSAIC_RUN = 25, 26
#: White space allowed around an ID: spaces and tabs, and line endings after it.
_BLANKS, _TRAILING = " \t", " \t\r\n"
#: What ends a line (as the contest readers take it): LF, CRLF, or CR alone.
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
#: A first line the contest format may have and a game ID may not: numbers (a size), and a word (``free``).
_CONTEST_HEADER = re.compile(r"[ \t]*[0-9]+(?:[ \t]+[0-9]+)*(?:[ \t]+[a-z]+)?[ \t]*")
#: What C's isspace (in the C locale) skips before atoi's number.
_C_SPACE = " \t\n\v\f\r"
#: C's int: the values atoi can give.
_INT_MIN, _INT_MAX = -(2**31), 2**31 - 1
#: The address of a web page (``https://...``): SGT's pages take the game ID after the first ``#``.
_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://[^#\s]*")
#: A game's name before its ID, as people write it (``unruly:8x8u:...``): SGT's IDs start with a digit.
_GAME_NAME = re.compile(r"([A-Za-z][A-Za-z0-9]*):")


class _Cursor:
    """A left-to-right reader of one ID that knows the column of every character.

    An ID is one line: the first line of the text, which is all that is read.
    ``more`` is where the first line ends if other lines with something on them
    follow (-1 if none do); an error then says so.
    """

    __slots__ = ("end", "more", "pos", "text")

    def __init__(self, text: object) -> None:
        if not isinstance(text, str):
            hint = "; decode it first" if isinstance(text, (bytes, bytearray, memoryview)) else ""
            raise TypeError(f"expected the text as str, found {type(text).__name__}{hint}")
        self.text = text
        line_end = _LINE_BREAK.search(text)
        if line_end is not None and text[line_end.start() :].strip(_TRAILING):
            self.more = line_end.start()
            self.end = len(text[: self.more].rstrip(_BLANKS))
        else:
            self.more = -1
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
            # Past the end of the ID's line, with more lines after it: what ends the line.
            there = column <= self.end or (self.more >= 0 and column <= len(self.text))
            found = describe(self.text[column - 1]) if there else "end of input"
        return ParseError(f"expected {expected}, found {found}{': ' + why if why else ''}", 1, column)

    def later_line(self) -> tuple[int, str]:
        """The first line after the ID's with something on it: its number, and what it holds."""
        lines = _LINE_BREAK.split(self.text[self.more :])
        number = next(number for number, line in enumerate(lines[1:], start=2) if line.strip(_TRAILING))
        return number, lines[number - 1].strip(_BLANKS)

    def skip_url(self) -> None:
        """Step over the web page's address of an ID pasted from SGT's page (``https://.../unruly.html#ID``):
        all up to and including the first ``#``. A ParseError if there is no ``#`` (a page, not a puzzle)."""
        url = _URL.match(self.text, self.pos, self.end)
        if url is None:
            return
        if url.end() >= self.end or self.text[url.end()] != "#":
            raise self.error(
                "'#' and a game ID after the page's address",
                min(url.end(), self.end) + 1,
                why="SGT's pages carry the puzzle after '#' (unruly.html#8x8u:...); "
                "copy the link from Game > Specific, or the ID itself",
            )
        self.pos = url.end() + 1

    def skip_game_name(self, canonical: str) -> None:
        """Step over the game's name written before its ID (``unruly:8x8u:...``, ``Mosaic:3x3:...``).
        A ParseError if it names the other game; any other word is left for the size's reader to refuse."""
        word = _GAME_NAME.match(self.text, self.pos, self.end)
        if word is None or word.group(1).lower() not in NAMES:
            return
        named = NAMES[word.group(1).lower()]
        if named != canonical:
            raise self.error(
                f"an ID of {_SGT_GAME[canonical]}",
                self.pos + 1,
                repr(word.group(0)),
                why=f"this ID says it is {_SGT_GAME[named]}'s",
            )
        self.pos = word.end()

    def seed_check(self) -> None:
        """Refuse ``PARAMS#SEED``: the first ``#`` before any ``:`` makes the ID a random seed."""
        rest = self.text[self.pos : self.end]
        hash_at, colon_at = rest.find("#"), rest.find(":")
        if hash_at >= 0 and (colon_at < 0 or hash_at < colon_at):
            raise self.error(
                "':' and a game description",
                self.pos + hash_at + 1,
                why="PARAMS#SEED is a random seed, not a game ID: only SGT's generator turns it into a puzzle, "
                "and its versions differ; SGT's Game > Specific shows the puzzle's own ID",
            )


class _Number:
    """A number of ``PARAMS`` as C's atoi read it: its value, where it starts, and its text."""

    __slots__ = ("column", "text", "value")

    def __init__(self, value: int, column: int, text: str) -> None:
        self.value, self.column, self.text = value, column, text

    def found(self, cur: _Cursor) -> str:
        """The number as an error names it: its text, or what stands there if it has no digits."""
        if self.text:
            return describe(self.text)
        there = cur.text[self.column - 1 : self.column]
        return f"{describe(there) if there else 'end of input'} (no number: SGT reads 0)"


class _Params:
    """``PARAMS`` (the text before the ID's first ``:``) walked as SGT's decode_params walks it."""

    __slots__ = ("cur", "end", "pos")

    def __init__(self, cur: _Cursor) -> None:
        cur.seed_check()
        colon = cur.text.find(":", cur.pos, cur.end)
        if colon < 0:
            cur.pos = cur.end
            raise cur.error("':' and the game description after the parameters")
        self.cur, self.pos, self.end = cur, cur.pos, colon

    def peek(self) -> str:
        """The next character of ``PARAMS``, or ``""`` at its end (C's terminating NUL)."""
        return self.cur.text[self.pos] if self.pos < self.end else ""

    def take(self, char: str) -> bool:
        """Step over ``char`` if it comes next (``if (*p == char) p++``)."""
        if self.peek() == char:
            self.pos += 1
            return True
        return False

    def number(self) -> _Number:
        """``atoi(p)``, then ``while (isdigit(*p)) p++``: a sign or white space before the digits is read
        by atoi but not stepped over, so what follows them is then read from the sign."""
        text, start = self.cur.text, self.pos
        at = start
        while at < self.end and text[at] in _C_SPACE:
            at += 1
        sign = -1 if at < self.end and text[at] == "-" else 1
        if at < self.end and text[at] in "+-":
            at += 1
        digits_from = at
        while at < self.end and "0" <= text[at] <= "9":
            at += 1
        digits = text[digits_from:at].lstrip("0")
        if len(digits) > len(str(_INT_MAX)) or int(digits or "0") > _INT_MAX + (sign < 0):
            raise self.cur.error(
                "a number that fits C's int (SGT reads a larger one wrapped around)",
                start + 1,
                describe(text[start:at]),
            )
        while self.pos < self.end and "0" <= text[self.pos] <= "9":
            self.pos += 1
        return _Number(sign * int(digits or "0"), start + 1, text[start:at] if digits_from < at else "")

    def size(self) -> tuple[_Number, _Number]:
        """``W[xH]``: the width and the height (the width again without ``x``)."""
        width = self.number()
        return width, (self.number() if self.take("x") else width)

    def done(self) -> None:
        """Skip what decode_params leaves unread, and the ``:``."""
        self.cur.pos = self.end + 1


def _too_small(cur: _Cursor, name: str, number: _Number, low: int) -> None:
    """Refuse a side below SGT's smallest, ``low``."""
    if number.value < low:
        raise cur.error(f"{name} of at least {low} (SGT's smallest)", number.column, number.found(cur))


def _too_large(cur: _Cursor, name: str, number: _Number, high: int, what: str) -> None:
    """Refuse a side above ``what``'s largest, ``high``."""
    if number.value > high:
        raise cur.error(f"{name} of at most {high} ({what}'s largest)", number.column, number.found(cur))


def _span(index: int, size: int) -> int:
    """The cells of a 3-cell window centred on ``index``, clipped to ``0 .. size - 1``."""
    return min(index + 1, size - 1) - max(index - 1, 0) + 1


# -- Unruly: the 01 game ------------------------------------------------------


def _read_unruly(cur: _Cursor) -> takuzu.Puzzle:
    """The 01 game in Unruly's ``W[xH][u][dC]:DESC``."""
    params = _Params(cur)
    width_number, height_number = params.size()
    unique = params.take("u")
    level_at = params.pos + 1 if params.take("d") else 0
    level = params.peek()
    params.done()
    sides = (("a width", width_number), ("a height", height_number))
    # validate_params, in its order: even sides, at least 6, unique rows that can all differ, the difficulty.
    for name, number in sides:
        if number.value % 2:
            raise cur.error(f"an even {name[2:]} (Unruly's rule)", number.column, number.found(cur))
    for name, number in sides:
        _too_small(cur, name, number, _UNRULY_MIN)
    width, height = width_number.value, height_number.value
    if unique:
        for name, number, across in (("height", height_number, width), ("width", width_number, height)):
            if across < _UNRULY_TABLE_SIDES and number.value > _distinct_lines(across):
                raise cur.error(
                    f"a {name} of at most {_distinct_lines(across)} with 'u': no more lines of {across} cells "
                    f'can all differ (SGT: "too {"tall" if name == "height" else "long"} for unique-rows")',
                    number.column,
                    number.found(cur),
                )
    if level_at and not (level and level in _UNRULY_LEVELS):
        raise cur.error("a difficulty letter 't', 'e' or 'n' after 'd'", level_at)
    for name, number in sides:
        _too_large(cur, name, number, takuzu.MAX_N, "the 01 game")
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
    """Pixel placement in Mosaic's ``W[xH][hN]:DESC``; a clue larger than its block is NoSolutionError."""
    params = _Params(cur)
    width_number, height_number = params.size()
    if params.take("h"):  # the generator's aggressiveness, which no puzzle depends on
        params.number()
    params.done()
    sides = (("a width", width_number), ("a height", height_number))
    for name, number in sides:
        _too_small(cur, name, number, _MOSAIC_MIN)
    width, height = width_number.value, height_number.value
    if height > _MOSAIC_MAX_TILES // width:
        raise cur.error(
            f"at most {_MOSAIC_MAX_TILES} cells (SGT's largest Mosaic)",
            width_number.column,
            f"{width} x {height}",
        )
    for name, number in sides:
        _too_large(cur, name, number, pixel.MAX_N, "pixel placement")
    cells = width * height
    grid = ["_"] * cells
    place = 0
    too_large = ""  # the first clue larger than its block: the puzzle has no solution
    while char := cur.peek():
        if "0" <= char <= "9":
            if place >= cells:
                raise cur.error(f"the end of the description, which has covered the {cells} cells")
            row, column = divmod(place, width)
            block = _span(row, height) * _span(column, width)
            if int(char) > block and not too_large:
                too_large = (
                    f"the clue {char} in row {row + 1}, column {column + 1} (column {cur.column} of the ID) "
                    f"is more than the {block} cells of its block: no picture meets it"
                )
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
    if too_large:
        raise NoSolutionError(too_large)
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
        raise ArgumentError(f"format must be 'contest' or 'sgt', got {format!r}")
    return format


def from_sgt(text: str, name: Optional[str] = None) -> Puzzle:
    """The puzzle of an SGT game ID ``PARAMS:DESC`` from Unruly (``name`` 'takuzu') or Mosaic ('pixel').

    ``name`` is required: a game ID does not say which of SGT's games it is
    for (``'unruly'``, ``'mosaic'`` and ``'01'`` are accepted too). ``PARAMS``
    is read as SGT's ``decode_params`` reads it (see the module's text). Spaces
    and tabs around the ID, line endings after it, and the address of SGT's web
    page before it (``https://.../unruly.html#8x8u:...``) or the game's name
    (``unruly:8x8u:...``) are ignored. Raises
    :class:`~fastpuzzle.ParseError` (line 1 and the column of the first
    problem) for an ID that SGT refuses or that holds a size the puzzle does
    not take: a random seed (``PARAMS#SEED``, not a game ID), a bad size or difficulty, a bad
    character, a description of the wrong length, more lines after the ID's
    (an ID is one line; contest text is named as such); and
    :class:`~fastpuzzle.NoSolutionError` for a Mosaic ID that SGT takes but
    whose clue is larger than its block.
    """
    if name is None:
        raise ArgumentError("from_sgt() needs name, 'takuzu' or 'pixel': an SGT game ID does not name its game")
    canonical = _canonical(name)
    cur = _Cursor(text)
    try:
        cur.skip_url()
        cur.skip_game_name(canonical)
        puzzle: Puzzle = _read_unruly(cur) if canonical == "takuzu" else _read_mosaic(cur)
    except ParseError as error:
        if cur.more < 0:
            raise
        raise ParseError(error.reason + _several_lines(cur, canonical), error.line, error.column) from None
    except NoSolutionError:
        _check_one_line(cur)  # bad input before no solution
        raise
    _check_one_line(cur)
    return puzzle


def _check_one_line(cur: _Cursor) -> None:
    """A ParseError if lines with something on them follow the ID's (read whole and valid)."""
    if cur.more >= 0:
        number, line = cur.later_line()
        found = f"{describe(cur.text[cur.more])}, then line {number}: {describe(line)}"
        raise cur.error("the end of the game ID (an ID is one line)", cur.more + 1, found) from None


def _several_lines(cur: _Cursor, name: str) -> str:
    """What a ParseError in the first line of a text of several lines adds: that an ID is one line, and
    that the text is (or looks like) the contest format, if it is."""
    try:
        _FACADES[name].parse(cur.text)
    except ValueError:  # ParseError, or the contest reader's other refusals
        contest = "looks like" if _CONTEST_HEADER.fullmatch(cur.text[: cur.more]) else ""
    else:
        contest = "is"
    if contest:
        return (
            f"; this text {contest} contest text, not a game ID (which is one line): read it as such "
            "(format 'contest'; on the command line, without --format sgt)"
        )
    number, line = cur.later_line()
    return f"; a game ID is one line, and line {number} holds {describe(line)}"


def to_sgt(puzzle: Puzzle) -> str:
    """``puzzle``'s SGT game ID: ``WxH[u]:DESC`` for Unruly, ``WxH:DESC`` for Mosaic.

    Letter for letter what SGT prints for that puzzle (``--generate``, Game >
    Specific). Raises :class:`~fastpuzzle.ArgumentError` for a grid SGT does
    not take (a 01 game below 6 x 6, or with unique rows in a grid taller or
    wider than the lines that can all differ; a pixel puzzle with a side below 3).
    """
    if isinstance(puzzle, takuzu.Puzzle):
        return _write_unruly(puzzle)
    if isinstance(puzzle, pixel.Puzzle):
        return _write_mosaic(puzzle)
    raise TypeError(f"expected a takuzu.Puzzle or a pixel.Puzzle, found {type(puzzle).__name__}")


def read(text: str, name: str, format: str) -> Puzzle:
    """The ``name`` puzzle ('takuzu' or 'pixel') in ``format``: 'contest' or 'sgt'.

    'contest' is the facade's ``parse``, 'sgt' :func:`from_sgt`. ArgumentError
    for another name or format.
    """
    format = _format(format)
    canonical = _canonical(name)
    if format == "contest":
        puzzle: Puzzle = _FACADES[canonical].parse(text)
        return puzzle
    return from_sgt(text, canonical)


def write(puzzle: Puzzle, format: str) -> str:
    """``puzzle`` (a takuzu or pixel Puzzle) in ``format``: 'contest' (``str(puzzle)``) or 'sgt'."""
    format = _format(format)
    _kind(puzzle)
    if format == "contest":
        return str(puzzle)
    return to_sgt(puzzle)
