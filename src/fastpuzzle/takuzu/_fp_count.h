/* Counting 01-game grids without listing them: two exact methods.

   Free rule (rows and columns may repeat): a dynamic program over rows
   (fp_rows). A state is what the rows placed so far leave for the rows to come:
   each column's count of ones, its last digit, and whether its last two digits
   are equal, one byte a column (ones | last << 6 | pair << 7). States reached
   by different rows but equal in this are merged, and their counts added.

   Distinct rule: a meet in the middle over the two middle rows (fp_meet). The
   grid's rows are split into the top rows, the two middle rows, and the bottom
   rows; for one pair of middle rows, every way to fill the top is listed and
   merged by the set of lines it uses (its order matters no more), and so is
   the bottom. A top and a bottom make a grid when each column's ones add up,
   no line is in both (the rows then all differ), and no two columns are equal
   in both (the columns then all differ). The larger side of one group (one
   need of ones) is indexed by bit sets, one per line and per pair of columns,
   so that each of the other side finds the ones it excludes by a few word
   operations per 64 and adds the rest's counts by popcounts, bit by bit of the
   counts. Each pair of middle rows is one part of the count, exact and
   positive on its own.

   Counts are kept modulo 2**128 (two 64-bit words): exact as long as the true
   count is below 2**128, which the caller checks with a bound before it
   counts. No state holds a Python object; a counter
   holds all its memory itself, so that counters run in threads at once. */
#ifndef FP_COUNT_H
#define FP_COUNT_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "_fp_popcount.h"

typedef struct {
    uint64_t lo, hi;
} fp_count_t;

static const fp_count_t FP_COUNT_ZERO = {0, 0};

static inline fp_count_t fp_count_add(fp_count_t a, fp_count_t b) {
    fp_count_t sum;
    sum.lo = a.lo + b.lo;
    sum.hi = a.hi + b.hi + (sum.lo < a.lo);
    return sum;
}

/* a * b modulo 2**128. */
static inline fp_count_t fp_count_times64(fp_count_t a, uint64_t b) {
    uint64_t a0 = a.lo & 0xFFFFFFFFu, a1 = a.lo >> 32, b0 = b & 0xFFFFFFFFu, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t middle = (p00 >> 32) + (p01 & 0xFFFFFFFFu) + (p10 & 0xFFFFFFFFu);
    fp_count_t product;
    product.lo = (p00 & 0xFFFFFFFFu) | (middle << 32);
    product.hi = p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32) + a.hi * b;
    return product;
}

/* a * b modulo 2**128. */
static inline fp_count_t fp_count_times(fp_count_t a, fp_count_t b) {
    fp_count_t product = fp_count_times64(a, b.lo);
    product.hi += a.lo * b.hi;
    return product;
}

/* An open-addressing table from fixed-length keys (words 64-bit words each) to counts. */
typedef struct {
    size_t words;
    size_t capacity; /* slots: a power of two, or 0 before the first key */
    size_t size;     /* keys held */
    uint64_t *keys;
    fp_count_t *counts;
    uint64_t *hashes; /* each slot's key's hash (odd), or 0 where the slot is empty */
} fp_map;

static size_t fp_map_bytes(size_t words, size_t capacity) {
    return capacity * (words * 8 + sizeof(fp_count_t) + 8);
}

static void fp_map_free(fp_map *map) {
    free(map->keys);
    free(map->counts);
    free(map->hashes);
    map->keys = NULL;
    map->counts = NULL;
    map->hashes = NULL;
    map->capacity = map->size = 0;
}

static inline uint64_t fp_map_hash(const uint64_t *key, size_t words) {
    uint64_t h = 0x243F6A8885A308D3u;
    for (size_t i = 0; i < words; i++) {
        h = (h ^ key[i]) * 0x9E3779B97F4A7C15u;
        h ^= h >> 31;
    }
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9u;
    return h ^ (h >> 32);
}

static inline int fp_same_key(const uint64_t *a, const uint64_t *b, size_t words) {
    for (size_t i = 0; i < words; i++)
        if (a[i] != b[i])
            return 0;
    return 1;
}

/* The slot of key (whose hash is `hash`, never 0) in map: where it is, or the empty slot where it goes. */
static inline size_t fp_map_slot_hashed(const fp_map *map, const uint64_t *key, uint64_t hash) {
    size_t mask = map->capacity - 1;
    size_t slot = (size_t)hash & mask;
    while (map->hashes[slot] != 0 &&
           (map->hashes[slot] != hash || !fp_same_key(map->keys + slot * map->words, key, map->words)))
        slot = (slot + 1) & mask;
    return slot;
}

static inline size_t fp_map_slot(const fp_map *map, const uint64_t *key) {
    return fp_map_slot_hashed(map, key, fp_map_hash(key, map->words) | 1);
}

/* Room for capacity slots, the keys held moved over. 0, or -1 when memory ran out. */
static int fp_map_resize(fp_map *map, size_t capacity) {
    fp_map grown = *map;
    grown.capacity = capacity;
    grown.keys = (uint64_t *)malloc(capacity * map->words * 8);
    grown.counts = (fp_count_t *)malloc(capacity * sizeof(fp_count_t));
    grown.hashes = (uint64_t *)calloc(capacity, 8);
    if (grown.keys == NULL || grown.counts == NULL || grown.hashes == NULL) {
        free(grown.keys);
        free(grown.counts);
        free(grown.hashes);
        return -1;
    }
    for (size_t i = 0; i < map->capacity; i++) {
        if (map->hashes[i] == 0)
            continue;
        size_t slot = fp_map_slot_hashed(&grown, map->keys + i * map->words, map->hashes[i]);
        memcpy(grown.keys + slot * map->words, map->keys + i * map->words, map->words * 8);
        grown.counts[slot] = map->counts[i];
        grown.hashes[slot] = map->hashes[i];
    }
    free(map->keys);
    free(map->counts);
    free(map->hashes);
    *map = grown;
    return 0;
}

/* Add count to key's entry of map, growing it while the bytes of all tables (*bytes, this one's
   included) stay within max_bytes. 0, or -1 when they would not. */
static int fp_map_add(fp_map *map, const uint64_t *key, fp_count_t count, size_t *bytes, size_t max_bytes) {
    if ((map->size + 1) * 10 > map->capacity * 7) {
        size_t capacity = map->capacity ? map->capacity * 2 : 64;
        size_t before = fp_map_bytes(map->words, map->capacity), after = fp_map_bytes(map->words, capacity);
        if (*bytes - before + after > max_bytes || fp_map_resize(map, capacity) != 0)
            return -1;
        *bytes = *bytes - before + after;
    }
    uint64_t hash = fp_map_hash(key, map->words) | 1;
    size_t slot = fp_map_slot_hashed(map, key, hash);
    if (map->hashes[slot] != 0) {
        map->counts[slot] = fp_count_add(map->counts[slot], count);
    } else {
        memcpy(map->keys + slot * map->words, key, map->words * 8);
        map->counts[slot] = count;
        map->hashes[slot] = hash;
        map->size++;
    }
    return 0;
}

