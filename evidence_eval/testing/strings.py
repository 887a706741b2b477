"""Every string of a JSON document (keys and values, depth first): the texts the equality
checks of a port against its original (bench and tests) run over."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path


def strings_of(node: object) -> Iterator[str]:
    """Each string of `node` (a parsed JSON value), keys before their values."""
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for key, value in node.items():
            yield key
            yield from strings_of(value)
    elif isinstance(node, list):
        for value in node:
            yield from strings_of(value)


def json_strings(path: Path) -> Iterator[str]:
    """Every string of a JSON file, or of each line of a JSON-lines one."""
    text = path.read_text(encoding="utf-8")
    try:
        yield from strings_of(json.loads(text))
    except json.JSONDecodeError:
        for line in text.splitlines():
            if line.strip():
                yield from strings_of(json.loads(line))
