# cython: language_level=3
"""Compiled binary-sudoku kernel: the row DP over column and box parities, and the parity-signature answers."""

from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE
from cpython.ref cimport PyObject
from libc.stdint cimport uint8_t, uint16_t, uint32_t
from libc.stdlib cimport free, malloc
from libc.string cimport memset

cdef extern from *:
    """
    #if defined(_MSC_VER)
    #include <intrin.h>
    static inline int fp_popcount(unsigned int x) { return (int)__popcnt(x); }
    #else
    static inline int fp_popcount(unsigned int x) { return __builtin_popcount(x); }
    #endif
    """
    int fp_popcount(unsigned int x) nogil

cdef extern from *:
    """
    #include "_fp_text.h"
    /* The mask of a row of 9 characters '0' and '1' into *mask (the first character highest): 1, or
       0 if another character is among them. */
    static inline int fp_sudoku_row_mask(const Py_UCS1 *row, uint16_t *mask) {
        unsigned int digit;
    #if (defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__) || defined(_MSC_VER)
        /* The first 8 characters at once: each byte XOR '0' must be 0 or 1, and the multiplication
           gathers their low bits, the first character highest. */
        unsigned long long eight;
        memcpy(&eight, row, 8);
        eight ^= 0x3030303030303030ULL;
        digit = (unsigned int)row[8] ^ (unsigned int)'0';
        if ((eight & 0xFEFEFEFEFEFEFEFEULL) || (digit & ~1u))
            return 0;
        *mask = (uint16_t)(((unsigned int)((eight * 0x8040201008040201ULL) >> 56) << 1) | digit);
    #else
        unsigned int bits = 0;
        int c;
        for (c = 0; c < 9; c++) {
            digit = (unsigned int)row[c] - (unsigned int)'0';
            if (digit > 1)
                return 0;
            bits = (bits << 1) | digit;
        }
        *mask = (uint16_t)bits;
    #endif
        return 1;
    }

    /* The 9 row masks of a grid in the plain form: a list or tuple of 9 rows, each a str of 9 '0'
       and '1' or an int from 0 to 511 (exact types: no Python code runs while it reads). 1 when
       grid has that form, else 0; it never raises. The caller holds the GIL, so no other thread
       changes grid meanwhile. */
    static int fp_sudoku_plain_rows(PyObject *grid, uint16_t *masks) {
        PyObject **rows;
        Py_ssize_t r, length;
        int overflow;
        long value;
        const Py_UCS1 *text;
        if (!(PyList_CheckExact(grid) || PyTuple_CheckExact(grid)) || PySequence_Fast_GET_SIZE(grid) != 9)
            return 0;
        rows = PySequence_Fast_ITEMS(grid);
        for (r = 0; r < 9; r++) {
            PyObject *row = rows[r];
            if (PyLong_CheckExact(row)) {
                value = PyLong_AsLongAndOverflow(row, &overflow);
                if (overflow || value < 0 || value > 511)
                    return 0;
                masks[r] = (uint16_t)value;
                continue;
            }
            /* Rows of '0' and '1' are ASCII strs: any other str, or any other object, is no plain row. */
            text = fp_ascii_text(row, &length);
            if (text == NULL || length != 9 || !fp_sudoku_row_mask(text, &masks[r]))
                return 0;
        }
        return 1;
    }

    /* The 9 row masks of a plainly written contest text: 9 lines of 9 '0'/'1', each but the last
       ending in '\\n', then nothing but '\\n's (what the facade's quick path reads). 1 when text is
       one (an exact, compact ASCII str), else 0; it never raises. */
    static int fp_sudoku_plain_text(PyObject *text, uint16_t *masks) {
        Py_ssize_t length, i;
        int r;
        const Py_UCS1 *chars = fp_ascii_text(text, &length);
        if (chars == NULL || length < 89)
            return 0;
        for (i = 89; i < length; i++)
            if (chars[i] != '\\n')
                return 0;
        for (r = 0; r < 9; r++)
            if ((r < 8 && chars[10 * r + 9] != '\\n') || !fp_sudoku_row_mask(chars + 10 * r, &masks[r]))
                return 0;
        return 1;
    }
    """
    bint fp_sudoku_plain_rows(PyObject *grid, uint16_t *masks)
    bint fp_sudoku_plain_text(PyObject *text, uint16_t *masks)

