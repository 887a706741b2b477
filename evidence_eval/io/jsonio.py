"""Reading JSON / JSONL with errors that name file, line and JSON path; atomic writes."""

from __future__ import annotations

import difflib
import hashlib
import json
import os
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any, BinaryIO, get_args

from pydantic import BaseModel, ValidationError

from ..errors import InputError, Location, OutputExistsError, UsageError


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
        clean = tuple(part for part in loc if not _is_branch(part))
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


_BRANCH_NAMES = {"duration", "number", "money", "date", "str", "AtLeast", "int", "float"}


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
        return f"unknown key {key!r} (did you mean {close[0]!r}?)"
    if "metadata" in known:
        return f'unknown key {key!r} (put data of your own under "metadata")'
    return f"unknown key {key!r} (check its spelling against the schema)"


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


def check_output(path: str | Path, *, overwrite: bool = False) -> None:
    """Refuses, before any work, an output path that cannot be written as asked: a folder,
    a file in a folder that does not exist, or an existing file without `overwrite`."""
    target = Path(path)
    if target.is_dir():
        raise UsageError(f"{target}: is a directory; give the path of a file to write")
    folder = target.parent
    if not folder.is_dir():
        raise UsageError(f"{target}: the folder {folder} does not exist; create it first")
    if target.exists() and not overwrite:
        raise OutputExistsError(f"{target}: exists already; pass --overwrite to replace it")


def _new_file_mode(target: Path) -> int:
    """The mode a file written by any other program would get: the replaced file's own, or
    0666 less the umask (mkstemp's 0600 would hide a report from a colleague or a CI server)."""
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


@contextmanager
def atomic_writer(path: str | Path, *, overwrite: bool = False) -> Iterator[IO[str]]:
    """A text handle on a temporary file beside `path`, renamed onto it only when the block
    ends without an error; on an error the temporary file is removed and `path` untouched."""
    target = Path(path)
    check_output(target, overwrite=overwrite)
    try:
        descriptor, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    except OSError as exc:
        raise UsageError(f"{target}: cannot write in {target.parent}: {exc.strerror}") from None
    try:
        os.fchmod(descriptor, _new_file_mode(target))
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
