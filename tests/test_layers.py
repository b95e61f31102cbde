"""The package's floors hold (``[tool.importlinter]`` in pyproject.toml), and the check can fail.

Each test lints a copy of the package's sources, edited to break one rule, with
the project's own contracts, and expects ``lint-imports`` to name the import.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT

SOURCES = ROOT / "src" / "fastpuzzle"
CONFIG = ROOT / "pyproject.toml"

pytest.importorskip("importlinter", reason="import-linter is in the test extra")
pytestmark = pytest.mark.skipif(not SOURCES.is_dir(), reason="no source tree: the tests run against a wheel")


def lint(tmp_path: Path, edits: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` over a copy of the package's Python sources, with ``edits`` (file: text appended)."""
    # The contracts beside the copy, where every import-linter finds them by itself: 2.17 takes a config file
    # as an argument, and the newest for Python 3.10 (2.15) only as --config.
    shutil.copy(CONFIG, tmp_path / "pyproject.toml")
    package = tmp_path / "src" / "fastpuzzle"
    shutil.copytree(SOURCES, package, ignore=shutil.ignore_patterns("*.so", "*.c", "*.html", "__pycache__"))
    for name, text in edits.items():
        path = package / name
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as stream:
            stream.write(text)
    lint_imports = "from importlinter.cli import lint_imports_command; lint_imports_command()"
    return subprocess.run(
        [sys.executable, "-c", lint_imports, "--no-cache", "--no-logo"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
        env={"PYTHONPATH": str(tmp_path / "src"), "PATH": "", "PYTHONSAFEPATH": "1"},
    )


def test_the_package_keeps_every_contract(tmp_path: Path) -> None:
    result = lint(tmp_path, {})
    assert result.returncode == 0, result.stdout + result.stderr
    assert "4 kept, 0 broken" in result.stdout


def test_a_facade_that_imports_the_command_line_breaks_the_floors(tmp_path: Path) -> None:
    result = lint(tmp_path, {"takuzu.py": "\n\ndef _late() -> None:\n    from .cli import integer_option  # noqa\n"})
    assert result.returncode == 1
    assert "fastpuzzle.takuzu is not allowed to import fastpuzzle.cli" in result.stdout
    assert "fastpuzzle.takuzu is not allowed to import argparse" in result.stdout


def test_a_facade_that_imports_another_breaks_the_floors(tmp_path: Path) -> None:
    result = lint(tmp_path, {"sudoku.py": "\n\ndef _late() -> None:\n    from . import reversi  # noqa\n"})
    assert result.returncode == 1
    assert "fastpuzzle.sudoku is not allowed to import fastpuzzle.reversi" in result.stdout


def test_a_helper_that_imports_a_facade_breaks_the_floors(tmp_path: Path) -> None:
    result = lint(tmp_path, {"_common/grid.py": "\n\ndef _late() -> None:\n    from . import pixel  # noqa\n"})
    assert result.returncode == 1
    assert "fastpuzzle._common.grid is not allowed to import fastpuzzle.pixel" in result.stdout


def test_a_circle_on_one_floor_is_found(tmp_path: Path) -> None:
    result = lint(tmp_path, {"_common/text.py": "\n\ndef _late() -> None:\n    from . import _grid  # noqa\n"})
    assert result.returncode == 1
    assert "No circle of imports" in result.stdout and "BROKEN" in result.stdout


def test_a_module_on_no_floor_is_found(tmp_path: Path) -> None:
    result = lint(tmp_path, {"_unplaced.py": '"""A module nobody put on a floor."""\n'})
    assert result.returncode == 1
    assert "_unplaced" in result.stdout


def test_type_checking_imports_do_not_count(tmp_path: Path) -> None:
    typed = "\nif TYPE_CHECKING:\n    from .cli import main  # noqa\n"
    assert lint(tmp_path, {"takuzu.py": typed}).returncode == 0
