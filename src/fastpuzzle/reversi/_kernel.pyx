# cython: language_level=3
"""Compiled reversi kernel: bitboard game-tree counting with a transposition table.

A position is two 64-bit masks, the mover's discs and the other side's. Moves
come from shifts of the whole board (moves_of), flips from rays read out of a
constant table (flips_of). Near the end of a game the counts take shortcuts,
written in C in reversi/_tail.h (fp_few_left): with five empty cells or fewer
every empty cell is tried as a move, games add up in one word (a tally),
positions go through a near table (its slots asked for before the children
are counted), two empty cells are played out in place (fp_two_left), and the
last move only counts its flips, four table lookups, one per line through the
cell. That C is compiled up to four times: a portable copy, one for the
popcnt instruction, and two for AVX2 whose flips take four directions at a
time in one vector, the second for boards of side 6 or less, where a run of
discs is short (one doubling step fewer); the best the CPU runs is used
(fp_small_count). Larger
subtrees go through the main table: buckets of two slots, one keeping the
costliest subtree, the other the latest; each node asks for its children's
slots before counting them, and perft keys a position by the least of its
mirror images. Measured side by side against bench/cpp/reversi_count.cpp
(bench/reversi_stress.py, before and after in one run): 0.087-0.091 x the C++
time on the 8x8 sets of 12-14 empties (0.127-0.128 x before), 0.107 x on the
35-position stress set of 4x4-8x8 boards (0.160 x before); with the short-lines
copy 0.097 x (0.103 x without it in the same run; 6x6 0.098 x from 0.107 x).
The main table may be a Table that several Counters share, each counting in
its own thread: then every read and write of a bucket holds that bucket's
spin lock.
"""

# Bitboard shifts drop the bits that leave the board and the table's hash wraps
# on purpose, so overflow checking stays off even in the checked build; counts
# carry into a second word explicitly.

from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE
from cpython.ref cimport PyObject
from libc.stdint cimport uint64_t
from libc.stdlib cimport calloc, free
from libc.string cimport memset

cdef extern from *:
    """
    #include <Python.h>
    #include "_fp_popcount.h"
    #if defined(_MSC_VER)
    #include <intrin.h>
    static inline void fp_prefetch(const void *p) { _mm_prefetch((const char *)p, _MM_HINT_T0); }
    static inline int fp_ctz64(unsigned long long x) { unsigned long i; _BitScanForward64(&i, x); return (int)i; }
    static inline int fp_bsr64(unsigned long long x) { unsigned long i; _BitScanReverse64(&i, x); return (int)i; }
    static inline unsigned long long fp_bswap64(unsigned long long x) { return _byteswap_uint64(x); }
    #else
    static inline int fp_ctz64(unsigned long long x) { return __builtin_ctzll(x); }
    static inline void fp_prefetch(const void *p) { __builtin_prefetch(p); }
    static inline int fp_bsr64(unsigned long long x) { return 63 - __builtin_clzll(x); }
    static inline unsigned long long fp_bswap64(unsigned long long x) { return __builtin_bswap64(x); }
    #endif

    /* Columns 1..6: a run of discs flanked in a sideways or diagonal direction
       never touches column 0 or 7, which also stops moves_of's shifts from
       wrapping between rows. HASH_A and HASH_B are odd multipliers for the table's hash. */
    static const unsigned long long INNER = 0x7E7E7E7E7E7E7E7EULL;
    static const unsigned long long HASH_A = 0x9E3779B97F4A7C15ULL;
    static const unsigned long long HASH_B = 0xC2B2AE3D27D4EB4FULL;

    #if defined(_MSC_VER)
    #define FP_ALWAYS_INLINE static __forceinline
    #else
    #define FP_ALWAYS_INLINE static inline __attribute__((always_inline))
    #endif

    /* Cells just beyond runs of mask (the opponent's discs) that start next to
       p, both ways along shift d. The runs are filled with doubling steps: one
       shift by d, then shifts by 2d through cells whose neighbour at d is also
       in mask. */
    FP_ALWAYS_INLINE unsigned long long fp_moves_one_axis(unsigned long long p, unsigned long long mask, int d) {
        unsigned long long up = mask & (p << d), down = mask & (p >> d);
        unsigned long long pair_up = mask & (mask << d), pair_down = mask & (mask >> d);
        up |= mask & (up << d);
        down |= mask & (down >> d);
        up |= pair_up & (up << (2 * d));
        down |= pair_down & (down >> (2 * d));
        up |= pair_up & (up << (2 * d));
        down |= pair_down & (down >> (2 * d));
        return (up << d) | (down >> d);
    }

    /* Every empty cell where p's disc would flank a run of o's discs, in 8
       directions. Written here to be always inlined: it is the counts' hottest
       call, and as a Cython inline function the compiler dropped it from the
       last two plies of perft once the module's inlining budget ran out. */
    FP_ALWAYS_INLINE unsigned long long fp_moves_of(unsigned long long p, unsigned long long o, unsigned long long empty) {
        unsigned long long side = o & INNER;
        return (fp_moves_one_axis(p, side, 1) | fp_moves_one_axis(p, o, 8)
                | fp_moves_one_axis(p, side, 7) | fp_moves_one_axis(p, side, 9)) & empty;
    }

    /* Take the GIL, look for a pending signal, then report progress to callback
       (None: no report). Returns 1 when the count must stop; the Python exception
       that says why is left set, for the caller to raise once it holds the GIL. */
    static int fp_poll(PyObject *callback, double done) {
        int stop = 0;
        PyGILState_STATE state = PyGILState_Ensure();
        if (PyErr_CheckSignals() < 0) {
            stop = 1;
        } else if (callback != Py_None) {
            PyObject *result = PyObject_CallFunction(callback, "d", done);
            if (result == NULL) stop = 1; else Py_DECREF(result);
        }
        PyGILState_Release(state);
        return stop;
    }
    """
    int fp_ctz64(unsigned long long x) nogil
    int fp_popcount64(unsigned long long x) nogil
    int fp_bsr64(unsigned long long x) nogil
    void fp_prefetch(const void *p) nogil
    uint64_t fp_bswap64(uint64_t x) nogil
    uint64_t moves_of "fp_moves_of"(uint64_t p, uint64_t o, uint64_t empty) nogil
    int fp_poll(PyObject *callback, double done) nogil
    const uint64_t INNER
    const uint64_t HASH_A
    const uint64_t HASH_B

