# What every clause-learning kernel's Learn reports the same way; Cython includes it in the class body.

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
