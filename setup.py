"""Build the Cython kernels; all other metadata lives in pyproject.toml.

Set FASTPUZZLE_CHECKED=1 to build the kernels with bounds, wrap-around and
overflow checks, C assertions and no optimisation, for debugging and tests.
"""

import os
import runpy

from Cython.Build import cythonize
from setuptools import Extension, setup

#: The puzzle registry: each puzzle's kernel, its C headers, and the limits
#: and statuses every kernel sees as C macros (it imports only the standard library).
REGISTRY = runpy.run_path("src/fastpuzzle/_registry.py")
PUZZLES = REGISTRY["PUZZLES"].values()
MACROS = REGISTRY["c_macros"]()

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
        puzzle.kernel,
        [f"src/fastpuzzle/_{puzzle.name}_cy.pyx"],
        include_dirs=["src/fastpuzzle"],
        depends=["src/fastpuzzle/_registry.py", *(f"src/fastpuzzle/{header}" for header in puzzle.headers)],
        define_macros=MACROS,
        extra_compile_args=compile_args,
    )
    for puzzle in PUZZLES
]

# Each variant keeps its own generated C, so switching variants always recompiles.
setup(
    ext_modules=cythonize(
        extensions,
        compiler_directives=directives,
        build_dir=f"build/cython-{'checked' if CHECKED else 'release'}",
    )
)
