"""The C helpers the clause-learning kernels share (_learning/_fp_learn.h), declared once for both."""

from libc.stdint cimport int32_t


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
