# cython: language_level=3
"""Compiled pixel-placement kernel: clue propagation and a memoised broken-profile DFS."""

# The same search as the twin _pixel_py, whose docstring explains it: single-clue and
# pair rules propagated to a fixed point, probing at the root, then a walk over the scan
# positions that remembers the completions of each (position, masked window).

import sys

from cpython.bytes cimport PyBytes_FromStringAndSize
from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE
from cpython.ref cimport PyObject
from cpython.unicode cimport PyUnicode_DecodeASCII
from libc.stdint cimport INT32_MAX, int8_t, int32_t, uint8_t, uint16_t, uint64_t
from libc.stdlib cimport calloc, free, malloc, realloc
from libc.string cimport memset

from fastpuzzle._learning.engine cimport (
    Engine,
    fp_backed, fp_exclude, fp_exclude_cells, fp_fix, fp_learn_allocate, fp_learn_clear, fp_learn_free,
    fp_learn_start, fp_prefer, fp_probe, fp_search, fp_set, fp_unprobe, fp_unset, fp_watched,
)

cdef extern from "_fp_clock.h":
    double fp_seconds() nogil
    bint fp_past(double deadline) nogil
    double FP_POLL_SECONDS      # longest a call runs before it returns to Python

cdef extern from *:
    """
    /* A clue's block as 9 bits: bit (dr + 1) * 3 + (dc + 1) is the cell at (dr, dc) from its centre.
       fp_overlap[(dr + 2) * 5 + (dc + 2)]: the bits of the cells that a block centred (dr, dc)
       away also holds; the other block sees the same cells as fp_overlap[24 - index]. */
    static const unsigned short fp_overlap[25] = {
        0x001, 0x003, 0x007, 0x006, 0x004, 0x009, 0x01b, 0x03f, 0x036, 0x024, 0x049, 0x0db, 0x1ff,
        0x1b6, 0x124, 0x048, 0x0d8, 0x1f8, 0x1b0, 0x120, 0x040, 0x0c0, 0x1c0, 0x180, 0x100};
    #if defined(__GNUC__) || defined(__clang__)
    static inline int fp_popcount(unsigned x) { return __builtin_popcount(x); }
    static inline int fp_ctz(unsigned x) { return __builtin_ctz(x); }
    #else
    static inline int fp_popcount(unsigned x) { int n = 0; for (; x; x &= x - 1) n++; return n; }
    static inline int fp_ctz(unsigned x) { int n = 0; while (!(x & 1u)) { x >>= 1; n++; } return n; }
    #endif
    static const unsigned long long fp_cap = 0xFFFFFFFFFFFFFFFFull;
    /* 1 when Cython's assert statements are compiled in (CYTHON_WITHOUT_ASSERTIONS is undefined). */
    #ifdef CYTHON_WITHOUT_ASSERTIONS
    #define FP_ASSERTIONS 0
    #else
    #define FP_ASSERTIONS 1
    #endif
    """
    const uint16_t *fp_overlap
    int fp_popcount(unsigned x) nogil
    int fp_ctz(unsigned x) nogil
    const uint64_t fp_cap
    const int FP_ASSERTIONS

cdef extern from *:
    # Defined once in fastpuzzle/_registry.py; setup.py passes them as C macros.
    enum:
        FP_PIXEL_MAX_CELLS      # the most cells of a grid (any shape)
        FP_PIXEL_WINDOW_MAX_N   # the window of 2w + 2 cells fits two 64-bit words up to this w
        FP_STATUS_EXHAUSTED
        FP_STATUS_SOLUTION
        FP_STATUS_PAUSED
        FP_STATUS_TOO_LARGE

cdef enum:
    MAX_CELLS = FP_PIXEL_MAX_CELLS
    # Bits of a memo key, and so of the window a Search keeps (two words).
    KEY_BITS = 128
    # Slots of a new memo table; it doubles when half full.
    FIRST_SLOTS = 256
    # Nodes between two looks at the clock.
    CLOCK_NODES = 1024
    # Cells of a clue's block, at most.
    BLOCK = 9
    # Clues whose block overlaps a given clue's, at most (centres within 2 rows and 2 columns).
    NEIGHBOURS = 24
    # A packed (clue, bit) or (clue, overlap index) pair keeps its index in the low 5 bits.
    PACK = 5
    # The cell code of a cell without a clue (a clue is its digit, 0 to 9).
    CELL_NO_CLUE = 255
    # A count past 64 bits is kept in 64-bit limbs, LIMB_SHIFT being log2(64).
    LIMB_SHIFT = 6
    # Limbs a memo state is worth: a state whose count takes k limbs costs 1 + ceil(k / STATE_LIMBS)
    # of max_states (sizeof(Entry) / 8; checked where the module starts).
    STATE_LIMBS = 4
    # Limbs of a pool chunk for wide counts (32 KiB); a chunk also links to the one before.
    POOL_LIMBS = 4096

#: The cell code of a cell without a clue; a clue's code is its digit, 0 to 9.
NO_CLUE = CELL_NO_CLUE

cdef enum:
    # A cell's colour: white, black, or not known yet.
    WHITE = 0
    BLACK = 1
    UNKNOWN = 2

cdef enum:
    # A frame's branch state: try white next, try black next, done; or its cell was already known.
    TRY_WHITE = 0
    TRY_BLACK = 1
    DONE = 2
    FORCED = 3

cdef enum:
    # What probing one cell gave: both colours failed, both propagate, only one did (now given).
    PROBE_FAILED = 0
    PROBE_NOTHING = 1
    PROBE_FIXED = 2

cdef enum:
    # Walk phases: enter the node at top + 1, move on at the top frame, or over.
    ENTER = 0
    ADVANCE = 1
    FINISHED = 2

cdef enum:
    # Modes: not chosen yet, listing solutions, counting them.
    NO_MODE = 0
    LISTING = 1
    COUNTING = 2

cdef union Count:
    # A count: below 2**64 in one word; past it, the address of its limbs (least significant
    # first, limbs_at(position) of them) in the pool.
    uint64_t small
    uint64_t *big


cdef struct Entry:
    # One memo slot: the masked window (two words), its count, its position + 1 (0: empty),
    # and whether the count is wide (count.big).
    uint64_t lo
    uint64_t hi
    Count count
    int32_t position
    int32_t wide


assert sizeof(Entry) == STATE_LIMBS * sizeof(uint64_t)
#: Bytes of memory a memo state takes at most: a 32-byte slot in a table at most half full (64),
#: 96 while the table doubles (the old table and the new one). A state whose count passes 64 bits
#: pays for its limbs (8 bytes each) with more of max_states (32 bytes of limbs a state, see
#: Search), so max_states * STATE_BYTES bounds the memo's memory when max_states is a power of two
#: (as the facade's MAX_STATES); otherwise the table's power-of-two size can take up to twice that.
STATE_BYTES = 3 * sizeof(Entry)
#: Whether the kernel checks its preconditions (assert statements compiled in and not disabled
#: by python -O); the facade validates input either way.
ASSERTIONS = bool(FP_ASSERTIONS) and not sys.flags.optimize


cdef inline uint64_t mix(uint64_t x) noexcept nogil:
    """A 64-bit finaliser (splitmix64): every input bit moves every output bit (wraps on purpose)."""
    x ^= x >> 30
    x *= <uint64_t>0xbf58476d1ce4e5b9
    x ^= x >> 27
    x *= <uint64_t>0x94d049bb133111eb
    x ^= x >> 31
    return x


cdef inline uint64_t slot_hash(int32_t position, uint64_t lo, uint64_t hi) noexcept nogil:
    return mix(lo ^ mix(hi ^ mix(<uint64_t>position)))


cdef void add_limbs(uint64_t *a, int a_limbs, uint64_t small, const uint64_t *big, int b_limbs) noexcept nogil:
    """a += b, a of a_limbs limbs, b either small (big NULL) or big of b_limbs <= a_limbs limbs.

    The caller knows the sum fits: a count at position p is below 2**(size - p + 1).
    Each limb wraps on purpose; the carry is read from the wrap.
    """
    cdef uint64_t carry = 0, s, t
    cdef int i = 0
    if big == NULL:
        s = a[0] + small
        carry = s < small
        a[0] = s
        i = 1
    else:
        for i in range(b_limbs):
            s = a[i] + big[i]
            t = s < big[i]
            a[i] = s + carry
            carry = t | (a[i] < s)
        i = b_limbs
    while carry and i < a_limbs:
        a[i] += 1
        carry = a[i] == 0
        i += 1


