"""Type stub of the batch's compiled reader and record writer (and of its twin, ``_batch_py``)."""

from typing import Any, Optional

RAN_OUT: int
NOT_PLAIN: int
FULL: int

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
    """Plainly written puzzles of ``data`` from byte ``at`` on: (at, line, how) past the last one taken."""

def json_records(quoted_path: str, first_index: int, first_lines: list[int], results: list[Any]) -> Optional[str]:
    """The JSON lines of a batch's ``results``; None if a field is not of the kinds a batch gives."""

def solved_results(
    kind: type, start: int, printed: list[Optional[str]], status: str, seconds: Any, missing: list[int]
) -> list[Any]:
    """``kind(start + i, status, printed[i], None, seconds)`` for each ``printed[i]`` not None; None for the
    others, whose indices go onto ``missing``."""
