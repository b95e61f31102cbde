"""Generators of known answers: binary sudoku grids with a given minimum, reversi endgames from real play."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

import reference_reversi
import reference_sudoku
from fastpuzzle import ArgumentError, reversi, sudoku, use_kernels
from fastpuzzle.reversi import _making as reversi_making

ANSWERS = range(sudoku.MAX_ANSWER + 1)
SEEDS = range(5)


# -- binary sudoku -------------------------------------------------------------


@pytest.mark.parametrize("answer", ANSWERS)
@pytest.mark.parametrize("seed", SEEDS)
def test_a_generated_grid_has_the_answer_asked_for(answer: int, seed: int) -> None:
    grid = sudoku.generate(answer=answer, seed=seed)
    assert type(grid) is sudoku.Grid
    assert sudoku.min_toggles(grid) == answer
    minimum, cells = sudoku.solve(grid)
    assert minimum == len(cells) == answer
    assert sudoku.is_even(sudoku.apply(grid, cells))
    assert reference_sudoku.min_toggles_search(grid.rows)[0] == answer
    assert sudoku.parse(str(grid)) == grid


@pytest.mark.parametrize("answer", range(4))
def test_small_answers_agree_with_brute_force(answer: int) -> None:
    for seed in range(3):
        rows = sudoku.generate(answer=answer, seed=seed).rows
        assert reference_sudoku.min_toggles_brute(rows, answer) == answer
        if answer:
            assert reference_sudoku.min_toggles_brute(rows, answer - 1) is None


def test_answer_0_is_an_even_grid() -> None:
    for seed in range(20):
        assert reference_sudoku.is_even(sudoku.generate(answer=0, seed=seed).rows)


def test_answer_0_draws_every_cell_about_half_the_time() -> None:
    grids = [sudoku.generate(answer=0, seed=seed).rows for seed in range(400)]
    ones = [sum(rows[r][c] == "1" for rows in grids) for r in range(9) for c in range(9)]
    assert min(ones) > 140 and max(ones) < 260


def test_answer_1_toggles_cells_all_over_the_grid() -> None:
    cells = Counter(cell for seed in range(300) for cell in sudoku.solve(sudoku.generate(answer=1, seed=seed)).cells)
    assert len(cells) >= 70


@pytest.mark.parametrize("answer", ANSWERS)
def test_the_same_seed_gives_the_same_grid_and_others_differ(answer: int) -> None:
    assert sudoku.generate(answer=answer, seed=11) == sudoku.generate(answer=answer, seed=11)
    assert len({sudoku.generate(answer=answer, seed=seed) for seed in range(10)}) == 10


def test_no_seed_still_gives_the_answer() -> None:
    for answer in ANSWERS:
        assert sudoku.min_toggles(sudoku.generate(answer=answer)) == answer


@pytest.mark.parametrize("answer", [0, 1, 3, 9])
def test_the_twin_generates_the_same_grids(answer: int) -> None:
    compiled = [sudoku.generate(answer=answer, seed=seed) for seed in range(3)]
    with use_kernels("twin"):
        assert [sudoku.generate(answer=answer, seed=seed) for seed in range(3)] == compiled


def test_numpy_integers_are_whole_numbers() -> None:
    grid = sudoku.generate(answer=np.int64(4), seed=np.int32(2))  # type: ignore[arg-type]
    assert grid == sudoku.generate(answer=4, seed=2)


@pytest.mark.parametrize(
    ("answer", "message"),
    [(-1, "answer must be at least 0, got -1"), (10, "answer must be at most 9, got 10"), (2**70, "at most 9")],
)
def test_an_answer_out_of_range_is_an_argument_error(answer: int, message: str) -> None:
    with pytest.raises(ArgumentError, match=message):
        sudoku.generate(answer=answer, seed=1)


@pytest.mark.parametrize("answer", [True, 2.0, "3", None])
def test_an_answer_that_is_no_whole_number_is_a_type_error(answer: object) -> None:
    with pytest.raises(TypeError, match="answer must be an integer"):
        sudoku.generate(answer=answer, seed=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [True, 1.5, "1"])
def test_a_seed_that_is_no_whole_number_is_a_type_error(seed: object) -> None:
    with pytest.raises(TypeError, match="seed must be an integer or None"):
        sudoku.generate(answer=3, seed=seed)  # type: ignore[arg-type]


def test_the_answer_is_a_keyword_and_required() -> None:
    with pytest.raises(TypeError):
        sudoku.generate(3)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        sudoku.generate()  # type: ignore[call-arg]


# -- reversi -------------------------------------------------------------------

ENDGAMES = (
    [(4, e) for e in (1, 2, 3, 5, 8, 11, 12)]
    + [(6, e) for e in (1, 2, 7, 20, 32)]
    + [(8, e) for e in (1, 4, 10, 33, 59, 60)]
)


def _game(n: int, empties: int, seed: int) -> reversi_making._Game:
    """The game random_endgame(n, empties, seed=seed) played, moves and all."""
    rng = random.Random(seed)
    while (game := reversi_making._random_game(n, empties, rng)) is None:
        pass
    return game


def _white_to_move_and_not_over(board: reversi.Board) -> bool:
    cells = reference_reversi.board_of([list(row) for row in board.rows])
    return bool(reference_reversi.children(cells, "W") or reference_reversi.children(cells, "B"))


@pytest.mark.parametrize(("n", "empties"), ENDGAMES)
def test_an_endgame_has_the_empties_asked_for_and_is_not_over(n: int, empties: int) -> None:
    for seed in range(4):
        board = reversi.random_endgame(n, empties, seed=seed)
        assert type(board) is reversi.Board and board.n == n
        assert board.empties == empties
        stones = sum(cell != -1 for row in board.rows for cell in row)
        assert stones + empties == n * n
        assert _white_to_move_and_not_over(board)
        assert reversi.parse(str(board)) == board


@pytest.mark.parametrize(("n", "empties"), ENDGAMES)
def test_an_endgame_replays_from_the_start_by_legal_moves(n: int, empties: int) -> None:
    """The recorded game, replayed on the reference's rules, is legal move by move and ends at the board, white to move."""
    for seed in range(4):
        game = _game(n, empties, seed)
        assert game.board == reversi.random_endgame(n, empties, seed=seed)
        plies = n * n - 4 - empties
        assert game.opener == ("black" if plies % 2 else "white")
        cells = reference_reversi.board_of([list(row) for row in reversi.start(n).rows])
        colour = "W" if game.opener == "white" else "B"
        for move in game.moves:
            other = "B" if colour == "W" else "W"
            if move is None:  # a forced pass: no move for the mover, and the game goes on
                assert not reference_reversi.children(cells, colour)
                assert reference_reversi.children(cells, other)
            else:
                after = reference_reversi.play(cells, move, colour)
                assert after is not None, f"illegal move {move} for {colour}"
                cells = after
            colour = other
        assert colour == "W"
        assert sum(move is not None for move in game.moves) == plies
        assert cells == reference_reversi.board_of([list(row) for row in game.board.rows])


