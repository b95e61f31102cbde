// A plain line-candidate 01-game solver, the yardstick of bench/bench_takuzu.py.
//
// Each line keeps the list of valid lines that agree with its known cells;
// propagation narrows dirty lines until nothing changes, a finished line is
// struck from its parallel lines, every open cell is probed (both digits) at
// the root and after every branch, and the search branches on the line with the
// fewest candidates. It stops at the second solution, as a uniqueness check does.
//
// Input on stdin: puzzles, each a line "n" then n rows of '0', '1', '_'.
// Output: for each puzzle "solutions microseconds", one line each.
// Build: g++ -O2 -std=c++17 -o takuzu_lines takuzu_lines.cpp

#include <chrono>
#include <cstdint>
#include <iostream>
#include <string>
#include <vector>

namespace {

struct State {
    std::vector<std::vector<uint32_t>> live;  // live[i]: candidates of line i (rows, then columns)
    std::vector<uint32_t> ones, zeros;        // known 1s and 0s of each line
    std::vector<bool> done;                   // line finished and struck from its parallels
};

struct Solver {
    int n = 0;
    uint32_t full = 0;
    long found = 0;
    long limit = 2;

    bool valid_line(uint32_t value) const {
        if (__builtin_popcount(value) != n / 2) return false;
        for (int i = 0; i + 2 < n; ++i) {
            uint32_t three = (value >> i) & 7u;
            if (three == 0 || three == 7) return false;
        }
        return true;
    }

    void fix(State &s, int line, uint32_t new_ones, uint32_t new_zeros, uint64_t &dirty) const {
        int position = line % n, crossing = line < n ? n : 0;
        s.ones[line] |= new_ones;
        s.zeros[line] |= new_zeros;
        uint32_t bits = new_ones | new_zeros;
        while (bits) {
            int j = __builtin_ctz(bits);
            bits &= bits - 1;
            if ((new_ones >> j) & 1)
                s.ones[crossing + j] |= 1u << position;
            else
                s.zeros[crossing + j] |= 1u << position;
            dirty |= uint64_t(1) << (crossing + j);
        }
    }

    bool narrow(State &s, int line, uint64_t &dirty) const {
        std::vector<uint32_t> &values = s.live[line];
        uint32_t ones = s.ones[line], zeros = s.zeros[line], always = full, ever = 0;
        size_t kept = 0;
        for (uint32_t value : values) {
            if ((value & ones) == ones && !(value & zeros)) {
                values[kept++] = value;
                always &= value;
                ever |= value;
            }
        }
        values.resize(kept);
        if (kept == 0) return false;
        fix(s, line, always & ~ones, ~ever & full & ~zeros, dirty);
        if (s.done[line] || (s.ones[line] | s.zeros[line]) != full) return true;
        s.done[line] = true;
        uint32_t value = s.ones[line];
        int first = line < n ? 0 : n;
        for (int other = first; other < first + n; ++other) {
            if (other == line) continue;
            std::vector<uint32_t> &list = s.live[other];
            for (size_t i = 0; i < list.size(); ++i) {
                if (list[i] == value) {
                    list[i] = list.back();
                    list.pop_back();
                    if (list.empty()) return false;
                    dirty |= uint64_t(1) << other;
                    break;
                }
            }
        }
        return true;
    }

    bool settle(State &s, uint64_t dirty) const {
        while (dirty) {
            int best = -1;
            size_t fewest = SIZE_MAX;
            for (uint64_t pending = dirty; pending; pending &= pending - 1) {
                int i = __builtin_ctzll(pending);
                if (s.live[i].size() < fewest) {
                    fewest = s.live[i].size();
                    best = i;
                }
            }
            dirty &= ~(uint64_t(1) << best);
            if (!narrow(s, best, dirty)) return false;
        }
        return true;
    }

    bool try_cell(State &s, int r, int c, int digit) const {
        uint64_t dirty = uint64_t(1) << r;
        fix(s, r, digit ? 1u << c : 0, digit ? 0 : 1u << c, dirty);
        return settle(s, dirty);
    }

    State zero, one;                 // probe scratch, reused so copies keep their capacity
    std::vector<State> children;     // children[d]: the child being tried at depth d

