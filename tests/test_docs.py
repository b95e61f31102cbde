"""The examples of the documents run as written: the README, the pages in ``docs/`` and the docstrings.

In the Markdown files, a fenced ``console`` block holds shell examples: each line starting ``$ `` is a
command, run with bash from the repository root, and the lines after it, up to the next ``$ `` line or
the block's end, are exactly what it prints on standard output. Every ``>>>`` in any other fence runs as
a doctest (ELLIPSIS and NORMALIZE_WHITESPACE on), the fences of one file as one session, from the
repository root. Fences that must not run are marked ``text`` or ``sh``.
"""

from __future__ import annotations

import ast
import doctest
import io
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path

import pytest

import fastpuzzle
from conftest import ROOT

#: The documents whose examples run.
DOCUMENTS = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md")])
#: Fences whose contents never run as doctests (``console`` runs as shell examples instead).
NOT_DOCTESTS = {"text", "sh", "bash", "shell", "console", "none"}
#: Seconds one shell example may take (they are meant to take well under one).
COMMAND_TIMEOUT = 60


@dataclass(frozen=True)
class Fence:
    """One fenced block of a Markdown file: its language, its first line's number (1-based) and its lines."""

    path: Path
    language: str
    first_line: int
    lines: tuple[str, ...]


@dataclass(frozen=True)
class ShellExample:
    """One ``$ `` command of a ``console`` fence and the standard output it shows."""

    path: Path
    line: int
    command: str
    expected: str

    def __str__(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"


_OPENING = re.compile(r"^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)")


def fences(path: Path) -> list[Fence]:
    """The fenced blocks of a Markdown file, in order (a fence closes on a run of its character at least as long)."""
    found: list[Fence] = []
    opened: tuple[str, str, int] | None = None
    body: list[str] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if opened is None:
            match = _OPENING.match(line)
            if match:
                opened, body = (match.group(1), match.group(2).lower(), number), []
            continue
        marker, language, start = opened
        stripped = line.strip()
        if stripped.startswith(marker) and set(stripped) == {marker[0]}:
            found.append(Fence(path, language, start + 1, tuple(body)))
            opened = None
        else:
            body.append(line)
    return found


def shell_examples(path: Path) -> list[ShellExample]:
    """The ``$ `` commands of the ``console`` fences of ``path``, each with the output shown under it."""
    examples = []
    for fence in fences(path):
        if fence.language != "console":
            continue
        index = 0
        while index < len(fence.lines):
            line = fence.lines[index]
            if not line.startswith("$ "):
                index += 1
                continue
            start, command = index, line[2:]
            while command.endswith("\\") and index + 1 < len(fence.lines):  # a command continued on the next line
                index += 1
                command = command[:-1] + "\n" + fence.lines[index]
            index += 1
            shown = []
            while index < len(fence.lines) and not fence.lines[index].startswith("$ "):
                shown.append(fence.lines[index] + "\n")
                index += 1
            examples.append(ShellExample(path, fence.first_line + start, command, "".join(shown)))
    return examples


def doctest_text(path: Path) -> str:
    """``path`` with every line blanked but those inside fences that run as doctests: line numbers stay true,
    and a closing fence never reads as expected output."""
    lines = [""] * len(path.read_text(encoding="utf-8").splitlines())
    for fence in fences(path):
        if fence.language not in NOT_DOCTESTS and not fence.language.startswith("{"):
            for offset, line in enumerate(fence.lines):
                lines[fence.first_line - 1 + offset] = line
    return "\n".join(lines) + "\n"


_SHELL_EXAMPLES = [example for path in DOCUMENTS for example in shell_examples(path)]
_DOCTEST_DOCUMENTS = [path for path in DOCUMENTS if ">>>" in doctest_text(path)]


@pytest.fixture(scope="module")
def shell_path(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A PATH on which ``python`` and ``fastpuzzle`` are this interpreter and its fastpuzzle."""
    commands = tmp_path_factory.mktemp("commands")
    # Scripts, not symlinks: a virtual environment's interpreter finds its pyvenv.cfg beside the path it runs as.
    for name, arguments in (("python", ""), ("fastpuzzle", " -m fastpuzzle")):
        (commands / name).write_text(f'#!/bin/sh\nexec "{sys.executable}"{arguments} "$@"\n')
        (commands / name).chmod(0o755)
    return f"{commands}{os.pathsep}{os.environ.get('PATH', '')}"


@pytest.mark.parametrize("example", _SHELL_EXAMPLES, ids=str)
def test_shell_example_prints_what_it_shows(example: ShellExample, shell_path: str) -> None:
    result = subprocess.run(
        ["bash", "-c", example.command],
        cwd=ROOT,
        env={**os.environ, "PATH": shell_path},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=COMMAND_TIMEOUT,
    )
    if result.stdout != example.expected:
        pytest.fail(
            f"{example}: the output of\n$ {example.command}\n"
            f"--- expected (as the document shows) ---\n{example.expected}"
            f"--- got (exit {result.returncode}) ---\n{result.stdout}"
            f"--- standard error ---\n{result.stderr}",
            pytrace=False,
        )


# A reader's example may read a file with open(...).read(): its unclosed file is no failure of the example.
@pytest.mark.filterwarnings("ignore::ResourceWarning", "ignore::pytest.PytestUnraisableExceptionWarning")
@pytest.mark.parametrize("path", _DOCTEST_DOCUMENTS, ids=lambda path: str(path.relative_to(ROOT)))
def test_python_examples_print_what_they_show(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    name = str(path.relative_to(ROOT))
    test = doctest.DocTestParser().get_doctest(doctest_text(path), {"__name__": "__main__"}, name, name, 0)
    report = io.StringIO()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    try:
        runner.run(test, out=report.write)
    finally:
        test.globs.clear()
    results = runner.summarize(verbose=False)
    if results.failed:
        pytest.fail(
            f"{results.failed} of {results.attempted} examples of {name} failed:\n{report.getvalue()}", pytrace=False
        )


def test_the_example_runner_finds_the_examples_and_reports_a_wrong_output(
    tmp_path: Path, shell_path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The runner reads both kinds of example with their lines, and a wrong output fails, naming the line."""
    page = tmp_path / "page.md"
    page.write_text(
        "# A page\n\n```console\n$ printf '1\\n2\\n'\n1\n2\n$ echo \\\n  three\nthree\n```\n\n"
        "```pycon\n>>> 1 + 1\n3\n```\n\n```text\n>>> not run\n```\n"
    )
    assert [(example.line, example.command, example.expected) for example in shell_examples(page)] == [
        (4, "printf '1\\n2\\n'", "1\n2\n"),
        (7, "echo \n  three", "three\n"),
    ]
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    wrong = ShellExample(page, 4, "printf '1\\n2\\n'", "1\n3\n")
    with pytest.raises(pytest.fail.Exception, match=r"page.md:4: the output of\n\$ printf"):
        test_shell_example_prints_what_it_shows(wrong, shell_path)
    with pytest.raises(
        pytest.fail.Exception, match=r'1 of 1 examples of page.md failed:(.|\n)*File "page.md", line 13'
    ):
        test_python_examples_print_what_they_show(page, monkeypatch)


def test_the_documents_hold_examples() -> None:
    """The README shows each puzzle from the shell, and the runner finds the examples (a parsing slip would
    pass with none)."""
    readme_commands = " ".join(example.command for example in _SHELL_EXAMPLES if example.path.name == "README.md")
    for puzzle in fastpuzzle.PUZZLES:
        assert re.search(rf"fastpuzzle {puzzle}\b", readme_commands), puzzle
    assert ROOT / "README.md" in _DOCTEST_DOCUMENTS


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


def test_the_answer_types_are_named_with_their_fields() -> None:
    """Each ``module.Toggles(...)`` or ``module.Counts(...)`` the documents name has those fields, in order."""
    named = [
        found
        for path in DOCUMENTS
        for found in re.findall(r"`(\w+)\.(Toggles|Counts)\(([\w, ]+)\)`", path.read_text(encoding="utf-8"))
    ]
    assert {kind for _, kind, _ in named} == {"Toggles", "Counts"}
    for module, kind, fields in named:
        assert tuple(fields.split(", ")) == getattr(getattr(fastpuzzle, module), kind)._fields, (module, kind)


def test_gallery_is_current() -> None:
    """``docs/gallery`` holds what ``tools/gallery.py`` draws now (run it to redraw)."""
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "gallery.py"), "--check"], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_which_benchmarks_run_does_not_hang_on_the_machines_speed() -> None:
    """No bench skips on a time it measured: the skips are rules, so every machine runs the same benchmarks."""
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