cdef extern from *:
    """
    /* The spin locks of a shared table: one byte each, taken with acquire and
       released with release ordering, so a bucket's entries are read and
       written whole. Out of line: they add only a call to the counts' code. */
    #if defined(_MSC_VER)
    static __declspec(noinline) void fp_lock(volatile unsigned char *lock) {
        while (_InterlockedExchange8((volatile char *)lock, 1)) { while (*lock) {} }
    }
    static __declspec(noinline) void fp_unlock(volatile unsigned char *lock) { _ReadWriteBarrier(); *lock = 0; }
    #else
    static __attribute__((noinline)) void fp_lock(volatile unsigned char *lock) {
        while (__atomic_test_and_set(lock, __ATOMIC_ACQUIRE)) {
            while (__atomic_load_n(lock, __ATOMIC_RELAXED)) {}
        }
    }
    static __attribute__((noinline)) void fp_unlock(volatile unsigned char *lock) { __atomic_clear(lock, __ATOMIC_RELEASE); }
    #endif
    """
    void fp_lock(unsigned char *lock) nogil
    void fp_unlock(unsigned char *lock) nogil

cdef extern from "_fp_clock.h":
    double fp_seconds() nogil
    double FP_POLL_SECONDS      # seconds between two polls for Ctrl-C and progress

cdef extern from "_tables.h":
    # FP_RAYS[k][d]: the cells beyond cell k in direction d (0-3 towards higher
    # bits, 4-7 towards lower); FP_AROUND[k]: the cells next to cell k.
    const uint64_t FP_RAYS[64][8]
    const uint64_t FP_AROUND[64]

cdef extern from *:
    """
    /* A tally packs the games of a small subtree into one word: mover wins in
       bits 0-20, opponent wins in 21-41, draws in 42-62. A subtree with e empty
       cells has at most e! * e games (fewer than 2**21 for e <= 9), so tallies
       add as integers. */
    #define FP_TALLY_BITS 21
    #define FP_TALLY_FIELD 0x1FFFFFULL
    /* Endgame nodes with at most FP_SMALL_EMPTIES empties are counted in a
       tally by fp_few_left; of those, the ones with at least FP_NEAR_EMPTIES
       go through the near table. */
    #define FP_SMALL_EMPTIES 5
    #define FP_NEAR_EMPTIES 3

    /* One slot of the near table: the tally of the games from a position with
       few empty cells. player == opponent == 0 marks a free slot. */
    typedef struct { unsigned long long player, opponent, tally; } fp_near;

    /* One finished game in which the mover has lead more discs. */
    static inline unsigned long long fp_tally_of(int lead) {
        return 1ULL << (FP_TALLY_BITS * (lead < 0) + 2 * FP_TALLY_BITS * (lead == 0));
    }

    /* The same games seen from the other side: their wins are our losses. */
    static inline unsigned long long fp_swapped(unsigned long long tally) {
        return ((tally & FP_TALLY_FIELD) << FP_TALLY_BITS) | ((tally >> FP_TALLY_BITS) & FP_TALLY_FIELD)
               | (tally & (FP_TALLY_FIELD << (2 * FP_TALLY_BITS)));
    }

    /* The near-table slot of a position. */
    static inline fp_near *fp_near_slot(fp_near *near, unsigned long long near_mask, unsigned long long p,
                                        unsigned long long o) {
        return &near[(((p ^ ((o << 29) | (o >> 35))) * HASH_A) >> 40) & near_mask];
    }

    /* A well-mixed hash of a position (salt: perft's plies to go). */
    static inline unsigned long long fp_slot(unsigned long long p, unsigned long long o, unsigned long long salt) {
        unsigned long long h = (p ^ salt) * HASH_A ^ (o * HASH_B);
        h ^= h >> 31;
        h *= HASH_A;
        return h ^ (h >> 29);
    }

    /* The counts of the last few empty cells, in up to four copies where the
       compiler can target instruction sets per function (x86-64 with GCC or
       Clang): a portable copy; one for the popcnt instruction, when the whole
       build does not already use it; and one for AVX2 (with popcnt, BMI and
       BMI2), whose flips take four directions at a time, with a fourth copy of
       it for boards of side 6 or less, whose flips take one step fewer.
       fp_small_count picks the best copy the CPU runs, so that the wheel stays
       portable. */
    #define FP_TAIL_DISPATCH FP_POPCOUNT_DISPATCH
    #if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
    #define FP_TAIL_AVX2 1
    #else
    #define FP_TAIL_AVX2 0
    #endif
    #define FP_TAIL(name) name##_portable
    #define FP_TAIL_TARGET
    #define FP_TAIL_POPCOUNT(x) fp_popcount64(x)
    #define FP_TAIL_VECTOR 0
    #define FP_TAIL_SHORT_LINES 0
    #include "_tail.h"
    #undef FP_TAIL
    #undef FP_TAIL_TARGET
    #undef FP_TAIL_POPCOUNT
    #if FP_TAIL_DISPATCH
    #define FP_TAIL(name) name##_popcnt
    #define FP_TAIL_TARGET __attribute__((target("popcnt")))
    #define FP_TAIL_POPCOUNT(x) __builtin_popcountll(x)
    #include "_tail.h"
    #undef FP_TAIL
    #undef FP_TAIL_TARGET
    #undef FP_TAIL_POPCOUNT
    #endif
    #undef FP_TAIL_VECTOR
    #if FP_TAIL_AVX2
    #define FP_TAIL(name) name##_avx2
    #define FP_TAIL_TARGET __attribute__((target("popcnt,bmi,bmi2,avx2")))
    #define FP_TAIL_POPCOUNT(x) __builtin_popcountll(x)
    #define FP_TAIL_VECTOR 1
    #include "_tail.h"
    #undef FP_TAIL
    #undef FP_TAIL_SHORT_LINES
    #define FP_TAIL(name) name##_avx2_short
    #define FP_TAIL_SHORT_LINES 1
    #include "_tail.h"
    #undef FP_TAIL
    #undef FP_TAIL_TARGET
    #undef FP_TAIL_POPCOUNT
    #undef FP_TAIL_VECTOR
    #endif
    #undef FP_TAIL_SHORT_LINES

    /* Whether the CPU runs the AVX2 copy. */
    static int fp_hardware_avx2(void) {
    #if FP_TAIL_AVX2
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2")
               && __builtin_cpu_supports("popcnt");
    #else
        return 0;
    #endif
    }

    /* The tally of the games from (p to move, o), with e <= FP_SMALL_EMPTIES
       empty cells, by the copy tail picks: FP_TAIL_PORTABLE, FP_TAIL_POPCNT
       (with fp_hardware_popcount()), FP_TAIL_AVX2_COPY (with fp_hardware_avx2())
       or, for a board of side 6 or less, FP_TAIL_AVX2_SHORT (the same). */
    enum { FP_TAIL_PORTABLE = 0, FP_TAIL_POPCNT = 1, FP_TAIL_AVX2_COPY = 2, FP_TAIL_AVX2_SHORT = 3 };
    static unsigned long long fp_small_count(int tail, fp_near *near, unsigned long long near_mask,
                                             unsigned long long *nodes, unsigned long long p, unsigned long long o,
                                             unsigned long long empty, int e) {
    #if FP_TAIL_AVX2
        if (tail == FP_TAIL_AVX2_COPY) return fp_small_count_avx2(near, near_mask, nodes, p, o, empty, e);
        if (tail == FP_TAIL_AVX2_SHORT) return fp_small_count_avx2_short(near, near_mask, nodes, p, o, empty, e);
    #endif
    #if FP_TAIL_DISPATCH
        if (tail == FP_TAIL_POPCNT) return fp_small_count_popcnt(near, near_mask, nodes, p, o, empty, e);
    #endif
        (void)tail;
        return fp_small_count_portable(near, near_mask, nodes, p, o, empty, e);
    }
    """
    ctypedef struct Near "fp_near":
        # One slot of the near table. player == opponent == 0 marks a free slot.
        uint64_t player
        uint64_t opponent
        uint64_t tally
    enum:
        FP_TALLY_BITS
        FP_SMALL_EMPTIES
    const uint64_t FP_TALLY_FIELD
    uint64_t slot "fp_slot"(uint64_t p, uint64_t o, uint64_t salt) nogil
    Near *fp_near_slot(Near *near, uint64_t near_mask, uint64_t p, uint64_t o) nogil
    # The discs of o that p's disc on the single cell move flips (0: not a legal move).
    uint64_t flips_of "fp_flips_portable"(uint64_t p, uint64_t o, uint64_t move) nogil
    int fp_hardware_popcount() nogil
    int fp_hardware_avx2() nogil
    enum:
        FP_TAIL_PORTABLE
        FP_TAIL_POPCNT
        FP_TAIL_AVX2_COPY
        FP_TAIL_AVX2_SHORT
    # nodes as C declares it: uint64_t may be unsigned long, which is no unsigned long long to a pointer.
    uint64_t fp_small_count(int tail, Near *near, uint64_t near_mask, unsigned long long *nodes,
                            uint64_t p, uint64_t o, uint64_t empty, int e) nogil

