"""The clause-learning engine (CDCL) the 01-game and pixel kernels share.

An fp_learn holds all of a search but its puzzle: the cells' values, levels, places and reasons, the
trail, the clause arena and the watch lists, the heap of cells by activity (_fp_learn.h), conflict
analysis (first UIP, minimised if asked), the restarts (on glue, or on the Luby sequence), the learnt
clauses' clean-ups (reduce, rewatch, vivify), assumptions, and the search itself.

A literal is 2 * cell + digit. A cell's reason is DECIDED, a clause's offset (>= 0), or any other
negative code the kernel chooses for its own rules. A kernel embeds an fp_learn, fills it with
fp_learn_allocate and fp_learn_start, and plugs its propagator in through four hooks, each given
fp_learn.kernel (_learning/plug.pxi, included by both kernels, does the plugging). A kernel's Learn
extends Engine (engine.pyx), which holds the fp_learn as e and reports the search's statistics and
solution the same way for every kernel.

- give(kernel, literal, why): fp_set, then what the kernel keeps of its own per assignment;
- back_to(kernel, level): fp_unset down to level_start[level] (undoing its own), then fp_backed;
- propagate(kernel): its rules and fp_watched over the trail from qhead to a fixed point: -1, a
  clause's offset, or a code (< -1) of its own for a rule that failed;
- explain(kernel, why, p, out): the false literals (into out, at most most_explained) of the cells
  that made cell p true for reason why, or, for p == -1, that made rule why fail; their number.
"""

from libc.stdint cimport int32_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc, qsort, realloc
from libc.string cimport memcpy
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize


cdef extern from "_fp_learn.h":
    ctypedef struct fp_heap:
        int32_t *cells          # the heap of cells by activity (see _learning/_fp_learn.h)
        int32_t *at             # at[p]: p's place in cells, -1 when p is not in it
        double *activity
        int size
        int count
        double step             # what a bump adds; grown after each conflict
    int fp_luby(int i) nogil
    void fp_heap_push(fp_heap *heap, int p) nogil
    int fp_heap_pop(fp_heap *heap) nogil
    void fp_heap_bump(fp_heap *heap, int p) nogil
    enum:
        FP_LEARN_LEARNT
        FP_LEARN_VIVIFIED
        FP_LEARN_LENGTH
        FP_LEARN_GLUE_SHIFT
        FP_LEARN_MOST_GLUE
        FP_LEARN_LAST_STAMP
        FP_LEARN_MAX_ARENA

cdef extern from "_fp_clock.h":
    bint fp_past(double deadline) nogil

cdef extern from *:
    enum:
        FP_STATUS_EXHAUSTED
        FP_STATUS_SOLUTION
        FP_STATUS_PAUSED
        FP_STATUS_TOO_LARGE

cdef enum:
    FP_UNKNOWN = 2
    FP_DECIDED = -1
    FP_FIRST_WATCHES = 4
    FP_FIRST_ARENA = 1024
    FP_KEEP_LENGTH = 3
    FP_KEEP_GLUE = 2
    FP_GLUE_SCALE = 16
    FP_FAST_GLUE = 5
    FP_SLOW_GLUE = 12
    FP_VIVIFY_MOST = 10
    FP_VIVIFY_EFFORT = 30


cdef struct fp_learn:
    void *kernel
    void (*give)(void *kernel, int literal, int why) noexcept nogil
    void (*back_to)(void *kernel, int level) noexcept nogil
    int (*propagate)(void *kernel) noexcept nogil
    int (*explain)(void *kernel, int why, int p, int32_t *out) noexcept nogil
    int size, most_explained, restart_conflicts, clock_nodes
    bint luby                 # restarts on the Luby sequence, else when the recent glue runs high
    bint minimises            # learnt clauses lose the literals the others imply
    int level_count, qhead, trail_size, restarts, assumption_count, glue_stamp
    bint unsatisfiable, out_of_memory, solved
    uint64_t node_count, conflict_count, next_restart, vivified_at
    uint64_t glue_fast, glue_slow  # the moving averages of glue that decide the restarts
    # Cells: digit (or FP_UNKNOWN), saved digit, seen in analysis; level, place on the trail, reason.
    uint8_t *value
    uint8_t *saved
    uint8_t *seen
    int32_t *level
    int32_t *place
    int32_t *reason
    int32_t *trail            # literals, in the order they became true
    int32_t *level_start      # the trail's length when each decision level began
    int32_t *learnt           # the clause being learnt (or added)
    int32_t *explained        # explain()'s literals
    int32_t *stack            # fp_implied(): the cells whose reasons are still to be read
    int32_t *cleared          # fp_minimise(): the cells found implied, seen until it ends
    int32_t *assumptions      # the literals decided first, one per level
    int32_t *level_mark       # fp_glue(): per level, the stamp of the call that last counted it
    # Clauses: [header, literal, ...] from each offset; the first two literals are watched.
    int32_t *arena
    int arena_size, arena_room, learnt_count, learnt_limit
    int32_t **watches         # per literal: the offsets of the clauses watching it
    int32_t *watch_size
    int32_t *watch_room
    fp_heap order             # the cells by activity, the most active first


