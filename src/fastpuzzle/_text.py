"""Shared reading of contest-format text, with line- and column-precise errors.

Every reader here is liberal in the small things (a byte-order mark, CRLF or CR
line endings, trailing spaces and tabs, trailing blank lines, a missing final
newline) and strict about structure: rows come one per line, with nothing but
blank lines after the last one.
"""

from __future__ import annotations

TYPE_CHECKING = False

from .errors import ParseError

if TYPE_CHECKING:
    from typing import BinaryIO, Iterator

#: The most input the CLI reads; every supported puzzle is far smaller.
MAX_INPUT_BYTES = 1 << 20


def describe(found: str) -> str:
    """Name a piece of input for an error message: quoted, shortened if long."""
    if len(found) > 20:
        found = found[:20] + "..."
    return repr(found)


def read_source(stream: BinaryIO, limit: int = MAX_INPUT_BYTES) -> str:
    """Read at most ``limit`` bytes of UTF-8 text from ``stream``.

    Raises :class:`ParseError` pointing at the place where the input stops
    being UTF-8 or grows past ``limit``, without reading further.
    """
    data = stream.read(limit + 1)
    if len(data) > limit:
        line, column = _position(data, limit)
        raise ParseError(
            f"expected at most {limit} bytes of input, found more", line, column
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, column = _position(data, exc.start)
        raise ParseError(
            f"expected UTF-8 text, found byte 0x{data[exc.start]:02x}", line, column
        ) from None


def _position(data: bytes, offset: int) -> tuple[int, int]:
    """1-based line and column of byte ``offset``."""
    line_start = data.rfind(b"\n", 0, offset) + 1
    return data.count(b"\n", 0, offset) + 1, offset - line_start + 1


class Lines:
    """Text split into lines with trailing white space and trailing blank lines removed.

    Line numbers in errors are 1-based, as an editor shows them.
    """

    def __init__(self, text: str) -> None:
        if text.startswith("\ufeff"):
            text = text[1:]
        self.lines = [line.rstrip(" \t\r\f\v") for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
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

    def tokens(self, index: int, count: int, expected: str) -> list[tuple[int, str]]:
        """Exactly ``count`` white-space separated tokens of a line, each with its column."""
        found = list(_tokens(self.line(index, expected)))
        if len(found) < count:
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

    def integers(
        self, index: int, names: tuple[str, ...], low: int, high: int
    ) -> list[int]:
        """A line of integers, one per name, each within ``[low, high]``."""
        expected = " and ".join(names) if len(names) > 1 else names[0]
        values = []
        for name, (column, token) in zip(names, self.tokens(index, len(names), expected)):
            values.append(parse_int(token, index + 1, column, name, low, high))
        return values

    def char_row(
        self, index: int, width: int, alphabet: str, what: str, row: int, rows: int
    ) -> str:
        """A row of exactly ``width`` characters drawn from ``alphabet``."""
        expected = f"{what} {row} of {rows}"
        text = self.line(index, expected)
        check_row(text, width, alphabet, index + 1, f" in {expected}")
        return text

    def expect_end(self, index: int, after: str) -> None:
        """Nothing but blank lines may follow line ``index - 1``."""
        if index < len(self.lines):
            first = next(i for i in range(index, len(self.lines)) if self.lines[i])
            raise ParseError(
                f"expected nothing after {after}, found {describe(self.lines[first].strip())}",
                first + 1,
                len(self.lines[first]) - len(self.lines[first].lstrip()) + 1,
            )


def check_row(text: str, width: int, alphabet: str, line: int, where: str = "", *, unit: str = "line") -> None:
    """Raise a ParseError unless ``text`` is ``width`` characters drawn from ``alphabet``."""
    if len(text) == width and not text.strip(alphabet):
        return
    for column, char in enumerate(text[:width], start=1):
        if char not in alphabet:
            raise ParseError(f"expected {choices(alphabet)}, found {describe(char)}", line, column, unit=unit)
    raise ParseError(
        f"expected {width} characters{where}, found {len(text)}", line, min(len(text), width) + 1, unit=unit
    )


def _tokens(text: str) -> Iterator[tuple[int, str]]:
    """White-space separated tokens with their 1-based columns."""
    column = 0
    for token in text.split():
        column = text.index(token, column)
        yield column + 1, token
        column += len(token)


def parse_int(token: str, line: int, column: int, name: str, low: int, high: int) -> int:
    """``token`` as a decimal integer within ``[low, high]``, or a ParseError."""
    body = token[1:] if token[:1] in "+-" else token
    if not body.isdigit() or not body.isascii():
        raise ParseError(
            f"expected {name} (an integer), found {describe(token)}", line, column
        )
    if len(body) > 18:
        value = high + 1 if token[0] != "-" else low - 1
    else:
        value = int(token)
    if not low <= value <= high:
        raise ParseError(
            f"expected {name} from {low} to {high}, found {describe(token)}", line, column
        )
    return value


def choices(alphabet: str) -> str:
    """``'0', '1' or '_'`` for the alphabet ``"01_"``."""
    quoted = [repr(char) for char in alphabet]
    return ", ".join(quoted[:-1]) + " or " + quoted[-1] if len(quoted) > 1 else quoted[0]
