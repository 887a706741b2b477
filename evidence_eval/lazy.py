"""Package namespaces whose names are imported on first use (PEP 562), so that a light
command such as `evidence-eval retrieval` does not import the matcher and its models."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from typing import Any


def lazy_exports(module: str, homes: dict[str, str]) -> Callable[[str], Any]:
    """A module `__getattr__` that loads `name` from the module `homes[name]` (relative to
    `module`'s package: `module` may be a package or a plain module)."""

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        return getattr(importlib.import_module(home, sys.modules[module].__package__), name)

    return __getattr__