cdef extern from *:
    # Defined once in fastpuzzle/_registry.py; setup.py passes them as C macros.
    enum:
        FP_REVERSI_MAX_N            # the board sits in a uint64_t, 8 bits per row (bit 8 * r + c)
        FP_REVERSI_MAX_TABLE_BITS   # largest transposition table: 2**MAX_BITS entries

cdef enum:
    MAX_SIDE = FP_REVERSI_MAX_N
    MAX_BITS = FP_REVERSI_MAX_TABLE_BITS
    # Nodes between two looks at the clock (well under a millisecond): a poll
    # for Ctrl-C and progress, which takes the GIL, waits for the poll interval.
    CHECK_NODES = 4096
    # Plies from the root below which a subtree's share of the work is tracked.
    PROGRESS_PLIES = 6
    # Endgame nodes with at most this many empties are counted in one word (a
    # tally), every empty cell tried as a move, without polls or the main table.
    SMALL_EMPTIES = FP_SMALL_EMPTIES
    # Largest near table: 2**NEAR_BITS entries of 24 bytes (1.5 MiB: its slots are
    # asked for ahead, so it may outgrow the closest caches).
    NEAR_BITS = 16
    # Largest board side the AVX2 copy's variant for short lines serves.
    SHORT_LINES_SIDE = 6
    # Bits per count in a tally.
    TALLY_BITS = FP_TALLY_BITS
    # Perft nodes with fewer plies to go than this bypass the table.
    PERFT_TABLE_DEPTH = 3
    # Spin locks of a shared table (one byte each, 4 KiB: they stay in the
    # cache); bucket b takes lock b % LOCK_COUNT.
    LOCK_COUNT = 4096

cdef enum:
    # What the table currently holds; switching kinds clears it.
    TABLE_EMPTY = 0
    TABLE_ENDGAME = 1
    TABLE_PERFT_ENDED = 2     # perft, convention A: ended games count as leaves
    TABLE_PERFT_LIVE = 3      # perft, convention B: ended games are not counted


ctypedef struct U128:
    # An exact count as two words: value = hi * 2**64 + lo.
    uint64_t lo
    uint64_t hi

ctypedef struct Entry:
    # One table slot (64 bytes). Endgame: count[0..2] = mover wins, opponent wins,
    # draws. Perft: count[0] = leaves, count[1].lo = plies. player == opponent == 0
    # marks a free slot (the empty board, the one position without discs, is never stored).
    uint64_t player
    uint64_t opponent
    U128 count[3]

ctypedef struct Context:
    # One count in progress; lives on the stack of Counter.count or Counter.perft.
    Entry *table
    uint64_t table_mask         # 0: no table
    unsigned char *locks        # a shared table's LOCK_COUNT spin locks; NULL: a private table, no locking
    Near *near
    uint64_t near_mask          # 0: no near table
    int tail                    # the copy of reversi/_tail.h that counts the last few empty cells (FP_TAIL_*)
    uint64_t valid              # the cells of the board
    int side                    # n, the board's side
    uint64_t weight             # what one leaf adds (1; larger in tests of the carry)
    uint64_t nodes
    uint64_t next_check         # the node count at which to look at the clock next
    double next_poll            # the time (fp_seconds) from which to poll
    double interval             # seconds between two polls
    double done                 # share of the work finished, 0..1
    int ended_counts            # perft: a game over before the last ply is a leaf
    int stopped                 # a poll asked to stop; a Python exception is set
    PyObject *progress          # callback(done) or None, called at each poll
    bint tracking               # progress is not None: the shares are worth working out


cdef inline void add(U128 *a, U128 b) noexcept nogil:
    a.lo += b.lo
    a.hi += b.hi + (a.lo < b.lo)


cdef inline void add_times(U128 *a, uint64_t weight, uint64_t k) noexcept nogil:
    """a += weight * k for k < 2**32, carrying into the high word."""
    cdef uint64_t low = (weight & 0xFFFFFFFFULL) * k
    cdef uint64_t high = (weight >> 32) * k
    cdef uint64_t lo = low + (high << 32)
    cdef uint64_t hi = (high >> 32) + (lo < low)
    a.lo += lo
    a.hi += hi + (a.lo < lo)


cdef inline uint64_t flip_rows(uint64_t x, int n) noexcept nogil:
    """x with the rows of the n x n board in reverse order."""
    return fp_bswap64(x) >> (8 * (8 - n))


cdef inline uint64_t flip_columns(uint64_t x, int n) noexcept nogil:
    """x with the columns of the n x n board in reverse order."""
    x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1)
    x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2)
    x = ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4)
    return x >> (8 - n)


cdef inline uint64_t transpose(uint64_t x) noexcept nogil:
    """x mirrored in the main diagonal: cell (r, c) to (c, r), by three block swaps."""
    cdef uint64_t t = 0x0F0F0F0F00000000ULL & (x ^ (x << 28))
    x ^= t ^ (t >> 28)
    t = 0x3333000033330000ULL & (x ^ (x << 14))
    x ^= t ^ (t >> 14)
    t = 0x5500550055005500ULL & (x ^ (x << 7))
    x ^= t ^ (t >> 7)
    return x


