"""Package namespaces whose names are imported on first use (PEP 562), so that a light
command such as `evidence-eval retrieval` does not import the matcher and its models."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any


def lazy_exports(package: str, homes: dict[str, str]) -> Callable[[str], Any]:
    """A module `__getattr__` that loads `name` from the submodule `homes[name]`."""

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(home, package), name)

    return __getattr__
