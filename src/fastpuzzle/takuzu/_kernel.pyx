# cython: language_level=3
"""Compiled 01-game kernel: clause learning for any grid (Learn), candidate lines for squares (Search), and
counting by rows without listing (Counter)."""

cimport cython
from cpython.bytes cimport PyBytes_FromStringAndSize
from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE
from cpython.ref cimport PyObject
from cpython.unicode cimport PyUnicode_DecodeASCII
from libc.stdint cimport int32_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memcpy

from fastpuzzle._learning.engine cimport (
    Engine,
    FP_LEARN_LEARNT, FP_LEARN_LENGTH, fp_add_open, fp_backed, fp_exclude, fp_exclude_decisions, fp_fix,
    fp_learn_allocate, fp_learn_clear, fp_learn_free, fp_learn_start, fp_open_at_level_zero, fp_prefer, fp_probe,
    fp_search, fp_set, fp_unprobe, fp_unset, fp_watched,
)

cdef extern from *:
    """
    #if defined(_MSC_VER)
    #include <intrin.h>
    static inline int fp_ctz64(unsigned long long x) { unsigned long i; _BitScanForward64(&i, x); return (int)i; }
    #else
    static inline int fp_ctz64(unsigned long long x) { return __builtin_ctzll(x); }
    #endif
    """
    int fp_ctz64(unsigned long long x) nogil

cdef extern from "_fp_clock.h":
    double fp_seconds() nogil
    bint fp_past(double deadline) nogil
    double FP_POLL_SECONDS      # longest a call runs before it returns to Python

cdef extern from *:
    # Defined once in fastpuzzle/_registry.py; setup.py passes them as C macros.
    enum:
        FP_TAKUZU_LIST_MAX_N    # a listed line is one uint32_t, and the 2n lines fit one uint64_t of flags
        FP_STATUS_EXHAUSTED
        FP_STATUS_SOLUTION
        FP_STATUS_PAUSED
        FP_STATUS_TOO_LARGE

cdef enum:
    MAX_SIDE = FP_TAKUZU_LIST_MAX_N
    # Cell codes of the cells buffer.
    CELL_ZERO = 0
    CELL_ONE = 1
    CELL_BLANK = 2

cdef enum:
    # Up to this side, filtering the list of all valid lines by the givens is
    # cheaper than generating each line's candidates from its givens.
    FILTER_MAX_N = 16
    # Root probing is skipped when the lines hold more live candidates than this.
    PROBE_MAX_CANDIDATES = 100000
    # Nodes between two looks at the clock.
    CLOCK_NODES = 256

cdef enum:
    # Search.start's outcomes.
    SETUP_DONE = 0
    SETUP_NO_MEMORY = 1
    SETUP_BAD_CELL = 2

cdef enum:
    # Search.probe's outcomes.
    PROBE_FAILED = 0
    PROBE_NOTHING = 1
    PROBE_FIXED = 2

cdef enum:
    # Search.next_solution's phases: expand the current node, or try the next branch.
    DESCEND = 0
    ADVANCE = 1
    FINISHED = 2

cdef struct Snapshot:
    # Everything propagation changes at one node, saved before branching.
    uint64_t done           # bit i: line i is complete and struck from its parallels
    int32_t *live           # live[i]: candidates of line i still alive
    uint32_t *ones          # ones[i], zeros[i]: known 1s and 0s of line i
    uint32_t *zeros


cdef inline int slot(int position, int ones_so_far, int last, int run) noexcept nogil:
    """Index of a prefix state in a completion table (run is 1 or 2)."""
    return ((position * 17 + ones_so_far) * 2 + last) * 2 + run - 1


cdef uint64_t completion_table(int n, uint32_t ones, uint32_t zeros, uint64_t *table) noexcept nogil:
    """Count the valid lines agreeing with the givens, and how each prefix completes.

    table[slot(p, k, d, r)] is the number of ways to finish a line whose first p
    cells hold k ones and end in a run of r copies of digit d.
    """
    cdef int half = n // 2, position, k, d, r, digit, after
    cdef uint64_t total
    for position in range(n, 0, -1):
        for k in range(half + 1):
            for d in range(2):
                for r in range(1, 3):
                    if position == n:
                        table[slot(position, k, d, r)] = k == half
                        continue
                    total = 0
                    for digit in range(2):
                        after = k + digit
                        if ((ones if digit == 0 else zeros) >> position) & 1:
                            continue
                        if (digit == d and r == 2) or after > half or position + 1 - after > half:
                            continue
                        total += table[slot(position + 1, after, digit, r + 1 if digit == d else 1)]
                    table[slot(position, k, d, r)] = total
    total = 0
    for digit in range(2):
        if not ((ones if digit == 0 else zeros) & 1) and n >= 2:
            total += table[slot(1, digit, digit, 1)]
    return total


cdef uint64_t line_count(int n, uint32_t ones, uint32_t zeros) noexcept nogil:
    """Number of valid lines agreeing with the given 1s and 0s."""
    cdef uint64_t table[33 * 17 * 4]
    return completion_table(n, ones, zeros, table)


cdef uint32_t *extend(int n, uint32_t ones, uint32_t zeros, const uint64_t *table, int position,
                      int ones_so_far, int last, int run, uint32_t line, uint32_t *out) noexcept nogil:
    """Write every completion of a prefix; the table steers clear of dead ends."""
    cdef int digit, after, next_run
    if position == n:
        out[0] = line
        return out + 1
    for digit in range(2):
        if ((ones if digit == 0 else zeros) >> position) & 1:
            continue
        after = ones_so_far + digit
        next_run = run + 1 if digit == last else 1
        if after <= n // 2 and next_run <= 2 and table[slot(position + 1, after, digit, next_run)]:
            out = extend(n, ones, zeros, table, position + 1, after, digit, next_run,
                         line | (<uint32_t>digit << position), out)
    return out


cdef uint32_t *line_fill(int n, uint32_t ones, uint32_t zeros, uint32_t *out) noexcept nogil:
    """Write every valid line agreeing with the givens to out; return the end pointer."""
    cdef uint64_t table[33 * 17 * 4]
    cdef int digit
    completion_table(n, ones, zeros, table)
    for digit in range(2):
        if not ((ones if digit == 0 else zeros) & 1) and table[slot(1, digit, digit, 1)]:
            out = extend(n, ones, zeros, table, 1, digit, digit, 1, <uint32_t>digit, out)
    return out


cdef uint64_t count_matching(const uint32_t *lines, uint64_t count, uint32_t ones, uint32_t zeros) noexcept nogil:
    """How many of lines have 1s at ones and 0s at zeros."""
    cdef uint64_t i, matching = 0
    for i in range(count):
        matching += (lines[i] & ones) == ones and not (lines[i] & zeros)
    return matching


cdef uint32_t *copy_matching(const uint32_t *lines, uint64_t count, uint32_t ones, uint32_t zeros,
                             uint32_t *out) noexcept nogil:
    """Copy the lines with 1s at ones and 0s at zeros to out; return the end pointer."""
    cdef uint64_t i
    for i in range(count):
        if (lines[i] & ones) == ones and not (lines[i] & zeros):
            out[0] = lines[i]
            out += 1
    return out


def count_candidates(int n, bytes cells not None):
    """How many candidates all 2n lines start with; the search's memory is proportional."""
    cdef uint32_t ones[2 * MAX_SIDE]
    cdef uint32_t zeros[2 * MAX_SIDE]
    cdef uint64_t total = 0
    cdef int i
    cdef bint loaded
    cdef const unsigned char *codes = _checked_cells(n, cells)
    with nogil:
        loaded = _load_lines(n, codes, ones, zeros)
        for i in range(2 * n):
            total += line_count(n, ones[i], zeros[i])
    assert loaded
    return total


cdef const unsigned char *_checked_cells(int n, bytes cell_codes) except NULL:
    """The cell codes' bytes, once the caller's promise on n and their length is asserted."""
    assert 2 <= n <= MAX_SIDE and n % 2 == 0 and len(cell_codes) == n * n
    return cell_codes


cdef bint _load_lines(int n, const unsigned char *cells, uint32_t *ones, uint32_t *zeros) noexcept nogil:
    """Fill the 2n line masks (rows, then columns) from the row-major cell codes; false if a code is none of 0, 1, 2."""
    cdef int r, c
    cdef bint valid = True
    for r in range(2 * n):
        ones[r] = 0
        zeros[r] = 0
    for r in range(n):
        for c in range(n):
            if cells[r * n + c] == CELL_ONE:
                ones[r] |= (<uint32_t>1) << c
                ones[n + c] |= (<uint32_t>1) << r
            elif cells[r * n + c] == CELL_ZERO:
                zeros[r] |= (<uint32_t>1) << c
                zeros[n + c] |= (<uint32_t>1) << r
            elif cells[r * n + c] != CELL_BLANK:
                valid = False
    return valid


