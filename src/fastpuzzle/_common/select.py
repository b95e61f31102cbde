"""Which implementation the facades run on: the compiled kernels or their twins.

Each facade imports its compiled kernel statically, so type checkers bind every
kernel call to the kernel's ``.pyi`` stub::

    if TYPE_CHECKING or not _select.twins_active():
        from . import _kernel
    else:
        from . import _twin as _kernel

Set ``FASTPUZZLE_PURE_PYTHON=1`` to run every puzzle on its pure-Python twin,
for debugging or on a build without a C compiler. Tests and benchmarks switch
within one process through :func:`use_kernels`, and nothing else.
"""

from __future__ import annotations

import os
import sys
from importlib import import_module
from types import ModuleType

from fastpuzzle._contract.registry import PUZZLES
from fastpuzzle.errors import ArgumentError

TYPE_CHECKING = False


IMPLEMENTATIONS = ("compiled", "twin")

_twins = os.environ.get("FASTPUZZLE_PURE_PYTHON", "") not in ("", "0")


def twins_active() -> bool:
    """Whether facades run on their pure-Python twins."""
    return _twins


def kernel_module(puzzle: str, implementation: str) -> str:
    """The module name of ``puzzle``'s ``"compiled"`` kernel or its ``"twin"``."""
    entry = PUZZLES[puzzle]
    return entry.kernel if implementation == "compiled" else entry.twin


def kernel_now(puzzle: str) -> ModuleType:
    """The module ``puzzle``'s facade runs on now: its compiled kernel, or its twin (see :class:`use_kernels`)."""
    return import_module(kernel_module(puzzle, "twin" if _twins else "compiled"))


class use_kernels:
    """Run every facade on its ``"compiled"`` kernel or its pure-Python ``"twin"`` for a while.

    Meant for tests, benchmarks and debugging: the switch holds for the whole
    process, so do not use it while other threads are solving. (A class, not a
    ``contextlib`` generator: the command line imports this module at every start.)
    """

    def __init__(self, implementation: str) -> None:
        if implementation not in IMPLEMENTATIONS:
            from .text import shown  # only for the message: _text is not imported at every start

            raise ArgumentError(f"implementation must be 'compiled' or 'twin', got {shown(implementation)}")
        self._twins = implementation == "twin"
        self._before = _twins

    def __enter__(self) -> None:
        global _twins
        self._before = _twins
        _twins = self._twins
        _rebind()

    def __exit__(self, *exc_info: object) -> None:
        global _twins
        _twins = self._before
        _rebind()


def _rebind() -> None:
    """Point every module of a puzzle already imported that runs on its kernel (and so names it
    ``_kernel``: the facade, the makers' tools) at the implementation now chosen."""
    implementation = "twin" if _twins else "compiled"
    for puzzle in PUZZLES.values():
        chosen = import_module(kernel_module(puzzle.name, implementation))
        for name, module in list(sys.modules.items()):
            runs_on_kernel = isinstance(getattr(module, "_kernel", None), ModuleType)
            if runs_on_kernel and name.startswith(puzzle.facade + ".") and name not in (puzzle.kernel, puzzle.twin):
                module._kernel = chosen  # type: ignore[attr-defined]
