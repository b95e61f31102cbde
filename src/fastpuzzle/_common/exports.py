"""Where a puzzle's public names say they live."""

from __future__ import annotations

from types import FunctionType

TYPE_CHECKING = False

if TYPE_CHECKING:
    from collections.abc import Iterable, MutableMapping
    from typing import Any


def adopt(package: str, namespace: MutableMapping[str, Any], names: Iterable[str]) -> None:
    """Make ``package`` (``fastpuzzle.takuzu``) the home of the classes and functions it exports from its private
    modules, so that messages, reprs, pickles and help show ``fastpuzzle.takuzu.Puzzle``, the path users import."""
    for name in names:
        value = namespace[name]
        if isinstance(value, (type, FunctionType)) and value.__module__.startswith(package + "."):
            value.__module__ = package
