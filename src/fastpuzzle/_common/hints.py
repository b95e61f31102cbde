"""What the hints of every grid puzzle share: the :class:`Hint`, the deduction path and the grade.

A puzzle's deducer knows its rules; each rule has a tier, 1 for the easiest.
The path asks the deducer, again and again, for a hint from the easiest tier
that has one, applies it and goes on until the grid is complete. The grade is
read off the path: the hardest tier it needed, and how often.
"""

from __future__ import annotations

from typing import Callable, NamedTuple, TypeVar

TYPE_CHECKING = False

if TYPE_CHECKING:
    from collections.abc import Iterator, Mapping, Sequence
    from typing import Any, Optional, Protocol

    class Deducer(Protocol):
        """A grid being solved by the rules a person uses.

        ``tiers`` gives each rule's tier; a path that needs the trial more than
        ``trial_limit`` times is graded 5.
        """

        @property
        def tiers(self) -> Mapping[str, int]:
            """Each rule's tier."""

        @property
        def trial_limit(self) -> int:
            """The most trials a path of grade 4 needs."""

        def complete(self) -> bool:
            """Whether every cell is known."""

        def next_hint(self, max_tier: int) -> Optional[Hint]:
            """The next deduction from the easiest tier (up to ``max_tier``) that has one, or None."""

        def apply(self, hint: Hint) -> None:
            """Write the hint's cells into the grid."""


__all__ = [
    "GRADES",
    "TRIAL_TIER",
    "Hint",
    "NoGivenLeft",
    "checked_difficulty",
    "grade",
    "graded",
    "hint_line",
    "path",
    "shape",
]

P = TypeVar("P")

#: The grades, from the easiest.
GRADES = range(1, 6)
#: The tier of the trial ("if this cell were 0, ... would break"), the same in every puzzle.
TRIAL_TIER = 4


class NoGivenLeft(Exception):
    """A generator's puzzle has every given it could add, and the rules still decide nothing."""


class Hint(NamedTuple):
    """One deduction: the cells it fixes, the rule, the cells that force it, and why in one sentence.

    ``cells`` holds ``(row, column, value)`` triples and ``because`` ``(row, column)``
    pairs, all 0-based; the sentence counts rows and columns from 1, as a person does.
    """

    cells: tuple[tuple[int, int, int], ...]
    rule: str
    because: tuple[tuple[int, int], ...]
    explanation: str


def path(deducer: Deducer, max_tier: int = max(GRADES)) -> Iterator[Hint]:
    """The hints that solve ``deducer``'s grid, easiest rule first, each applied before the next is sought;
    with ``max_tier``, only as far as the rules up to that tier go."""
    while not deducer.complete():
        hint = deducer.next_hint(max_tier)
        if hint is None:
            return
        deducer.apply(hint)
        yield hint


def grade(deducer: Deducer) -> int:
    """The grade of ``deducer``'s grid: the tier of the hardest rule its path needs, or 5 when
    it needs the trial more than ``trial_limit`` times (a grid needing no rule at all is 1)."""
    hardest = 1
    trials = 0
    for hint in path(deducer):
        tier = deducer.tiers[hint.rule]
        hardest = max(hardest, tier)
        trials += tier == TRIAL_TIER
    return max(GRADES) if trials > deducer.trial_limit else hardest


def shape(deducer: Deducer, difficulty: int, add_given: Callable[[], None]) -> None:
    """Follow ``deducer``'s path with the rules a grade of ``difficulty`` allows (the trial at most
    ``trial_limit`` times for grade 4); wherever they decide nothing, ``add_given`` adds a given."""
    trials = 0
    while not deducer.complete():
        top = difficulty
        if difficulty == TRIAL_TIER and trials >= deducer.trial_limit:
            top = TRIAL_TIER - 1
        hint = deducer.next_hint(top)
        if hint is None:
            add_given()
            continue
        trials += deducer.tiers[hint.rule] == TRIAL_TIER
        deducer.apply(hint)


def graded(
    difficulty: int,
    attempts: int,
    draw: Callable[[], tuple[Deducer, Callable[[], None], Callable[[], P]]],
    grade_of: Callable[[P], int],
) -> Optional[P]:
    """A puzzle of exactly grade ``difficulty``, or None after ``attempts`` tries.

    ``draw`` gives a unique puzzle's deducer, a function that adds one of its
    solution's givens (to the puzzle and the deducer) and one that builds the
    puzzle; a puzzle above the grade is shaped down to it by :func:`shape`.
    Either raises NoGivenLeft when its puzzle cannot reach the grade.
    """
    for _ in range(attempts):
        try:
            deducer, add_given, build = draw()
            if difficulty < max(GRADES):
                shape(deducer, difficulty, add_given)
        except NoGivenLeft:
            continue
        puzzle = build()
        if grade_of(puzzle) == difficulty:
            return puzzle
    return None


def checked_difficulty(difficulty: Any) -> int:
    """``difficulty`` as a grade: a TypeError for what is no int, an ArgumentError outside 1-5."""
    import operator

    from fastpuzzle.errors import ArgumentError

    from .grid import is_integer
    from .text import shown

    if not is_integer(difficulty):
        raise TypeError(f"difficulty must be an integer, got {type(difficulty).__name__}")
    value = operator.index(difficulty)
    if value not in GRADES:
        raise ArgumentError(f"difficulty must be a grade from {min(GRADES)} to {max(GRADES)}, got {shown(value)}")
    return value


def hint_line(hint: Hint) -> str:
    """The hint as the command line prints it: the rule, then the sentence."""
    return f"{hint.rule}: {hint.explanation}"


def cell_name(row: int, column: int) -> str:
    """A cell as a person names it, counting from 1."""
    return f"row {row + 1}, column {column + 1}"


def listing(items: Sequence[object]) -> str:
    """``[1, 2, 5]`` as ``'1, 2 and 5'``."""
    words = [str(item) for item in items]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _count_ones(value: int) -> int:
    return bin(value).count("1")


#: The set bits of a non-negative int (``int.bit_count`` arrived in Python 3.10).
popcount: Callable[[int], int] = getattr(int, "bit_count", _count_ones)


def bits(value: int) -> Iterator[int]:
    """The positions of the set bits of ``value``, lowest first."""
    while value:
        low = value & -value
        yield low.bit_length() - 1
        value ^= low
