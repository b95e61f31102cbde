"""Pictures of the four puzzles: SVG with no dependency, PNG where Pillow is installed.

:func:`svg` gives the SVG text of a puzzle, a solution or a position;
:func:`render` writes it to a file, as SVG or (with ``pip install
fastpuzzle[image]``) as PNG, chosen by the file's suffix::

    >>> from fastpuzzle import render, takuzu
    >>> puzzle = takuzu.parse("4\\n11__\\n_0__\\n___1\\n__0_\\n")
    >>> picture = render.svg(takuzu.solve(puzzle), puzzle=puzzle)
    >>> picture.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="180" height="180"')
    True
    >>> render.render(puzzle, "takuzu.png")  # doctest: +SKIP

Both formats draw one list of shapes (rectangles, circles, text), built once
per picture, so they never differ. Every cell is a ``<rect>`` whose ``class``
holds ``cell`` and what the cell is (``given``, ``filled``, ``black``,
``toggled``, ...); reversi's discs are circles of class ``disc``. The same
input always gives the same bytes.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass
from xml.sax.saxutils import escape

from . import pixel, reversi, sudoku, takuzu
from ._common.files import whole_file
from ._common.grid import is_integer, row_tuple, solution_rows
from .errors import ArgumentError

TYPE_CHECKING = False

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any, Optional, Union

    PathLike = Union[str, "os.PathLike[str]"]
    Shape = Union["_Rect", "_Circle", "_Text"]

__all__ = ["CELL_SIZE", "MARGIN", "MAX_CELLS", "SUFFIXES", "render", "svg"]

#: Side of one cell, in pixels (SVG user units).
CELL_SIZE = 40
#: Blank border around the grid, in pixels: a picture of ``rows x columns`` cells is
#: ``columns * CELL_SIZE + 2 * MARGIN`` wide and ``rows * CELL_SIZE + 2 * MARGIN`` high.
MARGIN = 10
#: The most cells a picture draws (SGT's largest Mosaic: 100x100, 200x50); more is an ArgumentError.
MAX_CELLS = 10_000
#: The file names :func:`render` writes end so (in any case): the picture's format.
SUFFIXES = (".svg", ".png")
#: PNG pictures are drawn up to this many times larger, then scaled down: smooth circles and text.
_SUPERSAMPLE = 4
#: The most pixels a PNG is drawn with, supersampled: about 72 MB of RGB, whatever the board.
_PNG_PIXELS = 24_000_000

_WHITE = "#ffffff"
_INK = "#1f1f1f"
_GRID_LINE = "#9e9e9e"
_GIVEN_BACKGROUND = "#d4d4d4"
_FILLED_MARK = "#5b8bd9"
_UNKNOWN_BACKGROUND = "#dcdcdc"
_TOGGLED = "#d62728"
_TOGGLED_BACKGROUND = "#fde4e4"
_BOARD_GREEN = "#2e7d32"
_BOARD_LINE = "#1b4d1e"
_WHITE_DISC = "#f5f5f5"
_BLACK_DISC = "#111111"

_MARK_RADIUS = 13
_MARK_STROKE = 4
_DISC_RADIUS = 16
_FRAME_WIDTH = 2
_BOX_LINE_WIDTH = 3
_TOGGLED_STROKE = 3
_TEXT_SIZE = 24
_FONT_FAMILY = "DejaVu Sans, Arial, Helvetica, sans-serif"
#: An SVG text's baseline sits this share of its size below the centre, so digits look centred.
_BASELINE_SHIFT = 0.36


@dataclass(frozen=True)
class _Rect:
    """A rectangle; its outline (``stroke_width`` pixels) lies inside the box."""

    kind: str
    x: int
    y: int
    width: int
    height: int
    fill: Optional[str]
    stroke: Optional[str] = None
    stroke_width: int = 0


@dataclass(frozen=True)
class _Circle:
    """A circle of radius ``r`` about (``cx``, ``cy``); its outline lies inside the radius."""

    kind: str
    cx: int
    cy: int
    r: int
    fill: Optional[str]
    stroke: Optional[str] = None
    stroke_width: int = 0


@dataclass(frozen=True)
class _Text:
    """A short text centred on (``cx``, ``cy``), ``size`` pixels high."""

    kind: str
    cx: int
    cy: int
    text: str
    size: int
    fill: str


@dataclass(frozen=True)
class _Drawing:
    """A whole picture: its size, a title, and the shapes in drawing order."""

    width: int
    height: int
    title: str
    shapes: tuple[Shape, ...]


class _Canvas:
    """Builds a :class:`_Drawing` of a grid of ``rows x columns`` cells."""

    def __init__(self, rows: int, columns: int, title: str) -> None:
        if rows * columns > MAX_CELLS:
            raise ArgumentError(f"cannot draw {columns}x{rows} cells: a picture has at most {MAX_CELLS} cells")
        self.rows = rows
        self.columns = columns
        self.title = title
        self.width = columns * CELL_SIZE + 2 * MARGIN
        self.height = rows * CELL_SIZE + 2 * MARGIN
        self.shapes: list[Shape] = [_Rect("background", 0, 0, self.width, self.height, _WHITE)]

    def cell(self, r: int, c: int, kind: str, fill: str, stroke: str = _GRID_LINE, stroke_width: int = 1) -> None:
        """The square of the cell in row ``r``, column ``c`` (from 0); ``kind`` is added to its class ``cell``."""
        x, y = MARGIN + c * CELL_SIZE, MARGIN + r * CELL_SIZE
        self.shapes.append(_Rect(f"cell {kind}", x, y, CELL_SIZE, CELL_SIZE, fill, stroke, stroke_width))

    def circle(
        self, r: int, c: int, kind: str, radius: int, fill: Optional[str], stroke: Optional[str] = None, width: int = 0
    ) -> None:
        """A circle centred in the cell in row ``r``, column ``c``."""
        cx, cy = self._centre(r, c)
        self.shapes.append(_Circle(kind, cx, cy, radius, fill, stroke, width))

    def label(self, r: int, c: int, kind: str, text: str, fill: str) -> None:
        """``text`` centred in the cell in row ``r``, column ``c``."""
        cx, cy = self._centre(r, c)
        self.shapes.append(_Text(kind, cx, cy, text, _TEXT_SIZE, fill))

    def frame(self, colour: str) -> None:
        """A line around the whole grid, just outside its cells."""
        inset = MARGIN - _FRAME_WIDTH
        width, height = self.width - 2 * inset, self.height - 2 * inset
        self.shapes.append(_Rect("frame", inset, inset, width, height, None, colour, _FRAME_WIDTH))

    def _centre(self, r: int, c: int) -> tuple[int, int]:
        return MARGIN + c * CELL_SIZE + CELL_SIZE // 2, MARGIN + r * CELL_SIZE + CELL_SIZE // 2

    def drawing(self) -> _Drawing:
        """The picture drawn so far."""
        return _Drawing(self.width, self.height, self.title, tuple(self.shapes))


# -- what to draw -------------------------------------------------------------


def _drawing(item: Any, puzzle: Any, known: Any) -> _Drawing:
    """The shapes of ``item``, told apart by its type (and, for a solution, by the type of ``puzzle``)."""
    if known is not None and not isinstance(item, pixel.Puzzle):
        raise TypeError(f"known= applies only to a pixel.Puzzle, not to {_type_name(item)}")
    if puzzle is not None:
        return _answer_drawing(item, puzzle)
    if isinstance(item, takuzu.Puzzle):
        return _takuzu_drawing(item, None)
    if isinstance(item, pixel.Puzzle):
        return _pixel_drawing(item, None if known is None else _known_rows(known, item))
    if isinstance(item, sudoku.Grid):
        return _sudoku_drawing(item, None)
    if isinstance(item, reversi.Board):
        return _reversi_drawing(item)
    if isinstance(item, sudoku.Toggles):
        raise TypeError("a sudoku.Toggles answer is drawn on its grid: pass puzzle=<the sudoku.Grid it answers>")
    if isinstance(item, (tuple, list)):
        return _binary_drawing(solution_rows(item))
    raise TypeError(
        f"cannot draw {_type_name(item)}: expected a takuzu.Puzzle, pixel.Puzzle, sudoku.Grid or reversi.Board, "
        "a tuple of '0'/'1' rows, or an answer with puzzle= (a takuzu or pixel solution, sudoku.Toggles)"
    )


def _answer_drawing(answer: Any, puzzle: Any) -> _Drawing:
    """An answer drawn on the puzzle it answers."""
    if isinstance(puzzle, sudoku.Grid):
        if not (isinstance(answer, tuple) and len(answer) == 2 and is_integer(answer[0])):
            raise TypeError(f"with puzzle=<sudoku.Grid>, expected a sudoku.Toggles answer, found {_type_name(answer)}")
        return _sudoku_drawing(puzzle, answer[1])
    if not isinstance(puzzle, (takuzu.Puzzle, pixel.Puzzle)):
        raise TypeError(f"puzzle= must be a takuzu.Puzzle, pixel.Puzzle or sudoku.Grid, found {_type_name(puzzle)}")
    if not isinstance(answer, (tuple, list)) or isinstance(answer, sudoku.Toggles):
        raise TypeError(
            f"with puzzle=<{_type_name(puzzle)}>, expected the solution as a tuple of '0'/'1' rows, "
            f"found {_type_name(answer)}"
        )
    rows = solution_rows(answer)
    _check_size("the solution", rows, puzzle.rows)
    if isinstance(puzzle, takuzu.Puzzle):
        return _takuzu_drawing(puzzle, rows)
    return _pixel_solution_drawing(puzzle, rows)


def _type_name(value: Any) -> str:
    """``value``'s type as a message names it: ``takuzu.Puzzle``, ``str``, ..."""
    kind = type(value)
    module = kind.__module__
    if module.startswith("fastpuzzle."):
        return f"{module.rpartition('.')[2]}.{kind.__qualname__}"
    return kind.__qualname__


