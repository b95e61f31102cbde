"""Shared reading of contest-format text, with line- and column-precise errors.

Every reader here is liberal in the small things (a byte-order mark, CRLF or CR
line endings, trailing spaces and tabs, trailing blank lines, a missing final
newline) and strict about structure: rows come one per line, with nothing but
blank lines after the last one.

One rule for every puzzle: white space is the ASCII space and the tab, and
nothing else. They separate values, and may end a line or fill a blank one; any
other white-space character (NBSP, U+3000, a form feed, ...) is an error that
names it. A number is ASCII digits, without a sign or a leading zero (``0``
itself is a number). Columns count characters, as an editor does.
"""

from __future__ import annotations

import re

TYPE_CHECKING = False

from fastpuzzle.errors import ParseError

if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import BinaryIO, Optional

#: The most input the CLI reads; every supported puzzle is far smaller.
MAX_INPUT_BYTES = 1 << 20
#: The only white space: it separates values, ends lines and fills blank ones.
WHITE_SPACE = " \t"
_TOKEN = re.compile(r"[^ \t]+")


def describe(found: str) -> str:
    """Name a piece of input for an error message: quoted, shortened if long."""
    if len(found) > 20:
        found = found[:20] + "..."
    return repr(found)


def shown(value: object) -> str:
    """``repr(value)`` for an error message about an argument, which may be any object.

    Python refuses to write an int of more digits than ``sys.get_int_max_str_digits()``
    (4300 by default) with a ValueError of its own; such an int is named by its
    size instead (and a value holding one by its type), so that the message is
    still the one the argument's error should carry.
    """
    try:
        return repr(value)
    except ValueError:
        if isinstance(value, int):
            digits = int(abs(value).bit_length() * 0.30103) + 1  # log10(2): the digits, give or take one
            return f"a {'negative ' if value < 0 else ''}number of about {digits} digits"
        return f"a {type(value).__name__} holding a number too long to write"


def read_source(stream: BinaryIO, limit: int = MAX_INPUT_BYTES) -> str:
    """Read at most ``limit`` bytes of UTF-8 text from ``stream``.

    Raises :class:`ParseError` pointing at the place where the input stops
    being UTF-8 or grows past ``limit``, without reading further. Lines end as
    :class:`Lines` ends them, and columns count characters.
    """
    data = stream.read(limit + 1)
    if len(data) > limit:
        raise oversize_error(data, limit, "input")
    return decode(data)


