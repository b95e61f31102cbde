"""fastpuzzle: exact, fast solvers for binary-grid puzzles.

>>> import fastpuzzle
>>> print(fastpuzzle.solve_text("takuzu", "2\\n1_\\n__\\n"), end="")
10
01

Every puzzle's facade (``fastpuzzle.takuzu``, ``pixel``, ``sudoku``,
``reversi``) keeps one contract, :class:`Facade`: ``parse``, ``solve``,
``format``, ``solve_text``; the search puzzles add ``solutions``,
``count_solutions`` and ``generate`` (:class:`SearchFacade`).
"""

from __future__ import annotations

from importlib import import_module

from ._registry import ALIASES, PUZZLES, Status, canonical_name
from ._select import use_kernels
from .errors import (
    ArgumentError,
    FastpuzzleError,
    MultipleSolutionsError,
    NoSolutionError,
    ParseError,
    PuzzleTooLargeError,
)

TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import Any

    from ._contract import Facade, SearchFacade

__version__ = "0.2.0"

__all__ = [
    "PUZZLES",
    "ALIASES",
    "Facade",
    "SearchFacade",
    "Status",
    "puzzle_module",
    "solve_text",
    "use_kernels",
    "takuzu",
    "pixel",
    "sudoku",
    "reversi",
    "FastpuzzleError",
    "ArgumentError",
    "ParseError",
    "NoSolutionError",
    "MultipleSolutionsError",
    "PuzzleTooLargeError",
]


def __getattr__(name: str) -> Any:
    """Import a puzzle's facade (``fastpuzzle.takuzu``, ...) or the contract on first use."""
    if name in PUZZLES:
        return import_module(PUZZLES[name].facade)
    if name in ("Facade", "SearchFacade"):
        return getattr(import_module("fastpuzzle._contract"), name)
    raise AttributeError(f"module 'fastpuzzle' has no attribute {name!r}")


def puzzle_module(name: str) -> Facade[Any, Any]:
    """The facade of the puzzle called ``name`` (or one of its aliases).

    Raises :class:`ArgumentError` (a ValueError) for a name no puzzle has, and
    TypeError for a name that is no str.
    """
    if not isinstance(name, str):
        raise TypeError(f"expected a puzzle name as str, found {type(name).__name__}")
    try:
        canonical = canonical_name(name)
    except ValueError as error:
        raise ArgumentError(str(error)) from None
    facade: Facade[Any, Any] = import_module(PUZZLES[canonical].facade)
    return facade


def solve_text(puzzle: str, text: str) -> str:
    """Solve contest-format ``text`` of ``puzzle``; return exactly what the CLI prints.

    Raises :class:`ParseError` for bad input, :class:`NoSolutionError` or
    :class:`MultipleSolutionsError` when the puzzle has no or several solutions,
    TypeError when ``text`` is no str (bytes are to be decoded first).
    """
    return puzzle_module(puzzle).solve_text(text)
