"""The puzzle makers' command line, run for real: hints, steps, grades, generation, pictures; and pixel.from_image."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from conftest import ROOT, run_cli
from fastpuzzle import interchange, pixel, reversi, sudoku, takuzu
from fastpuzzle.errors import ArgumentError

EXAMPLES = ROOT / "examples"
HEART = EXAMPLES / "heart.png"


def test_hint_prints_the_easiest_deduction() -> None:
    result = run_cli("takuzu", "--hint", str(EXAMPLES / "takuzu.txt"))
    assert result.returncode == 0, result.stderr
    expected = takuzu.hint(takuzu.parse((EXAMPLES / "takuzu.txt").read_text()))
    assert expected is not None
    assert result.stdout == f"{expected.rule}: {expected.explanation}\n"


@pytest.mark.parametrize("name", ["takuzu", "pixel"])
def test_steps_print_the_whole_path(name: str) -> None:
    facade = takuzu if name == "takuzu" else pixel
    puzzle = facade.parse((EXAMPLES / f"{name}.txt").read_text())
    result = run_cli(name, "--steps", str(EXAMPLES / f"{name}.txt"))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    steps = facade.steps(puzzle)
    assert len(lines) == len(steps) > 0
    assert lines[0] == f"1. {steps[0].rule}: {steps[0].explanation}"


@pytest.mark.parametrize("name", ["takuzu", "pixel"])
def test_grade_prints_the_grade(name: str) -> None:
    facade = takuzu if name == "takuzu" else pixel
    result = run_cli(name, "--grade", str(EXAMPLES / f"{name}.txt"))
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"{facade.grade(facade.parse((EXAMPLES / f'{name}.txt').read_text()))}\n"


def test_a_complete_grid_has_no_hint() -> None:
    result = run_cli("takuzu", "--hint", stdin="2\n10\n01\n")
    assert (result.returncode, result.stdout) == (0, "the grid is complete: no hint left\n")


def test_a_hint_needs_one_solution() -> None:
    result = run_cli("takuzu", "--hint", stdin="4\n____\n____\n____\n____\n")
    assert result.returncode == 3
    assert "more than one solution" in result.stderr


def test_takuzu_generate_to_a_grade() -> None:
    args = ("takuzu", "--generate", "--size", "10", "--difficulty", "3", "--seed", "1")
    result = run_cli(*args)
    assert result.returncode == 0, result.stderr
    puzzle = takuzu.parse(result.stdout)
    assert puzzle.n == 10 and takuzu.grade(puzzle) == 3
    assert run_cli(*args).stdout == result.stdout
    assert puzzle == takuzu.generate(10, seed=1, difficulty=3)


def test_pixel_generate_a_rectangle_to_a_grade() -> None:
    result = run_cli("pixel", "--generate", "--size", "15x20", "--difficulty", "2", "--seed", "1")
    assert result.returncode == 0, result.stderr
    puzzle = pixel.parse(result.stdout)
    assert (puzzle.m, puzzle.n) == (15, 20) and pixel.grade(puzzle) == 2  # 15 wide, 20 high


@pytest.mark.parametrize("name", ["takuzu", "pixel"])
def test_size_is_width_then_height_for_both_grid_puzzles(name: str) -> None:
    """``--size 6x8``: 6 wide and 8 high, as SGT writes it (its ID starts ``6x8``), for the 01 game and pixel."""
    game_id = run_cli(name, "--generate", "--size", "6x8", "--format", "sgt", "--seed", "3")
    assert game_id.returncode == 0, game_id.stderr
    assert game_id.stdout.startswith(("6x8:", "6x8u:"))
    contest = run_cli(name, "--generate", "--size", "6x8", "--seed", "3")
    rows = contest.stdout.splitlines()[1:]
    assert len(rows) == 8 and {len(row) for row in rows} == {6}


def test_generate_takes_width_then_height_for_both_grid_puzzles() -> None:
    """``generate(width, height)``: ``height`` rows of ``width`` cells, for the 01 game and pixel alike."""
    for puzzle in (takuzu.generate(6, 8, seed=1), pixel.generate(6, 8, seed=1)):
        assert len(puzzle.rows) == 8 and {len(row) for row in puzzle.rows} == {6}
        assert interchange.to_sgt(puzzle).split(":")[0] in ("6x8", "6x8u")
    assert pixel.generate(width=5, height=3, seed=2).rows == pixel.generate(5, 3, seed=2).rows


def test_sudoku_and_reversi_generate() -> None:
    grid = run_cli("sudoku", "--generate", "--answer", "7", "--seed", "3")
    assert grid.returncode == 0, grid.stderr
    assert sudoku.min_toggles(sudoku.parse(grid.stdout)) == 7
    board = run_cli("reversi", "--generate", "--size", "6", "--empties", "8", "--seed", "2")
    assert board.returncode == 0, board.stderr
    assert sum(row.count(-1) for row in reversi.parse(board.stdout).rows) == 8


def test_render_writes_the_solution_and_the_new_puzzle(tmp_path: Path) -> None:
    solved = tmp_path / "solved.svg"
    result = run_cli("takuzu", "--render", str(solved), str(EXAMPLES / "takuzu.txt"))
    assert result.returncode == 0, result.stderr
    cells = [rect for rect in ElementTree.parse(solved).iter() if "cell" in rect.get("class", "").split()]
    assert len(cells) == 36
    made = tmp_path / "made.svg"
    assert run_cli("sudoku", "--generate", "--seed", "1", "--render", str(made)).returncode == 0
    assert made.read_text().startswith("<svg") or made.read_text().startswith("<?xml")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("takuzu", "--hint", "--steps"), "--hint and --steps do not go together"),
        (("takuzu", "--count", "--grade"), "--count and --grade do not go together"),
        (("takuzu", "--size", "10"), "--size applies only with --generate"),
        (("pixel", "--difficulty", "2"), "--difficulty applies only with --generate"),
        (("takuzu", "--seed", "1"), "--seed applies only with --generate"),
        (("takuzu", "--generate", "--difficulty", "6"), "expected K from 1 to 5"),
        (("takuzu", "--generate", "--size", "7"), "argument --size: expected even sides, found '7'"),
        (("reversi", "--generate", "--size", "5"), "argument --size: expected N, an even number from 4 to 8"),
        (("pixel", "--generate", "--size", "3x4x5"), "expected N or WxH"),
        (("sudoku", "--answer", "3"), "--answer applies only with --generate"),
        (("reversi", "--empties", "3"), "--empties applies only with --generate"),
        (("takuzu", "--generate", "x.txt"), "--generate reads no puzzle"),
        (("takuzu", "--batch", "--render", "x.svg"), "--render draws one puzzle"),
    ],
)
def test_usage_errors(args: tuple[str, ...], message: str) -> None:
    result = run_cli(*args, stdin="2\n1_\n__\n")
    assert result.returncode == 2
    assert message in result.stderr and "Traceback" not in result.stderr


def test_render_to_a_bad_place_is_a_clear_error(tmp_path: Path) -> None:
    result = run_cli("takuzu", "--render", str(tmp_path / "no" / "such" / "dir.svg"), str(EXAMPLES / "takuzu.txt"))
    assert result.returncode == 2 and "cannot write" in result.stderr
    result = run_cli("takuzu", "--render", str(tmp_path / "picture.gif"), str(EXAMPLES / "takuzu.txt"))
    assert result.returncode == 2 and "Traceback" not in result.stderr


# -- a puzzle from a picture --------------------------------------------------


@pytest.mark.parametrize("size", [(12, 12), (16, 16), (20, 24)])
def test_from_image_round_trip_returns_the_picture(size: tuple[int, int]) -> None:
    pytest.importorskip("PIL")
    picture = pixel.image_picture(str(HEART), *size)
    assert "1" in "".join(picture) and "0" in "".join(picture)
    puzzle = pixel.from_image(str(HEART), size, seed=1)
    assert (puzzle.m, puzzle.n) == size  # (width, height): rows of width cells
    assert pixel.solve(puzzle) == tuple(picture)
    assert puzzle == pixel.from_image(str(HEART), size, seed=1)


@pytest.mark.parametrize("difficulty", [1, 2, 3, 4])
def test_from_image_to_a_grade(difficulty: int) -> None:
    pytest.importorskip("PIL")
    puzzle = pixel.from_image(str(HEART), (16, 16), seed=1, difficulty=difficulty)
    assert pixel.grade(puzzle) == difficulty
    assert pixel.solve(puzzle) == tuple(pixel.image_picture(str(HEART), 16, 16))


def test_from_image_errors(tmp_path: Path) -> None:
    pytest.importorskip("PIL")
    with pytest.raises(ArgumentError, match="cannot read the image"):
        pixel.from_image(str(tmp_path / "missing.png"), (8, 8))
    with pytest.raises(ArgumentError, match=r"^size must have at most 10000 cells \(width times height\), got 8x1251$"):
        pixel.from_image(str(HEART), (8, 1251))
    with pytest.raises(ArgumentError, match="threshold must be from 0 to 1"):
        pixel.from_image(str(HEART), (8, 8), threshold=2)
    # A diagonal: every clue is 2, and five other pictures meet them all.
    from PIL import Image

    diagonal = Image.new("L", (2, 2), 255)
    diagonal.putpixel((0, 0), 0)
    diagonal.putpixel((1, 1), 0)
    diagonal.save(tmp_path / "diagonal.png")
    with pytest.raises(ArgumentError, match="not the only one"):
        pixel.from_image(str(tmp_path / "diagonal.png"), (2, 2))


def test_pixel_hint_from_known_cells(tmp_path: Path) -> None:
    puzzle = pixel.parse((EXAMPLES / "pixel.txt").read_text())
    steps = pixel.steps(puzzle)
    known = [["?"] * puzzle.m for _ in range(puzzle.n)]
    for step in steps[:5]:
        for r, c, value in step.cells:
            known[r][c] = str(value)
    known_file = tmp_path / "known.txt"
    known_file.write_text("".join("".join(row) + "\n" for row in known))
    result = run_cli("pixel", "--hint", "--known", str(known_file), str(EXAMPLES / "pixel.txt"))
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"{steps[5].rule}: {steps[5].explanation}\n"
    rest = run_cli("pixel", "--steps", "--known", str(known_file), str(EXAMPLES / "pixel.txt"))
    assert len(rest.stdout.splitlines()) == len(pixel.steps(puzzle, ["".join(row) for row in known]))


@pytest.mark.parametrize(
    ("known", "message"),
    [("????\n", "line 1, column 1: expected 6 rows of known cells"), ("??x?????\n" * 6, "line 1, column 3")],
)
def test_pixel_known_cells_are_checked(tmp_path: Path, known: str, message: str) -> None:
    """A known file that does not fit is named, with the line and column (issue 27's stumble 3)."""
    known_file = tmp_path / "known.txt"
    known_file.write_text(known)
    for mode in ("--hint", "--steps"):
        result = run_cli("pixel", mode, "--known", str(known_file), str(EXAMPLES / "pixel.txt"))
        assert result.returncode == 2 and f"{known_file}: {message}" in result.stderr
    missing = run_cli("pixel", "--hint", "--known", str(tmp_path / "none.txt"), str(EXAMPLES / "pixel.txt"))
    assert missing.returncode == 2 and "cannot read the known cells" in missing.stderr


@pytest.mark.parametrize(
    ("name", "page", "game_id"), [("takuzu", "unruly", "6x6u:ceCiCebACBa"), ("pixel", "mosaic", "3x3:a0c22b")]
)
def test_a_game_url_pasted_whole_is_read(name: str, page: str, game_id: str) -> None:
    """The link of SGT's web page, as copied from the browser: the game ID after its ``#`` is read."""
    url = f"https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/{page}.html#{game_id}\n"
    result = run_cli(name, "--format", "sgt", "--to", "sgt", stdin=url)
    assert (result.returncode, result.stdout, result.stderr) == (0, game_id + "\n", "")


def test_a_random_seed_is_not_a_game_id() -> None:
    """``8x8#12345`` (or a page's address ending so) names no puzzle: a clear error, exit 2."""
    for text in ("8x8u#12345\n", "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/unruly.html#8x8u#12345\n"):
        result = run_cli("takuzu", "--format", "sgt", stdin=text)
        assert result.returncode == 2
        assert "random seed, not a game ID" in result.stderr and "Game > Specific" in result.stderr
