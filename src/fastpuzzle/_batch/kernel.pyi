"""Type stub of the batch's compiled reader and record writer (and of its twin, ``_batch_py``)."""

from typing import Any, Callable, Optional

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
    puzzle_lines: Optional[Callable[[str], int]] = None,
    most_known: int = 0,
) -> tuple[int, int, int]:
    """Plainly written puzzles of ``data`` from byte ``at`` on: (at, line, how) past the last one taken."""

def json_records(
    quoted_path: str,
    first_index: int,
    first_lines: list[int],
    items: list[Any],
    solved: str = "solved",
    share: Any = 0.0,
) -> Optional[str]:
    """The JSON lines of a batch's ``items`` (Results, or the outputs of puzzles solved in bulk, status
    ``solved``, ``share`` seconds each); None if a field is not of the kinds a batch gives."""

def solved_results(kind: type, start: int, items: list[Any], status: str, seconds: Any) -> list[Any]:
    """``kind(start + i, status, items[i], None, seconds)`` for each ``items[i]`` that is a str; any other item
    as it is."""

def nones(items: list[Any]) -> list[int]:
    """The indices of the items of ``items`` that are None, in order."""