cdef inline void fp_learn_clear(fp_learn *e) noexcept nogil:
    """No memory taken yet: what fp_learn_free may be given before fp_learn_allocate."""
    e.watches = NULL
    e.level = NULL
    e.value = NULL
    e.order.activity = NULL
    e.arena = NULL
    e.watch_size = NULL


cdef inline bint fp_learn_allocate(fp_learn *e, int size, int most_explained) noexcept nogil:
    """Take the memory of a search of size cells (the hooks and kernel left as they are); False when
    out of memory (fp_learn_free frees what was taken)."""
    e.size = size
    e.most_explained = most_explained
    e.watches = <int32_t **>calloc(2 * size, sizeof(int32_t *))  # all NULL, for fp_learn_free
    e.level = <int32_t *>malloc((12 * size + 3 + most_explained) * sizeof(int32_t))
    e.value = <uint8_t *>malloc(3 * size * sizeof(uint8_t))
    e.order.activity = <double *>malloc(size * sizeof(double))
    e.arena = <int32_t *>malloc(FP_FIRST_ARENA * sizeof(int32_t))
    e.watch_size = <int32_t *>malloc(4 * size * sizeof(int32_t))
    if (e.watches == NULL or e.level == NULL or e.value == NULL or e.order.activity == NULL
            or e.arena == NULL or e.watch_size == NULL):
        return False
    e.arena_room = FP_FIRST_ARENA
    e.place = e.level + size
    e.reason = e.place + size
    e.trail = e.reason + size
    e.order.cells = e.trail + size
    e.order.at = e.order.cells + size
    e.order.count = size
    e.level_start = e.order.at + size
    e.learnt = e.level_start + (size + 1)
    e.stack = e.learnt + (size + 1)
    e.cleared = e.stack + size
    e.assumptions = e.cleared + size
    e.level_mark = e.assumptions + size
    e.explained = e.level_mark + (size + 1)
    e.saved = e.value + size
    e.seen = e.saved + size
    e.watch_room = e.watch_size + 2 * size
    return True


cdef inline void fp_learn_free(fp_learn *e) noexcept nogil:
    cdef int p
    if e.watches != NULL:
        for p in range(2 * e.size):
            free(e.watches[p])
    free(e.watches)
    free(e.watch_size)
    free(e.level)
    free(e.value)
    free(e.order.activity)
    free(e.arena)


cdef inline void fp_learn_start(fp_learn *e, int restart_conflicts, int clock_nodes, bint luby, bint minimises,
                                int learnt_limit) noexcept nogil:
    """Every cell open, digit 0 first, no clause, no level; then restarts every restart_conflicts
    conflicts (times the Luby sequence with luby), a look at the clock every clock_nodes nodes (a power
    of two), reduce() once learnt_limit learnt clauses are kept."""
    cdef int p
    for p in range(e.size):
        e.value[p] = FP_UNKNOWN
        e.saved[p] = 0
        e.seen[p] = 0
        e.level[p] = 0
        e.reason[p] = FP_DECIDED
        e.order.activity[p] = 0.0
    for p in range(e.size + 1):
        e.level_mark[p] = 0
    for p in range(2 * e.size):
        e.watch_size[p] = 0
        e.watch_room[p] = 0
    e.order.size = 0
    for p in range(e.size):
        e.order.at[p] = -1
        fp_heap_push(&e.order, p)
    e.order.step = 1.0
    e.restart_conflicts = restart_conflicts
    e.clock_nodes = clock_nodes
    e.luby = luby
    e.minimises = minimises
    e.learnt_limit = learnt_limit
    e.level_count = 0
    e.trail_size = 0
    e.qhead = 0
    e.restarts = 0
    e.assumption_count = 0
    e.glue_stamp = 0
    e.node_count = 0
    e.conflict_count = 0
    e.vivified_at = 0
    e.next_restart = restart_conflicts
    e.glue_fast = 0
    e.glue_slow = 0
    e.arena_size = 0
    e.learnt_count = 0
    e.unsatisfiable = False
    e.out_of_memory = False
    e.solved = False


