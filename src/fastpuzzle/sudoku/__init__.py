"""Binary sudoku (USACO 2011 November, Gold): the fewest toggles that make every unit even.

A 9 x 9 grid of 0s and 1s; toggle as few cells as possible so that each of the
9 rows, 9 columns and 9 3x3 boxes holds an even number of 1s::

    >>> from fastpuzzle import sudoku
    >>> grid = sudoku.parse("000000000\\n001000100\\n000000000\\n000110000\\n"
    ...                     "000111000\\n000000000\\n000000000\\n000000000\\n000000000\\n")
    >>> sudoku.min_toggles(grid)
    3
    >>> count, toggles = sudoku.solve(grid)
    >>> count == len(toggles) and sudoku.is_even(sudoku.apply(grid, toggles))
    True

Grids may be given as a :class:`Grid`, as 9 row strings of ``'0'``/``'1'``, as
9 row masks (``int(row, 2)``: bit ``8 - c`` is column ``c``, counting from 0),
or as a ``(9, 9)`` NumPy array of 0s and 1s (of integers or booleans; NumPy
itself is never imported here). For many grids, :func:`min_toggles_many` counts
a list (or a ``(k, 9, 9)`` NumPy array) in one call. :func:`generate` draws a
grid with a given answer.
"""

from fastpuzzle._common.exports import adopt, on_first_use

from ._facade import (
    MAX_ANSWER,
    NAME,
    SIDE,
    Grid,
    Toggles,
    apply,
    format,
    format_solution,
    from_rows,
    is_even,
    min_toggles,
    min_toggles_many,
    parse,
    puzzle_lines,
    solve,
    solve_text,
    solve_texts,
)

TYPE_CHECKING = False

if TYPE_CHECKING:
    from ._making import generate

__all__ = [
    "MAX_ANSWER",
    "NAME",
    "SIDE",
    "Grid",
    "Toggles",
    "apply",
    "format",
    "format_solution",
    "from_rows",
    "generate",
    "is_even",
    "min_toggles",
    "min_toggles_many",
    "parse",
    "puzzle_lines",
    "solve",
    "solve_text",
    "solve_texts",
]

adopt(__name__, globals(), __all__)
__getattr__ = on_first_use(__name__, globals(), {"._making": ("generate",)})