/* Read count's entry of key in map: 1 and *count when it holds key, else 0. */
static inline int fp_map_get(const fp_map *map, const uint64_t *key, fp_count_t *count) {
    if (map->capacity == 0)
        return 0;
    size_t slot = fp_map_slot(map, key);
    if (map->hashes[slot] == 0)
        return 0;
    *count = map->counts[slot];
    return 1;
}

enum { FP_COUNT_DONE = 0, FP_COUNT_PAUSED = 1, FP_COUNT_NO_MEMORY = 3 };

/* ---- The free rule: rows over the columns' states ---- */

typedef struct {
    int width, height;
    uint8_t *cells;   /* 0, 1 or 2 (blank), row by row */
    size_t words;     /* a state's key, in 64-bit words */
    int row;          /* rows placed: `now` holds the states after them */
    int stop_row;     /* the row the count stops at, keeping the states after it (the height: none) */
    fp_map now, next;
    size_t cursor;    /* the next slot of `now` to expand */
    fp_count_t total; /* the grids counted: the last row's states, added as they are reached */
    size_t max_bytes; /* most memory the two layers may take */
    size_t bytes;     /* memory they take */
    uint64_t expanded;
    /* The row being placed. */
    const uint8_t *from;
    fp_count_t weight;
    uint64_t *key;    /* the new state's key is built here */
    int out_of_memory;
} fp_rows;

/* A count from the empty grid, to the end or to the states after stop_row rows. 0, or -1 when memory
   ran out. */
static int fp_rows_init(fp_rows *k, int width, int height, const uint8_t *cells, size_t max_bytes, int stop_row) {
    memset(k, 0, sizeof(*k));
    k->width = width;
    k->height = height;
    k->stop_row = stop_row;
    k->words = ((size_t)width + 7) / 8;
    k->max_bytes = max_bytes;
    k->now.words = k->next.words = k->words;
    k->cells = (uint8_t *)malloc((size_t)width * height);
    k->key = (uint64_t *)calloc(k->words, 8);
    if (k->cells == NULL || k->key == NULL)
        return -1;
    memcpy(k->cells, cells, (size_t)width * height);
    fp_count_t one = {1, 0};
    return fp_map_add(&k->now, k->key, one, &k->bytes, (size_t)-1); /* every column empty */
}

static void fp_rows_free(fp_rows *k) {
    fp_map_free(&k->now);
    fp_map_free(&k->next);
    free(k->cells);
    free(k->key);
    k->cells = NULL;
    k->key = NULL;
}

/* Place the row's cells from column c on (last, run: the row's last digit and its run; ones: its ones). */
static void fp_rows_cells(fp_rows *k, int c, int last, int run, int ones) {
    int width = k->width, row = k->row;
    if (c == width) {
        if (row + 1 == k->height && k->stop_row == k->height)
            k->total = fp_count_add(k->total, k->weight);
        else if (fp_map_add(&k->next, k->key, k->weight, &k->bytes, k->max_bytes) != 0)
            k->out_of_memory = 1;
        return;
    }
    int given = k->cells[row * width + c];
    uint8_t column = k->from[c];
    int column_ones = column & 63, column_last = (column >> 6) & 1, column_pair = column >> 7;
    uint8_t *key = (uint8_t *)k->key;
    for (int digit = 0; digit < 2 && !k->out_of_memory; digit++) {
        if (given != 2 && given != digit)
            continue;
        if (c > 0 && last == digit && run == 2)
            continue;
        int row_ones = ones + digit;
        if (2 * row_ones > width || 2 * (c + 1 - row_ones) > width)
            continue;
        if (row > 0 && column_last == digit && column_pair)
            continue;
        int new_ones = column_ones + digit;
        if (2 * new_ones > k->height || 2 * (row + 1 - new_ones) > k->height)
            continue;
        key[c] = (uint8_t)(new_ones | digit << 6 | (row > 0 && column_last == digit) << 7);
        fp_rows_cells(k, c + 1, digit, (c > 0 && last == digit) ? 2 : 1, row_ones);
    }
}

/* Count on until `deadline` (fp_seconds()): DONE (the total is k->total, or the states after stop_row
   rows are held), PAUSED, or NO_MEMORY (the two layers would pass max_bytes). */
static int fp_rows_run(fp_rows *k, double deadline) {
    while (!k->out_of_memory) {
        if (k->row == k->stop_row)
            return FP_COUNT_DONE;
        while (k->cursor < k->now.capacity) {
            size_t slot = k->cursor++;
            if (!k->now.hashes[slot])
                continue;
            k->from = (const uint8_t *)(k->now.keys + slot * k->words);
            k->weight = k->now.counts[slot];
            fp_rows_cells(k, 0, 0, 0, 0);
            if (k->out_of_memory)
                return FP_COUNT_NO_MEMORY;
            if ((++k->expanded & 63) == 0 && fp_past(deadline))
                return FP_COUNT_PAUSED;
        }
        k->bytes -= fp_map_bytes(k->words, k->now.capacity);
        fp_map_free(&k->now);
        k->now = k->next;
        memset(&k->next, 0, sizeof(k->next));
        k->next.words = k->words;
        k->cursor = 0;
        k->row++;
    }
    return FP_COUNT_NO_MEMORY;
}

/* The grids made of a top and a bottom: `top` holds the states after rows 0 .. m of a grid of height 2m,
   `bottom` those after rows 0 .. m of the grid turned upside down (its rows 2m - 1 .. m - 1), so that both
   end on the middle rows m - 1 and m. A top's state names one bottom's that completes it: the same two
   middle digits in each column, and ones adding up to m with the middle rows counted once. */
static fp_count_t fp_rows_meet(const fp_rows *top, const fp_rows *bottom) {
    fp_count_t total = FP_COUNT_ZERO;
    int m = top->height / 2, width = top->width;
    uint64_t key[8];
    uint8_t *to = (uint8_t *)key;
    for (size_t slot = 0; slot < top->now.capacity; slot++) {
        if (!top->now.hashes[slot])
            continue;
        const uint8_t *from = (const uint8_t *)(top->now.keys + slot * top->words);
        memset(key, 0, sizeof(key));
        int fits = 1;
        for (int c = 0; c < width && fits; c++) {
            int ones = from[c] & 63, below = (from[c] >> 6) & 1, pair = from[c] >> 7;
            int above = pair ? below : 1 - below;
            int needed = m + above + below - ones;
            fits = 0 <= needed && needed <= m;
            to[c] = (uint8_t)(needed | above << 6 | pair << 7);
        }
        fp_count_t count;
        if (!fits || !fp_map_get(&bottom->now, key, &count))
            continue;
        total = fp_count_add(total, fp_count_times(top->now.counts[slot], count));
    }
    return total;
}