@cython.final  # no subclass: its cdef methods are called directly, not through a table
cdef class Search:
    """Enumerate the solutions of a 01-game grid, resumably.

    cells holds the n * n cell codes row by row: 0, 1 or 2 (blank); the caller
    guarantees 2 <= n <= MAX_N, n even, and nothing else in cells. A search whose
    lines would start with more than max_candidates candidates allocates nothing
    and reports TOO_LARGE.
    """

    cdef int n, lines, depth, phase
    cdef bint too_large
    cdef bint probe_paid          # the working node's probe fixed a cell
    cdef uint32_t full
    cdef uint64_t dirty, node_count, found_count
    cdef uint32_t *candidates     # all lines' candidate lists, back to back
    cdef int32_t *offset          # line i's list starts at candidates + offset[i]
    cdef Snapshot now             # the node being worked on
    cdef Snapshot probe_base      # now, before a probe
    cdef uint32_t probe_ones[MAX_SIDE]  # row knowns after probing a 0, then what both probes agree on
    cdef uint32_t probe_zeros[MAX_SIDE]
    cdef Snapshot *saved          # saved[d]: the node at depth d, before its branches
    cdef int32_t *branch_line     # branch_line[d]: the line branched on at depth d
    cdef int32_t *branch_next     # branch_next[d]: index of the next value to try
    cdef int32_t *branch_end      # values of depth d are choices[branch_start[d]:branch_end[d]]
    cdef int32_t *branch_start
    cdef int32_t *branch_probe    # branch_probe[d]: the node at depth d paid for its probe, so its children probe too
    cdef uint32_t *choices        # a stack of copied candidate values, one block per depth
    cdef void *arena

    def __cinit__(self, int n, bytes cells not None, uint64_t max_candidates):
        cdef const unsigned char *codes = _checked_cells(n, cells)
        cdef int outcome
        self.arena = NULL
        self.candidates = NULL
        self.n = n
        self.too_large = False
        self.node_count = 0
        self.found_count = 0
        # cells is immutable and held by the caller for the whole call.
        with nogil:
            outcome = self.start(n, codes, max_candidates)
        assert outcome != SETUP_BAD_CELL
        if outcome == SETUP_NO_MEMORY:
            raise MemoryError()

    cdef int start(self, int n, const unsigned char *cells, uint64_t max_candidates) noexcept nogil:
        """Build the candidate lists and settle the root: a SETUP_ outcome."""
        cdef uint32_t ones[2 * MAX_SIDE]
        cdef uint32_t zeros[2 * MAX_SIDE]
        cdef uint64_t counts[2 * MAX_SIDE]
        cdef uint64_t total = 0
        cdef int i, outcome, lines = 2 * n
        cdef uint32_t *every_line = NULL
        cdef uint64_t every_count = 0
        if not _load_lines(n, cells, ones, zeros):
            self.phase = FINISHED
            return SETUP_BAD_CELL
        if n <= FILTER_MAX_N:
            every_count = line_count(n, 0, 0)
            every_line = <uint32_t *>malloc(every_count * sizeof(uint32_t))
            if every_line == NULL:
                self.phase = FINISHED
                return SETUP_NO_MEMORY
            line_fill(n, 0, 0, every_line)
            for i in range(lines):
                counts[i] = count_matching(every_line, every_count, ones[i], zeros[i])
        else:
            for i in range(lines):
                counts[i] = line_count(n, ones[i], zeros[i])
        for i in range(lines):
            total += counts[i]
        if total > max_candidates:
            free(every_line)
            self.too_large = True
            self.phase = FINISHED
            return SETUP_DONE
        if not self.allocate(n, total):
            free(every_line)
            self.phase = FINISHED
            return SETUP_NO_MEMORY
        for i in range(lines):
            if every_line != NULL:
                copy_matching(every_line, every_count, ones[i], zeros[i], self.candidates + self.offset[i])
            else:
                line_fill(n, ones[i], zeros[i], self.candidates + self.offset[i])
            self.offset[i + 1] = self.offset[i] + <int32_t>counts[i]
            self.now.live[i] = <int32_t>counts[i]
            self.now.ones[i] = ones[i]
            self.now.zeros[i] = zeros[i]
        free(every_line)
        self.now.done = 0
        self.depth = 0
        self.node_count = 0
        self.found_count = 0
        self.dirty = (<uint64_t>-1) >> (64 - lines)
        # Probing pays for itself on a fairly constrained grid; on a nearly blank
        # one it costs more than it saves. Below the root, a node probes only when
        # its parent's probe fixed a cell (branch_probe).
        self.probe_paid = False
        if not self.settle():
            self.phase = FINISHED
            return SETUP_DONE
        if self.live_total() <= PROBE_MAX_CANDIDATES:
            outcome = self.probe()
            if outcome == PROBE_FAILED:
                self.phase = FINISHED
                return SETUP_DONE
            self.probe_paid = outcome == PROBE_FIXED
        self.phase = DESCEND
        return SETUP_DONE

    cdef bint allocate(self, int n, uint64_t total) noexcept nogil:
        """Allocate the tables for a side-n grid whose lines hold total candidates; false when out of memory."""
        cdef int d, lines = 2 * n, levels = 2 * n + 2
        cdef size_t arena_bytes
        cdef char *cursor
        self.n = n
        self.lines = lines
        self.full = <uint32_t>((<uint64_t>1 << n) - 1)
        # One block for all fixed-size tables; candidate values and the choice stack
        # are each bounded by the total number of candidates.
        arena_bytes = (
            <size_t>(levels + 1) * (sizeof(Snapshot) + lines * (sizeof(int32_t) + 2 * sizeof(uint32_t)))
            + <size_t>(lines + 1) * sizeof(int32_t)
            + <size_t>levels * 5 * sizeof(int32_t)
        )
        self.arena = malloc(arena_bytes)
        self.candidates = <uint32_t *>malloc((2 * total + 1) * sizeof(uint32_t))
        if self.arena == NULL or self.candidates == NULL:
            return False
        self.choices = self.candidates + total
        cursor = <char *>self.arena
        self.saved = <Snapshot *>cursor
        cursor += (levels + 1) * sizeof(Snapshot)
        for d in range(levels + 1):
            self.saved[d].live = <int32_t *>cursor
            cursor += lines * sizeof(int32_t)
            self.saved[d].ones = <uint32_t *>cursor
            cursor += lines * sizeof(uint32_t)
            self.saved[d].zeros = <uint32_t *>cursor
            cursor += lines * sizeof(uint32_t)
        self.offset = <int32_t *>cursor
        cursor += (lines + 1) * sizeof(int32_t)
        self.branch_line = <int32_t *>cursor
        self.branch_next = self.branch_line + levels
        self.branch_start = self.branch_next + levels
        self.branch_end = self.branch_start + levels
        self.branch_probe = self.branch_end + levels
        # The working node and the probe's saved copy live in the last two slots.
        self.now = self.saved[levels]
        self.probe_base = self.saved[levels - 1]
        self.offset[0] = 0
        return True

    def __dealloc__(self):
        free(self.arena)
        free(self.candidates)

    @property
    def nodes(self):
        """Branches tried so far."""
        return self.node_count

    def solution(self):
        """The cells of the solution last reported, row by row, as '0' and '1'."""
        cdef char text[MAX_SIDE * MAX_SIDE]
        cdef int r, c
        for r in range(self.n):
            for c in range(self.n):
                text[r * self.n + c] = b'1' if (self.now.ones[r] >> c) & 1 else b'0'
        return PyUnicode_DecodeASCII(text, self.n * self.n, NULL)

    def next_solution(self, uint64_t node_budget):
        """Search on for at most node_budget more nodes, and at most POLL_MS.

        Returns SOLUTION (read it with solution()), EXHAUSTED when no solution is
        left, PAUSED when the budget or the time ran out first, or TOO_LARGE.
        """
        cdef int status
        if self.too_large:
            return FP_STATUS_TOO_LARGE
        with nogil:
            status = self.walk(node_budget, fp_seconds() + FP_POLL_SECONDS)
        return status

    @property
    def found(self):
        """Solutions counted so far by count()."""
        return self.found_count

    def count(self, uint64_t node_budget, uint64_t limit):
        """Count solutions for at most node_budget more nodes and at most POLL_MS, adding them to found.

        Returns SOLUTION once found reaches limit (0: no limit), EXHAUSTED when
        the search is over, or PAUSED when the budget or the time ran out first.
        """
        cdef int status
        cdef uint64_t stop = self.node_count + node_budget
        cdef double deadline
        if self.too_large:
            return FP_STATUS_TOO_LARGE
        with nogil:
            deadline = fp_seconds() + FP_POLL_SECONDS
            while True:
                status = self.walk(stop - self.node_count if stop > self.node_count else 0, deadline)
                if status != FP_STATUS_SOLUTION:
                    break
                self.found_count += 1
                if self.found_count == limit:
                    break
        return status

    cdef int walk(self, uint64_t node_budget, double deadline) noexcept nogil:
        """Search on until a solution, the end, node_budget more nodes or the deadline (fp_seconds)."""
        cdef uint64_t stop = self.node_count + node_budget
        # The search stops at check to look at the clock, at each multiple of
        # CLOCK_NODES nodes (one comparison per branch, as for the budget alone;
        # a multiple, so that count() calling again after each solution still gets there).
        cdef uint64_t check = min(stop, (self.node_count | (CLOCK_NODES - 1)) + 1)
        cdef int line, top, outcome
        cdef uint32_t value
        while self.phase != FINISHED:
            if self.phase == DESCEND:
                line = self.tightest_line()
                if line < 0:
                    self.phase = ADVANCE
                    return FP_STATUS_SOLUTION
                self.push(line)
                self.phase = ADVANCE
                continue
            if self.node_count >= check:
                # Only here, between two branches, may the search pause.
                if self.node_count >= stop or fp_past(deadline):
                    return FP_STATUS_PAUSED
                check = min(stop, (self.node_count | (CLOCK_NODES - 1)) + 1)
            top = self.depth - 1
            if top < 0:
                self.phase = FINISHED
                break
            if self.branch_next[top] == self.branch_end[top]:
                self.depth -= 1
                continue
            value = self.choices[self.branch_next[top]]
            self.branch_next[top] += 1
            self.node_count += 1
            self.restore(top)
            line = self.branch_line[top]
            self.fix(line, value & ~self.now.ones[line], ~value & self.full & ~self.now.zeros[line])
            self.dirty |= (<uint64_t>1) << line
            if not self.settle():
                continue
            if self.branch_probe[top]:
                outcome = self.probe()
                if outcome == PROBE_FAILED:
                    continue
                self.probe_paid = outcome == PROBE_FIXED
            else:
                self.probe_paid = False
            self.phase = DESCEND
        return FP_STATUS_EXHAUSTED

    cdef uint64_t live_total(self) noexcept nogil:
        cdef uint64_t total = 0
        cdef int i
        for i in range(self.lines):
            total += self.now.live[i]
        return total

    cdef int probe(self) noexcept nogil:
        """Try both digits in every open cell and keep what either outcome proves.

        A digit whose propagation fails fixes the other one; cells that come out
        the same under both digits are fixed too. PROBE_FAILED if both digits
        of a cell fail, else PROBE_FIXED or PROBE_NOTHING.
        """
        cdef Snapshot *base = &self.probe_base
        cdef bint changed = True, zero_ok, one_ok
        cdef int outcome = PROBE_NOTHING
        cdef int r, j
        cdef uint32_t bit
        while changed:
            changed = False
            for r in range(self.n):
                for j in range(self.n):
                    bit = (<uint32_t>1) << j
                    if (self.now.ones[r] | self.now.zeros[r]) & bit:
                        continue
                    self.node_count += 2
                    self.copy_snapshot(base, &self.now)
                    zero_ok = self.try_cell(r, 0, bit)
                    if zero_ok:
                        # Only the known cells of this outcome are kept: its live
                        # counts stop being valid once the sibling trial reorders lists.
                        memcpy(self.probe_ones, self.now.ones, self.n * sizeof(uint32_t))
                        memcpy(self.probe_zeros, self.now.zeros, self.n * sizeof(uint32_t))
                    self.copy_snapshot(&self.now, base)
                    one_ok = self.try_cell(r, bit, 0)
                    if one_ok and zero_ok:
                        if self.keep_agreement(base):
                            changed = True
                            outcome = PROBE_FIXED
                            if not self.settle():
                                return PROBE_FAILED
                        continue
                    if not one_ok:
                        if not zero_ok:
                            return PROBE_FAILED
                        self.copy_snapshot(&self.now, base)
                        if not self.try_cell(r, 0, bit):
                            return PROBE_FAILED
                    # now holds the settled outcome of the only digit that works.
                    changed = True
                    outcome = PROBE_FIXED
        return outcome

    cdef bint try_cell(self, int r, uint32_t one, uint32_t zero) noexcept nogil:
        """Fix one cell of row r in now and propagate; False on a contradiction."""
        self.fix(r, one, zero)
        self.dirty |= (<uint64_t>1) << r
        return self.settle()

    cdef bint keep_agreement(self, const Snapshot *base) noexcept nogil:
        """Reset now to base plus the cells now and the saved probe outcome both fixed alike."""
        cdef int r
        cdef uint32_t agreed_ones, agreed_zeros
        cdef bint found = False
        for r in range(self.n):
            agreed_ones = self.now.ones[r] & self.probe_ones[r] & ~base.ones[r]
            agreed_zeros = self.now.zeros[r] & self.probe_zeros[r] & ~base.zeros[r]
            self.probe_ones[r] = agreed_ones
            self.probe_zeros[r] = agreed_zeros
            found = found or (agreed_ones | agreed_zeros) != 0
        self.copy_snapshot(&self.now, base)
        if found:
            for r in range(self.n):
                if self.probe_ones[r] | self.probe_zeros[r]:
                    self.fix(r, self.probe_ones[r], self.probe_zeros[r])
                    self.dirty |= (<uint64_t>1) << r
        return found

    cdef int tightest_line(self) noexcept nogil:
        """The open line with the fewest live candidates, or -1 when all are done."""
        cdef int i, best = -1
        cdef int32_t fewest = 0x7FFFFFFF
        for i in range(self.lines):
            if not (self.now.done >> i) & 1 and self.now.live[i] < fewest:
                fewest = self.now.live[i]
                best = i
        return best

    cdef void push(self, int line) noexcept nogil:
        """Save the working node and open a level that branches on line's candidates."""
        cdef int d = self.depth
        cdef int32_t start = 0 if d == 0 else self.branch_end[d - 1]
        cdef int32_t count = self.now.live[line]
        self.copy_snapshot(&self.saved[d], &self.now)
        memcpy(self.choices + start, self.candidates + self.offset[line], count * sizeof(uint32_t))
        self.branch_line[d] = line
        self.branch_start[d] = start
        self.branch_next[d] = start
        self.branch_end[d] = start + count
        self.branch_probe[d] = self.probe_paid
        self.depth = d + 1

    cdef void restore(self, int d) noexcept nogil:
        self.copy_snapshot(&self.now, &self.saved[d])
        self.dirty = 0

    cdef void copy_snapshot(self, Snapshot *target, const Snapshot *source) noexcept nogil:
        target.done = source.done
        memcpy(target.live, source.live, self.lines * sizeof(int32_t))
        memcpy(target.ones, source.ones, self.lines * sizeof(uint32_t))
        memcpy(target.zeros, source.zeros, self.lines * sizeof(uint32_t))

    cdef void fix(self, int line, uint32_t new_ones, uint32_t new_zeros) noexcept nogil:
        """Record new cells of line in it and in the crossing lines, marking those dirty."""
        cdef int position = line % self.n
        cdef int crossing = self.n if line < self.n else 0
        cdef uint32_t bits = new_ones | new_zeros, mark = (<uint32_t>1) << position
        cdef int j
        self.now.ones[line] |= new_ones
        self.now.zeros[line] |= new_zeros
        while bits:
            j = fp_ctz64(bits)
            bits &= bits - 1
            if (new_ones >> j) & 1:
                self.now.ones[crossing + j] |= mark
            else:
                self.now.zeros[crossing + j] |= mark
            self.dirty |= (<uint64_t>1) << (crossing + j)

    cdef bint settle(self) noexcept nogil:
        """Narrow dirty lines until nothing changes; False on a contradiction.

        Short candidate lists go first: they are cheap and often fix cells that
        shrink the long ones before those are scanned.
        """
        cdef int line, i
        cdef uint64_t pending
        cdef int32_t fewest
        while self.dirty:
            pending = self.dirty
            line = fp_ctz64(pending)
            fewest = self.now.live[line]
            pending &= pending - 1
            while pending:
                i = fp_ctz64(pending)
                pending &= pending - 1
                if self.now.live[i] < fewest:
                    fewest = self.now.live[i]
                    line = i
            self.dirty &= ~((<uint64_t>1) << line)
            if not self.narrow(line):
                self.dirty = 0
                return False
        return True

    cdef bint narrow(self, int line) noexcept nogil:
        """Drop line's candidates that disagree with its known cells and fix forced cells."""
        cdef uint32_t *values = self.candidates + self.offset[line]
        cdef int32_t count = self.now.live[line], i = 0
        cdef uint32_t ones = self.now.ones[line], zeros = self.now.zeros[line]
        cdef uint32_t always = self.full, ever = 0, value
        cdef int other, first
        # Survivors stay in values[0:count]; a dropped value is swapped past the end,
        # so restoring count at a saved node brings back exactly its live set.
        while i < count:
            value = values[i]
            if (value & ones) != ones or (value & zeros):
                count -= 1
                values[i] = values[count]
                values[count] = value
            else:
                always &= value
                ever |= value
                i += 1
        self.now.live[line] = count
        if count == 0:
            return False
        self.fix(line, always & ~ones, ~ever & self.full & ~zeros)
        if (self.now.done >> line) & 1 or (self.now.ones[line] | self.now.zeros[line]) != self.full:
            return True
        # The line is complete: no parallel line may equal it.
        self.now.done |= (<uint64_t>1) << line
        value = self.now.ones[line]
        first = 0 if line < self.n else self.n
        for other in range(first, first + self.n):
            if other != line and self.strike(other, value):
                if self.now.live[other] == 0:
                    return False
                self.dirty |= (<uint64_t>1) << other
        return True

    cdef bint strike(self, int line, uint32_t value) noexcept nogil:
        """Remove value from line's live candidates; True if it was there."""
        cdef uint32_t *values = self.candidates + self.offset[line]
        cdef int32_t count = self.now.live[line], i
        # A value that disagrees with the line's known cells is already gone, or
        # goes at the line's next narrowing (the cells that ruled it out marked it
        # dirty): only a value that still fits needs the look through the list.
        if (value & self.now.ones[line]) != self.now.ones[line] or (value & self.now.zeros[line]):
            return False
        for i in range(count):
            if values[i] == value:
                count -= 1
                values[i] = values[count]
                values[count] = value
                self.now.live[line] = count
                return True
        return False


