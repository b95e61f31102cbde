"""Pixel placement (Fill-a-Pix, Mosaic): parse, solve, count and generate.

Colour every cell of an ``n x m`` grid black (1) or white (0) so that every
digit counts the black cells of the 3x3 block centred on it (clipped at the
border)::

    >>> from fastpuzzle import pixel
    >>> puzzle = pixel.parse("3 3\\n_2_\\n___\\n_2_\\n")
    >>> pixel.count_solutions(puzzle)
    39
    >>> puzzle = pixel.parse("2 3\\n_2_\\n2_2\\n")
    >>> print(pixel.format(pixel.solve(puzzle)), end="")
    010
    010
    >>> print(pixel.show(pixel.solve(puzzle)), end="")
    ··██··
    ··██··
"""

from fastpuzzle._common.exports import adopt, on_first_use

from ._facade import (
    MAX_CELLS,
    MAX_N,
    MAX_STATES,
    NAME,
    ONE_BY_ONE_MOST,
    Puzzle,
    count_solutions,
    format,
    from_rows,
    parse,
    puzzle_lines,
    show,
    solutions,
    solve,
    solve_text,
    solve_texts,
)

TYPE_CHECKING = False

if TYPE_CHECKING:
    from ._image import image_picture
    from ._making import Hint, from_image, generate, grade, hint, steps

__all__ = [
    "MAX_CELLS",
    "MAX_N",
    "MAX_STATES",
    "NAME",
    "ONE_BY_ONE_MOST",
    "Hint",
    "Puzzle",
    "count_solutions",
    "format",
    "from_image",
    "from_rows",
    "generate",
    "grade",
    "hint",
    "image_picture",
    "parse",
    "puzzle_lines",
    "show",
    "solutions",
    "solve",
    "solve_text",
    "solve_texts",
    "steps",
]

adopt(__name__, globals(), __all__)
__getattr__ = on_first_use(
    __name__,
    globals(),
    {
        "._image": ("image_picture",),
        "._making": (
            "Hint",
            "from_image",
            "generate",
            "grade",
            "hint",
            "steps",
        ),
    },
)
