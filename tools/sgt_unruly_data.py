"""Unruly puzzles made by SGT's own program, with SGT's solutions: the test data of tests/test_interchange.py.

Needs Debian's ``sgt-puzzles`` (``/usr/games/sgt-unruly``) and, without a screen,
``xvfb-run`` (Debian's ``xvfb``):

    python tools/sgt_unruly_data.py tests/interchange/sgt_unruly_shapes.json

For every shape, rule set (with ``u`` or without) and difficulty below, the
program generates puzzles and saves each with its solution; the file records
each game ID as the program printed it, its parameters and SGT's solution.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

PROGRAM = "/usr/games/sgt-unruly"
#: Shapes (width x height), several non-square; each with and without 'u' and at every difficulty.
SHAPES = ["6x6", "8x8", "10x10", "12x12", "14x14", "16x16", "8x12", "12x8", "6x14", "14x6", "10x16", "16x6"]
DIFFICULTIES = "ten"
#: Larger grids, at SGT's default difficulty only (its generator is slow there).
LARGE = ["20x20", "24x24", "20x12u", "22x22u"]
PER_KIND = 2


def saved(path: Path) -> dict[str, str]:
    """The fields of an SGT save file: ``KEY :LENGTH:VALUE`` lines."""
    fields = {}
    for line in path.read_text().splitlines():
        key, length, value = line[:8].strip(), *line[9:].split(":", 1)
        fields[key] = value[: int(length)]
    return fields


def generate(params: str, count: int) -> list[dict[str, str]]:
    """``count`` puzzles of ``params`` from SGT's generator, each with its game ID and SGT's solution.

    With ``--save`` the program prints nothing: the ID is its parameters as SGT writes them in an
    ID (``encode_params`` without the difficulty, which only the generator uses) and the description.
    """
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run(
            [
                "xvfb-run",
                "-a",
                PROGRAM,
                "--generate",
                str(count),
                params,
                "--save",
                f"{folder}/p",
                "--save-suffix",
                ".sav",
                "--with-solutions",
            ],
            check=True,
            capture_output=True,
            text=True,
            timeout=600,
        )
        found = []
        for index in range(count):
            fields = saved(Path(folder) / f"p{index}.sav")
            assert fields["SOLVE"].startswith("S"), fields
            game_id = re.sub(r"d[a-z]$", "", fields["PARAMS"]) + ":" + fields["DESC"]
            found.append({"id": game_id, "params": fields["PARAMS"], "sgt_solution": fields["SOLVE"][1:]})
        return found


def main(out: str) -> int:
    version = subprocess.run(["dpkg-query", "-W", "sgt-puzzles"], capture_output=True, text=True).stdout.strip()
    puzzles = []
    for shape in SHAPES:
        for rule in ("u", ""):
            if rule and not _fits(shape):
                continue
            for level in DIFFICULTIES:
                puzzles += generate(f"{shape}{rule}d{level}", PER_KIND)
                print(shape, rule, level, file=sys.stderr, flush=True)
    for params in LARGE:
        puzzles += generate(params, 1)
    data = {
        "source": f"Debian's {version}: '{PROGRAM} --generate N PARAMS --save ... --with-solutions' "
        "(the ID as printed; 'sgt_solution' is the saved solve move, row by row)",
        "puzzles": puzzles,
    }
    Path(out).write_text(json.dumps(data, indent=1) + "\n")
    return 0


def _fits(shape: str) -> bool:
    """Whether SGT takes the shape with 'u' (no more lines than can all differ)."""
    width, height = map(int, shape.split("x"))
    return not ((width == 6 and height > 14) or (height == 6 and width > 14))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
