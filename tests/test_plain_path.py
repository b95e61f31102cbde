"""The facades' quick paths give what their detailed readers give: the same puzzle, or the same error.

``parse`` reads a plainly written text (no CR, no byte-order mark) with a few
str operations and hands anything else to ``_text.Lines``; CRLF line ends
change neither lines nor columns, so parsing a text with them written in
takes the detailed reader, which is the reference here. ``format`` checks a
``solve()`` result with a few str operations, and anything else with
``_grid.solution_rows``.
"""

from __future__ import annotations

import pickle
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import examples
from fastpuzzle import Result, pixel, sudoku, takuzu
from fastpuzzle._common.grid import solution_rows, solution_text

#: Valid texts to edit, per puzzle.
SEEDS: dict[ModuleType, list[str]] = {
    takuzu: ["2\n1_\n__\n", "4\n11__\n_0__\n___1\n__0_\n", "6\n______\n0_____\n______\n_____1\n______\n______\n"],
    pixel: ["2 3\n_2_\n2_2\n", "1 1\n_\n", "3 2\n0_\n_4\n__\n"],
    sudoku: ["000000000\n001000100\n000000000\n000110000\n000111000\n000000000\n000000000\n000000000\n000000000\n"],
}
#: What an edit may put in: cells, digits, white space, line ends, other characters.
PIECES = ["0", "1", "_", "2", "9", "\n", "", " ", "\t", "\x0b", "\u00a0", "a", "10", "4", "01", "\ufeff", "\n\n"]


def outcome(facade: ModuleType, text: str) -> Any:
    """The parsed puzzle, or the error's type and message."""
    try:
        return facade.parse(text)
    except Exception as error:
        return type(error), str(error)


@st.composite
def edited_texts(draw: st.DrawFn, facade: ModuleType) -> str:
    """A valid text with a few pieces inserted, replaced or deleted."""
    text = draw(st.sampled_from(SEEDS[facade]))
    for _ in range(draw(st.integers(0, 3))):
        start = draw(st.integers(0, len(text)))
        end = draw(st.integers(start, min(len(text), start + 2)))
        text = text[:start] + draw(st.sampled_from(PIECES)) + text[end:]
    return text


@pytest.mark.parametrize("facade", list(SEEDS), ids=lambda facade: facade.NAME)
@settings(max_examples=examples(400), deadline=None)
@given(data=st.data())
def test_plain_text_parses_as_the_detailed_reader_reads_it(facade: ModuleType, data: st.DataObject) -> None:
    text = data.draw(edited_texts(facade))
    assert outcome(facade, text) == outcome(facade, text.replace("\n", "\r\n"))


@pytest.mark.parametrize("facade", list(SEEDS), ids=lambda facade: facade.NAME)
def test_seeds_parse_on_both_paths(facade: ModuleType) -> None:
    for text in SEEDS[facade]:
        assert facade.parse(text) == facade.parse(text.replace("\n", "\r\n")) == facade.parse(text + "\n\n")
        assert facade.parse(str(facade.parse(text))) == facade.parse(text)


def rows_outcome(solution: Any) -> Any:
    try:
        return "".join(row + "\n" for row in solution_rows(solution))
    except Exception as error:
        return type(error), str(error)


def text_outcome(solution: Any) -> Any:
    try:
        return solution_text(solution)
    except Exception as error:
        return type(error), str(error)


ROW_PIECES = st.sampled_from(["0", "1", "01", "10", "", "\n", "2", "0\n", "1101"])


@settings(max_examples=examples(400), deadline=None)
@given(st.lists(st.lists(ROW_PIECES, max_size=3).map("".join), max_size=4).map(tuple))
def test_format_checks_rows_as_solution_rows_does(solution: tuple[str, ...]) -> None:
    assert text_outcome(solution) == rows_outcome(solution)


@pytest.mark.parametrize(
    "solution",
    [("01", "0\n"), ("0\n", "00"), ("0", "01", ""), ("01", b"01"), ("01", 1), ["01", "10"], ("0",), ()],
)
def test_format_quick_check_is_not_fooled(solution: Any) -> None:
    assert text_outcome(solution) == rows_outcome(solution)


def test_result_is_a_frozen_record_equal_only_to_a_result() -> None:
    result = Result(3, "solved", "01\n10\n", None, 0.25)
    assert repr(result) == "Result(index=3, status='solved', output='01\\n10\\n', error=None, seconds=0.25)"
    assert result == Result(3, "solved", "01\n10\n", None, 0.25)
    assert result != Result(3, "solved", "01\n10\n", None, 0.5)
    assert result != (3, "solved", "01\n10\n", None, 0.25)
    assert not result == (3, "solved", "01\n10\n", None, 0.25)  # noqa: SIM201 - __eq__ itself, not __ne__
    assert result != (3, "solved", "01\n10\n", None, 0.25)
    assert hash(result) == hash(Result(3, "solved", "01\n10\n", None, 0.25))
    assert pickle.loads(pickle.dumps(result)) == result
    with pytest.raises(AttributeError):
        result.status = "bad_input"  # type: ignore[misc]
