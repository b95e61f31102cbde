"""Pictures of the puzzles (fastpuzzle.render): SVG structure, PNG output, errors and determinism."""

from __future__ import annotations

import doctest
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any, NamedTuple, Optional

import pytest

from conftest import ROOT
from fastpuzzle import ArgumentError, ParseError, pixel, render, reversi, sudoku, takuzu

SVG = "{http://www.w3.org/2000/svg}"
EXAMPLES = ROOT / "examples"

TAKUZU = takuzu.parse((EXAMPLES / "takuzu.txt").read_text())
TAKUZU_SOLUTION = takuzu.solve(TAKUZU)
PIXEL = pixel.parse((EXAMPLES / "pixel.txt").read_text())
PIXEL_SOLUTION = pixel.solve(PIXEL)
#: Every third cell of the solution still unknown.
PIXEL_KNOWN = tuple(
    "".join("?" if (r + c) % 3 == 0 else colour for c, colour in enumerate(row)) for r, row in enumerate(PIXEL_SOLUTION)
)
SUDOKU = sudoku.parse((EXAMPLES / "sudoku.txt").read_text())
SUDOKU_ANSWER = sudoku.solve(SUDOKU)
REVERSI = reversi.parse((EXAMPLES / "reversi.txt").read_text())


class Case(NamedTuple):
    """One picture: what is drawn, with what, and the grid's rows and columns."""

    item: Any
    puzzle: Any
    known: Any
    rows: int
    columns: int


CASES = {
    "takuzu-puzzle": Case(TAKUZU, None, None, 6, 6),
    "takuzu-solution": Case(TAKUZU_SOLUTION, TAKUZU, None, 6, 6),
    "binary-grid": Case(("101", "010"), None, None, 2, 3),
    "pixel-puzzle": Case(PIXEL, None, None, 6, 8),
    "pixel-known": Case(PIXEL, None, PIXEL_KNOWN, 6, 8),
    "pixel-solution": Case(PIXEL_SOLUTION, PIXEL, None, 6, 8),
    "sudoku-grid": Case(SUDOKU, None, None, 9, 9),
    "sudoku-toggles": Case(SUDOKU_ANSWER, SUDOKU, None, 9, 9),
    "reversi-3": Case(REVERSI, None, None, 3, 3),
    "reversi-start-8": Case(reversi.start(8), None, None, 8, 8),
}


def picture(case: Case) -> ET.Element:
    """The parsed SVG of ``case``."""
    return ET.fromstring(render.svg(case.item, puzzle=case.puzzle, known=case.known))


def classes(element: ET.Element) -> list[str]:
    return element.get("class", "").split()


def shapes(root: ET.Element, tag: str, *tokens: str) -> list[ET.Element]:
    """The ``tag`` elements (rect, circle, text) whose class holds every one of ``tokens``."""
    return [element for element in root.iter(SVG + tag) if set(tokens) <= set(classes(element))]


def count(rows: Any, value: Any) -> int:
    """How many cells of ``rows`` hold ``value``."""
    return sum(row.count(value) for row in rows)


# -- SVG structure ----------------------------------------------------------


@pytest.mark.parametrize("name", CASES)
def test_svg_is_a_sized_document_with_a_rect_per_cell(name: str) -> None:
    case = CASES[name]
    root = picture(case)
    width = case.columns * render.CELL_SIZE + 2 * render.MARGIN
    height = case.rows * render.CELL_SIZE + 2 * render.MARGIN
    assert root.tag == SVG + "svg"
    assert (root.get("width"), root.get("height")) == (str(width), str(height))
    assert root.get("viewBox") == f"0 0 {width} {height}"
    assert root.find(SVG + "title") is not None
    assert len(shapes(root, "rect", "cell")) == case.rows * case.columns


def test_takuzu_puzzle_draws_its_givens() -> None:
    root = picture(CASES["takuzu-puzzle"])
    givens = 36 - count(TAKUZU.rows, "_")
    assert len(shapes(root, "rect", "cell", "given")) == givens
    assert len(shapes(root, "rect", "cell", "blank")) == 36 - givens
    assert len(shapes(root, "rect", "cell", "filled")) == 0
    assert len(shapes(root, "circle", "mark", "one")) == count(TAKUZU.rows, "1")
    assert len(shapes(root, "circle", "mark", "zero")) == count(TAKUZU.rows, "0")


