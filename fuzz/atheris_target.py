"""One coverage-guided fuzz target under atheris (libFuzzer): ``atheris_target.py PUZZLE [libFuzzer flags] [corpus dirs]``.

fastpuzzle's Python code (the parsers and the facades) is instrumented
for coverage; the compiled kernels are not, but run on every input small
enough (see targets.py). Run it through ``run.py``, which sets the flags, the
corpus and the time budget and counts the executions.
"""

from __future__ import annotations

import sys

import atheris

PUZZLE = sys.argv.pop(1)

# The twins (targets.TWINS) serve as oracles and stay uninstrumented, at full speed.
with atheris.instrument_imports(
    include=["fastpuzzle"], exclude=[f"fastpuzzle._{name}_py" for name in ("takuzu", "pixel", "sudoku", "reversi")]
):
    import targets

_check = targets.TARGETS[PUZZLE]


def test_one_input(data: bytes) -> None:
    """libFuzzer's entry: one input; an exception outside targets.ALLOWED is a finding."""
    _check(data)


if __name__ == "__main__":
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
