"""Pixel placement solved as a person solves it: the rules, easiest first, each deduction with its reason.

The grid's black cells and white cells are two bit masks over the cells, bit
``r * m + c`` for (r, c); each clue knows the mask of its clipped 3x3 block.
"""

from __future__ import annotations

from fastpuzzle._common.hints import TRIAL_TIER, Hint, bits, cell_name, listing, popcount

TYPE_CHECKING = False

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Optional

__all__ = ["TIERS", "Deducer"]

#: Every rule's tier: a clue alone, then two clues where one's undecided cells
#: lie inside the other's block, then two overlapping clues, then the trial, and
#: last a search (no rule a person uses decides the cell).
TIERS = {"satisfied": 1, "needs all": 1, "inside": 2, "overlap": 3, "trial": TRIAL_TIER, "search": 5}


#: What :func:`_pair_deduction` gives as the colour when two clues cannot both be met.
_CONTRADICTION = -1


class Clue:
    """A digit, where it stands, and the mask of its block."""

    __slots__ = ("block", "c", "r", "value")

    def __init__(self, r: int, c: int, value: int, block: int) -> None:
        self.r, self.c, self.value, self.block = r, c, value, block

    def __str__(self) -> str:
        return f"the {self.value} at {cell_name(self.r, self.c)}"