def _size(rows: Sequence[Any]) -> str:
    """The size of a grid of ``rows``: width, then height, as ``--size`` and SGT give it."""
    return f"{len(rows[0])} x {len(rows)}"


def _check_size(what: str, rows: Sequence[str], puzzle_rows: Sequence[str]) -> None:
    """An ArgumentError naming both sizes unless ``rows`` has as many rows and columns as the puzzle."""
    if len(rows) != len(puzzle_rows) or len(rows[0]) != len(puzzle_rows[0]):
        raise ArgumentError(f"{what} is {_size(rows)} (width x height) but the puzzle is {_size(puzzle_rows)}")


def _known_rows(known: Any, puzzle: pixel.Puzzle) -> tuple[str, ...]:
    """``known`` checked against ``puzzle``: its rows of ``'0'``, ``'1'`` and ``'?'``, of the puzzle's size."""
    if isinstance(known, (str, bytes, bytearray)):
        raise TypeError(f"known must be rows of '0', '1' and '?' (a sequence of str), found {type(known).__name__}")
    rows = row_tuple(known)
    for r, row in enumerate(rows, start=1):
        if not isinstance(row, str):
            raise TypeError(f"known row {r} is {type(row).__name__}, expected str")
    if not rows:
        raise ArgumentError(f"known has no rows but the puzzle is {_size(puzzle.rows)}")
    for r, row in enumerate(rows, start=1):
        if len(row) != puzzle.m:
            raise ArgumentError(f"known row {r} has {len(row)} cells but the puzzle has {puzzle.m} columns")
    _check_size("known", rows, puzzle.rows)
    for r, row in enumerate(rows, start=1):
        for c, char in enumerate(row, start=1):
            if char not in "01?":
                raise ArgumentError(f"known row {r}, column {c}: expected '0', '1' or '?', found {char!r}")
    return rows


