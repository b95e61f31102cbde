# cython: language_level=3
"""What every clause-learning kernel's search reports the same way: its statistics and its solution."""


cdef class Engine:
    """A clause-learning search (each kernel's Learn extends it), holding its engine as e."""

    @property
    def nodes(self):
        """Decisions and conflicts so far."""
        return self.e.node_count

    @property
    def conflicts(self):
        """Conflicts so far (each one learnt a clause)."""
        return self.e.conflict_count

    def solution(self):
        """The cells of the solution last reported, row by row, as '0' and '1'."""
        return fp_solution(&self.e).decode("ascii")
