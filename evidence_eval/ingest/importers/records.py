"""Reading an export (one JSON value, or JSON Lines) and finding values in it by dotted path."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ...errors import InputError, Location
from ...io.jsonio import iter_jsonl, parse_json, read_json

_OPAQUE = ("metadata", "variables")  # attribute names whose value is the user's own mapping


@dataclass(frozen=True)
class Record:
    """One JSON object of an export and where it is (line for JSON Lines, JSON path)."""

    where: Location
    value: dict[str, Any]

    def at(self, suffix: str) -> Location:
        return Location(self.where.path, self.where.line, f"{self.where.json_path or '$'}{suffix}")


def read_records(path: str, *, list_keys: tuple[str, ...] = ()) -> Iterator[Record]:
    """The objects of a file: each line of JSON Lines, or the elements of one JSON array, or
    the elements of an array under one of `list_keys` (`{"data": [...]}`), or the one object."""
    value = _whole_json(path)
    if value is None:
        for line, record in iter_jsonl(path):
            yield Record(Location(path, line, "$"), record)
        return
    if isinstance(value, dict):
        for key in list_keys:
            if isinstance(value.get(key), list):
                yield from _elements(path, value[key], f"$.{key}")
                return
        yield Record(Location(path, json_path="$"), value)
        return
    if isinstance(value, list):
        yield from _elements(path, value, "$")
        return
    raise InputError(
        Location(path, json_path="$"), f"expected an object or a list, found {type(value).__name__}"
    )


def _elements(path: str, values: list[Any], prefix: str) -> Iterator[Record]:
    for index, element in enumerate(values):
        where = Location(path, json_path=f"{prefix}[{index}]")
        if not isinstance(element, dict):
            raise InputError(where, f"expected an object, found {type(element).__name__}")
        yield Record(where, element)


def _whole_json(path: str) -> Any | None:
    """The file as one JSON value, or None when it is JSON Lines (more than one value)."""
    try:
        return read_json(path)
    except InputError as error:
        if "malformed JSON" not in error.message:
            raise
        with open(path, encoding="utf-8-sig") as handle:
            first = next((line for line in handle if line.strip()), "")
        try:
            parse_json(first, Location(path, 1))
        except InputError:
            raise error from None  # one JSON value, malformed where the first error says
    return None


def decoded(value: Any) -> Any:
    """A string holding a JSON object or array (OpenTelemetry attributes are strings) as
    that value; anything else as it is."""
    if isinstance(value, str) and value[:1] in "{[" and value.strip()[-1:] in "}]":
        try:
            return json.loads(value)
        except json.JSONDecodeError:
            return value
    return value


def lookup(value: Any, path: str) -> Any:
    """`path` ("metadata.source", "document.metadata.file.name") in nested mappings and
    lists; at each level the longest dotted key present wins, so keys holding dots
    ("file.name") are found; JSON strings met on the way are decoded. None when absent."""
    parts = path.split(".") if path else []
    return _lookup(value, parts)


def _lookup(value: Any, parts: list[str]) -> Any:
    if not parts:
        return value
    value = decoded(value)
    if isinstance(value, list):
        head = parts[0]
        if head.isdigit() and int(head) < len(value):
            return _lookup(value[int(head)], parts[1:])
        return None
    if not isinstance(value, dict):
        return None
    for size in range(len(parts), 0, -1):
        key = ".".join(parts[:size])
        if key in value:
            found = _lookup(value[key], parts[size:])
            if found is not None:
                return found
    return None


def unflatten(attributes: dict[str, Any]) -> dict[str, Any]:
    """Dotted attribute keys as nested mappings, numeric parts as list positions:
    {"retrieval.documents.0.document.id": "a"} -> {"retrieval": {"documents": [{"document":
    {"id": "a"}}]}}. Nested input is merged the same way (Phoenix writes either). The value
    under a `metadata` or `variables` key is the user's own: decoded, never split."""
    tree: dict[str, Any] = {}
    for key, value in attributes.items():
        _insert(tree, key.split("."), value)
    return _listify(tree)


def _insert(tree: dict[str, Any], parts: list[str], value: Any) -> None:
    node = tree
    for index, part in enumerate(parts[:-1]):
        if part in _OPAQUE:
            node[".".join(parts[index:])] = value  # not expected; kept whole
            return
        child = node.setdefault(part, {})
        if not isinstance(child, dict):
            child = node[part] = {"": child}
        node = child
    last = parts[-1]
    if last in _OPAQUE:
        node[last] = decoded(value)
    elif isinstance(value, dict):
        child = node.setdefault(last, {})
        for key, inner in value.items():
            _insert(child, key.split("."), inner)
    elif isinstance(value, list) and any(isinstance(v, dict) for v in value):
        child = node.setdefault(last, {})
        for position, inner in enumerate(value):
            if isinstance(inner, dict):
                target = child.setdefault(str(position), {})
                for key, deeper in inner.items():
                    _insert(target, key.split("."), deeper)
    else:
        node[last] = value


def _listify(node: Any) -> Any:
    if not isinstance(node, dict):
        return node
    converted = {key: _listify(value) for key, value in node.items()}
    if converted and all(key.isdigit() for key in converted):
        return [converted[key] for key in sorted(converted, key=int)]
    return converted


def text_of(value: Any) -> str | None:
    """A message's content as text: a string, or the text parts of a list of content blocks
    ({"type": "text", "text": ...}), joined; None when it holds no text."""
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        parts = [text_of(part) for part in value]
        texts = [part for part in parts if part]
        return "\n".join(texts) if texts else None
    if isinstance(value, dict):
        for key in ("text", "content", "message_content.text"):
            if isinstance(value.get(key), (str, list)):
                return text_of(value[key])
        nested = value.get("message_content")
        if isinstance(nested, dict):
            return text_of(nested)
    return None


def number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value) if value == value and abs(value) != float("inf") else None
    if isinstance(value, str):
        try:
            parsed = float(value)
        except ValueError:
            return None
        return parsed if parsed == parsed and abs(parsed) != float("inf") else None
    return None


def as_id(value: Any) -> str | None:
    """An id given as a string or a number, as a string; None for anything else."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (str, int)):
        text = str(value).strip()
        return text or None
    return None


def foreign_shape(value: dict[str, Any]) -> str | None:
    """The format a record of another export is in, when it is recognisably one: a reader
    names it instead of reporting the fields it misses."""
    if "resourceSpans" in value or "context.trace_id" in value or isinstance(value.get("context"), dict):
        return "openinference"
    if "run_type" in value or "dotted_order" in value:
        return "langsmith"
    if "traceId" in value or "parentObservationId" in value or "observations" in value:
        return "langfuse"
    return None
