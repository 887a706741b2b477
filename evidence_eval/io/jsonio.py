"""Reading JSON / JSONL with errors that name file, line and JSON path (atomic writes: `output`)."""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, get_args

from pydantic import BaseModel, ValidationError

from ..errors import InputError, Location, shown
from . import source
from .output import atomic_write as atomic_write  # re-exported: where the package always had them
from .output import atomic_writer as atomic_writer
from .output import check_output as check_output
from .source import line_too_long, open_input, too_large
from .source import sha256_file as sha256_file


def _decode(raw: bytes, where: Location, *, allow_bom: bool = True) -> str:
    try:
        return raw.decode("utf-8-sig" if allow_bom else "utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(where, f"invalid UTF-8 at byte {exc.start}", "save the file as UTF-8") from None


MAX_DEPTH = 100  # levels of nesting a JSON value may have (no format of this tool needs 10)
_ESCAPED_SURROGATE_RE = re.compile(r"\\u[dD][89a-fA-F]")


def parse_json(text: str, where: Location) -> Any:
    """One JSON value. Refused with a located error: malformed JSON, nesting deeper than
    MAX_DEPTH (code that walks it would run out of stack), a number of more than 4,300
    digits, a lone UTF-16 surrogate in a string (it can be neither printed nor written)."""
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        line = exc.lineno if where.line is None else where.line
        at = Location(where.path, line, where.json_path)
        raise InputError(at, f"malformed JSON: {exc.msg} at column {exc.colno}", _hint(text, exc)) from None
    except RecursionError:
        raise InputError(
            where, f"JSON nested too deeply (more than {MAX_DEPTH} levels)", "flatten the data"
        ) from None
    except ValueError as exc:  # int() refuses more than 4,300 digits
        raise InputError(where, f"unreadable JSON number: {str(exc)[:80]}", "write it as a string") from None
    if may_nest_deeply(text):
        refuse_deep_nesting(value, where)
    if _ESCAPED_SURROGATE_RE.search(text):
        _refuse_lone_surrogates(value, where)
    return value


def _hint(text: str, error: json.JSONDecodeError) -> str | None:
    """What a malformed JSON text most likely needs, where it can be told."""
    before, after = text[: error.pos].rstrip(), text[error.pos :].lstrip()
    if before.endswith(",") and after[:1] in ("}", "]"):
        return "remove the comma before the closing bracket: JSON allows no trailing comma"
    if error.msg == "Extra data" and after.rstrip() == ",":
        return "remove the comma at the end of the line: a JSONL line is one object, alone"
    return None


def many_lines_document(text: str) -> bool:
    """Whether a JSONL line that is not JSON is the first line of one JSON document written
    over several lines (`{` or `[` alone, or an object's first key)."""
    opening = text.strip()
    return opening in ("{", "[") or (opening.startswith("{") and opening.endswith(","))


def may_nest_deeply(text: str) -> bool:
    """Whether the JSON text holds enough brackets to nest more than MAX_DEPTH levels."""
    return text.count("[") + text.count("{") > MAX_DEPTH


SHOWN_LEVELS = 6  # of a too deep value's JSON path: the levels an error names, from the root


def refuse_deep_nesting(value: Any, where: Location, path: str = "$", level: int = 1) -> None:
    """Refuses `value`, found `level` levels down the document at JSON path `path`, when a
    container in it lies more than MAX_DEPTH levels down the document; the error names the
    first levels of its path."""
    limit = MAX_DEPTH - level + 1
    if _nested_deeper(value, limit):
        shown = max(0, SHOWN_LEVELS - level + 1)  # `path` holds level - 1 of them
        at = Location(where.path, where.line, path + _deep_steps(value, limit, shown))
        raise InputError(at, f"JSON nested too deeply (more than {MAX_DEPTH} levels)", "flatten the data")


def _deep_steps(value: Any, limit: int, shown: int) -> str:
    """The first `shown` steps of the JSON path to a container more than `limit` levels down
    `value` (one that `_nested_deeper` found)."""
    stack: list[tuple[Any, tuple[str, ...]]] = [(value, ())]
    while stack:
        item, steps = stack.pop()
        if len(steps) >= limit:
            return "".join(steps[:shown]) + ("..." if len(steps) > shown else "")
        pairs = item.items() if isinstance(item, dict) else enumerate(item) if isinstance(item, list) else ()
        for key, child in pairs:
            if isinstance(child, (dict, list)) and child:
                stack.append((child, (*steps, f"[{key}]" if isinstance(item, list) else f".{key}")))
    return ""


def _nested_deeper(value: Any, limit: int) -> bool:
    """Whether some container lies more than `limit` levels down (containers only are walked)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, level = stack.pop()
        if level > limit:
            return True
        for child in item.values() if isinstance(item, dict) else item if isinstance(item, list) else ():
            if isinstance(child, (dict, list)) and child:
                stack.append((child, level + 1))
    return False


def _refuse_lone_surrogates(value: Any, where: Location) -> None:
    """A string holding half of a UTF-16 pair (\\ud800) can be neither printed nor written."""
    stack: list[tuple[str, Any]] = [("$", value)]
    while stack:
        path, item = stack.pop()
        if isinstance(item, dict):
            for key, inner in item.items():
                if _has_surrogate(key):
                    raise _surrogate_error(where, path, key)
                stack.append((f"{path}.{key}", inner))
        elif isinstance(item, list):
            stack.extend((f"{path}[{index}]", inner) for index, inner in enumerate(item))
        elif isinstance(item, str) and _has_surrogate(item):
            raise _surrogate_error(where, path, item)


def _has_surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _surrogate_error(where: Location, path: str, text: str) -> InputError:
    at = Location(where.path, where.line, path)
    shown = text.encode("utf-8", "backslashreplace").decode("ascii", "replace")[:60]
    return InputError(
        at, f"lone UTF-16 surrogate in {shown!r}", "escape both halves of the pair, or remove it"
    )


def read_json(path: str | Path) -> Any:
    """The whole file as one JSON value (at most MAX_JSON_BYTES)."""
    where = Location(str(path))
    with open_input(path) as handle:
        raw = handle.read(source.MAX_JSON_BYTES + 1)
    if len(raw) > source.MAX_JSON_BYTES:
        raise too_large(path, "the JSON file", source.MAX_JSON_BYTES, "EVIDENCE_EVAL_MAX_JSON_BYTES")
    text = _decode(raw, where)
    if not text.strip():
        raise InputError(where, "the file is empty", "expected one JSON object")
    return parse_json(text, where)


def iter_lines(path: str | Path) -> Iterator[tuple[int, str]]:
    """(line number, text) for each non-blank line, decoded; streams the file (a line of
    more than MAX_LINE_BYTES is refused). A UTF-8 BOM and Windows line endings are accepted."""
    with open_input(path) as handle:
        number = 0
        while raw := handle.readline(source.MAX_LINE_BYTES + 1):
            number += 1
            if len(raw) > source.MAX_LINE_BYTES and not raw.endswith(b"\n"):
                raise line_too_long(path, number)
            text = _decode(raw, Location(str(path), number), allow_bom=number == 1)
            if text and not text.isspace():  # not blank, as `text.strip()` tells, with no copy
                yield number, text


def parse_object(text: str, where: Location) -> dict[str, Any]:
    value = parse_json(text, where)
    if not isinstance(value, dict):
        raise InputError(where, f"expected a JSON object on each line, found {type(value).__name__}")
    return value


def iter_jsonl(path: str | Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """(line number, object) for each non-blank line; streams, never holds the whole file."""
    for number, text in iter_lines(path):
        yield number, parse_object(text, Location(str(path), number))


def json_path(loc: tuple[int | str, ...]) -> str:
    """pydantic's error location as a JSON path: ('queries', 0, 'text') -> $.queries[0].text"""
    text = "$"
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else f".{part}"
    return text


def validation_problems(
    error: ValidationError, model: type[BaseModel] | None = None
) -> list[tuple[str, str]]:
    """(JSON path, message) for each problem pydantic found.

    Union branches are hidden from the path; when a value fails every branch of a union,
    the complaints of branches the user evidently did not mean (a bare type mismatch, such
    as "should be a string" for an object) are dropped in favour of the detailed ones.
    Given the `model`, an unknown key is answered with the closest key it knows.
    """
    found: list[tuple[tuple[int | str, ...], bool, str]] = []
    for detail in error.errors(include_url=False):
        loc = tuple(detail["loc"])
        clean = tuple(
            part
            for at, part in enumerate(loc)
            if not (
                _is_branch(part)
                or (part == _ALIAS_TAG and at + 1 < len(loc) and isinstance(loc[at + 1], str))
            )
        )
        shallow = bool(loc) and _is_branch(loc[-1])
        message = _message(detail)
        if detail["type"] == "extra_forbidden" and clean:
            message = unknown_key_message(str(clean[-1]), _keys_at(model, clean[:-1]))
        found.append((clean, shallow, message))
    problems: list[tuple[str, str]] = []
    for clean, shallow, message in found:
        if shallow and any(
            other[: len(clean)] == clean and not other_shallow for other, other_shallow, _ in found
        ):
            continue
        problems.append((json_path(clean), message))
    return problems


def _is_branch(part: int | str) -> bool:
    return isinstance(part, str) and (
        part.startswith(("tagged-union[", "literal[", "function-")) or part in _BRANCH_NAMES
    )


_BRANCH_NAMES = {
    *("duration", "number", "money", "date", "str", "AtLeast", "int", "float"),
    *("doc_judgment", "chunk_judgment", "unjudged", "partial_evidence", "uncertain_answer"),
    "answer_without_evidence",
}
_ALIAS_TAG = "alias"  # a decision's tag, and a field of it: a branch only when a field follows


def _message(detail: Any) -> str:
    kind = detail["type"]
    if kind == "missing":
        return "required field is missing"
    return str(detail["msg"]).removeprefix("Value error, ")


def unknown_key_message(key: str, known: list[str]) -> str:
    """ "unknown key 'stage' (did you mean 'stages'?)"; where the object has a `metadata`
    field, extension data is pointed there."""
    close = difflib.get_close_matches(key, [k for k in known if k != "metadata"], n=1, cutoff=0.6)
    if close:
        return f"unknown key {shown(key)} (did you mean {shown(close[0])}?)"
    if "metadata" in known:
        return f'unknown key {shown(key)} (put data of your own under "metadata")'
    return f"unknown key {shown(key)} (check its spelling against the schema)"


def _keys_at(model: type[BaseModel] | None, loc: tuple[int | str, ...]) -> list[str]:
    """The keys the object at `loc` of `model` accepts ([] when it cannot be told)."""
    if model is None:
        return []
    models = [model]
    for part in loc:
        if isinstance(part, int):
            continue  # an index into a list: the element's model is found with the field
        fields = [m.model_fields[part] for m in models if part in m.model_fields]
        models = [found for field in fields for found in _models_in(field.annotation)]
    return sorted({name for m in models for name in m.model_fields})


def _models_in(annotation: Any) -> list[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [found for arg in get_args(annotation) for found in _models_in(arg)]


def json_text(value: Any) -> str:
    """How this tool writes a JSON file people read: UTF-8 as is, indented, a final newline."""
    return json.dumps(value, ensure_ascii=False, indent=2) + "\n"