def decode(data: bytes) -> str:
    """``data`` as UTF-8 text; a ParseError at the line and column where it stops being UTF-8."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, column = _position(data, exc.start)
        raise ParseError(f"expected UTF-8 text, found byte 0x{data[exc.start]:02x}", line, column) from None


def oversize_error(data: bytes, limit: int, what: str) -> ParseError:
    """The error for ``what`` ("input", "a line") longer than ``limit`` bytes, at byte ``limit`` of ``data``."""
    line, column = _position(data, limit)
    return ParseError(f"expected at most {limit} bytes of {what}, found more", line, column)


def _position(data: bytes, offset: int) -> tuple[int, int]:
    """1-based line and column (in characters) of the character holding byte ``offset``."""
    while offset > 0 and 0x80 <= data[offset] < 0xC0 and data[offset - 1] >= 0x80:
        offset -= 1  # a continuation byte: count from the start of its character
    before = data[:offset]
    line_start = max(before.rfind(b"\n"), before.rfind(b"\r")) + 1
    line = before.count(b"\n") + before.count(b"\r") - before.count(b"\r\n") + 1
    text = before[line_start:].decode("utf-8", "replace")
    if line_start == 0 and text.startswith("\ufeff"):
        text = text[1:]  # Lines drops a byte-order mark, and so do its columns
    return line, len(text) + 1


def plain_lines(text: object) -> Optional[list[str]]:
    """The lines of ``text`` split at ``"\\n"``, if it is plainly written: else None.

    Plain: a str without a carriage return or a byte-order mark. The facades'
    quick path reads such a text with a few str operations and, if anything
    else in it is not exactly as expected, leaves it to :class:`Lines`, whose
    readers find and name the problem.
    """
    if type(text) is not str or "\r" in text or text.startswith("\ufeff"):
        return None
    return text.split("\n")


def plain_number(token: str, low: int, high: int) -> Optional[int]:
    """``token`` as a number from ``low`` to ``high`` when it is one as :func:`parse_int` reads it; else None."""
    if not (token.isascii() and token.isdigit()) or (token[0] == "0" and len(token) > 1) or len(token) > 18:
        return None
    value = int(token)
    return value if low <= value <= high else None


def plain_rows(lines: list[str], first: int, count: int, width: int, alphabet: str) -> Optional[tuple[str, ...]]:
    """``lines[first:first + count]`` if each is ``width`` characters of ``alphabet`` and only empty lines follow; else None.

    ``lines`` come from :func:`plain_lines`; ``count`` is at least 1. What
    :class:`Lines` would accept too, without trailing white space to remove.
    """
    end = first + count
    rows = tuple(lines[first:end])
    if len(rows) != count or any(lines[end:]) or not is_block("\n".join(rows), count, width, alphabet):
        return None
    return rows


def is_block(body: str, count: int, width: int, alphabet: str) -> bool:
    """Whether ``body`` is ``count`` rows of ``width`` characters of ``alphabet`` (ASCII), joined by newlines."""
    return (
        width > 0
        and len(body) == count * (width + 1) - 1
        and body.count("\n") == count - 1
        and body[width :: width + 1] == "\n" * (count - 1)  # so each newline ends a row of width
        and body.isascii()
        and not body.encode().translate(None, alphabet.encode() + b"\n")
    )


class Lines:
    """Text split into lines with trailing white space and trailing blank lines removed.

    Line numbers in errors are 1-based, as an editor shows them.
    """

    def __init__(self, text: str) -> None:
        check_text(text)
        if text.startswith("\ufeff"):
            text = text[1:]
        self.lines = [line.rstrip(WHITE_SPACE) for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
        while self.lines and not self.lines[-1]:
            self.lines.pop()

    def __len__(self) -> int:
        return len(self.lines)

    def line(self, index: int, expected: str) -> str:
        """The non-blank line at 0-based ``index``; an error naming ``expected`` otherwise."""
        if index >= len(self.lines):
            raise ParseError(f"expected {expected}, found end of input", index + 1, 1)
        text = self.lines[index]
        if not text:
            raise ParseError(f"expected {expected}, found a blank line", index + 1, 1)
        return text

    def tokens(self, index: int, count: int, expected: str, fewest: Optional[int] = None) -> list[tuple[int, str]]:
        """``count`` white-space separated tokens of a line (or from ``fewest`` to ``count``), each with its column."""
        found = list(_tokens(self.line(index, expected), index + 1))
        if len(found) < (count if fewest is None else fewest):
            column = len(self.lines[index]) + 1
            raise ParseError(
                f"expected {expected}, found {len(found)} value{'s' if len(found) != 1 else ''}",
                index + 1,
                column,
            )
        if len(found) > count:
            column, extra = found[count]
            raise ParseError(
                f"expected {expected}, found an extra value {describe(extra)}",
                index + 1,
                column,
            )
        return found

    def integers(self, index: int, names: tuple[str, ...], low: int, high: int) -> list[int]:
        """A line of integers, one per name, each within ``[low, high]``."""
        expected = " and ".join(names) if len(names) > 1 else names[0]
        values = []
        for name, (column, token) in zip(names, self.tokens(index, len(names), expected)):
            values.append(parse_int(token, index + 1, column, name, low, high))
        return values

    def char_row(self, index: int, width: int, alphabet: str, what: str, row: int, rows: int) -> str:
        """A row of exactly ``width`` characters drawn from ``alphabet``."""
        if index < len(self.lines):
            text = self.lines[index]
            if len(text) == width and not text.strip(alphabet):
                return text  # the usual case, before any message is put together
        expected = f"{what} {row} of {rows}"
        text = self.line(index, expected)
        check_row(text, width, alphabet, index + 1, f" in {expected}")
        return text

    def expect_end(self, index: int, after: str) -> None:
        """Nothing but blank lines may follow line ``index - 1``."""
        if index < len(self.lines):
            first = next(i for i in range(index, len(self.lines)) if self.lines[i])
            text = self.lines[first]
            raise ParseError(
                f"expected nothing after {after}, found {describe(text.strip(WHITE_SPACE))}",
                first + 1,
                len(text) - len(text.lstrip(WHITE_SPACE)) + 1,
            )


def check_text(text: object) -> None:
    """A TypeError unless ``text`` is a str (contest text); bytes are named, to be decoded first."""
    if not isinstance(text, str):
        raise TypeError(not_text(text))


#: How the message of check_text's TypeError starts.
NOT_TEXT = "expected contest text as str"


def not_text(text: object) -> str:
    """The message of :func:`check_text`'s TypeError for ``text``, which is no str."""
    if isinstance(text, (bytes, bytearray, memoryview)):
        return f"{NOT_TEXT}, found {type(text).__name__}; decode it first"
    return f"{NOT_TEXT}, found {type(text).__name__}"