# -- the trail ------------------------------------------------------------------------

cdef inline void fp_set(fp_learn *e, int literal, int why) noexcept nogil:
    """Make literal true at the current level, for reason why (the engine's part of give)."""
    cdef int p = literal >> 1
    e.value[p] = <uint8_t>(literal & 1)
    e.level[p] = e.level_count
    e.place[p] = e.trail_size
    e.reason[p] = why
    e.trail[e.trail_size] = literal
    e.trail_size += 1


cdef inline int fp_unset(fp_learn *e) noexcept nogil:
    """Take the last literal off the trail, its digit saved and its cell back in the heap; the literal."""
    cdef int literal, p
    e.trail_size -= 1
    literal = e.trail[e.trail_size]
    p = literal >> 1
    e.value[p] = FP_UNKNOWN
    e.saved[p] = <uint8_t>(literal & 1)
    if e.order.at[p] < 0:
        fp_heap_push(&e.order, p)
    return literal


cdef inline void fp_backed(fp_learn *e, int level) noexcept nogil:
    """The trail is back at level_start[level]: level is the current level."""
    e.qhead = e.trail_size
    e.level_count = level


cdef inline void fp_decide(fp_learn *e, int literal) noexcept nogil:
    """Open a level and make literal true there."""
    e.level_start[e.level_count] = e.trail_size
    e.level_count += 1
    e.give(e.kernel, literal, FP_DECIDED)


cdef inline bint fp_probe(fp_learn *e, int literal) noexcept nogil:
    """At level 0: whether literal, made true at a level of its own, propagates without a conflict. The
    level stays open, for the caller to read, until it goes back to level 0."""
    fp_decide(e, literal)
    return e.propagate(e.kernel) == -1


cdef inline bint fp_unprobe(fp_learn *e) noexcept nogil:
    """Close a probe's level (back to level 0); False when the probe ran out of memory."""
    e.back_to(e.kernel, 0)
    return not e.out_of_memory


cdef inline bint fp_fix(fp_learn *e, int literal) noexcept nogil:
    """At level 0: make literal true and propagate; False on a conflict, or when out of memory."""
    e.give(e.kernel, literal, FP_DECIDED)
    return e.propagate(e.kernel) == -1 and not e.out_of_memory


# -- the clauses ----------------------------------------------------------------------

cdef inline bint fp_watch(fp_learn *e, int literal, int clause) noexcept nogil:
    """Add clause to literal's watch list; False when out of memory."""
    cdef int32_t *grown
    cdef int room
    if e.watch_size[literal] == e.watch_room[literal]:
        room = max(FP_FIRST_WATCHES, 2 * e.watch_room[literal])
        grown = <int32_t *>realloc(e.watches[literal], room * sizeof(int32_t))
        if grown == NULL:
            e.out_of_memory = True
            return False
        e.watches[literal] = grown
        e.watch_room[literal] = room
    e.watches[literal][e.watch_size[literal]] = clause
    e.watch_size[literal] += 1
    return True


cdef inline int fp_store(fp_learn *e, const int32_t *literals, int length, bint learnt, int glue) noexcept nogil:
    """Put a clause of length >= 2 in the arena and watch its first two literals; its offset, or -1
    when out of memory. A learnt clause's glue goes in its first word."""
    cdef int32_t *grown
    cdef int room = e.arena_room, at = e.arena_size, i
    while e.arena_size + length + 1 > room:
        if room > FP_LEARN_MAX_ARENA // 2:
            e.out_of_memory = True
            return -1
        room *= 2
    if room != e.arena_room:
        grown = <int32_t *>realloc(e.arena, room * sizeof(int32_t))
        if grown == NULL:
            e.out_of_memory = True
            return -1
        e.arena = grown
        e.arena_room = room
    e.arena[at] = length | (FP_LEARN_LEARNT | (glue << FP_LEARN_GLUE_SHIFT) if learnt else 0)
    e.learnt_count += learnt
    for i in range(length):
        e.arena[at + 1 + i] = literals[i]
    e.arena_size += length + 1
    if not (fp_watch(e, literals[0], at) and fp_watch(e, literals[1], at)):
        return -1
    return at