# -- clause learning: any even width and height, with or without the distinct rule ----------

cdef extern from *:
    """
    #include "_fp_popcount.h"
    #if defined(_MSC_VER)
    static inline int fp_clz64(unsigned long long x) { unsigned long i; _BitScanReverse64(&i, x); return 63 - (int)i; }
    #else
    static inline int fp_clz64(unsigned long long x) { return __builtin_clzll(x); }
    #endif
    """
    int fp_popcount64(unsigned long long x) nogil
    int fp_clz64(unsigned long long x) nogil

cdef extern from *:
    # Derived in C: Cython's overflow checks (the checked build) cannot evaluate arithmetic in an enum.
    """
    #define FP_TAKUZU_MOST_EXPLAINED (2 * FP_TAKUZU_MAX_N + 1)
    /* A line state's slot among 2**bits in whole_line()'s memo: a multiplicative hash of its masks,
       modulo 2**64 on purpose (in C, where the checked build does not trap it). */
    static inline int fp_takuzu_memo_slot(uint64_t ones, uint64_t zeros, int bits) {
        return (int)(((ones * 0x9E3779B97F4A7C15ULL) ^ (zeros * 0xC2B2AE3D27D4EB4FULL)) >> (64 - bits));
    }
    /* needed[p] before explain() has read it: no reason holds all 64 cells of a line, p among them. */
    #define FP_TAKUZU_NOT_READ (~(uint64_t)0)
    """
    const uint64_t NOT_READ "FP_TAKUZU_NOT_READ"
    int memo_slot "fp_takuzu_memo_slot"(uint64_t ones, uint64_t zeros, int bits) nogil
    enum:
        FP_TAKUZU_MAX_N         # the longest line of a clause-learning search: one uint64_t mask
        FP_TAKUZU_MOST_EXPLAINED

cdef enum:
    LEARN_MAX_SIDE = FP_TAKUZU_MAX_N
    UNKNOWN = 2
    DECIDED = -1
    # propagate()'s answer for a conflict of a rule, whose false literals are in conflict.
    NATIVE = -2
    # A rule's reason is BY_RULE - (kind + KINDS * line), the line the rule read.
    BY_RULE = -3
    # The rules: a triple whose other two cells come before, around or after the cell; the count
    # of a line; the line's exact propagator; a parallel line equal to it elsewhere.
    RULE_BEFORE = 0
    RULE_AROUND = 1
    RULE_AFTER = 2
    RULE_COUNT = 3
    RULE_LINE = 4
    RULE_DISTINCT = 5
    KINDS = 6
    # The most false literals a rule's explanation or conflict holds: two lines and a cell.
    MOST_EXPLAINED = FP_TAKUZU_MOST_EXPLAINED
    # The fewest conflicts between two restarts.
    RESTART_CONFLICTS = 50
    # Learnt clauses kept before the first reduction (fp_reduce), beyond one per two cells.
    FIRST_LEARNT_LIMIT = 2000
    # whole_line()'s memo: 2**bits slots per line length, bits the log2 of 4 slots a cell within these.
    MEMO_LEAST_BITS = 8
    MEMO_MOST_BITS = 14


