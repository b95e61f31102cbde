"""bench/figures.py draws the results it is given: a stress run's JSON and a pytest-benchmark JSON."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

FIGURES = Path(__file__).with_name("figures.py")


def _run(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(FIGURES), *arguments], capture_output=True, text=True, timeout=300)


def test_draw_writes_one_svg_per_puzzle_with_its_command_machine_and_date(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    rows = [
        {
            "size": size,
            "seed": seed,
            "seconds": {"fastpuzzle": 0.001 * size * (1 + seed), "CaDiCaL (PySAT)": 0.01 * size},
        }
        for size in (8, 16)
        for seed in range(3)
    ]
    results = {
        "command": "python bench/figures.py measure --count 3",
        "machine": "a test machine, 2 cores",
        "date": "2026-11-28",
        "puzzles": {"takuzu": {"axis": "side", "rows": rows}},
    }
    (tmp_path / "stress.json").write_text(json.dumps(results))
    drawn = _run("draw", str(tmp_path / "stress.json"), "--out", str(tmp_path / "svg"))
    assert drawn.returncode == 0, drawn.stderr
    svg = (tmp_path / "svg" / "takuzu.svg").read_text()
    for shown in ("measure --count 3", "a test machine", "2026-11-28", "fastpuzzle: median", "CaDiCaL (PySAT): max"):
        assert shown in svg, shown
    # Drawn again from the same results, the picture is the same file: it can be committed.
    assert _run("draw", str(tmp_path / "stress.json"), "--out", str(tmp_path / "svg")).returncode == 0
    assert (tmp_path / "svg" / "takuzu.svg").read_text() == svg


def test_draw_reads_pytest_benchmark_json(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    results = {
        "datetime": "2026-11-28T12:00:00",
        "machine_info": {"python_version": "3.11.7", "cpu": {"brand_raw": "a test CPU"}},
        "benchmarks": [
            {"name": "test_search[compiled-6x6]", "stats": {"median": 0.001, "max": 0.002}},
            {"name": "test_search[twin-6x6]", "stats": {"median": 0.05, "max": 0.08}},
        ],
    }
    (tmp_path / "takuzu-bench.json").write_text(json.dumps(results))
    drawn = _run("draw", str(tmp_path / "takuzu-bench.json"), "--out", str(tmp_path))
    assert drawn.returncode == 0, drawn.stderr
    svg = (tmp_path / "takuzu-bench.svg").read_text()
    assert "test_search[twin-6x6]" in svg and "a test CPU" in svg


def test_the_worst_ratio_is_against_the_best_peer_on_each_puzzle() -> None:
    sys.path.insert(0, str(FIGURES.parent))
    import figures

    rows = [
        {"size": 8, "seed": 0, "seconds": {"fastpuzzle": 2.0, "CaDiCaL (PySAT)": 4.0, "C++ counter": 1.0}},
        {"size": 8, "seed": 1, "seconds": {"fastpuzzle": 1.0, "CaDiCaL (PySAT)": 10.0, "pure-Python twin": 0.1}},
    ]
    assert figures.worst_ratios(rows) == {8: (2.0, "C++ counter")}
