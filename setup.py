"""Build the Cython kernels; all other metadata lives in pyproject.toml.

Set FASTPUZZLE_CHECKED=1 to build the kernels with bounds, wrap-around and
overflow checks, C assertions and no optimisation, for debugging and tests.
"""

import os

from Cython.Build import cythonize
from setuptools import Extension, setup

KERNELS = ["_takuzu_cy", "_reversi_cy", "_sudoku_cy", "_pixel_cy"]

#: C headers a kernel includes (from src/fastpuzzle), shipped in the sdist.
HEADERS = {"_reversi_cy": ["_reversi_tables.h"]}

CHECKED = os.environ.get("FASTPUZZLE_CHECKED", "") not in ("", "0")

if CHECKED:
    directives = {
        "boundscheck": True,
        "wraparound": True,
        "overflowcheck": True,
        "initializedcheck": True,
        "cdivision": False,
    }
    compile_args = ["-O0", "-g", "-UNDEBUG"]
else:
    directives = {
        "boundscheck": False,
        "wraparound": False,
        "overflowcheck": False,
        "initializedcheck": False,
        "cdivision": True,
    }
    compile_args = ["-O3"]

directives.update(language_level=3, embedsignature=True)

extensions = [
    Extension(
        f"fastpuzzle.{name}",
        [f"src/fastpuzzle/{name}.pyx"],
        include_dirs=["src/fastpuzzle"],
        depends=[f"src/fastpuzzle/{header}" for header in HEADERS.get(name, [])],
        extra_compile_args=compile_args,
    )
    for name in KERNELS
]

# Each variant keeps its own generated C, so switching variants always recompiles.
setup(
    ext_modules=cythonize(
        extensions,
        compiler_directives=directives,
        build_dir=f"build/cython-{'checked' if CHECKED else 'release'}",
    )
)
