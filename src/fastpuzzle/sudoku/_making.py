"""Binary sudoku for puzzle makers: grids drawn with a chosen answer."""

from __future__ import annotations

from random import Random

from fastpuzzle._common import grid as _grid
from fastpuzzle._common import select as _select
from fastpuzzle._common.text import shown
from fastpuzzle.errors import ArgumentError

from ._facade import _ROW_MASKS, MAX_ANSWER, SIDE, Grid

TYPE_CHECKING = False

if TYPE_CHECKING or not _select.twins_active():
    from . import _kernel
else:
    from . import _twin as _kernel

if TYPE_CHECKING:
    from typing import Optional

__all__ = ["generate"]


def generate(*, answer: int, seed: Optional[int] = None) -> Grid:
    """A random grid whose fewest toggles (:func:`min_toggles`) are exactly ``answer``, 0 to MAX_ANSWER.

    The grid is drawn uniformly from all the grids with that answer, and the
    same ``seed`` always gives the same grid::

        >>> from fastpuzzle import sudoku
        >>> sudoku.min_toggles(sudoku.generate(answer=9, seed=1))
        9

    A grid's answer depends only on which of its 27 rows, columns and boxes are
    odd: there are 2**21 such parity signatures (a band's three rows and its
    three boxes hold the same cells, and so do a stack's columns and boxes), and
    each is shared by the same number of grids, 2**60, an even grid apart. For
    answers from 2 up, the grid is a uniform draw of all 81 cells, drawn again
    until its answer is ``answer``: on average 951 draws for answer 2, 80 for 3,
    14, 4.9, 3.2, 3.8 and 9.0 for 4 to 8, and 53 for 9 (the 39658 signatures
    that need 9 toggles). Answers 0 and 1 would take millions and tens of
    thousands, so they are built: an even grid is 60 cells drawn and 21 set to
    make every unit even (the bottom-right cell of the four top-left boxes, the
    last cell of rows 1 to 8, then all of row 9), and a grid with answer 1 is an
    even grid with one uniformly drawn cell toggled (each of the 81 cells makes
    its own signature).

    ``answer`` outside 0 to MAX_ANSWER is an :class:`~fastpuzzle.ArgumentError`;
    an ``answer`` or ``seed`` that is no whole number is a TypeError.
    """
    import random  # here, not at the top: the command line never needs it

    answer = _grid.checked_count(answer, "answer")
    seed = _grid.checked_seed(seed)
    if answer > MAX_ANSWER:
        raise ArgumentError(f"answer must be at most {MAX_ANSWER}, got {shown(answer)}")
    rng = random.Random(seed)
    if answer >= 2:
        while _kernel.min_toggles(masks := _random_masks(rng)) != answer:
            pass
        return Grid._trusted(tuple(f"{mask:09b}" for mask in masks))
    even = _random_even_masks(rng)
    if answer:
        cell = rng.randrange(SIDE * SIDE)
        even[cell // SIDE] ^= 1 << (SIDE - 1 - cell % SIDE)
    return Grid._trusted(tuple(f"{mask:09b}" for mask in even))


def _random_masks(rng: Random) -> tuple[int, ...]:
    """The 9 row masks of a grid of 81 uniformly drawn cells."""
    bits = rng.getrandbits(SIDE * SIDE)
    return tuple(bits >> (SIDE * r) & (_ROW_MASKS - 1) for r in range(SIDE))


def _random_even_masks(rng: Random) -> list[int]:
    """The row masks of a uniformly drawn even grid: 60 cells as drawn, 21 set to make every unit even.

    Each cell set is the one cell of its unit still free when it is set, so
    every choice of the 60 gives exactly one even grid.
    """
    masks = list(_random_masks(rng))
    for band in (0, 1):
        box_rows = masks[3 * band] ^ masks[3 * band + 1] ^ masks[3 * band + 2]
        for stack in (0, 1):
            # The box (band, stack): its columns 3 * stack .. 3 * stack + 2 are bits 8 - 3 * stack .. 6 - 3 * stack.
            if _parity(box_rows >> (6 - 3 * stack) & 7):
                masks[3 * band + 2] ^= 1 << (6 - 3 * stack)
    for r in range(SIDE - 1):
        masks[r] ^= _parity(masks[r])  # the last column, bit 0
    columns = 0
    for mask in masks:
        columns ^= mask
    masks[SIDE - 1] ^= columns
    return masks


def _parity(mask: int) -> int:
    """1 if ``mask`` has an odd number of bits set, else 0."""
    return bin(mask).count("1") & 1