def test_takuzu_solution_tells_givens_from_filled_cells() -> None:
    root = picture(CASES["takuzu-solution"])
    blanks = count(TAKUZU.rows, "_")
    given_cells = shapes(root, "rect", "cell", "given")
    filled_cells = shapes(root, "rect", "cell", "filled")
    assert len(given_cells) == 36 - blanks
    assert len(filled_cells) == blanks
    assert {cell.get("fill") for cell in given_cells}.isdisjoint({cell.get("fill") for cell in filled_cells})
    assert len(shapes(root, "circle", "mark", "given")) == 36 - blanks
    assert len(shapes(root, "circle", "mark", "filled")) == blanks
    assert len(shapes(root, "circle", "mark", "one")) == count(TAKUZU_SOLUTION, "1")


def test_small_takuzu_built_from_rows() -> None:
    puzzle = takuzu.from_rows(["1_", "__"])
    root = ET.fromstring(render.svg(takuzu.solve(puzzle), puzzle=puzzle))
    assert len(shapes(root, "rect", "cell", "given")) == 1
    assert len(shapes(root, "rect", "cell", "filled")) == 3


def test_a_tuple_without_puzzle_is_a_black_and_white_grid() -> None:
    root = picture(CASES["binary-grid"])
    assert len(shapes(root, "rect", "cell", "black")) == 3
    assert len(shapes(root, "rect", "cell", "white")) == 3
    root = ET.fromstring(render.svg(TAKUZU_SOLUTION))
    assert len(shapes(root, "rect", "cell", "black")) == count(TAKUZU_SOLUTION, "1")
    assert not shapes(root, "rect", "given")


def clue_cells(root: ET.Element) -> list[tuple[str, ET.Element, str]]:
    """Each clue's digit, the cell under it, and its colour."""
    cells = {(cell.get("x"), cell.get("y")): cell for cell in shapes(root, "rect", "cell")}
    found = []
    for clue in shapes(root, "text", "clue"):
        x, y = int(clue.get("x", "")), int(clue.get("y", ""))
        column, row = (x - render.MARGIN) // render.CELL_SIZE, (y - render.MARGIN) // render.CELL_SIZE
        corner = render.MARGIN + column * render.CELL_SIZE, render.MARGIN + row * render.CELL_SIZE
        # A cell's rect is inset by half its 1-pixel outline.
        cell = cells[(f"{corner[0] + 0.5:g}", f"{corner[1] + 0.5:g}")]
        found.append((clue.text or "", cell, clue.get("fill", "")))
    return found


def test_pixel_puzzle_draws_its_clues() -> None:
    root = picture(CASES["pixel-puzzle"])
    clues = [char for row in PIXEL.rows for char in row if char != "_"]
    assert [text.text for text in shapes(root, "text", "clue")] == clues
    assert len(shapes(root, "rect", "cell", "blank")) == 48


def test_pixel_known_shades_cells() -> None:
    root = picture(CASES["pixel-known"])
    assert len(shapes(root, "rect", "cell", "black")) == count(PIXEL_KNOWN, "1")
    assert len(shapes(root, "rect", "cell", "white")) == count(PIXEL_KNOWN, "0")
    assert len(shapes(root, "rect", "cell", "unknown")) == count(PIXEL_KNOWN, "?")
    fills = {kind: {cell.get("fill") for cell in shapes(root, "rect", "cell", kind)} for kind in ("black", "white")}
    assert len(fills["black"]) == len(fills["white"]) == 1 and fills["black"] != fills["white"]


def test_pixel_solution_draws_black_cells_and_clues_that_stand_out() -> None:
    root = picture(CASES["pixel-solution"])
    assert len(shapes(root, "rect", "cell", "black")) == count(PIXEL_SOLUTION, "1")
    clues = clue_cells(root)
    assert len(clues) == 48 - count(PIXEL.rows, "_")
    assert {"black", "white"} <= {kind for _, cell, _ in clues for kind in classes(cell)}
    for _, cell, colour in clues:
        assert colour != cell.get("fill")


