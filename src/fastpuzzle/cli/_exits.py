"""The command line's exit codes, and the one for each of the package's errors (see :mod:`fastpuzzle.cli`)."""

from __future__ import annotations

from fastpuzzle.errors import (
    ArgumentError,
    FastpuzzleError,
    MultipleSolutionsError,
    NoSolutionError,
    ParseError,
    PuzzleTooLargeError,
)

__all__ = [
    "EXIT_BAD_INPUT",
    "EXIT_BROKEN_PIPE",
    "EXIT_INTERNAL_ERROR",
    "EXIT_INTERRUPTED",
    "EXIT_NOT_ALL_SOLVED",
    "EXIT_NO_SOLUTION",
    "EXIT_OK",
    "EXIT_OUTPUT_ERROR",
    "EXIT_SEVERAL_SOLUTIONS",
    "EXIT_TERMINATED",
    "EXIT_TOO_LARGE",
    "exit_code",
]

EXIT_OK = 0
EXIT_NO_SOLUTION = 1
EXIT_BAD_INPUT = 2
EXIT_SEVERAL_SOLUTIONS = 3
EXIT_TOO_LARGE = 4
EXIT_NOT_ALL_SOLVED = 5
EXIT_INTERNAL_ERROR = 70
EXIT_OUTPUT_ERROR = 74
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 141
EXIT_TERMINATED = 143

_EXIT_CODES = (
    (ParseError, EXIT_BAD_INPUT),
    (NoSolutionError, EXIT_NO_SOLUTION),
    (MultipleSolutionsError, EXIT_SEVERAL_SOLUTIONS),
    (PuzzleTooLargeError, EXIT_TOO_LARGE),
    (ArgumentError, EXIT_BAD_INPUT),
)


def exit_code(error: FastpuzzleError) -> int:
    """The exit code for ``error``."""
    return next(code for kind, code in _EXIT_CODES if isinstance(error, kind))
