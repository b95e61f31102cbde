"""The 01 game solved as a person solves it: the rules, easiest first, each deduction with its reason.

A line (row or column) is two bit masks, its 1s and its 0s, bit ``p`` for
position ``p``; lines ``0 .. height-1`` are the rows, the rest the columns.
"""

from __future__ import annotations

from fastpuzzle._common.hints import TRIAL_TIER, Hint, bits, cell_name, listing, popcount

TYPE_CHECKING = False

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Optional

__all__ = ["TIERS", "Deducer"]

#: Every rule's tier: pairs and sandwiches, then a line's balance, then distinct
#: lines, then the trial, and last a search (no rule a person uses decides the cell).
TIERS = {"pair": 1, "sandwich": 1, "balance": 2, "distinct": 3, "trial": TRIAL_TIER, "search": 5}


class Deducer:
    """A 01-game grid being solved by the rules; ``solution`` (the unique one) serves the search tier."""

    tiers = TIERS

    def __init__(self, rows: Sequence[str], solution: Optional[Sequence[str]] = None, unique_rows: bool = True) -> None:
        self.height, self.width = len(rows), len(rows[0])
        self.unique_rows = unique_rows
        #: Each line's cells, as a mask.
        self.full = [(1 << self.width) - 1] * self.height + [(1 << self.height) - 1] * self.width
        self.ones = [0] * len(self.full)
        self.zeros = [0] * len(self.full)
        self.solution = solution
        #: A path needing the trial more often than once per row grades 5.
        self.trial_limit = self.height
        for r, row in enumerate(rows):
            for c, char in enumerate(row):
                if char != "_":
                    self.set(r, c, int(char))

    def set(self, r: int, c: int, value: int) -> None:
        """Write ``value`` at (r, c), in its row and its column."""
        masks = self.ones if value else self.zeros
        masks[r] |= 1 << c
        masks[self.height + c] |= 1 << r

    def value(self, r: int, c: int) -> Optional[int]:
        """The digit at (r, c), or None when it is not known."""
        if self.ones[r] >> c & 1:
            return 1
        return 0 if self.zeros[r] >> c & 1 else None

    def rows(self) -> list[str]:
        """The grid as rows of ``'0'``, ``'1'`` and ``'_'``."""
        return [
            "".join("_" if (v := self.value(r, c)) is None else str(v) for c in range(self.width))
            for r in range(self.height)
        ]

    def complete(self) -> bool:
        """Whether every cell is known."""
        return all(self.ones[r] | self.zeros[r] == self.full[r] for r in range(self.height))

    def apply(self, hint: Hint) -> None:
        """Write the hint's cells."""
        for r, c, value in hint.cells:
            self.set(r, c, value)

    def next_hint(self, max_tier: int = 5) -> Optional[Hint]:
        """The next deduction from the easiest rule that has one (up to ``max_tier``), or None."""
        for rule, tier in TIERS.items():
            if tier > max_tier:
                break
            hint: Optional[Hint] = getattr(self, "_" + rule)()
            if hint is not None:
                return hint
        return None

    # -- where a line's cells are ------------------------------------------

    def _cell(self, line: int, position: int) -> tuple[int, int]:
        return (line, position) if line < self.height else (position, line - self.height)

    def _line_name(self, line: int) -> str:
        return f"row {line + 1}" if line < self.height else f"column {line - self.height + 1}"

    def _across(self, line: int) -> str:
        return "column" if line < self.height else "row"

    def _cells(self, line: int, mask: int) -> tuple[tuple[int, int], ...]:
        return tuple(self._cell(line, p) for p in bits(mask))

    def _free(self, line: int) -> int:
        return self.full[line] & ~(self.ones[line] | self.zeros[line])

    # -- the rules, each the first place it applies, lines in order --------

    def _pair(self) -> Optional[Hint]:
        for line in range(len(self.full)):
            free = self._free(line)
            for digit, mask in ((1, self.ones[line]), (0, self.zeros[line])):
                after = (mask << 1) & (mask << 2) & free
                before = (mask >> 1) & (mask >> 2) & free
                if after | before:
                    p = next(bits(after | before))
                    pair = (p - 2, p - 1) if after >> p & 1 else (p + 1, p + 2)
                    return self._hint(
                        line,
                        [(p, 1 - digit)],
                        "pair",
                        pair,
                        f"{self._across(line)}s {pair[0] + 1} and {pair[1] + 1} of {self._line_name(line)} "
                        f"are both {digit}, so {self._across(line)} {p + 1} is {1 - digit}: "
                        f"three {digit}s may not touch",
                    )
        return None

    def _sandwich(self) -> Optional[Hint]:
        for line in range(len(self.full)):
            free = self._free(line)
            for digit, mask in ((1, self.ones[line]), (0, self.zeros[line])):
                between = (mask << 1) & (mask >> 1) & free
                if between:
                    p = next(bits(between))
                    return self._hint(
                        line,
                        [(p, 1 - digit)],
                        "sandwich",
                        (p - 1, p + 1),
                        f"{self._across(line)} {p + 1} of {self._line_name(line)} lies between two {digit}s, "
                        f"so it is {1 - digit}: three {digit}s may not touch",
                    )
        return None

    def _balance(self) -> Optional[Hint]:
        for line in range(len(self.full)):
            half = self.full[line].bit_length() // 2
            free = self._free(line)
            for digit, mask in ((1, self.ones[line]), (0, self.zeros[line])):
                if free and popcount(mask) == half:
                    others = list(bits(free))
                    return self._hint(
                        line,
                        [(p, 1 - digit) for p in others],
                        "balance",
                        tuple(bits(mask)),
                        f"{self._line_name(line)} already has its {half} {digit}s, so "
                        f"{self._across(line)}{'s' if len(others) > 1 else ''} "
                        f"{listing([p + 1 for p in others])} {'are' if len(others) > 1 else 'is'} {1 - digit}",
                    )
        return None

    def _distinct(self) -> Optional[Hint]:
        if not self.unique_rows:
            return None
        for line in range(len(self.full)):
            free = self._free(line)
            ones = self.ones[line]
            n = self.full[line].bit_length()
            if popcount(free) != 2 or popcount(ones) != n // 2 - 1:
                continue
            other = _copied(self.ones, self.zeros, line, self.height, self.full)
            if other is not None:
                other_ones = self.ones[other]
                a, b = bits(free)
                cells = [(a, 1 - (other_ones >> a & 1)), (b, 1 - (other_ones >> b & 1))]
                return self._hint(
                    line,
                    cells,
                    "distinct",
                    tuple(range(n)),
                    f"{self._line_name(line)} may not repeat {self._line_name(other)}, its only other way "
                    f"to be finished, so {self._across(line)}s {a + 1} and {b + 1} are "
                    f"{cells[0][1]} and {cells[1][1]}",
                    because_line=other,
                )
        return None

    def _trial(self) -> Optional[Hint]:
        for r in range(self.height):
            for c in bits(self._free(r)):
                for value in (0, 1):
                    broken = self._refuted(r, c, value)
                    if broken is not None:
                        line, why = broken
                        because = tuple(
                            cell for cell in self._cells(line, self.ones[line] | self.zeros[line]) if cell != (r, c)
                        )
                        return Hint(
                            ((r, c, 1 - value),),
                            "trial",
                            because,
                            f"If {cell_name(r, c)} were {value}, {self._line_name(line)} would break "
                            f"({why}), so it is {1 - value}",
                        )
        return None

    def _search(self) -> Optional[Hint]:
        if self.solution is None:
            return None
        for r in range(self.height):
            for c in bits(self._free(r)):
                value = int(self.solution[r][c])
                return Hint(
                    ((r, c, value),),
                    "search",
                    (),
                    f"No rule a person uses decides the next cell; if {cell_name(r, c)} were {1 - value}, "
                    f"the grid would have no solution (a search shows it), so it is {value}",
                )
        return None

    def _hint(
        self,
        line: int,
        positions: list[tuple[int, int]],
        rule: str,
        because: Sequence[int],
        explanation: str,
        because_line: Optional[int] = None,
    ) -> Hint:
        cells = tuple((*self._cell(line, p), value) for p, value in positions)
        where = line if because_line is None else because_line
        return Hint(cells, rule, tuple(self._cell(where, p) for p in because), explanation[0].upper() + explanation[1:])

    # -- the trial: set a cell, follow the easier rules, look for a broken line

    def _refuted(self, r: int, c: int, value: int) -> Optional[tuple[int, str]]:
        """The line that breaks, and how, when (r, c) is ``value`` and tiers 1-3 are followed; None if none does."""
        height, full = self.height, self.full
        ones, zeros = self.ones[:], self.zeros[:]
        (ones if value else zeros)[r] |= 1 << c
        (ones if value else zeros)[height + c] |= 1 << r
        pending = [r, height + c]
        queued = set(pending)
        while pending:
            line = pending.pop()
            queued.discard(line)
            line_ones, line_zeros = ones[line], zeros[line]
            half = full[line].bit_length() // 2
            forced = [0, 0]
            for digit, mask in ((1, line_ones), (0, line_zeros)):
                if mask & (mask >> 1) & (mask >> 2):
                    return line, f"three {digit}s in a row"
                count = popcount(mask)
                if count > half:
                    return line, f"{count} {digit}s, more than {half}"
            free = full[line] & ~(line_ones | line_zeros)
            if not free:
                duplicate = _copied(ones, zeros, line, height, full) if self.unique_rows else None
                if duplicate is not None:
                    return line, f"the same as {self._line_name(duplicate)}"
                continue
            for digit, mask in ((1, line_ones), (0, line_zeros)):
                near = ((mask << 1) & (mask << 2)) | ((mask >> 1) & (mask >> 2)) | ((mask << 1) & (mask >> 1))
                if popcount(mask) == half:
                    near |= free
                forced[1 - digit] |= near & free
            if self.unique_rows and popcount(free) == 2 and popcount(line_ones) == half - 1:
                other = _copied(ones, zeros, line, height, full)
                if other is not None:  # the two free cells take the digits the other line does not
                    forced[0] |= ones[other] & free
                    forced[1] |= zeros[other] & free
            if forced[0] & forced[1]:
                p = next(bits(forced[0] & forced[1]))
                return line, f"{self._across(line)} {p + 1} would have to be both 0 and 1"
            for digit in (0, 1):
                masks = ones if digit else zeros
                masks[line] |= forced[digit]
                for p in bits(forced[digit]):
                    cross = height + p if line < height else p
                    masks[cross] |= 1 << (line if line < height else line - height)
                    if cross not in queued:
                        queued.add(cross)
                        pending.append(cross)
            if (forced[0] | forced[1]) and line not in queued:
                queued.add(line)
                pending.append(line)
        return None


def _copied(ones: list[int], zeros: list[int], line: int, height: int, full: list[int]) -> Optional[int]:
    """A complete line of ``line``'s kind (rows, or columns), not ``line`` itself, that has the digit
    of every known cell of ``line``: the line ``line`` would repeat (already does, when complete); None if none.
    Lines ``0 .. height-1`` are the rows; ``full`` holds each line's cells."""
    known = ones[line] | zeros[line]
    kind = range(height) if line < height else range(height, len(full))
    for other in kind:
        if other != line and ones[other] | zeros[other] == full[other] and ones[other] & known == ones[line]:
            return other
    return None
