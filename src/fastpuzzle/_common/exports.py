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
        value = namespace.get(name)
        if isinstance(value, (type, FunctionType)) and value.__module__.startswith(package + "."):
            value.__module__ = package


def on_first_use(package: str, namespace: MutableMapping[str, Any], modules: dict[str, tuple[str, ...]]) -> Any:
    """A module ``__getattr__`` for ``package`` that imports each of ``modules`` (``"._making"``: the names it
    exports) when one of its names is first asked for: the command line starts without what it may not need."""
    from importlib import import_module

    homes = {name: module for module, names in modules.items() for name in names}

    def __getattr__(name: str) -> Any:
        if name not in homes:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module = import_module(homes[name], package)
        for exported in modules[homes[name]]:
            namespace[exported] = getattr(module, exported)
        adopt(package, namespace, modules[homes[name]])
        return namespace[name]

    return __getattr__
