"""Reading JSON / JSONL with errors that name file, line and JSON path; atomic writes."""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any, BinaryIO

from pydantic import ValidationError

from ..errors import InputError, Location, OutputExistsError


def sha256_file(path: str | Path) -> str:
    digest = hashlib.sha256()
    with _open(path) as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _decode(raw: bytes, where: Location, *, allow_bom: bool = True) -> str:
    try:
        return raw.decode("utf-8-sig" if allow_bom else "utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(where, f"invalid UTF-8 at byte {exc.start}", "save the file as UTF-8") from None


def parse_json(text: str, where: Location) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        line = exc.lineno if where.line is None else where.line
        at = Location(where.path, line, where.json_path)
        raise InputError(at, f"malformed JSON: {exc.msg} at column {exc.colno}") from None
    except RecursionError:
        raise InputError(where, "JSON nested too deeply to read") from None


def read_json(path: str | Path) -> Any:
    """The whole file as one JSON value."""
    where = Location(str(path))
    raw = _read_bytes(path)
    text = _decode(raw, where)
    if not text.strip():
        raise InputError(where, "the file is empty", "expected one JSON object")
    return parse_json(text, where)


def _read_bytes(path: str | Path) -> bytes:
    with _open(path) as handle:
        return handle.read()


def _open(path: str | Path) -> BinaryIO:
    try:
        return open(path, "rb")
    except FileNotFoundError:
        raise InputError(Location(str(path)), "no such file") from None
    except IsADirectoryError:
        raise InputError(Location(str(path)), "is a directory, expected a file") from None
    except OSError as exc:
        raise InputError(Location(str(path)), f"cannot read: {exc.strerror}") from None


def iter_lines(path: str | Path) -> Iterator[tuple[int, str]]:
    """(line number, text) for each non-blank line, decoded; streams the file.
    A UTF-8 BOM and Windows line endings are accepted."""
    with _open(path) as handle:
        for number, raw in enumerate(handle, start=1):
            text = _decode(raw, Location(str(path), number), allow_bom=number == 1)
            if text.strip():
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


def validation_problems(error: ValidationError) -> list[tuple[str, str]]:
    """(JSON path, message) for each problem pydantic found.

    Union branches are hidden from the path; when a value fails every branch of a union,
    the complaints of branches the user evidently did not mean (a bare type mismatch, such
    as "should be a string" for an object) are dropped in favour of the detailed ones.
    """
    found: list[tuple[tuple[int | str, ...], bool, str]] = []
    for detail in error.errors(include_url=False):
        loc = tuple(detail["loc"])
        clean = tuple(part for part in loc if not _is_branch(part))
        shallow = bool(loc) and _is_branch(loc[-1])
        found.append((clean, shallow, _message(detail)))
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


_BRANCH_NAMES = {"duration", "number", "money", "date", "str", "AtLeast", "int", "float"}


def _message(detail: Any) -> str:
    kind = detail["type"]
    if kind == "missing":
        return "required field is missing"
    if kind == "extra_forbidden":
        return "unknown field (check its spelling against the schema)"
    return str(detail["msg"]).removeprefix("Value error, ")


@contextmanager
def atomic_writer(path: str | Path, *, overwrite: bool = False) -> Iterator[IO[str]]:
    """A text handle on a temporary file beside `path`, renamed onto it only when the block
    ends without an error; on an error the temporary file is removed and `path` untouched."""
    target = Path(path)
    if target.exists() and not overwrite:
        raise OutputExistsError(f"{target}: exists already; pass --overwrite to replace it")
    folder = target.parent if str(target.parent) else Path(".")
    descriptor, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=folder)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def json_text(value: Any) -> str:
    """How this tool writes a JSON file people read: UTF-8 as is, indented, a final newline."""
    return json.dumps(value, ensure_ascii=False, indent=2) + "\n"


def atomic_write(path: str | Path, content: str, *, overwrite: bool = False) -> None:
    """Write through a temporary file in the same folder and rename: a reader never sees a
    half-written file. An existing file is kept unless `overwrite` is set."""
    with atomic_writer(path, overwrite=overwrite) as handle:
        handle.write(content)
