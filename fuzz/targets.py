"""What every fuzz target checks: one input, one parser, the package's exception rule.

A target reads arbitrary bytes as the command line does (``read_source``: at
most 1 MiB of UTF-8, else a ParseError); bytes that are not UTF-8 go on to the
parser all the same, decoded with ``surrogateescape`` as the API could be given
them. Whatever is parsed is then checked further:

- ``parse(str(puzzle)) == puzzle``;
- a text without CR gives the same puzzle or the same error with CRLF line
  ends, which only the detailed reader reads (the quick path takes plain text);
- when the puzzle is small enough to solve in a few milliseconds, ``solve`` on
  the compiled kernel, whose answer must equal ``solve_text``'s and, smaller
  still, the pure-Python twin's (for binary sudoku, whose twin takes 20 ms to
  solve, the twin's ``min_toggles``, and the toggles must make the grid even).

The only exceptions allowed are the package's own errors
(``fastpuzzle.FastpuzzleError``) and ``TypeError``; anything else, a failed
check or a crash of the interpreter is a finding.
"""

from __future__ import annotations

import io
from typing import Any, Callable

import fastpuzzle

# Every facade and twin now, while atheris_target.py instruments what is imported (facades) or not (twins).
from fastpuzzle import FastpuzzleError, interchange, reversi, sudoku
from fastpuzzle._common.text import read_source
from fastpuzzle.pixel import _twin as _pixel_py
from fastpuzzle.reversi import _twin as _reversi_py
from fastpuzzle.sudoku import _twin as _sudoku_py
from fastpuzzle.takuzu import _twin as _takuzu_py

PUZZLES = ("takuzu", "pixel", "sudoku", "reversi")
#: Exceptions a parser or a public function may raise on bad input.
ALLOWED = (FastpuzzleError, TypeError)


def _small(puzzle_name: str, puzzle: Any, *, twin: bool) -> bool:
    """Whether ``puzzle`` is solved within milliseconds (``twin``: by the pure-Python twin too)."""
    if puzzle_name == "takuzu":
        return puzzle.n <= (6 if twin else 10)
    if puzzle_name == "pixel":
        return puzzle.n * puzzle.m <= (25 if twin else 100)
    if puzzle_name == "sudoku":
        return True
    return puzzle.empties <= (6 if twin else 10)


def _answer(facade: Any, puzzle: Any) -> tuple[str, Any]:
    """The outcome of solving ``puzzle``: ("answer", value) or ("error", the error's class name)."""
    try:
        return "answer", facade.solve(puzzle)
    except ALLOWED as error:
        return "error", type(error).__name__


def _parsed(facade: Any, text: str) -> tuple[str, Any]:
    """The outcome of parsing ``text``: ("puzzle", it) or ("error", the error's class and message)."""
    try:
        return "puzzle", facade.parse(text)
    except ALLOWED as error:
        return "error", (type(error).__name__, str(error))


def check(puzzle_name: str, data: bytes) -> None:
    """Feed ``data`` to ``puzzle_name``'s parser and check what comes out (raises on a finding)."""
    facade = fastpuzzle.puzzle_module(puzzle_name)
    try:
        text = read_source(io.BytesIO(data))
    except FastpuzzleError:
        text = data.decode("utf-8", "surrogateescape")
    outcome_of_text = _parsed(facade, text)
    if "\r" not in text:
        assert _parsed(facade, text.replace("\n", "\r\n")) == outcome_of_text, f"CRLF parses otherwise: {text!r}"
    if outcome_of_text[0] == "error":
        return
    puzzle = outcome_of_text[1]
    again = facade.parse(str(puzzle))
    assert again == puzzle, f"parse(str(p)) != p: {str(puzzle)!r} gave {again!r}"
    if not _small(puzzle_name, puzzle, twin=False):
        return
    outcome = _answer(facade, puzzle)
    if outcome[0] == "answer":
        assert fastpuzzle.solve_text(puzzle_name, text) == facade.format(outcome[1])
    if puzzle_name == "sudoku" and outcome[0] == "answer":
        minimum, cells = outcome[1]
        assert len(cells) == minimum and sudoku.is_even(sudoku.apply(puzzle, cells)), outcome
        assert _sudoku_py.min_toggles(puzzle.masks) == minimum == sudoku.min_toggles(puzzle)
    elif puzzle_name != "sudoku" and _small(puzzle_name, puzzle, twin=True):
        with fastpuzzle.use_kernels("twin"):
            twin_outcome = _answer(facade, puzzle)
        assert twin_outcome == outcome, f"kernel {outcome!r} != twin {twin_outcome!r}"