cdef bint at_least(const uint64_t *a, const uint64_t *b, int limbs) noexcept nogil:
    """a >= b, both of limbs limbs."""
    cdef int i
    for i in range(limbs - 1, -1, -1):
        if a[i] != b[i]:
            return a[i] > b[i]
    return True


cdef struct PairFills:
    # What the pair rule forces, in order: count fills of colour[i] into the cells of clue[i]'s
    # block at bits[i] (those still unknown when the fill is made).
    int count
    int clue[3]
    int colour[3]
    unsigned bits[3]


cdef bint pair_rule(int a, int b, int overlap, const uint16_t *open_bits, const int32_t *unknown,
                    const int32_t *target, const int32_t *black, PairFills *fills) noexcept nogil:
    """The pair rule: bound the black cells shared by two overlapping blocks (Search and Learn).

    With ra and rb black cells still needed and au, bu, iu unknown cells only in a's block,
    only in b's, and in both, the shared part holds from max(0, ra - au, rb - bu) to
    min(iu, ra, rb) of them. False if that range is empty; else what it forces, into fills.
    """
    cdef unsigned shared = open_bits[a] & fp_overlap[overlap]
    cdef int iu = fp_popcount(shared), au, bu, ra, rb, low, high
    fills.count = 0
    if not iu:
        return True
    au = unknown[a] - iu
    bu = unknown[b] - iu
    ra = target[a] - black[a]
    rb = target[b] - black[b]
    low = max(0, max(ra - au, rb - bu))
    high = min(iu, min(ra, rb))
    if low > high:
        return False
    if low == iu or high == 0:
        add_fill(fills, a, BLACK if high else WHITE, shared)
    if au and (ra - high == au or ra == low):
        add_fill(fills, a, BLACK if ra != low else WHITE, ~fp_overlap[overlap])
    if bu and (rb - high == bu or rb == low):
        add_fill(fills, b, BLACK if rb != low else WHITE, ~fp_overlap[24 - overlap])
    return True


cdef inline void add_fill(PairFills *fills, int clue, int colour, unsigned bits) noexcept nogil:
    fills.clue[fills.count] = clue
    fills.colour[fills.count] = colour
    fills.bits[fills.count] = bits
    fills.count += 1


cdef void list_neighbours(const int32_t *clue_at, int rows, int width, int32_t *neighbour,
                          int32_t *neighbour_size) noexcept nogil:
    """neighbour[k]: the other clues whose blocks overlap k's, row by row, as (clue << PACK) | overlap
    index. clue_at[p] is the clue centred on cell p of a rows x width grid (numbered in cell order), or -1."""
    cdef int a, b, p, r, c, rr, cc
    for p in range(rows * width):
        a = clue_at[p]
        if a < 0:
            continue
        neighbour_size[a] = 0
        r = p // width
        c = p % width
        for rr in range(max(r - 2, 0), min(r + 3, rows)):
            for cc in range(max(c - 2, 0), min(c + 3, width)):
                b = clue_at[rr * width + cc]
                if b >= 0 and b != a:
                    neighbour[a * NEIGHBOURS + neighbour_size[a]] = (b << PACK) | ((rr - r + 2) * 5 + (cc - c + 2))
                    neighbour_size[a] += 1


cdef void place_block(int k, int r, int c, int rows, int width, int32_t *block, int32_t *cover,
                      int32_t *cover_size, int32_t *unknown, uint16_t *open_bits) noexcept nogil:
    """Lay out the block of clue k, centred on (r, c) of a rows x width grid: its cells (-1 past the
    border), their bits in open_bits, their count in unknown, and k in each cell's cover."""
    cdef int bit, rr, cc, q
    unknown[k] = 0
    open_bits[k] = 0
    for bit in range(BLOCK):
        rr = r + bit // 3 - 1
        cc = c + bit % 3 - 1
        if not (0 <= rr < rows and 0 <= cc < width):
            block[k * BLOCK + bit] = -1
            continue
        q = rr * width + cc
        block[k * BLOCK + bit] = q
        open_bits[k] |= 1 << bit
        unknown[k] += 1
        cover[q * BLOCK + cover_size[q]] = (k << PACK) | bit
        cover_size[q] += 1