def _takuzu_drawing(puzzle: takuzu.Puzzle, solution: Optional[tuple[str, ...]]) -> _Drawing:
    """The givens in the given style; a solution's other cells, if any, in the lighter filled style."""
    what = "puzzle" if solution is None else "solution"
    canvas = _Canvas(puzzle.height, puzzle.width, f"01 game {what}, {puzzle.width} x {puzzle.height}")
    for r, row in enumerate(puzzle.rows):
        for c, given in enumerate(row):
            if given != "_":
                if solution is not None and solution[r][c] != given:
                    raise ArgumentError(
                        f"the solution has {solution[r][c]} at row {r + 1}, column {c + 1}, where the puzzle gives {given}"
                    )
                canvas.cell(r, c, "given", _GIVEN_BACKGROUND)
                _takuzu_mark(canvas, r, c, given, "given", _INK)
            elif solution is not None:
                canvas.cell(r, c, "filled", _WHITE)
                _takuzu_mark(canvas, r, c, solution[r][c], "filled", _FILLED_MARK)
            else:
                canvas.cell(r, c, "blank", _WHITE)
    canvas.frame(_INK)
    return canvas.drawing()


def _takuzu_mark(canvas: _Canvas, r: int, c: int, digit: str, style: str, colour: str) -> None:
    """A 1 as a disc, a 0 as a ring."""
    if digit == "1":
        canvas.circle(r, c, f"mark one {style}", _MARK_RADIUS, colour)
    else:
        canvas.circle(r, c, f"mark zero {style}", _MARK_RADIUS, None, colour, _MARK_STROKE)


