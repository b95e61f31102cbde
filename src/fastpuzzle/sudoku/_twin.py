"""Pure-Python twin of the binary-sudoku kernel: the same DP and signature answers, plainly.

A grid is 9 row masks: bit ``8 - c`` of mask ``r`` is the cell in row ``r``,
column ``c`` (0-based), so ``int("001000100", 2)`` is that row's mask.

The row DP's state is the column parities of the toggles chosen so far (9 bits)
plus the parities of the current band's three boxes (3 bits, from bit 9 on).
Each row's 512 toggle patterns are taken a stack at a time (8 x 8 x 8): the same
states at the same costs, in a 64th of the steps. Every layer is kept so that a
second pass can walk back from the goal and read off one optimal set of toggles.

The signature answers: the toggles inside band ``k`` make its column-parity
pattern ``q_k``; stack ``j`` of ``q_k`` must have the parity of box ``(k, j)``, the
three patterns must XOR to the column parities, and a band with ``R`` odd rows
needs ``max(|q_k|, R)`` toggles (that many suffice). So the answer depends only
on each stack's class (its 3 column parities and its boxes' parities) and on
whether each band has 2 or more odd rows: an 18-bit key.
"""

from __future__ import annotations

from typing import Any, Optional

from fastpuzzle._contract.registry import PUZZLES

SIDE = PUZZLES["sudoku"].limits["SIDE"]
MAX_ANSWER = PUZZLES["sudoku"].limits["MAX_ANSWER"]
ROW_MASKS = 512
STATES = 4096
BOX_SHIFT = 9
INF = 128
KEYS = 1 << 18
SUM_STATES = 27


def _popcount(x: int) -> int:
    return bin(x).count("1")


def _parity(x: int) -> int:
    return _popcount(x) & 1


def _stack_bits(mask: int, stack: int) -> int:
    """The 3 bits of stack 0, 1 or 2 (columns 3*stack .. 3*stack + 2) of a row mask."""
    return (mask >> (6 - 3 * stack)) & 7


def _masks(grid: tuple[int, ...]) -> list[int]:
    """A grid's 9 row masks (the facade checked them) as a list."""
    assert type(grid) is tuple and len(grid) == SIDE
    assert all(type(mask) is int and 0 <= mask < ROW_MASKS for mask in grid)
    return list(grid)


# -- the row DP ---------------------------------------------------------------


def _row_dp(masks: list[int]) -> tuple[int, list[int]]:
    """The minimum number of toggles, and one optimal set of them as row masks."""
    row_odd = [_parity(m) for m in masks]
    columns = 0
    for m in masks:
        columns ^= m
    boxes = []
    for k in range(3):
        band_xor = masks[3 * k] ^ masks[3 * k + 1] ^ masks[3 * k + 2]
        boxes.append(sum(_parity(_stack_bits(band_xor, j)) << j for j in range(3)))
    effect = [[(v << (6 - 3 * j)) | (_parity(v) << (BOX_SHIFT + j)) for v in range(8)] for j in range(3)]
    cost_of = [_popcount(v) for v in range(8)]

    start = [INF] * STATES
    start[0] = 0
    layers = [start]
    for k in range(3):
        if k > 0:
            # A new band: keep the states whose boxes match band k - 1, boxes cleared.
            src = layers[-1]
            shift = boxes[k - 1] << BOX_SHIFT
            layers.append([src[s | shift] for s in range(ROW_MASKS)] + [INF] * (STATES - ROW_MASKS))
        prefix = 0
        for i in range(3 * k, 3 * k + 3):
            prefix ^= row_odd[i]
            for j in range(3):
                src = layers[-1]
                dst = [INF] * STATES
                pairs = list(zip(effect[j], cost_of))
                for s, here in enumerate(src):
                    if here >= INF:
                        continue
                    for change, cost in pairs:
                        t = s ^ change
                        if here + cost < dst[t]:
                            dst[t] = here + cost
                layers.append(dst)
            # The row's toggles must have the row's parity: it shows in the boxes' parity.
            last = i == 3 * k + 2
            for s in range(STATES):
                box = s >> BOX_SHIFT
                if _parity(box) != prefix or (last and box != boxes[k]):
                    dst[s] = INF

    layer = len(layers) - 1
    t = columns | (boxes[2] << BOX_SHIFT)
    best = layers[layer][t]
    if best >= INF:
        raise AssertionError("the row DP found no toggle set")  # impossible: every grid has one
    toggles = [0] * SIDE
    # Second pass: walk back through the layers, choosing any predecessor that fits.
    for k in range(2, -1, -1):
        for i in range(3 * k + 2, 3 * k - 1, -1):
            for j in range(2, -1, -1):
                dst, src = layers[layer], layers[layer - 1]
                for v in range(8):
                    s = t ^ effect[j][v]
                    if src[s] < INF and src[s] + cost_of[v] == dst[t]:
                        break
                toggles[i] |= v << (6 - 3 * j)
                t = s
                layer -= 1
        if k > 0:
            t |= boxes[k - 1] << BOX_SHIFT
            layer -= 1
    return best, toggles


