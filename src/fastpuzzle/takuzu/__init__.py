"""The 01 game (Takuzu, Binairo, Unruly): parse, check, solve, count and generate.

Fill a grid of even width and height with 0s and 1s so that no three equal
digits are adjacent in a row or column, and every row and column holds as many
0s as 1s. Under the contest's rule, which Simon Tatham's Unruly calls "unique
rows and columns", no two rows and no two columns may be equal either; a puzzle
with ``unique_rows=False`` (Unruly's default) allows equal ones::

    >>> from fastpuzzle import takuzu
    >>> puzzle = takuzu.parse("4\\n11__\\n_0__\\n___1\\n__0_\\n")
    >>> print(takuzu.format(takuzu.solve(puzzle)), end="")
    1100
    1010
    0011
    0101
    >>> takuzu.count_solutions(takuzu.parse("4 2 free\\n____\\n____\\n"))
    6

The text form is the contest's: a first line ``N``, then ``N`` rows. A
rectangle's first line is ``W H`` (its width, then its height), and either
first line may end in the rule: ``unique`` (the default) or ``free``.
"""

from fastpuzzle._common.exports import adopt, on_first_use

from ._facade import (
    LIST_MAX_N,
    MAX_CANDIDATES,
    MAX_N,
    NAME,
    RULES,
    Puzzle,
    count_solutions,
    format,
    from_rows,
    parse,
    puzzle_lines,
    shape_problem,
    solutions,
    solve,
    solve_text,
    solve_texts,
)

TYPE_CHECKING = False

if TYPE_CHECKING:
    from ._making import Hint, generate, grade, hint, steps

__all__ = [
    "LIST_MAX_N",
    "MAX_CANDIDATES",
    "MAX_N",
    "NAME",
    "RULES",
    "Hint",
    "Puzzle",
    "count_solutions",
    "format",
    "from_rows",
    "generate",
    "grade",
    "hint",
    "parse",
    "puzzle_lines",
    "shape_problem",
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
        "._making": (
            "Hint",
            "generate",
            "grade",
            "hint",
            "steps",
        )
    },
)
