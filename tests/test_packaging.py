"""The source distribution builds a wheel, which installs into a clean venv without Cython and works there."""

from __future__ import annotations

import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

import fastpuzzle
from conftest import ROOT

pytestmark = pytest.mark.slow


def test_sdist_builds_a_wheel_that_runs_in_a_clean_venv(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    built = subprocess.run(
        [sys.executable, "-m", "build", "--sdist", "--outdir", str(dist), str(ROOT)],
        check=True,
        capture_output=True,
        text=True,
        timeout=900,
    )
    # Every MANIFEST.in line finds its files (issue 27's stumble 7: a pattern that matches nothing warns).
    said = built.stdout + built.stderr
    assert "no files found matching" not in said and "no previously-included" not in said, said
    (sdist,) = dist.glob("fastpuzzle-*.tar.gz")
    with tarfile.open(sdist) as archive:
        sources = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    for puzzle in fastpuzzle.PUZZLES:
        assert f"src/fastpuzzle/{puzzle}/_kernel.pyx" in sources
    assert "src/fastpuzzle/reversi/_tables.h" in sources
    assert not any(name.endswith((".c", ".so", ".pyd")) for name in sources), sources
    # What a user needs to test and time a build from the sdist alone, and the licence.
    for name in (
        "LICENSE",
        "noxfile.py",
        "tests/conftest.py",
        "tests/cases/SHA256SUMS",
        "tests/cases/pixel/0000.in",
        "examples/takuzu.txt",
        "bench/bench_pixel.py",
        "bench/cpp/takuzu_lines.cpp",
        "fuzz/corpus/unruly/0000.in",
        "fuzz/corpus/checkpoint/whole.jsonl",
    ):
        assert name in sources, name

    # The wheel comes from the sdist alone, as an installer building from source would make it.
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(sdist), "--no-deps", "-w", str(dist)],
        check=True,
        capture_output=True,
        timeout=900,
    )
    (wheel,) = dist.glob("fastpuzzle-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    for puzzle in fastpuzzle.PUZZLES:
        assert any(
            name.startswith(f"fastpuzzle/{puzzle}/_kernel.") and name.endswith((".so", ".pyd")) for name in names
        )
        assert f"fastpuzzle/{puzzle}/_kernel.pyi" in names
    assert "fastpuzzle/py.typed" in names
    assert not any(name.endswith((".pyx", ".c")) for name in names), names
    # The licence travels in the wheel's metadata (PEP 639).
    info = next(name.split("/")[0] for name in names if name.endswith(".dist-info/METADATA"))
    assert f"{info}/licenses/LICENSE" in names
    metadata = zipfile.ZipFile(wheel).read(f"{info}/METADATA").decode()
    assert "License-Expression: MIT" in metadata.splitlines()
    assert "License-File: LICENSE" in metadata.splitlines()
    assert "Classifier: Programming Language :: Python :: 3.13" in metadata.splitlines()

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    python = venv / "bin" / "python"
    subprocess.run(
        [str(python), "-m", "pip", "install", "--no-deps", str(wheel)], check=True, capture_output=True, timeout=300
    )

    listed = subprocess.run([str(python), "-m", "pip", "list"], check=True, capture_output=True, text=True).stdout
    assert "Cython" not in listed
    result = subprocess.run(
        [str(python), "-m", "fastpuzzle", "takuzu", str(ROOT / "examples" / "takuzu.txt")],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == "100110\n010101\n001011\n101100\n110010\n011001\n"
    result = subprocess.run(
        [str(python), "-m", "fastpuzzle", "reversi", str(ROOT / "examples" / "reversi.txt")],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=60,
    )
    assert (result.returncode, result.stdout) == (0, "2 0 0\n"), result.stderr
    where = subprocess.run(
        [str(python), "-c", "import fastpuzzle.takuzu._kernel as k; print(k.__file__)"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=True,
    ).stdout
    assert str(venv) in where
