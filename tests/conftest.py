"""Fixtures shared by the tests: both kernel implementations and the public cases."""

from __future__ import annotations

import os
from importlib import import_module
from pathlib import Path
from types import ModuleType
from typing import Iterator

import pytest

from fastpuzzle import takuzu

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT.parent / "shared" / "cases"
IMPLEMENTATIONS = ("cy", "py")


def cases_dir(puzzle: str) -> Path:
    """``../shared/cases/<puzzle>``; skips when absent, except under CI where that fails."""
    folder = CASES / puzzle
    if not folder.is_dir():
        message = f"public cases not found at {folder} (expected ../shared/cases beside the project)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    return folder


@pytest.fixture(scope="session", params=IMPLEMENTATIONS, ids=["kernel", "twin"])
def takuzu_kernel(request: pytest.FixtureRequest) -> ModuleType:
    """The compiled 01-game kernel and its pure-Python twin, in turn."""
    return import_module(f"fastpuzzle._takuzu_{request.param}")


@pytest.fixture(params=IMPLEMENTATIONS, ids=["kernel", "twin"])
def takuzu_facade(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[ModuleType]:
    """The 01-game facade, running on the kernel and then on the twin."""
    monkeypatch.setattr(takuzu, "_kernel", import_module(f"fastpuzzle._takuzu_{request.param}"))
    yield takuzu
