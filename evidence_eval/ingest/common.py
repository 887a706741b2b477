"""Shared pieces of the converters: splitting reference answers into draft facts, writing."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..errors import InputError, Location
from ..io import atomic_write, check_output, json_text

_SENTENCE_END = re.compile(r"(?<=[。！？!?；;])|(?<=\.)\s+")


def identifier(value: Any, where: Location) -> str:
    """An id read from another tool's file: a non-empty string or a whole number, as text.
    Anything else (an object, a list, true, null) is refused: its Python repr is no id."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if isinstance(value, str) and value:
        return value
    found = "an empty string" if value == "" else type(value).__name__
    raise InputError(where, f"expected a string id, found {found}")


def draft_facts(reference: str, prefix: str = "f") -> list[dict[str, Any]]:
    """One draft fact per sentence of a reference answer (to be trimmed by a person)."""
    sentences = [s.strip() for s in _SENTENCE_END.split(reference or "") if s and s.strip()]
    return [{"id": f"{prefix}{i}", "text": sentence} for i, sentence in enumerate(sentences, 1)]


def draft_name(source: str | Path) -> str:
    """A converted set's name: the stem of the file, or the name of the folder, it was made
    from (`convert beir .` names it after the current folder: a set's name is never empty)."""
    absolute = Path(os.path.abspath(source))  # ".." taken out, a link's own name kept
    name = absolute.stem if absolute.is_file() else absolute.name
    return name or "converted"  # the root folder


def annotation_set(
    name: str, language: str, queries: list[dict[str, Any]], corpus_path: str | None = None
) -> dict[str, Any]:
    data: dict[str, Any] = {
        "schema_version": "1",
        "name": name,
        "version": "draft-1",
        "language": language,
        "draft": True,
        "queries": queries,
    }
    if corpus_path:
        data["corpus"] = {"path": corpus_path}
    return data


def write_outputs(
    folder: str | Path, files: dict[str, Any], *, overwrite: bool, inputs: Iterable[str | Path | None] = ()
) -> list[Path]:
    """JSON for `.json`, one object per line for `.jsonl`; refuses to replace files unless
    `overwrite`, and to write over one of the `inputs` even with it, checked for every file
    before any is written."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    targets = {name: out / name for name in files}
    read = [path for path in inputs if path is not None]
    for target in targets.values():
        check_output(target, overwrite=True, inputs=read)  # an input, a folder, a device: refused
    if not overwrite:
        from ..errors import OutputExistsError

        existing = [str(path) for path in targets.values() if path.exists()]
        if existing:
            raise OutputExistsError(f"{', '.join(existing)}: exist already; pass --overwrite")
    for name, content in files.items():
        if name.endswith(".jsonl"):
            text = "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in content)
        else:
            text = json_text(content)
        atomic_write(targets[name], text, overwrite=True, inputs=read)
    return list(targets.values())