cdef inline void keep_least(uint64_t p, uint64_t o, uint64_t *best_p, uint64_t *best_o) noexcept nogil:
    if p < best_p[0] or (p == best_p[0] and o < best_o[0]):
        best_p[0] = p
        best_o[0] = o


cdef inline void canonical(int n, uint64_t *p, uint64_t *o) noexcept nogil:
    """Replace (p, o) by the least of its 8 images under the symmetries of the n x n board.

    A position and its mirror images have the same counts, so the table keys
    them as one. The images: the identity, the row, column and both flips,
    each before and after a transpose.
    """
    cdef uint64_t rows_p = flip_rows(p[0], n), rows_o = flip_rows(o[0], n)
    cdef uint64_t cols_p = flip_columns(p[0], n), cols_o = flip_columns(o[0], n)
    cdef uint64_t both_p = flip_columns(rows_p, n), both_o = flip_columns(rows_o, n)
    cdef uint64_t best_p = p[0], best_o = o[0]
    keep_least(rows_p, rows_o, &best_p, &best_o)
    keep_least(cols_p, cols_o, &best_p, &best_o)
    keep_least(both_p, both_o, &best_p, &best_o)
    keep_least(transpose(p[0]), transpose(o[0]), &best_p, &best_o)
    keep_least(transpose(rows_p), transpose(rows_o), &best_p, &best_o)
    keep_least(transpose(cols_p), transpose(cols_o), &best_p, &best_o)
    keep_least(transpose(both_p), transpose(both_o), &best_p, &best_o)
    p[0] = best_p
    o[0] = best_o


cdef inline Entry *bucket_of(Context *ctx, uint64_t p, uint64_t o, uint64_t salt) noexcept nogil:
    """The two adjacent slots where (p, o) may be stored."""
    return &ctx.table[slot(p, o, salt) & ctx.table_mask & ~(<uint64_t>1)]


cdef inline void lock_bucket(Context *ctx, Entry *bucket) noexcept nogil:
    """Take the lock of bucket, when the table is shared (a private table has none)."""
    if ctx.locks != NULL:
        fp_lock(&ctx.locks[((bucket - ctx.table) >> 1) & (LOCK_COUNT - 1)])


cdef inline void unlock_bucket(Context *ctx, Entry *bucket) noexcept nogil:
    if ctx.locks != NULL:
        fp_unlock(&ctx.locks[((bucket - ctx.table) >> 1) & (LOCK_COUNT - 1)])


cdef inline Entry *make_room(Entry *bucket, int worth, int first_worth) noexcept nogil:
    """The slot of bucket for a new entry of the given worth (plies or empties to go).

    The first slot keeps the costliest subtree seen, the second the latest one:
    a newcomer worth at least the first's takes its place and pushes it down.
    """
    if worth >= first_worth:
        bucket[1] = bucket[0]
        return &bucket[0]
    return &bucket[1]


cdef inline bint poll(Context *ctx) noexcept nogil:
    """Count a node; every CHECK_NODES nodes, once the interval has passed, check for Ctrl-C and report progress.

    Only a poll takes the GIL, so a Python thread running beside the count
    hands it over once per interval at most. Nodes that do not poll (the last
    few plies) still count towards the next look at the clock.
    """
    cdef double now
    ctx.nodes += 1
    if ctx.nodes >= ctx.next_check:
        ctx.next_check = ctx.nodes + CHECK_NODES
        now = fp_seconds()
        if now >= ctx.next_poll:
            ctx.next_poll = now + ctx.interval
            if fp_poll(ctx.progress, ctx.done) != 0:
                ctx.stopped = 1
    return ctx.stopped


# Progress: the root's share of the work is 1. A node within PROGRESS_PLIES of
# the root splits its share among its children by their weights, the guess of
# what each costs: the moves it has, plus one; and nothing for a child the table
# already holds, or that is the same position (perft: up to symmetry) as an
# earlier sibling, which the table will then hold. A node further down, a table
# hit and a leaf add their whole share to ctx.done. Without a progress callback
# no share is worked out (on small boards that would cost a few per cent).

cdef inline int move_weight(Context *ctx, uint64_t p, uint64_t o) noexcept nogil:
    """The weight of a child (p to move, o) with work to do: its moves, plus one."""
    return 1 + fp_popcount64(moves_of(p, o, ctx.valid & ~(p | o)))


cdef inline bint stored(Context *ctx, Entry *bucket, uint64_t p, uint64_t o, uint64_t depth,
                        bint perft_kind) noexcept nogil:
    """Whether the bucket holds (p, o); for perft, at depth plies to go."""
    cdef int i
    cdef bint found = False
    lock_bucket(ctx, bucket)
    for i in range(2):
        if bucket[i].player == p and bucket[i].opponent == o and (not perft_kind or bucket[i].count[1].lo == depth):
            found = True
            break
    unlock_bucket(ctx, bucket)
    return found


cdef inline void score(Context *ctx, int lead, U128 *out) noexcept nogil:
    """A finished game in which the mover has lead more discs: one leaf (of the context's weight)."""
    out[0].lo = out[0].hi = out[1].lo = out[1].hi = out[2].lo = out[2].hi = 0
    out[0 if lead > 0 else (1 if lead < 0 else 2)].lo = ctx.weight


cdef inline int lead_of(uint64_t p, uint64_t o) noexcept nogil:
    return fp_popcount64(p) - fp_popcount64(o)


cdef inline void add_tally(U128 *out, uint64_t tally, uint64_t weight) noexcept nogil:
    """out[0..2] += the tally's three counts, each leaf worth weight."""
    cdef int k
    for k in range(3):
        add_times(&out[k], weight, (tally >> (TALLY_BITS * k)) & FP_TALLY_FIELD)


cdef inline void add_swapped(U128 *out, const U128 *below) noexcept nogil:
    """Add counts seen from the other side: their wins are our losses."""
    add(&out[0], below[1])
    add(&out[1], below[0])
    add(&out[2], below[2])