def test_sudoku_grid_draws_ones_and_box_lines() -> None:
    root = picture(CASES["sudoku-grid"])
    assert [text.text for text in shapes(root, "text", "digit")] == ["1"] * count(SUDOKU.rows, "1")
    assert len(shapes(root, "rect", "box-line")) == 8  # 4 across, 4 down
    assert not shapes(root, "rect", "toggled")


def test_sudoku_toggles_are_marked_with_their_new_value() -> None:
    root = picture(CASES["sudoku-toggles"])
    toggled = shapes(root, "rect", "cell", "toggled")
    assert len(toggled) == len(SUDOKU_ANSWER.cells) == SUDOKU_ANSWER.minimum == 3
    assert {cell.get("stroke") for cell in toggled} == {"#d62728"}
    fixed = sudoku.apply(SUDOKU, SUDOKU_ANSWER.cells).rows
    assert sorted(text.text or "" for text in shapes(root, "text", "new")) == sorted(
        fixed[r - 1][c - 1] for r, c in SUDOKU_ANSWER.cells
    )


def test_sudoku_toggles_as_a_plain_pair() -> None:
    root = ET.fromstring(render.svg((1, [(9, 9)]), puzzle=SUDOKU))
    assert len(shapes(root, "rect", "toggled")) == 1


@pytest.mark.parametrize("name", ["reversi-3", "reversi-start-8"])
def test_reversi_draws_every_disc(name: str) -> None:
    case = CASES[name]
    root = picture(case)
    assert len(shapes(root, "circle", "disc")) == sum(cell != -1 for row in case.item.rows for cell in row)
    assert len(shapes(root, "circle", "disc", "black")) == count(case.item.rows, 1)
    assert len(shapes(root, "circle", "disc", "white")) == count(case.item.rows, 0)


@pytest.mark.parametrize("n", range(1, reversi.MAX_N + 1))
def test_reversi_boards_of_every_size(n: int) -> None:
    board = reversi.from_rows([[(r + c) % 3 - 1 for c in range(n)] for r in range(n)])
    root = ET.fromstring(render.svg(board))
    assert len(shapes(root, "rect", "cell")) == n * n
    assert len(shapes(root, "circle", "disc")) == n * n - count(board.rows, -1)


def test_text_is_escaped() -> None:
    text = render._Text("clue", 5, 5, "<&>\"'", 10, "#000000")
    drawing = render._Drawing(10, 10, "a <b> & c", (text,))
    root = ET.fromstring(render._svg_text(drawing))
    assert root.findtext(SVG + "title") == "a <b> & c"
    assert root.findtext(SVG + "text") == "<&>\"'"


