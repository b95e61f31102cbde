"""fastpuzzle: exact, fast solvers for binary-grid puzzles.

>>> import fastpuzzle
>>> print(fastpuzzle.solve_text("takuzu", "2\\n1_\\n__\\n"), end="")
10
01
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

from .errors import (
    FastpuzzleError,
    MultipleSolutionsError,
    NoSolutionError,
    ParseError,
    PuzzleTooLargeError,
)

__version__ = "0.1.0"

__all__ = [
    "PUZZLES",
    "ALIASES",
    "puzzle_module",
    "solve_text",
    "takuzu",
    "pixel",
    "sudoku",
    "reversi",
    "FastpuzzleError",
    "ParseError",
    "NoSolutionError",
    "MultipleSolutionsError",
    "PuzzleTooLargeError",
]

#: Puzzle name -> one-line description, in the order the CLI lists them.
PUZZLES = {
    "takuzu": "the 01 game (Takuzu, Binairo): fill a grid with balanced, distinct lines",
    "pixel": "pixel placement (Fill-a-Pix, Mosaic): colour a grid so every digit counts its black 3x3 block",
    "sudoku": "binary sudoku: the fewest toggles that make every row, column and box even",
    "reversi": "reversi endgame count: every game to its end, by winner (B W D)",
}

#: Other names accepted wherever a puzzle name is.
ALIASES = {"01": "takuzu"}


def __getattr__(name: str) -> ModuleType:
    """Import a puzzle's facade (``fastpuzzle.takuzu``, ...) on first use."""
    if name in PUZZLES:
        return import_module(f"fastpuzzle.{name}")
    raise AttributeError(f"module 'fastpuzzle' has no attribute {name!r}")


def puzzle_module(name: str) -> ModuleType:
    """The facade module of the puzzle called ``name`` (or one of its aliases)."""
    canonical = ALIASES.get(name, name)
    if canonical not in PUZZLES:
        known = ", ".join(sorted([*PUZZLES, *ALIASES]))
        raise ValueError(f"unknown puzzle {name!r}; expected one of: {known}")
    return import_module(f"fastpuzzle.{canonical}")


def solve_text(puzzle: str, text: str) -> str:
    """Solve contest-format ``text`` of ``puzzle``; return exactly what the CLI prints.

    Raises :class:`ParseError` for bad input, :class:`NoSolutionError` or
    :class:`MultipleSolutionsError` when the puzzle has no or several solutions.
    """
    return puzzle_module(puzzle).solve_text(text)  # type: ignore[no-any-return]
