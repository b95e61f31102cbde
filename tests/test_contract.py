"""Every facade keeps the one contract, and type checkers can follow facade-to-kernel calls."""

from __future__ import annotations

import subprocess
import sys
from importlib import import_module
from pathlib import Path

import pytest

import fastpuzzle
from conftest import ROOT
from fastpuzzle import Facade, SearchFacade, cli, pixel, reversi, sudoku, takuzu
from fastpuzzle._contract.facade import Solution
from fastpuzzle._contract.registry import PUZZLES
from fastpuzzle.cli import pixel as pixel_command
from fastpuzzle.cli import reversi as reversi_command
from fastpuzzle.cli import sudoku as sudoku_command
from fastpuzzle.cli import takuzu as takuzu_command
from fastpuzzle.cli._command import Command

# Checked by mypy (it runs over the tests): a facade that drifts from the
# contract fails the type check here.
TAKUZU: SearchFacade[takuzu.Puzzle] = takuzu
PIXEL: SearchFacade[pixel.Puzzle] = pixel
SUDOKU: Facade[sudoku.Grid, sudoku.Toggles] = sudoku
REVERSI: Facade[reversi.Board, reversi.Counts] = reversi
TAKUZU_AS_FACADE: Facade[takuzu.Puzzle, Solution] = takuzu
# And each puzzle's command against the command line's contract.
TAKUZU_COMMAND: Command[takuzu.Puzzle] = takuzu_command
PIXEL_COMMAND: Command[pixel.Puzzle] = pixel_command
SUDOKU_COMMAND: Command[sudoku.Grid] = sudoku_command
REVERSI_COMMAND: Command[reversi.Board] = reversi_command

FACADE_MEMBERS = (
    "NAME",
    "parse",
    "puzzle_lines",
    "solve",
    "format",
    "solve_text",
)
SEARCH_MEMBERS = ("solutions", "count_solutions", "generate")
COMMAND_MEMBERS = ("add_arguments", "check_arguments", "run", "make")
#: What only the command line knows: no facade has a member of these names.
CLI_MEMBERS = ("add_cli_arguments", "check_cli_arguments", "run_cli", "make_cli")


def examples() -> list[tuple[str, str]]:
    return [(name, (ROOT / "examples" / f"{name}.txt").read_text()) for name in PUZZLES]


@pytest.mark.parametrize("name", list(PUZZLES))
def test_every_registered_facade_has_the_contract_members(name: str) -> None:
    facade = fastpuzzle.puzzle_module(name)
    assert all(hasattr(facade, member) for member in FACADE_MEMBERS)
    assert name == facade.NAME
    if name in ("takuzu", "pixel"):
        assert all(hasattr(facade, member) for member in SEARCH_MEMBERS)
    assert not [member for member in CLI_MEMBERS if hasattr(facade, member)]


@pytest.mark.parametrize("name", list(PUZZLES))
def test_every_registered_puzzle_has_a_command(name: str) -> None:
    module = import_module(f"fastpuzzle.cli.{name}")
    assert cli.command(name) is module
    assert sorted(module.__all__) == sorted(COMMAND_MEMBERS)


@pytest.mark.parametrize(("name", "text"), examples())
def test_str_of_a_puzzle_parses_back_to_it(name: str, text: str) -> None:
    facade = fastpuzzle.puzzle_module(name)
    puzzle = facade.parse(text)
    assert facade.parse(str(puzzle)) == puzzle
    assert str(facade.parse(str(puzzle))) == str(puzzle)


@pytest.mark.parametrize(("name", "text"), examples())
def test_solve_then_format_is_solve_text(name: str, text: str) -> None:
    facade = fastpuzzle.puzzle_module(name)
    assert (
        facade.format(facade.solve(facade.parse(text))) == facade.solve_text(text) == fastpuzzle.solve_text(name, text)
    )


@pytest.mark.parametrize(("name", "text"), examples())
def test_puzzle_lines_counts_the_lines_parse_reads(name: str, text: str) -> None:
    facade = fastpuzzle.puzzle_module(name)
    lines = text.rstrip("\n").split("\n")
    assert facade.puzzle_lines(lines[0]) == len(lines)
    assert facade.puzzle_lines(lines[0] + " \t\r\n") == len(lines)


@pytest.mark.parametrize("name", list(PUZZLES))
@pytest.mark.parametrize("first_line", ["", "   ", "x", "3", "0 0", "-1", "1 2 3", "0101010101", "\u00a0"])
def test_puzzle_lines_rejects_a_first_line_as_parse_does(name: str, first_line: str) -> None:
    facade = fastpuzzle.puzzle_module(name)
    with pytest.raises(fastpuzzle.ParseError) as from_parse:
        facade.parse(first_line + "\n")
    if from_parse.value.line != 1:
        assert facade.puzzle_lines(first_line) >= 2  # the first line was fine: a later one is missing
        return
    with pytest.raises(fastpuzzle.ParseError) as from_lines:
        facade.puzzle_lines(first_line)
    assert (from_lines.value.line, from_lines.value.column) == (1, from_parse.value.column)
    assert str(from_lines.value) == str(from_parse.value)