def test_docstring_example() -> None:
    failures, tried = doctest.testmod(render, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0


# -- files ------------------------------------------------------------------


@pytest.mark.parametrize("suffix", [".svg", ".SVG"])
def test_render_writes_the_svg(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"takuzu{suffix}"
    render.render(TAKUZU, path)
    assert path.read_bytes() == render.svg(TAKUZU).encode("utf-8")
    render.render(TAKUZU, str(path))
    assert path.read_bytes() == render.svg(TAKUZU).encode("utf-8")


def test_a_rectangular_01_game_is_drawn_its_own_shape() -> None:
    """4 wide and 2 high: two rows of four cells, every cell inside the picture."""
    puzzle = takuzu.parse("4 2 free\n0___\n____\n")
    picture = render.svg(puzzle)
    width = 4 * render.CELL_SIZE + 2 * render.MARGIN
    height = 2 * render.CELL_SIZE + 2 * render.MARGIN
    assert f'width="{width}" height="{height}"' in picture
    assert "<title>01 game puzzle, 4 x 2</title>" in picture
    solved = render.svg(takuzu.solve(puzzle, unique=False), puzzle=puzzle)
    assert f'width="{width}" height="{height}"' in solved and "01 game solution, 4 x 2" in solved


@pytest.mark.parametrize("name", CASES)
def test_png_matches_the_svg(tmp_path: Path, name: str) -> None:
    """A valid PNG of the SVG's size; inside each cell's corner, the colour the SVG gives the cell."""
    image_module = pytest.importorskip("PIL.Image")
    case = CASES[name]
    path = tmp_path / f"{name}.png"
    render.render(case.item, path, puzzle=case.puzzle, known=case.known)
    root = picture(case)
    with image_module.open(path) as image:
        assert image.format == "PNG"
        assert image.size == (int(root.get("width", "")), int(root.get("height", "")))
        image.verify()
    with image_module.open(path) as image:
        pixels = image.convert("RGB")
        for cell in shapes(root, "rect", "cell"):
            inside = float(cell.get("stroke-width", "0")) + 2
            x, y = float(cell.get("x", "")) + inside, float(cell.get("y", "")) + inside
            red, green, blue = pixels.getpixel((int(x), int(y)))
            assert f"#{red:02x}{green:02x}{blue:02x}" == cell.get("fill"), (cell.attrib, (x, y))


def test_png_without_pillow_names_the_extra(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "PIL", None)  # import PIL now raises ImportError
    path = tmp_path / "takuzu.png"
    with pytest.raises(ArgumentError, match=r"install fastpuzzle\[image\]"):
        render.render(TAKUZU, path)
    assert not path.exists()


def test_import_leaves_pillow_alone() -> None:
    code = (
        "import sys, fastpuzzle.render; "
        "print(any(module is not None for name, module in sys.modules.items() if name.split('.')[0] == 'PIL'))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "False\n"


def test_output_is_deterministic(tmp_path: Path) -> None:
    for name, case in CASES.items():
        first = render.svg(case.item, puzzle=case.puzzle, known=case.known)
        assert render.svg(case.item, puzzle=case.puzzle, known=case.known) == first, name
    pytest.importorskip("PIL")
    for number in range(2):
        render.render(PIXEL_SOLUTION, tmp_path / f"{number}.png", puzzle=PIXEL)
    assert (tmp_path / "0.png").read_bytes() == (tmp_path / "1.png").read_bytes()


# -- errors -----------------------------------------------------------------


@pytest.mark.parametrize("name", ["takuzu.jpg", "takuzu", "takuzu.svg.txt", "svg"])
def test_unknown_suffix(tmp_path: Path, name: str) -> None:
    with pytest.raises(ArgumentError, match="expected a path ending in .svg or .png"):
        render.render(TAKUZU, tmp_path / name)
    assert not (tmp_path / name).exists()


def test_path_of_another_type() -> None:
    with pytest.raises(TypeError, match="path must be a str or os.PathLike"):
        render.render(TAKUZU, b"takuzu.svg")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("item", "puzzle", "message"),
    [
        (("1010", "0101", "1100", "0011"), TAKUZU, r"the solution is 4 x 4 \(width x height\) but the puzzle is 6 x 6"),
        (("0" * 8,) * 5, PIXEL, r"the solution is 8 x 5 \(width x height\) but the puzzle is 8 x 6"),
        (("0" * 7,) * 6, PIXEL, r"the solution is 7 x 6 \(width x height\) but the puzzle is 8 x 6"),
        (("0" * 6,) * 6, TAKUZU, "the solution has 0 at row 2, column 6, where the puzzle gives 1"),
        ((1, [(10, 1)]), SUDOKU, r"toggle \(10, 1\) is outside the 9 x 9 grid"),
    ],
    ids=["takuzu-size", "pixel-rows", "pixel-columns", "takuzu-given", "sudoku-toggle"],
)
def test_answer_that_does_not_fit_its_puzzle(item: Any, puzzle: Any, message: str) -> None:
    with pytest.raises(ArgumentError, match=message):
        render.svg(item, puzzle=puzzle)


@pytest.mark.parametrize(
    ("known", "message"),
    [
        (PIXEL_KNOWN[:5], r"known is 8 x 5 \(width x height\) but the puzzle is 8 x 6"),
        ((*PIXEL_KNOWN[:5], PIXEL_KNOWN[5][:7]), "known row 6 has 7 cells but the puzzle has 8 columns"),
        (("01?x0000", *PIXEL_KNOWN[1:]), "known row 1, column 4: expected '0', '1' or '\\?', found 'x'"),
        ((), "known has no rows but the puzzle is 8 x 6"),
    ],
    ids=["rows", "columns", "value", "empty"],
)
def test_known_that_does_not_fit(known: Any, message: str) -> None:
    with pytest.raises(ArgumentError, match=message):
        render.svg(PIXEL, known=known)


@pytest.mark.parametrize(
    ("item", "puzzle", "known", "message"),
    [
        ("4\n11__\n", None, None, "cannot draw str: expected a takuzu.Puzzle"),
        (42, None, None, "cannot draw int"),
        (SUDOKU_ANSWER, None, None, r"pass puzzle=<the sudoku.Grid it answers>"),
        (
            TAKUZU_SOLUTION,
            REVERSI,
            None,
            "puzzle= must be a takuzu.Puzzle, pixel.Puzzle or sudoku.Grid, found reversi.Board",
        ),
        (
            TAKUZU,
            TAKUZU,
            None,
            r"with puzzle=<takuzu.Puzzle>, expected the solution as a tuple of '0'/'1' rows, found takuzu.Puzzle",
        ),
        (SUDOKU_ANSWER, PIXEL, None, "found sudoku.Toggles"),
        (TAKUZU_SOLUTION, SUDOKU, None, r"with puzzle=<sudoku.Grid>, expected a sudoku.Toggles answer"),
        (("10", "01"), SUDOKU, None, r"with puzzle=<sudoku.Grid>, expected a sudoku.Toggles answer, found tuple"),
        (TAKUZU, None, PIXEL_KNOWN, "known= applies only to a pixel.Puzzle, not to takuzu.Puzzle"),
        (PIXEL, None, "01?", r"known must be rows of '0', '1' and '\?' \(a sequence of str\), found str"),
        (PIXEL, None, {"01?"}, "expected a sequence of rows, found set"),
        (PIXEL, None, [1, 2], "known row 1 is int, expected str"),
        (((1, 0), (0, 1)), None, None, "row 1 is tuple, expected str"),
    ],
    ids=[
        "text",
        "int",
        "toggles-alone",
        "board-as-puzzle",
        "puzzle-with-puzzle",
        "toggles-on-pixel",
        "rows-on-sudoku",
        "two-rows-on-sudoku",
        "known-on-takuzu",
        "known-text",
        "known-set",
        "known-ints",
        "rows-of-ints",
    ],
)
def test_wrong_type(item: Any, puzzle: Any, known: Optional[Any], message: str) -> None:
    with pytest.raises(TypeError, match=message):
        render.svg(item, puzzle=puzzle, known=known)


def test_rows_that_are_no_solution() -> None:
    with pytest.raises(ParseError, match="row 2, column 1: expected '0' or '1', found '_'"):
        render.svg(("01", "_1"))


def test_a_png_without_pillow_is_refused_before_the_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--render x.png`` without Pillow is a usage error before any work: nothing printed, exit 2."""
    from fastpuzzle.cli import main

    monkeypatch.setitem(sys.modules, "PIL", None)
    path = tmp_path / "pixel.png"
    with pytest.raises(SystemExit) as stopped:
        main(["pixel", "--render", str(path), str(ROOT / "examples" / "pixel.txt")])
    assert stopped.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(
        "fastpuzzle: pixel: --render FILE.png needs Pillow: install fastpuzzle[image], or name a .svg file"
    )
    assert not path.exists()


def test_a_file_name_no_picture_can_have_is_refused_before_the_work(capsys: pytest.CaptureFixture[str]) -> None:
    from fastpuzzle.cli import main

    with pytest.raises(SystemExit) as stopped:
        main(["reversi", "--render", "board.jpg", str(ROOT / "examples" / "start8.txt")])
    assert stopped.value.code == 2
    assert capsys.readouterr().err.startswith(
        "fastpuzzle: reversi: --render needs a file name ending in .svg or .png, found 'board.jpg'"
    )
