"""Draw the README's gallery into docs/gallery/: one picture of each kind, from the examples and fixed seeds.

    python tools/gallery.py            # write the pictures
    python tools/gallery.py --check    # exit 1 if any differs from what is written

The pictures are SVG (no Pillow needed) and the same on every run.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fastpuzzle import pixel, render, reversi, sudoku, takuzu

ROOT = Path(__file__).resolve().parent.parent
GALLERY = ROOT / "docs" / "gallery"
HEART = ROOT / "examples" / "heart.png"


def pictures() -> dict[str, str]:
    """Each gallery file's name and SVG text."""
    puzzle = takuzu.generate(10, seed=1, difficulty=3)
    heart = pixel.parse((ROOT / "examples" / "heart_16.txt").read_text())
    halfway = pixel.steps(heart)
    known = [["?"] * heart.m for _ in range(heart.n)]
    for step in halfway[: len(halfway) // 2]:
        for r, c, value in step.cells:
            known[r][c] = str(value)
    grid = sudoku.parse((ROOT / "examples" / "sudoku.txt").read_text())
    return {
        "takuzu_puzzle.svg": render.svg(puzzle),
        "takuzu_solution.svg": render.svg(takuzu.solve(puzzle), puzzle=puzzle),
        "pixel_heart_puzzle.svg": render.svg(heart),
        "pixel_heart_halfway.svg": render.svg(heart, known=["".join(row) for row in known]),
        "pixel_heart_solution.svg": render.svg(pixel.solve(heart), puzzle=heart),
        "sudoku_toggles.svg": render.svg(sudoku.solve(grid), puzzle=grid),
        "reversi_endgame.svg": render.svg(reversi.random_endgame(8, 12, seed=4)),
    }


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for name, text in pictures().items():
        path = GALLERY / name
        if check:
            if not path.exists() or path.read_text() != text:
                stale.append(name)
        else:
            GALLERY.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
    if stale:
        print("out of date (run python tools/gallery.py):", ", ".join(stale))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