class Deducer:
    """A pixel grid being solved by the rules; ``known`` holds cells already decided (``'0'``, ``'1'``, ``'?'``)
    and ``solution`` (the unique one) serves the search tier."""

    tiers = TIERS

    def __init__(
        self,
        rows: Sequence[str],
        known: Optional[Sequence[str]] = None,
        solution: Optional[Sequence[str]] = None,
    ) -> None:
        n, m = len(rows), len(rows[0])
        self.n, self.m = n, m
        self.all = (1 << (n * m)) - 1
        self.black = self.white = 0
        self.solution = solution
        #: A path needing the trial more often than once per row (or column, if more) grades 5.
        self.trial_limit = max(n, m)
        self.clues: list[Clue] = []
        #: The clues whose blocks hold each cell, and for each clue those whose blocks overlap its own.
        self.covering: list[list[int]] = [[] for _ in range(n * m)]
        self.neighbours: list[list[int]] = []
        for r, row in enumerate(rows):
            for c, char in enumerate(row):
                if char != "_":
                    self.add_clue(r, c, int(char))
        for r, row in enumerate(known or ()):
            for c, char in enumerate(row):
                if char != "?":
                    self.set(r, c, int(char))

    def add_clue(self, r: int, c: int, value: int) -> None:
        """Put the clue ``value`` at (r, c)."""
        block = 0
        for row in range(max(r - 1, 0), min(r + 2, self.n)):
            for column in range(max(c - 1, 0), min(c + 2, self.m)):
                block |= 1 << (row * self.m + column)
        index = len(self.clues)
        overlapping = [other for other, clue in enumerate(self.clues) if clue.block & block]
        for other in overlapping:
            self.neighbours[other].append(index)
        self.neighbours.append(overlapping)
        self.clues.append(Clue(r, c, value, block))
        for cell in bits(block):
            self.covering[cell].append(index)

    def set(self, r: int, c: int, value: int) -> None:
        """Colour (r, c): 1 black, 0 white."""
        if value:
            self.black |= 1 << (r * self.m + c)
        else:
            self.white |= 1 << (r * self.m + c)

    def rows(self) -> list[str]:
        """The grid as rows of ``'0'``, ``'1'`` and ``'?'``."""
        return [
            "".join(
                "1" if self.black >> (r * self.m + c) & 1 else "0" if self.white >> (r * self.m + c) & 1 else "?"
                for c in range(self.m)
            )
            for r in range(self.n)
        ]

    def complete(self) -> bool:
        """Whether every cell is coloured."""
        return self.black | self.white == self.all

    def apply(self, hint: Hint) -> None:
        """Colour the hint's cells."""
        for r, c, value in hint.cells:
            self.set(r, c, value)

    def next_hint(self, max_tier: int = 5) -> Optional[Hint]:
        """The next deduction from the easiest rule that has one (up to ``max_tier``), or None."""
        for tier, finder in ((1, self._single), (2, self._inside), (3, self._overlap), (TRIAL_TIER, self._trial)):
            if tier > max_tier:
                return None
            hint = finder()
            if hint is not None:
                return hint
        return self._search() if max_tier >= TIERS["search"] else None

    def _cells(self, mask: int) -> list[tuple[int, int]]:
        return [divmod(cell, self.m) for cell in bits(mask)]

    def _hint(self, mask: int, value: int, rule: str, because: list[tuple[int, int]], explanation: str) -> Hint:
        cells = tuple((r, c, value) for r, c in self._cells(mask))
        return Hint(cells, rule, tuple(because), explanation[0].upper() + explanation[1:])

    # -- the rules, each the first place it applies, clues in reading order

    def _single(self) -> Optional[Hint]:
        black, white = self.black, self.white
        for clue in self.clues:
            unknown = clue.block & ~(black | white)
            if not unknown:
                continue
            blacks = popcount(black & clue.block)
            if blacks == clue.value:
                return self._hint(
                    unknown,
                    0,
                    "satisfied",
                    _unique_cells([(clue.r, clue.c), *self._cells(black & clue.block)]),
                    f"{clue} already has {_black_cells(clue.value)}, "
                    f"so {self._named(unknown)} {_is_are(unknown)} white",
                )
            if blacks + popcount(unknown) == clue.value:
                return self._hint(
                    unknown,
                    1,
                    "needs all",
                    _unique_cells([(clue.r, clue.c), *self._cells(white & clue.block)]),
                    f"{clue} needs {clue.value - blacks} more black cell{'s' * (clue.value - blacks != 1)}, "
                    f"as many as it has undecided, so {self._named(unknown)} {_is_are(unknown)} black",
                )
        return None

    def _inside(self) -> Optional[Hint]:
        return self._pairs(inside=True)

    def _overlap(self) -> Optional[Hint]:
        return self._pairs(inside=False)

    def _pairs(self, inside: bool) -> Optional[Hint]:
        """The first deduction from two clues whose blocks overlap; ``inside``: only where one's
        undecided cells all lie in the other's block."""
        decided = self.black | self.white
        for index, first in enumerate(self.clues):
            first_unknown = first.block & ~decided
            if not first_unknown:
                continue
            for other in self.neighbours[index]:
                second = self.clues[other]
                second_unknown = second.block & ~decided
                if not second_unknown:
                    continue
                if inside != (not first_unknown & ~second.block or not second_unknown & ~first.block):
                    continue
                found = _pair_deduction(self.black, first, second, first_unknown, second_unknown)
                if found is not None:
                    mask, value, text = found
                    return self._hint(
                        mask,
                        value,
                        "inside" if inside else "overlap",
                        [(first.r, first.c), (second.r, second.c)],
                        text.format(first=first, second=second, cells=self._named(mask), verb=_is_are(mask)),
                    )
        return None

    def _trial(self) -> Optional[Hint]:
        for cell in self._trial_order():
            for value in (0, 1):
                broken = self._refuted(cell, value)
                if broken is not None:
                    clue = self.clues[broken]
                    r, c = divmod(cell, self.m)
                    colour, other = ("black", "white") if value else ("white", "black")
                    return Hint(
                        ((r, c, 1 - value),),
                        "trial",
                        ((clue.r, clue.c),),
                        f"If {cell_name(r, c)} were {colour}, {clue} could no longer be met, so it is {other}",
                    )
        return None

    def _trial_order(self) -> list[int]:
        """The undecided cells, those next to the tightest clue first (where a trial most likely
        breaks one, and a person would look first), then in reading order."""
        decided = self.black | self.white
        slack: dict[int, int] = {}
        for clue in self.clues:
            unknown = clue.block & ~decided
            if unknown:
                need = clue.value - popcount(self.black & clue.block)
                tightness = min(need, popcount(unknown) - need)
                for cell in bits(unknown):
                    slack[cell] = min(slack.get(cell, tightness), tightness)
        undecided = self.all & ~decided
        return sorted(bits(undecided), key=lambda cell: (slack.get(cell, self.n * self.m), cell))

    def _search(self) -> Optional[Hint]:
        if self.solution is None:
            return None
        undecided = self.all & ~(self.black | self.white)
        if not undecided:
            return None
        r, c = divmod(next(bits(undecided)), self.m)
        value = int(self.solution[r][c])
        colour, other = ("black", "white") if value else ("white", "black")
        return Hint(
            ((r, c, value),),
            "search",
            (),
            f"No rule a person uses decides the next cell; if {cell_name(r, c)} were {other}, "
            f"the grid would have no solution (a search shows it), so it is {colour}",
        )

    def _named(self, mask: int) -> str:
        cells = self._cells(mask)
        if len(cells) == 1:
            return cell_name(*cells[0])
        rows = {r for r, _ in cells}
        if len(rows) == 1:
            return f"row {cells[0][0] + 1}, columns {listing([c + 1 for _, c in cells])}"
        return "cells " + listing([f"({r + 1}, {c + 1})" for r, c in cells])

    # -- the trial: colour a cell, follow the easier rules, look for a clue that cannot be met

    def _refuted(self, cell: int, value: int) -> Optional[int]:
        """The clue that can no longer be met when ``cell`` is ``value`` and tiers 1-3 are followed; None if none."""
        black, white = self.black, self.white
        if value:
            black |= 1 << cell
        else:
            white |= 1 << cell
        clues = self.clues
        pending = list(self.covering[cell])
        queued = set(pending)
        while pending:
            index = pending.pop()
            queued.discard(index)
            clue = clues[index]
            unknown = clue.block & ~(black | white)
            blacks = popcount(black & clue.block)
            if blacks > clue.value or blacks + popcount(unknown) < clue.value:
                return index
            if not unknown:
                continue
            forced_black = forced_white = 0
            if blacks == clue.value:
                forced_white = unknown
            elif blacks + popcount(unknown) == clue.value:
                forced_black = unknown
            else:
                for other in self.neighbours[index]:
                    second = clues[other]
                    second_unknown = second.block & ~(black | white)
                    if second_unknown:
                        found = _pair_deduction(black, clue, second, unknown, second_unknown)
                        if found is not None:
                            mask, colour, _ = found
                            if colour == _CONTRADICTION:
                                return index
                            if colour:
                                forced_black |= mask
                            else:
                                forced_white |= mask
                if forced_black & forced_white:
                    return index
            black |= forced_black
            white |= forced_white
            for changed in bits(forced_black | forced_white):
                for touched in self.covering[changed]:
                    if touched not in queued:
                        queued.add(touched)
                        pending.append(touched)
        return None


