/* The clock by which kernels pace their returns to Python, and how often they return.

   fp_seconds() reads a monotonic clock without the GIL (clock_gettime is a vDSO
   call on Linux: some tens of nanoseconds), so a kernel can look at it every
   few thousand nodes and take the GIL, or return to Python, only once
   FP_POLL_SECONDS have passed. FP_POLL_MS comes from fastpuzzle/_registry.py. */
#ifndef FP_CLOCK_H
#define FP_CLOCK_H

#define FP_POLL_SECONDS (FP_POLL_MS / 1000.0)

#if defined(_WIN32)
#include <windows.h>
static double fp_seconds(void) { return (double)GetTickCount64() / 1000.0; }
#else
#include <time.h>
static double fp_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + 1e-9 * (double)now.tv_nsec;
}
#endif

/* Whether the clock has reached deadline: kept out of line, so that a search
   loop that asks now and then stays as the compiler laid it out without it. */
#if defined(__GNUC__)
__attribute__((noinline, cold))
#endif
static inline int fp_past(double deadline) { return fp_seconds() >= deadline; }

#endif