def test_generated_puzzles_parse_back() -> None:
    for puzzle in (takuzu.generate(8, seed=3), pixel.generate(7, 5, seed=3)):
        module = takuzu if isinstance(puzzle, takuzu.Puzzle) else pixel
        assert module.parse(str(puzzle)) == puzzle


def test_answers_are_named() -> None:
    grid = sudoku.parse((ROOT / "examples" / "sudoku.txt").read_text())
    answer = sudoku.solve(grid)
    assert answer.minimum == len(answer.cells) == 3
    counts = reversi.solve(reversi.parse("3\n-1 0 1\n0 1 0\n1 0 -1\n"))
    assert (counts.black, counts.white, counts.draws) == (2, 0, 0)


def test_a_short_grid_is_reported_at_row_1_by_every_puzzle() -> None:
    short = {
        "takuzu": ["01", "10", "01"],
        "pixel": [],
        "sudoku": ["000000000"] * 8,
        "reversi": [[0] * 9] * 9,
    }
    for name, rows in short.items():
        module = import_module(f"fastpuzzle.{name}")
        with pytest.raises(fastpuzzle.ParseError, match=r"^row 1, column 1: expected .*rows.*, found \d+$"):
            module.from_rows(rows)


def test_use_kernels_switches_every_facade_and_back() -> None:
    facades = [import_module(f"{PUZZLES[name].facade}._facade") for name in PUZZLES]
    compiled = [facade._kernel for facade in facades]
    with fastpuzzle.use_kernels("twin"):
        assert [facade._kernel.__name__ for facade in facades] == [PUZZLES[name].twin for name in PUZZLES]
        assert takuzu.solve(["1_", "__"]) == ("10", "01")
    assert [facade._kernel for facade in facades] == compiled
    with pytest.raises(ValueError, match="'compiled' or 'twin'"), fastpuzzle.use_kernels("fast"):
        pass


@pytest.mark.parametrize("name", list(PUZZLES))
def test_the_cli_loads_only_the_puzzle_it_runs(name: str) -> None:
    code = (
        "import sys\n"
        "from fastpuzzle.cli import main\n"
        f"code = main([{name!r}, {str(ROOT / 'examples' / f'{name}.txt')!r}])\n"
        "print(sorted(m for m in sys.modules if m.startswith('fastpuzzle.')))\n"
        "sys.exit(code)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    loaded = eval(result.stdout.splitlines()[-1])
    others = [other for other in PUZZLES if other != name]
    assert f"fastpuzzle.{name}" in loaded
    assert not [module for module in loaded if any(f".{other}" in module or f"_{other}_" in module for other in others)]


def test_help_lists_every_puzzle_without_loading_any() -> None:
    code = (
        "import sys, contextlib, io\n"
        "from fastpuzzle.cli import main\n"
        "out = io.StringIO()\n"
        "with contextlib.redirect_stdout(out):\n"
        "    try:\n"
        "        main(['--help'])\n"
        "    except SystemExit:\n"
        "        pass\n"
        "print(out.getvalue())\n"
        "print(sorted(m for m in sys.modules if m.startswith('fastpuzzle.')))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    *help_lines, modules = result.stdout.splitlines()
    shown = " ".join(" ".join(help_lines).split())
    assert all(entry.summary in shown for entry in PUZZLES.values())
    assert not [module for module in eval(modules) if any(f".{name}" in module for name in PUZZLES)]


def test_mypy_follows_facade_to_kernel_calls(tmp_path: Path) -> None:
    """A misspelt kernel attribute in any facade fails ``mypy --strict``."""
    api = pytest.importorskip("mypy.api")
    shadows = []
    for name in PUZZLES:
        source = ROOT / "src" / "fastpuzzle" / name / "_facade.py"
        text = source.read_text()
        assert "_kernel." in text, f"{name} never calls its kernel"
        # Misspell the first attribute the facade reads from its kernel.
        start = text.index("_kernel.") + len("_kernel.")
        shadow = tmp_path / f"{name}.py"
        shadow.write_text(text[:start] + "misspelt_" + text[start:])
        shadows += ["--shadow-file", str(source), str(shadow)]
    sources = [str(ROOT / "src" / "fastpuzzle" / name / "_facade.py") for name in PUZZLES]
    stdout, stderr, status = api.run(
        ["--strict", "--no-incremental", "--config-file", str(ROOT / "pyproject.toml"), *shadows, *sources]
    )
    assert status == 1, stdout + stderr
    errors = [line for line in stdout.splitlines() if ": error: " in line]
    for name in PUZZLES:
        assert any(f"fastpuzzle/{name}/_facade.py:" in line and "misspelt_" in line for line in errors), stdout
    assert all("misspelt_" in line or "Returning Any" in line for line in errors), stdout
    # The same facades, unchanged, pass: the errors above are the misspellings alone.
    stdout, stderr, status = api.run(["--strict", "--config-file", str(ROOT / "pyproject.toml"), *sources])
    assert status == 0, stdout + stderr