def check_row(text: str, width: int, alphabet: str, line: int, where: str = "", *, unit: str = "line") -> None:
    """Raise a ParseError unless ``text`` is ``width`` characters drawn from ``alphabet``."""
    if len(text) == width and not text.strip(alphabet):
        return
    for column, char in enumerate(text[:width], start=1):
        if char not in alphabet:
            raise ParseError(f"expected {choices(alphabet)}, found {describe(char)}", line, column, unit=unit)
    for column, char in enumerate(text[width:], start=width + 1):
        if char.isspace():
            raise ParseError(
                f"expected a space or a tab as white space, found {describe(char)}", line, column, unit=unit
            )
    raise ParseError(
        f"expected {width} characters{where}, found {len(text)}", line, min(len(text), width) + 1, unit=unit
    )


def _tokens(text: str, line: int) -> Iterator[tuple[int, str]]:
    """Tokens separated by spaces and tabs, with their 1-based columns.

    Any other white space inside a token is a ParseError naming it.
    """
    for match in _TOKEN.finditer(text):
        token = match.group()
        if not token.isprintable():
            for offset, char in enumerate(token):
                if char.isspace():
                    raise ParseError(
                        f"expected a space or a tab as white space, found {describe(char)}",
                        line,
                        match.start() + offset + 1,
                    )
        yield match.start() + 1, token


def parse_int(token: str, line: int, column: int, name: str, low: int, high: int) -> int:
    """``token`` as a number (ASCII digits, no sign, no leading zero) from ``low >= 0`` to ``high``, or a ParseError."""
    digits = token.isascii() and token.isdigit()
    if not digits or (token[0] == "0" and len(token) > 1):
        body = token[1:]
        if token[:1] == "-" and body.isascii() and body.isdigit():
            problem = f" from {low} to {high}"  # a negative number: say what range is expected
        elif token[:1] == "+" and body.isascii() and body.isdigit():
            problem = " in digits without a sign"
        elif digits:
            problem = " in digits without a leading zero"
        else:
            problem = " (an integer)"
        raise ParseError(f"expected {name}{problem}, found {describe(token)}", line, column)
    value = high + 1 if len(token) > 18 else int(token)
    if not low <= value <= high:
        raise ParseError(f"expected {name} from {low} to {high}, found {describe(token)}", line, column)
    return value


def choices(alphabet: str) -> str:
    """``'0', '1' or '_'`` for the alphabet ``"01_"``."""
    quoted = [repr(char) for char in alphabet]
    return ", ".join(quoted[:-1]) + " or " + quoted[-1] if len(quoted) > 1 else quoted[0]