def _binary_drawing(rows: tuple[str, ...]) -> _Drawing:
    """A plain grid of ``'0'``/``'1'`` rows: black squares for 1s, white for 0s."""
    canvas = _Canvas(len(rows), len(rows[0]), f"binary grid, {_size(rows)}")
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            if cell == "1":
                canvas.cell(r, c, "black", _INK)
            else:
                canvas.cell(r, c, "white", _WHITE)
    canvas.frame(_INK)
    return canvas.drawing()


_PIXEL_CELLS = {"1": ("black", _INK, _WHITE), "0": ("white", _WHITE, _INK), "?": ("unknown", _UNKNOWN_BACKGROUND, _INK)}


def _pixel_drawing(puzzle: pixel.Puzzle, known: Optional[tuple[str, ...]]) -> _Drawing:
    """The clues; the cells of ``known`` shaded black, white or grey (unknown), or all blank without it."""
    title = f"pixel puzzle, {_size(puzzle.rows)}" + ("" if known is None else ", partly solved")
    canvas = _Canvas(puzzle.n, puzzle.m, title)
    for r, row in enumerate(puzzle.rows):
        for c, clue in enumerate(row):
            if known is None:
                kind, background, ink = "blank", _WHITE, _INK
            else:
                kind, background, ink = _PIXEL_CELLS[known[r][c]]
            canvas.cell(r, c, kind, background)
            if clue != "_":
                canvas.label(r, c, "clue", clue, ink)
    canvas.frame(_INK)
    return canvas.drawing()


def _pixel_solution_drawing(puzzle: pixel.Puzzle, solution: tuple[str, ...]) -> _Drawing:
    """The picture, with the clues on top in a colour that stands out from their cell."""
    canvas = _Canvas(puzzle.n, puzzle.m, f"pixel solution, {_size(puzzle.rows)}")
    for r, row in enumerate(puzzle.rows):
        for c, clue in enumerate(row):
            kind, background, ink = _PIXEL_CELLS[solution[r][c]]
            canvas.cell(r, c, kind, background)
            if clue != "_":
                canvas.label(r, c, "clue", clue, ink)
    canvas.frame(_INK)
    return canvas.drawing()


def _sudoku_drawing(grid: sudoku.Grid, toggles: Any) -> _Drawing:
    """The grid's 1s, thick lines around its 3x3 boxes, and the toggled cells (if any) with their new value."""
    side = sudoku.SIDE
    if toggles is None:
        canvas, toggled = _Canvas(side, side, "binary sudoku grid"), set()
    else:
        fixed = sudoku.apply(grid, toggles).rows  # checks every toggle
        toggled = {(r, c) for r in range(side) for c in range(side) if fixed[r][c] != grid.rows[r][c]}
        canvas = _Canvas(side, side, f"binary sudoku grid, {len(toggled)} cells toggled")
    for r, row in enumerate(grid.rows):
        for c, cell in enumerate(row):
            if (r, c) in toggled:
                canvas.cell(r, c, "toggled", _TOGGLED_BACKGROUND, _TOGGLED, _TOGGLED_STROKE)
                canvas.label(r, c, "digit new", "0" if cell == "1" else "1", _TOGGLED)
            else:
                canvas.cell(r, c, "one" if cell == "1" else "zero", _WHITE)
                if cell == "1":
                    canvas.label(r, c, "digit", "1", _INK)
    grid_side = side * CELL_SIZE
    for box in range(0, side + 1, 3):
        offset = MARGIN + box * CELL_SIZE - _BOX_LINE_WIDTH // 2
        canvas.shapes.append(_Rect("box-line", offset, MARGIN, _BOX_LINE_WIDTH, grid_side, _INK))
        canvas.shapes.append(_Rect("box-line", MARGIN, offset, grid_side, _BOX_LINE_WIDTH, _INK))
    return canvas.drawing()


def _reversi_drawing(board: reversi.Board) -> _Drawing:
    """A green board with its black and white discs."""
    n = board.n
    canvas = _Canvas(n, n, f"reversi board, {n} x {n}")
    for r, row in enumerate(board.rows):
        for c, value in enumerate(row):
            canvas.cell(r, c, "empty" if value == -1 else "taken", _BOARD_GREEN, _BOARD_LINE)
            if value == 1:
                canvas.circle(r, c, "disc black", _DISC_RADIUS, _BLACK_DISC)
            elif value == 0:
                canvas.circle(r, c, "disc white", _DISC_RADIUS, _WHITE_DISC, _INK, 1)
    canvas.frame(_BOARD_LINE)
    return canvas.drawing()


