# cython: language_level=3
"""Compiled 01-game kernel: line-candidate propagation and a resumable bitmask DFS."""

from cpython.unicode cimport PyUnicode_DecodeASCII
from libc.stdint cimport int32_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy

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
        FP_TAKUZU_MAX_N         # a line is one uint32_t, and the 2n lines fit one uint64_t of flags
        FP_STATUS_EXHAUSTED
        FP_STATUS_SOLUTION
        FP_STATUS_PAUSED
        FP_STATUS_TOO_LARGE

cdef enum:
    MAX_SIDE = FP_TAKUZU_MAX_N
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


def count_candidates(int n, bytes cells):
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