cdef inline int fp_watched(fp_learn *e, int false_literal) noexcept nogil:
    """Visit the clauses watching false_literal: move each watch, or give the clause's other watched
    literal; the offset of a clause all of whose literals are false, or -1 (out_of_memory set when
    memory ran out)."""
    cdef int i = 0, j = 0, w = e.watch_size[false_literal], clause, first, length, x, q
    cdef int32_t *watching = e.watches[false_literal]
    cdef int32_t *arena = e.arena
    cdef bint moved
    while i < w:
        clause = watching[i]
        i += 1
        if arena[clause + 1] == false_literal:
            arena[clause + 1] = arena[clause + 2]
            arena[clause + 2] = false_literal
        first = arena[clause + 1]
        if e.value[first >> 1] == (first & 1):
            watching[j] = clause
            j += 1
            continue
        length = arena[clause] & FP_LEARN_LENGTH
        moved = False
        for x in range(3, length + 1):
            q = arena[clause + x]
            if e.value[q >> 1] != ((q & 1) ^ 1):
                arena[clause + 2] = q
                arena[clause + x] = false_literal
                # q is not false, so its list is not this one (which fp_watch may move).
                if not fp_watch(e, q, clause):
                    e.watch_size[false_literal] = j
                    return -1
                moved = True
                break
        if moved:
            continue
        watching[j] = clause
        j += 1
        if e.value[first >> 1] == FP_UNKNOWN:
            e.give(e.kernel, first, clause)
            continue
        while i < w:
            watching[j] = watching[i]
            j += 1
            i += 1
        e.watch_size[false_literal] = j
        return clause
    e.watch_size[false_literal] = j
    return -1


cdef inline int fp_open_at_level_zero(fp_learn *e, const int32_t *literals, int length, int32_t *out) noexcept nogil:
    """Copy the literals of a clause that level 0 leaves open to out (literals itself, or before it), in
    order; how many, or -1 (out then undefined) if level 0 makes one of them true."""
    cdef int kept = 0, i, literal, state
    for i in range(length):
        literal = literals[i]
        state = e.value[literal >> 1]
        if state == (literal & 1):
            return -1
        if state == FP_UNKNOWN:
            out[kept] = literal
            kept += 1
    return kept


cdef inline void fp_add_open(fp_learn *e, int kept) noexcept nogil:
    """Add the clause of the kept literals in learnt, all of which level 0 leaves open."""
    if kept == 0:
        e.unsatisfiable = True
    elif kept == 1:
        e.give(e.kernel, e.learnt[0], FP_DECIDED)
    elif fp_store(e, e.learnt, kept, False, 0) < 0:
        e.out_of_memory = True


cdef inline void fp_add_clause(fp_learn *e, int count) noexcept nogil:
    """Add the clause of the count literals in learnt, at level 0 (what level 0 makes false left out)."""
    cdef int kept = fp_open_at_level_zero(e, e.learnt, count, e.learnt)
    if kept >= 0:
        fp_add_open(e, kept)


cdef inline void fp_exclude_decisions(fp_learn *e) noexcept nogil:
    """From now on, find only solutions in which some decision of the one just found differs."""
    cdef int level, count = 0, start
    for level in range(e.level_count):
        start = e.level_start[level]
        if start < e.trail_size and e.level[e.trail[start] >> 1] == level + 1:
            e.learnt[count] = e.trail[start] ^ 1
            count += 1
    e.back_to(e.kernel, 0)
    fp_add_clause(e, count)


cdef inline void fp_exclude_cells(fp_learn *e) noexcept nogil:
    """From now on, find only solutions that differ somewhere from the one just found."""
    cdef int p
    for p in range(e.size):
        e.learnt[p] = 2 * p + (e.value[p] ^ 1)
    e.back_to(e.kernel, 0)
    fp_add_clause(e, e.size)


cdef inline int fp_exclude(fp_learn *e, const unsigned char[::1] picture, const unsigned char[::1] where) except -1:
    """From now on, find only solutions that differ from picture (0 or 1 per cell) in at least one cell
    where where is not 0."""
    cdef int p, count = 0
    assert picture.shape[0] == e.size and where.shape[0] == e.size, f"expected {e.size} cells"
    for p in range(e.size):
        assert not where[p] or picture[p] <= 1, f"cell {p}: expected 0 or 1, got {picture[p]}"
    e.back_to(e.kernel, 0)
    e.solved = False
    for p in range(e.size):
        if where[p]:
            e.learnt[count] = 2 * p + (picture[p] ^ 1)
            count += 1
    fp_add_clause(e, count)
    return 0


