"""The examples in the docstrings and in the README run as written."""

from __future__ import annotations

import doctest
import json
import re
import subprocess
import sys
from importlib import import_module
from pathlib import Path

import pytest

import fastpuzzle
from conftest import ROOT


@pytest.mark.parametrize(
    "name",
    [
        "fastpuzzle",
        *(f"fastpuzzle.{puzzle}" for puzzle in fastpuzzle.PUZZLES),
        "fastpuzzle.render",
        "fastpuzzle.interchange",
    ],
)
def test_docstring_examples(name: str) -> None:
    failures, tried = doctest.testmod(import_module(name), optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0


def test_readme_python_example_runs() -> None:
    readme = (ROOT / "README.md").read_text()
    code = re.search(r"```python\n(.*?)```", readme, re.S)
    assert code is not None
    result = subprocess.run(
        [sys.executable, "-c", code.group(1)], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("100110\n")
    assert "1100\n1010\n0011\n0101\n" in result.stdout


#: Each ```python block of the README with the line it starts on.
_README_BLOCKS = [
    (match.group(1), (ROOT / "README.md").read_text()[: match.start()].count("\n") + 1)
    for match in re.finditer(r"```python\n(.*?)```", (ROOT / "README.md").read_text(), re.S)
]
#: Runs a block given on standard input alone: as doctests if it shows a session (``>>>``), else as a script.
_RUN_BLOCK = """
import doctest, sys
block = sys.stdin.read()
if block.lstrip().startswith(">>>"):
    test = doctest.DocTestParser().get_doctest(block, {}, "README", "README.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    sys.exit(1 if runner.summarize(verbose=False).failed else 0)
exec(compile(block, "README.md", "exec"), {"__name__": "__main__"})
"""


@pytest.mark.parametrize(("block", "line"), _README_BLOCKS, ids=[f"line-{line}" for _, line in _README_BLOCKS])
def test_each_readme_python_block_runs_alone(block: str, line: int, tmp_path: Path) -> None:
    """A reader may copy any one block: each imports what it uses and prints what it shows (issue 27's
    stumble 4), run where ``examples/`` is, as in the project's folder (the files it writes go to a
    temporary one)."""
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    result = subprocess.run(
        [sys.executable, "-c", _RUN_BLOCK], input=block, cwd=tmp_path, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stdout + result.stderr


def _section(title: str) -> str:
    """The README's section under the heading ``## title``, up to the next one of its level."""
    readme = (ROOT / "README.md").read_text()
    start = readme.index(f"\n## {title}\n")
    end = readme.find("\n## ", start + 1)
    return readme[start : end if end >= 0 else None]


def test_readme_batch_example_prints_what_it_shows(tmp_path: Path) -> None:
    """The shell example of --batch: the same records (but for the seconds) and the exit status."""
    section = _section("Batches and clusters")
    shown = re.search(
        r"\$ printf '(.*?)' > two.txt\n\$ python -m fastpuzzle takuzu --batch two.txt.*?\n(.*?)\nexit (\d+)\n",
        section,
        re.S,
    )
    assert shown is not None
    text, records, status = shown.groups()
    (tmp_path / "two.txt").write_text(text.encode().decode("unicode_escape"))
    result = subprocess.run(
        [sys.executable, "-m", "fastpuzzle", "takuzu", "--batch", "two.txt"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == int(status), result.stderr

    def without_seconds(lines: str) -> list[dict[str, object]]:
        found = [json.loads(line) for line in lines.splitlines()]
        for record in found:
            seconds = record.pop("seconds")
            assert isinstance(seconds, float) and round(seconds, 6) == seconds, seconds  # as the README shows
        return found

    assert without_seconds(result.stdout) == without_seconds(records)


def test_readme_batch_python_examples_print_what_they_say(tmp_path: Path) -> None:
    """Each Python example of "Batches and clusters" runs as a script and prints what its comments say."""
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    blocks = re.findall(r"```python\n(.*?)```", _section("Batches and clusters"), re.S)
    assert len(blocks) >= 3
    for number, code in enumerate(blocks):
        script = tmp_path / f"example{number}.py"
        script.write_text(code)
        result = subprocess.run(
            [sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True, timeout=300
        )
        assert result.returncode == 0, result.stderr
        promises = re.findall(r"# (Counts\(.*?\)|[0-9][0-9 ]*)", code)
        assert promises, code
        for promised in promises:
            assert promised.strip() in result.stdout, (code, result.stdout)


def test_readme_makers_examples_print_what_they_show(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The section For puzzle makers: its ``>>>`` examples as doctests, its ``$`` commands with
    the output shown, and its other Python blocks run (in a scratch directory: they write files)."""
    section = _section("For puzzle makers")
    blocks = re.findall(r"```(\w*)\n(.*?)```", section, re.S)
    monkeypatch.chdir(ROOT)
    sessions = "\n".join(block for _, block in blocks if ">>>" in block)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(doctest.DocTestParser().get_doctest(sessions, {}, "README: For puzzle makers", "README.md", 0))
    results = runner.summarize(verbose=False)
    assert results.failed == 0 and results.attempted >= 15
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    commands = 0
    for kind, block in blocks:
        if kind == "python" and ">>>" not in block:
            result = subprocess.run([sys.executable, "-c", block], cwd=tmp_path, capture_output=True, text=True)
            assert result.returncode == 0, result.stderr
        elif not kind and block.startswith("$ "):
            for command, shown in re.findall(r"^\$ (.*)\n((?:(?!\$ ).*\n)*)", block, re.M):
                commands += 1
                run = command.replace("python ", f"{sys.executable} ", 1)
                result = subprocess.run(run, shell=True, cwd=tmp_path, capture_output=True, text=True, timeout=120)
                assert result.stdout == shown, command
    assert commands >= 4


def test_readme_gallery_is_current() -> None:
    """``docs/gallery`` holds what ``tools/gallery.py`` draws now (run it to redraw)."""
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "gallery.py"), "--check"], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_which_benchmarks_run_does_not_hang_on_the_machines_speed() -> None:
    """No bench skips on a time it measured (issue 27's stumble 8: 24 to 26 of 147 skipped, by machine): the
    skips are rules, so every machine runs the same benchmarks."""
    import ast

    clocks = {"time.perf_counter", "time.time", "time.monotonic", "time.process_time"}
    timed_skips = []
    for path in sorted((ROOT / "bench").glob("*.py")):
        for function in ast.walk(ast.parse(path.read_text())):
            if not isinstance(function, ast.FunctionDef):
                continue
            # The names this function sets from a clock (elapsed = time.perf_counter() - start, ...).
            timed = {
                target.id
                for node in ast.walk(function)
                if isinstance(node, ast.Assign)
                and any(
                    isinstance(call, ast.Call) and ast.unparse(call.func) in clocks for call in ast.walk(node.value)
                )
                for target in node.targets
                if isinstance(target, ast.Name)
            }
            for branch in ast.walk(function):
                if not isinstance(branch, ast.If):
                    continue
                skips = any(
                    isinstance(call, ast.Call) and ast.unparse(call.func) == "pytest.skip"
                    for statement in branch.body
                    for call in ast.walk(statement)
                )
                read = {name.id for name in ast.walk(branch.test) if isinstance(name, ast.Name)}
                if skips and read & timed:
                    timed_skips.append(f"{path.name}:{function.name}")
    assert timed_skips == []


def test_the_readme_names_the_answer_types_fields_as_they_are() -> None:
    """``sudoku.Toggles(count, cells)`` in the README, where the fields are ``minimum``, ``cells`` (issue 27's
    stumble 4): each ``module.Type(field, ...)`` it names has those fields."""
    import fastpuzzle

    readme = (ROOT / "README.md").read_text()
    named = re.findall(r"`(\w+)\.(\w+)\(([\w, ]+)\)`", readme)
    answers = [(module, kind, fields) for module, kind, fields in named if kind in ("Toggles", "Counts")]
    assert {kind for _, kind, _ in answers} == {"Toggles", "Counts"}
    for module, kind, fields in answers:
        assert tuple(fields.split(", ")) == getattr(getattr(fastpuzzle, module), kind)._fields, (module, kind)
