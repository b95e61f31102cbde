"""What every clause-learning kernel's search reports the same way: its statistics and its solution."""

class Engine:
    """A clause-learning search (each kernel's Learn extends it)."""

    @property
    def nodes(self) -> int:
        """Decisions and conflicts so far."""
    @property
    def conflicts(self) -> int:
        """Conflicts so far (each one learnt a clause)."""
    def solution(self) -> str:
        """The cells of the solution last reported, row by row, as '0' and '1'."""
