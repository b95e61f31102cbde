"""The version matrix: for each CPython from 3.9 to 3.13 that is installed, build the sdist,
build a wheel from the sdist alone, install that wheel into a clean environment, run the
test suite against it (not against the source tree), and run the CLI on every example.

``nox`` runs the whole matrix; ``nox -s wheel-3.9 wheel-3.13`` the oldest and newest (what
``.ci/run`` does); an interpreter that is not installed is skipped with a message.
"""

from __future__ import annotations

import os
import tarfile
from pathlib import Path

import nox

ROOT = Path(__file__).resolve().parent
PYTHONS = ["3.9", "3.10", "3.11", "3.12", "3.13"]
#: The CLI's run on each example file: the puzzle, the file, and any options.
EXAMPLES = [
    ("takuzu", "takuzu.txt"),
    ("pixel", "pixel.txt"),
    ("sudoku", "sudoku.txt"),
    ("reversi", "reversi.txt"),
    ("reversi", "start8.txt", "--to-move", "black", "--perft", "6"),
]

nox.options.error_on_missing_interpreters = False

# Interpreters installed by pyenv are found without selecting them first (pyenv's shims
# answer only for the versions selected): each version's own bin folder joins PATH.
_PYENV_VERSIONS = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
os.environ["PATH"] = os.pathsep.join(
    [*(str(folder) for folder in sorted(_PYENV_VERSIONS.glob("3.*/bin")) if folder.is_dir()), os.environ["PATH"]]
)
nox.options.default_venv_backend = "venv"


@nox.session(python=PYTHONS)
def wheel(session: nox.Session) -> None:
    """sdist, wheel from the sdist, a clean install, the tests against it, the CLI on the examples."""
    dist = Path(session.create_tmp()) / "dist"
    session.install("build>=1")
    session.run("python", "-m", "build", "--sdist", "--outdir", str(dist), str(ROOT))
    (sdist,) = dist.glob("fastpuzzle-*.tar.gz")
    session.run("python", "-m", "pip", "wheel", "--no-deps", "--wheel-dir", str(dist), str(sdist))
    (built,) = dist.glob("fastpuzzle-*.whl")
    session.install(f"{built}[test]")  # the wheel and the test extra's packages
    unpacked = dist / "source"
    with tarfile.open(sdist) as archive:
        archive.extractall(unpacked)
    (source,) = unpacked.iterdir()
    # The sdist's tests, run from outside any source tree, so that `import fastpuzzle` is the wheel.
    session.run(
        "python",
        "-c",
        "import fastpuzzle, sys; sys.exit('not the wheel' if 'site-packages' not in fastpuzzle.__file__ else 0)",
    )
    session.run(
        "python",
        "-m",
        "pytest",
        "-p",
        "no:cacheprovider",
        "-q",
        str(source / "tests"),
        "-c",
        str(source / "pyproject.toml"),
        "--rootdir",
        str(source),
    )
    for puzzle, example, *options in EXAMPLES:
        session.run("python", "-m", "fastpuzzle", puzzle, str(source / "examples" / example), *options)
