"""Choose between the compiled kernels and their pure-Python twins.

Set ``FASTPUZZLE_PURE_PYTHON=1`` to run every puzzle on its twin, for debugging
or on a build without a C compiler; by default the compiled kernel is required.
"""

from __future__ import annotations

import os
from importlib import import_module
from types import ModuleType

PURE_PYTHON = os.environ.get("FASTPUZZLE_PURE_PYTHON", "") not in ("", "0")


def kernel(puzzle: str) -> ModuleType:
    """The kernel module of ``puzzle``: ``_<puzzle>_cy``, or ``_<puzzle>_py`` when forced."""
    suffix = "py" if PURE_PYTHON else "cy"
    return import_module(f"fastpuzzle._{puzzle}_{suffix}")
