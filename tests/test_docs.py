"""The examples in the docstrings and in the README run as written."""

from __future__ import annotations

import doctest
import re
import subprocess
import sys
from importlib import import_module

import pytest

import fastpuzzle

from conftest import ROOT


@pytest.mark.parametrize("name", ["fastpuzzle", *(f"fastpuzzle.{puzzle}" for puzzle in fastpuzzle.PUZZLES)])
def test_docstring_examples(name: str) -> None:
    failures, tried = doctest.testmod(import_module(name), optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0


def test_readme_python_example_runs() -> None:
    readme = (ROOT / "README.md").read_text()
    code = re.search(r"```python\n(.*?)```", readme, re.S)
    assert code is not None
    result = subprocess.run([sys.executable, "-c", code.group(1)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("100110\n")
    assert "1100\n1010\n0011\n0101\n" in result.stdout
