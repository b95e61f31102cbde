"""The exceptions fastpuzzle raises: one root, a specific class per outcome."""

from __future__ import annotations

TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import Any, Optional
__all__ = [
    "ArgumentError",
    "CheckpointWarning",
    "FastpuzzleError",
    "MultipleSolutionsError",
    "NoSolutionError",
    "ParseError",
    "PuzzleTooLargeError",
]


class FastpuzzleError(Exception):
    """Root of every error fastpuzzle raises on purpose."""


class ArgumentError(FastpuzzleError, ValueError):
    """An argument of a public function has the right type but a value it cannot take.

    A size, depth, limit, colour or density out of its range; a wrong type is a TypeError.
    """


class ParseError(FastpuzzleError, ValueError):
    """The input does not follow the puzzle's format.

    ``line`` and ``column`` are 1-based; ``unit`` names what ``line`` counts
    (``"line"`` for text input, ``"row"`` for a list of row strings).
    """

    def __init__(self, reason: str, line: int, column: int, *, unit: str = "line") -> None:
        self.reason = reason
        self.line = line
        self.column = column
        self.unit = unit
        super().__init__(f"{unit} {line}, column {column}: {reason}")


class NoSolutionError(FastpuzzleError, ValueError):
    """The puzzle is well formed but has no solution."""


class MultipleSolutionsError(FastpuzzleError, ValueError):
    """The puzzle has more than one solution; ``solutions`` holds two of them."""

    def __init__(self, message: str, solutions: Optional[tuple[Any, Any]] = None) -> None:
        self.solutions = solutions
        super().__init__(message)


class PuzzleTooLargeError(FastpuzzleError, ValueError):
    """The puzzle is well formed but would need more memory than fastpuzzle allows."""


class CheckpointWarning(UserWarning):
    """A checkpoint had damaged lines: they were dropped and their parts are counted again.

    The total stays exact; the warning says how much work the damage cost.
    """
