"""The public cases in ``tests/cases`` are whole, and the same as ``../shared/cases`` where that exists."""

from __future__ import annotations

import hashlib
from pathlib import Path

from conftest import CASES, SHARED_CASES


def files_below(folder: Path) -> list[str]:
    """The files below ``folder``, as sorted relative POSIX paths."""
    return sorted(path.relative_to(folder).as_posix() for path in folder.rglob("*") if path.is_file())


def test_the_copy_is_whole_and_matches_the_shared_cases() -> None:
    """Every file SHA256SUMS lists is there with that digest, and nothing else is; while
    ``../shared/cases`` exists beside the project, the copy holds exactly its files and bytes."""
    listed = {}
    for line in (CASES / "SHA256SUMS").read_text().splitlines():
        digest, name = line.split("  ", 1)
        listed[name] = digest
    assert len(listed) > 300
    assert files_below(CASES) == sorted([*listed, "SHA256SUMS"])
    for name, digest in listed.items():
        assert hashlib.sha256((CASES / name).read_bytes()).hexdigest() == digest, name
    if SHARED_CASES.is_dir():
        assert files_below(SHARED_CASES) == sorted(listed), (
            "tests/cases differs from ../shared/cases: run tools/copy_cases.py"
        )
        for name in listed:
            assert (SHARED_CASES / name).read_bytes() == (CASES / name).read_bytes(), name
