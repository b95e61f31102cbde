"""What the puzzles share: text and grid helpers, files, progress bars, the choice of kernel or twin,
executors, and the hints' path and grade."""
