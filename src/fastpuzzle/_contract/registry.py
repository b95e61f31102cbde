"""The puzzles fastpuzzle knows, and the numbers their kernels and facades share.

Every number here is defined once. Facades and the pure-Python twins import
it; ``setup.py`` reads this file (it imports nothing but the standard library)
and hands each puzzle's ``limits`` and the :class:`Status` values to the
compiled kernels as C macros (``FP_TAKUZU_MAX_N``, ``FP_STATUS_SOLUTION``, ...),
so a kernel declares them with ``cdef extern from *`` and never repeats a value.

Adding a puzzle: give it a folder ``NAME/`` with its facade (``_facade.py``,
its public names exported by ``__init__.py``), its kernel (``_kernel.pyx`` with
its stub ``_kernel.pyi``) and its twin (``_twin.py``), then add one
:class:`Entry` to :data:`PUZZLES`.
"""

from __future__ import annotations

from enum import IntEnum

TYPE_CHECKING = False

if TYPE_CHECKING:
    from collections.abc import Mapping

__all__ = ["ALIASES", "FORMATS", "POLL_MS", "PUZZLES", "Entry", "Status", "c_macros", "canonical_name"]

#: Milliseconds a kernel computes, at most, between two returns to Python (or
#: two takings of the GIL) to look for Ctrl-C and report progress. Each return
#: costs a concurrent Python thread nothing, but the kernel may wait up to one
#: switch interval (5 ms) for the GIL; every 100 ms that is at most 5 %.
POLL_MS = 100

#: The most workers a pool of one process may have: ``--jobs`` and ``solve_many(jobs=)`` alike.
MAX_JOBS = 1024

#: The forms the 01 game and pixel placement are read and written in: the contest's text and
#: Simon Tatham's game IDs (:mod:`fastpuzzle.interchange`). No other format exists for them:
#: puzz.link (pzprjs) has no type for either, so no URL is offered.
FORMATS = ("contest", "sgt")


class Status(IntEnum):
    """What a resumable kernel search reports when it returns to Python."""

    #: The search is over: no solution is left.
    EXHAUSTED = 0
    #: A solution was found (or a count reached its limit).
    SOLUTION = 1
    #: The node budget of this call ran out; call again to go on.
    PAUSED = 2
    #: The search would need more memory than its budget allows.
    TOO_LARGE = 3


class Entry:
    """One puzzle: its name, what it is, other names for it, and its limits.

    ``limits`` are the numbers its facade, kernel and twin share (each kernel
    sees ``FP_<NAME>_<LIMIT>``); ``headers`` are C headers its kernel includes;
    ``splits`` says that one count of it can be split across workers (the
    command line then takes ``--jobs`` and ``--scheduler`` without ``--batch``).
    """

    __slots__ = ("aliases", "headers", "limits", "name", "splits", "summary")

    def __init__(
        self,
        name: str,
        summary: str,
        *,
        aliases: tuple[str, ...] = (),
        limits: Mapping[str, int],
        headers: tuple[str, ...] = (),
        splits: bool = False,
    ) -> None:
        self.name = name
        self.summary = summary
        self.aliases = aliases
        self.limits = dict(limits)
        self.headers = headers
        self.splits = splits

    @property
    def facade(self) -> str:
        """The public module of the puzzle (its folder), which exports the facade's names."""
        return f"fastpuzzle.{self.name}"

    @property
    def kernel(self) -> str:
        """The compiled kernel's module name."""
        return f"fastpuzzle.{self.name}._kernel"

    @property
    def twin(self) -> str:
        """The kernel's pure-Python twin's module name."""
        return f"fastpuzzle.{self.name}._twin"

    def __repr__(self) -> str:
        return f"Entry({self.name!r})"


#: Every puzzle, by name, in the order the command line lists them.
PUZZLES = {
    entry.name: entry
    for entry in (
        Entry(
            "takuzu",
            "the 01 game (Takuzu, Binairo): fill a grid with balanced, distinct lines",
            aliases=("01",),
            # A line of the clause-learning search is one 64-bit word; a listed line
            # (the candidate search that counts) one 32-bit word, and that search
            # holds at most MAX_CANDIDATES candidate lines (4 bytes each, twice over). A count
            # without listing takes at most COUNT_MIB MiB, and numbers at most COUNT_MAX_LINES
            # distinct lines (16 bits each).
            limits={
                "MAX_N": 64,
                "LIST_MAX_N": 32,
                "MAX_CANDIDATES": 1 << 23,
                "COUNT_MIB": 4096,
                "COUNT_MAX_LINES": (1 << 16) - 1,
            },
            headers=(
                "_common/_fp_clock.h",
                "_learning/_fp_learn.h",
                "_common/_fp_text.h",
                "_common/_fp_popcount.h",
                "takuzu/_fp_count.h",
            ),
            splits=True,
        ),
        Entry(
            "pixel",
            "pixel placement (Fill-a-Pix, Mosaic): colour a grid so every digit counts its black 3x3 block",
            # Any n x m of at most MAX_CELLS cells (SGT's Mosaic: MAX_TILES), so a side
            # is at most MAX_N = MAX_CELLS (a 1 x 10,000 strip). The memoised search keys a
            # state by a window of 2w + 2 cells, w the narrower side, in 128 bits: whole
            # up to w = WINDOW_MAX_N; past it only where the cells that matter fit (see
            # _pixel_cy.Search). A search remembers at most MAX_STATES states.
            limits={"MAX_N": 10_000, "MAX_CELLS": 10_000, "WINDOW_MAX_N": 63, "MAX_STATES": 1 << 20},
            headers=("_common/_fp_clock.h", "_learning/_fp_learn.h", "_common/_fp_text.h"),
        ),
        Entry(
            "sudoku",
            "binary sudoku: the fewest toggles that make every row, column and box even",
            # Rows, columns and boxes of a grid; the largest answer any grid has.
            limits={"SIDE": 9, "MAX_ANSWER": 9},
            headers=("_common/_fp_text.h",),
        ),
        Entry(
            "reversi",
            "reversi endgame count: every game to its end, by winner (B W D)",
            # A board is one 64-bit word per colour; a transposition table has at
            # most 2**MAX_TABLE_BITS entries, and DEFAULT_TABLE_MIB MiB by default.
            limits={"MAX_N": 8, "MAX_TABLE_BITS": 30, "DEFAULT_TABLE_MIB": 64},
            headers=(
                "reversi/_tables.h",
                "reversi/_tail.h",
                "_common/_fp_clock.h",
                "_common/_fp_text.h",
                "_common/_fp_popcount.h",
            ),
            splits=True,
        ),
    )
}

#: Other names accepted wherever a puzzle name is.
ALIASES = {alias: entry.name for entry in PUZZLES.values() for alias in entry.aliases}


def canonical_name(name: str) -> str:
    """The registered name of the puzzle called ``name`` (or one of its aliases).

    Raises ValueError for a name no puzzle has.
    """
    canonical = ALIASES.get(name, name)
    if canonical not in PUZZLES:
        known = ", ".join(sorted([*PUZZLES, *ALIASES]))
        raise ValueError(f"unknown puzzle {name!r}; expected one of: {known}")
    return canonical


def c_macros() -> list[tuple[str, str]]:
    """The ``(name, value)`` C macros every kernel is compiled with."""
    macros = [(f"FP_STATUS_{status.name}", str(int(status))) for status in Status]
    macros.append(("FP_POLL_MS", str(POLL_MS)))
    for entry in PUZZLES.values():
        macros += [(f"FP_{entry.name.upper()}_{name}", str(value)) for name, value in entry.limits.items()]
    return macros