# A grid is 9 row masks: bit 8 - c of mask r is the cell in row r, column c
# (0-based), so int("001000100", 2) is that row's mask.

cdef extern from *:
    # Defined once in fastpuzzle/_registry.py; setup.py passes them as C macros.
    enum:
        FP_SUDOKU_SIDE          # rows, columns and boxes of the grid
        FP_SUDOKU_MAX_ANSWER    # the largest answer any grid has

cdef enum:
    SIDE = FP_SUDOKU_SIDE
    # One more than the largest row mask.
    ROW_MASKS = 512
    # DP states: 9 column-parity bits, then the parities of the current band's 3 boxes.
    STATES = 4096
    # Where the box-parity bits start in a DP state.
    BOX_SHIFT = 9
    # DP layers kept for the second pass: the start, 9 rows x 3 stacks, 2 band changes.
    LAYERS = 30
    # An unreachable DP state; above every cost, and INF + 27 * 3 still fits a byte.
    INF = 128

cdef enum:
    # Table keys (18 bits): 3 stack classes of 5 bits, then 1 bit per band ("2 or 3 odd rows").
    # Spelled out: a shift here crashes Cython's overflowcheck (FASTPUZZLE_CHECKED) build.
    KEYS = 262144
    # A stack's class: its 3 column parities, then the parities of its boxes in bands 0 and 1.
    STACK_CLASSES = 32
    # Settings of a stack: 4 patterns in band 0 times 4 in band 1 (band 2's then follows).
    STACK_OPTIONS = 16
    # Partial-sum states: per band, the toggles chosen so far capped at 2 (0, 1, 2+): 3^3.
    SUM_STATES = 27

cdef int load_masks(tuple grid, uint16_t *masks) except -1:
    """Copy a grid's 9 row masks (the facade checked them) into masks."""
    cdef Py_ssize_t r
    assert len(grid) == SIDE
    for r in range(SIDE):
        masks[r] = grid[r]
        assert masks[r] < ROW_MASKS
    return 0


cdef inline int parity(uint32_t x) noexcept nogil:
    return fp_popcount(x) & 1


cdef inline int stack_bits(uint32_t mask, int stack) noexcept nogil:
    """The 3 bits of stack 0, 1 or 2 (columns 3*stack .. 3*stack + 2) of a row mask."""
    return (mask >> (6 - 3 * stack)) & 7


# -- the row DP ---------------------------------------------------------------


cdef int row_dp(const uint16_t *masks, uint8_t *dp, uint16_t *toggles) noexcept nogil:
    """The minimum number of toggles, and one optimal set of them as row masks.

    dp holds LAYERS * STATES bytes of scratch. A state is the column parities of
    the toggles so far plus the parities of the current band's boxes. Each row's
    512 toggle patterns are taken a stack at a time (8 x 8 x 8), which reaches
    the same states at the same costs as enumerating all 512 at once.
    """
    cdef int r, k, i, j, v, layer, s, t, best
    cdef uint8_t here, cost
    cdef uint8_t *src
    cdef uint8_t *dst
    cdef uint32_t columns = 0, band_xor
    cdef int row_odd[SIDE]
    cdef int boxes[3]
    cdef int effect[3][8]
    cdef int prefix
    for r in range(SIDE):
        row_odd[r] = parity(masks[r])
        columns ^= masks[r]
        toggles[r] = 0
    for k in range(3):
        band_xor = masks[3 * k] ^ masks[3 * k + 1] ^ masks[3 * k + 2]
        boxes[k] = 0
        for j in range(3):
            boxes[k] |= parity(stack_bits(band_xor, j)) << j
    for j in range(3):
        for v in range(8):
            effect[j][v] = (v << (6 - 3 * j)) | (parity(v) << (BOX_SHIFT + j))

    memset(dp, INF, STATES)
    dp[0] = 0
    layer = 0
    for k in range(3):
        if k > 0:
            # A new band: keep the states whose boxes match band k - 1, boxes cleared.
            src = dp + layer * STATES
            dst = src + STATES
            memset(dst, INF, STATES)
            for s in range(ROW_MASKS):
                dst[s] = src[s | (boxes[k - 1] << BOX_SHIFT)]
            layer += 1
        prefix = 0
        for i in range(3 * k, 3 * k + 3):
            prefix ^= row_odd[i]
            for j in range(3):
                src = dp + layer * STATES
                dst = src + STATES
                memset(dst, INF, STATES)
                for s in range(STATES):
                    here = src[s]
                    if here >= INF:
                        continue
                    for v in range(8):
                        t = s ^ effect[j][v]
                        cost = here + <uint8_t>fp_popcount(v)
                        if cost < dst[t]:
                            dst[t] = cost
                layer += 1
            # The row's toggles must have the row's parity: it shows in the boxes' parity.
            for s in range(STATES):
                if parity(s >> BOX_SHIFT) != prefix or (i == 3 * k + 2 and (s >> BOX_SHIFT) != boxes[k]):
                    dst[s] = INF

    t = <int>(columns | (boxes[2] << BOX_SHIFT))
    best = dp[layer * STATES + t]
    if best >= INF:
        return -1
    # Second pass: walk back through the layers, choosing any predecessor that fits.
    for k in range(2, -1, -1):
        for i in range(3 * k + 2, 3 * k - 1, -1):
            for j in range(2, -1, -1):
                dst = dp + layer * STATES
                src = dst - STATES
                for v in range(8):
                    s = t ^ effect[j][v]
                    if src[s] < INF and src[s] + fp_popcount(v) == dst[t]:
                        break
                toggles[i] |= <uint16_t>(v << (6 - 3 * j))
                t = s
                layer -= 1
        if k > 0:
            t |= boxes[k - 1] << BOX_SHIFT
            layer -= 1
    return best


