/* What the clause-learning kernels share in C: the clause header's fields, the Luby sequence and the
   heap of cells by activity (the rest of the engine is _learning/engine.pxd).

   The heap (VSIDS) keeps the cells a search may decide, the most active on
   top, ties to the lower cell; fp_heap_bump raises a cell's activity by the
   heap's step, which the search grows after each conflict, and scales every
   activity down together before one overflows. The pure-Python twins share the
   same in fastpuzzle/_learning_py.py, so that each decides as its kernel does. */
#ifndef FP_LEARN_H
#define FP_LEARN_H

#include <stdint.h>

/* A clause's first word in the arena: its length, and for a learnt clause its flags and glue. */
#define FP_LEARN_LEARNT (1 << 30)
#define FP_LEARN_VIVIFIED (1 << 29)
#define FP_LEARN_LENGTH ((1 << 16) - 1)
#define FP_LEARN_GLUE_SHIFT 16
#define FP_LEARN_MOST_GLUE ((1 << 13) - 1)
#define FP_LEARN_LAST_STAMP ((1 << 30) - 1)
#define FP_LEARN_MAX_ARENA (1 << 29)

typedef struct {
    int32_t *cells;    /* the heap, in the heap's order */
    int32_t *at;       /* at[p]: cell p's place in cells, -1 when p is not in the heap */
    double *activity;  /* per cell */
    int size;          /* cells in the heap */
    int count;         /* cells of the search */
    double step;       /* what a bump adds */
} fp_heap;

/* The i-th term (from 1) of the Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, ... */
static inline int fp_luby(int i) {
    int k = 1;
    while ((1 << k) - 1 < i) k++;
    while (i != (1 << k) - 1) {
        i -= (1 << (k - 1)) - 1;
        k = 1;
        while ((1 << k) - 1 < i) k++;
    }
    return 1 << (k - 1);
}

/* Cell a comes out of the heap before cell b: more active, or as active and lower. */
static inline int fp_heap_before(const fp_heap *heap, int a, int b) {
    return heap->activity[a] > heap->activity[b] || (heap->activity[a] == heap->activity[b] && a < b);
}

static inline void fp_heap_sift_up(fp_heap *heap, int i) {
    int p = heap->cells[i], parent;
    while (i > 0) {
        parent = (i - 1) >> 1;
        if (!fp_heap_before(heap, p, heap->cells[parent])) break;
        heap->cells[i] = heap->cells[parent];
        heap->at[heap->cells[i]] = i;
        i = parent;
    }
    heap->cells[i] = p;
    heap->at[p] = i;
}

static inline void fp_heap_push(fp_heap *heap, int p) {
    int i = heap->size++;
    heap->cells[i] = p;
    heap->at[p] = i;
    fp_heap_sift_up(heap, i);
}

/* The most active cell, taken out of the heap (which must not be empty). */
static inline int fp_heap_pop(fp_heap *heap) {
    int top = heap->cells[0], i = 0, child, p;
    heap->size--;
    heap->at[top] = -1;
    if (heap->size == 0) return top;
    p = heap->cells[heap->size];
    for (;;) {
        child = 2 * i + 1;
        if (child >= heap->size) break;
        if (child + 1 < heap->size && fp_heap_before(heap, heap->cells[child + 1], heap->cells[child])) child++;
        if (!fp_heap_before(heap, heap->cells[child], p)) break;
        heap->cells[i] = heap->cells[child];
        heap->at[heap->cells[i]] = i;
        i = child;
    }
    heap->cells[i] = p;
    heap->at[p] = i;
    return top;
}

static inline void fp_heap_bump(fp_heap *heap, int p) {
    int q;
    heap->activity[p] += heap->step;
    if (heap->activity[p] > 1e100) {
        for (q = 0; q < heap->count; q++) heap->activity[q] *= 1e-100;
        heap->step *= 1e-100;
    }
    if (heap->at[p] >= 0) fp_heap_sift_up(heap, heap->at[p]);
}

#endif