def _pair_deduction(
    black: int, first: Clue, second: Clue, first_unknown: int, second_unknown: int
) -> Optional[tuple[int, int, str]]:
    """What two overlapping clues decide together: the cells, their colour (1 black,
    ``_CONTRADICTION`` when the two cannot both be met) and why, as a sentence with
    ``{first}``, ``{second}``, ``{cells}`` and ``{verb}`` left to fill; None when they decide nothing.

    The undecided cells they share hold some number of black cells, at least
    ``low`` and at most ``high``; each clue's own undecided cells hold the rest of
    what it needs.
    """
    shared = first_unknown & second_unknown
    if not shared:
        return None
    first_need = first.value - popcount(black & first.block)
    second_need = second.value - popcount(black & second.block)
    first_only, second_only = first_unknown & ~shared, second_unknown & ~shared
    first_only_count, second_only_count = popcount(first_only), popcount(second_only)
    shared_count = popcount(shared)
    low = max(0, first_need - first_only_count, second_need - second_only_count)
    high = min(shared_count, first_need, second_need)
    if low > high:
        return shared, _CONTRADICTION, ""
    opening = "the cells {first} and {second} share hold"
    if first_only and first_need - high == first_only_count:
        return first_only, 1, f"{opening} at most {high} black, so {{cells}} {{verb}} black, for {{first}}"
    if first_only and first_need == low:
        return first_only, 0, f"{opening} at least {low} black, all that {{first}} needs, so {{cells}} {{verb}} white"
    if second_only and second_need - high == second_only_count:
        return second_only, 1, f"{opening} at most {high} black, so {{cells}} {{verb}} black, for {{second}}"
    if second_only and second_need == low:
        return second_only, 0, f"{opening} at least {low} black, all that {{second}} needs, so {{cells}} {{verb}} white"
    if low == shared_count:
        return shared, 1, f"{opening} at least {low} black, so {{cells}} {{verb}} black"
    if high == 0:
        return shared, 0, f"{opening} no black cell, so {{cells}} {{verb}} white"
    return None


def _is_are(mask: int) -> str:
    return "is" if popcount(mask) == 1 else "are"


def _black_cells(count: int) -> str:
    return "no black cell" if count == 0 else f"its {count} black cell{'s' * (count != 1)}"


def _unique_cells(cells: list[tuple[int, int]]) -> list[tuple[int, int]]:
    return list(dict.fromkeys(cells))