cdef inline int fp_prefer(fp_learn *e, const unsigned char[::1] picture) except -1:
    """Try each cell first with its digit in picture (0 or 1 per cell), until the search learns
    otherwise."""
    cdef int p
    assert picture.shape[0] == e.size, f"expected {e.size} cells"
    for p in range(e.size):
        assert picture[p] <= 1, f"cell {p}: expected 0 or 1, got {picture[p]}"
        e.saved[p] = picture[p]
    return 0


cdef inline bytes fp_solution(fp_learn *e):
    """The digits of the cells, as b'0' and b'1'."""
    cdef bytes text = PyBytes_FromStringAndSize(NULL, e.size)
    cdef char *out = PyBytes_AS_STRING(text)
    cdef int p
    for p in range(e.size):
        out[p] = b'1' if e.value[p] == 1 else b'0'
    return text


# -- learning -------------------------------------------------------------------------

cdef inline int fp_analyse(fp_learn *e, int conflict, int *jump) noexcept nogil:
    """Learn a clause from conflict (first unique implication point) into learnt; its length.

    learnt[0] is the literal that becomes true after jumping back to level jump[0].
    """
    cdef const int32_t *literals
    cdef int count, length = 1, open_paths = 0, index = e.trail_size - 1, i, q, p = -1, why, best
    if conflict >= 0:
        literals = e.arena + conflict + 1
        count = e.arena[conflict] & FP_LEARN_LENGTH
    else:
        count = e.explain(e.kernel, conflict, -1, e.explained)
        literals = e.explained
    i = 0
    while True:
        while i < count:
            q = literals[i] >> 1
            if not e.seen[q] and e.level[q] > 0:
                e.seen[q] = 1
                fp_heap_bump(&e.order, q)
                if e.level[q] == e.level_count:
                    open_paths += 1
                else:
                    e.learnt[length] = literals[i]
                    length += 1
            i += 1
        while not e.seen[e.trail[index] >> 1]:
            index -= 1
        p = e.trail[index] >> 1
        index -= 1
        e.seen[p] = 0
        open_paths -= 1
        if open_paths == 0:
            break
        why = e.reason[p]
        if why >= 0:
            literals = e.arena + why + 1
            count = e.arena[why] & FP_LEARN_LENGTH
            i = 1
        else:
            count = e.explain(e.kernel, why, p, e.explained)
            literals = e.explained
            i = 0
    e.learnt[0] = e.trail[e.place[p]] ^ 1
    if e.minimises:
        length = fp_minimise(e, length)
    else:
        for i in range(1, length):
            e.seen[e.learnt[i] >> 1] = 0
    # The literal of the latest level below this one is watched second.
    jump[0] = 0
    best = 1
    for i in range(1, length):
        q = e.learnt[i] >> 1
        if e.level[q] > jump[0]:
            jump[0] = e.level[q]
            best = i
    if length > 1:
        q = e.learnt[1]
        e.learnt[1] = e.learnt[best]
        e.learnt[best] = q
    e.order.step *= 1.0 / 0.95
    return length


cdef inline int fp_minimise(fp_learn *e, int length) noexcept nogil:
    """Drop from learnt the literals the others imply through their reasons; the new length. Each
    literal's cell is seen on entry, and none is on return (the twin's _minimised)."""
    cdef uint32_t levels = 0
    cdef int i, kept = 1, p, cleared = 0
    for i in range(1, length):
        levels |= (<uint32_t>1) << (e.level[e.learnt[i] >> 1] & 31)
    for i in range(1, length):
        p = e.learnt[i] >> 1
        if e.reason[p] != FP_DECIDED and fp_implied(e, p, levels, &cleared):
            e.learnt[i] = -1 - e.learnt[i]  # dropped (its cell stays seen until the end)
    for i in range(1, length):
        if e.learnt[i] < 0:
            e.seen[(-1 - e.learnt[i]) >> 1] = 0
        else:
            e.seen[e.learnt[i] >> 1] = 0
            e.learnt[kept] = e.learnt[i]
            kept += 1
    for i in range(cleared):
        e.seen[e.cleared[i]] = 0
    return kept


