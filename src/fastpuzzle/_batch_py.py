"""Pure-Python twin of ``_batch_cy``: the same rules and signatures, for testing and debugging."""

from __future__ import annotations

from json.encoder import encode_basestring_ascii as _quoted
from typing import Any, Optional

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
        count = known.get(first) if plain else None
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


def json_records(quoted_path: str, first_index: int, first_lines: list[int], results: list[Any]) -> Optional[str]:
    """As ``_batch_cy.json_records``."""
    if len(first_lines) != len(results):
        raise ValueError("one first line per result")
    if not quoted_path.isascii():
        return None
    for result, line in zip(results, first_lines):
        if (
            not isinstance(result, tuple)
            or len(result) != 5
            or type(result[1]) is not str
            or not result[1].isascii()
            or type(result[4]) is not float
            or type(line) is not int
        ):
            return None
    return written_records(quoted_path, first_index, first_lines, results)


def written_records(quoted_path: str, first_index: int, first_lines: list[int], results: list[Any]) -> str:
    """The JSON lines :func:`json_records` writes, for results whose fields are of any kind that JSON writes:
    the writer where the compiled one declines (it returns None)."""
    records = []
    for index, (result, line) in enumerate(zip(results, first_lines), first_index):
        _, status, output, error, seconds = result
        head = f'{{"file": {quoted_path}, "index": {index}, "line": {line}, "status": {_quoted(status)}, '
        # To the microsecond: the clock's further digits are noise, and a reader sees what the README shows.
        printed = repr(round(seconds, 6))
        if output is not None:
            records.append(f'{head}"output": {_quoted(output)}, "seconds": {printed}}}\n')
        else:
            records.append(f'{head}"error": {_quoted(error or "")}, "seconds": {printed}}}\n')
    return "".join(records)


def solved_results(
    kind: type, start: int, printed: list[Optional[str]], status: str, seconds: Any, missing: list[int]
) -> list[Any]:
    """As ``_batch_cy.solved_results``."""
    if not issubclass(kind, tuple) or kind.__basicsize__ != tuple.__basicsize__:
        raise TypeError(f"expected a tuple subclass without fields of its own, got {kind!r}")
    results: list[Any] = [None] * len(printed)
    for i, one in enumerate(printed):
        if one is None:
            missing.append(i)
        else:
            results[i] = tuple.__new__(kind, (start + i, status, one, None, seconds))
    return results