/* ---- The distinct rule: a meet in the middle over the two middle rows ---- */

enum {
    FP_MEET_MAX_SIDE = 32
};

typedef struct {
    int width, height;
    int middle;          /* the middle rows are middle - 1 and middle (height / 2) */
    int side_rows;       /* rows above them, and rows below: middle - 1 */
    uint64_t mask;       /* the width's bits */
    int lines;           /* distinct candidate lines, numbered */
    uint64_t *line;      /* a numbered line's digits, one bit a column */
    int *row_first;      /* row r's candidates are row_ids[row_first[r] .. row_first[r + 1]) */
    uint16_t *row_ids;
    size_t pair_words;   /* one bit a pair of columns c < d */
    uint64_t *line_pairs; /* a numbered line's pairs of equal columns, pair_words words each */
    size_t byte_words;   /* one byte a column */
    uint64_t *line_bytes; /* a numbered line's digits, one byte a column, byte_words words each */
    size_t max_bytes;
} fp_meet;

static void fp_meet_free(fp_meet *m) {
    free(m->line);
    free(m->row_first);
    free(m->row_ids);
    free(m->line_pairs);
    free(m->line_bytes);
    m->line_bytes = NULL;
    m->line = NULL;
    m->row_first = NULL;
    m->row_ids = NULL;
    m->line_pairs = NULL;
}

static inline int fp_pair_bit(int width, int c, int d) { return c * width - c * (c + 1) / 2 + (d - c - 1); }

/* The pairs of columns c < d on which `line` has equal digits, into pairs (m->pair_words words). */
static void fp_equal_pairs(const fp_meet *m, uint64_t line, uint64_t *pairs) {
    memset(pairs, 0, m->pair_words * 8);
    for (int c = 0; c < m->width; c++)
        for (int d = c + 1; d < m->width; d++)
            if (((line >> c) & 1) == ((line >> d) & 1)) {
                int bit = fp_pair_bit(m->width, c, d);
                pairs[bit >> 6] |= (uint64_t)1 << (bit & 63);
            }
}

