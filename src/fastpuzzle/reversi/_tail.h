/* The reversi kernel's counts of the last few empty cells (at most five),
   included up to four times by reversi/_kernel.pyx: as the portable copy, and
   compiled for the popcnt instruction and twice for AVX2 (all boards, and
   boards of side 6 or less). Each inclusion defines:
     FP_TAIL(name)       this copy's name for a function (name with a suffix);
     FP_TAIL_TARGET      the function attribute of this copy (empty, or a target);
     FP_TAIL_POPCOUNT(x) this copy's population count;
     FP_TAIL_VECTOR      1 where flips use GCC's vector extensions (AVX2), else 0;
     FP_TAIL_SHORT_LINES 1 where the copy serves only boards of side 6 or less
                         (vector flips only), else 0.
   No include guard: the includer undefines the five macros between the copies.
   Before the first inclusion the includer defines fp_near (a near-table slot),
   fp_tally_of, fp_swapped, fp_near_slot, fp_prefetch, fp_ctz64, fp_bsr64,
   FP_SMALL_EMPTIES, INNER, HASH_A, FP_RAYS, FP_AROUND, FP_DIAGONALS and
   FP_LINE_FLIPS.

   A tally packs the games of a small subtree into one word (see
   reversi/_kernel.pyx); lead is the mover's discs less the other side's. */

/* The discs of o that p's disc on the single cell move flips (0: not a legal
   move). Along each ray from move, the first cell that is not o's must be p's;
   every cell before it flips. Cells off the board are nobody's, so runs end
   there. Towards higher bits the first cell is the lowest; towards lower bits
   the highest (bit 0 stands in when there is none: it is then not p's on the ray). */
#if FP_TAIL_VECTOR
/* The same flips four directions at a time, one direction and its opposite
   per lane of a 256-bit vector (GCC's vector extensions): the run of o's discs
   from move is grown as in fp_moves_one_axis, and kept where the next cell
   beyond it is p's. On a board of side 6 or less (FP_TAIL_SHORT_LINES) a run
   has at most 4 discs, one doubling step fewer, and columns 6 and 7 hold no
   disc, so no shift wraps onto a disc between rows and o needs no mask. */
typedef unsigned long long fp_lanes __attribute__((vector_size(32)));

FP_ALWAYS_INLINE FP_TAIL_TARGET unsigned long long FP_TAIL(fp_flips)(
        unsigned long long p, unsigned long long o, unsigned long long move) {
    const fp_lanes step = {1, 8, 9, 7};
    fp_lanes mine = {p, p, p, p}, start = {move, move, move, move};
#if FP_TAIL_SHORT_LINES
    fp_lanes theirs = {o, o, o, o};
#else
    const fp_lanes edges = {INNER, ~0ULL, INNER, INNER};
    fp_lanes theirs = (fp_lanes){o, o, o, o} & edges;
#endif
    fp_lanes pairs_up = theirs & (theirs << step), pairs_down = theirs & (theirs >> step);
    fp_lanes up = theirs & (start << step), down = theirs & (start >> step);
    if ((FP_AROUND[fp_ctz64(move)] & o) == 0) return 0;
    up |= theirs & (up << step);
    down |= theirs & (down >> step);
    up |= pairs_up & (up << (step + step));
    down |= pairs_down & (down >> (step + step));
#if !FP_TAIL_SHORT_LINES
    up |= pairs_up & (up << (step + step));
    down |= pairs_down & (down >> (step + step));
#endif
    up &= (fp_lanes)((mine & (up << step)) != 0);
    down &= (fp_lanes)((mine & (down >> step)) != 0);
    up |= down;
    return up[0] | up[1] | up[2] | up[3];
}
#else
FP_ALWAYS_INLINE FP_TAIL_TARGET unsigned long long FP_TAIL(fp_flips)(
        unsigned long long p, unsigned long long o, unsigned long long move) {
    int k = fp_ctz64(move), i;
    const uint64_t *rays = FP_RAYS[k];
    unsigned long long ray, stop, flips = 0;
    if ((FP_AROUND[k] & o) == 0) return 0;
    for (i = 0; i < 4; i++) {
        ray = rays[i];
        stop = ray & ~o;
        stop &= ~stop + 1;
        stop &= p;
        flips |= ray & (stop - (stop != 0));
        ray = rays[i + 4];
        stop = (1ULL << fp_bsr64((ray & ~o) | 1)) & ray & p;
        flips |= ray & ~((stop << 1) - 1);
    }
    return flips;
}
#endif