cdef inline bint fp_implied(fp_learn *e, int p, uint32_t levels, int *cleared) noexcept nogil:
    """Whether the cells seen imply the literal of cell p through its reasons; the cells found so
    go to cleared (and stay seen)."""
    cdef const int32_t *literals
    cdef int top = cleared[0], depth = 1, count, i, q, v, why
    e.stack[0] = p
    while depth:
        depth -= 1
        v = e.stack[depth]
        why = e.reason[v]
        if why >= 0:
            literals = e.arena + why + 2
            count = (e.arena[why] & FP_LEARN_LENGTH) - 1
        else:
            count = e.explain(e.kernel, why, v, e.explained)
            literals = e.explained
        for i in range(count):
            q = literals[i] >> 1
            if e.seen[q] or e.level[q] == 0:
                continue
            if e.reason[q] == FP_DECIDED or not (levels >> (e.level[q] & 31)) & 1:
                while cleared[0] > top:
                    cleared[0] -= 1
                    e.seen[e.cleared[cleared[0]]] = 0
                return False
            e.seen[q] = 1
            e.stack[depth] = q
            depth += 1
            e.cleared[cleared[0]] = q
            cleared[0] += 1
    return True


cdef inline int fp_glue(fp_learn *e, const int32_t *literals, int length) noexcept nogil:
    """The decision levels among the cells of literals, at most FP_LEARN_MOST_GLUE (the twin's _glue)."""
    cdef int i, level, count = 0
    if e.glue_stamp == FP_LEARN_LAST_STAMP:
        e.glue_stamp = 0
        for i in range(e.size + 1):
            e.level_mark[i] = 0
    e.glue_stamp += 1
    for i in range(length):
        level = e.level[literals[i] >> 1]
        if e.level_mark[level] != e.glue_stamp:
            e.level_mark[level] = e.glue_stamp
            count += 1
    return min(count, FP_LEARN_MOST_GLUE)


cdef inline bint fp_restart_due(fp_learn *e, int glue) noexcept nogil:
    """Whether to restart now: on the Luby sequence, or once the glue of late (moved by glue, the clause
    just learnt's) runs high (the twin's _restart_due)."""
    if e.luby:
        return e.conflict_count >= e.next_restart
    if e.glue_slow == 0:
        e.glue_slow = <uint64_t>glue << FP_GLUE_SCALE  # the first conflict: both start at its glue
        e.glue_fast = e.glue_slow
    # Each step stays at 0 or over: no unsigned wrap-around for the checked build to trap.
    e.glue_fast = e.glue_fast - (e.glue_fast >> FP_FAST_GLUE) + (<uint64_t>glue << (FP_GLUE_SCALE - FP_FAST_GLUE))
    e.glue_slow = e.glue_slow - (e.glue_slow >> FP_SLOW_GLUE) + (<uint64_t>glue << (FP_GLUE_SCALE - FP_SLOW_GLUE))
    return e.conflict_count >= e.next_restart and 4 * e.glue_fast > 5 * e.glue_slow


cdef inline void fp_restart(fp_learn *e) noexcept nogil:
    """Back to the assumptions' levels, or to level 0 when the learnt clauses are due for fp_reduce."""
    if e.luby:
        e.restarts += 1
        e.next_restart = e.conflict_count + <uint64_t>e.restart_conflicts * fp_luby(e.restarts + 1)
    else:
        e.next_restart = e.conflict_count + e.restart_conflicts
    e.back_to(e.kernel, 0 if e.learnt_count >= e.learnt_limit else e.assumption_count)


# -- clean-ups of the clauses, at level 0 ----------------------------------------------------

cdef inline int fp_compare_keys(const void *a, const void *b) noexcept nogil:
    cdef uint64_t x = (<const uint64_t *>a)[0], y = (<const uint64_t *>b)[0]
    return (x > y) - (x < y)


cdef inline bint fp_reduce(fp_learn *e) noexcept nogil:
    """At level 0, propagated: drop half of the learnt clauses longer than FP_KEEP_LENGTH of glue over
    FP_KEEP_GLUE, those of the highest glue, the longer first among equals, then the older; then
    fp_rewatch, fp_vivify and fp_rewatch again (the twin's _reduce). False when out of memory."""
    cdef uint64_t *keys
    cdef int count = 0, at, length, i, drop, glue
    keys = <uint64_t *>malloc((e.learnt_count + 1) * sizeof(uint64_t))
    if keys == NULL:
        e.out_of_memory = True
        return False
    at = 0
    while at < e.arena_size:
        length = e.arena[at] & FP_LEARN_LENGTH
        glue = (e.arena[at] >> FP_LEARN_GLUE_SHIFT) & FP_LEARN_MOST_GLUE
        if (e.arena[at] & FP_LEARN_LEARNT) and length > FP_KEEP_LENGTH and glue > FP_KEEP_GLUE:
            # Higher glue first, then longer, then older: the key sorts ascending.
            keys[count] = (((<uint64_t>(FP_LEARN_MOST_GLUE - glue)) << 48)
                           | ((<uint64_t>(FP_LEARN_LENGTH - length)) << 32) | <uint64_t>at)
            count += 1
        at += length + 1
    qsort(keys, count, sizeof(uint64_t), fp_compare_keys)
    drop = count // 2
    for i in range(drop):
        at = <int>(keys[i] & <uint64_t>0xffffffffU)
        e.arena[at] = -1 - e.arena[at]  # marked: dropped
    free(keys)
    e.learnt_limit += e.learnt_limit // 10
    if not (fp_rewatch(e) and fp_vivify(e)):
        return False
    return e.unsatisfiable or fp_rewatch(e)