cdef class Search:
    """List or count the solutions of a pixel-placement grid, resumably.

    cells holds the n * m cell codes row by row (a buffer of bytes: a clue's digit
    0 to 9, or NO_CLUE); n, m >= 1, n * m <= MAX_CELLS and max_states >= 1. The
    kernel trusts its input: the preconditions are only asserted (see ASSERTIONS). A
    Search either lists (next_solution) or counts (count), not both.

    The scan runs along the narrower side w (a grid wider than high is transposed;
    solution() hands the cells back row by row as given). A state is keyed by what
    its open clues still need where that fits 128 bits, else by the window of the
    last 2w + 2 cells, masked to the cells that still matter; the window kept is the
    last 128 cells, whole for w <= WINDOW_MAX_N (63). For a wider scan, a position
    keyed by the window whose mask reaches past 128 cells cannot be keyed: such a
    Search is too large from the start (every call returns TOO_LARGE), as one
    outgrowing max_states.

    Counts are exact: a count stays in one 64-bit word until it passes 2**64 - 1,
    then moves to as many 64-bit limbs as its position can need (a count at scan
    position p is at most 2**(n * m - p)), taken from a pool of chunks. The memo's
    budget max_states pays for them: a remembered state costs 1, plus
    ceil(limbs / 4) if its count takes limbs limbs (4 limbs are one 32-byte slot).
    """

    cdef int n, m, rows, width, size, clues, top, phase, mode
    cdef int bits             # the window's cells: 2 * width + 2, at most KEY_BITS
    cdef bint transposed
    # Some position keyed by the window needs cells past the 128 kept (see the class docstring).
    cdef bint too_wide
    cdef uint64_t full_lo, full_hi
    cdef uint64_t node_count, state_count, max_states, budget_used
    # Solutions so far: found_small, or found_limbs (limbs_at(0) limbs) once found_wide.
    cdef uint64_t found_small
    cdef uint64_t *found_limbs
    cdef bint found_wide
    # The count's limit (has_limit): limit_small, or limit_limbs (limbs_at(0) limbs) if limit_wide.
    cdef uint64_t limit_small
    cdef uint64_t *limit_limbs
    cdef bint has_limit, limit_wide
    # Clues: target, black and unknown cells of the block, the block's cells.
    cdef int32_t *target
    cdef int32_t *black
    cdef int32_t *unknown
    cdef uint16_t *open_bits  # the block's unknown cells as 9 bits (see fp_overlap)
    cdef int32_t *block       # block[k * BLOCK + bit]: the cell at that bit, or -1 past the border
    cdef int32_t *centre_r    # the clue's row and column (scan coordinates)
    cdef int32_t *centre_c
    cdef int32_t *neighbour   # neighbour[k * NEIGHBOURS + i]: (clue << PACK) | overlap index
    cdef int32_t *neighbour_size
    cdef int32_t *cover       # cover[p * BLOCK + i]: (clue << PACK) | bit, for each clue holding p
    cdef int32_t *cover_size
    cdef uint8_t *value
    cdef int32_t *trail
    cdef int trail_size
    cdef int32_t *queue       # clues waiting for propagation, each at most once
    cdef uint8_t *queued
    cdef int queue_size
    # Per position: window and mask (two words each), frame key, count, trail mark, branch.
    cdef uint64_t *window_lo
    cdef uint64_t *window_hi
    cdef uint64_t *mask_lo
    cdef uint64_t *mask_hi
    cdef uint64_t *key_lo
    cdef uint64_t *key_hi
    cdef uint64_t *acc
    cdef uint64_t **acc_big   # the frame's count in limbs_at(p) limbs once past 64 bits, else NULL
    cdef int32_t *mark
    cdef int8_t *branch
    # The residual key (see build_residual_keys): positions keyed by need take the cells
    # need_cell[need_start[p]:need_start[p + 1]], each adding its weight (two words) when black.
    cdef uint8_t *by_need
    cdef int32_t *need_start
    cdef int32_t *need_cell
    cdef uint64_t *need_weight
    # The memo: open addressing, linear probing.
    cdef Entry *table
    cdef uint64_t slots
    # The pool of limbs for wide counts: the current chunk (its limb 0 links to the previous
    # chunk), where its free limbs start, and how many are free.
    cdef uint64_t *pool
    cdef int pool_next, pool_free

    def __cinit__(self, int n, int m, const unsigned char[::1] cells not None, max_states):
        cdef int p, r, c, k, q, bit, given
        cdef int32_t *last = NULL
        self.target = NULL
        self.block = NULL
        self.cover = NULL
        self.neighbour = NULL
        self.value = NULL
        self.trail = NULL
        self.window_lo = NULL
        self.acc_big = NULL
        self.table = NULL
        self.found_limbs = NULL
        self.pool = NULL
        self.by_need = NULL
        self.need_start = NULL
        self.need_cell = NULL
        self.need_weight = NULL
        assert n >= 1 and m >= 1 and n * m <= MAX_CELLS, f"n and m must be >= 1 with n * m <= {MAX_CELLS}, got {n} and {m}"
        assert cells.shape[0] == n * m, f"expected n * m = {n * m} cells, got {cells.shape[0]}"
        for p in range(n * m):
            assert cells[p] <= 9 or cells[p] == CELL_NO_CLUE, f"cell {p}: expected 0..9 or NO_CLUE, got {cells[p]}"
        assert max_states >= 1, f"max_states must be at least 1, got {max_states}"
        self.max_states = max_states
        self.n = n
        self.m = m
        self.transposed = m > n
        self.rows = m if self.transposed else n
        self.width = n if self.transposed else m
        self.size = n * m
        self.bits = min(2 * self.width + 2, <int>KEY_BITS)
        self.full_lo = (<uint64_t>-1) if self.bits >= 64 else ((<uint64_t>1 << self.bits) - 1)
        self.full_hi = 0 if self.bits <= 64 else ((<uint64_t>-1) >> (128 - self.bits))
        self.too_wide = False
        self.allocate()
        last = <int32_t *>malloc(self.size * sizeof(int32_t))
        if last == NULL:
            raise MemoryError()
        try:
            for p in range(self.size):
                last[p] = -1
                self.value[p] = UNKNOWN
                self.cover_size[p] = 0
            self.clues = 0
            for p in range(self.size):
                r = p // self.width
                c = p % self.width
                given = cells[c * m + r] if self.transposed else cells[r * m + c]
                if given == CELL_NO_CLUE:
                    continue
                k = self.clues
                self.clues += 1
                self.target[k] = given
                self.black[k] = 0
                self.centre_r[k] = r
                self.centre_c[k] = c
                self.queued[k] = 0
                place_block(k, r, c, self.rows, self.width, self.block, self.cover, self.cover_size,
                            self.unknown, self.open_bits)
                # The block's last cell in scan order: below right, clipped.
                q = min(r + 1, self.rows - 1) * self.width + min(c + 1, self.width - 1)
                for bit in range(BLOCK):
                    if self.block[k * BLOCK + bit] >= 0:
                        last[self.block[k * BLOCK + bit]] = max(last[self.block[k * BLOCK + bit]], q)
            self.find_neighbours()
            self.trail_size = 0
            with nogil:
                self.phase = ENTER if self.settle_root() and self.probe(0, self.size) else FINISHED
                self.build_masks(last)
            self.build_residual_keys()
            self.check_keys(last)
        finally:
            free(last)
        self.trail_size = 0
        self.top = -1
        self.mode = NO_MODE
        self.node_count = 0
        self.found_small = 0
        self.found_wide = False
        self.has_limit = False
        self.limit_wide = False
        self.limit_small = 0
        self.state_count = 0
        self.budget_used = 0
        self.pool_next = 0
        self.pool_free = 0
        self.window_lo[0] = 0
        self.window_hi[0] = 0

    cdef void allocate(self) except *:
        """Allocate every table; all are proportional to the grid but the memo, which starts small."""
        cdef int size = self.size
        # Per clue (at most one per cell): target, black, unknown, open_bits (in one int32
        # slot), centre_r, centre_c, neighbour_size, queue; per cell: cover_size, trail, mark.
        self.target = <int32_t *>malloc(size * 11 * sizeof(int32_t))
        self.block = <int32_t *>malloc(size * BLOCK * sizeof(int32_t))
        self.cover = <int32_t *>malloc(size * BLOCK * sizeof(int32_t))
        self.neighbour = <int32_t *>malloc(size * NEIGHBOURS * sizeof(int32_t))
        # value, branch and queued.
        self.value = <uint8_t *>malloc(size * 3 * sizeof(uint8_t))
        self.window_lo = <uint64_t *>malloc((size + 1) * 7 * sizeof(uint64_t))
        self.acc_big = <uint64_t **>calloc(size + 1, sizeof(uint64_t *))
        self.table = <Entry *>calloc(FIRST_SLOTS, sizeof(Entry))
        # found_limbs and limit_limbs, limbs_at(0) each.
        self.found_limbs = <uint64_t *>calloc(2 * self.limbs_at(0), sizeof(uint64_t))
        if (self.target == NULL or self.block == NULL or self.cover == NULL or self.neighbour == NULL
                or self.value == NULL or self.window_lo == NULL or self.acc_big == NULL or self.table == NULL
                or self.found_limbs == NULL):
            raise MemoryError()
        self.limit_limbs = self.found_limbs + self.limbs_at(0)
        self.black = self.target + size
        self.unknown = self.black + size
        self.open_bits = <uint16_t *>(self.unknown + size)
        self.centre_r = self.unknown + 2 * size
        self.centre_c = self.centre_r + size
        self.neighbour_size = self.centre_c + size
        self.queue = self.neighbour_size + size
        self.cover_size = self.queue + size
        self.trail = self.cover_size + size
        self.mark = self.trail + size
        self.branch = <int8_t *>(self.value + size)
        self.queued = self.value + 2 * size
        self.window_hi = self.window_lo + (size + 1)
        self.mask_lo = self.window_hi + (size + 1)
        self.mask_hi = self.mask_lo + (size + 1)
        self.key_lo = self.mask_hi + (size + 1)
        self.key_hi = self.key_lo + (size + 1)
        self.acc = self.key_hi + (size + 1)
        self.slots = FIRST_SLOTS

    def __dealloc__(self):
        cdef uint64_t *chunk
        free(self.target)
        free(self.block)
        free(self.cover)
        free(self.neighbour)
        free(self.value)
        free(self.window_lo)
        free(self.acc_big)
        free(self.table)
        free(self.found_limbs)
        free(self.by_need)
        free(self.need_start)
        free(self.need_cell)
        free(self.need_weight)
        while self.pool != NULL:
            chunk = self.pool
            self.pool = <uint64_t *><size_t>chunk[0]
            free(chunk)

    # -- propagation ---------------------------------------------------------

    cdef void find_neighbours(self) noexcept:
        """neighbour[k]: the other clues whose blocks overlap k's (see list_neighbours)."""
        cdef int a, p
        cdef int32_t *clue_at = self.queue      # free until the first propagation
        for p in range(self.size):
            clue_at[p] = -1
        for a in range(self.clues):
            clue_at[self.centre_r[a] * self.width + self.centre_c[a]] = a
        list_neighbours(clue_at, self.rows, self.width, self.neighbour, self.neighbour_size)

    cdef bint settle_root(self) noexcept nogil:
        """Queue every clue and propagate; False if the clues contradict each other."""
        cdef int k
        self.queue_size = 0
        for k in range(self.clues):
            if self.target[k] > self.unknown[k]:
                self.clear_queue()
                return False
            self.enqueue(k)
        return self.propagate()

    cdef bint probe(self, int start, int stop) noexcept nogil:
        """Try both colours in every unknown cell from start to stop; a colour that fails fixes the other.

        Repeats until nothing changes; False if both colours fail somewhere.
        """
        cdef bint changed = True
        cdef int p, outcome
        stop = min(stop, self.size)
        while changed:
            changed = False
            for p in range(start, stop):
                if self.value[p] != UNKNOWN or not self.cover_size[p]:
                    continue
                outcome = self.probe_cell(p)
                if outcome == PROBE_FAILED:
                    return False
                changed |= outcome == PROBE_FIXED
        return True

    cdef int probe_cell(self, int p) noexcept nogil:
        """Try both colours in unknown cell p: PROBE_FIXED if only one propagates (p then has it),
        PROBE_NOTHING if both do, PROBE_FAILED if neither does (or the one left then fails)."""
        cdef int mark = self.trail_size
        cdef bint white_ok = self.colour(p, WHITE), black_ok
        self.undo(mark)
        black_ok = self.colour(p, BLACK)
        self.undo(mark)
        if white_ok == black_ok:
            return PROBE_NOTHING if white_ok else PROBE_FAILED
        return PROBE_FIXED if self.colour(p, BLACK if black_ok else WHITE) else PROBE_FAILED

    cdef void build_masks(self, const int32_t *last) noexcept nogil:
        """mask[p] bit i: cell p - 1 - i still matters at p (in an open clue's block, not fixed at the root)."""
        cdef int p, i, q
        for p in range(self.size):
            self.mask_lo[p] = 0
            self.mask_hi[p] = 0
            for i in range(min(self.bits, p)):
                q = p - 1 - i
                if last[q] >= p and self.value[q] == UNKNOWN:
                    if i < 64:
                        self.mask_lo[p] |= (<uint64_t>1) << i
                    else:
                        self.mask_hi[p] |= (<uint64_t>1) << (i - 64)

    cdef void check_keys(self, const int32_t *last) noexcept:
        """too_wide (and the walk over) if a position keyed by the window needs a cell past the 128 kept:
        one before p - 128 in the block of a clue still open at p and not coloured at the root."""
        cdef int p, q
        if self.phase == FINISHED or 2 * self.width + 2 <= KEY_BITS:
            return
        for p in range(KEY_BITS + 1, self.size):
            if self.by_need[p]:
                continue
            for q in range(max(p - 2 * self.width - 2, 0), p - KEY_BITS):
                if last[q] >= p and self.value[q] == UNKNOWN:
                    self.too_wide = True
                    self.phase = FINISHED
                    return

    cdef void build_residual_keys(self) except *:
        """Key each position by what its open clues still need, where that fits in two words.

        At position p the clues whose blocks hold cells both before p and from p on are
        open; the rest of the grid depends on the past only through how many black cells
        each open clue has among its past cells. A clue's past black cells not fixed at
        the root, x, lies in [low, high] (low = max(0, t - b0 - future), high =
        min(unknown past, t - b0), b0 its past cells black at the root): a field of
        bit_length(high - low) bits. Fields that fit in 128 bits in all give the key
        sum(x * 2**offset) mod 2**128 (x - low packs without overlap, so equal keys are equal
        needs); otherwise the position keeps the masked window. The key is linear in the
        past cells: each cell carries the sum of 2**offset over the open clues holding it.
        """
        cdef int p, r, c, rr, cc, k, bit, q, first, last_cell, b0, unknown_past, future
        cdef int low, high, width_bits, offset, i, entries = 0, capacity
        cdef int *clue_at = NULL
        cdef uint64_t *weight = NULL   # per window cell p - 1 - i: two words
        cdef int32_t *grown_cell
        cdef uint64_t *grown_weight
        capacity = 4 * self.size + 64
        self.by_need = <uint8_t *>calloc(self.size + 1, sizeof(uint8_t))
        self.need_start = <int32_t *>calloc(self.size + 1, sizeof(int32_t))
        self.need_cell = <int32_t *>malloc(capacity * sizeof(int32_t))
        self.need_weight = <uint64_t *>malloc(2 * capacity * sizeof(uint64_t))
        clue_at = <int *>malloc(self.size * sizeof(int))
        weight = <uint64_t *>malloc(2 * self.size * sizeof(uint64_t))
        try:
            if (self.by_need == NULL or self.need_start == NULL or self.need_cell == NULL
                    or self.need_weight == NULL or clue_at == NULL or weight == NULL):
                raise MemoryError()
            for p in range(self.size):
                clue_at[p] = -1
            for k in range(self.clues):
                clue_at[self.centre_r[k] * self.width + self.centre_c[k]] = k
            for p in range(self.size):
                self.need_start[p] = entries
                r = p // self.width
                c = p % self.width
                offset = 0
                memset(weight, 0, 2 * min(p, 2 * self.width + 2) * sizeof(uint64_t))
                for rr in range(max(r - 1, 0), min(r + 2, self.rows)):
                    for cc in range(max(c - 2, 0) if rr == r - 1 else 0,
                                    min(c + 2, self.width) if rr == r + 1 else self.width):
                        k = clue_at[rr * self.width + cc]
                        if k < 0:
                            continue
                        first = self.size
                        last_cell = -1
                        b0 = 0
                        unknown_past = 0
                        future = 0
                        for bit in range(BLOCK):
                            q = self.block[k * BLOCK + bit]
                            if q < 0:
                                continue
                            first = min(first, q)
                            last_cell = max(last_cell, q)
                            if q >= p:
                                future += 1
                            elif self.value[q] == UNKNOWN:
                                unknown_past += 1
                            elif self.value[q] == BLACK:
                                b0 += 1
                        if not (first < p <= last_cell):
                            continue
                        low = max(0, self.target[k] - b0 - future)
                        high = min(unknown_past, self.target[k] - b0)
                        width_bits = 0
                        while high - low >= (1 << width_bits):
                            width_bits += 1
                        if width_bits == 0:
                            continue
                        if offset + width_bits <= 128:
                            for bit in range(BLOCK):
                                q = self.block[k * BLOCK + bit]
                                if 0 <= q < p and self.value[q] == UNKNOWN:
                                    i = p - 1 - q
                                    if offset < 64:
                                        weight[2 * i] += (<uint64_t>1) << offset
                                    else:
                                        weight[2 * i + 1] += (<uint64_t>1) << (offset - 64)
                        offset += width_bits
                if offset > 128:
                    continue
                self.by_need[p] = 1
                for i in range(min(p, 2 * self.width + 2)):
                    if weight[2 * i] == 0 and weight[2 * i + 1] == 0:
                        continue
                    if entries == capacity:
                        capacity *= 2
                        grown_cell = <int32_t *>realloc(self.need_cell, capacity * sizeof(int32_t))
                        if grown_cell == NULL:
                            raise MemoryError()
                        self.need_cell = grown_cell
                        grown_weight = <uint64_t *>realloc(self.need_weight, 2 * capacity * sizeof(uint64_t))
                        if grown_weight == NULL:
                            raise MemoryError()
                        self.need_weight = grown_weight
                    self.need_cell[entries] = p - 1 - i
                    self.need_weight[2 * entries] = weight[2 * i]
                    self.need_weight[2 * entries + 1] = weight[2 * i + 1]
                    entries += 1
            self.need_start[self.size] = entries
        finally:
            free(clue_at)
            free(weight)

    cdef bint colour(self, int p, int v) noexcept nogil:
        """Colour cell p and propagate; False (with an empty queue) on a contradiction."""
        if self.assign(p, v) and self.propagate():
            return True
        self.clear_queue()
        return False

    cdef inline void enqueue(self, int k) noexcept nogil:
        if not self.queued[k]:
            self.queued[k] = 1
            self.queue[self.queue_size] = k
            self.queue_size += 1

    cdef void clear_queue(self) noexcept nogil:
        while self.queue_size:
            self.queue_size -= 1
            self.queued[self.queue[self.queue_size]] = 0

    cdef bint assign(self, int p, int v) noexcept nogil:
        """Colour cell p, update its clues and queue them; False on a contradiction."""
        cdef int i, k, black, unknown, t, packed
        cdef bint ok = True
        self.value[p] = <uint8_t>v
        self.trail[self.trail_size] = p
        self.trail_size += 1
        for i in range(self.cover_size[p]):
            packed = self.cover[p * BLOCK + i]
            k = packed >> PACK
            self.open_bits[k] &= ~(1 << (packed & 31))
            self.unknown[k] -= 1
            self.black[k] += v
            black = self.black[k]
            unknown = self.unknown[k]
            t = self.target[k]
            if black > t or black + unknown < t:
                ok = False
            elif unknown:
                self.enqueue(k)
        return ok

    cdef bint fill(self, int k, int v, unsigned bits) noexcept nogil:
        """Colour v the cells of k's block at bits that are still unknown; False on a contradiction."""
        bits &= self.open_bits[k]
        while bits:
            if not self.assign(self.block[k * BLOCK + fp_ctz(bits)], v):
                return False
            bits &= bits - 1
        return True

    cdef bint pair(self, int a, int b, int overlap) noexcept nogil:
        """The pair rule (pair_rule) for clues a and b; False on a contradiction."""
        cdef PairFills fills
        cdef int i
        if not pair_rule(a, b, overlap, self.open_bits, self.unknown, self.target, self.black, &fills):
            return False
        for i in range(fills.count):
            if not self.fill(fills.clue[i], fills.colour[i], fills.bits[i]):
                return False
        return True

    cdef bint propagate(self) noexcept nogil:
        """Colour what the queued clues force, alone or in pairs, to a fixed point;
        False on a contradiction."""
        cdef int k, i, b, packed, black, unknown, t
        while self.queue_size:
            self.queue_size -= 1
            k = self.queue[self.queue_size]
            self.queued[k] = 0
            black = self.black[k]
            unknown = self.unknown[k]
            t = self.target[k]
            if not unknown:
                continue
            if t == black or t == black + unknown:
                if not self.fill(k, WHITE if black == t else BLACK, self.open_bits[k]):
                    self.clear_queue()
                    return False
                continue
            for i in range(self.neighbour_size[k]):
                packed = self.neighbour[k * NEIGHBOURS + i]
                b = packed >> PACK
                if self.unknown[k] and self.unknown[b] and not self.pair(k, b, packed & 31):
                    self.clear_queue()
                    return False
        return True

    cdef void undo(self, int mark) noexcept nogil:
        """Forget every colour given since the trail was mark long."""
        cdef int p, v, i, k, packed
        while self.trail_size > mark:
            self.trail_size -= 1
            p = self.trail[self.trail_size]
            v = self.value[p]
            self.value[p] = UNKNOWN
            for i in range(self.cover_size[p]):
                packed = self.cover[p * BLOCK + i]
                k = packed >> PACK
                self.open_bits[k] |= 1 << (packed & 31)
                self.unknown[k] += 1
                self.black[k] -= v

    # -- the memo ------------------------------------------------------------

    cdef Entry *find(self, int32_t position, uint64_t lo, uint64_t hi) noexcept nogil:
        """The slot holding (position, lo, hi), or the empty slot where it would go."""
        cdef uint64_t where = slot_hash(position, lo, hi) & (self.slots - 1)
        cdef Entry *entry
        while True:
            entry = &self.table[where]
            if entry.position == 0 or (entry.position == position + 1 and entry.lo == lo and entry.hi == hi):
                return entry
            where = (where + 1) & (self.slots - 1)

    cdef bint remember(self, int32_t position, uint64_t lo, uint64_t hi, uint64_t small, uint64_t *big) noexcept nogil:
        """Store a state's count (big: its limbs, or NULL), growing the table when half full;
        False past max_states."""
        cdef Entry *old
        cdef Entry *entry
        cdef uint64_t i, old_slots, cost = 1
        if big != NULL:
            cost += (self.limbs_at(position) + STATE_LIMBS - 1) // STATE_LIMBS
        if self.budget_used + cost > self.max_states:
            return False
        if 2 * (self.state_count + 1) > self.slots:
            old = self.table
            old_slots = self.slots
            self.table = <Entry *>calloc(2 * old_slots, sizeof(Entry))
            if self.table == NULL:
                self.table = old
                return False
            self.slots = 2 * old_slots
            for i in range(old_slots):
                if old[i].position:
                    entry = self.find(old[i].position - 1, old[i].lo, old[i].hi)
                    entry[0] = old[i]
            free(old)
        entry = self.find(position, lo, hi)
        entry.position = position + 1
        entry.lo = lo
        entry.hi = hi
        entry.wide = big != NULL
        if big != NULL:
            entry.count.big = big
        else:
            entry.count.small = small
        self.state_count += 1
        self.budget_used += cost
        return True

    # -- wide counts ---------------------------------------------------------

    cdef inline int limbs_at(self, int p) noexcept nogil:
        """Limbs of a count at scan position p: it is at most 2**(size - p), of size - p + 1 bits."""
        return ((self.size - p) >> LIMB_SHIFT) + 1

    cdef uint64_t *take(self, int limbs) noexcept nogil:
        """limbs zeroed limbs from the pool, or NULL if no chunk can be had."""
        cdef uint64_t *chunk
        cdef uint64_t *taken
        cdef int size
        if limbs > self.pool_free:
            size = max(<int>POOL_LIMBS, limbs + 1)
            chunk = <uint64_t *>malloc(size * sizeof(uint64_t))
            if chunk == NULL:
                return NULL
            chunk[0] = <uint64_t><size_t>self.pool
            self.pool = chunk
            self.pool_next = 1
            self.pool_free = size - 1
        taken = self.pool + self.pool_next
        self.pool_next += limbs
        self.pool_free -= limbs
        memset(taken, 0, limbs * sizeof(uint64_t))
        return taken

    cdef inline bint add_to_frame(self, int q, uint64_t small, uint64_t *big) noexcept nogil:
        """acc[q] += the count (small, or big's limbs_at(q + 1) limbs); False if the pool is out of memory."""
        if big == NULL and self.acc_big[q] == NULL and small <= fp_cap - self.acc[q]:
            self.acc[q] += small
            return True
        return self.add_to_frame_wide(q, small, big)

    cdef bint add_to_frame_wide(self, int q, uint64_t small, uint64_t *big) noexcept nogil:
        cdef uint64_t *limbs = self.acc_big[q]
        if limbs == NULL:
            limbs = self.take(self.limbs_at(q))
            if limbs == NULL:
                return False
            limbs[0] = self.acc[q]
            self.acc_big[q] = limbs
        add_limbs(limbs, self.limbs_at(q), small, big, self.limbs_at(q + 1))
        return True

    cdef inline void add_found(self, int p, uint64_t small, uint64_t *big) noexcept nogil:
        """found += the count at position p (small, or big's limbs_at(p) limbs)."""
        if not self.found_wide:
            if big == NULL and small <= fp_cap - self.found_small:
                self.found_small += small
                return
            self.found_wide = True
            self.found_limbs[0] = self.found_small
        add_limbs(self.found_limbs, self.limbs_at(0), small, big, self.limbs_at(p))

    cdef inline bint reached(self) noexcept nogil:
        """found >= limit (the limit being set)."""
        if not self.found_wide:
            return not self.limit_wide and self.found_small >= self.limit_small
        return not self.limit_wide or at_least(self.found_limbs, self.limit_limbs, self.limbs_at(0))

    cdef void set_limit(self, limit) except *:
        """Take a count's limit (a Python int >= 0; 0: none) into limit_small or limit_limbs."""
        cdef int i, limbs = self.limbs_at(0)
        assert limit >= 0, f"limit must be at least 0, got {limit}"
        self.limit_wide = False
        self.limit_small = 0
        # A limit past 2**(64 * limbs) is past every count: as good as none.
        self.has_limit = 0 < limit < ((<object>1) << (64 * limbs))
        if not self.has_limit:
            return
        if limit <= fp_cap:
            self.limit_small = limit
            return
        self.limit_wide = True
        for i in range(limbs):
            self.limit_limbs[i] = (limit >> (64 * i)) & fp_cap

    # -- the walk ------------------------------------------------------------

    @property
    def nodes(self):
        """Nodes entered and branches tried so far."""
        return self.node_count

    @property
    def found(self):
        """Solutions counted (or listed) so far, exactly."""
        cdef int i
        if not self.found_wide:
            return self.found_small
        total = 0
        for i in range(self.limbs_at(0) - 1, -1, -1):
            total = (total << 64) | self.found_limbs[i]
        return total

    @property
    def states(self):
        """(position, window) states in the memo."""
        return self.state_count

    def next_solution(self, uint64_t node_budget):
        """Search on for at most node_budget more nodes, and at most POLL_MS.

        Returns SOLUTION (read it with solution()), EXHAUSTED when no solution is
        left, PAUSED when the budget or the time ran out first, or TOO_LARGE when
        the memo would outgrow max_states.
        """
        cdef int status
        assert self.mode != COUNTING, "a Search either lists solutions or counts them, not both"
        self.mode = LISTING
        if self.too_wide:
            return FP_STATUS_TOO_LARGE
        with nogil:
            status = self.walk(node_budget, fp_seconds() + FP_POLL_SECONDS)
        return status

    def count(self, uint64_t node_budget, limit):
        """Count solutions for at most node_budget more nodes, and at most POLL_MS, into found.

        limit is an int >= 0, however large. Returns SOLUTION once found reaches
        limit (0: no limit; found may pass limit, as a remembered state adds all
        its solutions at once), EXHAUSTED when the count is complete, PAUSED when
        the budget or the time ran out first, or TOO_LARGE when the memo would
        outgrow max_states.
        """
        cdef int status
        assert self.mode != LISTING, "a Search either lists solutions or counts them, not both"
        self.mode = COUNTING
        self.set_limit(limit)
        if self.too_wide:
            return FP_STATUS_TOO_LARGE
        with nogil:
            status = self.walk(node_budget, fp_seconds() + FP_POLL_SECONDS)
        return status

    cdef int walk(self, uint64_t node_budget, double deadline) noexcept nogil:
        """Search on until a solution (or the limit), the end, node_budget more nodes or the deadline (fp_seconds)."""
        cdef uint64_t stop = self.node_count + node_budget
        # The walk stops at check to look at the clock, at each multiple of
        # CLOCK_NODES nodes (one comparison per step, as for the budget alone).
        cdef uint64_t check = min(stop, (self.node_count | (CLOCK_NODES - 1)) + 1)
        cdef uint64_t lo, hi
        cdef uint64_t *big
        cdef bint counting = self.mode == COUNTING
        cdef bint limited = counting and self.has_limit
        cdef int p, v, branch, j
        cdef Entry *entry
        while self.phase != FINISHED:
            if self.phase == ENTER:
                p = self.top + 1
                self.node_count += 1
                self.phase = ADVANCE
                if p == self.size:
                    # The frame at the last cell counts at most 2: its word cannot overflow.
                    self.acc[p - 1] += 1
                    self.add_found(p, 1, NULL)
                    if not counting or (limited and self.reached()):
                        return FP_STATUS_SOLUTION
                    continue
                if self.by_need[p]:
                    lo = 0
                    hi = 0
                    for j in range(self.need_start[p], self.need_start[p + 1]):
                        if self.value[self.need_cell[j]] == BLACK:
                            lo += self.need_weight[2 * j]
                            hi += self.need_weight[2 * j + 1] + (lo < self.need_weight[2 * j])
                else:
                    lo = self.window_lo[p] & self.mask_lo[p]
                    hi = self.window_hi[p] & self.mask_hi[p]
                entry = self.find(p, lo, hi)
                if entry.position:
                    big = entry.count.big if entry.wide else NULL
                    if p and not self.add_to_frame(p - 1, entry.count.small, big):
                        self.phase = FINISHED
                        return FP_STATUS_TOO_LARGE
                    self.add_found(p, entry.count.small, big)
                    if limited and self.reached():
                        return FP_STATUS_SOLUTION
                    continue
                self.key_lo[p] = lo
                self.key_hi[p] = hi
                self.acc[p] = 0
                self.acc_big[p] = NULL
                self.branch[p] = TRY_WHITE if self.value[p] == UNKNOWN else FORCED
                self.mark[p] = self.trail_size
                self.top = p
                continue
            p = self.top
            if p < 0:
                self.phase = FINISHED
                break
            if self.node_count >= check:
                if self.node_count >= stop or fp_past(deadline):
                    return FP_STATUS_PAUSED
                check = min(stop, (self.node_count | (CLOCK_NODES - 1)) + 1)
            self.undo(self.mark[p])
            branch = self.branch[p]
            if branch == FORCED:
                self.branch[p] = DONE
                v = self.value[p]
            elif branch <= TRY_BLACK:
                self.branch[p] = branch + 1
                v = branch
                if not self.colour(p, v):
                    self.node_count += 1
                    continue
            else:
                big = self.acc_big[p]
                if counting or (big == NULL and self.acc[p] == 0):
                    if not self.remember(p, self.key_lo[p], self.key_hi[p], self.acc[p], big):
                        self.phase = FINISHED
                        return FP_STATUS_TOO_LARGE
                if p and not self.add_to_frame(p - 1, self.acc[p], big):
                    self.phase = FINISHED
                    return FP_STATUS_TOO_LARGE
                self.top = p - 1
                continue
            # The oldest cell leaves the window: clear its top bit before shifting.
            self.window_hi[p + 1] = (((self.window_hi[p] & (fp_cap >> 1)) << 1) | (self.window_lo[p] >> 63)) & self.full_hi
            self.window_lo[p + 1] = (((self.window_lo[p] & (fp_cap >> 1)) << 1) | <uint64_t>v) & self.full_lo
            self.phase = ENTER
        return FP_STATUS_EXHAUSTED

    def solution(self):
        """The cells of the solution last reported, row by row, as '0' and '1'."""
        cdef char text[MAX_CELLS]
        cdef int r, c, p
        for r in range(self.n):
            for c in range(self.m):
                p = c * self.width + r if self.transposed else r * self.width + c
                text[r * self.m + c] = b'1' if self.value[p] == BLACK else b'0'
        return PyUnicode_DecodeASCII(text, self.size, NULL)


