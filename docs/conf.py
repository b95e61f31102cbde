"""Sphinx settings of fastpuzzle's documentation: MyST Markdown pages and the API reference from the docstrings.

Build: ``pip install -e ".[docs]"`` then ``sphinx-build -W --keep-going -b html docs build/docs``.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

try:
    import fastpuzzle
except ImportError:  # not installed: the sources beside the pages, their kernels built in place
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
    import fastpuzzle

project = "fastpuzzle"
author = "The fastpuzzle developers"
copyright = "The fastpuzzle developers"
version = release = fastpuzzle.__version__

extensions = ["myst_parser", "sphinx.ext.autodoc"]
source_suffix = {".md": "markdown"}
exclude_patterns = ["_build"]
# Headings get anchors, so pages link to a section as `page.md#section`.
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence", "deflist"]

# Signatures as written in the sources (string annotations stay strings: they are read on Python 3.9).
autodoc_typehints = "signature"
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "undoc-members": True, "show-inheritance": True}

html_theme = "furo"
html_title = f"fastpuzzle {release}"
# Examples are fenced `console` (shell, run by tests/test_docs.py) and `pycon` (doctests).
pygments_style = "sphinx"


def _spell_out_interchange_puzzle(
    app: object,
    what: str,
    name: str,
    obj: object,
    options: object,
    signature: str | None,
    return_annotation: str | None,
) -> tuple[str | None, str | None]:
    """``interchange.Puzzle`` is a type checker's alias of either grid puzzle: name both, as a reader sees them."""
    if not name.startswith("fastpuzzle.interchange."):
        return signature, return_annotation
    both = "fastpuzzle.takuzu.Puzzle | fastpuzzle.pixel.Puzzle"

    def spelled(text: str | None) -> str | None:
        return None if text is None else re.sub(r"\bPuzzle\b", both, text)

    return spelled(signature), spelled(return_annotation)


def _drop_the_types_docstring(
    app: object, what: str, name: str, obj: object, options: object, lines: list[str]
) -> None:
    """A constant (``MAX_N``, ``PUZZLES``) has no docstring of its own: show its value, not ``int``'s or ``dict``'s help."""
    if what in ("data", "attribute") and getattr(obj, "__doc__", None) == getattr(type(obj), "__doc__", None):
        lines.clear()


def setup(app: Any) -> None:
    app.connect("autodoc-process-signature", _spell_out_interchange_puzzle)
    app.connect("autodoc-process-docstring", _drop_the_types_docstring)