cdef struct LineMemo:
    # A state of a line (of the memo's length): its 1s, and its open cells (every bit past its end
    # too); and what line_digits gives for it: (0, 0) when no valid line goes through it
    # (whole_line() meets only states with an open cell).
    uint64_t ones
    uint64_t open_cells
    uint64_t may_one
    uint64_t may_zero


cdef struct ReasonMemo:
    # A state of a line with no valid completion (its 1s, its open cells with every bit past its
    # end), 2 + the cell line_reason kept for it (or -1; 0: an empty slot), and what line_reason gives.
    uint64_t ones
    uint64_t open_cells
    uint64_t kept
    int32_t target


cdef inline int few_open(uint64_t open_cells) noexcept nogil:
    """How many bits open_cells holds, or 3 for three or more."""
    if not open_cells:
        return 0
    open_cells &= open_cells - 1
    if not open_cells:
        return 1
    open_cells &= open_cells - 1
    return 2 if not open_cells else 3


cdef inline uint64_t low_bits(int n) noexcept nogil:
    """The mask of the n lowest bits, 0 <= n <= 64."""
    return ~(<uint64_t>0) if n >= 64 else ((<uint64_t>1) << n) - 1


cdef inline int run_state(uint64_t ones, int i) noexcept nogil:
    """line_digits' state after cell i of a line whose cells i - 1 and i are both known (ones: the 1s)."""
    cdef int digit = <int>((ones >> i) & 1)
    return 2 * digit + (digit == <int>((ones >> (i - 1)) & 1))


cdef inline void step_cell(uint64_t *states, uint64_t ones, uint64_t zeros, int i) noexcept nogil:
    """line_digits' states (4 count masks) one cell further, over cell i (open or known). Counts
    over half are kept: no valid rest completes them (and a count past 63 falls off)."""
    cdef uint64_t zero = digit_mask(ones, i), one = digit_mask(zeros, i)
    cdef uint64_t ended_zero = states[0] | states[1], zero_run = states[0]
    cdef uint64_t ended_one = states[2] | states[3], one_run = states[2]
    states[0] = ended_one & zero
    states[1] = zero_run & zero
    states[2] = (ended_zero << 1) & one
    states[3] = (one_run << 1) & one


cdef inline void step_cell_back(uint64_t *after, uint64_t ones, uint64_t zeros, int i) noexcept nogil:
    """line_digits' completable counts one cell earlier, over cell i (open or known)."""
    cdef uint64_t out[4]
    step_back(after, digit_mask(ones, i), digit_mask(zeros, i), out)
    after[0] = out[0]
    after[1] = out[1]
    after[2] = out[2]
    after[3] = out[3]


