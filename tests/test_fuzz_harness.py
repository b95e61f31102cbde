"""The fuzz harness in fuzz/ keeps working: its engine runs, and a planted bug is found."""

from __future__ import annotations

import runpy
from pathlib import Path
from typing import Any

import pytest

from conftest import ROOT


@pytest.fixture(scope="module")
def fuzz_run() -> dict[str, Any]:
    """fuzz/run.py's functions, loaded as a script is."""
    return runpy.run_path(str(ROOT / "fuzz" / "run.py"))


@pytest.mark.parametrize("puzzle", ["takuzu", "pixel", "sudoku", "reversi", "unruly", "mosaic", "checkpoint"])
def test_every_target_runs_its_seeds_and_mutants(fuzz_run: dict[str, Any], puzzle: str) -> None:
    seeds = fuzz_run["seeds"](puzzle)
    assert len(seeds) >= 4, "fuzz/corpus holds the public cases, game IDs or checkpoints"
    executions, found = fuzz_run["run_mutation"](puzzle, 0, seed=1, runs=len(seeds) + 300)
    assert (executions, found) == (len(seeds) + 300, False)


def test_a_planted_bug_is_found_and_saved(
    fuzz_run: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def buggy_target(data: bytes) -> None:
        if b"\n\n" in data:
            raise KeyError("planted")

    monkeypatch.setitem(fuzz_run["run_mutation"].__globals__, "FINDINGS", tmp_path)
    executions, found = fuzz_run["run_mutation"]("takuzu", 60, seed=1, runs=20_000, target=buggy_target)
    assert found and executions < 20_000
    (saved,) = tmp_path.iterdir()
    assert b"\n\n" in saved.read_bytes()


def test_the_mutations_are_seeded(fuzz_run: dict[str, Any]) -> None:
    import random

    corpus = fuzz_run["seeds"]("reversi")
    tokens = fuzz_run["dictionary"]("reversi")
    assert b"-1" in tokens and b"\xc2\xa0" in tokens

    def mutants(seed: int) -> list[bytes]:
        rng = random.Random(seed)
        return [fuzz_run["mutate"](rng, corpus[i % len(corpus)], corpus, tokens) for i in range(50)]

    assert mutants(7) == mutants(7) != mutants(8)


def test_the_checkpoint_target_finds_a_checkpoint_that_trusts_its_lines(
    fuzz_run: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the checksum planted away (every line's check passes), a changed result is a wrong total: found."""
    from fastpuzzle._common import checkpoint as _checkpoint

    class Anything(str):
        def __eq__(self, other: object) -> bool:
            return True

        __hash__ = str.__hash__

    monkeypatch.setattr(_checkpoint.Checkpoint, "_check", lambda self, index, result: Anything("0"))
    monkeypatch.setitem(fuzz_run["run_mutation"].__globals__, "FINDINGS", tmp_path)
    executions, found = fuzz_run["run_mutation"]("checkpoint", 60, seed=1, runs=5_000)
    assert found and executions < 5_000