cdef inline bint fp_rewatch(fp_learn *e) noexcept nogil:
    """At level 0: take out of the arena the clauses marked dropped and those level 0 satisfies, and the
    literals level 0 makes false, and watch every clause again; a clause left with one literal gives it
    at level 0, and one left with none makes the search unsatisfiable. Then propagate at level 0 (the
    twin's _rewatch). False when out of memory."""
    cdef int at = 0, to = 0, length, kept, header, q
    for q in range(e.trail_size):
        e.reason[e.trail[q] >> 1] = FP_DECIDED  # level 0 is never explained: offsets move
    for q in range(2 * e.size):
        e.watch_size[q] = 0
    e.learnt_count = 0
    while at < e.arena_size:
        if e.arena[at] < 0:
            at += ((-1 - e.arena[at]) & FP_LEARN_LENGTH) + 1
            continue
        header = e.arena[at]
        length = header & FP_LEARN_LENGTH
        kept = fp_open_at_level_zero(e, &e.arena[at + 1], length, &e.arena[to + 1])
        if kept == 0:
            e.unsatisfiable = True
        elif kept == 1:
            e.give(e.kernel, e.arena[to + 1], FP_DECIDED)
        elif kept > 1:
            e.arena[to] = kept | (header & ~FP_LEARN_LENGTH)
            e.learnt_count += (header & FP_LEARN_LEARNT) != 0
            if not (fp_watch(e, e.arena[to + 1], to) and fp_watch(e, e.arena[to + 2], to)):
                return False
            to += kept + 1
        at += length + 1
    e.arena_size = to
    if not e.unsatisfiable and e.propagate(e.kernel) != -1:
        e.unsatisfiable = not e.out_of_memory
    return not e.out_of_memory


cdef inline bint fp_vivify(fp_learn *e) noexcept nogil:
    """At level 0, propagated, the arena just rewatched: try to shorten each learnt clause of at most
    FP_VIVIFY_MOST literals not tried before, in the arena's order, until FP_VIVIFY_EFFORT decisions per
    hundred conflicts since the last call are spent. Its literals made false one after the other, each
    at a level of its own: a literal that propagation makes false leaves the clause, and one it makes
    true, or a conflict, ends it there.
    What is left is implied by the clauses and the rules. Shortened clauses are written back (the
    rest of their old room marked dropped) once every clause is tried, since the watches read them
    meanwhile; a clause of one literal is given at level 0 (and a conflict there ends it, the clauses as
    they were). The saved digits stay as they were (the twin's _vivify). False when out of memory."""
    cdef int at = 0, length, i, k, literal, state, end, header
    cdef int32_t *shorter
    cdef int written = 0, q
    cdef int64_t budget = <int64_t>(e.conflict_count - e.vivified_at) * FP_VIVIFY_EFFORT // 100
    cdef uint8_t *phases = <uint8_t *>malloc(e.size * sizeof(uint8_t))
    shorter = <int32_t *>malloc((e.arena_size + 1) * sizeof(int32_t))
    if phases == NULL or shorter == NULL:
        free(phases)
        free(shorter)
        e.out_of_memory = True
        return False
    memcpy(phases, e.saved, e.size * sizeof(uint8_t))
    e.vivified_at = e.conflict_count
    while at < e.arena_size and not e.unsatisfiable and budget > 0:
        header = e.arena[at]
        length = header & FP_LEARN_LENGTH
        end = at + length + 1
        if (header & FP_LEARN_LEARNT) == 0 or (header & FP_LEARN_VIVIFIED) or length > FP_VIVIFY_MOST:
            at = end
            continue
        e.arena[at] = header | FP_LEARN_VIVIFIED
        # Propagation moves the clause's own watches: read its literals from a copy.
        memcpy(e.stack, &e.arena[at + 1], length * sizeof(int32_t))
        k = 0
        for i in range(length):
            literal = e.stack[i]
            state = e.value[literal >> 1]
            if state == (literal ^ 1) & 1:
                continue
            if state != FP_UNKNOWN and e.level[literal >> 1] == 0:
                k = length  # satisfied since a clause before gave a literal at level 0: fp_rewatch drops it
                break
            e.learnt[k] = literal
            k += 1
            if state != FP_UNKNOWN or i == length - 1:
                break
            budget -= 1
            fp_decide(e, literal ^ 1)
            if e.propagate(e.kernel) != -1:
                break
        e.back_to(e.kernel, 0)
        if e.out_of_memory:
            break
        if k == 1:
            e.give(e.kernel, e.learnt[0], FP_DECIDED)
            if e.propagate(e.kernel) != -1:
                e.unsatisfiable = not e.out_of_memory
                break
        if 0 < k < length:
            shorter[written] = at
            shorter[written + 1] = k
            for q in range(k):
                shorter[written + 2 + q] = e.learnt[q]
            written += k + 2
        at = end
    memcpy(e.saved, phases, e.size * sizeof(uint8_t))
    q = 0
    while q < written and not (e.unsatisfiable or e.out_of_memory):
        at = shorter[q]
        k = shorter[q + 1]
        length = e.arena[at] & FP_LEARN_LENGTH
        e.arena[at] = k | (e.arena[at] & ~FP_LEARN_LENGTH)
        for i in range(k):
            e.arena[at + 1 + i] = shorter[q + 2 + i]
        e.arena[at + 1 + k] = -1 - (length - k - 1)
        q += k + 2
    free(phases)
    free(shorter)
    return not e.out_of_memory