cdef bint line_digits(int n, uint64_t ones, uint64_t zeros, uint64_t *may_one, uint64_t *may_zero) noexcept nogil:
    """The open cells of a line of n that hold a 1 in some valid line (balanced, no three equal digits
    in a run) with 1s at ones and 0s at zeros, and those that hold a 0 in one; false if there is none
    (known cells are left out of both answers).

    The states after a cell are (its digit, its run): 0 for (0, 1), 1 for (0, 2), 2 for (1, 1) and
    3 for (1, 2); a state holds, as bits, the counts of 1s of the valid prefixes that end in it.
    Forward, the states before each open cell are kept; back from the end, the counts after a
    cell that a valid rest completes meet them at each open cell. A run of known cells costs two
    steps and a shift: after its first two cells only one state is left, and the rest of the run
    only adds its 1s (no run of three inside it, checked first). Counts over half are not dropped
    on the way (no valid rest completes them): what meets the rest, and the end, is exact.
    """
    cdef uint64_t before_open[LEARN_MAX_SIDE][4]
    cdef uint64_t states[4]
    cdef uint64_t goal = (<uint64_t>1) << (n // 2), open_cells, rest, live
    cdef uint64_t any_zero = 0, any_one = 0
    cdef int i, end, k = 0, s
    may_one[0] = 0
    may_zero[0] = 0
    if (ones & (ones >> 1) & (ones >> 2)) | (zeros & (zeros >> 1) & (zeros >> 2)):
        return False
    open_cells = low_bits(n) & ~(ones | zeros)
    # The empty prefix: a 0 or a 1 may start a run, as after (0, run 2) or (1, run 2).
    states[0] = 0
    states[1] = 1
    states[2] = 0
    states[3] = 1
    i = 0
    while i < n:
        if (open_cells >> i) & 1:
            for s in range(4):
                before_open[k][s] = states[s]
            k += 1
            step_cell(states, ones, zeros, i)
            i += 1
            continue
        rest = open_cells >> i
        end = i + fp_ctz64(rest) if rest else n  # the run of known cells is i .. end - 1
        step_cell(states, ones, zeros, i)
        if end - i >= 2:
            step_cell(states, ones, zeros, i + 1)
        if end - i >= 3:
            live = states[0] | states[1] | states[2] | states[3]
            live <<= fp_popcount64(ones & low_bits(end) & ~low_bits(i + 2))
            states[0] = 0
            states[1] = 0
            states[2] = 0
            states[3] = 0
            states[run_state(ones, end - 1)] = live
        i = end
    if not ((states[0] | states[1] | states[2] | states[3]) & goal):
        return False
    # Back from the end: states now holds, per state after cell i, the counts a valid rest completes.
    for s in range(4):
        states[s] = goal
    i = n - 1
    while i >= 0:
        if (open_cells >> i) & 1:
            k -= 1
            if ((before_open[k][2] | before_open[k][3]) & states[0]) | (before_open[k][0] & states[1]):
                any_zero |= (<uint64_t>1) << i
            if (((before_open[k][0] | before_open[k][1]) & (states[2] >> 1))
                    | (before_open[k][2] & (states[3] >> 1))):
                any_one |= (<uint64_t>1) << i
            step_cell_back(states, ones, zeros, i)
            i -= 1
            continue
        rest = open_cells & low_bits(i)
        end = 63 - fp_clz64(rest) if rest else -1  # the run of known cells is end + 1 .. i
        if i - end >= 3:
            # Only the state after cell end + 2 that its first two cells lead to goes on.
            live = states[run_state(ones, i)] >> fp_popcount64(ones & low_bits(i + 1) & ~low_bits(end + 3))
            states[0] = 0
            states[1] = 0
            states[2] = 0
            states[3] = 0
            states[run_state(ones, end + 2)] = live
            i = end + 2
        while i > end:
            step_cell_back(states, ones, zeros, i)
            i -= 1
    may_one[0] = any_one
    may_zero[0] = any_zero
    return True


cdef inline void step_forward(const uint64_t *now, uint64_t zero, uint64_t one, uint64_t keep,
                              uint64_t *out) noexcept nogil:
    """line_digits' states after one more cell, which may hold a 0 where zero is all ones and a 1
    where one is; now and out are 4 count masks each."""
    out[0] = (now[2] | now[3]) & zero & keep
    out[1] = now[0] & zero & keep
    out[2] = ((now[0] | now[1]) << 1) & one & keep
    out[3] = (now[2] << 1) & one & keep


cdef inline void step_back(const uint64_t *after, uint64_t zero, uint64_t one, uint64_t *out) noexcept nogil:
    """line_digits' completable counts one cell earlier: out for the cell's state before, after for the
    state after it."""
    out[0] = (after[1] & zero) | ((after[2] >> 1) & one)
    out[1] = (after[2] >> 1) & one
    out[2] = (after[0] & zero) | ((after[3] >> 1) & one)
    out[3] = after[0] & zero


cdef inline uint64_t digit_mask(uint64_t forbidden, int i) noexcept nogil:
    """All ones when bit i of forbidden is clear (cell i may hold the digit), else 0."""
    return 0 if (forbidden >> i) & 1 else ~(<uint64_t>0)


cdef inline uint64_t keep_counts(int n, int cells) noexcept nogil:
    """The counts of 1s a valid prefix of cells cells of a line of n may hold."""
    cdef int low = cells - n // 2
    return low_bits(n // 2 + 1) & ~low_bits(low) if low > 0 else low_bits(n // 2 + 1)


cdef inline bint passes_open(const uint64_t *prefix, const uint64_t *rest, uint64_t keep) noexcept nogil:
    """Some valid line goes through a cell left open: from a valid prefix before it (prefix, 4 count
    masks) to a completable rest after it (rest), the counts after it within keep."""
    cdef uint64_t tried[4]
    cdef uint64_t everything = ~(<uint64_t>0)
    step_forward(prefix, everything, everything, keep, tried)
    return ((tried[0] & rest[0]) | (tried[1] & rest[1]) | (tried[2] & rest[2]) | (tried[3] & rest[3])) != 0


cdef uint64_t line_reason(int n, uint64_t ones, uint64_t zeros, int target) noexcept nogil:
    """A smallest-by-inclusion set of the known cells of a line with no valid completion that still
    has none: the cells kept, as a mask (the twin's line_reason_of).

    target (or -1) is a cell always kept and left out of the answer. The cells before target are
    tried from the first on, then those after it from the last back (every cell from the first
    when target is -1): each is dropped if the line, with it open, still has no valid
    completion. Each try is one cell's step between the valid prefixes before it (with the drops
    so far) and the completable rests after it (not yet tried), so the whole is two passes.
    """
    cdef uint64_t prefix[LEARN_MAX_SIDE + 1][4]
    cdef uint64_t rest[LEARN_MAX_SIDE + 1][4]
    cdef uint64_t goal = (<uint64_t>1) << (n // 2), bit
    cdef int i, s, end = target if target >= 0 else n
    for s in range(4):
        rest[n][s] = goal
    for i in range(n - 1, -1, -1):
        step_back(rest[i + 1], digit_mask(ones, i), digit_mask(zeros, i), rest[i])
    # The empty prefix: a 0 or a 1 may start a run, as after (0, run 2) or (1, run 2).
    prefix[0][0] = 0
    prefix[0][1] = 1
    prefix[0][2] = 0
    prefix[0][3] = 1
    for i in range(n):
        bit = (<uint64_t>1) << i
        if i < end and (ones | zeros) & bit and not passes_open(prefix[i], rest[i + 1], keep_counts(n, i + 1)):
            ones &= ~bit
            zeros &= ~bit
        step_forward(prefix[i], digit_mask(ones, i), digit_mask(zeros, i), keep_counts(n, i + 1), prefix[i + 1])
    if target >= 0:
        for i in range(n - 1, target, -1):
            bit = (<uint64_t>1) << i
            if (ones | zeros) & bit and not passes_open(prefix[i], rest[i + 1], keep_counts(n, i + 1)):
                ones &= ~bit
                zeros &= ~bit
            step_back(rest[i + 1], digit_mask(ones, i), digit_mask(zeros, i), rest[i])
        ones &= ~((<uint64_t>1) << target)
        zeros &= ~((<uint64_t>1) << target)
    return ones | zeros


def line_reason_of(int n, uint64_t ones, uint64_t zeros, int target):
    """The kept cells of line_reason, as a mask, for a line of n with no valid completion (the
    twin's line_reason_of)."""
    cdef uint64_t may_one, may_zero
    assert 2 <= n <= LEARN_MAX_SIDE and n % 2 == 0 and not (ones & zeros) and not ((ones | zeros) & ~low_bits(n))
    assert -1 <= target < n and (target < 0 or ((ones | zeros) >> target) & 1)
    assert not line_digits(n, ones, zeros, &may_one, &may_zero)
    return line_reason(n, ones, zeros, target)


def line_digits_of(int n, uint64_t ones, uint64_t zeros):
    """(cells that may hold a 1, cells that may hold a 0) in the valid lines of n with 1s at ones
    and 0s at zeros, as bit masks; (0, 0) when there is none (the twin's line_digits_of)."""
    cdef uint64_t may_one, may_zero
    assert 2 <= n <= LEARN_MAX_SIDE and n % 2 == 0 and not (ones & zeros) and not ((ones | zeros) & ~low_bits(n))
    if not line_digits(n, ones, zeros, &may_one, &may_zero):
        return 0, 0
    # In every valid line a known cell holds its digit.
    return may_one | ones, may_zero | zeros


cdef extern from *:
    """
    #include "_fp_text.h"
    /* The side of a plainly written contest text of the 01 game, its cells as codes (0, 1, 2 for
       '_') into cells: a first line N (digits, no leading zero), then N lines of N characters of
       "01_", each but the last ending in '\\n', then nothing but '\\n's (what the facade's quick
       path reads). 0 when text is not that, or N is odd, below 2 or above most. */
    static int fp_takuzu_plain_text(PyObject *text, int most, unsigned char *cells) {
        unsigned char codes[128];
        Py_ssize_t length, at = 0;
        int n;
        const Py_UCS1 *chars = fp_ascii_text(text, &length);
        if (chars == NULL)
            return 0;
        n = fp_text_number(chars, length, &at);
        if (n < 2 || n > most || n % 2 || at >= length || chars[at++] != '\\n')
            return 0;
        memset(codes, FP_TEXT_NOT_A_CELL, sizeof codes);
        codes['0'] = 0;
        codes['1'] = 1;
        codes['_'] = 2;
        return fp_grid_rows(chars, length, at, n, n, codes, cells) ? n : 0;
    }
    """
    int fp_takuzu_plain_text(PyObject *text, int most, unsigned char *cells)


def solve_plain_texts(list texts not None, uint64_t max_candidates, int most):
    """For each item of texts, the contest output (its rows, each ending in a newline) of a plainly written
    square puzzle of side at most most that candidate lines (Search, as the facade runs it) find exactly one
    solution of within one poll; None for any other item: not such a text, or no, several or too many
    candidates, or not done within the poll (the facade then solves it alone, and says why)."""
    cdef unsigned char codes[MAX_SIDE * MAX_SIDE]
    cdef char text[MAX_SIDE * (MAX_SIDE + 1)]
    cdef Py_ssize_t i = 0
    cdef int n, status, r, c
    cdef double deadline
    cdef uint64_t budget = (<uint64_t>1) << 40  # none in practice: the poll bounds each puzzle
    cdef Search search
    cdef list out = [None] * len(texts)
    assert 2 <= most <= MAX_SIDE
    # The list may shrink while the GIL is released (another thread): it is read no further than it goes.
    while i < min(len(out), PyList_GET_SIZE(texts)):
        n = fp_takuzu_plain_text(PyList_GET_ITEM(texts, i), most, codes)
        i += 1
        if n == 0:
            continue
        search = Search(n, PyBytes_FromStringAndSize(<char *>codes, n * n), max_candidates)
        if search.too_large:
            continue
        with nogil:
            deadline = fp_seconds() + FP_POLL_SECONDS
            status = search.walk(budget, deadline)
            if status == FP_STATUS_SOLUTION:
                for r in range(n):
                    for c in range(n):
                        text[r * (n + 1) + c] = b'1' if (search.now.ones[r] >> c) & 1 else b'0'
                    text[r * (n + 1) + n] = b'\n'
                status = search.walk(budget, deadline)
                if status == FP_STATUS_EXHAUSTED:
                    status = FP_STATUS_SOLUTION
                else:
                    status = FP_STATUS_PAUSED  # several, or not proved within the poll: not this way
        if status == FP_STATUS_SOLUTION:
            out[i - 1] = PyUnicode_DecodeASCII(text, n * (n + 1), NULL)
    return out


@cython.final  # no subclass: its cdef methods are called directly, not through a table
cdef class Learn(Engine):
    """Find the solutions of a 01-game grid one by one by clause learning, resumably.

    cells holds width * height cell codes row by row (0, 1, 2 for blank): even sides from 2 to
    LEARN_MAX_SIDE; with distinct, no two rows and no two columns may be equal. Lines
    0 .. height - 1 are the rows, height .. the columns; bit i of a line's masks is its i-th
    cell. A literal is 2 * cell + digit. The twin (_takuzu_py.Learn) follows the same rules
    in the same order, node for node: see its docstring.
    """

    cdef int width, height, size, lines, dirty_size, conflict_size
    cdef bint distinct
    cdef uint64_t found_count
    cdef uint64_t *ones       # per line: the cells holding 1, and those holding 0
    cdef uint64_t *zeros
    cdef uint64_t *needed     # per cell given by its line's exact propagator: explain()'s cells, once read
    cdef uint64_t *closed_ones  # per line: the cells of its last state whole_line() left closed, and the zeros
    cdef uint64_t *closed_zeros
    cdef LineMemo *memo       # whole_line()'s answers of late, rows' first (2**memo_bits each), then columns'
    cdef ReasonMemo *reasons  # line_reason's answers of late, alike
    cdef int memo_bits
    cdef int32_t *length      # per line: its cells
    cdef uint8_t *is_dirty    # per line: waiting for its exact propagator
    cdef int32_t *dirty        # the lines waiting for their exact propagator, a stack
    cdef int32_t *line_round   # probe_root(): the round in which each line last gained a cell
    cdef int32_t *dominated    # probe_root(): per literal, 1 + level 0's trail when a probe that held gave it
    cdef int32_t *conflict     # a rule's conflict: false literals
    cdef int32_t *row_of       # per cell: its row and its column (no division on the hot paths)
    cdef int32_t *column_of

    def __cinit__(self, int width, int height, bint distinct, const unsigned char[::1] cells not None,
                  int learnt_limit=0):
        cdef int p, line
        self.ones = NULL
        fp_learn_clear(&self.e)
        self.memo = NULL
        self.reasons = NULL
        assert 2 <= width <= LEARN_MAX_SIDE and 2 <= height <= LEARN_MAX_SIDE, f"sides must be 2..{LEARN_MAX_SIDE}"
        assert width % 2 == 0 and height % 2 == 0, f"sides must be even, got {width}x{height}"
        assert cells.shape[0] == width * height, f"expected {width * height} cells, got {cells.shape[0]}"
        for p in range(width * height):
            assert cells[p] <= CELL_BLANK, f"cell {p}: expected 0, 1 or 2, got {cells[p]}"
        self.width = width
        self.height = height
        self.distinct = distinct
        self.size = width * height
        self.lines = width + height
        self.allocate()
        for line in range(self.lines):
            self.ones[line] = 0
            self.zeros[line] = 0
            self.closed_ones[line] = ~(<uint64_t>0)  # no state: a cell cannot hold both digits
            self.closed_zeros[line] = ~(<uint64_t>0)
            self.length[line] = width if line < height else height
            self.is_dirty[line] = 0
        for p in range(self.size):
            self.row_of[p] = p // width
            self.column_of[p] = p % width
        fp_learn_start(&self.e, RESTART_CONFLICTS, CLOCK_NODES, False, True,
                       learnt_limit if learnt_limit > 0 else self.size // 2 + FIRST_LEARNT_LIMIT)
        self.dirty_size = 0
        self.conflict_size = 0
        self.found_count = 0
        for p in range(self.size):
            if cells[p] != CELL_BLANK:
                self.give(2 * p + cells[p], DECIDED)
        with nogil:
            self.e.unsatisfiable = not (self.propagate() == -1 and self.probe_root())

    cdef void allocate(self) except *:
        cdef int size = self.size, lines = self.lines
        plug(self)
        # Per cell: row_of, column_of; per line: length, dirty, line_round; the conflict; dominated per literal.
        self.length = <int32_t *>malloc((4 * size + 3 * lines + MOST_EXPLAINED) * sizeof(int32_t))
        self.ones = <uint64_t *>malloc((4 * lines + size) * sizeof(uint64_t))
        self.is_dirty = <uint8_t *>malloc(lines * sizeof(uint8_t))
        self.memo_bits = MEMO_LEAST_BITS
        while self.memo_bits < MEMO_MOST_BITS and (1 << self.memo_bits) < 4 * size:
            self.memo_bits += 1
        # All zeros is an empty slot: it stands for a complete line, which whole_line() never looks up.
        self.memo = <LineMemo *>calloc(2 << self.memo_bits, sizeof(LineMemo))
        self.reasons = <ReasonMemo *>calloc(2 << self.memo_bits, sizeof(ReasonMemo))
        if (not fp_learn_allocate(&self.e, size, MOST_EXPLAINED) or self.length == NULL or self.ones == NULL
                or self.is_dirty == NULL or self.memo == NULL or self.reasons == NULL):
            raise MemoryError()
        self.dirty = self.length + lines
        self.conflict = self.dirty + lines
        self.line_round = self.conflict + MOST_EXPLAINED
        self.dominated = self.line_round + lines
        self.row_of = self.dominated + 2 * size
        self.column_of = self.row_of + size
        self.zeros = self.ones + lines
        self.needed = self.zeros + lines
        self.closed_ones = self.needed + size
        self.closed_zeros = self.closed_ones + lines

    def __dealloc__(self):
        fp_learn_free(&self.e)
        free(self.length)
        free(self.ones)
        free(self.is_dirty)
        free(self.memo)
        free(self.reasons)

    @property
    def found(self):
        """Solutions counted so far by count()."""
        return self.found_count

    # -- lines -----------------------------------------------------------------------

    cdef inline int cell(self, int line, int i) noexcept nogil:
        """The i-th cell of line."""
        if line < self.height:
            return line * self.width + i
        return i * self.width + line - self.height

    cdef int false_literals(self, int line, uint64_t cells, int32_t *out) noexcept nogil:
        """The false literals of line's cells in the mask cells, into out; their number."""
        cdef int count = 0
        while cells:
            out[count] = self.false_of(self.cell(line, fp_ctz64(cells)))
            count += 1
            cells &= cells - 1
        return count

    cdef inline int false_of(self, int p) noexcept nogil:
        """The literal of the digit cell p does not hold (it holds one)."""
        return 2 * p + (self.e.value[p] ^ 1)

    # -- assignment and propagation -------------------------------------------------------

    cdef void give(self, int literal, int why) noexcept nogil:
        """Make literal true at the current level, for reason why."""
        cdef int p = literal >> 1, digit = literal & 1
        cdef int r = self.row_of[p], c = self.column_of[p]
        fp_set(&self.e, literal, why)
        self.needed[p] = NOT_READ
        if digit:
            self.ones[r] |= (<uint64_t>1) << c
            self.ones[self.height + c] |= (<uint64_t>1) << r
        else:
            self.zeros[r] |= (<uint64_t>1) << c
            self.zeros[self.height + c] |= (<uint64_t>1) << r

    cdef bint assign(self, int literal, int why) noexcept nogil:
        """Make literal true for why unless it is already; False, the conflict written, if it is false."""
        cdef int p = literal >> 1
        if self.e.value[p] == UNKNOWN:
            self.give(literal, why)
        elif self.e.value[p] != (literal & 1):
            self.conflict_size = self.explain(why, p, literal & 1, self.e.trail_size, self.conflict)
            self.conflict[self.conflict_size] = self.false_of(p)
            self.conflict_size += 1
            return False
        return True

    cdef int propagate(self) noexcept nogil:
        """Make true what the rules and the clauses force, to a fixed point.

        Returns -1, the offset of a clause whose literals are all false, or NATIVE when a rule
        failed (its false literals in conflict). On running out of memory it returns -1 with
        out_of_memory set.
        """
        cdef int literal, p, line, clause
        while True:
            while self.e.qhead < self.e.trail_size:
                literal = self.e.trail[self.e.qhead]
                self.e.qhead += 1
                p = literal >> 1
                if not (self.line_rules(self.row_of[p], self.column_of[p], literal & 1)
                        and self.line_rules(self.height + self.column_of[p], self.row_of[p], literal & 1)):
                    self.clear_dirty()
                    return NATIVE
                clause = fp_watched(&self.e, literal ^ 1)
                if self.e.out_of_memory:
                    return -1
                if clause >= 0:
                    self.clear_dirty()
                    return clause
            if not self.dirty_size:
                return -1
            self.dirty_size -= 1
            line = self.dirty[self.dirty_size]
            self.is_dirty[line] = 0
            if not self.whole_line(line):
                self.clear_dirty()
                return NATIVE

    cdef void clear_dirty(self) noexcept nogil:
        while self.dirty_size:
            self.dirty_size -= 1
            self.is_dirty[self.dirty[self.dirty_size]] = 0

    cdef bint line_rules(self, int line, int i, int digit) noexcept nogil:
        """The triples, the count and the distinct rule of line, whose cell i became digit."""
        cdef int n = self.length[line], other = digit ^ 1, count, open_count, why = KINDS * line
        cdef uint64_t same = self.ones[line] if digit else self.zeros[line], open_cells
        # The cells 2 and 1 before i and 1 and 2 after it hold digit too (beyond the line: no).
        cdef bint two_before = i >= 2 and (same >> (i - 2)) & 1, one_before = i >= 1 and (same >> (i - 1)) & 1
        cdef bint one_after = (same >> (i + 1)) & 1 if i + 1 < n else False
        cdef bint two_after = (same >> (i + 2)) & 1 if i + 2 < n else False
        # A run of three through i: conflict (its other two cells: i - 2 and i - 1, i - 1 and i + 1,
        # or i + 1 and i + 2, in that order).
        if (two_before and one_before) or (one_before and one_after) or (one_after and two_after):
            if two_before and one_before:
                self.conflict[0] = 2 * self.cell(line, i - 2) + other
                self.conflict[1] = 2 * self.cell(line, i - 1) + other
            elif one_before and one_after:
                self.conflict[0] = 2 * self.cell(line, i - 1) + other
                self.conflict[1] = 2 * self.cell(line, i + 1) + other
            else:
                self.conflict[0] = 2 * self.cell(line, i + 1) + other
                self.conflict[1] = 2 * self.cell(line, i + 2) + other
            self.conflict[2] = 2 * self.cell(line, i) + other
            self.conflict_size = 3
            return False
        # The triple rules, in the twin's order: a pair of equal cells gives the other digit to the
        # cell after or before it, or to the cell between.
        if one_before:
            if i >= 2 and not self.assign(2 * self.cell(line, i - 2) + other, BY_RULE - (RULE_AFTER + why)):
                return False
            if i + 1 < n and not self.assign(2 * self.cell(line, i + 1) + other, BY_RULE - (RULE_BEFORE + why)):
                return False
        if one_after:
            if i >= 1 and not self.assign(2 * self.cell(line, i - 1) + other, BY_RULE - (RULE_AFTER + why)):
                return False
            if i + 2 < n and not self.assign(2 * self.cell(line, i + 2) + other, BY_RULE - (RULE_BEFORE + why)):
                return False
        if two_before and not self.assign(2 * self.cell(line, i - 1) + other, BY_RULE - (RULE_AROUND + why)):
            return False
        if two_after and not self.assign(2 * self.cell(line, i + 1) + other, BY_RULE - (RULE_AROUND + why)):
            return False
        count = fp_popcount64(same)
        if count > n // 2:
            self.conflict_size = 0
            while same:
                self.conflict[self.conflict_size] = 2 * self.cell(line, fp_ctz64(same)) + other
                self.conflict_size += 1
                same &= same - 1
            return False
        if count == n // 2:
            open_cells = low_bits(n) & ~(self.ones[line] | self.zeros[line])
            while open_cells:
                self.give(2 * self.cell(line, fp_ctz64(open_cells)) + other, BY_RULE - (RULE_COUNT + KINDS * line))
                open_cells &= open_cells - 1
        if not self.is_dirty[line]:
            self.is_dirty[line] = 1
            self.dirty[self.dirty_size] = line
            self.dirty_size += 1
        if not self.distinct:
            return True
        # The distinct rule needs at most two open cells in line.
        open_count = few_open(low_bits(n) & ~(self.ones[line] | self.zeros[line]))
        return open_count > 2 or self.distinct_rule(line, open_count)

    cdef bint distinct_rule(self, int line, int open_count) noexcept nogil:
        """The distinct rule between line, which has open_count (at most 2) open cells, and each parallel
        line that agrees with it where both are known (the twin's _distinct)."""
        cdef int n = self.length[line], first, last, other, j, digit, target, why, k, open_other
        cdef int short, whole
        cdef uint64_t full = low_bits(n), known, known_other, open_cells, line_ones, line_zeros
        first = 0 if line < self.height else self.height
        last = first + (self.height if line < self.height else self.width)
        known = self.ones[line] | self.zeros[line]
        line_ones = self.ones[line]
        line_zeros = self.zeros[line]
        for other in range(first, last):
            # The cheap tests first: most parallel lines disagree with line somewhere.
            if other == line or (line_ones & self.zeros[other]) or (line_zeros & self.ones[other]):
                continue
            known_other = self.ones[other] | self.zeros[other]
            open_other = few_open(full & ~known_other)
            if open_other > 2:
                continue
            if open_count + open_other == 2 and (open_count == 2 or open_other == 2):
                short = line if open_count == 2 else other
                whole = other if open_count == 2 else line
                if fp_popcount64(self.ones[short]) == n // 2 - 1:
                    why = BY_RULE - (RULE_DISTINCT + KINDS * whole)
                    open_cells = full & ~(self.ones[short] | self.zeros[short])
                    while open_cells:
                        j = fp_ctz64(open_cells)
                        open_cells &= open_cells - 1
                        self.give(2 * self.cell(short, j) + <int>(((self.ones[whole] >> j) & 1) ^ 1), why)
                    if short == line:
                        # line gained its open cells.
                        line_ones = self.ones[line]
                        line_zeros = self.zeros[line]
                        known = line_ones | line_zeros
                        open_count = 0
                continue
            if open_count > 1 or open_other > 1:
                continue
            open_cells = full & ~(known & known_other)
            if not open_cells:
                self.conflict_size = 0
                for k in range(2):
                    for j in range(n):
                        self.conflict[self.conflict_size] = self.false_of(self.cell(line if k == 0 else other, j))
                        self.conflict_size += 1
                return False
            if (open_cells & (open_cells - 1)) or not ((known | known_other) & open_cells):
                continue
            j = 63 - fp_clz64(open_cells)
            if (known >> j) & 1:
                digit = (self.ones[line] >> j) & 1
                target = other
                why = line
            else:
                digit = (self.ones[other] >> j) & 1
                target = line
                why = other
            self.give(2 * self.cell(target, j) + (digit ^ 1), BY_RULE - (RULE_DISTINCT + KINDS * why))
            if target == line:
                line_ones = self.ones[line]
                line_zeros = self.zeros[line]
                known = line_ones | line_zeros
                open_count = 0
        return True

    cdef bint whole_line(self, int line) noexcept nogil:
        """Give what the exact propagator of line forces; False, the conflict written, if it has no valid line.

        The state it leaves is closed: every valid line through it is one through the state before, so
        the propagator forces nothing more there, and is not run again on it (closed_ones, closed_zeros).
        """
        cdef int n = self.length[line], j
        cdef uint64_t ones = self.ones[line], zeros = self.zeros[line], may_one, may_zero, forced
        cdef LineMemo *slot
        if (ones | zeros) == low_bits(n):
            return True  # complete, and line_rules found no run of three and n // 2 of each digit
        if ones == self.closed_ones[line] and zeros == self.closed_zeros[line]:
            return True
        # Two slots per state, the later answer first.
        slot = &self.memo[(memo_slot(ones, zeros, self.memo_bits) & ~1) + self.memo_half(line)]
        if slot.ones == ones and slot.open_cells == ~(ones | zeros):
            may_one = slot.may_one
            may_zero = slot.may_zero
        elif slot[1].ones == ones and slot[1].open_cells == ~(ones | zeros):
            may_one = slot[1].may_one
            may_zero = slot[1].may_zero
        else:
            if not line_digits(n, ones, zeros, &may_one, &may_zero):
                may_one = 0
                may_zero = 0
            slot[1] = slot[0]
            slot.ones = ones
            slot.open_cells = ~(ones | zeros)
            slot.may_one = may_one
            slot.may_zero = may_zero
        if not (may_one | may_zero):
            self.conflict_size = self.false_literals(line, self.reason_of(line, ones, zeros, -1), self.conflict)
            return False
        forced = (may_one ^ may_zero) & ~(ones | zeros)
        self.closed_ones[line] = ones | (forced & may_one)
        self.closed_zeros[line] = zeros | (forced & may_zero)
        while forced:
            j = fp_ctz64(forced)
            forced &= forced - 1
            self.give(2 * self.cell(line, j) + <int>((may_one >> j) & 1), BY_RULE - (RULE_LINE + KINDS * line))
        return True

    cdef inline int memo_half(self, int line) noexcept nogil:
        """Where line's half of a memo starts: rows first, then columns (a rectangle's have two lengths)."""
        return (1 << self.memo_bits) if line >= self.height else 0

    cdef uint64_t reason_of(self, int line, uint64_t ones, uint64_t zeros, int target) noexcept nogil:
        """line_reason of a state of line, from the memo when it holds it (two slots per state, the later
        answer first)."""
        cdef ReasonMemo *slot = &self.reasons[(memo_slot(ones ^ <uint64_t>(target + 1), zeros, self.memo_bits) & ~1)
                                              + self.memo_half(line)]
        if slot.ones == ones and slot.open_cells == ~(ones | zeros) and slot.target == target + 2:
            return slot.kept
        if slot[1].ones == ones and slot[1].open_cells == ~(ones | zeros) and slot[1].target == target + 2:
            return slot[1].kept
        slot[1] = slot[0]
        slot.ones = ones
        slot.open_cells = ~(ones | zeros)
        slot.target = target + 2
        slot.kept = line_reason(self.length[line], ones, zeros, target)
        return slot.kept

    cdef bint probe_root(self) noexcept nogil:
        """Try both digits of open cells at level 0: one whose propagation fails gives the other at level 0.
        Every open cell in the first round; in each later round, the open cells of a row or column that
        gained a cell at level 0 in the round before or this one (the twin's _probe_root). Until a round
        changes nothing; False if both digits fail somewhere. A digit that a probe which held gave, since
        level 0 last grew, is not tried: its propagation is part of that probe's, so it holds too."""
        cdef bint changed = True
        cdef int p, digit, failed, before, i, q, rounds = 0
        for i in range(self.lines):
            self.line_round[i] = 0
        for i in range(2 * self.size):
            self.dominated[i] = 0
        while changed:
            changed = False
            rounds += 1
            for p in range(self.size):
                if self.e.value[p] != UNKNOWN:
                    continue
                if (rounds > 1 and self.line_round[p // self.width] < rounds - 1
                        and self.line_round[self.height + p % self.width] < rounds - 1):
                    continue
                failed = -1
                for digit in range(2):
                    if self.dominated[2 * p + digit] == self.e.trail_size + 1:
                        continue
                    if not fp_probe(&self.e, 2 * p + digit):
                        failed = digit
                    else:
                        for i in range(self.e.level_start[0] + 1, self.e.trail_size):
                            self.dominated[self.e.trail[i]] = self.e.level_start[0] + 1
                    if not fp_unprobe(&self.e):
                        return False
                    if failed >= 0:
                        break
                if failed >= 0:
                    before = self.e.trail_size
                    if not fp_fix(&self.e, 2 * p + (failed ^ 1)):
                        return False
                    for i in range(before, self.e.trail_size):
                        q = self.e.trail[i] >> 1
                        self.line_round[q // self.width] = rounds
                        self.line_round[self.height + q % self.width] = rounds
                    changed = True
        return True

    cdef void back_to(self, int level) noexcept nogil:
        """Forget every literal given above decision level level."""
        cdef int literal, p, digit, r, c
        if self.e.level_count <= level:
            return
        while self.e.trail_size > self.e.level_start[level]:
            literal = fp_unset(&self.e)
            p = literal >> 1
            digit = literal & 1
            r = self.row_of[p]
            c = self.column_of[p]
            if digit:
                self.ones[r] &= ~((<uint64_t>1) << c)
                self.ones[self.height + c] &= ~((<uint64_t>1) << r)
            else:
                self.zeros[r] &= ~((<uint64_t>1) << c)
                self.zeros[self.height + c] &= ~((<uint64_t>1) << r)
        fp_backed(&self.e, level)
        self.clear_dirty()

    # -- learning ---------------------------------------------------------------------

    cdef int reason(self, int why, int p, int32_t *out) noexcept nogil:
        """The engine's hook: the reason of p's value, or of the conflict when p < 0."""
        if p < 0:
            memcpy(out, self.conflict, self.conflict_size * sizeof(int32_t))
            return self.conflict_size
        return self.explain(why, p, self.e.value[p], self.e.place[p], out)

    cdef int explain(self, int why, int p, int digit, int before, int32_t *out) noexcept nogil:
        """Why rule why makes cell p digit: the false literals of the cells it read (placed before
        before, p left out), into out; their number."""
        cdef int code = BY_RULE - why, kind, line, i, count = 0, reading, k, j, q, readings
        cdef uint64_t ones = 0, zeros = 0, needed, known
        kind = code % KINDS
        line = code // KINDS
        if kind <= RULE_AFTER:
            i = self.column_of[p] if line < self.height else self.row_of[p]
            if kind == RULE_BEFORE:
                out[0] = self.false_of(self.cell(line, i - 2))
                out[1] = self.false_of(self.cell(line, i - 1))
            elif kind == RULE_AROUND:
                out[0] = self.false_of(self.cell(line, i - 1))
                out[1] = self.false_of(self.cell(line, i + 1))
            else:
                out[0] = self.false_of(self.cell(line, i + 1))
                out[1] = self.false_of(self.cell(line, i + 2))
            return 2
        if kind == RULE_LINE:
            if before == self.e.place[p] and self.needed[p] != NOT_READ:
                return self.false_literals(line, self.needed[p], out)
            i = self.column_of[p] if line < self.height else self.row_of[p]
            # The line's cells now known, less p and those placed since before.
            ones = self.ones[line] & ~((<uint64_t>1) << i)
            zeros = self.zeros[line] & ~((<uint64_t>1) << i)
            known = ones | zeros
            while known:
                j = fp_ctz64(known)
                known &= known - 1
                if self.e.place[self.cell(line, j)] >= before:
                    ones &= ~((<uint64_t>1) << j)
                    zeros &= ~((<uint64_t>1) << j)
            # The line with p's other digit has no valid completion: keep what that needs.
            if digit:
                zeros |= (<uint64_t>1) << i
            else:
                ones |= (<uint64_t>1) << i
            needed = self.reason_of(line, ones, zeros, i)
            if before == self.e.place[p]:
                self.needed[p] = needed
            return self.false_literals(line, needed, out)
        readings = 1
        if kind == RULE_DISTINCT:
            readings = 2
        for k in range(readings):
            reading = line
            if kind == RULE_DISTINCT and k == 0:
                reading = self.row_of[p] if line < self.height else self.height + self.column_of[p]
            # The known cells of reading (for the count, those holding the digit p does not).
            if kind == RULE_COUNT:
                known = self.zeros[reading] if digit else self.ones[reading]
            else:
                known = self.ones[reading] | self.zeros[reading]
            while known:
                q = self.cell(reading, fp_ctz64(known))
                known &= known - 1
                if q != p and self.e.place[q] < before:
                    out[count] = self.false_of(q)
                    count += 1
        return count

    # -- the search -------------------------------------------------------------------

    def next_solution(self, uint64_t node_budget):
        """Search on for at most node_budget more nodes, and at most POLL_MS.

        Returns SOLUTION (read it with solution(); the next call first excludes it), EXHAUSTED
        when no solution is left, PAUSED when the budget or the time ran out first, or
        TOO_LARGE only if memory for its clauses ran out.
        """
        cdef int status
        with nogil:
            if self.e.solved:
                self.e.solved = False
                fp_exclude_decisions(&self.e)
            status = fp_search(&self.e, node_budget, fp_seconds() + FP_POLL_SECONDS)
        return status

    def count(self, uint64_t node_budget, uint64_t limit):
        """Count solutions for at most node_budget more nodes and at most POLL_MS, adding them to found.

        Returns SOLUTION once found reaches limit (0: no limit), EXHAUSTED when every solution
        is counted, PAUSED, or TOO_LARGE if memory for its clauses ran out.
        """
        cdef int status
        cdef uint64_t stop = self.e.node_count + node_budget
        cdef double deadline = fp_seconds() + FP_POLL_SECONDS
        with nogil:
            if self.e.solved:
                self.e.solved = False
                fp_exclude_decisions(&self.e)
            while True:
                status = fp_search(&self.e, stop - self.e.node_count if stop > self.e.node_count else 0, deadline)
                if status != FP_STATUS_SOLUTION:
                    break
                self.found_count += 1
                self.e.solved = False
                fp_exclude_decisions(&self.e)
                if self.found_count == limit:
                    break
        return status

    def exclude(self, const unsigned char[::1] picture not None, const unsigned char[::1] where not None):
        """From now on, find only solutions that differ from picture (0 or 1 per cell, row by row) in at
        least one cell where where is not 0."""
        fp_exclude(&self.e, picture, where)

    def learn_from(self, Learn other not None, int most):
        """Add the clauses other has learnt, each less the literals this search's level 0 makes false, but
        those it satisfies and those left longer than most (the twin's learn_from)."""
        cdef int at = 0, length, count
        assert (other.width, other.height, other.distinct) == (self.width, self.height, self.distinct), "another grid"
        self.back_to(0)
        self.e.solved = False
        while at < other.e.arena_size and not self.e.unsatisfiable:
            length = other.e.arena[at] & FP_LEARN_LENGTH
            if other.e.arena[at] & FP_LEARN_LEARNT:
                count = fp_open_at_level_zero(&self.e, &other.e.arena[at + 1], length, self.e.learnt)
                if 0 <= count <= most:
                    fp_add_open(&self.e, count)
            at += length + 1

    def prefer(self, const unsigned char[::1] picture not None):
        """Try each cell first with its digit in picture (0 or 1 per cell, row by row), until the search
        learns otherwise (0 is the first digit by default)."""
        fp_prefer(&self.e, picture)

    def assume(self, const unsigned char[::1] cells not None, const int32_t[::1] order=None):
        """Search from now on with the givens of cells (0, 1, or 2 for none, per cell) as assumptions,
        decided first, in the order of order (each cell once; cell order without it), the decision levels
        of the longest run of them the last assume() began with kept (the twin's assume)."""
        cdef int p, i, count = 0, kept = 0
        assert cells.shape[0] == self.size, f"expected {self.size} cells"
        for p in range(self.size):
            assert cells[p] <= CELL_BLANK, f"cell {p}: expected 0, 1 or 2, got {cells[p]}"
        if order is not None:
            assert order.shape[0] == self.size, f"expected an order of {self.size} cells"
            for i in range(self.size):
                self.e.seen[i] = 0
            for i in range(self.size):
                assert 0 <= order[i] < self.size and not self.e.seen[order[i]], f"order: cell {order[i]} out of place"
                self.e.seen[order[i]] = 1
            for i in range(self.size):
                self.e.seen[i] = 0
        for i in range(self.size):
            p = i if order is None else order[i]
            if cells[p] == CELL_BLANK:
                continue
            if kept == count and count < self.e.assumption_count and self.e.assumptions[count] == 2 * p + cells[p]:
                kept += 1
            self.e.learnt[count] = 2 * p + cells[p]
            count += 1
        self.back_to(kept)
        self.e.solved = False
        memcpy(self.e.assumptions, self.e.learnt, count * sizeof(int32_t))
        self.e.assumption_count = count


cdef extern from "_fp_count.h":
    ctypedef struct fp_count_t:
        uint64_t lo
        uint64_t hi
    ctypedef struct fp_map:
        size_t size
    ctypedef struct fp_rows:
        int row
        fp_map now
        fp_count_t total
        size_t bytes
    int fp_rows_init(fp_rows *k, int width, int height, const uint8_t *cells, size_t max_bytes,
                     int stop_row) noexcept nogil
    fp_count_t fp_rows_meet(const fp_rows *top, const fp_rows *bottom) noexcept nogil
    void fp_rows_free(fp_rows *k) noexcept nogil
    int fp_rows_run(fp_rows *k, double deadline) noexcept nogil
    ctypedef struct fp_meet:
        int lines
        uint64_t *line
        int *row_first
        uint16_t *row_ids
    int fp_meet_init(fp_meet *m, int width, int height, const uint8_t *cells, int max_lines,
                     size_t max_bytes) noexcept nogil
    void fp_meet_free(fp_meet *m) noexcept nogil
    ctypedef struct fp_work:
        pass
    void fp_work_free(fp_work *work) noexcept nogil
    int fp_meet_pair(const fp_meet *m, int a, int b, const int *stop, fp_work *work,
                     fp_count_t *result) noexcept nogil
    enum:
        FP_COUNT_DONE
        FP_COUNT_PAUSED
        FP_COUNT_NO_MEMORY


cdef object _count_int(fp_count_t count):
    return (<object>count.hi << 64) | <object>count.lo


cdef class RowCounter:
    """Count the grids of a puzzle under the free rule row by row, without listing them, resumably
    (see _fp_count.h). Counts are modulo 2**128: the facade counts only grids it has bounded below that.

    With ``stop_row`` the count stops at the states after that many rows and keeps them, for meet().
    """

    cdef fp_rows counter
    cdef bint ready
    cdef readonly int width, height, stop_row

    def __cinit__(self, int width, int height, bytes cells not None, uint64_t max_bytes, int stop_row=-1):
        assert 2 <= width <= 64 and 2 <= height <= 64 and width % 2 == 0 and height % 2 == 0, "bad sides"
        assert len(cells) == width * height, f"expected {width * height} cells"
        assert stop_row == -1 or 1 <= stop_row <= height, "no such row"
        self.width = width
        self.height = height
        self.stop_row = height if stop_row == -1 else stop_row
        self.ready = True
        if fp_rows_init(&self.counter, width, height, <const uint8_t *>(<char *>cells), max_bytes,
                        self.stop_row) != 0:
            raise MemoryError("no memory for a count's first state")

    def __dealloc__(self):
        if self.ready:
            fp_rows_free(&self.counter)

    def run(self):
        """Count on for at most POLL_MS: EXHAUSTED once done (total is then every grid), PAUSED, or
        TOO_LARGE when the states would need more than max_bytes."""
        cdef int status
        with nogil:
            status = fp_rows_run(&self.counter, fp_seconds() + FP_POLL_SECONDS)
        if status == FP_COUNT_PAUSED:
            return FP_STATUS_PAUSED
        if status == FP_COUNT_NO_MEMORY:
            return FP_STATUS_TOO_LARGE
        return FP_STATUS_EXHAUSTED

    @property
    def total(self):
        """The grids counted so far, modulo 2**128."""
        return _count_int(self.counter.total)

    @property
    def row(self):
        """Rows placed: the states held are those after this many rows."""
        return self.counter.row

    @property
    def states(self):
        """States held after row rows."""
        return self.counter.now.size

    def meet(self, RowCounter bottom not None):
        """The grids made of this count's tops and ``bottom``'s: both stopped after height/2 + 1 rows, this
        one of a grid, ``bottom`` of the same grid turned upside down (see fp_rows_meet), modulo 2**128."""
        half = self.height // 2
        assert self.height >= 4 and self.height == bottom.height and self.width == bottom.width, "not one grid"
        assert self.stop_row == bottom.stop_row == half + 1, "both stop after the middle rows"
        assert self.counter.row == bottom.counter.row == half + 1, "both run to their stop"
        cdef fp_count_t total
        with nogil:
            total = fp_rows_meet(&self.counter, &bottom.counter)
        return _count_int(total)


cdef class _MeetWork:
    """The large arrays of a MeetCounter's parts, kept from one part to the next by one thread at a time."""

    cdef fp_work work  # zeroed with the object

    def __dealloc__(self):
        fp_work_free(&self.work)


cdef class MeetCounter:
    """Count the grids of a puzzle under the distinct rule, one pair of middle rows at a time, by a meet
    in the middle (see _fp_count.h). Counts are modulo 2**128, as RowCounter's.

    A grid whose rows have more than max_lines candidate lines in all (a line once per row it fits)
    reports it by ``lines == -1``, and counts nothing.
    """

    cdef fp_meet meet
    cdef bint ready
    cdef int stopped
    cdef list works  # _MeetWork not in use: a thread takes one for a part, and gives it back
    cdef readonly int width, height
    cdef readonly int lines

    def __cinit__(self, int width, int height, bytes cells not None, int max_lines, uint64_t max_bytes):
        assert 2 <= width <= 64 and 2 <= height <= 64 and width % 2 == 0 and height % 2 == 0, "bad sides"
        assert height // 2 - 1 <= 32, "at most 32 rows a side"
        assert len(cells) == width * height, f"expected {width * height} cells"
        assert 0 < max_lines <= 0xFFFF, "lines are numbered in 16 bits"
        self.width = width
        self.height = height
        self.ready = True
        self.works = []
        status = fp_meet_init(&self.meet, width, height, <const uint8_t *>(<char *>cells), max_lines, max_bytes)
        if status == -1:
            raise MemoryError("no memory for a count's lines")
        self.lines = -1 if status == -2 else self.meet.lines

    def __dealloc__(self):
        if self.ready:
            fp_meet_free(&self.meet)

    def line(self, int number):
        """Line ``number``'s digits, one bit a column (column 0 the lowest)."""
        assert 0 <= number < self.lines, "no such line"
        return self.meet.line[number]

    def candidates(self, int row):
        """The numbers of row ``row``'s candidate lines (balanced, no run of three, its givens kept)."""
        assert 0 <= row < self.height and self.lines >= 0, "no such row"
        return [self.meet.row_ids[i] for i in range(self.meet.row_first[row], self.meet.row_first[row + 1])]

    def count_pair(self, int above, int below):
        """(status, count): EXHAUSTED and the grids whose middle rows (height/2 - 1, then height/2) are lines
        ``above`` and ``below``, modulo 2**128; TOO_LARGE and 0 when its tables would need more than
        max_bytes; PAUSED and 0 when stop() was called meanwhile. Runs without the GIL; threads may count
        pairs of one counter at once."""
        assert 0 <= above < self.lines and 0 <= below < self.lines, "no such line"
        cdef fp_count_t result
        cdef int status
        cdef _MeetWork work = self.works.pop() if self.works else _MeetWork()
        try:
            with nogil:
                status = fp_meet_pair(&self.meet, above, below, &self.stopped, &work.work, &result)
        finally:
            self.works.append(work)
        if status == -1:
            return FP_STATUS_TOO_LARGE, 0
        if status == -2:
            return FP_STATUS_PAUSED, 0
        return FP_STATUS_EXHAUSTED, _count_int(result)

    def stop(self):
        """Make every count_pair() running, and every one to come, stop at once (and answer PAUSED)."""
        self.stopped = 1


include "../_learning/plug.pxi"