cdef void endgame(Context *ctx, uint64_t p, uint64_t o, double share, int ply, U128 *out) noexcept nogil:
    """out[0..2] = games from (p to move, o) won by the mover, by the opponent, drawn."""
    cdef uint64_t empty = ctx.valid & ~(p | o)
    cdef uint64_t candidates, move, flips
    # Room for a child per empty cell: any position may be asked for, reachable or not.
    cdef uint64_t child_p[64]
    cdef uint64_t child_o[64]
    cdef U128 below[3]
    cdef Entry *bucket = NULL
    cdef Entry *entry
    cdef unsigned char weight[64]
    cdef int e, i, total_weight = 0, children = 0
    cdef bint fetch, fetch_near
    if poll(ctx):
        return
    e = fp_popcount64(empty)
    if e <= SMALL_EMPTIES:
        out[0].lo = out[0].hi = out[1].lo = out[1].hi = out[2].lo = out[2].hi = 0
        add_tally(out, fp_small_count(ctx.tail, ctx.near, ctx.near_mask, <unsigned long long *>&ctx.nodes, p, o,
                                      empty, e),
                  ctx.weight)
        ctx.done += share
        return
    candidates = moves_of(p, o, empty)
    if candidates == 0:
        no_move(ctx, p, o, empty, share, ply, out)
        return
    # The empty board (no discs) would read as a free slot, so it is never looked up.
    if ctx.table_mask and (p | o):
        bucket = bucket_of(ctx, p, o, 0)
        lock_bucket(ctx, bucket)
        for i in range(2):
            if bucket[i].player == p and bucket[i].opponent == o:
                out[0] = bucket[i].count[0]
                out[1] = bucket[i].count[1]
                out[2] = bucket[i].count[2]
                unlock_bucket(ctx, bucket)
                ctx.done += share
                return
        unlock_bucket(ctx, bucket)
    # Every child first, and a request for its table slot, which then arrives
    # from memory while the earlier children are counted.
    # Children with few empty cells go through the near table instead.
    fetch = ctx.table_mask != 0 and e > SMALL_EMPTIES + 1
    fetch_near = ctx.near_mask != 0 and e == SMALL_EMPTIES + 1
    while candidates:
        move = candidates & (~candidates + 1)
        candidates ^= move
        flips = flips_of(p, o, move)
        child_p[children] = o ^ flips
        child_o[children] = p | flips | move
        if fetch:
            fp_prefetch(bucket_of(ctx, child_p[children], child_o[children], 0))
        elif fetch_near:
            fp_prefetch(fp_near_slot(ctx.near, ctx.near_mask, child_p[children], child_o[children]))
        children += 1
    if ply < PROGRESS_PLIES and ctx.tracking:
        for i in range(children):
            if fetch and stored(ctx, bucket_of(ctx, child_p[i], child_o[i], 0), child_p[i], child_o[i], 0, False):
                weight[i] = 0
            else:
                weight[i] = <unsigned char>move_weight(ctx, child_p[i], child_o[i])
            total_weight += weight[i]
    if total_weight == 0:
        ctx.done += share
    out[0].lo = out[0].hi = out[1].lo = out[1].hi = out[2].lo = out[2].hi = 0
    for i in range(children):
        endgame(ctx, child_p[i], child_o[i], share * weight[i] / total_weight if total_weight else 0.0,
                ply + 1, below)
        if ctx.stopped:
            return
        add_swapped(out, below)
    if bucket != NULL:
        lock_bucket(ctx, bucket)
        entry = make_room(bucket, e, fp_popcount64(ctx.valid & ~(bucket[0].player | bucket[0].opponent))
                          if bucket[0].player | bucket[0].opponent else 0)
        entry.player = p
        entry.opponent = o
        entry.count[0] = out[0]
        entry.count[1] = out[1]
        entry.count[2] = out[2]
        unlock_bucket(ctx, bucket)


cdef void no_move(Context *ctx, uint64_t p, uint64_t o, uint64_t empty, double share, int ply, U128 *out) noexcept nogil:
    """The games from a position where p has no move: over, or o plays on."""
    cdef U128 below[3]
    if moves_of(o, p, empty) == 0:
        score(ctx, lead_of(p, o), out)
        ctx.done += share
        return
    # A forced pass is not a choice: the same games, seen from the other side.
    endgame(ctx, o, p, share, ply + 1, below)
    out[0] = below[1]
    out[1] = below[0]
    out[2] = below[2]


cdef uint64_t last_two_plies(Context *ctx, uint64_t p, uint64_t o, uint64_t empty, uint64_t moves) noexcept nogil:
    """Leaves two plies below (p to move, o), given p's moves (not 0); one per leaf."""
    cdef uint64_t move, flips, mine, theirs, left, replies, leaves = 0
    while moves:
        move = moves & (~moves + 1)
        moves ^= move
        flips = flips_of(p, o, move)
        mine = p | flips | move
        theirs = o ^ flips
        left = empty ^ move
        replies = moves_of(theirs, mine, left)
        if replies:
            leaves += <uint64_t>fp_popcount64(replies)
        elif ctx.ended_counts or moves_of(mine, theirs, left):
            leaves += 1
    ctx.nodes += 1
    return leaves


cdef void perft(Context *ctx, uint64_t p, uint64_t o, int depth, double share, int ply, U128 *out,
                uint64_t key_p=0, uint64_t key_o=0) noexcept nogil:
    """out[0] += the leaves depth plies (passes included) below (p to move, o); depth >= 1.

    key_p and key_o, if not 0, are the position's table key, worked out by the parent.
    """
    cdef uint64_t empty = ctx.valid & ~(p | o)
    cdef uint64_t moves
    if poll(ctx):
        return
    moves = moves_of(p, o, empty)
    if moves == 0:
        if moves_of(o, p, empty) == 0:
            if ctx.ended_counts:
                add_times(out, ctx.weight, 1)
            ctx.done += share
        elif depth == 1:
            add_times(out, ctx.weight, 1)
            ctx.done += share
        else:
            perft(ctx, o, p, depth - 1, share, ply + 1, out)
        return
    if depth == 1:
        add_times(out, ctx.weight, <uint64_t>fp_popcount64(moves))
    elif depth == 2:
        add_times(out, ctx.weight, last_two_plies(ctx, p, o, empty, moves))
    elif ctx.table_mask and depth >= PERFT_TABLE_DEPTH:
        if key_p == 0 and key_o == 0:
            key_p = p
            key_o = o
            canonical(ctx.side, &key_p, &key_o)
        perft_stored(ctx, p, o, key_p, key_o, moves, depth, share, ply, out)
        return
    else:
        perft_children(ctx, p, o, moves, depth, share, ply, out)
        return
    ctx.done += share


cdef void perft_stored(Context *ctx, uint64_t p, uint64_t o, uint64_t key_p, uint64_t key_o,
                       uint64_t moves, int depth, double share, int ply, U128 *out) noexcept nogil:
    """perft() of a position with moves, through the table, where it is keyed up to symmetry."""
    cdef Entry *bucket
    cdef Entry *entry
    cdef U128 total
    cdef int i
    bucket = bucket_of(ctx, key_p, key_o, <uint64_t>depth)
    lock_bucket(ctx, bucket)
    for i in range(2):
        if bucket[i].player == key_p and bucket[i].opponent == key_o and bucket[i].count[1].lo == <uint64_t>depth:
            add(out, bucket[i].count[0])
            unlock_bucket(ctx, bucket)
            ctx.done += share
            return
    unlock_bucket(ctx, bucket)
    total.lo = total.hi = 0
    perft_children(ctx, p, o, moves, depth, share, ply, &total)
    if ctx.stopped:
        return
    add(out, total)
    lock_bucket(ctx, bucket)
    entry = make_room(bucket, depth, <int>bucket[0].count[1].lo)
    entry.player = key_p
    entry.opponent = key_o
    entry.count[0] = total
    entry.count[1].lo = <uint64_t>depth
    entry.count[1].hi = 0
    unlock_bucket(ctx, bucket)