/* How many discs p's disc on move flips when every other cell of the board is
   filled: along each of the four lines through move, the opponent's discs up
   to p's nearest disc on either side, read from FP_LINE_FLIPS with p's discs
   on the line gathered into one byte (in column order, or row order for the
   column). Cells off a smaller board or off a short diagonal come out as not
   p's, and lie beyond every cell of the line on the board, so they end no run. */
FP_ALWAYS_INLINE FP_TAIL_TARGET int FP_TAIL(fp_last_flip_count)(unsigned long long p, unsigned long long move) {
    int k = fp_ctz64(move), row = k >> 3, column = k & 7;
    unsigned int row_line = (unsigned int)(p >> (8 * row)) & 0xFF;
    unsigned int column_line = (unsigned int)((((p >> column) & 0x0101010101010101ULL) * 0x0102040810204080ULL) >> 56);
    unsigned int rising = (unsigned int)(((p & FP_DIAGONALS[k][0]) * 0x0101010101010101ULL) >> 56);
    unsigned int falling = (unsigned int)(((p & FP_DIAGONALS[k][1]) * 0x0101010101010101ULL) >> 56);
    return FP_LINE_FLIPS[column][row_line] + FP_LINE_FLIPS[row][column_line] + FP_LINE_FLIPS[column][rising]
           + FP_LINE_FLIPS[column][falling];
}

/* One empty cell, p to move with lead more discs: p fills it, else o, else it stays. */
FP_ALWAYS_INLINE FP_TAIL_TARGET unsigned long long FP_TAIL(fp_last_move)(
        unsigned long long p, unsigned long long o, int lead, unsigned long long empty) {
    int flipped = FP_TAIL(fp_last_flip_count)(p, empty);
    if (flipped) {
        lead += 2 * flipped + 1;
    } else {
        flipped = FP_TAIL(fp_last_flip_count)(o, empty);
        if (flipped) lead -= 2 * flipped + 1;
    }
    return fp_tally_of(lead);
}

/* The tally, seen by p, after p plays move (flipping flips) with one cell, last, left. */
FP_ALWAYS_INLINE FP_TAIL_TARGET unsigned long long FP_TAIL(fp_last_reply)(
        unsigned long long p, unsigned long long o, int lead, unsigned long long move,
        unsigned long long flips, unsigned long long last) {
    return fp_swapped(FP_TAIL(fp_last_move)(o ^ flips, p | flips | move,
                                            -lead - 2 * FP_TAIL_POPCOUNT(flips) - 1, last));
}

/* The tally of the games from (p to move, o) with exactly two empty cells,
   played out in place: p plays either cell where it flips, else o does (seen
   from o, then swapped), else the game is over; the last cell then settles by
   flip counts. */
FP_ALWAYS_INLINE FP_TAIL_TARGET unsigned long long FP_TAIL(fp_two_left)(
        unsigned long long p, unsigned long long o, int lead, unsigned long long empty) {
    unsigned long long first = empty & (~empty + 1), second = empty ^ first;
    unsigned long long flips_first = FP_TAIL(fp_flips)(p, o, first);
    unsigned long long flips_second = FP_TAIL(fp_flips)(p, o, second);
    unsigned long long total = 0;
    if (flips_first | flips_second) {
        if (flips_first) total = FP_TAIL(fp_last_reply)(p, o, lead, first, flips_first, second);
        if (flips_second) total += FP_TAIL(fp_last_reply)(p, o, lead, second, flips_second, first);
        return total;
    }
    flips_first = FP_TAIL(fp_flips)(o, p, first);
    flips_second = FP_TAIL(fp_flips)(o, p, second);
    if (flips_first | flips_second) {
        if (flips_first) total = FP_TAIL(fp_last_reply)(o, p, -lead, first, flips_first, second);
        if (flips_second) total += FP_TAIL(fp_last_reply)(o, p, -lead, second, flips_second, first);
        return fp_swapped(total);
    }
    return fp_tally_of(lead);
}

static FP_TAIL_TARGET unsigned long long FP_TAIL(fp_few_left)(
        fp_near *near, unsigned long long near_mask, unsigned long long *nodes,
        unsigned long long p, unsigned long long o, int lead, unsigned long long empty, int e);