/* The first of the n sorted values not below value. */
static size_t fp_lower_bound(const uint64_t *sorted, size_t n, uint64_t value) {
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (sorted[mid] < value)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The candidate lines of each row (balanced, no three equal digits in a run, its givens kept), at most
   max_lines in all. 0; -1 when memory ran out; -2 when there are more. */
static int fp_meet_init(fp_meet *m, int width, int height, const uint8_t *cells, int max_lines, size_t max_bytes) {
    memset(m, 0, sizeof(*m));
    m->width = width;
    m->height = height;
    m->middle = height / 2;
    m->side_rows = height / 2 - 1;
    m->mask = width == 64 ? ~(uint64_t)0 : (((uint64_t)1 << width) - 1);
    m->max_bytes = max_bytes;
    m->row_first = (int *)calloc((size_t)height + 1, sizeof(int));
    size_t room = 1024;
    uint64_t *found = (uint64_t *)malloc(room * sizeof(uint64_t));
    int *found_row = (int *)malloc(room * sizeof(int));
    if (m->row_first == NULL || found == NULL || found_row == NULL) {
        free(found);
        free(found_row);
        return -1;
    }
    size_t total = 0;
    int status = 0;
    /* Each row's lines, by a search over its cells (digits, positions, ones so far). */
    for (int r = 0; r < height && status == 0; r++) {
        m->row_first[r] = (int)total;
        const uint8_t *given = cells + (size_t)r * width;
        int c = 0, ones = 0;
        uint64_t bits = 0;
        int digit_at[64];
        digit_at[0] = -1;
        while (c >= 0) {
            int digit = ++digit_at[c];
            if (digit > 1) {
                c--;
                if (c >= 0) {
                    ones -= (int)((bits >> c) & 1);
                    bits &= ~((uint64_t)1 << c);
                }
                continue;
            }
            if (given[c] != 2 && given[c] != digit)
                continue;
            if (c >= 2 && (int)((bits >> (c - 1)) & 1) == digit && (int)((bits >> (c - 2)) & 1) == digit)
                continue;
            if (2 * (ones + digit) > width || 2 * (c + 1 - ones - digit) > width)
                continue;
            ones += digit;
            bits |= (uint64_t)digit << c;
            if (c + 1 < width) {
                digit_at[++c] = -1;
                continue;
            }
            if (total == (size_t)max_lines) {
                status = -2;
                break;
            }
            if (total == room) {
                room *= 2;
                uint64_t *more = (uint64_t *)realloc(found, room * sizeof(uint64_t));
                if (more != NULL)
                    found = more;
                int *more_rows = (int *)realloc(found_row, room * sizeof(int));
                if (more_rows != NULL)
                    found_row = more_rows;
                if (more == NULL || more_rows == NULL) {
                    status = -1;
                    break;
                }
            }
            found[total] = bits;
            found_row[total++] = r;
            ones -= digit;
            bits &= ~((uint64_t)1 << c);
        }
    }
    m->row_first[height] = (int)total;
    if (status == 0) {
        /* Number the distinct lines, in the order of their digits. */
        m->line = (uint64_t *)malloc((total ? total : 1) * sizeof(uint64_t));
        m->row_ids = (uint16_t *)malloc((total ? total : 1) * sizeof(uint16_t));
        if (m->line == NULL || m->row_ids == NULL)
            status = -1;
    }
    if (status == 0) {
        memcpy(m->line, found, total * sizeof(uint64_t));
        /* sort and deduplicate (insertion into a sorted array: the lines are few) */
        size_t distinct = 0;
        for (size_t i = 0; i < total; i++) {
            size_t lo = fp_lower_bound(m->line, distinct, found[i]);
            if (lo < distinct && m->line[lo] == found[i])
                continue;
            memmove(m->line + lo + 1, m->line + lo, (distinct - lo) * sizeof(uint64_t));
            m->line[lo] = found[i];
            distinct++;
        }
        if (distinct > 0xFFFF) {
            status = -2;
        } else {
            m->lines = (int)distinct;
            for (size_t i = 0; i < total; i++) {
                m->row_ids[i] = (uint16_t)fp_lower_bound(m->line, distinct, found[i]);
            }
            m->pair_words = ((size_t)width * (width - 1) / 2 + 63) / 64;
            m->byte_words = ((size_t)width + 7) / 8;
            m->line_pairs = (uint64_t *)malloc((distinct ? distinct : 1) * m->pair_words * 8);
            m->line_bytes = (uint64_t *)calloc((distinct ? distinct : 1) * m->byte_words, 8);
            if (m->line_pairs == NULL || m->line_bytes == NULL)
                status = -1;
            for (size_t i = 0; i < distinct && status == 0; i++) {
                fp_equal_pairs(m, m->line[i], m->line_pairs + i * m->pair_words);
                uint8_t *digits = (uint8_t *)(m->line_bytes + i * m->byte_words);
                for (int c = 0; c < width; c++)
                    digits[c] = (uint8_t)((m->line[i] >> c) & 1);
            }
        }
    }
    free(found);
    free(found_row);
    return status;
}

/* The groups of one part: the ones of each column a top has (what it needs of the bottom), numbered in
   the order they are met. Slots hold a group's number plus one, so that the table (4 bytes a slot) stays
   in the cache while the sides are listed. */
typedef struct {
    size_t words;      /* a key: the ones of each column, a byte each */
    size_t size;       /* groups */
    size_t room;       /* keys room */
    uint64_t *keys;    /* group g's key at g * words */
    uint32_t *slots;
    size_t capacity;   /* slots: a power of two, at least twice the groups */
} fp_groups;

static void fp_groups_free(fp_groups *groups) {
    free(groups->keys);
    free(groups->slots);
    groups->keys = NULL;
    groups->slots = NULL;
}

/* The slot of `key`: where it is, or the empty slot where it would go. */
static inline size_t fp_groups_slot(const fp_groups *groups, const uint64_t *key) {
    size_t slot = (size_t)fp_map_hash(key, groups->words) & (groups->capacity - 1);
    while (groups->slots[slot] != 0 &&
           !fp_same_key(groups->keys + (size_t)(groups->slots[slot] - 1) * groups->words, key, groups->words))
        slot = (slot + 1) & (groups->capacity - 1);
    return slot;
}

/* Key's group: its number, or -1 when it has none; a new group when `add` is set (or -2 when memory ran
   out or would pass max_bytes). */
static long long fp_groups_find(fp_groups *groups, const uint64_t *key, int add, size_t *bytes, size_t max_bytes) {
    if (groups->capacity) {
        size_t slot = fp_groups_slot(groups, key);
        if (groups->slots[slot])
            return (long long)groups->slots[slot] - 1;
        if (!add)
            return -1;
    } else if (!add) {
        return -1;
    }
    if (2 * (groups->size + 1) > groups->capacity || groups->size == groups->room) {
        size_t room = groups->room ? 2 * groups->room : 256, capacity = 2 * room;
        size_t added = (room - groups->room) * groups->words * 8 + (capacity - groups->capacity) * 4;
        if (room > 0xFFFFFFFEu || *bytes + added > max_bytes)
            return -2;
        uint64_t *keys = (uint64_t *)realloc(groups->keys, room * groups->words * 8);
        if (keys == NULL)
            return -2;
        groups->keys = keys;
        uint32_t *slots = (uint32_t *)calloc(capacity, 4);
        if (slots == NULL)
            return -2;
        free(groups->slots);
        groups->slots = slots;
        groups->room = room;
        groups->capacity = capacity;
        *bytes += added;
        for (size_t g = 0; g < groups->size; g++)
            groups->slots[fp_groups_slot(groups, groups->keys + g * groups->words)] = (uint32_t)(g + 1);
    }
    memcpy(groups->keys + groups->size * groups->words, key, groups->words * 8);
    groups->slots[fp_groups_slot(groups, key)] = (uint32_t)(groups->size + 1);
    return (long long)groups->size++;
}

/* The large arrays of a part, kept from one part to the next by whoever counts them one after another (a
   thread), so that each part does not ask the system for fresh memory: grown as needed, never shrunk,
   freed by fp_work_free. A part's memory bound counts what the part uses of them. */
typedef struct {
    void *data;
    size_t bytes;
} fp_buffer;

/* A side lists its sequences into one buffer and sorts them into another where the bound leaves room
   (else in place): the top into 0, then 1; the bottom into whichever of 0 and 1 the top's records left
   free, then 2. */
typedef struct {
    fp_buffer buffers[3];
} fp_work;

static void fp_work_free(fp_work *work) {
    for (int b = 0; b < 3; b++)
        free(work->buffers[b].data);
    memset(work, 0, sizeof(*work));
}

/* The buffer's data with room for `bytes` at least, its content kept; NULL when memory ran out. */
static void *fp_buffer_room(fp_buffer *buffer, size_t bytes) {
    if (bytes > buffer->bytes) {
        void *more = realloc(buffer->data, bytes);
        if (more == NULL)
            return NULL;
        buffer->data = more;
        buffer->bytes = bytes;
    }
    return buffer->data;
}

/* One side of one pair of middle rows, listed: every way to fill its rows, as the group it needs
   (the ones of each column) and its sorted lines, a sequence a way. */
typedef struct {
    const fp_meet *m;
    int below;                       /* 0: the rows above the middle; 1: the rows below */
    uint16_t ids[FP_MEET_MAX_SIDE];  /* the side's lines, by the distance of their row from the middle */
    uint16_t sorted[FP_MEET_MAX_SIDE]; /* the lines of all rows but the farthest, sorted */
    uint64_t rows[FP_MEET_MAX_SIDE + 2]; /* the middle rows (the nearer one last), then the side's */
    uint64_t ones[8];                /* each column's ones in the middle rows and the side's placed rows,
                                        one byte a column */
    uint64_t needs[8];               /* below: half of the height plus the middle rows' ones, a byte a
                                        column; less ones[], what the rows below need of the rows above */
    uint64_t *used;                  /* the lines placed (bits, one a line), the middle rows' too */
    fp_groups *groups;               /* the ones of each column -> the group's number */
    size_t sequence_words;           /* a sequence: its group (32 bits), then its sorted lines; a record
                                        the same, its count in place of its group */
    size_t sequences, room;
    uint64_t *sequence;
    fp_buffer *listing;              /* the buffer the side lists into */
    fp_buffer *sorting;              /* the one it sorts into, where the bound leaves room */
    size_t *bytes;
    const volatile int *stop;        /* set (by another thread) to stop the count */
    int failed;                      /* 1: out of memory; 2: stopped */
} fp_side;

/* Record one way to fill the side, its farthest row line `last` (-1 when the side has no rows): its group
   (added above, looked up below) and its sorted lines. */
static void fp_side_record(fp_side *side, int last) {
    const fp_meet *m = side->m;
    int n = m->side_rows;
    uint64_t key[8];
    const uint64_t *digits = last >= 0 ? m->line_bytes + (size_t)last * m->byte_words : NULL;
    for (size_t w = 0; w < m->byte_words; w++) {
        uint64_t ones = side->ones[w] + (digits ? digits[w] : 0);
        key[w] = side->below ? side->needs[w] - ones : ones; /* no byte borrows */
    }
    long long group = fp_groups_find(side->groups, key, !side->below, side->bytes, m->max_bytes);
    if (group == -1)
        return;
    if (group == -2) {
        side->failed = 1;
        return;
    }
    if (side->sequences == side->room) {
        /* By half: a large block grows by remapping, not copying, and the bound counts the room. */
        size_t more = side->room ? side->room + side->room / 2 : 1024;
        size_t added = (more - side->room) * side->sequence_words * 8;
        /* A set's count (in 32 bits) is at most the sequences listed. */
        uint64_t *grown = *side->bytes + added > m->max_bytes || more > 0xFFFFFFFFu
                              ? NULL
                              : (uint64_t *)fp_buffer_room(side->listing, more * side->sequence_words * 8);
        if (grown == NULL) {
            side->failed = 1;
            return;
        }
        side->sequence = grown;
        side->room = more;
        *side->bytes += added;
    }
    uint64_t *sequence = side->sequence + side->sequences++ * side->sequence_words;
    sequence[side->sequence_words - 1] = 0;
    uint32_t head = (uint32_t)group;
    memcpy(sequence, &head, sizeof(head));
    uint16_t *sorted = (uint16_t *)sequence + 2;
    int j = 0;
    for (int i = 0; i < n - 1; i++) {
        if (j == i && side->sorted[i] > last)
            sorted[j++] = (uint16_t)last;
        sorted[j++] = side->sorted[i];
    }
    if (j < n)
        sorted[j] = (uint16_t)last;
}

/* The rows of `side` (all at one distance from the middle) from `depth` on, listed into side->sequence. */
static void fp_side_list(fp_side *side, int depth) {
    const fp_meet *m = side->m;
    int n = m->side_rows;
    if (depth == n) {
        fp_side_record(side, -1);
        return;
    }
    if (depth == n - 1) {
        for (int i = 0; i < n - 1; i++) {
            uint16_t id = side->ids[i];
            int j = i;
            while (j > 0 && side->sorted[j - 1] > id) {
                side->sorted[j] = side->sorted[j - 1];
                j--;
            }
            side->sorted[j] = id;
        }
    }
    int row = side->below ? m->middle + 1 + depth : m->middle - 2 - depth;
    int half = m->height / 2, width = m->width;
    uint64_t near = side->rows[depth + 1], far = side->rows[depth];
    int rows = depth + 3; /* rows counted in ones[] once this one is: the middle rows too */
    if (depth < 2 && *side->stop)
        side->failed = 2;
    uint64_t full_ones = 0, full_zeros = 0;
    const uint8_t *ones = (const uint8_t *)side->ones;
    for (int c = 0; c < width; c++) {
        if (ones[c] >= half)
            full_ones |= (uint64_t)1 << c;
        if (rows - 1 - ones[c] >= half)
            full_zeros |= (uint64_t)1 << c;
    }
    for (int i = m->row_first[row]; i < m->row_first[row + 1] && !side->failed; i++) {
        uint16_t id = m->row_ids[i];
        uint64_t line = m->line[id];
        if ((~(line ^ near) & ~(near ^ far) & m->mask) != 0)
            continue; /* three equal digits in a column */
        if ((line & full_ones) != 0 || (~line & full_zeros & m->mask) != 0)
            continue; /* more than half a column's cells ones, or zeros */
        if ((side->used[id >> 6] >> (id & 63)) & 1)
            continue; /* a line already placed */
        if (depth == n - 1) {
            fp_side_record(side, id);
            continue;
        }
        const uint64_t *digits = m->line_bytes + (size_t)id * m->byte_words;
        for (size_t w = 0; w < m->byte_words; w++)
            side->ones[w] += digits[w];
        side->used[id >> 6] |= (uint64_t)1 << (id & 63);
        side->ids[depth] = id;
        side->rows[depth + 2] = line;
        fp_side_list(side, depth + 1);
        side->used[id >> 6] &= ~((uint64_t)1 << (id & 63));
        for (size_t w = 0; w < m->byte_words; w++)
            side->ones[w] -= digits[w];
    }
}

/* A side's sets as records, for the meet, in order of group (first[g] .. first[g + 1] are group g's):
   each set's count (its orders, 32 bits) and its sorted lines, in the place of its sequences. A top and
   a bottom make grids when no line is in both and no pair of columns is equal in both (a record's equal
   pairs are those of `base` that each of its lines leaves equal): the rows all differ then, and so do
   the columns. */
typedef struct {
    size_t words;      /* one record */
    size_t count;      /* records held */
    uint64_t *data;
    size_t *first;
    uint64_t base[32]; /* pairs of columns equal before the side's rows: above, the middle rows'; below, all */
} fp_records;

/* A record's first 32 bits: its count (a sequence's: its group). */
static inline uint32_t fp_record_count(const uint64_t *record) {
    uint32_t count;
    memcpy(&count, record, sizeof(count));
    return count;
}

static inline const uint16_t *fp_record_ids(const uint64_t *record) { return (const uint16_t *)record + 2; }

/* The pairs of columns the record leaves equal. */
static inline void fp_record_pairs(const fp_meet *m, const uint64_t *base, const uint64_t *record,
                                   uint64_t *pairs) {
    const uint16_t *ids = fp_record_ids(record);
    size_t pw = m->pair_words;
    memcpy(pairs, base, pw * 8);
    for (int l = 0; l < m->side_rows; l++)
        for (size_t w = 0; w < pw; w++)
            pairs[w] &= m->line_pairs[(size_t)ids[l] * pw + w];
}

/* Copy a sequence (or record) of `words` words: a call to memcpy costs more than copying the two or three
   words most have. */
static inline void fp_copy_words(uint64_t *to, const uint64_t *from, size_t words) {
    if (words == 2) {
        to[0] = from[0];
        to[1] = from[1];
    } else if (words == 3) {
        to[0] = from[0];
        to[1] = from[1];
        to[2] = from[2];
    } else {
        memcpy(to, from, words * 8);
    }
}

/* Swap the sequences of `data` into their places: keys[k] .. ends[k] are key k's, a sequence's key its
   group shifted right by `shift`, less `first_key`; keys[k] is the first place still to fill. */
static void fp_place_sequences(uint64_t *data, size_t sw, size_t *keys, const size_t *ends, size_t count,
                               size_t first_key, int shift) {
    uint64_t held[(4 + 2 * FP_MEET_MAX_SIDE + 7) / 8], taken[(4 + 2 * FP_MEET_MAX_SIDE + 7) / 8];
    for (size_t k = 0; k < count; k++) {
        while (keys[k] < ends[k]) {
            uint64_t *at = data + keys[k] * sw;
            size_t key = (fp_record_count(at) >> shift) - first_key;
            if (key != k) {
                fp_copy_words(held, at, sw);
                do {
                    uint64_t *to = data + keys[key]++ * sw;
                    fp_copy_words(taken, to, sw);
                    fp_copy_words(to, held, sw);
                    fp_copy_words(held, taken, sw);
                    key = (fp_record_count(held) >> shift) - first_key;
                } while (key != k);
                fp_copy_words(at, held, sw);
            }
            keys[k]++;
        }
    }
}

/* The records of side->sequence: sorted by group (a counting sort into side->sorting where the bound
   leaves room, which frees the listing's room for the other side; else one that swaps the sequences into
   their groups' ranges in place), then merged by set where they lie (a small table a group). 0, or -1
   when memory ran out or would pass max_bytes. */
static int fp_side_records(fp_side *side, size_t groups, const uint64_t *base, fp_records *records) {
    const fp_meet *m = side->m;
    int n = m->side_rows;
    size_t sw = side->sequence_words, total = side->sequences, largest = 0, slots = 16;
    records->words = sw;
    records->count = 0;
    records->data = side->sequence;
    memcpy(records->base, base, m->pair_words * 8);
    size_t need = (groups + 1) * sizeof(size_t) * 2;
    if (*side->bytes + need > m->max_bytes)
        return -1;
    records->first = (size_t *)calloc(groups + 1, sizeof(size_t));
    size_t *next = (size_t *)malloc((groups + 1) * sizeof(size_t));
    if (records->first == NULL || next == NULL) {
        free(next);
        return -1;
    }
    *side->bytes += need;
    uint64_t *data = side->sequence;
    size_t *first = records->first;
    for (size_t i = 0; i < total; i++)
        first[fp_record_count(data + i * sw) + 1]++;
    for (size_t g = 0; g < groups; g++) {
        if (first[g + 1] > largest)
            largest = first[g + 1];
        first[g + 1] += first[g];
    }
    size_t copy = total * sw * 8;
    uint64_t *sorted = NULL;
    if (total > 0 && *side->bytes + copy <= m->max_bytes)
        sorted = (uint64_t *)fp_buffer_room(side->sorting, copy);
    if (sorted != NULL) {
        *side->bytes += copy;
        memcpy(next, first, (groups + 1) * sizeof(size_t));
        for (size_t i = 0; i < total; i++)
            fp_copy_words(sorted + next[fp_record_count(data + i * sw)]++ * sw, data + i * sw, sw);
        *side->bytes -= side->room * sw * 8;
        data = records->data = sorted;
        free(next);
        next = NULL;
    }
    /* In place in two rounds, so that the places being filled stay in the cache: first into at most 256
       ranges of groups (by the groups' high bits), then each range by group. */
    int shift = 0;
    while (groups > 0 && (groups - 1) >> shift >= 256)
        shift++;
    size_t ranges = groups && next != NULL ? ((groups - 1) >> shift) + 1 : 0, range_next[256], range_end[256];
    for (size_t r = 0; r < ranges; r++) {
        range_next[r] = first[r << shift];
        range_end[r] = first[((r + 1) << shift) < groups ? (r + 1) << shift : groups];
    }
    fp_place_sequences(data, sw, range_next, range_end, ranges, 0, shift);
    if (next != NULL)
        memcpy(next, first, (groups + 1) * sizeof(size_t));
    for (size_t r = 0; r < ranges; r++) {
        size_t low = r << shift, high = ((r + 1) << shift) < groups ? (r + 1) << shift : groups;
        fp_place_sequences(data, sw, next + low, first + low + 1, high - low, low, 0);
    }
    free(next);
    while (slots < 2 * largest)
        slots *= 2;
    uint32_t *table = NULL;
    if (*side->bytes + slots * sizeof(uint32_t) <= m->max_bytes)
        table = (uint32_t *)malloc(slots * sizeof(uint32_t));
    if (table == NULL)
        return -1;
    size_t id_bytes = (size_t)n * 2;
    for (size_t g = 0; g < groups; g++) {
        size_t start = first[g], end = first[g + 1], size = 16;
        first[g] = records->count;
        while (size < 2 * (end - start))
            size *= 2;
        memset(table, 0xFF, size * sizeof(uint32_t));
        for (size_t i = start; i < end; i++) {
            const uint64_t *sequence = data + i * sw;
            const uint16_t *ids = fp_record_ids(sequence);
            uint64_t hash = 0x9E3779B97F4A7C15ULL;
            for (int l = 0; l < n; l++)
                hash = (hash ^ ids[l]) * 0xBF58476D1CE4E5B9ULL;
            size_t slot = (size_t)(hash >> 32) & (size - 1);
            uint64_t *record = NULL;
            while (table[slot] != 0xFFFFFFFFu) {
                uint64_t *kept = data + (first[g] + table[slot]) * sw;
                if (memcmp(fp_record_ids(kept), ids, id_bytes) == 0) {
                    record = kept;
                    break;
                }
                slot = (slot + 1) & (size - 1);
            }
            uint32_t count = 1;
            if (record != NULL) {
                count = fp_record_count(record) + 1;
            } else {
                table[slot] = (uint32_t)(records->count - first[g]);
                record = data + records->count++ * sw;
                if (record != sequence)
                    fp_copy_words(record, sequence, sw);
            }
            memcpy(record, &count, sizeof(count));
        }
    }
    first[groups] = records->count;
    free(table);
    return 0;
}

/* The meet of one group, a chunk of its tops at a time, by bit sets: each chunk of at most FP_JOIN_TOPS
   tops is indexed by a bit set over the chunk for each line (the tops using it) and each pair of
   columns (the tops leaving it equal), and one bit set for each bit of the tops' counts. A bottom's
   tops are those in none of its lines' and equal pairs' sets; their counts add up bit by bit, by
   popcounts. The meet is symmetric: "tops" here are the group's larger side, whichever it is, and
   "bottoms" the other. The tops take their bits in decreasing order of their counts' lengths, so that most
   words need the sets of a count's low bits only. */
enum { FP_JOIN_TOPS = 4096, FP_JOIN_WORDS = FP_JOIN_TOPS / 64 };

typedef struct {
    const fp_meet *m;
    size_t record_words, pair_words;
    int32_t *line_row;  /* each line's set in `index`, or -1: m->lines of them */
    int32_t *pair_row;  /* each pair of columns' set, or -1 */
    int32_t *used;      /* the lines and pairs (pairs after m->lines) given a set in this chunk */
    uint64_t *index;    /* sets of `words` words each: first the counts' bits, then lines and pairs */
    size_t index_rows;  /* sets `index` has room for */
    size_t *bytes;
    /* the chunk indexed */
    size_t words;       /* of each set: a bit a top */
    size_t sets;        /* sets in use */
    size_t lines_and_pairs;
    int planes;         /* sets of the counts' bits: as many as the longest count's bits */
    uint8_t word_planes[FP_JOIN_WORDS];
    uint16_t position[FP_JOIN_TOPS];
} fp_join;

static void fp_join_free(fp_join *join) {
    free(join->line_row);
    free(join->pair_row);
    free(join->used);
    free(join->index);
}

static int fp_join_init(fp_join *join, const fp_meet *m, const fp_records *records, size_t *bytes) {
    memset(join, 0, sizeof(*join));
    join->m = m;
    join->record_words = records->words;
    join->pair_words = m->pair_words;
    join->bytes = bytes;
    size_t pairs = (size_t)m->width * (m->width - 1) / 2;
    join->line_row = (int32_t *)malloc(((size_t)m->lines + 1) * sizeof(int32_t));
    join->pair_row = (int32_t *)malloc((pairs + 1) * sizeof(int32_t));
    join->used = (int32_t *)malloc(((size_t)m->lines + pairs + 1) * sizeof(int32_t));
    if (join->line_row == NULL || join->pair_row == NULL || join->used == NULL)
        return -1;
    memset(join->line_row, 0xFF, (size_t)m->lines * sizeof(int32_t));
    memset(join->pair_row, 0xFF, pairs * sizeof(int32_t));
    *bytes += ((size_t)m->lines * 2 + pairs * 2) * sizeof(int32_t);
    return 0;
}

/* Room in the index for `rows` sets: 0, or -1 when memory ran out or would pass max_bytes. */
static int fp_join_reserve(fp_join *join, size_t rows) {
    if (rows <= join->index_rows)
        return 0;
    size_t added = (rows - join->index_rows) * FP_JOIN_WORDS * 8;
    if (*join->bytes + added > join->m->max_bytes)
        return -1;
    uint64_t *index = (uint64_t *)realloc(join->index, rows * FP_JOIN_WORDS * 8);
    if (index == NULL)
        return -1;
    join->index = index;
    join->index_rows = rows;
    *join->bytes += added;
    return 0;
}

/* The set in the index of line or pair number `key` (pairs after m->lines), made empty if it is new. */
static inline uint64_t *fp_join_set(fp_join *join, int32_t *row, int32_t key) {
    if (*row < 0) {
        *row = (int32_t)join->sets++;
        memset(join->index + (size_t)*row * join->words, 0, join->words * 8);
        join->used[join->lines_and_pairs++] = key;
    }
    return join->index + (size_t)*row * join->words;
}

static inline int fp_count_bits(const uint64_t *record) {
    uint32_t count = fp_record_count(record);
    return count ? 32 - __builtin_clz(count) : 0;
}

/* Index `tops` tops (at most FP_JOIN_TOPS), whose pairs of columns were equal as `base` says before their
   rows: 0, or -1 when the index would pass max_bytes. */
static int fp_join_index(fp_join *join, const uint64_t *top, size_t tops, const uint64_t *base) {
    const fp_meet *m = join->m;
    int n = m->side_rows;
    size_t rw = join->record_words, pw = join->pair_words, pairs = (size_t)m->width * (m->width - 1) / 2;
    join->words = (tops + 63) / 64;
    join->sets = join->lines_and_pairs = 0;
    /* The tops' positions: by decreasing length of their counts (a counting sort). */
    size_t starts[34];
    memset(starts, 0, sizeof(starts));
    for (size_t i = 0; i < tops; i++)
        starts[32 - fp_count_bits(top + i * rw) + 1]++;
    for (int k = 0; k < 33; k++)
        starts[k + 1] += starts[k];
    for (size_t i = 0; i < tops; i++)
        join->position[i] = (uint16_t)starts[32 - fp_count_bits(top + i * rw)]++;
    join->planes = tops ? fp_count_bits(top) : 0;
    for (size_t i = 0; i < tops; i++) {
        int bits = fp_count_bits(top + i * rw);
        if (bits > join->planes)
            join->planes = bits;
    }
    size_t most = (size_t)m->lines + pairs;
    if (most > tops * ((size_t)n + pairs))
        most = tops * ((size_t)n + pairs);
    if (fp_join_reserve(join, (size_t)join->planes + most) != 0)
        return -1;
    join->sets = (size_t)join->planes;
    memset(join->index, 0, join->sets * join->words * 8);
    memset(join->word_planes, 0, join->words);
    for (size_t i = 0; i < tops; i++) {
        const uint64_t *record = top + i * rw;
        size_t at = join->position[i], word = at >> 6;
        uint64_t bit = (uint64_t)1 << (at & 63);
        int bits = fp_count_bits(record);
        uint32_t count = fp_record_count(record);
        if (bits > join->word_planes[word])
            join->word_planes[word] = (uint8_t)bits;
        for (int k = 0; k < bits; k++)
            if ((count >> k) & 1)
                join->index[(size_t)k * join->words + word] |= bit;
        const uint16_t *ids = fp_record_ids(record);
        for (int l = 0; l < n; l++)
            fp_join_set(join, &join->line_row[ids[l]], ids[l])[word] |= bit;
        uint64_t pairs[32];
        fp_record_pairs(m, base, record, pairs);
        for (size_t w = 0; w < pw; w++)
            for (uint64_t left = pairs[w]; left; left &= left - 1) {
                size_t p = w * 64 + (size_t)__builtin_ctzll(left);
                fp_join_set(join, &join->pair_row[p], (int32_t)(m->lines + p))[word] |= bit;
            }
    }
    return 0;
}

/* Forget the chunk's sets of lines and pairs, for the next chunk. */
static void fp_join_clear(fp_join *join) {
    const fp_meet *m = join->m;
    for (size_t u = 0; u < join->lines_and_pairs; u++) {
        if (join->used[u] < m->lines)
            join->line_row[join->used[u]] = -1;
        else
            join->pair_row[join->used[u] - m->lines] = -1;
    }
    join->lines_and_pairs = 0;
}

/* The grids of the indexed tops with `bottoms` bottoms of their group, into *result. */
#define FP_JOIN_MEET_BODY(POPCOUNT)                                                                          \
    const fp_meet *m = join->m;                                                                              \
    int n = m->side_rows;                                                                                    \
    size_t rw = join->record_words, pw = join->pair_words, words = join->words;                              \
    const uint64_t *excluded[FP_MEET_MAX_SIDE + 64 * 32];                                                    \
    uint64_t sums[32], pairs[32];                                                                            \
    fp_count_t total = FP_COUNT_ZERO;                                                                        \
    for (size_t j = 0; j < bottoms; j++) {                                                                   \
        const uint64_t *record = bottom + j * rw;                                                            \
        const uint16_t *ids = fp_record_ids(record);                                                         \
        int sets = 0;                                                                                        \
        for (int l = 0; l < n; l++)                                                                          \
            if (join->line_row[ids[l]] >= 0)                                                                 \
                excluded[sets++] = join->index + (size_t)join->line_row[ids[l]] * words;                     \
        fp_record_pairs(m, base, record, pairs);                                                             \
        for (size_t w = 0; w < pw; w++)                                                                      \
            for (uint64_t left = pairs[w]; left; left &= left - 1) {                                         \
                int32_t row = join->pair_row[w * 64 + (size_t)__builtin_ctzll(left)];                        \
                if (row >= 0)                                                                                \
                    excluded[sets++] = join->index + (size_t)row * words;                                    \
            }                                                                                                \
        memset(sums, 0, (size_t)join->planes * sizeof(uint64_t));                                            \
        uint64_t lowest = 0; /* sums[0] in a register: every word has tops, and reads their counts' bit 0 */ \
        for (size_t w = 0; w < words; w++) {                                                                 \
            uint64_t out = 0;                                                                                \
            for (int s = 0; s < sets; s++)                                                                   \
                out |= excluded[s][w];                                                                       \
            lowest += (uint64_t)POPCOUNT(join->index[w] & ~out);                                             \
            for (int k = 1; k < join->word_planes[w]; k++)                                                   \
                sums[k] += (uint64_t)POPCOUNT(join->index[(size_t)k * words + w] & ~out);                    \
        }                                                                                                    \
        if (join->planes > 0)                                                                                \
            sums[0] = lowest;                                                                                \
        uint64_t met = 0; /* below 2**12 tops times 2**32 a count */                                         \
        for (int k = 0; k < join->planes; k++)                                                               \
            met += sums[k] << k;                                                                             \
        fp_count_t tops = {met, 0};                                                                          \
        total = fp_count_add(total, fp_count_times64(tops, fp_record_count(record)));                       \
    }                                                                                                        \
    *result = total;

/* The join's two copies (see _fp_popcount.h): for every processor, and for those with popcnt. */
static void fp_join_meet(const fp_join *join, const uint64_t *bottom, size_t bottoms, const uint64_t *base,
                         fp_count_t *result) {
    FP_JOIN_MEET_BODY(fp_popcount64)
}

#if FP_POPCOUNT_DISPATCH
__attribute__((target("popcnt"))) static void fp_join_meet_popcnt(const fp_join *join, const uint64_t *bottom,
                                                                  size_t bottoms, const uint64_t *base,
                                                                  fp_count_t *result) {
    FP_JOIN_MEET_BODY(__builtin_popcountll)
}
#endif
#undef FP_JOIN_MEET_BODY

/* The grids whose middle rows are lines a and b (numbers of fp_meet's lines): 0 and *result; -1 when
   the tables would pass max_bytes; -2 when *stop was set meanwhile. `work` holds the part's large arrays
   (NULL: their own, freed at the end). */
static int fp_meet_pair(const fp_meet *m, int a, int b, const volatile int *stop, fp_work *work, fp_count_t *result) {
    int n = m->side_rows;
    fp_work own;
    memset(&own, 0, sizeof(own));
    size_t bytes = 0, pw = m->pair_words;
    fp_groups groups;
    memset(&groups, 0, sizeof(groups));
    groups.words = ((size_t)m->width + 7) / 8;
    fp_side side;
    memset(&side, 0, sizeof(side));
    side.m = m;
    side.groups = &groups;
    side.sequence_words = (4 + (size_t)n * 2 + 7) / 8;
    side.bytes = &bytes;
    side.stop = stop;
    if (work == NULL)
        work = &own;
    side.used = (uint64_t *)calloc(((size_t)m->lines + 63) / 64, 8);
    uint64_t pairs[32];
    fp_records records[2];
    memset(records, 0, sizeof(records));
    fp_join join;
    memset(&join, 0, sizeof(join));
    int status = side.used == NULL ? -1 : 0;
    if (status == 0) {
        side.used[a >> 6] |= (uint64_t)1 << (a & 63);
        side.used[b >> 6] |= (uint64_t)1 << (b & 63);
    }
    for (side.below = 0; side.below < 2 && status == 0; side.below++) {
        int top_in_first = side.below && records[0].data != NULL && records[0].data == work->buffers[0].data;
        side.listing = &work->buffers[top_in_first ? 1 : 0];
        side.sorting = &work->buffers[side.below ? 2 : 1];
        side.rows[0] = m->line[side.below ? a : b];
        side.rows[1] = m->line[side.below ? b : a];
        memset(side.needs, 0, sizeof(side.needs));
        for (size_t w = 0; w < m->byte_words; w++)
            side.ones[w] = m->line_bytes[(size_t)a * m->byte_words + w] + m->line_bytes[(size_t)b * m->byte_words + w];
        uint8_t *needs = (uint8_t *)side.needs;
        for (int c = 0; c < m->width; c++)
            needs[c] = (uint8_t)(m->height / 2 + ((const uint8_t *)side.ones)[c]);
        /* The pairs of columns equal so far: above, the middle rows'; below, every pair. */
        for (size_t w = 0; w < pw; w++)
            pairs[w] = side.below ? ~(uint64_t)0 : m->line_pairs[(size_t)a * pw + w] & m->line_pairs[(size_t)b * pw + w];
        if (side.below) {
            int all = m->width * (m->width - 1) / 2;
            if (all % 64)
                pairs[pw - 1] = ((uint64_t)1 << (all % 64)) - 1;
        }
        fp_side_list(&side, 0);
        if (side.failed == 2)
            status = -2;
        else if (side.failed || fp_side_records(&side, groups.size, pairs, &records[side.below]) != 0)
            status = -1;
        side.sequence = NULL;
        side.room = side.sequences = 0;
    }
    if (status == 0 && fp_join_init(&join, m, &records[0], &bytes) != 0)
        status = -1;
    int popcnt = fp_hardware_popcount();
    fp_count_t total = FP_COUNT_ZERO;
    size_t words = records[0].words;
    for (size_t g = 0; g < groups.size && status == 0; g++) {
        if (*stop)
            status = -2;
        /* The meet is symmetric: the larger side is indexed, and the smaller one runs against it. */
        size_t sizes[2] = {records[0].first[g + 1] - records[0].first[g], records[1].first[g + 1] - records[1].first[g]};
        int indexed = sizes[1] > sizes[0];
        const fp_records *many = &records[indexed], *few = &records[!indexed];
        size_t runs = sizes[!indexed];
        const uint64_t *run = few->data + few->first[g] * words;
        for (size_t i = many->first[g]; i < many->first[g + 1] && runs > 0 && status == 0; i += FP_JOIN_TOPS) {
            size_t chunk = many->first[g + 1] - i < FP_JOIN_TOPS ? many->first[g + 1] - i : FP_JOIN_TOPS;
            fp_count_t met = FP_COUNT_ZERO;
            status = fp_join_index(&join, many->data + i * words, chunk, many->base);
            if (status == 0) {
#if FP_POPCOUNT_DISPATCH
                if (popcnt)
                    fp_join_meet_popcnt(&join, run, runs, few->base, &met);
                else
#endif
                    fp_join_meet(&join, run, runs, few->base, &met);
            }
            fp_join_clear(&join);
            total = fp_count_add(total, met);
        }
    }
    (void)popcnt;
    for (int s = 0; s < 2; s++) {
        free(records[s].first);
    }
    fp_join_free(&join);
    fp_groups_free(&groups);
    fp_work_free(&own);
    free(side.used);
    *result = total;
    return status;
}

#endif
