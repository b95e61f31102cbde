// A plain reversi endgame counter, the yardstick of bench/reversi_cpp_ratio.py.
//
// Array-based depth-first search: the board is a mailbox of (n + 2)^2 cells
// with a border, moves and flips are found by walking the 8 directions cell by
// cell, and a hash table (2^20 slots, always-replace) keeps the counts of
// positions with at least STORE_EMPTIES empty cells. The key is the two sides'
// discs as bitmasks (the mover's first), kept up to date as discs are placed and
// flipped. MINE and THEIRS are the colours of the first mover and the other.
//
// Input (stdin), one position a line: "n player opponent", the masks as decimal
// integers, bit 8 * r + c for row r, column c, player to move.
// Output, one line a position: "wins losses draws" seen by the player, then a
// last line "seconds S" with the counting time of all positions.
// Build: g++ -O2 -o reversi_count reversi_count.cpp
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <vector>

namespace {

constexpr int STORE_EMPTIES = 5;
constexpr int TABLE_BITS = 20;

struct Counts {
    uint64_t win = 0, loss = 0, draw = 0;
};

struct Slot {
    uint64_t mine = 0, theirs = 0;
    Counts counts;
};

class Solver {
public:
    explicit Solver(int n) : n_(n), width_(n + 2), cells_(width_ * width_, BORDER), table_(size_t(1) << TABLE_BITS) {
        const int steps[8] = {1, -1, width_, -width_, width_ + 1, width_ - 1, -width_ + 1, -width_ - 1};
        for (int d = 0; d < 8; ++d) steps_[d] = steps[d];
    }

    Counts count(uint64_t player, uint64_t opponent) {
        mine_key_ = player;
        theirs_key_ = opponent;
        empties_.clear();
        for (int r = 0; r < n_; ++r) {
            for (int c = 0; c < n_; ++c) {
                uint64_t bit = uint64_t(1) << (8 * r + c);
                int at = (r + 1) * width_ + c + 1;
                cells_[at] = (player & bit) ? MINE : (opponent & bit) ? THEIRS : EMPTY;
                if (cells_[at] == EMPTY) empties_.push_back(at);
            }
        }
        return search(static_cast<int>(empties_.size()), MINE, false);
    }

private:
    static constexpr signed char EMPTY = 0, MINE = 1, THEIRS = 2, BORDER = 3;

    uint64_t bit_of(int at) const { return uint64_t(1) << (8 * (at / width_ - 1) + at % width_ - 1); }

    // Flips for `who` playing at `at`; writes the flipped cells to out, returns how many.
    int flips(int at, signed char who, int *out) const {
        signed char other = who == MINE ? THEIRS : MINE;
        int found = 0;
        for (int d = 0; d < 8; ++d) {
            int step = steps_[d], k = at + step, run = 0;
            while (cells_[k] == other) { k += step; ++run; }
            if (run && cells_[k] == who) {
                for (int j = 1; j <= run; ++j) out[found++] = at + j * step;
            }
        }
        return found;
    }

    bool has_move(signed char who) const {
        int scratch[64];
        for (int at : empties_) {
            if (cells_[at] == EMPTY && flips(at, who, scratch)) return true;
        }
        return false;
    }

    Counts finish(signed char who) const {
        int lead = 0;
        for (int r = 1; r <= n_; ++r)
            for (int c = 1; c <= n_; ++c) {
                signed char cell = cells_[r * width_ + c];
                lead += cell == EMPTY ? 0 : cell == who ? 1 : -1;
            }
        Counts result;
        (lead > 0 ? result.win : lead < 0 ? result.loss : result.draw) = 1;
        return result;
    }

    // Counts seen by `who`, the side to move.
    Counts search(int empty_count, signed char who, bool passed) {
        signed char other = who == MINE ? THEIRS : MINE;
        uint64_t &own = who == MINE ? mine_key_ : theirs_key_;
        uint64_t &rival = who == MINE ? theirs_key_ : mine_key_;
        Slot *slot = nullptr;
        if (empty_count >= STORE_EMPTIES) {
            uint64_t h = (own * 0x9E3779B97F4A7C15ULL) ^ (rival * 0xC2B2AE3D27D4EB4FULL);
            slot = &table_[(h ^ (h >> 29)) >> (64 - TABLE_BITS)];
            if (slot->mine == own && slot->theirs == rival) return slot->counts;
        }
        Counts total;
        bool moved = false;
        int flipped[64];
        for (int at : empties_) {
            if (cells_[at] != EMPTY) continue;
            int count = flips(at, who, flipped);
            if (!count) continue;
            moved = true;
            uint64_t placed = bit_of(at), turned = 0;
            cells_[at] = who;
            for (int j = 0; j < count; ++j) { cells_[flipped[j]] = who; turned |= bit_of(flipped[j]); }
            own ^= placed | turned;
            rival ^= turned;
            Counts below = search(empty_count - 1, other, false);
            own ^= placed | turned;
            rival ^= turned;
            for (int j = 0; j < count; ++j) cells_[flipped[j]] = other;
            cells_[at] = EMPTY;
            total.win += below.loss;
            total.loss += below.win;
            total.draw += below.draw;
        }
        if (!moved) {
            if (passed || empty_count == 0 || !has_move(other)) {
                total = finish(who);
            } else {
                Counts below = search(empty_count, other, true);
                total.win = below.loss;
                total.loss = below.win;
                total.draw = below.draw;
            }
        }
        if (slot) {
            slot->mine = own;
            slot->theirs = rival;
            slot->counts = total;
        }
        return total;
    }

    int n_, width_;
    int steps_[8];
    std::vector<signed char> cells_;
    std::vector<int> empties_;
    std::vector<Slot> table_;
    uint64_t mine_key_ = 0, theirs_key_ = 0;
};

}  // namespace

int main() {
    int n;
    unsigned long long player, opponent;
    std::vector<Counts> results;
    double seconds = 0;
    while (std::scanf("%d %llu %llu", &n, &player, &opponent) == 3) {
        Solver solver(n);
        auto start = std::chrono::steady_clock::now();
        results.push_back(solver.count(player, opponent));
        seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }
    for (const Counts &c : results)
        std::printf("%llu %llu %llu\n", (unsigned long long)c.win, (unsigned long long)c.loss, (unsigned long long)c.draw);
    std::printf("seconds %.6f\n", seconds);
    return 0;
}
