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

import sys as _sys


def _exit_on_signal(signum: int, frame: object) -> None:
    """Until ``cli.main`` takes over (see :mod:`fastpuzzle.cli._signals`): one line, and exit 128 + the signal."""
    import os

    try:
        os.write(2, b"fastpuzzle: interrupted\n" if signum == 2 else b"fastpuzzle: terminated\n")
    except OSError:
        pass
    os._exit(128 + signum)


def _started_as_command() -> bool:
    """Whether runpy is importing this package for ``python -m fastpuzzle`` (not for another program).

    While runpy looks for the module of ``python -m``, ``sys.argv[0]`` is ``-m``,
    and the module's name is in the frame of ``runpy._run_module_as_main``.
    """
    if _sys.argv[:1] != ["-m"]:
        return False
    frame = _sys._getframe()
    while frame is not None:
        if frame.f_code.co_name == "_run_module_as_main" and frame.f_globals.get("__name__") == "runpy":
            return frame.f_locals.get("mod_name") in ("fastpuzzle", "fastpuzzle.__main__")
        frame = frame.f_back  # type: ignore[assignment]
    return False


# `python -m fastpuzzle` imports this package before fastpuzzle.__main__, and so before the command line
# can handle a signal (fastpuzzle.cli._signals): until cli.main takes over, SIGINT and SIGTERM exit with one
# line, not a traceback, unless the parent ignores them. Built in, `_signal` imports nothing (`signal` imports
# enum), and this file has no `from __future__ import`, which would import a module before these lines too.
if _started_as_command():
    import _signal  # type: ignore[import-not-found]

    if _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler:
        _signal.signal(_signal.SIGINT, _exit_on_signal)
    if _signal.getsignal(_signal.SIGTERM) == _signal.SIG_DFL:
        _signal.signal(_signal.SIGTERM, _exit_on_signal)

from importlib import import_module

from ._common.select import use_kernels
from ._contract.registry import ALIASES, PUZZLES, Status
from .errors import (
    ArgumentError,
    CheckpointWarning,
    FastpuzzleError,
    MultipleSolutionsError,
    NoSolutionError,
    ParseError,
    PuzzleTooLargeError,
)

TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import Any

    from ._batch.runner import Result, solve_many
    from ._common.hints import Hint
    from ._contract.facade import Facade, SearchFacade

__version__ = "0.3.0"

__all__ = [
    "ALIASES",
    "PUZZLES",
    "ArgumentError",
    "CheckpointWarning",
    "Facade",
    "FastpuzzleError",
    "Hint",
    "MultipleSolutionsError",
    "NoSolutionError",
    "ParseError",
    "PuzzleTooLargeError",
    "Result",
    "SearchFacade",
    "Status",
    "interchange",
    "pixel",
    "puzzle_module",
    "render",
    "reversi",
    "solve_many",
    "solve_text",
    "sudoku",
    "takuzu",
    "use_kernels",
]


def __getattr__(name: str) -> "Any":
    """Import a puzzle's facade (``fastpuzzle.takuzu``, ...) or the contract on first use."""
    if name in PUZZLES:
        return import_module(PUZZLES[name].facade)
    if name in ("Facade", "SearchFacade"):
        return getattr(import_module("fastpuzzle._contract.facade"), name)
    if name in ("render", "interchange"):
        return import_module(f"fastpuzzle.{name}")
    if name == "Hint":
        return import_module("fastpuzzle._common.hints").Hint
    if name in ("solve_many", "Result"):
        return getattr(import_module("fastpuzzle._batch.runner"), name)
    raise AttributeError(f"module 'fastpuzzle' has no attribute {name!r}")


def puzzle_module(name: str) -> "Facade[Any, Any]":
    """The facade of the puzzle called ``name`` (or one of its aliases).

    Raises :class:`ArgumentError` (a ValueError) for a name no puzzle has, and
    TypeError for a name that is no str.
    """
    from ._contract.facade import facade_of

    return facade_of(name)


def solve_text(puzzle: str, text: str) -> str:
    """Solve contest-format ``text`` of ``puzzle``; return exactly what the CLI prints.

    Raises :class:`ParseError` for bad input, :class:`NoSolutionError` or
    :class:`MultipleSolutionsError` when the puzzle has no or several solutions,
    TypeError when ``text`` is no str (bytes are to be decoded first).
    """
    return puzzle_module(puzzle).solve_text(text)