cdef enum:
    # A cell's reason: a decision (or given at level 0 by no clue); a clause's offset is >= 0 and a
    # clue k is stored as BY_CLUE - k.
    DECIDED = -1
    BY_CLUE = -2
    # Conflicts before the first restart; the i-th restart waits luby(i) times as long.
    RESTART_CONFLICTS = 64


cdef extern from *:
    """
    #include "_fp_text.h"
    /* The cells of the 3x3 block centred on (r, c) of an n x m grid, clipped at the border. */
    static inline int fp_pixel_block_cells(int n, int m, int r, int c) {
        int top = r > 0 ? r - 1 : 0, bottom = r + 1 < n ? r + 1 : n - 1;
        int left = c > 0 ? c - 1 : 0, right = c + 1 < m ? c + 1 : m - 1;
        return (bottom - top + 1) * (right - left + 1);
    }

    /* n and m of a plainly written contest text of pixel placement, its cells as codes (the clue,
       or no_clue for '_') into cells: a first line "n m" (one space), then n lines of m digits or
       '_', each but the last ending in '\\n', then nothing but '\\n's, every clue at most its
       block's cells (what the facade's quick path reads). 0 when text is not that, or n or m is
       above most, or n * m above most_cells. */
    static int fp_pixel_plain_text(PyObject *text, int most, int most_cells, int no_clue, unsigned char *cells,
                                   int *columns) {
        unsigned char codes[128];
        Py_ssize_t length, at = 0;
        int n, m, p, digit;
        const Py_UCS1 *chars = fp_ascii_text(text, &length);
        if (chars == NULL)
            return 0;
        n = fp_text_number(chars, length, &at);
        if (n < 1 || n > most || at >= length || chars[at++] != ' ')
            return 0;
        m = fp_text_number(chars, length, &at);
        if (m < 1 || m > most || n > most_cells / m || at >= length || chars[at++] != '\\n')
            return 0;
        memset(codes, FP_TEXT_NOT_A_CELL, sizeof codes);
        for (digit = 0; digit <= 9; digit++)
            codes['0' + digit] = (unsigned char)digit;
        codes['_'] = (unsigned char)no_clue;
        if (!fp_grid_rows(chars, length, at, n, m, codes, cells))
            return 0;
        for (p = 0; p < n * m; p++)
            if (cells[p] != no_clue && cells[p] > fp_pixel_block_cells(n, m, p / m, p % m))
                return 0;
        *columns = m;
        return n;
    }
    """
    int fp_pixel_plain_text(PyObject *text, int most, int most_cells, int no_clue, unsigned char *cells, int *columns)