def solve(grid: tuple[int, ...]) -> tuple[int, list[int]]:
    """The minimum number of toggles and one optimal set of them, as 9 row masks.

    grid is 9 row masks (ints from 0 to 511, bit 8 - c for column c).
    """
    best, toggles = _row_dp(_masks(grid))
    assert 0 <= best <= MAX_ANSWER  # every grid has a toggle set
    return best, toggles


# -- answers from the parity signature -----------------------------------------


def _table_key(masks: list[int]) -> int:
    """The answer-table key of a grid."""
    key = 0
    columns = 0
    for k in range(3):
        band_xor = masks[3 * k] ^ masks[3 * k + 1] ^ masks[3 * k + 2]
        columns ^= band_xor
        odd = _parity(masks[3 * k]) + _parity(masks[3 * k + 1]) + _parity(masks[3 * k + 2])
        if odd >= 2:
            key |= 1 << (15 + k)
        if k < 2:
            for j in range(3):
                key |= _parity(_stack_bits(band_xor, j)) << (5 * j + 3 + k)
    for j in range(3):
        key |= _stack_bits(columns, j) << (5 * j)
    return key


def _stack_step(before: list[int], stack_class: int) -> list[int]:
    """Add one stack of a class to partial sums: after[state] = cheapest total toggles."""
    columns, box0, box1 = stack_class & 7, (stack_class >> 3) & 1, (stack_class >> 4) & 1
    after = [INF] * SUM_STATES
    for q0 in range(8):
        if _parity(q0) != box0:
            continue
        n0 = _popcount(q0)
        for q1 in range(8):
            if _parity(q1) != box1:
                continue
            n1 = _popcount(q1)
            n2 = _popcount(columns ^ q0 ^ q1)
            for s in range(SUM_STATES):
                if before[s] >= INF:
                    continue
                a0, a1, a2 = s % 3 + n0, (s // 3) % 3 + n1, s // 9 + n2
                t = min(a0, 2) + 3 * min(a1, 2) + 9 * min(a2, 2)
                after[t] = min(after[t], before[s] + n0 + n1 + n2)
    return after


def _finish(sums: list[int], key: int) -> int:
    """The answer from the partial sums of all 3 stacks and the key's odd-row bits."""
    odd_rows = []
    for k in range(3):
        # Band k's box parities sum to its rows' parities; band 2's follow from the others.
        box_parity = 0
        for s in range(3):
            if k < 2:
                box_parity ^= (key >> (5 * s + 3 + k)) & 1
            else:
                box_parity ^= _parity((key >> (5 * s)) & 7) ^ ((key >> (5 * s + 3)) & 1) ^ ((key >> (5 * s + 4)) & 1)
        odd_rows.append(box_parity + 2 * ((key >> (15 + k)) & 1))
    best = INF
    for s in range(SUM_STATES):
        if sums[s] >= INF:
            continue
        total = sums[s]
        for k in range(3):
            a = (s // (1, 3, 9)[k]) % 3
            if a < 2 and odd_rows[k] > a:
                total += odd_rows[k] - a
        best = min(best, total)
    return best


def _answer(key: int) -> int:
    """The answer for one table key, from scratch."""
    sums = [0] + [INF] * (SUM_STATES - 1)
    for stack in range(3):
        sums = _stack_step(sums, (key >> (5 * stack)) & 31)
    return _finish(sums, key)


def min_toggles(grid: tuple[int, ...]) -> int:
    """The minimum number of toggles for one grid of 9 row masks."""
    return _answer(_table_key(_masks(grid)))


def key_of(grid: tuple[int, ...]) -> int:
    """The answer-table key of a grid of 9 row masks."""
    return _table_key(_masks(grid))


def _plain_masks(grid: Any) -> Optional[list[int]]:
    """The row masks of a grid in the plain form (a list or tuple of 9 rows, each a str of 9 '0'/'1' or an
    int from 0 to 511, exact types), or None."""
    if type(grid) not in (list, tuple):
        return None
    rows = tuple(grid)  # one read, as the kernel's under the GIL: another thread may change a list meanwhile
    if len(rows) != SIDE:
        return None
    masks = []
    for row in rows:
        if type(row) is str and len(row) == SIDE and not row.strip("01"):
            masks.append(int(row, 2))
        elif type(row) is int and 0 <= row < ROW_MASKS:
            masks.append(row)
        else:
            return None
    return masks


def _plain_text_masks(text: Any) -> Optional[list[int]]:
    """The row masks of a plainly written contest text (9 lines of 9 '0'/'1' ending in '\\n', then only
    '\\n's; an exact str), or None."""
    if type(text) is not str or len(text) < 89 or text[89:].strip("\n"):
        return None
    rows = text[:89].split("\n")
    return _plain_masks(rows) if all(len(row) == SIDE for row in rows) else None


def plain_min_toggles(grid: Any) -> int:
    """The minimum number of toggles of a grid in the plain form, or -1 if grid has another form."""
    masks = _plain_masks(grid)
    return -1 if masks is None else _answer(_table_key(masks))


class Table:
    """The answer for every parity signature, for counting many grids fast.

    The twin fills its entries on first use instead of all at once; an entry
    never changes once set, so one Table may serve any number of threads.
    """

    def __init__(self) -> None:
        self._answers: dict[int, int] = {}

    def __getitem__(self, key: int) -> int:
        """The answer for a table key (0 <= key < 2**18)."""
        if not 0 <= key < KEYS:
            raise IndexError(f"table key {key} out of range 0..{KEYS - 1}")
        found = self._answers.get(key)
        if found is None:
            found = self._answers[key] = _answer(key)
        return found

    def count_masks(self, masks: Any, out: Any) -> None:
        """Count grids given as 9 row masks each into out (out[g] for grid g)."""
        values = list(masks)
        assert len(values) == len(out) * SIDE
        for g in range(len(out)):
            out[g] = self[_table_key(_masks(tuple(values[g * SIDE : (g + 1) * SIDE])))]

    def count_plain(self, grids: list[Any], start: int, stop: int, out: Any) -> int:
        """Count grids[start:stop] into out[start:stop] while each is in the plain form; the index of the
        first one that is not (or that the list no longer holds), or stop."""
        assert 0 <= start <= stop <= len(out)
        taken = grids[start:stop]  # one read: another thread may shorten the list meanwhile
        for g, grid in enumerate(taken, start):
            masks = _plain_masks(grid)
            if masks is None:
                return g
            out[g] = self[_table_key(masks)]
        return start + len(taken)

    def printed_texts(self, texts: list[Any], printed: tuple[str, ...]) -> list[Any]:
        """For each item of texts: printed[its answer] if it is a plainly written contest text (9 lines of 9
        '0'/'1' ending in '\\n', then only '\\n's), else None; printed holds an output for every answer."""
        if len(printed) <= MAX_ANSWER:
            raise ValueError(f"expected an output for each answer up to {MAX_ANSWER}")
        out: list[Any] = []
        for text in list(texts):
            masks = _plain_text_masks(text)
            out.append(None if masks is None else printed[self[_table_key(masks)]])
        return out

    def count_cells(self, cells: Any, out: Any) -> None:
        """Count grids given as 81 bytes each (row by row, values 0 and 1) into out."""
        data = bytes(cells)
        assert len(data) == len(out) * SIDE * SIDE and not data.strip(b"\x00\x01")
        for g in range(len(out)):
            chunk = data[g * 81 : (g + 1) * 81]
            masks = [int("".join("1" if b else "0" for b in chunk[r * 9 : r * 9 + 9]), 2) for r in range(SIDE)]
            out[g] = self[_table_key(masks)]
