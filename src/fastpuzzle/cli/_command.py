"""What each puzzle's module of the command line provides (``fastpuzzle.cli.<puzzle>``).

The command line imports the module of the puzzle it runs, and only that one:
the module declares the puzzle's own options and says what the command prints.
Type checkers check each module against :class:`Command` in
``tests/test_contract.py``; a module shows them only the names in its ``__all__``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional, Protocol, TypeVar

if TYPE_CHECKING:
    import argparse

__all__ = ["Command"]

PuzzleT = TypeVar("PuzzleT", contravariant=True)


class Command(Protocol[PuzzleT]):
    """One puzzle's subcommand: its options, their checks, and what it prints."""

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        """Add the puzzle's own options to its subcommand."""

    def check_arguments(self, options: argparse.Namespace) -> Optional[str]:
        """What is wrong with a combination of options (a usage error), or None."""

    def run(self, puzzle: PuzzleT, /, options: argparse.Namespace) -> str:
        """What the command line prints for ``puzzle`` with ``options`` (also given by name, as ``--batch`` does)."""

    def make(self, options: argparse.Namespace, /) -> str:
        """What the command line prints with ``--generate``: a new puzzle, from the puzzle's own options."""
