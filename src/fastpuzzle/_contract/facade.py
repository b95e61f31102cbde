"""The contract every puzzle facade keeps, written down once.

:func:`fastpuzzle.solve_text`, the batch layer and the tests reach a puzzle
only through these members; the command line adds each puzzle's own options and
outputs (``fastpuzzle.cli.<puzzle>``, :class:`fastpuzzle.cli._command.Command`). A facade is a module; type checkers check each one
against :class:`Facade` (and the search puzzles against :class:`SearchFacade`)
in ``tests/test_contract.py``. A module shows a type checker only the names in
its ``__all__``, so every member below is listed there.

What a puzzle's objects are:

============  ==========================  ======================================
puzzle        ``parse`` gives              ``solve`` answers with
============  ==========================  ======================================
``takuzu``    ``takuzu.Puzzle``            ``Solution``: the rows, ``'0'``/``'1'``
``pixel``     ``pixel.Puzzle``             ``Solution``: the rows, ``'0'``/``'1'``
``sudoku``    ``sudoku.Grid``              ``sudoku.Toggles``: the count and cells
``reversi``   ``reversi.Board``            ``reversi.Counts``: black, white, draws
============  ==========================  ======================================

For every puzzle ``p``: ``parse(str(p)) == p``, and
``format(solve(parse(text))) == solve_text(text)`` is exactly the contest output;
``solve_texts(texts)[i]`` is ``solve_text(texts[i])`` or None.
"""

from __future__ import annotations

from collections.abc import Iterator
from importlib import import_module
from typing import Any, Optional, Protocol, TypeVar

from fastpuzzle.errors import ArgumentError

from .registry import PUZZLES, canonical_name

__all__ = ["Facade", "SearchFacade", "Solution", "facade_of"]

#: A grid puzzle's solution: its rows, each a string of ``'0'`` and ``'1'``.
Solution = tuple[str, ...]

PuzzleT = TypeVar("PuzzleT")
AnswerT = TypeVar("AnswerT")


class Facade(Protocol[PuzzleT, AnswerT]):
    """What every puzzle's facade module provides."""

    #: The puzzle's registered name.
    NAME: str

    def parse(self, text: str) -> PuzzleT:
        """Read the contest format; a ParseError names the line and column of the first problem."""

    def puzzle_lines(self, first_line: str) -> int:
        """The lines a puzzle whose first line is ``first_line`` spans, that one included.

        A ParseError (line 1, the column) when that line cannot start a puzzle,
        with the message ``parse`` gives for it. The batch reader uses it to
        find where one puzzle ends and the next begins.
        """

    def solve(self, puzzle: PuzzleT, /) -> AnswerT:
        """The answer the contest asks for (NoSolutionError, MultipleSolutionsError as they apply)."""

    def format(self, answer: AnswerT, /) -> str:
        """Exactly the contest output for ``answer``."""

    def solve_text(self, text: str) -> str:
        """Contest input in, contest output out."""

    def solve_texts(self, texts: list[Any], /) -> list[Optional[str]]:
        """``solve_text`` of each text its compiled quick path reads and solves (plainly written, and small
        enough to take no longer than a poll), all in one call; None for any other text or item, which the
        caller then gives to ``solve_text`` alone (so that its error is reported as that reports it). The
        batch layer's way to run at the kernel's speed."""


class SearchFacade(Facade[PuzzleT, Solution], Protocol[PuzzleT]):
    """A puzzle whose answer is a grid found by search: it also lists, counts and generates."""

    def solve(self, puzzle: PuzzleT, /, *, unique: bool = True) -> Solution:
        """The solution; with ``unique=False`` the first one found, without proving it unique."""

    def solutions(self, puzzle: PuzzleT, /) -> Iterator[Solution]:
        """Every solution, lazily."""

    def count_solutions(self, puzzle: PuzzleT, limit: Optional[int] = None) -> int:
        """The number of solutions, exact however large, or ``limit`` if there are at least that many."""

    def generate(self, n: int, *, seed: Optional[int] = None) -> PuzzleT:
        """A random puzzle of side ``n`` with a unique solution, the same for the same seed."""


def facade_of(name: str) -> Facade[Any, Any]:
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
