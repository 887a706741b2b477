"""Loading the three input formats into models, with errors that say where and what to do."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from ..errors import InputError, Location, shown
from ..models import AnnotationSet, Document, Snapshot, Trace
from ..models.options import ScoreOptions
from ..models.policy import Policy
from ..models.report import Report
from .jsonio import (
    iter_lines,
    many_lines_document,
    may_nest_deeply,
    parse_object,
    read_json,
    refuse_deep_nesting,
    validation_problems,
)

ModelT = TypeVar("ModelT", bound=BaseModel)


def build(model: type[ModelT], data: Any, where: Location) -> ModelT:
    """Validate `data` as `model`; every problem pydantic found goes into one error."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        problems = validation_problems(exc, model)
        first_path, first_message = problems[0]
        at = Location(where.path, where.line, first_path)
        more = (
            f" (and {len(problems) - 1} more: "
            + "; ".join(f"{path}: {message}" for path, message in problems[1:4])
            + (", ..." if len(problems) > 4 else "")
            + ")"
            if len(problems) > 1
            else ""
        )
        raise InputError(at, first_message + more) from None


_KINDS = {AnnotationSet: "an annotation set", Policy: "a policy"}


def load_object(model: type[ModelT], path: str | Path) -> ModelT:
    """A JSON file holding one object of `model`."""
    expected = _KINDS.get(model, "one JSON object")
    try:
        data = read_json(path)
    except InputError as error:
        if error.message.startswith("malformed JSON: Extra data") and error.hint is None:  # JSONL?
            raise InputError(
                error.location,
                error.message,
                f"this file holds one JSON value per line (JSONL), not {expected}: "
                "are the files given in the right order?",
            ) from None
        raise
    where = Location(str(path))
    if not isinstance(data, dict):
        raise InputError(where, f"expected a JSON object, found {type(data).__name__}")
    try:
        return build(model, data, where)
    except InputError as error:
        raise _in_slot(error, data, expected, "") from None


def _kind_of(record: dict[str, Any]) -> str | None:
    """What a JSON object read in the wrong place most likely is, from its keys."""
    if "queries" in record and ("schema_version" in record or "language" in record):
        return "an annotation set"
    if "results" in record:
        return "a RAGChecker file (read with --traces-format ragchecker)"
    if "rules" in record:
        return "a policy"
    if "query_id" in record and ("stages" in record or "system" in record):
        return "a trace"
    if "doc_id" in record and "text" in record:
        return "a corpus document"
    if "systems" in record and "signature" in record:
        return "a report"
    return None


def _in_slot(error: InputError, data: Any, expected: str, slot: str) -> InputError:
    """`error` with a hint naming what the file given looks like when it is something else
    than what its place on the command line expects (`expected`; `slot`: how it is read)."""
    if error.hint:
        return error
    if isinstance(data, str) and many_lines_document(data):
        return InputError(
            error.location, error.message, f"this is one JSON document over several lines, {slot}"
        )
    kind = _kind_of(data) if isinstance(data, dict) else None
    if kind is None or kind.startswith(expected):
        return error
    return InputError(error.location, error.message, f"this is {kind}, not {expected}")