def solve_plain_texts(list texts not None, int most):
    """For each item of texts, the contest output (its rows, each ending in a newline) of a plainly written
    puzzle of at most most rows and columns (and MAX_CELLS cells) that clause learning (Learn, as the facade
    runs it) finds exactly one solution of within one poll each; None for any other item: not such a text, no
    or several solutions, or not done within the poll (the facade then solves it alone, and says why)."""
    cdef unsigned char codes[MAX_CELLS]
    cdef char text[2 * MAX_CELLS]  # a row's newline: at most one a cell
    cdef Py_ssize_t i = 0
    cdef int n, m = 0, status, r, c
    cdef uint64_t budget = (<uint64_t>1) << 40  # none in practice: the poll bounds each search
    cdef Learn learn
    cdef list out = [None] * len(texts)
    assert 1 <= most <= MAX_CELLS
    # The list may shrink while the GIL is released (another thread): it is read no further than it goes.
    while i < min(len(out), PyList_GET_SIZE(texts)):
        n = fp_pixel_plain_text(PyList_GET_ITEM(texts, i), most, MAX_CELLS, CELL_NO_CLUE, codes, &m)
        i += 1
        if n == 0:
            continue
        learn = Learn(n, m, PyBytes_FromStringAndSize(<char *>codes, n * m))
        with nogil:
            status = fp_search(&learn.e, budget, fp_seconds() + FP_POLL_SECONDS)
        if status != FP_STATUS_SOLUTION:
            continue
        for r in range(n):
            for c in range(m):
                text[r * (m + 1) + c] = b'1' if learn.e.value[r * m + c] == BLACK else b'0'
            text[r * (m + 1) + m] = b'\n'
        learn.e.solved = False
        fp_exclude_cells(&learn.e)
        with nogil:
            status = fp_search(&learn.e, budget, fp_seconds() + FP_POLL_SECONDS)
        if status == FP_STATUS_EXHAUSTED:
            out[i - 1] = PyUnicode_DecodeASCII(text, n * (m + 1), NULL)
    return out