# -- writers ------------------------------------------------------------------


def _number(value: float) -> str:
    """A coordinate as SVG text: ``12``, ``12.5``."""
    return str(int(value)) if value == int(value) else f"{value:g}"


def _attributes(pairs: Sequence[tuple[str, Any]]) -> str:
    """``name="value"`` pairs, escaped, numbers as :func:`_number` writes them."""
    texts = []
    for name, value in pairs:
        text = _number(value) if isinstance(value, (int, float)) else str(value)
        texts.append(f'{name}="{escape(text, {chr(34): "&quot;"})}"')
    return " ".join(texts)


def _paint(fill: Optional[str], stroke: Optional[str], stroke_width: int) -> list[tuple[str, Any]]:
    painted: list[tuple[str, Any]] = [("fill", fill or "none")]
    if stroke is not None and stroke_width:
        painted += [("stroke", stroke), ("stroke-width", stroke_width)]
    return painted


def _svg_element(shape: Shape) -> str:
    """One shape as an SVG element; outlines are moved inwards, as the PNG writer draws them."""
    if isinstance(shape, _Rect):
        inset = shape.stroke_width / 2 if shape.stroke else 0
        box = [("x", shape.x + inset), ("y", shape.y + inset)]
        box += [("width", shape.width - 2 * inset), ("height", shape.height - 2 * inset)]
        paint = _paint(shape.fill, shape.stroke, shape.stroke_width)
        return f"<rect {_attributes([('class', shape.kind), *box, *paint])}/>"
    if isinstance(shape, _Circle):
        radius = shape.r - (shape.stroke_width / 2 if shape.stroke else 0)
        centre = [("cx", shape.cx), ("cy", shape.cy), ("r", radius)]
        paint = _paint(shape.fill, shape.stroke, shape.stroke_width)
        return f"<circle {_attributes([('class', shape.kind), *centre, *paint])}/>"
    baseline = shape.cy + round(shape.size * _BASELINE_SHIFT)
    attributes = _attributes(
        [
            ("class", shape.kind),
            ("x", shape.cx),
            ("y", baseline),
            ("font-family", _FONT_FAMILY),
            ("font-size", shape.size),
            ("text-anchor", "middle"),
            ("fill", shape.fill),
        ]
    )
    return f"<text {attributes}>{escape(shape.text)}</text>"


def _svg_text(drawing: _Drawing) -> str:
    width, height = drawing.width, drawing.height
    size = _attributes([("width", width), ("height", height), ("viewBox", f"0 0 {width} {height}")])
    lines = [f'<svg xmlns="http://www.w3.org/2000/svg" {size} role="img">', f"<title>{escape(drawing.title)}</title>"]
    lines += [_svg_element(shape) for shape in drawing.shapes]
    lines.append("</svg>")
    return "\n".join(lines) + "\n"


