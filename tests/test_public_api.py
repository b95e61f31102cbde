"""The public API: every name users import stays importable from the module they import it from."""

from __future__ import annotations

from importlib import import_module

import pytest

#: Each public module and the names its ``__all__`` promises (the folders of the package changed none of them).
PUBLIC = {
    "fastpuzzle": (
        "ALIASES",
        "ArgumentError",
        "CheckpointWarning",
        "Facade",
        "FastpuzzleError",
        "Hint",
        "MultipleSolutionsError",
        "NoSolutionError",
        "PUZZLES",
        "ParseError",
        "PuzzleTooLargeError",
        "Result",
        "SearchFacade",
        "Status",
        "interchange",
        "pixel",
        "puzzle_module",
        "render",
        "reversi",
        "solve_many",
        "solve_text",
        "sudoku",
        "takuzu",
        "use_kernels",
    ),
    "fastpuzzle.takuzu": (
        "Hint",
        "LIST_MAX_N",
        "MAX_CANDIDATES",
        "MAX_N",
        "NAME",
        "Puzzle",
        "RULES",
        "count_solutions",
        "format",
        "from_rows",
        "generate",
        "grade",
        "hint",
        "parse",
        "puzzle_lines",
        "shape_problem",
        "solutions",
        "solve",
        "solve_text",
        "solve_texts",
        "steps",
    ),
    "fastpuzzle.pixel": (
        "Hint",
        "MAX_CELLS",
        "MAX_N",
        "MAX_STATES",
        "NAME",
        "ONE_BY_ONE_MOST",
        "Puzzle",
        "count_solutions",
        "format",
        "from_image",
        "from_rows",
        "generate",
        "grade",
        "hint",
        "image_picture",
        "parse",
        "puzzle_lines",
        "show",
        "solutions",
        "solve",
        "solve_text",
        "solve_texts",
        "steps",
    ),
    "fastpuzzle.sudoku": (
        "Grid",
        "MAX_ANSWER",
        "NAME",
        "SIDE",
        "Toggles",
        "apply",
        "format",
        "format_solution",
        "from_rows",
        "generate",
        "is_even",
        "min_toggles",
        "min_toggles_many",
        "parse",
        "puzzle_lines",
        "solve",
        "solve_text",
        "solve_texts",
    ),
    "fastpuzzle.reversi": (
        "Board",
        "Counts",
        "DEFAULT_TABLE_SIZE",
        "MAX_DEPTH",
        "MAX_N",
        "NAME",
        "count_games",
        "default_table_size",
        "format",
        "from_rows",
        "max_table_size",
        "parse",
        "perft",
        "puzzle_lines",
        "random_endgame",
        "solve",
        "solve_text",
        "solve_texts",
        "start",
    ),
    "fastpuzzle.errors": (
        "ArgumentError",
        "CheckpointWarning",
        "FastpuzzleError",
        "MultipleSolutionsError",
        "NoSolutionError",
        "ParseError",
        "PuzzleTooLargeError",
    ),
    "fastpuzzle.interchange": (
        "FORMATS",
        "NAMES",
        "from_sgt",
        "read",
        "to_sgt",
        "write",
    ),
    "fastpuzzle.render": (
        "CELL_SIZE",
        "MARGIN",
        "MAX_CELLS",
        "SUFFIXES",
        "render",
        "svg",
    ),
}


@pytest.mark.parametrize("module", sorted(PUBLIC))
def test_every_public_name_is_where_users_import_it(module: str) -> None:
    imported = import_module(module)
    assert sorted(imported.__all__) == sorted(PUBLIC[module])
    for name in PUBLIC[module]:
        assert getattr(imported, name) is not None, f"{module}.{name}"


@pytest.mark.parametrize("module", ["fastpuzzle.takuzu", "fastpuzzle.pixel", "fastpuzzle.sudoku", "fastpuzzle.reversi"])
def test_a_puzzles_classes_and_functions_say_they_live_in_its_module(module: str) -> None:
    imported = import_module(module)
    for name in PUBLIC[module]:
        value = getattr(imported, name)
        if isinstance(value, type) and value.__module__.startswith(module):
            assert value.__module__ == module, f"{module}.{name} says it lives in {value.__module__}"


def test_the_command_line_keeps_its_entry_points() -> None:
    cli = import_module("fastpuzzle.cli")
    assert callable(cli.main) and callable(cli.build_parser) and callable(cli.command)