cdef class Learn(Engine):
    """Find the solutions of a pixel-placement grid one by one by clause learning, resumably.

    The same cells and preconditions as Search, row by row (no transposing). A
    conflict-driven search: the clues propagate as counts (a block with all its black
    cells makes the rest white, one with all its white cells makes the rest black) and
    in overlapping pairs (pair_rule), every cell is probed at the root (unless probe is
    False: a search that is given clauses at once, as generation's checks, goes faster without), each
    conflict is explained back to its first unique implication point and learnt as a
    clause (watched by two literals), the next cell is the most active one (VSIDS) in
    its last colour (white at first, see prefer()), and the search restarts on the Luby
    sequence. It remembers no states, returns TOO_LARGE only when memory for its
    clauses runs out, and does not count: after a solution, next_solution learns that
    solution's clause (some cell differs) and goes on. exclude() adds such a clause
    for any part of a picture.

    A literal is 2 * cell + colour: true when the cell has that colour.
    """

    cdef int n, m, size, clues
    # Clues: target, black and unknown cells of the block; its cells (-1 past the border).
    cdef int32_t *target
    cdef int32_t *black
    cdef int32_t *unknown
    cdef int32_t *block
    cdef int32_t *cover       # cover[p * BLOCK + i]: (clue << PACK) | bit, for each clue holding p
    cdef int32_t *cover_size
    cdef uint16_t *open_bits  # the block's unknown cells as 9 bits (see fp_overlap)
    cdef int32_t *neighbour   # neighbour[k * NEIGHBOURS + i]: (clue << PACK) | overlap index
    cdef int32_t *neighbour_size
    # Clues whose pairs are still to be looked at (a stack, each clue on it at most once).
    cdef int32_t *pending
    cdef uint8_t *is_pending
    cdef int pending_size

    def __cinit__(self, int n, int m, const unsigned char[::1] cells not None, bint probe=True):
        cdef int p, k
        self.target = NULL
        self.block = NULL
        self.cover = NULL
        self.neighbour = NULL
        self.is_pending = NULL
        fp_learn_clear(&self.e)
        assert n >= 1 and m >= 1 and n * m <= MAX_CELLS, f"n and m must be >= 1 with n * m <= {MAX_CELLS}, got {n} and {m}"
        assert cells.shape[0] == n * m, f"expected n * m = {n * m} cells, got {cells.shape[0]}"
        for p in range(n * m):
            assert cells[p] <= 9 or cells[p] == CELL_NO_CLUE, f"cell {p}: expected 0..9 or NO_CLUE, got {cells[p]}"
        self.n = n
        self.m = m
        self.size = n * m
        self.allocate()
        self.clues = 0
        fp_learn_start(&self.e, RESTART_CONFLICTS, CLOCK_NODES, True, False, INT32_MAX)
        for p in range(self.size):
            self.cover_size[p] = 0
        for p in range(self.size):
            if cells[p] == CELL_NO_CLUE:
                continue
            k = self.clues
            self.clues += 1
            self.target[k] = cells[p]
            self.black[k] = 0
            self.is_pending[k] = 0
            place_block(k, p // m, p % m, n, m, self.block, self.cover, self.cover_size, self.unknown, self.open_bits)
        self.find_neighbours(cells)
        self.pending_size = 0
        with nogil:
            self.e.unsatisfiable = not (self.settle_root() and (not probe or self.probe_root()))

    cdef void allocate(self) except *:
        cdef int size = self.size
        plug(self)
        # Per clue: target, black, unknown, open_bits (in one int32 slot), neighbour_size,
        # pending; per cell: cover_size.
        self.target = <int32_t *>malloc(size * 7 * sizeof(int32_t))
        self.block = <int32_t *>malloc(size * BLOCK * sizeof(int32_t))
        self.cover = <int32_t *>malloc(size * BLOCK * sizeof(int32_t))
        self.neighbour = <int32_t *>malloc(size * NEIGHBOURS * sizeof(int32_t))
        self.is_pending = <uint8_t *>malloc(size * sizeof(uint8_t))
        if (not fp_learn_allocate(&self.e, size, 2 * BLOCK) or self.target == NULL or self.block == NULL
                or self.cover == NULL or self.neighbour == NULL or self.is_pending == NULL):
            raise MemoryError()
        self.black = self.target + size
        self.unknown = self.black + size
        self.open_bits = <uint16_t *>(self.unknown + size)
        self.neighbour_size = self.unknown + 2 * size
        self.pending = self.neighbour_size + size
        self.cover_size = self.pending + size

    def __dealloc__(self):
        fp_learn_free(&self.e)
        free(self.target)
        free(self.block)
        free(self.cover)
        free(self.neighbour)
        free(self.is_pending)

    cdef void find_neighbours(self, const unsigned char[::1] cells) except *:
        """neighbour[k]: the other clues whose blocks overlap k's (see list_neighbours)."""
        cdef int a = 0, p
        cdef int32_t *clue_at = <int32_t *>malloc(self.size * sizeof(int32_t))
        if clue_at == NULL:
            raise MemoryError()
        for p in range(self.size):
            clue_at[p] = -1 if cells[p] == CELL_NO_CLUE else a
            a += cells[p] != CELL_NO_CLUE
        list_neighbours(clue_at, self.n, self.m, self.neighbour, self.neighbour_size)
        free(clue_at)

    # -- assignment and propagation ------------------------------------------------

    cdef void give(self, int literal, int why) noexcept nogil:
        """Make literal true at the current level, for reason why."""
        cdef int p = literal >> 1, colour = literal & 1, i, k
        fp_set(&self.e, literal, why)
        for i in range(self.cover_size[p]):
            k = self.cover[p * BLOCK + i]
            self.open_bits[k >> PACK] &= ~(1 << (k & 31))
            self.unknown[k >> PACK] -= 1
            self.black[k >> PACK] += colour

    cdef int propagate(self) noexcept nogil:
        """Make true what the clues (alone and in overlapping pairs) and the clauses force, to a
        fixed point.

        Returns -1, or the conflict: a clause's offset (>= 0), or a clue's or pair's reason
        (see pair_reason) whose counts cannot be met. Each clue touched since the last
        fixed point is looked at with its neighbours (the pair rule) once the literals
        waiting are done.
        """
        cdef int literal, p, i, k, clause
        while True:
            while self.e.qhead < self.e.trail_size:
                literal = self.e.trail[self.e.qhead]
                self.e.qhead += 1
                p = literal >> 1
                for i in range(self.cover_size[p]):
                    k = self.cover[p * BLOCK + i] >> PACK
                    if not self.force(k):
                        self.clear_pending()
                        return BY_CLUE - k
                clause = fp_watched(&self.e, literal ^ 1)
                if self.e.out_of_memory:
                    return -1
                if clause >= 0:
                    self.clear_pending()
                    return clause
            if not self.pending_size:
                return -1
            self.pending_size -= 1
            k = self.pending[self.pending_size]
            self.is_pending[k] = 0
            for i in range(self.neighbour_size[k]):
                if self.unknown[k] and self.unknown[self.neighbour[k * NEIGHBOURS + i] >> PACK]:
                    clause = self.pair(k, i)
                    if clause != -1:
                        self.clear_pending()
                        return clause

    cdef void clear_pending(self) noexcept nogil:
        while self.pending_size:
            self.pending_size -= 1
            self.is_pending[self.pending[self.pending_size]] = 0

    cdef inline int pair_reason(self, int a, int i) noexcept nogil:
        """The reason code of the pair of clue a and its i-th neighbour: after the clues' BY_CLUE - k."""
        return BY_CLUE - (self.clues + a * NEIGHBOURS + i)

    cdef int pair(self, int a, int i) noexcept nogil:
        """The pair rule (pair_rule) for clue a and its i-th neighbour, giving what it forces with
        the pair as the reason; -1, or that reason if the two cannot both be met."""
        cdef int packed = self.neighbour[a * NEIGHBOURS + i], why = self.pair_reason(a, i), j
        cdef PairFills fills
        if not pair_rule(a, packed >> PACK, packed & 31, self.open_bits, self.unknown, self.target, self.black, &fills):
            return why
        for j in range(fills.count):
            self.fill(fills.clue[j], fills.colour[j], fills.bits[j], why)
        return -1

    cdef void fill(self, int k, int colour, unsigned bits, int why) noexcept nogil:
        """Give colour to the cells of k's block at bits that are still unknown, for reason why."""
        bits &= self.open_bits[k]
        while bits:
            self.give(2 * self.block[k * BLOCK + fp_ctz(bits)] + colour, why)
            bits &= bits - 1

    cdef bint force(self, int k) noexcept nogil:
        """Give what clue k forces alone (its other cells white once all its black cells are
        there, black once all its white cells are), or put it on the pending stack for its
        pairs; False if it has too many black or too many white cells."""
        cdef int b = self.black[k], u = self.unknown[k], t = self.target[k], bit, q, colour
        if b > t or b + u < t:
            return False
        if u and (b == t or b + u == t):
            colour = WHITE if b == t else BLACK
            for bit in range(BLOCK):
                q = self.block[k * BLOCK + bit]
                if q >= 0 and self.e.value[q] == UNKNOWN:
                    self.give(2 * q + colour, BY_CLUE - k)
        elif u and not self.is_pending[k]:
            self.is_pending[k] = 1
            self.pending[self.pending_size] = k
            self.pending_size += 1
        return True

    cdef bint settle_root(self) noexcept nogil:
        """Give what each clue forces alone (a 0, a clue as large as its block), then propagate
        with every other clue's pairs waiting; False on a contradiction."""
        cdef int k
        for k in range(self.clues):
            if not self.force(k):
                return False
        return self.propagate() == -1 and not self.e.out_of_memory

    cdef bint probe_root(self) noexcept nogil:
        """Try both colours of every unknown cell at level 0: one whose propagation fails gives the
        other at level 0. Repeats until nothing changes; False if both colours fail somewhere."""
        cdef bint changed = True
        cdef int p, colour, failed
        while changed:
            changed = False
            for p in range(self.size):
                if self.e.value[p] != UNKNOWN or not self.cover_size[p]:
                    continue
                failed = -1
                for colour in range(2):
                    if not fp_probe(&self.e, 2 * p + colour):
                        failed = colour
                    if not fp_unprobe(&self.e):
                        return False
                    if failed >= 0:
                        break
                if failed >= 0:
                    if not fp_fix(&self.e, 2 * p + (failed ^ 1)):
                        return False
                    changed = True
        return True

    cdef void back_to(self, int level) noexcept nogil:
        """Forget every literal given above decision level level."""
        cdef int literal, p, i, k, colour
        if self.e.level_count <= level:
            return
        while self.e.trail_size > self.e.level_start[level]:
            literal = fp_unset(&self.e)
            p = literal >> 1
            colour = literal & 1
            for i in range(self.cover_size[p]):
                k = self.cover[p * BLOCK + i]
                self.open_bits[k >> PACK] |= 1 << (k & 31)
                self.unknown[k >> PACK] += 1
                self.black[k >> PACK] -= colour
        fp_backed(&self.e, level)
        self.clear_pending()

    # -- learning ------------------------------------------------------------------

    cdef int reason(self, int why, int p, int32_t *out) noexcept nogil:
        """The engine's hook: the reason of p's value, a clue's block (why) in the engine's terms."""
        return self.explain(BY_CLUE - why, p, out)

    cdef int explain(self, int code, int cell, int32_t *out) noexcept nogil:
        """Why a clue or pair (code: BY_CLUE - reason) forced cell (or, for cell -1, why it failed):
        false literals, into out; their number.

        A white cell a clue forced rests on the black cells placed before it, a black one on
        the white cells; a clue's failure on all its black cells if too many are black, else
        on all its white cells. A pair rests on every cell of its two blocks placed before.
        Each cell is given as the literal of its other colour, which is false.
        """
        cdef int count = 0, bit, q, colour, before = self.e.trail_size, k, a, packed, overlap
        if cell >= 0:
            before = self.e.place[cell]
        if code < self.clues:
            k = code
            if cell >= 0:
                colour = BLACK if self.e.value[cell] == WHITE else WHITE
            else:
                colour = BLACK if self.black[k] > self.target[k] else WHITE
            for bit in range(BLOCK):
                q = self.block[k * BLOCK + bit]
                if q >= 0 and self.e.value[q] == colour and self.e.place[q] < before:
                    out[count] = 2 * q + (colour ^ 1)
                    count += 1
            return count
        a = (code - self.clues) // NEIGHBOURS
        packed = self.neighbour[a * NEIGHBOURS + (code - self.clues) % NEIGHBOURS]
        overlap = packed & 31
        for bit in range(BLOCK):
            q = self.block[a * BLOCK + bit]
            if q >= 0 and self.e.value[q] != UNKNOWN and self.e.place[q] < before:
                out[count] = 2 * q + (self.e.value[q] ^ 1)
                count += 1
        k = packed >> PACK
        for bit in range(BLOCK):
            q = self.block[k * BLOCK + bit]
            if (q >= 0 and not (fp_overlap[24 - overlap] >> bit) & 1 and self.e.value[q] != UNKNOWN
                    and self.e.place[q] < before):
                out[count] = 2 * q + (self.e.value[q] ^ 1)
                count += 1
        return count

    # -- the search ----------------------------------------------------------------

    def next_solution(self, uint64_t node_budget):
        """Search on for at most node_budget more nodes, and at most POLL_MS.

        Returns SOLUTION (read it with solution(); the next call first excludes it),
        EXHAUSTED when no solution is left, PAUSED when the budget or the time ran out
        first, or TOO_LARGE only if memory for its clauses ran out.
        """
        cdef int status
        with nogil:
            if self.e.solved:
                self.e.solved = False
                fp_exclude_cells(&self.e)
            status = fp_search(&self.e, node_budget, fp_seconds() + FP_POLL_SECONDS)
        return status

    def exclude(self, const unsigned char[::1] picture not None, const unsigned char[::1] where not None):
        """From now on, find only solutions that differ from picture (0 or 1 per cell, row by row)
        in at least one cell where where is not 0."""
        fp_exclude(&self.e, picture, where)

    def prefer(self, const unsigned char[::1] picture not None):
        """Try each cell first in its colour in picture (0 or 1 per cell, row by row), until
        the search learns otherwise (white is the first colour by default)."""
        fp_prefer(&self.e, picture)


include "../_learning/plug.pxi"
