/* Counting a word's set bits in kernels built for every x86-64 processor.

   Without the popcnt instruction (the wheels target plain x86-64) the compiler's
   builtin is a library call. So a kernel's hot loop is built twice where the
   compiler can target one function at the instruction (FP_POPCOUNT_DISPATCH):
   once with fp_popcount64, which inlines, and once with the builtin under
   __attribute__((target("popcnt"))); fp_hardware_popcount() picks at run time. */
#ifndef FP_POPCOUNT_H
#define FP_POPCOUNT_H

#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__)) && !defined(__POPCNT__)
#define FP_POPCOUNT_DISPATCH 1
#else
#define FP_POPCOUNT_DISPATCH 0
#endif

/* The portable copy's popcount: the instruction where every processor of the target has it. */
#if defined(_MSC_VER)
#include <intrin.h>
static inline int fp_popcount64(unsigned long long x) { return (int)__popcnt64(x); }
#elif defined(__POPCNT__) || !(defined(__x86_64__) || defined(__i386__))
static inline int fp_popcount64(unsigned long long x) { return __builtin_popcountll(x); }
#else
static inline int fp_popcount64(unsigned long long x) {
    x -= (x >> 1) & 0x5555555555555555ULL;
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}
#endif

/* Whether the code built for popcnt can run: the whole build already uses it, or
   this processor has it where the hot loops were built both ways. */
static int fp_hardware_popcount(void) {
#if FP_POPCOUNT_DISPATCH
    __builtin_cpu_init();
    return __builtin_cpu_supports("popcnt") != 0;
#elif defined(__POPCNT__) || defined(_MSC_VER)
    return 1;
#else
    return 0;
#endif
}

#endif