def _write_png(drawing: _Drawing, path: PathLike) -> None:
    """Draw the shapes with Pillow, larger by up to _SUPERSAMPLE (within _PNG_PIXELS), and scale the picture
    down to its size."""
    try:
        from PIL import Image, ImageDraw
    except ImportError:
        raise ArgumentError("writing PNG needs Pillow: install fastpuzzle[image] (or write .svg)") from None
    scale = max(1, min(_SUPERSAMPLE, math.isqrt(_PNG_PIXELS // (drawing.width * drawing.height))))
    image = Image.new("RGB", (drawing.width * scale, drawing.height * scale), _WHITE)
    draw = ImageDraw.Draw(image)
    fonts: dict[int, Any] = {}
    for shape in drawing.shapes:
        if isinstance(shape, _Rect):
            box = _pixel_box(shape.x, shape.y, shape.x + shape.width, shape.y + shape.height, scale)
            outline = shape.stroke if shape.stroke_width else None
            draw.rectangle(box, fill=shape.fill, outline=outline, width=shape.stroke_width * scale)
        elif isinstance(shape, _Circle):
            box = _pixel_box(shape.cx - shape.r, shape.cy - shape.r, shape.cx + shape.r, shape.cy + shape.r, scale)
            outline = shape.stroke if shape.stroke_width else None
            draw.ellipse(box, fill=shape.fill, outline=outline, width=shape.stroke_width * scale)
        else:
            font = fonts.get(shape.size)
            if font is None:
                font = fonts[shape.size] = _font(shape.size * scale)
            text_left, text_top, text_right, text_bottom = draw.textbbox((0, 0), shape.text, font=font)
            x = shape.cx * scale - (text_left + text_right) / 2
            y = shape.cy * scale - (text_top + text_bottom) / 2
            draw.text((x, y), shape.text, fill=shape.fill, font=font)
    # Image.Resampling came in Pillow 9.1; before it the filters were module constants.
    box_filter = getattr(Image, "Resampling", Image).BOX
    with whole_file(path) as stream:
        image.resize((drawing.width, drawing.height), box_filter).save(stream, format="PNG")


def _pixel_box(left: int, top: int, right: int, bottom: int, scale: int) -> tuple[int, int, int, int]:
    """The box from (left, top) up to (right, bottom), not included, at ``scale``, as Pillow takes it (both ends in)."""
    return left * scale, top * scale, right * scale - 1, bottom * scale - 1


def _font(size: int) -> Any:
    """A sans-serif font ``size`` pixels high: Pillow's own (10.1 and later), else DejaVu Sans, else a small bitmap."""
    from PIL import ImageFont

    try:
        return ImageFont.load_default(size=size)
    except (TypeError, ImportError):  # size= is new in Pillow 10.1; FreeType may be missing
        pass
    try:
        return ImageFont.truetype("DejaVuSans.ttf", size)
    except (OSError, ImportError):
        return ImageFont.load_default()


# -- public -------------------------------------------------------------------


def svg(item: Any, *, puzzle: Any = None, known: Optional[Sequence[str]] = None) -> str:
    """The picture of ``item`` as SVG text (a whole ``<svg>`` document, UTF-8 safe, ending in a newline).

    ``item`` is a ``takuzu.Puzzle``, ``pixel.Puzzle``, ``sudoku.Grid`` or
    ``reversi.Board``; or an answer drawn on its puzzle: a takuzu or pixel
    solution (a tuple of ``'0'``/``'1'`` rows) with ``puzzle=`` the
    ``takuzu.Puzzle`` or ``pixel.Puzzle``, or a ``sudoku.Toggles`` with
    ``puzzle=`` the ``sudoku.Grid``. Without ``puzzle=``, a tuple of
    ``'0'``/``'1'`` rows is drawn as a plain grid of black and white squares.
    ``known`` (only with a ``pixel.Puzzle``) is rows of ``'0'``, ``'1'`` and
    ``'?'``: the cells already worked out, shaded white, black or grey.

    Raises TypeError for anything else (or ``puzzle=``/``known=`` where they do
    not apply), :class:`~fastpuzzle.ArgumentError` when an answer or ``known``
    does not fit its puzzle (its size, a given it contradicts, a toggle outside
    the grid), and :class:`~fastpuzzle.ParseError` for rows that are no
    ``'0'``/``'1'`` solution.
    """
    return _svg_text(_drawing(item, puzzle, known))


def render(item: Any, path: PathLike, *, puzzle: Any = None, known: Optional[Sequence[str]] = None) -> None:
    """Write the picture of ``item`` (anything :func:`svg` takes) to ``path``, as its suffix says.

    ``.svg`` is always available; ``.png`` needs Pillow (``pip install
    fastpuzzle[image]``), and without it is an :class:`~fastpuzzle.ArgumentError`,
    as is any other suffix. Both formats draw the same picture,
    ``CELL_SIZE`` pixels a cell with a ``MARGIN`` around the grid. Nothing is
    written when an error is raised.
    """
    if not isinstance(path, (str, os.PathLike)) or not isinstance(os.fspath(path), str):
        raise TypeError(f"path must be a str or os.PathLike of str, found {type(path).__name__}")
    if "\0" in os.fspath(path):
        raise ArgumentError(f"cannot write {os.fspath(path)!r}: a path holds no NUL character")
    suffix = os.path.splitext(os.fspath(path))[1].lower()
    if suffix not in SUFFIXES:
        raise ArgumentError(f"cannot tell the format of {os.fspath(path)!r}: expected a path ending in .svg or .png")
    drawing = _drawing(item, puzzle, known)
    if suffix == ".png":
        _write_png(drawing, path)
    else:
        with whole_file(path) as file:
            file.write(_svg_text(drawing).encode("utf-8"))
