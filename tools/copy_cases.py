"""Copy the public cases from ``../shared/cases`` into ``tests/cases`` and list their digests.

``python tools/copy_cases.py`` replaces ``tests/cases`` with the shared cases and writes
``tests/cases/SHA256SUMS``, which ``tests/test_case_copy.py`` checks.
"""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "cases"
COPY = ROOT / "tests" / "cases"


def main() -> None:
    """Copy the cases and write the digest list."""
    if not SHARED.is_dir():
        raise SystemExit(f"no shared cases at {SHARED}")
    shutil.rmtree(COPY, ignore_errors=True)
    shutil.copytree(SHARED, COPY)
    names = sorted(path.relative_to(COPY).as_posix() for path in COPY.rglob("*") if path.is_file())
    lines = [f"{hashlib.sha256((COPY / name).read_bytes()).hexdigest()}  {name}\n" for name in names]
    (COPY / "SHA256SUMS").write_text("".join(lines))
    print(f"copied {len(names)} files into {COPY}")


if __name__ == "__main__":
    main()