def solve(tuple grid not None):
    """The minimum number of toggles and one optimal set of them, as 9 row masks.

    grid is 9 row masks (ints from 0 to 511, bit 8 - c for column c).
    """
    cdef uint16_t masks[SIDE]
    cdef uint16_t toggles[SIDE]
    cdef uint8_t *dp
    cdef int best
    load_masks(grid, masks)
    dp = <uint8_t *>malloc(LAYERS * STATES)
    if dp == NULL:
        raise MemoryError()
    try:
        with nogil:
            best = row_dp(masks, dp, toggles)
    finally:
        free(dp)
    assert 0 <= best <= FP_SUDOKU_MAX_ANSWER  # every grid has a toggle set
    return best, [toggles[i] for i in range(SIDE)]


# -- answers from the parity signature -----------------------------------------
#
# The toggles inside band k make its column-parity pattern q_k (9 bits). They must
# give box (k, j) the parity b[k][j] (so q_k's stack j has that parity) and the
# band's rows their parities, and q_0 ^ q_1 ^ q_2 must be the column parities. A
# band with R odd rows needs max(|q_k|, R) toggles, and that many suffice (|q_k|
# and R have the same parity). So the answer only depends on each stack's class
# (its column parities and box parities) and on whether each band has 2+ odd rows.


cdef uint32_t table_key(const uint16_t *masks) noexcept nogil:
    """The answer-table key of a grid."""
    cdef uint32_t key = 0, band_xor, columns = 0
    cdef int k, j, odd
    for k in range(3):
        band_xor = masks[3 * k] ^ masks[3 * k + 1] ^ masks[3 * k + 2]
        columns ^= band_xor
        odd = parity(masks[3 * k]) + parity(masks[3 * k + 1]) + parity(masks[3 * k + 2])
        if odd >= 2:
            key |= 1u << (15 + k)
        if k < 2:
            for j in range(3):
                key |= <uint32_t>parity(stack_bits(band_xor, j)) << (5 * j + 3 + k)
    for j in range(3):
        key |= <uint32_t>stack_bits(columns, j) << (5 * j)
    return key


