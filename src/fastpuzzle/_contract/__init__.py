"""The contract every floor above keeps: the registry of puzzles and their limits, what a facade offers,
and the memory there is. (The exceptions are public, in :mod:`fastpuzzle.errors`.)"""