/* The tally, seen by p, over p's moves with e >= 3 empty cells: each empty cell
   tried, as most are legal near the end. Sets *moved when p has a move. With
   four or more empty cells every child is made first and its near-table slot
   asked for, which then arrives from memory while the earlier children are
   counted. */
FP_ALWAYS_INLINE FP_TAIL_TARGET unsigned long long FP_TAIL(fp_each_move)(
        fp_near *near, unsigned long long near_mask, unsigned long long *nodes,
        unsigned long long p, unsigned long long o, int lead, unsigned long long empty, int e, int *moved) {
    unsigned long long cells = empty, move, flips, total = 0;
    unsigned long long child_p[FP_SMALL_EMPTIES], child_o[FP_SMALL_EMPTIES], child_empty[FP_SMALL_EMPTIES];
    int child_lead[FP_SMALL_EMPTIES], children = 0, i;
    if (e == 3) {
        while (cells) {
            move = cells & (~cells + 1);
            cells ^= move;
            flips = FP_TAIL(fp_flips)(p, o, move);
            if (flips) {
                /* Two cells left below: solved in place, without a node of their own. */
                *moved = 1;
                *nodes += 1;
                total += fp_swapped(FP_TAIL(fp_two_left)(o ^ flips, p | flips | move,
                                                         -lead - 2 * FP_TAIL_POPCOUNT(flips) - 1, empty ^ move));
            }
        }
        return total;
    }
    while (cells) {
        move = cells & (~cells + 1);
        cells ^= move;
        flips = FP_TAIL(fp_flips)(p, o, move);
        if (flips) {
            child_p[children] = o ^ flips;
            child_o[children] = p | flips | move;
            child_lead[children] = -lead - 2 * FP_TAIL_POPCOUNT(flips) - 1;
            child_empty[children] = empty ^ move;
            if (near_mask) fp_prefetch(fp_near_slot(near, near_mask, child_p[children], child_o[children]));
            children++;
        }
    }
    if (children) *moved = 1;
    for (i = 0; i < children; i++)
        total += fp_swapped(FP_TAIL(fp_few_left)(near, near_mask, nodes, child_p[i], child_o[i], child_lead[i],
                                                 child_empty[i], e - 1));
    return total;
}

/* The tally of the games from (p to move, o), with e <= 5 empty cells: p's
   moves, else o's after p passes, else the end. With FP_NEAR_EMPTIES or more
   empty cells the position goes through the near table (near_mask 0: none),
   small enough to stay in the cache. *nodes counts the positions visited. */
static FP_TAIL_TARGET unsigned long long FP_TAIL(fp_few_left)(
        fp_near *near, unsigned long long near_mask, unsigned long long *nodes,
        unsigned long long p, unsigned long long o, int lead, unsigned long long empty, int e) {
    fp_near *slot = NULL;
    unsigned long long tally;
    int moved = 0;
    *nodes += 1;
    if (e <= 2) {
        if (e == 2) return FP_TAIL(fp_two_left)(p, o, lead, empty);
        return e ? FP_TAIL(fp_last_move)(p, o, lead, empty) : fp_tally_of(lead);
    }
    /* The empty board (no discs) would read as a free slot, so it is never looked up. */
    if (near_mask && e >= FP_NEAR_EMPTIES && (p | o)) {
        slot = fp_near_slot(near, near_mask, p, o);
        if (slot->player == p && slot->opponent == o) return slot->tally;
    }
    tally = FP_TAIL(fp_each_move)(near, near_mask, nodes, p, o, lead, empty, e, &moved);
    if (!moved) {
        tally = FP_TAIL(fp_each_move)(near, near_mask, nodes, o, p, -lead, empty, e, &moved);
        tally = moved ? fp_swapped(tally) : fp_tally_of(lead);
    }
    if (slot != NULL) {
        slot->player = p;
        slot->opponent = o;
        slot->tally = tally;
    }
    return tally;
}

/* fp_few_left of a position whose lead is still to be worked out. */
static FP_TAIL_TARGET unsigned long long FP_TAIL(fp_small_count)(
        fp_near *near, unsigned long long near_mask, unsigned long long *nodes,
        unsigned long long p, unsigned long long o, unsigned long long empty, int e) {
    return FP_TAIL(fp_few_left)(near, near_mask, nodes, p, o, FP_TAIL_POPCOUNT(p) - FP_TAIL_POPCOUNT(o), empty, e);
}