    // Probe every open cell until nothing changes; false on a contradiction.
    bool probe(State &s) {
        bool changed = true;
        while (changed) {
            changed = false;
            for (int r = 0; r < n; ++r) {
                for (int c = 0; c < n; ++c) {
                    if (((s.ones[r] | s.zeros[r]) >> c) & 1) continue;
                    zero = s;
                    one = s;
                    bool zero_ok = try_cell(zero, r, c, 0), one_ok = try_cell(one, r, c, 1);
                    if (!zero_ok && !one_ok) return false;
                    if (!zero_ok) { s = one; changed = true; continue; }
                    if (!one_ok) { s = zero; changed = true; continue; }
                    uint64_t dirty = 0;
                    bool agreed = false;
                    for (int row = 0; row < n; ++row) {
                        uint32_t new_ones = zero.ones[row] & one.ones[row] & ~s.ones[row];
                        uint32_t new_zeros = zero.zeros[row] & one.zeros[row] & ~s.zeros[row];
                        if (new_ones | new_zeros) {
                            agreed = true;
                            dirty |= uint64_t(1) << row;
                            fix(s, row, new_ones, new_zeros, dirty);
                        }
                    }
                    if (agreed) {
                        changed = true;
                        if (!settle(s, dirty)) return false;
                    }
                }
            }
        }
        return true;
    }

    void search(const State &s, size_t depth) {
        int best = -1;
        size_t fewest = SIZE_MAX;
        for (int i = 0; i < 2 * n; ++i) {
            if (!s.done[i] && s.live[i].size() < fewest) {
                fewest = s.live[i].size();
                best = i;
            }
        }
        if (best < 0) {
            ++found;
            return;
        }
        for (uint32_t value : s.live[best]) {
            State &child = children[depth];
            child = s;
            uint64_t dirty = uint64_t(1) << best;
            fix(child, best, value & ~child.ones[best], ~value & full & ~child.zeros[best], dirty);
            if (settle(child, dirty) && probe(child)) search(child, depth + 1);
            if (found >= limit) return;
        }
    }

    std::vector<uint32_t> every;  // every valid line of side n, built untimed once per side

    void prepare(int side) {
        if (side == n && !every.empty()) return;
        n = side;
        full = n == 32 ? 0xFFFFFFFFu : (1u << n) - 1;
        every.clear();
        for (uint64_t value = 0; value <= full; ++value)
            if (valid_line(uint32_t(value))) every.push_back(uint32_t(value));
    }

    long solve(const std::vector<std::string> &rows) {
        found = 0;
        // Each branch finishes a line, so the search is at most 2n deep; sized
        // up front, as a reference to a parent must stay valid.
        if (children.size() < size_t(2 * n + 1)) children.resize(2 * n + 1);
        State s;
        s.live.assign(2 * n, {});
        s.ones.assign(2 * n, 0);
        s.zeros.assign(2 * n, 0);
        s.done.assign(2 * n, false);
        for (int r = 0; r < n; ++r) {
            for (int c = 0; c < n; ++c) {
                if (rows[r][c] == '1') {
                    s.ones[r] |= 1u << c;
                    s.ones[n + c] |= 1u << r;
                } else if (rows[r][c] == '0') {
                    s.zeros[r] |= 1u << c;
                    s.zeros[n + c] |= 1u << r;
                }
            }
        }
        for (int i = 0; i < 2 * n; ++i)
            for (uint32_t value : every)
                if ((value & s.ones[i]) == s.ones[i] && !(value & s.zeros[i])) s.live[i].push_back(value);
        uint64_t dirty = 2 * n == 64 ? ~uint64_t(0) : (uint64_t(1) << (2 * n)) - 1;
        if (settle(s, dirty) && probe(s)) search(s, 0);
        return found;
    }
};

}  // namespace

int main() {
    std::ios::sync_with_stdio(false);
    int n;
    Solver solver;
    while (std::cin >> n) {
        std::vector<std::string> rows(n);
        for (std::string &row : rows) std::cin >> row;
        solver.prepare(n);
        auto start = std::chrono::steady_clock::now();
        long solutions = solver.solve(rows);
        auto micros = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start).count() / 1000.0;
        std::cout << solutions << ' ' << micros << '\n';
    }
    return 0;
}