cdef void stack_step(const uint8_t *before, int stack_class, uint8_t *after) noexcept nogil:
    """Add one stack of a class to partial sums: after[state] = cheapest total toggles."""
    cdef int columns = stack_class & 7, box0 = (stack_class >> 3) & 1, box1 = (stack_class >> 4) & 1
    cdef int q0, q1, s, o, a0, a1, a2, t, count = 0
    cdef int n0[STACK_OPTIONS]
    cdef int n1[STACK_OPTIONS]
    cdef int n2[STACK_OPTIONS]
    cdef int total[STACK_OPTIONS]
    # cap[x] = min(x, 2) for a band's count of toggles so far plus a stack's (at most 2 + 3).
    cdef int cap[6]
    cdef uint8_t cost
    cap[0] = 0
    cap[1] = 1
    cap[2] = cap[3] = cap[4] = cap[5] = 2
    for q0 in range(8):
        if parity(q0) != box0:
            continue
        for q1 in range(8):
            if parity(q1) != box1:
                continue
            n0[count] = fp_popcount(q0)
            n1[count] = fp_popcount(q1)
            n2[count] = fp_popcount(columns ^ q0 ^ q1)
            total[count] = n0[count] + n1[count] + n2[count]
            count += 1
    memset(after, INF, SUM_STATES)
    for s in range(SUM_STATES):
        if before[s] >= INF:
            continue
        a0 = s % 3
        a1 = (s // 3) % 3
        a2 = s // 9
        for o in range(count):
            t = cap[a0 + n0[o]] + 3 * cap[a1 + n1[o]] + 9 * cap[a2 + n2[o]]
            cost = before[s] + <uint8_t>total[o]
            if cost < after[t]:
                after[t] = cost


cdef int finish(const uint8_t *sums, uint32_t key) noexcept nogil:
    """The answer from the partial sums of all 3 stacks and the key's odd-row bits."""
    cdef int k, s, a, need, total, best = INF
    cdef int odd_rows[3]
    cdef int box_parity
    for k in range(3):
        # Band k's box parities sum to its rows' parities; band 2's follow from the others.
        box_parity = 0
        for s in range(3):
            if k < 2:
                box_parity ^= (key >> (5 * s + 3 + k)) & 1
            else:
                box_parity ^= parity((key >> (5 * s)) & 7) ^ ((key >> (5 * s + 3)) & 1) ^ ((key >> (5 * s + 4)) & 1)
        odd_rows[k] = box_parity + 2 * ((key >> (15 + k)) & 1)
    for s in range(SUM_STATES):
        if sums[s] >= INF:
            continue
        total = sums[s]
        for k in range(3):
            a = (s // (1 if k == 0 else (3 if k == 1 else 9))) % 3
            need = odd_rows[k] - a
            if a < 2 and need > 0:
                total += need
        if total < best:
            best = total
    return best


cdef int answer(uint32_t key) noexcept nogil:
    """The answer for one table key, from scratch."""
    cdef uint8_t first[SUM_STATES]
    cdef uint8_t second[SUM_STATES]
    memset(first, INF, SUM_STATES)
    first[0] = 0
    stack_step(first, key & 31, second)
    stack_step(second, (key >> 5) & 31, first)
    stack_step(first, (key >> 10) & 31, second)
    return finish(second, key)


def min_toggles(tuple grid not None):
    """The minimum number of toggles for one grid of 9 row masks."""
    cdef uint16_t masks[SIDE]
    cdef int best
    load_masks(grid, masks)
    with nogil:
        best = answer(table_key(masks))
    return best


def plain_min_toggles(object grid):
    """The minimum number of toggles of a grid in the plain form (a list or tuple of 9 rows, each a
    str of 9 '0'/'1' or an int from 0 to 511), or -1 if grid has another form."""
    cdef uint16_t masks[SIDE]
    if not fp_sudoku_plain_rows(<PyObject *>grid, masks):
        return -1
    return answer(table_key(masks))


cdef class Table:
    """The answer for every parity signature (256 KiB), for counting many grids fast.

    Building it takes a few milliseconds; it is read-only afterwards, so
    one Table may serve any number of threads.
    """

    cdef uint8_t *answers

    def __cinit__(self):
        self.answers = <uint8_t *>malloc(KEYS)
        if self.answers == NULL:
            raise MemoryError()
        with nogil:
            build_table(self.answers)

    def __dealloc__(self):
        free(self.answers)

    def count_masks(self, const uint16_t[::1] masks not None, unsigned char[::1] out not None):
        """Count grids given as 9 row masks each into out (out[g] for grid g)."""
        cdef Py_ssize_t g, count = out.shape[0]
        assert masks.shape[0] == count * SIDE
        with nogil:
            for g in range(count):
                out[g] = self.answers[table_key(&masks[g * SIDE])]

    def count_plain(self, list grids not None, Py_ssize_t start, Py_ssize_t stop, unsigned char[::1] out not None):
        """Count grids[start:stop] into out[start:stop] while each is in the plain form (plain_min_toggles);
        the index of the first one that is not (or that the list no longer holds), or stop."""
        cdef Py_ssize_t g
        cdef uint16_t masks[SIDE]
        assert 0 <= start <= stop and out.shape[0] >= stop
        # Another thread may have shortened the list since stop was read; not while this runs.
        for g in range(start, min(stop, PyList_GET_SIZE(grids))):
            if not fp_sudoku_plain_rows(PyList_GET_ITEM(grids, g), masks):
                return g
            out[g] = self.answers[table_key(masks)]
        return min(stop, PyList_GET_SIZE(grids))

    def printed_texts(self, list texts not None, tuple printed not None):
        """For each item of texts: printed[its answer] if it is a plainly written contest text (9 lines of 9
        '0'/'1' ending in '\\n', then only '\\n's), else None; printed holds an output for every answer."""
        cdef Py_ssize_t i, count = PyList_GET_SIZE(texts)
        cdef uint16_t masks[SIDE]
        cdef list out = [None] * count
        if len(printed) <= FP_SUDOKU_MAX_ANSWER:
            raise ValueError(f"expected an output for each answer up to {FP_SUDOKU_MAX_ANSWER}")
        # No Python code runs in the loop: no other thread changes texts meanwhile.
        for i in range(count):
            if fp_sudoku_plain_text(PyList_GET_ITEM(texts, i), masks):
                out[i] = printed[self.answers[table_key(masks)]]
        return out

    def count_cells(self, const unsigned char[::1] cells not None, unsigned char[::1] out not None):
        """Count grids given as 81 bytes each (row by row, values 0 and 1) into out."""
        cdef Py_ssize_t g, count = out.shape[0]
        cdef uint16_t masks[SIDE]
        cdef int r, c
        assert cells.shape[0] == count * SIDE * SIDE
        with nogil:
            for g in range(count):
                for r in range(SIDE):
                    masks[r] = 0
                    for c in range(SIDE):
                        assert cells[(g * SIDE + r) * SIDE + c] <= 1
                        masks[r] |= cells[(g * SIDE + r) * SIDE + c] << (SIDE - 1 - c)
                out[g] = self.answers[table_key(masks)]

    def __getitem__(self, key):
        """The answer for a table key (0 <= key < 2**18)."""
        if not 0 <= key < KEYS:
            raise IndexError(f"table key {key} out of range 0..{KEYS - 1}")
        return self.answers[<uint32_t>key]


cdef inline uint32_t stack_key(int s0, int s1, int s2, int high) noexcept nogil:
    """The table key of three stack classes (in stack order) and the bands' odd-row bits."""
    return <uint32_t>(s0 | (s1 << 5) | (s2 << 10) | (high << 15))


cdef void build_table(uint8_t *answers) noexcept nogil:
    """Fill answers[key] for every key, sharing the partial sums of stacks 0 and 1.

    Stacks add up in any order and a band's box parity is the XOR over its
    stacks, so a key's answer stays the same when its three stack classes are
    permuted: each multiset of classes is worked out once (s0 <= s1 <= s2) and
    written to every order of it.
    """
    cdef uint8_t start[SUM_STATES]
    cdef uint8_t one[SUM_STATES]
    cdef uint8_t two[SUM_STATES]
    cdef uint8_t three[SUM_STATES]
    cdef int s0, s1, s2, high
    cdef uint8_t best
    memset(start, INF, SUM_STATES)
    start[0] = 0
    for s0 in range(STACK_CLASSES):
        stack_step(start, s0, one)
        for s1 in range(s0, STACK_CLASSES):
            stack_step(one, s1, two)
            for s2 in range(s1, STACK_CLASSES):
                stack_step(two, s2, three)
                for high in range(8):
                    best = <uint8_t>finish(three, stack_key(s0, s1, s2, high))
                    answers[stack_key(s0, s1, s2, high)] = best
                    answers[stack_key(s0, s2, s1, high)] = best
                    answers[stack_key(s1, s0, s2, high)] = best
                    answers[stack_key(s1, s2, s0, high)] = best
                    answers[stack_key(s2, s0, s1, high)] = best
                    answers[stack_key(s2, s1, s0, high)] = best


def key_of(tuple grid not None):
    """The answer-table key of a grid of 9 row masks."""
    cdef uint16_t masks[SIDE]
    load_masks(grid, masks)
    return table_key(masks)
