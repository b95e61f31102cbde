"""Pure-Python twin of ``_batch_cy``: the same rules and signatures, for testing and debugging."""

from __future__ import annotations

from json.encoder import encode_basestring_ascii as _quoted
from typing import Any, Callable, Optional

#: How plain_puzzles stopped: at data it has not got yet, at something not plainly written, after most puzzles.
RAN_OUT, NOT_PLAIN, FULL = 0, 1, 2


def _next_line(data: bytes, at: int, final: bool, limit: int) -> Optional[tuple[bytes, int, bool, bool]]:
    """The line starting at ``data[at]``: (its bytes, the start of the next line, blank, plain); None if its
    end is not in ``data`` yet."""
    ends = [index for index in (data.find(b"\n", at), data.find(b"\r", at)) if index >= 0]
    if not ends:
        return None
    stop = min(ends)
    if data[stop] == 13:
        if stop + 1 >= len(data):
            if not final:
                return None
            after = stop + 1
        else:
            after = stop + 2 if data[stop + 1] == 10 else stop + 1
    else:
        after = stop + 1
    line = data[at:stop]
    return line, after, not line.strip(b" \t"), line.isascii() and len(line) <= limit


def plain_puzzles(
    data: bytes,
    at: int,
    final: bool,
    known: dict[bytes, int],
    limit: int,
    line: int,
    most: int,
    texts: list[str],
    first_lines: list[int],
    puzzle_lines: Optional[Callable[[str], int]] = None,
    most_known: int = 0,
) -> tuple[int, int, int]:
    """As ``_batch_cy.plain_puzzles``."""
    if not 0 <= at <= len(data):
        raise ValueError(f"at must be from 0 to {len(data)}, got {at}")
    taken = 0
    while taken < most:
        first_number, start = line, at
        while True:
            got = _next_line(data, start, final, limit)
            if got is None:
                return at, line, RAN_OUT
            first, start, blank, plain = got
            if not blank:
                break
            first_number += 1
        if not plain:
            return at, line, NOT_PLAIN
        count = known.get(first)
        if count is None:
            if puzzle_lines is None:
                return at, line, NOT_PLAIN
            try:
                count = puzzle_lines(first.decode("ascii"))
            except Exception:  # read a line at a time, the puzzle says what is wrong with it
                return at, line, NOT_PLAIN
            if len(known) < most_known:
                known[first] = count
        if type(count) is not int or count < 1:
            return at, line, NOT_PLAIN
        puzzle = [first]
        for _ in range(1, count):
            got = _next_line(data, start, final, limit)
            if got is None:
                return at, line, RAN_OUT
            row, start, blank, plain = got
            if blank or not plain:
                return at, line, NOT_PLAIN
            puzzle.append(row)
        texts.append(b"\n".join(puzzle).decode("ascii") + "\n")
        first_lines.append(first_number)
        at, line = start, first_number + count
        taken += 1
    return at, line, FULL


def json_records(
    quoted_path: str,
    first_index: int,
    first_lines: list[int],
    items: list[Any],
    solved: str = "solved",
    share: Any = 0.0,
) -> Optional[str]:
    """As ``_batch_cy.json_records``."""
    if len(first_lines) != len(items):
        raise ValueError("one first line per result")
    if not quoted_path.isascii() or not solved.isascii():
        return None
    for item, line in zip(items, first_lines):
        if type(line) is not int:
            return None
        if type(item) is str:
            continue
        if (
            not isinstance(item, tuple)
            or len(item) != 5
            or type(item[1]) is not str
            or not item[1].isascii()
            or type(item[4]) is not float
        ):
            return None
    return written_records(quoted_path, first_index, first_lines, items, solved, share)


def written_records(
    quoted_path: str,
    first_index: int,
    first_lines: list[int],
    items: list[Any],
    solved: str = "solved",
    share: Any = 0.0,
) -> str:
    """The JSON lines :func:`json_records` writes, for items whose fields are of any kind that JSON writes:
    the writer where the compiled one declines (it returns None)."""
    records = []
    for index, (item, line) in enumerate(zip(items, first_lines), first_index):
        if isinstance(item, str):  # the output of a puzzle solved in bulk
            status, output, error, seconds = solved, item, None, share
        else:
            _, status, output, error, seconds = item
        head = f'{{"file": {quoted_path}, "index": {index}, "line": {line}, "status": {_quoted(status)}, '
        # To the microsecond: the clock's further digits are noise, and a reader sees what the README shows.
        printed = repr(round(seconds, 6))
        if output is not None:
            records.append(f'{head}"output": {_quoted(output)}, "seconds": {printed}}}\n')
        else:
            records.append(f'{head}"error": {_quoted(error or "")}, "seconds": {printed}}}\n')
    return "".join(records)


def solved_results(kind: type, start: int, items: list[Any], status: str, seconds: Any) -> list[Any]:
    """As ``_batch_cy.solved_results``."""
    if not issubclass(kind, tuple) or kind.__basicsize__ != tuple.__basicsize__:
        raise TypeError(f"expected a tuple subclass without fields of its own, got {kind!r}")
    return [
        tuple.__new__(kind, (start + i, status, one, None, seconds)) if type(one) is str else one
        for i, one in enumerate(items)
    ]


def nones(items: list[Any]) -> list[int]:
    """As ``_batch_cy.nones``."""
    return [i for i, item in enumerate(items) if item is None]