def check_game_id(game: str, data: bytes) -> None:
    """Feed ``data`` to the reader of Simon Tatham's ``game`` IDs (``unruly``, ``mosaic``) and check
    what comes out: the ID it writes for the puzzle reads back as the same puzzle, and the puzzle,
    when small, solves or fails with one of the package's errors."""
    try:
        text = read_source(io.BytesIO(data))
    except FastpuzzleError:
        text = data.decode("utf-8", "surrogateescape")
    try:
        puzzle = interchange.from_sgt(text, game)
    except ALLOWED:
        return
    name = "takuzu" if game == "unruly" else "pixel"
    written = interchange.to_sgt(puzzle)
    assert interchange.from_sgt(written, game) == puzzle, f"{text!r} was written back as {written!r}"
    if _small(name, puzzle, twin=False):
        _answer(fastpuzzle.puzzle_module(name), puzzle)


#: Parts of the checkpoint target's count: few, so that a whole checkpoint (about 1.6 KB) fits in an input.
CHECKPOINT_PARTS_TARGET = 8
#: The count the checkpoint target resumes: perft 7 from the 8x8 start, black to move (14 parts).
CHECKPOINT_DEPTH, CHECKPOINT_TOTAL = 7, 55092
_checkpoint_folder: list[str] = []


def check_checkpoint(data: bytes) -> None:
    """Resume a split count from ``data`` as its checkpoint file: the right total (what the file lacks, or what
    fails its checksum, counted again), or an ArgumentError that names the checkpoint; anything else is a finding."""
    import os
    import tempfile
    import warnings

    from fastpuzzle.reversi import _split as _reversi_split

    if not _checkpoint_folder:
        _checkpoint_folder.append(tempfile.mkdtemp(prefix="fuzz-checkpoint-"))
    path = os.path.join(_checkpoint_folder[0], "count.jsonl")
    with open(path, "wb") as file:
        file.write(data)
    frontier_target, _reversi_split.FRONTIER_TARGET = _reversi_split.FRONTIER_TARGET, CHECKPOINT_PARTS_TARGET
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", fastpuzzle.CheckpointWarning)
            total = reversi.perft(reversi.start(8), CHECKPOINT_DEPTH, to_move="black", checkpoint=path)
    except fastpuzzle.ArgumentError as error:
        if f"checkpoint {path}" not in str(error):
            raise AssertionError(f"an error that does not name the checkpoint: {error}") from None
        return
    finally:
        _reversi_split.FRONTIER_TARGET = frontier_target
    assert total == CHECKPOINT_TOTAL, f"resumed to {total}, not {CHECKPOINT_TOTAL}"


#: Simon Tatham's games whose IDs are read, fuzzed beside the contest parsers.
GAMES = ("unruly", "mosaic")

#: Each target, by puzzle (or game) name, and the checkpoint files of a split count.
TARGETS: dict[str, Callable[[bytes], None]] = {
    **{name: (lambda data, name=name: check(name, data)) for name in PUZZLES},  # type: ignore[misc]
    **{game: (lambda data, game=game: check_game_id(game, data)) for game in GAMES},  # type: ignore[misc]
    "checkpoint": check_checkpoint,
}

#: The pure-Python twins: the coverage-guided engines leave them uninstrumented (they are oracles here).
TWINS = tuple(twin.__name__ for twin in (_takuzu_py, _pixel_py, _sudoku_py, _reversi_py))