def _first_object(text: str) -> Any:
    """The line's JSON value, or the line itself when it is not JSON (for `_in_slot`)."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return text


def load_annotations(path: str | Path) -> AnnotationSet:
    return load_object(AnnotationSet, path)


def load_snapshot(path: str | Path) -> Snapshot:
    documents: list[Document] = []
    first_line: dict[str, int] = {}
    for line, text in iter_lines(path):
        where = Location(str(path), line)
        try:
            doc = build(Document, parse_object(text, where), where)
        except InputError as error:
            raise _in_slot(error, _first_object(text), "a corpus document", CORPUS_IS) from None
        if doc.doc_id in first_line:
            raise InputError(
                Location(str(path), line, "$.doc_id"),
                f"duplicate doc_id {shown(doc.doc_id)} (first on line {first_line[doc.doc_id]})",
                "a snapshot holds one version of each document",
            )
        first_line[doc.doc_id] = line
        documents.append(doc)
    if not documents:
        raise InputError(Location(str(path)), "the corpus is empty", "expected one document per line")
    _check_unique_chunk_ids(documents, path)
    return Snapshot(documents)


def _check_unique_chunk_ids(documents: list[Document], path: str | Path) -> None:
    owner: dict[str, str] = {}
    for doc in documents:
        for chunk in doc.chunks or ():
            if chunk.chunk_id in owner:
                raise InputError(
                    Location(str(path)),
                    f"chunk_id {shown(chunk.chunk_id)} is used by {shown(owner[chunk.chunk_id])} "
                    f"and {shown(doc.doc_id)}",
                    "chunk ids must be unique in the snapshot",
                )
            owner[chunk.chunk_id] = doc.doc_id


def iter_traces(path: str | Path) -> Iterator[tuple[int, Trace]]:
    """(line number, trace), streamed; the first bad line stops it."""
    for line, text in iter_trace_lines(path):
        yield line, parse_trace(path, line, text)


def iter_trace_lines(path: str | Path) -> Iterator[tuple[int, str]]:
    """(line number, text) of each trace line, not yet parsed; an empty file is refused."""
    empty = True
    for line, text in iter_lines(path):
        empty = False
        yield line, text
    if empty:
        raise InputError(
            Location(str(path)), "the traces file is empty", "expected one JSON object per query per system"
        )


def parse_trace(path: str | Path, line: int, text: str) -> Trace:
    """One trace line. pydantic parses and validates a line of mostly ASCII in one pass; a
    line of other text (Chinese) is parsed by `json` (pydantic's parser makes its strings at
    twice the cost) and then validated: `_parsed_trace`. A line both refuse is read the slow
    way, for an error that says where and what."""
    trace = _parsed_trace(path, line, text)
    if trace is None:
        where = Location(str(path), line)
        try:
            trace = build(Trace, parse_object(text, where), where)  # raises
        except InputError as error:
            raise _in_slot(error, _first_object(text), "a trace", TRACES_ARE) from None
    return trace


TRACES_ARE = (
    "not traces (JSONL, one trace per line): are the files given in the right order, or is it "
    "another tool's file (give --traces-format)?"
)
CORPUS_IS = "not a snapshot (JSONL, one document per line): is it the annotation set?"


def _parsed_trace(path: str | Path, line: int, text: str) -> Trace | None:
    """The trace as `Trace.model_validate_json(text)` gives it, or else as the slow way reads
    it; None when both refuse. (Where both take a line they give the same trace: the slow
    way's value is taken first for a line of mostly non-ASCII text, where it is cheaper.)"""
    if _mostly_multibyte(text):
        try:
            return Trace.model_validate(parse_object(text, Location(str(path), line)))
        except (InputError, ValidationError):
            pass
    try:
        trace = Trace.model_validate_json(text)
    except ValidationError:
        return None
    if may_nest_deeply(text):  # pydantic's parser takes some 200 levels: the limit is json's
        _refuse_deep_metadata(trace, Location(str(path), line))
    return trace


def _refuse_deep_metadata(trace: Trace, where: Location) -> None:
    """A trace's `metadata` (of the trace, a stage, an item: all it may nest freely) nested
    deeper than any JSON this tool reads (`refuse_deep_nesting`)."""
    refuse_deep_nesting(trace.metadata, where, "$.metadata", 2)
    for s, stage in enumerate(trace.stages):
        refuse_deep_nesting(stage.metadata, where, f"$.stages[{s}].metadata", 4)
        for i, item in enumerate(stage.items):
            if item.metadata:
                refuse_deep_nesting(item.metadata, where, f"$.stages[{s}].items[{i}].metadata", 6)


_SAMPLE = 1024  # characters of a line looked at to tell its script


def _mostly_multibyte(text: str) -> bool:
    """Whether the line's UTF-8 is a quarter longer than its characters, as Chinese text's is
    (English with a few accents is not), judged on its first `_SAMPLE` characters."""
    if text.isascii():
        return False
    sample = text[:_SAMPLE]
    return len(sample.encode("utf-8", "surrogatepass")) * 4 > len(sample) * 5


def resolve_inside(base_file: str | Path, relative: str) -> Path:
    """A path named inside an annotation set, resolved next to it; it may not escape its folder."""
    where = Location(str(base_file), json_path="$.corpus.path")
    try:
        folder = Path(base_file).resolve().parent
        candidate = (folder / relative).resolve()
        candidate.exists()  # raises for what a later open would trip on (a name too long)
    except (OSError, RuntimeError, ValueError) as exc:  # RuntimeError: a loop of links (Python < 3.13)
        raise InputError(
            where, f"path {shown(relative)} cannot be used: {exc}", "give the corpus with --corpus"
        ) from None
    if not candidate.is_relative_to(folder):
        raise InputError(
            Location(str(base_file), json_path="$.corpus.path"),
            f"path {shown(relative)} leaves the annotation set's folder",
            "give the corpus with --corpus instead",
        )
    return candidate


def named_corpus(annotations: str | Path, data: Any) -> Path | None:
    """The corpus file an annotation set names at `$.corpus.path` (resolved next to the set,
    never outside its folder), from the set's model or its JSON data; None when it names none."""
    ref = data.get("corpus") if isinstance(data, dict) else getattr(data, "corpus", None)
    named = ref.get("path") if isinstance(ref, dict) else getattr(ref, "path", None)
    return resolve_inside(annotations, named) if isinstance(named, str) and named else None


def with_named_corpus(
    annotations: str | Path | None, *others: str | Path | None, data: Any = None
) -> tuple[str, ...]:
    """The input paths of a command that reads the annotation set `annotations`: those given
    and the corpus the set names, so that no output ever replaces it. `data`: the set already
    read (its model or JSON), else it is read here without being checked (its loader words
    any problem later); a set that cannot be read or names no usable corpus adds nothing."""
    given = tuple(str(path) for path in (annotations, *others) if path is not None)
    if annotations is None:
        return given
    try:
        named = named_corpus(annotations, read_json(annotations) if data is None else data)
    except InputError:
        return given
    return given if named is None else (*given, str(named))


def load_policy(path: str | Path) -> Policy:
    return load_object(Policy, path)


def load_report(path: str | Path) -> Report:
    return build(Report, _report_data(path, "systems"), Location(str(path)))


class _RecordedOptions(BaseModel):
    """The options a report was scored with (the rest of the report is not read)."""

    options: ScoreOptions


def load_report_options(path: str | Path) -> ScoreOptions:
    """The options a JSON report records, to score again with the same ones."""
    return build(_RecordedOptions, _report_data(path, "options"), Location(str(path))).options


def _report_data(path: str | Path, needed: str) -> dict[str, Any]:
    data = read_json(path)
    if not isinstance(data, dict) or needed not in data or "signature" not in data:
        raise InputError(
            Location(str(path)),
            f"not an evidence_eval report (no signature and {needed})",
            "give the JSON written by `evidence-eval score --format json`",
        )
    return data
