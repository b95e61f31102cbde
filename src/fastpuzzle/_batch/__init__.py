"""Batches: many puzzles of one kind, read as records, solved in chunks by a pool, written in order."""
