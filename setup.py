"""Build the Cython kernels; all other metadata lives in pyproject.toml.

Set FASTPUZZLE_CHECKED=1 to build the checked variant: Cython's bounds,
wrap-around, overflow and initialisation checks, assertions kept, no
optimisation, and the kernels compiled and linked with AddressSanitizer and
UndefinedBehaviorSanitizer. Loading that build needs the ASan runtime first in
the process (see the sanitizer stage of .ci/run).

This file is the one place where Cython compiler directives are set: a kernel's
``# cython:`` header carries at most ``language_level`` (tests/test_build.py
checks that). The directive sets are module-level data, importable without
building anything; setuptools runs this file as ``__main__``.
"""

from __future__ import annotations

import os
import runpy

#: The puzzle registry (it imports only the standard library): every puzzle's
#: kernel and the C headers it includes, and the limits and statuses that each
#: kernel sees as C macros (FP_TAKUZU_MAX_N, FP_STATUS_SOLUTION, ...).
_REGISTRY_FILE = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "src", "fastpuzzle", "_contract", "registry.py"
)
REGISTRY = runpy.run_path(_REGISTRY_FILE)
#: Kernel module, below the package (``takuzu._kernel``) -> the C headers it includes, from src/fastpuzzle.
KERNELS: dict[str, tuple[str, ...]] = {
    f"{puzzle.name}._kernel": puzzle.headers for puzzle in REGISTRY["PUZZLES"].values()
}
#: The batch's compiled reader and record writer (``_batch.kernel``), which every puzzle shares.
KERNELS["_batch.kernel"] = ("_common/_fp_text.h",)
#: The clause-learning engine's Python face, which the 01-game and pixel kernels' searches extend.
KERNELS["_learning.engine"] = ("_learning/_fp_learn.h",)
#: Where the kernels' C headers are found: the shared ones, and each puzzle's own beside its kernel.
HEADER_DIRS = sorted(
    {f"src/fastpuzzle/{os.path.dirname(header)}" for headers in KERNELS.values() for header in headers}
)
#: The registry's numbers, as C macros of every kernel in both variants.
REGISTRY_MACROS: list[tuple[str, str | None]] = list(REGISTRY["c_macros"]())

#: Directives of both variants. freethreading_compatible: on a free-threaded CPython the
#: kernels need no GIL. Each kernel object (Search, Learn, Table, Counter) holds all its state
#: itself, the modules keep no mutable state, the kernels already run without the GIL in
#: their hot loops, and the one thing threads share, reversi's table, takes C atomic locks.
#: (A GIL build ignores the directive.)
COMMON_DIRECTIVES: dict[str, object] = {"language_level": 3, "embedsignature": True, "freethreading_compatible": True}

#: The release build: no checks at all.
RELEASE_DIRECTIVES: dict[str, object] = {
    "boundscheck": False,
    "wraparound": False,
    "overflowcheck": False,
    "initializedcheck": False,
    "cdivision": True,
}

#: The checked build: every check Cython has. cdivision stays True, as in the
#: release build, so that both variants compute the same thing: with
#: cdivision=False Cython would switch / and % to Python's floor semantics on
#: negative operands (and raise ZeroDivisionError instead of dividing), i.e. the
#: checked build would test different arithmetic from the one that ships. A C
#: division by zero is still caught there, by UBSan (-fsanitize=undefined
#: includes integer-divide-by-zero).
CHECKED_DIRECTIVES: dict[str, object] = {
    "boundscheck": True,
    "wraparound": True,
    "overflowcheck": True,
    "initializedcheck": True,
    "cdivision": True,
}

#: Where a kernel legitimately needs a directive of its own, in both variants:
#: kernel -> (directives, reason). Signed overflow stays caught there by UBSan;
#: unsigned wrap-around is defined C, which is what these kernels rely on.
KERNEL_DIRECTIVES: dict[str, tuple[dict[str, object], str]] = {
    "reversi._kernel": (
        {"overflowcheck": False},
        (
            "bitboard shifts drop the bits pushed off the board by design, and the "
            "128-bit counters and hash keys wrap modulo 2**64 on purpose"
        ),
    ),
    "pixel._kernel": (
        {"overflowcheck": False},
        (
            "the memo's splitmix64 hash (mix) multiplies modulo 2**64 on purpose "
            "(the rest of the kernel passes its tests with overflowcheck on; a "
            "directive that narrow would have to live in the .pyx, so the whole "
            "kernel goes without)"
        ),
    ),
}