@pytest.mark.parametrize(("n", "empties"), [(4, 1), (4, 4), (4, 7), (6, 3), (6, 6), (8, 2), (8, 5)])
def test_solve_on_an_endgame_agrees_with_the_reference(n: int, empties: int) -> None:
    for seed in range(3):
        board = reversi.random_endgame(n, empties, seed=seed)
        expected = reference_reversi.count_games([list(row) for row in board.rows], "W")
        assert tuple(reversi.solve(board)) == expected
        assert sum(expected) >= 1


def test_all_empties_of_the_start_is_the_start_itself() -> None:
    for n in (4, 6, 8):
        assert reversi.random_endgame(n, n * n - 4, seed=1) == reversi.start(n)


def test_the_defaults_are_the_8_x_8_board_and_10_empties() -> None:
    board = reversi.random_endgame(seed=5)
    assert board == reversi.random_endgame(8, 10, seed=5)
    assert (board.n, board.empties) == (8, 10)
    assert reversi.random_endgame().empties == 10


def test_the_same_seed_gives_the_same_board_and_others_differ() -> None:
    assert reversi.random_endgame(8, 12, seed=3) == reversi.random_endgame(8, 12, seed=3)
    assert len({reversi.random_endgame(8, 12, seed=seed) for seed in range(10)}) == 10
    assert len({reversi.random_endgame(4, 6, seed=seed) for seed in range(20)}) > 5


def test_the_twin_plays_the_same_games() -> None:
    compiled = [reversi.random_endgame(n, empties, seed=seed) for n, empties in ENDGAMES for seed in range(2)]
    with use_kernels("twin"):
        assert [
            reversi.random_endgame(n, empties, seed=seed) for n, empties in ENDGAMES for seed in range(2)
        ] == compiled


@pytest.mark.parametrize(
    ("n", "empties", "message"),
    [
        (2, 1, "n must be an even number from 4 to 8, got 2"),
        (5, 1, "n must be an even number from 4 to 8, got 5"),
        (10, 1, "n must be an even number from 4 to 8, got 10"),
        (0, 1, "n must be an even number from 4 to 8, got 0"),
        (-2, 1, "n must be at least 0, got -2"),
        (8, 0, "empties must be at least 1, got 0"),
        (8, -3, "empties must be at least 1, got -3"),
        (8, 61, r"empties must be at most 60 \(the empty cells of start\(8\)\), got 61"),
        (4, 13, r"empties must be at most 12 \(the empty cells of start\(4\)\), got 13"),
    ],
)
def test_a_size_or_count_out_of_range_is_an_argument_error(n: int, empties: int, message: str) -> None:
    with pytest.raises(ArgumentError, match=message):
        reversi.random_endgame(n, empties, seed=1)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"n": 8.0}, "n must be an integer"),
        ({"n": True}, "n must be an integer"),
        ({"empties": "5"}, "empties must be an integer"),
        ({"empties": 5.0}, "empties must be an integer"),
        ({"seed": 1.5}, "seed must be an integer or None"),
        ({"seed": False}, "seed must be an integer or None"),
    ],
)
def test_an_argument_that_is_no_whole_number_is_a_type_error(arguments: dict[str, object], message: str) -> None:
    with pytest.raises(TypeError, match=message):
        reversi.random_endgame(**arguments)  # type: ignore[arg-type]


def test_numpy_integers_are_whole_numbers_for_reversi() -> None:
    board = reversi.random_endgame(np.int64(6), np.int32(9), seed=np.int64(4))  # type: ignore[arg-type]
    assert board == reversi.random_endgame(6, 9, seed=4)
