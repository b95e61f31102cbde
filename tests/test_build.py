"""The build: directives live in setup.py only, and the checked build really checks."""

from __future__ import annotations

import importlib.util
import os
import re
from importlib import import_module
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from conftest import ROOT

PACKAGE = ROOT / "src" / "fastpuzzle"
KERNEL_SOURCES = sorted(PACKAGE.glob("**/*.pyx"))
#: Each kernel's module name below the package: ``takuzu._kernel``, ``_batch.kernel``.
KERNEL_NAMES = [".".join(path.relative_to(PACKAGE).with_suffix("").parts) for path in KERNEL_SOURCES]

#: Cython's directives that switch a check off when set to False (or, for
#: cdivision, when set to True) in a kernel rather than in setup.py.
CHECK_DIRECTIVES = ("boundscheck", "wraparound", "overflowcheck", "initializedcheck", "nonecheck", "cdivision")
#: The only directive a kernel's header may carry.
HEADER_ALLOWED = ("language_level",)

HEADER_LINE = re.compile(r"^#\s*cython\s*:(.*)$")


def header_directives(source: str) -> list[tuple[int, str]]:
    """The (line, name) of every directive in the ``# cython:`` comments heading ``source``.

    Cython reads such comments only before the first line of code, as here.
    """
    found = []
    for number, line in enumerate(source.splitlines(), 1):
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            break
        match = HEADER_LINE.match(stripped)
        if match:
            for item in match.group(1).split(","):
                name = item.split("=")[0].strip()
                if name:
                    found.append((number, name))
    return found


def directive_uses(source: str) -> list[tuple[int, str]]:
    """The (line, text) of every decorator or ``with`` block that sets a check directive in code.

    Covers ``@cython.boundscheck(False)``, ``with cython.wraparound(False):``,
    ``@cython.cdivision(True)``, a ``cimport cython as cy`` alias, a directive
    cimported by name (``from cython cimport boundscheck``) and
    ``@cython.compiler_directives(...)``/``@cython.options(...)`` naming one.
    """
    modules = {"cython"}
    modules.update(re.findall(r"^\s*cimport\s+cython\s+as\s+(\w+)", source, re.M))
    bare = set()
    for names in re.findall(r"^\s*from\s+cython\s+cimport\s+(.+)$", source, re.M):
        for item in names.strip("() ").split(","):
            parts = item.split()
            if parts and parts[0] in CHECK_DIRECTIVES:
                bare.add(parts[-1])
    prefix = "|".join(re.escape(module) for module in sorted(modules))
    directive = "|".join(CHECK_DIRECTIVES)
    patterns = [re.compile(rf"^\s*(@|with\b.*\b)({prefix})\s*\.\s*({directive})\s*\(")]
    patterns.append(re.compile(rf"^\s*(@|with\b.*\b)({prefix})\s*\.\s*\w+\s*\(.*\b({directive})\s*="))
    if bare:
        patterns.append(re.compile(rf"^\s*(@|with\b.*\b)({'|'.join(sorted(bare))})\s*\("))
    found = []
    for number, line in enumerate(source.splitlines(), 1):
        if any(pattern.search(line) for pattern in patterns):
            found.append((number, line.strip()))
    return found


@pytest.mark.parametrize("path", KERNEL_SOURCES, ids=KERNEL_NAMES)
def test_kernel_header_carries_only_language_level(path: Path) -> None:
    names = header_directives(path.read_text())
    assert [name for _, name in names if name not in HEADER_ALLOWED] == [], (
        f"{path.name}: compiler directives belong in setup.py (a header overrides it)"
    )


@pytest.mark.parametrize("path", KERNEL_SOURCES, ids=KERNEL_NAMES)
def test_kernel_sets_no_check_directive_in_code(path: Path) -> None:
    assert directive_uses(path.read_text()) == [], f"{path.name}: a check directive set in code; use setup.py"


def test_the_parsers_catch_what_they_look_for() -> None:
    """The two checks above, on sources that break the rule in each way they look for."""
    assert header_directives("# cython: language_level=3, boundscheck=False\n") == [
        (1, "language_level"),
        (1, "boundscheck"),
    ]
    assert header_directives("#!python\n#cython: wraparound = False\n\nx = 1\n# cython: cdivision=True\n") == [
        (2, "wraparound")
    ]
    offenders = [
        "@cython.boundscheck(False)",
        "@cython.overflowcheck (False)",
        "    with cython.wraparound(False):",
        "    with nogil, cython.initializedcheck(False):",
        "@cython.cdivision(True)",
        "@cython.compiler_directives(boundscheck=False)",
    ]
    for line in offenders:
        assert directive_uses(f"cimport cython\n\n{line}\ndef f(): pass\n") == [(3, line.strip())], line
    assert directive_uses("cimport cython as cy\n@cy.boundscheck(False)\ndef f(): pass\n") != []
    assert directive_uses("from cython cimport boundscheck as bc\n@bc(False)\ndef f(): pass\n") != []
    assert directive_uses("cimport cython\n@cython.final\ncdef class A: pass\n") == []