cdef void perft_children(Context *ctx, uint64_t p, uint64_t o, uint64_t moves, int depth,
                         double share, int ply, U128 *out) noexcept nogil:
    """out[0] += perft(child, depth - 1) over the moves of (p to move, o)."""
    cdef uint64_t move, flips
    cdef uint64_t child_p[64]
    cdef uint64_t child_o[64]
    cdef uint64_t child_key_p[64]
    cdef uint64_t child_key_o[64]
    cdef unsigned char weight[64]
    cdef int i, j, total_weight = 0, children = 0
    cdef bint keyed = ctx.table_mask != 0 and depth > PERFT_TABLE_DEPTH
    # Every child first; where the children go through the table, their keys too
    # and a request for each slot, which then arrives from memory while the
    # earlier children are counted. A key of 0, 0 leaves the child to work it out.
    while moves:
        move = moves & (~moves + 1)
        moves ^= move
        flips = flips_of(p, o, move)
        child_p[children] = child_key_p[children] = o ^ flips
        child_o[children] = child_key_o[children] = p | flips | move
        if keyed:
            canonical(ctx.side, &child_key_p[children], &child_key_o[children])
            fp_prefetch(bucket_of(ctx, child_key_p[children], child_key_o[children], <uint64_t>(depth - 1)))
        else:
            child_key_p[children] = child_key_o[children] = 0
        children += 1
    if ply < PROGRESS_PLIES and ctx.tracking:
        for i in range(children):
            weight[i] = <unsigned char>move_weight(ctx, child_p[i], child_o[i])
            if keyed:
                if stored(ctx, bucket_of(ctx, child_key_p[i], child_key_o[i], <uint64_t>(depth - 1)),
                          child_key_p[i], child_key_o[i], <uint64_t>(depth - 1), True):
                    weight[i] = 0
                for j in range(i):
                    if child_key_p[j] == child_key_p[i] and child_key_o[j] == child_key_o[i]:
                        weight[i] = 0
            total_weight += weight[i]
    if total_weight == 0:
        ctx.done += share
    for i in range(children):
        perft(ctx, child_p[i], child_o[i], depth - 1, share * weight[i] / total_weight if total_weight else 0.0,
              ply + 1, out, child_key_p[i], child_key_o[i])
        if ctx.stopped:
            return


def symmetric_images(int n, uint64_t cells):
    """The 8 images of a set of cells under the symmetries of the n x n board (for tests).

    In the order the table's keys try them: the identity, the row, column and
    both flips, then each of those transposed.
    """
    assert 1 <= n <= MAX_SIDE
    cdef uint64_t rows = flip_rows(cells, n), columns = flip_columns(cells, n)
    cdef uint64_t both = flip_columns(rows, n)
    return [cells, rows, columns, both, transpose(cells), transpose(rows), transpose(columns), transpose(both)]


def children(int n, uint64_t player, uint64_t opponent):
    """The positions after each move of player, in ascending order of the move's bit.

    Each is (opponent after the flips, player's discs after the move): the side
    to move next first. Empty when player has no move (a pass is the caller's).
    """
    assert 1 <= n <= MAX_SIDE
    cdef uint64_t valid = 0, move, flips, moves
    cdef int r
    for r in range(n):
        valid |= (((<uint64_t>1) << n) - 1) << (8 * r)
    moves = moves_of(player, opponent, valid & ~(player | opponent))
    found = []
    while moves:
        move = moves & (~moves + 1)
        moves ^= move
        flips = flips_of(player, opponent, move)
        found.append((opponent ^ flips, player | flips | move))
    return found


def hardware_popcount():
    """Whether counts here use the CPU's popcnt instruction for the last few empty cells."""
    return bool(fp_hardware_popcount())


#: Bytes of one transposition-table entry; a table of 2**k entries takes 2**k times this.
ENTRY_BYTES = sizeof(Entry)


cdef object to_int(U128 value):
    return (<object>value.hi << 64) | value.lo


cdef extern from *:
    """
    /* A large table comes straight from the system as zero pages, each zeroed
       at its first touch (nothing is zeroed before use), and in huge pages
       where the system has them: a few hundred page faults instead of tens of
       thousands, and fewer TLB misses while counting. *mapped says how many
       bytes were mapped (0: the memory came from calloc). */
    #if defined(__linux__)
    #include <sys/mman.h>
    #define FP_HUGE_PAGE ((size_t)2 << 20)
    static void *fp_table_alloc(size_t bytes, size_t *mapped) {
        char *base;
        size_t length, skip;
        *mapped = 0;
        if (bytes < 2 * FP_HUGE_PAGE)
            return calloc(1, bytes);
        /* One huge page more, to start the table on a huge page boundary. */
        length = bytes + FP_HUGE_PAGE;
        base = (char *)mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (base == (char *)MAP_FAILED)
            return NULL;
        skip = (FP_HUGE_PAGE - ((size_t)base & (FP_HUGE_PAGE - 1))) & (FP_HUGE_PAGE - 1);
        if (skip)
            munmap(base, skip);
        if (length - skip > bytes)
            munmap(base + skip + bytes, length - skip - bytes);
    #if defined(MADV_HUGEPAGE)
        madvise(base + skip, bytes, MADV_HUGEPAGE);
    #endif
        *mapped = bytes;
        return base + skip;
    }
    static void fp_table_free(void *table, size_t mapped) {
        if (mapped)
            munmap(table, mapped);
        else
            free(table);
    }
    /* Zero a table again: mapped pages go back to the system and come back as
       zero pages at their next touch, without being written now. */
    static void fp_table_zero(void *table, size_t bytes, size_t mapped) {
        if (mapped && madvise(table, mapped, MADV_DONTNEED) == 0)
            return;
        memset(table, 0, bytes);
    }
    #else
    static void *fp_table_alloc(size_t bytes, size_t *mapped) { *mapped = 0; return calloc(1, bytes); }
    static void fp_table_free(void *table, size_t mapped) { (void)mapped; free(table); }
    static void fp_table_zero(void *table, size_t bytes, size_t mapped) { (void)mapped; memset(table, 0, bytes); }
    #endif
    """
    void *fp_table_alloc(size_t nbytes, size_t *mapped)
    void fp_table_free(void *table, size_t mapped)
    void fp_table_zero(void *table, size_t nbytes, size_t mapped)


