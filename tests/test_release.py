"""The release configuration: cibuildwheel's build matrix, and a wheel that auditwheel makes manylinux."""

from __future__ import annotations

import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from conftest import ROOT

PYTHONS = ["cp39", "cp310", "cp311", "cp312", "cp313"]
#: Per platform, the wheels a release builds: every CPython above on each of these.
PLATFORMS = {
    "linux": ["manylinux_x86_64", "manylinux_aarch64", "musllinux_x86_64", "musllinux_aarch64"],
    "macos": ["macosx_x86_64", "macosx_arm64"],
    "windows": ["win_amd64"],
}


@pytest.mark.slow  # cibuildwheel comes with the dev extra, which the slow tests' stage installs
@pytest.mark.parametrize("platform", list(PLATFORMS))
def test_cibuildwheel_builds_every_supported_python_on_every_platform(platform: str) -> None:
    """``cibuildwheel --print-build-identifiers`` lists exactly CPython 3.9 to 3.13 on the platform's targets."""
    pytest.importorskip("cibuildwheel")
    listed = subprocess.run(
        [sys.executable, "-m", "cibuildwheel", "--print-build-identifiers", "--platform", platform, str(ROOT)],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout.split()
    assert sorted(listed) == sorted(f"{python}-{target}" for python in PYTHONS for target in PLATFORMS[platform])


def test_the_classifiers_name_the_versions_cibuildwheel_builds() -> None:
    """The metadata's Python classifiers are the versions of the build matrix (and of nox's)."""
    text = (ROOT / "pyproject.toml").read_text()
    classified = re.findall(r'"Programming Language :: Python :: (3\.\d+)"', text)
    assert [f"cp{version.replace('.', '')}" for version in classified] == PYTHONS
    noxfile = (ROOT / "noxfile.py").read_text()
    assert f"PYTHONS = {classified!r}".replace("'", '"') in noxfile


@pytest.mark.slow
def test_auditwheel_makes_the_wheel_manylinux(tmp_path: Path) -> None:
    """The wheel built here, repaired by ``auditwheel repair``, is a manylinux wheel (``auditwheel show``)."""
    pytest.importorskip("auditwheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--wheel-dir", str(tmp_path / "built"), str(ROOT)],
        check=True,
        capture_output=True,
        timeout=900,
    )
    (built,) = (tmp_path / "built").glob("fastpuzzle-*.whl")
    bin_dir = Path(sys.executable).parent
    subprocess.run(
        [sys.executable, "-m", "auditwheel", "repair", "--wheel-dir", str(tmp_path / "repaired"), str(built)],
        check=True,
        capture_output=True,
        timeout=300,
        env={"PATH": f"{bin_dir}:/usr/bin:/bin"},
    )
    (repaired,) = (tmp_path / "repaired").glob("fastpuzzle-*.whl")
    assert re.search(r"manylinux_2_\d+_x86_64", repaired.name), repaired.name
    shown = subprocess.run(
        [sys.executable, "-m", "auditwheel", "show", str(repaired)],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout
    assert re.search(
        r'consistent with the following platform tag:\s*"manylinux_2_\d+_x86_64"', " ".join(shown.split())
    ), shown
    assert any(name.endswith(".so") for name in zipfile.ZipFile(repaired).namelist())
