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
    assert "6 kept, 0 broken" in result.stdout


LATE_IMPORT = "\n\ndef _late() -> None:\n    {}  # noqa\n"


def test_a_facade_that_imports_the_command_line_breaks_the_floors(tmp_path: Path) -> None:
    result = lint(tmp_path, {"takuzu/_facade.py": LATE_IMPORT.format("from fastpuzzle.cli import integer_option")})
    assert result.returncode == 1
    assert "fastpuzzle.takuzu._facade is not allowed to import fastpuzzle.cli" in result.stdout
    assert "fastpuzzle.takuzu._facade is not allowed to import argparse" in result.stdout


def test_a_facade_that_imports_a_makers_tool_breaks_the_floors(tmp_path: Path) -> None:
    result = lint(tmp_path, {"pixel/_facade.py": LATE_IMPORT.format("from . import _making")})
    assert result.returncode == 1
    assert "fastpuzzle.pixel._facade is not allowed to import fastpuzzle.pixel._making" in result.stdout


def test_a_makers_tool_that_imports_the_command_line_breaks_the_floors(tmp_path: Path) -> None:
    result = lint(tmp_path, {"takuzu/_hints.py": LATE_IMPORT.format("from fastpuzzle import cli")})
    assert result.returncode == 1
    assert "fastpuzzle.takuzu._hints is not allowed to import fastpuzzle.cli" in result.stdout


def test_a_puzzle_that_imports_another_breaks_the_floors(tmp_path: Path) -> None:
    result = lint(tmp_path, {"sudoku/_facade.py": LATE_IMPORT.format("from fastpuzzle import reversi")})
    assert result.returncode == 1
    assert "fastpuzzle.sudoku is not allowed to import fastpuzzle.reversi" in result.stdout


def test_a_helper_that_imports_a_puzzle_breaks_the_floors(tmp_path: Path) -> None:
    result = lint(tmp_path, {"_common/grid.py": LATE_IMPORT.format("from fastpuzzle import pixel")})
    assert result.returncode == 1
    assert "fastpuzzle._common is not allowed to import fastpuzzle.pixel" in result.stdout


def test_a_circle_in_one_folder_is_found(tmp_path: Path) -> None:
    result = lint(tmp_path, {"_common/text.py": LATE_IMPORT.format("from . import grid")})
    assert result.returncode == 1
    assert "No circle of imports" in result.stdout and "BROKEN" in result.stdout


def test_a_module_on_no_floor_is_found(tmp_path: Path) -> None:
    result = lint(tmp_path, {"_unplaced.py": '"""A module nobody put on a floor."""\n'})
    assert result.returncode == 1
    assert "_unplaced" in result.stdout


def test_type_checking_imports_do_not_count(tmp_path: Path) -> None:
    typed = "\nif TYPE_CHECKING:\n    from fastpuzzle.cli import main  # noqa\n"
    assert lint(tmp_path, {"takuzu/_facade.py": typed}).returncode == 0