cdef class Table:
    """A transposition table of 2**table_bits entries, for Counters to share.

    Counters made with ``Counter(table=...)`` count through it at the same
    time, each in its own thread (with the GIL released): each bucket read
    or written holds one of LOCK_COUNT spin locks. The entries are allocated
    at the first count. The table holds the counts of one kind of count
    (endgame, perft A, perft B) on one board size with one weight: a count of
    another kind clears it first, and is a RuntimeError while a count of the
    kind it holds still uses it.
    """

    cdef Entry *entries
    cdef size_t mapped          # bytes of entries mapped from the system (0: from calloc)
    cdef int bits
    cdef int kind
    cdef int side               # the board side of the stored counts
    cdef uint64_t weight        # what one leaf added to the stored counts
    cdef int users              # counts using the table now
    cdef unsigned char locks[LOCK_COUNT]
    cdef object __weakref__

    def __cinit__(self, int table_bits=0):
        assert 0 <= table_bits <= MAX_BITS
        self.entries = NULL
        self.mapped = 0
        self.bits = table_bits
        self.kind = TABLE_EMPTY
        self.side = 0
        self.weight = 1
        self.users = 0
        memset(self.locks, 0, sizeof(self.locks))

    def __dealloc__(self):
        if self.entries != NULL:
            fp_table_free(self.entries, self.mapped)

    @property
    def table_bits(self):
        """log2 of the table's entries; 0 means no table."""
        return self.bits

    @property
    def users(self):
        """How many counts use the table now."""
        return self.users

    def clear(self):
        """Forget every stored subtree (RuntimeError while a count uses the table)."""
        if self.users:
            raise RuntimeError("the table is in use by a count")
        self.forget()
        self.kind = TABLE_EMPTY

    cdef void forget(self) noexcept:
        """Zero the entries (a zero entry is a free slot)."""
        if self.entries != NULL:
            fp_table_zero(self.entries, (<size_t>1 << self.bits) * sizeof(Entry), self.mapped)

    cdef int reserve(self, int kind, int n, uint64_t weight) except -1:
        """Take the table for one more count of kind on an n x n board (with the GIL: no other reserve meanwhile)."""
        if self.bits and self.entries == NULL:
            self.entries = <Entry *>fp_table_alloc((<size_t>1 << self.bits) * sizeof(Entry), &self.mapped)
            if self.entries == NULL:
                raise MemoryError(f"cannot allocate a table of 2**{self.bits} entries")
        # Stored counts hold for one kind of count on one size of board (the same
        # discs on a larger board leave more cells to play), and one weight.
        if self.kind != kind or self.side != n or self.weight != weight:
            if self.users:
                raise RuntimeError("the table is in use by a count of another kind, board size or weight")
            if self.kind != TABLE_EMPTY:
                self.forget()
            self.kind = kind
            self.side = n
            self.weight = weight
        self.users += 1
        return 0

    cdef void release(self) noexcept:
        """A count that reserved the table has ended."""
        self.users -= 1


cdef class Counter:
    """Count reversi game trees through a transposition table of 2**table_bits entries.

    The Counter owns its table, or, given ``table``, counts through that shared
    Table (table_bits is then the table's). With a table it also owns a near
    table for the last few empty cells, of 2**min(table_bits, 16) entries of
    24 bytes. Boards are bitmasks, bit 8 * r + c for the cell in row r, column
    c; player is the side to move. The last few empty cells are counted by
    the copy of the C for the best instructions the CPU has (AVX2, else popcnt);
    with avx2 False by the popcnt copy at best, with hardware_popcount False by
    the portable one (for tests and timings). A Counter counts one tree at a time
    (RuntimeError if asked to count while it already is, from another thread);
    several Counters on one Table count at the same time.
    """

    cdef Table main_table      # its own Table, or the shared one
    cdef bint shared            # the table is a Table given to the constructor: take its locks
    cdef Near *near
    cdef int near_bits
    cdef int near_side          # the board side of the near table's tallies (0: none)
    cdef int tail               # the copy of reversi/_tail.h for the last few empty cells (FP_TAIL_*)
    cdef bint busy
    cdef uint64_t node_count

    def __cinit__(self, int table_bits=0, *, Table table=None, bint hardware_popcount=True, bint avx2=True):
        if hardware_popcount and avx2 and fp_hardware_avx2():
            self.tail = FP_TAIL_AVX2_COPY
        elif hardware_popcount and fp_hardware_popcount():
            self.tail = FP_TAIL_POPCNT
        else:
            self.tail = FP_TAIL_PORTABLE
        if table is None:
            self.main_table = Table(table_bits)
            self.shared = False
        else:
            assert table_bits == 0 or table_bits == table.bits
            self.main_table = table
            self.shared = True
        self.near = NULL
        self.near_bits = min(self.main_table.bits, NEAR_BITS)
        self.near_side = 0
        self.busy = False
        self.node_count = 0

    def __dealloc__(self):
        free(self.near)

    @property
    def table_bits(self):
        """log2 of the table's entries; 0 means no table."""
        return self.main_table.bits

    @property
    def table(self):
        """The shared Table the Counter counts through; None when it owns its table."""
        return self.main_table if self.shared else None

    @property
    def nodes(self):
        """Positions visited by the last count (table hits included)."""
        return self.node_count

    def clear(self):
        """Forget every stored subtree (RuntimeError while a count uses the table)."""
        if self.busy:
            raise RuntimeError("the counter is busy")
        self.main_table.clear()
        if self.near != NULL:
            memset(self.near, 0, (<size_t>1 << self.near_bits) * sizeof(Near))

    cdef int prepare(self, Context *ctx, int n, uint64_t player, uint64_t opponent,
                     uint64_t weight, int kind, object progress, double interval, bint shares) except -1:
        """Set up ctx and the tables for a count of kind, and reserve the main table (the facade checked the arguments)."""
        cdef uint64_t valid = 0
        cdef int r
        assert 1 <= n <= MAX_SIDE
        for r in range(n):
            valid |= (((<uint64_t>1) << n) - 1) << (8 * r)
        assert not player & opponent, "a cell holds discs of both colours"
        assert not (player | opponent) & ~valid, "a disc lies outside the board"
        assert weight >= 1
        assert interval >= 0.0
        if self.busy:
            raise RuntimeError("the counter is already counting")
        if self.near_bits and self.near == NULL:
            self.near = <Near *>calloc(<size_t>1 << self.near_bits, sizeof(Near))
            if self.near == NULL:
                raise MemoryError(f"cannot allocate a near table of 2**{self.near_bits} entries")
        # The near table's tallies hold for one size of board and no weight.
        if self.near != NULL and self.near_side != n:
            if self.near_side:
                memset(self.near, 0, (<size_t>1 << self.near_bits) * sizeof(Near))
            self.near_side = n
        self.main_table.reserve(kind, n, weight)
        ctx.table = self.main_table.entries
        ctx.table_mask = ((<uint64_t>1) << self.main_table.bits) - 1 if self.main_table.bits else 0
        ctx.locks = self.main_table.locks if self.shared else NULL
        ctx.near = self.near
        ctx.near_mask = ((<uint64_t>1) << self.near_bits) - 1 if self.near_bits else 0
        # Runs of discs on a board of side 6 or less are short: the AVX2 copy has a variant for them.
        ctx.tail = FP_TAIL_AVX2_SHORT if self.tail == FP_TAIL_AVX2_COPY and n <= SHORT_LINES_SIDE else self.tail
        ctx.valid = valid
        ctx.side = n
        ctx.weight = weight
        ctx.nodes = 0
        ctx.next_check = CHECK_NODES
        ctx.next_poll = fp_seconds() + interval
        ctx.interval = interval
        ctx.done = 0.0
        ctx.ended_counts = kind == TABLE_PERFT_ENDED
        ctx.stopped = 0
        ctx.progress = <PyObject *>progress
        ctx.tracking = progress is not None and shares
        return 0

    def count(self, int n, uint64_t player, uint64_t opponent, progress=None, uint64_t weight=1,
              double interval=FP_POLL_SECONDS, bint shares=True):
        """(mover wins, opponent wins, draws) over every game from the position.

        progress, if given, is called with the finished share of the work (0..1)
        every interval seconds, and once more at the end (with 1, give or take
        rounding); Ctrl-C or an exception from it stops the count, which looks
        for them as often. With shares False the count does not work out the
        finished share (a few per cent faster; what progress gets then says
        nothing): for a callback that only decides whether to stop. Each leaf
        adds weight (tests use it to exercise the carry past 2**64).
        """
        cdef Context ctx
        cdef U128 out[3]
        self.prepare(&ctx, n, player, opponent, weight, TABLE_ENDGAME, progress, interval, shares)
        self.busy = True
        try:
            with nogil:
                endgame(&ctx, player, opponent, 1.0, 0, out)
            if ctx.stopped:
                _raise_pending()
            if progress is not None:
                progress(ctx.done)
        finally:
            self.busy = False
            self.main_table.release()
            self.node_count = ctx.nodes
        return to_int(out[0]), to_int(out[1]), to_int(out[2])

    def perft(self, int n, uint64_t player, uint64_t opponent, int depth, bint ended_counts,
              progress=None, uint64_t weight=1, double interval=FP_POLL_SECONDS, bint shares=True):
        """Leaves depth plies below the position, a pass being one ply.

        ended_counts: a game over before depth counts as a leaf (convention A),
        or not at all (convention B). progress, weight, interval and shares as for count().
        """
        cdef Context ctx
        cdef U128 out
        assert depth >= 0
        self.prepare(&ctx, n, player, opponent, weight,
                     TABLE_PERFT_ENDED if ended_counts else TABLE_PERFT_LIVE, progress, interval, shares)
        out.lo = out.hi = 0
        self.busy = True
        try:
            if depth == 0:
                out.lo = weight
                ctx.nodes = 1
                ctx.done = 1.0
            else:
                with nogil:
                    perft(&ctx, player, opponent, depth, 1.0, 0, &out)
                if ctx.stopped:
                    _raise_pending()
            if progress is not None:
                progress(ctx.done)
        finally:
            self.busy = False
            self.main_table.release()
            self.node_count = ctx.nodes
        return to_int(out)