# -- the search -----------------------------------------------------------------------

cdef inline int fp_next_assumption(fp_learn *e) noexcept nogil:
    """The next assumption to decide: its literal, -1 once every one is placed, -2 if one is false
    (the twin's _next_assumption: one already true takes an empty level)."""
    cdef int literal, state
    while e.level_count < e.assumption_count:
        literal = e.assumptions[e.level_count]
        state = e.value[literal >> 1]
        if state == FP_UNKNOWN:
            return literal
        if state != (literal & 1):
            return -2
        e.level_start[e.level_count] = e.trail_size
        e.level_count += 1
    return -1


cdef inline int fp_search(fp_learn *e, uint64_t node_budget, double deadline) noexcept nogil:
    """Search on until a solution, the end, node_budget more nodes or the deadline (fp_seconds)."""
    cdef uint64_t stop = e.node_count + node_budget
    cdef uint64_t check = min(stop, (e.node_count | (e.clock_nodes - 1)) + 1)
    cdef int conflict, length, jump, clause, p, glue
    while True:
        if e.unsatisfiable:
            return FP_STATUS_EXHAUSTED
        conflict = e.propagate(e.kernel)
        if e.out_of_memory:
            return FP_STATUS_TOO_LARGE
        if conflict != -1:
            e.node_count += 1
            e.conflict_count += 1
            if e.level_count == 0:
                e.unsatisfiable = True
                return FP_STATUS_EXHAUSTED
            length = fp_analyse(e, conflict, &jump)
            glue = 0 if e.luby else fp_glue(e, e.learnt, length)
            e.back_to(e.kernel, jump)
            if length == 1:
                e.give(e.kernel, e.learnt[0], FP_DECIDED)
            else:
                clause = fp_store(e, e.learnt, length, True, glue)
                if clause < 0:
                    return FP_STATUS_TOO_LARGE
                e.give(e.kernel, e.learnt[0], clause)
            if fp_restart_due(e, glue):
                fp_restart(e)
            continue
        if e.level_count == 0 and e.learnt_count >= e.learnt_limit:
            if not fp_reduce(e):
                return FP_STATUS_TOO_LARGE
            if e.unsatisfiable:
                return FP_STATUS_EXHAUSTED
        if e.node_count >= stop:
            return FP_STATUS_PAUSED
        if e.node_count >= check:
            if fp_past(deadline):
                return FP_STATUS_PAUSED
            check = (e.node_count | (e.clock_nodes - 1)) + 1
        p = fp_next_assumption(e)
        if p == -2:
            return FP_STATUS_EXHAUSTED  # an assumption is false: no solution with these givens
        if p < 0:
            while e.order.size and e.value[e.order.cells[0]] != FP_UNKNOWN:
                fp_heap_pop(&e.order)
            if not e.order.size:
                e.solved = True
                return FP_STATUS_SOLUTION
            p = fp_heap_pop(&e.order)
            p = 2 * p + e.saved[p]
        e.node_count += 1
        fp_decide(e, p)


cdef class Engine:
    cdef fp_learn e