def load_setup() -> Any:
    """setup.py as a module, without building anything (setup() runs only as __main__)."""
    spec = importlib.util.spec_from_file_location("fastpuzzle_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_setup_builds_every_kernel() -> None:
    setup = load_setup()
    assert sorted(setup.KERNELS) == KERNEL_NAMES
    assert set(setup.KERNEL_DIRECTIVES) <= set(setup.KERNELS)


@pytest.mark.parametrize("kernel", KERNEL_NAMES)
def test_checked_variant_enables_every_check(kernel: str) -> None:
    setup = load_setup()
    checked = setup.directives(kernel, checked=True)
    for name in ("boundscheck", "wraparound", "initializedcheck"):
        assert checked[name] is True, name
    overrides, reason = setup.KERNEL_DIRECTIVES.get(kernel, ({}, ""))
    if "overflowcheck" in overrides:
        assert len(reason.split()) >= 5, f"{kernel}: overflowcheck off needs its reason beside it"
    else:
        assert checked["overflowcheck"] is True
    # Any per-kernel override only ever turns overflowcheck off, nothing else.
    assert set(overrides) <= {"overflowcheck"}
    assert checked["language_level"] == 3


@pytest.mark.parametrize("kernel", KERNEL_NAMES)
def test_release_variant_is_unchecked(kernel: str) -> None:
    setup = load_setup()
    release = setup.directives(kernel, checked=False)
    for name in ("boundscheck", "wraparound", "overflowcheck", "initializedcheck"):
        assert release[name] is False, name
    assert release["cdivision"] is True
    # The two variants divide alike, so the checked build tests the arithmetic that ships.
    assert setup.directives(kernel, checked=True)["cdivision"] == release["cdivision"]


def test_checked_flags_sanitize_and_keep_asserts() -> None:
    setup = load_setup()
    sanitizers = ["-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer"]
    for flag in ["-O0", "-g", "-fno-wrapv", *sanitizers]:
        assert flag in setup.CHECKED_COMPILE_ARGS, flag
    for flag in sanitizers:
        assert flag in setup.CHECKED_LINK_ARGS, flag
    assert "CYTHON_WITHOUT_ASSERTIONS" not in {name for name, _ in setup.CHECKED_MACROS}
    assert "CYTHON_WITHOUT_ASSERTIONS" in {name for name, _ in setup.RELEASE_MACROS}
    assert setup.RELEASE_COMPILE_ARGS == ["-O3"]
    assert not any("sanitize" in flag for flag in setup.RELEASE_COMPILE_ARGS + setup.RELEASE_LINK_ARGS)
    assert setup.build_dir(True) != setup.build_dir(False)
    assert setup.build_base(True) != setup.build_base(False)


@pytest.mark.parametrize(("value", "checked"), [(None, False), ("", False), ("0", False), ("1", True), ("yes", True)])
def test_fastpuzzle_checked_selects_the_variant(value: str | None, checked: bool) -> None:
    setup = load_setup()
    environ = {} if value is None else {"FASTPUZZLE_CHECKED": value}
    assert setup.is_checked(environ) is checked


def compiled(module: ModuleType) -> bytes:
    """The bytes of a compiled kernel's shared object."""
    path = module.__file__
    assert path is not None and path.endswith(".so"), path
    return Path(path).read_bytes()


def running_build_is_checked() -> bool:
    """Whether the kernels in use were built with FASTPUZZLE_CHECKED=1: ASan-instrumented code."""
    return b"__asan_init" in compiled(import_module("fastpuzzle.takuzu._kernel"))


def test_the_variant_asked_for_is_running() -> None:
    """Under FASTPUZZLE_CHECKED=1 (as in .ci/run's sanitizer stage) the checked build must be in use.

    Without it, a stale or misbuilt release module would pass the stage unchecked.
    """
    assert running_build_is_checked() is load_setup().is_checked(os.environ)


@pytest.mark.parametrize("kernel", KERNEL_NAMES)
def test_running_kernels_are_all_of_one_variant(kernel: str) -> None:
    """Every kernel in use carries the sanitizers if and only if the build is the checked one."""
    binary = compiled(import_module(f"fastpuzzle.{kernel}"))
    checked = running_build_is_checked()
    assert (b"__asan_init" in binary) is checked
    assert (b"__ubsan_handle_" in binary) is checked


def test_checked_kernels_bound_check_their_indexing() -> None:
    """In the checked build the sudoku table's memoryview indexing is bounds-checked.

    The other kernels index raw C arrays, which Cython never checks (ASan does);
    the sudoku kernel's count_cells and count_grids index memoryviews, and with
    boundscheck on Cython compiles in the error path of an overrun, whose message
    ("... (axis %d)") no other code of the module holds: the memoryview support
    code that every build carries says "(axis %zd)". The kernels check their
    arguments before they index, so no call from Python can reach that path;
    the compiled code is the evidence. No kernel asserts anything yet.
    """
    binary = compiled(import_module("fastpuzzle.sudoku._kernel"))
    assert (b"Out of bounds on buffer access (axis %d)" in binary) is running_build_is_checked()