cdef int _raise_pending() except -1:
    """Raise the exception a poll left set (KeyboardInterrupt, or the callback's)."""
    return -1


cdef extern from *:
    """
    #include "_fp_text.h"
    /* The side of a plainly written contest position, the white and black discs into white and
       black (bit 8 * r + c): a first line n (digits, no leading zero), then n lines of n values -1
       (empty), 0 (white) or 1 (black), one space apart, each but the last ending in '\\n', then
       nothing but '\\n's (what the facade's quick path reads). 0 when text is not that (an exact,
       compact ASCII str), or n is above most (at most 8). It never raises. */
    static int fp_reversi_plain_text(PyObject *text, int most, unsigned long long *white, unsigned long long *black) {
        Py_ssize_t length, at = 1, i;
        int n, r, c;
        const Py_UCS1 *chars = fp_ascii_text(text, &length);
        if (chars == NULL || length < 2 || chars[0] < '1' || chars[0] > '9' || chars[1] != '\\n')
            return 0;
        n = chars[0] - '0';
        if (n > most)
            return 0;
        *white = *black = 0;
        for (r = 0; r < n; r++) {
            for (c = 0; c < n; c++) {
                at++;  /* past the newline before the row, or the space before the value */
                if (at < length && chars[at] == '-' && at + 1 < length && chars[at + 1] == '1') {
                    at += 2;
                } else if (at < length && (chars[at] == '0' || chars[at] == '1')) {
                    if (chars[at] == '0')
                        *white |= 1ULL << (8 * r + c);
                    else
                        *black |= 1ULL << (8 * r + c);
                    at++;
                } else {
                    return 0;
                }
                if (c < n - 1 && (at >= length || chars[at] != ' '))
                    return 0;
            }
            if (r < n - 1 && (at >= length || chars[at] != '\\n'))
                return 0;
        }
        for (i = at; i < length; i++)
            if (chars[i] != '\\n')
                return 0;
        return n;
    }
    """
    int fp_reversi_plain_text(PyObject *text, int most, unsigned long long *white, unsigned long long *black)


def solve_plain_texts(list texts not None, int most_empties, int most_table_bits):
    """For each item of texts, the contest output ("B W D", white to move) of a plainly written position
    with at most most_empties empty cells, counted with a table of at most most_table_bits bits (and at
    most its empty cells + 4, as the facade sizes it), which the positions of a side and a size share;
    None for any other item (the facade then counts it alone, with its progress and polls)."""
    cdef Py_ssize_t i = 0
    cdef int n, empties, bits
    cdef unsigned long long white, black
    cdef list out = [None] * len(texts)
    cdef dict counters = {}  # one Counter per board side and table size: its table serves every position
    while i < min(len(out), PyList_GET_SIZE(texts)):
        n = fp_reversi_plain_text(PyList_GET_ITEM(texts, i), MAX_SIDE, &white, &black)
        i += 1
        if n == 0:
            continue
        empties = n * n - fp_popcount64(white | black)
        if empties > most_empties:
            continue
        bits = min(most_table_bits, empties + 4)
        counter = counters.get((n, bits))
        if counter is None:
            counter = counters[n, bits] = Counter(bits)
        wins, losses, draws = counter.count(n, white, black)
        out[i - 1] = f"{losses} {wins} {draws}\n"
    return out