#: Compiler and linker flags of the checked build (both get the sanitizers).
SANITIZE_FLAGS = ["-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer"]
#: -fno-wrapv undoes the -fwrapv of Python's own CFLAGS, under which signed
#: overflow is defined and UBSan does not look for it; -UNDEBUG undoes -DNDEBUG.
CHECKED_COMPILE_ARGS = ["-O0", "-g", "-UNDEBUG", "-fno-wrapv", *SANITIZE_FLAGS]
CHECKED_LINK_ARGS = [*SANITIZE_FLAGS]
#: Flags of the release build, as before: only the optimisation level.
RELEASE_COMPILE_ARGS = ["-O3"]
RELEASE_LINK_ARGS: list[str] = []
#: The release build compiles every kernel ``assert`` out; the checked one keeps them.
RELEASE_MACROS: list[tuple[str, str | None]] = [("CYTHON_WITHOUT_ASSERTIONS", None)]
CHECKED_MACROS: list[tuple[str, str | None]] = []


def is_checked(environ: os._Environ[str] | dict[str, str] = os.environ) -> bool:
    """Whether FASTPUZZLE_CHECKED asks for the checked build."""
    return environ.get("FASTPUZZLE_CHECKED", "") not in ("", "0")


def directives(kernel: str, checked: bool) -> dict[str, object]:
    """The Cython compiler directives of one kernel in one variant."""
    result = dict(CHECKED_DIRECTIVES if checked else RELEASE_DIRECTIVES)
    result.update(COMMON_DIRECTIVES)
    result.update(KERNEL_DIRECTIVES.get(kernel, ({}, ""))[0])
    return result


def build_dir(checked: bool) -> str:
    """Each variant keeps its own generated C, so switching variants always recompiles."""
    return f"build/cython-{'checked' if checked else 'release'}"


def build_base(checked: bool) -> str:
    """Each variant also keeps its own objects and linked modules (setuptools' build/ tree)."""
    return f"build/{'checked' if checked else 'release'}"


def stale(name: str, checked: bool) -> bool:
    """Whether setup.py (that is, the directives) changed since this kernel's C was generated.

    cythonize only compares the C with the .pyx and what it includes, and the
    directives no longer live in the .pyx.
    """
    c_file = os.path.join(build_dir(checked), "src", "fastpuzzle", *name.split(".")) + ".c"
    return not os.path.exists(c_file) or os.path.getmtime(c_file) < os.path.getmtime(__file__)


def ext_modules(checked: bool) -> list[object]:
    """The kernels as cythonized extensions of the chosen variant."""
    from Cython.Build import cythonize
    from setuptools import Extension

    modules: list[object] = []
    for name in KERNELS:
        extension = Extension(
            f"fastpuzzle.{name}",
            [f"src/fastpuzzle/{name.replace('.', '/')}.pyx"],
            include_dirs=HEADER_DIRS,
            depends=["src/fastpuzzle/_contract/registry.py", *(f"src/fastpuzzle/{header}" for header in KERNELS[name])],
            define_macros=[*REGISTRY_MACROS, *(CHECKED_MACROS if checked else RELEASE_MACROS)],
            extra_compile_args=list(CHECKED_COMPILE_ARGS if checked else RELEASE_COMPILE_ARGS),
            extra_link_args=list(CHECKED_LINK_ARGS if checked else RELEASE_LINK_ARGS),
        )
        modules += cythonize(
            [extension],
            compiler_directives=directives(name, checked),
            build_dir=build_dir(checked),
            force=stale(name, checked),
        )
    return modules


if __name__ == "__main__":
    from setuptools import setup

    CHECKED = is_checked()
    setup(ext_modules=ext_modules(CHECKED), options={"build": {"build_base": build_base(CHECKED)}})
