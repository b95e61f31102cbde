# How a clause-learning kernel plugs into the engine (engine.pxd): the same text in every such kernel,
# which Cython includes after the kernel's class. The class is named Learn, holds its engine as e, and
# has the engine's four hooks as cdef methods: give, back_to, propagate and reason.


cdef inline void plug(Learn kernel) noexcept:
    kernel.e.kernel = <void *>kernel
    kernel.e.give = learn_give
    kernel.e.back_to = learn_back_to
    kernel.e.propagate = learn_propagate
    kernel.e.explain = learn_explain


cdef void learn_give(void *kernel, int literal, int why) noexcept nogil:
    (<Learn>kernel).give(literal, why)


cdef void learn_back_to(void *kernel, int level) noexcept nogil:
    (<Learn>kernel).back_to(level)


cdef int learn_propagate(void *kernel) noexcept nogil:
    return (<Learn>kernel).propagate()


cdef int learn_explain(void *kernel, int why, int p, int32_t *out) noexcept nogil:
    return (<Learn>kernel).reason(why, p, out)
